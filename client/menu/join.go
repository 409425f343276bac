package menu

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/prefs"
	"empires/shared/protocol"
)

// JoinActions are what the join screen asks of the app.
type JoinActions struct {
	// Connect connects to the server at addr (host:port, checked with
	// prefs.CheckAddress) and lists its games: the app answers with
	// SetGames, or SetError.
	Connect func(addr string)
	// Refresh lists the games of the server connected to again.
	Refresh func()
	// Search searches the local network for servers again: the app
	// answers with SetLAN, or SetLANError. The app searches by itself
	// when it opens the screen.
	Search func()
	// Join joins game with password (empty if it has none), as a player,
	// or as a spectator when spectate is set.
	Join func(game protocol.GameID, password string, spectate bool)
	// Create opens the setup of a new game on the server connected to,
	// of one of its rulesets (SetRulesets); nil offers none.
	Create func()
	Back   func()
}

// LANServer is a server found on the local network, as the join screen
// lists it.
type LANServer struct {
	Name      string
	Addr      string // host:port, what Connect is called with
	Ruleset   string // the rulesets its games may play, comma separated
	Games     int
	OpenSeats int           // seats nobody holds, over all its games
	Ping      time.Duration // the round trip of its answer
}

// Join is the screen that connects to a server and joins one of its games:
// the servers found on the local network, or an address, then the
// server's games.
type Join struct {
	t *Theme
	a JoinActions

	root     *widget.Container
	fit      heightFitter // the game list gives way to a short window
	lan      *widget.List
	lanHint  *widget.Text
	address  *widget.TextInput
	list     *widget.List
	empty    *widget.Text
	password *widget.TextInput
	join     *widget.Button
	watch    *widget.Button
	status   *statusLine

	create *widget.Button
	legend *widget.Text

	games    []protocol.GameInfo
	selected protocol.GameID                  // 0 for none
	rulesets []protocol.RulesetInfo           // the server's
	playable func(protocol.RulesetInfo) error // nil: every ruleset
}

// joinListWidth and joinListHeight are the size of the game list, in
// pixels at 100 %: five rows of 31 and the list's padding, fewer where the window
// is short (FitHeight), never fewer than joinListLeast; lanListHeight is
// the height of the list of servers on the local network: two rows.
const (
	joinListWidth, joinListHeight = 816, 5*31 + 8
	joinListLeast                 = 2*31 + 8
	lanListHeight                 = 2*31 + 8
)

// Hints beside the title of the list of servers on the local network.
const (
	lanSearching = "Searching the local network…"
	lanNone      = "No server found on the local network: Search again, or type an address below."
	lanPick      = "Click a server to connect to it."
)

// NewJoin returns the join screen, with addr (the preferred server) in the
// address field.
func NewJoin(t *Theme, addr string, a JoinActions) *Join {
	j := &Join{t: t, a: a}
	p := t.palette

	j.address = t.NewInput(t.Px(340),
		widget.TextInputOpts.Validation(maxRunes(255)),
		widget.TextInputOpts.Placeholder(prefs.DefaultAddress),
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { j.connect() }),
		widget.TextInputOpts.AllowDuplicateSubmit(true))
	j.address.SetText(addr)
	connect := t.NewPrimaryButton("Connect", j.connect)
	refresh := t.NewButton("Refresh", func() {
		if j.a.Refresh != nil {
			j.a.Refresh()
		}
	})
	j.create = t.NewButton("New game here", func() {
		if j.a.Create != nil {
			j.a.Create()
		}
	})
	j.create.GetWidget().Disabled = true
	server := row(t, t.NewText("Server", t.normal, p.TextMuted), j.address, connect, refresh, j.create)

	search := t.NewButton("Search again", j.search)
	search.GetWidget().Disabled = a.Search == nil
	j.lanHint = hint(t, " ")
	if a.Search != nil {
		j.lanHint.Label = lanSearching
	}
	lanTitle := row(t, t.NewText("LAN games", t.normal, p.Text), search, j.lanHint)
	lanHeader := t.NewText(lanHeader(), t.mono, p.TextMuted, widget.TextOpts.Padding(&widget.Insets{Left: t.Px(12)}))
	j.lan = widget.NewList(
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(t.Px(joinListWidth), t.Px(lanListHeight)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: t.Px(lanListHeight)}),
		)),
		widget.ListOpts.Entries(nil),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return lanRow(e.(LANServer)) }),
		widget.ListOpts.EntryFontFace(&t.mono),
		widget.ListOpts.EntryTextPadding(t.listRowPadding()),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.AllowReselect(),
		widget.ListOpts.EntrySelectedHandler(func(args *widget.ListEntrySelectedEventArgs) {
			if s, ok := args.Entry.(LANServer); ok {
				j.connectLAN(s)
			}
		}),
	)

	// The list's rows start after its padding (4) and the row's (8).
	header := t.NewText(gameHeader(), t.mono, p.TextMuted, widget.TextOpts.Padding(&widget.Insets{Left: t.Px(12)}))
	j.list = widget.NewList(
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(t.Px(joinListWidth), t.Px(joinListHeight)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: t.Px(joinListHeight)}),
		)),
		widget.ListOpts.Entries(nil),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return gameRow(e.(protocol.GameInfo)) }),
		widget.ListOpts.EntryFontFace(&t.mono),
		widget.ListOpts.EntryTextPadding(t.listRowPadding()),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntrySelectedHandler(func(args *widget.ListEntrySelectedEventArgs) {
			if g, ok := args.Entry.(protocol.GameInfo); ok {
				j.selectGame(g.Game)
			}
		}),
	)
	j.empty = hint(t, "Connect to a server to see its games.")
	j.legend = hint(t, " ")

	j.password = t.NewSecretInput(t.Px(240),
		widget.TextInputOpts.Validation(maxBytes(protocol.MaxPasswordLen)),
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { j.joinSelected(false) }),
		widget.TextInputOpts.AllowDuplicateSubmit(true))
	j.join = t.NewPrimaryButton("Join", func() { j.joinSelected(false) }, t.minSize(120, 0))
	j.watch = t.NewButton("Watch", func() { j.joinSelected(true) }, t.minSize(120, 0))
	back := t.NewButton("Back", a.Back, t.minSize(120, 0))
	actions := row(t, back, spacer(t, 120, 0), t.NewText("Password", t.normal, p.TextMuted), j.password, j.watch, j.join)
	actions.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}

	j.status = newStatusLine(t, joinListWidth)
	panel := t.NewPanel(nil)
	panel.AddChild(heading(t, "Join a game"), lanTitle, column(t, 4, true, lanHeader, j.lan),
		server, column(t, 4, true, header, j.list, row(t, j.empty, j.legend)), j.status.text, actions)
	j.root = newScreen(t, panel, nil)
	j.fit = heightFitter{root: j.root, part: j.list, least: t.Px(joinListLeast), most: t.Px(joinListHeight)}
	j.update()
	return j
}

// Rebuild returns the screen built anew at theme t (another interface
// size) with j's actions, showing what j shows: the address and the
// password typed, the servers found on the local network and the hint
// beside them, the server's rulesets and games with the game selected,
// and the status line.
func (j *Join) Rebuild(t *Theme) *Join {
	n := NewJoin(t, j.address.GetText(), j.a)
	n.lan.SetEntries(j.lan.Entries())
	n.lanHint.Label = j.lanHint.Label
	n.SetRulesets(j.rulesets, j.playable)
	n.selected = j.selected
	n.SetGames(j.games)
	n.empty.Label, n.legend.Label = j.empty.Label, j.legend.Label
	n.password.SetText(j.password.GetText())
	n.status.keep(j.status)
	return n
}

// Container returns the screen's root container.
func (j *Join) Container() *widget.Container { return j.root }

// FitHeight fits the screen to a window h pixels high: the game list
// shows fewer rows (it scrolls) so that Join and Back stay on the screen.
// The app calls it every frame; it measures again only when h changed.
func (j *Join) FitHeight(h int) { j.fit.fit(h) }

// SetStatus shows msg on the status line: "Connecting to host:7777…".
func (j *Join) SetStatus(msg string) { j.status.set(msg, false) }

// Status returns what the status line shows.
func (j *Join) Status() string { return j.status.label() }

// SetError shows msg on the status line as an error: "connection refused".
func (j *Join) SetError(msg string) { j.status.set(msg, true) }

// SetLAN shows the servers found on the local network, in their order.
func (j *Join) SetLAN(servers []LANServer) {
	entries := make([]any, len(servers))
	for i, s := range servers {
		entries[i] = s
	}
	j.lan.SetEntries(entries)
	if len(servers) == 0 {
		j.lanHint.Label = lanNone
	} else {
		j.lanHint.Label = lanPick
	}
}

// lanHintLen is the most characters the hint beside the LAN games title
// shows: more would widen the screen.
const lanHintLen = 84

// SetLANError says why the local network could not be searched.
func (j *Join) SetLANError(msg string) {
	j.lan.SetEntries(nil)
	j.lanHint.Label = cell("Cannot search the local network: "+msg, lanHintLen)
}

// search is the Search again button.
func (j *Join) search() {
	if j.a.Search == nil {
		return
	}
	j.lanHint.Label = lanSearching
	j.a.Search()
}

// connectLAN is a click on a server of the local network: its address
// goes in the address field, and the screen connects to it.
func (j *Join) connectLAN(s LANServer) {
	j.address.SetText(s.Addr)
	j.connect()
}

// SetRulesets tells the screen the rulesets of the server connected to
// (its Welcome) and why the client cannot play any of them (playable; nil:
// it plays them all): the games of a ruleset the client cannot play cannot
// be joined, and New game here offers the server's rulesets.
func (j *Join) SetRulesets(rs []protocol.RulesetInfo, playable func(protocol.RulesetInfo) error) {
	j.rulesets, j.playable = slices.Clone(rs), playable
	j.create.GetWidget().Disabled = len(rs) == 0 || j.a.Create == nil
	j.update()
}

// cannotPlay returns why the client cannot play game g, nil if it can.
func (j *Join) cannotPlay(g protocol.GameInfo) error {
	if j.playable == nil {
		return nil
	}
	in := protocol.RulesetInfo{ID: g.Ruleset, Title: g.Ruleset}
	if i := slices.IndexFunc(j.rulesets, func(r protocol.RulesetInfo) bool { return r.ID == g.Ruleset }); i >= 0 {
		in = j.rulesets[i]
	}
	return j.playable(in)
}

// SetGames shows the server's games, keeping the selected game selected if
// it is still there.
func (j *Join) SetGames(games []protocol.GameInfo) {
	j.games = slices.Clone(games)
	entries := make([]any, len(games))
	for i, g := range games {
		entries[i] = g
	}
	j.list.SetEntries(entries)
	g := j.game()
	if g == nil {
		j.selected = 0
	} else {
		j.list.SetSelectedEntry(*g)
	}
	switch {
	case len(games) == 0:
		j.empty.Label = "No games on this server yet: start one with New game here, or host one from the main menu."
	case g == nil:
		j.empty.Label = "Pick a game, then Join to play or Watch to look on."
	default:
		j.empty.Label = " "
	}
	j.legend.Label = " "
	if slices.ContainsFunc(games, func(g protocol.GameInfo) bool { return g.Modded }) {
		j.legend.Label = modLegend
	}
	j.update()
}

// modLegend explains the mark of a game played with the host's mod.
const modLegend = "* the host's own rules (a mod): the client fetches them as it joins"

// game returns the selected game, nil if none.
func (j *Join) game() *protocol.GameInfo {
	for i := range j.games {
		if j.selected != 0 && j.games[i].Game == j.selected {
			return &j.games[i]
		}
	}
	return nil
}

// selectGame follows the list's selection.
func (j *Join) selectGame(id protocol.GameID) {
	j.selected = id
	if j.game() != nil {
		j.empty.Label = " "
	}
	j.update()
}

// update enables the buttons and the password field for the selected game;
// a game the client cannot play says why.
func (j *Join) update() {
	g := j.game()
	var why error
	if g != nil {
		why = j.cannotPlay(*g)
		if why != nil {
			j.SetError(why.Error())
		}
	}
	j.join.GetWidget().Disabled = g == nil || freeSeats(*g) == 0 || why != nil
	j.watch.GetWidget().Disabled = g == nil || !g.Spectators || why != nil
	j.password.GetWidget().Disabled = g == nil || !g.HasPassword
	if g == nil || !g.HasPassword {
		j.password.SetText("")
	}
}

// connect is the Connect button and Enter in the address field.
func (j *Join) connect() {
	addr := strings.TrimSpace(j.address.GetText())
	if err := prefs.CheckAddress(addr); err != nil {
		j.SetError(err.Error())
		return
	}
	j.SetStatus(fmt.Sprintf("Connecting to %s…", addr))
	if j.a.Connect != nil {
		j.a.Connect(addr)
	}
}

// joinSelected is the Join and Watch buttons.
func (j *Join) joinSelected(spectate bool) {
	g := j.game()
	switch {
	case g == nil:
		j.SetError("Pick a game first.")
		return
	case spectate && !g.Spectators:
		j.SetError(fmt.Sprintf("%s does not allow spectators.", gameName(*g)))
		return
	case !spectate && freeSeats(*g) == 0:
		j.SetError(fmt.Sprintf("%s has no free seat: you may watch it if it allows spectators.", gameName(*g)))
		return
	case j.cannotPlay(*g) != nil:
		j.SetError(j.cannotPlay(*g).Error())
		return
	case g.HasPassword && j.password.GetText() == "":
		j.SetError(fmt.Sprintf("%s needs a password.", gameName(*g)))
		return
	}
	j.SetStatus(fmt.Sprintf("Joining %s…", gameName(*g)))
	if j.a.Join != nil {
		j.a.Join(g.Game, j.password.GetText(), spectate)
	}
}

// freeSeats returns the number of seats of g nobody holds.
func freeSeats(g protocol.GameInfo) int { return max(g.Seats-g.Humans-g.Bots, 0) }

// gameName returns the game's name, or "game N" if it has none.
func gameName(g protocol.GameInfo) string {
	if g.Name == "" {
		return g.Game.String()
	}
	return g.Name
}

// Widths of the game list's columns, in characters.
const (
	colName    = 20
	colRuleset = 10
	colMap     = 7
	colSeats   = 13
	colState   = 8
)

// gameHeader returns the header of the game list, aligned with gameRow.
func gameHeader() string {
	return fmt.Sprintf("%-*s %-*s %-*s %-*s %-*s %s", colName, "Game", colRuleset, "Ruleset", colMap, "Map",
		colSeats, "Seats", colState, "State", "Entry")
}

// gameRow returns the line of the game list describing g, in columns for a
// fixed-width face: name, ruleset (marked * when the game plays the host's
// mod), map size ("—" for a ruleset without a map), seats taken and free,
// whether it has started, whether it needs a password and lets spectators
// watch.
func gameRow(g protocol.GameInfo) string {
	rs := g.Ruleset
	if g.Modded {
		rs = cell(rs, colRuleset-1) + "*"
	}
	size := "—"
	if g.Width > 0 || g.Height > 0 {
		size = fmt.Sprintf("%dx%d", g.Width, g.Height)
	}
	seats := fmt.Sprintf("full (%d)", g.Seats)
	if free := freeSeats(g); free > 0 {
		seats = fmt.Sprintf("%d free of %d", free, g.Seats)
	}
	state := "lobby"
	if g.Started {
		state = fmt.Sprintf("turn %d", g.Turn)
	}
	var entry []string
	if g.HasPassword {
		entry = append(entry, "password")
	}
	if g.Spectators {
		entry = append(entry, "can watch")
	}
	return strings.TrimRight(fmt.Sprintf("%-*s %-*s %-*s %-*s %-*s %s",
		colName, cell(gameName(g), colName),
		colRuleset, cell(rs, colRuleset),
		colMap, size,
		colSeats, seats,
		colState, state,
		strings.Join(entry, ", ")), " ")
}

// cell cuts s to fit a column of n characters, marking the cut with "…".
func cell(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Widths of the columns of the list of servers on the local network, in
// characters.
const (
	colServer  = 20
	colAddress = 21 // 255.255.255.255:65535
	colGames   = 6
	colOpen    = 11
)

// lanHeader returns the header of the list of servers on the local
// network, aligned with lanRow.
func lanHeader() string {
	return fmt.Sprintf("%-*s %-*s %-*s %-*s %-*s %s", colServer, "Server", colAddress, "Address", colRuleset, "Ruleset",
		colGames, "Games", colOpen, "Open seats", "Ping")
}

// lanRow returns the line of the list of servers on the local network
// describing s, in columns for a fixed-width face.
func lanRow(s LANServer) string {
	name := s.Name
	if name == "" {
		name = "(no name)"
	}
	return fmt.Sprintf("%-*s %-*s %-*s %-*d %-*d %s",
		colServer, cell(name, colServer),
		colAddress, cell(s.Addr, colAddress),
		colRuleset, cell(s.Ruleset, colRuleset),
		colGames, s.Games,
		colOpen, s.OpenSeats,
		pingText(s.Ping))
}

// pingText returns a round trip in whole milliseconds: "3 ms", "<1 ms".
func pingText(d time.Duration) string {
	if d < time.Millisecond {
		return "<1 ms"
	}
	return fmt.Sprintf("%d ms", d.Round(time.Millisecond).Milliseconds())
}
