// Package wsconn serves one client's websocket connection to an Empires
// server: the frames of package protocol in, the server's messages out, and
// every limit the protocol sets on the way.
//
// # Goroutines
//
// Serve runs the connection's reader on the caller's goroutine and starts
// one writer goroutine. The reader reads a frame, checks it against the
// limits and hands the message to the connection's Session, in order. The
// writer takes messages from a bounded queue (at most Options.Queue
// messages, 64 by default, of at most Options.QueueBytes bytes together,
// 8 MiB by default), numbers them, encodes them and writes them, each
// within Options.WriteTimeout. Send never blocks: a message that finds the
// queue full closes the connection as too slow and drops what waits in
// it, so a client that does not read never holds up whoever sends to it
// (a match above all), and costs the server at most the queue and the
// frame being written, until WriteTimeout ends that write.
//
// # What a connection enforces
//
//   - The handshake: the first message must be a Hello of a protocol version
//     this build speaks, within Options.HelloTimeout of connecting. Another
//     version gets Error BadVersion, naming the versions spoken, and the
//     connection is closed (no Bye: a client of another version may not
//     read one). A valid Hello is offered to Options.Accept, which returns
//     the Session that handles every later message; then the client gets
//     Welcome. Ping is answered with Pong here, at any time after Hello.
//   - Frames: at most Limits.MaxClientMessage bytes (the websocket read
//     limit: a larger message closes the connection with Bye, then status
//     1009 and the reason, as soon as the header of the frame that makes
//     it too large arrives; the socket then lingers, dropping what the
//     client still sends, so that the client reads the close rather than
//     a reset: Options.Linger); binary; well-formed (protocol's
//     Limits.ReadClient). A frame
//     it refuses is answered with the protocol's Error (Malformed,
//     UnknownType, Invalid, ...), replying to the frame's seq when it had
//     one, and the connection goes on.
//   - Rate: a token bucket of Limits.Burst messages refilled at
//     Limits.MessagesPerSecond (exactly: a client at that rate is never
//     refused), on the clock of Options.Now. A message over the rate is
//     not handled; the first of a run of them is answered with Error
//     RateLimited. Refused
//     messages drain a second bucket of the same size and rate: a client
//     that keeps sending at more than twice the rate empties it and is
//     closed with a reason.
//   - Memory: a message is read into a buffer that grows as its bytes
//     arrive, its room taken from Options.Buffers, bounded for the whole
//     server and per address. A message that finds no room waits for some
//     for Options.BufferWait, reading nothing more of its connection (the
//     client's sends slow down as on a slow link), then the connection is
//     closed with status 1013 and ReasonBusy or ReasonAddressBusy.
//   - Idleness: a connection that receives nothing (no frame, no websocket
//     ping) for Options.IdleTimeout is closed; clients send Ping every
//     protocol.PingInterval when they have nothing else to say.
//
// Every close says why: a Bye message (unless the client is of another
// version or already gone), then the websocket close frame with a status
// and the same reason. A panic in a connection's goroutines is recovered,
// logged, and closes that connection only.
package wsconn

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"empires/server/throttle"
	"empires/shared/buildinfo"
	"empires/shared/protocol"
)

// DefaultQueue is how many messages may wait to be written to a client
// before it is dropped as too slow, unless Options.Queue says otherwise.
const DefaultQueue = 64

// DefaultQueueBytes is how many bytes of messages (protocol.SizeHint) may
// wait to be written to a client before it is dropped as too slow, unless
// Options.QueueBytes says otherwise: a full view of the largest map, or
// hundreds of turn updates of a 16-player game.
const DefaultQueueBytes = 8 << 20

// DefaultBufferWait is how long a connection waits for room in the
// server's read buffers (Options.Buffers) unless Options.BufferWait says
// otherwise: as long as the server waits for a client to take a frame
// (protocol.WriteTimeout).
const DefaultBufferWait = protocol.WriteTimeout

// Reasons a connection closes with, in Bye and in the close frame.
const (
	ReasonShutdown = "server shutting down"
	ReasonSlow     = "too slow: the client did not read what the server sent"
	ReasonInternal = "internal server error"
	ReasonVersion  = "protocol version mismatch"
	// ReasonBusy and ReasonAddressBusy close a connection (status 1013)
	// whose message found no room in the server's read buffers
	// (Options.Buffers) in time: the whole server's, or those of its
	// address's connections.
	ReasonBusy        = "server busy: no room to read your message now; try again later"
	ReasonAddressBusy = "too many unfinished messages from your address; try again later"
)

// ReasonNoHello is the reason a connection closes when no Hello came
// within d of connecting.
func ReasonNoHello(d time.Duration) string { return fmt.Sprintf("no Hello within %v of connecting", d) }

// ReasonIdle is the reason a connection closes when nothing came for d.
func ReasonIdle(d time.Duration) string { return fmt.Sprintf("idle: nothing received for %v", d) }

// ReasonFlooding is the reason a connection closes when its client keeps
// sending at more than twice rate messages a second.
func ReasonFlooding(rate int) string {
	return fmt.Sprintf("flooding: far more than %d messages a second", rate)
}

// Session handles the messages of a client after its Hello. The connection
// calls Open once Welcome is queued (so nothing the session sends can
// overtake it), then Handle for each message, one at a time, in the order
// they arrived, and Closed once, after the last Handle, when the connection
// has ended; all on the reader goroutine. None may block for long: the
// next frame waits. Hello and Ping never reach a Session.
type Session interface {
	Open()
	Handle(env protocol.Envelope, msg protocol.Message)
	Closed()
}

// Options configure a connection. The zero value of each field means the
// protocol's value or a documented default; tests shorten the timings.
type Options struct {
	// Limits are what the server enforces and announces in Welcome;
	// zero means protocol.DefaultLimits().
	Limits protocol.Limits
	// Server and Rulesets go into Welcome.
	Server   string
	Rulesets []protocol.RulesetInfo
	// HelloTimeout, IdleTimeout and WriteTimeout default to protocol's
	// HelloTimeout, IdleTimeout and WriteTimeout.
	HelloTimeout time.Duration
	IdleTimeout  time.Duration
	WriteTimeout time.Duration
	// Queue is how many messages may wait to be written; 0 means
	// DefaultQueue.
	Queue int
	// QueueBytes is how many bytes of messages (protocol.SizeHint) may
	// wait to be written; 0 means DefaultQueueBytes. A message larger than
	// that is queued only when nothing else waits.
	QueueBytes int
	// Logger receives the connection's logs; nil means slog.Default().
	Logger *slog.Logger
	// Accept is called on a valid Hello and returns the Session for the
	// rest of the connection, or an error (a *protocol.ProtocolError, e.g.
	// code Unavailable) that is sent to the client before the connection
	// closes. It must not send anything: the session may send once it is
	// Open. Required.
	Accept func(c *Conn, hello *protocol.Hello) (Session, error)
	// Observer, if not nil, is told of the messages sent and of those
	// refused for the rate (the server's metrics).
	Observer Observer
	// Linger is how long a connection closed for a message over
	// MaxClientMessage goes on reading (and dropping) what the client
	// sends, so that the client reads the close frame rather than a
	// reset connection; 0 means DefaultLinger.
	Linger time.Duration
	// Now is the clock of the rate limit; nil means time.Now. Tests give
	// a fake one.
	Now func() time.Time
	// Buffers, shared by a server's connections, bounds the memory they
	// hold for messages still arriving; nil is no bound (but each
	// connection's MaxClientMessage).
	Buffers *Buffers
	// BufferWait is how long a connection that finds no room in Buffers
	// for the message it reads waits for some before it closes with
	// ReasonBusy or ReasonAddressBusy; 0 means DefaultBufferWait.
	BufferWait time.Duration
	// Remote, if not empty, is the client's network address ("host:port",
	// or a bare IP address) that Accept gives the connection instead of
	// the request's RemoteAddr: a server behind a reverse proxy it trusts
	// gives the address the proxy names. Its limits per address
	// (Buffers), the lobby's and the logs go by it.
	Remote string
}

func (o Options) withDefaults() Options {
	if o.Limits == (protocol.Limits{}) {
		o.Limits = protocol.DefaultLimits()
	}
	if o.HelloTimeout <= 0 {
		o.HelloTimeout = protocol.HelloTimeout
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = protocol.IdleTimeout
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = protocol.WriteTimeout
	}
	if o.Queue <= 0 {
		o.Queue = DefaultQueue
	}
	if o.QueueBytes <= 0 {
		o.QueueBytes = DefaultQueueBytes
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Linger <= 0 {
		o.Linger = DefaultLinger
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.BufferWait <= 0 {
		o.BufferWait = DefaultBufferWait
	}
	return o
}

// Outgoing is a message waiting to be sent, answering the client's message
// of seq Reply (0: none).
type Outgoing struct {
	Msg   protocol.Message
	Reply uint32
	size  int // protocol.SizeHint(Msg), counted in Conn.queued
}

// closeReason is why a connection closes and how.
type closeReason struct {
	code   websocket.StatusCode
	reason string
	bye    bool // send Bye{reason} before the close frame
	flush  bool // write what is queued first
}

var lastID atomic.Uint64

// Conn is one client's connection. Its methods may be called from any
// goroutine, except HandleFrame and End (see their docs).
type Conn struct {
	id     uint64
	ws     *websocket.Conn // nil for a detached connection
	opts   Options
	log    *slog.Logger
	remote string // the client's network address, "" if unknown
	addr   string // the key of its address in Options.Buffers (AddressKey)

	queue   chan Outgoing
	queued  atomic.Int64  // the bytes of the messages in queue (Outgoing.size)
	closing chan struct{} // closed by the first close
	once    sync.Once
	why     closeReason // written once, before closing is closed

	ctx    context.Context // ends when the connection has ended
	cancel context.CancelFunc

	// The reader's own state: only HandleFrame (the reader goroutine)
	// touches it.
	session Session
	rate    throttle.Meter // messages handled, and those refused for the rate
	limited bool           // the last message was refused for the rate
	seen    func()         // marks the connection alive (resets the idle timer)
	hello   func()         // marks the Hello received (stops the Hello timer)
	ended   sync.Once

	seq uint32 // the writer's: the last seq sent
	// out is the network connection the websocket writes to, which the
	// writer holds while it writes a batch of queued messages; nil for a
	// detached connection.
	out *batchConn
}

func newConn(ws *websocket.Conn, opts Options, remote string) *Conn {
	opts = opts.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	c := &Conn{
		id:      lastID.Add(1),
		ws:      ws,
		opts:    opts,
		remote:  remote,
		addr:    AddressKey(remote),
		queue:   make(chan Outgoing, opts.Queue),
		closing: make(chan struct{}),
		ctx:     ctx,
		cancel:  cancel,
		rate:    throttle.NewMeter(messageRate(opts.Limits)),
		seen:    func() {},
		hello:   func() {},
	}
	c.log = opts.Logger.With("conn", c.id)
	if remote != "" {
		c.log = c.log.With("remote", remote)
	}
	return c
}

// Accept upgrades an HTTP request to a websocket connection with opts and
// sets its read limit to opts.Limits.MaxClientMessage: a message over it
// is refused when the header of its frame arrives (see TooBigError). The
// connection's Remote is opts.Remote, or r.RemoteAddr without it. On an
// error Accept has already answered the request. Run the connection with
// Serve.
func Accept(w http.ResponseWriter, r *http.Request, opts Options) (*Conn, error) {
	var c *Conn
	gw := &guardedWriter{ResponseWriter: w, limit: int64(max(opts.withDefaults().Limits.MaxClientMessage, 0)),
		linger: opts.withDefaults().Linger}
	ws, err := websocket.Accept(gw, r, &websocket.AcceptOptions{
		// A websocket ping from the client shows it is alive too.
		OnPingReceived: func(context.Context, []byte) bool { c.seen(); return true },
	})
	if err != nil {
		return nil, err
	}
	remote := opts.Remote
	if remote == "" {
		remote = r.RemoteAddr
	}
	c = newConn(ws, opts, remote)
	c.out = gw.out
	ws.SetReadLimit(int64(c.opts.Limits.MaxClientMessage))
	return c, nil
}

// NewDetached returns a connection without a websocket, for tests and
// fuzzing: frames given to HandleFrame are handled as if read from a
// client, what the server sends stays queued for Pending, and End ends it.
func NewDetached(opts Options) *Conn {
	return newConn(nil, opts, "")
}

// NewDetachedFrom is NewDetached for a client at network address remote
// (what Remote returns): tests of limits kept per address use it.
func NewDetachedFrom(opts Options, remote string) *Conn {
	return newConn(nil, opts, remote)
}

// ID returns the connection's number, unique in the process (for logs).
func (c *Conn) ID() uint64 { return c.id }

// Remote returns the client's network address as Options.Remote or the
// HTTP request gave it ("host:port"), "" if unknown.
func (c *Conn) Remote() string { return c.remote }

// Logger returns the connection's logger.
func (c *Conn) Logger() *slog.Logger { return c.log }

// Context returns a context that ends when the connection has ended.
func (c *Conn) Context() context.Context { return c.ctx }

// Limits returns the limits the connection enforces.
func (c *Conn) Limits() protocol.Limits { return c.opts.Limits }

// Send queues msg for the client, answering the client's message of seq
// reply (0 for none). It never blocks: it reports false if the connection
// is closing, or if the queue is full (Options.Queue messages, or
// Options.QueueBytes bytes with msg), in which case the client is too slow:
// the connection closes and what waits in the queue is dropped.
func (c *Conn) Send(msg protocol.Message, reply uint32) bool {
	select {
	case <-c.closing:
		return false
	default:
	}
	o := Outgoing{Msg: msg, Reply: reply, size: protocol.SizeHint(msg)}
	if n := c.queued.Add(int64(o.size)); n > int64(o.size) && n > int64(c.opts.QueueBytes) {
		c.queued.Add(-int64(o.size))
		c.slow(msg, "bytes", n-int64(o.size))
		return false
	}
	select {
	case c.queue <- o:
		return true
	default:
		c.queued.Add(-int64(o.size))
		c.slow(msg, "messages", int64(cap(c.queue)))
		return false
	}
}

// slow closes the connection of a client too slow to take msg, and drops
// what waits in its queue (all but the frame being written is freed at
// once).
func (c *Conn) slow(msg protocol.Message, full string, queued int64) {
	c.log.Warn("send queue full: dropping the client", "full of", full, "queued", queued, "msg", msg.MessageType())
	c.closeWith(closeReason{code: websocket.StatusPolicyViolation, reason: ReasonSlow, bye: true})
	c.drop()
}

// drop empties the queue.
func (c *Conn) drop() {
	for {
		select {
		case o := <-c.queue:
			c.queued.Add(-int64(o.size))
		default:
			return
		}
	}
}

// Queued returns how many messages wait to be written to the client, and
// their size in bytes (protocol.SizeHint): what the client costs the
// server's memory, but the frame being written.
func (c *Conn) Queued() (messages, bytes int) {
	return len(c.queue), int(c.queued.Load())
}

// SendError sends the protocol.Error reporting err (see
// protocol.ErrorMessage) in reply to seq reply. An error that is no
// *protocol.ProtocolError is logged, and the client told only that the
// server failed.
func (c *Conn) SendError(reply uint32, err error) {
	var pe *protocol.ProtocolError
	if !errors.As(err, &pe) {
		c.log.Error("request failed", "reply", reply, "err", err)
	}
	c.Send(protocol.ErrorMessage(err), reply)
}

// Close closes the connection, telling the client why: what is queued is
// written first, then Bye{reason}, then the close frame with code and
// reason. It returns at once; later Sends are dropped. Only the first
// Close (or any other close) counts.
func (c *Conn) Close(code websocket.StatusCode, reason string) {
	c.closeWith(closeReason{code: code, reason: reason, bye: true, flush: true})
}

// Closing returns a channel closed once the connection is closing.
func (c *Conn) Closing() <-chan struct{} { return c.closing }

// Reason returns why the connection is closing, "" while it is not.
func (c *Conn) Reason() string {
	select {
	case <-c.closing:
		return c.why.reason
	default:
		return ""
	}
}

func (c *Conn) closeWith(r closeReason) {
	c.once.Do(func() {
		r.reason = clip(r.reason, 120) // a close frame holds at most 123 bytes of reason
		c.why = r
		close(c.closing)
	})
}

// clip cuts s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// isClosing reports whether the connection is closing.
func (c *Conn) isClosing() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}

// Serve runs the connection until it ends: the reader on this goroutine, the
// writer on another. When ctx ends the connection closes with
// ReasonShutdown. When Serve returns both goroutines have stopped and the
// Session (if any) has been told. Serve may be called once, and not on a
// detached connection.
func (c *Conn) Serve(ctx context.Context) {
	if c.ws == nil {
		panic("wsconn: Serve on a detached connection")
	}
	c.log.Debug("connection open")
	stop := context.AfterFunc(ctx, func() {
		c.Close(websocket.StatusGoingAway, ReasonShutdown)
	})
	defer stop()

	// The watchdogs: no Hello within HelloTimeout, or nothing at all for
	// IdleTimeout, closes the connection.
	helloTimer := time.AfterFunc(c.opts.HelloTimeout, func() {
		c.log.Info("no Hello in time: closing")
		c.Close(websocket.StatusPolicyViolation, ReasonNoHello(c.opts.HelloTimeout))
	})
	defer helloTimer.Stop()
	idle := c.opts.IdleTimeout
	idleTimer := time.AfterFunc(idle, func() {
		c.log.Info("idle: closing", "idle", idle)
		c.Close(websocket.StatusPolicyViolation, ReasonIdle(idle))
	})
	defer idleTimer.Stop()
	c.seen = func() { idleTimer.Reset(idle) }
	c.hello = func() { helloTimer.Stop() }

	written := make(chan struct{})
	go func() {
		defer close(written)
		c.writeLoop()
	}()
	err := c.readLoop()
	// The reader has stopped: if nobody closed the connection, the client
	// did (or the network failed) and there is nobody to say Bye to.
	c.closeWith(closeReason{code: websocket.StatusNormalClosure, reason: "closed by the client"})
	<-written
	c.end(err)
}

// readLoop reads and handles frames until the websocket fails or closes.
func (c *Conn) readLoop() (err error) {
	defer func() {
		if r := recover(); r != nil {
			c.panicked("reader", r)
			err = fmt.Errorf("reader panic: %v", r)
		}
	}()
	limit := int64(c.opts.Limits.MaxClientMessage)
	if limit <= 0 {
		limit = protocol.MaxFrame
	}
	for {
		typ, frame, held, err := c.read(limit)
		var tooBig *TooBigError
		switch {
		case errors.As(err, &tooBig):
			c.log.Info("message too large: closing", "size", tooBig.Size, "limit", tooBig.Limit)
			c.closeWith(closeReason{code: websocket.StatusMessageTooBig, reason: tooBig.Error(), bye: true})
		case errors.Is(err, errServerFull), errors.Is(err, errAddressFull):
			reason := ReasonBusy
			if errors.Is(err, errAddressFull) {
				reason = ReasonAddressBusy
			}
			c.log.Warn("no room to read a message: closing", "err", err, "waited", c.opts.BufferWait,
				"buffered", c.opts.Buffers.Used(), "buffered_by_address", c.opts.Buffers.UsedBy(c.remote))
			c.closeWith(closeReason{code: websocket.StatusTryAgainLater, reason: reason, bye: true})
		}
		if err != nil {
			return err
		}
		c.seen()
		switch {
		case c.isClosing():
			// read on until the close handshake ends the connection
		case typ != websocket.MessageBinary:
			c.Send(&protocol.Error{Code: protocol.Malformed, Message: "frames must be binary websocket messages"}, 0)
		default:
			c.HandleFrame(frame)
		}
		c.opts.Buffers.release(c.addr, held)
	}
}

// read reads the next message, of at most limit bytes, into a buffer
// whose room it took from Options.Buffers: held bytes, to be given back
// once the message is handled.
func (c *Conn) read(limit int64) (websocket.MessageType, []byte, int64, error) {
	typ, r, err := c.ws.Reader(c.ctx)
	if err != nil {
		return 0, nil, 0, err
	}
	frame, held, err := c.opts.Buffers.readMessage(c.closing, r, c.addr, limit, c.opts.BufferWait, c.seen)
	return typ, frame, held, err
}

// end tells the session the connection has ended, once.
func (c *Conn) end(err error) {
	c.ended.Do(func() {
		c.cancel()
		c.log.Info("connection closed", "code", c.why.code, "reason", c.why.reason, "err", err)
		if c.session == nil {
			return
		}
		defer func() {
			if r := recover(); r != nil {
				c.panicked("session close", r)
			}
		}()
		c.session.Closed()
	})
}

// End ends a detached connection as Serve ends one whose websocket closed:
// it closes it, if nobody has, and tells its session. Call it from the
// goroutine that calls HandleFrame.
func (c *Conn) End() {
	c.closeWith(closeReason{code: websocket.StatusNormalClosure, reason: "ended"})
	c.end(nil)
}

// Pending removes and returns the messages queued for the client: a
// detached connection's output.
func (c *Conn) Pending() []Outgoing {
	var out []Outgoing
	for {
		select {
		case o := <-c.queue:
			c.queued.Add(-int64(o.size))
			out = append(out, o)
		default:
			return out
		}
	}
}

// Next removes and returns the next message queued for the client,
// waiting for one until ctx ends (then it reports false): a detached
// connection's output, as a client would read it.
func (c *Conn) Next(ctx context.Context) (Outgoing, bool) {
	select {
	case o := <-c.queue:
		c.queued.Add(-int64(o.size))
		return o, true
	case <-ctx.Done():
		return Outgoing{}, false
	}
}

// panicked logs a recovered panic and closes the connection.
func (c *Conn) panicked(where string, r any) {
	c.log.Error("panic: closing the connection", "in", where, "panic", r, "stack", string(debug.Stack()))
	c.closeWith(closeReason{code: websocket.StatusInternalError, reason: ReasonInternal, bye: true})
}

// HandleFrame handles one frame from the client: the rate limit, decoding
// and the limits (protocol's Limits.ReadClient), the handshake, Ping, and
// then the Session. It answers what it refuses with an Error and never
// panics (a panic is logged and closes the connection). The reader
// goroutine calls it for each binary frame; tests and fuzzers call it
// directly, from one goroutine.
func (c *Conn) HandleFrame(frame []byte) {
	defer func() {
		if r := recover(); r != nil {
			c.panicked("frame handler", r)
		}
	}()
	if c.isClosing() {
		return
	}
	if verdict, _ := c.rate.Charge(c.opts.Now(), 1); verdict != throttle.Granted {
		c.overRate(verdict, frame)
		return
	}
	c.limited = false

	env, msg, err := c.opts.Limits.ReadClient(frame)
	if err != nil {
		e := protocol.ErrorMessage(err)
		c.log.Debug("frame refused", "code", e.Code, "err", e.Message, "seq", env.Seq)
		c.Send(e, env.Seq)
		if e.Code == protocol.BadVersion {
			c.closeWith(closeReason{code: websocket.StatusPolicyViolation, reason: ReasonVersion, flush: true})
		}
		return
	}
	switch m := msg.(type) {
	case *protocol.Hello:
		c.handshake(env, m)
	case *protocol.Ping:
		if c.session == nil {
			c.Send(&protocol.Error{Code: protocol.NotAllowed, Message: "say Hello first"}, env.Seq)
			return
		}
		c.Send(&protocol.Pong{}, env.Seq)
	default:
		if c.session == nil {
			c.Send(&protocol.Error{Code: protocol.NotAllowed, Message: "say Hello first"}, env.Seq)
			return
		}
		c.session.Handle(env, msg)
	}
}

// messageRate returns the rate of messages l allows: Burst at once and
// MessagesPerSecond more a second (a Burst below 1 is MessagesPerSecond);
// no limit for a MessagesPerSecond below 1.
func messageRate(l protocol.Limits) throttle.Rate {
	if l.MessagesPerSecond < 1 {
		return throttle.Rate{}
	}
	burst := l.Burst
	if burst < 1 {
		burst = l.MessagesPerSecond
	}
	return throttle.Rate{Burst: int64(burst), Refill: int64(l.MessagesPerSecond), Per: time.Second}
}

// overRate refuses a message over the rate (verdict Refused or Exceeded).
func (c *Conn) overRate(verdict throttle.Verdict, frame []byte) {
	c.observeRateLimited()
	if verdict == throttle.Exceeded {
		c.log.Warn("flooding: closing", "rate", c.opts.Limits.MessagesPerSecond)
		c.closeWith(closeReason{code: websocket.StatusPolicyViolation, bye: true, flush: true,
			reason: ReasonFlooding(c.opts.Limits.MessagesPerSecond)})
		return
	}
	if c.limited {
		return // answered the first of the run already
	}
	c.limited = true
	env, _ := protocol.Decode(frame, c.opts.Limits.MaxClientMessage) // for its seq, if it has one
	c.Send(&protocol.Error{Code: protocol.RateLimited, Message: fmt.Sprintf(
		"more than %d messages a second (bursts of %d): this message and those after it are ignored until you slow down",
		c.opts.Limits.MessagesPerSecond, c.opts.Limits.Burst)}, env.Seq)
}

// handshake handles a Hello (of a version this build speaks: ReadClient
// refused the others).
func (c *Conn) handshake(env protocol.Envelope, m *protocol.Hello) {
	if c.session != nil {
		c.Send(&protocol.Error{Code: protocol.NotAllowed, Message: "Hello again: the connection is set up already"}, env.Seq)
		return
	}
	if c.opts.Accept == nil {
		c.SendError(env.Seq, errors.New("wsconn: no Accept function"))
		c.closeWith(closeReason{code: websocket.StatusInternalError, reason: ReasonInternal, bye: true, flush: true})
		return
	}
	s, err := c.opts.Accept(c, m)
	if err != nil {
		c.SendError(env.Seq, err)
		c.closeWith(closeReason{code: websocket.StatusTryAgainLater, reason: protocol.ErrorMessage(err).Message, bye: true, flush: true})
		return
	}
	c.session = s
	c.hello()
	c.log.Info("hello", "name", m.Name, "client", m.Client, "build", m.Build, "version", m.Version)
	c.Send(&protocol.Welcome{
		Version:  protocol.Version,
		Server:   c.opts.Server,
		Rulesets: c.opts.Rulesets,
		Limits:   c.opts.Limits,
		Build:    buildinfo.Version(),
	}, env.Seq)
	s.Open()
}

// writeLoop writes queued messages until the connection closes, then says
// goodbye and closes the websocket.
func (c *Conn) writeLoop() {
	defer func() {
		if r := recover(); r != nil {
			c.panicked("writer", r)
			_ = c.ws.CloseNow()
		}
	}()
	for {
		select {
		case o := <-c.queue:
			if err := c.writeBatch(o); err != nil {
				c.log.Info("write failed", "err", err)
				c.closeWith(closeReason{code: websocket.StatusAbnormalClosure, reason: "write failed"})
				_ = c.ws.CloseNow()
				return
			}
		case <-c.closing:
			c.goodbye()
			return
		}
	}
}

// writeBatch writes o, taken from the queue, and the messages queued
// behind it, up to maxBatch bytes of frames, in one write to the network.
//
// CHOICE: the frames of the messages that wait together go out together:
// a turn's TurnUpdate and TurnClock, or readiness behind an
// OrdersResult, cost one system call and usually one packet, not one
// each; nothing waits for a message that is not queued yet.
func (c *Conn) writeBatch(o Outgoing) error {
	if c.out != nil {
		c.out.hold()
	}
	var err error
	for {
		c.queued.Add(-int64(o.size))
		if c.isClosing() && !c.why.flush {
			c.drop() // a close that does not flush sends nothing more
			break
		}
		if err = c.write(o); err != nil || c.out == nil || c.out.pending() >= maxBatch {
			break
		}
		var more bool
		select {
		case o, more = <-c.queue:
		default:
		}
		if !more {
			break
		}
	}
	if c.out != nil {
		if rerr := c.out.release(c.opts.WriteTimeout); err == nil {
			err = rerr
		}
	}
	return err
}

// goodbye writes what the close asks for and closes the websocket.
func (c *Conn) goodbye() {
	r := c.why
	if !r.flush {
		c.drop()
	}
	for done := !r.flush; !done; {
		select {
		case o := <-c.queue:
			c.queued.Add(-int64(o.size))
			if c.write(o) != nil {
				_ = c.ws.CloseNow()
				return
			}
		default:
			done = true
		}
	}
	if r.bye {
		if c.write(Outgoing{Msg: &protocol.Bye{Reason: r.reason}}) != nil {
			_ = c.ws.CloseNow()
			return
		}
	}
	if r.code == websocket.StatusAbnormalClosure {
		_ = c.ws.CloseNow()
		return
	}
	_ = c.ws.Close(r.code, r.reason)
}

// write numbers, encodes and writes one message within WriteTimeout. A
// message that cannot be encoded or is over MaxServerMessage (a bug of the
// server) is logged and replaced by an Error.
func (c *Conn) write(o Outgoing) error {
	frame, err := c.encode(o)
	if err != nil {
		c.log.Error("cannot send a message", "msg", o.Msg.MessageType(), "err", err)
		frame, err = c.encode(Outgoing{Msg: &protocol.Error{Code: protocol.Internal,
			Message: fmt.Sprintf("the server failed to send a %s", o.Msg.MessageType())}, Reply: o.Reply})
		if err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.opts.WriteTimeout)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		return err
	}
	c.observeSent(len(frame))
	return nil
}

func (c *Conn) encode(o Outgoing) ([]byte, error) {
	frame, err := protocol.Marshal(c.seq+1, o.Reply, o.Msg)
	if err != nil {
		return nil, err
	}
	if max := c.opts.Limits.MaxServerMessage; max > 0 && len(frame) > max {
		return nil, fmt.Errorf("frame of %d bytes, over MaxServerMessage %d", len(frame), max)
	}
	c.seq++
	return frame, nil
}
