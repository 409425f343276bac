// Package match runs one game on the server, of any ruleset (package
// ruleset): the game, the orders of the step being played, the step's
// clock and the subscribers that receive each seat's view. It knows
// nothing of hexes or cards: views, deltas, events and orders are the
// ruleset's bytes.
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
// The ruleset's AI (Ruleset.NewAI, at Settings.AILevel, seeded with
// Settings.Seed) plays the bots: whenever a simultaneous step starts, the
// match gives it the view of each bot that must act and submits its orders
// as the bot's; in an interactive or concurrent step it plays the bots'
// actions one at a time (see AI chains), through the same validation as
// people's; what the game refuses of the AI's is logged and dropped. Bots
// never hold up a step. (Bots may also submit orders through Submit like
// anyone else; the last submission stands.)
//
// # Steps
//
// The game says what it waits for (ruleset.Step). In a simultaneous step
// every actor submits orders and the step resolves as the clock says
// (below). In an interactive step the actors act (Act), each action
// applied at once and sent to every subscriber. In a concurrent step
// several actors act in any order: an action naming any Seq from the
// step's Since on is taken (Step.Late), so one player's action never makes
// another's late. Orders and readiness name the step they are for
// (Submit's and SetReady's seq): a late one is refused, never taken for
// the next step of the same turn.
//
// # The step's clock
//
// A step has a deadline when the ruleset gives it a time limit
// (Step.Limit), when the host set a turn timer (Settings.TurnTimer), or
// both; with both, the one that runs out first. The host's timer runs
// afresh for each step; a step's own limit is drawn from its Budget: the
// steps of one Budget share Limit, each spending the time it was played
// (a player's whole turn: an action does not restart it, and a defender's
// answer in between, of another budget, does not spend it). A concurrent
// step's clock runs from its start to its end, whoever acts meanwhile. A
// resumed game's budgets start afresh.
//
// When a step's time runs out, a simultaneous step resolves with the
// orders submitted; in an interactive or concurrent step each actor who
// has not acted is played, one after another, for as long as the step
// lasts: the ruleset's default (ruleset.Defaulter) plays a person's seat,
// or the AI where the game has none (or refuses its default), and the AI
// plays the seats it plays. In an interactive step one action ends the
// step: the next step has a clock of its own (or what is left of its
// budget: nothing, once the budget is spent, and then the default plays
// at once). If nothing moved the game on (every default and the AI's
// actions refused), the step gets its whole limit again.
//
// Without any deadline a simultaneous step waits for its people (below),
// and so do interactive and concurrent steps, but for a person who is not
// connected (no Subscription): each such actor gets Settings.Grace from
// when the step started or the player left, whichever is later, and then
// the default plays the seat, as if its time had run out. A disconnected
// player never holds a game forever.
//
// # Missed steps and takeover
//
// A human seat that submits nothing for a simultaneous step is played by
// the ruleset's autopilot that turn (for erfworld: no income, no upkeep,
// no moves), and misses it; the ruleset counts those (Game.Missed). A
// seat whose time ran out in an interactive or concurrent step, or whose
// grace did, misses that step too; the match counts those, in a row until
// the player acts or submits again. SeatStatus.MissedTurns is the sum of
// the two. Once it reaches the ruleset's Game.ReplaceAfter (2 for
// erfworld: "twice in a row"), the AI takes the seat over from the next
// step: it gives the seat's orders at each turn's start, as for a bot,
// plays its actions, and the clock no longer waits for the seat. The
// player takes the seat back by submitting orders (they replace the AI's
// for the turn), by acting, or by subscribing again (the AI's orders for
// the turn stand unless the player submits); either way the count of
// missed steps starts afresh. SeatStatus.AIPlaying tells a seat taken
// over. A human seat nobody held when the game started (Settings.Open) is
// played by the AI from the first turn, until a player takes it.
//
// The AI's orders are orders: the game state's count goes back to 0 while
// the AI plays a seat. So SeatStatus.MissedTurns counts the player's
// absence instead while the AI plays the seat: one more for each turn the
// AI played it all through, until the player comes back.
//
// # The turn clock of simultaneous steps
//
// The match resolves a simultaneous step when
//   - every human seat it waits for is ready (SetReady); it waits for the
//     live human seats the AI does not play, and with a deadline only for
//     those that are connected (have at least one Subscription); at least
//     one of these seats, or a connected seat the AI plays, must be ready,
//     so a match nobody is connected to runs on its clock;
//   - or the step's time runs out (above).
//
// Without a deadline the match waits for every live human seat the AI
// does not play, connected or not (a host who chose "wait for everyone"
// is waited for: a player whose client dropped finds the turn waiting).
// Readiness and submitted orders reset when a step starts; then the AI
// submits the orders of the seats it plays. Orders count only if
// submitted (Submit, an empty list is a submission: "no orders"); a seat
// that submitted nothing is left out of the turn and the ruleset plays it
// on autopilot (see Missed steps). Readiness does not submit anything: a
// client submits (if only an empty list) and then says it is ready; a
// seat may change its orders while ready.
//
// # AI chains
//
// In an interactive or concurrent step the AI plays one action at a time
// for the actors it plays. While anyone watches the match (it has a
// subscription), it waits Settings.ActionPace before each, counted from
// the last action anyone played, so that a person can follow each one
// (each roll seen) and no subscriber's queue fills; a person's turn never
// waits on it: people act whenever the step asks them. While nobody
// watches, the AI's actions follow one another at once, the match
// answering the commands waiting between two of them, for at most
// maxChain in a row (an AI that never hands the game on does not keep a
// core busy for ever); past them, and after an action of the AI's the
// game refused, the AI acts again Settings.AIPace later.
//
// A simultaneous step in which every actor still in the game is played by
// the AI (bots, human seats it took over, open seats) and that has no
// deadline resolves by itself: nobody would end it otherwise (the people
// were eliminated, or left and the AI took their seats). While anyone
// watches the match such a step waits Settings.AIPace first, so that they
// can follow the game, unless a connected seat the AI plays says it is
// ready (then it resolves at once, as above). While nobody watches, it
// resolves at once, the match answering the commands waiting between two
// steps, for at most Settings.AIRush steps in a row (a game of bots that
// nobody watches plays on to its end quickly, but a game that never ends
// does not keep a core busy); past them it goes at AIPace too, until
// someone subscribes. With a deadline, such steps resolve on it, as every
// step does.
//
// # Subscriptions and reconnecting
//
// A Subscription receives a Full view first, then after each turn a Delta
// of its view with its events, and a clock update whenever readiness
// changes (once the match's waiting commands are run: changes in a row
// make one update, and a step that resolves meanwhile sends its own clock
// instead); every Update carries the checksum of the subscriber's view and
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

	"empires/shared/ruleset"
)

// QueueSize is how many commands may wait for a match's loop; beyond it,
// commands fail with ErrBusy.
const QueueSize = 256

// DefaultBuffer is how many updates a subscription holds unread before the
// subscriber is dropped, unless Settings.Buffer says otherwise.
const DefaultBuffer = 64

// DefaultAIPace is how long a step only the AI plays waits before it
// resolves by itself while someone watches, unless Settings.AIPace says
// otherwise (see the package doc).
const DefaultAIPace = time.Second

// DefaultAIRush is how many steps only the AI plays resolve at once in a
// row while nobody watches, unless Settings.AIRush says otherwise.
const DefaultAIRush = 200

// DefaultActionPace is how long the AI waits before each action it plays
// in an interactive or concurrent step while someone watches, unless
// Settings.ActionPace says otherwise (see the package doc's AI chains).
const DefaultActionPace = 600 * time.Millisecond

// DefaultGrace is how long an interactive or concurrent step without a
// deadline waits for an actor who is not connected before the default
// plays the seat, unless Settings.Grace says otherwise.
const DefaultGrace = time.Minute

// maxChain bounds the interactive actions the AI plays at once in a row
// while nobody watches (an AI that never ends its part would otherwise
// keep a core busy); past it the AI acts every AIPace.
const maxChain = 10000

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
	// ErrWrongTurn: orders for a turn other than the one being played, or
	// orders, readiness or an action for a step that is past (or to come).
	ErrWrongTurn = errors.New("match: wrong turn")
	// ErrWrongMode: orders in an interactive step, or an action in a
	// simultaneous one.
	ErrWrongMode = errors.New("match: not what this step takes")
	// ErrSlow: the subscriber fell behind and was dropped.
	ErrSlow = errors.New("match: subscriber fell behind and was dropped")
	// ErrUnsubscribed: the subscription was closed by its owner.
	ErrUnsubscribed = errors.New("match: unsubscribed")
)

// Settings are a match's parameters. The lobby validates what players ask
// for; New checks what it needs and says what is wrong.
type Settings struct {
	// Seed makes the game's random numbers and seeds the AI.
	Seed uint64
	// Options are the ruleset's settings (the map's size...), New only;
	// Resume takes the saved game.
	Options ruleset.Options
	// Seats is the number of players, within the ruleset's bounds.
	Seats int
	// Bots is how many of the seats, the last ones, are bots.
	Bots int
	// TurnTimer is how long a step waits for orders or an action; 0 waits
	// for every human seat, unless the step has a limit of its own
	// (ruleset.Step.Limit). With both, the one that runs out first ends
	// the step (see the package doc).
	TurnTimer time.Duration
	// Names are the players' names, by seat; missing ones become
	// "Player N".
	Names []string
	// SeatData are the seats' set-up data (ruleset.SeatSetup), by seat,
	// SeatData[0] seat 1's, New only: the lobby has checked each.
	SeatData [][]byte
	// Open are the human seats nobody holds at the start: the AI plays
	// them from the first turn, as it plays a seat taken over, until a
	// player takes the seat (subscribes or submits).
	Open []ruleset.Seat
	// AllSeeing lets spectators (seat 0) see the whole game as the ruleset
	// shows it to an all-seeing spectator (never the players' hidden
	// holdings); otherwise a spectator sees only what every player may
	// know. A game of hidden holdings (ruleset.Info.Hidden) has no
	// all-seeing spectators: it is ignored there.
	AllSeeing bool
	// Buffer is how many updates a subscription holds before its reader is
	// dropped as too slow; 0 means DefaultBuffer.
	Buffer int
	// AIPace is how long a step only the AI plays waits before it
	// resolves by itself, in a game without a turn timer, while anyone
	// watches (see the package doc); 0 means DefaultAIPace.
	AIPace time.Duration
	// AIRush is how many steps only the AI plays resolve at once in a
	// row while nobody watches, before they go at AIPace; 0 means
	// DefaultAIRush, a negative number none.
	AIRush int
	// ActionPace is how long the AI waits before each action it plays in
	// an interactive or concurrent step while anyone watches (see the
	// package doc's AI chains); 0 means DefaultActionPace.
	ActionPace time.Duration
	// Grace is how long an interactive or concurrent step without a
	// deadline waits for an actor who is not connected before the
	// ruleset's default plays the seat; 0 means DefaultGrace.
	Grace time.Duration
	// AILevel is how the AI plays the bots and the seats it takes over:
	// one of the ruleset's levels; "" means its default.
	AILevel string
	// Logger receives the match's logs (takeovers, the AI's refused
	// orders); nil means slog.Default().
	Logger *slog.Logger
	// OnTurn, if not nil, hears of the game the match starts from and of
	// every step resolved (see TurnRecord), to save the game. Run calls it
	// on the match's goroutine, before any subscriber hears of the step:
	// it holds up the match while it runs and must not call the match.
	OnTurn func(TurnRecord)
	// Observer, if not nil, is told of the steps resolved, the actions
	// played and the seats the AI takes over (the server's metrics).
	Observer Observer
}

// check reports what is wrong with set for ruleset info in.
func (set *Settings) check(in ruleset.Info) error {
	switch {
	case set.Seats < 1 || set.Seats > 255:
		return fmt.Errorf("match: %d seats, want 1 to 255", set.Seats)
	case set.Bots < 0 || set.Bots > set.Seats:
		return fmt.Errorf("match: %d bots for %d seats, want 0 to %d", set.Bots, set.Seats, set.Seats)
	case set.TurnTimer < 0:
		return fmt.Errorf("match: turn timer %v is negative", set.TurnTimer)
	case set.AIPace < 0:
		return fmt.Errorf("match: AI pace %v is negative", set.AIPace)
	case set.ActionPace < 0:
		return fmt.Errorf("match: action pace %v is negative", set.ActionPace)
	case set.Grace < 0:
		return fmt.Errorf("match: grace %v is negative", set.Grace)
	case len(set.Names) > set.Seats:
		return fmt.Errorf("match: %d names for %d seats", len(set.Names), set.Seats)
	case set.SeatData != nil && len(set.SeatData) != set.Seats:
		return fmt.Errorf("match: set-up data of %d seats for %d seats", len(set.SeatData), set.Seats)
	case slices.ContainsFunc(set.Open, func(p ruleset.Seat) bool { return int(p) < 1 || int(p) > set.Seats-set.Bots }):
		return fmt.Errorf("match: open seats %v: each must be a human seat, 1 to %d", set.Open, set.Seats-set.Bots)
	case set.Buffer < 0:
		return fmt.Errorf("match: subscription buffer %d is negative", set.Buffer)
	case set.AILevel != "" && !slices.Contains(in.Levels, set.AILevel):
		return fmt.Errorf("match: %s has no AI level %q", in.ID, set.AILevel)
	}
	return nil
}

// Match is one running game. Create it with New or Resume, run it with Run;
// its other methods may be called from any goroutine.
type Match struct {
	id     uint32
	rs     ruleset.Ruleset
	set    Settings
	clock  Clock
	humans int // seats 1..humans are people, the rest bots
	buffer int // capacity of each subscription's channel
	log    *slog.Logger
	// ai plays the seats the AI plays (tests replace it before Run).
	ai ruleset.AI

	cmds    chan func()   // commands for the loop, QueueSize at most
	wake    chan struct{} // a subscription was closed by its owner
	done    chan struct{} // closed when Run returns
	running atomic.Bool   // Run has been called

	// Everything below belongs to Run's loop. Before Run starts nothing
	// reads it; after Run returns (done closed) it only is read.
	g      ruleset.Game
	step   ruleset.Step // g.Step(), as of the last change
	orders [][]byte     // by seat: the orders submitted for the step; nil if none
	ready  []bool       // by seat; only human seats are ever set
	subs   []*Subscription
	conns  []int          // live subscriptions by seat (0: spectators)
	views  []ruleset.View // by seat: the view subscribers hold, nil if none
	sums   []uint64       // by seat: views[seat].Checksum()
	taken  []bool         // by seat: a human seat the AI plays for its absent player
	missed []int          // by seat: Status's MissedTurns (see the package doc)
	// lapsed counts, by seat, the interactive and concurrent steps in a
	// row whose time (or grace) ran out on the seat's player.
	lapsed []int
	// absent is, by seat, when its last subscription ended (zero if it
	// never had one): a grace runs from it (see clock.go).
	absent []time.Time
	// away is, by human seat, what its player may know of the steps
	// played while the seat had no subscription (the last KeepAway of
	// them), for its next subscription's first update.
	away [][]MissedStep

	// The step's clock (clock.go): clocked is the step it runs for and
	// began when; deadline is when the step's time runs out (zero: no
	// deadline, or the game is over) and timer fires then (nil: none, or
	// it fired). spent is the time each budget has spent.
	clocked  ruleset.Step
	began    time.Time
	deadline time.Time
	timer    Timer
	spent    map[string]budgetUse
	// grace fires at graceAt, when the first grace of an absent actor
	// ends (nil: nobody is waited for so).
	grace   Timer
	graceAt time.Time

	// pacer runs while the AI waits to play (pace.go); nil otherwise.
	// paced is the step's Seq it is for, pacedFor how long it waited.
	pacer    Timer
	paced    uint32
	pacedFor time.Duration
	// rushed counts the steps only the AI plays resolved at once since
	// someone last subscribed; chained the AI's actions played at once
	// in a row since a person last acted or subscribed.
	rushed, chained int
	// aiFailed: the AI's last action in the step was refused.
	aiFailed bool
	// waited holds, by seat, the Seq of the concurrent step at which the
	// AI playing it chose to wait (ruleset.AI): it is not asked again
	// until another action moves the step on.
	waited map[ruleset.Seat]uint32
	// clockDue tells that readiness changed since the subscribers last
	// got the clock; clockWaited counts the commands run since (see
	// flushClock).
	clockDue    bool
	clockWaited int
}

// New creates match id: a new game of ruleset rs with the settings set:
// seats 1..set.Seats, the last set.Bots of them bots, played by the AI. A
// nil clock is RealClock. The match does nothing until Run.
func New(id uint32, rs ruleset.Ruleset, set Settings, clock Clock) (*Match, error) {
	if rs == nil {
		return nil, errors.New("match: no ruleset")
	}
	in := rs.Info()
	if err := set.check(in); err != nil {
		return nil, err
	}
	names := make([]string, set.Seats)
	for i := range names {
		names[i] = fmt.Sprintf("Player %d", i+1)
		if i < len(set.Names) && set.Names[i] != "" {
			names[i] = set.Names[i]
		}
	}
	g, err := rs.New(ruleset.Config{Seed: set.Seed, Seats: set.Seats, Names: names, Options: set.Options,
		SeatData: set.SeatData})
	if err != nil {
		return nil, fmt.Errorf("match %d: %w", id, err)
	}
	return newMatch(id, rs, set, g, clock)
}

// Resume creates match id from a saved game (Game.Save's bytes), for a
// server that restarts, or a scenario. The step being played starts afresh
// (no orders, nobody ready, a full timer); a human seat whose player has
// missed the ruleset's limit of turns in a row is played by the AI from it.
// set.Seats must be the game's number of players; set.Options and Names
// are not used.
func Resume(id uint32, rs ruleset.Ruleset, set Settings, save []byte, clock Clock) (*Match, error) {
	if rs == nil {
		return nil, errors.New("match: no ruleset")
	}
	if err := set.check(rs.Info()); err != nil {
		return nil, err
	}
	g, err := rs.Load(save)
	if err != nil {
		return nil, fmt.Errorf("match %d: %w", id, err)
	}
	if g.Seats() != set.Seats {
		return nil, fmt.Errorf("match %d: the game has %d players, the settings %d seats", id, g.Seats(), set.Seats)
	}
	return newMatch(id, rs, set, g, clock)
}

func newMatch(id uint32, rs ruleset.Ruleset, set Settings, g ruleset.Game, clock Clock) (*Match, error) {
	if clock == nil {
		clock = RealClock{}
	}
	set.Names = slices.Clone(set.Names)
	set.Open = slices.Clone(set.Open)
	set.AllSeeing = set.AllSeeing && !rs.Info().Hidden // hidden holdings stay hidden from spectators
	buffer := set.Buffer
	if buffer == 0 {
		buffer = DefaultBuffer
	}
	log := set.Logger
	if log == nil {
		log = slog.Default()
	}
	if set.AILevel == "" {
		set.AILevel = rs.Info().DefaultLevel
	}
	if set.AIPace == 0 {
		set.AIPace = DefaultAIPace
	}
	if set.AIRush == 0 {
		set.AIRush = DefaultAIRush
	}
	if set.ActionPace == 0 {
		set.ActionPace = DefaultActionPace
	}
	if set.Grace == 0 {
		set.Grace = DefaultGrace
	}
	ai, err := rs.NewAI(set.AILevel, set.Seed)
	if err != nil {
		return nil, fmt.Errorf("match %d: %w", id, err)
	}
	n := set.Seats + 1
	m := &Match{
		id: id, rs: rs, set: set, clock: clock,
		humans: set.Seats - set.Bots,
		buffer: buffer,
		log:    log,
		ai:     ai,
		cmds:   make(chan func(), QueueSize),
		wake:   make(chan struct{}, 1),
		done:   make(chan struct{}),
		g:      g,
		step:   g.Step(),
		orders: make([][]byte, n),
		ready:  make([]bool, n),
		waited: map[ruleset.Seat]uint32{},
		conns:  make([]int, n),
		views:  make([]ruleset.View, n),
		sums:   make([]uint64, n),
		taken:  make([]bool, n),
		missed: make([]int, n),
		lapsed: make([]int, n),
		absent: make([]time.Time, n),
		away:   make([][]MissedStep, n),
		spent:  map[string]budgetUse{},
	}
	for p := 1; p <= set.Seats; p++ {
		m.missed[p] = g.Missed(ruleset.Seat(p))
	}
	for _, p := range set.Open {
		if int(p) >= 1 && int(p) <= m.humans {
			m.taken[p] = true
		}
	}
	return m, nil
}

// ID returns the match's id.
func (m *Match) ID() uint32 { return m.id }

// Ruleset returns the ruleset the match plays.
func (m *Match) Ruleset() ruleset.Ruleset { return m.rs }

// Run is the goroutine that owns the match: it runs commands in the order
// they arrive, resolves steps, and feeds the subscribers, until ctx is
// done. Then it closes every subscription (ErrStopped), and later commands
// fail with ErrStopped, but Snapshot and Status still answer (the final
// save on shutdown). Run returns nil when stopped by ctx; it may be called
// once.
func (m *Match) Run(ctx context.Context) error {
	if !m.running.CompareAndSwap(false, true) {
		return errors.New("match: Run called twice")
	}
	defer close(m.done)
	defer m.shutdown()
	m.recordStart()
	m.startClock()
	m.startStep()
	for {
		if m.rushing() {
			// A step only the AI plays, nobody watching: it resolves
			// now, unless commands are waiting.
			select {
			case <-ctx.Done():
				return nil
			case f := <-m.cmds:
				f()
			case <-m.wake:
				m.sweep()
			default:
				m.rushed++
				m.resolve()
			}
		} else {
			m.arrangePacer()
			m.arrangeGrace()
			var expired, paced, graced <-chan time.Time
			if m.timer != nil {
				expired = m.timer.C()
			}
			if m.pacer != nil {
				paced = m.pacer.C()
			}
			if m.grace != nil {
				graced = m.grace.C()
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
				m.expire()
			case <-paced:
				m.pacer = nil
				m.autoStep()
			case <-graced:
				m.grace = nil
				m.lapse()
			}
		}
		if m.canResolve() {
			m.resolve()
		}
		m.flushClock()
		m.compact()
	}
}

// maxClockDelay is how many commands in a row a clock update that
// readiness changes may wait behind (see flushClock).
const maxClockDelay = 32

// flushClock sends the clock that readiness changed (clockDue), unless
// more commands wait, up to maxClockDelay of them: readiness that changes
// several times while commands queue up (the players of a game saying
// they are ready one after another) costs each subscriber one update, the
// last, not one each. A step resolved meanwhile sends its own clock, so
// none is due then.
//
// CHOICE: readiness announced once the queue is drained rather than at
// each change: the subscribers see every change that lasts, and the server
// sends, encodes and writes fewer messages the busier it is; a quiet match
// still announces each change at once.
func (m *Match) flushClock() {
	if !m.clockDue {
		return
	}
	if len(m.cmds) > 0 && m.clockWaited < maxClockDelay {
		m.clockWaited++
		return
	}
	m.sendClock()
}

// shutdown stops the timers and closes every subscription.
func (m *Match) shutdown() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	if m.pacer != nil {
		m.pacer.Stop()
		m.pacer = nil
	}
	if m.grace != nil {
		m.grace.Stop()
		m.grace = nil
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

// Submit replaces seat's orders for turn, in the simultaneous step
// numbered seq, with orders, the ruleset's bytes, if the game accepts every
// one of them (Game.Check); otherwise nothing changes and it returns why
// each refused order is refused. An empty list is a submission: "no orders
// this turn" (not autopilot). A human seat the AI took over is handed back
// to its player, refused orders or not (the AI's orders stand if the
// player's are refused). The error is for the request as a whole:
// ErrWrongTurn for another step or turn (orders sent late are refused, not
// taken for the next step of the same turn), ErrWrongMode in an
// interactive or concurrent step, ErrSeat (also for a seat that is not one
// of the step's actors), ErrOver, ErrBusy, ErrStopped, ctx's error, or the
// ruleset's error for bytes that are no order list. Submit keeps its own
// copy of orders.
func (m *Match) Submit(ctx context.Context, seat ruleset.Seat, turn ruleset.Turn, seq uint32, orders []byte) ([]ruleset.Rejection, error) {
	if err := m.checkSeat(seat); err != nil {
		return nil, err
	}
	orders = own(orders)
	var refused []ruleset.Rejection
	var err error
	if e := m.do(ctx, func() {
		if err = m.canAct(seat); err != nil {
			return
		}
		switch {
		case m.step.Late(seq):
			err = fmt.Errorf("%w: orders for step %d, the game is at step %d", ErrWrongTurn, seq, m.step.Seq)
			return
		case m.step.Mode != ruleset.Simultaneous:
			err = fmt.Errorf("%w: this step takes actions, not orders", ErrWrongMode)
			return
		case turn != m.step.Turn:
			err = fmt.Errorf("%w: orders for turn %d, the game is on turn %d", ErrWrongTurn, turn, m.step.Turn)
			return
		case !m.step.Acts(seat):
			err = fmt.Errorf("%w: seat %d gives no orders in this step", ErrSeat, seat)
			return
		}
		m.present(seat)
		if refused, err = m.g.Check(seat, orders); err != nil || refused != nil {
			m.handBack(seat)
			return
		}
		m.orders[seat] = orders
		m.handBack(seat)
	}); e != nil {
		return nil, e
	}
	return refused, err
}

// own returns a copy of orders that is never nil: m.orders tells a seat
// that submitted nothing by nil, and orders of no bytes, if the game takes
// them, are a submission.
func own(orders []byte) []byte {
	if orders == nil {
		return []byte{}
	}
	return slices.Clone(orders)
}

// Act plays seat's action in the interactive or concurrent step numbered
// seq (in a concurrent step, any Seq from its Since on: Step.Late), the
// ruleset's bytes: if the game accepts it (Game.Act) it is applied at once
// and every subscriber gets its update; a refused action is a
// *ruleset.Rejection and changes nothing. ErrWrongTurn for a step that is
// past, ErrWrongMode in a simultaneous step, ErrSeat for a seat that is
// not asked to act, and the errors of Submit. A human seat the AI took
// over is handed back to its player.
func (m *Match) Act(ctx context.Context, seat ruleset.Seat, seq uint32, action []byte) error {
	if err := m.checkSeat(seat); err != nil {
		return err
	}
	action = slices.Clone(action)
	var err error
	if e := m.do(ctx, func() {
		if err = m.canAct(seat); err != nil {
			return
		}
		switch {
		case m.step.Late(seq):
			err = fmt.Errorf("%w: an action for step %d, the game is at step %d", ErrWrongTurn, seq, m.step.Seq)
			return
		case !m.step.Acting():
			err = fmt.Errorf("%w: this step takes the whole turn's orders, not actions", ErrWrongMode)
			return
		case !m.step.Acts(seat):
			err = fmt.Errorf("%w: seat %d is not asked to act now", ErrSeat, seat)
			return
		}
		m.handBack(seat)
		m.present(seat)
		err = m.play(seat, action)
	}); e != nil {
		return e
	}
	return err
}

// SetReady says whether human seat is done with the step numbered seq
// (Step.Late, as for Act). When every seat a simultaneous step waits for
// is ready it resolves (see the package doc); every subscriber gets a
// clock update when readiness changes (see the package doc). Readiness
// matters in simultaneous steps only. ErrWrongTurn for a step that is past
// (a late SetReady never ends the next step), and the errors of Submit.
func (m *Match) SetReady(ctx context.Context, seat ruleset.Seat, seq uint32, ready bool) error {
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
		if m.step.Late(seq) {
			err = fmt.Errorf("%w: ready for step %d, the game is at step %d", ErrWrongTurn, seq, m.step.Seq)
			return
		}
		if m.ready[seat] != ready {
			m.ready[seat] = ready
			m.clockDue = true
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
func (m *Match) Subscribe(ctx context.Context, seat ruleset.Seat) (*Subscription, error) {
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

// Snapshot returns the game encoded for a save (Game.Save). It works after
// Run has returned too, for the last save on shutdown.
func (m *Match) Snapshot(ctx context.Context) ([]byte, error) {
	var data []byte
	var err error
	if e := m.query(ctx, func() { data, err = m.g.Save() }); e != nil {
		return nil, e
	}
	return data, err
}

// Status is a summary of a match, for the lobby and for players.
type Status struct {
	ID   uint32
	Turn ruleset.Turn
	// Step is the step being played.
	Step ruleset.Step
	// Deadline is when the step's time runs out (the package doc's "The
	// step's clock"); zero when it has no deadline or the game is over.
	Deadline time.Time
	// Ready lists the human seats ready to end the turn.
	Ready []ruleset.Seat
	// Seats describes each seat, Seats[i] seat i+1.
	Seats []SeatStatus
	// Spectators is the number of spectators' subscriptions.
	Spectators int
	Over       bool
	Winner     ruleset.Seat
}

// SeatStatus is one seat of Status.
type SeatStatus struct {
	Seat  ruleset.Seat
	Name  string
	Bot   bool
	Alive bool
	// Subscriptions is the number of the seat's live subscriptions; a
	// seat with none is not connected.
	Subscriptions int
	// Submitted and Ready are for the step being played.
	Submitted bool
	Ready     bool
	// MissedTurns counts the steps in a row the seat's player let pass:
	// the ruleset's count of turns without orders (Game.Missed), which the
	// AI's orders reset, and the match's count of interactive and
	// concurrent steps whose time ran out on the player; for a seat the AI
	// took over it goes on counting the player's absence until the player
	// comes back (see the package doc). When it reaches the ruleset's
	// Game.ReplaceAfter the AI takes the seat over.
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
	over, winner := m.g.Over()
	st := Status{ID: m.id, Turn: m.step.Turn, Step: m.step, Deadline: m.deadline, Ready: m.readySeats(),
		Spectators: m.conns[0], Over: over, Winner: winner}
	st.Step.Actors = slices.Clone(st.Step.Actors)
	for p := 1; p <= m.set.Seats; p++ {
		seat := ruleset.Seat(p)
		pl := m.g.Player(seat)
		st.Seats = append(st.Seats, SeatStatus{
			Seat: seat, Name: pl.Name, Bot: m.isBot(seat), Alive: pl.Alive,
			Subscriptions: m.conns[p], Submitted: m.orders[p] != nil,
			Ready: m.ready[p], MissedTurns: m.missed[p], AIPlaying: m.taken[p],
		})
	}
	return st
}

// checkSeat refuses a seat that is no player of the game.
func (m *Match) checkSeat(seat ruleset.Seat) error {
	if seat < 1 || int(seat) > m.set.Seats {
		return fmt.Errorf("%w: no seat %d (seats 1 to %d)", ErrSeat, seat, m.set.Seats)
	}
	return nil
}

// canAct reports why seat may not give orders or be ready now; on the loop.
func (m *Match) canAct(seat ruleset.Seat) error {
	if over, _ := m.g.Over(); over {
		return ErrOver
	}
	if !m.g.Player(seat).Alive {
		return fmt.Errorf("%w: seat %d is out of the game", ErrSeat, seat)
	}
	return nil
}

// canResolve reports whether the simultaneous step may resolve: every
// human actor it waits for is ready.
func (m *Match) canResolve() bool {
	if over, _ := m.g.Over(); over || m.step.Mode != ruleset.Simultaneous {
		return false
	}
	anyReady := false
	for _, seat := range m.step.Actors {
		p := int(seat)
		if p > m.humans || (!m.deadline.IsZero() && m.conns[p] == 0) {
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

// resolve plays the simultaneous step with the orders submitted, starts the
// next step, and sends every subscriber its delta.
func (m *Match) resolve() {
	start := time.Now()
	var subs []ruleset.Submission
	for p := 1; p <= m.set.Seats; p++ {
		if m.orders[p] != nil {
			subs = append(subs, ruleset.Submission{Seat: ruleset.Seat(p), Orders: m.orders[p]})
		}
	}
	before := m.step
	out, err := m.g.Resolve(subs)
	if err != nil {
		// The game refused orders it had accepted: a ruleset bug. Play
		// the step with nobody's orders rather than stall the game.
		m.log.Error("the game refused the turn's orders; resolving it with none", "match", m.id, "turn", before.Turn, "err", err)
		subs = nil
		if out, err = m.g.Resolve(nil); err != nil {
			m.log.Error("the game cannot resolve its turn", "match", m.id, "turn", before.Turn, "err", err)
			return
		}
	}
	m.after(before, subs, out, start)
}

// play applies seat's interactive action, or returns why the game refused
// it. On the loop.
func (m *Match) play(seat ruleset.Seat, action []byte) error {
	start := time.Now()
	before := m.step
	out, err := m.g.Act(seat, action)
	if err != nil {
		return err
	}
	m.after(before, []ruleset.Submission{{Seat: seat, Orders: action}}, out, start)
	return nil
}

// after is what follows a step played with subs: it is recorded, counted,
// the clock starts for a new step (a concurrent step's runs on while it
// lasts), every subscriber hears of it, so does the AI of every seat it
// plays, and the next step starts.
func (m *Match) after(before ruleset.Step, subs []ruleset.Submission, out ruleset.Outcome, start time.Time) {
	m.step = m.g.Step()
	m.record(before, subs, out)
	if before.Mode == ruleset.Simultaneous {
		m.countMissed(before)
	}
	clear(m.orders)
	clear(m.ready)
	m.aiFailed = false
	if over, _ := m.g.Over(); over || stepKey(m.step) != stepKey(m.clocked) {
		m.startClock()
	}
	m.observeStep(before, start) // before anyone sees the step: its count is then exact
	m.sendTurn(before.Turn, out)
	m.tellAI(out)
	m.startStep()
}

func (m *Match) readySeats() []ruleset.Seat {
	var out []ruleset.Seat
	for p := 1; p <= m.humans; p++ {
		if m.ready[p] {
			out = append(out, ruleset.Seat(p))
		}
	}
	return out
}

func (m *Match) clockInfo() *ClockInfo {
	st := m.step
	st.Actors = slices.Clone(st.Actors)
	return &ClockInfo{Turn: m.step.Turn, Deadline: m.deadline, Ready: m.readySeats(), Step: st}
}

// viewOf returns seat's view of the game now.
func (m *Match) viewOf(seat ruleset.Seat) ruleset.View {
	return m.g.View(seat, seat == 0 && m.set.AllSeeing)
}

// aiView returns the view the AI plays seat from: the one the seat's
// subscribers hold when it has some (the game has not changed since
// sendTurn or add made it, and an AI does not change its view), else a
// new one.
func (m *Match) aiView(seat ruleset.Seat) ruleset.View {
	if v := m.views[seat]; v != nil {
		return v
	}
	return m.viewOf(seat)
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
	m.rushed, m.chained = 0, 0
	if p != 0 {
		m.handBack(p)
	}
	m.subs = append(m.subs, sub)
	m.sendFull(sub)
}

// sendFull sends sub its seat's whole view, with the steps its player
// missed if it has just come back (add) and missed some.
func (m *Match) sendFull(sub *Subscription) {
	p := sub.seat
	data, err := m.views[p].Encode()
	if err != nil {
		m.log.Error("a view does not encode", "match", m.id, "seat", int(p), "err", err)
		m.finish(sub, fmt.Errorf("match: the view does not encode: %w", err))
		return
	}
	over, winner := m.g.Over()
	u := Update{Full: data, Checksum: m.sums[p], Clock: m.clockInfo(), Over: over, Winner: winner}
	if p != 0 && m.conns[p] == 1 {
		u.Missed, m.away[p] = m.away[p], nil
	}
	m.deliver(sub, u)
}

// sendClock sends every subscriber the clock.
func (m *Match) sendClock() {
	m.clockDue, m.clockWaited = false, 0
	clk := m.clockInfo()
	over, winner := m.g.Over()
	for _, sub := range m.subs {
		if sub.live {
			m.deliver(sub, Update{Checksum: m.sums[sub.seat], Clock: clk, Over: over, Winner: winner})
		}
	}
}

// sendTurn sends every subscriber the delta of its view and its events
// after a step of turn, each seat's computed and encoded once for all its
// subscribers. Seats without subscribers forget their view; a human
// seat's player among them keeps the step's events for when it comes
// back (away).
func (m *Match) sendTurn(turn ruleset.Turn, out ruleset.Outcome) {
	type seatUpdate struct {
		delta, events []byte
		err           error
	}
	per := make([]seatUpdate, len(m.views))
	for p := range m.views {
		if m.conns[p] == 0 {
			m.views[p], m.sums[p] = nil, 0
			m.keepAway(ruleset.Seat(p), turn, out)
			continue
		}
		seat := ruleset.Seat(p)
		next := m.viewOf(seat)
		u := &per[p]
		u.delta, u.err = m.views[p].Diff(next)
		if u.err == nil {
			u.events, u.err = out.Events(seat, seat == 0 && m.set.AllSeeing)
		}
		if u.err != nil {
			m.log.Error("a seat's update does not encode", "match", m.id, "seat", p, "err", u.err)
		}
		m.views[p], m.sums[p] = next, next.Checksum()
	}
	clk := m.clockInfo()
	m.clockDue, m.clockWaited = false, 0 // the turn's clock tells the readiness too
	over, winner := m.g.Over()
	for _, sub := range m.subs {
		if !sub.live {
			continue
		}
		u := &per[sub.seat]
		if u.err != nil {
			m.sendFull(sub) // the next best thing: the whole view
			continue
		}
		m.deliver(sub, Update{Delta: u.delta, Checksum: m.sums[sub.seat], Events: u.events, Clock: clk,
			Over: over, Winner: winner})
	}
}

// KeepAway is how many steps played while a player was away a match keeps
// for its return (Update.Missed): the oldest go first.
const KeepAway = 64

// keepAway keeps what human seat p, which has no subscription, may know
// of step out of turn, for its next subscription (Update.Missed).
func (m *Match) keepAway(p ruleset.Seat, turn ruleset.Turn, out ruleset.Outcome) {
	if p < 1 || int(p) > m.humans {
		return
	}
	events, err := out.Events(p, false)
	if err != nil {
		m.log.Error("a seat's events do not encode", "match", m.id, "seat", int(p), "err", err)
		return
	}
	away := append(m.away[p], MissedStep{Turn: turn, Events: events})
	if len(away) > KeepAway {
		away = slices.Delete(away, 0, len(away)-KeepAway)
	}
	m.away[p] = away
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
	if sub.seat != 0 && m.conns[sub.seat] == 0 {
		m.absent[sub.seat] = m.clock.Now()
	}
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
