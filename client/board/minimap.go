package board

import (
	"empires/client/art"

	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/camera"
	"empires/shared/rulesfile"
)

// minimap is the cached picture of the whole map: terrain under fog.
type minimap struct {
	img   *ebiten.Image
	w, h  int  // the picture's size in pixels
	dirty bool // the view's terrain or fog changed since it was painted
	pix   []byte
}

// minimapFit returns how the whole map fits rectangle r: the scale (pixels
// per world pixel) and the picture's top-left corner, the picture centred
// in r with the world's proportions.
func (b *Board) minimapFit(r image.Rectangle) (scale, x0, y0 float64) {
	scale = math.Min(float64(r.Dx())/b.worldW, float64(r.Dy())/b.worldH)
	x0 = float64(r.Min.X) + (float64(r.Dx())-b.worldW*scale)/2
	y0 = float64(r.Min.Y) + (float64(r.Dy())-b.worldH*scale)/2
	return scale, x0, y0
}

// MinimapToWorld converts the screen pixel (sx, sy) of a minimap drawn in
// r by DrawMinimap to the world point it shows, clamped to the world; ok
// is false when the pixel lies outside r. Clicking or dragging on the
// minimap moves the camera there.
func (b *Board) MinimapToWorld(r image.Rectangle, sx, sy int) (wx, wy float64, ok bool) {
	if !image.Pt(sx, sy).In(r) {
		return 0, 0, false
	}
	scale, x0, y0 := b.minimapFit(r)
	wx = (float64(sx) + 0.5 - x0) / scale
	wy = (float64(sy) + 0.5 - y0) / scale
	return math.Max(0, math.Min(b.worldW, wx)), math.Max(0, math.Min(b.worldH, wy)), true
}

// DrawMinimap draws the whole map into rectangle r of screen, in screen's
// coordinates: the terrain under fog as the board shows it, the cities
// (remembered ones dimmed; nobody's a grey square) and the armies in sight as their owners' marks
// in their colours, edged in dark (your armies in light), and the part of
// the world camera cam shows outlined. The picture of the terrain is cached and repainted only when
// the view's terrain or fog changes, or r's size.
func (b *Board) DrawMinimap(screen *ebiten.Image, r image.Rectangle, cam *camera.Camera) {
	if r.Empty() {
		return
	}
	vector.FillRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), minimapPanel, false)
	sc := b.scale
	line := float32(sc) // the border's and the camera's outline's width
	vector.StrokeRect(screen, float32(r.Min.X)+line/2, float32(r.Min.Y)+line/2, float32(r.Dx())-line, float32(r.Dy())-line, line, minimapBorder, false)
	scale, x0, y0 := b.minimapFit(r)
	w, h := max(1, int(math.Round(b.worldW*scale))), max(1, int(math.Round(b.worldH*scale)))
	if b.mini.img == nil || b.mini.w != w || b.mini.h != h {
		if b.mini.img != nil {
			b.mini.img.Deallocate()
		}
		b.mini.img = ebiten.NewImage(w, h)
		b.mini.w, b.mini.h = w, h
		b.mini.dirty = true
	}
	if b.mini.dirty {
		b.mini.pix = b.paintMinimap(b.mini.pix, w, h, scale)
		b.mini.img.WritePixels(b.mini.pix)
		b.mini.dirty = false
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x0), math.Round(y0))
	screen.DrawImage(b.mini.img, op)

	if b.view != nil {
		hexPx := HexSize * scale
		for i := range b.cities {
			c := &b.cities[i]
			x, y := b.layout.Center(c.Hex)
			col, cs := b.ownerTint(c.Owner, c.Remembered)
			mx, my, s := math.Round(x0+x*scale), math.Round(y0+y*scale), miniCityPx(hexPx, sc, c.Capital)
			if m := art.PlayerMark(c.Owner); m != art.MarkNone {
				b.gfx.sprites.OutlinedMark(screen, m, mx, my, s, col, art.OutlineColor, cs)
				continue
			}
			// Nobody's: a square, smaller than the marks.
			b.square(screen, mx, my, 0.55*s+sc, art.OutlineColor, cs)
			b.square(screen, mx, my, 0.55*s-sc, col, cs)
		}
		for i := range b.view.Armies {
			a := &b.view.Armies[i]
			if a.Remembered {
				continue
			}
			x, y := b.layout.Center(a.Hex)
			s := miniArmyPx(hexPx, sc)
			if k, ok := b.cityAt[a.Hex]; ok {
				// At the city's lower right corner, clear of its mark.
				d := 0.4 * (miniCityPx(hexPx, sc, b.cities[k].Capital) + s)
				x, y = x+d/scale, y+d/scale
			}
			rim := art.OutlineColor
			if a.Owner == b.view.You {
				rim = art.RimColor
			}
			b.gfx.sprites.OutlinedMark(screen, art.PlayerMark(a.Owner), math.Round(x0+x*scale), math.Round(y0+y*scale), s, b.palette.Color(a.Owner), rim, ebiten.ColorScale{})
		}
	}

	if cam != nil {
		wx0, wy0 := cam.ToWorld(0, 0)
		wx1, wy1 := cam.ToWorld(cam.ScreenW, cam.ScreenH)
		rx0 := math.Max(float64(r.Min.X), x0+wx0*scale)
		ry0 := math.Max(float64(r.Min.Y), y0+wy0*scale)
		rx1 := math.Min(float64(r.Max.X), x0+wx1*scale)
		ry1 := math.Min(float64(r.Max.Y), y0+wy1*scale)
		if rx1 > rx0 && ry1 > ry0 {
			vector.StrokeRect(screen, float32(rx0)+line/2, float32(ry0)+line/2, float32(rx1-rx0)-line, float32(ry1-ry0)-line, line, color.RGBA{255, 255, 255, 230}, false)
		}
	}
}

// miniCityPx returns the width of a city's mark on the minimap, where
// hexes are hexPx pixels and the interface is drawn at scale sc: 8
// pixels at 100 %, a capital's 10, wider when the hexes are. CHOICE: 8
// rather than 7, a size marks are painted at (art.Sprites), so that at
// 100 % they are drawn unscaled and their holes stay sharp.
func miniCityPx(hexPx, sc float64, capital bool) float64 {
	s := math.Max(8*sc, hexPx*1.5)
	if capital {
		s *= 10.0 / 8
	}
	return s
}

// miniArmyPx returns the width of an army's mark on the minimap: smaller
// than a city's, 6 pixels at 100 %.
func miniArmyPx(hexPx, sc float64) float64 {
	return math.Max(6*sc, hexPx*1.1)
}

// paintMinimap paints the picture of the map, w x h pixels at scale, into
// pix (reused when large enough) as RGBA bytes.
func (b *Board) paintMinimap(pix []byte, w, h int, scale float64) []byte {
	if cap(pix) < 4*w*h {
		pix = make([]byte, 4*w*h)
	}
	pix = pix[:4*w*h]
	// Each terrain's colour under each fog state, looked up per pixel.
	colors := make([][3]color.RGBA, len(b.styles))
	for t, st := range b.styles {
		c := st.Color
		grey := uint8(0.3*float64(c.R) + 0.59*float64(c.G) + 0.11*float64(c.B))
		colors[t][fogRemembered] = art.ScaleRGB(art.Mix(c, color.RGBA{grey, grey, grey, 255}, 0.55), 0.6)
		colors[t][fogVisible] = c
	}
	for py := range h {
		for px := range w {
			hx := b.layout.HexAt((float64(px)+0.5)/scale, (float64(py)+0.5)/scale)
			c := color.RGBA{} // off the map: transparent
			if i := b.rect.Index(hx); i >= 0 {
				st := b.hexes[i]
				c = art.UnknownColor
				if st.fog != fogUnknown && st.terrain != rulesfile.NoTerrain {
					c = colors[st.terrain][st.fog]
				}
			}
			o := 4 * (py*w + px)
			pix[o], pix[o+1], pix[o+2], pix[o+3] = c.R, c.G, c.B, c.A
		}
	}
	return pix
}

// Colours of the minimap's panel.
var (
	minimapPanel  = color.RGBA{6, 8, 12, 255}
	minimapBorder = color.RGBA{70, 80, 96, 255}
)
