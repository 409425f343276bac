package battle_test

import (
	"fmt"
	"math/rand/v2"

	"empires/shared/rules/risk/battle"
)

// A roll of 3 dice against 2 on a territory with a city, the attacker
// holding Attack bonus II: the game's seeded generator rolls the dice. The
// attacker's highest 5 counts as 6 and ties with the defender's 5 lifted
// by the city: the tie goes to the defender.
func ExampleRollDice() {
	dice := battle.Dice{Rand: rand.New(rand.NewPCG(1, 2))}
	r, err := battle.RollDice(dice, 3, 2, true, battle.Bonuses{AttackII: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("attacker", r.Attacker, "defender", r.Defender)
	fmt.Println("losses", r.AttackerLoss, r.DefenderLoss)
	// Output:
	// attacker [{5 6} {5 5} {4 4}] defender [{5 6} {2 2}]
	// losses 1 1
}

// The exact chances of 10 armies attacking 6 and a city (which becomes 3
// armies once the 6 are gone), pressed until the attacker is down to 3.
func ExampleAttackOdds() {
	f, err := battle.AttackOdds(battle.Attack{Attackers: 10, Defenders: 6, City: true, CityArmies: 3, StopAt: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("conquers %.3f, loses %.2f armies, kills %.2f\n", f.Win, f.AttackerLoss, f.DefenderLoss)
	// Output:
	// conquers 0.284, loses 6.45 armies, kills 5.58
}
