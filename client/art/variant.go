package art

// TileVariant chooses the drawing (0 to TileVariants-1) of the cell at
// column col and row row, scattered so that neighbouring cells of one
// terrain seldom look alike, and the same every time.
func TileVariant(col, row int) int {
	x := uint32(col)*0x9e3779b1 ^ uint32(row)*0x85ebca77
	x ^= x >> 15
	x *= 0x2c1b3c6d
	x ^= x >> 12
	return int(x % TileVariants)
}
