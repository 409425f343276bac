package lobby

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/coder/websocket"

	"empires/server/match"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// ReasonKicked is the reason a connection closes when the server's admin
// kicks its player (Kick).
const ReasonKicked = "kicked by the server's admin"

// ReasonEnded is what everyone in a game the server's admin ends is told
// (End).
const ReasonEnded = "ended by the server's admin"

// Errors of Kick and End, wrapped with the details.
var (
	// ErrNoGame: the lobby holds no game of that ID (End: nor its store,
	// unfinished).
	ErrNoGame = errors.New("no such game")
	// ErrNoSeat: the game has no seat of that number.
	ErrNoSeat = errors.New("no such seat")
	// ErrNotConnected: nobody is connected to the seat (or it is a bot's).
	ErrNotConnected = errors.New("nobody is connected to the seat")
)

// Observer is told what the lobby and its matches do, for the server's
// metrics: the orders and actions players send, and through match.Observer
// (every match the lobby starts gets it) the turns resolved, the actions
// played and the seats the AI takes over. Its methods are called from many
// goroutines at once and must not block.
type Observer interface {
	match.Observer
	// OrdersChecked is called for each SubmitOrders a match answered:
	// accepted orders were taken, rejected ones were refused with a
	// reason (a list with a refused order is not taken at all: its other
	// orders are neither).
	OrdersChecked(accepted, rejected int)
	// ActChecked is called for each Act a match answered: the action was
	// applied, or the game refused it with a reason.
	ActChecked(accepted bool)
}

// observeOrders tells the observer, if any, of a submission checked.
func (l *Lobby) observeOrders(accepted, rejected int) {
	if l.opts.Observer != nil {
		l.opts.Observer.OrdersChecked(accepted, rejected)
	}
}

// observeAct tells the observer, if any, of an action checked.
func (l *Lobby) observeAct(accepted bool) {
	if l.opts.Observer != nil {
		l.opts.Observer.ActChecked(accepted)
	}
}

// GameState is where a game is in its life.
type GameState string

// The states of a game.
const (
	GameOpen    GameState = "lobby"   // seating players; not started
	GameRunning GameState = "running" // started, not over
	GameOver    GameState = "over"    // over; goes when everyone has left
	// GameSuspended: abandoned, or not resumed at a restart for want of
	// room; out of the lobby, kept by the store, resumed by a player's
	// seat token.
	GameSuspended GameState = "suspended"
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
	// CreatedBy is the remote address of the connection that created the
	// game; "" when unknown (a game resumed).
	CreatedBy string `json:"created_by,omitempty"`
	// Abandoned: the game has started and none of its players is
	// connected (spectators do not count).
	Abandoned bool `json:"abandoned"`
	// IdleSeconds is how long none of its players has been connected: for
	// an abandoned game, and for a suspended one since the lobby knows
	// (since it was suspended, or since the server started, for
	// Options.SuspendedHold after); 0 otherwise.
	IdleSeconds int64 `json:"idle_seconds"`
	// LeavesInSeconds is, for an abandoned game not over, how long until
	// it is suspended or ended (0: at the next look, every few seconds);
	// -1 when it never is (Options.AbandonAfter 0) or not abandoned.
	LeavesInSeconds int64 `json:"leaves_in_seconds"`
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

// Games returns every game of the lobby, and the suspended games of its
// store, by ID, for the server's admin. The turn, readiness, AI takeovers
// and missed turns of a running game come from its match; a match that
// does not answer before ctx ends is shown as the lobby knows it. A store
// that cannot be read is logged, and its suspended games left out.
func (l *Lobby) Games(ctx context.Context) []AdminGame {
	type entry struct {
		g AdminGame
		m *match.Match
	}
	now := l.clock.Now()
	l.mu.Lock()
	entries := make([]entry, 0, len(l.games))
	for _, r := range l.games {
		entries = append(entries, entry{l.admin(r, now), r.m})
	}
	l.mu.Unlock()
	for _, g := range l.suspendedGames(now) {
		entries = append(entries, entry{g, nil})
	}
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

// admin returns r as the admin sees it at now, but for its match's status;
// l.mu held.
func (l *Lobby) admin(r *room, now time.Time) AdminGame {
	g := AdminGame{ID: r.id, Name: r.set.Name, Ruleset: r.set.Ruleset, Width: r.set.Width, Height: r.set.Height,
		State: r.state(), Turn: r.turn.get(), Password: r.set.Password != "", Spectators: len(r.spectators),
		CreatedBy: r.addr, LeavesInSeconds: -1}
	for i := range r.seats {
		s := &r.seats[i]
		g.Seats = append(g.Seats, AdminSeat{Seat: protocol.Seat(i + 1), Name: s.name, Bot: s.bot,
			Taken: !s.bot && s.token != "", Connected: s.c != nil, Ready: !r.started && (s.ready || s.bot)})
	}
	if r.started && r.players() == 0 {
		since := r.idleSince
		if since.IsZero() { // the sweep has not seen it yet
			since = now
		}
		g.Abandoned, g.IdleSeconds = true, seconds(now.Sub(since))
		if l.opts.AbandonAfter > 0 && !r.over {
			g.LeavesInSeconds = max(0, seconds(since.Add(l.abandonAfter(r)).Sub(now)))
		}
	}
	return g
}

// suspendedGames returns the unfinished games of the store that are not in
// the lobby, as the admin sees them at now.
func (l *Lobby) suspendedGames(now time.Time) []AdminGame {
	st := l.opts.Store
	if st == nil {
		return nil
	}
	saved, err := st.Unfinished()
	if err != nil {
		l.log.Error("cannot list the suspended games", "err", err)
		return nil
	}
	var out []AdminGame
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, sg := range saved {
		if l.games[sg.ID] != nil {
			continue
		}
		set := sg.Settings
		g := AdminGame{ID: sg.ID, Name: set.Name, Ruleset: set.Ruleset, Width: set.Width, Height: set.Height,
			State: GameSuspended, Password: set.Password != "", LeavesInSeconds: -1}
		if s, ok := l.suspended[sg.ID]; ok {
			g.IdleSeconds = seconds(now.Sub(s.since))
			g.CreatedBy = s.addr
		}
		for _, s := range sg.Seats {
			g.Seats = append(g.Seats, AdminSeat{Seat: s.Seat, Name: s.Name, Bot: s.Bot, Taken: !s.Bot && s.Token != ""})
		}
		out = append(out, g)
	}
	return out
}

// seconds returns d in whole seconds.
func seconds(d time.Duration) int64 { return int64(d / time.Second) }

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

// End ends game id for the server's admin, in whatever state it is:
// everyone in it is told that it was ReasonEnded and is in no game any
// more, its match stops, and with Options.Store a started game is saved as
// over, with no winner, so that it is never resumed. A suspended game (in
// the store only) is saved as over. End fails wrapping ErrNoGame when the
// lobby holds no game id and its store no such game unfinished, and with
// the store's error when it cannot save the end; ctx bounds the wait for
// the match to stop.
func (l *Lobby) End(ctx context.Context, id protocol.GameID) error {
	l.mu.Lock()
	r := l.games[id]
	var m *match.Match
	if r != nil {
		m = r.m
		l.removeRoom(r, ReasonEnded)
	}
	done := l.runs[id]
	delete(l.suspended, id)
	l.mu.Unlock()
	if r != nil {
		l.log.Info("game ended by the admin", "game", uint32(id))
	}
	st := l.opts.Store
	if st == nil {
		if r == nil {
			return fmt.Errorf("%w: no %s on this server", ErrNoGame, id)
		}
		return nil
	}
	if done != nil { // its match is stopping: its last step saved, if any
		select {
		case <-done:
		case <-ctx.Done():
			return fmt.Errorf("end %s: its match did not stop: %w", id, ctx.Err())
		}
	}
	if r != nil && m == nil {
		return nil // not started: nothing saved
	}
	g, err := st.Game(id)
	switch {
	case errors.Is(err, store.ErrNoGame) && r != nil:
		return nil // started, but the store failed to save it (logged then)
	case errors.Is(err, store.ErrNoGame):
		return fmt.Errorf("%w: no %s on this server", ErrNoGame, id)
	case err != nil:
		return fmt.Errorf("end %s: %w", id, err)
	case g.Over && r == nil:
		return fmt.Errorf("%w: %s is over already", ErrNoGame, id)
	case g.Over:
		return nil
	}
	sn, err := st.Snapshot(id, g.Last)
	if err != nil {
		return fmt.Errorf("end %s: %w", id, err)
	}
	if err := st.SaveState(id, store.State{Seq: sn.Seq, Save: sn.Data, Over: true}); err != nil {
		return fmt.Errorf("end %s: %w", id, err)
	}
	if r == nil {
		l.log.Info("suspended game ended by the admin", "game", uint32(id))
	}
	return nil
}
