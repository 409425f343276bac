package board

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/shared/game"
	"empires/shared/hex"
)

// TestMinimapMarks draws the minimap of a map with the cities of four
// players in the colour-blind palette, where players 1 and 9, and 2 and
// 10, have one colour, at 100 % and 200 %, and checks that each city
// shows its owner's mark (docs/ACCESSIBILITY.md, "Told apart without
// colour"), also with an army on its hex: the two players of one colour differ in the shape drawn in
// it at their cities, the filled marks (circle, square) are filled in
// their middles and the hollow ones (ring, hollow square) are not.
func TestMinimapMarks(t *testing.T) {
	const w, h = 24, 16
	cities := []struct {
		owner  game.PlayerID
		at     hex.Offset
		hollow bool
	}{
		{1, hex.Offset{Col: 4, Row: 4}, false},
		{9, hex.Offset{Col: 10, Row: 4}, true},
		{2, hex.Offset{Col: 4, Row: 11}, false},
		{10, hex.Offset{Col: 10, Row: 11}, true},
	}
	v := testView(w, h, all)
	for i, c := range cities {
		v.Cities = append(v.Cities, game.CityView{ID: game.CityID(i + 1), Owner: c.owner, Hex: hex.FromOffset(c.at), Level: 1})
	}
	// Armies, drawn smaller: one on a city's hex, at its corner, clear
	// of the city's mark.
	v.Armies = []game.ArmyView{
		{ID: 1, Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 4, Row: 4}), Units: game.Units{4}},
		{ID: 2, Owner: 9, Hex: hex.FromOffset(hex.Offset{Col: 10, Row: 4}), Units: game.Units{4}},
		{ID: 3, Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 16, Row: 8}), Units: game.Units{4}},
		{ID: 4, Owner: 10, Hex: hex.FromOffset(hex.Offset{Col: 19, Row: 8}), Units: game.Units{4}},
	}
	b := newBoardWith(t, w, h, v)
	b.SetPalette(art.PaletteColourBlind)
	for _, sc := range []float64{1, 2} {
		b.SetScale(sc)
		r := image.Rect(0, 0, int(180*sc), int(120*sc))
		var img *image.RGBA
		onFrame(t, func() {
			dst := ebiten.NewImage(r.Dx(), r.Dy())
			defer dst.Deallocate()
			b.DrawMinimap(dst, r, nil)
			img = image.NewRGBA(r)
			dst.ReadPixels(img.Pix)
		})
		if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
			if err := savePNG(filepath.Join(dir, fmt.Sprintf("minimap-marks-%.0fpc.png", sc*100)), img); err != nil {
				t.Fatal(err)
			}
		}
		scale, x0, y0 := b.minimapFit(r)
		px := miniCityPx(HexSize*scale, sc, false)
		n := int(px) + 1
		masks := make([][]bool, len(cities))
		for i, c := range cities {
			wx, wy := b.HexCenter(hex.FromOffset(c.at))
			x, y := x0+wx*scale, y0+wy*scale
			col := art.PaletteColourBlind.Color(c.owner)
			masks[i] = drawtest.ColourMask(img, x, y, n, col)
			if have, least := drawtest.Count(masks[i]), n*n/12; have < least {
				t.Errorf("%.0f %%: player %d's city (%s): %d pixels in its colour, want at least %d", sc*100, c.owner, art.PlayerMark(c.owner), have, least)
			}
			// The middle 2 x 2 pixels (3 x 3 at 200 %).
			k := max(1, int(sc*1.5))
			mid := 0
			for dy := range k {
				for dx := range k {
					if art.DeltaE(img.RGBAAt(int(x)-k/2+dx, int(y)-k/2+dy), col) < 12 {
						mid++
					}
				}
			}
			if c.hollow && mid > 0 {
				t.Errorf("%.0f %%: player %d's %s: %d of its middle pixels in its colour, want none", sc*100, c.owner, art.PlayerMark(c.owner), mid)
			}
			if !c.hollow && mid < k*k {
				t.Errorf("%.0f %%: player %d's %s: %d of its middle pixels in its colour, want %d", sc*100, c.owner, art.PlayerMark(c.owner), mid, k*k)
			}
		}
		for _, pair := range [][2]int{{0, 1}, {2, 3}} {
			a, c := masks[pair[0]], masks[pair[1]]
			diff := 0
			for i := range a {
				if a[i] != c[i] {
					diff++
				}
			}
			if least := int(2 * sc * sc); diff < least {
				t.Errorf("%.0f %%: players %d and %d (one colour): their cities' shapes differ in %d pixels, want at least %d",
					sc*100, cities[pair[0]].owner, cities[pair[1]].owner, diff, least)
			}
		}
	}
}

// BenchmarkDrawMinimap times a frame's drawing of the minimap of a 60x40
// map with 48 cities and 96 armies of eight players, its terrain already
// painted (as on every frame where the view did not change), at 100 %,
// in CPU time per frame (cpu-ms/op).
func BenchmarkDrawMinimap(b *testing.B) {
	const w, h = 60, 40
	v := testView(w, h, all)
	for i := range 48 {
		v.Cities = append(v.Cities, game.CityView{ID: game.CityID(i + 1), Owner: game.PlayerID(1 + i%8),
			Hex: hex.FromOffset(hex.Offset{Col: (i * 7) % w, Row: (i * 5) % h}), Level: 1, Capital: i < 8})
	}
	for i := range 96 {
		v.Armies = append(v.Armies, game.ArmyView{ID: game.ArmyID(i + 1), Owner: game.PlayerID(1 + i%8),
			Hex: hex.FromOffset(hex.Offset{Col: (i * 11) % w, Row: (i * 3) % h}), Units: game.Units{4}})
	}
	bd := newBoard(b, w, h)
	if err := bd.SetView(v); err != nil {
		b.Fatal(err)
	}
	r := image.Rect(0, 0, 220, 150)
	drawtest.OnFrame(b, func() {
		dst := ebiten.NewImage(r.Dx(), r.Dy())
		defer dst.Deallocate()
		probe := ebiten.NewImage(1, 1)
		defer probe.Deallocate()
		frame := func() {
			bd.DrawMinimap(dst, r, nil)
			// Reading a pixel drawn from dst waits for the drawing.
			probe.DrawImage(dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
			_ = probe.At(0, 0)
		}
		frame()
		b.ResetTimer()
		since := cpuNow()
		for range b.N {
			frame()
		}
		b.ReportMetric(float64(cpuNow()-since)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	})
}

// cpuNow returns the CPU time the process has used.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
