package conn

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// CertProblem is what kept a secure connection (wss://) from being made.
type CertProblem uint8

// The problems of a CertError.
const (
	// CertOtherName: the certificate is for other names than the one
	// dialed.
	CertOtherName CertProblem = iota + 1
	// CertNotTrusted: the certificate is self-signed, or signed by an
	// authority the client does not know.
	CertNotTrusted
	// CertExpired and CertNotYetValid: the certificate is out of its
	// dates (or the client's clock is wrong).
	CertExpired
	CertNotYetValid
	// CertInvalid: the certificate is refused for another reason (Err
	// says which).
	CertInvalid
	// NoTLS: wss:// to a server that speaks no TLS.
	NoTLS
	// TLSRequired: ws:// to a server that speaks TLS only.
	TLSRequired
)

// CertError is a connection refused because of TLS: the server's
// certificate failed the client's checks, or the address's scheme is not
// the server's (wss:// to a server without TLS, ws:// to one with it).
// Trying again cannot change it: Dial does not, nor does reconnecting.
// Error says what went wrong in words a player reads on the Join screen
// ("the server's certificate is for another name (it names
// play.example.org, not 10.0.0.5)"); find it with errors.As.
type CertError struct {
	// URL is the address dialed; Host the name (or address) in it.
	URL, Host string
	Problem   CertProblem
	// Names are the names the certificate is for (CertOtherName).
	Names []string
	// When is when the certificate expired (CertExpired) or becomes valid
	// (CertNotYetValid).
	When time.Time
	// Err is the TLS library's error.
	Err error
}

func (e *CertError) Error() string {
	switch e.Problem {
	case CertOtherName:
		return fmt.Sprintf("the server's certificate is for another name (it names %s, not %s)", listNames(e.Names), e.Host)
	case CertNotTrusted:
		return "the server's certificate is not trusted: it is self-signed, or signed by an authority this computer does not know"
	case CertExpired:
		return fmt.Sprintf("the server's certificate expired on %s (or this computer's clock is wrong)", e.When.UTC().Format(time.DateOnly))
	case CertNotYetValid:
		return fmt.Sprintf("the server's certificate is not valid until %s: check this computer's clock", e.When.UTC().Format(time.DateOnly))
	case NoTLS:
		return fmt.Sprintf("the server at %s does not speak TLS: connect with ws:// instead of wss://", e.Host)
	case TLSRequired:
		return fmt.Sprintf("the server at %s speaks TLS only: connect with wss:// instead of ws://", e.Host)
	}
	why := e.Err
	var invalid x509.CertificateInvalidError
	var verify *tls.CertificateVerificationError
	if errors.As(e.Err, &invalid) {
		why = invalid
	} else if errors.As(e.Err, &verify) {
		why = verify.Err
	}
	return fmt.Sprintf("the server's certificate is not valid: %v", why)
}

func (e *CertError) Unwrap() error { return e.Err }

// listNames lists the first four names, and how many more there are.
func listNames(names []string) string {
	const shown = 4
	switch {
	case len(names) == 0:
		return "no host"
	case len(names) <= shown:
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
}

// certError returns the *CertError that err, a failure to dial rawURL,
// is, or nil if it is none: a certificate the client refused, or a server
// that does not speak TLS. now tells an expired certificate from one not
// yet valid.
func certError(rawURL string, err error, now time.Time) *CertError {
	host := rawURL
	if u, perr := url.Parse(rawURL); perr == nil {
		host = u.Hostname()
	}
	ce := &CertError{URL: rawURL, Host: host, Err: err}
	var hostErr x509.HostnameError
	var authErr x509.UnknownAuthorityError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	switch {
	case errors.As(err, &hostErr):
		ce.Problem = CertOtherName
		if c := hostErr.Certificate; c != nil {
			ce.Names = append(ce.Names, c.DNSNames...)
			for _, ip := range c.IPAddresses {
				ce.Names = append(ce.Names, ip.String())
			}
		}
	case errors.As(err, &authErr):
		ce.Problem = CertNotTrusted
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired && invalid.Cert != nil:
		ce.Problem, ce.When = CertExpired, invalid.Cert.NotAfter
		if now.Before(invalid.Cert.NotBefore) {
			ce.Problem, ce.When = CertNotYetValid, invalid.Cert.NotBefore
		}
	case errors.As(err, &invalid):
		ce.Problem = CertInvalid
	case errors.Is(err, http.ErrSchemeMismatch) || errors.As(err, &record):
		ce.Problem = NoTLS
	default:
		var verify *tls.CertificateVerificationError
		if !errors.As(err, &verify) {
			return nil
		}
		ce.Problem = CertInvalid
	}
	return ce
}

// plainToTLS reports whether an HTTP refusal (its status and body) is a
// TLS server's answer to a plain request: Go's says "Client sent an HTTP
// request to an HTTPS server", nginx's "The plain HTTP request was sent to
// HTTPS port".
func plainToTLS(status int, body string) bool {
	return status == http.StatusBadRequest && (strings.Contains(body, "HTTP request to an HTTPS server") ||
		strings.Contains(body, "plain HTTP request was sent to HTTPS port"))
}
