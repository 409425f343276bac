package wire

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"

	"github.com/vmihailenco/msgpack/v5"
)

// Varints is a list of integers that travels as one byte string (bin) of
// their uvarints (encoding/binary's: seven bits a byte, the low ones
// first, the high bit set on every byte but a number's last), each of
// the number's 32 bits taken as unsigned: 0 to 127 take a byte, 128 to
// 16383 two, a negative number five. A long list of small numbers (the
// turn each square of a map was last seen) is then about a byte a number,
// written and read in one piece rather than element by element. A nil
// list is nil (c0), an empty one a bin of no bytes.
//
// Its decoder refuses a byte string that does not end on a number's last
// byte, a number of more than 32 bits and one not in its shortest form,
// so that a list has one encoding only (a checksum of the bytes is a
// checksum of the list).
type Varints []int32

var varintsType = reflect.TypeFor[Varints]()

// EncodeMsgpack implements msgpack.CustomEncoder.
func (l Varints) EncodeMsgpack(enc *msgpack.Encoder) error {
	if l == nil {
		return enc.EncodeNil()
	}
	return enc.EncodeBytes(l.appendTo(make([]byte, 0, l.size())))
}

// DecodeMsgpack implements msgpack.CustomDecoder.
func (l *Varints) DecodeMsgpack(dec *msgpack.Decoder) error {
	b, err := dec.DecodeBytes()
	if err != nil {
		return err
	}
	if b == nil {
		*l = nil
		return nil
	}
	out, err := ReadVarints(b)
	if err != nil {
		return err
	}
	*l = out
	return nil
}

// ReadVarints returns the numbers of b, the bytes of a Varints' byte
// string, or why b holds none.
func ReadVarints(b []byte) (Varints, error) {
	n := 0
	for _, c := range b {
		if c < 0x80 {
			n++
		}
	}
	out := make(Varints, 0, n)
	for at := 0; at < len(b); {
		x, k := binary.Uvarint(b[at:])
		switch {
		case k == 0:
			return nil, fmt.Errorf("a list of varints ends in the middle of a number (byte %d of %d)", at, len(b))
		case k < 0 || x > math.MaxUint32:
			return nil, fmt.Errorf("a list of varints has a number of more than 32 bits at byte %d", at)
		case k > 1 && b[at+k-1] == 0:
			return nil, fmt.Errorf("a list of varints has a number in more bytes than it needs at byte %d", at)
		}
		out = append(out, int32(uint32(x)))
		at += k
	}
	return out, nil
}

// size returns how many bytes l's numbers take.
func (l Varints) size() int {
	n := 0
	for _, x := range l {
		u := uint32(x)
		n++
		for u >= 0x80 {
			u >>= 7
			n++
		}
	}
	return n
}

// appendTo appends l's numbers to b.
func (l Varints) appendTo(b []byte) []byte {
	for _, x := range l {
		b = binary.AppendUvarint(b, uint64(uint32(x)))
	}
	return b
}

// Varints writes l as its EncodeMsgpack does.
func (w *Writer) Varints(l Varints) {
	if l == nil {
		w.Nil()
		return
	}
	w.BinHeader(l.size())
	for len(l) > 0 {
		// A part at a time, so that a hashing Writer never holds more
		// than its buffer.
		k := min(len(l), hashChunk/8)
		if w.hashing && len(w.buf)+5*k > hashChunk {
			w.flush()
		}
		w.buf = l[:k].appendTo(w.buf)
		l = l[k:]
	}
}
