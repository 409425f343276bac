package risk

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
)

// What the screen draws over the Map, through the Map's exported API
// only (ScreenOf): the rings on the territories a click acts on, the
// arrow of the attack or move chosen, the territories a Disaster just
// struck, the dice of the last roll and the defender's question.

// strikeShown is how long the territories a Disaster struck stay marked.
const strikeShown = 4 * time.Second

// The overlay's colours.
var (
	targetRing = color.RGBA{255, 240, 170, 230}
	attackRing = color.RGBA{230, 60, 40, 255}
	moveRing   = color.RGBA{90, 200, 250, 255}
	strikeRing = color.RGBA{220, 85, 0, 255}
	strikeText = color.RGBA{255, 150, 70, 255} // a disaster's name
	// ringCasing and ringCasingLight are the line under a ring
	// (casingFor).
	ringCasing      = color.RGBA{20, 20, 24, 255}
	ringCasingLight = color.RGBA{250, 246, 232, 255}
	boxBg           = color.RGBA{28, 24, 20, 238}
	boxEdge         = color.RGBA{150, 130, 90, 255}
	boxText         = color.RGBA{240, 232, 212, 255}
	boxMuted        = color.RGBA{180, 170, 150, 255}
	attackDie       = color.RGBA{190, 40, 36, 255}
	defendDie       = color.RGBA{238, 236, 228, 255}
	buttonFace      = color.RGBA{70, 62, 48, 255}
	buttonHover     = color.RGBA{110, 95, 60, 255}
	winColor        = color.RGBA{120, 220, 110, 255}
	lossColor       = color.RGBA{240, 110, 90, 255}
)

// struck is a Strike marked on the map until its time is up.
type struck struct {
	Strike
	at time.Time
}

// boxButton is a button drawn over the map: its label, key and place.
type boxButton struct {
	Label string
	Key   string
	Rect  image.Rectangle
	press func()
}

// ring draws a ring of colour c around territory t's badge, r pixels of
// 100 % from its centre and w wide, on a casing a pixel and a half wider
// each side (casingFor its fill).
func (s *Screen) ring(dst *ebiten.Image, t board.TerritoryID, r, w float32, c color.RGBA) {
	x, y, ok := s.mp.ScreenOf(t)
	if !ok {
		return
	}
	ui := float32(s.ui())
	r, w = r*ui, w*ui
	vector.StrokeCircle(dst, float32(x), float32(y), r, w+3*ui, casingFor(c, s.mp.fillOf(t)), true)
	vector.StrokeCircle(dst, float32(x), float32(y), r, w, c, true)
}

// drawMarks draws the rings of the targets, the arrow chosen and the
// strikes over the map (dst is the map's part of the window).
func (s *Screen) drawMarks(dst *ebiten.Image) {
	m := s.m
	for _, t := range m.Targets() {
		s.ring(dst, t, 17, 2, targetRing)
	}
	if m.sel != 0 && m.target != 0 {
		x0, y0, ok0 := s.mp.ScreenOf(m.sel)
		x1, y1, ok1 := s.mp.ScreenOf(m.target)
		if ok0 && ok1 {
			c := attackRing
			if mv := m.Move(); mv == MoveFree || mv == MoveOccupy {
				c = moveRing
			}
			arrow(dst, x0, y0, x1, y1, s.ui(), c)
			s.ring(dst, m.target, 19, 4, c)
		}
	}
	if f := m.focus; f != 0 {
		// The keys' focus: a ring in the theme's focus colour between two
		// dark lines (on every fill, TestRingContrast), as the shell's
		// focus ring, wider than the targets' and the choice's.
		fc := s.host.Theme().Palette().Focus
		s.ring(dst, f, 25, 3, color.RGBA{fc.R, fc.G, fc.B, 255})
	}
	now := s.now()
	for _, st := range s.struck {
		age := now.Sub(st.at)
		if age > strikeShown {
			continue
		}
		pulse := float32(3 * math.Sin(float64(age)/float64(150*time.Millisecond)))
		for _, t := range st.Hit {
			s.ring(dst, t, 22+pulse, 4, strikeRing)
			x, y, ok := s.mp.ScreenOf(t)
			if ok && st.Disaster != cards.NoDisaster {
				// On a plate of the boxes' colour: it is read on any fill.
				f, word, ui := s.face(13, true), st.Disaster.String(), s.ui()
				w, h := text.Measure(word, f, 0)
				vector.FillRect(dst, float32(x+21*ui), float32(y-28*ui), float32(w+6*ui), float32(h+4*ui), boxBg, false)
				kit.DrawText(dst, f, word, x+24*ui, y-26*ui, strikeText)
			}
		}
	}
}

// arrow draws an arrow from (x0, y0) to (x1, y1), stopping short of the
// badges, at interface size ui.
func arrow(dst *ebiten.Image, x0, y0, x1, y1, ui float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	d := math.Hypot(dx, dy)
	if d < 40*ui {
		return
	}
	ux, uy := dx/d, dy/d
	ax, ay := x0+ux*18*ui, y0+uy*18*ui
	bx, by := x1-ux*22*ui, y1-uy*22*ui
	w := float32(4 * ui)
	vector.StrokeLine(dst, float32(ax), float32(ay), float32(bx), float32(by), w, c, true)
	for _, a := range []float64{0.5, -0.5} {
		hx := bx - 12*ui*(ux*math.Cos(a)-uy*math.Sin(a))
		hy := by - 12*ui*(uy*math.Cos(a)+ux*math.Sin(a))
		vector.StrokeLine(dst, float32(bx), float32(by), float32(hx), float32(hy), w, c, true)
	}
}

// face returns the screen's font at size pixels of 100 %, made at the
// interface size.
func (s *Screen) face(size float64, bold bool) *text.GoTextFace {
	return s.faces.Face(size*s.ui(), bold)
}

// rollShown returns the roll the dice box shows: the last roll while the
// attacker's turn it was rolled in goes on, nil for none.
func (s *Screen) rollShown() *Roll {
	m := s.m
	r := m.roll
	if r == nil || m.v == nil || m.v.Actor != r.Attacker {
		return nil
	}
	switch m.v.Phase {
	case rules.PhaseAttack, rules.PhaseDefend, rules.PhaseOccupy, rules.PhaseReinforce, rules.PhaseMove:
		return r
	}
	return nil
}

// diceBox returns where the dice box is drawn: at the foot of the map in
// sight, in its middle; empty when there is no roll to show.
func (s *Screen) diceBox() image.Rectangle {
	r := s.rollShown()
	if r == nil {
		return image.Rectangle{}
	}
	sight := s.host.MapInSight()
	lines := len(r.Bonuses)
	if r.City {
		lines++
	}
	w, h := s.px(380), s.px(128+16*lines)
	x := sight.Min.X + (sight.Dx()-w)/2
	y := sight.Max.Y - h - s.px(10)
	return image.Rect(x, y, x+w, y+h)
}

// dieSize is a die's side in pixels of 100 %.
const dieSize = 30

// dieRects returns where the dice of the box are: the attacker's on the
// left, the defender's beside them, pair by pair, the highest first.
func (s *Screen) dieRects(box image.Rectangle, r *Roll) (att, def []image.Rectangle) {
	x0, y0 := box.Min.X+s.px(12), box.Min.Y+s.px(30)
	die, pair, gap := s.px(dieSize), s.px(dieSize*2+24), s.px(dieSize+6)
	for i := range r.Attack {
		x := x0 + i*pair
		att = append(att, image.Rect(x, y0, x+die, y0+die))
	}
	for i := range r.Defend {
		x := x0 + i*pair + gap
		def = append(def, image.Rect(x, y0, x+die, y0+die))
	}
	return att, def
}

// drawDice draws the last roll: the attacker's dice in red and the
// defender's in white, paired highest first, each pair's winner marked,
// the city's +1 and the Attack bonuses named, and the losses.
func (s *Screen) drawDice(dst *ebiten.Image) {
	r := s.rollShown()
	if r == nil {
		return
	}
	m := s.m
	box := s.diceBox()
	ui := s.ui()
	s.panelBox(dst, box)
	small, bold := s.face(13, false), s.face(14, true)
	left := float64(box.Min.X) + 8*ui
	kit.DrawText(dst, bold, kit.Fit(fmt.Sprintf("%s %s %s from %s", m.Name(r.Attacker), m.verb(r.Attacker, "attack", "attacks"),
		m.tname(r.To), m.tname(r.From)), bold, float64(box.Dx())-16*ui), left, float64(box.Min.Y)+6*ui, boxText)
	att, def := s.dieRects(box, r)
	for i, rc := range att {
		drawDie(dst, rc, r.Attack[i], attackDie, color.White, s.face(18, true), ui)
	}
	for i, rc := range def {
		drawDie(dst, rc, r.Defend[i], defendDie, color.Black, s.face(18, true), ui)
	}
	for i := range min(len(att), len(def)) {
		won := r.Attack[i] > r.Defend[i]
		c, mark := lossColor, "▼"
		if won {
			c, mark = winColor, "▲"
		}
		kit.DrawText(dst, small, mark, float64(att[i].Min.X)+(dieSize/2-5)*ui, float64(att[i].Max.Y)+2*ui, c)
	}
	y := float64(box.Min.Y) + (30+dieSize+20)*ui
	line := fmt.Sprintf("%s %s, %s %s", m.Name(r.Attacker), m.lose(r.Attacker, r.AttackerLoss), m.name(r.Defender), m.lose(r.Defender, r.DefenderLoss))
	kit.DrawText(dst, small, line, left, y, boxText)
	y += 17 * ui
	kit.DrawText(dst, small, "Red: attacker, white: defender; highest against highest", left, y, boxMuted)
	y += 16 * ui
	if r.City {
		kit.DrawText(dst, small, "The city: +1 to the defender's highest die (counted in it)", left, y, boxMuted)
		y += 16 * ui
	}
	for _, b := range r.Bonuses {
		kit.DrawText(dst, small, b+" (counted in it)", left, y, boxMuted)
		y += 16 * ui
	}
}

// drawDie draws a die showing v in rc, its edge as wide as the interface
// size ui.
func drawDie(dst *ebiten.Image, rc image.Rectangle, v int, bg, fg color.Color, face *text.GoTextFace, ui float64) {
	vector.FillRect(dst, float32(rc.Min.X), float32(rc.Min.Y), float32(rc.Dx()), float32(rc.Dy()), bg, true)
	vector.StrokeRect(dst, float32(rc.Min.X), float32(rc.Min.Y), float32(rc.Dx()), float32(rc.Dy()), float32(ui), color.RGBA{60, 50, 40, 255}, true)
	s := fmt.Sprint(v)
	w, h := text.Measure(s, face, 0)
	kit.DrawText(dst, face, s, float64(rc.Min.X)+(float64(rc.Dx())-w)/2, float64(rc.Min.Y)+(float64(rc.Dy())-h)/2, fg)
}

// panelBox draws a box's ground and edge.
func (s *Screen) panelBox(dst *ebiten.Image, r image.Rectangle) {
	ui := float32(s.ui())
	vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), boxBg, false)
	vector.StrokeRect(dst, float32(r.Min.X)+0.5*ui, float32(r.Min.Y)+0.5*ui, float32(r.Dx())-ui, float32(r.Dy())-ui, 1.5*ui, boxEdge, false)
}

// question returns the defender's question box and its buttons, empty
// when the player is not asked.
func (s *Screen) question() (image.Rectangle, []boxButton) {
	m := s.m
	if m.Move() != MoveDefend {
		return image.Rectangle{}, nil
	}
	sight := s.host.MapInSight()
	w, h := min(s.px(460), sight.Dx()-s.px(20)), s.px(130)
	x := sight.Min.X + (sight.Dx()-w)/2
	y := sight.Min.Y + (sight.Dy()-h)/3
	box := image.Rect(x, y, x+w, y+h)
	bw := (w - s.px(36)) / 2
	by := box.Max.Y - s.px(44)
	bh, l, r := s.px(34), x+s.px(12), x+s.px(24)+bw
	return box, []boxButton{
		{Label: "Turn into 3 armies", Key: "C", Rect: image.Rect(l, by, l+bw, by+bh), press: func() { s.apply(m.Convert()) }},
		{Label: "Keep the city", Key: "K", Rect: image.Rect(r, by, r+bw, by+bh), press: func() { s.apply(m.Keep()) }},
	}
}

// QuestionText returns the defender's question in words, "" when the
// player is not asked.
func (s *Screen) QuestionText() string {
	m := s.m
	if m.Move() != MoveDefend {
		return ""
	}
	return fmt.Sprintf("Your city on %s is attacked by %s: turn it into 3 armies, or keep it?", m.tname(m.v.To), m.name(m.v.Actor))
}

// drawQuestion draws the defender's question with its countdown and its
// two buttons.
func (s *Screen) drawQuestion(dst *ebiten.Image) {
	box, buttons := s.question()
	if len(buttons) == 0 {
		return
	}
	s.panelBox(dst, box)
	ui := s.ui()
	bold := s.face(15, true)
	x, y := float64(box.Min.X)+10*ui, float64(box.Min.Y)+10*ui
	for _, l := range kit.Wrap(s.QuestionText(), bold, float64(box.Dx())-20*ui) {
		kit.DrawText(dst, bold, l, x, y, boxText)
		y += 20 * ui
	}
	left := "No time limit"
	if d, ok := s.timeLeft(); ok {
		left = countdown(d)
	}
	kit.DrawText(dst, s.face(13, false), left+" · a city gives +1 to your highest die while it stands", x, y+2*ui, boxMuted)
	for _, b := range buttons {
		s.drawButton(dst, b)
	}
}

// drawButton draws a button of a box, lit under the pointer.
func (s *Screen) drawButton(dst *ebiten.Image, b boxButton) {
	c := buttonFace
	if s.pointer.In(b.Rect) {
		c = buttonHover
	}
	r, ui := b.Rect, float32(s.ui())
	vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
	vector.StrokeRect(dst, float32(r.Min.X)+ui/2, float32(r.Min.Y)+ui/2, float32(r.Dx())-ui, float32(r.Dy())-ui, ui, boxEdge, false)
	f := s.face(14, true)
	label := fmt.Sprintf("%s (%s)", b.Label, b.Key)
	w, h := text.Measure(label, f, 0)
	kit.DrawText(dst, f, label, float64(r.Min.X)+(float64(r.Dx())-w)/2, float64(r.Min.Y)+(float64(r.Dy())-h)/2, boxText)
}

// timeLeft returns the time left to answer the step, false for none.
func (s *Screen) timeLeft() (time.Duration, bool) {
	d, ok := s.m.Deadline()
	if !ok {
		return 0, false
	}
	return max(d.Sub(s.now()), 0), true
}

// countdown says a time left: "12 s left", "1:30 left".
func countdown(d time.Duration) string {
	sec := int(math.Ceil(d.Seconds()))
	if sec >= 60 {
		return fmt.Sprintf("%d:%02d left", sec/60, sec%60)
	}
	return fmt.Sprintf("%d s left", sec)
}
