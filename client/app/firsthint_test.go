package app

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/module"
	"empires/client/modules"
	"empires/shared/conn"
	"empires/shared/protocol"
)

// openGame opens a's game screen on seat 1's view of a new game of
// ruleset id with settings set, as the server's first view would.
func openGame(t *testing.T, a *App, id string, set protocol.Settings, names []string) *gameScreen {
	t.Helper()
	rs, ok := a.opts.Rulesets.Get(id)
	if !ok {
		t.Fatalf("no ruleset %s", id)
	}
	set.Ruleset = id
	g, err := rs.New(set.Config(names))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1, false)
	data, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	a.play = conn.NewGame(rs)
	a.handleFullView(&protocol.FullView{View: data, Checksum: v.Checksum()})
	if a.game == nil {
		t.Fatalf("%s: no game screen", id)
	}
	return a.game
}

// renderDrawn lays the client out at w by h and draws three frames, each
// whole (renderApp draws only what changed), and returns the last.
func renderDrawn(a *App, w, h int) *image.RGBA {
	a.Layout(w, h)
	a.game.resize(w, h)
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	for range 3 {
		_ = a.Update()
		a.redraw, a.uiDirty = true, true
		img.Clear()
		a.Draw(img)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

// hintGames are a game of each ruleset, as the first-turn hint's tests
// open them.
var hintGames = []struct {
	id    string
	set   protocol.Settings
	words string // what its hint says
}{
	{"erfworld", protocol.Settings{Width: 24, Height: 24, Seed: 5, Seats: 2}, "select your Warlord"},
	{"erfpires", protocol.Settings{Width: 24, Height: 24, Seed: 3, Seats: 2}, "One order a day"},
	{"empire", protocol.Settings{Width: 30, Height: 20, Seed: 1, Seats: 2}, "Set production"},
	{"duel", protocol.Settings{Seed: 4, Seats: 2}, "The offering"},
}

// TestFirstHintSits: each game's first turn shows its hint, in its words,
// over the top of the map: below the top bar, clear of the side panel and
// of the minimap, at 1024x768 and 1920x1080 (EMPIRES_SCREENSHOTS keeps
// the pictures). The map takes no click on it.
func TestFirstHintSits(t *testing.T) {
	for _, tt := range hintGames {
		a, _, _ := testApp(t)
		g := openGame(t, a, tt.id, tt.set, []string{"Ann", "Bob"})
		if g.hint == nil || !strings.Contains(g.hint.hint.Text, tt.words) {
			t.Fatalf("%s: the first turn's hint is %+v, want one saying %q", tt.id, g.hint, tt.words)
		}
		for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
			var img *image.RGBA
			onFrame(t, func() { img = renderDrawn(a, size[0], size[1]) })
			saveShot(t, img, fmt.Sprintf("firsthint-%s-%dx%d.png", tt.id, size[0], size[1]))
			r := g.firstHintRect()
			mr := g.mapRect()
			switch {
			case r.Empty():
				t.Errorf("%s at %dx%d: the hint is not laid out", tt.id, size[0], size[1])
			case !r.In(mr) || r.Min.Y < topBarHeight+4:
				t.Errorf("%s at %dx%d: the hint at %v is not over the map %v, below the top bar", tt.id, size[0], size[1], r, mr)
			case r.Overlaps(g.minimapRect()) || r.Overlaps(g.hud.logBox.GetWidget().Rect):
				t.Errorf("%s at %dx%d: the hint at %v covers the minimap or the log", tt.id, size[0], size[1], r)
			}
			if b := findButton(g.hud.root, "Close"); b == nil || !b.GetWidget().Rect.In(r) {
				t.Errorf("%s at %dx%d: no Close button on the hint", tt.id, size[0], size[1])
			}
			a.in.Cursor = r.Min.Add(r.Max).Div(2)
			if g.input().Pointer {
				t.Errorf("%s at %dx%d: the pointer on the hint acts on the map", tt.id, size[0], size[1])
			}
			a.in.Cursor = image.Point{}
		}
	}
}

// TestFirstHintGoes: the first turn's hint goes when the player closes
// it, ends the turn, or drafts the orders it asks for (erfpires: its one
// order of the day; erfworld: two, the units taken and the march), and
// it is not shown when the player turned the hints off, after the first
// turn, or in a replay.
func TestFirstHintGoes(t *testing.T) {
	settle := func(g *gameScreen) {
		g.hud.root.Validate()   // the buttons' texts are made when laid out
		event.ExecuteDeferred() // as ebitenui's Update does: the buttons' handlers
		for range 10 {          // the orders are counted every few frames
			g.update()
		}
	}

	// Close.
	a, _, s := testApp(t)
	g := showGame(t, a, s, 1)
	settle(g)
	if g.hint == nil {
		t.Fatal("no hint on erfworld's first turn")
	}
	if !press(g.hud.root, "Close") || g.hint != nil {
		t.Error("Close left the hint")
	}

	// End turn.
	a, _, s = testApp(t)
	g = showGame(t, a, s, 1)
	g.endTurnClicked()
	settle(g)
	if g.hint != nil {
		t.Error("End turn left the hint")
	}

	// Erfpires: the day's one order.
	a, _, s = erfpiresGame(t)
	g = showGame(t, a, s, 1)
	settle(g)
	if g.hint == nil {
		t.Fatal("no hint on erfpires's first day")
	}
	if !press(g.hud.side, "Tax: +3 Smuckers") {
		t.Fatal("no Tax on the side panel")
	}
	settle(g)
	if g.hint != nil {
		t.Error("the day's order drafted, the hint stays")
	}

	// Erfworld: one order is not yet what the hint asks (two).
	a, _, s = testApp(t)
	g = showGame(t, a, s, 1)
	settle(g)
	if !pressFirstOrder(t, g) {
		t.Fatal("no order to draft on erfworld's first turn")
	}
	settle(g)
	if n := len(g.scr.Probe().Drafts); n != 1 || g.hint == nil {
		t.Errorf("erfworld with %d order drafted: hint shown %v, want 1 order and the hint", n, g.hint != nil)
	}

	// Turned off; a later turn; a replay.
	a, _, s = testApp(t)
	a.opts.Prefs.Hints = false
	if g = showGame(t, a, s, 1); g.hint != nil {
		t.Error("hints turned off, and the first turn shows one")
	}
	a, _, s = testApp(t)
	g = showGame(t, a, s, 1)
	p := a.opts.Prefs
	p.Hints = false
	if err := a.savePrefs(p); err != nil {
		t.Fatal(err)
	}
	settle(g)
	if g.hint != nil {
		t.Error("hints turned off in Settings during the first turn: the hint stays")
	}
	a, _, s = testApp(t)
	s.Turn = 2
	if g = showGame(t, a, s, 1); g.hint != nil {
		t.Error("turn 2 shows the first turn's hint")
	}
	a, _, _ = testApp(t)
	saveGames(t, a, []savedSet{{1, protocol.Settings{Name: "Ann's game", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 5, Seats: 2, Bots: 1}, []string{"Ann", "Bot 2"}, 1}})
	if err := a.watchReplay(1); err != nil {
		t.Fatal(err)
	}
	if a.game.hint != nil {
		t.Error("a replay shows the first turn's hint")
	}
}

// pressFirstOrder drafts an order as the player does on erfworld's first
// turn: the Capital selected, the first choice of the side panel it
// offers pressed. It reports whether there was one.
func pressFirstOrder(t *testing.T, g *gameScreen) bool {
	t.Helper()
	hx := hexOf(g)
	for _, c := range hx.Model().View().Cities {
		if c.Owner == 1 && c.Capital {
			for _, ch := range hx.Model().CityChoices(c.ID) {
				if ch.Reason == "" && ch.More == nil {
					hx.Model().Choose(ch)
					g.Changed(true)
					return true
				}
			}
		}
	}
	return false
}

// TestEveryModuleGuides: every module of the build says what to do on
// its games' first turn (module.Guide), in one short sentence.
func TestEveryModuleGuides(t *testing.T) {
	mods, err := modules.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range hintGames {
		m, ok := mods.Get(tt.id)
		if !ok {
			t.Fatalf("no module %s", tt.id)
		}
		gd, ok := m.(module.Guide)
		if !ok {
			t.Errorf("module %s gives no first-turn hint", tt.id)
			continue
		}
		if h := gd.FirstHint(); !strings.Contains(h.Text, tt.words) || len(h.Text) > 120 || h.Orders < 0 {
			t.Errorf("module %s's first-turn hint %+v: want one short sentence saying %q", tt.id, h, tt.words)
		}
	}
}
