package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/server/internal/logbuf"
	"empires/shared/ruleset"
)

// The tests of this file play the counting game (countRuleset): steps the
// players act in one action at a time, beside the simultaneous ones.

// countSettings is the usual counting game: Ann and Bob people, seat 3 a
// bot, no turn timer, a target of 20.
func countSettings() Settings {
	return Settings{Seed: 3, Seats: 3, Bots: 1, Names: []string{"Ann", "Bob"}, Logger: slog.New(slog.DiscardHandler)}
}

// startCount runs a new counting match with set.
func startCount(t *testing.T, set Settings) *harness {
	t.Helper()
	return start(t, newCountRuleset(), set)
}

// act plays seat's action in step seq and fails the test if the match
// refuses it.
func (h *harness) act(seat ruleset.Seat, seq uint32, action ...byte) {
	h.t.Helper()
	if err := h.m.Act(h.ctx, seat, seq, action); err != nil {
		h.t.Fatalf("seat %d's action %v in step %d: %v", seat, action, seq, err)
	}
}

// counting returns the server's counting game, through a snapshot.
func (h *harness) counting() countState {
	h.t.Helper()
	var s countState
	if err := json.Unmarshal(h.snapshot(), &s); err != nil {
		h.t.Fatal(err)
	}
	return s
}

// counted returns the client's view of a counting game.
func (c *client) counted() *countView {
	c.t.Helper()
	v, ok := c.view.(*countView)
	if !ok {
		c.t.Fatalf("seat %d: a %T is no counting view", c.sub.Seat(), c.view)
	}
	return v
}

// words decodes u's counting events.
func (c *client) words(u Update) []string {
	c.t.Helper()
	var out []string
	if err := json.Unmarshal(u.Events, &out); err != nil {
		c.t.Fatalf("seat %d: events: %v", c.sub.Seat(), err)
	}
	return out
}

// wantStep fails the test unless step is in mode, numbered seq, for actors.
func wantStep(t *testing.T, what string, step ruleset.Step, mode ruleset.Mode, seq uint32, actors ...ruleset.Seat) {
	t.Helper()
	if step.Mode != mode || step.Seq != seq || !reflect.DeepEqual(step.Actors, actors) {
		t.Fatalf("%s: step %+v, want %v step %d of seats %v", what, step, mode, seq, actors)
	}
}

// TestAct: an action is applied at once; every subscriber gets a delta of
// its view with the action's events and the next step, and the step after
// the actions is played with orders as before.
func TestAct(t *testing.T) {
	h := startCount(t, countSettings())
	ann, bob, watcher := h.connect(1), h.connect(2), h.connect(0)
	all := []*client{ann, bob, watcher}
	for _, c := range all {
		wantStep(t, fmt.Sprintf("seat %d's first update", c.sub.Seat()), c.last.Clock.Step, ruleset.Interactive, 1, 1)
		if c.last.Clock.Step.Prompt != "count 1 to 3" {
			t.Fatalf("seat %d: prompt %q, want the ruleset's", c.sub.Seat(), c.last.Clock.Step.Prompt)
		}
	}
	steps := []struct {
		seat   ruleset.Seat
		action byte
		// wantMode, wantSeq and wantActors are the step after the
		// action; wantTotal the count.
		wantMode   ruleset.Mode
		wantSeq    uint32
		wantActors []ruleset.Seat
		wantTotal  int
	}{
		{seat: 1, action: 2, wantMode: ruleset.Interactive, wantSeq: 2, wantActors: []ruleset.Seat{2}, wantTotal: 2},
		{seat: 2, action: 3, wantMode: ruleset.Simultaneous, wantSeq: 3, wantActors: []ruleset.Seat{1, 2, 3}, wantTotal: 5},
	}
	for i, st := range steps {
		h.act(st.seat, uint32(i+1), st.action)
		for _, c := range all {
			u := c.next()
			what := fmt.Sprintf("seat %d after seat %d's action", c.sub.Seat(), st.seat)
			if u.Delta == nil {
				t.Fatalf("%s: have %+v, want a delta", what, u)
			}
			if have, want := c.words(u), []string{fmt.Sprintf("seat %d counts %d", st.seat, st.action)}; !reflect.DeepEqual(have, want) {
				t.Fatalf("%s: events %q, want %q", what, have, want)
			}
			wantStep(t, what, u.Clock.Step, st.wantMode, st.wantSeq, st.wantActors...)
			if v := c.counted(); v.Total != st.wantTotal || v.Seq != st.wantSeq {
				t.Fatalf("%s: view %+v, want the count at %d, step %d", what, v, st.wantTotal, st.wantSeq)
			}
			c.check()
		}
		wantStep(t, "status", h.status().Step, st.wantMode, st.wantSeq, st.wantActors...)
	}

	// The bids: the bot's at once, the people's when they are ready.
	if st := h.status(); st.Seats[0].Submitted || st.Seats[1].Submitted || !st.Seats[2].Submitted {
		t.Fatalf("status %+v, want only the bot's bid in", st)
	}
	h.submit(1, 1, []byte{2})
	h.submit(2, 1, []byte{0})
	h.ready(1)
	h.ready(2)
	for _, c := range all {
		u := c.nextTurn()
		if have, want := c.words(u), []string{"seat 1 bids 2", "seat 2 bids 0", "seat 3 bids 1"}; !reflect.DeepEqual(have, want) {
			t.Fatalf("seat %d: events %q, want %q", c.sub.Seat(), have, want)
		}
		wantStep(t, "turn 2", u.Clock.Step, ruleset.Interactive, 4, 2) // Bob counts first
		if u.Clock.Turn != 2 || c.counted().Total != 8 {
			t.Fatalf("seat %d: turn %d, count %d; want turn 2, count 8", c.sub.Seat(), u.Clock.Turn, c.counted().Total)
		}
		c.check()
	}
}

// TestActRefused: an action for another step, from a seat not asked, of
// the wrong kind, or that the game refuses changes nothing: the game is as
// it was and no subscriber hears of it. Orders in an interactive step are
// refused too.
func TestActRefused(t *testing.T) {
	h := startCount(t, countSettings())
	ann := h.connect(1)
	h.act(1, 1, 2) // Bob (seat 2) now answers, in step 2
	ann.nextTurn()
	type refusal struct {
		name string
		do   func() error
		// want is the sentinel error; wantRejection what the game's
		// *ruleset.Rejection says; wantText what another error says.
		want          error
		wantRejection string
		wantText      string
	}
	act := func(seat ruleset.Seat, seq uint32, action ...byte) func() error {
		return func() error { return h.m.Act(h.ctx, seat, seq, action) }
	}
	submit := func(seat ruleset.Seat, turn ruleset.Turn, orders ...byte) func() error {
		return func() error {
			refused, err := h.m.Submit(h.ctx, seat, turn, h.status().Step.Seq, orders)
			if refused != nil {
				return &refused[0]
			}
			return err
		}
	}
	check := func(t *testing.T, tests []refusal) {
		t.Helper()
		before := h.snapshot()
		for _, tt := range tests {
			err := tt.do()
			var rej *ruleset.Rejection
			switch {
			case tt.want != nil:
				if !errors.Is(err, tt.want) {
					t.Errorf("%s: have %v, want %v", tt.name, err, tt.want)
				}
			case tt.wantRejection != "":
				if !errors.As(err, &rej) || rej.Reason != tt.wantRejection {
					t.Errorf("%s: have %v, want the game's refusal %q", tt.name, err, tt.wantRejection)
				}
			default:
				if err == nil || errors.As(err, &rej) || !strings.Contains(err.Error(), tt.wantText) {
					t.Errorf("%s: have %v, want an error saying %q", tt.name, err, tt.wantText)
				}
			}
		}
		if after := h.snapshot(); !bytes.Equal(after, before) {
			t.Fatalf("the game changed:\n%s\nwas\n%s", after, before)
		}
		// Nothing was sent: the next update is the clock's for Ann's
		// readiness (which the next step clears).
		h.ready(1)
		if u := ann.next(); u.Delta != nil || u.Full != nil || !reflect.DeepEqual(u.Clock.Ready, []ruleset.Seat{1}) {
			t.Fatalf("have %+v, want the clock update of Ann's readiness", u)
		}
	}

	t.Run("interactive step", func(t *testing.T) {
		check(t, []refusal{
			{name: "a step past", do: act(2, 1, 1), want: ErrWrongTurn},
			{name: "a step to come", do: act(2, 3, 1), want: ErrWrongTurn},
			{name: "a seat not asked", do: act(1, 2, 1), want: ErrSeat},
			{name: "the bot, not asked", do: act(3, 2, 1), want: ErrSeat},
			{name: "a spectator", do: act(0, 2, 1), want: ErrSeat},
			{name: "no such seat", do: act(4, 2, 1), want: ErrSeat},
			{name: "refused by the game", do: act(2, 2, 9), wantRejection: "count 0 to 3"},
			{name: "no action at all", do: act(2, 2, 1, 2), wantText: "an action is one byte, have 2"},
			{name: "orders", do: submit(2, 1, 1), want: ErrWrongMode},
		})
		h.act(2, 2, 0)
		ann.nextTurn()
		wantStep(t, "after Bob's answer", h.status().Step, ruleset.Simultaneous, 3, 1, 2, 3)
	})
	t.Run("simultaneous step", func(t *testing.T) {
		check(t, []refusal{
			{name: "an action", do: act(1, 3, 1), want: ErrWrongMode},
			{name: "another turn", do: submit(1, 2, 1), want: ErrWrongTurn},
			{name: "refused by the game", do: submit(1, 1, 7), wantRejection: "bid 0 to 3"},
			{name: "no orders at all", do: submit(1, 1, 1, 2), wantText: "a bid is one byte, have 2"},
		})
		if st := h.status(); st.Seats[0].Submitted {
			t.Fatal("Ann's refused bids were taken")
		}
	})
}

// pace lets the AI make one move at the watchers' pace: it asks for the
// status (the loop answers only once it has armed its pacer for the step)
// and advances the clock by DefaultActionPace.
func (h *harness) pace() {
	h.t.Helper()
	h.status()
	h.clock.Advance(DefaultActionPace)
}

// TestBotsAct: in an interactive step a seat the AI plays acts, with its
// own view, at the pace of the person who watches, and one AI action after
// another plays on until a person must act: an action or the bids. Each
// action is recorded as its seat's single submission.
func TestBotsAct(t *testing.T) {
	rec := &recorder{t: t}
	set := countSettings()
	set.Bots = 2 // Ann alone is a person
	set.OnTurn = rec.onTurn
	clock := newFakeClock()
	rs := newCountRuleset()
	m, err := New(1, rs, set, clock)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var calls []string // seat@step, for each time the AI is asked
	m.ai = aiFunc(func(v ruleset.View, step ruleset.Step, seat ruleset.Seat) ([]byte, error) {
		cv := v.(*countView)
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, fmt.Sprintf("%d@%d", seat, step.Seq))
		if cv.You != seat || cv.Seq != step.Seq {
			return nil, fmt.Errorf("the AI of seat %d in step %d has seat %d's view of step %d", seat, step.Seq, cv.You, cv.Seq)
		}
		return []byte{1}, nil
	})
	h := run(t, m, clock)
	ann := h.connect(1)

	turns := []struct {
		name string
		// play is what Ann does.
		play func()
		// wantSeqs are the steps each of Ann's deltas leads to; want the
		// step that waits for her then.
		wantSeqs []uint32
		want     ruleset.Step
	}{
		{name: "turn 1: Ann counts, the bot Bob answers, the bots bid",
			play:     func() { h.act(1, 1, 3) },
			wantSeqs: []uint32{2, 3},
			want:     ruleset.Step{Mode: ruleset.Simultaneous, Seq: 3, Actors: []ruleset.Seat{1, 2, 3}}},
		{name: "turn 2: the bots count, answer and bid",
			play:     func() { h.submit(1, 1, []byte{0}); h.ready(1) },
			wantSeqs: []uint32{4, 5, 6},
			want:     ruleset.Step{Mode: ruleset.Simultaneous, Seq: 6, Actors: []ruleset.Seat{1, 2, 3}}},
		{name: "turn 3: the bot counts, Ann must answer",
			play:     func() { h.submit(1, 2, []byte{0}); h.ready(1) },
			wantSeqs: []uint32{7, 8},
			want:     ruleset.Step{Mode: ruleset.Interactive, Seq: 8, Actors: []ruleset.Seat{1}}},
	}
	wantStep(t, "the start: Ann counts first", h.status().Step, ruleset.Interactive, 1, 1)
	for _, turn := range turns {
		turn.play()
		for i, seq := range turn.wantSeqs {
			if i > 0 {
				h.pace() // the AI's action
			}
			if u := ann.nextTurn(); u.Clock.Step.Seq != seq {
				t.Fatalf("%s: a delta to step %d, want step %d", turn.name, u.Clock.Step.Seq, seq)
			}
		}
		st := h.status()
		wantStep(t, turn.name, st.Step, turn.want.Mode, turn.want.Seq, turn.want.Actors...)
		if turn.want.Mode == ruleset.Simultaneous && (!st.Seats[1].Submitted || !st.Seats[2].Submitted || st.Seats[0].Submitted) {
			t.Fatalf("%s: status %+v, want the bots' bids in and not Ann's", turn.name, st)
		}
		ann.check()
	}
	mu.Lock()
	have := calls
	mu.Unlock()
	if want := []string{"2@2", "2@3", "3@3", "2@4", "3@5", "2@6", "3@6", "3@7"}; !reflect.DeepEqual(have, want) {
		t.Fatalf("the AI was asked for %v, want %v", have, want)
	}

	list := rec.records()
	replay(t, rs, list)
	type played struct {
		seq    uint32
		orders []ruleset.Submission
	}
	var records []played
	for _, r := range list[1:] {
		records = append(records, played{r.step.Seq, r.orders})
	}
	one := func(seat ruleset.Seat, n byte) []ruleset.Submission {
		return []ruleset.Submission{{Seat: seat, Orders: []byte{n}}}
	}
	bids := []ruleset.Submission{{Seat: 1, Orders: []byte{0}}, {Seat: 2, Orders: []byte{1}}, {Seat: 3, Orders: []byte{1}}}
	want := []played{{1, one(1, 3)}, {2, one(2, 1)}, {3, bids}, {4, one(2, 1)}, {5, one(3, 1)}, {6, bids}, {7, one(3, 1)}}
	if !reflect.DeepEqual(records, want) {
		t.Fatalf("the records are\n%v\nwant\n%v", records, want)
	}
}

// TestActTimer: when the turn timer runs out in an interactive step of a
// game without defaults the AI acts for the actor, who missed the step;
// the host's timer starts again with each step. An action of the AI's the
// game refuses is logged, and the step waits for another turn of the
// timer.
func TestActTimer(t *testing.T) {
	tests := []struct {
		name string
		// action is the AI's.
		action  byte
		wantLog string
	}{
		{name: "the AI acts", action: 1},
		{name: "the AI's action refused", action: 9, wantLog: "the AI's action is refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs logbuf.Buffer
			rec := &recorder{t: t}
			set := countSettings()
			set.Bots = 0
			set.Seats = 2
			set.TurnTimer = time.Minute
			set.OnTurn = rec.onTurn
			set.Logger = slog.New(slog.NewTextHandler(&logs, nil))
			clock := newFakeClock()
			m, err := New(1, newCountRuleset(), set, clock)
			if err != nil {
				t.Fatal(err)
			}
			asked := make(chan struct{}, 1) // the AI was asked to act
			m.ai = aiFunc(func(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) {
				select {
				case asked <- struct{}{}:
				default:
				}
				return []byte{tt.action}, nil
			})
			h := run(t, m, clock)
			ann := h.connect(1)
			if want := clock.Now().Add(time.Minute); !ann.last.Clock.Deadline.Equal(want) {
				t.Fatalf("deadline %v, want %v", ann.last.Clock.Deadline, want)
			}
			clock.Advance(59 * time.Second)
			wantStep(t, "a second before the deadline", h.status().Step, ruleset.Interactive, 1, 1)
			clock.Advance(time.Second)
			if tt.wantLog != "" {
				select {
				case <-asked: // the status below comes after the timer's end
				case <-time.After(waitLimit):
					t.Fatal("the AI was not asked to act")
				}
				st := h.status()
				wantStep(t, "the AI's action refused", st.Step, ruleset.Interactive, 1, 1)
				if want := clock.Now().Add(time.Minute); !st.Deadline.Equal(want) {
					t.Fatalf("deadline %v, want another minute: %v", st.Deadline, want)
				}
				if !strings.Contains(logs.String(), tt.wantLog) {
					t.Fatalf("no %q in the logs:\n%s", tt.wantLog, logs.String())
				}
				h.act(1, 1, 2) // Ann can still act
				ann.nextTurn()
				wantStep(t, "after Ann's own action", h.status().Step, ruleset.Interactive, 2, 2)
				return
			}
			u := ann.nextTurn()
			wantStep(t, "the timer ran out", u.Clock.Step, ruleset.Interactive, 2, 2)
			if have := ann.words(u); !reflect.DeepEqual(have, []string{"seat 1 counts 1"}) {
				t.Fatalf("events %q, want the AI's count for Ann", have)
			}
			if want := clock.Now().Add(time.Minute); !u.Clock.Deadline.Equal(want) {
				t.Fatalf("deadline %v, want %v", u.Clock.Deadline, want)
			}
			if st := h.status().Seats[0]; st.AIPlaying || st.MissedTurns != 1 {
				t.Fatalf("Ann's status %+v: one step missed, nothing taken over", st)
			}
			if list := rec.records(); len(list) != 2 || !reflect.DeepEqual(list[1].orders, []ruleset.Submission{{Seat: 1, Orders: []byte{1}}}) {
				t.Fatalf("records %+v, want the AI's action as Ann's", list)
			}
			// Bob acts half-way through his step: the timer starts again.
			clock.Advance(30 * time.Second)
			h.act(2, 2, 0)
			if u := ann.nextTurn(); !u.Clock.Deadline.Equal(clock.Now().Add(time.Minute)) {
				t.Fatalf("deadline %v after Bob's action at %v, want a minute later", u.Clock.Deadline, clock.Now())
			}
		})
	}
}

// TestWholeGame plays a counting game to its end: Ann against two bots,
// Ann acting whenever her updates say the game waits for her. The bots
// never hold the game up, acting at the watchers' pace; every subscriber's
// view follows the game to the end, and the records replay it.
func TestWholeGame(t *testing.T) {
	rec := &recorder{t: t}
	set := countSettings()
	set.Bots = 2
	set.Options = ruleset.Options{"target": 40}
	set.OnTurn = rec.onTurn
	rs := newCountRuleset()
	h := start(t, rs, set)
	ann, watcher, bot := h.connect(1), h.connect(0), h.connect(3)
	done := uint32(0) // the last step Ann played
	for n := 0; !ann.last.Over; n++ {
		if n > 1000 {
			t.Fatal("no end after 1000 updates")
		}
		st := ann.last.Clock.Step
		switch {
		case st.Acts(1) && st.Seq != done:
			done = st.Seq
			if st.Mode == ruleset.Interactive {
				h.act(1, st.Seq, 2)
			} else {
				h.submit(1, st.Turn, []byte{3})
				h.ready(1)
			}
		case !st.Acts(1) && len(ann.sub.Updates()) == 0:
			h.pace() // a bot's action, at the pace of the people watching
		}
		ann.next()
	}
	for _, c := range []*client{watcher, bot} {
		for !c.last.Over {
			c.next()
		}
	}
	s := h.counting()
	// Ann counts 2 and bids 3, the bots 1 and 1: she wins.
	if s.Total < 40 || ann.last.Winner != 1 || len(ann.last.Clock.Step.Actors) != 0 {
		t.Fatalf("the end: count %d, winner %d, step %+v; want 40 or more, Ann, nobody to act",
			s.Total, ann.last.Winner, ann.last.Clock.Step)
	}
	if st := h.status(); !st.Over || st.Winner != 1 || !st.Deadline.IsZero() {
		t.Fatalf("status %+v, want the game over, won by Ann", st)
	}
	for _, c := range []*client{ann, watcher, bot} {
		c.check()
	}
	if err := h.m.Act(h.ctx, 1, s.Seq, []byte{1}); !errors.Is(err, ErrOver) {
		t.Fatalf("an action after the end: have %v, want ErrOver", err)
	}
	list := rec.records()
	if len(list) != int(s.Seq) { // the start, then steps 1 to Seq-1
		t.Fatalf("%d records for %d steps played, want the start and one a step", len(list), s.Seq-1)
	}
	if last := list[len(list)-1]; !last.over || last.winner != 1 {
		t.Fatalf("the last record: over %v, winner %d; want the end, won by Ann", last.over, last.winner)
	}
	replay(t, rs, list)
}

// TestLongChain: the AI's actions in a row while nobody watches stop
// after maxChain, so an AI that never hands the game to a person does not
// keep a core busy; the next chain starts AIPace later.
func TestLongChain(t *testing.T) {
	var logs logbuf.Buffer
	onTurn, ch := steps()
	set := Settings{Seats: 2, Bots: 2, Options: ruleset.Options{"bids": 0, "target": 1_000_000},
		Logger: slog.New(slog.NewTextHandler(&logs, nil)), OnTurn: onTurn}
	h := startCount(t, set)
	waitStep(t, ch, 1+maxChain)
	if st := h.status(); st.Step.Seq != 1+maxChain || st.Over {
		t.Fatalf("step %d, over %v; want step %d: a chain of %d actions", st.Step.Seq, st.Over, 1+maxChain, maxChain)
	}
	if !strings.Contains(logs.String(), "a long chain of actions") {
		t.Fatalf("no warning of the long chain in the logs:\n%s", logs.String())
	}
	h.clock.Advance(DefaultAIPace - time.Millisecond)
	if st := h.status(); st.Step.Seq != 1+maxChain {
		t.Fatalf("step %d before the AI's pace, want %d", st.Step.Seq, 1+maxChain)
	}
	h.clock.Advance(time.Millisecond) // one action after the pause, then a chain
	waitStep(t, ch, 2+2*maxChain)
	if st := h.status(); st.Step.Seq != 2+2*maxChain {
		t.Fatalf("step %d after the pace, want %d", st.Step.Seq, 2+2*maxChain)
	}
}
