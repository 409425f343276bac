// Package board is the map of the risk ruleset (EMPIRES, the Risk extended
// scenario): its territories, the continents they make up, the links between
// them (land borders and the lines drawn across seas), the continents'
// bonuses, and the territories natural disasters may strike (the document's
// Table 3). A board comes from a data file under assets/rules (the classic
// map of 42 territories in six continents), so that a modder adds a map
// without Go, or is generated from a seed.
//
// A board is read-only once made: the game's state says who holds what.
package board

import "slices"

// TerritoryID names a territory: 1 to len(Board.Territories). 0 is none.
type TerritoryID uint8

// ContinentID names a continent: 1 to len(Board.Continents). 0 is none.
type ContinentID uint8

// Territory is one territory of a board.
type Territory struct {
	ID   TerritoryID
	Name string // as the document names it: "North Africa", "Kamchatka"
	// Key is the letter or digit that draws the territory in its map
	// file's picture.
	Key       byte
	Continent ContinentID
	// Links are the territories an army here may attack or move to,
	// sorted: land borders and sea links alike. Links are symmetric.
	Links []TerritoryID
	// Quake and Flood mark the territories 'Quakes and Floods may strike
	// (Table 3).
	Quake, Flood bool
}

// Continent is one continent of a board.
type Continent struct {
	ID          ContinentID
	Name        string
	Bonus       int           // armies a turn for holding all of it
	Territories []TerritoryID // sorted
}

// Board is a map: territories and continents, each indexed by its ID less
// one, and how each is drawn (Cells).
type Board struct {
	Name        string
	Territories []Territory
	Continents  []Continent
	// Cells is the drawing of the map: Width by Height cells, row by row,
	// each the territory it belongs to or 0 for the sea. A territory's
	// cells are connected; two territories that share a cell edge are
	// linked (the board's other links cross the sea).
	Width, Height int
	Cells         []TerritoryID
}

// Territory returns the territory t, or nil if the board has none of
// that ID.
func (b *Board) Territory(t TerritoryID) *Territory {
	if t == 0 || int(t) > len(b.Territories) {
		return nil
	}
	return &b.Territories[t-1]
}

// Continent returns the continent c, or nil if the board has none of that
// ID.
func (b *Board) Continent(c ContinentID) *Continent {
	if c == 0 || int(c) > len(b.Continents) {
		return nil
	}
	return &b.Continents[c-1]
}

// Linked reports whether armies may attack or move between x and y.
func (b *Board) Linked(x, y TerritoryID) bool {
	t := b.Territory(x)
	if t == nil {
		return false
	}
	_, found := slices.BinarySearch(t.Links, y)
	return found
}

// Cell returns the territory of cell (x, y), 0 for the sea or outside
// the map.
func (b *Board) Cell(x, y int) TerritoryID {
	if x < 0 || y < 0 || x >= b.Width || y >= b.Height {
		return 0
	}
	return b.Cells[y*b.Width+x]
}
