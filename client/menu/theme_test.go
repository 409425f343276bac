package menu

import (
	"math"
	"testing"
)

func TestThemePx(t *testing.T) {
	for _, tc := range []struct {
		scale float64
		have  int
		want  int
	}{
		{1, 12, 12},
		{1.25, 12, 15},
		{1.5, 7, 11}, // 10.5 rounds away from zero
		{2, 12, 24},
		{1.25, 1, 1},
		{0.5, 12, 12}, // below 1 is taken as 1
		{2, 0, 0},
		{2, -3, -6},
	} {
		th, err := NewThemeAt(tc.scale)
		if err != nil {
			t.Fatal(err)
		}
		if got := th.Px(tc.have); got != tc.want {
			t.Errorf("NewThemeAt(%v).Px(%d) = %d, want %d", tc.scale, tc.have, got, tc.want)
		}
	}
}

func TestThemeFacesAtScale(t *testing.T) {
	th, err := NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := th.NormalFace().Metrics().HAscent, 2*mustTheme(t).NormalFace().Metrics().HAscent; math.Abs(got-want) > 0.01 {
		t.Errorf("the normal face's ascent at 200 %% = %v, want %v (twice 100 %%'s)", got, want)
	}
}

func mustTheme(t *testing.T) *Theme {
	t.Helper()
	th, err := NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	return th
}
