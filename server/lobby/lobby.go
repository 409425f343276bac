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
// The messages of a game being played (SubmitOrders, SetReady, Act,
// RequestView) and the turns each subscription forwards do not take mu:
// a client's place in a running match is published, under mu, as an
// immutable value its connection's reader loads (client.playing), and a
// game's latest turn is an atomic mark. Thousands of players ending their
// turns at once so wait for their own matches only, each on its own
// goroutine, never in line for one lock.
//
// # Seats and tokens
//
// Seats 1..Seats-Bots are for people, the last Bots seats for bots, which
// the ruleset's AI plays (at the level the creator chose). The creator of a game
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
//
// # Abandoned games
//
// A game holds one of the server's Options.MaxGames places while it is in
// the lobby, and is charged what it costs in memory against
// Options.GameMemory (gameBytes). A game not started goes as soon as none
// of its players is connected (a player who leaves it gives the seat up),
// and Options.OpenFor after its creation at the latest. A started game
// none of whose players (seat holders; spectators do not count) has been
// connected for Options.AbandonAfter, or for one turn of its timer if
// that is longer, is abandoned and leaves the lobby, freeing its place:
// with Options.Store it is suspended (the store keeps it as it was at the
// start of the step being played; a player who comes back with a seat
// token, JoinGame, resumes it, if there is room), without a store it
// ends. A game over goes when none of its players is connected, at once
// when nobody watches it either. A game resumed when the server restarts
// is abandoned the same way if none of its players comes back. With a
// store, a started game none of whose players has acted (orders, an
// action, readiness, chat, taking a seat) for Options.IdleAfter, or one
// turn of its timer if longer, is suspended too, its players connected or
// not: they are told, and their seat tokens resume it. When the lobby is
// full, such games unplayed for a sixth of IdleAfter make room for a new
// game, or one a token wakes, the least recently played first (makeRoom). The server's admin
// sees how long each game has been without players, and may end a game
// (End).
//
// A connection may hold at most Options.GamesPerConn games it created
// (open or running) and a remote address Options.GamesPerAddr (open,
// running, or suspended by this lobby in the last Options.SuspendedHold);
// past them, CreateGame is refused with NotAllowed, saying which games
// count. So a few addresses cannot hold the lobby: what an address holds
// is bounded in every state, and it keeps a game in memory only by playing
// it.
package lobby

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"empires/server/match"
	"empires/server/store"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// The lobby's limits on the games it holds in memory, unless Options say.
//
// CHOICE: the limits are set from what a game costs, measured with
// BenchmarkIdleGame: a started game nobody plays holds 9 to 23 KiB of
// heap for Duel (2 to 20 seats), 11 to 28 KiB for a hex game of 32x32,
// 150 to 780 KiB for one of 128x128 (erfpires 10 bytes a hex, erfworld
// 25, empire 47) and 6.2 MiB for erfworld's largest, 512x512; a turn its
// autopilot and AI play when the shortest timer (10 s) runs out takes 0.04
// to 0.2 ms for the small games and 1 to 9 ms for 128x128 (up to 0.6 us a
// hex). A game is charged gameBytes against GameMemory, so that memory,
// not a count, bounds what the games hold: 1 GiB is at most 22 million
// hexes of maps, whose turns would take about a core if every game had the
// shortest timer and nobody played them; a game with no human action is
// suspended after IdleAfter (with a store), so they do not keep that up.
// The count bounds what the charge leaves out (goroutines, Duel's small
// states): 4000 games of Duel hold about 200 MiB and take 2% of a core.
const (
	DefaultMaxGames   = 4000
	DefaultGameMemory = 1 << 30
)

// GameCostBase and GameCostHex are what a game in memory is charged
// (GameMemory), in bytes: GameCostBase each,
// and GameCostHex for each hex of its map (see DefaultMaxGames): the most
// BenchmarkIdleGame measures, rounded up.
const (
	GameCostBase = 48 << 10
	GameCostHex  = 48
)

// gameBytes returns what a game of set is charged in memory.
func gameBytes(set protocol.Settings) int64 {
	w := min(max(set.Width, 0), protocol.MaxMapSide)
	h := min(max(set.Height, 0), protocol.MaxMapSide)
	return GameCostBase + GameCostHex*int64(w)*int64(h)
}

// DefaultIdleAfter and DefaultOpenFor are the dedicated server's defaults
// of Options.IdleAfter and Options.OpenFor: a game nobody plays is
// suspended after half an hour, and a game nobody starts closes after 5
// minutes.
const (
	DefaultIdleAfter = 30 * time.Minute
	DefaultOpenFor   = 5 * time.Minute
)

// DefaultSuspendedHold is how long a game the lobby suspended counts
// against its creator's address (Options.SuspendedHold).
const DefaultSuspendedHold = 24 * time.Hour

// DefaultCallTimeout is how long a request waits for a match's answer.
const DefaultCallTimeout = 10 * time.Second

// DefaultAbandonAfter is how long a started game may have none of its
// players connected before it is suspended or ended: the dedicated
// server's default (Options.AbandonAfter).
const DefaultAbandonAfter = 10 * time.Minute

// Options configure a Lobby.
type Options struct {
	// Rulesets are the rulesets the games may play, the default first.
	// Required.
	Rulesets *ruleset.Registry
	// Builtin are the build's own rulesets: a ruleset of Rulesets whose
	// data's hash differs from its builtin one is a host's mod (shown as
	// Modded). Nil: none is.
	Builtin *ruleset.Registry
	// MaxGames is the most games in memory at once (open, running or
	// over; not suspended); 0 means DefaultMaxGames.
	MaxGames int
	// GameMemory is the most memory, in bytes, the games in memory may be
	// charged (gameBytes: a base and a charge for each hex of the map); 0
	// means DefaultGameMemory.
	GameMemory int64
	// Logger receives the lobby's logs; nil means slog.Default().
	Logger *slog.Logger
	// Clock is the matches' clock, and the lobby's for abandoned games;
	// nil means the real one.
	Clock match.Clock
	// AbandonAfter is how long a started game may have none of its
	// players connected before it is suspended (with Store) or ended
	// (see the package doc); 0 means never.
	AbandonAfter time.Duration
	// IdleAfter is how long a started game may go without a human
	// action (orders, an action, readiness, chat from a seat) while its
	// players are connected before it is suspended, with Store (see the
	// package doc): a turn of its timer if that is longer. 0 means never;
	// without Store such games are kept.
	IdleAfter time.Duration
	// OpenFor is how long a game may stay open (created, not started)
	// before it is closed; 0 means for ever.
	OpenFor time.Duration
	// GamesPerConn and GamesPerAddr are the most games a connection, and
	// a remote address (AcceptFrom), may hold: games it created that are
	// open or running, and for an address also those suspended in the
	// last SuspendedHold. 0 means no limit.
	GamesPerConn, GamesPerAddr int
	// SuspendedHold is how long a game this lobby suspended counts
	// against its creator's address (GamesPerAddr); 0 means
	// DefaultSuspendedHold.
	SuspendedHold time.Duration
	// AIPace is each match's Settings.AIPace: how long a step only the
	// AI plays waits while someone watches; 0 means match.DefaultAIPace.
	AIPace time.Duration
	// ActionPace is each match's Settings.ActionPace: how long the AI
	// waits before each action it plays in an interactive step while
	// someone watches; 0 means match.DefaultActionPace.
	ActionPace time.Duration
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
	clock    match.Clock

	ctx    context.Context // the matches run under it
	cancel context.CancelFunc
	wg     sync.WaitGroup // the matches' goroutines

	// shut is set by Close (with closed): read without mu by accept, so
	// that a Hello never waits for the lobby's lock.
	shut atomic.Bool

	// mu guards the fields below, every room's fields but its match's
	// state, and every client's place (see the package doc).
	mu      sync.Mutex
	games   map[protocol.GameID]*room
	lastID  protocol.GameID
	clients map[*client]struct{}
	closed  bool
	q       *quotas
	// runs holds, by game, a channel closed when the game's match has
	// stopped; a game resumed waits for its last match to stop first.
	runs map[protocol.GameID]chan struct{}
	// suspended holds the games this lobby suspended, or did not resume
	// when it restored the store's, for Options.SuspendedHold after (the
	// sweep forgets them then: the store keeps them).
	suspended map[protocol.GameID]suspension
}

// suspension is what the lobby keeps of a suspended game: the store keeps
// the game itself.
type suspension struct {
	since time.Time // since when it has had no player, or no human action
	at    time.Time // when it was suspended
	// addr is its creator's remote address, which it counts against
	// (GamesPerAddr) for Options.SuspendedHold after at; "" when it
	// counts against none (not known, or the hold is over).
	addr string
}

// New returns an empty lobby.
func New(opts Options) (*Lobby, error) {
	if opts.Rulesets == nil {
		return nil, errors.New("lobby: no rulesets")
	}
	if opts.MaxGames <= 0 {
		opts.MaxGames = DefaultMaxGames
	}
	if opts.GameMemory <= 0 {
		opts.GameMemory = DefaultGameMemory
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
	switch {
	case opts.AbandonAfter < 0:
		return nil, fmt.Errorf("lobby: abandon after %v: negative", opts.AbandonAfter)
	case opts.IdleAfter < 0 || opts.OpenFor < 0 || opts.SuspendedHold < 0:
		return nil, fmt.Errorf("lobby: idle after %v, open for %v, suspended hold %v: negative", opts.IdleAfter, opts.OpenFor, opts.SuspendedHold)
	case opts.GamesPerConn < 0 || opts.GamesPerAddr < 0:
		return nil, fmt.Errorf("lobby: %d games a connection, %d an address: negative", opts.GamesPerConn, opts.GamesPerAddr)
	case opts.AIPace < 0:
		return nil, fmt.Errorf("lobby: AI pace %v: negative", opts.AIPace)
	case opts.ActionPace < 0:
		return nil, fmt.Errorf("lobby: action pace %v: negative", opts.ActionPace)
	}
	if opts.SuspendedHold == 0 {
		opts.SuspendedHold = DefaultSuspendedHold
	}
	clock := opts.Clock
	if clock == nil {
		clock = match.RealClock{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &Lobby{
		rulesets:  opts.Rulesets,
		opts:      opts,
		log:       opts.Logger,
		clock:     clock,
		ctx:       ctx,
		cancel:    cancel,
		games:     make(map[protocol.GameID]*room),
		clients:   make(map[*client]struct{}),
		runs:      make(map[protocol.GameID]chan struct{}),
		suspended: make(map[protocol.GameID]suspension),
		q:         newQuotas(opts.Quotas, opts.Clock),
	}
	if every := sweepEvery(opts); every > 0 {
		t := clock.NewTimer(every) // armed now: a test's clock may move at once
		l.wg.Add(1)
		go l.sweeper(t)
	}
	return l, nil
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
		ri := protocol.InfoOf(in, l.modded(in))
		_, ri.SeatSetup = rs.(ruleset.SeatSetup)
		out = append(out, ri)
	}
	return out
}

// seatSetup returns the check of seat set-up data of ruleset id, nil for a
// ruleset without set-up data (or one the lobby does not play).
func (l *Lobby) seatSetup(id string) ruleset.SeatSetup {
	rs, _ := l.rulesets.Get(id)
	ss, _ := rs.(ruleset.SeatSetup)
	return ss
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
// Its games count against no address (see AcceptFrom).
func (l *Lobby) Accept(c *wsconn.Conn, hello *protocol.Hello) (wsconn.Session, error) {
	return l.accept(c, hello, "")
}

// AcceptFrom returns the Accept of a connection from remote address addr
// (an IP address, without the port): its games count against
// Options.GamesPerAddr with every other connection's from the same
// address, or for IPv6 the same /64 (wsconn.AddressKey).
func (l *Lobby) AcceptFrom(addr string) func(*wsconn.Conn, *protocol.Hello) (wsconn.Session, error) {
	if k := wsconn.AddressKey(addr); k != "" {
		addr = k
	}
	return func(c *wsconn.Conn, hello *protocol.Hello) (wsconn.Session, error) { return l.accept(c, hello, addr) }
}

// accept admits a client that said Hello, its games counted against
// address addr ("" none), unless the lobby is closed.
//
// CHOICE: a Hello takes no lock: its Welcome is queued before the client
// joins the lobby (Open, which takes l.mu), so that a storm of
// connections is answered while games start or save under l.mu, and a
// client that connects is never left without a Welcome because the
// lobby is busy.
func (l *Lobby) accept(c *wsconn.Conn, hello *protocol.Hello, addr string) (wsconn.Session, error) {
	if l.shut.Load() {
		return nil, protocol.Errorf(protocol.Unavailable, "the server is shutting down")
	}
	return &client{l: l, c: c, name: hello.Name, addr: addr}, nil
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

// Close stops every match and the search for abandoned games, and waits
// for their goroutines to end; the lobby then accepts no more clients. Close connections first (their
// Bye says why) and the lobby after. Close may be called more than once.
func (l *Lobby) Close() {
	l.mu.Lock()
	l.closed = true
	l.shut.Store(true)
	l.mu.Unlock()
	l.cancel()
	l.wg.Wait()
}

// roomFor says why the lobby has no room in memory for one more game of
// set (wrapping errFull), nil if it has: MaxGames games are in it, or
// their charge with this one's would pass GameMemory. l.mu held.
func (l *Lobby) roomFor(set protocol.Settings) error {
	if len(l.games) >= l.opts.MaxGames {
		return fmt.Errorf("%w: the server holds %d games, its most", errFull, len(l.games))
	}
	used := l.charged()
	if need := gameBytes(set); used+need > l.opts.GameMemory {
		return fmt.Errorf("%w: the server's %d games take %s of the %s it gives games, and this one needs %s",
			errFull, len(l.games), sizeText(used), sizeText(l.opts.GameMemory), sizeText(need))
	}
	return nil
}

// charged returns what the games in memory are charged (gameBytes); l.mu
// held.
func (l *Lobby) charged() int64 {
	used := int64(0)
	for _, r := range l.games {
		used += gameBytes(r.set)
	}
	return used
}

// sizeText writes n bytes for people: in KiB under 10 MiB, else in MiB,
// rounded up.
func sizeText(n int64) string {
	if n < 10<<20 {
		return fmt.Sprintf("%d KiB", (n+1<<10-1)>>10)
	}
	return fmt.Sprintf("%d MiB", (n+1<<20-1)>>20)
}

// callCtx returns the context a request of cl waits for a match under.
func (l *Lobby) callCtx(cl *client) (context.Context, context.CancelFunc) {
	return context.WithTimeout(cl.c.Context(), l.opts.CallTimeout)
}

// removeRoom drops r from the table and stops its match; everyone still
// in it (spectators, and players when the admin ends it) is told why and
// is in no game any more. l.mu held.
func (l *Lobby) removeRoom(r *room, why string) {
	if l.games[r.id] != r {
		return
	}
	delete(l.games, r.id)
	if r.stop != nil {
		r.stop()
	}
	var members []*client
	r.members(func(cl *client, _ protocol.Seat) { members = append(members, cl) })
	for _, cl := range members {
		if st := r.seat(cl.seat); st != nil && st.c == cl {
			st.c = nil
		}
		delete(r.spectators, cl)
		cl.room, cl.seat = nil, 0
		if cl.sub != nil {
			cl.sub.Close()
			cl.sub = nil
		}
		cl.publish()
		cl.c.Send(&protocol.Error{Code: protocol.NoSuchGame, Message: r.id.String() + " was closed: " + why}, 0)
	}
	l.log.Info("game removed", "game", uint32(r.id), "why", why)
}

// matchSettings returns the settings of r's match: the room's, with the
// lobby's observer, pace and saving. l.mu held.
func (l *Lobby) matchSettings(r *room) match.Settings {
	set := r.matchSettings(l.opts.Buffer, l.log)
	set.Observer = l.opts.Observer
	set.OnTurn = l.onTurn(r.id)
	set.AIPace = l.opts.AIPace
	set.ActionPace = l.opts.ActionPace
	return set
}

// run runs r's match m under ctx on its own goroutine, until ctx ends;
// l.mu held.
func (l *Lobby) run(ctx context.Context, r *room, m *match.Match) {
	done := make(chan struct{})
	l.runs[r.id] = done
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		defer func() {
			l.mu.Lock()
			if l.runs[r.id] == done {
				delete(l.runs, r.id)
			}
			l.mu.Unlock()
			close(done)
		}()
		if err := m.Run(ctx); err != nil {
			l.log.Error("match failed", "game", uint32(r.id), "err", err)
		}
	}()
}
