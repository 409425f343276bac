package game

import "math/bits"

// RNG is the game's random number generator: PCG-DXSM, the generator of
// math/rand/v2's PCG, written out so its whole state is two plain fields of
// the game state and a saved game continues with the same numbers. The zero
// value is a valid generator; use NewRNG to seed one.
type RNG struct {
	Hi, Lo uint64
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG {
	return RNG{Hi: seed, Lo: seed ^ 0x9e3779b97f4a7c15}
}

// Uint64 returns the next 64 random bits; the sequence equals that of
// rand.NewPCG(r.Hi, r.Lo).
func (r *RNG) Uint64() uint64 {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	// state = state*mul + inc, on 128 bits.
	hi, lo := bits.Mul64(r.Lo, mulLo)
	hi += r.Hi*mulLo + r.Lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	r.Hi, r.Lo = hi, lo
	// DXSM output: double xorshift multiply.
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// IntN returns a uniform random number in [0, n); it panics if n <= 0.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("game: RNG.IntN with n <= 0")
	}
	// Rejection sampling keeps the result exactly uniform.
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if v := r.Uint64(); v < limit {
			return int(v % uint64(n))
		}
	}
}

// Roll returns a roll of a die with the given number of sides, 1..sides.
func (r *RNG) Roll(sides int) int { return r.IntN(sides) + 1 }
