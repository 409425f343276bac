package kit

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestPanKeys: the arrows and W, A, S, D pan every screen's map alike,
// the keys held now, not those only just pressed.
func TestPanKeys(t *testing.T) {
	tests := []struct {
		name           string
		have           Frame
		wantDX, wantDY float64
	}{
		{"nothing", Frame{}, 0, 0},
		{"left", Frame{Keys: []ebiten.Key{ebiten.KeyArrowLeft}}, panStep, 0},
		{"D", Frame{Keys: []ebiten.Key{ebiten.KeyD}}, -panStep, 0},
		{"up and right", Frame{Keys: []ebiten.Key{ebiten.KeyW, ebiten.KeyArrowRight}}, -panStep, panStep},
		{"down", Frame{Keys: []ebiten.Key{ebiten.KeyS}}, 0, -panStep},
		{"left and right", Frame{Keys: []ebiten.Key{ebiten.KeyA, ebiten.KeyArrowRight}}, 0, 0},
		{"just pressed, not held", Frame{KeysPressed: []ebiten.Key{ebiten.KeyA}}, 0, 0},
	}
	for _, tt := range tests {
		dx, dy := tt.have.PanKeys()
		if dx != tt.wantDX || dy != tt.wantDY {
			t.Errorf("%s: PanKeys() = %v, %v; want %v, %v", tt.name, dx, dy, tt.wantDX, tt.wantDY)
		}
	}
}

// TestZoom: + and - (or the keypad's) zoom by a quarter and a fifth; the
// wheel by 15% a notch.
func TestZoom(t *testing.T) {
	tests := []struct {
		name            string
		have            Frame
		wantKey, wantWh float64
	}{
		{"nothing", Frame{}, 1, 1},
		{"+", Frame{KeysPressed: []ebiten.Key{ebiten.KeyEqual}}, 1.25, 1},
		{"keypad +", Frame{KeysPressed: []ebiten.Key{ebiten.KeyKPAdd}}, 1.25, 1},
		{"-", Frame{KeysPressed: []ebiten.Key{ebiten.KeyMinus}}, 0.8, 1},
		{"+ held, not pressed", Frame{Keys: []ebiten.Key{ebiten.KeyEqual}}, 1, 1},
		{"a notch up", Frame{WheelY: 1}, 1, 1.15},
		{"a notch down", Frame{WheelY: -1}, 1, 1 / 1.15},
	}
	for _, tt := range tests {
		if have := tt.have.KeyZoom(); have != tt.wantKey {
			t.Errorf("%s: KeyZoom() = %v, want %v", tt.name, have, tt.wantKey)
		}
		if have := tt.have.WheelZoom(); have < tt.wantWh-1e-9 || have > tt.wantWh+1e-9 {
			t.Errorf("%s: WheelZoom() = %v, want %v", tt.name, have, tt.wantWh)
		}
	}
}

// TestEdgePan: the pointer on the window's edge pans toward it, only while
// the window has the focus.
func TestEdgePan(t *testing.T) {
	size := image.Pt(1024, 768)
	tests := []struct {
		name           string
		have           Frame
		wantDX, wantDY float64
	}{
		{"in the middle", Frame{Cursor: image.Pt(500, 400), Focused: true}, 0, 0},
		{"left edge", Frame{Cursor: image.Pt(0, 400), Focused: true}, edgeSpeed, 0},
		{"right edge", Frame{Cursor: image.Pt(1023, 400), Focused: true}, -edgeSpeed, 0},
		{"top left corner", Frame{Cursor: image.Pt(1, 2), Focused: true}, edgeSpeed, edgeSpeed},
		{"bottom edge", Frame{Cursor: image.Pt(500, 765), Focused: true}, 0, -edgeSpeed},
		{"outside the window", Frame{Cursor: image.Pt(-1, 400), Focused: true}, 0, 0},
		{"not focused", Frame{Cursor: image.Pt(0, 400)}, 0, 0},
	}
	for _, tt := range tests {
		dx, dy := tt.have.EdgePan(size)
		if dx != tt.wantDX || dy != tt.wantDY {
			t.Errorf("%s: EdgePan = %v, %v; want %v, %v", tt.name, dx, dy, tt.wantDX, tt.wantDY)
		}
	}
}

// TestDrag follows presses of the left button frame by frame: one that
// stays within the slack is a click; one that goes further is a drag,
// whose moves are reported from frame to frame.
func TestDrag(t *testing.T) {
	left := Buttons(0).With(ebiten.MouseButtonLeft)
	at := func(x, y int, held, released bool) Frame {
		f := Frame{Cursor: image.Pt(x, y)}
		if held {
			f.Held = left
		}
		if released {
			f.Released = left
		}
		return f
	}
	tests := []struct {
		name      string
		frames    []Frame // after the press at (100, 100)
		wantMoved bool
		wantPan   image.Point // the moves reported, summed
	}{
		{"a click", []Frame{at(100, 100, true, false), at(100, 100, false, true)}, false, image.Point{}},
		{"a click that shook", []Frame{at(102, 101, true, false), at(103, 101, false, true)}, false, image.Pt(2, 1)},
		{"a drag", []Frame{at(104, 100, true, false), at(110, 95, true, false), at(110, 95, false, true)}, true, image.Pt(10, -5)},
	}
	for _, tt := range tests {
		var d Drag
		d.Start(at(100, 100, true, false))
		var pan image.Point
		ended := false
		for i, f := range tt.frames {
			if dx, dy, held := d.Follow(f); held {
				pan = pan.Add(image.Pt(dx, dy))
			}
			if d.End(f) {
				ended = true
				if i != len(tt.frames)-1 {
					t.Errorf("%s: ended at frame %d", tt.name, i)
				}
			}
		}
		if !ended || d.On {
			t.Errorf("%s: the drag did not end with the release", tt.name)
		}
		if d.Moved != tt.wantMoved || pan != tt.wantPan {
			t.Errorf("%s: moved %v, moves %v; want %v, %v", tt.name, d.Moved, pan, tt.wantMoved, tt.wantPan)
		}
	}
	var d Drag
	if _, _, held := d.Follow(at(5, 5, true, false)); held || d.End(at(5, 5, false, true)) {
		t.Error("a button pressed elsewhere (no Start) made a drag")
	}
}

// TestFrameKeys: Hit is a key that went down this frame, Down one held.
func TestFrameKeys(t *testing.T) {
	f := Frame{Keys: []ebiten.Key{ebiten.KeySpace, ebiten.KeyTab}, KeysPressed: []ebiten.Key{ebiten.KeyTab}}
	tests := []struct {
		name string
		have bool
		want bool
	}{
		{"Down(Space)", f.Down(ebiten.KeySpace), true},
		{"Hit(Space)", f.Hit(ebiten.KeySpace), false},
		{"Hit(Tab)", f.Hit(ebiten.KeyTab), true},
		{"Hit(Enter, Tab)", f.Hit(ebiten.KeyEnter, ebiten.KeyTab), true},
		{"Any", f.Any(), true},
		{"Any of nothing", Frame{Cursor: image.Pt(3, 3)}.Any(), false},
		{"Any of a wheel", Frame{WheelY: -1}.Any(), true},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.have, tt.want)
		}
	}
}
