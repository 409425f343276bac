package risk

import (
	"fmt"
	"slices"

	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of event. Seat is the player the event is about; the other
// fields are as each kind says, else zero.
const (
	EventClaim     EventKind = iota + 1 // Seat claims Territory (rule 2)
	EventPlace                          // Seat places Count armies on Territory (rules 1, 7)
	EventRound                          // round Value begins; Seats is its order (rule 5)
	EventArmies                         // Seat gets Value new armies (rule 6)
	EventSet                            // Seat turns in a set for Value armies, Count more on Territory (rule 6)
	EventLost                           // Seat loses Count armies it did not place (rule 7)
	EventAsk                            // Seat is asked about its city on Territory, attacked by Other (rule 9)
	EventConvert                        // Seat's city on Territory becomes Count armies; Value 1 if forced (rule 9)
	EventKeep                           // Seat keeps its city on Territory (rule 9)
	EventRoll                           // Seat attacks Other From To: the dice Attack and Defend; Value armies lost, Count killed (rule 8)
	EventConquer                        // Seat conquers Territory from Other (rule 10)
	EventOccupy                         // Seat moves Count armies From To (rule 10)
	EventTake                           // Seat takes Count Goods cards from Other; Goods to those two only (rule 10)
	EventOut                            // Seat is out, conquered by Other, who takes its Count territory cards (rule 11)
	EventMove                           // Seat's free move of Count armies From To (rule 12)
	EventCard                           // Seat takes a territory card; Cards to Seat only (rule 13)
	EventBuild                          // Seat builds a city on Territory with Count armies (rule 14)
	EventDraw                           // Seat draws Value Goods cards; Goods to Seat only (rule 14)
	EventOffer                          // Seat offers Other the offer Value, stating Statement (rule 15)
	EventRefuse                         // Seat refuses or withdraws the offer Value (rule 15)
	EventTrade                          // Seat and Other trade (offer Value, Count cards given); Goods to those two only (rule 15)
	EventDone                           // Seat leaves the trading (rule 15)
	EventDisaster                       // Disaster Value strikes Seat: Count armies lost; Hits the territories checked, Text the same in words (rule 16)
	EventRiotLoss                       // Seat loses a Goods card to a riot; Goods to Seat only (rule 16)
	EventBuy                            // Seat buys the Empire cards Empire (rule 17)
	EventDiscard                        // Seat discards Count Goods cards (rule 17)
	EventEnd                            // the game ends; Seats are the winners (rule 18)
	EventNuke                           // Seat nukes Other's Territory, killing Count armies (rule 21)
	EventAirDrop                        // Seat drops Count armies From onto Other's To (rule 21)
	EventPlagueAsk                      // the plague striking Seat meets Value places tied: Seat chooses (rule 16)
)

// Event is one thing that happened, as one reader may know it.
type Event struct {
	Kind      EventKind
	Seat      ruleset.Seat
	Other     ruleset.Seat
	Territory board.TerritoryID
	From, To  board.TerritoryID
	Value     int
	Count     int
	Seats     []ruleset.Seat
	Attack    []int
	Defend    []int
	Statement cards.Statement
	Empire    []cards.EmpireCard
	Text      string
	// Goods and Cards are hidden holdings: filled only for the seats the
	// event names as seeing them (rule 20).
	Goods []cards.GoodsCard
	Cards []cards.TerritoryCard
	// Hits are the territories a Disaster checked, in order (EventDisaster).
	Hits []Hit
}

// Hit is one territory a Disaster checked (rule 16), for a client to mark
// on its map and tell in its own words.
type Hit struct {
	Territory board.TerritoryID
	// Check is the die that decided whether the territory was struck, with
	// its bonus (the plague's red die, a riot's die); 0 for 'Quakes and
	// Floods, which strike every marked territory.
	Check  int
	Struck bool
	// Die is the die rolled for the armies lost, with its bonuses (a King's
	// +1, a shelter's or Medicine I's -1); 0 for a riot.
	Die int
	// Lost is the armies the territory lost, its city counting as 3;
	// CityLost that its city is gone (a riot, or turned into armies to pay
	// the loss).
	Lost     int
	CityLost bool
}

// DecodeEvents reads the events Outcome.Events encoded.
func DecodeEvents(data []byte) ([]Event, error) {
	var out []Event
	if err := wire.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s events: %w", ID, err)
	}
	return out, nil
}

// outcome is what an Act produced: its events, each with the hidden cards
// only some seats may see.
type outcome struct {
	seats  int
	events []event
}

// event is an Event with its hidden cards and who may see them.
type event struct {
	pub   Event
	goods []cards.GoodsCard
	cards []cards.TerritoryCard
	see   []ruleset.Seat
}

var _ ruleset.Outcome = (*outcome)(nil)

func (g *game) newOutcome() *outcome { return &outcome{seats: g.n()} }

// add adds an event everyone may know.
func (o *outcome) add(e Event) { o.events = append(o.events, event{pub: e}) }

// addGoods adds an event whose Goods cards only the seats see may know.
func (o *outcome) addGoods(e Event, goods []cards.GoodsCard, see ...ruleset.Seat) {
	o.events = append(o.events, event{pub: e, goods: goods, see: see})
}

// addCards adds an event whose territory cards only the seats see may know.
func (o *outcome) addCards(e Event, cs []cards.TerritoryCard, see ...ruleset.Seat) {
	o.events = append(o.events, event{pub: e, cards: cs, see: see})
}

// Events implements ruleset.Outcome: a seat sees the hidden cards of the
// events that name it; a spectator, even the all-seeing one, none (rule
// 20).
func (o *outcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	if int(s) > o.seats {
		return nil, fmt.Errorf("%s events: no seat %d at a table of %d", ID, s, o.seats)
	}
	list := make([]Event, len(o.events))
	for i, e := range o.events {
		list[i] = e.pub
		if s != 0 && slices.Contains(e.see, s) {
			list[i].Goods = slices.Clone(e.goods)
			list[i].Cards = slices.Clone(e.cards)
		}
	}
	return wire.Marshal(list)
}

// Count implements ruleset.Outcome.
func (o *outcome) Count() int { return len(o.events) }
