package game

import (
	"math/rand/v2"
	"testing"
)

func TestRNGMatchesPCG(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {0xdeadbeef, 42}} {
		r := RNG{Hi: seed[0], Lo: seed[1]}
		p := rand.NewPCG(seed[0], seed[1])
		for i := range 1000 {
			if have, want := r.Uint64(), p.Uint64(); have != want {
				t.Fatalf("seed %v draw %d: %x, want %x", seed, i, have, want)
			}
		}
	}
}

func TestRNGRollRange(t *testing.T) {
	r := NewRNG(7)
	var seen [7]int
	for range 6000 {
		v := r.Roll(6)
		if v < 1 || v > 6 {
			t.Fatalf("Roll(6) = %d", v)
		}
		seen[v]++
	}
	for face := 1; face <= 6; face++ {
		if seen[face] < 850 || seen[face] > 1150 {
			t.Errorf("face %d came up %d times in 6000 rolls", face, seen[face])
		}
	}
	a, b := NewRNG(9), NewRNG(9)
	for range 100 {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different numbers")
		}
	}
}
