package erfpires

import (
	"fmt"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/words"
)

// ValidateOrder implements game.Ruleset: the ruleset's own kinds in full,
// and its limits on the engine's movement orders. It reads only what p
// knows (see knowledge.go). "One order a day" is game.OrderLimiter's,
// checked across the list by the engine.
func (r *Rules) ValidateOrder(s *game.State, p game.PlayerID, o *game.Order) error {
	switch o.Kind {
	case game.OrderMove, game.OrderAttack, game.OrderExplore, game.OrderFollow:
		return r.validateMove(s, p, o)
	case game.OrderStance:
		return game.Rejectf("armies of %s take no standing orders: an army holds its hex until it is moved", r.D.Name)
	case OrderBuildCity:
		return r.validateBuildCity(s, p, o)
	case OrderBuild:
		return r.validateBuild(s, p, o)
	case OrderRecruit:
		return r.validateRecruit(s, p, o)
	case OrderTax:
		return r.validateTax(s, p)
	case OrderTrade:
		_, err := r.partner(s, p, o, "trade")
		return err
	case OrderTribute:
		return r.validateTribute(s, p, o)
	}
	return game.Rejectf("unknown order kind %d", o.Kind)
}

// validateMove checks an engine movement order (the engine has checked
// the army, the path and the target): "Choose one Army to move two hexes",
// and no attack on a player whose tribute p took this week.
func (r *Rules) validateMove(s *game.State, p game.PlayerID, o *game.Order) error {
	if len(o.Path) > r.D.Army.Move {
		return game.Rejectf("an army moves %d hexes a day: the path has %d", r.D.Army.Move, len(o.Path))
	}
	if o.Kind == game.OrderAttack && o.Target != 0 {
		if q, ok := knownArmyOwner(s, p, o.Target); ok && inTruce(s, p, q) {
			return r.truceRefusal(s, p, q)
		}
	}
	for _, h := range o.Path {
		for _, q := range knownOwnersAt(s, p, h) {
			if inTruce(s, p, q) {
				return r.truceRefusal(s, p, q)
			}
		}
	}
	return nil
}

// truceRefusal is the reason for refusing an attack of p on q in truce.
func (r *Rules) truceRefusal(s *game.State, p, q game.PlayerID) error {
	until := TruceUntil(s, p, q)
	return game.Rejectf("you took the tribute of %s: you may not attack them before day %d (this order would enter their army, city or structure)",
		q, until+1)
}

// validateBuildCity: "Build a City – Spend 5 smuckers to build new city.
// There must be an army in the hex you are building in, and no other
// cities within 2 hexes."
func (r *Rules) validateBuildCity(s *game.State, p game.PlayerID, o *game.Order) error {
	if !s.Map.Rect().Contains(o.Hex) {
		return game.Rejectf("hex %s is off the map", o.Hex)
	}
	a := ownArmyAt(s, p, o.Hex)
	if o.Army != 0 {
		b, err := game.OwnArmy(s, p, o.Army)
		if err != nil {
			return err
		}
		if b.Hex != o.Hex {
			return game.Rejectf("%s is on hex %s, not on hex %s", b.ID, b.Hex, o.Hex)
		}
	}
	if a == nil {
		return game.Rejectf("a city is built where one of your armies stands: you have no army on hex %s", o.Hex)
	}
	if t, ok := s.Map.At(o.Hex); !ok || int(t) >= len(r.D.Terrain) || !r.D.Terrain[t].City {
		return game.Rejectf("no city may be built on hex %s (%s)", o.Hex, r.terrainName(s, o.Hex))
	}
	if c, ok := knownCityNear(s, p, o.Hex, r.D.City.MinDistance-1); ok {
		if c.Hex == o.Hex {
			return game.Rejectf("%s already stands on hex %s", c.ID, o.Hex)
		}
		return game.Rejectf("%s stands on hex %s, %d hexes away: no other city may be within %d hexes",
			c.ID, c.Hex, hex.Distance(c.Hex, o.Hex), r.D.City.MinDistance-1)
	}
	return r.canPay(s, p, int64(r.D.City.Cost), "a city")
}

// validateBuild checks the building of a structure (a Farm, a Fort, a
// Dinglehoober) as its [[structure]] entry says.
func (r *Rules) validateBuild(s *game.State, p game.PlayerID, o *game.Order) error {
	k := int(o.Unit)
	if k >= len(r.D.Structures) {
		return game.Rejectf("unknown structure kind %d: the kinds are %s", k, r.structureNames())
	}
	st := &r.D.Structures[k]
	if !s.Map.Rect().Contains(o.Hex) {
		return game.Rejectf("hex %s is off the map", o.Hex)
	}
	if !knownTerrain(s, p, o.Hex) {
		return game.Rejectf("you have never seen hex %s", o.Hex)
	}
	if !r.structureTerrain(s, st, o.Hex) {
		return game.Rejectf("a %s may not stand on hex %s (%s): %s", st.Name, o.Hex, r.terrainName(s, o.Hex), r.terrainRule(st))
	}
	nextToCity, withArmy := false, false
	for _, c := range knownCities(s, p) {
		if c.Owner == p && hex.Distance(c.Hex, o.Hex) == 1 {
			nextToCity = true
		}
		if c.Hex == o.Hex {
			return game.Rejectf("%s stands on hex %s: no %s is built on a city's hex", c.ID, o.Hex, st.Name)
		}
	}
	withArmy = ownArmyAt(s, p, o.Hex) != nil
	if !(st.NextToCity && nextToCity) && !(st.WithArmy && withArmy) {
		return game.Rejectf("a %s is built %s: hex %s is not", st.Name, r.siteRule(st), o.Hex)
	}
	// The site is next to p's city or under p's army: p sees it.
	for _, i := range s.ArmiesAt(o.Hex) {
		if q := s.Armies[i].Owner; q != p {
			return game.Rejectf("an army of %s stands on hex %s", q, o.Hex)
		}
	}
	n := 0
	for _, i := range s.StructuresAt(o.Hex) {
		if s.Structures[i].Kind == game.StructureKind(k) {
			n++
		}
	}
	if n >= st.PerHex {
		return game.Rejectf("hex %s already has %s (only %d %s a hex)", o.Hex, words.Plural(n, st.Name), st.PerHex, st.Name)
	}
	return r.canPay(s, p, int64(st.Cost), "a "+st.Name)
}

// validateRecruit: "Recruit – Spend smuckers to create a new Army, or add
// units to an existing army in a City. Only one army is permitted in a
// hex. An Army may not have more than 8 units. You may not pop units more
// than double the number of cities you control."
func (r *Rules) validateRecruit(s *game.State, p game.PlayerID, o *game.Order) error {
	c, err := game.OwnCity(s, p, o.City)
	if err != nil {
		return err
	}
	if len(o.Units) > len(r.D.Units) {
		return game.Rejectf("units of %d kinds: there are %d (%s)", len(o.Units), len(r.D.Units), r.unitNames())
	}
	for k, n := range o.Units {
		if n < 0 {
			return game.Rejectf("%d %s: a count may not be negative", n, r.D.Units[k].Name)
		}
	}
	n := o.Units.Total()
	if n == 0 {
		return game.Rejectf("recruit at least one unit")
	}
	cities, _, _ := r.holdings(s, p)
	if limit := r.D.RecruitLimit(cities); n > limit {
		return game.Rejectf("you control %d %s: you may pop %d units a day, not %d",
			cities, pluralWord(cities, "city", "cities"), limit, n)
	}
	have := 0
	if a := ownArmyAt(s, p, c.Hex); a != nil {
		have = a.Units.Total()
	}
	if have+n > r.D.Army.MaxUnits {
		return game.Rejectf("an army may not have more than %d units: your army in %s has %d, and %d more would make %d",
			r.D.Army.MaxUnits, c.ID, have, n, have+n)
	}
	return r.canPay(s, p, r.D.UnitsCost(o.Units), r.unitsText(o.Units))
}

// validateTax: "A Tax order may only be issued once a week."
func (r *Rules) validateTax(s *game.State, p game.PlayerID) error {
	if next := r.NextTax(s, p); s.Turn < next {
		return game.Rejectf("a Tax order may only be issued once a week: you taxed on day %d, and may tax again on day %d",
			stock(s.Player(p), StockLastTax), next)
	}
	return nil
}

// validateTribute: "Give a gift to another Erfpire equal to half your tax
// revenue."
func (r *Rules) validateTribute(s *game.State, p game.PlayerID, o *game.Order) error {
	if _, err := r.partner(s, p, o, "give tribute"); err != nil {
		return err
	}
	revenue, _ := r.TaxOf(s, p)
	gift := r.D.TributeAmount(revenue)
	if gift < 1 {
		return game.Rejectf("half your tax revenue of %d is nothing to give", revenue)
	}
	return r.canPay(s, p, gift, "the tribute")
}

// partner checks o.Player, the other side of a trade or tribute.
func (r *Rules) partner(s *game.State, p game.PlayerID, o *game.Order, what string) (*game.Player, error) {
	q := s.Player(o.Player)
	switch {
	case o.Player == 0:
		return nil, game.Rejectf("name the player to %s with", what)
	case q == nil:
		return nil, game.Rejectf("%s is not in this game", o.Player)
	case o.Player == p:
		return nil, game.Rejectf("you cannot %s with yourself", what)
	case !q.Alive:
		return nil, game.Rejectf("%s is out of the game", o.Player)
	}
	return q, nil
}

// canPay refuses an order whose cost p's treasury cannot pay.
func (r *Rules) canPay(s *game.State, p game.PlayerID, cost int64, what string) error {
	if have := s.Player(p).Treasury; have < cost {
		return game.Rejectf("%s costs %s: you have %d", what, words.Of(int(cost), r.D.Currency), have)
	}
	return nil
}

// StructureFits reports whether a structure of kind k may stand on the
// terrain of h (its [[structure]] terrain list; land armies may enter),
// as far as s shows h: false for a hex of unknown terrain on a view's
// state.
func (r *Rules) StructureFits(s *game.State, k game.StructureKind, h hex.Hex) bool {
	return int(k) < len(r.D.Structures) && r.structureTerrain(s, &r.D.Structures[k], h)
}

// structureTerrain reports whether a structure of kind st may stand on h's
// terrain.
func (r *Rules) structureTerrain(s *game.State, st *Structure, h hex.Hex) bool {
	t, ok := s.Map.At(h)
	if !ok || int(t) >= len(r.D.Terrain) || !r.D.Terrain[t].Army {
		return false
	}
	if len(st.Terrains) == 0 {
		return true
	}
	for _, want := range st.Terrains {
		if t == want {
			return true
		}
	}
	return false
}

func (r *Rules) terrainName(s *game.State, h hex.Hex) string {
	if t, ok := s.Map.At(h); ok && int(t) < len(r.D.Terrain) {
		return r.D.Terrain[t].Name
	}
	return "unknown"
}

// terrainRule says in words where a structure may stand.
func (r *Rules) terrainRule(st *Structure) string {
	if len(st.Terrains) == 0 {
		return "it stands on land armies may enter"
	}
	names := make([]string, len(st.Terrains))
	for i, t := range st.Terrains {
		names[i] = r.D.Terrain[t].Name
	}
	return "it stands on " + strings.Join(names, " or ")
}

// siteRule says in words where a structure may be built.
func (r *Rules) siteRule(st *Structure) string {
	switch {
	case st.NextToCity && st.WithArmy:
		return "next to one of your cities or where one of your armies stands"
	case st.NextToCity:
		return "next to one of your cities"
	}
	return "where one of your armies stands"
}

func (r *Rules) structureNames() string {
	names := make([]string, len(r.D.Structures))
	for i, st := range r.D.Structures {
		names[i] = fmt.Sprintf("%d %s", i, st.Name)
	}
	return strings.Join(names, ", ")
}

func (r *Rules) unitNames() string {
	names := make([]string, len(r.D.Units))
	for i, u := range r.D.Units {
		names[i] = u.Name
	}
	return strings.Join(names, ", ")
}

// unitsText lists units: "2 Infantry, 1 Flyer".
func (r *Rules) unitsText(u game.Units) string {
	var parts []string
	for k, n := range u {
		if n > 0 && k < len(r.D.Units) {
			parts = append(parts, fmt.Sprintf("%d %s", n, r.D.Units[k].Name))
		}
	}
	if len(parts) == 0 {
		return "no units"
	}
	return strings.Join(parts, ", ")
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
