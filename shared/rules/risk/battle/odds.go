package battle

import (
	"fmt"
	"sync"
)

// Odds is the exact distribution of one roll's outcome, found by counting
// every way the dice can fall.
type Odds struct {
	AttackDice, DefendDice int
	// Total is the number of ways the dice can fall: 6 to the power of
	// AttackDice+DefendDice.
	Total int
	// Ways[k] is how many of them cost the attacker k armies and the
	// defender Compared()-k.
	Ways [3]int
}

// Compared returns the number of dice compared: the armies the roll
// costs the two sides together.
func (o Odds) Compared() int { return min(o.AttackDice, o.DefendDice) }

// P returns the probability that the roll costs the attacker attackerLoss
// armies (and the defender the rest of Compared()); 0 for a loss the roll
// cannot have.
func (o Odds) P(attackerLoss int) float64 {
	if attackerLoss < 0 || attackerLoss > o.Compared() || o.Total == 0 {
		return 0
	}
	return float64(o.Ways[attackerLoss]) / float64(o.Total)
}

// RollOdds returns the exact odds of one roll of RollDice with the same
// arguments, counted over all 6^(attackDice+defendDice) ways the dice can
// fall (at most 6^5 = 7776) with RollDice's rules: ties to the defender,
// the city's +1 to one of the defender's highest dice, the Attack bonuses.
// The odds of every combination of dice and modifiers are counted once, the
// first time any is asked for, and kept for the life of the program.
func RollOdds(attackDice, defendDice int, city bool, b Bonuses) (Odds, error) {
	if err := checkDice(attackDice, defendDice); err != nil {
		return Odds{}, err
	}
	return oddsTable()[b.highBonus()][b.lowBonus()][cityIndex(city)][attackDice][defendDice], nil
}

// table holds the odds of every roll, by the attacker's high bonus (0 to
// 3), low bonus (0 or 1), city (0 or 1), attack dice and defend dice.
type table [4][2][2][MaxAttackDice + 1][MaxDefendDice + 1]Odds

// oddsTable is the table, counted once (the first time it is asked for)
// and never changed after.
var oddsTable = sync.OnceValue(countTable)

// countTable counts the odds of every roll.
func countTable() *table {
	t := new(table)
	for high := range 4 {
		for low := range 2 {
			for c := range 2 {
				for a := 1; a <= MaxAttackDice; a++ {
					for d := 1; d <= MaxDefendDice; d++ {
						t[high][low][c][a][d] = count(a, d, c == 1, high, low)
					}
				}
			}
		}
	}
	return t
}

func cityIndex(city bool) int {
	if city {
		return 1
	}
	return 0
}

// count enumerates every way a dice for the attacker and d for the
// defender can fall, and judges each with score.
func count(a, d int, city bool, high, low int) Odds {
	o := Odds{AttackDice: a, DefendDice: d, Total: 1}
	for range a + d {
		o.Total *= 6
	}
	var dice [MaxAttackDice + MaxDefendDice]int
	for code := range o.Total {
		n := code
		for i := range a + d {
			dice[i] = 1 + n%6
			n /= 6
		}
		s := score(dice[:a], dice[a:a+d], city, high, low)
		o.Ways[s.attLoss]++
	}
	return o
}

// MaxArmies is the most armies AttackOdds takes on either side.
const MaxArmies = 500

// Attack is an attack on one territory from another, pressed roll after
// roll until the defender is gone or the attacker stops.
type Attack struct {
	// Attackers is the armies in the attacking territory (one of them
	// must stay behind): at least 1.
	Attackers int
	// Defenders is the armies in the defending territory, not counting
	// its city: at least 1 unless a city stands there.
	Defenders int
	// City is set when a city stands in the defending territory: the
	// defender's +1 while it stands.
	City bool
	// CityArmies is the armies the city is converted into when the
	// defending armies are all lost and the attack goes on (or at once,
	// when the city stands alone): 3, or fewer if the defender's stock is
	// short, but at least 1. Ignored without City.
	CityArmies int
	// StopAt is where the attacker gives up: it stops when down to StopAt
	// armies in the attacking territory. 0 or 1 press the attack to the
	// end (an attacker with 1 army cannot roll).
	StopAt int
	// Bonuses are the attacker's Empire cards.
	Bonuses Bonuses
}

// Forecast is the exact outcome of an Attack.
type Forecast struct {
	// Win is the probability that the attacker takes the territory.
	Win float64
	// WinLeft[n] is the probability that the attacker takes the
	// territory with n armies left in the attacking territory (it moves
	// at least the dice of its last roll in, and leaves one behind). The
	// WinLeft add up to Win.
	WinLeft []float64
	// AttackerLoss and DefenderLoss are the expected armies each side
	// loses; the defender's count the armies its city became.
	AttackerLoss, DefenderLoss float64
}

// AttackOdds returns the exact chances of attack a, both sides always
// rolling all the dice they may (AttackDice, DefendDice), by dynamic
// programming over the armies left on each side and the odds of one roll
// (RollOdds): no simulation.
//
// The document's "Combat & Cities": a city gives its +1 while it stands;
// "A city which is alone in a territory (ie. no armies there) when
// attacked must be converted into armies", and "If all the armies which
// were defending a territory are lost in combat, and the attacker is still
// continuing the attack, then the city must be converted into armies": the
// attack then goes on against CityArmies armies without the +1. A defender
// who converts the city before combat ("the defender may choose - before
// the start of combat - to convert the city into armies") is an Attack
// with those armies among the Defenders and no City.
//
// CHOICE: the forecast assumes that both sides roll as many dice as they
// may, the classic play; the attacker may roll fewer in the game. An
// attacker that stops when the defending armies are gone leaves a lone
// city: not a conquest.
func AttackOdds(a Attack) (Forecast, error) {
	if a.Attackers < 1 || a.Attackers > MaxArmies {
		return Forecast{}, fmt.Errorf("battle: an attack from %d armies: want 1 to %d", a.Attackers, MaxArmies)
	}
	if a.Defenders < 0 || a.Defenders > MaxArmies {
		return Forecast{}, fmt.Errorf("battle: an attack on %d armies: want 0 to %d", a.Defenders, MaxArmies)
	}
	if a.City && (a.CityArmies < 1 || a.CityArmies > MaxArmies) {
		return Forecast{}, fmt.Errorf("battle: a city converted into %d armies: want 1 to %d", a.CityArmies, MaxArmies)
	}
	if !a.City && a.Defenders == 0 {
		return Forecast{}, fmt.Errorf("battle: an attack on a territory with neither armies nor a city")
	}
	if a.StopAt < 0 {
		return Forecast{}, fmt.Errorf("battle: an attack stopping at %d armies: want 0 or more", a.StopAt)
	}
	stop := max(a.StopAt, 1)
	// The one-roll probabilities, by city, attack dice, defend dice and
	// the attacker's loss.
	var probs [2][MaxAttackDice + 1][MaxDefendDice + 1][3]float64
	t := &oddsTable()[a.Bonuses.highBonus()][a.Bonuses.lowBonus()]
	for c := range 2 {
		for ad := 1; ad <= MaxAttackDice; ad++ {
			for dd := 1; dd <= MaxDefendDice; dd++ {
				for k := range 3 {
					probs[c][ad][dd][k] = t[c][ad][dd].P(k)
				}
			}
		}
	}

	// Two grids of probability over (attackers, defenders) left: while
	// the city stands (with its +1) and after (or without one).
	rows := max(a.Defenders, a.CityArmies) + 1
	cols := a.Attackers + 1
	open := make([]float64, cols*rows)
	var standing []float64
	if a.City {
		standing = make([]float64, cols*rows)
	}
	at := func(g []float64, att, def int) *float64 { return &g[def*cols+att] }

	var f Forecast
	f.WinLeft = make([]float64, a.Attackers+1)
	// In the open grid the defender has lost lostBase armies less those
	// left; in the standing grid, a.Defenders less those left.
	lostBase := a.Defenders
	switch {
	case a.City && a.Defenders > 0:
		*at(standing, a.Attackers, a.Defenders) = 1
		lostBase += a.CityArmies
	case a.City:
		*at(open, a.Attackers, a.CityArmies) = 1
		lostBase += a.CityArmies
	default:
		*at(open, a.Attackers, a.Defenders) = 1
	}
	// end ends the attack with probability p, att armies left to the
	// attacker and defLost lost by the defender.
	end := func(p float64, att, defLost int, won bool) {
		f.AttackerLoss += p * float64(a.Attackers-att)
		f.DefenderLoss += p * float64(defLost)
		if won {
			f.Win += p
			f.WinLeft[att] += p
		}
	}
	// Every roll takes armies from one side or both, so a state is only
	// reached from states with as many attackers or more and as many
	// defenders or more: sweeping both downwards meets each state after
	// every state that leads to it.
	sweep := func(g []float64, city bool, defenders int) {
		c := cityIndex(city)
		for att := a.Attackers; att >= 1; att-- {
			for def := defenders; def >= 0; def-- {
				p := *at(g, att, def)
				if p == 0 {
					continue
				}
				switch {
				case def == 0 && city && att > stop:
					*at(open, att, a.CityArmies) += p
				case def == 0 && city:
					end(p, att, a.Defenders, false) // a lone city stands
				case def == 0:
					end(p, att, lostBase, true)
				case att <= stop && city:
					end(p, att, a.Defenders-def, false)
				case att <= stop:
					end(p, att, lostBase-def, false)
				default:
					ad, dd := AttackDice(att), DefendDice(def)
					pr := &probs[c][ad][dd]
					n := min(ad, dd)
					for k := 0; k <= n; k++ {
						g[(def-n+k)*cols+att-k] += p * pr[k]
					}
				}
			}
		}
	}
	if a.City {
		sweep(standing, true, a.Defenders)
	}
	sweep(open, false, rows-1)
	return f, nil
}
