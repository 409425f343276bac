package duel

import (
	"empires/client/menu"
	rules "empires/shared/rules/duel"
	"fmt"
	"image"
	"testing"
)

// TestLayoutFitsSmallest: on the smallest table, 960x540 at 100 % and so
// 1920x1080 at 200 %, with 2 to 20 players (the ruleset's MaxSeats),
// every rectangle the table draws lies inside the table and none lies
// over another it must not: the other players' places, the hand's cards
// raised, the buttons, the piles (in the shell's corner), the player's
// line, the offering and its cards with their lines of labels under
// them, and the middle, where the middle's text is drawn (and clipped).
// What may overlap, and why: the hand's cards one another (they fan out
// when many, the later on top); the offering's cards one another (they
// fan out alike, the labels then numbers, staggered); a place's name,
// fan and mark their own place (they lie in it). The offering's cards
// and their labels lie in the offering, which lies apart from the rest.
func TestLayoutFitsSmallest(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for seats := 2; seats <= 20; seats++ {
			for _, hand := range []int{5, 12} {
				sh := shellAt(upLen(960, scale), upLen(540, scale), scale)
				name := fmt.Sprintf("%.0f %%, %d players, %d cards", scale*100, seats, hand)
				l := NewLayout(Spec{Map: sh.mapR, InSight: image.Rect(sh.mapR.Min.X, sh.mapR.Min.Y, sh.mapR.Max.X, sh.log.Min.Y), Corner: sh.corner,
					Seats: seats, You: 1, Hand: hand, Buttons: []ButtonKind{ButtonAttack, ButtonPass}, Scale: scale})
				type thing struct {
					what string
					r    image.Rectangle
				}
				things := []thing{{"the player's line", l.Me}, {"the offering", l.Offering}, {"the middle", l.Center}}
				for i, b := range l.Buttons {
					things = append(things, thing{fmt.Sprintf("button %d", i+1), b.Rect})
				}
				for _, sb := range l.Places {
					things = append(things, thing{fmt.Sprintf("seat %d's place", sb.Seat), sb.Box})
				}
				for i := range l.Hand {
					things = append(things, thing{fmt.Sprintf("card %d raised", i+1), l.HandCard(i, true, false)})
				}
				for i, a := range things {
					if !a.r.In(l.Table) {
						t.Errorf("%s: %s %v is not inside the table %v", name, a.what, a.r, l.Table)
					}
					for _, b := range things[i+1:] {
						hands := len(a.what) > 4 && a.what[:4] == "card" && b.what[:4] == "card"
						if !hands && a.r.Overlaps(b.r) {
							t.Errorf("%s: %s %v and %s %v overlap", name, a.what, a.r, b.what, b.r)
						}
					}
				}
				if len(l.Places) != seats-1 {
					t.Errorf("%s: %d places for %d others", name, len(l.Places), seats-1)
				}
				for _, sb := range l.Places {
					for _, r := range []image.Rectangle{sb.Name, sb.Fan, sb.Mark} {
						if !r.Empty() && !r.In(sb.Box) {
							t.Errorf("%s: seat %d's line %v is not inside its place %v", name, sb.Seat, r, sb.Box)
						}
					}
				}
				if !l.Deck.In(sh.corner) || !l.Discard.In(sh.corner) {
					t.Errorf("%s: the piles %v %v are not in the corner %v", name, l.Deck, l.Discard, sh.corner)
				}
				// The offering's cards and the lines of labels under them.
				slots := l.Slots(seats)
				for i, r := range slots {
					labels := image.Rect(r.Min.X, r.Max.Y, r.Max.X, r.Max.Y+l.Px(2)+l.OfferLabels*l.Line)
					if !r.In(l.Offering) || !labels.In(l.Offering) {
						t.Errorf("%s: offering card %d %v or its labels %v is not inside the offering %v", name, i+1, r, labels, l.Offering)
					}
				}
				// The middle's first line of text fits in it.
				if l.Center.Dy() < l.Line {
					t.Errorf("%s: the middle %v is less than a line (%d) high", name, l.Center, l.Line)
				}
			}
		}
	}
}

// TestSmallestTableShots draws seat 1's table of 8, 12 and 20 players in
// the offering on the smallest table, 960x540 at 100 %, to look at
// (EMPIRES_SHOTS): the offering's cards, their labels and the middle lie
// above the player's line, the places above the offering, and the
// player's own slot ("choose") is drawn in its place.
func TestSmallestTableShots(t *testing.T) {
	th, err := menu.NewThemeAt(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{8, 12, 20} {
		names := []string{"Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max", "Ned", "Oda", "Pat", "Quin", "Rosemary", "Sam", "Tom"}[:n]
		tg, sh := scaledGame(t, th, scaleStage{names: names, play: func(*testGame) {}}, 960, 540, image.Point{})
		img := render(t, tg.s, sh, image.Point{}, 0)
		saveShot(t, img, fmt.Sprintf("duel-smallest-%d.png", n))
		l := tg.s.lay
		if !l.offeringFits() || l.Offering.Max.Y > l.Me.Min.Y || l.Center.Max.Y > l.Me.Min.Y {
			t.Errorf("%d players: the offering %v (its cards and labels fit: %v) or the middle %v runs over the player's line %v",
				n, l.Offering, l.offeringFits(), l.Center, l.Me)
		}
		for _, sb := range l.Places {
			if sb.Box.Max.Y > l.Offering.Min.Y {
				t.Errorf("%d players: seat %d's place %v runs into the offering %v", n, sb.Seat, sb.Box, l.Offering)
			}
		}
		if r := tg.s.offeringSlots(n)[0]; count(img, r, accentColor, 40) == 0 {
			t.Errorf("%d players: your slot %v is not drawn", n, r)
		}
		// Bob's attack on Ann: the question in the middle, drawn in it
		// and nowhere below it.
		tg.offer()
		tg.play(1, rules.Action{Kind: rules.ActPass})
		bob := tg.g.View(2, false).(*rules.View)
		tg.play(2, rules.Action{Kind: rules.ActAttack, Target: 1, Card: bob.Hand[0]})
		tg.s.Update(sh.input(image.Point{}, false))
		img = render(t, tg.s, sh, image.Point{}, 0)
		saveShot(t, img, fmt.Sprintf("duel-smallest-%d-defend.png", n))
		l = tg.s.lay
		if c := l.Center; count(img, c, questionColor, 6) < c.Dx()*c.Dy()/6 {
			t.Errorf("%d players: no question's panel in the middle %v", n, c)
		}
		below := image.Rect(l.Center.Min.X, l.Center.Max.Y, l.Center.Max.X, l.Me.Min.Y)
		if k := count(img, below, questionColor, 6); k > 0 {
			t.Errorf("%d players: %d pixels of the question's panel below the middle, in %v", n, k, below)
		}
	}
}
