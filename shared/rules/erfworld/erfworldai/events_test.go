package erfworldai

import (
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// turn plays one turn of the scene with each player's orders (stamped with
// the turn), as the rules resolve it, then hands ai what each seat of
// hearers is told of it, through the platform's encoding of events
// (hexgame's Outcome.Events and the AI's Hear).
func (sc *scene) turn(ai *Player, orders map[game.PlayerID][]game.Order, hearers ...game.PlayerID) {
	sc.t.Helper()
	game.RecordVision(sc.s, sc.rs)
	var po []game.PlayerOrders
	for p := range len(sc.s.Players) {
		id := game.PlayerID(p + 1)
		list := slices.Clone(orders[id])
		for i := range list {
			list[i].Turn = sc.s.Turn
		}
		sc.valid(id, list)
		po = append(po, game.PlayerOrders{Player: id, Orders: list})
	}
	ev := game.Resolve(sc.s, sc.rs, po)
	for _, p := range hearers {
		data, err := hexgame.EncodeEvents(ev.For(sc.s, p), sc.rs)
		if err != nil {
			sc.t.Fatal(err)
		}
		heard, err := hexgame.DecodeEvents(data, nil)
		if err != nil {
			sc.t.Fatal(err)
		}
		ai.Hear(p, heard)
	}
}

// planned returns ai's planner for player p on the scene as it is, with
// what the seat heard (as Orders makes it).
func (sc *scene) planned(ai *Player, p game.PlayerID) *planner {
	sc.t.Helper()
	pl := sc.planner(p, styleOf(ai.level))
	pl.heard = ai.recall(game.NewView(sc.s, p))
	return pl
}

// styleOf is the plan's style of level l (Normal's for the levels that
// listen but Hard).
func styleOf(l ruleset.Level) style {
	if l == ruleset.Hard {
		return hardStyle
	}
	return normalStyle
}

// ordersOfKind returns the orders of kind k among orders.
func ordersOfKind(orders []game.Order, k game.OrderKind) []game.Order {
	var out []game.Order
	for _, o := range orders {
		if o.Kind == k {
			out = append(out, o)
		}
	}
	return out
}

// TestHearFoolReport: "Fool-A-Mancer – ... If 'Looked' at, the
// Fool-A-Mancer reports who looked." Player 2 looks at player 1, whose
// Fool-A-Mancer reports it (whether or not it foiled the Look: "reduces
// the ability of a Look-A-Mancer to 'Look' at their side by 50%"). Normal
// and Hard then take player 2 for the side preparing to attack: the
// Capital keeps lookedKeep more units, and player 1's Look-A-Mancer looks
// back at player 2 ("each turn a side with a Look-a-mancer may choose one
// other player side to 'Look' at"), not at player 3, the rival it would
// look at otherwise (the strongest known; lookTarget still looks first at
// a rival never seen). Easy hears nothing; nor does a Normal player that
// was not told (a resumed game).
func TestHearFoolReport(t *testing.T) {
	tests := []struct {
		name      string
		level     ruleset.Level
		told      bool // the AI hears the turn
		wantLook  game.PlayerID
		wantExtra int // the Capital's keep beyond the style's
	}{
		{name: "normal told", level: ruleset.Normal, told: true, wantLook: 2, wantExtra: lookedKeep},
		{name: "hard told", level: ruleset.Hard, told: true, wantLook: 2, wantExtra: lookedKeep},
		{name: "normal not told", level: ruleset.Normal, wantLook: 3},
		{name: "easy told", level: ruleset.Easy, told: true, wantLook: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, _ := casterScene(t, newRules(t), 3, erfworld.CasterFool, erfworld.CasterLook)
			sc.army(2, at(11, 3), sc.infantry(2), false, erfworld.CasterLook)
			sc.army(1, at(3, 6), sc.infantry(2), true) // sees player 3's Capital on (2,6)
			sc.city(3, at(4, 6), false, 1)             // and a second city: the strongest rival known
			ai := New(sc.rs, tt.level, 1)
			var hearers []game.PlayerID
			if tt.told {
				hearers = append(hearers, 1)
			}
			sc.turn(ai, map[game.PlayerID][]game.Order{2: {{Kind: erfworld.OrderLook, Player: 1}}}, hearers...)

			p := sc.planned(ai, 1)
			p.look()
			looks := ordersOfKind(p.orders, erfworld.OrderLook)
			if len(looks) != 1 || looks[0].Player != tt.wantLook {
				t.Errorf("have Looks %v, want one at player %d", looks, tt.wantLook)
			}
			sc.valid(1, p.orders)
			capital := sc.s.City(p.capital.ID)
			if have, want := p.keepAt(capital)-sc.planner(1, styleOf(tt.level)).keepAt(capital), tt.wantExtra; have != want {
				t.Errorf("the Capital keeps %d units more than unwarned, want %d", have, want)
			}
		})
	}
}

// TestFoolAnswersLook: "Fool-A-Mancer – each side with a Fool-A-Mancer
// reduces the ability of a Look-A-Mancer to 'Look' at their side by 50%."
// Once player 1 knows that player 2 has a Look-A-Mancer, it pops a
// Fool-A-Mancer in its Capital's garrison where a Caster's place is free
// ("Each Empire may have up to THREE Casters"), before the Casters it
// would pop otherwise. It learns it from player 2's own Look, in the turn
// report its own Look brings ("That player's map and turn report is sent
// to the Look-a-mancer's side"), or from a battle report that lists a
// Look-A-Mancer among player 2's characters. Not told, or with no place
// free, it pops no Fool-A-Mancer.
func TestFoolAnswersLook(t *testing.T) {
	econ, look := erfworld.CasterEcon, erfworld.CasterLook
	tests := []struct {
		name     string
		held     []erfworld.CasterKind
		battle   bool // a battle shows player 2's Look-A-Mancer, else a Look does
		told     bool
		wantFool bool
	}{
		{name: "player 2's Look in its turn report", held: []erfworld.CasterKind{econ, look}, told: true, wantFool: true},
		{name: "a Look-A-Mancer in a battle report", held: []erfworld.CasterKind{econ, look}, battle: true, told: true, wantFool: true},
		{name: "not told", held: []erfworld.CasterKind{econ, look}},
		{name: "no place free", held: []erfworld.CasterKind{econ, econ, look}, told: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, _ := casterScene(t, newRules(t), 3, tt.held...)
			orders := map[game.PlayerID][]game.Order{}
			if tt.battle {
				// Player 2's Warlord with 1 Infantry and a Look-A-Mancer
				// attacks player 1's lookout (2 Infantry) next to it.
				a := sc.army(2, at(10, 3).Neighbor(hex.Direction(0)), sc.infantry(1), true, look)
				orders[2] = []game.Order{{Kind: game.OrderAttack, Army: a, Path: []hex.Hex{at(10, 3)}}}
			} else {
				sc.army(2, at(11, 3), sc.infantry(2), false, look)
				orders[1] = []game.Order{{Kind: erfworld.OrderLook, Player: 2}}
				orders[2] = []game.Order{{Kind: erfworld.OrderLook, Player: 3}}
			}
			ai := New(sc.rs, ruleset.Normal, 1)
			var hearers []game.PlayerID
			if tt.told {
				hearers = append(hearers, 1)
			}
			sc.turn(ai, orders, hearers...)
			if tt.told && len(ai.ears[1].lookers) == 0 {
				t.Fatalf("player 1 heard of no Look-A-Mancer")
			}

			p := sc.planned(ai, 1)
			p.popCaster()
			var fools []game.Order
			for _, o := range ordersOfKind(p.orders, erfworld.OrderCaster) {
				if erfworld.CasterKind(o.Unit) == erfworld.CasterFool {
					fools = append(fools, o)
				}
			}
			if have := len(fools) == 1 && fools[0].Army == 0; have != tt.wantFool {
				t.Errorf("have a Fool-A-Mancer popped in the garrison %v (orders %v), want %v", have, p.orders, tt.wantFool)
			}
			sc.valid(1, p.orders)
		})
	}
}

// TestRetakeHeardLostCity: a city of player 1's that player 2's army
// takes (game.EventCapture: its 4 Infantry beat the city's own defence)
// is known lost from its event: out of sight, where the view does not
// show it (so retakeLost cannot guess it lost), the 12 Infantry four hexes
// from it march at it. Not told, they do not; once the city is the
// player's again it is forgotten.
func TestRetakeHeardLostCity(t *testing.T) {
	for _, told := range []bool{true, false} {
		sc := newScene(t, newRules(t), 2, openRows...)
		sc.city(1, at(2, 3), true, 0)
		sc.army(1, at(2, 3), sc.infantry(10), false)
		lost := at(9, 3)
		city := sc.city(1, lost, false, 1)
		sc.city(2, at(14, 6), true, 0)
		taker := sc.army(2, at(10, 3), sc.infantry(4), true)
		near := sc.army(1, at(5, 3), sc.infantry(12), true)
		ai := New(sc.rs, ruleset.Normal, 1)
		ai.Orders(game.NewView(sc.s, 1)) // the orders of turn 1: the city is player 1's
		var hearers []game.PlayerID
		if told {
			hearers = append(hearers, 1)
		}
		sc.turn(ai, map[game.PlayerID][]game.Order{2: {{Kind: game.OrderAttack, Army: taker, Path: []hex.Hex{lost}}}}, hearers...)
		if owner := sc.s.City(city).Owner; owner != 2 {
			t.Fatalf("the city is player %d's after the attack, want player 2's", owner)
		}

		p := sc.planned(ai, 1)
		if _, seen := cityIndex(p.foes, city); seen {
			t.Fatalf("player 1 sees the city it lost: want it out of sight")
		}
		p.moveArmies()
		attacks := false
		for _, o := range ordersOfKind(p.orders, game.OrderAttack) {
			if o.Army == near && len(o.Path) > 0 && hex.Distance(o.Path[len(o.Path)-1], lost) < hex.Distance(at(5, 3), lost) {
				attacks = true
			}
		}
		if attacks != told {
			t.Errorf("told %v: the 12 Infantry attack the lost city: have %v, want %v; orders %v", told, attacks, told, p.orders)
		}
		sc.valid(1, p.orders)

		sc.s.City(city).Owner = 1
		if h := ai.recall(game.NewView(sc.s, 1)); h != nil && len(h.lost) > 0 {
			t.Errorf("told %v: the city retaken is still heard lost: %v", told, h.lost)
		}
	}
}

// BenchmarkHear hears the events every seat of BenchmarkLateTurn's game is
// told of turn 61, as the platform hands them (decoded from the wire
// form, then Hear): one op is one turn's hearing of 16 Normal seats, the
// cost a listening AI adds to its orders.
func BenchmarkHear(b *testing.B) {
	s, players := lateGame(b, 128, 60)
	rs := newRules(b)
	var all []game.PlayerOrders
	for i, pl := range players {
		if id := game.PlayerID(i + 1); s.Player(id).Alive {
			all = append(all, game.PlayerOrders{Player: id, Orders: pl.Orders(game.NewView(s, id))})
		}
	}
	ev := game.Resolve(s, rs, all)
	told := make([][]byte, len(players))
	size := 0
	for i := range players {
		data, err := hexgame.EncodeEvents(ev.For(s, game.PlayerID(i+1)), rs)
		if err != nil {
			b.Fatal(err)
		}
		told[i], size = data, size+len(data)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, pl := range players {
			heard, err := hexgame.DecodeEvents(told[i], nil)
			if err != nil {
				b.Fatal(err)
			}
			pl.Hear(game.PlayerID(i+1), heard)
		}
	}
	b.ReportMetric(float64(size)/float64(len(players)), "event-bytes/seat")
}
