package app

import (
	"strings"
	"testing"

	"empires/client/model"
	"empires/client/module"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// actingGame is a module's game whose ruleset has interactive steps: it
// records the choices it was asked to make actions of.
type actingGame struct {
	module.Game
	asked []model.Choice
}

func (a *actingGame) Action(_ *model.Model, c model.Choice) ([]byte, error) {
	a.asked = append(a.asked, c)
	return []byte{0x91, 0x01}, nil
}

// TestInteractiveChoice: in a simultaneous step a choice is an order
// drafted for the turn; in an interactive step of a module that makes
// actions it is an action, not drafted, and only when the player must act;
// the server's refusal of an action is shown.
func TestInteractiveChoice(t *testing.T) {
	a, _, s := testApp(t)
	g := showGame(t, a, s, 1)
	acting := &actingGame{Game: g.mod}
	g.mod = acting
	var c model.Choice
	for _, city := range g.model.View().Cities {
		for _, ch := range g.model.CityChoices(city.ID) {
			if ch.Reason == "" && c.Label == "" {
				c = ch
			}
		}
	}
	if c.Label == "" {
		t.Fatal("no city of the player's with a choice")
	}

	g.setClock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Simultaneous), Seq: 1, Actors: []protocol.Seat{1, 2}})
	g.choose(c)
	if len(g.model.Drafts()) != 1 || len(acting.asked) != 0 {
		t.Fatalf("a choice in a simultaneous step: %d drafts, %d actions; want the order drafted", len(g.model.Drafts()), len(acting.asked))
	}
	g.model.ClearOrders()

	g.setClock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 7, Actors: []protocol.Seat{2}, Prompt: "Bob chooses"})
	g.choose(c)
	if len(acting.asked) != 1 || len(g.model.Drafts()) != 0 || !strings.Contains(g.notice, "not your move") {
		t.Errorf("a choice in another's interactive step: %d actions, %d drafts, notice %q; want the action refused as not the player's move",
			len(acting.asked), len(g.model.Drafts()), g.notice)
	}
	g.setClock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 8, Actors: []protocol.Seat{1}})
	g.notice = ""
	g.choose(c)
	if len(acting.asked) != 2 || acting.asked[1].Label != c.Label || len(g.model.Drafts()) != 0 || g.notice != "" {
		t.Errorf("a choice in the player's interactive step: actions of %v, %d drafts, notice %q; want one action of %q",
			acting.asked, len(g.model.Drafts()), g.notice, c.Label)
	}

	// No turn to end: Enter does nothing.
	g.endTurnClicked()
	if g.ready {
		t.Error("End turn in an interactive step made the player ready")
	}
	if have := g.readyText(); have != "waiting for you" {
		t.Errorf("the top bar in the player's interactive step says %q, want whom it waits for", have)
	}
	g.setClock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 9, Actors: []protocol.Seat{2}, Prompt: "Bob chooses a blocker"})
	if have, want := g.readyText(), "Bob chooses a blocker  ·  waiting for Bob"; have != want {
		t.Errorf("the top bar in Bob's interactive step says %q, want %q", have, want)
	}

	g.actResult(&protocol.ActResult{Seq: 8, Error: "that blocker is dead"})
	if !strings.Contains(g.notice, "that blocker is dead") {
		t.Errorf("a refused action: notice %q, want the server's reason", g.notice)
	}
}
