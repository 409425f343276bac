package board

import (
	"empires/client/art"

	"fmt"
	"maps"
	"slices"
	"testing"

	"empires/client/camera"
	"empires/shared/hex"
	"empires/shared/mapimage"
	"empires/shared/rules/erfworld"
)

// crowdedMarkers are the fullest things a hex can show: cities with the
// widest labels, stacks with every badge and the widest counts, fleets,
// and the reach's costs.
func crowdedMarkers() map[string]hexMarkers {
	own := hexMarkers{Armies: 3, Units: 888, Warlord: 9, Casters: 9, Stance: true}
	enemy := hexMarkers{Armies: 3, Units: 888, Characters: 9, Seen: 888}
	city := func(m hexMarkers, level int32, seen bool) hexMarkers {
		m.City, m.Level, m.Capital = true, level, true
		if seen {
			m.CitySeen = 888
		}
		return m
	}
	cost := func(m hexMarkers) hexMarkers {
		m.HasCost, m.Cost = true, 88
		return m
	}
	fleet := func(m hexMarkers) hexMarkers {
		m.Naval = true
		return m
	}
	out := map[string]hexMarkers{
		"own stack":           cost(own),
		"enemy stack":         cost(enemy),
		"own fleet":           cost(fleet(own)),
		"enemy fleet":         cost(fleet(enemy)),
		"empty fleet":         cost(hexMarkers{Armies: 2, Naval: true}),
		"lone army":           cost(hexMarkers{Armies: 1, Units: 888}),
		"cost only":           cost(hexMarkers{}),
		"own stack in city":   cost(city(own, 5, false)),
		"enemy stack in city": cost(city(enemy, 5, true)),
	}
	for n := 1; n <= maxStructuresDrawn; n++ {
		out[fmt.Sprintf("%d structures", n)] = cost(hexMarkers{Structures: n})
		s := own
		s.Structures = n
		out[fmt.Sprintf("own stack on %d structures", n)] = cost(s)
		e := enemy
		e.Structures = n
		out[fmt.Sprintf("enemy stack on %d structures", n)] = cost(e)
	}
	for level := int32(1); level <= art.CityLevels; level++ {
		out[fmt.Sprintf("city %d", level)] = cost(city(hexMarkers{}, level, true))
		out[fmt.Sprintf("enemy in city %d", level)] = cost(city(enemy, level, true))
	}
	return out
}

// conflict is two parts that cover each other: a of a hex's markers,
// b of the same hex's or of its neighbour's at at.
type conflict struct {
	hexPx  float64
	a, b   string // the markers of each hex
	at     hex.Hex
	pa, pb part
}

func (c conflict) String() string {
	if c.b == "" {
		return fmt.Sprintf("hex radius %.2f, %s: %v %v reaches further than %v hex radii", c.hexPx, c.a, c.pa.kind, c.pa.boxes(), layoutReach)
	}
	where := "in one hex"
	if c.at != (hex.Hex{}) {
		where = fmt.Sprintf("next to %s at %v", c.b, c.at)
	}
	return fmt.Sprintf("hex radius %.2f, %s %s: %v %v and %v %v", c.hexPx, c.a, where, c.pa.kind, c.pa.boxes(), c.pb.kind, c.pb.boxes())
}

// overlapping calls f for every part of a and part of b (of the same hex
// when same, a's drawn before b's) that cover each other. art.Pictures
// (tokens, city icons) may overlap each other, and in the same hex labels
// may lie on the pictures drawn before them; nothing else may overlap.
func overlapping(a, b []part, same bool, f func(p, q part)) {
	for i, p := range a {
		for j, q := range b {
			if same && j <= i || p.kind.picture() && q.kind.picture() {
				continue
			}
			if same && !q.kind.picture() && p.kind.picture() {
				continue // a label on a picture drawn before it
			}
			if anyOverlap(p.boxes(), q.boxes()) {
				f(p, q)
			}
		}
	}
}

func anyOverlap(a, b []box) bool {
	for _, x := range a {
		for _, y := range b {
			if x.overlaps(y) {
				return true
			}
		}
	}
	return false
}

// layoutStep is the step of layoutHexPxs.
const layoutStep = 0.5

// layoutHexPxs returns the hex radii on screen to check the layout at:
// every layoutStep from the zoom tokens are drawn from to the largest,
// and the thresholds of the layout.
func layoutHexPxs() []float64 {
	var out []float64
	for r := float64(midHexPx); r <= HexSize*camera.MaxZoom; r += layoutStep {
		out = append(out, r)
	}
	for _, r := range []float64{peekHexPx, unitsHexPx, costHexPx, stackHexPx, HexSize * camera.MaxZoom} {
		out = append(out, r, r-0.01)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// layoutReach is how far from its hex's centre, in hex radii, anything
// of a hex may be drawn: less than half the distance to the hexes two
// steps away (3 radii), so only the neighbours can overlap.
const layoutReach = 1.49

// layoutConflicts lays out every hex of markers at hex radius r, alone
// and in the middle of a ring of neighbours with each of them, and calls
// f for every two parts that cover each other, and with a part alone
// (b the zero part) for every part that reaches further than
// layoutReach. Cities closer than minCity hexes are not tried: the rules
// never found them.
func layoutConflicts(fs *fonts, markers map[string]hexMarkers, minCity int, r float64, f func(c conflict)) {
	names := sortedKeys(markers)
	l := mapimage.Layout{Size: r}
	laid := map[string][]part{}
	for _, n := range names {
		laid[n] = layoutHex(markers[n], r, fs)
		overlapping(laid[n], laid[n], true, func(p, q part) { f(conflict{r, n, n, hex.Hex{}, p, q}) })
		for _, p := range laid[n] {
			for _, b := range p.boxes() {
				if max(-b.x0, b.x1, -b.y0, b.y1) > layoutReach*r {
					f(conflict{r, n, "", hex.Hex{}, p, part{}})
				}
			}
		}
	}
	for _, h := range hex.Spiral(hex.Hex{}, 1)[1:] {
		dx, dy := l.Center(h)
		for _, a := range names {
			for _, b := range names {
				if markers[a].City && markers[b].City && hex.Distance(hex.Hex{}, h) < minCity {
					continue
				}
				moved := make([]part, len(laid[b]))
				for i, p := range laid[b] {
					moved[i] = p.moved(dx, dy)
				}
				overlapping(laid[a], moved, false, func(p, q part) { f(conflict{r, a, b, h, p, q}) })
			}
		}
	}
}

// TestLayoutNoOverlap lays out the fullest hexes (crowdedMarkers) at every
// hex size from the zoom tokens are drawn from to the largest, alone and
// in the middle of a ring of neighbours with the same or any other of
// them, and checks that no badge or label covers another, a mark, or
// another hex's token or city, and that nothing reaches the hexes
// further away.
func TestLayoutNoOverlap(t *testing.T) {
	fs, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	markers := crowdedMarkers()
	n := 0
	for _, r := range layoutHexPxs() {
		layoutConflicts(fs, markers, rs.City.MinDistance, r, func(c conflict) {
			if n < 20 {
				t.Error(c)
			}
			n++
		})
	}
	if n > 20 {
		t.Errorf("and %d more", n-20)
	}
}

func sortedKeys(m map[string]hexMarkers) []string { return slices.Sorted(maps.Keys(m)) }

// TestLayoutThresholds checks that each part of the fullest hexes
// (crowdedMarkers) shows exactly from its threshold on, up to the
// largest zoom (a capital's lone crown up to the badges' threshold,
// where the crown carries the level), so that TestLayoutNoOverlap checks
// each at the smallest and the largest size it is drawn at; and that no
// text is smaller than minText (costTextMin for the costs).
func TestLayoutThresholds(t *testing.T) {
	fs, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	want := map[partKind][2]float64{ // the first and last hex radius shown
		partCity:       {midHexPx, HexSize * camera.MaxZoom},
		partBanner:     {midHexPx, HexSize * camera.MaxZoom},
		partCrown:      {midHexPx, stackHexPx},
		partToken:      {midHexPx, HexSize * camera.MaxZoom},
		partMark:       {midHexPx, HexSize * camera.MaxZoom},
		partBeneath:    {peekHexPx, HexSize * camera.MaxZoom},
		partUnits:      {unitsHexPx, HexSize * camera.MaxZoom},
		partCost:       {costHexPx, HexSize * camera.MaxZoom},
		partLevel:      {stackHexPx, HexSize * camera.MaxZoom},
		partCitySeen:   {stackHexPx, HexSize * camera.MaxZoom},
		partStack:      {stackHexPx, HexSize * camera.MaxZoom},
		partStance:     {stackHexPx, HexSize * camera.MaxZoom},
		partWarlord:    {stackHexPx, HexSize * camera.MaxZoom},
		partCasters:    {stackHexPx, HexSize * camera.MaxZoom},
		partCharacters: {stackHexPx, HexSize * camera.MaxZoom},
		partSeen:       {stackHexPx, HexSize * camera.MaxZoom},
		partStructure:  {midHexPx, HexSize * camera.MaxZoom},
	}
	first := map[partKind]float64{}
	last := map[partKind]float64{}
	markers := crowdedMarkers()
	for _, r := range layoutHexPxs() {
		for _, n := range sortedKeys(markers) {
			for _, p := range layoutHex(markers[n], r, fs) {
				least := float64(minText)
				if p.kind == partCost {
					least = costTextMin
				}
				if p.text != "" && p.size < least {
					t.Errorf("hex radius %v: %v %q in text of %v pixels, want at least %v", r, p.kind, p.text, p.size, least)
				}
				if _, ok := first[p.kind]; !ok {
					first[p.kind] = r
				}
				last[p.kind] = r
			}
		}
	}
	for k := range numPartKinds {
		w := want[k]
		if f, ok := first[k]; !ok || f < w[0] || f >= w[0]+layoutStep {
			t.Errorf("%v first shows at hex radius %v, want %v", k, f, w[0])
		}
		if l := last[k]; l > w[1] || l <= w[1]-layoutStep {
			t.Errorf("%v last shows at hex radius %v, want %v", k, l, w[1])
		}
	}
}

// A stack in a city leaves the city in sight: wherever unit counts are
// drawn, the city's picture stands beside the token, at most a fifth of
// it under the token's body, in every city of every level, a ruleset's
// with levels or without (erfpires's town, which shows nothing else of
// itself under a stack below the badges' zoom).
func TestCityBesideStack(t *testing.T) {
	fs, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	area := func(b box) float64 { return max(b.w(), 0) * max(b.h(), 0) }
	inter := func(a, b box) box { return box{max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1)} }
	for _, r := range layoutHexPxs() {
		if r < unitsHexPx {
			continue
		}
		for level := int32(1); level <= art.CityLevels; level++ {
			for _, noLevel := range []bool{false, true} {
				m := hexMarkers{City: true, Level: level, NoLevel: noLevel, Armies: 1, Units: 8}
				var city, token *part
				parts := layoutHex(m, r, fs)
				for i := range parts {
					switch parts[i].kind {
					case partCity:
						city = &parts[i]
					case partToken:
						token = &parts[i]
					}
				}
				if city == nil || token == nil {
					t.Fatalf("hex radius %.1f, level %d: no city or no token in %v", r, level, parts)
				}
				have, under := 0.0, 0.0
				for _, b := range city.boxes()[:2] { // its top and its bottom, not its shadow
					have += area(b)
					under += area(inter(b, token.box))
				}
				if under > have/5 {
					t.Errorf("hex radius %.1f, level %d (levels shown %v): %.0f of the city's %.0f square pixels lie under the token",
						r, level, !noLevel, under, have)
				}
			}
		}
	}
}
