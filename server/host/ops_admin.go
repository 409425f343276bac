package host

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"empires/server/lobby"
	"empires/shared/protocol"
)

// adminTimeout bounds how long the admin view waits for the matches.
const adminTimeout = 5 * time.Second

// routeAdmin registers the admin's endpoints, each behind the admin token:
//
//   - GET /admin: an HTML page of the games (the token may be given as
//     ?token= there, for a browser);
//   - GET /admin/games: the same as JSON, lobby.AdminGame by game;
//   - POST /admin/games/{id}/kick?seat=N: closes that seat's connection
//     (lobby.Kick);
//   - POST /admin/games/{id}/end: ends the game, running, open or
//     suspended (lobby.End); the page's End buttons post it as a form with
//     the token in a field "token", and are sent back to the page.
//
// The token goes in the header "Authorization: Bearer TOKEN"; a request
// without it or with a wrong one gets 401.
func (s *Server) routeAdmin() {
	s.mux.HandleFunc("GET /admin", s.admin(true, s.adminPage))
	s.mux.HandleFunc("GET /admin/games", s.admin(false, s.adminGames))
	s.mux.HandleFunc("POST /admin/games/{id}/kick", s.admin(false, s.adminKick))
	s.mux.HandleFunc("POST /admin/games/{id}/end", s.admin(true, s.adminEnd))
}

// admin wraps h in the check of the admin token; query says whether the
// token may come as ?token= too, or for a POST as the form field "token"
// (a browser's form).
func (s *Server) admin(query bool, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		switch {
		case ok || !query:
		case r.Method == http.MethodPost:
			tok = r.PostFormValue("token")
		default:
			tok = r.URL.Query().Get("token")
		}
		if tok == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.AdminToken)) != 1 {
			s.log.Warn("admin request refused: no or wrong token", "remote", s.clientAddr(r), "path", r.URL.Path)
			w.Header().Set("WWW-Authenticate", `Bearer realm="empires admin"`)
			http.Error(w, "unauthorized: give the admin token as \"Authorization: Bearer TOKEN\"", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h(w, r)
	}
}

// games returns the lobby's games for the admin.
func (s *Server) games(r *http.Request) []lobby.AdminGame {
	ctx, cancel := context.WithTimeout(r.Context(), adminTimeout)
	defer cancel()
	return s.lobby.Games(ctx)
}

func (s *Server) adminGames(w http.ResponseWriter, r *http.Request) {
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

func (s *Server) adminEnd(w http.ResponseWriter, r *http.Request) {
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
	if tok := r.PostFormValue("token"); tok != "" { // the page's button: back to the page
		http.Redirect(w, r, "/admin?token="+url.QueryEscape(tok), http.StatusSeeOther)
		return
	}
	fmt.Fprintf(w, "ended %s\n", id)
}

func (s *Server) adminKick(w http.ResponseWriter, r *http.Request) {
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
	case errors.Is(err, lobby.ErrNotConnected):
		http.Error(w, err.Error(), http.StatusConflict)
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	default:
		fmt.Fprintf(w, "kicked %s of %s\n", protocol.Seat(seat), id)
	}
}

func (s *Server) adminPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		tok = r.URL.Query().Get("token")
	}
	data := struct {
		Server   string
		Time     string
		Conns    int
		Games    []lobby.AdminGame
		Token    string // for the End buttons' forms
		Suspends bool   // abandoned games are suspended, not ended
	}{s.cfg.Name, time.Now().Format(time.DateTime), int(s.openConns()), s.games(r), tok, s.store != nil}
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
<p>Games: {{len .Games}}. Connections: {{.Conns}}. At {{.Time}}.</p>
{{range .Games}}
<h2>{{.ID}}: {{.Name}}</h2>
<p>{{.Ruleset}}, {{.Width}}×{{.Height}}, {{.State}}{{if or (eq .State "running") (eq .State "over")}}, turn {{.Turn}}{{end}}{{if .Password}}, password{{end}}, {{.Spectators}} spectators{{if .CreatedBy}}, created from {{.CreatedBy}}{{end}}.</p>
{{if .Abandoned}}<p class="warn">Abandoned: no player connected for {{dur .IdleSeconds}}{{if ge .LeavesInSeconds 0}}; {{if $.Suspends}}suspended{{else}}ended{{end}} in {{dur .LeavesInSeconds}}{{end}}.</p>{{end}}
{{if eq .State "suspended"}}<p class="warn">Suspended{{if .IdleSeconds}}, no player for {{dur .IdleSeconds}}{{end}}: saved, holding no place; a player's seat token resumes it.</p>{{end}}
<form method="post" action="/admin/games/{{printf "%d" .ID}}/end" onsubmit="return confirm('End {{.ID}} for good? Its players cannot come back to it.')">
<input type="hidden" name="token" value="{{$.Token}}"><button>End {{.ID}}</button></form>
<table>
<tr><th>Seat</th><th>Name</th><th>Player</th><th>Connected</th><th>Ready</th><th>AI playing</th><th>Missed turns</th></tr>
{{range .Seats}}<tr>
<td>{{printf "%d" .Seat}}</td><td>{{.Name}}</td>
<td>{{if .Bot}}bot{{else if .Taken}}person{{if .Out}} (out){{end}}{{else}}<span class="no">open</span>{{end}}</td>
<td>{{if .Connected}}yes{{else}}<span class="no">no</span>{{end}}</td>
<td>{{if .Ready}}yes{{else}}<span class="no">no</span>{{end}}</td>
<td>{{if .AIPlaying}}yes{{else}}<span class="no">no</span>{{end}}</td>
<td>{{.MissedTurns}}</td>
</tr>{{end}}
</table>
{{else}}<p>No games.</p>{{end}}
<p>To kick a seat's player (they may come back with their seat token):<br>
<code>curl -X POST -H "Authorization: Bearer TOKEN" http://HOST/admin/games/GAME/kick?seat=N</code><br>
To end a game for good (what its End button does):<br>
<code>curl -X POST -H "Authorization: Bearer TOKEN" http://HOST/admin/games/GAME/end</code></p>
</body></html>
`))
