package host

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/assets"
	"empires/server/store"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// waitLimit only keeps a broken test from hanging.
const waitLimit = 2 * time.Minute

// loadBuiltin loads the build's own rulesets once: they are only read.
var loadBuiltin = sync.OnceValues(registry.Default)

// builtin returns the build's own rulesets (registry.Default).
func builtin(tb testing.TB) *ruleset.Registry {
	tb.Helper()
	r, err := loadBuiltin()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// testConfig is a loopback server's configuration with short timings,
// playing the build's own rulesets.
func testConfig(tb testing.TB) Config {
	cfg := DefaultConfig()
	cfg.Rulesets, cfg.Builtin = builtin(tb), builtin(tb)
	cfg.Name = "test server"
	cfg.Conn = wsconn.Options{HelloTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second}
	cfg.ShutdownTimeout = waitLimit
	return cfg
}

// hello dials url, says Hello and returns the connection and the server's
// answer to it.
func hello(t *testing.T, url string) (*websocket.Conn, protocol.Message) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { _ = ws.CloseNow() })
	frame, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Alice"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		t.Fatalf("send Hello: %v", err)
	}
	return ws, read(t, ws)
}

// read reads the next message from the server.
func read(t *testing.T, ws *websocket.Conn) protocol.Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	_, frame, err := ws.Read(ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	_, msg, err := protocol.DefaultLimits().ReadServer(frame)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	return msg
}

func TestStartURLStop(t *testing.T) {
	r, err := Start(testConfig(t), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := r.Addr().(*net.TCPAddr).Port
	if want := "ws://127.0.0.1:" + strconv.Itoa(port) + "/ws"; r.URL() != want {
		t.Fatalf("URL %q, want %q", r.URL(), want)
	}
	ws, msg := hello(t, r.URL())
	w, ok := msg.(*protocol.Welcome)
	if !ok || w.Version != protocol.Version || w.Server != "test server" || len(w.Rulesets) == 0 || w.Rulesets[0].ID != "erfworld" ||
		w.Rulesets[0].Modded {
		t.Fatalf("answer to Hello: %#v, want a Welcome from %q with erfworld, not modded", msg, "test server")
	}

	stopped := make(chan error, 1)
	go func() { stopped <- r.Stop() }()
	if bye, ok := read(t, ws).(*protocol.Bye); !ok || bye.Reason != wsconn.ReasonShutdown {
		t.Errorf("after Stop the client got %#v, want Bye %q", bye, wsconn.ReasonShutdown)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Errorf("after Bye: %v, want the close frame %v", err, websocket.StatusGoingAway)
	}
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatalf("Stop: %v", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("Stop did not return")
	}
	select {
	case <-r.Done():
	default:
		t.Error("Done is not closed after Stop")
	}
	if c, err := net.DialTimeout("tcp", r.Addr().String(), time.Second); err == nil {
		c.Close()
		t.Fatalf("the port %s is still open after Stop", r.Addr())
	}
	if err := r.Stop(); err != nil {
		t.Fatalf("second Stop: %v", err)
	}
}

// TestStopWith: a host that ends its game stops the server with
// protocol.ReasonHostEnded, and every client connected hears it in its
// Bye and the close frame, not "server shutting down" (after which a
// client reconnects).
func TestStopWith(t *testing.T) {
	r, err := Start(testConfig(t), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var clients []*websocket.Conn
	for range 2 {
		ws, msg := hello(t, r.URL())
		if _, ok := msg.(*protocol.Welcome); !ok {
			t.Fatalf("answer to Hello: %#v", msg)
		}
		clients = append(clients, ws)
	}
	stopped := make(chan error, 1)
	go func() { stopped <- r.StopWith(protocol.ReasonHostEnded) }()
	for i, ws := range clients {
		if bye, ok := read(t, ws).(*protocol.Bye); !ok || bye.Reason != protocol.ReasonHostEnded {
			t.Errorf("client %d got %#v, want Bye %q", i, bye, protocol.ReasonHostEnded)
		}
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		_, _, err := ws.Read(ctx)
		cancel()
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason != protocol.ReasonHostEnded {
			t.Errorf("client %d after Bye: %v, want the close frame %v %q", i, err, websocket.StatusGoingAway, protocol.ReasonHostEnded)
		}
	}
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatalf("StopWith: %v", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("StopWith did not return")
	}
	if err := r.StopWith("too late"); err != nil {
		t.Fatalf("a second StopWith: %v", err)
	}
}

func TestURL(t *testing.T) {
	tests := []struct {
		have net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4000}, "ws://127.0.0.1:4000/ws"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 7777}, "ws://127.0.0.1:7777/ws"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 7777}, "ws://127.0.0.1:7777/ws"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 7777}, "ws://[::1]:7777/ws"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 80}, "ws://192.168.1.20:80/ws"},
	}
	for _, tt := range tests {
		if have := (&Running{addr: tt.have}).URL(); have != tt.want {
			t.Errorf("URL of %v: have %q, want %q", tt.have, have, tt.want)
		}
	}
}

func TestStartFails(t *testing.T) {
	if _, err := Start(testConfig(t), "127.0.0.1:-1"); err == nil || !strings.Contains(err.Error(), "listen on 127.0.0.1:-1") {
		t.Errorf("bad address: %v, want a listen error", err)
	}
	cfg := testConfig(t)
	cfg.Rulesets = nil
	if _, err := Start(cfg, "127.0.0.1:0"); err == nil || !strings.Contains(err.Error(), "no rulesets") {
		t.Errorf("no rulesets: %v, want an error saying so", err)
	}
	cfg = testConfig(t)
	cfg.ReadBuffersPerAddr = 1000
	want := "host: ReadBuffersPerAddr of 1000 bytes: must be 0 (no bound) or at least MaxClientMessage (1048576 bytes)"
	if _, err := Start(cfg, "127.0.0.1:0"); err == nil || err.Error() != want {
		t.Errorf("read buffers below a message: %v, want %q", err, want)
	}
}

// TestWelcomeWork: a server whose limits give no work budget announces,
// and enforces, the one of its message limits (protocol's WithWork).
func TestWelcomeWork(t *testing.T) {
	cfg := testConfig(t)
	cfg.Limits = protocol.Limits{MaxClientMessage: 64 << 10, MaxServerMessage: 8 << 20, MaxOrders: 100, MessagesPerSecond: 2, Burst: 3}
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Stop() }()
	ws, msg := hello(t, r.URL())
	defer func() { _ = ws.CloseNow() }() // before the Stop: it need not wait for this client
	w, ok := msg.(*protocol.Welcome)
	work := 128 + 4*512*512 // a view of the largest map, dearer than a frame of 64 KiB
	if !ok || w.Limits.WorkBurst != 3*work || w.Limits.WorkPerSecond != 2*work {
		t.Fatalf("answer to Hello: %#v, want a Welcome with a work budget of %d at once, %d a second", msg, 3*work, 2*work)
	}
}

func TestDataDirIsCreated(t *testing.T) {
	cfg := testConfig(t)
	cfg.DataDir = filepath.Join(t.TempDir(), "a", "b")
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if info, err := os.Stat(cfg.DataDir); err != nil || !info.IsDir() {
		t.Fatalf("data directory: %v", err)
	}
	if _, err := New(Config{Rulesets: builtin(t), DataDir: filepath.Join(cfg.DataDir, "x\x00")}); err == nil || !strings.Contains(err.Error(), "data directory") {
		t.Errorf("bad data directory: %v", err)
	}
}

// TestHandler serves the handler with a server of the test's own, and
// checks the health check before and after Close.
func TestHandler(t *testing.T) {
	s, err := New(testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	get := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get(hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		path string
		code int
		want string
	}{
		{"/", http.StatusOK, `Empires server "test server": connect a client to ws://`},
		{"/healthz", http.StatusOK, `"status":"ok","games":0,"running":0,"connections":0`},
		{"/nope", http.StatusNotFound, ""},
		{"/ws", http.StatusUpgradeRequired, ""}, // not a websocket request
	} {
		if code, body := get(tt.path); code != tt.code || !strings.Contains(body, tt.want) {
			t.Errorf("GET %s: %d %q, want %d with %q", tt.path, code, body, tt.code, tt.want)
		}
	}
	s.Close()
	s.Close() // only the first counts
	if code, body := get("/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "shutting down") {
		t.Errorf("healthz after Close: %d %q, want 503 shutting down", code, body)
	}
	if code, body := get("/ws"); code != http.StatusServiceUnavailable || !strings.Contains(body, "shutting down") {
		t.Errorf("ws after Close: %d %q, want 503 shutting down", code, body)
	}
}

func TestMaxConns(t *testing.T) {
	cfg := testConfig(t)
	cfg.MaxConns = 1
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := r.Stop(); err != nil {
			t.Error(err)
		}
	}()
	ws, msg := hello(t, r.URL())
	if msg.MessageType() != protocol.TypeWelcome {
		t.Fatalf("the first connection got %#v, want Welcome", msg)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	go func() { // read on, to answer the close at Stop
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}()
	_, resp, err := websocket.Dial(ctx, r.URL(), nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the second connection: %v, want 503", err)
	}
	b, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(b), "too many connections") {
		t.Errorf("the second connection's answer %q, want too many connections", b)
	}
}

// TestNoResume: a server on a data directory resumes the unfinished games
// saved there, unless NoResume (the desktop client's own server, whose
// saved games are for replays), which resumes only those named in Resume;
// either way the games stay saved.
func TestNoResume(t *testing.T) {
	dir := t.TempDir()
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	set := protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 2, Bots: 1}
	rs, _ := builtin(t).Get(set.Ruleset)
	g, err := rs.New(set.Config([]string{"Ann", "Bot"}))
	if err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: "t0k3n-of-ann-0123456789abcdef"}, {Seat: 2, Name: "Bot", Bot: true}}
	if err := st.SaveGame(1, set, seats); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveState(1, store.State{Seq: g.Step().Seq, Save: save}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		noResume bool
		resume   []protocol.GameID
		want     int
	}{{true, nil, 0}, {true, []protocol.GameID{1}, 1}, {true, []protocol.GameID{2}, 0}, {false, nil, 1}}
	for _, tt := range tests {
		cfg := testConfig(t)
		cfg.DataDir, cfg.NoResume, cfg.Resume = dir, tt.noResume, tt.resume
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if have := s.lobby.Stats().Games; have != tt.want {
			t.Errorf("NoResume %v, Resume %v: %d games in the lobby, want %d", tt.noResume, tt.resume, have, tt.want)
		}
		s.Close()
	}
}

// TestWelcomeModded: a server whose rulesets hold a mod (registry.New of a
// mod directory) says so in Welcome, with the mod's hash, and sends the
// mod's data to a client that asks for it; the same server without
// Builtin marks nothing modded.
func TestWelcomeModded(t *testing.T) {
	data, err := fs.ReadFile(assets.Rules(), erfworld.File)
	if err != nil {
		t.Fatal(err)
	}
	const old, edited = "\nschmuckers = 0\n", "\nschmuckers = 500\n"
	if n := bytes.Count(data, []byte(old)); n != 1 {
		t.Fatalf("%q occurs %d times in %s, want once", old, n, erfworld.File)
	}
	data = bytes.Replace(data, []byte(old), []byte(edited), 1)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	mod, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		builtin *ruleset.Registry
		modded  bool
	}{{"with Builtin", builtin(t), true}, {"without", nil, false}} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := testConfig(t)
			cfg.Rulesets, cfg.Builtin = mod, tt.builtin
			r, err := Start(cfg, "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := r.Stop(); err != nil {
					t.Error(err)
				}
			}()
			ws, msg := hello(t, r.URL())
			defer ws.CloseNow() // before Stop, which need not wait for its close handshake
			w, ok := msg.(*protocol.Welcome)
			if !ok || len(w.Rulesets) != len(mod.IDs()) {
				t.Fatalf("answer to Hello: %#v, want a Welcome with the %d rulesets", msg, len(mod.IDs()))
			}
			if in := w.Rulesets[1]; in.ID != "erfpires" || in.Modded {
				t.Errorf("erfpires in Welcome: %q, modded %v; want it second, not modded", in.ID, in.Modded)
			}
			if in := w.Rulesets[0]; in.ID != "erfworld" || in.Hash != ruleset.HashData(data) || in.Modded != tt.modded {
				t.Fatalf("erfworld in Welcome: %q, hash %s, modded %v; want the mod's hash %s, modded %v",
					in.ID, in.Hash, in.Modded, ruleset.HashData(data), tt.modded)
			}
			ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
			defer cancel()
			frame, err := protocol.Marshal(2, 0, &protocol.GetRules{Ruleset: "erfworld"})
			if err != nil {
				t.Fatal(err)
			}
			if err := ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
				t.Fatal(err)
			}
			rd, ok := read(t, ws).(*protocol.RulesData)
			if !ok || rd.Hash != ruleset.HashData(data) || !bytes.Equal(rd.Data, data) {
				t.Fatalf("answer to GetRules: %T, want RulesData with the mod's %d bytes", rd, len(data))
			}
		})
	}
}
