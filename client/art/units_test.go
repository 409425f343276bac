package art

import (
	"bufio"
	"bytes"
	cmdflag "flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"empires/assets"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

var sheetFile = cmdflag.String("sheet", "", "write a contact sheet of the units' pictures to this PNG file")

// onPlate returns icon i painted at size pixels over its plate, as a
// token shows it: an opaque image of the sprite's whole square.
func onPlate(i Icon, size int) *image.RGBA {
	sprite := PaintSprite(SpriteUnit, uint8(i), size)
	img := image.NewRGBA(sprite.Rect)
	draw.Draw(img, img.Rect, image.NewUniform(PlateColor), image.Point{}, draw.Src)
	draw.Draw(img, img.Rect, sprite, sprite.Rect.Min, draw.Over)
	return img
}

// changed returns the share of pixels whose colour differs by more than a
// quarter of the range in some channel: pixels one sees differ at a
// glance, not a shift of shading.
func changed(a, b *image.RGBA) float64 {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			if math.Abs(float64(a.Pix[i+c])-float64(b.Pix[i+c])) > 64 {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a.Pix)/4)
}

// shiftImage returns img moved by (dx, dy) pixels over a background of
// colour bg.
func shiftImage(img *image.RGBA, dx, dy int, bg color.RGBA) *image.RGBA {
	out := image.NewRGBA(img.Rect)
	draw.Draw(out, out.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	draw.Draw(out, out.Rect.Add(image.Pt(dx, dy)), img, img.Rect.Min, draw.Over)
	return out
}

// aligned returns the least of measure(a, b) over b moved by up to a pixel
// each way over background bg: how much two pictures differ at their best
// overlap, so that a picture drawn a pixel off does not count as another.
func aligned(a, b *image.RGBA, bg color.RGBA, measure func(a, b *image.RGBA) float64) float64 {
	least := math.Inf(1)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			least = math.Min(least, measure(a, shiftImage(b, dx, dy, bg)))
		}
	}
	return least
}

// TestUnitPicturesDiffer paints every picture, the plain mark among them,
// on its plate at 24 and 20 pixels (a token's picture and a small one) and
// checks that every two differ clearly, even laid over each other at
// their best overlap (within a pixel each way):
//   - at least 20% of the box's pixels differ by more than a quarter of a
//     channel's range: a picture covers about half its box, so that is
//     two fifths of the picture changed, a body or a colour, not a detail;
//   - their silhouettes (opacity alone, colour left out) differ in at least
//     5% of the box: about 30 pixels at 24, a flame against a staff and a
//     halo, so that shape and not only colour tells them apart.
func TestUnitPicturesDiffer(t *testing.T) {
	for _, size := range []int{20, 24} {
		plates := make([]*image.RGBA, NumIcons)
		sprites := make([]*image.RGBA, NumIcons)
		for i := range NumIcons {
			plates[i] = onPlate(i, size)
			sprites[i] = PaintSprite(SpriteUnit, uint8(i), size)
		}
		for i := range NumIcons {
			for j := i + 1; j < NumIcons; j++ {
				if d := aligned(plates[i], plates[j], PlateColor, changed); d < 0.2 {
					t.Errorf("at %d px, %v and %v differ in %.1f%% of the box, want at least 20%%", size, i, j, 100*d)
				}
				if d := aligned(sprites[i], sprites[j], color.RGBA{}, difference); d < 0.05 {
					t.Errorf("at %d px, the silhouettes of %v and %v differ in %.1f%% of the box, want at least 5%%", size, i, j, 100*d)
				}
			}
		}
	}
}

// TestUnitPicturesSmall checks that a picture at 20 pixels is readable:
// it covers a good part of its box (not a speck, not a blot), and its ink
// leans to the middle: the middle square of four fifths the side is 64%
// of the box, and at least 70% of the ink must be there, so the corners,
// which a round plate or a token's count may cover, hold little of it.
func TestUnitPicturesSmall(t *testing.T) {
	const size = 20
	for i := range NumIcons {
		img := PaintSprite(SpriteUnit, uint8(i), size)
		if a := coverage(img) * float64(len(img.Pix)/4) / (size * size); a < 0.25 || a > 0.8 {
			t.Errorf("%v at %d px covers %.0f%% of its box, want 25%% to 80%%", i, size, 100*a)
		}
		inner, all := 0.0, 0.0
		b := img.Rect.Inset(SpritePad + size/10)
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				a := float64(img.RGBAAt(x, y).A)
				all += a
				if (image.Point{x, y}).In(b) {
					inner += a
				}
			}
		}
		if share := inner / all; share < 0.7 {
			t.Errorf("%v at %d px has %.0f%% of its ink in the middle of its box, want at least 70%%", i, size, 100*share)
		}
	}
}

// TestUnitPicturesMargin checks that every picture keeps the sprite's
// margin clear at every size it is painted at (TestSpritesPainted checks
// two), so that nothing is cut when drawn: the dark edges grow with the
// size but the margin does not.
func TestUnitPicturesMargin(t *testing.T) {
	for _, size := range spriteSizes {
		for i := range NumIcons {
			if n := edgeOpacity(PaintSprite(SpriteUnit, uint8(i), size)); n > 0 {
				t.Errorf("%v at %d px: %d opaque pixels on its edge", i, size, n)
			}
		}
	}
}

// TestUnitsDataIcons checks that every picture the default units.dat
// names (the last word of each unit's line) is one this client draws, and
// that every picture is used.
func TestUnitsDataIcons(t *testing.T) {
	data, err := fs.ReadFile(assets.Rules(), "units.dat")
	if err != nil {
		t.Fatalf("reading units.dat: %v", err)
	}
	n := 0
	used := make([]bool, NumIcons)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n++
		name := fields[len(fields)-1]
		i, ok := IconOf(name)
		if !ok {
			t.Errorf("units.dat line %d: %s's picture %q is not a known Icon", line, fields[0], name)
		}
		used[i] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading units.dat: %v", err)
	}
	if n == 0 {
		t.Error("units.dat has no units")
	}
	// The default units use every picture: a picture none uses is a name
	// misspelt on one side.
	for i := IconNone + 1; i < NumIcons; i++ {
		if !used[i] {
			t.Errorf("no unit of units.dat uses the picture %q", i)
		}
	}
}

// BenchmarkPaintUnits paints the nineteen pictures once at a sprite size
// (22 for a 20-pixel picture, 45 for a token's, 128 for a panel's), as the
// client does the first time it shows them at that size.
func BenchmarkPaintUnits(b *testing.B) {
	for _, size := range []int{22, 45, 128} {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			for b.Loop() {
				for i := IconNone + 1; i < NumIcons; i++ {
					PaintSprite(SpriteUnit, uint8(i), size)
				}
			}
		})
	}
}

// TestUnitSheet paints the contact sheet of the units' pictures (each at
// 64 and 24 pixels on its plate, its name under it) and checks that the
// docs show it as it is now: docs/units.png holds the same pixels. With
// the -sheet flag it writes the sheet to that file instead (the docs'
// copy is made so).
func TestUnitSheet(t *testing.T) {
	const cols, cellW, cellH, pad = 5, 132, 112, 10
	rows := (int(NumIcons) + cols - 1) / cols
	sheet := image.NewRGBA(image.Rect(0, 0, cols*cellW+pad, rows*cellH+pad))
	draw.Draw(sheet, sheet.Rect, image.NewUniform(color.RGBA{58, 64, 72, 255}), image.Point{}, draw.Src)
	face := basicfont.Face7x13
	for k := range int(NumIcons) {
		// The plain mark last, after the named pictures.
		i := Icon(k + 1)
		if k == int(NumIcons)-1 {
			i = IconNone
		}
		x0, y0 := pad+(k%cols)*cellW, pad+(k/cols)*cellH
		for _, p := range []struct{ size, x, y int }{{64, x0, y0}, {24, x0 + 76, y0 + 40}} {
			img := onPlate(i, p.size)
			r := img.Rect.Add(image.Pt(p.x, p.y).Sub(img.Rect.Min))
			draw.Draw(sheet, r, img, img.Rect.Min, draw.Src)
		}
		dr := font.Drawer{Dst: sheet, Src: image.NewUniform(color.RGBA{236, 236, 236, 255}), Face: face,
			Dot: fixed.P(x0+2, y0+64+2*SpritePad+16)}
		name := i.String()
		if i == IconNone {
			name = "other names"
		}
		dr.DrawString(name)
	}
	if *sheetFile == "" {
		const docs = "../../docs/units.png"
		f, err := os.Open(docs)
		if err != nil {
			t.Fatalf("the docs' contact sheet: %v", err)
		}
		defer f.Close()
		old, err := png.Decode(f)
		if err != nil {
			t.Fatalf("the docs' contact sheet: %v", err)
		}
		if !samePixels(old, sheet) {
			t.Errorf("%s is not the pictures as they are painted now: make it again with\n"+
				"  go test ./client/art -run TestUnitSheet -sheet \"$PWD/docs/units.png\"", docs)
		}
		return
	}
	f, err := os.Create(*sheetFile)
	if err != nil {
		t.Fatalf("writing the sheet: %v", err)
	}
	if err := png.Encode(f, sheet); err != nil {
		f.Close()
		t.Fatalf("writing the sheet %s: %v", *sheetFile, err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("writing the sheet %s: %v", *sheetFile, err)
	}
}

// samePixels reports whether images a and b are the same size with the
// same colour at every pixel.
func samePixels(a, b image.Image) bool {
	if a.Bounds().Size() != b.Bounds().Size() {
		return false
	}
	ra, rb := a.Bounds(), b.Bounds()
	for y := range ra.Dy() {
		for x := range ra.Dx() {
			r1, g1, b1, a1 := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
