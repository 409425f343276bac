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

// sweepEvery returns how often the lobby looks for games to close or
// suspend under opts (AbandonAfter, IdleAfter, OpenFor): a tenth of the
// shortest of them, from a second to a minute; 0 when none is set.
func sweepEvery(opts Options) time.Duration {
	var shortest time.Duration
	for _, d := range []time.Duration{opts.AbandonAfter, opts.IdleAfter, opts.OpenFor} {
		if d > 0 && (shortest == 0 || d < shortest) {
			shortest = d
		}
	}
	if shortest == 0 {
		return 0
	}
	return min(max(shortest/10, time.Second), time.Minute)
}

// sweeper sweeps the lobby whenever t fires, then arms the next timer,
// until the lobby closes.
func (l *Lobby) sweeper(t match.Timer) {
	defer l.wg.Done()
	every := sweepEvery(l.opts)
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

// idleAfter returns how long r may go without an action of its players
// before it is suspended: Options.IdleAfter, or one turn of its timer if
// that is longer; 0 when it never is (no IdleAfter, or no store to
// suspend it to).
func (l *Lobby) idleAfter(r *room) time.Duration {
	if l.opts.IdleAfter == 0 || l.opts.Store == nil {
		return 0
	}
	return max(l.opts.IdleAfter, r.set.TurnTimer())
}

// markIdle notes that a player left r: a started game none of whose
// players is connected is abandoned from now. l.mu held.
func (l *Lobby) markIdle(r *room) {
	if r.started && r.players() == 0 {
		r.idleSince = l.clock.Now()
	}
}

// sweep closes the open games older than Options.OpenFor, suspends the
// started games whose players have not acted for idleAfter, suspends or
// ends the started games abandoned (see the package doc), and removes the
// games over that none of their players is connected to: at once if
// nobody watches either, else once abandoned. It forgets the suspended
// games whose hold (Options.SuspendedHold) is over. It asks each game
// without players whether it is over (the lobby hears of it only through a
// subscriber), never under l.mu.
func (l *Lobby) sweep() {
	now := l.clock.Now()
	type idle struct {
		r *room
		m *match.Match
	}
	l.mu.Lock()
	var list []idle
	var stale, quiet []*room
	for _, r := range l.games {
		switch {
		case !r.started:
			if l.opts.OpenFor > 0 && now.Sub(r.created) >= l.opts.OpenFor {
				stale = append(stale, r)
			}
		case r.m == nil:
		case r.players() > 0:
			r.idleSince = time.Time{}
			if after := l.idleAfter(r); after > 0 && !r.over && now.Sub(r.lastAction()) >= after {
				quiet = append(quiet, r)
			}
		default:
			if r.idleSince.IsZero() {
				r.idleSince = now
			}
			list = append(list, idle{r, r.m})
		}
	}
	byID := func(a, b *room) int { return cmp.Compare(a.id, b.id) }
	slices.SortFunc(stale, byID)
	for _, r := range stale {
		l.removeRoom(r, fmt.Sprintf("closed: it was not started within %v of its creation; create it again once its players are here", l.opts.OpenFor))
	}
	slices.SortFunc(quiet, byID)
	for _, r := range quiet {
		since := r.lastAction()
		l.suspend(r, since, now, fmt.Sprintf("suspended: none of its players has played for %v; a player's seat token resumes it",
			now.Sub(since).Round(time.Second)))
	}
	for id, s := range l.suspended {
		if now.Sub(s.at) >= l.opts.SuspendedHold {
			delete(l.suspended, id) // the store keeps the game
		}
	}
	l.mu.Unlock()
	slices.SortFunc(list, func(a, b idle) int { return byID(a.r, b.r) })
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
	l.suspend(r, r.idleSince, now, fmt.Sprintf("suspended: none of its players has been here for %v; a player's seat token resumes it", idle))
}

// suspend takes r out of the lobby at now, telling everyone in it why:
// the store keeps it as it was at the start of the step being played, and
// a player's seat token resumes it (wake). It has been idle since since;
// it counts against its creator's address for Options.SuspendedHold.
// l.mu held; Options.Store is set.
func (l *Lobby) suspend(r *room, since, now time.Time, why string) {
	l.suspended[r.id] = suspension{since: since, at: now, addr: r.addr}
	l.removeRoom(r, why)
}

// pressedAfter returns how long r must have gone without an action of its
// players to be suspended to make room for another game (makeRoom): a
// sixth of Options.IdleAfter, or one turn of its timer if that is longer;
// 0 when it never is (idleAfter).
func (l *Lobby) pressedAfter(r *room) time.Duration {
	if l.idleAfter(r) == 0 {
		return 0
	}
	return max(l.opts.IdleAfter/6, r.set.TurnTimer())
}

// makeRoom makes room in memory for one more game of set if there is none
// (roomFor), by suspending started games whose players have not acted for
// pressedAfter: the fewest that make the room, the least recently played
// first, or none if all of them would not. It returns roomFor's answer
// after. l.mu held.
func (l *Lobby) makeRoom(set protocol.Settings, now time.Time) error {
	err := l.roomFor(set)
	if err == nil {
		return nil
	}
	var idle []*room
	for _, r := range l.games {
		if after := l.pressedAfter(r); after > 0 && r.started && r.m != nil && !r.over && now.Sub(r.lastAction()) >= after {
			idle = append(idle, r)
		}
	}
	slices.SortFunc(idle, func(a, b *room) int {
		return cmp.Or(a.lastAction().Compare(b.lastAction()), cmp.Compare(a.id, b.id))
	})
	count, used, need := len(l.games), l.charged(), gameBytes(set)
	full := func() bool { return count >= l.opts.MaxGames || used+need > l.opts.GameMemory }
	n := 0
	for ; n < len(idle) && full(); n++ {
		count--
		used -= gameBytes(idle[n].set)
	}
	if full() {
		return err
	}
	for _, r := range idle[:n] {
		since := r.lastAction()
		l.suspend(r, since, now, fmt.Sprintf("suspended to make room for another game: none of its players has played for %v; a player's seat token resumes it",
			now.Sub(since).Round(time.Second)))
	}
	return l.roomFor(set)
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
// Options.GamesPerConn games already (games it created, open or running),
// or its address Options.GamesPerAddr (those, and the games suspended in
// the last Options.SuspendedHold). l.mu held.
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
	now := l.clock.Now()
	suspended := 0
	for id, s := range l.suspended {
		if cl.addr != "" && s.addr == cl.addr && now.Sub(s.at) < l.opts.SuspendedHold {
			theirs = append(theirs, id)
			suspended++
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
		if _, ok := l.suspended[id]; ok {
			names[i] += " (suspended)"
		}
	}
	var waits []string
	if l.opts.OpenFor > 0 {
		waits = append(waits, fmt.Sprintf("a game not started is closed %v after its creation", l.opts.OpenFor))
	}
	if l.opts.AbandonAfter > 0 {
		waits = append(waits, fmt.Sprintf("a game is suspended when none of its players has been in it for %v", l.opts.AbandonAfter))
	}
	if l.opts.IdleAfter > 0 && l.opts.Store != nil {
		waits = append(waits, fmt.Sprintf("a game none of whose players plays for %v is suspended", l.opts.IdleAfter))
	}
	if who == "an address" && suspended > 0 {
		waits = append(waits, fmt.Sprintf("a suspended game counts for %v after it was suspended", l.opts.SuspendedHold))
	}
	wait := "wait until one ends"
	if len(waits) > 0 {
		wait += " (" + strings.Join(waits, "; ") + ")"
	}
	return protocol.Errorf(protocol.NotAllowed,
		"this server lets %s hold %d games it created at a time, and you hold %s: go back to one (with its seat token), or %s",
		who, limit, strings.Join(names, ", "), wait)
}
