// Package tlsconf is the dedicated server's TLS: the *tls.Config that
// makes its one port serve wss:// and HTTPS, from a certificate and key in
// files, or with certificates it gets by itself for public names over ACME
// (Let's Encrypt, package golang.org/x/crypto/acme/autocert).
//
// Certificate files are read at start, and again by Server.Reload (the
// dedicated server's SIGHUP) after their renewal.
//
// Automatic certificates answer the ACME TLS-ALPN-01 challenge on the
// server's own port: a server listening on :443 needs no other port (no
// port 80). They are kept in a cache directory, so that a restart does not
// ask for them again, and renewed before they expire while the server runs.
//
//	opts := tlsconf.Options{Domains: []string{"play.example.org"}, CacheDir: "/var/lib/empires/certs"}
//	if err := opts.Check(); err != nil { ... }
//	srv, err := tlsconf.New(opts)
//	... tls.NewListener(ln, srv.Config) ...
package tlsconf

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
	"golang.org/x/net/idna"
)

// Options say where the server's certificates come from: files
// (CertFile and KeyFile) or ACME (Domains), or neither (no TLS).
type Options struct {
	// CertFile and KeyFile are PEM files: the certificate chain, the
	// server's first, and its private key. Both or neither.
	CertFile, KeyFile string
	// Domains are the public names to get certificates for automatically;
	// each must resolve to the server, which must be reachable on port
	// 443 (the ACME authority checks the name there).
	Domains []string
	// Email, optional with Domains, is given to the ACME authority, which
	// writes to it about the certificates (expiry it could not renew).
	Email string
	// CacheDir is the directory automatic certificates, and the ACME
	// account's key, are kept in; required with Domains.
	CacheDir string
	// DirectoryURL is the ACME authority's directory; empty means Let's
	// Encrypt's (autocert.DefaultACMEDirectory).
	DirectoryURL string
}

// Enabled reports whether the options ask for TLS.
func (o Options) Enabled() bool {
	return o.CertFile != "" || o.KeyFile != "" || len(o.Domains) > 0
}

// Check reports what is wrong with the options without reading any file:
// a certificate without its key or the other way round, files and Domains
// together, Domains without CacheDir, a name that is no public host name,
// Email without Domains.
func (o Options) Check() error {
	files := o.CertFile != "" || o.KeyFile != ""
	switch {
	case o.CertFile != "" && o.KeyFile == "":
		return errors.New("a certificate file without its key file")
	case o.KeyFile != "" && o.CertFile == "":
		return errors.New("a key file without its certificate file")
	case files && len(o.Domains) > 0:
		return errors.New("both certificate files and automatic certificates for names: choose one")
	case o.Email != "" && len(o.Domains) == 0:
		return errors.New("an email address is for automatic certificates: give their names too")
	case len(o.Domains) > 0 && o.CacheDir == "":
		return errors.New("automatic certificates need a directory to keep them in")
	}
	for _, d := range o.Domains {
		if err := checkDomain(d); err != nil {
			return err
		}
	}
	return nil
}

// ParseDomains splits a comma-separated list of names ("a.example.org,
// b.example.org"), trimming spaces and dropping empty items, and checks
// each is a public host name.
func ParseDomains(list string) ([]string, error) {
	var names []string
	for d := range strings.SplitSeq(list, ",") {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		if err := checkDomain(d); err != nil {
			return nil, err
		}
		names = append(names, d)
	}
	return names, nil
}

// checkDomain reports what keeps d from being a name an ACME authority
// gives a certificate for.
func checkDomain(d string) error {
	switch {
	case strings.Contains(d, "://") || strings.ContainsAny(d, "/:@ "):
		return fmt.Errorf("%q: give a host name only, such as play.example.org (no scheme, port or path)", d)
	case net.ParseIP(d) != nil:
		return fmt.Errorf("%q: an IP address gets no automatic certificate: give the host name that points to it", d)
	case !strings.Contains(strings.Trim(d, "."), "."):
		return fmt.Errorf("%q: not a public host name (want one such as play.example.org)", d)
	}
	if _, err := idna.Lookup.ToASCII(d); err != nil {
		return fmt.Errorf("%q: not a valid host name: %w", d, err)
	}
	return nil
}

// Server is the TLS a server serves with. Reload reads the certificate
// files again; its fields are what New found, for the start's log.
type Server struct {
	// Config is what tls.NewListener takes. It offers HTTP/1.1 only (the
	// websocket needs it) and, with automatic certificates, ACME's
	// TLS-ALPN-01 challenge.
	Config *tls.Config
	// Names are the names the server has certificates for: those of the
	// certificate file's, or the Domains.
	Names []string
	// Auto tells the certificates are automatic (ACME).
	Auto bool
	// NotAfter is when the certificate file's certificate expires (zero
	// with automatic certificates, which are renewed).
	NotAfter time.Time

	opts Options
	// cert is the certificate of the files that handshakes get: New's,
	// then each successful Reload's.
	cert atomic.Pointer[tls.Certificate]
}

// New checks the options (Check), reads the certificate and key files,
// and returns the server's TLS; nil, and no error, when the options ask
// for none. An error names the file and says what is wrong with it: it
// cannot be read, holds no PEM certificate or key, or the key is not the
// certificate's.
func New(o Options) (*Server, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if !o.Enabled() {
		return nil, nil
	}
	if len(o.Domains) > 0 {
		m := &autocert.Manager{
			Prompt:     autocert.AcceptTOS,
			Cache:      autocert.DirCache(o.CacheDir),
			HostPolicy: autocert.HostWhitelist(o.Domains...),
			Email:      o.Email,
		}
		if o.DirectoryURL != "" {
			m.Client = &acme.Client{DirectoryURL: o.DirectoryURL}
		}
		return &Server{
			Config: &tls.Config{
				GetCertificate: m.GetCertificate,
				NextProtos:     []string{"http/1.1", acme.ALPNProto},
				MinVersion:     tls.VersionTLS12,
			},
			Names: append([]string(nil), o.Domains...),
			Auto:  true,
		}, nil
	}
	cert, names, err := load(o.CertFile, o.KeyFile)
	if err != nil {
		return nil, err
	}
	s := &Server{Names: names, NotAfter: cert.Leaf.NotAfter, opts: o}
	s.cert.Store(cert)
	s.Config = &tls.Config{
		GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return s.cert.Load(), nil },
		NextProtos:     []string{"http/1.1"},
		MinVersion:     tls.VersionTLS12,
	}
	return s, nil
}

// Reload reads the certificate and key files again (after their renewal)
// and, if they are good, serves the new certificate from the next
// handshake on; connections already made keep theirs. It returns the new
// certificate's names and expiry. Files it cannot use change nothing: the
// error says what is wrong with them, as New's does. With automatic
// certificates, which renew themselves, there is nothing to reload: it
// returns ErrNothingToReload.
func (s *Server) Reload() (names []string, notAfter time.Time, err error) {
	if s.Auto {
		return nil, time.Time{}, ErrNothingToReload
	}
	cert, names, err := load(s.opts.CertFile, s.opts.KeyFile)
	if err != nil {
		return nil, time.Time{}, err
	}
	s.cert.Store(cert)
	return names, cert.Leaf.NotAfter, nil
}

// ErrNothingToReload is Reload's answer for automatic certificates.
var ErrNothingToReload = errors.New("automatic certificates renew themselves: nothing to reload")

// load reads a certificate chain and its key from PEM files and returns
// it, with its leaf parsed, and the names it is for.
func load(certFile, keyFile string) (*tls.Certificate, []string, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, nil, fmt.Errorf("certificate %s and key %s: %w", certFile, keyFile, err)
	}
	if cert.Leaf == nil {
		if cert.Leaf, err = x509.ParseCertificate(cert.Certificate[0]); err != nil {
			return nil, nil, fmt.Errorf("certificate %s: %w", certFile, err)
		}
	}
	names := append([]string(nil), cert.Leaf.DNSNames...)
	for _, ip := range cert.Leaf.IPAddresses {
		names = append(names, ip.String())
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("certificate %s names no host (no DNS name or IP address in its subject alternative names): clients would refuse it", certFile)
	}
	return &cert, names, nil
}
