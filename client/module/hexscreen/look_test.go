package hexscreen_test

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	"empires/client/module/erfpires"
	"empires/client/module/erfworld"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// The tests that draw run beside a game loop, under Xvfb (make
// test-client); without a display they are skipped. EMPIRES_SCREENSHOTS=DIR
// saves their pictures in DIR, to look at.
func TestMain(m *testing.M) { drawtest.Main(m, "hex screen tests") }

// lookHost frames a game's screen in a window of size at interface size
// theme.Scale(), as the shell lays it out: a top bar of 40 px at 100 %, the
// side panel of 300 at the right, the minimap in the map's lower right
// corner.
type lookHost struct {
	theme *menu.Theme
	size  image.Point
}

func (h *lookHost) Theme() *menu.Theme             { return h.theme }
func (h *lookHost) Prefs() prefs.Prefs             { return prefs.Default() }
func (h *lookHost) Notify(string)                  {}
func (h *lookHost) Changed(bool)                   {}
func (h *lookHost) OpenWindow(c *widget.Container) {}
func (h *lookHost) CloseWindow()                   {}
func (h *lookHost) Act([]byte) bool                { return false }
func (h *lookHost) PanelWidth() int                { return h.theme.Px(300) - 2*h.theme.Px(12) }
func (h *lookHost) MapRect() image.Rectangle {
	return image.Rect(0, h.theme.Px(40), h.size.X-h.theme.Px(300), h.size.Y)
}
func (h *lookHost) MapInSight() image.Rectangle { return h.MapRect() }
func (h *lookHost) panel() image.Rectangle {
	return image.Rect(h.size.X-h.theme.Px(300), h.theme.Px(40), h.size.X, h.size.Y)
}
func (h *lookHost) minimap() image.Rectangle {
	m := h.MapRect()
	return image.Rect(m.Max.X-h.theme.Px(210), m.Max.Y-h.theme.Px(150), m.Max.X-h.theme.Px(10), m.Max.Y-h.theme.Px(10))
}

// input returns a frame's input with the pointer at window point at.
func (h *lookHost) input(at image.Point) module.Input {
	return module.Input{Frame: kit.Frame{Cursor: at, Focused: true}, Map: h.MapRect(), Size: h.size,
		Pointer: at.In(h.MapRect()) && !at.In(h.minimap()), Keys: true, Orders: true, Panel: h.panel(), Minimap: h.minimap()}
}

// TestLookScaled draws the first turn of an erfworld and an erfpires game
// at 100 % on 1024x768, and at 200 % and 150 % on 1920x1080, the player's
// army selected (its reach, its choices on the side panel) and the pointer
// resting two hexes south-east of it (the path, its tooltips): each of the
// player's armies shows its colour where the probe says it is, at every
// size. With EMPIRES_SCREENSHOTS set it saves each picture, to look at.
func TestLookScaled(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []module.Module{erfworld.Module{}, erfpires.Module{}} {
		rs, ok := reg.Get(mod.ID())
		if !ok {
			t.Fatalf("no %s in the build's registry", mod.ID())
		}
		for _, look := range []struct {
			scale float64
			size  image.Point
		}{{1, image.Pt(1024, 768)}, {2, image.Pt(1920, 1080)}, {1.5, image.Pt(1920, 1080)}} {
			name := fmt.Sprintf("%s-%.0fpc-%dx%d", mod.ID(), 100*look.scale, look.size.X, look.size.Y)
			th, err := menu.NewThemeAt(look.scale)
			if err != nil {
				t.Fatal(err)
			}
			h := &lookHost{theme: th, size: look.size}
			img := lookAt(t, rs, mod, h, name)
			if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
				if err := savePNG(filepath.Join(dir, "look-"+name+".png"), img); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// lookAt opens a new game of rs on mod's screen framed by h, selects the
// player's first army, rests the pointer two hexes south-east of it, draws the
// window and checks the armies' colours.
func lookAt(t *testing.T, rs ruleset.Ruleset, mod module.Module, h *lookHost, name string) *image.RGBA {
	t.Helper()
	g, err := rs.New(ruleset.Config{Seed: 7, Seats: 2, Names: []string{"Ann", "Bob"},
		Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 18}})
	if err != nil {
		t.Fatal(err)
	}
	// An army of Ann's beside her Capital: the games begin with none
	// (a Warlord in the Capital takes its units out).
	s := g.(*hexgame.Game).State()
	for _, c := range s.Cities {
		if c.Owner == 1 && c.Capital {
			s.AddArmy(game.Army{Owner: 1, Hex: c.Hex.Neighbor(hex.East), Units: game.Units{4}})
		}
	}
	game.RecordVision(s, rs.(*hexgame.Ruleset).Rules())
	scr, err := mod.OpenScreen(rs, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := scr.SetView(g.View(1, false)); err != nil {
		t.Fatal(err)
	}
	scr.Update(h.input(image.Pt(1, 1)))
	p := scr.Probe()
	var army module.Mark
	for _, m := range p.Mine {
		if m.Kind == "army" && m.OnMap {
			army = m
			break
		}
	}
	if army.Kind == "" {
		t.Fatalf("%s: no army of the player's on the map: %+v", name, p.Mine)
	}
	at := image.Pt(int(army.X), int(army.Y))
	in := h.input(at)
	in.Pressed, in.Held = in.Pressed.With(ebiten.MouseButtonLeft), in.Held.With(ebiten.MouseButtonLeft)
	scr.Update(in)
	in = h.input(at)
	in.Released = in.Released.With(ebiten.MouseButtonLeft)
	scr.Update(in)
	if sel := scr.Probe().Selected; sel != army.Cell {
		t.Fatalf("%s: a click on the army at %v selected %q, want %s", name, at, sel, army.Cell)
	}
	// The pointer rests (the hex's tooltip shows), the tooltips clear of
	// the army and the minimap.
	rest := at.Add(image.Pt(int(1.5*p.CellSize), int(1.2*p.CellSize)))
	for range 40 {
		scr.Update(h.input(rest))
	}

	pal := h.theme.Palette()
	var img *image.RGBA
	drawtest.OnFrame(t, func() {
		dst := ebiten.NewImage(h.size.X, h.size.Y)
		defer dst.Deallocate()
		dst.Fill(pal.Background)
		scr.Draw(dst.SubImage(h.MapRect()).(*ebiten.Image))
		col := widget.NewContainer(
			widget.ContainerOpts.BackgroundImage(h.theme.PanelImage()),
			widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical),
				widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(h.theme.Px(12))), widget.RowLayoutOpts.Spacing(h.theme.Px(6)))))
		side, orders := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Spacing(h.theme.Px(6))))), widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(h.theme.Px(6)))))
		scr.Side(side, h.input(rest))
		scr.Orders(orders)
		col.AddChild(side, orders)
		col.SetLocation(h.panel())
		col.Render(dst)
		scr.DrawOver(dst)
		img = image.NewRGBA(dst.Bounds())
		dst.ReadPixels(img.Pix)
	})

	// Each of the player's armies in its colour, on its token above the
	// hex's middle, where the probe says the hex is.
	hexPx := p.CellSize / math.Sqrt(3)
	own := art.PaletteOf(false).Color(1)
	for _, m := range scr.Probe().Mine {
		if m.Kind != "army" || !m.OnMap || m.Carried {
			continue
		}
		x, y := m.X, m.Y-0.2*hexPx
		r := 0.25 * hexPx
		box := image.Rect(int(x-r), int(y-r), int(x+r), int(y+r))
		if !box.In(h.MapRect()) {
			continue
		}
		if !found(img, box, own, 20) { // the shield is shaded from top to bottom
			t.Errorf("%s: the army on %s shows no %v in %v (a hex's radius %.1f)", name, m.Cell, own, box, hexPx)
		}
	}
	return img
}

// found reports whether a pixel of img in r is within tol of c in every
// channel.
func found(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) bool {
	near := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				return true
			}
		}
	}
	return false
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
