package game

import (
	"slices"

	"empires/shared/hex"
)

// EventKind says what happened.
type EventKind uint8

// The engine's events. Rulesets add theirs from EventRuleset upwards.
const (
	// EventMove: Army stepped From -> To at Step.
	EventMove EventKind = iota + 1
	// EventBlocked: Army could not go on (impassable, stacking, no path);
	// Text says why.
	EventBlocked
	// EventBattle: a battle at To; Battle holds the report.
	EventBattle
	// EventRetreat: Army retreated From -> To after losing.
	EventRetreat
	// EventDestroyed: Army was destroyed at From; Amount is the units it
	// still had (0 when battle losses emptied it).
	EventDestroyed
	// EventCapture: City on To passed to Player.
	EventCapture
	// EventOrderSkipped: an order of Player became illegal before it could
	// be carried out; Text says why.
	EventOrderSkipped
	// EventIncome: Player received Amount.
	EventIncome
	// EventBuild: Player built or upgraded something; Text says what.
	EventBuild
	// EventEliminated: Player is out of the game.
	EventEliminated
	// EventVictory: Player won the game.
	EventVictory
	// EventIntercept: Army left its post to engage an enemy at To.
	EventIntercept
	// EventWithdraw: Army withdrew From -> To instead of fighting.
	EventWithdraw
	// EventReportShared: Player receives this turn, besides its own, the
	// turn report of the player in Amount: the events that concern that
	// player (see Events.For). A ruleset adds it (erfworld's Look-A-Mancer:
	// "That player's map and turn report is sent to the Look-a-mancer's
	// side"); it goes to Player alone.
	EventReportShared
)

// EventRuleset is the first event kind a ruleset may define.
const EventRuleset EventKind = 64

// Event is one thing that happened during a turn.
type Event struct {
	Turn Turn
	// Step is the movement step (1, 2, ...) or 0 outside movement.
	Step int
	Kind EventKind
	// Player is the player the event concerns; 0 for public events.
	Player PlayerID
	Army   ArmyID
	City   CityID
	From   hex.Hex
	To     hex.Hex
	// HasHex reports whether From and To locate the event on the map.
	HasHex bool
	Amount int64
	Text   string
	Battle *BattleReport
}

// BattleReport tells how a battle went.
type BattleReport struct {
	Hex    hex.Hex
	Sides  [2]SideReport
	Winner PlayerID
}

// SideReport is one side of a battle report.
type SideReport struct {
	Player PlayerID
	Role   Role
	Armies []ArmyID
	Before Units // units the side had going in
	Losses Units
	Rolls  []int
}

// Events collects a turn's events in the order they happened.
type Events struct {
	List []Event
}

// Add appends e.
func (ev *Events) Add(e Event) { ev.List = append(ev.List, e) }

// For returns the events player p may know of: those concerning p (its
// own, and the battles it fought), public ones without a place, those on
// a hex p saw this turn, and, for each player q whose turn report p
// receives this turn (an EventReportShared to p), those concerning q. The
// reports q receives are not passed on: no chains. (What q saw on the map
// comes with the sight the ruleset lends p, as ExtraSight.) It must be
// called after the turn's vision is recorded.
func (ev *Events) For(s *State, p PlayerID) []Event {
	var shared []PlayerID
	for i := range ev.List {
		e := &ev.List[i]
		if e.Kind == EventReportShared && e.Player == p && p != 0 && e.Amount >= 1 && e.Amount <= MaxPlayers &&
			PlayerID(e.Amount) != p && !slices.Contains(shared, PlayerID(e.Amount)) {
			shared = append(shared, PlayerID(e.Amount))
		}
	}
	var out []Event
	var seen Bitset
	if int(p) >= 1 && int(p) <= len(s.Memory) {
		seen = s.Memory[p-1].Seen
	}
	r := s.Map.Rect()
	for i := range ev.List {
		e := &ev.List[i]
		mine := e.concerns(p)
		for _, q := range shared {
			mine = mine || e.concerns(q)
		}
		public := e.Player == 0 && !e.HasHex
		visible := e.HasHex && (seen.Has(r.Index(e.From)) || seen.Has(r.Index(e.To)))
		if mine || public || visible {
			out = append(out, *e)
		}
	}
	return out
}

// concerns reports whether e is player p's own event or a battle p fought.
func (e *Event) concerns(p PlayerID) bool {
	if e.Player == p {
		return true
	}
	return e.Battle != nil && (e.Battle.Sides[0].Player == p || e.Battle.Sides[1].Player == p)
}
