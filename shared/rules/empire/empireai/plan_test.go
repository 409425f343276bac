package empireai

import (
	"slices"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// TestProduction checks what each level has its settlements produce:
// "keep every settlement producing (cheap Infantry/Cavalry/Archers early,
// stronger units in cities later)" — for normal, the most power per turn
// of production among the units done soon enough.
func TestProduction(t *testing.T) {
	d := data(t)
	open := `
????????????
?..........?
?.T......C.?
?..........?
?..........?
????????????`
	walled := `
????????????
?MMM.......?
?MTM.....C.?
?MMM.......?
?..........?
????????????`
	tests := []struct {
		name  string
		level ruleset.Level
		text  string
		// towns and cities held, beyond the scene's own
		extra   int
		threat  bool
		gar     []string
		x, y    int
		want    string
		current string // what it produces now, "" nothing
	}{
		{name: "normal town without a garrison", level: ruleset.Normal, text: open, x: 2, y: 2, want: "Infantry"},
		{name: "normal town", level: ruleset.Normal, text: open, gar: []string{"Infantry"}, x: 2, y: 2, want: "Spirit"},
		{name: "normal city, few settlements", level: ruleset.Normal, text: open, gar: []string{"Infantry", "Archer"}, x: 9, y: 2, want: "Spirit"},
		{name: "normal city short of its garrison", level: ruleset.Normal, text: open, gar: []string{"Infantry"}, extra: 3, x: 9, y: 2, want: "Infantry"},
		{name: "normal city, grown", level: ruleset.Normal, text: open, gar: []string{"Infantry", "Archer"}, extra: 3, x: 9, y: 2, want: "Angel"},
		{name: "normal city, grown, threatened", level: ruleset.Normal, text: open, gar: []string{"Infantry", "Archer"}, extra: 3, threat: true, x: 9, y: 2, want: "Spirit"},
		{name: "easy town, empty garrison", level: ruleset.Easy, text: open, x: 2, y: 2, want: "Infantry"},
		{name: "easy town, garrison of two", level: ruleset.Easy, text: open, gar: []string{"Infantry", "Infantry"}, x: 2, y: 2, want: "Cavalry"},
		{name: "easy town walled by mountains: no Cavalry", level: ruleset.Easy, text: walled, gar: []string{"Infantry", "Infantry"}, x: 2, y: 2, want: "Infantry"},
		{name: "a unit well under way is not changed", level: ruleset.Normal, text: open, gar: []string{"Infantry"}, x: 2, y: 2, current: "Infantry", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScene(t, d, tt.text)
			for i := range tt.extra {
				s.v.Settlements = append(s.v.Settlements, empire.SettlementView{ID: empire.SettlementID(50 + i),
					Pos: at(4+i, 4), Owner: 1, Turn: s.v.Turn})
			}
			st := s.settlement(tt.x, tt.y)
			if tt.gar != nil {
				s.garrison(tt.x, tt.y, tt.gar...)
			}
			if tt.threat {
				s.sight(2, tt.x-3, tt.y+2, false, 4, 1, 0)
			}
			if tt.current != "" {
				k, _ := d.Kind(tt.current)
				st.Produce, st.Progress = int(k)+1, 300
			}
			os := s.plan(tt.level).orders
			o := order(os, empire.Produce, 0, st.ID)
			have := ""
			if o != nil {
				have = kindName(d, o.Value)
			}
			if have != tt.want {
				t.Errorf("produces %q, want %q (orders %+v)", have, tt.want, os)
			}
		})
	}
}

// TestFirstArmy checks the opening: "keep a garrison in each settlement,
// split off armies and send them": normal sends the Cavalry of the first
// garrison out to explore, alone so that it rides at its own pace, and
// keeps the Infantry and the Archer at home (one Infantry could not take
// even a neutral town).
func TestFirstArmy(t *testing.T) {
	d := data(t)
	s := newScene(t, d, `
??????????????????
?................?
?.......C........?
?................?
??????????????????`)
	gar := s.garrison(8, 2, "Infantry", "Infantry", "Cavalry", "Archer")
	cav := s.v.Force(gar).Units[2].ID
	os := s.plan(ruleset.Normal).orders
	split := order(os, empire.Split, gar, 0)
	if split == nil || !slices.Equal(split.Units, []empire.UnitID{cav}) || split.Garrison {
		t.Fatalf("split %+v, want the Cavalry (unit %d) alone as an army; orders %+v", split, cav, os)
	}
	if len(split.Path) == 0 {
		t.Errorf("the Cavalry has no path to explore")
	}
	splits := 0
	for _, o := range os {
		if o.Kind == empire.Split && o.Force == gar {
			splits++
		}
	}
	if splits != 1 {
		t.Errorf("%d splits of the garrison, want 1: %+v", splits, os)
	}
}

// TestPathsAvoidOthers checks that paths follow grid.Path's costs over
// the squares the view knows, taking squares never seen for plains, and
// pass no square holding others' forces or settlements on the way to
// their target.
func TestPathsAvoidOthers(t *testing.T) {
	d := data(t)
	s := newScene(t, d, `
????????????
?..........?
?.....??...?
?.........n?
?..........?
????????????`)
	a := s.army(1, 3, "Spirit")
	s.sight(0, 10, 3, true, 1, 1, 0)        // the town's Infantry
	old := s.sight(2, 5, 3, false, 6, 1, 4) // an army seen four turns ago, in the way
	os := s.plan(ruleset.Normal).orders
	mv := order(os, empire.Move, a, 0)
	if mv == nil || last(mv.Path, at(1, 3)) != at(10, 3) {
		t.Fatalf("move %+v, want a path to the town on 10,3 (orders %+v)", mv, os)
	}
	if slices.Contains(mv.Path, at(5, 3)) {
		t.Errorf("the path %v passes through the square of the enemy army %d", mv.Path, old)
	}
	if len(mv.Path) != 9+2 {
		t.Errorf("the path %v is %d squares, want the 11 of the shortest way round", mv.Path, len(mv.Path))
	}
}

// TestGatherBeforeAttacking checks "gather armies before attacking" and
// "avoid attacking a sighting much stronger than itself": normal stops
// short of a settlement stronger than its army, the armies near gather on
// the strongest, and they attack once strong enough; easy "attacks
// regardless of strength".
func TestGatherBeforeAttacking(t *testing.T) {
	d := data(t)
	text := `
??????????????
?............?
?............?
?........c...?
?............?
?............?
??????????????`
	t.Run("normal waits", func(t *testing.T) {
		s := newScene(t, d, text)
		a := s.army(2, 3, "Spirit", "Spirit")
		s.sight(2, 9, 3, true, 10, 1, 0)
		mv := order(s.plan(ruleset.Normal).orders, empire.Move, a, 0)
		if mv == nil || last(mv.Path, at(2, 3)) == at(9, 3) || s.v.Turn == 0 {
			t.Fatalf("move %+v, want a path short of the city", mv)
		}
		if d := (grid.Grid{Width: 14, Height: 7}).Distance(last(mv.Path, at(2, 3)), at(9, 3)); d != stageCost {
			t.Errorf("it waits %d squares from the city, want %d", d, stageCost)
		}
	})
	t.Run("normal gathers on the strongest", func(t *testing.T) {
		s := newScene(t, d, text)
		strong := s.army(5, 1, "Spirit", "Spirit", "Spirit")
		weak := s.army(5, 5, "Spirit")
		s.sight(2, 9, 3, true, 20, 1, 0)
		os := s.plan(ruleset.Normal).orders
		ms, mw := order(os, empire.Move, strong, 0), order(os, empire.Move, weak, 0)
		if ms == nil || mw == nil || last(mw.Path, at(5, 5)) != last(ms.Path, at(5, 1)) {
			t.Errorf("the strong army moves %+v, the weak %+v: want the weak to join the strong", ms, mw)
		}
	})
	t.Run("normal attacks when strong enough", func(t *testing.T) {
		s := newScene(t, d, text)
		a := s.army(2, 3, "Angel", "Angel", "Spirit")
		s.sight(2, 9, 3, true, 10, 1, 0)
		mv := order(s.plan(ruleset.Normal).orders, empire.Move, a, 0)
		if mv == nil || last(mv.Path, at(2, 3)) != at(9, 3) {
			t.Errorf("move %+v, want a path into the city", mv)
		}
	})
	t.Run("easy attacks regardless", func(t *testing.T) {
		s := newScene(t, d, text)
		a := s.army(2, 3, "Infantry")
		s.sight(2, 9, 3, true, 10, 1, 0)
		mv := order(s.plan(ruleset.Easy).orders, empire.Move, a, 0)
		if mv == nil || last(mv.Path, at(2, 3)) != at(9, 3) {
			t.Errorf("move %+v, want a path into the city", mv)
		}
	})
}

// TestFallBack checks that a normal army falls back to its settlement
// from an enemy army much stronger than it, and that an easy one does not.
func TestFallBack(t *testing.T) {
	d := data(t)
	text := `
??????????????
?T...........?
?............?
?............?
?............?
??????????????`
	for _, tt := range []struct {
		level ruleset.Level
		home  bool
	}{{ruleset.Normal, true}, {ruleset.Easy, false}} {
		t.Run(tt.level.String(), func(t *testing.T) {
			s := newScene(t, d, text)
			s.garrison(1, 1, "Infantry")
			a := s.army(7, 3, "Cavalry")
			s.sight(2, 10, 3, false, 8, 2, 0)
			mv := order(s.plan(tt.level).orders, empire.Move, a, 0)
			home := mv != nil && last(mv.Path, at(7, 3)) == at(1, 1)
			if home != tt.home {
				t.Errorf("move %+v: home %t, want %t", mv, home, tt.home)
			}
		})
	}
}

// TestHeal checks that normal takes a badly wounded army home, where
// "Own wounded units will heal", and keeps it there until it has nearly
// healed; easy does not.
func TestHeal(t *testing.T) {
	d := data(t)
	text := `
??????????????
?C...........?
?............?
?..........n.?
??????????????`
	for _, tt := range []struct {
		name      string
		level     ruleset.Level
		x, y, hp  int
		wantHome  bool
		wantStays bool
	}{
		{"normal, badly wounded", ruleset.Normal, 7, 2, 1, true, false},
		{"normal, lightly wounded", ruleset.Normal, 7, 2, 3, false, false},
		{"normal, healing at home", ruleset.Normal, 1, 1, 3, false, true},
		{"easy, badly wounded", ruleset.Easy, 7, 2, 1, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScene(t, d, text)
			s.garrison(1, 1, "Infantry", "Archer")
			a := s.army(tt.x, tt.y, "Angel", "Angel")
			for i := range s.v.Force(a).Units {
				s.v.Force(a).Units[i].HP = tt.hp
			}
			s.sight(0, 11, 3, true, 1, 1, 0)
			mv := order(s.plan(tt.level).orders, empire.Move, a, 0)
			home := mv != nil && last(mv.Path, at(tt.x, tt.y)) == at(1, 1) && at(tt.x, tt.y) != at(1, 1)
			stays := mv == nil
			if home != tt.wantHome || stays != tt.wantStays {
				t.Errorf("move %+v: goes home %t, stays %t; want %t, %t", mv, home, stays, tt.wantHome, tt.wantStays)
			}
		})
	}
}

// TestDefend checks "defend settlements threatened by enemy sightings":
// the town's garrison keeps what it has, and the army near, too weak to
// attack the enemy, goes into the town.
func TestDefend(t *testing.T) {
	d := data(t)
	s := newScene(t, d, `
??????????????
?............?
?...T........?
?............?
?............?
??????????????`)
	gar := s.garrison(4, 2, "Spirit", "Spirit", "Spirit")
	a := s.army(8, 4, "Spirit")
	s.sight(2, 10, 1, false, 8, 1, 0)
	os := s.plan(ruleset.Normal).orders
	if o := order(os, empire.Split, gar, 0); o != nil {
		t.Errorf("the threatened garrison splits %+v", o)
	}
	mv := order(os, empire.Move, a, 0)
	if mv == nil || last(mv.Path, at(8, 4)) != at(4, 2) {
		t.Errorf("the army moves %+v, want it into the town", mv)
	}
}

// TestForward checks "forward new units to its attacking armies
// (empire.ForwardTurns)": a city whose garrison holds what it keeps
// forwards its Spirits to the army that attacks; a threatened one keeps
// them; easy forwards nothing.
func TestForward(t *testing.T) {
	d := data(t)
	text := `
????????????????
?..............?
?.C..........n.?
?..............?
?.T............?
????????????????`
	spirit, _ := d.Kind("Spirit")
	for _, tt := range []struct {
		name   string
		level  ruleset.Level
		threat bool
		want   bool
	}{
		{"normal", ruleset.Normal, false, true},
		{"normal threatened", ruleset.Normal, true, false},
		{"easy", ruleset.Easy, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScene(t, d, text)
			city := s.settlement(2, 2)
			city.Produce = int(spirit) + 1
			s.garrison(2, 2, "Infantry", "Archer")
			a := s.army(9, 2, "Spirit")
			s.sight(0, 13, 2, true, 1, 1, 0)
			if tt.threat {
				s.sight(2, 4, 1, false, 6, 1, 0)
			}
			o := order(s.plan(tt.level).orders, empire.Forward, 0, city.ID)
			if have := o != nil && o.To == a; have != tt.want {
				t.Errorf("forward order %+v, want one to army %d: %t", o, a, tt.want)
			}
		})
	}
}

// TestExplore checks that armies with nothing to attack explore, each to
// a part of the unknown of its own, and that a explorer whose path still
// leads into the unknown keeps it (no order).
func TestExplore(t *testing.T) {
	d := data(t)
	text := `
??????????~~~~~~~~~????????????
??????????.........????????????
??????????.........????????????
??????????.........????????????
??????????~~~~~~~~~????????????`
	s := newScene(t, d, text)
	a := s.army(14, 1, "Spirit")
	b := s.army(14, 3, "Spirit")
	os := s.plan(ruleset.Normal).orders
	ma, mb := order(os, empire.Move, a, 0), order(os, empire.Move, b, 0)
	if ma == nil || mb == nil {
		t.Fatalf("orders %+v, want both to move", os)
	}
	ea, eb := last(ma.Path, at(14, 1)), last(mb.Path, at(14, 3))
	if (ea.X < 10) == (eb.X < 10) || ea.X >= 10 && ea.X <= 18 || eb.X >= 10 && eb.X <= 18 {
		t.Errorf("the explorers head for %v and %v, want one west and one east into the unknown", ea, eb)
	}
	s2 := newScene(t, d, text)
	c := s2.army(14, 1, "Spirit")
	s2.v.Force(c).Path = []grid.Pos{at(15, 1), at(16, 1), at(17, 1), at(18, 1), at(19, 1), at(20, 1)}
	if o := order(s2.plan(ruleset.Normal).orders, empire.Move, c, 0); o != nil {
		t.Errorf("the explorer's path still leads into the unknown, yet it is given %+v", o)
	}
}

// TestNoPeace checks "use peace mode never": a force in peace mode is
// ordered out of it.
func TestNoPeace(t *testing.T) {
	d := data(t)
	s := newScene(t, d, `
??????
?.C..?
??????`)
	g := s.garrison(2, 1, "Infantry")
	s.v.Force(g).Peace = true
	for _, level := range []ruleset.Level{ruleset.Easy, ruleset.Normal} {
		o := order(s.plan(level).orders, empire.Peace, g, 0)
		if o == nil || o.Value != 0 {
			t.Errorf("%s: peace order %+v, want peace off", level, o)
		}
	}
}

// TestMergeAndGarrison checks unit management: armies on one square
// merge into the oldest, and an army on a settlement of the player's
// without a garrison leaves one there.
func TestMergeAndGarrison(t *testing.T) {
	d := data(t)
	s := newScene(t, d, `
????????????
?..T.......?
?.........n?
????????????`)
	a := s.army(3, 1, "Spirit", "Spirit")
	b := s.army(3, 1, "Spirit")
	s.sight(0, 10, 2, true, 1, 1, 0)
	os := s.plan(ruleset.Normal).orders
	if o := order(os, empire.Transfer, b, 0); o == nil || o.To != a || o.Units != nil {
		t.Errorf("transfer %+v, want all of army %d into army %d", o, b, a)
	}
	o := order(os, empire.Split, a, 0)
	if o == nil || !o.Garrison || len(o.Units) != 1 {
		t.Errorf("split %+v, want one unit left as the town's garrison", o)
	}
	if mv := order(os, empire.Move, a, 0); mv == nil || last(mv.Path, at(3, 1)) != at(10, 2) {
		t.Errorf("move %+v, want the rest on to the neutral town", mv)
	}
}

// TestPlanningIsLinear checks "keep the planning cost linear in what the
// AI knows": many armies of one kind and many targets take a few
// distance searches a turn, not one per army per target.
func TestPlanningIsLinear(t *testing.T) {
	d := data(t)
	s := newScene(t, d, `
??????????????????????????????
?............................?
?.n.n.n.n.n.n.n.n.n.n.n.n.n..?
?............................?
?............................?
?.n.n.n.n.n.n.n.n.n.n.n.n.n..?
?............................?
??????????????????????????????`)
	armies := 0
	for x := 1; x < 28; x += 2 {
		s.army(x, 4, "Spirit")
		armies++
	}
	w := s.plan(ruleset.Normal)
	targets := len(w.targets)
	if targets != 26 || armies != 14 {
		t.Fatalf("%d targets, %d armies", targets, armies)
	}
	if most := w.st.rounds + exploreFields + 1; w.searches > most {
		t.Errorf("%d searches for %d armies and %d targets, want at most %d", w.searches, armies, targets, most)
	}
}

// TestHardGarrisons checks hard's garrisons (hardStyle): a city keeps one
// unit where normal's keeps two, and grows only against the enemy armies
// that can reach it next turn (within guardRange), where normal's grows
// against those within threatRange.
func TestHardGarrisons(t *testing.T) {
	d := data(t)
	tests := []struct {
		name  string
		enemy int // the enemy army's distance from the city, 0: none
		level ruleset.Level
		want  int // the units that leave the garrison
	}{
		{name: "normal, no enemy", level: ruleset.Normal, want: 2},
		{name: "hard, no enemy", level: ruleset.Hard, want: 3},
		{name: "normal, an enemy 7 away", enemy: 7, level: ruleset.Normal, want: 0},
		{name: "hard, an enemy 7 away", enemy: 7, level: ruleset.Hard, want: 3},
		{name: "normal, an enemy 4 away", enemy: 4, level: ruleset.Normal, want: 0},
		{name: "hard, an enemy 4 away", enemy: 4, level: ruleset.Hard, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newScene(t, d, `
????????????????????
?..................?
?..C...............?
?..................?
????????????????????`)
			gar := s.garrison(3, 2, "Infantry", "Spirit", "Spirit", "Spirit")
			if tc.enemy > 0 {
				s.sight(2, 3+tc.enemy, 2, false, 4, 4, 0)
			}
			have := 0
			for _, o := range s.plan(tc.level).orders {
				if o.Kind == empire.Split && o.Force == gar && !o.Garrison {
					have += len(o.Units)
				}
			}
			if have != tc.want {
				t.Errorf("%d units leave the garrison, want %d", have, tc.want)
			}
		})
	}
}
