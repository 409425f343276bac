package erfpires

import (
	"fmt"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
)

// Battle implements game.Ruleset: "Each side inflicts damage on the
// other. Total Combat + d6 - total opposing Defence = hits inflicted. If
// an Army is in a Fort or City, it gains 3 Defence. The side that the most
// hits must retreat one hex." The Rules doc comment has the whole rule,
// with the choices the document leaves open. It draws dice only from
// b.Dice: one die for each side that has units.
func (r *Rules) Battle(s *game.State, b *game.Battle) {
	var units [2]game.Units
	for k := range b.Sides {
		sd := &b.Sides[k]
		sd.Losses = make([]game.Units, len(sd.Armies))
		for _, id := range sd.Armies {
			if a := s.Army(id); a != nil {
				units[k] = units[k].Add(a.Units)
			}
		}
	}
	if k := r.truceBreaker(s, b); k >= 0 {
		r.honourTruce(s, b, k)
		return
	}
	var combat, defence, bonus, hits [2]int
	for k := range b.Sides {
		combat[k], defence[k] = r.D.Strength(units[k])
		if units[k].Total() > 0 {
			defence[k] += r.shelter(s, b, k)
			bonus[k] = r.cheer(s, b, k)
		}
	}
	for k := range b.Sides {
		if units[k].Total() == 0 {
			continue
		}
		roll := b.Dice.Roll(r.D.Combat.DieSides)
		score := roll + bonus[k]
		hits[k] = max(combat[k]+score-defence[1-k], 0)
		b.Sides[k].Rolls = append(b.Sides[k].Rolls, roll)
		rep := &b.Report.Sides[k]
		rep.Dice = append(rep.Dice, game.DieReport{Round: 1, Roll: int32(roll), Score: int32(score), Hits: int32(hits[k])})
		rep.Hits = int32(hits[k])
	}
	var left [2]int
	for k := range b.Sides {
		lost := r.takeLosses(s, &b.Sides[k], hits[1-k])
		left[k] = units[k].Total() - lost
		b.Report.Sides[k].Fallen = int32(lost)
	}
	r.decide(b, units, hits, left)
	var sums []string
	for k := range b.Sides {
		if units[k].Total() > 0 {
			sums = append(sums, fmt.Sprintf("%s: Combat %d + die %s - Defence %d = %d hits",
				sideName(b, k), combat[k], dieText(b, k), defence[1-k], hits[k]))
		}
	}
	sums = append(sums, b.Report.ReasonText)
	b.Report.ReasonText = strings.Join(sums, "; ")
}

// decide sets b's winner and the report's reason from the hits each side
// scored and the units each side has left.
func (r *Rules) decide(b *game.Battle, units [2]game.Units, hits, left [2]int) {
	rep := &b.Report
	had := [2]bool{units[0].Total() > 0, units[1].Total() > 0}
	switch {
	case left[0] == 0 && left[1] == 0:
		b.Winner = -1
		rep.Reason, rep.ReasonText = game.ReasonTieDraw, "both sides were destroyed"
	case left[1] == 0 || left[0] == 0:
		w := 0
		if left[0] == 0 {
			w = 1
		}
		b.Winner = w
		rep.Reason = game.ReasonLastStanding
		if !had[1-w] {
			rep.ReasonText = fmt.Sprintf("%s had no army: %s holds the hex", sideName(b, 1-w), sideName(b, w))
		} else {
			rep.ReasonText = fmt.Sprintf("%s has no units left: %s holds the field", sideName(b, 1-w), sideName(b, w))
		}
	case hits[0] != hits[1]:
		// Side k took hits[1-k]: the side that took more retreats.
		loser := 0
		if hits[0] > hits[1] {
			loser = 1
		}
		b.Winner = 1 - loser
		rep.Reason = ReasonMoreHits
		rep.ReasonText = fmt.Sprintf("%s took more hits (%d against %d): it retreats", sideName(b, loser), hits[1-loser], hits[loser])
	case b.Edge:
		b.Winner = -1
		rep.Reason = game.ReasonTieDraw
		rep.ReasonText = fmt.Sprintf("equal hits (%d) in a clash on the border: both hold their hex", hits[0])
	default:
		retreats := game.Attacker
		rep.Reason = game.ReasonTieAttackerRetreats
		if r.D.Combat.TieRetreats == "defender" {
			retreats = game.Defender
			rep.Reason = game.ReasonTieDefenderRetreats
		}
		loser := 0
		if b.Sides[1].Role == retreats {
			loser = 1
		}
		b.Winner = 1 - loser
		rep.ReasonText = fmt.Sprintf("equal hits (%d): the %s, %s, retreats", hits[0], roleName(retreats), sideName(b, loser))
	}
}

// takeLosses removes n units (each hit one unit) from side sd's armies in
// casualty order, army by army in ID order, filling sd.Losses; it returns
// the units removed.
func (r *Rules) takeLosses(s *game.State, sd *game.Side, n int) int {
	lost := 0
	for _, k := range r.D.CasualtyOrder {
		for i, id := range sd.Armies {
			a := s.Army(id)
			if a == nil || n == 0 {
				continue
			}
			take := min(int(a.Units.Get(k)-sd.Losses[i].Get(k)), n)
			if take <= 0 {
				continue
			}
			add := make(game.Units, int(k)+1)
			add[k] = int32(take)
			sd.Losses[i] = sd.Losses[i].Add(add)
			n -= take
			lost += take
		}
	}
	return lost
}

// sideHex is where side k of b stands: the battle's hex, or on an edge the
// side's own hex.
func sideHex(s *game.State, b *game.Battle, k int) hex.Hex {
	if b.Edge && len(b.Sides[k].Armies) > 0 {
		if a := s.Army(b.Sides[k].Armies[0]); a != nil {
			return a.Hex
		}
	}
	return b.Hex
}

// shelter is the Defence side k gains from a city or fort of its player on
// its hex: "If an Army is in a Fort or City, it gains 3 Defence." The best
// counts; they do not add up.
func (r *Rules) shelter(s *game.State, b *game.Battle, k int) int {
	p := b.Sides[k].Player
	h := sideHex(s, b, k)
	best := 0
	if c := s.CityAt(h); c != nil && c.Owner == p {
		best = r.D.City.Defence
	}
	for _, i := range s.StructuresAt(h) {
		if st := &s.Structures[i]; st.Owner == p && int(st.Kind) < len(r.D.Structures) {
			best = max(best, r.D.Structures[st.Kind].Defence)
		}
	}
	return best
}

// cheer is what side k adds to its die for the Dinglehoobers (structures
// with a die bonus) of its player within range of where it stands: the
// best bonus, once.
func (r *Rules) cheer(s *game.State, b *game.Battle, k int) int {
	p := b.Sides[k].Player
	h := sideHex(s, b, k)
	best := 0
	for i := range s.Structures {
		st := &s.Structures[i]
		if st.Owner != p || int(st.Kind) >= len(r.D.Structures) {
			continue
		}
		if kind := &r.D.Structures[st.Kind]; kind.DieBonus > 0 && hex.Distance(st.Hex, h) <= kind.DieBonusRange {
			best = max(best, kind.DieBonus)
		}
	}
	return best
}

// truceBreaker returns the side of b that may not attack the other (its
// player took the other's tribute this week) and moved into the battle
// this day, the attacker first; -1 if none.
func (r *Rules) truceBreaker(s *game.State, b *game.Battle) int {
	for _, k := range [2]int{1, 0} {
		p, q := b.Sides[k].Player, b.Sides[1-k].Player
		if !inTruce(s, p, q) {
			continue
		}
		for _, id := range b.Sides[k].Armies {
			if a := s.Army(id); a != nil && a.Flags&FlagMoving != 0 {
				return k
			}
		}
	}
	return -1
}

// honourTruce settles a battle that side k may not fight: no dice, no
// losses; in a hex side k falls back, across an edge both hold.
func (r *Rules) honourTruce(s *game.State, b *game.Battle, k int) {
	p, q := b.Sides[k].Player, b.Sides[1-k].Player
	rep := &b.Report
	rep.Reason = ReasonTruce
	if b.Edge {
		b.Winner = -1
		rep.ReasonText = fmt.Sprintf("%s took the tribute of %s and may not attack them before day %d: no blow is struck, both hold their hex",
			p, q, TruceUntil(s, p, q)+1)
		return
	}
	b.Winner = 1 - k
	rep.ReasonText = fmt.Sprintf("%s took the tribute of %s and may not attack them before day %d: no blow is struck, %s falls back",
		p, q, TruceUntil(s, p, q)+1, p)
}

// sideName names side k of b: "player 2 (attacker)".
func sideName(b *game.Battle, k int) string {
	return fmt.Sprintf("%s (%s)", b.Sides[k].Player, roleName(b.Sides[k].Role))
}

func roleName(r game.Role) string {
	if r == game.Attacker {
		return "attacker"
	}
	return "defender"
}

// dieText writes side k's die: "4", "4+1" with a Dinglehoober's cheer, "-"
// for no die.
func dieText(b *game.Battle, k int) string {
	d := b.Report.Sides[k].Dice
	if len(d) == 0 {
		return "-"
	}
	if d[0].Score != d[0].Roll {
		return fmt.Sprintf("%d+%d", d[0].Roll, d[0].Score-d[0].Roll)
	}
	return fmt.Sprint(d[0].Roll)
}
