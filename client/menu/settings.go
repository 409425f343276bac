package menu

import (
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/prefs"
	"empires/shared/protocol"
)

// NewSettings returns the settings screen, showing p. Save checks the
// preferences (prefs.Prefs.Validate) and calls onSave with them, showing
// the error it returns, if any; Back calls onBack (unsaved changes are
// dropped).
func NewSettings(t *Theme, p prefs.Prefs, onSave func(prefs.Prefs) error, onBack func()) *widget.Container {
	return newSettings(t, p, onSave, onBack).root
}

// settingsScreen is the settings screen's state.
type settingsScreen struct {
	root    *widget.Container
	prefs   prefs.Prefs // what the screen started from
	name    *widget.TextInput
	address *widget.TextInput
	grid    *choice
	anim    *choice
	edgePan *choice
	status  *statusLine
	onSave  func(prefs.Prefs) error
}

// animLabels returns the labels of the animation speed choice, in the order
// of prefs.AnimSpeeds.
func animLabels() []string { return []string{"Slow", "Normal", "Fast", "Off"} }

func newSettings(t *Theme, p prefs.Prefs, onSave func(prefs.Prefs) error, onBack func()) *settingsScreen {
	s := &settingsScreen{prefs: p, onSave: onSave}
	s.name = t.NewInput(300, widget.TextInputOpts.Validation(maxRunes(protocol.MaxNameLen)))
	s.name.SetText(p.Name)
	s.address = t.NewInput(300, widget.TextInputOpts.Validation(maxRunes(255)), widget.TextInputOpts.Placeholder(prefs.DefaultAddress))
	s.address.SetText(p.Address)
	s.grid = newChoice(t, []string{"Shown", "Hidden"}, onOff(!p.Grid), nil)
	anim := slices.Index(prefs.AnimSpeeds(), p.AnimSpeed)
	if anim < 0 {
		anim = slices.Index(prefs.AnimSpeeds(), prefs.AnimNormal)
	}
	s.anim = newChoice(t, animLabels(), anim, nil)
	s.edgePan = newChoice(t, []string{"On", "Off"}, onOff(!p.EdgePan), nil)

	s.status = newStatusLine(t, 560)
	save := t.NewPrimaryButton("Save", s.save, widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(140, 0)))
	back := t.NewButton("Back", onBack, widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(140, 0)))
	buttons := row(back, save)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}

	panel := t.NewPanel(nil)
	panel.AddChild(
		heading(t, "Settings"),
		form(t,
			formRow{"Player name", row(s.name, hint(t, "shown to the other players"))},
			formRow{"Server address", row(s.address, hint(t, "host:port, for Join game"))},
			formRow{"Hex grid", s.grid.row},
			formRow{"Turn animation", s.anim.row},
			formRow{"Edge panning", row(s.edgePan.row, hint(t, "the mouse at the window's edge scrolls the map"))},
		),
		s.status.text,
		buttons,
	)
	s.root = newScreen(t, panel, nil)
	return s
}

// onOff returns the index of a two-way choice: 0 for the first, 1 for the
// second.
func onOff(second bool) int {
	if second {
		return 1
	}
	return 0
}

// values returns the preferences the screen shows.
func (s *settingsScreen) values() prefs.Prefs {
	p := s.prefs
	p.Name = strings.TrimSpace(s.name.GetText())
	p.Address = strings.TrimSpace(s.address.GetText())
	p.Grid = s.grid.selected == 0
	p.AnimSpeed = prefs.AnimSpeeds()[s.anim.selected]
	p.EdgePan = s.edgePan.selected == 0
	return p
}

// save is the Save button.
func (s *settingsScreen) save() {
	p := s.values()
	if err := p.Validate(); err != nil {
		s.status.set(err.Error(), true)
		return
	}
	if s.onSave != nil {
		if err := s.onSave(p); err != nil {
			s.status.set(err.Error(), true)
			return
		}
	}
	s.prefs = p
	s.status.set("Saved.", false)
}
