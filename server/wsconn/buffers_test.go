package wsconn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// TestBuffersAccounts: room is taken while it fits the server's bound and
// the address's; what does not fit waits and fails with the bound it
// broke, or gets the room given back meanwhile; addresses count by host
// (an IPv6 address by its /64).
func TestBuffersAccounts(t *testing.T) {
	b := NewBuffers(1500, 600)
	never := make(chan struct{})
	steps := []struct {
		remote  string
		n       int64
		release bool // give n back instead
		want    error
	}{
		{"192.0.2.1:1", 500, false, nil},
		{"192.0.2.1:2", 100, false, nil},
		{"192.0.2.1:3", 1, false, errAddressFull},
		{"[2001:db8::1]:1", 300, false, nil},
		{"[2001:db8::2]:9", 301, false, errAddressFull}, // the same /64
		{"[2001:db8:0:1::2]:9", 100, false, nil},        // another /64
		{"198.51.100.7:1", 501, false, errServerFull},   // 1000 held
		{"192.0.2.1:2", 100, true, nil},
		{"198.51.100.7:1", 600, false, nil},
		{"", 1, false, errServerFull}, // no address: the server's bound only
	}
	for i, s := range steps {
		key := AddressKey(s.remote)
		if s.release {
			b.release(key, s.n)
			continue
		}
		if err := b.reserve(never, key, s.n, time.Nanosecond); !errors.Is(err, s.want) {
			t.Errorf("step %d: %d bytes for %s: have %v, want %v", i+1, s.n, s.remote, err, s.want)
		}
	}
	if have := b.Used(); have != 1500 {
		t.Errorf("used %d, want 1500", have)
	}
	if have := b.UsedBy("[2001:db8::99]:5"); have != 300 {
		t.Errorf("the /64 of 2001:db8:: holds %d, want 300", have)
	}
	if have := b.Peak(); have != 1500 {
		t.Errorf("peak %d, want 1500", have)
	}

	// A wait ends with room given back by another connection, or with
	// the connection closing.
	got := make(chan error, 1)
	go func() { got <- b.reserve(never, "203.0.113.1", 50, waitLimit) }()
	b.release(AddressKey("198.51.100.7:1"), 100)
	if err := <-got; err != nil {
		t.Errorf("waiting for room given back: %v", err)
	}
	closing := make(chan struct{})
	go func() { got <- b.reserve(closing, "203.0.113.1", 500, waitLimit) }()
	close(closing)
	if err := <-got; !errors.Is(err, errGivenUp) {
		t.Errorf("waiting on a closing connection: %v, want %v", err, errGivenUp)
	}

	var none *Buffers
	if err := none.reserve(never, "x", 1<<40, 0); err != nil || none.Used() != 0 {
		t.Errorf("a nil Buffers limits: %v", err)
	}
}

// TestReadMessage: a message is read into a buffer that doubles from 512
// bytes up to the limit, the room held being its capacity; a failure
// gives it all back.
func TestReadMessage(t *testing.T) {
	tests := []struct {
		name     string
		size     int
		limit    int64
		wantHeld int64
		wantErr  bool
	}{
		{"a small message", 40, 1 << 20, 512, false},
		{"513 bytes", 513, 1 << 20, 1024, false},
		{"just over a power of two", 300 << 10, 1 << 20, 512 << 10, false},
		{"at the limit", 1000, 1000, 1000, false},
		{"past the limit", 1001, 1000, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuffers(0, 0)
			in := bytes.Repeat([]byte{7}, tt.size)
			reads := 0
			msg, held, err := b.readMessage(nil, &chunked{b: in, n: 100}, "a", tt.limit, time.Second, func() { reads++ })
			if (err != nil) != tt.wantErr || held != tt.wantHeld || b.Used() != tt.wantHeld {
				t.Fatalf("have %v, held %d, used %d; want error %v, held %d", err, held, b.Used(), tt.wantErr, tt.wantHeld)
			}
			if !tt.wantErr && (!bytes.Equal(msg, in) || int64(cap(msg)) != held || reads < (tt.size+99)/100) {
				t.Errorf("read %d bytes of capacity %d in %d reads", len(msg), cap(msg), reads)
			}
		})
	}
}

// dialRawFrom is dialRaw from local address ip (one of 127.0.0.0/8: a
// client of another address on one machine).
func dialRawFrom(t *testing.T, url string, ip string) *rawClient {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return dialRawWith(t, url, 0, d.Dial)
}

// partialMessage returns the first frame of a binary message of size
// bytes (one frame, masked), cut after sent bytes of its payload.
func partialMessage(size, sent int) []byte {
	return append(frameHeader(true, opBinary, uint64(size)), make([]byte, sent)...) // zeros masked are the key: any bytes do
}

// TestReadBuffersBounded: many clients each send most of a message of the
// largest size and then nothing. With a bound, the server holds at most
// the bound for them (its own accounts say so, and its heap grows by
// about that); the clients that find no room wait, then are closed with
// status 1013 and ReasonBusy; once they are gone an honest client's
// message of the largest size is read. Without a bound, the heap grows
// by about a message a client (the naive cost).
func TestReadBuffersBounded(t *testing.T) {
	const (
		clients = 24
		limit   = 1 << 20
		sent    = 900 << 10 // of a message of limit-100 bytes
		bound   = 4 << 20
	)
	naive := uint64(clients * sent)
	for _, tt := range []struct {
		name    string
		buffers *Buffers
	}{
		{"bounded", NewBuffers(bound, 0)},
		{"unbounded", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOptions(nil)
			opts.Limits.MaxClientMessage = limit
			opts.IdleTimeout = 2 * waitLimit
			opts.Buffers = tt.buffers
			opts.BufferWait = 50 * time.Millisecond // how long a client waits for room: the test holds up to none
			url, _ := serve(t, opts)
			before := heapAfterGC()

			// Each client from an address of its own: UsedBy tells what
			// the server holds for it.
			cs := make([]*rawClient, clients)
			ips := make([]string, clients)
			for i := range cs {
				ips[i] = fmt.Sprintf("127.0.0.%d", 10+i)
				cs[i] = dialRawFrom(t, url, ips[i])
				cs[i].hello()
			}
			frame := partialMessage(limit-100, sent)
			var mu sync.Mutex
			closed := map[int]string{} // the clients closed, with how
			for i, c := range cs {
				go func() {
					_, _ = c.conn.Write(frame) // a client closed as it writes reads its close below
				}()
				go func() {
					how := closeOf(c)
					mu.Lock()
					closed[i] = how
					mu.Unlock()
				}()
			}
			// Settled: each client closed, or all it sent held.
			deadline := time.Now().Add(waitLimit)
			for {
				mu.Lock()
				settled := 0
				for i := range cs {
					if _, ok := closed[i]; ok || tt.buffers.UsedBy(ips[i]+":1") == limit || tt.buffers == nil {
						settled++
					}
				}
				mu.Unlock()
				if settled == clients {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d of %d clients settled", settled, clients)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if tt.buffers == nil {
				// Nothing to watch: wait until the server's heap holds
				// what was sent (or the deadline, and fail below).
				for heapAfterGC() < before+naive*3/4 && time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
				}
			}
			grown := heapAfterGC() - before
			mu.Lock()
			t.Logf("%d clients sent %d KiB each of a message: the heap grew by %d KiB (naive: %d KiB); %d closed",
				clients, sent>>10, grown>>10, naive>>10, len(closed))
			mu.Unlock()

			if tt.buffers == nil {
				if grown < naive*3/4 {
					t.Errorf("without a bound the heap grew by %d KiB: the test does not see the naive cost of %d KiB", grown>>10, naive>>10)
				}
				return
			}
			if peak := tt.buffers.Peak(); peak > bound {
				t.Errorf("the server held %d bytes at most, over its bound of %d", peak, bound)
			}
			if grown > naive/2 {
				t.Errorf("the heap grew by %d KiB, over half the naive %d KiB (bound %d KiB)", grown>>10, naive>>10, bound>>10)
			}
			mu.Lock()
			want := fmt.Sprintf("%d %q after Bye %q", websocket.StatusTryAgainLater, ReasonBusy, ReasonBusy)
			for i, how := range closed {
				if how != want {
					t.Errorf("client %d closed with %s, want %s", i, how, want)
				}
			}
			if len(closed) == 0 {
				t.Errorf("%d clients of %d KiB held within %d KiB: none closed", clients, sent>>10, bound>>10)
			}
			mu.Unlock()

			// The hostile clients leave; an honest one sends a message of
			// the largest size, and it is read and answered.
			for _, c := range cs {
				_ = c.conn.Close()
			}
			for tt.buffers.Used() > 0 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			honest := dialRawFrom(t, url, "127.0.0.9")
			honest.hello()
			orders := binary.BigEndian.AppendUint32([]byte{0xc6}, limit-64) // a msgpack bin 32
			big := mustFrame(t, 2, &protocol.SubmitOrders{Orders: append(orders, make([]byte, limit-64)...)})
			if len(big) > limit || len(big) < limit-64 {
				t.Fatalf("a frame of %d bytes, want nearly %d", len(big), limit)
			}
			honest.write(clientFrame(true, opBinary, big))
			op, payload := honest.readFrame()
			if _, msg, err := protocol.DefaultLimits().ReadServer(payload); op != opBinary || err != nil || msg.MessageType() != protocol.TypePong {
				t.Errorf("the honest client's message of %d bytes: answered with opcode %d, %v, %v", len(big), op, msg, err)
			}
		})
	}
}

// heapAfterGC returns the bytes of the heap's live objects.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// closeOf reads c's frames until the server's close frame, answers it, and
// returns "STATUS REASON after Bye BYE"; or how the reading failed (the
// test closing the connection). It may run on any goroutine.
func closeOf(c *rawClient) string {
	var bye string
	for {
		op, payload, err := readServerFrame(c.r)
		switch {
		case err != nil:
			return err.Error()
		case op == opClose && len(payload) >= 2:
			_, _ = c.conn.Write(clientFrame(true, opClose, payload[:2]))
			return fmt.Sprintf("%d %q after Bye %q", binary.BigEndian.Uint16(payload), payload[2:], bye)
		case op == opBinary:
			if _, msg, err := protocol.DefaultLimits().ReadServer(payload); err == nil {
				if b, ok := msg.(*protocol.Bye); ok {
					bye = b.Reason
				}
			}
		}
	}
}

// TestReadBuffersPerAddress: while one connection of an address holds
// all its address may, another connection of the same address waits for
// room for even a small message, then is closed with status 1013 and
// ReasonAddressBusy; a connection of another address is read at once.
func TestReadBuffersPerAddress(t *testing.T) {
	const limit = 64 << 10
	opts := testOptions(nil)
	opts.Limits.MaxClientMessage = limit
	opts.Buffers = NewBuffers(0, limit)
	opts.BufferWait = 50 * time.Millisecond
	url, _ := serve(t, opts)
	hog := dialRawFrom(t, url, "127.0.0.2")
	hog.hello()
	hog.write(partialMessage(limit, limit-10))
	for deadline := time.Now().Add(waitLimit); opts.Buffers.UsedBy("127.0.0.2") < limit; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server holds %d bytes for the hog, want %d", opts.Buffers.UsedBy("127.0.0.2"), limit)
		}
	}

	other := dialRawFrom(t, url, "127.0.0.3")
	other.hello()
	neighbour := dialRawFrom(t, url, "127.0.0.2")
	neighbour.write(clientFrame(true, opBinary, mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Bob"})))
	want := fmt.Sprintf("%d %q after Bye %q", websocket.StatusTryAgainLater, ReasonAddressBusy, ReasonAddressBusy)
	if have := closeOf(neighbour); have != want {
		t.Errorf("the hog's neighbour: closed with %s, want %s", have, want)
	}
	other.write(clientFrame(true, opBinary, mustFrame(t, 2, &protocol.Ping{})))
	if op, payload := other.readFrame(); op != opBinary || len(payload) == 0 {
		t.Errorf("another address's Ping: answered with opcode %d", op)
	}
}
