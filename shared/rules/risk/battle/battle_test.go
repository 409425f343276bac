package battle

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestDiceAllowed: classic Risk, "You, the attacker, will roll 1, 2 or 3
// red dice: You must have at least one more army in your territory than
// the number of dice you roll." and "The defender will roll either 1 or 2
// white dice: To roll 2 dice, he or she must have at least 2 armies on the
// territory under attack."
func TestDiceAllowed(t *testing.T) {
	tests := []struct {
		armies, attack, defend int
	}{
		{armies: 0, attack: 0, defend: 0},
		{armies: 1, attack: 0, defend: 1},
		{armies: 2, attack: 1, defend: 2},
		{armies: 3, attack: 2, defend: 2},
		{armies: 4, attack: 3, defend: 2},
		{armies: 30, attack: 3, defend: 2},
	}
	for _, tt := range tests {
		if have := AttackDice(tt.armies); have != tt.attack {
			t.Errorf("AttackDice(%d): have %d, want %d", tt.armies, have, tt.attack)
		}
		if have := DefendDice(tt.armies); have != tt.defend {
			t.Errorf("DefendDice(%d): have %d, want %d", tt.armies, have, tt.defend)
		}
	}
}

// die writes a die for a table: die(6, 8) is a 6 that counts as 8.
func die(rolled, value int) Die { return Die{Rolled: rolled, Value: value} }

// TestRollDice: each case names the rule it checks. The script rolls the
// attacker's dice first, then the defender's.
func TestRollDice(t *testing.T) {
	tests := []struct {
		rule     string
		att, def []int
		city     bool
		bon      Bonuses
		want     Roll
	}{
		{rule: "the highest die of each side is compared; higher wins",
			att: []int{5}, def: []int{4},
			want: Roll{Attacker: []Die{die(5, 5)}, Defender: []Die{die(4, 4)}, DefenderLoss: 1}},
		{rule: "In case of a tie, the defender always wins",
			att: []int{3}, def: []int{3},
			want: Roll{Attacker: []Die{die(3, 3)}, Defender: []Die{die(3, 3)}, AttackerLoss: 1}},
		{rule: "compare the highest, then the two next-highest dice",
			att: []int{1, 6, 4}, def: []int{5, 5},
			want: Roll{Attacker: []Die{die(6, 6), die(4, 4), die(1, 1)}, Defender: []Die{die(5, 5), die(5, 5)}, AttackerLoss: 1, DefenderLoss: 1}},
		{rule: "only as many dice as the smaller side rolled are compared",
			att: []int{2, 6, 1}, def: []int{5},
			want: Roll{Attacker: []Die{die(6, 6), die(2, 2), die(1, 1)}, Defender: []Die{die(5, 5)}, DefenderLoss: 1}},
		{rule: "the defender wins both ties of a 2 against 2",
			att: []int{4, 2}, def: []int{2, 4},
			want: Roll{Attacker: []Die{die(4, 4), die(2, 2)}, Defender: []Die{die(4, 4), die(2, 2)}, AttackerLoss: 2}},
		{rule: "a city gives +1 to the highest number rolled by the defender",
			att: []int{4}, def: []int{3}, city: true,
			want: Roll{Attacker: []Die{die(4, 4)}, Defender: []Die{die(3, 4)}, AttackerLoss: 1}},
		{rule: "If the same high number is rolled on more than one die, the bonus only applies to one of them",
			att: []int{5, 5, 1}, def: []int{4, 4}, city: true,
			want: Roll{Attacker: []Die{die(5, 5), die(5, 5), die(1, 1)}, Defender: []Die{die(4, 5), die(4, 4)}, AttackerLoss: 1, DefenderLoss: 1}},
		{rule: "the city's +1 goes to the highest die, not the lowest",
			att: []int{6, 2}, def: []int{1, 5}, city: true,
			want: Roll{Attacker: []Die{die(6, 6), die(2, 2)}, Defender: []Die{die(5, 6), die(1, 1)}, AttackerLoss: 1, DefenderLoss: 1}},
		{rule: "Attack bonus I: Attacker gets +1 to lowest die roll (the dice ordered again)",
			att: []int{3, 5, 3}, def: []int{4, 3}, bon: Bonuses{AttackI: true},
			want: Roll{Attacker: []Die{die(5, 5), die(3, 4), die(3, 3)}, Defender: []Die{die(4, 4), die(3, 3)}, DefenderLoss: 2}},
		{rule: "Attack bonus I: a lowest die still below the others changes nothing",
			att: []int{6, 5, 1}, def: []int{5, 5}, bon: Bonuses{AttackI: true},
			want: Roll{Attacker: []Die{die(6, 6), die(5, 5), die(1, 2)}, Defender: []Die{die(5, 5), die(5, 5)}, AttackerLoss: 1, DefenderLoss: 1}},
		{rule: "Attack bonus II: Attacker gets +1 to highest die roll",
			att: []int{5, 2}, def: []int{5}, bon: Bonuses{AttackII: true},
			want: Roll{Attacker: []Die{die(5, 6), die(2, 2)}, Defender: []Die{die(5, 5)}, DefenderLoss: 1}},
		{rule: "Attack bonus III: Attacker gets +2 to highest die roll; a die counts past 6",
			att: []int{6}, def: []int{6}, city: true, bon: Bonuses{AttackIII: true},
			want: Roll{Attacker: []Die{die(6, 8)}, Defender: []Die{die(6, 7)}, DefenderLoss: 1}},
		{rule: "CHOICE: Attack bonus II and III add up to +3",
			att: []int{3}, def: []int{5}, bon: Bonuses{AttackII: true, AttackIII: true},
			want: Roll{Attacker: []Die{die(3, 6)}, Defender: []Die{die(5, 5)}, DefenderLoss: 1}},
		{rule: "CHOICE: one die is both the highest and the lowest and gets both bonuses",
			att: []int{4}, def: []int{5}, bon: Bonuses{AttackI: true, AttackII: true},
			want: Roll{Attacker: []Die{die(4, 6)}, Defender: []Die{die(5, 5)}, DefenderLoss: 1}},
		{rule: "CHOICE: of equal dice, one gets the highest's bonus and another the lowest's",
			att: []int{3, 3}, def: []int{4, 3}, bon: Bonuses{AttackI: true, AttackII: true},
			want: Roll{Attacker: []Die{die(3, 4), die(3, 4)}, Defender: []Die{die(4, 4), die(3, 3)}, AttackerLoss: 1, DefenderLoss: 1}},
		{rule: "the other Empire cards do not change a roll",
			att: []int{3}, def: []int{3}, bon: Bonuses{StormShelter: true, QuakeShelter: true, MedicineI: true, MedicineII: true, RiotGear: true},
			want: Roll{Attacker: []Die{die(3, 3)}, Defender: []Die{die(3, 3)}, AttackerLoss: 1}},
	}
	for _, tt := range tests {
		s := scripted(t, append(append([]int(nil), tt.att...), tt.def...)...)
		have, err := RollDice(s, len(tt.att), len(tt.def), tt.city, tt.bon)
		if err != nil {
			t.Errorf("%s: %v", tt.rule, err)
			continue
		}
		s.done()
		if !reflect.DeepEqual(have, tt.want) {
			t.Errorf("%s: %v against %v: have %+v, want %+v", tt.rule, tt.att, tt.def, have, tt.want)
		}
	}
}

// TestRollDiceRefuses: a roll has 1 to 3 dice for the attacker and 1 to 2
// for the defender; nothing is rolled otherwise.
func TestRollDiceRefuses(t *testing.T) {
	for _, tt := range [][2]int{{0, 1}, {4, 2}, {-1, 1}, {3, 0}, {3, 3}} {
		s := scripted(t)
		if _, err := RollDice(s, tt[0], tt[1], false, Bonuses{}); err == nil {
			t.Errorf("RollDice(%d, %d): no error", tt[0], tt[1])
		}
		if _, err := RollOdds(tt[0], tt[1], false, Bonuses{}); err == nil {
			t.Errorf("RollOdds(%d, %d): no error", tt[0], tt[1])
		}
	}
}

// TestDice: the seeded Roller rolls 1 to 6, each about as often, and the
// same seed rolls the same dice.
func TestDice(t *testing.T) {
	a, b := Dice{rand.New(rand.NewPCG(7, 8))}, Dice{rand.New(rand.NewPCG(7, 8))}
	var seen [7]int
	for range 6000 {
		x, y := a.Die(), b.Die()
		if x != y {
			t.Fatalf("the same seed rolled %d and %d", x, y)
		}
		if x < 1 || x > 6 {
			t.Fatalf("a die rolled %d", x)
		}
		seen[x]++
	}
	for face := 1; face <= 6; face++ {
		if seen[face] < 850 || seen[face] > 1150 {
			t.Errorf("face %d: %d times in 6000 rolls", face, seen[face])
		}
	}
}
