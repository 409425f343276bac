package empireai

import "empires/shared/ruleset"

// levelNotes are the lines the setup form shows on how the levels play
// empire (ruleset.Info.LevelNotes); a level not here has its generic
// line (ruleset.Level.Note).
var levelNotes = map[ruleset.Level]string{
	ruleset.Easy:   "Infantry and Cavalry in armies of three, sent at the nearest target whatever its strength.",
	ruleset.Normal: "Builds the most power per turn, guards its settlements, attacks with half again the target's strength, ships across the sea.",
	ruleset.Hard:   "Plays as Normal with the units that win its battles, Angels from the start, and keeps fewer at home.",
}
