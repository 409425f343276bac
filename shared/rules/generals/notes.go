package generals

import "empires/shared/ruleset"

// levelNotes are the lines the setup form shows on how the levels play
// Empires and Generals (ruleset.Info.LevelNotes); a level not here has
// its generic line (ruleset.Level.Note).
var levelNotes = map[ruleset.Level]string{
	ruleset.Easy:   "Plays what it can afford, attacks the weakest-looking opponent, blocks with what survives.",
	ruleset.Normal: "Spends its resources on the cards worth most, keeps a guard, attacks only where it gains.",
}
