package gameflags

import (
	"bytes"
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// cards is the info of a ruleset without a map, with two settings.
func cards() ruleset.Info {
	return ruleset.Info{ID: "cards", Title: "Cards", MinSeats: 2, MaxSeats: 20,
		Settings: []ruleset.Setting{
			{Key: "rounds", Label: "Rounds", Min: 1, Max: 9, Default: 3},
			{Key: "deck", Label: "Deck", Min: 0, Max: 2, Choices: []string{"standard", "aggro", "control"}},
		}}
}

// TestOptions: -option, repeated or with commas, gives the options in the
// order given, checked against the ruleset's settings with errors that
// name them.
func TestOptions(t *testing.T) {
	tests := []struct {
		args    []string
		want    []protocol.Option
		wantErr string // "" for none; else a part of the parse's or For's error
	}{
		{nil, nil, ""},
		{[]string{"-option", "rounds=6"}, []protocol.Option{{Key: "rounds", Value: 6}}, ""},
		{[]string{"-option", "rounds=6,deck=1"}, []protocol.Option{{Key: "rounds", Value: 6}, {Key: "deck", Value: 1}}, ""},
		{[]string{"-option", "deck=2", "-option", " rounds = 9 "}, []protocol.Option{{Key: "deck", Value: 2}, {Key: "rounds", Value: 9}}, ""},
		{[]string{"-option", "rounds"}, nil, `"rounds" is not key=value`},
		{[]string{"-option", "=3"}, nil, `"=3" is not key=value`},
		{[]string{"-option", "rounds=six"}, nil, "rounds=six: the value is not a whole number"},
		{[]string{"-option", "rounds=2", "-option", "rounds=3"}, nil, "rounds is given twice"},
		{[]string{"-option", "rounds=10"}, nil, "-option: rounds 10: must be 1 to 9"},
		{[]string{"-option", "deck=5"}, nil, "-option: deck: choice 5 of 3"},
		{[]string{"-option", "colour=1"}, nil,
			"-option colour: Cards has no such setting; its settings: rounds (1 to 9, default 3), deck (0 to 2: standard, aggro, control; default 0)"},
		{[]string{"-option", "width=40"}, nil, "-option width: the map's size is -size"},
	}
	for _, tt := range tests {
		var o Options
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Var(&o, "option", Usage)
		err := fs.Parse(tt.args)
		var have ruleset.Options
		if err == nil {
			have, err = o.For(cards())
		}
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: error %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		case err != nil:
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if !reflect.DeepEqual(o.Protocol(), tt.want) {
			t.Errorf("%q: Protocol() = %v, want %v", tt.args, o.Protocol(), tt.want)
		}
		if len(have) != len(tt.want) {
			t.Errorf("%q: For = %v, want %v", tt.args, have, tt.want)
		}
		for _, op := range tt.want {
			if have[op.Key] != op.Value {
				t.Errorf("%q: For = %v, want %v", tt.args, have, tt.want)
			}
		}
		if back := o.String(); tt.want != nil && strings.Count(back, "=") != len(tt.want) {
			t.Errorf("%q: String() = %q", tt.args, back)
		}
	}
}

func TestSettingsNone(t *testing.T) {
	in := ruleset.Info{Title: "Hexes", Settings: []ruleset.Setting{{Key: ruleset.KeyWidth}, {Key: ruleset.KeyHeight}}}
	if have, want := Settings(in), "it has no settings but the map's size"; have != want {
		t.Errorf("Settings = %q, want %q", have, want)
	}
}

// deckRules takes set-up data: its default is the deck's size.
type deckRules struct{ ruleset.Ruleset }

func (deckRules) CheckSeat(ruleset.Options, []byte) ([]ruleset.Rejection, error) { return nil, nil }
func (deckRules) DefaultSeat(o ruleset.Options) []byte                           { return []byte{byte(o["size"])} }

func TestSeatData(t *testing.T) {
	if have := SeatData(nil, nil, 3); have != nil {
		t.Errorf("a ruleset without set-up data: %v, want nil", have)
	}
	have := SeatData(deckRules{}, ruleset.Options{"size": 7}, 3)
	if len(have) != 3 {
		t.Fatalf("SeatData of 3 seats: %v", have)
	}
	for i, d := range have {
		if !bytes.Equal(d, []byte{7}) {
			t.Errorf("seat %d: %v, want the default [7]", i+1, d)
		}
	}
}
