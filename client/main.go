// Command client is the Empires desktop client: the menus, Play vs AI (the
// server runs inside the client), hosting and joining LAN games, and the
// game itself.
//
//	go run ./client
//
// With -autoplay DIR it plays a scripted session instead of waiting for a
// person: Play vs AI, orders for -turns turns, a screenshot of each stage
// saved in DIR; it exits 0 when every stage passed and 1 with the reason
// otherwise. The client tests run it under Xvfb.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/app"
	"empires/client/module/generals/deck"
	"empires/client/modules"
	"empires/client/prefs"
	"empires/shared/buildinfo"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "empires:", err)
		os.Exit(1)
	}
}

// run runs the client with the command line args; -version prints the
// version to stdout, the help and the logs go to stderr.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("empires", flag.ContinueOnError)
	fs.SetOutput(stderr)
	modDir := fs.String("rules", "", "a mod: `directory` of edited ruleset files that replace the built-in ones")
	name := fs.String("name", "", "your player `name` (default: the saved one)")
	autoplay := fs.String("autoplay", "", "play a scripted session, save screenshots in this `directory`, and exit")
	turns := fs.Int("turns", 2, "turns the -autoplay session plays")
	seats := fs.Int("seats", 3, "players of the -autoplay game, the session's own seat among them (the others are the AI's)")
	play := fs.Bool("play", false, "start a game against the AI at once (map -size, -seed), skipping the menus")
	size := fs.String("size", "32x24", "map size of the -play or -autoplay game, WIDTHxHEIGHT")
	seed := fs.Uint64("seed", 7, "seed of the -play or -autoplay game")
	rulesetID := fs.String("ruleset", "", "`id` of the ruleset of the -play or -autoplay game (default: the build's default, erfworld)")
	probe := fs.String("probe", "", "keep the screen's state as JSON in this `file` (for tests that drive the window)")
	lan := fs.String("lan", app.DefaultLANAddr, "`address` a hosted LAN game listens on")
	everything := fs.Bool("autoplay-everything", false, "the -autoplay session ends watching its game's replay from above, zoomed out (everything.png); a game it cannot play (Duel, risk, generals) is watched unplayed")
	hostLAN := fs.Bool("autoplay-host", false, "the -autoplay session hosts a LAN game with a seat open and waits for a player")
	join := fs.String("autoplay-join", "", "the -autoplay session joins the first game of the server at this `address`:\nhost:port, or a ws:// or wss:// URL (wss://host[:port][/ws])")
	verbose := fs.Bool("v", false, "log what happens to stderr too (it always goes to the log file, shown in Settings)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to this `file` (go tool pprof reads it)")
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Version())
		return nil
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: the client takes flags only", fs.Arg(0))
	}
	if (*hostLAN || *join != "" || *everything) && *autoplay == "" {
		return errors.New("-autoplay-host, -autoplay-join and -autoplay-everything need -autoplay DIR")
	}
	if *hostLAN && *join != "" {
		return errors.New("-autoplay-host and -autoplay-join exclude each other")
	}
	if *join != "" {
		if _, err := app.ServerURL(*join); err != nil {
			return fmt.Errorf("-autoplay-join: %w", err)
		}
	}
	if *play && *autoplay != "" {
		return errors.New("-play and -autoplay exclude each other")
	}
	if *probe != "" {
		if st, err := os.Stat(filepath.Dir(*probe)); err != nil || !st.IsDir() {
			return fmt.Errorf("-probe %s: its directory does not exist", *probe)
		}
	}
	rulesets, err := registry.New(*modDir)
	if err != nil {
		return fmt.Errorf("-rules: %w", err)
	}
	mods, err := modules.Default()
	if err != nil {
		return err
	}
	def := rulesets.Default().Info()
	if *rulesetID != "" {
		rs, ok := rulesets.Get(*rulesetID)
		if !ok {
			return fmt.Errorf("-ruleset %q: this build has no such ruleset", *rulesetID)
		}
		def = rs.Info()
	}
	opts := app.Options{Rulesets: rulesets, Builtin: registry.Default, Modules: mods, Decks: deck.MenuEntry{}, LANAddr: *lan, Probe: *probe}
	if dir, err := conn.CacheDir(); err == nil {
		opts.RulesCache = dir
	}
	if dir, err := os.UserConfigDir(); err == nil {
		opts.PrefsDir = filepath.Join(dir, "empires")
		opts.DataDir = filepath.Join(dir, "empires", "games")
		opts.ShotDir = filepath.Join(dir, "empires", "screenshots")
	}
	if dir, err := os.UserCacheDir(); err == nil {
		opts.LogFile = filepath.Join(dir, "empires", logName)
	}
	opts.Prefs = prefs.Default()
	switch {
	case *autoplay != "":
		// A scripted session changes nothing of the player's: its games
		// are saved with its screenshots, and it keeps no rules data.
		opts.PrefsDir = ""
		opts.RulesCache = ""
		opts.DataDir = filepath.Join(*autoplay, "games")
		opts.ShotDir = *autoplay
		opts.LogFile = filepath.Join(*autoplay, logName)
		opts.Prefs.AnimSpeed = prefs.AnimFast
	case opts.PrefsDir != "":
		p, err := prefs.Load(opts.PrefsDir)
		if err != nil {
			fmt.Fprintf(stderr, "empires: %v; using the default preferences\n", err)
		} else {
			opts.Prefs = p
		}
	}
	if *name != "" {
		if err := protocol.ValidName(*name); err != nil {
			return fmt.Errorf("-name: %w", err)
		}
		opts.Prefs.Name = *name
	}
	if *play {
		set, err := quickPlay(def, *size, *seed)
		if err != nil {
			return err
		}
		opts.QuickPlay = &set
	}
	if *autoplay != "" {
		w, h, err := parseSize(*size)
		if err != nil {
			return fmt.Errorf("-size: %w", err)
		}
		if !def.HasMap() {
			w, h = 0, 0 // a game without a map (cards, territories) has no size
		}
		if *turns < 1 {
			return fmt.Errorf("-turns %d: must be at least 1", *turns)
		}
		if *seats < 2 {
			return fmt.Errorf("-seats %d: must be at least 2", *seats)
		}
		set := protocol.Settings{Ruleset: def.ID, Width: w, Height: h, Seed: *seed, Seats: *seats, Bots: *seats - 1}
		if *hostLAN {
			set.Bots = *seats - 2 // a seat for the player who joins
		}
		if err := set.Validate(def.ID); err != nil {
			return err
		}
		opts.Script = &app.Script{Dir: *autoplay, Turns: *turns, Settings: set, Timeout: 3 * time.Minute,
			Host: *hostLAN, Join: *join, Everything: *everything, Report: os.Stdout}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	logFile, err := openLog(opts.LogFile)
	if err != nil {
		fmt.Fprintf(stderr, "empires: %v; logging to no file\n", err)
		opts.LogFile = ""
	}
	var logTo io.Writer // not the nil *os.File: an interface holding it is not nil
	if logFile != nil {
		defer logFile.Close()
		logTo = logFile
	}
	opts.Logger = newLogger(logTo, *verbose, stderr)
	opts.Logger.Info("empires client", "version", buildinfo.Version(), "protocol", protocol.Version)
	a, err := app.New(opts)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("Empires")
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowSizeLimits(960, 640, -1, -1)
	ebiten.SetScreenClearedEveryFrame(false) // Draw skips frames App.wantsDraw does not want
	if err := ebiten.RunGame(&fitted{App: a}); err != nil {
		return err
	}
	return nil
}

// logName is the client's log file, in the user's cache directory
// (os.UserCacheDir/empires) or an -autoplay session's directory.
const logName = "empires.log"

// openLog opens the log file at path for a new run: the previous run's
// log is kept as path with ".1" added, an older one dropped. It returns
// nil for an empty path.
// CHOICE: one file a run plus the one before, not a log that grows: the
// client logs little, and a player asked for a log sends the last run's.
func openLog(path string) (*os.File, error) {
	if path == "" {
		return nil, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("the log: %w", err)
	}
	if err := os.Rename(path, path+".1"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("the log: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("the log: %w", err)
	}
	return f, nil
}

// newLogger returns the client's logger: info and above to file (if not
// nil) and, with verbose, to stderr as well.
func newLogger(file io.Writer, verbose bool, stderr io.Writer) *slog.Logger {
	var w []io.Writer
	if file != nil {
		w = append(w, file)
	}
	if verbose {
		w = append(w, stderr)
	}
	if len(w) == 0 {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(io.MultiWriter(w...), &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// fitted is the client's game, whose window is made to fit its monitor on
// the first frame: a 1280x800 window on a 1024x768 screen would hide the
// side panel.
type fitted struct {
	*app.App
	done bool
}

// Update implements ebiten.Game.
func (f *fitted) Update() error {
	if !f.done {
		f.done = true
		if m := ebiten.Monitor(); m != nil {
			mw, mh := m.Size()
			w, h := ebiten.WindowSize()
			if fw, fh := fitWindow(w, h, mw, mh); fw != w || fh != h {
				ebiten.SetWindowSize(fw, fh)
			}
		}
	}
	return f.App.Update()
}

// fitWindow returns the size of a w x h window on a monitor of mw x mh:
// the same if it fits, else as much of the monitor as it can take (a
// little less in height, for a desktop's bars), never below the window's
// least size of 960x640.
func fitWindow(w, h, mw, mh int) (int, int) {
	if mw <= 0 || mh <= 0 {
		return w, h
	}
	if w > mw {
		w = max(mw, 960)
	}
	if h > mh {
		h = max(mh*95/100, 640)
	}
	return w, h
}

// quickPlay returns the settings of the game -play starts: ruleset def
// on a map of size ("WIDTHxHEIGHT"; a ruleset without a map, cards or
// territories, has none and takes no size), seed, three AI opponents.
func quickPlay(def ruleset.Info, size string, seed uint64) (protocol.Settings, error) {
	w, h, err := parseSize(size)
	if err != nil {
		return protocol.Settings{}, fmt.Errorf("-size: %w", err)
	}
	if !def.HasMap() {
		w, h = 0, 0
	}
	set := protocol.Settings{Ruleset: def.ID, Width: w, Height: h, Seed: seed, Seats: 4, Bots: 3}
	if err := set.Validate(def.ID); err != nil {
		return protocol.Settings{}, err
	}
	return set, nil
}

// parseSize parses "WIDTHxHEIGHT".
func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT, e.g. 32x24", s)
	}
	if w, err = strconv.Atoi(a); err == nil {
		h, err = strconv.Atoi(b)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT, e.g. 32x24", s)
	}
	if w < protocol.MinMapSide || w > protocol.MaxMapSide || h < protocol.MinMapSide || h > protocol.MaxMapSide {
		return 0, 0, fmt.Errorf("%q: each side must be %d to %d", s, protocol.MinMapSide, protocol.MaxMapSide)
	}
	return w, h, nil
}
