package menu

// The help of the hex game screen that every ruleset on the hex engine
// shares: its mouse and keys, and the board's markers. A module's help
// (module.Game.Help) puts them among its rules.

// KeysHelp returns the section of the game screen's mouse and keys.
func KeysHelp() HelpSection {
	return HelpSection{
		Title: "Mouse and keys",
		Rows: []HelpRow{
			{"Left click", "Select an army or city of yours; click again for the next thing on the hex. " +
				"With an army selected, a hex it reaches: move there."},
			{"Right click", "Move the selected army there, also into hexes never seen; onto an enemy you see, attack."},
			{"Drag from the army", "Draw the selected army's path."},
			{"Drag the map, arrows, W A S D", "Pan the map (also the mouse at the window's edge, if Settings turn it on)."},
			{"Mouse wheel, + and −", "Zoom (over the log, the wheel scrolls the log)."},
			{"Minimap", "Click or drag to look there."},
			{"Tab", "Select the next army."},
			{"H", "Centre on your Capital, at the zoom the game opens with (every badge readable)."},
			{"Esc", "Deselect; close the open window."},
			{"Enter, End turn", "Send the orders and say you are done; again to take it back."},
			{"Backspace, Delete", "Remove the last order."},
			{"Space", "Skip the turn's animation."},
			{"F1, Help", "This help."},
			{"Menu", "Settings, this help, leave the game."},
			{"Log ▲", "A bigger log (Log ▼: smaller again)."},
			{"F12", "Save a screenshot (in the screenshots folder beside your settings)."},
			{"Ctrl+A, C, V, X", "In a text field: select all, copy, paste, cut."},
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
	More []HelpRow
}

// MapHelp returns the section of what the map's markers mean, every one
// of them.
func MapHelp() HelpSection {
	return MapHelpOf(MapFeatures{Stacks: true, Characters: true, Stances: true, Fleets: true, CityLevels: true})
}

// MapHelpOf returns the section of what the map's markers mean in a game
// that shows those of f.
func MapHelpOf(f MapFeatures) HelpSection {
	shield := "An army, in its owner's colour, with the owner's mark (circle, square, triangle, star…): " +
		"every player has their own, so colours need not be told apart."
	if f.Fleets {
		shield += " A ship is a fleet."
	}
	shield += " Zoomed far out, armies are dots and cities squares in the owner's colour."
	rows := []HelpRow{
		{"Shield", shield},
		{"Number at its point", "The units in the army on top (white on a dark plate)."},
	}
	if !f.Stacks {
		rows[1].Text = "The units in the army (white on a dark plate)."
	}
	if f.Stacks {
		rows = append(rows, HelpRow{"×3 on a white plate", "Three armies share the hex; the ones under the top one peek out above its shield."})
	}
	if f.Characters {
		rows = append(rows,
			HelpRow{"Gold W3", "Your army's Warlord, and its level."},
			HelpRow{"Violet C, C2", "Your army's Casters, and how many."},
			HelpRow{"Grey figure and number", "How many characters (Warlords and Casters) an enemy army has."})
	}
	if f.Stances {
		rows = append(rows, HelpRow{"Round badge at the left", "Your army's standing order: a target on red is Intercept, an arrow on blue is Withdraw, " +
			"pointing where it goes. Defend has none."})
	}
	city := "A town; the banner at its lower right is the owner's colour and mark (grey without a mark: nobody's)."
	if f.CityLevels {
		city = "The bigger the town, the higher the level; the number on the disc at its lower left is the level. " +
			"The banner at its lower right is the owner's colour and mark (grey without a mark: nobody's); " +
			"a Capital's level is written on a gold crown."
	}
	rows = append(rows, HelpRow{"City", city})
	rows = append(rows, f.More...)
	seen := "Remembered, not seen now: what was there on turn 12. Remembered armies and cities are drawn " +
		"a little darker, with grey rims."
	if len(f.More) > 0 {
		seen = "Remembered, not seen now: what was there on turn 12. Remembered armies, cities and structures are drawn " +
			"a little darker, with grey rims."
	}
	rows = append(rows,
		HelpRow{"T12 on a slate plate", seen},
		HelpRow{"Fog", "Dark: never seen. Greyed: seen before, remembered as it was. Clear: in sight now."},
		HelpRow{"Light blue hexes", "Where the selected army can go this turn; the white number on a dark plate at the bottom of each " +
			"is the move points it takes to get there."},
		HelpRow{"Arrow with dots", "The selected army's path, a dot on each hex it passes; red when it cannot get there this turn, " +
			"dashed and paler through hexes never seen (a guess: it stops where it finds it cannot go on)."},
		HelpRow{"Thin arrows", "The moves ordered this turn, in each owner's colour."},
		HelpRow{"Crossed swords", "A battle of the turn just played."},
		HelpRow{"Yellow outline", "The selected hex; a white one is the hex under the mouse."},
		HelpRow{"Small labels", "The badges show when the hexes are big enough to read them: zoom in (+ or the wheel) to see them all."},
	)
	return HelpSection{Title: "The map", Rows: rows}
}
