package model

import (
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

func TestClickCyclesThroughArmiesAndCity(t *testing.T) {
	g := newSmallGame(t)
	capital := gametest.At(0, 4)
	// Two more armies of player 1 in its Capital: a garrison and a Warlord.
	garrison := g.s.AddArmy(game.Army{Owner: 1, Hex: capital, Units: game.Units{4}})
	lead := g.s.AddArmy(game.Army{Owner: 1, Hex: capital,
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: 1, Level: 1}}})
	m := modelOf(t, g.r, g.s, 1)
	empty := gametest.At(4, 0)
	enemy := gametest.At(2, 3)
	steps := []struct {
		click hex.Hex
		want  Selection
	}{
		{capital, Selection{Active: true, Hex: capital, Army: garrison}},
		{capital, Selection{Active: true, Hex: capital, Army: lead}},
		{capital, Selection{Active: true, Hex: capital, City: g.Capital}},
		{capital, Selection{Active: true, Hex: capital, Army: garrison}}, // round again
		{empty, Selection{Active: true, Hex: empty}},                     // the garrison cannot move: the hex is selected
		{enemy, Selection{Active: true, Hex: enemy}},                     // enemies are not selected, their hex is
		{gametest.At(0, 0), Selection{Active: true, Hex: gametest.At(0, 0), City: g.City}},
		{gametest.At(0, 0), Selection{Active: true, Hex: gametest.At(0, 0), City: g.City}}, // one thing: it stays
		{gametest.At(-1, 0), Selection{}},                                                  // off the map
	}
	for i, st := range steps {
		m.Click(st.click)
		if have := m.Selection(); have != st.want {
			t.Fatalf("click %d on %s: have %+v, want %+v", i+1, st.click, have, st.want)
		}
	}
	if d := m.Drafts(); d != nil {
		t.Errorf("clicks made orders: %v", d)
	}
}

func TestClickPlansMove(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	w := gametest.At(2, 2)
	m.Click(w)
	if m.Selection().Army != g.W {
		t.Fatalf("selection %+v, want army %d", m.Selection(), g.W)
	}
	to := gametest.At(4, 2)
	m.Click(to)
	o, ok := m.MoveDraft(g.W)
	if !ok || o.Kind != game.OrderMove || len(o.Path) != 2 || o.Path[1] != to {
		t.Fatalf("move draft %+v, %v: want a move of 2 steps to %s", o, ok, to)
	}
	if m.Selection().Army != g.W {
		t.Errorf("after planning, selection %+v, want the army still", m.Selection())
	}
	// The enemy next door: an attack.
	m.Click(gametest.At(2, 3))
	if o, _ := m.MoveDraft(g.W); o.Kind != game.OrderAttack || len(o.Path) != 1 {
		t.Errorf("click on a neighbouring enemy: draft %+v, want an attack of 1 step", o)
	}
	// Out of reach: the hex is selected instead, the plan kept.
	far := gametest.At(5, 4)
	m.Click(far)
	if have := m.Selection(); have != (Selection{Active: true, Hex: far}) {
		t.Errorf("click out of reach: selection %+v, want the hex", have)
	}
	if len(m.Drafts()) != 1 {
		t.Errorf("drafts %v, want the one attack", m.Drafts())
	}
}

func TestReach(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	reach := m.Reach(g.W)
	tests := []struct {
		name string
		col  int
		row  int
		want int // -1: out of reach
	}{
		{"a neighbour costs one move", 3, 2, 1},
		{"two hexes away costs two", 4, 2, 2},
		{"over a pass between mountains", 2, 0, 2},
		{"the army's own hex is left out", 2, 2, -1},
		{"armies may not enter Water", 1, 2, -1},
		{"armies may not enter Mountains", 3, 1, -1},
		{"a hex held by an enemy in sight is not entered by a move", 2, 3, -1},
		{"three hexes away is beyond a base move of two", 5, 2, -1},
		{"unexplored hexes are not lit (PlanPath plans into them)", 6, 2, -1},
	}
	for _, tt := range tests {
		h := gametest.At(tt.col, tt.row)
		have, ok := reach[h]
		if !ok {
			have = -1
		}
		if have != tt.want {
			t.Errorf("%s: reach of %d,%d is %d, want %d", tt.name, tt.col, tt.row, have, tt.want)
		}
	}
	for h, c := range reach {
		if c < 1 || c > 2 {
			t.Errorf("hex %s costs %d, outside 1..2", h, c)
		}
	}
	if fleet := m.Reach(g.F); len(fleet) != 1 || fleet[gametest.At(1, 2)] != 1 {
		t.Errorf("fleet reach %v, want only the Water hex 1,2 at 1", fleet)
	}
	if r := m.Reach(g.E); r != nil {
		t.Errorf("reach of an enemy army: %v", r)
	}
	att := m.Attackable(g.W)
	if len(att) != 1 || att[gametest.At(2, 3)] != 1 {
		t.Errorf("attackable %v, want the enemy at 2,3 for 1", att)
	}
}

func TestPlanPath(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	tests := []struct {
		name      string
		army      game.ArmyID
		col, row  int
		wantErr   string
		wantCost  int
		reachable bool
		attack    bool
	}{
		{name: "within this turn's move", army: g.W, col: 4, row: 2, wantCost: 2, reachable: true},
		{name: "beyond this turn's move, around the enemy and the Water", army: g.W, col: 5, row: 4, wantCost: 5},
		{name: "an enemy in sight: an attack", army: g.W, col: 2, row: 3, wantCost: 1, reachable: true, attack: true},
		{name: "Mountains are impassable to armies", army: g.W, col: 3, row: 1, wantErr: "(Mountains) is impassable to armies"},
		{name: "fleets sail on Water only", army: g.F, col: 0, row: 0, wantErr: "(Open) is impassable to fleets"},
		{name: "a fleet cannot reach water it has no way to", army: g.F, col: 3, row: 4, wantErr: "no known way leads fleet"},
		{name: "off the map", army: g.W, col: 9, row: 1, wantErr: "is off the map"},
		{name: "already there", army: g.W, col: 2, row: 2, wantErr: "already"},
		{name: "not the player's army", army: g.E, col: 2, row: 2, wantErr: "is not yours"},
		{name: "no such army", army: 999, col: 2, row: 2, wantErr: "does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			to := gametest.At(tt.col, tt.row)
			p, err := m.PlanPath(tt.army, to)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Cost != tt.wantCost || p.Reachable != tt.reachable || p.Attack != tt.attack || p.Steps != len(p.Path) ||
				p.Path[len(p.Path)-1] != to {
				t.Errorf("plan %+v: want cost %d, reachable %v, attack %v, ending at %s", p, tt.wantCost, tt.reachable, tt.attack, to)
			}
			// The plan is a path the server accepts.
			o := game.Order{Turn: g.s.Turn, Kind: game.OrderMove, Army: tt.army, Path: p.Path}
			if p.Attack {
				o.Kind = game.OrderAttack
			}
			if err := game.ValidateOrder(g.s, g.r, 1, &o); err != nil {
				t.Errorf("the server refuses the plan: %v", err)
			}
		})
	}
}

// TestGarrisonCannotMove: "In order for units to leave a City hex, they
// must be a part of an Army": a garrison has no reach and no plan.
func TestGarrisonCannotMove(t *testing.T) {
	g := newSmallGame(t)
	garrison := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(0, 4), Units: game.Units{4}})
	m := modelOf(t, g.r, g.s, 1)
	if r := m.Reach(garrison); len(r) != 0 {
		t.Errorf("garrison reach %v, want none", r)
	}
	if _, err := m.PlanPath(garrison, gametest.At(1, 4)); err == nil || !strings.Contains(err.Error(), "garrison") {
		t.Errorf("garrison plan: %v, want the garrison rule", err)
	}
}

// TestClickSelectsOwnRatherThanMoving checks that, with an army selected, a
// click on a hex holding another of the player's armies selects it instead
// of moving there (a right click, SetMove, moves), and that SelectArmy
// selects only the player's armies.
func TestClickSelectsOwnRatherThanMoving(t *testing.T) {
	g := newSmallGame(t)
	other := g.s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(3, 2), Units: game.Units{1},
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erfworld.CharWarlord, Level: 1}}})
	game.RecordVision(g.s, g.r)
	m := modelOf(t, g.r, g.s, 1)
	m.SelectArmy(g.W)
	if have := m.Selection(); have.Army != g.W || have.Hex != gametest.At(2, 2) {
		t.Fatalf("SelectArmy: selection %+v, want army %d", have, g.W)
	}
	m.Click(gametest.At(3, 2))
	if have := m.Selection(); have.Army != other {
		t.Errorf("click on another own army: selection %+v, want army %d", have, other)
	}
	if d := m.Drafts(); d != nil {
		t.Errorf("the click made orders: %v", d)
	}
	m.SelectArmy(g.E)
	if have := m.Selection(); have.Active {
		t.Errorf("SelectArmy of an enemy army: selection %+v, want none", have)
	}
}
