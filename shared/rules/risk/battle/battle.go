// Package battle is the dice of the risk ruleset (EMPIRES, the Risk
// extended scenario): one roll of an attack as in classic Risk with the
// document's modifiers (a city's +1 to the defender, the Attack bonus
// Empire cards), the exact odds of a roll and of a whole attack for the AI,
// and the natural and social disasters ('Quakes, Floods, Plague, Riots)
// that strike one player's holdings.
//
// Everything here is a pure function of its arguments: the random numbers
// come from a Roller the caller passes (the game's seeded generator, or a
// script in tests), drawn in an order each function documents, and the
// results are data (what was rolled, what was lost) that the caller
// applies to its state and writes to the log. The package knows the board
// (shared/rules/risk/board) but not the game's state: the caller says who
// holds what.
package battle

import (
	"fmt"
	"math/rand/v2"
)

// Roller rolls one six-sided die: Die returns 1 to 6.
type Roller interface {
	Die() int
}

// Dice is the Roller of a seeded generator (a PCG or ChaCha8 source kept in
// the game's state), so that the same seed rolls the same dice.
type Dice struct {
	Rand *rand.Rand
}

// Die returns 1 to 6, uniformly.
func (d Dice) Die() int { return 1 + d.Rand.IntN(6) }

// Bonuses are the Empire cards of the document's Table 4 that change this
// package's dice, held by the attacker (the Attack bonuses) or by the
// player a disaster strikes (the others).
//
// CHOICE: the bonuses of a player add up. The document lets a player hold
// one Empire card of each face value, so the 3, 6 and 9 of Spades may be
// held together: with Attack bonus II and III the attacker's highest die
// gets +3, and Medicine I and II both apply to a plague.
type Bonuses struct {
	AttackI   bool // 3 Spades: "Attacker gets +1 to lowest die roll."
	AttackII  bool // 6 Spades: "Attacker gets +1 to highest die roll."
	AttackIII bool // 9 Spades: "Attacker gets +2 to highest die roll."
	// StormShelter, 3 Hearts: "Subtract one from the die roll when
	// determining the number of armies lost through Floods."
	StormShelter bool
	// QuakeShelter, 3 Diamonds: "Subtract one from the die roll when
	// determining the number of armies lost through 'Quakes."
	QuakeShelter bool
	// MedicineI, 6 Hearts: "Subtract one from the die roll when
	// determining the number of armies lost in a territory affected by a
	// Plague."
	MedicineI bool
	// MedicineII, 9 Hearts: "Add one to the die roll when determining if a
	// territory is affected by a Plague."
	MedicineII bool
	// RiotGear, 9 Diamonds: "Add one to the die roll when determining if a
	// city is affected by a Riot."
	RiotGear bool
}

// highBonus is what the Attack bonuses add to the attacker's highest die.
func (b Bonuses) highBonus() int {
	n := 0
	if b.AttackII {
		n++
	}
	if b.AttackIII {
		n += 2
	}
	return n
}

// lowBonus is what the Attack bonuses add to the attacker's lowest die.
func (b Bonuses) lowBonus() int {
	if b.AttackI {
		return 1
	}
	return 0
}

// The most dice each side may roll.
const (
	MaxAttackDice = 3
	MaxDefendDice = 2
)

// AttackDice returns the most dice an attacker with armies armies in the
// attacking territory may roll, 0 if it may not attack. Classic Risk (a
// normal RISK rule the document keeps): "You, the attacker, will roll 1, 2
// or 3 red dice: You must have at least one more army in your territory
// than the number of dice you roll."
func AttackDice(armies int) int {
	return max(0, min(MaxAttackDice, armies-1))
}

// DefendDice returns the most dice a defender with armies armies in the
// defending territory may roll. Classic Risk: "The defender will roll
// either 1 or 2 white dice: To roll 2 dice, he or she must have at least 2
// armies on the territory under attack." A city
// is not an army here: it fights only once converted into armies (the
// document's "Combat & Cities").
func DefendDice(armies int) int {
	return max(0, min(MaxDefendDice, armies))
}

// Die is one die of a roll.
type Die struct {
	Rolled int // what the die shows, 1 to 6
	// Value is Rolled with the bonuses given to this die, the number it is
	// compared with. It may exceed 6: a 6 with Attack bonus III is 8.
	Value int
}

// Roll is one roll of an attack: the dice of each side and the armies
// each side loses.
type Roll struct {
	// Attacker and Defender are the dice of each side, highest Value
	// first: Attacker[i] is compared with Defender[i] for every i below
	// the shorter length.
	Attacker, Defender []Die
	// AttackerLoss and DefenderLoss are the armies each side loses; they
	// add up to the number of dice compared.
	AttackerLoss, DefenderLoss int
}

// RollDice rolls one roll of an attack with attackDice dice for the
// attacker (1 to 3) and defendDice for the defender (1 to 2); city is set
// when a city stands in the defending territory, and b are the attacker's
// Empire cards. It draws the attacker's dice from r first, then the
// defender's. The caller checks the dice against the armies (AttackDice,
// DefendDice).
//
// Classic Risk: "Compare the highest die each of you rolled. If yours (the
// attacker's) is higher, the defender loses one army from the territory
// under attack. But if the defender's die is higher than yours, you lose
// one army from the territory you attacked from ... If each of you rolled
// more than one die, now compare the two next-highest dice and repeat the
// process. In case of a tie, the defender always wins." The
// document's modifiers: "A city gives a combat bonus to defending armies
// of +1 to the highest number rolled by the defender. If the same high
// number is rolled on more than one die, the bonus only applies to one of
// them", and Table 4's "Attacker gets +1 to lowest die roll" (Attack bonus
// I), "+1 to highest die roll" (II), "+2 to highest die roll" (III).
//
// CHOICE: a bonus goes to the die that shows the highest (or lowest) number
// as rolled, one die only; then each side's dice are ordered again by their
// values with bonuses, and those are compared highest first. So Attack
// bonus I, given to the lowest of three dice, counts only when it lifts
// that die above the middle one. With one die, that die is both the
// highest and the lowest and gets every bonus.
func RollDice(r Roller, attackDice, defendDice int, city bool, b Bonuses) (Roll, error) {
	if err := checkDice(attackDice, defendDice); err != nil {
		return Roll{}, err
	}
	var att [MaxAttackDice]int
	var def [MaxDefendDice]int
	for i := range attackDice {
		att[i] = r.Die()
	}
	for i := range defendDice {
		def[i] = r.Die()
	}
	s := score(att[:attackDice], def[:defendDice], city, b.highBonus(), b.lowBonus())
	return Roll{
		Attacker:     append([]Die(nil), s.att[:attackDice]...),
		Defender:     append([]Die(nil), s.def[:defendDice]...),
		AttackerLoss: s.attLoss,
		DefenderLoss: s.defLoss,
	}, nil
}

// checkDice refuses dice counts no roll may have.
func checkDice(attackDice, defendDice int) error {
	if attackDice < 1 || attackDice > MaxAttackDice {
		return fmt.Errorf("battle: the attacker rolls 1 to %d dice, not %d", MaxAttackDice, attackDice)
	}
	if defendDice < 1 || defendDice > MaxDefendDice {
		return fmt.Errorf("battle: the defender rolls 1 to %d dice, not %d", MaxDefendDice, defendDice)
	}
	return nil
}

// scored is a roll judged: the dice of each side, highest value first, and
// the losses.
type scored struct {
	att              [MaxAttackDice]Die
	def              [MaxDefendDice]Die
	attLoss, defLoss int
}

// score judges the dice att and def as rolled (1 to 3 and 1 to 2 of them):
// high and low are added to the attacker's highest and lowest die, and 1 to
// the defender's highest when city is set. It does not allocate: the odds
// tables call it for every outcome.
func score(att, def []int, city bool, high, low int) scored {
	var s scored
	a, d := s.att[:len(att)], s.def[:len(def)]
	for i, v := range att {
		a[i] = Die{Rolled: v, Value: v}
	}
	for i, v := range def {
		d[i] = Die{Rolled: v, Value: v}
	}
	sortDice(a)
	sortDice(d)
	a[0].Value += high
	a[len(a)-1].Value += low
	if city {
		d[0].Value++
	}
	sortDice(a)
	sortDice(d)
	for i := range min(len(a), len(d)) {
		if a[i].Value > d[i].Value {
			s.defLoss++
		} else {
			s.attLoss++
		}
	}
	return s
}

// sortDice orders dice by Value, highest first, then by Rolled, highest
// first; equal dice keep their order.
func sortDice(d []Die) {
	for i := 1; i < len(d); i++ {
		for j := i; j > 0 && before(d[j], d[j-1]); j-- {
			d[j], d[j-1] = d[j-1], d[j]
		}
	}
}

func before(x, y Die) bool {
	if x.Value != y.Value {
		return x.Value > y.Value
	}
	return x.Rolled > y.Rolled
}
