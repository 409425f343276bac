package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// gameID is the id the command's game is saved under.
const gameID protocol.GameID = 1

// saver saves the steps of the command's game as -save says: with the
// server's store (st not nil), or by encoding the game only.
type saver struct {
	st    *store.Store
	dir   string // the store's directory, made for the game
	empty int64  // the size of a new store's file
}

// newSaver returns the saver of cfg.save for game g, which is about to
// be played. With saveStore it makes a new directory under cfg.storeDir
// and a store in it, and saves the game's start there as the server
// does: its settings and seats, then its state whole.
func newSaver(rs ruleset.Ruleset, cfg config, g ruleset.Game) (*saver, error) {
	if cfg.save != saveStore {
		return &saver{}, nil
	}
	dir, err := os.MkdirTemp(cfg.storeDir, "whole-store-")
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	sv := &saver{dir: dir}
	if sv.empty, err = newStoreSize(dir); err != nil {
		sv.remove()
		return nil, err
	}
	if sv.st, err = store.OpenDir(dir); err != nil {
		sv.remove()
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := sv.start(rs, cfg, g); err != nil {
		sv.remove()
		return nil, fmt.Errorf("store: %w", err)
	}
	return sv, nil
}

// newStoreSize returns the size of a new store's file, made and removed
// in dir.
func newStoreSize(dir string) (int64, error) {
	path := filepath.Join(dir, "empty.db")
	st, err := store.Open(path)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	if err := st.Close(); err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return fi.Size(), os.Remove(path)
}

// start saves game g as the server saves a game whose match starts.
func (sv *saver) start(rs ruleset.Ruleset, cfg config, g ruleset.Game) error {
	set := protocol.Settings{Name: "whole", Ruleset: rs.Info().ID, Width: cfg.width, Height: cfg.height,
		Seed: cfg.seed, Seats: cfg.players, Bots: cfg.players, AILevel: cfg.level}
	for _, k := range slices.Sorted(maps.Keys(cfg.options)) {
		set.Options = append(set.Options, protocol.Option{Key: k, Value: cfg.options[k]})
	}
	seats := make([]store.Seat, cfg.players)
	for i := range seats {
		seats[i] = store.Seat{Seat: protocol.Seat(i + 1), Name: fmt.Sprintf("AI %d", i+1), Bot: true}
	}
	if err := sv.st.SaveGame(gameID, set, seats); err != nil {
		return err
	}
	data, err := g.Save()
	if err != nil {
		return err
	}
	over, winner := g.Over()
	return sv.st.SaveState(gameID, store.State{Seq: g.Step().Seq, Save: data, Over: over, Winner: winner})
}

// save saves step played of game g, played with subs and giving out, and
// returns the bytes of the game's save it made: with the store, the
// step's orders and, where store.SnapshotDue says, the game whole, once
// committed (as the lobby's OnTurn saves a step); without, the game
// encoded (Game.Save).
func (sv *saver) save(g ruleset.Game, played ruleset.Step, subs []ruleset.Submission, out ruleset.Outcome) (int, error) {
	if sv.st == nil {
		data, err := g.Save()
		return len(data), err
	}
	over, winner := g.Over()
	after := store.State{Seq: g.Step().Seq, Over: over, Winner: winner}
	if store.SnapshotDue(after.Seq, after.Over) {
		var err error
		if after.Save, err = g.Save(); err != nil {
			return 0, err
		}
	}
	return len(after.Save), sv.st.SaveTurn(gameID, played.Seq, subs, after, out.Count())
}

// commitCPU returns the CPU time the store's committer has spent so far
// (store.Store.CommitCPU); 0 without a store.
func (sv *saver) commitCPU() time.Duration {
	if sv.st == nil {
		return 0
	}
	return sv.st.CommitCPU()
}

// close closes the store, if any, and returns what its file grew by over
// the game (0 without a store).
func (sv *saver) close() (int64, error) {
	if sv.st == nil {
		return 0, nil
	}
	path := sv.st.Path()
	err := sv.st.Close()
	sv.st = nil
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return fi.Size() - sv.empty, nil
}

// remove closes the store, if still open, and removes its directory.
func (sv *saver) remove() {
	if sv.st != nil {
		sv.st.Close()
		sv.st = nil
	}
	if sv.dir != "" {
		if err := os.RemoveAll(sv.dir); err != nil && !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintln(os.Stderr, "whole: remove the store:", err)
		}
	}
}

// storeCost is what saving cost over a game: the CPU time of a turn's
// saving (turnStats.Store), its mean over every turn, over the turns that
// saved a snapshot and over the others, the others' 99th percentile, and
// the most any turn took; and the mean of the process's CPU time over the
// save phase (turnStats.StoreProcess).
type storeCost struct {
	Mean                      time.Duration
	SnapshotTurns, OtherTurns int
	SnapshotMean, OtherMean   time.Duration
	OtherP99, Max             time.Duration
	Process                   time.Duration
}

// storeCost returns what the save phase cost over r's turns.
func (r *report) storeCost() storeCost {
	var c storeCost
	var all, snap, process time.Duration
	var others []time.Duration
	for _, t := range r.Turns {
		all += t.Store
		process += t.StoreProcess
		c.Max = max(c.Max, t.Store)
		if t.Snapshots > 0 {
			c.SnapshotTurns++
			snap += t.Store
			continue
		}
		others = append(others, t.Store)
	}
	if len(r.Turns) == 0 {
		return c
	}
	c.Mean = all / time.Duration(len(r.Turns))
	c.Process = process / time.Duration(len(r.Turns))
	if c.SnapshotTurns > 0 {
		c.SnapshotMean = snap / time.Duration(c.SnapshotTurns)
	}
	c.OtherTurns = len(others)
	if len(others) > 0 {
		var sum time.Duration
		for _, d := range others {
			sum += d
		}
		c.OtherMean = sum / time.Duration(len(others))
		slices.Sort(others)
		i := (99*len(others) + 99) / 100 // the nearest rank, from 1
		c.OtherP99 = others[i-1]
	}
	return c
}
