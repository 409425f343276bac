package host

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"empires/server/internal/logbuf"
	"empires/server/internal/realip"
	"empires/server/match/matchtest"
	"empires/shared/protocol"
)

// fakeProxy starts a reverse proxy on loopback in front of the server at
// wsURL and returns its own websocket URL. Like nginx with
// $proxy_add_x_forwarded_for, it appends the address each request came
// from to the X-Forwarded-For the request had; it reaches the server from
// 127.0.0.1.
func fakeProxy(t *testing.T, wsURL string) string {
	t.Helper()
	target, err := url.Parse("http" + strings.TrimPrefix(wsURL, "ws"))
	if err != nil {
		t.Fatal(err)
	}
	target.Path = ""
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		host, _, _ := net.SplitHostPort(pr.In.RemoteAddr)
		pr.Out.Header["X-Forwarded-For"] = append(slices.Clone(pr.In.Header["X-Forwarded-For"]), host)
	}}
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
}

// proxyClient is a websocket client of TestTrustedProxy.
type proxyClient struct {
	t   *testing.T
	ws  *websocket.Conn
	seq uint32
}

// connectFrom dials wsURL from local address src with the extra header h
// and says Hello. It returns the client, or the HTTP answer of a refused
// upgrade.
func connectFrom(t *testing.T, src, wsURL string, h http.Header) (*proxyClient, *http.Response) {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}}
	tr := &http.Transport{DialContext: d.DialContext}
	t.Cleanup(tr.CloseIdleConnections)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}, HTTPHeader: h})
	if err != nil {
		if resp == nil {
			t.Fatalf("dial %s from %s: %v", wsURL, src, err)
		}
		return nil, resp
	}
	t.Cleanup(func() { _ = ws.CloseNow() })
	c := &proxyClient{t: t, ws: ws}
	c.send(&protocol.Hello{Version: protocol.Version, Name: "Player"})
	if m, ok := c.answer().(*protocol.Welcome); !ok {
		t.Fatalf("from %s: %T to Hello, want Welcome", src, m)
	}
	return c, nil
}

func (c *proxyClient) send(msg protocol.Message) {
	c.t.Helper()
	c.seq++
	frame, err := protocol.Marshal(c.seq, 0, msg)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		c.t.Fatalf("send %T: %v", msg, err)
	}
}

// answer returns the next Welcome, Joined or Error, skipping the lobby's
// other news.
func (c *proxyClient) answer() protocol.Message {
	c.t.Helper()
	for {
		switch m := read(c.t, c.ws).(type) {
		case *protocol.Welcome, *protocol.Joined, *protocol.Error:
			return m
		}
	}
}

// guess sends a JoinGame with a wrong password and returns the error code
// and message of the answer.
func (c *proxyClient) guess(game protocol.GameID) (protocol.ErrorCode, string) {
	c.t.Helper()
	c.send(&protocol.JoinGame{Game: game, Password: "guess"})
	e, ok := c.answer().(*protocol.Error)
	if !ok {
		c.t.Fatalf("a wrong password: no Error")
	}
	return e.Code, e.Message
}

// TestTrustedProxy (the test behind a fake proxy): with
// -trusted-proxy 127.0.0.1, the per-address connection limit counts each
// real client address behind the proxy separately (two of them get two
// full quotas, although the proxy is one peer), a client's forged
// X-Forwarded-For through the proxy does not move it off its address, a
// client connecting directly with a forged X-Forwarded-For is counted at
// its own address, and the password backoff and the logs go by the real
// address.
func TestTrustedProxy(t *testing.T) {
	var logs logbuf.Buffer
	cfg := testConfig(t)
	cfg.ConnsPerAddr = 3
	cfg.Clock = matchtest.NewClock() // the password waits stay where they are
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	var err error
	if cfg.TrustedProxies, err = realip.ParseProxies("127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Error(err)
		}
	})
	proxy := fakeProxy(t, r.URL())
	forged := func(addr string) http.Header { return http.Header{"X-Forwarded-For": {addr}} }
	refused := func(what string, resp *http.Response) {
		t.Helper()
		if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("%s: %v, want 503", what, resp)
		}
		b, _ := io.ReadAll(resp.Body)
		if want := "too many connections from your address (this server allows 3)"; !strings.Contains(string(b), want) {
			t.Errorf("%s: answer %q, want %q", what, b, want)
		}
	}

	// Connections per address, through the proxy: 127.0.0.2 and 127.0.0.3
	// have three each, six from the proxy's one address.
	for _, src := range []string{"127.0.0.2", "127.0.0.3"} {
		for i := range 3 {
			if _, resp := connectFrom(t, src, proxy, nil); resp != nil {
				t.Fatalf("connection %d of real address %s through the proxy: HTTP %d, want it open", i+1, src, resp.StatusCode)
			}
		}
		_, resp := connectFrom(t, src, proxy, nil)
		refused("a fourth connection of real address "+src+" through the proxy", resp)
	}
	// The proxy appends the real address: a forged one on its left is
	// never read.
	_, resp := connectFrom(t, "127.0.0.2", proxy, forged("127.0.0.99"))
	refused("a fourth connection of 127.0.0.2 through the proxy claiming to be 127.0.0.99", resp)

	// A direct client is no trusted proxy: its X-Forwarded-For is ignored,
	// whatever address each connection claims.
	for i := range 3 {
		if _, resp := connectFrom(t, "127.0.0.4", r.URL(), forged("10.0.0."+string(rune('1'+i)))); resp != nil {
			t.Fatalf("direct connection %d of 127.0.0.4: HTTP %d, want it open", i+1, resp.StatusCode)
		}
	}
	_, resp = connectFrom(t, "127.0.0.4", r.URL(), forged("10.0.0.9"))
	refused("a fourth direct connection of 127.0.0.4 claiming to be 10.0.0.9", resp)

	// The password backoff per address (10 wrong passwords free, 3 on a
	// connection): 11 wrong ones from real address 127.0.0.5, on three
	// connections through the proxy, make its next guess wait; one from
	// 127.0.0.6 through the same proxy does not.
	ann, _ := connectFrom(t, "127.0.0.8", r.URL(), nil)
	ann.send(&protocol.CreateGame{Settings: protocol.Settings{Name: "locked", Ruleset: "erfworld",
		Width: 24, Height: 24, Seed: 7, Seats: 2, Password: "sesame"}})
	joined, ok := ann.answer().(*protocol.Joined)
	if !ok {
		t.Fatal("CreateGame: not Joined")
	}
	var guessers []*proxyClient
	for range 3 {
		c, resp := connectFrom(t, "127.0.0.5", proxy, nil)
		if resp != nil {
			t.Fatalf("a guesser through the proxy: HTTP %d", resp.StatusCode)
		}
		guessers = append(guessers, c)
	}
	for i, n := range []int{4, 4, 3} { // the fourth on a connection is the last it may make at once
		for range n {
			if code, msg := guessers[i].guess(joined.Game); code != protocol.BadPassword {
				t.Fatalf("guesser %d: %v %q, want BadPassword", i+1, code, msg)
			}
		}
	}
	if code, msg := guessers[2].guess(joined.Game); code != protocol.RateLimited || !strings.Contains(msg, "too many wrong passwords") {
		t.Errorf("127.0.0.5's twelfth guess, its connection's fourth: %v %q, want RateLimited: the address waits", code, msg)
	}
	other, resp := connectFrom(t, "127.0.0.6", proxy, nil)
	if resp != nil {
		t.Fatalf("127.0.0.6 through the proxy: HTTP %d", resp.StatusCode)
	}
	if code, msg := other.guess(joined.Game); code != protocol.BadPassword {
		t.Errorf("127.0.0.6's first guess through the same proxy: %v %q, want BadPassword: another address", code, msg)
	}

	// The logs name the real addresses, never the proxy's.
	text := logs.String()
	for _, want := range []string{
		`msg="connection refused: too many from its address" remote=127.0.0.2 `,
		`msg="connection refused: too many from its address" remote=127.0.0.4:`,
		`remote=127.0.0.5 name=Player game=1 wrong=3 wrong_from_address=11 wait=1s`,
		`remote=127.0.0.6 name=Player game=1 wrong=1 wrong_from_address=1 `,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the logs have no %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "remote=127.0.0.1") {
		t.Errorf("a log line names the proxy as the client:\n%s", text)
	}
}
