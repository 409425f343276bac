package main

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"empires/assets"
	"empires/client/app"
	"empires/client/art"
	"empires/client/internal/savedgame"
	"empires/client/module"
	"empires/shared/grid"
	"empires/shared/protocol"
	"empires/shared/registry"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	"empires/shared/wire"
)

// wyvern is the unit the tests' mod of empire adds to units.dat: a flyer
// whose picture (its icon name, "wyvern") no client knows.
const wyvern = "Wyvern*       30  3  4 11112    4  3 m    lan  fly                 wyvern\n"

// unitsMod writes the mod of empire the unit pictures' test plays: the
// built-in units.dat with the Wyvern added, and returns its directory
// (the client's -rules DIR).
func unitsMod(t *testing.T) string {
	t.Helper()
	units, err := fs.ReadFile(assets.Rules(), "units.dat")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "units.dat"), append(units, wyvern...), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// placedArmy is an army the saved game adds for the player: one unit of
// a kind, on a square of its own near the player's city.
type placedArmy struct {
	id   int
	kind string // the unit's name
	icon string // its picture's name in units.dat
	cell string
}

// idBits is how many low bits of an empire ID count a seat's IDs: the
// seat is above them (rules.IDSeat).
const idBits = 24

// armyRadius bounds how far from the player's city (in squares along
// each axis) the armies stand: all on the first screen at 1024x768.
const armyRadius = 3

// saveUnitsGame saves in the client's data directory dir a new game of
// empire played with the mod in modDir (16x16 squares, the player Ann at
// seat 1 against the AI), to which it adds for Ann one army of each kind
// of unit, each of one unit, on its own square near her city: sea units
// at sea, the others on land they may enter, flyers anywhere. The map's
// seed is the first from 1 where Ann's city has sea and land enough
// around it. It returns the armies added.
func saveUnitsGame(t *testing.T, dir, modDir string) []placedArmy {
	t.Helper()
	reg, err := registry.New(modDir)
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	r, ok := rs.(*rules.Rules)
	if !ok {
		t.Fatalf("the empire ruleset is a %T, not a *empire.Rules", rs)
	}
	d := r.Dat()
	if len(d.Units) != int(art.NumIcons) {
		t.Fatalf("the mod has %d units, want the %d default ones and the Wyvern", len(d.Units), art.NumIcons-1)
	}
	for seed := uint64(1); seed <= 50; seed++ {
		set := protocol.Settings{Name: "Ann's armies", Ruleset: rules.ID, Width: 16, Height: 16, Seed: seed, Seats: 2, Bots: 1}
		g, err := rs.New(set.Config([]string{"Ann", "Bob"}))
		if err != nil {
			t.Fatal(err)
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		var s rules.State
		if err := wire.Unmarshal(save, &s); err != nil {
			t.Fatal(err)
		}
		placed, ok := placeArmies(&s, d)
		if !ok {
			continue
		}
		if save, err = wire.Marshal(&s); err != nil {
			t.Fatal(err)
		}
		g, err = rs.Load(save)
		if err != nil {
			t.Fatalf("the game with the armies added: %v", err)
		}
		if err := savedgame.Save(dir, 1, rs, set, g); err != nil {
			t.Fatal(err)
		}
		return placed
	}
	t.Fatal("no seed up to 50 gives Ann's city sea and land enough around it")
	return nil
}

// placeArmies adds to s, for seat 1, one army of one unit of each kind of
// d's on free squares around the seat's city, at most armyRadius squares
// away along each axis, nearest first; it reports false if the squares
// there do not take every kind. The kinds that may enter the fewest
// terrains are placed first (sea units, then the land units that cannot
// climb mountains, then the rest, flyers last).
func placeArmies(s *rules.State, d *dat.Data) ([]placedArmy, bool) {
	gr := grid.New(s.Shape, s.Width, s.Height)
	var city grid.Pos
	found := false
	taken := map[grid.Pos]bool{}
	for _, st := range s.Settlements {
		taken[st.Pos] = true
		if st.Owner == 1 && st.City && !found {
			city, found = st.Pos, true
		}
	}
	for _, f := range s.Forces {
		taken[f.Pos] = true
	}
	if !found {
		return nil, false
	}
	var near []grid.Pos
	for y := city.Y - armyRadius; y <= city.Y+armyRadius; y++ {
		for x := city.X - armyRadius; x <= city.X+armyRadius; x++ {
			if p := (grid.Pos{X: x, Y: y}); gr.Contains(p) && !taken[p] {
				near = append(near, p)
			}
		}
	}
	slices.SortStableFunc(near, func(a, b grid.Pos) int { return gr.Distance(city, a) - gr.Distance(city, b) })
	enters := func(k dat.Kind) int {
		n := 0
		for t := range dat.Terrain(dat.NumTerrains) {
			if d.Unit(k).CanEnter(t) {
				n++
			}
		}
		return n
	}
	kinds := make([]dat.Kind, len(d.Units))
	for i := range kinds {
		kinds[i] = dat.Kind(i)
	}
	slices.SortStableFunc(kinds, func(a, b dat.Kind) int { return enters(a) - enters(b) })
	var placed []placedArmy
	for _, k := range kinds {
		u := d.Unit(k)
		i := slices.IndexFunc(near, func(p grid.Pos) bool { return !taken[p] && u.CanEnter(s.Terrain[gr.Index(p)]) })
		if i < 0 {
			return nil, false
		}
		p := near[i]
		taken[p] = true
		s.NextID[1]++
		force := uint32(1)<<idBits | s.NextID[1]
		s.NextID[1]++
		unit := uint32(1)<<idBits | s.NextID[1]
		s.Forces = append(s.Forces, rules.Force{ID: rules.ForceID(force), Owner: 1, Pos: p,
			Units: []rules.Unit{{ID: rules.UnitID(unit), Kind: k, HP: u.HP}}})
		placed = append(placed, placedArmy{id: int(force), kind: u.Name, icon: u.Icon, cell: p.String()})
	}
	slices.SortFunc(s.Forces, func(a, b rules.Force) int { return cmp.Compare(a.ID, b.ID) })
	return placed, true
}

// TestEmpireUnitPictures checks in the real client that each army's token
// shows the picture of its unit, where the army is: a mod of empire
// (-rules DIR) adds the Wyvern, whose icon no client knows, to the 19
// default units; a saved game of the mod has one army of each of the 20
// kinds near the player's city. Replays, the game picked, Continue: on
// the game screen the probe names for each army the icon drawn and the
// box it is drawn in, and the screenshot's pixels there are nearest to
// that unit's own picture on its plate (the Wyvern's: the plain mark),
// clearly nearer than to any other, at 1024x768 and at 1920x1080. Enter,
// the key the help names, ends the turn: the modded game plays on, to
// turn 2. It saves the screens (EMPIRES_SCREENSHOTS keeps them).
func TestEmpireUnitPictures(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	mod := unitsMod(t)
	d := startDriver(t, bin, []string{"-rules", mod, "-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	// The client's data directory, beside its screenshots.
	armies := saveUnitsGame(t, filepath.Join(filepath.Dir(d.shots), "games"), mod)
	d.resize(1024, 768)

	d.press("Replays")
	p := d.wait("the list of saved games", func(p *app.Probe) bool { return p.List[2] > p.List[0] })
	d.click(p.List[0]+60, p.List[1]+14, 1) // its only game
	d.wait("Continue enabled", func(p *app.Probe) bool { b, ok := p.Buttons["Continue"]; return ok && !b.Disabled })
	d.press("Continue")
	d.wait("the game at turn 1 with its armies", func(p *app.Probe) bool {
		return p.Screen == "game" && p.Turn == 1 && len(armyMarks(p, armies)) == len(armies)
	})

	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.move(d.read().Map[0]+10, d.read().Map[1]+10) // the keys go to the window under the pointer
		d.key("h")                                     // the player's city in the middle
		name := fmt.Sprintf("empire-units-%dx%d", size[0], size[1])
		d.keep(name)
		shot := readPNG(t, d.last)
		p := d.read()
		marks := armyMarks(p, armies)
		for _, a := range armies {
			m, ok := marks[a.id]
			if !ok {
				t.Errorf("%s: the %s army %d on %s is not on the probe", name, a.kind, a.id, a.cell)
				continue
			}
			checkPicture(t, name, shot, p, a, m)
		}
	}

	// Enter ends the turn; the modded game plays on.
	d.key("Return")
	p = d.wait("turn 2 or a question", func(p *app.Probe) bool { return p.Turn == 2 || p.WindowOpen })
	if p.WindowOpen && p.Turn != 2 {
		d.press("End turn anyway")
	}
	p = d.wait("turn 2", func(p *app.Probe) bool { return p.Turn == 2 && !p.Animating })
	wyv := armies[slices.IndexFunc(armies, func(a placedArmy) bool { return a.icon == "wyvern" })]
	if m, ok := armyMarks(p, armies)[wyv.id]; !ok || m.Icon != "none" {
		t.Errorf("on turn 2 the Wyvern's army is %+v (on the probe: %v), want it there with the plain mark", m, ok)
	}
}

// armyMarks returns the probe's marks of the player's armies among
// armies, by ID.
func armyMarks(p *app.Probe, armies []placedArmy) map[int]module.Mark {
	out := map[int]module.Mark{}
	for _, m := range p.Mine {
		if m.Kind == "army" && slices.ContainsFunc(armies, func(a placedArmy) bool { return a.id == m.ID }) {
			out[m.ID] = m
		}
	}
	return out
}

// checkPicture checks army a's token in screenshot shot (of the screen
// the probe p describes, named name): the probe's mark m names a's icon
// ("none" for one this client does not know), its picture's box lies
// on a's square, and the pixels in the box are those of a's own picture,
// told apart from every other (identifyPicture).
func checkPicture(t *testing.T, name string, shot image.Image, p *app.Probe, a placedArmy, m module.Mark) {
	t.Helper()
	want, known := art.IconOf(a.icon)
	if known != (a.icon != "wyvern") {
		t.Errorf("the client knows the picture %q: %v", a.icon, known)
	}
	if m.Icon != want.String() {
		t.Errorf("%s: the %s army on %s shows the picture %q, want %q", name, a.kind, a.cell, m.Icon, want)
	}
	if m.Cell != a.cell || !m.OnMap {
		t.Errorf("%s: the %s army is on %s (on the map: %v), want %s", name, a.kind, m.Cell, m.OnMap, a.cell)
		return
	}
	box := image.Rect(m.Pic[0], m.Pic[1], m.Pic[2], m.Pic[3])
	mapRect := image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3])
	centre := box.Min.Add(box.Max).Div(2)
	switch {
	case box.Dx() < 8 || box.Dy() < 8:
		t.Errorf("%s: the %s army's picture box %v: too small to tell", name, a.kind, box)
		return
	case !box.In(mapRect):
		t.Errorf("%s: the %s army's picture box %v is not inside the map %v", name, a.kind, box, mapRect)
		return
	case math.Abs(float64(centre.X)-m.X) > p.CellSize/2 || math.Abs(float64(centre.Y)-m.Y) > p.CellSize/2:
		t.Errorf("%s: the %s army's picture box %v is not on its square %s (centre %.0f,%.0f, %.0f pixels)",
			name, a.kind, box, a.cell, m.X, m.Y, p.CellSize)
		return
	}
	if err := pictureVerdict(shot, box, int(want), unitPictures); err != nil {
		t.Errorf("%s: the %s army's token: %v", name, a.kind, err)
	}
}

// pictures are the pictures a token's box is told apart from: n of
// them, each painted at a size by paint as art.PaintSprite paints (with
// its margin, art.SpritePad), named by name.
type pictures struct {
	n     int
	paint func(i, size int) *image.RGBA
	name  func(i int) string
}

// unitPictures are the units' pictures, art.IconNone (the plain mark)
// first.
var unitPictures = pictures{
	n:     int(art.NumIcons),
	paint: func(i, size int) *image.RGBA { return art.PaintSprite(art.SpriteUnit, uint8(i), size) },
	name:  func(i int) string { return art.Icon(i).String() },
}

// pictureVerdict returns nil if the pixels of box in shot are nearest to
// picture want of pics (identifyPicture) and clearly nearer to it than
// to any other (clearlyNearer); else an error that says what they are
// nearest to.
func pictureVerdict(shot image.Image, box image.Rectangle, want int, pics pictures) error {
	dist := identifyPicture(shot, box, pics)
	order := make([]int, pics.n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(dist[x], dist[y]) })
	best, second := order[0], order[1]
	switch {
	case best != want:
		return fmt.Errorf("the pixels at %v are nearest to the picture %s (%.1f), not to %s (%.1f)",
			box, pics.name(best), dist[best], pics.name(want), dist[want])
	case !clearlyNearer(dist[best], dist[second]):
		return fmt.Errorf("the pixels at %v are nearest to the picture %s (%.1f) but not clearly that one: next is %s (%.1f)",
			box, pics.name(best), dist[best], pics.name(second), dist[second])
	}
	return nil
}

// clearlyNearer reports whether a picture at distance best from what the
// screen shows (mean levels of a colour channel, identifyPicture) is
// clearly the one shown, the runner-up at distance second: at most
// maxPictureDiff from it, and the runner-up at least twice as far and
// 10 levels further. (The client draws a picture at a size it paints
// pictures at, and its own picture is then within a level of it: a
// picture scaled a little blurs.)
func clearlyNearer(best, second float64) bool {
	return best <= maxPictureDiff && second >= 2*best && second-best >= 10
}

// maxPictureDiff bounds how far (identifyPicture) the pixels of a
// token's box may be from the picture they show.
const maxPictureDiff = 20

// pictureSlack is how many pixels identifyPicture moves the box each
// way: the box is rounded to whole pixels, the picture drawn at a
// fraction of one.
const pictureSlack = 2

// identifyPicture returns, for each of pics, how far the pixels of box in
// shot are from it: the picture painted at the box's size on the
// pictures' plate (art.PlateColor), the mean difference of the colour
// channels (0 to 255) over the box, the least with the box moved up to
// pictureSlack pixels each way.
func identifyPicture(shot image.Image, box image.Rectangle, pics pictures) []float64 {
	size := min(box.Dx(), box.Dy())
	out := make([]float64, pics.n)
	for i := range out {
		pic := onPlate(pics.paint(i, size), size)
		best := math.Inf(1)
		for dy := -pictureSlack; dy <= pictureSlack; dy++ {
			for dx := -pictureSlack; dx <= pictureSlack; dx++ {
				best = min(best, meanDiff(shot, box.Min.Add(image.Pt(dx, dy)), pic))
			}
		}
		out[i] = best
	}
	return out
}

// onPlate returns the box of size pixels of a painted sprite (without its
// margin, art.SpritePad) laid over the pictures' plate.
func onPlate(sprite *image.RGBA, size int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			c := sprite.RGBAAt(x+art.SpritePad, y+art.SpritePad) // premultiplied
			over := func(v, plate uint8) uint8 { return v + uint8(int(plate)*(255-int(c.A))/255) }
			out.SetRGBA(x, y, color.RGBA{over(c.R, art.PlateColor.R), over(c.G, art.PlateColor.G), over(c.B, art.PlateColor.B), 255})
		}
	}
	return out
}

// meanDiff returns the mean difference of the colour channels between pic
// and the pixels of shot from at on; pixels outside shot count as black.
func meanDiff(shot image.Image, at image.Point, pic *image.RGBA) float64 {
	sum := 0
	b := pic.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := shot.At(at.X+x, at.Y+y).RGBA()
			c := pic.RGBAAt(x, y)
			sum += absInt(int(r>>8)-int(c.R)) + absInt(int(g>>8)-int(c.G)) + absInt(int(bl>>8)-int(c.B))
		}
	}
	return float64(sum) / float64(3*b.Dx()*b.Dy())
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// markPictures stand in for the units' pictures in TestPictureVerdict:
// the players' marks, painted dark, as a unit's picture is on its plate.
var markPictures = pictures{
	n: int(art.NumMarks) - 1,
	paint: func(i, size int) *image.RGBA {
		img := art.PaintSprite(art.SpriteMark, uint8(i+1), size)
		for j := 0; j < len(img.Pix); j += 4 {
			for c := range 3 {
				img.Pix[j+c] /= 8 // premultiplied: darker, as opaque
			}
		}
		return img
	},
	name: func(i int) string { return art.Mark(i + 1).String() },
}

// pictureVerdict accepts a box that shows the picture wanted on its
// plate, even a pixel or two from where the box says, and refuses one
// that shows another picture, its plate alone, the picture too far off
// the box, or the map with no token.
func TestPictureVerdict(t *testing.T) {
	const size = 20
	box := image.Rect(40, 30, 40+size, 30+size)
	ground := color.RGBA{143, 191, 90, 255} // plains
	const plateOnly, noToken = -1, -2       // screen's pic: a plate with no picture, nothing
	// screen returns a screen of plains with picture pic on its plate at at.
	screen := func(pic int, at image.Point) image.Image {
		img := image.NewRGBA(image.Rect(0, 0, 120, 90))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = ground.R, ground.G, ground.B, 255
		}
		if pic == noToken {
			return img
		}
		plate := image.Rectangle{Min: at, Max: at.Add(image.Pt(size, size))}
		for y := plate.Min.Y; y < plate.Max.Y; y++ {
			for x := plate.Min.X; x < plate.Max.X; x++ {
				img.SetRGBA(x, y, art.PlateColor)
			}
		}
		if pic >= 0 {
			p := onPlate(markPictures.paint(pic, size), size)
			for y := range size {
				for x := range size {
					img.SetRGBA(at.X+x, at.Y+y, p.RGBAAt(x, y))
				}
			}
		}
		return img
	}
	const want = 4
	tests := []struct {
		name string
		have image.Image
		ok   bool
	}{
		{"the picture on the box", screen(want, box.Min), true},
		{"the picture a pixel or two off", screen(want, box.Min.Add(image.Pt(2, -1))), true},
		{"another picture", screen(want+1, box.Min), false},
		{"the plate alone", screen(plateOnly, box.Min), false},
		{"the picture beside the box", screen(want, box.Min.Add(image.Pt(size/2, 0))), false},
		{"no token", screen(noToken, box.Min), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := pictureVerdict(tt.have, box, want, markPictures)
			t.Logf("verdict: %v", err)
			if (err == nil) != tt.ok {
				t.Errorf("have %v, want accepted %v", err, tt.ok)
			}
		})
	}
}
