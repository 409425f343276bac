package erfworldai

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/ruleset"
)

// fullField is the distance field the planner searched over the whole map
// before fields grew on demand: the steps from sources to every hex over
// the hexes pass accepts, -1 where none reaches. The tests hold the new
// searches to it.
func fullField(w *world, sources []int, pass func(int) bool) []int32 {
	dist := make([]int32, w.rect.Len())
	for i := range dist {
		dist[i] = -1
	}
	var q []int32
	for _, i := range sources {
		if i >= 0 && dist[i] < 0 {
			dist[i] = 0
			q = append(q, int32(i))
		}
	}
	for head := 0; head < len(q); head++ {
		i := q[head]
		for _, n := range w.rect.HexAt(int(i)).Neighbors() {
			j := w.rect.Index(n)
			if j >= 0 && dist[j] < 0 && pass(j) {
				dist[j] = dist[i] + 1
				q = append(q, int32(j))
			}
		}
	}
	return dist
}

// fullDescend is the planner's former descent: up to steps hexes from h
// down dist, the first downhill neighbour in direction order each time.
func fullDescend(w *world, h hex.Hex, dist []int32, steps int) []hex.Hex {
	var path []hex.Hex
	for cur := h; len(path) < steps; {
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

// fullNearestCity is the former choice of a target city: a whole field
// from every city ok accepts (fields, by the city's index in w.foes), the
// lowest distance (less bonus for a Capital) at h, the first by ID among
// equals.
func fullNearestCity(w *world, fields [][]int32, h hex.Hex, bonus int32, ok func(*game.CityView) bool) (game.CityView, bool) {
	var best game.CityView
	var bestScore int32
	found := false
	for k, c := range w.foes {
		dist := fields[k][w.rect.Index(h)]
		if dist < 0 || !ok(&c) {
			continue
		}
		score := dist
		if c.Capital {
			score -= bonus
		}
		if !found || score < bestScore {
			best, bestScore, found = c, score, true
		}
	}
	return best, found
}

// gameWorlds plays games of four Normal players, on a generated 32x32 map
// and on two islands, and calls check with each player's world every
// fifth turn (turns 5 to 60), and the state the world is a view of.
func gameWorlds(t *testing.T, check func(w *world, s *game.State)) {
	t.Helper()
	rs := newRules(t)
	levels := []ruleset.Level{ruleset.Normal, ruleset.Normal, ruleset.Normal, ruleset.Normal}
	each := func(s *game.State, p game.PlayerID, _ []game.Order) {
		if s.Turn%5 == 0 {
			w := newWorld(rs, game.NewView(s, p), rand.New(rand.NewPCG(1, 2)), nil)
			check(w, s)
			w.release()
		}
	}
	play(t, rs, 7, 32, levels, 60, each)
	playOn(t, rs, islandGame(t, rs, 3), levels[:2], 60, each)
}

// starts returns the hexes the tests search from: the player's armies
// and fleets and, for variety, every seventh hex of the map.
func starts(w *world) []hex.Hex {
	var out []hex.Hex
	for _, as := range [][]*game.Army{w.armies, w.fleets} {
		for _, a := range as {
			out = append(out, a.Hex)
		}
	}
	for i := 0; i < w.rect.Len(); i += 7 {
		out = append(out, w.rect.HexAt(i))
	}
	return out
}

// TestNearestCityMatchesFullFields holds the search from the army
// (nearestCity) to the choice the planner made with a whole field from
// every enemy city known, on the views of played games: the same city,
// whatever the cities it accepts and the Capital's bonus.
func TestNearestCityMatchesFullFields(t *testing.T) {
	oks := []struct {
		name string
		ok   func(*game.CityView) bool
	}{
		{"any", func(*game.CityView) bool { return true }},
		{"capitals", func(c *game.CityView) bool { return c.Capital }},
		{"every third", func(c *game.CityView) bool { return c.ID%3 != 0 }},
		{"none", func(*game.CityView) bool { return false }},
	}
	checks, found := 0, 0
	gameWorlds(t, func(w *world, s *game.State) {
		fields := make([][]int32, len(w.foes))
		for k, c := range w.foes {
			fields[k] = fullField(w, []int{w.rect.Index(c.Hex)}, w.passable)
		}
		for _, h := range starts(w) {
			for _, ok := range oks {
				for _, bonus := range []int32{0, capitalBonus} {
					have, haveOK := w.nearestCity(h, bonus, ok.ok)
					want, wantOK := fullNearestCity(w, fields, h, bonus, ok.ok)
					checks++
					if haveOK {
						found++
					}
					if haveOK != wantOK || have.ID != want.ID {
						t.Fatalf("turn %d player %d from %v (%s, bonus %d): have city %d (%v), want %d (%v)",
							s.Turn, w.me, h, ok.name, bonus, have.ID, haveOK, want.ID, wantOK)
					}
				}
			}
		}
	})
	if found == 0 || found == checks {
		t.Errorf("%d of %d searches found a city: the games test nothing", found, checks)
	}
}

// TestDescendNearestMatchesField holds the way toward the nearest unknown
// hex, on foot and by sea (descendNearest), to the descent down the whole
// field from every unknown hex, on the views of played games.
func TestDescendNearestMatchesField(t *testing.T) {
	moved := 0
	gameWorlds(t, func(w *world, s *game.State) {
		var unknown []int
		for i := range w.rect.Len() {
			if w.unknown(i) {
				unknown = append(unknown, i)
			}
		}
		for _, m := range []struct {
			name string
			pass func(int) bool
		}{{"on foot", w.passable}, {"by sea", w.water}} {
			dist := fullField(w, unknown, m.pass)
			for _, h := range starts(w) {
				for _, steps := range []int{1, 4, 40} {
					have := w.descendNearest(h, m.pass, w.unknown, steps)
					want := fullDescend(w, h, dist, steps)
					if len(have) > 0 {
						moved++
					}
					if !slicesEqual(have, want) {
						t.Fatalf("turn %d player %d %s from %v, %d steps: have %v, want %v", s.Turn, w.me, m.name, h, steps, have, want)
					}
				}
			}
		}
	})
	if moved == 0 {
		t.Error("no descent moved: the games test nothing")
	}
}

// TestFieldGrowsAsAsked asks a field to the Capital grown on demand for
// distances in random order, and its search order, and holds them to the
// whole field and to the order of search: the same distances, and the
// first enemy city and unknown hex that search finds.
func TestFieldGrowsAsAsked(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	gameWorlds(t, func(w *world, s *game.State) {
		if w.capital == nil {
			return
		}
		f := w.fieldTo(w.capital.Hex)
		want := fullField(w, []int{w.rect.Index(w.capital.Hex)}, w.passable)
		for _, want := range []struct {
			name string
			ok   func(hex.Hex, int) bool
		}{
			{"enemy city", func(h hex.Hex, _ int) bool { return w.foeCityAt(h) != nil }},
			{"unknown hex", func(_ hex.Hex, i int) bool { return w.unknown(i) }},
		} {
			have := f.find(1, func(i int) bool { return want.ok(w.rect.HexAt(i), i) })
			path := w.search(w.capital.Hex, w.rect.Len(), want.ok)
			if (have >= 0) != (path != nil) || path != nil && w.rect.HexAt(have) != path[len(path)-1] {
				t.Fatalf("turn %d player %d: first %s found at %d, search found %v", s.Turn, w.me, want.name, have, path)
			}
		}
		for _, i := range rng.Perm(w.rect.Len()) {
			if have := f.at(i); have != want[i] {
				t.Fatalf("turn %d player %d: hex %d at %d steps from the Capital, want %d", s.Turn, w.me, i, have, want[i])
			}
		}
		g := w.newField()
		g.start([]int{w.rect.Index(w.capital.Hex)}, w.rect, w.s.Map.Terrain, &w.walk)
		g.upTo(5)
		for i, d := range want {
			if d >= 0 && d <= 5 && g.dist[i] != d || g.dist[i] >= 0 && g.dist[i] != d {
				t.Fatalf("turn %d player %d: grown to 5 steps, hex %d at %d, want %d", s.Turn, w.me, i, g.dist[i], d)
			}
		}
	})
}

func slicesEqual(a, b []hex.Hex) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// cityRows is a plain with a river of Water down column 8, which no army
// crosses on foot.
var cityRows = []string{
	`. . . . . . . . ~ . . . . . . .`,
	` . . . . . . . . ~ . . . . . . .`,
	`. . . . . . . . ~ . . . . . . .`,
	` . . . . . . . . ~ . . . . . . .`,
	`. . . . . . . . ~ . . . . . . .`,
	` . . . . . . . . ~ . . . . . . .`,
	`. . . . . . . . ~ . . . . . . .`,
}

// TestNearestCity picks the target city from (1,3) as the planner's rule
// says ("the Capital if it can be taken, else the nearest city it can
// take"): the nearest city; a Capital up to capitalBonus steps farther;
// the first by ID of two that score alike; nothing across the river.
// Player 1 sees every city (a lookout army next to each) and knows the
// map (terrain never seen may be walked, as far as it knows).
func TestNearestCity(t *testing.T) {
	type city struct {
		col, row int
		capital  bool
	}
	for _, tt := range []struct {
		name   string
		bonus  int32
		cities []city // of players 2, 3, ... in turn, IDs in this order
		want   int    // index in cities, -1 for none
	}{
		// From (1,3): (6,3) is 5 steps, (4,3) 3 and (7,1) 7.
		{"nearest", capitalBonus, []city{{6, 3, false}, {4, 3, false}, {7, 1, false}}, 1},
		// (3,3) scores 2, the Capital on (7,5) 7-12.
		{"a Capital farther", capitalBonus, []city{{3, 3, false}, {7, 5, true}}, 1},
		// (3,3) scores 2, (1,0) 3, the Capital on (7,3) 6-2.
		{"a Capital too far", 2, []city{{3, 3, false}, {1, 0, false}, {7, 3, true}}, 0},
		// (5,3) and (4,1) are 4 steps away.
		{"alike: the first by ID", capitalBonus, []city{{5, 3, false}, {4, 1, false}}, 0},
		{"across the river", capitalBonus, []city{{10, 3, false}, {12, 2, true}}, -1},
		{"across the river, and one on this side", capitalBonus, []city{{10, 3, false}, {0, 6, false}}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := newScene(t, newRules(t), 1+len(tt.cities), cityRows...)
			sc.city(1, at(0, 0), true, 0)
			from := at(1, 3)
			sc.army(1, from, sc.infantry(20), true)
			var ids []game.CityID
			for k, c := range tt.cities {
				ids = append(ids, sc.city(game.PlayerID(k+2), at(c.col, c.row), c.capital, 1))
			}
			for _, c := range tt.cities {
				sc.army(1, lookout(sc, at(c.col, c.row)), sc.infantry(1), false)
			}
			for i := range sc.s.Map.Rect().Len() {
				sc.s.Memory[0].Known.Set(i)
			}
			p := sc.planner(1, normalStyle)
			if len(p.foes) != len(tt.cities) {
				t.Fatalf("player 1 knows %d cities, want %d", len(p.foes), len(tt.cities))
			}
			have, ok := p.nearestCity(from, tt.bonus, func(*game.CityView) bool { return true })
			switch {
			case tt.want < 0 && ok:
				t.Errorf("have city %d on %v, want none", have.ID, have.Hex)
			case tt.want >= 0 && (!ok || have.ID != ids[tt.want]):
				t.Errorf("have city %d (%v), want %d on %v", have.ID, ok, ids[tt.want], at(tt.cities[tt.want].col, tt.cities[tt.want].row))
			}
		})
	}
}

// lookout returns the first neighbour of h on the scene's map where an
// army may stand: land, no city on it.
func lookout(sc *scene, h hex.Hex) hex.Hex {
	for _, n := range h.Neighbors() {
		if t, ok := sc.s.Map.At(n); ok && sc.rs.D.Terrain[t].Army && sc.s.CityAt(n) == nil {
			return n
		}
	}
	sc.t.Fatalf("no hex for a lookout next to %v", h)
	return h
}

// TestScratchLeftClean plays a game and checks, after each player's turn,
// that the search buffers its Player keeps are clean (no enemy city
// marked, every field unreached), as the next turn, of any player on the
// map, needs them: what one turn leaves must not change another's orders.
func TestScratchLeftClean(t *testing.T) {
	rs := newRules(t)
	players := []*Player{New(rs, ruleset.Normal, 7), New(rs, ruleset.Normal, 7), New(rs, ruleset.Easy, 7), New(rs, ruleset.Normal, 7)}
	s, err := rs.NewGame(7, 32, 32, len(players), nil)
	if err != nil {
		t.Fatal(err)
	}
	fields := 0
	for range 40 {
		var all []game.PlayerOrders
		for i, pl := range players {
			id := game.PlayerID(i + 1)
			if !s.Player(id).Alive {
				continue
			}
			all = append(all, game.PlayerOrders{Player: id, Orders: pl.Orders(game.NewView(s, id))})
			if len(pl.scratch.kept) != 1 {
				t.Fatalf("turn %d player %d: %d buffers kept, want 1", s.Turn, id, len(pl.scratch.kept))
			}
			sc := pl.scratch.kept[0]
			for j, k := range sc.foe {
				if k != 0 {
					t.Fatalf("turn %d player %d: hex %d still marks enemy city %d", s.Turn, id, j, k-1)
				}
			}
			for _, f := range sc.free {
				fields++
				for j, d := range f.dist {
					if d != -1 || len(f.queue) > 0 || f.head > 0 {
						t.Fatalf("turn %d player %d: a free field has hex %d at %d, %d queued", s.Turn, id, j, d, len(f.queue))
					}
				}
			}
		}
		game.Resolve(s, rs, all)
	}
	if fields == 0 {
		t.Error("no field was kept: the game tests nothing")
	}
}

// TestOrdersConcurrently asks one Player for every seat's orders at once,
// as a server may, and holds them to the orders asked one at a time.
func TestOrdersConcurrently(t *testing.T) {
	rs := newRules(t)
	s := play(t, rs, 9, 32, []ruleset.Level{ruleset.Normal, ruleset.Normal, ruleset.Normal, ruleset.Normal}, 30, nil)
	pl := New(rs, ruleset.Normal, 9)
	want := make([][]game.Order, len(s.Players))
	for i := range want {
		want[i] = pl.Orders(game.NewView(s, game.PlayerID(i+1)))
	}
	have := make([][]game.Order, len(s.Players))
	done := make(chan int)
	for i := range have {
		go func() {
			have[i] = pl.Orders(game.NewView(s, game.PlayerID(i+1)))
			done <- i
		}()
	}
	for range have {
		<-done
	}
	for i := range want {
		if !reflect.DeepEqual(have[i], want[i]) {
			t.Errorf("player %d: asked at once, %d orders %v; one at a time, %d orders %v", i+1, len(have[i]), have[i], len(want[i]), want[i])
		}
	}
}
