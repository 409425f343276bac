package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/client/internal/savedgame"
	duelmod "empires/client/module/duel"
	"empires/client/savedreplay"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// The rule of the replays of hidden holdings (ruleset.Info.Hidden: Duel's
// hands), as the client applies it (savedreplay.Watchable): "a game of
// hidden holdings not over: the viewer's own seat alone; for a viewer who
// held none, the spectator who is not all-seeing"; over, or without
// hidden holdings, "the all-seeing spectator, then seats 1 to seats".

// sight is what one pair of eyes saw of a step as the game was played: the
// view's checksum and the seat's hand, and the step's events.
type sight struct {
	view   uint64
	hand   []duel.Card
	events []byte
}

// allEyes are every pair of eyes a game of seats players may be watched
// through, the public spectator's included.
func allEyes(seats int) []savedreplay.Eyes {
	out := []savedreplay.Eyes{{Seat: 0, AllSeeing: true}, {Seat: 0}}
	for s := 1; s <= seats; s++ {
		out = append(out, savedreplay.Eyes{Seat: ruleset.Seat(s)})
	}
	return out
}

// saveDuel plays a game of Duel of Ann, Bob and Cid with settings set
// (every seat played by the AI; the seats for people saved as people's,
// Ann's the client's player's) for at most steps steps, saves it in a's
// data directory as game 1, and returns what every pair of eyes saw of
// each step, the start first.
func saveDuel(t *testing.T, a *App, set protocol.Settings, steps int) []map[savedreplay.Eyes]sight {
	t.Helper()
	rs, ok := a.opts.Rulesets.Get(duel.ID)
	if !ok {
		t.Fatal("no Duel ruleset")
	}
	a.opts.DataDir = t.TempDir()
	set.Ruleset, set.Name = duel.ID, "Ann, Bob and Cid"
	names := []string{"Ann", "Bob", "Cid"}
	look := func(g ruleset.Game, out ruleset.Outcome) map[savedreplay.Eyes]sight {
		m := map[savedreplay.Eyes]sight{}
		for _, e := range allEyes(g.Seats()) {
			v := g.View(e.Seat, e.AllSeeing).(*duel.View)
			s := sight{view: v.Checksum(), hand: v.Hand}
			if out != nil {
				var err error
				if s.events, err = out.Events(e.Seat, e.AllSeeing); err != nil {
					t.Fatal(err)
				}
			}
			m[e] = s
		}
		return m
	}
	start, err := rs.New(set.Config(names))
	if err != nil {
		t.Fatal(err)
	}
	saw := []map[savedreplay.Eyes]sight{look(start, nil)}
	err = savedgame.Play(a.opts.DataDir, 1, rs, set, names, steps, func(s savedgame.Step) error {
		saw = append(saw, look(s.Game, s.Outcome))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return saw
}

// shows checks that replay screen g shows step i through eyes e as they
// saw it when it was played: the view (its hand), and the step's events.
func shows(t *testing.T, g *gameScreen, saw []map[savedreplay.Eyes]sight, i int, e savedreplay.Eyes) {
	t.Helper()
	v := g.scr.(*duelmod.Screen).Model().View()
	want := saw[i][e]
	if g.replay.at != i || g.replay.eyes != e || v.Seat != e.Seat || v.AllSeeing != e.AllSeeing {
		t.Fatalf("showing step %d through %+v (the view of seat %d, all-seeing %v), want step %d through %+v",
			g.replay.at, g.replay.eyes, v.Seat, v.AllSeeing, i, e)
	}
	if v.Checksum() != want.view || !slices.Equal(v.Hand, want.hand) {
		t.Fatalf("step %d through %+v: the table shows the hand %v, not what those eyes saw (%v)", i, e, v.Hand, want.hand)
	}
	ev, err := g.replay.events(i)
	if err != nil || !slices.Equal(ev, want.events) {
		t.Fatalf("step %d through %+v: the events told are not those eyes' (%v)", i, e, err)
	}
	if g.status.You != e.Seat {
		t.Fatalf("the shell says seat %d, want %d", g.status.You, e.Seat)
	}
}

// eyesButton returns what the replay's Watching button says, and whether
// it may be pressed.
func eyesButton(g *gameScreen) (string, bool) {
	g.hud.update()
	return g.hud.eyesBtn.Text().Label, !g.hud.eyesBtn.GetWidget().Disabled
}

// TestReplayHiddenGoingOn: the replay of a Duel game not over offers one
// pair of eyes, the player's own (Ann's, seat 1: the game's creator), or
// for a game none of whose seats was the player's, the table's public
// view; Watching may not be pressed and changes nothing, and no step,
// forwards, back or playing, shows another seat's hand or events.
func TestReplayHiddenGoingOn(t *testing.T) {
	tests := []struct {
		name   string
		bots   int
		eyes   savedreplay.Eyes
		button string
		words  string
	}{
		{"Ann's game against the AI", 2, savedreplay.Eyes{Seat: 1}, "Watching: Ann", "only what Ann saw"},
		{"Ann's game with Bob", 1, savedreplay.Eyes{Seat: 1}, "Watching: Ann", "only what Ann saw"},
		{"a game of bots alone", 3, savedreplay.Eyes{Seat: 0}, "Watching: the table", "only what the table showed everyone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := testApp(t)
			saw := saveDuel(t, a, protocol.Settings{Seed: 4, Seats: 3, Bots: tt.bots}, 20)
			if err := a.watchReplay(1); err != nil {
				t.Fatalf("Watch: %v", err)
			}
			g := a.game
			if g == nil || g.replay == nil || a.screen != screenGame {
				t.Fatal("no replay on the screen")
			}
			g.resize(1280, 800)
			if have := g.replay.r.Eyes(); !slices.Equal(have, []savedreplay.Eyes{tt.eyes}) {
				t.Fatalf("the replay may be watched through %v, want %+v alone", have, tt.eyes)
			}
			if have, want := g.replay.count(), len(saw); have != want || want != 21 {
				t.Fatalf("the replay has %d steps, the game %d; want 21 (the start and 20 steps)", have, want)
			}
			shows(t, g, saw, 0, tt.eyes)
			if label, enabled := eyesButton(g); label != tt.button || enabled {
				t.Errorf("the eyes' button says %q, may be pressed %v; want %q, not pressable", label, enabled, tt.button)
			}
			help := g.help().Sections[0]
			if help.Title != "The replay" || len(help.Paragraphs) != 1 || !strings.Contains(help.Paragraphs[0], tt.words+": Watching offers no other eyes") {
				t.Errorf("the help's first part: %+v; want it to say the replay shows %q", help, tt.words)
			}
			for i := 1; i < g.replay.count(); i++ {
				g.replayStep(false)
				shows(t, g, saw, i, tt.eyes)
				g.replayEyes() // what Watching does
				shows(t, g, saw, i, tt.eyes)
			}
			for i := g.replay.count() - 2; i >= 0; i-- {
				g.replayStep(true)
				shows(t, g, saw, i, tt.eyes)
			}
			g.replay.playing = true
			for range g.replay.count() + 1 {
				g.replayStep(false)
			}
			shows(t, g, saw, g.replay.count()-1, tt.eyes)
		})
	}
}

// TestReplayHiddenOver: once a Duel game is over, its replay is watched
// through every seat and from above: Watching goes from everything to
// Ann, Bob, Cid and back, each showing what those eyes saw.
func TestReplayHiddenOver(t *testing.T) {
	a, _, _ := testApp(t)
	saw := saveDuel(t, a, protocol.Settings{Seed: 4, Seats: 3, Bots: 2}, 1000)
	if err := a.watchReplay(1); err != nil {
		t.Fatalf("Watch: %v", err)
	}
	g := a.game
	g.resize(1280, 800)
	if !g.replay.r.Ruleset().Info().Hidden {
		t.Fatal("Duel has no hidden holdings")
	}
	want := []savedreplay.Eyes{{Seat: 0, AllSeeing: true}, {Seat: 1}, {Seat: 2}, {Seat: 3}}
	if have := g.replay.r.Eyes(); !slices.Equal(have, want) {
		t.Fatalf("the replay of a game over may be watched through %v, want %v", have, want)
	}
	if help := g.help().Sections[0]; len(help.Paragraphs) != 0 {
		t.Errorf("the help of a game over's replay says %q", help.Paragraphs)
	}
	mid := len(saw) / 2
	for range mid {
		g.replayStep(false)
	}
	names := []string{"Watching: everything", "Watching: Ann", "Watching: Bob", "Watching: Cid"}
	for k := range 2 * len(want) {
		e := want[k%len(want)]
		shows(t, g, saw, mid, e)
		if label, enabled := eyesButton(g); label != names[k%len(want)] || !enabled {
			t.Errorf("the eyes' button says %q, may be pressed %v; want %q, pressable", label, enabled, names[k%len(want)])
		}
		g.replayEyes()
	}
	g.replayEyes() // Ann's
	for i := mid + 1; i < len(saw); i++ {
		g.replayStep(false)
		shows(t, g, saw, i, want[1])
	}
}

// TestWatchNote: the Replays screen says, of a game picked, when its
// replay shows one pair of eyes alone: a Duel game going on; not of one
// over, nor of a game without hidden holdings.
func TestWatchNote(t *testing.T) {
	a, _, _ := testApp(t)
	tok := protocol.NewToken()
	ann := []store.Seat{{Seat: 1, Name: "Ann", Token: tok}, {Seat: 2, Name: "Bob", Bot: true}}
	bots := []store.Seat{{Seat: 1, Name: "Ann", Bot: true}, {Seat: 2, Name: "Bob", Bot: true}}
	tests := []struct {
		ruleset string
		seats   []store.Seat
		over    bool
		want    string
	}{
		{duel.ID, ann, false, "through your eyes alone"},
		{duel.ID, bots, false, "as the table showed everyone"},
		{duel.ID, ann, true, ""},
		{empire.ID, ann, false, ""},
		{"gone", ann, false, ""},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s over %v", tt.ruleset, tt.over), func(t *testing.T) {
			g := store.Game{Settings: protocol.Settings{Ruleset: tt.ruleset}, Seats: tt.seats, Over: tt.over}
			have := a.watchNote(&g)
			if tt.want == "" && have != "" || !strings.Contains(have, tt.want) {
				t.Errorf("have %q, want %q", have, tt.want)
			}
		})
	}
}
