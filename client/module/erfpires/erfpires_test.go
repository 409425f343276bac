package erfpires

import (
	"reflect"
	"strings"
	"testing"

	"empires/client/art"
	"empires/client/module/erfworld"
	"empires/client/module/hexscreen"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/registry"
	ep "empires/shared/rules/erfpires"
)

// TestOpen: the module shows the build's erfpires, and refuses another
// ruleset's rules.
func TestOpen(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(ID)
	if !ok {
		t.Fatal("no erfpires in the build's registry")
	}
	g, err := Module{}.Open(rs)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(hexscreen.Calendar); !ok {
		t.Error("the erfpires game has no calendar")
	}
	if _, ok := g.(hexscreen.Realm); !ok {
		t.Error("the erfpires game has no realm")
	}
	other, _ := reg.Get(erfworld.ID)
	if _, err := (Module{}).Open(other); err == nil {
		t.Error("the erfpires module opened erfworld")
	}
	if _, err := (erfworld.Module{}).Open(rs.(*hexgame.Ruleset)); err == nil {
		t.Error("the erfworld module opened erfpires")
	}
}

// TestStyle: the board draws erfpires's structures by what they do, no
// characters, and cities without levels.
func TestStyle(t *testing.T) {
	st := Game{R: Rules{Rules: loadRules(t)}}.Style()
	if have, want := st.Structures, []art.Picture{art.PictureFarm, art.PictureFort, art.PictureContraption}; !reflect.DeepEqual(have, want) {
		t.Errorf("structures drawn as %v, want %v", have, want)
	}
	if st.Mark != nil || !st.NoCityLevels || len(st.Terrain) != 5 {
		t.Errorf("style %+v: want no character badges, no city levels, erfpires's five terrains", st)
	}
}

// TestTurnText: "A Tax order may only be issued once a week": the top bar
// says the day, the week and the day of the tax.
func TestTurnText(t *testing.T) {
	tests := []struct {
		name        string
		day         game.Turn
		lastTax     int32
		long, short string
	}{
		{"first day", 1, 0, "Day 1 (week 1, day 1) · tax: today", "Day 1 · tax: today"},
		{"taxed on day 8", 9, 8, "Day 9 (week 2, day 2) · next tax: day 15", "Day 9 · tax: day 15"},
		{"a week after", 15, 8, "Day 15 (week 3, day 1) · tax: today", "Day 15 · tax: today"},
		{"the last day of week 2", 14, 8, "Day 14 (week 2, day 7) · next tax: day 15", "Day 14 · tax: day 15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, smallMap)
			addCity(r, s, 1, 2, 2)
			s.Turn = tt.day
			s.Player(1).Stock[ep.StockLastTax] = tt.lastTax
			g := Game{R: Rules{Rules: r}}
			if long, short := g.TurnText(modelOf(t, r, s, 1)); long != tt.long || short != tt.short {
				t.Errorf("have %q and %q, want %q and %q", long, short, tt.long, tt.short)
			}
		})
	}
}

// TestForecast: the top bar's money with the day's order: a Tax brings
// its net, a build or a recruit costs, a Trade's gain depends on the
// other side; the breakdown says what a tax would bring and when.
func TestForecast(t *testing.T) {
	tests := []struct {
		name  string
		order func(city game.CityID) game.Order
		money string
		lines []string // parts of the breakdown
	}{
		{"no order", nil, "Smuckers 10, tomorrow 10",
			[]string{"No order today", "A tax today would bring +5: 3 × 2 cities + 1 × 0 Farms − 1 × 1 army", "You may tax today"}},
		{"tax", func(game.CityID) game.Order { return game.Order{Kind: ep.OrderTax} }, "Smuckers 10, tomorrow 15",
			[]string{"Tax:          +5 (3 × 2 cities + 1 × 0 Farms − 1 × 1 army)", "Tomorrow: 15"}},
		{"recruit", func(c game.CityID) game.Order {
			return game.Order{Kind: ep.OrderRecruit, City: c, Units: game.Units{0, 2}}
		}, "Smuckers 10, tomorrow 4", []string{"Recruit 2 Flyer in the city at (2,2) into army 2: -6"}},
		{"trade", func(game.CityID) game.Order { return game.Order{Kind: ep.OrderTrade, Player: 2} },
			"Smuckers 10, tomorrow 10 (12 if Blue trades too)", []string{"+2 if Blue trades with you today"}},
		{"tribute", func(game.CityID) game.Order { return game.Order{Kind: ep.OrderTribute, Player: 2} },
			"Smuckers 10, tomorrow 7", []string{"Tribute:      -3 to Blue"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, smallMap)
			c := addCity(r, s, 1, 2, 2)
			addArmy(t, r, s, 1, 2, 2, "2 infantry")
			addCity(r, s, 1, 6, 4)
			addCity(r, s, 2, 9, 0)
			s.Player(1).Treasury = 10
			m := modelOf(t, r, s, 1)
			if tt.order != nil {
				m.AddOrder(tt.order(c))
			}
			f := m.Forecast()
			if f.Money != tt.money || f.Warning != "" {
				t.Errorf("money %q, warning %q; want %q and none", f.Money, f.Warning, tt.money)
			}
			text := strings.Join(f.Lines, "\n")
			for _, l := range tt.lines {
				if !strings.Contains(text, l) {
					t.Errorf("the breakdown does not say %q:\n%s", l, text)
				}
			}
		})
	}
}

// TestExplain reads the sums of a real battle: "Total Combat + d6 - total
// opposing Defence = hits inflicted", a Dinglehoober's +1 and the city's
// +3 Defence among them, and the rule that decided it, players named.
func TestExplain(t *testing.T) {
	r, s := scenario(t, plainMap)
	addCity(r, s, 1, 0, 0)
	addCity(r, s, 2, 5, 2)
	addCity(r, s, 3, 11, 5)
	addStructure(t, r, s, 1, "dinglehoober", 4, 2)
	a := addArmy(t, r, s, 1, 4, 2, "2 flyer")
	addArmy(t, r, s, 2, 5, 2, "4 heavy, 4 infantry")
	ev := game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: []game.Order{{Turn: 1, Kind: game.OrderAttack, Army: a, Path: []hex.Hex{at(5, 2)}}}}})
	var b *game.BattleReport
	for _, e := range ev.List {
		if e.Kind == game.EventBattle {
			b = e.Battle
		}
	}
	if b == nil {
		t.Fatal("no battle")
	}
	sums, rest, ok := Sums(b)
	if !ok {
		t.Fatalf("no sums in %q", b.ReasonText)
	}
	att, def := 0, 1
	if b.Sides[0].Player != 1 {
		att, def = 1, 0
	}
	as, ds := sums[att], sums[def]
	if as == nil || ds == nil {
		t.Fatalf("sums %+v", sums)
	}
	// Red: 2 Flyers, Combat 6, cheered +1 by the Dinglehoober next to the
	// battle; Blue: 4 Heavy, 4 Infantry, Combat 8, Defence 4 + 3 in its
	// city.
	if as.Combat != 6 || as.Bonus != 1 || as.Defence != 7 || ds.Combat != 8 || ds.Bonus != 0 || ds.Defence != 0 {
		t.Errorf("attacker %+v, defender %+v", *as, *ds)
	}
	if as.Hits != max(as.Combat+as.Roll+as.Bonus-as.Defence, 0) || ds.Hits != max(ds.Combat+ds.Roll-ds.Defence, 0) {
		t.Errorf("hits do not add up: attacker %+v, defender %+v", *as, *ds)
	}
	if strings.Contains(rest, "Combat") || rest == "" {
		t.Errorf("the reason without the sums is %q", rest)
	}
	names := map[game.PlayerID]string{1: "Red", 2: "Blue"}
	lines, reason, ok := Rules{Rules: r}.Explain(b, func(p game.PlayerID) string { return names[p] })
	if !ok || len(lines[att]) != 1 || !strings.HasPrefix(lines[att][0], "Combat 6 + die ") || !strings.Contains(lines[att][0], "+1 − Defence 7 = ") {
		t.Errorf("the attacker's lines: %q", lines[att])
	}
	if strings.Contains(reason, "player") || !strings.Contains(reason, "Red") && !strings.Contains(reason, "Blue") {
		t.Errorf("the reason %q does not name the players", reason)
	}
	// A report without sums (a truce) is left as written.
	if _, _, ok := (Rules{Rules: r}).Explain(&game.BattleReport{Reason: ep.ReasonTruce, ReasonText: "player 2 took the tribute of player 1"}, nil); ok {
		t.Error("a truce's report explained")
	}
}

// TestHelp: the help says how to win, every order with its cost, every
// unit and structure, the Dinglehoober's effect, and a mod's numbers.
func TestHelp(t *testing.T) {
	d, err := ep.Default()
	if err != nil {
		t.Fatal(err)
	}
	text := helpText(Help(d))
	for _, want := range []string{
		"The first Erfpire to control 5 cities wins",
		"Each day you give one order",
		"Build a City", "5 Smuckers",
		"Build a Farm", "2 Smuckers, on Plains, next to one of your cities; one a hex",
		"Build a Fort", "next to one of your cities, or where one of your armies stands",
		"Build a Dinglehoober",
		"Recruit", "Infantry 1, Flyer 3, Heavy 2 Smuckers each", "at most 8 units an army", "at most 2 units a day for each city",
		"Move", "up to 2 hexes", "Mountain or Ocean",
		"Tax", "3 Smuckers per city, 1 per Farm, less 1 Smucker maintenance per army",
		"Trade", "gains half of what its Tax would bring", "Tribute", "a gift of half of your tax revenue",
		"Cyan outline",
		"Costs 3 Smuckers; Combat 3, Defence 0, 1 Hit.",
		"+1 to their die in every battle within 1 hex of it",
		"each side rolls a d6 and inflicts total Combat + the die − the enemy's total Defence",
		"Each hit removes one unit, in this order: Infantry, then Heavy, then Flyer",
		"Where the rules are silent",
		"Mouse and keys", "The map", "A tall contraption of pipes and bells",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q", want)
		}
	}
	for _, not := range []string{"Warlord", "Caster", "fleet", "Capital"} {
		if strings.Contains(text, not) {
			t.Errorf("the help speaks of %s, which erfpires has not", not)
		}
	}
	// A mod's numbers.
	mod := *d
	mod.Win.Cities, mod.City.Cost = 7, 9
	text = helpText(Help(&mod))
	for _, want := range []string{"control 7 cities", "9 Smuckers. Select an army"} {
		if !strings.Contains(text, want) {
			t.Errorf("a mod's help does not say %q", want)
		}
	}
}

// helpText is the help's words.
func helpText(h interface{}) string {
	var b strings.Builder
	v := reflect.ValueOf(h)
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			b.WriteString(v.String() + "\n")
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		}
	}
	walk(v)
	return b.String()
}

// TestRealmPanel: the Erfpire's panel says how near it is to winning,
// what it holds, what a tax, a trade and a tribute bring, and each truce
// in force: "That Erfpire may not attack you for a week", both ways.
func TestRealmPanel(t *testing.T) {
	r, s := scenario(t, smallMap)
	addCity(r, s, 1, 2, 2)
	addStructure(t, r, s, 1, "farm", 1, 2)
	addArmy(t, r, s, 1, 2, 2, "2 infantry, 1 heavy")
	addCity(r, s, 2, 9, 0)
	addCity(r, s, 3, 9, 5)
	s.Turn = 4
	s.Player(1).Stock[ep.StockLastTax] = 2
	s.Player(1).Stock[ep.StockTruce+1] = 6     // Red took Blue's tribute: no attack on Blue to day 6
	s.Player(1).Stock[ep.StockProtected+2] = 9 // Red gave Green tribute: no attack from Green to day 9
	s.Player(1).Stock[ep.StockTruce+2] = 3     // a truce with Green that is over
	lines := Game{R: Rules{Rules: r}}.RealmPanel(modelOf(t, r, s, 1))
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"Cities: 1 of the 5 that win",
		"1 Farm, 0 Forts, 0 Dinglehoobers; 1 army (3 units)",
		"Tax: +3 (3 × 1 city + 1 × 1 Farm − 1 × 1 army); next tax: day 9, once a week",
		"Trade: +1 to each of two Erfpires",
		"Tribute: you give 2 Smuckers (half your revenue); the receiver may not attack you for 7 days",
		"You took Blue's tribute: you may not attack Blue until day 6",
		"You gave Green tribute: Green may not attack you until day 9",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the panel does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Green's tribute") {
		t.Errorf("the panel tells of a truce that is over:\n%s", text)
	}
}
