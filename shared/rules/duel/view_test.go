package duel

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"empires/shared/ruleset"
)

// TestViewAudiences checks what each audience's view holds: a seat its
// own hand and no other; the spectator no hand; the all-seeing spectator
// no hand either, Duel's hands being hidden holdings (Info.Hidden); all
// of them the sizes of the hands and of the decks.
func TestViewAudiences(t *testing.T) {
	if !New().Info().Hidden {
		t.Error("Info().Hidden is false: the hands are hidden holdings")
	}
	g := newGame(t, config(3, 3, 6))
	spectator, _ := g.View(0, false).Encode()
	for _, tt := range []struct {
		seat      ruleset.Seat
		allSeeing bool
		hand      bool
	}{
		{1, false, true},
		{3, false, true},
		{1, true, true}, // all-seeing counts for a spectator only
		{0, false, false},
		{0, true, false},
	} {
		v := g.View(tt.seat, tt.allSeeing).(*View)
		if have := v.Hand != nil; have != tt.hand {
			t.Errorf("seat %d (all-seeing %t): has a hand %t, want %t", tt.seat, tt.allSeeing, have, tt.hand)
		}
		if tt.hand && len(v.Hand) != 5 {
			t.Errorf("seat %d: hand %v, want its 5 cards", tt.seat, v.Hand)
		}
		if tt.seat == 0 {
			b, _ := v.Encode()
			v.AllSeeing = false
			same, _ := v.Encode()
			if len(b) == 0 || !bytes.Equal(same, spectator) {
				t.Errorf("the spectator (all-seeing %t) sees more than the public table: %+v", tt.allSeeing, v)
			}
		}
		if v.Players[1].Deck != 15 || v.Players[1].Cards != 5 {
			t.Errorf("seat %d: seat 2 has %d cards in its deck and holds %d, want 15 and 5", tt.seat, v.Players[1].Deck, v.Players[1].Cards)
		}
	}
}

// TestDeltaRefused checks that Apply refuses a delta made for another
// view, and Diff two views of different seats.
func TestDeltaRefused(t *testing.T) {
	g := newGame(t, config(3, 2, 6))
	v1, v2 := g.View(1, false), g.View(2, false)
	st := g.Step()
	ai, err := New().NewAI(LevelNormal, 1)
	must(t, err)
	var subs []ruleset.Submission
	for _, s := range st.Actors {
		b, err := ai.Act(g.View(s, false), st, s)
		must(t, err)
		subs = append(subs, ruleset.Submission{Seat: s, Orders: b})
	}
	_, err = g.Resolve(subs)
	must(t, err)
	d1, err := v1.Diff(g.View(1, false))
	must(t, err)
	if _, err := v2.Apply(d1); err == nil || !strings.Contains(err.Error(), "made for another view") {
		t.Errorf("seat 1's delta applied to seat 2's view: have %v", err)
	}
	if _, err := v1.Diff(g.View(2, false)); err == nil {
		t.Errorf("Diff from seat 1's view to seat 2's succeeded")
	}
	if _, err := v1.Diff(g.View(0, true)); err == nil {
		t.Errorf("Diff from seat 1's view to the all-seeing spectator's succeeded")
	}
}

// TestAIRefuses checks that the AI refuses to play from a view it cannot
// use rather than sending orders the game would refuse.
func TestAIRefuses(t *testing.T) {
	g := newGame(t, config(3, 2, 6))
	ai, err := New().NewAI(LevelRandom, 1)
	must(t, err)
	st := g.Step()
	late := st
	late.Seq++
	for _, tt := range []struct {
		name string
		view ruleset.View
		step ruleset.Step
		seat ruleset.Seat
		err  string
	}{
		{"another seat's view", g.View(2, false), st, 1, "seat 2's view for seat 1"},
		{"a spectator", g.View(0, false), st, 0, "seat 0's view for seat 0"},
		{"a view of another step", g.View(1, false), late, 1, "a view of step 0 for step 1"},
		{"a seat that does not act", g.View(1, false), ruleset.Step{Mode: ruleset.Interactive, Actors: []ruleset.Seat{2}}, 1, "seat 1 does not act"},
	} {
		if _, err := ai.Act(tt.view, tt.step, tt.seat); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: have %v, want %q", tt.name, err, tt.err)
		}
	}
	if _, err := New().NewAI("expert", 1); err == nil || !strings.Contains(err.Error(), `no AI level "expert"`) {
		t.Errorf("NewAI(expert): have %v", err)
	}
}

// TestDeltaCopies checks that a delta counts copies: of two 7 of cups in a
// hand, the one played leaves it and the other stays (rule 12 lets a deck
// hold two of a card).
func TestDeltaCopies(t *testing.T) {
	g := table{hands: []string{"7cups 7cups 2coins", "9cups 3swords"}}.build(t)
	before := g.View(1, false)
	_, err := attack(1, 2, "7cups").run(t, g)
	must(t, err)
	after := g.View(1, false)
	d, err := before.Diff(after)
	must(t, err)
	got, err := before.Apply(d)
	must(t, err)
	if have, want := got.(*View).Hand, cards(t, "7cups 2coins"); !slices.Equal(have, want) {
		t.Errorf("the hand after the delta: have %v, want %v", have, want)
	}
	if got.Checksum() != after.Checksum() {
		t.Error("the delta reaches another view than the game's")
	}
}
