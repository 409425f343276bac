package host

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"empires/server/lobby"
	"empires/shared/protocol"
)

// adminTimeout bounds how long the admin view waits for the matches.
const adminTimeout = 5 * time.Second

// routeAdmin registers the admin's endpoints, each behind the admin's
// sign-in (adminAuth):
//
//   - GET /admin: an HTML page of the games, with End and Kick buttons;
//     without a session, a login form;
//   - POST /admin/login: the login form's token (field "token"): right, it
//     starts a session (a cookie) and goes back to /admin;
//   - POST /admin/logout: ends the session;
//   - GET /admin/games: the games as JSON, lobby.AdminGame by game;
//   - POST /admin/games/{id}/kick?seat=N: closes that seat's connection
//     (lobby.Kick);
//   - POST /admin/games/{id}/end: ends the game, running, open or
//     suspended (lobby.End).
//
// A script gives the token in the header "Authorization: Bearer TOKEN"
// with each request; a browser logs in once and its forms carry the
// session's CSRF value. A request without either gets 401 (GET /admin: the
// login form), a POST of a session without its CSRF value 403, a token
// in the URL (?token=) 400 and a page saying to log in. Wrong tokens are
// counted by client address (AdminBackoff): an address in backoff gets
// 429 and Retry-After for any token, the right one too.
func (s *Server) routeAdmin() {
	now := time.Now
	if s.cfg.Clock != nil {
		now = s.cfg.Clock.Now
	}
	a := newAdminAuth(s.cfg.AdminToken, now)
	s.mux.HandleFunc("GET /admin", s.admin(a, s.adminPage))
	s.mux.HandleFunc("POST /admin/login", s.adminLogin(a))
	s.mux.HandleFunc("POST /admin/logout", s.admin(a, func(w http.ResponseWriter, r *http.Request, _ string) {
		if id, _, ok := a.session(r); ok {
			a.logout(id)
		}
		s.setSessionCookie(w, r, "", -1)
		s.log.Info("admin logged out", "remote", s.clientAddr(r))
		http.Redirect(w, r, "/admin", http.StatusSeeOther)
	}))
	s.mux.HandleFunc("GET /admin/games", s.admin(a, s.adminGames))
	s.mux.HandleFunc("POST /admin/games/{id}/kick", s.admin(a, s.adminKick))
	s.mux.HandleFunc("POST /admin/games/{id}/end", s.admin(a, s.adminEnd))
}

// adminHandler is an admin's endpoint; csrf is the session's CSRF value
// for a browser's request, empty for a script's (bearer token).
type adminHandler func(w http.ResponseWriter, r *http.Request, csrf string)

// adminForm is the most bytes an admin's form may have.
const adminForm = 64 << 10

// admin wraps h in the admin's sign-in: a bearer token (throttled by
// address), or a session cookie and, for a POST, its CSRF field.
func (s *Server) admin(a *adminAuth, h adminHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.Method == http.MethodPost {
			r.Body = http.MaxBytesReader(w, r.Body, adminForm)
		}
		if tok, ok := bearer(r); ok {
			switch res, wait := a.check(s.addrKey(r), tok); res {
			case tokenWait:
				s.log.Warn("admin request refused: too many wrong tokens", "remote", s.clientAddr(r), "path", r.URL.Path,
					"wait", wait.Round(time.Millisecond))
				refuseWait(w, wait)
			case tokenWrong:
				s.log.Warn("admin request refused: wrong token", "remote", s.clientAddr(r), "path", r.URL.Path)
				w.Header().Set("WWW-Authenticate", `Bearer realm="empires admin"`)
				http.Error(w, "unauthorized: wrong admin token", http.StatusUnauthorized)
			default:
				h(w, r, "")
			}
			return
		}
		if r.URL.Query().Has("token") {
			// The token in a URL stays in the browser's history and the
			// proxies' logs: it is not read, nor logged.
			s.log.Warn("admin request refused: a token in the address is not read", "remote", s.clientAddr(r), "path", r.URL.Path)
			s.loginPage(w, http.StatusBadRequest, "The admin token is not read from the address (it would stay in the browser's history "+
				"and the proxies' logs): log in here. If you typed it in an address, change it.")
			return
		}
		_, sess, ok := a.session(r)
		if !ok {
			if r.Method == http.MethodGet && r.URL.Path == "/admin" {
				s.loginPage(w, http.StatusUnauthorized, "")
				return
			}
			w.Header().Set("WWW-Authenticate", `Bearer realm="empires admin"`)
			http.Error(w, "unauthorized: give the admin token as \"Authorization: Bearer TOKEN\", or log in at /admin", http.StatusUnauthorized)
			return
		}
		if r.Method == http.MethodPost && subtle.ConstantTimeCompare([]byte(r.PostFormValue(csrfField)), []byte(sess.csrf)) != 1 {
			s.log.Warn("admin request refused: a session's form without its CSRF value", "remote", s.clientAddr(r), "path", r.URL.Path)
			http.Error(w, "forbidden: this form is not from this session's admin page: reload /admin and try again", http.StatusForbidden)
			return
		}
		h(w, r, sess.csrf)
	}
}

// adminLogin is POST /admin/login: the token in the form field "token".
// Right, it starts a session and sends the browser back to /admin; wrong,
// or while the address is in backoff, it shows the form again with why.
func (s *Server) adminLogin(a *adminAuth) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		r.Body = http.MaxBytesReader(w, r.Body, adminForm)
		switch res, wait := a.check(s.addrKey(r), r.PostFormValue("token")); res {
		case tokenWait:
			s.log.Warn("admin login refused: too many wrong tokens", "remote", s.clientAddr(r), "wait", wait.Round(time.Millisecond))
			w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(wait)))
			s.loginPage(w, http.StatusTooManyRequests,
				fmt.Sprintf("Too many wrong tokens from your address: try again in %d s.", retrySeconds(wait)))
		case tokenWrong:
			s.log.Warn("admin login refused: wrong token", "remote", s.clientAddr(r))
			s.loginPage(w, http.StatusUnauthorized, "Wrong token.")
		default:
			id, _ := a.login()
			s.setSessionCookie(w, r, id, int(adminSessionFor.Seconds()))
			s.log.Info("admin logged in", "remote", s.clientAddr(r))
			http.Redirect(w, r, "/admin", http.StatusSeeOther)
		}
	}
}

// loginPage answers code with the login form and msg above it.
func (s *Server) loginPage(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	if err := loginTmpl.Execute(w, struct{ Server, Msg string }{s.cfg.Name, msg}); err != nil {
		s.log.Warn("admin login page", "err", err)
	}
}

// loginTmpl is the admin's login form.
var loginTmpl = template.Must(template.New("login").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<title>{{.Server}}: admin login</title>
<style>body { font-family: sans-serif; margin: 2em; } .warn { color: #a40; }</style></head><body>
<h1>{{.Server}}: admin</h1>
{{if .Msg}}<p class="warn">{{.Msg}}</p>{{end}}
<form method="post" action="/admin/login">
<label>Admin token <input type="password" name="token" autocomplete="current-password" autofocus></label>
<button>Log in</button></form>
</body></html>
`))

// games returns the lobby's games for the admin.
func (s *Server) games(r *http.Request) []lobby.AdminGame {
	ctx, cancel := context.WithTimeout(r.Context(), adminTimeout)
	defer cancel()
	return s.lobby.Games(ctx)
}

func (s *Server) adminGames(w http.ResponseWriter, r *http.Request, _ string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(s.games(r))
}

// gameID returns the game of a request's path, or answers 404 and returns
// false.
func gameID(w http.ResponseWriter, r *http.Request) (protocol.GameID, bool) {
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 32)
	if err != nil || id == 0 {
		http.Error(w, fmt.Sprintf("no game %q: give the game's number", r.PathValue("id")), http.StatusNotFound)
		return 0, false
	}
	return protocol.GameID(id), true
}

func (s *Server) adminEnd(w http.ResponseWriter, r *http.Request, csrf string) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), adminTimeout)
	defer cancel()
	err := s.lobby.End(ctx, id)
	switch {
	case errors.Is(err, lobby.ErrNoGame):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	case err != nil:
		s.log.Error("the admin could not end a game", "game", uint32(id), "err", err)
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.log.Info("game ended by the admin", "game", uint32(id), "remote", s.clientAddr(r))
	if csrf != "" { // the page's button: back to the page
		http.Redirect(w, r, "/admin", http.StatusSeeOther)
		return
	}
	fmt.Fprintf(w, "ended %s\n", id)
}

func (s *Server) adminKick(w http.ResponseWriter, r *http.Request, csrf string) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	seat, err := strconv.ParseUint(r.URL.Query().Get("seat"), 10, 8)
	if err != nil || seat == 0 {
		http.Error(w, fmt.Sprintf("seat=%q: give the seat's number, 1 or more", r.URL.Query().Get("seat")), http.StatusBadRequest)
		return
	}
	err = s.lobby.Kick(id, protocol.Seat(seat))
	switch {
	case errors.Is(err, lobby.ErrNoGame), errors.Is(err, lobby.ErrNoSeat):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	case errors.Is(err, lobby.ErrNotConnected):
		http.Error(w, err.Error(), http.StatusConflict)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.log.Info("player kicked by the admin", "game", uint32(id), "seat", seat, "remote", s.clientAddr(r))
	if csrf != "" { // the page's button: back to the page
		http.Redirect(w, r, "/admin", http.StatusSeeOther)
		return
	}
	fmt.Fprintf(w, "kicked %s of %s\n", protocol.Seat(seat), id)
}

// adminPage is GET /admin: the games, and for a session the End, Kick and
// Log out buttons, each a form that carries the session's CSRF value.
func (s *Server) adminPage(w http.ResponseWriter, r *http.Request, csrf string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	data := struct {
		Server   string
		Time     string
		Conns    int
		Games    []lobby.AdminGame
		CSRF     string // for the buttons' forms; empty: no buttons (a script's request)
		Suspends bool   // abandoned games are suspended, not ended
	}{s.cfg.Name, time.Now().Format(time.DateTime), int(s.openConns()), s.games(r), csrf, s.store != nil}
	if err := adminTmpl.Execute(w, data); err != nil {
		s.log.Warn("admin page", "err", err)
	}
}

// adminTmpl is the admin's page. It reloads itself every 10 seconds.
var adminTmpl = template.Must(template.New("admin").Funcs(template.FuncMap{
	"dur": func(sec int64) string { return (time.Duration(sec) * time.Second).String() },
}).Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="10">
<title>{{.Server}}: games</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #bbb; padding: .25em .6em; text-align: left; }
th { background: #eee; }
.no { color: #999; }
.warn { color: #a40; }
</style></head><body>
<h1>{{.Server}}</h1>
{{if .CSRF}}<form method="post" action="/admin/logout"><input type="hidden" name="csrf" value="{{.CSRF}}"><button>Log out</button></form>{{end}}
<p>Games: {{len .Games}}. Connections: {{.Conns}}. At {{.Time}}.</p>
{{range .Games}}
<h2>{{.ID}}: {{.Name}}</h2>
<p>{{.Ruleset}}, {{.Width}}×{{.Height}}, {{.State}}{{if or (eq .State "running") (eq .State "over")}}, turn {{.Turn}}{{end}}{{if .Password}}, password{{end}}, {{.Spectators}} spectators{{if .CreatedBy}}, created from {{.CreatedBy}}{{end}}.</p>
{{if .Abandoned}}<p class="warn">Abandoned: no player connected for {{dur .IdleSeconds}}{{if ge .LeavesInSeconds 0}}; {{if $.Suspends}}suspended{{else}}ended{{end}} in {{dur .LeavesInSeconds}}{{end}}.</p>{{end}}
{{if eq .State "suspended"}}<p class="warn">Suspended{{if .IdleSeconds}}, no player for {{dur .IdleSeconds}}{{end}}: saved, holding no place; a player's seat token resumes it.</p>{{end}}
{{if $.CSRF}}<form method="post" action="/admin/games/{{printf "%d" .ID}}/end" onsubmit="return confirm('End {{.ID}} for good? Its players cannot come back to it.')">
<input type="hidden" name="csrf" value="{{$.CSRF}}"><button>End {{.ID}}</button></form>{{end}}
<table>
<tr><th>Seat</th><th>Name</th><th>Player</th><th>Connected</th><th>Ready</th><th>AI playing</th><th>Missed turns</th>{{if $.CSRF}}<th></th>{{end}}</tr>
{{$game := .ID}}{{range .Seats}}<tr>
<td>{{printf "%d" .Seat}}</td><td>{{.Name}}</td>
<td>{{if .Bot}}bot{{else if .Taken}}person{{if .Out}} (out){{end}}{{else}}<span class="no">open</span>{{end}}</td>
<td>{{if .Connected}}yes{{else}}<span class="no">no</span>{{end}}</td>
<td>{{if .Ready}}yes{{else}}<span class="no">no</span>{{end}}</td>
<td>{{if .AIPlaying}}yes{{else}}<span class="no">no</span>{{end}}</td>
<td>{{.MissedTurns}}</td>
{{if $.CSRF}}<td>{{if and .Connected (not .Bot)}}<form method="post" action="/admin/games/{{printf "%d" $game}}/kick?seat={{printf "%d" .Seat}}">
<input type="hidden" name="csrf" value="{{$.CSRF}}"><button>Kick</button></form>{{end}}</td>{{end}}
</tr>{{end}}
</table>
{{else}}<p>No games.</p>{{end}}
<p>To kick a seat's player (they may come back with their seat token):<br>
<code>curl -X POST -H "Authorization: Bearer TOKEN" http://HOST/admin/games/GAME/kick?seat=N</code><br>
To end a game for good (what its End button does):<br>
<code>curl -X POST -H "Authorization: Bearer TOKEN" http://HOST/admin/games/GAME/end</code></p>
</body></html>
`))
