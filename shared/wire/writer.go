package wire

import (
	"encoding/binary"
	"math"
)

// FNV-1a 64's offset basis and prime (Checksum's hash).
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashChunk is how many bytes a hashing Writer gathers before it hashes
// them.
const hashChunk = 4096

// Writer writes msgpack values in the wire form, byte for byte as Marshal
// writes them (a struct as the array of its fields, integers in their
// shortest form whatever their type, a nil list or pointer as nil, a byte
// slice as bin), one piece at a time: a type that writes itself with a
// Writer skips Marshal's reflection, which costs about a microsecond an
// element. A Writer made by NewHasher hashes the bytes instead of keeping
// them: its Sum64 is then Checksum's FNV-1a 64 of the same value, with no
// buffer the size of the value. Whoever writes a type so must hold it to
// Marshal with a test (the same bytes for many values): the two never
// drift apart on their own.
//
// The zero Writer keeps what it is given (Bytes).
type Writer struct {
	buf     []byte
	hashing bool
	sum     uint64
}

// NewHasher returns a Writer whose Sum64 is the FNV-1a 64 hash of what it
// was given.
func NewHasher() *Writer {
	return &Writer{buf: make([]byte, 0, hashChunk), hashing: true, sum: fnvOffset}
}

// Reset makes w as it was new: a Writer that keeps bytes keeps its
// buffer's room for the next value, a hashing one starts a new hash.
func (w *Writer) Reset() {
	w.buf = w.buf[:0]
	if w.hashing {
		w.sum = fnvOffset
	}
}

// Bytes returns what w was given; nil for a hashing Writer.
func (w *Writer) Bytes() []byte {
	if w.hashing {
		return nil
	}
	return w.buf
}

// Sum64 returns the FNV-1a 64 hash of what a Writer of NewHasher was
// given (Checksum's, for the value written); 0 for another Writer.
func (w *Writer) Sum64() uint64 {
	if !w.hashing {
		return 0
	}
	w.flush()
	return w.sum
}

// flush hashes the bytes gathered.
func (w *Writer) flush() {
	w.sum = fnv1a(w.sum, w.buf)
	w.buf = w.buf[:0]
}

// fnv1a returns h, an FNV-1a 64 state, after the bytes b.
func fnv1a[B ~[]byte | ~string](h uint64, b B) uint64 {
	for i := 0; i < len(b); i++ {
		h ^= uint64(b[i])
		h *= fnvPrime
	}
	return h
}

// room makes sure a hashing Writer's buffer has space for a header.
func (w *Writer) room() {
	if w.hashing && len(w.buf) > hashChunk-16 {
		w.flush()
	}
}

// Nil writes nil (c0).
func (w *Writer) Nil() {
	w.room()
	w.buf = append(w.buf, 0xc0)
}

// Bool writes b (c2 or c3).
func (w *Writer) Bool(b bool) {
	w.room()
	if b {
		w.buf = append(w.buf, 0xc3)
	} else {
		w.buf = append(w.buf, 0xc2)
	}
}

// Uint writes x in its shortest form, as Marshal writes any unsigned or
// non-negative integer.
func (w *Writer) Uint(x uint64) {
	w.room()
	switch {
	case x <= math.MaxInt8:
		w.buf = append(w.buf, byte(x))
	case x <= math.MaxUint8:
		w.buf = append(w.buf, 0xcc, byte(x))
	case x <= math.MaxUint16:
		w.buf = binary.BigEndian.AppendUint16(append(w.buf, 0xcd), uint16(x))
	case x <= math.MaxUint32:
		w.buf = binary.BigEndian.AppendUint32(append(w.buf, 0xce), uint32(x))
	default:
		w.buf = binary.BigEndian.AppendUint64(append(w.buf, 0xcf), x)
	}
}

// Int writes x in its shortest form, as Marshal writes any integer.
func (w *Writer) Int(x int64) {
	if x >= 0 {
		w.Uint(uint64(x))
		return
	}
	w.room()
	switch {
	case x >= -32:
		w.buf = append(w.buf, byte(x))
	case x >= math.MinInt8:
		w.buf = append(w.buf, 0xd0, byte(x))
	case x >= math.MinInt16:
		w.buf = binary.BigEndian.AppendUint16(append(w.buf, 0xd1), uint16(x))
	case x >= math.MinInt32:
		w.buf = binary.BigEndian.AppendUint32(append(w.buf, 0xd2), uint32(x))
	default:
		w.buf = binary.BigEndian.AppendUint64(append(w.buf, 0xd3), uint64(x))
	}
}

// Array writes the header of an array of n elements; the elements follow.
func (w *Writer) Array(n int) {
	w.room()
	switch {
	case n < 16:
		w.buf = append(w.buf, 0x90|byte(n))
	case n <= math.MaxUint16:
		w.buf = binary.BigEndian.AppendUint16(append(w.buf, 0xdc), uint16(n))
	default:
		w.buf = binary.BigEndian.AppendUint32(append(w.buf, 0xdd), uint32(n))
	}
}

// List writes the header of list s as Marshal writes a slice: nil for a
// nil one (and false: no elements follow), else an array header (and
// true: its len(s) elements follow).
func List[S ~[]E, E any](w *Writer, s S) bool {
	if s == nil {
		w.Nil()
		return false
	}
	w.Array(len(s))
	return true
}

// String writes s.
func (w *Writer) String(s string) {
	w.room()
	n := len(s)
	switch {
	case n < 32:
		w.buf = append(w.buf, 0xa0|byte(n))
	case n <= math.MaxUint8:
		w.buf = append(w.buf, 0xd9, byte(n))
	case n <= math.MaxUint16:
		w.buf = binary.BigEndian.AppendUint16(append(w.buf, 0xda), uint16(n))
	default:
		w.buf = binary.BigEndian.AppendUint32(append(w.buf, 0xdb), uint32(n))
	}
	raw(w, s)
}

// BinHeader writes the header of a byte string (bin) of n bytes; the
// bytes follow (Raw).
func (w *Writer) BinHeader(n int) {
	w.room()
	switch {
	case n <= math.MaxUint8:
		w.buf = append(w.buf, 0xc4, byte(n))
	case n <= math.MaxUint16:
		w.buf = binary.BigEndian.AppendUint16(append(w.buf, 0xc5), uint16(n))
	default:
		w.buf = binary.BigEndian.AppendUint32(append(w.buf, 0xc6), uint32(n))
	}
}

// Bin writes b as Marshal writes a byte slice: a byte string (bin), nil
// for a nil one.
func (w *Writer) Bin(b []byte) {
	if b == nil {
		w.Nil()
		return
	}
	w.BinHeader(len(b))
	w.Raw(b)
}

// Raw writes b as it is: the bytes after a BinHeader.
func (w *Writer) Raw(b []byte) { raw(w, b) }

// raw writes b as it is; a hashing Writer hashes a long b in place.
func raw[B ~[]byte | ~string](w *Writer, b B) {
	if w.hashing && len(w.buf)+len(b) > hashChunk {
		w.flush()
		if len(b) > hashChunk {
			w.sum = fnv1a(w.sum, b)
			return
		}
	}
	w.buf = append(w.buf, b...)
}
