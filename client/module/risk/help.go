package risk

import "empires/client/menu"

// Help implements module.Screen.
func (s *Screen) Help() menu.HelpContent { return Help() }

// Help returns the risk game's help: the round's eight steps and the
// rules in short, from the document, the screen, and the keys.
func Help() menu.HelpContent {
	c := menu.HelpContent{Title: "Empires, the Risk extended scenario: help"}
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The game",
		Paragraphs: []string{
			"Classic Risk with cities, Goods cards traded among the players, Disasters and Empire cards. " +
				"The game ends when one player holds every territory (it wins), or when the last King among the Empire cards is bought: " +
				"then the highest total value of Empire cards wins. A game may also end after a set round.",
			"Set-up: the territories are dealt (or, by choice, claimed one at a time in turn, the order running back at the end of each pass), " +
				"then each player places its starting armies one at a time in turn. With two players a neutral side holds a third of the map; it never attacks.",
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The round's eight steps",
		Rows: []menu.HelpRow{
			{Term: "1. Round order", Text: "the fewest cities play first; tied, the fewest territories; still tied, a die (the lowest first)"},
			{Term: "2. New armies", Text: "for all at once: your territories / 3 (at least 3), each continent held, +1 a city, 3 for each set of territory cards (turned in at once)"},
			{Term: "3. Place armies", Text: "in round order, on your own territories; armies not placed are lost, never held over"},
			{Term: "4. Move and attack", Text: "one roll at a time: up to 3 dice against up to 2, highest against highest, ties to the defender; a conquest moves in at least the dice rolled; after the attacks, one free move between two linked territories of yours; a turn with a conquest earns a territory card"},
			{Term: "5. Cities and Goods", Text: "3 armies of a territory (2 with Urban Sprawl) become a city: one a territory, 5 at most; then you draw one Goods card from each of as many piles as you have cities"},
			{Term: "6. Trade", Text: "players holding 3 or more Goods cards trade at once: 3 or more cards for 3 or more, stating their number and their total value or a card's number truthfully (the server refuses a lie)"},
			{Term: "7. Disasters", Text: "a Disaster (a Queen or King) received in a trade strikes the player holding it: 'Quakes and Floods on the territories of Table 3, the Plague through a continent, Riots on the cities; at most 2 a turn, one of each kind"},
			{Term: "8. Empire cards", Text: "buy them at 10 times their face value with Goods points (a set of equal values doubles for each card) or credits of Empire cards of the suit held before the turn; keep at most 5 Goods cards"},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Cities and the defender's question",
		Paragraphs: []string{
			"A city gives the defender +1 to its highest die. Before the first roll against a city with armies, its owner is asked " +
				"whether to turn it into 3 armies (a window over the map with the time left: C turns it, K keeps it). A city alone, or whose armies " +
				"are all lost while the attack goes on, must be turned. Who conquers a territory that held a city takes a Goods card of its owner's at random.",
			"Empire cards (Table 4): Attack bonus I (+1 to your lowest die), II (+1 to the highest), III (+2 to the highest); Nuke (the Queen of Clubs: " +
				"all but one army of a territory killed, closed until your next turn); Air Drop (the 9 of Clubs: 3 armies dropped anywhere, attacking until " +
				"destroyed or conquering); Urban Sprawl, Bonus Move, Bonus Army I and II, the shelters, the medicines and the riot gear soften or strengthen the rest.",
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The screen",
		Rows: []menu.HelpRow{
			{Term: "Map", Text: "each territory in its owner's colour and pattern, its armies in the badge, a tower for a city; the territories a click acts on now are ringed"},
			{Term: "Side panel", Text: "the round and its order (whose step it is marked \"now\"), what the step asks, its buttons (dice, odds, Roll, Attack until, End ...), the players, your cards"},
			{Term: "Dice", Text: "the last roll at the foot of the map: the attacker's dice in red, the defender's in white, paired highest first, ▲ where the attacker won, the city's +1 and the Attack bonuses counted in"},
			{Term: "Log", Text: "every event in words; a line that names a territory shows it on the map when clicked"},
			{Term: "Disasters", Text: "a notice, and the territories hit ringed in orange for a moment"},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Keys and mouse",
		Rows: []menu.HelpRow{
			{Term: "Click", Text: "claim, place on, attack from, attack, move from and to, build on, choose for the plague: as the step asks"},
			{Term: "Shift-click", Text: "place all the armies left to place"},
			{Term: "Tab, Shift+Tab", Text: "move the focus (the ring in the focus colour between dark lines) to the next or the previous territory a click acts on now (all of them when none does): continent by continent, each from the top left; its tooltip shows beside it"},
			{Term: "Arrows", Text: "move the focus to the neighbouring territory that way on the map (the nearest whose centre lies that way); the map follows it"},
			{Term: "Enter", Text: "on the focus, what a click there does (claim, place, attack from, attack, move from and to, build, choose); on the territories chosen, roll once more, move in after a conquest, make the free move"},
			{Term: "Space", Text: "roll once more in an attack; move in after a conquest; make the free move"},
			{Term: "U", Text: "attack until conquest or down to the limit the panel sets"},
			{Term: "1, 2, 3", Text: "in the attacks, the dice to roll (the most by default)"},
			{Term: "1-9, 0", Text: "placing: the armies Enter places; after a conquest or in the free move: the armies that move (0 is 10)"},
			{Term: "[ ]", Text: "one fewer or one more: the armies Enter places, the armies that move, or the armies an attack pressed on stops at (Until down to); with Shift, the least or the most (Shift+] then Enter places every army left)"},
			{Term: "E", Text: "end the step: End placing, Stop attacking, End turn, End building, Move in, Resolve, leave the trading table, end purchasing (keeping the 5 Goods cards worth the most); in a card window, Esc closes it first"},
			{Term: "C, K", Text: "the city question: turn it into 3 armies, or keep it"},
			{Term: "N, Y", Text: "arm the Nuke, the Air Drop (when you hold them)"},
			{Term: "T, P", Text: "the trading table (step 6), the Empire cards (step 8)"},
			{Term: "Esc", Text: "drop the choice (and stop an attack pressed on); once more, the focus; close a window"},
			{Term: "WASD, Shift+arrows, wheel, drag", Text: "pan and zoom the map; H shows it whole"},
			{Term: "F1, F12", Text: "this help; a screenshot"},
		},
	})
	return c
}
