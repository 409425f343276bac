package menu

import (
	"errors"
	"strings"
	"testing"

	"empires/client/prefs"
)

func TestSettingsScreen(t *testing.T) {
	if len(animLabels()) != len(prefs.AnimSpeeds()) {
		t.Fatalf("%d animation labels for %d speeds", len(animLabels()), len(prefs.AnimSpeeds()))
	}
	if len(scaleLabels()) != len(prefs.UIScales()) || scaleLabels()[2] != "150%" {
		t.Fatalf("scale labels %v for scales %v", scaleLabels(), prefs.UIScales())
	}
	th := newTestTheme(t)
	start := prefs.Prefs{Name: "Stanley", Address: "localhost:7777", Grid: true, AnimSpeed: prefs.AnimSlow, EdgePan: false,
		Fullscreen: true, UIScale: 125, Hints: true}
	var saved []prefs.Prefs
	var refuse error
	s := newSettings(th, start, nil, func(p prefs.Prefs) error {
		if refuse != nil {
			return refuse
		}
		saved = append(saved, p)
		return nil
	}, nil)

	if have := s.values(); have != start {
		t.Fatalf("the screen shows %+v, want %+v", have, start)
	}

	s.name.SetText(" Parson ")
	s.address.SetText("10.0.0.2:7000")
	s.grid.pick(1)
	s.anim.pick(3)
	s.edgePan.pick(0)
	s.screen.pick(0)
	s.scale.pick(3)
	s.hints.pick(1)   // Hidden: "Show first-turn hints" off
	s.colours.pick(1) // the colour-blind palette
	s.save()
	want := prefs.Prefs{Name: "Parson", Address: "10.0.0.2:7000", Grid: false, AnimSpeed: prefs.AnimOff, EdgePan: true,
		Fullscreen: false, UIScale: 200, Hints: false, ColourBlind: true}
	if len(saved) != 1 || saved[0] != want {
		t.Fatalf("Save gave %+v, want [%+v]", saved, want)
	}
	if s.status.label() != "Saved." {
		t.Errorf("status after saving = %q, want \"Saved.\"", s.status.label())
	}

	tests := []struct {
		name    string
		edit    func()
		wantErr string
	}{
		{"empty name", func() { s.name.SetText("") }, "no name"},
		{"bad address", func() { s.address.SetText("localhost") }, "host:port"},
	}
	for _, tt := range tests {
		s.name.SetText("Parson")
		s.address.SetText("10.0.0.2:7000")
		tt.edit()
		s.save()
		if len(saved) != 1 || !strings.Contains(s.status.label(), tt.wantErr) {
			t.Errorf("%s: %d saves, status %q; want no save and an error with %q", tt.name, len(saved), s.status.label(), tt.wantErr)
		}
	}

	s.name.SetText("Parson")
	s.address.SetText("10.0.0.2:7000")
	refuse = errors.New("save preferences: disk full")
	s.save()
	if !strings.Contains(s.status.label(), "disk full") {
		t.Errorf("status after a failed save = %q, want the error", s.status.label())
	}
}

// TestSettingsBadScale: preferences with a scale the screen does not offer
// show the default scale, and saving gives a valid one.
func TestSettingsBadScale(t *testing.T) {
	th := newTestTheme(t)
	p := prefs.Default()
	p.UIScale = 175
	s := newSettings(th, p, nil, nil, nil)
	if have := s.values().UIScale; have != prefs.DefaultUIScale {
		t.Errorf("the screen shows scale %d for 175, want the default %d", have, prefs.DefaultUIScale)
	}
}

// TestSettingsPanel: the settings say Close, not Back, on the main menu's
// screen as in the window over a game (the playtest found "Back" in one
// and "Close" in the other); Close calls its callback, and Save leaves
// them open.
func TestSettingsPanel(t *testing.T) {
	th := newTestTheme(t)
	for _, where := range []string{"menu", "game"} {
		var closed, saved int
		onSave := func(prefs.Prefs) error { saved++; return nil }
		onClose := func() { closed++ }
		s := NewSettings(th, prefs.Default(), Places{}, nil, onSave, onClose)
		if where == "game" {
			s = NewSettingsPanel(th, prefs.Default(), Places{}, nil, onSave, onClose)
		}
		panel := s.Container()
		panel.Validate()
		if findButton(panel, "Back") != nil {
			t.Errorf("%s: the settings have a Back button, want Close", where)
		}
		click(t, findButton(panel, "Save"))
		click(t, findButton(panel, "Close"))
		if saved != 1 || closed != 1 {
			t.Errorf("%s: Save then Close: %d saves, %d closes; want 1 and 1", where, saved, closed)
		}
	}
}

// TestSettingsScaleNote: under Interface size the screen says what the
// size picked is applied at on the window as it is, as the note has it,
// and what the size is of when it is applied as asked; picking another
// size says again.
func TestSettingsScaleNote(t *testing.T) {
	th := newTestTheme(t)
	capped := "200 % asked, 133 % applied: the window is 1280x800; 200 % needs 1920x1080 or larger"
	note := func(percent int) string {
		if percent == 200 {
			return capped
		}
		return ""
	}
	p := prefs.Default()
	p.UIScale = 200
	s := newSettings(th, p, note, nil, nil)
	if have := s.scaleHint.Label; have != capped {
		t.Errorf("at 200 %%: the hint says %q, want %q", have, capped)
	}
	s.scale.pick(0) // 100 %
	if have, want := s.scaleHint.Label, "text, buttons and panels"; have != want {
		t.Errorf("100 %% picked: the hint says %q, want %q", have, want)
	}
	s.scale.pick(3) // 200 % again
	if have := s.scaleHint.Label; have != capped {
		t.Errorf("200 %% picked again: the hint says %q, want %q", have, capped)
	}
}
