package module_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/module"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// withDeck is erfworld taking seat set-up data: its default is one byte,
// the option "deck".
type withDeck struct{ ruleset.Ruleset }

func (withDeck) CheckSeat(ruleset.Options, []byte) ([]ruleset.Rejection, error) { return nil, nil }
func (withDeck) DefaultSeat(o ruleset.Options) []byte                           { return []byte{byte(o["deck"])} }

// chooser is a module with a chooser of its own: two decks.
type chooser struct{ other }

func (chooser) SeatChooser(setup module.SeatSetup) (widget.PreferredSizeLocateableWidget, []menu.SeatChoice) {
	return nil, []menu.SeatChoice{{Label: "Aggro", Data: []byte{1}}, {Label: "Control", Data: []byte{2}}}
}

// TestSeatChoices: a ruleset without set-up data offers nothing; a module
// without a chooser offers the standard deck, the ruleset's default for
// the game's options; a module with one offers its own.
func TestSeatChoices(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	ew, _ := reg.Get("erfworld")
	if w, cs := module.SeatChoices(other{"erfworld"}, module.SeatSetup{Ruleset: ew}); w != nil || cs != nil {
		t.Errorf("erfworld, without set-up data: %v, %v; want nothing", w, cs)
	}
	deck := withDeck{ew}
	_, cs := module.SeatChoices(other{"erfworld"}, module.SeatSetup{Ruleset: deck, Options: ruleset.Options{"deck": 7}})
	if len(cs) != 1 || cs[0].Label != menu.StandardDeck || !bytes.Equal(cs[0].Data, []byte{7}) {
		t.Errorf("a module without a chooser: %+v, want the standard deck [7]", cs)
	}
	_, cs = module.SeatChoices(chooser{other{"erfworld"}}, module.SeatSetup{Ruleset: deck})
	if want := []menu.SeatChoice{{Label: "Aggro", Data: []byte{1}}, {Label: "Control", Data: []byte{2}}}; !reflect.DeepEqual(cs, want) {
		t.Errorf("a module with a chooser: %+v, want %+v", cs, want)
	}
}
