package match

import (
	"empires/server/internal/logbuf"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/rules/erfworld"
)

// booked returns seat's orders in the match's book for the turn being
// played, and whether the seat submitted any (an empty list included).
func (h *harness) booked(seat game.PlayerID) ([]game.Order, bool) {
	h.t.Helper()
	var orders []game.Order
	var ok bool
	if err := h.m.query(h.ctx, func() {
		ok = slices.Contains(h.m.book.Players(), seat)
		orders = h.m.book.Orders(seat)
	}); err != nil {
		h.t.Fatal(err)
	}
	return orders, ok
}

// wantAI checks that seat's orders in the book are the AI's for the seat's
// view of the server's state, computed afresh at level and the game's seed.
func (h *harness) wantAI(seat game.PlayerID, level ai.Level) {
	h.t.Helper()
	s := h.server()
	want := ai.New(h.rs, level, h.m.set.Seed).Orders(game.NewView(s, seat))
	have, ok := h.booked(seat)
	if !ok {
		h.t.Fatalf("turn %d: seat %d submitted nothing, want the AI's orders", s.Turn, seat)
	}
	if len(have) != len(want) || (len(want) > 0 && !reflect.DeepEqual(have, want)) {
		h.t.Fatalf("turn %d: seat %d's orders are\n%v\nwant the AI's\n%v", s.Turn, seat, have, want)
	}
}

// endTurn has seat 1 submit no orders and say it is ready, then reads
// each client's update of the turn.
func (h *harness) endTurn(turn game.Turn, clients ...*client) {
	h.t.Helper()
	h.submit(1, turn, []game.Order{})
	h.ready(1)
	for _, c := range clients {
		c.nextTurn()
	}
}

// TestBotOrders: at the game's start and at each turn's start, a bot's
// orders for the turn are the AI's for its view, at the settings' level
// (ai.Normal by default).
func TestBotOrders(t *testing.T) {
	tests := []struct {
		name  string
		level *ai.Level
		want  ai.Level
	}{
		{name: "default", level: nil, want: ai.Normal},
		{name: "passive", level: new(ai.Passive), want: ai.Passive},
		{name: "random", level: new(ai.Random), want: ai.Random},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := threeSeats()
			set.AILevel = tt.level
			set.Bots = 2 // seat 1 a person, seats 2 and 3 bots
			h := start(t, set)
			ann := h.connect(1)
			for turn := game.Turn(1); turn <= 3; turn++ {
				st := h.status()
				if st.Turn != turn {
					t.Fatalf("turn %d, want %d", st.Turn, turn)
				}
				for _, bot := range st.Seats[1:] {
					if !bot.Bot || !bot.Submitted || bot.AIPlaying || bot.MissedTurns != 0 {
						t.Fatalf("turn %d: bot status %+v, want a bot that submitted and missed no turn", turn, bot)
					}
					h.wantAI(bot.Seat, tt.want)
				}
				h.endTurn(turn, ann)
			}
			if s := h.server(); stockMissed(s, 2) != 0 || stockMissed(s, 3) != 0 {
				t.Fatal("the ruleset counts the bots' turns as missed")
			}
		})
	}
}

// TestTakeover: a person who sends no orders two turns in a row is played
// by the AI from the third turn: its orders are the AI's, the status says
// so, and the turn no longer waits for the seat. The player takes the seat
// back by submitting, or by subscribing again.
func TestTakeover(t *testing.T) {
	tests := []struct {
		name  string
		timer time.Duration
		// bySubmit: Bob comes back by submitting orders, else by
		// subscribing again.
		bySubmit bool
	}{
		{name: "timer, back by submitting", timer: time.Minute, bySubmit: true},
		{name: "timer, back by subscribing", timer: time.Minute, bySubmit: false},
		{name: "no timer, back by submitting", timer: 0, bySubmit: true},
		{name: "no timer, back by subscribing", timer: 0, bySubmit: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := threeSeats()
			set.TurnTimer = tt.timer
			level := ai.Random
			set.AILevel = &level
			h := start(t, set)
			ann, bob := h.connect(1), h.connect(2)
			bobStatus := func() SeatStatus { return h.status().Seats[1] }

			// Turns 1 and 2: Bob, connected, sends nothing. Without a
			// timer he says he is ready; with one the timer runs out.
			for turn := game.Turn(1); turn <= 2; turn++ {
				if st := bobStatus(); st.AIPlaying || st.Submitted {
					t.Fatalf("turn %d: Bob's status %+v, want him neither taken over nor submitted", turn, st)
				}
				h.submit(1, turn, []game.Order{})
				h.ready(1)
				if tt.timer == 0 {
					h.ready(2)
				} else {
					if st := h.status(); st.Turn != turn {
						t.Fatalf("turn %d resolved without waiting for Bob", turn)
					}
					h.clock.Advance(tt.timer)
				}
				ann.nextTurn()
				bob.nextTurn()
				if st := bobStatus(); st.MissedTurns != int(turn) {
					t.Fatalf("after turn %d: Bob missed %d turns, want %d", turn, st.MissedTurns, turn)
				}
			}

			// Turns 3 and 4: the AI plays Bob's seat, and Ann alone ends
			// the turn (no timer is advanced: a stalled turn fails
			// nextTurn).
			for turn := game.Turn(3); turn <= 4; turn++ {
				if st := bobStatus(); !st.AIPlaying || !st.Submitted || st.MissedTurns != int(turn)-1 {
					t.Fatalf("turn %d: Bob's status %+v, want the AI playing, orders submitted, %d turns missed", turn, st, turn-1)
				}
				h.wantAI(2, level)
				if turn == 4 {
					break
				}
				h.endTurn(turn, ann, bob)
			}
			if n := stockMissed(h.server(), 2); n != 0 {
				t.Fatalf("the ruleset counts %d missed turns for Bob, want 0: the AI's orders are orders", n)
			}

			// Turn 4: Bob comes back.
			aiOrders, _ := h.booked(2)
			var want []game.Order
			if tt.bySubmit {
				want = []game.Order{}
				h.submit(2, 4, want)
			} else {
				h.connect(2)
				want = aiOrders
			}
			if st := bobStatus(); st.AIPlaying || !st.Submitted || st.MissedTurns != 0 {
				t.Fatalf("Bob back: status %+v, want his seat back, orders submitted, no turn missed", st)
			}
			if have, _ := h.booked(2); len(have) != len(want) || (len(want) > 0 && !reflect.DeepEqual(have, want)) {
				t.Fatalf("Bob back: his orders are %v, want %v", have, want)
			}
			// The turn waits for Bob again.
			h.ready(1)
			if st := h.status(); st.Turn != 4 {
				t.Fatalf("turn %d: the turn did not wait for Bob, who is back", st.Turn)
			}
			h.ready(2)
			ann.nextTurn()
			if st := bobStatus(); st.AIPlaying || st.Submitted || st.MissedTurns != 0 {
				t.Fatalf("turn 5: Bob's status %+v, want him playing, nothing submitted yet, no turn missed", st)
			}
			if _, ok := h.booked(2); ok {
				t.Fatal("turn 5: the AI still gives Bob's orders")
			}
		})
	}
}

// TestTakeoverOnResume: a saved game in which a player missed too many
// turns resumes with the AI playing the seat.
func TestTakeoverOnResume(t *testing.T) {
	rs := testRules(t)
	s, err := rs.NewGame(7, 24, 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	limit := rs.D.Autopilot.ReplaceAfterMissed
	s.Player(2).Stock[erfworld.StockMissed] = int32(limit)
	clock := newFakeClock()
	set := threeSeats()
	set.TurnTimer = time.Minute
	m, err := Resume(1, rs, set, s, clock)
	if err != nil {
		t.Fatal(err)
	}
	h := run(t, m, rs, clock)
	if st := h.status().Seats[1]; !st.AIPlaying || !st.Submitted || st.MissedTurns != limit {
		t.Fatalf("Bob's status %+v, want the AI playing after %d missed turns", st, limit)
	}
	h.wantAI(2, ai.Passive)
}

// TestAIOrdersRefused: orders of the AI's that the book refuses are logged
// and dropped, the others submitted; the match goes on.
func TestAIOrdersRefused(t *testing.T) {
	bad := game.Order{Kind: erfworld.OrderForm, City: 9999, Count: 1}
	tests := []struct {
		name string
		// orders makes the AI's orders for a view, given a valid order.
		orders   func(good game.Order) []game.Order
		wantKept int
	}{
		{name: "one bad order", orders: func(good game.Order) []game.Order { return []game.Order{bad, good} }, wantKept: 1},
		{name: "only bad orders", orders: func(game.Order) []game.Order { return []game.Order{bad, bad} }, wantKept: 0},
		{name: "too many orders", orders: func(game.Order) []game.Order {
			return slices.Repeat([]game.Order{bad}, game.MaxOrders+3)
		}, wantKept: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := testRules(t)
			clock := newFakeClock()
			var logs logbuf.Buffer
			set := threeSeats()
			set.Logger = slog.New(slog.NewTextHandler(&logs, nil))
			m, err := New(1, rs, set, clock)
			if err != nil {
				t.Fatal(err)
			}
			infantry, ok := rs.D.UnitKind("infantry")
			if !ok {
				t.Fatal("the ruleset has no infantry")
			}
			m.ai = func(v *game.View) []game.Order {
				var capital game.CityID
				for _, c := range v.Cities {
					if c.Owner == v.You && c.Capital {
						capital = c.ID
					}
				}
				good := game.Order{Kind: erfworld.OrderForm, City: capital, Unit: game.UnitKind(infantry), Count: 1}
				orders := tt.orders(good)
				for i := range orders {
					orders[i].Turn = v.Turn
				}
				return orders
			}
			h := run(t, m, rs, clock)
			ann := h.connect(1)
			h.connect(2)
			for turn := game.Turn(1); turn <= 2; turn++ {
				have, ok := h.booked(3)
				if !ok || len(have) != tt.wantKept || slices.ContainsFunc(have, func(o game.Order) bool { return o.City == bad.City }) {
					t.Fatalf("turn %d: the bot's orders are %v (submitted %v), want %d kept, none of the bad", turn, have, ok, tt.wantKept)
				}
				h.submit(2, turn, []game.Order{})
				h.ready(2)
				h.endTurn(turn, ann)
			}
			if !strings.Contains(logs.String(), "an AI order is refused") {
				t.Fatalf("no refusal in the logs:\n%s", logs.String())
			}
		})
	}
}

// TestOpenSeatPlayedByAI: a human seat nobody held at the start is played
// by the AI from the first turn, without holding up the turn, until a
// player takes it; a seat outside the human seats cannot be open.
func TestOpenSeatPlayedByAI(t *testing.T) {
	set := threeSeats()
	set.Names = []string{"Ann"}
	set.Open = []game.PlayerID{2}
	h := start(t, set)
	if st := h.status().Seats[1]; !st.AIPlaying || !st.Submitted {
		t.Fatalf("turn 1: open seat's status %+v, want the AI playing it", st)
	}
	h.wantAI(2, ai.Passive)
	ann := h.connect(1)
	h.endTurn(1, ann)
	if st := h.status(); st.Turn != 2 {
		t.Fatalf("the open seat held up turn 1: turn %d", st.Turn)
	}
	h.wantAI(2, ai.Passive)
	// A player takes the seat.
	h.connect(2)
	if st := h.status().Seats[1]; st.AIPlaying {
		t.Fatalf("a player took the open seat: status %+v, want the AI gone", st)
	}

	bad := threeSeats()
	bad.Open = []game.PlayerID{3} // the bot's seat
	if _, err := New(1, testRules(t), bad, newFakeClock()); err == nil || !strings.Contains(err.Error(), "open seats") {
		t.Errorf("open bot seat: %v, want an error about open seats", err)
	}
}
