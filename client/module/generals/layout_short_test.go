package generals

import (
	"fmt"
	"image"
	"testing"
)

// TestLayoutFitsShort: on the shortest table, 960x540 at 100 % (and so
// 1920x1080 at 200 %), with 2 to 20 players (the ruleset's most) and the
// most buttons, every thing of the table lies on the table above the
// log, the piles in the shell's corner, and nothing overlaps what it
// must not. What may overlap: the hand's cards one another (they fan out
// when many; the hand is checked as one box), a card in play its own
// zone and place (it lies in its zone, checked).
func TestLayoutFitsShort(t *testing.T) {
	many := []ButtonBox{{Button: BtnNext, Rule: -1, Label: "Next phase [N]"}, {Button: BtnField, Rule: -1, Label: "To the Battlefield [B]"},
		{Button: BtnDrop, Rule: -1, Label: "Discard from play"}, {Button: BtnCancel, Rule: -1, Label: "Cancel"},
		{Rule: 0, Label: "ability 1 gold: life +2 one your unit"}, {Button: BtnResign, Rule: -1, Label: "Resign"}}
	for _, s := range []float64{1, 2} {
		for n := 2; n <= 20; n++ {
			sh := shellAt(px(960, s), px(540, s), s)
			insight := sh.mapR
			insight.Max.Y -= px(170, s)
			v := tableView(n)
			l := NewLayout(Spec{Map: sh.mapR, InSight: insight, Corner: sh.corner, Scale: s}, v, LayOpts{Buttons: many})
			name := fmt.Sprintf("%.0f %%, %d players", s*100, n)
			type box struct {
				what string
				r    image.Rectangle
			}
			var boxes []box
			for _, b := range l.Others {
				boxes = append(boxes, box{fmt.Sprintf("place %d", b.Seat), b.Box})
			}
			boxes = append(boxes, box{"your place", l.Mine.Box}, box{"what to do", l.Say}, box{"the phases", l.Bar})
			for _, b := range l.Buttons {
				boxes = append(boxes, box{"button " + b.Label, b.Rect})
			}
			hand := image.Rectangle{}
			for _, r := range l.Hand {
				hand = hand.Union(r)
			}
			boxes = append(boxes, box{"the hand", hand})
			for i, a := range boxes {
				if !a.r.In(l.Table) {
					t.Errorf("%s: %s %v is off the table %v", name, a.what, a.r, l.Table)
				}
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
			for _, u := range l.Units {
				c, _, _ := findUnit(v, u.Ref)
				b, _ := l.PlaceOf(u.Seat)
				if z := b.Zones[c.Zone]; !u.Rect.In(z) {
					t.Errorf("%s: card %d %v is outside its zone %s %v", name, u.Ref, u.Rect, ZoneName(c.Zone), z)
				}
			}
			if l.Card.Y < px(80, s) || l.Card.X < px(80, s) {
				t.Errorf("%s: the hand's cards are %v, want at least 80 by 80 at 100 %%", name, l.Card)
			}
		}
	}
}

// TestShortTableShots draws seat 1's table of 8, 12 and 20 players on
// the shortest table, 960x540 at 100 %, to look at (EMPIRES_SHOTS): each
// other player's compact place is drawn with its name's ink, above the
// player's own place.
func TestShortTableShots(t *testing.T) {
	for _, n := range []int{8, 12, 20} {
		scr, _, sh := scaledTable(t, n, 1, 960, 540)
		img := render(t, scr, sh, image.Pt(5, 50), 2)
		saveShot(t, img, fmt.Sprintf("generals-short-%d.png", n))
		l := scr.Layout()
		if !l.Compact || len(l.Others) != n-1 {
			t.Fatalf("%d players: compact %v, %d other places; want compact, %d", n, l.Compact, len(l.Others), n-1)
		}
		for _, b := range l.Others {
			if b.Box.Max.Y > l.Mine.Box.Min.Y {
				t.Errorf("%d players: place %d %v runs into your place %v", n, b.Seat, b.Box, l.Mine.Box)
			}
			if ink := inkCover(img, b.Box.Inset(l.Pad/2), placeColor, textColor); ink < 10 {
				t.Errorf("%d players: place %d %v has %.0f pixels' worth of text, want its name", n, b.Seat, b.Box, ink)
			}
		}
	}
}
