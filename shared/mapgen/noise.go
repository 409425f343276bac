package mapgen

// This file holds integer value noise. The map generator uses integers only,
// like the rest of the engine: floating point is exact per operation in Go,
// but the compiler may fuse a*b+c into one instruction on some CPUs and not
// on others, so a float generator could give two machines different maps for
// the same seed.

// noiseOne is the fixed-point one of the noise functions: values run 0..noiseOne.
const noiseOne = 1 << 16

// World coordinates put hex centres on a plane with one hex width = 1024 units
// and one row = 887 units (1024 * sqrt(3)/2, rounded), odd rows shifted right
// by half a hex: the odd-r layout, so noise features are round, not squashed.
const (
	worldHexWidth = 1024
	worldRowStep  = 887
)

// worldXY returns the world coordinates of the hex at column col, row row.
func worldXY(col, row int) (x, y int64) {
	return int64(col*worldHexWidth + (row&1)*worldHexWidth/2), int64(row * worldRowStep)
}

// mix is the splitmix64 finaliser: a fast, well-spread 64-bit hash.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// lattice returns the noise value 0..noiseOne-1 at lattice point (ix, iy).
func lattice(seed uint64, ix, iy int64) int64 {
	h := mix(seed ^ mix(uint64(ix)*0x9e3779b97f4a7c15^uint64(iy)*0xc2b2ae3d27d4eb4f))
	return int64(h >> 48)
}

// smooth is the smoothstep curve 3t²-2t³ on fixed-point t in 0..noiseOne.
func smooth(t int64) int64 {
	return t * t / noiseOne * (3*noiseOne - 2*t) / noiseOne
}

// floorDiv divides rounding towards minus infinity and returns the quotient
// and the non-negative remainder.
func floorDiv(a, b int64) (q, r int64) {
	q, r = a/b, a%b
	if r < 0 {
		q--
		r += b
	}
	return q, r
}

// valueNoise returns smoothly interpolated lattice noise at world point (x, y)
// for lattice cells of the given size in world units; 0..noiseOne-1.
func valueNoise(seed uint64, x, y, cell int64) int64 {
	ix, fx := floorDiv(x, cell)
	iy, fy := floorDiv(y, cell)
	sx := smooth(fx * noiseOne / cell)
	sy := smooth(fy * noiseOne / cell)
	v00 := lattice(seed, ix, iy)
	v10 := lattice(seed, ix+1, iy)
	v01 := lattice(seed, ix, iy+1)
	v11 := lattice(seed, ix+1, iy+1)
	top := v00 + (v10-v00)*sx/noiseOne
	bottom := v01 + (v11-v01)*sx/noiseOne
	return top + (bottom-top)*sy/noiseOne
}

// fractal sums octaves of value noise, each with half the cell size and half
// the weight of the one before (fractional Brownian motion); 0..noiseOne-1.
func fractal(seed uint64, x, y, cell int64, octaves int) int64 {
	var sum, weight int64
	w := int64(1) << octaves
	for o := range octaves {
		if cell < 2 {
			break
		}
		sum += valueNoise(mix(seed+uint64(o)), x, y, cell) * w
		weight += w
		w /= 2
		cell /= 2
	}
	if weight == 0 {
		return 0
	}
	return sum / weight
}
