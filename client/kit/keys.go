package kit

import (
	"image"
	"image/color"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/menu"
)

// The keyboard's way through a game's map and side panel, shared by the
// screens of the map games (hexscreen, empire): a cursor on the map moved
// a cell at a time (CursorKeys), the camera following it (FollowPan),
// Tab and Shift+Tab round a list (Cycle), and a focus walked through the
// side panel's buttons (PanelFocus) and ringed (DrawFocusRing).

// CursorKey is a key that moves a map's cursor a cell: by (DX, DY) on
// squares; on hexes (hexcursor.Step) toward the neighbour that way, or
// with DX 0 a row up or down keeping the odd-r column.
type CursorKey struct {
	Key    ebiten.Key
	DX, DY int
}

// CursorKeys are the keys that move a map's cursor: the arrows (left and
// right along the row; up and down to the row above or below) and the
// keypad around 5 (7 9 1 3 the diagonals on squares, on hexes the
// keypad's six directions, as Wesnoth's and Freeciv's keypads go).
var CursorKeys = []CursorKey{
	{ebiten.KeyArrowLeft, -1, 0},
	{ebiten.KeyArrowRight, 1, 0},
	{ebiten.KeyArrowUp, 0, -1},
	{ebiten.KeyArrowDown, 0, 1},
	{ebiten.KeyNumpad4, -1, 0},
	{ebiten.KeyNumpad6, 1, 0},
	{ebiten.KeyNumpad7, -1, -1},
	{ebiten.KeyNumpad9, 1, -1},
	{ebiten.KeyNumpad1, -1, 1},
	{ebiten.KeyNumpad3, 1, 1},
	{ebiten.KeyNumpad8, 0, -1},
	{ebiten.KeyNumpad2, 0, 1},
}

// Shift reports whether a Shift key is down this frame.
func (f Frame) Shift() bool {
	return f.Down(ebiten.KeyShift) || f.Down(ebiten.KeyShiftLeft) || f.Down(ebiten.KeyShiftRight)
}

// arrows are the four arrow keys.
var arrows = []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowDown}

// CursorPanKeys returns how far the keys pan a map with a keyboard cursor
// this frame, as PanKeys: W, A, S, D, and the arrows only with Shift
// (alone they move the cursor).
func (f Frame) CursorPanKeys() (dx, dy float64) {
	if !f.Shift() {
		f.Keys = slices.DeleteFunc(slices.Clone(f.Keys), func(k ebiten.Key) bool { return slices.Contains(arrows, k) })
	}
	return f.PanKeys()
}

// FollowPan returns how far to pan a camera so that the point (x, y) of
// a view w by h is at least margin from its edges: nothing when it is,
// else just enough. All are in the same pixels (the camera's).
func FollowPan(x, y, w, h, margin float64) (dx, dy float64) {
	switch {
	case x < margin:
		dx = margin - x
	case x > w-margin:
		dx = w - margin - x
	}
	switch {
	case y < margin:
		dy = margin - y
	case y > h-margin:
		dy = h - margin - y
	}
	return dx, dy
}

// Cycle returns the index after i in a list of n (back: the one before),
// round and round; from an i not in the list (-1 for none), the first
// (back: the last). It returns -1 for an empty list.
func Cycle(i, n int, back bool) int {
	switch {
	case n <= 0:
		return -1
	case (i < 0 || i >= n) && back:
		return n - 1
	case i < 0 || i >= n:
		return 0
	case back:
		return (i + n - 1) % n
	}
	return (i + 1) % n
}

// PanelFocus is the keyboard's focus on a side panel's buttons (] and [
// move it, Space presses the focused one): the index of the focused
// button in the panel's list, or none. The zero value is none.
type PanelFocus struct {
	at     int // the index plus one; 0 for none
	follow int // frames left in which Follow scrolls the focused button into sight
}

// followFrames is how many frames after a move of the focus Follow keeps
// scrolling the focused button into sight: the panel may be built again
// and laid out a few frames after the key.
const followFrames = 6

// Move moves the focus to the next of n buttons (back: the one before),
// round and round; with no focus, to the first (back: the last). With no
// buttons there is no focus. Follow then scrolls the button into sight.
func (p *PanelFocus) Move(n int, back bool) {
	p.at = Cycle(p.at-1, n, back) + 1
	p.follow = followFrames
}

// Clear takes the focus away: no button has it.
func (p *PanelFocus) Clear() { *p = PanelFocus{} }

// Follow, called each frame with the focused button (nil for none) and
// the part of the side panel in sight (module.Input.Panel), asks the
// panel to scroll the button into sight (ScrollIntoSight) in the frames
// after the focus moved, until it is in sight: as the shell's own focus
// (F6) scrolls the panel to its button. It reports whether it asked.
func (p *PanelFocus) Follow(b widget.HasWidget, sight image.Rectangle) bool {
	if p.follow <= 0 || b == nil {
		return false
	}
	p.follow--
	if r := b.GetWidget().Rect; !r.Empty() && r.In(sight) {
		p.follow = 0
		return false
	}
	ScrollIntoSight(b)
	return true
}

// On reports whether a button has the focus (among however many there
// are now: see Index).
func (p PanelFocus) On() bool { return p.at > 0 }

// Index returns the index of the focused button among n, and false when
// none has the focus or it is past the n there are now.
func (p PanelFocus) Index(n int) (int, bool) {
	if p.at <= 0 || p.at > n {
		return -1, false
	}
	return p.at - 1, true
}

// DrawFocusRing rings rect, a side panel's button that has the keyboard's
// focus, in the theme's focus colour on a dark edge, at the interface size
// of t, while it is in sight (the part of the panel in sight, in window
// pixels): a button scrolled out of sight is not ringed.
func DrawFocusRing(dst *ebiten.Image, t *menu.Theme, rect, sight image.Rectangle) {
	if rect.Empty() || !rect.In(sight.Inset(-t.Px(2))) {
		return
	}
	r := rect.Inset(-t.Px(3))
	x, y, w, h := float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy())
	vector.StrokeRect(dst, x, y, w, h, float32(t.Pxf(5)), color.RGBA{20, 16, 12, 230}, true)
	vector.StrokeRect(dst, x, y, w, h, float32(t.Pxf(2.5)), t.Palette().Focus, true)
}
