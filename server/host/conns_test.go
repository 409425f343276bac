package host

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// TestConnsPerAddr: an address may have ConnsPerAddr connections at once;
// one more is refused with 503 before the websocket opens, and another
// address is not.
func TestConnsPerAddr(t *testing.T) {
	cfg := testConfig(t)
	cfg.ConnsPerAddr = 2
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Error(err)
		}
	})
	// dialFrom dials from local address src and returns the HTTP answer
	// of a refused upgrade (nil when the websocket opened).
	dialFrom := func(src string) *http.Response {
		t.Helper()
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}}
		tr := &http.Transport{DialContext: d.DialContext}
		t.Cleanup(tr.CloseIdleConnections)
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		defer cancel()
		ws, resp, err := websocket.Dial(ctx, r.URL(), &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}})
		if err != nil {
			if resp == nil {
				t.Fatalf("dial from %s: %v", src, err)
			}
			return resp
		}
		t.Cleanup(func() { _ = ws.CloseNow() })
		frame, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Mallory"})
		if err != nil {
			t.Fatal(err)
		}
		if err := ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
			t.Fatalf("send Hello from %s: %v", src, err)
		}
		if _, ok := read(t, ws).(*protocol.Welcome); !ok {
			t.Fatalf("from %s: no Welcome", src)
		}
		return nil
	}
	for range 2 {
		if resp := dialFrom("127.0.0.2"); resp != nil {
			t.Fatalf("a connection within the limit: HTTP %d", resp.StatusCode)
		}
	}
	resp := dialFrom("127.0.0.2")
	if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the third connection from one address: %v, want 503", resp)
	}
	b, _ := io.ReadAll(resp.Body)
	if want := "too many connections from your address (this server allows 2)"; !strings.Contains(string(b), want) {
		t.Errorf("the third connection's answer %q, want %q", b, want)
	}
	if resp := dialFrom("127.0.0.3"); resp != nil {
		t.Fatalf("a connection from another address: HTTP %d, want it open", resp.StatusCode)
	}
}
