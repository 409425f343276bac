package match

import (
	"bytes"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
)

// saved is what a test's OnTurn keeps of a record: copies, taken during
// the call.
type saved struct {
	start      bool
	step, next ruleset.Step
	orders     []ruleset.Submission
	save       []byte
	events     int
	over       bool
	winner     ruleset.Seat
}

// recorder is an OnTurn that keeps every record.
type recorder struct {
	t    *testing.T
	mu   sync.Mutex
	list []saved
}

func (r *recorder) onTurn(rec TurnRecord) {
	save, err := rec.Save()
	if err != nil {
		r.t.Errorf("a record's game does not save: %v", err)
	}
	orders := make([]ruleset.Submission, len(rec.Orders))
	for i, sub := range rec.Orders {
		orders[i] = ruleset.Submission{Seat: sub.Seat, Orders: slices.Clone(sub.Orders)}
	}
	step, next := rec.Step, rec.Next
	step.Actors, next.Actors = slices.Clone(step.Actors), slices.Clone(next.Actors)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = append(r.list, saved{start: rec.Start, step: step, next: next, orders: orders, save: save,
		events: rec.Events, over: rec.Over, winner: rec.Winner})
}

func (r *recorder) records() []saved {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.list)
}

// replay checks that the records of a match are its history: the first
// is the start, and every later one plays the game of the one before with
// its orders (Resolve for a simultaneous step, Act with its single
// submission for an interactive one), giving the game it saved, the step
// it names next and its number of events.
func replay(t *testing.T, rs ruleset.Ruleset, list []saved) {
	t.Helper()
	if len(list) == 0 || !list[0].start || len(list[0].orders) != 0 || list[0].events != 0 {
		t.Fatalf("the records do not begin with the start: %+v", list)
	}
	for i := 1; i < len(list); i++ {
		rec := list[i]
		if rec.start {
			t.Fatalf("record %d is a start record", i)
		}
		if !reflect.DeepEqual(rec.step, list[i-1].next) {
			t.Fatalf("record %d plays step %+v, the record before named %+v next", i, rec.step, list[i-1].next)
		}
		if rec.next.Seq != rec.step.Seq+1 {
			t.Fatalf("record %d: step %d is followed by step %d, want %d", i, rec.step.Seq, rec.next.Seq, rec.step.Seq+1)
		}
		g, err := rs.Load(list[i-1].save)
		if err != nil {
			t.Fatal(err)
		}
		var out ruleset.Outcome
		switch rec.step.Mode {
		case ruleset.Simultaneous:
			out, err = g.Resolve(rec.orders)
		case ruleset.Interactive:
			if len(rec.orders) != 1 || !rec.step.Acts(rec.orders[0].Seat) {
				t.Fatalf("record %d of an interactive step %+v has orders %+v, want one actor's action", i, rec.step, rec.orders)
			}
			out, err = g.Act(rec.orders[0].Seat, rec.orders[0].Orders)
		}
		if err != nil {
			t.Fatalf("record %d played again: %v", i, err)
		}
		after, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		over, winner := g.Over()
		if !bytes.Equal(after, rec.save) || out.Count() != rec.events || !reflect.DeepEqual(g.Step(), rec.next) ||
			over != rec.over || winner != rec.winner {
			t.Fatalf("record %d played again: %d events, next step %+v, over %v winner %d; recorded %d, %+v, %v, %d (same save: %v)",
				i, out.Count(), g.Step(), over, winner, rec.events, rec.next, rec.over, rec.winner, bytes.Equal(after, rec.save))
		}
	}
}

// decodeSubs decodes erfworld submissions into the engine's order lists.
func decodeSubs(t *testing.T, turn ruleset.Turn, subs []ruleset.Submission) []game.PlayerOrders {
	t.Helper()
	out := make([]game.PlayerOrders, len(subs))
	for i, sub := range subs {
		orders, err := hexgame.DecodeOrders(sub.Orders, game.Turn(turn))
		if err != nil {
			t.Fatalf("the orders of seat %d: %v", sub.Seat, err)
		}
		out[i] = game.PlayerOrders{Player: game.PlayerID(sub.Seat), Orders: orders}
	}
	return out
}

// TestOnTurn: OnTurn hears of the game the match starts from, then of
// every turn before any subscriber does, with the orders as submitted (a
// seat that submitted nothing absent); playing the game before a turn with
// its orders gives the game after it again, so a game can be replayed from
// its records. A resumed match starts with a record of the game it resumes
// from.
func TestOnTurn(t *testing.T) {
	rec := &recorder{t: t}
	set := threeSeats()
	set.OnTurn = rec.onTurn
	h := startErfworld(t, set)
	ann := h.connect(1)
	for turn := ruleset.Turn(1); turn <= 3; turn++ {
		order := ann.formOrder()
		h.submitHex(1, turn, order)
		h.ready(1)
		h.ready(2) // Bob never submits: the autopilot plays his seat
		ann.nextTurn()
		list := rec.records()
		if len(list) != int(turn)+1 {
			t.Fatalf("after turn %d: %d records, want %d (the start and each turn, before the subscribers hear of it)",
				turn, len(list), turn+1)
		}
		last := list[turn]
		want := []game.PlayerOrders{{Player: 1, Orders: []game.Order{order}}, {Player: 3, Orders: []game.Order{}}}
		if turn == 3 { // Bob missed two turns: the (passive) AI plays his seat
			want = slices.Insert(want, 1, game.PlayerOrders{Player: 2, Orders: []game.Order{}})
		}
		if have := decodeSubs(t, turn, last.orders); last.start || last.step.Turn != turn || last.next.Turn != turn+1 ||
			last.step.Mode != ruleset.Simultaneous || !reflect.DeepEqual(have, want) {
			t.Fatalf("record of turn %d: start %v, step %+v, next %+v, orders %+v; want turn %d, orders %+v",
				turn, last.start, last.step, last.next, have, turn, want)
		}
	}
	list := rec.records()
	if first := list[0]; first.step.Turn != 1 || first.next.Turn != 1 {
		t.Fatalf("first record: step %+v, next %+v; want the start of turn 1", first.step, first.next)
	}
	rs := erfworldRuleset(t)
	replay(t, rs, list)
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}

	again := &recorder{t: t}
	set.OnTurn = again.onTurn
	clock := newFakeClock()
	m, err := Resume(1, rs, set, list[len(list)-1].save, clock)
	if err != nil {
		t.Fatal(err)
	}
	h2 := run(t, m, clock)
	h2.connect(1) // the start record comes before the first command
	if have := again.records(); len(have) != 1 || !have[0].start || have[0].step.Turn != 4 ||
		!bytes.Equal(have[0].save, list[len(list)-1].save) {
		t.Fatalf("resumed match: %d records, want one start record of turn 4 with the game resumed", len(have))
	}
}

// savesCounted is a ruleset whose games count the calls of their Save.
type savesCounted struct {
	ruleset.Ruleset
	saves *atomic.Int64
}

func (r savesCounted) New(cfg ruleset.Config) (ruleset.Game, error) {
	g, err := r.Ruleset.New(cfg)
	return countedGame{Game: g, saves: r.saves}, err
}

type countedGame struct {
	ruleset.Game
	saves *atomic.Int64
}

func (g countedGame) Save() ([]byte, error) {
	g.saves.Add(1)
	return g.Game.Save()
}

// TestRecordSavesOnDemand: a record encodes the game only when its
// recorder asks (TurnRecord.Save): a match whose recorder keeps every
// tenth step's state encodes the game for those steps alone.
func TestRecordSavesOnDemand(t *testing.T) {
	var saves atomic.Int64
	var asked, steps int // the match's goroutine's, read once it has stopped
	set := countSettings()
	set.Seats, set.Bots, set.Names = 2, 2, nil
	set.Options = ruleset.Options{"target": 40}
	over := make(chan struct{})
	set.OnTurn = func(rec TurnRecord) {
		if rec.Start {
			return
		}
		steps++
		if rec.Next.Seq%10 == 0 {
			asked++
			if _, err := rec.Save(); err != nil {
				t.Errorf("step %d: %v", rec.Step.Seq, err)
			}
		}
		if rec.Over {
			close(over)
		}
	}
	h := start(t, savesCounted{Ruleset: newCountRuleset(), saves: &saves}, set)
	select {
	case <-over:
	case <-time.After(waitLimit):
		t.Fatalf("the game of bots did not end; status %+v", h.status())
	}
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}
	if steps < 20 || asked == 0 || saves.Load() != int64(asked) {
		t.Fatalf("%d steps, %d states asked for: the game was encoded %d times, want %d", steps, asked, saves.Load(), asked)
	}
}
