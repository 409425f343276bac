package lobby

import (
	"cmp"
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"empires/server/match"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// room is one game: its settings, seats and spectators, and once started
// its match. Every field is guarded by Lobby.mu, but turn (a turnMark)
// and acted (atomic).
type room struct {
	id         protocol.GameID
	set        protocol.Settings // with the password
	host       protocol.Seat     // 0 when no person holds a seat
	seats      []seat            // seats[i] is seat i+1
	spectators map[*client]struct{}
	// setup is the ruleset's check of seat set-up data, nil for a ruleset
	// without (ruleset.SeatSetup): with it, the game starts only once every
	// player seated has sent valid data.
	setup ruleset.SeatSetup

	started bool         // StartGame or the automatic start happened
	m       *match.Match // set once the match runs; nil before
	stop    context.CancelFunc
	over    bool
	turn    turnMark // the last turn seen by a subscriber or a status

	creator uint64 // the ID of the connection that created it; 0 for a game resumed
	addr    string // its remote address; "" for none
	// idleSince is when the last of its players left a started game;
	// zero while one is connected (or the sweep has not seen it yet).
	idleSince time.Time
	created   time.Time // when it was created, or resumed
	// acted is the lobby clock's time of its players' last action, in
	// Unix nanoseconds (see client.acted): written by the readers of
	// its players' connections without Lobby.mu, like turn.
	acted atomic.Int64
}

// lastAction returns when r's players last acted (its creation or resume
// if they never did).
func (r *room) lastAction() time.Time {
	return time.Unix(0, r.acted.Load()).In(r.created.Location())
}

// act records an action of one of r's players at now.
func (r *room) act(now time.Time) {
	for {
		old := r.acted.Load()
		if now.UnixNano() <= old || r.acted.CompareAndSwap(old, now.UnixNano()) {
			return
		}
	}
}

// turnMark is the latest turn of a game its subscribers saw: raised by
// each subscription's forwarding goroutine, read under Lobby.mu for the
// game list, without a lock of its own (the one field of a room that
// Lobby.mu does not guard but acted).
type turnMark struct{ t atomic.Int32 }

// raise makes the mark t if t is later.
func (m *turnMark) raise(t ruleset.Turn) {
	for {
		old := m.t.Load()
		if int32(t) <= old || m.t.CompareAndSwap(old, int32(t)) {
			return
		}
	}
}

// get returns the mark.
func (m *turnMark) get() ruleset.Turn { return ruleset.Turn(m.t.Load()) }

// seat is one seat at a room's table.
type seat struct {
	bot   bool
	name  string
	token protocol.SeatToken // empty while the seat is open
	ready bool               // ready to start (before the start only)
	c     *client            // the connected holder, nil if none
	// data is the holder's set-up data (ruleset.SeatSetup), valid for the
	// game's options; nil until sent, and never sent to anyone.
	data []byte
}

// newRoom returns game id with settings set, made (or resumed) at now.
func newRoom(id protocol.GameID, set protocol.Settings, now time.Time) *room {
	r := &room{id: id, set: set, seats: make([]seat, set.Seats), spectators: make(map[*client]struct{}), created: now}
	r.acted.Store(now.UnixNano())
	for i := set.Seats - set.Bots; i < set.Seats; i++ {
		r.seats[i] = seat{bot: true, name: fmt.Sprintf("Bot %d", i+1)}
	}
	return r
}

func (r *room) humanSeats() int { return r.set.Seats - r.set.Bots }

// seat returns seat s, nil for none or the spectators.
func (r *room) seat(s protocol.Seat) *seat {
	if s < 1 || int(s) > len(r.seats) {
		return nil
	}
	return &r.seats[s-1]
}

// humans counts the human seats taken.
func (r *room) humans() int {
	n := 0
	for i := range r.seats {
		if !r.seats[i].bot && r.seats[i].token != "" {
			n++
		}
	}
	return n
}

// players counts the seat holders connected.
func (r *room) players() int {
	n := 0
	for i := range r.seats {
		if r.seats[i].c != nil {
			n++
		}
	}
	return n
}

// connected counts the people connected: seat holders and spectators.
func (r *room) connected() int { return len(r.spectators) + r.players() }

// seatByToken returns the seat whose token is tok, comparing each in
// constant time.
func (r *room) seatByToken(tok protocol.SeatToken) (protocol.Seat, *seat) {
	var found protocol.Seat
	for i := range r.seats {
		if r.seats[i].token.Equal(tok) {
			found = protocol.Seat(i + 1)
		}
	}
	if found == 0 {
		return 0, nil
	}
	return found, &r.seats[found-1]
}

// checkPassword checks a password given to join r.
func (r *room) checkPassword(pw string) error {
	if r.set.Password == "" {
		return nil
	}
	if pw == "" {
		return protocol.Errorf(protocol.BadPassword, "%s needs a password", r.id)
	}
	if subtle.ConstantTimeCompare([]byte(pw), []byte(r.set.Password)) != 1 {
		return protocol.Errorf(protocol.BadPassword, "wrong password for %s", r.id)
	}
	return nil
}

// members calls f for every connected client of r, with its seat.
func (r *room) members(f func(cl *client, s protocol.Seat)) {
	for i := range r.seats {
		if cl := r.seats[i].c; cl != nil {
			f(cl, protocol.Seat(i+1))
		}
	}
	// Spectators in a stable order, for tests and logs.
	specs := make([]*client, 0, len(r.spectators))
	for cl := range r.spectators {
		specs = append(specs, cl)
	}
	slices.SortFunc(specs, func(a, b *client) int { return cmp.Compare(a.c.ID(), b.c.ID()) })
	for _, cl := range specs {
		f(cl, protocol.Spectator)
	}
}

// lobbyMsg returns the Lobby message describing r.
func (r *room) lobbyMsg() *protocol.Lobby {
	m := &protocol.Lobby{Game: r.id, Settings: r.set.Public(), HasPassword: r.set.Password != "",
		Host: r.host, Started: r.started}
	for i := range r.seats {
		s := &r.seats[i]
		m.Seats = append(m.Seats, protocol.SeatInfo{Seat: protocol.Seat(i + 1), Name: s.name,
			Human: !s.bot && s.token != "", Bot: s.bot, Connected: s.c != nil, Ready: s.ready || s.bot,
			HasData: r.setup != nil && (s.bot || s.data != nil)})
	}
	return m
}

// broadcastLobby sends the Lobby message to every member of r.
func (r *room) broadcastLobby() {
	msg := r.lobbyMsg()
	r.members(func(cl *client, _ protocol.Seat) { cl.c.Send(msg, 0) })
}

// info returns r as the game list shows it.
func (r *room) info() protocol.GameInfo {
	return protocol.GameInfo{Game: r.id, Name: r.set.Name, Ruleset: r.set.Ruleset,
		Width: r.set.Width, Height: r.set.Height, Seats: r.set.Seats, Humans: r.humans(), Bots: r.set.Bots,
		HasPassword: r.set.Password != "", Spectators: r.set.Spectators, Started: r.started, Turn: r.turn.get()}
}

// notReady says why r cannot start now, "" if it can: a human seat open
// in a game without a turn timer (the match would wait for it forever;
// with a timer an open seat is played on autopilot, then by the AI),
// players seated without set-up data (every one named), or a player not
// ready.
func (r *room) notReady() string {
	if r.set.TurnSeconds == 0 {
		if s := r.freeSeat(); s != 0 {
			return fmt.Sprintf("%s is free, and a game without a turn timer needs every seat taken", s)
		}
	}
	if missing := r.withoutData(); len(missing) > 0 {
		verb := "has"
		if len(missing) > 1 {
			verb = "have"
		}
		return fmt.Sprintf("%s %s sent no set-up data (a deck) yet", joinAnd(missing), verb)
	}
	for i := range r.humanSeats() {
		if s := &r.seats[i]; s.token != "" && !s.ready {
			return fmt.Sprintf("seat %d (%s) is not ready", i+1, s.name)
		}
	}
	return ""
}

// full reports whether every human seat is taken and ready: the game then
// starts by itself.
func (r *room) full() bool {
	for i := range r.humanSeats() {
		if r.seats[i].token == "" || !r.seats[i].ready {
			return false
		}
	}
	return len(r.withoutData()) == 0
}

// withoutData names the players seated who have sent no valid set-up data
// ("seat 2 (Parson)"), in seat order; none when the ruleset takes none.
func (r *room) withoutData() []string {
	if r.setup == nil {
		return nil
	}
	var out []string
	for i := range r.humanSeats() {
		if s := &r.seats[i]; s.token != "" && s.data == nil {
			out = append(out, fmt.Sprintf("seat %d (%s)", i+1, s.name))
		}
	}
	return out
}

// seatDefaulter is an optional interface of a ruleset.SeatSetup whose
// seats that bring no data of their own (the bots', the open ones) each
// bring data of the ruleset's choosing for their seat, valid for
// CheckSeat: generals gives the ready-made decks in turn, so that a table
// of bots shows every empire.
type seatDefaulter interface {
	DefaultSeatAt(opts ruleset.Options, s ruleset.Seat) []byte
}

// seatData returns every seat's set-up data for the match (Config.SeatData):
// the player's own, the ruleset's default for the bots and the open seats
// (its seat's own where the ruleset is a seatDefaulter); nil for a ruleset
// without set-up data.
func (r *room) seatData() [][]byte {
	if r.setup == nil {
		return nil
	}
	opts := r.set.Config(nil).Options
	at, _ := r.setup.(seatDefaulter)
	out := make([][]byte, len(r.seats))
	for i := range r.seats {
		out[i] = r.seats[i].data
		switch {
		case out[i] != nil:
		case at != nil:
			out[i] = at.DefaultSeatAt(opts, ruleset.Seat(i+1))
		default:
			out[i] = r.setup.DefaultSeat(opts)
		}
	}
	return out
}

// joinAnd joins names as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// freeSeat returns the first open human seat, 0 for none.
func (r *room) freeSeat() protocol.Seat {
	for i := range r.humanSeats() {
		if r.seats[i].token == "" {
			return protocol.Seat(i + 1)
		}
	}
	return 0
}

// newHost makes the first taken human seat the host (0 if none).
func (r *room) newHost() {
	r.host = 0
	for i := range r.humanSeats() {
		if r.seats[i].token != "" {
			r.host = protocol.Seat(i + 1)
			return
		}
	}
}

// matchSettings returns the match's settings for r; the match logs to log.
func (r *room) matchSettings(buffer int, log *slog.Logger) match.Settings {
	names := make([]string, len(r.seats))
	var open []ruleset.Seat
	for i := range r.seats {
		names[i] = r.seats[i].name
		if !r.seats[i].bot && r.seats[i].token == "" {
			open = append(open, ruleset.Seat(i+1))
		}
	}
	return match.Settings{
		AILevel: r.set.AILevel, // checked against the ruleset's levels by CheckFor
		Seed:    r.set.Seed, Options: r.set.Config(nil).Options,
		Seats: r.set.Seats, Bots: r.set.Bots, TurnTimer: r.set.TurnTimer(),
		Names: names, Open: open, AllSeeing: r.set.AllSeeing, Buffer: buffer, Logger: log,
	}
}
