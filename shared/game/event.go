package game

import (
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

// For returns the events player p may know of: those concerning p, public
// ones without a place, and those on a hex p saw this turn. It must be
// called after the turn's vision is recorded.
func (ev *Events) For(s *State, p PlayerID) []Event {
	var out []Event
	var seen Bitset
	if int(p) >= 1 && int(p) <= len(s.Memory) {
		seen = s.Memory[p-1].Seen
	}
	r := s.Map.Rect()
	for _, e := range ev.List {
		mine := e.Player == p
		if e.Battle != nil {
			mine = mine || e.Battle.Sides[0].Player == p || e.Battle.Sides[1].Player == p
		}
		public := e.Player == 0 && !e.HasHex
		visible := e.HasHex && (seen.Has(r.Index(e.From)) || seen.Has(r.Index(e.To)))
		if mine || public || visible {
			out = append(out, e)
		}
	}
	return out
}
