package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// TestReadyNamesWhomTheTurnWaitsFor: in a game of five people and a bot,
// the top bar names whom the turn waits for from its first turn (the
// table as the game started says who are people); at 1024 pixels, where
// every name does not fit, it names as many as fit and how many more,
// never a cut "waiting for…"; the tooltip on it names them all.
func TestReadyNamesWhomTheTurnWaitsFor(t *testing.T) {
	a, rs, _ := testApp(t)
	names := []string{"Ann", "Bartholomew", "Cleopatra", "Desdemona", "Evangeline", "Fitzgerald"}
	s, err := rs.NewGame(5, 32, 32, len(names), names)
	if err != nil {
		t.Fatal(err)
	}
	table := &protocol.Lobby{Started: true}
	for i, n := range names {
		human := i < 5
		table.Seats = append(table.Seats, protocol.SeatInfo{Seat: protocol.Seat(i + 1), Name: n, Human: human, Bot: !human, Connected: true})
	}
	a.handleLobby(table) // the last table, before the game's first view
	g := showGame(t, a, s, game.PlayerID(1))
	g.setClock(&protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Simultaneous), Seq: 1,
		Actors: []protocol.Seat{1, 2, 3, 4, 5, 6}, Ready: []protocol.Seat{2}})
	g.endTurnClicked()
	if have, want := g.readyText(), "Ready: you, Bartholomew  ·  waiting for Cleopatra, Desdemona, Evangeline"; have != want {
		t.Errorf("the top bar says %q, want %q", have, want)
	}
	tests := []struct {
		w, h int
		want string // what the bar says, "" for a shorter form of it
	}{
		{1920, 1080, "Ready: you, Bartholomew  ·  waiting for Cleopatra, Desdemona, Evangeline"},
		{1280, 800, ""},
		{1024, 768, ""},
	}
	for _, tt := range tests {
		g.resize(tt.w, tt.h)
		g.hud.update()
		have := g.hud.readyList.Label
		if tt.want != "" && have != tt.want {
			t.Errorf("at %dx%d the top bar says %q, want %q", tt.w, tt.h, have, tt.want)
		}
		// A shorter form counts the names it leaves out: none is cut.
		if !slices.Contains(g.readiness().forms(), have) || !strings.Contains(have, "waiting for") {
			t.Errorf("at %dx%d the top bar says %q: not whom the turn waits for, in one of its forms %q", tt.w, tt.h, have, g.readiness().forms())
		}
		if g.hud.readyList.GetWidget().GetVisibility() != widget.Visibility_Show {
			t.Errorf("at %dx%d who is ready is hidden", tt.w, tt.h)
		}
		t.Logf("%dx%d: %q", tt.w, tt.h, have)
	}
	lines := strings.Join(g.hud.readyLines, "\n")
	for _, n := range names[1:5] {
		if !strings.Contains(lines, n) {
			t.Errorf("the tooltip %q does not name %s", lines, n)
		}
	}
	if strings.Contains(lines, "Fitzgerald") {
		t.Errorf("the tooltip %q names the bot, which the turn does not wait for", lines)
	}
}

// TestReadinessForms: who is ready, said shorter and shorter: fewer
// names with how many more, who is ready left out before any name of whom
// the turn waits for, and last how many it waits for.
func TestReadinessForms(t *testing.T) {
	r := readiness{done: []string{"you", "Bob"}, waiting: []string{"Cleo", "Dan", "Eve"}}
	want := []string{
		"Ready: you, Bob  ·  waiting for Cleo, Dan, Eve",
		"Ready: you and 1 more  ·  waiting for Cleo, Dan, Eve",
		"waiting for Cleo, Dan, Eve",
		"Ready: you, Bob  ·  waiting for Cleo, Dan and 1 more",
		"Ready: you and 1 more  ·  waiting for Cleo, Dan and 1 more",
		"waiting for Cleo, Dan and 1 more",
		"Ready: you, Bob  ·  waiting for Cleo and 2 more",
		"Ready: you and 1 more  ·  waiting for Cleo and 2 more",
		"waiting for Cleo and 2 more",
		"waiting for 3 players",
	}
	if have := r.forms(); !slices.Equal(have, want) {
		t.Errorf("forms:\n  %q\nwant\n  %q", have, want)
	}
	if have, want := r.lines(), []string{"Ready: you, Bob", "Waiting for: Cleo, Dan, Eve"}; !slices.Equal(have, want) {
		t.Errorf("lines %q, want %q", have, want)
	}
}
