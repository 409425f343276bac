package app

import (
	"fmt"

	"empires/client/menu"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/protocol"
)

// The hex engine's screen's part of the shell (screenPart): what its view
// model and its ruleset's module say.

// you implements screenPart.
func (g *gameScreen) you() protocol.Seat { return protocol.Seat(g.model.You()) }

// turn implements screenPart.
func (g *gameScreen) turn() protocol.Turn { return protocol.Turn(g.model.Turn()) }

// players implements screenPart: the view's players, seat s at s-1.
func (g *gameScreen) players() []playerInfo {
	v := g.model.View()
	if v == nil {
		return nil
	}
	out := make([]playerInfo, len(v.Players))
	for i, p := range v.Players {
		out[i] = playerInfo{Seat: protocol.Seat(p.ID), Name: p.Name, Alive: p.Alive}
	}
	return out
}

// playerName implements screenPart.
func (g *gameScreen) playerName(s protocol.Seat) string { return g.model.PlayerName(game.PlayerID(s)) }

// replaying implements screenPart.
func (g *gameScreen) replaying() bool { return g.replay != nil }

// submission implements screenPart.
func (g *gameScreen) submission() *protocol.SubmitOrders { return g.model.Submission() }

// applyResult implements screenPart.
func (g *gameScreen) applyResult(r *protocol.OrdersResult) { g.model.ApplyResult(r) }

// endWarning implements screenPart: the forecast's warning of units that
// upkeep would remove.
func (g *gameScreen) endWarning() string { return g.model.Forecast().Warning }

// help implements screenPart.
func (g *gameScreen) help() menu.HelpContent { return g.mod.Help() }

// topTexts implements screenPart: the turn (or the module's calendar),
// the order slot, the money's forecast.
func (g *gameScreen) topTexts() topTexts {
	t := topTexts{Turn: fmt.Sprintf("Turn %d", g.model.View().Turn)}
	if cal, ok := g.mod.(module.Calendar); ok {
		t.Turn, t.Short = cal.TurnText(g.model)
	}
	t.Slot, t.SlotColor = g.hud.slotText()
	t.Money, t.MoneyColor = g.hud.moneyText()
	return t
}

// fillSide implements screenPart.
func (g *gameScreen) fillSide() { g.hud.updateSide() }

// fillOrders implements screenPart.
func (g *gameScreen) fillOrders() { g.hud.updateOrders() }

// updateHint implements screenPart.
func (g *gameScreen) updateHint() bool { return g.hud.updateHint() }
