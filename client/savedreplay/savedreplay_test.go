package savedreplay

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"empires/client/internal/savedgame"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// TestWatchable: a game of hidden holdings not over is watched through
// the viewer's own seat alone (the public spectator's for a viewer with
// none); over, or of a ruleset without hidden holdings, through the
// all-seeing spectator's eyes and every seat's.
func TestWatchable(t *testing.T) {
	all := []Eyes{{Seat: 0, AllSeeing: true}, {Seat: 1}, {Seat: 2}, {Seat: 3}}
	tests := []struct {
		name   string
		hidden bool
		over   bool
		own    ruleset.Seat
		want   []Eyes
	}{
		{"hidden, going on", true, false, 2, []Eyes{{Seat: 2}}},
		{"hidden, going on, no seat", true, false, 0, []Eyes{{Seat: 0}}},
		{"hidden, going on, a seat not of the game", true, false, 4, []Eyes{{Seat: 0}}},
		{"hidden, over", true, true, 2, all},
		{"open, going on", false, false, 2, all},
		{"open, over, no seat", false, true, 0, all},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := Watchable(ruleset.Info{Hidden: tt.hidden}, 3, tt.over, tt.own); !slices.Equal(have, tt.want) {
				t.Errorf("have %v, want %v", have, tt.want)
			}
		})
	}
}

// loads counts the games its ruleset decodes (Ruleset.Load).
type loads struct {
	ruleset.Ruleset
	n *atomic.Int64
}

func (r loads) Load(save []byte) (ruleset.Game, error) {
	r.n.Add(1)
	return r.Ruleset.Load(save)
}

// seen is what every pair of eyes saw of a step as it was played: the
// view's checksum and the events, by Eyes.
type seen map[Eyes]struct {
	view   uint64
	events []byte
}

// playSaved plays a game of ruleset id (every seat the AI) for at most
// steps steps and saves it in a new data directory as game 1, as the
// client's server does; it returns the store and what every pair of eyes
// saw of each step, the start first.
func playSaved(t *testing.T, id string, set protocol.Settings, steps int) (*store.Store, ruleset.Ruleset, []seen) {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(id)
	if !ok {
		t.Fatalf("no ruleset %s", id)
	}
	set.Ruleset = id
	names := []string{"Ann", "Bob", "Cid"}[:set.Seats]
	look := func(g ruleset.Game, out ruleset.Outcome) seen {
		s := seen{}
		for _, e := range Watchable(ruleset.Info{}, g.Seats(), true, 0) {
			for _, all := range []bool{e.AllSeeing, false} {
				e := Eyes{Seat: e.Seat, AllSeeing: all}
				st := s[e]
				st.view = g.View(e.Seat, e.AllSeeing).Checksum()
				if out != nil {
					if st.events, err = out.Events(e.Seat, e.AllSeeing); err != nil {
						t.Fatal(err)
					}
				}
				s[e] = st
			}
		}
		return s
	}
	start, err := rs.New(set.Config(names))
	if err != nil {
		t.Fatal(err)
	}
	saw := []seen{look(start, nil)}
	dir := t.TempDir()
	err = savedgame.Play(dir, 1, rs, set, names, steps, func(s savedgame.Step) error {
		saw = append(saw, look(s.Game, s.Outcome))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, rs, saw
}

// check checks that replay r shows, through every pair of its eyes, the
// views and events saw recorded as the game was played.
func check(t *testing.T, r *Replay, saw []seen) {
	t.Helper()
	if r.Len() != len(saw) {
		t.Fatalf("the replay has %d steps, the game %d", r.Len(), len(saw))
	}
	for i := range saw {
		for _, e := range r.Eyes() {
			v, err := r.View(i, e)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := r.Events(i, e)
			if err != nil {
				t.Fatal(err)
			}
			if want := saw[i][e]; v.Checksum() != want.view || !slices.Equal(ev, want.events) {
				t.Fatalf("step %d through %+v: the view or the events differ from what was seen as it was played", i, e)
			}
		}
	}
}

// TestHiddenGameGoingOn: the replay of a Duel game not over (hands are
// hidden holdings) is watched through the viewer's seat alone: its views
// and events are that seat's as they were played, and no other eyes are
// given, nor their events kept.
func TestHiddenGameGoingOn(t *testing.T) {
	st, rs, saw := playSaved(t, duel.ID, protocol.Settings{Seed: 4, Seats: 3, Bots: 3}, 20)
	if g, err := st.Game(1); err != nil || g.Over {
		t.Fatalf("the game after 20 steps: %+v, %v; want it going on", g, err)
	}
	r, err := Read(st, 1, rs, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if eyes := r.Eyes(); !slices.Equal(eyes, []Eyes{{Seat: 2}}) {
		t.Fatalf("eyes %v, want seat 2's alone", eyes)
	}
	check(t, r, saw)
	for _, e := range []Eyes{{Seat: 1}, {Seat: 3}, {Seat: 0}, {Seat: 0, AllSeeing: true}} {
		if _, err := r.View(5, e); !errors.Is(err, ErrEyes) {
			t.Errorf("the view through %+v: %v, want ErrEyes", e, err)
		}
		if _, err := r.Events(5, e); !errors.Is(err, ErrEyes) {
			t.Errorf("the events of %+v: %v, want ErrEyes", e, err)
		}
	}
	for i, step := range r.steps {
		if len(step.events) > 1 {
			t.Fatalf("step %d keeps the events of %d pairs of eyes", i, len(step.events))
		}
	}
}

// TestHiddenGameOver: once a Duel game is over its replay is watched
// through every seat and the all-seeing spectator, each as it was played.
func TestHiddenGameOver(t *testing.T) {
	st, rs, saw := playSaved(t, duel.ID, protocol.Settings{Seed: 4, Seats: 3, Bots: 3}, 1000)
	g, err := st.Game(1)
	if err != nil || !g.Over {
		t.Fatalf("the game: %+v, %v; want it over", g, err)
	}
	r, err := Read(st, 1, rs, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := r.Eyes(), Watchable(ruleset.Info{}, 3, true, 0); !slices.Equal(have, want) {
		t.Fatalf("eyes %v, want %v", have, want)
	}
	check(t, r, saw)
}

// TestOpenGameGoingOn: a game of empire (nothing hidden but by fog) going
// on is watched through every pair of eyes.
func TestOpenGameGoingOn(t *testing.T) {
	st, rs, saw := playSaved(t, empire.ID, protocol.Settings{Width: 16, Height: 16, Seed: 1, Seats: 2, Bots: 2}, 6)
	r, err := Read(st, 1, rs, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := r.Eyes(), Watchable(ruleset.Info{}, 2, false, 0); !slices.Equal(have, want) {
		t.Fatalf("eyes %v, want %v", have, want)
	}
	check(t, r, saw)
}

// TestDecodedWhenShown: a replay holds its steps as saves and decodes a
// step's game only when it is shown, once while it stays shown.
func TestDecodedWhenShown(t *testing.T) {
	st, rs, _ := playSaved(t, duel.ID, protocol.Settings{Seed: 4, Seats: 3, Bots: 3}, 1000)
	var n atomic.Int64
	r, err := Read(st, 1, loads{Ruleset: rs, n: &n}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if have := n.Load(); have > 2 {
		t.Fatalf("reading the replay decoded %d games, want the first state's alone (2: Read's and the store's replay)", have)
	}
	before := n.Load()
	for _, e := range r.Eyes() {
		if _, err := r.View(7, e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Game(7); err != nil {
		t.Fatal(err)
	}
	if _, err := r.View(8, r.Eyes()[0]); err != nil {
		t.Fatal(err)
	}
	if have := n.Load() - before; have != 2 {
		t.Errorf("showing step 7 through every pair of eyes and then step 8 decoded %d games, want 2", have)
	}
	if _, err := r.Game(r.Len()); err == nil {
		t.Errorf("a step past the end: no error")
	}
	t.Logf("%d steps held in %d bytes", r.Len(), r.Size())
}

// TestOwnSeat: the client's player is the creator of every game of its
// data directory, whom the lobby seats at seat 1 with a seat token
// ("The creator of a game takes seat 1 and is its host"); a game whose
// seat 1 is not so saved is watched as by a viewer who held no seat, never
// through another person's seat.
func TestOwnSeat(t *testing.T) {
	tok := protocol.NewToken()
	tests := []struct {
		name  string
		seats []store.Seat
		want  ruleset.Seat
	}{
		{"the creator against the AI", []store.Seat{{Seat: 1, Token: tok}, {Seat: 2, Bot: true}}, 1},
		{"the host among people", []store.Seat{{Seat: 1, Token: tok}, {Seat: 2, Token: protocol.NewToken()}}, 1},
		{"seat 1 without a token: not another person's", []store.Seat{{Seat: 1}, {Seat: 2, Token: tok}}, 0},
		{"bots only", []store.Seat{{Seat: 1, Bot: true}, {Seat: 2, Bot: true}}, 0},
		{"no seats", nil, 0},
	}
	for _, tt := range tests {
		if have := OwnSeat(&store.Game{Seats: tt.seats}); have != tt.want {
			t.Errorf("%s: have seat %d, want %d", tt.name, have, tt.want)
		}
	}
}

// TestTell: a replay keeps the events its Tell tells of each step, and
// asks it only of the eyes the replay may be watched through: of a Duel
// game going on (hands are hidden holdings), the viewer's seat's alone.
func TestTell(t *testing.T) {
	st, rs, _ := playSaved(t, duel.ID, protocol.Settings{Seed: 4, Seats: 3, Bots: 3}, 20)
	asked := map[Eyes]int{}
	tell := func(out ruleset.Outcome, s ruleset.Seat, all bool) ([]byte, error) {
		asked[Eyes{Seat: s, AllSeeing: all}]++
		return []byte{byte(s), byte(out.Count())}, nil
	}
	r, err := Read(st, 1, rs, 3, tell)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[Eyes]int{{Seat: 3}: r.Len() - 1}; !maps.Equal(asked, want) {
		t.Errorf("Tell asked %v, want %v", asked, want)
	}
	for i := 1; i < r.Len(); i++ {
		ev, err := r.Events(i, Eyes{Seat: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(ev) != 2 || ev[0] != 3 {
			t.Fatalf("step %d: events %v, want what Tell told of seat 3", i, ev)
		}
	}
	if _, err := Read(st, 1, rs, 3, func(ruleset.Outcome, ruleset.Seat, bool) ([]byte, error) {
		return nil, errors.New("no words")
	}); err == nil || !strings.Contains(err.Error(), "no words") {
		t.Errorf("a Tell that fails: %v", err)
	}
}
