package erfworldai

import (
	"math"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// fighter is one side of a land battle as the odds see it: its units in
// the order they take casualties (the city's Infantry first), the Warlord
// points it spends on its dice, and whether a Heal-A-Mancer halves its
// casualties.
type fighter struct {
	units  game.Units
	city   int // the city's Infantry (the defender's), before the units
	points int
	heal   bool
}

// oddsNodes is how many points of each side's hits winChance weighs:
// the hits a side scores are a sum of many dice, near enough normal, and
// oddsNodes points from -3 to +3 standard deviations, weighted by the
// normal density, weigh the battle's oddsNodes x oddsNodes outcomes.
const oddsNodes = 25

// normalNodes are the standard deviations and weights of the points
// (oddsNodes of them, the weights adding up to 1).
var normalNodes = func() (out [oddsNodes][2]float64) {
	sum := 0.0
	for k := range out {
		z := -3 + 6*float64(k)/(oddsNodes-1)
		out[k] = [2]float64{z, math.Exp(-z * z / 2)}
		sum += out[k][1]
	}
	for k := range out {
		out[k][1] /= sum
	}
	return out
}()

// winChance is the chance that attacker att wins a land battle against
// defender def under the ruleset's combat rules (Battle): each unit rolls
// its dice once, a roll of hit_on scores a hit and one of critical_on
// critical_hits, the Warlord points raise failed dice, the hits destroy
// units in casualty order (each unit takes its Hits), a Heal-A-Mancer
// halves the casualties, and the side that loses fewer units wins (on a
// tie the attacker retreats; a side with no units left loses). The hits
// each side scores are taken as normal variables with the dice's mean and
// variance.
func (w *world) winChance(att, def fighter) float64 {
	ma, va := w.hitsOf(att)
	md, vd := w.hitsOf(def)
	sa, sd := math.Sqrt(va), math.Sqrt(vd)
	attUnits, defUnits := att.units.Total(), def.city+def.units.Total()
	// Each side's losses depend on the other's hits only.
	var lostAtt, lostDef [oddsNodes]int
	for k, x := range normalNodes {
		lostDef[k] = w.lossesOf(def, max(0, int(math.Round(ma+x[0]*sa))))
		lostAtt[k] = w.lossesOf(att, max(0, int(math.Round(md+x[0]*sd))))
	}
	win := 0.0
	for i, x := range normalNodes {
		leftDef := defUnits - lostDef[i]
		for j, y := range normalNodes {
			leftAtt := attUnits - lostAtt[j]
			if leftAtt > 0 && (leftDef == 0 || lostAtt[j] < lostDef[i]) {
				win += x[1] * y[1]
			}
		}
	}
	return win
}

// hitsOf returns the mean and variance of the hits side f scores in one
// roll of its dice, its Warlord points spent where they gain most.
func (w *world) hitsOf(f fighter) (mean, variance float64) {
	cb := &w.rs.D.Combat
	dice := f.city
	for k, n := range f.units {
		if k < len(w.rs.D.Units) && n > 0 {
			dice += int(n) * w.rs.D.Units[k].Dice
		}
	}
	if dice == 0 || cb.DieSides <= 0 {
		return 0, 0
	}
	sides := float64(cb.DieSides)
	value := func(v int, raised bool) int {
		switch {
		case v >= cb.CriticalOn && (!raised || cb.WarlordCanMakeCritical):
			return cb.CriticalHits
		case v >= cb.HitOn:
			return 1
		}
		return 0
	}
	var m, m2 float64
	// The raises the points may buy: each face's dice (dice/sides of
	// them, on average) raised to hit_on or critical_on, the best gain a
	// point first.
	type raise struct{ cost, gain, count float64 }
	var raises []raise
	for v := 1; v <= cb.DieSides; v++ {
		h := float64(value(v, false))
		m += h / sides
		m2 += h * h / sides
		best := raise{}
		for _, t := range [2]int{cb.HitOn, cb.CriticalOn} {
			if t > v && t <= cb.DieSides {
				g := float64(value(t, true)) - h
				if c := float64(t - v); g > 0 && (best.gain == 0 || g/c > best.gain/best.cost) {
					best = raise{cost: c, gain: g}
				}
			}
		}
		if best.gain > 0 {
			best.count = float64(dice) / sides
			raises = append(raises, best)
		}
	}
	slices.SortStableFunc(raises, func(a, b raise) int {
		switch ra, rb := a.gain/a.cost, b.gain/b.cost; {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	mean = float64(dice) * m
	left := float64(f.points)
	for _, r := range raises {
		n := min(r.count, left/r.cost)
		mean += n * r.gain
		left -= n * r.cost
		if left <= 0 {
			break
		}
	}
	return mean, float64(dice) * (m2 - m*m)
}

// lossesOf is how many units side f loses to hits hits: the city's
// Infantry first, then its units in the default casualty order ("Unless
// stated by the player, casualties are taken in the following order:
// Infantry, then Cavalry, then Flyers, then Siege"), each destroyed by
// its Hits; halved (rounded down) by a Heal-A-Mancer.
func (w *world) lossesOf(f fighter, hits int) int {
	d := w.rs.D
	lost := 0
	take := func(k erfworld.UnitKind, n int) {
		per := max(d.Units[k].Hits, 1)
		m := min(n, hits/per)
		lost += m
		hits -= m * per
		if m < n {
			hits = 0 // the rest wounds the next unit
		}
	}
	if f.city > 0 {
		take(d.GarrisonUnit, f.city)
	}
	for _, k := range d.CasualtyOrder {
		if hits <= 0 {
			break
		}
		if n := int(f.units.Get(game.UnitKind(k))); n > 0 {
			take(k, n)
		}
	}
	if f.heal {
		lost = d.HealedCasualties(lost)
	}
	return lost
}

// enemyWarlordLevel is the level winChance gives the Warlord of an enemy
// army: a view shows how many characters an army has, never which.
const enemyWarlordLevel = 5

// defenderAt returns the defence an attacker with units meets on hex h as
// the player knows it: the enemy armies seen there (each with a Warlord
// of enemyWarlordLevel, and a Heal-A-Mancer if it has two characters or
// more, unless the attacker brings a Cancel-A-Mancer) and on an enemy
// city its Infantry ("When attacked, the City provides a number of
// Infantry Units equal to twice its level"), lowered by the attacker's
// Siege.
func (p *planner) defenderAt(h hex.Hex, units game.Units, cancel bool) fighter {
	var f fighter
	for i := range p.enemies {
		e := &p.enemies[i]
		if e.Hex != h {
			continue
		}
		f.units = f.units.Add(e.Units)
		if e.NumCharacters > 0 {
			f.points += enemyWarlordLevel * p.rs.D.Combat.WarlordPointsPerLevel
		}
		f.heal = f.heal || (e.NumCharacters >= 2 && !cancel)
	}
	if c := p.foeCityAt(h); c != nil {
		d := p.rs.D
		counts := make([]int, len(units))
		for k, n := range units {
			counts[k] = int(n)
		}
		f.city = d.GarrisonUnits(d.CityDefence(int(c.Level), counts))
	}
	return f
}

// attackerOf returns army a with units (its units this turn) as an
// attacker, with the other leaders on its hex when together is set: the
// Warlords' points, and a Heal-A-Mancer among them. It reports too
// whether a Cancel-A-Mancer goes with it.
func (p *planner) attackerOf(a *game.Army, units game.Units, together bool) (fighter, bool) {
	f := fighter{units: units}
	cancel := false
	add := func(b *game.Army) {
		for _, c := range b.Characters {
			if c.Kind == erfworld.CharWarlord {
				f.points += int(c.Level) * p.rs.D.Combat.WarlordPointsPerLevel
			} else if k, ok := erfworld.CasterOf(c); ok {
				f.heal = f.heal || k == erfworld.CasterHeal
				cancel = cancel || k == erfworld.CasterCancel
			}
		}
	}
	add(a)
	add(&game.Army{Characters: p.joined[a.ID]})
	if together {
		for _, b := range p.mates(a) {
			f.units = f.units.Add(p.unitsLeft(b).Add(p.gain[b.ID]))
			add(b)
		}
	}
	return f, cancel
}

// beats reports whether army a with units (the leaders on its hex with
// it when together is set) wins an attack on hex h with the chance the
// style asks (style.odds).
func (p *planner) beats(a *game.Army, units game.Units, together bool, h hex.Hex) bool {
	att, cancel := p.attackerOf(a, units, together)
	return p.winChance(att, p.defenderAt(h, att.units, cancel)) >= p.st.odds
}
