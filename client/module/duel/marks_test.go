package duel

import (
	"image"
	"testing"

	"empires/client/art"
	"empires/shared/game"
	rules "empires/shared/rules/duel"
)

// TestSeatMarks: at a table of four every seat's dot before its name
// carries the seat's mark (art.PlayerMark, as the maps draw it) in ink
// on its colour, so that the players are told apart by shape too, and
// the marks differ from seat to seat; with the colour-blind palette
// chosen, the dots are in its colours.
func TestSeatMarks(t *testing.T) {
	for _, colourBlind := range []bool{false, true} {
		seatMarks(t, colourBlind)
	}
}

// seatMarks checks the seats' dots as TestSeatMarks says, in the
// colour-blind palette (Settings' Player colours) or the standard one.
func seatMarks(t *testing.T, colourBlind bool) {
	t.Helper()
	sh := shellOf(1024, 768)
	tg := newTestGame(t, 1, 1, "Ann", "Bob", "Cid", "Dan")
	tg.host.mapR = sh.mapR
	tg.host.colourBlind = colourBlind
	tg.offer()
	tg.play(1, rules.Action{Kind: rules.ActPass})
	img := render(t, tg.s, sh, image.Pt(5, 50), 2)
	seen := map[art.Mark]bool{}
	for _, sb := range tg.s.lay.Places {
		r := dotRect(float64(sb.Name.Min.X), float64(sb.Name.Min.Y), tg.s.textSize())
		col := art.PaletteOf(colourBlind).Color(game.PlayerID(sb.Seat))
		if n := count(img, r, art.InkOn(col), 80); n < 4 {
			t.Errorf("seat %d: %d pixels of ink %v in its dot %v: no mark", sb.Seat, n, art.InkOn(col), r)
		}
		if n := count(img, r, col, 8); n < 10 {
			t.Errorf("seat %d: %d pixels of its colour %v in its dot %v", sb.Seat, n, col, r)
		}
		m := art.PlayerMark(game.PlayerID(sb.Seat))
		if seen[m] {
			t.Errorf("seat %d: mark %v, another seat's too", sb.Seat, m)
		}
		seen[m] = true
	}
	if len(tg.s.lay.Places) < 3 {
		t.Errorf("%d other seats at a table of four", len(tg.s.lay.Places))
	}
}
