package match

import (
	"errors"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/server/internal/logbuf"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
)

// aiFunc is a function as a ruleset.AI: the tests' fake AI.
type aiFunc func(v ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error)

// Act implements ruleset.AI.
func (f aiFunc) Act(v ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	return f(v, step, s)
}

// booked returns seat's orders for the step being played as the match
// holds them, and whether the seat submitted any (an empty list included).
func (h *harness) booked(seat ruleset.Seat) ([]byte, bool) {
	h.t.Helper()
	var orders []byte
	if err := h.m.query(h.ctx, func() { orders = slices.Clone(h.m.orders[seat]) }); err != nil {
		h.t.Fatal(err)
	}
	return orders, orders != nil
}

// bookedHex returns seat's erfworld orders for the turn being played, and
// whether the seat submitted any.
func (h *harness) bookedHex(seat ruleset.Seat) ([]game.Order, bool) {
	h.t.Helper()
	data, ok := h.booked(seat)
	if !ok {
		return nil, false
	}
	orders, err := hexgame.DecodeOrders(data, h.server().Turn)
	if err != nil {
		h.t.Fatalf("seat %d's orders: %v", seat, err)
	}
	return orders, true
}

// wantAI checks that seat's orders held by the match are the AI's for the
// seat's view of the server's state, computed afresh at level and the
// game's seed.
func (h *harness) wantAI(seat ruleset.Seat, level string) {
	h.t.Helper()
	l, err := ruleset.ParseLevel(level, erfworldai.Levels())
	if err != nil {
		h.t.Fatal(err)
	}
	s := h.server()
	want := erfworldai.New(erfworldRules(h.t), l, h.m.set.Seed).Orders(game.NewView(s, game.PlayerID(seat)))
	have, ok := h.bookedHex(seat)
	if !ok {
		h.t.Fatalf("turn %d: seat %d submitted nothing, want the AI's orders", s.Turn, seat)
	}
	if len(have) != len(want) || (len(want) > 0 && !reflect.DeepEqual(have, want)) {
		h.t.Fatalf("turn %d: seat %d's orders are\n%v\nwant the AI's\n%v", s.Turn, seat, have, want)
	}
}

// endTurn has seat 1 submit no orders and say it is ready, then reads
// each client's update of the turn.
func (h *harness) endTurn(turn ruleset.Turn, clients ...*client) {
	h.t.Helper()
	h.submitHex(1, turn)
	h.ready(1)
	for _, c := range clients {
		c.nextTurn()
	}
}

// TestBotOrders: at the game's start and at each turn's start, a bot's
// orders for the turn are the AI's for its view, at the settings' level
// (the ruleset's default level, normal, if none).
func TestBotOrders(t *testing.T) {
	tests := []struct {
		name  string
		level string
		want  string
	}{
		{name: "default", level: "", want: "normal"},
		{name: "passive", level: "passive", want: "passive"},
		{name: "random", level: "random", want: "random"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := threeSeats()
			set.AILevel = tt.level
			set.Bots = 2 // seat 1 a person, seats 2 and 3 bots
			h := startErfworld(t, set)
			ann := h.connect(1)
			for turn := ruleset.Turn(1); turn <= 3; turn++ {
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
			if s := h.server(); erfworld.Missed(s, 2) != 0 || erfworld.Missed(s, 3) != 0 {
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
			const level = "random"
			set.AILevel = level
			h := startErfworld(t, set)
			ann, bob := h.connect(1), h.connect(2)
			bobStatus := func() SeatStatus { return h.status().Seats[1] }

			// Turns 1 and 2: Bob, connected, sends nothing. Without a
			// timer he says he is ready; with one the timer runs out.
			for turn := ruleset.Turn(1); turn <= 2; turn++ {
				if st := bobStatus(); st.AIPlaying || st.Submitted {
					t.Fatalf("turn %d: Bob's status %+v, want him neither taken over nor submitted", turn, st)
				}
				h.submitHex(1, turn)
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
			for turn := ruleset.Turn(3); turn <= 4; turn++ {
				if st := bobStatus(); !st.AIPlaying || !st.Submitted || st.MissedTurns != int(turn)-1 {
					t.Fatalf("turn %d: Bob's status %+v, want the AI playing, orders submitted, %d turns missed", turn, st, turn-1)
				}
				h.wantAI(2, level)
				if turn == 4 {
					break
				}
				h.endTurn(turn, ann, bob)
			}
			if n := erfworld.Missed(h.server(), 2); n != 0 {
				t.Fatalf("the ruleset counts %d missed turns for Bob, want 0: the AI's orders are orders", n)
			}

			// Turn 4: Bob comes back.
			aiOrders, _ := h.bookedHex(2)
			var want []game.Order
			if tt.bySubmit {
				h.submitHex(2, 4)
			} else {
				h.connect(2)
				want = aiOrders
			}
			if st := bobStatus(); st.AIPlaying || !st.Submitted || st.MissedTurns != 0 {
				t.Fatalf("Bob back: status %+v, want his seat back, orders submitted, no turn missed", st)
			}
			if have, _ := h.bookedHex(2); len(have) != len(want) || (len(want) > 0 && !reflect.DeepEqual(have, want)) {
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
	rs := erfworldRuleset(t)
	s, err := rs.Rules().NewGame(7, 24, 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	limit := erfworldRules(t).D.Autopilot.ReplaceAfterMissed
	s.Player(2).Stock[erfworld.StockMissed] = int32(limit)
	save, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	clock := newFakeClock()
	set := threeSeats()
	set.TurnTimer = time.Minute
	m, err := Resume(1, rs, set, save, clock)
	if err != nil {
		t.Fatal(err)
	}
	h := run(t, m, clock)
	if st := h.status().Seats[1]; !st.AIPlaying || !st.Submitted || st.MissedTurns != limit {
		t.Fatalf("Bob's status %+v, want the AI playing after %d missed turns", st, limit)
	}
	h.wantAI(2, "passive")
}

// TestAIOrdersRefused: when the game refuses the AI's orders, or the AI
// fails, the match logs it and leaves the seat to the ruleset's autopilot;
// the match goes on.
func TestAIOrdersRefused(t *testing.T) {
	bad := game.Order{Kind: erfworld.OrderForm, City: 9999, Count: 1}
	tests := []struct {
		name string
		// orders makes the AI's orders for a view, given a valid order.
		orders func(good game.Order) []game.Order
		// fail: the AI returns an error instead.
		fail bool
		// wantSubmitted: the AI's orders are the bot's; else nothing is.
		wantSubmitted bool
		wantLog       string
	}{
		{name: "good orders", orders: func(good game.Order) []game.Order { return []game.Order{good} }, wantSubmitted: true},
		{name: "one bad order", orders: func(good game.Order) []game.Order { return []game.Order{bad, good} },
			wantLog: "an AI order is refused"},
		{name: "only bad orders", orders: func(game.Order) []game.Order { return []game.Order{bad, bad} },
			wantLog: "an AI order is refused"},
		{name: "too many orders", orders: func(game.Order) []game.Order {
			return slices.Repeat([]game.Order{bad}, game.MaxOrders+3)
		}, wantLog: "the AI's orders are refused"},
		{name: "the AI fails", fail: true, wantLog: "the AI gives no orders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newFakeClock()
			var logs logbuf.Buffer
			set := threeSeats()
			set.Logger = slog.New(slog.NewTextHandler(&logs, nil))
			m, err := New(1, erfworldRuleset(t), set, clock)
			if err != nil {
				t.Fatal(err)
			}
			infantry, ok := erfworldRules(t).D.UnitKind("infantry")
			if !ok {
				t.Fatal("the ruleset has no infantry")
			}
			m.ai = aiFunc(func(rv ruleset.View, step ruleset.Step, seat ruleset.Seat) ([]byte, error) {
				if tt.fail {
					return nil, errors.New("the AI is lost")
				}
				v := rv.(*hexgame.View).V
				if v.You != game.PlayerID(seat) || v.Turn != game.Turn(step.Turn) {
					return nil, errors.New("the AI got another seat's view or another turn's")
				}
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
				return hexgame.EncodeOrders(orders)
			})
			h := run(t, m, clock)
			ann := h.connect(1)
			h.connect(2)
			for turn := ruleset.Turn(1); turn <= 2; turn++ {
				have, ok := h.bookedHex(3)
				if ok != tt.wantSubmitted || (ok && (len(have) != 1 || have[0].City == bad.City)) {
					t.Fatalf("turn %d: the bot's orders are %v (submitted %v), want submitted %v", turn, have, ok, tt.wantSubmitted)
				}
				h.submitHex(2, turn)
				h.ready(2)
				h.endTurn(turn, ann)
			}
			if tt.wantLog == "" {
				if strings.Contains(logs.String(), "level=WARN") {
					t.Fatalf("warnings in the logs:\n%s", logs.String())
				}
				return
			}
			if !strings.Contains(logs.String(), tt.wantLog) {
				t.Fatalf("no %q in the logs:\n%s", tt.wantLog, logs.String())
			}
			if n := h.status().Seats[2].MissedTurns; n != 2 {
				t.Fatalf("the bot missed %d turns, want 2: the autopilot played it", n)
			}
		})
	}
}

// TestOpenSeatPlayedByAI: a human seat nobody held at the start is played
// by the AI from the first turn, without holding up the turn, until a
// player takes it.
func TestOpenSeatPlayedByAI(t *testing.T) {
	set := threeSeats()
	set.Names = []string{"Ann"}
	set.Open = []ruleset.Seat{2}
	h := startErfworld(t, set)
	if st := h.status().Seats[1]; !st.AIPlaying || !st.Submitted {
		t.Fatalf("turn 1: open seat's status %+v, want the AI playing it", st)
	}
	h.wantAI(2, "passive")
	ann := h.connect(1)
	h.endTurn(1, ann)
	if st := h.status(); st.Turn != 2 {
		t.Fatalf("the open seat held up turn 1: turn %d", st.Turn)
	}
	h.wantAI(2, "passive")
	// A player takes the seat.
	h.connect(2)
	if st := h.status().Seats[1]; st.AIPlaying {
		t.Fatalf("a player took the open seat: status %+v, want the AI gone", st)
	}
}

// TestTakeoverInteractive: in a game whose turns begin with interactive
// steps, an answer whose time ran out counts as missed like a turn without
// orders, so the AI takes over a seat whose player missed the ruleset's
// limit of steps in a row from the next step on (not from the next
// simultaneous step): it acts for the seat, at the watchers' pace. A game
// resumed in an interactive step does the same, at once while nobody
// watches.
func TestTakeoverInteractive(t *testing.T) {
	twoPeople := func() Settings {
		set := countSettings()
		set.Seats, set.Bots, set.TurnTimer = 2, 0, time.Minute
		return set
	}
	t.Run("playing", func(t *testing.T) {
		obs := &countObserver{}
		set := twoPeople()
		set.Observer = obs
		h := startCount(t, set)
		ann := h.connect(1) // Bob is away: the timer plays his steps
		h.act(1, 1, 1)
		ann.nextTurn()
		h.clock.Advance(time.Minute) // the AI answers for Bob
		if u := ann.nextTurn(); u.Clock.Step.Seq != 3 {
			t.Fatalf("a delta to step %d, want the bids, step 3", u.Clock.Step.Seq)
		}
		if bob := h.status().Seats[1]; bob.AIPlaying || bob.MissedTurns != 1 {
			t.Fatalf("after his answer's time ran out, Bob's status %+v; want 1 step missed", bob)
		}
		h.submit(1, 1, []byte{0})
		h.ready(1)
		ann.nextTurn()
		// Bob missed his answer and the bids of turn 1: the AI plays
		// his seat from turn 2's first step, his count, at the pace of
		// Ann, who watches.
		st := h.status()
		wantStep(t, "turn 2", st.Step, ruleset.Interactive, 4, 2)
		if bob := st.Seats[1]; !bob.AIPlaying || bob.MissedTurns != 2 {
			t.Fatalf("turn 2: Bob's status %+v, want the AI playing after 2 missed steps", bob)
		}
		if _, _, takeovers := obs.counts(); takeovers != 1 {
			t.Fatalf("%d takeovers observed, want 1", takeovers)
		}
		h.clock.Advance(DefaultActionPace)
		if u := ann.nextTurn(); u.Clock.Step.Seq != 5 || !reflect.DeepEqual(ann.words(u), []string{"seat 2 counts 1"}) {
			t.Fatalf("a delta to step %d with %q, want the AI's count for Bob, then Ann's answer", u.Clock.Step.Seq, ann.words(u))
		}
		h.act(1, 5, 1)
		ann.nextTurn()
		if st := h.status(); st.Step.Mode != ruleset.Simultaneous || !st.Seats[1].Submitted {
			t.Fatalf("status %+v, want the bids with Bob's in", st)
		}
	})
	t.Run("resumed", func(t *testing.T) {
		g, err := newCountRuleset().New(ruleset.Config{Seats: 2, Names: []string{"Ann", "Bob"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Act(1, []byte{2}); err != nil { // Bob answers next
			t.Fatal(err)
		}
		g.(*countGame).s.Missed[1] = g.ReplaceAfter()
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		onTurn, ch := steps()
		set := twoPeople()
		set.OnTurn = onTurn
		clock := newFakeClock()
		m, err := Resume(1, newCountRuleset(), set, save, clock)
		if err != nil {
			t.Fatal(err)
		}
		h := run(t, m, clock)
		waitStep(t, ch, 3)
		st := h.status()
		wantStep(t, "resumed", st.Step, ruleset.Simultaneous, 3, 1, 2)
		if bob := st.Seats[1]; !bob.AIPlaying || !bob.Submitted {
			t.Fatalf("Bob's status %+v, want the AI playing him: his answer and his bid given", bob)
		}
	})
}

// TestAIPlaysFromTheKeptView: the AI plays a taken-over seat whose player
// is still subscribed from the view the match keeps for the seat (the one
// its last update brought the player), not one made again, and that view
// is of the step it plays; a bot seat nobody watches gets a view made for
// the step.
func TestAIPlaysFromTheKeptView(t *testing.T) {
	clock := newFakeClock()
	m, err := New(1, erfworldRuleset(t), threeSeats(), clock)
	if err != nil {
		t.Fatal(err)
	}
	type call struct {
		seat ruleset.Seat
		turn ruleset.Turn
		kept bool // the view is the one the match keeps for the seat
		now  bool // the view is of the step played
	}
	var calls []call // appended on the match's loop, read after h.status()
	m.ai = aiFunc(func(rv ruleset.View, step ruleset.Step, seat ruleset.Seat) ([]byte, error) {
		v := rv.(*hexgame.View).V
		calls = append(calls, call{seat: seat, turn: step.Turn, kept: rv == m.views[seat],
			now: v.You == game.PlayerID(seat) && v.Turn == game.Turn(step.Turn)})
		return hexgame.EncodeOrders(nil)
	})
	h := run(t, m, clock)
	ann, bob := h.connect(1), h.connect(2)
	// Bob, subscribed, sends nothing for two turns: the AI takes his
	// seat over for turn 3.
	for turn := ruleset.Turn(1); turn <= 2; turn++ {
		h.submitHex(1, turn)
		h.ready(1)
		h.ready(2)
		ann.nextTurn()
		bob.nextTurn()
	}
	if st := h.status().Seats[1]; !st.AIPlaying {
		t.Fatalf("Bob's status %+v, want the AI playing", st)
	}
	var bobs, bots int
	for _, c := range calls {
		switch {
		case !c.now:
			t.Errorf("turn %d: the AI played seat %d from a view of another seat or step", c.turn, c.seat)
		case c.seat == 2:
			bobs++
			if !c.kept {
				t.Errorf("turn %d: the AI played Bob's seat from a view made again, not the one his subscription holds", c.turn)
			}
		case c.seat == 3:
			bots++
			if c.kept {
				t.Errorf("turn %d: the bot's seat, which nobody watches, has a kept view", c.turn)
			}
		}
	}
	if bobs != 1 || bots != 3 {
		t.Errorf("the AI played Bob's seat %d times and the bot's %d, want 1 (turn 3) and 3 (turns 1 to 3)", bobs, bots)
	}
}
