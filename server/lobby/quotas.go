package lobby

import (
	"errors"
	"fmt"
	"time"

	"empires/server/match"
	"empires/server/throttle"
	"empires/server/wsconn"
	"empires/shared/protocol"
)

// Quotas bound what one client may cost the server, beyond what wsconn
// bounds (the size of a frame, messages a second):
//
//   - Work: each connection has a budget of work units (throttle.Meter)
//     of its Limits (WorkBurst, WorkPerSecond: what Welcome announces),
//     and each message it sends is charged what it costs the server
//     (see workCost): about one unit a byte of payload a ruleset decodes
//     (orders, actions), of chat, of rules data sent, and four a hex of a
//     map whose view is built (RequestView, joining a running game) or
//     generated (CreateGame); at most the Limits' MessageWork. A message
//     over the budget is not handled: it is answered with Error
//     RateLimited saying how long to wait. A client that keeps sending
//     past the budget, twice what it allows, is dropped
//     (ReasonTooMuchWork).
//   - Chat: each sender may send ChatLines; each game's chat, and the
//     server lobby's, carries RoomLines from all its members together and
//     sends out at most RoomFanout bytes (a line costs its size times the
//     clients it goes to; a line to more clients than the whole budget
//     pays for costs the whole budget). A line over a limit is not sent:
//     the sender gets Error RateLimited with the wait.
//   - Passwords: after wrong passwords for games (JoinGame with a
//     password), the connection waits as Password says, and every
//     connection from the same network address (an IPv6 address's /64)
//     as AddressPassword says; JoinGame with a password meanwhile gets
//     Error RateLimited with the wait. Each wrong password is logged
//     (without the password). The lobby remembers at most Addresses
//     addresses.
//
// The zero Quotas means DefaultQuotas(); in other Quotas a zero Rate or
// Backoff is no limit.
type Quotas struct {
	ChatLines       throttle.Rate
	RoomLines       throttle.Rate
	RoomFanout      throttle.Rate
	Password        throttle.Backoff
	AddressPassword throttle.Backoff
	Addresses       int
}

// DefaultQuotas returns the quotas a lobby enforces unless Options say,
// set from what real games send. The AI's order lists (erfworld, 2 to 16
// players, maps of 32 to 128 hexes a side, hundreds of turns) hold at most
// 31 orders, paths of at most 4 hexes, 610 bytes; an erfpires day order
// about 20 bytes. The desktop client sends its list at most three times a
// second while the player changes it. A maximal order list (4,096 moves of
// 60 hexes, 815 KB) takes the server 90 to 300 ms to decode and check,
// about 0.1 to 0.4 us a byte. So:
//
//   - Work: protocol.DefaultLimits' WorkBurst and WorkPerSecond (sized
//     from the message rate: a client within it never runs out).
//   - Chat: 5 lines at once and one more a second from a sender; 20 lines
//     at once and 5 more a second in a game; 256 KiB of chat sent out at
//     once by a game and 32 KiB more a second.
//   - Passwords: 3 wrong passwords free on a connection, 10 from an
//     address; then a wait of 1s, doubling with each wrong password, at
//     most 5 minutes; forgotten 15 minutes after the last one.
func DefaultQuotas() Quotas {
	backoff := throttle.Backoff{Free: 3, First: time.Second, Max: 5 * time.Minute, Forget: 15 * time.Minute}
	perAddress := backoff
	perAddress.Free = 10
	return Quotas{
		ChatLines:       throttle.Rate{Burst: 5, Refill: 1, Per: time.Second},
		RoomLines:       throttle.Rate{Burst: 20, Refill: 5, Per: time.Second},
		RoomFanout:      throttle.Rate{Burst: 256 << 10, Refill: 32 << 10, Per: time.Second},
		Password:        backoff,
		AddressPassword: perAddress,
		Addresses:       4096,
	}
}

// ReasonTooMuchWork is the reason a connection closes when its client
// keeps sending past its work budget (Limits.WorkBurst and WorkPerSecond).
const ReasonTooMuchWork = "too much work: far over the connection's budget"

// What messages cost, in work units (protocol's Limits.WorkBurst).
const (
	costMessage = protocol.WorkMessage // any message
	costPerGame = protocol.WorkPerGame // ListGames, for each game listed (a running game is asked its turn)
	costPerHex  = protocol.WorkPerHex  // a map's view built or its map generated, for each hex
	costMinView = 4096                 // a view of a game without a map, or of a small one
)

// workRate returns the work budget of a connection of limits l.
func workRate(l protocol.Limits) throttle.Rate {
	return throttle.Rate{Burst: int64(l.WorkBurst), Refill: int64(l.WorkPerSecond), Per: time.Second}
}

// quotas is the lobby's part of the accounts: the games' chat budgets
// and the wrong passwords by address. A client keeps its own (see
// client). Guarded by Lobby.mu.
type quotas struct {
	limits    Quotas
	clock     match.Clock // nil: the real one
	passwords *throttle.Table
	lobbyChat chatRoom
	rooms     map[protocol.GameID]*chatRoom
}

func newQuotas(q Quotas, clock match.Clock) *quotas {
	if q == (Quotas{}) {
		q = DefaultQuotas()
	}
	return &quotas{
		limits:    q,
		clock:     clock,
		passwords: throttle.NewTable(q.AddressPassword, q.Addresses),
		lobbyChat: newChatRoom(q),
		rooms:     make(map[protocol.GameID]*chatRoom),
	}
}

// now returns the lobby's time.
func (q *quotas) now() time.Time {
	if q.clock == nil {
		return time.Now()
	}
	return q.clock.Now()
}

// viewCost is what building a view of a game of set costs, or generating
// its map.
func viewCost(set protocol.Settings) int64 {
	w := min(max(set.Width, 0), protocol.MaxMapSide)
	h := min(max(set.Height, 0), protocol.MaxMapSide)
	return max(costMinView, costPerHex*int64(w)*int64(h))
}

// workCost returns what handling msg costs, in work units: at most the
// connection's Limits.MessageWork, so that a client within the message
// rate never runs out of work (protocol's Limits.WithWork).
func (cl *client) workCost(msg protocol.Message) int64 {
	return min(cl.uncappedCost(msg), int64(cl.c.Limits().MessageWork()))
}

// uncappedCost returns what handling msg costs, in work units.
func (cl *client) uncappedCost(msg protocol.Message) int64 {
	l := cl.l
	cost := int64(costMessage)
	switch m := msg.(type) {
	case *protocol.SubmitOrders:
		cost += int64(len(m.Orders))
	case *protocol.Act:
		cost += int64(len(m.Action))
	case *protocol.Chat:
		cost += int64(len(m.Text))
	case *protocol.SetSeatData:
		cost += int64(len(m.Data))
	case *protocol.CreateGame:
		cost += viewCost(m.Settings)
	case *protocol.GetRules:
		if rs, ok := l.rulesets.Get(m.Ruleset); ok {
			cost += int64(len(rs.Data()))
		}
	case *protocol.ListGames:
		l.mu.Lock()
		cost += costPerGame * int64(len(l.games))
		l.mu.Unlock()
	case *protocol.RequestView:
		l.mu.Lock()
		if cl.room != nil {
			cost += viewCost(cl.room.set)
		}
		l.mu.Unlock()
	case *protocol.JoinGame:
		l.mu.Lock()
		if r := l.games[m.Game]; r != nil && r.started {
			cost += viewCost(r.set) // the FullView that follows
		}
		l.mu.Unlock()
	}
	return cost
}

// chargeWork charges the message of env to cl's work budget. It returns
// a nil error if the budget pays; else the error to answer, and whether cl
// is so far over its budget that it is to be dropped.
func (cl *client) chargeWork(env protocol.Envelope, msg protocol.Message) (drop bool, err error) {
	cost := cl.workCost(msg)
	now := cl.l.q.now()
	left := cl.work.Left(now)
	verdict, wait := cl.work.Charge(now, cost)
	if verdict == throttle.Granted {
		return false, nil
	}
	rate := cl.work.Rate()
	log := cl.l.log.With("conn", cl.c.ID(), "remote", cl.c.Remote(), "name", cl.name, "msg", env.Type.String(), "cost", cost)
	if verdict == throttle.Exceeded {
		log.Warn("too much work: dropping the client", "budget", rate.String())
		drop, err = true, protocol.Errorf(protocol.RateLimited, "%s: this %s costs %d units of work", ReasonTooMuchWork, env.Type, cost)
	} else {
		log.Debug("over the work budget", "left", left, "wait", wait)
	}
	if wait == throttle.Never {
		return drop, protocol.Errorf(protocol.TooLarge, "this %s costs %d units of work, more than a connection's whole budget (%s): it can never pass",
			env.Type, cost, rate)
	}
	if err == nil {
		err = protocol.Errorf(protocol.RateLimited, "too much work too fast: this %s costs %d units and the connection has %d left (it has %s): try again in %s",
			env.Type, cost, left, rate, waitText(wait))
	}
	return drop, err
}

// waitText writes a wait for people, rounded up: to a tenth of a second
// under a minute ("0.5s", "2.4s", "5s"), else to a second ("1m4s").
func waitText(d time.Duration) string {
	const tenth = 100 * time.Millisecond
	switch {
	case d > 24*365*time.Hour:
		return "a very long time"
	case d <= time.Minute:
		n := (d + tenth - 1) / tenth
		if n%10 == 0 {
			return fmt.Sprintf("%ds", n/10)
		}
		return fmt.Sprintf("%d.%ds", n/10, n%10)
	}
	return ((d + time.Second - 1) / time.Second * time.Second).String()
}

// checkGuess refuses a JoinGame with a password while cl, or its address,
// waits after wrong passwords.
func (cl *client) checkGuess(m *protocol.JoinGame) error {
	l := cl.l
	l.mu.Lock()
	now := l.q.now()
	wait := l.q.limits.Password.Wait(cl.wrong, now)
	if addr := wsconn.AddressKey(cl.c.Remote()); addr != "" {
		wait = max(wait, l.q.passwords.Wait(addr, now))
	}
	l.mu.Unlock()
	if wait == 0 {
		return nil
	}
	l.log.Debug("password refused: waiting after wrong ones", "conn", cl.c.ID(), "remote", cl.c.Remote(), "name", cl.name,
		"game", uint32(m.Game), "wait", wait)
	return protocol.Errorf(protocol.RateLimited, "too many wrong passwords: try again in %s", waitText(wait))
}

// guessed records the outcome of a JoinGame with a password: a wrong
// password counts against cl and its address and is logged; a right one
// clears cl's count.
func (cl *client) guessed(m *protocol.JoinGame, err error) {
	l := cl.l
	var pe *protocol.ProtocolError
	wrong := errors.As(err, &pe) && pe.Code == protocol.BadPassword
	l.mu.Lock()
	defer l.mu.Unlock()
	if !wrong {
		if err == nil {
			cl.wrong = throttle.Strikes{}
		}
		return
	}
	now := l.q.now()
	wait := l.q.limits.Password.Fail(&cl.wrong, now)
	addr := wsconn.AddressKey(cl.c.Remote())
	var fromAddr int
	if addr != "" {
		wait = max(wait, l.q.passwords.Fail(addr, now))
		fromAddr = l.q.passwords.Count(addr, now)
	}
	l.log.Warn("wrong game password", "conn", cl.c.ID(), "remote", cl.c.Remote(), "name", cl.name, "game", uint32(m.Game),
		"wrong", l.q.limits.Password.Count(cl.wrong, now), "wrong_from_address", fromAddr, "wait", wait)
}

// describeRate writes a rate of things for people: "5 lines at once and 1
// more every 1s".
func describeRate(r throttle.Rate, things string) string {
	return fmt.Sprintf("%d %s at once and %d more every %s", r.Burst, things, r.Refill, r.Per)
}
