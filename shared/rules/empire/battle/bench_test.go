package battle

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkFight fights a battle of eight units a side to its end.
func BenchmarkFight(b *testing.B) {
	d := testData(docGame())
	att := Side{Fighters: army(b, d, "1 Infantry", "2 Infantry", "3 Cavalry", "4 Archer", "5 Hero", "6 Firemage", "7 Zombie", "8 Angel"), CanFlee: true}
	def := Side{Fighters: army(b, d, "11 Infantry", "12 Coward", "13 Cavalry", "14 Archer", "15 Skeleton", "16 Icemage", "17 Golem", "18 Demon"), Garrison: true}
	dice := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		Fight(d, att, def, dice)
	}
}
