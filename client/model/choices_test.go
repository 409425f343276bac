package model

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/rules/erfworld"
)

// TestCityChoices: on turn 1 a player has no treasury, only its cities'
// income of 7 ("Cities generate income equal to their level each turn":
// a Capital of 5 and two cities of 1); with plenty of money only the rules
// forbid anything.
func TestCityChoices(t *testing.T) {
	r := loadRules(t)
	type want struct {
		label, reason string // reason: a part of it, "" for allowed
	}
	tests := []struct {
		name     string
		treasury int64
		capital  bool // the Capital's choices, else a level 1 city's
		drafts   func(capital, city, other game.CityID) []game.Order
		want     []want
	}{
		{name: "poor Capital", capital: true, want: []want{
			// "No City may be upgraded to a Capital (level 5)": it is one.
			{"Upgrade to level 6", "at level 5, the highest"},
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
			{"Upgrade to level 6", "at level 5, the highest"},
			{"Pop a level 9 Warlord", ""},
			{"Pop a Heal-A-Mancer", ""},
		}},
		{name: "city after drafts spending the money", capital: false,
			drafts: func(capital, city, other game.CityID) []game.Order {
				return []game.Order{{Kind: erfworld.OrderUpgrade, City: other}} // 4 of the 7
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
					{Kind: erfworld.OrderForm, City: capital, Unit: 0, Count: 3},
					{Kind: erfworld.OrderWarlord, City: capital},
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
			byLabel := map[string]Choice{}
			for _, ch := range choices {
				byLabel[ch.Label] = ch
			}
			for _, w := range tt.want {
				ch, ok := byLabel[w.label]
				switch {
				case !ok:
					t.Errorf("no choice %q among %d", w.label, len(choices))
				case w.reason == "" && ch.Reason != "":
					t.Errorf("%q: reason %q, want none", w.label, ch.Reason)
				case w.reason != "" && !strings.Contains(ch.Reason, w.reason):
					t.Errorf("%q: reason %q, want %q", w.label, ch.Reason, w.reason)
				}
			}
			if tt.treasury >= 1000 {
				for _, ch := range choices {
					if ch.Reason != "" && ch.Order.Kind != erfworld.OrderUpgrade {
						t.Errorf("rich: %q has reason %q", ch.Label, ch.Reason)
					}
				}
			}
			// Every choice the model allows, the server takes with the drafts.
			for _, ch := range choices {
				if ch.Reason != "" {
					continue
				}
				orders := append(m.Submission().Orders, ch.Order)
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
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erfworld.CharWarlord, Level: 1}}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)
	m.SetStance(g.W, game.Withdraw, 2)
	find := func(a game.ArmyID, label string) (Choice, bool) {
		for _, ch := range m.ArmyChoices(a) {
			if ch.Label == label {
				return ch, true
			}
		}
		return Choice{}, false
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
		{carried, "Land at " + at(gametest.At(2, 1)), "", false},
		{carried, "Land at " + at(gametest.At(1, 2)), "-", false},
	}
	for _, tt := range tests {
		ch, ok := find(tt.army, tt.label)
		switch {
		case tt.reason == "-":
			if ok {
				t.Errorf("army %d offers %q", tt.army, tt.label)
			}
		case !ok:
			t.Errorf("army %d: no choice %q", tt.army, tt.label)
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
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erfworld.CharWarlord, Level: 1}}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)
	name := g.r.D.Units[0].Name
	tests := []struct {
		army  game.ArmyID
		label string
		want  game.Order // "" Kind: no such choice
	}{
		{lord, fmt.Sprintf("Take all 3 units of army %d", garrison),
			game.Order{Kind: erfworld.OrderTransfer, Army: garrison, Target: lord, Units: game.Units{3}}},
		{lord, fmt.Sprintf("Take 1 %s of army %d", name, garrison),
			game.Order{Kind: erfworld.OrderTransfer, Army: garrison, Target: lord, Units: game.Units{1}}},
		{lord, fmt.Sprintf("Give all 0 units to army %d", garrison), game.Order{}},
		{garrison, fmt.Sprintf("Give all 3 units to army %d", lord),
			game.Order{Kind: erfworld.OrderTransfer, Army: garrison, Target: lord, Units: game.Units{3}}},
		{g.W, fmt.Sprintf("Take all 3 units of army %d", garrison), game.Order{}}, // another hex
	}
	for _, tt := range tests {
		var have *Choice
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
			t.Errorf("army %d: no choice %q", tt.army, tt.label)
		case have.Reason != "":
			t.Errorf("army %d, %q: refused: %s", tt.army, tt.label, have.Reason)
		case have.Order.Army != tt.want.Army || have.Order.Target != tt.want.Target || !slices.Equal(have.Order.Units, tt.want.Units):
			t.Errorf("army %d, %q: order %+v, want %+v", tt.army, tt.label, have.Order, tt.want)
		}
	}
	// The server takes the transfer and the Warlord's army then leads the
	// units: given on the real state, the order is valid.
	for _, ch := range m.ArmyChoices(lord) {
		if ch.Reason == "" && ch.Order.Kind == erfworld.OrderTransfer {
			if errs := game.ValidateOrders(g.s, g.r, 1, []game.Order{ch.Order}); errs != nil {
				t.Errorf("%q: the server refuses it: %v", ch.Label, errs[0])
			}
		}
	}
}
