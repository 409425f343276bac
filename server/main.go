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
//
// It is a flag front end to package host, which the desktop client also
// runs inside its own process.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"empires/server/host"
	"empires/shared/protocol"
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
	if cfg.host.Rules, err = host.LoadRules(cfg.host.RulesDir); err != nil {
		fmt.Fprintf(stderr, "server: -rules: %v\n", err)
		return 2
	}
	cfg.host.Logger = newLogger(cfg, stderr)
	log := cfg.host.Logger
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once
	if err := run(ctx, cfg, nil); err != nil {
		log.Error("server failed", "err", err)
		return 1
	}
	return 0
}

// config is what the flags set: the server's configuration, the address
// and the logging.
type config struct {
	host      host.Config
	addr      string
	logLevel  slog.Level
	logFormat string
}

// defaultConfig returns the configuration with no flags.
func defaultConfig() config {
	return config{
		host:      host.DefaultConfig(),
		addr:      ":7777",
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
	fs.StringVar(&cfg.host.DataDir, "data", "", "data `directory`, created if missing. Saving games comes in a later version:\nfor now nothing is written there and games end with the server")
	fs.StringVar(&cfg.host.RulesDir, "rules", "", "a mod: `directory` whose ruleset files replace the built-in ones")
	fs.StringVar(&cfg.host.Name, "name", cfg.host.Name, "the server's `name`, shown to clients")
	fs.IntVar(&cfg.host.MaxGames, "max-games", cfg.host.MaxGames, "most games at once")
	fs.IntVar(&cfg.host.MaxConns, "max-conns", cfg.host.MaxConns, "most client connections at once")
	fs.IntVar(&cfg.host.Limits.MaxClientMessage, "max-message", cfg.host.Limits.MaxClientMessage, "largest message a client may send, in `bytes`")
	fs.IntVar(&cfg.host.Limits.MessagesPerSecond, "rate", cfg.host.Limits.MessagesPerSecond, "messages a second a client may send on average")
	fs.IntVar(&cfg.host.Limits.Burst, "burst", cfg.host.Limits.Burst, "messages a client may send at once, above -rate")
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
	case cfg.host.MaxGames < 1:
		return config{}, fmt.Errorf("-max-games %d: must be at least 1", cfg.host.MaxGames)
	case cfg.host.MaxConns < 1:
		return config{}, fmt.Errorf("-max-conns %d: must be at least 1", cfg.host.MaxConns)
	case cfg.host.Limits.MaxClientMessage < 4<<10 || cfg.host.Limits.MaxClientMessage > protocol.MaxFrame:
		return config{}, fmt.Errorf("-max-message %d: must be %d to %d bytes", cfg.host.Limits.MaxClientMessage, 4<<10, protocol.MaxFrame)
	case cfg.host.Limits.MessagesPerSecond < 1 || cfg.host.Limits.MessagesPerSecond > 10000:
		return config{}, fmt.Errorf("-rate %d: must be 1 to 10000 messages a second", cfg.host.Limits.MessagesPerSecond)
	case cfg.host.Limits.Burst < 1 || cfg.host.Limits.Burst > 100000:
		return config{}, fmt.Errorf("-burst %d: must be 1 to 100000 messages", cfg.host.Limits.Burst)
	case cfg.host.Name == "" || len(cfg.host.Name) > protocol.MaxClientLen:
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
func run(ctx context.Context, cfg config, ready func(net.Addr)) error {
	s, err := host.New(cfg.host)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		s.Close()
		return err
	}
	if ready != nil {
		ready(ln.Addr())
	}
	return s.Serve(ctx, ln)
}
