package erfworld

import (
	"fmt"
	"slices"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	erf "empires/shared/rules/erfworld"
	"empires/shared/words"
)

// CityChoices implements model.Rules: upgrade, if its level is one the
// rules upgrade (never a Capital: "No City may be upgraded to a Capital");
// form each kind of unit, one and as many as the city may still form and
// the money pays for (the same buttons whatever the drafts); pop a
// Warlord at each starting level (only the first when the city may pop
// none: "A Warlord can only be created in a Capital"); pop each kind of
// Caster; build a Fleet on each neighbouring hex of naval terrain; make a
// Trade Good.
func (r Rules) CityChoices(m *model.Model, city *game.City) []model.Choice {
	d := r.D
	c := city.ID
	var out []model.Choice
	add := func(label string, o game.Order) model.Choice {
		ch := m.Offer(label, o)
		out = append(out, ch)
		return ch
	}
	if r.CheckUpgrade(city) == nil {
		add(fmt.Sprintf("Upgrade to level %d", city.Level+1), game.Order{Kind: erf.OrderUpgrade, City: c})
	}
	// Each kind of unit has the same buttons whatever the orders drafted
	// (the panel must not move under the pointer as they are chosen):
	// form one, and where the city may form more than one a turn and the
	// rules allow the kind at all (the order alone, drafts aside), form
	// the most it may still form that the money pays, or, when that is
	// not 2 or more, form 2, disabled with the reason.
	most := min(d.UnitsFormable(int(city.Level)+d.City.UpgradeLevelsPerTurn), 1000)
	for k := range d.Units {
		unit := game.UnitKind(k)
		name := d.Units[k].Name
		o := game.Order{Turn: m.Turn(), Kind: erf.OrderForm, City: c, Unit: unit, Count: 1}
		one := add(fmt.Sprintf("Form 1 %s", name), o)
		if most < 2 || game.ValidateOrder(m.State(), r, m.You(), &o) != nil {
			continue
		}
		found := false
		for n := most; one.Reason == "" && n > 1; n-- {
			o := game.Order{Kind: erf.OrderForm, City: c, Unit: unit, Count: int32(n)}
			if ch := m.Offer(fmt.Sprintf("Form %d %s", n, name), o); ch.Reason == "" {
				out = append(out, ch)
				found = true
				break
			}
		}
		if !found {
			add(fmt.Sprintf("Form 2 %s", name), game.Order{Kind: erf.OrderForm, City: c, Unit: unit, Count: 2})
		}
	}
	// A Warlord at each starting level; in a city that is not a Capital,
	// where the first is refused for a reason that holds at every level,
	// the others are left out. A Capital keeps them all whatever the
	// orders drafted (one popped already): the panel does not move under
	// the pointer.
	var first string
	for level := d.Warlord.PopLevel; level <= d.Warlord.MaxLevel; level++ {
		o := game.Order{Kind: erf.OrderWarlord, City: c, Level: int32(level)}
		ch := m.Offer(fmt.Sprintf("Pop a level %d Warlord", level), o)
		if level == d.Warlord.PopLevel {
			first = ch.Reason
		} else if first != "" && ch.Reason == first && !city.Capital {
			break
		}
		out = append(out, ch)
	}
	for k := range erf.NumCasterKinds {
		add("Pop "+erf.AName(d.Caster.Name(k)), game.Order{Kind: erf.OrderCaster, City: c, Unit: game.UnitKind(k)})
	}
	s := m.State()
	for _, h := range city.Hex.Neighbors() {
		if t, ok := s.Map.At(h); ok && int(t) < len(d.Terrain) && d.Terrain[t].Naval {
			add("Build a Fleet at "+model.At(h), game.Order{Kind: erf.OrderFleet, City: c, Hex: h})
		}
	}
	add("Make a Trade Good", game.Order{Kind: erf.OrderTradeGood, City: c})
	return out
}

// ArmyChoices implements model.Rules: the standing orders (Defend,
// Intercept, Withdraw in each direction), Explore in each direction, and
// where they apply: build a city on its hex (not on a city hex), scout in
// each direction with its Flyers, move units and characters between it and
// the player's other armies on its hex, board a neighbouring fleet, land
// from its fleet on each neighbouring hex. A garrison (units without a
// Warlord in a city, which "must be a part of an Army" to leave it) is
// offered only what it can do: Defend, scouting, and transfers.
func (r Rules) ArmyChoices(m *model.Model, army *game.Army) []model.Choice {
	d := r.D
	s := m.State()
	a := army.ID
	garrison := r.GarrisonOf(s, army) != nil
	out := m.StanceChoices(army, !garrison)
	if !army.Naval && s.CityAt(army.Hex) == nil {
		out = append(out, m.Offer("Build a city here", game.Order{Kind: erf.OrderBuildCity, Army: a, Hex: army.Hex}))
	}
	scouts := 0
	for k, u := range d.Units {
		scouts += int(army.Units.Get(game.UnitKind(k))) * u.ScoutHexes
	}
	if scouts > 0 {
		for _, dir := range hex.Directions() {
			out = append(out, m.Offer("Scout "+dir.String(), game.Order{Kind: erf.OrderScout, Army: a, Dir: dir}))
		}
	}
	if !army.Naval && army.Carrier == 0 {
		out = append(out, r.transferChoices(m, army)...)
	}
	if !army.Naval && army.Carrier == 0 && !garrison {
		for i := range s.Armies {
			if f := &s.Armies[i]; f.Owner == army.Owner && f.Naval && hex.Distance(f.Hex, army.Hex) == 1 {
				out = append(out, m.Offer("Board "+m.ArmyName(f.ID), game.Order{Kind: erf.OrderLoad, Army: a, Target: f.ID}))
			}
		}
	}
	if f := s.Army(army.Carrier); f != nil {
		for _, h := range f.Hex.Neighbors() {
			if t, ok := s.Map.At(h); ok && int(t) < len(d.Terrain) && d.Terrain[t].Army {
				out = append(out, m.Offer("Land at "+model.At(h), game.Order{Kind: erf.OrderUnload, Army: a, Hex: h}))
			}
		}
	}
	return out
}

// transferChoices returns the transfers between army and the player's
// other land armies on its hex ("Units must either be assigned to an Army
// (ie, With a Warlord) or in the same hex as a City": the ruleset says
// which are allowed, and why not): take all of another's units, take one
// unit of a kind, give all of its own units, and take or give each
// Warlord and Caster. A garrison that takes a Warlord is warned that it
// still may not leave this turn (moves are checked on the armies as the
// turn begins), and how to march at once. Taking or giving all the units of an army without a
// Warlord takes its Casters too (one more transfer each), so none is left
// alone in an army of no units; an army with a Warlord keeps its Casters,
// and the label says so.
func (r Rules) transferChoices(m *model.Model, army *game.Army) []model.Choice {
	s := m.State()
	var out []model.Choice
	d := r.D
	for _, i := range s.ArmiesAt(army.Hex) {
		o := &s.Armies[i]
		if o.ID == army.ID || o.Owner != army.Owner || o.Naval || o.Carrier != 0 {
			continue
		}
		name := m.ArmyName(o.ID)
		if o.Units.Total() > 0 {
			label, orders := r.allUnits(o, army.ID)
			out = append(out, m.Offer(fmt.Sprintf(label, "Take", "of "+name), orders[0], orders[1:]...))
			for k, n := range o.Units {
				if n == 0 || k >= len(d.Units) {
					continue
				}
				one := make(game.Units, k+1)
				one[k] = 1
				out = append(out, m.Offer(fmt.Sprintf("Take %s of %s", words.Of(1, d.Units[k].Name), name),
					game.Order{Kind: erf.OrderTransfer, Army: o.ID, Target: army.ID, Units: one}))
			}
		}
		if army.Units.Total() > 0 {
			label, orders := r.allUnits(army, o.ID)
			out = append(out, m.Offer(fmt.Sprintf(label, "Give", "to "+name), orders[0], orders[1:]...))
		}
		for _, c := range o.Characters {
			ch := m.Offer(fmt.Sprintf("Take %s of %s", r.characterName(o, c), name),
				game.Order{Kind: erf.OrderTransfer, Army: o.ID, Target: army.ID, Count: int32(c.ID)})
			if city := r.GarrisonOf(s, army); city != nil && c.Kind == erf.CharWarlord && ch.Reason == "" && ch.Warn == "" {
				ch.Warn = fmt.Sprintf("%s still may not leave %s this turn: a move is checked on the armies as the turn begins, before the Warlord joins. "+
					"To march now, select %s and take these units", m.ArmyName(army.ID), m.CityName(city.ID), name)
			}
			out = append(out, ch)
		}
		for _, c := range army.Characters {
			out = append(out, m.Offer(fmt.Sprintf("Give %s to %s", r.characterName(army, c), name),
				game.Order{Kind: erf.OrderTransfer, Army: army.ID, Target: o.ID, Count: int32(c.ID)}))
		}
	}
	return out
}

// allUnits returns the orders that move all of army from's units to army
// to, with its Casters when it has no Warlord, and the label as a format
// for the verb and the other army: "%s all 3 units and the Econ-A-Mancer
// %s", "%s all 3 units %s; the Look-A-Mancer stays with the Warlord".
func (r Rules) allUnits(from *game.Army, to game.ArmyID) (string, []game.Order) {
	move := game.Order{Kind: erf.OrderTransfer, Army: from.ID, Target: to, Units: slices.Clone(from.Units)}
	units := words.Plural(from.Units.Total(), "unit")
	var chars []game.Character
	for _, c := range from.Characters {
		if _, ok := erf.CasterOf(c); ok {
			chars = append(chars, c)
		}
	}
	if len(chars) == 0 {
		return "%s all " + units + " %s", []game.Order{move}
	}
	var names []string
	for _, c := range chars {
		names = append(names, r.characterName(from, c))
	}
	if slices.ContainsFunc(from.Characters, func(c game.Character) bool { return c.Kind == erf.CharWarlord }) {
		verb := "stays"
		if len(chars) > 1 {
			verb = "stay"
		}
		return fmt.Sprintf("%%s all %s %%s; %s %s with the Warlord", units, model.AndList(names), verb), []game.Order{move}
	}
	orders := []game.Order{move}
	orders[0].Count = int32(chars[0].ID)
	for _, c := range chars[1:] {
		orders = append(orders, game.Order{Kind: erf.OrderTransfer, Army: from.ID, Target: to, Count: int32(c.ID)})
	}
	return fmt.Sprintf("%%s all %s %%s", model.AndList(append([]string{units}, names...))), orders
}

// characterName names character c of army a for a label: "the level 2
// Warlord", "the Econ-A-Mancer", with its number when a has another like
// it: "the Econ-A-Mancer (character 12)".
func (r Rules) characterName(a *game.Army, c game.Character) string {
	name := "the " + r.CharacterName(c)
	for _, o := range a.Characters {
		if o.ID != c.ID && o.Kind == c.Kind && o.Level == c.Level {
			return fmt.Sprintf("%s (character %d)", name, c.ID)
		}
	}
	return name
}

// CharacterInfo is one of the player's Warlords or Casters, for the side
// panel.
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
// in its city c (on its hex), by army ID, each army's as it lists them;
// nil for a city that is not the player's or has none.
func (r Rules) CityCharacters(m *model.Model, c game.CityID) []CharacterInfo {
	s := m.State()
	if s == nil {
		return nil
	}
	city := s.City(c)
	if city == nil || city.Owner != m.You() || m.You() == 0 {
		return nil
	}
	var out []CharacterInfo
	for _, i := range s.ArmiesAt(city.Hex) {
		if a := &s.Armies[i]; a.Owner == city.Owner && !a.Naval && a.Carrier == 0 {
			out = append(out, r.characters(a)...)
		}
	}
	return out
}

// ArmyCharacters returns the Warlord and Casters of the player's army a as
// it lists them; nil for an army that is not the player's or has none.
func (r Rules) ArmyCharacters(m *model.Model, a game.ArmyID) []CharacterInfo {
	s := m.State()
	if s == nil {
		return nil
	}
	if army := s.Army(a); army != nil && army.Owner == m.You() && m.You() != 0 {
		return r.characters(army)
	}
	return nil
}

// characters describes the characters of army a.
func (r Rules) characters(a *game.Army) []CharacterInfo {
	var out []CharacterInfo
	for _, c := range a.Characters {
		out = append(out, CharacterInfo{Army: a.ID, Character: c, Name: r.CharacterName(c), Upkeep: r.CharacterUpkeep(c)})
	}
	return out
}
