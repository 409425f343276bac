package match

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/rules/erfworld/erfworldtest"
	"empires/shared/ruleset"
	"empires/shared/rulesfile"
)

// waitLimit only keeps a broken test from hanging: every wait in these tests
// is on a channel, and ends long before it in a passing run.
const waitLimit = 2 * time.Minute

var loadErfworld = sync.OnceValues(func() (*hexgame.Ruleset, error) {
	fsys, err := rulesfile.OpenSource("")
	if err != nil {
		return nil, err
	}
	return erfworldai.Ruleset(fsys)
})

// erfworldRuleset returns erfworld on the platform, as the server's
// registry makes it.
func erfworldRuleset(tb testing.TB) *hexgame.Ruleset {
	tb.Helper()
	rs, err := loadErfworld()
	if err != nil {
		tb.Fatal(err)
	}
	return rs
}

// erfworldRules returns erfworld's engine rules.
func erfworldRules(tb testing.TB) *erfworld.Rules {
	tb.Helper()
	return erfworldRuleset(tb).Rules().(*erfworld.Rules)
}

// fakeClock is a Clock whose time moves only when the test says so.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	clock *fakeClock
	c     chan time.Time
	when  time.Time
	done  bool // fired or stopped; guarded by clock.mu
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clock: c, c: make(chan time.Time, 1), when: c.now.Add(d)}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the time on by d and fires the timers due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if !t.done && !t.when.After(c.now) {
			t.done = true
			t.c <- c.now
		}
		if !t.done {
			kept = append(kept, t)
		}
	}
	c.timers = kept
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// harness is a running match with a fake clock.
type harness struct {
	t     *testing.T
	m     *Match
	clock *fakeClock
	ctx   context.Context
	stop  func() error // cancels Run and returns what it returned
}

// threeSeats is the usual erfworld test game: seats 1 and 2 human, seat 3
// a bot. The bot is passive (it submits no orders), so what the tests see
// of the people's armies does not depend on how the AI plays.
func threeSeats() Settings {
	return Settings{Seed: 7, Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 20}, Seats: 3, Bots: 1,
		Names: []string{"Ann", "Bob"}, AILevel: "passive", Logger: slog.New(slog.DiscardHandler)}
}

// start runs a new match of rs with set.
func start(t *testing.T, rs ruleset.Ruleset, set Settings) *harness {
	t.Helper()
	clock := newFakeClock()
	m, err := New(1, rs, set, clock)
	if err != nil {
		t.Fatal(err)
	}
	return run(t, m, clock)
}

// startErfworld runs a new erfworld match with set.
func startErfworld(t *testing.T, set Settings) *harness {
	t.Helper()
	return start(t, erfworldRuleset(t), set)
}

func run(t *testing.T, m *Match, clock *fakeClock) *harness {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- m.Run(ctx) }()
	var once sync.Once
	var runErr error
	h := &harness{t: t, m: m, clock: clock, ctx: t.Context()}
	h.stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case runErr = <-ran:
			case <-time.After(waitLimit):
				t.Error("Run did not return after its context was canceled")
			}
		})
		return runErr
	}
	t.Cleanup(func() { _ = h.stop() })
	return h
}

func (h *harness) status() Status {
	h.t.Helper()
	st, err := h.m.Status(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	return st
}

// ready says seat is ready in the step being played.
func (h *harness) ready(seat ruleset.Seat) {
	h.t.Helper()
	if err := h.m.SetReady(h.ctx, seat, h.status().Step.Seq, true); err != nil {
		h.t.Fatalf("seat %d ready: %v", seat, err)
	}
}

// submit submits seat's orders for turn, the ruleset's bytes, in the step
// being played, and fails the test if the match refuses them.
func (h *harness) submit(seat ruleset.Seat, turn ruleset.Turn, orders []byte) {
	h.t.Helper()
	refused, err := h.m.Submit(h.ctx, seat, turn, h.status().Step.Seq, orders)
	if err != nil || refused != nil {
		h.t.Fatalf("seat %d's orders: %v %v", seat, err, refused)
	}
}

// submitHex submits seat's erfworld orders (none: an empty list).
func (h *harness) submitHex(seat ruleset.Seat, turn ruleset.Turn, orders ...game.Order) {
	h.t.Helper()
	h.submit(seat, turn, encodeOrders(h.t, orders))
}

// snapshot returns the game as the match saves it.
func (h *harness) snapshot() []byte {
	h.t.Helper()
	data, err := h.m.Snapshot(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	return data
}

// game returns the server's game, loaded from a snapshot.
func (h *harness) game() ruleset.Game {
	h.t.Helper()
	g, err := h.m.Ruleset().Load(h.snapshot())
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// server returns the server's erfworld state, through a snapshot.
func (h *harness) server() *game.State {
	h.t.Helper()
	s, err := game.Decode(h.snapshot())
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

func encodeOrders(tb testing.TB, orders []game.Order) []byte {
	tb.Helper()
	data, err := hexgame.EncodeOrders(orders)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// client is a subscriber that keeps its view the way a game client does:
// the ruleset decodes the full view and applies each delta to it.
type client struct {
	t    *testing.T
	h    *harness
	sub  *Subscription
	view ruleset.View
	last Update
}

// connect subscribes to seat and reads the first update, a Full view.
func (h *harness) connect(seat ruleset.Seat) *client {
	h.t.Helper()
	sub, err := h.m.Subscribe(h.ctx, seat)
	if err != nil {
		h.t.Fatalf("subscribe seat %d: %v", seat, err)
	}
	t := h.t
	t.Cleanup(sub.Close)
	c := &client{t: t, h: h, sub: sub}
	if u := c.next(); u.Full == nil {
		t.Fatalf("seat %d: first update has no full view", seat)
	}
	return c
}

// next reads one update and applies it, checking the checksum.
func (c *client) next() Update {
	c.t.Helper()
	var u Update
	select {
	case v, ok := <-c.sub.Updates():
		if !ok {
			c.t.Fatalf("seat %d: subscription ended: %v", c.sub.Seat(), c.sub.Err())
		}
		u = v
	case <-time.After(waitLimit):
		c.t.Fatalf("seat %d: no update", c.sub.Seat())
	}
	if u.Clock == nil {
		c.t.Fatalf("seat %d: update without a clock", c.sub.Seat())
	}
	switch {
	case u.Full != nil && u.Delta != nil:
		c.t.Fatalf("seat %d: update with both a full view and a delta", c.sub.Seat())
	case u.Events != nil && u.Delta == nil:
		c.t.Fatalf("seat %d: update with events but no delta", c.sub.Seat())
	case u.Full != nil:
		v, err := c.h.m.Ruleset().DecodeView(u.Full)
		if err != nil {
			c.t.Fatalf("seat %d: full view: %v", c.sub.Seat(), err)
		}
		c.view = v
	case u.Delta != nil:
		v, err := c.view.Apply(u.Delta)
		if err != nil {
			c.t.Fatalf("seat %d: delta: %v", c.sub.Seat(), err)
		}
		c.view = v
	}
	if have := c.view.Checksum(); have != u.Checksum {
		c.t.Fatalf("seat %d: view checksum %x after the update, the update says %x", c.sub.Seat(), have, u.Checksum)
	}
	c.last = u
	return u
}

// nextTurn reads updates up to the next delta and returns it.
func (c *client) nextTurn() Update {
	c.t.Helper()
	for {
		if u := c.next(); u.Delta != nil {
			return u
		}
	}
}

// check compares the client's view with the server's view for its seat,
// byte for byte.
func (c *client) check() {
	c.t.Helper()
	seat := c.sub.Seat()
	want := c.h.game().View(seat, seat == 0 && c.h.m.set.AllSeeing)
	if have, w := c.view.Checksum(), want.Checksum(); have != w {
		c.t.Fatalf("seat %d: client view checksum %x, server's view %x", seat, have, w)
	}
	have, err := c.view.Encode()
	if err != nil {
		c.t.Fatal(err)
	}
	w, err := want.Encode()
	if err != nil {
		c.t.Fatal(err)
	}
	if !bytes.Equal(have, w) {
		c.t.Fatalf("seat %d: client view differs from the server's", seat)
	}
}

// hex returns the client's erfworld view.
func (c *client) hex() *game.View {
	c.t.Helper()
	v, ok := c.view.(*hexgame.View)
	if !ok {
		c.t.Fatalf("seat %d: a %T is no hex view", c.sub.Seat(), c.view)
	}
	return v.V
}

// events decodes u's erfworld events.
func (c *client) events(u Update) []game.Event {
	c.t.Helper()
	ev, err := hexgame.DecodeEvents(u.Events, nil)
	if err != nil {
		c.t.Fatalf("seat %d: %v", c.sub.Seat(), err)
	}
	return ev
}

// ownCapital returns the seat's Capital in its view.
func (c *client) ownCapital() game.CityID {
	c.t.Helper()
	v := c.hex()
	for _, cv := range v.Cities {
		if cv.Owner == v.You && cv.Capital {
			return cv.ID
		}
	}
	c.t.Fatalf("seat %d has no Capital", v.You)
	return 0
}

// units counts the seat's own units in its view.
func (c *client) units() int {
	v := c.hex()
	n := 0
	for _, a := range v.Armies {
		if a.Owner == v.You {
			n += a.Units.Total()
		}
	}
	return n
}

// formOrder forms one Infantry in the seat's Capital.
func (c *client) formOrder() game.Order {
	c.t.Helper()
	infantry, ok := erfworldRules(c.t).D.UnitKind("infantry")
	if !ok {
		c.t.Fatal("the ruleset has no infantry")
	}
	return game.Order{Turn: c.hex().Turn, Kind: erfworld.OrderForm, City: c.ownCapital(), Unit: game.UnitKind(infantry), Count: 1}
}

func missed(st Status) []int {
	var out []int
	for _, s := range st.Seats {
		out = append(out, s.MissedTurns)
	}
	return out
}

// TestPlayTurns plays several turns of a game of two people and a bot: both
// people submit orders and say they are ready, the turn resolves, and every
// subscriber's view, kept by applying deltas, equals the server's view.
func TestPlayTurns(t *testing.T) {
	h := startErfworld(t, threeSeats())
	ann, bob, watcher := h.connect(1), h.connect(2), h.connect(0)
	all := []*client{ann, bob, watcher}
	if c := ann.last.Clock; c.Turn != 1 || !c.Deadline.IsZero() || c.Step.Mode != ruleset.Simultaneous ||
		!reflect.DeepEqual(c.Step.Actors, []ruleset.Seat{1, 2, 3}) {
		t.Fatalf("have clock %+v, want turn 1 without a deadline, a simultaneous step of seats 1 to 3", c)
	}
	for turn := ruleset.Turn(1); turn <= 4; turn++ {
		h.submitHex(1, turn, ann.formOrder())
		h.submitHex(2, turn, bob.formOrder())
		h.ready(1)
		for _, c := range all {
			u := c.next()
			if u.Delta != nil || u.Full != nil || !reflect.DeepEqual(u.Clock.Ready, []ruleset.Seat{1}) {
				t.Fatalf("turn %d seat %d: have %+v, want a clock update with seat 1 ready", turn, c.sub.Seat(), u)
			}
		}
		if st := h.status(); st.Turn != turn || !st.Seats[0].Ready || st.Seats[1].Ready || !st.Seats[1].Submitted {
			t.Fatalf("turn %d: status %+v", turn, st)
		}
		h.ready(2)
		for _, c := range all {
			u := c.nextTurn()
			if u.Clock.Turn != turn+1 || u.Clock.Step.Seq != uint32(turn+1) || len(u.Clock.Ready) != 0 || u.Over {
				t.Fatalf("turn %d seat %d: clock %+v over %v", turn, c.sub.Seat(), u.Clock, u.Over)
			}
			events := c.events(u)
			if c.sub.Seat() != 0 && len(events) == 0 {
				t.Fatalf("turn %d seat %d: no events", turn, c.sub.Seat())
			}
			for _, e := range events {
				if c.sub.Seat() == 0 && (e.Player != 0 || e.HasHex) {
					t.Fatalf("turn %d: a spectator got event %+v", turn, e)
				}
			}
		}
		for _, c := range all {
			c.check()
		}
		if ann.units() != int(turn) || bob.units() != int(turn) {
			t.Fatalf("after turn %d: units %d and %d, want %d each", turn, ann.units(), bob.units(), turn)
		}
		if have, want := missed(h.status()), []int{0, 0, 0}; !reflect.DeepEqual(have, want) {
			t.Fatalf("after turn %d: missed turns %v, want %v (the bot's AI submits)", turn, have, want)
		}
	}

	// A second subscription of a seat (a reconnect) starts from a full
	// view and then follows the turns like the first.
	again := h.connect(1)
	again.check()
	h.ready(1)
	h.ready(2)
	for _, c := range []*client{ann, again} {
		c.nextTurn()
		c.check()
	}

	// RequestFull sends the whole view again.
	if err := bob.sub.RequestFull(h.ctx); err != nil {
		t.Fatal(err)
	}
	bob.nextTurn() // the turn just played
	if u := bob.next(); u.Full == nil {
		t.Fatalf("have %+v after RequestFull, want a full view", u)
	}
	bob.check()
}

// TestTurnTimer: with a turn timer, a connected seat that is not ready holds
// the turn until the timer expires; then the turn resolves without that
// seat's orders (autopilot). A seat nobody is connected to holds nothing.
func TestTurnTimer(t *testing.T) {
	tests := []struct {
		name      string
		bobOnline bool
		// wantEarly: the turn resolves when seat 1 is ready, before the
		// timer.
		wantEarly  bool
		wantMissed []int
	}{
		{name: "connected seat not ready", bobOnline: true, wantEarly: false, wantMissed: []int{0, 1, 0}},
		{name: "seat not connected", bobOnline: false, wantEarly: true, wantMissed: []int{0, 1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := threeSeats()
			set.TurnTimer = time.Minute
			h := startErfworld(t, set)
			ann := h.connect(1)
			if tt.bobOnline {
				h.connect(2)
			}
			st := h.status()
			if want := h.clock.Now().Add(time.Minute); !st.Deadline.Equal(want) || !ann.last.Clock.Deadline.Equal(want) {
				t.Fatalf("have deadline %v (clock %v), want %v", st.Deadline, ann.last.Clock.Deadline, want)
			}
			h.submitHex(1, 1, ann.formOrder())
			h.ready(1)
			var u Update
			if tt.wantEarly {
				// The turn's own clock is the first update: a readiness
				// that resolves the turn is not announced apart.
				if u = ann.next(); u.Delta == nil {
					t.Fatalf("have %+v, want the turn's update at once", u)
				}
			} else {
				if u := ann.next(); u.Delta != nil || !reflect.DeepEqual(u.Clock.Ready, []ruleset.Seat{1}) {
					t.Fatalf("have %+v, want a clock update with seat 1 ready", u)
				}
				if st := h.status(); st.Turn != 1 {
					t.Fatalf("turn %d before the timer, want 1", st.Turn)
				}
				h.clock.Advance(59 * time.Second)
				if st := h.status(); st.Turn != 1 {
					t.Fatalf("turn %d a second before the deadline, want 1", st.Turn)
				}
				h.clock.Advance(time.Second)
				u = ann.nextTurn()
			}
			if u.Clock.Turn != 2 || !u.Clock.Deadline.Equal(h.clock.Now().Add(time.Minute)) {
				t.Fatalf("have clock %+v at %v, want turn 2 a minute from now", u.Clock, h.clock.Now())
			}
			ann.check()
			if ann.units() != 1 {
				t.Fatalf("seat 1 has %d units, want 1", ann.units())
			}
			if have := missed(h.status()); !reflect.DeepEqual(have, tt.wantMissed) {
				t.Fatalf("missed turns %v, want %v", have, tt.wantMissed)
			}
			if n := erfworld.Missed(h.server(), 2); n != 1 {
				t.Fatalf("seat 2's ruleset count of missed turns is %d, want 1", n)
			}
		})
	}
}

// TestSubmit: a submission replaces the seat's orders; a bad one is refused
// at once with its reasons and changes nothing; requests that make no sense
// get clear errors.
func TestSubmit(t *testing.T) {
	h := startErfworld(t, threeSeats())
	ann, bob := h.connect(1), h.connect(2)
	form := ann.formOrder()
	orders := func(o ...game.Order) []byte { return encodeOrders(t, o) }
	tests := []struct {
		name   string
		seat   ruleset.Seat
		turn   ruleset.Turn
		orders []byte
		// wantErr is the sentinel error, or wantText what the error
		// says.
		wantErr  error
		wantText string
		// wantRefused are the refused orders: their index and what the
		// refusal says.
		wantRefused []int
		wantReasons []string
	}{
		{name: "valid", seat: 1, turn: 1, orders: orders(form)},
		{name: "unknown city", seat: 1, turn: 1, orders: orders(form, game.Order{Turn: 1, Kind: erfworld.OrderForm, City: 9999, Count: 1}),
			wantRefused: []int{1}, wantReasons: []string{"city 9999 does not exist"}},
		{name: "order stamped with another turn", seat: 1, turn: 1, orders: orders(game.Order{Turn: 3, Kind: erfworld.OrderForm, City: form.City, Count: 1}),
			wantText: "order 1 is for turn 3, not turn 1"},
		{name: "no order list", seat: 1, turn: 1, orders: []byte{0xc1}, wantText: "orders:"},
		{name: "another turn", seat: 1, turn: 2, orders: orders(form), wantErr: ErrWrongTurn},
		{name: "no such seat", seat: 4, turn: 1, wantErr: ErrSeat},
		{name: "seat 0", seat: 0, turn: 1, wantErr: ErrSeat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			refused, err := h.m.Submit(h.ctx, tt.seat, tt.turn, uint32(tt.turn), tt.orders) // erfworld's Seq is its turn
			switch {
			case tt.wantText != "":
				if err == nil || !strings.Contains(err.Error(), tt.wantText) {
					t.Fatalf("have error %v, want one saying %q", err, tt.wantText)
				}
			case !errors.Is(err, tt.wantErr):
				t.Fatalf("have error %v, want %v", err, tt.wantErr)
			}
			if len(refused) != len(tt.wantReasons) {
				t.Fatalf("have refusals %v, want %q", refused, tt.wantReasons)
			}
			for i, r := range refused {
				if r.Index != tt.wantRefused[i] || !strings.Contains(r.Error(), tt.wantReasons[i]) {
					t.Fatalf("have refusal %d %q, want order %d refused saying %q", r.Index, r.Error(), tt.wantRefused[i], tt.wantReasons[i])
				}
			}
		})
	}

	// The refused submissions left seat 1's valid orders in place; seat 2
	// first forms a unit, then changes its mind: no orders.
	h.submitHex(2, 1, bob.formOrder())
	h.submitHex(2, 1)
	if st := h.status(); !st.Seats[0].Submitted || !st.Seats[1].Submitted || !st.Seats[2].Submitted {
		t.Fatalf("status %+v, want every seat submitted (the bot by the AI)", st)
	}
	if err := h.m.SetReady(h.ctx, 3, 1, true); !errors.Is(err, ErrSeat) {
		t.Fatalf("ready of the bot: have %v, want ErrSeat", err)
	}
	h.ready(1)
	h.ready(2)
	ann.nextTurn()
	bob.nextTurn()
	if ann.units() != 1 || bob.units() != 0 {
		t.Fatalf("have units %d and %d, want 1 and 0", ann.units(), bob.units())
	}
	// An empty submission is not autopilot.
	if have, want := missed(h.status()), []int{0, 0, 0}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed turns %v, want %v", have, want)
	}
	// Submit keeps its own copy: changing the caller's bytes afterwards
	// changes nothing.
	mine := orders(ann.formOrder())
	h.submit(1, 2, mine)
	clear(mine)
	h.ready(1)
	h.ready(2)
	ann.nextTurn()
	if ann.units() != 2 {
		t.Fatalf("have %d units, want 2: the orders submitted are the match's own", ann.units())
	}
}

// TestEmptyOrders: orders of no bytes that the game accepts are a
// submission ("nothing this turn"), not the autopilot's turn, whether the
// bytes are nil or empty, a person's or the AI's.
func TestEmptyOrders(t *testing.T) {
	clock := newFakeClock()
	m, err := New(1, newCountRuleset(), countSettings(), clock)
	if err != nil {
		t.Fatal(err)
	}
	m.ai = aiFunc(func(_ ruleset.View, step ruleset.Step, _ ruleset.Seat) ([]byte, error) {
		if step.Mode == ruleset.Simultaneous {
			return nil, nil // no bid
		}
		return []byte{1}, nil
	})
	h := run(t, m, clock)
	ann := h.connect(1)
	h.act(1, 1, 1)
	h.act(2, 2, 0) // the bids
	ann.nextTurn()
	ann.nextTurn()
	h.submit(1, 1, nil)
	h.submit(2, 1, []byte{})
	for _, st := range h.status().Seats {
		if !st.Submitted {
			t.Fatalf("seat %d: not submitted, want its empty orders to count", st.Seat)
		}
	}
	h.ready(1)
	h.ready(2)
	u := ann.nextTurn()
	if have, want := ann.words(u), []string{"seat 1 bids 0", "seat 2 bids 0", "seat 3 bids 0"}; !reflect.DeepEqual(have, want) {
		t.Fatalf("events %q, want %q", have, want)
	}
	if have, want := missed(h.status()), []int{0, 0, 0}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed turns %v, want %v", have, want)
	}
}

// TestSubmitActorsOnly: in a simultaneous step only its actors give
// orders, and the step waits only for them.
func TestSubmitActorsOnly(t *testing.T) {
	set := countSettings()
	set.Options = ruleset.Options{"bids": 2} // Ann, who counts first, does not bid
	h := startCount(t, set)
	ann := h.connect(1)
	h.act(1, 1, 1)
	h.act(2, 2, 0)
	ann.nextTurn()
	ann.nextTurn()
	wantStep(t, "the bids", h.status().Step, ruleset.Simultaneous, 3, 2, 3)
	if _, err := h.m.Submit(h.ctx, 1, 1, 3, []byte{3}); !errors.Is(err, ErrSeat) {
		t.Fatalf("Ann's bid: have %v, want ErrSeat", err)
	}
	if st := h.status(); st.Seats[0].Submitted {
		t.Fatal("Ann's bid was taken")
	}
	h.submit(2, 1, []byte{2})
	h.ready(2) // Bob alone ends the step
	u := ann.nextTurn()
	if have, want := ann.words(u), []string{"seat 2 bids 2", "seat 3 bids 1"}; !reflect.DeepEqual(have, want) {
		t.Fatalf("events %q, want %q", have, want)
	}
	if have, want := missed(h.status()), []int{0, 0, 0}; !reflect.DeepEqual(have, want) {
		t.Fatalf("missed turns %v, want %v", have, want)
	}
}

// TestBusy: when the command queue is full every command fails at once
// with ErrBusy, and works again once the match drains its queue.
func TestBusy(t *testing.T) {
	clock := newFakeClock()
	m, err := New(1, erfworldRuleset(t), threeSeats(), clock)
	if err != nil {
		t.Fatal(err)
	}
	drained := make(chan struct{})
	for len(m.cmds) < cap(m.cmds)-1 {
		m.cmds <- func() {}
	}
	m.cmds <- func() { close(drained) }
	ctx := t.Context()
	tests := []struct {
		name string
		do   func() error
	}{
		{"Submit", func() error { _, err := m.Submit(ctx, 1, 1, 1, nil); return err }},
		{"Act", func() error { return m.Act(ctx, 1, 1, []byte{1}) }},
		{"SetReady", func() error { return m.SetReady(ctx, 1, 1, true) }},
		{"Subscribe", func() error { _, err := m.Subscribe(ctx, 1); return err }},
		{"Snapshot", func() error { _, err := m.Snapshot(ctx); return err }},
		{"Status", func() error { _, err := m.Status(ctx); return err }},
	}
	for _, tt := range tests {
		if err := tt.do(); !errors.Is(err, ErrBusy) {
			t.Errorf("%s: have %v, want ErrBusy", tt.name, err)
		}
	}
	h := run(t, m, clock)
	<-drained
	if st := h.status(); st.Turn != 1 {
		t.Fatalf("turn %d, want 1", st.Turn)
	}
	if err := m.SetReady(ctx, 1, 1, true); err != nil {
		t.Fatal(err)
	}
}

// TestReadinessCoalesced: readiness that changes while commands wait in
// the queue reaches the subscribers once, in its last state, when the
// queue is drained; alone, each change is announced at once (TestTurnTimer).
func TestReadinessCoalesced(t *testing.T) {
	clock := newFakeClock()
	set := threeSeats()
	set.Bots = 0 // three people: two ready do not end the turn
	m, err := New(1, erfworldRuleset(t), set, clock)
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	queued := func(n int) { // Run is not running: commands stay queued
		for len(m.cmds) < n {
			runtime.Gosched()
		}
	}
	subbed := make(chan *Subscription, 1)
	go func() {
		sub, err := m.Subscribe(ctx, 3)
		if err != nil {
			t.Error(err)
		}
		subbed <- sub
	}()
	queued(1)
	readied := make(chan error, 2)
	for i, seat := range []ruleset.Seat{1, 2} {
		go func() { readied <- m.SetReady(ctx, seat, 1, true) }()
		queued(2 + i)
	}
	run(t, m, clock)
	for range 2 {
		if err := <-readied; err != nil {
			t.Fatal(err)
		}
	}
	sub := <-subbed
	if sub == nil {
		t.FailNow()
	}
	t.Cleanup(sub.Close)
	// The first clock update after the full view tells both: the two
	// changes made one update. (A match that announced each would have
	// sent seat 1's alone first.)
	for {
		var u Update
		select {
		case u = <-sub.Updates():
		case <-time.After(waitLimit):
			t.Fatal("no clock update")
		}
		if u.Full != nil {
			continue
		}
		if want := []ruleset.Seat{1, 2}; !reflect.DeepEqual(u.Clock.Ready, want) {
			t.Fatalf("the first clock update has ready seats %v, want %v", u.Clock.Ready, want)
		}
		return
	}
}

// TestCommandGivesUp: a command waiting for the match gives up when its
// context ends.
func TestCommandGivesUp(t *testing.T) {
	m, err := New(1, erfworldRuleset(t), threeSeats(), newFakeClock())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	gaveUp := make(chan error)
	go func() { _, err := m.Status(ctx); gaveUp <- err }()
	for len(m.cmds) == 0 { // Run is not running: the command stays queued
		runtime.Gosched()
	}
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("have %v, want context.Canceled", err)
	}
}

// TestSlowSubscriber: a subscriber that does not read is dropped when its
// channel is full, and the match goes on.
func TestSlowSubscriber(t *testing.T) {
	set := threeSeats()
	set.Buffer = 4
	h := startErfworld(t, set)
	slow, err := h.m.Subscribe(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	bob := h.connect(2)
	// The full view and three clock updates fill the slow channel; the
	// fourth clock update drops it.
	for i := range 4 {
		if err := h.m.SetReady(h.ctx, 2, 1, i%2 == 0); err != nil {
			t.Fatal(err)
		}
		bob.next()
	}
	n := 0
	for range slow.Updates() {
		n++
	}
	if n != 4 || !errors.Is(slow.Err(), ErrSlow) {
		t.Fatalf("slow subscriber: read %d updates then %v, want 4 then ErrSlow", n, slow.Err())
	}
	if st := h.status(); st.Seats[0].Subscriptions != 0 || st.Seats[1].Subscriptions != 1 {
		t.Fatalf("status %+v, want seat 1 without subscriptions", st)
	}
	h.ready(1)
	h.ready(2)
	bob.nextTurn()
	bob.check()
}

// TestSpectator: a spectator sees nothing hidden unless the settings make
// it all-seeing.
func TestSpectator(t *testing.T) {
	tests := []struct {
		allSeeing  bool
		wantCities bool
	}{
		{allSeeing: false, wantCities: false},
		{allSeeing: true, wantCities: true},
	}
	for _, tt := range tests {
		t.Run(map[bool]string{false: "blind", true: "all-seeing"}[tt.allSeeing], func(t *testing.T) {
			set := threeSeats()
			set.AllSeeing = tt.allSeeing
			h := startErfworld(t, set)
			ann, bob, watcher := h.connect(1), h.connect(2), h.connect(0)
			for turn := ruleset.Turn(1); turn <= 2; turn++ {
				h.submitHex(1, turn, ann.formOrder())
				h.submitHex(2, turn, bob.formOrder())
				h.ready(1)
				h.ready(2)
				ann.nextTurn()
				bob.nextTurn()
				u := watcher.nextTurn()
				for _, e := range watcher.events(u) {
					if !tt.allSeeing && (e.Player != 0 || e.HasHex) {
						t.Fatalf("blind spectator got event %+v", e)
					}
				}
			}
			watcher.check()
			s := h.server()
			v := watcher.hex()
			if have := len(v.Cities) == len(s.Cities) && len(v.Armies) == len(s.Armies); have != tt.wantCities {
				t.Fatalf("spectator sees %d of %d cities and %d of %d armies", len(v.Cities), len(s.Cities), len(v.Armies), len(s.Armies))
			}
			if !tt.allSeeing && (len(v.Cities) != 0 || len(v.Armies) != 0 || v.Visible.Count() != 0) {
				t.Fatalf("blind spectator sees %d cities, %d armies, %d hexes", len(v.Cities), len(v.Armies), v.Visible.Count())
			}
			for i, tr := range v.Terrain {
				if known := tr != rulesfile.NoTerrain; known != tt.allSeeing {
					t.Fatalf("spectator knows hex %d: %v", i, known)
				}
			}
			for _, p := range v.Players {
				if p.Treasury != 0 || p.Stock != nil {
					t.Fatalf("spectator sees the treasury of %s", p.ID)
				}
			}
			for _, a := range v.Armies {
				if a.Characters != nil || a.Stance != (game.Stance{}) {
					t.Fatalf("spectator sees inside %s", a.ID)
				}
			}
		})
	}
}

// TestGameOver: the turn that ends the game is reported, and the game takes
// no more orders.
func TestGameOver(t *testing.T) {
	rs := erfworldRuleset(t)
	s, err := rs.Rules().NewGame(7, 24, 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Seats 2 and 3 lost every city long enough ago that this turn's end
	// puts them out: seat 1 is the last player standing.
	for p := game.PlayerID(2); p <= 3; p++ {
		s.Player(p).Stock[erfworld.StockNoCapital] = int32(erfworldRules(t).D.Win.RetakeTurns)
	}
	var kept []game.City
	for _, c := range s.Cities {
		if c.Owner == 1 {
			kept = append(kept, c)
		}
	}
	s.Cities = kept
	save, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	clock := newFakeClock()
	set := threeSeats()
	set.TurnTimer = time.Minute
	m, err := Resume(9, rs, set, save, clock)
	if err != nil {
		t.Fatal(err)
	}
	h := run(t, m, clock)
	ann := h.connect(1)
	h.connect(2)
	h.ready(1)
	h.ready(2)
	u := ann.nextTurn()
	if !u.Over || u.Winner != 1 || !u.Clock.Deadline.IsZero() || len(u.Clock.Step.Actors) != 0 {
		t.Fatalf("have over %v winner %d clock %+v, want over, winner 1, no deadline, nobody to act", u.Over, u.Winner, u.Clock)
	}
	if st := h.status(); !st.Over || st.Winner != 1 || st.Seats[1].Alive || !st.Deadline.IsZero() {
		t.Fatalf("status %+v", st)
	}
	ann.check()
	if _, err := m.Submit(h.ctx, 1, 2, 2, nil); !errors.Is(err, ErrOver) {
		t.Fatalf("submit: have %v, want ErrOver", err)
	}
	if err := m.SetReady(h.ctx, 1, 2, true); !errors.Is(err, ErrOver) {
		t.Fatalf("ready: have %v, want ErrOver", err)
	}
	if err := m.Act(h.ctx, 1, 2, []byte{1}); !errors.Is(err, ErrOver) {
		t.Fatalf("act: have %v, want ErrOver", err)
	}
	h.clock.Advance(time.Hour) // no timer runs any more
	if st := h.status(); st.Turn != 2 {
		t.Fatalf("turn %d after the end, want 2", st.Turn)
	}
	if late := h.connect(2); !late.last.Over || late.last.Winner != 1 {
		t.Fatal("a subscriber after the end is not told the game is over")
	}
}

// TestStop: canceling Run's context stops it cleanly: subscriptions end with
// ErrStopped, commands fail with ErrStopped, the last save still works.
func TestStop(t *testing.T) {
	h := startErfworld(t, threeSeats())
	ann := h.connect(1)
	closed, err := h.m.Subscribe(h.ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	for range closed.Updates() {
	}
	if !errors.Is(closed.Err(), ErrUnsubscribed) {
		t.Fatalf("closed subscription: have %v, want ErrUnsubscribed", closed.Err())
	}
	if err := closed.RequestFull(h.ctx); !errors.Is(err, ErrUnsubscribed) {
		t.Fatalf("RequestFull after Close: have %v, want ErrUnsubscribed", err)
	}
	if err := h.stop(); err != nil {
		t.Fatalf("Run returned %v, want nil", err)
	}
	for range ann.sub.Updates() {
	}
	if !errors.Is(ann.sub.Err(), ErrStopped) {
		t.Fatalf("subscription after the stop: have %v, want ErrStopped", ann.sub.Err())
	}
	if err := h.m.SetReady(h.ctx, 1, 1, true); !errors.Is(err, ErrStopped) {
		t.Fatalf("ready after the stop: have %v, want ErrStopped", err)
	}
	if err := h.m.Act(h.ctx, 1, 1, []byte{1}); !errors.Is(err, ErrStopped) {
		t.Fatalf("act after the stop: have %v, want ErrStopped", err)
	}
	if _, err := h.m.Subscribe(h.ctx, 1); !errors.Is(err, ErrStopped) {
		t.Fatalf("subscribe after the stop: have %v, want ErrStopped", err)
	}
	if s := h.server(); s.Turn != 1 {
		t.Fatalf("snapshot after the stop: turn %d", s.Turn)
	}
	if st := h.status(); st.Turn != 1 || st.Seats[0].Subscriptions != 0 {
		t.Fatalf("status after the stop: %+v, want turn 1 and no subscription", st)
	}
	if err := h.m.Run(h.ctx); err == nil {
		t.Fatal("a second Run ran")
	}
}

// TestSettings: New says what is wrong with settings, its own or the
// ruleset's.
func TestSettings(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Settings)
		want string
	}{
		{"no seats", func(s *Settings) { s.Seats = 0 }, "0 seats"},
		{"too many seats", func(s *Settings) { s.Seats = 256 }, "256 seats"},
		{"more seats than the ruleset's", func(s *Settings) { s.Seats = 17 }, "17 players"},
		{"too many bots", func(s *Settings) { s.Bots = 4 }, "4 bots"},
		{"negative AI pace", func(s *Settings) { s.AIPace = -time.Second }, "AI pace -1s is negative"},
		{"negative timer", func(s *Settings) { s.TurnTimer = -time.Second }, "negative"},
		{"too many names", func(s *Settings) { s.Names = []string{"a", "b", "c", "d"} }, "4 names"},
		{"open bot seat", func(s *Settings) { s.Open = []ruleset.Seat{3} }, "open seats [3]"},
		{"negative buffer", func(s *Settings) { s.Buffer = -1 }, "buffer -1"},
		{"no map", func(s *Settings) { s.Options[ruleset.KeyWidth] = 0 }, "map width 0"},
		{"map too small", func(s *Settings) { s.Options = ruleset.Options{ruleset.KeyWidth: 8, ruleset.KeyHeight: 8} }, "8: must be 16 to 512"},
		{"unknown option", func(s *Settings) { s.Options["depth"] = 3 }, `no setting "depth"`},
		{"unknown AI level", func(s *Settings) { s.AILevel = "grandmaster" }, `no AI level "grandmaster"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := threeSeats()
			tt.edit(&set)
			_, err := New(1, erfworldRuleset(t), set, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("have %v, want an error saying %q", err, tt.want)
			}
		})
	}
	if _, err := New(1, nil, threeSeats(), nil); err == nil || !strings.Contains(err.Error(), "no ruleset") {
		t.Fatalf("no ruleset: have %v, want an error saying so", err)
	}
}

// TestResumeRefuses: Resume says what is wrong with a save that does not
// fit the ruleset or the settings.
func TestResumeRefuses(t *testing.T) {
	rs := erfworldRuleset(t)
	s, err := rs.Rules().NewGame(7, 24, 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	save, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	counting, err := newCountRuleset().New(ruleset.Config{Seats: 3, Names: []string{"a", "b", "c"}})
	if err != nil {
		t.Fatal(err)
	}
	countSave, err := counting.Save()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		rs   ruleset.Ruleset
		edit func(*Settings)
		save []byte
		want string
	}{
		{name: "no ruleset", save: save, want: "no ruleset"},
		{name: "other seats", rs: rs, edit: func(s *Settings) { s.Seats, s.Names = 2, nil }, save: save,
			want: "the game has 3 players, the settings 2 seats"},
		{name: "bad settings", rs: rs, edit: func(s *Settings) { s.Bots = 5 }, save: save, want: "5 bots"},
		{name: "damaged save", rs: rs, save: save[:len(save)/2], want: "match 1:"},
		{name: "another ruleset's save", rs: rs, save: countSave, want: "match 1:"},
		{name: "a hex save to another ruleset", rs: newCountRuleset(), save: save, want: "counting save"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := threeSeats()
			set.Options = nil
			if tt.edit != nil {
				tt.edit(&set)
			}
			if tt.rs != nil && tt.rs.Info().ID == countID {
				set.AILevel = ""
			}
			m, err := Resume(1, tt.rs, set, tt.save, newFakeClock())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("have %v (match %v), want an error saying %q", err, m != nil, tt.want)
			}
		})
	}
}

// BenchmarkTurnFanout measures a turn of 16 people on a 128x128 map, each
// with a subscriber draining its channel: from the last SetReady to the last
// subscriber receiving its update (resolution, views, deltas, events), in
// ms/turn. The game has a garrison of 20 Infantry in every city, 1,600
// armies in all, the others of five Infantry spread over the land, and
// rich treasuries (erfworldtest.Crowded), so the turns have movement,
// battles and fog to compute. Every army outside a city explores in a
// random direction; the game starts again every ten turns, as battles thin
// the armies out. It also reports the average size of a full view (at the
// end) and of a delta (of the last turn) per player.
func BenchmarkTurnFanout(b *testing.B) {
	rs := erfworldRuleset(b)
	engine := erfworldRules(b)
	s0, err := erfworldtest.Crowded(engine, 1600)
	if err != nil {
		b.Fatal(err)
	}
	save0, err := game.Encode(s0)
	if err != nil {
		b.Fatal(err)
	}
	const seats = 16
	ctx := b.Context()
	var m *Match
	var stop func()
	var received chan time.Time
	var drained sync.WaitGroup
	var lastDeltas [][]byte
	var mu sync.Mutex // guards lastDeltas while the subscribers run
	startMatch := func() {
		var err error
		m, err = Resume(1, rs, Settings{Seats: seats}, save0, nil)
		if err != nil {
			b.Fatal(err)
		}
		runCtx, cancel := context.WithCancel(ctx)
		ran := make(chan struct{})
		go func() { _ = m.Run(runCtx); close(ran) }()
		stop = func() { cancel(); <-ran; drained.Wait() }
		lastDeltas = make([][]byte, seats)
		received = make(chan time.Time, seats)
		for i := range seats {
			sub, err := m.Subscribe(ctx, ruleset.Seat(i+1))
			if err != nil {
				b.Fatal(err)
			}
			drained.Add(1)
			go func() {
				defer drained.Done()
				for u := range sub.Updates() {
					if u.Delta != nil {
						received <- time.Now()
						mu.Lock()
						lastDeltas[i] = u.Delta
						mu.Unlock()
					}
				}
			}()
		}
	}
	startMatch()
	rng := rand.New(rand.NewPCG(5, 6))
	var total time.Duration
	turns := 0
	for b.Loop() {
		b.StopTimer()
		st, err := m.Status(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if st.Over || st.Turn > 10 { // battles thin the armies out: start again
			stop()
			startMatch()
		}
		data, err := m.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		cur, err := game.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		var alive []ruleset.Seat
		for _, seat := range st.Seats {
			if seat.Alive {
				alive = append(alive, seat.Seat)
			}
		}
		for _, seat := range alive {
			p := game.PlayerID(seat)
			var orders []game.Order
			for i := range cur.Armies {
				a := &cur.Armies[i]
				if a.Owner != p || cur.CityAt(a.Hex) != nil {
					continue
				}
				o := game.Order{Turn: cur.Turn, Kind: game.OrderExplore, Army: a.ID, Dir: hex.Direction(rng.IntN(6))}
				if game.ValidateOrder(cur, engine, p, &o) == nil {
					orders = append(orders, o)
				}
			}
			if refused, err := m.Submit(ctx, seat, ruleset.Turn(cur.Turn), uint32(cur.Turn), encodeOrders(b, orders)); err != nil || refused != nil {
				b.Fatal(err, refused)
			}
		}
		last := alive[len(alive)-1]
		for _, p := range alive[:len(alive)-1] {
			if err := m.SetReady(ctx, p, uint32(cur.Turn), true); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		begin := time.Now()
		if err := m.SetReady(ctx, last, uint32(cur.Turn), true); err != nil {
			b.Fatal(err)
		}
		var end time.Time
		for range seats {
			if at := <-received; at.After(end) {
				end = at
			}
		}
		total += end.Sub(begin)
		turns++
	}
	b.StopTimer()
	stop()
	b.ReportMetric(float64(total.Microseconds())/1000/float64(turns), "ms/turn")
	// The full view a player reconnecting now would get, and the delta of
	// the last turn.
	data, err := m.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	final, err := game.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	var viewBytes, deltaBytes int
	for i := range lastDeltas {
		vb, err := game.EncodeView(game.NewView(final, game.PlayerID(i+1)))
		if err != nil {
			b.Fatal(err)
		}
		viewBytes += len(vb)
		deltaBytes += len(lastDeltas[i])
	}
	b.ReportMetric(float64(viewBytes)/seats, "view-bytes")
	b.ReportMetric(float64(deltaBytes)/seats, "delta-bytes")
}
