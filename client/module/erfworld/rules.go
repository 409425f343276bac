package erfworld

import (
	"fmt"
	"strings"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hexgame"
	erf "empires/shared/rules/erfworld"
	"empires/shared/words"
)

// Rules are erfworld's rules as the hex view model plays them
// (model.Rules): the engine's rules are erfworld's own (the embedded
// *erf.Rules, whose validation the server runs too), and the methods here
// are the ruleset's choices, costs, forecast and words.
//
// Forecast shadows the embedded rules' own: call r.Rules.Forecast for the
// rules' forecast on a state.
type Rules struct {
	*erf.Rules
}

var (
	_ model.Rules          = Rules{}
	_ hexgame.BattleWriter = Rules{} // the battle words the server leaves out of its events
)

// Currency implements model.Rules: "Schmuckers".
func (r Rules) Currency() string { return r.D.Currency }

// UnitName implements model.Rules: "Infantry".
func (r Rules) UnitName(k game.UnitKind) string {
	if int(k) < len(r.D.Units) {
		return r.D.Units[k].Name
	}
	return fmt.Sprintf("unit kind %d", k)
}

// CharacterName implements model.Rules: "level 2 Warlord",
// "Econ-A-Mancer", "character 12".
func (r Rules) CharacterName(c game.Character) string {
	switch k, ok := erf.CasterOf(c); {
	case ok:
		return r.casterName(game.UnitKind(k))
	case c.Kind == erf.CharWarlord:
		return fmt.Sprintf("level %d Warlord", c.Level)
	}
	return fmt.Sprintf("character %d", c.ID)
}

// StructureName implements model.Rules: erfworld builds no structures;
// a kind is named by its number.
func (r Rules) StructureName(k game.StructureKind) string {
	return fmt.Sprintf("structure of kind %d", k)
}

// casterName is the name of caster kind k: "Look-A-Mancer".
func (r Rules) casterName(k game.UnitKind) string {
	if name := r.D.Caster.Name(erf.CasterKind(k)); name != "" && k < game.UnitKind(erf.NumCasterKinds) {
		return name
	}
	return fmt.Sprintf("Caster of kind %d", k)
}

// Burdens implements model.Rules: forming units, popping a Warlord or a
// Caster add to the upkeep, and any order that spends money spends it.
func (r Rules) Burdens(o *game.Order, cost int64) bool {
	switch o.Kind {
	case erf.OrderForm, erf.OrderWarlord, erf.OrderCaster:
		return true
	}
	return cost > 0
}

// Forecast implements model.Rules: the rules' own Forecast of the turn's
// steps 1 to 4 (income, building, creating, upkeep) on the model's state.
// Its Warning says what upkeep removes ("upkeep will remove 4 Infantry
// from the units formed at (1,1): the treasury will hold 2 Schmuckers for
// an upkeep of 4": the treasury after the orders, the bill before any
// removal), Loss the units removed; Money the treasury now and after the
// turn, Lines its breakdown; Detail the *erf.Forecast; After the state
// the steps leave, which the movement of step 5 finds.
func (r Rules) Forecast(m *model.Model, orders []game.Order) model.Forecast {
	f := r.Rules.Forecast(m.State(), m.You(), orders)
	out := model.Forecast{Skips: f.Skips, Loss: int(f.Upkeep.Removed), Detail: &f, After: f.State}
	out.Warning = r.removalText(m, &f)
	out.Money = fmt.Sprintf("%s %d, next turn %d", r.D.Currency, f.Treasury, f.After)
	up := f.Upkeep
	var what []string
	if up.Units > 0 {
		what = append(what, words.Count(int(up.Units), "unit", "units"))
	}
	if up.Warlords > 0 {
		what = append(what, words.Count(int(up.Warlords), "Warlord", "Warlords"))
	}
	if up.Casters > 0 {
		what = append(what, words.Count(int(up.Casters), "Caster", "Casters"))
	}
	upkeep := fmt.Sprintf("Upkeep:      -%d", up.Paid)
	if len(what) > 0 {
		upkeep += " (" + strings.Join(what, ", ") + ")"
	}
	out.Lines = []string{
		fmt.Sprintf("%s now:  %d", r.D.Currency, f.Treasury),
		fmt.Sprintf("Income:      +%d", f.Income),
		fmt.Sprintf("Your orders: -%d", f.Spent),
		upkeep,
		fmt.Sprintf("Next turn:   %d", f.After),
	}
	if out.Warning != "" {
		out.Lines = append(out.Lines, "", model.Capital(out.Warning))
	}
	return out
}

// removalText says what upkeep removes in forecast f, "" if nothing.
func (r Rules) removalText(m *model.Model, f *erf.Forecast) string {
	if f.Upkeep.Removed == 0 {
		return ""
	}
	var parts []string
	for _, rm := range f.Removed {
		var units []string
		for k, n := range rm.Units {
			if n > 0 {
				units = append(units, fmt.Sprintf("%d %s", n, r.UnitName(game.UnitKind(k))))
			}
		}
		from := "from " + m.ArmyName(rm.Army)
		if rm.New {
			from = "from the units formed at " + model.At(rm.Hex)
		}
		parts = append(parts, strings.Join(units, ", ")+" "+from)
	}
	return fmt.Sprintf("upkeep will remove %s: the treasury will hold %d %s for an upkeep of %d",
		strings.Join(parts, "; "), f.Treasury+f.Income-f.Spent, r.D.Currency, f.Upkeep.Owed)
}

// EventText implements model.Rules: upkeep paid, a Warlord's new level,
// the fleets' catch.
func (r Rules) EventText(n model.Namer, e *game.Event) string {
	m := n.Model()
	switch e.Kind {
	case erf.EventUpkeep:
		return n.Others(e, fmt.Sprintf("Upkeep: %s", e.Text))
	case erf.EventLevel:
		return fmt.Sprintf("The Warlord of %s rose to level %d", n.ArmyRef(e.Army, e.Player), e.Amount)
	case erf.EventFishing:
		return fmt.Sprintf("%s fleets caught %s (%s)", model.Capital(m.Whose(e.Player)), words.Of(int(e.Amount), r.D.Currency), e.Text)
	}
	return ""
}
