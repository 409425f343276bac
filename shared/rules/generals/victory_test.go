package generals

import (
	"slices"
	"strings"
	"testing"
	"time"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// warcampHit makes seat 1 win a battle at seat 2's Warcamp: outcome 1
// (seat 2 presents no blocker).
func warcampHit(g *table) []Event {
	g.t.Helper()
	if g.s.Phase != PhaseDeclare || g.s.Active != 1 {
		g.t.Fatalf("seat %d in the %s Phase, want seat 1 declaring", g.s.Active, phaseName(g.s.Phase))
	}
	g.put(1, chieftain, ZoneWarcamp)
	a := g.put(1, legionary, ZoneBattlefield)
	g.to(PhaseAttack)
	evs := g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	for g.s.Battle != nil {
		evs = append(evs, g.act(2, Action{Kind: ActBlock})...)
	}
	return evs
}

// TestLengths: "Quick: Achieve Three points to win the game against all
// opponents. Lose Three points to lose against all opponents." and so
// Normal (5, the default: "Normal is the official Tournament Play Type")
// and Epic (8); Blitzkrieg "3 Point Quick Game", Southpole "50 point
// game"; Health starts at 0.
func TestLengths(t *testing.T) {
	t.Logf("rule 3: %s", rule[3])
	for _, tt := range []struct {
		name       string
		opts       ruleset.Options
		win, start int
	}{
		{"Quick", ruleset.Options{KeyLength: LengthQuick}, 3, 0},
		{"Normal, the default", nil, 5, 0},
		{"Epic", ruleset.Options{KeyLength: LengthEpic}, 8, 0},
		{"Blitzkrieg", ruleset.Options{KeyLength: LengthEpic, KeyVariation: VariationBlitzkrieg}, 3, 0},
		{"Southpole", ruleset.Options{KeyVariation: VariationSouthpole}, 50, 0},
		{"Slaughterhouse: at the top line", ruleset.Options{KeyVariation: VariationSlaughterhouse}, 5, 5},
		{"Architect: at the bottom", ruleset.Options{KeyLength: LengthQuick, KeyVariation: VariationArchitect}, 3, -3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newTable(t, 2, tt.opts)
			v := g.view(1, false)
			if v.Win != tt.win || v.Lose != -tt.win || v.Start != tt.start || v.Players[0].Health != tt.start {
				t.Errorf("win %d, lose %d, start %d, Health %d; want %d, %d, %d", v.Win, v.Lose, v.Start, v.Players[0].Health, tt.win, -tt.win, tt.start)
			}
		})
	}
}

// TestChancellor: "C) Chancellor Victory: You achieve the proper amount
// of CH to achieve a victory based upon type of game decided." "Once a
// winner is declared, the game is ended." All transferred points go to
// the attacker.
func TestChancellor(t *testing.T) {
	t.Logf("rule 16: %s", rule[16])
	g := newTable(t, 3, ruleset.Options{KeyLength: LengthQuick})
	g.pl(1).Health = 2
	evs := warcampHit(g)
	if over, w := g.Over(); !over || w != 1 || findEvent(evs, EventWin).Value != WinChancellor || g.pl(2).Health != -1 {
		t.Errorf("seat 1 at 3: over %t, winner %d, events %v, seat 2's Health %d", over, w, kinds(evs), g.pl(2).Health)
	}
	if st := g.Step(); len(st.Actors) != 0 {
		t.Errorf("the game over asks %v", st.Actors)
	}
	// Slaughterhouse: "You may not win by gaining Health".
	s := newTable(t, 2, ruleset.Options{KeyLength: LengthQuick, KeyVariation: VariationSlaughterhouse})
	warcampHit(s)
	if over, _ := s.Over(); over || s.pl(1).Health != 4 {
		t.Errorf("Slaughterhouse at 4 of 3: over %t", over)
	}
}

// TestWarlord: "A) Warlord Victory: Your opponents have run out of
// Cultural Health (CH)"; a player at the losing Health is out and its
// cards leave play, and the others play on; Architect: "You may not lose
// by sitting at the lowest point".
func TestWarlord(t *testing.T) {
	t.Logf("rule 16: %s", rule[16])
	g := newTable(t, 3, ruleset.Options{KeyLength: LengthQuick})
	g.pl(2).Health = -2
	r2 := g.put(2, legionary, ZoneWarcamp)
	evs := warcampHit(g)
	if !g.pl(2).Out || g.inPlay(r2) || !slices.Contains(kinds(evs), EventOut) {
		t.Fatalf("seat 2 at -3: out %t, its unit in play %t", g.pl(2).Out, g.inPlay(r2))
	}
	if over, _ := g.Over(); over {
		t.Fatal("the game ended with two players left")
	}
	g.to(PhaseResolve)
	g.act(1, Action{Kind: ActNext})
	if g.s.Active != 3 {
		t.Errorf("after seat 1, seat %d plays: want 3, skipping seat 2 who is out", g.s.Active)
	}
	g.act(3, Action{Kind: ActPass})
	g.pl(3).Health = -2
	g.s.Players[2].Health = -2
	a := g.put(1, legionary, ZoneBattlefield)
	g.to(PhaseAttack)
	g.refuse(1, Action{Kind: ActAttack, Unit: a, Seat: 2}, "no opponent still playing")
	evs = g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 3})
	if over, w := g.Over(); !over || w != 1 || findEvent(evs, EventWin).Value != WinWarlord {
		t.Errorf("the last one standing: over %t, winner %d, events %v", over, w, kinds(evs))
	}

	ar := newTable(t, 2, ruleset.Options{KeyLength: LengthQuick, KeyVariation: VariationArchitect})
	warcampHit(ar)
	if ar.pl(2).Health != -4 || ar.pl(2).Out {
		t.Errorf("Architect at -4 of -3: Health %d, out %t", ar.pl(2).Health, ar.pl(2).Out)
	}
}

// TestSissy: "B) Sissy Victory: Your opponents forfeit or resign"; a
// player resigns at any step it acts in, and only then.
func TestSissy(t *testing.T) {
	t.Logf("rule 17: %s", rule[17])
	g := newTable(t, 3, nil)
	g.refuse(2, Action{Kind: ActResign}, "it is seat 1's turn")
	g.act(1, Action{Kind: ActPass})
	g.act(2, Action{Kind: ActResign})
	if g.s.Active != 3 || !g.pl(2).Resigned {
		t.Fatalf("after seat 2 resigned in its turn: active %d", g.s.Active)
	}
	evs := g.act(3, Action{Kind: ActResign})
	if over, w := g.Over(); !over || w != 1 || findEvent(evs, EventWin).Value != WinSissy {
		t.Errorf("every opponent resigned: over %t, winner %d, events %v", over, w, kinds(evs))
	}
}

// TestEpicCampaigner: "D) Epic Campaigner Victory: ... when a Chancellor
// Victory is achieved, other players will continue play to try to achieve
// a secondary Warlord Victory. The Epic Campaigner Victory results in
// determining the second place."
func TestEpicCampaigner(t *testing.T) {
	t.Logf("rule 16: %s", rule[16])
	g := newTable(t, 3, ruleset.Options{KeyLength: LengthQuick, KeyEpic: 1})
	g.pl(1).Health = 2
	warcampHit(g)
	st := g.Step()
	if st.Mode != ruleset.Concurrent || !slices.Equal(st.Actors, []ruleset.Seat{2, 3}) {
		t.Fatalf("after the Chancellor Victory: step %+v, want seats 2 and 3 asked", st)
	}
	g.act(2, Action{Kind: ActContinue})
	g.act(3, Action{Kind: ActContinue})
	if g.s.Active != 2 || g.s.Phase != PhaseDeclare || g.live(1) {
		t.Fatalf("playing on: active %d in the %s Phase, the Chancellor still plays %t", g.s.Active, phaseName(g.s.Phase), g.live(1))
	}
	g.act(2, Action{Kind: ActPass})
	g.act(3, Action{Kind: ActResign})
	if over, _ := g.Over(); !over || !slices.Equal(g.s.Winners, []ruleset.Seat{1, 2}) || g.pl(2).Place != 2 {
		t.Errorf("the last one standing after the Chancellor: winners %v, place %d", g.s.Winners, g.pl(2).Place)
	}
	// One player stops: the game ends.
	h := newTable(t, 3, ruleset.Options{KeyLength: LengthQuick, KeyEpic: 1})
	h.pl(1).Health = 2
	warcampHit(h)
	h.act(2, Action{Kind: ActStop})
	h.act(3, Action{Kind: ActContinue})
	if over, w := h.Over(); !over || w != 1 || len(h.s.Winners) != 1 {
		t.Errorf("a player stopped: over %t, winner %d, winners %v", over, w, h.s.Winners)
	}
}

// TestRoundLimit: after the last round the most Health wins; a tie is
// drawn.
func TestRoundLimit(t *testing.T) {
	t.Logf("rule 18: %s", rule[18])
	for _, tt := range []struct {
		name   string
		health [2]int
		want   ruleset.Seat
	}{
		{"the most Health wins", [2]int{1, -1}, 1},
		{"a tie is drawn", [2]int{2, 2}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newTable(t, 2, ruleset.Options{KeyRounds: 2})
			g.pl(1).Health, g.pl(2).Health = tt.health[0], tt.health[1]
			for steps := 0; g.s.Phase != PhaseOver; steps++ {
				if steps > 10 {
					t.Fatalf("no end after %d turns, round %d of 2", steps, g.s.Round)
				}
				g.act(g.s.Active, Action{Kind: ActPlay})
				g.to(PhaseResolve)
				g.act(g.s.Active, Action{Kind: ActNext})
			}
			if _, w := g.Over(); w != tt.want || g.s.Round != 2 || g.s.Turn != 4 {
				t.Errorf("winner %d after round %d, turn %d; want %d after round 2, turn 4", w, g.s.Round, g.s.Turn, tt.want)
			}
		})
	}
}

// TestClock: the answer clock for answers out of turn, the turn's budget
// for the player's own steps.
func TestClock(t *testing.T) {
	t.Logf("rule 19: %s", rule[19])
	g := newTable(t, 2, ruleset.Options{KeyAnswer: 1, KeyTurn: 4})
	st := g.Step()
	if st.Limit != 300*time.Second || st.Budget != "turn 1" || st.Mode != ruleset.Interactive {
		t.Errorf("the turn's step: limit %v, budget %q", st.Limit, st.Budget)
	}
	g.put(1, chieftain, ZoneWarcamp)
	a := g.put(1, legionary, ZoneBattlefield)
	b := g.put(2, legionary, ZoneBattlefield)
	g.to(PhaseAttack)
	g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	if st := g.Step(); st.Limit != 15*time.Second || st.Budget != "" || !slices.Equal(st.Actors, []ruleset.Seat{2}) {
		t.Errorf("the defender's answer: %+v, want 15 s of its own", st)
	}
	g.act(2, Action{Kind: ActBlock, Unit: b})
	if st := g.Step(); st.Limit != 300*time.Second || st.Budget != "turn 1" {
		t.Errorf("the attacker's Tactics: %+v, want the turn's budget", st)
	}
	fresh, _ := New().New(config(1, 2, 40))
	if st := fresh.Step(); st.Limit != 30*time.Second || st.Budget != "" || st.Mode != ruleset.Concurrent {
		t.Errorf("the opening: %+v, want the default answer time, 30 s", st)
	}
	data, ok := fresh.(*game).Default(1)
	var def Action
	if !ok || wire.Unmarshal(data, &def) != nil || def.Kind != ActOpening || def.Count != 5 {
		t.Errorf("the opening's default: %+v", def)
	}
	if !strings.Contains(fresh.Step().Prompt, "opening") {
		t.Errorf("the opening's prompt %q", fresh.Step().Prompt)
	}
}

// TestResign: a player resigns at any step it acts in: the opening (the
// others' game goes on, or the last one wins), answering an attack (the
// battle ends, the attacker's turn goes on), its own turn (the next
// player's turn begins).
func TestResign(t *testing.T) {
	t.Logf("rule 17: %s", rule[17])
	gg, _ := New().New(config(1, 3, 40))
	g := &table{game: gg.(*game), t: t}
	g.act(1, Action{Kind: ActOpening, Count: 7})
	g.act(2, Action{Kind: ActOpening, Count: 7})
	g.act(3, Action{Kind: ActResign})
	if g.s.Phase != PhaseDeclare || !g.pl(3).Out || g.live(3) {
		t.Fatalf("the last opener resigned: phase %s, seat 3 out %t", phaseName(g.s.Phase), g.pl(3).Out)
	}

	two, _ := New().New(config(1, 2, 40))
	h := &table{game: two.(*game), t: t}
	evs := h.act(2, Action{Kind: ActResign})
	if over, w := h.Over(); !over || w != 1 || findEvent(evs, EventWin).Value != WinSissy {
		t.Errorf("one of two resigned in the opening: over %t, winner %d", over, w)
	}

	b, a, blk := battle(t, legionary, legionary, ZoneBattlefield)
	b.put(2, hastati, ZoneWarcamp)
	b.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	evs = b.act(2, Action{Kind: ActResign})
	if over, w := b.Over(); !over || w != 1 || b.inPlay(blk) {
		t.Errorf("the defender of two resigned: over %t, winner %d, its blocker in play %t (events %v)", over, w, b.inPlay(blk), kinds(evs))
	}

	c := newTable(t, 3, nil)
	c.act(1, Action{Kind: ActPlay})
	c.act(1, Action{Kind: ActResign})
	if c.s.Active != 2 || c.s.Phase != PhaseDeclare {
		t.Errorf("the active player resigned: seat %d in the %s Phase, want seat 2 declaring", c.s.Active, phaseName(c.s.Phase))
	}
	c.refuse(1, Action{Kind: ActResign}, "it is seat 2's turn")
}
