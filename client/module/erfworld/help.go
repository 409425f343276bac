package erfworld

import (
	"fmt"
	"strings"

	"empires/client/menu"
	"empires/client/module/hexscreen"
	erf "empires/shared/rules/erfworld"
	"empires/shared/words"
)

// Help returns the help of a game of the erfworld ruleset d: how to win,
// the turn, the keys and the map's markers (hexscreen.KeysHelp, hexscreen.MapHelp),
// then the rules in short. Every number comes from d, so a mod's help tells
// the mod's rules.
func Help(d *erf.Ruleset) menu.HelpContent {
	return menu.HelpContent{
		Title: "Help: " + d.Name,
		Sections: []menu.HelpSection{
			erfWinning(d),
			erfTurn(d),
			hexscreen.KeysHelp(),
			hexscreen.MapHelp(),
			erfCities(d),
			erfUnits(d),
			erfWarlords(d),
			erfCasters(d),
			erfFleets(d),
			erfCombat(d),
			erfUpkeep(d),
		},
	}
}

// money returns n of the ruleset's currency: "1 Schmucker", "5 Schmuckers".
func money(d *erf.Ruleset, n int) string {
	return words.Of(n, d.Currency)
}

// terrainName returns the name of the terrain with id id.
func terrainName(d *erf.Ruleset, id string) string {
	if t, ok := d.Terrain.Lookup(id); ok {
		return d.Terrain[t].Name
	}
	return id
}

// unitNames returns the names of the unit kinds ids: "Cavalry and Flyers".
func unitNames(d *erf.Ruleset, ids []string) string {
	var names []string
	for _, id := range ids {
		name := id
		for _, u := range d.Units {
			if u.ID == id {
				name = u.Name
			}
		}
		names = append(names, name)
	}
	return andList(names)
}

// andList returns "a", "a and b", "a, b and c".
func andList(s []string) string { return joinList(s, "and") }

// orList returns "a", "a or b", "a, b or c".
func orList(s []string) string { return joinList(s, "or") }

func joinList(s []string, last string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " " + last + " " + s[len(s)-1]
}

func erfWinning(d *erf.Ruleset) menu.HelpSection {
	return menu.HelpSection{
		Title: "How to win",
		Paragraphs: []string{
			fmt.Sprintf("Hold %s at the start of your turn and you win. Your own is one; no city can be "+
				"upgraded to a Capital (level %d), so the others must be conquered.",
				words.Count(d.Win.Capitals, "Capital", "Capitals"), d.City.CapitalLevel),
			fmt.Sprintf("Lose your last Capital and you have %s to retake one: without a Capital at the end "+
				"of it you are out of the game, and your cities and units are removed.",
				words.Count(d.Win.RetakeTurns, "turn", "turns")),
		},
	}
}

func erfTurn(d *erf.Ruleset) menu.HelpSection {
	var off []string
	if !d.Autopilot.Income {
		off = append(off, "no income")
	}
	if !d.Autopilot.Upkeep {
		off = append(off, "no upkeep")
	}
	if !d.Autopilot.Moves {
		off = append(off, "no army moves or attacks")
	}
	if !d.Autopilot.CharacterActions {
		off = append(off, "no Warlord or Caster acts")
	}
	autopilot := "A player who sends no orders in time plays the turn on autopilot"
	if len(off) > 0 {
		autopilot += ": " + andList(off)
	}
	autopilot += "."
	if n := d.Autopilot.ReplaceAfterMissed; n > 0 {
		autopilot += fmt.Sprintf(" After %d missed turns in a row the seat is opened to a new player.", n)
	}
	return menu.HelpSection{
		Title: "The turn",
		Paragraphs: []string{
			"Everyone gives orders at the same time. End turn (or Enter) says you are done; the turn is played " +
				"when everyone is done or the turn timer runs out, in this order: income, building and upgrading " +
				"cities, creating units, characters and fleets, upkeep, then the moves and battles.",
			autopilot,
		},
	}
}

func erfCities(d *erf.Ruleset) menu.HelpSection {
	c := d.City
	upFrom := c.MinLevel + 1
	tg := d.TradeGoods
	three := 1
	for range tg.ValueExponent {
		three *= 3
	}
	rows := []menu.HelpRow{
		{Term: "Income", Text: fmt.Sprintf("Each city brings %s per level each turn: a level-%d Capital brings %s.",
			money(d, c.IncomePerLevel), c.CapitalLevel, money(d, c.IncomePerLevel*c.CapitalLevel))},
		{Term: "New city", Text: fmt.Sprintf("%s, on %s terrain where you have an army, with no other city closer than %s.",
			money(d, c.NewCityCost), terrainName(d, d.Terrain[d.CityTerrain].ID), words.Count(c.MinDistance, "hex", "hexes"))},
		{Term: "Upgrade", Text: fmt.Sprintf("%s a turn, costing %d times the new level (level %d to %d: %s), up to level %d.",
			words.Count(c.UpgradeLevelsPerTurn, "level", "levels"), c.UpgradeCostPerLevel, upFrom, upFrom+1,
			money(d, c.UpgradeCostPerLevel*(upFrom+1)), c.MaxUpgradeLevel)},
		{Term: "Forming units", Text: fmt.Sprintf("A city forms %s per level each turn.", words.Count(c.UnitsPerLevel, "unit", "units"))},
		{Term: "Defence", Text: fmt.Sprintf("Attacked, a city adds %d %s per level of defence to its side, for that battle; "+
			"a city with no army in it fights alone with them. Each attacking Siege lowers the defence by a level.",
			c.GarrisonPerDefence*c.DefencePerLevel, unitNames(d, []string{c.GarrisonUnit}))},
		{Term: "Sight", Text: "Cities, armies and fleets see the hexes around them at the start of each turn."},
	}
	if tg.PerCapitalPerTurn > 0 {
		rows = append(rows, menu.HelpRow{Term: "Trade Goods", Text: fmt.Sprintf("A Capital may make %s a turn instead of forming units "+
			"or characters. Cash in several at once: n goods pay n to the power %d (3 goods: %s).",
			words.Count(tg.PerCapitalPerTurn, "Trade Good", "Trade Goods"), tg.ValueExponent, money(d, three))})
	}
	return menu.HelpSection{Title: "Cities and income", Rows: rows}
}

func erfUnits(d *erf.Ruleset) menu.HelpSection {
	var rows []menu.HelpRow
	for _, u := range d.Units {
		var what []string
		if u.RequiresTerrain == "" {
			what = append(what, "Always available")
		} else {
			what = append(what, "Needs a city of yours next to "+terrainName(d, u.RequiresTerrain))
		}
		if u.Dice != 1 {
			what = append(what, fmt.Sprintf("rolls %d dice in battle", u.Dice))
		}
		if u.Hits > 1 {
			what = append(what, fmt.Sprintf("takes %d hits to destroy", u.Hits))
		}
		if u.ScoutHexes > 0 {
			what = append(what, fmt.Sprintf("each may scout %s at a distance of %d from its army at the start of the turn",
				words.Count(u.ScoutHexes, "hex", "hexes"), u.ScoutDistance))
		}
		if u.CityDefenceReduction > 0 {
			what = append(what, fmt.Sprintf("each lowers a city's defence by %d when attacking it", u.CityDefenceReduction))
		}
		if u.Cost > 0 {
			what = append(what, "costs "+money(d, u.Cost))
		}
		rows = append(rows, menu.HelpRow{Term: u.Name, Text: strings.Join(what, "; ") + "."})
	}
	a := d.Army
	move := fmt.Sprintf("Units leave a city only in an army led by a Warlord; units in a city's hex are its garrison. "+
		"An army moves %s a turn", words.Count(a.BaseMove, "hex", "hexes"))
	var mods []string
	for _, m := range a.MoveModifiers {
		verb := "one more"
		if m.Change < 0 {
			verb = "one less"
		}
		if m.Change != 1 && m.Change != -1 {
			verb = fmt.Sprintf("%+d", m.Change)
		}
		mods = append(mods, fmt.Sprintf("%s when it has more %s than %s", verb, unitNames(d, m.More), unitNames(d, m.Than)))
	}
	if len(mods) > 0 {
		move += ", " + strings.Join(mods, ", ")
	}
	var closed []string
	for _, t := range d.Terrain {
		if !t.Army {
			closed = append(closed, t.Name)
		}
	}
	move += fmt.Sprintf(" (from %d to %d). Armies cannot enter %s; fleets carry them over water.", a.MinMove, a.MaxMove, orList(closed))
	return menu.HelpSection{Title: "Units and armies", Paragraphs: []string{move}, Rows: rows}
}

func erfWarlords(d *erf.Ruleset) menu.HelpSection {
	w := d.Warlord
	pop := fmt.Sprintf("Popped in a Capital (%s a turn) at level %d", words.Count(w.PerCapitalPerTurn, "Warlord", "Warlords"), w.PopLevel)
	if w.Cost > 0 {
		pop += " for " + money(d, w.Cost)
	}
	if w.CostPerExtraLevel > 0 {
		pop += fmt.Sprintf(", or a level higher for each %s more (up to level %d)", money(d, w.CostPerExtraLevel), w.MaxLevel)
	}
	crit := ""
	if d.Combat.WarlordCanMakeCritical {
		crit = fmt.Sprintf(" (a %d raised to a %d is a critical hit)", d.Combat.CriticalOn-1, d.Combat.CriticalOn)
	}
	return menu.HelpSection{
		Title: "Warlords",
		Paragraphs: []string{
			pop + fmt.Sprintf(". A Warlord gains %s for each battle won. In battle, each level adds %d to a die that missed%s. "+
				"Alone, a Warlord moves %s a turn. Upkeep %s a turn. A Warlord dies when the last unit of its side on its hex dies.",
				words.Count(w.LevelsPerVictory, "level", "levels"), d.Combat.WarlordPointsPerLevel, crit,
				words.Count(w.MoveAlone, "hex", "hexes"), money(d, w.Upkeep)),
		},
	}
}

func erfCasters(d *erf.Ruleset) menu.HelpSection {
	c := d.Caster
	intro := fmt.Sprintf("Up to %d per empire, popped in a Capital (%s a turn)", c.MaxPerSide, words.Count(c.PerCapitalPerTurn, "Caster", "Casters"))
	if c.Cost > 0 {
		intro += " for " + money(d, c.Cost)
	}
	var blocks []string
	if c.BlocksUnits {
		blocks = append(blocks, "forms no units")
	}
	if c.BlocksTradeGoods {
		blocks = append(blocks, "makes no Trade Good")
	}
	if len(blocks) > 0 {
		intro += "; that Capital " + andList(blocks) + " that turn"
	}
	intro += fmt.Sprintf(". Upkeep %s a turn each. A Caster dies when the last unit of its side on its hex dies.", money(d, c.Upkeep))
	croak := fmt.Sprintf("In a battle won, 1/%d of the enemy's casualties (rounded down) rise and join you.", c.Croak.UncroakDivisor)
	var never []string
	for _, id := range c.Croak.IncompatibleWith {
		if k, ok := erf.ParseCasterKind(id); ok {
			never = append(never, c.Name(k))
		}
	}
	if len(never) > 0 {
		croak += " Not in an empire that has a " + andList(never) + "."
	}
	fool := fmt.Sprintf("A Look at your empire fails %d%% of the time", c.Fool.LookBlockPercent)
	if c.Fool.RevealsCasterLook {
		fool += ", and you learn who looked"
	}
	cancel := "In its battles, the enemy's Casters have no effect"
	if !c.Cancel.CancelsCancel {
		cancel += ", but for a " + c.Cancel.Name
	}
	return menu.HelpSection{
		Title:      "Casters",
		Paragraphs: []string{intro},
		Rows: []menu.HelpRow{
			{Term: c.Croak.Name, Text: croak},
			{Term: c.Econ.Name, Text: fmt.Sprintf("+%s a turn.", money(d, c.Econ.Income))},
			{Term: c.Look.Name, Text: fmt.Sprintf("Each turn, see the map and turn report of %s.", words.Count(c.Look.Targets, "other player", "other players"))},
			{Term: c.Fool.Name, Text: fool + "."},
			{Term: c.Heal.Name, Text: fmt.Sprintf("In its battles, your casualties are divided by %d (rounded down); one per battle.", c.Heal.CasualtyDivisor)},
			{Term: c.Dirt.Name, Text: fmt.Sprintf("City upgrades cost 1/%d.", c.Dirt.UpgradeCostDivisor)},
			{Term: c.Cancel.Name, Text: cancel + "."},
		},
	}
}

func erfFleets(d *erf.Ruleset) menu.HelpSection {
	f := d.Fleet
	var next []string
	for _, id := range f.NeedsCityNextTo {
		next = append(next, terrainName(d, id))
	}
	build := fmt.Sprintf("Built when you have cities next to %s: %s a turn, %s", andList(next),
		words.Count(f.PerSidePerTurn, "fleet", "fleets"), money(d, f.Cost))
	if f.Upkeep == 0 {
		build += ", no upkeep."
	} else {
		build += fmt.Sprintf(", upkeep %s a turn.", money(d, f.Upkeep))
	}
	carry := fmt.Sprintf("A fleet moves %s a turn and carries %s a turn: loading costs it %s, unloading %s",
		words.Count(f.Move, "hex", "hexes"), words.Count(f.ArmiesPerTurn, "army", "armies"),
		words.Count(f.LoadCost, "move", "moves"), words.Count(f.UnloadCost, "move", "moves"))
	if !f.CarriedArmyMoves {
		carry += ", and the army does not move the turn it is carried"
	}
	carry += "."
	return menu.HelpSection{
		Title: "Fleets",
		Paragraphs: []string{
			build + " " + carry,
			fmt.Sprintf("A fleet that neither moves nor carries goes fishing: +%s. %s. Fleets that meet fight: "+
				"a roll of %d sinks the other.", money(d, f.FishingIncome),
				words.Count(f.MaxPerHex, "fleet per hex at most", "fleets per hex at most"), f.DestroyOn),
		},
	}
}

func erfCombat(d *erf.Ruleset) menu.HelpSection {
	c := d.Combat
	tie := "on equal losses both hold"
	switch c.TieRetreats {
	case "attacker":
		tie = "on equal losses the attacker falls back"
	case "defender":
		tie = "on equal losses the defender falls back"
	}
	return menu.HelpSection{
		Title: "Battles",
		Paragraphs: []string{
			fmt.Sprintf("Moving onto another player's army or city is an attack. Each unit rolls a %d-sided die "+
				"(some roll more: see Units); %d or more is a hit and a %d counts as %s. The Warlord's levels raise missed rolls.",
				c.DieSides, c.HitOn, c.CriticalOn, words.Count(c.CriticalHits, "hit", "hits")),
			fmt.Sprintf("Casualties fall on %s in that order, unless you order another. The side that loses more units "+
				"retreats %s; %s.", unitNames(d, c.CasualtyOrder), words.Count(c.RetreatHexes, "hex", "hexes"), tie),
		},
	}
}

func erfUpkeep(d *erf.Ruleset) menu.HelpSection {
	u := d.Upkeep
	n := u.UnitsPerSchmucker
	example := 3*n - 1
	pay := example / n
	if u.Rounding == "up" {
		pay = (example + n - 1) / n
	}
	return menu.HelpSection{
		Title: "Upkeep",
		Paragraphs: []string{
			fmt.Sprintf("Each turn you pay %s for every %d units (rounded %s: %d units cost %s), %s a Warlord "+
				"and %s a Caster. If you cannot pay, units are removed until you can.",
				money(d, 1), n, u.Rounding, example, money(d, pay), money(d, d.Warlord.Upkeep), money(d, d.Caster.Upkeep)),
		},
	}
}
