package hex

import (
	"fmt"
	"testing"
)

// Package-level sinks keep the compiler from optimising benchmarks away.
var (
	sinkInt   int
	sinkHex   Hex
	sinkHexes []Hex
)

func BenchmarkDistance(b *testing.B) {
	x, y := Hex{-17, 40}, Hex{33, -12}
	for i := 0; b.Loop(); i++ {
		sinkInt += Distance(x, y.Add(Hex{i & 7, 0}))
	}
}

func BenchmarkNeighbors(b *testing.B) {
	h := Hex{5, -9}
	for b.Loop() {
		nbs := h.Neighbors()
		sinkHex = nbs[sinkInt&3]
	}
}

func BenchmarkRing(b *testing.B) {
	for b.Loop() {
		sinkHexes = Ring(Hex{3, -4}, 10)
	}
}

func BenchmarkLine(b *testing.B) {
	for b.Loop() {
		sinkHexes = Line(Hex{-20, 7}, Hex{25, -13})
	}
}

// benchMap returns a size x size map with walls: every eighth offset
// column is a wall with a single gap, alternating between the top and the
// bottom, so corner-to-corner paths must zigzag; forest ('f', cost 2) is
// scattered deterministically.
func benchMap(size int) *testMap {
	m := &testMap{rect: Rect{Width: size, Height: size}}
	m.cells = make([]int, m.rect.Len())
	for row := range size {
		for col := range size {
			c := 1
			if (col*7+row*13)%11 == 0 {
				c = 2
			}
			if col%8 == 4 {
				gapRow := 1
				if (col/8)%2 == 1 {
					gapRow = size - 2
				}
				if row != gapRow {
					c = 0
				}
			}
			m.cells[row*size+col] = c
		}
	}
	m.start = FromOffset(Offset{0, 0})
	m.goal = FromOffset(Offset{size - 1, size - 1})
	return m
}

func BenchmarkPath(b *testing.B) {
	for _, size := range []int{64, 256} {
		m := benchMap(size)
		b.Run(fmt.Sprintf("%dx%d", size, size), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				path, total, ok := Path(m.start, m.goal, m.cost, 0)
				if !ok {
					b.Fatal("no path")
				}
				sinkHexes, sinkInt = path, total
			}
		})
	}
}

func BenchmarkReachable(b *testing.B) {
	m := benchMap(64)
	start := FromOffset(Offset{20, 20})
	b.ReportAllocs()
	for b.Loop() {
		sinkInt += len(Reachable(start, m.cost, 4))
	}
}
