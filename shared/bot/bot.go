// Package bot is a headless Empires client that plays one seat with the AI
// of the game's ruleset (ruleset.AI) over a real websocket connection
// (package conn), for the end-to-end tests and the load tool. It draws
// nothing, and plays any ruleset of the build.
//
//	b, err := bot.New(bot.Options{URL: url, Name: "Bot 1", Level: "normal", Create: &settings})
//	...
//	res, err := b.Run(ctx) // until the game is over, the connection is lost or ctx ends
//
// A bot takes a seat (it creates a game, joins the one given, or joins the
// first open game of the server's list), says it is ready in the game's
// lobby, and once the game starts plays every step its seat must act in
// (TurnClock's Actors): it keeps its view in step with the server's,
// decoded by the game's ruleset (with the server's rules data when the
// server plays a mod: conn.Rules), each FullView and TurnUpdate checked
// against the server's checksum (after a mismatch it asks for the whole
// view again); it asks the AI what to do, and submits it: the orders and
// SetReady for a simultaneous step, an Act for an interactive one. It ends
// on GameOver. It keeps to the server's rate limit (the Welcome's Limits),
// waiting before a message when need be.
//
// A bot that takes its seat back (after a dropped connection, or a server
// that restarted from its last saved turn) plays the step the server is on
// again, even one it played before: the server may have lost its orders.
//
// Run is a bot's only goroutine (its connection runs its own); bots share
// no mutable state, so any number may run at once.
package bot

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// DefaultListInterval is how often a bot looking for an open game asks for
// the game list again, unless Options say otherwise.
const DefaultListInterval = 100 * time.Millisecond

// Options configure a Bot. URL and Name are required.
type Options struct {
	// URL is the server's address, as conn.Options.URL takes it.
	URL string
	// Name is the player's name (protocol.ValidName).
	Name string
	// Rulesets are the rulesets the bot plays; nil means the build's
	// (registry.Default).
	Rulesets *ruleset.Registry
	// RulesCache is the directory the bot keeps a server's rules data in
	// (conn.Rules); empty keeps it in memory only.
	RulesCache string
	// Level is the AI's level, one of the game's ruleset's
	// (ruleset.Info.Levels); empty means the ruleset's default.
	Level string
	// Seed seeds the AI; 0 means the game's seed (Joined's Settings).
	Seed uint64
	// NoOrders makes a light bot, for loads that measure the server: in
	// a simultaneous step it submits an empty order list and says it is
	// ready, without asking the AI (nor making one). It still keeps its
	// view and checks every checksum. The AI plays the interactive steps.
	NoOrders bool
	// Think, if not 0, is how long the bot thinks over each step before
	// it acts, as a person would: a time drawn evenly between Think/2 and
	// 3*Think/2 (from a generator seeded by the game's seed and the
	// seat), so that a load's bots do not all act at once.
	Think time.Duration
	// Create, if not nil, creates a game with these settings (an empty
	// Ruleset means the server's default). Otherwise the bot joins game
	// Join or, if Join is 0, the first open game with a free seat, asking
	// for the game list every ListInterval until one shows up.
	Create *protocol.Settings
	Join   protocol.GameID
	// Password is the password of the game to join.
	Password string
	// LastTurn, if not 0, is the last turn the bot plays: Run returns
	// without an error once the server is on the turn after it.
	LastTurn protocol.Turn
	// ListInterval is how often to ask for the game list while no open
	// game shows up; 0 means DefaultListInterval.
	ListInterval time.Duration
	// TLS, if not nil, is the TLS configuration of a wss:// URL
	// (conn.Options.TLS): a private authority's roots. Nil: the system's.
	TLS *tls.Config
	// DialAttempts is the most attempts to connect the bot makes
	// (conn.Options.DialAttempts); 0 means conn's default.
	DialAttempts int
	// Hooks are called as the bot plays (see Hooks).
	Hooks Hooks
}

// Rejection is an order (or an action) the server refused.
type Rejection struct {
	Turn protocol.Turn
	protocol.Rejection
}

// String describes the rejection: "turn 4: order 2 (move army 12): why".
func (r Rejection) String() string {
	return fmt.Sprintf("turn %d: order %d (%s): %s", r.Turn, r.Index, r.Order, r.Reason)
}

// Result is what a bot saw of its game. Run fills it in as far as it got.
type Result struct {
	// Game and Seat are the bot's game and seat (0 before it joined).
	Game protocol.GameID
	Seat protocol.Seat
	// Over tells whether GameOver came; Winner is its winner (0: nobody).
	Over   bool
	Winner protocol.Seat
	// Turn is the last turn: GameOver's, or the turn the server was on
	// when the bot stopped (its last TurnClock's).
	Turn protocol.Turn
	// TurnsPlayed counts the steps the bot acted in (submitted orders
	// for, or acted), and Orders the orders submitted (the length of each
	// list, when the ruleset's orders are a list) and actions sent.
	TurnsPlayed, Orders int
	// FullViews counts the FullViews received, Updates the TurnUpdates.
	FullViews, Updates int
	// Mismatches counts the views whose checksum differed from the
	// server's (each one then asked for again).
	Mismatches int
	// Rejections are the orders and actions the server refused: every one
	// is a fault of the AI or of the validation.
	Rejections []Rejection
	// ServerErrors are the Error messages the server answered once the
	// bot had its seat.
	ServerErrors []string
	// Reconnects counts the dropped connections.
	Reconnects int
	// Messages and Bytes count the server's messages received (Pongs to
	// the connection's pings aside) and the size of their frames (each
	// message encoded again, as the server encodes it).
	Messages, Bytes int64
	// View is the bot's last view of the game (a *hexgame.View for a game
	// on hexes), nil if it got none.
	View ruleset.View
}

// Bot plays one seat of a game. Make one with New; Run it once.
type Bot struct {
	opts Options
	reg  *ruleset.Registry
}

// New checks opts and returns a bot, with the build's rulesets if
// opts.Rulesets is nil.
func New(opts Options) (*Bot, error) {
	if opts.URL == "" {
		return nil, errors.New("bot: no server address")
	}
	if err := protocol.ValidName(opts.Name); err != nil {
		return nil, fmt.Errorf("bot: name: %w", err)
	}
	if opts.Create != nil && opts.Join != 0 {
		return nil, fmt.Errorf("bot %s: both create a game and join %s: choose one", opts.Name, opts.Join)
	}
	if opts.ListInterval <= 0 {
		opts.ListInterval = DefaultListInterval
	}
	reg := opts.Rulesets
	if reg == nil {
		var err error
		if reg, err = registry.Default(); err != nil {
			return nil, fmt.Errorf("bot %s: rulesets: %w", opts.Name, err)
		}
	}
	return &Bot{opts: opts, reg: reg}, nil
}

// Run connects to the server, takes a seat and plays until the game is
// over, the turn after Options.LastTurn is reached, the connection is lost
// for good, or ctx ends. It returns what the bot saw, and an error when it
// could not play to one of the first two ends: the server unreachable, the
// seat refused, a ruleset it cannot play, the connection lost, ctx's end, a
// view the bot cannot keep. Refused orders and the server's errors during
// the game are not errors of Run: they are in the Result.
func (b *Bot) Run(ctx context.Context) (Result, error) {
	start := time.Now()
	c, err := conn.Dial(ctx, conn.Options{URL: b.opts.URL, Name: b.opts.Name, Client: "empires bot", TLS: b.opts.TLS,
		DialAttempts: b.opts.DialAttempts, OnRetry: b.opts.Hooks.Retry})
	if err != nil {
		attempts := 1
		var de *conn.DialError
		if errors.As(err, &de) {
			attempts = de.Attempts
		}
		b.opts.Hooks.dialed(attempts, time.Since(start), err)
		return Result{}, fmt.Errorf("bot %s: %w", b.opts.Name, err)
	}
	attempts, took := c.DialAttempts()
	b.opts.Hooks.dialed(attempts, took, nil)
	defer func() {
		c.Close()
		<-c.Done()
	}()
	r := newRunner(b.opts, b.reg, c)
	err = r.run(ctx)
	if err != nil {
		err = fmt.Errorf("bot %s: %w", b.opts.Name, err)
	}
	return r.res, err
}

// link is what a runner needs of its connection (a *conn.Conn).
type link interface {
	Send(msg protocol.Message) (uint32, error)
	SetSeat(game protocol.GameID, token protocol.SeatToken)
	Welcome() *protocol.Welcome
	Events() <-chan conn.Event
}

// runner is a bot's state during Run, owned by Run's goroutine.
type runner struct {
	opts  Options
	rules *conn.Rules
	c     link
	res   Result
	ctx   context.Context // Run's: ends the waits for the rate limit
	pace  pacer

	searching bool   // looking for an open game in the list
	joinSeq   uint32 // the seq of CreateGame or JoinGame
	listSeq   uint32 // the seq of the last ListGames
	relist    *time.Timer
	joined    bool

	game     *conn.Game        // the game's ruleset and view
	set      protocol.Settings // the game's, as Joined gave them
	seatSent bool              // the set-up data was sent
	seed     uint64            // the AI's
	player   ruleset.AI        // made once the ruleset is known
	clock    *protocol.TurnClock
	acted    bool // the bot acted in the clock's step
	done     bool // the game is over or LastTurn passed

	// With Options.Think: thinking runs while the bot thinks over step
	// thinkSeq; thought tells that it has thought over that step.
	thinking *time.Timer
	thinkSeq uint32
	thought  bool
	rng      *rand.Rand // draws the thinking times; made when seated
}

// newRunner returns the runner of a bot of opts playing the rulesets of
// reg on c.
func newRunner(opts Options, reg *ruleset.Registry, c link) *runner {
	return &runner{opts: opts, rules: conn.NewRules(reg, opts.RulesCache), c: c}
}

// run takes a seat and serves the connection's events until the end.
func (r *runner) run(ctx context.Context) error {
	r.ctx = ctx
	if w := r.c.Welcome(); w != nil {
		r.pace = newPacer(w.Limits)
	}
	if err := r.begin(); err != nil {
		return err
	}
	defer func() {
		if r.relist != nil {
			r.relist.Stop()
		}
		if r.thinking != nil {
			r.thinking.Stop()
		}
	}()
	for !r.done {
		var relist, thought <-chan time.Time
		if r.relist != nil {
			relist = r.relist.C
		}
		if r.thinking != nil {
			thought = r.thinking.C
		}
		select {
		case <-thought:
			r.thinking, r.thought = nil, true
			if err := r.play(); err != nil {
				return err
			}
		case <-ctx.Done():
			return fmt.Errorf("stopped at %s: %w", r.where(), ctx.Err())
		case <-relist:
			r.relist = nil
			if err := r.list(); err != nil {
				return err
			}
		case ev, ok := <-r.c.Events():
			if !ok {
				return fmt.Errorf("connection closed at %s", r.where())
			}
			if err := r.handle(ev); err != nil {
				return err
			}
		}
	}
	return nil
}

// where says how far the bot got, for errors: "game 3, turn 12".
func (r *runner) where() string {
	switch {
	case !r.joined:
		return "the lobby"
	case r.clock == nil:
		return r.res.Game.String()
	}
	return fmt.Sprintf("%s, turn %d", r.res.Game, r.clock.Turn)
}

// begin sends the request that takes a seat.
func (r *runner) begin() error {
	switch {
	case r.opts.Create != nil:
		set := *r.opts.Create
		if set.Ruleset == "" {
			if w := r.c.Welcome(); w != nil && len(w.Rulesets) > 0 {
				set.Ruleset = w.Rulesets[0].ID
			}
		}
		return r.send(&protocol.CreateGame{Settings: set}, &r.joinSeq)
	case r.opts.Join != 0:
		return r.send(&protocol.JoinGame{Game: r.opts.Join, Password: r.opts.Password}, &r.joinSeq)
	}
	r.searching = true
	return r.list()
}

// list asks for the game list.
func (r *runner) list() error { return r.send(&protocol.ListGames{}, &r.listSeq) }

// send sends msg, storing its seq in seq if not nil, once the server's
// rate limit allows.
func (r *runner) send(msg protocol.Message, seq *uint32) error {
	if err := r.pace.wait(r.ctx); err != nil {
		return fmt.Errorf("at %s: %w", r.where(), err)
	}
	s, err := r.c.Send(msg)
	if err != nil {
		return fmt.Errorf("at %s: %w", r.where(), err)
	}
	if seq != nil {
		*seq = s
	}
	return nil
}

// handle takes one event of the connection.
func (r *runner) handle(ev conn.Event) error {
	switch ev.Status {
	case conn.Reconnecting:
		if ev.Attempt == 1 {
			r.res.Reconnects++
		}
		return nil
	case conn.Closed:
		if ev.Err != nil {
			return fmt.Errorf("connection lost at %s: %w", r.where(), ev.Err)
		}
		return fmt.Errorf("connection closed at %s", r.where())
	}
	if ev.Msg == nil {
		return nil
	}
	r.res.Messages++
	r.res.Bytes += int64(ev.Size)
	return r.message(ev.Msg, ev.Reply)
}

// message takes one message of the server's, the answer to seq reply.
func (r *runner) message(msg protocol.Message, reply uint32) error {
	switch m := msg.(type) {
	case *protocol.Error:
		return r.serverError(reply, m)
	case *protocol.GameList:
		if reply == r.listSeq && r.searching && r.joinSeq == 0 {
			return r.pick(m)
		}
	case *protocol.Joined:
		return r.seated(m)
	case *protocol.RulesData:
		return r.rulesData(m)
	case *protocol.FullView:
		return r.fullView(m)
	case *protocol.TurnUpdate:
		return r.turnUpdate(m)
	case *protocol.TurnClock:
		return r.turnClock(m)
	case *protocol.Missed:
		return r.missed(m)
	case *protocol.OrdersResult:
		for _, e := range m.Errors {
			r.res.Rejections = append(r.res.Rejections, Rejection{Turn: m.Turn, Rejection: e})
		}
	case *protocol.ActResult:
		r.opts.Hooks.actResult(m.Seq)
		if m.Error != "" {
			turn := protocol.Turn(0)
			if r.clock != nil {
				turn = r.clock.Turn
			}
			r.res.Rejections = append(r.res.Rejections, Rejection{Turn: turn, Rejection: protocol.Rejection{Order: "action", Reason: m.Error}})
		}
	case *protocol.SeatDataResult:
		if !m.Accepted {
			return fmt.Errorf("%s: the server refused the ruleset's default set-up data: %v", r.res.Game, m.Errors)
		}
	case *protocol.GameOver:
		r.res.Over, r.res.Winner, r.res.Turn = true, m.Winner, m.Turn
		r.done = true
	case *protocol.Bye:
		// The connection closes next and Closed says why.
	}
	return nil
}

// serverError takes an Error message answering the message of seq reply.
func (r *runner) serverError(reply uint32, m *protocol.Error) error {
	if reply != 0 && reply == r.joinSeq && !r.joined {
		if r.searching && (m.Code == protocol.GameFull || m.Code == protocol.NoSuchGame) {
			// Somebody took the last seat first: look again.
			r.joinSeq = 0
			return r.list()
		}
		return fmt.Errorf("no seat: %w", m.Err())
	}
	if !r.joined {
		return fmt.Errorf("refused in the lobby: %w", m.Err())
	}
	r.res.ServerErrors = append(r.res.ServerErrors, fmt.Sprintf("%s: %v", r.where(), m.Err()))
	return nil
}

// pick joins the first open game of the list with a free seat, or asks
// for the list again after ListInterval.
func (r *runner) pick(m *protocol.GameList) error {
	for _, g := range m.Games {
		if g.Started || g.Humans >= g.Seats-g.Bots || (g.HasPassword && r.opts.Password == "") {
			continue
		}
		return r.send(&protocol.JoinGame{Game: g.Game, Password: r.opts.Password}, &r.joinSeq)
	}
	r.relist = time.NewTimer(r.opts.ListInterval)
	return nil
}

// seated takes the Joined answering CreateGame or JoinGame: the seat is
// the bot's, the game's ruleset is found (its data asked for when the
// server plays a mod the bot does not hold), and the bot is ready to
// start. A Joined after a reconnection gives the seat back: the bot plays
// the step the server is on again, even one it played before.
func (r *runner) seated(m *protocol.Joined) error {
	if r.joined {
		// The server's clock says which step it is on now.
		r.acted, r.clock = false, nil
		return nil
	}
	if m.Seat == protocol.Spectator {
		return fmt.Errorf("%s: seated as a spectator", m.Game)
	}
	r.joined = true
	r.res.Game, r.res.Seat = m.Game, m.Seat
	r.c.SetSeat(m.Game, m.Token)
	r.opts.Hooks.joined(m.Game, m.Seat)
	r.seed = r.opts.Seed
	if r.seed == 0 {
		r.seed = m.Settings.Seed
	}
	g, get, err := r.rules.Join(r.c.Welcome(), m.Settings.Ruleset)
	if err != nil {
		return fmt.Errorf("%s: %w", m.Game, err)
	}
	r.game = g
	r.set = m.Settings
	if get != nil {
		if err := r.send(get, nil); err != nil {
			return err
		}
	}
	if err := r.sendSeatData(); err != nil {
		return err
	}
	return r.send(&protocol.SetReady{Ready: true}, nil)
}

// sendSeatData sends the ruleset's default set-up data (ruleset.SeatSetup)
// for a game whose ruleset takes some, once the ruleset is known: a bot
// brings what DefaultSeat gives.
func (r *runner) sendSeatData() error {
	if r.seatSent || !r.game.Info().SeatSetup || r.game.Ruleset() == nil {
		return nil
	}
	ss, ok := r.game.Ruleset().(ruleset.SeatSetup)
	if !ok {
		return fmt.Errorf("%s: the server asks for set-up data, and this build's %s takes none", r.res.Game, r.game.Info().ID)
	}
	r.seatSent = true
	return r.send(&protocol.SetSeatData{Data: ss.DefaultSeat(r.set.Config(nil).Options)}, nil)
}

// rulesData takes the server's rules data of the game's ruleset, then the
// messages of the game that came before it.
func (r *runner) rulesData(m *protocol.RulesData) error {
	if r.game == nil {
		return nil
	}
	held, err := r.game.SetRules(r.rules, m)
	if err != nil {
		return fmt.Errorf("%s: the server's rules: %w", r.res.Game, err)
	}
	if err := r.sendSeatData(); err != nil {
		return err
	}
	for _, msg := range held {
		if err := r.message(msg, 0); err != nil {
			return err
		}
	}
	return nil
}

// hold keeps m while the ruleset's data is awaited, and reports whether
// it did.
func (r *runner) hold(m protocol.Message) (bool, error) {
	if r.game == nil {
		return false, fmt.Errorf("%T before the game's Joined", m)
	}
	return r.game.Hold(m)
}

// fullView keeps the server's whole view, checked, and plays the step.
func (r *runner) fullView(m *protocol.FullView) error {
	if held, err := r.hold(m); held || err != nil {
		return err
	}
	r.res.FullViews++
	v, err := r.game.FullView(m)
	if err != nil {
		// A whole view that is not what the server says cannot be
		// mended by asking again.
		if errors.Is(err, conn.ErrOutOfSync) {
			r.res.Mismatches++
		}
		return fmt.Errorf("%s: %w", r.res.Game, err)
	}
	r.res.View = v
	r.opts.Hooks.view(v)
	return r.play()
}

// turnUpdate hands the AI the step's events (ruleset.Listener), applies
// the step's delta to the view and checks it; on a mismatch it asks for
// the whole view.
func (r *runner) turnUpdate(m *protocol.TurnUpdate) error {
	if held, err := r.hold(m); held || err != nil {
		return err
	}
	r.res.Updates++
	if r.clock != nil {
		r.opts.Hooks.update(r.clock.Turn)
		r.opts.Hooks.stepped(r.clock.Seq)
	}
	if err := r.hear(m.Events); err != nil {
		return err
	}
	if r.game.View() == nil {
		return nil // a FullView is on its way
	}
	v, err := r.game.Update(m)
	if err != nil {
		r.res.Mismatches++
		r.game.Forget()
		return r.send(&protocol.RequestView{}, nil)
	}
	r.res.View = v
	r.opts.Hooks.view(v)
	return r.play()
}

// missed hands the AI what its seat was told of the steps played while
// the bot was away (ruleset.Listener), oldest first.
func (r *runner) missed(m *protocol.Missed) error {
	if held, err := r.hold(m); held || err != nil {
		return err
	}
	for _, st := range m.Steps {
		if err := r.hear(st.Events); err != nil {
			return err
		}
	}
	return nil
}

// hear hands the AI, if it is a ruleset.Listener, the events the server
// sent the bot's seat (a step's, in order, before the AI next acts); a
// light bot (Options.NoOrders) hears nothing, nor does any bot of a step
// the server sent no events of (an empty payload: a step a resumed server
// no longer has the events of), which is no list of events to decode.
func (r *runner) hear(events []byte) error {
	if r.opts.NoOrders || len(events) == 0 {
		return nil // a light bot makes no AI to hear with
	}
	ai, err := r.ai()
	if err != nil {
		return err
	}
	l, ok := ai.(ruleset.Listener)
	if !ok {
		return nil
	}
	if err := l.Hear(r.res.Seat.Player(), events); err != nil {
		return fmt.Errorf("%s: the AI hears its events: %w", r.where(), err)
	}
	return nil
}

// turnClock takes the step the server is on, notes whether the bot is
// done, and plays the step.
func (r *runner) turnClock(m *protocol.TurnClock) error {
	if r.clock == nil || m.Seq != r.clock.Seq {
		r.acted = false
	}
	r.clock = m
	r.res.Turn = m.Turn
	if r.opts.LastTurn != 0 && m.Turn > r.opts.LastTurn {
		r.done = true
	}
	return r.play()
}

// play acts in the step the server is on if the bot's seat must (it is
// among the clock's Actors: not out of the game), it has a view of it and
// has not acted in it already (a simultaneous step where the server has
// it ready, after a reconnection, needs nothing more): the AI's orders and
// SetReady for a simultaneous step, the AI's action for an interactive or
// concurrent one (in a concurrent step, each action is a new Seq: the bot
// acts again while it is among the actors). Orders, readiness and actions
// name the clock's step (Seq).
func (r *runner) play() error {
	c := r.clock
	if r.done || c == nil || r.game == nil || r.game.View() == nil {
		return nil
	}
	mode := ruleset.Mode(c.Mode)
	acting := ruleset.Step{Mode: mode}.Acting()
	switch {
	case r.acted || !slices.Contains(c.Actors, r.res.Seat):
		return nil
	case !acting && slices.Contains(c.Ready, r.res.Seat):
		return nil
	case r.opts.Think > 0 && !(r.thought && r.thinkSeq == c.Seq):
		r.think(c.Seq)
		return nil
	}
	if r.opts.NoOrders && !acting {
		r.acted = true
		r.res.TurnsPlayed++
		return r.submit(c.Turn, c.Seq, nil)
	}
	ai, err := r.ai()
	if err != nil {
		return err
	}
	step := ruleset.Step{Mode: mode, Turn: c.Turn, Seq: c.Seq, Prompt: c.Prompt, Since: c.Since, Phase: c.Phase}
	for _, a := range c.Actors {
		step.Actors = append(step.Actors, a.Player())
	}
	data, err := ai.Act(r.game.View(), step, r.res.Seat.Player())
	if err != nil {
		return fmt.Errorf("%s: the AI: %w", r.where(), err)
	}
	r.acted = true
	if data == nil && mode == ruleset.Concurrent {
		return nil // the AI waits: it is asked again at the step's next Seq (ruleset.AI)
	}
	r.res.TurnsPlayed++
	if acting {
		r.res.Orders++
		if err := r.send(&protocol.Act{Seq: c.Seq, Action: data}, nil); err != nil {
			return err
		}
		r.opts.Hooks.acted(c.Seq)
		return nil
	}
	r.res.Orders += count(data)
	return r.submit(c.Turn, c.Seq, data)
}

// submit sends the orders of turn t's simultaneous step seq (nil: none,
// an empty list), then SetReady.
func (r *runner) submit(t protocol.Turn, seq uint32, orders []byte) error {
	if err := r.send(&protocol.SubmitOrders{Turn: t, Orders: orders, Seq: seq}, nil); err != nil {
		return err
	}
	if err := r.send(&protocol.SetReady{Ready: true, Seq: seq}, nil); err != nil {
		return err
	}
	r.opts.Hooks.ready(t)
	return nil
}

// think starts thinking over step seq (Options.Think), unless the bot
// thinks over it already; play is called again when it is done.
func (r *runner) think(seq uint32) {
	if r.thinking != nil && r.thinkSeq == seq {
		return
	}
	if r.thinking != nil {
		r.thinking.Stop()
	}
	if r.rng == nil {
		r.rng = rand.New(rand.NewPCG(r.seed, uint64(r.res.Seat)))
	}
	d := r.opts.Think/2 + time.Duration(r.rng.Int64N(int64(r.opts.Think)+1))
	r.thinking, r.thinkSeq, r.thought = time.NewTimer(d), seq, false
}

// ai returns the AI of the game's ruleset, made at Options.Level (the
// ruleset's default if empty) the first time.
func (r *runner) ai() (ruleset.AI, error) {
	if r.player != nil {
		return r.player, nil
	}
	rs := r.game.Ruleset()
	level := r.opts.Level
	if level == "" {
		level = rs.Info().DefaultLevel
	}
	p, err := rs.NewAI(level, r.seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.res.Game, err)
	}
	r.player = p
	return p, nil
}

// count returns the number of orders in a ruleset's order list (a msgpack
// array), 1 for a payload that is not a list.
func count(data []byte) int {
	n, err := msgpack.NewDecoder(bytes.NewReader(data)).DecodeArrayLen()
	if err != nil {
		return 1
	}
	return max(n, 0)
}

// pacer keeps a bot's messages within the server's rate limit: a token
// bucket like the server's (protocol.Limits), a little slower and smaller
// to leave room for the connection's own Hello and Pings. The zero pacer
// sets no limit.
type pacer struct {
	rate, burst, tokens float64
	last                time.Time
	clock               pacerClock // nil: the wall clock
}

// pacerClock is the time a pacer keeps to: the wall clock (wallClock), or
// a test's.
type pacerClock interface {
	Now() time.Time
	// Sleep waits for d, or until ctx ends: then it returns ctx's error
	// (at once if ctx has ended already).
	Sleep(ctx context.Context, d time.Duration) error
}

// wallClock is the real time.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// newPacer returns the pacer for limits l, keeping to the wall clock.
func newPacer(l protocol.Limits) pacer {
	if l.MessagesPerSecond <= 0 {
		return pacer{}
	}
	burst := max(1, float64(l.Burst-2))
	return pacer{rate: 0.9 * float64(l.MessagesPerSecond), burst: burst, tokens: burst, clock: wallClock{}}
}

// wait takes a token, first waiting for one if need be, until ctx ends.
func (p *pacer) wait(ctx context.Context) error {
	if p.rate <= 0 {
		return nil
	}
	if p.clock == nil {
		p.clock = wallClock{}
	}
	now := p.clock.Now()
	if !p.last.IsZero() {
		p.tokens = min(p.burst, p.tokens+now.Sub(p.last).Seconds()*p.rate)
	}
	p.last = now
	if p.tokens < 1 {
		d := time.Duration((1 - p.tokens) / p.rate * float64(time.Second))
		if err := p.clock.Sleep(ctx, d); err != nil {
			return fmt.Errorf("waiting for the rate limit: %w", err)
		}
		p.tokens, p.last = 1, p.last.Add(d)
	}
	p.tokens--
	return nil
}

// RunAll makes a bot of each of opts and runs them all at once until each
// ends, as the players of one game: results[i] and errs[i] are the bot of
// opts[i]'s. It fails, running none, when a bot cannot be made.
func RunAll(ctx context.Context, opts []Options) (results []Result, errs []error, err error) {
	bots := make([]*Bot, len(opts))
	for i, o := range opts {
		if bots[i], err = New(o); err != nil {
			return nil, nil, fmt.Errorf("bot %d (%s): %w", i+1, o.Name, err)
		}
	}
	results, errs = make([]Result, len(bots)), make([]error, len(bots))
	var wg sync.WaitGroup
	for i, b := range bots {
		wg.Go(func() { results[i], errs[i] = b.Run(ctx) })
	}
	wg.Wait()
	return results, errs, nil
}
