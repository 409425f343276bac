// Package lobby owns a server's games and the clients in them: it creates,
// lists and starts games, seats players and spectators, relays chat, and
// once a game starts runs its match (package match) and forwards each
// connected seat's view to its connection.
//
// # Ownership
//
// One mutex, Lobby.mu, guards the table of games, each game's seats and
// spectators, and each client's place (game, seat, subscription). It never
// guards a match's state: each match's own goroutine owns that, and the
// lobby talks to a match only through its methods, never while holding mu
// (a match call waits for the match's loop). Sends to connections are made
// under mu: wsconn's Send never blocks.
//
// # Seats and tokens
//
// Seats 1..Seats-Bots are for people, the last Bots seats for bots, which
// the match's AI plays (at ai.Normal). The creator of a game
// takes seat 1 and is its host. A player who takes a seat gets a secret
// seat token (protocol.NewToken); JoinGame with the token gives the same
// seat back, to a new connection after a dropped one (the old connection,
// if still open, is closed: the seat was taken over). Without the token
// nobody can take a seat that is held, so nobody else can send its orders.
//
// Before the start, a player who leaves or whose connection drops gives
// the seat up (the token is void); after the start the seat is kept until
// its holder comes back with the token: meanwhile the match plays it on
// autopilot, and after Autopilot.ReplaceAfterMissed turns missed in a row
// its AI takes it over. Coming back (the new connection subscribes to the
// match) gives the seat back to its holder.
//
// # Starting
//
// The host starts the game with StartGame once every player seated is
// ready (and, without a turn timer, every human seat is taken: the match
// would wait for an empty seat forever); the game also starts by itself
// when every human seat is taken and ready. Then the match is created
// (match.New: the map is generated, which takes up to a second on the
// largest maps) and run on its own goroutine, and every connected seat
// and spectator subscribes to it: a FullView first, then a TurnUpdate and
// a TurnClock after each turn, a TurnClock whenever readiness changes, and
// GameOver at the end.
package lobby

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"empires/server/match"
	"empires/server/store"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// DefaultMaxGames is the most games a lobby holds unless Options say.
const DefaultMaxGames = 100

// DefaultCallTimeout is how long a request waits for a match's answer.
const DefaultCallTimeout = 10 * time.Second

// Options configure a Lobby.
type Options struct {
	// Rulesets are the rulesets the games may play, the default first.
	// Required.
	Rulesets *ruleset.Registry
	// Builtin are the build's own rulesets: a ruleset of Rulesets whose
	// data's hash differs from its builtin one is a host's mod (shown as
	// Modded). Nil: none is.
	Builtin *ruleset.Registry
	// MaxGames is the most games at once; 0 means DefaultMaxGames.
	MaxGames int
	// Logger receives the lobby's logs; nil means slog.Default().
	Logger *slog.Logger
	// Clock is the matches' clock; nil means the real one.
	Clock match.Clock
	// Buffer is each subscription's buffer (match.Settings.Buffer); 0
	// means match.DefaultBuffer.
	Buffer int
	// CallTimeout is how long a request waits for a match; 0 means
	// DefaultCallTimeout.
	CallTimeout time.Duration
	// NewMatch creates a game's match when it starts; nil means
	// match.New. Benchmarks use it to start from a game played already
	// (match.Resume).
	NewMatch func(id uint32, rs ruleset.Ruleset, set match.Settings, clock match.Clock) (*match.Match, error)
	// Observer, if not nil, is told of the orders submitted, and every
	// match of the lobby of its turns and takeovers (the server's
	// metrics).
	Observer Observer
	// Store, if not nil, saves the games as they are played, for Restore
	// to resume them when the server restarts (see Restore).
	Store *store.Store
	// Quotas bound the work, chat and password guesses of each client;
	// the zero value means DefaultQuotas().
	Quotas Quotas
}

// Lobby is a server's set of games. Its methods may be called from any
// goroutine.
type Lobby struct {
	rulesets *ruleset.Registry
	opts     Options
	log      *slog.Logger

	ctx    context.Context // the matches run under it
	cancel context.CancelFunc
	wg     sync.WaitGroup // the matches' goroutines

	// mu guards the fields below, every room's fields but its match's
	// state, and every client's place (see the package doc).
	mu      sync.Mutex
	games   map[protocol.GameID]*room
	lastID  protocol.GameID
	clients map[*client]struct{}
	closed  bool
	q       *quotas
}

// New returns an empty lobby.
func New(opts Options) (*Lobby, error) {
	if opts.Rulesets == nil {
		return nil, errors.New("lobby: no rulesets")
	}
	if opts.MaxGames <= 0 {
		opts.MaxGames = DefaultMaxGames
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	if opts.NewMatch == nil {
		opts.NewMatch = match.New
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Lobby{
		rulesets: opts.Rulesets,
		opts:     opts,
		log:      opts.Logger,
		ctx:      ctx,
		cancel:   cancel,
		games:    make(map[protocol.GameID]*room),
		clients:  make(map[*client]struct{}),
		q:        newQuotas(opts.Quotas, opts.Clock),
	}, nil
}

// Rulesets returns the IDs of the rulesets the lobby's games may play, the
// default first.
func (l *Lobby) Rulesets() []string { return l.rulesets.IDs() }

// RulesetInfos describes the lobby's rulesets for Welcome, the default
// first.
func (l *Lobby) RulesetInfos() []protocol.RulesetInfo {
	var out []protocol.RulesetInfo
	for _, rs := range l.rulesets.All() {
		in := rs.Info()
		out = append(out, protocol.InfoOf(in, l.modded(in)))
	}
	return out
}

// modded reports whether ruleset in is a host's mod: its hash differs from
// the build's own.
func (l *Lobby) modded(in ruleset.Info) bool {
	if l.opts.Builtin == nil {
		return false
	}
	own, ok := l.opts.Builtin.Get(in.ID)
	return !ok || own.Info().Hash != in.Hash
}

// Accept is wsconn's Options.Accept: it admits a client that said Hello.
// The client joins the server's lobby (its chat) when its session opens.
func (l *Lobby) Accept(c *wsconn.Conn, hello *protocol.Hello) (wsconn.Session, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, protocol.Errorf(protocol.Unavailable, "the server is shutting down")
	}
	return &client{l: l, c: c, name: hello.Name}, nil
}

// Stats are counts for health checks.
type Stats struct {
	Games   int // games open or running
	Running int // of which started
	Clients int // clients that said Hello and are still connected
}

// Stats returns the lobby's counts.
func (l *Lobby) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	st := Stats{Games: len(l.games), Clients: len(l.clients)}
	for _, r := range l.games {
		if r.started {
			st.Running++
		}
	}
	return st
}

// Close stops every match and waits for their goroutines to end; the
// lobby then accepts no more clients. Close connections first (their
// Bye says why) and the lobby after. Close may be called more than once.
func (l *Lobby) Close() {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
	l.cancel()
	l.wg.Wait()
}

// callCtx returns the context a request of cl waits for a match under.
func (l *Lobby) callCtx(cl *client) (context.Context, context.CancelFunc) {
	return context.WithTimeout(cl.c.Context(), l.opts.CallTimeout)
}

// removeRoom drops r from the table and stops its match; l.mu held.
func (l *Lobby) removeRoom(r *room, why string) {
	if l.games[r.id] != r {
		return
	}
	delete(l.games, r.id)
	if r.stop != nil {
		r.stop()
	}
	for cl := range r.spectators {
		cl.room, cl.seat = nil, 0
		if cl.sub != nil {
			cl.sub.Close()
			cl.sub = nil
		}
		cl.c.Send(&protocol.Error{Code: protocol.NoSuchGame, Message: r.id.String() + " was closed: " + why}, 0)
	}
	l.log.Info("game removed", "game", uint32(r.id), "why", why)
}
