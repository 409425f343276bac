// Command replay plays a game a server saved (in DIR/empires.db, see
// package store) again from its first saved state and its order log, step
// by step, and checks that every step had the events the server saved and
// that every state the server saved whole (a snapshot every
// store.SnapshotEvery steps, and the end) is the state played again.
//
//	go run ./server/cmd/replay -data DIR -list
//	go run ./server/cmd/replay -data DIR -game 3
//
// It prints a line per step: the step, its checksum and whether it matches
// the saved state where one was saved, and the step's number of events. It
// exits 0 when every step matches, 1 at the first step that does not
// (saying which fields of the state differ) or on any other failure, and 2
// for bad flags. It only reads the database, which the server may be using
// meanwhile, but for a database of an earlier schema, which it migrates
// first as the server does.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"empires/server/store"
	"empires/shared/buildinfo"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

// errUsage marks errors in the command line.
var errUsage = errors.New("usage")

// realMain runs the command and returns its exit code.
func realMain(args []string, stdout, stderr io.Writer) int {
	err := run(args, stdout, stderr)
	switch {
	case err == nil || errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "replay: %v\nRun 'go run ./server/cmd/replay -h' for the flags.\n", err)
		return 2
	}
	fmt.Fprintf(stderr, "replay: %v\n", err)
	return 1
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Replays a game an Empires server saved, checking every step.

Usage: go run ./server/cmd/replay -data DIR -game N
       go run ./server/cmd/replay -data DIR -list

Flags:
`)
		fs.PrintDefaults()
	}
	dir := fs.String("data", "data", "the server's data directory `DIR`, which holds empires.db")
	id := fs.Uint("game", 0, "the game to replay")
	list := fs.Bool("list", false, "list the saved games")
	modDir := fs.String("rules", "", "the mod the server ran: `directory` whose ruleset files replace the built-in ones")
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Version())
		return nil
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	case *list == (*id != 0):
		return fmt.Errorf("%w: give -list or -game N", errUsage)
	case *id > 1<<32-1:
		return fmt.Errorf("%w: -game %d: no such game id", errUsage, *id)
	}
	path := filepath.Join(*dir, store.FileName)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("no saved games: %w", err)
	}
	s, err := store.Open(path)
	if err != nil {
		return err
	}
	defer s.Close()
	if *list {
		return listGames(s, stdout)
	}
	reg, err := registry.New(*modDir)
	if err != nil {
		return fmt.Errorf("ruleset: %w", err)
	}
	g, err := s.Game(protocol.GameID(*id))
	if err != nil {
		return err
	}
	rs, ok := reg.Get(g.Settings.Ruleset)
	if !ok {
		return fmt.Errorf("the game is of ruleset %q; this build plays %s", g.Settings.Ruleset, strings.Join(reg.IDs(), ", "))
	}
	return replay(s, g.ID, rs, stdout)
}

// listGames prints a line per saved game.
func listGames(s *store.Store, w io.Writer) error {
	games, err := s.Games()
	if err != nil {
		return err
	}
	if len(games) == 0 {
		fmt.Fprintf(w, "no games saved in %s\n", s.Path())
		return nil
	}
	for _, g := range games {
		status := fmt.Sprintf("playing step %d", g.Last)
		switch {
		case g.Over && g.Winner != 0:
			status = fmt.Sprintf("over at step %d, won by %s (%s)", g.Last, protocol.SeatOf(g.Winner), seatName(g, g.Winner))
		case g.Over:
			status = fmt.Sprintf("over at step %d, nobody won", g.Last)
		}
		fmt.Fprintf(w, "%d\t%q\t%s\t%d steps\t%s\tstarted %s\n", uint32(g.ID), g.Settings.Name, g.Settings.String(),
			g.Turns(), status, g.Created.Local().Format("2006-01-02 15:04"))
	}
	return nil
}

func seatName(g store.Game, p ruleset.Seat) string {
	for _, st := range g.Seats {
		if st.Seat == protocol.SeatOf(p) {
			return st.Name
		}
	}
	return "?"
}

// replay replays game id, printing a line per step.
func replay(s *store.Store, id protocol.GameID, rs ruleset.Ruleset, w io.Writer) error {
	g, err := s.Game(id)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s %q: %s, steps %d to %d\n", id, g.Settings.Name, g.Settings.String(), g.First, g.Last)
	if err := checkStart(s, g, rs, w); err != nil {
		return err
	}
	n := 0
	err = store.Replay(s, id, rs, func(st store.Step) error {
		n++
		if st.Checked {
			fmt.Fprintf(w, "step %d: checksum %016x ok, %d events\n", st.Seq, st.Checksum, st.Outcome.Count())
		} else {
			fmt.Fprintf(w, "step %d: %d events ok\n", st.Seq, st.Outcome.Count())
		}
		return nil
	})
	var mm *store.MismatchError
	if errors.As(err, &mm) {
		fmt.Fprintf(w, "step %d: checksum %016x, saved %016x: MISMATCH\n", mm.Seq, mm.Have, mm.Want)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d steps replayed, every state as saved\n", n)
	return nil
}

// checkStart checks that the first saved state of a game saved from its
// start is the one its seed makes. A game whose players brought set-up
// data (ruleset.SeatSetup: a deck) is made from its seed and their data,
// which the store keeps only inside the state: its start is checked
// against the seed with the ruleset's default data, and one made with
// other data is said so, not refused.
func checkStart(s *store.Store, g store.Game, rs ruleset.Ruleset, w io.Writer) error {
	sn, err := s.Snapshot(g.ID, g.First)
	if err != nil {
		return err
	}
	if err := sn.Check(); err != nil {
		return err
	}
	names := make([]string, g.Settings.Seats)
	for i := range names {
		names[i] = fmt.Sprintf("Player %d", i+1)
		if i < len(g.Seats) && g.Seats[i].Name != "" {
			names[i] = g.Seats[i].Name
		}
	}
	set := g.Settings
	fresh, err := rs.New(set.Config(names))
	if err != nil {
		return fmt.Errorf("the game's start from its seed: %w", err)
	}
	if fresh.Step().Seq != g.First {
		fmt.Fprintf(w, "start: the game was saved from step %d, not from its seed\n", g.First)
		return nil
	}
	data, err := fresh.Save()
	if err != nil {
		return fmt.Errorf("the game's start from its seed: %w", err)
	}
	if sum := store.Checksum(data); sum != sn.Checksum {
		if _, ok := rs.(ruleset.SeatSetup); ok {
			fmt.Fprintf(w, "start: checksum %016x, not the start seed %d makes with the default set-up data: "+
				"the players brought their own (decks), which only the saved state holds\n", sn.Checksum, set.Seed)
			return nil
		}
		diff := ""
		if d, ok := rs.(ruleset.SaveDiffer); ok {
			diff = d.DiffSaves(data, sn.Data)
		}
		return fmt.Errorf("the first saved state (checksum %016x) is not the start seed %d makes (%016x): %s",
			sn.Checksum, set.Seed, sum, orEncoding(diff))
	}
	fmt.Fprintf(w, "start: checksum %016x ok, made from seed %d\n", sn.Checksum, set.Seed)
	return nil
}

func orEncoding(diff string) string {
	if strings.TrimSpace(diff) == "" {
		return "the encodings differ"
	}
	return diff
}
