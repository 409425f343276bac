package empire

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// "A special terrain is "settlement" (bases, towns, cities). It works like
// a combination of plains (for land units and flying units) and sea (for
// sea units)." A Galleon sails into a coastal town; an Infantry walks in
// at its plains cost.
func TestSettlementIsPlainsAndSea(t *testing.T) {
	g := onMap(t, 2, `
1.......
....~~~~
...t~~~~
........
.......2`)
	gal := add(t, g, 1, 4, 2, false, "Galleon")
	inf := add(t, g, 1, 2, 2, false, "Infantry")
	play(t, g, map[Seat][]Order{1: {
		{Kind: Move, Force: gal.ID, Path: path(t, "3,2")},
		{Kind: Move, Force: inf.ID, Path: path(t, "3,2")},
	}})
	for _, r := range []ref{gal, inf} {
		if p := r.f().Pos; p != (grid.Pos{X: 3, Y: 2}) {
			t.Errorf("force %d at %v, want in the town at 3,2", r.ID, p)
		}
	}
	m := ArmyMovement(g.d, gal.f().Units)
	if m.Settlement != 1 || m.Cost[dat.Plains] != 0 {
		t.Errorf("a galleon's movement %+v: a settlement at its sea cost, no plains", m)
	}
}

// "transport<n>: transports up to n units": a Barge carries up to five
// land units over the sea; a sixth is too many.
func TestTransport(t *testing.T) {
	for _, tc := range []struct {
		infantry int
		want     grid.Pos
	}{{5, grid.Pos{X: 3, Y: 1}}, {6, grid.Pos{X: 2, Y: 1}}} {
		g := onMap(t, 2, `
1.......
..~~~~..
.......2`)
		names := []string{"Barge"}
		for range tc.infantry {
			names = append(names, "Infantry")
		}
		f := add(t, g, 1, 2, 1, false, names...)
		play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: f.ID, Path: path(t, "3,1")}}})
		if p := f.f().Pos; p != tc.want {
			t.Errorf("a barge with %d infantry at %v, want %v", tc.infantry, p, tc.want)
		}
	}
}

// "It flees into an adjacent empty square (no towns or cities, no other
// hostile armies). ... An army does not flee, if there is no adjacent
// square which is a suitable escape target."
func TestEscapeSquare(t *testing.T) {
	g := onMap(t, 3, `
1...3...
...t~...
........
.......2`)
	def := add(t, g, 1, 3, 2, false, "Infantry")
	add(t, g, 2, 2, 2, false, "Infantry") // west: hostile
	// north is the town (3,1), east (4,2) plains, south (3,3) plains.
	have, ok := g.escape(grid.Pos{X: 3, Y: 2}, 1, []ForceID{def.ID}, grid.Pos{X: 3, Y: 3})
	if !ok || have != (grid.Pos{X: 3, Y: 3}) {
		t.Errorf("escape to %v %t, want the preferred 3,3", have, ok)
	}
	have, ok = g.escape(grid.Pos{X: 3, Y: 2}, 1, []ForceID{def.ID}, grid.Pos{X: -1, Y: -1})
	if !ok || have != (grid.Pos{X: 4, Y: 2}) {
		t.Errorf("escape to %v %t, want 4,2 (north a town, west a hostile army)", have, ok)
	}
	add(t, g, 3, 4, 2, false, "Infantry")
	add(t, g, 3, 3, 3, false, "Infantry")
	if have, ok := g.escape(grid.Pos{X: 3, Y: 2}, 1, []ForceID{def.ID}, grid.Pos{X: -1, Y: -1}); ok {
		t.Errorf("escape to %v with every neighbour a town or hostile", have)
	}
	// A sea square is no escape for infantry.
	sea, ok := g.escape(grid.Pos{X: 4, Y: 0}, 1, []ForceID{def.ID}, grid.Pos{X: 4, Y: 1})
	if ok && sea == (grid.Pos{X: 4, Y: 1}) {
		t.Error("infantry flees into the sea")
	}
}

// "If the attacker flees the defending force will stay regardless of its
// morale." and "The defender flees: ... The old defending force will be
// placed in an adjacent square." Played over many seeds: every battle's
// forces end where its outcome says.
func TestBattlePlacement(t *testing.T) {
	outcomes := map[battle.Outcome]int{}
	for seed := range uint64(120) {
		g := onMap(t, 2, `
1.......
........
........
.......2`)
		g.pcg.Seed(seed, seed)
		att := add(t, g, 1, 2, 1, false, "Cavalry", "Infantry")
		def := add(t, g, 2, 3, 1, false, "Cavalry", "Infantry")
		evs := play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: att.ID, Path: path(t, "3,1")}}})
		bs := of(evs, EvBattle)
		if len(bs) != 1 {
			t.Fatalf("seed %d: %d battles", seed, len(bs))
		}
		o := bs[0].Battle.Report.Outcome
		outcomes[o]++
		here := grid.Pos{X: 3, Y: 1}
		a, d := att.f(), def.f()
		switch o {
		case battle.AttackerFled:
			if a == nil || a.Pos == here || !g.s.grid().Adjacent(a.Pos, here) || d != nil && d.Pos != here {
				t.Errorf("seed %d: the attacker fled to %v, the defender at %v", seed, a, d)
			}
		case battle.DefenderFled:
			if d == nil || d.Pos == here || !g.s.grid().Adjacent(d.Pos, here) || a == nil || a.Pos != here {
				t.Errorf("seed %d: the defender fled to %v, the attacker at %v", seed, d, a)
			}
		case battle.DefenderWiped:
			if d != nil || a == nil || a.Pos != here {
				t.Errorf("seed %d: defender %v, attacker %v", seed, d, a)
			}
		case battle.AttackerWiped:
			if a != nil || d != nil && d.Pos != here {
				t.Errorf("seed %d: attacker %v, defender %v", seed, a, d)
			}
		}
	}
	for _, o := range []battle.Outcome{battle.AttackerFled, battle.DefenderFled, battle.AttackerWiped} {
		if outcomes[o] == 0 {
			t.Errorf("no battle ended %v in 120 seeds: %v", o, outcomes)
		}
	}
}

// "The attacker is wiped out: The defending force wins and will stay in
// the square. If the defending force is also wiped out, the square will
// stay in the control of the defending player nonetheless."
func TestBothWipedOut(t *testing.T) {
	found := false
	for seed := uint64(0); seed < 300 && !found; seed++ {
		g := onMap(t, 2, `
1...t...
........
.......2`)
		g.pcg.Seed(seed, seed)
		town := g.s.settlementAt(grid.Pos{X: 4, Y: 0})
		town.Owner = 2
		add(t, g, 2, 4, 0, true, "Infantry")
		att := add(t, g, 1, 3, 0, false, "Infantry")
		evs := play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: att.ID, Path: path(t, "4,0")}}})
		bs := of(evs, EvBattle)
		if len(bs) != 1 || len(bs[0].Battle.Report.Sides[0].Fighters) > 0 || len(bs[0].Battle.Report.Sides[1].Fighters) > 0 {
			continue
		}
		found = true
		if bs[0].Battle.Report.Outcome != battle.AttackerWiped || town.Owner != 2 {
			t.Errorf("both wiped out: outcome %v, the town's owner %d, want AttackerWiped and 2", bs[0].Battle.Report.Outcome, town.Owner)
		}
	}
	if !found {
		t.Fatal("no seed wiped out both sides")
	}
}

// CHOICE: a battle neither side can win (a Barge in its coastal town
// cannot be reached by Infantry, nor reach it) is a stalemate, and the
// attacker falls back where it came from.
func TestStalemateFallsBack(t *testing.T) {
	g := onMap(t, 2, `
1.......
...t~~~~
.......2`)
	town := g.s.settlementAt(grid.Pos{X: 3, Y: 1})
	town.Owner = 2
	add(t, g, 2, 3, 1, false, "Barge")
	inf := add(t, g, 1, 2, 1, false, "Infantry")
	evs := play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: inf.ID, Path: path(t, "3,1")}}})
	bs := of(evs, EvBattle)
	if len(bs) != 1 || bs[0].Battle.Report.Outcome != battle.Stalemate {
		t.Fatalf("battles %+v, want one stalemate", bs)
	}
	if p := inf.f().Pos; p != (grid.Pos{X: 2, Y: 1}) || town.Owner != 2 {
		t.Errorf("the infantry at %v, the town's owner %d", p, town.Owner)
	}
}

// "A unit starts at "green"-level (novice level). After the first, third
// and fifth battle the unit is promoted one level": the game keeps each
// unit's battles from one battle to the next.
func TestExperienceKept(t *testing.T) {
	g := onMap(t, 2, `
1.......
........
.......2`)
	hero := add(t, g, 1, 2, 1, false, "Golem")
	add(t, g, 2, 3, 1, false, "Infantry")
	add(t, g, 2, 4, 1, false, "Infantry")
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: hero.ID, Path: path(t, "3,1")}}})
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: hero.ID, Path: path(t, "4,1")}}})
	u := hero.f().Units[0]
	if u.Battles != 2 || Level(&g.d.Game, u.Battles) != 1 {
		t.Errorf("the golem fought %d battles, level %d; want 2 and level 1 (*)", u.Battles, Level(&g.d.Game, u.Battles))
	}
}

// Orders that break the rules are refused at once, each with why, and
// change nothing.
func TestOrderRefusals(t *testing.T) {
	g := onMap(t, 2, `
1.......
........
....t..2`)
	army := add(t, g, 1, 2, 1, false, "Infantry", "Cavalry")
	gar := add(t, g, 1, 0, 0, true, "Infantry")
	foe := add(t, g, 2, 6, 2, false, "Infantry")
	long := make([]grid.Pos, 0, 100)
	for i := range 100 {
		long = append(long, grid.Pos{X: 2 + i%2, Y: 1})
	}
	tests := []struct {
		name  string
		order Order
		want  string
	}{
		{"not yours", Order{Kind: Move, Force: foe.ID, Path: path(t, "6,1")}, "you have no force"},
		{"no such force", Order{Kind: Move, Force: 999, Path: path(t, "3,1")}, "you have no force 999"},
		{"not next", Order{Kind: Move, Force: army.ID, Path: path(t, "4,1")}, "is not next to"},
		{"off the map", Order{Kind: Move, Force: army.ID, Path: path(t, "2,0 2,-1")}, "off the map"},
		{"too long", Order{Kind: Move, Force: army.ID, Path: long}, "longer than"},
		{"garrison moves", Order{Kind: Move, Force: gar.ID, Path: path(t, "1,0")}, "does not move"},
		{"no kind", Order{Kind: Produce, Settlement: 1, Value: 99}, "no unit kind"},
		{"not your town", Order{Kind: Produce, Settlement: 3, Value: 1}, "you hold no settlement"},
		{"forward to a foe", Order{Kind: Forward, Settlement: 1, To: foe.ID}, "you have no force"},
		{"split nothing", Order{Kind: Split, Force: army.ID}, "name the units"},
		{"split a stranger", Order{Kind: Split, Force: army.ID, Units: []UnitID{999}}, "has no unit 999"},
		{"split twice", Order{Kind: Split, Force: army.ID, Units: []UnitID{army.f().Units[0].ID, army.f().Units[0].ID}}, "named twice"},
		{"garrison outside", Order{Kind: Split, Force: army.ID, Units: []UnitID{army.f().Units[0].ID}, Garrison: true}, "stays in a settlement"},
		{"join itself", Order{Kind: Transfer, Force: army.ID, To: army.ID}, "cannot join itself"},
		{"no such kind", Order{Kind: 99}, "no such order"},
	}
	before, _ := g.Save()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := EncodeOrders([]Order{tc.order})
			if err != nil {
				t.Fatal(err)
			}
			rej, err := g.Check(1, b)
			if err != nil || len(rej) != 1 || !strings.Contains(rej[0].Reason, tc.want) {
				t.Errorf("have %v %v, want a refusal saying %q", rej, err, tc.want)
			}
		})
	}
	if after, _ := g.Save(); string(after) != string(before) {
		t.Error("checking orders changed the game")
	}
	if _, err := g.Check(1, []byte{0xc1}); err == nil {
		t.Error("bytes that are no order list were accepted")
	}
}

// A player's view holds its own forces and settlements, the squares it
// has seen and the others' forces as sighted there, and nothing more: a
// property of every view of whole random games.
func TestViewsHideTheFog(t *testing.T) {
	r := rules(t)
	for seed := range uint64(3) {
		rg, err := r.New(ruleset.Config{Seed: seed, Seats: 3, Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 20}})
		if err != nil {
			t.Fatal(err)
		}
		g := rg.(*Game)
		ais := map[Seat]ruleset.AI{}
		for s := Seat(1); s <= 3; s++ {
			ais[s] = &wander{}
		}
		for turn := 0; turn < 40; turn++ {
			if over, _ := g.Over(); over {
				break
			}
			var subs []ruleset.Submission
			for _, s := range g.Step().Actors {
				b, _ := ais[s].Act(g.View(s, false), g.Step(), s)
				subs = append(subs, ruleset.Submission{Seat: s, Orders: b})
			}
			if _, err := g.Resolve(subs); err != nil {
				t.Fatal(err)
			}
			for s := Seat(1); s <= 3; s++ {
				checkFog(t, g, g.View(s, false).(*View))
			}
		}
	}
}

// checkFog checks one view against the game.
func checkFog(t *testing.T, g *Game, v *View) {
	t.Helper()
	gr := v.Grid()
	for i, tr := range v.Terrain {
		if (tr == Unknown) != (v.Seen[i] == 0) {
			t.Fatalf("seat %d: square %v terrain %d, seen %d", v.Seat, gr.At(i), tr, v.Seen[i])
		}
		if tr != Unknown && dat.Terrain(tr) != g.s.Terrain[i] {
			t.Fatalf("seat %d: square %v terrain %d, truly %d", v.Seat, gr.At(i), tr, g.s.Terrain[i])
		}
	}
	for _, f := range v.Forces {
		if f.Owner != v.Seat {
			t.Fatalf("seat %d sees force %d of seat %d in full", v.Seat, f.ID, f.Owner)
		}
	}
	for _, st := range v.Settlements {
		if st.Owner != v.Seat && (st.Produce != 0 || st.Progress != 0 || st.Forward != 0) {
			t.Fatalf("seat %d sees the production of settlement %d", v.Seat, st.ID)
		}
		if v.Seen[gr.Index(st.Pos)] == 0 && st.Owner != v.Seat {
			t.Fatalf("seat %d knows settlement %d it never saw", v.Seat, st.ID)
		}
	}
	for _, sg := range v.Sightings {
		if sg.Owner == v.Seat || v.Seen[gr.Index(sg.Pos)] < int32(sg.Turn) {
			t.Fatalf("seat %d: sighting %+v on a square last seen on turn %d", v.Seat, sg, v.Seen[gr.Index(sg.Pos)])
		}
	}
	for _, tr := range v.Transits {
		if tr.Owner != v.Seat {
			t.Fatalf("seat %d sees seat %d's units in transit", v.Seat, tr.Owner)
		}
	}
}

// wander is a test player: every settlement produces Cavalry, every
// garrison of two or more sends one unit out, every army walks east or
// south.
type wander struct{ n int }

func (w *wander) Act(rv ruleset.View, _ ruleset.Step, s ruleset.Seat) ([]byte, error) {
	v := rv.(*View)
	w.n++
	var os []Order
	for _, st := range v.Settlements {
		if st.Owner == s && st.Produce == 0 {
			os = append(os, Order{Kind: Produce, Settlement: st.ID, Value: 2})
		}
	}
	gr := v.Grid()
	for _, f := range v.Forces {
		step := grid.Pos{X: f.Pos.X + 1, Y: f.Pos.Y}
		if (w.n+int(f.ID))%2 == 0 {
			step = grid.Pos{X: f.Pos.X, Y: f.Pos.Y + 1}
		}
		if !gr.Contains(step) {
			step = grid.Pos{X: max(f.Pos.X-1, 0), Y: f.Pos.Y}
		}
		switch {
		case f.Garrison && len(f.Units) > 1:
			os = append(os, Order{Kind: Split, Force: f.ID, Units: []UnitID{f.Units[0].ID}, Path: []grid.Pos{step}})
		case !f.Garrison && len(f.Path) == 0 && step != f.Pos:
			os = append(os, Order{Kind: Move, Force: f.ID, Path: []grid.Pos{step}})
		}
	}
	return EncodeOrders(os)
}

// "The world consists of a rectangle map." — and, as an option, of
// hexes: the same rules on six neighbours.
func TestHexBoard(t *testing.T) {
	r := rules(t)
	rg, err := r.New(ruleset.Config{Seed: 2, Seats: 2, Options: ruleset.Options{KeyBoard: 1, ruleset.KeyWidth: 20, ruleset.KeyHeight: 16}})
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(*Game)
	if g.s.Shape != grid.Hex {
		t.Fatalf("board %v", g.s.Shape)
	}
	var f *Force
	for i := range g.s.Forces {
		if g.s.Forces[i].Owner == 1 {
			f = &g.s.Forces[i]
		}
	}
	id, from := f.ID, f.Pos
	gr := g.s.grid()
	nb := gr.Neighbours(nil, from)
	if len(nb) != 6 && from.X > 0 && from.Y > 0 && from.X < gr.Width-1 && from.Y < gr.Height-1 {
		t.Fatalf("%d neighbours of %v on hexes", len(nb), from)
	}
	var to grid.Pos
	for _, q := range nb {
		if g.s.terrain(q) == dat.Plains && g.s.settlementAt(q) == nil {
			to = q
			break
		}
	}
	u := f.Units[0].ID
	play(t, g, map[Seat][]Order{1: {{Kind: Split, Force: id, Units: []UnitID{u}, Path: []grid.Pos{to}}}})
	moved := false
	for _, f := range g.s.Forces {
		if f.Owner == 1 && f.Pos == to {
			moved = true
		}
	}
	if !moved {
		t.Errorf("no army reached the hex %v next to %v", to, from)
	}
}

// A force's or unit's number is its seat's own count: what one player
// builds or splits off does not change the numbers of another's new
// forces, so the numbers a view shows tell nothing of the others.
func TestIDsTellNothing(t *testing.T) {
	ids := func(busy bool) []ForceID {
		g := onMap(t, 2, `
1.......
........
.......2`)
		mine := add(t, g, 1, 0, 0, true, "Infantry", "Infantry", "Infantry")
		theirs := add(t, g, 2, 7, 2, true, "Infantry", "Infantry", "Infantry")
		if busy {
			play(t, g, map[Seat][]Order{2: {
				{Kind: Split, Force: theirs.ID, Units: []UnitID{theirs.f().Units[0].ID}},
				{Kind: Split, Force: theirs.ID, Units: []UnitID{theirs.f().Units[1].ID}},
			}})
		} else {
			play(t, g, nil)
		}
		play(t, g, map[Seat][]Order{1: {{Kind: Split, Force: mine.ID, Units: []UnitID{mine.f().Units[0].ID}}}})
		var out []ForceID
		for _, f := range g.View(1, false).(*View).Forces {
			out = append(out, f.ID)
		}
		return out
	}
	quiet, busy := ids(false), ids(true)
	if len(quiet) != 2 || !slices.Equal(quiet, busy) {
		t.Errorf("seat 1's forces are %v when seat 2 splits nothing and %v when it splits twice", quiet, busy)
	}
}
