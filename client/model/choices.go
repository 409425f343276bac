package model

import (
	"fmt"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// Choice is an order the player may give from a city's or an army's panel;
// AddOrder(Order) gives it.
type Choice struct {
	Label string
	// Cost is what the order spends, as Draft.Cost.
	Cost  int64
	Order game.Order
	// Reason is "" when the order may be given; else why not: the server's
	// refusal of it (the same validation), or why it would be skipped when
	// the turn resolves after the orders drafted so far ("not enough
	// Schmuckers: have 3, need 6").
	Reason string
	// Current reports that the order is in force already: the army's
	// standing order, or an order drafted as it is.
	Current bool
}

// CityChoices returns what the player's city c may do this turn: upgrade;
// form each kind of unit, one and as many as the city may still form and
// the money pays for; pop a Warlord at each starting level; pop each kind
// of Caster; build a Fleet on each neighbouring hex of naval terrain; make
// a Trade Good. Each comes with its cost and, when it may not be given, the
// reason. Nil for a city that is not the player's.
func (m *Model) CityChoices(c game.CityID) []Choice {
	city := m.ownCity(c)
	if city == nil {
		return nil
	}
	d := m.rs.D
	var out []Choice
	add := func(label string, o game.Order) Choice {
		ch := m.choice(label, o)
		out = append(out, ch)
		return ch
	}
	add(fmt.Sprintf("Upgrade to level %d", city.Level+1), game.Order{Kind: erfworld.OrderUpgrade, City: c})
	for k := range d.Units {
		unit := game.UnitKind(k)
		one := add(fmt.Sprintf("Form 1 %s", d.Units[k].Name), game.Order{Kind: erfworld.OrderForm, City: c, Unit: unit, Count: 1})
		if one.Reason != "" {
			continue
		}
		// The most the city may still form this turn that the money pays.
		for n := min(d.UnitsFormable(int(city.Level)+d.City.UpgradeLevelsPerTurn), 1000); n > 1; n-- {
			o := game.Order{Kind: erfworld.OrderForm, City: c, Unit: unit, Count: int32(n)}
			if ch := m.choice(fmt.Sprintf("Form %d %s", n, d.Units[k].Name), o); ch.Reason == "" {
				out = append(out, ch)
				break
			}
		}
	}
	for level := d.Warlord.PopLevel; level <= d.Warlord.MaxLevel; level++ {
		add(fmt.Sprintf("Pop a level %d Warlord", level), game.Order{Kind: erfworld.OrderWarlord, City: c, Level: int32(level)})
	}
	for k := range erfworld.NumCasterKinds {
		add("Pop a "+d.Caster.Name(k), game.Order{Kind: erfworld.OrderCaster, City: c, Unit: game.UnitKind(k)})
	}
	s := m.State()
	for _, h := range city.Hex.Neighbors() {
		if t, ok := s.Map.At(h); ok && int(t) < len(d.Terrain) && d.Terrain[t].Naval {
			add("Build a Fleet at "+at(h), game.Order{Kind: erfworld.OrderFleet, City: c, Hex: h})
		}
	}
	add("Make a Trade Good", game.Order{Kind: erfworld.OrderTradeGood, City: c})
	return out
}

// ArmyChoices returns what the player's army a may do: its standing orders
// (Defend, Intercept, Withdraw in each direction), Explore in each
// direction, and where they apply: build a city on its hex, scout in each
// direction with its Flyers, board a neighbouring fleet, land from its
// fleet on each neighbouring hex. Each comes with the reason when it may
// not be given. Nil for an army that is not the player's.
func (m *Model) ArmyChoices(a game.ArmyID) []Choice {
	army := m.ownArmy(a)
	if army == nil {
		return nil
	}
	d := m.rs.D
	s := m.State()
	stance := army.Stance
	if i := m.stanceIndex(a); i >= 0 {
		stance = game.Stance{Kind: m.drafts[i].order.Stance, Dir: m.drafts[i].order.Dir}
	}
	var out []Choice
	addStance := func(label string, st game.StanceKind, dir hex.Direction) {
		ch := m.choice(label, game.Order{Kind: game.OrderStance, Army: a, Stance: st, Dir: dir})
		ch.Current = stance == game.Stance{Kind: st, Dir: dir}
		out = append(out, ch)
	}
	addStance("Defend", game.Defend, 0)
	addStance("Intercept", game.Intercept, 0)
	for _, dir := range hex.Directions() {
		addStance("Withdraw to "+dir.String(), game.Withdraw, dir)
	}
	for _, dir := range hex.Directions() {
		out = append(out, m.choice("Explore "+dir.String(), game.Order{Kind: game.OrderExplore, Army: a, Dir: dir}))
	}
	if !army.Naval {
		out = append(out, m.choice("Build a city here", game.Order{Kind: erfworld.OrderBuildCity, Army: a, Hex: army.Hex}))
	}
	scouts := 0
	for k, u := range d.Units {
		scouts += int(army.Units.Get(game.UnitKind(k))) * u.ScoutHexes
	}
	if scouts > 0 {
		for _, dir := range hex.Directions() {
			out = append(out, m.choice("Scout "+dir.String(), game.Order{Kind: erfworld.OrderScout, Army: a, Dir: dir}))
		}
	}
	if !army.Naval && army.Carrier == 0 {
		out = append(out, m.transferChoices(a)...)
	}
	if !army.Naval && army.Carrier == 0 {
		for i := range s.Armies {
			if f := &s.Armies[i]; f.Owner == army.Owner && f.Naval && hex.Distance(f.Hex, army.Hex) == 1 {
				out = append(out, m.choice("Board "+m.armyName(f.ID, true), game.Order{Kind: erfworld.OrderLoad, Army: a, Target: f.ID}))
			}
		}
	}
	if f := s.Army(army.Carrier); f != nil {
		for _, h := range f.Hex.Neighbors() {
			if t, ok := s.Map.At(h); ok && int(t) < len(d.Terrain) && d.Terrain[t].Army {
				out = append(out, m.choice("Land at "+at(h), game.Order{Kind: erfworld.OrderUnload, Army: a, Hex: h}))
			}
		}
	}
	return out
}

// choice returns the Choice of order o: its cost, and why it may not be
// given after the drafts (as Draft.Err, then as Draft.Warn would say).
func (m *Model) choice(label string, o game.Order) Choice {
	o.Turn = m.Turn()
	list, idx := m.withOrder(o)
	errs := m.validate(list)
	reason := errs[idx]
	if reason == "" {
		reason = m.foresee(list, errs)[idx]
	}
	return Choice{Label: label, Cost: m.costs(list)[idx], Order: o, Reason: reason, Current: m.drafted(&o)}
}

// withOrder returns the drafted orders as AddOrder(o) would leave them (o
// in place of its army's movement order or stance, else at the end), and
// o's index.
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

// transferChoices returns the transfers between army and the player's other
// land armies on its hex: take all of another's units, take one unit of a
// kind, or give all of its own units ("Units must either be assigned to an
// Army (ie, With a Warlord) or in the same hex as a City": the ruleset says
// which transfers are allowed, and why not).
func (m *Model) transferChoices(a game.ArmyID) []Choice {
	var army *game.ArmyView
	for i := range m.view.Armies {
		if m.view.Armies[i].ID == a {
			army = &m.view.Armies[i]
		}
	}
	if army == nil {
		return nil
	}
	var out []Choice
	d := m.rs.D
	for i := range m.view.Armies {
		o := &m.view.Armies[i]
		if o.ID == army.ID || o.Owner != army.Owner || o.Hex != army.Hex || o.Naval || o.Carrier != 0 {
			continue
		}
		name := m.armyName(o.ID, false)
		if o.Units.Total() > 0 {
			out = append(out, m.choice(fmt.Sprintf("Take all %d units of %s", o.Units.Total(), name),
				game.Order{Kind: erfworld.OrderTransfer, Army: o.ID, Target: army.ID, Units: slices.Clone(o.Units)}))
			for k, n := range o.Units {
				if n == 0 || k >= len(d.Units) {
					continue
				}
				one := make(game.Units, k+1)
				one[k] = 1
				out = append(out, m.choice(fmt.Sprintf("Take 1 %s of %s", d.Units[k].Name, name),
					game.Order{Kind: erfworld.OrderTransfer, Army: o.ID, Target: army.ID, Units: one}))
			}
		}
		if army.Units.Total() > 0 {
			out = append(out, m.choice(fmt.Sprintf("Give all %d units to %s", army.Units.Total(), name),
				game.Order{Kind: erfworld.OrderTransfer, Army: army.ID, Target: o.ID, Units: slices.Clone(army.Units)}))
		}
	}
	return out
}
