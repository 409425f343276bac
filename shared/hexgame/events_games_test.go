package hexgame_test

import (
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// TestEventsOverGames plays seeded erfworld and erfpires games of AIs and
// checks every seat's events of every turn in the compact form: they
// decode, with the ruleset's rules, to exactly the events the server had,
// the battle reports' words (erfworld's reason and characters' words,
// which the ruleset writes on both sides) and every die included; and
// erfworld's battle words do not travel: its events are no longer than
// they are with the words taken out of the reports.
func TestEventsOverGames(t *testing.T) {
	reg, err := defaultRegistry()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"erfworld", "erfpires"} {
		t.Run(id, func(t *testing.T) {
			x, ok := reg.Get(id)
			if !ok {
				t.Fatalf("the registry has no %s", id)
			}
			rs := x.(*hexgame.Ruleset)
			const seats = 6
			g, err := rs.New(ruleset.Config{Seed: 3, Seats: seats,
				Options: ruleset.Options{ruleset.KeyWidth: 32, ruleset.KeyHeight: 32}})
			if err != nil {
				t.Fatal(err)
			}
			ais := rulesettest.AIs(t, rs, seats)
			battles, words := 0, 0
			for range 80 {
				if over, _ := g.Over(); over {
					break
				}
				st := g.Step() // the step played, for the messages
				out := rulesettest.Step(t, g, ais)
				ho := out.(*hexgame.Outcome)
				for s := ruleset.Seat(1); s <= seats; s++ {
					want := ho.For(s, false)
					data, err := out.Events(s, false)
					if err != nil {
						t.Fatal(err)
					}
					have, err := hexgame.DecodeEvents(data, rs.Rules())
					if err != nil {
						t.Fatalf("turn %d, seat %d: %v", st.Turn, s, err)
					}
					if !reflect.DeepEqual(normal(have), normal(want)) {
						t.Fatalf("turn %d, seat %d: decoded\n%+v\nwant\n%+v", st.Turn, s, have, want)
					}
					bare, n := withoutWords(want)
					battles, words = battles+countBattles(want), words+n
					short, err := hexgame.EncodeEvents(bare, nil)
					if err != nil {
						t.Fatal(err)
					}
					if id == "erfworld" && len(data) > len(short) {
						t.Errorf("turn %d, seat %d: %d bytes of events, %d with the battles' words taken out: words travel", st.Turn, s, len(data), len(short))
					}
				}
			}
			t.Logf("%d battles seen by the seats, with %d words", battles, words)
			if battles == 0 || words == 0 {
				t.Fatalf("%d battles, %d words: the test exercises too little", battles, words)
			}
		})
	}
}

// withoutWords returns copies of events whose battle reports have no
// words, and how many words it took out.
func withoutWords(events []game.Event) ([]game.Event, int) {
	out := make([]game.Event, len(events))
	n := 0
	for i, e := range events {
		out[i] = e
		if e.Battle == nil {
			continue
		}
		b := *e.Battle
		if b.ReasonText != "" {
			n++
		}
		b.ReasonText = ""
		for k := range b.Sides {
			chars := make([]game.CharacterReport, len(b.Sides[k].Characters))
			for j, c := range b.Sides[k].Characters {
				if c.Name != "" {
					n++
				}
				if c.Text != "" {
					n++
				}
				c.Name, c.Text = "", ""
				chars[j] = c
			}
			b.Sides[k].Characters = chars
		}
		out[i].Battle = &b
	}
	return out, n
}

// countBattles returns how many of events are battles.
func countBattles(events []game.Event) int {
	n := 0
	for _, e := range events {
		if e.Battle != nil {
			n++
		}
	}
	return n
}

// normal returns events with the empty lists of battle reports nil, as
// the compact form gives them back.
func normal(evs []game.Event) []game.Event {
	out := make([]game.Event, len(evs))
	for i, e := range evs {
		out[i] = e
		if e.Battle == nil {
			continue
		}
		b := *e.Battle
		for k := range b.Sides {
			s := &b.Sides[k]
			if len(s.Armies) == 0 {
				s.Armies = nil
			}
			for _, u := range []*game.Units{&s.Before, &s.Losses, &s.Uncroaked, &s.CityUnits, &s.CityLosses} {
				if len(*u) == 0 {
					*u = nil
				}
			}
			if len(s.Rolls) == 0 {
				s.Rolls = nil
			}
			if len(s.Characters) == 0 {
				s.Characters = nil
			}
			if len(s.Dice) == 0 {
				s.Dice = nil
			}
		}
		out[i].Battle = &b
	}
	return out
}

// FuzzDecodeEventsWithWords: with erfworld's rules writing the battle
// words, DecodeEvents never panics on any payload, and what it accepts
// encodes to a payload that decodes to the same events.
func FuzzDecodeEventsWithWords(f *testing.F) {
	rules := erfworldRules(f).Rules()
	battle := &game.BattleReport{Hex: hex.Hex{Q: 1}, Reason: game.ReasonFewerLosses,
		Sides: [2]game.SideReport{
			{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{3}, Before: game.Units{4}, Losses: game.Units{1}, Fallen: 1, Won: true,
				Characters: []game.CharacterReport{{ID: 5, Army: 3, Kind: 1, Level: 2, LevelAfter: 3, Effect: game.EffectUnused}},
				Dice:       []game.DieReport{{Round: 1, Roll: 4, Score: 4, Hits: 1}, {Round: 1, Roll: 2, Score: 2}}},
			{Player: 2, Role: game.Defender, Armies: []game.ArmyID{9}, Before: game.Units{2}, Losses: game.Units{2}, Fallen: 2},
		}}
	rules.(hexgame.BattleWriter).WriteBattle(battle)
	data, err := hexgame.EncodeEvents([]game.Event{{Turn: 4, Kind: game.EventBattle, To: hex.Hex{Q: 1}, HasHex: true, Battle: battle}}, rules)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, err := hexgame.DecodeEvents(data, rules)
		if err != nil {
			return
		}
		again, err := hexgame.EncodeEvents(evs, rules)
		if err != nil {
			t.Fatalf("decoded events do not encode: %v", err)
		}
		evs2, err := hexgame.DecodeEvents(again, rules)
		if err != nil {
			t.Fatalf("re-encoded events do not decode: %v", err)
		}
		if !reflect.DeepEqual(normal(evs), normal(evs2)) {
			t.Fatalf("re-encoded events differ:\nhave %+v\nwant %+v", evs2, evs)
		}
	})
}

// BenchmarkEncodeBattleEvents encodes every seat's events of the turn with
// the most battles of a 60-turn erfworld game of 16 on 64x64, with the
// ruleset's battle words (checked against WriteBattle and left out) and
// without (the words travel as texts), and reports the bytes of each.
func BenchmarkEncodeBattleEvents(b *testing.B) {
	rs := erfworldRules(b)
	const seats = 16
	g, err := rs.New(ruleset.Config{Seed: 1, Seats: seats,
		Options: ruleset.Options{ruleset.KeyWidth: 64, ruleset.KeyHeight: 64}})
	if err != nil {
		b.Fatal(err)
	}
	ais := rulesettest.AIs(b, rs, seats)
	var worst [][]game.Event // each seat's events of the turn with the most battles
	most := -1
	for range 60 {
		out := rulesettest.Step(b, g, ais)
		ho := out.(*hexgame.Outcome)
		if n := countBattles(ho.Ev.List); n > most {
			most, worst = n, nil
			for s := ruleset.Seat(1); s <= seats; s++ {
				worst = append(worst, ho.For(s, false))
			}
		}
	}
	for _, bc := range []struct {
		name  string
		rules game.Ruleset
	}{{"words-written", rs.Rules()}, {"words-sent", nil}} {
		b.Run(bc.name, func(b *testing.B) {
			size := 0
			for b.Loop() {
				size = 0
				for _, evs := range worst {
					data, err := hexgame.EncodeEvents(evs, bc.rules)
					if err != nil {
						b.Fatal(err)
					}
					size += len(data)
				}
			}
			b.ReportMetric(float64(size)/seats, "B/seat")
			b.ReportMetric(float64(most), "battles")
		})
	}
}
