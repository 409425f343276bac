package lobby

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/coder/websocket"

	"empires/server/match"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// ReasonKicked is the reason a connection closes when the server's admin
// kicks its player (Kick).
const ReasonKicked = "kicked by the server's admin"

// Errors of Kick, wrapped with the details.
var (
	// ErrNoGame: the lobby holds no game of that ID.
	ErrNoGame = errors.New("no such game")
	// ErrNoSeat: the game has no seat of that number.
	ErrNoSeat = errors.New("no such seat")
	// ErrNotConnected: nobody is connected to the seat (or it is a bot's).
	ErrNotConnected = errors.New("nobody is connected to the seat")
)

// Observer is told what the lobby and its matches do, for the server's
// metrics: the orders players submit, and through match.Observer (every
// match the lobby starts gets it) the turns resolved and the seats the AI
// takes over. Its methods are called from many goroutines at once and must
// not block.
type Observer interface {
	match.Observer
	// OrdersChecked is called for each SubmitOrders a match answered:
	// accepted orders were taken, rejected ones were refused with a
	// reason (a list with a refused order is not taken at all: its other
	// orders are neither).
	OrdersChecked(accepted, rejected int)
}

// observeOrders tells the observer, if any, of a submission checked.
func (l *Lobby) observeOrders(accepted, rejected int) {
	if l.opts.Observer != nil {
		l.opts.Observer.OrdersChecked(accepted, rejected)
	}
}

// GameState is where a game is in its life.
type GameState string

// The states of a game.
const (
	GameOpen    GameState = "lobby"   // seating players; not started
	GameRunning GameState = "running" // started, not over
	GameOver    GameState = "over"    // over; goes when everyone has left
)

// AdminGame is a game as the server's admin sees it (Games).
type AdminGame struct {
	ID         protocol.GameID `json:"id"`
	Name       string          `json:"name"`
	Ruleset    string          `json:"ruleset"`
	Width      int             `json:"width"`
	Height     int             `json:"height"`
	State      GameState       `json:"state"`
	Turn       ruleset.Turn    `json:"turn"`
	Password   bool            `json:"password"`
	Spectators int             `json:"spectators"` // connected
	Seats      []AdminSeat     `json:"seats"`
}

// AdminSeat is one seat of an AdminGame.
type AdminSeat struct {
	Seat protocol.Seat `json:"seat"`
	Name string        `json:"name"`
	Bot  bool          `json:"bot"`
	// Taken: a person holds the seat (has its token), connected or not.
	Taken     bool `json:"taken"`
	Connected bool `json:"connected"`
	// Ready is readiness to start before the start, to end the turn after.
	Ready bool `json:"ready"`
	// Out: the player has lost (running games only).
	Out bool `json:"out"`
	// AIPlaying: the AI plays this human seat for its absent player.
	AIPlaying   bool `json:"ai_playing"`
	MissedTurns int  `json:"missed_turns"`
}

// Games returns every game of the lobby, by ID, for the server's admin. The
// turn, readiness, AI takeovers and missed turns of a running game come
// from its match; a match that does not answer before ctx ends is shown as
// the lobby knows it.
func (l *Lobby) Games(ctx context.Context) []AdminGame {
	type entry struct {
		g AdminGame
		m *match.Match
	}
	l.mu.Lock()
	entries := make([]entry, 0, len(l.games))
	for _, r := range l.games {
		entries = append(entries, entry{r.admin(), r.m})
	}
	l.mu.Unlock()
	slices.SortFunc(entries, func(a, b entry) int { return cmp.Compare(a.g.ID, b.g.ID) })
	games := make([]AdminGame, len(entries))
	for i, e := range entries {
		games[i] = e.g
		if e.m == nil {
			continue
		}
		// Never under mu: the match answers on its own goroutine.
		st, err := e.m.Status(ctx)
		if err != nil {
			continue
		}
		addStatus(&games[i], st)
	}
	return games
}

// admin returns r as the admin sees it, but for its match's status; l.mu
// held.
func (r *room) admin() AdminGame {
	g := AdminGame{ID: r.id, Name: r.set.Name, Ruleset: r.set.Ruleset, Width: r.set.Width, Height: r.set.Height,
		State: r.state(), Turn: r.turn, Password: r.set.Password != "", Spectators: len(r.spectators)}
	for i := range r.seats {
		s := &r.seats[i]
		g.Seats = append(g.Seats, AdminSeat{Seat: protocol.Seat(i + 1), Name: s.name, Bot: s.bot,
			Taken: !s.bot && s.token != "", Connected: s.c != nil, Ready: !r.started && (s.ready || s.bot)})
	}
	return g
}

// state returns r's state; l.mu held.
func (r *room) state() GameState {
	switch {
	case r.over:
		return GameOver
	case r.started:
		return GameRunning
	}
	return GameOpen
}

// addStatus fills in g with what its match says.
func addStatus(g *AdminGame, st match.Status) {
	g.Turn = st.Turn
	if st.Over {
		g.State = GameOver
	}
	for _, ss := range st.Seats {
		i := int(ss.Seat) - 1
		if i < 0 || i >= len(g.Seats) {
			continue
		}
		s := &g.Seats[i]
		s.Ready, s.Out, s.AIPlaying, s.MissedTurns = ss.Ready, !ss.Alive, ss.AIPlaying, ss.MissedTurns
	}
}

// GameCounts counts a lobby's games by state.
type GameCounts struct {
	Open, Running, Over int
}

// Counts returns the number of games in each state, for metrics.
func (l *Lobby) Counts() GameCounts {
	l.mu.Lock()
	defer l.mu.Unlock()
	var n GameCounts
	for _, r := range l.games {
		switch r.state() {
		case GameOpen:
			n.Open++
		case GameRunning:
			n.Running++
		case GameOver:
			n.Over++
		}
	}
	return n
}

// Kick closes the connection of the player at seat s of game id, with a
// Bye of ReasonKicked. After the start the seat stays its player's: they
// may come back with their seat token, and meanwhile the match plays it as
// any seat whose player is away (autopilot, then the AI after too many
// missed turns). Before the start the seat is freed and its token void.
// Kick fails, wrapping ErrNoGame, ErrNoSeat or ErrNotConnected, when there
// is nobody there to kick.
func (l *Lobby) Kick(id protocol.GameID, s protocol.Seat) error {
	l.mu.Lock()
	r := l.games[id]
	var cl *client
	var sub *match.Subscription
	err := func() error {
		if r == nil {
			return fmt.Errorf("%w: no %s on this server", ErrNoGame, id)
		}
		st := r.seat(s)
		switch {
		case st == nil:
			return fmt.Errorf("%w: %s has seats 1 to %d", ErrNoSeat, id, len(r.seats))
		case st.bot:
			return fmt.Errorf("%w: %s of %s is a bot's", ErrNotConnected, s, id)
		case st.c == nil:
			return fmt.Errorf("%w: nobody is connected to %s of %s", ErrNotConnected, s, id)
		}
		cl = st.c
		sub = l.detach(cl)
		return nil
	}()
	l.mu.Unlock()
	if err != nil {
		return err
	}
	if sub != nil {
		sub.Close()
	}
	cl.c.Close(websocket.StatusPolicyViolation, ReasonKicked)
	l.log.Info("kicked by the admin", "game", uint32(id), "seat", s, "name", cl.name)
	return nil
}
