package app

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/board"
	"empires/client/kit"
	"empires/shared/hex"
)

// TestErfpiresDayOneTooltips draws an erfpires game on day 1 at 1024x768
// and 1920x1080 as the playtest saw it: Ann's army stands in her town,
// and the town is drawn beside the army's shield (board's
// TestCityBesideStack checks the layout); with the army selected and the
// pointer resting on the hex beside it, the path's tooltip and the hex's
// own (terrain, owner, armies) both show, one under the other.
// EMPIRES_SCREENSHOTS keeps the pictures.
func TestErfpiresDayOneTooltips(t *testing.T) {
	a, _, s := erfpiresGame(t)
	g := showGame(t, a, s, 1)
	hx := hexOf(g)
	town := hex.FromOffset(hex.Offset{Col: 2, Row: 2})
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		w, h := size[0], size[1]
		var shot *image.RGBA
		var at image.Point
		onFrame(t, func() {
			renderApp(a, w, h, 2, nil)
			hx.Model().Deselect()
			clickHex(t, a, town) // the army in it
			p := a.game.probe()
			if p.Picked["army"] == 0 {
				t.Fatalf("a click on the town picked %v, want the army", p.Picked)
			}
			for _, m := range p.Mine {
				if m.Kind == "army" {
					step := board.HexSize * math.Sqrt(3) * p.Camera[2] // to the hex east
					at = image.Pt(int(m.X+step), int(m.Y))
				}
			}
			for range 40 { // the hex's tooltip shows after a moment
				a.in = kit.Frame{Cursor: at}
				a.game.update()
			}
			img := ebiten.NewImage(w, h)
			defer img.Deallocate()
			a.uiDirty, a.redraw = true, true
			a.Draw(img)
			shot = image.NewRGBA(image.Rect(0, 0, w, h))
			img.ReadPixels(shot.Pix)
		})
		saveShot(t, shot, fmt.Sprintf("erfpires-day1-%dx%d-tooltips.png", w, h))
		if n := rimEdges(shot, at.X+21, at.Y-60, at.Y+260); n < 4 {
			t.Errorf("%dx%d: %d tooltip edges beside the army, want the path's box and the hex's (4)", w, h, n)
		}
	}
}

// rimEdges counts the edges of tooltip boxes (kit.DrawBox's rim, in
// {120, 110, 90}) crossed going down column x of img from y0 to y1: two
// a box.
func rimEdges(img *image.RGBA, x, y0, y1 int) int {
	rim := color.RGBA{120, 110, 90, 255}
	n, on := 0, false
	for y := y0; y < y1; y++ {
		c := img.RGBAAt(x, y)
		at := absDiff(c.R, rim.R) <= 3 && absDiff(c.G, rim.G) <= 3 && absDiff(c.B, rim.B) <= 3
		if at && !on {
			n++
		}
		on = at
	}
	return n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
