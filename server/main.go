// Command server is the dedicated Empires server: clients connect with a
// websocket to /ws and speak package protocol; GET /healthz reports its
// state.
//
//	go run ./server -addr :7777
//
// It runs until SIGINT or SIGTERM, then stops accepting connections, sends
// every client Bye{"server shutting down"}, closes each connection cleanly,
// stops the matches and exits 0. Bad flags exit 2 with a message. Games are
// not saved yet (-data is accepted for when they are).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"empires/server/lobby"
	"empires/server/match"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/rules"
	"empires/shared/rules/erfworld"
)

func main() {
	os.Exit(realMain(os.Args[1:], os.Stderr))
}

// realMain runs the server with the command line args and returns the exit
// code: 0 after a clean shutdown (or -h), 2 for bad flags, 1 for a failure.
func realMain(args []string, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "server: %v\nRun 'go run ./server -h' for the flags.\n", err)
		return 2
	}
	if cfg.rules, err = loadRules(cfg.rulesDir); err != nil {
		fmt.Fprintf(stderr, "server: -rules: %v\n", err)
		return 2
	}
	log := newLogger(cfg, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once
	if err := run(ctx, cfg, log, nil); err != nil {
		log.Error("server failed", "err", err)
		return 1
	}
	return 0
}

// config is what the flags set, plus what only tests change.
type config struct {
	addr      string
	dataDir   string
	rulesDir  string
	name      string
	maxGames  int
	maxConns  int
	limits    protocol.Limits
	logLevel  slog.Level
	logFormat string
	rules     *erfworld.Rules // loaded from rulesDir; nil: load it in newServer

	// Set by tests only: shorter timings, a fake clock, a prepared game.
	conn            wsconn.Options // HelloTimeout, IdleTimeout, WriteTimeout, Queue
	clock           match.Clock
	newMatch        func(id uint32, rs *erfworld.Rules, set match.Settings, clock match.Clock) (*match.Match, error)
	shutdownTimeout time.Duration
}

// defaultConfig returns the configuration with no flags.
func defaultConfig() config {
	return config{
		addr:      ":7777",
		name:      "empires",
		maxGames:  lobby.DefaultMaxGames,
		maxConns:  1000,
		limits:    protocol.DefaultLimits(),
		logLevel:  slog.LevelInfo,
		logFormat: "text",
	}
}

// parseFlags reads the command line. It returns flag.ErrHelp after
// printing the help for -h, and an error saying what is wrong with a bad
// flag.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	cfg := defaultConfig()
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `The dedicated Empires server.

Usage: go run ./server [flags]

Clients connect with a websocket to ws://HOST/ws; GET /healthz answers 200
with the number of games and connections. SIGINT or SIGTERM shuts the server
down cleanly: every client gets Bye, every match stops.

Flags:
`)
		fs.PrintDefaults()
	}
	fs.StringVar(&cfg.addr, "addr", cfg.addr, "`address` to listen on, host:port")
	fs.StringVar(&cfg.dataDir, "data", "", "data `directory`, created if missing. Saving games comes in a later version:\nfor now nothing is written there and games end with the server")
	fs.StringVar(&cfg.rulesDir, "rules", "", "a mod: `directory` whose ruleset files replace the built-in ones")
	fs.StringVar(&cfg.name, "name", cfg.name, "the server's `name`, shown to clients")
	fs.IntVar(&cfg.maxGames, "max-games", cfg.maxGames, "most games at once")
	fs.IntVar(&cfg.maxConns, "max-conns", cfg.maxConns, "most client connections at once")
	fs.IntVar(&cfg.limits.MaxClientMessage, "max-message", cfg.limits.MaxClientMessage, "largest message a client may send, in `bytes`")
	fs.IntVar(&cfg.limits.MessagesPerSecond, "rate", cfg.limits.MessagesPerSecond, "messages a second a client may send on average")
	fs.IntVar(&cfg.limits.Burst, "burst", cfg.limits.Burst, "messages a client may send at once, above -rate")
	level := fs.String("log-level", "info", "log `level`: debug, info, warn or error")
	fs.StringVar(&cfg.logFormat, "log-format", cfg.logFormat, "log `format`: text or json")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q: the server takes flags only", fs.Arg(0))
	}
	switch strings.ToLower(*level) {
	case "debug":
		cfg.logLevel = slog.LevelDebug
	case "info":
		cfg.logLevel = slog.LevelInfo
	case "warn", "warning":
		cfg.logLevel = slog.LevelWarn
	case "error":
		cfg.logLevel = slog.LevelError
	default:
		return config{}, fmt.Errorf("-log-level %q: want debug, info, warn or error", *level)
	}
	switch {
	case cfg.logFormat != "text" && cfg.logFormat != "json":
		return config{}, fmt.Errorf("-log-format %q: want text or json", cfg.logFormat)
	case cfg.addr == "":
		return config{}, errors.New("-addr is empty: give host:port, e.g. :7777")
	case cfg.maxGames < 1:
		return config{}, fmt.Errorf("-max-games %d: must be at least 1", cfg.maxGames)
	case cfg.maxConns < 1:
		return config{}, fmt.Errorf("-max-conns %d: must be at least 1", cfg.maxConns)
	case cfg.limits.MaxClientMessage < 4<<10 || cfg.limits.MaxClientMessage > protocol.MaxFrame:
		return config{}, fmt.Errorf("-max-message %d: must be %d to %d bytes", cfg.limits.MaxClientMessage, 4<<10, protocol.MaxFrame)
	case cfg.limits.MessagesPerSecond < 1 || cfg.limits.MessagesPerSecond > 10000:
		return config{}, fmt.Errorf("-rate %d: must be 1 to 10000 messages a second", cfg.limits.MessagesPerSecond)
	case cfg.limits.Burst < 1 || cfg.limits.Burst > 100000:
		return config{}, fmt.Errorf("-burst %d: must be 1 to 100000 messages", cfg.limits.Burst)
	case cfg.name == "" || len(cfg.name) > protocol.MaxClientLen:
		return config{}, fmt.Errorf("-name: 1 to %d characters", protocol.MaxClientLen)
	}
	return cfg, nil
}

// newLogger returns the logger the flags ask for, writing to w.
func newLogger(cfg config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.logLevel}
	if cfg.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// run listens on cfg.addr and serves until ctx ends, then shuts down. It
// calls ready, if not nil, with the address it listens on.
func run(ctx context.Context, cfg config, log *slog.Logger, ready func(net.Addr)) error {
	s, err := newServer(cfg, log)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		s.lobby.Close()
		return err
	}
	if ready != nil {
		ready(ln.Addr())
	}
	return s.serve(ctx, ln)
}

// loadRules loads the erfworld ruleset, with the mod in dir if not empty.
func loadRules(dir string) (*erfworld.Rules, error) {
	fsys, err := rules.OpenSource(dir)
	if err != nil {
		return nil, err
	}
	d, err := erfworld.Load(fsys)
	if err != nil {
		return nil, err
	}
	return erfworld.NewRules(d), nil
}

// server is the HTTP side: the websocket endpoint, the health check, and
// the connections to close on shutdown.
type server struct {
	cfg      config
	log      *slog.Logger
	lobby    *lobby.Lobby
	connOpts wsconn.Options
	mux      *http.ServeMux

	ctx    context.Context // the connections' context: ends after shutdown
	cancel context.CancelFunc
	wg     sync.WaitGroup // the connections' handlers

	mu      sync.Mutex // guards conns, active and closing
	conns   map[*wsconn.Conn]struct{}
	active  int // connections being set up or served
	closing bool
}

// newServer loads the ruleset, prepares the data directory and builds the
// server; serve runs it.
func newServer(cfg config, log *slog.Logger) (*server, error) {
	rs := cfg.rules
	if rs == nil {
		var err error
		if rs, err = loadRules(cfg.rulesDir); err != nil {
			return nil, err
		}
	}
	if cfg.dataDir != "" {
		if err := os.MkdirAll(cfg.dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		log.Info("data directory ready; games are not saved yet (persistence comes later)", "dir", cfg.dataDir)
	}
	lb, err := lobby.New(lobby.Options{Rules: rs, MaxGames: cfg.maxGames, Logger: log, Clock: cfg.clock,
		NewMatch: cfg.newMatch})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{cfg: cfg, log: log, lobby: lb, ctx: ctx, cancel: cancel, conns: make(map[*wsconn.Conn]struct{})}
	s.connOpts = cfg.conn
	s.connOpts.Limits = cfg.limits
	s.connOpts.Server = cfg.name
	s.connOpts.Rulesets = lb.Rulesets()
	s.connOpts.Logger = log
	s.connOpts.Accept = lb.Accept
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /ws", s.serveWS)
	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "Empires server %q: connect a client to ws://%s/ws\n", cfg.name, r.Host)
	})
	return s, nil
}

// serveWS upgrades a request to a websocket and serves it until it ends.
func (s *server) serveWS(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	switch {
	case s.closing:
		s.mu.Unlock()
		http.Error(w, "the server is shutting down", http.StatusServiceUnavailable)
		return
	case s.active >= s.cfg.maxConns:
		s.mu.Unlock()
		s.log.Warn("connection refused: too many", "max", s.cfg.maxConns)
		http.Error(w, "too many connections: try again later", http.StatusServiceUnavailable)
		return
	}
	s.active++
	s.wg.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.active--
		s.mu.Unlock()
		s.wg.Done()
	}()
	c, err := wsconn.Accept(w, r, s.connOpts)
	if err != nil {
		s.log.Info("websocket upgrade failed", "remote", r.RemoteAddr, "err", err)
		return
	}
	s.mu.Lock()
	s.conns[c] = struct{}{}
	closing := s.closing
	s.mu.Unlock()
	if closing { // shutdown began while it was set up
		c.Close(websocket.StatusGoingAway, wsconn.ReasonShutdown)
	}
	c.Serve(s.ctx)
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

// health is what GET /healthz answers.
type health struct {
	Status      string `json:"status"`
	Games       int    `json:"games"`
	Running     int    `json:"running"`
	Connections int    `json:"connections"`
	Players     int    `json:"players"`
}

func (s *server) healthz(w http.ResponseWriter, _ *http.Request) {
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

// serve serves HTTP on ln until ctx ends, then shuts down: no new
// connections, Bye to every client and a clean close, the matches stopped.
// It returns nil after a clean shutdown.
func (s *server) serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s.mux,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	s.log.Info("listening", "addr", ln.Addr().String(), "ws", "/ws", "rulesets", s.lobby.Rulesets(),
		"max_games", s.cfg.maxGames, "max_message", s.cfg.limits.MaxClientMessage, "rate", s.cfg.limits.MessagesPerSecond)
	var err error
	select {
	case <-ctx.Done():
	case err = <-served: // the listener failed
	}
	s.shutdown(hs)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// shutdown stops the server: see serve.
func (s *server) shutdown(hs *http.Server) {
	s.log.Info("shutting down")
	timeout := s.cfg.shutdownTimeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	s.mu.Lock()
	s.closing = true
	conns := make([]*wsconn.Conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	// Stop listening (websocket connections are hijacked: Shutdown does
	// not wait for them), then say goodbye to each.
	if err := hs.Shutdown(ctx); err != nil {
		s.log.Warn("HTTP shutdown", "err", err)
	}
	for _, c := range conns {
		c.Close(websocket.StatusGoingAway, wsconn.ReasonShutdown)
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
	s.log.Info("stopped", "connections_closed", len(conns))
}
