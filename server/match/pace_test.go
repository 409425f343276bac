package match

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"empires/shared/game"
	"empires/shared/ruleset"
)

// The tests of this file check that a step only the AI plays resolves by
// itself (the package doc's "Steps only the AI plays"). A test that
// advances the fake clock first asks the match for its status: the loop
// answers it only once it has armed its pacer for the step.

// steps returns an OnTurn that sends the step the game is at after each
// step played, and the channel it sends on. It never blocks the match: a
// test reads what it waits for, and what it leaves is dropped.
func steps() (func(TurnRecord), <-chan TurnRecord) {
	ch := make(chan TurnRecord, 4096)
	return func(rec TurnRecord) {
		if rec.Start {
			return
		}
		rec.Orders, rec.Save = nil, nil // the match's, read during the call only
		select {
		case ch <- rec:
		default:
		}
	}, ch
}

// waitStep reads records from ch until one says the game is at step seq,
// and fails the test if none comes.
func waitStep(t *testing.T, ch <-chan TurnRecord, seq uint32) TurnRecord {
	t.Helper()
	timeout := time.After(waitLimit)
	for {
		select {
		case rec := <-ch:
			if rec.Next.Seq == seq {
				return rec
			}
			if rec.Next.Seq > seq {
				t.Fatalf("the game went on to step %d, past step %d", rec.Next.Seq, seq)
			}
		case <-timeout:
			t.Fatalf("step %d not reached", seq)
		}
	}
}

// botsOnly is an erfworld game of two passive bots, no turn timer: it
// never ends by itself.
func botsOnly() Settings {
	set := threeSeats()
	set.Seats, set.Bots, set.Names = 2, 2, nil
	return set
}

// TestBotsRunToTheEnd: a game of bots only, without a turn timer and with
// nobody watching, plays on by itself to its end, without the clock moving
// ("while nobody watches, it resolves at once").
func TestBotsRunToTheEnd(t *testing.T) {
	onTurn, ch := steps()
	set := countSettings()
	set.Seats, set.Bots, set.Names = 2, 2, nil
	set.Options = ruleset.Options{"target": 40}
	set.OnTurn = onTurn
	h := startCount(t, set)
	timeout := time.After(waitLimit)
	for over := false; !over; {
		select {
		case rec := <-ch:
			over = rec.Over
		case <-timeout:
			t.Fatalf("the game of bots did not end; status %+v", h.status())
		}
	}
	if st := h.status(); !st.Over || h.counting().Total < 40 {
		t.Fatalf("status %+v, count %d; want the game over at 40", st, h.counting().Total)
	}
}

// TestAIRush: steps only the AI plays resolve at once while nobody
// watches, at most Settings.AIRush in a row; then every AIPace, also while
// someone watches; someone subscribing starts the count afresh.
func TestAIRush(t *testing.T) {
	onTurn, ch := steps()
	set := botsOnly()
	set.AIRush, set.AIPace, set.OnTurn = 3, time.Minute, onTurn
	h := startErfworld(t, set)
	waitStep(t, ch, 4) // turns 1 to 3 at once
	if st := h.status(); st.Turn != 4 {
		t.Fatalf("turn %d after the rush, want 4: three turns at once, then the pace", st.Turn)
	}
	h.clock.Advance(time.Minute - time.Second)
	if st := h.status(); st.Turn != 4 {
		t.Fatalf("turn %d before the pace is up, want 4", st.Turn)
	}
	h.clock.Advance(time.Second)
	waitStep(t, ch, 5)

	watcher := h.connect(0)
	if st := h.status(); st.Turn != 5 {
		t.Fatalf("turn %d with a spectator, want 5: watched, the bots go at the pace", st.Turn)
	}
	h.clock.Advance(time.Minute)
	if u := watcher.nextTurn(); u.Clock.Turn != 6 {
		t.Fatalf("the spectator sees turn %d after the pace, want 6", u.Clock.Turn)
	}
	watcher.sub.Close()
	waitStep(t, ch, 9) // nobody watches again: three more at once
	if st := h.status(); st.Turn != 9 {
		t.Fatalf("turn %d after the spectator left, want 9", st.Turn)
	}
}

// TestAIRushAnswers: while steps only the AI plays resolve at once, the
// match still answers commands between two of them, and stops when told.
func TestAIRushAnswers(t *testing.T) {
	onTurn, ch := steps()
	set := countSettings()
	set.Seats, set.Bots, set.Names = 2, 2, nil
	set.Options = ruleset.Options{"target": 1_000_000}
	set.AIRush, set.OnTurn = 1<<30, onTurn
	h := startCount(t, set)
	for range 20 {
		ctx, cancel := context.WithTimeout(h.ctx, waitLimit)
		_, err := h.m.Status(ctx)
		cancel()
		if err != nil {
			t.Fatalf("status while the bots play: %v", err)
		}
	}
	waitStep(t, ch, 100)
	if err := h.stop(); err != nil {
		t.Fatalf("stop while the bots play: %v", err)
	}
}

// TestAIPaceWatched: human seats nobody holds, played by the AI from the
// start, do not stall a game without a timer: with a spectator watching,
// each turn resolves AIPace after it starts.
func TestAIPaceWatched(t *testing.T) {
	set := threeSeats()
	set.Open = []ruleset.Seat{1, 2}
	set.AIRush, set.AIPace = -1, 30*time.Second
	h := startErfworld(t, set)
	watcher := h.connect(0)
	for turn := ruleset.Turn(1); turn <= 3; turn++ {
		if st := h.status(); st.Turn != turn {
			t.Fatalf("turn %d, want %d", st.Turn, turn)
		}
		h.clock.Advance(29 * time.Second)
		if st := h.status(); st.Turn != turn {
			t.Fatalf("turn %d resolved before the pace was up", turn)
		}
		h.clock.Advance(time.Second)
		if u := watcher.nextTurn(); u.Clock.Turn != turn+1 {
			t.Fatalf("after turn %d the spectator sees turn %d", turn, u.Clock.Turn)
		}
	}
}

// TestTakenOverNobodyReady: a player who is still connected but sends
// nothing, whose seat the AI took over, does not stall a game without a
// timer: the turn resolves AIPace after it starts, with the AI's orders
// (the turn once stalled for good with AIPlaying true). Saying ready still
// ends it at once.
func TestTakenOverNobodyReady(t *testing.T) {
	set := threeSeats()
	set.Seats, set.Bots, set.Names = 2, 1, []string{"Ann"}
	h := startErfworld(t, set)
	ann := h.connect(1)
	for turn := ruleset.Turn(1); turn <= 2; turn++ {
		h.ready(1) // ready, no orders: a missed turn
		ann.nextTurn()
	}
	if st := h.status(); st.Turn != 3 || !st.Seats[0].AIPlaying {
		t.Fatalf("turn %d, Ann %+v; want turn 3, the AI playing Ann's seat", st.Turn, st.Seats[0])
	}
	h.clock.Advance(DefaultAIPace)
	if u := ann.nextTurn(); u.Clock.Turn != 4 {
		t.Fatalf("Ann sees turn %d after the pace, want 4", u.Clock.Turn)
	}
	if st := h.status(); st.Turn != 4 || !st.Seats[0].AIPlaying {
		t.Fatalf("turn %d, Ann %+v; want turn 4, the AI still playing Ann's seat", st.Turn, st.Seats[0])
	}
	h.ready(1)
	if u := ann.nextTurn(); u.Clock.Turn != 5 {
		t.Fatalf("Ann ready: she sees turn %d, want 5", u.Clock.Turn)
	}
}

// TestPeopleOut: a game whose people are all out of it goes on by itself
// without a timer, the bots playing it; the player still watching sees it
// at the pace.
func TestPeopleOut(t *testing.T) {
	rs := erfworldRuleset(t)
	s, err := rs.Rules().NewGame(7, 24, 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Player(1).Alive, s.Player(1).EliminatedTurn = false, 1
	save, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	set := threeSeats()
	set.Bots, set.Names = 2, []string{"Ann"}
	set.Options = nil
	set.AIRush = -1 // no turn at once before Ann watches
	clock := newFakeClock()
	m, err := Resume(1, rs, set, save, clock)
	if err != nil {
		t.Fatal(err)
	}
	h := run(t, m, clock)
	ann := h.connect(1)
	if st := h.status(); st.Turn != 1 || st.Seats[0].Alive {
		t.Fatalf("turn %d, Ann %+v; want turn 1, Ann out", st.Turn, st.Seats[0])
	}
	h.clock.Advance(DefaultAIPace)
	if u := ann.nextTurn(); u.Clock.Turn != 2 {
		t.Fatalf("Ann sees turn %d after the pace, want 2", u.Clock.Turn)
	}
}

// TestAIActionRetried: in an interactive step only the AI plays, an action
// the game refused is tried again AIPace later, rather than stalling a
// game without a timer or trying again at once.
func TestAIActionRetried(t *testing.T) {
	onTurn, ch := steps()
	set := countSettings()
	set.Seats, set.Bots, set.Names = 2, 2, nil
	set.Options = ruleset.Options{"bids": 0, "target": 3}
	set.OnTurn = onTurn
	clock := newFakeClock()
	m, err := New(1, newCountRuleset(), set, clock)
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	m.ai = aiFunc(func(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) {
		if calls.Add(1) == 1 {
			return nil, errors.New("not yet")
		}
		return []byte{1}, nil
	})
	h := run(t, m, clock)
	if st := h.status(); st.Step.Seq != 1 || calls.Load() != 1 {
		t.Fatalf("step %d, %d calls of the AI; want step 1, one call", st.Step.Seq, calls.Load())
	}
	h.clock.Advance(DefaultAIPace - time.Millisecond)
	if st := h.status(); st.Step.Seq != 1 || calls.Load() != 1 {
		t.Fatalf("before the pace: step %d, %d calls of the AI; want step 1, one call", st.Step.Seq, calls.Load())
	}
	h.clock.Advance(time.Millisecond)
	if rec := waitStep(t, ch, 4); !rec.Over {
		t.Fatalf("step 4 %+v, want the game over: three counts of 1 reach the target", rec)
	}
}
