package empire

import (
	"slices"
	"strings"
	"testing"

	"empires/assets"
	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
	"empires/shared/rules/empire/world"
	"empires/shared/ruleset"
)

// rules loads the default data once per test.
func rules(t testing.TB) *Rules {
	t.Helper()
	r, err := Load(assets.Rules())
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return r
}

// onMap starts a game of seats players on an ASCII map (package world's
// glyphs: . plains, ^ forest, M mountain, ~ sea, t town, C city, 1-9 a
// player's start city). The starting garrisons are removed, so a test
// places exactly the forces it needs with add; settlements produce
// nothing until a test says so.
func onMap(t testing.TB, seats int, text string) *Game {
	t.Helper()
	r := rules(t)
	m, err := world.Parse(grid.Square, strings.TrimSpace(text))
	if err != nil {
		t.Fatalf("map: %v", err)
	}
	g, err := r.NewOnMap(m, seats, nil, 7)
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	g.s.Forces = nil
	for i := range g.s.Settlements {
		g.s.Settlements[i].Produce = 0
	}
	return g
}

// kind returns the kind of unit name.
func kind(t testing.TB, g *Game, name string) dat.Kind {
	t.Helper()
	k, ok := g.d.Kind(name)
	if !ok {
		t.Fatalf("no unit %q", name)
	}
	return k
}

// ref names a force a test added; f finds it in the game now (a pointer
// into the game's forces is good only until they change).
type ref struct {
	g  *Game
	ID ForceID
}

func (r ref) f() *Force { return r.g.s.force(r.ID) }

// add puts a force of owner on (x,y) made of the named units, at full hp.
func add(t testing.TB, g *Game, owner Seat, x, y int, garrison bool, names ...string) ref {
	t.Helper()
	f := Force{ID: ForceID(g.s.newID(owner)), Owner: owner, Pos: grid.Pos{X: x, Y: y}, Garrison: garrison}
	for _, n := range names {
		k := kind(t, g, n)
		f.Units = append(f.Units, Unit{ID: UnitID(g.s.newID(owner)), Kind: k, HP: g.d.Unit(k).HP})
	}
	g.s.insertForce(f)
	g.observe()
	return ref{g, f.ID}
}

// play resolves a turn with each seat's orders (seats not named give
// none).
func play(t testing.TB, g *Game, orders map[Seat][]Order) []Event {
	t.Helper()
	var subs []ruleset.Submission
	seats := make([]Seat, 0, len(orders))
	for s := range orders {
		seats = append(seats, s)
	}
	slices.Sort(seats)
	for _, s := range seats {
		b, err := EncodeOrders(orders[s])
		if err != nil {
			t.Fatal(err)
		}
		rej, err := g.Check(s, b)
		if err != nil || rej != nil {
			t.Fatalf("seat %d orders refused: %v %v", s, err, rej)
		}
		subs = append(subs, ruleset.Submission{Seat: s, Orders: b})
	}
	out, err := g.Resolve(subs)
	if err != nil {
		t.Fatalf("resolve: %v", err)
	}
	b, err := out.Events(0, true)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := DecodeEvents(b)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// path is a list of squares written "x,y x,y ...".
func path(t testing.TB, s string) []grid.Pos {
	t.Helper()
	var out []grid.Pos
	for _, f := range strings.Fields(s) {
		var p grid.Pos
		if _, err := fmtSscanf(f, &p); err != nil {
			t.Fatalf("path %q: %v", s, err)
		}
		out = append(out, p)
	}
	return out
}

// of returns the events of kind k.
func of(evs []Event, k EventKind) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// hp is the total hp of force f's units.
func hp(f *Force) int {
	n := 0
	for _, u := range f.Units {
		n += u.HP
	}
	return n
}
