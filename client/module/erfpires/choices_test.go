package erfpires

import (
	"testing"

	"empires/client/model"
	"empires/shared/game"
	ep "empires/shared/rules/erfpires"
)

// TestCityChoices: Red's city at 2,2 (Forest to the NW, Mountain to the
// NE, Ocean to the E, Plains elsewhere) with Red's army of 2 Infantry in
// it, as the rules allow or refuse each choice, with their words.
func TestCityChoices(t *testing.T) {
	tests := []struct {
		name     string
		treasury int64
		setup    func(t *testing.T, r *ep.Rules, s *game.State, army game.ArmyID)
		want     []want
	}{
		{name: "start", treasury: 10, want: []want{
			{"Recruit 1 Infantry", ""},
			{"Recruit 2 Infantry", ""},
			// "if you control 3 cities, you may pop 6 units per turn"
			{"Recruit 3 Infantry", "you control 1 city: you may pop 2 units a day, not 3"},
			{"Recruit 2 Flyer", ""},
			{"Recruit 1 Heavy", ""},
			// "build a farm in a plains hex adjacent to a controlled city"
			{"Build a Farm at (1,2)", ""},
			{"Build a Farm at (1,1)", "a Farm may not stand on hex 1,1 (Forest): it stands on Plains"},
			// "Armies may not enter Mountain or Ocean hexes": no structure stands there.
			{"Build a Fort at (2,1)", "a Fort may not stand on hex 2,1 (Mountain)"},
			{"Build a Dinglehoober at (3,2)", "a Dinglehoober may not stand on hex 3,2 (Ocean)"},
			{"Build a Fort at (1,1)", ""},
			{"Build a Dinglehoober at (2,3)", ""},
			{"Build a Farm at (3,3)", "-"}, // not next to the city
		}},
		{name: "poor", treasury: 1, want: []want{
			{"Recruit 1 Infantry", ""},
			{"Recruit 2 Infantry", "2 Infantry costs 2 Smuckers: you have 1"},
			{"Recruit 1 Flyer", "1 Flyer costs 3 Smuckers: you have 1"},
			// "Spend 2 smuckers to build a farm"
			{"Build a Farm at (1,2)", "a Farm costs 2 Smuckers: you have 1"},
		}},
		{name: "four cities and a full army", treasury: 100,
			setup: func(t *testing.T, r *ep.Rules, s *game.State, army game.ArmyID) {
				addCity(r, s, 1, 6, 0)
				addCity(r, s, 1, 6, 4)
				addCity(r, s, 1, 9, 2)
				s.Army(army).Units = units(t, r, "6 infantry, 1 heavy")
			},
			want: []want{
				{"Recruit 1 Infantry", ""},
				// "An Army may not have more than 8 units."
				{"Recruit 2 Flyer", "an army may not have more than 8 units: your army in city 1 has 7, and 2 more would make 9"},
			}},
		{name: "four cities, no army in the city", treasury: 100,
			setup: func(t *testing.T, r *ep.Rules, s *game.State, army game.ArmyID) {
				addCity(r, s, 1, 6, 0)
				addCity(r, s, 1, 6, 4)
				addCity(r, s, 1, 9, 2)
				s.Army(army).Hex = at(5, 2)
				game.RecordVision(s, r)
			},
			want: []want{
				// "if you control 3 cities, you may pop 6 units": 4 pop 8.
				{"Recruit 8 Flyer", ""},
				{"Recruit 8 Heavy", ""},
			}},
		{name: "a farm and an enemy next to the city", treasury: 10,
			setup: func(t *testing.T, r *ep.Rules, s *game.State, army game.ArmyID) {
				addStructure(t, r, s, 1, "farm", 1, 2)
				addArmy(t, r, s, 2, 1, 3, "1 infantry")
			},
			want: []want{
				// "Only one farm per hex."
				{"Build a Farm at (1,2)", "hex 1,2 already has 1 Farm (only 1 Farm a hex)"},
				{"Build a Fort at (1,2)", ""},
				{"Build a Farm at (1,3)", "an army of Blue stands on hex 1,3"},
				{"Build a Farm at (2,3)", ""},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, smallMap)
			city := addCity(r, s, 1, 2, 2)
			army := addArmy(t, r, s, 1, 2, 2, "2 infantry")
			addCity(r, s, 2, 8, 5)
			if tt.setup != nil {
				tt.setup(t, r, s, army)
			}
			s.Player(1).Treasury = tt.treasury
			m := modelOf(t, r, s, 1)
			checkChoices(t, m.CityChoices(city), tt.want)
		})
	}
}

// TestArmyChoices: Red's army builds a city where it stands ("There must
// be an army in the hex you are building in, and no other cities within
// 2 hexes") and a fort ("in a hex with an Army"), and explores.
func TestArmyChoices(t *testing.T) {
	tests := []struct {
		name     string
		col, row int // the army's hex
		treasury int64
		setup    func(t *testing.T, r *ep.Rules, s *game.State)
		want     []want
	}{
		{name: "far from cities", col: 6, row: 3, treasury: 10, want: []want{
			{"Build a city here", ""},
			{"Build a Fort here", ""},
			{"Build a Farm here", "-"},         // a farm goes next to a city
			{"Build a Dinglehoober here", "-"}, // so does a Dinglehoober
			{"Explore E", ""},
			{"Explore NW", ""},
		}},
		{name: "two hexes from a city", col: 2, row: 4, treasury: 10, want: []want{
			{"Build a city here", "city 1 stands on hex 2,2, 2 hexes away: no other city may be within 2 hexes"},
		}},
		{name: "in the city", col: 2, row: 2, treasury: 10, want: []want{
			{"Build a city here", "city 1 already stands on hex 2,2"},
			{"Build a Fort here", "city 1 stands on hex 2,2: no Fort is built on a city's hex"},
		}},
		{name: "poor", col: 6, row: 3, treasury: 3, want: []want{
			// "Spend 5 smuckers to build new city."
			{"Build a city here", "a city costs 5 Smuckers: you have 3"},
			{"Build a Fort here", ""},
		}},
		{name: "in a fort", col: 6, row: 3, treasury: 10,
			setup: func(t *testing.T, r *ep.Rules, s *game.State) { addStructure(t, r, s, 1, "fort", 6, 3) },
			want: []want{
				{"Build a Fort here", "hex 6,3 already has 1 Fort (only 1 Fort a hex)"},
				{"Build a city here", ""},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, smallMap)
			addCity(r, s, 1, 2, 2)
			a := addArmy(t, r, s, 1, tt.col, tt.row, "2 infantry")
			if tt.setup != nil {
				tt.setup(t, r, s)
			}
			s.Player(1).Treasury = tt.treasury
			m := modelOf(t, r, s, 1)
			checkChoices(t, m.ArmyChoices(a), tt.want)
		})
	}
}

// TestRealmChoices: "Tax – Gain Smuckers from your Erfpire – 3 smuckers
// per city, and 1 per farm. A Tax order may only be issued once a week.
// ... maintenance of 1 Smucker per controlled Army"; Trade and Tribute
// with each other Erfpire still in the game, with what they bring or
// cost.
func TestRealmChoices(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, r *ep.Rules, s *game.State)
		want  []want
		costs map[string]int64 // what choices cost, by label
	}{
		{name: "day 1", want: []want{
			// 2 cities and a farm, 1 army: 3 × 2 + 1 − 1.
			{"Tax: +6 Smuckers", ""},
			// Half of what a Tax brings: 6 / 2.
			{"Trade with Blue (+3 if they trade too)", ""},
			{"Trade with Green (+3 if they trade too)", ""},
			// "That Erfpire may not attack you for a week": days 1 to 7.
			{"Tribute to Blue: safe until day 7", ""},
			{"Trade with Red (+3 if they trade too)", "-"},
		}, costs: map[string]int64{
			// "a gift to another Erfpire equal to half your tax revenue":
			// half of 7.
			"Tribute to Blue: safe until day 7": 3,
			"Tax: +6 Smuckers":                  -6,
		}},
		{name: "taxed on day 3", setup: func(t *testing.T, r *ep.Rules, s *game.State) {
			s.Turn = 5
			s.Player(1).Stock[ep.StockLastTax] = 3
		}, want: []want{
			{"Tax: +6 Smuckers", "a Tax order may only be issued once a week: you taxed on day 3, and may tax again on day 10"},
			{"Tribute to Blue: safe until day 11", ""},
		}},
		{name: "Green out, an empty treasury", setup: func(t *testing.T, r *ep.Rules, s *game.State) {
			s.Player(3).Alive = false
			s.Player(1).Treasury = 0
		}, want: []want{
			{"Trade with Green (+3 if they trade too)", "-"},
			{"Tribute to Blue: safe until day 7", "the tribute costs 3 Smuckers: you have 0"},
			{"Tax: +6 Smuckers", ""},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, smallMap)
			addCity(r, s, 1, 2, 2)
			addCity(r, s, 1, 6, 4)
			addStructure(t, r, s, 1, "farm", 1, 2)
			addArmy(t, r, s, 1, 2, 2, "2 infantry")
			addCity(r, s, 2, 9, 0)
			addCity(r, s, 3, 9, 5)
			if tt.setup != nil {
				tt.setup(t, r, s)
			}
			m := modelOf(t, r, s, 1)
			cs := Game{R: Rules{Rules: r}}.RealmChoices(m)
			checkChoices(t, cs, tt.want)
			for label, cost := range tt.costs {
				if c, _ := choice(cs, label); c.Cost != cost {
					t.Errorf("%q costs %d, want %d", label, c.Cost, cost)
				}
			}
		})
	}
}

// TestChoicesAreTheRules: on a game of a few days, every choice of every
// city, army and of the realm is allowed exactly when the real rules
// accept its order on the player's view (game.ValidateOrders on
// game.ViewState), and a refused one says the rules' reason; drafted,
// each allowed choice is the day's one order, valid, and the day carries
// it out without skipping it.
func TestChoicesAreTheRules(t *testing.T) {
	r, s := scenario(t, smallMap)
	addCity(r, s, 1, 2, 2)
	addCity(r, s, 2, 8, 5)
	addArmy(t, r, s, 1, 2, 2, "2 infantry")
	addArmy(t, r, s, 1, 5, 3, "1 infantry, 1 heavy")
	addArmy(t, r, s, 2, 8, 5, "2 infantry")
	addStructure(t, r, s, 1, "farm", 1, 2)
	g := Game{R: Rules{Rules: r}}
	checked, allowed := 0, 0
	m := modelOf(t, r, s, 1)
	var all []model.Choice
	for _, c := range m.View().Cities {
		all = append(all, m.CityChoices(c.ID)...)
	}
	for _, a := range m.View().Armies {
		all = append(all, m.ArmyChoices(a.ID)...)
	}
	all = append(all, g.RealmChoices(m)...)
	for _, ch := range all {
		checked++
		why := named(m, refusal(r, m, []game.Order{ch.Order}))
		if why != ch.Reason {
			t.Errorf("%q: the choice says %q, the rules %q", ch.Label, ch.Reason, why)
		}
		if ch.Reason != "" {
			continue
		}
		allowed++
		one := modelOf(t, r, s, 1)
		one.Choose(ch)
		d := one.Drafts()
		if len(d) != 1 || d[0].Err != "" || d[0].Order.String() != ch.Order.String() {
			t.Errorf("%q drafted as %+v", ch.Label, d)
			continue
		}
		if why := refusal(r, one, one.Orders()); why != "" {
			t.Errorf("%q: the drafted list is refused: %s", ch.Label, why)
		}
		// The day carries it out.
		st := s.Clone()
		ev := game.Resolve(st, r, []game.PlayerOrders{{Player: 1, Orders: one.Orders()}})
		for _, e := range ev.For(st, 1) {
			if e.Kind == game.EventOrderSkipped {
				t.Errorf("%q skipped: %s", ch.Label, e.Text)
			}
		}
	}
	if checked < 60 || allowed < 20 {
		t.Errorf("%d choices checked, %d allowed: the fixture offers too few", checked, allowed)
	}
}

// TestOneOrderADay: "Each day you can issue one order." Choosing a second
// order replaces the first, and the choice says which it replaces; a move
// given on the map replaces it too; the list the model sends is always
// one order the rules accept.
func TestOneOrderADay(t *testing.T) {
	r, s := scenario(t, smallMap)
	city := addCity(r, s, 1, 2, 2)
	a := addArmy(t, r, s, 1, 5, 3, "2 infantry")
	s.Player(1).Treasury = 10
	m := modelOf(t, r, s, 1)
	g := Game{R: Rules{Rules: r}}
	if have := m.OrderLimit(); have != 1 {
		t.Fatalf("OrderLimit = %d, want 1", have)
	}
	get := func(cs []model.Choice, label string) model.Choice {
		t.Helper()
		ch, ok := choice(cs, label)
		if !ok || ch.Reason != "" {
			t.Fatalf("no allowed choice %q: %+v", label, ch)
		}
		return ch
	}
	only := func(step, want string) {
		t.Helper()
		d := m.Drafts()
		if len(d) != 1 || d[0].Label != want || d[0].Err != "" {
			t.Fatalf("%s: drafts %+v, want only %q", step, d, want)
		}
		if why := refusal(r, m, m.Orders()); why != "" {
			t.Fatalf("%s: the rules refuse the list: %s", step, why)
		}
	}

	recruit := get(m.CityChoices(city), "Recruit 2 Infantry")
	if recruit.Replaces != "" {
		t.Errorf("with no order drafted, the recruit replaces %q", recruit.Replaces)
	}
	m.Choose(recruit)
	only("recruit", "Recruit 2 Infantry in the city at (2,2) as a new army")

	tax := get(g.RealmChoices(m), "Tax: +2 Smuckers")
	if tax.Replaces != "Recruit 2 Infantry in the city at (2,2) as a new army" {
		t.Errorf("the Tax replaces %q, want the recruit", tax.Replaces)
	}
	m.Choose(tax)
	only("tax", "Tax: +2 Smuckers")

	m.SelectArmy(a)
	m.Click(at(6, 3)) // a hex of the army's reach
	only("move on the map", "Move army 2: 1 step to (6,3)")

	farm := get(m.CityChoices(city), "Build a Farm at (1,2)")
	if farm.Replaces != "Move army 2: 1 step to (6,3)" {
		t.Errorf("the Farm replaces %q, want the move", farm.Replaces)
	}
	m.Choose(farm)
	only("farm", "Build a Farm at (1,2)")

	m.RemoveOrder(0)
	if d := m.Drafts(); len(d) != 0 {
		t.Errorf("after clearing: %+v", d)
	}
}
