package ruleset_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/shared/ruleset"
)

// validInfo is an info Check accepts: a board game with a map and a
// choice.
func validInfo(id string) ruleset.Info {
	return ruleset.Info{
		ID: id, Title: "Test " + id, Summary: "a game for tests", Board: "hex",
		MinSeats: 2, MaxSeats: 8,
		Settings: []ruleset.Setting{
			{Key: ruleset.KeyWidth, Label: "Map width", Min: 16, Max: 512, Default: 48},
			{Key: ruleset.KeyHeight, Label: "Map height", Min: 16, Max: 512, Default: 32},
			{Key: "deck", Label: "Deck", Choices: []string{"short", "long", "full"}, Min: 0, Max: 2, Default: 1},
		},
		Levels: []string{"easy", "hard"}, DefaultLevel: "hard",
		Hash: ruleset.HashData([]byte(id)),
	}
}

// TestInfoCheck: the info a registry accepts, and each thing it refuses.
func TestInfoCheck(t *testing.T) {
	with := func(f func(*ruleset.Info)) ruleset.Info { in := validInfo("test"); f(&in); return in }
	tests := []struct {
		name string
		have ruleset.Info
		want string // "" for valid, else the whole error
	}{
		{"valid", validInfo("test"), ""},
		{"digits in the id", with(func(in *ruleset.Info) { in.ID = "risk2" }), ""},
		{"no settings", with(func(in *ruleset.Info) { in.Settings = nil }), ""},
		{"one seat exactly", with(func(in *ruleset.Info) { in.MinSeats, in.MaxSeats = 1, 1 }), ""},

		{"no id", with(func(in *ruleset.Info) { in.ID = "" }), `ruleset id "": want lower-case letters and digits`},
		{"capitals in the id", with(func(in *ruleset.Info) { in.ID = "Risk" }), `ruleset id "Risk": want lower-case letters and digits`},
		{"a dash in the id", with(func(in *ruleset.Info) { in.ID = "erf-world" }), `ruleset id "erf-world": want lower-case letters and digits`},
		{"no title", with(func(in *ruleset.Info) { in.Title = "" }), "ruleset test has no title"},
		{"no seats", with(func(in *ruleset.Info) { in.MinSeats, in.MaxSeats = 0, 4 }), "ruleset test: seats 0 to 4"},
		{"seats the wrong way", with(func(in *ruleset.Info) { in.MinSeats, in.MaxSeats = 4, 2 }), "ruleset test: seats 4 to 2"},
		{"no levels", with(func(in *ruleset.Info) { in.Levels = nil }), `ruleset test: default AI level "hard" is not one of []`},
		{"unknown default level", with(func(in *ruleset.Info) { in.DefaultLevel = "genius" }), `ruleset test: default AI level "genius" is not one of [easy hard]`},
		{"no hash", with(func(in *ruleset.Info) { in.Hash = "" }), "ruleset test has no content hash"},
		{"empty key", with(func(in *ruleset.Info) { in.Settings[2].Key = "" }), `ruleset test: setting key "" empty or repeated`},
		{"repeated key", with(func(in *ruleset.Info) { in.Settings[2].Key = ruleset.KeyWidth }), `ruleset test: setting key "width" empty or repeated`},
		{"choices and bounds disagree", with(func(in *ruleset.Info) { in.Settings[2].Max = 3 }), "ruleset test: setting deck has 3 choices, so bounds 0 to 2"},
		{"choices from 1", with(func(in *ruleset.Info) { in.Settings[2].Min = 1 }), "ruleset test: setting deck has 3 choices, so bounds 0 to 2"},
		{"bounds the wrong way", with(func(in *ruleset.Info) { in.Settings[0].Min, in.Settings[0].Max = 64, 32 }), "ruleset test: setting width: default 48 not within 64 to 32"},
		{"default below", with(func(in *ruleset.Info) { in.Settings[1].Default = 8 }), "ruleset test: setting height: default 8 not within 16 to 512"},
		{"default above", with(func(in *ruleset.Info) { in.Settings[1].Default = 513 }), "ruleset test: setting height: default 513 not within 16 to 512"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.have.Check()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("have %v, want valid", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("have %v, want %q", err, tt.want)
			}
		})
	}
}

// TestCheckOptions: known keys within their bounds pass; an unknown key
// (clipped when long) or a value out of bounds is refused in the player's
// words.
func TestCheckOptions(t *testing.T) {
	in := validInfo("test")
	tests := []struct {
		name string
		have ruleset.Options
		want string
	}{
		{"none", nil, ""},
		{"bounds", ruleset.Options{ruleset.KeyWidth: 16, ruleset.KeyHeight: 512, "deck": 2}, ""},
		{"narrow", ruleset.Options{ruleset.KeyWidth: 8}, "map width 8: must be 16 to 512"},
		{"tall", ruleset.Options{ruleset.KeyHeight: 513}, "map height 513: must be 16 to 512"},
		{"choice out of range", ruleset.Options{"deck": 3}, "deck: choice 3 of 3"},
		{"negative choice", ruleset.Options{"deck": -1}, "deck: choice -1 of 3"},
		{"unknown key", ruleset.Options{"fog": 1}, `Test test has no setting "fog"`},
		{"long unknown key", ruleset.Options{strings.Repeat("k", 40): 1}, `Test test has no setting "` + strings.Repeat("k", 32) + `…"`},
		// The keys are checked in order, so the error is always the same.
		{"two bad keys", ruleset.Options{"zz": 1, "aa": 1}, `Test test has no setting "aa"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := in.CheckOptions(tt.have)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("have %v, want valid", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("have %v, want %q", err, tt.want)
			}
		})
	}
}

// TestSettings: Defaults, Setting, HasMap and Options.Get.
func TestSettings(t *testing.T) {
	in := validInfo("test")
	want := ruleset.Options{ruleset.KeyWidth: 48, ruleset.KeyHeight: 32, "deck": 1}
	if have := in.Defaults(); !reflect.DeepEqual(have, want) {
		t.Errorf("Defaults = %v, want %v", have, want)
	}
	if err := in.CheckOptions(in.Defaults()); err != nil {
		t.Errorf("the defaults fail CheckOptions: %v", err)
	}
	if s, ok := in.Setting("deck"); !ok || s.Label != "Deck" {
		t.Errorf(`Setting("deck") = %+v, %v`, s, ok)
	}
	if s, ok := in.Setting("nope"); ok || !reflect.DeepEqual(s, ruleset.Setting{}) {
		t.Errorf(`Setting("nope") = %+v, %v; want none`, s, ok)
	}
	if !in.HasMap() {
		t.Error("an info with width and height has no map")
	}
	cards := in
	cards.Settings = in.Settings[1:] // height alone
	if cards.HasMap() {
		t.Error("an info with a height but no width has a map")
	}
	o := ruleset.Options{"deck": 0}
	if o.Get("deck", 2) != 0 || o.Get("fog", 7) != 7 || ruleset.Options(nil).Get("deck", 3) != 3 {
		t.Error("Options.Get does not return the value set, else the default")
	}
}

// TestStep: Acts, the modes' names, a rejection's message and HashData.
func TestStep(t *testing.T) {
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: 3, Seq: 12, Actors: []ruleset.Seat{2, 4}}
	for s, want := range map[ruleset.Seat]bool{0: false, 1: false, 2: true, 3: false, 4: true} {
		if st.Acts(s) != want {
			t.Errorf("Acts(%d) = %v, want %v", s, !want, want)
		}
	}
	names := map[ruleset.Mode]string{ruleset.Simultaneous: "simultaneous", ruleset.Interactive: "interactive", 0: "mode 0", 9: "mode 9"}
	for m, want := range names {
		if m.String() != want {
			t.Errorf("Mode(%d) = %q, want %q", m, m.String(), want)
		}
	}
	var err error = &ruleset.Rejection{Index: 2, Order: "move army 12", Reason: "army 12 does not exist"}
	if err.Error() != "move army 12: army 12 does not exist" {
		t.Errorf("rejection %q", err)
	}
	if err := (&ruleset.Rejection{Reason: "not your turn"}); err.Error() != "not your turn" {
		t.Errorf("rejection of an action %q", err)
	}
	// The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
	if h := ruleset.HashData([]byte("abc")); h != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("HashData(abc) = %s", h)
	}
}

// fake is a ruleset that only describes itself: the registry looks at
// nothing else.
type fake struct {
	info ruleset.Info
}

var _ ruleset.Ruleset = fake{}

var errFake = errors.New("a fake ruleset plays no game")

func (f fake) Info() ruleset.Info                       { return f.info }
func (f fake) Data() []byte                             { return []byte(f.info.ID) }
func (f fake) WithData([]byte) (ruleset.Ruleset, error) { return nil, errFake }
func (f fake) New(ruleset.Config) (ruleset.Game, error) { return nil, errFake }
func (f fake) Load([]byte) (ruleset.Game, error)        { return nil, errFake }
func (f fake) DecodeView([]byte) (ruleset.View, error)  { return nil, errFake }
func (f fake) NewAI(string, uint64) (ruleset.AI, error) { return nil, errFake }

// mod returns a fake ruleset of id with another title: a mod of it.
func mod(id, title string) fake {
	f := fake{validInfo(id)}
	f.info.Title = title
	return f
}

// ids returns the ids of xs.
func ids[T any](xs []T, id func(T) string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

// TestRegistry: the default first, lookups by id, a mod replacing its
// ruleset in a new registry only, and what NewRegistry and With refuse.
func TestRegistry(t *testing.T) {
	r, err := ruleset.NewRegistry(fake{validInfo("erfworld")}, fake{validInfo("risk")}, fake{validInfo("cards")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"erfworld", "risk", "cards"}
	if have := r.IDs(); !reflect.DeepEqual(have, want) {
		t.Errorf("IDs = %v, want %v", have, want)
	}
	if have := ids(r.Infos(), func(in ruleset.Info) string { return in.ID }); !reflect.DeepEqual(have, want) {
		t.Errorf("Infos = %v, want %v", have, want)
	}
	if have := ids(r.All(), func(x ruleset.Ruleset) string { return x.Info().ID }); !reflect.DeepEqual(have, want) {
		t.Errorf("All = %v, want %v", have, want)
	}
	if r.Default().Info().ID != "erfworld" {
		t.Errorf("the default is %s, want erfworld", r.Default().Info().ID)
	}
	all := r.All()
	all[0] = fake{validInfo("chess")}
	if r.Default().Info().ID != "erfworld" {
		t.Error("changing All's slice changed the registry")
	}
	if x, ok := r.Get("risk"); !ok || x.Info().ID != "risk" {
		t.Errorf(`Get("risk") = %v, %v`, x, ok)
	}
	if x, ok := r.Get("chess"); ok || x != nil {
		t.Errorf(`Get("chess") = %v, %v; want none`, x, ok)
	}

	modded, err := r.With(mod("risk", "Risk, modded"))
	if err != nil {
		t.Fatal(err)
	}
	if x, _ := modded.Get("risk"); x.Info().Title != "Risk, modded" {
		t.Errorf("the mod's registry plays %q", x.Info().Title)
	}
	if have := modded.IDs(); !reflect.DeepEqual(have, want) {
		t.Errorf("the mod's registry: IDs %v, want %v (the same order)", have, want)
	}
	if x, _ := r.Get("risk"); x.Info().Title != "Test risk" {
		t.Errorf("With changed the registry it was called on: %q", x.Info().Title)
	}

	bad := fake{validInfo("bad")}
	bad.info.Title = ""
	tests := []struct {
		name string
		make func() (*ruleset.Registry, error)
		want string
	}{
		{"no ruleset", func() (*ruleset.Registry, error) { return ruleset.NewRegistry() }, "ruleset registry: no ruleset"},
		{"duplicate", func() (*ruleset.Registry, error) {
			return ruleset.NewRegistry(fake{validInfo("risk")}, fake{validInfo("erfworld")}, mod("risk", "Risk again"))
		}, "ruleset registry: ruleset risk twice"},
		{"bad info", func() (*ruleset.Registry, error) { return ruleset.NewRegistry(fake{validInfo("risk")}, bad) }, "ruleset registry: ruleset bad has no title"},
		{"mod of a ruleset not there", func() (*ruleset.Registry, error) { return r.With(fake{validInfo("chess")}) }, "ruleset registry: no ruleset chess to replace"},
		{"mod with a bad info", func() (*ruleset.Registry, error) {
			m := mod("risk", "Risk")
			m.info.DefaultLevel = "genius"
			return r.With(m)
		}, `ruleset registry: ruleset risk: default AI level "genius" is not one of [easy hard]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, err := tt.make()
			if err == nil || err.Error() != tt.want || reg != nil {
				t.Errorf("have %v, %v; want no registry and %q", reg, err, tt.want)
			}
		})
	}
}

// TestParseLevel: a level is parsed from its name in any case, and an
// unknown name is refused with the levels listed.
func TestParseLevel(t *testing.T) {
	levels := []ruleset.Level{ruleset.Passive, ruleset.Random, ruleset.Easy, ruleset.Normal}
	for _, tt := range []struct {
		have    string
		want    ruleset.Level
		wantErr string
	}{
		{have: "passive", want: ruleset.Passive},
		{have: "random", want: ruleset.Random},
		{have: "easy", want: ruleset.Easy},
		{have: "normal", want: ruleset.Normal},
		{have: "NORMAL", want: ruleset.Normal},
		{have: "Easy", want: ruleset.Easy},
		{have: "genius", wantErr: `unknown AI level "genius": want passive, random, easy or normal`},
		{have: "", wantErr: `unknown AI level "": want passive, random, easy or normal`},
	} {
		got, err := ruleset.ParseLevel(tt.have, levels)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ParseLevel(%q) = %q, %v; want the error %q", tt.have, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseLevel(%q) = %q, %v; want %q", tt.have, got, err, tt.want)
		}
	}
	if _, err := ruleset.ParseLevel("normal", []ruleset.Level{ruleset.Random}); err == nil || err.Error() != `unknown AI level "normal": want random` {
		t.Errorf("ParseLevel(normal) of random only: %v", err)
	}
}

// TestLevelNames: the names of levels, in order, as Info.Levels holds
// them.
func TestLevelNames(t *testing.T) {
	have := ruleset.LevelNames(ruleset.Easy, ruleset.Normal, "normal-v1")
	if want := []string{"easy", "normal", "normal-v1"}; !reflect.DeepEqual(have, want) {
		t.Errorf("LevelNames = %q, want %q", have, want)
	}
	if have := ruleset.LevelNames(); len(have) != 0 {
		t.Errorf("LevelNames() = %q, want none", have)
	}
}

// TestTimeSetting: a clock's choices as the game's creator reads them,
// the default's index, and the last index as Max.
func TestTimeSetting(t *testing.T) {
	tests := []struct {
		times       []int
		def         int
		wantChoices []string
		wantDefault int
	}{
		{[]int{0, 15, 30, 60}, 30, []string{"None", "15 s", "30 s", "1 min"}, 2},
		{[]int{0, 60, 120, 300, 600}, 120, []string{"None", "1 min", "2 min", "5 min", "10 min"}, 2},
		{[]int{90}, 90, []string{"90 s"}, 0},
	}
	for _, tt := range tests {
		have := ruleset.TimeSetting("turn", "Time per turn", "", tt.times, tt.def)
		if !slices.Equal(have.Choices, tt.wantChoices) || have.Default != tt.wantDefault || have.Max != len(tt.times)-1 || have.Key != "turn" {
			t.Errorf("TimeSetting(%v, %d) = %+v; want choices %q, default %d", tt.times, tt.def, have, tt.wantChoices, tt.wantDefault)
		}
	}
}
