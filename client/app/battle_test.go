package app

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
)

// The tests that draw run in a real window, under Xvfb (make test-client):
// TestMain runs the game loop, and onFrame runs a function in it. Without a
// display they are skipped (in CI they fail). EMPIRES_SCREENSHOTS=DIR saves
// their pictures as PNG files in DIR, to look at.

// With serverEnv set, the test binary is a server for a test to kill
// (serveChild), not the tests.
func TestMain(m *testing.M) {
	if v := os.Getenv(serverEnv); v != "" {
		os.Exit(serveChild(v))
	}
	drawtest.Main(m, "app tests")
}

// onFrame runs f in the game loop and waits for it to return.
func onFrame(t *testing.T, f func()) {
	t.Helper()
	drawtest.OnFrame(t, f)
}

// saveShot writes img to name in $EMPIRES_SCREENSHOTS, if set.
func saveShot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := os.Getenv("EMPIRES_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// testGame returns the client showing Ann's game screen (player 1 of Ann
// and Bob) with the events in its log, as a turn update brings them.
func testGame(t *testing.T, events []game.Event) (*App, *gameScreen) {
	t.Helper()
	a, _, s := testApp(t)
	g := showGame(t, a, s, 1)
	v := hexOf(g).Model().View()
	next := v.Clone()
	next.Turn++
	g.turnUpdate(turnUpdate(t, v, next, events))
	if hexOf(g).Model().View().Turn != next.Turn {
		t.Fatal("the turn update did not apply")
	}
	return a, g
}

// showBattle opens the report of battle b from g's log, as a click on
// its line does, and reports whether the log has it.
func showBattle(g *gameScreen, b *game.BattleReport) bool {
	for i, l := range hexOf(g).Model().Log() {
		if sameBattle(l.Battle, b) {
			g.hud.openLink(fmt.Sprintf("battle%d", i))
			return true
		}
	}
	return false
}

// units returns units by name: units(d, "Infantry", 4, "Siege", 1).
func units(t *testing.T, d *erfworld.Ruleset, kv ...any) game.Units {
	t.Helper()
	out := make(game.Units, len(d.Units))
	for i := 0; i < len(kv); i += 2 {
		k := unitKind(t, d, kv[i].(string))
		out[k] += int32(kv[i+1].(int))
	}
	return out
}

// unitKind returns the kind of the unit named name.
func unitKind(t *testing.T, d *erfworld.Ruleset, name string) game.UnitKind {
	t.Helper()
	for k, u := range d.Units {
		if u.Name == name {
			return game.UnitKind(k)
		}
	}
	t.Fatalf("no unit %q", name)
	return 0
}

// fullBattle returns a land battle's report with all of it: Ann attacks
// Bob's level 3 city, whose defence her Siege lowered to 2 (4 Infantry);
// her Warlord raises a 3 to a 4 and a 5 to a 6; Bob's Heal-A-Mancer saves
// one of three casualties; both lose 2 and, on the tie, the attacker
// retreats.
func fullBattle(t *testing.T, d *erfworld.Ruleset) *game.BattleReport {
	inf, cav, siege := unitKind(t, d, "Infantry"), unitKind(t, d, "Cavalry"), unitKind(t, d, "Siege")
	die := func(k game.UnitKind, city bool, roll, score, hits int32) game.DieReport {
		return game.DieReport{Round: 1, Unit: k, City: city, Roll: roll, Score: score, Hits: hits}
	}
	attDice := []game.DieReport{
		die(inf, false, 3, 4, 1), die(inf, false, 2, 2, 0), die(inf, false, 6, 6, 2),
		die(cav, false, 5, 6, 2), die(cav, false, 1, 1, 0),
		die(siege, false, 4, 4, 1),
	}
	defDice := []game.DieReport{
		die(inf, false, 4, 4, 1), die(inf, false, 1, 1, 0),
		die(inf, true, 6, 6, 2), die(inf, true, 3, 3, 0), die(inf, true, 5, 5, 1), die(inf, true, 2, 2, 0),
	}
	rolls := func(ds []game.DieReport) []int {
		out := make([]int, len(ds))
		for i, d := range ds {
			out[i] = int(d.Roll)
		}
		return out
	}
	return &game.BattleReport{
		Hex:        hex.Hex{Q: 6, R: 5},
		Winner:     2,
		City:       3,
		Reason:     game.ReasonTieAttackerRetreats,
		ReasonText: "equal losses (2 each): the attacker retreats",
		Sides: [2]game.SideReport{
			{
				Player: 1, Role: game.Attacker, Armies: []game.ArmyID{7},
				Before: units(t, d, "Infantry", 3, "Cavalry", 1, "Siege", 1),
				Losses: units(t, d, "Infantry", 2),
				Rolls:  rolls(attDice), Dice: attDice,
				Characters: []game.CharacterReport{
					{ID: 1, Army: 7, Kind: erfworld.CharWarlord, Name: "Warlord", Level: 2, LevelAfter: 2,
						Effect: game.EffectApplied, Text: "level 2: 2 points; the side spent 2 of its 2"},
					{ID: 2, Army: 7, Name: "Croak-A-Mancer", Effect: game.EffectUnused, Text: "not a victorious combat"},
				},
				Points: 2, PointsSpent: 2, Hits: 6, Fallen: 2,
			},
			{
				Player: 2, Role: game.Defender, Armies: []game.ArmyID{12}, Won: true,
				Before:      units(t, d, "Infantry", 2),
				Losses:      units(t, d, "Infantry", 1),
				Rolls:       rolls(defDice),
				Dice:        defDice,
				CityLevel:   3,
				CityDefence: 2, CityLowered: 1,
				CityUnits:  units(t, d, "Infantry", 4),
				CityLosses: units(t, d, "Infantry", 1),
				Characters: []game.CharacterReport{
					{ID: 3, Army: 12, Kind: erfworld.CharWarlord, Name: "Warlord", Level: 1, LevelAfter: 2,
						Effect: game.EffectUnused, Text: "level 1: 1 points; no die was worth raising"},
					{ID: 4, Army: 12, Name: "Heal-A-Mancer", Effect: game.EffectApplied, Text: "healed 1 casualty of 3"},
				},
				Points: 1, Hits: 4, Fallen: 3, Healed: 1,
			},
		},
	}
}

// shownText is a text of a window, and whether it is in the window's
// scrolling area.
type shownText struct {
	w        *widget.Text
	scrolled bool
}

// windowTexts returns the texts in the open window by label, into its
// scrolling area too.
func windowTexts(h *hud) map[string]shownText {
	out := map[string]shownText{}
	var walk func(w widget.PreferredSizeLocateableWidget, scrolled bool)
	walk = func(w widget.PreferredSizeLocateableWidget, scrolled bool) {
		switch x := w.(type) {
		case *widget.Text:
			out[x.Label] = shownText{x, scrolled}
		case *widget.ScrollContainer:
			if c, ok := x.GetWidget().CustomData.(*widget.Container); ok {
				walk(c, true)
			}
		case widget.Containerer:
			for _, c := range x.Children() {
				walk(c, scrolled)
			}
		}
	}
	if h.windowBox != nil {
		walk(h.windowBox, false)
	}
	return out
}

// findScroll returns the window's scrolling area, nil if it has none.
func findScroll(c widget.Containerer) *widget.ScrollContainer {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.ScrollContainer:
			return x
		case widget.Containerer:
			if s := findScroll(x); s != nil {
				return s
			}
		}
	}
	return nil
}

// findButton returns the button labelled label under c, nil if none.
func findButton(c widget.Containerer, label string) *widget.Button {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Button:
			if x.Text() != nil && x.Text().Label == label {
				return x
			}
		case widget.Containerer:
			if b := findButton(x, label); b != nil {
				return b
			}
		case *widget.ScrollContainer: // its content, named in its CustomData (ScrollStyle.Data)
			if content, ok := x.GetWidget().CustomData.(widget.Containerer); ok {
				if b := findButton(content, label); b != nil {
					return b
				}
			}
		}
	}
	return nil
}

// near reports whether c is within 6 of want on each channel.
func near(c color.Color, want color.NRGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(a uint32, w uint8) bool { x := int(a>>8) - int(w); return x >= -6 && x <= 6 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// renderApp lays the client out at w by h, runs f, then draws n frames and
// returns the last. It runs in the game loop.
func renderApp(a *App, w, h, n int, f func()) *image.RGBA {
	a.Layout(w, h)
	a.game.resize(w, h)
	if f != nil {
		f()
	}
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	for range n {
		_ = a.Update()
		a.uiDirty, a.redraw = true, true
		img.Clear()
		a.Draw(img)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

// TestBattleReport opens a battle's report from the log at 1024x768 and
// 1920x1080: it shows the city's Infantry with its level and the defence
// Siege left it, the characters and what they did, the dice raised by the
// Warlord, the casualties healed and lost, and the rule that decided the
// tie; the window fits the screen, the sides stand side by side where
// there is room, and what does not fit scrolls to its end.
func TestBattleReport(t *testing.T) {
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := fullBattle(t, d)
	a, g := testGame(t, []game.Event{{Turn: 1, Kind: game.EventBattle, To: b.Hex, HasHex: true, Battle: b}})
	line := -1
	for i, l := range hexOf(g).Model().Log() {
		if sameBattle(l.Battle, b) {
			line = i
		}
	}
	if line < 0 {
		t.Fatal("no battle in the log")
	}
	wantTexts := []string{
		"Battle at (" + b.Hex.String() + "), turn 1",
		"Bob won, the defender",
		"Why: equal losses (2 each): the attacker retreats",
		"Attacker: Ann (you)",
		"Defender: Bob",
		"Army 7: Infantry 3, Cavalry 1, Siege 1",
		"Infantry 4 from the level 3 city",
		"Defence 2, after the enemy's Siege lowered it by 1",
		"Warlord level 2: 2 points; the side spent 2 of its 2",
		"Croak-A-Mancer: not a victorious combat",
		"Warlord level 1 → 2: 1 points; no die was worth raising",
		"Heal-A-Mancer: healed 1 casualty of 3",
		"Infantry: 3 dice, 3 hits",
		"Cavalry: 2 dice, 2 hits",
		"Infantry of the city: 4 dice, 3 hits",
		"3→4●", "5→6●●", // raised dice, with a dot a hit (dieText)
		"Had 2, spent 2", "Had 1, spent 0",
		"6 on the enemy", "4 on the enemy",
		"2 fell, 0 healed, 2 lost",
		"3 fell, 1 healed, 2 lost",
		"Army: Infantry 1",
		"City: Infantry 1 of 4",
	}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		w, h := size[0], size[1]
		name := fmt.Sprintf("%dx%d", w, h)
		var img *image.RGBA
		onFrame(t, func() {
			img = renderApp(a, w, h, 3, func() { g.hud.openLink(fmt.Sprintf("battle%d", line)) })
		})
		saveShot(t, img, "battle-"+name+".png")
		if g.hud.windowBox == nil {
			t.Fatalf("%s: no window opened", name)
		}
		texts := windowTexts(g.hud)
		for _, want := range wantTexts {
			if texts[want].w == nil {
				t.Errorf("%s: the report has no %q", name, want)
			}
		}
		if t.Failed() {
			var all []string
			for s := range texts {
				all = append(all, s)
			}
			t.Fatalf("%s: the report's texts: %q", name, all)
		}

		// The window is on the screen, below the top bar, in the map's part.
		win := g.hud.windowBox.GetWidget().Rect
		mr := g.mapRect()
		if win.Min.X < mr.Min.X || win.Max.X > mr.Max.X || win.Min.Y < topBarHeight || win.Max.Y > h {
			t.Errorf("%s: the window is at %v, the map at %v", name, win, mr)
		}
		att, def := texts["Attacker: Ann (you)"].w.GetWidget().Rect, texts["Defender: Bob"].w.GetWidget().Rect
		sideBySide := att.Min.Y == def.Min.Y && def.Min.X > att.Max.X
		if wantSide := w >= 1920; sideBySide != wantSide {
			t.Errorf("%s: attacker at %v, defender at %v: side by side %v, want %v", name, att, def, sideBySide, wantSide)
		}
		// Nothing is drawn over the window: its Close button shows (the
		// minimap, at the bottom left, used to cover it).
		close := findButton(g.hud.windowBox, "Close")
		if close == nil {
			t.Fatalf("%s: the window has no Close button", name)
		}
		p := g.app.theme.Palette()
		r := close.GetWidget().Rect
		if c := img.At(r.Min.X+6, r.Min.Y+r.Dy()/2); !near(c, p.Button) && !near(c, p.ButtonHover) {
			t.Errorf("%s: the Close button at %v is drawn %v, not the button's %v", name, r, c, p.Button)
		}
		// Texts outside the scrolling area are inside the window; in it,
		// no wider than it.
		sc := findScroll(g.hud.windowBox)
		if (sc != nil) != (w < 1920) {
			t.Errorf("%s: scrolling area %v, want one only at 1024x768", name, sc != nil)
		}
		for s, x := range texts {
			r := x.w.GetWidget().Rect
			switch {
			case !x.scrolled && !r.In(win):
				t.Errorf("%s: %q at %v, out of the window %v", name, s, r, win)
			case x.scrolled && (r.Min.X < sc.ViewRect().Min.X || r.Max.X > sc.ViewRect().Max.X):
				t.Errorf("%s: %q at %v, wider than the scrolling area %v", name, s, r, sc.ViewRect())
			}
		}
		if sc == nil {
			onFrame(t, func() { g.hud.closeWindow() })
			continue
		}
		// The end of the report can be scrolled to.
		last := texts["raised by Warlord points"].w
		if last == nil {
			t.Fatalf("%s: no legend of the dice", name)
		}
		onFrame(t, func() {
			img = renderApp(a, w, h, 3, func() { sc.ScrollTop = 1 })
		})
		saveShot(t, img, "battle-"+name+"-end.png")
		if r, view := last.GetWidget().Rect, sc.ViewRect(); !r.In(view) {
			t.Errorf("%s: scrolled to the end, the legend is at %v, out of the area %v", name, r, view)
		}
		onFrame(t, func() { g.hud.closeWindow() })
	}
}

// TestFleetBattleReport: a fleet battle has no dice reported one by one:
// the report shows each fleet's roll and the fleets sunk.
func TestFleetBattleReport(t *testing.T) {
	b := &game.BattleReport{
		Hex: hex.Hex{Q: 3, R: 3}, Winner: 1, Reason: game.ReasonFewerLosses,
		ReasonText: "the attacker lost fewer units (0 against 1): the defender retreats",
		Sides: [2]game.SideReport{
			{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{4}, Rolls: []int{6}, Won: true, Hits: 1},
			{Player: 2, Role: game.Defender, Armies: []game.ArmyID{9}, Rolls: []int{2}, Fallen: 1},
		},
	}
	a, g := testGame(t, []game.Event{{Turn: 1, Kind: game.EventBattle, To: b.Hex, HasHex: true, Battle: b}})
	var img *image.RGBA
	onFrame(t, func() {
		img = renderApp(a, 1024, 768, 2, func() { showBattle(g, b) })
	})
	saveShot(t, img, "battle-fleet.png")
	texts := windowTexts(g.hud)
	for _, want := range []string{"Rolls", "Fleet 4: no units", "6●", "2", "Ann (you) won, the attacker", // a roll that sank a fleet has its dot (dieText)
		"1 fleet sunk", "sinks an enemy fleet",
		"Why: the attacker lost fewer units (0 against 1): the defender retreats"} {
		if texts[want].w == nil {
			t.Errorf("the report has no %q", want)
		}
	}
	if texts["Dice"].w != nil {
		t.Error("a fleet battle's report has a row of Dice")
	}
}

// TestBattleReportsOfAGame opens the reports of the first battles of a
// game between two AIs at 1024x768: each window fits the map's part of the
// screen and tells the sides, the city's Infantry where a city fought, and
// the rule that decided the battle.
func TestBattleReportsOfAGame(t *testing.T) {
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs := erfworld.NewRules(d)
	var battles []game.Event
	s, err := rs.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	players := []*erfworldai.Player{erfworldai.New(rs, ruleset.Normal, 5), erfworldai.New(rs, ruleset.Normal, 5)}
	for range 40 {
		var all []game.PlayerOrders
		for i, p := range players {
			id := game.PlayerID(i + 1)
			all = append(all, game.PlayerOrders{Player: id, Orders: p.Orders(game.NewView(s, id))})
		}
		for _, e := range game.Resolve(s, rs, all).List {
			if e.Kind == game.EventBattle && e.Battle != nil && len(battles) < 8 {
				battles = append(battles, e)
			}
		}
	}
	if len(battles) == 0 {
		t.Fatal("40 turns and no battle")
	}
	cityFought := false
	for k, e := range battles {
		a, g := testGame(t, []game.Event{e})
		b := e.Battle
		onFrame(t, func() {
			renderApp(a, 1024, 768, 2, func() { showBattle(g, b) })
		})
		texts := windowTexts(g.hud)
		want := []string{"Why: " + b.ReasonText}
		for _, s := range b.Sides {
			role := "Attacker: "
			if s.Role == game.Defender {
				role = "Defender: "
			}
			name := hexOf(g).Model().PlayerName(s.Player)
			if s.Player == 1 {
				name += " (you)"
			}
			want = append(want, role+name)
			if s.CityUnits.Total() > 0 {
				cityFought = true
				want = append(want, fmt.Sprintf("%s from the level %d city", hexOf(g).Model().UnitsText(s.CityUnits), s.CityLevel))
			}
		}
		for _, w := range want {
			if texts[w].w == nil {
				t.Errorf("battle %d at %s: the report has no %q", k, b.Hex, w)
			}
		}
		win, mr := g.hud.windowBox.GetWidget().Rect, g.mapRect()
		if win.Min.X < mr.Min.X || win.Max.X > mr.Max.X || win.Min.Y < topBarHeight || win.Max.Y > 768 {
			t.Errorf("battle %d at %s: the window is at %v, the map at %v", k, b.Hex, win, mr)
		}
	}
	t.Logf("%d battles, a city's Infantry in one: %v", len(battles), cityFought)
}

// sameBattle reports whether a log line's battle is b, which came to the
// client through the wire (a copy): the same hex and sides.
func sameBattle(have, b *game.BattleReport) bool {
	return have != nil && have.Hex == b.Hex && have.Sides[0].Player == b.Sides[0].Player && have.Sides[1].Player == b.Sides[1].Player
}
