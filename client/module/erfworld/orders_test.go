package erfworld

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/protocol"
	erf "empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// TestDraftsReplacePerArmy: an army has one movement order and one stance
// a turn; a new one replaces the old in its place in the list.
func TestDraftsReplacePerArmy(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	w := uint32(g.W)
	to1, to2 := gametest.At(3, 2), gametest.At(4, 2)
	upgrade := game.Order{Kind: erf.OrderUpgrade, City: g.City}
	steps := []struct {
		name string
		do   func()
		want []string
	}{
		{"move", func() { m.SetMove(g.W, []hex.Hex{to1}, false) },
			[]string{fmt.Sprintf("Move army %d: 1 step to (%s)", w, to1)}},
		{"another move replaces it", func() { m.SetMove(g.W, []hex.Hex{to1, to2}, false) },
			[]string{fmt.Sprintf("Move army %d: 2 steps to (%s)", w, to2)}},
		{"an upgrade goes after it", func() { m.AddOrder(upgrade) },
			[]string{fmt.Sprintf("Move army %d: 2 steps to (%s)", w, to2), "Upgrade the city at (0,0) to level 2"}},
		{"exploring replaces the move in its place", func() { m.SetExplore(g.W, hex.NorthEast) },
			[]string{fmt.Sprintf("Army %d explores NE", w), "Upgrade the city at (0,0) to level 2"}},
		{"a stance is another order", func() { m.SetStance(g.W, game.Intercept, hex.West) },
			[]string{fmt.Sprintf("Army %d explores NE", w), "Upgrade the city at (0,0) to level 2", fmt.Sprintf("Army %d: intercept", w)}},
		{"a new stance replaces it", func() { m.SetStance(g.W, game.Withdraw, hex.West) },
			[]string{fmt.Sprintf("Army %d explores NE", w), "Upgrade the city at (0,0) to level 2", fmt.Sprintf("Army %d: withdraw to W", w)}},
		{"the standing order again needs no order", func() { m.SetStance(g.W, game.Defend, hex.East) },
			[]string{fmt.Sprintf("Army %d explores NE", w), "Upgrade the city at (0,0) to level 2"}},
		{"AddOrder of a move replaces too", func() { m.AddOrder(game.Order{Kind: game.OrderAttack, Army: g.W, Path: []hex.Hex{gametest.At(2, 3)}}) },
			[]string{fmt.Sprintf("Attack with army %d: 1 step to (%s)", w, gametest.At(2, 3)), "Upgrade the city at (0,0) to level 2"}},
		{"ruleset orders add up", func() { m.AddOrder(upgrade) },
			[]string{fmt.Sprintf("Attack with army %d: 1 step to (%s)", w, gametest.At(2, 3)), "Upgrade the city at (0,0) to level 2",
				"Upgrade the city at (0,0) to level 2"}},
		{"an empty path removes the move", func() { m.SetMove(g.W, nil, false) },
			[]string{"Upgrade the city at (0,0) to level 2", "Upgrade the city at (0,0) to level 2"}},
		{"remove by index", func() { m.RemoveOrder(1) }, []string{"Upgrade the city at (0,0) to level 2"}},
		{"an index out of range removes nothing", func() { m.RemoveOrder(5) }, []string{"Upgrade the city at (0,0) to level 2"}},
		{"clear", func() { m.ClearOrders() }, nil},
	}
	for _, st := range steps {
		st.do()
		if have := labels(m.Drafts()); !reflect.DeepEqual(have, st.want) {
			t.Fatalf("%s:\nhave %q\nwant %q", st.name, have, st.want)
		}
	}
}

// TestDraftErrorsAreTheServers drafts orders of every kind, good and bad,
// for each player of a game under way, and checks each draft's Err is what
// the server says of the submitted list, and that the server's answer
// lands on the right drafts.
func TestDraftErrorsAreTheServers(t *testing.T) {
	r := loadRules(t)
	s := playGame(t, r, 3, 12)
	rng := rand.New(rand.NewPCG(3, 3))
	kinds := []game.OrderKind{game.OrderMove, game.OrderAttack, game.OrderFollow, game.OrderExplore, game.OrderStance,
		erf.OrderBuildCity, erf.OrderUpgrade, erf.OrderForm, erf.OrderWarlord, erf.OrderCaster,
		erf.OrderFleet, erf.OrderTradeGood, erf.OrderCash, erf.OrderTransfer, erf.OrderScout,
		erf.OrderLook, erf.OrderLoad, erf.OrderUnload}
	refused, accepted := 0, 0
	platform := hexRuleset(t)
	for _, pl := range s.Players {
		m := modelOf(t, r, s, pl.ID)
		var ids []game.ArmyID
		var cities []game.CityID
		for _, a := range s.Armies {
			ids = append(ids, a.ID)
		}
		for _, c := range s.Cities {
			cities = append(cities, c.ID)
		}
		ids = append(ids, 0, game.ArmyID(s.NextID+1))
		for range 40 {
			a := ids[rng.IntN(len(ids))]
			switch rng.IntN(3) {
			case 0: // a planned move where one can be found
				if army := s.Army(a); army != nil {
					to := army.Hex.Add(hex.Hex{Q: rng.IntN(7) - 3, R: rng.IntN(7) - 3})
					if p, err := m.PlanPath(a, to); err == nil {
						m.SetMove(a, p.Path, p.Attack)
					}
				}
			default:
				o := game.Order{Kind: kinds[rng.IntN(len(kinds))], Army: a, Target: ids[rng.IntN(len(ids))],
					City: cities[rng.IntN(len(cities))], Dir: hex.Direction(rng.IntN(7)), Stance: game.StanceKind(rng.IntN(4)),
					Unit: game.UnitKind(rng.IntN(5)), Count: int32(rng.IntN(7)), Level: int32(rng.IntN(11)),
					Player: game.PlayerID(rng.IntN(5))}
				if army := s.Army(a); army != nil {
					o.Hex = army.Hex.Neighbor(o.Dir % 6)
					o.Path = []hex.Hex{o.Hex}
				}
				m.AddOrder(o)
			}
		}
		sub := m.Submission()
		orders := m.Orders()
		errs := game.ValidateOrders(s, r, pl.ID, orders)
		drafts := m.Drafts()
		if len(drafts) != len(orders) {
			t.Fatalf("%d drafts, %d orders submitted", len(drafts), len(orders))
		}
		for i, d := range drafts {
			want := ""
			for _, e := range errs {
				if e.Index == i {
					want = e.Reason
				}
			}
			if d.Err != want {
				t.Errorf("%s, draft %d %q: Err %q, the server says %q", pl.ID, i, d.Label, d.Err, want)
			}
			if want == "" {
				accepted++
			} else {
				refused++
			}
		}
		// The server checks the payload the model sends: the same refusals.
		rej, err := platform.Game(s).Check(ruleset.Seat(pl.ID), sub.Orders)
		if err != nil || len(rej) != len(errs) {
			t.Fatalf("%s: the server's check of the submission: %d refusals (%v), the validation's %d", pl.ID, len(rej), err, len(errs))
		}
		m.ApplyResult(&protocol.OrdersResult{Turn: sub.Turn, Errors: protocol.Rejections(rej)})
		for i, d := range m.Drafts() {
			if d.Rejected != d.Err {
				t.Errorf("draft %d: Rejected %q after the server's answer, want %q", i, d.Rejected, d.Err)
			}
		}
		if m.Accepted() != (len(errs) == 0) {
			t.Errorf("Accepted %v with %d refusals", m.Accepted(), len(errs))
		}
	}
	if refused == 0 || accepted == 0 {
		t.Errorf("%d drafts refused, %d accepted: the test needs both", refused, accepted)
	}
}

// TestApplyResult: the server's answer applies to the list it answers;
// after a change, or for another turn, it is ignored, and any change clears
// the last answer.
func TestApplyResult(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	m.AddOrder(game.Order{Kind: erf.OrderUpgrade, City: g.City})
	m.AddOrder(game.Order{Kind: erf.OrderUpgrade, City: g.Capital})
	sub := m.Submission()
	refusal := &protocol.OrdersResult{Turn: sub.Turn, Errors: []protocol.Rejection{{Index: 1, Reason: "no"}}}

	m.ApplyResult(&protocol.OrdersResult{Turn: sub.Turn + 1, Errors: refusal.Errors})
	if d := m.Drafts(); d[1].Rejected != "" {
		t.Error("an answer for another turn was applied")
	}
	m.ApplyResult(refusal)
	if d := m.Drafts(); d[0].Rejected != "" || d[1].Rejected != "no" || m.Accepted() {
		t.Errorf("after the refusal: %+v, accepted %v", d, m.Accepted())
	}
	m.RemoveOrder(1)
	if d := m.Drafts(); d[0].Rejected != "" || m.Accepted() {
		t.Errorf("after a change: %+v", d)
	}
	m.ApplyResult(refusal) // the answer to the old list
	if d := m.Drafts(); d[0].Rejected != "" {
		t.Error("an answer to a list changed since was applied")
	}
	m.Submission()
	m.ApplyResult(&protocol.OrdersResult{Turn: sub.Turn, Accepted: 1})
	if !m.Accepted() {
		t.Error("the accepted list is not Accepted")
	}
}

// TestForesee checks the warnings of drafts valid on their own against the
// turn as the server resolves it: each order the model says will be
// skipped is skipped, for the same reason, and no other.
func TestForesee(t *testing.T) {
	r := loadRules(t)
	s, err := r.NewGame(8, 24, 18, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := modelOf(t, r, s, 1)
	var capital, small []game.CityID
	for _, c := range s.Cities {
		switch {
		case c.Owner != 1:
		case c.Capital:
			capital = append(capital, c.ID)
		default:
			small = append(small, c.ID)
		}
	}
	infantry := game.UnitKind(0)
	orders := []game.Order{
		// "To upgrade a City to the next level, pay Schmuckers equal to the
		// level desired x 2": 4 each, from a treasury of 0 and an income of 7.
		{Kind: erf.OrderUpgrade, City: small[0]},
		{Kind: erf.OrderUpgrade, City: small[1]},
		// "Cities may not upgrade multiple levels in a turn"
		{Kind: erf.OrderUpgrade, City: small[0]},
		// "One unit can be formed in each City per level"
		{Kind: erf.OrderForm, City: capital[0], Unit: infantry, Count: 4},
		{Kind: erf.OrderForm, City: capital[0], Unit: infantry, Count: 2},
		{Kind: erf.OrderForm, City: small[0], Unit: infantry, Count: 1},
		// A Warlord at level 2 costs 2; one a Capital a turn.
		{Kind: erf.OrderWarlord, City: capital[0], Level: 2},
		{Kind: erf.OrderWarlord, City: capital[0]},
		// "Capitals producing Trade Goods may not be used to form units"
		{Kind: erf.OrderTradeGood, City: capital[0]},
	}
	for _, o := range orders {
		m.AddOrder(o)
	}
	drafts := m.Drafts()
	warned := 0
	const upkeep = "upkeep will remove 1 Infantry"
	for i, d := range drafts {
		if d.Err != "" {
			t.Fatalf("draft %d %q refused: %s", i, d.Label, d.Err)
		}
		if d.Warn != "" && !strings.HasPrefix(d.Warn, upkeep) {
			warned++
		}
	}
	// The orders that go through leave 1 of the 7 for an upkeep of 2 (a
	// Warlord, 5 units): "if you can't afford upkeep, remove units until
	// you can". Those that spend or add upkeep are warned of it.
	const no, skip, upk = 0, 1, 2
	wantWarn := []int{upk, skip, skip, upk, skip, upk, upk, skip, skip}
	for i, d := range drafts {
		have := no
		switch {
		case strings.HasPrefix(d.Warn, upkeep):
			have = upk
		case d.Warn != "":
			have = skip
		}
		if have != wantWarn[i] {
			t.Errorf("draft %d %q: Warn %q, want a warning of kind %d", i, d.Label, d.Warn, wantWarn[i])
		}
	}
	ev := game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: m.Orders()}, {Player: 2}})
	var skipped []string
	removed := false
	for _, e := range ev.List {
		if e.Kind == game.EventOrderSkipped && e.Player == 1 {
			skipped = append(skipped, e.Text)
		}
		removed = removed || (e.Kind == erf.EventUpkeep && e.Player == 1 && strings.Contains(e.Text, "removed 1 Infantry"))
	}
	if !removed {
		t.Error("the turn's upkeep removed no Infantry")
	}
	if len(skipped) != warned {
		t.Errorf("%d orders skipped, %d warned of:\n%s", len(skipped), warned, strings.Join(skipped, "\n"))
	}
	for _, d := range drafts {
		if d.Warn == "" || strings.HasPrefix(d.Warn, upkeep) {
			continue
		}
		found := false
		for _, text := range skipped {
			found = found || strings.HasSuffix(text, "skipped: "+d.Warn)
		}
		if !found {
			t.Errorf("%q: warned %q, the server skipped:\n%s", d.Label, d.Warn, strings.Join(skipped, "\n"))
		}
	}
}

// TestForecastMoney: the next turn's money as the forecast counts it
// (cities' income, Trade Goods cashed, the orders' cost) and each draft's
// cost.
func TestForecastMoney(t *testing.T) {
	r := loadRules(t)
	s, err := r.NewGame(8, 24, 18, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Players[0].Treasury = 10
	s.Players[0].Stock[erf.StockTradeGoods] = 3
	game.RecordVision(s, r)
	m := modelOf(t, r, s, 1)
	var city game.CityID
	for _, c := range s.Cities {
		if c.Owner == 1 && !c.Capital {
			city = c.ID
		}
	}
	m.AddOrder(game.Order{Kind: erf.OrderUpgrade, City: city}) // 4
	m.AddOrder(game.Order{Kind: erf.OrderCash, Count: 1})      // +1
	m.AddOrder(game.Order{Kind: erf.OrderCash, Count: 2})      // 3 cashed: +9 in all, so +8
	f := forecastOf(m)
	// "Cities generate income equal to their level each turn": 5 + 1 + 1,
	// and the 3 goods cashed bring 3 x 3 = 9 ("If three goods were
	// cashed, then the nine Schmuckers would be generated").
	if f.Treasury != 10 || f.Income != 7+9 || f.Spent != 4 {
		t.Errorf("forecast: treasury %d, income %d, spent %d; want 10, %d, 4", f.Treasury, f.Income, f.Spent, 7+9)
	}
	var costs []int64
	for _, d := range m.Drafts() {
		costs = append(costs, d.Cost)
	}
	if want := []int64{4, -1, -8}; !reflect.DeepEqual(costs, want) {
		t.Errorf("draft costs %v, want %v", costs, want)
	}
}

// TestModelForecast: the next turn as the model foresees it from the
// player's view, against the turn the server resolves: "4. Pay Upkeep on
// Units (if you can't afford upkeep, remove units until you can)".
func TestModelForecast(t *testing.T) {
	g := newReasonGame(t) // income 9; 7 units and 4 Warlords: upkeep 5
	m := modelOf(t, g.r, g.s, 1)
	if f := forecastOf(m); f.Treasury != 0 || f.Income != 9 || f.Spent != 0 || f.Upkeep.Total != 5 || f.After != 4 || f.Warning != "" {
		t.Errorf("forecast without orders %+v: want 0 + 9 - 0 - 5 = 4", f)
	}
	// A Warlord at level 3 costs 4 and 1 a turn: 5 left for 6.
	m.AddOrder(game.Order{Kind: erf.OrderWarlord, City: g.Capital, Level: 3})
	f := forecastOf(m)
	if f.Spent != 4 || f.Upkeep.Owed != 6 || f.Upkeep.Warlords != 5 || f.Upkeep.WarlordCost != 5 || f.Upkeep.Removed == 0 ||
		f.Upkeep.Paid != 5 || f.After != 0 || f.Warning == "" {
		t.Fatalf("forecast %+v: want 4 spent, 6 owed, units removed, 5 paid, 0 after", f)
	}
	had := map[game.ArmyID]game.Units{}
	for _, a := range g.s.Armies {
		had[a.ID] = a.Units
	}
	ev := game.Resolve(g.s, g.r, []game.PlayerOrders{{Player: 1, Orders: m.Orders()}})
	var up []game.Event
	for _, e := range ev.List {
		if e.Kind == erf.EventUpkeep && e.Player == 1 {
			up = append(up, e)
		}
	}
	if len(up) != 1 || up[0].Amount != f.Upkeep.Paid || up[0].Text != f.Upkeep.Text {
		t.Errorf("the turn's upkeep %+v; forecast %d %q", up, f.Upkeep.Paid, f.Upkeep.Text)
	}
	if have := g.s.Player(1).Treasury; have != f.After {
		t.Errorf("treasury after the turn %d, forecast %d", have, f.After)
	}
	removed := 0
	for _, r := range f.Removed {
		removed += r.Units.Total()
		a := g.s.Army(r.Army)
		var left game.Units
		if a != nil {
			left = a.Units
		}
		if want := had[r.Army].Sub(r.Units); r.New || !reflect.DeepEqual(left, want) {
			t.Errorf("army %d after the turn: %v, want %v less %v = %v", r.Army, left, had[r.Army], r.Units, want)
		}
	}
	if removed != f.Upkeep.Removed {
		t.Errorf("removals %+v add up to %d, want %d", f.Removed, removed, f.Upkeep.Removed)
	}
	if m := model.New(Rules{Rules: g.r}); forecastOf(m).Upkeep.Total != 0 {
		t.Error("an empty model forecasts")
	}
}
