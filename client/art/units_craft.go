package art

import "image/color"

// Colours of the craft: boats and the balloon.
var (
	waterColor  = color.RGBA{64, 128, 196, 255}
	hullColor   = color.RGBA{124, 80, 44, 255}
	darkHull    = color.RGBA{92, 56, 32, 255}
	plankColor  = color.RGBA{176, 126, 74, 255}
	sailColor   = color.RGBA{246, 240, 222, 255}
	sailFold    = color.RGBA{196, 186, 160, 255}
	pennantRed  = color.RGBA{204, 40, 40, 255}
	balloonRed  = color.RGBA{206, 56, 48, 255}
	balloonGold = color.RGBA{246, 200, 72, 255}
	wickerColor = color.RGBA{184, 134, 74, 255}
)

// boatWaves paints two wavy lines of water under a boat.
func boatWaves(d pen) {
	for _, w := range [][3]float64{{-0.44, 0.44, 0.36}, {-0.24, 0.24, 0.44}} {
		x0, x1, y := w[0], w[1], w[2]
		step := (x1 - x0) / 4
		p := d.path(x0, y)
		for i := range 4 {
			x := x0 + float64(i)*step
			dy := 0.04
			if i%2 == 1 {
				dy = -dy
			}
			p.curve(x+step/2, y-dy, x+step, y)
		}
		d.cv.stroke(waterColor, d.width(0.045), false, p.open()...)
	}
}

// paintBarge paints a flat boat low in the water, laden with crates and a
// barrel, its pole in the water.
func paintBarge(d pen) {
	boatWaves(d)
	d.rod(woodColor, 0.035, 0.44, -0.42, 0.3, 0.38)
	d.part(plankColor, d.rect(-0.36, -0.2, -0.1, 0.04))
	d.stroke(woodColor, 0.03, -0.36, -0.2, -0.1, 0.04)
	d.stroke(woodColor, 0.03, -0.1, -0.2, -0.36, 0.04)
	d.part(plankColor, d.rect(-0.08, -0.1, 0.1, 0.04))
	d.stroke(woodColor, 0.03, -0.08, -0.03, 0.1, -0.03)
	barrel := d.path(0.15, 0.04).curve(0.11, -0.07, 0.15, -0.18).to(0.31, -0.18).curve(0.35, -0.07, 0.31, 0.04).done()
	d.part(hullColor, barrel)
	d.stroke(OutlineColor, 0.025, 0.13, -0.11, 0.33, -0.11)
	d.stroke(OutlineColor, 0.025, 0.13, -0.02, 0.33, -0.02)
	d.shade(0.26, barrel)
	hull := d.path(-0.46, 0.02).to(0.46, 0.02).curve(0.44, 0.22, 0.34, 0.26).to(-0.34, 0.26).curve(-0.44, 0.22, -0.46, 0.02).done()
	d.part(hullColor, hull)
	d.stroke(darkHull, 0.03, -0.42, 0.14, 0.42, 0.14)
	d.fill(plankColor, d.rect(-0.45, 0.02, 0.45, 0.06))
	d.shade(0.2, hull)
}

// sailAt returns a square sail hung from a yard at top on a mast at x,
// w wide each side, its foot bellied out below bottom.
func sailAt(d pen, x, top, bottom, w float64) poly {
	return d.path(x-w, top).to(x+w, top, x+w*1.08, bottom).curve(x, bottom+0.1, x-w*1.08, bottom).done()
}

// paintGalleon paints a tall ship: a high stern, two masts under full
// sail, pennants.
func paintGalleon(d pen) {
	boatWaves(d)
	d.rod(woodColor, 0.03, 0.34, 0.04, 0.46, -0.12)
	d.part(sailColor, d.poly(0.38, -0.02, 0.45, -0.1, 0.44, 0.04))
	for _, m := range [][2]float64{{-0.14, -0.4}, {0.16, -0.46}} {
		x, top := m[0], m[1]
		d.rod(woodColor, 0.035, x, 0.1, x, top)
		d.part(pennantRed, d.poly(x, top, x-0.14, top+0.03, x, top+0.06))
		upper := sailAt(d, x, top+0.08, top+0.17, 0.11)
		lower := sailAt(d, x, top+0.24, -0.02, 0.16)
		d.part(sailColor, upper, lower)
		d.stroke(sailFold, 0.02, x-0.12, top+0.3, x, top+0.36, x+0.12, top+0.3)
		d.stroke(sailFold, 0.02, x-0.08, top+0.12, x+0.08, top+0.12)
	}
	hull := d.path(-0.44, -0.08).to(-0.24, -0.08, -0.22, 0.08, 0.34, 0.08, 0.46, 0.0).curve(0.4, 0.3, 0.26, 0.32).to(-0.3, 0.32).curve(-0.42, 0.24, -0.44, -0.08).done()
	d.part(darkHull, hull)
	d.stroke(goldColor, 0.035, -0.42, 0.14, 0.4, 0.14)
	for _, x := range []float64{-0.2, -0.04, 0.12, 0.28} {
		d.fill(OutlineColor, d.rect(x-0.025, 0.19, x+0.025, 0.24))
	}
	d.fill(goldColor, d.rect(-0.38, -0.04, -0.3, 0.03))
	d.shade(0.2, hull)
}

// envelope returns a hot-air balloon's envelope, its width scaled by k (a
// narrower one is a stripe down its middle).
func envelope(d pen, k float64) poly {
	return d.path(-0.1*k, 0.14).curve(-0.38*k, -0.06, -0.34*k, -0.24).curve(-0.3*k, -0.47, 0, -0.47).
		curve(0.3*k, -0.47, 0.34*k, -0.24).curve(0.38*k, -0.06, 0.1*k, 0.14).done()
}

// paintBalloon paints a striped hot-air balloon, its basket hung below.
func paintBalloon(d pen) {
	for _, x := range []float64{-0.1, 0, 0.1} {
		d.stroke(OutlineColor, 0.02, x, 0.14, x*0.8, 0.3)
	}
	basket := d.rect(-0.11, 0.28, 0.11, 0.44)
	d.part(wickerColor, basket)
	d.stroke(woodColor, 0.02, -0.11, 0.34, 0.11, 0.34)
	d.stroke(woodColor, 0.02, -0.11, 0.39, 0.11, 0.39)
	d.shade(0.03, basket)
	whole := envelope(d, 1)
	d.part(balloonRed, whole)
	d.fill(balloonGold, envelope(d, 0.64))
	d.fill(balloonRed, envelope(d, 0.26))
	d.part(leatherColor, d.rect(-0.11, 0.12, 0.11, 0.17))
	d.fill(glossInk, d.ellipse(-0.17, -0.28, 0.05, 0.1))
	d.shade(0.1, whole)
}
