package empire

import (
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// "An army has the mp of the unit with the least mp and the movement
// table of the worst values of all the units. If the movement table value
// for a certain terrain exceeds the mp value, it is put on a level with
// the mp value (one-step-rule)." The document's example: 2 infantries, 1
// cavalry, 1 archer, 3 spirits: "Whole army: 2 mp, p1, f2, m0, s0".
func TestArmyMovementExample(t *testing.T) {
	g := onMap(t, 2, `
1.....
......
.....2`)
	f := add(t, g, 1, 1, 0, false, "Infantry", "Infantry", "Cavalry", "Archer", "Spirit", "Spirit", "Spirit")
	have := ArmyMovement(g.d, f.f().Units)
	want := Movement{MP: 2, Cost: [dat.NumTerrains]int{1, 2, 0, 0}, Settlement: 1}
	if have != want {
		t.Errorf("have %+v, want %+v", have, want)
	}
}

// "The infantry has 2 mp and the movement table is: p1, f2, m2, s0 ... An
// infantry unit can move 2 plain squares or 1 forest or mountain square. It
// cannot move in or pass through sea squares."
func TestInfantryMoves(t *testing.T) {
	tests := []struct {
		name string
		row  string
		want int // the square reached after one turn, moving east from 0
	}{
		{"two plains", "1..........2", 2},
		{"one forest", "1^^........2", 1},
		{"one mountain", "1MM........2", 1},
		{"no sea", "1~.........2", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := onMap(t, 2, tc.row+"\n............\n............")
			f := add(t, g, 1, 0, 0, false, "Infantry")
			play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: f.ID, Path: path(t, "1,0 2,0 3,0")}}})
			if have := g.s.force(f.ID).Pos.X; have != tc.want {
				t.Errorf("have x %d, want %d", have, tc.want)
			}
		})
	}
}

// "An army moves square by square. All armies move their first square of
// the current movement order, then the second square and so on. They move
// simultaneously." Two armies of one player both reach their squares; the
// standing order carries on next turn.
func TestMovementCarriesOn(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	f := add(t, g, 1, 0, 1, false, "Infantry")
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: f.ID, Path: path(t, "1,1 2,1 3,1 4,1 5,1")}}})
	if have := g.s.force(f.ID).Pos; have != (grid.Pos{X: 2, Y: 1}) {
		t.Fatalf("after turn 1 at %v, want 2,1", have)
	}
	play(t, g, nil)
	if have := g.s.force(f.ID).Pos; have != (grid.Pos{X: 4, Y: 1}) {
		t.Errorf("after turn 2 at %v, want 4,1", have)
	}
}

// "All armies move their first square ... then the second": an army
// moving into a square the enemy leaves in the same step does not fight
// it; they move at once.
func TestSimultaneousSteps(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	a := add(t, g, 1, 3, 1, false, "Infantry")
	b := add(t, g, 2, 4, 1, false, "Infantry")
	evs := play(t, g, map[Seat][]Order{
		1: {{Kind: Move, Force: a.ID, Path: path(t, "4,1")}},
		2: {{Kind: Move, Force: b.ID, Path: path(t, "4,2")}},
	})
	if n := len(of(evs, EvBattle)); n != 0 {
		t.Errorf("%d battles, want none", n)
	}
	if g.s.force(a.ID).Pos != (grid.Pos{X: 4, Y: 1}) || g.s.force(b.ID).Pos != (grid.Pos{X: 4, Y: 2}) {
		t.Errorf("a at %v, b at %v", g.s.force(a.ID).Pos, g.s.force(b.ID).Pos)
	}
}

// "If armies of different players are found in the same square, combat
// occurs. Exception: All armies are in "peace"-mode." and "If there are
// armies from more than one player present in a square (only possible, if
// all armies are switched to "peace"-mode), control of the square does
// not change."
func TestPeaceMode(t *testing.T) {
	for _, peace := range []bool{false, true} {
		g := onMap(t, 2, `
1...........
............
...........2`)
		a := add(t, g, 1, 3, 1, false, "Cavalry")
		b := add(t, g, 2, 4, 1, false, "Infantry")
		var orders []Order
		if peace {
			orders = append(orders, Order{Kind: Peace, Force: a.ID, Value: 1})
			b.f().Peace = true
		}
		orders = append(orders, Order{Kind: Move, Force: a.ID, Path: path(t, "4,1")})
		evs := play(t, g, map[Seat][]Order{1: orders})
		if have := len(of(evs, EvBattle)) > 0; have == peace {
			t.Errorf("peace %t: battle %t", peace, have)
		}
	}
	g := onMap(t, 2, `
1...t.......
............
...........2`)
	a := add(t, g, 1, 3, 0, false, "Infantry")
	a.f().Peace = true
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: a.ID, Path: path(t, "4,0")}}})
	if st := g.s.settlementAt(grid.Pos{X: 4, Y: 0}); st.Owner != 0 {
		t.Errorf("an army in peace mode took the town: owner %d", st.Owner)
	}
}

// "Garrisons do not move. They are located in settlements."
func TestGarrisonDoesNotMove(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	f := add(t, g, 1, 0, 0, true, "Infantry")
	b, _ := EncodeOrders([]Order{{Kind: Move, Force: f.ID, Path: path(t, "1,0")}})
	rej, err := g.Check(1, b)
	if err != nil || len(rej) != 1 {
		t.Fatalf("have %v %v, want one refusal", rej, err)
	}
}

// "A new army is created by splitting off units from a garrison." and
// "The player can freely change units between his armies and/or his
// garrisons while they are in the same square."
func TestSplitAndTransfer(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	gar := add(t, g, 1, 0, 0, true, "Infantry", "Cavalry", "Archer")
	cav := gar.f().Units[1].ID
	play(t, g, map[Seat][]Order{1: {{Kind: Split, Force: gar.ID, Units: []UnitID{cav}, Path: path(t, "1,0")}}})
	if n := len(g.s.force(gar.ID).Units); n != 2 {
		t.Fatalf("garrison has %d units, want 2", n)
	}
	var army *Force
	for i := range g.s.Forces {
		if !g.s.Forces[i].Garrison {
			army = &g.s.Forces[i]
		}
	}
	if army == nil || army.Pos != (grid.Pos{X: 1, Y: 0}) || len(army.Units) != 1 || army.Units[0].ID != cav {
		t.Fatalf("the split army: %+v", army)
	}
	// Back home, the army gives its cavalry to the garrison and winks out.
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: army.ID, Path: path(t, "0,0")}}})
	id := army.ID
	play(t, g, map[Seat][]Order{1: {{Kind: Transfer, Force: id, To: gar.ID}}})
	if g.s.force(id) != nil || len(g.s.force(gar.ID).Units) != 3 {
		t.Errorf("after the transfer: army %v, garrison %d units", g.s.force(id), len(g.s.force(gar.ID).Units))
	}
	// Forces in different squares cannot swap units.
	far := add(t, g, 1, 5, 1, false, "Infantry")
	b, _ := EncodeOrders([]Order{{Kind: Transfer, Force: far.ID, To: gar.ID}})
	if rej, _ := g.Check(1, b); len(rej) != 1 {
		t.Errorf("a transfer across squares: %v", rej)
	}
}

// "towns: 100% production rate, all units without "*" (no sea units, if
// not adjacent to a sea square)." "cities: 150% production rate, all units
// including those marked with an "*"". "A produced unit will be part of
// the garrison of the producing settlement if it is not forwarded."
func TestProduction(t *testing.T) {
	g := onMap(t, 2, `
1...t.......
............
.t.........2`)
	town := g.s.settlementAt(grid.Pos{X: 4, Y: 0})
	town.Owner = 1
	city := g.s.settlementAt(grid.Pos{X: 0, Y: 0})
	refused := func(st *Settlement, name string) bool {
		b, _ := EncodeOrders([]Order{{Kind: Produce, Settlement: st.ID, Value: int(kind(t, g, name)) + 1}})
		rej, err := g.Check(1, b)
		if err != nil {
			t.Fatal(err)
		}
		return len(rej) > 0
	}
	if !refused(town, "Firemage") {
		t.Error("a town may produce a Firemage (*)")
	}
	if refused(city, "Firemage") {
		t.Error("a city may not produce a Firemage")
	}
	if !refused(town, "Galleon") {
		t.Error("an inland town may produce a Galleon")
	}
	// Infantry: prod 5. A town takes 5 turns; a city at 150 % 4 (3.33,
	// with what is left over carried to the next unit).
	inf := int(kind(t, g, "Infantry")) + 1
	play(t, g, map[Seat][]Order{1: {
		{Kind: Produce, Settlement: town.ID, Value: inf},
		{Kind: Produce, Settlement: city.ID, Value: inf},
	}})
	counts := func(p grid.Pos) int {
		n := 0
		for _, i := range g.s.forcesAt(p) {
			n += len(g.s.Forces[i].Units)
		}
		return n
	}
	var townAt, cityAt []int
	for turn := 2; turn <= 10; turn++ {
		play(t, g, nil)
		townAt = append(townAt, counts(town.Pos))
		cityAt = append(cityAt, counts(city.Pos))
	}
	// turns 2..10: the town's first unit at the end of turn 5, the
	// city's at the end of turn 4 (150+150+150 = 450 < 500 at 3).
	wantTown := []int{0, 0, 0, 1, 1, 1, 1, 1, 2}
	wantCity := []int{0, 0, 1, 1, 1, 2, 2, 2, 3}
	if !equalInts(townAt, wantTown) || !equalInts(cityAt, wantCity) {
		t.Errorf("town %v want %v; city %v want %v", townAt, wantTown, cityAt, wantCity)
	}
	for _, i := range g.s.forcesAt(city.Pos) {
		if !g.s.Forces[i].Garrison {
			t.Error("a produced unit is not in the garrison")
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// "towns: ... Own wounded units will heal 1 hp per turn." "cities: ...
// Own wounded units will heal completely."
func TestHealing(t *testing.T) {
	g := onMap(t, 2, `
1...t.......
............
...........2`)
	g.s.settlementAt(grid.Pos{X: 4, Y: 0}).Owner = 1
	inTown := add(t, g, 1, 4, 0, true, "Golem")
	inCity := add(t, g, 1, 0, 0, true, "Golem")
	outside := add(t, g, 1, 2, 2, false, "Golem")
	for _, f := range []ref{inTown, inCity, outside} {
		f.f().Units[0].HP = 2
	}
	play(t, g, nil)
	have := []int{hp(g.s.force(inTown.ID)), hp(g.s.force(inCity.ID)), hp(g.s.force(outside.ID))}
	if want := []int{3, 8, 2}; !equalInts(have, want) {
		t.Errorf("have hp %v, want %v", have, want)
	}
}

// "The turns necessary for forwarding are the result of halving the
// distance between sending settlement and target force and then applying
// the most favourable terrain movement cost for this unit. The result is
// rounded up." The document's example: "The distance from settlement in
// (7,4) to target in (10,6) is 5. An infantry unit is forwarded. ... 5/2 =
// 2.5 (halved distance); 2.5 / 2 (steps per turn) = 1.25 or 2 turns."
func TestForwardTurnsExample(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	dist := grid.New(grid.Square, 20, 20).Distance(grid.Pos{X: 7, Y: 4}, grid.Pos{X: 10, Y: 6})
	if dist != 5 {
		t.Fatalf("distance %d, want 5", dist)
	}
	tests := []struct {
		unit string
		dist int
		want int
	}{
		{"Infantry", 5, 2},
		{"Infantry", 4, 1},
		{"Cavalry", 5, 1},  // 4 squares a turn
		{"Spirit", 12, 2},  // 3 a turn: 6/3
		{"Galleon", 9, 2},  // 4 a turn at sea: 4.5/4
		{"Infantry", 0, 0}, // already there
	}
	for _, tc := range tests {
		if have := ForwardTurns(g.d.Unit(kind(t, g, tc.unit)), tc.dist); have != tc.want {
			t.Errorf("%s over %d: have %d turns, want %d", tc.unit, tc.dist, have, tc.want)
		}
	}
}

// "A settlement can forward a produced unit to a force (army or garrison).
// It will arrive at the target force after some turns." and "If the
// target of a forwarded unit moves, the number of turns necessary will be
// recalculated and prolonged or shortened accordingly."
func TestForwarding(t *testing.T) {
	g := onMap(t, 2, `
1...............
................
................
...............2`)
	city := g.s.settlementAt(grid.Pos{X: 0, Y: 0})
	army := add(t, g, 1, 5, 0, false, "Infantry") // 5 away: 2 turns
	city.Produce, city.Progress = int(kind(t, g, "Infantry"))+1, 400
	play(t, g, map[Seat][]Order{1: {{Kind: Forward, Settlement: city.ID, To: army.ID}}})
	if len(g.s.Transits) != 1 || g.s.Transits[0].Need != 2 {
		t.Fatalf("transits %+v, want one needing 2 turns", g.s.Transits)
	}
	city.Produce = 0
	// The target moves away, 2 squares a turn: 7 squares (still 2 turns),
	// then 9 (3 turns: prolonged).
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: army.ID, Path: path(t, "6,0 7,0 8,0 9,0")}}})
	if len(g.s.Transits) != 1 || g.s.Transits[0].Need != 2 {
		t.Fatalf("transits %+v, want one needing 2 turns", g.s.Transits)
	}
	play(t, g, nil)
	if len(g.s.Transits) != 1 || g.s.Transits[0].Need != 3 || g.s.Transits[0].Elapsed != 2 {
		t.Fatalf("transits %+v, want one needing 3 turns, 2 travelled", g.s.Transits)
	}
	evs := play(t, g, nil)
	if len(g.s.Transits) != 0 || len(g.s.force(army.ID).Units) != 2 || len(of(evs, EvArrived)) != 1 {
		t.Errorf("after 3 turns: transits %+v, army of %d", g.s.Transits, len(g.s.force(army.ID).Units))
	}
}

// "If the target of a forwarded unit is eliminated, the forwarded unit
// appears in the forwarding settlement at the end of the turn the target
// is eliminated in. If this occurs and the forwarding settlement has got a
// new owner in the meantime, the forwarded unit will become property of
// this lucky fellow."
func TestForwardTargetEliminated(t *testing.T) {
	for _, conquered := range []bool{false, true} {
		g := onMap(t, 2, `
1...............
................
................
...............2`)
		city := g.s.settlementAt(grid.Pos{X: 0, Y: 0})
		army := add(t, g, 1, 12, 0, false, "Infantry")
		g.s.Transits = []Transit{{Unit: Unit{ID: UnitID(g.s.newID(1)), Kind: kind(t, g, "Archer"), HP: 1}, Owner: 1, From: city.ID, Target: army.ID, Need: 3}}
		if conquered {
			city.Owner = 2
		}
		add(t, g, 1, 0, 1, false, "Infantry") // seat 1 keeps something
		g.s.Forces = g.s.Forces[1:]           // the target is eliminated
		evs := play(t, g, nil)
		want := Seat(1)
		if conquered {
			want = 2
		}
		var owner Seat
		for _, i := range g.s.forcesAt(city.Pos) {
			owner = g.s.Forces[i].Owner
		}
		if len(of(evs, EvReturned)) != 1 || owner != want {
			t.Errorf("conquered %t: the unit returned to seat %d, want %d", conquered, owner, want)
		}
	}
}

// "At the end of all the changes to and fro all armies and garrisons which
// are targets of forwarded units should contain at least one unit.
// Otherwise they will wink out of existence and the forwarded units will
// cease to be forwarded and will appear in their production site."
func TestWinkOut(t *testing.T) {
	g := onMap(t, 2, `
1...............
................
...............2`)
	city := g.s.settlementAt(grid.Pos{X: 0, Y: 0})
	a := add(t, g, 1, 6, 1, false, "Infantry")
	b := add(t, g, 1, 6, 1, false, "Infantry")
	g.s.Transits = []Transit{{Unit: Unit{ID: UnitID(g.s.newID(1)), Kind: kind(t, g, "Archer"), HP: 1}, Owner: 1, From: city.ID, Target: a.ID, Need: 4}}
	evs := play(t, g, map[Seat][]Order{1: {{Kind: Transfer, Force: a.ID, To: b.ID}}})
	if g.s.force(a.ID) != nil || len(of(evs, EvReturned)) != 1 || len(g.s.forcesAt(city.Pos)) != 1 {
		t.Errorf("the emptied army %v; %d returned", g.s.force(a.ID), len(of(evs, EvReturned)))
	}
}

// "A battle is fought between two sides. If one side has more than one
// force present in the square or prepared to move into the square, they
// are treated as one army/garrison for the duration of the battle."
func TestForcesMergeInBattle(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	a1 := add(t, g, 1, 3, 1, false, "Golem")
	a2 := add(t, g, 1, 5, 1, false, "Golem")
	d1 := add(t, g, 2, 4, 1, false, "Infantry")
	d2 := add(t, g, 2, 4, 1, false, "Infantry")
	evs := play(t, g, map[Seat][]Order{1: {
		{Kind: Move, Force: a1.ID, Path: path(t, "4,1")},
		{Kind: Move, Force: a2.ID, Path: path(t, "4,1")},
	}})
	bs := of(evs, EvBattle)
	if len(bs) != 1 {
		t.Fatalf("%d battles, want 1", len(bs))
	}
	b := bs[0].Battle
	if len(b.AttackerForces) != 2 || len(b.DefenderForces) != 2 || b.Defender != 2 {
		t.Errorf("attackers %v, defenders %v (seat %d)", b.AttackerForces, b.DefenderForces, b.Defender)
	}
	_ = d1
	_ = d2
}

// "A third combatant has to wait until the two sides have battled it out
// between them and then to deal with the winner. The sequence of battles
// are determined by the processing sequence of the movement orders."
func TestThirdCombatantWaits(t *testing.T) {
	g := onMap(t, 3, `
1...........
......3.....
...........2`)
	def := add(t, g, 1, 4, 1, false, "Infantry")
	a2 := add(t, g, 2, 5, 1, false, "Golem", "Golem")
	a3 := add(t, g, 3, 3, 1, false, "Golem", "Golem")
	evs := play(t, g, map[Seat][]Order{
		2: {{Kind: Move, Force: a2.ID, Path: path(t, "4,1")}},
		3: {{Kind: Move, Force: a3.ID, Path: path(t, "4,1")}},
	})
	bs := of(evs, EvBattle)
	if len(bs) != 2 {
		t.Fatalf("%d battles, want 2", len(bs))
	}
	if bs[0].Owner != 2 || bs[0].Other != 1 {
		t.Errorf("first battle: %d attacks %d, want 2 attacks 1 (processed first)", bs[0].Owner, bs[0].Other)
	}
	if bs[1].Owner != 3 || bs[1].Other != bs[0].Owner && bs[1].Other != 1 {
		t.Errorf("second battle: %d attacks %d", bs[1].Owner, bs[1].Other)
	}
	_ = def
}

// "A settlement is conquered if the defending garrison is defeated. If
// there is no defending garrison, an army occupying the settlement square
// is enough for conquering."
func TestConquering(t *testing.T) {
	g := onMap(t, 2, `
1...t...t...
............
...........2`)
	g.s.settlementAt(grid.Pos{X: 8, Y: 0}).Owner = 2
	add(t, g, 2, 8, 0, true, "Infantry")
	empty := add(t, g, 1, 3, 0, false, "Infantry")
	strong := add(t, g, 1, 7, 0, false, "Golem", "Golem", "Golem")
	evs := play(t, g, map[Seat][]Order{1: {
		{Kind: Move, Force: empty.ID, Path: path(t, "4,0")},
		{Kind: Move, Force: strong.ID, Path: path(t, "8,0")},
	}})
	if o := g.s.settlementAt(grid.Pos{X: 4, Y: 0}).Owner; o != 1 {
		t.Errorf("the empty town's owner %d, want 1", o)
	}
	if o := g.s.settlementAt(grid.Pos{X: 8, Y: 0}).Owner; o != 1 || len(of(evs, EvConquered)) != 2 {
		t.Errorf("the garrisoned town's owner %d, want 1 (events %v)", o, of(evs, EvConquered))
	}
}

// "The attacker is wiped out: The defending force wins and will stay in
// the square." and "The defender flees: The attacking force takes the
// control of the square and becomes the new defending force of this
// square. The old defending force will be placed in an adjacent square."
func TestBattleOutcomesPlaceForces(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	weak := add(t, g, 1, 3, 1, false, "Infantry")
	def := add(t, g, 2, 4, 1, false, "Golem")
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: weak.ID, Path: path(t, "4,1")}}})
	if g.s.force(weak.ID) != nil && g.s.force(weak.ID).Pos == (grid.Pos{X: 4, Y: 1}) {
		t.Errorf("the beaten attacker stands in the square")
	}
	if g.s.force(def.ID) == nil || g.s.force(def.ID).Pos != (grid.Pos{X: 4, Y: 1}) {
		t.Errorf("the defender left the square: %v", g.s.force(def.ID))
	}
}

// "An army with bombing units can bombard adjacent squares. After each
// move all adjacent squares are checked if there is a hostile army. ...
// If there are more than one adjacent squares with hostile armies, every
// square gets one hit from every bombing unit." CHOICE: a "hit" is one
// attack of the bombing unit, rolled as in battle (battle.TestBombard),
// so it may miss; and a hostile army in peace mode is bombarded too.
func TestBombard(t *testing.T) {
	g := onMap(t, 2, `
1.~~~~~~~~..
..~~~~~~~~..
..~~~~~~~~..
..~~~~~~~~.2`)
	gal := add(t, g, 1, 4, 1, false, "Galleon", "Galleon")
	add(t, g, 2, 5, 0, false, "Barge")
	south := add(t, g, 2, 5, 2, false, "Barge").ID
	add(t, g, 2, 7, 1, false, "Barge")
	// CHOICE: peace mode spares no one from bombs: the army to the south
	// is in peace mode, and is bombarded as the other.
	g.s.force(south).Peace = true
	evs := play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: gal.ID, Path: path(t, "5,1")}}})
	bs := of(evs, EvBombard)
	if len(bs) != 2 {
		t.Fatalf("%d bombardments, want 2 (the squares north and south of 5,1)", len(bs))
	}
	bombedInPeace := false
	for _, b := range bs {
		if len(b.Hits) != 2 {
			t.Errorf("bombardment of %v: %d hits, want one from each galleon", b.To, len(b.Hits))
		}
		if b.To == (grid.Pos{X: 5, Y: 2}) {
			bombedInPeace = true
		}
	}
	if !bombedInPeace {
		t.Errorf("the army in peace mode at 5,2 was not bombarded: %+v", bs)
	}
}

// "The range of sight (ros) of each army is equal to the unit with the best
// ros. A town has a ros of 2, a city has a ros of 3."
func TestSight(t *testing.T) {
	g := onMap(t, 2, `
1...............
................
................
................
...............2`)
	g.s.Memory[0].Seen = make([]int32, len(g.s.Memory[0].Seen))
	g.s.Settlements[0].Owner = 0
	add(t, g, 1, 8, 2, false, "Infantry", "Spirit") // ros 1 and 2
	seen := func(x, y int) bool { return g.s.Memory[0].Seen[g.s.grid().Index(grid.Pos{X: x, Y: y})] > 0 }
	if !seen(10, 2) || seen(11, 2) || !seen(9, 3) || seen(10, 3) {
		t.Errorf("the army's sight is not its best unit's ros 2")
	}
	if have := g.SettlementROS(&Settlement{City: true}); have != 3 {
		t.Errorf("a city's ros %d", have)
	}
	if have := g.SettlementROS(&Settlement{}); have != 2 {
		t.Errorf("a town's ros %d", have)
	}
}

// "After each movement step of each army the observations are recorded.
// Outdated observations are visualized in a "shaded" manner. If a hostile
// army is sighted, its owner, its internal number, the number of units,
// the sum of the actual hp and the sum of the maximum hp is recorded."
func TestSightings(t *testing.T) {
	g := onMap(t, 2, `
1...............
................
................
................
...............2`)
	g.s.Settlements[0].Owner = 0
	scout := add(t, g, 1, 2, 2, false, "Cavalry") // ros 2, 4 mp
	enemy := add(t, g, 2, 5, 1, false, "Golem", "Infantry")
	enemy.f().Units[0].HP = 5
	// The cavalry rides past: it sees the enemy at step 2 and is out of
	// sight again at the end.
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: scout.ID, Path: path(t, "3,2 4,2 4,3 4,4")}}})
	m := g.s.Memory[0]
	if len(m.Sightings) != 1 {
		t.Fatalf("sightings %+v, want the enemy's", m.Sightings)
	}
	want := Sighting{Force: enemy.ID, Owner: 2, Pos: grid.Pos{X: 5, Y: 1}, Units: 2, HP: 6, MaxHP: 9, Turn: 1}
	if m.Sightings[0] != want {
		t.Errorf("have %+v, want %+v", m.Sightings[0], want)
	}
	// A turn later the sighting is outdated: its turn is behind the view's.
	play(t, g, nil)
	v := g.View(1, false).(*View)
	if len(v.Sightings) != 1 || v.Sightings[0].Turn >= v.Turn {
		t.Errorf("the view's sightings %+v at turn %d", v.Sightings, v.Turn)
	}
}

// "Outdated observations are visualized in a "shaded" manner." After a
// turn, the squares and forces in sight are recorded with the view's turn
// (not outdated); what was seen only during the movement is of an earlier
// turn.
func TestObservationsOfTheTurn(t *testing.T) {
	g := onMap(t, 2, `
1...............
................
................
................
...............2`)
	g.s.Settlements[0].Owner = 0
	scout := add(t, g, 1, 2, 2, false, "Cavalry") // ros 2, 4 mp
	enemy := add(t, g, 2, 5, 1, false, "Infantry")
	watched := add(t, g, 2, 8, 3, false, "Infantry")
	// The cavalry rides past the first enemy (seen at step 2) and ends
	// beside the second.
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: scout.ID, Path: path(t, "3,2 4,2 5,2 6,2")}}})
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: scout.ID, Path: path(t, "6,3 7,3")}}})
	v := g.View(1, false).(*View)
	gr := v.Grid()
	if have := v.Seen[gr.Index(grid.Pos{X: 7, Y: 3})]; have != int32(v.Turn) {
		t.Errorf("the square the scout stands on was seen on turn %d, want the view's turn %d", have, v.Turn)
	}
	if have := v.Seen[gr.Index(grid.Pos{X: 5, Y: 0})]; have >= int32(v.Turn) || have == 0 {
		t.Errorf("a square seen only during the last turns was seen on turn %d, want before %d", have, v.Turn)
	}
	for _, sg := range v.Sightings {
		switch sg.Force {
		case watched.ID:
			if sg.Turn != v.Turn {
				t.Errorf("the enemy in sight: sighting of turn %d, want the view's turn %d", sg.Turn, v.Turn)
			}
		case enemy.ID:
			if sg.Turn >= v.Turn {
				t.Errorf("the enemy out of sight: sighting of turn %d, want before %d", sg.Turn, v.Turn)
			}
		}
	}
	if len(v.Sightings) != 2 {
		t.Errorf("sightings %+v, want both enemies", v.Sightings)
	}
}

// "The objective of the game is to conquer the world."
func TestConquerTheWorld(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	add(t, g, 1, 10, 2, false, "Golem", "Golem")
	g.s.Settlements[1].Produce = 0
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: g.s.Forces[0].ID, Path: path(t, "11,2")}}})
	if over, w := g.Over(); !over || w != 1 {
		t.Errorf("over %t, winner %d", over, w)
	}
}

// A settlement's production queue: after the unit it produces, the
// queue's kinds in order, then the last one again.
func TestProductionQueue(t *testing.T) {
	g := onMap(t, 2, `
1...........
............
...........2`)
	city := g.s.settlementAt(grid.Pos{X: 0, Y: 0})
	inf, cav := int(kind(t, g, "Infantry"))+1, int(kind(t, g, "Cavalry"))+1
	play(t, g, map[Seat][]Order{1: {{Kind: Produce, Settlement: city.ID, Value: inf, Queue: []int{cav, inf}}}})
	var made []int
	for range 25 {
		for _, e := range of(play(t, g, nil), EvProduced) {
			made = append(made, e.Unit)
		}
	}
	// Infantry (5 turns: 4 at 150 %), Cavalry (10: 7), Infantry, Infantry...
	want := []int{inf, cav, inf, inf, inf}
	if len(made) < len(want) || !equalInts(made[:len(want)], want) {
		t.Errorf("produced %v, want %v first", made, want)
	}
	b, _ := EncodeOrders([]Order{{Kind: Produce, Settlement: city.ID, Value: inf, Queue: []int{99}}})
	if rej, _ := g.Check(1, b); len(rej) != 1 {
		t.Errorf("a queue of an unknown kind: %v", rej)
	}
}
