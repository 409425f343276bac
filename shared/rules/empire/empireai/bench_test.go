package empireai

import (
	"testing"

	"empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// BenchmarkNormalTurn measures one turn's plan of normal in the middle of
// a game (turn 40) on the default map and on a large one.
func BenchmarkNormalTurn(b *testing.B) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"40x30", 40, 30}, {"128x96", 128, 96}} {
		b.Run(size.name, func(b *testing.B) {
			gm := newGame(b, 2, size.w, size.h, ruleset.Normal, ruleset.Easy)
			var v *empire.View
			for range 40 {
				gm.turn(func(s ruleset.Seat, sv *empire.View, _ []byte) {
					if s == 1 {
						v = sv
					}
				})
			}
			p, err := NewPlayer(gm.r.Dat(), ruleset.Normal, 2)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				p.Orders(v, 1)
			}
		})
	}
}
