package generals

import (
	"fmt"
	"image"
	"testing"
	"time"

	rules "empires/shared/rules/generals"
)

// TestLayoutFits: at 1024x768 and 1920x1080, with 2 to 20 players, every
// thing of the table lies on the table (above the log) or in the shell's
// corner, and nothing overlaps what it must not: the places, the
// buttons, the hand, the piles; each card in play lies in its zone.
func TestLayoutFits(t *testing.T) {
	few := []ButtonBox{{Button: BtnNext, Rule: -1, Label: "Next phase [N]"}, {Button: BtnResign, Rule: -1, Label: "Resign"}}
	// A unit picked with two abilities: the most buttons a step shows.
	many := []ButtonBox{{Button: BtnNext, Rule: -1, Label: "Next phase [N]"}, {Button: BtnField, Rule: -1, Label: "To the Battlefield [B]"},
		{Button: BtnDrop, Rule: -1, Label: "Discard from play"}, {Button: BtnCancel, Rule: -1, Label: "Cancel"},
		{Rule: 0, Label: "ability 1 gold: life +2 one your unit"}, {Rule: 1, Label: "ability 2 horses, 1 wood: strength +2 your cavalry"},
		{Button: BtnResign, Rule: -1, Label: "Resign"}}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		for _, n := range []int{2, 3, 4, 6, 10, 20} {
			buttons := few
			if n%4 == 2 {
				buttons = many
			}
			sh := shellOf(size[0], size[1])
			insight := sh.mapR
			insight.Max.Y -= 170
			v := tableView(n)
			l := NewLayout(Spec{Map: sh.mapR, InSight: insight, Corner: sh.corner}, v, LayOpts{Buttons: buttons})
			name := fmt.Sprintf("%dx%d, %d players", size[0], size[1], n)
			var boxes []struct {
				what string
				r    image.Rectangle
			}
			add := func(what string, r image.Rectangle) {
				boxes = append(boxes, struct {
					what string
					r    image.Rectangle
				}{what, r})
			}
			for _, b := range l.Others {
				add(fmt.Sprintf("place %d", b.Seat), b.Box)
			}
			add("your place", l.Mine.Box)
			for _, b := range l.Buttons {
				add("button "+b.Label, b.Rect)
			}
			handBox := image.Rectangle{}
			for _, r := range l.Hand {
				handBox = handBox.Union(r)
			}
			add("the hand", handBox)
			add("what to do", l.Say)
			for _, b := range boxes {
				if !b.r.In(l.Table) {
					t.Errorf("%s: %s %v is off the table %v", name, b.what, b.r, l.Table)
				}
			}
			for i, a := range boxes {
				for _, b := range boxes[i+1:] {
					if a.r.Overlaps(b.r) {
						t.Errorf("%s: %s %v overlaps %s %v", name, a.what, a.r, b.what, b.r)
					}
				}
			}
			for _, p := range []image.Rectangle{l.Draw, l.Supply, l.Discard} {
				if !p.In(sh.corner) {
					t.Errorf("%s: a pile %v is outside the shell's corner %v", name, p, sh.corner)
				}
			}
			if want := len(v.Hand); len(l.Hand) != want {
				t.Errorf("%s: %d cards of the hand laid out, want %d", name, len(l.Hand), want)
			}
			if want := n - 1; len(l.Others) != want {
				t.Errorf("%s: %d other places, want %d", name, len(l.Others), want)
			}
			for _, u := range l.Units {
				c, _, _ := findUnit(v, u.Ref)
				b, _ := l.PlaceOf(u.Seat)
				if z := b.Zones[c.Zone]; !u.Rect.In(z) {
					t.Errorf("%s: card %d %v is outside its zone %s %v", name, u.Ref, u.Rect, ZoneName(c.Zone), z)
				}
			}
			if n <= 4 && l.Compact {
				t.Errorf("%s: compact places, want full ones", name)
			}
		}
	}
}

// findUnit returns the card in play ref of v.
func findUnit(v *rules.View, ref rules.Ref) (rules.InPlay, int, bool) {
	for i, p := range v.Players {
		for _, c := range p.Table {
			if c.Ref == ref {
				return c, i, true
			}
		}
	}
	return rules.InPlay{}, 0, false
}

// TestLayoutAt: a point finds what is drawn there: the later card of the
// hand on top, a card in play before its place, a blocker's row before
// the rest.
func TestLayoutAt(t *testing.T) {
	sh := shellOf(1024, 768)
	insight := sh.mapR
	insight.Max.Y -= 170
	v := tableView(2)
	o := LayOpts{Buttons: []ButtonBox{{Button: BtnNext, Rule: -1, Label: "Next"}}}
	l := NewLayout(Spec{Map: sh.mapR, InSight: insight, Corner: sh.corner}, v, o)
	u3, _ := l.UnitRect(3)
	other, _ := l.PlaceOf(2)
	for _, c := range []struct {
		name string
		pt   image.Point
		want Hit
	}{
		{"the first card", l.Hand[0].Min.Add(image.Pt(3, 3)), Hit{Kind: HitHand, Index: 0}},
		{"the last card", mid(l.Hand[6]), Hit{Kind: HitHand, Index: 6}},
		{"Uldin", mid(u3), Hit{Kind: HitUnit, Ref: 3, Seat: 1}},
		{"player 2's place", other.Head.Min.Add(image.Pt(2, 2)), Hit{Kind: HitPlayer, Seat: 2}},
		{"the button", mid(l.Buttons[0].Rect), Hit{Kind: HitButton, Button: BtnNext, Rule: -1}},
		{"the discard pile", mid(l.Discard), Hit{Kind: HitPile, Pile: PileDiscard}},
		{"the felt", image.Pt(l.Table.Max.X-2, l.Say.Min.Y-2), Hit{}},
	} {
		if have := l.At(c.pt, -1, 0); have != c.want {
			t.Errorf("%s at %v: have %+v, want %+v", c.name, c.pt, have, c.want)
		}
	}
	v.Battle = &rules.Battle{Attacker: 2, Unit: 7, Defender: 1}
	l = NewLayout(Spec{Map: sh.mapR, InSight: insight, Corner: sh.corner}, v, LayOpts{Defends: true, Blockers: []rules.Ref{4, 5}})
	if len(l.Blockers) != 3 || l.Blockers[0].Ref != 0 {
		t.Fatalf("the defender's rows %+v, want No blocker then 4 and 5", l.Blockers)
	}
	if have, want := l.At(mid(l.Blockers[2].Rect), -1, 0), (Hit{Kind: HitBlocker, Ref: 5}); have != want {
		t.Errorf("the third row: have %+v, want %+v", have, want)
	}
}

// TestCountdown: the time left in seconds, then in minutes and seconds.
func TestCountdown(t *testing.T) {
	for _, c := range []struct {
		have time.Duration
		want string
	}{{12 * time.Second, "12 s left"}, {11500 * time.Millisecond, "12 s left"}, {0, "0 s left"}, {535 * time.Second, "8:55 left"}, {time.Minute, "1:00 left"}} {
		if got := Countdown(c.have); got != c.want {
			t.Errorf("Countdown(%v) = %q, want %q", c.have, got, c.want)
		}
	}
}

// TestSpectator: a spectator's table shows every player's place, no hand,
// no piles and no buttons.
func TestSpectator(t *testing.T) {
	sh := shellOf(1024, 768)
	v := tableView(3)
	v.Seat, v.Hand = 0, nil
	s, h := newScreen(t, v, nil)
	h.mapR = sh.mapR
	s.Update(sh.input(image.Pt(300, 300), true))
	l := s.Layout()
	if len(l.Others) != 3 || len(l.Hand) != 0 || len(l.Buttons) != 0 || !l.Draw.Empty() {
		t.Errorf("a spectator's table: %d places, %d hand cards, %d buttons, draw pile %v; want 3, 0, 0, none",
			len(l.Others), len(l.Hand), len(l.Buttons), l.Draw)
	}
	if p := s.Probe(); len(p.Mine) != 0 || len(p.Others) == 0 {
		t.Errorf("a spectator's probe: %d marks of its own, %d others", len(p.Mine), len(p.Others))
	}
}
