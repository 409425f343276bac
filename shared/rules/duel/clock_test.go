package duel

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// TestStepClock checks rule 11's clocks and the steps' names for the top
// bar: the offering and an answer have the seconds to answer each, an
// attack turn a budget of its own of the seconds per turn, named for the
// round and the turn; 0 sets none.
func TestStepClock(t *testing.T) {
	t.Logf("rule %s", rule[11])
	attacking := table{hands: []string{"7cups 2coins", "9cups 3swords", "4clubs"}}
	second := attacking
	second.round, second.turn = 2, 1
	tests := []struct {
		name     string
		have     table
		answer   int // the settings, in seconds; -1 keeps the defaults
		turnTime int
		mode     ruleset.Mode
		limit    time.Duration
		budget   string
		phase    string
	}{
		{"the offering", table{phase: PhaseOffer, hands: attacking.hands}, -1, -1,
			ruleset.Simultaneous, 30 * time.Second, "", "Round 1 · Offer"},
		{"an attack turn", attacking, -1, -1, ruleset.Interactive, 2 * time.Minute, "round 1 attack 1", "Round 1 · Anna attacks"},
		{"round 2's second attack turn", second, -1, -1, ruleset.Interactive, 2 * time.Minute, "round 2 attack 2", "Round 2 · Cleo attacks"},
		{"an answer", table{phase: PhaseDefend, defender: 2, attack: "5cups", hands: attacking.hands}, -1, -1,
			ruleset.Interactive, 30 * time.Second, "", "Round 1 · Bert defends"},
		{"the game over", table{phase: PhaseOver, winner: 1, hands: attacking.hands}, -1, -1, ruleset.Interactive, 0, "", "Game over"},
		{"other settings", attacking, 60, 300, ruleset.Interactive, 5 * time.Minute, "round 1 attack 1", "Round 1 · Anna attacks"},
		{"no clock for a turn", attacking, 30, 0, ruleset.Interactive, 0, "", "Round 1 · Anna attacks"},
		{"no clock for an answer", table{phase: PhaseDefend, defender: 3, attack: "5cups", hands: attacking.hands}, 0, 120,
			ruleset.Interactive, 0, "", "Round 1 · Cleo defends"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.have.build(t)
			if tt.answer >= 0 {
				g.s.Answer, g.s.TurnTime = tt.answer, tt.turnTime
			}
			st := g.Step()
			if st.Mode != tt.mode || st.Limit != tt.limit || st.Budget != tt.budget || st.Phase != tt.phase {
				t.Errorf("have %s step, limit %s, budget %q, phase %q; want %s, %s, %q, %q",
					st.Mode, st.Limit, st.Budget, st.Phase, tt.mode, tt.limit, tt.budget, tt.phase)
			}
		})
	}
}

// TestClockSettings checks that a new game takes rule 11's times from its
// settings, choices a creator reads ("None", "30 s", "2 min"), the
// defaults when unset, and keeps them in its save.
func TestClockSettings(t *testing.T) {
	t.Logf("rule %s", rule[11])
	in := New().Info()
	for _, tt := range []struct {
		key     string
		choices []string
		def     string
	}{
		{KeyAnswer, []string{"None", "15 s", "30 s", "1 min", "2 min"}, "30 s"},
		{KeyTurn, []string{"None", "1 min", "2 min", "5 min", "10 min"}, "2 min"},
	} {
		s, ok := in.Setting(tt.key)
		if !ok || !slices.Equal(s.Choices, tt.choices) || s.Choices[s.Default] != tt.def {
			t.Errorf("setting %s: %+v, want the choices %q, %s unless chosen", tt.key, s, tt.choices, tt.def)
		}
	}
	g := newGame(t, config(1, 2, 6))
	if st := g.Step(); st.Limit != 30*time.Second {
		t.Errorf("a game with the default settings offers for %s, want 30s", st.Limit)
	}
	cfg := config(1, 2, 6)
	cfg.Options[KeyAnswer], cfg.Options[KeyTurn] = 1, 0 // 15 s, none
	g = newGame(t, cfg)
	save, err := g.Save()
	must(t, err)
	loaded, err := New().Load(save)
	must(t, err)
	if st := loaded.Step(); st.Limit != 15*time.Second || loaded.(*game).s.TurnTime != 0 {
		t.Errorf("a loaded game offers for %s, its turns have %d seconds; want 15s and 0", st.Limit, loaded.(*game).s.TurnTime)
	}
	cfg.Options[KeyAnswer] = len(AnswerTimes())
	if _, err := New().New(cfg); err == nil {
		t.Errorf("New accepted the choice %d of %d times to answer", len(AnswerTimes()), len(AnswerTimes()))
	}
}

// TestDefault checks rule 11's defaults (ruleset.Defaulter): for an actor
// whose time ran out, the offering lays its lowest card (rule 4), the
// attacker passes (rule 5), the defender takes the hit (rule 7); each is
// input the game accepts, and a seat that does not act has none.
func TestDefault(t *testing.T) {
	t.Logf("rule %s", rule[11])
	offering := table{phase: PhaseOffer, hands: []string{"7cups 2coins", "3swords 9clubs 1cups", "4clubs 5clubs"}}
	attacking := table{hands: []string{"7cups 2coins", "9cups 3swords", "4clubs"}}
	defending := table{phase: PhaseDefend, defender: 2, attack: "7cups", hands: []string{"2coins", "9cups 5cups 9coins", "4clubs"}}
	tests := []struct {
		name string
		have table
		seat ruleset.Seat
		want any // an *Offer, an *Action, or nil for no default
	}{
		{"rule 4: the offering lays the lowest card", offering, 2, &Offer{Seq: tableSeq, Card: card(t, "1cups")}},
		{"rule 4: of the suit first in the deck file on a tie", table{phase: PhaseOffer, hands: []string{"2clubs 2coins 5cups", "3swords"}}, 1,
			&Offer{Seq: tableSeq, Card: card(t, "2coins")}},
		{"rule 5: the attacker passes", attacking, 1, &Action{Seq: tableSeq, Kind: ActPass}},
		{"rule 7: the defender takes the hit", defending, 2, &Action{Seq: tableSeq, Kind: ActTake}},
		{"not the attacker", attacking, 2, nil},
		{"not the defender", defending, 1, nil},
		{"a seat holding no cards in the offering", table{phase: PhaseOffer, hands: []string{"7cups", "", "4clubs"}}, 2, nil},
		{"a spectator", attacking, 0, nil},
		{"no such seat", attacking, 9, nil},
		{"the game over", table{phase: PhaseOver, winner: 1, hands: []string{"1cups", "2cups"}}, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.have.build(t)
			b, ok := g.Default(tt.seat)
			if tt.want == nil {
				if ok || b != nil {
					t.Errorf("have a default %x, want none", b)
				}
				return
			}
			if !ok {
				t.Fatal("have no default")
			}
			if want := marshal(t, tt.want); string(b) != string(want) {
				t.Errorf("have %x, want %x (%+v)", b, want, tt.want)
			}
			if err := playDefault(g, tt.seat, b); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestDefaultLikeAutopilot checks that the offering's default lays the
// card rule 4 lays for a seat that sent nothing.
func TestDefaultLikeAutopilot(t *testing.T) {
	t.Logf("rule %s", rule[4])
	tb := table{phase: PhaseOffer, hands: []string{"7cups 2coins", "3swords 9clubs 1cups"}}
	silent, defaulted := tb.build(t), tb.build(t)
	_, err := offer("7cups", "").run(t, silent)
	must(t, err)
	b, _ := defaulted.Default(2)
	sub := []ruleset.Submission{{Seat: 1, Orders: marshal(t, &Offer{Seq: tableSeq, Card: card(t, "7cups")})}, {Seat: 2, Orders: b}}
	_, err = defaulted.Resolve(sub)
	must(t, err)
	if fmt.Sprint(silent.s.Hands, silent.s.Discard, silent.s.Points) != fmt.Sprint(defaulted.s.Hands, defaulted.s.Discard, defaulted.s.Points) {
		t.Errorf("the default lays other cards than the autopilot: hands %v and %v", defaulted.s.Hands, silent.s.Hands)
	}
}

// playDefault plays seat s's default b on g as the server would when s's
// time runs out: through Check and Resolve (the others giving nothing) in
// the offering, through Act otherwise.
func playDefault(g *game, s ruleset.Seat, b []byte) error {
	if g.Step().Mode == ruleset.Simultaneous {
		rej, err := g.Check(s, b)
		if err != nil || len(rej) > 0 {
			return fmt.Errorf("Check refused seat %d's default: %v %v", s, rej, err)
		}
		_, err = g.Resolve([]ruleset.Submission{{Seat: s, Orders: b}})
		return err
	}
	_, err := g.Act(s, b)
	if err != nil {
		return fmt.Errorf("Act refused seat %d's default: %w", s, err)
	}
	return nil
}

// defaults returns a check of games of rs that after every step each
// actor's default (rule 11) is input the game accepts, and that a seat not
// acting has none.
func defaults(rs *Rules) func(r *rulesettest.Record) error {
	return func(r *rulesettest.Record) error {
		gg, err := rs.Load(r.After)
		if err != nil {
			return err
		}
		st := gg.Step()
		var errs []error
		for s := ruleset.Seat(0); int(s) <= gg.Seats(); s++ {
			b, ok := gg.(*game).Default(s)
			if ok != st.Acts(s) {
				errs = append(errs, fmt.Errorf("step %d: seat %d has a default %t, acts %t", st.Seq, s, ok, st.Acts(s)))
			}
			if !ok {
				continue
			}
			g, err := rs.Load(r.After)
			if err != nil {
				return err
			}
			if err := playDefault(g.(*game), s, b); err != nil {
				errs = append(errs, fmt.Errorf("step %d: %w", st.Seq, err))
			}
		}
		return errors.Join(errs...)
	}
}
