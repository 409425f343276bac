package generals

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/module"
	"empires/client/prefs"
	rules "empires/shared/rules/generals"
)

// animKind is what an animation shows.
type animKind uint8

// The animations.
const (
	animPlay    animKind = iota + 1 // a card flies from its player to where it is played
	animAttack                      // an arrow from the attacker to the defender's place
	animDiscard                     // cards fly to the discard pile
)

// anim is a short animation: a card (or an arrow) from one place to
// another, over frames frames from the frame start.
type anim struct {
	kind         animKind
	from, to     image.Rectangle
	card         rules.CardID
	start, total int
}

// animFrames is how many frames an animation lasts at the client's
// animation speed (0: none).
func animFrames(speed string) int {
	switch speed {
	case prefs.AnimOff:
		return 0
	case prefs.AnimSlow:
		return 40
	case prefs.AnimFast:
		return 12
	}
	return 24
}

// animate starts the animations of events evs: played cards fly from
// their player (the hand of the layout before, old) to their place,
// attacks draw an arrow, discards fly to the pile.
func (s *Screen) animate(old Layout, evs []rules.Event) {
	n := animFrames(s.host.Prefs().AnimSpeed)
	if n == 0 || s.m.v == nil {
		return
	}
	from := func(seat rules.Event) image.Rectangle {
		if seat.Seat == s.m.v.Seat && len(old.Hand) > 0 {
			return old.Hand[len(old.Hand)/2]
		}
		if b, ok := old.PlaceOf(seat.Seat); ok {
			return b.Head
		}
		return image.Rectangle{}
	}
	for _, e := range evs {
		a := anim{start: s.frame, total: n, card: e.Card}
		switch e.Kind {
		case rules.EventCard:
			r, ok := s.lay.UnitRect(e.Unit)
			if !ok {
				continue
			}
			a.kind, a.from, a.to = animPlay, from(e), r
		case rules.EventAttack:
			r, ok := s.lay.UnitRect(e.Unit)
			b, ok2 := s.lay.PlaceOf(e.Other)
			if !ok || !ok2 {
				continue
			}
			a.kind, a.from, a.to = animAttack, r, b.Head
		case rules.EventDiscard:
			a.kind, a.from = animDiscard, from(e)
			if len(e.Cards) > 0 {
				a.card = e.Cards[len(e.Cards)-1]
			}
			a.to = s.lay.Discard
			if e.Seat != s.m.v.Seat {
				if b, ok := s.lay.PlaceOf(e.Seat); ok {
					a.to = b.Head
				}
			}
		default:
			continue
		}
		if a.from.Empty() || a.to.Empty() {
			continue
		}
		s.anims = append(s.anims, a)
	}
}

// stepAnims drops the animations that ended, and all of them on a click
// (a click skips them).
func (s *Screen) stepAnims(in module.Input) {
	if len(s.anims) == 0 {
		return
	}
	if in.Pressed != 0 {
		s.anims = nil
		return
	}
	keep := s.anims[:0]
	for _, a := range s.anims {
		if s.frame-a.start < a.total {
			keep = append(keep, a)
		}
	}
	s.anims = keep
}

// lerp is the rectangle t of the way from a to b.
func lerp(a, b image.Rectangle, t float64) image.Rectangle {
	mix := func(x, y int) int { return x + int(float64(y-x)*t) }
	return image.Rect(mix(a.Min.X, b.Min.X), mix(a.Min.Y, b.Min.Y), mix(a.Max.X, b.Max.X), mix(a.Max.Y, b.Max.Y))
}

// drawAnims draws the animations playing.
func (s *Screen) drawAnims(dst *ebiten.Image) {
	for _, a := range s.anims {
		t := min(float64(s.frame-a.start)/float64(max(a.total, 1)), 1)
		switch a.kind {
		case animAttack:
			fx, fy := center(a.from)
			tx, ty := center(a.to)
			x := fx + (tx-fx)*float32(t)
			y := fy + (ty-fy)*float32(t)
			vector.StrokeLine(dst, fx, fy, x, y, s.paint.w(5), targetColor, true)
			vector.FillCircle(dst, x, y, s.paint.w(9), targetColor, true)
		default:
			size := s.lay.Chip
			to := a.to
			if a.kind == animDiscard {
				to = centered(a.to, size.X, size.Y)
			}
			r := lerp(centered(a.from, size.X, size.Y), to, t)
			s.paint.drawCard(dst, r, s.m.Card(a.card), s.m, look{})
			if a.card == "" {
				s.paint.back(dst, r)
			}
			strokeRect(dst, r.Inset(-s.paint.px(2)), s.paint.w(2), color.RGBA{255, 255, 255, uint8(200 * (1 - t))})
		}
	}
}

// center is the middle of r.
func center(r image.Rectangle) (float32, float32) {
	return float32(r.Min.X+r.Max.X) / 2, float32(r.Min.Y+r.Max.Y) / 2
}
