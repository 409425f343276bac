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
// on the land, foam on the sea) over it.
//
// CHOICE: zoomed in (groundZoom and closer) the cells on screen are drawn
// each frame from tiles painted at about their size on screen (tileSizes),
// so they stay sharp at every zoom, and nothing is painted when the view
// changes but the coasts' list. Zoomed out, where a frame would draw
// thousands of tiles, the map draws one picture of the whole ground
// painted at half size (groundScale), repainted only when the view
// changes; the minimap shows it too. A picture of the whole map at the
// zoom's power of two would need 16384 pixels a side on a 128x128 map
// zoomed in four times: more than a GPU holds.

// groundZoom is the zoom from which the cells are drawn tile by tile.
const groundZoom = 0.7

// groundScale is the size of the ground's picture: half the map's size
// at zoom 1.
const groundScale = 0.5

// tileSizes are the sizes, in pixels of Layout.Size (a square's side, a
// hex's radius), tiles are painted at: each about 1.19 times the one
// before, so a tile is drawn shrunk by at most that.
var tileSizes = [...]int{4, 5, 6, 7, 8, 10, 12, 14, 16, 19, 22, 26, 32, 38, 45, 54, 64, 76, 90, 108, 128, 152, 180, 216}

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
}

// maxTiles bounds the cache of tiles: it is emptied when it holds more.
const maxTiles = 400

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

// tile returns the tile of key k, painting it the first time.
func (p *painter) tile(k tileKey) *ebiten.Image {
	if img, ok := p.tiles[k]; ok {
		return img
	}
	if len(p.tiles) >= maxTiles {
		for _, img := range p.tiles {
			img.Deallocate()
		}
		p.tiles = nil
	}
	if p.tiles == nil {
		p.tiles = map[tileKey]*ebiten.Image{}
	}
	img := ebiten.NewImageFromImage(paintTile(p.styles, p.lay.Shape, k))
	p.tiles[k] = img
	return img
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
		gridLine(img, shape, inner)
	}
	if k.sight == Remembered {
		grey(img)
	}
	return img
}

// gridLine darkens the cell of img (centred, of inner radius inner) along
// its edge: half the grid's line, the neighbour's tile the other half.
// The line grows with the tile, so it reads at every zoom.
func gridLine(img *image.RGBA, shape grid.Shape, inner float64) {
	w := math.Max(1, inner*0.05) // the whole line's width
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

// grey dims and greys img as the map draws what is only remembered (the
// hex board's colour matrix: saturation times 0.45, value times 0.6).
func grey(img *image.RGBA) {
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b := float64(img.Pix[i]), float64(img.Pix[i+1]), float64(img.Pix[i+2])
		l := 0.299*r + 0.587*g + 0.114*b
		img.Pix[i] = uint8((l + (r-l)*0.45) * 0.6)
		img.Pix[i+1] = uint8((l + (g-l)*0.45) * 0.6)
		img.Pix[i+2] = uint8((l + (b-l)*0.45) * 0.6)
	}
}

// cellKey returns the tile of square sq at (col, row) painted size large.
func cellKey(sq Square, col, row, size int) tileKey {
	k := tileKey{terrain: sq.Terrain, variant: uint8(art.TileVariant(col, row)), sight: sq.Sight, size: size}
	if sq.Sight == Unknown {
		k.terrain = dat.NumTerrains
	}
	return k
}

// prepare makes the painter's lists for the model's view: each cell's
// ground and its coasts. It does so once per view.
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
	p.coasts = p.coasts[:0]
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
			if ns.Sight == Unknown || (ns.Terrain == dat.Sea) == (sq.Terrain == dat.Sea) {
				continue
			}
			p.coasts = append(p.coasts, coast{cell: int32(i), edge: uint8(e)})
		}
	}
}

// coast is an edge where land meets sea: edge edge (from corner edge to
// the next, clockwise) of cell cell.
type coast struct {
	cell int32
	edge uint8
}

// groundFrame is where cells are drawn: world point (wx, wy) at pixel
// (ox+wx*scale, oy+wy*scale) of dst.
type groundFrame struct {
	dst            *ebiten.Image
	ox, oy, scale  float64
	x0, y0, x1, y1 int // the cells drawn: columns x0 to x1, rows y0 to y1 (inclusive)
}

// drawCells draws the ground of the cells of gf: tiles, then the coasts.
func (p *painter) drawCells(gf *groundFrame) {
	g := grid.New(p.lay.Shape, p.lay.Width, p.lay.Height)
	px := p.lay.Size * gf.scale
	size := tileSize(px)
	k := px / float64(size)
	op := &p.op
	for row := gf.y0; row <= gf.y1; row++ {
		for col := gf.x0; col <= gf.x1; col++ {
			q := grid.Pos{X: col, Y: row}
			img := p.tile(cellKey(p.squares[g.Index(q)], col, row, size))
			wx, wy := p.lay.Center(q)
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			op.GeoM.Reset()
			op.GeoM.Translate(-float64(w)/2, -float64(h)/2)
			op.GeoM.Scale(k, k)
			op.GeoM.Translate(gf.ox+wx*gf.scale, gf.oy+wy*gf.scale)
			op.ColorScale.Reset()
			op.Filter = ebiten.FilterLinear
			gf.dst.DrawImage(img, op)
		}
	}
	// The coasts: sand along the land's edge, foam along the sea's.
	sw := math.Max(1, px*0.07)
	if p.lay.Shape == grid.Hex {
		sw = math.Max(1, px*0.1)
	}
	for _, c := range p.coasts {
		q := g.At(int(c.cell))
		if q.X < gf.x0 || q.X > gf.x1 || q.Y < gf.y0 || q.Y > gf.y1 {
			continue
		}
		sq := p.squares[c.cell]
		col, a := sandColor, 0.9
		if sq.Terrain == dat.Sea {
			col, a = foamColor, 0.55
		}
		cs := p.lay.Corners(q)
		e0, e1 := cs[c.edge], cs[(int(c.edge)+1)%len(cs)]
		ax, ay := gf.ox+e0[0]*gf.scale, gf.oy+e0[1]*gf.scale
		bx, by := gf.ox+e1[0]*gf.scale, gf.oy+e1[1]*gf.scale
		op.GeoM.Reset()
		// A strip sw wide inside the cell along the edge: corners go
		// clockwise, so the strip's +y is towards the cell's inside.
		op.GeoM.Scale(math.Hypot(bx-ax, by-ay), sw)
		op.GeoM.Rotate(math.Atan2(by-ay, bx-ax))
		op.GeoM.Translate(ax, ay)
		op.ColorScale.Reset()
		op.ColorScale.ScaleWithColor(col)
		if sq.Sight == Remembered {
			op.ColorScale.Scale(0.6, 0.6, 0.6, 1)
		}
		op.ColorScale.ScaleAlpha(float32(a))
		gf.dst.DrawImage(p.sprites.White(), op)
	}
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

// paintGround paints the picture of the whole ground, at groundScale,
// once per view (see prepare).
func (p *painter) paintGround(m *Model) {
	p.prepare(m)
	if p.groundV == m.v && p.ground != nil {
		return
	}
	p.groundV = m.v
	ww, wh := p.lay.WorldSize()
	if p.ground == nil {
		p.ground = ebiten.NewImage(int(math.Ceil(ww*groundScale)), int(math.Ceil(wh*groundScale)))
	}
	p.ground.Fill(offMapColor)
	p.drawCells(&groundFrame{dst: p.ground, scale: groundScale, x1: p.lay.Width - 1, y1: p.lay.Height - 1})
}

// drawGround draws the ground of frame f: tile by tile zoomed in, the
// ground's picture zoomed out.
func (s *Screen) drawGround(f *frame) {
	p := s.paint
	p.prepare(s.m)
	if f.cam.Zoom >= groundZoom {
		r := f.dst.Bounds()
		wx0, wy0 := f.cam.X, f.cam.Y
		wx1, wy1 := wx0+float64(r.Dx())/f.cam.Zoom, wy0+float64(r.Dy())/f.cam.Zoom
		gf := &groundFrame{dst: f.dst, ox: f.ox - f.cam.X*f.cam.Zoom, oy: f.oy - f.cam.Y*f.cam.Zoom, scale: f.cam.Zoom}
		gf.x0, gf.y0, gf.x1, gf.y1 = s.lay.cellsIn(wx0, wy0, wx1, wy1)
		p.drawCells(gf)
		return
	}
	p.paintGround(s.m)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(1/groundScale, 1/groundScale)
	op.GeoM.Translate(-f.cam.X, -f.cam.Y)
	op.GeoM.Scale(f.cam.Zoom, f.cam.Zoom)
	op.GeoM.Translate(f.ox, f.oy)
	f.dst.DrawImage(p.ground, op)
}
