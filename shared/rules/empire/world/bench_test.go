package world_test

import (
	"fmt"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/world"
)

func BenchmarkGenerate(b *testing.B) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		for _, size := range []struct{ side, players int }{{64, 4}, {256, 8}} {
			b.Run(fmt.Sprintf("%v/%dx%d/%d", shape, size.side, size.side, size.players), func(b *testing.B) {
				g := grid.New(shape, size.side, size.side)
				seed := uint64(0)
				for b.Loop() {
					if _, err := world.Generate(g, testGame(), size.players, seed); err != nil {
						b.Fatal(err)
					}
					seed++
				}
			})
		}
	}
}
