package board

import (
	"image"
	"testing"

	"empires/shared/game"
)

// TestPlayerColorsDistinct checks that any two of the sixteen players'
// colours, and each against a neutral city's grey, differ at a glance.
func TestPlayerColorsDistinct(t *testing.T) {
	const minPlayers, minNeutral = 20, 25 // CIE76 differences
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		if d := deltaE(PlayerColor(p), neutralColor); d < minNeutral {
			t.Errorf("%v %v is %.1f from neutral %v, want at least %d", p, PlayerColor(p), d, neutralColor, minNeutral)
		}
		for q := p + 1; q <= game.MaxPlayers; q++ {
			if d := deltaE(PlayerColor(p), PlayerColor(q)); d < minPlayers {
				t.Errorf("%v %v and %v %v differ by %.1f, want at least %d", p, PlayerColor(p), q, PlayerColor(q), d, minPlayers)
			}
		}
	}
}

func TestPlayerColorRepeats(t *testing.T) {
	if have, want := PlayerColor(0), neutralColor; have != want {
		t.Errorf("PlayerColor(0) = %v, want %v", have, want)
	}
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		if have, want := PlayerColor(p+game.MaxPlayers), PlayerColor(p); have != want {
			t.Errorf("PlayerColor(%d) = %v, want %v like %v", p+game.MaxPlayers, have, want, p)
		}
	}
}

// TestInkContrast checks that marks and numbers drawn on each player's
// colour stand out from it.
func TestInkContrast(t *testing.T) {
	for p := game.PlayerID(0); p <= game.MaxPlayers; p++ {
		c := PlayerColor(p)
		if have := contrast(c, inkOn(c)); have < 4 {
			t.Errorf("ink %v on %v's %v: contrast %.2f, want at least 4", inkOn(c), p, c, have)
		}
	}
}

func TestPlayerMark(t *testing.T) {
	if have := PlayerMark(0); have != MarkNone {
		t.Errorf("PlayerMark(0) = %v, want none", have)
	}
	seen := map[Mark]game.PlayerID{}
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		m := PlayerMark(p)
		if m == MarkNone || m >= numMarks {
			t.Errorf("PlayerMark(%d) = %d, want one of the sixteen marks", p, m)
		}
		if q, dup := seen[m]; dup {
			t.Errorf("players %d and %d share the mark %v", q, p, m)
		}
		seen[m] = p
		if have := PlayerMark(p + game.MaxPlayers); have != m {
			t.Errorf("PlayerMark(%d) = %v, want %v like player %d", p+game.MaxPlayers, have, m, p)
		}
	}
}

// TestMarksDiffer paints the sixteen marks as small as they are drawn on
// tokens and checks that every two differ in a good part of their area,
// so they can be told apart without colour.
func TestMarksDiffer(t *testing.T) {
	const size = 16
	imgs := make([]*image.RGBA, numMarks)
	for m := MarkCircle; m < numMarks; m++ {
		imgs[m] = paintSprite(spriteKey{spriteMark, uint8(m), size})
		if a := coverage(imgs[m]); a < 0.1 {
			t.Errorf("%v covers %.0f%% of its box, want a visible shape", m, 100*a)
		}
	}
	for m := MarkCircle; m < numMarks; m++ {
		for n := m + 1; n < numMarks; n++ {
			if d := difference(imgs[m], imgs[n]); d < 0.08 {
				t.Errorf("%v and %v differ in %.1f%% of the box, want at least 8%%", m, n, 100*d)
			}
		}
	}
}

// coverage returns the mean opacity of img, 0 to 1.
func coverage(img *image.RGBA) float64 {
	s := 0.0
	for i := 3; i < len(img.Pix); i += 4 {
		s += float64(img.Pix[i]) / 255
	}
	return s / float64(len(img.Pix)/4)
}

// difference returns the mean difference in opacity of a and b, 0 to 1.
func difference(a, b *image.RGBA) float64 {
	s := 0.0
	for i := 3; i < len(a.Pix); i += 4 {
		d := float64(a.Pix[i]) - float64(b.Pix[i])
		if d < 0 {
			d = -d
		}
		s += d / 255
	}
	return s / float64(len(a.Pix)/4)
}
