package art

import (
	"image/color"
	"math"
)

// Colours of the units' pictures.
var (
	skinColor    = color.RGBA{238, 196, 156, 255}
	trouserColor = color.RGBA{78, 62, 52, 255}
	leatherColor = color.RGBA{96, 60, 34, 255}
	tunicColor   = color.RGBA{58, 96, 164, 255}
	shieldColor  = color.RGBA{188, 48, 40, 255}
	ironColor    = color.RGBA{150, 162, 176, 255}
	fireColor    = color.RGBA{244, 122, 32, 255}
	flameCore    = color.RGBA{255, 224, 96, 255}
	fireRobe     = color.RGBA{172, 36, 32, 255}
	iceRobe      = color.RGBA{48, 92, 178, 255}
	iceColor     = color.RGBA{170, 226, 252, 255}
	whiteRobe    = color.RGBA{246, 244, 236, 255}
	zombieSkin   = color.RGBA{132, 178, 90, 255}
	zombieShirt  = color.RGBA{118, 90, 128, 255}
	heroCape     = color.RGBA{186, 30, 44, 255}
	cowardTunic  = color.RGBA{232, 196, 60, 255}
	ninjaColor   = color.RGBA{44, 44, 58, 255}
	bandColor    = color.RGBA{204, 36, 40, 255}
)

// paintInfantry paints a foot soldier: a helmet, a spear, a kite shield.
func paintInfantry(d pen) {
	d.rod(woodColor, 0.045, 0.3, 0.44, 0.3, -0.26)
	d.part(steelColor, d.path(0.3, -0.46).curve(0.37, -0.36, 0.3, -0.24).curve(0.23, -0.36, 0.3, -0.46).done())
	d.part(trouserColor, d.rect(-0.13, 0.2, -0.02, 0.44), d.rect(0.03, 0.2, 0.14, 0.44))
	body := d.poly(-0.19, -0.08, 0.19, -0.08, 0.19, 0.28, -0.19, 0.28)
	d.part(tunicColor, body)
	d.shade(0.06, body)
	d.fill(leatherColor, d.rect(-0.19, 0.13, 0.19, 0.18))
	d.rod(tunicColor, 0.09, 0.15, -0.04, 0.28, 0.05)
	d.part(skinColor, d.circle(0.3, 0.05, 0.055))
	d.part(skinColor, d.circle(0, -0.19, 0.1))
	d.dot(OutlineColor, -0.035, -0.18, 0.016)
	d.dot(OutlineColor, 0.035, -0.18, 0.016)
	helmet := d.path(-0.13, -0.2).curve(-0.13, -0.37, 0, -0.37).curve(0.13, -0.37, 0.13, -0.2).done()
	d.part(steelColor, helmet, d.rect(-0.16, -0.23, 0.16, -0.19))
	d.shade(0.04, helmet)
	shield := d.path(-0.38, -0.05).to(-0.02, -0.05, -0.02, 0.14).curve(-0.04, 0.32, -0.2, 0.42).curve(-0.36, 0.32, -0.38, 0.14).done()
	d.part(shieldColor, shield)
	d.fill(goldColor, d.rect(-0.23, -0.05, -0.17, 0.38), d.rect(-0.38, 0.07, -0.02, 0.13))
	d.shade(-0.2, shield)
}

// paintArcher paints a drawn bow with its arrow, aimed up and right.
func paintArcher(d pen) {
	d = d.turned(-math.Pi / 4)
	limb := d.path(-0.04, -0.44).curve(0.42, -0.02, -0.04, 0.44).open()
	d.stroke(OutlineColor, 0.025, -0.04, -0.44, -0.28, 0, -0.04, 0.44)
	d.rodPts(woodColor, 0.07, limb)
	d.rod(leatherColor, 0.09, 0.17, -0.07, 0.19, 0.07)
	d.rod(woodColor, 0.035, -0.3, 0, 0.34, 0)
	d.part(steelColor, d.poly(0.3, -0.07, 0.47, 0, 0.3, 0.07))
	d.part(color.RGBA{80, 150, 72, 255},
		d.poly(-0.46, -0.1, -0.34, -0.1, -0.24, 0, -0.36, 0),
		d.poly(-0.46, 0.1, -0.34, 0.1, -0.24, 0, -0.36, 0))
}

// robe returns a robed figure's robe, shoulders to hem.
func robe(d pen) poly {
	return d.path(-0.13, -0.14).to(0.13, -0.14).curve(0.2, 0.1, 0.27, 0.44).to(-0.27, 0.44).curve(-0.2, 0.1, -0.13, -0.14).done()
}

// paintHooded paints a robed figure in a pointed hood, robe in colour c and
// trimmed in trim, the hood's tip leaning right.
func paintHooded(d pen, c, trim color.RGBA) {
	body := robe(d)
	d.part(c, body)
	d.stroke(trim, 0.05, -0.26, 0.41, 0.26, 0.41)
	d.stroke(trim, 0.04, 0, -0.1, 0, 0.4)
	d.shade(0.06, body)
	hood := d.path(-0.15, -0.1).curve(-0.18, -0.32, 0, -0.37).to(0.1, -0.46).curve(0.1, -0.36, 0.15, -0.28).curve(0.18, -0.18, 0.15, -0.1).done()
	d.part(c, hood)
	d.shade(0.05, hood)
	d.fill(OutlineColor, d.ellipse(0, -0.2, 0.09, 0.1))
	d.fill(skinColor, d.ellipse(0, -0.19, 0.07, 0.08))
	d.dot(OutlineColor, -0.03, -0.2, 0.014)
	d.dot(OutlineColor, 0.03, -0.2, 0.014)
}

// flame returns a flame standing on (x, y), h high and w wide.
func flame(d pen, x, y, w, h float64) poly {
	return d.path(x, y-h).curve(x+w*0.9, y-h*0.5, x+w*0.55, y-h*0.12).curve(x+w*0.3, y, x, y).
		curve(x-w*0.3, y, x-w*0.55, y-h*0.12).curve(x-w*0.9, y-h*0.5, x-w*0.2, y-h*0.8).curve(x-w*0.1, y-h*0.55, x, y-h).done()
}

// paintFiremage paints a red-robed mage holding up a flame.
func paintFiremage(d pen) {
	paintHooded(d, fireRobe, fireColor)
	d.rod(fireRobe, 0.09, -0.1, -0.06, -0.2, 0.1)
	d.rod(fireRobe, 0.09, 0.1, -0.06, 0.26, -0.04)
	d.part(skinColor, d.circle(0.28, -0.04, 0.05))
	d.part(fireColor, flame(d, 0.3, -0.06, 0.28, 0.32))
	d.fill(flameCore, flame(d, 0.3, -0.07, 0.15, 0.18))
}

// paintIcemage paints a blue-robed mage with a staff crowned by an ice
// crystal.
func paintIcemage(d pen) {
	paintHooded(d, iceRobe, iceColor)
	d.rod(ironColor, 0.04, 0.31, 0.44, 0.31, -0.2)
	crystal := d.poly(0.31, -0.47, 0.39, -0.34, 0.37, -0.18, 0.31, -0.12, 0.25, -0.18, 0.23, -0.34)
	d.part(iceColor, crystal, d.poly(0.2, -0.3, 0.14, -0.4, 0.25, -0.32), d.poly(0.42, -0.28, 0.46, -0.4, 0.37, -0.3))
	d.fill(White, d.poly(0.31, -0.44, 0.28, -0.33, 0.29, -0.17, 0.31, -0.14))
	d.shade(0.33, crystal)
	d.rod(iceRobe, 0.09, 0.1, -0.06, 0.3, 0.04)
	d.part(skinColor, d.circle(0.31, 0.04, 0.05))
	// A snowflake on the chest.
	for i := range 3 {
		a := float64(i) * math.Pi / 3
		dx, dy := 0.07*math.Cos(a), 0.07*math.Sin(a)
		d.stroke(White, 0.018, -dx, 0.12-dy, dx, 0.12+dy)
	}
}

// paintWhitemage paints a white-robed, white-bearded mage under a halo,
// holding a staff crowned by a shining light.
func paintWhitemage(d pen) {
	body := robe(d)
	d.part(whiteRobe, body)
	d.stroke(goldColor, 0.05, -0.26, 0.41, 0.26, 0.41)
	d.stroke(goldColor, 0.04, 0, -0.1, 0, 0.4)
	d.shade(0.06, body)
	d.part(goldColor, d.circle(0, -0.25, 0.17), reversed(d.circle(0, -0.25, 0.13)))
	d.part(skinColor, d.circle(0, -0.24, 0.09))
	d.part(whiteRobe, d.path(-0.085, -0.21).curve(-0.1, -0.06, 0, -0.01).curve(0.1, -0.06, 0.085, -0.21).curve(0, -0.17, -0.085, -0.21).done())
	d.dot(OutlineColor, -0.035, -0.26, 0.014)
	d.dot(OutlineColor, 0.035, -0.26, 0.014)
	d.rod(woodColor, 0.04, -0.3, 0.44, -0.3, -0.24)
	c := d.at(-0.3, -0.3)
	d.part(color.RGBA{255, 214, 80, 255}, star(c.X, c.Y, d.s*0.16, d.s*0.075, 8))
	d.part(color.RGBA{255, 250, 210, 255}, d.circle(-0.3, -0.3, 0.065))
	d.rod(whiteRobe, 0.09, -0.1, -0.06, -0.29, 0.04)
	d.part(skinColor, d.circle(-0.3, 0.04, 0.05))
}

// paintZombie paints a green, shambling figure, seen from the side,
// arms held out before it.
func paintZombie(d pen) {
	trousers := color.RGBA{70, 76, 100, 255}
	d.rod(ScaleRGB(zombieSkin, 0.75), 0.08, 0.02, -0.12, 0.42, -0.12)
	d.rod(trousers, 0.1, -0.08, 0.16, -0.16, 0.42)
	d.rod(trousers, 0.1, 0.02, 0.16, 0.12, 0.3, 0.08, 0.42)
	body := d.poly(-0.15, -0.14, 0.1, -0.18, 0.12, 0.2, 0.06, 0.15, 0.01, 0.22, -0.04, 0.15, -0.1, 0.22, -0.16, 0.17)
	d.part(zombieShirt, body)
	d.shade(0.0, body)
	d.rod(zombieSkin, 0.08, 0.04, -0.06, 0.4, -0.03)
	d.rod(zombieShirt, 0.1, 0.0, -0.08, 0.14, -0.06)
	head := d.circle(0.06, -0.28, 0.12)
	d.part(zombieSkin, head)
	d.shade(0.1, head)
	d.fill(OutlineColor, d.ellipse(0.14, -0.21, 0.04, 0.03))
	d.fill(White, d.circle(0.12, -0.3, 0.035))
	d.dot(color.RGBA{200, 30, 30, 255}, 0.13, -0.3, 0.018)
	d.stroke(OutlineColor, 0.02, -0.02, -0.38, 0.0, -0.42)
	d.stroke(OutlineColor, 0.02, 0.05, -0.39, 0.07, -0.43)
}

// paintHero paints a caped figure raising a sword.
func paintHero(d pen) {
	cape := d.path(-0.14, -0.14).to(0.14, -0.14).curve(0.3, 0.1, 0.4, 0.44).to(-0.4, 0.44).curve(-0.3, 0.1, -0.14, -0.14).done()
	d.part(heroCape, cape)
	d.shade(0.0, cape)
	d.part(trouserColor, d.rect(-0.1, 0.2, -0.02, 0.42), d.rect(0.02, 0.2, 0.1, 0.42))
	body := d.poly(-0.14, -0.14, 0.14, -0.14, 0.12, 0.24, -0.12, 0.24)
	d.part(steelColor, body)
	d.shade(0.03, body)
	d.fill(goldColor, d.rect(-0.13, 0.1, 0.13, 0.15))
	d.rod(steelColor, 0.075, -0.12, -0.1, -0.2, 0.1)
	// The sword held high in the right hand.
	d.rod(steelColor, 0.075, 0.12, -0.1, 0.24, -0.12)
	k := d.moved(0.24, -0.12).turned(-0.42 * math.Pi)
	k.part(steelColor, k.poly(0.04, -0.035, 0.28, -0.035, 0.33, 0, 0.28, 0.035, 0.04, 0.035))
	k.stroke(ironColor, 0.012, 0.06, 0, 0.28, 0)
	k.part(leatherColor, k.rect(-0.05, -0.022, 0.02, 0.022))
	k.part(goldColor, k.rect(0.02, -0.08, 0.05, 0.08))
	k.part(goldColor, k.circle(-0.065, 0, 0.025))
	d.part(skinColor, d.circle(0, -0.24, 0.09))
	d.fill(color.RGBA{160, 100, 40, 255}, d.path(-0.09, -0.22).curve(-0.1, -0.33, 0, -0.33).curve(0.1, -0.33, 0.09, -0.22).curve(0.06, -0.29, 0, -0.29).curve(-0.06, -0.29, -0.09, -0.22).done())
	d.part(goldColor, d.poly(-0.08, -0.3, -0.06, -0.37, -0.03, -0.32, 0, -0.38, 0.03, -0.32, 0.06, -0.37, 0.08, -0.3))
	d.dot(OutlineColor, -0.033, -0.22, 0.014)
	d.dot(OutlineColor, 0.033, -0.22, 0.014)
}

// paintCoward paints a yellow-clad figure running away to the left,
// looking back, a white flag over its shoulder.
func paintCoward(d pen) {
	// The flag on its pole.
	d.rod(woodColor, 0.035, 0.06, 0.02, 0.2, -0.46)
	cloth := d.path(0.2, -0.45).curve(0.31, -0.5, 0.44, -0.43).to(0.44, -0.23).curve(0.31, -0.3, 0.18, -0.25).done()
	d.part(White, cloth)
	d.fill(shadeInk, d.path(0.32, -0.45).curve(0.38, -0.46, 0.44, -0.43).to(0.44, -0.23).curve(0.38, -0.26, 0.32, -0.27).done())
	// Legs in full stride.
	d.rod(trouserColor, 0.09, 0.02, 0.12, 0.16, 0.26, 0.34, 0.3)
	d.rod(trouserColor, 0.09, -0.02, 0.12, -0.16, 0.26, -0.22, 0.42)
	d.rod(leatherColor, 0.07, -0.22, 0.42, -0.31, 0.42)
	body := d.poly(-0.16, -0.16, 0.06, -0.12, 0.1, 0.16, -0.1, 0.18)
	d.part(cowardTunic, body)
	d.shade(0.0, body)
	d.rod(cowardTunic, 0.08, -0.12, -0.1, -0.32, -0.02)
	d.part(skinColor, d.circle(-0.34, -0.02, 0.045))
	d.rod(cowardTunic, 0.08, 0.02, -0.1, 0.14, -0.16)
	d.part(skinColor, d.circle(0.15, -0.17, 0.05))
	// The head turned back, eyes wide, mouth open.
	d.part(skinColor, d.circle(-0.1, -0.28, 0.11))
	d.fill(White, d.circle(-0.06, -0.31, 0.035), d.circle(0.01, -0.31, 0.035))
	d.dot(OutlineColor, -0.04, -0.31, 0.016)
	d.dot(OutlineColor, 0.03, -0.31, 0.016)
	d.fill(OutlineColor, d.ellipse(-0.03, -0.22, 0.025, 0.03))
	d.part(color.RGBA{120, 190, 240, 255}, d.path(-0.26, -0.42).curve(-0.3, -0.36, -0.27, -0.34).curve(-0.23, -0.36, -0.26, -0.42).done())
}

// paintNinja paints a black-masked head, only its eyes showing, a sword's
// hilt over its shoulder.
func paintNinja(d pen) {
	k := d.turned(-math.Pi / 4)
	k.part(steelColor, k.poly(-0.55, -0.02, 0.3, -0.04, 0.3, 0.04, -0.5, 0.04))
	k.part(leatherColor, k.rect(0.34, -0.04, 0.56, 0.04))
	for x := 0.38; x < 0.54; x += 0.06 {
		k.stroke(color.RGBA{200, 190, 170, 255}, 0.012, x, -0.035, x+0.03, 0.035)
	}
	k.part(goldColor, k.ellipse(0.32, 0, 0.025, 0.09))
	// The headband's tails, fluttering behind.
	d.rod(bandColor, 0.055, 0.22, -0.14, 0.34, -0.1, 0.43, -0.16)
	d.rod(bandColor, 0.055, 0.22, -0.12, 0.33, -0.04, 0.42, -0.04)
	shoulders := d.path(-0.4, 0.46).curve(-0.38, 0.22, 0, 0.22).curve(0.38, 0.22, 0.4, 0.46).done()
	d.part(ninjaColor, shoulders)
	head := d.circle(0, -0.04, 0.27)
	d.part(ninjaColor, head)
	d.fill(Alpha(White, 0.12), d.ellipse(-0.1, -0.16, 0.1, 0.07))
	d.shade(0.08, shoulders, head)
	d.fill(bandColor, d.path(-0.26, -0.16).curve(0, -0.22, 0.26, -0.16).to(0.27, -0.1).curve(0, -0.16, -0.27, -0.1).done())
	d.fill(skinColor, d.path(-0.23, -0.02).curve(0, -0.08, 0.23, -0.02).to(0.22, 0.06).curve(0, 0.02, -0.22, 0.06).done())
	for _, s := range []float64{-1, 1} {
		eye := d.path(s*0.03, 0.0).curve(s*0.1, -0.05, s*0.17, -0.02).curve(s*0.1, 0.04, s*0.03, 0.0).done()
		d.fill(White, eye)
		d.dot(OutlineColor, s*0.1, -0.01, 0.022)
		d.stroke(OutlineColor, 0.025, s*0.03, -0.03, s*0.18, -0.06)
	}
}
