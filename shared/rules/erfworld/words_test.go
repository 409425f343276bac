package erfworld_test

import (
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
)

// TestWriteBattle plays games of AIs, modded rules among them (no ties, a
// Cancel-A-Mancer that cancels another, two Heal-A-Mancers a battle), and
// checks that WriteBattle writes every battle report's words from the rest
// of the report as the battle wrote them: the reason (step 8, "The Side
// which loses the most units must retreat"), each character's name and
// what it did (Warlord points, the Casters' effects, a player on autopilot:
// "No Characters may perform any actions"), so that the compact form of
// events need not carry them.
func TestWriteBattle(t *testing.T) {
	base, err := erfworld.Open("")
	if err != nil {
		t.Fatal(err)
	}
	modded := *base
	d := *base.D
	d.Combat.TieRetreats = "none"
	d.Caster.Cancel.CancelsCancel = true
	d.Caster.Heal.MaxPerCombat = 2
	modded.D = &d
	seen := map[string]int{} // the words seen, by kind, and each text
	for k, r := range []*erfworld.Rules{base, &modded} {
		for seed := uint64(1); seed <= 3; seed++ {
			levels := []ruleset.Level{ruleset.Normal, ruleset.Easy, ruleset.Random, ruleset.Normal}
			s, err := r.NewGame(seed+uint64(10*k), 24, 24, len(levels), nil)
			if err != nil {
				t.Fatal(err)
			}
			players := make([]*erfworldai.Player, len(levels))
			for i, l := range levels {
				players[i] = erfworldai.New(r, l, seed)
			}
			for range 80 {
				if s.Over {
					break
				}
				var all []game.PlayerOrders
				for i, pl := range players {
					id := game.PlayerID(i + 1)
					// Player 4 sends no orders on every third turn: the
					// autopilot's idle characters.
					if s.Player(id).Alive && !(id == 4 && s.Turn%3 == 0) {
						all = append(all, game.PlayerOrders{Player: id, Orders: pl.Orders(game.NewView(s, id))})
					}
				}
				for _, e := range game.Resolve(s, r, all).List {
					if e.Battle != nil {
						checkWords(t, r, e.Turn, e.Battle, seen)
					}
				}
			}
		}
	}
	t.Logf("words seen: %d reasons, %d Warlords', %d Casters'; %d texts", seen["reason"], seen["Warlord"], seen["Caster"], len(seen)-3)
	for _, kind := range []string{"reason", "Warlord", "Caster"} {
		if seen[kind] == 0 {
			t.Errorf("no %s words seen: the test exercises too little (%v)", kind, seen)
		}
	}
}

// checkWords checks that r writes the words of report rep as its battle
// did, and counts them in seen.
func checkWords(t *testing.T, r *erfworld.Rules, turn game.Turn, rep *game.BattleReport, seen map[string]int) {
	t.Helper()
	have := *rep
	have.ReasonText = ""
	for i := range have.Sides {
		have.Sides[i].Characters = slices.Clone(have.Sides[i].Characters)
		for k := range have.Sides[i].Characters {
			have.Sides[i].Characters[k].Name, have.Sides[i].Characters[k].Text = "", ""
		}
	}
	r.WriteBattle(&have)
	if have.ReasonText != rep.ReasonText {
		t.Errorf("turn %d, battle at %s: reason %q, the battle wrote %q", turn, rep.Hex, have.ReasonText, rep.ReasonText)
	}
	if rep.ReasonText != "" {
		seen["reason"]++
	}
	for i := range rep.Sides {
		for k, want := range rep.Sides[i].Characters {
			c := have.Sides[i].Characters[k]
			if c.Name != want.Name || c.Text != want.Text {
				t.Errorf("turn %d, battle at %s, character %d: %q: %q, the battle wrote %q: %q", turn, rep.Hex, c.ID, c.Name, c.Text, want.Name, want.Text)
			}
			if want.Kind == erfworld.CharWarlord {
				seen["Warlord"]++
			} else {
				seen["Caster"]++
			}
			seen[want.Text]++
		}
	}
}
