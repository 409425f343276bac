package empire

import (
	"cmp"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/module"
	"empires/client/prefs"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// Move is one army's move in one movement step of a resolved turn, as the
// turn's animation shows it.
type Move struct {
	Force    rules.ForceID
	Owner    rules.Seat
	From, To grid.Pos
	// Units is how many units the player knows it has, 0 if it does not.
	Units int
	// Kind is the kind its token shows (MainKind), known (Kinded) for
	// the player's own armies only: a sighting tells no kinds.
	Kind   dat.Kind
	Kinded bool
}

// Steps returns the movement of a resolved turn step by step, from its
// events (those the player saw), with each army's units as the view after
// the turn, next, knows them (their kinds from data d).
func Steps(d *dat.Data, events []rules.Event, next *rules.View) [][]Move {
	var steps [][]Move
	for _, e := range events {
		if e.Kind != rules.EvMoved || e.Step < 1 {
			continue
		}
		for len(steps) < e.Step {
			steps = append(steps, nil)
		}
		mv := Move{Force: e.Force, Owner: e.Owner, From: e.Pos, To: e.To}
		if f := next.Force(e.Force); f != nil {
			mv.Units = len(f.Units)
			mv.Kind, mv.Kinded = MainKind(d, f.Units)
		}
		for _, sg := range next.Sightings {
			if sg.Force == e.Force {
				mv.Units = sg.Units
			}
		}
		steps[e.Step-1] = append(steps[e.Step-1], mv)
	}
	// Steps no army the player saw moved in are left out.
	steps = slices.DeleteFunc(steps, func(s []Move) bool { return len(s) == 0 })
	for _, s := range steps {
		slices.SortStableFunc(s, func(a, b Move) int { return cmp.Compare(a.Force, b.Force) })
	}
	return steps
}

// Where returns where each army of steps is during step i (0 first): an
// army waits on its first square until its first move, walks each of its
// moves in its step, and stays where its last move took it. From and To
// differ only for the armies moving in step i.
func Where(steps [][]Move, i int) map[rules.ForceID]Move {
	at := map[rules.ForceID]Move{}
	for k := len(steps) - 1; k >= 0; k-- {
		for _, mv := range steps[k] {
			first := mv
			first.To = mv.From // the earliest move's start wins
			at[mv.Force] = first
		}
	}
	for k := 0; k < i && k < len(steps); k++ {
		for _, mv := range steps[k] {
			done := mv
			done.From = mv.To
			at[mv.Force] = done
		}
	}
	if i >= 0 && i < len(steps) {
		for _, mv := range steps[i] {
			at[mv.Force] = mv
		}
	}
	return at
}

// animating reports whether the turn's animation runs.
func (s *Screen) animating() bool { return s.animStep < len(s.anim) }

// stepAnimation advances the animation by a frame; Space skips it.
func (s *Screen) stepAnimation(in module.Input) {
	if !s.animating() {
		return
	}
	if in.Keys && in.Down(ebiten.KeySpace) {
		s.animStep = len(s.anim)
		s.spaceSkip = in.Hit(ebiten.KeySpace) // the press skips, it does not also act
		return
	}
	s.animT += 1 / 60.0 / prefs.StepSeconds(s.host.Prefs().AnimSpeed)
	for s.animT >= 1 && s.animating() {
		s.animT--
		s.animStep++
	}
}

// drawMoving draws the armies of the turn's animation where they are
// this frame, each with its token, on cells c pixels wide.
func (s *Screen) drawMoving(f *frame, c float64) {
	t := min(s.animT, 1)
	t = t * t * (3 - 2*t) // ease in and out
	at := Where(s.anim, s.animStep)
	ids := make([]rules.ForceID, 0, len(at))
	for id := range at {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		mv := at[id]
		x0, y0 := s.lay.Center(mv.From)
		x1, y1 := s.lay.Center(mv.To)
		x, y := f.pt(x0+(x1-x0)*t, y0+(y1-y0)*t)
		s.drawMover(f, &mv, x, y, c)
	}
}

// hidden returns the forces the animation draws on their way, nil when
// it does not run.
func (s *Screen) hidden() map[rules.ForceID]bool {
	if !s.animating() {
		return nil
	}
	hide := map[rules.ForceID]bool{}
	for _, st := range s.anim {
		for _, mv := range st {
			hide[mv.Force] = true
		}
	}
	return hide
}
