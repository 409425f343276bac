package board

import (
	"empires/client/art"

	"image"
	"testing"

	"empires/client/camera"
	"empires/shared/hex"
)

// TestDrawGuessedPath draws a planned path and a planned move whose last
// hexes were never seen (Overlay.PathGuessed, Arrow.Guessed): up to the
// first guessed hex they are drawn as without guesses, and from it on
// dashed and paler: along the guessed part some points show the map
// through a gap, none shows the line's full colour.
func TestDrawGuessedPath(t *testing.T) {
	const w, h = 20, 14
	b := newBoardWith(t, w, h, testView(w, h, all))
	start := hex.FromOffset(hex.Offset{Col: 4, Row: 7})
	path := []hex.Hex{start.Neighbor(hex.East)}
	for range 4 {
		path = append(path, path[len(path)-1].Neighbor(hex.East))
	}
	guessed := []bool{false, false, true, true, true} // from path[2] on
	cam := camOn(b, 2, path[2])

	// samples returns points along the lines between the centres of hexes
	// a and b, clear of the dots on the hexes.
	samples := func(cam *camera.Camera, a, c hex.Hex) []image.Point {
		ax, ay := screenOf(b, cam, a)
		cx, cy := screenOf(b, cam, c)
		var out []image.Point
		for i := 30; i <= 70; i++ {
			f := float64(i) / 100
			out = append(out, image.Pt(ax+int(f*float64(cx-ax)), ay+int(f*float64(cy-ay))))
		}
		return out
	}
	cases := []struct {
		name        string
		plain, with *Overlay
	}{
		{"the selected army's path",
			&Overlay{Selected: start, HasSelected: true, Path: path, PathOK: true},
			&Overlay{Selected: start, HasSelected: true, Path: path, PathOK: true, PathGuessed: guessed}},
		{"a planned move",
			&Overlay{Orders: []Arrow{{From: start, Path: path}}},
			&Overlay{Orders: []Arrow{{From: start, Path: path, Guessed: guessed}}}},
	}
	for _, tc := range cases {
		var bare, plain, with *image.RGBA
		onFrame(t, func() {
			bare = shot(b, cam, nil)
			plain = shot(b, cam, tc.plain)
			with = shot(b, cam, tc.with)
		})
		// The sure part: as without guesses, and drawn.
		for _, p := range append(samples(cam, start, path[0]), samples(cam, path[0], path[1])...) {
			if art.DeltaE(with.RGBAAt(p.X, p.Y), plain.RGBAAt(p.X, p.Y)) > 3 {
				t.Errorf("%s: the sure part differs at %v: %v, without guesses %v", tc.name, p, with.RGBAAt(p.X, p.Y), plain.RGBAAt(p.X, p.Y))
				break
			}
		}
		// The guessed part: dashes and gaps, paler than the line.
		gaps, dashes := 0, 0
		for _, p := range append(samples(cam, path[1], path[2]), samples(cam, path[2], path[3])...) {
			line, mapc, have := plain.RGBAAt(p.X, p.Y), bare.RGBAAt(p.X, p.Y), with.RGBAAt(p.X, p.Y)
			if art.DeltaE(line, mapc) < 10 {
				t.Fatalf("%s: no line at %v without guesses", tc.name, p)
			}
			switch {
			case art.DeltaE(have, mapc) < 3:
				gaps++
			case art.DeltaE(have, line) < 3:
				t.Errorf("%s: the guessed part at %v has the line's full colour %v", tc.name, p, have)
			default:
				dashes++
			}
		}
		if gaps == 0 || dashes == 0 {
			t.Errorf("%s: the guessed part has %d points in gaps, %d on dashes: want both", tc.name, gaps, dashes)
		}
	}
}
