// Package generals is Empires and Generals, the card game of the fifth
// rule document: 2 to 20 players, each with decks of its own (a Draw Pile
// of Playing Cards and a Supply Pile of Resource Cards), taking turns of
// six phases, attacking one another's Cultural Health. Its cards are data
// (package cards, assets/rules/generals).
package generals
