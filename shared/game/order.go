package game

import (
	"fmt"

	"empires/shared/hex"
)

// OrderKind says what an order asks for. The engine defines the movement
// kinds below; kinds from OrderRuleset upwards belong to the ruleset (build,
// recruit, upgrade, ...), which validates and carries them out.
type OrderKind uint8

// The engine's order kinds.
const (
	// OrderMove moves Army along Path (Path[0] is the hex after the army's
	// own), avoiding enemies: it stops short of a hex holding a known enemy.
	OrderMove OrderKind = iota + 1
	// OrderAttack moves Army toward Target (an enemy army, chased if it
	// moves) or along Path, engaging any enemy it meets.
	OrderAttack
	// OrderFollow moves Army toward Target, a friendly army, wherever it
	// goes.
	OrderFollow
	// OrderExplore moves Army its full move in direction Dir, avoiding
	// enemies and impassable hexes.
	OrderExplore
	// OrderStance sets Army's standing order to Stance (with Dir for
	// Withdraw); it lasts until changed.
	OrderStance
)

// OrderRuleset is the first order kind a ruleset may define.
const OrderRuleset OrderKind = 64

// Order is one instruction of a player for one turn. Which fields matter
// depends on Kind; the rest stay zero.
type Order struct {
	Turn   Turn
	Kind   OrderKind
	Army   ArmyID
	City   CityID
	Target ArmyID
	Path   []hex.Hex
	Dir    hex.Direction
	Stance StanceKind
	Unit   UnitKind
	Count  int32
	Level  int32
	Hex    hex.Hex
	Player PlayerID
	Units  Units
}

// String names the order for messages, e.g. "move army 12".
func (o *Order) String() string {
	switch o.Kind {
	case OrderMove:
		return fmt.Sprintf("move %s", o.Army)
	case OrderAttack:
		return fmt.Sprintf("attack with %s", o.Army)
	case OrderFollow:
		return fmt.Sprintf("%s follows %s", o.Army, o.Target)
	case OrderExplore:
		return fmt.Sprintf("%s explores %s", o.Army, o.Dir)
	case OrderStance:
		return fmt.Sprintf("stance of %s", o.Army)
	}
	return fmt.Sprintf("order kind %d", o.Kind)
}

// IsMove reports whether the order moves an army this turn.
func (o *Order) IsMove() bool {
	return o.Kind == OrderMove || o.Kind == OrderAttack || o.Kind == OrderFollow || o.Kind == OrderExplore
}

// OrderError is a rejected order: which one and why, in words a player
// understands ("not enough Schmuckers: have 3, need 6").
type OrderError struct {
	Index  int // the order's position in the player's list
	Order  string
	Reason string
}

func (e *OrderError) Error() string {
	return fmt.Sprintf("order %d (%s): %s", e.Index+1, e.Order, e.Reason)
}

// Rejectf returns a reason for rejecting an order; validators return it
// from their checks.
func Rejectf(format string, args ...any) error { return rejection(fmt.Sprintf(format, args...)) }

type rejection string

func (r rejection) Error() string { return string(r) }
