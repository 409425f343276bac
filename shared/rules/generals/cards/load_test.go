package cards

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/internal/skip"
	"empires/shared/rulesfile"
)

// collection loads the built-in collection, failing the test if it is
// refused.
func collection(t testing.TB) *Collection {
	t.Helper()
	c, err := Load(assets.Rules(), Dir)
	if err != nil {
		t.Fatalf("the built-in collection: %v", err)
	}
	return c
}

// TestDefaultCollection checks the starter collection against the
// document's kinds of card: at least four empires, The Huns and Rome
// among them, each with Generals, Soldiers, Kingdom, Strategy and Tactics
// cards and Specialty Resources; shared Specialty Resources, Resource
// Traders and Acts of God ("15 Specialty Resources 3 Resource Traders 2
// Act of God Cards"); every rarity; and a ready-made deck per empire.
func TestDefaultCollection(t *testing.T) {
	c := collection(t)
	count := map[EmpireCode]map[Kind]int{}
	rarities := map[Rarity]int{}
	for _, id := range c.IDs() {
		if count[id.Empire] == nil {
			count[id.Empire] = map[Kind]int{}
		}
		count[id.Empire][id.Kind]++
		card, _ := c.Card(id)
		rarities[card.Rarity]++
		if card.ID != id || card.File == "" || card.Line == 0 {
			t.Errorf("%s: ID %s, file %q, line %d", id, card.ID, card.File, card.Line)
		}
	}
	empires := 0
	for _, e := range c.Empires {
		n := count[e.Code]
		if e.Code == "NT" {
			for _, k := range []Kind{Resource, Trader, ActOfGod} {
				if n[k] < 3 {
					t.Errorf("the shared cards hold %d %s cards, want 3 at least", n[k], k)
				}
			}
			continue
		}
		empires++
		total := 0
		for _, k := range []Kind{General, Soldier, Kingdom, Strategy, Tactics, Resource} {
			if n[k] == 0 {
				t.Errorf("%s has no %s card", e.Name, k)
			}
			total += n[k]
		}
		if total < 20 {
			t.Errorf("%s has %d cards, want 20 at least", e.Name, total)
		}
		if !slices.ContainsFunc(c.ReadyNames(), func(name string) bool {
			d, _ := c.Ready(name)
			return slices.ContainsFunc(d.Entries, func(en Entry) bool { return en.ID.Kind == General && en.ID.Empire == e.Code })
		}) {
			t.Errorf("%s has no ready-made deck (none led by its Generals)", e.Name)
		}
	}
	if empires < 4 {
		t.Errorf("%d empires, want 4 at least", empires)
	}
	for _, code := range []EmpireCode{"TH", "RM"} {
		if _, ok := c.Empire(code); !ok {
			t.Errorf("no empire %s", code)
		}
	}
	for r := Common; r <= lastRarity; r++ {
		if rarities[r] == 0 {
			t.Errorf("no %s card", r)
		}
	}
	if len(c.ReadyNames()) != empires {
		t.Errorf("%d ready-made decks for %d empires", len(c.ReadyNames()), empires)
	}
	// The document's own examples.
	for id, name := range map[string]string{"EGFETHS4": "Horseman Platoon", "EGFETHS1a": "Hun Warrior", "EGFETHS1b": "Hun Warrior", "EGFETHS1c": "Hun Warrior", "EGFEHCR1": "Liaoning Mine"} {
		card, ok := c.Card(mustID(t, id))
		if !ok || card.Name != name {
			t.Errorf("%s is not %s", id, name)
		}
	}
	// "If you have Liaoning Mine that has a continuous harvest of 1 Stone
	// and need to discard it for the extra Stone that turn, then you gain 3
	// Stone for that card on that Harvest Phase."
	mine, _ := c.Card(mustID(t, "EGFEHCR1"))
	if have := mine.Rules[0].String() + " / " + mine.Rules[1].String(); have != "harvest: gain 1 stone / ability discard: gain 3 stone" {
		t.Errorf("Liaoning Mine: %s", have)
	}
	// "Horseman platoon is a common card so you may have 5 of them in your deck."
	if hp, _ := c.Card(mustID(t, "EGFETHS4")); hp.Rarity.Limit() != 5 {
		t.Errorf("Horseman Platoon: %v, at most %d", hp.Rarity, hp.Rarity.Limit())
	}
}

// TestPull checks the defaults: "Soldiers cannot be played directly into
// the Battlefield from your hand ... This is called "Pull"." "Generals do
// not suffer Pull, unless noted." A fortress "may not move into the
// Battlefield".
func TestPull(t *testing.T) {
	c := collection(t)
	tests := []struct {
		id          string
		pull        bool
		battlefield bool
	}{
		{"EGFETHS4", true, true},  // a Soldier
		{"EGFETHS3", false, true}, // a Soldier, pull = false
		{"EGFETHG1", false, true}, // a General
		{"EGFETHS5", true, false}, // a fortress
		{"EGFETHK1", false, false},
	}
	for _, tt := range tests {
		card, _ := c.Card(mustID(t, tt.id))
		if card.Pull != tt.pull || c.Battlefield(card) != tt.battlefield {
			t.Errorf("%s: pull %v, battlefield %v; want %v, %v", tt.id, card.Pull, c.Battlefield(card), tt.pull, tt.battlefield)
		}
	}
}

// withFiles returns the built-in collection's folder with files added or
// replaced (name relative to the folder; "" removes the file).
func withFiles(t testing.TB, files map[string]string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(assets.Rules(), Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assets.Rules(), p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if text == "" {
			delete(m, Dir+"/"+name)
			continue
		}
		m[Dir+"/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return m
}

// testEmpire is an empire file of empire ZZ whose cards are cards.
func testEmpire(cards string) string {
	return "[empire]\ncode = \"ZZ\"\nname = \"Zed\"\nstyle = \"\"\n" + cards
}

// TestLoadRefused checks that a broken card file is refused with its
// file, its line and what is wrong, every problem listed.
func TestLoadRefused(t *testing.T) {
	const file = "generals/empires/zz.toml"
	soldier := func(extra string) string {
		return "\n[[card]]\nid = \"EGFEZZS1\"\nname = \"Z\"\nrarity = \"common\"\nstrength = 1\nlife = 1\ntext = \"\"\n" + extra
	}
	card := func(id, extra string) string {
		return "\n[[card]]\nid = \"" + id + "\"\nname = \"Z\"\nrarity = \"common\"\ntext = \"\"\n" + extra
	}
	tests := []struct {
		name string
		have string   // the empire file
		want []string // the problems, each "line: words"
	}{
		{"syntax", testEmpire("[[card]\n"), []string{`:6: TOML syntax error: expected end of table array name delimiter`}},
		{"unknown key", testEmpire(soldier("strenght = 2\n")), []string{`:13: key "card[0].strenght": unknown key (did you mean "strength"?)`}},
		{"missing key", testEmpire("\n[[card]]\nid = \"EGFEZZS1\"\n"), []string{`:6: key "card[0].name": missing required key`, `:6: key "card[0].rarity": missing`, `:6: key "card[0].text": missing`}},
		{"wrong type", testEmpire(soldier("cost = 3\n")), []string{`:13: key "card[0].cost": want a string`}},
		{"bad id", testEmpire(card("EGFEZZS01", "")), []string{`:7: key "card[0].id": "EGFEZZS01" is no identification number: its number 01`}},
		{"other empire", testEmpire(card("EGFETHK9", "")), []string{`:7: key "card[0].id": EGFETHK9 is of empire TH, and this file is empire ZZ's`}},
		{"unknown edition", testEmpire(card("EGQQZZK1", "")), []string{`:7: key "card[0].id": EGQQZZK1: there is no edition QQ`}},
		{"unknown game", testEmpire(card("QQFEZZK1", "")), []string{`:7: key "card[0].id": QQFEZZK1: there is no game QQ`}},
		{"bad rarity", testEmpire(strings.Replace(card("EGFEZZK1", ""), "common", "mythic", 1)), []string{`:9: key "card[0].rarity": "mythic" is no rarity`}},
		{"bad cost", testEmpire(card("EGFEZZK1", "cost = \"2 gems\"\n")), []string{`:11: key "card[0].cost": cost "2 gems": there is no resource "gems"`}},
		{"discard cost", testEmpire(card("EGFEZZK1", "cost = \"discard\"\n")), []string{`:11: key "card[0].cost": a card is not played by discarding it`}},
		{"resource cost", testEmpire(card("EGFEZZR1", "cost = \"1 gold\"\nrules = [\"harvest: gain 1 gold\"]\n")), []string{`:11: key "card[0].cost": a Specialty Resource is played for free`}},
		{"unit without life", testEmpire(card("EGFEZZS1", "strength = 1\n")), []string{`:6: key "card[0]": a Soldier has a strength and a life`}},
		{"unit of no life", testEmpire(strings.Replace(soldier(""), "life = 1", "life = 0", 1)), []string{`:10: key "card[0].strength": a unit's strength is 0 to 99 and its life 1 to 99, not 1/0`}},
		{"kingdom with strength", testEmpire(card("EGFEZZK1", "strength = 1\n")), []string{`:6: key "card[0]": a Kingdom has no strength, life, pull or subtype`}},
		{"bad subtype", testEmpire(soldier("subtype = \"dragons\"\n")), []string{`:13: key "card[0].subtype": there is no subtype "dragons"`}},
		{"bad rule", testEmpire(soldier("rules = [\n  \"play: draw 1\",\n  \"attack: fly 2\",\n]\n")), []string{`:15: key "card[0].rules[1]": rule "attack: fly 2": "fly" is no verb`}},
		{"array closed after its last value", testEmpire(soldier("rules = [\n  \"play: draw 1\",\n  \"attack: fly 2\"]\n") + card("EGFEZZK1", "cost = \"1 gem\"\n")), []string{
			`:15: key "card[0].rules[1]"`, `:22: key "card[1].cost"`,
		}},
		{"harvest on a soldier", testEmpire(soldier("rules = [\"harvest: gain 1 food\"]\n")), []string{`:13: key "card[0].rules[0]": a Soldier does not harvest`}},
		{"attack on a kingdom", testEmpire(card("EGFEZZK1", "rules = [\"attack: draw 1\"]\n")), []string{`:11: key "card[0].rules[0]": a Kingdom does not fight`}},
		{"tactics always", testEmpire(card("EGFEZZT1", "rules = [\"always: draw 1\"]\n")), []string{`:11: key "card[0].rules[0]": a Tactics acts once, when played`}},
		{"trade on a kingdom", testEmpire(card("EGFEZZK1", "rules = [\"ability: trade 1 gold for 1 food\"]\n")), []string{`a Kingdom does not trade`}},
		{"trade not an ability", testEmpire(card("EGFEZZM1", "rules = [\"always: trade 1 gold for 1 food\"]\n")), []string{`a trade is an ability`}},
		{"this on a kingdom", testEmpire(card("EGFEZZK1", "rules = [\"always: life +1 this\"]\n")), []string{`a Kingdom is no unit`}},
		{"attacker on a kingdom", testEmpire(card("EGFEZZK1", "rules = [\"always: life +1 attacker\"]\n")), []string{`"attacker" is the unit of a battle`}},
		{"resource without harvest", testEmpire(card("EGFEZZR1", "rules = [\"ability discard: gain 1 gold\"]\n")), []string{`:11: key "card[0].rules": a Specialty Resource has a harvest effect`}},
		{"trader without trade", testEmpire(card("EGFEZZM1", "")), []string{`:6: key "card[0].rules": a Resource Trader trades`}},
		{"act of god without rules", testEmpire(card("EGFEZZA1", "")), []string{`:6: key "card[0].rules": a Act of God does something when played`}},
		{"twice in a file", testEmpire(card("EGFEZZK1", "") + card("EGFEZZK1", "")), []string{`:13: key "card[1].id": EGFEZZK1 is also "Z" at generals/empires/zz.toml:6`}},
		{"twice across files", strings.Replace(testEmpire(card("EGFETHK1", "")), "ZZ", "TH", 1), []string{`:2: key "empire.code": empire TH is also The Huns, in another file`}},
		{"bad empire code", strings.Replace(testEmpire(card("EGFEZZK1", "")), "ZZ", "Z1", 1), []string{`:2: key "empire.code": an empire's code is two capital letters, not "Z1"`}},
		{"every problem listed", testEmpire(card("EGFEZZK1", "cost = \"2 gems\"\n") + card("EGFEZZX1", "") + soldier("rules = [\"play: draw\"]\n")), []string{
			`:11: key "card[0].cost"`, `:14: key "card[1].id"`, `:26: key "card[2].rules[0]": rule "play: draw": "draw" wants "draw N [PLAYERS]"`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(withFiles(t, map[string]string{"empires/zz.toml": tt.have}), Dir)
			if err == nil {
				t.Fatal("accepted")
			}
			problems := rulesfile.FieldErrors(err)
			if len(problems) != len(tt.want) {
				t.Errorf("%d problems, want %d:\n%v", len(problems), len(tt.want), err)
			}
			for i, want := range tt.want {
				if i < len(problems) && (problems[i].File != file && !strings.Contains(want, "empire TH")) {
					t.Errorf("problem %d names file %q, want %q", i, problems[i].File, file)
				}
				if i < len(problems) && !strings.Contains(problems[i].Error(), want) {
					t.Errorf("problem %d is %q, want %q", i, problems[i].Error(), want)
				}
			}
		})
	}
}

// TestLoadRefusedCatalog checks the catalogue's problems and a broken
// ready-made deck, each with its file and line.
func TestLoadRefusedCatalog(t *testing.T) {
	catalog, _ := fs.ReadFile(assets.Rules(), Dir+"/"+CatalogFile)
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"edition twice", map[string]string{CatalogFile: string(catalog) + "\n[[edition]]\ncode = \"FE\"\nname = \"Again\"\nera = \"Antiquity\"\n"},
			[]string{`generals/generals.toml:107: key "edition[3].code": edition "FE" twice (first at line 22)`}},
		{"reserved resource", map[string]string{CatalogFile: string(catalog) + "\n[[resource]]\nname = \"any\"\nplural = \"any\"\n"},
			[]string{`generals/generals.toml:106: key "resource[7]": "any" is a word of the vocabulary, not a resource`}},
		{"bad subtype", map[string]string{CatalogFile: string(catalog) + "\n[[subtype]]\nname = \"Elephants\"\nbattlefield = true\n"},
			[]string{`generals/generals.toml:107: key "subtype[6].name": a subtype is a lower-case word`}},
		{"no catalogue", map[string]string{CatalogFile: ""}, []string{`generals/generals.toml: cannot read the file`}},
		{"illegal deck", map[string]string{"decks/huns.deck": "generals deck 1\nEGFETHS4 6\nEGFETHS9\n"}, []string{
			`generals/decks/huns.deck:2: 6 copies of EGFETHS4 (Horseman Platoon), a common: at most 5`,
			`generals/decks/huns.deck:3: there is no card EGFETHS9`,
			`generals/decks/huns.deck: the Draw Pile holds 6 Playing Cards: at least 25`,
		}},
		{"no deck", map[string]string{"decks/huns.deck": "# nothing\n"}, []string{`generals/decks/huns.deck: an empty deck`}},
		{"no empires", map[string]string{"empires/huns.toml": "", "empires/rome.toml": "", "empires/egypt.toml": "", "empires/han.toml": "", "empires/neutral.toml": ""},
			[]string{`generals/empires: no empire files (*.toml)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(withFiles(t, tt.files), Dir)
			problems := rulesfile.FieldErrors(err)
			if len(problems) != len(tt.want) {
				t.Errorf("%d problems, want %d:\n%v", len(problems), len(tt.want), err)
			}
			for i, want := range tt.want {
				if i < len(problems) && !strings.Contains(problems[i].Error(), want) {
					t.Errorf("problem %d is %q, want %q", i, problems[i].Error(), want)
				}
			}
		})
	}
}

// FuzzLoad feeds the loader an empire file: whatever it is, Load returns
// a valid collection or problems that each name a file, and never panics.
// The seeds are single cards of the collection's style, a few hundred
// bytes each (see docs/TESTING.md, "Fuzzing speed").
func FuzzLoad(f *testing.F) {
	f.Add(testEmpire(""))
	f.Add(testEmpire("\n[[card]]\nid = \"EGFEZZS1a\"\nname = \"Z\"\nrarity = \"uncommon\"\nsubtype = \"cavalry\"\ncost = \"1 horse\"\nstrength = 2\nlife = 2\nrules = [\n  \"attack: strength +1 this\",\n  \"ability 1 food: no-pull one your cavalry\",\n]\ntext = \"\"\n"))
	f.Add(testEmpire("\n[[card]]\nid = \"EGFEZZR1\"\nname = \"Z\"\nrarity = \"common\"\nrules = [\"harvest: gain 1 stone\", \"ability discard: gain 3 stone\"]\ntext = \"\"\n"))
	f.Add(testEmpire("\n[[card]]\nid = \"EGFEZZM1\"\nname = \"Z\"\nrarity = \"rare\"\nrules = [\"ability: trade 2 any for 1 gold\"]\ntext = \"\"\n"))
	f.Add(testEmpire("\n[[card]]\nid = \"EGFEZZA1\"\nname = \"Z\"\nrarity = \"ultra rare\"\nrules = [\"play: life -1 all soldiers; lose 2 water each player\"]\ntext = \"\"\n"))
	f.Add("[empire]\ncode = 1\n[[card]]\nid = [\"x\"]\n")
	catalog, err := fs.ReadFile(assets.Rules(), Dir+"/"+CatalogFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<10 {
			skip.Now(t, skip.Input, "over the sizes the target checks")
		}
		// The catalogue and the one file: the other empires and the
		// decks would only slow each input down.
		m := fstest.MapFS{
			Dir + "/" + CatalogFile:  {Data: catalog},
			Dir + "/empires/zz.toml": {Data: []byte(text)},
		}
		c, err := Load(m, Dir)
		if err != nil {
			for _, p := range rulesfile.FieldErrors(err) {
				if p.File == "" || p.Problem == "" {
					t.Errorf("a problem without its file or words: %v", p)
				}
			}
			return
		}
		for _, id := range c.IDs() {
			card, _ := c.Card(id)
			for _, r := range card.Rules {
				if _, err := ParseRule(&c.Lexicon, r.Format(&c.Lexicon)); err != nil {
					t.Errorf("%s: rule %q does not read back: %v", id, r, err)
				}
			}
		}
	})
}

// TestModAddsEmpire checks that a mod directory adds an empire, its
// resource and a deck without Go: the files are read through the same
// overlay as every ruleset's (rulesfile.Overlay).
func TestModAddsEmpire(t *testing.T) {
	catalog, err := fs.ReadFile(assets.Rules(), Dir+"/"+CatalogFile)
	if err != nil {
		t.Fatal(err)
	}
	mod := fstest.MapFS{
		Dir + "/" + CatalogFile: {Data: append(catalog, "\n[[resource]]\nname = \"silk\"\nplural = \"silk\"\n"...)},
		Dir + "/empires/persia.toml": {Data: []byte(`[empire]
code = "PE"
name = "Persia"
style = "Immortals and the King's Road."

[[card]]
id = "EGXEPEG1"
name = "Cyrus the Great"
rarity = "rare"
cost = "2 gold, 1 silk"
strength = 5
life = 6
rules = ["always: life +1 your infantry"]
text = "King of the four corners of the world."

[[card]]
id = "EGXEPES1"
name = "Immortals"
rarity = "common"
subtype = "infantry"
cost = "1 iron, 1 food"
strength = 3
life = 3
text = "Ten thousand, never fewer."

[[card]]
id = "EGXEPER1"
name = "Silk Caravan"
rarity = "common"
rules = ["harvest: gain 1 silk", "ability discard: gain 3 silk"]
text = "Bales from the east, paid for in silver."
`)},
		Dir + "/decks/persia.deck": {Data: []byte("generals deck 1\nEGXEPEG1\nEGXEPES1 5\nEGFETHS4 5\nEGFERMS1 5\nEGFEEYS2 5\nEGFEHCS3 5\nEGXEPER1 5\n")},
	}
	c, err := Load(rulesfile.Overlay(mod, assets.Rules()), Dir)
	if err != nil {
		t.Fatalf("the mod: %v", err)
	}
	if e, ok := c.Empire("PE"); !ok || e.Name != "Persia" {
		t.Errorf("no empire Persia: %+v", c.Empires)
	}
	caravan, ok := c.Card(mustID(t, "EGXEPER1"))
	if !ok || caravan.Rules[0].String() != "harvest: gain 1 silk" {
		t.Errorf("the Silk Caravan: %+v", caravan)
	}
	if _, ok := c.Card(mustID(t, "EGFETHS4")); !ok {
		t.Error("the mod hides the built-in empires")
	}
	if !slices.Contains(c.ReadyNames(), "persia") || !slices.Contains(c.ReadyNames(), "huns") {
		t.Errorf("ready-made decks %v, want persia among the built-in ones", c.ReadyNames())
	}
}
