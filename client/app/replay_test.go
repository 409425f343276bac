package app

import (
	"strings"
	"testing"

	"empires/client/internal/savedgame"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// TestReplay watches a saved game of erfworld from the Replays screen on
// the hex screen, as empire's are watched on its own (TestScreenReplay):
// Turn > and < Turn step it forwards and back, Watching goes through each
// player's eyes; each step shows the view the ruleset gives those eyes of
// the saved game, with the turns' events in the log, told of every player
// by name; the replay takes no orders.
func TestReplay(t *testing.T) {
	a, _, _ := testApp(t)
	rs := hexRuleset(t, a, "erfworld")
	a.opts.DataDir = t.TempDir()
	set := protocol.Settings{Name: "Ann vs Bob", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 5, Seats: 2, Bots: 2}
	// What each seat (0: all-seeing) saw after each step, the start first.
	var views [][]uint64
	look := func(g ruleset.Game) {
		var step []uint64
		for s := range g.Seats() + 1 {
			step = append(step, g.View(ruleset.Seat(s), s == 0).(*hexgame.View).V.Checksum())
		}
		views = append(views, step)
	}
	start, err := rs.New(set.Config([]string{"Ann", "Bob"}))
	if err != nil {
		t.Fatal(err)
	}
	look(start)
	err = savedgame.Play(a.opts.DataDir, 1, rs, set, []string{"Ann", "Bob"}, 6, func(s savedgame.Step) error {
		look(s.Game)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.watchReplay(1); err != nil {
		t.Fatalf("Watch: %v", err)
	}
	g := a.game
	if g == nil || g.replay == nil || a.screen != screenGame || hexOf(g) == nil {
		t.Fatal("no replay on the hex screen")
	}
	g.resize(1280, 800)
	if have, want := g.replay.count(), len(views); have != want {
		t.Fatalf("the replay has %d steps, want %d (the start and every step played)", have, want)
	}
	want := func(i int, eyes ruleset.Seat) {
		t.Helper()
		v := hexOf(g).Model().View()
		if v.Checksum() != views[i][eyes] || ruleset.Seat(v.You) != eyes {
			t.Fatalf("step %d: the view shown (turn %d, player %d) is not seat %d's", i, v.Turn, v.You, eyes)
		}
		if g.status.Turn != int(v.Turn) || g.status.You != eyes {
			t.Fatalf("the shell says turn %d, seat %d", g.status.Turn, g.status.You)
		}
	}
	want(0, 0)
	for i := 1; i <= 3; i++ {
		g.replayStep(false)
		want(i, 0)
	}
	if len(g.logLines()) == 0 {
		t.Error("three turns replayed and nothing in the log")
	}
	g.replayStep(true)
	want(2, 0)
	g.replayEyes()
	want(2, 1)
	for _, l := range g.logLines() {
		if low := " " + strings.ToLower(l.Text); strings.Contains(low, " your ") || strings.Contains(low, " you ") {
			t.Errorf("the log speaks to the player whose eyes the replay shows: %q", l.Text)
		}
	}
	g.replayStep(false)
	want(3, 1)
	g.replayEyes()
	g.replayEyes()
	want(3, 0)

	// Orders are not taken.
	hx := hexOf(g)
	if g.input().Orders {
		t.Error("the replay's screen may give orders")
	}
	if sub := g.submission(); sub != nil {
		t.Errorf("the replay would send %+v", sub)
	}
	// Stepping past the end stops.
	g.replay.playing = true
	for range g.replay.count() + 2 {
		g.replayStep(false)
	}
	if g.replay.playing || g.replay.at != g.replay.count()-1 {
		t.Errorf("after the end: at %d, playing %v; want the last step, stopped", g.replay.at, g.replay.playing)
	}
	if have := hx.Model().View().Turn; have != game.Turn(len(views)) {
		t.Errorf("the last step shows turn %d, want %d", have, len(views))
	}
}
