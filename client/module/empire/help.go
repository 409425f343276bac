package empire

import (
	"fmt"
	"strings"

	"empires/client/menu"
	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// Help implements module.Screen: the rules in short, the units, the keys
// and the map's marks.
func (s *Screen) Help() menu.HelpContent { return Help(s.m.d, s.lay.Shape) }

// Help returns the help of the empire ruleset played with data d on a map
// of cells of shape: the rules in short, the units, the keys (Enter ends
// the turn) and the map's marks.
func Help(d *dat.Data, shape grid.Shape) menu.HelpContent {
	c := help(d)
	if shape != grid.Hex {
		return c
	}
	for i := range c.Sections {
		sec := &c.Sections[i]
		for j := range sec.Paragraphs {
			sec.Paragraphs[j] = hexWords.Replace(sec.Paragraphs[j])
		}
		for j := range sec.Rows {
			sec.Rows[j].Term, sec.Rows[j].Text = hexWords.Replace(sec.Rows[j].Term), hexWords.Replace(sec.Rows[j].Text)
		}
	}
	return c
}

func help(d *dat.Data) menu.HelpContent {
	gm := &d.Game
	terrains := make([]string, dat.NumTerrains)
	for i := range terrains {
		terrains[i] = d.Terrains[i].Name
	}
	c := menu.HelpContent{Title: "Empire: help"}
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The game",
		Paragraphs: []string{
			"Conquer the world. The map is a rectangle of squares of four terrains: " + strings.Join(terrains, ", ") +
				". Towns and cities produce units; armies move, fight and take the settlements of the others and the neutral ones. " +
				"A player with no settlement, no force and no unit on the way is out; the last one left wins" +
				fmt.Sprintf(" (after turn %d, the one holding the most settlements).", gm.LastTurn),
			"Everyone gives orders at once; End turn (Enter) says you are done. Then all armies move their first square, " +
				"then their second, and so on, all at the same time; where armies of two players meet, they fight.",
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Settlements and production",
		Paragraphs: []string{
			fmt.Sprintf("A town produces at %d%% and makes every unit without a *; a city at %d%% makes all units. Sea units only next to the sea. "+
				"A settlement sees %d squares far (a city %d).", gm.TownRate, gm.CityRate, gm.TownROS, gm.CityROS),
			"Select your settlement (click it) and press Production… to choose its unit: the list shows how many turns each takes there, " +
				"and why the others cannot be made. Changing the unit starts it from nothing. A produced unit joins the settlement's garrison.",
			"Forward… sends each produced unit to one of your forces far away instead: it takes half the distance, divided by the " +
				"squares the unit passes a turn on its best terrain, rounded up. If that force is gone, the unit comes back.",
			fmt.Sprintf("Wounded units heal in your settlements: %d hp a turn in a town, completely in a city.", gm.TownHeal),
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Forces: garrisons and armies",
		Paragraphs: []string{
			"A garrison stays in its settlement; an army moves. Click a settlement again to select its garrison (each click selects the next force on the square), " +
				"then Split off… to make a new army of the units you pick. Join… moves units between your forces on one square.",
			"An army has the mp of its slowest unit and, on each terrain, the worst cost of its units (never more than its mp). " +
				"With an army selected, right-click a square (or click one where you have nothing) to send it there: the path goes over " +
				"the squares you know, and the numbers on it are the turns it ends each turn. The order stands from turn to turn until it arrives.",
			"Peace: armies of two players that are all in peace meet without fighting, and an army in peace takes no settlement.",
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Battles",
		Paragraphs: []string{
			"A battle is fought in rounds: a special phase (mages), a distance phase (archers), a melee phase, then the escape. " +
				"Each unit attacks the least valuable enemy it may: it rolls up to its attack value against the target's roll up to its defence; higher hits for 1 hp.",
			fmt.Sprintf("An army whose hp falls below %d%% of its start flees to a free square beside; a garrison never flees. "+
				"A unit is promoted after its battles %s (*, **, ***) and rolls once more per level, keeping the best.", gm.FleeBelow, joinInts(gm.Promotions)),
			"A settlement is taken when its garrison is beaten, or by walking into it when it has none. Armies with bombing units bombard hostile armies beside them " +
				"after each step: one attack from each bombing unit on each such square, rolled as in battle (it may miss), " +
				"and armies in peace mode are bombarded too (an army in peace mode does not bombard).",
			"The log tells each turn; click a battle's line for its report, any other line to see the square.",
		},
	})
	var units []menu.HelpRow
	for i := range d.Units {
		u := &d.Units[i]
		name := u.Name
		if u.CityOnly {
			name += "*"
		}
		units = append(units, menu.HelpRow{Term: name, Text: unitHelp(d, u)})
	}
	c.Sections = append(c.Sections, menu.HelpSection{Title: "Units", Paragraphs: []string{"* only in cities. prod: turns at 100%; mp and the cost of a square of each terrain (- none); ros: range of sight; av/dv: attack and defence."}, Rows: units})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "Keys and mouse",
		Rows: []menu.HelpRow{
			{Term: "Click", Text: "select a square: your settlement first, then each of your forces there; with an army selected, a square with nothing of yours sends it there"},
			{Term: "Right-click", Text: "send the selected army there (onto an enemy: attack)"},
			{Term: "Drag, WASD, Shift+arrows", Text: "pan the map"},
			{Term: "Arrows", Text: "move the cursor (the thick ring) a square; the map follows it"},
			{Term: "Keypad 8 2 4 6, 7 9 1 3", Text: "move the cursor up, down, left, right, and on the diagonals (on a map of hexes: the six hex directions, 8 and 2 as up and down)"},
			{Term: "Space", Text: "at the cursor, as a click: select what is there (again: the next thing there), or send the selected army there; " +
				"while the turn is shown moving: skip it (Settings: Turn animation Off, Slow, Normal, Fast)"},
			{Term: "M", Text: "at the cursor, as a right-click: send the selected army there (onto an enemy: attack)"},
			{Term: "Wheel, + and -", Text: "zoom"},
			{Term: "H", Text: "back to your home city"},
			{Term: "Tab, Shift+Tab", Text: "the next (previous) of your armies, then your garrisons, then your settlements: the cursor goes there"},
			{Term: "] and [", Text: "move the focus (a ring) to the side panel's next (previous) button; Space presses it"},
			{Term: "Esc", Text: "leave the side panel's buttons; deselect; close a window"},
			{Term: "Backspace", Text: "take back the last order"},
			{Term: "Enter", Text: "end the turn (again: take it back)"},
			{Term: "F1", Text: "this help"},
			{Term: "F12", Text: "save a screenshot"},
		},
	})
	c.Sections = append(c.Sections, menu.HelpSection{
		Title: "The map",
		Rows: []menu.HelpRow{
			{Term: "Dark square", Text: "never seen"},
			{Term: "Grey square", Text: "seen before, not in sight now: what is on it is as it was"},
			{Term: "Grass, trees, peaks, waves", Text: "the four terrains; sand and foam where land meets the sea"},
			{Term: "Houses", Text: "a town; walls and towers: a city. Its banner is in its owner's colour with the owner's mark (grey and bare: neutral)"},
			{Term: "Shield", Text: "armies, in their owner's colour with the owner's mark; beside it the picture of their most numerous kind (the strongest of equals) and their units (a second shield behind: more than one army)"},
			{Term: "Plate on a settlement", Text: "its garrison: the owner's colour and mark, the picture of its most numerous kind, its units"},
			{Term: "Others' shields and plates", Text: "another player's forces as last seen, with their units (no pictures: you do not see their kinds); darker with T4: seen on turn 4, outdated, until you see that square again without them"},
			{Term: "Zoomed out", Text: "a city is a square, a town or an army a disc, in the owner's colour, with the mark when there is room"},
			{Term: "Yellow line", Text: "the selected army's path, with the turn it reaches each stop; white: your other armies' paths"},
			{Term: "Blue dashes", Text: "where the selected settlement forwards its units"},
		},
	})
	return c
}

// unitHelp describes a unit kind in a line.
func unitHelp(d *dat.Data, u *dat.Unit) string {
	var mv []string
	for t := dat.Terrain(0); t < dat.NumTerrains; t++ {
		c := "-"
		if u.Move[t] > 0 {
			c = fmt.Sprint(u.Move[t])
		}
		mv = append(mv, d.Terrains[t].Name[:1]+c)
	}
	s := fmt.Sprintf("prod %d, hp %d, mp %d (%s), ros %d, av %d, dv %d, attacks in the %s phase", u.Prod, u.HP, u.MP,
		strings.Join(mv, " "), u.ROS, u.AV, u.DV, strings.ToLower(strings.TrimSuffix(strings.Fields(phaseWords(u.Phase))[0], " phase")))
	var extra []string
	if u.Transport > 0 {
		extra = append(extra, fmt.Sprintf("carries %d", u.Transport))
	}
	if u.Has(dat.Fly) {
		extra = append(extra, "flies")
	}
	if u.Attacks&dat.Bombing != 0 {
		extra = append(extra, "bombards")
	}
	if u.AVBonus > 0 {
		extra = append(extra, fmt.Sprintf("av+%d to its army", u.AVBonus))
	}
	if u.DVBonus > 0 {
		extra = append(extra, fmt.Sprintf("dv+%d to its army", u.DVBonus))
	}
	if len(extra) > 0 {
		s += "; " + strings.Join(extra, ", ")
	}
	return s
}

// joinInts writes 1, 3 and 5.
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	switch len(parts) {
	case 0:
		return "(never)"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
