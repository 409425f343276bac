package erfpires

import (
	"fmt"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// plainMap is 12x6 of Plains, with Forest at 1,4 and 2,4, Hills at 3,4, a
// Mountain at 10,2 and Ocean at 11,3.
const plainMap = `
. . . . . . . . . . . .
 . . . . . . . . . . . .
. . . . . . . . . . ^ .
 . . . . . . . . . . . ~
. f f n . . . . . . . .
 . . . . . . . . . . . .
`

// TestOneOrderADay: "You rule an Erfpire. Each day you can issue one
// order." A list with a second order is refused, the second order named
// with the reason, whatever its kind; an invalid order takes no order's
// place; at resolution an order beyond the first is skipped with the same
// reason; a day is a turn.
func TestOneOrderADay(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	c := addCity(r, s, 1, 1, 1)
	a := addArmy(t, r, s, 1, 5, 1, "2 infantry")
	tests := []struct {
		name string
		have []game.Order
		want []string
	}{
		{"one order", []game.Order{taxOrder(s)}, nil},
		{"no order", nil, nil},
		{"a second order", []game.Order{taxOrder(s), recruitOrder(t, r, s, c, "1 infantry")},
			[]string{"order 2 (order kind 66): one order a day (already given: order 1)"}},
		{"a second move", []game.Order{moveOrder(s, a, "6,1"), taxOrder(s)},
			[]string{"order 2 (order kind 67): one order a day (already given: order 1)"}},
		{"an invalid order takes no place", []game.Order{tradeOrder(s, 1), taxOrder(s)},
			[]string{"order 1 (order kind 68): you cannot trade with yourself"}},
	}
	for _, tt := range tests {
		var b game.OrderBook
		var have []string
		for _, e := range b.Submit(s, r, 1, tt.have) {
			have = append(have, e.Error())
		}
		if strings.Join(have, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: Submit: %q, want %q", tt.name, have, tt.want)
		}
	}
	// Two orders reach resolution (a list not checked by Submit): the
	// first is carried out, the second skipped with the reason.
	ev := game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: []game.Order{taxOrder(s), recruitOrder(t, r, s, c, "1 infantry")}}})
	skipped := eventsOf(ev, game.EventOrderSkipped, 1)
	if len(skipped) != 1 || !strings.Contains(skipped[0].Text, "one order a day") || len(eventsOf(ev, EventTax, 1)) != 1 ||
		len(eventsOf(ev, EventRecruit, 1)) != 0 {
		t.Errorf("resolution: skipped %+v, taxes %d, recruits %d", skipped, len(eventsOf(ev, EventTax, 1)), len(eventsOf(ev, EventRecruit, 1)))
	}
	if s.Turn != 2 {
		t.Errorf("after a day the game is on turn %d, want 2: a turn is a day", s.Turn)
	}
}

// TestBuildCityRules: "Build a City – Spend 5 smuckers to build new city.
// There must be an army in the hex you are building in, and no other
// cities within 2 hexes."
func TestBuildCityRules(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 1, 1)
	addArmy(t, r, s, 1, 3, 1, "1 infantry") // 2 hexes from the city
	addArmy(t, r, s, 1, 4, 1, "1 infantry") // 3 hexes
	addArmy(t, r, s, 2, 4, 3, "1 infantry")
	if d := hex.Distance(at(1, 1), at(3, 1)); d != 2 {
		t.Fatalf("fixture: distance %d", d)
	}
	tests := []struct {
		name     string
		col, row int
		treasury int64
		want     string
	}{
		{"3 hexes from a city, with an army", 4, 1, 10, ""},
		{"There must be an army in the hex", 6, 1, 10, "a city is built where one of your armies stands: you have no army on hex 6,1"},
		{"another player's army is not yours", 4, 3, 10, "a city is built where one of your armies stands: you have no army on hex 4,3"},
		{"no other cities within 2 hexes", 3, 1, 10, "city 1 stands on hex 1,1, 2 hexes away: no other city may be within 2 hexes"},
		{"Spend 5 smuckers", 4, 1, 4, "a city costs 5 Smuckers: you have 4"},
		{"off the map", 40, 1, 10, "hex 40,1 is off the map"},
	}
	for _, tt := range tests {
		s.Player(1).Treasury = tt.treasury
		if have := refusal(r, s, 1, cityOrder(s, tt.col, tt.row)); have != tt.want {
			t.Errorf("%s: have %q, want %q", tt.name, have, tt.want)
		}
	}
	s.Player(1).Treasury = 10
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {cityOrder(s, 4, 1)}})
	c := s.CityAt(at(4, 1))
	built := eventsOf(ev, game.EventBuild, 1)
	if c == nil || c.Owner != 1 || s.Player(1).Treasury != 5 || len(built) != 1 || built[0].City != c.ID || built[0].Amount != 5 {
		t.Fatalf("city %+v, treasury %d, events %+v", c, s.Player(1).Treasury, built)
	}
	if have := refusal(r, s, 1, cityOrder(s, 4, 1)); have != fmt.Sprintf("%s already stands on hex 4,1", c.ID) {
		t.Errorf("a second city on the hex: %q", have)
	}
}

// TestBuildCityFog: "no other cities within 2 hexes" counts cities the
// builder cannot see too: validation, which knows only what the player
// knows, accepts the order; the day refuses it, naming the city, which the
// player remembers from then on.
func TestBuildCityFog(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 0, 5)
	addArmy(t, r, s, 1, 4, 1, "1 infantry")
	hidden := addCity(r, s, 2, 6, 1) // 2 hexes east, beyond the army's sight
	if visible(s, 1, at(6, 1)) {
		t.Fatal("fixture: player 1 sees the hidden city")
	}
	if have := refusal(r, s, 1, cityOrder(s, 4, 1)); have != "" {
		t.Fatalf("validation refuses on a city the player cannot see: %q", have)
	}
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {cityOrder(s, 4, 1)}})
	skipped := eventsOf(ev, game.EventOrderSkipped, 1)
	if s.CityAt(at(4, 1)) != nil || len(skipped) != 1 || !strings.Contains(skipped[0].Text, hidden.String()+" stands on hex 6,1") ||
		s.Player(1).Treasury != 10 {
		t.Errorf("city built %v, events %+v, treasury %d", s.CityAt(at(4, 1)) != nil, skipped, s.Player(1).Treasury)
	}
	// The refusal named the city: player 1 now remembers it, and its
	// order is refused at once.
	if have := refusal(r, s, 1, cityOrder(s, 4, 1)); !strings.Contains(have, hidden.String()+" stands on hex 6,1") {
		t.Errorf("the next day: %q", have)
	}
}

// TestBuildSameDay: CHOICE: building is simultaneous; when two players
// found cities too close to each other on the same day, a lot drawn with
// the game's dice decides which is built; the other fails, told who won
// the lot, and keeps its money. Each player wins the lot on some day.
// With a mod that lets a hex be next to two players' cities, the same
// holds for two farms on a hex.
func TestBuildSameDay(t *testing.T) {
	won := map[game.PlayerID]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		r, s := scenario(t, plainMap, 2)
		s.RNG = game.NewRNG(seed)
		addArmy(t, r, s, 1, 3, 1, "1 infantry")
		addArmy(t, r, s, 2, 5, 1, "1 infantry")
		ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {cityOrder(s, 3, 1)}, 2: {cityOrder(s, 5, 1)}})
		if len(s.Cities) != 1 {
			t.Fatalf("seed %d: %d cities built, want 1", seed, len(s.Cities))
		}
		winner := s.Cities[0].Owner
		loser := 3 - winner
		won[winner] = true
		skipped := eventsOf(ev, game.EventOrderSkipped, loser)
		if len(skipped) != 1 || !strings.Contains(skipped[0].Text, winner.String()+" built a city on hex") ||
			!strings.Contains(skipped[0].Text, "the lot fell to them") || s.Player(loser).Treasury != 10 || s.Player(winner).Treasury != 5 {
			t.Errorf("seed %d: events %+v, treasuries %d and %d", seed, skipped, s.Player(1).Treasury, s.Player(2).Treasury)
		}
	}
	if !won[1] || !won[2] {
		t.Errorf("the lot fell to the same player in 8 games: %v", won)
	}

	// A mod: cities 2 apart, so a hex may be next to two players' cities.
	r, s := scenario(t, plainMap, 2)
	r.D.City.MinDistance = 2
	addCity(r, s, 1, 3, 1)
	addCity(r, s, 2, 5, 1)
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {buildOrder(t, r, s, "farm", 4, 1)}, 2: {buildOrder(t, r, s, "farm", 4, 1)}})
	if len(s.Structures) != 1 || len(eventsOf(ev, game.EventOrderSkipped, 0)) != 1 {
		t.Errorf("two farms on one hex: structures %+v, events %+v", s.Structures, ev.List)
	}
}

// TestBuildStructureRules: "Build a Farm – Spend 2 smuckers to build a farm
// in a plains hex adjacent to a controlled city. Only one farm per hex."
// "Build a Fort – Spend 2 smuckers to build a fort either in a hex
// adjacent to a city, or in a hex with an Army." "Build a Dinglehoober –
// Spend 2 smuckers to build a Dinglehoober in a hex adjacent to a city."
// (CHOICES: the city and the army are the builder's; no structure on a
// city's hex or under another player's army; structures stand on land.)
func TestBuildStructureRules(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 2, 3) // next to Forest 1,4 and 2,4
	addCity(r, s, 2, 8, 1)
	addArmy(t, r, s, 1, 5, 1, "1 infantry")
	addArmy(t, r, s, 1, 9, 2, "1 infantry") // next to the Mountain at 10,2 and player 2's city
	addArmy(t, r, s, 2, 3, 2, "1 infantry") // next to player 1's city
	addStructure(t, r, s, 1, "farm", 1, 3)
	tests := []struct {
		name     string
		kind     string
		col, row int
		treasury int64
		want     string
	}{
		{"a farm in a plains hex adjacent to a controlled city", "farm", 3, 3, 10, ""},
		{"a farm ... plains", "farm", 2, 4, 10, "a Farm may not stand on hex 2,4 (Forest): it stands on Plains"},
		{"a farm ... adjacent to a controlled city (not an army)", "farm", 5, 1, 10, "a Farm is built next to one of your cities: hex 5,1 is not"},
		{"a farm next to another player's city", "farm", 9, 1, 10, "a Farm is built next to one of your cities: hex 9,1 is not"},
		{"Only one farm per hex.", "farm", 1, 3, 10, "hex 1,3 already has 1 Farm (only 1 Farm a hex)"},
		{"Spend 2 smuckers", "farm", 3, 3, 1, "a Farm costs 2 Smuckers: you have 1"},
		{"not under another player's army", "farm", 3, 2, 10, "an army of player 2 stands on hex 3,2"},
		{"not on a city's hex", "fort", 2, 3, 10, "city 1 stands on hex 2,3: no Fort is built on a city's hex"},
		{"a fort ... adjacent to a city", "fort", 2, 4, 10, ""},
		{"a fort ... or in a hex with an Army", "fort", 5, 1, 10, ""},
		{"a fort on neither", "fort", 6, 1, 10, "a Fort is built next to one of your cities or where one of your armies stands: hex 6,1 is not"},
		{"a fort on a Mountain", "fort", 10, 2, 10, "a Fort may not stand on hex 10,2 (Mountain): it stands on land armies may enter"},
		{"Spend 2 smuckers to build a fort", "fort", 5, 1, 1, "a Fort costs 2 Smuckers: you have 1"},
		{"a Dinglehoober in a hex adjacent to a city", "dinglehoober", 2, 4, 10, ""},
		{"CHOICE: a Dinglehoober next to another player's city", "dinglehoober", 9, 1, 10, "a Dinglehoober is built next to one of your cities: hex 9,1 is not"},
		{"a Dinglehoober not where an army stands", "dinglehoober", 5, 1, 10, "a Dinglehoober is built next to one of your cities: hex 5,1 is not"},
		{"Spend 2 smuckers to build a Dinglehoober", "dinglehoober", 2, 4, 1, "a Dinglehoober costs 2 Smuckers: you have 1"},
		{"never seen", "fort", 11, 5, 10, "you have never seen hex 11,5"},
	}
	for _, tt := range tests {
		s.Player(1).Treasury = tt.treasury
		if have := refusal(r, s, 1, buildOrder(t, r, s, tt.kind, tt.col, tt.row)); have != tt.want {
			t.Errorf("%s: have %q\n want %q", tt.name, have, tt.want)
		}
	}
	bad := game.Order{Turn: s.Turn, Kind: OrderBuild, Unit: 9, Hex: at(3, 3)}
	if have := refusal(r, s, 1, bad); have != "unknown structure kind 9: the kinds are 0 Farm, 1 Fort, 2 Dinglehoober" {
		t.Errorf("unknown kind: %q", have)
	}
	s.Player(1).Treasury = 10
	for _, b := range []struct {
		kind     string
		col, row int
	}{{"farm", 3, 3}, {"fort", 5, 1}, {"dinglehoober", 2, 4}} {
		ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {buildOrder(t, r, s, b.kind, b.col, b.row)}})
		built := eventsOf(ev, game.EventBuild, 1)
		found := false
		for _, i := range s.StructuresAt(at(b.col, b.row)) {
			st := s.Structures[i]
			found = found || (st.Kind == kindOf(t, r, b.kind) && st.Owner == 1)
		}
		if !found || len(built) != 1 || built[0].Amount != 2 || built[0].To != at(b.col, b.row) {
			t.Errorf("%s: built %v, events %+v", b.kind, found, built)
		}
	}
	if s.Player(1).Treasury != 4 {
		t.Errorf("three builds of 2 from 10 left %d", s.Player(1).Treasury)
	}
}

// TestRecruitRules: "Recruit – Spend smuckers to create a new Army, or add
// units to an existing army in a City. Only one army is permitted in a
// hex. An Army may not have more than 8 units. You may not pop units more
// than double the number of cities you control – if you control 3 cities,
// you may pop 6 units per turn (if you can afford them)."
func TestRecruitRules(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	c1 := addCity(r, s, 1, 1, 1)
	c2 := addCity(r, s, 1, 5, 1)
	c3 := addCity(r, s, 1, 9, 1)
	enemy := addCity(r, s, 2, 5, 4)
	addArmy(t, r, s, 1, 5, 1, "6 infantry")
	addArmy(t, r, s, 1, 5, 3, "1 infantry") // sees the enemy city
	tests := []struct {
		name     string
		city     game.CityID
		spec     string
		treasury int64
		want     string
	}{
		{"create a new Army in a City", c1, "2 infantry, 1 flyer", 10, ""},
		{"add units to an existing army in a City", c2, "1 heavy, 1 infantry", 10, ""},
		{"An Army may not have more than 8 units.", c2, "3 infantry", 10,
			fmt.Sprintf("an army may not have more than 8 units: your army in %s has 6, and 3 more would make 9", c2)},
		{"if you control 3 cities, you may pop 6 units per turn", c3, "6 infantry", 10, ""},
		{"... not 7", c3, "7 infantry", 10, "you control 3 cities: you may pop 6 units a day, not 7"},
		{"(if you can afford them)", c3, "2 flyer", 5, "2 Flyer costs 6 Smuckers: you have 5"},
		{"in a city you control", enemy, "1 infantry", 10, fmt.Sprintf("%s is not yours", enemy)},
		{"a city that does not exist", 999, "1 infantry", 10, "city 999 does not exist"},
	}
	for _, tt := range tests {
		s.Player(1).Treasury = tt.treasury
		if have := refusal(r, s, 1, recruitOrder(t, r, s, tt.city, tt.spec)); have != tt.want {
			t.Errorf("%s: have %q\n want %q", tt.name, have, tt.want)
		}
	}
	for _, o := range []struct {
		name  string
		units game.Units
		want  string
	}{
		{"no units", nil, "recruit at least one unit"},
		{"a negative count", game.Units{2, -1}, "-1 Flyer: a count may not be negative"},
		{"too many kinds", game.Units{1, 0, 0, 1}, "units of 4 kinds: there are 3 (Infantry, Flyer, Heavy)"},
	} {
		if have := refusal(r, s, 1, game.Order{Turn: s.Turn, Kind: OrderRecruit, City: c1, Units: o.units}); have != o.want {
			t.Errorf("%s: have %q, want %q", o.name, have, o.want)
		}
	}
	// One city: double is 2.
	_, s1 := scenario(t, plainMap, 1)
	only := addCity(r, s1, 1, 1, 1)
	if have := refusal(r, s1, 1, recruitOrder(t, r, s1, only, "3 infantry")); have != "you control 1 city: you may pop 2 units a day, not 3" {
		t.Errorf("one city: %q", have)
	}

	s.Player(1).Treasury = 10
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {recruitOrder(t, r, s, c1, "2 infantry, 1 flyer")}})
	a := ownArmyAt(s, 1, at(1, 1))
	rec := eventsOf(ev, EventRecruit, 1)
	if a == nil || !a.Units.Contains(units(t, r, "2 infantry, 1 flyer")) || a.Units.Total() != 3 || s.Player(1).Treasury != 5 ||
		len(rec) != 1 || rec[0].Amount != 3 || rec[0].City != c1 {
		t.Fatalf("a new army: %+v, treasury %d, events %+v", a, s.Player(1).Treasury, rec)
	}
	before := len(s.Armies)
	day(t, r, s, map[game.PlayerID][]game.Order{1: {recruitOrder(t, r, s, c2, "1 heavy, 1 infantry")}})
	if b := ownArmyAt(s, 1, at(5, 1)); b == nil || b.Units.Total() != 8 || len(s.Armies) != before {
		t.Errorf("units added to the army in the city: %+v, %d armies (want %d: only one army in a hex)", b, len(s.Armies), before)
	}
}
