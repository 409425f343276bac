package art

import (
	"image/color"
	"math"
)

// Picture is how a kind of structure (game.Structure: a thing built on a
// hex besides a city) is drawn: its module names one for each of its
// ruleset's kinds (Style.Structures). The owner's colour is the roof of a
// farm's barn, the flag of a fort or a contraption, the pennant of a post.
type Picture uint8

// The pictures of structures.
const (
	// PicturePost is a stake with a pennant: any structure without a
	// picture of its own.
	PicturePost Picture = iota
	// PictureFarm is a field with furrows and a barn.
	PictureFarm
	// PictureFort is a palisade of stakes before a stone tower.
	PictureFort
	// PictureContraption is a tall, wheezing contraption of pipes and
	// bells under a big flag (a Dinglehoober).
	PictureContraption
	NumPictures
)

// Colours of the structures' pictures.
var (
	wheatColor = color.RGBA{222, 190, 96, 255}
	wheatShade = color.RGBA{176, 138, 58, 255}
	soilColor  = color.RGBA{120, 84, 50, 255}
	barnColor  = color.RGBA{168, 70, 48, 255}
	stoneColor = color.RGBA{176, 170, 158, 255}
	stoneShade = color.RGBA{130, 124, 112, 255}
	brassColor = color.RGBA{214, 164, 60, 255}
	brassShade = color.RGBA{158, 112, 36, 255}
	pipeColor  = color.RGBA{150, 160, 170, 255}
)

// paintStructure paints picture p into the unit box (at maps [-0.5, 0.5]²
// to pixels), the owner's part (structureFill) left for its own sprite:
// the dark edges around it are painted here.
func paintStructure(cv *canvas, p Picture, at func(x, y float64) pt, s, line float64) {
	switch p {
	case PictureFarm:
		field := poly{at(-0.42, 0.42), at(-0.28, 0.06), at(0.42, 0.06), at(0.42, 0.42)}
		outlined(cv, wheatColor, line, field)
		for i := range 4 {
			y := 0.13 + float64(i)*0.08
			x0 := -0.28 - (y-0.06)/0.36*0.14 + 0.04
			cv.stroke(wheatShade, math.Max(1, s*0.035), false, at(x0, y), at(0.38, y))
		}
		cv.fill(soilColor, rect(at(-0.42, 0).X, at(0, 0.4).Y, at(0.42, 0).X, at(0, 0.42).Y))
		// The barn, its roof the owner's.
		wall := rect(at(-0.36, 0).X, at(0, -0.08).Y, at(0.02, 0).X, at(0, 0.24).Y)
		outlined(cv, barnColor, line, wall)
		cv.fill(windowColor, rect(at(-0.22, 0).X, at(0, 0.06).Y, at(-0.12, 0).X, at(0, 0.24).Y))
		cv.stroke(OutlineColor, line*2, true, farmRoof(at)...)
	case PictureFort:
		tower := rect(at(-0.14, 0).X, at(0, -0.22).Y, at(0.14, 0).X, at(0, 0.2).Y)
		outlined(cv, stoneColor, line, tower)
		cv.fill(stoneShade, rect(at(0.04, 0).X, at(0, -0.22).Y, at(0.14, 0).X, at(0, 0.2).Y))
		for _, x := range []float64{-0.14, -0.02, 0.1} {
			outlined(cv, stoneColor, line, rect(at(x, 0).X, at(0, -0.3).Y, at(x+0.05, 0).X, at(0, -0.22).Y))
		}
		pole := rect(at(-0.015, 0).X, at(0, -0.43).Y, at(0.015, 0).X, at(0, -0.3).Y)
		cv.fill(OutlineColor, pole)
		cv.stroke(OutlineColor, line*2, true, fortFlag(at)...)
		// The palisade before it: pointed stakes, a gate in the middle.
		for i := range 9 {
			x := -0.42 + float64(i)*0.095
			stake := poly{at(x, 0.42), at(x, 0.1), at(x+0.045, 0.02), at(x+0.09, 0.1), at(x+0.09, 0.42)}
			outlined(cv, woodColor, line*0.8, stake)
		}
		arch := append(poly{at(-0.08, 0.42)}, quad(at(-0.08, 0.24), at(0, 0.16), at(0.08, 0.24), 8)...)
		arch = append(arch, at(0.08, 0.42))
		cv.fill(windowColor, arch)
	case PictureContraption:
		base := rect(at(-0.3, 0).X, at(0, 0.34).Y, at(0.3, 0).X, at(0, 0.42).Y)
		outlined(cv, woodColor, line, base)
		body := poly{at(-0.12, 0.34), at(-0.08, -0.2), at(0.08, -0.2), at(0.12, 0.34)}
		outlined(cv, brassColor, line, body)
		cv.fill(brassShade, poly{at(0.02, 0.34), at(0.03, -0.2), at(0.08, -0.2), at(0.12, 0.34)})
		// Pipes to the sides, bells hanging from arms.
		for _, dir := range []float64{-1, 1} {
			cv.stroke(OutlineColor, s*0.075, false, at(dir*0.08, 0.02), at(dir*0.34, -0.06), at(dir*0.34, -0.2))
			cv.stroke(pipeColor, s*0.04, false, at(dir*0.08, 0.02), at(dir*0.34, -0.06), at(dir*0.34, -0.2))
			cv.stroke(OutlineColor, line*1.6, false, at(dir*0.08, -0.12), at(dir*0.26, -0.12))
			bell := append(poly{at(dir*0.26-0.075, 0.06)}, quad(at(dir*0.26-0.07, -0.12), at(dir*0.26, -0.13), at(dir*0.26+0.07, -0.12), 6)...)
			bell = append(bell, at(dir*0.26+0.075, 0.06))
			outlined(cv, goldColor, line, bell)
			c := at(dir*0.26, 0.075)
			cv.fill(OutlineColor, circle(c.X, c.Y, s*0.025))
		}
		pole := rect(at(-0.015, 0).X, at(0, -0.43).Y, at(0.015, 0).X, at(0, -0.2).Y)
		cv.fill(OutlineColor, pole)
		cv.stroke(OutlineColor, line*2, true, contraptionFlag(at)...)
	default:
		cv.fill(OutlineColor, rect(at(-0.05, 0).X, at(0, -0.38).Y, at(0.05, 0).X, at(0, 0.42).Y))
		cv.fill(woodColor, rect(at(-0.03, 0).X, at(0, -0.36).Y, at(0.03, 0).X, at(0, 0.4).Y))
		cv.stroke(OutlineColor, line*2, true, postFlag(at)...)
	}
}

// structureFill is the part of picture p drawn in its owner's colour: the
// roof, the flag.
func structureFill(p Picture, at func(x, y float64) pt) poly {
	switch p {
	case PictureFarm:
		return farmRoof(at)
	case PictureFort:
		return fortFlag(at)
	case PictureContraption:
		return contraptionFlag(at)
	}
	return postFlag(at)
}

func farmRoof(at func(x, y float64) pt) poly {
	return poly{at(-0.42, -0.06), at(-0.17, -0.3), at(0.08, -0.06)}
}

func fortFlag(at func(x, y float64) pt) poly {
	return poly{at(0.015, -0.42), at(0.4, -0.33), at(0.015, -0.24)}
}

func contraptionFlag(at func(x, y float64) pt) poly {
	return poly{at(0.015, -0.42), at(0.4, -0.42), at(0.31, -0.335), at(0.4, -0.25), at(0.015, -0.25)}
}

func postFlag(at func(x, y float64) pt) poly {
	return poly{at(0.05, -0.38), at(0.42, -0.27), at(0.05, -0.16)}
}
