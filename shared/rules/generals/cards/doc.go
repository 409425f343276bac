// Package cards is the card collection of the generals ruleset ("Empires
// and Generals", "the document"): the kinds of card, their identification
// numbers, the small language in which a card's rules are written, the
// loader of the card files, the game types that filter the collection,
// and the deck check.
//
// # Cards
//
// A card is a Playing Card of the Draw Pile (a General, a Soldier, a
// Kingdom, a Strategy or a Tactics card) or a Resource Card of the Supply
// Pile (a Specialty Resource, a Resource Trader or an Act of God). Its
// identification number (ID) is the document's "EGFETHS4": game, edition,
// empire, type letter, number, and a variant letter or none. Its rarity
// (common, uncommon, rare, ultra rare) sets how many copies a deck holds.
//
// # The vocabulary
//
// A card's rules are data, lines of a small language that the engine
// interprets: "TRIGGER: ACTION; ACTION". The triggers say when a rule acts
// (Trigger: play, always, harvest, ability COST, attack, block, kill, dies,
// resolve), the verbs what it does (Verb: gain, lose, trade, draw, discard,
// health, hand, generals, strength, life, no-pull, no-general,
// cannot-attack, cannot-block, unblockable, destroy, withdraw, return),
// and their words whom (Players, Units). Costs are Cost: "2 food, 1 iron",
// "3 any", "discard". The resources and the soldiers' subtypes are the
// collection's (Lexicon), so that a modder adds one without Go. ParseRule
// and ParseCost read the language, Rule.String writes it back;
// docs/GENERALS-CARDS.md is the modders' reference.
//
// # Files
//
// The collection is a folder of the rules folder (Dir): the catalogue
// (CatalogFile: games, editions and their eras, resources, subtypes), one
// TOML file an empire (EmpiresDir), and the ready-made decks (DecksDir).
// Load refuses a broken collection with every problem, each naming its
// file, its line and what is wrong.
//
// # Decks
//
// A player's deck is seat set-up data: DeckHeader ("generals deck 1"),
// then a line a card, "EGFETHS4 5". DecodeDeck reads it with limits;
// Collection.Check lists every problem for a game type and deck sizes, in
// words a player understands; CheckDeck does both, as a ruleset's
// CheckSeat will.
//
// Everything here is pure: a Collection is read-only once loaded and may be
// shared between games.
package cards
