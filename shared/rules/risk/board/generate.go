package board

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Settings are what a generated map is made from.
type Settings struct {
	Territories int // 4 to MaxTerritories
	Continents  int // 1 to Territories/2
	// Width and Height are the drawing's size in cells: 8 to MaxSide
	// each, with at least 8 cells a territory.
	Width, Height int
}

// DefaultSettings returns the settings of a generated map about the size
// of the classic one.
func DefaultSettings() Settings {
	return Settings{Territories: 42, Continents: 6, Width: 74, Height: 31}
}

// Check returns an error naming the first setting out of range, or nil.
func (s Settings) Check() error {
	switch {
	case s.Territories < 4 || s.Territories > MaxTerritories:
		return fmt.Errorf("risk map: %d territories, want 4 to %d", s.Territories, MaxTerritories)
	case s.Continents < 1 || s.Continents > s.Territories/2:
		return fmt.Errorf("risk map: %d continents for %d territories, want 1 to %d", s.Continents, s.Territories, s.Territories/2)
	case s.Width < 8 || s.Width > MaxSide || s.Height < 8 || s.Height > MaxSide:
		return fmt.Errorf("risk map: a drawing of %d by %d cells, want 8 to %d each way", s.Width, s.Height, MaxSide)
	case s.Width*s.Height < 8*s.Territories:
		return fmt.Errorf("risk map: a drawing of %d by %d cells is too small for %d territories: want at least 8 cells a territory", s.Width, s.Height, s.Territories)
	}
	return nil
}

// Generation's constants.
const (
	// landPercent is the share of the drawing's cells territories grow to;
	// the rest is sea.
	landPercent = 45
	// genStream is the second word of the generator's PCG seed.
	genStream = 0x7269736b626f6172 // "riskboar"
)

// Generate returns a new map made from seed and s: the same seed and
// settings give the same map. Territories start around continent centres
// spread over the drawing and grow on the grid, one cell at a time in
// turn, to about 45% of the cells; islands are joined to the nearest land
// by sea links until every territory can be reached; continents grow over
// the links from the first territory of each centre, so that each is one
// connected group; each continent's bonus comes from its size and borders
// (ContinentBonus) and it gets Quake and Flood marks (markDisasters).
func Generate(seed uint64, s Settings) (*Board, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	g := generator{rng: rand.New(rand.NewPCG(seed, genStream)), b: &Board{
		Name:   fmt.Sprintf("Generated %d", seed),
		Width:  s.Width,
		Height: s.Height,
		Cells:  make([]TerritoryID, s.Width*s.Height),
	}}
	g.grow(s.Territories, s.Continents)
	links := landLinks(g.b)
	for i := range g.b.Territories {
		g.b.Territories[i].Links = links[i]
	}
	g.joinIslands()
	g.continents(s.Continents)
	g.name()
	for i := range g.b.Continents {
		c := &g.b.Continents[i]
		c.Bonus = ContinentBonus(len(c.Territories), len(g.b.Border(c.ID)))
		g.markDisasters(c)
	}
	return g.b, nil
}

// ContinentBonus returns a generated continent's bonus: (territories + 2 ×
// borders) / 3, at least 1 and at most MaxBonus, where borders counts its
// territories linked to another continent. It gives the classic bonuses
// within one army (North America 5, South America 2, Europe 5, Africa 4
// for 3, Asia 7, Australia 2): a continent is worth more the bigger it is
// and the more ways in it has to guard.
func ContinentBonus(territories, borders int) int {
	return min(max((territories+2*borders)/3, 1), MaxBonus)
}

// generator makes one map. Its random source is the only one used.
type generator struct {
	rng   *rand.Rand
	b     *Board
	cells [][]int       // each territory's cells, by ID less one, in the order taken
	home  []ContinentID // each territory's continent centre, by ID less one
	// frontier, mark and stamp are growOne's scratch: the free cells
	// next to a territory, found once each (mark[k] == stamp).
	frontier []int
	mark     []int
	stamp    int
}

// keys are the territories' keys in ID order.
const keys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// grow places n territories' starts around nc continent centres spread
// over the drawing, apart from each other, then grows them in turn, one
// cell each, until each has its share of the land or no room. The
// drawing's outer ring stays sea.
func (g *generator) grow(n, nc int) {
	b := g.b
	w, h := b.Width, b.Height
	inner := (w - 2) * (h - 2)
	land := inner * landPercent / 100
	centres := make([]int, 0, nc)
	spread := isqrt(inner / nc)
	for len(centres) < nc {
		for tries := 0; ; tries++ {
			if tries == 30 {
				spread, tries = max(spread-1, 0), 0
			}
			k := (1+g.rng.IntN(h-2))*w + 1 + g.rng.IntN(w-2)
			if !slices.ContainsFunc(centres, func(c int) bool { return g.gap(c, k) < spread }) {
				centres = append(centres, k)
				break
			}
		}
	}
	radius := max(1, isqrt(land/nc)*2/3)
	spacing := max(1, isqrt(land/n)*2/3)
	g.cells = make([][]int, n)
	g.home = make([]ContinentID, n)
	g.mark = make([]int, len(b.Cells))
	for i := range n {
		c := centres[i%nc]
		for tries := 0; ; tries++ {
			if tries == 30 {
				tries = 0
				if spacing > 1 {
					spacing--
				} else {
					radius++
				}
			}
			x := min(max(c%w+g.rng.IntN(2*radius+1)-radius, 1), w-2)
			y := min(max(c/w+g.rng.IntN(2*radius+1)-radius, 1), h-2)
			k := y*w + x
			if b.Cells[k] == 0 && g.apart(k, spacing) {
				b.Cells[k] = TerritoryID(i + 1)
				g.cells[i] = []int{k}
				break
			}
		}
		g.home[i] = ContinentID(i%nc + 1)
		b.Territories = append(b.Territories, Territory{ID: TerritoryID(i + 1), Key: keys[i]})
	}
	share := land / n
	target := make([]int, n)
	for i := range target {
		target[i] = max(1, share*(70+g.rng.IntN(61))/100)
	}
	for grew := true; grew; {
		grew = false
		for i := range n {
			if len(g.cells[i]) < target[i] && g.growOne(TerritoryID(i+1)) {
				grew = true
			}
		}
	}
}

// gap returns how many cells apart cells j and k are, across or down,
// whichever is more.
func (g *generator) gap(j, k int) int {
	w := g.b.Width
	return max(abs(j%w-k%w), abs(j/w-k/w))
}

// isqrt returns the whole square root of n >= 0, rounded down.
func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// apart reports whether cell k is at least d cells away, across or down,
// from every territory's start.
func (g *generator) apart(k, d int) bool {
	for _, c := range g.cells {
		if len(c) > 0 && g.gap(c[0], k) < d {
			return false
		}
	}
	return true
}

// growOne gives territory t one more sea cell next to its cells, not on
// the drawing's outer ring, and reports whether there was one. Of two
// cells drawn at random it takes the one with more of t's cells around,
// so that territories stay compact.
func (g *generator) growOne(t TerritoryID) bool {
	b := g.b
	g.frontier = g.frontier[:0]
	g.stamp++
	for _, c := range g.cells[t-1] {
		for _, e := range edges(c%b.Width, c/b.Width) {
			nx, ny := e[0], e[1]
			k := ny*b.Width + nx
			if nx >= 1 && ny >= 1 && nx < b.Width-1 && ny < b.Height-1 && b.Cells[k] == 0 && g.mark[k] != g.stamp {
				g.mark[k] = g.stamp
				g.frontier = append(g.frontier, k)
			}
		}
	}
	frontier := g.frontier
	if len(frontier) == 0 {
		return false
	}
	pick := frontier[g.rng.IntN(len(frontier))]
	for range 2 {
		if other := frontier[g.rng.IntN(len(frontier))]; g.around(other, t) > g.around(pick, t) {
			pick = other
		}
	}
	b.Cells[pick] = t
	g.cells[t-1] = append(g.cells[t-1], pick)
	return true
}

// around counts t's cells sharing an edge with cell k.
func (g *generator) around(k int, t TerritoryID) int {
	n := 0
	for _, e := range edges(k%g.b.Width, k/g.b.Width) {
		if g.b.Cell(e[0], e[1]) == t {
			n++
		}
	}
	return n
}

// joinIslands adds sea links until every territory can be reached from the
// first: each time, between the nearest cells of the land reached so far
// and the land not reached.
func (g *generator) joinIslands() {
	b := g.b
	for {
		dist := b.Distances(1)
		if !slices.Contains(dist, -1) {
			return
		}
		// A search over the cells from every cell of the reached land;
		// from[k] is the reached cell cell k was found from.
		from := make([]int, len(b.Cells))
		for k := range from {
			from[k] = -1
		}
		var queue []int
		for k, c := range b.Cells {
			if c != 0 && dist[c-1] >= 0 {
				from[k] = k
				queue = append(queue, k)
			}
		}
		for len(queue) > 0 {
			k := queue[0]
			queue = queue[1:]
			if c := b.Cells[k]; c != 0 && dist[c-1] < 0 {
				g.link(b.Cells[from[k]], c)
				break
			}
			for _, e := range edges(k%b.Width, k/b.Width) {
				nx, ny := e[0], e[1]
				n := ny*b.Width + nx
				if nx >= 0 && ny >= 0 && nx < b.Width && ny < b.Height && from[n] < 0 {
					from[n] = from[k]
					queue = append(queue, n)
				}
			}
		}
	}
}

// link adds the sea link x-y.
func (g *generator) link(x, y TerritoryID) {
	tx, ty := &g.b.Territories[x-1], &g.b.Territories[y-1]
	tx.Links = append(tx.Links, y)
	ty.Links = append(ty.Links, x)
	slices.Sort(tx.Links)
	slices.Sort(ty.Links)
}

// continents groups the territories into n continents: from the first
// territory started around each centre, each continent in turn takes a
// random unclaimed territory linked to it (one started around its centre if
// it can), up to its share; then each territory left joins the smallest
// continent it is linked to.
func (g *generator) continents(n int) {
	b := g.b
	for i := range n {
		c := ContinentID(i + 1)
		b.Continents = append(b.Continents, Continent{ID: c})
		b.Territories[i].Continent = c
	}
	share := len(b.Territories) / n
	for grew := true; grew; {
		grew = false
		for i := range b.Continents {
			c := ContinentID(i + 1)
			if g.size(c) >= share {
				continue
			}
			if free := g.free(c); len(free) > 0 {
				b.Territories[free[g.rng.IntN(len(free))]-1].Continent = c
				grew = true
			}
		}
	}
	// The links join every territory (joinIslands), so each pass claims
	// at least one territory while any is left.
	for left, claimed := true, true; left && claimed; {
		left, claimed = false, false
		for i := range b.Territories {
			t := &b.Territories[i]
			if t.Continent != 0 {
				continue
			}
			best := ContinentID(0)
			for _, o := range t.Links {
				c := b.Territories[o-1].Continent
				if c != 0 && (best == 0 || g.size(c) < g.size(best) || g.size(c) == g.size(best) && c < best) {
					best = c
				}
			}
			t.Continent = best
			left = left || best == 0
			claimed = claimed || best != 0
		}
	}
	for _, t := range b.Territories {
		c := &b.Continents[t.Continent-1]
		c.Territories = append(c.Territories, t.ID)
	}
}

// size returns how many territories continent c has so far.
func (g *generator) size(c ContinentID) int {
	n := 0
	for _, t := range g.b.Territories {
		if t.Continent == c {
			n++
		}
	}
	return n
}

// free returns the territories in no continent linked to continent c, in
// ID order: those started around c's centre if any are, else all.
func (g *generator) free(c ContinentID) []TerritoryID {
	var out, home []TerritoryID
	for _, t := range g.b.Territories {
		if t.Continent != 0 {
			continue
		}
		for _, o := range t.Links {
			if g.b.Territories[o-1].Continent == c {
				out = append(out, t.ID)
				if g.home[t.ID-1] == c {
					home = append(home, t.ID)
				}
				break
			}
		}
	}
	if len(home) > 0 {
		return home
	}
	return out
}

// markDisasters marks where 'Quakes and Floods strike in continent c, as
// Table 3 does on the classic map: a flood on a coast (a territory with a
// cell by the sea) if there is one, a quake on another territory when the
// continent has three or more, and a second quake on a continent of ten or
// more (the classic Asia, of twelve, has two).
func (g *generator) markDisasters(c *Continent) {
	b := g.b
	var coast, rest []TerritoryID
	for _, t := range c.Territories {
		if g.coastal(t) {
			coast = append(coast, t)
		} else {
			rest = append(rest, t)
		}
	}
	if len(coast) == 0 {
		coast, rest = rest, nil
	}
	i := g.rng.IntN(len(coast))
	b.Territories[coast[i]-1].Flood = true
	rest = append(rest, slices.Delete(coast, i, i+1)...)
	slices.Sort(rest)
	quakes := 0
	switch {
	case len(c.Territories) >= 10:
		quakes = 2
	case len(c.Territories) >= 3:
		quakes = 1
	}
	for range quakes {
		i := g.rng.IntN(len(rest))
		b.Territories[rest[i]-1].Quake = true
		rest = slices.Delete(rest, i, i+1)
	}
}

// coastal reports whether a cell of t shares an edge with the sea.
func (g *generator) coastal(t TerritoryID) bool {
	b := g.b
	for _, k := range g.cells[t-1] {
		for _, e := range edges(k%b.Width, k/b.Width) {
			if b.Cell(e[0], e[1]) == 0 {
				return true
			}
		}
	}
	return false
}

// name gives every territory and continent a made-up name of its own.
func (g *generator) name() {
	b := g.b
	onsets := []string{"b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "dr", "kh", "st", "th", "tr"}
	nuclei := []string{"a", "e", "i", "o", "u", "ae", "ia", "ou"}
	codas := []string{"", "", "", "n", "r", "s", "l", "nd", "th"}
	taken := map[string]bool{}
	word := func(syllables int) string {
		for {
			s := ""
			for range syllables {
				s += onsets[g.rng.IntN(len(onsets))] + nuclei[g.rng.IntN(len(nuclei))]
			}
			s += codas[g.rng.IntN(len(codas))]
			s = string(s[0]-'a'+'A') + s[1:]
			if !taken[s] {
				taken[s] = true
				return s
			}
		}
	}
	for i := range b.Continents {
		b.Continents[i].Name = word(2) + "ia"
	}
	for i := range b.Territories {
		b.Territories[i].Name = word(1 + g.rng.IntN(2))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
