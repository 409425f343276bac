// Package world makes the maps of the empire ruleset (the PBEM "Empire"
// game): "The world consists of a rectangle map. Every square has a
// terrain", one of plains, forest, mountain and sea, and on it stand the
// settlements, towns and cities. Generate draws a new map for a game from a
// seed; Parse and Format read and write maps as text, for tests and
// scenarios.
//
// Maps are grid.Grid rectangles of squares or hexes; every rule of this
// package holds on both.
package world

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// Settlement is a town or city on a new map; Owner 0 is neutral, else the
// player 1..n whose start it is.
//
// CHOICE: the document calls a settlement a terrain of its own, working
// "like a combination of plains (for land units and flying units) and sea
// (for sea units)". The map keeps the terrain beneath it, and that terrain
// is always plains: Generate clears the cell, Parse reads it so.
type Settlement struct {
	Pos   grid.Pos
	City  bool
	Owner uint8
}

// Map is a map of the empire ruleset.
type Map struct {
	Grid grid.Grid
	// Terrain is each cell's terrain, by Grid.Index.
	Terrain []dat.Terrain
	// Settlements are the map's towns and cities, sorted by Y then X.
	Settlements []Settlement
}

// At returns the terrain of p, which must be on the map.
func (m *Map) At(p grid.Pos) dat.Terrain { return m.Terrain[m.Grid.Index(p)] }

// Starts returns the players' start cities: element i is player i+1's.
// A player without a start has the zero Pos; the slice is as long as the
// highest owner.
func (m *Map) Starts() []grid.Pos {
	var out []grid.Pos
	for _, s := range m.Settlements {
		if s.Owner == 0 {
			continue
		}
		for len(out) < int(s.Owner) {
			out = append(out, grid.Pos{})
		}
		out[s.Owner-1] = s.Pos
	}
	return out
}

// The sizes and player counts Generate accepts.
const (
	MinSide    = 16  // the shortest side of a generated map
	MaxSide    = 256 // the longest side of a generated map
	MinPlayers = 2   // the fewest players of a generated map
	PlayerCap  = 8   // the most players of a generated map, however large
)

// cellsPerPlayer is how many cells of map each player needs.
const cellsPerPlayer = 64

// MaxPlayers is the most players a w x h map holds: one per 64 cells, and
// never more than PlayerCap (a 16x16 map holds 4, a 24x24 map 8).
//
// CHOICE: 64 cells (about 25 of land) give each player room for its start
// and its share of neutral settlements, none adjacent to another.
func MaxPlayers(w, h int) int {
	if w <= 0 || h <= 0 {
		return 0
	}
	return min(PlayerCap, w*h/cellsPerPlayer)
}

// TooSmallError is Generate's error for a map with too little room for its
// players.
type TooSmallError struct {
	Width, Height int
	Players       int
	// Max is MaxPlayers(Width, Height).
	Max int
}

// Error says how many players the map holds: "a 16x16 map holds at most 4
// players, not 6".
func (e *TooSmallError) Error() string {
	return fmt.Sprintf("a %dx%d map holds at most %d players, not %d", e.Width, e.Height, e.Max, e.Players)
}

// The shares of a generated map's land. CHOICE: the document leaves them
// open; a tenth of the land is mountains, a quarter forest, the rest
// plains, and at least a tenth of the map is sea, so ships have water.
const (
	mountainPercent = 10
	forestPercent   = 25
	maxLandPercent  = 90
)

// attempts is how many maps Generate draws before it gives up.
const attempts = 12

// Generate draws a new map of grid g for players players, the same map for
// the same arguments every time: it draws its random numbers only from a
// PCG generator seeded with seed.
//
// The map has about game.LandPercent % land, as a few continents ringed
// by sea, with forests and mountains. Each player has one start city on
// plains; the starts are as far apart as Generate can place them (in grid
// distance) and all stand on one landmass, so every start can reach every
// other by land. game.Towns neutral towns and game.Cities neutral cities
// per player are spread over the land, about half of them next to the
// sea, so that sea units can be built. No settlement is adjacent to
// another.
//
// CHOICE: when the settlements need more room than game.LandPercent gives
// (each settlement with its neighbours, half again for spreading), the map
// gets more land, up to 90 %.
//
// Generate returns an error, never panics, on a map smaller than 16 or
// larger than 256 cells a side, on fewer than 2 or more than 8 players, on
// a map too small for its players (a *TooSmallError: see MaxPlayers), and
// when it cannot place the settlements.
func Generate(g grid.Grid, game *dat.Game, players int, seed uint64) (*Map, error) {
	return generate(g, game, players, seed, false)
}

// GenerateIslands draws a new map as Generate does, but of islands: the map
// is cut into one sector for each player (columns and rows of them, as
// square as they come) by channels of sea three cells wide, and each
// player starts on the largest landmass of its own sector, so no start
// reaches another by land. Neutral settlements are spread over all the
// land. It returns the errors Generate returns, and one when a sector has
// too little land for a start.
//
// CHOICE: straight channels along the sectors' borders, on top of the
// same continents Generate draws: every island is its sector's land, so
// the islands are about equal, and the sea between them is narrow enough
// for a Barge to cross in a turn or two.
func GenerateIslands(g grid.Grid, game *dat.Game, players int, seed uint64) (*Map, error) {
	return generate(g, game, players, seed, true)
}

// generate is Generate, or with islands GenerateIslands.
func generate(g grid.Grid, game *dat.Game, players int, seed uint64, islands bool) (*Map, error) {
	p, err := newPlan(g, game, players)
	if err != nil {
		return nil, fmt.Errorf("generate %dx%d %v map for %d players: %w", g.Width, g.Height, g.Shape, players, err)
	}
	p.islands = islands
	var last error
	for attempt := range attempts {
		m, err := p.draw(rand.New(rand.NewPCG(seed, uint64(attempt))))
		if err == nil {
			return m, nil
		}
		last = err
	}
	return nil, fmt.Errorf("generate %dx%d %v map for %d players, seed %d: %d maps drawn, none fits; the last: %w",
		g.Width, g.Height, g.Shape, players, seed, attempts, last)
}

// plan is what Generate knows before it draws a map.
type plan struct {
	g       grid.Grid
	players int
	towns   int // neutral towns on the map
	cities  int // neutral cities on the map
	land    int // cells of land
	islands bool
}

func newPlan(g grid.Grid, game *dat.Game, players int) (*plan, error) {
	switch {
	case game == nil:
		return nil, errors.New("no game data")
	case g.Shape != grid.Square && g.Shape != grid.Hex:
		return nil, fmt.Errorf("unknown %v", g.Shape)
	case g.Width < MinSide || g.Height < MinSide || g.Width > MaxSide || g.Height > MaxSide:
		return nil, fmt.Errorf("sides must be %d to %d cells", MinSide, MaxSide)
	case players < MinPlayers || players > PlayerCap:
		return nil, fmt.Errorf("players must be %d to %d", MinPlayers, PlayerCap)
	case players > MaxPlayers(g.Width, g.Height):
		return nil, &TooSmallError{Width: g.Width, Height: g.Height, Players: players, Max: MaxPlayers(g.Width, g.Height)}
	case game.Towns < 0 || game.Cities < 0:
		return nil, fmt.Errorf("map.towns %d and map.cities %d must not be negative", game.Towns, game.Cities)
	case game.LandPercent < 1 || game.LandPercent > 100:
		return nil, fmt.Errorf("map.land %d must be 1 to 100", game.LandPercent)
	}
	p := &plan{g: g, players: players, towns: game.Towns * players, cities: game.Cities * players}
	settlements := players + p.towns + p.cities
	// A settlement takes its cell and bars its neighbours, so land of
	// (neighbours+1) cells per settlement always has room for them all;
	// half again leaves room to spread them.
	need := (maxNeighbours(g.Shape) + 1) * settlements
	most := g.Len() * maxLandPercent / 100
	if need > most {
		return nil, fmt.Errorf("no room for %d settlements (%d towns, %d cities and %d starts): they need %d cells of land, the map has at most %d",
			settlements, p.towns, p.cities, players, need, most)
	}
	p.land = min(max(g.Len()*game.LandPercent/100, need*3/2), most)
	return p, nil
}

// maxNeighbours is the number of neighbours of a cell of shape s in open
// field.
func maxNeighbours(s grid.Shape) int {
	if s == grid.Hex {
		return 6
	}
	return 4
}

// isqrt is the integer square root of n >= 0.
func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// draw draws one map, or returns why this one does not fit.
func (p *plan) draw(rng *rand.Rand) (*Map, error) {
	g := p.g
	n := g.Len()
	elevSeed, mountainSeed, forestSeed := rng.Uint64(), rng.Uint64(), rng.Uint64()

	// Land: the highest cells of fractal noise, lowered near the edges so
	// the map is ringed by sea.
	span := max(6, isqrt(n)/3)
	elev := field(g, elevSeed, span, 4)
	margin := max(2, min(g.Width, g.Height)/8)
	for i := range elev {
		c := g.At(i)
		if d := min(c.X, c.Y, g.Width-1-c.X, g.Height-1-c.Y); d < margin {
			elev[i] -= int64(margin-d) * noiseOne * 3 / 4 / int64(margin)
		}
	}
	terrain := make([]dat.Terrain, n)
	for i := range terrain {
		terrain[i] = dat.Sea
	}
	land := highest(allCells(n), elev, p.land)
	if p.islands {
		land = slices.DeleteFunc(land, func(i int32) bool { return p.channel(g.At(int(i))) })
	}
	for _, i := range land {
		terrain[i] = dat.Plains
	}

	// Mountains on the high land, forests in patches of their own.
	mountains := field(g, mountainSeed, max(3, span/3), 3)
	for i := range mountains {
		mountains[i] = (mountains[i] + elev[i]) / 2
	}
	for _, i := range highest(land, mountains, len(land)*mountainPercent/100) {
		terrain[i] = dat.Mountain
	}
	lowland := slices.DeleteFunc(slices.Clone(land), func(i int32) bool { return terrain[i] != dat.Plains })
	for _, i := range highest(lowland, field(g, forestSeed, max(3, span/4), 3), len(land)*forestPercent/100) {
		terrain[i] = dat.Forest
	}

	w := &drawing{g: g, rng: rng, terrain: terrain, barred: make([]bool, n)}
	var starts []grid.Pos
	if p.islands {
		for sec := range p.players {
			region := w.largestRegion(func(c grid.Pos) bool { return p.sector(c) == sec })
			if len(region) < cellsPerPlayer/8 {
				return nil, fmt.Errorf("the largest island of sector %d has %d cells, too few for a start", sec+1, len(region))
			}
			starts = append(starts, w.spreadStarts(region, 1)...)
		}
	} else {
		region := w.largestRegion(func(grid.Pos) bool { return true })
		if len(region) < p.players*cellsPerPlayer/8 {
			return nil, fmt.Errorf("the largest landmass has %d cells, too few for %d starts", len(region), p.players)
		}
		starts = w.spreadStarts(region, p.players)
		if d, want := minSpacing(g, starts), startSpacing(len(region), p.players); d < want {
			return nil, fmt.Errorf("the starts are only %d apart, want %d", d, want)
		}
	}
	rng.Shuffle(len(starts), func(i, j int) { starts[i], starts[j] = starts[j], starts[i] })
	for i, s := range starts {
		w.settle(Settlement{Pos: s, City: true, Owner: uint8(i + 1)})
	}
	if err := w.placeNeutrals(land, p.cities, p.towns); err != nil {
		return nil, err
	}
	slices.SortFunc(w.settlements, func(a, b Settlement) int {
		return cmp.Or(cmp.Compare(a.Pos.Y, b.Pos.Y), cmp.Compare(a.Pos.X, b.Pos.X))
	})
	return &Map{Grid: g, Terrain: terrain, Settlements: w.settlements}, nil
}

// sectors returns the columns and rows of the islands' sectors: as many
// columns as the square root of the players, rounded up, and the rows
// they need.
func (p *plan) sectors() (cols, rows int) {
	cols = 1
	for cols*cols < p.players {
		cols++
	}
	return cols, (p.players + cols - 1) / cols
}

// sector returns the sector of cell c, numbered by rows, then columns; the
// last row's sectors are wider when the players do not fill it.
func (p *plan) sector(c grid.Pos) int {
	cols, rows := p.sectors()
	row := c.Y * rows / p.g.Height
	n := cols
	if row == rows-1 {
		n = p.players - cols*(rows-1)
	}
	return row*cols + c.X*n/p.g.Width
}

// channel reports whether cell c lies in the sea between two sectors:
// within one cell of a cell of another sector.
func (p *plan) channel(c grid.Pos) bool {
	s := p.sector(c)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := grid.Pos{X: c.X + dx, Y: c.Y + dy}
			if p.g.Contains(q) && p.sector(q) != s {
				return true
			}
		}
	}
	return false
}

// allCells returns the indexes 0..n-1.
func allCells(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// highest returns the k cells of cells with the highest score, ties to the
// lower index, in index order.
func highest(cells []int32, score []int64, k int) []int32 {
	order := slices.Clone(cells)
	slices.SortFunc(order, func(a, b int32) int {
		return cmp.Or(cmp.Compare(score[b], score[a]), cmp.Compare(a, b))
	})
	order = order[:min(k, len(order))]
	slices.Sort(order)
	return order
}

// drawing is a map being drawn.
type drawing struct {
	g           grid.Grid
	rng         *rand.Rand
	terrain     []dat.Terrain
	settlements []Settlement
	// barred marks the cells no new settlement may take: the settlements
	// and their neighbours.
	barred []bool
	nb     []grid.Pos
}

// largestRegion returns the cells of the largest connected landmass of
// the cells that in accepts, in index order; of two as large, the one
// holding the lower index.
func (w *drawing) largestRegion(in func(grid.Pos) bool) []int32 {
	g := w.g
	seen := make([]bool, g.Len())
	var best, queue []int32
	for i := range g.Len() {
		if seen[i] || !w.terrain[i].Land() || !in(g.At(i)) {
			continue
		}
		seen[i] = true
		queue = append(queue[:0], int32(i))
		for k := 0; k < len(queue); k++ {
			w.nb = g.Neighbours(w.nb[:0], g.At(int(queue[k])))
			for _, q := range w.nb {
				if j := g.Index(q); !seen[j] && w.terrain[j].Land() {
					seen[j] = true
					queue = append(queue, int32(j))
				}
			}
		}
		if len(queue) > len(best) {
			best = slices.Clone(queue)
		}
	}
	slices.Sort(best)
	return best
}

// spreadStarts returns n cells of region, as far apart from each other as
// it finds: farthest-point sampling from a few random first cells, the
// best of them, then each start moved where it is farthest from the
// others. It prefers plains with land on at least two thirds of the cells
// within two steps, so no start stands on a spit of land; only when too
// few of those exist does it take any cell of region.
func (w *drawing) spreadStarts(region []int32, n int) []grid.Pos {
	g := w.g
	var cands []grid.Pos
	var near []grid.Pos
	for _, i := range region {
		p := g.At(int(i))
		if w.terrain[i] != dat.Plains {
			continue
		}
		near = g.Within(near[:0], p, 2)
		landNear := 0
		for _, q := range near {
			if w.terrain[g.Index(q)].Land() {
				landNear++
			}
		}
		if landNear*3 >= len(near)*2 {
			cands = append(cands, p)
		}
	}
	if len(cands) < n*4 {
		cands = cands[:0]
		for _, i := range region {
			cands = append(cands, g.At(int(i)))
		}
	}

	// nearest[c] is candidate c's distance to the nearest chosen start.
	nearest := make([]int, len(cands))
	farthestPoints := func(first int) []grid.Pos {
		chosen := []grid.Pos{cands[first]}
		for c, q := range cands {
			nearest[c] = g.Distance(q, cands[first])
		}
		for len(chosen) < n {
			bestC := 0
			for c := range cands {
				if nearest[c] > nearest[bestC] {
					bestC = c
				}
			}
			p := cands[bestC]
			chosen = append(chosen, p)
			for c, q := range cands {
				nearest[c] = min(nearest[c], g.Distance(q, p))
			}
		}
		return chosen
	}
	var best []grid.Pos
	bestSpacing := -1
	for range 6 {
		starts := farthestPoints(w.rng.IntN(len(cands)))
		if d := minSpacing(g, starts); d > bestSpacing {
			best, bestSpacing = starts, d
		}
	}

	// Move each start, in turn, to the candidate farthest from the others
	// (a lone start stays where it was drawn).
	moves := 2
	if n < 2 {
		moves = 0
	}
	for range moves {
		for s := range best {
			bestC, bestD := -1, -1
			for c, q := range cands {
				d := -1
				for t, o := range best {
					if t != s && (d < 0 || g.Distance(q, o) < d) {
						d = g.Distance(q, o)
					}
				}
				if d > bestD {
					bestC, bestD = c, d
				}
			}
			best[s] = cands[bestC]
		}
	}
	return best
}

// startSpacing is the least distance Generate accepts between two starts
// on a landmass of size cells.
//
// CHOICE: 4 steps, and on larger landmasses half the side of a square of
// the landmass's cells per player; Generate draws again when the starts
// fall closer.
func startSpacing(size, players int) int {
	return max(4, isqrt(size/players)/2)
}

// minSpacing is the least distance between two of cells, or 0 for fewer
// than two.
func minSpacing(g grid.Grid, cells []grid.Pos) int {
	least := 0
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			if d := g.Distance(cells[i], cells[j]); least == 0 || d < least {
				least = d
			}
		}
	}
	return least
}

// settle puts s on the map: its cell becomes plains, and it and its
// neighbours are barred to new settlements.
func (w *drawing) settle(s Settlement) {
	i := w.g.Index(s.Pos)
	w.terrain[i] = dat.Plains
	w.barred[i] = true
	w.nb = w.g.Neighbours(w.nb[:0], s.Pos)
	for _, q := range w.nb {
		w.barred[w.g.Index(q)] = true
	}
	w.settlements = append(w.settlements, s)
}

// coastal reports whether p has a sea neighbour.
func (w *drawing) coastal(p grid.Pos) bool {
	w.nb = w.g.Neighbours(w.nb[:0], p)
	for _, q := range w.nb {
		if w.terrain[w.g.Index(q)] == dat.Sea {
			return true
		}
	}
	return false
}

// neutralTries is how many free cells placeNeutrals looks at for each
// settlement; it takes the one farthest from every other settlement.
const neutralTries = 12

// placeNeutrals spreads cities neutral cities, then towns neutral towns,
// over land, no two adjacent: each at the best of a few random free cells,
// the one farthest from the settlements already placed. Every other one
// stands next to the sea while there is free coast.
func (w *drawing) placeNeutrals(land []int32, cities, towns int) error {
	var free, coast []int32
	for _, i := range land {
		if w.barred[i] {
			continue
		}
		free = append(free, i)
		if w.coastal(w.g.At(int(i))) {
			coast = append(coast, i)
		}
	}
	for k := range cities + towns {
		pool := &free
		if k%2 == 0 && len(coast) > 0 {
			pool = &coast
		}
		p, ok := w.bestFree(pool)
		if !ok && pool == &coast {
			p, ok = w.bestFree(&free)
		}
		if !ok {
			return fmt.Errorf("no free land for neutral settlement %d of %d", k+1, cities+towns)
		}
		w.settle(Settlement{Pos: p, City: k < cities})
	}
	return nil
}

// bestFree draws up to neutralTries cells of pool that are not barred,
// dropping barred ones from pool as it meets them, and returns the one
// farthest from every settlement; false when pool has no free cell left.
func (w *drawing) bestFree(pool *[]int32) (grid.Pos, bool) {
	var best grid.Pos
	bestD := -1
	for tries := 0; tries < neutralTries && len(*pool) > 0; {
		k := w.rng.IntN(len(*pool))
		i := (*pool)[k]
		if w.barred[i] {
			last := len(*pool) - 1
			(*pool)[k] = (*pool)[last]
			*pool = (*pool)[:last]
			continue
		}
		tries++
		p := w.g.At(int(i))
		d := math.MaxInt
		for _, s := range w.settlements {
			d = min(d, w.g.Distance(p, s.Pos))
		}
		if d > bestD {
			best, bestD = p, d
		}
	}
	return best, bestD >= 0
}
