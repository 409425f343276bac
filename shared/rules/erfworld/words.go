package erfworld

import (
	"fmt"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/words"
)

// The words of a battle report: the rule that decided it
// (BattleReport.ReasonText) and what each character did
// (CharacterReport.Name and Text). Battle writes them with the functions
// below as it fights; WriteBattle writes them again from the finished
// report, so that the compact form of events need not carry them (a
// client of the same build writes the same words).

var _ hexgame.BattleWriter = (*Rules)(nil)

// Fixed words of a battle report.
const (
	noFightText    = "an army on land and a fleet do not fight: nobody retreats"
	idleText       = "did nothing: its player is on autopilot (No Characters may perform any actions)"
	noCombatText   = "no effect in combat"
	fleetText      = "no effect in a fleet battle"
	ignoredText    = "the enemy's A-Mancers are ignored"
	bothCancelText = "the Cancel-A-Mancers on both sides cancel each other"
	noCancelText   = "the enemy has no A-Mancer to cancel"
	onlyOneHeal    = "only one Heal-A-Mancer per combat"
	noHealText     = "no casualty to heal"
	anotherCroak   = "another Croak-A-Mancer raised the dead"
	notVictorious  = "not a victorious combat"
	sideFellText   = "its side fell"
	noCroakText    = "no enemy casualty to raise"
)

// roleWords is "the attacker" or "the defender".
func roleWords(r game.Role) string {
	if r == game.Attacker {
		return "the attacker"
	}
	return "the defender"
}

// reasonText says in words why side w of a battle won for reason (a
// game.Reason*), of the sides of roles roles that lost lost units; w is
// -1 when nobody won.
func reasonText(reason string, w int, roles [2]game.Role, lost [2]int) string {
	switch {
	case reason == game.ReasonNoFight:
		return noFightText
	case reason == game.ReasonLastStanding && w >= 0:
		return fmt.Sprintf("only %s has units left: %s retreats", roleWords(roles[w]), roleWords(roles[1-w]))
	case reason == game.ReasonFewerLosses && w >= 0:
		return fmt.Sprintf("%s lost fewer units (%d against %d): %s retreats", roleWords(roles[w]), lost[w], lost[1-w], roleWords(roles[1-w]))
	case reason == game.ReasonTieDraw:
		return fmt.Sprintf("equal losses (%d each): nobody retreats", lost[0])
	case (reason == game.ReasonTieAttackerRetreats || reason == game.ReasonTieDefenderRetreats) && w >= 0:
		return fmt.Sprintf("equal losses (%d each): %s retreats", lost[0], roleWords(roles[1-w]))
	}
	return ""
}

// warlordText says what a Warlord of level did with its points in a side
// that had had points and spent spent of them.
func (r *Rules) warlordText(level, had, spent int32) string {
	points := words.Plural(int(level)*r.D.Combat.WarlordPointsPerLevel, "point")
	if spent > 0 {
		return fmt.Sprintf("level %d: %s; the side spent %d of its %d", level, points, spent, had)
	}
	return fmt.Sprintf("level %d: %s; no die was worth raising", level, points)
}

// healedText says that a Heal-A-Mancer healed healed of fallen
// casualties.
func healedText(healed, fallen int32) string {
	return fmt.Sprintf("healed %s of %d", words.Plural(int(healed), "casualty"), fallen)
}

// cancelledText says that the enemy's Cancel-A-Mancer cancelled a Caster.
func (r *Rules) cancelledText() string {
	return "cancelled by the enemy's " + r.D.Caster.Cancel.Name
}

// uncroakedText says what a Croak-A-Mancer raised.
func (r *Rules) uncroakedText(u game.Units) string { return "uncroaked " + r.describe(u, nil) }

// characterName is the display name of a character of kind, "" for a kind
// the rules do not know.
func (r *Rules) characterName(kind uint8) string {
	if k, ok := CasterOf(game.Character{Kind: kind}); ok {
		return r.D.Caster.Name(k)
	}
	if kind == CharWarlord {
		return "Warlord"
	}
	return ""
}

// WriteBattle implements hexgame.BattleWriter: it writes b's ReasonText
// and its characters' Name and Text from the rest of the report, as
// Battle wrote them, and leaves "" what the report does not tell. It
// reads none of b's words.
func (r *Rules) WriteBattle(b *game.BattleReport) {
	w := -1
	for i := range b.Sides {
		if b.Sides[i].Won {
			w = i
		}
	}
	var lost, left, before [2]int
	for i := range b.Sides {
		s := &b.Sides[i]
		// Fallen less Healed: a land battle's casualties taken, a fleet
		// battle's fleets sunk.
		lost[i] = int(s.Fallen - s.Healed)
		before[i] = int(s.Before.Total() + s.CityUnits.Total())
		left[i] = before[i] - int(s.Losses.Total()+s.CityLosses.Total())
	}
	b.ReasonText = reasonText(b.Reason, w, [2]game.Role{b.Sides[0].Role, b.Sides[1].Role}, lost)
	// A fleet battle rolls dice without reporting them one by one.
	fleet := (len(b.Sides[0].Rolls) > 0 || len(b.Sides[1].Rolls) > 0) &&
		len(b.Sides[0].Dice) == 0 && len(b.Sides[1].Dice) == 0
	for i := range b.Sides {
		s := &b.Sides[i]
		dead := left[i] == 0 && (before[i] > 0 || before[1-i] > 0)
		heals, croaks := 0, 0
		for k := range s.Characters {
			c := &s.Characters[k]
			c.Name = r.characterName(c.Kind)
			ck, isCaster := CasterOf(game.Character{Kind: c.Kind})
			if isCaster && ck == CasterHeal && c.Effect != game.EffectIdle && c.Effect != game.EffectCancelled {
				heals++
			}
			if isCaster && ck == CasterCroak && c.Effect != game.EffectIdle && c.Effect != game.EffectCancelled {
				croaks++
			}
			switch {
			case fleet:
				c.Text = fleetText
			case c.Effect == game.EffectIdle:
				c.Text = idleText
			case c.Kind == CharWarlord:
				c.Text = r.warlordText(c.Level, s.Points, s.PointsSpent)
			case !isCaster || !combatCaster(ck):
				c.Text = noCombatText
			case ck == CasterCancel && c.Effect == game.EffectApplied:
				c.Text = ignoredText
			case ck == CasterCancel && c.Effect == game.EffectCancelled:
				c.Text = bothCancelText
			case ck == CasterCancel:
				c.Text = noCancelText
			case c.Effect == game.EffectCancelled:
				c.Text = r.cancelledText()
			case ck == CasterHeal && heals > r.D.Caster.Heal.MaxPerCombat:
				c.Text = onlyOneHeal
			case ck == CasterHeal && s.Healed > 0:
				c.Text = healedText(s.Healed, s.Fallen)
			case ck == CasterHeal:
				c.Text = noHealText
			case ck == CasterCroak && s.Uncroaked.Total() > 0 && croaks == 1:
				c.Text = r.uncroakedText(s.Uncroaked)
			case ck == CasterCroak && s.Uncroaked.Total() > 0:
				c.Text = anotherCroak
			case ck == CasterCroak && !s.Won:
				c.Text = notVictorious
			case ck == CasterCroak && dead:
				c.Text = sideFellText
			case ck == CasterCroak:
				c.Text = noCroakText
			default:
				c.Text = ""
			}
		}
	}
}
