package host_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"empires/server/host"
	"empires/server/internal/logbuf"
	"empires/server/lobby"
	"empires/server/match/matchtest"
	"empires/shared/protocol"
	"empires/shared/registry"
)

// browser is a browser on the admin's pages: it keeps cookies and does not
// follow redirects (the tests look at them).
type browser struct {
	base string
	c    *http.Client
	csrf string // the session's CSRF value, from its page
}

func newBrowser(t *testing.T, base string, c *http.Client) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c == nil {
		c = &http.Client{}
	}
	c.Jar = jar
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &browser{base: base, c: c}
}

// csrfRe finds the session's CSRF value in the admin's page.
var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// login logs a new browser in with the admin token and reads the
// session's CSRF value from the page.
func login(t *testing.T, base string) *browser {
	t.Helper()
	b := newBrowser(t, base, nil)
	if code, loc := b.form(t, "/admin/login", url.Values{"token": {adminToken}}); code != http.StatusSeeOther || loc != "/admin" {
		t.Fatalf("log in with the right token: %d to %q, want %d to /admin", code, loc, http.StatusSeeOther)
	}
	code, body := b.get(t, "/admin")
	m := csrfRe.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		t.Fatalf("GET /admin after logging in: %d, no CSRF field:\n%s", code, body)
	}
	b.csrf = m[1]
	return b
}

func (b *browser) get(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, err := b.c.Get(b.base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// form posts a form and returns the status and where it redirects.
func (b *browser) form(t *testing.T, path string, v url.Values) (int, string) {
	t.Helper()
	resp, err := b.c.PostForm(b.base+path, v)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

// post is a button of the page: a form with the CSRF value csrf.
func (b *browser) post(t *testing.T, path, csrf string) (int, string) {
	t.Helper()
	return b.form(t, path, url.Values{"csrf": {csrf}})
}

// TestAdminLogin: a browser logs in with the form, gets a session cookie
// (HttpOnly, SameSite=Strict, path /admin, expiring, not the token), uses
// the page's Kick button (refused without the session's CSRF value), logs
// out, and the session is gone on the server; a session expires after
// 12 hours.
func TestAdminLogin(t *testing.T) {
	logs := &logbuf.Buffer{}
	clock := matchtest.NewClock()
	cfg := host.DefaultConfig()
	cfg.AdminToken, cfg.Clock, cfg.Logger = adminToken, clock, slog.New(slog.NewTextHandler(logs, nil))
	r, base := startOps(t, cfg)
	ann, id, _ := startGame(t, r.URL())

	b := newBrowser(t, base, nil)
	code, body := b.get(t, "/admin")
	if code != http.StatusUnauthorized || !strings.Contains(body, `<form method="post" action="/admin/login">`) ||
		!strings.Contains(body, `type="password" name="token"`) {
		t.Fatalf("GET /admin without a session: %d, want %d and the login form:\n%s", code, http.StatusUnauthorized, body)
	}
	if code, _ := b.form(t, "/admin/login", url.Values{"token": {"wrong"}}); code != http.StatusUnauthorized {
		t.Fatalf("log in with a wrong token: %d, want %d", code, http.StatusUnauthorized)
	}

	resp, err := b.c.PostForm(base+"/admin/login", url.Values{"token": {adminToken}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cookies := resp.Cookies()
	if len(cookies) != 1 {
		t.Fatalf("log in: cookies %v, want one", cookies)
	}
	c := cookies[0]
	if c.Value == adminToken || len(c.Value) < 40 || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/admin" ||
		c.MaxAge != int((12*time.Hour).Seconds()) || c.Secure {
		t.Fatalf("the session cookie %+v: want a random value (not the token), HttpOnly, SameSite=Strict, path /admin, "+
			"12 hours, not Secure over plain HTTP", c)
	}
	b.csrf = ""
	code, body = b.get(t, "/admin")
	m := csrfRe.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil || !strings.Contains(body, `action="/admin/logout"`) ||
		!strings.Contains(body, `action="/admin/games/1/kick?seat=1"`) || strings.Contains(body, `kick?seat=2`) {
		t.Fatalf("the session's page: %d, want the CSRF field, Log out, and Kick for Ann (seat 1) and not the bot:\n%s", code, body)
	}
	b.csrf = m[1]

	kick := "/admin/games/1/kick?seat=1"
	if code, _ := b.post(t, kick, ""); code != http.StatusForbidden {
		t.Fatalf("Kick without the CSRF value: %d, want %d", code, http.StatusForbidden)
	}
	if code, _ := b.post(t, kick, b.csrf+"x"); code != http.StatusForbidden {
		t.Fatalf("Kick with a wrong CSRF value: %d, want %d", code, http.StatusForbidden)
	}
	if code, loc := b.post(t, kick, b.csrf); code != http.StatusSeeOther || loc != "/admin" {
		t.Fatalf("Kick with the CSRF value: %d to %q, want %d to /admin", code, loc, http.StatusSeeOther)
	}
	if bye := expect[*protocol.Bye](ann); bye.Reason != lobby.ReasonKicked {
		t.Fatalf("the kicked client got Bye %q, want %q", bye.Reason, lobby.ReasonKicked)
	}
	if code, _ := b.get(t, "/admin/games"); code != http.StatusOK {
		t.Fatalf("GET /admin/games with the session: %d, want 200", code)
	}

	// Log out: the cookie is deleted, and the session is gone on the
	// server even for a browser that keeps the cookie.
	stale := &http.Cookie{Name: c.Name, Value: c.Value}
	if code, loc := b.post(t, "/admin/logout", ""); code != http.StatusForbidden || loc != "" {
		t.Fatalf("Log out without the CSRF value: %d to %q, want %d", code, loc, http.StatusForbidden)
	}
	if code, loc := b.post(t, "/admin/logout", b.csrf); code != http.StatusSeeOther || loc != "/admin" {
		t.Fatalf("Log out: %d to %q, want %d to /admin", code, loc, http.StatusSeeOther)
	}
	req, _ := http.NewRequest("GET", base+"/admin", nil)
	req.AddCookie(stale)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("GET /admin with the cookie of a session logged out: %v %v, want %d", resp.Status, err, http.StatusUnauthorized)
	} else {
		resp.Body.Close()
	}
	if code, _ := b.post(t, "/admin/games/"+strconv.Itoa(int(id))+"/end", b.csrf); code != http.StatusUnauthorized {
		t.Fatalf("End after logging out: %d, want %d", code, http.StatusUnauthorized)
	}

	// A session lasts 12 hours.
	late := login(t, base)
	clock.Advance(12*time.Hour - time.Second)
	if code, _ := late.get(t, "/admin/games"); code != http.StatusOK {
		t.Fatalf("a session 1 s before its end: %d, want 200", code)
	}
	clock.Advance(time.Second)
	if code, _ := late.get(t, "/admin/games"); code != http.StatusUnauthorized {
		t.Fatalf("a session after 12 hours: %d, want %d", code, http.StatusUnauthorized)
	}
	if strings.Contains(logs.String(), adminToken) {
		t.Fatalf("the logs give the admin token:\n%s", logs.String())
	}
}

// TestAdminCookieSecureOverTLS: the session cookie of a login over HTTPS
// is Secure.
func TestAdminCookieSecureOverTLS(t *testing.T) {
	cfg := host.DefaultConfig()
	cfg.AdminToken = adminToken
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Rulesets = reg
	s, err := host.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewTLSServer(s.Handler())
	defer s.Close()
	defer ts.Close()
	b := newBrowser(t, ts.URL, ts.Client())
	resp, err := b.c.PostForm(ts.URL+"/admin/login", url.Values{"token": {adminToken}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if c := resp.Cookies(); resp.StatusCode != http.StatusSeeOther || len(c) != 1 || !c[0].Secure || !c[0].HttpOnly {
		t.Fatalf("log in over HTTPS: %d, cookies %+v; want one Secure, HttpOnly cookie", resp.StatusCode, c)
	}
}

// newHandler returns a server's handler for requests made in the test
// itself (their client address set by the test), its fake clock and its
// logs.
func newHandler(t *testing.T, cfg host.Config) (http.Handler, *matchtest.Clock, *logbuf.Buffer) {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	logs := &logbuf.Buffer{}
	clock := matchtest.NewClock()
	cfg.Rulesets, cfg.Clock, cfg.Logger = reg, clock, slog.New(slog.NewTextHandler(logs, nil))
	s, err := host.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s.Handler(), clock, logs
}

// serve makes a request from the client address remote and returns the
// response.
func serve(h http.Handler, method, path, remote string, header map[string]string, form url.Values) *http.Response {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, path, body)
	req.RemoteAddr = remote
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

// TestAdminTokenBackoff: an address guessing the admin token gets its 3
// free tries (AdminBackoff), then waits 1 s, 2 s, 4 s ... after each wrong
// one; while it waits even the right token is refused with 429 and
// Retry-After, by the header and by the login form alike; another address
// is not held up; the token is never logged.
func TestAdminTokenBackoff(t *testing.T) {
	cfg := host.DefaultConfig()
	cfg.AdminToken = adminToken
	h, clock, logs := newHandler(t, cfg)
	const guesser, admin = "203.0.113.9:40000", "198.51.100.4:50000"
	bearerOf := func(tok string) map[string]string { return map[string]string{"Authorization": "Bearer " + tok} }
	status := func(remote, tok string) (int, string) {
		resp := serve(h, "GET", "/admin/games", remote, bearerOf(tok), nil)
		resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Retry-After")
	}

	for i := range 3 { // free
		if code, _ := status(guesser, "guess"); code != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d, want %d", i+1, code, http.StatusUnauthorized)
		}
	}
	for i, wait := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second} {
		if code, _ := status(guesser, "guess"); code != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d, want %d", i+4, code, http.StatusUnauthorized)
		}
		secs := int(wait.Seconds())
		if code, retry := status(guesser, adminToken); code != http.StatusTooManyRequests || retry != strconv.Itoa(secs) {
			t.Fatalf("the right token after %d wrong ones: %d Retry-After %q, want %d Retry-After %d",
				i+4, code, retry, http.StatusTooManyRequests, secs)
		}
		resp := serve(h, "POST", "/admin/login", guesser, nil, url.Values{"token": {adminToken}})
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != strconv.Itoa(secs) || len(resp.Cookies()) != 0 {
			t.Fatalf("the login form after %d wrong tokens: %d Retry-After %q cookies %v, want %d Retry-After %d and no cookie",
				i+4, resp.StatusCode, resp.Header.Get("Retry-After"), resp.Cookies(), http.StatusTooManyRequests, secs)
		}
		if code, _ := status(admin, adminToken); code != http.StatusOK {
			t.Fatalf("another address with the right token while %s waits: %d, want 200", guesser, code)
		}
		clock.Advance(wait - time.Millisecond)
		if code, _ := status(guesser, adminToken); code != http.StatusTooManyRequests {
			t.Fatalf("the right token 1 ms before the wait of %v ends: %d, want %d", wait, code, http.StatusTooManyRequests)
		}
		clock.Advance(time.Millisecond)
	}
	if code, _ := status(guesser, adminToken); code != http.StatusOK {
		t.Fatalf("the right token once the wait is over: %d, want 200", code)
	}
	// Forgotten 15 minutes after the last wrong one: 3 free tries again.
	clock.Advance(15 * time.Minute)
	for i := range 3 {
		if code, _ := status(guesser, "guess"); code != http.StatusUnauthorized {
			t.Fatalf("15 minutes later, wrong token %d: %d, want %d", i+1, code, http.StatusUnauthorized)
		}
	}
	if code, _ := status(guesser, adminToken); code != http.StatusOK {
		t.Fatalf("15 minutes later, the right token after 3 free wrong ones: %d, want 200", code)
	}
	if l := logs.String(); strings.Contains(l, adminToken) || strings.Contains(l, "guess") ||
		!strings.Contains(l, "admin request refused: too many wrong tokens") || !strings.Contains(l, "remote=203.0.113.9:40000") {
		t.Fatalf("the logs: want the refusals with the client's address and no token:\n%s", l)
	}
}

// TestAdminTokenInURL: a token in the address is not read, and not
// logged: the answer is the login form, saying why.
func TestAdminTokenInURL(t *testing.T) {
	cfg := host.DefaultConfig()
	cfg.AdminToken = adminToken
	h, _, logs := newHandler(t, cfg)
	for _, path := range []string{"/admin?token=" + adminToken, "/admin/games?token=" + adminToken} {
		resp := serve(h, "GET", path, "192.0.2.1:1000", nil, nil)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "not read from the address") ||
			!strings.Contains(string(body), `action="/admin/login"`) {
			t.Errorf("GET %s: %d, want %d and the login form saying why:\n%s", path, resp.StatusCode, http.StatusBadRequest, body)
		}
	}
	if l := logs.String(); strings.Contains(l, adminToken) || !strings.Contains(l, "a token in the address is not read") {
		t.Fatalf("the logs: want the refusal without the token:\n%s", l)
	}
}

// TestMetricsAllow: with -metrics-allow set, /metrics answers only the
// client addresses in its list, 403 the others; without it, everyone.
func TestMetricsAllow(t *testing.T) {
	allow, err := host.ParseAllowList("10.0.0.0/8, 192.0.2.7,2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	cfg := host.DefaultConfig()
	cfg.MetricsAllow = allow
	limited, _, _ := newHandler(t, cfg)
	open, _, _ := newHandler(t, host.DefaultConfig())
	for _, tt := range []struct {
		remote string
		have   http.Handler
		want   int
	}{
		{"10.1.2.3:5000", limited, http.StatusOK},
		{"192.0.2.7:5000", limited, http.StatusOK},
		{"[::ffff:10.0.0.1]:5000", limited, http.StatusOK}, // IPv4 in IPv6
		{"[2001:db8::5]:5000", limited, http.StatusOK},
		{"192.0.2.8:5000", limited, http.StatusForbidden},
		{"11.0.0.1:5000", limited, http.StatusForbidden},
		{"[2001:db9::5]:5000", limited, http.StatusForbidden},
		{"192.0.2.8:5000", open, http.StatusOK},
	} {
		resp := serve(tt.have, "GET", "/metrics", tt.remote, nil, nil)
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("GET /metrics from %s: %d, want %d", tt.remote, resp.StatusCode, tt.want)
		}
	}
}

// TestParseAllowList: addresses stand for themselves, prefixes are
// masked, anything else is named in the error.
func TestParseAllowList(t *testing.T) {
	for _, tt := range []struct {
		have string
		want string // the prefixes, or the error
	}{
		{"", ""},
		{"127.0.0.1", "[127.0.0.1/32]"},
		{"10.1.2.3/8, ::1 ,fe80::1%eth0", "[10.0.0.0/8 ::1/128 fe80::1/128]"},
		{"::ffff:10.0.0.1", "[10.0.0.1/32]"},
		{"10.0.0.1,localhost", `"localhost" is not an address or a CIDR prefix (like 10.0.0.5 or 10.0.0.0/8)`},
		{"10.0.0.0/40", `"10.0.0.0/40" is not an address or a CIDR prefix`},
	} {
		p, err := host.ParseAllowList(tt.have)
		have := ""
		if err != nil {
			have = err.Error()
		} else if p != nil {
			have = fmt.Sprint(p)
		}
		if !strings.HasPrefix(have, tt.want) || tt.want == "" && have != "" || err == nil && have != tt.want {
			t.Errorf("ParseAllowList(%q) = %q, want %q", tt.have, have, tt.want)
		}
	}
}

// TestAdminCookieSecureBehindProxy: the session cookie of a login that a
// trusted proxy says came over HTTPS (X-Forwarded-Proto) is Secure; the
// same header from a client that is not a proxy changes nothing.
func TestAdminCookieSecureBehindProxy(t *testing.T) {
	cfg := host.DefaultConfig()
	cfg.AdminToken = adminToken
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	h, _, _ := newHandler(t, cfg)
	for _, tc := range []struct {
		name, remote string
		want         bool
	}{
		{"through the proxy", "127.0.0.1:40000", true},
		{"straight from a client", "203.0.113.9:40000", false},
	} {
		resp := serve(h, http.MethodPost, "/admin/login", tc.remote,
			map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.4"}, url.Values{"token": {adminToken}})
		resp.Body.Close()
		c := resp.Cookies()
		if resp.StatusCode != http.StatusSeeOther || len(c) != 1 {
			t.Fatalf("%s: log in: %d, cookies %+v", tc.name, resp.StatusCode, c)
		}
		if c[0].Secure != tc.want {
			t.Errorf("%s: the cookie is Secure = %v, want %v", tc.name, c[0].Secure, tc.want)
		}
	}
}
