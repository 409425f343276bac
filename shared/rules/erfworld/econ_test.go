package erfworld

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
)

// econMap is the world of most economy tests (odd rows indented):
//
//	Water at 0,0 1,0 and 0,1; Woods at 8,0 and 8,1; Grasslands at 0,4;
//	Mountains at 8,4 (offset col,row).
const econMap = `
~ ~ . . . . . . f
 ~ . . . . . . . f
. . . . . . . . .
 . . . . . . . . .
" . . . . . . . ^
 . . . . . . . . .
. . . . . . . . .
`

// econWorld is a small game of three players on econMap. Player 1 holds
// Capital A (next to Water), city B (level 2, next to Woods) and city C
// (level 1, next to Grasslands); player 2 holds Capital D and city E
// (level 4, next to Mountains); player 3 holds no city. No armies.
type econWorld struct {
	t                  *testing.T
	r                  *Rules
	s                  *game.State
	a, b, c, d, e      game.CityID
	inf, cav, fly, sie game.UnitKind
}

// off converts an offset position (column, row) of econMap to a hex.
func off(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

func newEconWorld(t *testing.T) *econWorld {
	t.Helper()
	return newEconWorldOn(t, econMap, 3)
}

func newEconWorldOn(t *testing.T, m string, players int) *econWorld {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules(d)
	mp, err := hexmap.Parse(m, d.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	w := &econWorld{t: t, r: r, s: r.NewGameOn(mp, 1, players, nil)}
	for _, k := range []struct {
		id string
		k  *game.UnitKind
	}{{"infantry", &w.inf}, {"cavalry", &w.cav}, {"flyers", &w.fly}, {"siege", &w.sie}} {
		u, ok := d.UnitKind(k.id)
		if !ok {
			t.Fatalf("no unit %q", k.id)
		}
		*k.k = game.UnitKind(u)
	}
	if m == econMap {
		w.a = w.city(1, 1, 1, 5, true)
		w.b = w.city(1, 7, 1, 2, false)
		w.c = w.city(1, 1, 4, 1, false)
		w.d = w.city(2, 5, 5, 5, true)
		w.e = w.city(2, 7, 4, 4, false)
	}
	return w
}

func (w *econWorld) city(p game.PlayerID, col, row int, level int32, capital bool) game.CityID {
	return w.s.AddCity(game.City{Owner: p, Hex: off(col, row), Level: level, Capital: capital})
}

// units makes a Units from kind/count pairs.
func units(kc ...int) game.Units {
	var u game.Units
	for i := 0; i+1 < len(kc); i += 2 {
		one := make(game.Units, kc[i]+1)
		one[kc[i]] = int32(kc[i+1])
		u = u.Add(one)
	}
	return u
}

// army adds an army of player p at (col,row) with the given units and
// characters; warlord and caster make the characters.
func (w *econWorld) army(p game.PlayerID, col, row int, u game.Units, chars ...game.Character) game.ArmyID {
	return w.s.AddArmy(game.Army{Owner: p, Hex: off(col, row), Units: u, Characters: chars})
}

func (w *econWorld) warlord(level int32) game.Character {
	return game.Character{ID: game.CharacterID(w.s.NewID()), Kind: CharWarlord, Level: level}
}

func (w *econWorld) caster(k CasterKind) game.Character {
	return game.Character{ID: game.CharacterID(w.s.NewID()), Kind: CharCaster + uint8(k)}
}

func (w *econWorld) fleet(p game.PlayerID, col, row int) game.ArmyID {
	return w.s.AddArmy(game.Army{Owner: p, Hex: off(col, row), Naval: true})
}

func (w *econWorld) player(p game.PlayerID) *game.Player { return w.s.Player(p) }

// run runs phase ph with the orders of each player (Autopilot false).
func (w *econWorld) run(ph game.Phase, orders ...game.PlayerOrders) *game.Events {
	w.t.Helper()
	ev := &game.Events{}
	for i := range orders {
		for j := range orders[i].Orders {
			orders[i].Orders[j].Turn = w.s.Turn
		}
	}
	w.r.RunPhase(w.s, ph, orders, ev)
	if err := w.s.Validate(len(w.r.D.Terrain)); err != nil {
		w.t.Fatalf("broken state after phase %d: %v", ph, err)
	}
	return ev
}

func po(p game.PlayerID, orders ...game.Order) game.PlayerOrders {
	return game.PlayerOrders{Player: p, Orders: orders}
}

// texts returns the texts of the events of kind k.
func texts(ev *game.Events, k game.EventKind) []string {
	var out []string
	for _, e := range ev.List {
		if e.Kind == k {
			out = append(out, e.Text)
		}
	}
	return out
}

// armiesOf returns player p's armies on hex h.
func (w *econWorld) armiesOn(p game.PlayerID, h hex.Hex) []game.Army {
	var out []game.Army
	for _, a := range w.s.Armies {
		if a.Owner == p && a.Hex == h {
			out = append(out, a)
		}
	}
	return out
}

// checkTexts compares the skipped-order texts with want (substrings, in
// order).
func checkTexts(t *testing.T, rule string, have, want []string) {
	t.Helper()
	if len(have) != len(want) {
		t.Errorf("%q: skipped %q, want %d skips like %q", rule, have, len(want), want)
		return
	}
	for i := range want {
		if !strings.Contains(have[i], want[i]) {
			t.Errorf("%q: skip %d is %q, want it to contain %q", rule, i, have[i], want[i])
		}
	}
}

// TestEconValidate checks every order of the economy on its own, as it is
// submitted: each case quotes the rule it checks, and want is "" for a
// valid order or a fragment of the reason it is refused.
func TestEconValidate(t *testing.T) {
	w := newEconWorld(t)
	s := w.s
	p1g := w.army(1, 1, 1, units(int(w.inf), 6))                  // garrison of A
	wa := w.army(1, 1, 1, units(int(w.inf), 1), w.warlord(1))     // Warlord's army in A
	waLord := s.Army(wa).Characters[0].ID                         //
	wb := w.army(1, 1, 1, nil, w.warlord(2))                      // a lone Warlord in A
	w1 := w.army(1, 4, 3, units(int(w.inf), 2), w.warlord(1))     // in the field, on a good site
	w1Lord := s.Army(w1).Characters[0].ID                         //
	lone := w.army(1, 4, 1, nil, w.warlord(1))                    // a lone Warlord on a good site
	stray := w.army(1, 4, 3, units(int(w.inf), 1))                // units without a Warlord (odd)
	w2 := w.army(1, 8, 1, units(int(w.inf), 1), w.warlord(1))     // in the Woods
	w3 := w.army(1, 2, 1, units(int(w.inf), 1), w.warlord(1))     // next to A
	w6 := w.army(1, 6, 3, units(int(w.inf), 1), w.warlord(1))     // next to E, sees it
	f1 := w.fleet(1, 1, 0)                                        // a Fleet next to A
	boat := w.army(1, 1, 0, units(int(w.inf), 1), w.warlord(1))   //
	s.Army(boat).Carrier = f1                                     // carried by f1
	x2 := w.army(2, 5, 3, units(int(w.inf), 1), w.warlord(1))     // seen by player 1
	hidden := w.army(2, 8, 6, units(int(w.inf), 1), w.warlord(1)) // not seen by player 1
	w.army(2, 5, 5, units(int(w.inf), 3), w.caster(CasterHeal))   // garrison of D
	p3 := w.army(3, 2, 6, units(int(w.inf), 1), w.warlord(1))     // player 3: no city, no money
	setStock(w.player(1), StockTradeGoods, 2)
	game.RecordVision(s, w.r)
	if err := s.Validate(len(w.r.D.Terrain)); err != nil {
		t.Fatal(err)
	}

	a, b, c, d, e := w.a, w.b, w.c, w.d, w.e
	h := off
	tests := []struct {
		rule string
		p    game.PlayerID
		o    game.Order
		want string
	}{
		// New cities.
		{"New Cities may be created in any Open terrain hex where the player has an Army",
			1, game.Order{Kind: OrderBuildCity, Hex: h(4, 3), Army: w1}, ""},
		{"...any army of the player on the hex will do (Army 0)",
			1, game.Order{Kind: OrderBuildCity, Hex: h(4, 3)}, ""},
		{"Players may build cities in Open hexes only",
			1, game.Order{Kind: OrderBuildCity, Hex: h(8, 1), Army: w2}, "hex " + h(8, 1).String() + " is Woods: cities only on Open"},
		{"2. Where the player has an Army",
			1, game.Order{Kind: OrderBuildCity, Hex: h(4, 2)}, "no army of yours on hex " + h(4, 2).String()},
		{"2. Where the player has an Army; A Warlord that is not leading an Army (ie, they have no units assigned to them) founds no city",
			1, game.Order{Kind: OrderBuildCity, Hex: h(4, 1), Army: lone}, lone.String() + " has no units: a Warlord with no units assigned to it is not leading an Army"},
		{"...nor does it count as the player's Army on the hex (Army 0)",
			1, game.Order{Kind: OrderBuildCity, Hex: h(4, 1)}, "your only army on hex " + h(4, 1).String() + " has no units"},
		{"...the army named must stand there",
			1, game.Order{Kind: OrderBuildCity, Hex: h(4, 2), Army: w1}, w1.String() + " is not on hex " + h(4, 2).String()},
		{"...an Army, not a Fleet",
			1, game.Order{Kind: OrderBuildCity, Hex: h(1, 0), Army: f1}, "is at sea"},
		{"1. That doesn't already have a City",
			1, game.Order{Kind: OrderBuildCity, Hex: h(1, 1), Army: p1g}, "already has " + a.String()},
		{"3. That is not adjacent to any other City",
			1, game.Order{Kind: OrderBuildCity, Hex: h(2, 1), Army: w3}, "hex " + h(2, 1).String() + " is next to " + a.String()},
		{"cities are built on the map",
			1, game.Order{Kind: OrderBuildCity, Hex: hex.Hex{Q: 40, R: 40}}, "is off the map"},
		{"New Cities cost 2 Schmuckers to build",
			3, game.Order{Kind: OrderBuildCity, Hex: h(2, 6), Army: p3}, "not enough Schmuckers: have 0, need 2"},
		{"an army of another side that you see is not yours",
			1, game.Order{Kind: OrderBuildCity, Hex: h(5, 3), Army: x2}, x2.String() + " is not yours"},
		{"an army you never saw does not exist for you",
			1, game.Order{Kind: OrderBuildCity, Hex: h(8, 6), Army: hidden}, hidden.String() + " does not exist"},

		// Upgrades.
		{"To upgrade a City to the next level, pay the level desired x 2 (6 of the 8 income)",
			1, game.Order{Kind: OrderUpgrade, City: b}, ""},
		{"No City may be upgraded to a Capital (level 5)",
			2, game.Order{Kind: OrderUpgrade, City: e}, e.String() + " is at level 4: no City may be upgraded to a Capital (level 5)"},
		{"a Capital is at the top level",
			1, game.Order{Kind: OrderUpgrade, City: a}, a.String() + " is at level 5, the highest"},
		{"a city of another side that you see is not yours",
			1, game.Order{Kind: OrderUpgrade, City: e}, e.String() + " is not yours"},
		{"a city you never saw does not exist for you",
			1, game.Order{Kind: OrderUpgrade, City: d}, d.String() + " does not exist"},
		{"an upgrade names a city",
			1, game.Order{Kind: OrderUpgrade}, "no city given"},

		// Units.
		{"An Empire can always form Infantry",
			1, game.Order{Kind: OrderForm, City: a, Unit: w.inf, Count: 5}, ""},
		{"A Level 3 city can form 3 units in a turn (level 1: 1)",
			1, game.Order{Kind: OrderForm, City: c, Unit: w.inf, Count: 2}, c.String() + " forms at most 1 unit a turn"},
		{"Siege if one of its Cities borders a Woods Hex (B does; formed in C)",
			1, game.Order{Kind: OrderForm, City: c, Unit: w.sie, Count: 1}, ""},
		{"Cavalry if one of its Cities borders a Grasslands Hex",
			1, game.Order{Kind: OrderForm, City: a, Unit: w.cav, Count: 1}, ""},
		{"Flyers if one of its Cities borders a Mountains Hex (player 1: none)",
			1, game.Order{Kind: OrderForm, City: a, Unit: w.fly, Count: 1}, "Flyers needs one of your cities next to Mountains"},
		{"Flyers: player 2's city E borders Mountains",
			2, game.Order{Kind: OrderForm, City: d, Unit: w.fly, Count: 5}, ""},
		{"Siege needs a city next to Woods (player 2: none)",
			2, game.Order{Kind: OrderForm, City: d, Unit: w.sie, Count: 1}, "Siege needs one of your cities next to Woods"},
		{"Cavalry needs a city next to Grasslands (player 2: none)",
			2, game.Order{Kind: OrderForm, City: e, Unit: w.cav, Count: 1}, "Cavalry needs one of your cities next to Grasslands"},
		{"four kinds of units",
			1, game.Order{Kind: OrderForm, City: a, Unit: 9, Count: 1}, "unknown unit kind 9"},
		{"forming no unit is no order",
			1, game.Order{Kind: OrderForm, City: a, Unit: w.inf}, "count must be at least 1, got 0"},
		{"counts are not negative",
			1, game.Order{Kind: OrderForm, City: a, Unit: w.inf, Count: -1}, "count -1 is negative"},

		// Warlords.
		{"spend 6 Schmuckers. The Warlord begins at level 4",
			1, game.Order{Kind: OrderWarlord, City: a, Level: 4}, ""},
		{"They are popped at level 1 (Level 0 = pop level)",
			1, game.Order{Kind: OrderWarlord, City: a}, ""},
		{"A Warlord can only be created in a Capital",
			1, game.Order{Kind: OrderWarlord, City: b, Level: 1}, "Warlords are created only in a Capital"},
		{"Warlords have a level, 1 to 9",
			1, game.Order{Kind: OrderWarlord, City: a, Level: 10}, "must be between 1 and 9, got 10"},
		{"levels are not negative",
			1, game.Order{Kind: OrderWarlord, City: a, Level: -1}, "level -1 is negative"},
		{"level 9 costs 16: income 8 and 2 Trade Goods worth 4 are not enough",
			1, game.Order{Kind: OrderWarlord, City: a, Level: 9},
			"not enough Schmuckers: have 12 (treasury 0, this turn's income 8, 4 for cashing 2 Trade Goods), need 16"},

		// Casters.
		{"Casters can only be created in a Capital",
			1, game.Order{Kind: OrderCaster, City: b, Unit: game.UnitKind(CasterEcon)}, "Casters are created only in a Capital"},
		{"a Caster joins the garrison",
			1, game.Order{Kind: OrderCaster, City: a, Unit: game.UnitKind(CasterEcon)}, ""},
		{"a Caster joins an army on the Capital's hex",
			1, game.Order{Kind: OrderCaster, City: a, Unit: game.UnitKind(CasterLook), Army: wa}, ""},
		{"...not one elsewhere",
			1, game.Order{Kind: OrderCaster, City: a, Unit: game.UnitKind(CasterLook), Army: w1}, w1.String() + " is not on the hex of " + a.String()},
		{"...nor a Fleet",
			1, game.Order{Kind: OrderCaster, City: a, Unit: game.UnitKind(CasterLook), Army: f1}, "is at sea"},
		{"seven kinds of Casters",
			1, game.Order{Kind: OrderCaster, City: a, Unit: 7}, "unknown caster kind 7"},
		{"A side may not have a Croak-A-Mancer AND a Heal-O-Mancer",
			2, game.Order{Kind: OrderCaster, City: d, Unit: game.UnitKind(CasterCroak)}, "a side may not have a Croak-A-Mancer and a Heal-A-Mancer"},

		// Fleets.
		{"Each Fleet costs 5 schmuckers; Water next to the city",
			1, game.Order{Kind: OrderFleet, City: a, Hex: h(0, 1)}, ""},
		{"only if they have a city adjacent to a Water hex, and one adjacent to a woods hex",
			2, game.Order{Kind: OrderFleet, City: d, Hex: h(4, 5)}, "Fleets need a city next to Water and a city next to Woods"},
		{"a Fleet is built on Water next to the city (not Water)",
			1, game.Order{Kind: OrderFleet, City: a, Hex: h(2, 1)}, "hex " + h(2, 1).String() + " is not Water next to " + a.String()},
		{"a Fleet is built on Water next to the city (not next to it)",
			1, game.Order{Kind: OrderFleet, City: a, Hex: h(0, 0)}, "is not Water next to " + a.String()},
		{"Only 1 Fleet is permitted in a hex",
			1, game.Order{Kind: OrderFleet, City: a, Hex: h(1, 0)}, "only 1 Fleet may be in a hex"},

		// Trade Goods.
		{"Players may also choose to create a Trade Good in their Capital",
			1, game.Order{Kind: OrderTradeGood, City: a}, ""},
		{"...in their Capital only",
			1, game.Order{Kind: OrderTradeGood, City: b}, "Trade Goods are made only in a Capital"},
		{"a Player may cash in their trade goods",
			1, game.Order{Kind: OrderCash, Count: 2}, ""},
		{"...only those they have",
			1, game.Order{Kind: OrderCash, Count: 3}, "have 2 Trade Goods, cashing 3"},
		{"...at least one",
			1, game.Order{Kind: OrderCash}, "count must be at least 1, got 0"},

		// Transfers.
		{"Units in a City hex are part of the Garrison; they join a Warlord's army",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: wa, Units: units(int(w.inf), 3)}, ""},
		{"a new army may stay in a city hex without a Warlord",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Units: units(int(w.inf), 2)}, ""},
		{"a Warlord takes all the units of its army into a new army",
			1, game.Order{Kind: OrderTransfer, Army: w1, Units: units(int(w.inf), 2), Count: int32(w1Lord)}, ""},
		{"In order for units to leave a City hex, they must be a part of an Army: a new army outside needs a Warlord",
			1, game.Order{Kind: OrderTransfer, Army: w1, Units: units(int(w.inf), 1)}, "a new army outside a city needs a Warlord"},
		{"Units must be assigned to an Army (With a Warlord) or in a City hex",
			1, game.Order{Kind: OrderTransfer, Army: w1, Units: units(int(w.inf), 1), Count: int32(w1Lord)}, w1.String() + " would be left without a Warlord outside a city"},
		{"...nor join an army without a Warlord outside a city",
			1, game.Order{Kind: OrderTransfer, Army: w1, Target: stray, Units: units(int(w.inf), 1)}, stray.String() + " has no Warlord"},
		{"Armies are led by Warlords: one each",
			1, game.Order{Kind: OrderTransfer, Army: wa, Target: wb, Count: int32(waLord)}, wb.String() + " already has a Warlord"},
		{"only the units the army has",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: wa, Units: units(int(w.inf), 7)}, p1g.String() + " has 6 Infantry, cannot transfer 7"},
		{"only known unit kinds",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: wa, Units: game.Units{0, 0, 0, 0, 0, 1}}, "unknown unit kind 5"},
		{"no negative units",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: wa, Units: game.Units{-1}}, "units: -1 of kind 0 is negative"},
		{"only the army's characters",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: wa, Count: 999}, p1g.String() + " has no character 999"},
		{"something to transfer",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: wa}, "nothing to transfer"},
		{"not to itself",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: p1g, Units: units(int(w.inf), 1)}, "cannot transfer from " + p1g.String() + " to itself"},
		{"both armies on one hex",
			1, game.Order{Kind: OrderTransfer, Army: p1g, Target: w6, Units: units(int(w.inf), 1)}, w6.String() + " is not on the hex of " + p1g.String()},
		{"Fleets carry armies, not units",
			1, game.Order{Kind: OrderTransfer, Army: f1, Target: boat}, f1.String() + " is a Fleet"},
		{"a carried army keeps its units aboard",
			1, game.Order{Kind: OrderTransfer, Army: boat, Units: units(int(w.inf), 1)}, "is aboard " + f1.String()},
		{"another side's army is not yours",
			1, game.Order{Kind: OrderTransfer, Army: w6, Target: x2, Units: units(int(w.inf), 1)}, x2.String() + " is not yours"},
		{"a transfer names an army",
			1, game.Order{Kind: OrderTransfer, Target: wa}, "no army given"},
	}
	for _, tt := range tests {
		tt.o.Turn = s.Turn
		err := game.ValidateOrder(s, w.r, tt.p, &tt.o)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: refused: %v", tt.rule, err)
		case tt.want != "" && err == nil:
			t.Errorf("%q: accepted, want %q", tt.rule, tt.want)
		case tt.want != "" && !strings.Contains(err.Error(), tt.want):
			t.Errorf("%q: have %q, want %q", tt.rule, err, tt.want)
		}
	}
}

// TestEconIncome: "1. Calculate Income from Cities".
func TestEconIncome(t *testing.T) {
	cash := func(n int32) game.Order { return game.Order{Kind: OrderCash, Count: n} }
	tests := []struct {
		rule      string
		setup     func(w *econWorld)
		orders    game.PlayerOrders
		want      int64 // player 1's income
		wantGoods int32
	}{
		{"a level 5 City generates 5 Schmuckers per turn",
			func(w *econWorld) { w.s.Cities = w.s.Cities[:1] }, po(1), 5, 0},
		{"Cities generate income equal to their level each turn: 5 + 2 + 1",
			nil, po(1), 8, 0},
		{"for each Econ-A-Mancer the side gains +5 Schmuckers",
			func(w *econWorld) { w.army(1, 1, 1, nil, w.caster(CasterEcon), w.caster(CasterEcon)) }, po(1), 18, 0},
		{"If three goods were cashed, then the nine Schmuckers would be generated",
			func(w *econWorld) { setStock(w.player(1), StockTradeGoods, 4) }, po(1, cash(3)), 8 + 9, 1},
		{"If five were cashed, 25 Schmuckers would be generated",
			func(w *econWorld) { setStock(w.player(1), StockTradeGoods, 5) }, po(1, cash(5)), 8 + 25, 0},
		{"CHOICE: the turn's cash orders make one cash-in: 2 + 3 goods are worth 25",
			func(w *econWorld) { setStock(w.player(1), StockTradeGoods, 5) }, po(1, cash(2), cash(3)), 8 + 25, 0},
		{"cashing more goods than held is skipped",
			func(w *econWorld) { setStock(w.player(1), StockTradeGoods, 2) }, po(1, cash(3)), 8, 2},
		{"autopilot: No Schmuckers are generated",
			func(w *econWorld) { setStock(w.player(1), StockTradeGoods, 2) },
			game.PlayerOrders{Player: 1, Autopilot: true}, 0, 2},
	}
	for _, tt := range tests {
		w := newEconWorld(t)
		if tt.setup != nil {
			tt.setup(w)
		}
		w.player(1).Treasury = 3
		ev := w.run(game.PhaseIncome, tt.orders)
		pl := w.player(1)
		if have := pl.Treasury - 3; have != tt.want {
			t.Errorf("%q: income %d, want %d", tt.rule, have, tt.want)
		}
		if have := stock(pl, StockTradeGoods); have != tt.wantGoods {
			t.Errorf("%q: %d Trade Goods left, want %d", tt.rule, have, tt.wantGoods)
		}
		var got []game.Event
		for _, e := range ev.List {
			if e.Kind == game.EventIncome {
				got = append(got, e)
			}
		}
		if len(got) != 1 || got[0].Player != 1 || got[0].Amount != tt.want {
			t.Errorf("%q: income events %+v, want one of %d for player 1", tt.rule, got, tt.want)
		}
	}
}

// TestEconMissedTurns: "Should a player not send in orders twice in a row,
// the GM will recruit another player" — StockMissed counts them.
func TestEconMissedTurns(t *testing.T) {
	w := newEconWorld(t)
	auto := game.PlayerOrders{Player: 1, Autopilot: true}
	for i, tt := range []struct {
		orders game.PlayerOrders
		want   int32
	}{{auto, 1}, {auto, 2}, {po(1), 0}, {auto, 1}} {
		w.run(game.PhaseIncome, tt.orders)
		if have := stock(w.player(1), StockMissed); have != tt.want {
			t.Errorf("turn %d: %d missed turns, want %d", i+1, have, tt.want)
		}
	}
}

// TestEconBuildCity: "New Cities may be created in any Open terrain hex:
// 1. That doesn't already have a City 2. Where the player has an Army, AND
// 3. That is not adjacent to any other City. New Cities cost 2 Schmuckers".
func TestEconBuildCity(t *testing.T) {
	build := func(col, row int) game.Order { return game.Order{Kind: OrderBuildCity, Hex: off(col, row)} }
	tests := []struct {
		rule   string
		armies [][3]int // player, col, row
		orders []game.PlayerOrders
		built  []hex.Hex
		skips  []string
		spent  int64 // by player 1
	}{
		{"New Cities cost 2 Schmuckers to build",
			[][3]int{{1, 4, 3}}, []game.PlayerOrders{po(1, build(4, 3))}, []hex.Hex{off(4, 3)}, nil, 2},
		{"3. not adjacent to any other City: also one built this turn",
			[][3]int{{1, 4, 3}, {1, 4, 2}}, []game.PlayerOrders{po(1, build(4, 3), build(4, 2))},
			[]hex.Hex{off(4, 3)}, []string{"is next to city"}, 2},
		{"CHOICE: two sides' new cities too close in one turn: neither is built",
			[][3]int{{1, 4, 3}, {2, 5, 3}}, []game.PlayerOrders{po(1, build(4, 3)), po(2, build(5, 3))},
			nil, []string{"another side ordered a city on or next to hex", "another side ordered a city"}, 0},
		{"...an invalid order of another side claims nothing",
			[][3]int{{1, 4, 3}}, []game.PlayerOrders{po(1, build(4, 3)), po(2, build(4, 3))},
			[]hex.Hex{off(4, 3)}, []string{"no army of yours"}, 2},
		{"...far enough apart: both are built",
			[][3]int{{1, 4, 3}, {2, 6, 2}}, []game.PlayerOrders{po(1, build(4, 3)), po(2, build(6, 2))},
			[]hex.Hex{off(4, 3), off(6, 2)}, nil, 2},
		{"paid from the treasury as it is then",
			[][3]int{{1, 4, 3}, {1, 3, 0}}, []game.PlayerOrders{po(1, build(4, 3), build(3, 0), build(3, 0))},
			[]hex.Hex{off(4, 3), off(3, 0)}, []string{"already has city"}, 4},
	}
	for _, tt := range tests {
		w := newEconWorld(t)
		for _, a := range tt.armies {
			w.army(game.PlayerID(a[0]), a[1], a[2], units(int(w.inf), 1), w.warlord(1))
		}
		w.player(1).Treasury = 5
		w.player(2).Treasury = 5
		cities := len(w.s.Cities)
		ev := w.run(game.PhaseBuild, tt.orders...)
		var built []hex.Hex
		for _, c := range w.s.Cities[cities:] {
			built = append(built, c.Hex)
			if c.Level != int32(w.r.D.City.NewCityLevel) || c.Capital {
				t.Errorf("%q: new %s at level %d capital %v, want level 1", tt.rule, c.ID, c.Level, c.Capital)
			}
		}
		if len(built) != len(tt.built) {
			t.Errorf("%q: built %v, want %v", tt.rule, built, tt.built)
		} else {
			for i := range built {
				if built[i] != tt.built[i] {
					t.Errorf("%q: built %v, want %v", tt.rule, built, tt.built)
				}
			}
		}
		checkTexts(t, tt.rule, texts(ev, game.EventOrderSkipped), tt.skips)
		if have := 5 - w.player(1).Treasury; have != tt.spent {
			t.Errorf("%q: player 1 spent %d, want %d", tt.rule, have, tt.spent)
		}
		for _, e := range ev.List {
			if e.Kind == game.EventBuild && (!e.HasHex || e.From != e.To || w.s.City(e.City) == nil || w.s.City(e.City).Hex != e.To) {
				t.Errorf("%q: build event %+v is not located on its city", tt.rule, e)
			}
		}
	}
}

// TestEconUpgrade: "To upgrade a City to the next level, pay Schmuckers
// equal to the level desired x 2 ... Cities may not upgrade multiple levels
// in a turn. No City may be upgraded to a Capital (level 5)."
func TestEconUpgrade(t *testing.T) {
	up := func(c game.CityID) game.Order { return game.Order{Kind: OrderUpgrade, City: c} }
	tests := []struct {
		rule     string
		dirt     bool
		treasury int64
		orders   func(w *econWorld) []game.Order
		levels   [3]int32 // A, B, C after
		spent    int64
		skips    []string
	}{
		{"upgrade a level two to a level three, pay Six Schmuckers", false, 10,
			func(w *econWorld) []game.Order { return []game.Order{up(w.b)} }, [3]int32{5, 3, 1}, 6, nil},
		{"Cities may not upgrade multiple levels in a turn", false, 20,
			func(w *econWorld) []game.Order { return []game.Order{up(w.b), up(w.b)} }, [3]int32{5, 3, 1}, 6,
			[]string{"upgraded already this turn"}},
		{"Dirt-A-Mancer: the Upgrade cost of any City is HALVED", true, 10,
			func(w *econWorld) []game.Order { return []game.Order{up(w.b), up(w.c)} }, [3]int32{5, 3, 2}, 3 + 2, nil},
		{"paid in list order from the treasury as it is then", false, 8,
			func(w *econWorld) []game.Order { return []game.Order{up(w.c), up(w.b)} }, [3]int32{5, 2, 2}, 4,
			[]string{"not enough Schmuckers: have 4, need 6"}},
		{"No City may be upgraded to a Capital (level 5)", false, 20,
			func(w *econWorld) []game.Order {
				w.s.City(w.b).Level = 4
				return []game.Order{up(w.b)}
			}, [3]int32{5, 4, 1}, 0, []string{"no City may be upgraded to a Capital"}},
	}
	for _, tt := range tests {
		w := newEconWorld(t)
		if tt.dirt {
			w.army(1, 1, 1, nil, w.caster(CasterDirt))
		}
		w.player(1).Treasury = tt.treasury
		ev := w.run(game.PhaseBuild, po(1, tt.orders(w)...))
		have := [3]int32{w.s.City(w.a).Level, w.s.City(w.b).Level, w.s.City(w.c).Level}
		if have != tt.levels {
			t.Errorf("%q: levels %v, want %v", tt.rule, have, tt.levels)
		}
		if spent := tt.treasury - w.player(1).Treasury; spent != tt.spent {
			t.Errorf("%q: spent %d, want %d", tt.rule, spent, tt.spent)
		}
		checkTexts(t, tt.rule, texts(ev, game.EventOrderSkipped), tt.skips)
	}
}

// TestEconForm: "Units can only be formed in Cities. One unit can be formed
// in each City per level" and the terrain each kind needs; formed units
// join the city's garrison.
func TestEconForm(t *testing.T) {
	w := newEconWorld(t)
	lead := w.army(1, 1, 1, units(int(w.inf), 1), w.warlord(1)) // a Warlord's army in A
	garrison := w.army(1, 1, 1, units(int(w.cav), 1))           // A's garrison
	form := func(c game.CityID, k game.UnitKind, n int32) game.Order {
		return game.Order{Kind: OrderForm, City: c, Unit: k, Count: n}
	}
	ev := w.run(game.PhaseRecruit, po(1,
		form(w.a, w.inf, 3), form(w.a, w.sie, 2), form(w.a, w.inf, 1), // A: 5 a turn
		form(w.b, w.inf, 1), form(w.b, w.cav, 2), form(w.b, w.inf, 1), // B: 2 a turn
		form(w.c, w.fly, 1), form(w.c, w.cav, 1), // C: no Flyers for player 1
	), po(2, form(w.e, w.fly, 4)))
	checkTexts(t, "units per city level, terrain", texts(ev, game.EventOrderSkipped), []string{
		w.a.String() + " forms at most 5 units a turn: 5 formed already",
		w.b.String() + " forms at most 2 units a turn: 1 formed already",
		"Flyers needs one of your cities next to Mountains",
	})
	tests := []struct {
		rule string
		have game.Units
		want game.Units
	}{
		{"formed units join the city's garrison", w.s.Army(garrison).Units, units(int(w.inf), 3, int(w.cav), 1, int(w.sie), 2)},
		{"...not a Warlord's army", w.s.Army(lead).Units, units(int(w.inf), 1)},
		{"a garrison is made if there is none (B)", w.armiesOn(1, off(7, 1))[0].Units, units(int(w.inf), 2)},
		{"An Empire can form Cavalry if one of its Cities borders Grasslands (C)", w.armiesOn(1, off(1, 4))[0].Units, units(int(w.cav), 1)},
		{"An Empire can form Flyers if one of its Cities borders Mountains (E)", w.armiesOn(2, off(7, 4))[0].Units, units(int(w.fly), 4)},
	}
	for _, tt := range tests {
		if !equalUnits(tt.have, tt.want) {
			t.Errorf("%q: have %v, want %v", tt.rule, tt.have, tt.want)
		}
	}
	if n := len(texts(ev, game.EventBuild)); n != 6 {
		t.Errorf("%d build events, want 6 (one per order carried out)", n)
	}
}

func equalUnits(a, b game.Units) bool { return a.Contains(b) && b.Contains(a) }

// TestEconWarlord: "A Warlord can only be created in a Capital ... a player
// can form a new Warlord, and spend 6 Schmuckers. The Warlord begins at
// level 4."
func TestEconWarlord(t *testing.T) {
	w := newEconWorld(t)
	w.player(1).Treasury = 7
	ev := w.run(game.PhaseRecruit, po(1,
		game.Order{Kind: OrderWarlord, City: w.a, Level: 4},
		game.Order{Kind: OrderWarlord, City: w.a, Level: 1},
	))
	checkTexts(t, "CHOICE: one Warlord per Capital per turn", texts(ev, game.EventOrderSkipped),
		[]string{w.a.String() + " pops at most 1 Warlord a turn"})
	if have := w.player(1).Treasury; have != 1 {
		t.Errorf("spend 6 Schmuckers: treasury %d, want 1", have)
	}
	armies := w.armiesOn(1, off(1, 1))
	if len(armies) != 1 || len(armies[0].Characters) != 1 || armies[0].Units.Total() != 0 {
		t.Fatalf("a new Warlord leads a new army on the Capital's hex: armies %+v", armies)
	}
	if ch := armies[0].Characters[0]; ch.Kind != CharWarlord || ch.Level != 4 || ch.ID == 0 {
		t.Errorf("The Warlord begins at level 4: %+v", ch)
	}

	// Paid from the treasury at resolution, in list order.
	w = newEconWorld(t)
	w.player(1).Treasury = 5
	ev = w.run(game.PhaseRecruit, po(1, game.Order{Kind: OrderWarlord, City: w.a, Level: 4}))
	checkTexts(t, "a Warlord that cannot be paid for is skipped", texts(ev, game.EventOrderSkipped),
		[]string{"not enough Schmuckers: have 5, need 6"})
}

// TestEconCaster: "Each Empire may have up to THREE Casters ... can only be
// created in a Capital. Capitals that pop a Caster may not pop any units in
// that turn, nor create Trade Goods." "A side may not have a Croak-A-Mancer
// AND a Heal-O-Mancer."
func TestEconCaster(t *testing.T) {
	caster := func(c game.CityID, k CasterKind) game.Order {
		return game.Order{Kind: OrderCaster, City: c, Unit: game.UnitKind(k)}
	}
	tests := []struct {
		rule   string
		have   []CasterKind // player 1's casters before
		orders func(w *econWorld) []game.Order
		skips  []string
		after  int // player 1's casters after
	}{
		{"up to THREE Casters, counting this turn's", []CasterKind{CasterLook, CasterFool},
			func(w *econWorld) []game.Order { return []game.Order{caster(w.a, CasterEcon), caster(w.b, CasterDirt)} },
			[]string{"at most 3 Casters a side"}, 3},
		{"no Croak-A-Mancer AND Heal-A-Mancer, also popped in one turn", nil,
			func(w *econWorld) []game.Order {
				return []game.Order{caster(w.a, CasterHeal), caster(w.b, CasterCroak)}
			},
			[]string{"a side may not have a Croak-A-Mancer and a Heal-A-Mancer"}, 1},
		{"CHOICE: one Caster per Capital per turn", nil,
			func(w *econWorld) []game.Order { return []game.Order{caster(w.a, CasterEcon), caster(w.a, CasterLook)} },
			[]string{"pops at most 1 Caster a turn"}, 1},
	}
	for _, tt := range tests {
		w := newEconWorld(t)
		w.s.City(w.b).Capital = true // a second Capital for player 1
		for _, k := range tt.have {
			w.army(1, 1, 1, units(int(w.inf), 1), w.caster(k))
		}
		ev := w.run(game.PhaseRecruit, po(1, tt.orders(w)...))
		checkTexts(t, tt.rule, texts(ev, game.EventOrderSkipped), tt.skips)
		if n, _ := casters(w.s, 1); n != tt.after {
			t.Errorf("%q: %d Casters, want %d", tt.rule, n, tt.after)
		}
	}

	// A Caster joins the named army, or the garrison (made if none).
	w := newEconWorld(t)
	lead := w.army(1, 1, 1, units(int(w.inf), 2), w.warlord(1))
	w.run(game.PhaseRecruit, po(1, game.Order{Kind: OrderCaster, City: w.a, Unit: game.UnitKind(CasterCancel), Army: lead}))
	if chars := w.s.Army(lead).Characters; len(chars) != 2 || chars[1].Kind != CharCaster+uint8(CasterCancel) {
		t.Errorf("a Caster joins the army named: %+v", chars)
	}
	w.s.Turn++
	w.run(game.PhaseRecruit, po(1, game.Order{Kind: OrderCaster, City: w.a, Unit: game.UnitKind(CasterEcon)}))
	var garrison *game.Army
	for _, a := range w.armiesOn(1, off(1, 1)) {
		if warlord(&a) < 0 {
			garrison = &a
		}
	}
	if garrison == nil || len(garrison.Characters) != 1 || garrison.Characters[0].Kind != CharCaster+uint8(CasterEcon) {
		t.Errorf("a Caster without an army joins a new garrison: %+v", garrison)
	}
	w.player(1).Treasury = 0
	w.run(game.PhaseIncome, po(1))
	if have := w.player(1).Treasury; have != 8+5 {
		t.Errorf("for each Econ-A-Mancer the side gains +5 Schmuckers: income %d, want 13", have)
	}
}

// w0a is the ID of city A in every econWorld (the first entity made).
const w0a game.CityID = 1

// TestEconCapitalExclusive: "Capitals producing Trade Goods may not be used
// to form units or create Warlords or Casters." "Capitals that pop a Caster
// may not pop any units in that turn, nor create Trade Goods." CHOICE: the
// first order in the list wins.
func TestEconCapitalExclusive(t *testing.T) {
	var (
		tg      = game.Order{Kind: OrderTradeGood, City: w0a}
		form    = game.Order{Kind: OrderForm, City: w0a, Count: 2}
		lord    = game.Order{Kind: OrderWarlord, City: w0a, Level: 1}
		caster  = game.Order{Kind: OrderCaster, City: w0a, Unit: game.UnitKind(CasterLook)}
		elsewhr = game.Order{Kind: OrderForm, City: 2, Count: 2} // city B
	)
	const blocked = "a Capital making a Trade Good forms no units or characters this turn"
	tests := []struct {
		rule   string
		orders []game.Order
		skips  []string
		goods  int32
	}{
		{"Trade Good, then units: no units", []game.Order{tg, form}, []string{blocked}, 1},
		{"units, then Trade Good: no Trade Good", []game.Order{form, tg}, []string{"a Capital that formed units this turn makes no Trade Good"}, 0},
		{"Trade Good, then Warlord: no Warlord", []game.Order{tg, lord}, []string{blocked}, 1},
		{"Warlord, then Trade Good: no Trade Good", []game.Order{lord, tg}, []string{"a Capital that popped a character this turn makes no Trade Good"}, 0},
		{"Trade Good, then Caster: no Caster", []game.Order{tg, caster}, []string{blocked}, 1},
		{"Caster, then Trade Good: no Trade Good", []game.Order{caster, tg}, []string{"makes no Trade Good"}, 0},
		{"Caster, then units: no units", []game.Order{caster, form}, []string{"a Capital that popped a Caster forms no units this turn"}, 0},
		{"units, then Caster: no Caster", []game.Order{form, caster}, []string{"a Capital that formed units this turn pops no Caster"}, 0},
		{"CHOICE: a Warlord does not stop units", []game.Order{lord, form}, nil, 0},
		{"one Trade Good per Capital a turn", []game.Order{tg, tg}, []string{"makes at most 1 Trade Good a turn"}, 1},
		{"other cities form units", []game.Order{tg, elsewhr}, nil, 1},
	}
	for _, tt := range tests {
		w := newEconWorld(t)
		if w.a != w0a || w.b != 2 {
			t.Fatalf("city IDs %d, %d: the test expects 1, 2", w.a, w.b)
		}
		ev := w.run(game.PhaseRecruit, po(1, tt.orders...))
		checkTexts(t, tt.rule, texts(ev, game.EventOrderSkipped), tt.skips)
		if have := stock(w.player(1), StockTradeGoods); have != tt.goods {
			t.Errorf("%q: %d Trade Goods, want %d", tt.rule, have, tt.goods)
		}
	}
}

// TestEconFleet: "Each side may build 1 Fleet per turn, and only if they
// have a city adjacent to a Water hex, and at least one City adjacent to a
// woods hex. Each Fleet costs 5 schmuckers to create, but has no
// maintenance cost." "Only 1 Fleet is permitted in a hex."
func TestEconFleet(t *testing.T) {
	w := newEconWorld(t)
	w.player(1).Treasury = 12
	fleet := func(col, row int) game.Order { return game.Order{Kind: OrderFleet, City: w.a, Hex: off(col, row)} }
	ev := w.run(game.PhaseRecruit, po(1, fleet(0, 1), fleet(1, 0)))
	checkTexts(t, "1 Fleet per turn", texts(ev, game.EventOrderSkipped), []string{"a side builds at most 1 Fleet a turn"})
	if have := w.player(1).Treasury; have != 7 {
		t.Errorf("Each Fleet costs 5 schmuckers: treasury %d, want 7", have)
	}
	fl := w.armiesOn(1, off(0, 1))
	if len(fl) != 1 || !fl[0].Naval || fl[0].Units.Total() != 0 || len(fl[0].Characters) != 0 {
		t.Fatalf("a Fleet is a naval army with no units: %+v", fl)
	}
	w.s.Turn++
	w.player(1).Treasury = 4
	ev = w.run(game.PhaseRecruit, po(1, fleet(1, 0)))
	checkTexts(t, "a Fleet that cannot be paid for is skipped", texts(ev, game.EventOrderSkipped),
		[]string{"not enough Schmuckers: have 4, need 5"})
	w.run(game.PhaseUpkeep, po(1))
	if have := w.player(1).Treasury; have != 4 {
		t.Errorf("no maintenance cost: treasury %d, want 4", have)
	}

	// Two sides ordering a Fleet on one Water hex: neither (CHOICE).
	const shared = `
~ ~ ~ . f
 f . . . .
. . . . .
`
	w = newEconWorldOn(t, shared, 2)
	x := w.city(1, 1, 1, 1, false) // next to Water 1,0 2,0 and Woods 0,1
	y := w.city(2, 3, 0, 1, false) // next to Water 2,0 and Woods 4,0
	w.player(1).Treasury, w.player(2).Treasury = 5, 5
	water := off(2, 0)
	ev = w.run(game.PhaseRecruit,
		po(1, game.Order{Kind: OrderFleet, City: x, Hex: water}),
		po(2, game.Order{Kind: OrderFleet, City: y, Hex: water}))
	checkTexts(t, "CHOICE: two sides' Fleets on one hex in one turn: neither", texts(ev, game.EventOrderSkipped),
		[]string{"another side ordered a Fleet on hex " + water.String(), "another side ordered a Fleet"})
	if len(w.s.Armies) != 0 {
		t.Errorf("contested Fleets were built: %+v", w.s.Armies)
	}
	w.s.Turn++
	w.run(game.PhaseRecruit, po(1, game.Order{Kind: OrderFleet, City: x, Hex: off(1, 0)}),
		po(2, game.Order{Kind: OrderFleet, City: y, Hex: water}))
	if len(w.s.Armies) != 2 {
		t.Errorf("Fleets on different hexes are both built: %+v", w.s.Armies)
	}
}

// TestEconUpkeep: "All units in a side must be maintained. For every 5
// units in the side, 1 Schmucker must be paid each turn. If a side has 14
// units, it must pay 2 Schmuckers each turn. If a side has 16 units, they
// must pay 3 Schmuckers." A Warlord "costs 1 Schmuckers per turn to
// maintain"; "Casters cost 2 Schmuckers a turn in upkeep"; "if you can't
// afford upkeep, remove units until you can".
func TestEconUpkeep(t *testing.T) {
	type armySpec struct {
		col, row int
		units    game.Units
		lord     bool
		casters  int
	}
	tests := []struct {
		rule      string
		treasury  int64
		armies    []armySpec
		autopilot bool
		paid      int64
		left      []game.Units // units per army after, in order (nil: gone)
		removed   string
	}{
		{"If a side has 14 units, it must pay 2", 10, []armySpec{{1, 1, game.Units{14}, false, 0}}, false, 2,
			[]game.Units{{14}}, ""},
		{"If a side has 16 units, they must pay 3", 10, []armySpec{{1, 1, game.Units{10}, false, 0}, {4, 3, game.Units{6}, true, 0}}, false, 3 + 1,
			[]game.Units{{10}, {6}}, ""},
		{"a Warlord costs 1 Schmuckers per turn to maintain", 10, []armySpec{{4, 3, nil, true, 0}}, false, 1,
			[]game.Units{nil}, ""},
		{"Casters cost 2 Schmuckers a turn in upkeep", 10, []armySpec{{1, 1, game.Units{2}, false, 2}}, false, 4,
			[]game.Units{{2}}, ""},
		{"autopilot: no upkeep costs are paid", 10, []armySpec{{1, 1, game.Units{16}, true, 3}}, true, 0,
			[]game.Units{{16}}, ""},
		{"remove units until you can: garrisons first, Infantry first", 1,
			[]armySpec{{1, 1, game.Units{10}, false, 0}, {4, 3, game.Units{0, 4}, true, 0}}, false, 1,
			[]game.Units{nil, {0, 4}}, "removed 10 Infantry"},
		{"...in casualty order: Infantry, then Cavalry, then Flyers, then Siege", 0,
			[]armySpec{{1, 1, game.Units{3, 3, 0, 4}, false, 0}}, false, 0,
			[]game.Units{{0, 0, 0, 4}}, "removed 3 Infantry, 3 Cavalry"},
		{"...from the largest garrison first", 1,
			[]armySpec{{1, 4, game.Units{3}, false, 0}, {1, 1, game.Units{7}, false, 0}}, false, 1,
			[]game.Units{{3}, {6}}, "removed 1 Infantry"},
		{"CHOICE: characters alone unpayable: the treasury pays what it can and ends at 0", 4,
			[]armySpec{{1, 1, game.Units{4}, false, 3}}, false, 4,
			[]game.Units{{4}}, "2 unpaid"},
	}
	for _, tt := range tests {
		w := newEconWorld(t)
		var ids []game.ArmyID
		for _, a := range tt.armies {
			var chars []game.Character
			if a.lord {
				chars = append(chars, w.warlord(1))
			}
			for range a.casters {
				chars = append(chars, w.caster(CasterLook))
			}
			ids = append(ids, w.army(1, a.col, a.row, a.units, chars...))
		}
		w.fleet(1, 0, 1) // "no maintenance cost"
		w.player(1).Treasury = tt.treasury
		ev := w.run(game.PhaseUpkeep, game.PlayerOrders{Player: 1, Autopilot: tt.autopilot})
		if paid := tt.treasury - w.player(1).Treasury; paid != tt.paid {
			t.Errorf("%q: paid %d, want %d", tt.rule, paid, tt.paid)
		}
		if w.player(1).Treasury < 0 {
			t.Errorf("%q: treasury %d below 0", tt.rule, w.player(1).Treasury)
		}
		for i, id := range ids {
			a := w.s.Army(id)
			switch {
			case a == nil && tt.left[i] != nil:
				t.Errorf("%q: army %d is gone, want %v", tt.rule, i, tt.left[i])
			case a != nil && tt.left[i] == nil && a.Empty():
				t.Errorf("%q: army %d is empty and not disbanded", tt.rule, i)
			case a != nil && !equalUnits(a.Units, tt.left[i]):
				t.Errorf("%q: army %d has %v, want %v", tt.rule, i, a.Units, tt.left[i])
			}
		}
		up := texts(ev, EventUpkeep)
		if len(up) != 1 || (tt.removed != "" && !strings.Contains(up[0], tt.removed)) {
			t.Errorf("%q: upkeep events %q, want one saying %q", tt.rule, up, tt.removed)
		}
	}
}

// TestEconTransfer: units and characters change armies on one hex; "Units
// must either be assigned to an Army (ie, With a Warlord) or in the same
// hex as a City."
func TestEconTransfer(t *testing.T) {
	w := newEconWorld(t)
	g := w.army(1, 1, 1, units(int(w.inf), 6, int(w.cav), 2))
	lead := w.army(1, 1, 1, nil, w.warlord(3))
	field := w.army(1, 4, 3, units(int(w.inf), 2), w.warlord(1), w.caster(CasterLook))
	fieldLord := w.s.Army(field).Characters[0].ID
	look := w.s.Army(field).Characters[1].ID
	other := w.army(1, 4, 3, units(int(w.inf), 1), w.warlord(2))
	transfer := func(from, to game.ArmyID, u game.Units, ch game.CharacterID) game.Order {
		return game.Order{Kind: OrderTransfer, Army: from, Target: to, Units: u, Count: int32(ch)}
	}
	ev := w.run(game.PhaseRecruit, po(1,
		transfer(g, lead, units(int(w.inf), 4, int(w.cav), 2), 0), // the garrison gives the Warlord units
		transfer(g, 0, units(int(w.inf), 1), 0),                   // a second garrison in the city: allowed
		transfer(field, 0, units(int(w.inf), 2), fieldLord),       // the Look-A-Mancer would stay alone
		transfer(field, other, nil, look),                         // so it goes to the other Warlord first
		transfer(field, 0, units(int(w.inf), 2), fieldLord),       // then the Warlord leaves with all
		transfer(g, lead, units(int(w.inf), 1), 0),                // the garrison's last unit: it is disbanded
		transfer(g, lead, units(int(w.inf), 1), 0),                // ...so this finds no army
	))
	checkTexts(t, "transfers in list order", texts(ev, game.EventOrderSkipped), []string{
		field.String() + " would be left without a Warlord outside a city",
		g.String() + " does not exist",
	})
	if have := w.s.Army(lead).Units; !equalUnits(have, units(int(w.inf), 5, int(w.cav), 2)) {
		t.Errorf("the Warlord's army has %v, want 5 Infantry, 2 Cavalry", have)
	}
	if w.s.Army(g) != nil || w.s.Army(field) != nil {
		t.Errorf("an army emptied of everything is removed")
	}
	if o := w.s.Army(other); len(o.Characters) != 2 || o.Characters[1].ID != look {
		t.Errorf("the Look-A-Mancer joins the other Warlord: %+v", o)
	}
	var moved *game.Army
	for _, a := range w.armiesOn(1, off(4, 3)) {
		if a.ID != other {
			moved = &a
		}
	}
	if moved == nil || len(moved.Characters) != 1 || moved.Characters[0].ID != fieldLord || !equalUnits(moved.Units, units(int(w.inf), 2)) {
		t.Errorf("the Warlord leads a new army with its units: %+v", moved)
	}
	var garrisons int
	for _, a := range w.armiesOn(1, off(1, 1)) {
		if warlord(&a) < 0 {
			garrisons++
		}
	}
	if garrisons != 1 {
		t.Errorf("%d armies without a Warlord in the city, want 1 (the new one)", garrisons)
	}
}

// TestEconWholeTurn plays one turn with game.Resolve: the turn's income is
// there to spend in the same turn (CHOICE: validated against it), a player
// who sent nothing is on autopilot.
func TestEconWholeTurn(t *testing.T) {
	w := newEconWorld(t)
	w.army(2, 5, 5, game.Units{10}, w.warlord(1))
	game.RecordVision(w.s, w.r)
	orders := []game.Order{
		{Turn: 1, Kind: OrderUpgrade, City: w.c},                     // 4
		{Turn: 1, Kind: OrderWarlord, City: w.a, Level: 2},           // 2
		{Turn: 1, Kind: OrderForm, City: w.a, Unit: w.inf, Count: 5}, // free
		{Turn: 1, Kind: OrderTradeGood, City: w.a},                   // skipped: units formed
		{Turn: 1, Kind: OrderForm, City: w.b, Unit: w.sie, Count: 2}, // free
	}
	book := &game.OrderBook{}
	if errs := book.Submit(w.s, w.r, 1, orders); errs != nil {
		t.Fatalf("orders refused: %v", errs[0])
	}
	ev := game.Resolve(w.s, w.r, book.All())
	if err := w.s.Validate(len(w.r.D.Terrain)); err != nil {
		t.Fatal(err)
	}
	// 0 + 8 income - 4 upgrade - 2 Warlord - upkeep (7 units: 1, a Warlord: 1).
	if have := w.player(1).Treasury; have != 0 {
		t.Errorf("player 1's treasury %d, want 0", have)
	}
	if have := w.s.City(w.c).Level; have != 2 {
		t.Errorf("city C at level %d, want 2", have)
	}
	if have := w.player(2).Treasury; have != 0 || stock(w.player(2), StockMissed) != 1 {
		t.Errorf("autopilot: player 2 has %d and missed %d turns, want 0 and 1", have, stock(w.player(2), StockMissed))
	}
	if a := w.armiesOn(2, off(5, 5)); len(a) != 1 || a[0].Units.Total() != 10 {
		t.Errorf("autopilot: no upkeep is paid, no unit removed: %+v", a)
	}
	var kinds []game.EventKind
	for _, e := range ev.List {
		if e.Player == 1 && (e.Kind == game.EventIncome || e.Kind == EventUpkeep || e.Kind == game.EventOrderSkipped) {
			kinds = append(kinds, e.Kind)
		}
	}
	want := []game.EventKind{game.EventIncome, game.EventOrderSkipped, EventUpkeep}
	if len(kinds) != len(want) || kinds[0] != want[0] || kinds[1] != want[1] || kinds[2] != want[2] {
		t.Errorf("player 1's income, skip and upkeep events: %v, want %v", kinds, want)
	}
}

// TestEconOddOrders throws random orders at the validator and at the
// phases: nothing may panic, the state stays valid, no treasury goes below
// 0, and cities keep to Open hexes apart from each other.
func TestEconOddOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	carried := map[game.OrderKind]int{}
	kinds := []game.OrderKind{OrderBuildCity, OrderUpgrade, OrderForm, OrderWarlord, OrderCaster,
		OrderFleet, OrderTradeGood, OrderCash, OrderTransfer}
	for round := range 100 {
		w := newEconWorld(t)
		for p := game.PlayerID(1); p <= 3; p++ {
			w.player(p).Treasury = int64(rng.IntN(30))
			setStock(w.player(p), StockTradeGoods, int32(rng.IntN(4)))
			for range 3 {
				col, row := rng.IntN(9), rng.IntN(7)
				var chars []game.Character
				if rng.IntN(2) == 0 {
					chars = append(chars, w.warlord(1))
				}
				if rng.IntN(3) == 0 {
					chars = append(chars, w.caster(CasterKind(rng.IntN(int(NumCasterKinds)))))
				}
				w.army(p, col, row, game.Units{int32(rng.IntN(8)) + 1, int32(rng.IntN(3))}, chars...)
			}
		}
		game.RecordVision(w.s, w.r)
		small := func() int32 { return int32(rng.IntN(14)) - 2 }
		// Mostly real cities, armies and characters and hexes near them, so
		// that many orders are carried out; sometimes anything.
		anyID := func() uint32 { return uint32(rng.IntN(int(w.s.NextID) + 3)) }
		city := func() game.CityID {
			if rng.IntN(5) > 0 && len(w.s.Cities) > 0 {
				return w.s.Cities[rng.IntN(len(w.s.Cities))].ID
			}
			return game.CityID(anyID())
		}
		army := func() *game.Army {
			if len(w.s.Armies) == 0 {
				return nil
			}
			return &w.s.Armies[rng.IntN(len(w.s.Armies))]
		}
		near := func() hex.Hex {
			if rng.IntN(4) == 0 {
				return off(rng.IntN(11)-1, rng.IntN(9)-1)
			}
			var h hex.Hex
			if a := army(); a != nil && rng.IntN(2) == 0 {
				h = a.Hex
			} else if len(w.s.Cities) > 0 {
				h = w.s.Cities[rng.IntN(len(w.s.Cities))].Hex
			}
			if rng.IntN(3) > 0 {
				h = h.Neighbor(hex.Direction(rng.IntN(hex.NumDirections)))
			}
			return h
		}
		for turn := range 5 {
			var all []game.PlayerOrders
			for p := game.PlayerID(1); p <= 3; p++ {
				var orders []game.Order
				for range 25 {
					o := game.Order{
						Turn:  w.s.Turn,
						Kind:  kinds[rng.IntN(len(kinds))],
						City:  city(),
						Army:  game.ArmyID(anyID()),
						Unit:  game.UnitKind(rng.IntN(10)),
						Count: small(),
						Level: small(),
						Hex:   near(),
					}
					if rng.IntN(3) > 0 {
						o.Unit = game.UnitKind(rng.IntN(int(NumCasterKinds)))
					}
					if a := army(); a != nil && rng.IntN(4) > 0 {
						o.Army = a.ID
						if len(a.Characters) > 0 && rng.IntN(2) == 0 {
							o.Count = int32(a.Characters[rng.IntN(len(a.Characters))].ID)
						}
						for _, i := range w.s.ArmiesAt(a.Hex) {
							if rng.IntN(2) == 0 {
								o.Target = w.s.Armies[i].ID
							}
						}
					}
					if rng.IntN(5) == 0 {
						o.Target = game.ArmyID(anyID())
					}
					if rng.IntN(5) == 0 {
						o.Count = int32(anyID())
					}
					if rng.IntN(2) == 0 {
						o.Units = game.Units{small(), small(), small(), small(), small(), small()}[:rng.IntN(7)]
					}
					_ = game.ValidateOrder(w.s, w.r, p, &o)
					orders = append(orders, o)
				}
				all = append(all, game.PlayerOrders{Player: p, Orders: orders, Autopilot: rng.IntN(5) == 0})
			}
			for _, ph := range []game.Phase{game.PhaseIncome, game.PhaseBuild, game.PhaseRecruit, game.PhaseUpkeep} {
				ev := &game.Events{}
				w.r.RunPhase(w.s, ph, all, ev)
				for _, e := range ev.List {
					if e.Kind == game.EventBuild {
						carried[kindOf(e.Text)]++
					}
				}
				if err := w.s.Validate(len(w.r.D.Terrain)); err != nil {
					t.Fatalf("round %d turn %d phase %d: %v", round, turn, ph, err)
				}
			}
			for _, pl := range w.s.Players {
				if pl.Treasury < 0 {
					t.Fatalf("round %d turn %d: %s owes %d", round, turn, pl.ID, -pl.Treasury)
				}
			}
			for i, c := range w.s.Cities {
				if tr, _ := w.s.Map.At(c.Hex); tr != w.r.D.CityTerrain {
					t.Fatalf("round %d turn %d: %s on %s", round, turn, c.ID, w.r.D.Terrain[tr].Name)
				}
				for _, o := range w.s.Cities[i+1:] {
					if hex.Distance(c.Hex, o.Hex) < w.r.D.City.MinDistance {
						t.Fatalf("round %d turn %d: %s and %s are adjacent", round, turn, c.ID, o.ID)
					}
				}
			}
			for _, a := range w.s.Armies {
				if a.Empty() && !a.Naval {
					t.Fatalf("round %d turn %d: empty %s left behind", round, turn, a.ID)
				}
			}
			w.s.Turn++
			game.RecordVision(w.s, w.r)
		}
	}
	t.Logf("orders carried out, by kind: %v", carried)
	for _, k := range kinds {
		if k != OrderCash && carried[k] == 0 {
			t.Errorf("no random order of kind %d was ever carried out: %v", k, carried)
		}
	}
}

// kindOf tells the order kind from the text of its EventBuild.
func kindOf(text string) game.OrderKind {
	for _, k := range []struct {
		prefix string
		kind   game.OrderKind
	}{{"built city", OrderBuildCity}, {"upgraded", OrderUpgrade}, {"formed", OrderForm},
		{"popped a level", OrderWarlord}, {"popped a", OrderCaster}, {"built a Fleet", OrderFleet},
		{"made a Trade Good", OrderTradeGood}, {"moved", OrderTransfer}} {
		if strings.HasPrefix(text, k.prefix) {
			return k.kind
		}
	}
	return 0
}

// TestForesee: Foresee tells, order by order, what the turn's steps 1 to 3
// will skip and why, in the words of the skip events the turn itself
// writes ("One unit can be formed in each City per level", "Cities may not
// upgrade multiple levels in a turn", and the treasury paying each order in
// turn), and leaves the state alone.
func TestForesee(t *testing.T) {
	w := newEconWorld(t)
	// No treasury: the income of A, B and C (levels 5, 2 and 1) pays.
	w.s.Players[0].Treasury = 0
	n := int32(w.r.D.UnitsFormable(5))
	orders := []game.Order{
		{Kind: OrderUpgrade, City: w.b},                         // paid from the income
		{Kind: OrderUpgrade, City: w.b},                         // one level a turn
		{Kind: OrderUpgrade, City: w.c},                         // what is left is too little
		{Kind: OrderForm, City: w.a, Unit: w.inf, Count: n + 1}, // one unit a level
		{Kind: game.OrderStance, Army: 0, Stance: game.Defend},  // not of steps 1-3
	}
	for i := range orders {
		orders[i].Turn = w.s.Turn
	}
	sum := w.s.Checksum()
	have := w.r.Foresee(w.s, 1, orders)
	if w.s.Checksum() != sum {
		t.Fatal("Foresee changed the state")
	}
	if len(have) != len(orders) {
		t.Fatalf("%d answers for %d orders", len(have), len(orders))
	}
	// The turn itself, with the same orders: its skip events are Foresee's
	// answers, order by order.
	s := w.s.Clone()
	var ev game.Events
	po := []game.PlayerOrders{{Player: 1, Orders: orders}}
	w.r.income(s, po, &ev)
	w.r.build(s, po, &ev)
	w.r.recruit(s, po, &ev)
	var skipped []string
	for _, e := range ev.List {
		if e.Kind == game.EventOrderSkipped {
			skipped = append(skipped, e.Text)
		}
	}
	var foreseen []string
	for i, why := range have {
		if why != "" {
			foreseen = append(foreseen, w.r.orderName(&orders[i])+" skipped: "+why)
		}
	}
	if !slices.Equal(foreseen, skipped) {
		t.Errorf("Foresee says\n%q\nthe turn skips\n%q", foreseen, skipped)
	}
	if have[0] != "" || !strings.Contains(have[1], "upgraded already") || !strings.Contains(have[2], "not enough") ||
		!strings.Contains(have[3], "forms at most") || have[4] != "" {
		t.Errorf("Foresee = %q", have)
	}
}

// TestForecast: Forecast runs steps 1 to 4 on a copy and says what the
// turn will do to the treasury and the units: "4. Pay Upkeep on Units (if
// you can't afford upkeep, remove units until you can)", with the units,
// Warlords and Casters the orders create counted. Each case is checked
// against the real turn (game.Resolve): its EventUpkeep, its treasury and
// its armies afterwards.
func TestForecast(t *testing.T) {
	tests := []struct {
		name string
		// setup adds player 1's armies to w and returns its orders; the
		// treasury starts at 0, the income is 8 (A 5, B 2, C 1).
		setup    func(w *econWorld) []game.Order
		spent    int64
		upkeep   int64 // the bill
		paid     int64
		removed  int
		fromNew  bool // the units are removed from a garrison the orders make
		wantText string
	}{
		{name: "upkeep paid in full", spent: 4, upkeep: 1 + 1 + 2, paid: 4, wantText: "paid 4: 1 for 5 units, 1 for 1 Warlord, 2 for 1 Caster",
			setup: func(w *econWorld) []game.Order {
				w.army(1, 4, 3, units(int(w.inf), 5), w.warlord(1))
				return []game.Order{
					{Kind: OrderUpgrade, City: w.c},                                 // 4
					{Kind: OrderCaster, City: w.a, Unit: game.UnitKind(CasterLook)}, // the Caster costs 2 a turn
				}
			}},
		{name: "the orders leave too little: units go, from the new garrison first", spent: 6,
			upkeep: 1 + 1, paid: 2, removed: 4, fromNew: true, wantText: "removed 4 Infantry",
			setup: func(w *econWorld) []game.Order {
				w.army(1, 4, 3, units(int(w.inf), 8), w.warlord(1))
				return []game.Order{
					{Kind: OrderUpgrade, City: w.b},                     // 6 of the 8
					{Kind: OrderForm, City: w.a, Unit: w.inf, Count: 5}, // 13 units: 2 a turn
				}
			}},
		{name: "no orders, too many units", spent: 0, upkeep: 8, paid: 8, removed: 3, wantText: "removed 3 Infantry",
			setup: func(w *econWorld) []game.Order {
				w.army(1, 1, 1, units(int(w.inf), 47)) // 9 a turn, 44 cost 8
				return nil
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newEconWorld(t)
			w.player(1).Treasury = 0
			orders := tt.setup(w)
			for i := range orders {
				orders[i].Turn = w.s.Turn
			}
			if errs := game.ValidateOrders(w.s, w.r, 1, orders); errs != nil {
				t.Fatalf("orders refused: %v", errs)
			}
			sum := w.s.Checksum()
			f := w.r.Forecast(w.s, 1, orders)
			if w.s.Checksum() != sum {
				t.Fatal("Forecast changed the state")
			}
			if f.Treasury != 0 || f.Income != 8 || f.Spent != tt.spent || f.Upkeep.Total != tt.upkeep ||
				f.Upkeep.Paid != tt.paid || f.Upkeep.Removed != tt.removed || f.After != 8-tt.spent-tt.paid {
				t.Errorf("forecast %+v: want spent %d, upkeep %d, paid %d, %d removed, %d after",
					f, tt.spent, tt.upkeep, tt.paid, tt.removed, 8-tt.spent-tt.paid)
			}
			if !strings.Contains(f.Upkeep.Text, tt.wantText) {
				t.Errorf("upkeep text %q, want %q in it", f.Upkeep.Text, tt.wantText)
			}
			n := 0
			for _, rm := range f.Removed {
				n += rm.Units.Total()
				if rm.New != tt.fromNew {
					t.Errorf("removal %+v: New %v, want %v", rm, rm.New, tt.fromNew)
				}
			}
			if n != tt.removed {
				t.Errorf("removals %+v: %d units, want %d", f.Removed, n, tt.removed)
			}
			for _, s := range f.Skips {
				if s != "" {
					t.Errorf("skips %q, want none", f.Skips)
				}
			}

			// The real turn.
			had := map[game.ArmyID]game.Units{}
			for _, a := range w.s.Armies {
				had[a.ID] = a.Units
			}
			ev := game.Resolve(w.s, w.r, []game.PlayerOrders{{Player: 1, Orders: orders}})
			var up []game.Event
			for _, e := range ev.List {
				if e.Kind == EventUpkeep && e.Player == 1 {
					up = append(up, e)
				}
			}
			if len(up) != 1 || up[0].Amount != f.Upkeep.Paid || up[0].Text != f.Upkeep.Text {
				t.Errorf("the turn's upkeep %+v, the forecast's %d %q", up, f.Upkeep.Paid, f.Upkeep.Text)
			}
			if have := w.player(1).Treasury; have != f.After {
				t.Errorf("treasury after the turn %d, forecast %d", have, f.After)
			}
			for _, rm := range f.Removed {
				a := w.s.Army(rm.Army)
				if a == nil || a.Hex != rm.Hex {
					t.Errorf("removal %+v: the army is not there after the turn: %+v", rm, a)
					continue
				}
				formed := had[rm.Army]
				if rm.New {
					formed = units(int(w.inf), 5)
				}
				if want := formed.Sub(rm.Units); !equalUnits(a.Units, want) {
					t.Errorf("army %d has %v after the turn, want %v", rm.Army, a.Units, want)
				}
			}
		})
	}
}
