package protocol

import (
	"strings"
	"time"
)

// Limits are what a server enforces on its clients, sent in Welcome so the
// client keeps to them. DefaultLimits gives the values to use unless an
// operator changes them.
type Limits struct {
	// MaxClientMessage is the largest frame, in bytes, the server reads
	// from a client: its websocket read limit and Decode's max. A larger
	// frame closes the connection, so a client checks the size of what it
	// sends (SubmitOrders above all) and tells its player instead.
	MaxClientMessage int
	// MaxServerMessage is the largest frame the server sends: the client's
	// websocket read limit and Decode's max (a full view of the largest map
	// fits with room to spare).
	MaxServerMessage int
	// MaxOrders is the most orders one SubmitOrders may hold (the
	// ruleset counts them as it decodes its payload).
	MaxOrders int
	// MessagesPerSecond and Burst limit how fast a client may send: a token
	// bucket of Burst tokens, refilled at MessagesPerSecond. A client over
	// the limit gets Error RateLimited; one far over it is dropped.
	MessagesPerSecond int
	Burst             int
	// WorkBurst and WorkPerSecond are a client's budget of work units
	// (about a byte each; section 7 of the protocol document says what
	// each message costs): a token bucket of WorkBurst units, refilled at
	// WorkPerSecond. No message costs more than MessageWork, and
	// WithWork sizes the budget so that a client within MessagesPerSecond
	// and Burst never runs out. A message over the budget gets Error
	// RateLimited with the wait; a client far over it is dropped.
	WorkBurst     int
	WorkPerSecond int
}

// MaxFrame is the largest frame any build reads, whatever a peer's Limits
// say: a client raises its read limit to Welcome's MaxServerMessage only up
// to MaxFrame.
const MaxFrame = 64 << 20

// Timing of a connection: a client that has sent nothing for PingInterval
// sends a Ping; a side that has received nothing for IdleTimeout closes the
// connection; a Hello must arrive within HelloTimeout of connecting; a
// frame must be written within WriteTimeout (or the peer is too slow and is
// dropped).
const (
	HelloTimeout = 10 * time.Second
	PingInterval = 20 * time.Second
	IdleTimeout  = 60 * time.Second
	WriteTimeout = 15 * time.Second
)

// MaxSeatData is the most bytes of a seat's set-up data (SetSeatData.Data):
// a deck of a few hundred cards named in full takes a few KiB, so 64 KiB
// leaves room for any ruleset's while keeping what a lobby holds for a
// table of MaxSeats small (1.25 MiB at most).
const MaxSeatData = 64 << 10

// DefaultMaxOrders is the most orders a turn may hold by default (the hex
// engine's game.MaxOrders).
const DefaultMaxOrders = 4096

// DefaultLimits returns the limits a server enforces by default, set from
// measured sizes (TestSizes, BenchmarkSizes):
//
//   - server frames: in a 16-player game on a 128x128 map with 4,000 armies,
//     a FullView takes about 27 KiB and a TurnUpdate about 29 KiB (32 KiB
//     at most: already past a websocket library's 32 KiB default; four
//     fifths of it are the turn's events). A FullView of the largest map
//     (512x512, all of it seen, 40,000 armies in sight) takes 0.7 MiB, and
//     an all-seeing spectator's TurnUpdate on such a map a few MiB: hence 8
//     MiB.
//   - client frames: 4,096 orders (DefaultMaxOrders) moving armies 3 hexes
//     take 140 KiB, 200 such orders 5 KiB. 1 MiB holds 4,096 orders of 35
//     hexes on average; the engine's extreme, 4,096 orders of 64 hexes (1.4
//     MiB), does not fit. A hostile client frame of 1 MiB decodes to at most
//     about 24 MiB (TestHostileAllocation).
//   - work: what Burst and MessagesPerSecond messages of the largest cost
//     (MessageWork) come to, 60 and 20 MiB (WithWork): the work budget
//     never refuses a client that keeps the other limits.
func DefaultLimits() Limits {
	return Limits{
		MaxClientMessage:  1 << 20,
		MaxServerMessage:  8 << 20,
		MaxOrders:         DefaultMaxOrders,
		MessagesPerSecond: 20,
		Burst:             60,
	}.WithWork()
}

// Work units a message costs the server (section 7 of the protocol
// document): WorkMessage for any message, and on top of it WorkPerHex for
// each hex of a map whose view is built or whose map is generated, and
// WorkPerGame for each game a ListGames lists; bytes of payload (orders,
// an action, chat, set-up data, rules data sent) cost a unit each.
const (
	WorkMessage = 128
	WorkPerHex  = 4
	WorkPerGame = 64
)

// MessageWork returns the most work units one message may cost: WorkMessage
// and the larger of MaxClientMessage (a unit a byte) and a view of the
// largest map (WorkPerHex a hex of MaxMapSide by MaxMapSide). A server
// charges no message more.
func (l Limits) MessageWork() int {
	return WorkMessage + max(l.MaxClientMessage, WorkPerHex*MaxMapSide*MaxMapSide)
}

// WithWork returns l with its work budget set from its other limits:
// WorkBurst the cost of Burst messages of MessageWork, WorkPerSecond of
// MessagesPerSecond of them. A client that keeps MessagesPerSecond and
// Burst then never runs out of work, whatever it sends; the work budget
// stops only what it could not send within them. A zero rate or burst
// gives a zero (unlimited) budget.
func (l Limits) WithWork() Limits {
	if l.MessagesPerSecond <= 0 {
		l.WorkBurst, l.WorkPerSecond = 0, 0
		return l
	}
	burst := l.Burst
	if burst < 1 {
		burst = l.MessagesPerSecond
	}
	l.WorkBurst = burst * l.MessageWork()
	l.WorkPerSecond = l.MessagesPerSecond * l.MessageWork()
	return l
}

// Check checks a message from a client against the limits and the bounds
// of this package: a Hello of a version this build speaks (CheckVersion),
// names, chat lines and passwords of a sane length and printable, seat
// set-up data of at most MaxSeatData bytes, valid settings (shape only: the server checks the ruleset against its own). It
// returns a *ProtocolError (code BadVersion, Invalid, BadToken, TooLarge or
// UnknownType) or nil. It checks nothing a ruleset decides: orders and
// actions are the ruleset's payloads, which it decodes, counts and judges.
func (l Limits) Check(m Message) error {
	switch m := deref(m).(type) {
	case Hello:
		if err := CheckVersion(m.Version, "server"); err != nil {
			return err
		}
		if err := ValidName(m.Name); err != nil {
			return err
		}
		if err := checkText(m.Client, "client name", 0, MaxClientLen); err != nil {
			return err
		}
		return checkText(m.Build, "client build", 0, MaxBuildLen)
	case CreateGame:
		return m.Settings.Validate()
	case JoinGame:
		switch {
		case len(m.Password) > MaxPasswordLen:
			return Errorf(Invalid, "password of %d bytes: at most %d", len(m.Password), MaxPasswordLen)
		case m.Token != "" && !m.Token.Valid():
			return Errorf(BadToken, "malformed seat token")
		case int(m.Seat) > MaxSeats:
			return Errorf(Invalid, "%s: games have at most %d seats", m.Seat, MaxSeats)
		}
	case Chat:
		if strings.TrimSpace(m.Text) == "" {
			return Errorf(Invalid, "empty chat line")
		}
		return checkText(m.Text, "chat line", 1, MaxChatLen)
	case SetSeatData:
		if len(m.Data) > MaxSeatData {
			return Errorf(TooLarge, "set-up data of %d bytes: at most %d (%d KiB)", len(m.Data), MaxSeatData, MaxSeatData>>10)
		}
	case GetRules:
		if len(m.Ruleset) > MaxRulesetLen {
			return Errorf(Invalid, "ruleset ID of %d bytes: at most %d", len(m.Ruleset), MaxRulesetLen)
		}
	case nil:
		return Errorf(UnknownType, "no message")
	default:
		if !m.(Message).MessageType().FromClient() {
			return Errorf(UnknownType, "%s is a server message", m.(Message).MessageType())
		}
	}
	return nil
}
