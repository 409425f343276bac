package erfworld

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
)

// Battle implements game.Ruleset: the document's Combat, Warlords, Casters
// and Fleet Combat. It draws dice only from b.Dice and is deterministic.
//
// Kinds of battle. The land armies of a side are its armies that are not
// Naval; its fleets are the Naval ones.
//
//   - Both sides have land forces: land armies, or the city on the hex
//     (b.City, not on an edge) when the side is its owner's: a land battle
//     between them (fleets on such a side, which cannot happen on one hex,
//     take no part). A city with no army on its hex fights alone: "When
//     attacked, the City provides a number of Infantry Units equal to twice
//     its level" (CityDefends; the engine then gives its owner a side with
//     no armies).
//   - Otherwise both sides have fleets: a fleet battle.
//   - Otherwise (CHOICE: a land army and an enemy fleet, or nothing to
//     fight with): no fight, no losses, no rolls, b.Winner = -1.
//
// A land battle, step by step:
//
//  1. Forces. Each side's units are those of its land armies. Its Warlords
//     and Casters are the Characters of those armies.
//  2. City. When the hex has a city (b.City) owned by one side's player,
//     that side gets the city's defence: "Cities have a defence factor
//     equivalent to its level. When attacked, the City provides a number of
//     Infantry Units equal to twice its level", lowered by the enemy side's
//     units: "Each Siege unit in an Attack lowers the level of any City
//     defence by 1, to a minimum of 0" (Ruleset.CityDefence, then
//     Ruleset.GarrisonUnits of the lowered defence: the data's CHOICE).
//     CHOICE: the defence factor does nothing beyond those infantry (the
//     second sentence says what the factor is worth; siege lowers it and
//     with it the infantry). The city's infantry (city.garrison_unit) are
//     units of that side for this battle only: they roll, take hits,
//     count as units lost and as friendly units that keep the side's
//     characters alive, and vanish afterwards; they belong to no army and
//     cost nothing.
//  3. Dice. "A d6 is rolled for each Unit (2d6 for each Cavalry unit)":
//     Units[k].Dice dice of combat.die_sides per unit. Side 0 rolls all its
//     dice first, then side 1; Side.Rolls keeps the raw dice.
//  4. Hits (Rules.score). "Each roll of 4+ is a hit", "Each roll of 6 is
//     a critical hit, and counts as two hits". Warlords: "A Warlord may
//     increase the score of a d6 roll by 1 for each of its levels ... A
//     Warlord can turn a 5 into a 6, creating a critical hit." The side's
//     points are the sum over its Warlords of level x
//     warlord_points_per_level, and CHOICE: they are spent so that the side
//     scores the most hits the points allow: each die may be raised to
//     hit_on (a hit) or to critical_on (a critical hit, if
//     warlord_can_make_critical; otherwise a raised die is an ordinary hit
//     however high). This is an exact small knapsack, not a heuristic. With
//     the document's numbers every raise buys one hit: 5->6 and 3->4 cost
//     1 point, 4->6 and 2->4 cost 2, 1->4 costs 3, and a miss raised to 4
//     may go on to 6 for 2 more; the most hits come from the cheapest
//     raises.
//  5. Casualties (Rules.newPool, pool.take). The enemy's hits are applied
//     one by one to the side's units in its casualty order: first the
//     city's infantry (CHOICE: the city's defenders stand in front), then
//     the player's order (OrderCasualties, StockCasualties) or the
//     default "Unless stated by the player, casualties are taken in the
//     following order: Infantry, then Cavalry, then Flyers, then Siege"
//     (combat.casualty_order). Within a kind, CHOICE: the side's armies
//     lose their units in army ID order. A unit is destroyed by Units[k].Hits
//     hits ("Each Infantry unit in Combat can take 2 hits before being
//     destroyed"); hits beyond the last unit are lost. CHOICE: a unit hit
//     fewer times than it can take (one hit on an Infantry) survives the
//     battle undamaged.
//  6. Rounds. combat.rounds exchanges of dice (the document's one), each
//     with the units still alive, as long as both sides have units; a
//     unit's damage carries over between rounds of one battle.
//  7. Heal-A-Mancer: "Casualties in Combat where the Heal-A-Mancer is
//     present are reduced by half (rounded down). Only one Heal-A-Mancer
//     per combat." CHOICE: it heals its own side; the side takes only
//     Ruleset.HealedCasualties of its casualties, the first ones in the
//     order they fell, and the later ones survive. "Only one" is read per
//     side: a side with several halves its casualties
//     caster.heal.max_per_combat times at most (once, in the document).
//  8. Units lost are the casualties taken (after healing), the city's
//     infantry included. "The Side which loses the most units must
//     retreat": the side that lost fewer wins (b.Winner); on equal losses
//     combat.tie_retreats says who retreats ("attacker": the defender
//     wins; "none": nobody, Winner -1). CHOICE: a side left with no units
//     cannot hold the field: when exactly one side has units left, it wins
//     whatever the losses.
//  9. Characters: "A Warlord is destroyed if all the friendly units in the
//     same hex are destroyed", and the same of Casters. When a side is left
//     with no units (its city's infantry included), all its characters go
//     into Side.LostCharacters — also when it came with none (a Warlord
//     alone), unless neither side had any unit at all. A land army left with
//     no units and no characters is destroyed (Side.Destroyed).
//  10. Croak-A-Mancer: "in a victorious Combat where the Croak-A-Mancer is
//     present, one half (round down) of the opposing casualties are
//     'uncroaked' and become part of your faction": Ruleset.Uncroaked of
//     the loser's units lost. CHOICE: they are of the kinds the loser lost,
//     the first fallen first (the city's infantry included), and join
//     (Side.Gains) the winner's first army, by ID, with units left, else its
//     first army; nothing is uncroaked if the winner's characters fell.
//  11. Cancel-A-Mancer: "the effects of all enemy A-Mancers are ignored if
//     a Cancel-A-Mancer is present. Note: A Cancel-A-Mancer cannot cancel a
//     Cancel-A-Mancer": a side's Heal- and Croak-A-Mancers do nothing when
//     the enemy has a Cancel-A-Mancer. With caster.cancel.cancels_cancel =
//     true, Cancel-A-Mancers on both sides cancel each other and neither
//     cancels anything. Warlords are not A-Mancers: they are never
//     cancelled. The other Casters have no effect in combat.
//  12. Autopilot: "If a Player does not send in orders on time, the GM
//     will run the turn on autopilot ... No Characters may perform any
//     actions." The characters of a side whose player is on autopilot
//     (idle, when autopilot.character_actions is false) add no Warlord
//     points and no Caster effects: no healing, no uncroaking, no
//     cancelling. They are still there: they die with the side's last
//     units, and (CHOICE: a level is won, not an action) its Warlords level
//     up when it wins.
//  13. Warlords level up: "for each Victorious Combat in which they are
//     involved, gain 1 level" (warlord.levels_per_victory, up to
//     warlord.max_level): the surviving Warlords of the winning side's
//     armies (fleets' too). Battle changes their Level in s directly; it
//     has no event sink, so no EventLevel is emitted for it.
//
// The report (b.Report) tells all of it: each side's city (level, defence
// after Siege, the Infantry it provides and loses), characters (each
// Warlord's level and its side's points, each Caster's effect: applied,
// unused, cancelled, or idle on autopilot; who fell; levels after), every
// die with the unit kind that rolled it, what it scored and the Warlord
// points raising it (dice are listed unit by unit in the side's casualty
// order, the city's first, each unit's dice together), hits, casualties
// before and after healing, and the rule of step 8 that decided
// (Reason: game.ReasonLastStanding, ReasonFewerLosses or a tie's).
//
// A fleet battle: "If opposing fleets meet, they do battle. On a d6 roll of
// 6, the opposing fleet is destroyed." Each fleet (side 0's first, each
// side's in army ID order) rolls one die; each roll of fleet.destroy_on or
// more destroys one enemy fleet, the lowest army ID first (Side.Destroyed;
// the army a fleet carries goes down with it). Both sides may lose fleets.
// Units lost are fleets lost; the winner is found as in step 8, and
// Warlords level up as in step 13. No other rule of land combat applies.
func (r *Rules) Battle(s *game.State, b *game.Battle) {
	b.Winner = -1
	var land, fleets [2][]int // indexes into b.Sides[i].Armies
	for i := range b.Sides {
		sd := &b.Sides[i]
		sd.Losses = make([]game.Units, len(sd.Armies))
		for n, id := range sd.Armies {
			a := s.Army(id)
			switch {
			case a == nil:
			case a.Naval:
				fleets[i] = append(fleets[i], n)
			default:
				land[i] = append(land[i], n)
			}
		}
	}
	// A city fights on land for its owner's side, with or without armies.
	var city [2]bool
	if c := s.City(b.City); c != nil && b.City != 0 && !b.Edge {
		for i := range b.Sides {
			city[i] = b.Sides[i].Player == c.Owner
		}
	}
	switch {
	case (len(land[0]) > 0 || city[0]) && (len(land[1]) > 0 || city[1]):
		r.landBattle(s, b, land)
	case len(fleets[0]) > 0 && len(fleets[1]) > 0:
		r.fleetBattle(s, b, fleets)
	default:
		b.Report.Reason = game.ReasonNoFight
		b.Report.ReasonText = noFightText
	}
}

// CityDefends implements game.CityDefender: every city, a neutral one too,
// defends its hex when attacked, with or without an army there: "Cities
// have a defence factor equivalent to its level. When attacked, the City
// provides a number of Infantry Units equal to twice its level." (a city
// whose defence the attacker's Siege lowers to 0 provides none and falls to
// any army with units).
func (r *Rules) CityDefends(s *game.State, c *game.City) bool { return true }

// landBattle fights a land battle between the armies land[i] of each side
// (see Battle).
func (r *Rules) landBattle(s *game.State, b *game.Battle, land [2][]int) {
	d := r.D
	var (
		pools  [2]*pool
		before [2]int
		points [2]int
		cast   [2][NumCasterKinds]int
		counts [2][]int // units per kind of each side's armies
		idle   [2]bool
	)
	for i := range b.Sides {
		counts[i] = make([]int, len(d.Units))
		idle[i] = r.idle(s, b.Sides[i].Player)
		for _, n := range land[i] {
			a := s.Army(b.Sides[i].Armies[n])
			for k := range d.Units {
				counts[i][k] += max(int(a.Units.Get(game.UnitKind(k))), 0)
			}
			for _, c := range a.Characters {
				if idle[i] {
					continue // "No Characters may perform any actions"
				}
				if c.Kind == CharWarlord {
					points[i] += max(int(c.Level), 0) * d.Combat.WarlordPointsPerLevel
				} else if k, ok := CasterOf(c); ok {
					cast[i][k]++
				}
			}
		}
	}
	// The city's defence goes to its owner's side.
	var garrison [2]int
	if c := s.City(b.City); c != nil && b.City != 0 {
		for i := range b.Sides {
			if b.Sides[i].Player == c.Owner {
				def := d.CityDefence(int(c.Level), counts[1-i])
				garrison[i] = d.GarrisonUnits(def)
				rep := &b.Report.Sides[i]
				rep.CityLevel, rep.CityDefence = c.Level, int32(def)
				rep.CityLowered = int32(max(int(c.Level), 0)*d.City.DefencePerLevel - def)
				rep.CityUnits = nUnits(d.GarrisonUnit, garrison[i])
				break
			}
		}
	}
	for i := range b.Sides {
		units := make([][]int, len(land[i]))
		for m, n := range land[i] {
			a := s.Army(b.Sides[i].Armies[n])
			units[m] = make([]int, len(d.Units))
			for k := range d.Units {
				units[m][k] = max(int(a.Units.Get(game.UnitKind(k))), 0)
			}
		}
		pools[i] = r.newPool(garrison[i], units, r.casualtyOrder(s, b.Sides[i].Player))
		before[i] = pools[i].alive()
		b.Report.Sides[i].Points = int32(points[i])
	}

	// The dice.
	for round := range d.Combat.Rounds {
		if pools[0].alive() == 0 || pools[1].alive() == 0 {
			break
		}
		var hits [2]int
		for i := range b.Sides {
			sd, rep := &b.Sides[i], &b.Report.Sides[i]
			start := len(sd.Rolls)
			rep.Dice = pools[i].dieReports(rep.Dice, d.Units, round+1)
			for range pools[i].dice(d.Units) {
				sd.Rolls = append(sd.Rolls, b.Dice.Roll(d.Combat.DieSides))
			}
			var scores, dieHits []int
			hits[i], scores, dieHits = r.raise(sd.Rolls[start:], points[i])
			for k, v := range sd.Rolls[start:] {
				dr := &rep.Dice[start+k]
				dr.Roll, dr.Score, dr.Hits = int32(v), int32(scores[k]), int32(dieHits[k])
				rep.PointsSpent += int32(scores[k] - v)
			}
			rep.Hits += int32(hits[i])
		}
		for i := range b.Sides {
			pools[i].take(hits[1-i], d.Units)
		}
	}

	// Casters: a side's A-Mancers work unless the enemy cancels them.
	var cancels [2]bool
	for i := range cancels {
		cancels[i] = cast[i][CasterCancel] > 0 &&
			!(d.Caster.Cancel.CancelsCancel && cast[1-i][CasterCancel] > 0)
	}
	active := func(i int, k CasterKind) int {
		if cancels[1-i] {
			return 0
		}
		return cast[i][k]
	}

	// Casualties taken, units lost and left.
	var lost, left [2]int
	var fallen [2][]casualty
	for i := range b.Sides {
		fallen[i] = pools[i].fallen
		n := len(fallen[i])
		for range min(active(i, CasterHeal), d.Caster.Heal.MaxPerCombat) {
			n = d.HealedCasualties(n)
		}
		rep := &b.Report.Sides[i]
		rep.Fallen, rep.Healed = int32(len(fallen[i])), int32(len(fallen[i])-n)
		fallen[i] = fallen[i][:n]
		lost[i] = n
		left[i] = before[i] - n
		for _, c := range fallen[i] {
			if c.army >= 0 {
				loss := &b.Sides[i].Losses[land[i][c.army]]
				*loss = loss.Add(unitOf(c.kind))
			} else {
				rep.CityLosses = rep.CityLosses.Add(unitOf(c.kind))
			}
		}
	}
	b.Winner, b.Report.Reason, b.Report.ReasonText = r.winner(b, lost, left)

	// Characters die with the side's last units.
	var dead [2]bool
	for i := range b.Sides {
		if left[i] > 0 || (before[i] == 0 && before[1-i] == 0) {
			continue
		}
		dead[i] = true
		for _, n := range land[i] {
			for _, c := range s.Army(b.Sides[i].Armies[n]).Characters {
				b.Sides[i].LostCharacters = append(b.Sides[i].LostCharacters, c.ID)
			}
		}
	}

	// The Croak-A-Mancer raises the loser's dead for the winner.
	var raised [2]game.Units
	if w := b.Winner; w >= 0 && !dead[w] && active(w, CasterCroak) > 0 {
		if n := d.Uncroaked(lost[1-w]); n > 0 {
			for _, c := range fallen[1-w][:n] {
				raised[w] = raised[w].Add(unitOf(c.kind))
			}
			to := land[w][0]
			for _, n := range land[w] {
				a := s.Army(b.Sides[w].Armies[n])
				if a.Units.Sub(b.Sides[w].Losses[n]).Total() > 0 {
					to = n
					break
				}
			}
			sd := &b.Sides[w]
			sd.Gains = make([]game.Units, len(sd.Armies))
			sd.Gains[to] = raised[w]
		}
	}

	// "An army left with no units and no characters is destroyed."
	for i := range b.Sides {
		sd := &b.Sides[i]
		for _, n := range land[i] {
			a := s.Army(sd.Armies[n])
			units := a.Units.Sub(sd.Losses[n]).Total()
			if n < len(sd.Gains) {
				units += sd.Gains[n].Total()
			}
			if units == 0 && (dead[i] || len(a.Characters) == 0) {
				sd.Destroyed = append(sd.Destroyed, a.ID)
			}
		}
	}

	// The characters in the report, before the Warlords level up.
	var chars [2][]game.CharacterReport
	for i := range b.Sides {
		chars[i] = r.characterReports(s, &b.Sides[i], land[i])
	}
	if b.Winner >= 0 && !dead[b.Winner] {
		r.levelUp(s, &b.Sides[b.Winner], land[b.Winner])
	}
	for i := range b.Sides {
		rep := &b.Report.Sides[i]
		heals, croaks := 0, 0
		for k := range chars[i] {
			c := &chars[i][k]
			if c.Kind == CharWarlord {
				c.LevelAfter = levelOf(s, c.Army, c.ID)
			}
			ck, isCaster := CasterOf(game.Character{Kind: c.Kind})
			switch {
			case idle[i] && (c.Kind == CharWarlord || isCaster && combatCaster(ck)):
				c.Effect, c.Text = game.EffectIdle, idleText
			case c.Kind == CharWarlord && rep.PointsSpent > 0:
				c.Effect = game.EffectApplied
				c.Text = r.warlordText(c.Level, rep.Points, rep.PointsSpent)
			case c.Kind == CharWarlord:
				c.Effect = game.EffectUnused
				c.Text = r.warlordText(c.Level, rep.Points, rep.PointsSpent)
			case !isCaster || !combatCaster(ck):
				c.Effect, c.Text = game.EffectNone, noCombatText
			case ck == CasterCancel && cancels[i]:
				c.Effect, c.Text = game.EffectApplied, ignoredText
			case ck == CasterCancel && cast[1-i][CasterCancel] > 0:
				c.Effect, c.Text = game.EffectCancelled, bothCancelText
			case ck == CasterCancel:
				c.Effect, c.Text = game.EffectUnused, noCancelText
			case cancels[1-i]:
				c.Effect, c.Text = game.EffectCancelled, r.cancelledText()
			case ck == CasterHeal:
				heals++
				switch {
				case heals > d.Caster.Heal.MaxPerCombat:
					c.Effect, c.Text = game.EffectUnused, onlyOneHeal
				case rep.Healed > 0:
					c.Effect, c.Text = game.EffectApplied, healedText(rep.Healed, rep.Fallen)
				default:
					c.Effect, c.Text = game.EffectUnused, noHealText
				}
			case ck == CasterCroak:
				croaks++
				switch {
				case raised[i].Total() > 0 && croaks == 1:
					c.Effect, c.Text = game.EffectApplied, r.uncroakedText(raised[i])
				case raised[i].Total() > 0:
					c.Effect, c.Text = game.EffectUnused, anotherCroak
				case b.Winner != i:
					c.Effect, c.Text = game.EffectUnused, notVictorious
				case dead[i]:
					c.Effect, c.Text = game.EffectUnused, sideFellText
				default:
					c.Effect, c.Text = game.EffectUnused, noCroakText
				}
			}
		}
		rep.Characters = chars[i]
	}
}

// combatCaster reports whether Casters of kind k act in combat.
func combatCaster(k CasterKind) bool {
	return k == CasterHeal || k == CasterCroak || k == CasterCancel
}

// characterReports lists the characters of the armies sd.Armies[n], n in
// armies, for the report: who they are, their levels going in, and whether
// the battle killed them.
func (r *Rules) characterReports(s *game.State, sd *game.Side, armies []int) []game.CharacterReport {
	var out []game.CharacterReport
	for _, n := range armies {
		a := s.Army(sd.Armies[n])
		for _, c := range a.Characters {
			cr := game.CharacterReport{ID: c.ID, Army: a.ID, Kind: c.Kind, Lost: slices.Contains(sd.LostCharacters, c.ID)}
			if k, ok := CasterOf(c); ok {
				cr.Name = r.D.Caster.Name(k)
			} else if c.Kind == CharWarlord {
				cr.Name, cr.Level, cr.LevelAfter = "Warlord", c.Level, c.Level
			}
			out = append(out, cr)
		}
	}
	return out
}

// levelOf returns the level of character id of army a in s now, 0 if gone.
func levelOf(s *game.State, a game.ArmyID, id game.CharacterID) int32 {
	if x := s.Army(a); x != nil {
		for _, c := range x.Characters {
			if c.ID == id {
				return c.Level
			}
		}
	}
	return 0
}

// nUnits returns n units of kind k.
func nUnits(k UnitKind, n int) game.Units {
	if n <= 0 {
		return nil
	}
	u := make(game.Units, int(k)+1)
	u[k] = int32(n)
	return u
}

// fleetBattle fights the fleets fleets[i] of each side (see Battle).
func (r *Rules) fleetBattle(s *game.State, b *game.Battle, fleets [2][]int) {
	var sinks, lost, left [2]int
	for i := range b.Sides {
		for range fleets[i] {
			roll := b.Dice.Roll(r.D.Combat.DieSides)
			b.Sides[i].Rolls = append(b.Sides[i].Rolls, roll)
			if roll >= r.D.Fleet.DestroyOn {
				sinks[i]++
			}
		}
		b.Report.Sides[i].Hits = int32(sinks[i])
	}
	for i := range b.Sides {
		lost[i] = min(sinks[1-i], len(fleets[i]))
		left[i] = len(fleets[i]) - lost[i]
		b.Report.Sides[i].Fallen = int32(lost[i])
		for _, n := range fleets[i][:lost[i]] {
			b.Sides[i].Destroyed = append(b.Sides[i].Destroyed, b.Sides[i].Armies[n])
		}
	}
	b.Winner, b.Report.Reason, b.Report.ReasonText = r.winner(b, lost, left)
	var chars [2][]game.CharacterReport
	for i := range b.Sides {
		chars[i] = r.characterReports(s, &b.Sides[i], fleets[i])
	}
	if w := b.Winner; w >= 0 {
		r.levelUp(s, &b.Sides[w], fleets[w][lost[w]:])
	}
	for i := range b.Sides {
		for k := range chars[i] {
			c := &chars[i][k]
			if c.Kind == CharWarlord {
				c.LevelAfter = levelOf(s, c.Army, c.ID)
			}
			c.Effect, c.Text = game.EffectNone, fleetText
		}
		b.Report.Sides[i].Characters = chars[i]
	}
}

// winner returns the winning side of battle b from the units each side lost
// and has left (see Battle, step 8), or -1, with the rule that decided
// (game.Reason*) and the same in words.
func (r *Rules) winner(b *game.Battle, lost, left [2]int) (int, string, string) {
	w, reason := r.decide(b, lost, left)
	return w, reason, reasonText(reason, w, [2]game.Role{b.Sides[0].Role, b.Sides[1].Role}, lost)
}

// decide returns the winning side of battle b from the units each side
// lost and has left (see Battle, step 8), or -1, with the rule that
// decided (game.Reason*).
func (r *Rules) decide(b *game.Battle, lost, left [2]int) (int, string) {
	switch {
	case left[0] > 0 && left[1] == 0:
		return 0, game.ReasonLastStanding
	case left[1] > 0 && left[0] == 0:
		return 1, game.ReasonLastStanding
	case lost[0] < lost[1]:
		return 0, game.ReasonFewerLosses
	case lost[1] < lost[0]:
		return 1, game.ReasonFewerLosses
	}
	var retreats game.Role
	var reason string
	switch r.D.Combat.TieRetreats {
	case "attacker":
		retreats, reason = game.Attacker, game.ReasonTieAttackerRetreats
	case "defender":
		retreats, reason = game.Defender, game.ReasonTieDefenderRetreats
	default:
		return -1, game.ReasonTieDraw
	}
	for i := range b.Sides {
		if b.Sides[i].Role != retreats {
			return i, reason
		}
	}
	return -1, game.ReasonTieDraw
}

// idle reports whether player p's characters may perform no actions this
// turn: "If a Player does not send in orders on time, the GM will run the
// turn on autopilot ... No Characters may perform any actions." (unless
// autopilot.character_actions). p is on autopilot when it sent no orders:
// StockMissed, counted in step 1 (income), before any battle.
func (r *Rules) idle(s *game.State, p game.PlayerID) bool {
	pl := s.Player(p)
	return pl != nil && !r.D.Autopilot.CharacterActions && stock(pl, StockMissed) > 0
}

// levelUp raises the Warlords of the armies sd.Armies[n], n in armies, that
// survive the battle: "for each Victorious Combat in which they are
// involved, gain 1 level", up to warlord.max_level.
func (r *Rules) levelUp(s *game.State, sd *game.Side, armies []int) {
	w := r.D.Warlord
	for _, n := range armies {
		a := s.Army(sd.Armies[n])
		if a == nil || slices.Contains(sd.Destroyed, a.ID) {
			continue
		}
		for k := range a.Characters {
			c := &a.Characters[k]
			if c.Kind == CharWarlord && c.Level < int32(w.MaxLevel) && !slices.Contains(sd.LostCharacters, c.ID) {
				c.Level = min(c.Level+int32(w.LevelsPerVictory), int32(w.MaxLevel))
			}
		}
	}
}

// unitOf returns one unit of kind k.
func unitOf(k UnitKind) game.Units {
	u := make(game.Units, int(k)+1)
	u[k] = 1
	return u
}

// score returns the hits a side scores with rolls and points Warlord
// points: "Each roll of 4+ is a hit on the enemy. Each roll of 6 is a
// critical hit, and counts as two hits." plus the most hits the points can
// add, each point raising one die by one (see Battle, step 4).
func (r *Rules) score(rolls []int, points int) int {
	hits, _, _ := r.raise(rolls, points)
	return hits
}

// raise spends points Warlord points on rolls for the most hits (see
// score) and returns the hits, each die's score after the points
// (scores[i] >= rolls[i]) and what each die scores (dieHits[i]).
func (r *Rules) raise(rolls []int, points int) (hits int, scores, dieHits []int) {
	cb := r.D.Combat
	value := func(v int, raised bool) int {
		switch {
		case v >= cb.CriticalOn && (!raised || cb.WarlordCanMakeCritical):
			return cb.CriticalHits
		case v >= cb.HitOn:
			return 1
		}
		return 0
	}
	scores = make([]int, len(rolls))
	dieHits = make([]int, len(rolls))
	for i, v := range rolls {
		scores[i] = v
		dieHits[i] = value(v, false)
		hits += dieHits[i]
	}
	if points <= 0 {
		return hits, scores, dieHits
	}
	// A die can be raised to hit_on or to critical_on. Dice of one face are
	// alike, and each raise costs a point at least, so at most `points`
	// dice of a face are worth considering.
	type option struct{ cost, gain, to int }
	type die struct {
		at   int // index in rolls
		opts [2]option
	}
	var dice []die
	seen := map[int]int{}
	budget := 0
	for i, v := range rolls {
		if seen[v] >= points {
			continue
		}
		var o [2]option
		useful := false
		for j, t := range [2]int{cb.HitOn, cb.CriticalOn} {
			if t > v {
				if g := value(t, true) - value(v, false); g > 0 {
					o[j] = option{cost: t - v, gain: g, to: t}
					useful = true
				}
			}
		}
		if !useful {
			continue
		}
		seen[v]++
		dice = append(dice, die{at: i, opts: o})
		budget += max(o[0].cost, o[1].cost)
	}
	budget = min(budget, points)
	// best[p] is the most extra hits for p points (0/1 knapsack, one choice
	// per die); took[d][p] is the option die d took for best[p] as of die
	// d, -1 for none, to find the raises again.
	best := make([]int, budget+1)
	took := make([][]int8, len(dice))
	for d, o := range dice {
		took[d] = make([]int8, budget+1)
		for p := range took[d] {
			took[d][p] = -1
		}
		for p := budget; p >= 1; p-- {
			for j, c := range o.opts {
				if c.gain > 0 && c.cost <= p && best[p-c.cost]+c.gain > best[p] {
					best[p] = best[p-c.cost] + c.gain
					took[d][p] = int8(j)
				}
			}
		}
	}
	for d, p := len(dice)-1, budget; d >= 0; d-- {
		if j := took[d][p]; j >= 0 {
			c := dice[d].opts[j]
			scores[dice[d].at] = c.to
			dieHits[dice[d].at] += c.gain
			p -= c.cost
		}
	}
	return hits + best[budget], scores, dieHits
}

// casualty is one unit destroyed: its kind and the index of its army among
// the side's land armies, -1 for the city's infantry.
type casualty struct {
	army int
	kind UnitKind
}

// pool is a side's units in a land battle, in the order they take
// casualties (see Battle, step 5).
type pool struct {
	slots []poolSlot
	// damage is the hits taken by the first unit alive, short of killing it.
	damage int
	// fallen lists the units destroyed, first fallen first.
	fallen []casualty
}

// poolSlot is the units of one kind of one army (army -1: the city's).
type poolSlot struct {
	army int
	kind UnitKind
	n    int
}

// newPool lines up garrison city infantry, then the units of the armies
// (units[a][k]: army a's units of kind k, armies in ID order) in casualty
// order.
func (r *Rules) newPool(garrison int, units [][]int, order []UnitKind) *pool {
	pl := &pool{}
	if garrison > 0 {
		pl.slots = append(pl.slots, poolSlot{army: -1, kind: r.D.GarrisonUnit, n: garrison})
	}
	for _, k := range order {
		for a := range units {
			if int(k) < len(units[a]) && units[a][k] > 0 {
				pl.slots = append(pl.slots, poolSlot{army: a, kind: k, n: units[a][k]})
			}
		}
	}
	return pl
}

// alive returns the number of units not destroyed.
func (pl *pool) alive() int {
	n := 0
	for _, sl := range pl.slots {
		n += sl.n
	}
	return n
}

// dice returns how many dice the units alive roll.
func (pl *pool) dice(kinds []Unit) int {
	n := 0
	for _, sl := range pl.slots {
		n += sl.n * kinds[sl.kind].Dice
	}
	return n
}

// dieReports appends to dst a report of each die the units alive roll in
// round, in the order dice counts them (unit by unit in pool order, each
// unit's dice together); Roll, Score and Hits are the caller's.
func (pl *pool) dieReports(dst []game.DieReport, kinds []Unit, round int) []game.DieReport {
	for _, sl := range pl.slots {
		for range sl.n * kinds[sl.kind].Dice {
			dst = append(dst, game.DieReport{Round: int32(round), Unit: game.UnitKind(sl.kind), City: sl.army < 0})
		}
	}
	return dst
}

// take applies hits to the units in order: each unit of kind k is
// destroyed by kinds[k].Hits hits; what is left over wounds the next unit,
// and hits beyond the last unit are lost.
func (pl *pool) take(hits int, kinds []Unit) {
	for i := 0; i < len(pl.slots) && hits > 0; {
		sl := &pl.slots[i]
		if sl.n == 0 {
			i++
			continue
		}
		need := max(kinds[sl.kind].Hits, 1) - pl.damage
		if hits < need {
			pl.damage += hits
			return
		}
		hits -= need
		pl.damage = 0
		sl.n--
		pl.fallen = append(pl.fallen, casualty{army: sl.army, kind: sl.kind})
	}
}

// maxOrderKinds is how many unit kinds a casualty order packed in an int32
// Stock counter can hold (4 bits each).
const maxOrderKinds = 8

// casualtyOrder returns player p's casualty order, or the default one:
// "Unless stated by the player, casualties are taken in the following
// order: Infantry, then Cavalry, then Flyers, then Siege."
func (r *Rules) casualtyOrder(s *game.State, p game.PlayerID) []UnitKind {
	if pl := s.Player(p); pl != nil {
		if order, ok := unpackOrder(stock(pl, StockCasualties), len(r.D.Units)); ok {
			return order
		}
	}
	return r.D.CasualtyOrder
}

// packOrder packs a casualty order, 4 bits a kind, first lost in the
// lowest bits (see StockCasualties).
func packOrder(order []UnitKind) int32 {
	var v uint32
	for i, k := range order {
		v |= uint32(k&15) << (4 * i)
	}
	return int32(v)
}

// unpackOrder unpacks a casualty order of n kinds; false if v is 0 (the
// default order) or not a permutation of the n kinds.
func unpackOrder(v int32, n int) ([]UnitKind, bool) {
	if v == 0 || n > maxOrderKinds {
		return nil, false
	}
	order := make([]UnitKind, n)
	var used uint64
	for i := range order {
		k := UnitKind(uint32(v) >> (4 * i) & 15)
		if int(k) >= n || used&(1<<k) != 0 {
			return nil, false
		}
		used |= 1 << k
		order[i] = k
	}
	if n < maxOrderKinds && uint32(v)>>(4*n) != 0 {
		return nil, false
	}
	return order, true
}

// validateCasualties checks an OrderCasualties: Units lists every unit kind
// once, first lost first ("Unless stated by the player, casualties are
// taken in the following order: ...").
func (r *Rules) validateCasualties(s *game.State, p game.PlayerID, o *game.Order) error {
	n := len(r.D.Units)
	names := make([]string, n)
	for k, u := range r.D.Units {
		names[k] = fmt.Sprintf("%d = %s", k, u.Name)
	}
	list := strings.Join(names, ", ")
	if n > maxOrderKinds {
		return game.Rejectf("this ruleset has %d unit kinds; a casualty order can hold at most %d", n, maxOrderKinds)
	}
	if len(o.Units) != n {
		return game.Rejectf("a casualty order must list each of the %d unit kinds once (%s), got %d", n, list, len(o.Units))
	}
	seen := make([]bool, n)
	for i, v := range o.Units {
		if v < 0 || int(v) >= n {
			return game.Rejectf("casualty order entry %d: %d is not a unit kind (%s)", i+1, v, list)
		}
		if seen[v] {
			return game.Rejectf("casualty order entry %d: %s is listed twice", i+1, r.D.Units[v].Name)
		}
		seen[v] = true
	}
	return nil
}

// setCasualties stores each player's casualty order (the last
// OrderCasualties of the turn counts) in StockCasualties, where it stays
// until changed.
func (r *Rules) setCasualties(s *game.State, orders []game.PlayerOrders) {
	for _, po := range orders {
		pl := s.Player(po.Player)
		if pl == nil {
			continue
		}
		for k := range po.Orders {
			o := &po.Orders[k]
			if o.Kind != OrderCasualties || r.validateCasualties(s, po.Player, o) != nil {
				continue
			}
			order := make([]UnitKind, len(o.Units))
			for i, v := range o.Units {
				order[i] = UnitKind(v)
			}
			setStock(pl, StockCasualties, packOrder(order))
		}
	}
}
