// Package generals is the client module of Empires and Generals, the card
// game: its games are played at a card table, so the module opens a screen
// of its own, framed by the client's shell.
package generals

// Module is Empires and Generals' client module.
type Module struct{}
