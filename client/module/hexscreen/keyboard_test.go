package hexscreen

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
)

// keysFrame is a frame in which keys went down (held with held, Shift
// say), the pointer resting on the side panel, off the map.
func keysFrame(held []ebiten.Key, keys ...ebiten.Key) kit.Frame {
	return kit.Frame{Cursor: image.Pt(1000, 300), KeysPressed: keys, Keys: append(append([]ebiten.Key(nil), held...), keys...)}
}

// sidePanel builds the side panel as the shell does after a change, so
// that the panel's buttons are there for the keys.
func sidePanel(g *Screen) {
	g.Side(widget.NewContainer(), input(kit.Frame{}))
	g.Orders(widget.NewContainer())
}

// TestKeyboardPlay plays the map by keys alone, as the help names them:
// Tab and Shift+Tab through the army and the cities (armies first), the
// cursor moved by the arrows and the keypad (Shift and the arrows pan
// instead), Space as a click at the cursor (select, or move the selected
// army there), M as a right click, ] and [ through the
// side panel's buttons with Space pressing the focused one, Escape out of
// the panel, then deselecting.
func TestKeyboardPlay(t *testing.T) {
	g, _, st := testScreen(t, nil)
	play(g, kit.Frame{Cursor: image.Pt(1000, 300)}) // the first frame: the map's size
	var army game.ArmyID
	var home hex.Hex
	for _, a := range st.Armies {
		if a.Owner == 1 {
			army, home = a.ID, a.Hex
		}
	}
	var cities []game.CityID
	for _, c := range st.Cities {
		if c.Owner == 1 {
			cities = append(cities, c.ID)
		}
	}
	if army == 0 || len(cities) == 0 {
		t.Fatal("Ann has no army or no city")
	}
	east, west := home.Neighbor(hex.East), home.Neighbor(hex.West)
	up := hex.FromOffset(hex.Offset{Col: home.Offset().Col, Row: home.Offset().Row - 1})
	shiftKey := []ebiten.Key{ebiten.KeyShift}
	armySel := model.Selection{Active: true, Hex: home, Army: army}
	citySel := model.Selection{Active: true, Hex: home, City: cities[0]}
	lastCity := model.Selection{Active: true, Hex: st.Cities[len(st.Cities)-1].Hex, City: cities[len(cities)-1]}
	for _, c := range st.Cities {
		if c.ID == cities[len(cities)-1] {
			lastCity.Hex = c.Hex
		}
	}

	tests := []struct {
		name       string
		have       kit.Frame
		wantSel    model.Selection
		wantCursor string // "" for hidden
		wantFocus  bool
		wantDrafts int
	}{
		{"Tab: the army first", keysFrame(nil, ebiten.KeyTab), armySel, home.String(), false, 0},
		{"Tab: then the first city", keysFrame(nil, ebiten.KeyTab), citySel, home.String(), false, 0},
		{"Shift+Tab: back to the army", keysFrame(shiftKey, ebiten.KeyTab), armySel, home.String(), false, 0},
		{"Shift+Tab from the army: the last city", keysFrame(shiftKey, ebiten.KeyTab), lastCity, lastCity.Hex.String(), false, 0},
		{"Tab round to the army", keysFrame(nil, ebiten.KeyTab), armySel, home.String(), false, 0},
		{"right arrow: the cursor east", keysFrame(nil, ebiten.KeyArrowRight), armySel, east.String(), false, 0},
		{"keypad 4: back west", keysFrame(nil, ebiten.KeyNumpad4), armySel, home.String(), false, 0},
		{"left arrow: west", keysFrame(nil, ebiten.KeyArrowLeft), armySel, west.String(), false, 0},
		{"Shift+left pans, the cursor stays", keysFrame(shiftKey, ebiten.KeyArrowLeft), armySel, west.String(), false, 0},
		{"keypad 6, up arrow: the row above", keysFrame(nil, ebiten.KeyNumpad6, ebiten.KeyArrowUp), armySel, up.String(), false, 0},
		{"Space there: the army moves", keysFrame(nil, ebiten.KeySpace), armySel, up.String(), false, 1},
		{"down arrow, keypad 3: south-east of home", keysFrame(nil, ebiten.KeyArrowDown, ebiten.KeyNumpad3), armySel, home.Neighbor(hex.SouthEast).String(), false, 1},
		{"M there: the move goes there instead", keysFrame(nil, ebiten.KeyM), armySel, home.Neighbor(hex.SouthEast).String(), false, 1},
		{"]: the panel's first button", keysFrame(nil, ebiten.KeyBracketRight), armySel, home.Neighbor(hex.SouthEast).String(), true, 1},
		{"Escape: back to the map, still selected", keysFrame(nil, ebiten.KeyEscape), armySel, home.Neighbor(hex.SouthEast).String(), false, 1},
		{"Escape: deselected", keysFrame(nil, ebiten.KeyEscape), model.Selection{}, home.Neighbor(hex.SouthEast).String(), false, 1},
		{"a click on the map hides the cursor", kit.Frame{Cursor: image.Pt(300, 300), Pressed: kit.Buttons(0).With(ebiten.MouseButtonLeft), Held: kit.Buttons(0).With(ebiten.MouseButtonLeft)},
			model.Selection{Active: true}, "", false, 1}, // the bare hex clicked
	}
	for _, tt := range tests {
		x := g.cam.X
		play(g, tt.have)
		if tt.have.Pressed != 0 {
			play(g, kit.Frame{Cursor: tt.have.Cursor, Released: tt.have.Pressed}) // the click ends
		}
		sidePanel(g)
		p := g.Probe()
		sel := g.model.Selection()
		if tt.wantSel.Active != sel.Active || tt.wantSel.Army != sel.Army || tt.wantSel.City != sel.City {
			t.Errorf("%s: selection %+v, want %+v", tt.name, sel, tt.wantSel)
		}
		if p.MapCursor != tt.wantCursor && tt.wantCursor != "" || tt.wantCursor == "" && p.MapCursor != "" {
			t.Errorf("%s: cursor %q, want %q", tt.name, p.MapCursor, tt.wantCursor)
		}
		if (p.PanelFocus != "") != tt.wantFocus {
			t.Errorf("%s: panel focus %q, want focus %v", tt.name, p.PanelFocus, tt.wantFocus)
		}
		if len(p.Drafts) != tt.wantDrafts {
			t.Errorf("%s: drafts %q, want %d", tt.name, p.Drafts, tt.wantDrafts)
		}
		if strings.HasPrefix(tt.name, "Shift+left") && g.cam.X == x {
			t.Errorf("%s: the camera stayed at x %v", tt.name, g.cam.X)
		}
	}
}

// TestPanelFocus walks the side panel's buttons by keys: ] goes
// from the first to the next, [ back round to the last, Space
// presses the focused one (a standing order drafted, as a click gives
// it), the hint line says the focused choice's tip as it does under the
// pointer, and the orders' remove buttons come after the choices.
func TestPanelFocus(t *testing.T) {
	g, h, _ := testScreen(t, nil)
	play(g, kit.Frame{Cursor: image.Pt(1000, 300)})
	play(g, keysFrame(nil, ebiten.KeyTab))
	sidePanel(g)
	n := len(g.tips)
	if n < 2 {
		t.Fatalf("the army has %d choices on the panel, want a few", n)
	}
	steps := []struct {
		name      string
		key       ebiten.Key
		wantFocus string
	}{
		{"]: the first", ebiten.KeyBracketRight, g.tips[0].label},
		{"]: the second", ebiten.KeyBracketRight, g.tips[1].label},
		{"[: the first again", ebiten.KeyBracketLeft, g.tips[0].label},
		{"[: round to the last", ebiten.KeyBracketLeft, g.tips[n-1].label},
	}
	for _, s := range steps {
		play(g, keysFrame(nil, s.key))
		if have := g.Probe().PanelFocus; have != s.wantFocus {
			t.Errorf("%s: focus %q, want %q", s.name, have, s.wantFocus)
		}
	}
	// The last enabled choice, pressed by Space.
	for i := n - 1; i >= 0 && g.tips[i].b.GetWidget().Disabled; i-- {
		play(g, keysFrame(nil, ebiten.KeyBracketLeft))
	}
	pb, ok := g.focused()
	if !ok || pb.b.GetWidget().Disabled {
		t.Fatalf("no enabled choice in focus: %+v", pb)
	}
	changed := h.changed
	play(g, keysFrame(nil, ebiten.KeySpace))
	if h.changed == changed {
		t.Errorf("Space on %q changed nothing", pb.label)
	}
	if len(g.model.Drafts()) != 1 {
		t.Errorf("Space on %q drafted %d orders, want 1", pb.label, len(g.model.Drafts()))
	}
	sidePanel(g)
	// The order's x comes after the choices: [ from the first choice.
	for i, _ := g.focus.Index(len(g.buttons())); i != 0; i, _ = g.focus.Index(len(g.buttons())) {
		play(g, keysFrame(nil, ebiten.KeyBracketRight))
	}
	play(g, keysFrame(nil, ebiten.KeyBracketLeft))
	if have := g.Probe().PanelFocus; !strings.HasPrefix(have, "x ") {
		t.Errorf("[ from the first choice: focus %q, want the order's x", have)
	}
	play(g, keysFrame(nil, ebiten.KeySpace))
	if len(g.model.Drafts()) != 0 {
		t.Errorf("Space on the order's x left %d orders", len(g.model.Drafts()))
	}
}

// TestSpaceSkipsOnly: Space while the turn is shown moving skips the
// animation and does nothing else (no click at the cursor).
func TestSpaceSkipsOnly(t *testing.T) {
	g, _, _ := testScreen(t, nil)
	play(g, kit.Frame{Cursor: image.Pt(1000, 300)})
	play(g, keysFrame(nil, ebiten.KeyTab))
	play(g, keysFrame(nil, ebiten.KeyArrowRight))
	g.anim = []model.StepFrame{{Step: 1}, {Step: 2}}
	g.animStep = 0
	play(g, keysFrame(nil, ebiten.KeySpace))
	if g.animating() {
		t.Error("Space did not skip the animation")
	}
	if d := g.model.Drafts(); len(d) != 0 {
		t.Errorf("the Space that skipped also drafted %v", d)
	}
}

// TestCameraFollowsCursor: the cursor moved far by the keys stays in the
// part of the map in sight, the camera panning after it, and so it does
// when the window's size changes.
func TestCameraFollowsCursor(t *testing.T) {
	g, h, _ := testScreen(t, nil)
	play(g, kit.Frame{Cursor: image.Pt(1000, 300)})
	play(g, keysFrame(nil, ebiten.KeyTab))
	sight := h.MapInSight()
	for _, k := range []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyArrowDown, ebiten.KeyArrowLeft, ebiten.KeyArrowUp} {
		for i := range 12 {
			play(g, keysFrame(nil, k))
			x, y := g.screenOf(g.cursor.At)
			if !image.Pt(int(x), int(y)).In(sight) {
				t.Fatalf("after %d presses of %v the cursor %s is drawn at %.0f,%.0f, out of sight %v", i+1, k, g.cursor.At, x, y, sight)
			}
		}
	}
	// A smaller window: the cursor comes back into sight.
	g.centerOn(g.cursor.At)
	in := input(kit.Frame{Cursor: image.Pt(1000, 300)})
	in.Map = image.Rect(0, 40, 500, 400)
	for range refollowFrames {
		g.Update(in)
	}
	x, y := g.cam.ToScreen(g.board.HexCenter(g.cursor.At))
	if x < 0 || y < 0 || x > 500 || y > float64(sight.Dy()) {
		t.Errorf("after the resize the cursor is at %.0f,%.0f on a map of 500x360", x, y)
	}
}
