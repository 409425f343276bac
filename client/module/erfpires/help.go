package erfpires

import (
	"fmt"
	"strings"

	"empires/client/art"
	"empires/client/menu"
	"empires/client/module/hexscreen"
	ep "empires/shared/rules/erfpires"
	"empires/shared/words"
)

// Help returns the help of a game of the erfpires ruleset d: how to win,
// the day and its one order, the keys and the map's markers, every order
// with its cost and rule, the units, the structures (the Dinglehoober's
// effect among them), battles, tax, trade and tribute, and the choices the
// data file makes where the rule document is silent. Every number comes
// from d, so a mod's help tells the mod's rules.
func Help(d *ep.Ruleset) menu.HelpContent {
	return menu.HelpContent{
		Title: "Help: " + d.Name,
		Sections: []menu.HelpSection{
			helpWinning(d),
			helpDay(d),
			keysHelp(),
			hexscreen.MapHelpOf(hexscreen.MapFeatures{More: structureMapRows(d)}),
			helpOrders(d),
			helpUnits(d),
			helpStructures(d),
			helpCombat(d),
			helpEconomy(d),
			helpChoices(d),
		},
	}
}

// keysHelp is hexscreen.KeysHelp, with H centring on the first city (erfpires
// has no Capitals).
func keysHelp() menu.HelpSection {
	h := hexscreen.KeysHelp()
	for i := range h.Rows {
		if h.Rows[i].Term == "H" {
			h.Rows[i].Text = "Centre on your first city, at the zoom the game opens with (every badge readable)."
		}
		if h.Rows[i].Term == "Esc" {
			h.Rows[i].Text += " With nothing selected the side panel shows your Erfpire's orders (tax, truces), as the Erfpire button does: " +
				"] reaches them."
		}
	}
	return h
}

// money writes n of d's currency: "1 Smucker", "5 Smuckers".
func money(d *ep.Ruleset, n int) string {
	return words.Of(n, d.Currency)
}

// terrainNames lists the names of the terrains where ok holds: "Mountain
// or Ocean".
func terrainNames(d *ep.Ruleset, ok func(i int) bool, last string) string {
	var names []string
	for i, t := range d.Terrain {
		if ok(i) {
			names = append(names, t.Name)
		}
	}
	switch len(names) {
	case 0:
		return "none"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + last + " " + names[len(names)-1]
}

// closed lists the terrains armies may not enter: "Mountain or Ocean".
func closed(d *ep.Ruleset) string {
	return terrainNames(d, func(i int) bool { return !d.Terrain[i].Army }, "or")
}

// site says where structure st may be built and stand.
func site(d *ep.Ruleset, st *ep.Structure) string {
	var where []string
	if st.NextToCity {
		where = append(where, "next to one of your cities")
	}
	if st.WithArmy {
		where = append(where, "where one of your armies stands")
	}
	s := strings.Join(where, ", or ")
	if len(st.Terrain) > 0 {
		var names []string
		for _, id := range st.Terrain {
			if t, ok := d.Terrain.Lookup(id); ok {
				names = append(names, d.Terrain[t].Name)
			}
		}
		s = "on " + strings.Join(names, " or ") + ", " + s
	} else {
		s = "on any land, " + s
	}
	if st.PerHex == 1 {
		s += "; one a hex"
	} else {
		s += fmt.Sprintf("; %d a hex", st.PerHex)
	}
	return s
}

func helpWinning(d *ep.Ruleset) menu.HelpSection {
	return menu.HelpSection{
		Title: "How to win",
		Paragraphs: []string{
			fmt.Sprintf("The first Erfpire to control %d cities wins. You start with %s; build more with your armies, "+
				"or take your rivals' by attacking them.", d.Win.Cities, words.Count(d.Start.Cities, "city", "cities")),
			"An Erfpire with no city and no army left is out of the game; the last one standing wins.",
		},
	}
}

func helpDay(d *ep.Ruleset) menu.HelpSection {
	one := "Each day you give one order"
	if d.Day.Orders > 1 {
		one = fmt.Sprintf("Each day you give up to %d orders", d.Day.Orders)
	}
	return menu.HelpSection{
		Title: "The day: one order",
		Paragraphs: []string{
			one + ": move an army, build, recruit, tax, trade or pay tribute. The side panel and the top bar show " +
				"today's order; choosing another replaces it, and Clear removes it. End turn (or Enter) says you are done.",
			fmt.Sprintf("Everyone's orders are carried out at once, when all are done or the timer runs out: first the Tax, "+
				"Trade and Tribute orders, then the builds, then the recruits, then the moves and battles; at dusk an army "+
				"standing on another Erfpire's structure takes or razes it. A week is %s: the top bar says the day, the week "+
				"and your next tax day.", words.Count(d.Day.Week, "day", "days")),
			fmt.Sprintf("A player who sends nothing gives no order that day; after %s missed in a row the AI plays the seat.",
				words.Count(d.Autopilot.ReplaceAfterMissed, "day", "days")),
		},
	}
}

// structureMapRows are the map help's rows of d's structures.
func structureMapRows(d *ep.Ruleset) []menu.HelpRow {
	var rows []menu.HelpRow
	for i := range d.Structures {
		st := &d.Structures[i]
		look := "A stake with a pennant in the owner's colour"
		switch Picture(*st) {
		case art.PictureFarm:
			look = "A field with a barn, its roof in the owner's colour"
		case art.PictureFort:
			look = "A palisade before a tower, its flag in the owner's colour"
		case art.PictureContraption:
			look = "A tall contraption of pipes and bells under a flag in the owner's colour"
		}
		rows = append(rows, menu.HelpRow{Term: st.Name, Text: look + ". Beside an army it stands at the hex's foot; " +
			"the pointer on it says whose it is."})
	}
	return append(rows, menu.HelpRow{Term: "Cyan outline", Text: "The hex a building goes on, while the pointer is on its button."})
}

func helpOrders(d *ep.Ruleset) menu.HelpSection {
	rows := []menu.HelpRow{
		{Term: "Move", Text: fmt.Sprintf("Select an army, then click a lit hex (or right-click, or drag from the army): "+
			"it moves up to %s. Armies may not enter %s. Onto an enemy army or city: an attack, and a battle; "+
			"a city with no army in it is taken. A move never goes into an enemy it sees: it stops before it (\"enemy ahead\") "+
			"and the day's order is spent, so a click on an enemy in sight orders an attack (the path's tooltip says so).",
			words.Count(d.Army.Move, "hex", "hexes"), closed(d))},
		{Term: "Build a City", Text: fmt.Sprintf("%s. Select an army: the city is built on its hex. No other city "+
			"may stand within %s.", money(d, d.City.Cost), words.Count(d.City.MinDistance-1, "hex", "hexes"))},
	}
	for i := range d.Structures {
		st := &d.Structures[i]
		how := "select the city and pick the hex by its direction"
		if st.WithArmy && !st.NextToCity {
			how = "select the army"
		} else if st.WithArmy {
			how = "select the city and pick the hex by its direction, or select the army"
		}
		rows = append(rows, menu.HelpRow{Term: "Build a " + st.Name, Text: fmt.Sprintf("%s, %s (%s).",
			money(d, st.Cost), site(d, st), how)})
	}
	var costs []string
	for _, u := range d.Units {
		costs = append(costs, fmt.Sprintf("%s %d", u.Name, u.Cost))
	}
	rows = append(rows,
		menu.HelpRow{Term: "Recruit", Text: fmt.Sprintf("Select a city: %s %s each. They join your army in the city, or form "+
			"a new one. One army a hex; at most %d units an army; at most %d units a day for each city you control "+
			"(3 cities: %d).", strings.Join(costs, ", "), d.Currency, d.Army.MaxUnits, d.Recruit.UnitsPerCity, d.RecruitLimit(3))},
		menu.HelpRow{Term: "Tax", Text: fmt.Sprintf("Once a week (%s): %s per city%s, less %s maintenance per army. "+
			"Select nothing (or press the Erfpire button) to see what it would bring.",
			words.Count(d.Day.Week, "day", "days"), money(d, d.Tax.PerCity), structureTax(d), money(d, d.Tax.MaintenancePerArmy))},
		menu.HelpRow{Term: "Trade", Text: fmt.Sprintf("With another Erfpire: when both trade with each other the same day, each "+
			"gains %s what its Tax would bring after maintenance (never below 0), rounded down; a trade pays no maintenance. "+
			"A trade the other does not return brings nothing.", part(d.Trade.Divisor))},
		menu.HelpRow{Term: "Tribute", Text: fmt.Sprintf("To another Erfpire: a gift of %s your tax revenue, rounded down. "+
			"For %s from that day, it may not attack you.", part(d.Tribute.Divisor), words.Count(d.Day.Week, "day", "days"))},
	)
	return menu.HelpSection{Title: "Orders", Rows: rows}
}

func helpUnits(d *ep.Ruleset) menu.HelpSection {
	var rows []menu.HelpRow
	for _, u := range d.Units {
		rows = append(rows, menu.HelpRow{Term: u.Name, Text: fmt.Sprintf("Costs %s; Combat %d, Defence %d, %s.",
			money(d, u.Cost), u.Combat, u.Defence, words.Count(u.Hits, "Hit", "Hits"))})
	}
	return menu.HelpSection{Title: "Units", Rows: rows}
}

func helpStructures(d *ep.Ruleset) menu.HelpSection {
	var rows []menu.HelpRow
	r := Rules{Rules: ep.NewRules(d)}
	for i := range d.Structures {
		st := &d.Structures[i]
		text := sentence(r.structureEffect(st))
		if st.DieBonus > 0 {
			text = fmt.Sprintf("The rule document gives it no effect. Here its din cheers its owner's troops: +%d to their die "+
				"in every battle within %s of it (two cheer no louder than one). ", st.DieBonus, words.Count(st.DieBonusRange, "hex", "hexes")) + text
		}
		switch st.EnemyArmy {
		case ep.EnemyDestroys:
			text += " An enemy army that ends a day on it razes it."
		case ep.EnemyCaptures:
			text += " An enemy army that ends a day on it takes it."
		}
		rows = append(rows, menu.HelpRow{Term: st.Name, Text: text})
	}
	return menu.HelpSection{Title: "Structures", Rows: rows}
}

// sentence ends an effect's words as a sentence: "+1 Smucker at each Tax.".
func sentence(s string) string {
	if s == "" {
		return "No effect."
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func helpCombat(d *ep.Ruleset) menu.HelpSection {
	var order []string
	for _, k := range d.CasualtyOrder {
		order = append(order, d.Units[k].Name)
	}
	tie := "the attacker retreats"
	if d.Combat.TieRetreats == "defender" {
		tie = "the defender retreats"
	}
	return menu.HelpSection{
		Title: "Battles",
		Paragraphs: []string{
			fmt.Sprintf("When armies of two Erfpires meet, each side rolls a d%d and inflicts total Combat + the die − "+
				"the enemy's total Defence hits (never below 0). An army in a city or Fort of its own gains %d Defence "+
				"(the best of them: they do not add up). Each hit removes one unit, in this order: %s.", d.Combat.DieSides,
				d.City.Defence, strings.Join(order, ", then ")),
			fmt.Sprintf("A side left with no units loses. Otherwise the side that took more hits retreats one hex; on equal "+
				"hits %s, and two armies that clash crossing one edge both hold. An army that must retreat and has no free "+
				"hex is destroyed. The log and the battle report show each side's die and sums.", tie),
		},
	}
}

// structureTax writes what the structures bring at a Tax: ", 1 per
// Farm".
func structureTax(d *ep.Ruleset) string {
	s := ""
	for _, st := range d.Structures {
		if st.Tax > 0 {
			s += fmt.Sprintf(", %d per %s", st.Tax, st.Name)
		}
	}
	return s
}

// part writes the share 1/n: "half of", "1/3 of".
func part(n int) string {
	if n == 2 {
		return "half of"
	}
	return fmt.Sprintf("1/%d of", n)
}

func helpEconomy(d *ep.Ruleset) menu.HelpSection {
	farm := structureTax(d)
	return menu.HelpSection{
		Title: "Tax, trade and tribute",
		Paragraphs: []string{
			fmt.Sprintf("A Tax brings %s per city%s, less %s per army for maintenance (an Erfpire that cannot pay it all "+
				"pays what it has). Once taxed, you may tax again %s later.", money(d, d.Tax.PerCity), farm,
				money(d, d.Tax.MaintenancePerArmy), words.Count(d.Day.Week, "day", "days")),
			fmt.Sprintf("A Trade brings each side %s its Tax's gain after maintenance (never below 0), and only if "+
				"both named each other that day. It pays no maintenance and is no Tax.", part(d.Trade.Divisor)),
			fmt.Sprintf("A Tribute gives %s your revenue before maintenance, paid in full (at least 1). Its receiver "+
				"may not attack you for %s, the day of the tribute first: its orders into your armies, cities or "+
				"structures are refused, and if its army walks into yours unseen no blow is struck and it falls back "+
				"unharmed. You may still attack it.", part(d.Tribute.Divisor), words.Count(d.Day.Week, "day", "days")),
		},
	}
}

func helpChoices(d *ep.Ruleset) menu.HelpSection {
	var start []string
	for k, n := range d.StartArmy {
		if n > 0 {
			start = append(start, fmt.Sprintf("%d %s", n, d.Units[k].Name))
		}
	}
	var order []string
	for _, k := range d.CasualtyOrder {
		order = append(order, d.Units[k].Name)
	}
	return menu.HelpSection{
		Title:      "Where the rules are silent",
		Paragraphs: []string{"The rule document leaves these open; the data file (erfpires.toml) makes these choices:"},
		Rows: []menu.HelpRow{
			{Term: "Start", Text: fmt.Sprintf("%s, an army of %s in the first, %s.", words.Count(d.Start.Cities, "city", "cities"),
				strings.Join(start, ", "), money(d, d.Start.Smuckers))},
			{Term: "A week", Text: words.Count(d.Day.Week, "day", "days") + "."},
			{Term: "Sight", Text: fmt.Sprintf("Cities see %s around, armies %s; Forts and Dinglehoobers see around them too.",
				words.Count(d.City.Sight, "hex", "hexes"), words.Count(d.Army.Sight, "hex", "hexes"))},
			{Term: "Terrain", Text: fmt.Sprintf("Cities may stand on %s; Forest and Hills grow no farms.",
				terrainNames(d, func(i int) bool { return d.Terrain[i].City }, "or"))},
			{Term: "Casualties", Text: strings.Join(order, ", then ") + "."},
			{Term: "City and Fort", Text: "Their Defence helps their owner's army only, and they do not add up."},
			{Term: "Builds that clash", Text: "Two cities too close, or two structures of a kind on one hex, ordered the same day: a lot decides which is built; the other keeps its money."},
			{Term: "Several at the goal", Text: "Erfpires reaching the cities that win on the same day: the one with most cities wins, then most units."},
			{Term: "The Dinglehoober", Text: "Its effect is a choice: see Structures."},
		},
	}
}
