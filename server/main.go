// Command server is the dedicated Empires server: clients connect with a
// websocket to /ws and speak package protocol; GET /healthz reports its
// state.
//
//	go run ./server -addr :7777
//
// It runs until SIGINT or SIGTERM, then stops accepting connections, sends
// every client Bye{"server shutting down"}, closes each connection cleanly,
// stops the matches and exits 0. Bad flags exit 2 with a message. SIGHUP
// reads the -tls-cert and -tls-key files again, after their renewal.
//
// Every flag may also be set by an environment variable, EMPIRES_ and the
// flag's name in upper case with _ for - (EMPIRES_MAX_GAMES=20 for
// -max-games); a flag on the command line wins over its variable.
//
// GET /metrics gives the server's metrics in the Prometheus text format,
// to the addresses of -metrics-allow if set. With -admin-token (better:
// EMPIRES_ADMIN_TOKEN), GET /admin shows the games to whoever logs in with
// the token (or gives it as a bearer token), POST /admin/games/ID/kick?seat=N
// disconnects a player and POST /admin/games/ID/end ends a game.
//
// A started game none of whose players has been connected for
// -abandon-after is abandoned: with -data suspended (a player's seat token
// resumes it), without it ended; with -data, so is one none of whose
// players has acted for -idle-after. A game not started closes after
// -open-for. A connection may hold -games-per-conn of the games it
// created, an IP address -games-per-addr (suspended ones too). The games
// in memory are bounded by -max-games and -game-memory. Behind a reverse
// proxy, -trusted-proxy names the proxies whose X-Forwarded-For or
// Forwarded header gives the client's address to these limits.
//
// With -data DIR, games are saved in DIR/empires.db as they are played and
// resumed when the server starts again, after a shutdown or a crash: the
// players rejoin with their seat tokens, and at most the turn being played
// is lost. A database the server cannot read (another program's, corrupt,
// or of a newer version) makes it exit 1 with a message, the file
// untouched. go run ./server/cmd/replay replays a saved game.
//
// -version prints the build's version (package buildinfo) and exits; the
// server logs it at start and GET /metrics gives it as
// empires_build_info{version="..."} 1. empires-backup (server/cmd/backup)
// backs the database up while the server runs.
//
// Every connection is an open file: at start the server raises its limit
// of open files to the hard limit and logs a warning when -max-conns
// connections do not fit in it.
//
// With -tls-cert and -tls-key, or -tls-domain (automatic certificates
// from Let's Encrypt, kept in DATA/certs), the one port serves wss:// for
// /ws and HTTPS for the rest (package tlsconf); without them plain ws://
// and HTTP, for a LAN, loopback, or a reverse proxy that speaks TLS.
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
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"empires/server/host"
	"empires/server/internal/fdlimit"
	"empires/server/internal/realip"
	"empires/server/match"
	"empires/server/tlsconf"
	"empires/shared/buildinfo"
	"empires/shared/protocol"
	"empires/shared/registry"
)

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

// errVersion is parseFlags's answer to -version: print the version and
// exit 0.
var errVersion = errors.New("-version")

// realMain runs the server with the command line args and returns the exit
// code: 0 after a clean shutdown (or -h, or -version, which prints the
// version on stdout), 2 for bad flags, 1 for a failure.
func realMain(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if errors.Is(err, errVersion) {
		fmt.Fprintln(stdout, buildinfo.Version())
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "server: %v\nRun 'go run ./server -h' for the flags.\n", err)
		return 2
	}
	if cfg.host.Rulesets, err = registry.New(cfg.rulesDir); err != nil {
		fmt.Fprintf(stderr, "server: -rules: %v\n", err)
		return 2
	}
	if cfg.host.Builtin, err = registry.Default(); err != nil {
		fmt.Fprintf(stderr, "server: the built-in rulesets: %v\n", err)
		return 1
	}
	secure, err := tlsconf.New(cfg.tls)
	if err != nil {
		fmt.Fprintf(stderr, "server: TLS: %v\n", err)
		return 2
	}
	if secure != nil {
		cfg.host.TLS = secure.Config
	}
	cfg.host.Logger = newLogger(cfg, stderr)
	log := cfg.host.Logger
	log.Info("empires server", "version", buildinfo.Version(), "protocol", protocol.Version)
	logTLS(log, cfg.addr, cfg.tls, secure)
	if files, err := fdlimit.Raise(); err != nil {
		log.Warn("limit of open files", "err", err)
	} else if err := fdlimit.Check(files, cfg.host.MaxConns); err != nil {
		log.Warn("limit of open files lower than -max-conns needs", "err", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				reloadTLS(log, secure)
			}
		}
	}()
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
	rulesDir  string // a mod directory (-rules)
	// tls says where the certificates come from (-tls-cert, -tls-key,
	// -tls-domain, -tls-email); realMain sets host.TLS from it.
	tls tlsconf.Options
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

// parseFlags reads the command line, and the environment variables of the
// flags it does not give (see setFromEnv). It returns flag.ErrHelp after
// printing the help for -h, errVersion for -version, and an error saying what is wrong with a bad
// flag or variable.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	return parseConfig(args, os.LookupEnv, stderr)
}

// parseConfig is parseFlags with the environment variables that lookup
// finds.
func parseConfig(args []string, lookup func(string) (string, bool), stderr io.Writer) (config, error) {
	cfg := defaultConfig()
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `The dedicated Empires server.

Usage: go run ./server [flags]

Clients connect with a websocket to ws://HOST/ws (wss://HOST/ws with
-tls-cert and -tls-key or -tls-domain); GET /healthz answers 200
with the number of games and connections; GET /metrics gives the metrics in
the Prometheus text format (with -metrics-allow, to those addresses only).
With -admin-token, GET /admin shows the games (a script sends
"Authorization: Bearer TOKEN"; a browser logs in with the page's form),
GET /admin/games gives them as JSON,
POST /admin/games/ID/kick?seat=N disconnects a seat's player and
POST /admin/games/ID/end ends a game for good. SIGINT or
SIGTERM shuts the server down cleanly: every client gets Bye, every match
stops.

Flags:
`)
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), envHelp(fs))
	}
	fs.StringVar(&cfg.addr, "addr", cfg.addr, "`address` to listen on, host:port")
	fs.StringVar(&cfg.host.DataDir, "data", "", "data directory `DIR`, created if missing: games are saved in DIR/empires.db\nand resumed at start (players rejoin with their seat tokens)")
	fs.StringVar(&cfg.rulesDir, "rules", "", "a mod: `directory` whose ruleset files replace the built-in ones")
	fs.StringVar(&cfg.host.Name, "name", cfg.host.Name, "the server's `name`, shown to clients")
	metricsAllow := fs.String("metrics-allow", "", "`list` of addresses and CIDR prefixes, separated by commas, that may read\n/metrics (e.g. 127.0.0.1,10.0.0.0/8); others get 403. Empty: everyone")
	fs.IntVar(&cfg.host.MaxGames, "max-games", cfg.host.MaxGames, "most games in memory at once (open or running; suspended games do not count)")
	gameMemory := fs.Int64("game-memory", cfg.host.GameMemory>>20, "most memory, in `MiB`, the games in memory may take: each is charged 48 KiB\nand 48 bytes a hex of its map (what an idle game measures); past it\nCreateGame and resuming a game are refused. 1024 MiB of maps is about a\ncore of turns if every game has the shortest timer")
	fs.IntVar(&cfg.host.MaxConns, "max-conns", cfg.host.MaxConns, "most client connections at once")
	fs.IntVar(&cfg.host.ConnsPerAddr, "conns-per-addr", cfg.host.ConnsPerAddr, "most client connections at once from one IP address (an IPv6 /64);\n0 for no limit. Behind a reverse proxy, set -trusted-proxy")
	fs.IntVar(&cfg.host.GamesPerConn, "games-per-conn", cfg.host.GamesPerConn, "most games a connection may hold of those it created (open or\nrunning); 0 for no limit")
	fs.IntVar(&cfg.host.GamesPerAddr, "games-per-addr", cfg.host.GamesPerAddr, "most games the connections from one IP address may hold of those\nthey created (open, running, or suspended in the last 24h); 0 for no limit. Behind a reverse\nproxy, set -trusted-proxy")
	fs.DurationVar(&cfg.host.AbandonAfter, "abandon-after", cfg.host.AbandonAfter, "a started game none of whose players (spectators do not count) has\nbeen connected for this `duration`, or one turn of its timer if\nlonger, is abandoned and frees its place: with -data it is suspended\n(kept in the database; a player's seat token resumes it), without\n-data it ends. 0 keeps abandoned games for ever")
	fs.DurationVar(&cfg.host.IdleAfter, "idle-after", cfg.host.IdleAfter, "a started game none of whose players has acted (orders, an action,\nreadiness, chat) for this `duration`, or one turn of its timer if\nlonger, is suspended with -data even while they are connected (a\nplayer's seat token resumes it); when the server is full, after a sixth\nof it, to make room; 0 never; else 1m to 720h")
	fs.DurationVar(&cfg.host.OpenFor, "open-for", cfg.host.OpenFor, "a game not started this `duration` after its creation is closed; 0\nnever; else 10s to 24h")
	fs.DurationVar(&cfg.host.AIPace, "ai-pace", cfg.host.AIPace, fmt.Sprintf("in a game without a turn timer, a turn only the AI plays (its people\nare out, or the AI took their seats over) resolves by itself after\nthis `duration` while someone watches; while nobody does, at once,\nup to %d turns in a row", match.DefaultAIRush))
	fs.IntVar(&cfg.host.Limits.MaxClientMessage, "max-message", cfg.host.Limits.MaxClientMessage, "largest message a client may send, in `bytes`")
	fs.IntVar(&cfg.host.Limits.MessagesPerSecond, "rate", cfg.host.Limits.MessagesPerSecond, "messages a second a client may send on average")
	fs.IntVar(&cfg.host.Limits.Burst, "burst", cfg.host.Limits.Burst, "messages a client may send at once, above -rate")
	fs.Int64Var(&cfg.host.ReadBuffers, "read-buffers", cfg.host.ReadBuffers, "most `bytes` of client messages still arriving that the server holds;\na message that finds no room waits for some, then its connection\ncloses (status 1013). 0 for no limit, else at least -max-message")
	fs.Int64Var(&cfg.host.ReadBuffersPerAddr, "read-buffers-per-addr", cfg.host.ReadBuffersPerAddr, "most `bytes` of client messages still arriving that the server holds\nfor the connections of one IP address (an IPv6 /64). 0 for no limit,\nelse at least -max-message. Behind a reverse proxy, set -trusted-proxy")
	trustedProxy := fs.String("trusted-proxy", "", "comma-separated IP addresses and CIDR prefixes of the reverse `proxies`\n(e.g. 127.0.0.1 for Caddy or nginx on this machine) whose\nX-Forwarded-For or Forwarded header names the client: its address,\nnot the proxy's, is what the limits per address, the password waits\nand the logs go by. The header of any other peer is ignored")
	fs.BoolVar(&cfg.host.Advertise, "lan-advertise", false, "advertise the server on the local network (multicast DNS, service _empires._tcp),\nfor clients to list under LAN games. Not for a server on the internet")
	fs.StringVar(&cfg.host.AdminToken, "admin-token", "", "`token` that opens the admin view (/admin), kicking and ending games;\nempty disables them.\nPrefer EMPIRES_ADMIN_TOKEN: other users of the machine may see a flag")
	fs.StringVar(&cfg.tls.CertFile, "tls-cert", "", "serve wss:// and HTTPS with the certificate chain in this PEM `file`\n(the server's first; with -tls-key); SIGHUP reads both files again,\nafter their renewal. Without TLS the server speaks plain ws:// and\nHTTP: for a LAN, loopback, or a reverse proxy with TLS")
	fs.StringVar(&cfg.tls.KeyFile, "tls-key", "", "the PEM `file` of -tls-cert's private key")
	tlsDomain := fs.String("tls-domain", "", "serve wss:// and HTTPS with certificates got automatically from\nLet's Encrypt for these public `names` (comma-separated), kept in\nDATA/certs (needs -data). Each name must point to this machine, and\nthe server must listen on port 443 (-addr :443): the names are\nchecked there, no other port is needed")
	fs.StringVar(&cfg.tls.Email, "tls-email", "", "optional contact `address` for -tls-domain's certificates: Let's\nEncrypt writes to it about them")
	showVersion := fs.Bool(versionFlag, false, "print the version and exit")
	level := fs.String("log-level", "info", "log `level`: debug, info, warn or error")
	fs.StringVar(&cfg.logFormat, "log-format", cfg.logFormat, "log `format`: text or json")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q: the server takes flags only", fs.Arg(0))
	}
	if *showVersion {
		return config{}, errVersion
	}
	fromEnv, err := setFromEnv(fs, lookup)
	if err != nil {
		return config{}, err
	}
	// what names a flag's setting in an error: "-max-games 0", or
	// "EMPIRES_MAX_GAMES=0" when it came from the environment.
	what := func(name string) string {
		if e, ok := fromEnv[name]; ok {
			return e
		}
		f := fs.Lookup(name)
		if g, ok := f.Value.(flag.Getter); ok {
			if v, ok := g.Get().(string); ok {
				return fmt.Sprintf("-%s %q", name, v)
			}
		}
		return "-" + name + " " + f.Value.String()
	}
	if err := parseTLS(&cfg, *tlsDomain, what); err != nil {
		return config{}, err
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
		return config{}, fmt.Errorf("%s: want debug, info, warn or error", what("log-level"))
	}
	switch {
	case cfg.logFormat != "text" && cfg.logFormat != "json":
		return config{}, fmt.Errorf("%s: want text or json", what("log-format"))
	case cfg.addr == "":
		return config{}, errors.New("-addr is empty: give host:port, e.g. :7777")
	case cfg.host.MaxGames < 1:
		return config{}, fmt.Errorf("%s: must be at least 1", what("max-games"))
	case cfg.host.MaxConns < 1:
		return config{}, fmt.Errorf("%s: must be at least 1", what("max-conns"))
	case cfg.host.ConnsPerAddr < 0:
		return config{}, fmt.Errorf("%s: must be 0 (no limit) or more", what("conns-per-addr"))
	case cfg.host.GamesPerConn < 0:
		return config{}, fmt.Errorf("%s: must be 0 (no limit) or more", what("games-per-conn"))
	case cfg.host.GamesPerAddr < 0:
		return config{}, fmt.Errorf("%s: must be 0 (no limit) or more", what("games-per-addr"))
	case cfg.host.AbandonAfter != 0 && (cfg.host.AbandonAfter < 10*time.Second || cfg.host.AbandonAfter > 30*24*time.Hour):
		return config{}, fmt.Errorf("%s: must be 0 (never) or 10s to 720h", what("abandon-after"))
	case cfg.host.IdleAfter != 0 && (cfg.host.IdleAfter < time.Minute || cfg.host.IdleAfter > 30*24*time.Hour):
		return config{}, fmt.Errorf("%s: must be 0 (never) or 1m to 720h", what("idle-after"))
	case cfg.host.OpenFor != 0 && (cfg.host.OpenFor < 10*time.Second || cfg.host.OpenFor > 24*time.Hour):
		return config{}, fmt.Errorf("%s: must be 0 (never) or 10s to 24h", what("open-for"))
	case *gameMemory < 1 || *gameMemory > 1<<20:
		return config{}, fmt.Errorf("%s: must be 1 to %d MiB", what("game-memory"), 1<<20)
	case cfg.host.AIPace < time.Millisecond || cfg.host.AIPace > time.Hour:
		return config{}, fmt.Errorf("%s: must be 1ms to 1h", what("ai-pace"))
	case cfg.host.Limits.MaxClientMessage < 4<<10 || cfg.host.Limits.MaxClientMessage > protocol.MaxFrame:
		return config{}, fmt.Errorf("%s: must be %d to %d bytes", what("max-message"), 4<<10, protocol.MaxFrame)
	case cfg.host.Limits.MessagesPerSecond < 1 || cfg.host.Limits.MessagesPerSecond > 10000:
		return config{}, fmt.Errorf("%s: must be 1 to 10000 messages a second", what("rate"))
	case cfg.host.Limits.Burst < 1 || cfg.host.Limits.Burst > 100000:
		return config{}, fmt.Errorf("%s: must be 1 to 100000 messages", what("burst"))
	case cfg.host.ReadBuffers != 0 && cfg.host.ReadBuffers < int64(cfg.host.Limits.MaxClientMessage):
		return config{}, fmt.Errorf("%s: must be 0 (no limit) or at least -max-message (%d bytes)", what("read-buffers"), cfg.host.Limits.MaxClientMessage)
	case cfg.host.ReadBuffersPerAddr != 0 && cfg.host.ReadBuffersPerAddr < int64(cfg.host.Limits.MaxClientMessage):
		return config{}, fmt.Errorf("%s: must be 0 (no limit) or at least -max-message (%d bytes)", what("read-buffers-per-addr"), cfg.host.Limits.MaxClientMessage)
	case cfg.host.Name == "" || len(cfg.host.Name) > protocol.MaxClientLen:
		return config{}, fmt.Errorf("%s: 1 to %d characters", what("name"), protocol.MaxClientLen)
	}
	if cfg.host.TrustedProxies, err = realip.ParseProxies(*trustedProxy); err != nil {
		return config{}, fmt.Errorf("%s: %w", what("trusted-proxy"), err)
	}
	cfg.host.Limits = cfg.host.Limits.WithWork() // the work budget follows -rate, -burst and -max-message
	cfg.host.GameMemory = *gameMemory << 20
	if cfg.host.MetricsAllow, err = host.ParseAllowList(*metricsAllow); err != nil {
		return config{}, fmt.Errorf("%s: %w", what("metrics-allow"), err)
	}
	return cfg, nil
}

// parseTLS checks the TLS flags and sets cfg.tls's names and cache
// directory; what names a flag's setting in an error (see parseConfig).
func parseTLS(cfg *config, domains string, what func(string) string) error {
	t := &cfg.tls
	var err error
	if t.Domains, err = tlsconf.ParseDomains(domains); err != nil {
		return fmt.Errorf("%s: %v", what("tls-domain"), err)
	}
	switch {
	case t.CertFile != "" && t.KeyFile == "":
		return fmt.Errorf("%s needs -tls-key, the certificate's private key", what("tls-cert"))
	case t.KeyFile != "" && t.CertFile == "":
		return fmt.Errorf("%s needs -tls-cert, the key's certificate", what("tls-key"))
	case t.CertFile != "" && len(t.Domains) > 0:
		return fmt.Errorf("%s and %s: give certificate files or automatic certificates, not both", what("tls-cert"), what("tls-domain"))
	case t.Email != "" && len(t.Domains) == 0:
		return fmt.Errorf("%s is for the automatic certificates of -tls-domain: give -tls-domain too", what("tls-email"))
	case len(t.Domains) > 0 && cfg.host.DataDir == "":
		return fmt.Errorf("%s needs -data DIR: the certificates are kept in DIR/certs", what("tls-domain"))
	case t.Enabled() && cfg.host.Advertise:
		return errors.New("-lan-advertise with TLS: the local network's clients would look for ws://; serve a LAN without -tls-cert or -tls-domain")
	}
	if len(t.Domains) > 0 {
		t.CacheDir = filepath.Join(cfg.host.DataDir, "certs")
	}
	return t.Check() // the same rules: nothing left to refuse
}

// logTLS logs how the server listening on addr is reached: over wss://
// with the names of secure's certificates, or over plain ws://. It warns
// of automatic certificates on a port other than 443, where Let's Encrypt
// checks the names.
func logTLS(log *slog.Logger, addr string, opts tlsconf.Options, secure *tlsconf.Server) {
	switch {
	case secure == nil:
		log.Info("serving ws:// and HTTP, unencrypted: for a LAN, loopback or a reverse proxy with TLS")
	case secure.Auto:
		log.Info("serving wss:// and HTTPS", "names", strings.Join(secure.Names, ","),
			"certificates", "automatic (Let's Encrypt), kept in "+opts.CacheDir)
		if _, port, err := net.SplitHostPort(addr); err == nil && port != "443" {
			log.Warn("Let's Encrypt checks the names on port 443: listen there (-addr :443), or forward port 443 to this one",
				"addr", addr)
		}
	default:
		log.Info("serving wss:// and HTTPS", "names", strings.Join(secure.Names, ","),
			"certificate", opts.CertFile, "expires", secure.NotAfter.UTC().Format(time.DateTime))
		if time.Now().After(secure.NotAfter) {
			log.Warn("the certificate has expired: clients will refuse it", "certificate", opts.CertFile,
				"expired", secure.NotAfter.UTC().Format(time.DateTime))
		}
	}
}

// reloadTLS reads the certificate files of secure again (SIGHUP) and
// logs what came of it: the new certificate, or why the old one is kept.
func reloadTLS(log *slog.Logger, secure *tlsconf.Server) {
	if secure == nil {
		log.Info("SIGHUP: no certificate files to reload (no -tls-cert)")
		return
	}
	names, notAfter, err := secure.Reload()
	switch {
	case errors.Is(err, tlsconf.ErrNothingToReload):
		log.Info("SIGHUP: " + err.Error())
	case err != nil:
		log.Error("SIGHUP: the certificate was not reloaded: still serving the one before", "err", err)
	default:
		log.Info("SIGHUP: certificate reloaded", "names", strings.Join(names, ","),
			"expires", notAfter.UTC().Format(time.DateTime))
	}
}

// newLogger returns the logger the flags ask for, writing to w.
func newLogger(cfg config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.logLevel}
	if cfg.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// run listens on cfg.addr and serves (over TLS with cfg.host.TLS) until
// ctx ends, then shuts down. It
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
