package protocol

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// checkShape reads the msgpack value dec holds as a value of Go type t and
// checks that every struct in it is encoded as an array of exactly its
// fields (or nil, except as an element of a slice or array), recursively.
// msgpack would also read a struct from a map, and a whole struct from a
// nil or an empty array; refusing both bounds what decoding allocates: a
// list element then costs at least a byte per field on the wire, so no
// frame decodes to much more memory than its size (a 1 MiB list of nils
// would otherwise become a million structs). Values of types with their own
// decoder (game.View, game.Delta, Hello, Error) are skipped: their decoders
// check them.
func checkShape(dec *msgpack.Decoder, t reflect.Type, elem bool) error {
	if reflect.PointerTo(t).Implements(customDecoder) {
		return dec.Skip()
	}
	c, err := dec.PeekCode()
	if err != nil {
		return err
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
			return fmt.Errorf("%s is not an array of its fields (%d)", t, len(fields))
		}
		for _, f := range fields {
			if err := checkShape(dec, f, false); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 || c == msgpcode.Nil && t.Kind() == reflect.Slice {
			return dec.Skip()
		}
		n, err := arrayLen(dec, c)
		if err != nil {
			return fmt.Errorf("%s is not an array", t)
		}
		for i := range n {
			if err := checkShape(dec, t.Elem(), true); err != nil {
				return fmt.Errorf("element %d of %s: %w", i, t, err)
			}
		}
		return nil
	}
	return dec.Skip() // a scalar: the decoder checks its type
}

var customDecoder = reflect.TypeFor[msgpack.CustomDecoder]()

// arrayLen reads an array header of code c.
func arrayLen(dec *msgpack.Decoder, c byte) (int, error) {
	if !isArray(c) {
		return 0, fmt.Errorf("code 0x%02x is not an array", c)
	}
	return dec.DecodeArrayLen()
}

// isArray reports whether c starts an array.
func isArray(c byte) bool {
	return msgpcode.IsFixedArray(c) || c == msgpcode.Array16 || c == msgpcode.Array32
}

var fieldCache sync.Map // reflect.Type -> []reflect.Type

// structFields returns the types of the fields msgpack encodes of struct
// type t, in order: the exported ones not tagged "-".
func structFields(t reflect.Type) ([]reflect.Type, error) {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]reflect.Type), nil
	}
	var out []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, fmt.Errorf("protocol: %s embeds %s: not supported", t, f.Type)
		}
		if !f.IsExported() || f.Tag.Get("msgpack") == "-" {
			continue
		}
		out = append(out, f.Type)
	}
	fieldCache.Store(t, out)
	return out, nil
}
