package menu

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// erfInfo returns the build's erfworld as a server describes it.
func erfInfo(t testing.TB) protocol.RulesetInfo {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get("erfworld")
	if !ok {
		t.Fatal("no erfworld in the build")
	}
	return conn.InfoOf(rs.Info())
}

// classicInfo is another hex ruleset, smaller maps and fewer seats.
func classicInfo() protocol.RulesetInfo {
	return protocol.RulesetInfo{ID: "classic", Title: "Classic", Summary: "Another game on hexes.", Board: "hex",
		MinSeats: 2, MaxSeats: 6, Levels: []string{"easy", "normal", "hard"}, Default: "normal", Hash: strings.Repeat("c", 64),
		Settings: []protocol.SettingInfo{
			{Key: ruleset.KeyWidth, Label: "Map width", Min: 16, Max: 64, Default: 32},
			{Key: ruleset.KeyHeight, Label: "Map height", Min: 16, Max: 64, Default: 24},
		}}
}

// cardsInfo is a ruleset without a map, with settings of its own.
func cardsInfo() protocol.RulesetInfo {
	return protocol.RulesetInfo{ID: "cards", Title: "Cards", Summary: "A game of cards.", Board: "cards",
		MinSeats: 2, MaxSeats: 4, Levels: []string{"normal"}, Default: "normal", Hash: strings.Repeat("d", 64), Modded: true,
		Settings: []protocol.SettingInfo{
			{Key: "decks", Label: "Decks", Help: "shuffled together", Min: 1, Max: 3, Default: 1},
			{Key: "scoring", Label: "Scoring", Min: 0, Max: 1, Default: 0, Choices: []string{"Points", "Health"}},
		}}
}

func TestSettingsFromForm(t *testing.T) {
	erf := erfInfo(t)
	good := Form{Ruleset: "erfworld", Width: "48", Height: "36", Seats: 4, Bots: 3}
	tests := []struct {
		name    string
		edit    func(f *Form)
		want    protocol.Settings
		wantErr string // "" for none
	}{
		{
			name: "defaults",
			edit: func(f *Form) {},
			want: protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Bots: 3},
		},
		{
			name: "everything",
			edit: func(f *Form) {
				*f = Form{Ruleset: "erfworld", Width: " 100 ", Height: "16", Seed: " 12345678901234567890 ", Seats: 16, Bots: 15,
					TurnSeconds: 300, Name: "  Friday night ", Password: " secret ", Spectators: true, AllSeeing: true}
			},
			want: protocol.Settings{Name: "Friday night", Ruleset: "erfworld", Width: 100, Height: 16, Seed: 12345678901234567890,
				Seats: 16, Bots: 15, TurnSeconds: 300, Password: " secret ", Spectators: true, AllSeeing: true},
		},
		{
			name: "all-seeing needs spectators",
			edit: func(f *Form) { f.AllSeeing = true },
			want: protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Bots: 3},
		},
		{
			name: "largest seed",
			edit: func(f *Form) { f.Seed = "18446744073709551615" },
			want: protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Bots: 3, Seed: 18446744073709551615},
		},
		{name: "seed too large", edit: func(f *Form) { f.Seed = "18446744073709551616" }, wantErr: `seed "18446744073709551616": enter a whole number`},
		{name: "seed not a number", edit: func(f *Form) { f.Seed = "gobwin" }, wantErr: `seed "gobwin"`},
		{name: "negative seed", edit: func(f *Form) { f.Seed = "-3" }, wantErr: `seed "-3"`},
		{name: "long bad seed is clipped", edit: func(f *Form) { f.Seed = strings.Repeat("x", 40) }, wantErr: strings.Repeat("x", 24) + "…"},
		{name: "empty width", edit: func(f *Form) { f.Width = " " }, wantErr: "map width: enter a number from 16 to 512"},
		{name: "width not a number", edit: func(f *Form) { f.Width = "wide" }, wantErr: `map width "wide"`},
		{name: "width too small", edit: func(f *Form) { f.Width = "8" }, wantErr: "map width 8: must be 16 to 512"},
		{name: "height too large", edit: func(f *Form) { f.Height = "600" }, wantErr: "map height 600: must be 16 to 512"},
		{name: "no ruleset", edit: func(f *Form) { f.Ruleset = "" }, wantErr: "no ruleset chosen"},
		{name: "too many seats", edit: func(f *Form) { f.Seats = 17 }, wantErr: "17 seats"},
		{name: "only bots", edit: func(f *Form) { f.Bots = 4 }, wantErr: "4 bots for 4 seats"},
		{name: "timer too short", edit: func(f *Form) { f.TurnSeconds = 5 }, wantErr: "turn timer of 5 seconds"},
		{name: "name too long", edit: func(f *Form) { f.Name = strings.Repeat("n", 41) }, wantErr: "game name of 41 characters"},
		{name: "not an AI level of the ruleset", edit: func(f *Form) { f.AILevel = "expert" }, wantErr: `AI level "expert"`},
		{name: "an option the ruleset lacks is left out", edit: func(f *Form) { f.Options = map[string]int{"decks": 2} },
			want: protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Bots: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := good
			tt.edit(&f)
			have, err := SettingsFromForm(f, erf)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(playerMessage(err), tt.wantErr) {
					t.Fatalf("SettingsFromForm(%+v) error = %v, want one containing %q", f, err, tt.wantErr)
				}
				if !reflect.DeepEqual(have, protocol.Settings{}) {
					t.Errorf("SettingsFromForm returned %+v with its error, want zero settings", have)
				}
				return
			}
			if err != nil {
				t.Fatalf("SettingsFromForm(%+v): %v", f, err)
			}
			if !reflect.DeepEqual(have, tt.want) {
				t.Errorf("SettingsFromForm(%+v)\nhave %+v\nwant %+v", f, have, tt.want)
			}
		})
	}
}

// TestSettingsFromFormOfRuleset: the ruleset's own bounds and settings.
func TestSettingsFromFormOfRuleset(t *testing.T) {
	tests := []struct {
		name    string
		in      protocol.RulesetInfo
		f       Form
		want    protocol.Settings
		wantErr string
	}{
		{name: "a map within the ruleset's bounds", in: classicInfo(),
			f:    Form{Ruleset: "classic", Width: "64", Height: "16", Seats: 6, Bots: 5},
			want: protocol.Settings{Ruleset: "classic", Width: 64, Height: 16, Seats: 6, Bots: 5}},
		{name: "a map beyond them", in: classicInfo(), f: Form{Ruleset: "classic", Width: "96", Height: "16", Seats: 3, Bots: 2},
			wantErr: "map width 96: must be 16 to 64"},
		{name: "more seats than the ruleset's", in: classicInfo(), f: Form{Ruleset: "classic", Width: "32", Height: "24", Seats: 7, Bots: 6},
			wantErr: "7 seats: Classic is for 2 to 6 players"},
		{name: "no map, options in the ruleset's order", in: cardsInfo(),
			f:    Form{Ruleset: "cards", Width: "48", Height: "36", Seats: 3, Bots: 2, Options: map[string]int{"scoring": 1, "decks": 3}},
			want: protocol.Settings{Ruleset: "cards", Seats: 3, Bots: 2, Options: []protocol.Option{{Key: "decks", Value: 3}, {Key: "scoring", Value: 1}}}},
		{name: "an option out of its bounds", in: cardsInfo(), f: Form{Ruleset: "cards", Seats: 2, Bots: 1, Options: map[string]int{"decks": 4}},
			wantErr: "decks 4: must be 1 to 3"},
		{name: "a form of another ruleset", in: cardsInfo(), f: Form{Ruleset: "classic", Seats: 2, Bots: 1},
			wantErr: "the form is of cards"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := SettingsFromForm(tt.f, tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(playerMessage(err), tt.wantErr) {
					t.Fatalf("SettingsFromForm = %+v, %v; want an error containing %q", have, err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(have, tt.want) {
				t.Errorf("SettingsFromForm\nhave %+v, %v\nwant %+v", have, err, tt.want)
			}
		})
	}
}

func TestTimerLabel(t *testing.T) {
	tests := []struct {
		have int
		want string
	}{
		{0, "None"}, {30, "30 s"}, {60, "60 s"}, {90, "90 s"}, {120, "2 min"}, {300, "5 min"}, {5400, "90 min"}, {3600, "1 h"}, {86400, "24 h"},
	}
	for _, tt := range tests {
		if got := TimerLabel(tt.have); got != tt.want {
			t.Errorf("TimerLabel(%d) = %q, want %q", tt.have, got, tt.want)
		}
	}
}

func TestSetupVsAI(t *testing.T) {
	th := newTestTheme(t)
	var started []protocol.Settings
	s := NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{erfInfo(t), classicInfo()}},
		func(set protocol.Settings) { started = append(started, set) }, nil)

	// The defaults: the first ruleset, a Medium map, a random seed, three
	// bots, no timer.
	s.start()
	want := protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Bots: 3, AILevel: "normal"}
	if len(started) != 1 || !reflect.DeepEqual(started[0], want) {
		t.Fatalf("Start with the defaults gave %+v, want [%+v]", started, want)
	}
	if s.summary.Label != erfInfo(t).Summary {
		t.Errorf("the summary under the ruleset: %q", s.summary.Label)
	}

	s.ruleset.pick(1)
	s.size.pick(2) // Large
	s.opponents.step(+1)
	s.timer.pick(2) // 60 s
	s.seed.SetText("77")
	s.start()
	// Classic's maps are at most 64x64: Large is its largest preset.
	want = protocol.Settings{Ruleset: "classic", Width: 64, Height: 48, Seed: 77, Seats: 5, Bots: 4, TurnSeconds: 60, AILevel: "normal"}
	if len(started) != 2 || !reflect.DeepEqual(started[1], want) {
		t.Fatalf("Start after changes gave %+v, want %+v last", started, want)
	}
	if len(s.presets) != 3 {
		t.Errorf("classic offers the presets %v, want the three up to 64x48", s.presets)
	}
	s.level.set(0) // Easy, classic's first
	s.start()
	if len(started) != 3 || started[2].AILevel != "easy" {
		t.Fatalf("Start with Easy bots gave %+v, want AI level easy last", started)
	}
	started = started[:2]

	// Presets lock the size fields; Custom unlocks them.
	if !s.width.GetWidget().Disabled {
		t.Error("width field editable with a preset size")
	}
	s.size.pick(len(SizePresets()))
	if s.width.GetWidget().Disabled || s.height.GetWidget().Disabled {
		t.Error("size fields locked with a custom size")
	}
	s.width.SetText("8")
	s.start()
	if len(started) != 2 {
		t.Errorf("Start with a bad width called onStart: %+v", started[len(started)-1])
	}
	if have := s.status.label(); !strings.Contains(have, "map width 8") {
		t.Errorf("error line = %q, want the width's error", have)
	}
	s.width.SetText("20")
	s.seed.SetText("x")
	s.start()
	if have := s.status.label(); !strings.Contains(have, `seed "x"`) || len(started) != 2 {
		t.Errorf("after a bad seed: error line %q, %d starts; want the seed's error and no start", have, len(started))
	}
	s.seed.SetText("")
	s.start()
	if len(started) != 3 || started[2].Width != 20 || started[2].Seed != 0 {
		t.Errorf("Start after fixing the form gave %+v, want a 20-wide map with a random seed", started)
	}
	if have := s.status.label(); have != "" {
		t.Errorf("error line after a good Start = %q, want it cleared", have)
	}
}

func TestSetupLAN(t *testing.T) {
	th := newTestTheme(t)
	var started protocol.Settings
	defaults := protocol.Settings{Name: "Friday", Ruleset: "classic", Width: 40, Height: 30, Seed: 9, Seats: 6, Bots: 2,
		TurnSeconds: 90, Password: "pw", Spectators: true, AllSeeing: true, AILevel: "easy"}
	s := NewSetup(th, SetupOptions{Title: "Host", LAN: true, Rulesets: []protocol.RulesetInfo{erfInfo(t), classicInfo()}, Defaults: defaults},
		func(set protocol.Settings) { started = set }, nil)

	// Defaults off the presets are kept: a custom size, a 90 s timer.
	s.start()
	if !reflect.DeepEqual(started, defaults) {
		t.Fatalf("Start with the defaults gave\n%+v, want\n%+v", started, defaults)
	}
	if s.size.selected != len(s.presets) {
		t.Errorf("size choice %d for a 40x30 default, want Custom", s.size.selected)
	}

	// Fewer seats than bots pulls the bots down: a seat stays for a person.
	for range 5 {
		s.seats.step(-1)
	}
	if s.seats.n != 2 || s.bots.n != 1 || s.bots.max != 1 {
		t.Errorf("after lowering the seats to the minimum: %d seats, %d bots (max %d); want 2, 1, 1", s.seats.n, s.bots.n, s.bots.max)
	}
	s.spectators.pick(spectatorsNo)
	s.name.SetText("")
	s.start()
	want := defaults
	want.Seats, want.Bots, want.Spectators, want.AllSeeing, want.Name = 2, 1, false, false, ""
	if !reflect.DeepEqual(started, want) {
		t.Errorf("Start after changes gave\n%+v, want\n%+v", started, want)
	}
}

// TestSetupRulesets: picking a ruleset lays out its settings (no map for a
// ruleset without one, its own settings, its seats and levels), keeps what
// every game shares, and a ruleset the client cannot play says why and
// does not start.
func TestSetupRulesets(t *testing.T) {
	th := newTestTheme(t)
	var started []protocol.Settings
	s := NewSetup(th, SetupOptions{Title: "Host", LAN: true, Rulesets: []protocol.RulesetInfo{erfInfo(t), cardsInfo()},
		Playable: func(in protocol.RulesetInfo) error {
			if in.ID == "cards" {
				return errors.New("no screen for cards here")
			}
			return nil
		},
		Defaults: protocol.Settings{Name: "Friday", TurnSeconds: 60, Seats: 6, Bots: 2}},
		func(set protocol.Settings) { started = append(started, set) }, nil)
	if have, want := rulesetLabel(cardsInfo()), "Cards (modded)"; have != want {
		t.Errorf("the modded ruleset is listed as %q, want %q", have, want)
	}
	s.seed.SetText("5")
	s.ruleset.pick(1)
	if s.size != nil || s.width != nil {
		t.Error("a ruleset without a map offers a map size")
	}
	if s.summary.Label != "A game of cards." || s.status.label() != "no screen for cards here" {
		t.Errorf("summary %q, error line %q; want the summary, and why cards cannot be played", s.summary.Label, s.status.label())
	}
	if s.seats.max != 4 || s.seats.n != 4 || len(s.levels) != 1 || len(s.options) != 2 {
		t.Errorf("cards: seats %d (max %d), levels %v, %d options; want 4 of 4, [normal], 2", s.seats.n, s.seats.max, s.levels, len(s.options))
	}
	if s.seed.GetText() != "5" || s.name.GetText() != "Friday" || s.timers[s.timer.selected] != 60 {
		t.Errorf("what every game shares was not kept: seed %q, name %q, timer %d", s.seed.GetText(), s.name.GetText(), s.timers[s.timer.selected])
	}
	s.start()
	if len(started) != 0 || s.status.label() != "no screen for cards here" {
		t.Errorf("Start with a ruleset that cannot be played: %v, error line %q", started, s.status.label())
	}
	s.options[0].stepper.step(+1)
	s.options[1].choice.pick(1)
	s.opts.Playable = nil
	s.start()
	want := protocol.Settings{Name: "Friday", Ruleset: "cards", Seed: 5, Seats: 4, Bots: 2, TurnSeconds: 60, AILevel: "normal",
		Options: []protocol.Option{{Key: "decks", Value: 2}, {Key: "scoring", Value: 1}}}
	if len(started) != 1 || !reflect.DeepEqual(started[0], want) {
		t.Fatalf("Start of cards gave %+v, want %+v", started, want)
	}
	s.ruleset.pick(0)
	if s.size == nil || s.status.label() != "" || s.seats.max != 16 {
		t.Errorf("back to erfworld: size %v, error line %q, seats max %d", s.size, s.status.label(), s.seats.max)
	}
}

func TestStepper(t *testing.T) {
	th := newTestTheme(t)
	var changes []int
	s := newStepper(th, 20, 1, 15, func(n int) { changes = append(changes, n) })
	if s.n != 15 || !s.plus.GetWidget().Disabled || s.minus.GetWidget().Disabled {
		t.Errorf("stepper from 20 in 1..15: n %d, plus disabled %v, minus disabled %v; want 15, true, false",
			s.n, s.plus.GetWidget().Disabled, s.minus.GetWidget().Disabled)
	}
	s.step(+1) // at the top: no change
	s.step(-1)
	if s.n != 14 || s.value.Label != "14" || len(changes) != 1 || changes[0] != 14 {
		t.Errorf("after +1 at the top and -1: n %d, label %q, changes %v; want 14, \"14\", [14]", s.n, s.value.Label, changes)
	}
	s.setRange(1, 3)
	if s.n != 3 || len(changes) != 1 {
		t.Errorf("after setRange(1, 3): n %d, changes %v; want 3 and no call", s.n, changes)
	}
}

func TestLevelTip(t *testing.T) {
	labels := []string{"Passive", "Random", "Easy", "Normal"}
	tests := []struct {
		labels []string
		n, d   int
		want   string
	}{
		{labels, 3, +1, "Normal is the strongest AI level"},
		{labels, 3, -1, "A weaker AI: Easy"},
		{labels, 0, -1, "Passive is the weakest AI level"},
		{labels, 0, +1, "A stronger AI: Random"},
		{[]string{"Default"}, 0, +1, "Default is the only AI level of this game"},
	}
	for _, tt := range tests {
		if have := levelTip(tt.labels, tt.n, tt.d); have != tt.want {
			t.Errorf("levelTip(%q, %d, %+d) = %q, want %q", tt.labels, tt.n, tt.d, have, tt.want)
		}
	}
}

// TestSetupKeepsMapSize: the map size the player picked stays picked when
// another ruleset is chosen, where that ruleset takes it, and through a
// ruleset without a map (the playtest found it back at Medium); a size
// given in the defaults (the last game's, from the preferences) is
// picked, unless the ruleset cannot take it.
func TestSetupKeepsMapSize(t *testing.T) {
	th := newTestTheme(t)
	rulesets := []protocol.RulesetInfo{erfInfo(t), classicInfo(), cardsInfo()}
	var started []protocol.Settings
	s := NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: rulesets},
		func(set protocol.Settings) { started = append(started, set) }, nil)
	shown := func() string { return s.size.buttons[s.size.selected].Text().Label }
	s.Container().Validate()
	if have := shown(); have != "Medium 48×36" {
		t.Fatalf("a first setup shows %q, want Medium", have)
	}
	s.size.pick(0) // Small
	for _, step := range []struct {
		ruleset int
		want    string
	}{{1, "Small 32×24"}, {2, ""}, {0, "Small 32×24"}} {
		s.ruleset.pick(step.ruleset)
		if step.want == "" {
			continue // cards: no map
		}
		s.Container().Validate()
		if have := shown(); have != step.want {
			t.Errorf("after picking %s: the map size is %q, want %q", rulesets[step.ruleset].ID, have, step.want)
		}
	}
	s.start()
	if len(started) != 1 || started[0].Width != 32 || started[0].Height != 24 {
		t.Fatalf("Start gave %+v, want a 32×24 map", started)
	}

	tests := []struct {
		name    string
		ruleset string
		w, h    int
		want    string
	}{
		{"the last game's size", "erfworld", 64, 48, "Large 64×48"},
		{"a custom last size", "erfworld", 40, 30, "Custom"},
		{"a size the ruleset cannot take", "classic", 96, 72, "Medium 48×36"},
	}
	for _, tt := range tests {
		s := NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: rulesets,
			Defaults: protocol.Settings{Ruleset: tt.ruleset, Width: tt.w, Height: tt.h}}, nil, nil)
		s.Container().Validate()
		if have := s.size.buttons[s.size.selected].Text().Label; have != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, have, tt.want)
		}
	}
}

// TestSetupDecks: against the AI, the form of a ruleset whose players
// bring a deck asks "Your deck" (the first choice the default) and
// SeatData is the deck picked; a ruleset without decks, and a LAN game
// (whose lobby asks), has no such row.
func TestSetupDecks(t *testing.T) {
	th := newTestTheme(t)
	decks := func(id string) []SeatChoice {
		if id != "cards" {
			return nil
		}
		return []SeatChoice{{Label: "Standard", Data: []byte("standard")}, {Label: "Hun raid", Data: []byte("huns")}}
	}
	rulesets := []protocol.RulesetInfo{erfInfo(t), cardsInfo()}
	tests := []struct {
		name string
		lan  bool
		rs   int
		pick int // -1: none
		want string
	}{
		{"a ruleset without decks", false, 0, -1, ""},
		{"the default deck", false, 1, -1, "standard"},
		{"a deck picked", false, 1, 1, "huns"},
		{"a LAN game", true, 1, -1, ""},
	}
	for _, tt := range tests {
		var started bool
		s := NewSetup(th, SetupOptions{Title: "Play", LAN: tt.lan, Rulesets: rulesets, Decks: decks,
			Defaults: protocol.Settings{Ruleset: rulesets[tt.rs].ID, Seats: 2, Bots: 1}}, func(protocol.Settings) { started = true }, nil)
		if have := s.deck != nil; have != (tt.want != "") {
			t.Errorf("%s: a Your deck row %v", tt.name, have)
		}
		if tt.pick >= 0 {
			s.deck.pick(tt.pick)
		}
		s.start()
		if have := string(s.SeatData()); !started || have != tt.want {
			t.Errorf("%s: started %v, SeatData %q, want %q", tt.name, started, have, tt.want)
		}
	}
}

// TestPerRow: a choice of long labels takes fewer buttons a line, so
// that a card game's game types fit a 1024x768 window.
func TestPerRow(t *testing.T) {
	for _, tt := range []struct {
		have []string
		want int
	}{
		{[]string{"None", "15 s", "30 s", "1 min", "2 min", "5 min", "10 min"}, choicesPerRow},
		{[]string{"None", "Blitzkrieg", "Southpole", "Slaughterhouse", "Architect"}, 4},
		{[]string{"Open", "Edition: Family Edition", "One empire's cards: The Huns"}, 2},
		{[]string{strings.Repeat("x", 100)}, 1},
		{nil, choicesPerRow},
	} {
		if have := perRow(tt.have); have != tt.want {
			t.Errorf("perRow(%q) = %d, want %d", tt.have, have, tt.want)
		}
	}
}

// TestSetupLevelNote: under the AI level the form says how the chosen
// level plays, in the ruleset's words (RulesetInfo.LevelNotes), and says
// it again when the player steps to another level.
func TestSetupLevelNote(t *testing.T) {
	th := newTestTheme(t)
	info := erfInfo(t)
	if len(info.LevelNotes) != len(info.Levels) {
		t.Fatalf("erfworld's info has %d level notes for %d levels", len(info.LevelNotes), len(info.Levels))
	}
	s := NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{info}}, func(protocol.Settings) {}, nil)
	at := func(level string) string { return info.LevelNotes[slices.Index(info.Levels, level)] }
	if have, want := s.levelNote.Label, at(info.Default); have != want || have == "" {
		t.Errorf("the note under the default level %q: %q, want %q", info.Default, have, want)
	}
	s.level.step(-1)
	below := info.Levels[slices.Index(info.Levels, info.Default)-1]
	if have, want := s.levelNote.Label, at(below); have != want || have == at(info.Default) {
		t.Errorf("the note after stepping down to %q: %q, want %q", below, have, want)
	}
	info.LevelNotes = nil
	s = NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{info}}, func(protocol.Settings) {}, nil)
	if have, want := s.levelNote.Label, "how the bots play"; have != want {
		t.Errorf("the note of a ruleset without notes: %q, want %q", have, want)
	}
}

// TestSetupRebuild: the setup built again at twice the size
// (Setup.Rebuild) shows what the player left: cases the form alone does
// not tell apart.
func TestSetupRebuild(t *testing.T) {
	th := newTestTheme(t)
	large, err := NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	rulesets := []protocol.RulesetInfo{erfInfo(t), classicInfo(), cardsInfo()}
	sizeShown := func(s *Setup) string {
		if s.size == nil {
			return "no map"
		}
		return fmt.Sprintf("%s, fields locked %v", s.size.buttons[s.size.selected].Text().Label, s.width.GetWidget().Disabled)
	}
	tests := []struct {
		name     string
		defaults protocol.Settings
		play     func(s *Setup)
		// shown says what the test looks at; after, if not nil, is what
		// the player does on the screen built again before it looks.
		shown func(s *Setup) string
		after func(s *Setup)
		want  string
	}{
		{
			name:  "Custom with a preset's numbers stays Custom",
			play:  func(s *Setup) { s.size.pick(len(s.presets)) },
			shown: sizeShown,
			want:  "Custom, fields locked false",
		},
		{
			name:  "the size kept through a ruleset without a map",
			play:  func(s *Setup) { s.size.pick(0); s.ruleset.pick(2) },
			after: func(s *Setup) { s.ruleset.pick(0) },
			shown: sizeShown,
			want:  "Small 32×24, fields locked true",
		},
		{
			name:     "a timer offered besides the usual ones",
			defaults: protocol.Settings{TurnSeconds: 45},
			play:     func(s *Setup) { s.timer.pick(slices.Index(s.timers, 60)) },
			shown:    func(s *Setup) string { return fmt.Sprintf("%v, %d chosen", s.timers, s.timers[s.timer.selected]) },
			want:     "[0 30 45 60 120 300], 60 chosen",
		},
		{
			name:  "the error Start showed",
			play:  func(s *Setup) { s.seed.SetText("x"); s.start() },
			shown: func(s *Setup) string { return fmt.Sprintf("%q, an error %v", s.status.label(), s.status.isErr) },
			want:  `"seed \"x\": enter a whole number from 0 to 18446744073709551615, or nothing for a random map", an error true`,
		},
	}
	for _, tt := range tests {
		s := NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: rulesets, Defaults: tt.defaults}, nil, nil)
		tt.play(s)
		s.Container().Validate()
		before := tt.shown(s)
		n := s.Rebuild(large)
		if n.t != large {
			t.Fatalf("%s: built again at scale %v, want 2", tt.name, n.t.Scale())
		}
		if tt.after != nil {
			tt.after(n)
		}
		n.Container().Validate()
		if have := tt.shown(n); have != tt.want || (tt.after == nil && have != before) {
			t.Errorf("%s: built again it shows %s, want %s (before: %s)", tt.name, have, tt.want, before)
		}
	}
}
