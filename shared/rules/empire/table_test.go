package empire

import (
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulestable"
)

// testPackages maps a prefix of RULES.md ("battle." in `battle.TestX`) to
// the directory of that package's tests, from this one; "" is this
// package.
var testPackages = map[string]string{
	"":         ".",
	"battle":   "battle",
	"dat":      "dat",
	"world":    "world",
	"grid":     "../../grid",
	"empireai": "empireai",
}

// TestRulesTable: RULES.md quotes its document word for word, every
// sentence of it, and each row names tests that exist or says "not a
// rule"; rows are numbered 1, 2, ..., so the table cannot drift from the
// document or the tests (see package rulestable).
func TestRulesTable(t *testing.T) {
	rulestable.Test(t, "RULES.md", testPackages)
}

// "There is no limit to the number of garrisons." "There is no limit of
// armies one player can support."
func TestNoLimitToForces(t *testing.T) {
	g := onMap(t, 2, `
1.......
........
.......2`)
	names := make([]string, 40)
	for i := range names {
		names[i] = "Infantry"
	}
	gar := add(t, g, 1, 0, 0, true, names...)
	var os []Order
	for i := range 20 {
		os = append(os, Order{Kind: Split, Force: gar.ID, Units: []UnitID{gar.f().Units[2*i].ID}, Path: path(t, "1,0")})
		os = append(os, Order{Kind: Split, Force: gar.ID, Units: []UnitID{gar.f().Units[2*i+1].ID}, Garrison: true})
	}
	play(t, g, map[Seat][]Order{1: os})
	armies, garrisons := 0, 0
	for _, f := range g.s.Forces {
		if f.Garrison {
			garrisons++
		} else {
			armies++
		}
	}
	// The first garrison gave away all its units and winked out.
	if armies != 20 || garrisons != 20 {
		t.Errorf("%d armies and %d garrisons, want 20 and 20", armies, garrisons)
	}
}

// "If there are more than one hostile army in an adjacent square, the
// target is chosen randomly."
func TestBombardRandomTarget(t *testing.T) {
	hit := map[bool]bool{} // by: the target was a
	for seed := range uint64(40) {
		g := onMap(t, 2, `
1.~~~~~~~~..
..~~~~~~~~..
..~~~~~~~~.2`)
		g.pcg.Seed(seed, 1)
		gal := add(t, g, 1, 4, 1, false, "Galleon")
		a := add(t, g, 2, 6, 1, false, "Barge")
		b := add(t, g, 2, 6, 1, false, "Barge")
		evs := play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: gal.ID, Path: path(t, "5,1")}}})
		bs := of(evs, EvBombard)
		if len(bs) != 1 || bs[0].Target != a.ID && bs[0].Target != b.ID {
			t.Fatalf("seed %d: bombardments %+v", seed, bs)
		}
		hit[bs[0].Target == a.ID] = true
	}
	if !hit[true] || !hit[false] {
		t.Errorf("over 40 seeds the galleon bombarded only %v of the two barges", hit)
	}
}

// "Special Attributes (example: av+1 for whole army, mp+1 for whole
// army)." An mp+<n> unit (a mod's) gives its whole army n more mp.
func TestMPBonus(t *testing.T) {
	g := onMap(t, 2, `
1.......
........
.......2`)
	d := *g.d
	d.Units = append([]dat.Unit(nil), g.d.Units...)
	k := kind(t, g, "Hero")
	d.Units[k].MPBonus = 1
	units := []Unit{{ID: 1, Kind: k, HP: 4}, {ID: 2, Kind: kind(t, g, "Infantry"), HP: 1}}
	if have := ArmyMovement(&d, units).MP; have != 3 {
		t.Errorf("infantry (2 mp) with an mp+1 hero: %d mp, want 3", have)
	}
}

// CHOICE (game.dat end.turn): a game the world's conquest does not end
// ends after the last turn; the player holding the most settlements wins,
// ties broken by the production value of the units.
func TestLastTurn(t *testing.T) {
	tests := []struct {
		name  string
		towns Seat // the owner of the neutral town
		p2    []string
		want  Seat
	}{
		{"most settlements", 1, []string{"Golem"}, 1},
		{"tie on settlements, more value", 0, []string{"Golem"}, 2},
		{"a tie on both", 0, []string{"Infantry"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := onMap(t, 2, `
1...t...
........
.......2`)
			g.s.settlementAt(grid.Pos{X: 4, Y: 0}).Owner = tc.towns
			add(t, g, 1, 0, 0, true, "Infantry")
			add(t, g, 2, 7, 2, true, tc.p2...)
			g.s.Turn = g.d.Game.LastTurn
			evs := play(t, g, nil)
			over, w := g.Over()
			if !over || w != tc.want || len(of(evs, EvGameOver)) != 1 {
				t.Errorf("over %t, winner %d, want %d", over, w, tc.want)
			}
		})
	}
}

// CHOICE: hostile armies that swap squares in one step meet between them
// and fight; they do not pass through each other.
func TestCrossingArmiesMeet(t *testing.T) {
	g := onMap(t, 2, `
1.......
........
.......2`)
	a := add(t, g, 1, 3, 1, false, "Infantry")
	b := add(t, g, 2, 4, 1, false, "Infantry")
	evs := play(t, g, map[Seat][]Order{
		1: {{Kind: Move, Force: a.ID, Path: path(t, "4,1")}},
		2: {{Kind: Move, Force: b.ID, Path: path(t, "3,1")}},
	})
	if n := len(of(evs, EvBattle)); n != 1 {
		t.Errorf("%d battles, want 1", n)
	}
}

// CHOICE (game.dat start.units, neutral.garrison): each player starts with
// a city, its garrison and its production; every neutral settlement holds
// a neutral garrison.
func TestNewGame(t *testing.T) {
	r := rules(t)
	rg, err := r.New(ruleset.Config{Seed: 1, Seats: 3, Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 20}})
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(*Game)
	starts := 0
	for _, st := range g.s.Settlements {
		var units []string
		for _, i := range g.s.forcesAt(st.Pos) {
			f := g.s.Forces[i]
			if !f.Garrison || f.Owner != st.Owner {
				t.Errorf("settlement %d holds force %d (garrison %t) of seat %d", st.ID, f.ID, f.Garrison, f.Owner)
			}
			for _, u := range f.Units {
				units = append(units, g.d.Unit(u.Kind).Name)
			}
		}
		want := g.d.Game.NeutralGarrison
		if st.Owner != 0 {
			starts++
			want = g.d.Game.StartUnits
			if !st.City || st.Produce == 0 {
				t.Errorf("seat %d starts in settlement %d: city %t, producing %d", st.Owner, st.ID, st.City, st.Produce)
			}
		}
		if len(units) != len(want) {
			t.Errorf("settlement %d of seat %d holds %v, want %v", st.ID, st.Owner, units, want)
		}
	}
	if starts != 3 {
		t.Errorf("%d start cities for 3 players", starts)
	}
	if err := r.CheckConfig(ruleset.Config{Seats: 8, Options: ruleset.Options{ruleset.KeyWidth: 16, ruleset.KeyHeight: 16}}); err == nil {
		t.Error("8 players on a 16x16 map were accepted")
	}
}
