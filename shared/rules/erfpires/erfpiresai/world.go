package erfpiresai

import (
	"math/rand/v2"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfpires"
)

// world is what the AI knows of a game: its view, and the state made of it
// (game.ViewState), with the lists a plan reads.
type world struct {
	rs   *erfpires.Rules
	d    *erfpires.Ruleset
	v    *game.View
	s    *game.State
	me   game.PlayerID
	rng  *rand.Rand
	rect hex.Rect
	turn game.Turn

	treasury int64
	// cities and armies are the player's own; armies point into s.Armies.
	cities []*game.City
	armies []*game.Army
	// enemyArmies and enemyCities are the other players' as the view
	// shows them: in sight, or remembered where last seen.
	enemyArmies []game.ArmyView
	enemyCities []game.CityView
	// structures are every structure the view shows.
	structures []game.StructureView
}

func newWorld(rs *erfpires.Rules, v *game.View, rng *rand.Rand) *world {
	s := game.ViewState(v)
	w := &world{rs: rs, d: rs.D, v: v, s: s, me: v.You, rng: rng, rect: s.Map.Rect(), turn: v.Turn}
	if pl := s.Player(v.You); pl != nil {
		w.treasury = pl.Treasury
	}
	for i := range s.Cities {
		if s.Cities[i].Owner == w.me {
			w.cities = append(w.cities, &s.Cities[i])
		}
	}
	for i := range s.Armies {
		if s.Armies[i].Owner == w.me {
			w.armies = append(w.armies, &s.Armies[i])
		}
	}
	for _, a := range v.Armies {
		if a.Owner != w.me {
			w.enemyArmies = append(w.enemyArmies, a)
		}
	}
	for _, c := range v.Cities {
		if c.Owner != w.me {
			w.enemyCities = append(w.enemyCities, c)
		}
	}
	w.structures = v.Structures
	return w
}

// passable reports whether an army may enter h as far as the player
// knows: terrain seen, and land.
func (w *world) passable(h hex.Hex) bool {
	t, ok := w.s.Map.At(h)
	return ok && int(t) < len(w.d.Terrain) && w.d.Terrain[t].Army
}

// enemyArmyAt returns the enemy army the player knows on h, if any.
func (w *world) enemyArmyAt(h hex.Hex) (game.ArmyView, bool) {
	for _, a := range w.enemyArmies {
		if a.Hex == h {
			return a, true
		}
	}
	return game.ArmyView{}, false
}

// enemyCityAt returns the other player's city the player knows on h.
func (w *world) enemyCityAt(h hex.Hex) (game.CityView, bool) {
	for _, c := range w.enemyCities {
		if c.Hex == h {
			return c, true
		}
	}
	return game.CityView{}, false
}

// ownArmyAt returns the player's army on h, nil if none.
func (w *world) ownArmyAt(h hex.Hex) *game.Army {
	for _, a := range w.armies {
		if a.Hex == h {
			return a
		}
	}
	return nil
}

// blocked reports whether a walk should not cross h: not passable, an
// enemy army or city, or one of the player's armies (one army a hex).
func (w *world) blocked(h hex.Hex) bool {
	if !w.passable(h) || w.ownArmyAt(h) != nil {
		return true
	}
	if _, ok := w.enemyArmyAt(h); ok {
		return true
	}
	_, ok := w.enemyCityAt(h)
	return ok
}

// walkCost is the step cost of a peaceful walk: a hex a step, around every
// hex blocked.
func (w *world) walkCost(from, to hex.Hex) (int, bool) {
	if !w.rect.Contains(to) || w.blocked(to) {
		return 0, false
	}
	return 1, true
}

// reach returns the hexes army a can walk to within budget steps, with
// their distances, sorted by distance.
func (w *world) reach(a *game.Army, budget int) []hex.Reach {
	return hex.Reachable(a.Hex, w.walkCost, budget)
}

// pathTo returns a peaceful walk from a to goal (without a's hex), nil if
// none within budget. goal itself may be blocked (an attack's target).
func (w *world) pathTo(a *game.Army, goal hex.Hex, budget int) []hex.Hex {
	cost := func(from, to hex.Hex) (int, bool) {
		if to == goal && w.passable(to) {
			return 1, true
		}
		return w.walkCost(from, to)
	}
	p, _, ok := hex.Path(a.Hex, goal, cost, budget)
	if !ok || len(p) < 2 {
		return nil
	}
	return p[1:]
}

// day returns the first steps of path an army takes in a day.
func (w *world) day(path []hex.Hex) []hex.Hex {
	return path[:min(len(path), w.d.Army.Move)]
}

// knownCityWithin reports whether a city the player knows stands within
// d hexes of h.
func (w *world) knownCityWithin(h hex.Hex, d int) bool {
	for _, c := range w.v.Cities {
		if hex.Distance(c.Hex, h) <= d {
			return true
		}
	}
	return false
}

// site reports whether a city could be founded on h as far as the player
// knows: city terrain it has seen, no city within city.min_distance-1.
func (w *world) site(h hex.Hex) bool {
	t, ok := w.s.Map.At(h)
	if !ok || int(t) >= len(w.d.Terrain) || !w.d.Terrain[t].City || !w.d.Terrain[t].Army {
		return false
	}
	if _, ok := w.enemyArmyAt(h); ok {
		return false
	}
	return !w.knownCityWithin(h, w.d.City.MinDistance-1)
}

// farmland counts the hexes next to h a farm may stand on.
func (w *world) farmland(h hex.Hex) int {
	farm, ok := w.d.StructureKind("farm")
	if !ok {
		return 0
	}
	n := 0
	for _, nb := range h.Neighbors() {
		if w.rs.StructureFits(w.s, farm, nb) {
			n++
		}
	}
	return n
}

// unknownToward counts the hexes the player has never seen among the four
// beyond h in direction d: how much an army going that way would learn.
func (w *world) unknownToward(h hex.Hex, d hex.Direction) int {
	n := 0
	for range 4 {
		h = h.Neighbor(d)
		if !w.rect.Contains(h) {
			break
		}
		if t, _ := w.s.Map.At(h); int(t) >= len(w.d.Terrain) {
			n++
		}
	}
	return n
}

// strength is the total Combat and Defence of units.
func (w *world) strength(u game.Units) (int, int) { return w.d.Strength(u) }

// shelterOf is the Defence a city or fort of player p gives its army on
// h, as far as the player knows.
func (w *world) shelterOf(p game.PlayerID, h hex.Hex) int {
	best := 0
	for _, c := range w.v.Cities {
		if c.Hex == h && c.Owner == p {
			best = w.d.City.Defence
		}
	}
	for _, st := range w.structures {
		if st.Hex == h && st.Owner == p && int(st.Kind) < len(w.d.Structures) {
			best = max(best, w.d.Structures[st.Kind].Defence)
		}
	}
	return best
}

// favourable reports whether army a should attack enemy army e: in twice
// the expected hits (an average d6 scores 3.5), a should destroy e, or
// deal clearly more than it takes, and survive.
func (w *world) favourable(a *game.Army, e game.ArmyView, margin int) bool {
	myC, myD := w.strength(a.Units)
	eC, eD := w.strength(e.Units)
	eD += w.shelterOf(e.Owner, e.Hex)
	give := max(2*myC+7-2*eD, 0)
	take := max(2*eC+7-2*myD, 0)
	mine, theirs := 2*a.Units.Total(), 2*e.Units.Total()
	if take >= mine {
		return false
	}
	return give >= theirs || give >= take+2*margin
}

// taxWorth reports whether a Tax is allowed today and worth at least 1.
func (w *world) taxWorth() bool {
	if w.rs.NextTax(w.s, w.me) > w.turn {
		return false
	}
	rev, mnt := w.rs.TaxOf(w.s, w.me)
	return rev-mnt >= 1
}

// shownToward counts the hexes the player has never seen that a day's
// walk from h in direction d (as far as the known ground lets it go)
// would show: those within sight of its steps. With sites, only those
// far enough from every known city to be a site count: how many city
// sites an army going that way may find.
func (w *world) shownToward(h hex.Hex, d hex.Direction, sites bool) int {
	var seen []hex.Hex
	at := h
	for range w.d.Army.Move {
		n := at.Neighbor(d)
		if t, ok := w.s.Map.At(n); !ok || int(t) < len(w.d.Terrain) && !w.d.Terrain[t].Army {
			break
		}
		at = n
		for _, x := range hex.Spiral(at, w.d.Army.Sight) {
			if t, ok := w.s.Map.At(x); ok && int(t) >= len(w.d.Terrain) && !slices.Contains(seen, x) &&
				(!sites || !w.knownCityWithin(x, w.d.City.MinDistance-1)) {
				seen = append(seen, x)
			}
		}
	}
	return len(seen)
}
