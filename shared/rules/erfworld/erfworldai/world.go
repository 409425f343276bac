package erfworldai

import (
	"math/rand/v2"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
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

	// walk tells, by terrain, whether a land army may enter it as far as
	// the player knows (passable).
	walk [256]bool
	// sc is the turn's search buffers.
	sc *scratch
	// fields caches the distance fields to single hexes (fieldTo) by the
	// hex's index; used are the fields the turn took from sc.
	fields map[int]*field
	used   []*field
	// enemyPower is the power of the enemy armies known on each hex
	// (enemyPowerAt), or nil until asked.
	enemyPower map[hex.Hex]float64
	// enemyFleetOn marks the hexes of other players' fleets in sight, or
	// is nil.
	enemyFleetOn []bool
	// fleetDest is where the player's fleets given a move this turn will
	// end.
	fleetDest map[game.ArmyID]hex.Hex
	// heard is what the seat heard that the plan uses (events.go), or nil.
	heard *heard
}

// newWorld reads view v of the player for ruleset rs, with the turn's
// random source rng and search buffers sc (clean, see scratch), or new
// ones if sc is nil or of another map size. The world's buffers are clean
// again once release is called.
func newWorld(rs *erfworld.Rules, v *game.View, rng *rand.Rand, sc *scratch) *world {
	s := game.ViewState(v)
	w := &world{rs: rs, v: v, s: s, me: v.You, turn: v.Turn, rect: s.Map.Rect(), rng: rng, sc: sc,
		fields: map[int]*field{}, fleetDest: map[game.ArmyID]hex.Hex{}}
	if n := w.rect.Len(); sc == nil || sc.n != n {
		w.sc = newScratch(n)
	}
	w.walk[rulesfile.NoTerrain] = true
	for t := range rs.D.Terrain {
		if t != int(rulesfile.NoTerrain) {
			w.walk[t] = rs.D.Terrain[t].Army
		}
	}
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
			if i := w.rect.Index(c.Hex); i >= 0 {
				w.sc.foe[i] = int32(len(w.foes) + 1)
			}
			w.foes = append(w.foes, c)
		}
	}
	return w
}

// passable reports whether a land army may enter hex index i as far as the
// player knows: known land armies walk, or terrain never seen.
func (w *world) passable(i int) bool { return w.walk[w.s.Map.Terrain[i]] }

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
func (w *world) neighbours(i int, nb *[6]int32) []int32 { return neighbours(w.rect, i, nb) }

// neighbours fills nb with the indexes of hex index i's neighbours on a
// map of rect r, in direction order, and returns them (world.neighbours).
func neighbours(r hex.Rect, i int, nb *[6]int32) []int32 {
	width, height := r.Width, r.Height
	u := uint32(i) // a 32-bit division is the quicker
	row := int(u / uint32(width))
	col := i - row*width
	if col > 0 && col < width-1 && row > 0 && row < height-1 {
		// Inside the map's border every neighbour is on the map.
		i32, w32 := int32(i), int32(width)
		if row&1 == 0 {
			*nb = [6]int32{i32 + 1, i32 - w32, i32 - w32 - 1, i32 - 1, i32 + w32 - 1, i32 + w32}
		} else {
			*nb = [6]int32{i32 + 1, i32 - w32 + 1, i32 - w32, i32 - 1, i32 + w32, i32 + w32 + 1}
		}
		return nb[:]
	}
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

// fieldTo returns the walking distance field to hex h, made once a turn
// and grown as asked.
func (w *world) fieldTo(h hex.Hex) *field {
	i := w.rect.Index(h)
	if f, ok := w.fields[i]; ok {
		return f
	}
	f := w.newField()
	f.start([]int{i}, w.rect, w.s.Map.Terrain, &w.walk)
	w.fields[i] = f
	return f
}

// unknown reports whether the player has never seen the terrain of hex
// index i.
func (w *world) unknown(i int) bool { return w.s.Map.Terrain[i] == rulesfile.NoTerrain }

// explore returns up to steps hexes from h toward the nearest hex of
// unknown terrain on foot, the first downhill neighbour in direction order
// each time.
func (w *world) explore(h hex.Hex, steps int) []hex.Hex {
	return w.descendNearest(h, w.passable, w.unknown, steps)
}

// descend returns up to steps hexes from h toward the source of field f
// (fieldTo), the first downhill neighbour in direction order each time.
func (w *world) descend(h hex.Hex, f *field, steps int) []hex.Hex { return w.descendField(h, f, steps) }

// search walks from h over passable hexes up to radius steps and returns
// the path (h excluded) to the nearest hex for which want is true, or nil.
func (w *world) search(h hex.Hex, radius int, want func(hex.Hex, int) bool) []hex.Hex {
	sc := w.sc
	stamp := sc.nextStamp()
	start := w.rect.Index(h)
	if start < 0 {
		return nil
	}
	q := sc.queue[:0]
	sc.mark[start] = stamp
	sc.parent[start] = -1
	q = append(q, int32(start))
	var nb [6]int32
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
		if head > 0 && want(w.rect.HexAt(i), i) {
			var path []hex.Hex
			for j := int32(i); j != int32(start); j = sc.parent[j] {
				path = append(path, w.rect.HexAt(int(j)))
			}
			slices.Reverse(path)
			sc.queue = q
			return path
		}
		for _, j := range w.neighbours(i, &nb) {
			if sc.mark[j] == stamp || !w.passable(int(j)) {
				continue
			}
			sc.mark[j] = stamp
			sc.parent[j] = int32(i)
			q = append(q, j)
		}
	}
	sc.queue = q
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
	if w.enemyPower == nil {
		w.enemyPower = make(map[hex.Hex]float64, len(w.enemies))
		for i := range w.enemies {
			e := &w.enemies[i]
			w.enemyPower[e.Hex] += w.power(e.Units) + 0.4*float64(e.NumCharacters)
		}
	}
	return w.enemyPower[h]
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
