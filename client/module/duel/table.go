package duel

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/art"
	"empires/client/kit"
	"empires/shared/game"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// The table's colours.
var (
	feltColor     = color.RGBA{24, 70, 52, 255}
	feltEdge      = color.RGBA{16, 48, 36, 255}
	panelColor    = color.RGBA{12, 36, 27, 200}
	panelEdge     = color.RGBA{60, 110, 88, 255}
	textColor     = color.RGBA{240, 236, 224, 255}
	mutedColor    = color.RGBA{176, 196, 184, 255}
	accentColor   = color.RGBA{255, 196, 60, 255}
	questionColor = color.RGBA{60, 30, 12, 235}
	warnColor     = color.RGBA{255, 140, 112, 255} // 4.7:1 on the felt (TestTableContrast)
	buttonColor   = color.RGBA{70, 62, 50, 255}
	buttonHover   = color.RGBA{104, 92, 74, 255}
	buttonOff     = color.RGBA{40, 52, 46, 255}
	primaryColor  = color.RGBA{128, 82, 24, 255} // the theme's Primary: the text on it 5.7:1
)

// playerColor is seat s's colour in the standard palette, as on every
// screen of the client.
func playerColor(s ruleset.Seat) color.RGBA { return art.PlayerColor(game.PlayerID(s)) }

// palette returns the players' palette chosen in Settings.
func (s *Screen) palette() art.Palette { return art.PaletteOf(s.host.Prefs().ColourBlind) }

// seatColor is seat seat's colour in the palette chosen in Settings.
func (s *Screen) seatColor(seat ruleset.Seat) color.RGBA {
	return s.palette().Color(game.PlayerID(seat))
}

// seatInk is seat seat's colour for text on the table's dark places: the
// dark colours lightened to be read.
func (s *Screen) seatInk(seat ruleset.Seat) color.RGBA {
	return s.palette().TextColor(game.PlayerID(seat), color.RGBA{18, 52, 38, 255})
}

// Draw implements module.Screen: the table.
func (s *Screen) Draw(dst *ebiten.Image) {
	if s.m.v == nil {
		return
	}
	// The interface size or the map may have changed since the last
	// frame's input (Settings, a resize): the table is drawn at the size
	// and in the map of now.
	s.layOut(dst.Bounds(), s.lay.Corner)
	l := &s.lay
	vector.FillRect(dst, float32(l.Map.Min.X), float32(l.Map.Min.Y), float32(l.Map.Dx()), float32(l.Map.Dy()), feltColor, false)
	e := float32(l.Pxf(2)) // the felt's edge: a band 4 wide, 2 in
	vector.StrokeRect(dst, float32(l.Map.Min.X)+e, float32(l.Map.Min.Y)+e, float32(l.Map.Dx())-2*e, float32(l.Map.Dy())-2*e, 2*e, feltEdge, false)
	for _, sb := range l.Places {
		s.drawSeat(dst, sb)
	}
	s.drawPiles(dst)
	s.drawOffering(dst)
	s.drawCenter(dst)
	if s.lay.You != 0 {
		s.drawMe(dst)
		s.drawHand(dst)
		for _, b := range l.Buttons {
			s.drawButton(dst, b)
		}
	}
	s.drawFocus(dst)
}

// dotRect returns the box of a player's dot before a name of text size
// size written at (x, y).
func dotRect(x, y, size float64) image.Rectangle {
	d := int(size * 0.76)
	at := image.Pt(int(x+size*0.4)-d/2, int(y+size*0.62)-d/2)
	return image.Rectangle{Min: at, Max: at.Add(image.Pt(d, d))}
}

// drawDot draws seat's dot, in its colour with its mark, before a name of
// text size size written at (x, y).
func (s *Screen) drawDot(dst *ebiten.Image, x, y, size float64, seat ruleset.Seat) {
	c := s.seatColor(seat)
	r := dotRect(x, y, size)
	d := r.Dx()
	s.paint.box(dst, r, float32(d)/2, c, nil, 0)
	// The seat's mark on it, as the maps draw it: told apart by shape too.
	if m := art.PlayerMark(game.PlayerID(seat)); m != art.MarkNone {
		cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
		s.marks.Put(dst, art.SpriteMark, uint8(m), cx, cy, float64(d)*0.56, 0, art.InkOn(c), ebiten.ColorScale{})
	}
}

// textSize is the size of the table's ordinary text.
func (s *Screen) textSize() float64 { return s.lay.TextSize() }

// drawMark draws seat seat's mark in r: a disc of its colour with a light
// rim and the seat's number on it, so that players who cannot tell the
// colours apart can tell the numbers.
func (s *Screen) drawMark(dst *ebiten.Image, r image.Rectangle, seat ruleset.Seat) {
	c := s.seatColor(seat)
	s.paint.box(dst, r, float32(r.Dx())/2, c, mutedColor, float32(s.lay.Pxf(1)))
	f := s.paint.bold(float64(r.Dy()) * 0.62)
	num := fmt.Sprint(seat)
	y := float64(r.Min.Y) + (float64(r.Dy())-lineHeight(f))/2
	drawText(dst, num, f, float64(r.Min.X+r.Max.X)/2, y, art.InkOn(c), text.AlignCenter)
}

// seatDoing says what seat st's player is doing now, in a few words and
// their colour; "" for nothing to say.
func (s *Screen) seatDoing(st ruleset.Seat, canTarget bool) (string, color.Color) {
	m := s.m
	p := m.v.Players[st-1]
	t := m.v.Table
	switch {
	case !p.Alive:
		return "out of the game", warnColor
	case t.Phase == rules.PhaseDefend && t.Defender == st:
		return "defending", warnColor
	case (t.Phase == rules.PhaseAttack || t.Phase == rules.PhaseDefend) && t.Attacker == st:
		return "attacking", accentColor
	case canTarget && m.target == st:
		return "your target", accentColor
	case canTarget:
		return "click to attack", mutedColor
	}
	return "", mutedColor
}

// drawSeat draws another player's place, in its full or compact form,
// clipped to its box: a neighbour's place neither hides it nor is hidden
// by it.
func (s *Screen) drawSeat(dst *ebiten.Image, sb SeatBox) {
	m := s.m
	canTarget := slices.Contains(m.Targets(), sb.Seat)
	edge := color.Color(panelEdge)
	width := 1.5
	doing, _ := s.seatDoing(sb.Seat, canTarget)
	switch {
	case canTarget && (m.target == sb.Seat || s.hover.At.Kind == HitSeat && s.hover.At.Seat == sb.Seat):
		edge, width = accentColor, 3
	case canTarget:
		edge, width = color.RGBA{200, 170, 110, 255}, 2
	case doing == "defending":
		edge, width = warnColor, 3
	case doing == "attacking":
		edge, width = accentColor, 3
	}
	fill := color.Color(panelColor)
	if !m.v.Players[sb.Seat-1].Alive {
		fill = color.RGBA{8, 20, 16, 220}
	}
	s.paint.box(dst, sb.Box, float32(s.lay.Pxf(8)), fill, edge, float32(s.lay.Pxf(width)))
	clip := dst.SubImage(sb.Box).(*ebiten.Image)
	if s.lay.Compact {
		s.drawCompactSeat(clip, sb, canTarget)
		return
	}
	s.drawFullSeat(clip, sb, canTarget)
}

// drawFullSeat draws a place with room to spare: the colour dot, the
// name and points, the hand as a fan of backs with its count beside it,
// and what the player does now.
func (s *Screen) drawFullSeat(dst *ebiten.Image, sb SeatBox, canTarget bool) {
	p := s.m.v.Players[sb.Seat-1]
	size := s.textSize()
	nf := s.paint.bold(size)
	x := float64(sb.Name.Min.X)
	y := float64(sb.Name.Min.Y)
	s.drawDot(dst, x, y, size, sb.Seat)
	x += size
	score := words.Count(p.Points, "point", "points")
	sf := s.paint.regular(size)
	room := float64(sb.Name.Dx()) - size - textWidth("  "+score, sf)
	drawText(dst, kit.Fit(p.Name, nf, room), nf, x, y, textColor, text.AlignStart)
	drawText(dst, score, sf, float64(sb.Name.Max.X), y, accentColor, text.AlignEnd)

	// The hand as backs, its count beside it (the backs closer together
	// where the count needs the room); what the player does now.
	count := fmt.Sprintf("%s · deck %d", words.Count(p.Cards, "card", "cards"), p.Deck)
	fan := sb.Fan
	fan.Max.X = max(fan.Min.X+s.lay.Back.X, fan.Max.X-int(textWidth(count, sf))-s.lay.Pad)
	backs := fanBacks(p.Cards, s.lay.Back, fan, s.lay.Px(2))
	for _, r := range backs {
		s.paint.drawBack(dst, r, cardLook{})
	}
	cx := float64(sb.Fan.Min.X)
	if len(backs) > 0 {
		cx = float64(backs[len(backs)-1].Max.X)
	}
	cx += float64(s.lay.Pad)
	cy := float64(sb.Fan.Min.Y)
	drawText(dst, count, sf, cx, cy, textColor, text.AlignStart)
	if doing, dc := s.seatDoing(sb.Seat, canTarget); doing != "" {
		drawText(dst, doing, sf, cx, cy+size*1.4, dc, text.AlignStart)
	}
}

// drawCompactSeat draws a place of a big table in two lines: the
// player's mark (colour and seat number) and name; under them a card
// back with the number of cards in hand, what the player does now or
// else the cards left in the deck, and the points. What does not fit is
// left out, the deck first; the box's edge tells the attacker and the
// defender apart even so.
func (s *Screen) drawCompactSeat(dst *ebiten.Image, sb SeatBox, canTarget bool) {
	p := s.m.v.Players[sb.Seat-1]
	l := &s.lay
	size := s.textSize()
	nf, sf := s.paint.bold(size), s.paint.regular(size)
	s.drawMark(dst, sb.Mark, sb.Seat)
	nameCol := color.Color(textColor)
	if !p.Alive {
		nameCol = mutedColor
	}
	ty := float64(sb.Name.Min.Y) + (float64(l.Line)-lineHeight(nf))/2
	drawText(dst, kit.Fit(p.Name, nf, float64(sb.Name.Dx())), nf, float64(sb.Name.Min.X), ty, nameCol, text.AlignStart)

	line := sb.Fan
	ty = float64(line.Min.Y) + (float64(l.Line)-lineHeight(sf))/2
	bh := l.Line * 80 / 100
	back := image.Rect(line.Min.X, line.Min.Y+(l.Line-bh)/2, line.Min.X+bh*7/10, line.Min.Y+(l.Line-bh)/2+bh)
	x := float64(back.Min.X)
	if p.Cards > 0 {
		s.paint.drawBack(dst, back, cardLook{})
		x = float64(back.Max.X) + l.Pxf(3)
	}
	cards := fmt.Sprint(p.Cards)
	drawText(dst, cards, nf, x, ty, textColor, text.AlignStart)
	x += textWidth(cards, nf) + size*0.5
	pts := fmt.Sprintf("%d pts", p.Points)
	if p.Points == 1 {
		pts = "1 pt"
	}
	drawText(dst, pts, sf, float64(line.Max.X), ty, accentColor, text.AlignEnd)
	room := float64(line.Max.X) - textWidth(pts, sf) - size*0.5 - x
	doing, dc := s.seatDoing(sb.Seat, canTarget)
	if doing == "" || doing == "click to attack" {
		doing, dc = fmt.Sprintf("deck %d", p.Deck), mutedColor
	}
	if !p.Alive {
		doing = "out"
	}
	if textWidth(doing, sf) <= room {
		drawText(dst, doing, sf, x, ty, dc, text.AlignStart)
	}
}

// drawPiles draws the deck, face down, and the discard pile, its top card
// face up, with their counts.
func (s *Screen) drawPiles(dst *ebiten.Image) {
	v := s.m.v
	l := &s.lay
	sf := s.paint.regular(max(s.textSize()*0.85, l.Pxf(12)))
	y := float64(l.Deck.Max.Y) + l.Pxf(2)
	if v.Seat != 0 { // the player's own deck (rule 12); a spectator has none
		n := v.Players[v.Seat-1].Deck
		if n > 0 {
			for i := min(n, 3) - 1; i >= 0; i-- {
				s.paint.drawBack(dst, l.Deck.Sub(image.Pt(l.Px(2*i), l.Px(2*i))), cardLook{})
			}
		} else {
			s.paint.drawSlot(dst, l.Deck, panelEdge)
		}
		label := fmt.Sprintf("Your deck %d", n)
		if s.m.third {
			label = fmt.Sprintf("Deck %d", n)
		}
		drawText(dst, kit.Fit(label, sf, float64(l.Deck.Dx()+2*l.Pad)), sf, float64(l.Deck.Min.X+l.Deck.Max.X)/2, y, textColor, text.AlignCenter)
	}
	if n := len(v.Discard); n > 0 {
		s.paint.drawFace(dst, l.Discard, v.Discard[n-1], cardLook{})
	} else {
		s.paint.drawSlot(dst, l.Discard, panelEdge)
	}
	drawText(dst, fmt.Sprintf("Discard %d", len(v.Discard)), sf, float64(l.Discard.Min.X+l.Discard.Max.X)/2, y, textColor, text.AlignCenter)
}

// offeringSlots returns where the offering's cards go, one for each of
// n, with a line under each for its player's name.
func (s *Screen) offeringSlots(n int) []image.Rectangle { return s.lay.Slots(n) }

// offerLabel is the line under an offering card: its player's seat, the
// words, their colour.
type offerLabel struct {
	seat  ruleset.Seat
	words string
	col   color.Color
}

// drawOfferLabels writes the labels under the offering's cards in slots:
// the words where every label fits its card; else each seat's number in
// its player's colour (the player's own in the accent colour), staggered
// over two lines when the cards lie too close for one line.
func (s *Screen) drawOfferLabels(dst *ebiten.Image, slots []image.Rectangle, labels []offerLabel) {
	l := &s.lay
	sf := s.paint.regular(max(s.textSize()*0.85, l.Pxf(12)))
	step := float64(l.Small.X + l.Pad)
	if len(slots) > 1 {
		step = float64(slots[1].Min.X - slots[0].Min.X)
	}
	words := true
	for _, lb := range labels {
		if textWidth(lb.words, sf) > min(step, float64(l.Small.X+l.Pad)) {
			words = false
		}
	}
	nf := s.paint.bold(max(s.textSize()*0.85, l.Pxf(12)))
	stagger := !words && l.OfferLabels > 1 && textWidth("20", nf)+l.Pxf(4) > step
	for i, lb := range labels {
		r := slots[i]
		x, y := float64(r.Min.X+r.Max.X)/2, float64(r.Max.Y)+l.Pxf(2)
		if words {
			drawText(dst, kit.Fit(lb.words, sf, float64(r.Dx()+l.Pad)), sf, x, y, lb.col, text.AlignCenter)
			continue
		}
		if len(slots) > 1 { // the number under the part of the card in sight
			x = float64(r.Min.X) + min(step, float64(r.Dx()))/2
		}
		if stagger && i%2 == 1 {
			y += lineHeight(nf)
		}
		col := color.Color(s.seatInk(lb.seat))
		if lb.col == accentColor {
			col = accentColor
		}
		drawText(dst, fmt.Sprint(lb.seat), nf, x, y, col, text.AlignCenter)
	}
}

// drawOffering draws the offering: in the offering, the player's card
// laid face down and a place for each other player's; after it, the cards
// revealed, the highest marked.
func (s *Screen) drawOffering(dst *ebiten.Image) {
	m := s.m
	v := m.v
	l := &s.lay
	size := s.textSize()
	hf, sf := s.paint.bold(size), s.paint.regular(max(size*0.85, l.Pxf(12)))
	x := float64(l.Offering.Min.X)
	y := float64(l.Offering.Min.Y)
	if v.Table.Phase == rules.PhaseOffer {
		drawText(dst, fmt.Sprintf("Offering of round %d", v.Table.Round), hf, x, y, textColor, text.AlignStart)
		var seats []ruleset.Seat
		for i, p := range v.Players {
			if p.Cards > 0 {
				seats = append(seats, ruleset.Seat(i+1))
			}
		}
		slots := s.offeringSlots(len(seats))
		var labels []offerLabel
		for i, st := range seats {
			r := slots[i]
			label := v.Players[st-1].Name
			switch {
			case st == v.Seat && m.offer.Rank != 0 && !m.third:
				s.paint.drawBack(dst, r, cardLook{edge: accentColor})
				label = "you: " + shortName(m.deck, m.offer)
			case st == v.Seat && !m.third:
				s.paint.drawSlot(dst, r, accentColor)
				// The word where it fits the slot (the slot and its label
				// in the accent colour say it on a crowded table).
				if textWidth("choose", sf) <= float64(r.Dx()) {
					drawText(dst, "choose", sf, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2-size/2, accentColor, text.AlignCenter)
				}
				label = "you"
			default:
				s.paint.drawSlot(dst, r, panelEdge)
				drawText(dst, "…", hf, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2-size/2, mutedColor, text.AlignCenter)
			}
			col := color.Color(textColor)
			if st == v.Seat && !m.third {
				col = accentColor
			}
			labels = append(labels, offerLabel{seat: st, words: label, col: col})
		}
		s.drawOfferLabels(dst, slots, labels)
		return
	}
	laid, round := m.Offering()
	if len(laid) == 0 {
		return
	}
	drawText(dst, fmt.Sprintf("Offering of round %d", round), hf, x, y, textColor, text.AlignStart)
	slots := s.offeringSlots(len(laid))
	var labels []offerLabel
	for i, c := range laid {
		r := slots[i]
		look := cardLook{}
		if c.Top {
			look.edge = accentColor
		}
		s.paint.drawFace(dst, r, c.Card, look)
		label := m.name(c.Seat)
		if c.Top {
			label += " +1"
		}
		col := color.Color(textColor)
		if c.Top {
			col = accentColor
		}
		labels = append(labels, offerLabel{seat: c.Seat, words: upper(label), col: col})
	}
	s.drawOfferLabels(dst, slots, labels)
}

// shortName names card c briefly: "7 cups".
func shortName(d rules.Deck, c rules.Card) string {
	if int(c.Suit) < len(d.Suits) {
		return fmt.Sprintf("%d %s", c.Rank, d.Suits[c.Suit])
	}
	return fmt.Sprint(c.Rank)
}

// drawCenter draws the middle of the table: the attack in progress with
// the defender's question and its countdown; else what the table waits
// for and what just happened.
func (s *Screen) drawCenter(dst *ebiten.Image) {
	m := s.m
	v := m.v
	t := v.Table
	l := &s.lay
	r := l.Center
	if r.Empty() {
		return
	}
	// Nothing of the middle is drawn outside it: on a small table its
	// last lines are cut off rather than drawn over the player's line.
	dst = dst.SubImage(r).(*ebiten.Image)
	size := s.textSize()
	if t.Phase == rules.PhaseDefend {
		s.drawQuestion(dst, r)
		return
	}
	hf, sf := s.paint.bold(size*1.15), s.paint.regular(size)
	w := float64(r.Dx()) - 2*float64(l.Pad)
	x, y := float64(r.Min.X+l.Pad), float64(r.Min.Y)
	col := color.Color(textColor)
	if m.Move() != MoveNone || t.Phase == rules.PhaseOver {
		col = accentColor
	}
	for _, line := range kit.Wrap(m.Situation(), hf, w) {
		drawText(dst, line, hf, x, y, col, text.AlignStart)
		y += lineHeight(hf) + l.Pxf(2)
	}
	if left, ok := s.timeLeft(); ok {
		y += l.Pxf(4)
		s.drawCountdown(dst, x, y, w, left, size)
		y += size*1.6 + l.Pxf(8)
	}
	if t.Phase == rules.PhaseOver {
		y += l.Pxf(6)
		for i, p := range v.Players {
			line := fmt.Sprintf("%s: %s, %s in hand", p.Name, words.Count(p.Points, "point", "points"), words.Count(p.Cards, "card", "cards"))
			c := color.Color(textColor)
			if ruleset.Seat(i+1) == t.Winner {
				c = accentColor
			}
			drawText(dst, line, sf, x, y, c, text.AlignStart)
			y += lineHeight(sf) + l.Pxf(2)
		}
		return
	}
	if len(m.recent) == 0 {
		return
	}
	y += l.Pxf(6)
	drawText(dst, "Just now:", sf, x, y, mutedColor, text.AlignStart)
	y += lineHeight(sf) + l.Pxf(2)
	for _, line := range m.recent {
		for _, piece := range kit.Wrap(line, sf, w) {
			if y+lineHeight(sf) > float64(r.Max.Y) {
				return
			}
			drawText(dst, piece, sf, x, y, textColor, text.AlignStart)
			y += lineHeight(sf) + l.Pxf(1)
		}
	}
}

// drawQuestion draws the attack in progress in r: the attack card, who
// attacks whom, what the defender is asked and the time it has left. To
// the defender it is a question, framed to be seen.
func (s *Screen) drawQuestion(dst *ebiten.Image, r image.Rectangle) {
	m := s.m
	t := m.v.Table
	l := &s.lay
	size := s.textSize()
	mine := m.Move() == MoveDefend
	bg, edge := color.Color(panelColor), color.Color(panelEdge)
	if mine {
		bg, edge = questionColor, accentColor
	}
	card := l.Small
	if r.Dy() > l.Card.Y+2*l.Pad && r.Dx() > 3*l.Card.X {
		card = l.Card
	}
	box := r
	box.Max.X = min(r.Max.X, r.Min.X+card.X+3*l.Pad+30*l.Line)
	box.Max.Y = min(r.Max.Y, r.Min.Y+card.Y+2*l.Pad+int(size*2))
	s.paint.box(dst, box, float32(l.Pxf(10)), bg, edge, float32(l.Pxf(3)))
	cr := image.Rectangle{Min: box.Min.Add(image.Pt(l.Pad, l.Pad)), Max: box.Min.Add(image.Pt(l.Pad, l.Pad)).Add(card)}
	s.paint.drawFace(dst, cr, t.Attack, cardLook{edge: warnColor})
	x := float64(cr.Max.X + 2*l.Pad)
	w := float64(box.Max.X-l.Pad) - x
	y := float64(box.Min.Y + l.Pad)
	hf, sf := s.paint.bold(size*1.2), s.paint.regular(size)
	head := fmt.Sprintf("%s %s %s", m.Name(t.Attacker), m.verb(t.Attacker, "attack", "attacks"), m.name(t.Defender))
	for _, line := range kit.Wrap(head, hf, w) {
		drawText(dst, line, hf, x, y, accentColor, text.AlignStart)
		y += lineHeight(hf) + l.Pxf(2)
	}
	var ask string
	switch {
	case mine:
		ask = fmt.Sprintf("with %s. Block with a higher %s card (B), or take the hit (T): %s scores 2 and rolls a die; on a %d or a 6 you lose a card.",
			m.card(t.Attack), m.suit(t.Attack), m.name(t.Attacker), dieLoses)
		if len(m.Blockers()) == 0 {
			ask = fmt.Sprintf("with %s. You hold no higher %s card: take the hit (T).", m.card(t.Attack), m.suit(t.Attack))
		}
	case t.Attacker == m.v.Seat && !m.third:
		ask = fmt.Sprintf("with %s. Waiting for %s to block or take the hit.", m.card(t.Attack), m.name(t.Defender))
	default:
		ask = fmt.Sprintf("with %s. %s blocks or takes the hit.", m.card(t.Attack), m.Name(t.Defender))
	}
	for _, line := range kit.Wrap(ask, sf, w) {
		drawText(dst, line, sf, x, y, textColor, text.AlignStart)
		y += lineHeight(sf) + l.Pxf(1)
	}
	if left, ok := s.timeLeft(); ok {
		y += l.Pxf(6)
		s.drawCountdown(dst, x, y, w, left, size)
	}
}

// timeLeft returns the time the step has left, and false without a
// deadline.
func (s *Screen) timeLeft() (time.Duration, bool) {
	d, ok := s.m.Deadline()
	if !ok {
		return 0, false
	}
	return max(d.Sub(s.now()), 0), true
}

// Countdown writes the time left: "12 s left", "1:05 left".
func Countdown(left time.Duration) string {
	secs := int((left + time.Second - 1) / time.Second)
	if secs >= 60 {
		return fmt.Sprintf("%d:%02d left", secs/60, secs%60)
	}
	return fmt.Sprintf("%d s left", secs)
}

// drawCountdown draws the time left at (x, y), w wide: its words and a
// bar that shrinks to nothing, red in its last seconds.
func (s *Screen) drawCountdown(dst *ebiten.Image, x, y, w float64, left time.Duration, size float64) {
	col := color.Color(accentColor)
	if left < 5*time.Second {
		col = warnColor
	}
	f := s.paint.bold(size * 1.1)
	label := Countdown(left)
	drawText(dst, label, f, x, y, col, text.AlignStart)
	l := &s.lay
	bx := x + textWidth("88:88 left", f) + float64(l.Pad)
	bw := w - (bx - x)
	if bw < l.Pxf(40) {
		return
	}
	bh := size * 0.6
	by := y + (lineHeight(f)-bh)/2
	vector.FillRect(dst, float32(bx), float32(by), float32(bw), float32(bh), color.RGBA{0, 0, 0, 120}, false)
	frac := 1.0
	if total := s.stepTotal(); total > 0 {
		frac = min(float64(left)/float64(total), 1)
	}
	vector.FillRect(dst, float32(bx), float32(by), float32(bw*frac), float32(bh), col, false)
	vector.StrokeRect(dst, float32(bx), float32(by), float32(bw), float32(bh), float32(l.Pxf(1)), mutedColor, false)
}

// stepTotal is the whole time the step was given, as far as the client
// knows: from when the client heard of it to its deadline.
func (s *Screen) stepTotal() time.Duration {
	d, ok := s.m.Deadline()
	if !ok || s.stepSeen.IsZero() {
		return 0
	}
	return d.Sub(s.stepSeen)
}

// drawMe draws the player's line above the hand: name, points, cards and
// what the player's move is.
func (s *Screen) drawMe(dst *ebiten.Image) {
	m := s.m
	v := m.v
	l := &s.lay
	p := v.Players[v.Seat-1]
	size := s.textSize()
	nf, sf := s.paint.bold(size), s.paint.regular(size)
	x, y := float64(l.Me.Min.X), float64(l.Me.Min.Y)
	s.drawDot(dst, x, y, size, v.Seat)
	x += size
	name := p.Name
	if !m.third {
		name += " (you)"
	}
	drawText(dst, name, nf, x, y, textColor, text.AlignStart)
	x += textWidth(name, nf) + size
	info := fmt.Sprintf("%s · %s in hand · %d in %s deck", words.Count(p.Points, "point", "points"), words.Count(p.Cards, "card", "cards"), p.Deck, m.whose(v.Seat))
	drawText(dst, info, sf, x, y, accentColor, text.AlignStart)
	x += textWidth(info, sf) + size
	hint, col := s.moveHint()
	drawText(dst, kit.Fit(hint, sf, float64(l.Me.Max.X)-x), sf, x, y, col, text.AlignStart)
}

// moveHint says in a few words what the player may do now, or what was
// sent.
func (s *Screen) moveHint() (string, color.Color) {
	m := s.m
	switch {
	case m.pending != nil:
		return "Sent: " + m.ActionText(*m.pending) + "…", mutedColor
	case m.actErr != "":
		return "Refused: " + m.actErr, warnColor
	case m.offerErr != "":
		return "Refused: " + m.offerErr, warnColor
	}
	switch m.Move() {
	case MoveOffer:
		if m.offer.Rank != 0 {
			return "End turn (Enter) lays it; another card swaps it", accentColor
		}
		return "Click a card (or 1-9) to lay it face down", accentColor
	case MoveAttack:
		switch {
		case m.sel.Rank == 0:
			return "Choose a card to attack with (click, or 1-9), or pass (P)", accentColor
		case m.AttackTarget() == 0:
			return "Now click the player to attack (or Tab, then Enter)", accentColor
		}
		return fmt.Sprintf("Attack %s with %s: click their hand or Enter", m.name(m.AttackTarget()), m.card(m.sel)), accentColor
	case MoveDefend:
		if c := m.BlockCard(); c.Rank != 0 {
			return fmt.Sprintf("Block with %s (B), or take the hit (T)", m.card(c)), accentColor
		}
		return "No card of yours blocks: take the hit (T)", accentColor
	}
	return "", mutedColor
}

// drawHand draws the player's hand face up: the chosen card raised, the
// card under the pointer lifted and outlined, the cards that may not be
// chosen now greyed; in the offering, the card laid face down leaves its
// place.
func (s *Screen) drawHand(dst *ebiten.Image) {
	m := s.m
	l := &s.lay
	mv := m.Move()
	sf := s.paint.regular(max(s.textSize()*0.8, l.Pxf(11)))
	laid, chosenAt := m.OfferIndex(), m.ChosenIndex()
	for i, c := range m.Hand() {
		if i >= len(l.Hand) {
			break
		}
		if i == laid {
			r := l.Hand[i]
			s.paint.drawSlot(dst, r, accentColor)
			drawText(dst, "laid face down", sf, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2-l.Pxf(8), accentColor, text.AlignCenter)
			continue
		}
		hover := s.hover.At.Kind == HitCard && s.hover.At.Index == i && m.Selectable(c) && m.pending == nil
		chosen := i == chosenAt
		look := cardLook{chosen: chosen, hover: hover, dim: mv != MoveNone && !m.Selectable(c)}
		s.paint.drawFace(dst, l.HandCard(i, chosen, hover), c, look)
		if i < len(digitKeys) && mv != MoveNone {
			r := l.HandCard(i, chosen, hover)
			drawText(dst, fmt.Sprint(i+1), sf, float64(r.Min.X+r.Max.X)/2, float64(r.Max.Y)+l.Pxf(1), mutedColor, text.AlignCenter)
		}
	}
}

// buttonEnabled reports whether button b does something now.
func (s *Screen) buttonEnabled(b ButtonKind) bool {
	m := s.m
	if m.pending != nil {
		return false
	}
	switch b {
	case ButtonAttack:
		return m.sel.Rank != 0 && m.AttackTarget() != 0
	case ButtonBlock:
		return m.BlockCard().Rank != 0
	}
	return true
}

// buttonLabel is button b's label: what it does and its key.
func (s *Screen) buttonLabel(b ButtonKind) string {
	m := s.m
	switch b {
	case ButtonAttack:
		if t := m.AttackTarget(); t != 0 && m.sel.Rank != 0 {
			return fmt.Sprintf("Attack %s · %s", m.name(t), b.Key())
		}
	case ButtonBlock:
		if c := m.BlockCard(); c.Rank != 0 {
			return fmt.Sprintf("Block: %s · %s", shortName(m.deck, c), b.Key())
		}
	}
	return fmt.Sprintf("%s · %s", b, b.Key())
}

// drawButton draws button b.
func (s *Screen) drawButton(dst *ebiten.Image, b Button) {
	on := s.buttonEnabled(b.Kind)
	bg := color.Color(buttonOff)
	fg := color.Color(mutedColor)
	if on {
		bg, fg = buttonColor, textColor
		if b.Kind == ButtonAttack || b.Kind == ButtonBlock {
			bg = primaryColor
		}
		if s.hover.At.Kind == HitButton && s.hover.At.Button == b.Kind {
			bg = buttonHover
		}
	}
	l := &s.lay
	s.paint.box(dst, b.Rect, float32(l.Pxf(6)), bg, panelEdge, float32(l.Pxf(1.5)))
	f := s.paint.bold(s.textSize())
	label := kit.Fit(s.buttonLabel(b.Kind), f, float64(b.Rect.Dx()-l.Px(12)))
	drawText(dst, label, f, float64(b.Rect.Min.X+b.Rect.Max.X)/2, float64(b.Rect.Min.Y)+(float64(b.Rect.Dy())-lineHeight(f))/2, fg, text.AlignCenter)
}

// DrawOver implements module.Screen: a tooltip on the thing under the
// pointer: what a click on it does.
func (s *Screen) DrawOver(dst *ebiten.Image) {
	if s.m.v == nil || s.hover.At.Kind == HitNothing {
		return
	}
	tip := s.tooltip()
	if tip == "" || s.hover.At.Kind == HitCard && !s.hover.Rested() {
		return
	}
	f := s.tipFace()
	b := s.tipBox(tip, f)
	l := &s.lay
	vector.FillRect(dst, float32(b.x), float32(b.y), float32(b.w), float32(b.h), color.RGBA{20, 18, 16, 235}, false)
	one := float32(l.Pxf(1))
	vector.StrokeRect(dst, float32(b.x)+one/2, float32(b.y)+one/2, float32(b.w)-one, float32(b.h)-one, one, color.RGBA{120, 110, 90, 255}, false)
	x, y := b.x+l.Pxf(tipPad), b.y+l.Pxf(tipPad)
	for _, line := range b.lines {
		drawText(dst, line, f, x, y, textColor, text.AlignStart)
		y += lineHeight(f) + l.Pxf(2)
	}
}

// tipFace is the face of the tooltips.
func (s *Screen) tipFace() text.Face { return s.paint.regular(max(s.textSize()*0.9, s.lay.Pxf(13))) }

// tipPad is the room round a tooltip's text, at 100 %.
const tipPad = 8

// tip is a tooltip's box, at (x, y), w by h, and its lines.
type tip struct {
	x, y, w, h float64
	lines      []string
}

// rect is the box's pixels.
func (t tip) rect() image.Rectangle {
	return image.Rect(int(t.x), int(t.y), int(math.Ceil(t.x+t.w)), int(math.Ceil(t.y+t.h)))
}

// tipBox returns where the tooltip text goes, written in face f, with its
// lines: above and right of the pointer (under it near the map's top,
// left of it near the map's right edge), inside the map, its lines no
// wider than kit.TipWidth at the table's interface size. It is the box
// kit.DrawBox draws, its lengths at that size.
func (s *Screen) tipBox(text string, f text.Face) tip {
	l := &s.lay
	pad := l.Pxf(tipPad)
	t := tip{lines: kit.Wrap(text, f, min(l.Pxf(kit.TipWidth), float64(l.Map.Dx())-2*pad))}
	for _, line := range t.lines {
		t.w = max(t.w, textWidth(line, f))
	}
	t.w += 2 * pad
	t.h = float64(len(t.lines))*(lineHeight(f)+l.Pxf(2)) + 2*pad
	x := float64(s.pointer.X) + l.Pxf(16)
	y := float64(s.pointer.Y) - lineHeight(f) - l.Pxf(24)
	if y < float64(l.Map.Min.Y) {
		y = float64(s.pointer.Y) + l.Pxf(20)
	}
	if x+t.w > float64(l.Map.Max.X) {
		x = min(x-t.w-l.Pxf(36), float64(l.Map.Max.X)-t.w) // left of the pointer
	}
	if y+t.h > float64(l.Map.Max.Y) {
		y = float64(l.Map.Max.Y) - t.h
	}
	t.x, t.y = max(x, float64(l.Map.Min.X)), max(y, float64(l.Map.Min.Y))
	return t
}

// tooltip says what a click on the thing under the pointer does, "" for
// nothing.
func (s *Screen) tooltip() string {
	m := s.m
	switch s.hover.At.Kind {
	case HitCard:
		h := m.Hand()
		if s.hover.At.Index >= len(h) {
			return ""
		}
		c := h[s.hover.At.Index]
		name := upper(m.deck.Name(c))
		switch m.Move() {
		case MoveOffer:
			if s.hover.At.Index == m.OfferIndex() {
				return name + ": laid face down"
			}
			return name + ": click to lay it face down"
		case MoveAttack:
			if s.hover.At.Index == m.ChosenIndex() {
				return name + ": chosen (click to drop it)"
			}
			return name + ": click to attack with it"
		case MoveDefend:
			if m.Blocks(c) {
				return name + ": blocks (click to choose, B to block)"
			}
			return name + ": does not block"
		}
		return name
	case HitSeat:
		if !slices.Contains(m.Targets(), s.hover.At.Seat) {
			return ""
		}
		if m.sel.Rank == 0 {
			return fmt.Sprintf("Choose %s as the target", m.name(s.hover.At.Seat))
		}
		return fmt.Sprintf("Attack %s with %s", m.name(s.hover.At.Seat), m.card(m.sel))
	}
	return ""
}
