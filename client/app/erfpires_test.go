package app

import (
	"image"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	ep "empires/shared/rules/erfpires"
)

// erfpiresMap is Plains but for a Forest and a Mountain.
const erfpiresMap = `
. . . . . . . . . . . .
 . f ^ . . . . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .`

// erfpiresGame returns a client of the build's rulesets and modules, the
// rules of its erfpires, and a game of Ann, Bob and Cat on erfpiresMap:
// Ann's city at 2,2 with her army of 2 Infantry and her Farm at 1,2,
// Bob's city at 9,4.
func erfpiresGame(t *testing.T) (*App, *ep.Rules, *game.State) {
	t.Helper()
	a, _, _ := testApp(t)
	r := hexRuleset(t, a, "erfpires").Rules().(*ep.Rules)
	m, err := hexmap.Parse(erfpiresMap, r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewGameOn(m, 3, 3, []string{"Ann", "Bob", "Cat"})
	at := func(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }
	s.AddCity(game.City{Owner: 1, Hex: at(2, 2), Level: 1})
	s.AddArmy(game.Army{Owner: 1, Hex: at(2, 2), Units: game.Units{2}})
	s.AddStructure(game.Structure{Kind: 0, Owner: 1, Hex: at(1, 2)})
	s.AddCity(game.City{Owner: 2, Hex: at(9, 4), Level: 1})
	s.AddCity(game.City{Owner: 3, Hex: at(9, 0), Level: 1})
	game.RecordVision(s, r)
	return a, r, s
}

// sideTexts returns the labels of the side panel's texts and buttons.
func sideTexts(h *hud) []string {
	var out []string
	var walk func(c widget.Containerer)
	walk = func(c widget.Containerer) {
		for _, w := range c.Children() {
			switch x := w.(type) {
			case *widget.Text:
				out = append(out, x.Label)
			case *widget.Button:
				if x.Text() != nil {
					out = append(out, x.Text().Label)
				}
			case widget.Containerer:
				walk(x)
			}
		}
	}
	walk(h.content)
	return out
}

// TestErfpiresScreen: the game screen of an erfpires game says the day,
// the week and the tax day in the top bar; with nothing selected the side
// panel is the Erfpire's, with its Tax; the day's one order shows in the
// top bar and the side panel, and a second order takes its place; a city
// is titled without a level; a hex's tooltip names its structure. An
// erfworld game's top bar is as it was: the turn, no order slot, no realm
// button.
func TestErfpiresScreen(t *testing.T) {
	a, _, s := erfpiresGame(t)
	g := showGame(t, a, s, 1)
	hx := hexOf(g)
	h := g.hud
	for _, tt := range []struct {
		w, h int
		turn string
	}{
		{1920, 1080, "Day 1 (week 1, day 1) · tax: today"},
		{1024, 768, "Day 1 · tax: today"}, // narrow: the short form leaves the order room
	} {
		onFrame(t, func() { renderApp(a, tt.w, tt.h, 2, nil) })
		if have := h.turn.Label; have != tt.turn {
			t.Errorf("%dx%d: the top bar's turn: %q, want %q", tt.w, tt.h, have, tt.turn)
		}
		if have, want := h.slot.Label, "No order yet today"; have != want {
			t.Errorf("%dx%d: the top bar's order: %q, want %q", tt.w, tt.h, have, want)
		}
		for _, w := range []*widget.Text{h.turn, h.slot, h.money} {
			if r := w.GetWidget().Rect; r.Max.X > h.buttons.GetWidget().Rect.Min.X {
				t.Errorf("%dx%d: the top bar's %q at %v runs under its buttons at %v", tt.w, tt.h, w.Label, r, h.buttons.GetWidget().Rect)
			}
		}
	}
	if findButton(h.buttons, "Erfpire") == nil {
		t.Error("no Erfpire button on the top bar")
	}
	side := strings.Join(sideTexts(h), "\n")
	for _, want := range []string{"Your Erfpire", "Cities: 1 of the 5 that win", "Tax: +3 Smuckers", "Today's order", "No order yet today"} {
		if !strings.Contains(side, want) {
			t.Errorf("the side panel does not say %q:\n%s", want, side)
		}
	}
	// The Tax, then a recruit in its place.
	if !press(h.side, "Tax: +3 Smuckers") {
		t.Fatalf("no Tax on the side panel:\n%s", side)
	}
	onFrame(t, func() { renderApp(a, 1024, 768, 2, nil) })
	if have := h.slot.Label; !strings.HasPrefix(have, "Order: Tax: +3") {
		t.Errorf("with the Tax drafted the top bar says %q", have)
	}
	city := hx.Model().View().Cities[0]
	for range 2 { // the army, then the city
		onFrame(t, func() { renderApp(a, 1024, 768, 2, func() { clickHex(t, a, city.Hex) }) })
	}
	if hx.Model().Selection().City != city.ID {
		t.Fatalf("two clicks on the city selected %+v", hx.Model().Selection())
	}
	var recruit model.Choice
	for _, c := range hx.Model().CityChoices(city.ID) {
		if c.Label == "Recruit 2 Infantry" {
			recruit = c
		}
	}
	if recruit.Replaces != "Tax: +3 Smuckers" {
		t.Errorf("the recruit replaces %q, want the Tax", recruit.Replaces)
	}
	if !pressInRow(h.side, "Recruit Infantry", "2") {
		t.Fatalf("no recruit on the side panel:\n%s", strings.Join(sideTexts(h), "\n"))
	}
	onFrame(t, func() { renderApp(a, 1024, 768, 2, nil) })
	if d := hx.Model().Drafts(); len(d) != 1 || !strings.HasPrefix(d[0].Label, "Recruit 2 Infantry") {
		t.Errorf("the drafts after a recruit in place of the Tax: %+v", d)
	}
	side = strings.Join(sideTexts(h), "\n")
	for _, want := range []string{"City 1 at 2,2", "Recruit 2 Infantry in the city at (2,2) into army 2", "Clear", "Choosing another order replaces it."} {
		if !strings.Contains(side, want) {
			t.Errorf("the side panel does not say %q:\n%s", want, side)
		}
	}
	if strings.Contains(side, "level") {
		t.Errorf("the side panel speaks of a level:\n%s", side)
	}
	farm := hex.FromOffset(hex.Offset{Col: 1, Row: 2})
	if tip := strings.Join(hx.Model().Describe(farm), "\n"); !strings.Contains(tip, "Your Farm") {
		t.Errorf("the Farm's hex's tooltip: %q", tip)
	}

	// Erfworld's bar is as it was.
	b, _, ew := testApp(t)
	eg := showGame(t, b, ew, 1)
	onFrame(t, func() { renderApp(b, 1280, 800, 2, nil) })
	if eg.hud.turn.Label != "Turn 1" || eg.hud.slot.Label != "" || findButton(eg.hud.buttons, "Erfpire") != nil ||
		eg.hud.slot.GetWidget().GetVisibility() != widget.Visibility_Hide {
		t.Errorf("erfworld's top bar: turn %q, slot %q", eg.hud.turn.Label, eg.hud.slot.Label)
	}
}

// clickHex clicks hex h where a's game screen draws it, the left button
// down one frame and up the next, as the shell passes them down. It runs
// in the game loop.
func clickHex(t *testing.T, a *App, h hex.Hex) {
	t.Helper()
	p := a.game.probe()
	var at image.Point
	found := false
	for _, m := range append(p.Mine, p.Others...) {
		if m.Cell == h.String() && m.OnMap {
			at, found = image.Pt(int(m.X), int(m.Y)), true
		}
	}
	if !found {
		t.Fatalf("hex %s has nothing on the map to click: %+v", h, p.Mine)
	}
	left := kit.Buttons(0).With(ebiten.MouseButtonLeft)
	for _, f := range []kit.Frame{{Cursor: at, Held: left, Pressed: left}, {Cursor: at, Released: left}} {
		a.in = f
		a.game.update()
	}
}

// TestErfpiresBattleReport opens the report of a real erfpires battle:
// one die a side ("Total Combat + d6 - total opposing Defence = hits
// inflicted"), each side's sums, the legend of that rule, and why it was
// decided with the players by name; no Warlord points, no criticals.
func TestErfpiresBattleReport(t *testing.T) {
	a, r, s := erfpiresGame(t)
	at := func(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }
	att := s.AddArmy(game.Army{Owner: 1, Hex: at(6, 3), Units: game.Units{0, 2}})
	s.AddArmy(game.Army{Owner: 2, Hex: at(7, 3), Units: game.Units{4, 0, 4}})
	game.RecordVision(s, r)
	g := showGame(t, a, s, 1)
	hx := hexOf(g)
	before := game.NewView(s, 1)
	ev := game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: []game.Order{{Turn: 1, Kind: game.OrderAttack, Army: att, Path: []hex.Hex{at(7, 3)}}}}})
	g.turnUpdate(turnUpdate(t, before, game.NewView(s, 1), ev.For(s, 1)))
	var line model.LogLine
	for _, l := range hx.Model().Log() {
		if l.Battle != nil {
			line = l
		}
	}
	if line.Battle == nil {
		t.Fatalf("no battle in the log: %+v", hx.Model().Log())
	}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		var img *image.RGBA
		onFrame(t, func() {
			img = renderApp(a, size[0], size[1], 2, func() { showBattle(g, line.Battle) })
		})
		saveShot(t, img, "erfpires-battle-"+map[int]string{1024: "1024x768", 1920: "1920x1080"}[size[0]]+".png")
		texts := windowTexts(g.hud)
		var all []string
		for l := range texts {
			all = append(all, l)
		}
		text := strings.Join(all, "\n")
		for _, want := range []string{"Sums", "Rolled ", "Combat 6 + die ", " − Defence ", "Battle at (7,3), day 1", "Each side rolls one d6",
			"Why: Ann has no units left: Bob holds the field"} {
			if !strings.Contains(text, want) {
				t.Errorf("%dx%d: the report does not say %q:\n%s", size[0], size[1], want, text)
			}
		}
		for _, not := range []string{"Warlord", "critical", "player 1", "Infantry: 1 die"} {
			if strings.Contains(text, not) {
				t.Errorf("%dx%d: the report says %q:\n%s", size[0], size[1], not, text)
			}
		}
		onFrame(t, func() { g.hud.closeWindow() })
	}
}
