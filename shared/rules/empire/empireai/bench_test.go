package empireai

import (
	"testing"

	"empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// BenchmarkNormalTurn measures one turn's plan of normal in the middle of
// a game (turn 40): on the default map against easy, on a large one, and
// on 128x128 among eight normal seats (the issue's "8 normal AIs on
// 128x128"), where a seat knows a small part of the map.
func BenchmarkNormalTurn(b *testing.B) {
	for _, size := range []struct {
		name  string
		w, h  int
		seats int
	}{{"40x30", 40, 30, 2}, {"128x96", 128, 96, 2}, {"128x128-8seats", 128, 128, 8}} {
		b.Run(size.name, func(b *testing.B) {
			levels := []ruleset.Level{ruleset.Normal, ruleset.Easy}
			if size.seats > 2 {
				levels = make([]ruleset.Level, size.seats)
				for i := range levels {
					levels[i] = ruleset.Normal
				}
			}
			gm := newGame(b, 2, size.w, size.h, levels...)
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
