package model_test

import (
	"reflect"
	"testing"

	"empires/client/model"
	"empires/client/module/erfpires"
	"empires/client/module/erfworld"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/registry"
	ep "empires/shared/rules/erfpires"
	erf "empires/shared/rules/erfworld"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// TestLogFromCompactEvents plays seeded erfworld and erfpires games of AIs
// and gives each player's model every turn twice: the events as the
// server resolved them, their battle words written by the battles, and
// the same events through the compact form the server sends (which leaves
// out the words the ruleset writes: the client writes them with the same
// rules). Both logs read the same, line for line, each battle's report
// (its reason and characters' words shown in the battle window) too.
func TestLogFromCompactEvents(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		id    string
		rules func(game.Ruleset) model.Rules
	}{
		{"erfworld", func(r game.Ruleset) model.Rules { return erfworld.Rules{Rules: r.(*erf.Rules)} }},
		{"erfpires", func(r game.Ruleset) model.Rules { return erfpires.Rules{Rules: r.(*ep.Rules)} }},
	} {
		t.Run(tt.id, func(t *testing.T) {
			x, ok := reg.Get(tt.id)
			if !ok {
				t.Fatalf("the registry has no %s", tt.id)
			}
			rs := x.(*hexgame.Ruleset)
			rules := tt.rules(rs.Rules())
			const seats = 4
			g, err := rs.New(ruleset.Config{Seed: 7, Seats: seats,
				Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 24}})
			if err != nil {
				t.Fatal(err)
			}
			ais := make([]ruleset.AI, seats+1)
			direct := make([]*model.Model, seats+1) // fed the server's events
			wired := make([]*model.Model, seats+1)  // fed them through the compact form
			for s := 1; s <= seats; s++ {
				if ais[s], err = rs.NewAI(rs.Info().DefaultLevel, uint64(s)); err != nil {
					t.Fatal(err)
				}
				direct[s], wired[s] = model.New(rules), model.New(rules)
				v := g.View(ruleset.Seat(s), false).(*hexgame.View).V
				if err := direct[s].SetFullView(v); err != nil {
					t.Fatal(err)
				}
				if err := wired[s].SetFullView(v); err != nil {
					t.Fatal(err)
				}
			}
			battles := 0
			for range 60 {
				if over, _ := g.Over(); over {
					break
				}
				st := g.Step() // the step played, for the messages
				out := rulesettest.Step(t, g, ais)
				for s := 1; s <= seats; s++ {
					seat := ruleset.Seat(s)
					data, err := out.Events(seat, false)
					if err != nil {
						t.Fatal(err)
					}
					events, err := hexgame.DecodeEvents(data, rules)
					if err != nil {
						t.Fatalf("turn %d, seat %d: %v", st.Turn, s, err)
					}
					next := g.View(seat, false).(*hexgame.View).V
					direct[s].ApplyUpdate(out.(*hexgame.Outcome).For(seat, false), next)
					wired[s].ApplyUpdate(events, next)
				}
			}
			for s := 1; s <= seats; s++ {
				have, want := wired[s].Log(), direct[s].Log()
				if len(have) != len(want) {
					t.Fatalf("seat %d: %d lines of log, %d from the server's events", s, len(have), len(want))
				}
				for i := range want {
					if have[i].Text != want[i].Text {
						t.Errorf("seat %d, line %d:\nhave %q\nwant %q", s, i, have[i].Text, want[i].Text)
					}
					if want[i].Battle == nil {
						continue
					}
					battles++
					if !reflect.DeepEqual(words(have[i].Battle), words(want[i].Battle)) {
						t.Errorf("seat %d, line %d: the battle's words\nhave %q\nwant %q", s, i, words(have[i].Battle), words(want[i].Battle))
					}
				}
			}
			t.Logf("%d battles in the seats' logs", battles)
			if battles == 0 {
				t.Fatal("no battle: the test exercises too little")
			}
		})
	}
}

// words returns the words of battle report b: its reason, then each
// character's name and what it did.
func words(b *game.BattleReport) []string {
	out := []string{b.Reason, b.ReasonText}
	for _, s := range b.Sides {
		for _, c := range s.Characters {
			out = append(out, c.Name, c.Text)
		}
	}
	return out
}
