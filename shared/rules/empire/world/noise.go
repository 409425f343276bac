package world

import "empires/shared/grid"

// This file holds integer value noise. Integers keep a map the same on
// every machine: floating point may be fused differently by the compiler
// on different processors.

// noiseOne is the fixed-point one of the noise: values run 0..noiseOne-1.
const noiseOne = 1 << 16

// A cell is cellUnits wide in noise coordinates; a hex row is rowUnits
// high (cellUnits * sqrt(3)/2), so noise features on hexes are round.
const (
	cellUnits = 1024
	rowUnits  = 887
)

// noiseXY returns the noise coordinates of p's centre: squares on a square
// lattice, hexes with odd rows shifted right by half a cell.
func noiseXY(shape grid.Shape, p grid.Pos) (x, y int64) {
	if shape == grid.Hex {
		return int64(p.X*cellUnits + (p.Y&1)*cellUnits/2), int64(p.Y * rowUnits)
	}
	return int64(p.X * cellUnits), int64(p.Y * cellUnits)
}

// mix is the splitmix64 finaliser, a well-spread 64-bit hash.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// lattice is the noise value 0..noiseOne-1 at lattice point (ix, iy).
func lattice(seed uint64, ix, iy int64) int64 {
	return int64(mix(seed^mix(uint64(ix)*0x9e3779b97f4a7c15^uint64(iy)*0xc2b2ae3d27d4eb4f)) >> 48)
}

// smooth is the smoothstep 3t²-2t³ of t in 0..noiseOne.
func smooth(t int64) int64 {
	return t * t / noiseOne * (3*noiseOne - 2*t) / noiseOne
}

// lerp goes from a (t 0) to b (t noiseOne).
func lerp(a, b, t int64) int64 { return a + (b-a)*t/noiseOne }

// floorDiv is a/b rounded down, for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// valueNoise is smooth noise 0..noiseOne-1 at (x, y), with lattice points
// span units apart.
func valueNoise(seed uint64, x, y, span int64) int64 {
	ix, iy := floorDiv(x, span), floorDiv(y, span)
	tx := smooth((x - ix*span) * noiseOne / span)
	ty := smooth((y - iy*span) * noiseOne / span)
	top := lerp(lattice(seed, ix, iy), lattice(seed, ix+1, iy), tx)
	bottom := lerp(lattice(seed, ix, iy+1), lattice(seed, ix+1, iy+1), tx)
	return lerp(top, bottom, ty)
}

// fractal is value noise summed over octaves, each of half the span and
// half the weight of the one before, starting at span units: 0..noiseOne-1.
func fractal(seed uint64, x, y, span int64, octaves int) int64 {
	var sum, weight int64
	w := int64(8)
	for o := range octaves {
		if span < cellUnits {
			break
		}
		sum += valueNoise(mix(seed+uint64(o)), x, y, span) * w
		weight += w
		w /= 2
		span /= 2
	}
	if weight == 0 {
		return 0
	}
	return sum / weight
}

// field returns fractal noise for every cell of g (by Index), with
// features about span cells across.
func field(g grid.Grid, seed uint64, span, octaves int) []int64 {
	out := make([]int64, g.Len())
	for i := range out {
		x, y := noiseXY(g.Shape, g.At(i))
		out[i] = fractal(seed, x, y, int64(span)*cellUnits, octaves)
	}
	return out
}
