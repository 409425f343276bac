package board

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/camera"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// TestScaledLayout: at interface size 2 a hex's parts (its city, tokens,
// badges and labels) are laid out as at 100 %, twice as large (within 2
// px of rounding), and each label's face is made at twice its size at
// 100 %, the smallest labels too (minText): text drawn at its size, not a
// small picture blown up.
func TestScaledLayout(t *testing.T) {
	fs1, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	fs2 := &fonts{faces: fs1.faces, scale: 2}
	markers := []hexMarkers{
		{City: true, Level: 3, Capital: true, Armies: 3, Units: 12, Warlord: 4, Casters: 2, Stance: true, HasCost: true, Cost: 7},
		{Armies: 2, Units: 140, Characters: 3, Seen: 18},
		{City: true, Level: 5, CitySeen: 9, HasCost: true, Cost: 12},
		{Armies: 1, Naval: true, Units: 3, Structures: 2},
	}
	smallest := false
	for _, hexPx := range []float64{20, 30, 40, 64, 120} {
		for k, m := range markers {
			p1 := layoutHex(m, hexPx, fs1)
			p2 := layoutHex(m, hexPx, fs2)
			scaleParts(p2, 2)
			if len(p1) != len(p2) {
				t.Fatalf("markers %d on hexes of %v: %d parts at 100 %%, %d at 200 %%", k, hexPx, len(p1), len(p2))
			}
			for i := range p1 {
				a, b := p1[i], p2[i]
				what := fmt.Sprintf("markers %d on hexes of %v: the %v", k, hexPx, a.kind)
				for _, v := range [][2]float64{{a.box.x0, b.box.x0}, {a.box.y0, b.box.y0}, {a.box.x1, b.box.x1}, {a.box.y1, b.box.y1}, {a.x, b.x}, {a.y, b.y}, {a.size, b.size}} {
					if math.Abs(v[1]-2*v[0]) > 2 {
						t.Errorf("%s at 200 %%: %+v, want twice %+v", what, b, a)
						break
					}
				}
				if a.text == "" || a.kind.picture() {
					continue
				}
				f1, f2 := fs1.face(a.size, true), fs2.face(b.size, true)
				if math.Abs(f2.Size-2*f1.Size) > 1 {
					t.Errorf("%s %q: its face is of %v px at 200 %%, want twice %v", what, a.text, f2.Size, f1.Size)
				}
				smallest = smallest || f1.Size == minText
			}
		}
	}
	if !smallest {
		t.Error("no label of the smallest size was laid out: the test checks none at minText")
	}
}

// TestScaledLevels: at every interface size, at every zoom the player
// may set, the terrain is drawn from a cached image painted at most sqrt(2)
// times larger or smaller than it is shown: sharp up to the closest zoom.
func TestScaledLevels(t *testing.T) {
	for _, s := range []float64{1, 1.25, 1.5, 2} {
		for z := camera.MinZoom; z <= camera.MaxZoom; z *= 1.01 {
			k := lodAt(z*s, s)
			if f := z * s / (lodScale(k) * s); f < 1/math.Sqrt2-1e-9 || f > math.Sqrt2+1e-9 {
				t.Errorf("at %v zoom %.3f draws level %d (%.2f px a world px) scaled by %.3f", s, z, k, lodScale(k)*s, f)
			}
			if have, want := chunkWorldAt(k, s)*lodScale(k)*s, float64(chunkPx); math.Abs(have-want) > 1e-9 {
				t.Errorf("at %v level %d: a chunk of %v world px is %v px, want %v", s, k, chunkWorldAt(k, s), have, want)
			}
		}
	}
}

// TestDrawScaled draws the crowded scene at 100 % and at 200 % on an image
// twice as large, through the same camera (camera.Scaled at 200 %), at
// zooms that show each level of detail, the closest too: the picture at
// 200 %, shrunk to half, is the picture at 100 %, but for the antialiasing
// of edges and text (no mark, label, outline or arrow of another size or
// place, no terrain drawn from a level of another size). A size set again
// draws as it did. With EMPIRES_SCREENSHOTS set it saves the pictures at
// 200 %.
func TestDrawScaled(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, crowded := crowdedScene(t, rs)
	// The scene with a path planned and an order's arrow, guessed at its
	// end, and the cursor's hex hovered.
	o := *crowded
	o.Path = []hex.Hex{sceneCentre.Neighbor(hex.West), sceneCentre.Neighbor(hex.West).Neighbor(hex.SouthWest)}
	o.PathOK, o.PathGuessed = true, []bool{false, true}
	from := sceneCentre.Neighbor(hex.East).Neighbor(hex.East)
	o.Orders = []Arrow{{From: from, Path: []hex.Hex{from.Neighbor(hex.NorthEast), from.Neighbor(hex.NorthEast).Neighbor(hex.NorthEast)}, Guessed: []bool{false, true}}}
	o.Hover, o.HasHover = sceneCentre.Neighbor(hex.SouthEast), true
	b1 := newBoardWith(t, sceneW, sceneH, v)
	b2 := newBoardWith(t, sceneW, sceneH, v)
	const w, h = 480, 300
	draw := func(b *Board, cam *camera.Camera, s float64) *image.RGBA {
		var img *image.RGBA
		onFrame(t, func() {
			b.SetScale(s)
			dst := ebiten.NewImage(int(w*s), int(h*s))
			defer dst.Deallocate()
			b.Draw(dst, cam.Scaled(s), &o)
			img = image.NewRGBA(dst.Bounds())
			dst.ReadPixels(img.Pix)
		})
		return img
	}
	for _, zoom := range []float64{0.3, 1.2, 2.5, camera.MaxZoom} {
		ww, wh := b1.WorldSize()
		cam := camera.New(ww, wh, w, h)
		cam.ZoomAt(zoom/cam.Zoom, 0, 0)
		wx, wy := b1.HexCenter(sceneCentre)
		cam.LookAt(wx, wy, w/2, h/2)
		img1 := draw(b1, cam, 1)
		img2 := draw(b2, cam, 2)
		if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
			if err := savePNG(filepath.Join(dir, fmt.Sprintf("crowded-200pc-zoom%.2f.png", zoom)), img2); err != nil {
				t.Fatal(err)
			}
		}
		mean, far := compareHalf(img1, img2)
		// (The pictures differ by about 1 % of their pixels at each zoom,
		// on the edges of text and thin lines; an outline of the 100 %
		// width at 200 % adds half a point.)
		if mean > 5.5 || far > 0.0125 {
			t.Errorf("zoom %v: the picture at 200 %% shrunk to half differs from the one at 100 %% by %.1f a channel on average, %.2f %% of its pixels by more than 64; want at most 5.5 and 1.25 %%",
				zoom, mean, 100*far)
		}
	}
	// Back to 100 %: the board that drew at 200 % draws as the other.
	ww, wh := b1.WorldSize()
	cam := camera.New(ww, wh, w, h)
	if mean, _ := compareSame(draw(b1, cam, 1), draw(b2, cam, 1)); mean > 0.01 {
		t.Errorf("back at 100 %%, the board that drew at 200 %% differs from one that never did by %.2f a channel", mean)
	}
}

// compareHalf returns how img2, shrunk to half by averaging each square
// of four pixels, differs from img1: the mean difference of a channel, and
// the share of pixels of which a channel differs by more than 64.
func compareHalf(img1, img2 *image.RGBA) (mean, far float64) {
	b := img1.Bounds()
	sum, n, nfar := 0.0, 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img1.RGBAAt(x, y)
			var s [3]float64
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				q := img2.RGBAAt(2*x+d[0], 2*y+d[1])
				s[0], s[1], s[2] = s[0]+float64(q.R), s[1]+float64(q.G), s[2]+float64(q.B)
			}
			worst := 0.0
			for k, v := range [3]float64{float64(c.R), float64(c.G), float64(c.B)} {
				d := math.Abs(v - s[k]/4)
				sum += d
				worst = max(worst, d)
			}
			n += 3
			if worst > 64 {
				nfar++
			}
		}
	}
	return sum / float64(n), float64(nfar) / float64(n/3)
}

// compareSame returns the mean difference of a channel between two
// pictures of the same size, and the share of pixels that differ.
func compareSame(a, b *image.RGBA) (mean, differ float64) {
	sum, n, nd := 0.0, 0, 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		same := true
		for k := range 3 {
			d := math.Abs(float64(a.Pix[i+k]) - float64(b.Pix[i+k]))
			sum += d
			same = same && d == 0
		}
		n += 3
		if !same {
			nd++
		}
	}
	return sum / float64(n), float64(nd) / float64(n/3)
}
