package erfworldai

import (
	"reflect"
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldtest"
	"empires/shared/ruleset"
)

func newRules(t testing.TB) *erfworld.Rules {
	t.Helper()
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	return erfworld.NewRules(d)
}

// play plays a game of seed on a size x size map with one player of each
// of levels (player i+1 plays levels[i]) for at most turns turns. Every
// turn it checks each player's orders with game.ValidateOrders on the real
// state, as the server does, and calls each (if not nil) with the state
// before the turn is resolved and the orders given. It returns the final
// state.
func play(t *testing.T, rs *erfworld.Rules, seed uint64, size int, levels []ruleset.Level, turns int,
	each func(s *game.State, p game.PlayerID, orders []game.Order)) *game.State {
	t.Helper()
	s, err := rs.NewGame(seed, size, size, len(levels), nil)
	if err != nil {
		t.Fatal(err)
	}
	playOn(t, rs, s, levels, turns, each)
	return s
}

// playOn is play on state s (seeded with s.Seed), which it changes.
func playOn(t *testing.T, rs *erfworld.Rules, s *game.State, levels []ruleset.Level, turns int,
	each func(s *game.State, p game.PlayerID, orders []game.Order)) {
	t.Helper()
	seed := s.Seed
	players := make([]*Player, len(levels))
	for i, l := range levels {
		players[i] = New(rs, l, seed)
	}
	for range turns {
		if s.Over {
			break
		}
		var all []game.PlayerOrders
		for i, pl := range players {
			id := game.PlayerID(i + 1)
			if !s.Player(id).Alive {
				continue
			}
			orders := pl.Orders(game.NewView(s, id))
			if errs := game.ValidateOrders(s, rs, id, orders); len(errs) > 0 {
				t.Fatalf("seed %d turn %d: %s player %d: %d refused orders, first: %v", seed, s.Turn, pl.Level(), id, len(errs), errs[0])
			}
			if each != nil {
				each(s, id, orders)
			}
			all = append(all, game.PlayerOrders{Player: id, Orders: orders})
		}
		game.Resolve(s, rs, all)
	}
}

// TestOrdersValid plays four-player games with every level at the table
// (seats rotated by seed) and checks that every order of every turn is one
// the server accepts, and that the levels that play give orders of the
// kinds their plans need.
func TestOrdersValid(t *testing.T) {
	rs := newRules(t)
	kinds := map[ruleset.Level]map[game.OrderKind]int{}
	every := Levels()
	for seed := uint64(1); seed <= 3; seed++ {
		levels := make([]ruleset.Level, 4)
		for i := range levels {
			levels[i] = every[(i+int(seed))%len(every)]
		}
		play(t, rs, seed, 32, levels, 45, func(s *game.State, p game.PlayerID, orders []game.Order) {
			l := levels[p-1]
			if kinds[l] == nil {
				kinds[l] = map[game.OrderKind]int{}
			}
			for _, o := range orders {
				kinds[l][o.Kind]++
			}
		})
	}
	if n := len(kinds[ruleset.Passive]); n != 0 {
		t.Errorf("passive gave orders of %d kinds, want none", n)
	}
	want := []game.OrderKind{erfworld.OrderWarlord, erfworld.OrderForm, erfworld.OrderTransfer,
		erfworld.OrderBuildCity, game.OrderMove}
	for _, l := range []ruleset.Level{ruleset.Easy, ruleset.Normal, ruleset.Hard} {
		for _, k := range want {
			if kinds[l][k] == 0 {
				t.Errorf("%s gave no order of kind %d in 45 turns", l, k)
			}
		}
	}
	if kinds[ruleset.Normal][erfworld.OrderUpgrade] == 0 {
		t.Errorf("normal upgraded no city")
	}
	if len(kinds[ruleset.Random]) < 4 {
		t.Errorf("random gave orders of %d kinds, want at least 4", len(kinds[ruleset.Random]))
	}
}

// TestDeterministic checks that the same seed and view give the same
// orders, from a fresh player and from a copy of the view decoded from the
// wire, and that another seed may choose differently: on a generated map,
// and on two islands where Normal ferries its armies and looks at its
// rival (the test checks that it does).
func TestDeterministic(t *testing.T) {
	rs := newRules(t)
	checked := 0
	kinds := map[game.OrderKind]bool{}
	check := func(levels []ruleset.Level, seed uint64) func(s *game.State, p game.PlayerID, orders []game.Order) {
		return func(s *game.State, p game.PlayerID, orders []game.Order) {
			for _, o := range orders {
				kinds[o.Kind] = true
			}
			v := game.NewView(s, p)
			again := New(rs, levels[p-1], seed).Orders(v)
			if !reflect.DeepEqual(again, orders) {
				t.Fatalf("turn %d player %d: the same view gave other orders:\n%v\n%v", s.Turn, p, orders, again)
			}
			data, err := game.EncodeView(v)
			if err != nil {
				t.Fatal(err)
			}
			dv, err := game.DecodeView(data)
			if err != nil {
				t.Fatal(err)
			}
			if wire := New(rs, levels[p-1], seed).Orders(dv); !reflect.DeepEqual(wire, orders) {
				t.Fatalf("turn %d player %d: the decoded view gave other orders:\n%v\n%v", s.Turn, p, orders, wire)
			}
			checked++
		}
	}
	levels := []ruleset.Level{ruleset.Normal, ruleset.Hard, ruleset.Easy, ruleset.Random}
	play(t, rs, 5, 24, levels, 30, check(levels, 5))
	if checked < 60 {
		t.Fatalf("checked %d player turns, want at least 60", checked)
	}
	checked, kinds = 0, map[game.OrderKind]bool{}
	islands := []ruleset.Level{ruleset.Normal, ruleset.Normal}
	playOn(t, rs, islandGame(t, rs, 5), islands, 40, check(islands, 5))
	if checked < 60 {
		t.Fatalf("checked %d player turns on the islands, want at least 60", checked)
	}
	if !kinds[erfworld.OrderLoad] || !kinds[erfworld.OrderLook] {
		t.Fatalf("on the islands: boarded %v, looked %v; the test needs both", kinds[erfworld.OrderLoad], kinds[erfworld.OrderLook])
	}
}

// hideChanges returns a copy of s changed in what player me cannot know:
// the enemy armies and fleets it does not see move one hex (the armies
// gaining 3 Infantry), the Casters of the enemy armies it sees change kind
// (a view shows how many characters an army has, never which), and the
// enemies' treasuries and Stock (their Trade Goods and Looks) change. It
// returns the copy and how many armies it moved or changed the Casters of.
func hideChanges(rs *erfworld.Rules, s *game.State, me game.PlayerID) (*game.State, int) {
	changed := s.Clone()
	vis := changed.Memory[me-1].Visible
	r := changed.Map.Rect()
	moved := 0
	for i := range changed.Armies {
		a := &changed.Armies[i]
		if a.Owner == me {
			continue
		}
		if vis.Has(r.Index(a.Hex)) {
			for k, c := range a.Characters {
				if ck, ok := erfworld.CasterOf(c); ok {
					a.Characters[k].Kind = erfworld.CharCaster + uint8((int(ck)+1)%int(erfworld.NumCasterKinds))
					moved++
				}
			}
			continue
		}
		if a.Carrier != 0 {
			continue
		}
		for _, n := range a.Hex.Neighbors() {
			j := r.Index(n)
			if j < 0 || vis.Has(j) || changed.CityAt(n) != nil {
				continue
			}
			if t, _ := changed.Map.At(n); rs.D.Terrain[t].Naval == a.Naval {
				a.Hex = n
				if !a.Naval {
					a.Units = a.Units.Add(game.Units{3})
				}
				moved++
				break
			}
		}
	}
	for i := range changed.Players {
		if pl := &changed.Players[i]; pl.ID != me {
			pl.Treasury += 100
			pl.Stock = []int32{5, 0, 0, int32(me), 0}
		}
	}
	return changed, moved
}

// TestNoPeeking changes what the player cannot know (hideChanges) and
// expects the same orders: the player reads its view only. It does so in
// a game on a generated map and in one on two islands, where Normal's
// armies cross by Fleet and its Look-A-Mancer looks at the rival.
func TestNoPeeking(t *testing.T) {
	rs := newRules(t)
	const me = game.PlayerID(1)
	type scenario struct {
		name   string
		s      *game.State
		levels []ruleset.Level
	}
	isl := islandGame(t, rs, 7)
	var ferried, looked bool
	playOn(t, rs, isl, []ruleset.Level{ruleset.Normal, ruleset.Normal}, 19, func(s *game.State, p game.PlayerID, orders []game.Order) {
		for _, o := range orders {
			ferried = ferried || o.Kind == erfworld.OrderLoad
			looked = looked || o.Kind == erfworld.OrderLook
		}
	})
	if !ferried || !looked {
		t.Fatalf("on the islands by turn %d: boarded %v, looked %v; the test needs both", isl.Turn, ferried, looked)
	}
	for _, g := range []scenario{
		{"generated map", play(t, rs, 7, 24, []ruleset.Level{ruleset.Normal, ruleset.Normal}, 25, nil), []ruleset.Level{ruleset.Random, ruleset.Easy, ruleset.Normal, ruleset.Hard}},
		{"islands", isl, []ruleset.Level{ruleset.Normal, ruleset.Hard}},
	} {
		if g.s.Over {
			t.Fatalf("%s: the game ended too early for the test", g.name)
		}
		changed, moved := hideChanges(rs, g.s, me)
		if moved == 0 {
			t.Fatalf("%s: no hidden enemy army to move or Caster to change", g.name)
		}
		for _, l := range g.levels {
			pl := New(rs, l, 7)
			before := pl.Orders(game.NewView(g.s, me))
			after := pl.Orders(game.NewView(changed, me))
			if !reflect.DeepEqual(before, after) {
				t.Errorf("%s, %s: changing what the player cannot see changed the orders:\n%v\n%v", g.name, l, before, after)
			}
		}
	}
}

// TestNormalBeatsPassive expects Normal to win a short game against an
// opponent that gives no orders, in either seat.
func TestNormalBeatsPassive(t *testing.T) {
	rs := newRules(t)
	for seat := range 2 {
		levels := []ruleset.Level{ruleset.Passive, ruleset.Passive}
		levels[seat] = ruleset.Normal
		s := play(t, rs, 3, 24, levels, 120, nil)
		if !s.Over || s.Winner != game.PlayerID(seat+1) {
			t.Errorf("normal as player %d: game over %v, winner %d after %d turns", seat+1, s.Over, s.Winner, s.Turn-1)
		}
	}
}

// TestNormalBeatsEasy expects Normal to win most of a few short games
// against Easy, sides swapped.
func TestNormalBeatsEasy(t *testing.T) {
	rs := newRules(t)
	wins := 0
	const games = 6
	for g := range games {
		levels := []ruleset.Level{ruleset.Normal, ruleset.Easy}
		normal := game.PlayerID(1)
		if g%2 == 1 {
			levels, normal = []ruleset.Level{ruleset.Easy, ruleset.Normal}, 2
		}
		if s := play(t, rs, uint64(20+g), 24, levels, 200, nil); s.Winner == normal {
			wins++
		}
	}
	if wins*3 < games*2 {
		t.Errorf("normal won %d of %d games against easy, want two thirds", wins, games)
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels() {
		have, err := ruleset.ParseLevel(l.String(), Levels())
		if err != nil || have != l {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", l.String(), have, err, l)
		}
	}
	if _, err := ruleset.ParseLevel("expert", Levels()); err == nil {
		t.Error("ParseLevel(\"expert\") gave no error")
	}
}

func TestOrdersNoPlayer(t *testing.T) {
	rs := newRules(t)
	if o := New(rs, ruleset.Normal, 1).Orders(&game.View{}); o != nil {
		t.Errorf("orders for a view of nobody: %v", o)
	}
	if o := New(rs, ruleset.Normal, 1).Orders(nil); o != nil {
		t.Errorf("orders for no view: %v", o)
	}
}

// BenchmarkOrders decides one player's orders on the crowded 16-player
// 128x128 game.
func BenchmarkOrders(b *testing.B) {
	rs := newRules(b)
	s, err := erfworldtest.Crowded(rs, 1600)
	if err != nil {
		b.Fatal(err)
	}
	v := game.NewView(s, 1)
	for _, l := range []ruleset.Level{ruleset.Easy, ruleset.Normal} {
		b.Run(l.String(), func(b *testing.B) {
			pl := New(rs, l, 1)
			for b.Loop() {
				pl.Orders(v)
			}
		})
	}
}

// TestRandomTakesCities plays Random against Passive: Random's armies walk
// with Move and Attack orders alike, and as "a Move stops before an enemy
// city" only an Attack goes in, fights the city's Infantry and takes it.
// Random must take a city of Passive's in a few games.
func TestRandomTakesCities(t *testing.T) {
	rs := newRules(t)
	taken := 0
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := rs.NewGame(seed, 24, 24, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		passive := map[game.CityID]bool{}
		for _, c := range s.Cities {
			if c.Owner == 2 {
				passive[c.ID] = true
			}
		}
		playOn(t, rs, s, []ruleset.Level{ruleset.Random, ruleset.Passive}, 150, nil)
		for _, c := range s.Cities {
			if passive[c.ID] && c.Owner == 1 {
				taken++
			}
		}
		if s.Over && s.Winner == 1 {
			taken++
		}
	}
	if taken == 0 {
		t.Error("random took no city of passive's in 4 games of 150 turns")
	}
}

// The offset arithmetic of world.neighbours gives every hex's neighbours
// on the map as package hex does, in the same order.
func TestNeighbourIndexes(t *testing.T) {
	for _, size := range [][2]int{{7, 5}, {16, 16}, {1, 3}} {
		w := &world{rect: hex.Rect{Width: size[0], Height: size[1]}}
		var nb [6]int32
		for i := range w.rect.Len() {
			var want []int32
			for _, n := range w.rect.HexAt(i).Neighbors() {
				if j := w.rect.Index(n); j >= 0 {
					want = append(want, int32(j))
				}
			}
			if have := w.neighbours(i, &nb); !slices.Equal(have, want) {
				t.Errorf("%dx%d: hex %d: have %v, want %v", size[0], size[1], i, have, want)
			}
		}
	}
}
