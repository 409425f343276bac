package app

import (
	"testing"

	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/rules/erfworld"
)

// replayTurns plays a short game between two Normal AIs and returns its
// turns as a replay holds them.
func replayTurns(t *testing.T, rs *erfworld.Rules, turns int) []ReplayTurn {
	t.Helper()
	s, err := rs.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	out := []ReplayTurn{{State: s.Clone()}}
	players := []*ai.Player{ai.New(rs, ai.Normal, 5), ai.New(rs, ai.Normal, 5)}
	for range turns {
		var all []game.PlayerOrders
		for i, p := range players {
			id := game.PlayerID(i + 1)
			all = append(all, game.PlayerOrders{Player: id, Orders: p.Orders(game.NewView(s, id))})
		}
		ev := game.Resolve(s, rs, all)
		out = append(out, ReplayTurn{State: s.Clone(), Events: ev})
	}
	return out
}

// TestReplay steps a replay forwards and back and through each player's
// eyes: the game screen shows each turn's view as the viewer had it, with
// the turn's events in the log, and takes no orders.
func TestReplay(t *testing.T) {
	a, rs, _ := testApp(t)
	turns := replayTurns(t, rs, 6)
	if err := a.OpenReplay("Ann vs Bob", turns); err != nil {
		t.Fatal(err)
	}
	g := hexScreen(a)
	if g == nil || g.replay == nil || a.screen != screenGame {
		t.Fatal("no replay on screen")
	}
	want := func(i int, you game.PlayerID) {
		t.Helper()
		v := g.model.View()
		if v.Turn != turns[i].State.Turn || v.You != you {
			t.Fatalf("showing turn %d through %d's eyes, want turn %d through %d's", v.Turn, v.You, turns[i].State.Turn, you)
		}
		var wantView *game.View
		if you == 0 {
			wantView = game.AllSeeingView(turns[i].State)
		} else {
			wantView = game.NewView(turns[i].State, you)
		}
		if v.Checksum() != wantView.Checksum() {
			t.Fatalf("turn %d: the view shown is not the viewer's", v.Turn)
		}
	}
	want(0, 0)
	for i := 1; i <= 3; i++ {
		g.replayStep(false)
		want(i, 0)
	}
	if len(g.model.Log()) == 0 {
		t.Error("three turns replayed and nothing in the log")
	}
	g.replayStep(true)
	want(2, 0)
	g.replayEyes()
	want(2, 1)
	g.replayStep(false)
	want(3, 1)
	g.replayEyes()
	g.replayEyes()
	want(3, 0)
	// Orders are not taken: a right click's move does nothing.
	v := g.model.View()
	for _, ar := range v.Armies {
		g.model.SelectArmy(ar.ID)
		g.orderMoveTo(ar.Hex.Neighbor(0))
	}
	if d := g.model.Drafts(); d != nil {
		t.Errorf("a replay took orders: %v", d)
	}
	// Stepping past the end stops.
	g.replay.playing = true
	for range len(turns) + 2 {
		g.replayStep(false)
	}
	if g.replay.playing || g.replay.at != len(turns)-1 {
		t.Errorf("after the end: at %d, playing %v; want the last turn, stopped", g.replay.at, g.replay.playing)
	}
}
