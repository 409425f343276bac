package tlsconf

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/acme"

	"empires/server/internal/testcert"
)

func TestParseDomains(t *testing.T) {
	tests := []struct {
		list string
		have []string
		err  string // in the error; "" for none
	}{
		{"", nil, ""},
		{"play.example.org", []string{"play.example.org"}, ""},
		{" a.example.org , b.example.org,", []string{"a.example.org", "b.example.org"}, ""},
		{"https://play.example.org", nil, "give a host name only"},
		{"play.example.org:443", nil, "give a host name only"},
		{"203.0.113.7", nil, "an IP address gets no automatic certificate"},
		{"localhost", nil, "not a public host name"},
		{"bad_name..example.org", nil, "not a valid host name"},
	}
	for _, tt := range tests {
		have, err := ParseDomains(tt.list)
		if tt.err == "" && (err != nil || !slices.Equal(have, tt.have)) {
			t.Errorf("ParseDomains(%q) = %q, %v; want %q", tt.list, have, err, tt.have)
		}
		if tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("ParseDomains(%q) = %q, %v; want an error saying %q", tt.list, have, err, tt.err)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		err  string // in the error; "" for none
	}{
		{"no TLS", Options{}, ""},
		{"files", Options{CertFile: "c", KeyFile: "k"}, ""},
		{"names", Options{Domains: []string{"play.example.org"}, Email: "host@example.org", CacheDir: "d"}, ""},
		{"a certificate alone", Options{CertFile: "c"}, "a certificate file without its key file"},
		{"a key alone", Options{KeyFile: "k"}, "a key file without its certificate file"},
		{"both kinds", Options{CertFile: "c", KeyFile: "k", Domains: []string{"play.example.org"}, CacheDir: "d"}, "choose one"},
		{"email alone", Options{Email: "host@example.org"}, "give their names too"},
		{"no cache", Options{Domains: []string{"play.example.org"}}, "need a directory to keep them in"},
		{"a bad name", Options{Domains: []string{"localhost"}, CacheDir: "d"}, "not a public host name"},
	}
	for _, tt := range tests {
		err := tt.opts.Check()
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: Check() = %v, want %q", tt.name, err, tt.err)
		}
		if _, nerr := New(tt.opts); err != nil && (nerr == nil || nerr.Error() != err.Error()) {
			t.Errorf("%s: New: %v, want Check's error %v", tt.name, nerr, err)
		}
	}
}

// TestNewFromFiles: a certificate and its key load, naming its hosts and
// expiry; each broken pair is an error naming the files and what is wrong.
func TestNewFromFiles(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	good, err := testcert.Write(dir, now.Add(-time.Hour), now.Add(90*24*time.Hour), "play.example.org", "203.0.113.7")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Options{CertFile: good.CertFile, KeyFile: good.KeyFile})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if have, want := srv.Names, []string{"play.example.org", "203.0.113.7"}; !slices.Equal(have, want) || srv.Auto {
		t.Errorf("names %q, auto %v; want %q from the files", have, srv.Auto, want)
	}
	if have := srv.NotAfter; have.Sub(now) < 89*24*time.Hour {
		t.Errorf("expires %v, want in 90 days", have)
	}
	if have := served(t, srv); !slices.Equal(have.DNSNames, []string{"play.example.org"}) {
		t.Errorf("handshakes get a certificate for %q, want the file's", have.DNSNames)
	}
	if !slices.Equal(srv.Config.NextProtos, []string{"http/1.1"}) {
		t.Errorf("NextProtos %q, want http/1.1 only (the websocket needs it)", srv.Config.NextProtos)
	}

	other, err := testcert.Write(t.TempDir(), now.Add(-time.Hour), now.Add(time.Hour), "other.example.org")
	if err != nil {
		t.Fatal(err)
	}
	noNames, err := testcert.Write(t.TempDir(), now.Add(-time.Hour), now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a certificate\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.pem")
	tests := []struct {
		name, cert, key, err string
	}{
		{"a missing file", missing, good.KeyFile, "no such file or directory"},
		{"not PEM", text, good.KeyFile, "failed to find any PEM data in certificate input"},
		{"the key swapped for the certificate", good.CertFile, good.CertFile, "found a certificate rather than a key"},
		{"another certificate's key", good.CertFile, other.KeyFile, "private key does not match public key"},
		{"a certificate for no host", noNames.CertFile, noNames.KeyFile, "names no host"},
	}
	for _, tt := range tests {
		_, err := New(Options{CertFile: tt.cert, KeyFile: tt.key})
		if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), tt.cert) {
			t.Errorf("%s: New: %v, want an error naming %s and saying %q", tt.name, err, tt.cert, tt.err)
		}
	}
}

// TestNewAutomatic: automatic certificates offer ACME's TLS-ALPN-01
// challenge on the server's port, for the names given.
func TestNewAutomatic(t *testing.T) {
	srv, err := New(Options{Domains: []string{"play.example.org"}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if !srv.Auto || !slices.Equal(srv.Names, []string{"play.example.org"}) || srv.Config.GetCertificate == nil {
		t.Errorf("auto %v, names %q, GetCertificate set %v: want automatic certificates for play.example.org",
			srv.Auto, srv.Names, srv.Config.GetCertificate != nil)
	}
	if want := []string{"http/1.1", acme.ALPNProto}; !slices.Equal(srv.Config.NextProtos, want) {
		t.Errorf("NextProtos %q, want %q", srv.Config.NextProtos, want)
	}
	if srv, err := New(Options{}); srv != nil || err != nil {
		t.Errorf("New(no TLS) = %v, %v; want nil, nil", srv, err)
	}
}

// served returns the leaf of the certificate srv gives a handshake.
func served(t *testing.T, srv *Server) *x509.Certificate {
	t.Helper()
	c, err := srv.Config.GetCertificate(&tls.ClientHelloInfo{ServerName: "play.example.org"})
	if err != nil || c == nil || c.Leaf == nil {
		t.Fatalf("GetCertificate: %v, %v", c, err)
	}
	return c.Leaf
}

// TestReload: after the files are renewed, Reload serves the new
// certificate; files it cannot use keep the old one, with an error saying
// what is wrong.
func TestReload(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old, err := testcert.Write(dir, now.Add(-time.Hour), now.Add(24*time.Hour), "play.example.org")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Options{CertFile: old.CertFile, KeyFile: old.KeyFile})
	if err != nil {
		t.Fatal(err)
	}
	before := served(t, srv)
	renewed := now.Add(90 * 24 * time.Hour)
	if _, err := testcert.Write(dir, now.Add(-time.Hour), renewed, "play.example.org", "www.example.org"); err != nil {
		t.Fatal(err)
	}
	names, notAfter, err := srv.Reload()
	if err != nil || !slices.Equal(names, []string{"play.example.org", "www.example.org"}) || !notAfter.Equal(renewed.Truncate(time.Second)) {
		t.Fatalf("Reload: %q, %v, %v; want the renewed certificate's names and expiry %v", names, notAfter, err, renewed)
	}
	after := served(t, srv)
	if after.Equal(before) || !slices.Equal(after.DNSNames, names) {
		t.Errorf("handshakes get %q after Reload, want the renewed certificate", after.DNSNames)
	}
	if err := os.WriteFile(old.KeyFile, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := srv.Reload(); err == nil || !strings.Contains(err.Error(), old.KeyFile) {
		t.Errorf("Reload of a broken key: %v, want an error naming %s", err, old.KeyFile)
	}
	if have := served(t, srv); !have.Equal(after) {
		t.Errorf("after a failed Reload handshakes get %q, want the last good certificate", have.DNSNames)
	}
	auto, err := New(Options{Domains: []string{"play.example.org"}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := auto.Reload(); !errors.Is(err, ErrNothingToReload) {
		t.Errorf("Reload of automatic certificates: %v, want ErrNothingToReload", err)
	}
}
