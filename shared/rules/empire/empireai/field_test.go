package empireai

import (
	"math/rand/v2"
	"sync"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// randomView is a view of seat 1 on a w x h map of shape: random terrain
// (a tenth never seen), a few settlements of every owner and sightings of
// others' armies, from seed.
func randomView(shape grid.Shape, w, h int, seed uint64) *empire.View {
	rnd := rand.New(rand.NewPCG(seed, 7))
	v := &empire.View{Seat: 1, Turn: 10, Shape: shape, Width: w, Height: h,
		Players: []empire.PlayerView{{Name: "one", Alive: true}, {Name: "two", Alive: true}}}
	v.Terrain = make([]uint8, w*h)
	v.Seen = make([]int32, w*h)
	terrains := []dat.Terrain{dat.Plains, dat.Plains, dat.Plains, dat.Forest, dat.Mountain, dat.Sea, dat.Sea}
	for i := range v.Terrain {
		v.Terrain[i], v.Seen[i] = uint8(terrains[rnd.IntN(len(terrains))]), int32(v.Turn)
		if rnd.IntN(10) == 0 {
			v.Terrain[i], v.Seen[i] = empire.Unknown, 0
		}
	}
	used := map[grid.Pos]bool{}
	free := func() grid.Pos {
		for {
			p := grid.Pos{X: rnd.IntN(w), Y: rnd.IntN(h)}
			if !used[p] {
				used[p] = true
				return p
			}
		}
	}
	for k := range 8 {
		p := free()
		v.Terrain[w*p.Y+p.X] = uint8(dat.Plains)
		v.Settlements = append(v.Settlements, empire.SettlementView{ID: empire.SettlementID(k + 1), Pos: p, City: k%3 == 0,
			Owner: empire.Seat(k % 3), Turn: v.Turn})
	}
	for k := range 6 {
		v.Sightings = append(v.Sightings, empire.Sighting{Force: empire.ForceID(100 + k), Owner: 2, Pos: free(),
			Units: 1, HP: 1, MaxHP: 1, Turn: v.Turn})
	}
	return v
}

// TestFieldGrownOnDemand checks that a distance field grown only as far as
// asked gives, square for square, the costs of the whole-map search the
// plan made before (grid.DistancesByIndex with the same steps), and that
// descend, which grows it only to the army's square, takes the path it
// took: on squares and hexes, for walking and flying armies, asked in any
// order.
func TestFieldGrownOnDemand(t *testing.T) {
	d := data(t)
	kinds := []string{"Infantry", "Cavalry", "Spirit"}
	for _, tt := range []struct {
		name  string
		shape grid.Shape
		seed  uint64
	}{
		{"squares", grid.Square, 1},
		{"squares again", grid.Square, 2},
		{"hexes", grid.Hex, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := randomView(tt.shape, 30, 20, tt.seed)
			st := normalStyle()
			w := newWorld(d, v, 1, st, rand.New(rand.NewPCG(1, 1)), nil)
			w.findTargets()
			var src []int32
			for _, tg := range w.targets {
				src = append(src, int32(w.g.Index(tg.pos)))
			}
			rnd := rand.New(rand.NewPCG(tt.seed, 9))
			for _, name := range kinds {
				k, _ := d.Kind(name)
				c := classOf(empire.ArmyMovement(d, []empire.Unit{{Kind: k, HP: d.Unit(k).HP}}))
				isSrc := make([]bool, w.g.Len())
				for _, i := range src {
					isSrc[i] = true
				}
				want := w.g.DistancesByIndex(nil, toInts(src), func(fi, ti int) (int, bool) {
					cf := w.enter(c, fi)
					return cf, cf > 0 && (isSrc[fi] || !w.sc.blocked[fi]) && !w.sc.blocked[ti] && w.enter(c, ti) > 0
				}, 0)
				f := w.fieldFrom(c, src)
				for _, i := range rnd.Perm(w.g.Len()) {
					if have := f.at(i); have != want[i] {
						t.Fatalf("%s: the cost of %v is %d, want %d", name, w.g.At(i), have, want[i])
					}
				}
				for i := range w.g.Len() {
					p := w.g.At(i)
					path, cost, ok := w.descend(c, w.fieldFrom(c, src), p, w.g.Len())
					wantPath, wantCost, wantOK := descendWhole(w, c, want, p)
					if ok != wantOK || cost != wantCost || !equalPaths(path, wantPath) {
						t.Fatalf("%s from %v: descend gives %v %d %v, the whole field %v %d %v", name, p, path, cost, ok, wantPath, wantCost, wantOK)
					}
				}
			}
		})
	}
}

// descendWhole is descend as the plan followed a whole-map field f.
func descendWhole(w *world, c class, f []int, p grid.Pos) (path []grid.Pos, cost int, ok bool) {
	if f[w.g.Index(p)] == 0 {
		return nil, 0, true
	}
	var nb []grid.Pos
	cur := -1
	for len(path) < w.g.Len() {
		nb = w.g.Neighbours(nb[:0], p)
		best, bestQ := -1, grid.Pos{}
		for _, q := range nb {
			qi := w.g.Index(q)
			e := w.enter(c, qi)
			if e <= 0 || f[qi] < 0 || f[qi] > 0 && w.sc.blocked[qi] {
				continue
			}
			if v := e + f[qi]; best < 0 || v < best {
				best, bestQ = v, q
			}
		}
		if best < 0 || cur >= 0 && best > cur {
			break
		}
		if cur < 0 {
			cost = best
		}
		path = append(path, bestQ)
		p, cur = bestQ, f[w.g.Index(bestQ)]
		if cur == 0 {
			return path, cost, true
		}
	}
	return path, cost, len(path) > 0
}

func toInts(src []int32) []int {
	out := make([]int, len(src))
	for k, i := range src {
		out[k] = int(i)
	}
	return out
}

func equalPaths(a, b []grid.Pos) bool {
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

// bigView is a view of seat 1 on a w x h map of squares that knows only
// the plains within r of its town in the middle: no forces.
func bigView(w, h, r int) *empire.View {
	v := &empire.View{Seat: 1, Turn: 10, Shape: grid.Square, Width: w, Height: h,
		Players: []empire.PlayerView{{Name: "one", Alive: true}, {Name: "two", Alive: true}}}
	v.Terrain = make([]uint8, w*h)
	v.Seen = make([]int32, w*h)
	for i := range v.Terrain {
		v.Terrain[i] = empire.Unknown
	}
	g := v.Grid()
	town := grid.Pos{X: w / 2, Y: h / 2}
	for _, p := range g.Within(nil, town, r) {
		v.Terrain[g.Index(p)], v.Seen[g.Index(p)] = uint8(dat.Plains), int32(v.Turn)
	}
	v.Settlements = []empire.SettlementView{{ID: 1, Pos: town, Owner: 1, Turn: v.Turn}}
	return v
}

// TestNoForcesNoMapSearch checks the issue's "bound them by what is
// asked": a seat that knows a corner of a large map and has no forces
// (its town's first unit not done yet) makes no distance field, and
// choosing what to produce searches only its known land round the town,
// once for each set of terrains its units may enter: as many squares on a
// map of 128x128 as on one of 32x32.
func TestNoForcesNoMapSearch(t *testing.T) {
	d := data(t)
	for _, level := range []ruleset.Level{ruleset.Easy, ruleset.Normal} {
		p, err := NewPlayer(d, level, 1)
		if err != nil {
			t.Fatal(err)
		}
		visited := map[int]int{}
		for _, size := range []int{32, 128} {
			w := newWorld(d, bigView(size, size, 3), 1, p.st, rand.New(rand.NewPCG(1, 1)), nil)
			os := w.plan()
			if order(os, empire.Produce, 0, 1) == nil {
				t.Errorf("%dx%[1]d %s: orders %+v, want the town to produce", size, level, os)
			}
			// The known land is the 25 squares within 3 of the town.
			if most := 25 * len(w.reached); w.searches != 0 || w.visited > most {
				t.Errorf("%dx%[1]d %s: %d distance fields and paths, %d squares searched; want none and at most %d",
					size, level, w.searches, w.visited, most)
			}
			visited[size] = w.visited
		}
		if visited[32] != visited[128] {
			t.Errorf("%s: %d squares searched on 32x32, %d on 128x128, want as many", level, visited[32], visited[128])
		}
	}
}

// TestOnePlayerSeatsAtOnce checks that one Player may plan several seats
// at the same time (each call takes buffers of its own from the pool) and
// plans each as it plans it alone: at every turn of a game of four
// normal seats, the orders of one Player asked for all four at once are
// those the game's players gave.
func TestOnePlayerSeatsAtOnce(t *testing.T) {
	const seed = 6
	gm := newGame(t, seed, 40, 30, ruleset.Normal, ruleset.Normal, ruleset.Normal, ruleset.Normal)
	p, err := NewPlayer(gm.r.Dat(), ruleset.Normal, seed)
	if err != nil {
		t.Fatal(err)
	}
	type asked struct {
		v    *empire.View
		want []byte
	}
	for turn := 0; turn < 25; turn++ {
		var seats []asked
		if !gm.turn(func(s ruleset.Seat, v *empire.View, orders []byte) { seats = append(seats, asked{v, orders}) }) {
			break
		}
		have, st := make([][]byte, len(seats)), gm.g.Step()
		var wg sync.WaitGroup
		for k, a := range seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				have[k], _ = p.Act(a.v, st, a.v.Seat)
			}()
		}
		wg.Wait()
		for k, a := range seats {
			if string(have[k]) != string(a.want) {
				t.Fatalf("turn %d, seat %d: the shared player's orders differ from the seat's own player's", a.v.Turn, a.v.Seat)
			}
		}
	}
}
