package wire_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"empires/shared/wire"
)

// sample is a struct of every kind a Writer writes, written by hand the
// way a view writes itself.
type sample struct {
	I     int
	U     uint32
	B     bool
	S     string
	Bin   []byte
	List  []int16
	Inner *inner
}

type inner struct {
	Name string
	Ok   bool
}

// write writes s as Marshal does, with w.
func (s *sample) write(w *wire.Writer) {
	w.Array(7)
	w.Int(int64(s.I))
	w.Uint(uint64(s.U))
	w.Bool(s.B)
	w.String(s.S)
	w.Bin(s.Bin)
	if wire.List(w, s.List) {
		for _, x := range s.List {
			w.Int(int64(x))
		}
	}
	if s.Inner == nil {
		w.Nil()
	} else {
		w.Array(2)
		w.String(s.Inner.Name)
		w.Bool(s.Inner.Ok)
	}
}

// TestWriterIsMarshal: a Writer writes the bytes Marshal writes, at every
// boundary of msgpack's forms (fixint, 8, 16, 32 and 64 bits; fixstr,
// str 8, 16 and 32; bin 8, 16 and 32; fixarray, array 16 and 32; nil
// lists and pointers), and a hashing Writer's Sum64 is Checksum's.
func TestWriterIsMarshal(t *testing.T) {
	var ints []int
	for _, x := range []int64{0, 1, 31, 32, 127, 128, 255, 256, math.MaxInt16, math.MaxUint16, math.MaxUint16 + 1,
		math.MaxInt32, math.MaxUint32, math.MaxUint32 + 1, math.MaxInt64} {
		ints = append(ints, int(x), -int(x))
	}
	ints = append(ints, -33, math.MinInt8, math.MinInt8-1, math.MinInt16, math.MinInt16-1, math.MinInt32, math.MinInt32-1, math.MinInt64)
	var have []sample
	for _, x := range ints {
		have = append(have, sample{I: x, U: uint32(x)})
	}
	for _, n := range []int{0, 1, 31, 32, 255, 256, 4090, 4097, math.MaxUint16, math.MaxUint16 + 1} {
		have = append(have,
			sample{S: strings.Repeat("é", n/2) + strings.Repeat("x", n%2), B: true},
			sample{Bin: bytes.Repeat([]byte{byte(n)}, n), Inner: &inner{Name: "n", Ok: n%2 == 0}},
			sample{List: make([]int16, n), Inner: &inner{}})
	}
	have = append(have, sample{Bin: []byte{}, List: []int16{}})
	for i, s := range have {
		want, err := wire.Marshal(&s)
		if err != nil {
			t.Fatal(err)
		}
		var w wire.Writer
		s.write(&w)
		if got := w.Bytes(); !bytes.Equal(got, want) {
			at := 0
			for at < min(len(got), len(want)) && got[at] == want[at] {
				at++
			}
			t.Errorf("value %d: the Writer's %d bytes differ from Marshal's %d from byte %d on", i, len(got), len(want), at)
			continue
		}
		h := wire.NewHasher()
		s.write(h)
		if have, want := h.Sum64(), wire.Checksum(&s); have != want {
			t.Errorf("value %d: the hasher's sum is %x, Checksum's %x", i, have, want)
		}
		// Reset starts afresh, whatever came before.
		w.Reset()
		h.Reset()
		s.write(&w)
		s.write(h)
		if !bytes.Equal(w.Bytes(), want) || h.Sum64() != wire.Checksum(&s) {
			t.Errorf("value %d: written again after Reset, it differs", i)
		}
		if h.Bytes() != nil {
			t.Errorf("value %d: a hasher keeps bytes", i)
		}
	}
	var w wire.Writer
	if w.Sum64() != 0 {
		t.Error("a Writer that keeps bytes has a sum")
	}
}
