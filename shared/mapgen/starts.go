package mapgen

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// minWalkPerPlayer is the least walkable land a land mass must offer each
// player placed on it.
const minWalkPerPlayer = 40

// lloydRounds is how many times capitals move toward their territory's centre.
const lloydRounds = 6

// settleRadius is how far a capital may move, after the Lloyd rounds, toward
// more land around it.
const settleRadius = 5

// City sites are searched around a capital within cityRadius hexes first,
// then one hex further at a time up to maxCityRadius, while sites are short.
// A capital site needs room for twice the player's cities within siteRadius.
const (
	siteRadius    = 3
	cityRadius    = 5
	maxCityRadius = 7
)

// placeStarts chooses every player's capital and cities on g.m, changing a
// few hexes next to cities where a start lacks a resource.
func (g *generator) placeStarts() ([]Start, error) {
	comp, sizes := g.components()
	alloc, err := allocate(sizes, g.cfg.Players)
	if err != nil {
		return nil, err
	}
	var capitals []int
	for _, a := range alloc {
		caps, err := g.capitals(comp, a.comp, a.players, sizes[a.comp])
		if err != nil {
			return nil, err
		}
		capitals = append(capitals, caps...)
	}
	_, owner := g.bfs(capitals, nil, nil)

	cities := make([][]int, len(capitals))
	taken := slices.Clone(capitals)
	for p, c := range capitals {
		cities[p], err = g.cities(p, c, owner, &taken)
		if err != nil {
			return nil, err
		}
	}
	g.addResources(capitals, cities)

	_, owner = g.bfs(capitals, nil, nil)
	territory := make([]int, len(capitals))
	for _, o := range owner {
		if o >= 0 {
			territory[o]++
		}
	}
	starts := make([]Start, len(capitals))
	for p, c := range capitals {
		s := Start{Capital: g.hexs[c], Territory: territory[p], Borders: g.borders(cities[p])}
		for _, i := range cities[p][1:] {
			s.Cities = append(s.Cities, g.hexs[i])
		}
		s.LandNear = g.landNear(c)
		starts[p] = s
	}
	slices.Sort(g.changed)
	return starts, nil
}

// components labels every walkable hex with its land mass (0, 1, ...) and
// every other hex with -1, and returns the land masses' sizes.
// The returned slice is the generator's scratch buffer, valid until the next
// call.
func (g *generator) components() (comp []int32, sizes []int) {
	if g.comp == nil {
		g.comp = make([]int32, g.rect.Len())
		g.queue = make([]int, 0, g.rect.Len())
	}
	comp = g.comp
	for i := range comp {
		comp[i] = -1
	}
	queue := g.queue
	for start := range comp {
		if comp[start] >= 0 || !g.walk(start) {
			continue
		}
		id := int32(len(sizes))
		comp[start] = id
		queue = append(queue[:0], start)
		for k := 0; k < len(queue); k++ {
			for _, j := range g.nbr[queue[k]] {
				if j >= 0 && comp[j] < 0 && g.walk(int(j)) {
					comp[j] = id
					queue = append(queue, int(j))
				}
			}
		}
		sizes = append(sizes, len(queue))
	}
	g.queue = queue
	return comp, sizes
}

// bfs walks from the sources over walkable hexes and returns each hex's
// walking distance from the nearest source (-1 if unreachable) and which
// source that is (its index in sources; -1 if unreachable). Ties go to the
// source listed first. It fills and returns dist and owner when they are
// long enough, else new slices.
func (g *generator) bfs(sources []int, dist []int32, owner []int16) ([]int32, []int16) {
	n := g.rect.Len()
	if len(dist) != n {
		dist = make([]int32, n)
	}
	if len(owner) != n {
		owner = make([]int16, n)
	}
	for i := range dist {
		dist[i], owner[i] = -1, -1
	}
	queue := g.bfsQueue[:0]
	for s, i := range sources {
		if dist[i] < 0 {
			dist[i], owner[i] = 0, int16(s)
			queue = append(queue, i)
		}
	}
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		for _, j := range g.nbr[i] {
			if j >= 0 && dist[j] < 0 && g.walk(int(j)) {
				dist[j], owner[j] = dist[i]+1, owner[i]
				queue = append(queue, int(j))
			}
		}
	}
	g.bfsQueue = queue
	return dist, owner
}

// share is a land mass and the number of players placed on it.
type share struct{ comp, players int }

// allocate spreads the players over the largest land masses in proportion to
// their size, at least two players to a land mass so each can reach a rival,
// and never fewer than minWalkPerPlayer walkable hexes a player.
func allocate(sizes []int, players int) ([]share, error) {
	var order []int
	for c, s := range sizes {
		if s >= 2*minWalkPerPlayer {
			order = append(order, c)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(sizes[b], sizes[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for n := len(order); n > 0; n-- {
		use := order[:n]
		total := 0
		for _, c := range use {
			total += sizes[c]
		}
		// Largest remainder: floor shares first, then one more each to the
		// largest fractions (ties to the larger land mass, listed first).
		out := make([]share, n)
		rem := make([]int, n)
		given := 0
		for k, c := range use {
			out[k] = share{comp: c, players: players * sizes[c] / total}
			rem[k] = players * sizes[c] % total
			given += out[k].players
		}
		byRem := make([]int, n)
		for k := range byRem {
			byRem[k] = k
		}
		slices.SortStableFunc(byRem, func(a, b int) int { return cmp.Compare(rem[b], rem[a]) })
		for k := 0; given < players; k++ {
			out[byRem[k]].players++
			given++
		}
		ok := true
		for _, s := range out {
			if s.players < 2 || sizes[s.comp]/s.players < minWalkPerPlayer {
				ok = false
			}
		}
		if ok {
			return out, nil
		}
	}
	largest := 0
	for _, s := range sizes {
		largest = max(largest, s)
	}
	return nil, fmt.Errorf("no land mass holds %d players at %d walkable hexes each (largest has %d): %w",
		players, minWalkPerPlayer, largest, ErrTooSmall)
}

// capitals places n capitals on land mass c.
func (g *generator) capitals(comp []int32, c, n, size int) ([]int, error) {
	var cand []int
	for i := range comp {
		if comp[i] == int32(c) && g.city(i) && g.goodSite(i) {
			cand = append(cand, i)
		}
	}
	if len(cand) < n {
		return nil, fmt.Errorf("land mass of %d hexes has %d capital sites for %d players", size, len(cand), n)
	}
	spacing := max(isqrt(size/n)*6/10, 6)

	// Farthest-point sampling: each next capital is the site farthest (by
	// walking) from those already chosen.
	caps := []int{cand[g.rng.IntN(len(cand))]}
	near, _ := g.bfs(caps, nil, nil)
	var d []int32
	var owner []int16
	for len(caps) < n {
		best, bestD := -1, int32(-1)
		for _, i := range cand {
			if near[i] > bestD {
				best, bestD = i, near[i]
			}
		}
		caps = append(caps, best)
		d, owner = g.bfs([]int{best}, d, owner)
		for i := range near {
			if d[i] >= 0 && (near[i] < 0 || d[i] < near[i]) {
				near[i] = d[i]
			}
		}
	}
	spread := slices.Clone(caps)

	// Lloyd relaxation: move each capital to the site nearest its
	// territory's centre.
	for range lloydRounds {
		_, owner = g.bfs(caps, d, owner)
		sumQ := make([]int, n)
		sumR := make([]int, n)
		count := make([]int, n)
		for i, o := range owner {
			if o >= 0 {
				sumQ[o] += g.hexs[i].Q
				sumR[o] += g.hexs[i].R
				count[o]++
			}
		}
		moved := false
		for p := range caps {
			centre := hex.Hex{Q: sumQ[p] / max(count[p], 1), R: sumR[p] / max(count[p], 1)}
			best, bestD := caps[p], hex.Distance(g.hexs[caps[p]], centre)
			for _, i := range cand {
				if int(owner[i]) == p {
					if d := hex.Distance(g.hexs[i], centre); d < bestD {
						best, bestD = i, d
					}
				}
			}
			if best != caps[p] {
				caps[p], moved = best, true
			}
		}
		if !moved {
			break
		}
	}
	// Then let each capital step up to settleRadius hexes within its
	// territory to the best site (siteScore): much walkable land around
	// it, and every resource terrain within reach of its cities.
	_, owner = g.bfs(caps, d, owner)
	for p := range caps {
		best, bestScore := caps[p], g.siteScore(caps[p])
		g.within(caps[p], settleRadius, func(i int) {
			if int(owner[i]) != p || comp[i] != int32(c) || !g.city(i) || !g.goodSite(i) {
				return
			}
			if sc := g.siteScore(i); sc > bestScore {
				best, bestScore = i, sc
			}
		})
		caps[p] = best
	}
	if g.minWalk(caps) >= spacing {
		return caps, nil
	}
	if g.minWalk(spread) >= spacing {
		return spread, nil
	}
	return nil, fmt.Errorf("land mass of %d hexes: cannot space %d capitals %d hexes apart", size, n, spacing)
}

// siteScore rates hex i as a capital: the walkable land around it, and 20
// points for each resource terrain within its cities' reach.
func (g *generator) siteScore(i int) int {
	score := g.landNear(i)
	for _, t := range g.cfg.Resources {
		found := false
		g.within(i, cityRadius, func(j int) {
			found = found || g.m.Terrain[j] == t
		})
		if found {
			score += 20
		}
	}
	return score
}

// landNear counts the walkable hexes within NearRadius of hex i.
func (g *generator) landNear(i int) int {
	n := 0
	g.within(i, NearRadius, func(j int) {
		if g.walk(j) {
			n++
		}
	})
	return n
}

// minWalk returns the least walking distance between two of the hexes.
func (g *generator) minWalk(caps []int) int {
	least := int32(1 << 30)
	var d []int32
	var owner []int16
	for k, c := range caps {
		d, owner = g.bfs([]int{c}, d, owner)
		for _, o := range caps[k+1:] {
			if d[o] >= 0 && d[o] < least {
				least = d[o]
			}
		}
	}
	return int(least)
}

// goodSite reports whether a capital at i leaves room for the player's
// other cities: enough city hexes at city spacing within the nearest search
// radius, and the capital not on the map's edge.
func (g *generator) goodSite(i int) bool {
	o := g.hexs[i].Offset()
	if o.Col < 1 || o.Row < 1 || o.Col >= g.cfg.Width-1 || o.Row >= g.cfg.Height-1 {
		return false
	}
	room := 0
	g.within(i, siteRadius, func(j int) {
		if g.city(j) && hex.Distance(g.hexs[j], g.hexs[i]) >= g.cfg.CitySpacing {
			room++
		}
	})
	return room >= 2*g.cfg.Cities
}

// cities chooses the other cities of player p, whose capital is c, from the
// city hexes of p's territory, and adds them to taken. It returns the
// player's cities, capital first.
func (g *generator) cities(p, c int, owner []int16, taken *[]int) ([]int, error) {
	mine := []int{c}
	for radius := cityRadius; radius <= maxCityRadius; radius++ {
		for len(mine) < g.cfg.Cities+1 {
			covered := g.borderSet(mine)
			best, bestScore := -1, -1<<30
			g.within(c, radius, func(i int) {
				if !g.city(i) || int(owner[i]) != p || !g.spaced(i, *taken) {
					return
				}
				h := g.hexs[i]
				score := -3 * hex.Distance(h, g.hexs[c])
				for _, t := range g.cfg.Resources {
					if !covered[t] && g.borders1(i, t) {
						score += 100
					}
				}
				nearest := 4
				for _, m := range mine {
					nearest = min(nearest, hex.Distance(h, g.hexs[m]))
				}
				score += 10 * nearest
				if score > bestScore || (score == bestScore && i < best) {
					best, bestScore = i, score
				}
			})
			if best < 0 {
				break
			}
			mine = append(mine, best)
			*taken = append(*taken, best)
		}
	}
	if len(mine) < g.cfg.Cities+1 {
		return nil, fmt.Errorf("player %d at %s: room for %d of %d cities", p+1, g.hexs[c], len(mine)-1, g.cfg.Cities)
	}
	return mine, nil
}

// spaced reports whether a city at i keeps the city spacing from every city
// in taken.
func (g *generator) spaced(i int, taken []int) bool {
	for _, t := range taken {
		if hex.Distance(g.hexs[i], g.hexs[t]) < g.cfg.CitySpacing {
			return false
		}
	}
	return true
}

// borders1 reports whether hex i has a neighbour of terrain t.
func (g *generator) borders1(i int, t rulesfile.TerrainID) bool {
	for _, n := range g.hexs[i].Neighbors() {
		if j := g.rect.Index(n); j >= 0 && g.m.Terrain[j] == t {
			return true
		}
	}
	return false
}

// borderSet returns which terrains border at least one of the cities.
func (g *generator) borderSet(cities []int) []bool {
	set := make([]bool, len(g.cfg.Terrain))
	for _, c := range cities {
		for _, n := range g.hexs[c].Neighbors() {
			if j := g.rect.Index(n); j >= 0 {
				set[g.m.Terrain[j]] = true
			}
		}
	}
	return set
}

// borders lists, in TerrainID order, the terrains bordering the cities.
func (g *generator) borders(cities []int) []rulesfile.TerrainID {
	var out []rulesfile.TerrainID
	for t, ok := range g.borderSet(cities) {
		if ok {
			out = append(out, rulesfile.TerrainID(t))
		}
	}
	return out
}

// errDisconnects marks a terrain change that would cut a start off.
var errDisconnects = errors.New("change disconnects a start")

// addResources gives every player's cities a neighbour of each resource
// terrain, where they have none, by changing one hex next to one of the
// player's cities (not a city, not next to another player's city). A change
// is kept only if the player loses no terrain it bordered and every start
// still reaches its own cities and a rival capital by land.
func (g *generator) addResources(capitals []int, cities [][]int) {
	cityOwner := make(map[int]int)
	for p, cs := range cities {
		for _, c := range cs {
			cityOwner[c] = p
		}
	}
	for p, cs := range cities {
		for _, t := range g.cfg.Resources {
			if g.borderSet(cs)[t] {
				continue
			}
			before := g.borderSet(cs)
			// Try the neighbours of the non-capital cities first, then the
			// capital's, each in direction order.
			order := append(slices.Clone(cs[1:]), cs[0])
			done := false
			for _, c := range order {
				for _, n := range g.hexs[c].Neighbors() {
					j := g.rect.Index(n)
					if j < 0 || done || g.m.Terrain[j] == t {
						continue
					}
					if _, isCity := cityOwner[j]; isCity || g.nextToRival(j, p, cityOwner) {
						continue
					}
					old := g.m.Terrain[j]
					g.m.Terrain[j] = t
					// Only a walkable hex turned unwalkable can cut a start off.
					cuts := g.cfg.Terrain[old].Army && !g.cfg.Terrain[t].Army
					if g.keeps(before, cs) && (!cuts || g.connected(capitals, cities) == nil) {
						done = true
						g.changed = append(g.changed, j)
						continue
					}
					g.m.Terrain[j] = old
				}
			}
		}
	}
}

// nextToRival reports whether hex j is next to a city of a player other
// than p.
func (g *generator) nextToRival(j, p int, cityOwner map[int]int) bool {
	for _, n := range g.hexs[j].Neighbors() {
		if k := g.rect.Index(n); k >= 0 {
			if o, ok := cityOwner[k]; ok && o != p {
				return true
			}
		}
	}
	return false
}

// keeps reports whether the cities still border every terrain in before.
func (g *generator) keeps(before []bool, cities []int) bool {
	now := g.borderSet(cities)
	for t, had := range before {
		if had && !now[t] {
			return false
		}
	}
	return true
}

// connected checks that every player's cities stand on walkable land in one
// land mass with its capital and at least one rival capital.
func (g *generator) connected(capitals []int, cities [][]int) error {
	comp, _ := g.components()
	for p, c := range capitals {
		for _, i := range cities[p] {
			if comp[i] < 0 || comp[i] != comp[c] {
				return errDisconnects
			}
		}
		rival := false
		for q, o := range capitals {
			rival = rival || (q != p && comp[o] == comp[c])
		}
		if !rival {
			return errDisconnects
		}
	}
	return nil
}

// isqrt returns the integer square root of n >= 0.
func isqrt(n int) int {
	if n < 2 {
		return max(n, 0)
	}
	x := n
	y := (x + 1) / 2
	for y < x {
		x = y
		y = (x + n/x) / 2
	}
	return x
}
