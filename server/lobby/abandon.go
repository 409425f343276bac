package lobby

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"empires/server/match"
	"empires/server/store"
	"empires/shared/protocol"
)

// Abandoned games and the games a client may hold: see the package doc.

// sweepEvery returns how often the lobby looks for games abandoned after
// abandon: a tenth of it, from a second to a minute.
func sweepEvery(abandon time.Duration) time.Duration {
	return min(max(abandon/10, time.Second), time.Minute)
}

// sweeper sweeps the lobby whenever t fires, then arms the next timer,
// until the lobby closes.
func (l *Lobby) sweeper(t match.Timer) {
	defer l.wg.Done()
	every := sweepEvery(l.opts.AbandonAfter)
	for {
		select {
		case <-l.ctx.Done():
			t.Stop()
			return
		case <-t.C():
		}
		l.sweep()
		t = l.clock.NewTimer(every)
	}
}

// abandonAfter returns how long r may have none of its players connected
// before it is abandoned: Options.AbandonAfter, or one turn of its timer if
// that is longer (a player who gave orders and left has them played).
func (l *Lobby) abandonAfter(r *room) time.Duration {
	return max(l.opts.AbandonAfter, r.set.TurnTimer())
}

// markIdle notes that a player left r: a started game none of whose
// players is connected is abandoned from now. l.mu held.
func (l *Lobby) markIdle(r *room) {
	if r.started && r.players() == 0 {
		r.idleSince = l.clock.Now()
	}
}

// sweep suspends or ends the started games abandoned (see the package
// doc), and removes the games over that none of their players is
// connected to: at once if nobody watches either, else once abandoned.
// It asks each game without players whether it is over (the lobby hears
// of it only through a subscriber), never under l.mu.
func (l *Lobby) sweep() {
	now := l.clock.Now()
	type idle struct {
		r *room
		m *match.Match
	}
	l.mu.Lock()
	var list []idle
	for _, r := range l.games {
		switch {
		case !r.started || r.m == nil:
		case r.players() > 0:
			r.idleSince = time.Time{}
		default:
			if r.idleSince.IsZero() {
				r.idleSince = now
			}
			list = append(list, idle{r, r.m})
		}
	}
	l.mu.Unlock()
	slices.SortFunc(list, func(a, b idle) int { return cmp.Compare(a.r.id, b.r.id) })
	for _, e := range list {
		ctx, cancel := context.WithTimeout(l.ctx, l.opts.CallTimeout)
		st, err := e.m.Status(ctx)
		cancel()
		r := e.r
		l.mu.Lock()
		if l.games[r.id] == r && r.players() == 0 {
			if err == nil && st.Over {
				r.over = true
			}
			abandoned := now.Sub(r.idleSince) >= l.abandonAfter(r)
			switch {
			case r.over && (abandoned || r.connected() == 0):
				l.removeRoom(r, "the game is over and its players left")
			case abandoned:
				l.abandon(r, now)
			}
		}
		l.mu.Unlock()
	}
}

// abandon takes r, which none of its players has been connected to for
// long enough, out of the lobby: suspended with a store (it stays there,
// and a player's seat token resumes it), ended without. l.mu held.
func (l *Lobby) abandon(r *room, now time.Time) {
	idle := now.Sub(r.idleSince).Round(time.Second)
	if l.opts.Store == nil {
		l.removeRoom(r, fmt.Sprintf("ended: none of its players has been here for %v", idle))
		return
	}
	l.suspended[r.id] = r.idleSince
	l.removeRoom(r, fmt.Sprintf("suspended: none of its players has been here for %v; a player's seat token resumes it", idle))
}

// wake resumes game id from Options.Store, suspended, for a player who
// comes back with seat token tok, if the lobby has room for it. It does
// nothing when the game is in the lobby, cl is in a game, or the store
// holds no such game unfinished: JoinGame then says what is wrong. The game's last match, if
// it is still stopping, is waited for (under cl's call timeout).
func (l *Lobby) wake(cl *client, id protocol.GameID, tok protocol.SeatToken) error {
	st := l.opts.Store
	if st == nil {
		return nil
	}
	l.mu.Lock()
	busy := l.games[id] != nil || cl.room != nil // else JoinGame says no
	done := l.runs[id]
	l.mu.Unlock()
	if busy {
		return nil
	}
	g, err := st.Game(id)
	switch {
	case errors.Is(err, store.ErrNoGame):
		return nil
	case err != nil:
		l.log.Error("cannot read a suspended game", "game", uint32(id), "err", err)
		return protocol.Errorf(protocol.Internal, "%s cannot be read: try again later", id)
	case g.Over:
		return nil
	}
	held := false
	for _, s := range g.Seats {
		held = s.Token.Equal(tok) || held // every seat compared, in constant time
	}
	if !held {
		return protocol.Errorf(protocol.BadToken, "that seat token is not for a seat of %s", id)
	}
	if done != nil {
		ctx, cancel := l.callCtx(cl)
		defer cancel()
		select {
		case <-done:
		case <-ctx.Done():
			return protocol.Errorf(protocol.Unavailable, "%s is being suspended: try again in a moment", id)
		}
	}
	err = l.resume(g)
	var pe *protocol.ProtocolError
	switch {
	case err == nil:
		l.log.Info("suspended game resumed: a player came back", "game", uint32(id), "name", cl.name)
	case errors.Is(err, errInLobby):
	case errors.Is(err, errFull):
		return protocol.Errorf(protocol.Unavailable, "%s cannot be resumed now: %v; try again later", id, err)
	case errors.As(err, &pe):
		return pe
	default:
		l.log.Error("cannot resume a suspended game", "game", uint32(id), "err", err)
		return protocol.Errorf(protocol.Unavailable, "%s cannot be resumed: %v", id, err)
	}
	return nil
}

// canCreate says why cl may not create a game now: it holds
// Options.GamesPerConn games already, or its address GamesPerAddr (games
// they created, open or running). l.mu held.
func (l *Lobby) canCreate(cl *client) error {
	var mine, theirs []protocol.GameID
	for _, r := range l.games {
		if r.over {
			continue
		}
		if r.creator == cl.c.ID() {
			mine = append(mine, r.id)
		}
		if cl.addr != "" && r.addr == cl.addr {
			theirs = append(theirs, r.id)
		}
	}
	var who string
	var limit int
	var held []protocol.GameID
	switch {
	case l.opts.GamesPerConn > 0 && len(mine) >= l.opts.GamesPerConn:
		who, limit, held = "a connection", l.opts.GamesPerConn, mine
	case l.opts.GamesPerAddr > 0 && len(theirs) >= l.opts.GamesPerAddr:
		who, limit, held = "an address", l.opts.GamesPerAddr, theirs
	default:
		return nil
	}
	slices.Sort(held)
	names := make([]string, len(held))
	for i, id := range held {
		names[i] = id.String()
	}
	wait := "until one ends"
	if l.opts.AbandonAfter > 0 {
		wait = fmt.Sprintf("until one ends, or is suspended when none of its players has been in it for %v", l.opts.AbandonAfter)
	}
	return protocol.Errorf(protocol.NotAllowed,
		"this server lets %s hold %d games it created at a time, and you hold %s: go back to one (with its seat token), or wait %s",
		who, limit, strings.Join(names, ", "), wait)
}
