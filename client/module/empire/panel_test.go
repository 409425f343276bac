package empire

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/menu"
	"empires/client/module"
	"empires/client/prefs"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// fakeHost is a Host that keeps what the screen asks of it.
type fakeHost struct {
	theme *menu.Theme
	anim  string // the animation speed of its Prefs, "" for the default
	// colourBlind is its Prefs' choice of the colour-blind palette.
	colourBlind bool
	notices     []string
	window      *widget.Container
	changed     int
}

func (h *fakeHost) Theme() *menu.Theme             { return h.theme }
func (h *fakeHost) Notify(msg string)              { h.notices = append(h.notices, msg) }
func (h *fakeHost) Changed(bool)                   { h.changed++ }
func (h *fakeHost) OpenWindow(c *widget.Container) { h.window = c }
func (h *fakeHost) CloseWindow()                   { h.window = nil }
func (h *fakeHost) MapRect() image.Rectangle       { return image.Rect(0, 40, 950, 800) }
func (h *fakeHost) PanelWidth() int                { return 290 }
func (h *fakeHost) Act([]byte) bool                { return false }
func (h *fakeHost) Prefs() prefs.Prefs {
	p := prefs.Default()
	if h.anim != "" {
		p.AnimSpeed = h.anim
	}
	p.ColourBlind = h.colourBlind
	return p
}
func (h *fakeHost) MapInSight() image.Rectangle       { return image.Rect(0, 40, 950, 630) }
func (h *fakeHost) press(t *testing.T, label string)  { t.Helper(); press(t, h.window, label) }
func (h *fakeHost) labels() (buttons, texts []string) { return walk(h.window) }

// walk returns the labels of the buttons and the texts under c, in order.
func walk(c widget.Containerer) (buttons, texts []string) {
	if c == nil {
		return nil, nil
	}
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Button:
			x.Validate() // its text is made when it is first laid out
			if x.Text() != nil {
				buttons = append(buttons, x.Text().Label)
			}
		case *widget.Text:
			texts = append(texts, x.Label)
		case widget.Containerer:
			b, t := walk(x)
			buttons, texts = append(buttons, b...), append(texts, t...)
		}
	}
	return buttons, texts
}

// press clicks the button under c whose label begins with label.
func press(t *testing.T, c widget.Containerer, label string) {
	t.Helper()
	var found *widget.Button
	var find func(c widget.Containerer)
	find = func(c widget.Containerer) {
		for _, w := range c.Children() {
			switch x := w.(type) {
			case *widget.Button:
				x.Validate()
				if found == nil && x.Text() != nil && strings.HasPrefix(x.Text().Label, label) {
					found = x
				}
			case widget.Containerer:
				find(x)
			}
		}
	}
	find(c)
	if found == nil {
		b, _ := walk(c)
		t.Fatalf("no button %q among %q", label, b)
	}
	found.Click()
	event.ExecuteDeferred() // the click's handlers run as in the UI's update
}

// panelScreen returns a screen of Ann's view of a game on farMap with a
// host that keeps its windows.
func panelScreen(t *testing.T) (*Screen, *fakeHost, *testGame) {
	t.Helper()
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	tg := newTestGame(t, 2, 1, farMap)
	h := &fakeHost{theme: th}
	s := NewScreen(tg.r, h)
	if err := s.SetView(tg.view()); err != nil {
		t.Fatal(err)
	}
	tg.m = s.Model()
	return s, h, tg
}

// side returns the side panel's buttons and texts.
func side(s *Screen) (buttons, texts []string) {
	c := widget.NewContainer()
	s.Side(c, module.Input{Orders: true})
	return walk(c)
}

// The side panel of the player's city offers Production… and Forward…;
// the production window lists what the city may produce with the turns
// each takes, and what it may not with why; a click on a unit drafts the
// order and closes the window, and the list of orders shows it with its x.
func TestPanelProduction(t *testing.T) {
	s, h, tg := panelScreen(t)
	if _, err := s.m.Click(at(0, 0)); err != nil {
		t.Fatal(err)
	}
	buttons, texts := side(s)
	for _, want := range []string{"Production…", "Forward…", "Garrison "} {
		if !slices.ContainsFunc(buttons, func(b string) bool { return strings.HasPrefix(b, want) }) {
			t.Errorf("the city's panel has no button %q: %q", want, buttons)
		}
	}
	if !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(s, "Produces Infantry: ready in 4 turns") }) {
		t.Errorf("the city's panel does not say what it produces: %q", texts)
	}
	city := s.m.SettlementAt(at(0, 0)).ID
	s.showProduction(city)
	buttons, texts = h.labels()
	if !slices.Contains(buttons, "Cavalry · 7 turns\nhp 2 mp 4 av 5 dv 3") {
		t.Errorf("the production window's buttons: %q", buttons)
	}
	if !slices.Contains(texts, "Galleon: a Galleon is produced only next to the sea.") {
		t.Errorf("the production window does not say why no Galleon: %q", texts)
	}
	h.press(t, "Cavalry · ")
	if h.window != nil {
		t.Error("the window stays open after the choice")
	}
	c := widget.NewContainer()
	s.Orders(c)
	buttons, texts = walk(c)
	if !slices.Contains(texts, "City at 0,0: produce Cavalry (7 turns)") || !slices.Contains(buttons, "x") {
		t.Errorf("the orders list: %q %q", texts, buttons)
	}
	tg.check()
}

// The garrison's Split off… window picks all but the first unit; its
// button drafts the new army, selected; the list of orders says so.
func TestPanelSplit(t *testing.T) {
	s, h, tg := panelScreen(t)
	g := tg.garrisonAt(at(0, 0))
	s.m.SelectForce(g.ID)
	buttons, _ := side(s)
	if !slices.Contains(buttons, "Split off…") || !slices.Contains(buttons, "Peace on") {
		t.Fatalf("the garrison's panel: %q", buttons)
	}
	s.showSplit(g.ID, nil)
	buttons, _ = h.labels()
	var on, off int
	for _, b := range buttons {
		switch {
		case strings.HasPrefix(b, "[x] "):
			on++
		case strings.HasPrefix(b, "[ ] "):
			off++
		}
	}
	if on != 3 || off != 1 {
		t.Errorf("the split window picks %d units and leaves %d: %q", on, off, buttons)
	}
	h.press(t, "[x] ") // one less
	h.press(t, "Split off 2 units as a new army")
	sel := s.m.Selection()
	if !Drafted(sel.Force) || len(s.m.Force(sel.Force).Units) != 2 {
		t.Fatalf("after the split the selection is %+v", sel)
	}
	if len(h.notices) == 0 || !strings.Contains(h.notices[len(h.notices)-1], "right-click a square") {
		t.Errorf("the notices: %q", h.notices)
	}
	tg.check()
}

// Forwarding a city's units while no garrison stays leaves it to any
// army that walks in ("If there is no defending garrison, an army
// occupying the settlement square is enough for conquering."): the
// city's panel and its Forward… window say so in red, and not while a
// garrison holds it.
func TestPanelUnguarded(t *testing.T) {
	s, h, tg := panelScreen(t)
	m := s.m
	g := tg.garrisonAt(at(0, 0))
	army, err := m.Split(g.ID, unitIDs(g.Units[1:]), false)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.MoveTo(army, at(2, 1)); err != nil {
		t.Fatal(err)
	}
	tg.play()
	var armyID rules.ForceID
	for _, f := range m.Forces() {
		if !f.Garrison {
			armyID = f.ID
		}
	}
	city := m.SettlementAt(at(0, 0))
	if err := m.Forward(city.ID, armyID); err != nil {
		t.Fatal(err)
	}
	warned := func() (panel, window bool) {
		m.Select(at(0, 0), 0, city.ID)
		_, texts := side(s)
		panel = slices.ContainsFunc(texts, func(x string) bool {
			return strings.HasPrefix(x, "Unguarded: no garrison stays, and its units are forwarded")
		})
		s.showForward(city.ID)
		_, texts = h.labels()
		window = slices.ContainsFunc(texts, func(x string) bool { return strings.HasPrefix(x, "No garrison holds the city") })
		h.window = nil
		return panel, window
	}
	if p, w := warned(); p || w {
		t.Errorf("with a garrison of %d in the city: warned on the panel %v, in the window %v", len(tg.garrisonAt(at(0, 0)).Units), p, w)
	}
	last := tg.garrisonAt(at(0, 0))
	nf, err := m.Split(last.ID, unitIDs(last.Units), false)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.MoveTo(nf, at(0, 2)); err != nil {
		t.Fatal(err)
	}
	if p, w := warned(); !p || !w {
		t.Errorf("the city's last unit sent away, its units forwarded: warned on the panel %v, in the window %v", p, w)
	}
	tg.check()
}

// The battle report colours each hit by its side: the hits of the
// player's units green, the hits the player's units take red (a battle
// where both sides hit), each the same for every such line; the report
// opens from the battle's line in the log.
func TestReportHitColours(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	tg := newTestGame(t, 2, 1, neighbours)
	h := &fakeHost{theme: th}
	s := NewScreen(tg.r, h)
	if err := s.SetView(tg.view()); err != nil {
		t.Fatal(err)
	}
	tg.m = s.Model()
	l := attackNeighbour(t, tg)
	s.Link(fmt.Sprintf("battle%d", slices.IndexFunc(s.m.Log(), func(x Line) bool { return x.Battle != nil })))
	if h.window == nil {
		t.Fatal("the battle's link opened no report")
	}
	colours := map[string]map[color.Color]int{} // "Your", "Bob's": the colours of the hits of each side's units
	for _, rl := range s.m.Report(l) {
		if rl.Kind != ReportHit {
			continue
		}
		who := "Bob's"
		if strings.HasPrefix(rl.Text, "Your ") {
			who = "Your"
		}
		if colours[who] == nil {
			colours[who] = map[color.Color]int{}
		}
		colours[who][s.hitColor(rl)]++
	}
	if len(colours["Your"]) == 0 || len(colours["Bob's"]) == 0 {
		t.Fatalf("the report of %q has no hits of both sides: %v\n%+v", l.Text, colours, s.m.Report(l))
	}
	for who, want := range map[string]color.Color{"Your": hitByYou, "Bob's": hitOnYou} {
		if len(colours[who]) != 1 || colours[who][want] == 0 {
			t.Errorf("%s hits are drawn in %v, want all in %v", who, colours[who], want)
		}
	}
}

// fitLines breaks a label too wide for its button at its " · ", then at
// spaces; a label that fits stays whole.
func TestFitLines(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	face := th.SmallFace()
	long := "Whitemage · 14 turns · hp 2 mp 2 av 3 dv 2"
	w, _ := text.Measure(long, face, 0)
	first, _ := text.Measure("Whitemage · 14 turns", face, 0)
	split, _ := text.Measure("Split off 3 units", face, 0)
	for _, tc := range []struct {
		have  string
		width float64
		want  string
	}{
		{long, w, long},
		{long, w - 1, "Whitemage · 14 turns\nhp 2 mp 2 av 3 dv 2"},
		{long, first, "Whitemage · 14 turns\nhp 2 mp 2 av 3 dv 2"},
		{"Split off 3 units as a new army", split, "Split off 3 units\nas a new army"},
	} {
		if have := fitLines(tc.have, face, tc.width); have != tc.want {
			t.Errorf("fitLines(%q, %.0f) = %q, want %q", tc.have, tc.width, have, tc.want)
		}
	}
}

// pictured returns the lines and buttons under c drawn with a picture
// beside them: their labels, and the pictures.
func pictured(c widget.Containerer) (labels []string, pics []*ebiten.Image) {
	for _, w := range c.Children() {
		x, ok := w.(widget.Containerer)
		if !ok {
			continue
		}
		kids := x.Children()
		if len(kids) != 2 {
			l, p := pictured(x)
			labels, pics = append(labels, l...), append(pics, p...)
			continue
		}
		if g, ok := kids[0].(*widget.Graphic); ok {
			switch l := kids[1].(type) {
			case *widget.Text:
				labels, pics = append(labels, l.Label), append(pics, g.Image)
			case *widget.Button:
				l.Validate()
				labels, pics = append(labels, l.Text().Label), append(pics, g.Image)
			}
			continue
		}
		l, p := pictured(x)
		labels, pics = append(labels, l...), append(pics, p...)
	}
	return labels, pics
}

// "the panel lists units with their pictures": the force panel's lines of
// units and the production window's choices, each with its unit's
// picture beside it.
func TestPanelPictures(t *testing.T) {
	s, h, tg := panelScreen(t)
	g := tg.garrisonAt(at(0, 0))
	s.m.SelectForce(g.ID)
	c := widget.NewContainer()
	s.Side(c, module.Input{Orders: true})
	labels, pics := pictured(c)
	if len(labels) != len(g.Units) {
		t.Fatalf("%d lines with a picture %q, want one a unit of the garrison's %d", len(labels), labels, len(g.Units))
	}
	for i, u := range g.Units {
		if want := s.m.UnitLine(u); labels[i] != want || pics[i] != s.unitImage(u.Kind) {
			t.Errorf("line %d: %q with picture %p, want %q with %s's %p", i, labels[i], pics[i], want, s.m.d.Units[u.Kind].Icon, s.unitImage(u.Kind))
		}
	}
	s.showProduction(s.m.SettlementAt(at(0, 0)).ID)
	labels, pics = pictured(h.window)
	n := 0
	for k, ut := range s.m.d.Units {
		if s.m.CannotProduce(s.m.SettlementAt(at(0, 0)), dat.Kind(k)) != "" {
			continue
		}
		i := slices.IndexFunc(labels, func(l string) bool { return strings.HasPrefix(strings.TrimPrefix(l, "● "), ut.Name+" · ") })
		if i < 0 || pics[i] != s.unitImage(dat.Kind(k)) {
			t.Errorf("the production window's choice of %s has no picture of it: %q", ut.Name, labels)
		}
		n++
	}
	if n == 0 || len(labels) != n {
		t.Errorf("%d choices with a picture, want the %d the city may produce", len(labels), n)
	}
}
