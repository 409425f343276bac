package ai

import (
	"math/rand/v2"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules"
	"empires/shared/rules/erfworld"
)

// world is what one turn's decisions read: the view as a state (so the
// ruleset's own functions run on it), the player's cities and armies, what
// it knows of the enemy, and search buffers. It lives for one call of
// Orders.
type world struct {
	rs   *erfworld.Rules
	v    *game.View
	s    *game.State
	me   game.PlayerID
	turn game.Turn
	rect hex.Rect
	rng  *rand.Rand

	cities  []*game.City // the player's, by ID
	capital *game.City   // the player's first Capital, or nil
	armies  []*game.Army // the player's land armies on the map, by ID
	fleets  []*game.Army // the player's fleets, by ID
	carried []*game.Army // the player's armies aboard its fleets, by ID
	enemies []game.ArmyView
	foes    []game.CityView // other players' cities known, by ID

	// fields caches distance fields by their source's index.
	fields map[int][]int32
	// explore is the distance field to the nearest unknown hex, or nil.
	explore []int32
	// seaExplore is the sailing distance field to the nearest unknown
	// hex, or nil.
	seaExplore []int32
	// enemyFleetOn marks the hexes of other players' fleets in sight, or
	// is nil.
	enemyFleetOn []bool
	// fleetDest is where the player's fleets given a move this turn will
	// end.
	fleetDest map[game.ArmyID]hex.Hex
	// mark and parent are BFS buffers; stamp tells current marks.
	mark   []uint32
	parent []int32
	stamp  uint32
	queue  []int32
}

// newWorld reads view v of the player for ruleset rs, with the turn's
// random source rng.
func newWorld(rs *erfworld.Rules, v *game.View, rng *rand.Rand) *world {
	s := game.ViewState(v)
	w := &world{rs: rs, v: v, s: s, me: v.You, turn: v.Turn, rect: s.Map.Rect(), rng: rng,
		fields: map[int][]int32{}, fleetDest: map[game.ArmyID]hex.Hex{}}
	for i := range s.Cities {
		c := &s.Cities[i]
		if c.Owner == w.me {
			w.cities = append(w.cities, c)
			if c.Capital && w.capital == nil {
				w.capital = c
			}
		}
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		switch {
		case a.Owner != w.me:
		case a.Naval:
			w.fleets = append(w.fleets, a)
		case a.Carrier != 0:
			w.carried = append(w.carried, a)
		default:
			w.armies = append(w.armies, a)
		}
	}
	for _, a := range v.Armies {
		if a.Owner != w.me && !a.Naval {
			w.enemies = append(w.enemies, a)
		}
	}
	for _, c := range v.Cities {
		if c.Owner != w.me {
			w.foes = append(w.foes, c)
		}
	}
	n := w.rect.Len()
	w.mark = make([]uint32, n)
	w.parent = make([]int32, n)
	return w
}

// passable reports whether a land army may enter hex index i as far as the
// player knows: known land armies walk, or terrain never seen.
func (w *world) passable(i int) bool {
	t := w.s.Map.Terrain[i]
	if t == rules.NoTerrain {
		return true
	}
	return int(t) < len(w.rs.D.Terrain) && w.rs.D.Terrain[t].Army
}

// field returns the walking distance of every hex to the hexes of sources
// (indexes), -1 where none is reachable.
func (w *world) field(sources []int) []int32 { return w.fieldOver(sources, w.passable) }

// fieldOver returns the distance of every hex to the hexes of sources
// (indexes) in steps over the hexes pass accepts, -1 where none is
// reachable.
func (w *world) fieldOver(sources []int, pass func(int) bool) []int32 {
	dist := make([]int32, w.rect.Len())
	for i := range dist {
		dist[i] = -1
	}
	q := w.queue[:0]
	for _, i := range sources {
		if i >= 0 && dist[i] < 0 {
			dist[i] = 0
			q = append(q, int32(i))
		}
	}
	var nb [6]int32
	for head := 0; head < len(q); head++ {
		i := int(q[head])
		for _, j := range w.neighbours(i, &nb) {
			if dist[j] >= 0 || !pass(int(j)) {
				continue
			}
			dist[j] = dist[i] + 1
			q = append(q, j)
		}
	}
	w.queue = q
	return dist
}

// oddRowSteps and evenRowSteps are a hex's six neighbours as steps of
// (column, row) in the map's odd-r offset layout, in hex.Direction order
// (East, NorthEast, NorthWest, West, SouthWest, SouthEast): odd rows are
// shoved right by half a hex.
var (
	evenRowSteps = [6][2]int{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}
	oddRowSteps  = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}
)

// neighbours fills nb with the indexes of hex i's neighbours on the map,
// in direction order, and returns them: the arithmetic of the offset
// layout, without converting to axial coordinates and back (a distance
// field asks it for every hex it reaches).
func (w *world) neighbours(i int, nb *[6]int32) []int32 {
	width, height := w.rect.Width, w.rect.Height
	col, row := i%width, i/width
	steps := &evenRowSteps
	if row&1 == 1 {
		steps = &oddRowSteps
	}
	out := nb[:0]
	for _, d := range steps {
		c, r := col+d[0], row+d[1]
		if c >= 0 && c < width && r >= 0 && r < height {
			out = append(out, int32(r*width+c))
		}
	}
	return out
}

// fieldTo returns the cached distance field to hex h.
func (w *world) fieldTo(h hex.Hex) []int32 {
	i := w.rect.Index(h)
	if f, ok := w.fields[i]; ok {
		return f
	}
	f := w.field([]int{i})
	w.fields[i] = f
	return f
}

// exploreField returns the distance field to the nearest hex of unknown
// terrain.
func (w *world) exploreField() []int32 {
	if w.explore == nil {
		var src []int
		for i, t := range w.s.Map.Terrain {
			if t == rules.NoTerrain {
				src = append(src, i)
			}
		}
		w.explore = w.field(src)
	}
	return w.explore
}

// descend returns up to steps hexes from h down field dist, the first
// downhill neighbour in direction order each time.
func (w *world) descend(h hex.Hex, dist []int32, steps int) []hex.Hex {
	var path []hex.Hex
	cur := h
	for len(path) < steps {
		i := w.rect.Index(cur)
		if i < 0 || dist[i] <= 0 {
			break
		}
		next, found := cur, false
		for _, n := range cur.Neighbors() {
			if j := w.rect.Index(n); j >= 0 && dist[j] == dist[i]-1 {
				next, found = n, true
				break
			}
		}
		if !found {
			break
		}
		path = append(path, next)
		cur = next
	}
	return path
}

// search walks from h over passable hexes up to radius steps and returns
// the path (h excluded) to the nearest hex for which want is true, or nil.
func (w *world) search(h hex.Hex, radius int, want func(hex.Hex, int) bool) []hex.Hex {
	w.stamp++
	start := w.rect.Index(h)
	if start < 0 {
		return nil
	}
	q := w.queue[:0]
	w.mark[start] = w.stamp
	w.parent[start] = -1
	q = append(q, int32(start))
	level, levelEnd := 0, 1
	for head := 0; head < len(q); head++ {
		if head == levelEnd {
			level++
			levelEnd = len(q)
			if level > radius {
				break
			}
		}
		i := int(q[head])
		hi := w.rect.HexAt(i)
		if head > 0 && want(hi, i) {
			var path []hex.Hex
			for j := int32(i); j != int32(start); j = w.parent[j] {
				path = append(path, w.rect.HexAt(int(j)))
			}
			for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
				path[a], path[b] = path[b], path[a]
			}
			w.queue = q
			return path
		}
		for _, n := range hi.Neighbors() {
			j := w.rect.Index(n)
			if j < 0 || w.mark[j] == w.stamp || !w.passable(j) {
				continue
			}
			w.mark[j] = w.stamp
			w.parent[j] = int32(i)
			q = append(q, int32(j))
		}
	}
	w.queue = q
	return nil
}

// warlordOf returns army a's Warlord, if it has one.
func warlordOf(a *game.Army) (game.Character, bool) {
	for _, c := range a.Characters {
		if c.Kind == erfworld.CharWarlord {
			return c, true
		}
	}
	return game.Character{}, false
}

// power rates units for comparing forces: a die and a hit each count.
func (w *world) power(u game.Units) float64 {
	p := 0.0
	for k, n := range u {
		if k < len(w.rs.D.Units) {
			d := &w.rs.D.Units[k]
			p += float64(n) * (0.5*float64(d.Dice) + 0.35*float64(d.Hits))
		}
	}
	return p
}

// enemyPowerAt sums the power of the enemy armies the player knows on hex h.
func (w *world) enemyPowerAt(h hex.Hex) float64 {
	p := 0.0
	for i := range w.enemies {
		if w.enemies[i].Hex == h {
			p += w.power(w.enemies[i].Units) + 0.4*float64(w.enemies[i].NumCharacters)
		}
	}
	return p
}

// enemyPowerNear sums the power of enemy armies in sight within r of h.
func (w *world) enemyPowerNear(h hex.Hex, r int) float64 {
	p := 0.0
	for i := range w.enemies {
		e := &w.enemies[i]
		if !e.Remembered && hex.Distance(e.Hex, h) <= r {
			p += w.power(e.Units) + 0.4*float64(e.NumCharacters)
		}
	}
	return p
}

// cityDefence is the power of the infantry city c raises against an
// attacker with units u (its Siege lowering the defence).
func (w *world) cityDefence(level int32, u game.Units) float64 {
	counts := make([]int, len(u))
	for k, n := range u {
		counts[k] = int(n)
	}
	d := w.rs.D
	n := d.GarrisonUnits(d.CityDefence(int(level), counts))
	return w.power(unitsOf(d.GarrisonUnit, int32(n)))
}

// unitsOf returns n units of kind k.
func unitsOf(k erfworld.UnitKind, n int32) game.Units {
	u := make(game.Units, int(k)+1)
	u[k] = n
	return u
}

// ownCityAt returns the player's city on h, or nil.
func (w *world) ownCityAt(h hex.Hex) *game.City {
	for _, c := range w.cities {
		if c.Hex == h {
			return c
		}
	}
	return nil
}

// garrisonAt returns the player's army without a Warlord on h, or nil.
func (w *world) garrisonAt(h hex.Hex) *game.Army {
	for _, a := range w.armies {
		if a.Hex == h {
			if _, ok := warlordOf(a); !ok {
				return a
			}
		}
	}
	return nil
}

// movePoints is the army's move this turn.
func (w *world) movePoints(a *game.Army) int { return w.rs.MovePoints(w.s, a) }

// citySite reports whether a new city may stand on hex index i as far as
// the player knows: Open terrain, no known city within the minimum
// distance, and no enemy seen on it.
func (w *world) citySite(h hex.Hex, i int) bool {
	if w.s.Map.Terrain[i] != w.rs.D.CityTerrain {
		return false
	}
	for j := range w.s.Cities {
		if hex.Distance(w.s.Cities[j].Hex, h) < w.rs.D.City.MinDistance {
			return false
		}
	}
	for j := range w.enemies {
		if w.enemies[j].Hex == h && !w.enemies[j].Remembered {
			return false
		}
	}
	return true
}
