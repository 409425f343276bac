package game

import (
	"fmt"
	"slices"

	"empires/shared/hex"
)

// MaxPathLength is the most hexes an order's Path may hold.
const MaxPathLength = 64

// MaxOrders is the most orders a player may give for one turn.
const MaxOrders = 4096

// ValidateOrder checks order o of player p against s and returns nil, or a
// reason a player understands (made with Rejectf) why the order is refused.
// It checks the engine's part of every order — the game goes on, p plays,
// the order is for this turn, its kind exists — and the engine's kinds in
// full (army, path, target, direction, stance), then hands the order to
// rs.ValidateOrder for the ruleset's kinds and the ruleset's limits on the
// engine's kinds.
//
// Hexes are written as hex.Hex.String() ("col,row" on the map). Messages
// never tell p more than p knows: an army of another player that p neither
// sees now nor remembers is reported exactly like an army that does not
// exist, and a path through hexes p has never seen is checked only for the
// map's bounds and for adjacency, never for terrain.
//
// ValidateOrder never changes s and never panics on a valid state (see
// State.Validate), whatever o holds.
func ValidateOrder(s *State, rs Ruleset, p PlayerID, o *Order) error {
	if err := validateEngine(s, rs, p, o); err != nil {
		return err
	}
	return rs.ValidateOrder(s, p, o)
}

// validateEngine is ValidateOrder without the ruleset's own check.
func validateEngine(s *State, rs Ruleset, p PlayerID, o *Order) error {
	if o == nil {
		return Rejectf("no order")
	}
	if s.Over {
		return Rejectf("the game is over")
	}
	pl := s.Player(p)
	if pl == nil {
		return Rejectf("%s is not in this game", p)
	}
	if !pl.Alive {
		return Rejectf("%s is out of the game", p)
	}
	if o.Turn != s.Turn {
		return Rejectf("order is for turn %d, the game is on turn %d", o.Turn, s.Turn)
	}
	if o.Kind >= OrderRuleset {
		return nil // the ruleset's kind: rs.ValidateOrder checks it all
	}
	if o.Kind < OrderMove || o.Kind > OrderStance {
		return Rejectf("unknown order kind %d", o.Kind)
	}
	if err := checkNumbers(o); err != nil {
		return err
	}
	a, err := OwnArmy(s, p, o.Army)
	if err != nil {
		return err
	}
	if o.IsMove() && a.Carrier != 0 {
		return Rejectf("%s is carried by %s and cannot move on its own", a.ID, a.Carrier)
	}
	switch o.Kind {
	case OrderMove:
		return checkPath(s, rs, p, a, o.Path)
	case OrderAttack:
		if o.Target == 0 && len(o.Path) == 0 {
			return Rejectf("attack needs a target army or a path")
		}
		if o.Target != 0 {
			t := s.Army(o.Target)
			if t != nil && t.Owner == p {
				return Rejectf("%s is yours: attack an enemy", o.Target)
			}
			if !knowsArmy(s, p, o.Target, t) {
				return Rejectf("%s does not exist", o.Target)
			}
		}
		if len(o.Path) > 0 {
			return checkPath(s, rs, p, a, o.Path)
		}
	case OrderFollow:
		if o.Target == 0 {
			return Rejectf("follow needs a target army")
		}
		if o.Target == o.Army {
			return Rejectf("%s cannot follow itself", o.Army)
		}
		t := s.Army(o.Target)
		if t == nil || t.Owner != p {
			if knowsArmy(s, p, o.Target, t) {
				return Rejectf("%s is not yours: follow one of your own armies", o.Target)
			}
			return Rejectf("%s does not exist", o.Target)
		}
	case OrderExplore:
		if !o.Dir.Valid() {
			return badDirection(o.Dir)
		}
	case OrderStance:
		switch o.Stance {
		case Defend, Intercept:
		case Withdraw:
			if !o.Dir.Valid() {
				return badDirection(o.Dir)
			}
		default:
			return Rejectf("unknown stance %d", o.Stance)
		}
	}
	return nil
}

// checkNumbers refuses negative numbers in an engine order; what positive
// numbers mean, if anything, is the ruleset's business.
func checkNumbers(o *Order) error {
	if o.Count < 0 {
		return Rejectf("count %d is negative", o.Count)
	}
	if o.Level < 0 {
		return Rejectf("level %d is negative", o.Level)
	}
	for k, n := range o.Units {
		if n < 0 {
			return Rejectf("units: %d of kind %d is negative", n, k)
		}
	}
	return nil
}

func badDirection(d hex.Direction) error {
	return Rejectf("direction %d is not one of E, NE, NW, W, SW, SE (0 to 5)", int(d))
}

// OwnArmy returns p's army id, or the reason it cannot be ordered. An army
// of another player is "not yours" only if p may know it exists; otherwise
// it gets the same answer as an army that does not exist, so a rejection
// never tells p what fog hides. Rulesets use it for their own orders too.
func OwnArmy(s *State, p PlayerID, id ArmyID) (*Army, error) {
	if id == 0 {
		return nil, Rejectf("no army given")
	}
	a := s.Army(id)
	if a != nil && a.Owner == p {
		return a, nil
	}
	if knowsArmy(s, p, id, a) {
		return nil, Rejectf("%s is not yours", id)
	}
	return nil, Rejectf("%s does not exist", id)
}

// OwnCity is OwnArmy for cities: p's city id, or why it cannot be used; a
// city of another player is "not yours" only if p remembers it (even if it
// has since gone unseen: an eliminated player's cities are removed) or sees
// its hex now.
func OwnCity(s *State, p PlayerID, id CityID) (*City, error) {
	if id == 0 {
		return nil, Rejectf("no city given")
	}
	c := s.City(id)
	if c != nil && c.Owner == p {
		return c, nil
	}
	if m := memoryOf(s, p); m != nil {
		_, known := slices.BinarySearchFunc(m.Cities, id, func(cs CitySighting, id CityID) int { return cmpID(cs.City, id) })
		if known || (c != nil && s.Map != nil && m.Visible.Has(s.Map.Rect().Index(c.Hex))) {
			return nil, Rejectf("%s is not yours", id)
		}
	}
	return nil, Rejectf("%s does not exist", id)
}

// knowsArmy reports whether player p may know of army id (a is s.Army(id),
// nil if it does not exist): p owns it, remembers a sighting of it (even if
// it has since died unseen), or it stands on a hex p sees now.
func knowsArmy(s *State, p PlayerID, id ArmyID, a *Army) bool {
	if a != nil && a.Owner == p {
		return true
	}
	m := memoryOf(s, p)
	if m == nil {
		return false
	}
	if _, ok := slices.BinarySearchFunc(m.Armies, id, func(sg Sighting, id ArmyID) int { return cmpID(sg.Army, id) }); ok {
		return true
	}
	return a != nil && s.Map != nil && m.Visible.Has(s.Map.Rect().Index(a.Hex))
}

// memoryOf returns player p's memory, or nil.
func memoryOf(s *State, p PlayerID) *Memory {
	if p == 0 || int(p) > len(s.Memory) {
		return nil
	}
	return &s.Memory[p-1]
}

// checkPath checks army a's path: not empty, not too long, every hex on the
// map and next to the one before (the first next to the army), and every hex
// p knows enterable by a (rs.StepCost, whatever the points). Hexes p has
// never seen are not checked for terrain, so a refusal never reveals it.
func checkPath(s *State, rs Ruleset, p PlayerID, a *Army, path []hex.Hex) error {
	if len(path) == 0 {
		return Rejectf("the path is empty")
	}
	if len(path) > MaxPathLength {
		return Rejectf("the path has %d hexes, at most %d", len(path), MaxPathLength)
	}
	r := s.Map.Rect()
	m := memoryOf(s, p)
	table := rs.Terrain()
	prev := a.Hex
	for i, h := range path {
		idx := r.Index(h)
		if idx < 0 {
			return Rejectf("path step %d: hex %s is off the map", i+1, h)
		}
		if _, ok := hex.DirectionTo(prev, h); !ok {
			return Rejectf("path step %d: hex %s is not next to hex %s", i+1, h, prev)
		}
		if m != nil && m.Known.Has(idx) {
			if _, ok := rs.StepCost(s, a, prev, h); !ok {
				name := "impassable"
				if t := s.Map.Terrain[idx]; int(t) < len(table) {
					name = table[t].Name
				}
				return Rejectf("path step %d: %s cannot enter hex %s (%s)", i+1, a.ID, h, name)
			}
		}
		prev = h
	}
	return nil
}

// ValidateOrders checks a player's whole list of orders for a turn: each
// order with ValidateOrder, then the rules across orders: at most MaxOrders
// orders, at most one movement order (Order.IsMove) and one stance order per
// army, and no more orders than the ruleset's OrderLimiter allows, if it
// is one. It returns one error per refused order, in list order, or nil when
// every order is valid. Beyond MaxOrders it returns a single error and checks
// nothing else.
func ValidateOrders(s *State, rs Ruleset, p PlayerID, orders []Order) []*OrderError {
	if len(orders) > MaxOrders {
		return []*OrderError{{
			Index:  MaxOrders,
			Order:  orders[MaxOrders].String(),
			Reason: fmt.Sprintf("too many orders: %d, at most %d a turn", len(orders), MaxOrders),
		}}
	}
	var errs []*OrderError
	for i, err := range checkOrders(s, rs, p, orders) {
		if err != nil {
			errs = append(errs, &OrderError{Index: i, Order: orders[i].String(), Reason: err.Error()})
		}
	}
	return errs
}

// checkOrders returns, for each of the orders (at most MaxOrders of them),
// nil or why it is refused. The cross-order rules count only orders valid on
// their own, so an invalid order never takes the place of a valid one.
func checkOrders(s *State, rs Ruleset, p PlayerID, orders []Order) []error {
	out := make([]error, len(orders))
	limit, rule := 0, ""
	if ol, ok := rs.(OrderLimiter); ok {
		limit, rule = ol.OrderLimit(s, p)
	}
	var given []int                   // the valid orders, while within the limit
	var moves, stances map[ArmyID]int // first valid order of each army
	for i := range orders {
		o := &orders[i]
		err := ValidateOrder(s, rs, p, o)
		if err == nil && o.Kind < OrderRuleset && o.Army != 0 {
			switch {
			case o.IsMove():
				if moves == nil {
					moves = map[ArmyID]int{}
				}
				if j, dup := moves[o.Army]; dup {
					err = Rejectf("%s already has a movement order (order %d)", o.Army, j+1)
				} else {
					moves[o.Army] = i
				}
			case o.Kind == OrderStance:
				if stances == nil {
					stances = map[ArmyID]int{}
				}
				if j, dup := stances[o.Army]; dup {
					err = Rejectf("%s already has a stance order (order %d)", o.Army, j+1)
				} else {
					stances[o.Army] = i
				}
			}
		}
		if err == nil && limit > 0 {
			if len(given) >= limit {
				err = Rejectf("%s (already given: %s)", rule, orderNumbers(given))
			} else {
				given = append(given, i)
			}
		}
		out[i] = err
	}
	return out
}

// orderNumbers names the orders at the given indexes: "order 1", "orders
// 1, 3".
func orderNumbers(idx []int) string {
	if len(idx) == 1 {
		return fmt.Sprintf("order %d", idx[0]+1)
	}
	s := "orders "
	for k, i := range idx {
		if k > 0 {
			s += ", "
		}
		s += fmt.Sprint(i + 1)
	}
	return s
}

// Revalidate checks a player's orders again at resolution, against the state
// as it is now, and returns those still valid, in order. Each order dropped
// adds an EventOrderSkipped for p to ev (if ev is not nil) whose Text reads
// "order 2 (move army 12) skipped: army 12 does not exist". Orders beyond
// MaxOrders are dropped with one event for them all.
func Revalidate(s *State, rs Ruleset, p PlayerID, orders []Order, ev *Events) []Order {
	extra := orders[min(len(orders), MaxOrders):]
	orders = orders[:len(orders)-len(extra)]
	var out []Order
	for i, err := range checkOrders(s, rs, p, orders) {
		o := &orders[i]
		if err == nil {
			out = append(out, *o)
			continue
		}
		if ev != nil {
			ev.Add(Event{Turn: s.Turn, Kind: EventOrderSkipped, Player: p, Army: o.Army,
				Text: fmt.Sprintf("order %d (%s) skipped: %s", i+1, o, err)})
		}
	}
	if len(extra) > 0 && ev != nil {
		ev.Add(Event{Turn: s.Turn, Kind: EventOrderSkipped, Player: p,
			Text: fmt.Sprintf("orders %d to %d skipped: too many orders, at most %d a turn",
				MaxOrders+1, MaxOrders+len(extra), MaxOrders)})
	}
	return out
}

// OrderBook holds each player's orders for the turn being played, as the
// server receives them. Its zero value is an empty book ready to use. It is
// not safe for concurrent use: the match goroutine owns it.
type OrderBook struct {
	entries []PlayerOrders // sorted by player
}

// Submit sets player p's orders for the turn. A submission replaces the
// player's whole list (a player may change their mind until the turn
// resolves: send the full new list, not additions), and only if every order
// is valid (ValidateOrders); otherwise nothing changes and every error is
// returned. An empty list is a valid submission: the player gives no orders
// this turn. The book keeps its own copy of the orders. Each order is checked
// for p (a player out of the game has every order refused); who may submit
// at all is the match's business.
func (b *OrderBook) Submit(s *State, rs Ruleset, p PlayerID, orders []Order) []*OrderError {
	if errs := ValidateOrders(s, rs, p, orders); errs != nil {
		return errs
	}
	po := PlayerOrders{Player: p, Orders: cloneOrders(orders)}
	i, ok := b.find(p)
	if ok {
		b.entries[i] = po
	} else {
		b.entries = slices.Insert(b.entries, i, po)
	}
	return nil
}

// Orders returns a copy of player p's submitted orders; nil if p has
// submitted none.
func (b *OrderBook) Orders(p PlayerID) []Order {
	if i, ok := b.find(p); ok {
		return cloneOrders(b.entries[i].Orders)
	}
	return nil
}

// Players returns the players who have submitted orders (an empty list
// counts), in ID order.
func (b *OrderBook) Players() []PlayerID {
	out := make([]PlayerID, len(b.entries))
	for i, po := range b.entries {
		out[i] = po.Player
	}
	return out
}

// All returns a copy of every submitted list, in player order, in the form
// Resolve takes.
func (b *OrderBook) All() []PlayerOrders {
	out := make([]PlayerOrders, len(b.entries))
	for i, po := range b.entries {
		out[i] = PlayerOrders{Player: po.Player, Orders: cloneOrders(po.Orders)}
	}
	return out
}

// Clear empties the book, for the next turn.
func (b *OrderBook) Clear() { b.entries = nil }

func (b *OrderBook) find(p PlayerID) (int, bool) {
	return slices.BinarySearchFunc(b.entries, p, func(po PlayerOrders, p PlayerID) int { return int(po.Player) - int(p) })
}

// cloneOrders returns a deep copy of orders (never nil, so an empty
// submission stays distinct from none).
func cloneOrders(orders []Order) []Order {
	out := make([]Order, len(orders))
	copy(out, orders)
	for i := range out {
		out[i].Path = slices.Clone(out[i].Path)
		out[i].Units = slices.Clone(out[i].Units)
	}
	return out
}
