package platformtest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// tap is a websocket proxy between clients and a server: it passes every
// frame on unchanged, both ways, and keeps every message the server sent
// down each connection, decoded, in the order it sent them. A test that
// points its clients at the tap sees every byte that left the server for
// them.
type tap struct {
	srv    *httptest.Server
	server string // the server's websocket URL
	active sync.WaitGroup
	// cut, if not nil, is asked after each message the server sends a
	// seated connection, with its seat and how many messages it has had:
	// the first time it says so, the tap drops that connection (its
	// client reconnects). Set before the first connection.
	cut     func(seat protocol.Seat, msgs int) bool
	cutOnce sync.Once

	mu    sync.Mutex
	conns []*tapped // guarded by mu
}

// tapped is what the server sent down one connection.
type tapped struct {
	msgs []protocol.Message
	// bad is the first frame the tap could not decode, or "".
	bad string
	// seat is the seat the server's last Joined gave, if seated.
	seat   protocol.Seat
	seated bool
}

// newTap starts a tap in front of the server at url (ws://.../ws), closed
// when the test ends.
func newTap(t *testing.T, url string) *tap {
	t.Helper()
	p := &tap{server: url}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

// URL returns the websocket URL clients dial to go through the tap.
func (p *tap) URL() string { return "ws" + strings.TrimPrefix(p.srv.URL, "http") + "/ws" }

// serve proxies one websocket connection until either side closes it.
func (p *tap) serve(w http.ResponseWriter, r *http.Request) {
	p.active.Add(1)
	defer p.active.Done()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	up, _, err := websocket.Dial(ctx, p.server, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer up.CloseNow()
	down, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer down.CloseNow()
	up.SetReadLimit(-1)
	down.SetReadLimit(-1)
	rec := &tapped{}
	go func() {
		defer cancel()
		pump(ctx, down, up, nil, nil)
	}()
	pump(ctx, up, down, rec, func() bool {
		cut := false
		if p.cut != nil && rec.seated && p.cut(rec.seat, len(rec.msgs)) {
			p.cutOnce.Do(func() { cut = true })
		}
		return cut
	})
	cancel()
	p.mu.Lock()
	p.conns = append(p.conns, rec)
	p.mu.Unlock()
}

// pump copies messages from src to dst until either fails, keeping each
// one decoded in rec if rec is not nil, or until stop, if not nil, says
// so after a message.
func pump(ctx context.Context, src, dst *websocket.Conn, rec *tapped, stop func() bool) {
	for {
		typ, data, err := src.Read(ctx)
		if err != nil {
			return
		}
		if rec != nil {
			rec.keep(data)
		}
		if err := dst.Write(ctx, typ, data); err != nil {
			return
		}
		if stop != nil && stop() {
			return
		}
	}
}

// keep decodes a frame the server sent and keeps its message.
func (rec *tapped) keep(frame []byte) {
	env, err := protocol.Decode(frame, 0)
	var msg protocol.Message
	if err == nil {
		msg, err = protocol.DecodeBody(env)
	}
	if err != nil {
		if rec.bad == "" {
			rec.bad = fmt.Sprintf("frame %d: %v", len(rec.msgs), err)
		}
		return
	}
	rec.msgs = append(rec.msgs, msg)
	if j, ok := msg.(*protocol.Joined); ok {
		rec.seat, rec.seated = j.Seat, true
	}
}

// connections waits until every connection through the tap has closed
// and returns what the server sent down each.
func (p *tap) connections() []*tapped {
	p.active.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.conns
}
