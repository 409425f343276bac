package board

import (
	"empires/client/art"

	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/camera"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

// The crowded scene: a map with every kind of marker the board draws,
// packed close, for the display test and its screenshots.
const sceneW, sceneH = 30, 18

// sceneAt returns the hex at (col, row) of the crowded scene.
func sceneAt(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// sceneCentre is the middle of the scene's busiest part.
var sceneCentre = sceneAt(7, 5)

// crowdedScene returns the view and overlay of the crowded scene, for
// player 1 of a board of ruleset rs:
//   - around sceneCentre, the selected stack of three own armies (a
//     Warlord, two Casters, an intercept stance), an own fleet, an own
//     army in a city, a remembered enemy stack with characters, an enemy
//     capital with an army in it, a remembered city with a remembered
//     army, all of them inside the selected army's reach with its costs;
//   - a row of cities of every level, owned by nobody and by players;
//   - the sixteen players' armies on each kind of terrain, in sight,
//     and remembered on remembered terrain, each with a turn seen.
func crowdedScene(t testing.TB, rs *erfworld.Ruleset) (*game.View, *Overlay) {
	t.Helper()
	terrain := map[string]rulesfile.TerrainID{}
	for i, tr := range rs.Terrain {
		terrain[tr.ID] = rulesfile.TerrainID(i)
	}
	for _, id := range []string{"open", "grasslands", "woods", "mountains", "water"} {
		if _, ok := terrain[id]; !ok {
			t.Fatalf("ruleset %q has no terrain %q", rs.ID, id)
		}
	}
	r := hex.Rect{Width: sceneW, Height: sceneH}
	v := &game.View{Turn: 12, You: 1, Width: sceneW, Height: sceneH, Terrain: make([]rulesfile.TerrainID, r.Len()), Visible: game.NewBitset(r.Len())}
	rows := []string{"open", "grasslands", "woods", "mountains", "water"}
	for i := range v.Terrain {
		o := r.HexAt(i).Offset()
		switch {
		case o.Row >= 12:
			// The players' rows: one terrain a row.
			v.Terrain[i] = terrain[rows[(o.Row-12)%len(rows)]]
		case o.Col >= 10 && o.Col < 12 && o.Row < 9:
			v.Terrain[i] = terrain["water"]
		default:
			v.Terrain[i] = terrain[[]string{"open", "grasslands", "woods", "mountains", "open"}[(o.Col/2+o.Row/3)%5]]
		}
		// In sight but for the right of the map, and the busy part's
		// remembered hexes.
		if o.Col < 22 && r.HexAt(i) != sceneAt(6, 6) && r.HexAt(i) != sceneAt(7, 7) {
			v.Visible.Set(i)
		}
	}
	warlord := game.Character{ID: 1, Kind: erfworld.CharWarlord, Level: 9}
	caster := func(id game.CharacterID) game.Character {
		return game.Character{ID: id, Kind: erfworld.CharCaster}
	}
	id := game.ArmyID(0)
	army := func(owner game.PlayerID, h hex.Hex, units int32) game.ArmyView {
		id++
		return game.ArmyView{ID: id, Owner: owner, Hex: h, Units: game.Units{units}}
	}
	remembered := func(a game.ArmyView, seen game.Turn) game.ArmyView {
		a.Remembered, a.Seen = true, seen
		return a
	}
	// The busy part.
	sel := sceneCentre
	top := army(1, sel, 188)
	top.Characters = []game.Character{warlord, caster(2), caster(3)}
	top.NumCharacters = 3
	top.Stance = game.Stance{Kind: game.Intercept}
	v.Armies = append(v.Armies, top, army(1, sel, 12), army(1, sel, 3))
	fleet := army(1, sceneAt(10, 5), 40)
	fleet.Naval = true
	v.Armies = append(v.Armies, fleet)
	inCity := army(1, sceneAt(8, 5), 25)
	inCity.Characters = []game.Character{{ID: 4, Kind: erfworld.CharWarlord, Level: 2}, caster(5)}
	inCity.NumCharacters = 2
	inCity.Stance = game.Stance{Kind: game.Withdraw, Dir: hex.West}
	v.Armies = append(v.Armies, inCity)
	enemy := remembered(army(3, sceneAt(6, 6), 888), 8)
	enemy.NumCharacters = 12
	v.Armies = append(v.Armies, enemy, remembered(army(3, sceneAt(6, 6), 40), 8))
	guard := army(2, sceneAt(7, 4), 64)
	guard.NumCharacters, guard.Seen = 1, 12
	v.Armies = append(v.Armies, guard, army(2, sceneAt(7, 4), 9))
	v.Armies = append(v.Armies, remembered(army(4, sceneAt(7, 7), 7), 104))
	v.Armies = append(v.Armies, army(5, sceneAt(6, 5), 1), army(1, sceneAt(5, 5), 30), army(1, sceneAt(5, 5), 30))
	v.Cities = append(v.Cities,
		game.CityView{ID: 1, Owner: 1, Hex: sceneAt(8, 5), Level: 3},
		game.CityView{ID: 2, Owner: 2, Hex: sceneAt(7, 4), Level: 5, Capital: true, Seen: 12},
		game.CityView{ID: 3, Owner: 4, Hex: sceneAt(7, 7), Level: 4, Seen: 104, Remembered: true},
		game.CityView{ID: 4, Owner: 0, Hex: sceneAt(5, 3), Level: 2, Seen: 12},
	)
	// Cities of every level, without and with armies.
	cid := game.CityID(10)
	for lvl := int32(1); lvl <= 5; lvl++ {
		for k, owner := range []game.PlayerID{0, 1, 6} {
			cid++
			h := sceneAt(11+2*int(lvl), 1+3*k)
			c := game.CityView{ID: cid, Owner: owner, Hex: h, Level: lvl, Capital: lvl == 5 && owner != 0, Seen: 12}
			if owner == 1 {
				c.Seen = 0
			}
			v.Cities = append(v.Cities, c)
			if k == 2 {
				a := army(owner, h, 20*lvl)
				a.NumCharacters, a.Seen = lvl, 12
				v.Armies = append(v.Armies, a)
			}
		}
	}
	cid++
	v.Cities = append(v.Cities, game.CityView{ID: cid, Owner: 7, Hex: sceneAt(25, 6), Level: 5, Capital: true, Seen: 2, Remembered: true})
	// As the rules place them: no two cities too close.
	for i, a := range v.Cities {
		for _, b := range v.Cities[i+1:] {
			if d := hex.Distance(a.Hex, b.Hex); d < rs.City.MinDistance {
				t.Fatalf("the scene's cities %d and %d are %d apart, closer than %d", a.ID, b.ID, d, rs.City.MinDistance)
			}
		}
	}
	// The sixteen players on every terrain: in sight on the left, stacks
	// of two; remembered on the right.
	for row := 12; row < sceneH; row++ {
		for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
			h := sceneAt(int(p)-1+2*((row-12)%2), row)
			a := army(p, h, int32(p)*7)
			a.Naval = v.Terrain[r.Index(h)] == terrain["water"]
			a.Seen = 12
			if p == 1 {
				a.Seen = 0
			}
			v.Armies = append(v.Armies, a)
			if p%2 == 0 {
				v.Armies = append(v.Armies, army(p, h, 1))
			}
		}
	}
	for p := game.PlayerID(2); p <= game.MaxPlayers; p++ {
		h := sceneAt(22+int(p-2)%8, 1+2*int(p-2)/8)
		v.Armies = append(v.Armies, remembered(army(p, h, int32(p)), game.Turn(p)))
	}
	reach := map[hex.Hex]int{}
	for _, x := range hex.Spiral(sel, 3)[1:] {
		reach[x] = hex.Distance(sel, x) * 4
	}
	o := &Overlay{Selected: sel, HasSelected: true, Reach: reach, Grid: true}
	return v, o
}

// sceneZooms are the zooms the scene is drawn at: the camera's limits,
// the thresholds of the levels of detail and of the labels, and between.
func sceneZooms() []float64 {
	var zs []float64
	for _, px := range []float64{midHexPx, unitsHexPx, costHexPx, stackHexPx} {
		zs = append(zs, px/HexSize)
	}
	return append([]float64{camera.MinZoom}, append(zs, 2, camera.MaxZoom)...)
}

// TestDrawCrowded draws the crowded scene at 1024x768 and 1920x1080 at
// every zoom of sceneZooms and checks that each player's army in sight
// shows its owner's colour, and that the reach's costs are written, art.White
// on a dark plate, exactly where the hexes are large enough (costHexPx):
// the same scene with other costs differs there and only there. With
// EMPIRES_SCREENSHOTS set to a directory it saves each picture there as
// a PNG.
func TestDrawCrowded(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := newBoard(t, sceneW, sceneH)
	v, o := crowdedScene(t, rs)
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	other := *o
	other.Reach = map[hex.Hex]int{}
	for h, c := range o.Reach {
		other.Reach[h] = c + 1
	}
	dir := os.Getenv("EMPIRES_SCREENSHOTS")
	for _, size := range []image.Point{{1024, 768}, {1920, 1080}} {
		for _, zoom := range sceneZooms() {
			ww, wh := b.WorldSize()
			cam := camera.New(ww, wh, float64(size.X), float64(size.Y))
			cam.ZoomAt(zoom/cam.Zoom, 0, 0)
			// The whole scene as far as it fits, close up its busiest part.
			wx, wy := ww/2, wh/2
			if zoom >= 2 {
				wx, wy = b.HexCenter(sceneCentre)
			}
			cam.X, cam.Y = wx-float64(size.X)/2/zoom, wy-float64(size.Y)/2/zoom
			cam.Pan(0, 0) // within the camera's limits, as in the game
			draw := func(o *Overlay) *image.RGBA {
				var img *image.RGBA
				onFrame(t, func() {
					dst := ebiten.NewImage(size.X, size.Y)
					defer dst.Deallocate()
					b.Draw(dst, cam, o)
					img = image.NewRGBA(dst.Bounds())
					dst.ReadPixels(img.Pix)
				})
				return img
			}
			img, img2 := draw(o), draw(&other)
			name := fmt.Sprintf("%dx%d zoom %.2f", size.X, size.Y, zoom)
			if dir != "" {
				file := filepath.Join(dir, fmt.Sprintf("crowded-%dx%d-zoom%.2f.png", size.X, size.Y, zoom))
				if err := savePNG(file, img); err != nil {
					t.Fatal(err)
				}
			}
			hexPx := HexSize * zoom
			// The players' armies in sight on Open land, in their colours.
			for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
				x, y := cam.ToScreen(b.HexCenter(sceneAt(int(p)-1, 12)))
				r := math.Max(3, hexPx*0.3)
				if hexPx >= midHexPx {
					_, sy := stackAt(hexPx)
					y += sy
				}
				at := image.Rect(int(x-r), int(y-r), int(x+r), int(y+r))
				if !at.In(img.Rect) {
					continue
				}
				if !found(img, at, art.PlayerColor(p), 8) {
					t.Errorf("%s: player %d's army at %v shows no %v", name, p, at, art.PlayerColor(p))
				}
			}
			// The costs.
			changed := differing(img, img2, 2)
			if hexPx < costHexPx {
				if changed > 0 {
					t.Errorf("%s: hexes of radius %.1f, too small for costs, but other costs change %d pixels", name, hexPx, changed)
				}
				continue
			}
			if changed == 0 {
				t.Errorf("%s: no costs written on hexes of radius %.1f", name, hexPx)
			}
			for h, c := range o.Reach {
				x, y := cam.ToScreen(b.HexCenter(h))
				p := costPart(c, hexPx, b.fonts).moved(x, y)
				at := image.Rect(int(p.box.x0), int(p.box.y0), int(p.box.x1), int(p.box.y1))
				if !at.In(img.Rect) {
					continue
				}
				if !found(img, at, costInk, 3) || !found(img, at, costPlate, 3) {
					t.Errorf("%s: the cost of %v at %v is not art.White on its plate", name, h, at)
				}
			}
		}
	}
}

// savePNG writes img to the file name.
func savePNG(name string, img image.Image) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	return f.Close()
}
