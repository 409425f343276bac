// Package board draws a player's view of the hex map with Ebitengine:
// terrain under three states of fog (never seen, remembered, in sight),
// cities, armies and fleets in their owners' colours and marks, the
// player's overlays (hover, selection, reach, planned paths and orders),
// the turn animation's moving armies and battles, and a minimap.
//
// It is built to hold 60 frames per second on a machine without a GPU:
// the terrain is painted into cached images (chunks) at a few levels of
// detail and repainted only where the view's terrain or sight changed;
// sprites are painted once per size on the CPU; only what is on screen is
// drawn; labels too small to read are left out.
//
// A Board is used from the game loop's goroutine only.
package board

import (
	"empires/client/art"
	"image/color"

	"fmt"
	"image"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/camera"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/mapimage"
	"empires/shared/rulesfile"
)

// HexSize is the radius of a hex (centre to corner) in world pixels, the
// units of the camera: at zoom 1 a hex is HexSize*sqrt(3) pixels wide.
const HexSize = 32

const sqrt3 = 1.7320508075688772

// fog is what a player knows of a hex.
type fog uint8

const (
	fogUnknown    fog = iota // never seen: its terrain is unknown
	fogRemembered            // seen before, not in sight now
	fogVisible               // in sight now
)

// hexState is what the terrain cache shows of one hex.
type hexState struct {
	terrain rulesfile.TerrainID // rulesfile.NoTerrain when unknown
	fog     fog
}

// Style is how a ruleset's pieces look on the board: what its client
// module gives. The board draws the hex engine's view (terrain, cities,
// armies, fleets), so any ruleset on the hex engine draws with it.
type Style struct {
	// Terrain is the ruleset's terrain table: each terrain's colours and
	// pattern, and whether it is water (coasts are drawn where it meets
	// land).
	Terrain rulesfile.TerrainTable
	// art.Mark says how character c of one of the player's own armies is
	// badged: as a leader of level leader (leader > 0, the Warlord's
	// crown), as a caster (caster), or not at all. Nil badges none: a
	// ruleset without characters.
	Mark func(c game.Character) (leader int32, caster bool)
	// Structures are the pictures of the ruleset's kinds of structures
	// (game.View.Structures), by game.StructureKind; a kind beyond it is
	// drawn as a art.PicturePost. Nil for a ruleset that builds none.
	Structures []art.Picture
	// NoCityLevels leaves out the cities' levels (the number on a disc):
	// for a ruleset whose cities have none. Every city is then drawn as
	// a level 1 town.
	NoCityLevels bool
}

// Board draws one player's view of a map of a fixed size. The zero value
// is not usable; call New.
type Board struct {
	style  Style
	rect   hex.Rect
	layout mapimage.Layout
	worldW float64
	worldH float64
	styles []art.TileStyle // by TerrainID
	// palette gives the players' colours (SetPalette).
	palette art.Palette
	// scale is the interface size the board draws at (SetScale).
	scale float64

	view   *game.View
	hexes  []hexState // by hex.Rect.Index
	cities []game.CityView
	cityAt map[hex.Hex]int // index in cities
	// structureAt holds the indexes in view.Structures of the structures
	// on each hex, by ID; structureHexes those hexes back to front.
	structureAt    map[hex.Hex][]int
	structureHexes []hex.Hex
	stacks         []stack         // in drawing order, back to front
	stackIndex     map[hex.Hex]int // index in stacks

	chunks  chunkCache
	mini    minimap
	gfx     graphics // images, created as first drawn
	fonts   *fonts
	grid    bool // whether the cached chunks show the grid
	reach   reachLayer
	scratch scratch
}

// stack is the armies of the view on one hex, the one drawn on top first.
type stack struct {
	hex    hex.Hex
	armies []*game.ArmyView
}

// New returns a board for maps of width x height hexes drawn in style st,
// showing nothing until SetView.
func New(st Style, width, height int) (*Board, error) {
	r := hex.Rect{Width: width, Height: height}
	if r.Len() == 0 {
		return nil, fmt.Errorf("new board: map size %dx%d is empty", width, height)
	}
	if len(st.Terrain) == 0 || len(st.Terrain) > rulesfile.MaxTerrains {
		return nil, fmt.Errorf("new board: %d terrains, want 1 to %d", len(st.Terrain), rulesfile.MaxTerrains)
	}
	w, h, ox, oy := mapimage.Bounds(HexSize, width, height)
	f, err := newFonts()
	if err != nil {
		return nil, fmt.Errorf("new board: %w", err)
	}
	b := &Board{
		fonts:       f,
		style:       st,
		rect:        r,
		layout:      mapimage.Layout{Size: HexSize, OriginX: ox, OriginY: oy},
		worldW:      float64(w),
		worldH:      float64(h),
		hexes:       make([]hexState, r.Len()),
		cityAt:      map[hex.Hex]int{},
		structureAt: map[hex.Hex][]int{},
		stackIndex:  map[hex.Hex]int{},
		chunks:      newChunkCache(),
		scale:       1,
	}
	for i := range b.hexes {
		b.hexes[i].terrain = rulesfile.NoTerrain
	}
	for i := range st.Terrain {
		b.styles = append(b.styles, styleOf(&st.Terrain[i]))
	}
	b.mini.dirty = true
	return b, nil
}

// WorldSize returns the size of the whole map in world pixels, for
// camera.New.
func (b *Board) WorldSize() (w, h float64) { return b.worldW, b.worldH }

// HexCenter returns the centre of h in world pixels.
func (b *Board) HexCenter(h hex.Hex) (wx, wy float64) { return b.layout.Center(h) }

// HexAt returns the hex under point (sx, sy) of camera cam's screen (the
// image Draw draws into, from its top-left corner), and whether that hex
// is on the map.
func (b *Board) HexAt(cam *camera.Camera, sx, sy float64) (hex.Hex, bool) {
	wx, wy := cam.ToWorld(sx, sy)
	h := b.layout.HexAt(wx, wy)
	return h, b.rect.Contains(h)
}

// Deallocate frees the images the board has made, at once rather than
// when the garbage collector finds them. The board stays usable: it makes
// them again as needed.
func (b *Board) Deallocate() {
	if b.reach.img != nil {
		b.reach.img.Deallocate()
		b.reach = reachLayer{}
	}
	for _, ch := range b.chunks.m {
		if ch.img != nil {
			ch.img.Deallocate()
		}
	}
	b.chunks = newChunkCache()
	b.gfx.sprites.Deallocate()
	for _, img := range b.gfx.tiles {
		img.Deallocate()
	}
	for _, img := range b.gfx.fades {
		img.Deallocate()
	}
	b.gfx = graphics{}
	if b.mini.img != nil {
		b.mini.img.Deallocate()
	}
	b.mini = minimap{dirty: true}
}

// View returns the view last set, nil before the first.
func (b *Board) View() *game.View { return b.view }

// SetView makes the board show v, which must be of the board's map size.
// The board keeps v and reads it until the next SetView, so v must not
// change (views never do; see game.View). Cached terrain images are
// repainted only where a hex's terrain or fog changed.
func (b *Board) SetView(v *game.View) error {
	if v == nil {
		return fmt.Errorf("set view: no view")
	}
	if v.Width != b.rect.Width || v.Height != b.rect.Height {
		return fmt.Errorf("set view: view of a %dx%d map on a %dx%d board", v.Width, v.Height, b.rect.Width, b.rect.Height)
	}
	if len(v.Terrain) != b.rect.Len() {
		return fmt.Errorf("set view: %d terrain hexes for a %dx%d map", len(v.Terrain), v.Width, v.Height)
	}
	changed := b.scratch.changed[:0]
	for i := range b.hexes {
		st := hexState{terrain: v.Terrain[i], fog: fogVisible}
		switch {
		case st.terrain == rulesfile.NoTerrain || int(st.terrain) >= len(b.styles):
			st = hexState{terrain: rulesfile.NoTerrain, fog: fogUnknown}
		case !v.Visible.Has(i):
			st.fog = fogRemembered
		}
		if st != b.hexes[i] {
			b.hexes[i] = st
			changed = append(changed, i)
		}
	}
	b.scratch.changed = changed
	b.invalidate(changed)
	b.view = v
	b.collect(v)
	return nil
}

// invalidate marks stale the cached images showing any of the hexes with
// the given indexes, or their neighbours (whose coasts and fog edges
// follow them).
func (b *Board) invalidate(changed []int) {
	if len(changed) == 0 {
		return
	}
	b.mini.dirty = true
	if len(changed) > len(b.hexes)/4 {
		b.chunks.staleAll()
		return
	}
	for _, i := range changed {
		wx, wy := b.layout.Center(b.rect.HexAt(i))
		m := 2.0 * HexSize // the hex and the near half of its neighbours
		b.chunks.staleIn(wx-m, wy-m, wx+m, wy+m)
	}
}

// collect sorts the view's cities and armies for drawing.
func (b *Board) collect(v *game.View) {
	b.cities = b.cities[:0]
	clear(b.cityAt)
	for _, c := range v.Cities {
		if b.style.NoCityLevels {
			c.Level, c.Capital = 1, false
		}
		b.cityAt[c.Hex] = len(b.cities)
		b.cities = append(b.cities, c)
	}
	clear(b.structureAt)
	b.structureHexes = b.structureHexes[:0]
	for i := range v.Structures {
		h := v.Structures[i].Hex
		if _, ok := b.structureAt[h]; !ok {
			b.structureHexes = append(b.structureHexes, h)
		}
		b.structureAt[h] = append(b.structureAt[h], i)
	}
	slices.SortFunc(b.structureHexes, func(x, y hex.Hex) int {
		if x.R != y.R {
			return x.R - y.R
		}
		return x.Q - y.Q
	})
	byHex := map[hex.Hex]int{}
	b.stacks = b.stacks[:0]
	for i := range v.Armies {
		a := &v.Armies[i]
		k, ok := byHex[a.Hex]
		if !ok {
			k = len(b.stacks)
			byHex[a.Hex] = k
			b.stacks = append(b.stacks, stack{hex: a.Hex})
		}
		b.stacks[k].armies = append(b.stacks[k].armies, a)
	}
	for i := range b.stacks {
		slices.SortStableFunc(b.stacks[i].armies, func(x, y *game.ArmyView) int {
			return armyRank(x, v.You) - armyRank(y, v.You)
		})
	}
	// Back to front: lower rows overlap the rows above them.
	slices.SortFunc(b.stacks, func(x, y stack) int {
		if x.hex.R != y.hex.R {
			return x.hex.R - y.hex.R
		}
		return x.hex.Q - y.hex.Q
	})
	clear(b.stackIndex)
	for i := range b.stacks {
		b.stackIndex[b.stacks[i].hex] = i
	}
}

// armyRank orders the armies of a hex, the top one first: own before
// others, in sight before remembered, fleets (which carry the rest) first,
// then larger before smaller.
func armyRank(a *game.ArmyView, you game.PlayerID) int {
	r := 0
	if a.Owner != you {
		r += 4 << 20
	}
	if a.Remembered {
		r += 2 << 20
	}
	if !a.Naval {
		r += 1 << 20
	}
	return r - min(a.Units.Total(), 1<<19)
}

// scratch holds buffers reused from call to call.
type scratch struct {
	changed    []int
	hexes      []chunkHex
	quad       []ebiten.Vertex
	armies     []*game.ArmyView
	structures []*game.StructureView
	parts      []part
}

// hexState returns the state of h, unknown off the map.
func (b *Board) hexState(h hex.Hex) hexState {
	i := b.rect.Index(h)
	if i < 0 {
		return hexState{terrain: rulesfile.NoTerrain}
	}
	return b.hexes[i]
}

// graphics holds the images the board draws with, each created when first
// drawn: images are made only while the game loop runs.
type graphics struct {
	sprites art.Sprites
	tiles   map[tileKey]*ebiten.Image
	fades   map[int]*ebiten.Image // by hex radius in pixels
}

// imageRect returns the rectangle of a square image of side n.
func imageRect(n int) image.Rectangle { return image.Rect(0, 0, n, n) }

// styleOf returns the tile style of terrain t: its colours, and its
// decor chosen from its id and flags (art.DecorOf).
func styleOf(t *rulesfile.Terrain) art.TileStyle {
	st := art.TileStyle{Color: color.RGBA{t.Color.R, t.Color.G, t.Color.B, 255}, Decor: art.DecorOf(t.ID, t.Naval, t.Accent != nil)}
	st.Accent = art.ScaleRGB(st.Color, 0.7)
	if t.Accent != nil {
		st.Accent = color.RGBA{t.Accent.R, t.Accent.G, t.Accent.B, 255}
	}
	return st
}

// SetScale makes the board draw at interface size s (2 at 200 %, 1 at
// 100 %; below 1 is taken as 1) from the next frame on: every length of
// what it draws in pixels (marks and their least sizes, labels and their
// faces, outlines, paths and arrows, the thresholds at which labels show)
// is s times its length at 100 %, so that the map looks as at 100 %, s
// times as large. Draw is then given the camera on screen
// (camera.Scaled), whose zoom is s times the player's. A new size paints
// the terrain and the reach again.
func (b *Board) SetScale(s float64) {
	s = max(s, 1)
	if s == b.scale {
		return
	}
	b.scale = s
	b.fonts.scale = s
	b.chunks.scale = s // each level paints s times as many pixels: all repainted
	b.chunks.staleAll()
	for _, img := range b.gfx.tiles {
		img.Deallocate()
	}
	b.gfx.tiles = nil // their hatch is drawn at the size
	b.reach.used = false
	b.mini.dirty = true
}

// Scale returns the interface size the board draws at (SetScale).
func (b *Board) Scale() float64 { return b.scale }

// SetPalette draws the players in the colours of pl from the next frame
// on: the player's choice in Settings (art.PaletteOf).
func (b *Board) SetPalette(pl art.Palette) { b.palette = pl }
