// Package rulesfile is the ruleset-agnostic machinery that loads game rules from
// TOML files: strict decoding into typed Go structs, error reporting that
// names the file and the key, validation helpers, the terrain table every
// ruleset shares, and the file source that lets a mod directory override the
// embedded default files.
//
// # Strict decoding
//
// Decode accepts a file only if its shape matches the destination struct
// exactly:
//
//   - every exported struct field is a required key, unless its tag carries
//     `rules:"optional"`; a missing key is an error, never a silent zero;
//   - a key that matches no field is an error (keys are case-sensitive);
//   - a value of the wrong TOML type is an error naming the key;
//   - values of types that implement encoding.TextUnmarshaler (such as RGB
//     and Layer) must be strings that their UnmarshalText accepts.
//
// Fields are named by their `toml:"name"` tag (the field name when there is
// none); `toml:"-"` marks a field the file does not set (derived data).
// After the shape check the value's Validate method runs when it implements
// Validator. All problems are reported together, joined with errors.Join;
// each is a *FieldError whose message starts with the file name.
//
// Numbers in rulesets are integers: the engine is integer-only, so shares and
// fractions are written as per-mille, per-cent or divisors, never as floats.
package rulesfile

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Validator is implemented by decoded values that check their own
// cross-field rules. Decode calls Validate after a successful decode.
// Problems should be reported as *FieldError values (see Checker), without
// File: Decode fills it in.
type Validator interface {
	Validate() error
}

// Decode reads file from fsys and decodes it strictly into v, which must be a
// non-nil pointer to a struct; see the package documentation for the rules.
// Every returned error names the file.
func Decode(fsys fs.FS, file string, v any) error {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return fmt.Errorf("%s: cannot read ruleset file: %w", file, err)
	}
	return DecodeBytes(file, data, v)
}

// DecodeBytes is Decode for content already in memory; file is used only to
// name the source in errors.
func DecodeBytes(file string, data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("%s: rules.Decode needs a non-nil pointer to a struct, got %T", file, v)
	}

	// Pass 1: parse, once; syntax errors stop here. The parsed document
	// is read twice below, without parsing it again.
	var doc toml.Primitive
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&doc)
	if err != nil {
		return inFile(file, tomlError(err))
	}
	var raw map[string]any
	if err := md.PrimitiveDecode(doc, &raw); err != nil {
		return inFile(file, tomlError(err))
	}

	// Pass 2: compare the parsed shape with the Go type: missing,
	// unknown and mistyped keys.
	var c Checker
	checkShape(&c, "", raw, rv.Elem().Type())
	if !c.OK() {
		return inFile(file, c.Err())
	}

	// Pass 3: the real decode. After pass 2 it should not fail, but its
	// verdict stays authoritative.
	if err := md.PrimitiveDecode(doc, v); err != nil {
		return inFile(file, tomlError(err))
	}

	// Pass 4: cross-field validation.
	if val, ok := v.(Validator); ok {
		if err := val.Validate(); err != nil {
			return inFile(file, err)
		}
	}
	return nil
}

// tomlError turns an error of the toml package into a *FieldError.
func tomlError(err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		problem := pe.Message
		if pe.LastKey != "" {
			problem += fmt.Sprintf(" (after key %q)", pe.LastKey)
		}
		return &FieldError{Line: pe.Position.Line, Problem: "TOML syntax error: " + problem}
	}
	return &FieldError{Problem: strings.TrimPrefix(err.Error(), "toml: ")}
}

var textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()

// fieldKey returns the TOML key of a struct field and whether the file may
// set it at all.
func fieldKey(f reflect.StructField) (string, bool) {
	tag := f.Tag.Get("toml")
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" {
		return "", false
	}
	if name == "" {
		name = f.Name
	}
	return name, true
}

// joinKey appends one TOML key part to a dotted key, quoting it if needed.
func joinKey(prefix, part string) string {
	q := toml.Key{part}.String()
	if prefix == "" {
		return q
	}
	return prefix + "." + q
}

// checkShape compares the parsed TOML value raw at key with Go type t,
// recording missing, unknown and mistyped keys.
func checkShape(c *Checker, key string, raw any, t reflect.Type) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(textUnmarshalerType) {
		s, ok := raw.(string)
		if !ok {
			c.Add(key, "want a string, got %s", describe(raw))
			return
		}
		u := reflect.New(t).Interface().(encoding.TextUnmarshaler)
		if err := u.UnmarshalText([]byte(s)); err != nil {
			c.Add(key, "%v", err)
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := raw.(map[string]any)
		if !ok {
			c.Add(key, "want a table, got %s", describe(raw))
			return
		}
		known := make(map[string]bool, t.NumField())
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, settable := fieldKey(f)
			if !settable {
				continue
			}
			known[name] = true
			sub := joinKey(key, name)
			val, present := m[name]
			if !present {
				if f.Tag.Get("rules") != "optional" {
					c.Add(sub, "missing required key")
				}
				continue
			}
			checkShape(c, sub, val, f.Type)
		}
		for _, k := range sortedKeys(m) {
			if !known[k] {
				c.Add(joinKey(key, k), "unknown key%s", suggest(k, known))
			}
		}
	case reflect.Slice, reflect.Array:
		elems, ok := asList(raw)
		if !ok {
			c.Add(key, "want an array, got %s", describe(raw))
			return
		}
		if t.Kind() == reflect.Array && len(elems) != t.Len() {
			c.Add(key, "want an array of %d values, got %d", t.Len(), len(elems))
			return
		}
		for i, e := range elems {
			checkShape(c, fmt.Sprintf("%s[%d]", key, i), e, t.Elem())
		}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return // not used by rulesets; the toml decoder has the last word
		}
		m, ok := raw.(map[string]any)
		if !ok {
			c.Add(key, "want a table, got %s", describe(raw))
			return
		}
		for _, k := range sortedKeys(m) {
			checkShape(c, joinKey(key, k), m[k], t.Elem())
		}
	case reflect.String:
		if _, ok := raw.(string); !ok {
			c.Add(key, "want a string, got %s", describe(raw))
		}
	case reflect.Bool:
		if _, ok := raw.(bool); !ok {
			c.Add(key, "want true or false, got %s", describe(raw))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := raw.(int64)
		if !ok {
			c.Add(key, "want an integer, got %s", describe(raw))
			return
		}
		lo, hi := intRange(t)
		if n < lo || n > hi {
			c.Add(key, "integer %d out of range %d..%d", n, lo, hi)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := raw.(int64)
		if !ok {
			c.Add(key, "want an integer, got %s", describe(raw))
			return
		}
		hi := uint64(math.MaxUint64) >> (64 - t.Bits())
		if n < 0 || uint64(n) > hi {
			c.Add(key, "integer %d out of range 0..%d", n, hi)
		}
	case reflect.Float32, reflect.Float64:
		switch raw.(type) {
		case int64, float64:
		default:
			c.Add(key, "want a number, got %s", describe(raw))
		}
	}
}

func intRange(t reflect.Type) (int64, int64) {
	bits := t.Bits()
	hi := int64(math.MaxInt64 >> (64 - bits))
	return -hi - 1, hi
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// asList returns the elements of a parsed TOML array (of values or tables).
func asList(raw any) ([]any, bool) {
	switch v := raw.(type) {
	case []any:
		return v, true
	case []map[string]any:
		out := make([]any, len(v))
		for i, m := range v {
			out[i] = m
		}
		return out, true
	}
	return nil, false
}

// describe names a parsed TOML value's type, with the value for scalars.
func describe(raw any) string {
	switch v := raw.(type) {
	case string:
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		return fmt.Sprintf("string %q", v)
	case int64:
		return fmt.Sprintf("integer %d", v)
	case float64:
		return fmt.Sprintf("float %g", v)
	case bool:
		return fmt.Sprintf("boolean %t", v)
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date/time"
	}
	return fmt.Sprintf("%T", raw)
}

// suggest proposes a known key close to an unknown one.
func suggest(unknown string, known map[string]bool) string {
	best, bestDist := "", 3
	for k := range known {
		d := distance(strings.ToLower(unknown), strings.ToLower(k))
		if d < bestDist || (d == bestDist && best != "" && k < best) {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// distance is the Levenshtein distance between two short strings.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
