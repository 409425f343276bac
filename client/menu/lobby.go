package menu

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/lanaddr"
	"empires/shared/protocol"
)

// LobbyActions are what the lobby screen asks of the app, and what it
// shows of the machine it runs on.
type LobbyActions struct {
	Ready func(ready bool) // the player is (or is no longer) ready to start
	Start func()           // the host starts the game
	Chat  func(text string)
	// Leave is called once the player has said yes to "Leave the game?".
	Leave func()
	// JoinAddrs are the host:port addresses at which the others reach the
	// server, when this machine hosts it (lanaddr.JoinAddrs), best first;
	// the lobby shows them at its top, "Friends join at ...". None: the
	// line is not shown.
	JoinAddrs []string
	// Rulesets are the server's rulesets (its Welcome): the lobby names
	// the game's by its title, marked when the host plays a mod of it.
	Rulesets []protocol.RulesetInfo
	// SeatData, for a game whose players bring set-up data (a deck:
	// RulesetInfo.SeatSetup), sends the data the player chose
	// (protocol.SetSeatData): the lobby then shows whether each seat has
	// its deck and a box to choose the player's (SetSeatSetup). Nil for a
	// game without.
	SeatData func(data []byte)
}

// maxJoinAddrs is the most addresses the lobby shows.
const maxJoinAddrs = 3

// Lobby is the screen of a game that has not started: its settings, its
// seats, who is ready, and a chat.
type Lobby struct {
	t *Theme
	a LobbyActions

	root    *widget.Container
	panel   *widget.Container
	leave   *asker // "Leave the game?"
	title   *widget.Text
	joinAt  *widget.Text // "Friends join at ..."
	summary *widget.Text
	seats   *widget.Container
	chat    *widget.TextArea
	// body holds the seats' and the chat's columns, whose seats area
	// (the seats, scrolling) and chat give way to a short window
	// (FitHeight); fitH is the height last fitted to.
	body              *widget.Container
	seatsCol, chatCol *widget.Container
	seatsArea         *widget.Container
	fitH              int
	chatMost          int // the chat's height at most, however tall the window
	chatLeast         int // and at least, however short
	input             *widget.TextInput
	ready             *widget.Button
	start             *widget.Button
	waiting           *widget.Text
	status            *statusLine
	deck              *deckBox // nil in a game without set-up data

	lines   []string // the chat, wrapped, oldest first
	isReady bool     // the player's seat is ready
}

// Sizes of the lobby, in pixels at 100 %.
const (
	chatWidth, chatHeight = 310, 328
	maxChatLines          = 300
	// lobbyTextWidth is the widest the title (cut), the summary and the
	// join line (wrapped) are drawn, so that the lobby fits a screen 960
	// wide.
	lobbyTextWidth = 840
	// lobbyPartLeast is the least height of the seats and of the chat,
	// however short the window: about four lines. Under a deck box the
	// chat keeps three (chatLeastWithBox), so that the lobby of a card
	// game fits a screen 540 high.
	lobbyPartLeast   = 100
	chatLeastWithBox = 72
)

// seatColumnCount is the number of columns of the seat table: number,
// name, type, status, deck (in a game with set-up data only), tags.
const seatColumnCount = 5

// seatColumns returns the widths of the seat table's columns, in pixels
// at 100 %:
// number, name, type, status, tags; with decks, a deck column before the
// tags, the names narrower to make room.
func seatColumns(decks bool) []int {
	if decks {
		return []int{24, 160, 52, 72, 92, 70}
	}
	return []int{24, 176, 60, 80, 90}
}

// seatSpacing is the room between the seat table's columns, in pixels at
// 100 %.
func seatSpacing(decks bool) int {
	if decks {
		return 8
	}
	return 14
}

// NewLobby returns the lobby screen, empty until Update.
func NewLobby(t *Theme, a LobbyActions) *Lobby {
	l := &Lobby{t: t, a: a}
	p := t.palette
	l.title = heading(t, "Game")
	l.summary = t.NewText(" ", t.small, p.TextMuted, widget.TextOpts.MaxWidth(t.Pxf(lobbyTextWidth)))
	l.joinAt = t.NewText(joinLine(a.JoinAddrs), t.normal, p.Success, widget.TextOpts.MaxWidth(t.Pxf(lobbyTextWidth)))
	visible(l.joinAt, len(a.JoinAddrs) > 0)
	decks := a.SeatData != nil
	l.seats = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(len(seatColumns(decks))),
		widget.GridLayoutOpts.Spacing(t.Px(seatSpacing(decks)), t.Px(3)),
	)))
	l.seatsArea = NewScrollArea(l.seats, ScrollStyle{WheelPart: 3, Handle: t.Px(8), Data: l.seats, TabOrder: 1, Scale: t.Scale()}, setupBodyMax, image.Point{})
	// The seats' scroll bar comes last to Tab: the deck and the buttons
	// first.
	seatsBox := column(t, 8, true, t.NewText("Seats", t.normal, p.Accent), l.seatsArea)

	chatH, chatLeast := t.Px(chatHeight), t.Px(lobbyPartLeast)
	if decks {
		l.deck = newDeckBox(t, a.SeatData)
		chatH, chatLeast = t.Px(chatHeightWithBox), t.Px(chatLeastWithBox)
	}
	l.chat = widget.NewTextArea(
		widget.TextAreaOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(t.Px(chatWidth), min(chatH, chatLeast)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: chatH}),
		)),
		widget.TextAreaOpts.FontFace(&t.small),
		widget.TextAreaOpts.FontColor(p.Text),
		widget.TextAreaOpts.ScrollContainerImage(t.scroll),
		widget.TextAreaOpts.ScrollContainerPadding(widget.NewInsetsSimple(t.Px(6))),
		widget.TextAreaOpts.TextPadding(widget.Insets{Left: t.Px(4), Right: t.Px(4)}),
		widget.TextAreaOpts.SliderParams(t.slider),
		widget.TextAreaOpts.ControlWidgetSpacing(t.Px(4)),
		widget.TextAreaOpts.ShowVerticalScrollbar(),
		widget.TextAreaOpts.VerticalScrollMode(widget.ScrollEnd),
		widget.TextAreaOpts.ProcessBBCode(false),
		widget.TextAreaOpts.StripBBCode(false),
	)
	l.input = t.NewInput(t.Px(chatWidth-100),
		widget.TextInputOpts.Validation(maxRunes(protocol.MaxChatLen)),
		widget.TextInputOpts.Placeholder("Say something"),
		widget.TextInputOpts.ClearOnSubmit(true),
		widget.TextInputOpts.IgnoreEmptySubmit(true),
		widget.TextInputOpts.AllowDuplicateSubmit(true),
		widget.TextInputOpts.SubmitHandler(func(args *widget.TextInputChangedEventArgs) { l.say(args.InputText) }),
	)
	send := t.NewButton("Send", func() {
		l.say(l.input.GetText())
		l.input.SetText("")
	}, t.minSize(88, 0))
	chatBox := column(t, 8, true, t.NewText("Chat", t.normal, p.Accent), l.chat, row(t, l.input, send))
	if l.deck != nil {
		chatBox = column(t, 14, true, l.deck.root, chatBox)
	}

	body := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Spacing(t.Px(28), 0),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
	)))
	body.AddChild(seatsBox, chatBox)
	l.body, l.seatsCol, l.chatCol = body, seatsBox, chatBox
	l.chatMost, l.chatLeast = chatH, chatLeast

	l.ready = t.NewPrimaryButton("Ready", func() {
		if l.a.Ready != nil {
			l.a.Ready(!l.isReady)
		}
	}, t.minSize(140, 0))
	l.start = t.NewPrimaryButton("Start game", func() {
		if l.a.Start != nil {
			l.a.Start()
		}
	}, t.minSize(140, 0))
	var askLeave func()
	if a.Leave != nil {
		askLeave = func() { l.leave.ask() }
	}
	leave := t.NewButton("Leave", askLeave, t.minSize(120, 0))
	l.waiting = t.NewText(" ", t.small, p.TextMuted, widget.TextOpts.Position(widget.TextPositionEnd, widget.TextPositionCenter),
		widget.TextOpts.MaxWidth(t.Pxf(waitingWidth)))
	l.waiting.GetWidget().MinWidth = t.Px(waitingWidth)
	buttons := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(3),
		widget.GridLayoutOpts.Spacing(t.Px(gap), 0),
		widget.GridLayoutOpts.Stretch([]bool{false, true, false}, nil),
	)))
	buttons.AddChild(leave, l.waiting, row(t, l.ready, l.start))

	l.status = newStatusLine(t, 700)
	panel := t.NewPanel(nil)
	panel.AddChild(column(t, 4, false, l.title, l.summary, l.joinAt), body, l.status.text, buttons)
	for _, ch := range panel.Children() {
		ch.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
	}
	l.panel = panel
	l.root = newScreen(t, panel, nil)
	if a.Leave != nil {
		why := "You leave the table and go back to the main menu."
		if len(a.JoinAddrs) > 0 {
			why = "This machine hosts the game: leaving closes it for everyone at the table."
		}
		l.leave = newAsker(t, l.root, panel, "Leave the game?", why, "Leave", a.Leave)
	}
	l.Update(&protocol.Lobby{}, protocol.Spectator)
	return l
}

// Container returns the screen's root container.
func (l *Lobby) Container() *widget.Container { return l.root }

// FitHeight fits the lobby to a window h pixels high: the seats scroll
// and the chat shows fewer lines (at least lobbyPartLeast high, the chat
// under a deck box chatLeastWithBox) so
// that Ready, Start game and Leave stay on the screen. The app calls it
// every frame; it measures again only when h or the seats changed.
func (l *Lobby) FitHeight(h int) {
	if h == l.fitH {
		return
	}
	l.fitH = h
	l.root.Validate() // measured text needs its faces
	_, rootH := l.root.PreferredSize()
	_, bodyH := l.body.PreferredSize()
	room := h - (rootH - bodyH) // for the body
	changed := false
	for _, p := range []struct {
		col         *widget.Container
		part        widget.PreferredSizeLocateableWidget
		least, most int
	}{{l.seatsCol, l.seatsArea, l.t.Px(lobbyPartLeast), setupBodyMax}, {l.chatCol, l.chat, l.chatLeast, l.chatMost}} {
		_, colH := p.col.PreferredSize()
		_, partH := p.part.PreferredSize()
		ld, _ := p.part.GetWidget().LayoutData.(widget.RowLayoutData)
		if ld.MaxHeight > 0 {
			partH = min(partH, ld.MaxHeight) // the column measured it as capped
		}
		most := min(max(room-(colH-partH), p.least), p.most)
		if most != ld.MaxHeight {
			ld.MaxHeight = most
			p.part.GetWidget().LayoutData = ld
			changed = true
		}
	}
	if changed {
		l.root.RequestRelayout()
	}
}

// JoinAt returns the line that says where friends join, "" when it is not
// shown.
func (l *Lobby) JoinAt() string {
	if l.joinAt == nil {
		return ""
	}
	return l.joinAt.Label
}

// Keep shows what old, this lobby before it was built again at another
// interface size, showed of the player's own: the text typed in the chat
// line, the status line and where the seats are scrolled to. The table
// and the chat come from the server's messages (Update, AddChat).
func (l *Lobby) Keep(old *Lobby) {
	l.input.SetText(old.input.GetText())
	l.status.keep(old.status)
	keepScroll(l.seatsArea, old.seatsArea)
}

// SetStatus shows msg on the status line.
func (l *Lobby) SetStatus(msg string) { l.status.set(msg, false) }

// SetError shows msg on the status line as an error: the server's refusal
// to start, say.
func (l *Lobby) SetError(msg string) { l.status.set(msg, true) }

// Update shows the game's table m as the player at seat you (Spectator when
// watching) sees it: the seats, the Ready button (for players), the Start
// button (for the host, enabled once the game may start).
func (l *Lobby) Update(m *protocol.Lobby, you protocol.Seat) {
	p := l.t.palette
	l.title.Label = fitText(lobbyTitle(m), l.t.heading, l.t.Pxf(lobbyTextWidth))
	l.summary.Label = settingsSummary(m.Settings, m.HasPassword, l.a.Rulesets)

	l.seats.RemoveChildren()
	l.fitH = 0 // the seats changed: FitHeight measures again
	decks := l.deck != nil
	cols := seatColumns(decks)
	headers := []string{"#", "Player", "Type", "Status", ""}
	if decks {
		headers = []string{"#", "Player", "Type", "Status", "Deck", ""}
	}
	for i, h := range headers {
		l.seats.AddChild(l.cell(h, l.t.small, p.TextMuted, cols[i]))
	}
	for _, r := range seatRows(m, you, decks) {
		name := p.Text
		switch {
		case r.You:
			name = p.Accent
		case r.Kind == "Open":
			name = p.TextMuted
		}
		status := p.TextMuted
		switch r.Status {
		case "ready":
			status = p.Success
		case "away":
			status = p.Error
		}
		face := l.t.small
		l.seats.AddChild(
			l.cell(r.Seat, face, p.TextMuted, cols[0]),
			l.cell(r.Name, face, name, cols[1]),
			l.cell(r.Kind, face, p.TextMuted, cols[2]),
			l.cell(r.Status, face, status, cols[3]),
		)
		if decks {
			deck := p.TextMuted
			if r.Deck == deckChosen {
				deck = p.Success
			}
			l.seats.AddChild(l.cell(r.Deck, face, deck, cols[4]))
		}
		l.seats.AddChild(l.cell(r.Tags, face, p.Accent, cols[len(cols)-1]))
	}

	player := you != protocol.Spectator && !m.Started
	l.isReady = false
	hasData := false
	for _, s := range m.Seats {
		if s.Seat == you {
			l.isReady, hasData = s.Ready, s.HasData
		}
	}
	if decks {
		visible(l.deck.root, player)
		l.deck.show(hasData)
	}
	visible(l.ready, player)
	if l.isReady {
		l.ready.SetText("Not ready")
		l.ready.SetImage(l.t.ButtonImage())
	} else {
		l.ready.SetText("Ready")
		l.ready.SetImage(l.t.PrimaryButtonImage())
	}
	host := player && m.Host == you
	visible(l.start, host)
	// The line has the room the host's Start button leaves.
	l.waiting.MaxWidth = l.t.Pxf(waitingWidth)
	if !host {
		l.waiting.MaxWidth = l.t.Pxf(waitingWidthWide)
	}
	l.start.GetWidget().Disabled = startBlocker(m, decks) != ""
	l.waiting.Label = lobbyWaiting(m, you, decks)
}

// waitingWidth is the width (in pixels at 100 %) of the lobby's line of what the game waits
// for beside the host's Ready and Start; waitingWidthWide beside Ready
// alone, room the smallest window (960 px) still has.
const (
	waitingWidth     = 420
	waitingWidthWide = 540
)

// maxWaitNames is the most names the lobby's line gives of the players it
// waits for (the seat table shows who they are): with more, it counts
// them. waitNameLen is the most characters of a name it gives.
const (
	maxWaitNames = 2
	waitNameLen  = 14
)

// lobbyWaiting returns the line beside the lobby's buttons that says what
// the game waits for, in words true for the player at seat you (Spectator
// when watching): what that player must do, who else must be ready, and
// when the game starts, as the server decides it. It starts by itself once
// every seat is taken and every player seated is ready (with a deck, in a
// game with decks); in a game with a turn timer the host may start it
// with seats open, which the AI plays, once everyone seated is ready.
func lobbyWaiting(m *protocol.Lobby, you protocol.Seat, decks bool) string {
	if len(m.Seats) == 0 {
		return " "
	}
	if m.Started {
		return "The game is starting…"
	}
	var (
		seated, ready, hasDeck bool
		others                 []string // the other players seated who are not ready, by name
		open                   []string // the open seats' numbers
		hostName               = "the host"
	)
	for _, s := range m.Seats {
		if s.Seat == m.Host && s.Human {
			hostName = s.Name
		}
		switch {
		case s.Bot:
		case !s.Human:
			open = append(open, strconv.Itoa(int(s.Seat)))
		case s.Seat == you:
			seated, ready, hasDeck = true, s.Ready, s.HasData
		case decks && !s.HasData:
			others = append(others, clip(s.Name, waitNameLen)+" (no deck yet)")
		case !s.Ready:
			others = append(others, clip(s.Name, waitNameLen))
		}
	}
	youWait := seated && (!ready || decks && !hasDeck)
	var lines []string
	switch {
	case !seated:
		lines = append(lines, "You are watching.")
	case decks && !hasDeck:
		lines = append(lines, "Choose your deck, then press Ready.")
	case !ready:
		lines = append(lines, "You are not ready: press Ready.")
	}
	switch {
	case len(others) > maxWaitNames:
		lines = append(lines, fmt.Sprintf("Waiting for %d players to be ready.", len(others)))
	case len(others) > 0:
		lines = append(lines, "Waiting for "+andList(others)+" to be ready.")
	}
	allReady := !youWait && len(others) == 0
	timer := m.Settings.TurnSeconds > 0
	isOpen, it, take := "Seat "+andList(open)+" is open", "it", "a player takes it"
	if len(open) > 1 {
		isOpen, it, take = "Seats "+andList(open)+" are open", "them", "players take them"
	}
	switch {
	case len(open) > 0 && !timer:
		lines = append(lines, isOpen+": the game starts once "+take+" and everyone is ready.")
	case len(open) > 0 && seated && you == m.Host && allReady:
		lines = append(lines, isOpen+": start now and the AI plays "+it+", or wait for a player.")
	case len(open) > 0 && seated && you == m.Host:
		lines = append(lines, isOpen+": you may start once everyone seated is ready (the AI plays "+it+").")
	case len(open) > 0 && allReady:
		lines = append(lines, isOpen+": waiting for a player, or for "+hostName+" to start (the AI plays "+it+").")
	case len(open) > 0:
		lines = append(lines, isOpen+": "+hostName+" may start once everyone seated is ready (the AI plays "+it+").")
	case allReady:
		lines = append(lines, "Everyone is ready: the game starts.")
	default:
		lines = append(lines, "The game starts when everyone is ready.")
	}
	return strings.Join(lines, " ")
}

// andList joins items as a sentence does: "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// cell returns a cell of the seat table, width pixels at 100 % wide (at
// the theme's scale), its text cut to fit.
func (l *Lobby) cell(s string, face text.Face, c color.Color, width int) *widget.Text {
	w := l.t.Px(width)
	tx := l.t.NewText(fitText(s, face, float64(w)), face, c)
	tx.GetWidget().MinWidth = w
	return tx
}

// AddChat adds a chat line at the bottom of the chat.
func (l *Lobby) AddChat(m protocol.ChatMessage) {
	width := l.t.Pxf(chatWidth - 48) // the scroll bar and paddings take the rest
	l.lines = append(l.lines, wrapText(chatLine(m), l.t.small, width)...)
	if n := len(l.lines) - maxChatLines; n > 0 {
		l.lines = append(l.lines[:0], l.lines[n:]...)
	}
	l.chat.SetText(strings.Join(l.lines, "\n"))
}

// say sends a chat line typed by the player.
func (l *Lobby) say(s string) {
	s = strings.TrimSpace(s)
	if s == "" || l.a.Chat == nil {
		return
	}
	l.a.Chat(s)
}

// joinLine returns the line that tells the others where to join: "Friends
// join at 192.168.1.20:7777 (or 10.0.0.5:7777)", with at most
// maxJoinAddrs addresses.
func joinLine(addrs []string) string {
	if len(addrs) == 0 {
		return " "
	}
	if len(addrs) == 1 && lanaddr.IsLoopback(addrs[0]) {
		return "Only this machine can join, at " + addrs[0] + ": the server listens on loopback."
	}
	s := "Friends join at " + addrs[0]
	if len(addrs) > 1 {
		s += " (or " + strings.Join(addrs[1:min(len(addrs), maxJoinAddrs)], ", ") + ")"
	}
	return s + ": Join game, then type the address."
}

// lobbyTitle returns the heading of the lobby: the game's name.
func lobbyTitle(m *protocol.Lobby) string {
	switch {
	case m.Settings.Name != "":
		return m.Settings.Name
	case m.Game != 0:
		return fmt.Sprintf("Game %d", m.Game)
	}
	return "Game"
}

// settingsSummary describes a game's settings in a line: "Erfworld Empires
// · map 48×36 · 6 seats, 2 bots · turn timer 60 s · random map ·
// password", the ruleset named by its title in rulesets (marked "modded by
// the host" when the server plays a mod of it), its own settings by their
// labels, no map for a ruleset without one.
func settingsSummary(s protocol.Settings, hasPassword bool, rulesets []protocol.RulesetInfo) string {
	if s.Ruleset == "" {
		return " "
	}
	name := s.Ruleset
	var in protocol.RulesetInfo
	if i := slices.IndexFunc(rulesets, func(r protocol.RulesetInfo) bool { return r.ID == s.Ruleset }); i >= 0 {
		in = rulesets[i]
		if in.Title != "" {
			name = in.Title
		}
		if in.Modded {
			name += " (modded by the host)"
		}
	}
	parts := []string{name}
	if s.Width > 0 || s.Height > 0 {
		parts = append(parts, fmt.Sprintf("map %d×%d", s.Width, s.Height))
	}
	for _, op := range s.Options {
		label, value := op.Key, strconv.Itoa(op.Value)
		if i := slices.IndexFunc(in.Settings, func(st protocol.SettingInfo) bool { return st.Key == op.Key }); i >= 0 {
			st := in.Settings[i]
			label = strings.ToLower(st.Label)
			if op.Value >= 0 && op.Value < len(st.Choices) {
				value = st.Choices[op.Value]
			}
		}
		parts = append(parts, label+" "+value)
	}
	seats := fmt.Sprintf("%d seats", s.Seats)
	switch s.Bots {
	case 0:
	case 1:
		seats += ", 1 bot"
	default:
		seats += fmt.Sprintf(", %d bots", s.Bots)
	}
	parts = append(parts, seats)
	if s.TurnSeconds == 0 {
		parts = append(parts, "no turn timer")
	} else {
		parts = append(parts, "turn timer "+TimerLabel(s.TurnSeconds))
	}
	if s.Seed == 0 {
		if s.Width > 0 {
			parts = append(parts, "random map")
		} else {
			parts = append(parts, "random seed")
		}
	} else {
		parts = append(parts, fmt.Sprintf("seed %d", s.Seed))
	}
	switch {
	case s.Spectators && s.AllSeeing:
		parts = append(parts, "spectators see all")
	case s.Spectators:
		parts = append(parts, "spectators")
	}
	if hasPassword {
		parts = append(parts, "password")
	}
	return strings.Join(parts, " · ")
}

// seatRow is a row of the seat table, as text.
type seatRow struct {
	Seat   string // "1"
	Name   string // the holder's name, "open" for an open seat
	Kind   string // "Human", "Bot" or "Open"
	Status string // "ready", "not ready", "away" (a person not connected), "" for open
	Tags   string // "host", "you", "host, you"
	You    bool
	// Deck, in a game with set-up data, is "deck chosen" or "no deck yet"
	// ("" for an open seat, which the ruleset's default deck plays).
	Deck string
}

// seatRows returns the rows of the seat table of m for the player at seat
// you, with the deck column when decks.
func seatRows(m *protocol.Lobby, you protocol.Seat, decks bool) []seatRow {
	rows := make([]seatRow, 0, len(m.Seats))
	for _, s := range m.Seats {
		r := seatRow{Seat: fmt.Sprint(uint8(s.Seat)), Name: s.Name, You: s.Seat == you && you != protocol.Spectator}
		switch {
		case s.Bot:
			r.Kind, r.Status = "Bot", "ready"
		case s.Human:
			r.Kind, r.Status = "Human", "not ready"
			if s.Ready {
				r.Status = "ready"
			}
			if !s.Connected {
				r.Status = "away"
			}
		default:
			r.Kind, r.Name = "Open", "open"
		}
		var tags []string
		if s.Seat == m.Host {
			tags = append(tags, "host")
		}
		if r.You {
			tags = append(tags, "you")
		}
		r.Tags = strings.Join(tags, ", ")
		switch {
		case !decks || r.Kind == "Open":
		case s.HasData:
			r.Deck = deckChosen
		default:
			r.Deck = deckNone
		}
		rows = append(rows, r)
	}
	return rows
}

// startBlocker returns why the host cannot start the game yet, "" if it
// can, as the server decides it: without a turn timer every seat must be
// taken (the game would wait for an empty seat forever), in a game with
// decks every person seated must have one, and every person seated must
// be ready.
func startBlocker(m *protocol.Lobby, decks bool) string {
	if m.Started {
		return "the game has started"
	}
	if m.Settings.TurnSeconds == 0 {
		for _, s := range m.Seats {
			if !s.Human && !s.Bot {
				return fmt.Sprintf("seat %d is open, and without a turn timer every seat must be taken", s.Seat)
			}
		}
	}
	if decks {
		var missing []string
		for _, s := range m.Seats {
			if s.Human && !s.HasData {
				missing = append(missing, fmt.Sprintf("%s (seat %d)", s.Name, s.Seat))
			}
		}
		switch len(missing) {
		case 0:
		case 1:
			return missing[0] + " has no deck yet"
		default:
			return fmt.Sprintf("%d players have no deck yet: %s", len(missing), strings.Join(missing, ", "))
		}
	}
	for _, s := range m.Seats {
		if s.Human && !s.Ready {
			return fmt.Sprintf("%s at seat %d is not ready", s.Name, s.Seat)
		}
	}
	return ""
}

// chatLine returns a chat message as a line of the chat: "Name: text",
// with "(watching)" after a spectator's name and "[lobby]" before a line
// said in the server's lobby.
func chatLine(m protocol.ChatMessage) string {
	name := m.Name
	if name == "" {
		name = "?"
	}
	switch {
	case m.Lobby:
		name = "[lobby] " + name
	case m.From == protocol.Spectator:
		name += " (watching)"
	}
	return name + ": " + m.Text
}

// wrapText breaks s into lines no wider than width in face, at spaces when
// it can, inside a word too long for a line.
func wrapText(s string, face text.Face, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if textWidth(try, face) <= width {
				line = try
				continue
			}
			if line != "" {
				lines = append(lines, line)
				line = ""
			}
			// A word longer than a line is cut where it must be.
			for len([]rune(word)) > 1 && textWidth(word, face) > width {
				r := []rune(word)
				// The longest head that fits, at least one character.
				n := sort.Search(len(r)-1, func(i int) bool { return textWidth(string(r[:i+2]), face) > width }) + 1
				lines = append(lines, string(r[:n]))
				word = string(r[n:])
			}
			line = word
		}
		lines = append(lines, line)
	}
	return lines
}

// fitText returns s, cut and ended with "…" if it is wider than width in
// face; " " for an empty s, so that an empty cell keeps its height.
func fitText(s string, face text.Face, width float64) string {
	if s == "" {
		return " "
	}
	if textWidth(s, face) <= width {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		cut := string(r[:n]) + "…"
		if textWidth(cut, face) <= width {
			return cut
		}
	}
	return "…"
}

// textWidth returns the width of s in face, in pixels.
func textWidth(s string, face text.Face) float64 {
	w, _ := text.Measure(s, face, 0)
	return w
}
