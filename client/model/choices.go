package model

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
)

// Choice is an order the player may give from a city's or an army's panel,
// sometimes followed by more orders that complete it (giving all of an
// army's units and its Casters takes one transfer per Caster); Choose
// gives them all.
type Choice struct {
	Label string
	// Cost is what the orders spend, as Draft.Cost.
	Cost  int64
	Order game.Order
	// More holds the orders given after Order, in this order; nil for
	// most choices.
	More []game.Order
	// Reason is "" when the orders may be given; else why not, in words
	// for the player: the server's refusal (the same validation), or why
	// the turn would skip them after the orders drafted so far ("not
	// enough Schmuckers: have 3, need 6").
	Reason string
	// Warn is "" or what giving the choice would bring about that the
	// player may not want, given the drafts: an order drafted already
	// would be skipped ("Pop a level 4 Warlord in the Capital at (0,4)
	// would then be skipped: not enough Schmuckers: have 3, need 6": the
	// turn upgrades cities before it pops Warlords), or upkeep would
	// remove units ("upkeep will remove 2 Infantry from army 4: ...", see
	// Forecast).
	Warn string
	// Current reports that the order is in force already: the army's
	// standing order, or an order drafted as it is.
	Current bool
	// Replaces is "" or the label of the drafts the choice would take
	// the place of, when the ruleset limits the orders of a turn
	// (Model.OrderLimit): "Recruit 2 Infantry in the city at (3,4)". With
	// one order a day, choosing another replaces the one drafted.
	Replaces string
	// Short is "" or the choice's label in a row of small buttons of its
	// kind (see the client module's Group): "NE", "3".
	Short string
	// At is the hex the choice acts on, when HasAt is set: the map marks
	// it while the pointer is on the choice (a structure built next to a
	// city).
	At    hex.Hex
	HasAt bool
}

// Choose gives choice ch: AddOrder of its Order, then of each of its More.
func (m *Model) Choose(ch Choice) {
	m.AddOrder(ch.Order)
	for _, o := range ch.More {
		m.AddOrder(o)
	}
}

// CityChoices returns what the player's city c may do this turn, as its
// ruleset says (Rules.CityChoices): each with its cost and, when it may not
// be given, the reason, and Warn when it would bring about what the player
// may not want. Nil for a city that is not the player's.
func (m *Model) CityChoices(c game.CityID) []Choice {
	city := m.ownCity(c)
	if city == nil {
		return nil
	}
	return m.rs.CityChoices(m, city)
}

// ArmyChoices returns what the player's army a may do this turn, as its
// ruleset says (Rules.ArmyChoices), each with the reason when it may not
// be given. Nil for an army that is not the player's.
func (m *Model) ArmyChoices(a game.ArmyID) []Choice {
	army := m.ownArmy(a)
	if army == nil {
		return nil
	}
	return m.rs.ArmyChoices(m, army)
}

// StanceChoices returns the engine's standing orders for the player's army
// a: Defend, and with all, Intercept, Withdraw in each direction, then
// Explore in each direction. The one in force (drafted, or the army's
// standing order) is Current.
func (m *Model) StanceChoices(a *game.Army, all bool) []Choice {
	stance := a.Stance
	if i := m.stanceIndex(a.ID); i >= 0 {
		stance = game.Stance{Kind: m.drafts[i].order.Stance, Dir: m.drafts[i].order.Dir}
	}
	var out []Choice
	addStance := func(label string, st game.StanceKind, dir hex.Direction) {
		ch := m.Offer(label, game.Order{Kind: game.OrderStance, Army: a.ID, Stance: st, Dir: dir})
		ch.Current = stance == game.Stance{Kind: st, Dir: dir}
		out = append(out, ch)
	}
	addStance("Defend", game.Defend, 0)
	if !all {
		return out
	}
	addStance("Intercept", game.Intercept, 0)
	for _, dir := range hex.Directions() {
		addStance("Withdraw to "+dir.String(), game.Withdraw, dir)
	}
	for _, dir := range hex.Directions() {
		out = append(out, m.Offer("Explore "+dir.String(), game.Order{Kind: game.OrderExplore, Army: a.ID, Dir: dir}))
	}
	return out
}

// Offer returns the Choice, labelled label, of order o followed by more:
// what they cost, why they may not be given after the drafts (as
// Draft.Err, then as Draft.Warn would say, the first reason among them),
// the forecast's warning, and the drafts they would replace when the
// ruleset limits the orders of a turn (Replaces). A ruleset's CityChoices
// and ArmyChoices make theirs with it.
func (m *Model) Offer(label string, o game.Order, more ...game.Order) Choice {
	o.Turn = m.Turn()
	list, idx := m.withOrder(o)
	idxs := []int{idx}
	for i := range more {
		more[i].Turn = m.Turn()
		list = append(list, more[i])
		idxs = append(idxs, len(list)-1)
	}
	list, kept, idxs := m.withinLimit(list, idxs)
	errs := m.validate(list)
	ch := Choice{Label: label, Order: o, More: more, Current: m.drafted(&o)}
	var gone []string
	for i := range m.drafts {
		if !slices.Contains(kept, i) {
			gone = append(gone, m.label(&m.drafts[i].order))
		}
	}
	if !ch.Current { // drafted as it is: it replaces nothing
		ch.Replaces = strings.Join(gone, "; ")
	}
	for _, i := range idxs {
		if ch.Reason == "" {
			ch.Reason = errs[i]
		}
		ch.Current = ch.Current && m.drafted(&list[i])
	}
	costs := m.costs(list)
	for _, i := range idxs {
		ch.Cost += costs[i]
	}
	if ch.Reason != "" {
		return ch
	}
	warns, upkeep := m.foresee(list, errs)
	for _, i := range idxs {
		if ch.Reason == "" {
			ch.Reason = warns[i]
		}
	}
	ch.Warn = upkeep
	// An order of the drafts the choice would have skipped: it comes
	// before them in the turn (an upgrade before a Warlord), or takes
	// their place in a limit.
	base := m.Forecast().Skips
	for j, i := range kept {
		if i < min(len(m.drafts), len(base)) && !slices.Contains(idxs, j) && warns[j] != "" && base[i] == "" {
			ch.Warn = fmt.Sprintf("%s would then be skipped: %s", m.label(&list[j]), warns[j])
			break
		}
	}
	return ch
}

// withinLimit returns list, the drafts with a choice's orders at indexes
// idxs, as the ruleset's limit on orders a turn leaves it (OrderLimit):
// the earliest orders that are not the choice's dropped until it holds
// no more than the limit, as AddOrder drops them. It returns the list
// left, the index in list of each order left (kept), and the choice's
// indexes in the list left.
func (m *Model) withinLimit(list []game.Order, idxs []int) (out []game.Order, kept, at []int) {
	limit := m.OrderLimit()
	drop := 0
	if limit > 0 {
		drop = max(len(list)-limit, 0)
	}
	for i := range list {
		if drop > 0 && !slices.Contains(idxs, i) {
			drop--
			continue
		}
		if slices.Contains(idxs, i) {
			at = append(at, len(out))
		}
		out = append(out, list[i])
		kept = append(kept, i)
	}
	return out, kept, at
}

// withOrder returns the drafted orders as AddOrder(o) would leave them (o
// in place of its army's movement order or stance, else at the end), and
// o's index, before the ruleset's limit on orders (withinLimit).
func (m *Model) withOrder(o game.Order) ([]game.Order, int) {
	list := m.orders()
	i := -1
	switch {
	case o.IsMove():
		i = m.moveIndex(o.Army)
	case o.Kind == game.OrderStance:
		i = m.stanceIndex(o.Army)
	}
	if i >= 0 {
		list[i] = o
		return list, i
	}
	return append(list, o), len(list)
}

// drafted reports whether an order equal to o is among the drafts.
func (m *Model) drafted(o *game.Order) bool {
	for i := range m.drafts {
		x := &m.drafts[i].order
		if x.Kind == o.Kind && x.Army == o.Army && x.City == o.City && x.Target == o.Target && x.Dir == o.Dir &&
			x.Stance == o.Stance && x.Unit == o.Unit && x.Count == o.Count && x.Level == o.Level && x.Hex == o.Hex &&
			slices.Equal(x.Path, o.Path) && slices.Equal(x.Units, o.Units) {
			return true
		}
	}
	return false
}
