// Package erfpires is the client module of the erfpires ruleset (Mighty
// Erfpires on the hex engine): its choices, orders, forecast and words for
// the view model (Rules), and what the game screen shows of it: the day's
// one order and the week's tax day (hexscreen.Calendar), the Erfpire's own
// orders (hexscreen.Realm: Tax, Trade, Tribute), the side panel, the farms,
// forts and Dinglehoobers on the board, the help, and the battle report's
// single die a side.
package erfpires

import (
	"fmt"
	"strings"

	"empires/client/art"
	"empires/client/board"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/module"
	"empires/client/module/hexscreen"
	"empires/shared/game"
	"empires/shared/hex"
	ep "empires/shared/rules/erfpires"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// ID is the ruleset the module shows.
const ID = "erfpires"

// Module is the erfpires module.
type Module struct{}

var (
	_ module.Module = Module{}
	_ module.Teller = Module{}
)

// ID implements module.Module.
func (Module) ID() string { return ID }

// StepWord implements module.StepNamer: a game of days.
func (Module) StepWord() string { return "day" }

// FirstHint implements module.Guide: the day's one order.
func (Module) FirstHint() module.FirstHint {
	return module.FirstHint{Text: "One order a day: pick your city or army, then choose its order on the right.", Orders: 1}
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
// erfpires on the hex engine (the registry's *hexgame.Ruleset), with the
// build's data or a mod's.
func (Module) Open(rs ruleset.Ruleset) (hexscreen.Game, error) {
	r, err := hexscreen.RulesOf[*ep.Rules](ID, rs)
	if err != nil {
		return nil, err
	}
	return Game{R: Rules{Rules: r}}, nil
}

// Game is an erfpires game as the game screen shows it (hexscreen.Game, with
// hexscreen.Calendar and hexscreen.Realm).
type Game struct {
	R Rules
}

var (
	_ hexscreen.Game     = Game{}
	_ hexscreen.Calendar = Game{}
	_ hexscreen.Realm    = Game{}
)

// Rules implements hexscreen.Game.
func (g Game) Rules() model.Rules { return g.R }

// Style implements hexscreen.Game: the ruleset's terrain; no characters to
// badge; cities without levels; each kind of structure drawn by what it
// does: one that cheers a side's die as a contraption (the Dinglehoober),
// one that shelters an army as a fort, one that brings tax as a farm.
func (g Game) Style() board.Style {
	st := board.Style{Terrain: g.R.D.Terrain, NoCityLevels: true}
	for _, s := range g.R.D.Structures {
		st.Structures = append(st.Structures, Picture(s))
	}
	return st
}

// Picture returns how structure kind s is drawn.
func Picture(s ep.Structure) art.Picture {
	switch {
	case s.DieBonus > 0:
		return art.PictureContraption
	case s.Defence > 0:
		return art.PictureFort
	case s.Tax > 0:
		return art.PictureFarm
	}
	return art.PicturePost
}

// Help implements hexscreen.Game.
func (g Game) Help() menu.HelpContent { return Help(g.R.D) }

// Battle implements hexscreen.Game: one die a side, "Total Combat + d6 -
// total opposing Defence = hits inflicted".
func (g Game) Battle() hexscreen.Battle {
	d := g.R.D
	return hexscreen.Battle{
		DieSides: d.Combat.DieSides,
		SideDie:  true,
		Legend: fmt.Sprintf("Each side rolls one d%d: hits = its total Combat + the die − the enemy's total Defence (never below 0); "+
			"each hit removes a unit. 4+1: a Dinglehoober's cheer added to the die.", d.Combat.DieSides),
		Explain: g.R.Explain,
	}
}

// TurnText implements hexscreen.Calendar: "Day 9 (week 2, day 2) · next
// tax: day 15", "… · tax: today"; short: "Day 9 · tax: day 15".
func (g Game) TurnText(m *model.Model) (long, short string) {
	v := m.View()
	if v == nil {
		return "", ""
	}
	week := game.Turn(max(g.R.D.Day.Week, 1))
	long = fmt.Sprintf("Day %d (week %d, day %d)", v.Turn, (v.Turn-1)/week+1, (v.Turn-1)%week+1)
	short = fmt.Sprintf("Day %d", v.Turn)
	if st := m.State(); st != nil && v.You != 0 && st.Player(v.You) != nil {
		tax := " · tax: today"
		if next := g.R.NextTax(st, v.You); next > v.Turn {
			tax = fmt.Sprintf(" · next tax: day %d", next)
			short += fmt.Sprintf(" · tax: day %d", next)
		} else {
			short += tax
		}
		long += tax
	}
	return long, short
}

// TurnName implements hexscreen.Calendar: "Day 9".
func (g Game) TurnName(t game.Turn) string { return g.R.TurnName(t) }

// OrdersText implements hexscreen.Calendar.
func (g Game) OrdersText(m *model.Model) (heading, none string) {
	if g.R.D.Day.Orders == 1 {
		return "Today's order", "No order yet today"
	}
	return fmt.Sprintf("Today's orders (%d a day)", g.R.D.Day.Orders), "No order yet today"
}

// RealmTitle implements hexscreen.Realm.
func (g Game) RealmTitle(m *model.Model) (title, button string) { return "Your Erfpire", "Erfpire" }

// RealmChoices implements hexscreen.Realm.
func (g Game) RealmChoices(m *model.Model) []model.Choice { return g.R.RealmChoices(m) }

// RealmPanel implements hexscreen.Realm: the cities against the cities that
// win, the structures and armies held, what a tax would bring and when,
// what a trade and a tribute are worth, and the truces in force.
func (g Game) RealmPanel(m *model.Model) []string {
	d := g.R.D
	s, v := m.State(), m.View()
	if s == nil || v.You == 0 || s.Player(v.You) == nil {
		return nil
	}
	tax := g.R.TaxOf(m)
	units := 0
	for i := range s.Armies {
		if s.Armies[i].Owner == v.You {
			units += s.Armies[i].Units.Total()
		}
	}
	var held []string
	for k, n := range tax.Structures {
		held = append(held, words.Plural(n, d.Structures[k].Name))
	}
	out := []string{
		fmt.Sprintf("Cities: %d of the %d that win", tax.Cities, d.Win.Cities),
		fmt.Sprintf("%s; %s (%s)", strings.Join(held, ", "), words.Count(tax.Armies, "army", "armies"), words.Plural(units, "unit")),
	}
	when := "you may tax today"
	if tax.Next > v.Turn {
		when = fmt.Sprintf("next tax: day %d", tax.Next)
	}
	out = append(out,
		fmt.Sprintf("Tax: %+d (%s); %s, once a week", tax.Net, g.R.Sum(tax), when),
		fmt.Sprintf("Trade: %+d to each of two Erfpires that trade with each other the same day", d.TradeGain(tax.Revenue, tax.Maintenance)),
		fmt.Sprintf("Tribute: you give %s (half your revenue); the receiver may not attack you for %s",
			g.R.money(d.TributeAmount(tax.Revenue)), words.Count(d.Day.Week, "day", "days")))
	for _, pl := range v.Players {
		if pl.ID == v.You {
			continue
		}
		if until := ep.TruceUntil(s, v.You, pl.ID); until >= v.Turn {
			out = append(out, fmt.Sprintf("You took %s's tribute: you may not attack %s until day %d", pl.Name, pl.Name, until))
		}
		if until := protectedUntil(s, v.You, pl.ID); until >= v.Turn {
			out = append(out, fmt.Sprintf("You gave %s tribute: %s may not attack you until day %d", pl.Name, pl.Name, until))
		}
	}
	return out
}

// protectedUntil returns the last day on which player q may not attack
// player p (p gave q tribute), 0 if none: p's own counter, in p's view.
func protectedUntil(s *game.State, p, q game.PlayerID) game.Turn {
	pl := s.Player(p)
	k := ep.StockProtected + int(q) - 1
	if pl == nil || q == 0 || k >= len(pl.Stock) {
		return 0
	}
	return game.Turn(pl.Stock[k])
}

// Panel implements hexscreen.Game: an army's units, its Combat and Defence
// (with its city's or fort's), its Dinglehoober's cheer and how it moves;
// a city's army (or that recruits form a new one), the day's recruit
// limit, and how the buildings next to it are placed.
func (g Game) Panel(m *model.Model, sel model.Selection) []string {
	s := m.State()
	v := m.View()
	if s == nil || v.You == 0 {
		return nil
	}
	d := g.R.D
	switch {
	case sel.Army != 0:
		a := s.Army(sel.Army)
		if a == nil || a.Owner != v.You {
			return nil
		}
		combat, defence := d.Strength(a.Units)
		out := []string{
			fmt.Sprintf("%s (%d of %d units)", m.UnitsText(a.Units), a.Units.Total(), d.Army.MaxUnits),
			fmt.Sprintf("Combat %d, Defence %d", combat, defence),
		}
		if shelter, what := g.shelter(s, v.You, a); shelter > 0 {
			out = append(out, fmt.Sprintf("+%d Defence in %s", shelter, what))
		}
		if bonus := g.cheer(s, v.You, a); bonus > 0 {
			out = append(out, fmt.Sprintf("+%d to its die here: your Dinglehoober cheers", bonus))
		}
		out = append(out, fmt.Sprintf("Moves %s a day: click a lit hex, or right-click; onto an enemy: attack",
			words.Count(d.Army.Move, "hex", "hexes")))
		return out
	case sel.City != 0:
		c := s.City(sel.City)
		if c == nil || c.Owner != v.You {
			return nil
		}
		var out []string
		if a := g.R.armyInCity(m, c.ID); a != nil {
			out = append(out, fmt.Sprintf("Army %d here: %s; recruits join it (%d more fit)",
				a.ID, m.UnitsText(a.Units), max(d.Army.MaxUnits-a.Units.Total(), 0)))
		} else {
			out = append(out, "No army here: recruits form a new army")
		}
		cities := 0
		for i := range s.Cities {
			if s.Cities[i].Owner == v.You {
				cities++
			}
		}
		out = append(out, fmt.Sprintf("Recruit up to %s today (%d × %s)",
			words.Plural(d.RecruitLimit(cities), "unit"), d.Recruit.UnitsPerCity, words.Count(cities, "city", "cities")))
		return out
	}
	return nil
}

// shelter returns the Defence army a of player p gains on its hex, and
// from what: "your city", "your Fort" (the best; they do not add up).
func (g Game) shelter(s *game.State, p game.PlayerID, a *game.Army) (int, string) {
	best, what := 0, ""
	if c := s.CityAt(a.Hex); c != nil && c.Owner == p && g.R.D.City.Defence > 0 {
		best, what = g.R.D.City.Defence, "your city"
	}
	for _, i := range s.StructuresAt(a.Hex) {
		st := &s.Structures[i]
		if st.Owner == p && int(st.Kind) < len(g.R.D.Structures) && g.R.D.Structures[st.Kind].Defence > best {
			best, what = g.R.D.Structures[st.Kind].Defence, "your "+g.R.D.Structures[st.Kind].Name
		}
	}
	return best, what
}

// cheer returns what player p's structures add to army a's die where it
// stands (the best, once).
func (g Game) cheer(s *game.State, p game.PlayerID, a *game.Army) int {
	best := 0
	for i := range s.Structures {
		st := &s.Structures[i]
		if st.Owner != p || int(st.Kind) >= len(g.R.D.Structures) {
			continue
		}
		if k := &g.R.D.Structures[st.Kind]; k.DieBonus > 0 && hex.Distance(st.Hex, a.Hex) <= k.DieBonusRange {
			best = max(best, k.DieBonus)
		}
	}
	return best
}

// Group implements hexscreen.Game: recruits by kind of unit and count,
// buildings next to a city by kind and direction, exploring by direction,
// trades and tributes by player.
func (g Game) Group(c model.Choice) (key, short string) {
	o := c.Order
	if c.Short == "" {
		return "", ""
	}
	switch o.Kind {
	case ep.OrderRecruit:
		for k, n := range o.Units {
			if n > 0 && k < len(g.R.D.Units) {
				return "Recruit " + g.R.D.Units[k].Name, c.Short
			}
		}
	case ep.OrderBuild:
		if st := g.R.structureKind(o.Unit); st != nil {
			return st.Name, c.Short
		}
	case game.OrderExplore:
		return "Explore", c.Short
	case ep.OrderTrade:
		return "Trade with", c.Short
	case ep.OrderTribute:
		return "Tribute to", c.Short
	}
	return "", ""
}

// Note implements hexscreen.Game: above the recruits, what each unit costs
// and fights with; above the buildings next to a city, where they go
// (the realm's panel says what trades and tributes bring); each choice's
// tip says what its unit or building does.
func (g Game) Note(c model.Choice) (heading, tip string) {
	d := g.R.D
	switch o := c.Order; o.Kind {
	case ep.OrderRecruit:
		var costs []string
		for _, u := range d.Units {
			costs = append(costs, fmt.Sprintf("%s %d", u.Name, u.Cost))
		}
		heading = fmt.Sprintf("Recruit (%s: %s each); one army a hex, %d units an army", d.Currency, strings.Join(costs, ", "), d.Army.MaxUnits)
		for k, n := range o.Units {
			if n > 0 && k < len(d.Units) {
				u := d.Units[k]
				tip = fmt.Sprintf("each %s: Combat %d, Defence %d, %s", u.Name, u.Combat, u.Defence, words.Count(u.Hits, "Hit", "Hits"))
			}
		}
		return heading, tip
	case ep.OrderBuild:
		if st := g.R.structureKind(o.Unit); st != nil {
			if c.Short != "" {
				heading = fmt.Sprintf("Build next to the city, by direction (%s each; the map marks the hex under the pointer)",
					g.R.money(int64(st.Cost)))
			}
			return heading, g.R.structureEffect(st)
		}
	}
	return "", ""
}

// structureEffect says what a structure does: "+1 Smucker at each Tax".
func (r Rules) structureEffect(st *ep.Structure) string {
	var what []string
	if st.Tax > 0 {
		what = append(what, fmt.Sprintf("+%s at each Tax", r.money(int64(st.Tax))))
	}
	if st.Defence > 0 {
		what = append(what, fmt.Sprintf("+%d Defence to your army on it", st.Defence))
	}
	if st.DieBonus > 0 {
		what = append(what, fmt.Sprintf("+%d to your side's die in battles within %s of it", st.DieBonus, words.Count(st.DieBonusRange, "hex", "hexes")))
	}
	if st.Sight > 0 {
		what = append(what, fmt.Sprintf("sees %s around", words.Count(st.Sight, "hex", "hexes")))
	}
	if len(what) == 0 {
		return ""
	}
	return strings.Join(what, "; ")
}

// Suggest implements hexscreen.Game: a city builds next to it each kind of
// structure it has none of next to it yet (on the first hex that takes
// one), then recruits the most Infantry it may; an army builds a city
// where it may.
func (g Game) Suggest(m *model.Model, sel model.Selection) (model.Choice, bool) {
	switch {
	case sel.City != 0:
		choices := m.CityChoices(sel.City)
		s, city := m.State(), m.State().City(sel.City)
		for k := range g.R.D.Structures {
			if city == nil || g.near(s, m.You(), city, game.StructureKind(k)) {
				continue
			}
			var first *model.Choice
			for i, ch := range choices {
				if ch.Reason != "" || ch.Order.Kind != ep.OrderBuild || ch.Order.Unit != game.UnitKind(k) {
					continue
				}
				if len(s.StructuresAt(ch.Order.Hex)) == 0 {
					return ch, true // a hex of its own
				}
				if first == nil {
					first = &choices[i]
				}
			}
			if first != nil {
				return *first, true
			}
		}
		var pick model.Choice
		found := false
		for _, ch := range choices {
			if ch.Reason == "" && ch.Order.Kind == ep.OrderRecruit && len(ch.Order.Units) == 1 {
				pick, found = ch, true // the counts go up: the last allowed is the most
			}
		}
		return pick, found
	case sel.Army != 0:
		for _, ch := range m.ArmyChoices(sel.Army) {
			if ch.Reason == "" && ch.Order.Kind == ep.OrderBuildCity {
				return ch, true
			}
		}
	}
	return model.Choice{}, false
}

// near reports whether player p has a structure of kind k next to city.
func (g Game) near(s *game.State, p game.PlayerID, city *game.City, k game.StructureKind) bool {
	for i := range s.Structures {
		if st := &s.Structures[i]; st.Owner == p && st.Kind == k && hex.Distance(st.Hex, city.Hex) == 1 {
			return true
		}
	}
	return false
}
