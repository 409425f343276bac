package erfpiresai

import "empires/shared/ruleset"

// levelNotes are the lines the setup form shows on how the levels play
// erfpires (ruleset.Info.LevelNotes); a level not here has its generic
// line (ruleset.Level.Note).
var levelNotes = map[ruleset.Level]string{
	ruleset.Easy:   "Founds cities and recruits, but never defends and attacks only what stands next to it.",
	ruleset.Normal: "Founds cities where farms grow, guards threatened cities, takes what it can beat, pays tribute when it must.",
	ruleset.Hard:   "Scouts the best city sites, takes empty enemy cities, fights only at good odds and plays every tie out.",
}
