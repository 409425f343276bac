package model

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
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
}

// Choose gives choice ch: AddOrder of its Order, then of each of its More.
func (m *Model) Choose(ch Choice) {
	m.AddOrder(ch.Order)
	for _, o := range ch.More {
		m.AddOrder(o)
	}
}

// CityChoices returns what the player's city c may do this turn: upgrade,
// if its level is one the rules upgrade (never a Capital: "No City may be
// upgraded to a Capital"); form each kind of unit, one and as many as the
// city may still form and the money pays for; pop a Warlord at each
// starting level (only the first when the city may pop none: "A Warlord
// can only be created in a Capital"); pop each kind of Caster; build a
// Fleet on each neighbouring hex of naval terrain; make a Trade Good. Each
// comes with its cost and, when it may not be given, the reason, and
// Warn when upkeep would then remove units. Nil for a city that is not the
// player's.
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
	if m.rs.CheckUpgrade(city) == nil {
		add(fmt.Sprintf("Upgrade to level %d", city.Level+1), game.Order{Kind: erfworld.OrderUpgrade, City: c})
	}
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
	// A Warlord at each starting level; when the first is refused for a
	// reason that holds at every level (not a Capital, one popped
	// already), the others are left out.
	var first string
	for level := d.Warlord.PopLevel; level <= d.Warlord.MaxLevel; level++ {
		o := game.Order{Kind: erfworld.OrderWarlord, City: c, Level: int32(level)}
		ch := m.choice(fmt.Sprintf("Pop a level %d Warlord", level), o)
		if level == d.Warlord.PopLevel {
			first = ch.Reason
		} else if first != "" && ch.Reason == first {
			break
		}
		out = append(out, ch)
	}
	for k := range erfworld.NumCasterKinds {
		add("Pop "+erfworld.AName(d.Caster.Name(k)), game.Order{Kind: erfworld.OrderCaster, City: c, Unit: game.UnitKind(k)})
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
// direction, and where they apply: build a city on its hex (not on a city
// hex), scout in each direction with its Flyers, move units and characters
// between it and the player's other armies on its hex, board a
// neighbouring fleet, land from its fleet on each neighbouring hex. Each
// comes with the reason when it may not be given. A garrison (units
// without a Warlord in a city, which "must be a part of an Army" to leave
// it) is offered only what it can do: Defend, scouting, and transfers.
// Nil for an army that is not the player's.
func (m *Model) ArmyChoices(a game.ArmyID) []Choice {
	army := m.ownArmy(a)
	if army == nil {
		return nil
	}
	d := m.rs.D
	s := m.State()
	garrison := m.rs.GarrisonOf(s, army) != nil
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
	if !garrison {
		addStance("Intercept", game.Intercept, 0)
		for _, dir := range hex.Directions() {
			addStance("Withdraw to "+dir.String(), game.Withdraw, dir)
		}
		for _, dir := range hex.Directions() {
			out = append(out, m.choice("Explore "+dir.String(), game.Order{Kind: game.OrderExplore, Army: a, Dir: dir}))
		}
	}
	if !army.Naval && s.CityAt(army.Hex) == nil {
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
		out = append(out, m.transferChoices(army)...)
	}
	if !army.Naval && army.Carrier == 0 && !garrison {
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

// choice returns the Choice of order o followed by more: what they cost,
// why they may not be given after the drafts (as Draft.Err, then as
// Draft.Warn would say, the first reason among them), and the upkeep's
// warning.
func (m *Model) choice(label string, o game.Order, more ...game.Order) Choice {
	o.Turn = m.Turn()
	list, idx := m.withOrder(o)
	idxs := []int{idx}
	for i := range more {
		more[i].Turn = m.Turn()
		list = append(list, more[i])
		idxs = append(idxs, len(list)-1)
	}
	errs := m.validate(list)
	ch := Choice{Label: label, Order: o, More: more, Current: m.drafted(&o)}
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
	for i := range min(len(m.drafts), len(base)) {
		if !slices.Contains(idxs, i) && warns[i] != "" && base[i] == "" {
			ch.Warn = fmt.Sprintf("%s would then be skipped: %s", m.label(&list[i]), warns[i])
			break
		}
	}
	return ch
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

// transferChoices returns the transfers between army and the player's
// other land armies on its hex ("Units must either be assigned to an Army
// (ie, With a Warlord) or in the same hex as a City": the ruleset says
// which are allowed, and why not): take all of another's units, take one
// unit of a kind, give all of its own units, and take or give each
// Warlord and Caster. Taking or giving all the units of an army without a
// Warlord takes its Casters too (one more transfer each), so none is left
// alone in an army of no units; an army with a Warlord keeps its Casters,
// and the label says so.
func (m *Model) transferChoices(army *game.Army) []Choice {
	s := m.State()
	var out []Choice
	d := m.rs.D
	for _, i := range s.ArmiesAt(army.Hex) {
		o := &s.Armies[i]
		if o.ID == army.ID || o.Owner != army.Owner || o.Naval || o.Carrier != 0 {
			continue
		}
		name := m.armyName(o.ID, false)
		if o.Units.Total() > 0 {
			label, orders := m.allUnits(o, army.ID)
			out = append(out, m.choice(fmt.Sprintf(label, "Take", "of "+name), orders[0], orders[1:]...))
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
			label, orders := m.allUnits(army, o.ID)
			out = append(out, m.choice(fmt.Sprintf(label, "Give", "to "+name), orders[0], orders[1:]...))
		}
		for _, c := range o.Characters {
			out = append(out, m.choice(fmt.Sprintf("Take %s of %s", m.characterName(o, c), name),
				game.Order{Kind: erfworld.OrderTransfer, Army: o.ID, Target: army.ID, Count: int32(c.ID)}))
		}
		for _, c := range army.Characters {
			out = append(out, m.choice(fmt.Sprintf("Give %s to %s", m.characterName(army, c), name),
				game.Order{Kind: erfworld.OrderTransfer, Army: army.ID, Target: o.ID, Count: int32(c.ID)}))
		}
	}
	return out
}

// allUnits returns the orders that move all of army from's units to army
// to, with its Casters when it has no Warlord, and the label as a format
// for the verb and the other army: "%s all 3 units and the Econ-A-Mancer
// %s", "%s all 3 units %s; the Look-A-Mancer stays with the Warlord".
func (m *Model) allUnits(from *game.Army, to game.ArmyID) (string, []game.Order) {
	move := game.Order{Kind: erfworld.OrderTransfer, Army: from.ID, Target: to, Units: slices.Clone(from.Units)}
	units := plural(from.Units.Total(), "unit")
	var chars []game.Character
	for _, c := range from.Characters {
		if _, ok := erfworld.CasterOf(c); ok {
			chars = append(chars, c)
		}
	}
	if len(chars) == 0 {
		return "%s all " + units + " %s", []game.Order{move}
	}
	var names []string
	for _, c := range chars {
		names = append(names, m.characterName(from, c))
	}
	if slices.ContainsFunc(from.Characters, func(c game.Character) bool { return c.Kind == erfworld.CharWarlord }) {
		verb := "stays"
		if len(chars) > 1 {
			verb = "stay"
		}
		return fmt.Sprintf("%%s all %s %%s; %s %s with the Warlord", units, andList(names), verb), []game.Order{move}
	}
	orders := []game.Order{move}
	orders[0].Count = int32(chars[0].ID)
	for _, c := range chars[1:] {
		orders = append(orders, game.Order{Kind: erfworld.OrderTransfer, Army: from.ID, Target: to, Count: int32(c.ID)})
	}
	return fmt.Sprintf("%%s all %s %%s", andList(append([]string{units}, names...))), orders
}

// andList writes "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// characterName names character c of army a for a label: "the level 2
// Warlord", "the Econ-A-Mancer", with its number when a has another like
// it: "the Econ-A-Mancer (character 12)".
func (m *Model) characterName(a *game.Army, c game.Character) string {
	name := "the " + m.characterKind(c)
	for _, o := range a.Characters {
		if o.ID != c.ID && o.Kind == c.Kind && o.Level == c.Level {
			return fmt.Sprintf("%s (character %d)", name, c.ID)
		}
	}
	return name
}

// characterKind says what character c is: "level 2 Warlord",
// "Econ-A-Mancer", "character 12".
func (m *Model) characterKind(c game.Character) string {
	switch k, ok := erfworld.CasterOf(c); {
	case ok:
		return m.casterName(game.UnitKind(k))
	case c.Kind == erfworld.CharWarlord:
		return fmt.Sprintf("level %d Warlord", c.Level)
	}
	return fmt.Sprintf("character %d", c.ID)
}

// CharacterInfo is one of the player's Warlords or Casters, for a panel.
type CharacterInfo struct {
	// Army is the army it is with (a garrison's, for a Caster in a city
	// with no Warlord).
	Army      game.ArmyID
	Character game.Character
	// Name says what it is: "level 2 Warlord", "Econ-A-Mancer".
	Name string
	// Upkeep is what it costs each turn in upkeep, from the ruleset's data
	// ("Casters cost 2 Schmuckers a turn in upkeep"; a Warlord "costs 1
	// Schmuckers per turn to maintain").
	Upkeep int64
}

// CityCharacters returns the Warlords and Casters of the player's armies
// in city c (on its hex), by army ID, each army's as it lists them; nil
// for a city that is not the player's or has none.
func (m *Model) CityCharacters(c game.CityID) []CharacterInfo {
	city := m.ownCity(c)
	if city == nil {
		return nil
	}
	s := m.State()
	var out []CharacterInfo
	for _, i := range s.ArmiesAt(city.Hex) {
		if a := &s.Armies[i]; a.Owner == city.Owner && !a.Naval && a.Carrier == 0 {
			out = append(out, m.characters(a)...)
		}
	}
	return out
}

// ArmyCharacters returns the Warlord and Casters of the player's army a as
// it lists them; nil for an army that is not the player's or has none.
func (m *Model) ArmyCharacters(a game.ArmyID) []CharacterInfo {
	if army := m.ownArmy(a); army != nil {
		return m.characters(army)
	}
	return nil
}

// characters describes the characters of army a.
func (m *Model) characters(a *game.Army) []CharacterInfo {
	var out []CharacterInfo
	for _, c := range a.Characters {
		out = append(out, CharacterInfo{Army: a.ID, Character: c, Name: m.characterKind(c), Upkeep: m.rs.CharacterUpkeep(c)})
	}
	return out
}
