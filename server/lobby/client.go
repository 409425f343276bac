package lobby

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/coder/websocket"
	"github.com/vmihailenco/msgpack/v5"

	"empires/server/match"
	"empires/server/throttle"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// ReasonTakenOver is the reason a connection closes when a newer one takes
// its seat back with the seat token.
const ReasonTakenOver = "your seat was taken over by a newer connection"

// client is one connected client: the Session of its connection.
type client struct {
	l    *Lobby
	c    *wsconn.Conn
	name string
	addr string // the remote address its games count against; "" for none

	// Guarded by Lobby.mu.
	room *room
	seat protocol.Seat // Spectator when watching (or in no game)
	sub  *match.Subscription
	gone bool // the connection has ended

	// playing is the client's place while it is subscribed to a running
	// match: written under Lobby.mu (publish) whenever room, seat or sub
	// change, read without it by the messages of a game being played, so
	// that thousands of clients playing do not queue on one lock.
	playing atomic.Pointer[placed]

	// The client's accounts (see Quotas), set by Open. work and wrong
	// are used on the connection's reader goroutine only; chatLines is
	// guarded by Lobby.mu.
	work      throttle.Meter   // work units
	wrong     throttle.Strikes // wrong passwords
	chatLines throttle.Budget  // chat lines sent
}

var _ wsconn.Session = (*client)(nil)

// placed is a client's place in a running match, as client.playing
// publishes it. It is never changed once made.
type placed struct {
	room *room
	seat protocol.Seat
	m    *match.Match
	sub  *match.Subscription
}

// publish makes cl.playing tell cl's place: its room, seat, match and
// subscription while it has a subscription, nothing otherwise. Lobby.mu
// is held; call it after every change of cl.room, cl.seat or cl.sub.
func (cl *client) publish() {
	if cl.room == nil || cl.sub == nil || cl.room.m == nil {
		cl.playing.Store(nil)
		return
	}
	cl.playing.Store(&placed{room: cl.room, seat: cl.seat, m: cl.room.m, sub: cl.sub})
}

// Open implements wsconn.Session: the client has its Welcome and is in the
// server's lobby.
func (cl *client) Open() {
	cl.l.mu.Lock()
	defer cl.l.mu.Unlock()
	cl.work = throttle.NewMeter(workRate(cl.c.Limits()))
	cl.chatLines = throttle.NewBudget(cl.l.q.limits.ChatLines)
	if !cl.gone {
		cl.l.clients[cl] = struct{}{}
	}
}

// Handle implements wsconn.Session: it charges the message to the
// client's work budget (its Limits' WorkBurst and WorkPerSecond), then
// handles it.
func (cl *client) Handle(env protocol.Envelope, msg protocol.Message) {
	if drop, err := cl.chargeWork(env, msg); err != nil {
		cl.c.SendError(env.Seq, err)
		if drop {
			cl.c.Close(websocket.StatusPolicyViolation, ReasonTooMuchWork)
		}
		return
	}
	var err error
	switch m := msg.(type) {
	case *protocol.ListGames:
		cl.c.Send(cl.l.list(), env.Seq)
	case *protocol.CreateGame:
		err = cl.create(env, m)
	case *protocol.JoinGame:
		err = cl.join(env, m)
	case *protocol.LeaveGame:
		err = cl.leave()
	case *protocol.Chat:
		err = cl.chat(env, m)
	case *protocol.SetReady:
		err = cl.setReady(m)
	case *protocol.StartGame:
		err = cl.start()
	case *protocol.SetSeatData:
		err = cl.setSeatData(env, m)
	case *protocol.SubmitOrders:
		err = cl.submit(env, m)
	case *protocol.Act:
		err = cl.act(env, m)
	case *protocol.GetRules:
		err = cl.getRules(env, m)
	case *protocol.RequestView:
		err = cl.requestView()
	default:
		err = protocol.Errorf(protocol.NotAllowed, "%s is not handled here", env.Type)
	}
	if err != nil {
		cl.c.SendError(env.Seq, err)
		return
	}
	switch msg.(type) {
	case *protocol.JoinGame, *protocol.Chat, *protocol.SetReady, *protocol.StartGame, *protocol.SetSeatData,
		*protocol.SubmitOrders, *protocol.Act:
		cl.acted()
	}
}

// acted records that cl acted in its game, if it holds a seat of one: the
// game is not idle (Options.IdleAfter). It takes no lock while cl plays a
// running match.
func (cl *client) acted() {
	r, s, _, _ := cl.place()
	if r != nil && s != protocol.Spectator {
		r.act(cl.l.clock.Now())
	}
}

// Closed implements wsconn.Session: the client is gone.
func (cl *client) Closed() {
	l := cl.l
	l.mu.Lock()
	cl.gone = true
	delete(l.clients, cl)
	sub := l.detach(cl)
	l.mu.Unlock()
	if sub != nil {
		sub.Close()
	}
}

var errNoGame = protocol.Errorf(protocol.WrongGame, "you are in no game: join one first")

// place returns cl's game, seat, match and subscription: without the
// lock while cl plays a running match (client.playing), else under it.
func (cl *client) place() (*room, protocol.Seat, *match.Match, *match.Subscription) {
	if p := cl.playing.Load(); p != nil {
		return p.room, p.seat, p.m, p.sub
	}
	cl.l.mu.Lock()
	defer cl.l.mu.Unlock()
	if cl.room == nil {
		return nil, 0, nil, nil
	}
	return cl.room, cl.seat, cl.room.m, cl.sub
}

// list returns the game list: games open or running, by ID.
func (l *Lobby) list() *protocol.GameList {
	type running struct {
		i int
		m *match.Match
	}
	l.mu.Lock()
	var games []protocol.GameInfo
	var ask []running
	for _, r := range l.games {
		if r.over {
			continue
		}
		if r.m != nil {
			ask = append(ask, running{len(games), r.m})
		}
		info := r.info()
		if rs, ok := l.rulesets.Get(r.set.Ruleset); ok {
			info.Modded = l.modded(rs.Info())
		}
		games = append(games, info)
	}
	l.mu.Unlock()
	// The turn of each running game, from its match (never under mu).
	for _, q := range ask {
		ctx, cancel := context.WithTimeout(l.ctx, l.opts.CallTimeout)
		st, err := q.m.Status(ctx)
		cancel()
		if err == nil {
			games[q.i].Turn = st.Turn
		}
	}
	sort.Slice(games, func(i, j int) bool { return games[i].Game < games[j].Game })
	return &protocol.GameList{Games: games}
}

// create handles CreateGame: a new game with cl at seat 1, its host.
func (cl *client) create(env protocol.Envelope, m *protocol.CreateGame) error {
	l := cl.l
	set := m.Settings
	if err := set.Validate(l.rulesets.IDs()...); err != nil {
		return err
	}
	rs, _ := l.rulesets.Get(set.Ruleset) // Validate checked it is there
	chk, _ := rs.(ruleset.ConfigChecker)
	if err := set.CheckFor(rs.Info(), chk); err != nil {
		return err
	}
	publicOnly(&set, rs.Info())
	for set.Seed == 0 {
		set.Seed = rand.Uint64() // the server's choice; the game itself is deterministic from it
	}
	if set.Name == "" {
		set.Name = cl.name + "'s game"
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case cl.room != nil:
		return protocol.Errorf(protocol.NotAllowed, "you are in %s: leave it first", cl.room.id)
	case l.closed:
		return protocol.Errorf(protocol.Unavailable, "the server is shutting down")
	}
	if err := l.canCreate(cl); err != nil {
		return err
	}
	if err := l.makeRoom(set, l.clock.Now()); err != nil {
		return protocol.Errorf(protocol.Unavailable, "%s: try again later", strings.TrimPrefix(err.Error(), errFull.Error()+": "))
	}
	l.lastID++
	r := newRoom(l.lastID, set, l.clock.Now())
	r.setup = l.seatSetup(set.Ruleset)
	r.creator, r.addr = cl.c.ID(), cl.addr
	l.games[r.id] = r
	tok := protocol.NewToken()
	r.seats[0] = seat{name: cl.name, token: tok, c: cl}
	r.host = 1
	cl.room, cl.seat = r, 1
	cl.c.Send(&protocol.Joined{Game: r.id, Seat: 1, Token: tok, Settings: set.Public()}, env.Seq)
	r.broadcastLobby()
	l.log.Info("game created", "game", uint32(r.id), "by", cl.name, "settings", set.String(), "token", tok)
	return nil
}

// join handles JoinGame: a free or named seat, a spectator's place, or a
// seat taken back with its token. A password is checked only while cl
// and its address are not waiting after wrong ones (Quotas.Password).
func (cl *client) join(env protocol.Envelope, m *protocol.JoinGame) error {
	if m.Token != "" || m.Password == "" {
		return cl.joinGame(env, m)
	}
	if err := cl.checkGuess(m); err != nil {
		return err
	}
	err := cl.joinGame(env, m)
	cl.guessed(m, err)
	return err
}

// joinGame is join but for the wrong passwords.
func (cl *client) joinGame(env protocol.Envelope, m *protocol.JoinGame) error {
	l := cl.l
	if m.Token != "" {
		if err := l.wake(cl, m.Game, m.Token); err != nil {
			return err
		}
	}
	l.mu.Lock()
	r := l.games[m.Game]
	var kicked *client
	var kickedSub *match.Subscription
	err := func() error {
		switch {
		case cl.room != nil && cl.room.id == m.Game:
			return protocol.Errorf(protocol.NotAllowed, "you are in %s already", m.Game)
		case cl.room != nil:
			return protocol.Errorf(protocol.NotAllowed, "you are in %s: leave it first", cl.room.id)
		case r == nil:
			return protocol.Errorf(protocol.NoSuchGame, "no %s on this server", m.Game)
		case r.over && m.Token == "" && !m.Spectate:
			return protocol.Errorf(protocol.NotAllowed, "%s is over", m.Game)
		}
		var s protocol.Seat
		var st *seat
		switch {
		case m.Token != "":
			if s, st = r.seatByToken(m.Token); st == nil {
				return protocol.Errorf(protocol.BadToken, "that seat token is not for a seat of %s", m.Game)
			}
			if old := st.c; old != nil && old != cl {
				kicked, kickedSub = old, old.sub
				old.room, old.seat, old.sub = nil, 0, nil
				old.publish()
			}
		case m.Spectate:
			if !r.set.Spectators {
				return protocol.Errorf(protocol.GameFull, "%s allows no spectators", m.Game)
			}
			if err := r.checkPassword(m.Password); err != nil {
				return err
			}
			r.spectators[cl] = struct{}{}
		default:
			if err := r.checkPassword(m.Password); err != nil {
				return err
			}
			s = m.Seat
			if s == 0 {
				if s = r.freeSeat(); s == 0 {
					return protocol.Errorf(protocol.GameFull, "%s has no free seat", m.Game)
				}
			}
			switch st = r.seat(s); {
			case st == nil:
				return protocol.Errorf(protocol.Invalid, "%s has seats 1 to %d", m.Game, len(r.seats))
			case st.bot:
				return protocol.Errorf(protocol.GameFull, "%s of %s is a bot's", s, m.Game)
			case st.token != "":
				return protocol.Errorf(protocol.GameFull, "%s of %s is taken", s, m.Game)
			}
			*st = seat{name: cl.name, token: protocol.NewToken()}
			if r.host == 0 {
				r.host = s
			}
			l.seatTaken(r, s)
		}
		if st != nil {
			st.c = cl
			if !r.started {
				st.ready = false
			}
		}
		cl.room, cl.seat = r, s
		var tok protocol.SeatToken
		if st != nil {
			tok = st.token
		}
		cl.c.Send(&protocol.Joined{Game: r.id, Seat: s, Token: tok, Settings: r.set.Public()}, env.Seq)
		if r.started {
			cl.c.Send(r.lobbyMsg(), 0)
		} else {
			r.broadcastLobby()
		}
		l.log.Info("joined", "game", uint32(r.id), "name", cl.name, "seat", s, "rejoin", m.Token != "", "token", tok)
		return nil
	}()
	var mt *match.Match
	var s protocol.Seat
	if err == nil {
		mt, s = r.m, cl.seat
	}
	l.mu.Unlock()
	if kicked != nil {
		if kickedSub != nil {
			kickedSub.Close()
		}
		kicked.c.Close(websocket.StatusPolicyViolation, ReasonTakenOver)
	}
	if err != nil {
		return err
	}
	if mt != nil {
		cl.subscribe(r, mt, s)
	}
	return nil
}

// leave handles LeaveGame.
func (cl *client) leave() error {
	l := cl.l
	l.mu.Lock()
	if cl.room == nil {
		l.mu.Unlock()
		return errNoGame
	}
	sub := l.detach(cl)
	l.mu.Unlock()
	if sub != nil {
		sub.Close()
	}
	return nil
}

// detach takes cl out of its game, if any, and returns its subscription
// for the caller to close after unlocking; l.mu held. Before the start a
// seat holder gives the seat up; after it the seat waits for its token.
func (l *Lobby) detach(cl *client) *match.Subscription {
	r := cl.room
	if r == nil {
		return nil
	}
	sub, s := cl.sub, cl.seat
	cl.room, cl.seat, cl.sub = nil, 0, nil
	cl.publish()
	if s == protocol.Spectator {
		delete(r.spectators, cl)
	} else if st := r.seat(s); st != nil && st.c == cl {
		st.c = nil
		l.markIdle(r)
		if !r.started {
			*st = seat{}
			if r.host == s {
				r.newHost()
			}
		}
	}
	l.log.Info("left", "game", uint32(r.id), "name", cl.name, "seat", s)
	switch {
	case !r.started && r.humans() == 0:
		l.removeRoom(r, "everyone left")
	case !r.started:
		r.broadcastLobby()
	case r.over && r.connected() == 0:
		l.removeRoom(r, "the game is over and everyone left")
	}
	return sub
}

// setReady handles SetReady: before the start, readiness to start (the
// game starts by itself when every human seat is taken and ready); after
// it, readiness to end the turn, which the match announces to everyone in
// a TurnClock.
func (cl *client) setReady(m *protocol.SetReady) error {
	l := cl.l
	if p := cl.playing.Load(); p != nil && p.seat != protocol.Spectator {
		return l.readyInMatch(cl, p.m, p.seat, m)
	}
	l.mu.Lock()
	r, s := cl.room, cl.seat
	switch {
	case r == nil:
		l.mu.Unlock()
		return errNoGame
	case s == protocol.Spectator:
		l.mu.Unlock()
		return protocol.Errorf(protocol.NotAllowed, "spectators have no turn to end")
	case !r.started:
		st := r.seat(s)
		st.ready = m.Ready
		r.broadcastLobby()
		var set *match.Settings
		if r.full() {
			set = l.beginStart(r)
		}
		l.mu.Unlock()
		if set != nil {
			return l.launch(r, *set)
		}
		return nil
	}
	mt := r.m
	l.mu.Unlock()
	if mt == nil {
		return protocol.Errorf(protocol.Unavailable, "the game is starting: try again in a moment")
	}
	return l.readyInMatch(cl, mt, s, m)
}

// readyInMatch tells match mt that cl's seat s is ready, or not, to end
// the step m names; the match refuses one of another step (the lobby's
// readiness, Seq 0, sent as the game started, is one unless the game's
// steps count from 0).
func (l *Lobby) readyInMatch(cl *client, mt *match.Match, s protocol.Seat, m *protocol.SetReady) error {
	ctx, cancel := l.callCtx(cl)
	defer cancel()
	return matchError(mt.SetReady(ctx, s.Player(), m.Seq, m.Ready))
}

// start handles StartGame.
func (cl *client) start() error {
	l := cl.l
	l.mu.Lock()
	r := cl.room
	var err error
	switch {
	case r == nil:
		err = errNoGame
	case r.started:
		err = protocol.Errorf(protocol.NotAllowed, "%s has started already", r.id)
	case cl.seat != r.host || cl.seat == protocol.Spectator:
		err = protocol.Errorf(protocol.NotAllowed, "only the host (%s) may start %s", r.host, r.id)
	default:
		if why := r.notReady(); why != "" {
			err = protocol.Errorf(protocol.NotAllowed, "cannot start yet: %s", why)
		}
	}
	if err != nil {
		l.mu.Unlock()
		return err
	}
	set := l.beginStart(r)
	l.mu.Unlock()
	return l.launch(r, *set)
}

// beginStart marks r started and returns its match settings, with every
// seat's set-up data; l.mu held. From now on seats are kept by those who
// leave; launch creates the match.
func (l *Lobby) beginStart(r *room) *match.Settings {
	r.started = true
	set := l.matchSettings(r)
	set.SeatData = r.seatData()
	return &set
}

// setSeatData handles SetSeatData: the ruleset checks the data against the
// game's options and the player gets SeatDataResult, every problem found or
// Accepted. Valid data replaces the seat's (the lobby then shows that the
// seat has its data, never the data), and the game starts if it was all
// that was missing; refused data changes nothing.
func (cl *client) setSeatData(env protocol.Envelope, m *protocol.SetSeatData) error {
	l := cl.l
	l.mu.Lock()
	r, s := cl.room, cl.seat
	var err error
	switch {
	case r == nil:
		err = errNoGame
	case s == protocol.Spectator:
		err = protocol.Errorf(protocol.NotAllowed, "spectators bring no set-up data")
	case r.started:
		err = protocol.Errorf(protocol.NotAllowed, "%s has started: set-up data is sent before the start", r.id)
	case r.setup == nil:
		err = protocol.Errorf(protocol.NotAllowed, "%s of %s takes no set-up data", r.id, r.set.Ruleset)
	}
	if err != nil {
		l.mu.Unlock()
		return err
	}
	setup, opts, tok := r.setup, r.set.Config(nil).Options, r.seat(s).token
	l.mu.Unlock()

	// The ruleset's check, outside the lock: the room may change meanwhile,
	// so its place is checked again after.
	problems, err := setup.CheckSeat(opts, m.Data)
	if err != nil {
		return protocol.Errorf(protocol.Invalid, "%s", err)
	}
	if len(problems) > 0 {
		cl.c.Send(&protocol.SeatDataResult{Errors: protocol.Rejections(problems)}, env.Seq)
		return nil
	}

	l.mu.Lock()
	st := r.seat(s)
	switch {
	case cl.room != r || cl.seat != s || st.token != tok:
		err = protocol.Errorf(protocol.NotAllowed, "you left %s meanwhile", r.id)
	case r.started:
		err = protocol.Errorf(protocol.NotAllowed, "%s started meanwhile: set-up data is sent before the start", r.id)
	}
	if err != nil {
		l.mu.Unlock()
		return err
	}
	st.data = bytes.Clone(m.Data)
	if st.data == nil {
		st.data = []byte{} // valid, if empty: sent all the same
	}
	cl.c.Send(&protocol.SeatDataResult{Accepted: true}, env.Seq)
	r.broadcastLobby()
	l.log.Info("seat set-up data", "game", uint32(r.id), "seat", s, "bytes", len(m.Data))
	var set *match.Settings
	if r.full() {
		set = l.beginStart(r)
	}
	l.mu.Unlock()
	if set != nil {
		return l.launch(r, *set)
	}
	return nil
}

// launch creates and runs r's match (generating the map, outside the
// lock) and subscribes every member. If the match cannot be made, the game
// goes back to its lobby and the error is returned.
func (l *Lobby) launch(r *room, set match.Settings) error {
	rs, ok := l.rulesets.Get(r.set.Ruleset)
	if !ok {
		return protocol.Errorf(protocol.Invalid, "this server plays no ruleset %q", r.set.Ruleset)
	}
	m, err := l.opts.NewMatch(uint32(r.id), rs, set, l.opts.Clock)
	l.mu.Lock()
	if err == nil && l.closed {
		err = protocol.Errorf(protocol.Unavailable, "the server is shutting down")
	}
	if err != nil {
		l.log.Error("cannot start a game", "game", uint32(r.id), "err", err)
		r.started = false
		// Those who dropped while the game was starting give their seats up.
		for i := range r.seats {
			if st := &r.seats[i]; !st.bot && st.c == nil {
				*st = seat{}
			}
		}
		if r.humans() == 0 {
			l.removeRoom(r, "everyone left")
		} else {
			r.newHost()
			r.broadcastLobby()
		}
		l.mu.Unlock()
		var pe *protocol.ProtocolError
		if errors.As(err, &pe) {
			return err
		}
		return protocol.Errorf(protocol.Internal, "the game could not start: %v", err)
	}
	ctx, cancel := context.WithCancel(l.ctx)
	r.m, r.stop = m, cancel
	l.saveGame(r)
	l.run(ctx, r, m)
	type member struct {
		cl *client
		s  protocol.Seat
	}
	var members []member
	r.members(func(cl *client, s protocol.Seat) { members = append(members, member{cl, s}) })
	r.broadcastLobby() // once more, Started
	l.log.Info("game started", "game", uint32(r.id), "settings", r.set.String())
	if l.games[r.id] != r { // removed meanwhile
		cancel()
	}
	l.mu.Unlock()
	for _, mb := range members {
		mb.cl.subscribe(r, m, mb.s)
	}
	return nil
}

// subscribe subscribes cl to seat s of r's match m and starts forwarding,
// if cl is still there and not subscribed already.
func (cl *client) subscribe(r *room, m *match.Match, s protocol.Seat) {
	l := cl.l
	ctx, cancel := l.callCtx(cl)
	sub, err := m.Subscribe(ctx, s.Player())
	cancel()
	if err != nil {
		cl.c.SendError(0, matchError(err))
		return
	}
	l.mu.Lock()
	ok := !cl.gone && cl.room == r && cl.seat == s && cl.sub == nil
	if ok {
		cl.sub = sub
		cl.publish()
	}
	l.mu.Unlock()
	if !ok {
		sub.Close()
		return
	}
	go cl.forward(r, sub)
}

// forward sends cl what its subscription delivers, until it ends: a
// FullView (then Missed, for a player back from away who missed steps),
// TurnUpdates, TurnClocks when the clock changes, and GameOver
// once. It never blocks the match: Send never waits.
func (cl *client) forward(r *room, sub *match.Subscription) {
	defer func() {
		if p := recover(); p != nil {
			cl.c.Logger().Error("panic forwarding a game: closing the connection", "panic", p)
			sub.Close()
			cl.c.Close(websocket.StatusInternalError, wsconn.ReasonInternal)
		}
	}()
	var last *protocol.TurnClock
	overSent := false
	for u := range sub.Updates() {
		if u.Full != nil {
			cl.c.Send(&protocol.FullView{View: u.Full, Checksum: u.Checksum}, 0)
		}
		if len(u.Missed) > 0 {
			steps := make([]protocol.MissedStep, len(u.Missed))
			for i, st := range u.Missed {
				steps[i] = protocol.MissedStep{Turn: st.Turn, Events: st.Events}
			}
			cl.c.Send(&protocol.Missed{Steps: steps}, 0)
		}
		if u.Delta != nil {
			cl.c.Send(&protocol.TurnUpdate{Delta: u.Delta, Checksum: u.Checksum, Events: u.Events}, 0)
		}
		if u.Clock != nil {
			if tc := clockMsg(u.Clock); last == nil || !sameClock(last, tc) || u.Delta != nil || u.Full != nil {
				cl.c.Send(tc, 0)
				last = tc
				cl.l.sawTurn(r, u.Clock.Turn)
			}
		}
		if u.Over && !overSent {
			overSent = true
			turn := ruleset.Turn(0)
			if u.Clock != nil {
				turn = u.Clock.Turn
			}
			cl.c.Send(&protocol.GameOver{Winner: protocol.SeatOf(u.Winner), Turn: turn}, 0)
			cl.l.gameOver(r)
		}
	}
	if errors.Is(sub.Err(), match.ErrSlow) {
		cl.c.Close(websocket.StatusPolicyViolation, wsconn.ReasonSlow)
	}
}

// sawTurn records r's turn for the game list.
func (l *Lobby) sawTurn(r *room, t ruleset.Turn) {
	r.turn.raise(t)
}

// gameOver marks r over; it goes when everyone has left.
func (l *Lobby) gameOver(r *room) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !r.over {
		r.over = true
		l.log.Info("game over", "game", uint32(r.id))
	}
	if r.connected() == 0 {
		l.removeRoom(r, "the game is over and everyone left")
	}
}

func clockMsg(c *match.ClockInfo) *protocol.TurnClock {
	tc := &protocol.TurnClock{Turn: c.Turn, Deadline: protocol.DeadlineOf(c.Deadline),
		Mode: uint8(c.Step.Mode), Seq: c.Step.Seq, Prompt: c.Step.Prompt, Since: c.Step.Since, Phase: c.Step.Phase}
	for _, p := range c.Ready {
		tc.Ready = append(tc.Ready, protocol.SeatOf(p))
	}
	for _, p := range c.Step.Actors {
		tc.Actors = append(tc.Actors, protocol.SeatOf(p))
	}
	return tc
}

func sameClock(a, b *protocol.TurnClock) bool {
	return a.Turn == b.Turn && a.Deadline == b.Deadline && slices.Equal(a.Ready, b.Ready) &&
		a.Mode == b.Mode && a.Seq == b.Seq && slices.Equal(a.Actors, b.Actors) && a.Prompt == b.Prompt &&
		a.Since == b.Since && a.Phase == b.Phase
}

// submit handles SubmitOrders: the match checks every order at once.
func (cl *client) submit(env protocol.Envelope, m *protocol.SubmitOrders) error {
	r, s, mt, _ := cl.place()
	switch {
	case r == nil:
		return errNoGame
	case s == protocol.Spectator:
		return protocol.Errorf(protocol.NotAllowed, "spectators give no orders")
	case mt == nil && !r.started:
		return protocol.Errorf(protocol.NotAllowed, "%s has not started: no orders yet", r.id)
	case mt == nil:
		return protocol.Errorf(protocol.Unavailable, "the game is starting: try again in a moment")
	}
	if most := cl.c.Limits().MaxOrders; most > 0 {
		if n, ok := listLen(m.Orders); ok && n > most {
			return protocol.Errorf(protocol.TooLarge, "%d orders: at most %d in one SubmitOrders", n, most)
		}
	}
	ctx, cancel := cl.l.callCtx(cl)
	defer cancel()
	orders := m.Orders
	if len(orders) == 0 {
		orders = []byte{0xc0} // msgpack nil: the message held no list, so no orders
	}
	refused, err := mt.Submit(ctx, s.Player(), m.Turn, m.Seq, orders)
	if err != nil {
		return playError(err)
	}
	res := &protocol.OrdersResult{Turn: m.Turn, Errors: protocol.Rejections(refused)}
	if len(refused) == 0 {
		res.Accepted = countOrders(orders)
	}
	cl.l.observeOrders(res.Accepted, len(res.Errors))
	cl.c.Send(res, env.Seq)
	return nil
}

// countOrders is the number of orders in an order list: the length of the
// msgpack array it is (the rulesets' order lists are arrays), 0 for nil or
// nothing at all (no orders), else 1.
func countOrders(data []byte) int {
	if len(data) == 0 || len(data) == 1 && data[0] == 0xc0 {
		return 0
	}
	if n, ok := listLen(data); ok {
		return n
	}
	return 1
}

// listLen returns the length of the msgpack array data holds, from its
// header alone (it reads no further), and whether data starts with one.
func listLen(data []byte) (int, bool) {
	n, err := msgpack.NewDecoder(bytes.NewReader(data)).DecodeArrayLen()
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// act handles Act: the match plays the action at once, or says why not.
func (cl *client) act(env protocol.Envelope, m *protocol.Act) error {
	r, s, mt, _ := cl.place()
	switch {
	case r == nil:
		return errNoGame
	case s == protocol.Spectator:
		return protocol.Errorf(protocol.NotAllowed, "spectators do not act")
	case mt == nil && !r.started:
		return protocol.Errorf(protocol.NotAllowed, "%s has not started: nothing to do yet", r.id)
	case mt == nil:
		return protocol.Errorf(protocol.Unavailable, "the game is starting: try again in a moment")
	}
	ctx, cancel := cl.l.callCtx(cl)
	defer cancel()
	res := &protocol.ActResult{Seq: m.Seq}
	if err := mt.Act(ctx, s.Player(), m.Seq, m.Action); err != nil {
		var rej *ruleset.Rejection
		if !errors.As(err, &rej) {
			return playError(err)
		}
		res.Error = rej.Error()
	}
	cl.l.observeAct(res.Error == "")
	cl.c.Send(res, env.Seq)
	return nil
}

// getRules handles GetRules: the data of one of the server's rulesets, and
// the dictionary of templates its events name, if any.
func (cl *client) getRules(env protocol.Envelope, m *protocol.GetRules) error {
	rs, ok := cl.l.rulesets.Get(m.Ruleset)
	if !ok {
		return protocol.Errorf(protocol.Invalid, "this server plays no ruleset %q", m.Ruleset)
	}
	in := rs.Info()
	rd := &protocol.RulesData{Ruleset: m.Ruleset, Hash: in.Hash, Data: rs.Data()}
	if t, ok := rs.(ruleset.Templater); ok {
		rd.Dict, rd.Templates = in.Dict, t.Templates()
	}
	cl.c.Send(rd, env.Seq)
	return nil
}

// requestView handles RequestView: the next update is a FullView.
func (cl *client) requestView() error {
	r, _, mt, sub := cl.place()
	switch {
	case r == nil:
		return errNoGame
	case mt == nil && !r.started:
		return protocol.Errorf(protocol.NotAllowed, "%s has not started: there is no view yet", r.id)
	case sub == nil:
		return protocol.Errorf(protocol.Unavailable, "the game is starting: try again in a moment")
	}
	ctx, cancel := cl.l.callCtx(cl)
	defer cancel()
	return matchError(sub.RequestFull(ctx))
}

// matchError turns an error of a match into the protocol error to send;
// an error the match does not name is the server's own (Internal).
func matchError(err error) error {
	if err == nil {
		return nil
	}
	if pe := knownMatchError(err); pe != nil {
		return pe
	}
	return fmt.Errorf("match: %w", err)
}

// playError turns the error of a match's Submit or Act into the protocol
// error to send: the match's own errors as matchError says; any other is
// the ruleset's refusal of bytes that are no order list or action at all,
// Invalid with the ruleset's words.
func playError(err error) error {
	if pe := knownMatchError(err); pe != nil {
		return pe
	}
	return protocol.Errorf(protocol.Invalid, "%s", err)
}

// knownMatchError returns the protocol error of one of the errors a match
// names (or a context's), nil for any other.
func knownMatchError(err error) *protocol.ProtocolError {
	text := strings.TrimPrefix(err.Error(), "match: ")
	switch {
	case errors.Is(err, match.ErrWrongTurn):
		return protocol.Errorf(protocol.WrongTurn, "%s", text)
	case errors.Is(err, match.ErrWrongMode):
		return protocol.Errorf(protocol.NotAllowed, "%s", text)
	case errors.Is(err, match.ErrOver):
		return protocol.Errorf(protocol.NotAllowed, "the game is over")
	case errors.Is(err, match.ErrSeat):
		return protocol.Errorf(protocol.NotAllowed, "%s", text)
	case errors.Is(err, match.ErrBusy):
		return protocol.Errorf(protocol.Unavailable, "the game is busy: try again in a moment")
	case errors.Is(err, match.ErrStopped), errors.Is(err, match.ErrUnsubscribed), errors.Is(err, match.ErrSlow):
		return protocol.Errorf(protocol.Unavailable, "the game is not running")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return protocol.Errorf(protocol.Unavailable, "the game did not answer in time: try again")
	}
	return nil
}
