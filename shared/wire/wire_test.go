package wire_test

import (
	"bytes"
	"errors"
	"hash/fnv"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/wire"
	"empires/shared/wire/wiretest"
)

// cat joins byte slices.
func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// nest returns n arrays of one element nested around the integer 0.
func nest(n int) []byte { return append(bytes.Repeat([]byte{0x91}, n), 0x00) }

// TestCheckMsgpack: a whole single value passes, whatever its kind; a
// truncated one, one nested too deep, one whose headers claim more than
// the bytes left, a code msgpack never uses and bytes after the value are
// refused, each with where and why.
func TestCheckMsgpack(t *testing.T) {
	tests := []struct {
		name string
		have []byte
		want string // "" for valid, else the whole error
	}{
		{"positive fixint", []byte{0x7f}, ""},
		{"negative fixint", []byte{0xe0}, ""},
		{"nil, false, true in an array", []byte{0x93, 0xc0, 0xc2, 0xc3}, ""},
		{"fixmap", []byte{0x81, 0xa1, 'k', 0x01}, ""},
		{"fixstr", []byte{0xa3, 'a', 'b', 'c'}, ""},
		{"uint64", []byte{0xcf, 1, 2, 3, 4, 5, 6, 7, 8}, ""},
		{"float32", []byte{0xca, 0, 0, 0, 0}, ""},
		{"str8", []byte{0xd9, 2, 'h', 'i'}, ""},
		{"bin16", []byte{0xc5, 0, 1, 0xff}, ""},
		{"array16", []byte{0xdc, 0, 2, 1, 2}, ""},
		{"map32", []byte{0xdf, 0, 0, 0, 1, 1, 2}, ""},
		{"fixext4", []byte{0xd6, 5, 1, 2, 3, 4}, ""},
		{"ext8", []byte{0xc7, 2, 5, 1, 2}, ""},
		{"nested as deep as allowed", nest(wire.MaxDepth), ""},

		{"empty", nil, "truncated at byte 0"},
		{"array missing an element", []byte{0x93, 0x01, 0xcd, 0x00}, "truncated at byte 4"},
		{"fixstr cut short", []byte{0xa3, 'a'}, "truncated at byte 2"},
		{"uint32 cut short", []byte{0xce, 0, 0}, "truncated at byte 3"},
		{"array16 header cut short", []byte{0xdc, 0}, "truncated at byte 2"},
		{"str32 header cut short", []byte{0xdb, 0, 0}, "truncated at byte 3"},
		{"fixext16 cut short", []byte{0xd8, 5, 1}, "truncated at byte 3"},

		{"nested one too deep", nest(wire.MaxDepth + 1), "byte 32: nested more than 32 deep"},
		{"nested in maps", cat(bytes.Repeat([]byte{0x81, 0x00}, 40), []byte{0x00}), "byte 64: nested more than 32 deep"},

		// Ten bytes that would make msgpack allocate 2^32 elements.
		{"array32 of 2^32-1", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x01, 0x01, 0x01, 0x01}, "byte 0: 4294967295 elements claimed, 5 bytes left"},
		{"array16 of 3 with 2", []byte{0xdc, 0, 3, 1, 2}, "byte 0: 3 elements claimed, 2 bytes left"},
		{"map32 of 2^31 pairs", []byte{0xdf, 0x80, 0, 0, 0, 0x01, 0x01}, "byte 0: 4294967296 elements claimed, 2 bytes left"},
		{"fixmap missing its values", []byte{0x82, 0x01, 0x02}, "byte 0: 4 elements claimed, 2 bytes left"},
		{"claim deep inside", []byte{0x92, 0x01, 0x91, 0xdd, 0x7f, 0xff, 0xff, 0xff}, "byte 3: 2147483647 elements claimed, 0 bytes left"},
		{"str32 of 4 GiB", []byte{0xdb, 0xff, 0xff, 0xff, 0xff, 'x'}, "byte 0: 4294967295 bytes claimed, 1 left"},
		{"bin32 of 4 GiB", []byte{0xc6, 0xff, 0xff, 0xff, 0xff}, "byte 0: 4294967295 bytes claimed, 0 left"},
		{"ext32 of 4 GiB", []byte{0xc9, 0xff, 0xff, 0xff, 0xff, 5}, "byte 0: 4294967296 bytes claimed, 1 left"},

		{"never-used code", []byte{0xc1}, "byte 0: invalid msgpack code 0xc1"},
		{"never-used code inside", []byte{0x92, 0x01, 0xc1}, "byte 2: invalid msgpack code 0xc1"},
		{"two values", []byte{0x01, 0x02}, "1 extra bytes after the value"},
		{"an array and more", []byte{0x91, 0x01, 0xc0, 0xc0, 0xc0}, "3 extra bytes after the value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := wire.CheckMsgpack(tt.have)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("have %v, want valid", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("have %v, want %q", err, tt.want)
			}
		})
	}
}

// TestCheckMsgpackAgreesWithMsgpack: every value the msgpack library
// encodes passes CheckMsgpack, and every proper prefix of it fails.
func TestCheckMsgpackAgreesWithMsgpack(t *testing.T) {
	values := []any{
		nil, true, -1, 1 << 40, 3.5, float32(2), "", strings.Repeat("s", 300), make([]byte, 70000),
		[]any{1, "a", []any{nil}}, map[string]any{"a": []int{1, 2}, "b": map[int]string{1: "x"}},
		make([]int, 70000), msgpack.RawMessage{0xd4, 1, 2},
	}
	for _, v := range values {
		data, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := wire.CheckMsgpack(data); err != nil {
			t.Errorf("%T of %d bytes: %v", v, len(data), err)
		}
		for _, n := range []int{0, 1, len(data) / 2, len(data) - 1} {
			if n >= len(data) {
				continue
			}
			if err := wire.CheckMsgpack(data[:n]); err == nil {
				t.Errorf("%T: its first %d of %d bytes pass", v, n, len(data))
			}
		}
	}
}

// pair is a struct as the wire sends it: the array [A, B].
type pair struct {
	A int
	B string
}

// record holds the kinds CheckShape walks: a pointer, a list of structs,
// a fixed array of structs, bytes and a map.
type record struct {
	P     *pair
	List  []pair
	Fixed [2]pair
	Bytes []byte
	Tags  map[string]string
}

// embeds embeds a struct, which the wire form does not support.
type embeds struct {
	pair
	C int
}

// TestUnmarshal: Unmarshal reads a value of the exact wire form of its Go
// type, and refuses, with why, truncated and padded data, claims larger
// than the data, nesting too deep, structs sent as maps or with a field
// missing or added, a nil struct in a list, and a scalar of the wrong
// kind.
func TestUnmarshal(t *testing.T) {
	mp := func(v any) []byte {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	full := record{P: &pair{1, "p"}, List: []pair{{2, "a"}, {3, "b"}}, Fixed: [2]pair{{4, "c"}, {5, "d"}},
		Bytes: []byte{9}, Tags: map[string]string{"x": "1"}}
	fullBytes, err := wire.Marshal(full)
	if err != nil {
		t.Fatal(err)
	}
	fixed := []any{[]any{0, ""}, []any{0, ""}}
	tests := []struct {
		name string
		have []byte
		into func() any // a new pointer to decode into
		want any        // the value decoded, when want is valid
		err  string     // a part of the error, "" for valid
	}{
		{"pair", mp([]any{7, "x"}), func() any { return new(pair) }, &pair{7, "x"}, ""},
		{"record", fullBytes, func() any { return new(record) }, &full, ""},
		{"nil pointer and lists", mp([]any{nil, nil, fixed, nil, nil}), func() any { return new(record) }, &record{}, ""},
		{"nil top-level struct", []byte{0xc0}, func() any { return new(pair) }, &pair{}, ""},
		{"list of pairs", mp([]any{[]any{1, "a"}}), func() any { return new([]pair) }, &[]pair{{1, "a"}}, ""},

		{"no data", nil, func() any { return new(pair) }, nil, "no data"},
		{"truncated", mp([]any{7, "x"})[:3], func() any { return new(pair) }, nil, "truncated at byte 3"},
		{"extra bytes", append(mp([]any{7, "x"}), 0x00), func() any { return new(pair) }, nil, "1 extra bytes after the value"},
		{"nested too deep", nest(40), func() any { return new([]any) }, nil, "nested more than 32 deep"},
		{"huge list claimed", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0x90}, func() any { return new([]pair) }, nil, "4294967295 elements claimed, 1 bytes left"},
		{"huge string claimed", []byte{0x92, 0x01, 0xdb, 0x7f, 0xff, 0xff, 0xff}, func() any { return new(pair) }, nil, "2147483647 bytes claimed, 0 left"},
		{"struct as map", mp(map[string]any{"A": 7, "B": "x"}), func() any { return new(pair) }, nil, "pair is not an array of its 2 fields"},
		{"struct as map in a list", mp([]any{map[string]any{"A": 7, "B": "x"}}), func() any { return new([]pair) },
			nil, "[0]: pair is not an array of its 2 fields"},
		{"field missing", mp([]any{7}), func() any { return new(pair) }, nil, "pair is not an array of its 2 fields"},
		{"field added", mp([]any{7, "x", 8}), func() any { return new(pair) }, nil, "pair is not an array of its 2 fields"},
		{"nil struct in a list", mp([]any{nil, nil}), func() any { return new([]pair) },
			nil, "[0]: pair is not an array of its 2 fields"},
		{"empty struct in a list", mp([]any{[]any{}}), func() any { return new([]pair) },
			nil, "[0]: pair is not an array of its 2 fields"},
		{"nil struct in a fixed array", mp([]any{nil, nil, []any{nil, nil}, nil, nil}), func() any { return new(record) },
			nil, "Fixed[0]: pair is not an array of its 2 fields"},
		{"list as a string", mp([]any{nil, "abc", fixed, nil, nil}), func() any { return new(record) }, nil, "List: an array (list of pair) was expected, not a string"},
		{"string as int", mp([]any{"7", "x"}), func() any { return new(pair) }, nil, "A: an integer was expected, not a string"},
		{"int as string", mp([]any{7, 8}), func() any { return new(pair) }, nil, "B: a string was expected, not an integer"},
		{"float as int", mp([]any{7.5, "x"}), func() any { return new(pair) }, nil, "A: an integer was expected, not a float"},
		{"array as bytes", mp([]any{nil, nil, fixed, []any{1}, nil}), func() any { return new(record) }, nil,
			"Bytes: a byte string (bin) was expected, not an array"},
		{"list as map", mp([]any{nil, nil, fixed, nil, []any{}}), func() any { return new(record) }, nil, "Tags: a map was expected, not an array"},
		{"int as bool", mp([]any{true, 1}), func() any { return new(struct{ A, B bool }) }, nil, "B: true or false was expected, not an integer"},
		{"embedded struct", mp([]any{[]any{1, "a"}, 2}), func() any { return new(embeds) }, nil, "wire: wire_test.embeds embeds wire_test.pair: not supported"},
		{"not a pointer", mp([]any{7, "x"}), func() any { return pair{} }, nil, "wire: cannot unmarshal into wire_test.pair"},
		{"nil pointer", mp([]any{7, "x"}), func() any { return (*pair)(nil) }, nil, "wire: cannot unmarshal into *wire_test.pair"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.into()
			err := wire.Unmarshal(tt.have, v)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("have %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("have %v, want %+v", err, tt.want)
			}
			if !reflect.DeepEqual(v, tt.want) {
				t.Errorf("have %+v, want %+v", v, tt.want)
			}
		})
	}
}

// seat is a named narrow integer, as the protocol's ids are.
type seat uint8

// compact returns the msgpack encoding of v with integers in their
// shortest form.
func compact(tb testing.TB, v any) []byte {
	tb.Helper()
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	if err := enc.Encode(v); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// TestIntegerRanges: an integer is read only into a value of a type that
// holds it, whatever its msgpack form; one that does not fit is refused,
// naming the number and the type, where msgpack alone would cut it to the
// type's bits (258 read as seat 2, 2^32+4 as int32 4, -1 as uint8 255).
func TestIntegerRanges(t *testing.T) {
	tests := []struct {
		name string
		have []byte
		into func() any
		want any    // the value read, when err is ""
		err  string // the whole error, "" for valid
	}{
		{"int8 max", compact(t, 127), func() any { return new(int8) }, int8(127), ""},
		{"int8 min", compact(t, -128), func() any { return new(int8) }, int8(-128), ""},
		{"int8 max+1", compact(t, 128), func() any { return new(int8) }, nil, "128 is out of range (-128 to 127)"},
		{"int8 min-1", compact(t, -129), func() any { return new(int8) }, nil, "-129 is out of range (-128 to 127)"},
		{"uint8 max", compact(t, 255), func() any { return new(uint8) }, uint8(255), ""},
		{"uint8 256", compact(t, 256), func() any { return new(uint8) }, nil, "256 is out of range (0 to 255)"},
		{"uint8 -1", compact(t, -1), func() any { return new(uint8) }, nil, "-1 is out of range (0 to 255)"},
		{"seat 258", compact(t, 258), func() any { return new(seat) }, nil, "258 is out of range (0 to 255)"},
		{"int16 max+1", compact(t, 1<<15), func() any { return new(int16) }, nil, "32768 is out of range (-32768 to 32767)"},
		{"uint16 max+1", compact(t, 1<<16), func() any { return new(uint16) }, nil, "65536 is out of range (0 to 65535)"},
		{"int32 2^32+4", compact(t, 1<<32+4), func() any { return new(int32) }, nil, "4294967300 is out of range (-2147483648 to 2147483647)"},
		{"int32 min", compact(t, math.MinInt32), func() any { return new(int32) }, int32(math.MinInt32), ""},
		{"uint32 max", compact(t, uint64(math.MaxUint32)), func() any { return new(uint32) }, uint32(math.MaxUint32), ""},
		{"uint32 2^32+11", compact(t, 1<<32+11), func() any { return new(uint32) }, nil, "4294967307 is out of range (0 to 4294967295)"},
		{"int64 min", compact(t, math.MinInt64), func() any { return new(int64) }, int64(math.MinInt64), ""},
		{"int64 2^63", compact(t, uint64(1<<63)), func() any { return new(int64) }, nil,
			"9223372036854775808 is out of range (-9223372036854775808 to 9223372036854775807)"},
		{"int 2^64-1", compact(t, uint64(math.MaxUint64)), func() any { return new(int) }, nil,
			"18446744073709551615 is out of range (-9223372036854775808 to 9223372036854775807)"},
		{"uint64 max", compact(t, uint64(math.MaxUint64)), func() any { return new(uint64) }, uint64(math.MaxUint64), ""},
		{"uint64 -1", compact(t, -1), func() any { return new(uint64) }, nil, "-1 is out of range (0 to 18446744073709551615)"},
		{"uint -1 as int64 code", []byte{0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, func() any { return new(uint) }, nil,
			"-1 is out of range (0 to 18446744073709551615)"},
		{"uint8 300 as int64 code", []byte{0xd3, 0, 0, 0, 0, 0, 0, 0x01, 0x2c}, func() any { return new(uint8) }, nil, "300 is out of range (0 to 255)"},
		{"uint8 7 as uint64 code", []byte{0xcf, 0, 0, 0, 0, 0, 0, 0, 7}, func() any { return new(uint8) }, uint8(7), ""},
		{"nil as 0", []byte{0xc0}, func() any { return new(int32) }, int32(0), ""},
		{"behind a pointer", compact(t, 258), func() any { return new(*seat) }, nil, "258 is out of range (0 to 255)"},
		{"in a list", compact(t, []any{1, 258}), func() any { return new([]uint16) }, []uint16{1, 258}, ""},
		{"in a list, too large", compact(t, []any{1, 1 << 16}), func() any { return new([]uint16) }, nil,
			"[1]: 65536 is out of range (0 to 65535)"},
		{"in a struct", compact(t, []any{1 << 40, "x"}), func() any { return new(pair) }, pair{1 << 40, "x"}, ""},
		{"in a fixed array", compact(t, []any{-1, 2}), func() any { return new([2]uint32) }, nil,
			"[0]: -1 is out of range (0 to 4294967295)"},
		{"map value", compact(t, map[string]any{"a": 1 << 31}), func() any { return new(map[string]int32) }, nil,
			"value: 2147483648 is out of range (-2147483648 to 2147483647)"},
		{"map key", compact(t, map[int]bool{-5: true}), func() any { return new(map[uint8]bool) }, nil,
			"key: -5 is out of range (0 to 255)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.into()
			err := wire.Unmarshal(tt.have, v)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Errorf("have %v (value %v), want %q", err, reflect.ValueOf(v).Elem(), tt.err)
				}
				if err != nil && !errors.Is(err, wire.ErrMalformed) {
					t.Errorf("%v is not ErrMalformed", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("have %v, want %v", err, tt.want)
			}
			if have := reflect.ValueOf(v).Elem().Interface(); !reflect.DeepEqual(have, tt.want) {
				t.Errorf("have %v, want %v", have, tt.want)
			}
		})
	}
}

// TestReadIntAndUint: ReadInt and ReadUint read every msgpack integer
// exactly, and refuse what their type does not hold instead of wrapping it.
func TestReadIntAndUint(t *testing.T) {
	read := func(data []byte, f func(*msgpack.Decoder) (any, error)) (any, error) {
		return f(msgpack.NewDecoder(bytes.NewReader(data)))
	}
	readInt := func(d *msgpack.Decoder) (any, error) { return wire.ReadInt(d) }
	readUint := func(d *msgpack.Decoder) (any, error) { return wire.ReadUint(d) }
	tests := []struct {
		name string
		have []byte
		f    func(*msgpack.Decoder) (any, error)
		want any
		err  string
	}{
		{"int -1", compact(t, -1), readInt, int64(-1), ""},
		{"int max", compact(t, int64(math.MaxInt64)), readInt, int64(math.MaxInt64), ""},
		{"int 2^63", compact(t, uint64(1<<63)), readInt, nil, "9223372036854775808 is out of range (-9223372036854775808 to 9223372036854775807)"},
		{"uint max", compact(t, uint64(math.MaxUint64)), readUint, uint64(math.MaxUint64), ""},
		{"uint -1", compact(t, -1), readUint, nil, "-1 is negative: a number of 0 or more was expected"},
		{"uint nil", []byte{0xc0}, readUint, uint64(0), ""},
		{"uint string", compact(t, "1"), readUint, nil, "an integer was expected, not a string"},
	}
	for _, tt := range tests {
		have, err := read(tt.have, tt.f)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("%s: have %v, %v; want %q", tt.name, have, err, tt.err)
		case tt.err == "" && (err != nil || have != tt.want):
			t.Errorf("%s: have %v, %v; want %v", tt.name, have, err, tt.want)
		}
	}
}

// TestMalformed: Malformed marks an error as ErrMalformed and keeps its
// message; Unmarshal's errors are marked, except a target that is no
// pointer (the caller's bug).
func TestMalformed(t *testing.T) {
	base := errors.New("truncated")
	err := wire.Malformed(base)
	if !errors.Is(err, wire.ErrMalformed) || !errors.Is(err, base) || err.Error() != "truncated" {
		t.Errorf("Malformed(%v) = %v", base, err)
	}
	if wire.Malformed(nil) != nil {
		t.Error("Malformed(nil) is not nil")
	}
	if err := wire.Unmarshal([]byte{0xc1}, new(pair)); !errors.Is(err, wire.ErrMalformed) {
		t.Errorf("Unmarshal of garbage: %v is not ErrMalformed", err)
	}
	if err := wire.Unmarshal([]byte{0x01}, pair{}); err == nil || errors.Is(err, wire.ErrMalformed) {
		t.Errorf("Unmarshal into a value: %v", err)
	}
}

// TestMarshal: Marshal writes structs as arrays of their fields, integers
// in their shortest form and map keys sorted, so equal values give equal
// bytes, and Unmarshal reads them back.
func TestMarshal(t *testing.T) {
	tests := []struct {
		name string
		have any
		want []byte
	}{
		{"struct as array, compact int", pair{A: 1, B: "x"}, []byte{0x92, 0x01, 0xa1, 'x'}},
		{"negative int", pair{A: -200, B: ""}, []byte{0x92, 0xd1, 0xff, 0x38, 0xa0}},
		{"sorted map keys", map[string]any{"b": 2, "a": 1, "c": 3}, []byte{0x83, 0xa1, 'a', 1, 0xa1, 'b', 2, 0xa1, 'c', 3}},
		{"sorted string map", map[string]string{"b": "", "a": ""}, []byte{0x82, 0xa1, 'a', 0xa0, 0xa1, 'b', 0xa0}},
		{"map left out", struct {
			A int
			M map[int]int `msgpack:"-"`
		}{A: 1, M: map[int]int{1: 1}}, []byte{0x91, 0x01}},
		{"nil list", []pair(nil), []byte{0xc0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := wire.Marshal(tt.have)
			if err != nil || !bytes.Equal(have, tt.want) {
				t.Errorf("have % x, %v; want % x", have, err, tt.want)
			}
		})
	}
	in := map[string]bool{}
	for i := range 50 {
		in[strings.Repeat("k", i+1)] = i%2 == 0
	}
	a, errA := wire.Marshal(in)
	b, errB := wire.Marshal(in)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Errorf("one map encodes to different bytes (%v, %v)", errA, errB)
	}
}

// TestMarshalRefuses: a value whose type holds a map msgpack would write
// in random order is refused, naming the map, as is one msgpack cannot
// encode.
func TestMarshalRefuses(t *testing.T) {
	type inner struct{ Counts map[string]int }
	type seat uint8
	tests := []struct {
		name string
		have any
		want string
	}{
		{"map of ints", map[string]int{"a": 1}, "wire: map[string]int holds a map[string]int, whose keys msgpack writes in random order"},
		{"int keys", map[int]string{1: "a"}, "holds a map[int]string"},
		{"named keys", map[seat]bool{1: true}, "holds a map[wire_test.seat]bool"},
		{"in a struct in a list", []inner{}, "wire: []wire_test.inner holds a map[string]int"},
		{"behind a pointer", &inner{}, "wire: *wire_test.inner holds a map[string]int"},
		{"a channel", make(chan int), "msgpack: Encode(unsupported chan int)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have, err := wire.Marshal(tt.have); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have % x, %v; want an error with %q", have, err, tt.want)
			}
		})
	}
}

// TestUnmarshalAllocation: a list of the smallest structs the shape check
// lets through decodes to at most 32 bytes of memory per byte of input
// (measured: 24; a pair takes 3 bytes on the wire and 24 in memory, which
// msgpack allocates three times: the list, its copy, the element); a list
// of nils, a byte each, is refused.
func TestUnmarshalAllocation(t *testing.T) {
	const n = 1 << 18
	data := cat([]byte{0xdd, 0, 4, 0, 0}, bytes.Repeat([]byte{0x92, 0x00, 0xa0}, n))
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	var out []pair
	if err := wire.Unmarshal(data, &out); err != nil || len(out) != n {
		t.Fatalf("have %d pairs, %v; want %d", len(out), err, n)
	}
	runtime.ReadMemStats(&ms)
	ratio := float64(ms.TotalAlloc-before) / float64(len(data))
	t.Logf("%d bytes: %.1f bytes allocated per byte", len(data), ratio)
	if ratio > 32 {
		t.Errorf("%.1f bytes allocated per byte of input", ratio)
	}
	nils := cat([]byte{0xdd, 0, 0x10, 0, 0}, bytes.Repeat([]byte{0xc0}, 1<<20))
	if err := wire.Unmarshal(nils, &out); err == nil {
		t.Error("a list of a million nil structs decodes")
	}
}

// narrow holds integers of every width, the kinds CheckShape checks the
// range of, and a record.
type narrow struct {
	Seat  seat
	Turn  int32
	Kinds []uint16
	Big   int64
	Small int8
	R     record
}

// FuzzUnmarshal: whatever the bytes, Unmarshal into a narrow never
// panics, and what it accepts encodes again to bytes it reads back to the
// same value, holding every integer of the input unchanged (none was cut
// to fit its field). The seeds hold numbers out of their fields' ranges.
func FuzzUnmarshal(f *testing.F) {
	rec := record{P: &pair{1, "p"}, List: []pair{{2, "a"}}, Tags: map[string]string{"x": "1"}}
	seed, err := wire.Marshal(narrow{Seat: 3, Turn: -4, Kinds: []uint16{5, 65535}, Big: -1 << 40, Small: -7, R: rec})
	if err != nil {
		f.Fatal(err)
	}
	recBytes, err := wire.Marshal(rec)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte{0x96, 0xc0, 0xc0, 0xc0, 0xc0, 0xc0, 0x95, 0xc0, 0x91, 0xc0, 0x92, 0xc0, 0xc0, 0xc0, 0xc0, 0xc0, 0xc0})
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	for _, bad := range [][]any{
		{258, 1, nil, 0, 0},
		{1, uint64(1<<32 + 4), nil, 0, 0},
		{1, 1, []any{1 << 16}, 0, 0},
		{1, 1, nil, uint64(1 << 63), 0},
		{1, 1, nil, 0, -129},
		{-1, 1, nil, 0, 0},
	} {
		f.Add(cat([]byte{0x96}, compact(f, bad)[1:], recBytes)) // the record is the sixth field
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var n narrow
		err := wire.Unmarshal(data, &n)
		if err != nil {
			if strings.Contains(err.Error(), "decoder panic") {
				t.Fatalf("a panic: %v", err)
			}
			return
		}
		again, err := wire.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := wiretest.IntegersKept(data, again); err != nil {
			t.Fatal(err)
		}
		var n2 narrow
		if err := wire.Unmarshal(again, &n2); err != nil {
			t.Fatalf("the re-encoded value does not decode: %v", err)
		}
		n.R, n2.R = normalize(n.R), normalize(n2.R)
		if len(n.Kinds) == 0 {
			n.Kinds, n2.Kinds = nil, nil
		}
		if !reflect.DeepEqual(n, n2) {
			t.Fatalf("the re-encoded value decodes differently:\nhave %+v\ngot  %+v", n, n2)
		}
	})
}

// normalize makes empty lists and maps nil: msgpack writes both as the
// same empty value.
func normalize(r record) record {
	if len(r.List) == 0 {
		r.List = nil
	}
	if len(r.Bytes) == 0 {
		r.Bytes = nil
	}
	if len(r.Tags) == 0 {
		r.Tags = nil
	}
	return r
}

// TestIsArray names the codes that start an array.
func TestIsArray(t *testing.T) {
	for c := range 256 {
		want := c >= 0x90 && c <= 0x9f || c == 0xdc || c == 0xdd
		if have := wire.IsArray(byte(c)); have != want {
			t.Errorf("IsArray(0x%02x) = %v, want %v", c, have, want)
		}
	}
}

// TestChecksum: the FNV-1a 64 of the wire form ("the checksum is the
// FNV-1a 64 of the view's encoding", docs/protocol.md), and 0 for a value
// Marshal refuses.
func TestChecksum(t *testing.T) {
	type view struct {
		A int
		B []string
	}
	// 0x92 0x07 0x91 0xa1 'x': the array of 2 fields, 7, an array of "x".
	h := fnv.New64a()
	h.Write([]byte{0x92, 0x07, 0x91, 0xa1, 'x'})
	tests := []struct {
		name string
		have any
		want uint64
	}{
		{"a view", view{A: 7, B: []string{"x"}}, h.Sum64()},
		{"a map msgpack writes in random order", map[int]int{1: 2}, 0},
	}
	for _, tt := range tests {
		if have := wire.Checksum(tt.have); have != tt.want {
			t.Errorf("%s: Checksum = %#x, want %#x", tt.name, have, tt.want)
		}
	}
}
