package risk

import "image/color"

// luma is c's brightness, 0 to 255.
func luma(c color.RGBA) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}
