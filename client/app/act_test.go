package app

import (
	"strings"
	"testing"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// TestInteractiveStep: the shell sends a screen's action (Host.Act) only
// in an interactive step where the player must act, refusing it with a
// notice otherwise; there is no turn to end; the top bar says what is
// asked and of whom, and names the step as the server does ("Round 3 ·
// Attack"); the server's refusal of an action is shown.
func TestInteractiveStep(t *testing.T) {
	a, _, s := testApp(t)
	g := showGame(t, a, s, 1)
	clock := func(c *protocol.TurnClock) {
		g.setClock(c)
		g.stepChanged()
	}

	clock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Simultaneous), Seq: 1, Actors: []protocol.Seat{1, 2}})
	if g.Act([]byte{0x91, 0x01}) || !strings.Contains(g.notice, "orders for the whole turn") {
		t.Errorf("an action in a simultaneous step: notice %q; want it refused", g.notice)
	}
	clock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 7, Actors: []protocol.Seat{2}, Prompt: "Bob chooses"})
	if g.Act([]byte{0x91, 0x01}) || !strings.Contains(g.notice, "not your move") {
		t.Errorf("an action in another's interactive step: notice %q; want it refused as not the player's move", g.notice)
	}
	clock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 8, Actors: []protocol.Seat{1}, Phase: "Round 3 · Attack"})
	g.notice = ""
	g.Act([]byte{0x91, 0x01}) // no server here: not sent, but not refused either
	if g.notice != "" {
		t.Errorf("an action in the player's interactive step was refused: %q", g.notice)
	}

	// No turn to end: Enter does nothing.
	g.endTurnClicked()
	if g.ready {
		t.Error("End turn in an interactive step made the player ready")
	}
	if have := g.readyText(); have != "waiting for you" {
		t.Errorf("the top bar in the player's interactive step says %q, want whom it waits for", have)
	}
	g.hud.update()
	if have, want := g.hud.turn.Label, "Round 3 · Attack"; have != want {
		t.Errorf("the top bar names the step %q, want %q", have, want)
	}
	clock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 9, Actors: []protocol.Seat{2}, Prompt: "Bob chooses a blocker"})
	if have, want := g.readyText(), "Bob chooses a blocker  ·  waiting for Bob"; have != want {
		t.Errorf("the top bar in Bob's interactive step says %q, want %q", have, want)
	}
	g.hud.update()
	if have, want := g.hud.turn.Label, "Turn 1"; have != want {
		t.Errorf("the top bar in a step of no name says %q, want %q", have, want)
	}

	g.actResult(&protocol.ActResult{Seq: 8, Error: "that blocker is dead"})
	if !strings.Contains(g.notice, "that blocker is dead") {
		t.Errorf("a refused action: notice %q, want the server's reason", g.notice)
	}
}
