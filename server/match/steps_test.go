package match

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"empires/server/internal/logbuf"
	"empires/shared/ruleset"
)

// The tests of this file check the step's clock (the package doc's "The
// step's clock"), the steps people let pass, the grace of absent actors,
// concurrent steps and the AI's pace, on the counting game.

// counters is a counting game of people only, seats 1 to seats (Ann, Bob
// and Cid), without a turn timer, with the counting game's options opts.
func counters(seats int, opts ruleset.Options) Settings {
	return Settings{Seed: 3, Seats: seats, Names: []string{"Ann", "Bob", "Cid"}[:seats], Options: opts,
		Logger: slog.New(slog.DiscardHandler)}
}

// wantClock fails the test unless u leads to step seq and its clock's
// deadline is left from now.
func (h *harness) wantClock(what string, u Update, seq uint32, left time.Duration) {
	h.t.Helper()
	if u.Clock.Step.Seq != seq {
		h.t.Fatalf("%s: an update of step %d, want step %d", what, u.Clock.Step.Seq, seq)
	}
	if want := h.clock.Now().Add(left); !u.Clock.Deadline.Equal(want) {
		h.t.Fatalf("%s: deadline %v from now, want %v", what, u.Clock.Deadline.Sub(h.clock.Now()), left)
	}
}

// TestStepLimit: in a game without a turn timer a step's own limit is its
// deadline, and the steps of one budget (the mover's turn) share it: an
// action does not restart it, a step of another budget in between (the
// answer) does not spend it. With the host's turn timer too, the one that
// runs out first ends the step. When the time runs out, the ruleset's
// default plays the actor ("count 1", "answer 0").
func TestStepLimit(t *testing.T) {
	// move is, after waiting wait, seat's action n (seat 0: nobody acts,
	// the time runs out), then the update every subscriber gets: its
	// events, its step and the time that step has.
	type move struct {
		wait      time.Duration
		seat      ruleset.Seat
		n         byte
		wantWords string
		wantSeq   uint32
		wantLeft  time.Duration
	}
	tests := []struct {
		name     string
		timer    time.Duration
		wantLeft time.Duration // the first step's time
		moves    []move
	}{
		{name: "the step's limit only", wantLeft: time.Minute, moves: []move{
			{wait: 20 * time.Second, seat: 1, n: 2, wantWords: "seat 1 counts 2", wantSeq: 2, wantLeft: 10 * time.Second},
			{wait: 5 * time.Second, seat: 2, n: 3, wantWords: "seat 2 counts 3", wantSeq: 3, wantLeft: 40 * time.Second},
			{wait: 10 * time.Second, seat: 1, n: 1, wantWords: "seat 1 counts 1", wantSeq: 4, wantLeft: 10 * time.Second},
			{wait: 9 * time.Second, seat: 2, n: 0, wantWords: "seat 2 counts 0", wantSeq: 5, wantLeft: 30 * time.Second},
			{wait: 30 * time.Second, wantWords: "seat 1 counts 1", wantSeq: 6, wantLeft: 10 * time.Second},
			{wait: 10 * time.Second, wantWords: "seat 2 counts 0", wantSeq: 7, wantLeft: time.Minute}, // turn 2: Bob's budget
		}},
		{name: "with a turn timer", timer: 30 * time.Second, wantLeft: 30 * time.Second, moves: []move{
			{wait: 20 * time.Second, seat: 1, n: 2, wantWords: "seat 1 counts 2", wantSeq: 2, wantLeft: 10 * time.Second},
			{wait: 5 * time.Second, seat: 2, n: 3, wantWords: "seat 2 counts 3", wantSeq: 3, wantLeft: 30 * time.Second},
			{wait: 25 * time.Second, seat: 1, n: 1, wantWords: "seat 1 counts 1", wantSeq: 4, wantLeft: 10 * time.Second},
			{wait: 10 * time.Second, wantWords: "seat 2 counts 0", wantSeq: 5, wantLeft: 15 * time.Second},
			{wait: 15 * time.Second, wantWords: "seat 1 counts 1", wantSeq: 6, wantLeft: 10 * time.Second},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := counters(2, ruleset.Options{"bids": 0, "rounds": 3, "limit": 60, "answer": 10, "defaults": 1})
			set.TurnTimer = tt.timer
			h := startCount(t, set)
			ann, bob := h.connect(1), h.connect(2)
			h.wantClock("the start", ann.last, 1, tt.wantLeft)
			if st := ann.last.Clock.Step; st.Phase != "Count" || st.Budget != "turn 1" || st.Limit != time.Minute {
				t.Fatalf("the first step %+v, want the mover's count of the budget turn 1, a minute", st)
			}
			for i, mv := range tt.moves {
				what := fmt.Sprintf("move %d", i+1)
				if mv.seat == 0 {
					h.clock.Advance(mv.wait - time.Millisecond)
					if st := h.status(); st.Step.Seq != mv.wantSeq-1 {
						t.Fatalf("%s: step %d a moment before the time runs out", what, st.Step.Seq)
					}
					h.clock.Advance(time.Millisecond)
				} else {
					h.clock.Advance(mv.wait)
					h.act(mv.seat, mv.wantSeq-1, mv.n)
				}
				for _, c := range []*client{ann, bob} {
					u := c.nextTurn()
					h.wantClock(what, u, mv.wantSeq, mv.wantLeft)
					if have := c.words(u); !reflect.DeepEqual(have, []string{mv.wantWords}) {
						t.Fatalf("%s: events %q, want %q", what, have, mv.wantWords)
					}
				}
			}
		})
	}
}

// TestDefaultOrAI: when an actor's time runs out, the ruleset's default
// plays the seat (answer 0); in a game without defaults, or whose default
// the game refuses, the AI does (answer 1). Either way the seat missed the
// step.
func TestDefaultOrAI(t *testing.T) {
	tests := []struct {
		name     string
		defaults int
		want     string
		wantLog  string
	}{
		{name: "the ruleset's default", defaults: 1, want: "seat 2 counts 0"},
		{name: "no default: the AI", defaults: 0, want: "seat 2 counts 1"},
		{name: "a default refused: the AI", defaults: 2, want: "seat 2 counts 1", wantLog: "the ruleset's default is refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs logbuf.Buffer
			set := counters(2, ruleset.Options{"bids": 0, "answer": 10, "defaults": tt.defaults})
			set.Logger = slog.New(slog.NewTextHandler(&logs, nil))
			h := startCount(t, set)
			ann, _ := h.connect(1), h.connect(2)
			h.act(1, 1, 2)
			ann.nextTurn()
			h.clock.Advance(10 * time.Second)
			if have := ann.words(ann.nextTurn()); !reflect.DeepEqual(have, []string{tt.want}) {
				t.Fatalf("events %q, want %q", have, tt.want)
			}
			if have, want := missed(h.status()), []int{0, 1}; !reflect.DeepEqual(have, want) {
				t.Fatalf("missed steps %v, want %v", have, want)
			}
			if tt.wantLog != "" && !strings.Contains(logs.String(), tt.wantLog) {
				t.Fatalf("no %q in the logs:\n%s", tt.wantLog, logs.String())
			}
		})
	}
}

// TestMissedSteps: the interactive steps whose time ran out on a player
// count in a row, like turns without orders; acting starts the count
// afresh. Once it reaches the ruleset's ReplaceAfter (2), the AI takes the
// seat over from the next step, and acts for it; the player takes it back
// by acting.
func TestMissedSteps(t *testing.T) {
	obs := &countObserver{}
	set := counters(2, ruleset.Options{"bids": 0, "limit": 60, "answer": 10, "defaults": 1})
	set.Observer = obs
	h := startCount(t, set)
	ann, _ := h.connect(1), h.connect(2) // Bob is connected, and idle
	h.act(1, 1, 1)
	ann.nextTurn()
	h.clock.Advance(10 * time.Second) // Bob's answer
	ann.nextTurn()
	if have, want := missed(h.status()), []int{0, 1}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed steps %v after Bob's answer ran out, want %v", have, want)
	}
	h.act(2, 3, 1) // Bob counts: he is back
	ann.nextTurn()
	if have, want := missed(h.status()), []int{0, 0}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed steps %v after Bob acted, want %v", have, want)
	}
	h.act(1, 4, 1)
	ann.nextTurn()
	h.act(1, 5, 1) // turn 3: Ann counts
	ann.nextTurn()
	h.clock.Advance(10 * time.Second) // Bob's answer
	ann.nextTurn()
	h.clock.Advance(time.Minute) // Bob's count, turn 4: the second in a row
	ann.nextTurn()
	st := h.status()
	wantStep(t, "Ann answers", st.Step, ruleset.Interactive, 8, 1)
	if bob := st.Seats[1]; !bob.AIPlaying || bob.MissedTurns != 2 {
		t.Fatalf("Bob %+v, want the AI playing him after 2 steps missed in a row", bob)
	}
	if _, _, n := obs.counts(); n != 1 {
		t.Fatalf("%d takeovers observed, want 1", n)
	}
	h.act(1, 8, 0)
	ann.nextTurn()
	h.act(1, 9, 3) // turn 5: Ann counts; the AI answers for Bob at the pace
	ann.nextTurn()
	h.pace()
	if u := ann.nextTurn(); !reflect.DeepEqual(ann.words(u), []string{"seat 2 counts 1"}) || u.Clock.Step.Seq != 11 {
		t.Fatalf("events %q leading to step %d, want the AI's answer for Bob, then his count", ann.words(u), u.Clock.Step.Seq)
	}
	h.act(2, 11, 2) // Bob counts himself, before the AI's pace
	ann.nextTurn()
	if bob := h.status().Seats[1]; bob.AIPlaying || bob.MissedTurns != 0 {
		t.Fatalf("Bob %+v after he acted, want his seat back, nothing missed", bob)
	}
}

// TestGrace: in a game without any deadline an interactive step waits for
// an actor who is connected, however long; for one who is not, it waits
// Settings.Grace from the step's start or the player's leaving, whichever
// is later, then the default plays the seat, which missed the step. After
// ReplaceAfter such steps the AI plays the seat.
func TestGrace(t *testing.T) {
	set := counters(2, ruleset.Options{"bids": 0, "defaults": 1})
	set.Grace = 30 * time.Second
	h := startCount(t, set)
	ann := h.connect(1) // Bob has not come
	h.act(1, 1, 1)
	ann.nextTurn()
	h.status()
	h.clock.Advance(30*time.Second - time.Millisecond)
	if st := h.status(); st.Step.Seq != 2 || !st.Deadline.IsZero() {
		t.Fatalf("step %d, deadline %v before Bob's grace ended; want step 2, no deadline", st.Step.Seq, st.Deadline)
	}
	h.clock.Advance(time.Millisecond)
	if u := ann.nextTurn(); !reflect.DeepEqual(ann.words(u), []string{"seat 2 counts 0"}) {
		t.Fatalf("events %q, want Bob's default answer", ann.words(u))
	}
	if have, want := missed(h.status()), []int{0, 1}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed steps %v, want %v", have, want)
	}

	// Bob comes for his count, and is waited for; he leaves in the
	// middle of his next answer: his grace runs from his leaving.
	bob := h.connect(2)
	h.clock.Advance(10 * time.Minute)
	if st := h.status(); st.Step.Seq != 3 {
		t.Fatalf("step %d after 10 minutes, want step 3: Bob is connected, and waited for", st.Step.Seq)
	}
	h.act(2, 3, 1)
	ann.nextTurn()
	h.act(1, 4, 1) // Ann answers
	ann.nextTurn()
	h.act(1, 5, 2) // turn 3: Ann counts
	ann.nextTurn()
	h.clock.Advance(10 * time.Second)
	bob.sub.Close()
	for range bob.sub.Updates() { // until the match has seen him leave
	}
	h.status()
	h.clock.Advance(30*time.Second - time.Millisecond)
	if st := h.status(); st.Step.Seq != 6 {
		t.Fatalf("step %d before Bob's grace ended, want step 6", st.Step.Seq)
	}
	h.clock.Advance(time.Millisecond)
	if u := ann.nextTurn(); !reflect.DeepEqual(ann.words(u), []string{"seat 2 counts 0"}) {
		t.Fatalf("events %q, want Bob's default answer", ann.words(u))
	}
	h.clock.Advance(30 * time.Second) // turn 4: Bob's count
	ann.nextTurn()
	st := h.status()
	wantStep(t, "turn 4, Ann answers", st.Step, ruleset.Interactive, 8, 1)
	if b := st.Seats[1]; !b.AIPlaying || b.MissedTurns != 2 {
		t.Fatalf("Bob %+v, want the AI playing him after 2 steps missed", b)
	}
	h.act(1, 8, 0)
	ann.nextTurn()
	h.act(1, 9, 1) // turn 5: Ann counts
	ann.nextTurn()
	h.pace() // the AI answers for Bob
	if u := ann.nextTurn(); !reflect.DeepEqual(ann.words(u), []string{"seat 2 counts 1"}) {
		t.Fatalf("events %q, want the AI's answer for Bob", ann.words(u))
	}
}

// TestConcurrent: in a concurrent step each actor acts once, in any order,
// an action naming any Seq from the step's Since on: one player's action
// never makes another's late, and the clock runs on from the step's start.
// When it runs out every actor who has not acted gets the default, not only
// the first, and each missed the step.
func TestConcurrent(t *testing.T) {
	set := counters(3, ruleset.Options{"concurrent": 1, "bidding": 30, "defaults": 1, "target": 1000})
	h := startCount(t, set)
	ann, _, _ := h.connect(1), h.connect(2), h.connect(3)
	h.act(1, 1, 1)
	ann.nextTurn()
	h.act(2, 2, 1)
	u := ann.nextTurn()
	h.wantClock("the bids", u, 3, 30*time.Second)
	if st := u.Clock.Step; st.Mode != ruleset.Concurrent || st.Since != 3 || !reflect.DeepEqual(st.Actors, []ruleset.Seat{1, 2, 3}) {
		t.Fatalf("the bids %+v, want a concurrent step from step 3 of seats 1 to 3", st)
	}
	deadline := u.Clock.Deadline

	h.clock.Advance(10 * time.Second)
	h.act(2, 3, 2) // Bob bids
	ann.nextTurn()
	h.act(1, 3, 3) // Ann bids, naming the step as she saw it: not late
	u = ann.nextTurn()
	if st := u.Clock.Step; st.Seq != 5 || st.Since != 3 || !reflect.DeepEqual(st.Actors, []ruleset.Seat{3}) ||
		!u.Clock.Deadline.Equal(deadline) {
		t.Fatalf("after two bids: step %+v, deadline %v; want step 5 from step 3, Cid's, the deadline %v", st, u.Clock.Deadline, deadline)
	}
	for _, tt := range []struct {
		name string
		err  error
	}{
		{"a step before", h.m.Act(h.ctx, 3, 2, []byte{1})},
		{"a step to come", h.m.Act(h.ctx, 3, 6, []byte{1})},
	} {
		if !errors.Is(tt.err, ErrWrongTurn) {
			t.Errorf("%s: have %v, want ErrWrongTurn", tt.name, tt.err)
		}
	}
	if err := h.m.Act(h.ctx, 1, 4, []byte{1}); !errors.Is(err, ErrSeat) {
		t.Errorf("Ann's second bid: have %v, want ErrSeat", err)
	}
	h.clock.Advance(20 * time.Second) // Cid's time runs out
	u = ann.nextTurn()
	if have := ann.words(u); !reflect.DeepEqual(have, []string{"seat 3 bids 0"}) || u.Clock.Step.Turn != 2 {
		t.Fatalf("events %q, turn %d; want Cid's default bid, then turn 2", have, u.Clock.Step.Turn)
	}
	if have, want := missed(h.status()), []int{0, 0, 1}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed steps %v, want %v", have, want)
	}

	// Turn 2: nobody bids; every bidder gets the default.
	h.act(2, 6, 1)
	ann.nextTurn()
	h.act(3, 7, 1)
	ann.nextTurn()
	h.status()
	h.clock.Advance(30 * time.Second)
	var have []string
	for len(have) < 3 {
		have = append(have, ann.words(ann.nextTurn())...)
	}
	if want := []string{"seat 1 bids 0", "seat 2 bids 0", "seat 3 bids 0"}; !reflect.DeepEqual(have, want) {
		t.Fatalf("events %q, want %q", have, want)
	}
	if have, want := missed(h.status()), []int{1, 1, 1}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed steps %v, want %v", have, want)
	}
}

// TestAIWaits: in a concurrent step the AI may wait (ruleset.AI returns
// nil): it is not asked again, and nothing is played, while a person may
// still act; once the person has acted and no other actor may, the
// ruleset's default plays the waiting seats one after the other.
func TestAIWaits(t *testing.T) {
	set := counters(3, ruleset.Options{"concurrent": 1, "bidding": 30, "defaults": 1, "target": 1000})
	set.Bots, set.AILevel = 2, "patient"
	h := startCount(t, set)
	ann := h.connect(1)
	h.act(1, 1, 1) // Ann counts
	ann.nextTurn()
	h.pace() // the AI answers for Bob
	u := ann.nextTurn()
	if st := u.Clock.Step; st.Mode != ruleset.Concurrent || st.Seq != 3 || len(st.Actors) != 3 {
		t.Fatalf("step %+v, want the concurrent bids of three", st)
	}
	for range 5 {
		h.pace()
	}
	if st := h.status(); st.Step.Seq != 3 || len(ann.sub.Updates()) != 0 {
		t.Fatalf("after five paces the game is at step %d with %d updates: the waiting AI acted", st.Step.Seq, len(ann.sub.Updates()))
	}
	h.act(1, 3, 2) // Ann bids
	have := ann.words(ann.nextTurn())
	h.pace() // Bob's AI is asked and waits: Cid's may still act
	h.pace() // Cid's waits too, and no one else may act: the default
	have = append(have, ann.words(ann.nextTurn())...)
	h.pace() // Bob's, asked again, waits alone: the default
	have = append(have, ann.words(ann.nextTurn())...)
	if want := []string{"seat 1 bids 2", "seat 3 bids 0", "seat 2 bids 0"}; !reflect.DeepEqual(have, want) {
		t.Fatalf("events %q, want %q: the defaults for the seats that wait, once no one else may act", have, want)
	}
}

// TestLateOrders: orders and readiness name the step they are for; one
// sent for a step that is past is refused, and a late SetReady never ends
// the next step.
func TestLateOrders(t *testing.T) {
	h := startCount(t, counters(2, nil))
	ann := h.connect(1)
	h.act(1, 1, 1)
	ann.nextTurn()
	h.act(2, 2, 1)
	ann.nextTurn() // the bids, step 3
	tests := []struct {
		name string
		do   func() error
	}{
		{"orders for step 2", func() error { _, err := h.m.Submit(h.ctx, 1, 1, 2, []byte{1}); return err }},
		{"orders for step 0", func() error { _, err := h.m.Submit(h.ctx, 1, 1, 0, []byte{1}); return err }},
		{"ready for step 2", func() error { return h.m.SetReady(h.ctx, 1, 2, true) }},
		{"ready for step 4", func() error { return h.m.SetReady(h.ctx, 1, 4, true) }},
	}
	for _, tt := range tests {
		if err := tt.do(); !errors.Is(err, ErrWrongTurn) {
			t.Errorf("%s: have %v, want ErrWrongTurn", tt.name, err)
		}
	}
	if st := h.status(); st.Seats[0].Submitted || st.Seats[0].Ready {
		t.Fatalf("Ann %+v: the late orders or readiness were taken", st.Seats[0])
	}
	h.submit(1, 1, []byte{1})
	h.submit(2, 1, []byte{1})
	h.ready(1)
	if err := h.m.SetReady(h.ctx, 2, 3, true); err != nil {
		t.Fatal(err)
	}
	ann.nextTurn() // turn 2, step 4
	if err := h.m.SetReady(h.ctx, 2, 3, true); !errors.Is(err, ErrWrongTurn) {
		t.Fatalf("Bob's SetReady again, late: have %v, want ErrWrongTurn", err)
	}
	if st := h.status(); len(st.Ready) != 0 {
		t.Fatalf("ready %v in step 4, want nobody", st.Ready)
	}
}

// TestActionPace: while anyone watches, the AI plays its actions one every
// ActionPace, each its own update: a subscriber of a small buffer that
// reads them as they come is never dropped, however long the chain. When
// the last watcher leaves, the AI plays on at once.
func TestActionPace(t *testing.T) {
	latest := make(chan uint32, 1) // the step the game is at, the latest
	set := counters(2, ruleset.Options{"bids": 0, "target": 1_000_000})
	set.Bots, set.Names, set.Buffer = 2, nil, 4
	set.OnTurn = func(rec TurnRecord) {
		select {
		case <-latest:
		default:
		}
		latest <- rec.Next.Seq
	}
	h := startCount(t, set)
	// Nobody watches yet: the bots play at once; the spectator comes
	// somewhere in their chain, and from then on sees each action.
	watcher := h.connect(0)
	from := watcher.last.Clock.Step.Seq
	for seq := from + 1; seq <= from+30; seq++ {
		h.status()
		if n := len(watcher.sub.Updates()); n != 0 {
			t.Fatalf("step %d: %d updates before the pace", seq, n)
		}
		h.clock.Advance(DefaultActionPace - time.Millisecond)
		if st := h.status(); st.Step.Seq != seq-1 {
			t.Fatalf("step %d before the pace was up, want %d", st.Step.Seq, seq-1)
		}
		h.clock.Advance(time.Millisecond)
		if u := watcher.nextTurn(); u.Clock.Step.Seq != seq {
			t.Fatalf("an update to step %d, want step %d", u.Clock.Step.Seq, seq)
		}
	}
	if err := watcher.sub.Err(); err != nil {
		t.Fatalf("the watcher's subscription: %v", err)
	}
	watcher.sub.Close()
	timeout := time.After(waitLimit)
	for seq := from + 30; seq < from+1000; {
		select {
		case seq = <-latest:
		case <-timeout:
			t.Fatalf("the bots did not play on at once once nobody watched; status %+v", h.status())
		}
	}
}

// BenchmarkAIChain measures the AI's actions played at once while nobody
// watches: two bots count, 1 an action, to b.N, each action a step of its
// own (played through the match's loop, its record, its clock).
func BenchmarkAIChain(b *testing.B) {
	over := make(chan struct{})
	set := Settings{Seats: 2, Bots: 2, Options: ruleset.Options{"bids": 0, "target": max(b.N, 2)},
		Logger: slog.New(slog.DiscardHandler), OnTurn: func(rec TurnRecord) {
			if rec.Over {
				close(over)
			}
		}}
	m, err := New(1, newCountRuleset(), set, newFakeClock())
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.ResetTimer()
	go func() { _ = m.Run(ctx) }()
	<-over
}
