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

// MapHelp returns the section of what the map's markers mean.
func MapHelp() HelpSection {
	return HelpSection{
		Title: "The map",
		Rows: []HelpRow{
			{"Shield", "An army, in its owner's colour, with the owner's mark (circle, square, triangle, star…): " +
				"every player has their own, so colours need not be told apart. A ship is a fleet. " +
				"Zoomed far out, armies are dots and cities squares in the owner's colour."},
			{"Number at its point", "The units in the army on top (white on a dark plate)."},
			{"×3 on a white plate", "Three armies share the hex; the ones under the top one peek out above its shield."},
			{"Gold W3", "Your army's Warlord, and its level."},
			{"Violet C, C2", "Your army's Casters, and how many."},
			{"Grey figure and number", "How many characters (Warlords and Casters) an enemy army has."},
			{"Round badge at the left", "Your army's standing order: a target on red is Intercept, an arrow on blue is Withdraw, " +
				"pointing where it goes. Defend has none."},
			{"City", "The bigger the town, the higher the level; the number on the disc at its lower left is the level. " +
				"The banner at its lower right is the owner's colour and mark (grey without a mark: nobody's); " +
				"a Capital's level is written on a gold crown."},
			{"T12 on a slate plate", "Remembered, not seen now: what was there on turn 12. Remembered armies and cities are drawn " +
				"a little darker, with grey rims."},
			{"Fog", "Dark: never seen. Greyed: seen before, remembered as it was. Clear: in sight now."},
			{"Light blue hexes", "Where the selected army can go this turn; the white number on a dark plate at the bottom of each " +
				"is the move points it takes to get there."},
			{"Arrow with dots", "The selected army's path, a dot on each hex it passes; red when it cannot get there this turn, " +
				"dashed and paler through hexes never seen (a guess: it stops where it finds it cannot go on)."},
			{"Thin arrows", "The moves ordered this turn, in each owner's colour."},
			{"Crossed swords", "A battle of the turn just played."},
			{"Yellow outline", "The selected hex; a white one is the hex under the mouse."},
			{"Small labels", "The badges show when the hexes are big enough to read them: zoom in (+ or the wheel) to see them all."},
		},
	}
}
