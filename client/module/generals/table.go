package generals

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	rules "empires/shared/rules/generals"
	"empires/shared/ruleset"
)

// Draw implements module.Screen: the felt, the phase bar, the places of
// the players with their cards in play, what to do now and the buttons,
// the hand, the piles and the questions in the middle.
func (s *Screen) Draw(dst *ebiten.Image) {
	s.fresh()
	l := &s.lay
	p := s.paint
	fillRect(dst, l.Map, feltColor)
	strokeRect(dst, l.Map.Inset(p.px(2)), p.w(3), feltEdge)
	v := s.m.v
	if v == nil {
		return
	}
	s.drawBar(dst)
	for _, b := range l.Others {
		s.drawPlace(dst, b, l.Compact)
	}
	if v.Seat != 0 {
		s.drawPlace(dst, l.Mine, false)
	}
	for _, u := range l.Units {
		s.drawUnit(dst, u)
	}
	small := s.paint.face(l.Font, false)
	bold := s.paint.face(l.Font, true)
	// The line of what to do now, and the last battle's outcome at its
	// right until the next turn.
	sayW := float64(l.Say.Dx())
	if bt := s.m.Battle(); bt != "" && v.Battle == nil {
		w := min(textWidth(bt, bold)+p.pxf(2), sayW/2)
		drawText(dst, kit.Fit(bt, bold, w), bold, float64(l.Say.Max.X), float64(l.Say.Min.Y), targetColor, text.AlignEnd)
		sayW -= w + float64(l.Pad)
	}
	if v.Seat != 0 && !s.watching {
		say := s.m.Situation()
		if w := s.m.ActErr(); w != "" {
			say = "Refused: " + w + " " + say
		}
		drawText(dst, kit.Fit(say, small, sayW), small, float64(l.Say.Min.X), float64(l.Say.Min.Y), goldColor, text.AlignStart)
	}
	for _, b := range l.Buttons {
		on := true
		if b.Button != BtnNone {
			on, _ = s.m.Enabled(b.Button)
		}
		hover := s.hover.At.Kind == HitButton && s.hover.At.Button == b.Button && s.hover.At.Rule == b.Rule
		s.paint.button(dst, b.Rect, b.Label, l.Font*0.9, on, hover)
	}
	s.drawHand(dst)
	s.drawPiles(dst)
	s.drawAnims(dst) // under the questions, which must stay readable
	s.drawCenter(dst)
	if !l.Look.Empty() {
		s.drawLook(dst)
	}
	s.drawFocus(dst)
}

// textWidth is how wide s is drawn in face f.
func textWidth(s string, f text.Face) float64 {
	w, _ := text.Measure(s, f, 0)
	return w
}

// drawBar draws the phase bar: the phases of a turn, the current one lit,
// and the turn in words.
func (s *Screen) drawBar(dst *ebiten.Image) {
	l := &s.lay
	v := s.m.v
	f := s.paint.face(l.Font*0.95, true)
	for i, r := range l.Phases {
		p := TurnPhases[i]
		bg, fg := zoneColor, mutedColor
		if p == v.Phase {
			bg, fg = goldColor, inkColor
		}
		fillRect(dst, r, bg)
		strokeRect(dst, r, s.paint.w(1), zoneEdge)
		drawText(dst, kit.Fit(PhaseName(p), f, float64(r.Dx()-s.paint.px(4))), f, float64(r.Min.X+r.Dx()/2), float64(r.Min.Y)+(float64(r.Dy())-lineH(f))/2, fg, text.AlignCenter)
	}
	words := s.turnWords(true)
	if textWidth(words, f) > float64(l.Turn.Dx()) {
		words = s.turnWords(false) // whose turn and the time left before the round
	}
	drawText(dst, kit.Fit(words, f, float64(l.Turn.Dx())), f, float64(l.Turn.Min.X), float64(l.Turn.Min.Y)+(float64(l.Turn.Dy())-lineH(f))/2, textColor, text.AlignStart)
}

// turnWords is the turn in words: "Turn 4 · round 2 of 40 · Ann's turn ·
// 12 s left", without the round unless round.
func (s *Screen) turnWords(round bool) string {
	v := s.m.v
	var parts []string
	switch v.Phase {
	case rules.PhaseOpening:
		parts = append(parts, "Opening")
	case rules.PhaseOver:
		parts = append(parts, "Game over")
	default:
		parts = append(parts, fmt.Sprintf("Turn %d", v.Turn))
		if v.Rounds > 0 && round {
			parts = append(parts, fmt.Sprintf("round %d of %d", v.Round, v.Rounds))
		}
		if v.Active != 0 {
			parts = append(parts, possessive(s.m.Name(v.Active))+" turn")
		}
	}
	if d, ok := s.TimeLeft(); ok {
		parts = append(parts, Countdown(d))
	}
	return strings.Join(parts, " · ")
}

// drawPlace draws a player's place: its frame, its header and its zones
// (a compact place: its header in two lines and its Health track).
func (s *Screen) drawPlace(dst *ebiten.Image, b PlayerBox, compact bool) {
	l := &s.lay
	v := s.m.v
	p := s.m.Player(b.Seat)
	if p == nil {
		return
	}
	pt := s.paint
	fillRect(dst, b.Box, placeColor)
	edgeC := zoneEdge
	width := float32(1)
	switch {
	case s.m.Targetable(rules.Target{Seat: b.Seat}) || slices.Contains(s.m.Attacks(), b.Seat) || compact && len(s.m.TargetUnits(b.Seat)) > 0:
		edgeC, width = targetColor, 3
	case v.Active == b.Seat:
		edgeC, width = goldColor, 2
	}
	strokeRect(dst, b.Box, pt.w(width), edgeC)
	bold := s.paint.face(l.Font, true)
	small := s.paint.face(l.Font*0.85, false)
	name := s.m.PlayerName(b.Seat)
	if b.Seat == v.Seat && !s.m.third {
		name += " (you)"
	}
	if p.Out {
		name += " · out"
		if p.Resigned {
			name += " (resigned)"
		}
	}
	if p.Place > 0 {
		name += fmt.Sprintf(" · place %d", p.Place)
	}
	counts := fmt.Sprintf("Health %d · hand %d · draw %d · supply %d · discard %d", p.Health, p.Hand, p.Draw, p.Supply, len(p.Discard))
	if compact {
		r := b.Box.Inset(l.Pad / 2)
		nw := float64(r.Dx())
		if !b.Track.Empty() {
			nw = float64(b.Track.Min.X - r.Min.X - l.Pad/2)
		}
		// The name as much as fits, the Health whole; a place too narrow
		// for more than a few letters of the name (16 to 20 players on
		// the shortest table) shows the seat's number instead, which
		// tells the places apart (the place under the pointer shows the
		// name in full).
		health := fmt.Sprintf("  %+d", p.Health)
		shown := kit.Fit(name, bold, nw-textWidth(health, bold))
		if shown != name && len([]rune(shown)) < 6 {
			shown = fmt.Sprintf("#%d", b.Seat)
		}
		drawText(dst, shown+health, bold, float64(r.Min.X), float64(r.Min.Y), textColor, text.AlignStart)
		var wc, bf int
		for _, c := range p.Table {
			switch c.Zone {
			case rules.ZoneWarcamp:
				wc++
			case rules.ZoneBattlefield:
				bf++
			}
		}
		line2 := fmt.Sprintf("hand %d · camp %d · field %d", p.Hand, wc, bf)
		if r.Max.Y >= r.Min.Y+int(lineH(bold)+lineH(small)) {
			drawText(dst, kit.Fit(line2, small, float64(r.Dx())), small, float64(r.Min.X), float64(r.Min.Y)+lineH(bold)+pt.pxf(1), mutedColor, text.AlignStart)
		}
		pt.track(dst, b.Track, v.Lose, v.Win, v.Start, p.Health)
		return
	}
	head := b.Head
	hx := float64(head.Min.X)
	drawText(dst, kit.Fit(name, bold, float64(head.Dx()/3)), bold, hx, float64(head.Min.Y), textColor, text.AlignStart)
	hx += min(textWidth(name, bold), float64(head.Dx()/3)) + float64(l.Pad)
	// Card backs for the hand, then the counts.
	if p.Hand > 0 && b.Seat != v.Seat {
		bh := int(lineH(bold))
		bw := bh * 2 / 3
		step := pt.px(4)
		for i := range min(p.Hand, 5) {
			pt.back(dst, image.Rect(int(hx)+i*step, head.Min.Y, int(hx)+i*step+bw, head.Min.Y+bh))
		}
		hx += float64(bw + step*min(p.Hand, 5) + l.Pad/2)
	}
	ends := s.paint.face(l.Font*0.8, true)
	x, y, room := hx, float64(head.Min.Y)+pt.pxf(2), 0.0
	if b.Box.Dx() < pt.px(NarrowPlace) {
		// The counts on the header's second line.
		x, y, room = float64(head.Min.X), float64(head.Max.Y)-pt.pxf(2), float64(head.Dx())
	} else {
		// The counts end before the number of the track's Lose end.
		lose := float64(pt.px(3)) + textWidth(fmt.Sprint(v.Lose), ends)
		room = float64(b.Track.Min.X-l.Pad/2) - lose - hx
	}
	info := counts
	if b.Seat == v.Seat && v.Active == v.Seat {
		pool := "pool: " + Amounts(v.Pool)
		if info += " · " + pool; textWidth(info, small) > room {
			info = pool + " · " + counts // the pool first when not all fits
		}
	}
	drawText(dst, kit.Fit(info, small, room), small, x, y, mutedColor, text.AlignStart)
	pt.track(dst, b.Track, v.Lose, v.Win, v.Start, p.Health)
	pt.trackEnds(dst, b.Track, v.Lose, v.Win, ends)
	for z := rules.ZoneResource; z <= rules.ZoneActs; z++ {
		r := b.Zones[z]
		if r.Empty() {
			continue
		}
		fillRect(dst, r, zoneColor)
		lab := ZoneName(z)
		label := min(r.Dy()/3, pt.px(zoneLabelMax)) // zoneLabel, in window pixels
		lf := s.paint.face(float64(min(label-pt.px(3), int(l.Font*0.85))), false)
		drawText(dst, kit.Fit(lab, lf, float64(r.Dx()-pt.px(4))), lf, float64(r.Min.X+pt.px(3)), float64(r.Min.Y+pt.px(1)), dimColor, text.AlignStart)
	}
}

// drawUnit draws a card in play: its name, its Strength and Life, Pull
// and Used marked; lit when it has a move, framed when picked or a
// possible target.
func (s *Screen) drawUnit(dst *ebiten.Image, u UnitBox) {
	c, _, ok := s.m.Unit(u.Ref)
	if !ok {
		return
	}
	pt := s.paint
	r := u.Rect
	card := s.m.Card(c.Card)
	fillRect(dst, r, faceColor)
	k := s.m.Kind(c.Card)
	fillRect(dst, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+pt.px(4)), kindColor(k))
	size := max(pt.pxf(8), float64(r.Dy())/4.2)
	f := s.paint.face(size, true)
	name := s.m.CardName(c.Card)
	in, left := float64(r.Dx()-pt.px(6)), float64(r.Min.X+pt.px(3))
	lines := kit.Wrap(name, f, in)
	y := float64(r.Min.Y + pt.px(5))
	for i, ln := range lines {
		if i == 2 || y+lineH(f) > float64(r.Max.Y)-lineH(f) {
			break
		}
		drawText(dst, kit.Fit(ln, f, in), f, left, y, inkColor, text.AlignStart)
		y += lineH(f)
	}
	bottom := float64(r.Max.Y) - lineH(f) - pt.pxf(2)
	if k.Unit() {
		col := inkColor
		if card != nil && (c.Strength != card.Strength || c.Life != card.Life) {
			col = changedColor
		}
		drawText(dst, fmt.Sprintf("%d/%d", c.Strength, c.Life), f, left, bottom, col, text.AlignStart)
	} else if len(c.Harvest) > 0 {
		drawText(dst, kit.Fit("+"+Amounts(c.Harvest), f, in), f, left, bottom, inkMuted, text.AlignStart)
	}
	var marks []string
	if c.Pulled {
		marks = append(marks, "pull")
	}
	if c.Used {
		marks = append(marks, "used")
	}
	if len(marks) > 0 {
		mf := s.paint.face(size*0.85, false)
		drawText(dst, strings.Join(marks, " "), mf, float64(r.Max.X-pt.px(3)), bottom, inkMuted, text.AlignEnd)
	}
	strokeRect(dst, r, pt.w(1), inkMuted)
	if c.Pulled {
		fillRect(dst, r, color.RGBA{0, 0, 0, 50})
	}
	lk := look{
		picked: s.m.pick.Kind == PickUnit && s.m.pick.Unit == u.Ref,
		target: s.m.Targetable(rules.Target{Unit: u.Ref}) || s.m.Defends() && slices.Contains(s.m.Blockers(), u.Ref),
		lit:    u.Seat == s.m.v.Seat && s.m.Usable(u.Ref),
	}
	if b := s.m.v.Battle; b != nil && b.Unit == u.Ref {
		lk.target = true
	}
	pt.edge(dst, r, lk)
}

// acting reports whether the player may act now (it is its step).
func (s *Screen) acting() bool { return len(s.m.moves) > 0 && !s.watching }

// handRect is where hand card i is drawn now: raised when picked or
// under the pointer.
func (s *Screen) handRect(i int) image.Rectangle {
	r := s.lay.Hand[i]
	up := 0
	if s.hover.At.Kind == HitHand && s.hover.At.Index == i || s.keyed && s.focus == (Hit{Kind: HitHand, Index: i}) {
		up = s.raise()
	}
	if s.m.pick.Kind == PickCard && s.m.pick.Hand == i || s.m.IsTicked(i) {
		up = s.raise()
	}
	return r.Add(image.Pt(0, -up))
}

// drawHand draws the player's hand: lit the cards it may play, dimmed
// the others while it acts, raised the picked or ticked ones.
func (s *Screen) drawHand(dst *ebiten.Image) {
	v := s.m.v
	if v.Seat == 0 {
		return
	}
	ticking := s.m.DiscardCount() > 0
	for i := range s.lay.Hand {
		if i >= len(v.Hand) {
			break
		}
		lk := look{picked: s.m.pick.Kind == PickCard && s.m.pick.Hand == i, ticked: s.m.IsTicked(i)}
		if !ticking && s.acting() && v.Phase != rules.PhaseOpening {
			lk.lit = s.m.Playable(i)
			lk.dim = !lk.lit
		}
		s.paint.drawCard(dst, s.handRect(i), s.m.Card(v.Hand[i]), s.m, lk)
	}
}

// drawPiles draws the player's Draw, Supply and discard piles with their
// counts.
func (s *Screen) drawPiles(dst *ebiten.Image) {
	me := s.m.Me()
	if me == nil {
		return
	}
	l := &s.lay
	pt := s.paint
	f := s.paint.face(min(l.Font*0.85, float64(l.Draw.Dx())/6), true)
	label := func(r image.Rectangle, s string) {
		fillRect(dst, image.Rect(r.Min.X, r.Max.Y-int(lineH(f))-pt.px(4), r.Max.X, r.Max.Y), color.RGBA{0, 0, 0, 170})
		drawText(dst, kit.Fit(s, f, float64(r.Dx()-pt.px(4))), f, float64(r.Min.X+r.Dx()/2), float64(r.Max.Y)-lineH(f)-pt.pxf(2), textColor, text.AlignCenter)
	}
	if me.Draw > 0 {
		pt.back(dst, l.Draw)
	} else {
		strokeRect(dst, l.Draw, pt.w(1), zoneEdge)
	}
	label(l.Draw, fmt.Sprintf("Draw %d", me.Draw))
	if me.Supply > 0 {
		fillRect(dst, l.Supply, color.RGBA{40, 80, 60, 255})
		strokeRect(dst, l.Supply.Inset(pt.px(2)), pt.w(1), goldColor)
	} else {
		strokeRect(dst, l.Supply, pt.w(1), zoneEdge)
	}
	label(l.Supply, fmt.Sprintf("Supply %d", me.Supply))
	if n := len(me.Discard); n > 0 {
		s.paint.drawCard(dst, l.Discard, s.m.Card(me.Discard[n-1]), s.m, look{})
	} else {
		strokeRect(dst, l.Discard, pt.w(1), zoneEdge)
	}
	label(l.Discard, fmt.Sprintf("Discard %d", len(me.Discard)))
}

// drawCenter draws the middle's question: the opening split, the
// discard, or the defender's box with the attacker's numbers, each
// blocker's forecast, No blocker and the countdown.
func (s *Screen) drawCenter(dst *ebiten.Image) {
	l := &s.lay
	c := l.Center
	if c.Empty() {
		return
	}
	pt := s.paint
	fillRect(dst, c, boxColor)
	strokeRect(dst, c, pt.w(2), goldColor)
	bold := s.paint.face(l.Font, true)
	small := s.paint.face(l.Font*0.9, false)
	x, y := float64(c.Min.X+l.Pad), float64(c.Min.Y+l.Pad)
	w := float64(c.Dx() - 2*l.Pad)
	lh := lineH(bold) + pt.pxf(3)
	// in is a row's text's margin.
	in := pt.px(6)
	switch {
	case len(l.Among) > 0:
		drawText(dst, kit.Fit(fmt.Sprintf("Choose a card of %s as the target", s.m.PlayerName(s.among)), bold, w), bold, x, y, goldColor, text.AlignStart)
		for _, row := range l.Among {
			u, _, _ := s.m.Unit(row.Ref)
			pt.row(dst, row.Rect, s.hover.At.Kind == HitAmong && s.hover.At.Ref == row.Ref)
			label := fmt.Sprintf("%s · %s", s.m.CardName(u.Card), ZoneName(u.Zone))
			if s.m.Kind(u.Card).Unit() {
				label += fmt.Sprintf(" · %d/%d", u.Strength, u.Life)
			}
			drawText(dst, kit.Fit(label, bold, float64(row.Rect.Dx()-2*in)), bold, float64(row.Rect.Min.X+in), float64(row.Rect.Min.Y)+(float64(row.Rect.Dy())-lineH(bold))/2, textColor, text.AlignStart)
		}
		drawText(dst, "Esc: none of them", small, x+w, float64(c.Max.Y-l.Pad)-lineH(small), mutedColor, text.AlignEnd)
	case s.m.Defends():
		b := s.m.v.Battle
		att, _, _ := s.m.Unit(b.Unit)
		where := "Warcamp"
		if b.AtBattlefield {
			where = "Battlefield"
		}
		title := fmt.Sprintf("%s attacks your %s", s.m.PlayerName(b.Attacker), where)
		if d, ok := s.TimeLeft(); ok {
			title += " · " + Countdown(d)
		}
		drawText(dst, kit.Fit(title, bold, w), bold, x, y, goldColor, text.AlignStart)
		y += lh
		drawText(dst, kit.Fit(fmt.Sprintf("Attacker: %s, Strength %d, Life %d. Choose a blocker (click):", s.m.CardName(att.Card), att.Strength, att.Life), small, w), small, x, y, textColor, text.AlignStart)
		for _, row := range l.Blockers {
			f := s.m.Predict(row.Ref)
			label := "No blocker [0]"
			if row.Ref != 0 {
				u, _, _ := s.m.Unit(row.Ref)
				label = fmt.Sprintf("%s %d/%d", s.m.CardName(u.Card), u.Strength, u.Life)
			}
			hover := s.hover.At.Kind == HitBlocker && s.hover.At.Ref == row.Ref
			pt.row(dst, row.Rect, hover)
			ty := float64(row.Rect.Min.Y) + (float64(row.Rect.Dy())-lineH(small))/2
			half := float64(row.Rect.Dx()) * 0.45
			drawText(dst, kit.Fit(label, bold, half-pt.pxf(8)), bold, float64(row.Rect.Min.X+in), ty, textColor, text.AlignStart)
			col := mutedColor
			switch {
			case f.Health > 0:
				col = loseColor
			case f.Kills && !f.Dies:
				col = litColor
			}
			drawText(dst, kit.Fit(f.Words(), small, float64(row.Rect.Dx())-half-pt.pxf(8)), small, float64(row.Rect.Min.X)+half, ty, col, text.AlignStart)
		}
	case s.m.Opens():
		drawText(dst, "Your opening hand of 7", bold, x, y, goldColor, text.AlignStart)
		y += lh
		drawText(dst, kit.Fit(fmt.Sprintf("%d from the Draw Pile, %d from the Supply Pile", s.m.open, OpeningHand-s.m.open), small, w), small, x, y, textColor, text.AlignStart)
		y += lh
		// The split as a slider of 8 notches.
		sw := w
		for i := 0; i <= OpeningHand; i++ {
			nx := x + sw*float64(i)/OpeningHand
			col := zoneEdge
			if i <= s.m.open {
				col = goldColor
			}
			fillRect(dst, image.Rect(int(nx)-pt.px(3), int(y), int(nx)+pt.px(3), int(y)+pt.px(8)), col)
		}
		drawText(dst, "← fewer · → more · Enter takes them", small, x+w, y+pt.pxf(10), mutedColor, text.AlignEnd)
	default:
		n := s.m.DiscardCount()
		drawText(dst, kit.Fit(fmt.Sprintf("Discard %d of your cards", n), bold, w), bold, x, y, goldColor, text.AlignStart)
		y += lh
		drawText(dst, kit.Fit(fmt.Sprintf("Click cards of your hand to tick them: %d of %d ticked. Then Discard (Enter).", len(s.m.ticked), n), small, w), small, x, y, textColor, text.AlignStart)
		if d, ok := s.TimeLeft(); ok {
			y += lh
			drawText(dst, Countdown(d), small, x, y, mutedColor, text.AlignStart)
		}
	}
}

// row draws the ground of a question's row in r, framed in gold when
// hovered: the ground stays dark, for the forecasts' colours to be read
// on it (TestTableContrast).
func (p *painter) row(dst *ebiten.Image, r image.Rectangle, hovered bool) {
	fillRect(dst, r, rowColor)
	if hovered {
		strokeRect(dst, r, p.w(2), goldColor)
		return
	}
	strokeRect(dst, r, p.w(1), zoneEdge)
}

// drawLook draws the discard pile being looked through, oldest first.
func (s *Screen) drawLook(dst *ebiten.Image) {
	l := &s.lay
	me := s.m.Me()
	fillRect(dst, l.Look, boxColor)
	strokeRect(dst, l.Look, s.paint.w(2), goldColor)
	f := s.paint.face(l.Font, true)
	drawText(dst, fmt.Sprintf("Your discard pile: %d cards (click the pile or L to close)", len(me.Discard)), f, float64(l.Look.Min.X+l.Pad), float64(l.Look.Min.Y+l.Pad/2), goldColor, text.AlignStart)
	for i, r := range l.LookCards {
		s.paint.drawCard(dst, r, s.m.Card(me.Discard[i]), s.m, look{})
	}
}

// Countdown words time left d: "12 s left", "8:55 left" from a minute.
func Countdown(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s >= 60 {
		return fmt.Sprintf("%d:%02d left", s/60, s%60)
	}
	return fmt.Sprintf("%d s left", s)
}

// DrawOver implements module.Screen: the card under the pointer enlarged (with why it may not be played), a compact place
// under the pointer in full; while the keys moved the focus last, the
// focus's, beside it.
func (s *Screen) DrawOver(dst *ebiten.Image) {
	if s.m.v == nil {
		return
	}
	s.fresh()
	h, at := s.hover.At, s.pointer
	if st, ok := s.focusStop(); ok && s.keyed {
		h = st.Hit
		at = image.Pt(st.Rect.Max.X, (st.Rect.Min.Y+st.Rect.Max.Y)/2)
	} else if !s.hover.Rested() && !s.zoom {
		return
	}
	win := dst.Bounds()
	var id rules.CardID
	var why string
	switch h.Kind {
	case HitHand:
		if h.Index < len(s.m.v.Hand) {
			id = s.m.v.Hand[h.Index]
			if s.acting() && s.m.DiscardCount() == 0 {
				why = s.m.WhyNot(h.Index)
			}
		}
	case HitUnit:
		c, _, _ := s.m.Unit(h.Ref)
		id = c.Card
	case HitAmong:
		c, _, _ := s.m.Unit(h.Ref)
		id = c.Card
	case HitDiscard:
		if me := s.m.Me(); me != nil && h.Index < len(me.Discard) {
			id = me.Discard[h.Index]
		}
	case HitPlayer:
		if s.lay.Compact && h.Seat != s.m.v.Seat {
			s.drawPlaceOver(dst, h.Seat)
		}
		return
	}
	if id == "" {
		return
	}
	r := s.zoomRect(at, win)
	s.paint.drawCard(dst, r, s.m.Card(id), s.m, look{})
	if why != "" {
		f := s.paint.face(s.lay.Font, false)
		kit.DrawBoxScaled(dst, s.paint.s, f, []string{"Not now: " + why}, float64(r.Min.X), float64(r.Max.Y+s.paint.px(4)), win, boxColor, textColor)
	}
}

// zoomRect is where the card enlarged beside point at is drawn in window
// win: 240 by 336 pixels at 100 % (300 by 420 on a big table), at the
// right of at, or at its left when it would leave the window, and kept
// in the window's height.
func (s *Screen) zoomRect(at image.Point, win image.Rectangle) image.Rectangle {
	px := s.paint.px
	w100 := 240
	if s.lay.unit.font > 14 {
		w100 = 300
	}
	w, h := px(w100), px(w100*7/5)
	x := at.X + px(24)
	if x+w > win.Max.X {
		x = at.X - px(24) - w
	}
	y := min(max(at.Y-h/2, win.Min.Y+px(40)), win.Max.Y-h-px(4))
	return image.Rect(x, y, x+w, y+h)
}

// drawPlaceOver draws the compact place of seat s in full, over the
// table, under its compact box.
func (s *Screen) drawPlaceOver(dst *ebiten.Image, seat ruleset.Seat) {
	l := &s.lay
	b, ok := l.PlaceOf(seat)
	if !ok {
		return
	}
	full, units := l.placeOver(b, s.m.Player(seat).Table)
	s.drawPlace(dst, full, false)
	for _, u := range units {
		s.drawUnit(dst, u)
	}
}
