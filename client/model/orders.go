package model

import (
	"fmt"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/words"
)

// Draft is one order of the list being drafted for this turn, as the orders
// panel shows it.
type Draft struct {
	Order game.Order
	// Label says what the order does: "Move army 12: 3 steps to (4,5)".
	Label string
	// Cost is what the order spends, in the ruleset's currency; negative
	// for money it brings in (cashing Trade Goods).
	Cost int64
	// Err is why the server would refuse the order (the whole list is
	// refused then), from the same validation on the view's state: "" for
	// none.
	Err string
	// Warn is why the order, valid when sent, would be skipped when the
	// turn resolves given the orders before it: money spent already, or a
	// limit across orders ("city 5 forms at most 3 units a turn: 3 formed
	// already"); or, for an order that spends money or adds upkeep, that
	// upkeep will remove units it would not remove without such orders
	// ("upkeep will remove 4 Infantry from ...", as Forecast's Warning).
	// "" for none. Only the orders of the economy are foreseen.
	Warn string
	// Rejected is the server's reason for refusing the order, from the
	// answer to the last submission of this very list (ApplyResult).
	Rejected string
	// Guessed holds, for each hex of the order's Path, whether the player
	// has never seen its terrain (as Plan.Guessed): the move is planned
	// through the unknown there, and may stop before it. Nil when the
	// order has no Path or every hex of it is known.
	Guessed []bool
}

// SetMove gives army a the movement order to follow path (an attack along
// it if attack is set), replacing any movement order it had: an army moves
// once a turn. An empty path removes its movement order.
func (m *Model) SetMove(a game.ArmyID, path []hex.Hex, attack bool) {
	if len(path) == 0 {
		m.removeMove(a)
		return
	}
	kind := game.OrderMove
	if attack {
		kind = game.OrderAttack
	}
	m.putMove(game.Order{Kind: kind, Army: a, Path: slices.Clone(path)})
}

// SetExplore gives army a the order to explore in direction d, replacing
// any movement order it had.
func (m *Model) SetExplore(a game.ArmyID, d hex.Direction) {
	m.putMove(game.Order{Kind: game.OrderExplore, Army: a, Dir: d})
}

// SetStance gives army a the standing order st (with direction d for
// Withdraw), replacing any stance drafted for it; a stance equal to the
// army's standing order now needs no order and removes the draft.
func (m *Model) SetStance(a game.ArmyID, st game.StanceKind, d hex.Direction) {
	if m.view == nil {
		return
	}
	if st != game.Withdraw {
		d = 0
	}
	i := m.stanceIndex(a)
	if army := m.ownArmy(a); army != nil && army.Stance == (game.Stance{Kind: st, Dir: d}) {
		if i >= 0 {
			m.RemoveOrder(i)
		}
		return
	}
	o := game.Order{Turn: m.Turn(), Kind: game.OrderStance, Army: a, Stance: st, Dir: d}
	if i >= 0 {
		m.drafts[i] = draft{order: o}
	} else {
		m.drafts = append(m.drafts, draft{order: o})
		m.makeRoom()
	}
	m.changed()
}

// AddOrder adds order o, stamped with this turn, to the drafts: a ruleset
// order (upgrade, form units, Warlord, Caster, Fleet, Trade Good, cash,
// build a city, ...) goes at the end of the list, which is the order the
// server carries them out in; a movement order or a stance replaces the
// army's as SetMove and SetStance do. When the ruleset limits the orders
// of a turn (OrderLimit), a new order that would pass the limit takes the
// place of the earliest: with one order a day, the order given last is
// the day's order. The model keeps its own copy.
func (m *Model) AddOrder(o game.Order) {
	if m.view == nil {
		return
	}
	o.Path, o.Units = slices.Clone(o.Path), slices.Clone(o.Units)
	switch {
	case o.IsMove():
		m.putMove(o)
	case o.Kind == game.OrderStance:
		m.SetStance(o.Army, o.Stance, o.Dir)
	default:
		o.Turn = m.Turn()
		m.drafts = append(m.drafts, draft{order: o})
		m.makeRoom()
		m.changed()
	}
}

// OrderLimit returns the most orders the player may give this turn, as
// its ruleset limits them (game.OrderLimiter: "one order a day"); 0 for
// no limit, before the first view and for a spectator.
func (m *Model) OrderLimit() int {
	ol, ok := m.rs.(game.OrderLimiter)
	s := m.State()
	if !ok || s == nil || m.You() == 0 {
		return 0
	}
	n, _ := ol.OrderLimit(s, m.You())
	return max(n, 0)
}

// makeRoom drops the earliest drafts, but the last one (just added),
// while there are more than OrderLimit allows.
func (m *Model) makeRoom() {
	limit := m.OrderLimit()
	for limit > 0 && len(m.drafts) > limit && len(m.drafts) > 1 {
		m.drafts = slices.Delete(m.drafts, 0, 1)
	}
}

// RemoveOrder removes the draft at index i of Drafts; an index out of
// range changes nothing.
func (m *Model) RemoveOrder(i int) {
	if i < 0 || i >= len(m.drafts) {
		return
	}
	m.drafts = slices.Delete(m.drafts, i, i+1)
	m.changed()
}

// ClearOrders removes every draft.
func (m *Model) ClearOrders() {
	m.drafts = nil
	m.changed()
}

// putMove sets o as its army's movement order, in place of the one it had.
func (m *Model) putMove(o game.Order) {
	if m.view == nil {
		return
	}
	o.Turn = m.Turn()
	if i := m.moveIndex(o.Army); i >= 0 {
		m.drafts[i] = draft{order: o}
	} else {
		m.drafts = append(m.drafts, draft{order: o})
		m.makeRoom()
	}
	m.changed()
}

func (m *Model) removeMove(a game.ArmyID) {
	if i := m.moveIndex(a); i >= 0 {
		m.RemoveOrder(i)
	}
}

// moveIndex returns the index of army a's movement draft, -1 if none.
func (m *Model) moveIndex(a game.ArmyID) int {
	return slices.IndexFunc(m.drafts, func(x draft) bool { return x.order.IsMove() && x.order.Army == a })
}

// stanceIndex returns the index of army a's stance draft, -1 if none.
func (m *Model) stanceIndex(a game.ArmyID) int {
	return slices.IndexFunc(m.drafts, func(x draft) bool { return x.order.Kind == game.OrderStance && x.order.Army == a })
}

// MoveDraft returns army a's drafted movement order, and false if it has
// none.
func (m *Model) MoveDraft(a game.ArmyID) (game.Order, bool) {
	if i := m.moveIndex(a); i >= 0 {
		return cloneOrder(m.drafts[i].order), true
	}
	return game.Order{}, false
}

// changed records a change to the drafts: the server's answer to an
// earlier list no longer applies.
func (m *Model) changed() {
	m.version++
	m.accepted = false
	for i := range m.drafts {
		m.drafts[i].rejected = ""
	}
}

// Changes counts the changes to the drafts: what a screen computes from
// them (an army's reach, which AsOrdered changes) is computed again when
// it changes.
func (m *Model) Changes() int { return m.version }

// orders returns the drafted orders, shared with the drafts.
func (m *Model) orders() []game.Order {
	out := make([]game.Order, len(m.drafts))
	for i := range m.drafts {
		out[i] = m.drafts[i].order
	}
	return out
}

// Drafts returns this turn's orders as drafted, in list order, each with
// its label, cost, and the reasons the server would refuse or skip it. The
// answer is computed once per change of the drafts, the view or the
// server's answer; the slice is the model's own: do not change it.
func (m *Model) Drafts() []Draft {
	if len(m.drafts) == 0 {
		return nil
	}
	c := &m.cache
	if c.drafts != nil && c.version == m.version && c.view == m.view && c.results == m.results {
		return c.drafts
	}
	c.drafts, c.version, c.view, c.results = m.computeDrafts(), m.version, m.view, m.results
	return c.drafts
}

// computeDrafts computes Drafts.
func (m *Model) computeDrafts() []Draft {
	orders := m.orders()
	errs := m.validate(orders)
	f := m.forecastOf(orders, errs)
	costs := m.costs(orders)
	// The forecast's warning goes to the orders that burden the player
	// (spend money, add upkeep), if without them it would warn of less.
	var upkeep string
	if f.Loss > 0 {
		var rest []game.Order
		var restErrs []string
		for i := range orders {
			if !m.rs.Burdens(&orders[i], costs[i]) {
				rest, restErrs = append(rest, orders[i]), append(restErrs, errs[i])
			}
		}
		if m.forecastOf(rest, restErrs).Loss < f.Loss {
			upkeep = f.Warning
		}
	}
	out := make([]Draft, len(orders))
	for i := range orders {
		warn := f.Skips[i]
		if warn == "" && errs[i] == "" && upkeep != "" && m.rs.Burdens(&orders[i], costs[i]) {
			warn = upkeep
		}
		out[i] = Draft{Order: cloneOrder(orders[i]), Label: m.label(&orders[i]), Cost: costs[i],
			Err: errs[i], Warn: warn, Rejected: m.drafts[i].rejected, Guessed: m.Unexplored(orders[i].Path)}
	}
	return out
}

// validate returns, for each order, why the server would refuse it ("" for
// none), checked on the view's state.
func (m *Model) validate(orders []game.Order) []string {
	out := make([]string, len(orders))
	if s := m.State(); s != nil {
		for _, e := range game.ValidateOrders(s, m.rs, m.You(), orders) {
			if e.Index < len(out) {
				out[e.Index] = e.Reason
			}
		}
	}
	return out
}

// Orders returns the drafted orders for this turn, in list order: the
// model's copy.
func (m *Model) Orders() []game.Order {
	orders := make([]game.Order, len(m.drafts))
	for i := range m.drafts {
		orders[i] = cloneOrder(m.drafts[i].order)
	}
	return orders
}

// Submission returns the message that sends the drafted orders for this
// turn, encoded as the hex rulesets' payloads are (hexgame.EncodeOrders;
// an empty list when there are none: no orders); nil before the first
// view, or if the orders do not encode. The answer goes to ApplyResult.
func (m *Model) Submission() *protocol.SubmitOrders {
	if m.view == nil {
		return nil
	}
	data, err := hexgame.EncodeOrders(m.Orders())
	if err != nil {
		return nil
	}
	m.sent = m.version
	return &protocol.SubmitOrders{Turn: protocol.Turn(m.Turn()), Orders: data}
}

// ApplyResult takes the server's answer to the last Submission: it attaches
// each rejection to its draft (Draft.Rejected) and records whether the list
// was accepted. An answer for another turn, or for a list changed since it
// was sent, is ignored.
func (m *Model) ApplyResult(r *protocol.OrdersResult) {
	if r == nil || m.view == nil || r.Turn != protocol.Turn(m.Turn()) || m.sent != m.version {
		return
	}
	m.results++
	for i := range m.drafts {
		m.drafts[i].rejected = ""
	}
	for _, e := range r.Errors {
		if e.Index >= 0 && e.Index < len(m.drafts) {
			m.drafts[e.Index].rejected = e.Reason
		}
	}
	m.accepted = len(r.Errors) == 0
}

// Accepted reports whether the server accepted the drafts as they are now.
func (m *Model) Accepted() bool { return m.accepted }

// Forecast returns what the ruleset foresees of the next turn with the
// drafted orders (Rules.Forecast on the view's state), the drafts the
// server would refuse left out (a refused list never reaches a turn).
// Other players' orders, which the player cannot know, are not in it. The
// answer is computed once per change of the drafts or the view; the zero
// Forecast before the first view or for a spectator.
func (m *Model) Forecast() Forecast {
	c := &m.forecast
	if m.view == nil || m.You() == 0 {
		return Forecast{}
	}
	if c.view != m.view || c.version != m.version {
		orders := m.orders()
		c.f, c.version, c.view = m.forecastOf(orders, m.validate(orders)), m.version, m.view
	}
	return c.f
}

// forecastOf runs the ruleset's Forecast on orders, those with a
// validation error (errs) left out; its Skips has an entry per order ("" for
// those left out: their error says it).
func (m *Model) forecastOf(orders []game.Order, errs []string) Forecast {
	if m.State() == nil || m.You() == 0 {
		return Forecast{Skips: make([]string, len(orders))}
	}
	var valid []game.Order
	var at []int
	for i := range orders {
		if errs[i] == "" {
			valid, at = append(valid, orders[i]), append(at, i)
		}
	}
	f := m.rs.Forecast(m, valid)
	skips := make([]string, len(orders))
	for j, i := range at {
		if j < len(f.Skips) {
			skips[i] = f.Skips[j]
		}
	}
	f.Skips = skips
	return f
}

// costs returns what each order spends, as the ruleset prices it on the
// view's state (one entry per order whatever the ruleset returns).
func (m *Model) costs(orders []game.Order) []int64 {
	out := make([]int64, len(orders))
	if m.State() != nil {
		copy(out, m.rs.Costs(m, orders))
	}
	return out
}

// foresee returns, for each order, why it would be skipped when the turn
// resolves, given the orders before it ("" for an order with a
// validation error in errs: it never reaches a turn), and what upkeep
// would then remove if that is more than with the drafts alone (Forecast's
// Warning), else "".
func (m *Model) foresee(orders []game.Order, errs []string) ([]string, string) {
	f := m.forecastOf(orders, errs)
	if f.Loss > m.Forecast().Loss {
		return f.Skips, f.Warning
	}
	return f.Skips, ""
}

// label says in words what order o does.
func (m *Model) label(o *game.Order) string {
	army := func(id game.ArmyID) string { return m.armyName(id, m.isFleet(id)) }
	switch o.Kind {
	case game.OrderMove, game.OrderAttack:
		verb := "Move " + army(o.Army)
		if o.Kind == game.OrderAttack {
			verb = "Attack with " + army(o.Army)
			if o.Target != 0 && len(o.Path) == 0 {
				return fmt.Sprintf("Attack %s with %s", army(o.Target), army(o.Army))
			}
		}
		if len(o.Path) == 0 {
			return verb
		}
		s := fmt.Sprintf("%s: %s to %s", verb, words.Plural(len(o.Path), "step"), At(o.Path[len(o.Path)-1]))
		if m.Unexplored(o.Path) != nil {
			s += ", through unexplored hexes"
		}
		return s
	case game.OrderFollow:
		return fmt.Sprintf("%s follows %s", Capital(army(o.Army)), army(o.Target))
	case game.OrderExplore:
		return fmt.Sprintf("%s explores %s", Capital(army(o.Army)), o.Dir)
	case game.OrderStance:
		return fmt.Sprintf("%s: %s", Capital(army(o.Army)), stanceText(o.Stance, o.Dir))
	}
	if l := m.rs.Label(m, o); l != "" {
		return l
	}
	return Capital(o.String())
}

// stanceText names a standing order: "defend", "withdraw to NE".
func stanceText(st game.StanceKind, d hex.Direction) string {
	switch st {
	case game.Defend:
		return "defend"
	case game.Intercept:
		return "intercept"
	case game.Withdraw:
		return "withdraw to " + d.String()
	}
	return fmt.Sprintf("stance %d", st)
}

// cloneOrder returns a copy of o sharing no slices with it.
func cloneOrder(o game.Order) game.Order {
	o.Path, o.Units = slices.Clone(o.Path), slices.Clone(o.Units)
	return o
}
