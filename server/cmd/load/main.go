// Command load puts an Empires server under load: it starts games of
// headless AI clients (package shared/bot), each over its own websocket,
// and reports what the server held: connections, games, turns resolved a
// second, the time from a turn's last SetReady to each client's
// TurnUpdate, in a game played one action at a time the time from each
// action (Act) to its ActResult and to the other players' TurnUpdates,
// bytes a client receives a turn, errors, and the server's CPU time and
// memory.
//
//	go run ./server/cmd/load -games 50 -seats 8 -size 32x32 -timer 10 -turns 1000 -duration 90s
//
// Without -addr it starts a server of its own on a free loopback port, in
// a child process (the command itself, run with the hidden flag -serve) so
// that the server's CPU and memory are measured apart from the clients';
// -inproc runs that server inside the command instead. With -addr it loads
// a running server and measures the clients only.
//
// -ruleset names the games' ruleset and -option its other settings
// (key=value, repeated or separated by commas, checked against them);
// -seats may be up to 20 where the ruleset seats that many. A ruleset whose
// players bring set-up data (a deck) gets its default from every client.
//
// The clients are the ruleset's AI at -level, or with -clients passive
// light ones that submit no orders and make no AI but keep their views and
// check every checksum; -think makes them think over each turn, as people
// do, rather than answer at once. With -clients idle they only connect and
// hold their connections, in no game (the connections' own cost). -storm
// spreads the clients' first connections over a time, and the report
// counts the hellos welcomed, tried again and failed, and the time to
// each Welcome. -warmup leaves the first seconds (clients
// connecting, games starting) out of the figures; -pprof serves the own
// server's profiles, -data saves its games (and the report gives the data
// directory's size at the end, and its bytes a step played).
//
// For each game the first client creates it (every seat a person's, the
// turn timer of -timer) and the others join it by its ID; when the game is
// over they play a new one (unless -rematch=false). Each client stops
// after -turns turns in all; -duration stops everything. A line of progress
// comes every -every, the report at the end. The command exits 1 if a
// client failed or a view's checksum did not match the server's, 2 on bad
// flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"empires/server/cmd/internal/gameflags"
	"empires/shared/buildinfo"
	"empires/shared/protocol"
	"empires/shared/registry"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == serveFlag {
		os.Exit(serveMain(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks errors in the command line.
var errUsage = errors.New("usage")

// run parses the command line, runs the load and prints its progress and
// report to stdout. It fails if the load could not run, a client failed
// or a checksum mismatched.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	cfg, cpuProfile, err := parseFlags(args, stdout)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		if errors.Is(err, errVersion) {
			fmt.Fprintln(stdout, buildinfo.Version())
			return nil
		}
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("CPU profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	rep, err := Run(ctx, cfg, stdout)
	if err != nil {
		return err
	}
	rep.Print(stdout)
	return rep.Err()
}

// errVersion is parseFlags's answer to -version.
var errVersion = errors.New("-version")

// parseFlags returns the Config the command line sets and the file to
// write the clients' CPU profile to (empty: none); usage errors wrap
// errUsage, -h returns flag.ErrHelp, -version errVersion.
func parseFlags(args []string, out io.Writer) (Config, *string, error) {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(out)
	cfg := Config{}
	fs.StringVar(&cfg.Addr, "addr", "", "host:port of a running server; empty starts one on a free loopback port")
	fs.IntVar(&cfg.ServerPID, "server-pid", 0, "with -addr, the process ID of that server when it runs on this machine: its CPU and memory are measured")
	fs.BoolVar(&cfg.InProc, "inproc", false, "without -addr, run the server inside this process instead of a child process")
	fs.StringVar(&cfg.Pprof, "pprof", "", "host:port the load's own server serves its profiles on (/debug/pprof/), for go tool pprof; empty: none")
	fs.StringVar(&cfg.DataDir, "data", "", "data `directory` of the load's own server, which then saves every turn there (SQLite); empty: none")
	fs.IntVar(&cfg.Games, "games", 10, "games to play at once")
	fs.IntVar(&cfg.Seats, "seats", 4, fmt.Sprintf("clients (seats) per game, %d to %d", protocol.MinSeats, protocol.MaxSeats))
	size := fs.String("size", "32x32", "map size as WIDTHxHEIGHT")
	fs.IntVar(&cfg.Timer, "timer", 10, fmt.Sprintf("turn timer in seconds: 0 (wait for everyone) or %d and more", protocol.MinTurnSeconds))
	fs.IntVar(&cfg.Turns, "turns", 100, "turns each client plays before it stops")
	fs.BoolVar(&cfg.Rematch, "rematch", true, "when a game is over, its clients play a new one until they have played -turns turns")
	fs.StringVar(&cfg.Ruleset, "ruleset", "", "the games' ruleset (default: the server's default, erfworld)")
	fs.StringVar(&cfg.Clients, "clients", ClientsAI, fmt.Sprintf("kind of client: %s (the ruleset's AI at -level), %s (light: no orders, no AI; views kept and checked) or %s (connected, in no game: the connections' own cost)", ClientsAI, ClientsPassive, ClientsIdle))
	fs.DurationVar(&cfg.Think, "think", 0, "how long a client thinks over each turn before it acts: drawn between half and 1.5 times this; 0 acts at once")
	fs.StringVar(&cfg.Level, "level", "", "the clients' AI level, one of the ruleset's (default: its default)")
	fs.DurationVar(&cfg.Duration, "duration", 2*time.Minute, "the longest the load runs")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the first game; game i uses seed+i")
	cpuProfile := fs.String("cpuprofile", "", "write the CPU profile of this process (the clients; the server too with -inproc) to `file`")
	fs.DurationVar(&cfg.Storm, "storm", 0, "spread the clients' first connections over this long, each at a time drawn evenly in it (a storm of connections); 0 starts every game's first client at once")
	fs.DurationVar(&cfg.Warmup, "warmup", 0, "how long to run before measuring (clients connecting, games starting): turns, delays and CPU count from then on")
	fs.DurationVar(&cfg.Every, "every", 5*time.Second, "how often to print a line of progress")
	var options gameflags.Options
	fs.Var(&options, "option", gameflags.Usage)
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return Config{}, nil, err
		}
		return Config{}, nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	if *version {
		return Config{}, nil, errVersion
	}
	if fs.NArg() > 0 {
		return Config{}, nil, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	cfg.Options = options.Protocol()
	var err error
	if cfg.Width, cfg.Height, err = parseSize(*size); err != nil {
		return Config{}, nil, fmt.Errorf("%w: -size: %v", errUsage, err)
	}
	if err := cfg.check(); err != nil {
		return Config{}, nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	reg, err := registry.Default()
	if err != nil {
		return Config{}, nil, err
	}
	if err := cfg.checkRuleset(reg); err != nil {
		return Config{}, nil, err
	}
	return cfg, cpuProfile, nil
}

// parseSize parses "WIDTHxHEIGHT".
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT", s)
	}
	if w, err = strconv.Atoi(ws); err != nil {
		return 0, 0, fmt.Errorf("%q: width: %w", s, err)
	}
	if h, err = strconv.Atoi(hs); err != nil {
		return 0, 0, fmt.Errorf("%q: height: %w", s, err)
	}
	return w, h, nil
}
