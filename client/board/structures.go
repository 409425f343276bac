package board

import (
	"empires/client/art"

	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/game"
	"empires/shared/hex"
)

// maxStructuresDrawn is the most structures a hex shows: more than that
// are left out (no ruleset builds more kinds on one hex).
const maxStructuresDrawn = 3

// pictureOf returns the picture of structure kind k in style st.
func (st *Style) pictureOf(k game.StructureKind) art.Picture {
	if int(k) < len(st.Structures) && st.Structures[k] < art.NumPictures {
		return st.Structures[k]
	}
	return art.PicturePost
}

// structureShape is the box each picture covers, in picture widths from
// its centre (see TestStructureShapes).
var structureShape = [art.NumPictures]box{
	art.PicturePost:        {-0.05, -0.43, 0.47, 0.43},
	art.PictureFarm:        {-0.47, -0.35, 0.47, 0.47},
	art.PictureFort:        {-0.46, -0.47, 0.47, 0.46},
	art.PictureContraption: {-0.4, -0.47, 0.45, 0.47},
}

// structuresOn returns the structures of the view on hex h by ID, at
// most maxStructuresDrawn.
func (b *Board) structuresOn(h hex.Hex) []*game.StructureView {
	out := b.scratch.structures[:0]
	for _, i := range b.structureAt[h] {
		if len(out) == maxStructuresDrawn {
			break
		}
		out = append(out, &b.view.Structures[i])
	}
	b.scratch.structures = out
	return out
}

// drawStructures draws the structures on screen, under the cities and
// armies: each picture with its owner's colour, dimmed when remembered.
func (b *Board) drawStructures(f *frame) {
	for _, h := range b.structureHexes {
		wx, wy := b.layout.Center(h)
		if !f.near(wx, wy, 2*HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		sts := b.structuresOn(h)
		if f.detail == detailFar {
			// A small diamond in the owner's colour at the hex's foot.
			s := f.px(math.Max(5, f.hex100*0.7))
			for i, st := range sts {
				col, ccs := b.ownerTint(st.Owner, st.Remembered)
				var cs ebiten.ColorScale
				if st.Remembered {
					cs = dimmed()
				}
				dx := (float64(i) - float64(len(sts)-1)/2) * s * 0.8
				b.put(f.dst, art.SpriteMark, uint8(art.MarkDiamond), x+dx, y+f.hexPx*0.5, s+f.px(2), 0, art.OutlineColor, cs)
				b.put(f.dst, art.SpriteMark, uint8(art.MarkDiamond), x+dx, y+f.hexPx*0.5, s, 0, col, ccs)
			}
			continue
		}
		armies := 0
		if st := b.stackOn(h); st != nil {
			armies = len(st.armies)
		}
		parts := layoutStructures(b.scratch.parts[:0], len(sts), armies > 0, f.hex100)
		scaleParts(parts, f.scale)
		b.scratch.parts = parts
		for k := range parts {
			p := &parts[k]
			st := sts[p.index]
			pic := b.style.pictureOf(st.Kind)
			var cs ebiten.ColorScale
			if st.Remembered {
				cs = dimmed()
			}
			col, ccs := b.ownerTint(st.Owner, st.Remembered)
			px, py := x+p.x, y+p.y
			b.put(f.dst, art.SpriteStructure, uint8(pic), px, py, p.size, 0, art.White, cs)
			b.put(f.dst, art.SpriteStructureFill, uint8(pic), px, py, p.size, 0, col, ccs)
		}
	}
}
