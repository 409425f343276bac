package cards

import (
	"fmt"
	"slices"
	"strings"
)

// Play is a type of game: which cards are legal ("Determine Game Cards
// based upon what everyone agrees upon").
type Play uint8

// The game types of the document.
const (
	Open        Play = iota // "Every card is legal."
	EditionPlay             // "Only one Edition represented"
	Epoch                   // "Only one Era represented"; Theme Expansions valid
	HouseRules              // "Whatever you agree upon": a filter
)

// GameType is the game type a table agreed upon: Open, an edition's
// Edition play, an era's Epoch game, or House rules and their filter. The
// zero GameType is an Open game.
type GameType struct {
	Play    Play
	Edition EditionCode // EditionPlay
	Era     string      // Epoch
	House   []Condition // HouseRules: every condition holds for a legal card
}

// OpenGame returns the Open game: "Every card is legal."
func OpenGame() GameType { return GameType{} }

// Field is what a House rules condition looks at.
type Field uint8

// The fields of a condition.
const (
	FieldGame Field = iota
	FieldEdition
	FieldEra
	FieldEmpire
	FieldKind
	FieldRarity
	FieldID
	lastField = FieldID
)

var fieldWords = [...]string{"game", "edition", "era", "empire", "kind", "rarity", "id"}

// Condition is one condition of a House rules filter: the card's field is
// one of Values (or, Not, none of them).
type Condition struct {
	Field  Field
	Not    bool
	Values []string
}

// String writes the game type as ParseGameType reads it.
func (g GameType) String() string {
	switch g.Play {
	case EditionPlay:
		return "edition " + string(g.Edition)
	case Epoch:
		return "epoch " + g.Era
	case HouseRules:
		parts := make([]string, len(g.House))
		for i, c := range g.House {
			op := "="
			if c.Not {
				op = "!="
			}
			parts[i] = fieldWords[c.Field] + op + strings.Join(c.Values, ",")
		}
		return "house " + strings.Join(parts, "; ")
	}
	return "open"
}

// kindWord is a kind's word in a House rules filter: "act-of-god".
func kindWord(k Kind) string {
	switch k {
	case Resource:
		return "resource"
	case Trader:
		return "trader"
	}
	return strings.ToLower(strings.ReplaceAll(k.String(), " ", "-"))
}

// ParseGameType reads a game type: "open"; "edition CODE" ("edition FE");
// "epoch ERA" ("epoch Antiquity"); or "house CONDITION; CONDITION...",
// each condition FIELD=VALUE,VALUE (the card's field is one of them) or
// FIELD!=VALUE,VALUE (none of them), FIELD one of game, edition, era,
// empire, kind (general, soldier, kingdom, strategy, tactics, resource,
// trader, act-of-god), rarity (common, uncommon, rare, ultra rare), id:
// "house empire=TH,RM; rarity!=ultra rare". Every code, era and ID must
// be the collection's.
func (c *Collection) ParseGameType(s string) (GameType, error) {
	if len(s) > 1000 {
		return GameType{}, fmt.Errorf("a game type of %d bytes: at most 1000", len(s))
	}
	word, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	rest = strings.TrimSpace(rest)
	switch word {
	case "open":
		if rest != "" {
			return GameType{}, fmt.Errorf("an Open game takes no filter: %q", clip(rest))
		}
		return OpenGame(), nil
	case "edition":
		if _, ok := c.Edition(EditionCode(rest)); !ok {
			return GameType{}, fmt.Errorf("there is no edition %q (the editions: %s)", clip(rest), c.editionList())
		}
		return GameType{Play: EditionPlay, Edition: EditionCode(rest)}, nil
	case "epoch":
		if !slices.ContainsFunc(c.Editions, func(e EditionDef) bool { return e.Era == rest }) {
			return GameType{}, fmt.Errorf("there is no era %q among the editions' (%s)", clip(rest), c.editionList())
		}
		return GameType{Play: Epoch, Era: rest}, nil
	case "house":
		g := GameType{Play: HouseRules}
		for part := range strings.SplitSeq(rest, ";") {
			cond, err := c.parseCondition(strings.TrimSpace(part))
			if err != nil {
				return GameType{}, fmt.Errorf("house rules: %w", err)
			}
			g.House = append(g.House, cond)
		}
		return g, nil
	}
	return GameType{}, fmt.Errorf("%q is no game type: want open, edition CODE, epoch ERA or house CONDITIONS", clip(word))
}

// editionList names the editions and their eras for an error message.
func (c *Collection) editionList() string {
	var parts []string
	for _, e := range c.Editions {
		parts = append(parts, fmt.Sprintf("%s %s of %s", e.Code, e.Name, e.Era))
	}
	return strings.Join(parts, ", ")
}

// parseCondition reads one condition of a House rules filter.
func (c *Collection) parseCondition(s string) (Condition, error) {
	var cond Condition
	field, values, ok := strings.Cut(s, "=")
	if !ok {
		return cond, fmt.Errorf("%q is no condition: want FIELD=VALUE,VALUE or FIELD!=VALUE", clip(s))
	}
	if strings.HasSuffix(field, "!") {
		cond.Not, field = true, strings.TrimSuffix(field, "!")
	}
	f := slices.Index(fieldWords[:], strings.TrimSpace(field))
	if f < 0 {
		return cond, fmt.Errorf("%q is no field (want one of %s)", clip(field), strings.Join(fieldWords[:], ", "))
	}
	cond.Field = Field(f)
	for v := range strings.SplitSeq(values, ",") {
		v = strings.TrimSpace(v)
		if !c.knows(cond.Field, v) {
			return cond, fmt.Errorf("%s %q: the collection has none", fieldWords[f], clip(v))
		}
		cond.Values = append(cond.Values, v)
	}
	return cond, nil
}

// knows reports whether v is a value of field f in the collection.
func (c *Collection) knows(f Field, v string) bool {
	for _, id := range c.ids {
		if fieldValue(c, f, id) == v {
			return true
		}
	}
	return false
}

// fieldValue is card id's value of field f, as a condition writes it.
func fieldValue(c *Collection, f Field, id ID) string {
	switch f {
	case FieldGame:
		return string(id.Game)
	case FieldEdition:
		return string(id.Edition)
	case FieldEra:
		return c.Era(id)
	case FieldEmpire:
		return string(id.Empire)
	case FieldKind:
		return kindWord(id.Kind)
	case FieldRarity:
		card, _ := c.Card(id)
		return card.Rarity.String()
	}
	return id.String()
}

// Legal returns why card id may not be played in a game of type g, in
// words a player understands, or "" when it may.
func (c *Collection) Legal(g GameType, id ID) string {
	switch g.Play {
	case EditionPlay:
		if id.Edition != g.Edition {
			e, _ := c.Edition(g.Edition)
			return fmt.Sprintf("is not of the %s, the only edition of this game", e.Name)
		}
	case Epoch:
		if game, _ := c.Game(id.Game); !game.Theme && c.Era(id) != g.Era {
			return fmt.Sprintf("is of the era %s, and this game is of %s only", c.Era(id), g.Era)
		}
	case HouseRules:
		for _, cond := range g.House {
			if slices.Contains(cond.Values, fieldValue(c, cond.Field, id)) == cond.Not {
				return fmt.Sprintf("is barred by the house rule %q", GameType{Play: HouseRules, House: []Condition{cond}}.String()[len("house "):])
			}
		}
	}
	return ""
}

// Allowed returns the IDs of the cards legal in a game of type g, sorted.
func (c *Collection) Allowed(g GameType) []ID {
	var out []ID
	for _, id := range c.ids {
		if c.Legal(g, id) == "" {
			out = append(out, id)
		}
	}
	return out
}

// GameChoice is a game type a table may choose: its name, as the game's
// setting says it ("Edition: Family Edition"), and its filter.
type GameChoice struct {
	Name string
	Type GameType
}

// GameChoices returns the game types a table of collection c may choose,
// in order: "Open", Edition play of each edition ("Edition: NAME"), an
// Epoch game of each era ("Epoch: ERA"), then the catalogue's house rules
// by name. A type whose cards make no deck of the standard sizes (its
// Widest deck fails Check: an edition of a few cards) is left out; Open
// never is.
func (c *Collection) GameChoices() []GameChoice {
	out := []GameChoice{{"Open", OpenGame()}}
	for _, e := range c.Editions {
		out = append(out, GameChoice{"Edition: " + e.Name, GameType{Play: EditionPlay, Edition: e.Code}})
	}
	var eras []string
	for _, e := range c.Editions {
		if !slices.Contains(eras, e.Era) {
			eras = append(eras, e.Era)
			out = append(out, GameChoice{"Epoch: " + e.Era, GameType{Play: Epoch, Era: e.Era}})
		}
	}
	for _, h := range c.Houses {
		if t, err := c.ParseGameType(h.Filter); err == nil { // checked by Load
			out = append(out, GameChoice{h.Name, t})
		}
	}
	return slices.DeleteFunc(out, func(gc GameChoice) bool {
		return gc.Type.Play != Open && len(c.Check(gc.Type, Standard, c.Widest(gc.Type))) > 0
	})
}

// Widest returns the largest deck legal in a game of type t: every card
// t allows at its rarity's limit, in ID order, but only the first ultra
// rare card. It may be too small for a game (Check says why).
func (c *Collection) Widest(t GameType) Deck {
	var d Deck
	ultra := false
	for _, id := range c.Allowed(t) {
		card := c.cards[id]
		if card.Rarity == UltraRare {
			if ultra {
				continue
			}
			ultra = true
		}
		d.Entries = append(d.Entries, Entry{ID: id, Copies: card.Rarity.Limit()})
	}
	return d
}
