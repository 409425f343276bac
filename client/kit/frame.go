// Package kit is what every game screen shares, whatever it draws: a
// frame's input as the shell read it (Frame), the press and drag of the
// pointer on a map (Drag) and what it rests on (Hover), the pan and zoom
// the keys, the wheel and the window's edge ask for, the scrolling of the
// side panel and of windows (NewScroll, NewScrollArea), the side panel's
// buttons and order rows (PanelButton, OrderRow), a window's body
// (WindowBody), the log's links (LogLink, ParseLogLink), the Go fonts'
// faces by size (Faces), and the tooltips' boxes and the HUD's texts
// (DrawBox, Text). The shell reads ebiten's input once a frame (Read) and
// passes it down: a screen reads its input from the Frame, never from
// ebiten.
//
// Positions and lengths are in window pixels. What kit picks itself (a
// button's padding, a box's rim, a pan step, a drag's slack) is given at
// 100 % and scaled: by the theme where a function takes one (PanelButton,
// OrderRow), by the scale passed to the Scaled forms (DrawBoxScaled,
// DrawTextScaled, PanKeysScaled, EdgePanScaled, Drag.StartScaled,
// RemoveRoomScaled); the forms without are those at 100 %.
package kit

import (
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Buttons is a set of mouse buttons.
type Buttons uint8

// Has reports whether b holds button m.
func (b Buttons) Has(m ebiten.MouseButton) bool { return m >= 0 && m < 8 && b&(1<<m) != 0 }

// With returns b with button m.
func (b Buttons) With(m ebiten.MouseButton) Buttons { return b | 1<<m }

// mouseButtons are the buttons a Frame reads.
var mouseButtons = []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}

// Frame is a frame's input: the pointer, its buttons and the wheel, the
// keys, and whether the window has the focus. The shell reads it once a
// frame (Read); the zero Frame is a frame of no input.
type Frame struct {
	// Cursor is where the pointer is, in window pixels.
	Cursor image.Point
	// WheelX and WheelY are how far the wheel turned this frame.
	WheelX, WheelY float64
	// Held are the mouse buttons down now; Pressed those that went down
	// this frame, Released those that came up.
	Held, Pressed, Released Buttons
	// Keys are the keys down now; KeysPressed those that went down this
	// frame, KeysReleased those that came up.
	Keys, KeysPressed, KeysReleased []ebiten.Key
	// Focused reports that the window has the keyboard's focus.
	Focused bool
}

// Read reads this frame's input from ebiten.
func Read() Frame {
	x, y := ebiten.CursorPosition()
	f := Frame{Cursor: image.Pt(x, y), Focused: ebiten.IsFocused()}
	f.WheelX, f.WheelY = ebiten.Wheel()
	for _, b := range mouseButtons {
		if ebiten.IsMouseButtonPressed(b) {
			f.Held = f.Held.With(b)
		}
		if inpututil.IsMouseButtonJustPressed(b) {
			f.Pressed = f.Pressed.With(b)
		}
		if inpututil.IsMouseButtonJustReleased(b) {
			f.Released = f.Released.With(b)
		}
	}
	f.Keys = inpututil.AppendPressedKeys(nil)
	f.KeysPressed = inpututil.AppendJustPressedKeys(nil)
	f.KeysReleased = inpututil.AppendJustReleasedKeys(nil)
	return f
}

// Down reports whether key k is down.
func (f Frame) Down(k ebiten.Key) bool { return slices.Contains(f.Keys, k) }

// Hit reports whether one of keys went down this frame.
func (f Frame) Hit(keys ...ebiten.Key) bool {
	for _, k := range keys {
		if slices.Contains(f.KeysPressed, k) {
			return true
		}
	}
	return false
}

// Any reports whether the player did anything this frame: pressed, held
// or released a button or a key, or turned the wheel. (A move of the
// pointer is for the caller to see: it knows where the pointer was.)
func (f Frame) Any() bool {
	return f.WheelX != 0 || f.WheelY != 0 || f.Held.Has(ebiten.MouseButtonLeft) || f.Held.Has(ebiten.MouseButtonRight) ||
		f.Released.Has(ebiten.MouseButtonLeft) || f.Released.Has(ebiten.MouseButtonRight) ||
		len(f.Keys) > 0 || len(f.KeysReleased) > 0
}

// panStep is how far the keys pan a map in a frame, in screen pixels at
// 100 %.
const panStep = 12

// PanKeys returns how far the arrow keys (or W, A, S, D) held now pan a
// map this frame, in screen pixels: the same keys on every screen. It is
// PanKeysScaled at 100 %.
func (f Frame) PanKeys() (dx, dy float64) { return f.PanKeysScaled(1) }

// PanKeysScaled is PanKeys at interface size scale (Theme.Scale), in
// window pixels: the keys move the map as far across the screen at every
// size.
func (f Frame) PanKeysScaled(scale float64) (dx, dy float64) {
	step := panStep * max(scale, 1)
	if f.Down(ebiten.KeyArrowLeft) || f.Down(ebiten.KeyA) {
		dx += step
	}
	if f.Down(ebiten.KeyArrowRight) || f.Down(ebiten.KeyD) {
		dx -= step
	}
	if f.Down(ebiten.KeyArrowUp) || f.Down(ebiten.KeyW) {
		dy += step
	}
	if f.Down(ebiten.KeyArrowDown) || f.Down(ebiten.KeyS) {
		dy -= step
	}
	return dx, dy
}

// KeyZoom returns the factor + (or the keypad's) and - zoom a map by
// this frame: 1 for neither.
func (f Frame) KeyZoom() float64 {
	switch {
	case f.Hit(ebiten.KeyEqual, ebiten.KeyKPAdd):
		return 1.25
	case f.Hit(ebiten.KeyMinus, ebiten.KeyKPSubtract):
		return 0.8
	}
	return 1
}

// WheelZoom returns the factor the wheel zooms a map by this frame: 1
// for none.
func (f Frame) WheelZoom() float64 {
	if f.WheelY == 0 {
		return 1
	}
	return math.Pow(1.15, f.WheelY)
}

// Edge pan: the pointer within edgeWidth pixels of the window's edge pans
// a map edgeSpeed pixels a frame (pixels at 100 %).
const edgeWidth, edgeSpeed = 3, 10

// EdgePan returns how far the pointer resting on the edge of a window of
// size pans a map this frame, in screen pixels: none while the window
// does not have the focus or the pointer is outside it. It is
// EdgePanScaled at 100 %.
func (f Frame) EdgePan(size image.Point) (dx, dy float64) { return f.EdgePanScaled(size, 1) }

// EdgePanScaled is EdgePan at interface size scale (Theme.Scale): the
// edge is as wide and the map moves as far across the screen at every
// size; size and the result are in window pixels.
func (f Frame) EdgePanScaled(size image.Point, scale float64) (dx, dy float64) {
	scale = max(scale, 1)
	mx, my := f.Cursor.X, f.Cursor.Y
	if !f.Focused || mx < 0 || my < 0 || mx >= size.X || my >= size.Y {
		return 0, 0
	}
	edge := int(math.Round(edgeWidth * scale))
	speed := edgeSpeed * scale
	switch {
	case mx < edge:
		dx = speed
	case mx >= size.X-edge:
		dx = -speed
	}
	switch {
	case my < edge:
		dy = speed
	case my >= size.Y-edge:
		dy = -speed
	}
	return dx, dy
}

// Slack is how far, in pixels across plus down at 100 %, the pointer may
// move while the left button is held and still click: further, it drags
// (StartScaled makes it the interface size's).
const Slack = 5

// Drag follows a press of the left button on a map: where it went down,
// whether the pointer went further than Slack since (a drag, not a
// click), and where it was last frame.
type Drag struct {
	// On reports that the button went down where the screen took it, and
	// is held still.
	On bool
	// Moved reports that the pointer went further than Slack.
	Moved bool
	// From is where the button went down, Last where the pointer was
	// last frame.
	From, Last image.Point

	slack int // Slack at the drag's interface size; 0 is Slack
}

// Start starts a drag where the pointer is, with a Slack of 5 pixels.
func (d *Drag) Start(f Frame) { *d = Drag{On: true, From: f.Cursor, Last: f.Cursor} }

// StartScaled starts a drag where the pointer is at interface size scale
// (Theme.Scale): the pointer may move Slack times scale window pixels and
// still click.
func (d *Drag) StartScaled(f Frame, scale float64) {
	d.Start(f)
	d.slack = int(math.Round(Slack * max(scale, 1)))
}

// Follow follows the drag while the left button is held: it returns how
// far the pointer moved since the last frame, and reports false when
// there is no drag or the button is not held.
func (d *Drag) Follow(f Frame) (dx, dy int, held bool) {
	if !d.On || !f.Held.Has(ebiten.MouseButtonLeft) {
		return 0, 0, false
	}
	c := f.Cursor
	slack := d.slack
	if slack == 0 {
		slack = Slack
	}
	if abs(c.X-d.From.X)+abs(c.Y-d.From.Y) > slack {
		d.Moved = true
	}
	dx, dy = c.X-d.Last.X, c.Y-d.Last.Y
	d.Last = c
	return dx, dy, true
}

// End reports whether the left button came up this frame, ending the
// drag; Moved then says whether it was a drag or a click.
func (d *Drag) End(f Frame) bool {
	if !d.On || !f.Released.Has(ebiten.MouseButtonLeft) {
		return false
	}
	d.On = false
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
