package erfworldai

import "empires/shared/ruleset"

// levelNotes are the lines the setup form shows on how the levels play
// erfworld (ruleset.Info.LevelNotes); a level not here has its generic
// line (ruleset.Level.Note).
var levelNotes = map[ruleset.Level]string{
	ruleset.Easy:   "Pops Warlords, forms units and sends its army at the nearest enemy city without weighing the odds.",
	ruleset.Normal: "Keeps a budget and a Capital guard, attacks with a third more than the defence, ferries armies by Fleet.",
	ruleset.Hard:   "Gathers its Warlords and Casters into one stack, weighs every battle's odds and guards its Capital; wins most two-player games against Normal.",
}
