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
//     (lobby.Kick).
//
// The token goes in the header "Authorization: Bearer TOKEN"; a request
// without it or with a wrong one gets 401.
func (s *Server) routeAdmin() {
	s.mux.HandleFunc("GET /admin", s.admin(true, s.adminPage))
	s.mux.HandleFunc("GET /admin/games", s.admin(false, s.adminGames))
	s.mux.HandleFunc("POST /admin/games/{id}/kick", s.admin(false, s.adminKick))
}

// admin wraps h in the check of the admin token; query says whether the
// token may come as ?token= too.
func (s *Server) admin(query bool, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok && query {
			tok = r.URL.Query().Get("token")
		}
		if tok == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.AdminToken)) != 1 {
			s.log.Warn("admin request refused: no or wrong token", "remote", r.RemoteAddr, "path", r.URL.Path)
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

func (s *Server) adminKick(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 32)
	if err != nil || id == 0 {
		http.Error(w, fmt.Sprintf("no game %q: give the game's number", r.PathValue("id")), http.StatusNotFound)
		return
	}
	seat, err := strconv.ParseUint(r.URL.Query().Get("seat"), 10, 8)
	if err != nil || seat == 0 {
		http.Error(w, fmt.Sprintf("seat=%q: give the seat's number, 1 or more", r.URL.Query().Get("seat")), http.StatusBadRequest)
		return
	}
	err = s.lobby.Kick(protocol.GameID(id), protocol.Seat(seat))
	switch {
	case errors.Is(err, lobby.ErrNoGame), errors.Is(err, lobby.ErrNoSeat):
		http.Error(w, err.Error(), http.StatusNotFound)
	case errors.Is(err, lobby.ErrNotConnected):
		http.Error(w, err.Error(), http.StatusConflict)
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	default:
		fmt.Fprintf(w, "kicked %s of %s\n", protocol.Seat(seat), protocol.GameID(id))
	}
}

func (s *Server) adminPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	data := struct {
		Server string
		Time   string
		Conns  int
		Games  []lobby.AdminGame
	}{s.cfg.Name, time.Now().Format(time.DateTime), int(s.openConns()), s.games(r)}
	if err := adminTmpl.Execute(w, data); err != nil {
		s.log.Warn("admin page", "err", err)
	}
}

// adminTmpl is the admin's page. It reloads itself every 10 seconds.
var adminTmpl = template.Must(template.New("admin").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="10">
<title>{{.Server}}: games</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #bbb; padding: .25em .6em; text-align: left; }
th { background: #eee; }
.no { color: #999; }
</style></head><body>
<h1>{{.Server}}</h1>
<p>Games: {{len .Games}}. Connections: {{.Conns}}. At {{.Time}}.</p>
{{range .Games}}
<h2>{{.ID}}: {{.Name}}</h2>
<p>{{.Ruleset}}, {{.Width}}×{{.Height}}, {{.State}}{{if ne .State "lobby"}}, turn {{.Turn}}{{end}}{{if .Password}}, password{{end}}, {{.Spectators}} spectators.</p>
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
<code>curl -X POST -H "Authorization: Bearer TOKEN" http://HOST/admin/games/GAME/kick?seat=N</code></p>
</body></html>
`))
