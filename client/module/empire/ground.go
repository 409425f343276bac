package empire

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// The ground: each cell a terrain tile of the drawing kit (art), in
// terrain.dat's colour with its decor, the grid line and the coasts (sand
// on the land, foam on the sea) over it, and the shadow the fog casts on
// the known cells beside it.
//
// CHOICE: the cells on screen are drawn each frame from tiles painted at
// about their size on screen (tileSizes), all of one size in one sheet
// and drawn in one call, so they stay sharp at every zoom and a frame
// costs one call for the tiles and one for the edges. When the view
// changes only the lists are made again (each cell's ground, the edges)
// and the minimap's picture of a pixel or two a cell. A picture of the
// whole ground at the zoom's power of two, the other way, would need
// 16384 pixels a side on a 128x128 map zoomed in four times, more than a
// GPU holds, and costs the most to repaint when it is largest. Zoomed out
// (farPx), where a frame would draw thousands of tiny tiles, such a
// picture is small, and the map draws it (paintFar), painted with the
// same tiles when the view or the zoom's power of two changes.

// tileSizes are the sizes, in pixels of Layout.Size (a square's side, a
// hex's radius), tiles are painted at: each about 1.19 times the one
// before, so a tile is drawn shrunk by at most that; the largest holds a
// square zoomed in four times at 200 % (40 x 4 x 2 = 320 pixels).
var tileSizes = [...]int{4, 5, 6, 7, 8, 10, 12, 14, 16, 19, 22, 26, 32, 38, 45, 54, 64, 76, 90, 108, 128, 152, 180, 216, 256, 304, 362}

// tileSize returns the size to paint tiles at to draw them px pixels
// large: the smallest of tileSizes at least px.
func tileSize(px float64) int {
	for _, s := range tileSizes {
		if float64(s) >= px {
			return s
		}
	}
	return tileSizes[len(tileSizes)-1]
}

// tileKey names a painted tile.
type tileKey struct {
	terrain dat.Terrain // NumTerrains: never seen
	variant uint8
	sight   Sight
	size    int // see tileSizes
	// scale is the interface size it is painted for, which sets the
	// least width of its grid line (0 is taken as 1, 100 %).
	scale float64
}

// sheetKey names a sheet of tiles: their size and interface size.
type sheetKey struct {
	size  int
	scale float64
}

// sheet returns the sheet k's tile is painted in.
func (k tileKey) sheet() sheetKey { return sheetKey{k.size, k.scale} }

// Colours of the ground's edges.
var (
	sandColor = color.RGBA{238, 222, 168, 255}
	foamColor = color.RGBA{214, 238, 248, 255}
)

// terrainStyle returns how terrain t is drawn: terrain.dat's colour, and
// the decor of its slot. CHOICE: the decor comes from the terrain's slot
// (p grass, f trees, m peaks, s waves), the movement table's column that
// every modded terrain keeps whatever it is renamed to: a "Space" in the
// p slot is walked on as plains are, so it is drawn as open land.
func terrainStyle(d *dat.Data, t dat.Terrain) art.TileStyle {
	c := parseColor(d.Terrains[t].Color)
	st := art.TileStyle{Color: c, Accent: art.Mix(c, art.White, 0.3)}
	switch t {
	case dat.Forest:
		st.Decor = art.DecorTrees
	case dat.Mountain:
		st.Decor = art.DecorPeaks
	case dat.Sea:
		st.Decor = art.DecorWaves
	default:
		st.Decor = art.DecorGrass
	}
	return st
}

// The tiles of one size are painted, when first drawn, into one sheet, so
// that the cells are drawn together, a few calls a frame: a slot for each
// terrain, variant and sight (in sight or remembered), and for each
// variant of the cells never seen.
const (
	sheetCols  = 6
	sheetSlots = int(dat.NumTerrains)*art.TileVariants*2 + art.TileVariants
)

// slot returns the place of k's tile in its sheet.
func (k tileKey) slot() int {
	if k.terrain >= dat.NumTerrains {
		return int(dat.NumTerrains)*art.TileVariants*2 + int(k.variant)
	}
	i := (int(k.terrain)*art.TileVariants + int(k.variant)) * 2
	if k.sight == Remembered {
		i++
	}
	return i
}

// tileSheet is the sheet of the tiles of one size.
type tileSheet struct {
	img     *ebiten.Image
	w, h    int // a tile's image, without the slot's margin
	painted [sheetSlots]bool
}

// maxSheets bounds the cache of sheets: it is emptied when it holds more.
const maxSheets = 6

// slotRect returns the rectangle of slot i in the sheet.
func (sh *tileSheet) slotRect(i int) image.Rectangle {
	x, y := (i%sheetCols)*(sh.w+2)+1, (i/sheetCols)*(sh.h+2)+1
	return image.Rect(x, y, x+sh.w, y+sh.h)
}

// tileRect returns the rectangle of k's tile in its sheet, painting it the
// first time.
func (p *painter) tileRect(k tileKey) (*tileSheet, image.Rectangle) {
	sh := p.sheets[k.sheet()]
	if sh == nil {
		if len(p.sheets) >= maxSheets {
			for _, old := range p.sheets {
				old.img.Deallocate()
			}
			p.sheets = nil
		}
		if p.sheets == nil {
			p.sheets = map[sheetKey]*tileSheet{}
		}
		w, h := art.TileSize(float64(k.size))
		if p.lay.Shape != grid.Hex {
			w = art.SquareTileSize(float64(k.size))
			h = w
		}
		sh = &tileSheet{w: w, h: h}
		rows := (sheetSlots + sheetCols - 1) / sheetCols
		sh.img = ebiten.NewImage(sheetCols*(w+2), rows*(h+2))
		p.sheets[k.sheet()] = sh
	}
	i := k.slot()
	r := sh.slotRect(i)
	if !sh.painted[i] {
		sh.painted[i] = true
		sh.img.SubImage(r).(*ebiten.Image).WritePixels(paintTile(p.styles, p.lay.Shape, k).Pix)
	}
	return sh, r
}

// paintTile paints the tile of key k for cells of shape: the kit's tile,
// the grid line along its edge, greyed where only remembered.
func paintTile(styles [dat.NumTerrains]art.TileStyle, shape grid.Shape, k tileKey) *image.RGBA {
	unknown := k.terrain >= dat.NumTerrains
	var st art.TileStyle
	if !unknown {
		st = styles[k.terrain]
	}
	size := float64(k.size)
	var img *image.RGBA
	inner := size / 2 // the cell's inner radius
	if shape == grid.Hex {
		img = art.PaintHexTile(st, unknown, int(k.variant), size)
		inner = size * math.Sqrt(3) / 2
	} else {
		img = art.PaintSquareTile(st, unknown, int(k.variant), size)
	}
	if !unknown {
		gridLine(img, shape, inner, max(k.scale, 1))
	}
	if k.sight == Remembered {
		grey(img)
		// The hatch too: told from a cell in sight by a pattern, not by
		// its dimmer colour alone. Its lines meet across rows: a hex's
		// rows are 1.5 radii apart, as the kit's hatch wants; a square's
		// are size apart, the rows of a hex of radius size/1.5.
		if shape == grid.Hex {
			art.HatchAt(img, size, max(k.scale, 1))
		} else {
			art.HatchAt(img, size/1.5, max(k.scale, 1))
		}
	}
	return img
}

// gridLine darkens the cell of img (centred, of inner radius inner) along
// its edge: half the grid's line, the neighbour's tile the other half.
// The line grows with the tile, so it reads at every zoom; it is at
// least a pixel at 100 %, scale pixels at interface size scale.
func gridLine(img *image.RGBA, shape grid.Shape, inner, scale float64) {
	w := math.Max(scale, inner*0.05) // the whole line's width
	cx, cy := float64(img.Rect.Dx())/2, float64(img.Rect.Dy())/2
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		dy := math.Abs(float64(y) + 0.5 - cy)
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			i := img.PixOffset(x, y)
			if img.Pix[i+3] == 0 {
				continue
			}
			dx := math.Abs(float64(x) + 0.5 - cx)
			d := max(dx, dy)
			if shape == grid.Hex {
				d = max(dx, dx/2+dy*math.Sqrt(3)/2)
			}
			if d < inner-w/2 {
				continue
			}
			for c := range 3 {
				img.Pix[i+c] = uint8(float64(img.Pix[i+c]) * 0.7)
			}
		}
	}
}

// grey dims and greys img as the map draws what is only remembered.
func grey(img *image.RGBA) {
	for i := 0; i < len(img.Pix); i += 4 {
		c := greyColor(color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]})
		img.Pix[i], img.Pix[i+1], img.Pix[i+2] = c.R, c.G, c.B
	}
}

// greyColor is c as the map draws what is only remembered: dimmed and
// greyed as the hex board's colour matrix does it (saturation times 0.45,
// value times 0.6).
func greyColor(c color.RGBA) color.RGBA {
	r, g, b := float64(c.R), float64(c.G), float64(c.B)
	l := 0.299*r + 0.587*g + 0.114*b
	return color.RGBA{uint8((l + (r-l)*0.45) * 0.6), uint8((l + (g-l)*0.45) * 0.6), uint8((l + (b-l)*0.45) * 0.6), c.A}
}

// cellKey returns the tile of square sq at (col, row) in sheet sh.
func cellKey(sq Square, col, row int, sh sheetKey) tileKey {
	k := tileKey{terrain: sq.Terrain, variant: uint8(art.TileVariant(col, row)), sight: sq.Sight, size: sh.size, scale: sh.scale}
	if sq.Sight == Unknown {
		k.terrain = dat.NumTerrains
	}
	return k
}

// prepare makes the painter's lists for the model's view: each cell's
// ground, its coasts and its edges on the fog. It does so once per view.
func (p *painter) prepare(m *Model) {
	if p.preparedV == m.v {
		return
	}
	p.preparedV = m.v
	g := m.v.Grid()
	p.squares = p.squares[:0]
	for i := range g.Len() {
		p.squares = append(p.squares, m.SquareAt(g.At(i)))
	}
	p.edges = p.edges[:0]
	for i := range g.Len() {
		sq := p.squares[i]
		if sq.Sight == Unknown {
			continue
		}
		q := g.At(i)
		cs := p.lay.Corners(q)
		cx, cy := p.lay.Center(q)
		for e := range cs {
			a, b := cs[e], cs[(e+1)%len(cs)]
			// The neighbour across edge e: the centre mirrored in it.
			n, ok := p.lay.CellAt(a[0]+b[0]-cx, a[1]+b[1]-cy)
			if !ok {
				continue
			}
			ns := p.squares[g.Index(n)]
			switch {
			case ns.Sight == Unknown:
				p.edges = append(p.edges, groundEdge{cell: int32(i), edge: uint8(e), fog: true})
			case (ns.Terrain == dat.Sea) != (sq.Terrain == dat.Sea):
				p.edges = append(p.edges, groundEdge{cell: int32(i), edge: uint8(e)})
			}
		}
	}
}

// groundEdge is an edge drawn over the ground: a coast, where land meets
// sea, or with fog set where a known cell meets one never seen; edge edge
// (from corner edge to the next, clockwise) of cell cell.
type groundEdge struct {
	cell int32
	edge uint8
	fog  bool
}

// groundFrame is where cells are drawn: world point (wx, wy) at pixel
// (ox+wx*scale, oy+wy*scale) of dst.
type groundFrame struct {
	dst            *ebiten.Image
	ox, oy, scale  float64
	x0, y0, x1, y1 int // the cells drawn: columns x0 to x1, rows y0 to y1 (inclusive)
}

// drawCells draws the ground of the cells of gf: tiles, then the edges,
// each in as few calls as there are sheets.
func (p *painter) drawCells(gf *groundFrame) {
	g := grid.New(p.lay.Shape, p.lay.Width, p.lay.Height)
	px := p.lay.Size * gf.scale
	sk := sheetKey{tileSize(px), p.scale}
	k := px / float64(sk.size)
	vs, is := p.verts[:0], p.indices[:0]
	var sheet *tileSheet
	flush := func() {
		if len(vs) > 0 {
			gf.dst.DrawTriangles32(vs, is, sheet.img, &ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear})
		}
		vs, is = vs[:0], is[:0]
	}
	for row := gf.y0; row <= gf.y1; row++ {
		for col := gf.x0; col <= gf.x1; col++ {
			q := grid.Pos{X: col, Y: row}
			sh, r := p.tileRect(cellKey(p.squares[g.Index(q)], col, row, sk))
			if sh != sheet {
				flush()
				sheet = sh
			}
			wx, wy := p.lay.Center(q)
			cx, cy := gf.ox+wx*gf.scale, gf.oy+wy*gf.scale
			hw, hh := float64(r.Dx())/2*k, float64(r.Dy())/2*k
			vs, is = quad(vs, is, cx-hw, cy-hh, cx+hw, cy+hh, r)
		}
	}
	flush()
	p.verts, p.indices = vs, is
	p.drawEdges(gf, px)
}

// quad adds to vs and is the rectangle (x0, y0)-(x1, y1) showing source
// rectangle r.
func quad(vs []ebiten.Vertex, is []uint32, x0, y0, x1, y1 float64, r image.Rectangle) ([]ebiten.Vertex, []uint32) {
	n := uint32(len(vs))
	v := func(x, y float64, sx, sy int) ebiten.Vertex {
		return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: float32(sx), SrcY: float32(sy), ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
	}
	vs = append(vs, v(x0, y0, r.Min.X, r.Min.Y), v(x1, y0, r.Max.X, r.Min.Y), v(x0, y1, r.Min.X, r.Max.Y), v(x1, y1, r.Max.X, r.Max.Y))
	is = append(is, n, n+1, n+2, n+1, n+2, n+3)
	return vs, is
}

// drawEdges draws the edges of the cells of gf, whose Layout.Size is px
// pixels, in one call: sand along the land's edge, foam along the sea's,
// and along an edge on the fog the shadow it casts, fading inwards as the
// hex board's does.
func (p *painter) drawEdges(gf *groundFrame, px float64) {
	g := grid.New(p.lay.Shape, p.lay.Width, p.lay.Height)
	sw := math.Max(p.px(1), px*0.07)
	if p.lay.Shape == grid.Hex {
		sw = math.Max(p.px(1), px*0.1)
	}
	fw := math.Max(p.px(2), px*0.22) // the fog's shadow
	white := p.sprites.White()
	wr := white.Bounds()
	vs, is := p.verts[:0], p.indices[:0]
	for _, c := range p.edges {
		q := g.At(int(c.cell))
		if q.X < gf.x0 || q.X > gf.x1 || q.Y < gf.y0 || q.Y > gf.y1 {
			continue
		}
		sq := p.squares[c.cell]
		col, a, w, inner := sandColor, float32(0.9), sw, float32(1)
		switch {
		case c.fog:
			col, a, w, inner = color.RGBA{}, 0.45, fw, 0
		case sq.Terrain == dat.Sea:
			col, a = foamColor, 0.4
		}
		f := a / 255 // premultiplied
		if sq.Sight == Remembered {
			f *= 0.6
		}
		cs := p.lay.Corners(q)
		e0, e1 := cs[c.edge], cs[(int(c.edge)+1)%len(cs)]
		ax, ay := gf.ox+e0[0]*gf.scale, gf.oy+e0[1]*gf.scale
		bx, by := gf.ox+e1[0]*gf.scale, gf.oy+e1[1]*gf.scale
		// A strip sw wide inside the cell along the edge: the corners go
		// clockwise on the screen, so the inside is (-dy, dx) of the edge.
		l := math.Hypot(bx-ax, by-ay)
		nx, ny := -(by-ay)/l*w, (bx-ax)/l*w
		n := uint32(len(vs))
		// k scales the strip's inner side (0: faded out).
		v := func(x, y float64, k float32) ebiten.Vertex {
			return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: float32(wr.Min.X) + 0.5, SrcY: float32(wr.Min.Y) + 0.5,
				ColorR: float32(col.R) * f * k, ColorG: float32(col.G) * f * k, ColorB: float32(col.B) * f * k, ColorA: a * k}
		}
		vs = append(vs, v(ax, ay, 1), v(bx, by, 1), v(ax+nx, ay+ny, inner), v(bx+nx, by+ny, inner))
		is = append(is, n, n+1, n+2, n+1, n+2, n+3)
	}
	if len(vs) > 0 {
		gf.dst.DrawTriangles32(vs, is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	}
	p.verts, p.indices = vs, is
}

// cellsIn returns the columns and rows of the cells that cover the world
// rectangle (wx0, wy0)-(wx1, wy1), within the map.
func (l Layout) cellsIn(wx0, wy0, wx1, wy1 float64) (x0, y0, x1, y1 int) {
	if l.Shape == grid.Hex {
		hw := l.hexW()
		x0 = int(math.Floor(wx0/hw)) - 1
		x1 = int(math.Ceil(wx1/hw)) + 1
		y0 = int(math.Floor((wy0-l.Size)/(1.5*l.Size))) - 1
		y1 = int(math.Ceil((wy1+l.Size)/(1.5*l.Size))) + 1
	} else {
		x0, y0 = int(math.Floor(wx0/l.Size)), int(math.Floor(wy0/l.Size))
		x1, y1 = int(math.Floor(wx1/l.Size)), int(math.Floor(wy1/l.Size))
	}
	return max(0, x0), max(0, y0), min(l.Width-1, x1), min(l.Height-1, y1)
}

// paintGround paints the minimap's picture of the ground once per view
// (see prepare): a pixel a square in its terrain's colour, greyed where
// only remembered, dark where never seen; on hexes two a hex, the odd rows
// shoved right by one.
func (p *painter) paintGround(m *Model) {
	p.prepare(m)
	if p.groundV == m.v && p.ground != nil {
		return
	}
	p.groundV = m.v
	w, h := p.lay.Width, p.lay.Height
	k := 1
	if p.lay.Shape == grid.Hex {
		k = 2
	}
	img := image.NewRGBA(image.Rect(0, 0, k*w+k-1, k*h))
	for i, sq := range p.squares {
		c := art.UnknownColor
		if sq.Sight != Unknown {
			c = p.styles[sq.Terrain].Color
			if sq.Sight == Remembered {
				c = greyColor(c)
			}
		}
		x, y := k*(i%w), k*(i/w)
		if k == 2 && (i/w)&1 == 1 {
			x++
		}
		for dy := range k {
			for dx := range k {
				img.SetRGBA(x+dx, y+dy, c)
			}
		}
	}
	if p.ground != nil && p.ground.Bounds() != img.Rect {
		p.ground.Deallocate()
		p.ground = nil
	}
	if p.ground == nil {
		p.ground = ebiten.NewImage(img.Rect.Dx(), img.Rect.Dy())
	}
	p.ground.WritePixels(img.Pix)
}

// farPx is the size on screen at 100 % (Layout.Size: a square's side, a
// hex's radius) below which cells are drawn from the far picture
// (paintFar): the whole map on screen, thousands of tiny tiles a frame.
const farPx = 16

// drawGround draws the ground of frame f: the cells on screen tile by
// tile, or zoomed out, the far picture.
func (s *Screen) drawGround(f *frame) {
	p := s.paint
	p.prepare(s.m)
	if p.lay.Size*f.cam.Zoom < p.px(farPx) {
		// The picture at the zoom's power of two above it: drawn shrunk
		// by at most two, through its mipmaps.
		scale := math.Ldexp(1, int(math.Ceil(math.Log2(f.cam.Zoom))))
		p.paintFar(s.m, scale)
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(1/scale, 1/scale)
		op.GeoM.Translate(-f.cam.X, -f.cam.Y)
		op.GeoM.Scale(f.cam.Zoom, f.cam.Zoom)
		op.GeoM.Translate(f.ox, f.oy)
		f.dst.DrawImage(p.far, op)
		return
	}
	r := f.dst.Bounds()
	wx0, wy0 := f.cam.X, f.cam.Y
	wx1, wy1 := wx0+float64(r.Dx())/f.cam.Zoom, wy0+float64(r.Dy())/f.cam.Zoom
	gf := &groundFrame{dst: f.dst, ox: f.ox - f.cam.X*f.cam.Zoom, oy: f.oy - f.cam.Y*f.cam.Zoom, scale: f.cam.Zoom}
	gf.x0, gf.y0, gf.x1, gf.y1 = s.lay.cellsIn(wx0, wy0, wx1, wy1)
	p.drawCells(gf)
}

// paintFar paints the far picture: the whole ground at scale times the
// map's size at zoom 1, once per view and scale.
func (p *painter) paintFar(m *Model, scale float64) {
	p.prepare(m)
	if p.far != nil && p.farV == m.v && p.farScale == scale && p.farAt == p.scale {
		return
	}
	p.farV, p.farScale, p.farAt = m.v, scale, p.scale
	ww, wh := p.lay.WorldSize()
	w, h := int(math.Ceil(ww*scale)), int(math.Ceil(wh*scale))
	if p.far != nil && (p.far.Bounds().Dx() != w || p.far.Bounds().Dy() != h) {
		p.far.Deallocate()
		p.far = nil
	}
	if p.far == nil {
		p.far = ebiten.NewImage(w, h)
	}
	p.far.Fill(offMapColor)
	p.drawCells(&groundFrame{dst: p.far, scale: scale, x1: p.lay.Width - 1, y1: p.lay.Height - 1})
}
