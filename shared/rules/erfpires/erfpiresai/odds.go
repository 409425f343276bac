package erfpiresai

import (
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfpires"
)

// side is one side of a battle as the AI reckons it: its units' total
// Combat, Defence (shelter included), number of units and die bonus.
type side struct {
	combat, defence, units, bonus int
}

// sideOf returns units as a battle side of player p on hex h, with the
// shelter and the Dinglehoober's cheer the player knows of there.
func (w *world) sideOf(p game.PlayerID, u game.Units, h hex.Hex) side {
	c, d := w.strength(u)
	return side{combat: c, defence: d + w.shelterOf(p, h), units: u.Total(), bonus: w.cheerOf(p, h)}
}

// cheerOf is the die bonus of player p's Dinglehoobers the player knows
// of within their range of h (the best counts once).
func (w *world) cheerOf(p game.PlayerID, h hex.Hex) int {
	best := 0
	for _, st := range w.structures {
		if st.Owner != p || int(st.Kind) >= len(w.d.Structures) {
			continue
		}
		if k := &w.d.Structures[st.Kind]; k.DieBonus > 0 && hex.Distance(st.Hex, h) <= k.DieBonusRange {
			best = max(best, k.DieBonus)
		}
	}
	return best
}

// outcome is what a battle brings the attacker, over every pair of dice.
type outcome struct {
	// win is the chance the attacker holds the hex: the defender is
	// destroyed or retreats.
	win float64
	// lost and killed are the expected units the attacker loses and the
	// defender loses.
	lost, killed float64
}

// battleOdds returns the outcome of att attacking def in a hex, by the
// rules of erfpires.Rules.Battle: each side deals Combat + die + bonus -
// the other's Defence hits (at least 0), each hit a unit; a side with no
// units left loses; else the side that took more hits retreats, the
// attacker on equal hits (combat.tie_retreats "attacker", the default; a
// ruleset whose defender retreats on a tie is reckoned so too).
func (w *world) battleOdds(att, def side) outcome {
	n := w.d.Combat.DieSides
	tieToAttacker := w.d.Combat.TieRetreats == "defender"
	var o outcome
	for a := 1; a <= n; a++ {
		for d := 1; d <= n; d++ {
			hitsA := max(att.combat+a+att.bonus-def.defence, 0)
			hitsD := 0
			if def.units > 0 {
				hitsD = max(def.combat+d+def.bonus-att.defence, 0)
			}
			leftA := max(att.units-hitsD, 0)
			leftD := max(def.units-hitsA, 0)
			o.lost += float64(att.units - leftA)
			o.killed += float64(def.units - leftD)
			switch {
			case leftA == 0:
			case leftD == 0:
				o.win++
			case hitsA > hitsD:
				o.win++
			case hitsA == hitsD && tieToAttacker:
				o.win++
			}
		}
	}
	all := float64(n * n)
	o.win /= all
	o.lost /= all
	o.killed /= all
	return o
}

// protectedFrom reports whether player q may not attack the player today:
// it took the player's tribute this week.
func (w *world) protectedFrom(q game.PlayerID) bool {
	pl := w.s.Player(w.me)
	k := erfpires.StockProtected + int(q) - 1
	return pl != nil && q != 0 && k < len(pl.Stock) && game.Turn(pl.Stock[k]) >= w.turn
}

// inTruce reports whether the player may not attack player q today: it
// took q's tribute this week.
func (w *world) inTruce(q game.PlayerID) bool {
	return erfpires.TruceUntil(w.s, w.me, q) >= w.turn
}

// knownCities counts the cities of player q the player knows of.
func (w *world) knownCities(q game.PlayerID) int {
	n := 0
	for _, c := range w.v.Cities {
		if c.Owner == q {
			n++
		}
	}
	return n
}

// tributeGift is what a tribute of the player would give today.
func (w *world) tributeGift() int64 {
	rev, _ := w.rs.TaxOf(w.s, w.me)
	return w.d.TributeAmount(rev)
}
