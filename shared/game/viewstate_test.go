package game_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldtest"
)

// sameValidation checks the property ViewState exists for: the orders of
// player p get exactly the same errors against the state p's view makes as
// against the real state. It returns the errors.
func sameValidation(t *testing.T, s *game.State, rs game.Ruleset, p game.PlayerID, orders []game.Order) []*game.OrderError {
	t.Helper()
	vs := game.ViewState(game.NewView(s, p))
	want := game.ValidateOrders(s, rs, p, orders)
	have := game.ValidateOrders(vs, rs, p, orders)
	if !reflect.DeepEqual(have, want) {
		t.Errorf("turn %d, %s: the view's state and the real state disagree", s.Turn, p)
		for i := range orders {
			h, w := reasonAt(have, i), reasonAt(want, i)
			if h != w {
				t.Errorf("  order %d %+v:\n    have %q\n    want %q", i+1, orders[i], h, w)
			}
		}
	}
	return want
}

func reasonAt(errs []*game.OrderError, i int) string {
	for _, e := range errs {
		if e.Index == i {
			return e.Reason
		}
	}
	return ""
}

// fogPools are the IDs and hexes random orders draw from: everything in
// the real state, everything the player remembers, and IDs that never were.
type fogPools struct {
	armies []game.ArmyID
	cities []game.CityID
	chars  []int32
	hexes  []hex.Hex
}

func fogPoolsOf(s *game.State, p game.PlayerID) fogPools {
	var pl fogPools
	pl.armies = []game.ArmyID{0, game.ArmyID(s.NextID + 1), game.ArmyID(s.NextID + 50)}
	pl.cities = []game.CityID{0, game.CityID(s.NextID + 2)}
	pl.chars = []int32{0, -1, int32(s.NextID + 3)}
	add := func(h hex.Hex) {
		pl.hexes = append(pl.hexes, h)
		for _, n := range h.Neighbors() {
			pl.hexes = append(pl.hexes, n, n.Neighbor(hex.East))
		}
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		pl.armies = append(pl.armies, a.ID)
		for _, c := range a.Characters {
			pl.chars = append(pl.chars, int32(c.ID))
		}
		add(a.Hex)
	}
	for i := range s.Cities {
		pl.cities = append(pl.cities, s.Cities[i].ID)
		add(s.Cities[i].Hex)
	}
	if p >= 1 && int(p) <= len(s.Memory) {
		for _, sg := range s.Memory[p-1].Armies {
			pl.armies = append(pl.armies, sg.Army)
		}
	}
	pl.hexes = append(pl.hexes, hex.Hex{Q: -3, R: 0}, hex.Hex{Q: 1000, R: 1000})
	return pl
}

func fogPick[T any](rng *rand.Rand, list []T) T { return list[rng.IntN(len(list))] }

// fogOrder returns an order with random fields of one of kinds (or,
// now and then, of a kind nobody defines), mostly for this turn, over
// armies, cities and hexes of pools; most are invalid in some way.
func fogOrder(rng *rand.Rand, s *game.State, pools fogPools, kinds []game.OrderKind) game.Order {
	o := game.Order{Turn: s.Turn, Kind: fogPick(rng, kinds), Army: fogPick(rng, pools.armies)}
	if rng.IntN(12) == 0 {
		o.Turn += game.Turn(rng.IntN(3)) - 1
	}
	if rng.IntN(15) == 0 {
		o.Kind = game.OrderKind(rng.IntN(256))
	}
	if rng.IntN(3) == 0 {
		o.Target = fogPick(rng, pools.armies)
	}
	if rng.IntN(3) > 0 {
		o.City = fogPick(rng, pools.cities)
	}
	// A path that mostly walks from the army's hex, over any terrain,
	// now and then jumping or leaving the map.
	if rng.IntN(3) > 0 {
		at := fogPick(rng, pools.hexes)
		if a := s.Army(o.Army); a != nil && rng.IntN(4) > 0 {
			at = a.Hex
		}
		for range rng.IntN(6) {
			at = at.Neighbor(hex.Direction(rng.IntN(6)))
			if rng.IntN(20) == 0 {
				at = fogPick(rng, pools.hexes)
			}
			o.Path = append(o.Path, at)
		}
	}
	o.Dir = hex.Direction(rng.IntN(8) - 1)
	o.Stance = game.StanceKind(rng.IntN(4))
	o.Unit = game.UnitKind(rng.IntN(9))
	o.Count = int32(rng.IntN(10) - 1)
	if rng.IntN(4) == 0 {
		o.Count = fogPick(rng, pools.chars)
	}
	o.Level = int32(rng.IntN(12) - 1)
	o.Hex = fogPick(rng, pools.hexes)
	o.Player = game.PlayerID(rng.IntN(len(s.Players) + 2))
	for range rng.IntN(5) {
		o.Units = append(o.Units, int32(rng.IntN(6)-1))
	}
	return o
}

// fogOrders returns n random orders, some the valid moves of MoveOrders.
func fogOrders(rng *rand.Rand, s *game.State, p game.PlayerID, n int, kinds []game.OrderKind, valid []game.Order) []game.Order {
	pools := fogPoolsOf(s, p)
	var out []game.Order
	for range n {
		if len(valid) > 0 && rng.IntN(4) == 0 {
			out = append(out, fogPick(rng, valid))
			continue
		}
		out = append(out, fogOrder(rng, s, pools, kinds))
	}
	return out
}

var fogEngineKinds = []game.OrderKind{game.OrderMove, game.OrderAttack, game.OrderFollow, game.OrderExplore, game.OrderStance}

func TestViewStateValidatesLikeTheServerTestRuleset(t *testing.T) {
	kinds := append([]game.OrderKind{gametest.OrderRecruit}, fogEngineKinds...)
	for seed := uint64(1); seed <= 4; seed++ {
		s, rs := gametest.RandomGame(seed, 20, 16, 3, 30)
		rng := rand.New(rand.NewPCG(seed, 11))
		checked := 0
		for turn := 0; turn < 12 && !s.Over; turn++ {
			moves := gametest.MoveOrders(s, rs, rng, 70)
			for p := game.PlayerID(0); int(p) <= len(s.Players)+1; p++ {
				var valid []game.Order
				for _, po := range moves {
					if po.Player == p {
						valid = po.Orders
					}
				}
				for range 4 {
					errs := sameValidation(t, s, rs, p, fogOrders(rng, s, p, 30, kinds, valid))
					checked += 30 - len(errs)
				}
			}
			game.Resolve(s, rs, moves)
		}
		if checked == 0 {
			t.Errorf("seed %d: no valid order among the random ones: the test checks refusals only", seed)
		}
	}
}

// TestViewStateFixture runs every kind of refusal of the validation fixture
// (hidden, visible, remembered and dead enemies, carried armies, known and
// unknown terrain) through the view's state.
func TestViewStateFixture(t *testing.T) {
	f := newFixture()
	rng := rand.New(rand.NewPCG(5, 5))
	kinds := append([]game.OrderKind{gametest.OrderRecruit}, fogEngineKinds...)
	for p := game.PlayerID(1); p <= 3; p++ {
		for range 50 {
			sameValidation(t, f.s, f.rs, p, fogOrders(rng, f.s, p, 20, kinds, nil))
		}
	}
	orders := []game.Order{
		{Kind: game.OrderStance, Army: f.H},
		{Kind: game.OrderStance, Army: f.V},
		{Kind: game.OrderStance, Army: f.R},
		{Kind: game.OrderStance, Army: f.D},
		{Kind: game.OrderAttack, Army: f.A, Target: f.R},
		{Kind: game.OrderFollow, Army: f.A, Target: f.D},
		{Kind: game.OrderMove, Army: f.B, Path: gametest.Path("1,3 2,3 3,3 4,3 5,3 6,2")},
		{Kind: game.OrderMove, Army: f.C, Path: gametest.Path("0,0")},
		{Kind: gametest.OrderRecruit, City: f.EnemyCity, Count: 1},
	}
	for i := range orders {
		orders[i].Turn = f.s.Turn
	}
	errs := sameValidation(t, f.s, f.rs, 1, orders)
	if len(errs) != 7 {
		t.Errorf("fixture orders: %d refused, want 7: %v", len(errs), errs)
	}
}

func loadErfworld(t testing.TB) *erfworld.Rules {
	t.Helper()
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	return erfworld.NewRules(d)
}

var fogErfworldKinds = []game.OrderKind{
	game.OrderMove, game.OrderAttack, game.OrderFollow, game.OrderExplore, game.OrderStance,
	erfworld.OrderBuildCity, erfworld.OrderUpgrade, erfworld.OrderForm, erfworld.OrderWarlord,
	erfworld.OrderCaster, erfworld.OrderFleet, erfworld.OrderTradeGood, erfworld.OrderCash,
	erfworld.OrderTransfer, erfworld.OrderScout, erfworld.OrderLook, erfworld.OrderCasualties,
	erfworld.OrderLoad, erfworld.OrderUnload,
}

// TestViewStateValidatesLikeTheServerErfworld plays erfworld games whose
// armies spread and meet, and at every turn checks random orders of every
// kind, for every player, against the view's state and the real state.
func TestViewStateValidatesLikeTheServerErfworld(t *testing.T) {
	r := loadErfworld(t)
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := r.NewGame(seed, 24, 18, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		enemies, remembered, accepted := 0, 0, 0
		for turn := 0; turn < 40 && !s.Over; turn++ {
			var orders []game.PlayerOrders
			for _, pl := range s.Players {
				if !pl.Alive {
					continue
				}
				mine := erfworldtest.Grow(rng, s, r, pl.ID)
				orders = append(orders, game.PlayerOrders{Player: pl.ID, Orders: mine})
				errs := sameValidation(t, s, r, pl.ID, fogOrders(rng, s, pl.ID, 60, fogErfworldKinds, mine))
				accepted += 60 - len(errs)
				v := game.NewView(s, pl.ID)
				for _, a := range v.Armies {
					switch {
					case a.Owner != pl.ID && a.Remembered:
						remembered++
					case a.Owner != pl.ID:
						enemies++
					}
				}
			}
			game.Resolve(s, r, orders)
		}
		if enemies == 0 || remembered == 0 || accepted == 0 {
			t.Errorf("seed %d: %d enemies in sight, %d remembered, %d random orders accepted: the games are too tame to test fog",
				seed, enemies, remembered, accepted)
		}
	}
}

// TestViewStateEconomicOrders checks each economic order of erfworld
// against the view's state with too little money and with plenty: the
// refusals ("not enough Schmuckers: have 7 (treasury 0, this turn's income
// 7), need 8") must be the server's, word for word.
func TestViewStateEconomicOrders(t *testing.T) {
	r := loadErfworld(t)
	base, err := r.NewGame(9, 24, 18, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 6 { // a few turns for Warlords and armies on the map
		var orders []game.PlayerOrders
		for _, pl := range base.Players {
			orders = append(orders, game.PlayerOrders{Player: pl.ID, Orders: erfworldtest.Grow(rng, base, r, pl.ID)})
		}
		game.Resolve(base, r, orders)
	}
	const p = game.PlayerID(1)
	tests := []struct {
		name          string
		treasury      int64
		goods         int32
		wantPoor      bool // some order is refused for money
		wantAllFunded bool // no order is refused for money
		wantAccepted  []game.OrderKind
	}{
		{name: "too little money", treasury: 0, wantPoor: true,
			wantAccepted: []game.OrderKind{erfworld.OrderUpgrade, erfworld.OrderForm, erfworld.OrderWarlord}},
		{name: "too little money with trade goods", treasury: 0, goods: 2, wantPoor: true,
			wantAccepted: []game.OrderKind{erfworld.OrderCash}},
		{name: "plenty of money", treasury: 1000, goods: 1, wantAllFunded: true,
			wantAccepted: []game.OrderKind{erfworld.OrderUpgrade, erfworld.OrderForm, erfworld.OrderWarlord,
				erfworld.OrderCaster, erfworld.OrderFleet, erfworld.OrderTradeGood, erfworld.OrderCash, erfworld.OrderBuildCity}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base.Clone()
			pl := s.Player(p)
			pl.Treasury = tt.treasury
			pl.Stock[erfworld.StockTradeGoods] = tt.goods
			// Grow's lone Warlords lead one Infantry each, so that they
			// may found cities: a Warlord with no units leads no Army.
			for i := range s.Armies {
				if a := &s.Armies[i]; a.Owner == p && !a.Naval && erfworldtest.LedByWarlord(a) && a.Units.Total() == 0 {
					a.Units = game.Units{1}
				}
			}
			orders := erfEconomicOrders(s, r, p)
			errs := sameValidation(t, s, r, p, orders)
			poor := 0
			for _, e := range errs {
				if strings.HasPrefix(e.Reason, "not enough Schmuckers") {
					poor++
				}
			}
			if tt.wantPoor && poor == 0 {
				t.Errorf("no order refused for money: %v", errs)
			}
			if tt.wantAllFunded && poor > 0 {
				t.Errorf("%d orders refused for money with a treasury of %d", poor, tt.treasury)
			}
			accepted := map[game.OrderKind]bool{}
			for i := range orders {
				if reasonAt(errs, i) == "" {
					accepted[orders[i].Kind] = true
				}
			}
			for _, k := range tt.wantAccepted {
				if !accepted[k] {
					t.Errorf("no order of kind %d accepted: %v", k, errs)
				}
			}
		})
	}
}

// erfEconomicOrders lists, for player p, every economic order its cities and
// armies could give: upgrades, units of each kind one and many, Warlords
// of every level, Casters of every kind, Fleets on every neighbour of its
// cities, Trade Goods, cashing, and new cities where its armies stand.
func erfEconomicOrders(s *game.State, r *erfworld.Rules, p game.PlayerID) []game.Order {
	var out []game.Order
	add := func(o game.Order) {
		o.Turn = s.Turn
		out = append(out, o)
	}
	for _, c := range s.Cities {
		if c.Owner != p {
			continue
		}
		add(game.Order{Kind: erfworld.OrderUpgrade, City: c.ID})
		for k := range r.D.Units {
			add(game.Order{Kind: erfworld.OrderForm, City: c.ID, Unit: game.UnitKind(k), Count: 1})
			add(game.Order{Kind: erfworld.OrderForm, City: c.ID, Unit: game.UnitKind(k), Count: c.Level})
		}
		for level := int32(0); level <= int32(r.D.Warlord.MaxLevel)+1; level++ {
			add(game.Order{Kind: erfworld.OrderWarlord, City: c.ID, Level: level})
		}
		for k := range erfworld.NumCasterKinds {
			add(game.Order{Kind: erfworld.OrderCaster, City: c.ID, Unit: game.UnitKind(k)})
		}
		for _, h := range c.Hex.Neighbors() {
			add(game.Order{Kind: erfworld.OrderFleet, City: c.ID, Hex: h})
		}
		add(game.Order{Kind: erfworld.OrderTradeGood, City: c.ID})
	}
	add(game.Order{Kind: erfworld.OrderCash, Count: 1})
	add(game.Order{Kind: erfworld.OrderCash, Count: 3})
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == p {
			add(game.Order{Kind: erfworld.OrderBuildCity, Army: a.ID, Hex: a.Hex})
			add(game.Order{Kind: erfworld.OrderBuildCity, Hex: a.Hex.Neighbor(hex.East)})
		}
	}
	return out
}

// TestViewStateRoundTrip: the state of a view holds what the view shows,
// so the view of that state is the view again.
func TestViewStateRoundTrip(t *testing.T) {
	r := loadErfworld(t)
	s, err := r.NewGame(4, 24, 18, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for turn := 0; turn < 20 && !s.Over; turn++ {
		var orders []game.PlayerOrders
		for p := game.PlayerID(0); int(p) <= len(s.Players); p++ {
			v := game.NewView(s, p)
			if have := game.NewView(game.ViewState(v), p); !reflect.DeepEqual(have, v) {
				t.Fatalf("turn %d, %s: the view of the view's state differs from the view", s.Turn, p)
			}
			if p > 0 {
				orders = append(orders, game.PlayerOrders{Player: p, Orders: erfworldtest.Grow(rng, s, r, p)})
			}
		}
		game.Resolve(s, r, orders)
	}
}

// TestViewStateSharesNoMemory changes every slice of the view's state and
// checks the view is untouched.
func TestViewStateSharesNoMemory(t *testing.T) {
	s, rs := gametest.RandomGame(3, 16, 12, 2, 30)
	s.Players[0].Stock = []int32{1, 2}
	s.Armies[0].Characters = []game.Character{{ID: 900, Kind: 1, Level: 2}}
	game.RecordVision(s, rs)
	game.Resolve(s, rs, gametest.MoveOrders(s, rs, rand.New(rand.NewPCG(1, 1)), 80))
	v := game.NewView(s, 1)
	want := v.Clone()
	vs := game.ViewState(v)
	vs.Map.Terrain[0]++
	vs.Players[0].Stock[0]++
	for i := range vs.Armies {
		vs.Armies[i].Units = append(vs.Armies[i].Units[:0], 99)
		for j := range vs.Armies[i].Characters {
			vs.Armies[i].Characters[j].Level++
		}
	}
	m := &vs.Memory[0]
	for i := range m.Known {
		m.Known[i], m.Seen[i], m.Visible[i] = ^m.Known[i], ^m.Seen[i], ^m.Visible[i]
	}
	for i := range m.Armies {
		m.Armies[i].Units = append(m.Armies[i].Units[:0], 77)
	}
	vs.Cities[0].Level++
	if !reflect.DeepEqual(v, want) {
		t.Error("changing the view's state changed the view")
	}
	if vs.NextID < uint32(v.Armies[len(v.Armies)-1].ID) || vs.NextID < 900 {
		t.Errorf("NextID %d is not above every ID of the view", vs.NextID)
	}
}
