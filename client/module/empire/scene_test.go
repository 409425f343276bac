package empire

import (
	"math"
	"strings"
	"testing"

	"empires/assets"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// sceneModel returns a model of a view drawn by hand: a 16x16 map of
// plains seen on the turn before turn 5 (in sight), except column 0 seen
// on turn 2 (remembered) and the last row never seen; Ann's city with a
// garrison of 2 units and two armies of 1 and 3 units at 1,1; Bob's town
// at 5,5 as seen on turn 2; a sighting of Bob's army of 4 units this turn
// at 3,3 and one of turn 2 at 0,8.
func sceneModel(t *testing.T) *Model {
	t.Helper()
	r, err := rules.Load(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	g := grid.New(grid.Square, 16, 16)
	v := &rules.View{Seat: 1, Turn: 5, Shape: grid.Square, Width: 16, Height: 16,
		Players: []rules.PlayerView{{Name: "Ann", Alive: true}, {Name: "Bob", Alive: true}}}
	for i := range g.Len() {
		p := g.At(i)
		switch {
		case p.Y == 15:
			v.Terrain, v.Seen = append(v.Terrain, rules.Unknown), append(v.Seen, 0)
		case p.X == 0:
			v.Terrain, v.Seen = append(v.Terrain, uint8(dat.Forest)), append(v.Seen, 2)
		default:
			v.Terrain, v.Seen = append(v.Terrain, uint8(dat.Plains)), append(v.Seen, 5)
		}
	}
	inf, _ := r.Dat().Kind("Infantry")
	unit := func(id int) rules.Unit { return rules.Unit{ID: rules.UnitID(id), Kind: inf, HP: 1} }
	v.Settlements = []rules.SettlementView{
		{ID: 1, Pos: grid.Pos{X: 1, Y: 1}, City: true, Owner: 1, Produce: 1, Turn: 5},
		{ID: 2, Pos: grid.Pos{X: 5, Y: 5}, Owner: 2, Turn: 2},
	}
	v.Forces = []rules.Force{
		{ID: 10, Owner: 1, Pos: grid.Pos{X: 1, Y: 1}, Garrison: true, Units: []rules.Unit{unit(100), unit(101)}},
		{ID: 11, Owner: 1, Pos: grid.Pos{X: 1, Y: 1}, Units: []rules.Unit{unit(102)}},
		{ID: 12, Owner: 1, Pos: grid.Pos{X: 1, Y: 1}, Units: []rules.Unit{unit(103), unit(104), unit(105)}},
	}
	v.Sightings = []rules.Sighting{
		{Force: 20, Owner: 2, Pos: grid.Pos{X: 3, Y: 3}, Units: 4, HP: 4, MaxHP: 4, Turn: 5},
		{Force: 21, Owner: 2, Pos: grid.Pos{X: 0, Y: 8}, Units: 2, HP: 1, MaxHP: 2, Turn: 2},
	}
	m := NewModel(r.Dat())
	m.SetView(v)
	return m
}

// "unknown squares dark, squares not seen this turn dimmed": the ground
// of each square as the map draws it.
func TestSquareAt(t *testing.T) {
	m := sceneModel(t)
	tests := []struct {
		name string
		have grid.Pos
		want Square
	}{
		{"in sight", grid.Pos{X: 4, Y: 4}, Square{Terrain: dat.Plains, Sight: Seen}},
		{"remembered", grid.Pos{X: 0, Y: 4}, Square{Terrain: dat.Forest, Sight: Remembered}},
		{"never seen", grid.Pos{X: 4, Y: 15}, Square{Sight: Unknown}},
	}
	for _, tc := range tests {
		if have := m.SquareAt(tc.have); have != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, have, tc.want)
		}
	}
}

// What the map draws on each square: the settlements in their owner's
// colour, the player's garrison and armies with their units, the
// sightings, those of an earlier turn outdated with the turn they were
// seen. "If a hostile army is sighted, its owner, its internal number,
// the number of units, the sum of the actual hp and the sum of the
// maximum hp is recorded."
func TestThings(t *testing.T) {
	m := sceneModel(t)
	type drawn struct {
		settlement                  rules.Seat // owner+1, 0 for none
		garrison, armies, armyUnits int
		owner                       rules.Seat
		sighted                     int
		outdated                    bool
		seen                        int
	}
	want := map[grid.Pos]drawn{
		{X: 1, Y: 1}: {settlement: 2, garrison: 2, armies: 2, armyUnits: 4, owner: 1},
		{X: 3, Y: 3}: {sighted: 4, seen: 5},
		{X: 5, Y: 5}: {settlement: 3},
		{X: 0, Y: 8}: {sighted: 2, outdated: true, seen: 2},
	}
	things := m.Things()
	if len(things) != len(want) {
		t.Errorf("%d squares with things, want %d: %+v", len(things), len(want), things)
	}
	for _, th := range things {
		var have drawn
		if th.Settlement != nil {
			have.settlement = th.Settlement.Owner + 1
		}
		have.garrison, have.armies, have.armyUnits, have.owner = th.Garrison, th.Armies, th.ArmyUnits, th.Owner
		for _, s := range th.Sightings {
			have.sighted += s.Units
		}
		have.outdated, have.seen = th.Outdated, th.Seen
		if w, ok := want[th.Pos]; !ok || have != w {
			t.Errorf("%v: have %+v, want %+v", th.Pos, have, w)
		}
	}
	if have := m.SightingLine(&m.View().Sightings[1]); have != "Bob's army 21: 2 units, 1/2 hp, seen on turn 2 (outdated)" {
		t.Errorf("the outdated sighting reads %q", have)
	}
	if p, ok := m.Home(); !ok || p != (grid.Pos{X: 1, Y: 1}) {
		t.Errorf("home %v %t, want the city at 1,1", p, ok)
	}
}

// Every cell's centre is in that cell, on squares and on hexes; the map's
// picture holds every cell's corners.
func TestLayout(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		l := NewLayout(shape, 20, 15)
		ww, wh := l.WorldSize()
		g := grid.New(shape, 20, 15)
		for i := range g.Len() {
			p := g.At(i)
			x, y := l.Center(p)
			if have, ok := l.CellAt(x, y); !ok || have != p {
				t.Errorf("%v %v: the centre (%.1f,%.1f) is in %v (%t)", shape, p, x, y, have, ok)
			}
			// A point a little off the centre, towards a corner, too.
			c := l.Corners(p)[0]
			if have, _ := l.CellAt(x+(c[0]-x)*0.8, y+(c[1]-y)*0.8); have != p {
				t.Errorf("%v %v: a point near its corner is in %v", shape, p, have)
			}
			for _, c := range l.Corners(p) {
				if c[0] < -0.01 || c[1] < -0.01 || c[0] > ww+0.01 || c[1] > wh+0.01 {
					t.Errorf("%v %v: corner %v outside the %vx%v picture", shape, p, c, ww, wh)
				}
			}
		}
		if _, ok := l.CellAt(-5, -5); ok {
			t.Errorf("%v: a point off the map is on it", shape)
		}
	}
	big := NewLayout(grid.Square, 256, 256)
	if w, h := big.WorldSize(); math.Max(w, h) > maxWorld {
		t.Errorf("a 256x256 map is drawn %vx%v, more than %d", w, h, maxWorld)
	}
}

// On a map of hexes the screen speaks of hexes: the descriptions, the
// help.
func TestHexWords(t *testing.T) {
	m := sceneModel(t)
	v := *m.View()
	v.Shape = grid.Hex
	m.SetView(&v)
	for _, line := range m.Describe(grid.Pos{X: 4, Y: 15}) {
		if !strings.Contains(line, "hex") || strings.Contains(line, "square") {
			t.Errorf("an unknown hex reads %q", line)
		}
	}
	for _, sec := range Help(m.Data(), grid.Hex).Sections {
		for _, p := range sec.Paragraphs {
			if strings.Contains(strings.ToLower(p), "square") {
				t.Errorf("the help of a map of hexes says %q", p)
			}
		}
	}
	var enter bool
	for _, sec := range Help(m.Data(), grid.Square).Sections {
		for _, r := range sec.Rows {
			enter = enter || r.Term == "Enter" && strings.Contains(r.Text, "end the turn")
		}
	}
	if !enter {
		t.Error("the help does not say that Enter ends the turn")
	}
}

// The log's words of one event each, as the player reads them and, in a
// replay, as a watcher does (SetThirdPerson): the view's player named as
// the others are. "An army moves square by square": one that cannot
// enter the next square stops, and the log says where, with the square's
// terrain when the player knows it.
func TestEventWords(t *testing.T) {
	tests := []struct {
		name        string
		ev          rules.Event
		want, third string
	}{
		{"blocked by a terrain it cannot enter",
			rules.Event{Kind: rules.EvBlocked, Owner: 1, Force: 11, Pos: grid.Pos{X: 1, Y: 1}, To: grid.Pos{X: 0, Y: 1}},
			"Your army 11 at 1,1: 0,1 is Forest it cannot enter: it stops.",
			"Ann's army 11 at 1,1: 0,1 is Forest it cannot enter: it stops."},
		{"blocked on a square never seen",
			rules.Event{Kind: rules.EvBlocked, Owner: 1, Force: 11, Pos: grid.Pos{X: 1, Y: 14}, To: grid.Pos{X: 1, Y: 15}},
			"Your army 11 at 1,14 cannot enter 1,15: it stops.",
			"Ann's army 11 at 1,14 cannot enter 1,15: it stops."},
		{"a settlement taken",
			rules.Event{Kind: rules.EvConquered, Owner: 1, Other: 2, Pos: grid.Pos{X: 5, Y: 5}},
			"You took Bob's town at 5,5.",
			"Ann took Bob's town at 5,5."},
		{"a settlement lost",
			rules.Event{Kind: rules.EvConquered, Owner: 2, Other: 1, Pos: grid.Pos{X: 1, Y: 1}},
			"Bob took your city at 1,1!",
			"Bob took Ann's city at 1,1."},
		{"out of the game",
			rules.Event{Kind: rules.EvEliminated, Owner: 1},
			"You are out of the game: your empire fell.",
			"Ann is out of the game."},
		{"the winner",
			rules.Event{Kind: rules.EvGameOver, Owner: 1},
			"The game is over: you conquered the world!",
			"The game is over: Ann won."},
	}
	for _, tt := range tests {
		for _, third := range []bool{false, true} {
			m := sceneModel(t)
			m.SetThirdPerson(third)
			lines := m.tell(m.v, []rules.Event{tt.ev})
			want := tt.want
			if third {
				want = tt.third
			}
			if len(lines) != 1 || lines[0].Text != want {
				t.Errorf("%s (third person %v): %+v, want %q", tt.name, third, lines, want)
			}
		}
	}
}
