package risk

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/shared/game"
	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
)

// holdings returns a game's worth of holdings on b: the territories dealt
// to seats 1 to seats in turn, every seventh neutral (no one's, with 2
// armies), 1 to 12 armies each, 105 on the first, cities on every
// fifth.
func holdings(b *board.Board, seats int) []Holding {
	h := make([]Holding, len(b.Territories))
	for i := range h {
		h[i] = Holding{Owner: ruleset.Seat(1 + i%seats), Armies: 1 + i*7%12, City: i%5 == 2}
		if i%7 == 6 {
			h[i] = Holding{Armies: 2}
		}
	}
	h[0].Armies = 105
	return h
}

// newClassicMap returns the map of the classic board with the holdings
// of six players.
func newClassicMap(t testing.TB) *Map {
	t.Helper()
	m, err := NewMap(classic(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.SetHoldings(holdings(m.Board(), 6)); err != nil {
		t.Fatal(err)
	}
	m.SetPlayers([]string{"Ann", "Bob", "Cid", "Dan", "Eve", "Fay"})
	return m
}

// Picking is exact: every territory is found at its badge's point
// (board.Centre), and every cell at its centre, whatever the zoom and
// the pan; the sea and the parts of the window off the map are no
// territory.
func TestPickEveryTerritory(t *testing.T) {
	for _, sh := range []shell{shellOf(1024, 768), shellOf(1920, 1080)} {
		m := newClassicMap(t)
		m.Update(sh.input(image.Pt(5, 5), false, false), sh.sight)
		b := m.Board()
		views := []struct {
			name       string
			zoom       float64 // 0: fit the board
			panX, panY float64
		}{
			{"fit", 0, 0, 0}, {"zoom 1", 1, 0, 0}, {"zoom 2 panned", 2, 300, -150},
			{"zoom 4 panned", 4, -900, 400}, {"zoom 0.3", 0.3, 40, 40}, {"zoom 1.7 panned", 1.7, -500, -300},
		}
		found := make([]int, len(b.Territories))
		for _, v := range views {
			m.Fit()
			if v.zoom != 0 {
				m.Camera().ZoomAt(v.zoom/m.Camera().Zoom, m.Camera().ScreenW/2, m.Camera().ScreenH/2)
			}
			m.Camera().Pan(v.panX, v.panY)
			for _, tt := range b.Territories {
				x, y, ok := m.ScreenOf(tt.ID)
				p := image.Pt(int(math.Floor(x)), int(math.Floor(y)))
				if !ok || !p.In(sh.mapR) {
					continue
				}
				found[tt.ID-1]++
				if have := m.TerritoryAt(p); have != tt.ID {
					t.Errorf("%s %s: at %v, %s's centre, the map finds %d, want %d", size(sh), v.name, p, tt.Name, have, tt.ID)
				}
			}
			// Every cell, at its centre.
			for cy := range b.Height {
				for cx := range b.Width {
					wx, wy := m.lay.CellCentre(cx, cy)
					x, y := m.toWindow(wx, wy)
					p := image.Pt(int(math.Floor(x)), int(math.Floor(y)))
					if !p.In(sh.mapR) {
						continue
					}
					if have, want := m.TerritoryAt(p), b.Cell(cx, cy); have != want {
						t.Errorf("%s %s: cell %d,%d at %v is %d, want %d", size(sh), v.name, cx, cy, p, have, want)
					}
				}
			}
		}
		for i, n := range found {
			if n < 2 {
				t.Errorf("%s: %s was in sight in %d views of 6: the views test too little", size(sh), b.Territories[i].Name, n)
			}
		}
		if have := m.TerritoryAt(image.Pt(sh.mapR.Max.X+5, 100)); have != 0 {
			t.Errorf("%s: the side panel is territory %d", size(sh), have)
		}
		m.Fit()
		x, y := m.toWindow(m.lay.CellCentre(0, 0)) // the top-left cell is sea
		if have := m.TerritoryAt(image.Pt(int(x), int(y))); have != 0 {
			t.Errorf("%s: the sea at the top-left corner is territory %d", size(sh), have)
		}
	}
}

// Clicking a territory reports it; a drag pans and clicks nothing; the
// wheel zooms at the pointer; H shows the whole board again.
func TestClickDragZoom(t *testing.T) {
	sh := shellOf(1024, 768)
	m := newClassicMap(t)
	m.Update(sh.input(image.Pt(5, 5), false, false), sh.sight)
	b := m.Board()
	kam := id(t, b, "Kamchatka")
	x, y, _ := m.ScreenOf(kam)
	pt := image.Pt(int(x), int(y))
	if have := sh.click(m, pt); have != kam {
		t.Errorf("clicking Kamchatka's badge at %v clicks %d, want %d", pt, have, kam)
	}
	// Nothing done, nothing to draw again (the client draws only on a
	// change).
	if redraw, _ := m.Update(sh.input(pt, false, false), sh.sight); redraw {
		t.Error("a frame of no input asks to draw the map again")
	}
	// A drag of 60 pixels pans by 60 pixels and is no click.
	zoom := m.Camera().Zoom
	m.Camera().ZoomAt(2, float64(sh.sight.Dx()/2), float64(sh.sight.Dy()/2))
	x0, _, _ := m.ScreenOf(kam)
	mid := image.Pt(sh.sight.Min.X+sh.sight.Dx()/2, sh.sight.Min.Y+sh.sight.Dy()/2)
	m.Update(sh.input(mid, true, false), sh.sight)
	in := sh.input(mid.Add(image.Pt(-60, 0)), false, false)
	in.Held = in.Held.With(ebiten.MouseButtonLeft)
	m.Update(in, sh.sight)
	if _, clicked := m.Update(sh.input(mid.Add(image.Pt(-60, 0)), false, true), sh.sight); clicked != 0 {
		t.Errorf("a drag clicked territory %d", clicked)
	}
	if x1, _, _ := m.ScreenOf(kam); math.Abs(x1-(x0-60)) > 0.01 {
		t.Errorf("a drag of 60 pixels left moved Kamchatka from x %.1f to %.1f", x0, x1)
	}
	// The wheel zooms in at the pointer: the territory under it stays.
	x, y, _ = m.ScreenOf(id(t, b, "Egypt"))
	pt = image.Pt(int(x), int(y))
	in = sh.input(pt, false, false)
	in.WheelY = 2
	if redraw, _ := m.Update(in, sh.sight); !redraw {
		t.Error("the wheel zoomed, and the map does not draw again")
	}
	if have := m.TerritoryAt(pt); have != id(t, b, "Egypt") {
		t.Errorf("after zooming at Egypt, the pointer is on %d", have)
	}
	in = sh.input(pt, false, false)
	in.KeysPressed = []ebiten.Key{ebiten.KeyH}
	m.Update(in, sh.sight)
	if math.Abs(m.Camera().Zoom-zoom) > 1e-9 {
		t.Errorf("H: zoom %.3f, want the whole board's %.3f", m.Camera().Zoom, zoom)
	}
}

// Each seat's territories are hatched with a pattern of its own, drawn
// differently: a player who cannot tell two colours apart tells the
// owners apart by their patterns.
func TestSeatPatternsDiffer(t *testing.T) {
	var masks [][]bool
	for s := ruleset.Seat(1); s <= 6; s++ {
		if art.PlayerPattern(game.PlayerID(s)) == art.Plain {
			t.Errorf("seat %d is plain, as no one's territories are", s)
		}
		for o := ruleset.Seat(1); o < s; o++ {
			if art.PlayerPattern(game.PlayerID(o)) == art.PlayerPattern(game.PlayerID(s)) {
				t.Errorf("seats %d and %d both have %v", o, s, art.PlayerPattern(game.PlayerID(s)))
			}
		}
	}
	drawtest.OnFrame(t, func() {
		dot := ebiten.NewImage(2*discR+2, 2*discR+2)
		defer dot.Deallocate()
		dot.Fill(color.White)
		for s := ruleset.Seat(1); s <= 6; s++ {
			img := ebiten.NewImage(48, 48)
			art.DrawPattern(img, img.Bounds(), art.PlayerPattern(game.PlayerID(s)), 12, color.RGBA{255, 255, 255, 255}, dot)
			px := make([]byte, 4*48*48)
			img.ReadPixels(px)
			img.Deallocate()
			mask := make([]bool, 48*48)
			n := 0
			for i := range mask {
				mask[i] = px[4*i+3] > 128
				if mask[i] {
					n++
				}
			}
			if n < 48*48/12 || n > 48*48*3/4 {
				t.Errorf("seat %d's %v covers %d pixels of %d: too little or too much to see the colour under it", s, art.PlayerPattern(game.PlayerID(s)), n, 48*48)
			}
			masks = append(masks, mask)
		}
	})
	for i := range masks {
		for j := range i {
			diff := 0
			for k := range masks[i] {
				if masks[i][k] != masks[j][k] {
					diff++
				}
			}
			if diff < 48*48/8 {
				t.Errorf("seats %d and %d: their patterns differ in %d pixels of %d", j+1, i+1, diff, 48*48)
			}
		}
	}
}

// SetHoldings takes one holding a territory, none negative.
func TestSetHoldingsRefuses(t *testing.T) {
	m := newClassicMap(t)
	before := slices.Clone(m.hold)
	tests := []struct {
		name string
		have []Holding
		want string
	}{
		{"too few", make([]Holding, 41), "41 holdings for a board of 42 territories"},
		{"negative", append(make([]Holding, 41), Holding{Armies: -1}), "Eastern Australia has -1 armies"},
	}
	for _, tc := range tests {
		err := m.SetHoldings(tc.have)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if !slices.Equal(m.hold, before) {
		t.Error("a refused list changed the holdings shown")
	}
	if _, err := NewMap(&board.Board{}); err == nil {
		t.Error("a board with no drawing makes a map")
	}
}

// The tooltip names the territory, its continent and the continent's
// bonus, who holds it with how many armies, a city, the disasters that
// may strike (Table 3) and its links.
func TestTooltip(t *testing.T) {
	m := newClassicMap(t)
	b := m.Board()
	kam := id(t, b, "Kamchatka")
	h := holdings(b, 6)
	h[kam-1] = Holding{Owner: 2, Armies: 1, City: true}
	if err := m.SetHoldings(h); err != nil {
		t.Fatal(err)
	}
	want := []string{"Kamchatka", "Asia: 7 armies a turn for all its 12 territories", "Bob's: 1 army, a city",
		"'Quakes may strike", "Links: Alaska, Yakutsk, Irkutsk, Mongolia, Japan"}
	if have := m.Tooltip(kam); !slices.Equal(have, want) {
		t.Errorf("Kamchatka's tooltip:\n%q\nwant\n%q", have, want)
	}
	h[kam-1] = Holding{Armies: 2}
	_ = m.SetHoldings(h)
	if have := m.Tooltip(kam)[2]; have != "Neutral: 2 armies" {
		t.Errorf("a neutral Kamchatka: %q", have)
	}
}

// Each continent's name and bonus is written on the sea near it, as
// Warzone writes its bonuses: on the classic board all six, each plate
// on the sea with a third of a cell around it, none over another or over
// a link across the sea, each within four cells of its continent.
func TestContinentLabels(t *testing.T) {
	sh := shellOf(1920, 1080)
	m := newClassicMap(t)
	m.Update(sh.input(image.Pt(5, 5), false, false), sh.sight)
	b := m.Board()
	measure := func(s string) (float64, float64) { return 7.5*float64(len(s)) + 10, 20 } // about the 13-pixel bold face's
	labels := m.continentLabels(measure)
	var want []string
	for _, c := range b.Continents {
		want = append(want, fmt.Sprintf("%s +%d", c.Name, c.Bonus))
	}
	var have []string
	for i, l := range labels {
		have = append(have, l.Text)
		if !m.onSea(l) || overlaps(l, labels[:i]) || m.crossesLink(l) {
			t.Errorf("%q at %.0f,%.0f: on the sea %t, over an earlier label %t, over a link %t", l.Text, l.X, l.Y, m.onSea(l), overlaps(l, labels[:i]), m.crossesLink(l))
		}
		cx, cy, _ := m.lay.CellAt(l.X, l.Y)
		near := false
		for _, tt := range b.Continent(l.C).Territories {
			for y := range b.Height {
				for x := range b.Width {
					if b.Cell(x, y) == tt && max(x-cx, cx-x) <= 4 && max(y-cy, cy-y) <= 4 {
						near = true
					}
				}
			}
		}
		if !near {
			t.Errorf("%q at cell %d,%d is more than four cells from its continent", l.Text, cx, cy)
		}
	}
	if !slices.Equal(have, want) {
		t.Errorf("labels %q, want %q", have, want)
	}
}
