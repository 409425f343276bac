package wire_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"empires/shared/wire"
)

// turns is a struct that holds a Varints, as a view does.
type turns struct {
	N    int
	Seen wire.Varints
}

// TestVarintsBytes: a Varints travels as one bin of the uvarints of its
// numbers' 32 bits; nil as nil, empty as a bin of no bytes.
func TestVarintsBytes(t *testing.T) {
	tests := []struct {
		have wire.Varints
		want []byte
	}{
		{nil, []byte{0x92, 0x00, 0xc0}},
		{wire.Varints{}, []byte{0x92, 0x00, 0xc4, 0x00}},
		{wire.Varints{0, 1, 127}, []byte{0x92, 0x00, 0xc4, 0x03, 0x00, 0x01, 0x7f}},
		{wire.Varints{128, 300}, []byte{0x92, 0x00, 0xc4, 0x04, 0x80, 0x01, 0xac, 0x02}},
		{wire.Varints{-1, math.MaxInt32}, []byte{0x92, 0x00, 0xc4, 0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0xff, 0xff, 0xff, 0xff, 0x07}},
	}
	for _, tt := range tests {
		have, err := wire.Marshal(&turns{Seen: tt.have})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, tt.want) {
			t.Errorf("Marshal(%v) = % x, want % x", tt.have, have, tt.want)
		}
		var back turns
		if err := wire.Unmarshal(have, &back); err != nil {
			t.Errorf("Unmarshal(% x): %v", have, err)
			continue
		}
		if (back.Seen == nil) != (tt.have == nil) || len(back.Seen) != len(tt.have) {
			t.Errorf("Unmarshal(% x) = %#v, want %#v", have, back.Seen, tt.have)
			continue
		}
		for i := range tt.have {
			if back.Seen[i] != tt.have[i] {
				t.Errorf("Unmarshal(% x)[%d] = %d, want %d", have, i, back.Seen[i], tt.have[i])
			}
		}
	}
}

// TestVarintsWritten: Writer.Varints writes what Marshal writes, and
// hashes it as Checksum does, for lists shorter and longer than a
// hashing Writer's buffer.
func TestVarintsWritten(t *testing.T) {
	for _, n := range []int{0, 1, 100, 600, 5000, 70000} {
		l := make(wire.Varints, n)
		for i := range l {
			l[i] = int32(i*i) - 7
		}
		v := turns{N: n, Seen: l}
		want, err := wire.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		var w wire.Writer
		w.Array(2)
		w.Int(int64(n))
		w.Varints(l)
		if !bytes.Equal(w.Bytes(), want) {
			t.Errorf("%d numbers: the Writer's %d bytes differ from Marshal's %d", n, len(w.Bytes()), len(want))
		}
		h := wire.NewHasher()
		h.Array(2)
		h.Int(int64(n))
		h.Varints(l)
		if have, want := h.Sum64(), wire.Checksum(&v); have != want {
			t.Errorf("%d numbers: hashed %x, Checksum %x", n, have, want)
		}
	}
}

// TestVarintsRefused: a Varints that is no bin, or whose bytes are no
// list of 32-bit numbers each in its shortest form, is refused, saying
// where and why.
func TestVarintsRefused(t *testing.T) {
	tests := []struct {
		name string
		have []byte
		want string
	}{
		{"an array", []byte{0x92, 0x00, 0x91, 0x01}, "Seen: a byte string (bin) of varints was expected, not an array"},
		{"a string", []byte{0x92, 0x00, 0xa1, 0x01}, "Seen: a byte string (bin) of varints was expected, not a string"},
		{"cut in a number", []byte{0x92, 0x00, 0xc4, 0x02, 0x01, 0x80}, "ends in the middle of a number (byte 1 of 2)"},
		{"33 bits", []byte{0x92, 0x00, 0xc4, 0x05, 0x80, 0x80, 0x80, 0x80, 0x10}, "more than 32 bits at byte 0"},
		{"too long for 64 bits", append([]byte{0x92, 0x00, 0xc4, 0x0b}, bytes.Repeat([]byte{0xff}, 11)...), "more than 32 bits at byte 0"},
		{"not shortest", []byte{0x92, 0x00, 0xc4, 0x03, 0x05, 0x81, 0x00}, "more bytes than it needs at byte 1"},
	}
	for _, tt := range tests {
		var v turns
		err := wire.Unmarshal(tt.have, &v)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Unmarshal(% x) = %v, want an error with %q", tt.name, tt.have, err, tt.want)
		}
	}
}

// FuzzVarints: whatever the bytes, ReadVarints never panics, and a list
// it accepts encodes again to those very bytes (one list, one encoding),
// in a bin holding nothing else.
func FuzzVarints(f *testing.F) {
	for _, seed := range [][]byte{{0, 1, 0x7f, 0x80, 0x01}, {0x80}, {0xff, 0xff, 0xff, 0xff, 0x0f}, {0x81, 0x00}, {}} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := wire.ReadVarints(b)
		if err != nil {
			return
		}
		if len(l) > len(b) {
			t.Fatalf("% x: %d numbers from %d bytes", b, len(l), len(b))
		}
		var w wire.Writer
		w.Varints(l)
		got := w.Bytes()
		if len(got) < len(b) || !bytes.Equal(got[len(got)-len(b):], b) {
			t.Fatalf("% x reads as %v, which encodes as % x", b, l, got)
		}
		var back turns
		if err := wire.Unmarshal(append([]byte{0x92, 0x00}, got...), &back); err != nil || len(back.Seen) != len(l) {
			t.Fatalf("% x: the re-encoded list does not read back (%v)", got, err)
		}
	})
}
