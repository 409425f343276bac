// Package cards is every rule about cards of the risk ruleset (EMPIRES,
// the Risk extended scenario, "the document"): the Goods cards and the
// Disasters among them (their five piles, drawing in step 5b, their points
// value of Table 1, trading in step 6, which Disasters a player resolves in
// step 7), the Empire cards (bought in step 8, their bonuses of Table 4,
// the end of the game and the final score) and the classic Risk territory
// cards (a card for a turn with a conquest, sets always worth 3 armies).
//
// The code is pure and deterministic: whatever is random (a shuffle, a card
// taken at random) uses the *rand.Rand the caller passes in, the game's
// seeded generator. The numbers come from the data file File under
// assets/rules (Open), so that a modder changes them without Go.
//
// What a player may see is part of the types: a Goods hand and a pile of
// Disasters face down are shown to others as a count only (Hand.Seen,
// DisasterPile.Seen), the Goods piles as their sizes (Supply.Sizes); Empire
// cards are open to all.
package cards

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"empires/assets"
	"empires/shared/rulesfile"
)

// File is the name of the card rules' data file in the rules folder.
const File = "risk-cards.toml"

// Suit is a card's suit. The zero Suit is none: a Goods card of a value
// has no suit that matters ("suit is not important except where noted").
type Suit uint8

// The four suits, in bridge order.
const (
	NoSuit Suit = iota
	Clubs
	Diamonds
	Hearts
	Spades
)

// Suits returns the four suits in order.
func Suits() [4]Suit { return [4]Suit{Clubs, Diamonds, Hearts, Spades} }

// String names the suit: "Hearts".
func (s Suit) String() string {
	switch s {
	case Clubs:
		return "Clubs"
	case Diamonds:
		return "Diamonds"
	case Hearts:
		return "Hearts"
	case Spades:
		return "Spades"
	}
	return "no suit"
}

// Royalty ranks.
const (
	Jack  = 11
	Queen = 12
	King  = 13
)

// rankName names a rank: "Ace", "7", "Queen".
func rankName(r int) string {
	switch r {
	case 1:
		return "Ace"
	case Jack:
		return "Jack"
	case Queen:
		return "Queen"
	case King:
		return "King"
	}
	return strconv.Itoa(r)
}

// parseCard reads a card's short name: a rank (A or 1 to 10, J, Q, K) and
// a suit letter (C, D, H, S): "QH", "10S".
func parseCard(s string) (Suit, int, error) {
	if len(s) < 2 {
		return 0, 0, fmt.Errorf("%q is not a card (want a rank and a suit, like \"QH\")", s)
	}
	var suit Suit
	switch s[len(s)-1] {
	case 'C':
		suit = Clubs
	case 'D':
		suit = Diamonds
	case 'H':
		suit = Hearts
	case 'S':
		suit = Spades
	default:
		return 0, 0, fmt.Errorf("%q is not a card: its suit %q is none of C, D, H, S", s, s[len(s)-1:])
	}
	var rank int
	switch r := s[:len(s)-1]; r {
	case "A":
		rank = 1
	case "J":
		rank = Jack
	case "Q":
		rank = Queen
	case "K":
		rank = King
	default:
		n, err := strconv.Atoi(r)
		if err != nil || n < 1 || n > 10 {
			return 0, 0, fmt.Errorf("%q is not a card: its rank %q is none of A, 1 to 10, J, Q, K", s, r)
		}
		rank = n
	}
	return suit, rank, nil
}

// Rules is the numbers of the card rules, as the data file gives them. A
// Rules from Open or Parse is valid; it is read-only and shared.
type Rules struct {
	Goods     GoodsRules     `toml:"goods"`
	Empire    EmpireRules    `toml:"empire"`
	Bonus     BonusTable     `toml:"bonus"`
	Territory TerritoryRules `toml:"territory"`
}

// GoodsRules is the Goods cards' part of the data file.
type GoodsRules struct {
	Total            int        `toml:"total"`              // Goods cards in all, Disasters included: 58
	Count            [9]int     `toml:"count"`              // how many cards of each value, One to Nine
	Keep             int        `toml:"keep"`               // Goods cards kept after step 8
	TradeHeld        int        `toml:"trade_held"`         // cards held to take part in step 6
	TradeCards       int        `toml:"trade_cards"`        // least cards on each side of a trade
	DisastersPerTurn int        `toml:"disasters_per_turn"` // Disasters resolved a turn at most
	Piles            []PileSpec `toml:"pile"`               // the piles, first to last
}

// PileSpec is how one Goods pile is built at set-up.
type PileSpec struct {
	Values   []int    `toml:"values"`   // the values whose cards are shuffled into it
	Shuffled []string `toml:"shuffled"` // Disasters shuffled in with them: "KH"
	Bottom   string   `toml:"bottom"`   // a Disaster put under them, or ""
}

// EmpireRules is the Empire cards' part of the data file.
type EmpireRules struct {
	Total    int    `toml:"total"`    // Empire cards in all: 58
	Cost     int    `toml:"cost"`     // a card costs Cost times its face value
	Credit   int    `toml:"credit"`   // a held card counts Credit times its face value
	Royalty  [3]int `toml:"royalty"`  // face values of the Jack, Queen and King
	Clubs    []int  `toml:"clubs"`    // the Clubs pile's ranks, ascending
	Diamonds []int  `toml:"diamonds"` // the Diamonds pile's ranks, ascending
	Hearts   []int  `toml:"hearts"`   // the Hearts pile's ranks, ascending
	Spades   []int  `toml:"spades"`   // the Spades pile's ranks, ascending
}

// pile returns the ranks of suit s's pile.
func (e *EmpireRules) pile(s Suit) []int {
	switch s {
	case Clubs:
		return e.Clubs
	case Diamonds:
		return e.Diamonds
	case Hearts:
		return e.Hearts
	case Spades:
		return e.Spades
	}
	return nil
}

// TerritoryRules is the territory cards' part of the data file.
type TerritoryRules struct {
	Wilds            int `toml:"wilds"`             // wild cards in the deck
	SetArmies        int `toml:"set_armies"`        // armies for a set: always 3
	MustTrade        int `toml:"must_trade"`        // cards held at a turn's start that force a trade
	EliminationTrade int `toml:"elimination_trade"` // cards held after taking a victim's that force trades
	EliminationKeep  int `toml:"elimination_keep"`  // ... until this many or fewer are left
	OccupiedBonus    int `toml:"occupied_bonus"`    // armies for an occupied territory shown on the set
}

// Bounds of the data file's numbers: they keep a mod's cards to a size a
// table plays with and the arithmetic far from overflow.
const (
	maxCards  = 200 // cards of one kind in all
	maxPiles  = 9
	maxNumber = 1000 // any other count or factor
	maxGoods  = 250  // Goods cards in all, so that a GoodsID names each
)

// Validate checks the rules across keys: the Goods add up to their total,
// each value and Disaster lies in exactly one pile, the Empire piles are
// ascending and add up to theirs, and Table 4's cards are Empire cards.
func (r *Rules) Validate() error {
	var c rulesfile.Checker
	g := &r.Goods
	sum := 0
	for i, n := range g.Count {
		if c.Between(fmt.Sprintf("goods.count[%d]", i), n, 0, maxCards) {
			sum += n
		}
	}
	c.Between("goods.keep", g.Keep, 0, maxNumber)
	c.Between("goods.trade_held", g.TradeHeld, 1, maxNumber)
	c.Between("goods.trade_cards", g.TradeCards, 1, maxNumber)
	c.Between("goods.disasters_per_turn", g.DisastersPerTurn, 0, 4)
	if c.Between("goods.pile", len(g.Piles), 1, maxPiles) {
		pileOf := map[int]int{}     // value -> pile number
		placed := map[string]bool{} // Disaster -> placed
		for i, p := range g.Piles {
			key := fmt.Sprintf("goods.pile[%d]", i)
			for j, v := range p.Values {
				vk := fmt.Sprintf("%s.values[%d]", key, j)
				if !c.Between(vk, v, 1, 9) {
					continue
				}
				if at, dup := pileOf[v]; dup {
					c.Add(vk, "the %ds are already in pile %d", v, at)
					continue
				}
				pileOf[v] = i + 1
			}
			disasters := append([]string(nil), p.Shuffled...)
			if p.Bottom != "" {
				disasters = append(disasters, p.Bottom)
			}
			for j, d := range disasters {
				dk := fmt.Sprintf("%s.shuffled[%d]", key, j)
				if j == len(p.Shuffled) {
					dk = key + ".bottom"
				}
				_, rank, err := parseCard(d)
				switch {
				case err != nil:
					c.Add(dk, "%v", err)
				case rank != Queen && rank != King:
					c.Add(dk, "%s is not a Disaster: the Disasters are the Queens and Kings", d)
				case placed[d]:
					c.Add(dk, "%s is in a pile already", d)
				default:
					placed[d] = true
				}
			}
		}
		for v := 1; v <= 9; v++ {
			if g.Count[v-1] > 0 && pileOf[v] == 0 {
				c.Add("goods.pile", "the %d cards of value %d are in no pile", g.Count[v-1], v)
			}
		}
		for _, s := range Suits() {
			for _, rank := range []int{Queen, King} {
				if d := shortName(s, rank); !placed[d] {
					c.Add("goods.pile", "the Disaster %s (%s) is in no pile", d, longName(s, rank))
				}
			}
		}
	}
	c.Check(g.Total == sum+8, "goods.total", "the piles hold %d cards (%d of values and 8 Disasters), not %d", sum+8, sum, g.Total)
	c.Check(sum+8 <= maxGoods, "goods.count", "%d Goods cards are too many: %d at most", sum+8, maxGoods)

	e := &r.Empire
	c.Between("empire.cost", e.Cost, 0, maxNumber)
	c.Between("empire.credit", e.Credit, 0, maxNumber)
	for i, v := range e.Royalty {
		c.Between(fmt.Sprintf("empire.royalty[%d]", i), v, 1, maxNumber)
	}
	esum := 0
	for _, s := range Suits() {
		name := strings.ToLower(s.String())
		ranks := e.pile(s)
		c.Between("empire."+name, len(ranks), 0, maxCards)
		esum += len(ranks)
		for j, rank := range ranks {
			key := fmt.Sprintf("empire.%s[%d]", name, j)
			if !c.Between(key, rank, 1, King) {
				continue
			}
			if j > 0 && rank < ranks[j-1] {
				c.Add(key, "the pile is sorted ascending: %d comes after %d", rank, ranks[j-1])
			}
		}
	}
	c.Check(e.Total == esum, "empire.total", "the suits' piles hold %d cards, not %d", esum, e.Total)

	for b := Bonus(1); b <= lastBonus; b++ {
		row := r.Bonus.row(b)
		key := "bonus." + b.key()
		suit, rank, err := parseCard(row.Card)
		if err != nil {
			c.Add(key+".card", "%v", err)
		} else if !containsInt(e.pile(suit), rank) {
			c.Add(key+".card", "%s is not an Empire card", longName(suit, rank))
		}
		c.Between(key+".amount", row.Amount, -maxNumber, maxNumber)
		if b == BonusArmyII {
			c.Between(key+".per", row.Per, 1, maxNumber)
		} else {
			c.Check(row.Per == 0, key+".per", "must be 0: only bonus_army_2 counts per territories, got %d", row.Per)
		}
	}

	t := &r.Territory
	c.Between("territory.wilds", t.Wilds, 0, maxCards)
	c.Between("territory.set_armies", t.SetArmies, 0, maxNumber)
	c.Between("territory.must_trade", t.MustTrade, 3, maxNumber)
	c.Between("territory.elimination_trade", t.EliminationTrade, 3, maxNumber)
	c.Between("territory.elimination_keep", t.EliminationKeep, 0, t.EliminationTrade-1)
	c.Between("territory.occupied_bonus", t.OccupiedBonus, 0, maxNumber)
	return c.Err()
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// shortName is a card's name in the data file: "QH".
func shortName(s Suit, rank int) string {
	r := rankName(rank)
	if rank == 1 || rank > 10 {
		r = r[:1]
	}
	return r + s.String()[:1]
}

// longName is a card's name for people: "Queen of Hearts".
func longName(s Suit, rank int) string {
	return rankName(rank) + " of " + s.String()
}

// Open reads the card rules from File in fsys: assets.Rules(), or a host's
// mod directory over it (rulesfile.OpenSource). Every problem of a broken
// file is reported at once, each with the file's name, its line and its
// key: "risk-cards.toml:21: key "goods.keep": must be between 0 and 1000,
// got -1".
func Open(fsys fs.FS) (*Rules, error) {
	data, err := fs.ReadFile(fsys, File)
	if err != nil {
		return nil, fmt.Errorf("risk cards: %w", err)
	}
	return Parse(File, data)
}

// Parse reads the card rules from data, the content of the file named
// name; see Open.
func Parse(name string, data []byte) (*Rules, error) {
	r := new(Rules)
	if err := rulesfile.DecodeBytes(name, data, r); err != nil {
		lines := keyLines(data)
		for _, fe := range rulesfile.FieldErrors(err) {
			if fe.Line == 0 {
				fe.Line = lines.find(fe.Key)
			}
		}
		return nil, err
	}
	return r, nil
}

// Default returns the card rules of the embedded data file. It panics if
// that file is broken: a build error every test catches.
func Default() *Rules {
	r, err := Open(assets.Rules())
	if err != nil {
		panic(err)
	}
	return r
}

// lineIndex maps the dotted keys of a TOML file (as rulesfile names them:
// "goods.pile[2].bottom") to the lines that set them.
type lineIndex map[string]int

// keyLines indexes the keys of a TOML file line by line: table headers
// ([a.b], [[a.b]] counted from 0) and "key = value" lines. It is meant for
// error messages: it reads the plain layout data files use and ignores
// what it does not understand.
func keyLines(data []byte) lineIndex {
	idx := lineIndex{}
	arrays := map[string]int{}
	prefix := ""
	for i, line := range strings.Split(string(data), "\n") {
		ln := i + 1
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "[["):
			end := strings.Index(line, "]]")
			if end < 0 {
				continue
			}
			name := cleanKey(line[2:end])
			n := arrays[name]
			arrays[name] = n + 1
			prefix = fmt.Sprintf("%s[%d]", name, n)
			idx.set(name, ln)
			idx.set(prefix, ln)
		case strings.HasPrefix(line, "["):
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			prefix = cleanKey(line[1:end])
			for k := prefix; k != ""; {
				idx.set(k, ln) // [a.b] opens a too, if it was not before
				cut := strings.LastIndexByte(k, '.')
				if cut < 0 {
					break
				}
				k = k[:cut]
			}
		default:
			eq := strings.IndexByte(line, '=')
			if eq <= 0 || strings.HasPrefix(line, "#") {
				continue
			}
			key := cleanKey(line[:eq])
			if prefix != "" {
				key = prefix + "." + key
			}
			idx.set(key, ln)
		}
	}
	return idx
}

// set records the first line of key.
func (idx lineIndex) set(key string, line int) {
	if _, ok := idx[key]; !ok {
		idx[key] = line
	}
}

// cleanKey writes a key as rulesfile does: dotted, parts unquoted, no
// spaces.
func cleanKey(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// find returns the line of key, or of the nearest enclosing key or table
// the file has ("goods.count[3]" is on the line of "goods.count"), or 0.
func (idx lineIndex) find(key string) int {
	for key != "" {
		if ln, ok := idx[cleanKey(key)]; ok {
			return ln
		}
		cut := strings.LastIndexAny(key, ".[")
		if cut < 0 {
			break
		}
		key = key[:cut]
	}
	return 0
}
