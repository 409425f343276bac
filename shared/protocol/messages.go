package protocol

import (
	"fmt"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/ruleset"
)

// Payload is a ruleset's own bytes inside a message: orders, an action, a
// view, a delta, events, rules data. It is one msgpack value, written
// inline; the ruleset decodes it (with the rules of package wire).
type Payload = msgpack.RawMessage

// Turn numbers a game's turns, from 1 (ruleset.Turn).
type Turn = ruleset.Turn

// Every message is a struct encoded as the array of its fields in
// declaration order (see the package documentation): never reorder, remove
// or insert fields without a new Version.

// Client to server.

// Hello is the client's first message on a connection; the server answers
// Welcome, or Error with code BadVersion and closes the connection. Its
// encoding is frozen: later versions may only add fields at the end, which
// this version's decoder skips.
type Hello struct {
	Version int    // the protocol version the client speaks: Version
	Name    string // the player's name, shown to the others (see ValidName)
	Client  string // the client program and version, for the server's logs
	Build   string `msgpack:",omitempty"` // the client's build (buildinfo.Version), for the server's logs
}

// ListGames asks for the server's games; the server answers GameList.
type ListGames struct{}

// CreateGame creates a game and seats its creator, who becomes its host;
// the server answers Joined, then sends Lobby.
type CreateGame struct {
	Settings Settings
}

// JoinGame takes a seat in a game, watches it, or takes a seat back; the
// server answers Joined, then sends Lobby (and a FullView if the game has
// started).
type JoinGame struct {
	Game GameID
	// Seat is the seat wanted; 0 takes any free seat.
	Seat Seat
	// Password is the game's password, if it has one.
	Password string
	// Spectate asks to watch instead of play (Seat is then ignored).
	Spectate bool
	// Token takes back the seat it was given for (Seat and Password are
	// then ignored): the rejoin after a dropped connection.
	Token SeatToken
}

// LeaveGame leaves the game the client is in. A player who leaves a started
// game keeps the seat (the ruleset's autopilot plays it) and may come back
// with the seat token.
type LeaveGame struct{}

// Chat says Text to the others in the client's game, or to everyone in the
// server's lobby when the client is in no game.
type Chat struct {
	Text string
}

// SetReady says the player is ready: in the lobby, to start; during a turn,
// done with orders (a turn resolves early when every human seat is ready).
// Ready false takes it back. Seq names the step it is for (TurnClock.Seq),
// so a late one never ends the next step; 0 in the lobby.
type SetReady struct {
	Ready bool
	Seq   uint32
}

// StartGame starts the game now; only the host may, and the server answers
// Error if not everyone is ready.
type StartGame struct{}

// SubmitOrders sets the player's orders for Turn, a simultaneous step:
// the whole list, in the ruleset's encoding (it replaces any list sent
// before for the turn; an empty list means no orders). The server answers
// OrdersResult.
//
// Seq names the step the orders are for (TurnClock.Seq): orders sent
// late, once the step they were meant for is past, are refused rather than
// taken for the next step of the same turn.
type SubmitOrders struct {
	Turn   Turn
	Orders Payload
	Seq    uint32
}

// Act is the player's action in an interactive or concurrent step
// (TurnClock's Mode): Seq is the step's Seq (in a concurrent step, any Seq
// from TurnClock.Since on), so an action meant for a step already past is
// refused, and Action is in the ruleset's encoding. The server answers
// ActResult; if the action is applied, every subscriber then gets its
// TurnUpdate.
type Act struct {
	Seq    uint32
	Action Payload
}

// GetRules asks for the rules data of Ruleset (a client whose own data
// has another hash than Welcome's); the server answers RulesData.
type GetRules struct {
	Ruleset string
}

// SetSeatData sends the seat's set-up data before the game starts (a
// deck), for a ruleset whose RulesetInfo has SeatSetup. Data is the
// ruleset's bytes, a msgpack bin, not a msgpack value like orders: a
// ruleset's set-up data may be text a player wrote (Duel's deck is one
// card a line). The server answers SeatDataResult: accepted, or every
// problem found. The data replaces any sent before; nobody else ever sees
// it (the lobby shows only that the seat has chosen).
type SetSeatData struct {
	Data []byte
}

// RequestView asks for a FullView, after the client found that its view's
// checksum differs from the server's.
type RequestView struct{}

// Ping asks the server for a Pong; the client sends one when it has sent
// nothing for PingInterval, and measures the round trip.
type Ping struct{}

// Server to client.

// Welcome accepts a client's Hello.
type Welcome struct {
	Version  int           // the protocol version the server speaks
	Server   string        // the server program, version and name, for display
	Rulesets []RulesetInfo // the rulesets the server plays, its default first
	Limits   Limits        // what the server enforces; the client must keep to them
	Build    string        `msgpack:",omitempty"` // the server's build (buildinfo.Version), for display
}

// RulesetInfo describes a ruleset the server plays (ruleset.Info): a
// client whose data for it has another Hash asks for the server's
// (GetRules) before it plays a game of it.
type RulesetInfo struct {
	ID       string
	Title    string
	Summary  string
	Board    string // "hex", "square", "territory" or "cards"
	MinSeats int
	MaxSeats int
	Settings []SettingInfo
	Levels   []string // the AI's levels, weakest first
	Default  string   // the default AI level
	Hash     string   // the content hash of the rules data (hex SHA-256)
	// Modded: the server's data differs from this build's own (a host's
	// mod).
	Modded bool
	// SeatSetup: each player brings set-up data to the table before the
	// game starts (SetSeatData); the game cannot start until every seat's
	// is valid.
	SeatSetup bool
	// Hidden: the game has hidden holdings (hands): an all-seeing
	// spectator sees only what is public, and an unfinished game's replay
	// only through the viewer's own seat.
	Hidden bool
	// Dict is the hash of the dictionary of templates the ruleset's events
	// name by number (RulesData.Templates; ruleset.HashTemplates), 0 if
	// they name none: a client that holds no dictionary of that hash asks
	// for it with GetRules.
	Dict uint32
	// LevelNotes has a line on how each of Levels plays, in order, or is
	// empty (ruleset.Info.LevelNotes).
	LevelNotes []string
}

// InfoOf returns the RulesetInfo of in; modded marks a host's mod.
func InfoOf(in ruleset.Info, modded bool) RulesetInfo {
	out := RulesetInfo{ID: in.ID, Title: in.Title, Summary: in.Summary, Board: in.Board,
		MinSeats: in.MinSeats, MaxSeats: in.MaxSeats, Levels: in.Levels, Default: in.DefaultLevel,
		Hash: in.Hash, Modded: modded, Hidden: in.Hidden, Dict: in.Dict, LevelNotes: in.LevelNotes}
	for _, s := range in.Settings {
		out.Settings = append(out.Settings, SettingInfo(s))
	}
	return out
}

// Info returns the ruleset.Info ri describes.
func (ri RulesetInfo) Info() ruleset.Info {
	out := ruleset.Info{ID: ri.ID, Title: ri.Title, Summary: ri.Summary, Board: ri.Board,
		MinSeats: ri.MinSeats, MaxSeats: ri.MaxSeats, Levels: ri.Levels, DefaultLevel: ri.Default, Hash: ri.Hash,
		Hidden: ri.Hidden, Dict: ri.Dict, LevelNotes: ri.LevelNotes}
	for _, s := range ri.Settings {
		out.Settings = append(out.Settings, ruleset.Setting(s))
	}
	return out
}

// SettingInfo is one setting of a ruleset (ruleset.Setting).
type SettingInfo struct {
	Key     string
	Label   string
	Help    string
	Min     int
	Max     int
	Default int
	Choices []string
}

// RulesData answers GetRules: the ruleset's data, whose content hash is
// Hash, and the dictionary of templates its events name by number
// (Templates, whose hash is Dict; none and 0 for a ruleset whose events
// name none), so that a client needs nothing built in to read them.
type RulesData struct {
	Ruleset   string
	Hash      string
	Data      []byte
	Dict      uint32
	Templates []string
}

// CheckTemplates reports whether m's Templates are the dictionary its Dict
// names (ruleset.HashTemplates), nil if they are or if it names none.
func (m *RulesData) CheckTemplates() error {
	switch {
	case m.Dict == 0 && len(m.Templates) == 0:
		return nil
	case m.Dict == 0:
		return fmt.Errorf("rules data of %s: %d event templates without a dictionary hash", m.Ruleset, len(m.Templates))
	}
	if have := ruleset.HashTemplates(m.Templates); have != m.Dict {
		return fmt.Errorf("rules data of %s: its %d event templates hash to %08x, not the %08x it names", m.Ruleset, len(m.Templates), have, m.Dict)
	}
	return nil
}

// SeatDataResult answers SetSeatData: Accepted, or the problems found,
// every one of them (Rejection.Index is the place in the data it is about,
// a card's line, or 0).
type SeatDataResult struct {
	Accepted bool
	Errors   []Rejection
}

// ActResult answers Act: the action was applied (Error empty), or why it
// was refused.
type ActResult struct {
	Seq   uint32
	Error string
}

// Error reports a failed request (Reply is its seq) or a refused frame
// (Reply is 0 when the frame was unreadable). Its encoding is frozen, like
// Hello's.
type Error struct {
	Code    ErrorCode
	Message string // for people: what went wrong and, if it helps, what to do
}

// Bye tells the client why the server is closing the connection (shutting
// down, the seat was taken over by a newer connection, too slow, ...).
type Bye struct {
	Reason string
}

// ReasonHostEnded is the Bye of a server that a player's client runs for
// a game on the local network, stopped because that player, its host,
// left the game or quit: the server and its game do not come back, so a
// client does not reconnect after it. Other Byes of a shutdown
// ("server shutting down") are of a server that may restart.
const ReasonHostEnded = "the host ended the game"

// Pong answers Ping.
type Pong struct{}

// GameList answers ListGames.
type GameList struct {
	Games []GameInfo
}

// GameInfo is a game as the game list shows it.
type GameInfo struct {
	Game          GameID
	Name          string
	Ruleset       string
	Width, Height int
	Seats         int  // seats at the table
	Humans        int  // seats taken by people
	Bots          int  // seats played by bots
	HasPassword   bool // joining needs the password
	Spectators    bool // spectators may watch
	Started       bool
	Turn          Turn // the turn being played; 0 before the start
	// Modded: the game plays the server's mod of the ruleset (its data's
	// hash differs from the build's own).
	Modded bool
}

// Joined answers CreateGame and JoinGame: the client is in Game, at Seat
// (Spectator when watching), and Token is the secret to take the seat back
// with (empty for spectators; keep it, never show it). Settings has no
// password.
type Joined struct {
	Game     GameID
	Seat     Seat
	Token    SeatToken
	Settings Settings
}

// Lobby describes a game's table; the server sends it after Joined and
// whenever it changes, until the game starts (and once more then). Settings
// has no password; HasPassword says whether the game has one.
type Lobby struct {
	Game        GameID
	Settings    Settings
	HasPassword bool
	Host        Seat // who may start the game
	Seats       []SeatInfo
	Started     bool
}

// SeatInfo is one seat at a game's table.
type SeatInfo struct {
	Seat      Seat
	Name      string // the player's or the bot's name; empty for an open seat
	Human     bool   // a person holds the seat (neither Human nor Bot: open)
	Bot       bool   // a bot plays the seat
	Connected bool   // the person is connected now
	Ready     bool
	// HasData: the seat's set-up data is chosen and valid ("deck
	// chosen"); never the data itself.
	HasData bool
}

// ChatMessage is a chat line from seat From (Spectator for a spectator or,
// with Lobby set, for someone in the server's lobby).
type ChatMessage struct {
	From Seat
	Name string
	Text string
	// Lobby marks a line said in the server's lobby (by a client in no
	// game) rather than in a game.
	Lobby bool
}

// TurnClock announces the step being played: sent when a step starts and
// whenever the set of ready seats changes.
type TurnClock struct {
	Turn Turn
	// Deadline is when the step's time runs out, in Unix milliseconds (the
	// host's turn timer, or the step's own limit); 0 means no deadline:
	// the step waits for its actors.
	Deadline int64
	// Ready are the seats done with their orders, in order.
	Ready []Seat
	// Mode is the step's (ruleset.Mode): 1 simultaneous (orders, then
	// SetReady), 2 interactive (Act), 3 concurrent (Act, several actors in
	// any order).
	Mode uint8
	// Seq is the step's number (ruleset.Step.Seq), for Act.
	Seq uint32
	// Actors are the seats that must act now, in order.
	Actors []Seat
	// Prompt says what is asked, for people; may be empty.
	Prompt string
	// Since is, in a concurrent step (Mode 3), the first Seq an Act may
	// name: one player's action never makes another's late.
	Since uint32
	// Phase names the step for the top bar ("Round 3 · Attack", "Day
	// 12"); "" lets the client say "Turn N".
	Phase string
}

// DeadlineOf returns t as a TurnClock deadline: Unix milliseconds, 0 for
// the zero time.
func DeadlineOf(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// DeadlineTime returns the deadline as a time, and false if there is none.
func (m *TurnClock) DeadlineTime() (time.Time, bool) {
	if m.Deadline == 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(m.Deadline), true
}

// OrdersResult answers SubmitOrders: Accepted orders were taken for Turn;
// Errors are the orders refused, with why (when any order is refused, the
// whole list is, and Accepted is 0).
type OrdersResult struct {
	Turn     Turn
	Accepted int
	Errors   []Rejection
}

// Rejection is a refused order: its index in the list, what it was and why
// ("not enough Schmuckers: have 3, need 6"). It carries a
// ruleset.Rejection.
type Rejection struct {
	Index  int
	Order  string
	Reason string
}

// Rejections returns the rejections of rs, nil for none.
func Rejections(rs []ruleset.Rejection) []Rejection {
	if len(rs) == 0 {
		return nil
	}
	out := make([]Rejection, len(rs))
	for i, r := range rs {
		out[i] = Rejection(r)
	}
	return out
}

// FullView is the player's whole view of the game, in the ruleset's
// encoding (ruleset.View.Encode): sent when a game starts, on joining a
// started game, and after RequestView. Checksum is the view's Checksum; a
// client keeps the view and applies TurnUpdates to it.
type FullView struct {
	View     Payload
	Checksum uint64
}

// TurnUpdate is a resolved step (a turn, or an action) for one player, in
// the ruleset's encoding: Delta takes the client's view to the new one
// (ruleset.View.Apply), Checksum is the new view's Checksum (on a mismatch
// the client sends RequestView), and Events are what the player may know
// of what happened, in order (ruleset.Outcome.Events).
type TurnUpdate struct {
	Delta    Payload
	Checksum uint64
	Events   Payload
}

// Missed is what the player may know of the steps played while none of
// its connections was in the game (it left, or its connection dropped),
// oldest first: sent after the FullView of a player who comes back, so
// that its log tells them, though it never had their views. A server
// keeps a bounded number of such steps (the oldest go first).
type Missed struct {
	Steps []MissedStep
}

// MissedStep is one step of Missed: its turn, and the events the player
// saw in it (ruleset.Outcome.Events, as a TurnUpdate's Events).
type MissedStep struct {
	Turn   Turn
	Events Payload
}

// GameOver says the game ended on Turn, won by Winner (0: nobody won). The
// last TurnUpdate comes before it.
type GameOver struct {
	Winner Seat
	Turn   Turn
}
