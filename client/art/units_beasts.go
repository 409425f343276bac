package art

import (
	"image/color"
	"math"
)

// Colours of the beasts, the dead and the things of magic.
var (
	horseColor   = color.RGBA{156, 98, 54, 255}
	maneColor    = color.RGBA{60, 36, 24, 255}
	spiritColor  = color.RGBA{206, 240, 250, 255}
	spiritEdge   = color.RGBA{70, 122, 162, 255}
	boneColor    = color.RGBA{238, 232, 212, 255}
	golemStone   = color.RGBA{150, 146, 136, 255}
	mossColor    = color.RGBA{98, 136, 70, 255}
	runeColor    = color.RGBA{255, 176, 48, 255}
	bronzeColor  = color.RGBA{196, 134, 62, 255}
	bronzeShade  = color.RGBA{140, 90, 38, 255}
	verdigris    = color.RGBA{86, 162, 140, 255}
	wingColor    = color.RGBA{250, 250, 255, 255}
	featherLine  = color.RGBA{170, 182, 206, 255}
	angelRobe    = color.RGBA{176, 206, 240, 255}
	hairGold     = color.RGBA{248, 208, 96, 255}
	demonRed     = color.RGBA{208, 46, 34, 255}
	demonWing    = color.RGBA{104, 24, 40, 255}
	demonBone    = color.RGBA{54, 12, 20, 255}
	hornColor    = color.RGBA{236, 222, 188, 255}
	demonEyeGlow = color.RGBA{255, 230, 60, 255}
)

// paintCavalry paints a warhorse's head, bridled, facing left.
func paintCavalry(d pen) {
	mane := d.path(0.08, -0.36).curve(0.44, -0.28, 0.44, 0.3).to(0.34, 0.3).curve(0.32, -0.16, 0.08, -0.28).done()
	d.part(maneColor, mane)
	horse := d.path(0.34, 0.44).to(0.34, 0.14).curve(0.34, -0.2, 0.12, -0.32).to(0.12, -0.46, 0.02, -0.34).
		curve(-0.1, -0.3, -0.2, -0.18).to(-0.38, 0.02).curve(-0.45, 0.1, -0.36, 0.15).to(-0.2, 0.13).
		curve(-0.08, 0.1, -0.06, 0.2).to(-0.12, 0.44).done()
	d.part(horseColor, horse)
	d.shade(0.16, horse)
	d.fill(Alpha(White, 0.85), d.poly(-0.16, -0.24, -0.1, -0.26, -0.3, -0.02, -0.34, -0.02))
	d.stroke(bandColor, 0.035, 0.04, -0.3, -0.06, 0.06)
	d.stroke(bandColor, 0.035, -0.3, -0.06, -0.2, 0.12)
	d.stroke(bandColor, 0.035, -0.27, -0.02, 0.02, -0.1)
	d.fill(goldColor, d.circle(-0.03, -0.02, 0.025))
	d.fill(OutlineColor, d.ellipse(-0.07, -0.17, 0.04, 0.035))
	d.fill(White, d.circle(-0.08, -0.18, 0.012))
	d.fill(OutlineColor, d.ellipse(-0.35, 0.06, 0.025, 0.018))
	cloth := d.path(-0.12, 0.3).curve(0.1, 0.36, 0.34, 0.26).to(0.34, 0.44, -0.12, 0.44).done()
	d.part(bandColor, cloth)
	d.stroke(goldColor, 0.03, -0.11, 0.33, 0.1, 0.345, 0.33, 0.29)
}

// paintSpirit paints a pale, see-through wisp with a face, its tail
// curling away.
func paintSpirit(d pen) {
	ghost := d.path(-0.28, -0.1).curve(-0.28, -0.44, 0, -0.44).curve(0.28, -0.44, 0.28, -0.1).
		curve(0.28, 0.16, 0.14, 0.26).curve(0.02, 0.36, 0.24, 0.45).curve(-0.16, 0.46, -0.14, 0.28).
		curve(-0.3, 0.18, -0.28, -0.1).done()
	d.cv.stroke(spiritEdge, 2*d.line, true, ghost...)
	d.fill(Alpha(spiritColor, 0.8), ghost)
	d.fill(Alpha(White, 0.6), d.ellipse(-0.06, -0.2, 0.14, 0.12))
	d.fill(color.RGBA{30, 54, 90, 255}, d.ellipse(-0.1, -0.12, 0.045, 0.07), d.ellipse(0.1, -0.12, 0.045, 0.07),
		d.ellipse(0, 0.04, 0.04, 0.05))
	for _, w := range [][3]float64{{-0.38, 0.14, 0.04}, {0.36, 0.02, 0.035}, {0.34, 0.3, 0.03}} {
		c := d.circle(w[0], w[1], w[2])
		d.cv.stroke(spiritEdge, d.line, true, c...)
		d.fill(Alpha(spiritColor, 0.8), c)
	}
}

// bone paints a bone from (x0, y0) to (x1, y1), a knob at each end.
func bone(d pen, x0, y0, x1, y1, w float64) []poly {
	a, b := d.at(x0, y0), d.at(x1, y1)
	angle := math.Atan2(b.Y-a.Y, b.X-a.X)
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	out := []poly{bar((a.X+b.X)/2, (a.Y+b.Y)/2, l/2, w*d.s/2, angle)}
	px, py := -math.Sin(angle)*w*d.s*0.6, math.Cos(angle)*w*d.s*0.6
	for _, e := range []pt{a, b} {
		out = append(out, circle(e.X+px, e.Y+py, w*d.s*0.7), circle(e.X-px, e.Y-py, w*d.s*0.7))
	}
	return out
}

// paintSkeleton paints a skull over crossed bones.
func paintSkeleton(d pen) {
	d.part(boneColor, append(bone(d, -0.34, 0.04, 0.34, 0.34, 0.08), bone(d, 0.34, 0.04, -0.34, 0.34, 0.08)...)...)
	cranium := d.circle(0, -0.17, 0.25)
	jaw := d.path(-0.14, -0.02).to(0.14, -0.02, 0.13, 0.14).curve(0, 0.2, -0.13, 0.14).done()
	d.part(boneColor, cranium, jaw)
	d.shade(0.08, cranium, jaw)
	d.fill(OutlineColor, d.ellipse(-0.1, -0.13, 0.07, 0.075), d.ellipse(0.1, -0.13, 0.07, 0.075),
		d.poly(0, -0.05, 0.04, 0.03, -0.04, 0.03))
	for _, x := range []float64{-0.07, 0, 0.07} {
		d.stroke(OutlineColor, 0.02, x, 0.07, x, 0.15)
	}
	d.stroke(OutlineColor, 0.02, -0.1, 0.1, 0.1, 0.1)
}

// paintGolem paints a hulking figure of stone, fists hanging low, its eyes
// and a rune glowing.
func paintGolem(d pen) {
	legs := []poly{d.rect(-0.22, 0.18, -0.05, 0.44), d.rect(0.05, 0.18, 0.22, 0.44)}
	d.part(golemStone, legs...)
	d.shade(0.13, legs...)
	torso := d.poly(-0.32, -0.26, 0.32, -0.26, 0.24, 0.22, -0.24, 0.22)
	head := d.rect(-0.11, -0.42, 0.11, -0.22)
	d.part(golemStone, head, torso)
	var arms []poly
	for _, s := range []float64{-1, 1} {
		arm := d.poly(s*0.45, -0.22, s*0.3, -0.27, s*0.27, 0.1, s*0.42, 0.1)
		fist := d.poly(s*0.46, 0.08, s*0.25, 0.08, s*0.25, 0.3, s*0.46, 0.3)
		arms = append(arms, arm, fist)
	}
	d.part(golemStone, arms...)
	d.fill(mossColor, d.ellipse(-0.33, -0.24, 0.1, 0.04), d.ellipse(0.18, -0.26, 0.08, 0.03))
	d.stroke(OutlineColor, 0.02, -0.14, -0.18, -0.06, -0.06, -0.12, 0.06)
	d.stroke(OutlineColor, 0.02, 0.12, 0.02, 0.2, 0.14)
	d.stroke(OutlineColor, 0.02, -0.42, -0.04, -0.3, -0.02)
	d.stroke(OutlineColor, 0.02, -0.25, 0.19, -0.35, 0.19)
	d.stroke(OutlineColor, 0.02, 0.35, 0.19, 0.45, 0.19)
	d.shade(0.1, torso, head)
	d.shade(0.38, arms...)
	d.part(runeColor, d.poly(0.04, -0.16, 0.1, -0.06, 0.04, 0.04, -0.02, -0.06))
	d.fill(runeColor, d.rect(-0.08, -0.33, -0.02, -0.29), d.rect(0.02, -0.33, 0.08, -0.29))
}

// paintColossus paints a giant bronze statue astride two plinths, crowned
// with rays, a torch held high.
func paintColossus(d pen) {
	plinths := []poly{d.rect(-0.46, 0.36, -0.2, 0.46), d.rect(0.2, 0.36, 0.46, 0.46)}
	d.part(stoneColor, plinths...)
	d.shade(0.38, plinths...)
	d.shade(-0.28, plinths[0])
	for _, s := range []float64{-1, 1} {
		c := bronzeColor
		if s > 0 {
			c = ScaleRGB(c, 0.82)
		}
		d.rod(c, 0.11, s*0.08, 0.08, s*0.2, 0.22, s*0.31, 0.35)
		d.part(c, d.ellipse(s*0.33, 0.355, 0.08, 0.03))
	}
	c := d.at(0, -0.28)
	d.part(goldColor, star(c.X, c.Y, d.s*0.19, d.s*0.1, 9))
	d.rod(bronzeColor, 0.08, -0.14, -0.14, -0.26, 0.1)
	torso := d.poly(-0.17, -0.18, 0.17, -0.18, 0.12, 0.06, -0.12, 0.06)
	kilt := d.poly(-0.13, 0.04, 0.13, 0.04, 0.16, 0.16, -0.16, 0.16)
	d.part(bronzeColor, torso)
	d.part(verdigris, kilt)
	for _, x := range []float64{-0.07, 0, 0.07} {
		d.stroke(OutlineColor, 0.015, x, 0.05, x*1.2, 0.15)
	}
	d.stroke(bronzeShade, 0.02, -0.11, -0.07, 0, -0.05, 0.11, -0.07)
	d.shade(0.04, torso, kilt)
	d.rod(bronzeColor, 0.08, 0.13, -0.14, 0.28, -0.28)
	d.rod(leatherColor, 0.045, 0.28, -0.24, 0.3, -0.36)
	d.part(fireColor, flame(d, 0.3, -0.34, 0.14, 0.14))
	d.fill(flameCore, flame(d, 0.3, -0.35, 0.07, 0.07))
	head := d.circle(0, -0.27, 0.085)
	d.part(bronzeColor, head)
	d.shade(0.02, head)
	d.dot(OutlineColor, -0.03, -0.27, 0.013)
	d.dot(OutlineColor, 0.03, -0.27, 0.013)
}

// wing returns a bird's left wing from the shoulder at the box's middle: a
// curve up and out to its tip, and feathers round its lower edge.
func wing(d pen) []poly {
	tips := [][2]float64{{-0.46, -0.16}, {-0.42, -0.02}, {-0.33, 0.08}, {-0.21, 0.12}}
	body := d.path(-0.05, -0.1).curve(-0.22, -0.4, -0.46, -0.32).to(-0.46, -0.16)
	for _, t := range tips[1:] {
		body.to(t[0], t[1])
	}
	out := []poly{body.to(-0.06, 0.06).done()}
	for _, t := range tips {
		out = append(out, d.ellipse(t[0]+0.03, t[1]-0.01, 0.05, 0.045))
	}
	return out
}

// paintAngel paints a figure in a pale robe under a golden halo, white
// wings spread.
func paintAngel(d pen) {
	left := wing(d)
	right := make([]poly, len(left))
	for i, p := range left {
		right[i] = d.mirror(p)
	}
	d.part(wingColor, append(left, right...)...)
	for _, s := range []float64{-1, 1} {
		for _, t := range [][2]float64{{-0.4, -0.14}, {-0.34, -0.02}, {-0.24, 0.06}} {
			d.stroke(featherLine, 0.02, s*0.08, -0.06, s*-t[0], t[1])
		}
	}
	d.shade(0.3, right...)
	body := d.poly(-0.1, -0.13, 0.1, -0.13, 0.21, 0.44, -0.21, 0.44)
	d.part(angelRobe, body)
	d.stroke(goldColor, 0.035, -0.11, 0.06, 0.11, 0.06)
	d.shade(0.04, body)
	d.part(skinColor, d.circle(0, -0.22, 0.085))
	d.fill(hairGold, d.path(-0.09, -0.22).curve(-0.09, -0.32, 0, -0.32).curve(0.09, -0.32, 0.09, -0.22).curve(0, -0.27, -0.09, -0.22).done())
	d.dot(OutlineColor, -0.03, -0.2, 0.013)
	d.dot(OutlineColor, 0.03, -0.2, 0.013)
	d.part(goldColor, d.ellipse(0, -0.4, 0.14, 0.055), reversed(d.ellipse(0, -0.4, 0.09, 0.025)))
}

// batWing returns a bat's left wing: a bony arm out to a clawed tip, and
// its skin hung in scallops between the fingers; also the finger bones.
func batWing(d pen) (poly, [][]float64) {
	p := d.path(-0.06, -0.12).to(-0.3, -0.36, -0.46, -0.44).curve(-0.4, -0.24, -0.46, -0.1).
		curve(-0.34, -0.1, -0.34, 0.06).curve(-0.22, 0.0, -0.16, 0.14).curve(-0.1, 0.04, -0.04, 0.08).done()
	bones := [][]float64{{-0.3, -0.36, -0.46, -0.1}, {-0.3, -0.36, -0.34, 0.06}, {-0.3, -0.36, -0.16, 0.14}}
	return p, bones
}

// paintDemon paints a red, horned devil, bat wings spread, its tail
// barbed.
func paintDemon(d pen) {
	left, bones := batWing(d)
	right := d.mirror(left)
	d.part(demonWing, left, right)
	for _, b := range bones {
		d.stroke(demonBone, 0.025, b...)
		d.stroke(demonBone, 0.025, -b[0], b[1], -b[2], b[3])
	}
	d.stroke(demonBone, 0.035, -0.06, -0.12, -0.3, -0.36)
	d.stroke(demonBone, 0.035, 0.06, -0.12, 0.3, -0.36)
	d.shade(0.1, right)
	// The tail, barbed.
	tail := d.path(0.06, 0.18).curve(0.36, 0.24, 0.3, 0.38).open()
	d.rodPts(demonRed, 0.035, tail)
	d.part(demonRed, d.poly(0.3, 0.33, 0.38, 0.44, 0.24, 0.42))
	d.rod(ScaleRGB(demonRed, 0.7), 0.09, -0.06, 0.18, -0.12, 0.42)
	d.rod(ScaleRGB(demonRed, 0.7), 0.09, 0.06, 0.18, 0.12, 0.42)
	body := d.poly(-0.13, -0.13, 0.13, -0.13, 0.1, 0.2, -0.1, 0.2)
	d.part(demonRed, body)
	d.shade(0.03, body)
	for _, s := range []float64{-1, 1} {
		d.part(hornColor, d.path(s*0.05, -0.3).curve(s*0.2, -0.3, s*0.19, -0.46).curve(s*0.14, -0.36, s*0.0, -0.33).done())
	}
	head := d.circle(0, -0.23, 0.1)
	d.part(demonRed, head)
	d.shade(0.03, head)
	d.fill(demonEyeGlow, d.poly(-0.08, -0.26, -0.02, -0.23, -0.07, -0.22), d.poly(0.08, -0.26, 0.02, -0.23, 0.07, -0.22))
	d.stroke(OutlineColor, 0.02, -0.05, -0.17, 0, -0.15, 0.05, -0.17)
}
