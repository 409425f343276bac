package empire

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/shared/game"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// TestMinimapMarks draws the minimap of a 40x28 map of plains with the
// towns of four players in the colour-blind palette, where players 1
// and 9, and 2 and 10, have one colour, at 100 % and 200 %, and checks
// that each town shows its owner's mark (docs/ACCESSIBILITY.md, "Told
// apart without colour"), also with an army on its square: the two
// players of one colour differ in the shape drawn in it at their towns,
// the filled marks (circle, square) are filled in their middles and the
// hollow ones (ring, hollow square) are not. With -png it saves the
// minimaps.
func TestMinimapMarks(t *testing.T) {
	r := loadRules(t)
	const w, h = 40, 28
	towns := []struct {
		owner  rules.Seat
		at     grid.Pos
		hollow bool
	}{
		{1, at(8, 8), false},
		{9, at(20, 8), true},
		{2, at(8, 20), false},
		{10, at(20, 20), true},
	}
	v := &rules.View{Seat: 1, Turn: 5, Shape: grid.Square, Width: w, Height: h}
	for i := range 10 {
		v.Players = append(v.Players, rules.PlayerView{Name: fmt.Sprintf("P%d", i+1), Alive: true})
	}
	for range w * h {
		v.Terrain, v.Seen = append(v.Terrain, uint8(dat.Plains)), append(v.Seen, 5)
	}
	for i, c := range towns {
		v.Settlements = append(v.Settlements, rules.SettlementView{ID: rules.SettlementID(i + 1), Pos: c.at, Owner: c.owner, Turn: 5})
	}
	v.Settlements = append(v.Settlements, rules.SettlementView{ID: 9, Pos: at(30, 14), Turn: 5}) // nobody's
	inf, ok := r.Dat().Kind("Infantry")
	if !ok {
		t.Fatal("no unit Infantry")
	}
	v.Forces = []rules.Force{
		{ID: 11, Owner: 1, Pos: at(8, 8), Units: []rules.Unit{{ID: 101, Kind: inf, HP: 1}}},
		{ID: 12, Owner: 1, Pos: at(30, 20), Units: []rules.Unit{{ID: 102, Kind: inf, HP: 1}}},
	}
	for _, sc := range []float64{1, 2} {
		th := themeAt(t, sc)
		mapRect := image.Rect(0, th.Px(40), 1024, 768)
		s, host := scaledScreen(t, r, v, sc, mapRect, defaultZoom, at(8, 8))
		host.colourBlind = true
		in := pointAt(image.Point{}, mapRect)
		in.Minimap = image.Rect(th.Px(4), 768-th.Px(174), th.Px(224), 768-th.Px(4))
		s.Update(in)
		var img *image.RGBA
		drawtest.OnFrame(t, func() {
			win := ebiten.NewImage(1024, 768)
			defer win.Deallocate()
			s.Draw(win.SubImage(mapRect).(*ebiten.Image))
			s.DrawOver(win)
			img = image.NewRGBA(win.Bounds())
			win.ReadPixels(img.Pix)
		})
		if *pngDir != "" {
			f, err := os.Create(filepath.Join(*pngDir, fmt.Sprintf("empire-minimap-%.0f.png", sc*100)))
			if err != nil {
				t.Fatal(err)
			}
			if err := png.Encode(f, img.SubImage(in.Minimap.Inset(-th.Px(4)))); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
		x0, y0, k := s.minimapFit(in.Minimap)
		n := int(miniSettlementPx(s.lay.Size*k, sc, false)) + 1
		masks := make([][]bool, len(towns))
		for i, c := range towns {
			cx, cy := s.lay.Center(c.at)
			x, y := x0+cx*k, y0+cy*k
			col := art.PaletteColourBlind.Color(game.PlayerID(c.owner))
			masks[i] = drawtest.ColourMask(img, x, y, n, col)
			if have, least := drawtest.Count(masks[i]), n*n/12; have < least {
				t.Errorf("%.0f %%: player %d's town (%s): %d pixels in its colour, want at least %d", sc*100, c.owner, art.PlayerMark(game.PlayerID(c.owner)), have, least)
			}
			// The middle 1 x 1 pixel (3 x 3 at 200 %).
			m := max(1, int(sc*1.5))
			mid := drawtest.Count(drawtest.ColourMask(img, x, y, m, col))
			if c.hollow && mid > 0 {
				t.Errorf("%.0f %%: player %d's %s: %d of its middle pixels in its colour, want none", sc*100, c.owner, art.PlayerMark(game.PlayerID(c.owner)), mid)
			}
			if !c.hollow && mid < m*m {
				t.Errorf("%.0f %%: player %d's %s: %d of its middle pixels in its colour, want %d", sc*100, c.owner, art.PlayerMark(game.PlayerID(c.owner)), mid, m*m)
			}
		}
		for _, pair := range [][2]int{{0, 1}, {2, 3}} {
			a, b := masks[pair[0]], masks[pair[1]]
			diff := 0
			for i := range a {
				if a[i] != b[i] {
					diff++
				}
			}
			if least := int(2 * sc * sc); diff < least {
				t.Errorf("%.0f %%: players %d and %d (one colour): their towns' shapes differ in %d pixels, want at least %d",
					sc*100, towns[pair[0]].owner, towns[pair[1]].owner, diff, least)
			}
		}
	}
}
