package wsconn

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// Websocket opcodes of the frames the tests write.
const (
	opText   = 0x1
	opBinary = 0x2
	opPing   = 0x9
)

// frameHeader returns the header of a client frame (masked, with the key
// 1 2 3 4) of opcode op whose payload is size bytes; fin marks the last
// frame of a message.
func frameHeader(fin bool, op byte, size uint64) []byte {
	b0 := op
	if fin {
		b0 |= finBit
	}
	h := []byte{b0, 0}
	switch {
	case size < 126:
		h[1] = byte(size)
	case size <= math.MaxUint16:
		h[1] = 126
		h = binary.BigEndian.AppendUint16(h, uint16(size))
	default:
		h[1] = 127
		h = binary.BigEndian.AppendUint64(h, size)
	}
	h[1] |= maskBit
	return append(h, 1, 2, 3, 4)
}

// clientFrame returns a whole client frame of payload, masked.
func clientFrame(fin bool, op byte, payload []byte) []byte {
	out := frameHeader(fin, op, uint64(len(payload)))
	key := out[len(out)-4:]
	for i, c := range payload {
		out = append(out, c^key[i%4])
	}
	return out
}

// chunked reads from b at most n bytes at a time.
type chunked struct {
	b []byte
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := min(len(p), c.n, len(c.b))
	copy(p, c.b[:k])
	c.b = c.b[k:]
	return k, nil
}

// TestFrameGuard: the guard passes the frames of messages of at most its
// limit, counting every data frame of a message and no control frame, and
// refuses the message at the header of the frame that makes it too long,
// before passing that header whole; however the stream is cut into reads.
func TestFrameGuard(t *testing.T) {
	const limit = 1024
	data := func(n int) []byte { return bytes.Repeat([]byte{'x'}, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	first, ping := clientFrame(false, opBinary, data(600)), clientFrame(true, opPing, data(10))
	tests := []struct {
		name   string
		stream []byte
		at     int    // the offending header's offset, -1 if none
		size   uint64 // the size the refusal names
	}{
		{"small frames and a ping", cat(clientFrame(true, opBinary, data(5)), clientFrame(true, opPing, data(3)),
			clientFrame(true, opText, data(300))), -1, 0},
		{"a frame of the limit", clientFrame(true, opBinary, data(limit)), -1, 0},
		{"fragments within the limit, then another message", cat(clientFrame(false, opBinary, data(500)),
			clientFrame(true, opPing, data(100)), clientFrame(true, opContinuation, data(524)), clientFrame(true, opBinary, data(limit))), -1, 0},
		{"one byte over", cat(clientFrame(true, opBinary, data(7)), frameHeader(true, opBinary, limit+1)), 13, limit + 1},
		{"2^62 bytes claimed", cat(clientFrame(true, opPing, nil), frameHeader(true, opBinary, 1<<62), []byte("abc")), 6, 1 << 62},
		{"2^64-1 bytes claimed", frameHeader(true, opBinary, math.MaxUint64), 0, math.MaxUint64},
		{"fragments over the limit", cat(first, ping, frameHeader(true, opContinuation, 500)), len(first) + len(ping), 1100},
	}
	for _, tt := range tests {
		for _, n := range []int{1, 3, 64, 1 << 16} {
			g := newFrameGuard(&chunked{b: tt.stream, n: n}, limit)
			var passed []byte
			var err error
			buf := make([]byte, 4096)
			for err == nil {
				var k int
				k, err = g.Read(buf)
				passed = append(passed, buf[:k]...)
			}
			if !bytes.HasPrefix(tt.stream, passed) {
				t.Fatalf("%s, reads of %d: passed bytes that are not the stream's", tt.name, n)
			}
			var tooBig *TooBigError
			if tt.at < 0 {
				if err != io.EOF || len(passed) != len(tt.stream) {
					t.Errorf("%s, reads of %d: passed %d of %d bytes, then %v", tt.name, n, len(passed), len(tt.stream), err)
				}
				continue
			}
			end := tt.at + len(frameHeader(true, opBinary, tt.size))
			if !errors.As(err, &tooBig) || tooBig.Size != tt.size || tooBig.Limit != limit || len(passed) < tt.at || len(passed) >= end {
				t.Errorf("%s, reads of %d: passed %d bytes (the header is at %d to %d), then %v", tt.name, n, len(passed), tt.at, end, err)
			}
			if k, again := g.Read(buf); k != 0 || again != err {
				t.Errorf("%s, reads of %d: read again after the refusal: %d bytes, %v", tt.name, n, k, again)
			}
		}
	}
}

// rawClient is a websocket client over a plain TCP connection, which
// writes whatever frames a test wants.
type rawClient struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
}

// dialRaw connects to url (ws://host/) and makes the websocket handshake;
// a readBuffer above 0 sets the size of the socket's receive buffer
// (SO_RCVBUF) first.
func dialRaw(t *testing.T, url string, readBuffer int) *rawClient {
	t.Helper()
	return dialRawWith(t, url, readBuffer, net.Dial)
}

// dialRawWith is dialRaw connecting with dial.
func dialRawWith(t *testing.T, url string, readBuffer int, dial func(network, address string) (net.Conn, error)) *rawClient {
	t.Helper()
	host := strings.TrimPrefix(url, "ws://")
	conn, err := dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if readBuffer > 0 {
		if err := conn.(*net.TCPConn).SetReadBuffer(readBuffer); err != nil {
			t.Fatal(err)
		}
	}
	// A guard against a hang, not a timing: the tests wait on events.
	if err := conn.SetDeadline(time.Now().Add(waitLimit)); err != nil {
		t.Fatal(err)
	}
	c := &rawClient{t: t, conn: conn, r: bufio.NewReader(conn)}
	c.write([]byte("GET / HTTP/1.1\r\nHost: " + host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
	resp, err := http.ReadResponse(c.r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %s", resp.Status)
	}
	return c
}

func (c *rawClient) write(b []byte) {
	c.t.Helper()
	if _, err := c.conn.Write(b); err != nil {
		c.t.Fatal(err)
	}
}

// readFrame reads one server frame (unmasked, unfragmented).
func (c *rawClient) readFrame() (op byte, payload []byte) {
	c.t.Helper()
	op, payload, err := readServerFrame(c.r)
	if err != nil {
		c.t.Fatal(err)
	}
	return op, payload
}

// readServerFrame reads one server frame (unmasked, unfragmented) from r.
func readServerFrame(r *bufio.Reader) (op byte, payload []byte, err error) {
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return 0, nil, fmt.Errorf("reading a frame: %w", err)
	}
	size := uint64(h[1] & 0x7f)
	switch size {
	case 126:
		var b [2]byte
		_, _ = io.ReadFull(r, b[:])
		size = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		_, _ = io.ReadFull(r, b[:])
		size = binary.BigEndian.Uint64(b[:])
	}
	payload = make([]byte, size)
	if _, err := io.ReadFull(r, payload); err != nil {
		return 0, nil, fmt.Errorf("reading a frame of %d bytes: %w", size, err)
	}
	return h[0] & 0x0f, payload, nil
}

// hello says Hello and reads the Welcome.
func (c *rawClient) hello() {
	c.t.Helper()
	c.write(clientFrame(true, opBinary, mustFrame(c.t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"})))
	op, payload := c.readFrame()
	if _, msg, err := protocol.DefaultLimits().ReadServer(payload); op != opBinary || err != nil || msg.MessageType() != protocol.TypeWelcome {
		c.t.Fatalf("after Hello: opcode %d, %v, %v", op, msg, err)
	}
}

// closed reads until the server's close frame, answers it, and returns its
// status and reason, the reason of the Bye before it ("" if none) and the
// other messages before it, by type.
func (c *rawClient) closed() (websocket.StatusCode, string, string, map[protocol.Type]int) {
	c.t.Helper()
	var bye string
	got := map[protocol.Type]int{}
	for {
		op, payload := c.readFrame()
		switch op {
		case opClose:
			if len(payload) < 2 {
				c.t.Fatalf("a close frame of %d bytes", len(payload))
			}
			c.write(clientFrame(true, opClose, payload[:2]))
			return websocket.StatusCode(binary.BigEndian.Uint16(payload)), string(payload[2:]), bye, got
		case opBinary:
			limits := protocol.DefaultLimits()
			limits.MaxServerMessage = protocol.MaxFrame
			_, msg, err := limits.ReadServer(payload)
			if err != nil {
				c.t.Fatal(err)
			}
			if b, ok := msg.(*protocol.Bye); ok {
				bye = b.Reason
			} else {
				got[msg.MessageType()]++
			}
		}
	}
}

// TestTooBigRefusedAtTheHeader: a client that sends the header of a frame
// claiming more than MaxClientMessage (1 KiB here), and then nothing, is
// told why and closed with status 1009 at once: the idle timeout, short
// here, would close it with status 1008 and another reason.
func TestTooBigRefusedAtTheHeader(t *testing.T) {
	tests := []struct {
		name   string
		frames []byte
		reason string
	}{
		{"a frame of 2^62 bytes", append(frameHeader(true, opBinary, 1<<62), "abc"...), "message of 4611686018427387904 bytes: at most 1024"},
		{"a second fragment of 2^40 bytes", append(clientFrame(false, opBinary, make([]byte, 600)), frameHeader(true, opContinuation, 1<<40)...),
			"message of 1099511628376 bytes: at most 1024"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOptions(nil)
			opts.IdleTimeout = 5 * time.Second
			url, ended := serve(t, opts)
			c := dialRaw(t, url, 0)
			c.hello()
			c.write(tt.frames)
			code, reason, bye, _ := c.closed()
			if code != websocket.StatusMessageTooBig || reason != tt.reason || bye != tt.reason {
				t.Errorf("closed with %v %q after Bye %q; want %v %q after the same Bye", code, reason, bye, websocket.StatusMessageTooBig, tt.reason)
			}
			if srv := <-ended; srv.Reason() != tt.reason {
				t.Errorf("the server's side closed for %q", srv.Reason())
			}
		})
	}
}
