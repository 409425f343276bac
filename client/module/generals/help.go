package generals

import (
	"strings"

	"empires/client/menu"
	"empires/shared/rules/generals/cards"
)

// Help implements module.Screen.
func (s *Screen) Help() menu.HelpContent { return Help(s.m.coll) }

// Help returns the help of a game of collection coll: the rules in
// short, the phases, the table, the keys and the card language.
func Help(coll *cards.Collection) menu.HelpContent {
	c := menu.HelpContent{Title: "Empires and Generals: help"}
	var res []string
	for _, r := range coll.Lexicon.Resources {
		res = append(res, r.Name)
	}
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The game",
		Paragraphs: []string{
			"Each player brings two decks: a Draw Pile of Playing Cards (Generals, Soldiers, Kingdom, Strategy and Tactics cards) " +
				"and a Supply Pile of Resource Cards (Specialty Resources, Resource Traders, Acts of God). No one sees another's hand or piles, only how many cards they hold.",
			"Everyone starts at 0 Cultural Health, on the track from Lose to Win drawn in each player's place. Reach Win (3 in a Quick game, 5 in Normal, 8 in Epic) " +
				"for the Chancellor Victory; a player at Lose is out, and the last one standing wins the Warlord Victory. Who resigns leaves the others the Sissy Victory.",
			"A successful attack on a player's Warcamp takes 1 Cultural Health from the defender and gives it to the attacker. " +
				"An attack on the Battlefield takes none: it kills units or goes on to the Warcamp.",
			"The opening: every player draws 7 cards, choosing how many come from the Draw Pile and how many from the Supply Pile. Then the players take turns in seat order, starting with one drawn at random.",
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The phases of a turn",
		Rows: []menu.HelpRow{
			{Term: "Declare", Text: "Play (take the turn) or Pass; you may not pass twice in a row. Drawing a card also takes the turn."},
			{Term: "Draw", Text: "draw 1 card, from the Draw Pile or the Supply Pile, or skip."},
			{Term: "Harvest", Text: "play Resource Cards into your Resource Area (the Supply Line) and Acts of God; your pool is what your resources and Kingdom cards harvest (" + strings.Join(res, ", ") + "). It lasts this turn only."},
			{Term: "Kingdom", Text: "play Kingdom and Strategy cards, paying their cost from the pool; use their abilities; discard them from play."},
			{Term: "Army", Text: "play Generals (to the Warcamp or the Battlefield), Soldiers (to the Warcamp; they suffer Pull: no move, attack or ability this turn) and Tactics; move units between Warcamp and Battlefield (the Battlefield needs a General in play); one General in play unless a card says more."},
			{Term: "Attack", Text: "at most one attack a turn: a unit of your Battlefield against one opponent. The defender blocks at its Battlefield or lets the attack through to its Warcamp, where it blocks again or presents no blocker."},
			{Term: "Resolve", Text: "effects of the turn end, Acts of God go, and you discard down to your hand limit (7 unless a card changes it). End turn."},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title:      "Battles",
		Paragraphs: []string{"You attack with your unit's Strength against the blocker's Life; the blocker counter-attacks with its Strength against your Life. A unit dies when the other's Strength is greater than its Life: ties go to the defender. The defender's box lists each possible blocker with what would happen (kills the attacker, dies, both, neither) and the Health lost, and the time left to answer; when it runs out the game answers for you."},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The table",
		Rows: []menu.HelpRow{
			{Term: "Top", Text: "the phase bar (the phase being played lit), the turn, whose turn it is and the time left"},
			{Term: "Other players", Text: "each place shows its Cultural Health on the track, its hand as card backs, its piles, its Kingdom and Resource cards, its Warcamp and Battlefield. With many players the places are compact: rest the pointer on one to see it in full"},
			{Term: "Your place", Text: "your Resource Area and this turn's pool, your Acts of God, your Kingdom, Warcamp and Battlefield. A card in play shows Strength/Life (green when changed), pull and used"},
			{Term: "Bottom", Text: "your hand: the cards you may play now are framed green, the others dimmed; your Draw, Supply and discard piles with their counts"},
			{Term: "Card", Text: "name, kind, empire, cost, Strength/Life, its rules and flavour text; the corner mark is its rarity (C common, U uncommon, R rare, UR ultra rare: once in play no one may play it again)"},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Keys and mouse",
		Rows: []menu.HelpRow{
			{Term: "Click a card, 1-9", Text: "play that card of your hand (a General asks: Warcamp or Battlefield; a card with targets asks you to click them). When discarding: tick or untick it"},
			{Term: "Click your unit", Text: "pick it: then To the Warcamp / To the Battlefield, its ability, Discard from play, or click an opponent to attack with it"},
			{Term: "Click a player or a unit", Text: "the target of the card or ability being played; the opponent attacked. With many players, click a player's place to list the cards of theirs you may choose"},
			{Term: "Tab, Shift+Tab", Text: "move the focus (a ring in the focus colour between dark lines) to the next or the previous thing a click acts on: your hand left to right, the buttons, your piles, your place and your cards in play, then each opponent's place and cards. The card in focus shows enlarged beside it; while the defender's box is open, its rows only"},
			{Term: "↓ ↑", Text: "the focus to the next group (the hand, the buttons, the piles, each place), or back to the start of this group and then the one before"},
			{Term: "Enter", Text: "on the focus: what a click there does (play, pick, target, attack, press the button, block, list a compact place's cards, which then take the focus). With no focus: take the opening split, discard the ticked cards"},
			{Term: "Rest the pointer, Z", Text: "show the card under the pointer enlarged (Z: at once, on or off)"},
			{Term: "Y, P", Text: "Play or Pass in the Declare step"},
			{Term: "D, S", Text: "draw from the Draw Pile or the Supply Pile (or click the pile)"},
			{Term: "N", Text: "Next phase; End turn in the Resolve Phase"},
			{Term: "W, B", Text: "to the Warcamp, to the Battlefield"},
			{Term: "← →, Enter", Text: "the opening split: fewer or more from the Draw Pile, then take them. Enter also discards the ticked cards"},
			{Term: "0", Text: "No blocker, when attacked (or click a row of the defender's box)"},
			{Term: "L", Text: "look through your discard pile (or click it)"},
			{Term: "Space", Text: "skip the animations (a click does too)"},
			{Term: "Esc", Text: "drop the picked card; close the discard pile or the list of a place's cards; with nothing picked, drop the focus"},
			{Term: "Resign", Text: "leave the game: asks again first"},
			{Term: "F1", Text: "this help"},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title:      "The card language",
		Paragraphs: []string{"A card's rules read \"WHEN: WHAT; WHAT\". \"you\" is the card's owner. An effect on units lasts until the end of the turn, unless it is an \"always\" rule: then it lasts while the card is in play."},
		Rows:       languageRows(),
	})
	return c
}

// languageRows are the card language's triggers and verbs in a
// player's words.
func languageRows() []menu.HelpRow {
	return []menu.HelpRow{
		{Term: "play:", Text: "once, when the card comes into play (not stopped by Pull)"},
		{Term: "always:", Text: "as long as the card is in play"},
		{Term: "harvest:", Text: "in each of your Harvest Phases: adds to your pool"},
		{Term: "ability COST:", Text: "when you choose, paying the cost (resources of your pool, or \"discard\": the card itself), in the phase of the card's kind"},
		{Term: "attack: / block:", Text: "when this unit attacks / blocks"},
		{Term: "kill: / dies:", Text: "when this unit kills the unit it fights / is discarded after a battle"},
		{Term: "resolve:", Text: "in each of your Resolve Phases"},
		{Term: "gain, lose", Text: "resources to or from this turn's pool"},
		{Term: "trade N for M", Text: "give N of your pool's resources for M of another"},
		{Term: "draw N (supply)", Text: "draw N cards from the Draw Pile (or the Supply Pile)"},
		{Term: "discard N", Text: "discard N cards of the hand; each player chooses its own"},
		{Term: "health ±N", Text: "change Cultural Health"},
		{Term: "hand ±N, generals +N", Text: "the hand kept at the Resolve Phase; Generals you may have in play"},
		{Term: "strength ±N, life ±N", Text: "change units' Strength or Life"},
		{Term: "no-pull, no-general", Text: "the units do not suffer Pull; they enter the Battlefield and attack without a General"},
		{Term: "cannot-attack, cannot-block", Text: "the units may not attack; may not block"},
		{Term: "unblockable", Text: "no one may block the units"},
		{Term: "destroy, withdraw, return", Text: "discard the units from play; take them out of the battle; back to their owner's hand"},
		{Term: "opponent, each opponent, each player", Text: "whom it acts on: an opponent you choose (when the card is played or used; otherwise the battle's other player, or the opponent with the most Health)"},
		{Term: "one enemy soldier, your cavalry, all units", Text: "which units: \"one\" asks you to click one when you play the card"},
	}
}
