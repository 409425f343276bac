// Package battle fights the empire ruleset's battles and bombardments by
// the document's rules: rounds of a special, a distance and a melee phase,
// then an escape and an evaluation phase; each unit attacks the least
// valuable enemy it may attack; av and dv dice, with experience and the
// special attributes. It knows units and sides, not the map: the game
// tells it whether each side has a square to flee to, and places the
// forces after.
package battle

import (
	"strconv"

	"empires/shared/rules/empire/dat"
)

// UnitID names a unit for the whole game.
type UnitID uint32

// String is the unit's number as players read it: an ID's low 24 bits, the
// count of the seat that made it (package empire keeps the seat above).
func (id UnitID) String() string { return strconv.Itoa(int(id & (1<<24 - 1))) }

// Fighter is one unit in a battle.
type Fighter struct {
	ID   UnitID
	Kind dat.Kind
	// HP is its hit points now (it is dead at 0).
	HP int
	// Level is its experience level: 0 green, 1 to 3 for *, ** and ***.
	// A unit rolls Level+1 dice and keeps the best.
	Level int
	// Battles is how many battles it fought before this one; with
	// dat.Game.Promotions it gives the Level after the battle.
	Battles int
}

// Side is one side of a battle: every force of one player in the square
// (or prepared to move into it), treated as one army or garrison.
type Side struct {
	Player uint8
	// Fighters are the side's units, in a fixed order (the game's).
	Fighters []Fighter
	// Garrison is set when the side holds a garrison: it never flees.
	Garrison bool
	// CanFlee is set when the side has an adjacent square to flee to
	// (empty: no settlement, no hostile army, and one its armies can
	// enter).
	CanFlee bool
}

// Dice draws the battle's random numbers: IntN returns a number in
// [0, n).
type Dice interface {
	IntN(n int) int
}

// Outcome is how a battle ended: the evaluation phase's three results, and
// the two the document implies (the defender wiped out, and a battle no
// one can win).
type Outcome uint8

// The outcomes.
const (
	// AttackerWiped: the attacker is wiped out; the defender keeps the
	// square, even if it is wiped out too.
	AttackerWiped Outcome = iota + 1
	// AttackerFled: the attacker flees; the defender stays.
	AttackerFled
	// DefenderFled: the defender flees; the attacker takes the square.
	DefenderFled
	// DefenderWiped: the defender is wiped out, the attacker is not; the
	// attacker takes the square.
	DefenderWiped
	// Stalemate: MaxRounds rounds passed (or a round in which no unit
	// could attack any other): the attacker falls back like a fleeing
	// army, the defender stays.
	Stalemate
)

// Hit is one attack: who attacked whom, the dice each kept, and the hp
// the target lost (0 on a miss, 1 on a hit, 2 for double damage; never
// more than the target had).
type Hit struct {
	Side     uint8 // 0: the attacker's side attacked, 1: the defender's
	From, To UnitID
	Roll     int // the attacker's kept die (after halving against undead)
	Defence  int // the defender's kept die
	Damage   int
}

// PhaseReport is one attack phase of a round.
type PhaseReport struct {
	Phase dat.Phase
	Hits  []Hit
	// Killed are the units eliminated after the phase.
	Killed []UnitID
}

// Round is one combat round.
type Round struct {
	Phases []PhaseReport // only the phases in which some unit attacked
	// HP is each side's total hp after the round.
	HP [2]int
	// Fled is set for the side that fled in the round's escape phase.
	Fled [2]bool
}

// Report is a whole battle.
type Report struct {
	// Start are the two sides' fighters as they came to the battle, in
	// the sides' order: those that took part (more than 0 hp), with their
	// kind, hp, level and battles before it. With Sides it tells who was
	// killed, whatever the side: a report read by one side names the
	// other's dead.
	Start [2][]Fighter
	// StartHP is each side's total hp at the start (the escape phase's
	// measure).
	StartHP [2]int
	Rounds  []Round
	Outcome Outcome
	// Sides are the two sides after the battle: the survivors, with their
	// hp and their experience after promotions.
	Sides [2]Side
	// Promoted are the survivors promoted by the battle.
	Promoted []UnitID
}
