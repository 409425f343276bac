package wsconn

import (
	"net"
	"sync"
	"time"
)

// maxBatch bounds the bytes the writer gathers before it writes them:
// past it, a batch is written and the next one begins.
const maxBatch = 64 << 10

// keptBatch is the largest room for a batch a connection keeps between
// batches: a turn's TurnUpdate and TurnClock fit, a FullView's room is
// given back once written (held by thousands of connections that receive
// one a game, it would be most of their memory).
const keptBatch = 4 << 10

// batchConn is a client's network connection whose writes can be held
// and then made at once: while the connection's writer has more messages
// queued, their frames go out in one write (one system call, one packet
// where they fit) instead of one each. Its methods may be called from any
// goroutine (the websocket library writes its control frames from the
// reader's).
type batchConn struct {
	net.Conn

	mu     sync.Mutex // guards the fields below, and orders the writes
	held   bool
	buf    []byte
	writes int // the writes made to Conn (for tests)
}

// Write writes p, or keeps it for release while the writes are held.
func (c *batchConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	c.writes++
	return c.Conn.Write(p)
}

// hold keeps the writes from now on until release.
func (c *batchConn) hold() {
	c.mu.Lock()
	c.held = true
	c.mu.Unlock()
}

// pending returns the bytes kept since hold.
func (c *batchConn) pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.buf)
}

// release writes what was kept since hold, in one write that must end
// within timeout, and lets the writes through again.
func (c *batchConn) release(timeout time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.held = false
	if len(c.buf) == 0 {
		return nil
	}
	if err := c.Conn.SetWriteDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	c.writes++
	_, err := c.Conn.Write(c.buf)
	if cap(c.buf) > keptBatch {
		c.buf = nil // a large message's room is not kept
	} else {
		c.buf = c.buf[:0]
	}
	if err != nil {
		return err
	}
	return c.Conn.SetWriteDeadline(time.Time{})
}
