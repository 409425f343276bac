// Package store keeps a server's games in an SQLite database (the pure Go
// driver modernc.org/sqlite), so that a server that restarts, cleanly or
// not, resumes the games it was playing, and so that a game can be replayed
// step by step from its order log (Replay).
//
// A game is saved when it starts: its settings (the password included, so
// players can still join a passworded game), its seats (name, seat token,
// bot), and the state it starts from. After each step, one transaction
// saves what the step was played with (the orders of a simultaneous step,
// the action of an interactive one), its number of events, whether the
// game is over, and, every SnapshotEvery steps and when the game ends, the
// state after it (a snapshot: the game's save, with its checksum). A seat
// a player takes in a running game is saved at once. A crash therefore
// loses at most the step being played: the orders submitted for it and the
// readiness of the seats; the game resumes at the start of that step, its
// state played again from the last snapshot with the steps saved after it
// (At).
//
// The store knows no ruleset: a state is the game's save (ruleset.Game.Save)
// and orders are what a seat submitted, as the ruleset encodes them. Games
// are kept by step (ruleset.Step.Seq): a hex game's step is its turn; a
// game of interactive steps saves every action, as its actor's orders.
// Rulesets are deterministic, so a snapshot and the steps after it are the
// whole game: a game of thousands of actions keeps a few dozen states, not
// one per action.
//
// # Schema
//
// The file's application id is ApplicationID and its user_version the
// schema version (SchemaVersion). Tables:
//
//	games  (id, name, ruleset, settings JSON, created, turn, over, winner)
//	seats  (game, seat, name, token, bot)
//	turns  (game, turn, snapshot, checksum)  -- a snapshot: the state at the start of step "turn"
//	steps  (game, turn, events)              -- step "turn" was played, with events events
//	orders (game, turn, seat, orders)        -- what seat submitted for step "turn"
//
// The step a game is at (the one it resumes at) is the later of
// games.turn, the step of its last state saved whole, and the step after
// the last one in steps: a step that is not a snapshot writes no row of
// games. A row of steps for step t says that orders(g, t) turned the
// state at the start of step t into the one at the start of step t+1; a
// seat with no row in orders for a step submitted nothing (the ruleset's
// autopilot played it).
// turns holds the state a game started from, one every SnapshotEvery steps
// (the start of a step whose number is a multiple of it), the state a game
// resumed from and the state it ended in. The database runs in WAL mode
// with synchronous=FULL, so a committed step survives a crash of the
// process or of the machine.
//
// Version 1 saved a snapshot after every step, with the step's number of
// events in turns. Open migrates such a database to version 2 in one
// transaction: the events move to steps, and the snapshots stay.
//
// Open refuses, with a message naming the file, a file that is not an
// Empires database (another program's SQLite file, or no SQLite file at
// all), a corrupt one, and one of a newer schema version: it never resets
// a file it cannot read.
//
// A Store's methods may be called from any goroutine; a mutex serialises
// the writes, and the database has a single connection.
//
// # Grouped commits
//
// The steps of many games are saved together: SaveTurn hands its step to
// the store's committer goroutine and waits until it is committed. The
// committer takes every step waiting when it is free, saves each in a
// savepoint of one transaction (a step that fails is rolled back alone,
// and only its caller hears of it; a step alone is its transaction, with
// no savepoint), commits the transaction once, with one sync of the log,
// and then answers each caller. A step is thus on disk, in full or not at
// all, when SaveTurn returns, as with a transaction of its own; what the
// group saves is the syncs: one per group instead of one per step, so
// games that end their steps at once do not queue on the disk one behind
// the other. CommitCPU tells what the commits cost.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	sqlitedriver "modernc.org/sqlite" // the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// FileName is the database's name in a server's data directory.
const FileName = "empires.db"

// ApplicationID marks an SQLite file as an Empires database ("Empi").
const ApplicationID = 0x456d7069

// SchemaVersion is the schema this build writes and reads; Open migrates
// a database of an earlier version to it.
const SchemaVersion = 2

// SnapshotEvery is how often a game's state is saved whole: at the start
// of every step whose number (ruleset.Step.Seq) is a multiple of it (see
// SnapshotDue). Resuming a game, or reading one of its states, plays at
// most SnapshotEvery-1 steps again from the snapshot before it.
//
// CHOICE: a snapshot every 64 steps. An action of Duel is about 10 bytes
// and its state about 300, a turn of a large hex game a few KB of orders
// and a state of 140 KB: one snapshot in 64 steps costs 5 bytes a Duel
// action and 2 KB a hex turn, no more than the steps themselves, and a
// resume plays at most 63 steps again (a quarter of a second for the
// largest hex game, far less for cards).
const SnapshotEvery = 64

// SnapshotDue reports whether the state at the start of step seq is saved
// whole (a snapshot) when a step leads to it: at every SnapshotEvery-th
// step, and when the game is over, so that a finished game's end is
// checked by its checksum. The state a game starts or resumes from is
// always saved (SaveState).
func SnapshotDue(seq uint32, over bool) bool { return over || seq%SnapshotEvery == 0 }

// schema creates the tables of SchemaVersion. steps and orders, a row or
// two a step, are kept in their keys' order without a rowid: a row is
// stored once, not once in the table and again in its key's index.
const schema = `
CREATE TABLE games (
	id       INTEGER PRIMARY KEY,
	name     TEXT    NOT NULL,
	ruleset  TEXT    NOT NULL,
	settings TEXT    NOT NULL,
	created  TEXT    NOT NULL,
	turn     INTEGER NOT NULL DEFAULT 0,
	over     INTEGER NOT NULL DEFAULT 0,
	winner   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seats (
	game  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat  INTEGER NOT NULL,
	name  TEXT    NOT NULL,
	token TEXT    NOT NULL,
	bot   INTEGER NOT NULL,
	PRIMARY KEY (game, seat)
);
CREATE TABLE turns (
	game     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	turn     INTEGER NOT NULL,
	snapshot BLOB    NOT NULL,
	checksum INTEGER NOT NULL,
	PRIMARY KEY (game, turn)
);
` + stepsTable + ordersTable

// stepsTable and ordersTable create the tables of the steps played, for
// schema and for the migration from version 1.
const (
	stepsTable = `
CREATE TABLE steps (
	game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	turn   INTEGER NOT NULL,
	events INTEGER NOT NULL,
	PRIMARY KEY (game, turn)
) WITHOUT ROWID;
`
	ordersTable = `
CREATE TABLE orders (
	game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	turn   INTEGER NOT NULL,
	seat   INTEGER NOT NULL,
	orders BLOB    NOT NULL,
	PRIMARY KEY (game, turn, seat)
) WITHOUT ROWID;
`
)

// migrate1 turns a database of schema version 1 into one of version 2,
// in the transaction that sets its user_version: the events of each step
// move from the state after it to a row of steps (a step was played where
// a state follows a state), orders loses its rowid, and the snapshots stay
// as they are.
const migrate1 = stepsTable + `
INSERT INTO steps (game, turn, events)
	SELECT t.game, t.turn - 1, t.events FROM turns t
	WHERE EXISTS (SELECT 1 FROM turns p WHERE p.game = t.game AND p.turn = t.turn - 1);
ALTER TABLE orders RENAME TO orders_1;
` + ordersTable + `
INSERT INTO orders (game, turn, seat, orders) SELECT game, turn, seat, orders FROM orders_1;
DROP TABLE orders_1;
ALTER TABLE turns DROP COLUMN events;
`

// tablesOf returns the tables of schema version v.
func tablesOf(v int64) []string {
	if v == 1 {
		return []string{"games", "seats", "turns", "orders"}
	}
	return []string{"games", "seats", "turns", "steps", "orders"}
}

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// maxGroup is the most turns one grouped commit saves.
const maxGroup = 256

// Store is an open Empires database.
type Store struct {
	path string
	db   *sql.DB
	mu   sync.Mutex // serialises the writes

	// turns takes the turns to save to the committer (see Grouped
	// commits), which ends once it is closed and drained. sendMu guards
	// closed and the sending: SaveTurn sends under its read lock, Close
	// closes turns under its write lock.
	turns     chan *turnSave
	sendMu    sync.RWMutex
	closed    bool
	committed chan struct{} // closed when the committer has ended
	commits   int           // the committer's: transactions committed (for tests)
	// commitCPU is the CPU time the committer's thread spent saving
	// steps (CommitCPU), in nanoseconds.
	commitCPU atomic.Int64
}

// turnSave is a turn SaveTurn hands to the committer, and its answer.
type turnSave struct {
	id     protocol.GameID
	played uint32
	orders []ruleset.Submission
	after  State
	events int
	done   chan error // receives the outcome once committed or refused
}

// ErrClosed: the store is closed.
var ErrClosed = errors.New("store: closed")

// OpenDir opens (creating it if need be) the database FileName in the data
// directory dir, which is created if missing.
func OpenDir(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	return Open(filepath.Join(dir, FileName))
}

// Open opens the Empires database at path, creating it if the file is
// missing or empty, and migrating one of an earlier schema version to
// SchemaVersion. It refuses a file that is not an Empires database, a
// corrupt one and one of a newer schema, with an error that names the
// file: "data/empires.db is not an Empires database: ...", "... is
// corrupt: ...", "... has schema version 3, newer than this server's 2".
func Open(path string) (*Store, error) {
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("%s: a database path may not contain '?'", path)
	}
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	if err := prepare(path, true); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)"+
		"&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	st := &Store{path: path, db: db, turns: make(chan *turnSave, maxGroup), committed: make(chan struct{})}
	go st.committer()
	return st, nil
}

// checkHeader refuses a file that is not empty and not an SQLite database,
// before SQLite sees it.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	n, err := io.ReadFull(f, head)
	switch {
	case n == 0 && (err == io.EOF):
		return nil // an empty file: a new database
	case err != nil && !errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("read %s: %w", path, err)
	case string(head[:n]) != sqliteMagic:
		return fmt.Errorf("%s is not an Empires database: it is not an SQLite database file", path)
	}
	return nil
}

// prepare checks that the database at path is an Empires database of a
// schema this build reads, sound, and creates the schema in a new one.
// With migrate, it brings a database of an earlier schema to
// SchemaVersion. It changes nothing in a file it refuses.
func prepare(path string, migrate bool) error {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	corrupt := func(err error) error {
		if isNotADB(err) {
			return fmt.Errorf("%s is not an Empires database: %w", path, err)
		}
		return fmt.Errorf("%s is corrupt: %w", path, err)
	}
	var appID, version int64
	if err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
		return corrupt(err)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return corrupt(err)
	}
	tables, err := tableNames(ctx, db)
	if err != nil {
		return corrupt(err)
	}
	switch {
	case appID == 0 && len(tables) == 0:
		return create(ctx, db, path)
	case appID != ApplicationID:
		return fmt.Errorf("%s is not an Empires database: it belongs to another program (application id %#x, tables %s)",
			path, appID, strings.Join(tables, ", "))
	case version > SchemaVersion:
		return fmt.Errorf("%s has schema version %d, newer than this server's %d: run a newer Empires server",
			path, version, SchemaVersion)
	case version < 1:
		return fmt.Errorf("%s is corrupt: an Empires database with no schema version", path)
	}
	var problems []string
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return corrupt(err)
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return corrupt(err)
		}
		if p != "ok" {
			problems = append(problems, p)
		}
	}
	if err := rows.Err(); err != nil {
		return corrupt(err)
	}
	if len(problems) > 0 {
		return corrupt(errors.New(strings.Join(problems, "; ")))
	}
	for _, t := range tablesOf(version) {
		if !contains(tables, t) {
			return fmt.Errorf("%s is corrupt: table %s is missing", path, t)
		}
	}
	if migrate && version == 1 {
		if err := run(ctx, db, migrate1+fmt.Sprintf("PRAGMA user_version = %d;", SchemaVersion)); err != nil {
			return fmt.Errorf("%s: migrate schema version 1 to %d: %w", path, SchemaVersion, err)
		}
	}
	return nil
}

// run runs statements q in one transaction.
func run(ctx context.Context, db *sql.DB, q string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, q); err != nil {
		return err
	}
	return tx.Commit()
}

// create writes the schema into an empty database.
func create(ctx context.Context, db *sql.DB, path string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	defer tx.Rollback()
	stmts := []string{schema,
		fmt.Sprintf("PRAGMA application_id = %d", ApplicationID),
		fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion)}
	for _, q := range stmts {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("create %s: %w", path, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	return nil
}

// tableNames returns the names of the tables in db, sorted.
func tableNames(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isNotADB reports whether err is SQLite's "file is not a database".
func isNotADB(err error) bool {
	return err != nil && strings.Contains(err.Error(), "SQLITE_NOTADB")
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// Close saves the turns handed to it already, then closes the database.
// Later SaveTurns fail with ErrClosed; nothing else may use the store
// afterwards.
func (s *Store) Close() error {
	s.sendMu.Lock()
	if !s.closed {
		s.closed = true
		close(s.turns)
	}
	s.sendMu.Unlock()
	<-s.committed
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.db.Close()
}

// Seat is one seat of a saved game.
type Seat struct {
	Seat  protocol.Seat
	Name  string
	Token protocol.SeatToken // empty for a bot or a seat nobody took
	Bot   bool
}

// Game is a saved game.
type Game struct {
	ID protocol.GameID
	// Settings are the game's settings, with its password.
	Settings protocol.Settings
	Seats    []Seat // by seat: Seats[i] is seat i+1
	// Created is when the game started (was first saved).
	Created time.Time
	// First is the step (ruleset.Step.Seq) of the first saved state, the
	// one the game started from; Last is the step the game is at, the one
	// it resumes at. The steps from First to Last-1 were played and saved.
	First, Last uint32
	Over        bool
	Winner      ruleset.Seat
}

// Turns returns the number of steps played and saved.
func (g *Game) Turns() int {
	if g.Last < g.First {
		return 0
	}
	return int(g.Last - g.First)
}

// Checksum returns the checksum of a saved state: a 64-bit FNV-1a hash of
// its bytes.
func Checksum(data []byte) uint64 {
	h := fnv.New64a()
	h.Write(data)
	return h.Sum64()
}

// write runs f in a transaction under the write lock.
func (s *Store) write(what string, f func(tx *sql.Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// SaveGame saves a game that starts, or replaces its settings and seats:
// id, its settings (with the password) and its seats. Its states and steps
// come with SaveState and SaveTurn.
func (s *Store) SaveGame(id protocol.GameID, set protocol.Settings, seats []Seat) error {
	js, err := json.Marshal(set)
	if err != nil {
		return fmt.Errorf("save %s: %w", id, err)
	}
	return s.write(fmt.Sprintf("save %s", id), func(tx *sql.Tx) error {
		if _, err := tx.Exec(`INSERT INTO games (id, name, ruleset, settings, created) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, ruleset = excluded.ruleset, settings = excluded.settings`,
			int64(id), set.Name, set.Ruleset, string(js), time.Now().UTC().Format(time.RFC3339)); err != nil {
			return err
		}
		for _, st := range seats {
			if err := saveSeat(tx, id, st); err != nil {
				return err
			}
		}
		return nil
	})
}

// SaveSeat saves one seat of game id, which a player took once the game
// had started.
func (s *Store) SaveSeat(id protocol.GameID, st Seat) error {
	return s.write(fmt.Sprintf("save %s of %s", st.Seat, id), func(tx *sql.Tx) error { return saveSeat(tx, id, st) })
}

func saveSeat(tx *sql.Tx, id protocol.GameID, st Seat) error {
	_, err := tx.Exec(`INSERT INTO seats (game, seat, name, token, bot) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game, seat) DO UPDATE SET name = excluded.name, token = excluded.token, bot = excluded.bot`,
		int64(id), int64(st.Seat), st.Name, string(st.Token), st.Bot)
	return err
}

// State is a game's state at the start of a step, as the store keeps it.
type State struct {
	// Seq is the step the state starts (ruleset.Step.Seq).
	Seq uint32
	// Save is the game's bytes (ruleset.Game.Save); SaveTurn takes nil
	// for a state it does not keep whole (see SnapshotDue).
	Save []byte
	// Over and Winner tell whether the game has ended there, and who won.
	Over   bool
	Winner ruleset.Seat
}

// SaveState saves st as game id's state at the start of its step, whole:
// the state a game starts or resumes from. It replaces a state saved for
// the same step.
func (s *Store) SaveState(id protocol.GameID, st State) error {
	return s.write(fmt.Sprintf("save %s, step %d", id, st.Seq), func(tx *sql.Tx) error {
		if len(st.Save) == 0 {
			return errors.New("no state to save")
		}
		if err := setStep(tx, id, st); err != nil {
			return err
		}
		return saveSnapshot(tx, id, st)
	})
}

// End marks game id over, nobody winning, at the step it is at: a game an
// administrator ended.
func (s *Store) End(id protocol.GameID) error {
	return s.write(fmt.Sprintf("end %s", id), func(tx *sql.Tx) error {
		return checkGame(tx.Exec(`UPDATE games SET over = 1, winner = 0 WHERE id = ?`, int64(id)))
	})
}

// setStep records that game id is at st's step, over or not.
func setStep(tx *sql.Tx, id protocol.GameID, st State) error {
	return checkGame(tx.Exec(`UPDATE games SET turn = max(turn, ?), over = ?, winner = ? WHERE id = ?`,
		int64(st.Seq), st.Over, int64(st.Winner), int64(id)))
}

// checkGame returns the error of an update of a game's row, or that there
// was no row to update.
func checkGame(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return errNotSaved
	}
	return nil
}

// errNotSaved: a state or a step of a game that has no row of games.
var errNotSaved = errors.New("the game was not saved when it started")

// saveSnapshot saves st's state whole.
func saveSnapshot(tx *sql.Tx, id protocol.GameID, st State) error {
	_, err := tx.Exec(`INSERT OR REPLACE INTO turns (game, turn, snapshot, checksum) VALUES (?, ?, ?, ?)`,
		int64(id), int64(st.Seq), st.Save, int64(Checksum(st.Save)))
	return err
}

// SaveTurn saves, in one transaction, a step of game id played: what it
// was played with (step played; the seats with no entry submitted
// nothing), its number of events, and the state after it (after): its
// step and whether the game is over, and its save if after.Save is not
// nil (the caller asks SnapshotDue whether to take it). It returns once
// the step is committed, with the steps of other games that were waiting
// too (see Grouped commits), or refused.
func (s *Store) SaveTurn(id protocol.GameID, played uint32, orders []ruleset.Submission, after State, events int) error {
	t := &turnSave{id: id, played: played, orders: orders, after: after, events: events, done: make(chan error, 1)}
	s.sendMu.RLock()
	if s.closed {
		s.sendMu.RUnlock()
		return fmt.Errorf("save %s, step %d: %w", id, played, ErrClosed)
	}
	s.turns <- t
	s.sendMu.RUnlock()
	return <-t.done
}

// committer saves the turns SaveTurn hands it, those waiting together in
// one transaction, until turns is closed and drained.
func (s *Store) committer() {
	defer close(s.committed)
	for t := range s.turns {
		s.mu.Lock()
		group := []*turnSave{t}
	more:
		for len(group) < maxGroup {
			select {
			case t, ok := <-s.turns:
				if !ok {
					break more
				}
				group = append(group, t)
			default:
				break more
			}
		}
		// The group is saved on one thread, whose CPU clock says what
		// it cost (SQLite, the writes and the sync of its log), counted
		// before any caller hears of its turn.
		runtime.LockOSThread()
		cpu := threadCPU()
		errs := s.commitGroup(group)
		s.commitCPU.Add(int64(threadCPU() - cpu))
		runtime.UnlockOSThread()
		s.mu.Unlock()
		for i, t := range group {
			if errs[i] != nil {
				t.done <- fmt.Errorf("save %s, step %d: %w", t.id, t.played, errs[i])
				continue
			}
			t.done <- nil
		}
	}
}

// CommitCPU returns the CPU time, user and system, the store has spent
// saving the steps SaveTurn handed it since it was opened: its committer's
// (SQLite's work, the writes and the syncs of its log; not the encoding
// of the states, which their callers do). It is 0 on a system whose
// thread CPU clock the store does not read (it reads it on unix).
func (s *Store) CommitCPU() time.Duration { return time.Duration(s.commitCPU.Load()) }

// commitGroup saves the turns of group in one transaction, each in a
// savepoint of its own, and returns each one's outcome, by index; s.mu is
// held. A group of one turn needs no savepoint: the transaction is the
// turn's, and SQLite copies every page a savepoint changes to its journal
// first (a fifth of a large hex game's step).
func (s *Store) commitGroup(group []*turnSave) []error {
	errs := make([]error, len(group))
	fail := func(err error) []error { // the whole group is lost
		for i := range errs {
			errs[i] = err
		}
		return errs
	}
	tx, err := s.db.Begin()
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	if len(group) == 1 {
		err = saveTurn(tx, group[0])
	} else {
		err = saveEach(tx, group, errs)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fail(err)
	}
	s.commits++
	return errs
}

// saveEach saves each turn of group in tx, in a savepoint of its own, and
// sets errs[i] to the error of a turn i that failed and was rolled back
// alone; it returns an error that loses the whole group.
func saveEach(tx *sql.Tx, group []*turnSave, errs []error) error {
	for i, t := range group {
		if _, err := tx.Exec("SAVEPOINT turn"); err != nil {
			return err
		}
		if errs[i] = saveTurn(tx, t); errs[i] != nil {
			if _, err := tx.Exec("ROLLBACK TO turn"); err != nil {
				return err
			}
		}
		if _, err := tx.Exec("RELEASE turn"); err != nil {
			return err
		}
	}
	return nil
}

// saveTurn writes step t in tx: the game's step, the step played and its
// orders (those saved before for the step, if any, replaced), and the
// state after it if t has it.
func saveTurn(tx *sql.Tx, t *turnSave) error {
	if _, err := tx.Exec(`INSERT INTO steps (game, turn, events) VALUES (?, ?, ?)
		ON CONFLICT (game, turn) DO UPDATE SET events = excluded.events`,
		int64(t.id), int64(t.played), t.events); err != nil {
		var e *sqlitedriver.Error
		if errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY {
			return errNotSaved
		}
		return err
	}
	if t.after.Save != nil || t.after.Over {
		// Only a state saved whole, or the end, changes the game's row:
		// a step alone leaves it be, and so one page less to write.
		if err := setStep(tx, t.id, t.after); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(`DELETE FROM orders WHERE game = ? AND turn = ?`, int64(t.id), int64(t.played)); err != nil {
		return err
	}
	for _, o := range t.orders {
		data := o.Orders
		if data == nil {
			data = []byte{}
		}
		if _, err := tx.Exec(`INSERT INTO orders (game, turn, seat, orders) VALUES (?, ?, ?, ?)`,
			int64(t.id), int64(t.played), int64(o.Seat), data); err != nil {
			return err
		}
	}
	if t.after.Save == nil {
		return nil
	}
	return saveSnapshot(tx, t.id, t.after)
}

// MaxGameID returns the highest game id saved, 0 if none: a server that
// restarts numbers its new games after it.
func (s *Store) MaxGameID() (protocol.GameID, error) {
	var id sql.NullInt64
	if err := s.db.QueryRow(`SELECT max(id) FROM games`).Scan(&id); err != nil {
		return 0, fmt.Errorf("read %s: %w", s.path, err)
	}
	return protocol.GameID(id.Int64), nil
}

// Games returns every saved game, by id, with its seats.
func (s *Store) Games() ([]Game, error) { return s.games("") }

// Unfinished returns the games to resume: saved and not over, by id.
func (s *Store) Unfinished() ([]Game, error) { return s.games("WHERE g.over = 0") }

// Game returns saved game id; ErrNoGame if there is none.
func (s *Store) Game(id protocol.GameID) (Game, error) {
	gs, err := s.games(fmt.Sprintf("WHERE g.id = %d", int64(id)))
	if err != nil {
		return Game{}, err
	}
	if len(gs) == 0 {
		return Game{}, fmt.Errorf("%w: no %s in %s", ErrNoGame, id, s.path)
	}
	return gs[0], nil
}

// ErrNoGame: no such game in the database.
var ErrNoGame = errors.New("no such game")

func (s *Store) games(where string) ([]Game, error) {
	rows, err := s.db.Query(`SELECT g.id, g.settings, g.created, g.over, g.winner,
		coalesce((SELECT min(turn) FROM turns WHERE game = g.id), 0),
		max(g.turn, coalesce((SELECT max(turn) + 1 FROM steps WHERE game = g.id), 0))
		FROM games g ` + where + ` ORDER BY g.id`)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", s.path, err)
	}
	var out []Game
	for rows.Next() {
		var g Game
		var id, winner, first, last int64
		var js, created string
		if err := rows.Scan(&id, &js, &created, &g.Over, &winner, &first, &last); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read %s: %w", s.path, err)
		}
		g.ID, g.Winner, g.First, g.Last = protocol.GameID(id), ruleset.Seat(winner), uint32(first), uint32(last)
		if err := json.Unmarshal([]byte(js), &g.Settings); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read %s: settings of %s: %w", s.path, g.ID, err)
		}
		g.Created, _ = time.Parse(time.RFC3339, created)
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", s.path, err)
	}
	for i := range out {
		if out[i].Seats, err = s.seats(out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Store) seats(id protocol.GameID) ([]Seat, error) {
	rows, err := s.db.Query(`SELECT seat, name, token, bot FROM seats WHERE game = ? ORDER BY seat`, int64(id))
	if err != nil {
		return nil, fmt.Errorf("read seats of %s: %w", id, err)
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var st Seat
		var seat int64
		var tok string
		if err := rows.Scan(&seat, &st.Name, &tok, &st.Bot); err != nil {
			return nil, fmt.Errorf("read seats of %s: %w", id, err)
		}
		st.Seat, st.Token = protocol.Seat(seat), protocol.SeatToken(tok)
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read seats of %s: %w", id, err)
	}
	return out, nil
}

// Snapshot is a saved state of a game at the start of a step.
type Snapshot struct {
	Seq uint32
	// Data is the game's save (ruleset.Game.Save); Checksum its checksum
	// as saved.
	Data     []byte
	Checksum uint64
}

// Check checks the snapshot's bytes against its checksum.
func (sn *Snapshot) Check() error {
	if sum := Checksum(sn.Data); sum != sn.Checksum {
		return fmt.Errorf("the state of step %d is damaged: checksum %016x, saved as %016x", sn.Seq, sum, sn.Checksum)
	}
	return nil
}

// Load checks the snapshot and reads it as a game of rs.
func (sn *Snapshot) Load(rs ruleset.Ruleset) (ruleset.Game, error) {
	if err := sn.Check(); err != nil {
		return nil, err
	}
	g, err := rs.Load(sn.Data)
	if err != nil {
		return nil, fmt.Errorf("the state of step %d: %w", sn.Seq, err)
	}
	return g, nil
}

// Snapshot returns game id's state at the start of step seq; ErrNoGame if
// it was not saved whole (see At for any step's).
func (s *Store) Snapshot(id protocol.GameID, seq uint32) (Snapshot, error) {
	sn, err := s.snapshot(`SELECT turn, snapshot, checksum FROM turns WHERE game = ? AND turn = ?`, id, seq)
	if errors.Is(err, sql.ErrNoRows) {
		return Snapshot{}, fmt.Errorf("%w: no state of step %d of %s", ErrNoGame, seq, id)
	}
	return sn, err
}

// SnapshotBefore returns game id's last state saved whole at the start of
// step seq or before it; ErrNoGame if there is none.
func (s *Store) SnapshotBefore(id protocol.GameID, seq uint32) (Snapshot, error) {
	sn, err := s.snapshot(`SELECT turn, snapshot, checksum FROM turns WHERE game = ? AND turn <= ?
		ORDER BY turn DESC LIMIT 1`, id, seq)
	if errors.Is(err, sql.ErrNoRows) {
		return Snapshot{}, fmt.Errorf("%w: no state of %s saved at step %d or before", ErrNoGame, id, seq)
	}
	return sn, err
}

// snapshot reads the snapshot query q selects for game id and step seq;
// sql.ErrNoRows if none.
func (s *Store) snapshot(q string, id protocol.GameID, seq uint32) (Snapshot, error) {
	var sn Snapshot
	var at, sum int64
	err := s.db.QueryRow(q, int64(id), int64(seq)).Scan(&at, &sn.Data, &sum)
	if errors.Is(err, sql.ErrNoRows) {
		return Snapshot{}, err
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("read step %d of %s: %w", seq, id, err)
	}
	sn.Seq, sn.Checksum = uint32(at), uint64(sum)
	return sn, nil
}

// checksums returns the checksums of game id's snapshots of the steps
// after from up to to, by step.
func (s *Store) checksums(id protocol.GameID, from, to uint32) (map[uint32]uint64, error) {
	rows, err := s.db.Query(`SELECT turn, checksum FROM turns WHERE game = ? AND turn > ? AND turn <= ?`,
		int64(id), int64(from), int64(to))
	if err != nil {
		return nil, fmt.Errorf("read the snapshots of %s: %w", id, err)
	}
	defer rows.Close()
	out := map[uint32]uint64{}
	for rows.Next() {
		var seq, sum int64
		if err := rows.Scan(&seq, &sum); err != nil {
			return nil, fmt.Errorf("read the snapshots of %s: %w", id, err)
		}
		out[uint32(seq)] = uint64(sum)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the snapshots of %s: %w", id, err)
	}
	return out, nil
}

// Events returns the number of events of game id's step seq; ErrNoGame if
// the step was not saved as played.
func (s *Store) Events(id protocol.GameID, seq uint32) (int, error) {
	var n int
	err := s.db.QueryRow(`SELECT events FROM steps WHERE game = ? AND turn = ?`, int64(id), int64(seq)).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%w: no step %d of %s saved", ErrNoGame, seq, id)
	}
	if err != nil {
		return 0, fmt.Errorf("read step %d of %s: %w", seq, id, err)
	}
	return n, nil
}

// Orders returns what game id's step seq was played with, by seat; a seat
// that submitted nothing is not in the list.
func (s *Store) Orders(id protocol.GameID, seq uint32) ([]ruleset.Submission, error) {
	rows, err := s.db.Query(`SELECT seat, orders FROM orders WHERE game = ? AND turn = ? ORDER BY seat`,
		int64(id), int64(seq))
	if err != nil {
		return nil, fmt.Errorf("read orders of step %d of %s: %w", seq, id, err)
	}
	defer rows.Close()
	var out []ruleset.Submission
	for rows.Next() {
		var seat int64
		var blob []byte
		if err := rows.Scan(&seat, &blob); err != nil {
			return nil, fmt.Errorf("read orders of step %d of %s: %w", seq, id, err)
		}
		if seat < 1 || seat > 255 {
			return nil, fmt.Errorf("orders of step %d of %s: seat %d", seq, id, seat)
		}
		out = append(out, ruleset.Submission{Seat: ruleset.Seat(seat), Orders: blob})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read orders of step %d of %s: %w", seq, id, err)
	}
	return out, nil
}
