package duel

import (
	"image"
	"math"

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
	// Scale is the interface size (the theme's: 2 draws the table twice
	// as large); 0 and anything below 1 are taken as 1.
	Scale float64
}

// scale returns the interface size of sp, at least 1.
func (sp Spec) scale() float64 { return max(sp.Scale, 1) }

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
	// Places are the other players' places along the top, in seat order
	// (left to right, then row by row); Compact when they are drawn in
	// their compact form, in PlaceRows rows.
	Places    []SeatBox
	Compact   bool
	PlaceRows int
	// Buttons are the buttons of the player's move, right of the hand.
	Buttons []Button
	// Deck and Discard are the piles.
	Deck, Discard image.Rectangle
	// Offering is the row of the offering's cards; Center the place of
	// the attack in progress and the defender's question.
	Offering, Center image.Rectangle
	// OfferLabels is the number of lines under the offering's cards for
	// their players: 2 when the cards lie so close that the labels are
	// staggered.
	OfferLabels int

	// offer100 is the offering at 100 %, where Slots lays its cards out
	// (then scales them, so that at 200 % they lie at twice the place).
	offer100 offerUnits
}

// offerUnits are the offering's rectangle, its cards' size, the line's
// height and the space at 100 %.
type offerUnits struct {
	r         image.Rectangle
	small     image.Point
	line, pad int
}

// SeatBox is another player's place at the table.
type SeatBox struct {
	Seat ruleset.Seat
	// Box is the whole place (a click on it chooses the player to
	// attack); Name the line of its name and points (in a compact place
	// the name alone, after its Mark); Fan where its card backs are
	// fanned out (in a compact place the second line: a back, the counts
	// and the points). Nothing of the place is drawn outside Box.
	Box, Name, Fan, Mark image.Rectangle
}

// Button is a button of the table.
type Button struct {
	Kind ButtonKind
	Rect image.Rectangle
}

// clamp returns v within lo and hi.
func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

// NewLayout lays out the table of sp in window pixels at its interface
// size s (sp.Scale): the table of a map s times as large is the table at
// 100 % on the map divided by s, every place and length multiplied by s,
// so that it looks the same at every size, only larger.
func NewLayout(sp Spec) Layout {
	s := sp.scale()
	at100 := sp
	at100.Scale = 1
	at100.Map, at100.InSight, at100.Corner = downRect(sp.Map, s), downRect(sp.InSight, s), downRect(sp.Corner, s)
	l := newLayout(at100)
	if s != 1 {
		l = l.scaled(s)
	}
	l.Spec = sp
	return l
}

// downRect returns r in the units of 100 % at interface size s: its
// corners divided by s.
func downRect(r image.Rectangle, s float64) image.Rectangle {
	if s == 1 {
		return r
	}
	d := func(v int) int { return int(math.Round(float64(v) / s)) }
	return image.Rect(d(r.Min.X), d(r.Min.Y), d(r.Max.X), d(r.Max.Y))
}

// upLen returns length n given at 100 % at interface size s.
func upLen(n int, s float64) int { return int(math.Round(float64(n) * s)) }

// upRect returns rectangle r given at 100 % at interface size s: its
// corner and its size multiplied by s, so that rectangles of one size
// keep one size.
func upRect(r image.Rectangle, s float64) image.Rectangle {
	at := image.Pt(upLen(r.Min.X, s), upLen(r.Min.Y, s))
	return image.Rectangle{Min: at, Max: at.Add(image.Pt(upLen(r.Dx(), s), upLen(r.Dy(), s)))}
}

// scaled returns l, laid out at 100 %, at interface size s.
func (l Layout) scaled(s float64) Layout {
	pt := func(p image.Point) image.Point { return image.Pt(upLen(p.X, s), upLen(p.Y, s)) }
	out := l
	out.Table = upRect(l.Table, s)
	out.Pad, out.Line = upLen(l.Pad, s), upLen(l.Line, s)
	out.Card, out.Small, out.Back = pt(l.Card), pt(l.Small), pt(l.Back)
	out.Raise, out.Lift = upLen(l.Raise, s), upLen(l.Lift, s)
	out.Hand = nil
	for _, r := range l.Hand {
		out.Hand = append(out.Hand, upRect(r, s))
	}
	out.Me = upRect(l.Me, s)
	out.Places = nil
	for _, sb := range l.Places {
		out.Places = append(out.Places, SeatBox{Seat: sb.Seat, Box: upRect(sb.Box, s), Name: upRect(sb.Name, s), Fan: upRect(sb.Fan, s), Mark: upRect(sb.Mark, s)})
	}
	out.Buttons = nil
	for _, b := range l.Buttons {
		out.Buttons = append(out.Buttons, Button{Kind: b.Kind, Rect: upRect(b.Rect, s)})
	}
	out.Deck, out.Discard = upRect(l.Deck, s), upRect(l.Discard, s)
	out.Offering, out.Center = upRect(l.Offering, s), upRect(l.Center, s)
	return out
}

// Px returns length n given at 100 % at the table's interface size.
func (l *Layout) Px(n int) int { return upLen(n, l.scale()) }

// Pxf returns length v given at 100 % at the table's interface size.
func (l *Layout) Pxf(v float64) float64 { return v * l.scale() }

// newLayout lays out the table of sp at 100 %: as it always was where
// that fits, else tight (see layOut).
func newLayout(sp Spec) Layout {
	l := layOut(sp, false)
	if !l.offeringFits() {
		l = layOut(sp, true)
	}
	return l
}

// offeringFits reports whether the offering's cards and their lines of
// labels lie in the offering, above the player's line.
func (l *Layout) offeringFits() bool {
	slots := l.Slots(max(l.Seats, 2))
	return slots[0].Max.Y+2+l.OfferLabels*l.Line <= l.Offering.Max.Y
}

// layOut lays out the table of sp at 100 %. A tight table (the smallest
// window, 960x540, with many players, where the offering would run over
// the player's line) has its compact places in two rows at most (as
// narrow as that takes, never an extra row for roominess), the
// offering's cards as small as the room left allows and the offering up
// to 60 % of the middle's width (45 % else).
func layOut(sp Spec, tight bool) Layout {
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

	// Along the top, the other players: in one row of full places while
	// each is wide enough for its name, points and fan of backs; past
	// that, compact places (name, then counts and points) at least
	// minCompact wide, in as many rows as that takes.
	var others []ruleset.Seat
	for s := 1; s <= sp.Seats; s++ {
		if ruleset.Seat(s) != sp.You {
			others = append(others, ruleset.Seat(s))
		}
	}
	top := u.Min.Y + pad
	placesEnd := top
	if n := len(others); n > 0 {
		if bw := min((w-pad)/n, 20*l.Line); bw-pad >= l.fullPlace() {
			boxH := l.Line + l.Back.Y + 3*pad
			x0 := u.Min.X + (w-n*bw+pad)/2
			for i, s := range others {
				x := x0 + i*bw
				box := image.Rect(x, top, x+bw-pad, top+boxH)
				name := image.Rect(box.Min.X+pad, box.Min.Y+pad/2, box.Max.X-pad, box.Min.Y+pad/2+l.Line)
				fan := image.Rect(box.Min.X+pad, name.Max.Y+pad/2, box.Max.X-pad, name.Max.Y+pad/2+l.Back.Y)
				l.Places = append(l.Places, SeatBox{Seat: s, Box: box, Name: name, Fan: fan})
			}
			placesEnd = top + boxH
		} else {
			l.Compact = true
			cols := max(1, (w-pad)/(l.minCompact()+pad))
			// One more row (up to three) where it makes the places roomy
			// enough for the deck's count as well.
			l.PlaceRows = (n + cols - 1) / cols
			switch {
			case tight:
				l.PlaceRows = min(l.PlaceRows, 2)
			case l.PlaceRows < 3 && !l.roomy(w, n, l.PlaceRows) && l.roomy(w, n, l.PlaceRows+1):
				l.PlaceRows++
			}
			per := (n + l.PlaceRows - 1) / l.PlaceRows
			bw := min((w-pad)/per, 8*l.Line)
			boxH := 2*l.Line + pad
			in := pad / 2
			mark := l.MarkSize()
			for i, s := range others {
				row, col := i/per, i%per
				inRow := min(per, n-row*per)
				x := u.Min.X + (w-inRow*bw+pad)/2 + col*bw
				y := top + row*(boxH+in)
				box := image.Rect(x, y, x+bw-pad, y+boxH)
				line := image.Rect(box.Min.X+in, box.Min.Y+in, box.Max.X-in, box.Min.Y+in+l.Line)
				name := line
				name.Min.X += mark + in
				fan := line.Add(image.Pt(0, l.Line))
				l.Places = append(l.Places, SeatBox{Seat: s, Box: box, Name: name, Fan: fan,
					Mark: image.Rect(line.Min.X, line.Min.Y+(l.Line-mark)/2, line.Min.X+mark, line.Min.Y+(l.Line-mark)/2+mark)})
			}
			placesEnd = top + l.PlaceRows*(boxH+in) - in
		}
	}
	mid := image.Rectangle{Min: image.Pt(u.Min.X+pad, placesEnd+pad), Max: image.Pt(u.Max.X-pad, 0)}

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

	// The cards on the table are as large as the room between allows,
	// with a line for the offering's title above and one for the names
	// under its cards; two lines when the cards lie too close for one
	// label each (the labels are then staggered).
	piles := mid
	for l.OfferLabels = 1; ; l.OfferLabels++ {
		mid = piles
		smallH := clamp(min(cardH*80/100, mid.Dy()-(1+l.OfferLabels)*l.Line-2*pad), 50, cardH)
		if tight {
			// The title, the cards and their labels in the room there is.
			smallH = clamp(mid.Dy()-(1+l.OfferLabels)*l.Line-pad/2-2, 20, cardH*80/100)
		}
		l.Small = image.Pt(smallH*7/10, smallH)

		// Between them: the piles (in the corner below, where there is
		// one), the offering and the attack.
		if corner {
			c := sp.Corner
			ph := min(cardH*80/100, c.Dy()-2*pad-l.Line)
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
		share := 45
		if tight {
			share = 60
		}
		offW := clamp(max(sp.Seats, 2)*(l.Small.X+2*pad)+2*pad, 0, mid.Dx()*share/100)
		l.Offering = image.Rect(mid.Min.X, mid.Min.Y, mid.Min.X+offW, mid.Max.Y)
		l.Center = image.Rect(l.Offering.Max.X+2*pad, mid.Min.Y, mid.Max.X, mid.Max.Y)
		l.offer100 = offerUnits{r: l.Offering, small: l.Small, line: l.Line, pad: pad}
		// A tight table keeps one line while a seat's number fits under
		// each card (its cards are then larger).
		oneLine := 2 * l.Line
		if tight {
			oneLine = l.Line + pad
		}
		if l.OfferLabels == 2 || l.SlotStep(sp.Seats) >= oneLine {
			break
		}
	}
	return l
}

// fullPlace is the least width of a full place: a name, its points and a
// fan of five backs with their count beside it.
func (l *Layout) fullPlace() int { return 9 * l.Line }

// minCompact is the least width of a compact place: its mark, a name of
// about eight letters, and under them a card back, the count and the
// points.
func (l *Layout) minCompact() int { return 5 * l.Line }

// roomy reports whether n compact places in rows rows across width w
// are wide enough for the count of each player's deck too (6 lines).
func (l *Layout) roomy(w, n, rows int) bool {
	per := (n + rows - 1) / rows
	return (w-l.Pad)/per >= 6*l.Line+l.Pad
}

// MarkSize is the size of a player's mark (a disc of the player's colour
// with the seat's number on it) in a compact place.
func (l *Layout) MarkSize() int { return l.Line * 85 / 100 }

// TextSize is the size of the table's ordinary text.
func (l *Layout) TextSize() float64 { return float64(l.Line) * 0.72 }

// Slots returns where the offering's cards go, one for each of n, with
// OfferLabels lines under them for their players' names or numbers: laid
// out at 100 % and scaled, so that at 200 % each lies at twice its place
// at 100 %.
func (l *Layout) Slots(n int) []image.Rectangle {
	u := l.offer100
	top := u.r.Min.Y + u.line + u.pad/2
	area := image.Rect(u.r.Min.X, top, u.r.Max.X, top+u.small.Y)
	out := fanOut(n, u.small, area, u.pad)
	for i := range out {
		out[i] = upRect(out[i], l.scale())
	}
	return out
}

// SlotStep is how far apart the offering's n cards lie, left edge to
// left edge (a card and a pad for one card alone).
func (l *Layout) SlotStep(n int) int {
	s := l.Slots(max(n, 2))
	return s[1].Min.X - s[0].Min.X
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
// showing a slice of the one under it (at least 2 pixels of it).
func FanBacks(n int, back image.Point, r image.Rectangle) []image.Rectangle {
	return fanBacks(n, back, r, 2)
}

// fanBacks is FanBacks with at least least pixels of each back in sight.
func fanBacks(n int, back image.Point, r image.Rectangle, least int) []image.Rectangle {
	if n == 0 {
		return nil
	}
	step := back.X * 38 / 100
	if n > 1 && (n-1)*step+back.X > r.Dx() {
		step = max((r.Dx()-back.X)/(n-1), least)
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
