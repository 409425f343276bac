package game

import (
	"slices"

	"empires/shared/hex"
)

// EventKind says what happened.
type EventKind uint8

// The engine's events. Rulesets add theirs from EventRuleset upwards.
const (
	// EventMove: Army stepped From -> To at Step. The last step an army
	// takes on its movement order carries the order's kind in Amount
	// (OrderMove, OrderAttack, OrderFollow, OrderExplore; 0 on the other
	// steps, and on a step of an army without a movement order: a
	// carried army, an interception), and Text "found nobody" when the
	// order was an attack that got where it was going and fought nobody
	// (its target had gone from where it was seen, or no enemy stood at
	// its path's end). So a turn's moves tell where each order ended
	// without an event more (a saved game's count of events stays).
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

// BattleReport tells how a battle went, all of it: who fought with what
// (units, a city's forces, characters), every die and what it scored, the
// losses and what healing and uncroaking changed, and the rule that decided
// who retreats. The engine fills the place, the players, roles, armies, the
// units going in, the losses, the rolls, the winner and the uncroaked; the
// ruleset's Battle adds what its rules know through Battle.Report (the
// fields below marked "ruleset"; a ruleset that adds nothing leaves them
// empty).
type BattleReport struct {
	Hex   hex.Hex
	Sides [2]SideReport
	// Winner is the winning side's player; 0 when nobody won, or when a
	// neutral side won (SideReport.Won tells).
	Winner PlayerID
	// City is the city on the battle's hex, 0 if none (or on an edge).
	City CityID
	// Reason (ruleset) names the rule that decided who retreats: one of
	// the Reason constants, or a ruleset's own; "" if the ruleset says
	// nothing.
	Reason string
	// ReasonText (ruleset) says the same in words for players: "the
	// defender lost fewer units (1 against 3): the attacker retreats".
	ReasonText string
}

// Reasons a battle was decided (BattleReport.Reason). A ruleset may add
// its own; a client shows ReasonText for those it does not know.
const (
	// ReasonFewerLosses: the side that lost fewer units won; the other
	// retreats.
	ReasonFewerLosses = "fewer-losses"
	// ReasonLastStanding: only one side had units left; it won whatever
	// the losses (a side with no units cannot hold the field).
	ReasonLastStanding = "last-standing"
	// ReasonTieAttackerRetreats: equal losses, and the attacker retreats.
	ReasonTieAttackerRetreats = "tie-attacker-retreats"
	// ReasonTieDefenderRetreats: equal losses, and the defender retreats.
	ReasonTieDefenderRetreats = "tie-defender-retreats"
	// ReasonTieDraw: equal losses, and nobody retreats.
	ReasonTieDraw = "tie-draw"
	// ReasonNoFight: the sides could not fight each other (a land army
	// and a fleet); nobody retreats.
	ReasonNoFight = "no-fight"
)

// SideReport is one side of a battle report.
type SideReport struct {
	Player PlayerID
	Role   Role
	// Armies are the side's armies, in ID order; none when a city fought
	// alone (CityLevel then says which).
	Armies []ArmyID
	// Before is the units of the side's armies going in; the city's are
	// CityUnits.
	Before Units
	// Losses is the units the side's armies lost, healing counted; the
	// city's are CityLosses.
	Losses Units
	// Rolls are the dice the side rolled, in the order rolled.
	Rolls []int
	// Won is set for the winning side (the other retreats).
	Won bool
	// Uncroaked are the enemy's dead that rose to join the side (the
	// ruleset's Side.Gains).
	Uncroaked Units

	// CityLevel (ruleset) is the level of the city that fought for the
	// side, its owner's; 0 if none.
	CityLevel int32
	// CityDefence (ruleset) is that city's defence after the enemy's Siege
	// lowered it, and CityLowered by how much it was lowered.
	CityDefence, CityLowered int32
	// CityUnits (ruleset) are the units the city provided for this battle:
	// they belong to no army and are gone after it.
	CityUnits Units
	// CityLosses (ruleset) are those of CityUnits destroyed, healing
	// counted.
	CityLosses Units
	// Characters (ruleset) are the side's characters, army by army.
	Characters []CharacterReport
	// Dice (ruleset) tells of each die: Dice[i] is Rolls[i].
	Dice []DieReport
	// Points (ruleset) is the Warlord points the side had each round, and
	// PointsSpent those spent over the battle raising dice (the dice whose
	// Score is above their Roll).
	Points, PointsSpent int32
	// Hits (ruleset) is the hits the side scored on the enemy.
	Hits int32
	// Fallen (ruleset) is how many of the side's units (its armies' and
	// the city's) were destroyed before healing, and Healed how many of
	// those healing saved.
	Fallen, Healed int32
}

// CharacterReport is one character of a side in a battle report.
type CharacterReport struct {
	ID   CharacterID
	Army ArmyID
	// Kind is the ruleset's character kind (Character.Kind), Name its
	// display name ("Warlord", "Heal-A-Mancer").
	Kind uint8
	Name string
	// Level is a Warlord's level going in, LevelAfter after the battle (a
	// victory raises it); 0 for characters without levels.
	Level, LevelAfter int32
	// Effect says whether the character's effect applied, and Text what
	// it did or why not: "3 points", "healed 2 casualties", "cancelled by
	// the enemy's Cancel-A-Mancer".
	Effect Effect
	Text   string
	// Lost is set when the character died in the battle.
	Lost bool
}

// Effect says what a character did in a battle.
type Effect uint8

const (
	// EffectNone: the character has no part in combat (a Look-A-Mancer).
	EffectNone Effect = iota
	// EffectApplied: its effect applied (Warlord points spent, casualties
	// healed, enemies uncroaked, enemy Casters cancelled).
	EffectApplied
	// EffectUnused: it could act but had nothing to act on (no die worth
	// raising, no casualties, a lost battle for a Croak-A-Mancer, a second
	// Heal-A-Mancer).
	EffectUnused
	// EffectCancelled: an enemy Caster cancelled it.
	EffectCancelled
	// EffectIdle: it did nothing because its player is on autopilot.
	EffectIdle
)

// DieReport is one die a side rolled in a battle.
type DieReport struct {
	// Round is the exchange of dice it was rolled in, from 1.
	Round int32
	// Unit is the kind of the unit that rolled it; City is set when that
	// unit was one of the city's.
	Unit UnitKind
	City bool
	// Roll is the die as rolled; Score after Warlord points raised it
	// (Score - Roll points were spent on it); Hits what it scored.
	Roll, Score, Hits int32
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
