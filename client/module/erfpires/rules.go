package erfpires

import (
	"fmt"
	"strings"

	"empires/client/model"
	"empires/shared/game"
	ep "empires/shared/rules/erfpires"
	"empires/shared/words"
)

// Rules are erfpires's rules as the hex view model plays them
// (model.Rules): the engine's rules are erfpires's own (the embedded
// *ep.Rules, whose validation the server runs too, one order a day
// included: the model takes its game.OrderLimiter), and the methods here
// are the ruleset's choices, costs, forecast and words.
type Rules struct {
	*ep.Rules
}

var _ model.Rules = Rules{}

// Currency implements model.Rules: "Smuckers".
func (r Rules) Currency() string { return r.D.Currency }

// TurnName implements model.TurnNamer: a game of days, "Day 9".
func (r Rules) TurnName(t game.Turn) string { return fmt.Sprintf("Day %d", t) }

// UnitName implements model.Rules: "Infantry".
func (r Rules) UnitName(k game.UnitKind) string {
	if int(k) < len(r.D.Units) {
		return r.D.Units[k].Name
	}
	return fmt.Sprintf("unit kind %d", k)
}

// CharacterName implements model.Rules: erfpires has no characters; one
// is named by its number.
func (r Rules) CharacterName(c game.Character) string { return fmt.Sprintf("character %d", c.ID) }

// StructureName implements model.Rules: "Farm", "Dinglehoober".
func (r Rules) StructureName(k game.StructureKind) string {
	if int(k) < len(r.D.Structures) {
		return r.D.Structures[k].Name
	}
	return fmt.Sprintf("structure of kind %d", k)
}

// GuessStepCost implements model.Rules: every hex an army may enter costs
// one step ("move two hexes"), so a hex never seen is planned at one.
func (r Rules) GuessStepCost(a *game.Army) (int, bool) { return 1, true }

// DearestStepCost implements model.Rules: one step a hex.
func (r Rules) DearestStepCost(a *game.Army) int { return 1 }

// Burdens implements model.Rules: an order that spends money. (Erfpires
// has no upkeep that removes units: a Forecast never warns.)
func (r Rules) Burdens(o *game.Order, cost int64) bool { return cost > 0 }

// money writes n of the currency: "1 Smucker", "5 Smuckers".
func (r Rules) money(n int64) string {
	return words.Of(int(n), r.D.Currency)
}

// structureKind returns the [[structure]] of kind k, nil for none.
func (r Rules) structureKind(k game.UnitKind) *ep.Structure {
	if int(k) < len(r.D.Structures) {
		return &r.D.Structures[k]
	}
	return nil
}

// Tax is what a Tax order of the model's player would bring today: the
// revenue ("3 smuckers per city, and 1 per farm"), the maintenance ("1
// Smucker per controlled Army") and what the treasury gains (revenue less
// maintenance, no more lost than the treasury holds), with what makes them
// up.
type Tax struct {
	Revenue, Maintenance, Net int64
	Cities, Armies            int
	// Structures counts the player's structures by kind.
	Structures []int
	// Next is the first day the player may tax (today or before: now).
	Next game.Turn
}

// TaxOf returns what a tax of the model's player would bring today.
func (r Rules) TaxOf(m *model.Model) Tax {
	s, p := m.State(), m.You()
	var t Tax
	if s == nil || s.Player(p) == nil {
		return t
	}
	t.Revenue, t.Maintenance = r.Rules.TaxOf(s, p)
	t.Net = max(t.Revenue-t.Maintenance, -s.Player(p).Treasury)
	t.Structures = make([]int, len(r.D.Structures))
	for i := range s.Cities {
		if s.Cities[i].Owner == p {
			t.Cities++
		}
	}
	for i := range s.Armies {
		if s.Armies[i].Owner == p {
			t.Armies++
		}
	}
	for i := range s.Structures {
		if st := &s.Structures[i]; st.Owner == p && int(st.Kind) < len(t.Structures) {
			t.Structures[st.Kind]++
		}
	}
	t.Next = r.NextTax(s, p)
	return t
}

// Sum writes how tax t adds up: "3 × 2 cities + 1 × 1 Farm − 1 × 2
// armies".
func (r Rules) Sum(t Tax) string {
	parts := []string{fmt.Sprintf("%d × %s", r.D.Tax.PerCity, words.Count(t.Cities, "city", "cities"))}
	for k, n := range t.Structures {
		if st := &r.D.Structures[k]; st.Tax > 0 {
			parts = append(parts, fmt.Sprintf("%d × %s", st.Tax, words.Plural(n, st.Name)))
		}
	}
	s := strings.Join(parts, " + ")
	if r.D.Tax.MaintenancePerArmy > 0 {
		s += fmt.Sprintf(" − %d × %s", r.D.Tax.MaintenancePerArmy, words.Count(t.Armies, "army", "armies"))
	}
	return s
}

// Costs implements model.Rules: what each order spends as the rules price
// it on the model's state; a Tax counts what it brings in, negative; a
// Trade nothing (it brings money only if the other side trades too).
func (r Rules) Costs(m *model.Model, orders []game.Order) []int64 {
	out := make([]int64, len(orders))
	for i := range orders {
		out[i] = r.cost(m, &orders[i])
	}
	return out
}

// cost is what order o spends.
func (r Rules) cost(m *model.Model, o *game.Order) int64 {
	switch o.Kind {
	case ep.OrderBuildCity:
		return int64(r.D.City.Cost)
	case ep.OrderBuild:
		if st := r.structureKind(o.Unit); st != nil {
			return int64(st.Cost)
		}
	case ep.OrderRecruit:
		return r.D.UnitsCost(o.Units)
	case ep.OrderTax:
		return -r.TaxOf(m).Net
	case ep.OrderTribute:
		return r.D.TributeAmount(r.TaxOf(m).Revenue)
	}
	return 0
}

// Label implements model.Rules: the words for erfpires's own orders.
func (r Rules) Label(m *model.Model, o *game.Order) string {
	switch o.Kind {
	case ep.OrderBuildCity:
		s := "Build a city at " + model.At(o.Hex)
		if o.Army != 0 {
			s += " with " + m.ArmyName(o.Army)
		}
		return s
	case ep.OrderBuild:
		name := fmt.Sprintf("structure of kind %d", o.Unit)
		if st := r.structureKind(o.Unit); st != nil {
			name = st.Name
		}
		return fmt.Sprintf("Build a %s at %s", name, model.At(o.Hex))
	case ep.OrderRecruit:
		s := fmt.Sprintf("Recruit %s in %s", r.unitsText(o.Units), m.CityName(o.City))
		if a := r.armyInCity(m, o.City); a != nil {
			return s + " into " + m.ArmyName(a.ID)
		}
		return s + " as a new army"
	case ep.OrderTax:
		return fmt.Sprintf("Tax: %+d %s", r.TaxOf(m).Net, r.D.Currency)
	case ep.OrderTrade:
		return "Trade with " + m.PlayerName(o.Player)
	case ep.OrderTribute:
		return fmt.Sprintf("Tribute of %s to %s", r.money(r.cost(m, o)), m.PlayerName(o.Player))
	}
	return ""
}

// unitsText lists units: "2 Infantry, 1 Flyer"; "no units".
func (r Rules) unitsText(u game.Units) string {
	var parts []string
	for k, n := range u {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, r.UnitName(game.UnitKind(k))))
		}
	}
	if len(parts) == 0 {
		return "no units"
	}
	return strings.Join(parts, ", ")
}

// armyInCity returns the player's army on city c's hex, nil if none.
func (r Rules) armyInCity(m *model.Model, c game.CityID) *game.Army {
	s := m.State()
	if s == nil {
		return nil
	}
	city := s.City(c)
	if city == nil {
		return nil
	}
	for _, i := range s.ArmiesAt(city.Hex) {
		if a := &s.Armies[i]; a.Owner == m.You() && m.You() != 0 {
			return a
		}
	}
	return nil
}

// Forecast implements model.Rules: the day's orders as the day plays them
// (the Tax, Trade and Tribute first, then the builds, then the recruits),
// each skipped if the treasury cannot pay it then. Money is the treasury
// now and tomorrow ("Smuckers 10, tomorrow 17"; a Trade's gain, which
// needs the other side, is said apart); Lines break it down, with what a
// tax would bring and the next tax day. Erfpires removes no units for
// money: there is never a Warning. Detail is the Tax of today.
func (r Rules) Forecast(m *model.Model, orders []game.Order) model.Forecast {
	out := model.Forecast{Skips: make([]string, len(orders))}
	s := m.State()
	if s == nil || s.Player(m.You()) == nil {
		return out
	}
	tax := r.TaxOf(m)
	out.Detail = &tax
	now := s.Player(m.You()).Treasury
	have := now
	var lines []string
	trade := ""
	// The economy first, as PhaseIncome: taxes, trades, tributes.
	for i := range orders {
		o := &orders[i]
		switch o.Kind {
		case ep.OrderTax:
			have += tax.Net
			lines = append(lines, fmt.Sprintf("Tax:          %+d (%s)", tax.Net, r.Sum(tax)))
		case ep.OrderTrade:
			gain := r.D.TradeGain(tax.Revenue, tax.Maintenance)
			trade = fmt.Sprintf("%d if %s trades too", now+gain, m.PlayerName(o.Player))
			lines = append(lines, fmt.Sprintf("Trade:        +%d if %s trades with you today", gain, m.PlayerName(o.Player)))
		}
	}
	for i := range orders {
		if o := &orders[i]; o.Kind == ep.OrderTribute {
			gift := r.D.TributeAmount(tax.Revenue)
			if have < gift {
				out.Skips[i] = fmt.Sprintf("not enough %s: have %d, need %d", r.D.Currency, have, gift)
				continue
			}
			have -= gift
			lines = append(lines, fmt.Sprintf("Tribute:      -%d to %s", gift, m.PlayerName(o.Player)))
		}
	}
	// Then the builds, then the recruits, each paid as it comes.
	for _, kinds := range [][]game.OrderKind{{ep.OrderBuildCity, ep.OrderBuild}, {ep.OrderRecruit}} {
		for i := range orders {
			o := &orders[i]
			if o.Kind != kinds[0] && (len(kinds) < 2 || o.Kind != kinds[1]) {
				continue
			}
			c := r.cost(m, o)
			if have < c {
				out.Skips[i] = fmt.Sprintf("not enough %s: have %d, need %d", r.D.Currency, have, c)
				continue
			}
			have -= c
			lines = append(lines, fmt.Sprintf("%s: -%d", r.Label(m, o), c))
		}
	}
	out.Money = fmt.Sprintf("%s %d, tomorrow %d", r.D.Currency, now, have)
	if trade != "" {
		out.Money += " (" + trade + ")"
	}
	out.Lines = append([]string{fmt.Sprintf("%s now: %d", r.D.Currency, now)}, lines...)
	if len(orders) == 0 {
		out.Lines = append(out.Lines, "No order today")
	}
	out.Lines = append(out.Lines, fmt.Sprintf("Tomorrow: %d", have), "",
		fmt.Sprintf("A tax today would bring %+d: %s", tax.Net, r.Sum(tax)))
	if tax.Next <= s.Turn {
		out.Lines = append(out.Lines, "You may tax today (once a week)")
	} else {
		out.Lines = append(out.Lines, fmt.Sprintf("Next tax: day %d (once a week)", tax.Next))
	}
	return out
}
