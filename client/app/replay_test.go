package app

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"empires/client/internal/savedgame"
	"empires/client/module"
	erfmod "empires/client/module/erfworld"
	"empires/client/modules"
	"empires/client/prefs"
	"empires/client/savedreplay"
	"empires/server/store"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
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
	// From above the log tells every player's own events too: their
	// income.
	income := false
	for _, l := range g.logLines() {
		income = income || strings.HasPrefix(l.Text, "Ann received") || strings.HasPrefix(l.Text, "Bob received")
	}
	if !income {
		t.Errorf("from above the log tells no player's income: %v", g.logLines())
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

// savedErfworld plays a game of erfworld between two AIs for steps steps,
// saves it in a's data directory as game 1 and returns the ruleset, the
// store (open until the test ends) and the save of the game after each
// step (the start first).
func savedErfworld(t testing.TB, a *App, steps int) (ruleset.Ruleset, *store.Store, [][]byte) {
	t.Helper()
	rs, ok := a.opts.Rulesets.Get("erfworld")
	if !ok {
		t.Fatal("no erfworld")
	}
	a.opts.DataDir = t.TempDir()
	set := protocol.Settings{Name: "Ann vs Bob", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 5, Seats: 2, Bots: 2}
	start, err := rs.New(set.Config([]string{"Ann", "Bob"}))
	if err != nil {
		t.Fatal(err)
	}
	save, err := start.Save()
	if err != nil {
		t.Fatal(err)
	}
	saves := [][]byte{save}
	err = savedgame.Play(a.opts.DataDir, 1, rs, set, []string{"Ann", "Bob"}, steps, func(s savedgame.Step) error {
		save, err := s.Game.Save()
		saves = append(saves, save)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenDir(a.opts.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return rs, st, saves
}

// readReplay reads saved game 1 of st for a replay, as Watch does.
func readReplay(t testing.TB, a *App, st *store.Store, rs ruleset.Ruleset) *savedreplay.Replay {
	t.Helper()
	g, err := st.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	tell, err := a.replayTeller(rs)
	if err != nil {
		t.Fatal(err)
	}
	r, err := savedreplay.Read(st, 1, rs, savedreplay.OwnSeat(&g), tell)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// badLoad is a ruleset that does not read back one save, bad.
type badLoad struct {
	ruleset.Ruleset
	bad []byte
}

func (r badLoad) Load(save []byte) (ruleset.Game, error) {
	if bytes.Equal(save, r.bad) {
		return nil, errors.New("not a game")
	}
	return r.Ruleset.Load(save)
}

// unwrapModule is erfworld's module, which shows the games of a badLoad
// of erfworld.
type unwrapModule struct{ erfmod.Module }

func (m unwrapModule) OpenScreen(rs ruleset.Ruleset, h module.Host) (module.Screen, error) {
	return m.Module.OpenScreen(rs.(badLoad).Ruleset, h)
}

// TestReplayBadSave: a replay holds its steps' saves and reads a step's
// back when it is shown; a save that does not read is said, the replay
// stays on the step it showed and stops playing, and the steps around it
// still show.
func TestReplayBadSave(t *testing.T) {
	a, _, _ := testApp(t)
	rs, st, saves := savedErfworld(t, a, 4)
	reg, err := module.NewRegistry(unwrapModule{})
	if err != nil {
		t.Fatal(err)
	}
	a.opts.Modules = reg
	if err := a.OpenReplay("Ann vs Bob", readReplay(t, a, st, badLoad{Ruleset: rs, bad: saves[2]})); err != nil {
		t.Fatal(err)
	}
	g := a.game
	g.replayStep(false)
	g.replay.playing = true
	g.replayStep(false)
	if g.replay.at != 1 || g.replay.playing || !strings.Contains(g.notice, "step 2: not a game") {
		t.Errorf("a step whose save does not read: at %d, playing %v, notice %q; want step 1 kept, stopped, said",
			g.replay.at, g.replay.playing, g.notice)
	}
	if have := hexOf(g).Model().View().Turn; have != 2 {
		t.Errorf("the screen shows turn %d, want 2 (step 1's)", have)
	}
	g.replayEyes() // Rewind to step 1 through Ann's eyes: steps 0 and 1 read
	if g.replay.at != 1 || hexOf(g).Model().View().You != 1 {
		t.Errorf("Ann's eyes at step %d show player %d", g.replay.at, hexOf(g).Model().View().You)
	}
	g.replay.at = 3
	g.notice = ""
	g.replayShow(3) // its history reads step 2
	if !strings.Contains(g.notice, "step 2: not a game") {
		t.Errorf("rewinding through a bad save: notice %q", g.notice)
	}
}

// BenchmarkReplayRewind measures showing the last step of a replay of 40
// turns of erfworld at once (a step back, a change of eyes): "saves" as
// the replay holds them, each step's save read back for its view, the
// view model told each turn; "games", for comparison, with every step's
// game read back beforehand, as a replay that held a game per step would
// have them. It reports the bytes a step holds: its save and events, or
// its game on the heap.
func BenchmarkReplayRewind(b *testing.B) {
	reg, err := registry.Default()
	if err != nil {
		b.Fatal(err)
	}
	mods, err := modules.Default()
	if err != nil {
		b.Fatal(err)
	}
	a, err := New(Options{Rulesets: reg, Modules: mods, Prefs: prefs.Default()})
	if err != nil {
		b.Fatal(err)
	}
	rs, st, saves := savedErfworld(b, a, 40)
	r := readReplay(b, a, st, rs)
	if err := a.OpenReplay("Ann vs Bob", r); err != nil {
		b.Fatal(err)
	}
	last := r.Len() - 1
	b.Run("saves", func(b *testing.B) {
		for range b.N {
			a.game.replayShow(last)
		}
		b.ReportMetric(float64(r.Size())/float64(r.Len()), "B/step")
	})
	b.Run("games", func(b *testing.B) {
		above := savedreplay.Eyes{AllSeeing: true}
		events := make([][]byte, len(saves))
		for i := range events {
			if events[i], err = r.Events(i, above); err != nil {
				b.Fatal(err)
			}
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		games := make([]ruleset.Game, len(saves))
		for i, save := range saves {
			if games[i], err = rs.Load(save); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ResetTimer()
		for range b.N {
			turns := make([]module.Resolution, 0, last)
			for k := 1; k <= last; k++ {
				turns = append(turns, module.Resolution{View: games[k].View(0, true), Events: events[k]})
			}
			if err := a.game.rp.Rewind(games[0].View(0, true), turns); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(len(saves)), "B/step")
	})
}
