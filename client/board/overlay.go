package board

import (
	"empires/shared/game"
	"empires/shared/hex"
)

// Overlay is what Draw shows over the view: the pointer, the selection,
// the player's plans and the turn animation. The zero value shows none of
// them. Draw only reads it.
type Overlay struct {
	// Hover is the hex under the pointer, outlined when HasHover.
	Hover    hex.Hex
	HasHover bool
	// Selected is the selected hex (usually the selected army's), outlined
	// thick and bright when HasSelected.
	Selected    hex.Hex
	HasSelected bool
	// Marked is a hex a choice under the pointer acts on (the hex a
	// structure would be built on), outlined in cyan and lit when
	// HasMarked.
	Marked    hex.Hex
	HasMarked bool
	// Reach holds the hexes the selected army can reach this turn with
	// the cost of each; they are lit and bordered, and the costs written
	// at the bottom of each hex, over everything else, when the hexes
	// are large enough (costHexPx).
	// Draw reuses what it drew for the same map, selection and camera:
	// give a new map when the reach changes, never change one given.
	Reach map[hex.Hex]int
	// Path is the selected army's planned path as an order holds it:
	// Path[0] is the hex after Selected (without a selection the line
	// starts at Path[0]). It is drawn as a line with a dot per hex passed
	// and an arrowhead, red unless PathOK.
	Path   []hex.Hex
	PathOK bool
	// PathGuessed marks the hexes of Path whose terrain the player has
	// never seen (model.Plan.Guessed; nil for none): from the first one
	// on, the path is a guess and is drawn dashed and paler.
	PathGuessed []bool
	// Orders are the moves planned this turn, drawn as thin arrows in
	// their owners' colours.
	Orders []Arrow
	// Moving holds the armies of the turn animation that are between two
	// hexes: each is drawn at its Pos instead of its hex.
	Moving map[game.ArmyID]Pos
	// Battles are hexes where a battle is being fought, marked with
	// crossed swords.
	Battles []hex.Hex
	// Grid draws a thin line around every hex.
	Grid bool
}

// Arrow is a planned move: from From along Path (Path[0] is the hex after
// From), in the colour of Owner (the view's player when 0). Guessed marks
// the hexes of Path never seen (model.Draft.Guessed; nil for none): from
// the first one on the arrow is dashed and paler.
type Arrow struct {
	Owner   game.PlayerID
	From    hex.Hex
	Path    []hex.Hex
	Guessed []bool
}

// firstGuess returns the index of the first true of guessed, or -1.
func firstGuess(guessed []bool) int {
	for i, g := range guessed {
		if g {
			return i
		}
	}
	return -1
}

// Pos is where an army is during the turn animation: the fraction T (0
// to 1) of the way from hex From to hex To.
type Pos struct {
	From, To hex.Hex
	T        float64
}
