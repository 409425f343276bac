package wsconn

import (
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// bigView returns a FullView whose view is a msgpack blob of n bytes.
func bigView(n int) *protocol.FullView {
	view := append([]byte{0xc6, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, make([]byte, n)...)
	return &protocol.FullView{View: view, Checksum: 1}
}

// TestQueueBytes: what waits for a client is bounded in bytes as well as
// in messages; a message alone larger than the bound still goes, and a
// client too slow for the bound is dropped with the queue emptied.
func TestQueueBytes(t *testing.T) {
	opts := testOptions(nil)
	opts.QueueBytes = 1000
	msg := bigView(600)
	size := protocol.SizeHint(msg)

	c := NewDetached(opts)
	if !c.Send(msg, 0) {
		t.Fatal("the first message was refused")
	}
	if n, b := c.Queued(); n != 1 || b != size {
		t.Errorf("queued %d messages of %d bytes, want 1 of %d", n, b, size)
	}
	if c.Send(msg, 0) || c.Reason() != ReasonSlow {
		t.Fatalf("a second message of %d bytes over a bound of 1000: closing with %q, want %q", size, c.Reason(), ReasonSlow)
	}
	if n, b := c.Queued(); n != 0 || b != 0 {
		t.Errorf("after the drop %d messages of %d bytes wait, want none", n, b)
	}

	c = NewDetached(opts)
	if !c.Send(bigView(5000), 0) {
		t.Fatal("a message larger than the bound was refused with nothing queued")
	}
	if c.Send(&protocol.Pong{}, 0) || c.Reason() != ReasonSlow {
		t.Fatalf("a message behind one larger than the bound: closing with %q, want %q", c.Reason(), ReasonSlow)
	}

	// What a detached connection's reader takes no longer counts.
	c = NewDetached(opts)
	for range 3 {
		c.Send(&protocol.Pong{}, 0)
		c.Pending()
	}
	if n, b := c.Queued(); n != 0 || b != 0 || c.Reason() != "" {
		t.Errorf("after Pending: %d messages of %d bytes wait, closing with %q", n, b, c.Reason())
	}
}

// frameCounter is an Observer that counts the frames written.
type frameCounter struct{ frames atomic.Int64 }

func (f *frameCounter) Sent(int)     { f.frames.Add(1) }
func (f *frameCounter) RateLimited() {}

// smallBuffers is a listener whose connections have a send buffer
// (SO_SNDBUF) of size bytes.
type smallBuffers struct {
	net.Listener
	size int
}

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		err = c.(*net.TCPConn).SetWriteBuffer(l.size)
	}
	return c, err
}

// TestStalledClientDropped: a client that stops reading, over real
// sockets whose kernel buffers (64 KiB each way) hold less than a message
// of 1 MiB, is dropped as too slow once what waits for it passes
// QueueBytes: the server writes the first message until the kernel takes
// no more, queues messages up to the bound, then drops the queue and
// closes; when the client reads again it gets the one message in flight,
// the Bye saying why, and the close frame. It never costs the server more
// than the bound and the frame being written; no timer is involved (the
// write and idle timeouts are far off).
func TestStalledClientDropped(t *testing.T) {
	accepted := make(chan *echo, 1)
	opts := testOptions(accepted)
	opts.Limits.MaxServerMessage = 4 << 20
	opts.WriteTimeout = 10 * waitLimit
	opts.IdleTimeout = 10 * waitLimit
	opts.Queue = DefaultQueue
	opts.QueueBytes = DefaultQueueBytes
	var written frameCounter
	opts.Observer = &written
	ended := make(chan *Conn, 1)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r, opts)
		if err != nil {
			return
		}
		c.Serve(t.Context())
		ended <- c
	}))
	srv.Listener = smallBuffers{Listener: srv.Listener, size: 64 << 10}
	srv.Start()
	t.Cleanup(srv.Close)

	client := dialRaw(t, "ws"+strings.TrimPrefix(srv.URL, "http"), 64<<10)
	client.hello()
	c := (<-accepted).c
	msg := bigView(1 << 20)
	size := protocol.SizeHint(msg)

	// The first message: the writer takes it and writes until the kernel
	// is full.
	if !c.Send(msg, 0) {
		t.Fatalf("the first message was refused: %q", c.Reason())
	}
	for n, b := c.Queued(); n > 0 || b > 0; n, b = c.Queued() {
		runtime.Gosched() // until the writer has taken it
	}
	// Then as many as the queue takes, and one more.
	sent, most := 1, 0
	for c.Send(msg, 0) {
		sent++
		if _, b := c.Queued(); b > most {
			most = b
		}
		if sent > 2*DefaultQueue {
			t.Fatalf("%d messages of %d bytes queued for a client that does not read", sent, size)
		}
	}
	want := 1 + DefaultQueueBytes/size
	if c.Reason() != ReasonSlow || sent != want || most > DefaultQueueBytes {
		t.Fatalf("sent %d messages (at most %d bytes queued) before closing with %q; want %d (at most %d bytes) and %q",
			sent, most, c.Reason(), want, DefaultQueueBytes, ReasonSlow)
	}
	if n, b := c.Queued(); n != 0 || b != 0 {
		t.Errorf("after the drop %d messages of %d bytes wait for the client, want none", n, b)
	}
	if n := written.frames.Load(); n != 1 {
		t.Errorf("%d frames written before the drop, want 1 (the Welcome): the first message does not fit the kernel's buffers", n)
	}
	t.Logf("dropped after %d messages of %d bytes: %d queued (%d bytes at most), 1 being written", sent, size, sent-1, most)

	code, reason, bye, got := client.closed()
	if code != websocket.StatusPolicyViolation || reason != ReasonSlow || bye != ReasonSlow || got[protocol.TypeFullView] != 1 {
		t.Errorf("the client read %v, then Bye %q, then close %v %q; want one FullView, then %q twice", got, bye, code, reason, ReasonSlow)
	}
	select {
	case <-ended:
	case <-time.After(waitLimit):
		t.Fatal("the connection did not end")
	}
}
