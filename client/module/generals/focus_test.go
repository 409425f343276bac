package generals

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/module"
	rules "empires/shared/rules/generals"
)

// keyTo presses Tab until the focus is on want and reports whether it
// got there within a round of the Tab order; the pointer rests at (2, 2).
func keyTo(s *Screen, sh shell, want Hit) bool {
	for range len(s.lay.Stops(s.you())) + 1 {
		if s.Focus() == want {
			return true
		}
		s.Update(sh.input(image.Pt(2, 2), false, ebiten.KeyTab))
	}
	return s.Focus() == want
}

// TestFocusOrder checks the Tab order of the table of the Army Phase
// (have: keys pressed from no focus, want: the focus): the hand first,
// left to right, then the buttons; Shift+Tab back and round to the last
// place's last card; ↓ to the next group, ↑ to the start of the group
// and then of the group before; Esc with nothing picked drops the focus.
func TestFocusOrder(t *testing.T) {
	sh := shellOf(1024, 768)
	s, h := newScreen(t, tableView(2), []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActCard, Hand: 1, Card: warrior}})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	stops := s.lay.Stops(1)
	firstButton := Hit{Kind: HitButton, Button: s.lay.Buttons[0].Button, Rule: s.lay.Buttons[0].Rule}
	shiftTab := sh.input(image.Pt(2, 2), false, ebiten.KeyTab)
	shiftTab.Frame.Keys = []ebiten.Key{ebiten.KeyShift, ebiten.KeyTab}
	for _, tc := range []struct {
		name string
		have []ebiten.Key // nil: Shift+Tab
		want Hit
	}{
		{"Tab", []ebiten.Key{ebiten.KeyTab}, Hit{Kind: HitHand, Index: 0}},
		{"Tab", []ebiten.Key{ebiten.KeyTab}, Hit{Kind: HitHand, Index: 1}},
		{"↑ to the group's start", []ebiten.Key{ebiten.KeyArrowUp}, Hit{Kind: HitHand, Index: 0}},
		{"↓", []ebiten.Key{ebiten.KeyArrowDown}, firstButton},
		{"↑ from a group's start to the group before", []ebiten.Key{ebiten.KeyArrowUp}, Hit{Kind: HitHand, Index: 0}},
		{"Shift+Tab round to the last", nil, stops[len(stops)-1].Hit},
		{"Esc", []ebiten.Key{ebiten.KeyEscape}, Hit{}},
	} {
		in := shiftTab
		if tc.have != nil {
			in = sh.input(image.Pt(2, 2), false, tc.have...)
		}
		s.Update(in)
		if got := s.Focus(); got != tc.want {
			t.Errorf("%s: the focus is %+v, want %+v", tc.name, got, tc.want)
		}
		focus := slices.IndexFunc(s.Probe().Others, func(mk module.Mark) bool { return mk.Kind == "focus" })
		if (focus >= 0) != (tc.want.Kind != HitNone) {
			t.Errorf("%s: the probe tells a focus: %v, want %v", tc.name, focus >= 0, tc.want.Kind != HitNone)
		}
	}
	if last := stops[len(stops)-1].Hit; last.Kind != HitUnit || last.Seat != 2 {
		t.Errorf("the last stop is %+v, want a card of player 2's", last)
	}
}

// TestKeysAtTheTable plays what TestScreenInput plays with the pointer
// with keys only: Tab to a hand card and Enter plays it; Tab to a unit,
// Enter picks it, Tab to To the Battlefield and Enter moves it; Tab to a
// unit and to an opponent's place attacks; the defender's rows are the
// only stops while it blocks; with 20 players Enter on a compact place
// lists its cards and the focus goes to the list.
func TestKeysAtTheTable(t *testing.T) {
	sh := shellOf(1024, 768)
	enter := func(s *Screen) { s.Update(sh.input(image.Pt(2, 2), false, ebiten.KeyEnter)) }

	army := []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActCard, Hand: 1, Card: warrior},
		{Kind: rules.ActMove, Unit: 4, Battlefield: true}}
	s, h := newScreen(t, tableView(2), army)
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	if !keyTo(s, sh, Hit{Kind: HitHand, Index: 1}) {
		t.Fatal("Tab never reaches the second hand card")
	}
	enter(s)
	if a := h.lastAct(t); a.Kind != rules.ActCard || a.Hand != 1 || a.Card != warrior {
		t.Errorf("Enter on the Hun Warrior sent %+v", a)
	}
	s.m.ActResult(9, "")
	if !keyTo(s, sh, Hit{Kind: HitUnit, Ref: 4, Seat: 1}) {
		t.Fatal("Tab never reaches the archers")
	}
	enter(s)
	if p := s.m.Pick(); p.Kind != PickUnit || p.Unit != 4 {
		t.Fatalf("Enter on the archers picked %+v", p)
	}
	if !keyTo(s, sh, Hit{Kind: HitButton, Button: BtnField, Rule: -1}) {
		t.Fatalf("Tab never reaches To the Battlefield: %+v", s.lay.Buttons)
	}
	enter(s)
	if a := h.lastAct(t); a.Kind != rules.ActMove || a.Unit != 4 || !a.Battlefield {
		t.Errorf("Enter on To the Battlefield sent %+v", a)
	}

	attack := tableView(2)
	attack.Phase = rules.PhaseAttack
	s, h = newScreen(t, attack, []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActAttack, Unit: 3, Seat: 2}})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	if !keyTo(s, sh, Hit{Kind: HitUnit, Ref: 3, Seat: 1}) {
		t.Fatal("Tab never reaches Uldin")
	}
	enter(s)
	if !keyTo(s, sh, Hit{Kind: HitPlayer, Seat: 2}) {
		t.Fatal("Tab never reaches player 2's place")
	}
	enter(s)
	if a := h.lastAct(t); a.Kind != rules.ActAttack || a.Unit != 3 || a.Seat != 2 {
		t.Errorf("Uldin, then player 2's place, sent %+v", a)
	}

	defend := tableView(2)
	defend.Active, defend.Phase = 2, rules.PhaseAttack
	defend.Battle = &rules.Battle{Attacker: 2, Unit: 7, Defender: 1}
	s, h = newScreen(t, defend, []rules.Action{{Kind: rules.ActBlock, Unit: 4}, {Kind: rules.ActBlock, Unit: 5}, {Kind: rules.ActBlock}})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	if n := len(s.lay.Stops(1)); n != len(s.lay.Blockers) {
		t.Errorf("the defender has %d stops, want its %d rows", n, len(s.lay.Blockers))
	}
	if !keyTo(s, sh, Hit{Kind: HitBlocker, Ref: 5}) {
		t.Fatal("Tab never reaches the platoon's row")
	}
	enter(s)
	if a := h.lastAct(t); a.Kind != rules.ActBlock || a.Unit != 5 {
		t.Errorf("Enter on the platoon's row sent %+v", a)
	}

	v := tableView(20)
	b5 := rules.Ref(7 + 2*3)
	s, h = newScreen(t, v, []rules.Action{
		{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 5, Unit: 6 + 2*3}}},
		{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 5, Unit: b5}}},
	})
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(2, 2), false))
	if !keyTo(s, sh, Hit{Kind: HitHand, Index: 4}) {
		t.Fatal("Tab never reaches the Arrow Storm")
	}
	enter(s)
	if !keyTo(s, sh, Hit{Kind: HitPlayer, Seat: 5}) {
		t.Fatal("Tab never reaches player 5's compact place")
	}
	enter(s)
	if got := s.Focus(); got != (Hit{Kind: HitAmong, Ref: 6 + 2*3}) {
		t.Fatalf("after Enter on player 5's place the focus is %+v, want the list's first row", got)
	}
	s.Update(sh.input(image.Pt(2, 2), false, ebiten.KeyTab))
	enter(s)
	if a := h.lastAct(t); a.Kind != rules.ActCard || len(a.Targets) != 1 || a.Targets[0].Unit != b5 {
		t.Errorf("Enter on the list's second row sent %+v, want Arrow Storm on card %d", a, b5)
	}
}

// TestDrawFocus draws the focus at 1024x768 and 1920x1080: a ring in the
// theme's focus colour around the unit Tab went to, and the card shown
// enlarged beside it, as under a resting pointer.
func TestDrawFocus(t *testing.T) {
	for _, sh := range []shell{shellOf(1024, 768), shellOf(1920, 1080)} {
		s, h := newScreen(t, tableView(2), []rules.Action{{Kind: rules.ActNext}})
		h.mapR = sh.mapR
		s.Update(sh.input(image.Pt(2, 2), false))
		if !keyTo(s, sh, Hit{Kind: HitUnit, Ref: 4, Seat: 1}) {
			t.Fatal("Tab never reaches the archers")
		}
		img := render(t, s, sh, image.Pt(2, 2), 2)
		saveShot(t, img, fmt.Sprintf("focus-%dx%d.png", sh.win.Dx(), sh.win.Dy()))
		u, _ := s.lay.UnitRect(4)
		fc := s.host.Theme().Palette().Focus
		ring := u.Inset(-9)
		if n := count(img, ring, color.RGBA{fc.R, fc.G, fc.B, 255}, 16); n < u.Dx()+u.Dy() {
			t.Errorf("%v: %d pixels of the focus colour around the archers at %v, want a ring", sh.win.Size(), n, u)
		}
		// The card enlarged: a wide box right of the unit, or left of it
		// near the window's edge.
		right := image.Rect(u.Max.X+24, u.Min.Y-40, u.Max.X+264, u.Min.Y+40).Intersect(sh.mapR)
		left := image.Rect(u.Max.X-264, u.Min.Y-40, u.Max.X-24, u.Min.Y+40)
		if count(img, right, color.RGBA{R: feltColor.R, G: feltColor.G, B: feltColor.B}, 4) > right.Dx()*right.Dy()/2 &&
			count(img, left, color.RGBA{R: feltColor.R, G: feltColor.G, B: feltColor.B}, 4) > left.Dx()*left.Dy()/2 {
			t.Errorf("%v: no card shown enlarged beside the focus", sh.win.Size())
		}
	}
}
