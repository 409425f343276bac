package game_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// randomGame is gametest.RandomGame.
func randomGame(seed uint64, w, h, players, armies int) (*game.State, *gametest.Rules) {
	return gametest.RandomGame(seed, w, h, players, armies)
}

// randomOrders gives each live player random orders for the turn: moves of
// one to three steps over walkable hexes, attacks on remembered enemies,
// explorations, stances and recruits. Some may be invalid; the order book
// keeps a player's list only if all are valid, so invalid ones are dropped
// one by one first.
func randomOrders(s *game.State, rs *gametest.Rules, rng *rand.Rand) []game.PlayerOrders {
	var out []game.PlayerOrders
	for _, pl := range s.Players {
		if !pl.Alive {
			continue
		}
		var orders []game.Order
		for i := range s.Armies {
			a := &s.Armies[i]
			if a.Owner != pl.ID || rng.IntN(10) < 3 {
				continue
			}
			o := game.Order{Turn: s.Turn, Army: a.ID}
			switch r := rng.IntN(10); {
			case r < 5:
				o.Kind = game.OrderMove
				at := a.Hex
				for range 1 + rng.IntN(3) {
					next := at.Neighbor(hex.Direction(rng.IntN(6)))
					if _, ok := rs.StepCost(s, a, at, next); !ok {
						break
					}
					o.Path = append(o.Path, next)
					at = next
				}
				if len(o.Path) == 0 {
					continue
				}
			case r < 7:
				mem := s.Memory[pl.ID-1].Armies
				if len(mem) == 0 {
					continue
				}
				o.Kind, o.Target = game.OrderAttack, mem[rng.IntN(len(mem))].Army
			case r < 8:
				o.Kind, o.Dir = game.OrderExplore, hex.Direction(rng.IntN(6))
			default:
				o.Kind = game.OrderStance
				o.Stance = game.StanceKind(rng.IntN(3))
				o.Dir = hex.Direction(rng.IntN(6))
			}
			orders = append(orders, o)
		}
		for _, c := range s.Cities {
			if c.Owner == pl.ID && rng.IntN(4) == 0 {
				orders = append(orders, game.Order{Turn: s.Turn, Kind: gametest.OrderRecruit, City: c.ID, Count: 1 + int32(rng.IntN(3))})
			}
		}
		var valid []game.Order
		for i := range orders {
			if game.ValidateOrder(s, rs, pl.ID, &orders[i]) == nil {
				valid = append(valid, orders[i])
			}
		}
		var book game.OrderBook
		if errs := book.Submit(s, rs, pl.ID, valid); errs != nil {
			// Two movement orders for one army cannot happen here; any
			// other rejection is a bug in the generator or the book.
			panic(fmt.Sprintf("orders rejected: %v", errs[0]))
		}
		out = append(out, game.PlayerOrders{Player: pl.ID, Orders: book.Orders(pl.ID)})
	}
	return out
}

// play runs turns of a random game and returns each turn's state checksum
// and events.
func play(seed uint64, turns int) ([]uint64, [][]game.Event) {
	s, rs := randomGame(seed, 24, 20, 4, 40)
	rng := rand.New(rand.NewPCG(seed, 7))
	var sums []uint64
	var events [][]game.Event
	for range turns {
		ev := game.Resolve(s, rs, randomOrders(s, rs, rng))
		sums = append(sums, s.Checksum())
		events = append(events, ev.List)
	}
	return sums, events
}

// TestDeterminism: "The same state, orders and seed give the same result,
// bit for bit" — two runs of the same random games agree on every turn's
// checksum and events.
func TestDeterminism(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		a, ea := play(seed, 200)
		b, eb := play(seed, 200)
		for turn := range a {
			if a[turn] != b[turn] {
				t.Fatalf("seed %d turn %d: checksums %x and %x differ", seed, turn+1, a[turn], b[turn])
			}
		}
		if !reflect.DeepEqual(ea, eb) {
			t.Fatalf("seed %d: the same game produced different events", seed)
		}
		c, _ := play(seed+100, 200)
		if reflect.DeepEqual(a, c) {
			t.Fatalf("seeds %d and %d played identical games", seed, seed+100)
		}
	}
}

// TestConservation: "units are never duplicated or lost except by a rule
// that says so" — after every turn the units on the map equal those before,
// plus recruits, minus battle losses, minus armies destroyed for want of a
// retreat; army IDs stay unique and sorted. With cities that defend
// themselves (game.CityDefender), the city's own units are no army's and
// never on the map, and a city changes hands only after a battle on its
// hex that turn: no city is taken without a fight.
func TestConservation(t *testing.T) {
	for _, defend := range []bool{false, true} {
		for _, seed := range []uint64{4, 5, 6, 7} {
			conservation(t, seed, defend)
		}
	}
}

func conservation(t *testing.T, seed uint64, defend bool) {
	s, rs := randomGame(seed, 24, 20, 4, 40)
	rs.CitiesDefend = defend
	rng := rand.New(rand.NewPCG(seed, 8))
	battles, cityBattles := 0, 0
	for turn := range 200 {
		before := totalUnits(s)
		ev := game.Resolve(s, rs, randomOrders(s, rs, rng))
		recruited, lost := int64(0), int64(0)
		var fought []hex.Hex
		for _, e := range ev.List {
			switch e.Kind {
			case game.EventBuild:
				recruited += e.Amount
			case game.EventBattle:
				battles++
				if len(e.Battle.Sides[0].Armies) == 0 {
					cityBattles++
					if !defend || e.City == 0 {
						t.Fatalf("seed %d turn %d: a defender with no armies at %s (city %d) though cities do not defend themselves",
							seed, turn+1, e.To, e.City)
					}
				}
				fought = append(fought, e.To)
				lost += int64(e.Battle.Sides[0].Losses.Total() + e.Battle.Sides[1].Losses.Total())
			case game.EventDestroyed:
				lost += e.Amount
			case game.EventCapture:
				if defend && !slices.Contains(fought, e.To) {
					t.Fatalf("seed %d turn %d: %s taken at %s without a battle there this turn", seed, turn+1, e.City, e.To)
				}
			}
		}
		if have, want := totalUnits(s), before+recruited-lost; have != want {
			t.Fatalf("seed %d turn %d: %d units on the map, want %d (before %d + recruited %d - lost %d)",
				seed, turn+1, have, want, before, recruited, lost)
		}
		for i := 1; i < len(s.Armies); i++ {
			if s.Armies[i-1].ID >= s.Armies[i].ID {
				t.Fatalf("seed %d turn %d: armies out of order: %d before %d", seed, turn+1, s.Armies[i-1].ID, s.Armies[i].ID)
			}
		}
		for _, a := range s.Armies {
			if a.Units.Total() <= 0 && len(a.Characters) == 0 {
				t.Fatalf("seed %d turn %d: %s is empty but still on the map", seed, turn+1, a.ID)
			}
			if t2, _ := s.Map.At(a.Hex); !rs.Terrain()[t2].Army && !a.Naval {
				t.Fatalf("seed %d turn %d: %s stands on %s", seed, turn+1, a.ID, rs.Terrain()[t2].Name)
			}
		}
	}
	if battles == 0 {
		t.Fatalf("seed %d: no battles in 200 turns; the test exercises nothing", seed)
	}
	if defend && cityBattles == 0 {
		t.Fatalf("seed %d: no city defended itself in 200 turns; the test exercises nothing", seed)
	}
}

func totalUnits(s *game.State) int64 {
	n := int64(0)
	for _, a := range s.Armies {
		n += int64(a.Units.Total())
	}
	return n
}

// TestViewsOnRealTurns: on random games played turn by turn, every player's
// view leaks nothing (each entity is the player's own, in sight, or
// remembered) and Apply(prev, Diff(prev, next)) rebuilds next exactly, with
// equal checksums; with and without cities that defend themselves.
func TestViewsOnRealTurns(t *testing.T) {
	for _, defend := range []bool{false, true} {
		viewsOnRealTurns(t, defend)
	}
}

func viewsOnRealTurns(t *testing.T, defend bool) {
	s, rs := randomGame(11, 24, 20, 4, 40)
	rs.CitiesDefend = defend
	rng := rand.New(rand.NewPCG(11, 9))
	prev := make([]*game.View, len(s.Players))
	for p := range prev {
		prev[p] = game.NewView(s, game.PlayerID(p+1))
	}
	taken := 0
	for turn := range 60 {
		for _, e := range game.Resolve(s, rs, randomOrders(s, rs, rng)).List {
			if e.Kind == gametest.EventStructureTaken {
				taken++
			}
		}
		for p := range prev {
			pid := game.PlayerID(p + 1)
			next := game.NewView(s, pid)
			checkNoLeak(t, s, pid, next)
			got, err := game.Apply(prev[p], game.Diff(prev[p], next))
			if err != nil {
				t.Fatalf("turn %d player %d: Apply: %v", turn+1, pid, err)
			}
			if !reflect.DeepEqual(got, next) || got.Checksum() != next.Checksum() {
				t.Fatalf("turn %d player %d: Apply(prev, Diff(prev, next)) differs from next", turn+1, pid)
			}
			prev[p] = next
		}
	}
	if taken == 0 {
		t.Errorf("no structure changed hands in 60 turns: the test exercises nothing")
	}
}

func checkNoLeak(t *testing.T, s *game.State, p game.PlayerID, v *game.View) {
	t.Helper()
	mem := s.Memory[p-1]
	r := s.Map.Rect()
	for _, a := range v.Armies {
		real := s.Army(a.ID)
		switch {
		case real != nil && real.Owner == p:
		case real != nil && mem.Visible.Has(r.Index(real.Hex)) && a.Hex == real.Hex:
		case a.Remembered:
			found := false
			for _, sg := range mem.Armies {
				found = found || (sg.Army == a.ID && sg.Hex == a.Hex && sg.Turn == a.Seen)
			}
			if !found {
				t.Fatalf("player %d's view remembers %s at %s, but its memory does not", p, a.ID, a.Hex)
			}
		default:
			t.Fatalf("player %d's view shows %s of player %d at %s, out of its sight", p, a.ID, a.Owner, a.Hex)
		}
	}
	for _, sv := range v.Structures {
		real := s.Structure(sv.ID)
		switch {
		case real != nil && real.Owner == p && *real == game.Structure{ID: sv.ID, Kind: sv.Kind, Owner: sv.Owner, Hex: sv.Hex}:
		case real != nil && mem.Visible.Has(r.Index(real.Hex)) && !sv.Remembered && sv.Owner == real.Owner && sv.Hex == real.Hex:
		case sv.Remembered && !mem.Visible.Has(r.Index(sv.Hex)) &&
			slices.Contains(mem.Structures, game.StructureSighting{Structure: sv.ID, Kind: sv.Kind, Owner: sv.Owner, Hex: sv.Hex, Turn: sv.Seen}):
		default:
			t.Fatalf("player %d's view shows %+v, neither its own, in sight nor remembered", p, sv)
		}
	}
	for _, pl := range v.Players {
		if pl.ID != p && (pl.Treasury != 0 || len(pl.Stock) != 0) {
			t.Fatalf("player %d's view shows player %d's treasury", p, pl.ID)
		}
	}
	for i, tr := range v.Terrain {
		if tr != rulesfile.NoTerrain && !mem.Known.Has(i) {
			t.Fatalf("player %d's view shows terrain of unseen hex %s", p, r.HexAt(i))
		}
	}
}

// TestRoundOrder: with round order, players act one after another: the
// second player sees the first player's move already made.
func TestRoundOrder(t *testing.T) {
	rs := gametest.New()
	rs.Order = game.RoundOrder
	s := gametest.Game(rs, `
. . . . . .
 . . . . . .
. . . . . .`, 2, 1)
	a := gametest.Army(s, 1, 0, 1, 5)
	b := gametest.Army(s, 2, 5, 1, 5)
	game.RecordVision(s, rs)
	orders := []game.PlayerOrders{
		{Player: 1, Orders: []game.Order{{Turn: 1, Kind: game.OrderMove, Army: a, Path: gametest.Path("1,1 2,1")}}},
		{Player: 2, Orders: []game.Order{{Turn: 1, Kind: game.OrderMove, Army: b, Path: gametest.Path("4,1 3,1")}}},
	}
	ev := game.Resolve(s, rs, orders)
	if s.Turn != 2 {
		t.Fatalf("turn %d after resolving, want 2", s.Turn)
	}
	// Player 1 moved first and wholly; then player 2 moved. Both arrive
	// next to each other without meeting: no battle.
	if have, want := s.Army(a).Hex, gametest.At(2, 1); have != want {
		t.Errorf("player 1's army at %s, want %s", have, want)
	}
	if have, want := s.Army(b).Hex, gametest.At(3, 1); have != want {
		t.Errorf("player 2's army at %s, want %s", have, want)
	}
	var moves []game.PlayerID
	for _, e := range ev.List {
		if e.Kind == game.EventMove {
			moves = append(moves, e.Player)
		}
	}
	if want := []game.PlayerID{1, 1, 2, 2}; !reflect.DeepEqual(moves, want) {
		t.Errorf("move events by player %v, want %v", moves, want)
	}
}

// TestStaleOrderSkipped: "an order that became illegal meanwhile is skipped
// with an event saying why".
func TestStaleOrderSkipped(t *testing.T) {
	rs := gametest.New()
	s := gametest.Game(rs, `
. . . .
 . . . .`, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 3)
	game.RecordVision(s, rs)
	o := game.Order{Turn: 1, Kind: game.OrderMove, Army: a, Path: gametest.Path("1,0")}
	if err := game.ValidateOrder(s, rs, 1, &o); err != nil {
		t.Fatalf("order invalid at submission: %v", err)
	}
	s.RemoveArmies(func(x *game.Army) bool { return x.ID == a })
	ev := game.Resolve(s, rs, []game.PlayerOrders{{Player: 1, Orders: []game.Order{o}}})
	found := false
	for _, e := range ev.List {
		found = found || (e.Kind == game.EventOrderSkipped && e.Player == 1)
	}
	if !found {
		t.Fatalf("no EventOrderSkipped for an order whose army is gone; events: %+v", ev.List)
	}
}

func TestResolveFinishedGame(t *testing.T) {
	s, rs := randomGame(3, 16, 16, 2, 4)
	s.Over, s.Winner = true, 1
	sum := s.Checksum()
	if ev := game.Resolve(s, rs, nil); len(ev.List) != 0 || s.Checksum() != sum {
		t.Fatal("Resolve changed a finished game")
	}
}

// TestEventsForPlayer: each player hears of its own doings, of public
// events, and of what happened on hexes it saw this turn, and of nothing
// else: no enemy move, battle or income out of its sight. The same holds
// with cities that defend themselves (a battle whose defender is a city
// alone concerns the city's owner).
func TestEventsForPlayer(t *testing.T) {
	for _, defend := range []bool{false, true} {
		eventsForPlayer(t, defend)
	}
}

func eventsForPlayer(t *testing.T, defend bool) {
	s, rs := randomGame(21, 24, 20, 4, 40)
	rs.CitiesDefend = defend
	rng := rand.New(rand.NewPCG(21, 3))
	r := s.Map.Rect()
	hidden := 0
	for turn := range 100 {
		ev := game.Resolve(s, rs, randomOrders(s, rs, rng))
		for p := game.PlayerID(1); int(p) <= len(s.Players); p++ {
			seen := s.Memory[p-1].Seen
			got := ev.For(s, p)
			for _, e := range got {
				mine := e.Player == p || (e.Battle != nil && (e.Battle.Sides[0].Player == p || e.Battle.Sides[1].Player == p))
				inSight := e.HasHex && (seen.Has(r.Index(e.From)) || seen.Has(r.Index(e.To)))
				public := e.Player == 0 && !e.HasHex
				if !mine && !inSight && !public {
					t.Fatalf("turn %d: player %d hears of %+v, out of its sight", turn+1, p, e)
				}
				if !mine && e.Kind == game.EventIncome {
					t.Fatalf("turn %d: player %d hears of player %d's income", turn+1, p, e.Player)
				}
			}
			for _, e := range ev.List {
				if b := e.Battle; b != nil && (b.Sides[0].Player == p || b.Sides[1].Player == p) &&
					!slices.ContainsFunc(got, func(g game.Event) bool { return g.Battle == b }) {
					t.Fatalf("turn %d: player %d fought at %s (armies %v) but does not hear of it", turn+1, p, e.To, b.Sides[0].Armies)
				}
			}
			hidden += len(ev.List) - len(got)
		}
	}
	if hidden == 0 {
		t.Fatal("every player heard every event: the filter was never tested")
	}
}

// TestAutopilotFlag: a player with no entry in the orders sent nothing and
// is marked for autopilot; one who sent an empty list is not.
func TestAutopilotFlag(t *testing.T) {
	rs := &spyRules{Rules: gametest.New()}
	s := gametest.Game(rs.Rules, `
. . . .
 . . . .`, 3, 1)
	for p := game.PlayerID(1); p <= 3; p++ {
		gametest.Army(s, p, int(p), 0, 1)
	}
	game.Resolve(s, rs, []game.PlayerOrders{{Player: 2}})
	want := map[game.PlayerID]bool{1: true, 2: false, 3: true}
	for _, po := range rs.income {
		if po.Autopilot != want[po.Player] {
			t.Errorf("player %d Autopilot = %v, want %v", po.Player, po.Autopilot, want[po.Player])
		}
	}
	if len(rs.income) != 3 {
		t.Fatalf("income phase saw %d players, want 3", len(rs.income))
	}
}

// spyRules records the orders the income phase receives.
type spyRules struct {
	*gametest.Rules
	income []game.PlayerOrders
}

func (r *spyRules) RunPhase(s *game.State, ph game.Phase, orders []game.PlayerOrders, ev *game.Events) {
	if ph == game.PhaseIncome {
		r.income = append(r.income, orders...)
	}
	r.Rules.RunPhase(s, ph, orders, ev)
}

// TestEventsForSharedReport: an EventReportShared to p about q gives p the
// events that concern q (q's own and q's battles), and nothing else: not
// the events of a third player out of p's sight, not the reports q itself
// receives (no chains), not a report shared with someone else.
func TestEventsForSharedReport(t *testing.T) {
	rs := gametest.New()
	s := gametest.Game(rs, `
. . . . . . . .
 . . . . . . . .
`, 4, 1)
	game.RecordVision(s, rs) // nobody has anything: nobody sees anything
	far := gametest.At(7, 1)
	battle := func(a, b game.PlayerID) *game.BattleReport {
		return &game.BattleReport{Hex: far, Sides: [2]game.SideReport{{Player: a, Role: game.Defender}, {Player: b, Role: game.Attacker}}}
	}
	type want struct {
		e    game.Event
		for1 bool // player 1 hears of it
	}
	events := []want{
		{game.Event{Kind: game.EventReportShared, Player: 1, Amount: 2}, true},
		{game.Event{Kind: game.EventReportShared, Player: 2, Amount: 3}, true}, // player 2's own event...
		{game.Event{Kind: game.EventReportShared, Player: 4, Amount: 3}, false},
		{game.Event{Kind: game.EventIncome, Player: 2, Amount: 5}, true},
		{game.Event{Kind: game.EventOrderSkipped, Player: 2, Text: "order 1 skipped"}, true},
		{game.Event{Kind: game.EventMove, Player: 2, From: far, To: far, HasHex: true}, true},
		{game.Event{Kind: game.EventBattle, From: far, To: far, HasHex: true, Battle: battle(3, 2)}, true},
		{game.Event{Kind: game.EventIncome, Player: 3, Amount: 4}, false}, // ...but not player 3's report
		{game.Event{Kind: game.EventMove, Player: 3, From: far, To: far, HasHex: true}, false},
		{game.Event{Kind: game.EventBattle, From: far, To: far, HasHex: true, Battle: battle(3, 4)}, false},
		{game.Event{Kind: game.EventIncome, Player: 1, Amount: 1}, true},
		{game.Event{Kind: game.EventVictory}, true}, // public
	}
	var ev game.Events
	for _, w := range events {
		ev.Add(w.e)
	}
	got := ev.For(s, 1)
	var wantList []game.Event
	for _, w := range events {
		if w.for1 {
			wantList = append(wantList, w.e)
		}
	}
	if !reflect.DeepEqual(got, wantList) {
		t.Errorf("player 1 hears of\n%+v\nwant\n%+v", got, wantList)
	}
	// Without the share, player 1 hears only of its own and public events.
	ev.List = ev.List[1:]
	if got := ev.For(s, 1); len(got) != 2 {
		t.Errorf("without a shared report player 1 hears of %d events, want 2: %+v", len(got), got)
	}
}
