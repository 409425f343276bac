package wsconn

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"empires/shared/protocol"
)

// recordConn is a net.Conn that records its writes.
type recordConn struct {
	net.Conn
	writes []string
}

func (c *recordConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, string(p))
	return len(p), nil
}

func (c *recordConn) SetWriteDeadline(time.Time) error { return nil }

// TestBatchConn: writes go through at once, but those made while held,
// which go out in one write when released.
func TestBatchConn(t *testing.T) {
	rc := &recordConn{}
	c := &batchConn{Conn: rc}
	write := func(s string) {
		t.Helper()
		if n, err := c.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("write %q: %d, %v", s, n, err)
		}
	}
	write("a")
	c.hold()
	write("bc")
	write("d")
	if have := c.pending(); have != 3 {
		t.Errorf("held: %d bytes pending, want 3", have)
	}
	if err := c.release(time.Second); err != nil {
		t.Fatal(err)
	}
	write("e")
	if err := c.release(time.Second); err != nil { // nothing held: nothing written
		t.Fatal(err)
	}
	if have, want := strings.Join(rc.writes, "|"), "a|bcd|e"; have != want || c.writes != 3 {
		t.Errorf("writes %q (%d counted), want %q", have, c.writes, want)
	}
}

// TestQueuedWrittenTogether: the messages queued for a client when the
// writer starts reach it in order, numbered, in one write to the network.
func TestQueuedWrittenTogether(t *testing.T) {
	const queued = 5
	conns := make(chan *Conn, 1)
	opts := testOptions(nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r, opts)
		if err != nil {
			return
		}
		for i := range queued {
			c.Send(&protocol.Error{Code: protocol.Invalid, Message: strings.Repeat("x", i)}, 0)
		}
		conns <- c
		c.Serve(t.Context())
	}))
	t.Cleanup(srv.Close)
	ws := dial(t, "ws"+strings.TrimPrefix(srv.URL, "http"))
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	for i := range queued {
		_, frame, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		env, msg, err := protocol.DefaultLimits().ReadServer(frame)
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := msg.(*protocol.Error); !ok || env.Seq != uint32(i+1) || len(e.Message) != i {
			t.Fatalf("message %d: have seq %d %+v, want seq %d, an Error of %d bytes", i+1, env.Seq, msg, i+1, i)
		}
	}
	c := <-conns
	c.out.mu.Lock()
	writes := c.out.writes
	c.out.mu.Unlock()
	if writes != 1 {
		t.Errorf("%d messages queued at once took %d writes, want 1", queued, writes)
	}
}
