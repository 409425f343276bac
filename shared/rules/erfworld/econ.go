package erfworld

// The economy of Erfworld Empires: the orders that spend or bring in
// Schmuckers and create things (cities, units, characters, fleets, trade
// goods), and the first four steps of the document's Turn Procedure:
//
//	"1. Calculate Income from Cities
//	 2. Build and Upgrade Cities
//	 3. Create New Units, Warlords, and Casters.
//	 4. Pay Upkeep on Units (if you can't afford upkeep, remove units until
//	    you can)"
//
// Orders are checked twice: each on its own when submitted (validateEconOrder),
// and again when carried out, in each player's list order, against the state
// and treasury of that moment. The rules across orders (one upgrade per city
// a turn, units per city level, one Fleet a turn, a Capital's trade good
// against its units and characters, ...) are applied then: the first orders
// of a player's list win and the later ones are skipped with an
// EventOrderSkipped saying why.
//
// CHOICES where the document is silent (each is repeated where it applies):
//
//   - Money at submission. An order is checked against what the player will
//     have to spend this turn: the treasury, plus this turn's income from
//     cities and Econ-A-Mancers (it comes first, in step 1, and is known
//     already: the start treasury is 0, and "Income is the first step of
//     every turn, so the first turn already has the cities' income to
//     spend"), plus the value of cashing in every Trade Good held. At
//     resolution each order is paid from the treasury as it then is, in
//     list order, and one that cannot be paid is skipped.
//   - Cashing in. All the OrderCash of a turn make one cash-in: their
//     counts add up, and the value is that of the total ("If five were
//     cashed, 25 Schmuckers would be generated", also as 2 + 3).
//   - Simultaneous claims. Players act at once, so when two sides order new
//     cities on one hex or on hexes too close together (City.MinDistance),
//     or new Fleets on one hex, in the same turn, none of those is built:
//     neither side knew of the other, and favouring the lower player number
//     would be unfair. A claim is an order valid on its own at the start of
//     the phase, whether or not its owner can pay for it.
//   - Capitals. Of a Trade Good and the units and characters that it
//     excludes ("Capitals producing Trade Goods may not be used to form
//     units or create Warlords or Casters"; "Capitals that pop a Caster may
//     not pop any units in that turn, nor create Trade Goods"), the first in
//     the player's list wins.
//   - An army has at most one Warlord, and outside a city hex every army
//     has one: "Units must either be assigned to an Army (ie, With a
//     Warlord) or in the same hex as a City."
//   - Upkeep. See upkeep for which units go first when the treasury falls
//     short.

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rulesfile"
	"empires/shared/words"
)

// validateEconOrder checks one economic order of player p against s, as a
// player submits it: everything the order needs on its own, and whether the
// player can pay for it with the money of this turn (see the CHOICE "Money
// at submission" above). The limits across orders are the phases' business.
func (r *Rules) validateEconOrder(s *game.State, p game.PlayerID, o *game.Order) error {
	if err := r.checkEcon(s, p, o); err != nil {
		return err
	}
	cost := r.orderCost(s, p, o)
	if cost <= 0 {
		return nil
	}
	treasury, income, goods, goodsValue := r.funds(s, p)
	have := treasury + income + goodsValue
	if cost <= have {
		return nil
	}
	if have == treasury {
		return r.notEnough(have, cost)
	}
	var parts []string
	parts = append(parts, fmt.Sprintf("treasury %d", treasury))
	if income != 0 {
		parts = append(parts, fmt.Sprintf("this turn's income %d", income))
	}
	if goodsValue != 0 {
		parts = append(parts, fmt.Sprintf("%d for cashing %d Trade Goods", goodsValue, goods))
	}
	return game.Rejectf("not enough %s: have %d (%s), need %d", r.D.Currency, have, strings.Join(parts, ", "), cost)
}

// funds returns what player p may spend this turn: the treasury, the
// income of step 1 (cities and Econ-A-Mancers), the Trade Goods held and
// what cashing them all in would yield.
func (r *Rules) funds(s *game.State, p game.PlayerID) (treasury, income int64, goods int32, goodsValue int64) {
	pl := s.Player(p)
	if pl == nil {
		return 0, 0, 0, 0
	}
	cities, econ := r.incomeOf(s, p)
	goods = stock(pl, StockTradeGoods)
	return pl.Treasury, cities + econ, goods, int64(r.D.TradeGoodsValue(int(goods)))
}

func (r *Rules) notEnough(have, need int64) error {
	return game.Rejectf("not enough %s: have %d, need %d", r.D.Currency, have, need)
}

// checkEcon checks everything about one economic order but money and the
// limits across orders. It never changes s.
func (r *Rules) checkEcon(s *game.State, p game.PlayerID, o *game.Order) error {
	if o.Count < 0 && o.Kind != OrderTransfer {
		return game.Rejectf("count %d is negative", o.Count)
	}
	if o.Level < 0 {
		return game.Rejectf("level %d is negative", o.Level)
	}
	switch o.Kind {
	case OrderBuildCity:
		return r.checkBuildCity(s, p, o)
	case OrderUpgrade:
		c, err := game.OwnCity(s, p, o.City)
		if err != nil {
			return err
		}
		return r.CheckUpgrade(c)
	case OrderForm:
		return r.checkForm(s, p, o)
	case OrderWarlord:
		return r.checkWarlord(s, p, o)
	case OrderCaster:
		return r.checkCaster(s, p, o)
	case OrderFleet:
		return r.checkFleet(s, p, o)
	case OrderTradeGood:
		c, err := game.OwnCity(s, p, o.City)
		if err != nil {
			return err
		}
		if !c.Capital {
			return game.Rejectf("Trade Goods are made only in a Capital")
		}
		if r.D.TradeGoods.PerCapitalPerTurn < 1 {
			return game.Rejectf("Trade Goods are not made in this game")
		}
		return nil
	case OrderCash:
		if o.Count < 1 {
			return game.Rejectf("count must be at least 1, got %d", o.Count)
		}
		if have := stock(s.Player(p), StockTradeGoods); int64(o.Count) > int64(have) {
			return game.Rejectf("have %d Trade Goods, cashing %d", have, o.Count)
		}
		return nil
	case OrderTransfer:
		return r.checkTransfer(s, p, o)
	}
	return game.Rejectf("unknown order kind %d", o.Kind)
}

// orderCost is what order o of player p costs now (0 for an order that is
// not valid or costs nothing).
func (r *Rules) orderCost(s *game.State, p game.PlayerID, o *game.Order) int64 {
	switch o.Kind {
	case OrderBuildCity:
		return int64(r.D.City.NewCityCost)
	case OrderUpgrade:
		c := s.City(o.City)
		if c == nil {
			return 0
		}
		return int64(r.upgradeCost(s, p, int(c.Level)+1))
	case OrderForm:
		if int(o.Unit) >= len(r.D.Units) || o.Count < 0 {
			return 0
		}
		return int64(o.Count) * int64(r.D.Units[o.Unit].Cost)
	case OrderWarlord:
		cost, err := r.D.WarlordCost(r.warlordLevel(o))
		if err != nil {
			return 0
		}
		return int64(cost)
	case OrderCaster:
		return int64(r.D.Caster.Cost)
	case OrderFleet:
		return int64(r.D.Fleet.Cost)
	}
	return 0
}

// upgradeCost is what player p pays to upgrade a city to newLevel: "To
// upgrade a City to the next level, pay Schmuckers equal to the level
// desired x 2", "HALVED if a Dirt-A-Mancer is present". CHOICE (in the
// data file): present = the side has a Dirt-A-Mancer, wherever it is.
func (r *Rules) upgradeCost(s *game.State, p game.PlayerID, newLevel int) int {
	if _, kinds := casters(s, p); kinds[CasterDirt] > 0 {
		return r.D.DirtUpgradeCost(newLevel)
	}
	return r.D.UpgradeCost(newLevel)
}

// checkBuildCity: "Players may build cities in Open hexes only. ... New
// Cities may be created in any Open terrain hex: 1. That doesn't already
// have a City 2. Where the player has an Army, AND 3. That is not adjacent
// to any other City." Army 0 means any army of the player on Hex. An Army
// has units: "A Warlord that is not leading an Army (ie, they have no units
// assigned to them)" founds no city. CHOICE: units without a Warlord (a
// garrison that retreated out of its city) may found one: they are the
// player's army on the hex, and the city gives them a home again.
func (r *Rules) checkBuildCity(s *game.State, p game.PlayerID, o *game.Order) error {
	if !s.Map.Contains(o.Hex) {
		return game.Rejectf("hex %s is off the map", o.Hex)
	}
	if r.D.City.NewCityNeedsArmy {
		if o.Army != 0 {
			a, err := game.OwnArmy(s, p, o.Army)
			if err != nil {
				return err
			}
			if a.Naval || a.Carrier != 0 {
				return game.Rejectf("%s is at sea: a city is founded by an army on land", a.ID)
			}
			if a.Hex != o.Hex {
				return game.Rejectf("%s is not on hex %s", a.ID, o.Hex)
			}
			if a.Units.Total() == 0 {
				return game.Rejectf("%s has no units: a Warlord with no units assigned to it is not leading an Army, and a city is founded where you have an Army", a.ID)
			}
		} else if i := landArmyOn(s, p, o.Hex); i < 0 {
			return game.Rejectf("no army of yours on hex %s", o.Hex)
		} else if foundingArmyOn(s, p, o.Hex) < 0 {
			return game.Rejectf("your only army on hex %s has no units: a Warlord with no units assigned to it is not leading an Army, and a city is founded where you have an Army", o.Hex)
		}
	}
	if t, _ := s.Map.At(o.Hex); t != r.D.CityTerrain {
		return game.Rejectf("hex %s is %s: cities only on %s", o.Hex, r.terrainName(t), r.terrainName(r.D.CityTerrain))
	}
	if c := s.CityAt(o.Hex); c != nil {
		if r.foreseen(c) {
			return game.Rejectf("a city is ordered on hex %s already", o.Hex)
		}
		return game.Rejectf("hex %s already has %s", o.Hex, c.ID)
	}
	if c := r.cityWithin(s, o.Hex); c != nil {
		if hex.Distance(c.Hex, o.Hex) == 1 {
			return game.Rejectf("hex %s is next to %s", o.Hex, r.cityRef(c))
		}
		return game.Rejectf("hex %s is within %d hexes of %s", o.Hex, r.D.City.MinDistance-1, r.cityRef(c))
	}
	return nil
}

// cityRef names city c in a message: "city 12"; in a Forecast, a city the
// orders foreseen build is named by its hex, for the turn may give it
// another number: "the city ordered on hex 3,4".
func (r *Rules) cityRef(c *game.City) string {
	if r.foreseen(c) {
		return "the city ordered on hex " + c.Hex.String()
	}
	return c.ID.String()
}

// foreseen reports whether city c is one the orders a Forecast foresees
// build (foreseenAfter).
func (r *Rules) foreseen(c *game.City) bool {
	return r.foreseenAfter != 0 && uint32(c.ID) > r.foreseenAfter
}

// cityWithin returns the lowest-ID city closer to h than City.MinDistance,
// or nil.
func (r *Rules) cityWithin(s *game.State, h hex.Hex) *game.City {
	for i := range s.Cities {
		if hex.Distance(s.Cities[i].Hex, h) < r.D.City.MinDistance {
			return &s.Cities[i]
		}
	}
	return nil
}

// CheckUpgrade returns why city c may never be upgraded from its level,
// whatever the money, or nil: it is at the highest level, or "No City may
// be upgraded to a Capital (level 5)" (city.max_upgrade_level).
func (r *Rules) CheckUpgrade(c *game.City) error {
	next := int(c.Level) + 1
	switch {
	case int(c.Level) >= r.D.City.MaxLevel:
		return game.Rejectf("%s is at level %d, the highest", c.ID, c.Level)
	case next > r.D.City.MaxUpgradeLevel && next >= r.D.City.CapitalLevel:
		return game.Rejectf("%s is at level %d: no City may be upgraded to a Capital (level %d)", c.ID, c.Level, r.D.City.CapitalLevel)
	case next > r.D.City.MaxUpgradeLevel:
		return game.Rejectf("%s is at level %d: cities are upgraded to level %d at most", c.ID, c.Level, r.D.City.MaxUpgradeLevel)
	}
	return nil
}

// checkForm: "Units can only be formed in Cities. One unit can be formed in
// each City per level; e.g. A Level 3 city can form 3 units in a turn. An
// Empire can form Siege if one of its Cities borders a Woods Hex. ... An
// Empire can always form Infantry."
func (r *Rules) checkForm(s *game.State, p game.PlayerID, o *game.Order) error {
	c, err := game.OwnCity(s, p, o.City)
	if err != nil {
		return err
	}
	if int(o.Unit) >= len(r.D.Units) {
		return game.Rejectf("unknown unit kind %d", o.Unit)
	}
	if o.Count < 1 {
		return game.Rejectf("count must be at least 1, got %d", o.Count)
	}
	if n := r.D.UnitsFormable(int(c.Level)); int(o.Count) > n {
		return game.Rejectf("%s forms at most %s a turn", c.ID, words.Plural(n, "unit"))
	}
	u := &r.D.Units[o.Unit]
	if u.Requires != rulesfile.NoTerrain && !citiesBorder(s, p, u.Requires) {
		return game.Rejectf("%s needs one of your cities next to %s", u.Name, r.terrainName(u.Requires))
	}
	return nil
}

// warlordLevel is the starting level an OrderWarlord asks for; 0 means the
// pop level.
func (r *Rules) warlordLevel(o *game.Order) int {
	if o.Level == 0 {
		return r.D.Warlord.PopLevel
	}
	return int(o.Level)
}

// checkWarlord: "A Warlord can only be created in a Capital"; "They are
// popped at level 1 ... For each 2 Schmuckers, the Warlord is formed with
// +1 to its starting level."
func (r *Rules) checkWarlord(s *game.State, p game.PlayerID, o *game.Order) error {
	c, err := game.OwnCity(s, p, o.City)
	if err != nil {
		return err
	}
	if r.D.Warlord.OnlyInCapital && !c.Capital {
		return game.Rejectf("Warlords are created only in a Capital")
	}
	if r.D.Warlord.PerCapitalPerTurn < 1 {
		return game.Rejectf("Warlords are not created in this game")
	}
	if _, err := r.D.WarlordCost(r.warlordLevel(o)); err != nil {
		return game.Rejectf("%v", err)
	}
	return nil
}

// checkCaster: "Each Empire may have up to THREE Casters. ... [Casters]
// can only be created in a Capital." "A side may not have a Croak-A-Mancer
// AND a Heal-O-Mancer." The Caster joins Army, on the Capital's hex, or
// the Capital's garrison when Army is 0.
func (r *Rules) checkCaster(s *game.State, p game.PlayerID, o *game.Order) error {
	c, err := game.OwnCity(s, p, o.City)
	if err != nil {
		return err
	}
	if r.D.Caster.OnlyInCapital && !c.Capital {
		return game.Rejectf("Casters are created only in a Capital")
	}
	if r.D.Caster.PerCapitalPerTurn < 1 {
		return game.Rejectf("Casters are not created in this game")
	}
	k := CasterKind(o.Unit)
	if int(o.Unit) >= int(NumCasterKinds) {
		return game.Rejectf("unknown caster kind %d", o.Unit)
	}
	n, kinds := casters(s, p)
	if n >= r.D.Caster.MaxPerSide {
		return game.Rejectf("at most %d Casters a side", r.D.Caster.MaxPerSide)
	}
	for j := range NumCasterKinds {
		if kinds[j] > 0 && r.incompatible(k, j) {
			return game.Rejectf("a side may not have %s and %s", AName(r.D.Caster.Name(k)), AName(r.D.Caster.Name(j)))
		}
	}
	if o.Army != 0 {
		a, err := game.OwnArmy(s, p, o.Army)
		if err != nil {
			return err
		}
		if a.Naval || a.Carrier != 0 {
			return game.Rejectf("%s is at sea: a Caster joins an army on the Capital's hex", a.ID)
		}
		if a.Hex != c.Hex {
			return game.Rejectf("%s is not on the hex of %s", a.ID, c.ID)
		}
	}
	return nil
}

// incompatible reports whether a side may not have casters of kinds a and
// b together: "A side may not have a Croak-A-Mancer AND a Heal-O-Mancer."
func (r *Rules) incompatible(a, b CasterKind) bool {
	bad := r.D.Caster.Croak.IncompatibleWith
	return (a == CasterCroak && slices.Contains(bad, b.ID())) || (b == CasterCroak && slices.Contains(bad, a.ID()))
}

// checkFleet: "Each side may build 1 Fleet per turn, and only if they have a
// city adjacent to a Water hex, and at least one City adjacent to a woods
// hex." "Only 1 Fleet is permitted in a hex." The Fleet is built on Hex, a
// Water hex next to City.
func (r *Rules) checkFleet(s *game.State, p game.PlayerID, o *game.Order) error {
	c, err := game.OwnCity(s, p, o.City)
	if err != nil {
		return err
	}
	if r.D.Fleet.PerSidePerTurn < 1 {
		return game.Rejectf("Fleets are not built in this game")
	}
	for _, t := range r.D.Fleet.NeedsTerrain {
		if !citiesBorder(s, p, t) {
			var need []string
			for _, t := range r.D.Fleet.NeedsTerrain {
				need = append(need, "a city next to "+r.terrainName(t))
			}
			return game.Rejectf("Fleets need %s", strings.Join(need, " and "))
		}
	}
	t, ok := s.Map.At(o.Hex)
	if !ok || int(t) >= len(r.D.Terrain) || !r.D.Terrain[t].Naval || hex.Distance(o.Hex, c.Hex) != 1 {
		return game.Rejectf("hex %s is not %s next to %s", o.Hex, r.navalName(), c.ID)
	}
	n := 0
	for i := range s.Armies {
		if s.Armies[i].Naval && s.Armies[i].Hex == o.Hex {
			n++
		}
	}
	if n >= r.D.Fleet.MaxPerHex {
		return game.Rejectf("only %s may be in a hex", words.Plural(r.D.Fleet.MaxPerHex, "Fleet"))
	}
	return nil
}

// checkTransfer checks an OrderTransfer: Units, and the character with ID
// Count if not 0, go from Army to Target, two of the player's armies on one
// hex, or to a new army there when Target is 0. "Units must either be
// assigned to an Army (ie, With a Warlord) or in the same hex as a City":
// outside a city hex both armies must keep (or get) a Warlord. CHOICE: an
// army has at most one Warlord.
func (r *Rules) checkTransfer(s *game.State, p game.PlayerID, o *game.Order) error {
	a, err := game.OwnArmy(s, p, o.Army)
	if err != nil {
		return err
	}
	if err := onLand(a); err != nil {
		return err
	}
	var t *game.Army
	if o.Target != 0 {
		if o.Target == o.Army {
			return game.Rejectf("cannot transfer from %s to itself", a.ID)
		}
		if t, err = game.OwnArmy(s, p, o.Target); err != nil {
			return err
		}
		if err := onLand(t); err != nil {
			return err
		}
		if t.Hex != a.Hex {
			return game.Rejectf("%s is not on the hex of %s", t.ID, a.ID)
		}
	}
	for k, n := range o.Units {
		switch {
		case n < 0:
			return game.Rejectf("units: %d of kind %d is negative", n, k)
		case n > 0 && k >= len(r.D.Units):
			return game.Rejectf("unknown unit kind %d", k)
		case n > a.Units.Get(game.UnitKind(k)):
			return game.Rejectf("%s has %d %s, cannot transfer %d", a.ID, a.Units.Get(game.UnitKind(k)), r.D.Units[k].Name, n)
		}
	}
	moved := -1
	if o.Count != 0 {
		for i, c := range a.Characters {
			if o.Count > 0 && c.ID == game.CharacterID(o.Count) {
				moved = i
			}
		}
		if moved < 0 {
			return game.Rejectf("%s has no character %d", a.ID, o.Count)
		}
	}
	if o.Units.Total() == 0 && moved < 0 {
		return game.Rejectf("nothing to transfer: give units or a character")
	}
	movesWarlord := moved >= 0 && a.Characters[moved].Kind == CharWarlord
	inCity := s.CityAt(a.Hex) != nil
	if t == nil {
		if !movesWarlord && !inCity {
			return game.Rejectf("a new army outside a city needs a Warlord")
		}
	} else if movesWarlord && warlord(t) >= 0 {
		return game.Rejectf("%s already has a Warlord", t.ID)
	} else if !inCity && !movesWarlord && warlord(t) < 0 {
		return game.Rejectf("%s has no Warlord: outside a city, units must be assigned to an Army", t.ID)
	}
	leftUnits := a.Units.Sub(o.Units).Total()
	leftChars := len(a.Characters)
	if moved >= 0 {
		leftChars--
	}
	if !inCity && (leftUnits > 0 || leftChars > 0) && (movesWarlord || warlord(a) < 0) {
		return game.Rejectf("%s would be left without a Warlord outside a city", a.ID)
	}
	return nil
}

// onLand refuses fleets and carried armies in a transfer.
func onLand(a *game.Army) error {
	if a.Naval {
		return game.Rejectf("%s is a Fleet: it carries no units", a.ID)
	}
	if a.Carrier != 0 {
		return game.Rejectf("%s is aboard %s", a.ID, a.Carrier)
	}
	return nil
}

// income is step 1, "Calculate Income from Cities": "Cities generate
// income equal to their level each turn"; "for each Econ-A-Mancer the side
// gains +5 Schmuckers"; "At the beginning of a turn, a Player may cash in
// their trade goods, receiving a value of Schmuckers equal to the square of
// the number of goods being cashed" (all the turn's OrderCash make one
// cash-in). A player on autopilot: "No Schmuckers are generated" (as
// Autopilot.Income says), and if Autopilot.Income allowed income, "No
// Characters may perform any actions" would still leave out the
// Econ-A-Mancers' (unless Autopilot.CharacterActions). It also counts the turns in a row each player
// sent no orders (StockMissed): "Should a player not send in orders twice
// in a row, the GM will recruit another player to take their place."
func (r *Rules) income(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	if ev == nil {
		ev = &game.Events{}
	}
	for _, po := range orders {
		pl := s.Player(po.Player)
		if pl == nil {
			continue
		}
		p := po.Player
		if po.Autopilot {
			setStock(pl, StockMissed, stock(pl, StockMissed)+1)
		} else {
			setStock(pl, StockMissed, 0)
		}
		if po.Autopilot && !r.D.Autopilot.Income {
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventIncome, Player: p,
				Text: "no orders: on autopilot no " + r.D.Currency + " are generated"})
			continue
		}
		cities, econ := r.incomeOf(s, p)
		if po.Autopilot && !r.D.Autopilot.CharacterActions {
			econ = 0 // "No Characters may perform any actions": no Econ-A-Mancer income
		}
		var parts []string
		parts = append(parts, fmt.Sprintf("%d from cities", cities))
		if econ > 0 {
			parts = append(parts, fmt.Sprintf("%d from %s", econ, words.Plural(int(econ/max(int64(r.D.Caster.Econ.Income), 1)), r.D.Caster.Econ.Name)))
		}
		held := stock(pl, StockTradeGoods)
		var cashed int32
		for i := range po.Orders {
			o := &po.Orders[i]
			if o.Kind != OrderCash {
				continue
			}
			if o.Count < 1 {
				r.skip(s, ev, p, o, fmt.Sprintf("count must be at least 1, got %d", o.Count))
				continue
			}
			if int64(cashed)+int64(o.Count) > int64(held) {
				r.skip(s, ev, p, o, fmt.Sprintf("have %d Trade Goods, cashing %d", held-cashed, o.Count))
				continue
			}
			cashed += o.Count
		}
		value := int64(r.D.TradeGoodsValue(int(cashed)))
		if cashed > 0 {
			setStock(pl, StockTradeGoods, held-cashed)
			parts = append(parts, fmt.Sprintf("%d for cashing %s", value, words.Plural(int(cashed), "Trade Good")))
		}
		total := cities + econ + value
		pl.Treasury += total
		ev.Add(game.Event{Turn: s.Turn, Kind: game.EventIncome, Player: p, Amount: total,
			Text: strings.Join(parts, ", ")})
	}
}

// incomeOf is player p's income of step 1 besides trade goods: its cities'
// levels ("a level 5 City generates 5 Schmuckers per turn") and its
// Econ-A-Mancers. CHOICE (data file): an Econ-A-Mancer's +5 comes each
// turn, with the cities' income.
func (r *Rules) incomeOf(s *game.State, p game.PlayerID) (cities, econ int64) {
	for i := range s.Cities {
		if c := &s.Cities[i]; c.Owner == p {
			cities += int64(r.D.Income(int(c.Level)))
		}
	}
	_, kinds := casters(s, p)
	return cities, int64(kinds[CasterEcon]) * int64(r.D.Caster.Econ.Income)
}

// build is step 2, "Build and Upgrade Cities": OrderBuildCity ("New Cities
// cost 2 Schmuckers to build"; CHOICE in the data: they start at level 1)
// and OrderUpgrade ("To upgrade a City to the next level, pay Schmuckers
// equal to the level desired x 2"; "Cities may not upgrade multiple levels
// in a turn"), each player's in list order, paid from the treasury as it
// is then. New cities ordered by two sides too close together this turn
// are none of them built (CHOICE "Simultaneous claims").
func (r *Rules) build(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	if ev == nil {
		ev = &game.Events{}
	}
	// Claims: the sites of every player's valid OrderBuildCity; a site
	// closer than MinDistance to another side's site is contested.
	claimed := map[hex.Hex]game.PlayerID{}
	contested := map[hex.Hex]bool{}
	for _, po := range orders {
		mine := map[hex.Hex]bool{}
		for i := range po.Orders {
			o := &po.Orders[i]
			if o.Kind != OrderBuildCity || mine[o.Hex] || r.checkEcon(s, po.Player, o) != nil {
				continue
			}
			mine[o.Hex] = true
			for _, h := range hex.Spiral(o.Hex, max(r.D.City.MinDistance-1, 0)) {
				if q, ok := claimed[h]; ok && q != po.Player {
					contested[h], contested[o.Hex] = true, true
				}
			}
		}
		for i := range po.Orders {
			if o := &po.Orders[i]; mine[o.Hex] && o.Kind == OrderBuildCity {
				claimed[o.Hex] = po.Player
			}
		}
	}
	for _, po := range orders {
		p := po.Player
		pl := s.Player(p)
		if pl == nil {
			continue
		}
		upgraded := map[game.CityID]int{}
		for i := range po.Orders {
			o := &po.Orders[i]
			if o.Kind != OrderBuildCity && o.Kind != OrderUpgrade {
				continue
			}
			if err := r.checkEcon(s, p, o); err != nil {
				r.skip(s, ev, p, o, err.Error())
				continue
			}
			if o.Kind == OrderBuildCity && contested[o.Hex] {
				r.skip(s, ev, p, o, fmt.Sprintf("another side ordered a city on or next to hex %s this turn: neither is built", o.Hex))
				continue
			}
			if o.Kind == OrderUpgrade && upgraded[o.City] >= r.D.City.UpgradeLevelsPerTurn {
				r.skip(s, ev, p, o, fmt.Sprintf("%s was upgraded already this turn: Cities may not upgrade multiple levels in a turn", o.City))
				continue
			}
			cost := r.orderCost(s, p, o)
			if cost > pl.Treasury {
				r.skip(s, ev, p, o, r.notEnough(pl.Treasury, cost).Error())
				continue
			}
			pl.Treasury -= cost
			switch o.Kind {
			case OrderBuildCity:
				id := s.AddCity(game.City{Owner: p, Hex: o.Hex, Level: int32(r.D.City.NewCityLevel)})
				ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBuild, Player: p, City: id, HasHex: true,
					From: o.Hex, To: o.Hex, Amount: cost,
					Text: fmt.Sprintf("built %s (level %d) on hex %s for %d", id, r.D.City.NewCityLevel, o.Hex, cost)})
			case OrderUpgrade:
				c := s.City(o.City)
				c.Level++
				upgraded[c.ID]++
				ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBuild, Player: p, City: c.ID, HasHex: true,
					From: c.Hex, To: c.Hex, Amount: cost,
					Text: fmt.Sprintf("upgraded %s to level %d for %d", c.ID, c.Level, cost)})
			}
		}
	}
}

// capitalTurn is what one city did in step 3 of this turn.
type capitalTurn struct {
	units, warlords, casters, goods int
}

// recruit is step 3, "Create New Units, Warlords, and Casters", with
// Fleets, Trade Goods and transfers between armies: each player's orders
// in list order, each paid from the treasury as it is then, and the limits
// across orders applied with the first order winning:
//
//   - "One unit can be formed in each City per level" over all its
//     OrderForm; formed units join the city's garrison (the player's army
//     without a Warlord on the city hex, made if there is none).
//   - A Warlord pops in a new army on the Capital's hex; CHOICE (data):
//     Warlord.PerCapitalPerTurn a Capital a turn.
//   - "Each Empire may have up to THREE Casters", counting those popped
//     this turn; CHOICE (data): Caster.PerCapitalPerTurn a Capital a turn.
//   - "Capitals producing Trade Goods may not be used to form units or
//     create Warlords or Casters." "Capitals that pop a Caster may not pop
//     any units in that turn, nor create Trade Goods."
//   - "Each side may build 1 Fleet per turn"; new Fleets ordered by two
//     sides on one hex this turn are neither built (CHOICE "Simultaneous
//     claims").
//
// A player on autopilot has no orders: "No Characters may perform any
// actions."
func (r *Rules) recruit(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	if ev == nil {
		ev = &game.Events{}
	}
	claimed := map[hex.Hex]game.PlayerID{}
	contested := map[hex.Hex]bool{}
	for _, po := range orders {
		for i := range po.Orders {
			o := &po.Orders[i]
			if o.Kind != OrderFleet || r.checkEcon(s, po.Player, o) != nil {
				continue
			}
			if q, ok := claimed[o.Hex]; ok && q != po.Player {
				contested[o.Hex] = true
			}
			claimed[o.Hex] = po.Player
		}
	}
	for _, po := range orders {
		p := po.Player
		pl := s.Player(p)
		if pl == nil {
			continue
		}
		done := map[game.CityID]*capitalTurn{}
		at := func(c game.CityID) *capitalTurn {
			if done[c] == nil {
				done[c] = &capitalTurn{}
			}
			return done[c]
		}
		fleets := 0
		for i := range po.Orders {
			o := &po.Orders[i]
			switch o.Kind {
			case OrderForm, OrderWarlord, OrderCaster, OrderFleet, OrderTradeGood, OrderTransfer:
			default:
				continue
			}
			if err := r.checkEcon(s, p, o); err != nil {
				r.skip(s, ev, p, o, err.Error())
				continue
			}
			var ct *capitalTurn
			if o.Kind != OrderTransfer && o.Kind != OrderFleet {
				ct = at(o.City)
			}
			why := r.recruitLimit(s, o, ct, fleets)
			if why == "" && o.Kind == OrderFleet && contested[o.Hex] {
				why = fmt.Sprintf("another side ordered a Fleet on hex %s this turn: neither is built", o.Hex)
			}
			if why != "" {
				r.skip(s, ev, p, o, why)
				continue
			}
			cost := r.orderCost(s, p, o)
			if cost > pl.Treasury {
				r.skip(s, ev, p, o, r.notEnough(pl.Treasury, cost).Error())
				continue
			}
			pl.Treasury -= cost
			text, army := r.create(s, p, o)
			switch o.Kind {
			case OrderForm:
				ct.units += int(o.Count)
			case OrderWarlord:
				ct.warlords++
			case OrderCaster:
				ct.casters++
			case OrderTradeGood:
				ct.goods++
			case OrderFleet:
				fleets++
			}
			if cost > 0 {
				text += fmt.Sprintf(" for %d", cost)
			}
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBuild, Player: p, City: o.City, Army: army,
				Amount: cost, Text: text})
		}
	}
}

// recruitLimit returns why order o breaks a limit across the turn's
// orders, given what its city (ct, nil for fleets and transfers) and the
// side (fleets built) did already this turn, or "".
func (r *Rules) recruitLimit(s *game.State, o *game.Order, ct *capitalTurn, fleets int) string {
	tg, cs := &r.D.TradeGoods, &r.D.Caster
	const tradeGood = "a Capital making a Trade Good forms no units or characters this turn"
	switch o.Kind {
	case OrderForm:
		if n := r.D.UnitsFormable(int(s.City(o.City).Level)); ct.units+int(o.Count) > n {
			return fmt.Sprintf("%s forms at most %s a turn: %d formed already", o.City, words.Plural(n, "unit"), ct.units)
		}
		if ct.goods > 0 && tg.BlocksUnits {
			return tradeGood
		}
		if ct.casters > 0 && cs.BlocksUnits {
			return "a Capital that popped a Caster forms no units this turn"
		}
	case OrderWarlord:
		if ct.warlords >= r.D.Warlord.PerCapitalPerTurn {
			return fmt.Sprintf("%s pops at most %s a turn", o.City, words.Plural(r.D.Warlord.PerCapitalPerTurn, "Warlord"))
		}
		if ct.goods > 0 && tg.BlocksCharacters {
			return tradeGood
		}
	case OrderCaster:
		if ct.casters >= cs.PerCapitalPerTurn {
			return fmt.Sprintf("%s pops at most %s a turn", o.City, words.Plural(cs.PerCapitalPerTurn, "Caster"))
		}
		if ct.goods > 0 && (tg.BlocksCharacters || cs.BlocksTradeGoods) {
			return tradeGood
		}
		if ct.units > 0 && cs.BlocksUnits {
			return "a Capital that formed units this turn pops no Caster"
		}
	case OrderTradeGood:
		if ct.goods >= tg.PerCapitalPerTurn {
			return fmt.Sprintf("%s makes at most %s a turn", o.City, words.Plural(tg.PerCapitalPerTurn, "Trade Good"))
		}
		if ct.units > 0 && tg.BlocksUnits {
			return "a Capital that formed units this turn makes no Trade Good"
		}
		if ct.warlords+ct.casters > 0 && tg.BlocksCharacters {
			return "a Capital that popped a character this turn makes no Trade Good"
		}
		if ct.casters > 0 && cs.BlocksTradeGoods {
			return "a Capital that popped a Caster this turn makes no Trade Good"
		}
	case OrderFleet:
		if fleets >= r.D.Fleet.PerSidePerTurn {
			return fmt.Sprintf("a side builds at most %s a turn", words.Plural(r.D.Fleet.PerSidePerTurn, "Fleet"))
		}
	}
	return ""
}

// create carries out a valid recruit-phase order (paid already) and
// returns the event's text and the army concerned.
func (r *Rules) create(s *game.State, p game.PlayerID, o *game.Order) (string, game.ArmyID) {
	switch o.Kind {
	case OrderForm:
		c := s.City(o.City)
		units := make(game.Units, int(o.Unit)+1)
		units[o.Unit] = o.Count
		g := r.garrison(s, p, c.Hex)
		g.Units = g.Units.Add(units)
		return fmt.Sprintf("formed %d %s in %s, garrison %s", o.Count, r.D.Units[o.Unit].Name, c.ID, g.ID), g.ID
	case OrderWarlord:
		c := s.City(o.City)
		level := r.warlordLevel(o)
		ch := game.Character{ID: game.CharacterID(s.NewID()), Kind: CharWarlord, Level: int32(level)}
		id := s.AddArmy(game.Army{Owner: p, Hex: c.Hex, Characters: []game.Character{ch}})
		return fmt.Sprintf("popped a level %d Warlord (character %d) in %s, leading %s", level, ch.ID, c.ID, id), id
	case OrderCaster:
		c := s.City(o.City)
		k := CasterKind(o.Unit)
		ch := game.Character{ID: game.CharacterID(s.NewID()), Kind: CharCaster + uint8(k)}
		var a *game.Army
		if o.Army != 0 {
			a = s.Army(o.Army)
		} else {
			a = r.garrison(s, p, c.Hex)
		}
		a.Characters = append(slices.Clip(a.Characters), ch)
		return fmt.Sprintf("popped %s (character %d) in %s, with %s", AName(r.D.Caster.Name(k)), ch.ID, c.ID, a.ID), a.ID
	case OrderFleet:
		id := s.AddArmy(game.Army{Owner: p, Hex: o.Hex, Naval: true})
		return fmt.Sprintf("built a Fleet, %s, on hex %s", id, o.Hex), id
	case OrderTradeGood:
		pl := s.Player(p)
		setStock(pl, StockTradeGoods, stock(pl, StockTradeGoods)+1)
		return fmt.Sprintf("made a Trade Good in %s (%d held)", o.City, stock(pl, StockTradeGoods)), 0
	case OrderTransfer:
		return r.transfer(s, p, o)
	}
	return "", 0
}

// transfer carries out a valid OrderTransfer and returns the event's text
// and the receiving army.
func (r *Rules) transfer(s *game.State, p game.PlayerID, o *game.Order) (string, game.ArmyID) {
	a := s.Army(o.Army)
	var ch []game.Character
	if o.Count != 0 {
		i := slices.IndexFunc(a.Characters, func(c game.Character) bool { return c.ID == game.CharacterID(o.Count) })
		ch = []game.Character{a.Characters[i]}
		a.Characters = slices.Delete(slices.Clone(a.Characters), i, i+1)
		if len(a.Characters) == 0 {
			a.Characters = nil
		}
	}
	a.Units = a.Units.Sub(o.Units)
	empty, from, h := a.Empty(), a.ID, a.Hex
	units := game.Units(nil).Add(o.Units) // a trimmed copy
	target := o.Target
	if target == 0 {
		target = s.AddArmy(game.Army{Owner: p, Hex: h, Units: units, Characters: ch})
	} else {
		t := s.Army(target)
		t.Units = t.Units.Add(units)
		t.Characters = append(slices.Clip(t.Characters), ch...)
	}
	if empty {
		s.RemoveArmies(func(x *game.Army) bool { return x.ID == from })
	}
	text := fmt.Sprintf("moved %s from %s to %s", r.describe(units, ch), from, target)
	if empty {
		text += fmt.Sprintf("; %s is disbanded", from)
	}
	return text, target
}

// describe names units and characters for an event: "3 Infantry, 1
// Cavalry and a Warlord".
func (r *Rules) describe(u game.Units, chars []game.Character) string {
	var parts []string
	for k, n := range u {
		if n > 0 && k < len(r.D.Units) {
			parts = append(parts, fmt.Sprintf("%d %s", n, r.D.Units[k].Name))
		}
	}
	for _, c := range chars {
		if k, ok := CasterOf(c); ok {
			parts = append(parts, AName(r.D.Caster.Name(k)))
		} else if c.Kind == CharWarlord {
			parts = append(parts, fmt.Sprintf("a level %d Warlord", c.Level))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// garrison returns player p's garrison on city hex h, the lowest-ID army of
// p there without a Warlord, making an empty one if there is none. "Units
// in a City hex are assumed to be a part of the Garrison." The pointer is
// valid until the next change to s.Armies.
func (r *Rules) garrison(s *game.State, p game.PlayerID, h hex.Hex) *game.Army {
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner == p && a.Hex == h && !a.Naval && a.Carrier == 0 && warlord(a) < 0 {
			return a
		}
	}
	return s.Army(s.AddArmy(game.Army{Owner: p, Hex: h}))
}

// upkeep is step 4, "Pay Upkeep on Units (if you can't afford upkeep,
// remove units until you can)": "For every 5 units in the side, 1
// Schmucker must be paid each turn" (Upkeep), a Warlord "costs 1
// Schmuckers per turn to maintain", "Casters cost 2 Schmuckers a turn in
// upkeep", and a Fleet "has no maintenance cost" (Fleet.Upkeep). A player
// on autopilot: "no upkeep costs are paid" (as Autopilot.Upkeep says).
//
// CHOICES: when the treasury falls short, units are removed one at a time
// until the whole bill can be paid, or until the units left cost nothing
// (removing more would not help): each time from the side's garrisons
// (armies without a Warlord) before its Warlords' armies, from the one with
// the most units (the lowest army ID on a tie), the first kind it has in
// the default casualty order ("Infantry, then Cavalry, then Flyers, then
// Siege"; kinds not listed after, by kind). Characters are not units and
// are never removed; an army left with neither units nor characters is
// disbanded. If the bill still exceeds the treasury, the whole treasury is
// paid and the rest forgiven: the treasury ends at 0, never below.
func (r *Rules) upkeep(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	if ev == nil {
		ev = &game.Events{}
	}
	for _, po := range orders {
		p := po.Player
		if s.Player(p) == nil {
			continue
		}
		if po.Autopilot && !r.D.Autopilot.Upkeep {
			ev.Add(game.Event{Turn: s.Turn, Kind: EventUpkeep, Player: p,
				Text: "no orders: on autopilot no upkeep costs are paid"})
			continue
		}
		r.payUpkeep(s, p, ev)
	}
}

// UpkeepBill is step 4 of a turn for one player, "Pay Upkeep on Units (if
// you can't afford upkeep, remove units until you can)": what the rules
// count, what each part costs and what the treasury pays.
type UpkeepBill struct {
	// Units are the side's units paid for (after Removed are removed);
	// Warlords, Casters and Fleets are the side's.
	Units, Warlords, Casters, Fleets int
	// UnitCost ("For every 5 units in the side, 1 Schmucker must be paid
	// each turn"), WarlordCost, CasterCost and FleetCost are what each
	// part costs (CharacterUpkeep, fleet.upkeep); Total is their sum.
	UnitCost, WarlordCost, CasterCost, FleetCost, Total int64
	// Removed is how many units are removed because the treasury cannot
	// pay for them; Owed is the bill with them, before their removal.
	Removed int
	Owed    int64
	// Paid is what the treasury pays: Total, or all it holds when that is
	// less (the rest is forgiven).
	Paid int64
	// Text is the EventUpkeep's text: "paid 4: 2 for 10 units, 2 for 1
	// Caster; could not pay for them all: removed 3 Infantry".
	Text string
}

// upkeepBill returns player p's bill of step 4 on s as it stands: the
// units to remove and what is paid, with no Text (see upkeep for the
// CHOICES).
func (r *Rules) upkeepBill(s *game.State, p game.PlayerID) UpkeepBill {
	var b UpkeepBill
	units := 0
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p {
			continue
		}
		units += a.Units.Total()
		if a.Naval {
			b.Fleets++
		}
		for _, c := range a.Characters {
			switch _, caster := CasterOf(c); {
			case c.Kind == CharWarlord:
				b.Warlords++
				b.WarlordCost += r.CharacterUpkeep(c)
			case caster:
				b.Casters++
				b.CasterCost += r.CharacterUpkeep(c)
			}
		}
	}
	b.FleetCost = int64(b.Fleets) * int64(r.D.Fleet.Upkeep)
	fixed := b.WarlordCost + b.CasterCost + b.FleetCost
	have := int64(0)
	if pl := s.Player(p); pl != nil {
		have = max(pl.Treasury, 0)
	}
	b.Owed = int64(r.D.UnitUpkeep(units)) + fixed
	for units-b.Removed > 0 && r.D.UnitUpkeep(units-b.Removed) > 0 && int64(r.D.UnitUpkeep(units-b.Removed))+fixed > have {
		b.Removed++
	}
	b.Units = units - b.Removed
	b.UnitCost = int64(r.D.UnitUpkeep(b.Units))
	b.Total = b.UnitCost + fixed
	b.Paid = min(b.Total, have)
	return b
}

// payUpkeep is step 4 for player p, not on autopilot: it pays the bill,
// removes the units the treasury cannot pay for, adds the EventUpkeep and
// returns the bill.
func (r *Rules) payUpkeep(s *game.State, p game.PlayerID, ev *game.Events) UpkeepBill {
	b := r.upkeepBill(s, p)
	s.Player(p).Treasury -= b.Paid
	parts := []string{fmt.Sprintf("paid %d: %d for %s", b.Paid, b.UnitCost, words.Plural(b.Units, "unit"))}
	if b.Warlords > 0 {
		parts = append(parts, fmt.Sprintf("%d for %s", b.WarlordCost, words.Plural(b.Warlords, "Warlord")))
	}
	if b.Casters > 0 {
		parts = append(parts, fmt.Sprintf("%d for %s", b.CasterCost, words.Plural(b.Casters, "Caster")))
	}
	if b.Fleets > 0 && b.FleetCost != 0 {
		parts = append(parts, fmt.Sprintf("%d for %s", b.FleetCost, words.Plural(b.Fleets, "Fleet")))
	}
	b.Text = strings.Join(parts, ", ")
	if b.Removed > 0 {
		b.Text += "; could not pay for them all: removed " + r.describe(r.removeUnits(s, p, b.Removed), nil)
	}
	if b.Paid < b.Total {
		b.Text += fmt.Sprintf("; %d unpaid: the treasury is empty", b.Total-b.Paid)
	}
	ev.Add(game.Event{Turn: s.Turn, Kind: EventUpkeep, Player: p, Amount: b.Paid, Text: b.Text})
	return b
}

// CharacterUpkeep is what character c costs its side each turn in step 4:
// a Warlord "costs 1 Schmuckers per turn to maintain" (warlord.upkeep),
// "Casters cost 2 Schmuckers a turn in upkeep" (caster.upkeep); 0 for a
// character of another kind.
func (r *Rules) CharacterUpkeep(c game.Character) int64 {
	if c.Kind == CharWarlord {
		return int64(r.D.Warlord.Upkeep)
	}
	if _, ok := CasterOf(c); ok {
		return int64(r.D.Caster.Upkeep)
	}
	return 0
}

// removeUnits removes n of player p's units in the order upkeep documents
// and returns the units removed.
func (r *Rules) removeUnits(s *game.State, p game.PlayerID, n int) game.Units {
	order := slices.Clone(r.D.CasualtyOrder)
	for k := range r.D.Units {
		if !slices.Contains(order, UnitKind(k)) {
			order = append(order, UnitKind(k))
		}
	}
	removed := make(game.Units, len(r.D.Units))
	for ; n > 0; n-- {
		best := -1
		for i := range s.Armies {
			a := &s.Armies[i]
			if a.Owner != p || a.Units.Total() == 0 {
				continue
			}
			if best < 0 {
				best = i
				continue
			}
			b := &s.Armies[best]
			ga, gb := warlord(a) < 0, warlord(b) < 0
			if ga != gb {
				if ga {
					best = i
				}
				continue
			}
			if a.Units.Total() > b.Units.Total() {
				best = i
			}
		}
		if best < 0 {
			break
		}
		a := &s.Armies[best]
		for _, k := range order {
			if a.Units.Get(game.UnitKind(k)) > 0 {
				one := make(game.Units, int(k)+1)
				one[k] = 1
				a.Units = a.Units.Sub(one)
				removed[k]++
				break
			}
		}
	}
	s.RemoveArmies(func(a *game.Army) bool { return a.Owner == p && !a.Naval && a.Empty() })
	return removed
}

// skip reports that order o of player p was not carried out, and why.
func (r *Rules) skip(s *game.State, ev *game.Events, p game.PlayerID, o *game.Order, why string) {
	if r.onSkip != nil {
		r.onSkip(o, why)
	}
	ev.Add(game.Event{Turn: s.Turn, Kind: game.EventOrderSkipped, Player: p, Army: o.Army, City: o.City,
		Text: fmt.Sprintf("%s skipped: %s", r.orderName(o), why)})
}

// Foresee returns, for each of player p's orders (a list valid on s), why
// the turn would skip it when it resolves ("not enough Schmuckers: have 3,
// need 6", "city 5 forms at most 3 units a turn: 3 formed already"), or ""
// if it goes through: Forecast's Skips. s is not changed.
func (r *Rules) Foresee(s *game.State, p game.PlayerID, orders []game.Order) []string {
	return r.Forecast(s, p, orders).Skips
}

// Forecast is what the turn's steps 1 to 4 will do with one player's
// orders, as (*Rules).Forecast foresees them.
type Forecast struct {
	// Skips holds, for each order, why the turn would skip it ("not
	// enough Schmuckers: have 3, need 6"), or "" if it goes through or is
	// not an order of steps 1 to 3.
	Skips []string
	// Treasury is the player's treasury before the turn.
	Treasury int64
	// Income is step 1's: the cities' and the Econ-A-Mancers' income and
	// what cashing in Trade Goods brings.
	Income int64
	// Spent is what steps 2 and 3 pay for the orders that go through.
	Spent int64
	// Upkeep is step 4's bill, on the side as steps 2 and 3 leave it (the
	// units, Warlords and Casters they create count).
	Upkeep UpkeepBill
	// After is the treasury after step 4: Treasury + Income - Spent -
	// Upkeep.Paid. The later steps (fishing) may add to it.
	After int64
	// Removed lists the armies step 4 takes units from, in army ID order,
	// because the treasury cannot pay their upkeep; nil when it can.
	Removed []Removal
	// State is a copy of s as steps 1 to 4 leave it: the armies as the
	// turn's movement finds them (units formed, transfers made, upkeep
	// paid). Armies and cities the orders make have IDs of the copy's
	// own, which the turn may not give them.
	State *game.State
}

// Removal is the units step 4 removes from one army.
type Removal struct {
	Army game.ArmyID
	Hex  hex.Hex
	// New reports an army the turn's own orders make (the garrison new
	// units join in a city that had none): the turn may give it another
	// ID.
	New   bool
	Units game.Units
}

// Forecast runs the turn's steps 1 to 4 (income, build and upgrade,
// create, upkeep) on a copy of s with player p's orders alone, as the turn
// will, and returns what they do to p's money and units, so the client can
// show the next turn's treasury and warn its player with the rules' own
// words. Orders of the later steps (movement) change nothing here. Other
// players' orders, which p cannot know, may still contest a new city or
// Fleet. s is not changed.
func (r *Rules) Forecast(s *game.State, p game.PlayerID, orders []game.Order) Forecast {
	f := Forecast{Skips: make([]string, len(orders))}
	if s.Player(p) == nil {
		return f
	}
	c := s.Clone()
	list := slices.Clone(orders) // the steps point into it: a skip names its order
	fr := &Rules{D: r.D, foreseenAfter: max(s.NextID, 1), onSkip: func(o *game.Order, why string) {
		for i := range list {
			if &list[i] == o && f.Skips[i] == "" {
				f.Skips[i] = why
			}
		}
	}}
	po := []game.PlayerOrders{{Player: p, Orders: list}}
	var ev game.Events
	f.Treasury = c.Player(p).Treasury
	fr.income(c, po, &ev)
	f.Income = c.Player(p).Treasury - f.Treasury
	fr.build(c, po, &ev)
	fr.recruit(c, po, &ev)
	f.Spent = f.Treasury + f.Income - c.Player(p).Treasury
	type held struct {
		hex   hex.Hex
		units game.Units
	}
	before := map[game.ArmyID]held{}
	var ids []game.ArmyID
	for i := range c.Armies {
		if a := &c.Armies[i]; a.Owner == p && a.Units.Total() > 0 {
			before[a.ID] = held{a.Hex, slices.Clone(a.Units)}
			ids = append(ids, a.ID)
		}
	}
	f.Upkeep = fr.payUpkeep(c, p, &ev)
	f.After = c.Player(p).Treasury
	f.State = c
	if f.Upkeep.Removed == 0 {
		return f
	}
	slices.Sort(ids)
	for _, id := range ids {
		var left game.Units
		if a := c.Army(id); a != nil {
			left = a.Units
		}
		if lost := before[id].units.Sub(left); lost.Total() > 0 {
			f.Removed = append(f.Removed, Removal{Army: id, Hex: before[id].hex, New: s.Army(id) == nil, Units: lost})
		}
	}
	return f
}

// orderName names an economic order for messages: "upgrade city 5".
func (r *Rules) orderName(o *game.Order) string {
	switch o.Kind {
	case OrderBuildCity:
		return fmt.Sprintf("build a city on hex %s", o.Hex)
	case OrderUpgrade:
		return fmt.Sprintf("upgrade %s", o.City)
	case OrderForm:
		name := fmt.Sprintf("unit kind %d", o.Unit)
		if int(o.Unit) < len(r.D.Units) {
			name = r.D.Units[o.Unit].Name
		}
		return fmt.Sprintf("form %d %s in %s", o.Count, name, o.City)
	case OrderWarlord:
		return fmt.Sprintf("pop a level %d Warlord in %s", r.warlordLevel(o), o.City)
	case OrderCaster:
		name := r.D.Caster.Name(CasterKind(o.Unit))
		if int(o.Unit) >= int(NumCasterKinds) {
			name = fmt.Sprintf("Caster of kind %d", o.Unit)
		}
		return fmt.Sprintf("pop %s in %s", AName(name), o.City)
	case OrderFleet:
		return fmt.Sprintf("build a Fleet on hex %s", o.Hex)
	case OrderTradeGood:
		return fmt.Sprintf("make a Trade Good in %s", o.City)
	case OrderCash:
		return fmt.Sprintf("cash in %d Trade Goods", o.Count)
	case OrderTransfer:
		if o.Target == 0 {
			return fmt.Sprintf("transfer from %s to a new army", o.Army)
		}
		return fmt.Sprintf("transfer from %s to %s", o.Army, o.Target)
	}
	return o.String()
}

// casters counts player p's Casters, in all and by kind.
func casters(s *game.State, p game.PlayerID) (int, [NumCasterKinds]int) {
	var kinds [NumCasterKinds]int
	n := 0
	for i := range s.Armies {
		if s.Armies[i].Owner != p {
			continue
		}
		for _, c := range s.Armies[i].Characters {
			if k, ok := CasterOf(c); ok {
				kinds[k]++
				n++
			}
		}
	}
	return n, kinds
}

// citiesBorder reports whether one of player p's cities borders terrain t:
// "An Empire can form Siege if one of its Cities borders a Woods Hex."
func citiesBorder(s *game.State, p game.PlayerID, t rulesfile.TerrainID) bool {
	for i := range s.Cities {
		if c := &s.Cities[i]; c.Owner == p && borders(s, c.Hex, t) {
			return true
		}
	}
	return false
}

// landArmyOn returns the index of player p's lowest-ID army on land on hex
// h, or -1.
func landArmyOn(s *game.State, p game.PlayerID, h hex.Hex) int {
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == p && a.Hex == h && !a.Naval && a.Carrier == 0 {
			return i
		}
	}
	return -1
}

// foundingArmyOn returns the index of player p's lowest-ID army on land on
// hex h that has units (an Army, which may found a city), or -1.
func foundingArmyOn(s *game.State, p game.PlayerID, h hex.Hex) int {
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == p && a.Hex == h && !a.Naval && a.Carrier == 0 && a.Units.Total() > 0 {
			return i
		}
	}
	return -1
}

// terrainName is the display name of terrain t.
func (r *Rules) terrainName(t rulesfile.TerrainID) string {
	if int(t) < len(r.D.Terrain) {
		return r.D.Terrain[t].Name
	}
	return "unknown terrain"
}

// navalName is the name of the first terrain fleets sail on ("Water").
func (r *Rules) navalName() string {
	for _, t := range r.D.Terrain {
		if t.Naval {
			return t.Name
		}
	}
	return "naval terrain"
}

// AName writes name after its indefinite article: "a Warlord", "an
// Econ-A-Mancer". CHOICE: "an" before a name that starts with a vowel
// letter (A, E, I, O, U), which reads right for every name of the data
// file; a mod naming a unit "Unicorn" would read "an Unicorn".
func AName(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
