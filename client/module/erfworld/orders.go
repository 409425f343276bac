package erfworld

import (
	"fmt"
	"strings"

	"empires/client/model"
	"empires/shared/game"
	erf "empires/shared/rules/erfworld"
	"empires/shared/words"
)

// Costs implements model.Rules: what each order spends as the rules price
// it on the model's state; cashing Trade Goods counts negative, each cash
// order for what it adds to the value of all cashed before it ("the square
// of the number of goods being cashed").
func (r Rules) Costs(m *model.Model, orders []game.Order) []int64 {
	out := make([]int64, len(orders))
	var cashed int32
	held := r.goods(m)
	for i := range orders {
		o := &orders[i]
		if o.Kind == erf.OrderCash {
			if o.Count > 0 && cashed+o.Count <= held {
				before := r.D.TradeGoodsValue(int(cashed))
				cashed += o.Count
				out[i] = -int64(r.D.TradeGoodsValue(int(cashed)) - before)
			}
			continue
		}
		out[i] = r.cost(m, o)
	}
	return out
}

// cost is what order o spends.
func (r Rules) cost(m *model.Model, o *game.Order) int64 {
	d := r.D
	switch o.Kind {
	case erf.OrderBuildCity:
		return int64(d.City.NewCityCost)
	case erf.OrderUpgrade:
		c := m.State().City(o.City)
		if c == nil {
			return 0
		}
		next := int(c.Level) + 1
		if r.casters(m)[erf.CasterDirt] > 0 {
			return int64(d.DirtUpgradeCost(next))
		}
		return int64(d.UpgradeCost(next))
	case erf.OrderForm:
		if int(o.Unit) < len(d.Units) && o.Count > 0 {
			return int64(o.Count) * int64(d.Units[o.Unit].Cost)
		}
	case erf.OrderWarlord:
		if c, err := d.WarlordCost(r.warlordLevel(o)); err == nil {
			return int64(c)
		}
	case erf.OrderCaster:
		return int64(d.Caster.Cost)
	case erf.OrderFleet:
		return int64(d.Fleet.Cost)
	}
	return 0
}

// casters counts the player's Casters by kind.
func (r Rules) casters(m *model.Model) [erf.NumCasterKinds]int {
	var kinds [erf.NumCasterKinds]int
	s := m.State()
	for i := range s.Armies {
		if s.Armies[i].Owner != m.You() {
			continue
		}
		for _, c := range s.Armies[i].Characters {
			if k, ok := erf.CasterOf(c); ok {
				kinds[k]++
			}
		}
	}
	return kinds
}

// goods returns the Trade Goods the player holds.
func (r Rules) goods(m *model.Model) int32 {
	if pl := m.State().Player(m.You()); pl != nil && erf.StockTradeGoods < len(pl.Stock) {
		return pl.Stock[erf.StockTradeGoods]
	}
	return 0
}

// warlordLevel is the starting level an OrderWarlord asks for (0: the pop
// level).
func (r Rules) warlordLevel(o *game.Order) int {
	if o.Level == 0 {
		return r.D.Warlord.PopLevel
	}
	return int(o.Level)
}

// Label implements model.Rules: the words for erfworld's own orders.
func (r Rules) Label(m *model.Model, o *game.Order) string {
	army := m.ArmyName
	switch o.Kind {
	case erf.OrderBuildCity:
		return fmt.Sprintf("Build a city at %s", model.At(o.Hex))
	case erf.OrderUpgrade:
		level := "the next level"
		if c := m.State().City(o.City); c != nil {
			level = fmt.Sprintf("level %d", c.Level+1)
		}
		return fmt.Sprintf("Upgrade %s to %s", m.CityName(o.City), level)
	case erf.OrderForm:
		return fmt.Sprintf("Form %d %s in %s", o.Count, r.UnitName(o.Unit), m.CityName(o.City))
	case erf.OrderWarlord:
		return fmt.Sprintf("Pop a level %d Warlord in %s", r.warlordLevel(o), m.CityName(o.City))
	case erf.OrderCaster:
		s := fmt.Sprintf("Pop %s in %s", erf.AName(r.casterName(o.Unit)), m.CityName(o.City))
		if o.Army != 0 {
			s += " with " + army(o.Army)
		}
		return s
	case erf.OrderFleet:
		return fmt.Sprintf("Build a Fleet at %s", model.At(o.Hex))
	case erf.OrderTradeGood:
		return fmt.Sprintf("Make a Trade Good in %s", m.CityName(o.City))
	case erf.OrderCash:
		return fmt.Sprintf("Cash in %s", words.Plural(int(o.Count), "Trade Good"))
	case erf.OrderTransfer:
		var parts []string
		if o.Units.Total() > 0 {
			parts = append(parts, m.UnitsText(o.Units))
		}
		if o.Count != 0 {
			who := fmt.Sprintf("character %d", o.Count)
			if a := m.State().Army(o.Army); a != nil {
				for _, c := range a.Characters {
					if c.ID == game.CharacterID(o.Count) {
						who = r.characterName(a, c)
					}
				}
			}
			parts = append(parts, who)
		}
		what := model.AndList(parts)
		if what == "" {
			what = "nothing"
		}
		to := "a new army"
		if o.Target != 0 {
			to = army(o.Target)
		}
		return fmt.Sprintf("Move %s from %s to %s", what, army(o.Army), to)
	case erf.OrderScout:
		return fmt.Sprintf("%s scouts %s", model.Capital(army(o.Army)), o.Dir)
	case erf.OrderLook:
		return fmt.Sprintf("Look at %s", m.PlayerName(o.Player))
	case erf.OrderCasualties:
		names := make([]string, len(o.Units))
		for i, k := range o.Units {
			names[i] = r.UnitName(game.UnitKind(k))
		}
		return "Casualties first: " + strings.Join(names, ", ")
	case erf.OrderLoad:
		return fmt.Sprintf("%s boards %s", model.Capital(army(o.Army)), army(o.Target))
	case erf.OrderUnload:
		return fmt.Sprintf("%s lands at %s", model.Capital(army(o.Army)), model.At(o.Hex))
	}
	return ""
}
