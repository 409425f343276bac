// Package mapgen generates the maps games are played on: seeded and
// deterministic, from 16x16 to 512x512 hexes, with land masses shaped by
// coherent noise, the ruleset's terrain mix, and fair starting positions for 2
// to 16 players.
//
// The same Config always gives the same map, bit for bit, on every machine:
// the generator uses integer arithmetic only and its own seeded PCG stream,
// and never iterates over a Go map.
//
// How a map is made:
//
//  1. Elevation is fractal value noise, lowered near the edges so the map is
//     ringed by sea. The lowest hexes, by rank, become the sea terrains, so the
//     terrain mix matches the ruleset's shares exactly.
//  2. The highest land (elevation plus ridged noise, which draws chains rather
//     than blobs) becomes the peak terrains. The rest is lowland: each lowland
//     terrain after the first is laid as patches from a noise field of its
//     own; the first (Open, in erfworld) takes the remaining land.
//  3. Land that armies can walk is split into connected regions. Players go to
//     the largest regions in proportion to their size, at least two to a
//     region, so every start can reach a rival by land.
//  4. Within a region, capitals are spread by farthest-point sampling over
//     walking distance, then moved toward the centres of their territories
//     (a few rounds of Lloyd relaxation), so each player has a similar share.
//  5. Each player's other cities are placed near its capital, on city
//     terrain, never closer than the ruleset's city spacing to any city,
//     preferring sites that border the resource terrains the ruleset's units
//     need. A player whose cities still lack a resource has one neighbouring
//     hex changed to it, where that keeps every start connected.
//  6. Steps 1-5 are tried with several derived seeds and the fairest layout
//     wins (land near each capital, territory size).
package mapgen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// Size and player limits.
const (
	MinSize    = 16
	MaxSize    = 512
	MinPlayers = 2
	MaxPlayers = 16
)

// Config is everything that decides a generated map.
type Config struct {
	Seed          uint64
	Width, Height int
	Players       int
	// Terrain is the ruleset's terrain table: which terrains take cities,
	// which armies walk, and each one's layer and share of the map.
	Terrain rulesfile.TerrainTable
	// Cities is the number of cities each player starts with besides its
	// capital.
	Cities int
	// CitySpacing is the least hex distance between two cities (2: never
	// adjacent).
	CitySpacing int
	// Resources lists terrains that every player's starting cities should
	// border, because the ruleset ties something to them (units, fleets).
	Resources []rulesfile.TerrainID
}

// Start is one player's starting position.
type Start struct {
	Capital hex.Hex
	Cities  []hex.Hex
	// LandNear counts the walkable hexes within NearRadius of the capital.
	LandNear int
	// Territory counts the walkable hexes nearer (by walking) to this capital
	// than to any other.
	Territory int
	// Borders lists, in TerrainID order, the terrains adjacent to at least
	// one of the player's cities.
	Borders []rulesfile.TerrainID
}

// NearRadius is the radius around a capital counted in Start.LandNear.
const NearRadius = 5

// Result is a generated map with its starting positions, one per player.
type Result struct {
	Map    *hexmap.Map
	Starts []Start
	// Attempt is the derived seed's number (0-based) that produced the map.
	Attempt int
	// Changed lists the hexes whose terrain was changed to give a start a
	// resource it lacked, in index order.
	Changed []hex.Hex
}

// attempts is how many derived seeds Generate tries before it gives up.
const attempts = 12

// goodEnough is the fairness (in thousandths, see fairness) at which
// Generate stops trying further seeds.
const goodEnough = 850

// ErrTooSmall is wrapped by the error Generate returns when the map cannot
// hold the players asked for.
var ErrTooSmall = errors.New("map too small for the players")

// MaxPlayersFor returns how many players a width x height map can hold.
func MaxPlayersFor(width, height int) int {
	return min(MaxPlayers, width*height/minHexesPerPlayer)
}

// minHexesPerPlayer is the map area each player needs; with about 60 % land
// this leaves each player some 70 walkable hexes at the least.
const minHexesPerPlayer = 120

// Generate makes the map that cfg describes.
func Generate(cfg Config) (*Result, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6d617067656e))
	var best *Result
	bestScore := -1
	var lastErr error
	gr := newGrid(cfg.Width, cfg.Height)
	for a := range attempts {
		g := newGenerator(cfg, gr, rng.Uint64())
		g.terrain()
		starts, err := g.placeStarts()
		if err != nil {
			lastErr = err
			continue
		}
		r := &Result{Map: g.m, Starts: starts, Attempt: a}
		for _, i := range g.changed {
			r.Changed = append(r.Changed, g.hexs[i])
		}
		if s := fairness(starts); s > bestScore {
			best, bestScore = r, s
		}
		if bestScore >= goodEnough {
			break
		}
	}
	if best == nil {
		return nil, fmt.Errorf("generate %dx%d map for %d players, seed %d: no fair layout in %d attempts: %w",
			cfg.Width, cfg.Height, cfg.Players, cfg.Seed, attempts, lastErr)
	}
	return best, nil
}

func (cfg *Config) validate() error {
	var errs []error
	if cfg.Width < MinSize || cfg.Width > MaxSize || cfg.Height < MinSize || cfg.Height > MaxSize {
		errs = append(errs, fmt.Errorf("map size %dx%d: each side must be %d to %d", cfg.Width, cfg.Height, MinSize, MaxSize))
	}
	if cfg.Players < MinPlayers || cfg.Players > MaxPlayers {
		errs = append(errs, fmt.Errorf("players %d: must be %d to %d", cfg.Players, MinPlayers, MaxPlayers))
	} else if len(errs) == 0 && cfg.Players > MaxPlayersFor(cfg.Width, cfg.Height) {
		errs = append(errs, fmt.Errorf("map %dx%d holds at most %d players, asked for %d: %w",
			cfg.Width, cfg.Height, MaxPlayersFor(cfg.Width, cfg.Height), cfg.Players, ErrTooSmall))
	}
	if err := cfg.Terrain.Validate(); err != nil {
		errs = append(errs, err)
	} else {
		city := false
		for _, t := range cfg.Terrain {
			city = city || (t.City && t.Army && t.MapGen.ShareMille > 0 && t.MapGen.Layer == rulesfile.LayerLowland)
		}
		if !city {
			errs = append(errs, errors.New("terrain: no lowland terrain with a share of the map takes cities and armies"))
		}
	}
	if cfg.Cities < 0 || cfg.Cities > 6 {
		errs = append(errs, fmt.Errorf("cities per player %d: must be 0 to 6", cfg.Cities))
	}
	if cfg.CitySpacing < 1 || cfg.CitySpacing > 4 {
		errs = append(errs, fmt.Errorf("city spacing %d: must be 1 to 4", cfg.CitySpacing))
	}
	for _, r := range cfg.Resources {
		if int(r) >= len(cfg.Terrain) {
			errs = append(errs, fmt.Errorf("resource terrain %d: the ruleset has %d terrains", r, len(cfg.Terrain)))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("map config: %w", err)
	}
	return nil
}

// fairness scores a layout in thousandths, 1000 being perfectly even: the
// worse of min/max land near the capitals, which decides the first turns,
// and min/max territory counted at half weight, since borders move.
func fairness(starts []Start) int {
	ratio := func(f func(Start) int) int {
		lo, hi := f(starts[0]), f(starts[0])
		for _, s := range starts[1:] {
			lo, hi = min(lo, f(s)), max(hi, f(s))
		}
		if hi == 0 {
			return 0
		}
		return lo * 1000 / hi
	}
	return min(ratio(func(s Start) int { return s.LandNear }), (1000+ratio(func(s Start) int { return s.Territory }))/2)
}

// grid is the geometry every attempt on one map size shares: hexes by
// index, and each hex's neighbours by index (-1 off the map).
type grid struct {
	rect hex.Rect
	hexs []hex.Hex
	nbr  [][hex.NumDirections]int32
	// spiral[r] lists the offsets of every hex within r of a centre.
	spiral [maxSpiral + 1][]hex.Hex
}

// maxSpiral is the largest radius the generator looks around a hex.
const maxSpiral = 8

func newGrid(w, h int) *grid {
	gr := &grid{rect: hex.Rect{Width: w, Height: h}}
	gr.hexs = gr.rect.All()
	gr.nbr = make([][hex.NumDirections]int32, len(gr.hexs))
	for i, c := range gr.hexs {
		for d, n := range c.Neighbors() {
			gr.nbr[i][d] = int32(gr.rect.Index(n))
		}
	}
	for r := range gr.spiral {
		gr.spiral[r] = hex.Spiral(hex.Hex{}, r)
	}
	return gr
}

// generator holds the working state of one attempt.
type generator struct {
	*grid
	cfg  Config
	seed uint64
	rng  *rand.Rand
	m    *hexmap.Map
	// Scratch buffers for components, reused across calls.
	comp     []int32
	queue    []int
	bfsQueue []int
	// changed lists the hexes addResources changed, by index.
	changed []int
}

func newGenerator(cfg Config, gr *grid, seed uint64) *generator {
	return &generator{
		grid: gr,
		cfg:  cfg,
		seed: seed,
		rng:  rand.New(rand.NewPCG(seed, 0x7374617274)),
		m:    hexmap.New(cfg.Width, cfg.Height, 0),
	}
}

// within calls f with the index of every on-map hex within radius of hex
// index i (radius at most maxSpiral), nearest first.
func (g *generator) within(i, radius int, f func(j int)) {
	c := g.hexs[i]
	for _, o := range g.spiral[radius] {
		if j := g.rect.Index(c.Add(o)); j >= 0 {
			f(j)
		}
	}
}

func (g *generator) walk(i int) bool { return g.cfg.Terrain[g.m.Terrain[i]].Army }
func (g *generator) city(i int) bool {
	t := &g.cfg.Terrain[g.m.Terrain[i]]
	return t.City && t.Army
}

// terrain fills g.m with terrain.
func (g *generator) terrain() {
	n := g.rect.Len()
	w, h := g.cfg.Width, g.cfg.Height
	// Continents span a few lattice cells: a third of the shorter side,
	// kept between 10 and 40 hexes so small maps get one or two land masses
	// and large maps many.
	cellHexes := int64(min(max(min(w, h)/4, 8), 32))
	cell := cellHexes * worldHexWidth
	margin := min(max(min(w, h)/10, 2), 8)
	// Lowland patches (woods, grass) are a few hexes across on every map
	// size, so each start finds each kind of land nearby.
	const patchCell = 8 * worldHexWidth

	elev := make([]int64, n)
	peak := make([]int64, n)
	seedE, seedR := mix(g.seed^1), mix(g.seed^2)
	for i := range n {
		col, row := i%w, i/w
		x, y := worldXY(col, row)
		e := fractal(seedE, x, y, cell, 5)
		// Lower the land near the edges so the map is ringed by sea.
		edge := min(col, row, w-1-col, h-1-row)
		if edge < margin {
			e -= int64(margin-edge) * noiseOne * 4 / 10 / int64(margin)
		}
		elev[i] = e
		r := fractal(seedR, x, y, cell/2, 3)
		ridge := noiseOne - 2*abs64(r-noiseOne/2) // high along the noise's mid-line
		peak[i] = e/2 + ridge/2
	}

	// Rank every hex by elevation; the lowest become sea.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rank(order, elev)
	quota := g.quotas(n)
	next := g.assign(order, rulesfile.LayerSea, quota)
	land := order[next:]

	// The highest land by peak score becomes the peak terrains.
	rank(land, peak)
	lowCount := len(land) - g.layerTotal(rulesfile.LayerPeak, quota)
	g.assign(land[lowCount:], rulesfile.LayerPeak, quota)
	low := land[:lowCount]

	// The rest is lowland. Every lowland terrain after the first is laid as
	// patches drawn from its own noise field, the last listed first, each
	// taking its quota of the lowland left where its field is highest; the
	// first lowland terrain takes what remains. Independent fields let each
	// kind border every other, rather than lying in bands.
	var lows []int
	for t, c := range g.cfg.Terrain {
		if c.MapGen.Layer == rulesfile.LayerLowland {
			lows = append(lows, t)
		}
	}
	field := make([]int64, n)
	for k := len(lows) - 1; k >= 1; k-- {
		t := lows[k]
		seedT := mix(g.seed ^ uint64(16+t))
		for _, i := range low {
			x, y := worldXY(i%w, i/w)
			field[i] = fractal(seedT, x, y, patchCell, 3)
		}
		rank(low, field)
		q := min(quota[t], len(low))
		for _, i := range low[len(low)-q:] {
			g.m.Terrain[i] = rulesfile.TerrainID(t)
		}
		low = low[:len(low)-q]
	}
	for _, i := range low {
		g.m.Terrain[i] = rulesfile.TerrainID(lows[0])
	}
}

// rank sorts the hex indexes in order by value[i], ties by index. Keys pack
// value and index into one int64 so the sort needs no comparison function.
func rank(order []int, value []int64) {
	keys := make([]int64, len(order))
	for k, i := range order {
		keys[k] = (value[i]+4*noiseOne)<<indexBits | int64(i)
	}
	slices.Sort(keys)
	for k, key := range keys {
		order[k] = int(key & (1<<indexBits - 1))
	}
}

// indexBits holds any hex index of a MaxSize x MaxSize map.
const indexBits = 20

// quotas turns the shares (thousandths) into hex counts that add up to n.
func (g *generator) quotas(n int) []int {
	q := make([]int, len(g.cfg.Terrain))
	sum := 0
	for i, t := range g.cfg.Terrain {
		q[i] = n * t.MapGen.ShareMille / rulesfile.ShareTotal
		sum += q[i]
	}
	// Give the remainder to the first lowland terrain that takes cities.
	for i, t := range g.cfg.Terrain {
		if t.MapGen.Layer == rulesfile.LayerLowland && t.City {
			q[i] += n - sum
			break
		}
	}
	return q
}

func (g *generator) layerTotal(l rulesfile.Layer, quota []int) int {
	sum := 0
	for i, t := range g.cfg.Terrain {
		if t.MapGen.Layer == l {
			sum += quota[i]
		}
	}
	return sum
}

// assign gives the hexes of order, from the front, to the terrains of layer
// l in table order, each its quota, and returns how many it used.
func (g *generator) assign(order []int, l rulesfile.Layer, quota []int) int {
	k := 0
	for t, c := range g.cfg.Terrain {
		if c.MapGen.Layer != l {
			continue
		}
		for range quota[t] {
			if k == len(order) {
				return k
			}
			g.m.Terrain[order[k]] = rulesfile.TerrainID(t)
			k++
		}
	}
	return k
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
