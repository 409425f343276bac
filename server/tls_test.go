package main

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/server/internal/testcert"
	"empires/server/tlsconf"
	"empires/shared/bot"
	"empires/shared/conn"
	"empires/shared/protocol"
)

// TestTLSFlags: the TLS flags and their variables are taken together or
// refused with a message naming them: a certificate needs its key,
// automatic certificates need -data (kept in DATA/certs), the two kinds do
// not mix, a name must be a public host name.
func TestTLSFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string // in the error; "" for none
		have tlsconf.Options
	}{
		{"no TLS", nil, nil, "", tlsconf.Options{}},
		{"files", []string{"-tls-cert", "c.pem", "-tls-key", "k.pem"}, nil, "", tlsconf.Options{CertFile: "c.pem", KeyFile: "k.pem"}},
		{"files from the environment", nil, map[string]string{"EMPIRES_TLS_CERT": "c.pem", "EMPIRES_TLS_KEY": "k.pem"}, "",
			tlsconf.Options{CertFile: "c.pem", KeyFile: "k.pem"}},
		{"names", []string{"-addr", ":443", "-data", "/var/lib/empires", "-tls-domain", "play.example.org, www.example.org", "-tls-email", "host@example.org"}, nil, "",
			tlsconf.Options{Domains: []string{"play.example.org", "www.example.org"}, Email: "host@example.org", CacheDir: filepath.Join("/var/lib/empires", "certs")}},
		{"names from the environment", []string{"-data", "d"}, map[string]string{"EMPIRES_TLS_DOMAIN": "play.example.org"}, "",
			tlsconf.Options{Domains: []string{"play.example.org"}, CacheDir: filepath.Join("d", "certs")}},
		{"a certificate without its key", []string{"-tls-cert", "c.pem"}, nil, `-tls-cert "c.pem" needs -tls-key`, tlsconf.Options{}},
		{"a key without its certificate", nil, map[string]string{"EMPIRES_TLS_KEY": "k.pem"}, "EMPIRES_TLS_KEY=k.pem needs -tls-cert", tlsconf.Options{}},
		{"names without -data", []string{"-tls-domain", "play.example.org"}, nil, `-tls-domain "play.example.org" needs -data DIR: the certificates are kept in DIR/certs`, tlsconf.Options{}},
		{"both kinds", []string{"-data", "d", "-tls-domain", "play.example.org", "-tls-cert", "c.pem", "-tls-key", "k.pem"}, nil,
			"give certificate files or automatic certificates, not both", tlsconf.Options{}},
		{"an email alone", []string{"-tls-email", "host@example.org"}, nil, "give -tls-domain too", tlsconf.Options{}},
		{"an address for a name", []string{"-data", "d", "-tls-domain", "203.0.113.7"}, nil, "an IP address gets no automatic certificate", tlsconf.Options{}},
		{"a URL for a name", []string{"-data", "d", "-tls-domain", "https://play.example.org/"}, nil, "give a host name only", tlsconf.Options{}},
		{"TLS on the LAN", []string{"-tls-cert", "c.pem", "-tls-key", "k.pem", "-lan-advertise"}, nil, "-lan-advertise with TLS", tlsconf.Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			cfg, err := parseConfig(tt.args, lookup, io.Discard)
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("error %v, want one with %q", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			have := cfg.tls
			if have.CertFile != tt.have.CertFile || have.KeyFile != tt.have.KeyFile || !slices.Equal(have.Domains, tt.have.Domains) ||
				have.Email != tt.have.Email || have.CacheDir != tt.have.CacheDir {
				t.Errorf("have %+v\nwant %+v", have, tt.have)
			}
		})
	}
}

// TestTLSFilesRefused: a certificate or key the server cannot use stops
// it at start with exit 2 and a message naming the file, before it
// listens.
func TestTLSFilesRefused(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	one, err := testcert.Write(filepath.Join(dir), now.Add(-time.Hour), now.Add(time.Hour), "localhost")
	if err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.pem")
	for _, tt := range []struct{ cert, key, want string }{
		{missing, one.KeyFile, "server: TLS: certificate " + missing},
		{one.CertFile, one.CertFile, "found a certificate rather than a key"},
	} {
		var out strings.Builder
		code := realMain([]string{"-addr", "127.0.0.1:-1", "-tls-cert", tt.cert, "-tls-key", tt.key}, &out, &out)
		if code != 2 || !strings.Contains(out.String(), tt.want) {
			t.Errorf("-tls-cert %s -tls-key %s: exit %d, %q; want 2 and %q", tt.cert, tt.key, code, out.String(), tt.want)
		}
	}
}

// TestWSSGame is the test of TLS in the server: the server serves
// wss:// and HTTPS on its one port with a certificate made for the test
// (loaded from files as -tls-cert and -tls-key load it), two headless
// bots play turns of a small game over wss://, a client with the system's
// roots is refused in words ("not trusted"), and plain HTTP on the port
// is not served.
func TestWSSGame(t *testing.T) {
	now := time.Now()
	cert, err := testcert.Write(t.TempDir(), now.Add(-time.Hour), now.Add(24*time.Hour), "localhost", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	flags, err := parseConfig([]string{"-tls-cert", cert.CertFile, "-tls-key", cert.KeyFile}, func(string) (string, bool) { return "", false }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	secure, err := tlsconf.New(flags.tls)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.host.TLS = secure.Config
	srv := startServer(t, &cfg, nil)
	url := "wss://" + srv.addr + "/ws"
	trust := &tls.Config{RootCAs: cert.Roots}

	// HTTPS on the same port: the health check, and the root page naming
	// wss://.
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: trust}}
	for _, tt := range []struct{ path, want string }{
		{"/healthz", `"status":"ok"`},
		{"/", "connect a client to wss://" + srv.addr + "/ws"},
	} {
		resp, err := client.Get("https://" + srv.addr + tt.path)
		if err != nil {
			t.Fatalf("GET https://%s%s: %v", srv.addr, tt.path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), tt.want) {
			t.Errorf("GET https://...%s: %d %q, want 200 with %q", tt.path, resp.StatusCode, body, tt.want)
		}
	}
	if resp, err := http.Get("http://" + srv.addr + "/healthz"); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("plain GET /healthz on the TLS port: %s, want 400 (plain HTTP is not served)", resp.Status)
		}
	}

	// Two bots play the first turns of a small game over wss://.
	const lastTurn = 3
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	set := protocol.Settings{Name: "over TLS", Width: 16, Height: 16, Seed: 3, Seats: 2}
	players := []bot.Options{
		{URL: url, Name: "Anna", Level: "easy", Create: &set, LastTurn: lastTurn, TLS: trust},
		{URL: url, Name: "Bert", Level: "easy", LastTurn: lastTurn, TLS: trust, ListInterval: 10 * time.Millisecond},
	}
	results, errs, err := bot.RunAll(ctx, players)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		name := players[i].Name
		t.Logf("%s over wss://: %s, turn %d, %d turns played, %d orders, over %v", name, r.Game, r.Turn, r.TurnsPlayed, r.Orders, r.Over)
		switch {
		case errs[i] != nil:
			t.Fatalf("%s over wss://: %v", name, errs[i])
		case r.Game == 0 || r.Game != results[0].Game:
			t.Errorf("%s: in game %s, Anna in %s: want the same game", name, r.Game, results[0].Game)
		case !r.Over && r.Turn <= lastTurn || r.TurnsPlayed < lastTurn:
			t.Errorf("%s: at turn %d after %d turns played, want past turn %d (or the game over)", name, r.Turn, r.TurnsPlayed, lastTurn)
		case r.Mismatches != 0 || len(r.Rejections) != 0:
			t.Errorf("%s: %d checksum mismatches, rejections %v: want none", name, r.Mismatches, r.Rejections)
		}
	}

	// A client that checks the certificate against the system's roots
	// refuses it, in words, at the first attempt.
	var retried []error
	_, err = conn.Dial(ctx, conn.Options{URL: url, Name: "Carl", OnRetry: func(_ int, err error, _ time.Duration) { retried = append(retried, err) }})
	var ce *conn.CertError
	const want = "the server's certificate is not trusted: it is self-signed, or signed by an authority this computer does not know"
	if !errors.As(err, &ce) || ce.Problem != conn.CertNotTrusted || err.Error() != want {
		t.Errorf("dial with the system's roots: %v, want %q", err, want)
	}
	if len(retried) != 0 {
		t.Errorf("dial with the system's roots tried again after %v: retrying cannot fix a certificate", retried)
	}
	// A client that dials ws:// is told to use wss://.
	_, err = conn.Dial(ctx, conn.Options{URL: "ws://" + srv.addr + "/ws", Name: "Dora", DialAttempts: 1})
	if !errors.As(err, &ce) || ce.Problem != conn.TLSRequired {
		t.Errorf("dial ws:// to the TLS port: %v, want a *CertError saying to connect with wss://", err)
	}
}

// TestLogTLS: the server says at start how it is reached: over wss://
// with the certificate's names, or over plain ws://.
func TestLogTLS(t *testing.T) {
	expires := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name   string
		addr   string
		opts   tlsconf.Options
		secure *tlsconf.Server
		want   []string
	}{
		{"plain", ":7777", tlsconf.Options{}, nil, []string{`level=INFO msg="serving ws:// and HTTP, unencrypted`}},
		{"files", ":7777", tlsconf.Options{CertFile: "/etc/empires/cert.pem", KeyFile: "k"},
			&tlsconf.Server{Names: []string{"play.example.org", "203.0.113.7"}, NotAfter: expires},
			[]string{`msg="serving wss:// and HTTPS" names=play.example.org,203.0.113.7 certificate=/etc/empires/cert.pem expires="2030-01-02 03:04:05"`}},
		{"expired", ":443", tlsconf.Options{CertFile: "c.pem", KeyFile: "k"},
			&tlsconf.Server{Names: []string{"play.example.org"}, NotAfter: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
			[]string{`level=WARN msg="the certificate has expired: clients will refuse it" certificate=c.pem expired="2020-01-01 00:00:00"`}},
		{"automatic", ":443", tlsconf.Options{Domains: []string{"play.example.org"}, CacheDir: "/var/lib/empires/certs"},
			&tlsconf.Server{Names: []string{"play.example.org"}, Auto: true},
			[]string{`msg="serving wss:// and HTTPS" names=play.example.org certificates="automatic (Let's Encrypt), kept in /var/lib/empires/certs"`}},
		{"automatic on another port", ":7777", tlsconf.Options{Domains: []string{"play.example.org"}, CacheDir: "/var/lib/empires/certs"},
			&tlsconf.Server{Names: []string{"play.example.org"}, Auto: true},
			[]string{`level=WARN msg="Let's Encrypt checks the names on port 443: listen there (-addr :443), or forward port 443 to this one" addr=:7777`}},
	}
	for _, tt := range tests {
		var b strings.Builder
		logTLS(slog.New(slog.NewTextHandler(&b, nil)), tt.addr, tt.opts, tt.secure)
		for _, w := range tt.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: logged %q, want %q", tt.name, b.String(), w)
			}
		}
		if warned := strings.Contains(b.String(), "level=WARN"); warned != strings.Contains(strings.Join(tt.want, ""), "level=WARN") {
			t.Errorf("%s: logged %q: a warning where none is due, or none where one is", tt.name, b.String())
		}
	}
}

// TestReloadTLS: SIGHUP's reload logs the renewed certificate, or keeps
// the one before and says why, or says there is nothing to reload.
func TestReloadTLS(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	cert, err := testcert.Write(dir, now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	if err != nil {
		t.Fatal(err)
	}
	files, err := tlsconf.New(tlsconf.Options{CertFile: cert.CertFile, KeyFile: cert.KeyFile})
	if err != nil {
		t.Fatal(err)
	}
	auto, err := tlsconf.New(tlsconf.Options{Domains: []string{"play.example.org"}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	renewed := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	tests := []struct {
		name    string
		secure  *tlsconf.Server
		prepare func() error
		want    string
	}{
		{"no TLS", nil, nil, `level=INFO msg="SIGHUP: no certificate files to reload (no -tls-cert)"`},
		{"automatic", auto, nil, `level=INFO msg="SIGHUP: automatic certificates renew themselves: nothing to reload"`},
		{"renewed", files, func() error {
			_, err := testcert.Write(dir, now.Add(-time.Hour), renewed, "play.example.org", "www.example.org")
			return err
		}, `level=INFO msg="SIGHUP: certificate reloaded" names=play.example.org,www.example.org expires="2031-05-06 07:08:09"`},
		{"broken", files, func() error { return os.WriteFile(cert.CertFile, []byte("garbage"), 0o644) },
			`level=ERROR msg="SIGHUP: the certificate was not reloaded: still serving the one before" err="certificate ` + cert.CertFile},
	}
	for _, tt := range tests {
		if tt.prepare != nil {
			if err := tt.prepare(); err != nil {
				t.Fatal(err)
			}
		}
		var b strings.Builder
		reloadTLS(slog.New(slog.NewTextHandler(&b, nil)), tt.secure)
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s: logged %q, want %q", tt.name, b.String(), tt.want)
		}
	}
}
