package match

import (
	"reflect"
	"slices"
	"sync"
	"testing"

	"empires/shared/game"
)

// saved is what a test's OnTurn keeps of a record: copies, taken during
// the call.
type saved struct {
	start  bool
	turn   game.Turn
	orders []game.PlayerOrders
	state  []byte // encoded
	events int
}

// recorder is an OnTurn that keeps every record.
type recorder struct {
	t    *testing.T
	mu   sync.Mutex
	list []saved
}

func (r *recorder) onTurn(rec TurnRecord) {
	data, err := game.Encode(rec.State)
	if err != nil {
		r.t.Errorf("encode the state of a record: %v", err)
	}
	orders := make([]game.PlayerOrders, len(rec.Orders))
	for i, po := range rec.Orders {
		orders[i] = game.PlayerOrders{Player: po.Player, Orders: cloneOrders(po.Orders)}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = append(r.list, saved{start: rec.Start, turn: rec.Turn, orders: orders, state: data, events: len(rec.Events.List)})
}

func (r *recorder) records() []saved {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]saved(nil), r.list...)
}

// TestOnTurn: OnTurn hears of the state the match starts from, then of
// every turn before any subscriber does, with the orders as submitted (a
// seat that submitted nothing absent); resolving the state before a turn
// with its orders gives the state after it again, so a game can be
// replayed from its records. A resumed match starts with a record of the
// state it resumes from.
func TestOnTurn(t *testing.T) {
	rec := &recorder{t: t}
	set := threeSeats()
	set.OnTurn = rec.onTurn
	h := start(t, set)
	ann := h.connect(1)
	for turn := game.Turn(1); turn <= 3; turn++ {
		order := ann.formOrder()
		h.submit(1, turn, []game.Order{order})
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
		if last.start || last.turn != turn || !reflect.DeepEqual(last.orders, want) {
			t.Fatalf("record of turn %d: start %v, turn %d, orders %+v; want turn %d, orders %+v",
				turn, last.start, last.turn, last.orders, turn, want)
		}
	}
	list := rec.records()
	if first := list[0]; !first.start || first.turn != 1 || len(first.orders) != 0 || first.events != 0 {
		t.Fatalf("first record: start %v, turn %d, %d orders, %d events; want the start of turn 1",
			first.start, first.turn, len(first.orders), first.events)
	}
	rs := testRules(t)
	for i := 1; i < len(list); i++ {
		s, err := game.Decode(list[i-1].state)
		if err != nil {
			t.Fatal(err)
		}
		ev := game.Resolve(s, rs, list[i].orders)
		after, err := game.Decode(list[i].state)
		if err != nil {
			t.Fatal(err)
		}
		if s.Checksum() != after.Checksum() || len(ev.List) != list[i].events {
			t.Fatalf("turn %d resolved again: checksum %x and %d events, recorded %x and %d",
				list[i].turn, s.Checksum(), len(ev.List), after.Checksum(), list[i].events)
		}
	}
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}

	s, err := game.Decode(list[len(list)-1].state)
	if err != nil {
		t.Fatal(err)
	}
	again := &recorder{t: t}
	set.OnTurn = again.onTurn
	m, err := Resume(1, rs, set, s, newFakeClock())
	if err != nil {
		t.Fatal(err)
	}
	h2 := run(t, m, rs, newFakeClock())
	h2.connect(1) // the start record comes before the first command
	if have := again.records(); len(have) != 1 || !have[0].start || have[0].turn != 4 ||
		string(have[0].state) != string(list[len(list)-1].state) {
		t.Fatalf("resumed match: %d records, want one start record of turn 4 with the state resumed", len(have))
	}
}
