package generals

import (
	"image"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/module"
	"empires/client/prefs"
	rules "empires/shared/rules/generals"
	"empires/shared/wire"
)

// TestScreenInput drives the screen as the shell does, with the pointer
// and the keys of the help: a click on a lit card plays it, a click on a
// unit and on a button (or a drag) moves it, N ends the phase, a click on an
// opponent's place attacks it, a click on a row of the defender's box
// blocks, ← and Enter split the opening.
func TestScreenInput(t *testing.T) {
	sh := shellOf(1024, 768)
	click := func(s *Screen, pt image.Point) {
		s.Update(sh.input(pt, false)) // the pointer comes, then clicks
		s.Update(sh.input(pt, true))
	}
	key := func(s *Screen, k ebiten.Key) { s.Update(sh.input(image.Pt(2, 2), false, k)) }

	army := []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActCard, Hand: 1, Card: warrior},
		{Kind: rules.ActMove, Unit: 4, Battlefield: true}}
	s, h := newScreen(t, tableView(2), army)
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	click(s, mid(s.lay.Hand[1]))
	if a := h.lastAct(t); a.Kind != rules.ActCard || a.Hand != 1 || a.Card != warrior || a.Seq != 9 {
		t.Errorf("a click on the Hun Warrior sent %+v", a)
	}
	s.m.ActResult(9, "")
	u, _ := s.lay.UnitRect(4)
	click(s, mid(u))
	if p := s.m.Pick(); p.Kind != PickUnit || p.Unit != 4 {
		t.Fatalf("a click on the archers picked %+v", p)
	}
	var field image.Rectangle
	for _, b := range s.lay.Buttons {
		if b.Button == BtnField {
			field = b.Rect
		}
	}
	if field.Empty() {
		t.Fatalf("no To the Battlefield button: %+v", s.lay.Buttons)
	}
	click(s, mid(field))
	if a := h.lastAct(t); a.Kind != rules.ActMove || a.Unit != 4 || !a.Battlefield {
		t.Errorf("To the Battlefield sent %+v", a)
	}
	s.m.ActResult(9, "")
	// A drag from the Warcamp to the Battlefield moves the unit too.
	u, _ = s.lay.UnitRect(4)
	s.Update(sh.input(mid(u), false))
	s.Update(sh.input(mid(u), true))
	to := mid(s.lay.Mine.Zones[rules.ZoneBattlefield])
	s.Update(sh.input(to, false))
	release := sh.input(to, false)
	release.Released = release.Released.With(ebiten.MouseButtonLeft)
	s.Update(release)
	if a := h.lastAct(t); a.Kind != rules.ActMove || a.Unit != 4 || !a.Battlefield || len(h.acts) != 3 {
		t.Errorf("a drag to the Battlefield sent %+v (%d actions)", a, len(h.acts))
	}
	s.m.ActResult(9, "")
	key(s, ebiten.KeyN)
	if a := h.lastAct(t); a.Kind != rules.ActNext {
		t.Errorf("N sent %+v", a)
	}

	attack := tableView(2)
	attack.Phase = rules.PhaseAttack
	s, h = newScreen(t, attack, []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActAttack, Unit: 3, Seat: 2}})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	u, _ = s.lay.UnitRect(3)
	click(s, mid(u))
	other, _ := s.lay.PlaceOf(2)
	click(s, other.Head.Min.Add(image.Pt(4, 4)))
	if a := h.lastAct(t); a.Kind != rules.ActAttack || a.Unit != 3 || a.Seat != 2 {
		t.Errorf("Uldin, then player 2's place, sent %+v", a)
	}

	defend := tableView(2)
	defend.Active, defend.Phase = 2, rules.PhaseAttack
	defend.Battle = &rules.Battle{Attacker: 2, Unit: 7, Defender: 1}
	s, h = newScreen(t, defend, []rules.Action{{Kind: rules.ActBlock, Unit: 4}, {Kind: rules.ActBlock, Unit: 5}, {Kind: rules.ActBlock}})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	click(s, mid(s.lay.Blockers[2].Rect))
	if a := h.lastAct(t); a.Kind != rules.ActBlock || a.Unit != 5 {
		t.Errorf("the platoon's row sent %+v", a)
	}

	open := tableView(2)
	open.Phase, open.Active = rules.PhaseOpening, 0
	var splits []rules.Action
	for n := range OpeningHand + 1 {
		splits = append(splits, rules.Action{Kind: rules.ActOpening, Count: n})
	}
	s, h = newScreen(t, open, splits)
	h.mapR = sh.mapR
	key(s, ebiten.KeyLeft)
	key(s, ebiten.KeyEnter)
	if a := h.lastAct(t); a.Kind != rules.ActOpening || a.Count != 3 {
		t.Errorf("← and Enter sent %+v, want the opening with 3 from the Draw Pile", a)
	}
}

// TestAnimations: a card played, an attack and a discard start an
// animation each, which a click skips; none with the animations off.
func TestAnimations(t *testing.T) {
	sh := shellOf(1024, 768)
	for _, c := range []struct {
		speed string
		want  int
	}{{prefs.AnimNormal, 3}, {prefs.AnimOff, 0}} {
		s, h := newScreen(t, tableView(2), nil)
		h.mapR, h.anim = sh.mapR, c.speed
		s.Update(sh.input(image.Pt(2, 2), false))
		s.resolved(tableView(2), []rules.Event{
			{Kind: rules.EventCard, Seat: 2, Card: romeSol, Unit: 6, Zone: rules.ZoneWarcamp},
			{Kind: rules.EventAttack, Seat: 2, Other: 1, Unit: 7},
			{Kind: rules.EventDiscard, Seat: 1, Count: 1, Cards: []rules.CardID{storm}},
		})
		if have := len(s.anims); have != c.want {
			t.Errorf("animations %s: %d playing, want %d", c.speed, have, c.want)
		}
		if redraw := s.Update(sh.input(image.Pt(2, 2), false)); redraw != (c.want > 0) {
			t.Errorf("animations %s: a frame asks to draw again %v, want %v", c.speed, redraw, c.want > 0)
		}
		s.Update(sh.input(image.Pt(2, 2), true))
		if s.Animating() {
			t.Errorf("animations %s: still playing after a click", c.speed)
		}
	}
}

// TestCompactTarget: with 20 players the other places are compact and
// show no cards; a click on one while a card wants a card in play as its
// target lists that player's cards that may be chosen, and a click on a
// row plays the card on it.
func TestCompactTarget(t *testing.T) {
	sh := shellOf(1024, 768)
	v := tableView(20)
	// In tableView seat s > 1 holds 6+2(s-2) in its Warcamp and 7+2(s-2)
	// in its Battlefield.
	w5, b5 := rules.Ref(6+2*3), rules.Ref(7+2*3)
	moves := []rules.Action{
		{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 5, Unit: w5}}},
		{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 5, Unit: b5}}},
	}
	s, h := newScreen(t, v, moves)
	h.mapR = sh.mapR
	click := func(pt image.Point) {
		s.Update(sh.input(pt, false))
		s.Update(sh.input(pt, true))
	}
	s.Update(sh.input(image.Pt(2, 2), false))
	if !s.lay.Compact {
		t.Fatal("20 players: the places are not compact")
	}
	click(mid(s.lay.Hand[4]))
	place, _ := s.lay.PlaceOf(5)
	click(mid(place.Box))
	if got := len(s.lay.Among); got != 2 {
		t.Fatalf("a click on player 5's place lists %d cards, want 2", got)
	}
	click(mid(s.lay.Among[1].Rect))
	if a := h.lastAct(t); a.Kind != rules.ActCard || len(a.Targets) != 1 || a.Targets[0].Unit != b5 {
		t.Errorf("the second row sent %+v, want Arrow Storm on card %d", a, b5)
	}
}

// TestRewind: a replay shows the last step's table at once, with the log
// of every step, speaking of the view's player by name.
func TestRewind(t *testing.T) {
	s, _ := newScreen(t, tableView(2), nil)
	s.Watch()
	first := tableView(2)
	first.Turn = 4
	second := tableView(2)
	second.Turn, second.Phase = 5, rules.PhaseDraw
	evs := func(es ...rules.Event) []byte {
		b, err := wire.Marshal(es)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	err := s.Rewind(first, []module.Resolution{
		{View: first, Events: evs(rules.Event{Kind: rules.EventPass, Seat: 2})},
		{View: second, Events: evs(rules.Event{Kind: rules.EventPhase, Seat: 1, Phase: rules.PhaseDeclare, Value: 5}, rules.Event{Kind: rules.EventPlay, Seat: 1})},
	})
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, l := range s.Log() {
		have = append(have, l.Text)
	}
	want := []string{"Player 2 passes.", "Player 1's turn.", "Player 1 takes the turn."}
	if !slices.Equal(have, want) || s.m.View().Phase != rules.PhaseDraw {
		t.Errorf("log %q, phase %v; want %q and the Draw Phase", have, s.m.View().Phase, want)
	}
}

// TestHints: the side panel's hint says why a button or a card under the
// pointer does nothing, and an ability's rule whole.
func TestHints(t *testing.T) {
	sh := shellOf(1024, 768)
	s, h := newScreen(t, tableView(2), []rules.Action{{Kind: rules.ActAbility, Unit: 4, Rule: 0}, {Kind: rules.ActResign}})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	s.m.ClickUnit(4)
	s.Update(sh.input(image.Pt(2, 2), false))
	for _, c := range []struct {
		name string
		at   func() image.Point
		want string
	}{
		{"Next phase", func() image.Point { return mid(s.lay.Buttons[0].Rect) }, "Next phase: not in this phase"},
		{"the ability", func() image.Point {
			for _, b := range s.lay.Buttons {
				if b.Rule == 0 {
					return mid(b.Rect)
				}
			}
			return image.Point{}
		}, "Use the ability: ability 1 wood: strength +1 this"},
		{"a card", func() image.Point { return mid(s.lay.Hand[6]) }, "Not now: not in this phase"},
	} {
		s.Update(sh.input(c.at(), false))
		if have, _, _ := s.Hint(); have != c.want {
			t.Errorf("%s: hint %q, want %q", c.name, have, c.want)
		}
	}
}
