package duel

import (
	"fmt"
	"strings"

	"empires/client/menu"
	rules "empires/shared/rules/duel"
	"empires/shared/words"
)

// Help implements module.Screen.
func (s *Screen) Help() menu.HelpContent { return Help(s.m.deck) }

// suitWords names each suit's mark and colour: "cups a goblet (red),
// coins ...".
func suitWords(d rules.Deck) string {
	shapes := SuitShapes(d.Suits)
	parts := make([]string, len(d.Suits))
	for i, s := range d.Suits {
		parts[i] = fmt.Sprintf("%s %s (%s)", s, shapeNames[shapes[i]], colorNames[i%len(colorNames)])
	}
	return joinAnd(parts)
}

// Help returns Duel's help for a game played with deck d: the rules in
// short, the table and the keys.
func Help(d rules.Deck) menu.HelpContent {
	c := menu.HelpContent{Title: "Duel: help"}
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The game",
		Paragraphs: []string{
			fmt.Sprintf("A card game of hidden hands. The cards have the ranks %d to %d in each of %d suits (%s). "+
				"Each player brings a deck of their own, %s with at most %s of a card (a player who brings none plays the balanced deck), "+
				"and is dealt %s from it, which only they see. No one sees the cards of another's deck; the table shows how many are left in each.",
				d.Low, d.High, len(d.Suits), strings.Join(d.Suits, ", "), words.Count(d.PlayerDeck, "card", "cards"), words.Count(d.Copies, "copy", "copies"),
				words.Count(d.Hand, "card", "cards")),
			fmt.Sprintf("You choose your deck in the game's lobby, in the box Your deck: a click on a ready deck (the balanced one, high cards, "+
				"few suits) brings it to the table at once; or build one in the list of every card, where − and + take a copy out or put one "+
				"in (%s at most), and the line under it says what the deck still lacks; Send deck brings it once it holds %s. "+
				"Tab goes through the buttons, Enter presses one.", words.Count(d.Copies, "copy", "copies"), words.Count(d.PlayerDeck, "card", "cards")),
			"Each round begins with the offering: everyone who holds cards lays one face down at the same time; they are revealed together " +
				"and discarded. The highest scores 1 point (a tie: 1 point each). Who lays nothing has their lowest card laid.",
			"Then each player in turn may attack another player who holds cards with a card of their hand, or pass. The round's first " +
				"attacker moves one seat on each round.",
			"The defender answers at once: block with a higher card of the attack card's suit (the defender scores 1 point; both cards " +
				"are discarded), or take the hit (the attacker scores 2 points and rolls a die: on a 5 or a 6 the defender loses a card " +
				"drawn at random from their hand). The defender is asked even without a card that blocks, so being asked tells nothing of a hand.",
			fmt.Sprintf("Every later round begins with everyone drawing up to %s from their own deck while it lasts. Who holds no cards "+
				"when their deck is empty is out. After the last round the most points win, then the most cards in hand; the last player left wins at once.",
				words.Count(d.Hand, "card", "cards")),
			"A clock may limit each move (the game's settings): the time to lay a card or to answer an attack, and the time of an attack turn. " +
				"The table counts it down. When it runs out, your lowest card is laid, your attack turn passes, or you take the hit.",
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The table",
		Rows: []menu.HelpRow{
			{Term: "Bottom", Text: "your hand, face up; the chosen card stands raised; cards greyed may not be chosen now (when attacked: those that do not block)"},
			{Term: "Top", Text: "the other players: their hands as card backs with the count, the cards left in their decks, their points, who attacks and who defends"},
			{Term: "Bottom left", Text: "your deck (face down) and the discard pile (its top card), with their counts"},
			{Term: "Offering", Text: "your card laid face down while the others lay theirs; then the cards revealed, the highest framed in gold (+1)"},
			{Term: "Middle", Text: "what the table waits for, the attack in progress with its card, and the question to the defender with the time left"},
			{Term: "Suits", Text: "each suit has a mark and a colour of its own: " + suitWords(d)},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Keys and mouse",
		Rows: []menu.HelpRow{
			{Term: "Click a card, 1-9", Text: "choose that card of your hand (in the offering: lay it face down; another swaps it)"},
			{Term: "Click a player", Text: "in your turn, with a card chosen: attack them with it (without one: make them the target)"},
			{Term: "← →", Text: "the card before or after the chosen one among those you may choose now, round the hand (in the offering: lay it face down); every card of a hand of any size"},
			{Term: "Tab, Shift+Tab", Text: "the next or the previous player to attack. The card and the player chosen by keys are ringed in the focus colour between dark lines"},
			{Term: "Enter, A", Text: "attack the target with the chosen card; when attacked, block with the chosen card. In the offering Enter is End turn: it lays your card"},
			{Term: "P", Text: "pass: no attack this turn"},
			{Term: "B", Text: "block, with the chosen card or else your lowest card that blocks"},
			{Term: "T", Text: "take the hit"},
			{Term: "Esc", Text: "drop the chosen card and target; close a window"},
			{Term: "F1", Text: "this help"},
			{Term: "F12", Text: "save a screenshot"},
		},
	})
	return c
}
