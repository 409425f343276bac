package board

import (
	"empires/client/art"

	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/colorm"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/camera"
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// backgroundColor is drawn around the map.
var backgroundColor = color.RGBA{10, 13, 18, 255}

// detail is how much the board shows at a zoom.
type detail uint8

const (
	detailFar    detail = iota // hexes too small for tokens: dots and squares
	detailTokens               // tokens and city icons, with the labels there is room for (see layoutHex)
)

// midHexPx is the hex radius on screen, in pixels, from which tokens and
// city icons are drawn; the layout's thresholds (unitsHexPx and the
// others) add their labels as the hexes grow.
const midHexPx = 13

// detailFor returns the detail of hexes hexPx pixels in radius at 100 %.
func detailFor(hexPx float64) detail {
	if hexPx < midHexPx {
		return detailFar
	}
	return detailTokens
}

// frame is one Draw call's camera and screen.
type frame struct {
	dst            *ebiten.Image
	cam            *camera.Camera
	ox, oy         float64 // dst's top-left corner, where the camera's (0, 0) is
	hexPx          float64 // a hex's radius on screen
	scale          float64 // the interface size (Board.SetScale)
	hex100         float64 // a hex's radius as at 100 %: hexPx / scale
	detail         detail
	x0, y0, x1, y1 float64 // the world rectangle on screen
}

// newFrame returns the frame of a Draw call into dst through cam at
// 100 %.
func newFrame(dst *ebiten.Image, cam *camera.Camera) *frame { return newFrameAt(dst, cam, 1) }

// newFrameAt returns the frame of a Draw call into dst through cam (its
// zoom the zoom on screen: camera.Scaled) at interface size scale.
func newFrameAt(dst *ebiten.Image, cam *camera.Camera, scale float64) *frame {
	r := dst.Bounds()
	scale = max(scale, 1)
	f := &frame{dst: dst, cam: cam, ox: float64(r.Min.X), oy: float64(r.Min.Y), hexPx: HexSize * cam.Zoom, scale: scale}
	f.hex100 = f.hexPx / scale
	f.detail = detailFor(f.hex100)
	f.x0, f.y0 = cam.ToWorld(0, 0)
	f.x1, f.y1 = cam.ToWorld(float64(r.Dx()), float64(r.Dy()))
	return f
}

// px returns v pixels at 100 % in dst's pixels.
func (f *frame) px(v float64) float64 { return v * f.scale }

// screen converts a world point to dst's pixels.
func (f *frame) screen(wx, wy float64) (x, y float64) {
	x, y = f.cam.ToScreen(wx, wy)
	return x + f.ox, y + f.oy
}

// near reports whether world point (wx, wy) is within margin world pixels
// of the screen.
func (f *frame) near(wx, wy, margin float64) bool {
	return wx >= f.x0-margin && wx <= f.x1+margin && wy >= f.y0-margin && wy <= f.y1+margin
}

// Draw draws the view set last, with overlay o (nil for none), through
// camera cam into screen: the camera's screen point (0, 0) is screen's
// top-left corner, so a sub-image of the window draws the map into part of
// it. Where the map does not cover screen, it is filled with a dark blue.
// At an interface size above 100 % (SetScale) cam is the camera on screen
// (camera.Scaled): its zoom is the zoom the player set times the size.
func (b *Board) Draw(screen *ebiten.Image, cam *camera.Camera, o *Overlay) {
	if o == nil {
		o = &Overlay{}
	}
	f := newFrameAt(screen, cam, b.scale)
	b.chunks.frame++

	// The background shows only where the map does not cover the screen:
	// beyond its bounds, or in the notches of its ragged left and right
	// edges, within a hex of the bounds.
	if f.x0 < HexSize*sqrt3 || f.y0 < HexSize*2 || f.x1 > b.worldW-HexSize*sqrt3 || f.y1 > b.worldH-HexSize*2 {
		screen.Fill(backgroundColor)
	}
	if o.Grid != b.grid {
		b.grid = o.Grid
		b.chunks.staleAll()
	}
	b.drawTerrain(f)
	if b.view == nil {
		return
	}
	b.drawReach(f, o)
	b.drawOrders(f, o)
	b.drawOutlines(f, o)
	b.drawPath(f, o)
	b.drawStructures(f)
	b.drawCities(f)
	b.drawArmies(f, o)
	b.drawCosts(f, o)
	b.drawBattles(f, o)
}

// drawTerrain draws the cached terrain chunks on screen, painting those
// missing or stale.
func (b *Board) drawTerrain(f *frame) {
	sc := b.chunks.scale
	k := lodAt(f.cam.Zoom, sc)
	cw := chunkWorldAt(k, sc)
	visibleChunksAt(k, sc, f.x0, f.y0, f.x1, f.y1, b.worldW, b.worldH, func(cx, cy int32) {
		key := chunkKey{int8(k), cx, cy}
		ch, paint := b.chunks.get(key)
		if paint {
			if ch.img == nil {
				ch.img = ebiten.NewImageWithOptions(imageRect(chunkPx+2*chunkMargin), &ebiten.NewImageOptions{Unmanaged: true})
			}
			b.paintChunk(ch.img, key)
			ch.stale = false
		}
		sx0, sy0 := f.screen(float64(cx)*cw, float64(cy)*cw)
		sx1, sy1 := f.screen(float64(cx+1)*cw, float64(cy+1)*cw)
		const m, e = chunkMargin, chunkMargin + chunkPx
		vs := b.scratch.quad[:0]
		vs = append(vs,
			vertex(sx0, sy0, m, m), vertex(sx1, sy0, e, m),
			vertex(sx0, sy1, m, e), vertex(sx1, sy1, e, e))
		b.scratch.quad = vs
		f.dst.DrawTriangles(vs, quadIndices, ch.img, &ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear})
	})
}

// chunkMargin is the margin of a chunk image painted beyond its square, so
// linear filtering at the square's edge reads real pixels.
const chunkMargin = 2

var quadIndices = []uint16{0, 1, 2, 1, 2, 3}

func vertex(x, y, sx, sy float64) ebiten.Vertex {
	return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: float32(sx), SrcY: float32(sy), ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
}

// rememberedM dims and greys the terrain out of sight.
var rememberedM = func() colorm.ColorM {
	var m colorm.ColorM
	m.ChangeHSV(0, 0.45, 0.6)
	return m
}()

// paintChunk paints the terrain of chunk key into img.
func (b *Board) paintChunk(img *ebiten.Image, key chunkKey) {
	img.Clear()
	k := int(key.lod)
	s := lodScale(k) * b.chunks.scale
	cw := chunkWorldAt(k, b.chunks.scale)
	// World point (wx, wy) is at pixel ((wx-wx0)*s, (wy-wy0)*s) of img.
	wx0 := float64(key.cx)*cw - chunkMargin/s
	wy0 := float64(key.cy)*cw - chunkMargin/s
	span := cw + 2*chunkMargin/s
	r := HexSize * s

	hexes := b.scratch.hexes[:0]
	b.hexesIn(wx0, wy0, wx0+span, wy0+span, func(h hex.Hex, i int) { hexes = append(hexes, chunkHex{h, i}) })
	b.scratch.hexes = hexes

	// The hexes in sight and unknown first, then the remembered ones, so
	// that the draws of each kind batch together.
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	cop := &colorm.DrawImageOptions{Filter: ebiten.FilterLinear}
	for _, remembered := range []bool{false, true} {
		for _, ch := range hexes {
			st := b.hexes[ch.i]
			if (st.fog == fogRemembered) != remembered {
				continue
			}
			o := ch.h.Offset()
			tile := b.tile(k, st.terrain, uint8(art.TileVariant(o.Col, o.Row)), remembered)
			wx, wy := b.layout.Center(ch.h)
			tw, th := tile.Bounds().Dx(), tile.Bounds().Dy()
			x, y := (wx-wx0)*s-float64(tw)/2, (wy-wy0)*s-float64(th)/2
			if remembered {
				cop.GeoM.Reset()
				cop.GeoM.Translate(x, y)
				colorm.DrawImage(img, tile, rememberedM, cop)
				continue
			}
			op.GeoM.Reset()
			op.GeoM.Translate(x, y)
			img.DrawImage(tile, op)
		}
	}
	b.paintEdges(img, hexes, wx0, wy0, s, r)
}

// chunkHex is a hex painted into a chunk and its index.
type chunkHex struct {
	h hex.Hex
	i int
}

// hexesIn calls f for every map hex whose bounding box overlaps the world
// rectangle (x0, y0)-(x1, y1), row by row.
func (b *Board) hexesIn(x0, y0, x1, y1 float64, f func(h hex.Hex, i int)) {
	rowH := 1.5 * HexSize
	hw := sqrt3 * HexSize
	r0 := max(0, int(math.Floor((y0-b.layout.OriginY-HexSize)/rowH)))
	r1 := min(b.rect.Height-1, int(math.Ceil((y1-b.layout.OriginY+HexSize)/rowH)))
	for row := r0; row <= r1; row++ {
		shift := float64(row&1) * hw / 2
		c0 := max(0, int(math.Floor((x0-b.layout.OriginX-shift-hw/2)/hw)))
		c1 := min(b.rect.Width-1, int(math.Ceil((x1-b.layout.OriginX-shift+hw/2)/hw)))
		for col := c0; col <= c1; col++ {
			h := hex.FromOffset(hex.Offset{Col: col, Row: row})
			f(h, row*b.rect.Width+col)
		}
	}
}

// tileKey names a painted terrain tile: its level of detail, terrain
// (rulesfile.NoTerrain for unknown land), variant, and whether it is
// hatched as remembered.
type tileKey struct {
	lod     int8
	terrain rulesfile.TerrainID
	variant uint8
	hatched bool
}

// tile returns the tile of terrain t (rulesfile.NoTerrain: never seen) at
// level k at the chunks' interface size, painting it the first time;
// hatched, with the hatch of remembered hexes over it (art.HatchAt).
func (b *Board) tile(k int, t rulesfile.TerrainID, v uint8, hatched bool) *ebiten.Image {
	key := tileKey{int8(k), t, v, hatched}
	if img, ok := b.gfx.tiles[key]; ok {
		return img
	}
	if b.gfx.tiles == nil {
		b.gfx.tiles = map[tileKey]*ebiten.Image{}
	}
	var st art.TileStyle
	unknown := t == rulesfile.NoTerrain || int(t) >= len(b.styles)
	if !unknown {
		st = b.styles[t]
	}
	r := HexSize * lodScale(k) * b.chunks.scale
	pic := art.PaintHexTile(st, unknown, int(v), r)
	if hatched {
		art.HatchAt(pic, r, b.chunks.scale)
	}
	img := ebiten.NewImageFromImage(pic)
	b.gfx.tiles[key] = img
	return img
}

// Colours of the edges painted over the tiles.
var (
	sandColor  = color.RGBA{238, 222, 168, 255}
	foamColor  = color.RGBA{200, 236, 248, 255}
	gridColor  = color.RGBA{0, 0, 0, 255}
	edgeShadow = color.RGBA{0, 0, 0, 255}
)

// paintEdges paints the coasts (sand on the land, foam on the water),
// the shadow that fog casts on the known hexes bordering it, and the grid.
func (b *Board) paintEdges(img *ebiten.Image, hexes []chunkHex, wx0, wy0, s, r float64) {
	var sand, grid [2]vector.Path // [visible, remembered]
	sandW := math.Max(b.scale, r*0.07)
	fade := b.fade(r)
	naval := func(t rulesfile.TerrainID) bool { return int(t) < len(b.style.Terrain) && b.style.Terrain[t].Naval }
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	for _, ch := range hexes {
		st := b.hexes[ch.i]
		if st.fog == fogUnknown {
			continue
		}
		dim := 0
		if st.fog == fogRemembered {
			dim = 1
		}
		cx, cy := b.layout.Center(ch.h)
		cx, cy = (cx-wx0)*s, (cy-wy0)*s
		corner := func(i int) (float64, float64) {
			a := math.Pi / 180 * float64(60*i-90)
			return cx + r*math.Cos(a), cy + r*math.Sin(a)
		}
		if b.grid {
			for i := range 6 {
				x, y := corner(i)
				if i == 0 {
					grid[dim].MoveTo(float32(x), float32(y))
				} else {
					grid[dim].LineTo(float32(x), float32(y))
				}
			}
			grid[dim].Close()
		}
		for d := range hex.Direction(hex.NumDirections) {
			nh := ch.h.Neighbor(d)
			if b.rect.Index(nh) < 0 {
				continue
			}
			n := b.hexState(nh)
			ax, ay := corner((7 - int(d)) % 6)
			bx, by := corner((8 - int(d)) % 6)
			var c color.RGBA
			var a float64
			switch {
			case n.fog == fogUnknown:
				c, a = edgeShadow, 0.45
			case naval(st.terrain) && !naval(n.terrain):
				c, a = foamColor, 0.5
			case !naval(st.terrain) && naval(n.terrain):
				edge(&sand[dim], ax, ay, bx, by, cx, cy, sandW)
				continue
			default:
				continue
			}
			// The fade's top edge lies on the hex edge, its depth towards
			// the centre: a corner goes through the hex clockwise.
			op.GeoM.Reset()
			op.GeoM.Translate(-fadePad, 0)
			op.GeoM.Rotate(math.Atan2(by-ay, bx-ax))
			op.GeoM.Translate(ax, ay)
			op.ColorScale.Reset()
			op.ColorScale.ScaleWithColor(c)
			if dim == 1 {
				op.ColorScale.Scale(0.6, 0.6, 0.6, 1)
			}
			op.ColorScale.ScaleAlpha(float32(a))
			img.DrawImage(fade, op)
		}
	}
	stroke := func(p *vector.Path, w float64, c color.RGBA, a float64, dim int) {
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(c)
		if dim == 1 {
			op.ColorScale.Scale(0.6, 0.6, 0.6, 1)
		}
		op.ColorScale.ScaleAlpha(float32(a))
		vector.StrokePath(img, p, &vector.StrokeOptions{Width: float32(w)}, op)
	}
	for dim := range 2 {
		stroke(&sand[dim], sandW, sandColor, 0.9, dim)
		if b.grid {
			stroke(&grid[dim], math.Max(b.scale, r*0.035), gridColor, 0.28, dim)
		}
	}
}

// fade returns the fade sprite for hexes of radius r (see paintFade).
func (b *Board) fade(r float64) *ebiten.Image {
	k := int(math.Round(r))
	if img, ok := b.gfx.fades[k]; ok {
		return img
	}
	if b.gfx.fades == nil {
		b.gfx.fades = map[int]*ebiten.Image{}
	}
	img := ebiten.NewImageFromImage(paintFade(r))
	b.gfx.fades[k] = img
	return img
}

// edge adds to p the hex edge (ax, ay)-(bx, by) moved towards the hex's
// centre (cx, cy) by half of width w, so a stroke of width w lies inside
// the hex along the edge.
func edge(p *vector.Path, ax, ay, bx, by, cx, cy, w float64) {
	mx, my := (ax+bx)/2, (ay+by)/2
	dx, dy := cx-mx, cy-my
	l := math.Hypot(dx, dy)
	dx, dy = dx/l*w/2, dy/l*w/2
	p.MoveTo(float32(ax+dx), float32(ay+dy))
	p.LineTo(float32(bx+dx), float32(by+dy))
}

// put draws sprite (kind, arg) as art.Sprites.Put does.
func (b *Board) put(dst *ebiten.Image, kind art.Sprite, arg uint8, x, y, px, angle float64, tint color.RGBA, cs ebiten.ColorScale) {
	b.gfx.sprites.Put(dst, kind, arg, x, y, px, angle, tint, cs)
}

// pill draws a rounded plate as art.Sprites.Pill does.
func (b *Board) pill(dst *ebiten.Image, x, y, w, h float64, c color.RGBA, cs ebiten.ColorScale) {
	b.gfx.sprites.Pill(dst, x, y, w, h, c, cs)
}
