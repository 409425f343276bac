package game

import (
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Role is a side's part in a battle.
type Role uint8

const (
	// Attacker: the side that moved in.
	Attacker Role = iota + 1
	// Defender: the side that held the hex (or, when both moved, the side
	// with the lower player ID).
	Defender
)

// Side is one side of a battle: one player's armies.
type Side struct {
	Player PlayerID
	Role   Role
	// Armies are the side's armies, in ID order.
	Armies []ArmyID
	// Losses[i] is what Armies[i] loses; the ruleset's Battle fills it.
	Losses []Units
	// LostCharacters are characters killed; the ruleset's Battle fills it.
	LostCharacters []CharacterID
	// Gains[i] are units Armies[i] gains after its losses (enemy dead
	// raised to fight for the side, say); the ruleset's Battle may fill it.
	// Negative counts are ignored, and the report's losses do not net them.
	Gains []Units
	// Destroyed lists armies of the side that the battle destroys whatever
	// they still hold (a fleet sunk, say); the ruleset's Battle may fill it.
	Destroyed []ArmyID
	// Rolls are the dice the side rolled, for the report.
	Rolls []int
}

// Battle is a battle for the ruleset to resolve: the engine fills the
// sides, the place, the dice and the start of the report; Battle (the
// ruleset's) fills the losses, the rolls, the winner and the rest of the
// report.
type Battle struct {
	Hex     hex.Hex
	Terrain rulesfile.TerrainID
	// City is the city on the hex, 0 if none.
	City CityID
	// Edge is true when the armies met crossing between two hexes; then
	// each side stays on its own hex.
	Edge  bool
	Sides [2]Side
	Dice  *RNG
	// Winner is the index (0 or 1) of the winning side; the other side
	// retreats. -1: nobody wins and nobody retreats.
	Winner int
	// Report is the battle's report. The engine sets Hex, City and each
	// side's Player, Role, Armies and Before before Battle runs, and after
	// it each side's Losses, Rolls (from Side.Rolls), Won and Uncroaked
	// (from Side.Gains) and the Winner, over whatever Battle put there;
	// Battle fills the rest as its rules know (see BattleReport).
	Report BattleReport
}
