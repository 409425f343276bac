package empireai

import (
	"reflect"
	"slices"
	"testing"

	"empires/assets"
	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// rules is the empire ruleset with this package's AI.
func rules(t testing.TB) *empire.Rules {
	t.Helper()
	r, err := empire.Load(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return With(r)
}

// TestLevels checks the levels the ruleset offers: passive, random, easy,
// normal and hard, normal the default.
func TestLevels(t *testing.T) {
	in := rules(t).Info()
	want := ruleset.LevelNames(ruleset.Passive, ruleset.Random, ruleset.Easy, ruleset.Normal, ruleset.Hard)
	if !reflect.DeepEqual(in.Levels, want) || in.DefaultLevel != ruleset.Normal.String() {
		t.Errorf("levels %v (default %q), want %v (default %q)", in.Levels, in.DefaultLevel, want, ruleset.Normal)
	}
	if _, err := New(rules(t).Dat(), "brutal", 1); err == nil {
		t.Errorf("New accepted the level %q", "brutal")
	}
}

// TestConformance plays whole games of easy, normal and hard in every seat
// through the ruleset contract's checks: every order of every turn is
// accepted by Game.Check (the harness fails on a refusal), with every
// view, delta, save and replay checked, on squares and on hexes, with three
// players and the autopilot playing some turns.
func TestConformance(t *testing.T) {
	r := rules(t)
	for _, board := range []int{0, 1} {
		cfg := ruleset.Config{Seed: 5, Seats: 3,
			Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 20, empire.KeyBoard: board}}
		rulesettest.Run(t, r, cfg, rulesettest.Options{Levels: ruleset.LevelNames(ruleset.Easy, ruleset.Normal, ruleset.Hard), MaxSteps: 400, Autopilot: 5, AISeed: 9})
	}
}

// game is a game played by AI players, one a seat.
type game struct {
	t       testing.TB
	r       *empire.Rules
	g       ruleset.Game
	players []ruleset.AI
	levels  []ruleset.Level
}

// newGame starts a game of seed on a w x h map of squares, seat i+1
// played at levels[i] (every AI seeded with seed).
func newGame(t testing.TB, seed uint64, w, h int, levels ...ruleset.Level) *game {
	t.Helper()
	r := rules(t)
	g, err := r.New(ruleset.Config{Seed: seed, Seats: len(levels),
		Options: ruleset.Options{ruleset.KeyWidth: w, ruleset.KeyHeight: h}})
	if err != nil {
		t.Fatal(err)
	}
	gm := &game{t: t, r: r, g: g, levels: levels}
	for _, l := range levels {
		ai, err := r.NewAI(l.String(), seed)
		if err != nil {
			t.Fatal(err)
		}
		gm.players = append(gm.players, ai)
	}
	return gm
}

// turn plays one turn, each actor's orders checked as the server checks
// them; each, if not nil, sees every actor's view and orders first. It
// reports whether the game goes on.
func (gm *game) turn(each func(s ruleset.Seat, v *empire.View, orders []byte)) bool {
	gm.t.Helper()
	st := gm.g.Step()
	if over, _ := gm.g.Over(); over {
		return false
	}
	var subs []ruleset.Submission
	for _, s := range st.Actors {
		v := gm.g.View(s, false).(*empire.View)
		b, err := gm.players[s-1].Act(v, st, s)
		if err != nil {
			gm.t.Fatalf("turn %d, %s (seat %d): %v", st.Turn, gm.levels[s-1], s, err)
		}
		if rej, err := gm.g.Check(s, b); err != nil || len(rej) > 0 {
			gm.t.Fatalf("turn %d, %s (seat %d): orders refused: %v %v", st.Turn, gm.levels[s-1], s, rej, err)
		}
		if each != nil {
			each(s, v, b)
		}
		subs = append(subs, ruleset.Submission{Seat: s, Orders: b})
	}
	if _, err := gm.g.Resolve(subs); err != nil {
		gm.t.Fatal(err)
	}
	return true
}

// play plays the game to its end and returns the winner and the last
// turn played.
func (gm *game) play() (ruleset.Seat, int) {
	for gm.turn(nil) {
	}
	_, w := gm.g.Over()
	return w, int(gm.g.Step().Turn) - 1
}

// TestNormalConquersPassive checks that normal conquers the world against
// passive on the default map (40x30) well within the turn limit, from
// either seat: "The objective of the game is to conquer the world."
func TestNormalConquersPassive(t *testing.T) {
	for _, tt := range []struct {
		seed   uint64
		levels []ruleset.Level
		winner ruleset.Seat
	}{
		{1, []ruleset.Level{ruleset.Normal, ruleset.Passive}, 1},
		{2, []ruleset.Level{ruleset.Passive, ruleset.Normal}, 2},
	} {
		gm := newGame(t, tt.seed, 40, 30, tt.levels...)
		winner, turns := gm.play()
		last := gm.r.Dat().Game.LastTurn
		if winner != tt.winner || turns >= last {
			t.Errorf("seed %d, %v: seat %d won after %d turns, want seat %d (normal) before turn %d", tt.seed, tt.levels, winner, turns, tt.winner, last)
		}
	}
}

// TestLadder plays a few games of each pairing the levels must win on the
// default map, sides swapped every other game: hard beats normal, normal
// beats easy, and easy beats random and passive.
func TestLadder(t *testing.T) {
	for _, tt := range []struct{ strong, weak ruleset.Level }{{ruleset.Hard, ruleset.Normal}, {ruleset.Normal, ruleset.Easy}, {ruleset.Easy, ruleset.Random}, {ruleset.Easy, ruleset.Passive}} {
		for seed := uint64(1); seed <= 2; seed++ {
			levels, strong := []ruleset.Level{tt.strong, tt.weak}, ruleset.Seat(1)
			if seed%2 == 0 {
				levels, strong = []ruleset.Level{tt.weak, tt.strong}, 2
			}
			if winner, turns := newGame(t, seed, 40, 30, levels...).play(); winner != strong {
				t.Errorf("%s against %s, seed %d: seat %d won after %d turns, want seat %d (%s)", tt.strong, tt.weak, seed, winner, turns, strong, tt.strong)
			}
		}
	}
}

// TestDeterministic checks that the same seed and view give the same
// orders: a player asked twice, a new player of the same seed, and a
// player given the view as decoded from its bytes agree, at every turn of
// a game, and the player leaves the view unchanged.
func TestDeterministic(t *testing.T) {
	gm := newGame(t, 3, 40, 30, ruleset.Normal, ruleset.Easy)
	turns := 0
	for gm.turn(func(s ruleset.Seat, v *empire.View, orders []byte) {
		sum := v.Checksum()
		level := gm.levels[s-1]
		again, _ := gm.players[s-1].Act(v, gm.g.Step(), s)
		fresh, err := gm.r.NewAI(level.String(), 3)
		if err != nil {
			t.Fatal(err)
		}
		other, _ := fresh.Act(v, gm.g.Step(), s)
		enc, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		dv, err := gm.r.DecodeView(enc)
		if err != nil {
			t.Fatal(err)
		}
		decoded, _ := gm.players[s-1].Act(dv, gm.g.Step(), s)
		if string(again) != string(orders) || string(other) != string(orders) || string(decoded) != string(orders) {
			t.Fatalf("turn %d, %s: the same view gave other orders (again %t, new player %t, decoded view %t)", v.Turn, level,
				string(again) == string(orders), string(other) == string(orders), string(decoded) == string(orders))
		}
		if v.Checksum() != sum {
			t.Fatalf("turn %d, %s: the player changed its view", v.Turn, level)
		}
	}) {
		turns++
	}
	if turns < 30 {
		t.Errorf("the game ended after %d turns, want 30 or more compared", turns)
	}
}

// TestOnlyTheView checks that every planning level (easy, normal, hard)
// plays from its view alone: in two games on one map whose second
// players play differently (passive, random), the level's views are the
// same as long as it has not met the other, and so are its orders; the
// games do differ out of its sight. Views and orders are compared with
// their unit and force IDs replaced by their rank among the view's: the
// engine numbers every player's units from one counter, so the numbers of
// the same units differ between the games.
func TestOnlyTheView(t *testing.T) {
	for _, level := range []ruleset.Level{ruleset.Easy, ruleset.Normal, ruleset.Hard} {
		t.Run(level.String(), func(t *testing.T) {
			a := newGame(t, 4, 40, 30, level, ruleset.Passive)
			b := newGame(t, 4, 40, 30, level, ruleset.Random)
			same, differ := 0, false
			for {
				var va, vb *empire.View
				var oa, ob []byte
				goesOn := a.turn(func(s ruleset.Seat, v *empire.View, orders []byte) {
					if s == 1 {
						va, oa = v, orders
					}
				}) && b.turn(func(s ruleset.Seat, v *empire.View, orders []byte) {
					if s == 1 {
						vb, ob = v, orders
					}
				})
				if !goesOn {
					break
				}
				ca, cb := canonical(t, va, oa), canonical(t, vb, ob)
				if !reflect.DeepEqual(ca.v, cb.v) {
					break
				}
				if !reflect.DeepEqual(ca.orders, cb.orders) {
					t.Fatalf("turn %d: equal views, different orders:\n%+v\n%+v", va.Turn, ca.orders, cb.orders)
				}
				same++
				sa, _ := a.g.Save()
				sb, _ := b.g.Save()
				differ = differ || string(sa) != string(sb)
			}
			t.Logf("%d turns of equal views", same)
			if same < 20 || !differ {
				t.Errorf("%d turns of equal views (want 20 or more), games differing %t", same, differ)
			}
		})
	}
}

// renumbered is a view and orders with their IDs renumbered.
type renumbered struct {
	v      *empire.View
	orders []empire.Order
}

// canonical renumbers the unit and force IDs of view v and its orders by
// their rank among the view's IDs.
func canonical(t testing.TB, v *empire.View, orders []byte) renumbered {
	t.Helper()
	os, err := empire.DecodeOrders(orders)
	if err != nil {
		t.Fatal(err)
	}
	var all []uint32
	for _, f := range v.Forces {
		all = append(all, uint32(f.ID))
		for _, u := range f.Units {
			all = append(all, uint32(u.ID))
		}
	}
	for _, tr := range v.Transits {
		all = append(all, uint32(tr.Unit.ID))
	}
	slices.Sort(all)
	rank := func(id uint32) uint32 {
		if i, ok := slices.BinarySearch(all, id); ok {
			return uint32(i + 1)
		}
		return id
	}
	c := *v
	c.Forces = slices.Clone(v.Forces)
	for i := range c.Forces {
		f := &c.Forces[i]
		f.ID = empire.ForceID(rank(uint32(f.ID)))
		f.Units = slices.Clone(f.Units)
		for j := range f.Units {
			f.Units[j].ID = empire.UnitID(rank(uint32(f.Units[j].ID)))
		}
	}
	c.Settlements = slices.Clone(v.Settlements)
	for i := range c.Settlements {
		c.Settlements[i].Forward = empire.ForceID(rank(uint32(c.Settlements[i].Forward)))
	}
	c.Transits = slices.Clone(v.Transits)
	for i := range c.Transits {
		tr := &c.Transits[i]
		tr.Unit.ID = empire.UnitID(rank(uint32(tr.Unit.ID)))
		tr.Target = empire.ForceID(rank(uint32(tr.Target)))
	}
	for i := range os {
		o := &os[i]
		o.Force, o.To = empire.ForceID(rank(uint32(o.Force))), empire.ForceID(rank(uint32(o.To)))
		for j := range o.Units {
			o.Units[j] = empire.UnitID(rank(uint32(o.Units[j])))
		}
	}
	return renumbered{v: &c, orders: os}
}

// TestAct checks Act's inputs: a view of another ruleset is refused; a
// seat out of the game, another seat's view, a game over and a view that
// is not whole get no orders (and no panic).
func TestAct(t *testing.T) {
	r := rules(t)
	p, err := NewPlayer(r.Dat(), ruleset.Normal, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Act(nil, ruleset.Step{}, 1); err == nil {
		t.Errorf("Act accepted a nil view")
	}
	gm := newGame(t, 1, 40, 30, ruleset.Normal, ruleset.Normal)
	v := gm.g.View(1, false).(*empire.View)
	if os := p.Orders(v, 1); len(os) == 0 {
		t.Fatalf("no orders on the first turn")
	}
	if os := p.Orders(v, 2); os != nil {
		t.Errorf("orders %+v for seat 2 from seat 1's view", os)
	}
	over := *v
	over.Over = true
	if os := p.Orders(&over, 1); os != nil {
		t.Errorf("orders %+v in a game that is over", os)
	}
	out := *v
	out.Players = []empire.PlayerView{{Name: "one"}, {Name: "two", Alive: true}}
	if os := p.Orders(&out, 1); os != nil {
		t.Errorf("orders %+v for a seat out of the game", os)
	}
	for name, spoil := range map[string]func(v *empire.View){
		"a short map":         func(v *empire.View) { v.Terrain = v.Terrain[1:] },
		"a force off the map": func(v *empire.View) { v.Forces[0].Pos.X = -1 },
		"an unknown unit":     func(v *empire.View) { v.Forces[0].Units[0].Kind = 200 },
		"an unknown product":  func(v *empire.View) { v.Settlements[0].Produce = 200 },
		"a sighting off the map": func(v *empire.View) {
			v.Sightings = append(v.Sightings, empire.Sighting{Owner: 2, Pos: grid.Pos{X: 99, Y: 99}, Units: 1, HP: 1, MaxHP: 1})
		},
	} {
		b, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		sv, err := r.DecodeView(b)
		if err != nil {
			t.Fatal(err)
		}
		bad := sv.(*empire.View)
		spoil(bad)
		if os := p.Orders(bad, 1); os != nil {
			t.Errorf("%s: orders %+v", name, os)
		}
	}
}
