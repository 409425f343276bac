package generals

import (
	"image"
	"math"

	rules "empires/shared/rules/generals"
	"empires/shared/ruleset"
)

// Spec is what a Layout is made for: where the table goes, and at what
// interface size.
type Spec struct {
	// Map is the map's part of the window; InSight the part of it the
	// shell's log leaves in sight (empty: all of Map); Corner the corner
	// below it the shell leaves free of the log, where the piles go
	// (empty: they go beside the buttons). All in window pixels.
	Map, InSight, Corner image.Rectangle
	// Scale is the interface size (the theme's Scale: 2 at 200 %); 0 or
	// less than 1 is 1.
	Scale float64
}

// scale returns the spec's interface size, at least 1.
func (sp Spec) scale() float64 { return max(sp.Scale, 1) }

// HitKind is what a point of the table is on.
type HitKind uint8

// The things of the table a click acts on.
const (
	HitNone    HitKind = iota
	HitHand            // a card of the hand (Index)
	HitUnit            // a card in play (Ref)
	HitPlayer          // a player's place (Seat)
	HitButton          // a button (Button; Rule for an ability's)
	HitBlocker         // a row of the defender's box (Ref; 0 No blocker)
	HitPile            // a pile of the player's (Pile)
	HitDiscard         // a card of the discard pile being looked through (Index)
	HitAmong           // a row of the list of a compact place's cards to target (Ref)
)

// Pile is one of a player's piles.
type Pile uint8

// The piles.
const (
	PileDraw Pile = iota + 1
	PileSupply
	PileDiscard
)

// Hit is what a point of the table is on.
type Hit struct {
	Kind   HitKind
	Index  int
	Ref    rules.Ref
	Seat   ruleset.Seat
	Button Button
	Rule   int
	Pile   Pile
}

// PlayerBox is a player's place: its header (name, Cultural Health on
// its track, hand and piles) and its zones of cards in play.
type PlayerBox struct {
	Seat ruleset.Seat
	// Box is the whole place; Head its first line; Track the Health
	// track.
	Box, Head, Track image.Rectangle
	// Zones are where the zones' cards lie, by Zone (0 unused); empty
	// for a zone not shown (a compact place shows none).
	Zones [rules.ZoneActs + 1]image.Rectangle
}

// UnitBox is a card in play where it is drawn.
type UnitBox struct {
	Ref  rules.Ref
	Seat ruleset.Seat
	Rect image.Rectangle
}

// ButtonBox is a button where it is drawn; Rule is an ability's rule
// index (-1: not an ability).
type ButtonBox struct {
	Button Button
	Rule   int
	Label  string
	Rect   image.Rectangle
}

// Layout is where the table draws each thing, in window pixels.
type Layout struct {
	Spec
	// Table is the part of the map the table takes, above the log.
	Table image.Rectangle
	// Pad is the space between things; Font the text's size.
	Pad  int
	Font float64
	// Bar is the phase bar, Phases its chips (TurnPhases' order), Turn
	// the words at its right.
	Bar    image.Rectangle
	Phases []image.Rectangle
	Turn   image.Rectangle
	// Others are the other players' places, in seat order; Compact when
	// they show their header only (they enlarge on hover).
	Others  []PlayerBox
	Compact bool
	// Mine is the player's own place (a spectator's: none).
	Mine PlayerBox
	// Units are the cards in play where they are drawn.
	Units []UnitBox
	// Chip is the size of a card in play.
	Chip image.Point
	// Buttons are the buttons, left to right; Say the line of what to do
	// above them.
	Buttons []ButtonBox
	Say     image.Rectangle
	// Hand are the hand's cards, left to right (they may overlap, the
	// later on top); Card their size.
	Hand []image.Rectangle
	Card image.Point
	// Draw, Supply and Discard are the player's piles.
	Draw, Supply, Discard image.Rectangle
	// Center is the middle of the table, where the opening, the
	// discard's question and the defender's box go; Blockers the rows of
	// the defender's box (the last: No blocker).
	Center   image.Rectangle
	Blockers []UnitBox
	// Among are the rows of the list of a compact place's cards that may
	// be targeted (in the middle, like the defender's box).
	Among []UnitBox
	// Look is the discard pile being looked through, LookCards its cards
	// (the newest first).
	Look      image.Rectangle
	LookCards []image.Rectangle

	// sc maps the 100 % units the table is laid out in to window pixels;
	// unit is the space, the text's size and the chips' size in those
	// units (what drawPlaceOver lays a place out with).
	sc   scaler
	unit units
}

// units are a layout's sizes at 100 %.
type units struct {
	pad  int
	font float64
	line int
	chip image.Point
}

// scaler maps a table laid out at 100 % to window pixels: the point p of
// the table at 100 % is drawn at origin + p × s, rounded. One map for
// every rectangle keeps the edges two things share shared, and at s = 2
// every rectangle is exactly twice as large as at 100 %.
type scaler struct {
	origin image.Point
	s      float64
}

// Scale returns the interface size the layout was made at (1 at 100 %).
func (l *Layout) Scale() float64 { return max(l.sc.s, 1) }

// px returns length n at 100 % in window pixels.
func (c scaler) px(n int) int { return int(math.Round(float64(n) * max(c.s, 1))) }

// pt returns point p at 100 % in window pixels.
func (c scaler) pt(p image.Point) image.Point {
	return c.origin.Add(image.Pt(c.px(p.X), c.px(p.Y)))
}

// rect returns r at 100 % in window pixels; an empty r stays the zero
// rectangle.
func (c scaler) rect(r image.Rectangle) image.Rectangle {
	if r.Empty() {
		return image.Rectangle{}
	}
	return image.Rectangle{Min: c.pt(r.Min), Max: c.pt(r.Max)}
}

// from returns window rectangle r at 100 %, rounded inwards, so that
// rect(from(r)) lies in r; an empty r gives the zero rectangle.
func (c scaler) from(r image.Rectangle) image.Rectangle {
	if r.Empty() {
		return image.Rectangle{}
	}
	s := max(c.s, 1)
	in := func(v int, up bool) int {
		x := float64(v) / s
		if up {
			return int(math.Ceil(x - 1e-9))
		}
		return int(math.Floor(x + 1e-9))
	}
	d := r.Sub(c.origin)
	return image.Rect(in(d.Min.X, true), in(d.Min.Y, true), in(d.Max.X, false), in(d.Max.Y, false))
}

// rects maps each of rs to window pixels, in place.
func (c scaler) rects(rs []image.Rectangle) {
	for i := range rs {
		rs[i] = c.rect(rs[i])
	}
}

// box maps place b to window pixels.
func (c scaler) box(b PlayerBox) PlayerBox {
	b.Box, b.Head, b.Track = c.rect(b.Box), c.rect(b.Head), c.rect(b.Track)
	c.rects(b.Zones[:])
	return b
}

// units maps each of us to window pixels, in place.
func (c scaler) units(us []UnitBox) {
	for i := range us {
		us[i].Rect = c.rect(us[i].Rect)
	}
}

// LayOpts is what the table shows that changes the layout: the buttons
// and their labels, the defender's blockers, the discard pile looked
// through.
type LayOpts struct {
	Buttons  []ButtonBox
	Blockers []rules.Ref
	Defends  bool
	Look     bool
	// Prompt reports that the centre shows the opening or the discard's
	// question.
	Prompt bool
	// Among are the cards of a compact place that the pick may target,
	// listed in the middle (none: no list).
	Among []rules.Ref
}

// NewLayout lays out the table of view v (nil: nothing but the frame)
// with the options o, in window pixels at the spec's scale: the table is
// laid out at 100 % in the map's size divided by the scale, then every
// rectangle, the space, the text's size and the cards' sizes are
// multiplied by it. At scale 2 on a map twice as large, everything is
// where it is at 100 %, twice as far from the map's corner and twice as
// large; at scale 1 the table is laid out as it always was.
func NewLayout(sp Spec, v *rules.View, o LayOpts) Layout {
	sc := scaler{origin: sp.Map.Min, s: sp.scale()}
	at100 := Spec{Map: sc.from(sp.Map), InSight: sc.from(sp.InSight), Corner: sc.from(sp.Corner)}
	l := layOut100(at100, v, o)
	l.Spec, l.sc = sp, sc
	l.unit = units{pad: l.Pad, font: l.Font, line: int(l.Font*1.5) + 2, chip: l.Chip}
	l.Table = sc.rect(l.Table)
	l.Pad = sc.px(l.Pad)
	l.Font *= sc.s
	l.Bar, l.Turn = sc.rect(l.Bar), sc.rect(l.Turn)
	sc.rects(l.Phases)
	for i := range l.Others {
		l.Others[i] = sc.box(l.Others[i])
	}
	if !l.Mine.Box.Empty() {
		l.Mine = sc.box(l.Mine)
	}
	sc.units(l.Units)
	l.Chip = image.Pt(sc.px(l.Chip.X), sc.px(l.Chip.Y))
	for i := range l.Buttons {
		l.Buttons[i].Rect = sc.rect(l.Buttons[i].Rect)
	}
	l.Say = sc.rect(l.Say)
	sc.rects(l.Hand)
	l.Card = image.Pt(sc.px(l.Card.X), sc.px(l.Card.Y))
	l.Draw, l.Supply, l.Discard = sc.rect(l.Draw), sc.rect(l.Supply), sc.rect(l.Discard)
	l.Center = sc.rect(l.Center)
	sc.units(l.Blockers)
	sc.units(l.Among)
	l.Look = sc.rect(l.Look)
	sc.rects(l.LookCards)
	return l
}

// layOut100 lays out the table of view v with the options o at 100 %:
// the spec's rectangles, and those of the layout returned, are in the
// units of 100 %.
func layOut100(sp Spec, v *rules.View, o LayOpts) Layout {
	l := Layout{Spec: sp}
	u := sp.Map
	if !sp.InSight.Empty() {
		u = u.Intersect(sp.InSight)
	}
	l.Table = u
	big := u.Dx() >= 1100 && u.Dy() >= 760
	l.Pad, l.Font = 6, 13
	if big {
		l.Pad, l.Font = 8, 16
	}
	pad := l.Pad
	line := int(l.Font*1.5) + 2
	inner := u.Inset(pad)

	// The phase bar along the top: the phases' chips take share % of
	// its width, the turn's words the rest.
	l.Bar = image.Rect(inner.Min.X, inner.Min.Y, inner.Max.X, inner.Min.Y+line+4)
	phases := func(share int) {
		chipW := min((inner.Dx()*share/100)/len(TurnPhases), 120)
		l.Phases = l.Phases[:0]
		for i := range TurnPhases {
			x := inner.Min.X + i*chipW
			l.Phases = append(l.Phases, image.Rect(x, l.Bar.Min.Y, x+chipW-2, l.Bar.Max.Y))
		}
		l.Turn = image.Rect(inner.Min.X+len(TurnPhases)*chipW+pad, l.Bar.Min.Y, inner.Max.X, l.Bar.Max.Y)
	}
	phases(62)
	y := l.Bar.Max.Y + pad
	if v == nil {
		return l
	}

	// The hand along the bottom, the chips of cards in play.
	l.Card, l.Chip = image.Pt(96, 134), image.Pt(78, 46)
	if big {
		l.Card, l.Chip = image.Pt(140, 196), image.Pt(108, 64)
	}
	others := 0
	for _, p := range v.Players {
		if p.Seat != v.Seat {
			others++
		}
	}
	btnH := line + 6
	mineH := line + 2*(l.Chip.Y+line) + 2*pad
	// cw is the least width of a compact place.
	cw := 150
	if big {
		cw = 190
	}
	tight := false
	if v.Seat != 0 && !big {
		// A table too short for its places, its own place, what to do,
		// the buttons and the hand (the smallest window, 960x540 at 100 %)
		// lays its own place's zones out in one row of smaller chips, its
		// compact places narrower (narrower still while their rows leave
		// the hand less than 80 pixels: at 16 to 20 players, 60 and 52
		// pixels, the name shortened, so that their rows fit above its
		// own place), and its hand as high as the rest leaves room for.
		fixed := line + 4 + pad + pad + btnH + line + 2 + pad + pad
		compactNeed := func(w int) int {
			if others == 0 {
				return 0
			}
			cols := max(1, inner.Dx()/(w+pad))
			return (others + cols - 1) / cols * (line + pad)
		}
		if inner.Dy()-fixed-mineH-l.Card.Y < compactNeed(120) {
			tight = true
			l.Chip = image.Pt(64, 38)
			mineH = line + 2 + l.Chip.Y + zoneLabelMax + pad/2
			if inner.Dx() < NarrowPlace {
				mineH += line - 4
			}
			cw = 120
			for _, w := range []int{100, 84, 72, 60, 52} {
				if inner.Dy()-fixed-mineH-compactNeed(cw) >= 80 {
					break
				}
				cw = w
			}
			cardH := min(max(inner.Dy()-fixed-mineH-compactNeed(cw), 80), l.Card.Y)
			// Not narrower than 80, for a word of a card's name to fit.
			l.Card = image.Pt(max(cardH*96/134, 80), cardH)
			// The phases' names whole, the turn's words shorter.
			phases(70)
		}
	}
	handTop := inner.Max.Y - l.Card.Y
	if v.Seat == 0 {
		handTop = inner.Max.Y
	}
	// The buttons above the hand, the words above them.
	btnTop := handTop - pad - btnH
	l.Say = image.Rect(inner.Min.X, btnTop-line-2, inner.Max.X, btnTop-2)
	pilesIn := sp.Corner.Empty() || v.Seat == 0
	// The buttons' widths follow their labels; when they do not fit in
	// the row they share it (the labels are then shortened when drawn).
	widths := make([]int, len(o.Buttons))
	total := 0
	gap := pad/2 + 2
	for i, b := range o.Buttons {
		widths[i] = max(int(float64(len([]rune(b.Label)))*l.Font*0.62)+2*pad+4, btnH+8)
		total += widths[i] + gap
	}
	if avail := inner.Dx(); total > avail && len(widths) > 0 {
		each := avail/len(widths) - gap
		// The short ones keep their width; the long ones share the rest.
		room, long := avail, 0
		for _, w := range widths {
			if w <= each {
				room -= w + gap
			} else {
				long++
			}
		}
		for i, w := range widths {
			if w > each && long > 0 {
				widths[i] = max(room/long-gap, btnH)
			}
		}
	}
	bx := inner.Min.X
	for i, b := range o.Buttons {
		b.Rect = image.Rect(bx, btnTop, bx+widths[i], btnTop+btnH)
		bx += widths[i] + gap
		l.Buttons = append(l.Buttons, b)
	}
	// The piles: in the shell's corner, else at the right of the hand.
	pw := l.Card.X * 2 / 3
	ph := l.Card.Y * 2 / 3
	handRight := inner.Max.X
	if v.Seat != 0 {
		if pilesIn {
			handRight = inner.Max.X - 3*(pw+pad)
			for i, r := range []*image.Rectangle{&l.Draw, &l.Supply, &l.Discard} {
				x := handRight + pad + i*(pw+pad)
				*r = image.Rect(x, inner.Max.Y-ph, x+pw, inner.Max.Y)
			}
		} else {
			c := sp.Corner.Inset(pad)
			pw = min(pw, (c.Dx()-2*pad)/3)
			ph = min(ph, c.Dy()-line)
			for i, r := range []*image.Rectangle{&l.Draw, &l.Supply, &l.Discard} {
				x := c.Min.X + i*(pw+pad)
				*r = image.Rect(x, c.Max.Y-ph, x+pw, c.Max.Y)
			}
		}
		n := len(v.Hand)
		if n > 0 {
			avail := handRight - inner.Min.X
			step := l.Card.X + pad/2
			if n > 1 && (n-1)*step+l.Card.X > avail {
				step = (avail - l.Card.X) / (n - 1)
			}
			for i := range n {
				x := inner.Min.X + i*step
				l.Hand = append(l.Hand, image.Rect(x, handTop, x+l.Card.X, handTop+l.Card.Y))
			}
		}
	}
	bottom := l.Say.Min.Y - pad

	// The player's own place: a header, then Resource Area and Kingdom,
	// then Warcamp and Battlefield (on a tight table, all in one row).
	if v.Seat != 0 {
		top := bottom - mineH
		l.Mine = l.place(v.Seat, image.Rect(inner.Min.X, top, inner.Max.X, bottom), line, true, tight)
		bottom = top - pad
	}
	// The other players along the top: full places when they fit, else
	// compact ones that enlarge on hover.
	area := image.Rect(inner.Min.X, y, inner.Max.X, bottom)
	full := 2*line + 2*(l.Chip.Y/2+line) + pad
	cols := max(1, min(others, area.Dx()/220))
	rows := (others + cols - 1) / max(cols, 1)
	if others > 0 && rows*full+(rows-1)*pad <= area.Dy() {
		w := (area.Dx() - (cols-1)*pad) / cols
		hh := min((area.Dy()-(rows-1)*pad)/rows, full*2)
		i := 0
		for _, p := range v.Players {
			if p.Seat == v.Seat {
				continue
			}
			x := area.Min.X + (i%cols)*(w+pad)
			yy := area.Min.Y + (i/cols)*(hh+pad)
			l.Others = append(l.Others, l.place(p.Seat, image.Rect(x, yy, x+w, yy+hh), line, false, false))
			i++
		}
	} else if others > 0 {
		l.Compact = true
		cols = max(1, area.Dx()/(cw+pad))
		ch := 2*line + pad
		rows = (others + cols - 1) / cols
		for rows*(ch+pad) > area.Dy() && ch > line {
			ch -= 2
		}
		w := (area.Dx() - (cols-1)*pad) / cols
		i := 0
		for _, p := range v.Players {
			if p.Seat == v.Seat {
				continue
			}
			x := area.Min.X + (i%cols)*(w+pad)
			yy := area.Min.Y + (i/cols)*(ch+pad)
			r := image.Rect(x, yy, x+w, yy+ch)
			b := PlayerBox{Seat: p.Seat, Box: r, Head: r}
			if w >= 110 {
				// The track beside the name; a narrower place leaves the
				// name the room (it says the Health in figures too).
				tw := r.Dx() * 35 / 100
				b.Track = image.Rect(r.Max.X-pad/2-tw, r.Min.Y+line/3, r.Max.X-pad/2, r.Min.Y+line-line/3)
			}
			l.Others = append(l.Others, b)
			i++
		}
	}
	// The cards in play of every place shown in full.
	for _, p := range v.Players {
		b := l.boxOf(p.Seat)
		if b == nil {
			continue
		}
		for z := rules.ZoneResource; z <= rules.ZoneActs; z++ {
			zr := b.Zones[z]
			if zr.Empty() {
				continue
			}
			l.Units = append(l.Units, LayChips(p.Seat, p.Table, z, zr, l.Chip, pad/2)...)
		}
	}

	// The middle: the defender's box, the opening or the discard's
	// question, the discard pile looked through.
	mid := image.Rect(inner.Min.X, y, inner.Max.X, l.Say.Min.Y)
	if o.Defends {
		rowH := line + 4
		n := len(o.Blockers) + 1
		h := 3*line + n*(rowH+2) + 2*pad
		w := min(mid.Dx(), 520)
		if big {
			w = min(mid.Dx(), 640)
		}
		c := centered(mid, w, min(h, mid.Dy()))
		l.Center = c
		ry := c.Min.Y + pad + 2*line + pad
		for _, ref := range append([]rules.Ref{0}, o.Blockers...) {
			if ry+rowH > c.Max.Y-pad {
				break
			}
			l.Blockers = append(l.Blockers, UnitBox{Ref: ref, Rect: image.Rect(c.Min.X+pad, ry, c.Max.X-pad, ry+rowH)})
			ry += rowH + 2
		}
	} else if len(o.Among) > 0 {
		rowH := line + 4
		h := line + len(o.Among)*(rowH+2) + 2*pad + line
		c := centered(mid, min(mid.Dx(), 460), min(h, mid.Dy()))
		l.Center = c
		ry := c.Min.Y + pad + line + 2
		for _, ref := range o.Among {
			if ry+rowH > c.Max.Y-pad {
				break
			}
			l.Among = append(l.Among, UnitBox{Ref: ref, Rect: image.Rect(c.Min.X+pad, ry, c.Max.X-pad, ry+rowH)})
			ry += rowH + 2
		}
	} else if o.Prompt && len(v.Hand) == 0 && v.Seat != 0 {
		// The opening: the hand is still empty, and the question takes its
		// place.
		hand := image.Rect(inner.Min.X, handTop, handRight, inner.Max.Y)
		l.Center = centered(hand, min(hand.Dx(), 460), min(hand.Dy(), 3*line+2*pad))
	} else if o.Prompt {
		l.Center = centered(mid, min(mid.Dx(), 460), min(mid.Dy(), 3*line+2*pad))
	}
	if o.Look && v.Seat != 0 {
		l.Look = mid.Inset(pad)
		if me := &v.Players[v.Seat-1]; len(me.Discard) > 0 {
			// High enough for a card's name, kind and cost over its
			// Strength and Life.
			cw, chh := l.Chip.X+20, l.Chip.Y+30
			cols := max(1, (l.Look.Dx()-2*pad)/(cw+pad))
			for i := range me.Discard {
				x := l.Look.Min.X + pad + (i%cols)*(cw+pad)
				yy := l.Look.Min.Y + pad + line + (i/cols)*(chh+pad)
				if yy+chh > l.Look.Max.Y {
					break
				}
				l.LookCards = append(l.LookCards, image.Rect(x, yy, x+cw, yy+chh))
			}
		}
	}
	return l
}

// place lays out player s's place in r: a header line, then its zones in
// two rows (own: Resource Area and Kingdom, then Warcamp and
// Battlefield; another's: Kingdom and Resource Area on the first row at
// half the chips' height, Warcamp and Battlefield on the second), or, if
// oneRow, in one row (Resource Area, Acts of God, Kingdom, Warcamp,
// Battlefield).
func (l *Layout) place(s ruleset.Seat, r image.Rectangle, line int, own, oneRow bool) PlayerBox {
	pad := l.Pad
	b := PlayerBox{Seat: s, Box: r}
	b.Head = image.Rect(r.Min.X+pad, r.Min.Y+2, r.Max.X-pad, r.Min.Y+line)
	tw := min(r.Dx()/3, 220)
	// The track, with room for its ends' numbers (Lose, Win) either side.
	ends := int(l.Font * 1.7)
	b.Track = image.Rect(b.Head.Max.X-tw+ends, b.Head.Min.Y+line/4, b.Head.Max.X-ends, b.Head.Max.Y-line/4)
	below := b.Head.Max.Y
	if r.Dx() < NarrowPlace {
		// The counts go on a second line of the header.
		below += line - 4
	}
	in := image.Rect(r.Min.X+pad, below+2, r.Max.X-pad, r.Max.Y-pad/2)
	if oneRow {
		// Shares of the row's width: 2 for a zone of many cards, 1 for
		// the Acts of God.
		zones := []rules.Zone{rules.ZoneResource, rules.ZoneActs, rules.ZoneKingdom, rules.ZoneWarcamp, rules.ZoneBattlefield}
		shares := []int{2, 1, 2, 2, 2}
		room := in.Dx() - (len(zones)-1)*pad
		x, sum := in.Min.X, 0
		for i, z := range zones {
			sum += shares[i]
			end := in.Min.X + i*pad + room*sum/9
			b.Zones[z] = image.Rect(x, in.Min.Y, end, in.Max.Y)
			x = end + pad
		}
		return b
	}
	rowH := (in.Dy() - pad) / 2
	half := in.Dx() / 2
	top := image.Rect(in.Min.X, in.Min.Y, in.Max.X, in.Min.Y+rowH)
	bot := image.Rect(in.Min.X, top.Max.Y+pad, in.Max.X, in.Max.Y)
	if own {
		third := in.Dx() * 2 / 5
		b.Zones[rules.ZoneResource] = image.Rect(top.Min.X, top.Min.Y, top.Min.X+third, top.Max.Y)
		b.Zones[rules.ZoneActs] = image.Rect(top.Min.X+third+pad, top.Min.Y, top.Min.X+third+pad+in.Dx()/6, top.Max.Y)
		b.Zones[rules.ZoneKingdom] = image.Rect(b.Zones[rules.ZoneActs].Max.X+pad, top.Min.Y, top.Max.X, top.Max.Y)
	} else {
		b.Zones[rules.ZoneKingdom] = image.Rect(top.Min.X, top.Min.Y, top.Min.X+half-pad/2, top.Max.Y)
		b.Zones[rules.ZoneResource] = image.Rect(top.Min.X+half+pad/2, top.Min.Y, top.Max.X, top.Max.Y)
	}
	b.Zones[rules.ZoneWarcamp] = image.Rect(bot.Min.X, bot.Min.Y, bot.Min.X+half-pad/2, bot.Max.Y)
	b.Zones[rules.ZoneBattlefield] = image.Rect(bot.Min.X+half+pad/2, bot.Min.Y, bot.Max.X, bot.Max.Y)
	return b
}

// placeOver lays out in full, over the table, the compact place b of a
// player whose cards are table: under b, or above it when there is no
// room below, with its cards in play in their zones.
func (l *Layout) placeOver(b PlayerBox, table []rules.InPlay) (PlayerBox, []UnitBox) {
	sc := l.sc
	at100 := Layout{Pad: l.unit.pad, Font: l.unit.font}
	t, box := sc.from(l.Table), sc.from(b.Box)
	pad, line := l.unit.pad, l.unit.line
	w := min(t.Dx()-2*pad, 520)
	h := line + 2*(l.unit.chip.Y+line) + 2*pad
	x := min(box.Min.X, t.Max.X-pad-w)
	y := box.Max.Y + 2
	if y+h > t.Max.Y {
		y = box.Min.Y - h - 2
	}
	full := at100.place(b.Seat, image.Rect(x, y, x+w, y+h), line, false, false)
	var us []UnitBox
	for z := rules.ZoneResource; z <= rules.ZoneActs; z++ {
		if !full.Zones[z].Empty() {
			us = append(us, LayChips(b.Seat, table, z, full.Zones[z], l.unit.chip, pad/2)...)
		}
	}
	sc.units(us)
	return sc.box(full), us
}

// NarrowPlace is the width, at 100 %, under which a place's header takes
// two lines.
const NarrowPlace = 460

// boxOf returns the place of seat s shown in full, nil if none.
func (l *Layout) boxOf(s ruleset.Seat) *PlayerBox {
	if l.Mine.Seat == s && s != 0 {
		return &l.Mine
	}
	if l.Compact {
		return nil
	}
	for i := range l.Others {
		if l.Others[i].Seat == s {
			return &l.Others[i]
		}
	}
	return nil
}

// zoneLabel is the height of a zone's label line over its chips, for a
// zone r at 100 %.
func zoneLabel(r image.Rectangle) int { return min(r.Dy()/3, zoneLabelMax) }

// zoneLabelMax is the most a zone's label line takes, at 100 %.
const zoneLabelMax = 18

// LayChips lays the cards of table in zone z in r, left to right after
// the zone's label line, at most chip's size, overlapping when many.
func LayChips(s ruleset.Seat, table []rules.InPlay, z rules.Zone, r image.Rectangle, chip image.Point, gap int) []UnitBox {
	var refs []rules.Ref
	for _, c := range table {
		if c.Zone == z {
			refs = append(refs, c.Ref)
		}
	}
	if len(refs) == 0 {
		return nil
	}
	top := r.Min.Y + zoneLabel(r)
	h := min(chip.Y, r.Max.Y-top)
	w := min(chip.X, h*chip.X/max(chip.Y, 1))
	step := w + gap
	if n := len(refs); n > 1 && (n-1)*step+w > r.Dx() {
		step = max((r.Dx()-w)/(n-1), 4)
	}
	out := make([]UnitBox, len(refs))
	for i, ref := range refs {
		x := r.Min.X + i*step
		out[i] = UnitBox{Ref: ref, Seat: s, Rect: image.Rect(x, top, x+w, top+h)}
	}
	return out
}

// centered returns a w by h rectangle in the middle of r.
func centered(r image.Rectangle, w, h int) image.Rectangle {
	x := r.Min.X + (r.Dx()-w)/2
	y := r.Min.Y + (r.Dy()-h)/2
	return image.Rect(x, y, x+w, y+h)
}

// At returns what point pt is on: the defender's box and the discard
// looked through first (they lie over the table), then the buttons, the
// hand (the later card on top; the raised card raise pixels up), the
// piles, the cards in play, the places.
func (l *Layout) At(pt image.Point, raised, raise int) Hit {
	for _, b := range l.Blockers {
		if pt.In(b.Rect) {
			return Hit{Kind: HitBlocker, Ref: b.Ref}
		}
	}
	for _, b := range l.Among {
		if pt.In(b.Rect) {
			return Hit{Kind: HitAmong, Ref: b.Ref}
		}
	}
	if !l.Look.Empty() {
		for i, r := range l.LookCards {
			if pt.In(r) {
				return Hit{Kind: HitDiscard, Index: i}
			}
		}
		if pt.In(l.Look) {
			return Hit{Kind: HitPile, Pile: PileDiscard}
		}
	}
	for _, b := range l.Buttons {
		if pt.In(b.Rect) {
			return Hit{Kind: HitButton, Button: b.Button, Rule: b.Rule}
		}
	}
	for i := len(l.Hand) - 1; i >= 0; i-- {
		r := l.Hand[i]
		if i == raised {
			r = r.Add(image.Pt(0, -raise))
		}
		if pt.In(r) {
			return Hit{Kind: HitHand, Index: i}
		}
	}
	for i, r := range []image.Rectangle{l.Draw, l.Supply, l.Discard} {
		if pt.In(r) {
			return Hit{Kind: HitPile, Pile: PileDraw + Pile(i)}
		}
	}
	for i := len(l.Units) - 1; i >= 0; i-- {
		if pt.In(l.Units[i].Rect) {
			return Hit{Kind: HitUnit, Ref: l.Units[i].Ref, Seat: l.Units[i].Seat}
		}
	}
	for _, b := range l.Others {
		if pt.In(b.Box) {
			return Hit{Kind: HitPlayer, Seat: b.Seat}
		}
	}
	if pt.In(l.Mine.Box) {
		return Hit{Kind: HitPlayer, Seat: l.Mine.Seat}
	}
	return Hit{}
}

// UnitRect returns where the card in play ref is drawn, false if it is
// not.
func (l *Layout) UnitRect(ref rules.Ref) (image.Rectangle, bool) {
	for _, u := range l.Units {
		if u.Ref == ref {
			return u.Rect, true
		}
	}
	return image.Rectangle{}, false
}

// PlaceOf returns the place of seat s, false if it has none.
func (l *Layout) PlaceOf(s ruleset.Seat) (PlayerBox, bool) {
	if l.Mine.Seat == s && s != 0 {
		return l.Mine, true
	}
	for _, b := range l.Others {
		if b.Seat == s {
			return b, true
		}
	}
	return PlayerBox{}, false
}
