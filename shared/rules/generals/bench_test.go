package generals

import (
	"testing"

	"empires/shared/ruleset"
)

// BenchmarkGame plays a whole 4-player game of 40 rounds with the random
// AI in every seat, through Step, View and Act as a server drives it.
func BenchmarkGame(b *testing.B) {
	for i := range b.N {
		play(b, config(uint64(i), 4, 40), nil)
	}
}

// BenchmarkView builds a seat's view of a game in its middle.
func BenchmarkView(b *testing.B) {
	var g *game
	play(b, config(1, 4, 40), func(gg *game, st ruleset.Step) {
		if gg.s.Round == 20 && g == nil {
			save, _ := gg.Save()
			l, _ := gg.r.Load(save)
			g = l.(*game)
		}
	})
	b.ResetTimer()
	for range b.N {
		g.View(1, false)
	}
}
