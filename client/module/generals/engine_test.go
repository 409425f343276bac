package generals

import (
	"slices"
	"testing"

	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/generals"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// TestAGameAtTheTable plays a Quick game of two seats with the engine:
// seat 1 through the table's model as a player clicks it (the opening,
// the lit cards, a General's zone, targets, an attack, blocks, discards,
// the phase bar), seat 2 by the engine's first moves. Every action the
// table sends must be one the engine accepts, and the table must play
// cards, attack and answer an attack.
func TestAGameAtTheTable(t *testing.T) {
	r := rules.New()
	g, err := r.New(ruleset.Config{Seed: 5, Seats: 2, Names: []string{"Ann", "Bob"},
		Options: ruleset.Options{rules.KeyLength: 0, rules.KeyRounds: 40}})
	if err != nil {
		t.Fatal(err)
	}
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{theme: th, anim: "off"}
	scr, err := Module{}.OpenScreen(r, h)
	if err != nil {
		t.Fatal(err)
	}
	s := scr.(*Screen)
	if err := s.SetView(g.View(1, false)); err != nil {
		t.Fatal(err)
	}
	played := map[rules.ActionKind]int{}
	blocked := 0
	for step := 0; step < 3000; step++ {
		if over, _ := g.Over(); over {
			break
		}
		st := g.Step()
		s.SetStep(module.StepInfo{Mode: st.Mode, Seq: st.Seq, Actors: st.Actors})
		var seat ruleset.Seat
		var data []byte
		switch {
		case slices.Contains(st.Actors, 1):
			seat = 1
			before := len(h.acts)
			s.apply(playAsUser(s.m))
			if len(h.acts) == before {
				t.Fatalf("step %d (%s): the table sent nothing; situation %q, moves %+v", step, PhaseName(s.m.v.Phase), s.m.Situation(), s.m.Moves())
			}
			data = h.acts[len(h.acts)-1]
			var a rules.Action
			if err := wire.Unmarshal(data, &a); err != nil {
				t.Fatal(err)
			}
			played[a.Kind]++
			if a.Kind == rules.ActBlock && a.Unit != 0 {
				blocked++
			}
		default:
			seat = st.Actors[0]
			v := g.View(seat, false).(*rules.View)
			moves := r.Moves(v)
			a := moves[0]
			pick := func(ok func(m rules.Action) bool) bool {
				if i := slices.IndexFunc(moves, ok); i >= 0 {
					a = moves[i]
					return true
				}
				return false
			}
			_ = pick(func(m rules.Action) bool { return m.Kind == rules.ActOpening && m.Count == 5 }) ||
				pick(func(m rules.Action) bool { return m.Kind == rules.ActAttack }) ||
				pick(func(m rules.Action) bool { return m.Kind == rules.ActMove && m.Battlefield }) ||
				pick(func(m rules.Action) bool { return m.Kind == rules.ActCard }) ||
				pick(func(m rules.Action) bool { return m.Kind == rules.ActPlay }) ||
				pick(func(m rules.Action) bool { return m.Kind == rules.ActDraw && m.Supply == (v.Turn%4 != 2) }) ||
				pick(func(m rules.Action) bool { return m.Kind == rules.ActDraw || m.Kind == rules.ActNext })
			if data, err = wire.Marshal(&a); err != nil {
				t.Fatal(err)
			}
		}
		out, err := g.Act(seat, data)
		if err != nil {
			t.Fatalf("step %d: seat %d's action refused: %v", step, seat, err)
		}
		if seat == 1 {
			s.ActResult(st.Seq, "")
		}
		evs, err := out.Events(1, false)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Resolved(g.View(1, false), evs); err != nil {
			t.Fatal(err)
		}
	}
	if played[rules.ActCard] == 0 || played[rules.ActOpening] != 1 || played[rules.ActAttack] == 0 || blocked == 0 {
		t.Errorf("the table played %v, blocked with a unit %d times: want the opening, cards, an attack and a block", played, blocked)
	}
	if len(s.Log()) < 10 {
		t.Errorf("the log holds %d lines", len(s.Log()))
	}
	t.Logf("the table's actions: %v; blocks with a unit: %d; log lines: %d", played, blocked, len(s.Log()))
}

// playAsUser is what a player does at the table now, through the model
// as the clicks reach it: the opening split, the discard ticked, a block
// with the first blocker, the first lit card (a General to the
// Battlefield, its first targets), an attack with the first unit that
// may, else the phase bar's button.
func playAsUser(m *Model) Result {
	switch {
	case m.Opens():
		m.SetOpening(5)
		return m.Confirm()
	case m.DiscardCount() > 0:
		n := m.DiscardCount()
		for i := range n {
			m.ClickHand(len(m.v.Hand) - 1 - i)
		}
		return m.Confirm()
	case m.Defends():
		if b := m.Blockers(); len(b) > 0 {
			return m.ClickUnit(b[0])
		}
		return m.Block(0)
	}
	for i := range m.v.Hand {
		if !m.Playable(i) {
			continue
		}
		r := m.ClickHand(i)
		if m.pick.Zone {
			r = m.Press(BtnField)
		}
		for r.Action == nil && m.wantsTarget() {
			t := m.pick.Cands[0].Targets[len(m.pick.Targets)]
			if t.Unit != 0 {
				r = m.ClickUnit(t.Unit)
			} else {
				r = m.ClickPlayer(t.Seat)
			}
		}
		if r.Action != nil {
			return r
		}
	}
	for _, a := range m.Moves() {
		if a.Kind == rules.ActAttack {
			m.ClickUnit(a.Unit)
			return m.ClickPlayer(a.Seat)
		}
	}
	draw := BtnDraw
	if m.v.Turn%4 != 1 {
		draw = BtnSupply // resources, to pay for units
	}
	for _, b := range []Button{BtnPlay, draw, BtnDraw, BtnNext, BtnEnd, BtnContinue} {
		if ok, _ := m.Enabled(b); ok && slices.Contains(m.Buttons(), b) {
			return m.Press(b)
		}
	}
	return Result{}
}
