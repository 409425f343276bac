package art

// SpriteSizeAtMost returns the largest size sprites are painted at that
// is at most px, or the smallest size when px is below it. A sprite drawn
// with its box exactly that wide, on whole pixels, is drawn unscaled: the
// very pixels PaintSprite paints at that size.
func SpriteSizeAtMost(px float64) int {
	out := spriteSizes[0]
	for _, s := range spriteSizes {
		if float64(s) <= px {
			out = s
		}
	}
	return out
}
