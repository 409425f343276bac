// Package bot is a headless Empires client that plays one seat with the AI
// (package ai) over a real websocket connection (package conn), for the
// end-to-end tests and the load tool. It draws nothing.
//
//	b, err := bot.New(bot.Options{URL: url, Name: "Bot 1", Level: ai.Normal, Create: &settings})
//	...
//	res, err := b.Run(ctx) // until the game is over, the connection is lost or ctx ends
//
// A bot takes a seat (it creates a game, joins the one given, or joins the
// first open game of the server's list), says it is ready in the game's
// lobby, and once the game starts plays every turn: it keeps its view in
// step with the server's (each FullView and TurnUpdate checked against the
// server's checksum; after a mismatch it asks for the whole view again),
// asks the AI for the turn's orders, submits them and says it is ready. It
// ends on GameOver. It keeps to the server's rate limit (the Welcome's
// Limits), waiting before a message when need be.
//
// Run is a bot's only goroutine (its connection runs its own); bots share
// no mutable state, so any number may run at once.
package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"empires/client/conn"
	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
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
	// Rules is the ruleset the AI plays; nil loads the built-in one.
	Rules *erfworld.Rules
	// Level is the AI's level.
	Level ai.Level
	// Seed seeds the AI; 0 means the game's seed (Joined's Settings).
	Seed uint64
	// Create, if not nil, creates a game with these settings (an empty
	// Ruleset means the server's default). Otherwise the bot joins game
	// Join or, if Join is 0, the first open game with a free seat, asking
	// for the game list every ListInterval until one shows up.
	Create *protocol.Settings
	Join   protocol.GameID
	// Password is the password of the game to join.
	Password string
	// LastTurn, if not 0, is the last turn the bot plays: Run returns
	// without an error once its view has reached the turn after it.
	LastTurn game.Turn
	// ListInterval is how often to ask for the game list while no open
	// game shows up; 0 means DefaultListInterval.
	ListInterval time.Duration
	// Hooks are called as the bot plays (see Hooks).
	Hooks Hooks
}

// Rejection is an order the server refused.
type Rejection struct {
	Turn game.Turn
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
	Winner game.PlayerID
	// Turn is the last turn: GameOver's, or the turn of the bot's view
	// when it stopped.
	Turn game.Turn
	// TurnsPlayed counts the turns the bot submitted orders for, and
	// Orders the orders submitted.
	TurnsPlayed, Orders int
	// FullViews counts the FullViews received, Updates the TurnUpdates.
	FullViews, Updates int
	// Mismatches counts the views whose checksum differed from the
	// server's (each one then asked for again).
	Mismatches int
	// Rejections are the orders the server refused: every one is a fault
	// of the AI or of the validation.
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
	// View is the bot's last view of the game, nil if it got none.
	View *game.View
}

// Bot plays one seat of a game. Make one with New; Run it once.
type Bot struct {
	opts Options
	rs   *erfworld.Rules
}

// New checks opts and returns a bot, loading the built-in ruleset if
// opts.Rules is nil.
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
	rs := opts.Rules
	if rs == nil {
		var err error
		if rs, err = erfworld.Open(""); err != nil {
			return nil, fmt.Errorf("bot %s: ruleset: %w", opts.Name, err)
		}
	}
	return &Bot{opts: opts, rs: rs}, nil
}

// Run connects to the server, takes a seat and plays until the game is
// over, the turn after Options.LastTurn is reached, the connection is lost
// for good, or ctx ends. It returns what the bot saw, and an error when it
// could not play to one of the first two ends: the server unreachable, the
// seat refused, the connection lost, ctx's end, a view the bot cannot
// keep. Refused orders and the server's errors during the game are not
// errors of Run: they are in the Result.
func (b *Bot) Run(ctx context.Context) (Result, error) {
	c, err := conn.Dial(ctx, conn.Options{URL: b.opts.URL, Name: b.opts.Name, Client: "empires bot"})
	if err != nil {
		return Result{}, fmt.Errorf("bot %s: %w", b.opts.Name, err)
	}
	defer func() {
		c.Close()
		<-c.Done()
	}()
	r := &runner{opts: b.opts, rs: b.rs, c: c}
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
	opts Options
	rs   *erfworld.Rules
	c    link
	res  Result
	ctx  context.Context // Run's: ends the waits for the rate limit
	pace pacer

	searching bool   // looking for an open game in the list
	joinSeq   uint32 // the seq of CreateGame or JoinGame
	listSeq   uint32 // the seq of the last ListGames
	relist    *time.Timer
	joined    bool

	player *ai.Player
	view   *game.View // nil while waiting for a FullView
	played game.Turn  // the last turn orders were submitted for
	done   bool       // the game is over or LastTurn passed
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
	}()
	for !r.done {
		var relist <-chan time.Time
		if r.relist != nil {
			relist = r.relist.C
		}
		select {
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
	case r.view == nil:
		return r.res.Game.String()
	}
	return fmt.Sprintf("%s, turn %d", r.res.Game, r.view.Turn)
}

// begin sends the request that takes a seat.
func (r *runner) begin() error {
	switch {
	case r.opts.Create != nil:
		set := *r.opts.Create
		if set.Ruleset == "" {
			if w := r.c.Welcome(); w != nil && len(w.Rulesets) > 0 {
				set.Ruleset = w.Rulesets[0]
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
	switch m := ev.Msg.(type) {
	case *protocol.Error:
		return r.serverError(ev.Reply, m)
	case *protocol.GameList:
		if ev.Reply == r.listSeq && r.searching && r.joinSeq == 0 {
			return r.pick(m)
		}
	case *protocol.Joined:
		return r.seated(m)
	case *protocol.FullView:
		return r.fullView(m)
	case *protocol.TurnUpdate:
		return r.turnUpdate(m)
	case *protocol.OrdersResult:
		for _, e := range m.Errors {
			r.res.Rejections = append(r.res.Rejections, Rejection{Turn: m.Turn, Rejection: e})
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
// the bot's, the AI is made, and the bot is ready to start. A Joined after
// a reconnection only confirms the seat.
func (r *runner) seated(m *protocol.Joined) error {
	if r.joined {
		return nil
	}
	if m.Seat == protocol.Spectator {
		return fmt.Errorf("%s: seated as a spectator", m.Game)
	}
	r.joined = true
	r.res.Game, r.res.Seat = m.Game, m.Seat
	r.c.SetSeat(m.Game, m.Token)
	r.opts.Hooks.joined(m.Game, m.Seat)
	seed := r.opts.Seed
	if seed == 0 {
		seed = m.Settings.Seed
	}
	r.player = ai.New(r.rs, r.opts.Level, seed)
	return r.send(&protocol.SetReady{Ready: true}, nil)
}

// fullView keeps the server's whole view, checked, and plays its turn.
func (r *runner) fullView(m *protocol.FullView) error {
	r.res.FullViews++
	if m.View == nil {
		return fmt.Errorf("%s: a FullView without a view", r.res.Game)
	}
	if sum := m.View.Checksum(); sum != m.Checksum {
		// A whole view that is not what the server says cannot be
		// mended by asking again.
		r.res.Mismatches++
		return fmt.Errorf("%s: the FullView of turn %d has checksum %#x, the server's is %#x",
			r.res.Game, m.View.Turn, sum, m.Checksum)
	}
	r.setView(m.View)
	return r.play()
}

// turnUpdate applies a turn's delta to the view, checks it, and plays the
// new turn; on a mismatch it asks for the whole view.
func (r *runner) turnUpdate(m *protocol.TurnUpdate) error {
	r.res.Updates++
	r.opts.Hooks.update(m)
	if r.view == nil {
		return nil // a FullView is on its way
	}
	v, err := game.Apply(r.view, m.Delta)
	if err != nil || v.Checksum() != m.Checksum {
		r.res.Mismatches++
		r.view = nil
		return r.send(&protocol.RequestView{}, nil)
	}
	r.setView(v)
	return r.play()
}

// setView keeps v as the bot's view and notes whether the bot is done.
func (r *runner) setView(v *game.View) {
	r.view, r.res.View, r.res.Turn = v, v, v.Turn
	if r.opts.LastTurn != 0 && v.Turn > r.opts.LastTurn {
		r.done = true
	}
}

// play submits the orders of the view's turn and says the bot is ready,
// unless it did for this turn already, the game is over, the bot is out
// of it, or it is done.
func (r *runner) play() error {
	v := r.view
	if r.done || v.Over || v.Turn <= r.played || !alive(v) {
		return nil
	}
	orders := r.player.Orders(v)
	if err := r.send(&protocol.SubmitOrders{Turn: v.Turn, Orders: orders}, nil); err != nil {
		return err
	}
	if err := r.send(&protocol.SetReady{Ready: true}, nil); err != nil {
		return err
	}
	r.opts.Hooks.ready(v.Turn)
	r.played = v.Turn
	r.res.TurnsPlayed++
	r.res.Orders += len(orders)
	return nil
}

// alive reports whether v's player is still in the game.
func alive(v *game.View) bool {
	for _, p := range v.Players {
		if p.ID == v.You {
			return p.Alive
		}
	}
	return false
}

// pacer keeps a bot's messages within the server's rate limit: a token
// bucket like the server's (protocol.Limits), a little slower and smaller
// to leave room for the connection's own Hello and Pings. The zero pacer
// sets no limit.
type pacer struct {
	rate, burst, tokens float64
	last                time.Time
}

// newPacer returns the pacer for limits l.
func newPacer(l protocol.Limits) pacer {
	if l.MessagesPerSecond <= 0 {
		return pacer{}
	}
	burst := max(1, float64(l.Burst-2))
	return pacer{rate: 0.9 * float64(l.MessagesPerSecond), burst: burst, tokens: burst}
}

// wait takes a token, first waiting for one if need be, until ctx ends.
func (p *pacer) wait(ctx context.Context) error {
	if p.rate <= 0 {
		return nil
	}
	now := time.Now()
	if !p.last.IsZero() {
		p.tokens = min(p.burst, p.tokens+now.Sub(p.last).Seconds()*p.rate)
	}
	p.last = now
	if p.tokens < 1 {
		d := time.Duration((1 - p.tokens) / p.rate * float64(time.Second))
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("waiting for the rate limit: %w", ctx.Err())
		}
		p.tokens, p.last = 1, p.last.Add(d)
	}
	p.tokens--
	return nil
}
