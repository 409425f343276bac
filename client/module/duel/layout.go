package duel

import (
	"image"

	"empires/shared/ruleset"
)

// ButtonKind is one of the table's buttons.
type ButtonKind uint8

// The buttons, as the player's move offers them.
const (
	ButtonAttack ButtonKind = iota + 1
	ButtonPass
	ButtonBlock
	ButtonTake
)

// String names the button as the probe and the tests do.
func (b ButtonKind) String() string {
	switch b {
	case ButtonAttack:
		return "Attack"
	case ButtonPass:
		return "Pass"
	case ButtonBlock:
		return "Block"
	case ButtonTake:
		return "Take the hit"
	}
	return "?"
}

// Key is the button's key, as its label and the help write it.
func (b ButtonKind) Key() string {
	switch b {
	case ButtonAttack:
		return "Enter"
	case ButtonPass:
		return "P"
	case ButtonBlock:
		return "B"
	case ButtonTake:
		return "T"
	}
	return ""
}

// buttonsFor returns the buttons of move mv.
func buttonsFor(mv Move) []ButtonKind {
	switch mv {
	case MoveAttack:
		return []ButtonKind{ButtonAttack, ButtonPass}
	case MoveDefend:
		return []ButtonKind{ButtonBlock, ButtonTake}
	}
	return nil
}

// Spec is what a Layout is made for: where the table goes and what it
// holds.
type Spec struct {
	// Map is the map's part of the window; InSight the part of it the
	// shell's log leaves in sight, above the log (empty: all of Map);
	// Corner the corner below it the shell leaves free of the log (its
	// minimap's), where the piles go, empty for none.
	Map, InSight, Corner image.Rectangle
	// Seats is the number of players, You the player's seat (0: a
	// spectator, who has no hand at the bottom).
	Seats int
	You   ruleset.Seat
	// Hand is the number of cards in the player's hand; Buttons the
	// buttons of the player's move.
	Hand    int
	Buttons []ButtonKind
}

// Layout is where the table draws each thing, in window pixels.
type Layout struct {
	Spec
	// Table is the part of the map the table takes, above the log.
	Table image.Rectangle
	// Pad is the space between things, Line a line of text's height.
	Pad, Line int
	// Card is the size of a card of the hand; Small of a card on the
	// table (the offering, the attack, the piles); Back of a card back of
	// another player's hand.
	Card, Small, Back image.Point
	// Raise is how far the chosen card stands up, Lift how far a card
	// under the pointer does.
	Raise, Lift int
	// Hand are the hand's cards at rest, left to right (they may overlap,
	// the later on top).
	Hand []image.Rectangle
	// Me is the line above the hand: the player's name and points.
	Me image.Rectangle
	// Places are the other players' places along the top, in seat order.
	Places []SeatBox
	// Buttons are the buttons of the player's move, right of the hand.
	Buttons []Button
	// Deck and Discard are the piles.
	Deck, Discard image.Rectangle
	// Offering is the row of the offering's cards; Center the place of
	// the attack in progress and the defender's question.
	Offering, Center image.Rectangle
}

// SeatBox is another player's place at the table.
type SeatBox struct {
	Seat ruleset.Seat
	// Box is the whole place (a click on it chooses the player to
	// attack); Name the line of its name and points; Fan where its card
	// backs are fanned out.
	Box, Name, Fan image.Rectangle
}

// Button is a button of the table.
type Button struct {
	Kind ButtonKind
	Rect image.Rectangle
}

// clamp returns v within lo and hi.
func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

// NewLayout lays out the table of sp.
func NewLayout(sp Spec) Layout {
	l := Layout{Spec: sp}
	u := sp.Map
	if !sp.InSight.Empty() && sp.InSight.Max.Y < u.Max.Y && sp.InSight.Dy() > u.Dy()/3 {
		u.Max.Y = sp.InSight.Max.Y
	}
	corner := !sp.Corner.Empty() && sp.Corner.Min.Y > sp.Map.Min.Y+sp.Map.Dy()/2 && sp.Corner.Dy() >= 100
	if corner {
		u.Max.Y = min(u.Max.Y, sp.Corner.Min.Y)
	}
	l.Table = u
	w, h := u.Dx(), u.Dy()
	l.Pad = clamp(h/60, 6, 14)
	l.Line = clamp(h/28, 18, 28)
	pad := l.Pad

	// The sizes: a hand card takes about a quarter of the table's height,
	// as far as the hand and the buttons fit across.
	btnW := clamp(w/5, 170, 260)
	cardH := clamp(h*24/100, 90, 230)
	handW := w - btnW - 4*pad
	// Five cards (the built-in hand) fit side by side; more overlap.
	if n := 5; n*(cardH*7/10+pad) > handW {
		cardH = max(90, (handW/n-pad)*10/7)
	}
	l.Card = image.Pt(cardH*7/10, cardH)
	l.Back = image.Pt(cardH*50/100*7/10, cardH*50/100)
	l.Raise = cardH * 18 / 100
	l.Lift = cardH * 6 / 100

	// Along the top, the other players.
	var others []ruleset.Seat
	for s := 1; s <= sp.Seats; s++ {
		if ruleset.Seat(s) != sp.You {
			others = append(others, ruleset.Seat(s))
		}
	}
	top := u.Min.Y + pad
	boxH := l.Line + l.Back.Y + 3*pad
	if len(others) > 0 {
		bw := min((w-pad)/len(others), 20*l.Line)
		x0 := u.Min.X + (w-len(others)*bw+pad)/2
		for i, s := range others {
			x := x0 + i*bw
			box := image.Rect(x, top, x+bw-pad, top+boxH)
			name := image.Rect(box.Min.X+pad, box.Min.Y+pad/2, box.Max.X-pad, box.Min.Y+pad/2+l.Line)
			fan := image.Rect(box.Min.X+pad, name.Max.Y+pad/2, box.Max.X-pad, name.Max.Y+pad/2+l.Back.Y)
			l.Places = append(l.Places, SeatBox{Seat: s, Box: box, Name: name, Fan: fan})
		}
	}
	mid := image.Rectangle{Min: image.Pt(u.Min.X+pad, top+boxH+pad), Max: image.Pt(u.Max.X-pad, 0)}

	// Along the bottom, the player's hand, the buttons right of it, and
	// the player's line above.
	bottom := u.Max.Y - pad
	if sp.You != 0 {
		handTop := bottom - l.Card.Y
		l.Me = image.Rect(u.Min.X+pad, handTop-l.Raise-l.Line-pad/2, u.Max.X-pad, handTop-l.Raise-pad/2)
		l.Hand = fanOut(sp.Hand, l.Card, image.Rect(u.Min.X+2*pad, handTop, u.Max.X-btnW-2*pad, bottom), pad)
		bh := clamp(l.Line*17/10, 34, 48)
		bx := u.Max.X - pad - btnW
		for i, k := range sp.Buttons {
			y := bottom - (len(sp.Buttons)-i)*(bh+pad) + pad
			l.Buttons = append(l.Buttons, Button{Kind: k, Rect: image.Rect(bx, y, bx+btnW, y+bh)})
		}
		mid.Max.Y = l.Me.Min.Y - pad
	} else {
		mid.Max.Y = bottom
	}

	// The cards on the table are as large as the room between allows.
	smallH := clamp(min(cardH*80/100, mid.Dy()-2*l.Line-2*pad), 50, cardH)
	l.Small = image.Pt(smallH*7/10, smallH)

	// Between them: the piles (in the corner below, where there is one),
	// the offering and the attack.
	if corner {
		c := sp.Corner
		ph := min(l.Small.Y, c.Dy()-2*pad-l.Line)
		pw := ph * 7 / 10
		y := c.Min.Y + pad
		x := c.Min.X + (c.Dx()-2*pw-2*pad)/2
		l.Deck = image.Rect(x, y, x+pw, y+ph)
		l.Discard = image.Rect(x+pw+2*pad, y, x+2*pw+2*pad, y+ph)
	} else {
		y := mid.Min.Y + l.Line + pad
		l.Deck = image.Rect(mid.Min.X, y, mid.Min.X+l.Small.X, y+l.Small.Y)
		l.Discard = l.Deck.Add(image.Pt(l.Small.X+2*pad, 0))
		mid.Min.X = l.Discard.Max.X + 2*pad
	}
	offW := clamp(max(sp.Seats, 2)*(l.Small.X+2*pad)+2*pad, 0, mid.Dx()*45/100)
	l.Offering = image.Rect(mid.Min.X, mid.Min.Y, mid.Min.X+offW, mid.Max.Y)
	l.Center = image.Rect(l.Offering.Max.X+2*pad, mid.Min.Y, mid.Max.X, mid.Max.Y)
	return l
}

// fanOut places n cards of size card side by side in r, centred, pad
// apart; when they do not fit they overlap, evenly.
func fanOut(n int, card image.Point, r image.Rectangle, pad int) []image.Rectangle {
	if n == 0 {
		return nil
	}
	step := card.X + pad
	if total := n*card.X + (n-1)*pad; total > r.Dx() && n > 1 {
		step = max((r.Dx()-card.X)/(n-1), card.X/5)
	}
	total := (n-1)*step + card.X
	x := r.Min.X + (r.Dx()-total)/2
	out := make([]image.Rectangle, n)
	for i := range out {
		out[i] = image.Rect(x+i*step, r.Min.Y, x+i*step+card.X, r.Min.Y+card.Y)
	}
	return out
}

// FanBacks places n card backs of size back in r, from its left, each
// showing a slice of the one under it.
func FanBacks(n int, back image.Point, r image.Rectangle) []image.Rectangle {
	if n == 0 {
		return nil
	}
	step := back.X * 38 / 100
	if n > 1 && (n-1)*step+back.X > r.Dx() {
		step = max((r.Dx()-back.X)/(n-1), 2)
	}
	out := make([]image.Rectangle, n)
	for i := range out {
		x := r.Min.X + i*step
		out[i] = image.Rect(x, r.Min.Y, x+back.X, r.Min.Y+back.Y)
	}
	return out
}

// HandCard returns where the hand's i-th card is drawn: raised when it
// is chosen, lifted when the pointer is on it.
func (l *Layout) HandCard(i int, chosen, hover bool) image.Rectangle {
	r := l.Hand[i]
	switch {
	case chosen:
		return r.Sub(image.Pt(0, l.Raise))
	case hover:
		return r.Sub(image.Pt(0, l.Lift))
	}
	return r
}

// HitKind says what a point of the table is on.
type HitKind uint8

// The things a point may be on.
const (
	HitNothing HitKind = iota
	HitCard            // a card of the hand: Index
	HitSeat            // another player's place: Seat
	HitButton          // a button: Button
)

// Hit is what a point of the table is on.
type Hit struct {
	Kind   HitKind
	Index  int
	Seat   ruleset.Seat
	Button ButtonKind
}

// At returns what point pt is on; chosen is the index of the card chosen
// (raised), -1 for none. Cards that overlap are found top first, and a
// raised card where it is drawn.
func (l *Layout) At(pt image.Point, chosen int) Hit {
	for _, b := range l.Buttons {
		if pt.In(b.Rect) {
			return Hit{Kind: HitButton, Button: b.Kind}
		}
	}
	if chosen >= 0 && chosen < len(l.Hand) && pt.In(l.HandCard(chosen, true, false)) {
		return Hit{Kind: HitCard, Index: chosen}
	}
	for i := len(l.Hand) - 1; i >= 0; i-- {
		r := l.Hand[i]
		r.Min.Y -= l.Lift // a card under the pointer stands up a little: it stays under it
		if pt.In(r) {
			return Hit{Kind: HitCard, Index: i}
		}
	}
	for _, s := range l.Places {
		if pt.In(s.Box) {
			return Hit{Kind: HitSeat, Seat: s.Seat}
		}
	}
	return Hit{}
}
