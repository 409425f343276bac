package cards

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/shared/rulesfile"
)

// TestDefaultFile checks the embedded data file against the document's
// numbers: "58 cards in total" of Goods (with the CHOICE of 8 Aces) and of
// Empire cards, the hand of 5 kept, trades of 3 or more, 2 Disasters a
// turn, ten times the face value, credits at double, sets of 3 armies.
func TestDefaultFile(t *testing.T) {
	r := Default()
	tests := []struct {
		name       string
		have, want int
	}{
		{"Goods cards in all", r.Goods.Total, 58},
		{"Aces (CHOICE: 8)", r.Goods.Count[0], 8},
		{"Twos", r.Goods.Count[1], 7},
		{"Threes", r.Goods.Count[2], 6},
		{"Fours", r.Goods.Count[3], 6},
		{"Fives", r.Goods.Count[4], 5},
		{"Sixes", r.Goods.Count[5], 5},
		{"Sevens", r.Goods.Count[6], 5},
		{"Eights", r.Goods.Count[7], 4},
		{"Nines", r.Goods.Count[8], 4},
		{"Goods piles", len(r.Goods.Piles), 5},
		{"Goods kept after step 8", r.Goods.Keep, 5},
		{"cards held to trade", r.Goods.TradeHeld, 3},
		{"cards on each side of a trade", r.Goods.TradeCards, 3},
		{"Disasters a turn", r.Goods.DisastersPerTurn, 2},
		{"Empire cards in all", r.Empire.Total, 58},
		{"cost factor", r.Empire.Cost, 10},
		{"credit factor", r.Empire.Credit, 2},
		{"Jack", r.Empire.Royalty[0], 11},
		{"Queen", r.Empire.Royalty[1], 12},
		{"King", r.Empire.Royalty[2], 13},
		{"armies a set", r.Territory.SetArmies, 3},
		{"wild cards", r.Territory.Wilds, 2},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s: have %d, want %d", tt.name, tt.have, tt.want)
		}
	}
}

// TestOpenReadsFromFS checks that the rules come from the file system
// given (a mod directory over the embedded files), not from the build.
func TestOpenReadsFromFS(t *testing.T) {
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		t.Fatal(err)
	}
	mod := strings.Replace(string(data), "keep = 5", "keep = 7", 1)
	r, err := Open(fstest.MapFS{File: {Data: []byte(mod)}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Goods.Keep != 7 {
		t.Errorf("goods.keep: have %d, want the mod's 7", r.Goods.Keep)
	}
	if _, err := Open(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), File) {
		t.Errorf("no file: have %v, want an error naming %s", err, File)
	}
}

// TestParseErrors breaks the data file one value at a time and checks that
// the error names the file, the line and the key, and says what is wrong.
func TestParseErrors(t *testing.T) {
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	lineOf := func(s string) int {
		i := strings.Index(good, s)
		if i < 0 {
			t.Fatalf("the data file has no %q", s)
		}
		return 1 + strings.Count(good[:i], "\n")
	}
	lineIn := func(section, s string) int { // the line of s after section's
		at := strings.Index(good, section)
		i := strings.Index(good[at:], s)
		if at < 0 || i < 0 {
			t.Fatalf("the data file has no %q after %q", s, section)
		}
		return 1 + strings.Count(good[:at+i], "\n")
	}
	tests := []struct {
		name     string
		old, new string // the edit: the first old becomes new
		line     int    // 0: the line of old
		want     string
	}{
		{"4 Aces do not make 58", "count = [8,", "count = [4,", lineIn("[goods]", "total ="), `key "goods.total": the piles hold 54 cards (46 of values and 8 Disasters), not 58`},
		{"a negative count", "count = [8, 7,", "count = [8, -7,", 0, `key "goods.count[1]": must be between 0 and 200, got -7`},
		{"nine counts, not eight", "count = [8, 7, 6, 6, 5, 5, 5, 4, 4]", "count = [8, 7, 6, 6, 5, 5, 5, 4]", 0, `key "goods.count": want an array of 9 values, got 8`},
		{"a word for a number", "keep = 5", `keep = "five"`, 0, `key "goods.keep": want an integer`},
		{"a hand of -1", "keep = 5", "keep = -1", 0, `key "goods.keep": must be between 0 and 1000, got -1`},
		{"trading with no cards", "trade_cards = 3", "trade_cards = 0", 0, `key "goods.trade_cards": must be between 1 and 1000, got 0`},
		{"a value in two piles", "values = [2, 3]", "values = [2, 1]", 0, `key "goods.pile[1].values[1]": the 1s are already in pile 1`},
		{"a value in no pile", "values = [8, 9]", "values = [8]", lineOf("[[goods.pile]]"), `key "goods.pile": the 4 cards of value 9 are in no pile`},
		{"a value 10", "values = [8, 9]", "values = [8, 9, 10]", 0, `key "goods.pile[4].values[2]": must be between 1 and 9, got 10`},
		{"a Disaster twice", `shuffled = ["KD", "QS"]`, `shuffled = ["KD", "QH"]`, 0, `key "goods.pile[2].shuffled[1]": QH is in a pile already`},
		{"a Disaster in no pile", `bottom = "KC"`, `bottom = ""`, lineOf("[[goods.pile]]"), `the Disaster KC (King of Clubs) is in no pile`},
		{"a Jack as a Disaster", `bottom = "KC"`, `bottom = "JC"`, 0, `key "goods.pile[4].bottom": JC is not a Disaster`},
		{"no such suit", `bottom = "KC"`, `bottom = "KX"`, 0, `"KX" is not a card: its suit "X" is none of C, D, H, S`},
		{"an unknown key", "keep = 5", "keep = 5\nkeeps = 6", lineOf("keep = 5") + 1, `key "goods.keeps": unknown key`},
		{"a pile out of order", "diamonds = [1, 1, 2, 2,", "diamonds = [1, 2, 1, 2,", 0, `key "empire.diamonds[2]": the pile is sorted ascending: 1 comes after 2`},
		{"an Empire card too many", "clubs = [1, 2,", "clubs = [1, 1, 2,", lineIn("[empire]", "total ="), `key "empire.total": the suits' piles hold 59 cards, not 58`},
		{"a rank 14", "hearts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]", "hearts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14]", 0, `key "empire.hearts[12]": must be between 1 and 13, got 14`},
		{"a bonus of no Empire card", `card = "QC"`, `card = "QS"`, 0, `key "bonus.nuke.card": Queen of Spades is not an Empire card`},
		{"a bonus missing", "[bonus.nuke]", "[bonus.nukes]", 0, `key "bonus.nukes": unknown key`},
		{"per on a bonus that has none", "amount = 3 # armies dropped, once per turn\nper = 0", "amount = 3 # armies dropped, once per turn\nper = 2", lineOf("amount = 3 # armies dropped") + 1, `key "bonus.air_drop.per": must be 0`},
		{"per 0 on Bonus Army II", "per = 6", "per = 0", 0, `key "bonus.bonus_army_2.per": must be between 1 and 1000, got 0`},
		{"keeping as many as force a trade", "elimination_keep = 4", "elimination_keep = 6", 0, `key "territory.elimination_keep": must be between 0 and 5, got 6`},
		{"a syntax error", "set_armies = 3", "set_armies = = 3", 0, "TOML syntax error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(good, tt.old) {
				t.Fatalf("the data file has no %q", tt.old)
			}
			line := tt.line
			if line == 0 {
				line = lineOf(tt.old)
			}
			broken := strings.Replace(good, tt.old, tt.new, 1)
			_, err := Parse(File, []byte(broken))
			if err == nil {
				t.Fatal("have no error")
			}
			for _, fe := range rulesfile.FieldErrors(err) {
				if strings.Contains(fe.Error(), tt.want) {
					if fe.File != File || fe.Line != line {
						t.Errorf("have %s:%d, want %s:%d (%s)", fe.File, fe.Line, File, line, fe)
					}
					return
				}
			}
			t.Errorf("have %v\nwant an error with %q", err, tt.want)
		})
	}
}

// FuzzParse checks that no data file, however broken, makes Parse panic,
// and that every error it reports names the file.
func FuzzParse(f *testing.F) {
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("[goods]\ncount = [1,2]\n[[goods.pile]]\nbottom = \"Q\"\n"))
	f.Add([]byte("[empire]\nroyalty = [11, 12, 13]\nclubs = [13, 1]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse(File, data)
		if err != nil {
			if !strings.Contains(err.Error(), File) {
				t.Errorf("an error not naming the file: %v", err)
			}
			return
		}
		// A file Parse accepts builds its decks: every Goods card once,
		// with an ID of its own.
		empire := 0
		for _, p := range r.NewEmpireSupply().Piles {
			empire += len(p)
		}
		if empire != r.Empire.Total {
			t.Errorf("%d Empire cards laid out, the file says %d", empire, r.Empire.Total)
		}
		ids := map[GoodsID]bool{}
		for _, p := range r.NewSupply(seeded(1)).Piles {
			for _, c := range p {
				if c.ID == 0 || ids[c.ID] {
					t.Fatalf("Goods card ID %d twice or zero", c.ID)
				}
				ids[c.ID] = true
			}
		}
		if len(ids) != r.Goods.Total {
			t.Errorf("%d Goods cards in the piles, the file says %d", len(ids), r.Goods.Total)
		}
	})
}
