// Package generals is Empires and Generals, the card game of the fifth
// rule document: 2 to 20 players, each with decks of its own (a Draw Pile
// of Playing Cards and a Supply Pile of Resource Cards), taking turns of
// six phases, attacking one another's Cultural Health. Its cards are data
// (package cards, assets/rules/generals).
//
// # The rules as played here
//
// The numbered sentences are the rules as this package plays the
// document; the tests name them, and RULES.md maps every sentence of the
// document to its tests.
//
//  1. Each player brings its decks (seat set-up data), checked for the
//     game type and the variation's deck sizes; a seat that brings none
//     (a bot) takes the ready-made decks in turn by seat from The Huns'.
//     Each pile is shuffled with the game's seed: no one sees the order
//     of a pile, the table sees its size.
//  2. The opening: every player at once chooses how many of its 7
//     opening cards come from the Draw Pile, the rest from the Supply
//     Pile (the other pile makes up for one that runs short). Then the
//     first player is chosen at random; the turns go up the seats,
//     skipping the players out.
//  3. Cultural Health starts at 0 and the game's length sets the Health
//     that wins and the one that puts a player out: Quick 3, Normal 5,
//     Epic 8; Blitzkrieg plays to 3, Southpole to 50. Slaughterhouse
//     starts everyone at the winning line and no one wins by Health;
//     Architect starts everyone at the losing line and no one is out by
//     Health.
//  4. A turn begins with the declaration: Play, or Pass, which ends the
//     turn at once and may not be done twice in a row; drawing a card
//     declares Play.
//  5. The phases follow in order, each ended by going on, never back:
//     Draw, Harvest, Kingdom, Army, Attack, Resolve.
//  6. Draw: one card from either pile, or none. An empty pile draws
//     nothing; in Southpole a player whose two piles are empty recycles
//     its discard pile, split back by kind and shuffled.
//  7. Harvest: the turn's pool is the harvest of the Resource Area and
//     of the Kingdom cards in play, counted as the phase begins and as
//     resources come in, less what the player owes. Specialty Resources
//     and Traders are played into the Resource Area, Acts of God into
//     their zone; a resource's ability (a discard ability gives its gain
//     instead of the card's harvest) and a Trader's trade are used here.
//     The pool lasts the turn.
//  8. Kingdom: Kingdom and Strategy cards are played, paid from the
//     pool, their abilities used, and they may be discarded.
//  9. Army: Soldiers come into the Warcamp and suffer Pull (no move,
//     attack or ability the turn they come) unless no-pull; Generals come
//     into the Warcamp or the Battlefield, one in play unless a card
//     allows more; Tactics cards act, then are discarded; units use their
//     abilities, move between the Warcamp and the Battlefield (which
//     needs a General in play unless no-general; a subtype that may not
//     go there never goes) and may be discarded.
//  10. Attack: at most one attack a turn, by a unit of the Battlefield,
//     against one opponent still playing. The defender answers at its
//     Battlefield with a unit there, or with none, and the attack goes on
//     to its Warcamp, where it answers again. A unit that cannot block
//     does not; an unblockable attacker gets no blocker; where the
//     defender has no unit that may block, the attack goes on as if it
//     presented none.
//  11. Once a blocker is presented, the attacker, then the defender, may
//     play Tactics cards on the battle; the defender pays them from its
//     harvest. A Tactics card that acts on a battle's attacker or blocker
//     is played on a battle only.
//  12. The attacker kills when its Strength is greater than the
//     blocker's Life, the blocker kills when its Strength is greater than
//     the attacker's Life; a tie is the defender's. At the Warcamp:
//     1 no blocker, -1 Health; 2 the blocker withdrawn, -1; 3 the
//     blocker killed, -1; 4 both killed; 5 the attacker killed; 6 the
//     attacker withdrawn; 7 neither killed. At the Battlefield outcomes 1
//     and 2 send the attack on to the Warcamp, 3 to 7 are as at the
//     Warcamp without Health. Health lost is given to the attacker.
//  13. Resolve: "resolve:" rules act, the effects until the end of the
//     turn end, the Acts of God are discarded, and the player discards
//     down to its hand limit (7, and what cards change) by its choice;
//     then the turn ends and its pool is gone.
//  14. A card's rules act as package cards says: an "always:" effect
//     while its card is in play, any other until the end of the turn.
//     The choices of a card played or used ("opponent", "one enemy
//     soldier") are its player's; a rule that acts by itself chooses the
//     battle's other player or the opponent with the most Health (the
//     lowest seat on a tie), and the unit with the highest Strength (the
//     lowest Ref on a tie). A discard a card asks of players is asked of
//     each in turn; a loss of resources by a player without a pool is
//     taken from its next harvest; a unit whose Life falls to 0 leaves
//     play.
//  15. Once an ultra rare card comes into play no one may play it again;
//     when it leaves play it leaves the game.
//  16. A player at the losing Health is out and its cards leave play.
//     The last player left wins (Warlord; Sissy when every other one
//     resigned); a player at the winning Health wins (Chancellor). With
//     the Epic Campaigner setting on and two players left or more, they
//     may all play on after a Chancellor Victory: the last one standing is
//     second.
//  17. A player may resign at any step it acts in.
//  18. After the round limit's last round the most Health wins; a tie is
//     drawn.
//  19. A player has 30 seconds (the setting "Time to answer") for an
//     answer out of its turn (the opening, a blocker, the defender's
//     Tactics, a discard a card asks, the Epic Campaigner's question) and
//     3 minutes ("Time per turn") for its whole turn. A player whose time
//     runs out opens with 5 cards of the Draw Pile, passes (plays when it
//     passed last), goes on, presents no blocker, discards the last cards
//     of its hand, or stops.
//
// # Payloads
//
// Actions are an Action, views a *View, deltas a Delta, events a list of
// Event (types.go): msgpack values read only with wire.Unmarshal. Every
// action names the step (Step.Seq) it answers. Moves lists the actions a
// view's seat may take and Why says why an action is refused: the engine
// checks every action with Why on the actor's own view.
package generals
