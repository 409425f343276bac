// Package ruleset is the contract between the server core and the games it
// hosts. The core (lobby, match, clock, store, replay, load tool, ladder)
// knows a game only through these interfaces; a ruleset (erfworld on the hex
// engine, a card game, ...) implements them. It imports no ruleset and no
// engine.
//
// # Steps
//
// A game is a sequence of steps. Step says what the game waits for now:
//   - a Simultaneous step: every seat in Actors gives its orders (Check
//     validates them when they arrive), then one Resolve plays them all
//     together. A seat that gave nothing is played by the ruleset's
//     autopilot.
//   - an Interactive step: the seats in Actors (usually one, perhaps a
//     defender asked to answer in the middle of someone's turn) may act now;
//     Act checks one action and applies it at once.
//   - a Concurrent step: several seats act at once, in any order (a trading
//     table): each action is applied at once, like an interactive one, and
//     one seat's action never makes another's late (an action names any Seq
//     from Step.Since on). The game says when the step ends (every actor
//     done, say); until then Actors are the seats that may still act.
//
// # Deadlines
//
// A step may carry its own time limit (Step.Limit): a defender's answer in
// seconds, a player's whole turn in minutes. Steps of one Budget share one
// allowance: the time a seat spends on them adds up, and an action does not
// restart it. When a step's time runs out, each actor who has not acted is
// played by the ruleset's default (Defaulter), or by the AI where the game
// has none; the server counts such a step as missed for that seat.
//
// Every Resolve or Act that succeeds moves the game to its next step and
// adds one to Step.Seq: the store keeps the game's history as the snapshot
// at each Seq and what was played there, and a replay plays it again.
//
// # Payloads
//
// Orders, actions, views, deltas and events are the ruleset's own bytes
// (msgpack values, inside the protocol's common envelope). Every decoder of
// outside bytes (Check, Act, DecodeView, View.Apply, Load) keeps the rules
// of package wire: it never panics and never allocates much more than the
// bytes it was given.
//
// # Determinism
//
// New, Resolve and Act are deterministic: the same game, the same inputs,
// the same result, bit for bit (a seeded generator inside the game, sorted
// iteration). That gives replays and crash recovery from the order log.
package ruleset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"time"
)

// Seat is a place at a game's table: 1..Seats are the players, 0 a
// spectator.
type Seat uint8

// Turn numbers a game's turns, from 1.
type Turn int32

// Mode says how a step is played.
type Mode uint8

// The modes of a step.
const (
	// Simultaneous: every actor gives orders, then one resolution.
	Simultaneous Mode = iota + 1
	// Interactive: the actors act one action at a time, each applied at
	// once.
	Interactive
	// Concurrent: several actors act in any order, each action applied at
	// once; an action names any Seq from Step.Since on.
	Concurrent
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case Simultaneous:
		return "simultaneous"
	case Interactive:
		return "interactive"
	case Concurrent:
		return "concurrent"
	}
	return fmt.Sprintf("mode %d", m)
}

// Step is what a game waits for now.
type Step struct {
	Mode Mode
	// Turn is the game's turn (as players count them).
	Turn Turn
	// Seq numbers the steps: it grows by one with every Resolve or Act
	// (where it starts is the ruleset's: a hex game's Seq is its turn). An
	// action names the Seq it answers, so a late one is refused.
	Seq uint32
	// Actors are the seats that must act now, in seat order: for a
	// Simultaneous step the seats whose orders it takes (usually every
	// live player), for an Interactive one those the game asks (a
	// defender answering in the attacker's turn, say); the first actor's
	// action moves the game on. A game that is over asks no one.
	Actors []Seat
	// Prompt says, for people, what is asked ("choose a blocker"); it may
	// be empty.
	Prompt string
	// Since is, in a Concurrent step, the Seq the step started at: an
	// action naming any Seq from Since to Seq is for this step, so one
	// actor's action never makes another's late. 0 in other modes.
	Since uint32
	// Limit is the step's own time limit, set by the ruleset (0: none;
	// the host's turn timer, if any, applies). It applies in games without
	// a turn timer too.
	Limit time.Duration
	// Budget, if not "", names the allowance the step's Limit is drawn
	// from: the steps of one Budget (a player's whole turn, "turn 3 seat
	// 2") share Limit, each spending what it took, so an action does not
	// restart the player's clock and a defender's answer in between does
	// not spend it. Steps with no Budget each get the whole Limit.
	Budget string
	// Phase names the step for people, for the top bar: "Attack",
	// "Offer", "Day 12"; "" lets the client say "Turn N".
	Phase string
}

// Late reports whether an action naming seq comes too late (or too early)
// for the step: in a Concurrent step seq must be from Since to Seq, in the
// other modes Seq itself.
func (st Step) Late(seq uint32) bool {
	if st.Mode == Concurrent {
		return seq < st.Since || seq > st.Seq
	}
	return seq != st.Seq
}

// Acting reports whether the step is played one action at a time
// (Interactive or Concurrent), not by orders resolved together.
func (st Step) Acting() bool { return st.Mode == Interactive || st.Mode == Concurrent }

// Acts reports whether seat s must act in the step.
func (st Step) Acts(s Seat) bool {
	for _, a := range st.Actors {
		if a == s {
			return true
		}
	}
	return false
}

// PlayerInfo is what the core knows of a player.
type PlayerInfo struct {
	Name  string
	Alive bool
}

// Rejection is a refused order: its index in the list (0 for an action),
// what it was and why, in words a player understands.
type Rejection struct {
	Index  int
	Order  string
	Reason string
}

// Error makes a Rejection an error.
func (r *Rejection) Error() string {
	if r.Order == "" {
		return r.Reason
	}
	return fmt.Sprintf("%s: %s", r.Order, r.Reason)
}

// Submission is what one seat gave for a simultaneous step: Orders as it
// arrived (after Check accepted it). A live actor with no Submission gave
// nothing: the ruleset's autopilot plays it.
type Submission struct {
	Seat   Seat
	Orders []byte
}

// Ruleset is a game system a server can host.
type Ruleset interface {
	// Info describes the ruleset: id, title, summary, settings, the hash
	// of its data, its AI levels.
	Info() Info
	// Data returns the rules data Info().Hash is the hash of: what a
	// client that holds other data (the host runs a mod) plays with.
	Data() []byte
	// WithData returns the same ruleset playing with data instead of its
	// own (a mod, or the server's data on a client). A broken file is
	// refused with where and why.
	WithData(data []byte) (Ruleset, error)
	// New starts a game.
	New(cfg Config) (Game, error)
	// Load reads a game Game.Save wrote; a damaged or foreign save is
	// refused with why.
	Load(save []byte) (Game, error)
	// DecodeView reads a view View.Encode wrote (a client's first view).
	DecodeView(data []byte) (View, error)
	// NewAI returns a player of the ruleset at level (one of
	// Info().Levels) seeded with seed.
	NewAI(level string, seed uint64) (AI, error)
}

// ConfigChecker is an optional interface of a Ruleset that checks a game's
// settings before the game is created (in a lobby, say), beyond what Info's
// settings bounds say: "a 16x16 map holds at most 4 players". Its errors
// are for the player.
type ConfigChecker interface {
	CheckConfig(cfg Config) error
}

// SaveDiffer is an optional interface of a Ruleset that says how two of
// its saves differ ("Turn 5 != 6; Armies: 12 != 13 entries"), for a replay
// that does not match; "" when it sees no difference.
type SaveDiffer interface {
	DiffSaves(have, want []byte) string
}

// Game is one game in play. Only one goroutine may use it at a time.
type Game interface {
	// Step is what the game waits for now.
	Step() Step
	// Over reports whether the game has ended and who won (0: nobody).
	Over() (bool, Seat)
	// Seats is the number of players.
	Seats() int
	// Player describes seat s (1..Seats).
	Player(s Seat) PlayerInfo
	// Missed is how many steps in a row seat s let the autopilot play it;
	// ReplaceAfter is that count at which the AI takes the seat over (0:
	// never).
	Missed(s Seat) int
	ReplaceAfter() int
	// Check validates orders, seat s's whole list for the current
	// simultaneous step. It returns the rejections (nil: all valid), or
	// an error if the bytes are no order list at all.
	Check(s Seat, orders []byte) ([]Rejection, error)
	// Resolve plays the current simultaneous step with the submissions,
	// in seat order, each accepted by Check.
	Resolve(subs []Submission) (Outcome, error)
	// Act checks seat s's action in the current interactive or
	// concurrent step and, if it is valid, applies it. A refused action is
	// a *Rejection and changes nothing. The core refuses an action meant
	// for another step (protocol Act names the Seq, see Step.Late) before
	// it gets here; a game may stamp its own payloads with the Seq too.
	// When an actor's time runs out the core plays the ruleset's default
	// for it (Defaulter), or the AI where the game has none.
	Act(s Seat, action []byte) (Outcome, error)
	// View is what seat s may know (0: a spectator, who sees the whole
	// table when allSeeing, else only what every player may know;
	// allSeeing is only ever set for seat 0). In a game of hidden
	// holdings (Info.Hidden) an all-seeing spectator still sees no
	// player's hidden holdings: a hand, a pile's order, a face-down card.
	View(s Seat, allSeeing bool) View
	// Save encodes the game; Ruleset.Load reads it back.
	Save() ([]byte, error)
}

// Defaulter is an optional interface of a Game with interactive or
// concurrent steps: the answer the rules give for an actor whose time ran
// out ("do not convert the city", "take the hit", "done trading").
type Defaulter interface {
	// Default returns seat s's action for the current step, in the
	// ruleset's encoding, as if the seat had sent it; false when the
	// game has no default for it (the AI then plays it). The action must
	// be one Act accepts.
	Default(s Seat) ([]byte, bool)
}

// SeatSetup is an optional interface of a Ruleset whose players bring
// something of their own to the table before the game starts (a deck):
// seat set-up data, sent by each player in the lobby, checked here, seen by
// nobody else, given to New in Config.SeatData and kept in the save. A game
// of such a ruleset cannot start until every seat's data is valid; bots and
// tools bring DefaultSeat.
type SeatSetup interface {
	// CheckSeat returns every problem of data as a seat's set-up data for
	// a game with options (nil: valid), each in words a player
	// understands, Index the place in the data it is about (a card's
	// line) or 0. An error is for bytes that are no set-up data at all.
	CheckSeat(opts Options, data []byte) ([]Rejection, error)
	// DefaultSeat returns the data a bot, a tool or a fresh player
	// brings for a game with options: valid for CheckSeat.
	DefaultSeat(opts Options) []byte
}

// Counter is an optional interface of a Game for tools (a profiler, a
// load test): Counts says what the game has now, the number of each kind
// of thing by a name of the ruleset's ("armies", "cities", "units"...).
// The names and what they count are the ruleset's; a tool only prints
// them.
type Counter interface {
	Counts() map[string]int
}

// Outcome is what a Resolve or an Act produced.
type Outcome interface {
	// Events returns, encoded, what seat s may know of what happened (0:
	// a spectator, see Game.View). The core calls it right after the
	// Resolve or Act, before the game changes again; an outcome may read
	// the game then.
	Events(s Seat, allSeeing bool) ([]byte, error)
	// Count is the number of events, for the store and the metrics.
	Count() int
}

// View is one seat's view of a game.
type View interface {
	// Checksum is a hash of the view: client and server compare it.
	Checksum() uint64
	// Encode returns the view's bytes (DecodeView reads them).
	Encode() ([]byte, error)
	// Diff returns, encoded, the delta that takes this view to next (a
	// view of the same ruleset and seat).
	Diff(next View) ([]byte, error)
	// Apply returns this view with a delta Diff made applied; the view
	// itself is not changed.
	Apply(delta []byte) (View, error)
}

// AI plays a seat from what the seat may know.
type AI interface {
	// Act returns what seat s does in step, from its view v: its orders
	// for a simultaneous step, its action for an interactive or
	// concurrent one. In a concurrent step it may return nil: the seat
	// waits (for answers to its offers, say) and is asked again once
	// another actor has acted; when no other actor may act, or the step's
	// time runs out, the ruleset's default (Defaulter) plays the seat
	// instead (see FirstAIAction).
	Act(v View, step Step, s Seat) ([]byte, error)
}

// Listener is an optional interface of an AI: one that reads what its seat
// is told, as its player reads the game's log. After every Resolve or Act,
// the core hands each AI seat it plays the events of that outcome for the
// seat (Outcome.Events(s, false)), in the order they happened and before it
// next asks Act of that seat. An AI keeps what it needs per seat; its
// memory is not saved with the game, so an AI restored from a save has
// heard nothing yet.
type Listener interface {
	Hear(s Seat, events []byte) error
}

// Tell hands ai, if it is a Listener, what seat s is told of out (see
// Listener); the events are encoded only then. Its error says which seat's
// events could not be encoded or heard.
func Tell(ai AI, s Seat, out Outcome) error {
	l, ok := ai.(Listener)
	if !ok {
		return nil
	}
	events, err := out.Events(s, false)
	if err != nil {
		return fmt.Errorf("the events of seat %d: %w", s, err)
	}
	if err := l.Hear(s, events); err != nil {
		return fmt.Errorf("the AI of seat %d hears its events: %w", s, err)
	}
	return nil
}

// FirstAIAction plays the AI of an interactive or concurrent step st
// outside a server (the whole-game and ladder tools, the conformance
// kit): it asks the actors in turn from st.Actors[first % len] on, each
// through act, and returns the first that acts and its action. In a
// concurrent step an actor whose AI returns nil waits and the next is
// asked; when every actor waits, the game's default plays the first one
// asked (g must be a Defaulter), so the step always moves.
func FirstAIAction(g Game, st Step, first int, act func(Seat) ([]byte, error)) (Seat, []byte, error) {
	if len(st.Actors) == 0 {
		return 0, nil, errors.New("the step waits for nobody")
	}
	n := len(st.Actors)
	for i := range n {
		seat := st.Actors[(first+i)%n]
		action, err := act(seat)
		if err != nil {
			return seat, nil, err
		}
		if action != nil || st.Mode != Concurrent {
			return seat, action, nil
		}
	}
	seat := st.Actors[first%n]
	d, ok := g.(Defaulter)
	if !ok {
		return seat, nil, fmt.Errorf("every actor of concurrent step %d waits, and the game has no default", st.Seq)
	}
	action, ok := d.Default(seat)
	if !ok {
		return seat, nil, fmt.Errorf("every actor of concurrent step %d waits, and seat %d has no default", st.Seq, seat)
	}
	return seat, action, nil
}

// Config is what a new game is made from.
type Config struct {
	Seed  uint64
	Seats int
	// Names are the players' names by seat (Names[0] is seat 1's).
	Names []string
	// Options are the values of the ruleset's settings (Info.Settings)
	// by key; a missing one takes its default.
	Options Options
	// SeatData are the seats' set-up data (SeatSetup), SeatData[0] seat
	// 1's, each valid for CheckSeat; nil for a ruleset without set-up
	// data. New keeps what it needs of them in the game (and its save).
	SeatData [][]byte
}

// Options are settings' values by key.
type Options map[string]int

// Get returns the value of key, or def if it is not set.
func (o Options) Get(key string, def int) int {
	if v, ok := o[key]; ok {
		return v
	}
	return def
}

// Templater is an optional interface of a Ruleset whose events name the
// texts they carry by their number in a dictionary of templates (the hex
// rulesets' compact events), so that a client can be sent the dictionary
// (RulesData) instead of having it built in. Info.Dict names it.
type Templater interface {
	// Templates returns the dictionary, in order: template i is the
	// one numbered i. Each 0 byte in a template stands for a number.
	Templates() []string
}

// HashTemplates returns the hash that names a dictionary of templates:
// FNV-1a 32 over them, each followed by a 0xff byte; a hash of 0 is made 1,
// so that 0 means "no dictionary".
func HashTemplates(templates []string) uint32 {
	h := fnv.New32a()
	for _, t := range templates {
		h.Write([]byte(t))
		h.Write([]byte{0xff})
	}
	return max(h.Sum32(), 1)
}

// HashData returns the content hash of a ruleset's data: the hex SHA-256
// of the bytes.
func HashData(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
