package empire

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/client/menu"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// TestFarLayoutMarks: at every far zoom (cells from the least zoom's to
// farCell) each token is at least farMarkPx, so it carries its owner's
// mark, and the armies beside a settlement (the player's and a
// sighting) keep clear of the settlement's mark, the middle 0.66 of its
// square, and of each other.
func TestFarLayoutMarks(t *testing.T) {
	th := &Thing{Settlement: &rules.SettlementView{ID: 1, Owner: 1, City: true}, Armies: 1,
		Sightings: []rules.Sighting{{Force: 9, Owner: 2, Units: 1}}}
	for c := 8.0; c < farCell; c++ {
		sp := layoutThing(th, 0, 0, c)
		if !sp.far {
			t.Fatalf("cell %v px: not laid out far", c)
		}
		set := sp.settlement
		mark := 0.33 * set.size // half the mark's box
		for _, a := range []struct {
			name string
			s    spot
		}{{"army", sp.army}, {"sighting", sp.sighting}} {
			if !a.s.on || a.s.size < farMarkPx {
				t.Errorf("cell %v px: the %s's disc is %.1f px (on %v), want at least %d", c, a.name, a.s.size, a.s.on, farMarkPx)
				continue
			}
			// The nearest point of the mark's box to the disc's centre.
			nx := math.Max(set.x-mark, math.Min(set.x+mark, a.s.x))
			ny := math.Max(set.y-mark, math.Min(set.y+mark, a.s.y))
			if d := math.Hypot(a.s.x-nx, a.s.y-ny); d < (a.s.size+4)/2 {
				t.Errorf("cell %v px: the %s's disc (rim %.1f px) is %.1f px from the settlement's mark", c, a.name, (a.s.size+4)/2, d)
			}
		}
		if set.size < farMarkPx {
			t.Errorf("cell %v px: the settlement's square is %.1f px, want at least %d", c, set.size, farMarkPx)
		}
		if math.Abs(sp.army.x-sp.sighting.x) < sp.army.size {
			t.Errorf("cell %v px: the army and the sighting overlap (%v, %v)", c, sp.army, sp.sighting)
		}
	}
}

// TestRememberedHatched: a remembered cell's tile is the tile in sight
// greyed and hatched: level lines darker than the greyed tile, one
// through the cell's centre, and the rows half a period from it as the
// greyed tile has them, on squares and on hexes.
func TestRememberedHatched(t *testing.T) {
	var styles [dat.NumTerrains]art.TileStyle
	styles[dat.Plains] = art.TileStyle{Color: color.RGBA{120, 180, 80, 255}}
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		for _, size := range []int{16, 40, 80} {
			k := tileKey{terrain: dat.Plains, sight: Seen, size: size}
			greyed := paintTile(styles, shape, k)
			grey(greyed)
			k.sight = Remembered
			hatched := paintTile(styles, shape, k)
			r := float64(size)
			if shape == grid.Square {
				r /= 1.5
			}
			p := art.HatchPeriod(r)
			cx, cy := greyed.Rect.Dx()/2, greyed.Rect.Dy()/2
			line, plain := hatched.RGBAAt(cx, cy), greyed.RGBAAt(cx, cy)
			if art.Luminance(line) > 0.8*art.Luminance(plain) {
				t.Errorf("%v %d px: the centre's row is %v, the greyed tile's %v: want a darker line", shape, size, line, plain)
			}
			off := cy + int(p/2)
			if have, want := hatched.RGBAAt(cx, off), greyed.RGBAAt(cx, off); have != want {
				t.Errorf("%v %d px: the row between lines is %v, want the greyed tile's %v", shape, size, have, want)
			}
		}
	}
}

// TestPalette: with the colour-blind palette chosen in Settings, Bob's
// town and sighted army are drawn in its colour for him, not the
// standard one, and the panels write his name in it, lightened to be
// read on the panel.
func TestPalette(t *testing.T) {
	r := loadRules(t)
	v := drawScene(t, r, grid.Square)
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	s := NewScreen(r, &fakeHost{theme: th, colourBlind: true})
	if err := s.SetView(v); err != nil {
		t.Fatal(err)
	}
	s.cam.Zoom = 0.6 // far: plain squares and discs in the owners' colours
	s.centerOn(at(5, 4))
	var img *image.RGBA
	drawtest.OnFrame(t, func() {
		win := ebiten.NewImage(960, 800)
		defer win.Deallocate()
		s.Draw(win.SubImage(s.host.MapRect()).(*ebiten.Image))
		img = image.NewRGBA(win.Bounds())
		win.ReadPixels(img.Pix)
	})
	bob, std := art.PaletteColourBlind.Color(2), art.PlayerColor(2)
	all := img.Bounds()
	if share(img, all, func(c color.RGBA) bool { return near(c, bob, 6) }) == 0 {
		t.Errorf("nothing drawn in Bob's colour-blind colour %v", bob)
	}
	if share(img, all, func(c color.RGBA) bool { return near(c, std, 6) }) > 0 {
		t.Errorf("Bob drawn in his standard colour %v", std)
	}
	panel := th.Palette().Panel
	if c := s.seatText(2); art.Contrast(c, color.RGBA{panel.R, panel.G, panel.B, 255}) < 4.5 {
		t.Errorf("Bob's name in %v on the panel: contrast %.2f, want 4.5", c, art.Contrast(c, color.RGBA{panel.R, panel.G, panel.B, 255}))
	}
}
