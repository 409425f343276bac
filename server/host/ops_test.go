package host_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/server/host"
	"empires/server/lobby"
	"empires/server/wsconn"
	"empires/shared/bot"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// opsWait only keeps a broken test from hanging.
const opsWait = 30 * time.Second

const adminToken = "s3cret-admin-token"

// startOps starts a loopback server with cfg and returns it and its base
// HTTP URL; the test stops it.
func startOps(t *testing.T, cfg host.Config) (*host.Running, string) {
	t.Helper()
	cfg.Name = "ops test"
	cfg.Conn = wsconn.Options{HelloTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second}
	cfg.ShutdownTimeout = opsWait
	if cfg.Rulesets == nil {
		reg, err := registry.Default()
		if err != nil {
			t.Fatal(err)
		}
		cfg.Rulesets, cfg.Builtin = reg, reg
	}
	r, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
	return r, "http://" + r.Addr().String()
}

// request makes an HTTP request and returns the status and the body.
func request(t *testing.T, method, url, token string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return resp.StatusCode, string(b)
}

// scrape returns the samples of GET /metrics, by name with their labels
// ("empires_games{state=\"running\"}").
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := request(t, http.MethodGet, base+"/metrics", "")
	if code != http.StatusOK {
		t.Fatalf("GET /metrics: %d %q", code, body)
	}
	samples := make(map[string]float64)
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if i < 0 || err != nil {
			t.Fatalf("metrics line %q: not a sample", line)
		}
		samples[line[:i]] = v
	}
	return samples
}

// TestMetrics plays a turn of a game of two bots over real websockets and
// checks the metrics moved.
func TestMetrics(t *testing.T) {
	r, base := startOps(t, host.DefaultConfig())
	before := scrape(t, base)
	if before[host.MetricConnectionsTotal] != 0 || before[host.MetricTurnsResolved] != 0 {
		t.Fatalf("a new server's metrics: %v", before)
	}

	ctx, cancel := context.WithTimeout(context.Background(), opsWait)
	defer cancel()
	set := protocol.Settings{Name: "metrics", Width: 24, Height: 24, Seed: 7, Seats: 2}
	opts := []bot.Options{
		{URL: r.URL(), Name: "Ann", Level: ruleset.Normal.String(), Create: &set, LastTurn: 1},
		{URL: r.URL(), Name: "Bob", Level: ruleset.Normal.String(), LastTurn: 1, ListInterval: 20 * time.Millisecond},
	}
	var wg sync.WaitGroup
	results := make([]bot.Result, len(opts))
	errs := make([]error, len(opts))
	for i, o := range opts {
		b, err := bot.New(o)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { results[i], errs[i] = b.Run(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("bot %s: %v", opts[i].Name, err)
		}
	}

	m := scrape(t, base)
	for _, name := range []string{
		host.MetricConnectionsOpen, host.MetricConnectionsTotal, host.MetricTurnsResolved,
		host.MetricTurnSeconds + "_count", host.MetricTurnSeconds + "_sum", host.MetricTurnSeconds + `_bucket{le="+Inf"}`,
		host.MetricBytesSent, host.MetricMessagesSent, host.MetricOrdersAccepted, host.MetricOrdersRejected,
		host.MetricRateLimited, host.MetricAITakeovers, host.MetricActionsPlayed, host.MetricActionsRefused,
		host.MetricActionSeconds + "_count",
		host.MetricGames + `{state="lobby"}`, host.MetricGames + `{state="running"}`, host.MetricGames + `{state="over"}`,
	} {
		if _, ok := m[name]; !ok {
			t.Errorf("no %s in /metrics", name)
		}
	}
	t.Logf("after a turn: %s %v, %s %v, %s %v, %s %v, %s %v", host.MetricConnectionsTotal, m[host.MetricConnectionsTotal],
		host.MetricTurnsResolved, m[host.MetricTurnsResolved], host.MetricBytesSent, m[host.MetricBytesSent],
		host.MetricMessagesSent, m[host.MetricMessagesSent], host.MetricOrdersAccepted, m[host.MetricOrdersAccepted])
	var received int64
	for _, res := range results {
		received += res.Bytes
	}
	for _, tt := range []struct {
		name string
		min  float64
	}{
		{host.MetricConnectionsTotal, 2},
		{host.MetricTurnsResolved, 1},
		{host.MetricTurnSeconds + "_count", 1},
		{host.MetricBytesSent, float64(received)},
		{host.MetricMessagesSent, 10},
		{host.MetricOrdersAccepted, 1},
		{host.MetricGames + `{state="running"}`, 1},
	} {
		if have := m[tt.name]; have < tt.min {
			t.Errorf("%s = %v, want at least %v", tt.name, have, tt.min)
		}
	}
	if have := m[host.MetricOrdersRejected]; have != 0 {
		t.Errorf("%s = %v, want 0: the AI's orders are valid", host.MetricOrdersRejected, have)
	}
	if have := m[host.MetricActionsPlayed]; have != 0 {
		t.Errorf("%s = %v, want 0: erfworld's turns are resolved, not acted", host.MetricActionsPlayed, have)
	}
}

// TestRateLimitedMetric: a message over the rate is counted.
func TestRateLimitedMetric(t *testing.T) {
	cfg := host.DefaultConfig()
	cfg.Limits.MessagesPerSecond, cfg.Limits.Burst = 1, 1
	r, base := startOps(t, cfg)
	c := dial(t, r.URL(), "Ann")
	c.send(&protocol.Ping{}) // the Hello took the only token
	if e := expect[*protocol.Error](c); e.Code != protocol.RateLimited {
		t.Fatalf("the ping over the rate got %+v, want RateLimited", e)
	}
	if have := scrape(t, base)[host.MetricRateLimited]; have != 1 {
		t.Fatalf("%s = %v, want 1", host.MetricRateLimited, have)
	}
}

// wsClient is a raw websocket client of the protocol.
type wsClient struct {
	t   *testing.T
	ws  *websocket.Conn
	seq uint32
}

// dial connects to url and says Hello as name.
func dial(t *testing.T, url, name string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), opsWait)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	ws.SetReadLimit(-1)
	t.Cleanup(func() { _ = ws.CloseNow() })
	c := &wsClient{t: t, ws: ws}
	c.send(&protocol.Hello{Version: protocol.Version, Name: name})
	expect[*protocol.Welcome](c)
	return c
}

func (c *wsClient) send(msg protocol.Message) {
	c.t.Helper()
	c.seq++
	frame, err := protocol.Marshal(c.seq, 0, msg)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opsWait)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		c.t.Fatalf("send %T: %v", msg, err)
	}
}

// read returns the next message, or the error that ended the connection.
func (c *wsClient) read() (protocol.Message, error) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), opsWait)
	defer cancel()
	_, frame, err := c.ws.Read(ctx)
	if err != nil {
		return nil, err
	}
	_, msg, err := protocol.DefaultLimits().ReadServer(frame)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return msg, nil
}

// expect reads messages until one of type M.
func expect[M protocol.Message](c *wsClient) M {
	c.t.Helper()
	for {
		msg, err := c.read()
		if err != nil {
			var m M
			c.t.Fatalf("waiting for %T: %v", m, err)
		}
		if m, ok := msg.(M); ok {
			return m
		}
	}
}

// startGame makes a game of one person (Ann) and a bot, started, and
// returns Ann's client, the game and her seat token.
func startGame(t *testing.T, url string) (*wsClient, protocol.GameID, protocol.SeatToken) {
	t.Helper()
	ann := dial(t, url, "Ann")
	ann.send(&protocol.CreateGame{Settings: protocol.Settings{Name: "admin test", Ruleset: "erfworld",
		Width: 24, Height: 24, Seed: 7, Seats: 2, Bots: 1}})
	j := expect[*protocol.Joined](ann)
	ann.send(&protocol.SetReady{Ready: true})
	expect[*protocol.FullView](ann)
	return ann, j.Game, j.Token
}

// TestAdmin checks the admin endpoints' token and what they list.
func TestAdmin(t *testing.T) {
	_, open := startOps(t, host.DefaultConfig())
	cfg := host.DefaultConfig()
	cfg.AdminToken = adminToken
	r, base := startOps(t, cfg)
	startGame(t, r.URL())

	for _, tt := range []struct {
		method, url, token string
		code               int
	}{
		{"GET", open + "/admin", "", http.StatusNotFound}, // no token set: no admin
		{"GET", open + "/admin?token=" + adminToken, "", http.StatusNotFound},
		{"GET", open + "/admin/games", adminToken, http.StatusNotFound},
		{"POST", open + "/admin/games/1/kick?seat=1", adminToken, http.StatusNotFound},
		{"GET", base + "/admin", "", http.StatusUnauthorized}, // the login form
		{"GET", base + "/admin?token=wrong", "", http.StatusBadRequest},
		{"GET", base + "/admin?token=" + adminToken, "", http.StatusBadRequest}, // a token in the address is not read
		{"GET", base + "/admin/games", "", http.StatusUnauthorized},
		{"GET", base + "/admin/games?token=" + adminToken, "", http.StatusBadRequest},
		{"POST", base + "/admin/games/1/kick?seat=1", "", http.StatusUnauthorized},
		// Three wrong tokens: AdminBackoff's free ones.
		{"GET", base + "/admin", "wrong", http.StatusUnauthorized},
		{"GET", base + "/admin/games", "wrong", http.StatusUnauthorized},
		{"POST", base + "/admin/games/1/kick?seat=1", "wrong", http.StatusUnauthorized},
		{"POST", base + "/admin/games/9/kick?seat=1", adminToken, http.StatusNotFound},
		{"POST", base + "/admin/games/x/kick?seat=1", adminToken, http.StatusNotFound},
		{"POST", base + "/admin/games/1/kick?seat=5", adminToken, http.StatusNotFound},
		{"POST", base + "/admin/games/1/kick?seat=a", adminToken, http.StatusBadRequest},
		{"POST", base + "/admin/games/1/kick", adminToken, http.StatusBadRequest},
		{"POST", base + "/admin/games/1/kick?seat=2", adminToken, http.StatusConflict}, // the bot's
	} {
		if code, body := request(t, tt.method, tt.url, tt.token); code != tt.code {
			t.Errorf("%s %s with token %q: %d %q, want %d", tt.method, tt.url, tt.token, code, body, tt.code)
		}
	}

	code, body := request(t, "GET", base+"/admin/games", adminToken)
	var games []lobby.AdminGame
	if err := json.Unmarshal([]byte(body), &games); code != http.StatusOK || err != nil {
		t.Fatalf("GET /admin/games: %d %q (%v)", code, body, err)
	}
	if len(games) != 1 || games[0].Name != "admin test" || games[0].State != lobby.GameRunning || games[0].Turn != 1 ||
		len(games[0].Seats) != 2 || games[0].Seats[0].Name != "Ann" || !games[0].Seats[0].Connected || !games[0].Seats[1].Bot {
		t.Fatalf("GET /admin/games: %+v, want the running game with Ann connected and a bot", games)
	}
	code, body = request(t, "GET", base+"/admin", adminToken)
	if code != http.StatusOK || !strings.Contains(body, "game 1: admin test") || !strings.Contains(body, "<td>Ann</td>") {
		t.Errorf("GET /admin with the bearer token: %d %q, want the page listing the game and Ann", code, body)
	}
	if strings.Contains(body, "<form") {
		t.Errorf("GET /admin with the bearer token: the page has forms, which only a session's page has:\n%s", body)
	}
}

// TestKick: the admin kicks a player, whose connection closes with the
// reason; the player comes back with the seat token.
func TestKick(t *testing.T) {
	cfg := host.DefaultConfig()
	cfg.AdminToken = adminToken
	r, base := startOps(t, cfg)
	ann, id, tok := startGame(t, r.URL())

	url := base + "/admin/games/" + strconv.Itoa(int(id)) + "/kick?seat=1"
	if code, body := request(t, "POST", url, adminToken); code != http.StatusOK {
		t.Fatalf("kick: %d %q", code, body)
	}
	if bye := expect[*protocol.Bye](ann); bye.Reason != lobby.ReasonKicked {
		t.Fatalf("the kicked client got Bye %q, want %q", bye.Reason, lobby.ReasonKicked)
	}
	if _, err := ann.read(); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("after Bye: %v, want the close frame %v", err, websocket.StatusPolicyViolation)
	}

	back := dial(t, r.URL(), "Ann")
	back.send(&protocol.JoinGame{Game: id, Token: tok})
	if j := expect[*protocol.Joined](back); j.Seat != 1 || j.Token != tok {
		t.Fatalf("Ann came back: %+v, want seat 1 with her token", j)
	}
	fv := expect[*protocol.FullView](back)
	if v, err := game.DecodeView(fv.View); err != nil || v.You != 1 {
		t.Fatalf("Ann's view after coming back: %v, %v; want player 1's", v, err)
	}
}

// TestActionMetrics: in a game of interactive steps (Duel) the actions
// played are counted apart from the turns resolved: Duel's round begins
// with cards laid at once (resolved), then the players attack and defend
// one action at a time.
func TestActionMetrics(t *testing.T) {
	r, base := startOps(t, host.DefaultConfig())
	ctx, cancel := context.WithTimeout(context.Background(), opsWait)
	defer cancel()
	set := protocol.Settings{Name: "duel", Ruleset: duel.ID, Seats: 2, Seed: 5,
		Options: []protocol.Option{{Key: duel.KeyRounds, Value: 1}}}
	opts := []bot.Options{
		{URL: r.URL(), Name: "Ann", RulesCache: t.TempDir(), Create: &set},
		{URL: r.URL(), Name: "Bob", RulesCache: t.TempDir(), ListInterval: 20 * time.Millisecond},
	}
	var wg sync.WaitGroup
	errs := make([]error, len(opts))
	for i, o := range opts {
		b, err := bot.New(o)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { _, errs[i] = b.Run(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("bot %s: %v", opts[i].Name, err)
		}
	}
	m := scrape(t, base)
	t.Logf("%s %v, %s %v", host.MetricTurnsResolved, m[host.MetricTurnsResolved], host.MetricActionsPlayed, m[host.MetricActionsPlayed])
	switch {
	case m[host.MetricTurnsResolved] < 1:
		t.Errorf("%s = %v, want the round's cards laid, at least 1", host.MetricTurnsResolved, m[host.MetricTurnsResolved])
	case m[host.MetricActionsPlayed] < 2:
		t.Errorf("%s = %v, want an attack and an answer at least", host.MetricActionsPlayed, m[host.MetricActionsPlayed])
	case m[host.MetricActionSeconds+"_count"] != m[host.MetricActionsPlayed]:
		t.Errorf("%s_count = %v, want one a played action: %v", host.MetricActionSeconds, m[host.MetricActionSeconds+"_count"], m[host.MetricActionsPlayed])
	case m[host.MetricActionsRefused] != 0:
		t.Errorf("%s = %v, want 0: the AI's actions are valid", host.MetricActionsRefused, m[host.MetricActionsRefused])
	}
}
