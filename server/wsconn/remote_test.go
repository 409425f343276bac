package wsconn

import (
	"context"
	"net"
	"testing"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// TestRemote: a connection knows its client's network address, the one
// the HTTP request came from, so that limits can be kept per address.
func TestRemote(t *testing.T) {
	if have, want := NewDetachedFrom(testOptions(nil), "192.0.2.7:4567").Remote(), "192.0.2.7:4567"; have != want {
		t.Errorf("detached connection from %q: Remote %q", want, have)
	}
	if have := NewDetached(testOptions(nil)).Remote(); have != "" {
		t.Errorf("detached connection: Remote %q, want none", have)
	}

	accepted := make(chan *echo, 1)
	url, _ := serve(t, testOptions(accepted))
	ws := dial(t, url)
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageBinary, mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"})); err != nil {
		t.Fatal(err)
	}
	e := <-accepted
	host, _, err := net.SplitHostPort(e.c.Remote())
	if err != nil || net.ParseIP(host) == nil || !net.ParseIP(host).IsLoopback() {
		t.Errorf("Remote %q: want the loopback address and a port (%v)", e.c.Remote(), err)
	}
}

// TestRemoteGiven: a server behind a trusted proxy gives Accept the
// client's address the proxy names (Options.Remote); the connection goes
// by it rather than by the proxy's.
func TestRemoteGiven(t *testing.T) {
	accepted := make(chan *echo, 1)
	opts := testOptions(accepted)
	opts.Remote = "203.0.113.5"
	url, _ := serve(t, opts)
	ws := dial(t, url)
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageBinary, mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"})); err != nil {
		t.Fatal(err)
	}
	e := <-accepted
	if have, want := e.c.Remote(), "203.0.113.5"; have != want {
		t.Errorf("Remote %q, want %q (Options.Remote)", have, want)
	}
}
