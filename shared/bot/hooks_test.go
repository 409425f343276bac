package bot

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// TestHooks walks a runner through a seat, two turns and a mismatch, and
// checks which hooks it called, in order.
func TestHooks(t *testing.T) {
	s := twoPlayers(t)
	var calls []string
	var last time.Time
	stamp := func(at time.Time) {
		if at.IsZero() || at.Before(last) {
			t.Errorf("hook time %v: want a time, not before the last one %v", at, last)
		}
		last = at
	}
	hooks := Hooks{
		Joined: func(g protocol.GameID, st protocol.Seat) {
			calls = append(calls, "joined "+g.String()+" seat "+st.String())
		},
		Ready:  func(tn protocol.Turn, at time.Time) { stamp(at); calls = append(calls, fmt.Sprint("ready ", tn)) },
		Update: func(tn protocol.Turn, at time.Time) { stamp(at); calls = append(calls, fmt.Sprint("update ", tn)) },
	}
	r, _ := newFake(t, Options{Name: "A", Level: "passive", Join: 4, Hooks: hooks})
	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	v1 := game.NewView(s, 1)
	feed(t, r, fullView(t, v1), 0)
	feed(t, r, clock(1, 1, 2), 0)
	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 1)
	feed(t, r, update(t, v1, v2, 1), 0) // a mismatch
	feed(t, r, clock(2, 1, 2), 0)
	feed(t, r, fullView(t, v2), 0)

	want := []string{"joined game 4 seat " + protocol.Seat(1).String(), "ready 1", "update 1", "ready 2"}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("hooks called:\nhave %q\nwant %q", calls, want)
	}
}

// TestHooksActions walks a runner through an interactive step of Duel:
// its action sent (Acted), the server's answer (ActResult) and the
// TurnUpdate that plays the step (Stepped), each with the step's Seq.
func TestHooksActions(t *testing.T) {
	reg, err := ruleset.NewRegistry(duel.New())
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Get(duel.ID)
	g, err := rs.New(ruleset.Config{Seed: 3, Seats: 2, Options: ruleset.Options{duel.KeyRounds: 2}})
	if err != nil {
		t.Fatal(err)
	}
	// The round's first step, every card laid at once, played here.
	for st := g.Step(); st.Mode == ruleset.Simultaneous; st = g.Step() {
		var subs []ruleset.Submission
		for _, s := range st.Actors {
			ai, err := rs.NewAI(duel.LevelNormal, 1)
			if err != nil {
				t.Fatal(err)
			}
			orders, err := ai.Act(g.View(s, false), st, s)
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
		}
		if _, err := g.Resolve(subs); err != nil {
			t.Fatal(err)
		}
	}
	st := g.Step()
	if st.Mode != ruleset.Interactive || len(st.Actors) == 0 {
		t.Fatalf("Duel's first step: %+v, want an interactive one", st)
	}
	actor := protocol.SeatOf(st.Actors[0])
	var calls []string
	hooks := Hooks{
		Acted:     func(seq uint32, _ time.Time) { calls = append(calls, fmt.Sprint("acted ", seq)) },
		ActResult: func(seq uint32, _ time.Time) { calls = append(calls, fmt.Sprint("result ", seq)) },
		Stepped:   func(seq uint32, _ time.Time) { calls = append(calls, fmt.Sprint("stepped ", seq)) },
	}
	f := &fakeLink{welcome: &protocol.Welcome{Rulesets: conn.InfosOf(reg)}}
	r := newRunner(Options{Name: "A", Join: 4, Hooks: hooks}, reg, f)
	feed(t, r, &protocol.Joined{Game: 4, Seat: actor, Token: protocol.NewToken(),
		Settings: protocol.Settings{Ruleset: duel.ID, Seed: 3, Seats: 2}}, 1)
	v1 := g.View(st.Actors[0], false)
	data, err := v1.Encode()
	if err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.FullView{View: data, Checksum: v1.Checksum()}, 0)
	feed(t, r, &protocol.TurnClock{Turn: protocol.Turn(st.Turn), Mode: uint8(st.Mode), Seq: st.Seq,
		Actors: []protocol.Seat{actor}}, 0)
	var act *protocol.Act
	for _, m := range f.sent {
		if a, ok := m.(*protocol.Act); ok {
			act = a
		}
	}
	if act == nil || act.Seq != st.Seq {
		t.Fatalf("sent %v, want an Act for step %d", f.take(), st.Seq)
	}
	feed(t, r, &protocol.ActResult{Seq: st.Seq}, 3)
	if _, err := g.Act(st.Actors[0], act.Action); err != nil {
		t.Fatal(err)
	}
	v2 := g.View(st.Actors[0], false)
	delta, err := v1.Diff(v2)
	if err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.TurnUpdate{Delta: delta, Checksum: v2.Checksum()}, 0)
	want := []string{fmt.Sprint("acted ", st.Seq), fmt.Sprint("result ", st.Seq), fmt.Sprint("stepped ", st.Seq)}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("hooks called:\nhave %q\nwant %q", calls, want)
	}
}
