package mapimage_test

import (
	"math/rand/v2"
	"testing"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/mapimage"
	"empires/shared/rules/erfworld"
)

func TestLayoutRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []float64{2, 7.5, 24} {
		l := mapimage.Layout{Size: size, OriginX: 13, OriginY: -4}
		for range 2000 {
			h := hex.Hex{Q: rng.IntN(400) - 200, R: rng.IntN(400) - 200}
			x, y := l.Center(h)
			if have := l.HexAt(x, y); have != h {
				t.Fatalf("size %v: HexAt(Center(%v)) = %v", size, h, have)
			}
			// A point just inside each corner belongs to h.
			for _, c := range l.Corners(h) {
				px, py := x+(c[0]-x)*0.95, y+(c[1]-y)*0.95
				if have := l.HexAt(px, py); have != h {
					t.Fatalf("size %v: point near corner of %v is in %v", size, h, have)
				}
			}
		}
	}
}

func TestLayoutNeighbourSpacing(t *testing.T) {
	l := mapimage.Layout{Size: 10}
	tests := []struct {
		have hex.Direction
		dx   float64
		dy   float64
	}{
		{hex.East, l.HexWidth(), 0},
		{hex.West, -l.HexWidth(), 0},
		{hex.SouthEast, l.HexWidth() / 2, l.RowHeight()},
		{hex.NorthWest, -l.HexWidth() / 2, -l.RowHeight()},
	}
	for _, tt := range tests {
		x, y := l.Center(hex.Hex{}.Neighbor(tt.have))
		if abs(x-tt.dx) > 1e-9 || abs(y-tt.dy) > 1e-9 {
			t.Errorf("%v neighbour centre (%.3f, %.3f), want (%.3f, %.3f)", tt.have, x, y, tt.dx, tt.dy)
		}
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestRender(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.Parse(`
~ ~ ~ ~
 ~ . f ~
~ . ^ ~
 ~ ~ ~ ~`, rs.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	const size = 12
	colours := mapimage.TerrainColors(rs.Terrain)
	capital := hex.FromOffset(hex.Offset{Col: 1, Row: 1})
	img := mapimage.Render(m, colours, []mapimage.Marker{{Hex: capital, Player: 2, Capital: true}}, size)
	w, h, ox, oy := mapimage.Bounds(size, m.Width, m.Height)
	if img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Fatalf("image %v, Bounds says %dx%d", img.Bounds(), w, h)
	}
	l := mapimage.Layout{Size: size, OriginX: ox, OriginY: oy}
	for _, hx := range m.Rect().All() {
		x, y := l.Center(hx)
		if x < 0 || y < 0 || x >= float64(w) || y >= float64(h) {
			t.Fatalf("centre of %v at (%.1f, %.1f) is outside the %dx%d image", hx, x, y, w, h)
		}
		tr, _ := m.At(hx)
		want := colours[tr]
		if hx == capital {
			want = mapimage.PlayerColor(2)
		}
		if have := img.RGBAAt(int(x), int(y)); have != want {
			t.Errorf("pixel at centre of %v = %v, want %v", hx, have, want)
		}
	}
}

func TestPlayerColorsDistinct(t *testing.T) {
	seen := map[[3]uint8]int{}
	for i, c := range mapimage.PlayerColors() {
		k := [3]uint8{c.R, c.G, c.B}
		if j, dup := seen[k]; dup {
			t.Errorf("players %d and %d share colour %v", j, i, c)
		}
		seen[k] = i
	}
	if mapimage.PlayerColor(16) != mapimage.PlayerColor(0) || mapimage.PlayerColor(-1) != mapimage.PlayerColor(15) {
		t.Error("PlayerColor does not wrap around")
	}
}
