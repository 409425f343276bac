package board

import (
	"image"
	"math"
	"testing"

	"empires/client/camera"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

// erfStyle is the board's style of the erfworld ruleset, as its client
// module gives it: Warlords badged with their level, Casters counted.
func erfStyle(t testing.TB) Style {
	t.Helper()
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	return Style{Terrain: rs.Terrain, Mark: erfMark}
}

// erfMark badges erfworld's characters.
func erfMark(c game.Character) (int32, bool) {
	if c.Kind == erfworld.CharWarlord {
		return max(c.Level, 1), false
	}
	_, caster := erfworld.CasterOf(c)
	return 0, caster
}

func newBoard(t testing.TB, w, h int) *Board {
	t.Helper()
	b, err := New(erfStyle(t), w, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testView returns a view of a w x h map of Open land, all of it known,
// the hexes in sight those for which visible returns true.
func testView(w, h int, visible func(hex.Hex) bool) *game.View {
	r := hex.Rect{Width: w, Height: h}
	v := &game.View{Turn: 3, You: 1, Width: w, Height: h, Terrain: make([]rulesfile.TerrainID, r.Len()), Visible: game.NewBitset(r.Len())}
	for i := range v.Terrain {
		if visible(r.HexAt(i)) {
			v.Visible.Set(i)
		}
	}
	return v
}

func all(hex.Hex) bool { return true }

func TestNewRejects(t *testing.T) {
	st := erfStyle(t)
	for _, tc := range []struct {
		name string
		st   Style
		w, h int
	}{
		{"no terrain", Style{}, 8, 8},
		{"no width", st, 0, 8},
		{"no height", st, 8, 0},
	} {
		if _, err := New(tc.st, tc.w, tc.h); err == nil {
			t.Errorf("%s: New returned no error", tc.name)
		}
	}
}

// TestHexAt checks hit testing at several zooms and camera positions: the
// screen point of a hex's centre, and points near its corners, give the
// hex back; points off the map are not on it.
func TestHexAt(t *testing.T) {
	b := newBoard(t, 20, 14)
	ww, wh := b.WorldSize()
	for _, zoom := range []float64{camera.MinZoom, 0.5, 1, 2.5, camera.MaxZoom} {
		cam := camera.New(ww, wh, 1280, 800)
		cam.ZoomAt(zoom/cam.Zoom, 300, 200)
		for _, h := range []hex.Hex{
			hex.FromOffset(hex.Offset{Col: 0, Row: 0}),
			hex.FromOffset(hex.Offset{Col: 7, Row: 3}),
			hex.FromOffset(hex.Offset{Col: 19, Row: 13}),
			hex.FromOffset(hex.Offset{Col: 12, Row: 8}),
		} {
			// Centre the camera on h, so it is on screen at every zoom.
			wx, wy := b.HexCenter(h)
			cam.X, cam.Y = wx-cam.ScreenW/2/cam.Zoom, wy-cam.ScreenH/2/cam.Zoom
			sx, sy := cam.ToScreen(wx, wy)
			if have, ok := b.HexAt(cam, sx, sy); have != h || !ok {
				t.Errorf("zoom %v: HexAt(centre of %v) = %v, %v; want %v, true", zoom, h, have, ok, h)
			}
			for i, c := range b.layout.Corners(h) {
				// 85% of the way from the centre to each corner.
				px, py := cam.ToScreen(wx+(c[0]-wx)*0.85, wy+(c[1]-wy)*0.85)
				if have, ok := b.HexAt(cam, px, py); have != h || !ok {
					t.Errorf("zoom %v: HexAt(near corner %d of %v) = %v, %v; want %v, true", zoom, i, h, have, ok, h)
				}
			}
		}
		// Left of the map's first column and above its first row.
		sx, sy := cam.ToScreen(-HexSize, -HexSize)
		if have, ok := b.HexAt(cam, sx, sy); ok {
			t.Errorf("zoom %v: HexAt(off the map) = %v, true; want false", zoom, have)
		}
	}
}

func TestWorldSize(t *testing.T) {
	b := newBoard(t, 64, 64)
	w, h := b.WorldSize()
	// Every hex lies inside the world.
	for _, hx := range (hex.Rect{Width: 64, Height: 64}).All() {
		for _, c := range b.layout.Corners(hx) {
			if c[0] < -1e-9 || c[1] < -1e-9 || c[0] > w || c[1] > h {
				t.Fatalf("corner %v of %v lies outside the world %vx%v", c, hx, w, h)
			}
		}
	}
}

// TestMinimapToWorld checks the conversion of minimap pixels to world
// points for minimaps wider and taller than the map's proportions.
func TestMinimapToWorld(t *testing.T) {
	b := newBoard(t, 40, 30)
	ww, wh := b.WorldSize()
	for _, r := range []image.Rectangle{
		image.Rect(1000, 600, 1260, 780), // wide: bars left and right
		image.Rect(10, 10, 110, 400),     // tall: bars above and below
		image.Rect(0, 0, 1, 1),
	} {
		scale, x0, y0 := b.minimapFit(r)
		// The picture fits r and touches two opposite sides.
		pw, ph := ww*scale, wh*scale
		if pw > float64(r.Dx())+1e-9 || ph > float64(r.Dy())+1e-9 {
			t.Errorf("%v: picture %.1fx%.1f does not fit", r, pw, ph)
		}
		if math.Abs(pw-float64(r.Dx())) > 1e-9 && math.Abs(ph-float64(r.Dy())) > 1e-9 {
			t.Errorf("%v: picture %.1fx%.1f fills neither side", r, pw, ph)
		}
		for _, tc := range []struct{ wx, wy float64 }{{0, 0}, {ww, wh}, {ww / 2, wh / 3}, {ww * 0.9, wh * 0.1}} {
			sx, sy := int(x0+tc.wx*scale), int(y0+tc.wy*scale)
			sx, sy = min(max(sx, r.Min.X), r.Max.X-1), min(max(sy, r.Min.Y), r.Max.Y-1)
			wx, wy, ok := b.MinimapToWorld(r, sx, sy)
			if !ok {
				t.Errorf("%v: MinimapToWorld(%d, %d) not ok", r, sx, sy)
				continue
			}
			if tol := 1 / scale; math.Abs(wx-tc.wx) > tol || math.Abs(wy-tc.wy) > tol {
				t.Errorf("%v: world %.0f,%.0f -> pixel %d,%d -> world %.0f,%.0f; want within %.0f", r, tc.wx, tc.wy, sx, sy, wx, wy, tol)
			}
			if wx < 0 || wy < 0 || wx > ww || wy > wh {
				t.Errorf("%v: MinimapToWorld(%d, %d) = %v, %v, outside the world", r, sx, sy, wx, wy)
			}
		}
		for _, p := range []image.Point{r.Min.Sub(image.Pt(1, 0)), r.Max, {r.Min.X, r.Max.Y}} {
			if _, _, ok := b.MinimapToWorld(r, p.X, p.Y); ok {
				t.Errorf("%v: MinimapToWorld(%v) ok, want outside", r, p)
			}
		}
	}
}

// staleChunks returns the cached chunks marked stale.
func staleChunks(b *Board) map[chunkKey]bool {
	out := map[chunkKey]bool{}
	for k, ch := range b.chunks.m {
		if ch.stale {
			out[k] = true
		}
	}
	return out
}

// cacheChunks fills the cache with painted-looking chunks covering the
// whole world at levels -2, 0 and 2, none stale.
func cacheChunks(b *Board) {
	clear(b.chunks.m)
	b.chunks.lods = [maxLOD - minLOD + 1]int{}
	for _, k := range []int{-2, 0, 2} {
		visibleChunks(k, 0, 0, b.worldW, b.worldH, b.worldW, b.worldH, func(cx, cy int32) {
			b.chunks.m[chunkKey{int8(k), cx, cy}] = &chunk{}
			b.chunks.lods[k-minLOD]++
		})
	}
	b.mini.dirty = false
}

// TestSetViewRepaints checks which cached images a new view makes stale:
// none when only armies and cities change, those around a hex whose fog
// changed, all of them for a first view.
func TestSetViewRepaints(t *testing.T) {
	const w, h = 30, 24
	b := newBoard(t, w, h)
	cacheChunks(b)
	v1 := testView(w, h, all)
	if err := b.SetView(v1); err != nil {
		t.Fatal(err)
	}
	if have, want := len(staleChunks(b)), len(b.chunks.m); have != want {
		t.Errorf("first view: %d chunks stale, want all %d", have, want)
	}
	if !b.mini.dirty {
		t.Error("first view: minimap not repainted")
	}

	// The same terrain and fog with an army and a city more.
	cacheChunks(b)
	v2 := testView(w, h, all)
	v2.Armies = []game.ArmyView{{ID: 5, Owner: 1, Hex: hex.Hex{Q: 3, R: 3}, Units: game.Units{4}}}
	v2.Cities = []game.CityView{{ID: 6, Owner: 2, Hex: hex.Hex{Q: 4, R: 6}, Level: 2}}
	if err := b.SetView(v2); err != nil {
		t.Fatal(err)
	}
	if have := staleChunks(b); len(have) != 0 {
		t.Errorf("armies and cities changed: chunks %v stale, want none", have)
	}
	if b.mini.dirty {
		t.Error("armies and cities changed: minimap repainted")
	}
	if len(b.stacks) != 1 || len(b.cities) != 1 {
		t.Errorf("board shows %d stacks and %d cities, want 1 and 1", len(b.stacks), len(b.cities))
	}

	// One hex at the middle of the map falls out of sight.
	cacheChunks(b)
	mid := hex.FromOffset(hex.Offset{Col: w / 2, Row: h / 2})
	v3 := testView(w, h, func(x hex.Hex) bool { return x != mid })
	if err := b.SetView(v3); err != nil {
		t.Fatal(err)
	}
	stale := staleChunks(b)
	if !b.mini.dirty {
		t.Error("fog changed: minimap not repainted")
	}
	wx, wy := b.HexCenter(mid)
	for key := range b.chunks.m {
		cw := chunkWorld(int(key.lod))
		x0, y0 := float64(key.cx)*cw, float64(key.cy)*cw
		// A chunk within a hex of mid must be repainted, one two hexes
		// away or more must not.
		dx := math.Max(0, math.Max(x0-wx, wx-(x0+cw)))
		dy := math.Max(0, math.Max(y0-wy, wy-(y0+cw)))
		d := math.Hypot(dx, dy)
		switch {
		case d <= HexSize && !stale[key]:
			t.Errorf("fog changed at %v: chunk %v, %.0f away, not stale", mid, key, d)
		case d >= 3*HexSize && stale[key]:
			t.Errorf("fog changed at %v: chunk %v, %.0f away, stale", mid, key, d)
		}
	}
	if len(stale) == 0 || len(stale) == len(b.chunks.m) {
		t.Errorf("fog changed at one hex: %d of %d chunks stale", len(stale), len(b.chunks.m))
	}
	if st := b.hexState(mid); st.fog != fogRemembered {
		t.Errorf("hex out of sight has fog %d, want remembered", st.fog)
	}

	// The same view again changes nothing.
	cacheChunks(b)
	if err := b.SetView(v3); err != nil {
		t.Fatal(err)
	}
	if have := staleChunks(b); len(have) != 0 || b.mini.dirty {
		t.Errorf("same view again: %d chunks stale, minimap dirty %v; want none", len(have), b.mini.dirty)
	}
}

func TestSetViewRejects(t *testing.T) {
	b := newBoard(t, 10, 8)
	short := testView(10, 8, all)
	short.Terrain = short.Terrain[:5]
	for _, tc := range []struct {
		name string
		v    *game.View
	}{
		{"nil", nil},
		{"other size", testView(12, 8, all)},
		{"short terrain", short},
	} {
		if err := b.SetView(tc.v); err == nil {
			t.Errorf("%s: SetView returned no error", tc.name)
		}
	}
	if b.View() != nil {
		t.Error("a rejected view was kept")
	}
}

// TestSetViewFog checks the fog of each hex: unknown terrain is never
// seen, known out of sight remembered, in sight visible.
func TestSetViewFog(t *testing.T) {
	b := newBoard(t, 4, 1)
	v := testView(4, 1, func(h hex.Hex) bool { return h.Q == 2 })
	v.Terrain[0] = rulesfile.NoTerrain
	v.Terrain[3] = rulesfile.TerrainID(200) // not in the ruleset: shown as unknown
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	want := []fog{fogUnknown, fogRemembered, fogVisible, fogUnknown}
	for i, f := range want {
		if have := b.hexes[i].fog; have != f {
			t.Errorf("hex %d: fog %d, want %d", i, have, f)
		}
	}
}

// TestStackOrder checks the order of the armies on one hex: own first,
// fleets before land armies, remembered sightings last.
func TestStackOrder(t *testing.T) {
	b := newBoard(t, 8, 8)
	v := testView(8, 8, all)
	at := hex.Hex{Q: 2, R: 2}
	v.Armies = []game.ArmyView{
		{ID: 1, Owner: 2, Hex: at, Units: game.Units{9}, Remembered: true},
		{ID: 2, Owner: 2, Hex: at, Units: game.Units{3}},
		{ID: 3, Owner: 1, Hex: at, Units: game.Units{1}},
		{ID: 4, Owner: 1, Hex: at, Naval: true},
		{ID: 5, Owner: 1, Hex: at, Units: game.Units{7}},
		{ID: 6, Owner: 1, Hex: hex.Hex{Q: 1, R: 5}, Units: game.Units{2}},
	}
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	if len(b.stacks) != 2 {
		t.Fatalf("%d stacks, want 2", len(b.stacks))
	}
	var have []game.ArmyID
	for _, a := range b.stacks[0].armies {
		have = append(have, a.ID)
	}
	want := []game.ArmyID{4, 5, 3, 2, 1}
	if len(have) != len(want) {
		t.Fatalf("stack at %v holds %v, want %v", at, have, want)
	}
	for i := range want {
		if have[i] != want[i] {
			t.Fatalf("stack at %v holds %v, want %v", at, have, want)
		}
	}
}
