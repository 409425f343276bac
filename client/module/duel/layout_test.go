package duel

import (
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/module"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// The table fits the window at every size the client runs at: the hand's
// cards readable (at least 60 pixels wide, 5 side by side without
// overlap), everything inside the table and above the log, nothing on top
// of another thing.
func TestLayoutFits(t *testing.T) {
	for _, size := range [][2]int{{960, 640}, {1024, 768}, {1280, 800}, {1920, 1080}} {
		for seats := 2; seats <= 4; seats++ {
			for _, hand := range []int{0, 5, 10} {
				sh := shellOf(size[0], size[1])
				name := fmt.Sprintf("%dx%d, %d seats, %d cards", size[0], size[1], seats, hand)
				l := NewLayout(Spec{Map: sh.mapR, Corner: sh.corner, Seats: seats, You: 1, Hand: hand, Buttons: []ButtonKind{ButtonBlock, ButtonTake}})
				if l.Card.X < 60 {
					t.Errorf("%s: cards %d pixels wide", name, l.Card.X)
				}
				inside := func(what string, r image.Rectangle) {
					if !r.In(l.Table) {
						t.Errorf("%s: %s %v is not inside the table %v", name, what, r, l.Table)
					}
				}
				apart := func(what string, a, b image.Rectangle) {
					if a.Overlaps(b) {
						t.Errorf("%s: %s overlap: %v, %v", name, what, a, b)
					}
				}
				for i, r := range l.Hand {
					inside(fmt.Sprintf("card %d raised", i+1), l.HandCard(i, true, false))
					apart("the player's line and a raised card", l.Me, l.HandCard(i, true, false))
					for _, b := range l.Buttons {
						apart("a card and a button", r, b.Rect)
					}
					if hand <= 5 && i > 0 {
						apart("two cards", r, l.Hand[i-1])
					}
				}
				for i, sb := range l.Places {
					inside("a player's place", sb.Box)
					apart("a player's place and the offering", sb.Box, l.Offering)
					apart("a player's place and the middle", sb.Box, l.Center)
					if i > 0 {
						apart("two players' places", sb.Box, l.Places[i-1].Box)
					}
				}
				if len(l.Places) != seats-1 {
					t.Errorf("%s: %d places for the others", name, len(l.Places))
				}
				for _, b := range l.Buttons {
					inside("a button", b.Rect)
				}
				inside("the offering", l.Offering)
				inside("the middle", l.Center)
				apart("the offering and the middle", l.Offering, l.Center)
				apart("the middle and the player's line", l.Center, l.Me)
				if !l.Deck.In(sh.corner) || !l.Discard.In(sh.corner) {
					t.Errorf("%s: the piles %v %v are not in the corner %v", name, l.Deck, l.Discard, sh.corner)
				}
				if need := max(seats, 2) * l.Small.X; l.Offering.Dx() < need {
					t.Errorf("%s: the offering is %d wide for %d cards of %d", name, l.Offering.Dx(), seats, l.Small.X)
				}
			}
		}
	}
}

// With the log made big (half the window), the table stays above it,
// smaller, everything in its place.
func TestLayoutBigLog(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		sh := shellOf(size[0], size[1])
		in := sh.mapR
		in.Max.Y -= (size[1] - 40) / 2
		l := NewLayout(Spec{Map: sh.mapR, InSight: in, Corner: sh.corner, Seats: 4, You: 1, Hand: 5, Buttons: []ButtonKind{ButtonBlock, ButtonTake}})
		if l.Table.Max.Y > in.Max.Y {
			t.Errorf("%dx%d: the table ends at %d, under the log's top %d", size[0], size[1], l.Table.Max.Y, in.Max.Y)
		}
		for i := range l.Hand {
			if r := l.HandCard(i, true, false); !r.In(l.Table) || r.Overlaps(l.Me) {
				t.Errorf("%dx%d: card %d raised at %v, out of the table %v or over the player's line %v", size[0], size[1], i+1, r, l.Table, l.Me)
			}
		}
		if l.Center.Dy() < l.Line || l.Offering.Dy() < l.Small.Y {
			t.Errorf("%dx%d: no room between: the middle %v, the offering %v for cards %v", size[0], size[1], l.Center, l.Offering, l.Small)
		}
		for _, sb := range l.Places {
			if sb.Box.Overlaps(l.Center) || sb.Box.Overlaps(l.Offering) {
				t.Errorf("%dx%d: a player's place %v over the middle", size[0], size[1], sb.Box)
			}
		}
	}
}

// A point is on the card drawn there (the raised card where it is drawn,
// overlapping cards top first), on a player's place or on a button.
func TestLayoutAt(t *testing.T) {
	sh := shellOf(1024, 768)
	l := NewLayout(Spec{Map: sh.mapR, Corner: sh.corner, Seats: 3, You: 2, Hand: 5, Buttons: []ButtonKind{ButtonAttack, ButtonPass}})
	centre := func(r image.Rectangle) image.Point { return r.Min.Add(r.Max).Div(2) }
	raised := l.HandCard(1, true, false)
	tests := []struct {
		name   string
		pt     image.Point
		chosen int
		want   Hit
	}{
		{"card 1", centre(l.Hand[0]), -1, Hit{Kind: HitCard, Index: 0}},
		{"card 5", centre(l.Hand[4]), -1, Hit{Kind: HitCard, Index: 4}},
		{"card 2 raised, at its top", image.Pt(raised.Min.X+5, raised.Min.Y+3), 1, Hit{Kind: HitCard, Index: 1}},
		{"above card 2 not raised", image.Pt(raised.Min.X+5, raised.Min.Y+3), -1, Hit{}},
		{"Ann's place", centre(l.Places[0].Box), -1, Hit{Kind: HitSeat, Seat: 1}},
		{"Cid's place", centre(l.Places[1].Box), -1, Hit{Kind: HitSeat, Seat: 3}},
		{"Attack", centre(l.Buttons[0].Rect), -1, Hit{Kind: HitButton, Button: ButtonAttack}},
		{"Pass", centre(l.Buttons[1].Rect), -1, Hit{Kind: HitButton, Button: ButtonPass}},
		{"the middle", centre(l.Center), -1, Hit{}},
	}
	for _, tc := range tests {
		if have := l.At(tc.pt, tc.chosen); have != tc.want {
			t.Errorf("%s at %v: %+v, want %+v", tc.name, tc.pt, have, tc.want)
		}
	}
	// Ten cards overlap: each is found where it shows.
	l = NewLayout(Spec{Map: sh.mapR, Corner: sh.corner, Seats: 2, You: 1, Hand: 10})
	for i, r := range l.Hand {
		pt := image.Pt(r.Min.X+2, r.Max.Y-4)
		if have := l.At(pt, -1); have != (Hit{Kind: HitCard, Index: i}) {
			t.Errorf("ten cards: at card %d's left edge %v: %+v", i+1, pt, have)
		}
	}
}

// click clicks the screen at pt, as the shell passes a frame's input:
// the pointer comes, then the button goes down.
func (tg *testGame) click(pt image.Point) {
	sh := shellOf(1024, 768)
	tg.s.Update(sh.input(pt, false))
	tg.s.Update(sh.input(pt, true))
}

// press presses keys on the screen, as the shell passes a frame's input.
func (tg *testGame) press(keys ...ebiten.Key) {
	tg.s.Update(shellOf(1024, 768).input(image.Pt(5, 50), false, keys...))
}

// mark returns the probe's mark of kind named name (a card, a button) or
// numbered id (a hand).
func (tg *testGame) mark(kind string, name string, id int) module.Mark {
	tg.t.Helper()
	p := tg.s.Probe()
	for _, mk := range append(p.Mine, p.Others...) {
		if mk.Kind == kind && (name == "" || mk.Name == name) && (id == 0 || mk.ID == id) {
			return mk
		}
	}
	tg.t.Fatalf("no %s %q %d in the probe: %+v %+v", kind, name, id, p.Mine, p.Others)
	return module.Mark{}
}

func at(mk module.Mark) image.Point { return image.Pt(int(mk.X), int(mk.Y)) }

// Clicks where the probe says things are drawn make the actions: a card
// laid; a card chosen, raised, then Bob's hand clicked: the attack sent;
// attacked, B blocks and T takes the hit (the keys the help names).
func TestScreenClicks(t *testing.T) {
	tg := newTestGame(t, 1, 6, "Ann", "Bob")
	tg.s.layOut(shellOf(1024, 768).mapR, shellOf(1024, 768).corner)
	c := tg.view().Hand[3]
	tg.click(at(tg.mark("card", tg.r.Deck().Name(c), 0)))
	if tg.m().Offer() != c || len(tg.s.Probe().Drafts) != 1 {
		t.Fatalf("a click on the %v lays %v; drafts %q", c, tg.m().Offer(), tg.s.Probe().Drafts)
	}
	tg.offer()

	c = tg.view().Hand[0]
	before := tg.mark("card", tg.r.Deck().Name(c), 0)
	tg.click(at(before))
	after := tg.mark("card", tg.r.Deck().Name(c), 0)
	if tg.s.Probe().Selected != tg.r.Deck().Name(c) || after.Y >= before.Y {
		t.Errorf("the %v clicked: selected %q, drawn at y %v (was %v): not chosen and raised", c, tg.s.Probe().Selected, after.Y, before.Y)
	}
	if b := tg.mark("button", "Attack", 0); b.Disabled {
		t.Error("Attack does nothing with a card chosen against the only other player")
	}
	tg.click(at(tg.mark("hand", "", 2)))
	if a := tg.sent(); a.Kind != rules.ActAttack || a.Target != 2 || a.Card != c {
		t.Errorf("the click on Bob's hand sent %+v, want an attack on seat 2 with the %v", a, c)
	}

	// Bob takes the hit; in Bob's turn he attacks Ann: the question.
	tg.play(2, rules.Action{Kind: rules.ActTake})
	if tg.phase() != rules.PhaseAttack || tg.view().Table.Attacker != 2 {
		t.Fatalf("after the hit: phase %v, attacker %d; want Bob's attack", tg.phase(), tg.view().Table.Attacker)
	}
	b, _ := bobCards(tg)
	if b.Rank == 0 {
		t.Fatal("seed 3: Bob holds no card Ann can block")
	}
	tg.play(2, rules.Action{Kind: rules.ActAttack, Target: 1, Card: b})
	q := tg.mark("question", "", 1)
	if !q.OnMap {
		t.Errorf("the question is not on the map: %+v", q)
	}
	if tg.mark("button", "Block", 0).Disabled {
		t.Error("Block does nothing though a card blocks")
	}
	tg.press(ebiten.KeyB)
	if a := tg.sent(); a.Kind != rules.ActBlock || a.Card.Suit != b.Suit || a.Card.Rank <= b.Rank {
		t.Errorf("B sent %+v against the %v", a, b)
	}
}

// The countdown: the question shows the time left to the step's deadline
// (the fake clock's), and the table is drawn again when it changes, not
// every frame.
func TestCountdown(t *testing.T) {
	tg := newTestGame(t, 1, 6, "Ann", "Bob")
	now := tg.s.now()
	tg.s.SetClock(func() time.Time { return now })
	attackedBy(tg, blockable)
	st := tg.s.m.Step()
	st.Deadline = now.Add(12 * time.Second)
	tg.s.SetStep(st)
	in := shellOf(1024, 768).input(image.Pt(5, 50), false)
	tg.s.Update(in)
	if q := tg.mark("question", "", 1); q.Name != "12 s left" {
		t.Errorf("the question says %q, want 12 s left", q.Name)
	}
	if tg.s.Update(in) {
		t.Error("the table is drawn again though nothing changed")
	}
	now = now.Add(time.Second)
	if !tg.s.Update(in) {
		t.Error("the table is not drawn again a second later")
	}
	if q := tg.mark("question", "", 1); q.Name != "11 s left" {
		t.Errorf("a second later the question says %q, want 11 s left", q.Name)
	}
	now = now.Add(time.Minute)
	tg.s.Update(in)
	if q := tg.mark("question", "", 1); q.Name != "0 s left" {
		t.Errorf("after the deadline the question says %q", q.Name)
	}
	// A clock of another step is no deadline of this one.
	st.Seq++
	tg.s.SetStep(st)
	if q := tg.mark("question", "", 1); q.Name != "" {
		t.Errorf("with another step's clock the question says %q", q.Name)
	}
	if ruleset.Seat(tg.mark("attack", "", 2).Units) != 1 {
		t.Error("the attack mark does not name Ann as the defender")
	}
}

// The other players' places fit the table at 2, 4, 10 and 20 players, in
// the windows the client is played in: every place inside the table, no
// two overlapping, none over the offering or the middle, each at least
// the width a name of eight letters needs (in the table's bold font, at
// the size it is drawn), and in a compact place the second line holds a
// card back, the count and the points. The offering's cards lie inside
// the offering, their labels inside the table.
func TestLayoutPlacesFit(t *testing.T) {
	p, err := newPainter(rules.New().Deck())
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		for _, seats := range []int{2, 4, 10, 20} {
			sh := shellOf(size[0], size[1])
			name := fmt.Sprintf("%dx%d, %d players", size[0], size[1], seats)
			l := NewLayout(Spec{Map: sh.mapR, InSight: sh.mapR, Corner: sh.corner, Seats: seats, You: 1, Hand: 5, Buttons: []ButtonKind{ButtonAttack, ButtonPass}})
			if len(l.Places) != seats-1 {
				t.Fatalf("%s: %d places for %d others", name, len(l.Places), seats-1)
			}
			ts := l.TextSize()
			nf, sf := p.bold(ts), p.regular(ts)
			for i, sb := range l.Places {
				if !sb.Box.In(l.Table) {
					t.Errorf("%s: seat %d's place %v is not inside the table %v", name, sb.Seat, sb.Box, l.Table)
				}
				for _, r := range []image.Rectangle{sb.Name, sb.Fan, sb.Mark} {
					if !r.Empty() && !r.In(sb.Box) {
						t.Errorf("%s: seat %d's line %v is not inside its place %v", name, sb.Seat, r, sb.Box)
					}
				}
				for _, o := range l.Places[i+1:] {
					if sb.Box.Overlaps(o.Box) {
						t.Errorf("%s: seats %d and %d overlap: %v, %v", name, sb.Seat, o.Seat, sb.Box, o.Box)
					}
				}
				for _, r := range []image.Rectangle{l.Offering, l.Center, l.Me} {
					if sb.Box.Overlaps(r) {
						t.Errorf("%s: seat %d's place %v is over %v", name, sb.Seat, sb.Box, r)
					}
				}
				// The widest of the names the table gets: a bot's, and a
				// person's name of eight letters.
				for _, who := range []string{fmt.Sprintf("Bot %d", sb.Seat), "Rosemary"} {
					need := textWidth(who, nf)
					if !l.Compact {
						need += ts + textWidth("  12 points", sf)
					}
					if need > float64(sb.Name.Dx()) {
						t.Errorf("%s: seat %d's name %q needs %.0f pixels, its line %v has %d", name, sb.Seat, who, need, sb.Name, sb.Name.Dx())
					}
				}
				if l.Compact {
					need := float64(l.Line)*0.56 + 3 + textWidth("10", nf) + ts*0.5 + textWidth("12 pts", sf)
					if need > float64(sb.Fan.Dx()) {
						t.Errorf("%s: seat %d's second line %v has %d pixels for the %.0f of a back, a count and the points", name, sb.Seat, sb.Fan, sb.Fan.Dx(), need)
					}
				}
			}
			slots := l.Slots(seats)
			for i, r := range slots {
				if !r.In(l.Offering) {
					t.Errorf("%s: offering card %d %v is not inside the offering %v", name, i+1, r, l.Offering)
				}
			}
			if y := slots[0].Max.Y + 2 + l.OfferLabels*l.Line; y > l.Offering.Max.Y || y > l.Table.Max.Y {
				t.Errorf("%s: the offering's %d lines of labels end at %d, below the offering %v", name, l.OfferLabels, y, l.Offering)
			}
			if step := l.SlotStep(seats); l.OfferLabels == 1 && float64(step) < textWidth("20", nf)+4 {
				t.Errorf("%s: the offering's cards lie %d apart, too close for a number each on one line", name, step)
			}
		}
	}
}
