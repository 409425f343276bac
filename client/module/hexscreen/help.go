package hexscreen

import "empires/client/menu"

// The help of the hex game screen that every ruleset on the hex engine
// shares: its mouse and keys, and the board's markers. A module's help
// (Game.Help) puts them among its rules.

// KeysHelp returns the section of the game screen's mouse and keys.
func KeysHelp() menu.HelpSection {
	return menu.HelpSection{
		Title: "Mouse and keys",
		Rows: []menu.HelpRow{
			{Term: "Left click", Text: "Select an army or city of yours; click again for the next thing on the hex. " +
				"With an army selected, a hex it reaches: move there."},
			{Term: "Right click", Text: "Move the selected army there, also into hexes never seen; onto an enemy you see, attack."},
			{Term: "Drag from the army", Text: "Draw the selected army's path."},
			{Term: "Drag the map, W A S D, Shift+arrows", Text: "Pan the map (also the mouse at the window's edge, if Settings turn it on)."},
			{Term: "Arrows", Text: "Move the cursor (the thick ring) a hex: left and right along the row, up and down to the row above or below. " +
				"The map follows it."},
			{Term: "Keypad 7 9 4 6 1 3, 8 2", Text: "Move the cursor a hex north-west, north-east, west, east, south-west, south-east; 8 and 2 as up and down."},
			{Term: "Space", Text: "At the cursor, as a left click: select what is there (again: the next thing on the hex), " +
				"or move the selected army there. While the turn is shown moving: skip it."},
			{Term: "M", Text: "At the cursor, as a right click: move the selected army there, also into hexes never seen; onto an enemy, attack."},
			{Term: "Mouse wheel, + and −", Text: "Zoom (over the log, the wheel scrolls the log)."},
			{Term: "Minimap", Text: "Click or drag to look there."},
			{Term: "Tab, Shift+Tab", Text: "Select the next (previous) of your armies, then of your cities: the cursor goes there."},
			{Term: "] and [", Text: "Move the focus (a ring) to the side panel's next (previous) button: a choice, or an order's x. " +
				"Space presses it; a disabled one says why. Esc gives the keys back to the map."},
			{Term: "H", Text: "Centre on your Capital, at the zoom the game opens with (every badge readable)."},
			{Term: "Esc", Text: "Leave the side panel's buttons; deselect; close the open window."},
			{Term: "Enter, End turn", Text: "Send the orders and say you are done; again to take it back."},
			{Term: "Backspace, Delete", Text: "Remove the last order."},
			{Term: "F1, Help", Text: "This help."},
			{Term: "Menu", Text: "Settings, this help, leave the game."},
			{Term: "Log ▲", Text: "A bigger log (Log ▼: smaller again)."},
			{Term: "F12", Text: "Save a screenshot (in the screenshots folder beside your settings)."},
			{Term: "Ctrl+A, C, V, X", Text: "In a text field: select all, copy, paste, cut."},
		},
	}
}

// MapFeatures says which of the board's markers a ruleset's games show,
// for MapHelpOf.
type MapFeatures struct {
	// Stacks: several armies of a player may share a hex.
	Stacks bool
	// Characters: armies have Warlords and Casters, badged.
	Characters bool
	// Stances: armies take standing orders, badged.
	Stances bool
	// Fleets: ships carry armies over water.
	Fleets bool
	// CityLevels: cities have levels (and Capitals), shown on the map.
	CityLevels bool
	// More are the ruleset's own markers (its structures), listed after
	// the cities.
	More []menu.HelpRow
}

// MapHelp returns the section of what the map's markers mean, every one
// of them.
func MapHelp() menu.HelpSection {
	return MapHelpOf(MapFeatures{Stacks: true, Characters: true, Stances: true, Fleets: true, CityLevels: true})
}

// MapHelpOf returns the section of what the map's markers mean in a game
// that shows those of f.
func MapHelpOf(f MapFeatures) menu.HelpSection {
	shield := "An army, in its owner's colour, with the owner's mark (circle, square, triangle, star…): " +
		"every player has their own, so colours need not be told apart."
	if f.Fleets {
		shield += " A ship is a fleet."
	}
	shield += " Zoomed far out, armies are dots and cities squares in the owner's colour."
	rows := []menu.HelpRow{
		{Term: "Shield", Text: shield},
		{Term: "Number at its point", Text: "The units in the army on top (white on a dark plate)."},
	}
	if !f.Stacks {
		rows[1].Text = "The units in the army (white on a dark plate)."
	}
	if f.Stacks {
		rows = append(rows, menu.HelpRow{Term: "×3 on a white plate", Text: "Three armies share the hex; the ones under the top one peek out above its shield."})
	}
	if f.Characters {
		rows = append(rows,
			menu.HelpRow{Term: "Gold W3", Text: "Your army's Warlord, and its level."},
			menu.HelpRow{Term: "Violet C, C2", Text: "Your army's Casters, and how many."},
			menu.HelpRow{Term: "Grey figure and number", Text: "How many characters (Warlords and Casters) an enemy army has."})
	}
	if f.Stances {
		rows = append(rows, menu.HelpRow{Term: "Round badge at the left", Text: "Your army's standing order: a target on red is Intercept, an arrow on blue is Withdraw, " +
			"pointing where it goes. Defend has none."})
	}
	city := "A town; the banner at its lower right is the owner's colour and mark (grey without a mark: nobody's)."
	if f.CityLevels {
		city = "The bigger the town, the higher the level; the number on the disc at its lower left is the level. " +
			"The banner at its lower right is the owner's colour and mark (grey without a mark: nobody's); " +
			"a Capital's level is written on a gold crown."
	}
	rows = append(rows, menu.HelpRow{Term: "City", Text: city})
	rows = append(rows, f.More...)
	seen := "Remembered, not seen now: what was there on turn 12. Remembered armies and cities are drawn " +
		"a little darker, with grey rims."
	if len(f.More) > 0 {
		seen = "Remembered, not seen now: what was there on turn 12. Remembered armies, cities and structures are drawn " +
			"a little darker, with grey rims."
	}
	rows = append(rows,
		menu.HelpRow{Term: "T12 on a slate plate", Text: seen},
		menu.HelpRow{Term: "Fog", Text: "Dark: never seen. Greyed: seen before, remembered as it was. Clear: in sight now."},
		menu.HelpRow{Term: "Light blue hexes", Text: "Where the selected army can go this turn; the white number on a dark plate at the bottom of each " +
			"is the move points it takes to get there."},
		menu.HelpRow{Term: "Arrow with dots", Text: "The selected army's path, a dot on each hex it passes; red when it cannot get there this turn, " +
			"dashed and paler through hexes never seen (a guess: it stops where it finds it cannot go on)."},
		menu.HelpRow{Term: "Thin arrows", Text: "The moves ordered this turn, in each owner's colour."},
		menu.HelpRow{Term: "Crossed swords", Text: "A battle of the turn just played."},
		menu.HelpRow{Term: "Yellow outline", Text: "The selected hex; a white one is the hex under the mouse."},
		menu.HelpRow{Term: "Small labels", Text: "The badges show when the hexes are big enough to read them: zoom in (+ or the wheel) to see them all."},
	)
	return menu.HelpSection{Title: "The map", Rows: rows}
}
