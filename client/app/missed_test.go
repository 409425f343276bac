package app

import (
	"fmt"
	"slices"
	"testing"

	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
)

// TestMissedTurnsReachTheLog: a player back in a game after turns were
// played without it gets its full view, then the steps it missed
// (protocol.Missed): their events reach the log under their own turns,
// the move of its army too, and the view stays the server's.
func TestMissedTurnsReachTheLog(t *testing.T) {
	a, _, s := testApp(t)
	g := showGame(t, a, s, 1)
	// An army of Ann's beside her Capital, in the view the server sends.
	var capital hex.Hex
	for _, c := range s.Cities {
		if c.Owner == 1 && c.Capital {
			capital = c.Hex
		}
	}
	army := s.Army(s.AddArmy(game.Army{Owner: 1, Hex: capital, Units: game.Units{3}}))
	from := army.Hex
	to := from.Neighbor(0)
	enc := func(evs ...game.Event) protocol.Payload {
		data, err := hexgame.EncodeEvents(evs, nil)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	// Ann comes back: her whole view, then the two turns she missed.
	v := game.NewView(s, 1)
	data, err := game.EncodeView(v)
	if err != nil {
		t.Fatal(err)
	}
	a.handle(conn.Event{Msg: &protocol.FullView{View: data, Checksum: v.Checksum()}})
	a.handle(conn.Event{Msg: &protocol.Missed{Steps: []protocol.MissedStep{
		{Turn: 1, Events: enc(game.Event{Turn: 1, Kind: game.EventIncome, Player: 1, Amount: 5, Text: "5 from cities"})},
		{Turn: 2, Events: enc(game.Event{Turn: 2, Step: 1, Kind: game.EventMove, Player: 1, Army: army.ID, From: from, To: to,
			HasHex: true, Amount: int64(game.OrderExplore)})},
	}}})
	var have []string
	for _, l := range hexOf(g).Model().Log() {
		have = append(have, fmt.Sprintf("%d: %s", l.Turn, l.Text))
	}
	want := []string{"1: You received 5 Schmuckers: 5 from cities",
		fmt.Sprintf("2: Your army %d explored to (%s)", uint32(army.ID), to)}
	if !slices.Equal(have, want) {
		t.Errorf("the log holds %q, want %q", have, want)
	}
	if hexOf(g).Model().View().Turn != v.Turn {
		t.Errorf("the view is of turn %d, want the server's %d", hexOf(g).Model().View().Turn, v.Turn)
	}
	g.hud.update()
	for _, line := range []string{"Turn 1", "Turn 2", "  " + want[1][3:]} {
		if !slices.Contains(g.hud.logShown, line) {
			t.Errorf("the log shows %q, not %q", g.hud.logShown, line)
		}
	}
}

// TestReplayClockWords: a replay's clock counts its steps as the game
// names its turns: "day 7" in erfpires, a game of days, "turn 7" in
// erfworld; and the log's headings say "Day 7" there.
func TestReplayClockWords(t *testing.T) {
	a, _, s := erfpiresGame(t)
	g := showGame(t, a, s, 1)
	g.replay = &replay{turns: true} // a saved game's, whose steps are its turns
	if have, want := g.replayStepName(7), "day 7"; have != want {
		t.Errorf("erfpires: step 7 is %q, want %q", have, want)
	}
	if have, want := g.turnName(7), "Day 7"; have != want {
		t.Errorf("erfpires: the log's heading of turn 7 is %q, want %q", have, want)
	}
	a, _, s = testApp(t)
	g = showGame(t, a, s, 1)
	g.replay = &replay{turns: true}
	if have, want := g.replayStepName(7), "turn 7"; have != want {
		t.Errorf("erfworld: step 7 is %q, want %q", have, want)
	}
}
