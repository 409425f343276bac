// Package erfworld is the client module of the erfworld ruleset (Erfworld
// Empires on the hex engine): its choices, orders, forecast and words for
// the view model (Rules), and what the game screen shows of it (the side
// panel, the board's badges, the help, the battle report's dice).
package erfworld

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"empires/client/board"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/module"
	"empires/client/module/hexscreen"
	"empires/shared/game"
	erf "empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// ID is the ruleset the module shows.
const ID = "erfworld"

// Module is the erfworld module.
type Module struct{}

var (
	_ module.Module = Module{}
	_ module.Teller = Module{}
)

// ID implements module.Module.
func (Module) ID() string { return ID }

// FirstHint implements module.Guide: the Warlord takes the Capital's units
// and marches (two orders).
func (Module) FirstHint() module.FirstHint {
	return module.FirstHint{Text: "Your first turn: select your Warlord, press Take all units, then right-click a hex to march there.", Orders: 2}
}

// OpenScreen implements module.Module: the hex screen of a game of rs
// (Open).
func (m Module) OpenScreen(rs ruleset.Ruleset, host module.Host) (module.Screen, error) {
	g, err := m.Open(rs)
	if err != nil {
		return nil, err
	}
	return hexscreen.New(g, host), nil
}

// ReplayEvents implements module.Teller: a replay from above tells every
// player's own events too (hexscreen.ReplayEvents).
func (Module) ReplayEvents(out ruleset.Outcome, s ruleset.Seat, allSeeing bool) ([]byte, error) {
	return hexscreen.ReplayEvents(out, s, allSeeing)
}

// Open returns what the hex screen asks of ruleset rs: rs must be
// erfworld on the hex engine (the registry's *hexgame.Ruleset), with the
// build's data or a mod's.
func (Module) Open(rs ruleset.Ruleset) (hexscreen.Game, error) {
	r, err := hexscreen.RulesOf[*erf.Rules](ID, rs)
	if err != nil {
		return nil, err
	}
	return Game{R: Rules{Rules: r}}, nil
}

// Game is an erfworld game as the game screen shows it (hexscreen.Game).
type Game struct {
	R Rules
}

var _ hexscreen.Game = Game{}

// Rules implements hexscreen.Game.
func (g Game) Rules() model.Rules { return g.R }

// Style implements hexscreen.Game: the ruleset's terrain; a Warlord is badged
// with its level, a Caster counted.
func (g Game) Style() board.Style { return board.Style{Terrain: g.R.D.Terrain, Mark: Mark} }

// Mark badges erfworld's characters on the board (board.Style.Mark).
func Mark(c game.Character) (leader int32, caster bool) {
	if c.Kind == erf.CharWarlord {
		return max(c.Level, 1), false
	}
	_, caster = erf.CasterOf(c)
	return 0, caster
}

// Help implements hexscreen.Game.
func (g Game) Help() menu.HelpContent { return Help(g.R.D) }

// Battle implements hexscreen.Game.
func (g Game) Battle() hexscreen.Battle {
	return hexscreen.Battle{DieSides: g.R.D.Combat.DieSides, CriticalHits: g.R.D.Combat.CriticalHits,
		FleetSinksOn: g.R.D.Fleet.DestroyOn, Points: true}
}

// Panel implements hexscreen.Game: the player's army's units, its Warlord
// and Casters with their upkeep, and its standing order; the player's
// city's armies with their units, and the Warlords and Casters in it. The
// army is shown as the orders drafted leave it when the turn's movement
// begins (model.AsOrdered: units formed, transfers made), with what it
// holds now when that differs, on its first line.
func (g Game) Panel(m *model.Model, sel model.Selection) []string {
	v := m.View()
	s := m.State()
	if v == nil || v.You == 0 {
		return nil
	}
	var out []string
	switch {
	case sel.Army != 0:
		now := s.Army(sel.Army)
		if now == nil || now.Owner != v.You {
			return nil // the panel is of the player's own
		}
		after := m.AsOrdered(now.ID)
		switch {
		case after == nil:
			out = g.armyLines(m, now)
			out[0] += " (disbanded by the orders drafted)"
		case sameArmy(now, after):
			out = g.armyLines(m, now)
		default:
			out = g.armyLines(m, after)
			out[0] += " (now: " + g.armySummary(m, now, after) + ")"
		}
		out = append(out, "Stance: "+stanceName(now.Stance.Kind))
	case sel.City != 0:
		for i := range v.Cities {
			c := &v.Cities[i]
			if c.ID != sel.City || c.Owner != v.You {
				continue
			}
			for _, a := range v.Armies {
				if a.Hex == c.Hex && a.Owner == v.You && a.Carrier == 0 {
					out = append(out, fmt.Sprintf("Army %d: %s", a.ID, m.UnitsText(a.Units)))
				}
			}
			for _, ch := range g.R.CityCharacters(m, c.ID) {
				out = append(out, fmt.Sprintf("%s (army %d)", characterLine(ch), ch.Army))
			}
		}
	}
	return out
}

// armyLines are the panel's lines on army a: its units, then its Warlord
// and Casters.
func (g Game) armyLines(m *model.Model, a *game.Army) []string {
	out := []string{m.UnitsText(a.Units)}
	for _, c := range g.R.characters(a) {
		out = append(out, characterLine(c))
	}
	return out
}

// armySummary says in one line what army a holds now where it differs
// from b, the same army as the orders drafted leave it: its units ("no
// units"), and its Warlord and Casters if they differ ("Infantry 5, level
// 1 Warlord").
func (g Game) armySummary(m *model.Model, a, b *game.Army) string {
	parts := []string{m.UnitsText(a.Units)}
	if !slices.EqualFunc(a.Characters, b.Characters, func(x, y game.Character) bool { return x.ID == y.ID }) {
		for _, c := range a.Characters {
			parts = append(parts, g.R.CharacterName(c))
		}
		if len(a.Characters) == 0 {
			parts = append(parts, "no Warlord")
		}
	}
	return strings.Join(parts, ", ")
}

// sameArmy reports whether armies a and b hold the same units and
// characters.
func sameArmy(a, b *game.Army) bool {
	return a.Units.Sub(b.Units).Total() == 0 && b.Units.Sub(a.Units).Total() == 0 &&
		slices.EqualFunc(a.Characters, b.Characters, func(x, y game.Character) bool { return x.ID == y.ID })
}

// characterLine describes a Warlord or Caster with its upkeep: "Level 2
// Warlord, upkeep 1 a turn".
func characterLine(c CharacterInfo) string {
	if c.Upkeep > 0 {
		return fmt.Sprintf("%s, upkeep %d a turn", model.Capital(c.Name), c.Upkeep)
	}
	return model.Capital(c.Name)
}

// stanceName names a standing order.
func stanceName(s game.StanceKind) string {
	switch s {
	case game.Intercept:
		return "Intercept"
	case game.Withdraw:
		return "Withdraw"
	}
	return "Defend"
}

// Group implements hexscreen.Game: Withdraw, Explore and Scout by direction,
// Warlords by level.
func (g Game) Group(c model.Choice) (key, short string) {
	o := c.Order
	switch {
	case o.Kind == game.OrderStance && o.Stance == game.Withdraw:
		return "Withdraw to", o.Dir.String()
	case o.Kind == game.OrderExplore:
		return "Explore", o.Dir.String()
	case o.Kind == erf.OrderScout:
		return "Scout", o.Dir.String()
	case o.Kind == erf.OrderWarlord:
		return "Warlord level", strconv.Itoa(int(o.Level))
	}
	return "", ""
}

// Note implements hexscreen.Game: the upkeep of Warlords and Casters, once
// above their choices and in each one's tip.
func (g Game) Note(c model.Choice) (heading, tip string) {
	d := g.R.D
	switch c.Order.Kind {
	case erf.OrderWarlord:
		return fmt.Sprintf("Warlords: upkeep %d a turn each", d.Warlord.Upkeep), fmt.Sprintf("upkeep %d a turn", d.Warlord.Upkeep)
	case erf.OrderCaster:
		return fmt.Sprintf("Casters: upkeep %d a turn each, %d at most", d.Caster.Upkeep, d.Caster.MaxPerSide),
			fmt.Sprintf("upkeep %d a turn", d.Caster.Upkeep)
	}
	return "", ""
}

// Suggest implements hexscreen.Game: a city pops a Warlord if it may, else
// forms units; a Warlord without units takes all of a garrison's, as a
// player would before marching.
func (g Game) Suggest(m *model.Model, sel model.Selection) (model.Choice, bool) {
	switch {
	case sel.City != 0:
		pick := -1
		choices := m.CityChoices(sel.City)
		for i, ch := range choices {
			if ch.Reason != "" {
				continue
			}
			if ch.Order.Kind == erf.OrderWarlord {
				return ch, true
			}
			if pick < 0 && ch.Order.Kind == erf.OrderForm {
				pick = i
			}
		}
		if pick >= 0 {
			return choices[pick], true
		}
	case sel.Army != 0:
		s := m.State()
		a := s.Army(sel.Army)
		if a == nil || len(a.Characters) == 0 || a.Units.Total() > 0 {
			return model.Choice{}, false
		}
		for _, ch := range m.ArmyChoices(a.ID) {
			o := ch.Order
			if ch.Reason == "" && o.Kind == erf.OrderTransfer && o.Target == a.ID && o.Units.Total() > 0 {
				if from := s.Army(o.Army); from != nil && o.Units.Total() == from.Units.Total() {
					return ch, true
				}
			}
		}
	}
	return model.Choice{}, false
}
