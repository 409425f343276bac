package empire

import (
	"testing"

	"empires/client/module"
	"empires/client/prefs"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// "An army moves square by square. All armies move their first square of
// the current movement order, then the second square and so on." The
// animation shows the turn's moves step by step: an army waits on its
// square until its first move, walks each move in its step, and stays
// where its last move took it.
func TestStepsAndWhere(t *testing.T) {
	p := func(x int) grid.Pos { return grid.Pos{X: x} }
	events := []rules.Event{
		{Kind: rules.EvMoved, Step: 1, Owner: 1, Force: 7, Pos: p(0), To: p(1)},
		{Kind: rules.EvProduced, Owner: 1},
		{Kind: rules.EvMoved, Step: 2, Owner: 1, Force: 7, Pos: p(1), To: p(2)},
		{Kind: rules.EvMoved, Step: 2, Owner: 2, Force: 9, Pos: p(5), To: p(4)},
	}
	d := sceneModel(t).Data()
	inf, _ := d.Kind("Infantry")
	cav, _ := d.Kind("Cavalry")
	next := &rules.View{Forces: []rules.Force{{ID: 7, Owner: 1, Units: []rules.Unit{{Kind: inf}, {Kind: cav}, {Kind: cav}}}},
		Sightings: []rules.Sighting{{Force: 9, Owner: 2, Units: 5}}}
	steps := Steps(d, events, next)
	if len(steps) != 2 || len(steps[0]) != 1 || len(steps[1]) != 2 {
		t.Fatalf("steps %+v, want one move then two", steps)
	}
	if steps[1][0].Units != 3 || steps[1][1].Units != 5 {
		t.Errorf("the units: %+v, want the army's 3 and the sighting's 5", steps[1])
	}
	// The army's token shows its kind; a sighting tells none.
	if mv := steps[1][0]; !mv.Kinded || mv.Kind != cav {
		t.Errorf("the army's kind %v (%t), want Cavalry, its most numerous", mv.Kind, mv.Kinded)
	}
	if steps[1][1].Kinded {
		t.Errorf("the sighting's move shows a kind: %+v", steps[1][1])
	}
	tests := []struct {
		step     int
		force    rules.ForceID
		from, to grid.Pos
	}{
		{0, 7, p(0), p(1)},
		{0, 9, p(5), p(5)}, // waits for its move
		{1, 7, p(1), p(2)},
		{1, 9, p(5), p(4)},
		{2, 7, p(2), p(2)}, // after the last step
	}
	for _, tc := range tests {
		have := Where(steps, tc.step)[tc.force]
		if have.From != tc.from || have.To != tc.to {
			t.Errorf("step %d, force %d: from %v to %v, want %v to %v", tc.step, tc.force, have.From, have.To, tc.from, tc.to)
		}
	}
}

// The Settings' animation speed holds on the empire screen too: a turn
// whose army moved is animated at the normal speed, for twice as many
// frames at the slow one, and not at all with the animation off (the new
// turn shows at once).
func TestAnimationSpeed(t *testing.T) {
	tests := []struct {
		speed      string
		minFrames  int
		maxFrames  int
		animatedAt bool // animating at once
	}{
		{prefs.AnimNormal, 20, 22, true},
		{prefs.AnimSlow, 41, 43, true},
		{prefs.AnimFast, 10, 11, true},
		{prefs.AnimOff, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.speed, func(t *testing.T) {
			s, h, tg := panelScreen(t)
			h.anim = tt.speed
			garrison := tg.garrisonAt(at(0, 0))
			orders, err := rules.EncodeOrders([]rules.Order{{Kind: rules.Split, Force: garrison.ID,
				Units: []rules.UnitID{garrison.Units[0].ID}, Path: []grid.Pos{at(1, 0)}}})
			if err != nil {
				t.Fatal(err)
			}
			out, err := tg.g.Resolve([]ruleset.Submission{{Seat: tg.p, Orders: orders}})
			if err != nil {
				t.Fatal(err)
			}
			events, err := out.Events(tg.p, false)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Resolved(tg.view(), events); err != nil {
				t.Fatal(err)
			}
			if s.Animating() != tt.animatedAt {
				t.Fatalf("animating after the turn: %v, want %v", s.Animating(), tt.animatedAt)
			}
			frames := 0
			for ; s.Animating() && frames < 1000; frames++ {
				s.stepAnimation(module.Input{})
			}
			if frames < tt.minFrames || frames > tt.maxFrames {
				t.Errorf("animated for %d frames, want %d to %d", frames, tt.minFrames, tt.maxFrames)
			}
		})
	}
}
