package art

import (
	"fmt"
	"image/color"
	"testing"

	"empires/client/art/cvd"
	"empires/shared/game"
)

// TestColourBlindPalette computes, under normal vision and the three
// simulated colour vision deficiencies (package cvd, Machado et al.
// 2009), the CIEDE2000 difference of every two colours of the
// colour-blind palette and of each and the neutral grey: at least 20
// among the first four players (a usual table), 15 among all eight, 15
// from the grey. The standard palette does worse (its least among eight
// is about 10, under deuteranopia), which is why the other is offered.
func TestColourBlindPalette(t *testing.T) {
	pl := PaletteColourBlind
	visions := append([]cvd.Kind{cvd.Normal}, cvd.Kinds()...)
	least := func(pl Palette, n int, k cvd.Kind) (float64, string) {
		d, pair := 1000.0, ""
		for p := game.PlayerID(1); p <= game.PlayerID(n); p++ {
			for q := p + 1; q <= game.PlayerID(n); q++ {
				if e := DeltaE2000(cvd.Simulate(pl.Color(p), k), cvd.Simulate(pl.Color(q), k)); e < d {
					d, pair = e, fmt.Sprintf("players %d and %d", p, q)
				}
			}
		}
		return d, pair
	}
	for _, k := range visions {
		for _, tc := range []struct {
			n    int
			want float64
		}{{4, 20}, {8, 15}} {
			if have, pair := least(pl, tc.n, k); have < tc.want {
				t.Errorf("%v: %s of the first %d differ by %.1f, want at least %.0f", k, pair, tc.n, have, tc.want)
			}
		}
		for p := game.PlayerID(1); p <= 8; p++ {
			if d := DeltaE2000(cvd.Simulate(pl.Color(p), k), cvd.Simulate(NeutralColor, k)); d < 15 {
				t.Errorf("%v: player %d's %v and the neutral grey differ by %.1f, want at least 15", k, p, pl.Color(p), d)
			}
		}
	}
	worst := 1000.0
	for _, k := range visions {
		std, _ := least(PaletteStandard, 8, k)
		worst = min(worst, std)
	}
	if worst >= 15 {
		t.Errorf("the standard palette's least difference among eight is %.1f: the colour-blind one is no better", worst)
	}
}

// TestPaletteColor: the standard palette is PlayerColor; the
// colour-blind one repeats after eight and keeps the grey for nobody.
func TestPaletteColor(t *testing.T) {
	for p := game.PlayerID(0); p <= MaxColors; p++ {
		if have, want := PaletteStandard.Color(p), PlayerColor(p); have != want {
			t.Errorf("standard: player %d is %v, want %v", p, have, want)
		}
	}
	if have := PaletteColourBlind.Color(0); have != NeutralColor {
		t.Errorf("colour-blind: nobody is %v, want %v", have, NeutralColor)
	}
	if PaletteColourBlind.Color(9) != PaletteColourBlind.Color(1) || PaletteColourBlind.Color(1) == PaletteColourBlind.Color(2) {
		t.Error("colour-blind: player 9 is not player 1's colour, or 1 is 2's")
	}
	panel := color.RGBA{36, 33, 30, 255}
	for p := game.PlayerID(1); p <= 8; p++ {
		if c := PaletteColourBlind.TextColor(p, panel); Contrast(c, panel) < 4.5 {
			t.Errorf("colour-blind: player %d's name in %v on a dark panel has a contrast of %.2f, want 4.5", p, c, Contrast(c, panel))
		}
	}
	if PaletteOf(true) != PaletteColourBlind || PaletteOf(false) != PaletteStandard {
		t.Error("PaletteOf does not follow the preference")
	}
}
