package kit

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

func TestCycle(t *testing.T) {
	tests := []struct {
		name string
		i, n int
		back bool
		want int
	}{
		{"next", 1, 3, false, 2},
		{"round from the last", 2, 3, false, 0},
		{"back", 1, 3, true, 0},
		{"back round from the first", 0, 3, true, 2},
		{"none: the first", -1, 3, false, 0},
		{"none back: the last", -1, 3, true, 2},
		{"past the list: the first", 5, 3, false, 0},
		{"empty list", 0, 0, false, -1},
	}
	for _, tt := range tests {
		if have := Cycle(tt.i, tt.n, tt.back); have != tt.want {
			t.Errorf("%s: Cycle(%d, %d, %v) = %d, want %d", tt.name, tt.i, tt.n, tt.back, have, tt.want)
		}
	}
}

func TestPanelFocus(t *testing.T) {
	type step struct {
		n      int  // the buttons there are
		back   bool // ] (false) or [ (true)
		want   int
		wantOK bool
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"] from none to the first, round", []step{{3, false, 0, true}, {3, false, 1, true}, {3, false, 2, true}, {3, false, 0, true}}},
		{"[ from none to the last", []step{{3, true, 2, true}, {3, true, 1, true}}},
		{"no buttons, no focus", []step{{0, false, -1, false}}},
		{"the list shrank: the first again", []step{{3, true, 2, true}, {2, false, 0, true}}},
	}
	for _, tt := range tests {
		var p PanelFocus
		if p.On() {
			t.Fatalf("%s: the zero PanelFocus is on", tt.name)
		}
		for i, s := range tt.steps {
			p.Move(s.n, s.back)
			have, ok := p.Index(s.n)
			if have != s.want || ok != s.wantOK || p.On() != s.wantOK {
				t.Errorf("%s, step %d: Index = %d, %v (On %v), want %d, %v", tt.name, i, have, ok, p.On(), s.want, s.wantOK)
			}
		}
		p.Clear()
		if _, ok := p.Index(3); ok || p.On() {
			t.Errorf("%s: focus after Clear", tt.name)
		}
	}
}

func TestPanelFocusIndexPastTheList(t *testing.T) {
	var p PanelFocus
	p.Move(5, true) // the last of five
	if have, ok := p.Index(2); ok {
		t.Errorf("Index(2) of the fifth button = %d, true; want none", have)
	}
}

func TestFollowPan(t *testing.T) {
	tests := []struct {
		name           string
		x, y           float64
		wantDX, wantDY float64
	}{
		{"in sight: no pan", 50, 40, 0, 0},
		{"near the left", 5, 40, 5, 0},
		{"past the right", 120, 40, -30, 0},
		{"near the top and bottom", 50, 75, 0, -5},
		{"above the top", 50, -20, 0, 30},
	}
	for _, tt := range tests {
		dx, dy := FollowPan(tt.x, tt.y, 100, 80, 10) // a view 100 by 80, 10 from the edges
		if dx != tt.wantDX || dy != tt.wantDY {
			t.Errorf("%s: FollowPan(%v, %v) = %v, %v; want %v, %v", tt.name, tt.x, tt.y, dx, dy, tt.wantDX, tt.wantDY)
		}
	}
}

func TestCursorPanKeys(t *testing.T) {
	tests := []struct {
		name string
		keys []ebiten.Key
		pans bool
	}{
		{"an arrow alone moves the cursor", []ebiten.Key{ebiten.KeyArrowLeft}, false},
		{"Shift and an arrow pan", []ebiten.Key{ebiten.KeyShiftLeft, ebiten.KeyArrowLeft}, true},
		{"A pans", []ebiten.Key{ebiten.KeyA}, true},
	}
	for _, tt := range tests {
		dx, dy := Frame{Keys: tt.keys}.CursorPanKeys()
		if have := dx != 0 || dy != 0; have != tt.pans {
			t.Errorf("%s: panned %v (%v, %v), want %v", tt.name, have, dx, dy, tt.pans)
		}
	}
}

func TestPanelFocusFollow(t *testing.T) {
	sight := image.Rect(0, 0, 100, 200)
	below := widget.NewContainer()
	below.GetWidget().Rect = image.Rect(10, 250, 90, 270) // past the fold
	inSight := widget.NewContainer()
	inSight.GetWidget().Rect = image.Rect(10, 50, 90, 70)
	tests := []struct {
		name  string
		moved bool
		b     widget.HasWidget
		want  []bool // what Follow reports, frame by frame
	}{
		{"moved to a button past the fold: asks, a few frames", true, below, []bool{true, true, true, true, true, true, false}},
		{"moved to a button in sight: asks nothing", true, inSight, []bool{false, false}},
		{"not moved: asks nothing", false, below, []bool{false}},
		{"no button", true, nil, []bool{false}},
	}
	for _, tt := range tests {
		var p PanelFocus
		if tt.moved {
			p.Move(3, false)
		}
		for i, want := range tt.want {
			if have := p.Follow(tt.b, sight); have != want {
				t.Errorf("%s, frame %d: Follow = %v, want %v", tt.name, i, have, want)
			}
		}
	}
}
