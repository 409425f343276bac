package wsconn

import (
	"errors"
	"fmt"
	"io"
	"net/netip"
	"sync"
	"time"
)

// Buffers keeps the accounts of the memory a server's connections hold for
// client messages still arriving: each connection reads a message into a
// buffer it grows as the bytes come, and takes the room for each growth
// from Buffers first, giving it all back once the message is handled. At
// most Max bytes are held by the whole server and PerAddress by the
// connections of one network address (an IPv4 address, or an IPv6
// address's /64); 0 is no limit. A connection that finds no room waits for
// some (it reads nothing meanwhile: its client's sends slow down, as on a
// slow link) and is closed with ReasonBusy if none comes in time.
//
// Its methods may be called from any goroutine. A nil *Buffers keeps no
// accounts and limits nothing.
type Buffers struct {
	max, perAddress int64

	mu     sync.Mutex // guards the fields below
	used   int64
	peak   int64 // the most used has been
	byAddr map[string]int64
	// freed is closed, and replaced, when room is given back while
	// waiting connections wait for it.
	freed   chan struct{}
	waiting int
}

// NewBuffers returns the accounts of a server whose connections may hold
// max bytes of unfinished messages together and perAddress from one
// address (0: no limit).
func NewBuffers(max, perAddress int64) *Buffers {
	return &Buffers{max: max, perAddress: perAddress, byAddr: make(map[string]int64), freed: make(chan struct{})}
}

// Used returns the bytes held now by every connection.
func (b *Buffers) Used() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Peak returns the most bytes held at once since b was made.
func (b *Buffers) Peak() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

// UsedBy returns the bytes held now by the connections of remote's
// address (remote as Conn.Remote gives it).
func (b *Buffers) UsedBy(remote string) int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.byAddr[AddressKey(remote)]
}

// Errors of a connection that found no room for its message.
var (
	errServerFull  = errors.New("no room in the server's read buffers")
	errAddressFull = errors.New("no room in the read buffers of the client's address")
)

// errGivenUp is why a connection that closed while it waited for room
// read no more.
var errGivenUp = errors.New("the connection closed while it waited for room to read")

// reserve takes n bytes for the connections of address addr (AddressKey;
// "" counts against the server's limit only), waiting up to wait for
// room. It returns errServerFull or errAddressFull if none came in time,
// errGivenUp if done was closed first.
func (b *Buffers) reserve(done <-chan struct{}, addr string, n int64, wait time.Duration) error {
	if b == nil || n <= 0 {
		return nil
	}
	var timeout <-chan time.Time
	for {
		b.mu.Lock()
		err := b.fits(addr, n)
		if err == nil {
			b.used += n
			b.peak = max(b.peak, b.used)
			if addr != "" {
				b.byAddr[addr] += n
			}
			b.mu.Unlock()
			return nil
		}
		freed := b.freed
		b.waiting++
		b.mu.Unlock()
		if timeout == nil {
			t := time.NewTimer(wait)
			defer t.Stop()
			timeout = t.C
		}
		var end error
		select {
		case <-freed:
		case <-timeout:
			end = err
		case <-done:
			end = errGivenUp
		}
		b.mu.Lock()
		b.waiting--
		b.mu.Unlock()
		if end != nil {
			return end
		}
	}
}

// fits reports why n more bytes for addr do not fit now, nil if they do.
// b.mu is held.
func (b *Buffers) fits(addr string, n int64) error {
	switch {
	case b.max > 0 && b.used+n > b.max:
		return errServerFull
	case b.perAddress > 0 && addr != "" && b.byAddr[addr]+n > b.perAddress:
		return errAddressFull
	}
	return nil
}

// release gives back n bytes of addr's, and wakes whoever waits for room.
func (b *Buffers) release(addr string, n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	if addr != "" {
		if b.byAddr[addr] -= n; b.byAddr[addr] <= 0 {
			delete(b.byAddr, addr)
		}
	}
	if b.waiting > 0 {
		close(b.freed)
		b.freed = make(chan struct{})
	}
}

// AddressKey returns the key of a remote address ("host:port", or a
// host) for limits kept per address: the host, or for an IPv6 host its
// /64 (what one subscriber usually holds); "" if remote is no address.
func AddressKey(remote string) string {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		a, err := netip.ParseAddr(remote)
		if err != nil {
			return ""
		}
		ap = netip.AddrPortFrom(a, 0)
	}
	a := ap.Addr().Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return ""
	}
	return p.String()
}

// firstRead is the room a message's buffer starts with: most messages fit.
const firstRead = 512

// readMessage reads a message of at most limit bytes from r into a buffer
// that starts at firstRead bytes and doubles (up to limit) when full,
// taking the room for each growth from b first (for a moment the buffer
// it grew from is live too, until the collector takes it); a wait for room
// ends when done is closed. It calls
// progress after each read that brought bytes. It returns the message and
// the room it holds, to be given back with b.release once the message is
// handled; on an error it has given the room back.
func (b *Buffers) readMessage(done <-chan struct{}, r io.Reader, addr string, limit int64, wait time.Duration, progress func()) (msg []byte, held int64, err error) {
	defer func() {
		if err != nil {
			b.release(addr, held)
			msg, held = nil, 0
		}
	}()
	for {
		if int64(len(msg)) == int64(cap(msg)) {
			if int64(cap(msg)) >= limit {
				// Full at the limit: the message must end here.
				var probe [1]byte
				n, err := r.Read(probe[:])
				switch {
				case n > 0:
					return msg, held, fmt.Errorf("message over %d bytes", limit)
				case err == io.EOF:
					return msg, held, nil
				case err != nil:
					return msg, held, err
				}
				continue
			}
			grown := min(max(2*int64(cap(msg)), firstRead), max(limit, firstRead))
			if err := b.reserve(done, addr, grown-int64(cap(msg)), wait); err != nil {
				return msg, held, err
			}
			held = grown
			bigger := make([]byte, len(msg), grown)
			copy(bigger, msg)
			msg = bigger
		}
		n, err := r.Read(msg[len(msg):cap(msg)])
		msg = msg[:len(msg)+n]
		if n > 0 {
			progress()
		}
		if err == io.EOF {
			return msg, held, nil
		}
		if err != nil {
			return msg, held, err
		}
	}
}
