package empire

import (
	"image"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
)

// keyInput is a frame in which keys went down (held with held, Shift
// say), the pointer resting on the side panel, off the map.
func keyInput(held []ebiten.Key, keys ...ebiten.Key) module.Input {
	f := kit.Frame{Cursor: image.Pt(1000, 300), KeysPressed: keys, Keys: append(append([]ebiten.Key(nil), held...), keys...)}
	return module.Input{Frame: f, Map: image.Rect(0, 40, 950, 800), Size: image.Pt(1280, 800), Keys: true, Orders: true,
		Minimap: image.Rect(6, 624, 226, 794), Panel: image.Rect(950, 40, 1280, 800)}
}

// rebuild builds the side panel and the orders as the shell does after
// a change: the panel's buttons are there for the keys.
func rebuild(s *Screen) {
	s.Side(widget.NewContainer(), module.Input{Orders: true})
	s.Orders(widget.NewContainer())
}

// TestKeyboardPlay plays empire's map by keys alone, as the help names
// them: Tab and Shift+Tab through the garrison and the city (armies
// first, then garrisons, then settlements), the cursor moved by the
// arrows and the keypad (Shift and the arrows pan instead), Space as a
// click at the cursor, ] through the side panel's buttons with
// Space pressing the focused one (the garrison's Peace, an order), the
// orders' x by keys too, Escape out of the panel, then deselecting.
func TestKeyboardPlay(t *testing.T) {
	s, h, tg := panelScreen(t)
	s.Update(keyInput(nil)) // the first frame: the map's size
	garrison := tg.garrisonAt(at(0, 0)).ID
	city := s.m.SettlementAt(at(0, 0)).ID
	shiftKey := []ebiten.Key{ebiten.KeyShift}
	tests := []struct {
		name         string
		have         module.Input
		wantPicked   string // "garrison", "city" or "" for none
		wantCursor   string
		wantFocus    string // a prefix of the focused button's label; "" for none
		wantDrafts   int
		wantCamMoved bool
	}{
		{"Tab: the garrison (no armies)", keyInput(nil, ebiten.KeyTab), "garrison", "0,0", "", 0, false},
		{"Tab: the city", keyInput(nil, ebiten.KeyTab), "city", "0,0", "", 0, false},
		{"Shift+Tab: back to the garrison", keyInput(shiftKey, ebiten.KeyTab), "garrison", "0,0", "", 0, false},
		{"right arrow", keyInput(nil, ebiten.KeyArrowRight), "garrison", "1,0", "", 0, false},
		{"down arrow, keypad 3", keyInput(nil, ebiten.KeyArrowDown, ebiten.KeyNumpad3), "garrison", "2,2", "", 0, false},
		{"keypad 7: the diagonal back", keyInput(nil, ebiten.KeyNumpad7), "garrison", "1,1", "", 0, false},
		{"left arrow at the edge stays on the map", keyInput(nil, ebiten.KeyArrowLeft, ebiten.KeyArrowLeft), "garrison", "0,1", "", 0, false},
		{"Shift+right pans, the cursor stays", keyInput(shiftKey, ebiten.KeyArrowRight), "garrison", "0,1", "", 0, true},
		{"up arrow", keyInput(nil, ebiten.KeyArrowUp), "garrison", "0,0", "", 0, false},
		{"Space: the next thing there, the city", keyInput(nil, ebiten.KeySpace), "city", "0,0", "", 0, false},
		{"Space again: the garrison", keyInput(nil, ebiten.KeySpace), "garrison", "0,0", "", 0, false},
		{"]: the panel's first button, the settlement's", keyInput(nil, ebiten.KeyBracketRight), "garrison", "0,0", "Production…", 0, false},
	}
	for _, tt := range tests {
		x := s.cam.X
		s.Update(tt.have)
		rebuild(s)
		p := s.Probe()
		picked := ""
		switch {
		case p.Picked["garrison"] == int(garrison):
			picked = "garrison"
		case p.Picked["city"] == int(city):
			picked = "city"
		}
		if picked != tt.wantPicked || p.MapCursor != tt.wantCursor {
			t.Errorf("%s: picked %q (%v), cursor %q; want %q, %q", tt.name, picked, p.Picked, p.MapCursor, tt.wantPicked, tt.wantCursor)
		}
		if !strings.HasPrefix(p.PanelFocus, tt.wantFocus) || (tt.wantFocus == "") != (p.PanelFocus == "") {
			t.Errorf("%s: panel focus %q, want %q", tt.name, p.PanelFocus, tt.wantFocus)
		}
		if len(p.Drafts) != tt.wantDrafts {
			t.Errorf("%s: drafts %q, want %d", tt.name, p.Drafts, tt.wantDrafts)
		}
		if moved := s.cam.X != x; moved != tt.wantCamMoved {
			t.Errorf("%s: the camera moved %v, want %v", tt.name, moved, tt.wantCamMoved)
		}
	}

	// ] to Peace on, Space: its order drafted; then the order's x
	// (after the panel's buttons), Space: taken back.
	for i := 0; i < 20 && !strings.HasPrefix(s.Probe().PanelFocus, "Peace on"); i++ {
		s.Update(keyInput(nil, ebiten.KeyBracketRight))
	}
	if f := s.Probe().PanelFocus; !strings.HasPrefix(f, "Peace on") {
		t.Fatalf("] never reached Peace on: focus %q", f)
	}
	s.Update(keyInput(nil, ebiten.KeySpace))
	rebuild(s)
	if d := s.Probe().Drafts; len(d) != 1 {
		t.Fatalf("Space on Peace on drafted %q, want its order", d)
	}
	s.focus.Clear()
	s.Update(keyInput(nil, ebiten.KeyBracketLeft)) // from none, back: the last button, the order's x
	if f := s.Probe().PanelFocus; !strings.HasPrefix(f, "x ") {
		t.Fatalf("[ from no focus: %q, want the order's x", f)
	}
	s.Update(keyInput(nil, ebiten.KeySpace))
	if d := s.Probe().Drafts; len(d) != 0 {
		t.Errorf("Space on the order's x left %q", d)
	}
	rebuild(s)
	s.Update(keyInput(nil, ebiten.KeyBracketRight))
	s.Update(keyInput(nil, ebiten.KeyEscape))
	if p := s.Probe(); p.PanelFocus != "" || p.Selected == "" {
		t.Errorf("Escape in the panel: focus %q, selected %q; want no focus, the selection kept", p.PanelFocus, p.Selected)
	}
	s.Update(keyInput(nil, ebiten.KeyEscape))
	if p := s.Probe(); p.Selected != "" {
		t.Errorf("the second Escape kept %q selected", p.Selected)
	}
	if len(h.notices) != 0 {
		t.Errorf("notices: %q", h.notices)
	}
}

// TestHelpNamesEveryKey: the help lists every key the screen takes,
// Space (act at the cursor, skip the animation) among them.
func TestHelpNamesEveryKey(t *testing.T) {
	s, _, _ := panelScreen(t)
	terms := map[string]string{}
	for _, sec := range s.Help().Sections {
		for _, r := range sec.Rows {
			terms[r.Term] = r.Text
		}
	}
	for _, want := range []struct{ term, text string }{
		{"Arrows", "move the cursor"}, {"Keypad 8 2 4 6, 7 9 1 3", "diagonals"},
		{"Space", "skip it"}, {"Space", "as a click"}, {"M", "right-click"},
		{"Tab, Shift+Tab", "garrisons"}, {"] and [", "Space presses it"},
		{"Drag, WASD, Shift+arrows", "pan"}, {"Esc", "deselect"}, {"Enter", "end the turn"},
		{"Backspace", "take back"}, {"H", "home"}, {"F1", "help"},
	} {
		if !strings.Contains(terms[want.term], want.text) {
			t.Errorf("help row %q: %q, want it to say %q", want.term, terms[want.term], want.text)
		}
	}
}
