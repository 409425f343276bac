package battle

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkAttackOdds forecasts an attack of 30 armies on 30, the largest
// the AI weighs often.
func BenchmarkAttackOdds(b *testing.B) {
	a := Attack{Attackers: 30, Defenders: 30}
	if _, err := AttackOdds(a); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		AttackOdds(a)
	}
}

// BenchmarkAttackOddsCity forecasts an attack of 30 armies on 30 and a
// city, with Attack bonuses.
func BenchmarkAttackOddsCity(b *testing.B) {
	a := Attack{Attackers: 30, Defenders: 30, City: true, CityArmies: 3, StopAt: 5, Bonuses: Bonuses{AttackI: true, AttackII: true}}
	if _, err := AttackOdds(a); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		AttackOdds(a)
	}
}

// BenchmarkCountTable counts the odds of every roll, as the first call of
// RollOdds or AttackOdds does once.
func BenchmarkCountTable(b *testing.B) {
	for b.Loop() {
		countTable()
	}
}

// BenchmarkRollDice rolls 3 dice against 2 with a city.
func BenchmarkRollDice(b *testing.B) {
	r := Dice{rand.New(rand.NewPCG(1, 2))}
	b.ReportAllocs()
	for b.Loop() {
		RollDice(r, 3, 2, true, Bonuses{AttackII: true})
	}
}
