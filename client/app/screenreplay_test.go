package app

import (
	"fmt"
	"strings"
	"testing"

	"empires/client/internal/savedgame"
	"empires/client/module"
	"empires/client/module/empire"
	"empires/server/store"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// seen is what one seat saw of a step of a saved game, as the game gave
// it when it was played: its view after the step, and its events.
type seen struct {
	view   *rules.View
	events []byte
}

// saveEmpireGame plays a game of empire between two AIs for steps steps
// and saves it in a's data directory as game 1, as the client's server
// would; it returns what each seat (0: all-seeing) saw of every step, the
// start first.
func saveEmpireGame(t *testing.T, a *App, steps int) (ruleset.Ruleset, [][]seen) {
	t.Helper()
	rs, ok := a.opts.Rulesets.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	a.opts.DataDir = t.TempDir()
	set := protocol.Settings{Name: "Ann vs Bob", Ruleset: rules.ID, Width: 16, Height: 16, Seed: 1, Seats: 2, Bots: 2}
	var out [][]seen
	look := func(g ruleset.Game, o ruleset.Outcome) error {
		var step []seen
		for s := range g.Seats() + 1 {
			st := seen{view: g.View(ruleset.Seat(s), s == 0).(*rules.View)}
			if o != nil {
				ev, err := o.Events(ruleset.Seat(s), s == 0)
				if err != nil {
					return err
				}
				st.events = ev
			}
			step = append(step, st)
		}
		out = append(out, step)
		return nil
	}
	first := true
	err := savedgame.Play(a.opts.DataDir, 1, rs, set, []string{"Ann", "Bob"}, steps, func(s savedgame.Step) error {
		if first {
			// The start: the game before its first step, as the store's
			// first state holds it.
			first = false
			start, err := rs.New(set.Config([]string{"Ann", "Bob"}))
			if err != nil {
				return err
			}
			if err := look(start, nil); err != nil {
				return err
			}
		}
		return look(s.Game, s.Outcome)
	})
	if err != nil {
		t.Fatal(err)
	}
	return rs, out
}

// wantLog returns the log a model of the empire module tells of the
// steps up to i through seat s's eyes, in the third person: what the
// replay's log must say.
func wantLog(t *testing.T, rs ruleset.Ruleset, steps [][]seen, i int, s ruleset.Seat) []string {
	t.Helper()
	m := empire.NewModel(rs.(*rules.Rules).Dat())
	m.SetThirdPerson(true)
	m.SetView(steps[0][s].view)
	for k := 1; k <= i; k++ {
		var evs []rules.Event
		if b := steps[k][s].events; len(b) > 0 {
			var err error
			if evs, err = rules.DecodeEvents(b); err != nil {
				t.Fatal(err)
			}
		}
		m.Resolved(steps[k][s].view, evs)
	}
	var out []string
	for _, l := range m.Log() {
		out = append(out, fmt.Sprintf("%d %s", l.Turn, l.Text))
	}
	return out
}

// TestScreenReplay watches a saved game of empire (a ruleset whose module
// has a screen of its own) from the Replays screen: Watch opens it on the
// module's screen, from its start; Turn > and < Turn step it forwards and
// back, and Watching goes through every player's eyes and back to the
// whole map. Each step shows the view the ruleset gives those eyes of the
// saved game, and the log of the steps up to it tells the events those
// eyes saw, naming every player; its battles open their reports. The
// replay takes no orders and sends nothing.
func TestScreenReplay(t *testing.T) {
	a, _, _ := testApp(t)
	rs, steps := saveEmpireGame(t, a, 8)
	if err := a.watchReplay(1); err != nil {
		t.Fatalf("Watch: %v", err)
	}
	ms := a.game
	if ms == nil || ms.replay == nil || a.screen != screenGame {
		t.Fatalf("no replay on the module's screen: %T", a.game)
	}
	ms.resize(1280, 800)
	scr := ms.scr.(*empire.Screen)
	if have, want := ms.replay.count(), len(steps); have != want {
		t.Fatalf("the replay has %d steps, want %d (the start and every step played)", have, want)
	}
	want := func(i int, eyes ruleset.Seat) {
		t.Helper()
		v := scr.Model().View()
		w := steps[i][eyes].view
		if v.Turn != w.Turn || v.Seat != eyes || v.AllSeeing != (eyes == 0) {
			t.Fatalf("showing turn %d through seat %d's eyes (all-seeing %v), want turn %d through %d's", v.Turn, v.Seat, v.AllSeeing, w.Turn, eyes)
		}
		if v.Checksum() != w.Checksum() {
			t.Fatalf("turn %d: the view shown is not seat %d's", v.Turn, eyes)
		}
		if ms.status.Turn != w.Turn || ms.status.You != eyes {
			t.Fatalf("the shell says turn %d, seat %d", ms.status.Turn, ms.status.You)
		}
		var have []string
		for _, l := range ms.logLines() {
			have = append(have, fmt.Sprintf("%d %s", l.Turn, l.Text))
		}
		if w := wantLog(t, rs, steps, i, eyes); strings.Join(have, "\n") != strings.Join(w, "\n") {
			t.Fatalf("step %d, seat %d: the log\n%s\nwant\n%s", i, eyes, strings.Join(have, "\n"), strings.Join(w, "\n"))
		}
	}
	want(0, 0)
	for i := 1; i <= 4; i++ {
		ms.replayStep(false)
		want(i, 0)
	}
	if len(ms.logLines()) == 0 {
		t.Error("four turns replayed and nothing in the log")
	}
	ms.replayStep(true)
	want(3, 0)
	ms.replayEyes()
	want(3, 1)
	ms.hud.update()
	if have, want := ms.hud.eyesBtn.Text().Label, "Watching: Ann"; have != want {
		t.Errorf("the eyes' button says %q, want %q", have, want)
	}
	if have, want := ms.hud.clock.Label, fmt.Sprintf("Replay: turn 4 of %d", len(steps)); have != want {
		t.Errorf("the top bar says %q, want %q", have, want)
	}
	// Through a player's eyes the log names the player, as the others.
	for _, l := range ms.logLines() {
		if low := " " + strings.ToLower(l.Text); strings.Contains(low, " your ") || strings.Contains(low, " you ") {
			t.Errorf("the log speaks to the player whose eyes the replay shows: %q", l.Text)
		}
	}
	ms.replayStep(false)
	want(4, 1)
	ms.replayEyes()
	want(4, 2)
	ms.replayEyes()
	want(4, 0)
	ms.replayStep(false)
	want(5, 0)

	// A battle's line opens its report.
	battle := ""
	for _, l := range ms.logLines() {
		if strings.HasPrefix(l.Link, "battle") {
			battle = l.Link
		}
	}
	if battle == "" {
		t.Fatalf("no battle in five turns of the whole map:\n%v", ms.logLines())
	}
	ms.openLink(battle)
	if ms.hud.window == nil {
		t.Error("the battle's link opened no report")
	}
	ms.hud.closeWindow()

	// Orders are not taken, nothing is sent.
	if ms.input().Orders {
		t.Error("the replay's screen may give orders")
	}
	if sub := ms.submission(); sub != nil {
		t.Errorf("the replay would send %+v", sub)
	}
	if ms.hud.readyBtn.GetWidget().Parent() != nil {
		t.Error("the replay shows End turn")
	}
	// Stepping past the end stops.
	ms.replay.playing = true
	for range len(steps) + 2 {
		ms.replayStep(false)
	}
	if ms.replay.playing || ms.replay.at != len(steps)-1 {
		t.Errorf("after the end: at %d, playing %v; want the last step, stopped", ms.replay.at, ms.replay.playing)
	}
	want(len(steps)-1, 0)
}

// TestScreenReplayNeedsReplayer: a module's screen that cannot replay
// (no module.Replayer) is refused with why, and the app stays where it
// was.
func TestScreenReplayNeedsReplayer(t *testing.T) {
	a, _, _ := testApp(t)
	rs, _ := saveEmpireGame(t, a, 1)
	reg, err := module.NewRegistry(plainScreener{})
	if err != nil {
		t.Fatal(err)
	}
	a.opts.Modules = reg
	st, err := store.OpenDir(a.opts.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = a.OpenReplay("Ann vs Bob", readReplay(t, a, st, rs))
	if err == nil || !strings.Contains(err.Error(), "cannot replay") {
		t.Errorf("a screen that cannot replay: %v", err)
	}
	if a.game != nil {
		t.Error("a refused replay left a game screen")
	}
}

// plainScreener is empire's module with a screen that does not replay.
type plainScreener struct{ empire.Module }

func (p plainScreener) OpenScreen(rs ruleset.Ruleset, h module.Host) (module.Screen, error) {
	s, err := p.Module.OpenScreen(rs, h)
	return struct{ module.Screen }{s}, err
}
