package risk

import "empires/shared/ruleset"

// levelNotes are the lines the setup form shows on how the levels play
// risk (ruleset.Info.LevelNotes); a level not here has its generic line
// (ruleset.Level.Note).
var levelNotes = map[ruleset.Level]string{
	ruleset.Easy:   "Places where enemies are thickest and attacks wherever it has more armies, without weighing the odds.",
	ruleset.Normal: "Weighs each attack by its exact odds, holds continents, builds cities, trades fair deals.",
}
