// Package host is the Empires server as a library: the websocket endpoint
// (/ws), the health check (/healthz) and the clean shutdown, serving the
// games of a lobby (package lobby). The dedicated server (package main of
// ./server) is a flag front end to it; the desktop client runs it inside
// its own process to play against bots on loopback or to host a game on
// the local network.
//
//	r, err := host.Start(host.DefaultConfig(), "127.0.0.1:0")
//	...
//	url := r.URL() // ws://127.0.0.1:PORT/ws
//	...
//	err = r.Stop()
//
// A shutdown stops accepting connections, sends every client
// Bye{"server shutting down"}, closes each connection cleanly and stops the
// matches. A server the desktop client runs for its player's game says
// why it stops instead (Running.StopWith: protocol.ReasonHostEnded), so
// that the other players hear that the host ended the game.
//
// With Config.DataDir set, games are saved in DataDir/empires.db (package
// store) as they are played: each when it starts, and after each turn. A
// server that starts resumes the saved games that are not over, at the
// start of their last saved turn, and their players rejoin with their seat
// tokens as after a dropped connection. A shutdown, or a crash, loses at
// most the turn being played (its orders and readiness).
//
// A started game none of whose players has been connected for
// Config.AbandonAfter is abandoned and frees its place: with DataDir it is
// suspended (a player's seat token resumes it), without it ends; with
// DataDir so is one none of whose players has acted for Config.IdleAfter.
// A game not started closes after Config.OpenFor. A client may hold
// Config.GamesPerConn games it created, and the clients of a remote IP
// address Config.GamesPerAddr (suspended ones too). The games in memory
// are bounded by Config.MaxGames and Config.GameMemory. See package lobby.
//
// Behind a reverse proxy every request's peer is the proxy: with the proxy
// in Config.TrustedProxies, the client's address its X-Forwarded-For or
// Forwarded header names is the one the limits per address, the password
// waits and the logs go by (package realip); the headers of any other
// peer are ignored.
package host

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"empires/server/internal/realip"
	"empires/server/lobby"
	"empires/server/match"
	"empires/server/store"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// DefaultShutdownTimeout is how long a shutdown waits for the connections
// to close unless Config.ShutdownTimeout says otherwise.
const DefaultShutdownTimeout = 30 * time.Second

// Config configures a Server. DefaultConfig gives the values of a
// dedicated server with no flags.
type Config struct {
	// Name is the server's name, shown to clients in Welcome; empty
	// means "empires".
	Name string
	// MaxGames is the most games in memory at once; MaxConns the most
	// client connections at once (more are refused with 503). 0 means the
	// default of each.
	MaxGames, MaxConns int
	// ConnsPerAddr is the most connections at once from one remote IP
	// address, or one IPv6 /64 (wsconn.AddressKey); more are refused with
	// 503. 0 means no limit.
	ConnsPerAddr int
	// GameMemory is the most memory, in bytes, the games in memory are
	// charged (lobby.Options.GameMemory); 0 means
	// lobby.DefaultGameMemory.
	GameMemory int64
	// Limits are what the server enforces on its clients; the zero value
	// means protocol.DefaultLimits(). A work budget of zero (WorkBurst and
	// WorkPerSecond both 0) is set from the other limits (WithWork).
	Limits protocol.Limits
	// TrustedProxies are the reverse proxies (addresses and CIDR
	// prefixes, realip.ParseProxies) whose forwarding headers give a
	// request's client address (see package realip): the address every
	// limit per address, the password backoff per address and the logs go
	// by. Empty trusts no proxy: the client is the connection's peer.
	TrustedProxies []netip.Prefix
	// ReadBuffers and ReadBuffersPerAddr bound the bytes the connections
	// hold for client messages still arriving, all of them together and
	// those of one remote address (wsconn.Buffers); 0 means no bound. A
	// bound below Limits.MaxClientMessage would keep a message of that
	// size from ever being read.
	ReadBuffers, ReadBuffersPerAddr int64
	// Rulesets are the rulesets the games may play, the default first
	// (registry.New, with a host's mod). Required.
	Rulesets *ruleset.Registry
	// Builtin are the build's own rulesets (registry.Default): those of
	// Rulesets whose data differs are shown as modded. Nil: none is.
	Builtin *ruleset.Registry
	// DataDir, if not empty, is the data directory, created if missing:
	// games are saved in DataDir/empires.db and resumed at start (see the
	// package doc). A database New cannot read fails New.
	DataDir string
	// NoResume saves the games without resuming the unfinished ones at
	// start: the desktop client's own server, whose saved games are for
	// replays (nobody would come back to a game against the AI on a
	// server started for another one). New games are numbered after the
	// saved ones all the same, so none is overwritten.
	NoResume bool
	// Resume, with NoResume, names the saved games to resume all the
	// same: the client going on with one of its games.
	Resume []protocol.GameID
	// MetricsAllow, if not empty, are the client addresses (clientAddr)
	// that may read GET /metrics; others get 403. Empty: everyone may.
	// ParseAllowList reads them from a flag.
	MetricsAllow []netip.Prefix
	// Logger receives the server's logs; nil discards them.
	Logger *slog.Logger
	// AdminToken, if not empty, enables the admin view and kicking
	// (/admin, see Handler) for requests that give it as a bearer token.
	AdminToken string
	// TLS, if not nil, makes Serve speak TLS on its listener: wss:// for
	// /ws and HTTPS for the rest, on the one port (package tlsconf makes
	// it). Nil serves plain ws:// and HTTP.
	TLS *tls.Config
	// Advertise, if set, makes Serve advertise the server on the local
	// network (package lan) until it shuts down, unless it listens on
	// loopback only.
	Advertise bool
	// AbandonAfter is how long a started game may have none of its
	// players connected before it is suspended (with DataDir: saved,
	// unloaded, resumed by a player's seat token) or ended (without); 0
	// means never. See package lobby.
	AbandonAfter time.Duration
	// IdleAfter is how long a started game may go without an action of
	// its players before it is suspended (with DataDir); OpenFor how long
	// a game may stay open, not started, before it is closed. 0 means
	// never. See package lobby.
	IdleAfter, OpenFor time.Duration
	// GamesPerConn and GamesPerAddr are the most games a connection, and
	// a remote IP address, may hold of those they created: open or
	// running, and for an address also suspended in the last
	// lobby.DefaultSuspendedHold; 0 means no limit.
	GamesPerConn, GamesPerAddr int
	// AIPace is how long a step only the AI plays waits, in a game
	// without a turn timer, while someone watches; 0 means
	// match.DefaultAIPace.
	AIPace time.Duration
	// ActionPace is how long the AI waits before each action it plays in
	// an interactive step (a card game's attack, say) while someone
	// watches; 0 means match.DefaultActionPace.
	ActionPace time.Duration

	// Set by tests: shorter connection timings, a fake clock, a prepared
	// game, a shorter shutdown.

	// Conn sets the connections' timings and queue (HelloTimeout,
	// IdleTimeout, WriteTimeout, Queue); its other fields are set by the
	// server.
	Conn wsconn.Options
	// Clock is the matches' clock; nil means the real one.
	Clock match.Clock
	// NewMatch creates a game's match when it starts; nil means
	// match.New.
	NewMatch func(id uint32, rs ruleset.Ruleset, set match.Settings, clock match.Clock) (*match.Match, error)
	// ShutdownTimeout bounds how long a shutdown waits for the
	// connections to close; 0 means DefaultShutdownTimeout.
	ShutdownTimeout time.Duration
}

// Defaults of a dedicated server (DefaultConfig): the games a connection
// and an address may hold, and the connections an address may have (a
// household, or a room of players behind one router, and then some).
const (
	DefaultGamesPerConn = 1
	DefaultGamesPerAddr = 4
	DefaultConnsPerAddr = 64
)

// Defaults of a dedicated server (DefaultConfig): the bytes of client
// messages still arriving that the server holds, in all and from one
// address. A message of the default MaxClientMessage (1 MiB) holds 1 MiB
// once most of it is there, and a connection that sends most of one and
// stops holds that until its idle timeout: 64 such messages at once in
// all, 8 from one address (players behind one router). Without the bound
// 1,000 such connections held 1.2 GiB of heap.
const (
	DefaultReadBuffers        = 64 << 20
	DefaultReadBuffersPerAddr = 8 << 20
)

// DefaultConfig returns the configuration of a dedicated server with no
// flags: named "empires", lobby.DefaultMaxGames games and
// lobby.DefaultGameMemory, 1000 connections, the protocol's default
// limits, games abandoned after lobby.DefaultAbandonAfter, suspended after
// lobby.DefaultIdleAfter without an action, closed when not started after
// lobby.DefaultOpenFor, DefaultConnsPerAddr connections an address,
// DefaultGamesPerConn games a connection and
// DefaultGamesPerAddr an address, the AI's steps at match.DefaultAIPace,
// DefaultReadBuffers and DefaultReadBuffersPerAddr, the built-in ruleset, no data directory and no logs.
func DefaultConfig() Config {
	return Config{
		Name:               "empires",
		MaxGames:           lobby.DefaultMaxGames,
		MaxConns:           1000,
		ConnsPerAddr:       DefaultConnsPerAddr,
		Limits:             protocol.DefaultLimits(),
		ReadBuffers:        DefaultReadBuffers,
		ReadBuffersPerAddr: DefaultReadBuffersPerAddr,
		GameMemory:         lobby.DefaultGameMemory,
		AbandonAfter:       lobby.DefaultAbandonAfter,
		IdleAfter:          lobby.DefaultIdleAfter,
		OpenFor:            lobby.DefaultOpenFor,
		GamesPerConn:       DefaultGamesPerConn,
		GamesPerAddr:       DefaultGamesPerAddr,
		AIPace:             match.DefaultAIPace,
	}
}

// Server is the HTTP side of an Empires server: the websocket endpoint,
// the health check, and the connections to close on shutdown. Its methods
// may be called from any goroutine.
type Server struct {
	cfg      Config
	log      *slog.Logger
	lobby    *lobby.Lobby
	connOpts wsconn.Options
	mux      *http.ServeMux
	metrics  *metrics
	store    *store.Store // the saved games; nil without DataDir

	ctx      context.Context // the connections' context: ends after shutdown
	cancel   context.CancelFunc
	wg       sync.WaitGroup // the connections' handlers
	shutOnce sync.Once

	mu       sync.Mutex // guards conns, active, fromAddr, closing and bye
	conns    map[*wsconn.Conn]struct{}
	active   int            // connections being set up or served
	fromAddr map[string]int // of which from each address (wsconn.AddressKey)
	closing  bool
	bye      string // what a shutdown's Bye says: wsconn.ReasonShutdown unless SetShutdownReason
}

// New loads the ruleset (unless cfg.Rules is set), prepares the data
// directory and returns the server, ready to Serve. A server that is never
// served must be closed with Close.
func New(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Name == "" {
		cfg.Name = DefaultConfig().Name
	}
	if cfg.Limits == (protocol.Limits{}) {
		cfg.Limits = protocol.DefaultLimits()
	}
	if cfg.Limits.WorkBurst == 0 && cfg.Limits.WorkPerSecond == 0 {
		cfg.Limits = cfg.Limits.WithWork()
	}
	for _, b := range []struct {
		name  string
		bound int64
	}{{"ReadBuffers", cfg.ReadBuffers}, {"ReadBuffersPerAddr", cfg.ReadBuffersPerAddr}} {
		if b.bound < 0 || b.bound > 0 && b.bound < int64(cfg.Limits.MaxClientMessage) {
			return nil, fmt.Errorf("host: %s of %d bytes: must be 0 (no bound) or at least MaxClientMessage (%d bytes)",
				b.name, b.bound, cfg.Limits.MaxClientMessage)
		}
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = DefaultConfig().MaxConns
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = DefaultShutdownTimeout
	}
	log := cfg.Logger
	if cfg.Rulesets == nil {
		return nil, errors.New("host: no rulesets")
	}
	var st *store.Store
	if cfg.DataDir != "" {
		var err error
		if st, err = openStore(cfg.DataDir, log); err != nil {
			return nil, err
		}
	}
	met := newMetrics()
	lb, err := lobby.New(lobby.Options{Rulesets: cfg.Rulesets, Builtin: cfg.Builtin, MaxGames: cfg.MaxGames, Logger: log, Clock: cfg.Clock,
		NewMatch: cfg.NewMatch, Observer: met, Store: st, AbandonAfter: cfg.AbandonAfter, GameMemory: cfg.GameMemory,
		IdleAfter: cfg.IdleAfter, OpenFor: cfg.OpenFor,
		GamesPerConn: cfg.GamesPerConn, GamesPerAddr: cfg.GamesPerAddr, AIPace: cfg.AIPace, ActionPace: cfg.ActionPace})
	if err != nil {
		closeStore(st, log)
		return nil, err
	}
	var resume func(protocol.GameID) bool // nil: every unfinished game
	if cfg.NoResume {
		resume = func(id protocol.GameID) bool { return slices.Contains(cfg.Resume, id) }
	}
	if err := restoreGames(lb, st, resume, log); err != nil {
		lb.Close()
		closeStore(st, log)
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, log: log, lobby: lb, ctx: ctx, cancel: cancel, conns: make(map[*wsconn.Conn]struct{}), fromAddr: make(map[string]int),
		metrics: met, store: st, bye: wsconn.ReasonShutdown}
	s.connOpts = cfg.Conn
	s.connOpts.Limits = cfg.Limits
	s.connOpts.Buffers = wsconn.NewBuffers(cfg.ReadBuffers, cfg.ReadBuffersPerAddr)
	s.connOpts.Server = cfg.Name
	s.connOpts.Rulesets = lb.RulesetInfos()
	s.connOpts.Logger = log
	s.connOpts.Accept = lb.Accept
	s.connOpts.Observer = met
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /ws", s.serveWS)
	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.routeOps()
	s.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		scheme := "ws"
		if s.clientTLS(r) {
			scheme = "wss"
		}
		fmt.Fprintf(w, "Empires server %q: connect a client to %s://%s/ws\n", cfg.Name, scheme, r.Host)
	})
	return s, nil
}

// Handler returns the server's HTTP handler: GET /ws (the websocket
// endpoint), GET /healthz, GET /metrics, the admin view under /admin
// when Config.AdminToken is set (GET /admin, POST /admin/login and
// /admin/logout, GET /admin/games, POST /admin/games/{id}/kick, POST
// /admin/games/{id}/end; see routeAdmin) and GET /. Serve serves it; whoever serves it
// otherwise must Close the server after stopping their HTTP server.
func (s *Server) Handler() http.Handler { return s.mux }

// clientAddr returns the address ("host:port", or a bare IP address when
// a proxy names no port) of the client that made request r, the one its
// per-address limits, password and token backoffs and log lines go by: the
// connection's peer, or when that is one of Config.TrustedProxies the
// client its forwarding headers name (realip.Proxies.Client). Headers it
// cannot read give the peer, and a line at debug level saying why.
func (s *Server) clientAddr(r *http.Request) string {
	addr, err := realip.Proxies(s.cfg.TrustedProxies).Client(r.RemoteAddr, r.Header)
	if err != nil {
		s.log.Debug("forwarding header ignored: the request is counted at its proxy's address", "peer", r.RemoteAddr, "err", err)
	}
	return addr
}

// clientTLS reports whether the client of request r spoke TLS: over this
// connection, or to a trusted proxy in front that says so
// (realip.Proxies.HTTPS).
func (s *Server) clientTLS(r *http.Request) bool {
	return r.TLS != nil || realip.Proxies(s.cfg.TrustedProxies).HTTPS(r.RemoteAddr, r.Header)
}

// serveWS upgrades a request to a websocket and serves it, on a goroutine
// of its own, until it ends.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	remote := s.clientAddr(r)
	addr := wsconn.AddressKey(remote)
	s.mu.Lock()
	switch {
	case s.closing:
		s.mu.Unlock()
		http.Error(w, "the server is shutting down", http.StatusServiceUnavailable)
		return
	case s.active >= s.cfg.MaxConns:
		s.mu.Unlock()
		s.log.Warn("connection refused: too many", "max", s.cfg.MaxConns)
		http.Error(w, "too many connections: try again later", http.StatusServiceUnavailable)
		return
	case s.cfg.ConnsPerAddr > 0 && addr != "" && s.fromAddr[addr] >= s.cfg.ConnsPerAddr:
		s.mu.Unlock()
		s.log.Warn("connection refused: too many from its address", "remote", remote, "max", s.cfg.ConnsPerAddr)
		http.Error(w, fmt.Sprintf("too many connections from your address (this server allows %d): close one and try again", s.cfg.ConnsPerAddr),
			http.StatusServiceUnavailable)
		return
	}
	s.active++
	s.fromAddr[addr]++
	s.wg.Add(1)
	s.mu.Unlock()
	release := func() {
		s.mu.Lock()
		s.active--
		if s.fromAddr[addr]--; s.fromAddr[addr] == 0 {
			delete(s.fromAddr, addr)
		}
		s.mu.Unlock()
		s.wg.Done()
	}
	opts := s.connOpts
	opts.Remote = remote                               // its read buffers, password backoff and logs go by it
	opts.Accept = s.lobby.AcceptFrom(remoteIP(remote)) // its games count against its address
	c, err := wsconn.Accept(w, r, opts)
	if err != nil {
		s.log.Info("websocket upgrade failed", "remote", remote, "err", err)
		release()
		return
	}
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.metrics.connsTotal.Inc()
	closing, bye := s.closing, s.bye
	s.mu.Unlock()
	if closing { // shutdown began while it was set up
		c.Close(websocket.StatusGoingAway, bye)
	}
	// CHOICE: the connection is served on a goroutine of its own and the
	// handler returns: net/http keeps its connection's read and write
	// buffers (4 KiB each) for as long as the handler runs, and after the
	// upgrade nobody reads them; they are freed with the handler's end.
	go func() {
		defer release()
		c.Serve(s.ctx)
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
	}()
}

// remoteIP returns the IP address of a request's remote address
// ("host:port"), or the whole address if it has no port.
func remoteIP(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}

// health is what GET /healthz answers.
type health struct {
	Status      string `json:"status"`
	Games       int    `json:"games"`
	Running     int    `json:"running"`
	Connections int    `json:"connections"`
	Players     int    `json:"players"`
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	st := s.lobby.Stats()
	s.mu.Lock()
	h := health{Status: "ok", Games: st.Games, Running: st.Running, Connections: len(s.conns), Players: st.Clients}
	code := http.StatusOK
	if s.closing {
		h.Status, code = "shutting down", http.StatusServiceUnavailable
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(h)
}

// Serve serves HTTP on ln (HTTPS with Config.TLS) until ctx ends or the
// listener fails, then shuts down: no new connections, Bye to every client
// and a clean close, the matches stopped. It returns nil after a clean
// shutdown, or the listener's error. Serve may be called once.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	scheme := "ws"
	if s.cfg.TLS != nil {
		ln = tls.NewListener(ln, s.cfg.TLS)
		scheme = "wss"
	}
	hs := &http.Server{
		Handler:           s.mux,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	s.log.Info("listening", "addr", ln.Addr().String(), "ws", "/ws", "scheme", scheme, "rulesets", s.lobby.Rulesets(),
		"max_games", s.cfg.MaxGames, "max_message", s.cfg.Limits.MaxClientMessage, "rate", s.cfg.Limits.MessagesPerSecond)
	if len(s.cfg.TrustedProxies) > 0 {
		s.log.Info("clients behind trusted proxies go by the address their headers name", "trusted_proxy", realip.Proxies(s.cfg.TrustedProxies).String())
	}
	stopAdvertising := s.advertise(ln)
	var err error
	select {
	case <-ctx.Done():
	case err = <-served: // the listener failed
	}
	stopAdvertising()
	s.shutdown(hs)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// Close shuts down a server that Serve does not serve (see Serve for what
// a shutdown does) and returns when it is done. Only the first shutdown
// counts.
func (s *Server) Close() { s.shutdown(nil) }

// SetShutdownReason sets what the Bye of the shutdown to come tells every
// client, instead of wsconn.ReasonShutdown (which tells a client to
// reconnect: the server may restart): protocol.ReasonHostEnded for a
// server whose host ended its game. It changes nothing once the shutdown
// has begun.
func (s *Server) SetShutdownReason(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closing && reason != "" {
		s.bye = reason
	}
}

// shutdown stops the server, and hs if not nil: see Serve.
func (s *Server) shutdown(hs *http.Server) {
	s.shutOnce.Do(func() {
		s.log.Info("shutting down")
		timeout := s.cfg.ShutdownTimeout
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		s.mu.Lock()
		s.closing = true
		bye := s.bye
		conns := make([]*wsconn.Conn, 0, len(s.conns))
		for c := range s.conns {
			conns = append(conns, c)
		}
		s.mu.Unlock()
		// Stop listening (websocket connections are hijacked: Shutdown
		// does not wait for them), then say goodbye to each.
		if hs != nil {
			if err := hs.Shutdown(ctx); err != nil {
				s.log.Warn("HTTP shutdown", "err", err)
			}
		}
		for _, c := range conns {
			c.Close(websocket.StatusGoingAway, bye)
		}
		done := make(chan struct{})
		go func() { s.wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-ctx.Done():
			s.log.Warn("some connections did not close in time", "timeout", timeout)
		}
		s.cancel()
		s.lobby.Close()
		closeStore(s.store, s.log) // once the matches, which save their turns, have stopped
		s.log.Info("stopped", "connections_closed", len(conns))
	})
}

// Running is a server started by Start. Its methods may be called from any
// goroutine.
type Running struct {
	srv    *Server
	addr   net.Addr
	tls    bool // the server speaks wss://
	cancel context.CancelFunc
	served chan struct{} // closed when Serve has returned
	err    error         // what Serve returned, set before served is closed
}

// Start builds a server with cfg (see New), listens on addr (host:port:
// "127.0.0.1:0" for a private server on a free loopback port, ":7777" for
// one the local network can reach) and serves it on another goroutine
// until Stop.
func Start(cfg Config, addr string) (*Running, error) {
	s, err := New(cfg)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &Running{srv: s, addr: ln.Addr(), tls: cfg.TLS != nil, cancel: cancel, served: make(chan struct{})}
	go func() {
		r.err = s.Serve(ctx, ln)
		close(r.served)
	}()
	return r, nil
}

// Addr returns the address the server listens on, with the port it got.
func (r *Running) Addr() net.Addr { return r.addr }

// URL returns the websocket URL a client on this machine connects to:
// ws://HOST:PORT/ws (wss:// with Config.TLS), with 127.0.0.1 for HOST when
// the server listens on every address.
func (r *Running) URL() string {
	host, port := "127.0.0.1", ""
	if a, ok := r.addr.(*net.TCPAddr); ok {
		port = strconv.Itoa(a.Port)
		if !a.IP.IsUnspecified() {
			host = a.IP.String()
		}
	} else if h, p, err := net.SplitHostPort(r.addr.String()); err == nil {
		port = p
		if ip := net.ParseIP(h); ip == nil || !ip.IsUnspecified() {
			host = h
		}
	}
	scheme := "ws://"
	if r.tls {
		scheme = "wss://"
	}
	return scheme + net.JoinHostPort(host, port) + "/ws"
}

// Stop shuts the server down cleanly (see Serve) and returns when it is
// done, with what Serve returned: nil after a clean shutdown. Later calls
// return the same at once.
func (r *Running) Stop() error {
	r.cancel()
	<-r.served
	return r.err
}

// StopWith is Stop with reason as every client's Bye (see
// Server.SetShutdownReason): protocol.ReasonHostEnded when the player who
// hosts the game leaves it. A server stopped already is not told again.
func (r *Running) StopWith(reason string) error {
	r.srv.SetShutdownReason(reason)
	return r.Stop()
}

// Done returns a channel closed once the server has stopped, by Stop or
// because its listener failed (then Stop returns the error).
func (r *Running) Done() <-chan struct{} { return r.served }
