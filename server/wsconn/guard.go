package wsconn

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"slices"
	"sync/atomic"
	"time"
)

// The websocket library enforces its read limit only as it reads a
// message's bytes: a frame whose header claims 2^62 bytes is refused
// after the limit's worth of bytes has arrived, so a client that sends the
// header and then nothing holds the connection until the idle timeout. A
// frameGuard reads the client's stream on its way to the library and
// refuses such a message when its header arrives.

// TooBigError is why a client's message was refused before it was read: a
// frame header claimed that the message, counting the frames of it before,
// holds Size bytes, more than Limit.
type TooBigError struct {
	Size  uint64
	Limit int64
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("message of %d bytes: at most %d", e.Size, e.Limit)
}

// Websocket frame header fields (RFC 6455, section 5.2).
const (
	opContinuation = 0x0
	opClose        = 0x8 // the first control opcode
	finBit         = 0x80
	maskBit        = 0x80
)

// frameGuard passes the bytes of a client's websocket stream through,
// reading each frame header as it goes by, and fails (with a
// *TooBigError, then for good) at the header of a data frame that makes
// its message longer than limit bytes. Control frames (ping, pong, close)
// are not counted: the library bounds them.
type frameGuard struct {
	r     io.Reader
	limit int64

	head  [14]byte // the header being read
	got   int      // bytes of head read
	left  uint64   // payload bytes of the current frame still to pass
	total int64    // payload bytes of the current message so far
	err   error    // the refusal, once made

	refused atomic.Bool // err is set: for the connection's Close (see linger.go)
}

func newFrameGuard(r io.Reader, limit int64) *frameGuard {
	return &frameGuard{r: r, limit: limit}
}

// Read implements io.Reader. On a refusal it returns the bytes before the
// offending header, if any, and the *TooBigError from then on.
func (g *frameGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; {
		if g.left > 0 {
			k := min(g.left, uint64(n-i))
			i += int(k)
			g.left -= k
			continue
		}
		start := i - g.got // where the header began (negative: in an earlier read)
		g.head[g.got] = p[i]
		g.got++
		i++
		if g.got < headerLen(g.head[:g.got]) {
			continue
		}
		if g.frame() != nil {
			if start <= 0 {
				return 0, g.err
			}
			return start, nil // the error comes with the next Read
		}
	}
	return n, err
}

// headerLen returns the length of the frame header that starts with b (at
// least its first byte), as far as b tells: 2 until the length byte is
// known.
func headerLen(b []byte) int {
	if len(b) < 2 {
		return 2
	}
	n := 2
	switch b[1] &^ maskBit {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	if b[1]&maskBit != 0 {
		n += 4
	}
	return n
}

// frame takes the whole header in head: the payload to pass, and the
// message's length so far; it sets and returns g.err if that is too much.
func (g *frameGuard) frame() error {
	h := g.head[:g.got]
	g.got = 0
	var size uint64
	switch h[1] &^ maskBit {
	case 126:
		size = uint64(binary.BigEndian.Uint16(h[2:]))
	case 127:
		size = binary.BigEndian.Uint64(h[2:])
	default:
		size = uint64(h[1] &^ maskBit)
	}
	g.left = size
	op := h[0] & 0x0f
	if op >= opClose {
		return nil
	}
	if op != opContinuation {
		g.total = 0
	}
	if size > uint64(g.limit-g.total) {
		claimed := uint64(g.total) + min(size, math.MaxUint64-uint64(g.total))
		g.err = &TooBigError{Size: claimed, Limit: g.limit}
		g.refused.Store(true)
		return g.err
	}
	g.total += int64(size)
	if h[0]&finBit != 0 {
		g.total = 0
	}
	return nil
}

// guardedConn is a hijacked connection whose reads go through a
// frameGuard.
type guardedConn struct {
	net.Conn
	guard  *frameGuard
	linger time.Duration // see Close
}

func (c *guardedConn) Read(p []byte) (int, error) { return c.guard.Read(p) }

// guardedWriter is a ResponseWriter whose Hijack returns the connection
// read through a frameGuard of limit bytes (none if limit is 0), written
// through a batchConn: what websocket.Accept reads from and writes to
// after the upgrade. out is that batchConn, once hijacked.
type guardedWriter struct {
	http.ResponseWriter
	limit  int64
	linger time.Duration // guardedConn.linger
	out    *batchConn
}

// Unwrap returns the ResponseWriter w wraps, for http.ResponseController.
func (w *guardedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack implements http.Hijacker.
func (w *guardedWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the server read past the request are the client's first
	// frames: they go through the guard too.
	buffered, err := brw.Reader.Peek(brw.Reader.Buffered())
	if err != nil {
		return nil, nil, err
	}
	w.out = &batchConn{Conn: conn}
	in := io.MultiReader(bytes.NewReader(slices.Clone(buffered)), conn)
	var nc net.Conn = w.out
	if w.limit > 0 {
		nc = &guardedConn{Conn: w.out, guard: newFrameGuard(in, w.limit), linger: w.linger}
	} else {
		nc = &readerConn{Conn: w.out, r: in}
	}
	return nc, bufio.NewReadWriter(bufio.NewReaderSize(nc, readBufferSize), bufio.NewWriterSize(w.out, writeBufferSize)), nil
}

// readBufferSize and writeBufferSize are the buffers of a connection on
// either side of the websocket library, which every connection holds for
// its whole life.
//
// CHOICE: small, for many connections: a client's messages are small (an
// order list is a few hundred bytes) and a larger one is read straight
// into its own buffer (Buffers), past this one; what the writer writes
// goes out in batches gathered by batchConn, so its buffer only holds a
// frame's header and the start of its payload on their way there. Each
// was 4 KiB, net/http's.
const (
	readBufferSize  = 1 << 10
	writeBufferSize = 512
)

// readerConn is a hijacked connection read from r: the bytes read past
// the request, then the connection.
type readerConn struct {
	net.Conn
	r io.Reader
}

func (c *readerConn) Read(p []byte) (int, error) { return c.r.Read(p) }
