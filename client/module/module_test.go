package module_test

import (
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/module"
	"empires/client/module/erfworld"
	"empires/client/prefs"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// other is a module of another ruleset, that shows nothing.
type other struct{ id string }

func (o other) ID() string { return o.id }
func (o other) OpenScreen(ruleset.Ruleset, module.Host) (module.Screen, error) {
	return nil, errors.New("other shows nothing")
}

func TestNewRegistry(t *testing.T) {
	tests := []struct {
		name string
		have []module.Module
		want string // "" for none
	}{
		{"one module", []module.Module{erfworld.Module{}}, ""},
		{"two rulesets", []module.Module{erfworld.Module{}, other{"erfpires"}}, ""},
		{"two of one ruleset", []module.Module{erfworld.Module{}, other{"erfworld"}}, "two modules of ruleset erfworld"},
		{"a module of no ruleset", []module.Module{other{""}}, "a module of no ruleset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := module.NewRegistry(tt.have...)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("NewRegistry: %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("NewRegistry: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestRegistryCheck: a ruleset without a module is refused with a reason
// for the player; one with a module opens its screen, and a module's
// refusal names the ruleset.
func TestRegistryCheck(t *testing.T) {
	r, err := module.NewRegistry(erfworld.Module{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(protocol.RulesetInfo{ID: "erfworld", Title: "Erfworld Empires"}); err != nil {
		t.Errorf("Check(erfworld): %v", err)
	}
	err = r.Check(protocol.RulesetInfo{ID: "generals", Title: "Empires and Generals"})
	if err == nil || !strings.Contains(err.Error(), "cannot show games of Empires and Generals") {
		t.Errorf("Check(a ruleset without a module): %v, want the reason naming it", err)
	}
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	scr, err := r.OpenScreen(reg.Default(), nullHost{th})
	if err != nil || scr == nil {
		t.Errorf("OpenScreen(the build's erfworld) = %v, %v; want its screen", scr, err)
	}
	em, _ := reg.Get("empire")
	if _, err := r.OpenScreen(em, nullHost{th}); err == nil || !strings.Contains(err.Error(), "cannot show games of") {
		t.Errorf("OpenScreen(a ruleset without a module) = %v, want why", err)
	}
	o, err := module.NewRegistry(other{"erfworld"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.OpenScreen(reg.Default(), nullHost{th}); err == nil || !strings.HasPrefix(err.Error(), "Erfworld Empires: other shows nothing") {
		t.Errorf("OpenScreen of a module that refuses = %v, want its reason after the ruleset's title", err)
	}
}

// nullHost is a shell that frames nothing: enough to open a screen.
type nullHost struct{ th *menu.Theme }

func (h nullHost) Theme() *menu.Theme           { return h.th }
func (h nullHost) Prefs() prefs.Prefs           { return prefs.Default() }
func (h nullHost) Notify(string)                {}
func (h nullHost) Changed(bool)                 {}
func (h nullHost) OpenWindow(*widget.Container) {}
func (h nullHost) CloseWindow()                 {}
func (h nullHost) MapRect() image.Rectangle     { return image.Rect(0, 40, 950, 800) }
func (h nullHost) MapInSight() image.Rectangle  { return image.Rect(0, 40, 950, 630) }
func (h nullHost) PanelWidth() int              { return 290 }
func (h nullHost) Act([]byte) bool              { return false }
