package conn

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// TestCertErrorWords: each way a secure connection fails is said in words
// a player reads on the Join screen, naming what the certificate says.
func TestCertErrorWords(t *testing.T) {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	cert := func(notBefore, notAfter time.Time, names ...string) *x509.Certificate {
		c := &x509.Certificate{NotBefore: notBefore, NotAfter: notAfter}
		for _, n := range names {
			if ip := net.ParseIP(n); ip != nil {
				c.IPAddresses = append(c.IPAddresses, ip)
			} else {
				c.DNSNames = append(c.DNSNames, n)
			}
		}
		return c
	}
	year := cert(now.AddDate(0, -6, 0), now.AddDate(0, 6, 0), "play.example.org", "10.0.0.5")
	// dialed wraps err as the websocket library's dial does: a url.Error
	// of the HTTP client, around tls's verification error.
	dialed := func(err error) error {
		return fmt.Errorf("failed to WebSocket dial: %w", &url.Error{Op: "Get", URL: "https://x/ws",
			Err: &tls.CertificateVerificationError{Err: err}})
	}
	tests := []struct {
		name, url string
		err       error
		have      CertProblem
		want      string // Error()
	}{
		{"another name", "wss://192.168.1.9:7777/ws", dialed(x509.HostnameError{Certificate: year, Host: "192.168.1.9"}),
			CertOtherName, "the server's certificate is for another name (it names play.example.org, 10.0.0.5, not 192.168.1.9)"},
		{"another name, many", "wss://empires.example.net/ws",
			dialed(x509.HostnameError{Certificate: cert(now, now, "a.org", "b.org", "c.org", "d.org", "e.org", "f.org"), Host: "empires.example.net"}),
			CertOtherName, "the server's certificate is for another name (it names a.org, b.org, c.org, d.org and 2 more, not empires.example.net)"},
		{"no name at all", "wss://play.example.org/ws", dialed(x509.HostnameError{Certificate: cert(now, now), Host: "play.example.org"}),
			CertOtherName, "the server's certificate is for another name (it names no host, not play.example.org)"},
		{"self-signed", "wss://play.example.org/ws", dialed(x509.UnknownAuthorityError{Cert: year}),
			CertNotTrusted, "the server's certificate is not trusted: it is self-signed, or signed by an authority this computer does not know"},
		{"expired", "wss://play.example.org/ws",
			dialed(x509.CertificateInvalidError{Cert: cert(now.AddDate(-1, 0, 0), time.Date(2026, 3, 31, 0, 0, 0, 0, time.UTC)), Reason: x509.Expired}),
			CertExpired, "the server's certificate expired on 2026-03-31 (or this computer's clock is wrong)"},
		{"not yet valid", "wss://play.example.org/ws",
			dialed(x509.CertificateInvalidError{Cert: cert(time.Date(2026, 7, 4, 0, 0, 0, 0, time.UTC), now.AddDate(1, 0, 0)), Reason: x509.Expired}),
			CertNotYetValid, "the server's certificate is not valid until 2026-07-04: check this computer's clock"},
		{"another reason", "wss://play.example.org/ws",
			dialed(x509.CertificateInvalidError{Cert: year, Reason: x509.IncompatibleUsage}),
			CertInvalid, "the server's certificate is not valid: x509: certificate specifies an incompatible key usage"},
		{"no TLS at the address", "wss://127.0.0.1:7777/ws",
			fmt.Errorf("failed to WebSocket dial: %w", &url.Error{Op: "Get", URL: "https://127.0.0.1:7777/ws", Err: tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}}),
			NoTLS, "the server at 127.0.0.1 does not speak TLS: connect with ws:// instead of wss://"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ce := certError(tt.url, tt.err, now)
			if ce == nil {
				t.Fatalf("certError(%v) = nil, want problem %d", tt.err, tt.have)
			}
			if ce.Problem != tt.have || ce.Error() != tt.want {
				t.Errorf("have problem %d %q\nwant problem %d %q", ce.Problem, ce.Error(), tt.have, tt.want)
			}
			if retryable(ce) || !final(ce) {
				t.Errorf("a certificate error is tried again (retryable %v, final %v): retrying cannot fix it", retryable(ce), final(ce))
			}
		})
	}
	for _, err := range []error{errors.New("connection refused"), context.DeadlineExceeded} {
		if ce := certError("wss://x/ws", err, now); ce != nil {
			t.Errorf("certError(%v) = %v, want nil: no TLS failure", err, ce)
		}
	}
}

// welcomeServer answers a Hello with a Welcome, as a server does.
func welcomeServer() http.Handler {
	return answerHello(&protocol.Welcome{Version: protocol.Version, Limits: protocol.DefaultLimits()}, 0, "")
}

// answerHello returns a server that reads a client's Hello and answers it
// with reply (to the Hello's Seq); then, with closeWith 0, it waits until
// the client leaves, else it closes with that status and reason.
func answerHello(reply protocol.Message, closeWith websocket.StatusCode, reason string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		_, frame, err := ws.Read(r.Context())
		if err != nil {
			return
		}
		env, _ := protocol.Decode(frame, 0)
		answer, _ := protocol.Marshal(1, env.Seq, reply)
		_ = ws.Write(r.Context(), websocket.MessageBinary, answer)
		if closeWith == 0 {
			_, _, _ = ws.Read(r.Context())
			return
		}
		_ = ws.Close(closeWith, reason)
	})
}

// TestDialTLS: a wss:// address connects over TLS to a server whose
// certificate Options.TLS trusts; one the system does not trust, one for
// another name, or the wrong scheme either way, fails at the first
// attempt with a *CertError in words.
func TestDialTLS(t *testing.T) {
	secure := httptest.NewUnstartedServer(welcomeServer())
	secure.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshakes refused on purpose
	secure.StartTLS()
	defer secure.Close()
	plain := httptest.NewServer(welcomeServer())
	defer plain.Close()
	trusted := secure.Client().Transport.(*http.Transport).TLSClientConfig // the test certificate's roots
	port := secure.Listener.Addr().(*net.TCPAddr).Port
	wss := "wss" + strings.TrimPrefix(secure.URL, "https")

	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	c, err := Dial(ctx, Options{URL: wss, Name: "Alice", TLS: trusted})
	if err != nil {
		t.Fatalf("dial %s trusting its certificate: %v", wss, err)
	}
	if c.Welcome() == nil {
		t.Errorf("dial %s: no Welcome", wss)
	}
	c.Close()
	<-c.Done()

	tests := []struct {
		name, url string
		tls       *tls.Config
		have      CertProblem
		want      string
	}{
		{"the system's roots", wss, nil, CertNotTrusted, "the server's certificate is not trusted"},
		// httptest's certificate names example.com, *.example.com, 127.0.0.1 and ::1.
		{"another name", fmt.Sprintf("wss://localhost:%d/ws", port), trusted, CertOtherName,
			"the server's certificate is for another name (it names example.com, *.example.com, 127.0.0.1, ::1, not localhost)"},
		{"wss to a plain server", "wss" + strings.TrimPrefix(plain.URL, "http"), trusted, NoTLS,
			"does not speak TLS: connect with ws:// instead of wss://"},
		{"ws to a TLS server", "ws" + strings.TrimPrefix(secure.URL, "https"), trusted, TLSRequired,
			"speaks TLS only: connect with wss:// instead of ws://"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{}
			_, err := Dial(ctx, Options{URL: tt.url, Name: "Alice", TLS: tt.tls, after: clock.after})
			var ce *CertError
			if !errors.As(err, &ce) || ce.Problem != tt.have || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("dial %s: %v, want a *CertError of problem %d saying %q", tt.url, err, tt.have, tt.want)
			}
			if waits := clock.taken(); len(waits) != 0 {
				t.Errorf("dial %s: waited %v to try again, want no second attempt", tt.url, waits)
			}
		})
	}
}
