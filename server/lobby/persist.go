package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"empires/server/match"
	"empires/server/store"
	"empires/shared/protocol"
)

// Saving games: with Options.Store, a game is saved when its match starts
// (settings, seats, the state it starts from), after every step (the
// orders or the action it was played with and, every so often and at the
// end, the state after it: store.SnapshotDue; by the match's OnTurn on its
// own goroutine), and whenever a player takes a seat in a running game.
// Restore resumes the games saved and not over. The start and the seats
// are written under Lobby.mu, so that they reach the store in the order
// they happen (they are rare: once a game, once a seat); the steps are
// written by each match's goroutine, never under mu.

// savedSeats returns r's seats as the store keeps them; l.mu held.
func (r *room) savedSeats() []store.Seat {
	out := make([]store.Seat, len(r.seats))
	for i := range r.seats {
		st := &r.seats[i]
		out[i] = store.Seat{Seat: protocol.Seat(i + 1), Name: st.name, Token: st.token, Bot: st.bot}
	}
	return out
}

// saveGame saves r as its match starts; l.mu held. A failure is logged:
// the game goes on, but would not survive a restart.
func (l *Lobby) saveGame(r *room) {
	if l.opts.Store == nil {
		return
	}
	if err := l.opts.Store.SaveGame(r.id, r.set, r.savedSeats()); err != nil {
		l.log.Error("cannot save a game: it will not be resumed after a restart", "game", uint32(r.id), "err", err)
	}
}

// seatTaken saves seat s of r, which a player took; l.mu held. Before the
// match runs there is nothing to do: saveGame saves every seat.
func (l *Lobby) seatTaken(r *room, s protocol.Seat) {
	if l.opts.Store == nil || r.m == nil {
		return
	}
	if st := r.seat(s); st != nil {
		if err := l.opts.Store.SaveSeat(r.id, store.Seat{Seat: s, Name: st.name, Token: st.token, Bot: st.bot}); err != nil {
			l.log.Error("cannot save a seat taken", "game", uint32(r.id), "seat", s, "err", err)
		}
	}
}

// onTurn returns the OnTurn of game id's match, which saves its start and
// its steps; nil without a store. A step is saved before anyone hears of
// it; the game is encoded only for the states the store keeps whole (the
// start, and those store.SnapshotDue names). A state that does not encode
// is logged, and the step saved without it: the store plays the game on
// from an earlier state.
func (l *Lobby) onTurn(id protocol.GameID) func(match.TurnRecord) {
	st := l.opts.Store
	if st == nil {
		return nil
	}
	return func(rec match.TurnRecord) {
		state := store.State{Seq: rec.Next.Seq, Over: rec.Over, Winner: rec.Winner}
		if rec.Start || store.SnapshotDue(state.Seq, state.Over) {
			save, err := rec.Save()
			if err != nil {
				l.log.Error("a game's state does not encode", "game", uint32(id), "step", state.Seq, "err", err)
			}
			state.Save = save
		}
		var err error
		switch {
		case rec.Start && state.Save == nil:
			return // logged above
		case rec.Start:
			err = st.SaveState(id, state)
		default:
			err = st.SaveTurn(id, rec.Step.Seq, rec.Orders, state, rec.Events)
		}
		if err != nil {
			l.log.Error("cannot save a step", "game", uint32(id), "turn", rec.Step.Turn, "step", rec.Step.Seq, "err", err)
		}
	}
}

// Restore resumes the games of Options.Store that are not over, the most
// recent first, as many as Options.MaxGames and Options.GameMemory leave
// room for: each gets its room back, with its settings, seats and seat
// tokens, and its match resumes at the start of its last saved step (its
// last snapshot played on with the steps saved after it: store.At).
// Nobody is connected: the players come back with JoinGame and their seat
// tokens, as after a dropped connection, and a game none of them comes
// back to is abandoned as any other (see the package doc). The games past that room stay suspended: a player's seat
// token resumes one when there is room. A game that cannot be resumed is
// logged and left in the store. With resume not nil, only the games it
// accepts are resumed (none, for a server whose saved games are for
// replays). Either way new games are numbered after every saved one, so
// no saved game is ever overwritten. Call Restore once, before the lobby
// takes clients; it returns how many games it resumed.
func (l *Lobby) Restore(resume func(protocol.GameID) bool) (int, error) {
	st := l.opts.Store
	if st == nil {
		return 0, nil
	}
	last, err := st.MaxGameID()
	if err != nil {
		return 0, err
	}
	games, err := st.Unfinished()
	if err != nil {
		return 0, err
	}
	n, full := 0, 0
	now := l.clock.Now()
	for _, g := range slices.Backward(games) { // by id: the most recent last
		if resume != nil && !resume(g.ID) {
			continue
		}
		err := l.resume(g)
		switch {
		case errors.Is(err, errFull):
			full++
			l.mu.Lock()
			l.suspended[g.ID] = suspension{since: now, at: now}
			l.mu.Unlock()
		case err != nil:
			l.log.Error("cannot resume a saved game", "game", uint32(g.ID), "err", err)
		default:
			n++
		}
	}
	if full > 0 {
		l.log.Warn("saved games left suspended: no room for them; a player's seat token resumes one",
			"games", full, "max_games", l.opts.MaxGames)
	}
	l.mu.Lock()
	l.lastID = max(l.lastID, last)
	l.mu.Unlock()
	return n, nil
}

// resume rebuilds saved game g's room and runs its match from the start
// of its last saved step.
func (l *Lobby) resume(g store.Game) error {
	rs, ok := l.rulesets.Get(g.Settings.Ruleset)
	if !ok {
		return fmt.Errorf("the game is of ruleset %q, this server plays %s", g.Settings.Ruleset, strings.Join(l.rulesets.IDs(), ", "))
	}
	if len(g.Seats) != g.Settings.Seats {
		return fmt.Errorf("%d seats saved for %d", len(g.Seats), g.Settings.Seats)
	}
	game, err := store.At(l.opts.Store, g.ID, rs, g.Last)
	if err != nil {
		return err
	}
	save, err := game.Save()
	if err != nil {
		return fmt.Errorf("the game at step %d: %w", g.Last, err)
	}
	publicOnly(&g.Settings, rs.Info())
	r := newRoom(g.ID, g.Settings, l.clock.Now())
	for i, saved := range g.Seats {
		if saved.Seat != protocol.Seat(i+1) {
			return fmt.Errorf("seat %d saved as seat %d", i+1, saved.Seat)
		}
		r.seats[i] = seat{bot: saved.Bot, name: saved.Name, token: saved.Token}
	}
	r.newHost()
	r.started = true
	set := l.matchSettings(r)
	m, err := match.Resume(uint32(r.id), rs, set, save, l.opts.Clock)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.closed:
		return protocol.Errorf(protocol.Unavailable, "the server is shutting down")
	case l.games[r.id] != nil:
		return fmt.Errorf("%w: %s", errInLobby, r.id)
	}
	if err := l.makeRoom(r.set, l.clock.Now()); err != nil {
		return err
	}
	l.games[r.id] = r
	if s, ok := l.suspended[r.id]; ok {
		r.addr = s.addr // it counts against its creator's address again
		delete(l.suspended, r.id)
	}
	r.idleSince = l.clock.Now() // nobody is connected yet
	ctx, cancel := context.WithCancel(l.ctx)
	r.m, r.stop = m, cancel
	l.run(ctx, r, m)
	l.log.Info("game resumed", "game", uint32(r.id), "step", g.Last, "settings", r.set.String())
	return nil
}

// Errors of resume.
var (
	errInLobby = errors.New("the game is in the lobby already")
	errFull    = errors.New("no room for the game")
)
