package generals

import (
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// This file is the ruleset's wire contract: the actions a seat sends, the
// view it is sent and the events it hears. Everything here is a msgpack
// value read only with wire.Unmarshal. A card of the collection travels as
// its identification number's text (CardID, "EGFETHS4"); a card in play as
// a Ref, a number the game gives it when it comes into play and that stays
// with it while it is in play. A card in a hand has no Ref: its owner names
// it by its place in the hand (Action.Hand) and its CardID; nobody else
// learns which card it is until it is played.

// CardID is a card's identification number as text: cards.ID.String().
type CardID string

// Ref is the number of a card in play, given in order from 1 as cards come
// into play (a card that leaves play and comes back gets a new one). 0 is
// none.
type Ref uint32

// Phase is a part of a turn, in the order of the Turn Phase Chart, or one
// of the steps around the turns.
type Phase uint8

// The phases. A turn is Declare (Play or Pass), then Draw, Harvest,
// Kingdom, Army, Attack and Resolve in that order: a player may skip
// parts (Action ActNext) but never go back. Opening is the game's first
// step, Over its end.
const (
	PhaseOpening Phase = iota + 1 // every player splits its opening hand of 7 between the piles (concurrent)
	PhaseDeclare                  // the player whose turn it is declares Play or Pass
	PhaseDraw                     // "Draw 1 Card per turn"
	PhaseHarvest                  // resources into the Resource Area, their abilities, Traders
	PhaseKingdom                  // Kingdom and Strategy cards
	PhaseArmy                     // Generals, Soldiers, Tactics, moving units
	PhaseAttack                   // one attack; the defender answers (Battle)
	PhaseResolve                  // effects end, Acts of God removed, discard down to the hand limit
	PhaseOver                     // the game is over
)

// ActionKind is what an action does.
type ActionKind uint8

// The kinds of action, and the fields of Action each uses. Every action
// carries Seq, the step it answers.
const (
	// ActOpening (PhaseOpening): draw Count of the 7 opening cards from
	// the Draw Pile and the rest from the Supply Pile.
	ActOpening ActionKind = iota + 1
	// ActPlay (PhaseDeclare): take the turn; on to the Draw Phase.
	ActPlay
	// ActPass (PhaseDeclare): pass the turn; refused twice in a row.
	ActPass
	// ActDraw (PhaseDraw): draw the turn's card, from the Supply Pile if
	// Supply, else from the Draw Pile. Drawing in PhaseDeclare also takes
	// the turn ("If player draws a card, it is assumed that they have
	// begun their turn").
	ActDraw
	// ActNext: end this phase and go on to the next one (skipping what is
	// left of it). In PhaseResolve it ends the turn (refused while the
	// hand is over its limit).
	ActNext
	// ActCard: play the card at Hand (whose id is Card) in this phase:
	// a Resource Card into the Resource Area (Harvest), a Kingdom or
	// Strategy card (Kingdom), a General or Soldier into the Warcamp, a
	// General into the Battlefield if Battlefield, a Tactics card (Army),
	// an Act of God (Harvest). Targets answer its choices (Choices).
	ActCard
	// ActAbility: use the ability Rule (index among the card's rules) of
	// the card in play Unit, paying its cost; Targets answer its choices.
	ActAbility
	// ActMove (PhaseArmy): move the unit Unit to the Battlefield if
	// Battlefield, else to the Warcamp.
	ActMove
	// ActDiscardPlay: discard the card in play Unit (Kingdom or Strategy
	// in PhaseKingdom, a unit in PhaseArmy).
	ActDiscardPlay
	// ActAttack (PhaseAttack): attack the player Seat with the unit Unit
	// in the Battlefield.
	ActAttack
	// ActBlock (the defender, during a Battle): block with the unit Unit
	// (0: present no blocker; at the Battlefield this lets the attack
	// through to the Warcamp).
	ActBlock
	// ActDiscard: discard the hand cards at Cards (hand places): down to
	// the hand limit in PhaseResolve, or what a card's "discard N" asks
	// of this seat (View.Must).
	ActDiscard
	// ActResign: leave the game (any step, any live player): the Sissy
	// Victory of the others.
	ActResign
	// ActContinue and ActStop (after a Chancellor Victory, with the Epic
	// Campaigner setting on): play on for second place, or not.
	ActContinue
	ActStop
)

// Action is one seat's action: Kind and the fields that kind uses.
type Action struct {
	Seq         uint32
	Kind        ActionKind
	Count       int          // ActOpening
	Supply      bool         // ActDraw
	Hand        int          // ActCard: the place in the hand, from 0
	Card        CardID       // ActCard: the card at Hand, checked
	Battlefield bool         // ActCard (a General), ActMove
	Unit        Ref          // ActAbility, ActMove, ActDiscardPlay, ActAttack, ActBlock
	Rule        int          // ActAbility
	Seat        ruleset.Seat // ActAttack
	Targets     []Target     // ActCard, ActAbility
	Cards       []int        // ActDiscard: hand places
}

// Target answers one choice of a card's rule ("opponent", "one enemy
// soldier"): a player or a card in play.
type Target struct {
	Seat ruleset.Seat
	Unit Ref
}

// Zone is where a card in play lies.
type Zone uint8

// The zones of the table.
const (
	ZoneResource    Zone = iota + 1 // the Resource Area (Supply Line): Specialty Resources, Traders
	ZoneKingdom                     // Kingdom and Strategy cards in play
	ZoneWarcamp                     // units at home
	ZoneBattlefield                 // units that may attack
	ZoneActs                        // Acts of God played this turn, removed in the Resolve Phase
)

// InPlay is a card in play, seen by everyone.
type InPlay struct {
	Ref  Ref
	Card CardID
	Zone Zone
	// Strength and Life are a unit's now, every effect counted; Pulled
	// that it came into play this turn and suffers Pull (it may not move
	// to the Battlefield, attack or use its ability); Used that its
	// ability was used this turn.
	Strength, Life int
	Pulled         bool
	Used           bool
	// NoGeneral, CannotAttack, CannotBlock and Unblockable are the unit's
	// words of the vocabulary now in force ("no-general", ...), every
	// effect counted.
	NoGeneral, CannotAttack, CannotBlock, Unblockable bool
	// Harvest is what a card of the Resource Area (or a Kingdom card)
	// gains in each Harvest Phase.
	Harvest []cards.Amount
}

// PlayerView is what everyone sees of a player.
type PlayerView struct {
	Seat ruleset.Seat
	// Name is the player's name at the table.
	Name string
	// Health is Cultural Health: Win and Lose in View say its ends.
	Health int
	// Hand, Draw, Supply are the sizes of the hand and the piles; Discard
	// the discard pile, face up, oldest first.
	Hand, Draw, Supply int
	Discard            []CardID
	// Table is the player's cards in play, in Ref order.
	Table []InPlay
	// HandLimit is the hand kept at the Resolve Phase (7 and changes);
	// Generals how many Generals the player may have in play.
	HandLimit, Generals int
	// Passed: the player passed its last turn (it may not pass again).
	Passed bool
	// Out: the player has lost (Health at Lose) or resigned (Resigned).
	Out, Resigned bool
	// Place is the player's place once decided (1 first), else 0.
	Place int
	// Waiting: the player has still to answer the concurrent step (its
	// opening split, or whether to play on for second place).
	Waiting bool
	// Owed are the resources a card made the player lose while it had no
	// pool ("lose 2 gold opponent"): taken from its next harvest.
	Owed []cards.Amount
}

// Battle is the attack of this turn while it is being answered.
type Battle struct {
	Attacker      ruleset.Seat
	Unit          Ref // the attacking unit
	Defender      ruleset.Seat
	AtBattlefield bool // the defender answers at its Battlefield, else at its Warcamp
	// Blocker is the unit the defender presented (0 while it chooses);
	// Tactics, once a blocker is presented, whose turn it is to play
	// Tactics cards on the battle (the attacker, then the defender; ActNext
	// ends one's turn), 0 while the defender chooses.
	Blocker Ref
	Tactics ruleset.Seat
	// Pool is what the defender may spend on Tactics in the battle: its
	// harvest, counted when it presents a blocker.
	Pool []cards.Amount
}

// Must is a choice a card's rule asks of a seat out of turn: discard
// Count cards of its hand ("discard N opponent").
type Must struct {
	Seat  ruleset.Seat
	Count int
}

// View is everything one seat may know. Seat 0 is a spectator.
type View struct {
	Seat      ruleset.Seat
	AllSeeing bool
	Seq       uint32
	Phase     Phase
	// Turn counts the turns from 1; Round the rounds of the table; Rounds
	// the round limit (0: none).
	Turn, Round, Rounds int
	// Active is whose turn it is (0 in the opening and at the end).
	Active ruleset.Seat
	// Win is the Cultural Health that wins (the Chancellor Victory) and
	// Lose the one that puts a player out (-Win); Start is where every
	// player began (0; Win in Slaughterhouse, Lose in Architect). NoWin:
	// no one wins by gaining Health (Slaughterhouse); NoLose: no one is
	// out at Lose (Architect).
	Win, Lose, Start int
	NoWin, NoLose    bool
	// Recycle: a player whose two piles are empty recycles its discard
	// pile before it draws (Southpole).
	Recycle bool
	Players []PlayerView
	// Pool is the active player's resources left to spend this turn, one
	// Amount a resource, in the catalogue's order.
	Pool []cards.Amount
	// Battle is the attack being answered, if any; Attacked whether the
	// active player has attacked this turn.
	Battle   *Battle
	Attacked bool
	// Must is a discard asked of a player out of turn, if any.
	Must *Must
	// Banned are the ultra rare cards that came into play: no one may play
	// them again.
	Banned []CardID
	// Epic: a Chancellor Victory is won and the Epic Campaigner setting
	// is on: the players left choose to play on (ActContinue) or not
	// (ActStop); PlayerView.Waiting says who has still to choose.
	Epic bool
	// Winners are the players who won, in order (a Chancellor, then an
	// Epic Campaigner), once decided.
	Winners []ruleset.Seat
	// Hand is the seat's own hand, in order (empty for a spectator): the
	// only hidden cards a view holds.
	Hand []CardID

	// sum is the view's Checksum, kept by the game's View, which makes
	// the view and never changes it after (0: not kept, as in a view
	// decoded, applied or made by hand).
	sum uint64
}

// EventKind is what happened.
type EventKind uint8

// The kinds of event; Seat is the player it is about.
const (
	EventOpening EventKind = iota + 1 // Seat draws Count from the Draw Pile, Value from the Supply Pile; Cards to Seat only
	EventPlay                         // Seat takes its turn
	EventPass                         // Seat passes
	EventDraw                         // Seat draws Count cards (Supply: from the Supply Pile); Cards to Seat only
	EventPhase                        // Seat goes on to Phase (PhaseDeclare: its turn begins, Value the turn's number)
	EventCard                         // Seat plays Card as Unit into Zone (a Tactics card: Unit and Zone 0)
	EventHarvest                      // Seat's harvest: Amounts, the pool as the Harvest Phase begins
	EventAbility                      // Seat uses the ability Value of Unit (Card)
	EventMove                         // Seat moves Unit to Zone
	EventDiscard                      // Seat discards Count cards of its hand (the cards are public: Cards)
	EventLeave                        // Unit (Card) of Seat leaves play to the discard pile (Value 1: an ultra rare card, out of the game)
	EventAttack                       // Seat attacks Other with Unit
	EventBlock                        // Other blocks with Unit (0: no blocker) at the Battlefield if Value is 1
	EventBattle                       // the outcome: Value the outcome number (1-7), Zone where, Strength/Life of both in Numbers
	EventHealth                       // Seat's Cultural Health changes by Value to Count
	EventOut                          // Seat is out (Value 1: resigned)
	EventWin                          // Seat wins: Value the kind (Warlord, Sissy, Chancellor, Epic Campaigner)
	EventRecycle                      // Seat recycles its discard pile (Southpole): Count cards to the Draw Pile, Value to the Supply Pile
	EventLimit                        // the round limit (Value rounds) is reached
	EventOwed                         // Seat owes Amounts of its next harvest (a loss while it had no pool)
	EventReturn                       // Unit (Card) of Seat goes back to its owner's hand
	EventEpic                         // Seat chooses to play on for second place (Value 1) or not (0)
	EventTrade                        // Seat trades: gives Amounts[0], gets Amounts[1]
)

// Event is one thing that happened, in order. Cards holds hidden cards
// (a draw's) only in the events of the seat they belong to.
type Event struct {
	Kind    EventKind
	Seat    ruleset.Seat
	Other   ruleset.Seat
	Phase   Phase
	Card    CardID
	Unit    Ref
	Zone    Zone
	Value   int
	Count   int
	Supply  bool
	Amounts []cards.Amount
	Numbers []int
	Cards   []CardID
	Text    string
}
