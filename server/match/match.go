// Package match runs one game of Empires on the server: the game state, the
// orders of the turn being played, the turn clock and the subscribers that
// receive each seat's view.
//
// One goroutine, Run, owns all of it; nothing else touches the state, so
// there are no locks on game state. Every other method sends a command to
// Run through a bounded queue and waits for the answer (or its ctx). A full
// queue answers ErrBusy at once: a command is never dropped silently and a
// caller never blocks forever.
//
// # Seats
//
// Seats 1..Seats are the game's players; the last Settings.Bots of them are
// bots. Seat 0 is a spectator: it sees only the players' public data, the
// clock and public events, unless Settings.AllSeeing lets it see the whole
// map.
//
// The AI (package ai, at Settings.AILevel, seeded with the game's seed)
// plays the bots: when the game starts and whenever a turn starts, the
// match gives it each live bot's view and submits its orders as the bot's
// for the turn, through the same validation as people's; an order of the
// AI's that is refused is logged and dropped, the rest stand. Bots never
// hold up a turn. (Bots may also submit orders through Submit like anyone
// else; the last submission stands.)
//
// # Missed turns and takeover
//
// A human seat that submits nothing for a turn is played by the ruleset's
// autopilot that turn (for erfworld: no income, no upkeep, no moves), and
// misses it. Once its player has missed Autopilot.ReplaceAfterMissed turns
// in a row (2 for erfworld: "twice in a row"), the AI takes the seat over
// from the next turn: it gives the seat's orders at each turn's start, as
// for a bot, and the turn clock no longer waits for the seat. The player
// takes the seat back by submitting orders (they replace the AI's for the
// turn) or by subscribing again (the AI's orders for the turn stand unless
// the player submits); either way the count of missed turns starts afresh.
// SeatStatus.AIPlaying tells a seat taken over. A human seat nobody held
// when the game started (Settings.Open) is played by the AI from the first
// turn, until a player takes it.
//
// The ruleset counts missed turns from what was submitted
// (erfworld.StockMissed), and the AI's orders are orders: the game state's
// count goes back to 0 while the AI plays a seat. SeatStatus.MissedTurns is
// the match's count of the player's absence instead: the ruleset's count
// while no AI plays the seat, and one more for each turn the AI played it
// all through, until the player comes back.
//
// # The turn clock
//
// The match resolves the turn when
//   - every human seat it waits for is ready (SetReady); it waits for the
//     live human seats the AI does not play, and with a turn timer only
//     for those that are connected (have at least one Subscription); at
//     least one of these seats, or a connected seat the AI plays, must be
//     ready, so a match nobody is connected to runs on its timer;
//   - or the turn timer (Settings.TurnTimer > 0) expires.
//
// With TurnTimer 0 the match waits for every live human seat the AI does
// not play, connected or not (and if the AI plays them all, for one of
// them to say it is ready). Readiness and submitted orders reset when a
// turn starts, and so does the timer; then the AI submits the orders of
// the seats it plays. Orders count only if submitted (Submit, an empty list
// is a submission: "no orders"); a seat that submitted nothing is left out
// of the turn and the ruleset plays it on autopilot (see Missed turns).
// Readiness does not submit anything: a client submits (if only an empty
// list) and then says it is ready; a seat may change its orders while
// ready.
//
// # Subscriptions and reconnecting
//
// A Subscription receives a Full view first, then after each turn a Delta
// of its view with its events, and a clock update whenever readiness
// changes; every Update carries the checksum of the subscriber's view and
// the clock. A seat may have any number of subscriptions, each receiving
// every update: a reconnecting player subscribes again and receives a Full
// view, while its old connection's subscription lives on until its owner
// closes it or it falls behind. A subscriber whose bounded channel is full
// is dropped (ErrSlow), never waited for.
package match

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync/atomic"
	"time"

	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/rules/erfworld"
)

// QueueSize is how many commands may wait for a match's loop; beyond it,
// commands fail with ErrBusy.
const QueueSize = 256

// DefaultBuffer is how many updates a subscription holds unread before the
// subscriber is dropped, unless Settings.Buffer says otherwise.
const DefaultBuffer = 64

// Errors of a match. Errors about a seat or a turn wrap ErrSeat and
// ErrWrongTurn with the details.
var (
	// ErrBusy: the match's command queue is full; nothing was done.
	ErrBusy = errors.New("match: busy, too many requests waiting; try again")
	// ErrStopped: the match is not running any more.
	ErrStopped = errors.New("match: stopped")
	// ErrOver: the game is over; no more orders or readiness.
	ErrOver = errors.New("match: the game is over")
	// ErrSeat: the seat does not exist or may not do this.
	ErrSeat = errors.New("match: seat refused")
	// ErrWrongTurn: orders for a turn other than the one being played.
	ErrWrongTurn = errors.New("match: wrong turn")
	// ErrSlow: the subscriber fell behind and was dropped.
	ErrSlow = errors.New("match: subscriber fell behind and was dropped")
	// ErrUnsubscribed: the subscription was closed by its owner.
	ErrUnsubscribed = errors.New("match: unsubscribed")
)

// Settings are a match's parameters. The lobby validates what players ask
// for; New checks what it needs and says what is wrong.
type Settings struct {
	// Seed makes the map and the game's random numbers.
	Seed uint64
	// Width and Height are the map's size in hexes (New only; Resume takes
	// the saved map).
	Width, Height int
	// Seats is the number of players, 1 to game.MaxPlayers.
	Seats int
	// Bots is how many of the seats, the last ones, are bots.
	Bots int
	// TurnTimer is how long a turn waits for orders; 0 waits for every
	// human seat to be ready.
	TurnTimer time.Duration
	// Names are the players' names, by seat; missing ones become
	// "Player N".
	Names []string
	// Open are the human seats nobody holds at the start: the AI plays
	// them from the first turn, as it plays a seat taken over, until a
	// player takes the seat (subscribes or submits).
	Open []game.PlayerID
	// AllSeeing lets spectators (seat 0) see the whole map: every hex's
	// terrain, every army and city as a player sees those in sight (not
	// the players' treasuries, nor what armies carry), and every event on
	// the map. Otherwise a spectator sees only the players' public data,
	// the clock and public events.
	AllSeeing bool
	// Buffer is how many updates a subscription holds before its reader is
	// dropped as too slow; 0 means DefaultBuffer.
	Buffer int
	// AILevel is how the AI plays the bots and the seats it takes over;
	// nil means ai.Normal.
	AILevel *ai.Level
	// Logger receives the match's logs (takeovers, the AI's refused
	// orders); nil means slog.Default().
	Logger *slog.Logger
	// OnTurn, if not nil, hears of the state the match starts from and of
	// every turn resolved (see TurnRecord), to save the game. Run calls it
	// on the match's goroutine, before any subscriber hears of the turn:
	// it holds up the match while it runs and must not call the match.
	OnTurn func(TurnRecord)
	// Observer, if not nil, is told of the turns resolved and the seats
	// the AI takes over (the server's metrics).
	Observer Observer
}

// check reports what is wrong with set; resume skips the map size.
func (set *Settings) check(resume bool) error {
	switch {
	case set.Seats < 1 || set.Seats > game.MaxPlayers:
		return fmt.Errorf("match: %d seats, want 1 to %d", set.Seats, game.MaxPlayers)
	case set.Bots < 0 || set.Bots > set.Seats:
		return fmt.Errorf("match: %d bots for %d seats, want 0 to %d", set.Bots, set.Seats, set.Seats)
	case set.TurnTimer < 0:
		return fmt.Errorf("match: turn timer %v is negative", set.TurnTimer)
	case set.Bots == set.Seats && set.TurnTimer == 0:
		return errors.New("match: a game of bots only needs a turn timer (nobody would end a turn)")
	case len(set.Names) > set.Seats:
		return fmt.Errorf("match: %d names for %d seats", len(set.Names), set.Seats)
	case slices.ContainsFunc(set.Open, func(p game.PlayerID) bool { return int(p) < 1 || int(p) > set.Seats-set.Bots }):
		return fmt.Errorf("match: open seats %v: each must be a human seat, 1 to %d", set.Open, set.Seats-set.Bots)
	case set.Buffer < 0:
		return fmt.Errorf("match: subscription buffer %d is negative", set.Buffer)
	case set.AILevel != nil && !slices.Contains(ai.Levels(), *set.AILevel):
		return fmt.Errorf("match: unknown AI level %d", int(*set.AILevel))
	case !resume && (set.Width < 1 || set.Height < 1):
		return fmt.Errorf("match: map size %dx%d, both sides must be positive", set.Width, set.Height)
	}
	return nil
}

// Match is one running game. Create it with New or Resume, run it with Run;
// its other methods may be called from any goroutine.
type Match struct {
	id     uint32
	rs     *erfworld.Rules
	set    Settings
	clock  Clock
	humans int // seats 1..humans are people, the rest bots
	buffer int // capacity of each subscription's channel
	log    *slog.Logger
	// ai returns the AI's orders for the player of a view (ai.Player's
	// Orders; tests replace it before Run).
	ai func(v *game.View) []game.Order

	cmds    chan func()   // commands for the loop, QueueSize at most
	wake    chan struct{} // a subscription was closed by its owner
	done    chan struct{} // closed when Run returns
	running atomic.Bool   // Run has been called

	// Everything below belongs to Run's loop. Before Run starts nothing
	// reads it; after Run returns (done closed) it only is read.
	state    *game.State
	book     game.OrderBook
	ready    []bool // by seat; only human seats are ever set
	deadline time.Time
	timer    Timer // nil without a turn timer, or once the game is over
	subs     []*Subscription
	conns    []int        // live subscriptions by seat (0: spectators)
	views    []*game.View // by seat: the view subscribers hold, nil if none
	sums     []uint64     // by seat: views[seat].Checksum()
	taken    []bool       // by seat: a human seat the AI plays for its absent player
	missed   []int        // by seat: Status's MissedTurns (see the package doc)
}

// New creates match id: a new game of ruleset rs on a generated map (see
// erfworld.Rules.NewGame) with the settings set: seats 1..set.Seats, the
// last set.Bots of them bots, played by the AI. A nil clock is RealClock.
// The match does nothing until Run.
func New(id uint32, rs *erfworld.Rules, set Settings, clock Clock) (*Match, error) {
	if rs == nil {
		return nil, errors.New("match: no ruleset")
	}
	if err := set.check(false); err != nil {
		return nil, err
	}
	s, err := rs.NewGame(set.Seed, set.Width, set.Height, set.Seats, set.Names)
	if err != nil {
		return nil, fmt.Errorf("match %d: %w", id, err)
	}
	return newMatch(id, rs, set, s, clock), nil
}

// Resume creates match id from a saved game s (a Snapshot, decoded), for a
// server that restarts, or a scenario. The match plays a copy of s; the turn
// being played starts afresh (no orders, nobody ready, a full timer); a
// human seat whose player has missed Autopilot.ReplaceAfterMissed turns in
// a row (by s's count) is played by the AI from it. set.Seats must be s's
// number of players; set.Width, Height, Seed and Names are not used (the
// AI is seeded with s's seed).
func Resume(id uint32, rs *erfworld.Rules, set Settings, s *game.State, clock Clock) (*Match, error) {
	if rs == nil {
		return nil, errors.New("match: no ruleset")
	}
	if s == nil {
		return nil, errors.New("match: no game to resume")
	}
	if err := set.check(true); err != nil {
		return nil, err
	}
	if s.Ruleset != rs.ID() {
		return nil, fmt.Errorf("match %d: the game is of ruleset %q, not %q", id, s.Ruleset, rs.ID())
	}
	if len(s.Players) != set.Seats {
		return nil, fmt.Errorf("match %d: the game has %d players, the settings %d seats", id, len(s.Players), set.Seats)
	}
	if err := s.Validate(len(rs.Terrain())); err != nil {
		return nil, fmt.Errorf("match %d: %w", id, err)
	}
	return newMatch(id, rs, set, s.Clone(), clock), nil
}

func newMatch(id uint32, rs *erfworld.Rules, set Settings, s *game.State, clock Clock) *Match {
	if clock == nil {
		clock = RealClock{}
	}
	set.Names = slices.Clone(set.Names)
	set.Open = slices.Clone(set.Open)
	buffer := set.Buffer
	if buffer == 0 {
		buffer = DefaultBuffer
	}
	log := set.Logger
	if log == nil {
		log = slog.Default()
	}
	level := ai.Normal
	if set.AILevel != nil {
		level = *set.AILevel
	}
	set.AILevel = &level // the match's own copy
	n := set.Seats + 1
	m := &Match{
		id: id, rs: rs, set: set, clock: clock,
		humans: set.Seats - set.Bots,
		buffer: buffer,
		log:    log,
		ai:     ai.New(rs, level, s.Seed).Orders,
		cmds:   make(chan func(), QueueSize),
		wake:   make(chan struct{}, 1),
		done:   make(chan struct{}),
		state:  s,
		ready:  make([]bool, n),
		conns:  make([]int, n),
		views:  make([]*game.View, n),
		sums:   make([]uint64, n),
		taken:  make([]bool, n),
		missed: make([]int, n),
	}
	for p := 1; p <= set.Seats; p++ {
		m.missed[p] = stockMissed(s, game.PlayerID(p))
	}
	for _, p := range set.Open {
		if int(p) >= 1 && int(p) <= m.humans {
			m.taken[p] = true
		}
	}
	return m
}

// ID returns the match's id.
func (m *Match) ID() uint32 { return m.id }

// Run is the goroutine that owns the match: it runs commands in the order
// they arrive, resolves turns, and feeds the subscribers, until ctx is done.
// Then it closes every subscription (ErrStopped), and later commands fail
// with ErrStopped, but Snapshot and Status still answer (the final save on
// shutdown). Run returns nil when stopped by ctx; it may be called once.
func (m *Match) Run(ctx context.Context) error {
	if !m.running.CompareAndSwap(false, true) {
		return errors.New("match: Run called twice")
	}
	defer close(m.done)
	defer m.shutdown()
	m.record(TurnRecord{Start: true, Turn: m.state.Turn, Events: &game.Events{}, State: m.state})
	m.startClock()
	m.startTurn()
	for {
		var expired <-chan time.Time
		if m.timer != nil {
			expired = m.timer.C()
		}
		select {
		case <-ctx.Done():
			return nil
		case f := <-m.cmds:
			f()
		case <-m.wake:
			m.sweep()
		case <-expired:
			m.timer = nil
			m.resolve()
		}
		if m.canResolve() {
			m.resolve()
		}
		m.compact()
	}
}

// shutdown stops the timer and closes every subscription.
func (m *Match) shutdown() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	for _, sub := range m.subs {
		if sub.live {
			m.finish(sub, ErrStopped)
		}
	}
	m.subs = nil
}

// do runs f on the loop and waits until it has run. It fails at once with
// ErrBusy if the queue is full, and with ErrStopped once Run has returned.
// A command whose ctx ends while it waits may still run later.
func (m *Match) do(ctx context.Context, f func()) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case <-m.done:
		return ErrStopped
	default:
	}
	reply := make(chan struct{})
	select {
	case m.cmds <- func() { f(); close(reply) }:
	default:
		return ErrBusy
	}
	select {
	case <-reply:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-m.done:
		// The loop runs a command to its end before it can stop.
		select {
		case <-reply:
			return nil
		default:
			return ErrStopped
		}
	}
}

// query runs f like do, or directly once Run has returned: f must only
// read.
func (m *Match) query(ctx context.Context, f func()) error {
	select {
	case <-m.done:
		f()
		return nil
	default:
	}
	err := m.do(ctx, f)
	if errors.Is(err, ErrStopped) {
		f()
		return nil
	}
	return err
}

// Submit replaces seat's orders for turn (the turn being played) with
// orders, if every one of them is valid (game.OrderBook.Submit); otherwise
// nothing changes and it returns why each refused order is refused. An
// empty list is a submission: "no orders this turn" (not autopilot). A
// human seat the AI took over is handed back to its player, refused orders
// or not (the AI's orders stand if the player's are refused). The
// error is for the request as a whole: ErrWrongTurn for another turn,
// ErrSeat, ErrOver, ErrBusy, ErrStopped or ctx's error. Submit keeps its
// own copy of orders.
func (m *Match) Submit(ctx context.Context, seat game.PlayerID, turn game.Turn, orders []game.Order) ([]*game.OrderError, error) {
	if err := m.checkSeat(seat); err != nil {
		return nil, err
	}
	orders = cloneOrders(orders)
	var refused []*game.OrderError
	var err error
	if e := m.do(ctx, func() {
		if err = m.canAct(seat); err != nil {
			return
		}
		if turn != m.state.Turn {
			err = fmt.Errorf("%w: orders for turn %d, the game is on turn %d", ErrWrongTurn, turn, m.state.Turn)
			return
		}
		refused = m.book.Submit(m.state, m.rs, seat, orders)
		m.handBack(seat)
	}); e != nil {
		return nil, e
	}
	return refused, err
}

// SetReady says whether human seat is done with the turn. When every seat
// the turn waits for is ready the turn resolves (see the package doc);
// every subscriber gets a clock update when readiness changes.
func (m *Match) SetReady(ctx context.Context, seat game.PlayerID, ready bool) error {
	if err := m.checkSeat(seat); err != nil {
		return err
	}
	if int(seat) > m.humans {
		return fmt.Errorf("%w: seat %d is a bot", ErrSeat, seat)
	}
	var err error
	if e := m.do(ctx, func() {
		if err = m.canAct(seat); err != nil {
			return
		}
		if m.ready[seat] != ready {
			m.ready[seat] = ready
			m.sendClock()
		}
	}); e != nil {
		return e
	}
	return err
}

// Subscribe starts a subscription to seat's view (0: a spectator). Its
// first update is the whole view. A human seat the AI took over is handed
// back to its player (the AI's orders for the turn stand unless the player
// submits). The caller must Close it when done.
func (m *Match) Subscribe(ctx context.Context, seat game.PlayerID) (*Subscription, error) {
	if seat != 0 {
		if err := m.checkSeat(seat); err != nil {
			return nil, err
		}
	}
	sub := &Subscription{seat: seat, m: m, ch: make(chan Update, m.buffer)}
	if err := m.do(ctx, func() { m.add(sub) }); err != nil {
		sub.Close() // in case the loop adds it after all
		return nil, err
	}
	return sub, nil
}

// Snapshot returns the game state encoded for a save (game.Encode). It
// works after Run has returned too, for the last save on shutdown.
func (m *Match) Snapshot(ctx context.Context) ([]byte, error) {
	var data []byte
	var err error
	if e := m.query(ctx, func() { data, err = game.Encode(m.state) }); e != nil {
		return nil, e
	}
	return data, err
}

// Status is a summary of a match, for the lobby and for players.
type Status struct {
	ID   uint32
	Turn game.Turn
	// Deadline is when the turn resolves; zero when waiting for everyone
	// or when the game is over.
	Deadline time.Time
	// Ready lists the human seats ready to end the turn.
	Ready []game.PlayerID
	// Seats describes each seat, Seats[i] seat i+1.
	Seats []SeatStatus
	// Spectators is the number of spectators' subscriptions.
	Spectators int
	Over       bool
	Winner     game.PlayerID
}

// SeatStatus is one seat of Status.
type SeatStatus struct {
	Seat  game.PlayerID
	Name  string
	Bot   bool
	Alive bool
	// Subscriptions is the number of the seat's live subscriptions; a
	// seat with none is not connected.
	Subscriptions int
	// Submitted and Ready are for the turn being played.
	Submitted bool
	Ready     bool
	// MissedTurns counts the turns in a row the seat's player sent no
	// orders: the ruleset's count (erfworld.StockMissed), which the AI's
	// orders reset, but for a seat the AI took over, which goes on
	// counting the player's absence until the player comes back (see the
	// package doc). When it reaches the ruleset's
	// Autopilot.ReplaceAfterMissed the AI takes the seat over.
	MissedTurns int
	// AIPlaying: the AI took this human seat over from its absent player
	// and gives its orders (bots, always played by the AI, have it
	// false).
	AIPlaying bool
}

// Status returns the match's status. It works after Run has returned too.
func (m *Match) Status(ctx context.Context) (Status, error) {
	var st Status
	if err := m.query(ctx, func() { st = m.status() }); err != nil {
		return Status{}, err
	}
	return st, nil
}

func (m *Match) status() Status {
	s := m.state
	st := Status{ID: m.id, Turn: s.Turn, Deadline: m.deadline, Ready: m.readySeats(),
		Spectators: m.conns[0], Over: s.Over, Winner: s.Winner}
	submitted := m.book.Players()
	for i := range s.Players {
		pl := &s.Players[i]
		st.Seats = append(st.Seats, SeatStatus{
			Seat: pl.ID, Name: pl.Name, Bot: m.isBot(pl.ID), Alive: pl.Alive,
			Subscriptions: m.conns[pl.ID], Submitted: slices.Contains(submitted, pl.ID),
			Ready: m.ready[pl.ID], MissedTurns: m.missed[pl.ID], AIPlaying: m.taken[pl.ID],
		})
	}
	return st
}

// checkSeat refuses a seat that is no player of the game.
func (m *Match) checkSeat(seat game.PlayerID) error {
	if seat < 1 || int(seat) > m.set.Seats {
		return fmt.Errorf("%w: no seat %d (seats 1 to %d)", ErrSeat, seat, m.set.Seats)
	}
	return nil
}

// canAct reports why seat may not give orders or be ready now; on the loop.
func (m *Match) canAct(seat game.PlayerID) error {
	if m.state.Over {
		return ErrOver
	}
	if pl := m.state.Player(seat); pl == nil || !pl.Alive {
		return fmt.Errorf("%w: seat %d is out of the game", ErrSeat, seat)
	}
	return nil
}

// canResolve reports whether every seat the turn waits for is ready.
func (m *Match) canResolve() bool {
	if m.state.Over {
		return false
	}
	anyReady := false
	for p := 1; p <= m.humans; p++ {
		if !m.state.Players[p-1].Alive || (m.set.TurnTimer > 0 && m.conns[p] == 0) {
			continue
		}
		anyReady = anyReady || m.ready[p]
		if m.taken[p] {
			continue
		}
		if !m.ready[p] {
			return false
		}
	}
	return anyReady
}

// resolve plays the turn with the orders submitted, starts the next one,
// and sends every subscriber its delta.
func (m *Match) resolve() {
	start := time.Now()
	turn, played := m.state.Turn, m.recordOrders()
	ev := game.Resolve(m.state, m.rs, m.book.All())
	m.record(TurnRecord{Turn: turn, Orders: played, Events: ev, State: m.state})
	m.countMissed()
	m.book.Clear()
	clear(m.ready)
	m.startClock()
	m.observeTurn(start) // before anyone sees the turn: its count is then exact
	m.sendTurn(ev)
	m.startTurn()
}

// startClock starts the turn's timer, if any, stopping the last one.
func (m *Match) startClock() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	m.deadline = time.Time{}
	if m.state.Over || m.set.TurnTimer == 0 {
		return
	}
	m.deadline = m.clock.Now().Add(m.set.TurnTimer)
	m.timer = m.clock.NewTimer(m.set.TurnTimer)
}

func (m *Match) readySeats() []game.PlayerID {
	var out []game.PlayerID
	for p := 1; p <= m.humans; p++ {
		if m.ready[p] {
			out = append(out, game.PlayerID(p))
		}
	}
	return out
}

func (m *Match) clockInfo() *ClockInfo {
	return &ClockInfo{Turn: m.state.Turn, Deadline: m.deadline, Ready: m.readySeats()}
}

// viewOf returns seat's view of the state now.
func (m *Match) viewOf(seat game.PlayerID) *game.View {
	if seat == 0 && m.set.AllSeeing {
		return game.AllSeeingView(m.state)
	}
	return game.NewView(m.state, seat)
}

// eventsFor returns the events of ev seat may know of. A spectator gets the
// public ones (no player, no place), and with AllSeeing those on the map.
func (m *Match) eventsFor(ev *game.Events, seat game.PlayerID) []game.Event {
	if seat != 0 {
		return ev.For(m.state, seat)
	}
	var out []game.Event
	for _, e := range ev.List {
		if (e.Player == 0 && !e.HasHex) || (e.HasHex && m.set.AllSeeing) {
			out = append(out, e)
		}
	}
	return out
}

// add registers sub and sends it its whole view.
func (m *Match) add(sub *Subscription) {
	if sub.closed.Load() {
		return
	}
	p := sub.seat
	if m.views[p] == nil {
		v := m.viewOf(p)
		m.views[p], m.sums[p] = v, v.Checksum()
	}
	sub.live = true
	m.conns[p]++
	if p != 0 {
		m.handBack(p)
	}
	m.subs = append(m.subs, sub)
	m.sendFull(sub)
}

// sendFull sends sub its seat's whole view.
func (m *Match) sendFull(sub *Subscription) {
	p := sub.seat
	m.deliver(sub, Update{Full: m.views[p], Checksum: m.sums[p], Clock: m.clockInfo(),
		Over: m.state.Over, Winner: m.state.Winner})
}

// sendClock sends every subscriber the clock.
func (m *Match) sendClock() {
	clk := m.clockInfo()
	for _, sub := range m.subs {
		if sub.live {
			m.deliver(sub, Update{Checksum: m.sums[sub.seat], Clock: clk, Over: m.state.Over, Winner: m.state.Winner})
		}
	}
}

// sendTurn sends every subscriber the delta of its view and its events
// after a turn, each seat's computed once for all its subscribers. Seats
// without subscribers forget their view.
func (m *Match) sendTurn(ev *game.Events) {
	type seatUpdate struct {
		delta  *game.Delta
		events []game.Event
	}
	per := make([]seatUpdate, len(m.views))
	for p := range m.views {
		if m.conns[p] == 0 {
			m.views[p], m.sums[p] = nil, 0
			continue
		}
		seat := game.PlayerID(p)
		next := m.viewOf(seat)
		per[p] = seatUpdate{delta: game.Diff(m.views[p], next), events: m.eventsFor(ev, seat)}
		m.views[p], m.sums[p] = next, next.Checksum()
	}
	clk := m.clockInfo()
	for _, sub := range m.subs {
		if sub.live {
			u := &per[sub.seat]
			m.deliver(sub, Update{Delta: u.delta, Checksum: m.sums[sub.seat], Events: u.events, Clock: clk,
				Over: m.state.Over, Winner: m.state.Winner})
		}
	}
}

// deliver puts u in sub's channel without waiting; a subscriber closed by
// its owner, or whose channel is full, is finished instead.
func (m *Match) deliver(sub *Subscription, u Update) {
	if sub.closed.Load() {
		m.finish(sub, ErrUnsubscribed)
		return
	}
	select {
	case sub.ch <- u:
	default:
		m.finish(sub, ErrSlow)
	}
}

// finish ends a live subscription for reason err: no more updates, its
// channel closed. compact then drops it from m.subs.
func (m *Match) finish(sub *Subscription, err error) {
	sub.setErr(err)
	sub.live = false
	m.conns[sub.seat]--
	close(sub.ch)
}

// sweep finishes the subscriptions their owners closed.
func (m *Match) sweep() {
	for _, sub := range m.subs {
		if sub.live && sub.closed.Load() {
			m.finish(sub, ErrUnsubscribed)
		}
	}
}

// compact drops finished subscriptions from m.subs.
func (m *Match) compact() {
	m.subs = slices.DeleteFunc(m.subs, func(sub *Subscription) bool { return !sub.live })
}

// cloneOrders returns a deep copy of orders.
func cloneOrders(orders []game.Order) []game.Order {
	out := slices.Clone(orders)
	for i := range out {
		out[i].Path = slices.Clone(out[i].Path)
		out[i].Units = slices.Clone(out[i].Units)
	}
	return out
}
