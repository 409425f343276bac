package art

import (
	"image"
	"image/color"
	"math"
	"testing"

	"empires/shared/game"
	"empires/shared/mapimage"
)

// TestCIEDE2000 checks DeltaE2000's formula against pairs of the test
// data published with it (Sharma, Wu and Dalal 2005).
func TestCIEDE2000(t *testing.T) {
	for _, tc := range []struct {
		a, b [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, -1.3802, -84.2814}, [3]float64{50, 0, -82.7485}, 1.0000},
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},
		{[3]float64{50, 2.49, -0.001}, [3]float64{50, -2.49, 0.0011}, 7.2195},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{22.7233, 20.0904, -46.694}, [3]float64{23.0331, 14.973, -42.5619}, 2.0373},
		{[3]float64{90.8027, -2.0831, 1.441}, [3]float64{91.1528, -1.6435, 0.0447}, 1.4441},
		{[3]float64{2.0776, 0.0795, -1.135}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},
	} {
		have := ciede2000(tc.a[0], tc.a[1], tc.a[2], tc.b[0], tc.b[1], tc.b[2])
		if math.Abs(have-tc.want) > 1e-4 {
			t.Errorf("ciede2000(%v, %v) = %.4f, want %.4f", tc.a, tc.b, have, tc.want)
		}
	}
}

// The first sixteen colours are the map images' (the hex games'), the
// colours repeat after MaxColors, and nobody is grey.
func TestPlayerColorRepeats(t *testing.T) {
	if have, want := PlayerColor(0), NeutralColor; have != want {
		t.Errorf("PlayerColor(0) = %v, want %v", have, want)
	}
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		if have, want := PlayerColor(p), mapimage.PlayerColor(int(p)-1); have != want {
			t.Errorf("PlayerColor(%d) = %v, want the map images' %v", p, have, want)
		}
	}
	for p := game.PlayerID(1); p <= MaxColors; p++ {
		if have, want := PlayerColor(p+MaxColors), PlayerColor(p); have != want {
			t.Errorf("PlayerColor(%d) = %v, want %v like %v", p+MaxColors, have, want, p)
		}
	}
}

// Players 17 to 20 (a table of twenty at Duel) have colours of their
// own: none is the colour of another of the twenty, each differs from
// every other by a CIEDE2000 of at least 20 (the first sixteen keep
// their own, stricter, test above), from the neutral grey and from the
// card table's felt.
func TestExtraColorsDistinct(t *testing.T) {
	felt := color.RGBA{24, 70, 52, 255}
	for p := game.PlayerID(game.MaxPlayers + 1); p <= MaxColors; p++ {
		for q := game.PlayerID(1); q <= MaxColors; q++ {
			if q == p {
				continue
			}
			if d := DeltaE2000(PlayerColor(p), PlayerColor(q)); d < 20 {
				t.Errorf("players %d and %d: %v and %v differ by %.1f, want at least 20", p, q, PlayerColor(p), PlayerColor(q), d)
			}
		}
		for _, c := range []color.RGBA{NeutralColor, felt} {
			if d := DeltaE2000(PlayerColor(p), c); d < 20 {
				t.Errorf("player %d's %v and %v differ by %.1f, want at least 20", p, PlayerColor(p), c, d)
			}
		}
	}
}

// PlayerTextColor writes every player's name readably on a dark panel
// and a light one (contrast 4.5), keeps the light colours as they are
// and keeps the lightened ones apart from each other.
func TestPlayerTextColor(t *testing.T) {
	for _, bg := range []color.RGBA{{12, 36, 27, 255}, {36, 33, 30, 255}, {24, 70, 52, 255}} {
		seen := map[color.RGBA]game.PlayerID{}
		for p := game.PlayerID(1); p <= MaxColors; p++ {
			c := PlayerTextColor(p, bg)
			if have := Contrast(c, bg); have < 4.5 {
				t.Errorf("player %d's text %v on %v: contrast %.2f, want at least 4.5", p, c, bg, have)
			}
			if Contrast(PlayerColor(p), bg) >= 4.5 && c != PlayerColor(p) {
				t.Errorf("player %d's text on %v is %v, want its own colour %v", p, bg, c, PlayerColor(p))
			}
			if q, dup := seen[c]; dup {
				t.Errorf("players %d and %d write in the same %v on %v", q, p, c, bg)
			}
			seen[c] = p
		}
	}
}

// TestInkContrast checks that marks and numbers drawn on each player's
// colour stand out from it.
func TestInkContrast(t *testing.T) {
	for p := game.PlayerID(0); p <= game.MaxPlayers; p++ {
		c := PlayerColor(p)
		if have := Contrast(c, InkOn(c)); have < 4 {
			t.Errorf("ink %v on %v's %v: contrast %.2f, want at least 4", InkOn(c), p, c, have)
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
		if m == MarkNone || m >= NumMarks {
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
	imgs := make([]*image.RGBA, NumMarks)
	for m := MarkCircle; m < NumMarks; m++ {
		imgs[m] = PaintSprite(SpriteMark, uint8(m), size)
		if a := coverage(imgs[m]); a < 0.1 {
			t.Errorf("%v covers %.0f%% of its box, want a visible shape", m, 100*a)
		}
	}
	for m := MarkCircle; m < NumMarks; m++ {
		for n := m + 1; n < NumMarks; n++ {
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

// TestOver checks Over and Opaque: an opaque colour hides what is under
// it, a transparent one shows it, and half of one lies between.
func TestOver(t *testing.T) {
	bg := color.RGBA{200, 100, 0, 255}
	for _, c := range []struct {
		name     string
		fg, want color.RGBA
	}{
		{"opaque", color.RGBA{10, 20, 30, 255}, color.RGBA{10, 20, 30, 255}},
		{"transparent", color.RGBA{}, bg},
		{"half white", color.RGBA{128, 128, 128, 128}, color.RGBA{228, 178, 128, 255}},
	} {
		if have := Over(c.fg, bg); have != c.want {
			t.Errorf("%s: Over = %v, want %v", c.name, have, c.want)
		}
	}
	if have, want := Opaque(color.NRGBA{1, 2, 3, 40}), (color.RGBA{1, 2, 3, 255}); have != want {
		t.Errorf("Opaque = %v, want %v", have, want)
	}
}
