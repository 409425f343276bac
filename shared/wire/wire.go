// Package wire holds the hostile-input rules every decoder of outside bytes
// keeps (the protocol's messages, the rulesets' payloads, saves): a msgpack
// value is walked without decoding first (CheckMsgpack), then read with the
// exact shape its Go type has (CheckShape, Unmarshal), so that no frame
// decodes to much more memory than its size, no integer is cut to fit its
// field, and nothing panics.
package wire

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// ErrMalformed is what the errors of Unmarshal wrap, and those Malformed
// marks: the bytes are no value of the type wanted (errors.Is(err,
// ErrMalformed)), as opposed to a value that its reader then refuses. A
// server answers such bytes with the protocol's Malformed.
var ErrMalformed = errors.New("malformed")

// Malformed returns err, with its message unchanged, marked as an error of
// malformed input (ErrMalformed); nil for nil.
func Malformed(err error) error {
	if err == nil || errors.Is(err, ErrMalformed) {
		return err
	}
	return malformed{err}
}

type malformed struct{ err error }

func (m malformed) Error() string   { return m.err.Error() }
func (m malformed) Unwrap() []error { return []error{m.err, ErrMalformed} }

// MaxDepth is how deep CheckMsgpack lets arrays and maps nest (a game
// state nests about 6 deep).
const MaxDepth = 32

// CheckMsgpack walks the single msgpack value data must hold, without
// decoding it, and checks that it is whole and alone, nests at most
// MaxDepth deep, and that no length header claims more elements or
// bytes than remain (every element takes at least one byte). Run it before
// decoding untrusted bytes with msgpack: v5.4.1 allocates whatever an array
// header claims before reading a single element (decode_slice.go ignores its
// own allocation limit), so ten bytes claiming 2^32 elements of a struct
// crash the process with "out of memory" — not a panic, nothing recovers
// it. After CheckMsgpack, a decode allocates at most a struct's size per
// input byte.
func CheckMsgpack(data []byte) error {
	pos := 0
	be := func(size int) (uint64, error) {
		if size > len(data)-pos {
			return 0, fmt.Errorf("truncated at byte %d", len(data))
		}
		var v uint64
		for _, c := range data[pos : pos+size] {
			v = v<<8 | uint64(c)
		}
		pos += size
		return v, nil
	}
	stack := []uint64{1} // elements left to read at each open level
	for len(stack) > 0 {
		top := len(stack) - 1
		if stack[top] == 0 {
			stack = stack[:top]
			continue
		}
		stack[top]--
		if pos >= len(data) {
			return fmt.Errorf("truncated at byte %d", pos)
		}
		at := pos
		c := data[pos]
		pos++
		var skip, items uint64
		container := false
		var err error
		switch {
		case c <= 0x7f || c >= 0xe0: // positive and negative fixint
		case c <= 0x8f: // fixmap
			items, container = 2*uint64(c&0x0f), true
		case c <= 0x9f: // fixarray
			items, container = uint64(c&0x0f), true
		case c <= 0xbf: // fixstr
			skip = uint64(c & 0x1f)
		default:
			switch c {
			case 0xc0, 0xc2, 0xc3: // nil, false, true
			case 0xcc, 0xd0:
				skip = 1
			case 0xcd, 0xd1:
				skip = 2
			case 0xca, 0xce, 0xd2:
				skip = 4
			case 0xcb, 0xcf, 0xd3:
				skip = 8
			case 0xc4, 0xd9: // bin8, str8
				skip, err = be(1)
			case 0xc5, 0xda:
				skip, err = be(2)
			case 0xc6, 0xdb:
				skip, err = be(4)
			case 0xdc:
				items, err = be(2)
				container = true
			case 0xdd:
				items, err = be(4)
				container = true
			case 0xde:
				items, err = be(2)
				items *= 2
				container = true
			case 0xdf:
				items, err = be(4)
				items *= 2
				container = true
			case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8: // fixext 1, 2, 4, 8, 16: type and data
				skip = 1 + 1<<(c-0xd4)
			case 0xc7, 0xc8, 0xc9: // ext 8, 16, 32: length, type, data
				skip, err = be(1 << (c - 0xc7))
				skip++
			default: // 0xc1, never used
				return fmt.Errorf("byte %d: invalid msgpack code 0x%02x", at, c)
			}
		}
		if err != nil {
			return err
		}
		if container {
			if items > uint64(len(data)-pos) {
				return fmt.Errorf("byte %d: %d elements claimed, %d bytes left", at, items, len(data)-pos)
			}
			if len(stack) > MaxDepth {
				return fmt.Errorf("byte %d: nested more than %d deep", at, MaxDepth)
			}
			stack = append(stack, items)
			continue
		}
		if skip > uint64(len(data)-pos) {
			if c >= 0xc4 && c <= 0xc9 || c >= 0xd9 && c <= 0xdb {
				return fmt.Errorf("byte %d: %d bytes claimed, %d left", at, skip, len(data)-pos)
			}
			return fmt.Errorf("truncated at byte %d", len(data))
		}
		pos += int(skip)
	}
	if pos != len(data) {
		return fmt.Errorf("%d extra bytes after the value", len(data)-pos)
	}
	return nil
}

// CheckShape reads the msgpack value dec holds as a value of Go type t and
// checks that every struct in it is encoded as an array of exactly its
// fields (or nil, except as an element of a slice or array, which elem
// says the value is), that every integer fits the kind of its Go value,
// and that every other scalar is of its field's msgpack kind (a string, a
// boolean, a byte string), recursively (through pointers, slices, arrays
// and maps).
//
// msgpack would also read a struct from a map, and a whole struct from a
// nil or an empty array; refusing both bounds what decoding allocates: a
// list element then costs at least a byte per field on the wire, so no
// frame decodes to much more memory than its size (a 1 MiB list of nils
// would otherwise become a million structs). msgpack would also cut an
// integer to the bits of its field (seat 258 read as seat 2, turn 2^32+4
// as turn 4, -1 as 255), or read a float into an integer: CheckShape
// refuses both (see CheckInt). Values of types with their own decoder are
// skipped: their decoders check them (with ReadInt and ReadUint); a
// Varints must be a byte string (bin) or nil.
//
// Its errors are for the people who wrote the bytes: they name the field
// by its path ("Settings.Options[0].Value") and the types by the names the
// protocol's documentation gives them, never in Go's words ("258 is out of
// range (0 to 255)", not "does not fit uint8").
func CheckShape(dec *msgpack.Decoder, t reflect.Type, elem bool) error {
	return checkShape(dec, t, elem)
}

// shapeError is a refusal of CheckShape: msg, about the field at path
// ("" for the value itself). The path is built as the error goes up, so
// that a value that passes costs no path.
type shapeError struct {
	path, msg string
}

func (e *shapeError) Error() string {
	if e.path == "" {
		return e.msg
	}
	return e.path + ": " + e.msg
}

// refuse returns a *shapeError of the value itself.
func refuse(format string, args ...any) error {
	return &shapeError{msg: fmt.Sprintf(format, args...)}
}

// within returns err, a refusal of the value at part (a field's name, or
// "[i]" for element i) of its parent, with its path starting there.
func within(err error, part string) error {
	var se *shapeError
	if !errors.As(err, &se) {
		return err
	}
	switch {
	case se.path == "":
		se.path = part
	case strings.HasPrefix(se.path, "["):
		se.path = part + se.path
	default:
		se.path = part + "." + se.path
	}
	return err
}

func checkShape(dec *msgpack.Decoder, t reflect.Type, elem bool) error {
	c, err := dec.PeekCode()
	if err != nil {
		return err
	}
	if t == varintsType && c != msgpcode.Nil && !msgpcode.IsBin(c) {
		return refuse("a byte string (bin) of varints was expected, not %s", codeWords(c))
	}
	if reflect.PointerTo(t).Implements(customDecoder) {
		return dec.Skip()
	}
	wrong := func(want string) error {
		return refuse("%s was expected, not %s", want, codeWords(c))
	}
	switch t.Kind() {
	case reflect.Pointer:
		if c == msgpcode.Nil {
			return dec.Skip()
		}
		return checkShape(dec, t.Elem(), false)
	case reflect.Struct:
		fields, err := structFields(t)
		if err != nil {
			return err
		}
		if c == msgpcode.Nil && !elem {
			return dec.Skip()
		}
		n, err := arrayLen(dec, c)
		if err != nil || n != len(fields) {
			return refuse("%s is not an array of its %s", TypeWords(t), plural(len(fields), "field"))
		}
		for _, f := range fields {
			if err := checkShape(dec, f.Type, false); err != nil {
				return within(err, f.Name)
			}
		}
		return nil
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			if c != msgpcode.Nil && !isBytes(c) {
				return wrong("a byte string (bin)")
			}
			return dec.Skip()
		}
		if c == msgpcode.Nil && t.Kind() == reflect.Slice {
			return dec.Skip()
		}
		n, err := arrayLen(dec, c)
		if err != nil {
			return wrong("an array (" + TypeWords(t) + ")")
		}
		for i := range n {
			if err := checkShape(dec, t.Elem(), true); err != nil {
				return within(err, fmt.Sprintf("[%d]", i))
			}
		}
		return nil
	case reflect.Map:
		if c == msgpcode.Nil {
			return dec.Skip()
		}
		if !isMap(c) {
			return wrong("a map")
		}
		n, err := dec.DecodeMapLen()
		if err != nil {
			return err
		}
		for range n {
			if err := checkShape(dec, t.Key(), false); err != nil {
				return within(err, "key")
			}
			if err := checkShape(dec, t.Elem(), false); err != nil {
				return within(err, "value")
			}
		}
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		switch {
		case c == msgpcode.Nil:
			return dec.Skip() // nil reads as 0
		case !isInt(c):
			return wrong("an integer")
		}
		if err := CheckInt(dec, t); err != nil {
			return &shapeError{msg: err.Error()}
		}
		return nil
	case reflect.String:
		if c != msgpcode.Nil && !isBytes(c) {
			return wrong("a string")
		}
	case reflect.Bool:
		if c != msgpcode.Nil && c != msgpcode.True && c != msgpcode.False {
			return wrong("true or false")
		}
	case reflect.Float32, reflect.Float64:
		if c != msgpcode.Nil && c != msgpcode.Float && c != msgpcode.Double && !isInt(c) {
			return wrong("a number")
		}
	}
	return dec.Skip() // another value: the decoder checks it
}

// TypeWords names Go type t for people, as the protocol's documentation
// does: a named type by its name without its package ("Seat",
// "Settings"), a list as "list of" its element, and the others by what
// they hold ("integer", "string", "boolean", "byte string").
func TypeWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return TypeWords(t.Elem())
	}
	if t.Name() != "" && t.PkgPath() != "" {
		return t.Name()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "byte string"
		}
		return "list of " + TypeWords(t.Elem())
	case reflect.Map:
		return "map of " + TypeWords(t.Key()) + " to " + TypeWords(t.Elem())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	}
	return "value"
}

// codeWords says what kind of msgpack value starts with byte c, for
// people: "a string", "an array", ...
func codeWords(c byte) string {
	switch {
	case c == msgpcode.Nil:
		return "nil"
	case c == msgpcode.True || c == msgpcode.False:
		return "a boolean"
	case isInt(c):
		return "an integer"
	case c == msgpcode.Float || c == msgpcode.Double:
		return "a float"
	case msgpcode.IsString(c):
		return "a string"
	case msgpcode.IsBin(c):
		return "a byte string (bin)"
	case IsArray(c):
		return "an array"
	case isMap(c):
		return "a map"
	case msgpcode.IsExt(c):
		return "an extension value"
	}
	return fmt.Sprintf("the byte 0x%02x", c)
}

// isBytes reports whether c starts a string or a byte string (bin), which
// msgpack reads into a string and a byte slice alike.
func isBytes(c byte) bool { return msgpcode.IsString(c) || msgpcode.IsBin(c) }

// CheckInt reads the msgpack integer dec holds and checks that it fits a
// value of t, an integer type: a number out of its range is an error
// naming the number and the range ("258 is out of range (0 to 255)").
func CheckInt(dec *msgpack.Decoder, t reflect.Type) error {
	neg, x, u, err := readInteger(dec)
	if err != nil {
		return err
	}
	var lo int64
	var hi uint64
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lo, hi = math.MinInt64>>(64-t.Bits()), math.MaxInt64>>(64-t.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		hi = math.MaxUint64 >> (64 - t.Bits())
	default:
		return fmt.Errorf("wire: %s is not an integer type", t)
	}
	switch {
	case neg && x < lo:
		return fmt.Errorf("%d is out of range (%d to %d)", x, lo, hi)
	case !neg && u > hi:
		return fmt.Errorf("%d is out of range (%d to %d)", u, lo, hi)
	}
	return nil
}

// ReadInt reads the msgpack integer dec holds as an int64, and refuses
// one above math.MaxInt64 (msgpack's DecodeInt64 makes it negative). Nil
// reads as 0.
func ReadInt(dec *msgpack.Decoder) (int64, error) {
	neg, x, u, err := readInteger(dec)
	switch {
	case err != nil:
		return 0, err
	case neg:
		return x, nil
	case u > math.MaxInt64:
		return 0, fmt.Errorf("%d is out of range (%d to %d)", u, math.MinInt64, math.MaxInt64)
	}
	return int64(u), nil
}

// ReadUint reads the msgpack integer dec holds as a uint64, and refuses a
// negative one (msgpack's DecodeUint64 makes it huge). Nil reads as 0.
func ReadUint(dec *msgpack.Decoder) (uint64, error) {
	neg, x, u, err := readInteger(dec)
	switch {
	case err != nil:
		return 0, err
	case neg:
		return 0, fmt.Errorf("%d is negative: a number of 0 or more was expected", x)
	}
	return u, nil
}

// readInteger reads the msgpack integer dec holds, exactly: a negative
// one as x (neg set), any other as u.
func readInteger(dec *msgpack.Decoder) (neg bool, x int64, u uint64, err error) {
	c, err := dec.PeekCode()
	if err != nil {
		return false, 0, 0, err
	}
	if !isInt(c) && c != msgpcode.Nil {
		return false, 0, 0, fmt.Errorf("an integer was expected, not %s", codeWords(c))
	}
	if c == msgpcode.Uint64 {
		u, err = dec.DecodeUint64()
		return false, 0, u, err
	}
	x, err = dec.DecodeInt64() // exact for every other code
	if err != nil {
		return false, 0, 0, err
	}
	if x < 0 {
		return true, x, 0, nil
	}
	return false, 0, uint64(x), nil
}

// isInt reports whether c starts an integer.
func isInt(c byte) bool {
	return msgpcode.IsFixedNum(c) || c >= msgpcode.Uint8 && c <= msgpcode.Uint64 || c >= msgpcode.Int8 && c <= msgpcode.Int64
}

// isMap reports whether c starts a map.
func isMap(c byte) bool {
	return msgpcode.IsFixedMap(c) || c == msgpcode.Map16 || c == msgpcode.Map32
}

var customDecoder = reflect.TypeFor[msgpack.CustomDecoder]()

// arrayLen reads an array header of code c.
func arrayLen(dec *msgpack.Decoder, c byte) (int, error) {
	if !IsArray(c) {
		return 0, fmt.Errorf("code 0x%02x is not an array", c)
	}
	return dec.DecodeArrayLen()
}

// IsArray reports whether c starts an array.
func IsArray(c byte) bool {
	return msgpcode.IsFixedArray(c) || c == msgpcode.Array16 || c == msgpcode.Array32
}

var fieldCache sync.Map // reflect.Type -> []reflect.StructField

// structFields returns the fields msgpack encodes of struct type t, in
// order: the exported ones not tagged "-".
func structFields(t reflect.Type) ([]reflect.StructField, error) {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]reflect.StructField), nil
	}
	var out []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, fmt.Errorf("wire: %s embeds %s: not supported", t, f.Type)
		}
		if !f.IsExported() || f.Tag.Get("msgpack") == "-" {
			continue
		}
		out = append(out, f)
	}
	fieldCache.Store(t, out)
	return out, nil
}

// Unmarshal decodes data, one untrusted msgpack value, into v (a pointer):
// CheckMsgpack, then CheckShape against v's type, then the decoding, which
// must use every byte. A panic of the msgpack library becomes an error.
// Every error but that of a v that is no pointer wraps ErrMalformed.
func Unmarshal(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("wire: cannot unmarshal into %T", v)
	}
	return Malformed(unmarshal(data, v, rv))
}

func unmarshal(data []byte, v any, rv reflect.Value) (err error) {
	if len(data) == 0 {
		return fmt.Errorf("no data")
	}
	if err := CheckMsgpack(data); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decoder panic: %v", r)
		}
	}()
	rd := bytes.NewReader(data)
	dec := msgpack.GetDecoder()
	defer msgpack.PutDecoder(dec)
	dec.Reset(rd)
	if err := CheckShape(dec, rv.Elem().Type(), false); err != nil {
		return err
	}
	rd.Reset(data)
	dec.Reset(rd)
	dec.DisallowUnknownFields(true)
	if err := dec.Decode(v); err != nil {
		return DecodeError(err)
	}
	if rd.Len() != 0 {
		return fmt.Errorf("%d bytes after the value", rd.Len())
	}
	return nil
}

// DecodeError returns err, an error of decoding after CheckShape passed,
// in words for the people who wrote the bytes: the msgpack library's own
// errors name Go types ("invalid code=a1 decoding int64"), so one of them
// becomes a plain "a value is not of the kind its field holds"; any other
// error is returned as it is.
func DecodeError(err error) error {
	if err == nil || !strings.HasPrefix(err.Error(), "msgpack:") {
		return err
	}
	return errors.New("a value is not of the kind its field holds")
}

// Marshal encodes v in the wire form: structs as arrays of their fields,
// integers in their shortest form, map keys sorted (so equal values give
// equal bytes). msgpack sorts the keys of maps from string to string, bool
// or interface only: Marshal refuses a v whose type holds another map
// (values inside interfaces are not looked into).
func Marshal(v any) ([]byte, error) {
	if m := unsortedIn(reflect.TypeOf(v)); m != nil {
		return nil, fmt.Errorf("wire: %T holds a %s, whose keys msgpack writes in random order", v, m)
	}
	var buf bytes.Buffer
	enc := msgpack.GetEncoder()
	defer msgpack.PutEncoder(enc)
	enc.Reset(&buf)
	enc.UseArrayEncodedStructs(true)
	enc.UseCompactInts(true)
	enc.SetSortMapKeys(true)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Checksum returns the FNV-1a 64 hash of v's wire form (Marshal), 0 if v
// cannot be encoded: the checksum of the rulesets whose views are hashed
// whole (empire, Duel, risk; docs/protocol.md, sections 8 and 14.5).
func Checksum(v any) uint64 {
	b, err := Marshal(v)
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

var (
	customEncoder = reflect.TypeFor[msgpack.CustomEncoder]()
	stringType    = reflect.TypeFor[string]()
	sortedElems   = []reflect.Type{stringType, reflect.TypeFor[bool](), reflect.TypeFor[any]()}
)

var unsortedCache sync.Map // reflect.Type -> reflect.Type (nil: none)

// unsortedIn returns a map type inside t whose keys msgpack would not
// sort, nil if there is none.
func unsortedIn(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	if m, ok := unsortedCache.Load(t); ok {
		mt, _ := m.(reflect.Type) // a nil interface: none
		return mt
	}
	m := unsortedMap(t, map[reflect.Type]bool{})
	unsortedCache.Store(t, m)
	return m
}

// unsortedMap returns a map type inside t whose keys msgpack would not
// sort, nil if there is none. Types with their own encoder are not looked
// into; seen guards against recursive types.
func unsortedMap(t reflect.Type, seen map[reflect.Type]bool) reflect.Type {
	if seen[t] || t.Implements(customEncoder) || reflect.PointerTo(t).Implements(customEncoder) {
		return nil
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return unsortedMap(t.Elem(), seen)
	case reflect.Map:
		if t.Key() != stringType || !slices.Contains(sortedElems, t.Elem()) {
			return t
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if (!f.IsExported() && !f.Anonymous) || f.Tag.Get("msgpack") == "-" {
				continue
			}
			if m := unsortedMap(f.Type, seen); m != nil {
				return m
			}
		}
	}
	return nil
}

// plural writes n things: "1 field", "2 fields".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
