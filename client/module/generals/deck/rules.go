package deck

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"empires/assets"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// The settings of a game of Empires and Generals that decide which decks
// are legal, as the ruleset names them (shared/rules/generals): the game
// type, a choice of "Open", "Edition: NAME" for each edition, "Epoch:
// ERA" for each era, then the house rules by name; and the variation, a
// choice of None, Blitzkrieg, Southpole, Slaughterhouse, Architect. They
// are read here and nowhere else in the client.
const (
	KeyType      = "type"
	KeyVariation = "variation"
)

// typeOpen is the game type's first choice, every card legal.
const typeOpen = "Open"

// Variation is a variation of the game as far as decks go: its name and
// deck sizes.
type Variation struct {
	Name   string
	Limits cards.Limits
}

// Variations returns the variations of the document in the order of the
// setting's choices: None (cards.Standard), Blitzkrieg ("25 Playing
// Cards, 10 Resource Cards"), Southpole ("400 Card minimum"),
// Slaughterhouse and Architect (which change where Health starts, not
// the decks).
func Variations() []Variation {
	return []Variation{
		{"None", cards.Standard},
		{"Blitzkrieg", cards.Blitzkrieg},
		{"Southpole", cards.Southpole},
		{"Slaughterhouse", cards.Standard},
		{"Architect", cards.Standard},
	}
}

// GameChoices returns the game types of collection c the builder offers
// when no game is set: the ruleset's (cards.Collection.GameChoices).
func GameChoices(c *cards.Collection) []cards.GameChoice { return c.GameChoices() }

// Game is what a game's settings ask of a deck: its game type, its deck
// sizes, and both in words ("Open · Blitzkrieg").
type Game struct {
	Type   cards.GameType
	Limits cards.Limits
	Words  string
	// Exact is false when the game type is one the collection does not
	// know (a server's newer data): every card is then allowed here, and
	// the server's check is the only one.
	Exact bool
}

// GameOf returns what a game of ruleset rs with opts asks of a deck, the
// settings read as their choices' labels say (a missing one takes its
// default), so that a collection with more editions or house rules still
// reads right.
func GameOf(c *cards.Collection, rs ruleset.Ruleset, opts ruleset.Options) Game {
	g := Game{Type: cards.OpenGame(), Limits: cards.Standard, Exact: true}
	var info ruleset.Info
	if rs != nil {
		info = rs.Info()
	}
	typeLabel, varLabel := typeOpen, "None"
	if st, ok := info.Setting(KeyType); ok && len(st.Choices) > 0 {
		typeLabel = st.Choices[min(max(opts.Get(KeyType, st.Default), 0), len(st.Choices)-1)]
	}
	if st, ok := info.Setting(KeyVariation); ok && len(st.Choices) > 0 {
		varLabel = st.Choices[min(max(opts.Get(KeyVariation, st.Default), 0), len(st.Choices)-1)]
	}
	if t, ok := gameType(c, typeLabel); ok {
		g.Type = t
	} else {
		g.Exact = false
	}
	if i := slices.IndexFunc(Variations(), func(v Variation) bool { return v.Name == varLabel }); i >= 0 {
		g.Limits = Variations()[i].Limits
	}
	g.Words = typeLabel
	if varLabel != "None" {
		g.Words += " · " + varLabel
	}
	return g
}

// gameType returns the game type of the setting's choice label
// (GameChoices), false for none of them.
func gameType(c *cards.Collection, label string) (cards.GameType, bool) {
	if i := slices.IndexFunc(GameChoices(c), func(gc cards.GameChoice) bool { return gc.Name == label }); i >= 0 {
		return GameChoices(c)[i].Type, true
	}
	return cards.GameType{}, false
}

// Collector is an optional interface of the ruleset: its card collection
// (a host's mod has its own).
type Collector interface {
	Collection() *cards.Collection
}

// CollectionOf returns the card collection of ruleset rs, or, when rs is
// nil or does not say, the build's own (assets/rules/generals).
func CollectionOf(rs ruleset.Ruleset) (*cards.Collection, error) {
	if c, ok := rs.(Collector); ok && c.Collection() != nil {
		return c.Collection(), nil
	}
	return BuiltinCollection(assets.Rules())
}

// BuiltinCollection loads the collection under cards.Dir of fsys.
func BuiltinCollection(fsys fs.FS) (*cards.Collection, error) {
	c, err := cards.Load(fsys, cards.Dir)
	if err != nil {
		return nil, fmt.Errorf("the cards of Empires and Generals: %w", err)
	}
	return c, nil
}

// ReadyLabel names ready-made deck name ("huns") for a button: "Huns
// (ready-made)".
func ReadyLabel(name string) string {
	if name == "" {
		return "(ready-made)"
	}
	return strings.ToUpper(name[:1]) + name[1:] + " (ready-made)"
}
