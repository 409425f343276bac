package model

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
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
	}
	m.changed()
}

// AddOrder adds order o, stamped with this turn, to the drafts: a ruleset
// order (upgrade, form units, Warlord, Caster, Fleet, Trade Good, cash,
// build a city, ...) goes at the end of the list, which is the order the
// server carries them out in; a movement order or a stance replaces the
// army's as SetMove and SetStance do. The model keeps its own copy.
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
		m.changed()
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
	// Upkeep's warning goes to the orders that spend money or add upkeep,
	// if without them it would remove fewer units.
	var upkeep string
	if f.Upkeep.Removed > 0 {
		var rest []game.Order
		var restErrs []string
		for i := range orders {
			if !addsUpkeep(&orders[i], costs[i]) {
				rest, restErrs = append(rest, orders[i]), append(restErrs, errs[i])
			}
		}
		if m.forecastOf(rest, restErrs).Upkeep.Removed < f.Upkeep.Removed {
			upkeep = f.Warning
		}
	}
	out := make([]Draft, len(orders))
	for i := range orders {
		warn := f.Skips[i]
		if warn == "" && errs[i] == "" && upkeep != "" && addsUpkeep(&orders[i], costs[i]) {
			warn = upkeep
		}
		out[i] = Draft{Order: cloneOrder(orders[i]), Label: m.label(&orders[i]), Cost: costs[i],
			Err: errs[i], Warn: warn, Rejected: m.drafts[i].rejected, Guessed: m.Unexplored(orders[i].Path)}
	}
	return out
}

// addsUpkeep reports whether order o, costing cost, spends money or adds
// to the upkeep (units, Warlords, Casters): one of the orders upkeep's
// warning is about.
func addsUpkeep(o *game.Order, cost int64) bool {
	switch o.Kind {
	case erfworld.OrderForm, erfworld.OrderWarlord, erfworld.OrderCaster:
		return true
	}
	return cost > 0
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

// Submission returns the message that sends the drafted orders for this
// turn (an empty list when there are none: no orders); nil before the
// first view. The answer goes to ApplyResult.
func (m *Model) Submission() *protocol.SubmitOrders {
	if m.view == nil {
		return nil
	}
	orders := make([]game.Order, len(m.drafts))
	for i := range m.drafts {
		orders[i] = cloneOrder(m.drafts[i].order)
	}
	m.sent = m.version
	return &protocol.SubmitOrders{Turn: m.Turn(), Orders: orders}
}

// ApplyResult takes the server's answer to the last Submission: it attaches
// each rejection to its draft (Draft.Rejected) and records whether the list
// was accepted. An answer for another turn, or for a list changed since it
// was sent, is ignored.
func (m *Model) ApplyResult(r *protocol.OrdersResult) {
	if r == nil || m.view == nil || r.Turn != m.Turn() || m.sent != m.version {
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

// Forecast is the next turn's money and upkeep with the drafted orders.
type Forecast struct {
	// Forecast holds the ruleset's forecast of the turn's steps 1 to 4:
	// Treasury (now), Income (cities, Econ-A-Mancers, Trade Goods cashed),
	// Spent (the orders that go through), Upkeep (the bill: units after
	// any removal, Warlords, Casters, Fleets, each with its cost; what is
	// paid), After (the treasury after upkeep) and Removed (the units
	// upkeep removes, army by army). Skips has one entry per draft.
	erfworld.Forecast
	// Warning says what upkeep removes, "" when it removes nothing:
	// "upkeep will remove 4 Infantry from the units formed at (1,1): the
	// treasury will hold 2 Schmuckers for an upkeep of 4" (the treasury
	// after the orders, the bill before any removal).
	Warning string
}

// Forecast returns what the next turn's steps 1 to 4 (income, building,
// creating, upkeep) will do with the drafted orders, as the ruleset's own
// Forecast runs them on the view's state, the drafts the server would
// refuse left out (a refused list never reaches a turn). Other players'
// orders, which the player cannot know, are not in it. The answer is
// computed once per change of the drafts or the view; the zero Forecast
// before the first view or for a spectator.
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
	s := m.State()
	if s == nil || m.You() == 0 {
		return Forecast{Forecast: erfworld.Forecast{Skips: make([]string, len(orders))}}
	}
	var valid []game.Order
	var at []int
	for i := range orders {
		if errs[i] == "" {
			valid, at = append(valid, orders[i]), append(at, i)
		}
	}
	f := Forecast{Forecast: m.rs.Forecast(s, m.You(), valid)}
	skips := make([]string, len(orders))
	for j, i := range at {
		skips[i] = f.Skips[j]
	}
	f.Skips = skips
	f.Warning = m.removalText(&f.Forecast)
	return f
}

// removalText says what upkeep removes in forecast f, "" if nothing.
func (m *Model) removalText(f *erfworld.Forecast) string {
	if f.Upkeep.Removed == 0 {
		return ""
	}
	var parts []string
	for _, r := range f.Removed {
		var units []string
		for k, n := range r.Units {
			if n > 0 {
				units = append(units, fmt.Sprintf("%d %s", n, m.unitName(game.UnitKind(k))))
			}
		}
		from := "from " + m.armyName(r.Army, false)
		if r.New {
			from = "from the units formed at " + at(r.Hex)
		}
		parts = append(parts, strings.Join(units, ", ")+" "+from)
	}
	return fmt.Sprintf("upkeep will remove %s: the treasury will hold %d %s for an upkeep of %d",
		strings.Join(parts, "; "), f.Treasury+f.Income-f.Spent, m.rs.D.Currency, f.Upkeep.Owed)
}

// casters counts the player's Casters by kind.
func (m *Model) casters(p game.PlayerID) [erfworld.NumCasterKinds]int {
	var kinds [erfworld.NumCasterKinds]int
	s := m.State()
	for i := range s.Armies {
		if s.Armies[i].Owner != p {
			continue
		}
		for _, c := range s.Armies[i].Characters {
			if k, ok := erfworld.CasterOf(c); ok {
				kinds[k]++
			}
		}
	}
	return kinds
}

// goods returns the Trade Goods the player holds.
func (m *Model) goods() int32 {
	if pl := m.State().Player(m.You()); pl != nil && erfworld.StockTradeGoods < len(pl.Stock) {
		return pl.Stock[erfworld.StockTradeGoods]
	}
	return 0
}

// costs returns what each order spends, as the ruleset prices it on the
// view's state; cashing Trade Goods counts negative, each cash order for
// what it adds to the value of all cashed before it ("the square of the
// number of goods being cashed").
func (m *Model) costs(orders []game.Order) []int64 {
	out := make([]int64, len(orders))
	var cashed int32
	held := m.goods()
	for i := range orders {
		o := &orders[i]
		if o.Kind == erfworld.OrderCash {
			if o.Count > 0 && cashed+o.Count <= held {
				before := m.rs.D.TradeGoodsValue(int(cashed))
				cashed += o.Count
				out[i] = -int64(m.rs.D.TradeGoodsValue(int(cashed)) - before)
			}
			continue
		}
		out[i] = m.cost(o, 0)
	}
	return out
}

// cost is what order o spends, with a city's level raised by up levels
// already this turn.
func (m *Model) cost(o *game.Order, up int32) int64 {
	d := m.rs.D
	switch o.Kind {
	case erfworld.OrderBuildCity:
		return int64(d.City.NewCityCost)
	case erfworld.OrderUpgrade:
		c := m.State().City(o.City)
		if c == nil {
			return 0
		}
		next := int(c.Level+up) + 1
		if m.casters(m.You())[erfworld.CasterDirt] > 0 {
			return int64(d.DirtUpgradeCost(next))
		}
		return int64(d.UpgradeCost(next))
	case erfworld.OrderForm:
		if int(o.Unit) < len(d.Units) && o.Count > 0 {
			return int64(o.Count) * int64(d.Units[o.Unit].Cost)
		}
	case erfworld.OrderWarlord:
		if c, err := d.WarlordCost(m.warlordLevel(o)); err == nil {
			return int64(c)
		}
	case erfworld.OrderCaster:
		return int64(d.Caster.Cost)
	case erfworld.OrderFleet:
		return int64(d.Fleet.Cost)
	}
	return 0
}

// warlordLevel is the starting level an OrderWarlord asks for (0: the pop
// level).
func (m *Model) warlordLevel(o *game.Order) int {
	if o.Level == 0 {
		return m.rs.D.Warlord.PopLevel
	}
	return int(o.Level)
}

// foresee returns, for each order, why it would be skipped when the turn
// resolves, given the orders before it ("" for an order with a
// validation error in errs: it never reaches a turn), and what upkeep
// would then remove if that is more than with the drafts alone (Forecast's
// Warning), else "".
func (m *Model) foresee(orders []game.Order, errs []string) ([]string, string) {
	f := m.forecastOf(orders, errs)
	if f.Upkeep.Removed > m.Forecast().Upkeep.Removed {
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
		s := fmt.Sprintf("%s: %s to %s", verb, plural(len(o.Path), "step"), at(o.Path[len(o.Path)-1]))
		if m.Unexplored(o.Path) != nil {
			s += ", through unexplored hexes"
		}
		return s
	case game.OrderFollow:
		return fmt.Sprintf("%s follows %s", capital(army(o.Army)), army(o.Target))
	case game.OrderExplore:
		return fmt.Sprintf("%s explores %s", capital(army(o.Army)), o.Dir)
	case game.OrderStance:
		return fmt.Sprintf("%s: %s", capital(army(o.Army)), stanceText(o.Stance, o.Dir))
	case erfworld.OrderBuildCity:
		return fmt.Sprintf("Build a city at %s", at(o.Hex))
	case erfworld.OrderUpgrade:
		level := "the next level"
		if c := m.State().City(o.City); c != nil {
			level = fmt.Sprintf("level %d", c.Level+1)
		}
		return fmt.Sprintf("Upgrade %s to %s", m.cityName(o.City), level)
	case erfworld.OrderForm:
		return fmt.Sprintf("Form %d %s in %s", o.Count, m.unitName(o.Unit), m.cityName(o.City))
	case erfworld.OrderWarlord:
		return fmt.Sprintf("Pop a level %d Warlord in %s", m.warlordLevel(o), m.cityName(o.City))
	case erfworld.OrderCaster:
		s := fmt.Sprintf("Pop %s in %s", erfworld.AName(m.casterName(o.Unit)), m.cityName(o.City))
		if o.Army != 0 {
			s += " with " + army(o.Army)
		}
		return s
	case erfworld.OrderFleet:
		return fmt.Sprintf("Build a Fleet at %s", at(o.Hex))
	case erfworld.OrderTradeGood:
		return fmt.Sprintf("Make a Trade Good in %s", m.cityName(o.City))
	case erfworld.OrderCash:
		return fmt.Sprintf("Cash in %s", plural(int(o.Count), "Trade Good"))
	case erfworld.OrderTransfer:
		var parts []string
		if o.Units.Total() > 0 {
			parts = append(parts, m.unitsText(o.Units))
		}
		if o.Count != 0 {
			who := fmt.Sprintf("character %d", o.Count)
			if a := m.State().Army(o.Army); a != nil {
				for _, c := range a.Characters {
					if c.ID == game.CharacterID(o.Count) {
						who = m.characterName(a, c)
					}
				}
			}
			parts = append(parts, who)
		}
		what := andList(parts)
		if what == "" {
			what = "nothing"
		}
		to := "a new army"
		if o.Target != 0 {
			to = army(o.Target)
		}
		return fmt.Sprintf("Move %s from %s to %s", what, army(o.Army), to)
	case erfworld.OrderScout:
		return fmt.Sprintf("%s scouts %s", capital(army(o.Army)), o.Dir)
	case erfworld.OrderLook:
		return fmt.Sprintf("Look at %s", m.PlayerName(o.Player))
	case erfworld.OrderCasualties:
		names := make([]string, len(o.Units))
		for i, k := range o.Units {
			names[i] = m.unitName(game.UnitKind(k))
		}
		return "Casualties first: " + strings.Join(names, ", ")
	case erfworld.OrderLoad:
		return fmt.Sprintf("%s boards %s", capital(army(o.Army)), army(o.Target))
	case erfworld.OrderUnload:
		return fmt.Sprintf("%s lands at %s", capital(army(o.Army)), at(o.Hex))
	}
	return capital(o.String())
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
