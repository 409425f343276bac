package wiretest_test

import (
	"bytes"
	"maps"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/wire/wiretest"
)

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

// TestIntegers counts integers of every form and depth, map keys
// included, and nothing else.
func TestIntegers(t *testing.T) {
	tests := []struct {
		name string
		have []byte
		want map[string]int
	}{
		{"one", compact(t, 258), map[string]int{"258": 1}},
		{"uint64 and int64 codes", []byte{0x92, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0},
			map[string]int{"18446744073709551615": 1, "-9223372036854775808": 1}},
		{"nested, twice", compact(t, []any{1, []any{-1, 1, "x", 2.5, []byte{7}}, map[int]int{3: 4}}), map[string]int{"1": 2, "-1": 1, "3": 1, "4": 1}},
		{"none", compact(t, []any{nil, true, "258"}), map[string]int{}},
	}
	for _, tt := range tests {
		counts, err := wiretest.Integers(tt.have)
		have := map[string]int{}
		for x, n := range counts {
			have[x.String()] = n
		}
		if err != nil || !maps.Equal(have, tt.want) {
			t.Errorf("%s: have %v, %v; want %v", tt.name, have, err, tt.want)
		}
	}
	if _, err := wiretest.Integers([]byte{0x92, 0x01}); err == nil {
		t.Error("a truncated value counted")
	}
}

// TestIntegersKept: a number missing from what was read is reported;
// numbers added are not.
func TestIntegersKept(t *testing.T) {
	tests := []struct {
		name    string
		in, out []byte
		want    string // a part of the error, "" for none
	}{
		{"same", compact(t, []any{258, 1}), compact(t, []any{258, 1}), ""},
		{"zeros added", compact(t, []any{nil, 5}), compact(t, []any{0, 5, 0}), ""},
		{"cut to fit", compact(t, []any{258, 1}), compact(t, []any{2, 1}), "the input holds 258 1 times, what was read 0 times"},
		{"one of two lost", compact(t, []any{7, 7}), compact(t, []any{7, 0}), "the input holds 7 2 times, what was read 1 times"},
		{"the smallest named", compact(t, []any{-3, -300, 9}), compact(t, []any{0}), "the input holds -300 1 times"},
	}
	for _, tt := range tests {
		err := wiretest.IntegersKept(tt.in, tt.out)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: have %v, want %q", tt.name, err, tt.want)
		}
	}
}
