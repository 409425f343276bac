package main

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"empires/server/host"
	"empires/server/lobby"
	"empires/server/throttle"
	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// The tables of docs/protocol.md that a client writer reads for the
// server's numbers, checked against the code, row by row, whatever rows
// they hold: a row the code does not back, and a number or name of the
// code that no row gives, fail the test naming the row.

// docRow is a row of a table of docs/protocol.md: its cells, trimmed.
type docRow struct {
	line  int // from 1
	cells []string
}

func (r docRow) String() string {
	return fmt.Sprintf("docs/protocol.md:%d: | %s |", r.line, strings.Join(r.cells, " | "))
}

// readDoc returns the lines of docs/protocol.md.
func readDoc(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

// docTable returns the rows of the first table after the first line of
// lines that holds marker, without its header and separator; each row must
// have the header's number of cells.
func docTable(t *testing.T, lines []string, marker string) []docRow {
	t.Helper()
	at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, marker) })
	if at < 0 {
		t.Fatalf("docs/protocol.md has no line with %q", marker)
	}
	isRow := func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "|") }
	i := at + 1
	for i < len(lines) && !isRow(lines[i]) {
		i++
	}
	if i+1 >= len(lines) {
		t.Fatalf("docs/protocol.md has no table after %q", marker)
	}
	width := len(cells(lines[i]))
	var rows []docRow
	for i += 2; i < len(lines) && isRow(lines[i]); i++ {
		r := docRow{line: i + 1, cells: cells(lines[i])}
		if len(r.cells) != width {
			t.Errorf("%v: %d cells, the table's header has %d", r, len(r.cells), width)
			continue
		}
		rows = append(rows, r)
	}
	return rows
}

// cells splits a table line into its trimmed cells.
func cells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	out := strings.Split(line, "|")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

var leadingQuoted = regexp.MustCompile("^`([^`]*)`")

// quotedPrefix returns the `quoted` strings a cell starts with, separated
// by ", ": `a`, `b` (then anything) gives a and b.
func quotedPrefix(cell string) []string {
	var out []string
	for {
		m := leadingQuoted.FindStringSubmatch(cell)
		if m == nil {
			return out
		}
		out = append(out, m[1])
		cell = strings.TrimPrefix(cell[len(m[0]):], ", ")
	}
}

// errorCodes are the protocol's error codes by their Go names, as the
// errors table names them.
var errorCodes = map[string]protocol.ErrorCode{
	"BadVersion": protocol.BadVersion, "Malformed": protocol.Malformed, "UnknownType": protocol.UnknownType,
	"WrongGame": protocol.WrongGame, "NotAllowed": protocol.NotAllowed, "BadPassword": protocol.BadPassword,
	"GameFull": protocol.GameFull, "NoSuchGame": protocol.NoSuchGame, "RateLimited": protocol.RateLimited,
	"TooLarge": protocol.TooLarge, "Internal": protocol.Internal, "Invalid": protocol.Invalid,
	"BadToken": protocol.BadToken, "WrongTurn": protocol.WrongTurn, "Unavailable": protocol.Unavailable,
}

// TestDocErrorCodes: section 6 gives each error code its number, its name
// (ErrorCode.String) and its Go name, and leaves none out.
func TestDocErrorCodes(t *testing.T) {
	seen := map[protocol.ErrorCode]bool{}
	for _, r := range docTable(t, readDoc(t), "## 6. Errors") {
		n, err := strconv.Atoi(r.cells[0])
		if err != nil || n < 1 || n > 255 {
			t.Errorf("%v: %q is no error code", r, r.cells[0])
			continue
		}
		c := protocol.ErrorCode(n)
		if have := c.String(); have != r.cells[1] {
			t.Errorf("%v: code %d is named %q in the code", r, n, have)
		}
		names := quotedPrefix(r.cells[2])
		if len(names) != 1 || errorCodes[names[0]] != c {
			t.Errorf("%v: the meaning must start with the code's Go name, `%s`", r, goName(c))
		}
		seen[c] = true
	}
	for c := protocol.ErrorCode(1); !strings.HasPrefix(c.String(), "error code"); c++ {
		if !seen[c] {
			t.Errorf("docs/protocol.md, section 6: no row for error code %d (%s)", c, c)
		}
		if goName(c) == "" {
			t.Errorf("error code %d (%s) is not in this test's errorCodes", c, c)
		}
	}
}

// goName returns the Go name of c, "" if errorCodes lacks it.
func goName(c protocol.ErrorCode) string {
	for name, code := range errorCodes {
		if code == c {
			return name
		}
	}
	return ""
}

// closeReason is a way the server closes a connection: the status, the
// reason (in Bye and the close frame; "" when no fixed reason: the
// client's close, a refused Hello's Error message), and whether a Bye
// comes first.
type closeReason struct {
	status int
	reason string
	bye    bool
}

// serverCloses are every way the server closes a connection, from the
// code's reasons (wsconn, lobby, host) with the default limits and
// timings; the 1009 reason is that of a message of 8 MiB.
func serverCloses() []closeReason {
	l := protocol.DefaultLimits()
	return []closeReason{
		{1000, "", false},
		{1001, wsconn.ReasonShutdown, true},
		{1001, protocol.ReasonHostEnded, true},
		{1008, wsconn.ReasonVersion, false},
		{1008, wsconn.ReasonNoHello(protocol.HelloTimeout), true},
		{1008, wsconn.ReasonIdle(protocol.IdleTimeout), true},
		{1008, wsconn.ReasonSlow, true},
		{1008, wsconn.ReasonFlooding(l.MessagesPerSecond), true},
		{1008, lobby.ReasonTooMuchWork, true},
		{1008, lobby.ReasonTakenOver, true},
		{1008, lobby.ReasonKicked, true},
		{1009, (&wsconn.TooBigError{Size: 8 << 20, Limit: int64(l.MaxClientMessage)}).Error(), true},
		{1011, wsconn.ReasonInternal, true},
		{1013, "", true},
		{1013, wsconn.ReasonBusy, true},
		{1013, wsconn.ReasonAddressBusy, true},
	}
}

// TestDocCloseCodes: the table of section 1, "Closing", gives every way
// the server closes a connection, with its status, its reason (the `quoted`
// strings its "when" starts with; a row without one is for a close
// without a fixed reason) and whether a Bye comes first; and no other.
func TestDocCloseCodes(t *testing.T) {
	want := serverCloses()
	found := make([]bool, len(want))
	for _, r := range docTable(t, readDoc(t), "- **Closing.**") {
		status, err := strconv.Atoi(strings.Fields(r.cells[0])[0])
		if err != nil {
			t.Errorf("%v: %q is no status", r, r.cells[0])
			continue
		}
		bye := r.cells[2] == "yes"
		if !bye && r.cells[2] != "no" {
			t.Errorf("%v: Bye first is %q, not yes or no", r, r.cells[2])
		}
		reasons := quotedPrefix(r.cells[1])
		if len(reasons) == 0 {
			reasons = []string{""}
		}
		for _, reason := range reasons {
			i := slices.IndexFunc(want, func(c closeReason) bool { return c.status == status && c.reason == reason })
			switch {
			case i < 0 && reason == "":
				t.Errorf("%v: the server closes with %d only with a reason of its own", r, status)
			case i < 0:
				t.Errorf("%v: the server never closes with %d %q", r, status, reason)
			case want[i].bye != bye:
				t.Errorf("%v: Bye first for %d %q is %v in the code", r, status, reason, want[i].bye)
			default:
				found[i] = true
			}
		}
	}
	for i, c := range want {
		if !found[i] {
			t.Errorf("docs/protocol.md, section 1: no row for the close %d %q (Bye first: %v)", c.status, c.reason, c.bye)
		}
	}
}

// docConfig is the dedicated server's configuration with no flags, on a
// loopback port of its own.
func docConfig(t *testing.T) *config {
	t.Helper()
	cfg := defaultConfig()
	cfg.addr = "127.0.0.1:0"
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg.host.Rulesets, cfg.host.Builtin = reg, reg
	return &cfg
}

var leadingNumber = regexp.MustCompile(`^(\d[\d,]*)\s*(KiB|MiB|GiB)?`)

// docNumber reads the number a cell starts with ("1 MiB (-max-message)",
// "4,096"), and whether it starts with one.
func docNumber(cell string) (int64, bool) {
	m := leadingNumber.FindStringSubmatch(cell)
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
	if err != nil {
		return 0, false
	}
	switch m[2] {
	case "KiB":
		n <<= 10
	case "MiB":
		n <<= 20
	case "GiB":
		n <<= 30
	}
	return n, true
}

// TestDocLimits: section 7's table of Welcome.Limits gives every field, at
// its place in the message, with its type and the default a server run
// with no flags announces in its Welcome.
func TestDocLimits(t *testing.T) {
	srv := startServer(t, docConfig(t), nil)
	announced := reflect.ValueOf(connect(t, srv.url(), "Ann").limits)
	typ := announced.Type()
	seen := map[string]bool{}
	for _, r := range docTable(t, readDoc(t), "`Welcome.Limits` says what the server enforces") {
		name := strings.Trim(r.cells[1], "`")
		f, ok := typ.FieldByName(name)
		if !ok {
			t.Errorf("%v: Limits has no field %s", r, name)
			continue
		}
		seen[name] = true
		if r.cells[0] != strconv.Itoa(f.Index[0]) {
			t.Errorf("%v: %s is field %d of Limits", r, name, f.Index[0])
		}
		if r.cells[2] != f.Type.Kind().String() {
			t.Errorf("%v: %s is of type %s", r, name, f.Type.Kind())
		}
		have, ok := docNumber(r.cells[3])
		switch v := announced.FieldByIndex(f.Index); {
		case !ok:
			t.Errorf("%v: the default %q is no number", r, r.cells[3])
		case !v.CanInt():
			t.Errorf("%v: %s is no integer: this test cannot read its default", r, name)
		case have != v.Int():
			t.Errorf("%v: the server announces %s %d by default", r, name, v.Int())
		}
	}
	for i := range typ.NumField() {
		if !seen[typ.Field(i).Name] {
			t.Errorf("docs/protocol.md, section 7: no row for Limits.%s", typ.Field(i).Name)
		}
	}
}

// contentLimit is a limit of section 7's table of content limits: the
// limit as the table words it, from the code's constants, the code of the
// Error past it (0: no Error), and a probe that sends the server a
// message past it and returns the code of the Error it answers (nil: the
// limit is tested elsewhere).
type contentLimit struct {
	limit string
	code  protocol.ErrorCode
	probe func(t *testing.T, url string) protocol.ErrorCode
}

// helloError says Hello with h and returns the code of the Error that
// answers it, 0 for a Welcome.
func helloError(t *testing.T, url string, h protocol.Hello) protocol.ErrorCode {
	t.Helper()
	c := dial(t, url, "probe")
	h.Version = protocol.Version
	c.send(&h)
	_, msg, err := c.recv()
	if err != nil {
		t.Fatalf("after Hello: %v", err)
	}
	if e, ok := msg.(*protocol.Error); ok {
		return e.Code
	}
	return 0
}

// answerError connects, sends msg and returns the code of the Error
// that answers it, 0 for another answer.
func answerError(t *testing.T, url string, msg protocol.Message) protocol.ErrorCode {
	t.Helper()
	c := connect(t, url, "Ann")
	seq := c.send(msg)
	for {
		env, m, err := c.recv()
		if err != nil {
			t.Fatalf("after %T: %v", msg, err)
		}
		if env.Reply != seq {
			continue
		}
		if e, ok := m.(*protocol.Error); ok {
			return e.Code
		}
		return 0
	}
}

// createWith returns a probe that creates a game of small settings
// changed by change.
func createWith(change func(*protocol.Settings)) func(t *testing.T, url string) protocol.ErrorCode {
	return func(t *testing.T, url string) protocol.ErrorCode {
		set := protocol.Settings{Ruleset: "erfworld", Width: 16, Height: 16, Seats: 2, Bots: 1}
		change(&set)
		return answerError(t, url, &protocol.CreateGame{Settings: set})
	}
}

// holdGame makes c create a game of one human and a bot, start it and
// leave it: the game runs on, and counts as one c created.
func holdGame(t *testing.T, c *tclient) {
	t.Helper()
	c.send(&protocol.CreateGame{Settings: protocol.Settings{Ruleset: "erfworld", Width: 16, Height: 16, Seats: 2, Bots: 1}})
	expect[*protocol.Joined](c)
	c.send(&protocol.SetReady{Ready: true}) // every human seat taken and ready: it starts
	for {
		if _, m, err := c.recv(); err != nil {
			t.Fatal(err)
		} else if _, ok := m.(*protocol.FullView); ok {
			break
		}
	}
	c.send(&protocol.LeaveGame{})
}

// lastCreate holds games from conns connections (one each, from the same
// address), then returns the code of the Error that answers the next
// CreateGame of the last of them.
func lastCreate(conns int) func(t *testing.T, url string) protocol.ErrorCode {
	return func(t *testing.T, url string) protocol.ErrorCode {
		var c *tclient
		for i := range conns {
			c = connect(t, url, fmt.Sprintf("Host%d", i+1))
			holdGame(t, c)
		}
		if conns > 1 {
			c = connect(t, url, "Another")
		}
		seq := c.send(&protocol.CreateGame{Settings: protocol.Settings{Ruleset: "erfworld", Width: 16, Height: 16, Seats: 2, Bots: 1}})
		for {
			env, m, err := c.recv()
			if err != nil {
				t.Fatal(err)
			}
			if e, ok := m.(*protocol.Error); ok && env.Reply == seq {
				return e.Code
			}
			if _, ok := m.(*protocol.Joined); ok {
				return 0
			}
		}
	}
}

// contentLimits are the limits of section 7's table of content limits,
// by the table's first cell.
func contentLimits() map[string]contentLimit {
	long := func(n int) string { return strings.Repeat("a", n+1) }
	return map[string]contentLimit{
		"player name (`Hello.Name`)": {fmt.Sprintf("1 to %d printable characters, no space at either end", protocol.MaxNameLen), protocol.Invalid,
			func(t *testing.T, url string) protocol.ErrorCode {
				return helloError(t, url, protocol.Hello{Name: long(protocol.MaxNameLen)})
			}},
		"client name (`Hello.Client`)": {fmt.Sprintf("%d printable characters", protocol.MaxClientLen), protocol.Invalid,
			func(t *testing.T, url string) protocol.ErrorCode {
				return helloError(t, url, protocol.Hello{Name: "Ann", Client: long(protocol.MaxClientLen)})
			}},
		"client build (`Hello.Build`)": {fmt.Sprintf("%d printable characters", protocol.MaxBuildLen), protocol.Invalid,
			func(t *testing.T, url string) protocol.ErrorCode {
				return helloError(t, url, protocol.Hello{Name: "Ann", Build: long(protocol.MaxBuildLen)})
			}},
		"game name": {fmt.Sprintf("%d printable characters", protocol.MaxGameNameLen), protocol.Invalid,
			createWith(func(s *protocol.Settings) { s.Name = long(protocol.MaxGameNameLen) })},
		"chat line": {fmt.Sprintf("1 to %d printable characters, not blank", protocol.MaxChatLen), protocol.Invalid,
			func(t *testing.T, url string) protocol.ErrorCode {
				return answerError(t, url, &protocol.Chat{Text: long(protocol.MaxChatLen)})
			}},
		"password": {fmt.Sprintf("%d bytes, printable", protocol.MaxPasswordLen), protocol.Invalid,
			func(t *testing.T, url string) protocol.ErrorCode {
				return answerError(t, url, &protocol.JoinGame{Game: 1, Password: long(protocol.MaxPasswordLen)})
			}},
		"ruleset ID, AI level, option key": {fmt.Sprintf("%d bytes", protocol.MaxRulesetLen), protocol.Invalid,
			func(t *testing.T, url string) protocol.ErrorCode {
				return answerError(t, url, &protocol.GetRules{Ruleset: long(protocol.MaxRulesetLen)})
			}},
		"options": {strconv.Itoa(protocol.MaxOptions), protocol.Invalid,
			createWith(func(s *protocol.Settings) { s.Options = make([]protocol.Option, protocol.MaxOptions+1) })},
		"map side": {fmt.Sprintf("%d to %d, and what the ruleset's settings allow", protocol.MinMapSide, protocol.MaxMapSide), protocol.Invalid,
			createWith(func(s *protocol.Settings) { s.Width = protocol.MaxMapSide + 1 })},
		"seats": {fmt.Sprintf("%d to %d, and the ruleset's `MinSeats`..`MaxSeats`; a map holds a limited number of players",
			protocol.MinSeats, protocol.MaxSeats), protocol.Invalid,
			createWith(func(s *protocol.Settings) { s.Seats = protocol.MaxSeats + 1 })},
		"bots": {"0 to seats-1", protocol.Invalid, createWith(func(s *protocol.Settings) { s.Bots = s.Seats })},
		"turn timer": {fmt.Sprintf("0, or %d s to %d h", protocol.MinTurnSeconds, protocol.MaxTurnSeconds/3600), protocol.Invalid,
			createWith(func(s *protocol.Settings) { s.TurnSeconds = protocol.MinTurnSeconds - 1 })},
		"seat set-up data (`SetSeatData.Data`)": {fmt.Sprintf("%d bytes (`MaxSeatData`)", protocol.MaxSeatData), protocol.TooLarge,
			func(t *testing.T, url string) protocol.ErrorCode {
				return answerError(t, url, &protocol.SetSeatData{Data: make([]byte, protocol.MaxSeatData+1)})
			}},
		// Past MaxOrders: server/lobby's TestTooManyOrders sends 4097 orders.
		"orders in one `SubmitOrders`":             {fmt.Sprintf("%d (`Limits.MaxOrders`)", protocol.DefaultLimits().MaxOrders), protocol.TooLarge, nil},
		"hexes in one order's path (hex rulesets)": {strconv.Itoa(game.MaxPathLength), 0, nil},
		// Past them: server/lobby's TestCreate fills a server, TestGameMemory
		// its memory, TestOpenFor and TestIdleSuspended wait
		// on a fake clock, server's TestLobbyNotHeld does it all from
		// several addresses.
		"games in the server's memory": {fmt.Sprintf("%d (`-max-games`), and %d MiB (`-game-memory`; a game is charged %d bytes and %d a hex of its map)",
			lobby.DefaultMaxGames, lobby.DefaultGameMemory>>20, lobby.GameCostBase, lobby.GameCostHex), protocol.Unavailable, nil},
		"games a connection created, open or running": {fmt.Sprintf("%d (`-games-per-conn`; 0: no limit)", host.DefaultGamesPerConn),
			protocol.NotAllowed, lastCreate(host.DefaultGamesPerConn)},
		"games the connections of one network address created, open, running, or suspended in the last " + lobby.DefaultSuspendedHold.String(): {
			fmt.Sprintf("%d (`-games-per-addr`; 0: no limit)", host.DefaultGamesPerAddr), protocol.NotAllowed, lastCreate(host.DefaultGamesPerAddr)},
		"a game not started": {lobby.DefaultOpenFor.String() + " after its creation (`-open-for`; 0: never)", 0, nil},
		"a started game without an action of its players (orders, an action, readiness, chat, taking a seat)": {
			lobby.DefaultIdleAfter.String() + " (`-idle-after`; 0: never), or a turn of its timer if longer; a sixth of it when the server is full; only with `-data`",
			0, nil},
		"connections": {fmt.Sprintf("%d (`-max-conns`), %d from one network address (`-conns-per-addr`; 0: no limit)",
			host.DefaultConfig().MaxConns, host.DefaultConnsPerAddr), 0, nil},
	}
}

// TestDocContentLimits: each row of section 7's table of content limits
// gives the limit of the code's constants and the Error a server run with
// no flags answers past it, which a probe checks where it can; and every
// limit of the code has a row.
func TestDocContentLimits(t *testing.T) {
	limits := contentLimits()
	seen := map[string]bool{}
	for _, r := range docTable(t, readDoc(t), "Past the limits on content") {
		l, ok := limits[r.cells[0]]
		if !ok {
			t.Errorf("%v: no such limit in this test's contentLimits: add it, from the code's constants", r)
			continue
		}
		seen[r.cells[0]] = true
		if r.cells[1] != l.limit {
			t.Errorf("%v: the code's limit is %q", r, l.limit)
		}
		var code protocol.ErrorCode
		if names := quotedPrefix(r.cells[2]); len(names) > 0 {
			code = errorCodes[names[0]]
		}
		if code != l.code {
			t.Errorf("%v: past it the server answers %v", r, codeWords(l.code))
		}
		if l.probe != nil {
			t.Run(r.cells[0], func(t *testing.T) {
				srv := startServer(t, docConfig(t), nil) // a server of its own: games count
				if have := l.probe(t, srv.url()); have != code {
					t.Errorf("%v: past it the server answered %v", r, codeWords(have))
				}
			})
		}
	}
	for what := range limits {
		if !seen[what] {
			t.Errorf("docs/protocol.md, section 7: no row for %q", what)
		}
	}
}

// codeWords writes an error code as the table does, or "no Error".
func codeWords(c protocol.ErrorCode) string {
	if c == 0 {
		return "no Error"
	}
	return "`" + goName(c) + "`"
}

// backoffWords writes a Backoff as section 7's table of budgets does.
func backoffWords(b throttle.Backoff) string {
	return fmt.Sprintf("%d free, then a wait of %v, doubled with each more, at most %v; forgotten %v after the last", b.Free, b.First, b.Max, b.Forget)
}

// TestDocBudgets: section 7's table of budgets gives the lobby's default
// quotas, and every one of them.
func TestDocBudgets(t *testing.T) {
	q := lobby.DefaultQuotas()
	want := map[string]string{
		"chat lines of a client":               q.ChatLines.String(),
		"chat lines of a game":                 q.RoomLines.String(),
		"chat sent out by a game":              q.RoomFanout.String(),
		"wrong passwords of a connection":      backoffWords(q.Password),
		"wrong passwords of a network address": backoffWords(q.AddressPassword),
	}
	seen := map[string]bool{}
	for _, r := range docTable(t, readDoc(t), "### Budgets") {
		w, ok := want[r.cells[0]]
		switch {
		case !ok:
			t.Errorf("%v: no such budget in this test: add it, from lobby.DefaultQuotas", r)
		case r.cells[1] != w:
			t.Errorf("%v: the lobby's default is %q", r, w)
		}
		seen[r.cells[0]] = true
	}
	for what := range want {
		if !seen[what] {
			t.Errorf("docs/protocol.md, section 7: no row for the budget %q", what)
		}
	}
}

// TestDocMissedSteps: section 9.6 gives each built-in ruleset's count of
// missed steps after which the AI takes a seat over, as a game of it
// with its default settings has it.
func TestDocMissedSteps(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range docTable(t, readDoc(t), "### 9.6 Missed steps") {
		rs, ok := reg.Get(r.cells[0])
		if !ok {
			t.Errorf("%v: no ruleset %q", r, r.cells[0])
			continue
		}
		seen[r.cells[0]] = true
		if have := strconv.Itoa(newGame(t, rs).ReplaceAfter()); have != r.cells[1] {
			t.Errorf("%v: a game of %s replaces a seat after %s missed steps", r, r.cells[0], have)
		}
	}
	for _, id := range reg.IDs() {
		if !seen[id] {
			t.Errorf("docs/protocol.md, section 9.6: no row for the ruleset %s", id)
		}
	}
}

// newGame returns a game of rs with its fewest seats and default settings.
func newGame(t *testing.T, rs ruleset.Ruleset) ruleset.Game {
	t.Helper()
	in := rs.Info()
	cfg := ruleset.Config{Seed: 1, Seats: in.MinSeats}
	for i := range in.MinSeats {
		cfg.Names = append(cfg.Names, fmt.Sprintf("Player %d", i+1))
	}
	if ss, ok := rs.(ruleset.SeatSetup); ok {
		for range in.MinSeats {
			cfg.SeatData = append(cfg.SeatData, ss.DefaultSeat(nil))
		}
	}
	g, err := rs.New(cfg)
	if err != nil {
		t.Fatalf("a game of %s: %v", in.ID, err)
	}
	return g
}
