// Package conn connects the Empires client to a server: the websocket, the
// handshake, the protocol's frames both ways, pings, and reconnection with
// the seat token after a dropped connection. It is made for a game loop:
// nothing but Dial waits on the network.
//
//	c, err := conn.Dial(ctx, conn.Options{URL: "localhost", Name: "Alice"})
//	...
//	seq, err := c.Send(&protocol.ListGames{}) // queued: never blocks
//	...
//	for { // each frame
//		select {
//		case ev, ok := <-c.Events():
//			... // a message from the server, or a change of status
//		default:
//		}
//	}
//
// # Goroutines
//
// A connection runs three goroutines: a reader decodes the server's frames
// (protocol's Limits.ReadServer, with the limits of the Welcome) and
// delivers them on the Events channel; a writer writes the frames Send
// queued, and a Ping whenever nothing was sent for PingInterval, timing
// the Pong that answers it (RTT); a supervisor owns the websocket: it
// starts a reader and a writer for each connection, and when the
// connection drops it redials.
//
// # Dialing
//
// Dial tries again when an attempt fails in a way that may pass: the
// server cannot be reached, refuses the connection for now (HTTP 503 or
// 429, Error Unavailable or RateLimited, a Bye), or sends no Welcome within
// protocol.HelloTimeout (a server swamped by a storm of connections). It
// makes at most DialAttempts attempts, waiting between them a time that
// doubles from RetryMin to RetryMax, each wait drawn between half of it and
// all of it from the connection's own generator (Options.Seed), so that
// clients refused together do not come back together. A refusal that
// trying again cannot change (another protocol version, a name the server
// refuses, an address that is no Empires server) ends Dial at once. The
// error of the last attempt says what failed, and how many attempts were
// made over how long (a *DialError).
//
// A wss:// address connects over TLS, checking the server's certificate
// against the system's roots (or Options.TLS). A certificate the client
// refuses, or a scheme that is not the server's, ends Dial at once with a
// *CertError that says why in words a player reads.
//
// # Reconnection
//
// When a connection drops without Close (the network failed, nothing came
// for protocol.IdleTimeout, the server closed it), Events says Reconnecting
// and the supervisor redials after a wait that doubles from RetryMin to
// RetryMax, saying Reconnecting again before each attempt, until GiveUp
// has passed (then Closed). A new connection says Hello again and, if
// SetSeat gave a seat, sends JoinGame with its token, so the server gives
// the seat back (it answers Joined, Lobby and a FullView, delivered like
// any message); then Events says Connected. Messages Send queued meanwhile
// are sent after that. There is no reconnection after Close, after a Bye
// saying the seat was taken over by another connection or that the host
// ended the game (protocol.ReasonHostEnded: the server a player ran for
// it has stopped for good), or after a protocol version mismatch: Events
// says Closed, with why (a *ByeError after a Bye).
package conn

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"empires/shared/buildinfo"
	"empires/shared/protocol"
)

// Defaults of Options.
const (
	DefaultRetryMin     = 250 * time.Millisecond
	DefaultRetryMax     = 5 * time.Second
	DefaultGiveUp       = time.Minute
	DefaultDialAttempts = 5
)

// QueueLen is how many messages Send may queue before it refuses more;
// EventsLen is the Events channel's buffer.
const (
	QueueLen  = 64
	EventsLen = 256
)

// takenOver is what the Bye of a connection whose seat was taken over by
// a newer connection says (the lobby's ReasonTakenOver).
const takenOver = "taken over"

// Errors of Send.
var (
	ErrClosed    = errors.New("the connection is closed")
	ErrQueueFull = errors.New("too many messages waiting to be sent")
)

// Status is the state of a connection, as Events reports its changes.
type Status uint8

// The statuses. A connection is Connected when Dial returns it.
const (
	// Connected: connected again after Reconnecting.
	Connected Status = iota + 1
	// Reconnecting: the connection dropped; an attempt to redial is under
	// way.
	Reconnecting
	// Closed: the connection is closed for good (Close, the seat taken
	// over, a version mismatch, or reconnecting failed); the last event.
	Closed
)

// String returns the status's name, e.g. "reconnecting".
func (s Status) String() string {
	switch s {
	case Connected:
		return "connected"
	case Reconnecting:
		return "reconnecting"
	case Closed:
		return "closed"
	}
	return fmt.Sprintf("status %d", s)
}

// Event is what a connection delivers: a message from the server (Msg
// not nil), or a change of status (Status not 0).
type Event struct {
	// Msg is the server's message, as a pointer (*protocol.FullView).
	Msg protocol.Message
	// Seq is the message's number in the server's count; Reply is the
	// seq Send returned for the message it answers, 0 if none.
	Seq, Reply uint32
	// Size is the message's frame, in bytes, as it came over the wire.
	Size int

	// Status is the connection's new status.
	Status Status
	// Err says why: for Reconnecting the connection lost (or the last
	// attempt's failure) and the attempt under way, for Closed why the
	// connection ended (nil after Close).
	Err error
	// Attempt numbers the attempts to reconnect, from 1 (Reconnecting
	// only).
	Attempt int
}

// Options configure a connection. URL and Name are required; zero values
// of the others mean the defaults.
type Options struct {
	// URL is the server's address: a websocket URL or host:port or host
	// (see NormalizeURL).
	URL string
	// Name is the player's name (protocol.ValidName); Client names the
	// client program and its version, for the server's logs.
	Name, Client string
	// RetryMin is the wait before the first attempt to reconnect; it
	// doubles after each failed attempt up to RetryMax. After GiveUp from
	// the drop, reconnecting stops. Defaults: DefaultRetryMin,
	// DefaultRetryMax, DefaultGiveUp.
	RetryMin, RetryMax, GiveUp time.Duration
	// PingInterval is how long the connection may send nothing before it
	// sends a Ping; default protocol.PingInterval.
	PingInterval time.Duration
	// DialAttempts is the most attempts Dial makes (see Dialing in the
	// package documentation); default DefaultDialAttempts, 1 tries once.
	DialAttempts int
	// HelloTimeout is how long an attempt to connect may take, from the
	// dial to the Welcome; default protocol.HelloTimeout (what the server
	// gives a client to say Hello).
	HelloTimeout time.Duration
	// Seed seeds the generator that draws the waits between attempts to
	// connect; 0 seeds it from the clock and the player's name, so that
	// every connection draws its own.
	Seed uint64
	// OnRetry, if not nil, is called on Dial's goroutine when an attempt
	// failed and Dial will try again: the attempt (from 1), why it failed,
	// and the wait before the next. It must return quickly.
	OnRetry func(attempt int, err error, wait time.Duration)

	// TLS, if not nil, is the TLS configuration of wss:// addresses: a
	// private authority's roots (tests, a host's own CA). Nil checks the
	// server's certificate against the system's roots.
	TLS *tls.Config

	// after waits d: time.After, unless a test gives a fake clock.
	after func(d time.Duration) <-chan time.Time
}

func (o Options) withDefaults() Options {
	if o.RetryMin <= 0 {
		o.RetryMin = DefaultRetryMin
	}
	if o.RetryMax <= 0 {
		o.RetryMax = DefaultRetryMax
	}
	o.RetryMax = max(o.RetryMax, o.RetryMin)
	if o.GiveUp <= 0 {
		o.GiveUp = DefaultGiveUp
	}
	if o.PingInterval <= 0 {
		o.PingInterval = protocol.PingInterval
	}
	if o.HelloTimeout <= 0 {
		o.HelloTimeout = protocol.HelloTimeout
	}
	if o.DialAttempts <= 0 {
		o.DialAttempts = DefaultDialAttempts
	}
	if o.Seed == 0 {
		o.Seed = maphash.String(maphash.MakeSeed(), o.Name) ^ uint64(time.Now().UnixNano())
	}
	if o.after == nil {
		o.after = time.After
	}
	return o
}

// RefusedError is a connection the server refused with an HTTP status
// before the websocket was set up: 503 when it holds as many connections
// as it takes, 404 at an address that is no Empires server.
type RefusedError struct {
	URL     string
	Status  int    // the HTTP status code
	Message string // the status line and the body, as the server wrote them
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("the server at %s refused the connection: %s", e.URL, e.Message)
}

// Temporary reports whether the refusal may pass: the server is busy or
// unavailable now (503, 429, 502, 504).
func (e *RefusedError) Temporary() bool {
	switch e.Status {
	case http.StatusServiceUnavailable, http.StatusTooManyRequests, http.StatusBadGateway, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// DialError is Dial's failure after more than one attempt: how many it
// made, over how long, and why the last one failed (Err, which errors.As
// and errors.Is see through).
type DialError struct {
	Attempts int
	Took     time.Duration
	Err      error
}

func (e *DialError) Error() string {
	return fmt.Sprintf("%v (gave up after %d attempts in %v)", e.Err, e.Attempts, e.Took.Round(100*time.Millisecond))
}

func (e *DialError) Unwrap() error { return e.Err }

// retryable reports whether an attempt to connect that failed with err may
// succeed if tried again: not a refusal that says the client, its version
// or the address is wrong.
func retryable(err error) bool {
	if final(err) {
		return false
	}
	var re *RefusedError
	if errors.As(err, &re) {
		return re.Temporary()
	}
	var pe *protocol.ProtocolError
	if errors.As(err, &pe) {
		return pe.Code == protocol.Unavailable || pe.Code == protocol.RateLimited || pe.Code == protocol.Internal
	}
	var fe *frameError
	return !errors.As(err, &fe)
}

// frameError is a frame from the server the client cannot take: a server
// of another kind, which trying again does not change.
type frameError struct{ error }

func (e *frameError) Unwrap() error { return e.error }

// jittered returns a wait drawn evenly between d/2 and d from rng.
func jittered(rng *rand.Rand, d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	return d/2 + time.Duration(rng.Int64N(int64(d-d/2)+1))
}

// ByeError is a connection the server closed after a Bye saying why.
type ByeError struct {
	Reason string
}

func (e *ByeError) Error() string { return "the server closed the connection: " + e.Reason }

// TakenOver reports whether the server closed the connection because a
// newer connection took its seat (with its seat token).
func (e *ByeError) TakenOver() bool { return strings.Contains(e.Reason, takenOver) }

// HostEnded reports whether the server closed the connection because the
// player who hosted the game ended it (protocol.ReasonHostEnded).
func (e *ByeError) HostEnded() bool { return e.Reason == protocol.ReasonHostEnded }

// Conn is a connection to a server, kept up across dropped connections.
// Its methods may be called from any goroutine; none waits on the network.
type Conn struct {
	opts     Options
	url      string
	dialOpts *websocket.DialOptions // nil: the default client (the system's roots)
	events   chan Event
	queue    chan []byte // frames Send encoded, for the writer

	ctx     context.Context // ends at Close: cuts dials and waits short
	cancel  context.CancelFunc
	closing chan struct{} // closed by Close
	once    sync.Once
	ended   chan struct{} // closed when the connection ends, before the last event
	done    chan struct{} // closed when every goroutine has stopped

	seq atomic.Uint32 // the last seq given to a message
	rtt atomic.Int64  // the last round trip, in nanoseconds

	// rng draws the waits between attempts to connect: Dial's, then the
	// supervisor's (which starts after Dial returns).
	rng *rand.Rand
	// attempts and took are Dial's: written before Dial returns.
	attempts int
	took     time.Duration

	mu      sync.Mutex // guards the fields below
	welcome *protocol.Welcome
	game    protocol.GameID
	token   protocol.SeatToken
	cur     *transport // the connection being served, nil between
}

// Dial connects to the server at opts.URL, says Hello and waits for its
// Welcome, within ctx, trying again as Dialing in the package
// documentation says. It returns an error saying what failed: the
// address, the network, or the server's refusal in its own words (a
// protocol version mismatch is a *protocol.ProtocolError with code
// BadVersion in the chain), wrapped in a *DialError after more than one
// attempt.
func Dial(ctx context.Context, opts Options) (*Conn, error) {
	url, err := NormalizeURL(opts.URL)
	if err != nil {
		return nil, err
	}
	if err := protocol.ValidName(opts.Name); err != nil {
		return nil, fmt.Errorf("player name: %w", err)
	}
	c := newConn(url, opts)
	t, err := c.dial(ctx)
	if err != nil {
		c.cancel()
		return nil, err
	}
	go c.run(t)
	return c, nil
}

// dial makes Dial's attempts to connect.
func (c *Conn) dial(ctx context.Context) (*transport, error) {
	start := time.Now()
	wait := c.opts.RetryMin
	for attempt := 1; ; attempt++ {
		t, err := c.connect(ctx)
		if err == nil {
			c.attempts, c.took = attempt, time.Since(start)
			return t, nil
		}
		if !retryable(err) || attempt >= c.opts.DialAttempts || ctx.Err() != nil {
			if attempt == 1 {
				return nil, err
			}
			return nil, &DialError{Attempts: attempt, Took: time.Since(start), Err: err}
		}
		d := jittered(c.rng, wait)
		if c.opts.OnRetry != nil {
			c.opts.OnRetry(attempt, err, d)
		}
		select {
		case <-c.opts.after(d):
		case <-ctx.Done():
			return nil, &DialError{Attempts: attempt, Took: time.Since(start), Err: err}
		}
		wait = min(2*wait, c.opts.RetryMax)
	}
}

// DialAttempts returns how many attempts Dial made to connect, and the
// time from its start to the Welcome.
func (c *Conn) DialAttempts() (attempts int, took time.Duration) { return c.attempts, c.took }

func newConn(url string, opts Options) *Conn {
	ctx, cancel := context.WithCancel(context.Background())
	opts = opts.withDefaults()
	var dialOpts *websocket.DialOptions
	if opts.TLS != nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = opts.TLS.Clone()
		dialOpts = &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}}
	}
	return &Conn{
		rng:      rand.New(rand.NewPCG(opts.Seed, opts.Seed>>32|opts.Seed<<32)),
		opts:     opts,
		url:      url,
		dialOpts: dialOpts,
		events:   make(chan Event, EventsLen),
		queue:    make(chan []byte, QueueLen),
		ctx:      ctx,
		cancel:   cancel,
		closing:  make(chan struct{}),
		ended:    make(chan struct{}),
		done:     make(chan struct{}),
	}
}

// URL returns the server's websocket URL.
func (c *Conn) URL() string { return c.url }

// Welcome returns the server's Welcome of the latest connection.
func (c *Conn) Welcome() *protocol.Welcome {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.welcome
}

// RTT returns the last round trip measured: Hello to Welcome, then each
// Ping to its Pong.
func (c *Conn) RTT() time.Duration { return time.Duration(c.rtt.Load()) }

// SetSeat sets the seat to take back after a reconnection: the game and
// the seat token of its Joined. A zero token forgets the seat.
func (c *Conn) SetSeat(game protocol.GameID, token protocol.SeatToken) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.game, c.token = game, token
}

// Events returns the channel of what happens on the connection: the
// server's messages in order, and changes of status. Read it every frame:
// when its buffer (EventsLen) is full the connection stops reading. Its
// last event is Status Closed (dropped if the buffer is full after Close);
// then it is closed.
func (c *Conn) Events() <-chan Event { return c.events }

// Done returns a channel closed once the connection has ended and its
// goroutines have stopped.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Send queues msg, a client message, for the server and returns its seq,
// which the Reply of the server's answer will hold. Seqs are unique for
// the Conn's life, across reconnections. Send never blocks: it returns
// ErrClosed after Close or the end of the connection, ErrQueueFull when
// QueueLen messages are waiting, and an error when msg cannot be encoded
// or is larger than the server takes (Welcome's MaxClientMessage). While
// the connection is Reconnecting, messages wait for the new connection.
func (c *Conn) Send(msg protocol.Message) (uint32, error) {
	select {
	case <-c.closing:
		return 0, ErrClosed
	case <-c.ended:
		return 0, ErrClosed
	default:
	}
	if msg == nil || isNilPointer(msg) {
		return 0, errors.New("send: no message")
	}
	t := msg.MessageType()
	if !t.FromClient() {
		return 0, fmt.Errorf("send %s: not a message clients send", t)
	}
	seq := c.seq.Add(1)
	frame, err := protocol.Marshal(seq, 0, msg)
	if err != nil {
		return 0, fmt.Errorf("send: %w", err)
	}
	if w := c.Welcome(); w != nil && w.Limits.MaxClientMessage > 0 && len(frame) > w.Limits.MaxClientMessage {
		return 0, fmt.Errorf("send %s: %d bytes, more than the server takes (%d)", t, len(frame), w.Limits.MaxClientMessage)
	}
	select {
	case c.queue <- frame:
		return seq, nil
	default:
		return 0, fmt.Errorf("send %s: %w", t, ErrQueueFull)
	}
}

func isNilPointer(x any) bool {
	v := reflect.ValueOf(x)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Close closes the connection cleanly (a websocket close, status normal)
// and stops its goroutines; it returns at once (Done says when they have
// stopped). Messages still queued are not sent. Later calls do nothing.
func (c *Conn) Close() {
	c.once.Do(func() {
		close(c.closing)
		c.cancel()
	})
}

func (c *Conn) isClosing() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}

// emit delivers ev, waiting for room in the buffer; it reports false,
// without delivering, once the connection is closing.
func (c *Conn) emit(ev Event) bool {
	select {
	case <-c.closing:
		return false
	default:
	}
	select {
	case c.events <- ev:
		return true
	case <-c.closing:
		return false
	}
}

// finish ends the connection and delivers the last event, Closed with
// err: after Close only if there is room.
func (c *Conn) finish(err error) {
	close(c.ended)
	if c.isClosing() {
		err = nil
	}
	ev := Event{Status: Closed, Err: err}
	select {
	case c.events <- ev:
	case <-c.closing:
		select {
		case c.events <- Event{Status: Closed}:
		default:
		}
	}
}

// run is the supervisor: it serves t, and each connection after it, until
// the end.
func (c *Conn) run(t *transport) {
	defer close(c.done)
	defer close(c.events)
	for {
		err := c.serve(t)
		if err == nil || final(err) {
			c.finish(err)
			return
		}
		if t = c.reconnect(err); t == nil {
			return
		}
		if !c.emit(Event{Status: Connected}) {
			_ = t.ws.CloseNow()
			c.finish(nil)
			return
		}
	}
}

// final reports whether err ends the connection for good: a protocol
// version mismatch, a TLS failure (CertError), a seat taken over, a
// host that ended the game.
func final(err error) bool {
	var pe *protocol.ProtocolError
	if errors.As(err, &pe) && pe.Code == protocol.BadVersion {
		return true
	}
	var ce *CertError
	if errors.As(err, &ce) {
		return true // the certificate, or the scheme, stays what it is
	}
	var be *ByeError
	return errors.As(err, &be) && (be.TakenOver() || be.HostEnded())
}

// serve runs t's reader and writer until the connection fails or Close;
// it returns why it failed, nil after Close.
func (c *Conn) serve(t *transport) error {
	c.mu.Lock()
	c.cur = t
	c.mu.Unlock()
	go t.read(c)
	go t.write(c)
	select {
	case <-t.done:
	case <-c.closing:
	}
	closed := c.isClosing()
	if closed {
		_ = t.ws.Close(websocket.StatusNormalClosure, "") // the reader sees the close and stops
	} else {
		_ = t.ws.CloseNow()
	}
	<-t.readerDone
	<-t.writerDone
	c.mu.Lock()
	c.cur = nil
	c.mu.Unlock()
	if closed {
		return nil
	}
	return t.err
}

// reconnect redials after the connection was lost for why, as the package
// documentation says. It returns the new connection, or nil after
// delivering Closed.
func (c *Conn) reconnect(why error) *transport {
	start := time.Now()
	wait := c.opts.RetryMin
	for attempt := 1; ; attempt++ {
		if spent := time.Since(start); spent+wait > c.opts.GiveUp {
			c.finish(fmt.Errorf("connection lost: %w; gave up reconnecting after %d attempts in %v",
				why, attempt-1, spent.Round(time.Second)))
			return nil
		}
		ev := Event{Status: Reconnecting, Attempt: attempt,
			Err: fmt.Errorf("connection lost: %w, reconnecting (attempt %d)", why, attempt)}
		if !c.emit(ev) {
			c.finish(nil)
			return nil
		}
		select {
		case <-c.opts.after(jittered(c.rng, wait)):
		case <-c.closing:
			c.finish(nil)
			return nil
		}
		wait = min(2*wait, c.opts.RetryMax)
		t, err := c.connect(c.ctx)
		switch {
		case c.isClosing():
			if t != nil {
				_ = t.ws.CloseNow()
			}
			c.finish(nil)
			return nil
		case err == nil:
			return t
		case final(err):
			c.finish(err)
			return nil
		}
		why = err
	}
}

// drop cuts the current connection as a failing network would: the
// tests' way to make the connection reconnect.
func (c *Conn) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur != nil {
		_ = c.cur.ws.CloseNow()
	}
}

// transport is one websocket connection, and its reader and writer.
type transport struct {
	ws     *websocket.Conn
	limits protocol.Limits

	done chan struct{} // closed when the reader or the writer fails
	once sync.Once
	err  error // why: written once, before done is closed

	readerDone, writerDone chan struct{}
	bye                    string // the last Bye's reason: the reader's

	pingMu sync.Mutex // guards pings
	pings  []ping     // the writer's Pings waiting for their Pongs, oldest first
}

// maxPings is how many of the writer's Pings a transport remembers while
// their Pongs are awaited: a Pong to an older one is delivered like any
// message.
const maxPings = 64

// ping is a Ping the writer sent: its seq, and when.
type ping struct {
	seq  uint32
	sent time.Time
}

// fail ends the transport for err; only the first failure counts.
func (t *transport) fail(err error) {
	t.once.Do(func() {
		t.err = err
		close(t.done)
	})
}

// connect dials, says Hello, reads the Welcome and takes the seat back if
// one is set, within ctx and Options.HelloTimeout.
func (c *Conn) connect(ctx context.Context) (*transport, error) {
	ctx, cancel := context.WithTimeout(ctx, c.opts.HelloTimeout)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, c.url, c.dialOpts)
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
			if plainToTLS(resp.StatusCode, string(body)) {
				return nil, &CertError{URL: c.url, Host: resp.Request.URL.Hostname(), Problem: TLSRequired,
					Err: fmt.Errorf("%s: %s", resp.Status, strings.TrimSpace(string(body)))}
			}
			return nil, &RefusedError{URL: c.url, Status: resp.StatusCode,
				Message: resp.Status + ": " + strings.TrimSpace(string(body))}
		}
		if ce := certError(c.url, err, time.Now()); ce != nil {
			return nil, ce
		}
		return nil, &UnreachableError{URL: c.url, Err: err}
	}
	t := &transport{
		ws:         ws,
		limits:     protocol.DefaultLimits(),
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
		writerDone: make(chan struct{}),
	}
	ws.SetReadLimit(int64(t.limits.MaxServerMessage))
	w, err := c.handshake(ctx, t)
	if err == nil {
		err = c.rejoin(ctx, t)
	}
	if err != nil {
		_ = ws.CloseNow()
		return nil, err
	}
	c.mu.Lock()
	c.welcome = w
	c.mu.Unlock()
	return t, nil
}

// handshake says Hello on t and returns the server's Welcome.
func (c *Conn) handshake(ctx context.Context, t *transport) (*protocol.Welcome, error) {
	hello := &protocol.Hello{Version: protocol.Version, Name: c.opts.Name, Client: c.opts.Client, Build: buildinfo.Version()}
	sent := time.Now()
	if err := t.send(ctx, c.seq.Add(1), hello); err != nil {
		return nil, fmt.Errorf("say Hello to %s: %w", c.url, err)
	}
	var bye string
	for {
		typ, frame, err := t.ws.Read(ctx)
		switch {
		case err != nil && bye != "":
			return nil, fmt.Errorf("the server at %s: %w", c.url, &ByeError{Reason: bye})
		case err != nil:
			return nil, fmt.Errorf("no Welcome from %s: %w", c.url, err)
		case typ != websocket.MessageBinary:
			return nil, &frameError{fmt.Errorf("the server at %s sent a %v frame", c.url, typ)}
		}
		_, msg, err := t.limits.ReadServer(frame)
		if err != nil {
			return nil, &frameError{fmt.Errorf("unreadable answer from %s: %w", c.url, err)}
		}
		switch m := msg.(type) {
		case *protocol.Welcome:
			if err := protocol.CheckVersion(m.Version, "client"); err != nil {
				return nil, fmt.Errorf("the server at %s: %w", c.url, err)
			}
			c.rtt.Store(int64(time.Since(sent)))
			t.limits = m.Limits
			limit := m.Limits.MaxServerMessage
			if limit <= 0 || limit > protocol.MaxFrame {
				limit = protocol.MaxFrame
			}
			t.ws.SetReadLimit(int64(limit))
			return m, nil
		case *protocol.Error:
			return nil, fmt.Errorf("the server at %s refused the connection: %w", c.url, m.Err())
		case *protocol.Bye:
			bye = m.Reason // the close follows
		}
	}
}

// rejoin sends JoinGame with the seat token set by SetSeat, if any.
func (c *Conn) rejoin(ctx context.Context, t *transport) error {
	c.mu.Lock()
	game, token := c.game, c.token
	c.mu.Unlock()
	if token == "" {
		return nil
	}
	if err := t.send(ctx, c.seq.Add(1), &protocol.JoinGame{Game: game, Token: token}); err != nil {
		return fmt.Errorf("rejoin %s: %w", game, err)
	}
	return nil
}

// send encodes and writes one message within ctx.
func (t *transport) send(ctx context.Context, seq uint32, msg protocol.Message) error {
	frame, err := protocol.Marshal(seq, 0, msg)
	if err != nil {
		return err
	}
	return t.ws.Write(ctx, websocket.MessageBinary, frame)
}

// read is the reader: it delivers the server's messages until the
// connection fails or closes.
func (t *transport) read(c *Conn) {
	defer close(t.readerDone)
	for {
		// Nothing for IdleTimeout (a Pong comes at least every
		// PingInterval) means the connection is dead: the read's end
		// closes it.
		ctx, cancel := context.WithTimeout(context.Background(), protocol.IdleTimeout)
		typ, frame, err := t.ws.Read(ctx)
		cancel()
		if err != nil {
			t.fail(t.readError(err))
			return
		}
		if typ != websocket.MessageBinary {
			t.fail(fmt.Errorf("the server sent a %v frame", typ))
			return
		}
		env, msg, err := t.limits.ReadServer(frame)
		if err != nil {
			t.fail(fmt.Errorf("unreadable frame from the server: %w", err))
			return
		}
		switch m := msg.(type) {
		case *protocol.Pong:
			if t.pong(c, env.Reply) {
				continue
			}
		case *protocol.Bye:
			t.bye = m.Reason
		}
		if !c.emit(Event{Msg: msg, Seq: env.Seq, Reply: env.Reply, Size: len(frame)}) {
			return
		}
	}
}

// readError says why reading failed.
func (t *transport) readError(err error) error {
	var ce websocket.CloseError
	switch {
	case t.bye != "":
		return &ByeError{Reason: t.bye}
	case errors.As(err, &ce):
		if ce.Reason != "" {
			return fmt.Errorf("the server closed the connection: %s", ce.Reason)
		}
		return fmt.Errorf("the server closed the connection (%v)", ce.Code)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("nothing received from the server for %v", protocol.IdleTimeout)
	}
	return err
}

// pong takes a Pong answering seq reply: it reports whether it answers
// one of the writer's Pings, and then records the round trip. The server
// answers in order: the Pings sent before that one are forgotten.
func (t *transport) pong(c *Conn, reply uint32) bool {
	t.pingMu.Lock()
	defer t.pingMu.Unlock()
	i := slices.IndexFunc(t.pings, func(p ping) bool { return p.seq == reply })
	if i < 0 {
		return false
	}
	c.rtt.Store(int64(time.Since(t.pings[i].sent)))
	t.pings = slices.Delete(t.pings, 0, i+1)
	return true
}

// pinged notes the writer's Ping seq, sent now.
func (t *transport) pinged(seq uint32) {
	t.pingMu.Lock()
	defer t.pingMu.Unlock()
	if len(t.pings) == maxPings {
		t.pings = slices.Delete(t.pings, 0, 1)
	}
	t.pings = append(t.pings, ping{seq: seq, sent: time.Now()})
}

// write is the writer: it writes what Send queued, and a Ping whenever it
// has written nothing for PingInterval, until the connection fails or
// closes.
func (t *transport) write(c *Conn) {
	defer close(t.writerDone)
	idle := time.NewTimer(c.opts.PingInterval)
	defer idle.Stop()
	for {
		select {
		case <-t.done:
			return
		case <-c.closing:
			return
		default:
		}
		var frame []byte
		select {
		case <-t.done:
			return
		case <-c.closing:
			return
		case frame = <-c.queue:
		case <-idle.C:
			seq := c.seq.Add(1)
			var err error
			if frame, err = protocol.Marshal(seq, 0, &protocol.Ping{}); err != nil {
				panic(err) // a Ping always encodes
			}
			t.pinged(seq)
		}
		ctx, cancel := context.WithTimeout(context.Background(), protocol.WriteTimeout)
		err := t.ws.Write(ctx, websocket.MessageBinary, frame)
		cancel()
		if err != nil {
			t.fail(fmt.Errorf("write: %w", err))
			return
		}
		idle.Reset(c.opts.PingInterval)
	}
}

// SetSeatData sends data as the seat's set-up data (protocol.SetSeatData:
// a deck), checked first against protocol.MaxSeatData so that the player
// hears what is wrong; the server's answer is a SeatDataResult. Otherwise
// it is Send.
func (c *Conn) SetSeatData(data []byte) (uint32, error) {
	if len(data) > protocol.MaxSeatData {
		return 0, fmt.Errorf("set-up data of %d bytes: the server takes at most %d KiB", len(data), protocol.MaxSeatData>>10)
	}
	return c.Send(&protocol.SetSeatData{Data: data})
}

// UnreachableError is a dial that reached no server: Error says so in a
// line a player can read (the network's own reason, "connection refused",
// without the websocket library's steps before it); Unwrap gives the whole
// error.
type UnreachableError struct {
	URL string
	Err error
}

func (e *UnreachableError) Error() string {
	why := e.Err
	var op *net.OpError
	if errors.As(e.Err, &op) && op.Err != nil {
		why = op.Err
	}
	return fmt.Sprintf("cannot reach the server at %s: %v", e.URL, why)
}

func (e *UnreachableError) Unwrap() error { return e.Err }
