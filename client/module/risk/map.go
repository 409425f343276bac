package risk

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/camera"
	"empires/client/kit"
	"empires/client/module"
	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// Holding is what the map shows of a territory: who holds it (0 for no
// one: neutral armies, or none), its armies and whether it has a city.
type Holding struct {
	Owner  ruleset.Seat
	Armies int
	City   bool
}

// Map draws a risk board and says what the pointer is on: each
// territory filled from its cells in its owner's colour and pattern,
// the borders where territories meet (thicker where continents meet),
// the coasts, a band of each continent's colour inside its edge, the
// links across the sea dashed, the army count in a badge at each
// territory's centre, the cities; the selected territory outlined in
// gold and its neighbours in white, the rest dimmed; the territory
// under the pointer outlined, and after a moment its tooltip. It pans
// and zooms through a camera.Camera.
//
// The map draws in window pixels at an interface size (SetInterfaceScale,
// the theme's scale): the camera works in the pixels of 100 % (the
// window's pixels divided by the size), so that its zoom is the one a
// player knows at any size and its limits hold; the picture is drawn at
// the camera's zoom times the size, and every width, radius and face
// given for 100 % is multiplied by it.
//
// The board is painted into four images (layers): the ground (the sea
// and the territories' fills and patterns), the lines (the borders,
// bands, coasts, links and continent labels), the overlay (the
// selection) and the hovered outline. A zoom past a step of √2 paints
// them all again; otherwise each is painted again only where what it
// shows changed: the ground around the territories whose owner changed
// (an army count or a city is a badge, drawn each frame, and paints
// nothing), the overlay around the territories the selection lit or
// lights, the hovered layer around the outline the pointer left and the
// one it entered. A frame draws the layers (the overlay only with a
// selection, the hovered outline's part only) and the badges. Picking is
// exact, by the cell under the point. A Map belongs to the UI goroutine.
type Map struct {
	b     *board.Board
	lay   Layout
	geo   *geometry
	faces *kit.Faces
	cam   *camera.Camera
	// ui is the interface size: a length given for 100 % is ui times as
	// many window pixels.
	ui float64

	hold    []Holding // by territory ID less one
	players []string  // the players' names, seat s at s-1
	sel     board.TerritoryID

	// Input.
	mapR, sight image.Rectangle // the map's part of the window; the part in sight
	cursor      image.Point
	hover       kit.Hover[board.TerritoryID]
	drag        kit.Drag

	// The layers, painted at scale image pixels a world pixel.
	scale         float64
	ground, lines *ebiten.Image
	// groundOwners are the owners the ground was painted for, by
	// territory ID less one (nil: not painted at this scale).
	groundOwners []ruleset.Seat
	// overlay holds the selection, painted again when it changes
	// (overlayFor); hovered the outline of the territory under the
	// pointer (hoveredFor).
	overlay, hovered       *ebiten.Image
	overlayFor, hoveredFor overlayKey
	// scratch and mask are work images of the layers' size: a pattern or
	// a band is drawn in scratch and cut by a shape drawn in mask.
	scratch, mask *ebiten.Image
	labels        []continentLabel // the continents' labels, placed at the layers' scale
	disc          *ebiten.Image    // a white disc: badges and dots are it, scaled
	discR         float64          // its radius in pixels: discR at 100 %, times the size rounded up
	paintedUI     float64          // the interface size the layers were painted at
	pixel         *ebiten.Image    // a white pixel: the badges' rectangles are it, scaled
	// paints counts the layers' paintings, for the tests.
	paints paintCount
	// palette gives the players' colours (SetPalette).
	palette art.Palette
}

// The tooltip's colours.
var (
	tooltipBg   = color.RGBA{30, 26, 22, 235}
	tooltipText = color.RGBA{235, 228, 210, 255}
)

// maxLayer bounds the side of a layer's image in pixels: zoomed in
// further, the layers are drawn enlarged.
const maxLayer = 4096

// discR is the disc sprite's radius in pixels at 100 %.
const discR = 32

// tooltipDelay is how many frames the pointer rests on a territory
// before its tooltip shows.
const tooltipDelay = 20

// NewMap returns the map of board b, every territory no one's with no
// armies, the camera fitting the board in a window of 1280 by 800 until
// Update says where the map is.
func NewMap(b *board.Board) (*Map, error) {
	if b == nil || b.Width <= 0 || b.Height <= 0 || len(b.Cells) != b.Width*b.Height {
		return nil, fmt.Errorf("risk map: a board with no drawing")
	}
	faces, err := kit.NewFaces()
	if err != nil {
		return nil, fmt.Errorf("risk map: the font: %w", err)
	}
	m := &Map{b: b, lay: NewLayout(b), geo: newGeometry(b), faces: faces,
		hold: make([]Holding, len(b.Territories)), hover: kit.Hover[board.TerritoryID]{Delay: tooltipDelay}, ui: 1}
	ww, wh := m.lay.WorldSize()
	m.cam = camera.New(ww, wh, 1280, 800)
	return m, nil
}

// Board returns the map's board.
func (m *Map) Board() *board.Board { return m.b }

// Camera returns the map's camera: its screen is the map's part in sight
// (Update's sight) in the pixels of 100 % (window pixels divided by the
// interface size), its (0, 0) that part's top-left corner.
func (m *Map) Camera() *camera.Camera { return m.cam }

// SetInterfaceScale draws the map at interface size ui (the theme's
// scale: 2 at 200 %) from the next frame on, and reports whether that
// changed it. The camera keeps its zoom, in the units of 100 %, and the
// world point in the middle of the sight; the picture grows with ui. A ui
// below 1 is taken as 1.
func (m *Map) SetInterfaceScale(ui float64) bool {
	ui = max(ui, 1)
	if ui == m.ui {
		return false
	}
	m.ui = ui
	if !m.sight.Empty() {
		m.cam.Resize(float64(m.sight.Dx())/ui, float64(m.sight.Dy())/ui)
	}
	return true
}

// InterfaceScale returns the interface size the map draws at.
func (m *Map) InterfaceScale() float64 { return m.ui }

// zoom is the picture's zoom: window pixels a world pixel, the camera's
// zoom times the interface size.
func (m *Map) zoom() float64 { return m.cam.Zoom * m.ui }

// Pan moves the view by dx, dy window pixels, as a drag does.
func (m *Map) Pan(dx, dy float64) { m.cam.Pan(dx/m.ui, dy/m.ui) }

// SetHoldings shows h, what each territory holds, indexed by territory
// ID less one. It refuses a list of another length than the board's
// territories, or a negative army count, and keeps what it showed.
func (m *Map) SetHoldings(h []Holding) error {
	if len(h) != len(m.hold) {
		return fmt.Errorf("risk map: %d holdings for a board of %d territories", len(h), len(m.hold))
	}
	for i, x := range h {
		if x.Armies < 0 {
			return fmt.Errorf("risk map: %s has %d armies", m.b.Territories[i].Name, x.Armies)
		}
	}
	copy(m.hold, h)
	return nil
}

// Holding returns what territory t holds (the zero Holding for an
// unknown t).
func (m *Map) Holding(t board.TerritoryID) Holding {
	if m.b.Territory(t) == nil {
		return Holding{}
	}
	return m.hold[t-1]
}

// SetPlayers names the players, seat s at s-1, for the tooltips.
func (m *Map) SetPlayers(names []string) { m.players = slices.Clone(names) }

// Select selects territory t (0: none): it is outlined in gold, its
// neighbours in white, the rest dimmed. An unknown t selects none.
func (m *Map) Select(t board.TerritoryID) {
	if m.b.Territory(t) == nil {
		t = 0
	}
	m.sel = t
}

// Selected returns the selected territory, 0 for none.
func (m *Map) Selected() board.TerritoryID { return m.sel }

// Hovered returns the territory under the pointer, and false when the
// pointer is on none.
func (m *Map) Hovered() (board.TerritoryID, bool) { return m.hover.At, m.hover.On }

// Fit zooms the camera to show the whole board and centres it.
func (m *Map) Fit() { m.cam.Fit() }

// view sets where the map is in the window: mapR its part, sight the
// part of it in sight (the shell's log and minimap cover the rest); the
// camera's screen is sight. The first call fits the board in sight.
func (m *Map) view(mapR, sight image.Rectangle) {
	if sight.Empty() {
		sight = mapR
	}
	if mapR == m.mapR && sight == m.sight {
		return
	}
	first := m.mapR.Empty()
	m.mapR, m.sight = mapR, sight
	m.cam.Resize(float64(sight.Dx())/m.ui, float64(sight.Dy())/m.ui)
	if first {
		m.cam.Fit()
	}
}

// mapState is what the map shows that input may change.
type mapState struct {
	cam      camera.Camera
	hover    board.TerritoryID
	on, rest bool
	sel      board.TerritoryID
}

func (m *Map) state() mapState {
	return mapState{cam: *m.cam, hover: m.hover.At, on: m.hover.On, rest: m.hover.JustRested(), sel: m.sel}
}

// Update handles a frame's input on the map: in as the shell gives it,
// sight the part of the map in sight (empty: all of in.Map). The pointer
// hovers, the wheel zooms, a drag pans, the keys pan (WASD, and the
// arrows with Shift: alone they move the screen's focus; a step of
// 100 %'s pixels, as large on the screen as the interface), zoom (+, -)
// and show the whole board (H). It reports whether the map must
// be drawn again, and the territory clicked (0 for none): what a click
// does is the screen's to say (Select it, or attack it).
func (m *Map) Update(in module.Input, sight image.Rectangle) (redraw bool, clicked board.TerritoryID) {
	m.hover.Tick()
	m.view(in.Map, sight)
	before := m.state()
	m.cursor = in.Cursor
	t := m.TerritoryAt(in.Cursor)
	m.hover.Set(t, t != 0 && in.Pointer)
	lx, ly := float64(in.Cursor.X-m.sight.Min.X)/m.ui, float64(in.Cursor.Y-m.sight.Min.Y)/m.ui
	if z := in.WheelZoom(); z != 1 && in.Pointer {
		m.cam.ZoomAt(z, lx, ly)
	}
	if in.Pressed.Has(ebiten.MouseButtonLeft) && in.Pointer {
		m.drag.StartScaled(in.Frame, m.ui)
	}
	if dx, dy, held := m.drag.Follow(in.Frame); held && m.drag.Moved {
		m.Pan(float64(dx), float64(dy))
	}
	if m.drag.End(in.Frame) && !m.drag.Moved && in.Pointer {
		clicked = t
	}
	if in.Keys {
		if dx, dy := in.CursorPanKeys(); dx != 0 || dy != 0 {
			m.cam.Pan(dx, dy)
		}
		if z := in.KeyZoom(); z != 1 {
			m.cam.ZoomAt(z, m.cam.ScreenW/2, m.cam.ScreenH/2)
		}
		if in.Hit(ebiten.KeyH) {
			m.cam.Fit()
		}
	}
	return m.state() != before || clicked != 0, clicked
}

// TerritoryAt returns the territory drawn at window point p, 0 for the
// sea or off the map: exact, by the cell under p.
func (m *Map) TerritoryAt(p image.Point) board.TerritoryID {
	if !p.In(m.mapR) {
		return 0
	}
	wx, wy := m.cam.ToWorld((float64(p.X-m.sight.Min.X)+0.5)/m.ui, (float64(p.Y-m.sight.Min.Y)+0.5)/m.ui)
	x, y, ok := m.lay.CellAt(wx, wy)
	if !ok {
		return 0
	}
	return m.b.Cell(x, y)
}

// ScreenOf returns where territory t's badge is drawn (the centre of its
// label cell, board.Centre), in window pixels; false for an unknown t.
func (m *Map) ScreenOf(t board.TerritoryID) (x, y float64, ok bool) {
	if m.b.Territory(t) == nil {
		return 0, 0, false
	}
	c := m.geo.label[t-1]
	wx, wy := m.lay.CellCentre(c[0], c[1])
	x, y = m.toWindow(wx, wy)
	return x, y, true
}

// toWindow converts a world point to window pixels.
func (m *Map) toWindow(wx, wy float64) (float64, float64) {
	x, y := m.cam.ToScreen(wx, wy)
	return x*m.ui + float64(m.sight.Min.X), y*m.ui + float64(m.sight.Min.Y)
}

// Tooltip returns the lines of territory t's tooltip: its name, its
// continent and the continent's bonus, who holds it with how many
// armies and whether it has a city, the disasters that may strike it,
// its links.
func (m *Map) Tooltip(t board.TerritoryID) []string {
	tt := m.b.Territory(t)
	if tt == nil {
		return nil
	}
	c := m.b.Continent(tt.Continent)
	lines := []string{tt.Name}
	if c != nil {
		lines = append(lines, fmt.Sprintf("%s: %s a turn for all its %s", c.Name,
			words.Count(c.Bonus, "army", "armies"), words.Count(len(c.Territories), "territory", "territories")))
	}
	h := m.hold[t-1]
	who := "No one's"
	switch {
	case h.Owner == 0 && h.Armies > 0:
		who = "Neutral"
	case h.Owner != 0 && int(h.Owner) <= len(m.players):
		who = m.players[h.Owner-1] + "'s"
	case h.Owner != 0:
		who = fmt.Sprintf("Player %d's", h.Owner)
	}
	hold := who + ": " + words.Count(h.Armies, "army", "armies")
	if h.City {
		hold += ", a city"
	}
	lines = append(lines, hold)
	switch {
	case tt.Quake && tt.Flood:
		lines = append(lines, "'Quakes and Floods may strike")
	case tt.Quake:
		lines = append(lines, "'Quakes may strike")
	case tt.Flood:
		lines = append(lines, "Floods may strike")
	}
	var names []string
	for _, o := range tt.Links {
		names = append(names, m.b.Territories[o-1].Name)
	}
	lines = append(lines, "Links: "+strings.Join(names, ", "))
	return lines
}

// SetPalette draws the players in the colours of pl from the next frame
// on (the player's choice in Settings, art.PaletteOf), and says whether
// that changed them: the ground, which shows the owners' colours, is
// painted again then.
func (m *Map) SetPalette(pl art.Palette) bool {
	if pl == m.palette {
		return false
	}
	m.palette, m.groundOwners = pl, nil
	return true
}

// Draw draws the map in dst, the map's part of the window (its bounds
// are in window pixels).
func (m *Map) Draw(dst *ebiten.Image) {
	dst.Fill(offMapColor)
	m.paintLayers()
	op := m.layerOp(image.Point{})
	dst.DrawImage(m.ground, op)
	dst.DrawImage(m.lines, op)
	if m.sel != 0 {
		dst.DrawImage(m.overlay, op)
	}
	if h := m.hoveredFor.hover; h != 0 && h != m.sel {
		// Only the outline's part of the layer: the rest is empty.
		r := m.footprint(h, m.hoverReach())
		dst.DrawImage(m.hovered.SubImage(r).(*ebiten.Image), m.layerOp(r.Min))
	}
	for i := range m.b.Territories {
		m.drawBadge(dst, board.TerritoryID(i+1))
	}
}

// layerOp returns the options that draw the layers' part whose top-left
// corner is at layers' pixel at where the camera shows it: pixel for
// pixel (sharp) at the layers' own scale, reduced or enlarged with
// linear filtering otherwise.
func (m *Map) layerOp(at image.Point) *ebiten.DrawImageOptions {
	z := m.zoom()
	k := z / m.scale
	ox := float64(m.sight.Min.X) - (m.cam.X+m.margin())*z
	oy := float64(m.sight.Min.Y) - (m.cam.Y+m.margin())*z
	op := &ebiten.DrawImageOptions{}
	if math.Abs(k-1) < 1e-9 {
		op.GeoM.Translate(float64(at.X)+math.Round(ox), float64(at.Y)+math.Round(oy))
		return op
	}
	op.Filter = ebiten.FilterLinear
	op.GeoM.Translate(float64(at.X), float64(at.Y))
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(ox, oy)
	return op
}

// DrawOver draws the tooltip of the territory under the pointer, once it
// has rested there a moment, kept inside the map's part of the window.
func (m *Map) DrawOver(dst *ebiten.Image) {
	if !m.hover.Rested() || m.drag.On {
		return
	}
	m.drawTooltip(dst, m.hover.At, float64(m.cursor.X)+18*m.ui, float64(m.cursor.Y)+18*m.ui)
}

// DrawFocusTip draws the tooltip of territory t, the keys' focus, in the
// top-left corner of the map in sight, where it covers the least of the
// board fitted in it (beside the focus it would hide its neighbours, the
// next places Tab goes to).
func (m *Map) DrawFocusTip(dst *ebiten.Image, t board.TerritoryID) {
	if m.b.Territory(t) != nil {
		m.drawTooltip(dst, t, float64(m.sight.Min.X)+8*m.ui, float64(m.sight.Min.Y)+8*m.ui)
	}
}

// drawTooltip draws territory t's tooltip with its top-left corner at (x,
// y), kept inside the map's part of the window.
func (m *Map) drawTooltip(dst *ebiten.Image, t board.TerritoryID, x, y float64) {
	kit.DrawBoxScaled(dst, m.ui, m.faces.Face(15*m.ui, false), m.Tooltip(t), x, y, m.mapR, tooltipBg, tooltipText)
}
