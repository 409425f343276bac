package empireai

import (
	"strings"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	empireworld "empires/shared/rules/empire/world"
	"empires/shared/ruleset"
)

// islands is a map of two islands: seat 1's city by the sea and a town on
// the left, a town and seat 2's city on the right, sea between them.
const islands = `
~~~~~~~~~~~~~~~~~~~~~~~~
~.....~~~~~~~~~~~~.....~
~...1~~~~~~~~~~~~~.t...~
~.....~~~~~~~~~~~~.....~
~.t...~~~~~~~~~~~~...2.~
~.....~~~~~~~~~~~~.....~
~~~~~~~~~~~~~~~~~~~~~~~~
`

// TestNormalCrossesTheSea plays normal against passive on islands, where
// the only way to the enemy on foot is by sea ("transport<n>: transports
// up to n units"): normal builds transports, puts walking units aboard,
// lands them on the other island, and takes a settlement of it before
// turn 120.
func TestNormalCrossesTheSea(t *testing.T) {
	r := rules(t)
	m, err := empireworld.Parse(grid.Square, islands)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.NewOnMap(m, 2, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	gm := &game{t: t, r: r, g: g, levels: []ruleset.Level{ruleset.Normal, ruleset.Passive}}
	for _, l := range gm.levels {
		ai, err := r.NewAI(l.String(), 7)
		if err != nil {
			t.Fatal(err)
		}
		gm.players = append(gm.players, ai)
	}
	d := r.Dat()
	built := map[string]bool{}
	aboard, landed, took := 0, 0, 0
	for gm.turn(func(s ruleset.Seat, v *empire.View, _ []byte) {
		if s != 1 {
			return
		}
		for _, f := range v.Forces {
			if f.Owner != 1 || f.Garrison {
				continue
			}
			ships, walkers := 0, 0
			for _, u := range f.Units {
				ut := d.Unit(u.Kind)
				if ut.Transport > 0 {
					ships++
					built[ut.Name] = true
				} else if walker(ut) {
					walkers++
				}
			}
			if ships > 0 && walkers > 0 && v.Terrain[v.Grid().Index(f.Pos)] == uint8(dat.Sea) {
				aboard++
			}
			if ships == 0 && walkers > 0 && f.Pos.X > 12 {
				landed++
			}
		}
		for _, st := range v.Settlements {
			if st.Owner == 1 && st.Pos.X > 12 && took == 0 {
				took = v.Turn
			}
		}
	}) && (took == 0 || landed == 0) && int(gm.g.Step().Turn) < 120 {
	}
	t.Logf("transports %v, %d turns of walkers at sea, %d turns of walkers on the other island, a settlement of it taken at turn %d", built, aboard, landed, took)
	if !built["Barge"] {
		t.Errorf("transports built: %v, want a Barge (the city by the sea)", built)
	}
	if aboard == 0 || landed == 0 {
		t.Errorf("%d turns of walking units at sea, %d on the other island: want both", aboard, landed)
	}
	if took == 0 {
		t.Errorf("normal took no settlement of the other island before turn 120")
	}
}

// TestTransports checks the transports a settlement builds for walking
// units that reach nothing on foot ("transport<n>: transports up to n
// units"): a Barge by the sea, a Balloon in an inland city (a Barge
// cannot be built there), none while the walkers can reach a target or
// at easy; a Galleon ("naval attack ... can attack units which can move
// at sea") by the sea when enemy ships (more hp a unit than a flier has)
// are seen on the water near it, not for fliers; and that an army of a Barge and walkers next to a shore from
// which the walkers reach a target lands them there and sails home.
func TestTransports(t *testing.T) {
	d := data(t)
	// The left island is all seen and seat 1's; the right holds a town.
	text := `
~~~~~~~~~~~~~~
~...~~~~~~..~~
~..C~~~~~~.n.~
~...~~~~~~...~
~~~~~~~~~~~~~~`
	inland := `
~~~~~~~~~~~~~~
~.....~~~~..~~
~..C..~~~~.n.~
~.....~~~~...~
~~~~~~~~~~~~~~`
	for _, tt := range []struct {
		name  string
		level ruleset.Level
		text  string
		x     int
		gar   []string
		want  string
	}{
		{"city by the sea", ruleset.Normal, text, 3, []string{"Infantry", "Infantry", "Cavalry"}, "Barge"},
		{"inland city", ruleset.Normal, inland, 3, []string{"Infantry", "Infantry", "Cavalry"}, "Balloon"},
		{"no spare walkers", ruleset.Normal, text, 3, []string{"Infantry", "Infantry"}, "Spirit"},
		{"easy builds none", ruleset.Easy, text, 3, []string{"Infantry", "Infantry", "Cavalry"}, ""},
		{"an enemy at sea", ruleset.Normal, text, 3, []string{"Infantry", "Infantry"}, "Galleon"},
		{"an enemy at sea, inland", ruleset.Normal, inland, 3, []string{"Infantry", "Infantry"}, "Spirit"},
		{"fliers at sea", ruleset.Normal, text, 3, []string{"Infantry", "Infantry"}, "Spirit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScene(t, d, tt.text)
			s.garrison(tt.x, 2, tt.gar...)
			s.sight(0, 11, 2, true, 1, 1, 0)
			if strings.HasPrefix(tt.name, "an enemy at sea") {
				s.sight(2, 7, 2, false, 2, 6, 0) // two Galleons' hp: ships
			}
			if tt.name == "fliers at sea" {
				s.sight(2, 7, 2, false, 3, 4, 0) // Angels' hp
			}
			w := s.plan(tt.level)
			o := order(w.orders, empire.Produce, 0, s.settlement(tt.x, 2).ID)
			if o == nil && tt.want != "" || o != nil && kindName(d, o.Value) != tt.want {
				t.Errorf("produce order %+v (%s), want %q", o, kindName(d, o.Value), tt.want)
			}
		})
	}

	s := newScene(t, d, text)
	s.garrison(3, 2, "Infantry")
	boat := s.army(9, 2, "Barge", "Infantry", "Cavalry")
	s.sight(0, 11, 2, true, 1, 1, 0)
	w := s.plan(ruleset.Normal)
	split := order(w.orders, empire.Split, boat, 0)
	if split == nil || len(split.Units) != 2 || len(split.Path) != 1 || split.Path[0] != at(10, 2) && split.Path[0] != at(10, 1) && split.Path[0] != at(10, 3) {
		t.Fatalf("orders %+v, want the two walkers landing next to the town", split)
	}
	home := order(w.orders, empire.Move, boat, 0)
	if home == nil || last(home.Path, at(9, 2)).X >= 9 {
		t.Errorf("orders %+v, want the Barge sailing home", w.orders)
	}
}
