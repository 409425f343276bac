package risk

import (
	"image"
	"image/color"
	"testing"

	"empires/client/art"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/rules/risk/board"
)

// filledIn returns how many of territory t's inland cells in sight (away
// from the badges) img shows filled, most of their middle, in colour c or
// its pattern's ink, and how many were looked at.
func filledIn(img *image.RGBA, m *Map, sight image.Rectangle, t board.TerritoryID, c color.RGBA) (filled, cells int) {
	b := m.Board()
	for cy := range b.Height {
		for cx := range b.Width {
			if b.Cell(cx, cy) != t || coastal(b, cx, cy) {
				continue
			}
			box := cellBox(m, cx, cy)
			mid := box.Min.Add(box.Max).Div(2)
			if box.Empty() || !box.In(sight) || m.nearBadge(mid) {
				continue
			}
			cells++
			if n := countBetween(img, box, c, art.PatternInk(c), 14); 2*n >= box.Dx()*box.Dy() {
				filled++
			}
		}
	}
	return filled, cells
}

// TestPalette checks that the map paints the players in the palette
// chosen in Settings, at once when it changes in the game: each player's
// territory in its colour of that palette (want), not the other's where
// the two differ, after
// the choice goes from Standard to Colour-blind and back; and that the
// frame after a change is drawn again (Update says so).
func TestPalette(t *testing.T) {
	tg := newTestGame(t, 1, 4, small)
	tg.others(500)
	m := tg.s.mp
	renderScreen(t, tg) // the first painting, in the standard palette
	tests := []struct {
		name        string
		colourBlind bool
		want, not   art.Palette
	}{
		{"colour-blind", true, art.PaletteColourBlind, art.PaletteStandard},
		{"standard", false, art.PaletteStandard, art.PaletteColourBlind},
	}
	for _, tc := range tests {
		tg.host.colourBlind = tc.colourBlind
		if !tg.s.Update(module.Input{Map: tg.host.MapRect(), Size: image.Pt(1024, 768)}) {
			t.Errorf("%s: the frame after Settings changed the palette is not drawn again", tc.name)
		}
		img := renderScreen(t, tg)
		saveShot(t, img, "screen-palette-"+tc.name+".png")
		seen := map[game.PlayerID]bool{}
		for _, tt := range m.Board().Territories {
			seat := game.PlayerID(m.hold[tt.ID-1].Owner)
			if seat == 0 {
				continue
			}
			want, not := tc.want.Color(seat), tc.not.Color(seat)
			have, cells := filledIn(img, m, tg.host.MapInSight(), tt.ID, want)
			if cells == 0 {
				continue
			}
			seen[seat] = true
			if 3*have < 2*cells {
				t.Errorf("%s: %s (seat %d) is filled in %d cells of %d in its colour %v, want most", tc.name, tt.Name, seat, have, cells, want)
			}
			if near(want, not, 30) {
				continue // (seat 1 is orange in both)
			}
			if other, _ := filledIn(img, m, tg.host.MapInSight(), tt.ID, not); other*3 >= cells {
				t.Errorf("%s: %s (seat %d) is still filled in %d cells of %d in the other palette's %v", tc.name, tt.Name, seat, other, cells, not)
			}
		}
		if len(seen) < 2 {
			t.Errorf("%s: the territories of %d players looked at, want two or more", tc.name, len(seen))
		}
	}
}
