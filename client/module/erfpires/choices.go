package erfpires

import (
	"fmt"
	"strconv"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	ep "empires/shared/rules/erfpires"
)

// CityChoices implements model.Rules: recruit each kind of unit, 1 to an army's
// most units ("An Army may not have more than 8 units"), each refused with
// why beyond the day's limit ("double the number of cities you
// control"), what the army in the city may still take, or the treasury;
// and build each structure that may stand next to a city ("adjacent to a
// controlled city": a Farm, a Fort, a Dinglehoober) on each neighbouring
// hex, refused with why where it may not (a Farm off Plains, Mountain or
// Ocean, a hex with one already, an enemy army there).
func (r Rules) CityChoices(m *model.Model, city *game.City) []model.Choice {
	d := r.D
	var out []model.Choice
	for k, u := range d.Units {
		for n := 1; n <= d.Army.MaxUnits; n++ {
			units := make(game.Units, k+1)
			units[k] = int32(n)
			ch := offer(m, fmt.Sprintf("Recruit %d %s", n, u.Name), game.Order{Kind: ep.OrderRecruit, City: city.ID, Units: units})
			ch.Short = strconv.Itoa(n)
			out = append(out, ch)
		}
	}
	rect := m.State().Map.Rect()
	for k, st := range d.Structures {
		if !st.NextToCity {
			continue
		}
		for _, dir := range hex.Directions() {
			h := city.Hex.Neighbor(dir)
			if !rect.Contains(h) {
				continue
			}
			ch := offer(m, fmt.Sprintf("Build a %s at %s", st.Name, model.At(h)), game.Order{Kind: ep.OrderBuild, Unit: game.UnitKind(k), Hex: h})
			ch.Short, ch.At, ch.HasAt = dir.String(), h, true
			out = append(out, ch)
		}
	}
	return out
}

// ArmyChoices implements model.Rules: build a city where the army stands
// ("There must be an army in the hex you are building in, and no other
// cities within 2 hexes"), build each structure that may stand with an
// army ("a fort ... in a hex with an Army"), and explore each way (a move
// of its two hexes into the unknown). A move to a hex of its reach is
// given on the map.
func (r Rules) ArmyChoices(m *model.Model, army *game.Army) []model.Choice {
	out := []model.Choice{
		offer(m, "Build a city here", game.Order{Kind: ep.OrderBuildCity, Hex: army.Hex, Army: army.ID}),
	}
	for k, st := range r.D.Structures {
		if st.WithArmy {
			ch := offer(m, fmt.Sprintf("Build a %s here", st.Name), game.Order{Kind: ep.OrderBuild, Unit: game.UnitKind(k), Hex: army.Hex})
			ch.At, ch.HasAt = army.Hex, true
			out = append(out, ch)
		}
	}
	for _, dir := range hex.Directions() {
		ch := offer(m, "Explore "+dir.String(), game.Order{Kind: game.OrderExplore, Army: army.ID, Dir: dir})
		ch.Short = dir.String()
		out = append(out, ch)
	}
	return out
}

// RealmChoices returns the orders of the whole Erfpire: Tax ("once a
// week", with what it would bring), and a Trade with and a Tribute to each
// other player still in the game (what each would bring or cost, and the
// truce a tribute buys).
func (r Rules) RealmChoices(m *model.Model) []model.Choice {
	v := m.View()
	if v == nil || v.You == 0 {
		return nil
	}
	tax := r.TaxOf(m)
	out := []model.Choice{offer(m, fmt.Sprintf("Tax: %+d %s", tax.Net, r.D.Currency), game.Order{Kind: ep.OrderTax})}
	gain := r.D.TradeGain(tax.Revenue, tax.Maintenance)
	until := v.Turn + game.Turn(r.D.Day.Week) - 1
	var trades, tributes []model.Choice
	for _, pl := range v.Players {
		if pl.ID == v.You || !pl.Alive {
			continue
		}
		ch := offer(m, fmt.Sprintf("Trade with %s (+%d if they trade too)", pl.Name, gain), game.Order{Kind: ep.OrderTrade, Player: pl.ID})
		ch.Short = pl.Name
		trades = append(trades, ch)
		ch = offer(m, fmt.Sprintf("Tribute to %s: safe until day %d", pl.Name, until),
			game.Order{Kind: ep.OrderTribute, Player: pl.ID})
		ch.Short = pl.Name
		tributes = append(tributes, ch)
	}
	return append(append(out, trades...), tributes...)
}

// offer is m.Offer, the players its reasons name ("an army of player 2
// stands on hex 3,4") named by their names in the model's view.
func offer(m *model.Model, label string, o game.Order) model.Choice {
	ch := m.Offer(label, o)
	ch.Reason, ch.Warn = named(m, ch.Reason), named(m, ch.Warn)
	return ch
}
