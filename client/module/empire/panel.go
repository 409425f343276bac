package empire

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	"empires/client/module"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	"empires/shared/words"
)

// The side panel, the list of the turn's orders and the windows that
// choose what a settlement produces, where it forwards, which units split
// off and which join another force.

// ui builds the panel's widgets with the host's theme.
type ui struct {
	s *Screen
	c *widget.Container
	w int // the width of the texts, in pixels
	// keys, if not nil, collects the buttons added, for the keyboard's
	// focus (the side panel's; a window's buttons are the shell's).
	keys *[]panelButton
}

// ui returns the builder of the side panel c: its buttons go to the
// keyboard's focus (sideButtons).
func (s *Screen) ui(c *widget.Container) *ui {
	s.sideButtons = s.sideButtons[:0]
	return &ui{s: s, c: c, w: s.host.PanelWidth(), keys: &s.sideButtons}
}

// keyed adds button b, doing onClick, to the keyboard's focus of the
// panel u builds, if it has one.
func (u *ui) keyed(b *widget.Button, label string, onClick func()) {
	if u.keys != nil {
		*u.keys = append(*u.keys, panelButton{b: b, press: onClick, label: label})
	}
}

// width is the width the texts take.
func (u *ui) width() int { return u.w }

// title adds a title.
func (u *ui) title(s string) {
	t := u.s.host.Theme()
	u.c.AddChild(t.NewText(u.s.m.cw(s), t.NormalFace(), t.Palette().Accent, widget.TextOpts.MaxWidth(float64(u.width()))))
}

// text adds a line in colour c.
func (u *ui) text(s string, c color.Color) {
	t := u.s.host.Theme()
	u.c.AddChild(t.NewText(u.s.m.cw(s), t.SmallFace(), c, widget.TextOpts.MaxWidth(float64(u.width()))))
}

// unitLine adds a line of ordinary text about a unit of kind k, its
// picture beside it.
func (u *ui) unitLine(k dat.Kind, s string) {
	t := u.s.host.Theme()
	text := t.NewText(u.s.m.cw(s), t.SmallFace(), t.Palette().Text, widget.TextOpts.MaxWidth(float64(u.width()-t.Px(picRoom))))
	u.c.AddChild(u.s.withPic(k, text))
}

// unitButton adds a button as wide as the panel (or the grid's column)
// choosing a unit of kind k, its picture beside it.
func (u *ui) unitButton(k dat.Kind, label string, onClick func()) *widget.Button {
	t := u.s.host.Theme()
	b := kit.PanelButton(t, fitLines(label, t.SmallFace(), float64(u.width()-t.Px(buttonPad+picRoom))), t.Px(buttonSide), true, onClick)
	u.c.AddChild(u.s.withPic(k, b))
	u.keyed(b, label, onClick)
	return b
}

// line adds a line of ordinary text; muted one of hints.
func (u *ui) line(s string)  { u.text(s, u.s.host.Theme().Palette().Text) }
func (u *ui) muted(s string) { u.text(s, u.s.host.Theme().Palette().TextMuted) }
func (u *ui) bad(s string)   { u.text(s, u.s.host.Theme().Palette().Error) }

// buttonSide is the room beside a wide button's label, in pixels at
// 100 %.
const buttonSide = 8

// buttonPad is the room a button's label leaves at its sides: its
// padding, and the spacing of a grid's columns, in pixels at 100 %.
const buttonPad = buttonSide + buttonSide + 8

// button adds a button as wide as the panel (or the grid's column), its
// label broken into lines that fit it (fitLines).
func (u *ui) button(label string, onClick func()) *widget.Button {
	t := u.s.host.Theme()
	b := kit.PanelButton(t, fitLines(label, t.SmallFace(), float64(u.width()-t.Px(buttonPad))), t.Px(buttonSide), true, onClick)
	u.c.AddChild(b)
	u.keyed(b, label, onClick)
	return b
}

// fitLines breaks label into lines no wider than w pixels in face: at
// its " · " first ("Whitemage · 12 turns" over "hp 2 mp 2 av 1 dv 2"),
// then at spaces. A label that fits stays one line.
func fitLines(label string, face text.Face, w float64) string {
	if lw, _ := text.Measure(label, face, 0); lw <= w || w <= 0 {
		return label
	}
	var lines []string
	line := ""
	for _, piece := range strings.Split(label, " · ") {
		try := piece
		if line != "" {
			try = line + " · " + piece
		}
		if tw, _ := text.Measure(try, face, 0); tw <= w || line == "" {
			line = try
			continue
		}
		lines = append(lines, line)
		line = piece
	}
	lines = append(lines, line)
	var out []string
	for _, l := range lines {
		out = append(out, kit.Wrap(l, face, w)...)
	}
	return strings.Join(out, "\n")
}

// row adds a row of buttons side by side, labels[i] doing fns[i].
func (u *ui) row(labels []string, fns []func()) {
	t := u.s.host.Theme()
	r := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(t.Px(4)))))
	for i, l := range labels {
		b := kit.PanelButton(t, l, t.Px(7), false, fns[i])
		r.AddChild(b)
		u.keyed(b, l, fns[i])
	}
	u.c.AddChild(r)
}

// gap adds a little space.
func (u *ui) gap() {
	u.c.AddChild(widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, u.s.host.Theme().Px(4)))))
}

// changed tells the host the orders (and the panel) changed.
func (s *Screen) changed() { s.host.Changed(true) }

// notify shows msg over the map, in the words of its cells.
func (s *Screen) notify(msg string) { s.host.Notify(s.m.cw(msg)) }

// try runs an order's change, saying why it failed if it did.
func (s *Screen) try(err error) bool {
	if err != nil {
		s.notify(err.Error())
		return false
	}
	s.changed()
	return true
}

// Side implements module.Screen: what is selected and what may be done
// with it.
func (s *Screen) Side(c *widget.Container, in module.Input) {
	u := s.ui(c)
	m := s.m
	if m.v == nil {
		return
	}
	sel := m.Selection()
	if !sel.Active {
		s.sideNothing(u, in)
		return
	}
	p := sel.Cell
	sq := m.SquareAt(p)
	st := m.SettlementAt(p)
	switch {
	case st != nil:
		u.title(fmt.Sprintf("%s at %v", upper(settlementWord(st.City)), p))
	case sq.Sight == Unknown:
		u.title(fmt.Sprintf("Unknown square %v", p))
	default:
		u.title(fmt.Sprintf("%s at %v", m.d.Terrains[sq.Terrain].Name, p))
	}
	desc := m.Describe(p)
	if len(desc) > 0 {
		u.muted(desc[0])
	}
	if st != nil {
		s.sideSettlement(u, st, in)
	}
	forces := m.ForcesAt(p)
	if len(forces) > 0 {
		u.gap()
		if m.You() == 0 {
			u.line("Forces here:")
		} else {
			u.line(upper(m.whose(m.You())) + " forces here:")
		}
		for _, f := range forces {
			label := fmt.Sprintf("%s: %s", s.forceTitle(f), words.Count(len(f.Units), "unit", "units"))
			if f.ID == sel.Force {
				label = "● " + label
			}
			id := f.ID
			u.button(label, func() {
				m.SelectForce(id)
				s.updatePreview()
				s.host.Changed(false)
			})
		}
		if f := m.Force(sel.Force); f != nil {
			s.sideForce(u, f, in)
		}
	}
	s.sideBattles(u, p)
	sights := m.SightingsAt(p)
	if len(sights) > 0 {
		u.gap()
		u.line("Others' forces seen here:")
		for _, sg := range sights {
			u.text(m.SightingLine(&sg), s.seatText(sg.Owner))
		}
	}
}

// recentBattles is how many turns back the side panel lists a square's
// battles.
const recentBattles = 3

// sideBattles lists the battles of the last turns on square p, each with
// a button that opens its report (the log's links open them too).
func (s *Screen) sideBattles(u *ui, p grid.Pos) {
	lines := s.m.Log()
	turn := s.m.v.Turn
	first := true
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if l.Turn < turn-recentBattles {
			break
		}
		if l.Battle == nil || l.Cell != p {
			continue
		}
		if first {
			u.gap()
			u.line("Battles here:")
			first = false
		}
		u.button(fmt.Sprintf("Battle of turn %d: report", l.Turn), func() { s.showBattle(l) })
	}
}

// sideNothing is the panel without a selection: the empire in short and
// how to give orders; in a replay, how to watch it and the empire whose
// eyes it shows (every player's, all-seeing).
func (s *Screen) sideNothing(u *ui, in module.Input) {
	m := s.m
	if s.watching {
		u.title("Replay")
		u.line("Turn > (or Enter) shows the next turn with its moves; < Turn the one before; Play steps on by itself.")
		u.muted("Watching switches between the whole map and each player's own view, fog and all.")
		u.muted("Click a square to see what is on it; the log tells each turn, and a battle's line opens its report.")
		u.gap()
		if m.You() != 0 {
			u.title(upper(m.whose(m.You())) + " empire")
			s.empireLines(u, m.You())
			return
		}
		for i, p := range m.v.Players {
			seat := rules.Seat(i + 1)
			name := p.Name
			if !p.Alive {
				name += " (out of the game)"
			}
			u.text(name, s.seatText(seat))
			if p.Alive {
				s.empireLines(u, seat)
			}
		}
		return
	}
	if m.You() == 0 {
		u.title("Watching")
		u.line("You are watching this game: click a square to see what is on it.")
		return
	}
	u.title("Your empire")
	s.empireLines(u, m.You())
	if !in.Orders {
		return
	}
	u.gap()
	u.muted("Click one of your cities or towns to choose what it produces; click again for its garrison.")
	u.muted("Split an army off a garrison, then right-click a square to send it there.")
	u.muted("Keys: Tab, Shift+Tab: what takes orders. Arrows (keypad too): the cursor; Space: as a click there; M: as a right-click. " +
		"] and [: the side panel's buttons, Space presses one. Shift+arrows, WASD: pan. H: home. Enter: end turn. Esc: deselect. F1: help.")
}

// empireLines says in short what seat p holds, as the view shows it: its
// settlements, forces and units, and its units in transit.
func (s *Screen) empireLines(u *ui, p rules.Seat) {
	m := s.m
	towns, cities, armies, garrisons, units := 0, 0, 0, 0, 0
	for _, st := range m.Settlements() {
		if st.Owner != p {
			continue
		}
		if st.City {
			cities++
		} else {
			towns++
		}
	}
	for _, f := range m.Forces() {
		if f.Owner != p {
			continue
		}
		if f.Garrison {
			garrisons++
		} else {
			armies++
		}
		units += len(f.Units)
	}
	u.line(fmt.Sprintf("%s and %s; %s and %s with %s.", words.Count(cities, "city", "cities"), words.Count(towns, "town", "towns"),
		words.Count(armies, "army", "armies"), words.Count(garrisons, "garrison", "garrisons"), words.Count(units, "unit", "units")))
	n := 0
	for _, t := range m.v.Transits {
		if t.Owner == p {
			n++
		}
	}
	if n > 0 {
		u.line(fmt.Sprintf("%s on the way to the forces they were forwarded to.", words.Count(n, "unit is", "units are")))
	}
}

// forceTitle names force f for the panel: "Army 12" for the player's,
// "Bob's army 12" for another's (a replay's all-seeing view shows every
// player's, its view through Ann's eyes names Ann's).
func (s *Screen) forceTitle(f *rules.Force) string {
	if s.m.me(f.Owner) {
		return forceName(f)
	}
	return upper(s.m.whose(f.Owner)) + " " + lower(forceName(f))
}

// sideSettlement shows a settlement: its owner and, for the player's, its
// production and forwarding with the buttons that change them; the
// all-seeing view shows every player's production.
func (s *Screen) sideSettlement(u *ui, st *rules.SettlementView, in module.Input) {
	m := s.m
	known := st.Owner != 0 && (st.Owner == m.You() || m.v.AllSeeing)
	if !known {
		line := upper(m.SettlementName(st))
		if st.Turn < m.v.ObservedTurn() {
			line += fmt.Sprintf(", as seen on turn %d", st.Turn)
		}
		u.text(line, s.seatText(st.Owner))
		return
	}
	rate := m.d.Game.TownRate
	if st.City {
		rate = m.d.Game.CityRate
	}
	u.line(fmt.Sprintf("%s %s: %d%% production rate.", upper(m.whose(st.Owner)), settlementWord(st.City), rate))
	u.line(s.productionText(st))
	u.line(s.forwardText(st))
	if w := m.Unguarded(st); w != "" && !s.watching {
		u.bad(w)
	}
	if in.Orders {
		id := st.ID
		u.row([]string{"Production…", "Forward…"}, []func(){
			func() { s.showProduction(id) },
			func() { s.showForward(id) },
		})
	}
}

// productionText says what settlement st produces and when it is done.
func (s *Screen) productionText(st *rules.SettlementView) string {
	m := s.m
	if st.Produce == 0 {
		return "Produces nothing."
	}
	k := dat.Kind(st.Produce - 1)
	ut := m.d.Unit(k)
	n := rules.ProductionTurns(&m.d.Game, st.City, ut, st.Progress)
	out := fmt.Sprintf("Produces %s: ready in %s (%d%% done).", ut.Name, words.Count(n, "turn", "turns"), st.Progress*100/(ut.Prod*100))
	if q := s.queueText(st); q != "" {
		out += " " + q
	}
	return out
}

// queueText says what settlement st produces after its unit: "Then:
// Infantry, Cavalry (and Cavalry on)."; "" with no queue.
func (s *Screen) queueText(st *rules.SettlementView) string {
	if len(st.Queue) == 0 {
		return ""
	}
	names := make([]string, len(st.Queue))
	for i, k := range st.Queue {
		names[i] = s.m.d.Unit(dat.Kind(k - 1)).Name
	}
	return fmt.Sprintf("Then: %s (and %s on).", strings.Join(names, ", "), names[len(names)-1])
}

// forwardText says where settlement st's units go.
func (s *Screen) forwardText(st *rules.SettlementView) string {
	m := s.m
	if st.Forward == 0 {
		return "Its units join its garrison."
	}
	f := m.Force(st.Forward)
	if f == nil {
		return fmt.Sprintf("Its units are forwarded to force %v, which is gone.", st.Forward)
	}
	s2 := fmt.Sprintf("Its units are forwarded to %s at %v", lower(forceName(f)), f.Pos)
	if st.Produce > 0 {
		n := rules.ForwardTurns(m.d.Unit(dat.Kind(st.Produce-1)), m.v.Grid().Distance(st.Pos, f.Pos))
		s2 += fmt.Sprintf(": %s on the way", words.Count(n, "turn", "turns"))
	}
	return s2 + "."
}

// sideForce shows the selected force: its units, movement, order and
// peace, and the buttons to split it, move units to another force, set
// its peace and stop it.
func (s *Screen) sideForce(u *ui, f *rules.Force, in module.Input) {
	m := s.m
	u.gap()
	u.title(s.forceTitle(f))
	for _, un := range f.Units {
		u.unitLine(un.Kind, m.UnitLine(un))
	}
	hp, most := m.HP(f.Units)
	u.muted(fmt.Sprintf("%s, %d/%d hp.", words.Count(len(f.Units), "unit", "units"), hp, most))
	peace := "off"
	if f.Peace {
		peace = "on: it meets others' armies in peace without fighting"
	}
	if f.Garrison {
		u.muted("A garrison holds its settlement and does not move.")
	} else {
		mv := rules.ArmyMovement(m.d, f.Units)
		u.muted(moveWords(m.d, mv))
		switch {
		case len(f.Path) > 0:
			u.line("Moving " + m.pathWords(f.ID, f.Path) + ".")
		case in.Orders:
			u.line("No orders: right-click a square to send it there.")
		default:
			u.line("No orders: it stays where it is.")
		}
	}
	u.muted("Peace " + peace + ".")
	for _, d := range m.Drafts() {
		if d.NewArmy == f.ID && d.Err != "" {
			u.bad("Its split will be refused: " + d.Err)
		}
	}
	if !in.Orders {
		return
	}
	id := f.ID
	var labels []string
	var fns []func()
	if !Drafted(id) && len(f.Units) > 1 || !Drafted(id) && f.Garrison {
		labels, fns = append(labels, "Split off…"), append(fns, func() { s.showSplit(id, nil) })
	}
	if !Drafted(id) && len(m.ForcesAt(f.Pos)) > 1 {
		labels, fns = append(labels, "Join…"), append(fns, func() { s.showTransfer(id, 0, nil) })
	}
	if !Drafted(id) {
		label := "Peace on"
		if f.Peace {
			label = "Peace off"
		}
		labels, fns = append(labels, label), append(fns, func() {
			if now := m.Force(id); now != nil {
				s.try(m.Peace(id, !now.Peace))
			}
		})
	}
	if !f.Garrison && len(f.Path) > 0 {
		labels, fns = append(labels, "Stop"), append(fns, func() { s.try(m.Move(id, nil)) })
	}
	if len(labels) > 0 {
		u.row(labels, fns)
	}
	if Drafted(id) {
		u.muted("A new army: right-click a square to send it there; take back its split in the orders below.")
	}
}

// moveWords describes a movement: "2 mp a turn; a square of Plains costs
// 1, Forest 2, Mountain 2; no Sea".
func moveWords(d *dat.Data, mv rules.Movement) string {
	var can, cannot []string
	for t := dat.Terrain(0); t < dat.NumTerrains; t++ {
		if mv.Cost[t] > 0 {
			can = append(can, fmt.Sprintf("%s %d", d.Terrains[t].Name, mv.Cost[t]))
		} else {
			cannot = append(cannot, d.Terrains[t].Name)
		}
	}
	s := fmt.Sprintf("%d mp a turn; a square costs: %s", mv.MP, strings.Join(can, ", "))
	if len(cannot) > 0 {
		s += "; no " + strings.Join(cannot, ", ")
	}
	return s + "."
}

// Orders implements module.Screen: the turn's orders, each with its
// refusal and an x that takes it back.
func (s *Screen) Orders(c *widget.Container) {
	m := s.m
	if m.v == nil || m.You() == 0 || s.watching {
		return
	}
	t := s.host.Theme()
	pal := t.Palette()
	drafts := m.Drafts()
	s.orderButtons = s.orderButtons[:0]
	c.AddChild(t.NewText(fmt.Sprintf("Orders for turn %d (%d)", m.v.Turn, len(drafts)), t.NormalFace(), pal.Accent))
	if len(drafts) == 0 {
		c.AddChild(t.NewText("No orders yet: your armies keep their standing orders, your settlements what they produce.",
			t.SmallFace(), pal.TextMuted, widget.TextOpts.MaxWidth(float64(s.host.PanelWidth()))))
	}
	for i, d := range drafts {
		label := m.Label(d)
		col := color.Color(pal.Text)
		switch {
		case d.Rejected != "":
			label += "\n  refused: " + d.Rejected
			col = pal.Error
		case d.Err != "":
			label += "\n  not sent: " + d.Err
			col = pal.Error
		}
		text := t.NewText(label, t.SmallFace(), col, widget.TextOpts.MaxWidth(float64(s.host.PanelWidth()-t.Px(kit.RemoveRoom))))
		take := func() {
			m.Remove(i)
			s.updatePreview()
			s.changed()
		}
		row := kit.OrderRow(t, text, "x", take)
		c.AddChild(row)
		if b, ok := row.Children()[len(row.Children())-1].(*widget.Button); ok {
			s.orderButtons = append(s.orderButtons, panelButton{b: b, press: take, label: "x " + m.Label(d)})
		}
	}
	if len(drafts) > 0 {
		c.AddChild(t.NewText("Backspace takes back the last order.", t.SmallFace(), pal.TextMuted))
	}
}

// window returns a window's body: a column with a title.
func (s *Screen) window(title string) *ui {
	t := s.host.Theme()
	body := kit.WindowBody(t, t.Px(18), t.Px(5))
	hf := t.HeadingFace()
	body.AddChild(widget.NewText(widget.TextOpts.Text(title, &hf, t.Palette().Accent)))
	return &ui{s: s, c: body, w: t.Px(windowWidth)}
}

// grid adds a grid of cols columns and returns a ui that adds its cells.
func (u *ui) grid(cols int) *ui {
	t := u.s.host.Theme()
	gap := t.Px(gridGap)
	g := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(cols),
			widget.GridLayoutOpts.Stretch(slices.Repeat([]bool{true}, cols), nil),
			widget.GridLayoutOpts.Spacing(gap, t.Px(4)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
	u.c.AddChild(g)
	return &ui{s: u.s, c: g, w: (u.w - gap*(cols-1)) / cols}
}

// gridGap is the room between a grid's columns, in pixels at 100 %: a
// line's picture stands clear of the button before it.
const gridGap = 16

// windowWidth is the width of a window's texts, in pixels at 100 %.
const windowWidth = 560

// showProduction opens the window choosing what settlement id produces:
// the units it may produce, with the turns each takes, and those it may
// not, with why.
func (s *Screen) showProduction(id rules.SettlementID) {
	m := s.m
	st := m.Settlement(id)
	if st == nil {
		return
	}
	w := s.window(fmt.Sprintf("What the %s at %v produces", settlementWord(st.City), st.Pos))
	w.text(s.productionText(st)+" Choosing another unit starts it from nothing; Queue… adds units to make after it.", s.host.Theme().Palette().TextMuted)
	set := func(v int) func() {
		return func() {
			if s.try(m.Produce(id, v)) {
				s.host.CloseWindow()
			}
		}
	}
	var blocked []string
	cols := w
	if len(m.d.Units) > 8 {
		cols = w.grid(2)
	}
	for k := range m.d.Units {
		ut := m.d.Unit(dat.Kind(k))
		if why := m.CannotProduce(st, dat.Kind(k)); why != "" {
			blocked = append(blocked, fmt.Sprintf("%s: %s.", ut.Name, why))
			continue
		}
		label := ProduceLabel(m.d, st.City, dat.Kind(k))
		if st.Produce == k+1 {
			label = "● " + label
		}
		cols.unitButton(dat.Kind(k), label, set(k+1))
	}
	cols.button("Produce nothing", set(0))
	if st.Produce > 0 {
		w.gap()
		w.button("Queue… (units to make after it)", func() { s.showQueue(id) })
	}
	if len(blocked) > 0 {
		w.gap()
		for _, b := range blocked {
			w.text(b, s.host.Theme().Palette().TextDisabled)
		}
	}
	s.host.OpenWindow(w.c)
}

// showQueue opens the window adding units to settlement id's queue:
// every unit it may produce; each click adds one, and the window stays
// open for the next.
func (s *Screen) showQueue(id rules.SettlementID) {
	m := s.m
	st := m.Settlement(id)
	if st == nil {
		return
	}
	w := s.window(fmt.Sprintf("What the %s at %v makes next", settlementWord(st.City), st.Pos))
	text := s.queueText(st)
	if text == "" {
		text = "Nothing queued: it goes on with the unit it produces."
	}
	w.text(text+" Each click adds a unit at the end of the queue.", s.host.Theme().Palette().TextMuted)
	add := func(v int) func() {
		return func() {
			if s.try(m.Queue(id, v)) {
				s.showQueue(id)
			}
		}
	}
	cols := w
	if len(m.d.Units) > 8 {
		cols = w.grid(2)
	}
	for k := range m.d.Units {
		if m.CannotProduce(st, dat.Kind(k)) != "" {
			continue
		}
		cols.unitButton(dat.Kind(k), "+ "+ProduceLabel(m.d, st.City, dat.Kind(k)), add(k+1))
	}
	w.gap()
	w.button("Clear the queue", func() {
		if s.try(m.ClearQueue(id)) {
			s.showQueue(id)
		}
	})
	s.host.OpenWindow(w.c)
}

// ProduceLabel is the production window's button of kind k: "Cavalry · 7
// turns · hp 2 mp 4 av 5 dv 3".
func ProduceLabel(d *dat.Data, city bool, k dat.Kind) string {
	ut := d.Unit(k)
	return fmt.Sprintf("%s · %s · hp %d mp %d av %d dv %d", ut.Name,
		words.Count(rules.ProductionTurns(&d.Game, city, ut, 0), "turn", "turns"), ut.HP, ut.MP, ut.AV, ut.DV)
}

// showForward opens the window choosing where settlement id forwards its
// units: its garrison, or one of the player's forces, with the turns a
// unit takes to get there.
func (s *Screen) showForward(id rules.SettlementID) {
	m := s.m
	st := m.Settlement(id)
	if st == nil {
		return
	}
	w := s.window(fmt.Sprintf("Where the %s at %v sends its units", settlementWord(st.City), st.Pos))
	w.text("A forwarded unit takes half the distance, over the squares its best terrain lets it pass in a turn, rounded up; "+
		"if its force is gone, it comes back to the settlement.", s.host.Theme().Palette().TextMuted)
	if !m.guarded(st.Pos) {
		w.text(fmt.Sprintf("No garrison holds the %s: forwarded, its units leave it unguarded, and any army that walks in takes it.",
			settlementWord(st.City)), s.host.Theme().Palette().Error)
	}
	set := func(to rules.ForceID) func() {
		return func() {
			if s.try(m.Forward(id, to)) {
				s.host.CloseWindow()
			}
		}
	}
	label := "Keep them in the garrison"
	if st.Forward == 0 {
		label = "● " + label
	}
	w.button(label, set(0))
	var ut *dat.Unit
	if st.Produce > 0 {
		ut = m.d.Unit(dat.Kind(st.Produce - 1))
	}
	for _, f := range m.Forces() {
		if Drafted(f.ID) || f.Pos == st.Pos && f.Garrison {
			continue
		}
		label := ForwardLabel(m.v.Grid(), ut, st.Pos, &f)
		if st.Forward == f.ID {
			label = "● " + label
		}
		w.button(label, set(f.ID))
	}
	s.host.OpenWindow(w.c)
}

// ForwardLabel is the forward window's button of force f for a
// settlement on from producing ut (nil: nothing): "Army 12 at 6,4 (3
// units) · 2 turns".
func ForwardLabel(g grid.Grid, ut *dat.Unit, from grid.Pos, f *rules.Force) string {
	s := fmt.Sprintf("%s at %v (%s)", forceName(f), f.Pos, words.Count(len(f.Units), "unit", "units"))
	if ut != nil {
		s += " · " + words.Count(rules.ForwardTurns(ut, g.Distance(from, f.Pos)), "turn", "turns")
	}
	return s
}

// UnitToggle is the label of a unit's toggle in the split and join
// windows: "[x] Infantry 1/1 hp #17".
func (m *Model) UnitToggle(u rules.Unit, on bool) string {
	box := "[ ]"
	if on {
		box = "[x]"
	}
	return fmt.Sprintf("%s %s #%v", box, m.UnitLine(u), u.ID)
}

// showSplit opens the window splitting units off force id: a toggle per
// unit (chosen: those picked so far; nil: all but the first), then a new
// army, or, for an army in a settlement of the player's, a new garrison.
func (s *Screen) showSplit(id rules.ForceID, chosen []rules.UnitID) {
	m := s.m
	f := m.Force(id)
	if f == nil {
		return
	}
	if chosen == nil {
		for _, u := range f.Units[1:] {
			chosen = append(chosen, u.ID)
		}
		if len(f.Units) == 1 {
			chosen = []rules.UnitID{f.Units[0].ID}
		}
	}
	w := s.window(fmt.Sprintf("Split units off %s at %v", lower(forceName(f)), f.Pos))
	w.text("Pick the units of the new force. An army has the mp of its slowest unit and the worst cost of its units on each terrain.",
		s.host.Theme().Palette().TextMuted)
	s.unitToggles(w, f, chosen, func(next []rules.UnitID) { s.showSplit(id, next) })
	var picked []rules.UnitID
	var units []rules.Unit
	for _, un := range f.Units {
		if slices.Contains(chosen, un.ID) {
			picked = append(picked, un.ID)
			units = append(units, un)
		}
	}
	w.gap()
	if len(picked) == 0 {
		w.text("Pick at least one unit.", s.host.Theme().Palette().TextMuted)
	} else {
		w.muted("The new army: " + moveWords(m.d, rules.ArmyMovement(m.d, units)))
		w.button(fmt.Sprintf("Split off %s as a new army", words.Count(len(picked), "unit", "units")), func() {
			if _, err := m.Split(id, picked, false); err != nil {
				s.notify(err.Error())
				return
			}
			s.host.CloseWindow()
			s.notify("A new army: right-click a square to send it there")
			s.updatePreview()
			s.changed()
		})
		if st := m.SettlementAt(f.Pos); st != nil && st.Owner == m.You() && !f.Garrison {
			w.button(fmt.Sprintf("Leave %s as a garrison", words.Count(len(picked), "unit", "units")), func() {
				if _, err := m.Split(id, picked, true); err != nil {
					s.notify(err.Error())
					return
				}
				s.host.CloseWindow()
				s.changed()
			})
		}
	}
	s.host.OpenWindow(w.c)
}

// showTransfer opens the window moving units of force id to another of
// the player's forces in its square: the target (0: the first other), a
// toggle per unit (chosen nil: all).
func (s *Screen) showTransfer(id, to rules.ForceID, chosen []rules.UnitID) {
	m := s.m
	f := m.Force(id)
	if f == nil {
		return
	}
	var others []*rules.Force
	for _, o := range m.ForcesAt(f.Pos) {
		if o.ID != id && !Drafted(o.ID) {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		s.notify("No other force of yours is on this square")
		return
	}
	if to == 0 {
		to = others[0].ID
	}
	if chosen == nil {
		for _, u := range f.Units {
			chosen = append(chosen, u.ID)
		}
	}
	w := s.window(fmt.Sprintf("Units of %s join another force", lower(forceName(f))))
	w.muted("Join which force?")
	for _, o := range others {
		label := fmt.Sprintf("%s: %s", forceName(o), words.Count(len(o.Units), "unit", "units"))
		if o.ID == to {
			label = "● " + label
		}
		oid := o.ID
		w.button(label, func() { s.showTransfer(id, oid, chosen) })
	}
	w.gap()
	w.muted("Which units?")
	s.unitToggles(w, f, chosen, func(next []rules.UnitID) {
		if len(next) == 0 {
			next = []rules.UnitID{} // none picked, not all
		}
		s.showTransfer(id, to, next)
	})
	var picked []rules.UnitID
	for _, un := range f.Units {
		if slices.Contains(chosen, un.ID) {
			picked = append(picked, un.ID)
		}
	}
	w.gap()
	if len(picked) == 0 {
		w.text("Pick at least one unit.", s.host.Theme().Palette().TextMuted)
	} else {
		target := m.Force(to)
		w.button(fmt.Sprintf("Move %s to %s", words.Count(len(picked), "unit", "units"), lower(forceName(target))), func() {
			units := picked
			if len(picked) == len(f.Units) {
				units = nil // all
			}
			if err := m.Transfer(id, to, units); err != nil {
				s.notify(err.Error())
				return
			}
			s.host.CloseWindow()
			if m.Force(id) == nil {
				m.SelectForce(to)
			}
			s.changed()
		})
	}
	s.host.OpenWindow(w.c)
}

// unitToggles adds to w a button for each unit of f, marked when it is
// among chosen; a click calls show with chosen with that unit picked or
// put back.
func (s *Screen) unitToggles(w *ui, f *rules.Force, chosen []rules.UnitID, show func(next []rules.UnitID)) {
	for _, un := range f.Units {
		on := slices.Contains(chosen, un.ID)
		uid := un.ID
		w.unitButton(un.Kind, s.m.UnitToggle(un, on), func() {
			next := slices.Clone(chosen)
			if on {
				next = slices.DeleteFunc(next, func(x rules.UnitID) bool { return x == uid })
			} else {
				next = append(next, uid)
			}
			show(next)
		})
	}
}
