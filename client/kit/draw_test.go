package kit

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

// TestWrap: Wrap breaks at spaces, cuts a word longer than the width, and
// ends on a letter wider than the width instead of looping on it.
func TestWrap(t *testing.T) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		t.Fatal(err)
	}
	face := &text.GoTextFace{Source: src, Size: 20}
	letter, _ := text.Measure("W", face, 0)
	tests := []struct {
		name string
		have string
		w    float64
		want []string
	}{
		{"fits", "a b", 1000, []string{"a b"}},
		{"no width: as it is", "a b", 0, []string{"a b"}},
		{"at the spaces", "WW WW WW", 2.5 * letter, []string{"WW", "WW", "WW"}},
		{"a long word cut", "WWWWW", 2.5 * letter, []string{"WW", "WW", "W"}},
		{"a letter wider than the width", "W W", letter / 2, []string{"W", "W"}},
	}
	for _, tt := range tests {
		if have := Wrap(tt.have, face, tt.w); !slices.Equal(have, tt.want) {
			t.Errorf("%s: Wrap(%q, %.0f) = %q, want %q", tt.name, tt.have, tt.w, strings.Join(have, "|"), strings.Join(tt.want, "|"))
		}
	}
}
