package host

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"empires/server/throttle"
	"empires/server/wsconn"
)

// The admin's sign-in: a script gives the token in the header
// "Authorization: Bearer TOKEN" with each request; a browser posts it once
// to the login form (POST /admin/login) and gets a session cookie. The
// token is never read from a URL, never logged and never the cookie.
const (
	// adminCookie is the name of the admin's session cookie.
	adminCookie = "empires_admin"
	// adminSessionFor is how long a session lasts after its login.
	adminSessionFor = 12 * time.Hour
	// adminMaxSessions is the most sessions kept at once: a login past it
	// ends the session that expires first.
	adminMaxSessions = 64
	// adminAddresses is the most addresses whose wrong tokens are kept.
	adminAddresses = 4096
	// csrfField is the name of the forms' field that carries the
	// session's CSRF value.
	csrfField = "csrf"
)

// AdminBackoff is the policy for wrong admin tokens, by client address
// (wsconn.AddressKey of the request's client address): 3 free, then a
// wait of 1s doubling with each wrong token, at most 5 minutes, forgotten
// 15 minutes after the last one. While an address waits, every token it
// gives, the right one too, is refused with 429 and Retry-After.
var AdminBackoff = throttle.Backoff{Free: 3, First: time.Second, Max: 5 * time.Minute, Forget: 15 * time.Minute}

// adminSession is a browser's signed-in session.
type adminSession struct {
	csrf    string    // the value the session's forms must carry
	expires time.Time // when the session ends
}

// adminAuth checks the admin's token and keeps the sessions and the wrong
// tokens by address. Its methods may be called from any goroutine.
type adminAuth struct {
	token string
	now   func() time.Time

	mu       sync.Mutex // guards wrong and sessions
	wrong    *throttle.Table
	sessions map[string]adminSession // by cookie value
}

// newAdminAuth returns the sign-in of token, on the clock now.
func newAdminAuth(token string, now func() time.Time) *adminAuth {
	return &adminAuth{token: token, now: now, wrong: throttle.NewTable(AdminBackoff, adminAddresses),
		sessions: make(map[string]adminSession)}
}

// tokenCheck is the outcome of a token given by an address.
type tokenCheck int

const (
	tokenRight tokenCheck = iota
	tokenWrong
	tokenWait // the address is in backoff: not even compared
)

// check checks the token tok given by the client at address key: in
// backoff it returns tokenWait and the wait left; a wrong token is
// counted against key.
func (a *adminAuth) check(key, tok string) (tokenCheck, time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	if wait := a.wrong.Wait(key, now); wait > 0 {
		return tokenWait, wait
	}
	if tok == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(a.token)) != 1 {
		return tokenWrong, a.wrong.Fail(key, now)
	}
	return tokenRight, 0
}

// login starts a session and returns its cookie value and CSRF value.
func (a *adminAuth) login() (id, csrf string) {
	id, csrf = randomString(), randomString()
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	for k, s := range a.sessions {
		if !now.Before(s.expires) {
			delete(a.sessions, k)
		}
	}
	if len(a.sessions) >= adminMaxSessions {
		var first string
		for k, s := range a.sessions {
			if first == "" || s.expires.Before(a.sessions[first].expires) || s.expires.Equal(a.sessions[first].expires) && k < first {
				first = k
			}
		}
		delete(a.sessions, first)
	}
	a.sessions[id] = adminSession{csrf: csrf, expires: now.Add(adminSessionFor)}
	return id, csrf
}

// session returns the session of request r's cookie, if it has a live
// one.
func (a *adminAuth) session(r *http.Request) (id string, s adminSession, ok bool) {
	c, err := r.Cookie(adminCookie)
	if err != nil || c.Value == "" {
		return "", adminSession{}, false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok = a.sessions[c.Value]
	if ok && !a.now().Before(s.expires) {
		delete(a.sessions, c.Value)
		return "", adminSession{}, false
	}
	return c.Value, s, ok
}

// logout ends the session id.
func (a *adminAuth) logout(id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.sessions, id)
}

// randomString returns 32 random bytes in base64 (URL alphabet, no
// padding).
func randomString() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// bearer returns the token of r's "Authorization: Bearer" header, and
// whether it has one.
func bearer(r *http.Request) (string, bool) {
	return strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
}

// addrKey returns the key of r's client address in the wrong tokens'
// table.
func (s *Server) addrKey(r *http.Request) string {
	if k := wsconn.AddressKey(s.clientAddr(r)); k != "" {
		return k
	}
	return s.clientAddr(r)
}

// refuseWait answers 429 with Retry-After: the client must wait before
// trying a token again.
func refuseWait(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(wait)))
	http.Error(w, "too many wrong admin tokens from your address: try again in "+strconv.Itoa(retrySeconds(wait))+" s",
		http.StatusTooManyRequests)
}

// retrySeconds returns wait in whole seconds, rounded up, at least 1.
func retrySeconds(wait time.Duration) int {
	return max(1, int(math.Ceil(wait.Seconds())))
}

// setSessionCookie sets the session cookie id on w, Secure when r came
// over TLS (to the server, or to a trusted proxy in front: clientTLS); an
// empty id with maxAge -1 deletes it.
func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, id string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: adminCookie, Value: id, Path: "/admin", MaxAge: maxAge,
		HttpOnly: true, Secure: s.clientTLS(r), SameSite: http.SameSiteStrictMode})
}
