package empire

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/assets"
	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

func TestMain(m *testing.M) { drawtest.Main(m, "empire tests") }

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchCPU runs op b.N times, after two runs to warm up, and reports the
// CPU time it took, by op, as cpu-ms/op.
func benchCPU(b *testing.B, op func()) {
	for range 2 {
		op()
	}
	b.ResetTimer()
	since := cpuTime()
	for range b.N {
		op()
	}
	b.ReportMetric(float64(cpuTime()-since)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// bigModel returns a model of a w x h map of shape whose terrains change
// every few squares (coasts everywhere), the left quarter remembered and
// the bottom rows never seen.
func bigModel(tb testing.TB, shape grid.Shape, w, h int) *Model {
	tb.Helper()
	r, err := rules.Load(assets.Rules())
	if err != nil {
		tb.Fatal(err)
	}
	g := grid.New(shape, w, h)
	v := &rules.View{Seat: 1, Turn: 5, Shape: shape, Width: w, Height: h,
		Players: []rules.PlayerView{{Name: "Ann", Alive: true}, {Name: "Bob", Alive: true}}}
	for i := range g.Len() {
		p := g.At(i)
		t := uint8((p.X/3 + p.Y/4 + p.X*p.Y%5) % int(dat.NumTerrains))
		switch {
		case p.Y >= h-h/8:
			v.Terrain, v.Seen = append(v.Terrain, rules.Unknown), append(v.Seen, 0)
		case p.X < w/4:
			v.Terrain, v.Seen = append(v.Terrain, t), append(v.Seen, 2)
		default:
			v.Terrain, v.Seen = append(v.Terrain, t), append(v.Seen, 5)
		}
	}
	m := NewModel(r.Dat())
	m.SetView(v)
	return m
}

// BenchmarkPaintGround times what the map does to its ground when the
// view changes, on a 128x128 map: the lists of each square's ground and
// of the coasts, and the minimap's picture.
func BenchmarkPaintGround(b *testing.B) {
	m := bigModel(b, grid.Square, 128, 128)
	p, err := newPainter(m.Data(), NewLayout(grid.Square, 128, 128))
	if err != nil {
		b.Fatal(err)
	}
	drawtest.OnFrame(b, func() {
		// Reading a pixel of a small image drawn from the ground's
		// corner waits for the ground's drawing, not for reading it all
		// back.
		probe := ebiten.NewImage(1, 1)
		defer probe.Deallocate()
		paint := func() {
			p.groundV, p.preparedV = nil, nil
			p.paintGround(m)
			probe.DrawImage(p.ground.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
			_ = probe.At(0, 0)
		}
		benchCPU(b, paint)
	})
}

// pngDir, when set, is where the drawing tests save what they draw, to
// look at.
var pngDir = flag.String("png", "", "save the maps the drawing tests draw as PNGs in this directory")

// drawScene is a view drawn by hand for the drawing tests, on a 12x8 map
// (of squares or hexes) of plains with a column of forest, one of mountains and the sea at the
// right, all in sight on turn 5:
//   - Ann's city at 2,2 with a garrison of Cavalry, Cavalry, Infantry;
//   - Ann's army of Infantry and Cavalry at 4,2 (one of each: the
//     strongest, Cavalry, shows);
//   - Bob's town at 6,2 with a garrison of 2 units sighted;
//   - a neutral town at 2,5 and a neutral city at 4,5;
//   - a sighting of Bob's army of 4 units at 6,5, and one of turn 3 of 2
//     units at 8,5.
func drawScene(tb testing.TB, r *rules.Rules, shape grid.Shape) *rules.View {
	tb.Helper()
	const w, h = 12, 8
	g := grid.New(shape, w, h)
	v := &rules.View{Seat: 1, Turn: 5, Shape: shape, Width: w, Height: h,
		Players: []rules.PlayerView{{Name: "Ann", Alive: true}, {Name: "Bob", Alive: true}}}
	for i := range g.Len() {
		p := g.At(i)
		t := dat.Plains
		switch {
		case p.X >= 10:
			t = dat.Sea
		case p.X == 9:
			t = dat.Mountain
		case p.X == 0:
			t = dat.Forest
		}
		v.Terrain, v.Seen = append(v.Terrain, uint8(t)), append(v.Seen, 5)
	}
	kind := func(name string) dat.Kind {
		k, ok := r.Dat().Kind(name)
		if !ok {
			tb.Fatalf("no unit %s", name)
		}
		return k
	}
	n := rules.UnitID(100)
	units := func(names ...string) []rules.Unit {
		var out []rules.Unit
		for _, name := range names {
			n++
			out = append(out, rules.Unit{ID: n, Kind: kind(name), HP: 1})
		}
		return out
	}
	v.Settlements = []rules.SettlementView{
		{ID: 1, Pos: at(2, 2), City: true, Owner: 1, Produce: 1, Turn: 5},
		{ID: 2, Pos: at(6, 2), Owner: 2, Turn: 5},
		{ID: 3, Pos: at(2, 5), Turn: 5},
		{ID: 4, Pos: at(4, 5), City: true, Turn: 5},
	}
	v.Forces = []rules.Force{
		{ID: 10, Owner: 1, Pos: at(2, 2), Garrison: true, Units: units("Cavalry", "Cavalry", "Infantry")},
		{ID: 11, Owner: 1, Pos: at(4, 2), Units: units("Infantry", "Cavalry")},
	}
	v.Sightings = []rules.Sighting{
		{Force: 20, Owner: 2, Pos: at(6, 2), Garrison: true, Units: 2, HP: 2, MaxHP: 2, Turn: 5},
		{Force: 21, Owner: 2, Pos: at(6, 5), Units: 4, HP: 4, MaxHP: 4, Turn: 5},
		{Force: 22, Owner: 2, Pos: at(8, 5), Units: 2, HP: 2, MaxHP: 2, Turn: 3},
	}
	return v
}

// drawn is a screen drawn into a window's picture, read back.
type drawn struct {
	s   *Screen
	img *image.RGBA
}

// drawScreen shows view v of a game with rules r on a screen (at zoom,
// square look in the map's middle), draws it into a window of w x h pixels as
// the shell does (the map in the host's MapRect), and reads the picture
// back. With -png it saves it as name.png.
func drawScreen(t *testing.T, r *rules.Rules, v *rules.View, zoom float64, look grid.Pos, name string) drawn {
	t.Helper()
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	s := NewScreen(r, &fakeHost{theme: th})
	if err := s.SetView(v); err != nil {
		t.Fatal(err)
	}
	s.cam.Zoom = zoom
	s.centerOn(look)
	var out drawn
	out.s = s
	drawtest.OnFrame(t, func() {
		win := ebiten.NewImage(960, 800)
		defer win.Deallocate()
		s.Draw(win.SubImage(s.host.MapRect()).(*ebiten.Image))
		out.img = image.NewRGBA(win.Bounds())
		win.ReadPixels(out.img.Pix)
	})
	if *pngDir != "" {
		f, err := os.Create(filepath.Join(*pngDir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, out.img); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// near reports whether a and b differ by at most d in each channel.
func near(a, b color.RGBA, d int) bool {
	diff := func(x, y uint8) bool { return int(x)-int(y) <= d && int(y)-int(x) <= d }
	return diff(a.R, b.R) && diff(a.G, b.G) && diff(a.B, b.B)
}

// share returns the share of the pixels of r in img for which ok holds.
func share(img *image.RGBA, r image.Rectangle, ok func(color.RGBA) bool) float64 {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return 0
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if ok(img.RGBAAt(x, y)) {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}

// box returns the rectangle of side side centred on (x, y).
func box(x, y, side float64) image.Rectangle {
	return image.Rect(int(x-side/2), int(y-side/2), int(x+side/2), int(y+side/2))
}

// loadRules returns the empire rules of the built-in data.
func loadRules(tb testing.TB) *rules.Rules {
	tb.Helper()
	r, err := rules.Load(assets.Rules())
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// thingAt returns what the map draws on p and where, as the screen lays
// it out now.
func (d *drawn) thingAt(t *testing.T, p grid.Pos) (*Thing, spots, float64) {
	t.Helper()
	c := 2 * d.s.lay.Inner() * d.s.cam.Zoom
	for _, th := range d.s.m.Things() {
		if th.Pos == p {
			x, y := d.s.ScreenOf(p)
			return &th, layoutThing(&th, x, y, c), c
		}
	}
	t.Fatalf("nothing drawn on %v", p)
	return nil, spots{}, 0
}

// "town and city look different, with the owner's colour and a pattern
// beside it (colour-blind players), neutral ones clearly neutral": a
// town's picture is not a city's; a banner flies in its owner's colour
// with its owner's mark on it, a neutral one grey and bare.
func TestDrawSettlements(t *testing.T) {
	r := loadRules(t)
	d := drawScreen(t, r, drawScene(t, r, grid.Square), 2, at(5, 4), "settlements")
	_, town, _ := d.thingAt(t, at(2, 5))
	_, city, _ := d.thingAt(t, at(4, 5))
	// The pictures: the share of their pixels that differ clearly.
	tb, cb := box(town.settlement.x, town.settlement.y, town.settlement.size), box(city.settlement.x, city.settlement.y, city.settlement.size)
	differ := 0
	for y := 0; y < tb.Dy(); y++ {
		for x := 0; x < tb.Dx(); x++ {
			if !near(d.img.RGBAAt(tb.Min.X+x, tb.Min.Y+y), d.img.RGBAAt(cb.Min.X+x, cb.Min.Y+y), 40) {
				differ++
			}
		}
	}
	if f := float64(differ) / float64(tb.Dx()*tb.Dy()); f < 0.25 {
		t.Errorf("a town and a city look alike: %.0f%% of their pictures' pixels differ", f*100)
	}
	tests := []struct {
		name  string
		have  grid.Pos
		owner rules.Seat
	}{
		{"Ann's city", at(2, 2), 1},
		{"Bob's town", at(6, 2), 2},
		{"a neutral town", at(2, 5), 0},
		{"a neutral city", at(4, 5), 0},
	}
	for _, tc := range tests {
		_, sp, _ := d.thingAt(t, tc.have)
		b := sp.banner
		if !b.on {
			t.Errorf("%s: no banner", tc.name)
			continue
		}
		col := playerColor(tc.owner)
		// The cloth left of the mark.
		cloth := image.Rect(int(b.x-b.size*0.31), int(b.y-b.size*0.36), int(b.x-b.size*0.19), int(b.y))
		if f := share(d.img, cloth, func(c color.RGBA) bool { return near(c, col, 45) }); f < 0.5 {
			t.Errorf("%s: %.0f%% of the banner's cloth in its owner's colour %v", tc.name, f*100, col)
		}
		// The mark's middle (a circle for Ann, a square for Bob).
		mark := box(b.x+b.size*0.04, b.y-b.size*0.19, b.size*0.1)
		inked := share(d.img, mark, func(c color.RGBA) bool { return near(c, art.InkOn(col), 30) })
		switch {
		case tc.owner != 0 && inked < 0.5:
			t.Errorf("%s: the owner's mark covers %.0f%% of the banner's middle", tc.name, inked*100)
		case tc.owner == 0 && inked > 0:
			t.Errorf("%s: a neutral banner carries a mark (%.0f%% of its middle)", tc.name, inked*100)
		}
	}
}

// "An army's token shows its strongest or most numerous kind beside its
// count": the shield in its owner's colour with its owner's mark, and
// beside it the picture, at the probe's Pic, of the army's main kind; the
// garrison's plate shows its owner's colour and mark, and its picture too.
// Sightings carry no kinds: no picture.
func TestDrawTokens(t *testing.T) {
	r := loadRules(t)
	d := drawScreen(t, r, drawScene(t, r, grid.Square), 2, at(5, 4), "tokens")
	th, sp, c := d.thingAt(t, at(4, 2))
	shieldX, _ := d.s.paint.rowPlate(sp.army, c, th.ArmyUnits, true)
	h := sp.army.size
	col := playerColor(1)
	if f := share(d.img, box(shieldX-h*0.22, sp.army.y-h*0.25, h*0.1), func(c color.RGBA) bool { return near(c, col, 40) }); f < 0.5 {
		t.Errorf("the army's shield: %.0f%% in its owner's colour %v", f*100, col)
	}
	if f := share(d.img, box(shieldX, sp.army.y-h*0.07, h*0.08), func(c color.RGBA) bool { return near(c, art.InkOn(col), 30) }); f < 0.5 {
		t.Errorf("the army's shield: its mark covers %.0f%% of its middle", f*100)
	}
	_, sp, c = d.thingAt(t, at(6, 2))
	g := d.s.paint.centredPlate(sp.garrison.x, sp.garrison.y, c, 2, false, true)
	bob := playerColor(2)
	if f := share(d.img, g.lead, func(c color.RGBA) bool { return near(c, bob, 30) }); f < 0.2 {
		t.Errorf("Bob's garrison sighted: %.0f%% of its plate's lead in his colour %v", f*100, bob)
	}
	if f := share(d.img, g.lead, func(c color.RGBA) bool { return near(c, art.InkOn(bob), 30) }); f < 0.2 {
		t.Errorf("Bob's garrison sighted: his mark covers %.0f%% of its plate's lead", f*100)
	}

	cav, _ := r.Dat().Kind("Cavalry")
	want := Icons(r.Dat())[cav].String()
	pr := d.s.Probe()
	pics := 0
	for _, mk := range pr.Mine {
		if mk.Kind != "army" && mk.Kind != "garrison" {
			continue
		}
		if mk.Icon != want {
			t.Errorf("%s %d shows %q, want %q (its main kind, Cavalry)", mk.Kind, mk.ID, mk.Icon, want)
		}
		checkPic(t, d.img, mk)
		pics++
	}
	if pics != 2 {
		t.Errorf("%d forces with a picture, want the army and the garrison", pics)
	}
	for _, mk := range pr.Others {
		if mk.Icon != "" || mk.Pic != [4]int{} {
			t.Errorf("a sighting shows a picture: %+v", mk)
		}
	}
}

// checkPic checks that the window picture img shows, at mark mk's Pic,
// the picture mk.Icon names as the drawing kit paints it at that size, on
// its plate: as a window test matches it.
func checkPic(t *testing.T, img *image.RGBA, mk module.Mark) {
	t.Helper()
	r := image.Rect(mk.Pic[0], mk.Pic[1], mk.Pic[2], mk.Pic[3])
	if r.Empty() || r.Dx() != r.Dy() {
		t.Errorf("%s %d: its picture's box %v is not a square", mk.Kind, mk.ID, r)
		return
	}
	icon := art.IconNone
	if mk.Icon != "none" {
		var ok bool
		if icon, ok = art.IconOf(mk.Icon); !ok {
			t.Errorf("%s %d: no picture %q", mk.Kind, mk.ID, mk.Icon)
			return
		}
	}
	sp := art.PaintSprite(art.SpriteUnit, uint8(icon), r.Dx())
	bad := 0
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			// The sprite over the plate (premultiplied alpha).
			s := sp.RGBAAt(x+art.SpritePad, y+art.SpritePad)
			a := 255 - int(s.A)
			want := color.RGBA{uint8(int(s.R) + int(art.PlateColor.R)*a/255), uint8(int(s.G) + int(art.PlateColor.G)*a/255),
				uint8(int(s.B) + int(art.PlateColor.B)*a/255), 255}
			if !near(img.RGBAAt(r.Min.X+x, r.Min.Y+y), want, 12) {
				bad++
			}
		}
	}
	if bad > r.Dx()*r.Dy()/50 {
		t.Errorf("%s %d: %d of the %d pixels at %v are not picture %q's", mk.Kind, mk.ID, bad, r.Dx()*r.Dy(), r, mk.Icon)
	}
}

// At every zoom the map shows whose each thing is, by colour and by
// mark (no token is smaller than farMarkPx): zoomed out, a city is a square
// and an army a disc in its owner's colour with its owner's mark; zoomed
// in, the tokens.
func TestDrawZooms(t *testing.T) {
	r := loadRules(t)
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		v := drawScene(t, r, shape)
		for _, zoom := range []float64{0.25, 0.6, 0.75, 1, 1.5, 4} {
			checkZoom(t, drawScreen(t, r, v, zoom, at(3, 3), fmt.Sprintf("%v-zoom%.2f", shape, zoom)), zoom)
		}
	}
}

// checkZoom checks, on screen d drawn at zoom, that Ann's city at 2,2
// shows her colour and mark: on its banner near, on its square far.
func checkZoom(t *testing.T, d drawn, zoom float64) {
	t.Helper()
	name := fmt.Sprintf("%v at zoom %v", d.s.lay.Shape, zoom)
	_, sp, _ := d.thingAt(t, at(2, 2))
	col := playerColor(1)
	ink := func(c color.RGBA) bool { return near(c, art.InkOn(col), 40) }
	if !sp.far {
		b := sp.banner
		cloth := image.Rect(int(b.x-b.size*0.31), int(b.y-b.size*0.36), int(b.x-b.size*0.19), int(b.y))
		if f := share(d.img, cloth, func(c color.RGBA) bool { return near(c, col, 45) }); !b.on || f < 0.5 {
			t.Errorf("%s: %.0f%% of the city's banner's cloth in Ann's colour", name, f*100)
		}
		if f := share(d.img, box(b.x+b.size*0.04, b.y-b.size*0.19, math.Max(2, b.size*0.1)), ink); f < 0.5 {
			t.Errorf("%s: Ann's mark covers %.0f%% of her banner's middle", name, f*100)
		}
		return
	}
	s := sp.settlement
	if f := share(d.img, box(s.x, s.y, s.size*0.8), func(c color.RGBA) bool { return near(c, col, 30) }); f < 0.3 {
		t.Errorf("%s: %.0f%% of Ann's city's square in her colour", name, f*100)
	}
	inked := share(d.img, box(s.x, s.y, s.size*0.2), ink)
	switch {
	case s.size >= farMarkPx && inked < 0.3:
		t.Errorf("%s: Ann's city's square (%.1f px) shows no mark", name, s.size)
	case s.size < farMarkPx:
		t.Errorf("%s: Ann's city's square of %.1f px, too small for a mark", name, s.size)
	}
	// Her army at 4,2 too: a disc with her mark at every far zoom.
	_, asp, _ := d.thingAt(t, at(4, 2))
	if a := asp.army; !a.on || a.size < farMarkPx || share(d.img, box(a.x, a.y, a.size*0.2), ink) < 0.3 {
		t.Errorf("%s: Ann's army's disc (%.1f px) shows no mark", name, a.size)
	}
}

// "An army's token shows its strongest or most numerous kind": the most
// numerous, ties broken by the strongest (AV+DV), then by units.dat's
// order.
func TestMainKind(t *testing.T) {
	r := loadRules(t)
	d := r.Dat()
	tests := []struct {
		name string
		have []string
		want string // "" for none
	}{
		{"no units", nil, ""},
		{"one unit", []string{"Archer"}, "Archer"},
		{"the most numerous", []string{"Golem", "Infantry", "Infantry"}, "Infantry"},
		{"a tie: the strongest (Cavalry 5+3 over Infantry 2+2)", []string{"Infantry", "Cavalry"}, "Cavalry"},
		{"a tie of strength: the first in units.dat (Infantry 2+2, Archer 2+2)", []string{"Archer", "Infantry"}, "Infantry"},
		{"the strongest of the most numerous", []string{"Colossus", "Hero", "Hero", "Zombie", "Zombie"}, "Hero"},
	}
	for _, tc := range tests {
		var units []rules.Unit
		for i, name := range tc.have {
			k, ok := d.Kind(name)
			if !ok {
				t.Fatalf("no unit %s", name)
			}
			units = append(units, rules.Unit{ID: rules.UnitID(i + 1), Kind: k})
		}
		k, ok := MainKind(d, units)
		have := ""
		if ok {
			have = d.Units[k].Name
		}
		if have != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, have, tc.want)
		}
	}
}

// "an unknown icon name falls back to a plain mark, never a crash": a
// units.dat whose Cavalry's icon names no picture the client knows plays,
// and its army and garrison show the plain mark ("none").
func TestUnknownIcon(t *testing.T) {
	fsys := fstest.MapFS{}
	err := fs.WalkDir(assets.Rules(), ".", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assets.Rules(), path)
		if path == "units.dat" {
			data = regexp.MustCompile(`(?m)^(Cavalry .*)cavalry$`).ReplaceAll(data, []byte("${1}griffin"))
		}
		fsys[path] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Load(fsys)
	if err != nil {
		t.Fatalf("units.dat with an unknown icon: %v", err)
	}
	cav, _ := r.Dat().Kind("Cavalry")
	if icon := r.Dat().Units[cav].Icon; icon != "griffin" {
		t.Fatalf("the Cavalry's icon is %q, want the mod's griffin", icon)
	}
	d := drawScreen(t, r, drawScene(t, r, grid.Square), 2, at(5, 4), "unknown-icon")
	n := 0
	for _, mk := range d.s.Probe().Mine {
		if mk.Kind == "army" || mk.Kind == "garrison" {
			if mk.Icon != "none" {
				t.Errorf("%s %d of Cavalry shows %q, want the plain mark", mk.Kind, mk.ID, mk.Icon)
			}
			checkPic(t, d.img, mk)
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d forces with a picture, want the army and the garrison", n)
	}
}

// BenchmarkPaintFar times painting the picture of the whole ground a
// 128x128 map draws zoomed out (at a quarter or half of its size), when
// the view changes.
func BenchmarkPaintFar(b *testing.B) {
	for _, scale := range []float64{0.25, 0.5} {
		b.Run(fmt.Sprintf("scale%v", scale), func(b *testing.B) { benchPaintFar(b, scale) })
	}
}

func benchPaintFar(b *testing.B, scale float64) {
	m := bigModel(b, grid.Square, 128, 128)
	p, err := newPainter(m.Data(), NewLayout(grid.Square, 128, 128))
	if err != nil {
		b.Fatal(err)
	}
	drawtest.OnFrame(b, func() {
		probe := ebiten.NewImage(1, 1)
		defer probe.Deallocate()
		paint := func() {
			p.farV, p.preparedV = nil, nil
			p.paintFar(m, scale)
			probe.DrawImage(p.far.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
			_ = probe.At(0, 0)
		}
		benchCPU(b, paint)
	})
}

// BenchmarkDrawMap times drawing a frame of the map of a 128x128 map, its
// ground drawn tile by tile, in a 1920x1080 window: at the default zoom,
// and zoomed out to the whole map.
func BenchmarkDrawMap(b *testing.B) {
	for _, zoom := range []float64{defaultZoom, 0.25} {
		b.Run(fmt.Sprintf("zoom%v", zoom), func(b *testing.B) { benchDrawMap(b, zoom) })
	}
}

func benchDrawMap(b *testing.B, zoom float64) {
	th, err := menu.NewTheme()
	if err != nil {
		b.Fatal(err)
	}
	m := bigModel(b, grid.Square, 128, 128)
	s := NewScreen(loadRules(b), &fakeHost{theme: th})
	if err := s.SetView(m.View()); err != nil {
		b.Fatal(err)
	}
	s.cam.Zoom = zoom
	s.centerOn(at(64, 64))
	drawtest.OnFrame(b, func() {
		win := ebiten.NewImage(1920, 1080)
		defer win.Deallocate()
		dst := win.SubImage(s.host.MapRect()).(*ebiten.Image)
		probe := ebiten.NewImage(1, 1)
		defer probe.Deallocate()
		draw := func() {
			s.Draw(dst)
			probe.DrawImage(win.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
			_ = probe.At(0, 0)
		}
		benchCPU(b, draw)
	})
}

// "unknown squares dark, squares not seen this turn dimmed": a square
// never seen is the kit's dark unknown, one remembered is darker and
// greyer than one in sight, and a known square beside the fog is shaded
// along that edge.
func TestDrawFog(t *testing.T) {
	r := loadRules(t)
	v := drawScene(t, r, grid.Square)
	g := grid.New(v.Shape, v.Width, v.Height)
	for i := range g.Len() {
		switch p := g.At(i); {
		case p.Y == 7:
			v.Terrain[i], v.Seen[i] = rules.Unknown, 0
		case p.X == 7:
			v.Seen[i] = 2
		}
	}
	d := drawScreen(t, r, v, 2, at(5, 4), "fog")
	cell := func(p grid.Pos, f float64) image.Rectangle {
		x, y := d.s.ScreenOf(p)
		return box(x, y, d.s.lay.Size*d.s.cam.Zoom*f)
	}
	if f := share(d.img, cell(at(5, 7), 0.9), func(c color.RGBA) bool { return near(c, art.UnknownColor, 12) }); f < 0.9 {
		t.Errorf("a square never seen: %.0f%% dark", f*100)
	}
	mean := func(r image.Rectangle) (lum, sat float64) {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := d.img.RGBAAt(x, y)
				lum += art.Luminance(c)
				sat += float64(max(c.R, c.G, c.B) - min(c.R, c.G, c.B))
				n++
			}
		}
		return lum / float64(n), sat / float64(n)
	}
	seenL, seenS := mean(cell(at(6, 3), 0.8))
	remL, remS := mean(cell(at(7, 3), 0.8))
	if remL > seenL*0.7 || remS > seenS*0.7 {
		t.Errorf("a remembered square (luminance %.3f, saturation %.0f) is not dimmed and greyed from one in sight (%.3f, %.0f)", remL, remS, seenL, seenS)
	}
	// The square above the fog: its bottom edge against its middle.
	x, y := d.s.ScreenOf(at(5, 6))
	c := d.s.lay.Size * d.s.cam.Zoom
	edgeL, _ := mean(image.Rect(int(x-c*0.3), int(y+c*0.5)-4, int(x+c*0.3), int(y+c*0.5)-2))
	midL, _ := mean(image.Rect(int(x-c*0.3), int(y), int(x+c*0.3), int(y)+2))
	if edgeL > midL*0.8 {
		t.Errorf("a square beside the fog is not shaded along it: luminance %.3f at the edge, %.3f in the middle", edgeL, midL)
	}
}
