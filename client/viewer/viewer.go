// Package viewer is the client's map viewer: it generates a map the way the
// server does for a new game and lets a person look at it, panning and
// zooming. It is an ebiten.Game; input is read in Update, Draw only draws.
package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/goregular"

	"empires/client/camera"
	"empires/shared/hex"
	"empires/shared/mapgen"
	"empires/shared/mapimage"
	"empires/shared/rules/erfworld"
)

// Config is what the viewer shows and how it runs.
type Config struct {
	Seed          uint64
	Width, Height int
	Players       int
	Rules         *erfworld.Ruleset
	// Screenshot, when set, makes the viewer draw Frames frames, save the
	// last one to this PNG file and quit.
	Screenshot string
	Frames     int
}

// maxTexture bounds the side of the pre-rendered map image in pixels.
const maxTexture = 4096

// Viewer is the map viewer's ebiten.Game.
type Viewer struct {
	cfg    Config
	theme  theme
	face   *text.GoTextFace
	res    *mapgen.Result
	layout mapimage.Layout
	mapImg *ebiten.Image
	cam    *camera.Camera
	err    string // the last generation error, shown on screen

	screenW, screenH int
	dragging         bool
	lastX, lastY     int
	hover            hex.Hex
	hoverOK          bool

	frames   int
	shot     []byte // pixels read in Draw, saved in Update
	shotDone bool
}

// New generates the first map and returns the viewer.
func New(cfg Config) (*Viewer, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("load font: %w", err)
	}
	v := &Viewer{cfg: cfg, theme: defaultTheme(), face: &text.GoTextFace{Source: src, Size: 16}, screenW: 1280, screenH: 800}
	if err := v.generate(); err != nil {
		return nil, err
	}
	return v, nil
}

// generate makes the map for v.cfg.Seed and renders it into v.mapImg.
func (v *Viewer) generate() error {
	res, err := mapgen.Generate(v.cfg.Rules.MapConfig(v.cfg.Seed, v.cfg.Width, v.cfg.Height, v.cfg.Players))
	if err != nil {
		return err
	}
	v.res = res
	size := min(16, maxTexture/(1.7320508*(float64(res.Map.Width)+0.5)+2), maxTexture/(1.5*float64(res.Map.Height)+2))
	_, _, ox, oy := mapimage.Bounds(size, res.Map.Width, res.Map.Height)
	v.layout = mapimage.Layout{Size: size, OriginX: ox, OriginY: oy}
	var markers []mapimage.Marker
	for p, s := range res.Starts {
		markers = append(markers, mapimage.Marker{Hex: s.Capital, Player: p, Capital: true})
		for _, c := range s.Cities {
			markers = append(markers, mapimage.Marker{Hex: c, Player: p})
		}
	}
	table := v.cfg.Rules.Terrain
	img := mapimage.RenderAccents(res.Map, mapimage.TerrainColors(table), mapimage.TerrainAccents(table), markers, size)
	if v.mapImg != nil {
		v.mapImg.Deallocate()
	}
	v.mapImg = ebiten.NewImageFromImage(img)
	b := img.Bounds()
	v.cam = camera.New(float64(b.Dx()), float64(b.Dy()), float64(v.screenW), float64(v.screenH-barHeight))
	return nil
}

// Update reads input once per tick and changes the view.
func (v *Viewer) Update() error {
	if v.shotDone {
		return ebiten.Termination
	}
	if v.shot != nil {
		if err := v.saveShot(); err != nil {
			return err
		}
		v.shotDone = true
		return ebiten.Termination
	}
	v.frames++
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		return ebiten.Termination
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyN) {
		v.cfg.Seed++
		v.err = ""
		if err := v.generate(); err != nil {
			v.err = err.Error()
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF) {
		v.cam.Fit()
	}
	v.pan()
	v.zoom()

	mx, my := ebiten.CursorPosition()
	wx, wy := v.cam.ToWorld(float64(mx), float64(my-barHeight))
	v.hover = v.layout.HexAt(wx, wy)
	_, v.hoverOK = v.res.Map.At(v.hover)
	v.hoverOK = v.hoverOK && my >= barHeight
	return nil
}

func (v *Viewer) pan() {
	mx, my := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		v.dragging, v.lastX, v.lastY = true, mx, my
	}
	if v.dragging {
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			v.dragging = false
		} else {
			v.cam.Pan(float64(mx-v.lastX), float64(my-v.lastY))
			v.lastX, v.lastY = mx, my
		}
	}
	const step = 12
	var dx, dy float64
	if ebiten.IsKeyPressed(ebiten.KeyArrowLeft) || ebiten.IsKeyPressed(ebiten.KeyA) {
		dx += step
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowRight) || ebiten.IsKeyPressed(ebiten.KeyD) {
		dx -= step
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowUp) || ebiten.IsKeyPressed(ebiten.KeyW) {
		dy += step
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowDown) || ebiten.IsKeyPressed(ebiten.KeyS) {
		dy -= step
	}
	if dx != 0 || dy != 0 {
		v.cam.Pan(dx, dy)
	}
}

func (v *Viewer) zoom() {
	_, wheel := ebiten.Wheel()
	mx, my := ebiten.CursorPosition()
	sx, sy := float64(mx), float64(my-barHeight)
	if wheel != 0 {
		f := 1.15
		if wheel < 0 {
			f = 1 / f
		}
		v.cam.ZoomAt(f, sx, sy)
	}
	cx, cy := float64(v.screenW)/2, float64(v.screenH-barHeight)/2
	if inpututil.IsKeyJustPressed(ebiten.KeyEqual) || inpututil.IsKeyJustPressed(ebiten.KeyKPAdd) {
		v.cam.ZoomAt(1.25, cx, cy)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyMinus) || inpututil.IsKeyJustPressed(ebiten.KeyKPSubtract) {
		v.cam.ZoomAt(1/1.25, cx, cy)
	}
}

// barHeight is the height of the information bar at the top of the screen.
const barHeight = 32

// theme is the palette of the screen around the map.
type theme struct {
	background, bar, text, dim, error color.RGBA
}

func defaultTheme() theme {
	return theme{
		background: color.RGBA{12, 18, 28, 255},
		bar:        color.RGBA{24, 32, 46, 255},
		text:       color.RGBA{232, 236, 242, 255},
		dim:        color.RGBA{150, 162, 180, 255},
		error:      color.RGBA{255, 120, 110, 255},
	}
}

// Draw draws the map, the information bar and the hovered hex's details.
func (v *Viewer) Draw(screen *ebiten.Image) {
	screen.Fill(v.theme.background)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-v.cam.X, -v.cam.Y)
	op.GeoM.Scale(v.cam.Zoom, v.cam.Zoom)
	op.GeoM.Translate(0, barHeight)
	screen.DrawImage(v.mapImg, op)

	if v.hoverOK {
		v.drawHover(screen)
	}

	vector.FillRect(screen, 0, 0, float32(v.screenW), barHeight, v.theme.bar, false)
	title := fmt.Sprintf("Empires · map viewer · %s · seed %d · %dx%d · %d players",
		v.cfg.Rules.Name, v.cfg.Seed, v.res.Map.Width, v.res.Map.Height, len(v.res.Starts))
	v.text(screen, title, 12, 7, v.theme.text)
	v.textRight(screen, "drag / arrows: pan   wheel / + -: zoom   F: fit   N: next seed   Esc: quit", 7, v.theme.dim)
	if v.err != "" {
		v.text(screen, v.err, 12, barHeight+8, v.theme.error)
	}

	if v.cfg.Screenshot != "" && v.frames >= v.cfg.Frames && v.shot == nil {
		v.shot = make([]byte, 4*screen.Bounds().Dx()*screen.Bounds().Dy())
		screen.ReadPixels(v.shot)
	}
}

// drawHover outlines the hex under the cursor and describes it at the
// bottom of the screen.
func (v *Viewer) drawHover(screen *ebiten.Image) {
	corners := v.layout.Corners(v.hover)
	var path vector.Path
	for i, c := range corners {
		sx, sy := v.cam.ToScreen(c[0], c[1])
		if i == 0 {
			path.MoveTo(float32(sx), float32(sy+barHeight))
		} else {
			path.LineTo(float32(sx), float32(sy+barHeight))
		}
	}
	path.Close()
	vector.StrokePath(screen, &path, &vector.StrokeOptions{Width: 2}, &vector.DrawPathOptions{AntiAlias: true, ColorScale: colorScale(v.theme.text)})

	t, _ := v.res.Map.At(v.hover)
	o := v.hover.Offset()
	desc := []string{fmt.Sprintf("%s  ·  hex %d,%d", v.cfg.Rules.Terrain[t].Name, o.Col, o.Row)}
	for p, s := range v.res.Starts {
		if s.Capital == v.hover {
			desc = append(desc, fmt.Sprintf("player %d's Capital: %d walkable hexes within %d, territory %d", p+1, s.LandNear, mapgen.NearRadius, s.Territory))
		}
		for _, c := range s.Cities {
			if c == v.hover {
				desc = append(desc, fmt.Sprintf("player %d's city", p+1))
			}
		}
	}
	line := strings.Join(desc, "  ·  ")
	w, _ := text.Measure(line, v.face, 0)
	y := float32(v.screenH - 30)
	vector.FillRect(screen, 8, y-4, float32(w)+16, 28, color.RGBA{0, 0, 0, 190}, false)
	v.text(screen, line, 16, float64(y), v.theme.text)
}

func colorScale(c color.RGBA) ebiten.ColorScale {
	var s ebiten.ColorScale
	s.ScaleWithColor(c)
	return s
}

func (v *Viewer) text(screen *ebiten.Image, s string, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(screen, s, v.face, op)
}

func (v *Viewer) textRight(screen *ebiten.Image, s string, y float64, c color.Color) {
	w, _ := text.Measure(s, v.face, 0)
	v.text(screen, s, float64(v.screenW)-w-12, y, c)
}

// Layout makes the screen as large as the window, so text stays sharp.
func (v *Viewer) Layout(outsideW, outsideH int) (int, int) {
	if outsideW != v.screenW || outsideH != v.screenH {
		v.screenW, v.screenH = outsideW, outsideH
		v.cam.Resize(float64(outsideW), float64(outsideH-barHeight))
	}
	return outsideW, outsideH
}

// saveShot writes the pixels read in Draw to the screenshot file.
func (v *Viewer) saveShot() error {
	img := &image.RGBA{Pix: v.shot, Stride: 4 * v.screenW, Rect: image.Rect(0, 0, v.screenW, v.screenH)}
	if len(v.shot) != 4*v.screenW*v.screenH {
		return errors.New("screenshot: screen size changed while saving")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := os.WriteFile(v.cfg.Screenshot, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}
