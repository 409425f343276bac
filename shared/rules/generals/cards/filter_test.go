package cards

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestGameTypes checks the game types: "Open Game: Every card is legal."
// "Edition Play: Only one Edition represented (i.e. Family Edition only)."
// "Epoch Game: Only one Era represented (i.e. Antiquity - Family Edition,
// Expanded Edition, etc...)" "Theme Expansions are valid in an Epoch
// Game." "House Rules: Whatever you agree upon (i.e. Only this or that)."
func TestGameTypes(t *testing.T) {
	c := collection(t)
	tests := []struct {
		have  string
		id    string
		legal string // "" when legal, else words of the reason
	}{
		{"open", "EGFETHS4", ""},
		{"open", "EGMERMG5", ""},
		{"open", "TXFERMK1", ""},
		{"edition FE", "EGFETHS4", ""},
		{"edition FE", "EGXETHS6", "is not of the Family Edition, the only edition of this game"},
		{"edition FE", "EGMERMG5", "is not of the Family Edition"},
		{"edition ME", "EGMERMG5", ""},
		{"epoch Antiquity", "EGFETHS4", ""},
		{"epoch Antiquity", "EGXETHS6", ""}, // "Antiquity - Family Edition, Expanded Edition"
		{"epoch Antiquity", "EGMERMS9", "is of the era Middle Ages, and this game is of Antiquity only"},
		{"epoch Middle Ages", "EGMERMS9", ""},
		{"epoch Middle Ages", "EGFETHS4", "is of the era Antiquity"},
		{"epoch Middle Ages", "TXFERMK1", ""}, // a Theme Expansion
		{"house empire=TH,NT", "EGFETHS4", ""},
		{"house empire=TH,NT", "EGFENTA1", ""},
		{"house empire=TH,NT", "EGFERMS1", `is barred by the house rule "empire=TH,NT"`},
		{"house rarity!=ultra rare,rare", "EGFETHG1", `is barred by the house rule "rarity!=ultra rare,rare"`},
		{"house rarity!=ultra rare,rare", "EGFETHG2", "is barred"},
		{"house rarity!=ultra rare,rare", "EGFETHG3", ""},
		{"house kind!=act-of-god; edition=FE", "EGFENTA1", `"kind!=act-of-god"`},
		{"house kind!=act-of-god; edition=FE", "EGXENTR8", `"edition=FE"`},
		{"house kind!=act-of-god; edition=FE", "EGFENTR1", ""},
		{"house kind=soldier,resource; era=Antiquity", "EGFETHS4", ""},
		{"house kind=soldier,resource; era=Antiquity", "EGFETHG4", "is barred"},
		{"house kind=trader,act-of-god,general,kingdom,strategy,tactics", "EGFENTM1", ""},
		{"house kind=trader,act-of-god,general,kingdom,strategy,tactics", "EGFENTA1", ""},
		{"house kind=trader,act-of-god,general,kingdom,strategy,tactics", "EGFENTR1", `"kind=trader,act-of-god,general,kingdom,strategy,tactics"`},
		{"house id!=EGFETHS4; game=EG", "EGFETHS4", `"id!=EGFETHS4"`},
		{"house id!=EGFETHS4; game=EG", "TXFERMK1", `"game=EG"`},
		{"house id!=EGFETHS4; game=EG", "EGFETHS1a", ""},
	}
	for _, tt := range tests {
		g, err := c.ParseGameType(tt.have)
		if err != nil {
			t.Errorf("ParseGameType(%q): %v", tt.have, err)
			continue
		}
		if back, err := c.ParseGameType(g.String()); err != nil || !reflect.DeepEqual(back, g) {
			t.Errorf("%q: String %q reads back as %+v, %v", tt.have, g.String(), back, err)
		}
		have := c.Legal(g, mustID(t, tt.id))
		if (have == "") != (tt.legal == "") || !strings.Contains(have, tt.legal) {
			t.Errorf("%s in %q: %q, want %q", tt.id, tt.have, have, tt.legal)
		}
	}
	if open, all := c.Allowed(OpenGame()), c.IDs(); !reflect.DeepEqual(open, all) {
		t.Errorf("an Open game allows %d cards of %d: every card is legal", len(open), len(all))
	}
	fe, _ := c.ParseGameType("edition FE")
	for _, id := range c.Allowed(fe) {
		if id.Edition != "FE" {
			t.Errorf("Family Edition play allows %s", id)
		}
	}
}

// TestGameTypeRefused checks that a game type the collection cannot play
// is refused with what is wrong.
func TestGameTypeRefused(t *testing.T) {
	c := collection(t)
	tests := []struct {
		have string
		want string
	}{
		{"", `"" is no game type`},
		{"closed", `"closed" is no game type`},
		{"open FE", "an Open game takes no filter"},
		{"edition QQ", `there is no edition "QQ" (the editions: FE Family Edition of Antiquity`},
		{"edition", `there is no edition ""`},
		{"epoch Future", `there is no era "Future"`},
		{"house", `"" is no condition`},
		{"house empire", `"empire" is no condition`},
		{"house colour=red", `"colour" is no field`},
		{"house empire=ZZ", `empire "ZZ": the collection has none`},
		{"house rarity=mythic", `rarity "mythic": the collection has none`},
		{"house kind=soldiers", `kind "soldiers": the collection has none`},
		{"house empire=TH;", `"" is no condition`},
		{"house " + strings.Repeat("empire=TH; ", 100), "bytes: at most 1000"},
	}
	for _, tt := range tests {
		_, err := c.ParseGameType(tt.have)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseGameType(%q) = %v, want an error with %q", tt.have, err, tt.want)
		}
	}
}

// TestDeckInGameType checks a deck's cards against the game type: "You may
// use any of the decks within the given limits of the Game you are playing
// in."
func TestDeckInGameType(t *testing.T) {
	c := collection(t)
	g, err := c.ParseGameType("edition FE")
	if err != nil {
		t.Fatal(err)
	}
	data := deckText(append(append([]string{}, legalPlaying...), "EGXETHS6 2", "EGFENTA1")...)
	want := []string{"8: EGXETHS6 (Lasso Riders) is not of the Family Edition, the only edition of this game"}
	if have := deckProblems(t, c, g, Standard, data); !reflect.DeepEqual(have, want) {
		t.Errorf("have %q, want %q", have, want)
	}
	for _, name := range c.ReadyNames() {
		d, _ := c.Ready(name)
		epoch, _ := c.ParseGameType("epoch Antiquity")
		if rs := c.Check(epoch, Standard, d); len(rs) > 0 {
			t.Errorf("%s in an Epoch game of Antiquity: %v", name, rs)
		}
	}
}

// TestGameChoices: the game types offered are Open, the editions, the
// eras and the house rules, but none whose cards make no deck of the
// standard sizes ("Minimum number of Playing Cards: 25").
func TestGameChoices(t *testing.T) {
	c := collection(t)
	var have []string
	for _, gc := range c.GameChoices() {
		have = append(have, gc.Name)
		if problems := c.Check(gc.Type, Standard, c.Widest(gc.Type)); len(problems) > 0 {
			t.Errorf("%s is offered, but its widest deck is refused: %v", gc.Name, problems)
		}
	}
	want := []string{"Open", "Edition: Family Edition", "Epoch: Antiquity",
		"One empire's cards: The Huns", "One empire's cards: Rome", "No ultra rare cards"}
	if !slices.Equal(have, want) {
		t.Errorf("have %q, want %q", have, want)
	}
	xe := GameType{Play: EditionPlay, Edition: "XE"}
	if n, _ := c.Widest(xe).Count(); n >= Standard.MinPlaying {
		t.Errorf("the Expanded Edition's widest deck holds %d Playing Cards: it should be offered", n)
	}
}
