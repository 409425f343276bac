package erfworld

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/game/gametest"
	erf "empires/shared/rules/erfworld"
)

// TestCityChoices: on turn 1 a player has no treasury, only its cities'
// income of 7 ("Cities generate income equal to their level each turn":
// a Capital of 5 and two cities of 1); with plenty of money only the rules
// forbid anything.
func TestCityChoices(t *testing.T) {
	r := loadRules(t)
	type want struct {
		label, reason string // reason: a part of it, "" for allowed, "-" for no such choice
	}
	tests := []struct {
		name     string
		treasury int64
		capital  bool  // the Capital's choices, else a level 1 city's
		level    int32 // the city's level, if not 0
		drafts   func(capital, city, other game.CityID) []game.Order
		want     []want
	}{
		{name: "poor Capital", capital: true, want: []want{
			// "No City may be upgraded to a Capital (level 5)": it is one,
			// and there is no level 6.
			{"Upgrade to level 6", "-"},
			{"Form 1 Infantry", ""},
			{"Form 5 Infantry", ""}, // "One unit can be formed in each City per level"
			// "For each 2 Schmuckers, the Warlord is formed with +1 to its
			// starting level": level 4 costs 6, level 5 costs 8.
			{"Pop a level 4 Warlord", ""},
			{"Pop a level 5 Warlord", "not enough Schmuckers: have 7 (treasury 0, this turn's income 7), need 8"},
			{"Pop a Croak-A-Mancer", ""},
			{"Make a Trade Good", ""},
		}},
		{name: "rich Capital", treasury: 1000, capital: true, want: []want{
			{"Upgrade to level 6", "-"},
			{"Pop a level 9 Warlord", ""},
			{"Pop a Heal-A-Mancer", ""},
			{"Pop an Econ-A-Mancer", ""},
			{"Pop a Econ-A-Mancer", "-"},
		}},
		// "No City may be upgraded to a Capital (level 5)."
		{name: "rich level 4 city", treasury: 1000, level: 4, want: []want{
			{"Upgrade to level 5", "-"},
			{"Form 4 Infantry", ""},
		}},
		{name: "rich level 3 city", treasury: 1000, level: 3, want: []want{
			{"Upgrade to level 4", ""},
		}},
		{name: "city after drafts spending the money", capital: false,
			drafts: func(capital, city, other game.CityID) []game.Order {
				return []game.Order{{Kind: erf.OrderUpgrade, City: other}} // 4 of the 7
			},
			want: []want{
				// "pay Schmuckers equal to the level desired x 2"
				{"Upgrade to level 2", "not enough Schmuckers: have 3, need 4"},
				{"Pop a level 1 Warlord", "Warlords are created only in a Capital"},
				{"Pop a Look-A-Mancer", "Casters are created only in a Capital"},
				{"Make a Trade Good", "Trade Goods are made only in a Capital"},
			}},
		{name: "Capital after drafts using its turn", capital: true,
			drafts: func(capital, city, other game.CityID) []game.Order {
				return []game.Order{
					{Kind: erf.OrderForm, City: capital, Unit: 0, Count: 3},
					{Kind: erf.OrderWarlord, City: capital},
				}
			},
			want: []want{
				{"Form 1 Infantry", ""},
				{"Form 2 Infantry", ""}, // 5 a turn, 3 drafted
				{"Pop a level 1 Warlord", "pops at most 1 Warlord a turn"},
				// "Capitals that pop a Caster may not pop any units in that turn"
				{"Pop a Fool-A-Mancer", "a Capital that formed units this turn pops no Caster"},
				// "Capitals producing Trade Goods may not be used to form units"
				{"Make a Trade Good", "a Capital that formed units this turn makes no Trade Good"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := r.NewGame(8, 24, 18, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			s.Players[0].Treasury = tt.treasury
			var capital, city, other game.CityID
			for _, c := range s.Cities {
				switch {
				case c.Owner != 1:
				case c.Capital:
					capital = c.ID
				case city == 0:
					city = c.ID
				default:
					other = c.ID
				}
			}
			if tt.level != 0 {
				s.City(city).Level = tt.level
			}
			m := modelOf(t, r, s, 1)
			if tt.drafts != nil {
				for _, o := range tt.drafts(capital, city, other) {
					m.AddOrder(o)
				}
			}
			c := city
			if tt.capital {
				c = capital
			}
			choices := m.CityChoices(c)
			byLabel := map[string]model.Choice{}
			for _, ch := range choices {
				byLabel[ch.Label] = ch
			}
			for _, w := range tt.want {
				ch, ok := byLabel[w.label]
				switch {
				case w.reason == "-":
					if ok {
						t.Errorf("%q offered (reason %q): it does not exist", w.label, ch.Reason)
					}
				case !ok:
					t.Errorf("no choice %q among %d", w.label, len(choices))
				case w.reason == "" && ch.Reason != "":
					t.Errorf("%q: reason %q, want none", w.label, ch.Reason)
				case w.reason != "" && !strings.Contains(ch.Reason, w.reason):
					t.Errorf("%q: reason %q, want %q", w.label, ch.Reason, w.reason)
				}
			}
			if tt.treasury >= 1000 && tt.capital {
				for _, ch := range choices {
					if ch.Reason != "" {
						t.Errorf("rich: %q has reason %q", ch.Label, ch.Reason)
					}
				}
			}
			// Every choice the model allows, the server takes with the drafts.
			for _, ch := range choices {
				if ch.Reason != "" {
					continue
				}
				orders := append(m.Orders(), ch.Order)
				if errs := game.ValidateOrders(s, r, 1, orders); errs != nil {
					t.Errorf("%q allowed, the server refuses: %v", ch.Label, errs)
				}
			}
		})
	}
	g := newSmallGame(t)
	if ch := modelOf(t, g.r, g.s, 2).CityChoices(g.City); ch != nil {
		t.Errorf("another player's city offers %d choices", len(ch))
	}
}

func TestArmyChoices(t *testing.T) {
	g := newSmallGame(t)
	carried := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 1), Carrier: g.F, Units: game.Units{1},
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erf.CharWarlord, Level: 1}}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)
	m.SetStance(g.W, game.Withdraw, 2)
	find := func(a game.ArmyID, label string) (model.Choice, bool) {
		for _, ch := range m.ArmyChoices(a) {
			if ch.Label == label {
				return ch, true
			}
		}
		return model.Choice{}, false
	}
	tests := []struct {
		army    game.ArmyID
		label   string
		reason  string // a part of it; "" for allowed; "-" for no such choice
		current bool
	}{
		{g.W, "Defend", "", false},
		{g.W, "Withdraw to NW", "", true}, // drafted
		{g.W, "Explore SE", "", false},
		{g.W, "Build a city here", "", false},
		// "Fleets ... may transport one Army per turn": F carries one.
		{g.W, fmt.Sprintf("Board fleet %d", g.F), "has no room", false},
		{g.W, "Scout E", "-", false}, // no Flyers
		{g.F, "Build a city here", "-", false},
		{g.F, "Explore E", "", false},
		{carried, "Defend", "", true}, // its standing order
		{carried, "Explore E", "cannot move on its own", false},
		// "Armies may enter any Terrain except Mountains and Water"
		{carried, "Land at " + model.At(gametest.At(2, 1)), "", false},
		{carried, "Land at " + model.At(gametest.At(1, 2)), "-", false},
	}
	for _, tt := range tests {
		ch, ok := find(tt.army, tt.label)
		switch {
		case tt.reason == "-":
			if ok {
				t.Errorf("army %d offers %q", tt.army, tt.label)
			}
		case !ok:
			t.Errorf("army %d: no choice %q in %q", tt.army, tt.label, labelsOf(m.ArmyChoices(tt.army)))
		case tt.reason == "" && ch.Reason != "", tt.reason != "" && !strings.Contains(ch.Reason, tt.reason):
			t.Errorf("army %d, %q: reason %q, want %q", tt.army, tt.label, ch.Reason, tt.reason)
		case ch.Current != tt.current:
			t.Errorf("army %d, %q: current %v, want %v", tt.army, tt.label, ch.Current, tt.current)
		}
	}
	if ch := m.ArmyChoices(g.E); ch != nil {
		t.Errorf("an enemy army offers %d choices", len(ch))
	}
	// Giving a choice drafts its order.
	ch, _ := find(g.W, "Intercept")
	m.AddOrder(ch.Order)
	if ch, _ := find(g.W, "Intercept"); !ch.Current {
		t.Error("Intercept chosen is not current")
	}
	if n := len(m.Drafts()); n != 1 {
		t.Errorf("%d drafts, want the one stance", n)
	}
}

// TestTransferChoices checks the transfers an army offers with another of
// the player's armies on its hex, and the ruleset's reasons: "Units must
// either be assigned to an Army (ie, With a Warlord) or in the same hex as a
// City".
func TestTransferChoices(t *testing.T) {
	g := newSmallGame(t)
	// A garrison in the Capital, and a Warlord's army with no units there.
	garrison := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(0, 4), Units: game.Units{3}})
	lord := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(0, 4),
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erf.CharWarlord, Level: 1}}})
	flyers := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(0, 4), Units: game.Units{0, 0, 2}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)
	name := g.r.D.Units[0].Name
	tests := []struct {
		army  game.ArmyID
		label string
		want  game.Order // "" Kind: no such choice
	}{
		// "Take 1 Flyers" read wrong: one of the Flyers is a Flyer.
		{lord, fmt.Sprintf("Take 1 Flyer of army %d", flyers),
			game.Order{Kind: erf.OrderTransfer, Army: flyers, Target: lord, Units: game.Units{0, 0, 1}}},
		{lord, fmt.Sprintf("Take all 3 units of army %d", garrison),
			game.Order{Kind: erf.OrderTransfer, Army: garrison, Target: lord, Units: game.Units{3}}},
		{lord, fmt.Sprintf("Take 1 %s of army %d", name, garrison),
			game.Order{Kind: erf.OrderTransfer, Army: garrison, Target: lord, Units: game.Units{1}}},
		{lord, fmt.Sprintf("Give all 0 units to army %d", garrison), game.Order{}},
		{garrison, fmt.Sprintf("Give all 3 units to army %d", lord),
			game.Order{Kind: erf.OrderTransfer, Army: garrison, Target: lord, Units: game.Units{3}}},
		{g.W, fmt.Sprintf("Take all 3 units of army %d", garrison), game.Order{}}, // another hex
	}
	for _, tt := range tests {
		var have *model.Choice
		for _, ch := range m.ArmyChoices(tt.army) {
			if ch.Label == tt.label {
				have = &ch
			}
		}
		switch {
		case tt.want.Kind == 0 && have != nil:
			t.Errorf("army %d offers %q", tt.army, tt.label)
		case tt.want.Kind == 0:
		case have == nil:
			t.Errorf("army %d: no choice %q in %q", tt.army, tt.label, labelsOf(m.ArmyChoices(tt.army)))
		case have.Reason != "":
			t.Errorf("army %d, %q: refused: %s", tt.army, tt.label, have.Reason)
		case have.Order.Army != tt.want.Army || have.Order.Target != tt.want.Target || !slices.Equal(have.Order.Units, tt.want.Units):
			t.Errorf("army %d, %q: order %+v, want %+v", tt.army, tt.label, have.Order, tt.want)
		}
	}
	// The server takes the transfer and the Warlord's army then leads the
	// units: given on the real state, the order is valid.
	for _, ch := range m.ArmyChoices(lord) {
		if ch.Reason == "" && ch.Order.Kind == erf.OrderTransfer {
			if errs := game.ValidateOrders(g.s, g.r, 1, []game.Order{ch.Order}); errs != nil {
				t.Errorf("%q: the server refuses it: %v", ch.Label, errs[0])
			}
		}
	}
}

// reasonGame is smallGame with more for the reasons of TestChoiceReasons:
// Red's level 1 cities at 4,1 next to the Woods at 5,1, at 2,1 next to the
// Water at 1,1 (fleet F) and at 3,3 next to the Water at 3,4 and 4,4; a
// leaderless army S (2 Infantry) and Warlord L's army (1 Infantry) with W
// at 2,2; Red's army C carried by F; Red's army T on the Woods at 5,1.
// Red's income is 5 + 4 x 1 = 9.
type reasonGame struct {
	*smallGame
	Woods, Water, Lake game.CityID
	S, L, C, T         game.ArmyID
}

func newReasonGame(t *testing.T) *reasonGame {
	g := &reasonGame{smallGame: newSmallGame(t)}
	s := g.s
	lead := func() []game.Character {
		return []game.Character{{ID: game.CharacterID(s.NewID()), Kind: erf.CharWarlord, Level: 1}}
	}
	g.Woods = s.AddCity(game.City{Owner: 1, Hex: gametest.At(4, 1), Level: 1})
	g.Water = s.AddCity(game.City{Owner: 1, Hex: gametest.At(2, 1), Level: 1})
	g.Lake = s.AddCity(game.City{Owner: 1, Hex: gametest.At(3, 3), Level: 1})
	g.S = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(2, 2), Units: game.Units{2}})
	g.L = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(2, 2), Units: game.Units{1}, Characters: lead()})
	g.C = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 1), Carrier: g.F, Units: game.Units{1}, Characters: lead()})
	g.T = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(5, 1), Units: game.Units{1}, Characters: lead()})
	game.RecordVision(s, g.r)
	return g
}

// TestChoiceReasons: every choice a panel shows disabled says why, in
// words a player understands and specific to the case, for every kind of
// choice; and the choices that do not exist are not offered.
func TestChoiceReasons(t *testing.T) {
	type subject struct {
		army game.ArmyID
		city game.CityID
	}
	tests := []struct {
		name   string
		setup  func(g *reasonGame) (subject, []game.Order)
		label  string // with %[1]d for fleet F, %[2]d army S, %[3]d army L
		reason string // a part of it
	}{
		// Upgrades: "To upgrade a City to the next level, pay Schmuckers
		// equal to the level desired x 2"; "Cities may not upgrade
		// multiple levels in a turn".
		{"upgrade: money", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.City}, []game.Order{{Kind: erf.OrderUpgrade, City: g.Water}, {Kind: erf.OrderUpgrade, City: g.Woods}}
		}, "Upgrade to level 2", "not enough Schmuckers: have 1, need 4"},
		{"upgrade: once a turn", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.City}, []game.Order{{Kind: erf.OrderUpgrade, City: g.City}}
		}, "Upgrade to level 2", "Cities may not upgrade multiple levels in a turn"},
		// "An Empire can form Siege if one of its Cities borders a Woods
		// Hex"; "One unit can be formed in each City per level"; "Capitals
		// producing Trade Goods may not be used to form units".
		{"form: terrain", func(g *reasonGame) (subject, []game.Order) { return subject{city: g.City}, nil },
			"Form 1 Cavalry", "Cavalry needs one of your cities next to Grasslands"},
		{"form: per level", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.City}, []game.Order{{Kind: erf.OrderForm, City: g.City, Count: 1}}
		}, "Form 1 Infantry", "forms at most 1 unit a turn: 1 formed already"},
		{"form: trade good", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.Capital}, []game.Order{{Kind: erf.OrderTradeGood, City: g.Capital}}
		}, "Form 1 Infantry", "a Capital making a Trade Good forms no units"},
		// "A Warlord can only be created in a Capital"; "For each 2
		// Schmuckers, the Warlord is formed with +1 to its starting level".
		{"warlord: only in a Capital", func(g *reasonGame) (subject, []game.Order) { return subject{city: g.City}, nil },
			"Pop a level 1 Warlord", "Warlords are created only in a Capital"},
		{"warlord: money", func(g *reasonGame) (subject, []game.Order) { return subject{city: g.Capital}, nil },
			"Pop a level 6 Warlord", "not enough Schmuckers: have 9 (treasury 0, this turn's income 9), need 10"},
		{"warlord: one a turn", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.Capital}, []game.Order{{Kind: erf.OrderWarlord, City: g.Capital}}
		}, "Pop a level 1 Warlord", "pops at most 1 Warlord a turn"},
		// "Each Empire may have up to THREE Casters"; "A side may not have
		// a Croak-A-Mancer AND a Heal-O-Mancer"; "Capitals that pop a
		// Caster may not pop any units in that turn".
		{"caster: only in a Capital", func(g *reasonGame) (subject, []game.Order) { return subject{city: g.City}, nil },
			"Pop an Econ-A-Mancer", "Casters are created only in a Capital"},
		{"caster: three a side", func(g *reasonGame) (subject, []game.Order) {
			w := g.s.Army(g.W)
			for range 3 {
				w.Characters = append(w.Characters, game.Character{ID: game.CharacterID(g.s.NewID()), Kind: erf.CharCaster + uint8(erf.CasterLook)})
			}
			return subject{city: g.Capital}, nil
		}, "Pop an Econ-A-Mancer", "at most 3 Casters a side"},
		{"caster: Croak and Heal", func(g *reasonGame) (subject, []game.Order) {
			w := g.s.Army(g.W)
			w.Characters = append(w.Characters, game.Character{ID: game.CharacterID(g.s.NewID()), Kind: erf.CharCaster + uint8(erf.CasterCroak)})
			return subject{city: g.Capital}, nil
		}, "Pop a Heal-A-Mancer", "a side may not have a Heal-A-Mancer and a Croak-A-Mancer"},
		{"caster: after units", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.Capital}, []game.Order{{Kind: erf.OrderForm, City: g.Capital, Count: 1}}
		}, "Pop a Look-A-Mancer", "a Capital that formed units this turn pops no Caster"},
		// "Each side may build 1 Fleet per turn, and only if they have a
		// city adjacent to a Water hex, and at least one City adjacent to
		// a woods hex." "Only 1 Fleet is permitted in a hex."
		{"fleet: a fleet there", func(g *reasonGame) (subject, []game.Order) { return subject{city: g.Water}, nil },
			"Build a Fleet at " + model.At(gametest.At(1, 1)), "only 1 Fleet may be in a hex"},
		{"fleet: one a turn", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.Lake}, []game.Order{{Kind: erf.OrderFleet, City: g.Lake, Hex: gametest.At(3, 4)}}
		}, "Build a Fleet at " + model.At(gametest.At(4, 4)), "a side builds at most 1 Fleet a turn"},
		{"fleet: no Woods", func(g *reasonGame) (subject, []game.Order) {
			g.s.City(g.Woods).Owner = 2
			return subject{city: g.Lake}, nil
		}, "Build a Fleet at " + model.At(gametest.At(4, 4)), "Fleets need a city next to Water and a city next to Woods"},
		// "Players may also choose to create a “Trade Good” in their
		// Capital each turn."
		{"trade good: only in a Capital", func(g *reasonGame) (subject, []game.Order) { return subject{city: g.City}, nil },
			"Make a Trade Good", "Trade Goods are made only in a Capital"},
		{"trade good: after units", func(g *reasonGame) (subject, []game.Order) {
			return subject{city: g.Capital}, []game.Order{{Kind: erf.OrderForm, City: g.Capital, Count: 1}}
		}, "Make a Trade Good", "a Capital that formed units this turn makes no Trade Good"},
		// Armies.
		{"explore: carried", func(g *reasonGame) (subject, []game.Order) { return subject{army: g.C}, nil },
			"Explore E", "cannot move on its own"},
		{"build a city: next to a city", func(g *reasonGame) (subject, []game.Order) { return subject{army: g.W}, nil },
			"Build a city here", fmt.Sprintf("hex %s is next to city", gametest.At(2, 2))},
		{"build a city: Woods", func(g *reasonGame) (subject, []game.Order) { return subject{army: g.T}, nil },
			"Build a city here", fmt.Sprintf("hex %s is Woods: cities only on Open", gametest.At(5, 1))},
		{"board: the fleet is full", func(g *reasonGame) (subject, []game.Order) { return subject{army: g.W}, nil },
			"Board fleet %[1]d", "has no room"},
		// (Landing is offered on the neighbouring hexes an army may enter
		// only; where it lands is checked when the fleet has moved.)
		// "Units must either be assigned to an Army (ie, With a Warlord)
		// or in the same hex as a City."
		{"give all: to a leaderless army", func(g *reasonGame) (subject, []game.Order) { return subject{army: g.W}, nil },
			"Give all 2 units to army %[2]d", "has no Warlord: outside a city, units must be assigned to an Army"},
		{"give the Warlord: to an army with one", func(g *reasonGame) (subject, []game.Order) { return subject{army: g.W}, nil },
			"Give the level 1 Warlord to army %[3]d", "already has a Warlord"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newReasonGame(t)
			sub, drafts := tt.setup(g)
			label := tt.label
			if strings.Contains(label, "%[") {
				label = fmt.Sprintf(label, g.F, g.S, g.L)
			}
			m := modelOf(t, g.r, g.s, 1)
			for _, o := range drafts {
				m.AddOrder(o)
			}
			for _, d := range m.Drafts() {
				if d.Err != "" || (d.Warn != "" && !strings.HasPrefix(d.Warn, "upkeep")) {
					t.Fatalf("draft %q: %q %q", d.Label, d.Err, d.Warn)
				}
			}
			var choices []model.Choice
			if sub.army != 0 {
				choices = m.ArmyChoices(sub.army)
			} else {
				choices = m.CityChoices(sub.city)
			}
			var labels []string
			for _, ch := range choices {
				labels = append(labels, ch.Label)
				if ch.Label != label {
					continue
				}
				if !strings.Contains(ch.Reason, tt.reason) || ch.Reason == "" {
					t.Errorf("%q: reason %q, want %q", ch.Label, ch.Reason, tt.reason)
				}
				return
			}
			t.Errorf("no choice %q among %q", label, labels)
		})
	}
}

// TestGarrisonChoices: "Units in a City hex are assumed to be a part of the
// Garrison. In order for units to leave a City hex, they must be a part of
// an Army." A garrison is offered what it can do (Defend, scouting with
// its Flyers, transfers), not what would move it (Intercept, Withdraw,
// Explore, boarding) nor a city on a city's hex; a Warlord's army on the
// same hex, and a leaderless army outside a city, may move.
func TestGarrisonChoices(t *testing.T) {
	g := newReasonGame(t)
	flyers := game.UnitKind(2)
	garrison := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(2, 1), Units: game.Units{2, 0, 1}})
	lord := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(2, 1), Units: game.Units{1},
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erf.CharWarlord, Level: 1}}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)
	if g.r.D.Units[flyers].ScoutHexes == 0 {
		t.Fatal("unit kind 2 does not scout")
	}
	board := fmt.Sprintf("Board fleet %d", g.F)
	tests := []struct {
		army    game.ArmyID
		offered []string
		not     []string
	}{
		{garrison, []string{"Defend", "Scout NE", fmt.Sprintf("Give all 3 units to army %d", lord)},
			[]string{"Intercept", "Withdraw to E", "Explore E", "Build a city here", board}},
		{lord, []string{"Defend", "Intercept", "Withdraw to E", "Explore E", board,
			fmt.Sprintf("Take all 3 units of army %d", garrison)},
			[]string{"Build a city here"}},
		{g.S, []string{"Defend", "Intercept", "Explore E", "Build a city here"}, nil},
	}
	for _, tt := range tests {
		have := map[string]model.Choice{}
		for _, ch := range m.ArmyChoices(tt.army) {
			have[ch.Label] = ch
		}
		for _, l := range tt.offered {
			if _, ok := have[l]; !ok {
				t.Errorf("army %d: %q not offered", tt.army, l)
			}
		}
		for _, l := range tt.not {
			if ch, ok := have[l]; ok {
				t.Errorf("army %d offers %q (reason %q)", tt.army, l, ch.Reason)
			}
		}
	}
}

// TestChoiceWarn: a choice says what it would bring about besides itself:
// an order drafted before it skipped (the turn upgrades cities, step 2,
// before it pops Warlords, step 3), and units removed by upkeep ("if you
// can't afford upkeep, remove units until you can").
func TestChoiceWarn(t *testing.T) {
	g := newReasonGame(t) // income 9; upkeep 5 (7 units, 4 Warlords)
	m := modelOf(t, g.r, g.s, 1)
	m.AddOrder(game.Order{Kind: erf.OrderWarlord, City: g.Capital, Level: 4}) // 6 of the 9
	find := func(c game.CityID, label string) model.Choice {
		for _, ch := range m.CityChoices(c) {
			if ch.Label == label {
				return ch
			}
		}
		t.Fatalf("no choice %q", label)
		return model.Choice{}
	}
	up := find(g.City, "Upgrade to level 2")
	if want := "Pop a level 4 Warlord in the Capital at (0,4) would then be skipped: not enough Schmuckers: have 5, need 6"; up.Reason != "" || up.Warn != want {
		t.Errorf("upgrade: reason %q, warn %q; want warn %q", up.Reason, up.Warn, want)
	}
	// Without drafts: 9 for an upkeep of 5. A fifth Warlord costs 1 more
	// a turn; at level 3 it costs 4 and leaves 5 for 6: upkeep removes
	// units. At level 1 it is free.
	m.ClearOrders()
	lvl3 := find(g.Capital, "Pop a level 3 Warlord")
	if lvl3.Reason != "" || !strings.HasPrefix(lvl3.Warn, "upkeep will remove ") ||
		!strings.HasSuffix(lvl3.Warn, "the treasury will hold 5 Schmuckers for an upkeep of 6") {
		t.Errorf("level 3 Warlord: reason %q, warn %q; want upkeep's warning", lvl3.Reason, lvl3.Warn)
	}
	if lvl1 := find(g.Capital, "Pop a level 1 Warlord"); lvl1.Warn != "" {
		t.Errorf("level 1 Warlord (free, leaves 9 for 6): warn %q", lvl1.Warn)
	}
	// Drafted, it warns the same; the forecast says which units go.
	m.AddOrder(lvl3.Order)
	d := m.Drafts()
	f := forecastOf(m)
	if len(d) != 1 || d[0].Warn != lvl3.Warn || f.Warning != lvl3.Warn || f.Upkeep.Removed == 0 || len(f.Removed) == 0 {
		t.Errorf("drafted: %+v, forecast %+v: want the choice's warning %q", d, f, lvl3.Warn)
	}
}

// TestCasterTransfers: "A Caster is a Character, not a unit." Taking or
// giving all the units of a garrison takes its Casters too, so none is
// left alone in an army of no units; a Warlord keeps its Casters, and
// the choice says so; each Warlord and Caster may be moved on its own,
// as the ruleset's OrderTransfer allows.
func TestCasterTransfers(t *testing.T) {
	g := newSmallGame(t)
	capital := gametest.At(0, 4)
	ch := func(kind uint8, level int32) game.Character {
		return game.Character{ID: game.CharacterID(g.s.NewID()), Kind: kind, Level: level}
	}
	econ := erf.CharCaster + uint8(erf.CasterEcon)
	look := erf.CharCaster + uint8(erf.CasterLook)
	garrison := g.s.AddArmy(game.Army{Owner: 1, Hex: capital, Units: game.Units{3}, Characters: []game.Character{ch(econ, 0), ch(look, 0)}})
	lord := g.s.AddArmy(game.Army{Owner: 1, Hex: capital, Characters: []game.Character{ch(erf.CharWarlord, 1)}})
	w := g.s.Army(g.W)
	w.Characters = append(w.Characters, ch(econ, 0))
	other := g.s.AddArmy(game.Army{Owner: 1, Hex: w.Hex, Units: game.Units{1}, Characters: []game.Character{ch(erf.CharWarlord, 2)}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)

	// The city panel lists its characters with their upkeep: "Casters
	// cost 2 Schmuckers a turn in upkeep"; a Warlord "costs 1".
	type info struct {
		army   game.ArmyID
		name   string
		upkeep int64
	}
	var have []info
	rs := Rules{Rules: g.r}
	for _, c := range rs.CityCharacters(m, g.Capital) {
		have = append(have, info{c.Army, c.Name, c.Upkeep})
	}
	want := []info{{garrison, "Econ-A-Mancer", 2}, {garrison, "Look-A-Mancer", 2}, {lord, "level 1 Warlord", 1}}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("CityCharacters %+v, want %+v", have, want)
	}
	if c := rs.ArmyCharacters(m, g.W); len(c) != 2 || c[1].Name != "Econ-A-Mancer" || c[1].Upkeep != 2 {
		t.Errorf("ArmyCharacters of W: %+v", c)
	}

	choices := func(a game.ArmyID) map[string]model.Choice {
		out := map[string]model.Choice{}
		for _, c := range m.ArmyChoices(a) {
			out[c.Label] = c
		}
		return out
	}
	offers := []struct {
		army  game.ArmyID
		label string
	}{
		{lord, fmt.Sprintf("Take all 3 units, the Econ-A-Mancer and the Look-A-Mancer of army %d", garrison)},
		{garrison, fmt.Sprintf("Give all 3 units, the Econ-A-Mancer and the Look-A-Mancer to army %d", lord)},
		{lord, fmt.Sprintf("Take the Look-A-Mancer of army %d", garrison)},
		{garrison, fmt.Sprintf("Give the Econ-A-Mancer to army %d", lord)},
		{lord, fmt.Sprintf("Give the level 1 Warlord to army %d", garrison)},
		{g.W, fmt.Sprintf("Give all 2 units to army %d; the Econ-A-Mancer stays with the Warlord", other)},
		{g.W, fmt.Sprintf("Give the Econ-A-Mancer to army %d", other)},
		{other, fmt.Sprintf("Take the Econ-A-Mancer of army %d", g.W)},
	}
	for _, l := range offers {
		c, ok := choices(l.army)[l.label]
		switch {
		case !ok:
			t.Errorf("army %d: no choice %q", l.army, l.label)
			continue
		case c.Reason != "":
			t.Errorf("army %d, %q: %s", l.army, l.label, c.Reason)
		}
		// The server takes it, More and all.
		orders := append([]game.Order{c.Order}, c.More...)
		if errs := game.ValidateOrders(g.s, g.r, 1, orders); errs != nil {
			t.Errorf("%q: the server refuses it: %v", l.label, errs)
		}
	}
	for _, l := range choices(lord) {
		if strings.HasPrefix(l.Label, "Give all") {
			t.Errorf("the Warlord with no units offers %q", l.Label)
		}
	}

	// Given and played: the garrison goes whole to the Warlord, no Caster
	// is left behind.
	m.Choose(choices(garrison)[offers[1].label])
	wantDrafts := []string{
		fmt.Sprintf("Move Infantry 3 and the Econ-A-Mancer from army %d to army %d", garrison, lord),
		fmt.Sprintf("Move the Look-A-Mancer from army %d to army %d", garrison, lord),
	}
	if have := labels(m.Drafts()); !reflect.DeepEqual(have, wantDrafts) {
		t.Fatalf("drafts %q, want %q", have, wantDrafts)
	}
	ev := game.Resolve(g.s, g.r, []game.PlayerOrders{{Player: 1, Orders: m.Orders()}, {Player: 2}, {Player: 3}})
	for _, e := range ev.List {
		if e.Kind == game.EventOrderSkipped && e.Player == 1 {
			t.Errorf("skipped: %s", e.Text)
		}
	}
	if a := g.s.Army(garrison); a != nil {
		t.Errorf("the garrison is still there: %+v", a)
	}
	if a := g.s.Army(lord); a == nil || a.Units.Total() != 3 || len(a.Characters) != 3 {
		t.Errorf("the Warlord's army after the turn: %+v, want 3 units and 3 characters", a)
	}
}

// labelsOf lists the choices' labels.
func labelsOf(cs []model.Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return out
}
