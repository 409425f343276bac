package erfpires

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"empires/client/model"
	"empires/shared/game"
	ep "empires/shared/rules/erfpires"
	"empires/shared/words"
)

// The ruleset writes its events' Text for the server's logs, naming
// players "player 2", cities "city 5" and hexes "3,4". The log's words
// below are the client's own, from the events' fields; where a field is
// missing (the partner of a trade, the truce's last day) it is read from
// the Text, whose forms the tests pin on events the ruleset made.

// playerRef matches a player as the ruleset's texts name it, with the
// battle role it may carry: "player 2", "player 2 (defender)".
var playerRef = regexp.MustCompile(`player (\d+)(?: \((?:attacker|defender)\))?`)

// dayRef matches the day a text names: "until day 12", "before day 12".
var dayRef = regexp.MustCompile(`day (\d+)`)

// partner returns the first player text names, 0 if none.
func partner(text string) game.PlayerID {
	if m := playerRef.FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[1])
		return game.PlayerID(n)
	}
	return 0
}

// lastDay returns the first day text names, 0 if none.
func lastDay(text string) int {
	if m := dayRef.FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// named writes text with every player as the ruleset names it ("player
// 2 (defender)") by its name in the model's view ("Blue").
func named(m *model.Model, text string) string {
	return playerRef.ReplaceAllStringFunc(text, func(s string) string {
		return m.PlayerName(partner(s))
	})
}

// EventText implements model.Rules: the ruleset's events (recruits, taxes,
// trades, tributes, structures taken and lost), and the engine's where
// erfpires says more (builds name what was built; battles give each
// side's die, Combat and Defence and who retreats, or the truce that
// stopped the fight; skipped orders name the players).
func (r Rules) EventText(n model.Namer, e *game.Event) string {
	m := n.Model()
	who := model.Capital(m.Who(e.Player))
	switch e.Kind {
	case ep.EventRecruit:
		units := strings.TrimPrefix(e.Text, "recruited ")
		if i := strings.LastIndex(units, " in "); i >= 0 {
			units = units[:i]
		}
		return fmt.Sprintf("%s recruited %s in %s", who, units, m.CityName(e.City))
	case ep.EventTax:
		sums := strings.TrimPrefix(e.Text, "Tax: ")
		return n.Others(e, fmt.Sprintf("You taxed your Erfpire: %s", sums))
	case ep.EventTrade:
		q := m.PlayerName(partner(e.Text))
		switch {
		case e.Amount > 0:
			return n.Others(e, fmt.Sprintf("You traded with %s: +%s", q, r.money(e.Amount)))
		case strings.HasPrefix(e.Text, "no trade"):
			return n.Others(e, fmt.Sprintf("No trade: %s did not trade with you today", q))
		}
		return n.Others(e, fmt.Sprintf("%s offered to trade with you today, and you did not trade with them", q))
	case ep.EventTribute:
		q := m.PlayerName(partner(e.Text))
		until := lastDay(e.Text)
		if e.Amount < 0 {
			return n.Others(e, fmt.Sprintf("You gave %s in tribute to %s: %s may not attack you until day %d",
				r.money(-e.Amount), q, q, until))
		}
		return n.Others(e, fmt.Sprintf("%s gave you %s in tribute: you may not attack %s until day %d",
			q, r.money(e.Amount), q, until))
	case ep.EventStructureTaken:
		if you := m.You(); you != 0 && game.PlayerID(e.Amount) == you {
			return model.NoLine // the loser's own event (EventStructureLost) says it
		}
		verb, name := r.structureDeed(e.Text)
		was := m.Whose(game.PlayerID(e.Amount))
		return fmt.Sprintf("%s army %s %s %s at %s", model.Capital(m.Whose(e.Player)), verb, was, name, model.At(e.To))
	case ep.EventStructureLost:
		if e.Player != m.You() || m.You() == 0 {
			return model.NoLine // the taker's event (EventStructureTaken) says it to the others
		}
		verb, name := r.structureDeed(e.Text)
		return fmt.Sprintf("%s army %s %s %s at %s", model.Capital(m.Whose(game.PlayerID(e.Amount))), verb, m.Whose(e.Player), name, model.At(e.To))
	case game.EventBuild:
		if e.City != 0 {
			return fmt.Sprintf("%s built a city at %s", who, model.At(e.To))
		}
		_, name := r.structureDeed(e.Text)
		return fmt.Sprintf("%s built a %s at %s", who, name, model.At(e.To))
	case game.EventBattle:
		return r.battleText(n, e)
	case game.EventOrderSkipped:
		return n.Others(e, model.Capital(named(m, e.Text)))
	case game.EventVictory:
		won := m.PlayerName(e.Player) + " won the game"
		if m.Who(e.Player) == "you" {
			won = "You won the game"
		}
		if e.Text != "" {
			won += ": " + named(m, e.Text)
		}
		return won
	}
	return ""
}

// structureDeed reads what a structure's event says was done to it
// ("captured" or "razed") and the structure's name, from the names of the
// ruleset's kinds; "a structure" when it names none.
func (r Rules) structureDeed(text string) (verb, name string) {
	verb = "captured"
	if strings.Contains(text, "razed") {
		verb = "razed"
	}
	name = "structure"
	for _, st := range r.D.Structures {
		if strings.Contains(text, " "+st.Name+" ") {
			name = st.Name
		}
	}
	return verb, name
}

// battleText writes a battle for the log: the model's line, then each
// side's die and sums and the rule that decided it, or the truce that
// kept the sides from fighting.
func (r Rules) battleText(n model.Namer, e *game.Event) string {
	m := n.Model()
	base := n.Battle(e)
	b := e.Battle
	if b == nil {
		return base
	}
	if b.Reason == ep.ReasonTruce {
		me, other := b.Sides[0], b.Sides[1]
		if other.Player == m.You() && m.You() != 0 {
			me, other = other, me
		}
		return fmt.Sprintf("%s met %s at %s: %s", model.Capital(sideRef(n, me)), sideRef(n, other), model.At(b.Hex),
			named(m, b.ReasonText))
	}
	sides, reason, ok := r.Explain(b, m.PlayerName)
	if !ok {
		return base
	}
	sums, _, _ := Sums(b)
	var parts []string
	for i, lines := range sides {
		if len(lines) > 0 && sums[i] != nil {
			parts = append(parts, fmt.Sprintf("%s rolled %s: %s", m.PlayerName(b.Sides[i].Player), dieText(sums[i]), strings.Join(lines, ", ")))
		}
	}
	return fmt.Sprintf("%s. %s. %s", base, strings.Join(parts, "; "), model.Capital(reason))
}

// sideRef names the first army of a battle's side: "your army 12",
// "Blue's army 31".
func sideRef(n model.Namer, s game.SideReport) string {
	if len(s.Armies) == 0 {
		return n.Model().Whose(s.Player) + " city"
	}
	return n.ArmyRef(s.Armies[0], s.Player)
}

// sumRe matches one side's sums in a battle report's ReasonText: "player
// 1 (attacker): Combat 3 + die 4+1 - Defence 3 = 5 hits".
var sumRe = regexp.MustCompile(`^player (\d+) \((attacker|defender)\): Combat (\d+) \+ die (\d+)(?:\+(\d+))? - Defence (\d+) = (\d+) hits$`)

// SideSum is one side's sums in an erfpires battle: "Total Combat + d6 -
// total opposing Defence = hits inflicted".
type SideSum struct {
	Combat, Roll, Bonus, Defence, Hits int
}

// Sums reads each side's sums from battle report b (its ReasonText, as
// the ruleset writes it), and the rule that decided it; ok false when the
// report has none of them (a truce, a city taken with no army in it).
func Sums(b *game.BattleReport) (sides [2]*SideSum, reason string, ok bool) {
	var rest []string
	for _, part := range strings.Split(b.ReasonText, "; ") {
		f := sumRe.FindStringSubmatch(part)
		if f == nil {
			rest = append(rest, part)
			continue
		}
		num := func(i int) int { v, _ := strconv.Atoi(f[i]); return v }
		p, role := game.PlayerID(num(1)), game.Attacker
		if f[2] == "defender" {
			role = game.Defender
		}
		for i := range b.Sides {
			if b.Sides[i].Player == p && b.Sides[i].Role == role {
				sides[i] = &SideSum{Combat: num(3), Roll: num(4), Bonus: num(5), Defence: num(6), Hits: num(7)}
				ok = true
			}
		}
	}
	return sides, strings.Join(rest, "; "), ok
}

// Explain gives each side's sums of battle report b in words ("Combat 2
// + die 4 − Defence 3 = 3 hits"; a Dinglehoober's cheer: "die 4+1") and
// the rule that decided it with the players named by name; ok false when
// the report has no sums (hexscreen.Battle's Explain).
func (r Rules) Explain(b *game.BattleReport, name func(game.PlayerID) string) (sides [2][]string, reason string, ok bool) {
	sums, rest, ok := Sums(b)
	if !ok {
		return sides, "", false
	}
	for i, s := range sums {
		if s == nil {
			continue
		}
		sides[i] = []string{fmt.Sprintf("Combat %d + die %s − Defence %d = %s",
			s.Combat, dieText(s), s.Defence, words.Count(s.Hits, "hit", "hits"))}
	}
	reason = playerRef.ReplaceAllStringFunc(rest, func(s string) string { return name(partner(s)) })
	return sides, reason, true
}

// dieText writes a side's die: "4", or "4+1" with a Dinglehoober's cheer.
func dieText(s *SideSum) string {
	if s.Bonus > 0 {
		return fmt.Sprintf("%d+%d", s.Roll, s.Bonus)
	}
	return strconv.Itoa(s.Roll)
}
