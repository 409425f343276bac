// Package wiretest helps the tests and fuzz targets of decoders of the
// wire form (package wire): it checks that what a decoder accepted holds
// the numbers it was given.
package wiretest

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"empires/shared/wire"
)

// Number is an integer of a msgpack value, of any size and sign: Abs is
// its absolute value.
type Number struct {
	Neg bool
	Abs uint64
}

// String returns the number in decimal.
func (n Number) String() string {
	if n.Neg {
		return "-" + strconv.FormatUint(n.Abs, 10)
	}
	return strconv.FormatUint(n.Abs, 10)
}

// Integers counts the integers in data, one whole msgpack value, at any
// depth (in arrays and maps, keys too; not inside binary or extension
// values).
func Integers(data []byte) (map[Number]int, error) {
	if err := wire.CheckMsgpack(data); err != nil {
		return nil, err
	}
	out := map[Number]int{}
	dec := msgpack.NewDecoder(bytes.NewReader(data))
	for left := 1; left > 0; left-- {
		c, err := dec.PeekCode()
		if err != nil {
			return nil, err
		}
		switch {
		case c == msgpcode.Uint64:
			u, err := dec.DecodeUint64()
			if err != nil {
				return nil, err
			}
			out[Number{Abs: u}]++
		case msgpcode.IsFixedNum(c) || c >= msgpcode.Uint8 && c <= msgpcode.Uint32 || c >= msgpcode.Int8 && c <= msgpcode.Int64:
			x, err := dec.DecodeInt64() // exact for every code but Uint64
			if err != nil {
				return nil, err
			}
			if x < 0 {
				out[Number{Neg: true, Abs: uint64(-(x + 1)) + 1}]++
			} else {
				out[Number{Abs: uint64(x)}]++
			}
		case wire.IsArray(c):
			n, err := dec.DecodeArrayLen()
			if err != nil {
				return nil, err
			}
			left += n
		case msgpcode.IsFixedMap(c) || c == msgpcode.Map16 || c == msgpcode.Map32:
			n, err := dec.DecodeMapLen()
			if err != nil {
				return nil, err
			}
			left += 2 * n
		default:
			if err := dec.Skip(); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// IntegersKept checks that every integer of in, a msgpack value a decoder
// accepted, is in out, the value it read encoded again, at least as
// often: a number the decoder cut to fit its field (258 read as 2) is
// missing from out. Numbers out has more of (zeros of fields in that in
// left nil) are fine. It returns an error naming the smallest missing
// number.
func IntegersKept(in, out []byte) error {
	a, err := Integers(in)
	if err != nil {
		return fmt.Errorf("the input: %w", err)
	}
	b, err := Integers(out)
	if err != nil {
		return fmt.Errorf("the output: %w", err)
	}
	var missing []Number
	for x, n := range a {
		if b[x] < n {
			missing = append(missing, x)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	x := slices.MinFunc(missing, compareNumbers)
	return fmt.Errorf("the input holds %s %d times, what was read %d times: a number was cut to fit its field", x, a[x], b[x])
}

// compareNumbers orders numbers by value.
func compareNumbers(p, q Number) int {
	switch {
	case p.Neg && !q.Neg:
		return -1
	case !p.Neg && q.Neg:
		return 1
	case p.Neg:
		return cmp.Compare(q.Abs, p.Abs)
	}
	return cmp.Compare(p.Abs, q.Abs)
}
