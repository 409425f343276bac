package erfworld

import (
	"fmt"
	"strings"
	"testing"

	"empires/client/menu"
	erf "empires/shared/rules/erfworld"
)

// helpText returns the whole text of c, one line per paragraph and row.
func helpText(c menu.HelpContent) string {
	var b strings.Builder
	for _, s := range c.Sections {
		fmt.Fprintf(&b, "# %s\n", s.Title)
		for _, p := range s.Paragraphs {
			fmt.Fprintf(&b, "%s\n", p)
		}
		for _, r := range s.Rows {
			fmt.Fprintf(&b, "%s: %s\n", r.Term, r.Text)
		}
	}
	return b.String()
}

func defaultRules(t *testing.T) *erf.Ruleset {
	t.Helper()
	d, err := erf.Default()
	if err != nil {
		t.Fatalf("erfworld.Default: %v", err)
	}
	return d
}

// TestErfworldHelp: the help tells how to win, the rules in short with the
// ruleset's numbers, every key of the game screen and every marker of the
// map.
func TestHelp(t *testing.T) {
	text := helpText(Help(defaultRules(t)))
	for _, want := range []string{
		// The keys and the map's markers are among the rules.
		"# Mouse and keys", "# The map",
		// How to win: "at the beginning of their Turn, they control THREE
		// Capitals"; "they have one turn to retake it".
		"Hold 3 Capitals at the start of your turn and you win",
		"you have 1 turn to retake one",
		// Income, cities and upgrades.
		"Each city brings 1 Schmucker per level each turn",
		"New city: 2 Schmuckers, on Open terrain where you have an army",
		"level 2 to 3: 6 Schmuckers), up to level 4",
		"A city forms 1 unit per level each turn",
		"adds 2 Infantry per level of defence",
		"3 goods: 9 Schmuckers",
		// Units and what they can do.
		"Infantry: Always available; takes 2 hits to destroy.",
		"Cavalry: Needs a city of yours next to Grasslands; rolls 2 dice in battle.",
		"Flyers: Needs a city of yours next to Mountains; each may scout 1 hex at a distance of 2 from its army",
		"Siege: Needs a city of yours next to Woods; each lowers a city's defence by 1",
		"An army moves 2 hexes a turn, one more when it has more Cavalry and Flyers than Infantry and Siege, " +
			"one less when it has more Siege than Cavalry (from 1 to 3)",
		"Armies cannot enter Mountains or Water",
		// Warlords; Casters each in a line.
		"a level higher for each 2 Schmuckers more (up to level 9)",
		"Alone, a Warlord moves 4 hexes a turn. Upkeep 1 Schmucker a turn.",
		"Up to 3 per empire", "Upkeep 2 Schmuckers a turn each",
		"Croak-A-Mancer: ", "Not in an empire that has a Heal-A-Mancer",
		"Econ-A-Mancer: +5 Schmuckers a turn.", "Look-A-Mancer: ", "Fool-A-Mancer: A Look at your empire fails 50% of the time",
		"Heal-A-Mancer: ", "Dirt-A-Mancer: City upgrades cost 1/2.", "Cancel-A-Mancer: ",
		// Fleets, combat, upkeep, autopilot.
		"Built when you have cities next to Water and Woods: 1 fleet a turn, 5 Schmuckers, no upkeep.",
		"moves 3 hexes a turn and carries 1 army a turn", "goes fishing: +1 Schmucker",
		"4 or more is a hit and a 6 counts as 2 hits",
		"Casualties fall on Infantry, Cavalry, Flyers and Siege in that order",
		"on equal losses the attacker falls back",
		"1 Schmucker for every 5 units (rounded down: 14 units cost 2 Schmuckers)",
		"autopilot: no income, no upkeep, no army moves or attacks and no Warlord or Caster acts",
		"After 2 missed turns in a row the seat is opened",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q", want)
		}
	}
}

// TestErfworldHelpFollowsTheRules: a mod's numbers show in its help.
func TestErfworldHelpFollowsTheRules(t *testing.T) {
	d := defaultRules(t)
	mod := *d
	mod.Win.Capitals = 4
	mod.Fleet.Cost = 7
	mod.Warlord.MoveAlone = 5
	mod.City.NewCityCost = 1
	text := helpText(Help(&mod))
	for _, want := range []string{"Hold 4 Capitals", "1 fleet a turn, 7 Schmuckers", "a Warlord moves 5 hexes", "New city: 1 Schmucker, on"} {
		if !strings.Contains(text, want) {
			t.Errorf("the mod's help does not say %q", want)
		}
	}
}
