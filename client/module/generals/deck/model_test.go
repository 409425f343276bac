package deck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// collection loads the build's collection once a test.
func collection(t *testing.T) *cards.Collection {
	t.Helper()
	c, err := CollectionOf(nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// id parses an identification number.
func id(t *testing.T, s string) cards.ID {
	t.Helper()
	i, err := cards.ParseID(s)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// TestFilter: the grid shows the cards of the empire, the kind, the
// rarity and the words chosen, Generals first.
func TestFilter(t *testing.T) {
	c := collection(t)
	b := NewBuilder(c, cards.OpenGame(), cards.Standard)
	tests := []struct {
		name string
		have Filter
		want func(*cards.Card) bool
	}{
		{"every card", Filter{}, func(*cards.Card) bool { return true }},
		{"The Huns", Filter{Empire: "TH"}, func(k *cards.Card) bool { return k.ID.Empire == "TH" }},
		{"Soldiers", Filter{Kind: cards.Soldier}, func(k *cards.Card) bool { return k.ID.Kind == cards.Soldier }},
		{"rare Roman", Filter{Empire: "RM", Rarity: cards.Rare, ByRarity: true}, func(k *cards.Card) bool {
			return k.ID.Empire == "RM" && k.Rarity == cards.Rare
		}},
		{"common: the zero rarity, filtered only ByRarity", Filter{Rarity: cards.Common, ByRarity: true}, func(k *cards.Card) bool { return k.Rarity == cards.Common }},
		{"name text, any case", Filter{Text: "  ATTILA "}, func(k *cards.Card) bool { return strings.Contains(k.Name, "Attila") }},
		{"a word of the rules", Filter{Kind: cards.General, Text: "no-pull"}, func(k *cards.Card) bool {
			return k.ID.Kind == cards.General && slices.ContainsFunc(k.Rules, func(r cards.Rule) bool { return strings.Contains(r.String(), "no-pull") })
		}},
		{"nothing", Filter{Text: "zzzz"}, func(*cards.Card) bool { return false }},
	}
	for _, tt := range tests {
		b.SetFilter(tt.have)
		have := b.Shown()
		var want []cards.ID
		for _, i := range c.IDs() {
			if k, _ := c.Card(i); tt.want(k) {
				want = append(want, i)
			}
		}
		if len(have) != len(want) {
			t.Errorf("%s: %d cards shown, want %d", tt.name, len(have), len(want))
		}
		for i, k := range have {
			if !slices.Contains(want, k.ID) {
				t.Errorf("%s: %s shown", tt.name, k.ID)
			}
			if i > 0 && have[i-1].ID.Kind > k.ID.Kind {
				t.Errorf("%s: %s (%s) after %s (%s): not by kind", tt.name, k.ID, k.ID.Kind, have[i-1].ID, have[i-1].ID.Kind)
			}
		}
	}
	b.SetFilter(Filter{Text: "attila"})
	if have := b.Shown(); len(have) != 1 || have[0].ID != id(t, "EGFETHG1") {
		t.Errorf("the name attila shows %v, want Attila, Scourge of God alone", have)
	}
}

// TestLimits: copies are added within the Card Limits ("Common: Five of
// the same in your decks", "Uncommon: Three", "Rare: One", "Ultra Rare:
// Only one total in either of your decks") and the game type ("Only one
// Edition represented").
func TestLimits(t *testing.T) {
	c := collection(t)
	tests := []struct {
		name   string
		game   cards.GameType
		before []string // added first, each must be accepted
		add    string
		want   string // a part of why not; "" when added
	}{
		{"a common, the first", cards.OpenGame(), nil, "EGFETHS4", ""},
		{"Common: Five of the same", cards.OpenGame(), []string{"EGFETHS4", "EGFETHS4", "EGFETHS4", "EGFETHS4"}, "EGFETHS4", ""},
		{"Common: not six", cards.OpenGame(), []string{"EGFETHS4", "EGFETHS4", "EGFETHS4", "EGFETHS4", "EGFETHS4"}, "EGFETHS4", "common: at most 5"},
		{"Uncommon: Three", cards.OpenGame(), []string{"EGFETHG3", "EGFETHG3", "EGFETHG3"}, "EGFETHG3", "uncommon: at most 3"},
		{"Rare: One", cards.OpenGame(), []string{"EGFETHG2"}, "EGFETHG2", "rare: at most 1"},
		{"another number of the same name is another card", cards.OpenGame(), []string{"EGFETHS1a", "EGFETHS1a", "EGFETHS1a", "EGFETHS1a", "EGFETHS1a"}, "EGFETHS1b", ""},
		{"Ultra Rare: one copy", cards.OpenGame(), []string{"EGFETHG1"}, "EGFETHG1", "ultra rare: at most 1"},
		{"Ultra Rare: one in either deck", cards.OpenGame(), []string{"EGFETHG1"}, "EGFERMG1", "holds an ultra rare card, Attila"},
		{"Edition play: another edition", cards.GameType{Play: cards.EditionPlay, Edition: "FE"}, nil, "EGXETHS6", "not in this game"},
		{"Epoch: another era", cards.GameType{Play: cards.Epoch, Era: "Antiquity"}, nil, "EGMERMG5", "era Middle Ages"},
		{"no such card", cards.OpenGame(), nil, "EGFETHS99", "no card EGFETHS99"},
	}
	for _, tt := range tests {
		b := NewBuilder(c, tt.game, cards.Standard)
		for _, s := range tt.before {
			if why := b.Add(id(t, s)); why != "" {
				t.Fatalf("%s: add %s: %s", tt.name, s, why)
			}
		}
		before := b.Copies(id(t, tt.add))
		have := b.Add(id(t, tt.add))
		switch {
		case tt.want == "" && have != "":
			t.Errorf("%s: add %s: %q, want it added", tt.name, tt.add, have)
		case tt.want != "" && !strings.Contains(have, tt.want):
			t.Errorf("%s: add %s: %q, want %q", tt.name, tt.add, have, tt.want)
		case tt.want != "" && b.Copies(id(t, tt.add)) != before:
			t.Errorf("%s: refused, and yet %d copies, not %d", tt.name, b.Copies(id(t, tt.add)), before)
		}
	}
	b := NewBuilder(c, cards.OpenGame(), cards.Standard)
	if b.Remove(id(t, "EGFETHS4")) {
		t.Error("Remove of a card the deck lacks says it removed one")
	}
	b.Add(id(t, "EGFETHS4"))
	if !b.Remove(id(t, "EGFETHS4")) || b.Copies(id(t, "EGFETHS4")) != 0 || len(b.Deck().Entries) != 0 {
		t.Errorf("one copy added, then removed: %d copies, deck %v", b.Copies(id(t, "EGFETHS4")), b.Deck())
	}
}

// TestCountsAndProblems: the counts by pile and kind, and the problems
// of Collection.Check, live as cards come and go and as the game changes
// ("Minimum number of Playing Cards: 25"; Blitzkrieg "25 Playing Cards,
// 10 Resource Cards").
func TestCountsAndProblems(t *testing.T) {
	c := collection(t)
	huns, ok := c.Ready("huns")
	if !ok {
		t.Fatal("no ready-made deck huns")
	}
	b := NewBuilder(c, cards.OpenGame(), cards.Standard)
	b.Set(huns)
	have := b.Counts()
	if have.Playing != 29 || have.Supply != 20 {
		t.Errorf("the Huns' ready-made deck: %d Playing, %d Resource Cards, want 29 and 20", have.Playing, have.Supply)
	}
	for _, k := range cards.Kinds() {
		if have.ByKind[k] != Balanced(k) {
			t.Errorf("the Huns' ready-made deck holds %d %s, the balanced deck %d", have.ByKind[k], k, Balanced(k))
		}
	}
	if p := b.Problems(); len(p) != 0 {
		t.Errorf("the ready-made deck's problems: %v", p)
	}
	if !b.Same(huns) {
		t.Error("the deck set to the Huns' is not Same as it")
	}
	steps := []struct {
		name string
		do   func()
		want []string // the problems' reasons, each a part of one
	}{
		{"emptied", b.Clear, []string{"the Draw Pile holds 0 Playing Cards: at least 25"}},
		{"the Huns again", func() { b.Set(huns) }, nil},
		{"Blitzkrieg", func() { b.SetGame(cards.OpenGame(), cards.Blitzkrieg) }, nil},
		{"ten Resource Cards out", func() {
			for range 5 {
				b.Remove(id(t, "EGFETHR1"))
			}
			for range 3 {
				b.Remove(id(t, "EGFENTR3"))
			}
			for range 2 {
				b.Remove(id(t, "EGFETHR2"))
			}
		}, nil},
		{"one more out", func() { b.Remove(id(t, "EGFETHR2")) }, []string{"the Supply Pile holds 9 Resource Cards: at least 10"}},
		{"Southpole", func() { b.SetGame(cards.OpenGame(), cards.Southpole) }, []string{"the decks hold 38 cards: at least 400"}},
		{"Edition play of the Medieval Edition", func() {
			b.SetGame(cards.GameType{Play: cards.EditionPlay, Edition: "ME"}, cards.Standard)
		}, []string{"EGFETHG1 (Attila, Scourge of God) is not of the Medieval Edition"}},
		{"a loaded deck past the limits: shown as it is, its problem said", func() {
			b.SetGame(cards.OpenGame(), cards.Standard)
			b.Set(cards.Deck{Entries: append(slices.Clone(huns.Entries), cards.Entry{ID: id(t, "EGFETHG2"), Copies: 1})})
		}, []string{"2 copies of EGFETHG2 (Bleda, Elder King), a rare: at most 1"}},
	}
	for _, st := range steps {
		st.do()
		have := b.Problems()
		if len(st.want) == 0 && len(have) > 0 {
			t.Errorf("%s: problems %v, want none", st.name, have)
		}
		for _, w := range st.want {
			if !slices.ContainsFunc(have, func(r ruleset.Rejection) bool { return strings.Contains(r.Reason, w) }) {
				t.Errorf("%s: problems %v, want %q", st.name, have, w)
			}
		}
	}
	if b.Copies(id(t, "EGFETHG2")) != 2 {
		t.Errorf("a loaded deck of 2 Bleda holds %d", b.Copies(id(t, "EGFETHG2")))
	}
}

// TestGameOf: a game's settings read as their choices' labels say.
func TestGameOf(t *testing.T) {
	c := collection(t)
	rs := fakeRuleset{settings: []ruleset.Setting{
		{Key: KeyType, Choices: []string{"Open", "Edition: Family Edition", "Edition: Expanded Edition", "Edition: Medieval Edition", "Epoch: Antiquity", "Epoch: Middle Ages", "One empire's cards: The Huns", "A rule of a newer server"}},
		{Key: KeyVariation, Choices: []string{"None", "Blitzkrieg", "Southpole", "Slaughterhouse", "Architect"}},
	}}
	tests := []struct {
		have  ruleset.Options
		want  Game
		words string
	}{
		{nil, Game{Type: cards.OpenGame(), Limits: cards.Standard, Exact: true}, "Open"},
		{ruleset.Options{KeyType: 1, KeyVariation: 1}, Game{Type: cards.GameType{Play: cards.EditionPlay, Edition: "FE"}, Limits: cards.Blitzkrieg, Exact: true}, "Edition: Family Edition · Blitzkrieg"},
		{ruleset.Options{KeyType: 4, KeyVariation: 2}, Game{Type: cards.GameType{Play: cards.Epoch, Era: "Antiquity"}, Limits: cards.Southpole, Exact: true}, "Epoch: Antiquity · Southpole"},
		{ruleset.Options{KeyType: 5}, Game{Type: cards.OpenGame(), Limits: cards.Standard, Exact: false}, "Epoch: Middle Ages"}, // a server's; no deck of 25 here
		{ruleset.Options{KeyVariation: 4}, Game{Type: cards.OpenGame(), Limits: cards.Standard, Exact: true}, "Open · Architect"},
		{ruleset.Options{KeyType: 6}, Game{Type: cards.GameType{Play: cards.HouseRules, House: []cards.Condition{{Field: cards.FieldEmpire, Values: []string{"TH", "NT"}}}}, Limits: cards.Standard, Exact: true}, "One empire's cards: The Huns"},
		{ruleset.Options{KeyType: 7}, Game{Type: cards.OpenGame(), Limits: cards.Standard, Exact: false}, "A rule of a newer server"},
	}
	for _, tt := range tests {
		have := GameOf(c, rs, tt.have)
		if have.Type.String() != tt.want.Type.String() || have.Limits != tt.want.Limits || have.Exact != tt.want.Exact || have.Words != tt.words {
			t.Errorf("GameOf(%v) = %+v, want %+v, %q", tt.have, have, tt.want, tt.words)
		}
	}
}

// fakeRuleset is a ruleset with settings only.
type fakeRuleset struct {
	ruleset.Ruleset
	settings []ruleset.Setting
}

func (f fakeRuleset) Info() ruleset.Info {
	return ruleset.Info{ID: "generals", Settings: f.settings}
}

// TestStore: decks saved, listed, loaded and deleted in a folder; names
// checked; a name taken refused unless replaced; a broken file listed with
// its problems and left as it is.
func TestStore(t *testing.T) {
	c := collection(t)
	s := Store{Dir: filepath.Join(t.TempDir(), "decks", "generals")}
	if have, err := s.List(); err != nil || len(have) != 0 {
		t.Fatalf("a folder not yet made lists %v, %v", have, err)
	}
	huns, _ := c.Ready("huns")
	rome, _ := c.Ready("rome")
	if err := s.Save("Hun raid", huns, false); err != nil {
		t.Fatal(err)
	}
	if err := s.Save("hun raid", rome, false); err == nil || !strings.Contains(err.Error(), `a deck named "Hun raid" already`) {
		t.Errorf("saving over Hun raid in another case: %v, want it refused", err)
	}
	if err := s.Save("Hun raid", rome, true); err != nil {
		t.Errorf("replacing Hun raid: %v", err)
	}
	if err := s.Save("Aurelian", huns, false); err != nil {
		t.Fatal(err)
	}
	have, err := s.List()
	if err != nil || len(have) != 2 || have[0].Name != "Aurelian" || have[1].Name != "Hun raid" {
		t.Fatalf("List: %+v, %v; want Aurelian, Hun raid", have, err)
	}
	b := NewBuilder(c, cards.OpenGame(), cards.Standard)
	b.Set(have[1].Deck)
	if !b.Same(rome) || have[1].Broken() {
		t.Errorf("Hun raid replaced by the Romans' deck reads back as %v (broken %v)", have[1].Deck, have[1].Broken())
	}

	// Broken files: a line that is no card, and a file that is no deck.
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(s.Dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Typo.deck", "generals deck 1\nEGFETHS4 3\nEGFETHZ4 2\n")
	write("Notes.deck", "my shopping list\n")
	write("readme.txt", "not a deck")
	have, _ = s.List()
	names := make([]string, len(have))
	for i, sv := range have {
		names[i] = sv.Name
	}
	if !slices.Equal(names, []string{"Aurelian", "Hun raid", "Notes", "Typo"}) {
		t.Errorf("List: %q", names)
	}
	typo, err := s.Load("Typo")
	if err != nil || !typo.Broken() || len(typo.Problems) != 1 || typo.Problems[0].Index != 3 || len(typo.Deck.Entries) != 1 {
		t.Errorf("Typo: %+v, %v; want its good line and the problem of line 3", typo, err)
	}
	notes, _ := s.Load("Notes")
	if notes.Err == nil || !strings.Contains(notes.Err.Error(), "is not \"generals deck 1\"") {
		t.Errorf("Notes: %v, want no deck", notes.Err)
	}
	if err := s.Save("Notes", huns, false); err == nil {
		t.Error("a broken file was overwritten without being asked")
	}
	if data, _ := os.ReadFile(filepath.Join(s.Dir, "Notes.deck")); string(data) != "my shopping list\n" {
		t.Errorf("Notes.deck now holds %q", data)
	}
	if err := s.Delete("Typo"); err != nil {
		t.Error(err)
	}
	if _, err := s.Load("Typo"); err == nil {
		t.Error("Typo loads after Delete")
	}
	if err := s.Delete("Typo"); err == nil {
		t.Error("deleting a deck twice says nothing")
	}
	for _, bad := range []string{"", " x", "x ", ".hidden", "a/b", `a\b`, "a:b", strings.Repeat("x", MaxNameRunes+1), "tab\there"} {
		if err := CheckName(bad); err == nil {
			t.Errorf("CheckName(%q) = nil, want a refusal", bad)
		}
		if err := s.Save(bad, huns, true); err == nil {
			t.Errorf("Save(%q) = nil, want a refusal", bad)
		}
	}
	for _, good := range []string{"Hun raid", "Rome (2)", "Légion d'Égypte", "x", strings.Repeat("x", MaxNameRunes)} {
		if err := CheckName(good); err != nil {
			t.Errorf("CheckName(%q) = %v", good, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(s.Dir, "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestGameOfTheEngine: the builder offers the engine's game types, and
// for every game type and variation of the engine's settings it checks a
// deck as the engine's CheckSeat does (the ready-made decks, and one of
// every card once).
func TestGameOfTheEngine(t *testing.T) {
	rs := generals.New()
	c := rs.Collection()
	info := rs.Info()
	types, _ := info.Setting(KeyType)
	vars, _ := info.Setting(KeyVariation)
	var offered []string
	for _, gc := range GameChoices(c) {
		offered = append(offered, gc.Name)
	}
	if !slices.Equal(offered, types.Choices) {
		t.Errorf("the builder offers the game types %q, the engine %q", offered, types.Choices)
	}
	var decks []cards.Deck
	for _, n := range c.ReadyNames() {
		d, _ := c.Ready(n)
		decks = append(decks, d)
	}
	var all cards.Deck
	for _, i := range c.IDs() {
		all.Entries = append(all.Entries, cards.Entry{ID: i, Copies: 1})
	}
	decks = append(decks, all)
	for ti, label := range types.Choices {
		for vi := range vars.Choices {
			opts := ruleset.Options{KeyType: ti, KeyVariation: vi}
			g := GameOf(c, rs, opts)
			if !g.Exact {
				t.Errorf("the engine's game type %q is not read", label)
			}
			for di, d := range decks {
				b := NewBuilder(c, g.Type, g.Limits)
				b.Set(d)
				want, err := rs.CheckSeat(opts, b.Deck().Encode())
				if err != nil {
					t.Fatal(err)
				}
				have := b.Problems()
				reasons := func(rs []ruleset.Rejection) []string {
					var out []string
					for _, r := range rs {
						out = append(out, r.Reason)
					}
					return out
				}
				if !slices.Equal(reasons(have), reasons(want)) {
					t.Errorf("%s, %s, deck %d: the builder says %q, the engine %q", label, vars.Choices[vi], di, reasons(have), reasons(want))
				}
			}
		}
	}
}
