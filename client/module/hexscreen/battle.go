package hexscreen

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/art"
	"empires/client/kit"
	"empires/client/model"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/words"
)

// Sizes of the battle report's window, in pixels at 100 % (the report
// multiplies them by the interface size).
const (
	battleMarginX = 16  // between the window and the map's sides
	battleMarginY = 48  // between the window and the screen's top and bottom (the top bar is 40)
	battlePad     = 14  // inside the window
	battleLabelW  = 118 // the column of row names
	battleSideMin = 250 // a side's column, at the least, for the sides to stand side by side
	battleSideMax = 400 // and at the most
	battleOneMax  = 520 // the column of values when the sides are one above the other
	battleColGap  = 14  // between the columns
	battleSlider  = 14  // the scroll bar's width
)

// The rows of a side in the battle report, in the order shown.
const (
	rowUnits = iota
	rowCity
	rowChars
	rowDice
	rowSums
	rowHits
	rowPoints
	rowCasualties
	rowLost
	rowUncroaked
	numRows
)

// rowNames names the rows of a side; the dice row of a fleet battle is
// "Rolls" (see battleView.rowName).
var rowNames = [numRows]string{"Going in", "City", "Characters", "Dice", "Sums", "Hits", "Warlord points", "Casualties", "Lost", "Uncroaked"}

// showBattle opens a window with a battle's report: who fought with what
// (armies, the city's Infantry, characters), every die, the hits, the
// Warlord points, the casualties, healed and lost, the uncroaked, who won
// and the rule that decided it. The two sides stand side by side when the
// map is wide enough, one above the other otherwise; what does not fit the
// window's height scrolls.
func (g *Screen) showBattle(l model.LogLine) {
	g.host.OpenWindow(g.battleBody(l))
}

// battleView builds one battle report's window.
type battleView struct {
	g      *Screen
	b      *game.BattleReport
	fleet  bool // a fleet battle: rolls without Dice
	rounds int32
	dice   dieStyles
	rules  Battle // how the ruleset's dice read
	// sums are each side's sums and reason the rule that decided the
	// battle, when the ruleset explains its report (Battle's
	// Explain): explained.
	sums      [2][]string
	reason    string
	explained bool
}

// dieStyles are the backgrounds of the drawn dice and their text colours.
type dieStyles struct {
	miss, hit, crit          *eimage.NineSlice
	missInk, hitInk, critInk color.Color
}

// battleBody returns the contents of the report's window for log line l,
// sized for the game screen as it is now (openWindow adds Close).
func (g *Screen) battleBody(l model.LogLine) *widget.Container {
	t := g.theme()
	p := g.pal
	b := l.Battle
	v := &battleView{g: g, b: b, fleet: isFleetBattle(b), rules: g.mod.Battle()}
	if v.rules.Explain != nil {
		v.sums, v.reason, v.explained = v.rules.Explain(b, g.model.PlayerName)
	}
	v.dice = dieStyles{
		miss:    eimage.NewBorderedNineSliceColor(p.Field, p.FieldBorder, g.px(1)),
		hit:     eimage.NewBorderedNineSliceColor(color.NRGBA{46, 92, 44, 255}, p.Success, g.px(1)),
		crit:    eimage.NewBorderedNineSliceColor(p.Accent, p.Focus, g.px(2)),
		missInk: p.TextMuted, hitInk: p.Text, critInk: color.NRGBA{30, 22, 12, 255},
	}
	for _, s := range b.Sides {
		for _, d := range s.Dice {
			v.rounds = max(v.rounds, d.Round)
		}
	}

	// The space the window may take, and the layout that fits it.
	mr := g.host.MapRect()
	px := g.px
	availW := mr.Dx() - 2*px(battleMarginX) - 2*px(battlePad)
	availH := mr.Max.Y - 2*px(battleMarginY) - 2*px(battlePad)
	scrollW := availW - px(battleSlider) - px(6)
	sideW := min((scrollW-px(battleLabelW)-2*px(battleColGap))/2, px(battleSideMax))
	wide := sideW >= px(battleSideMin)
	var content *widget.Container
	if wide {
		content = v.wideTable(sideW)
	} else {
		content = v.stacked(max(min(scrollW-px(battleLabelW)-px(battleColGap), px(battleOneMax)), px(160)))
	}
	cw, ch := content.PreferredSize()
	textW := float64(cw + px(battleSlider) + px(6))

	gap := px(6)
	body := kit.WindowBody(t, px(battlePad), gap)
	header := v.column(
		kit.Text(t, fmt.Sprintf("Battle at (%s), %s", b.Hex, strings.ToLower(g.TurnName(protocol.Turn(l.Turn)))), p.Accent),
		kit.SmallText(t, l.Text, p.TextMuted, widget.TextOpts.MaxWidth(textW)),
	)
	won, why := v.outcome(textW)
	header.AddChild(won)
	if why != nil {
		header.AddChild(why)
	}
	body.AddChild(header)
	_, used := header.PreferredSize()
	_, closeH := v.column(t.NewButton("Close", nil)).PreferredSize()
	used += closeH + 2*gap
	maxH := max(availH-used, px(120))
	if ch <= maxH {
		body.AddChild(content)
		return body
	}

	// Too high: the rows scroll, with the wheel or the bar.
	st := kit.ScrollStyle{WheelPart: 4, Handle: px(battleSlider), Scale: g.scale(), Data: content} // Data: for the tests' walk
	body.AddChild(kit.NewScrollArea(content, st, maxH, image.Point{}))
	return body
}

// isFleetBattle reports whether b was fought between fleets: dice rolled
// (one per fleet) and none reported die by die.
func isFleetBattle(b *game.BattleReport) bool {
	rolled := false
	for _, s := range b.Sides {
		if len(s.Dice) > 0 {
			return false
		}
		rolled = rolled || len(s.Rolls) > 0
	}
	return rolled
}

// order returns the sides' indices, the attacker's first.
func (v *battleView) order() [2]int {
	if v.b.Sides[0].Role == game.Defender && v.b.Sides[1].Role != game.Defender {
		return [2]int{1, 0}
	}
	return [2]int{0, 1}
}

// won reports whether side i won.
func (v *battleView) won(i int) bool {
	s := &v.b.Sides[i]
	return s.Won || (s.Player != 0 && s.Player == v.b.Winner)
}

// roleName is "attacker" or "defender".
func roleName(r game.Role) string {
	if r == game.Defender {
		return "defender"
	}
	return "attacker"
}

// playerName names a side's player, "(you)" added for the player's own.
func (v *battleView) playerName(p game.PlayerID) string {
	m := v.g.model
	if p != 0 && p == m.You() {
		return m.PlayerName(p) + " (you)"
	}
	return m.PlayerName(p)
}

// outcome returns the line that says who won and, if the report says, the
// line of the rule that decided it (nil if none), width pixels wide at most.
func (v *battleView) outcome(width float64) (won, why *widget.Text) {
	h := v.g
	t := h.theme()
	p := h.pal
	you := h.model.You()
	line, c := "Nobody won", color.Color(p.Accent)
	for i, s := range v.b.Sides {
		if !v.won(i) {
			continue
		}
		line = fmt.Sprintf("%s won, the %s", v.playerName(s.Player), roleName(s.Role))
		switch {
		case you != 0 && s.Player == you:
			c = p.Success
		case you != 0 && v.b.Sides[1-i].Player == you:
			c = p.Error
		}
	}
	won = kit.Text(t, line, c)
	reason := v.b.ReasonText
	if v.explained {
		reason = kit.CapitalFirst(v.reason)
	}
	if reason == "" {
		reason = reasonWords(v.b.Reason)
	}
	if reason != "" {
		why = kit.SmallText(t, "Why: "+reason, p.Text, widget.TextOpts.MaxWidth(width))
	}
	return won, why
}

// reasonWords says a known game.Reason in words, for a report without
// ReasonText; "" for one it does not know.
func reasonWords(r string) string {
	switch r {
	case game.ReasonFewerLosses:
		return "the side that lost more units retreats"
	case game.ReasonLastStanding:
		return "only one side has units left: the other retreats, whatever the losses"
	case game.ReasonTieAttackerRetreats:
		return "equal losses: the attacker retreats"
	case game.ReasonTieDefenderRetreats:
		return "equal losses: the defender retreats"
	case game.ReasonTieDraw:
		return "equal losses: nobody retreats"
	case game.ReasonNoFight:
		return "the sides could not fight each other: nobody retreats"
	}
	return ""
}

// rowName names row r.
func (v *battleView) rowName(r int) string {
	if r == rowDice && v.fleet {
		return "Rolls"
	}
	return rowNames[r]
}

// wideTable returns the report with the sides side by side, sideW pixels
// each, the rows' names on the left: a row's cells line up.
func (v *battleView) wideTable(sideW int) *widget.Container {
	grid := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(3),
		widget.GridLayoutOpts.Spacing(v.g.px(battleColGap), v.g.px(10)),
	)))
	order := v.order()
	var cells [2][numRows]*widget.Container
	grid.AddChild(v.label(""))
	for k, i := range order {
		grid.AddChild(v.sideHeader(i, sideW))
		cells[k] = v.sideCells(i, sideW)
	}
	for r := range numRows {
		if cells[0][r] == nil && cells[1][r] == nil {
			continue
		}
		grid.AddChild(v.label(v.rowName(r)))
		for k := range order {
			c := cells[k][r]
			if c == nil {
				c = v.column(kit.SmallText(v.g.theme(), "-", v.g.pal.TextMuted))
			}
			c.GetWidget().MinWidth = sideW
			grid.AddChild(c)
		}
	}
	return v.withLegend(grid, v.g.px(battleLabelW)+2*sideW+2*v.g.px(battleColGap))
}

// stacked returns the report with the sides one above the other, each row
// a name and a value valueW pixels wide.
func (v *battleView) stacked(valueW int) *widget.Container {
	out := v.column()
	for k, i := range v.order() {
		if k > 0 {
			out.AddChild(v.spacer(12))
		}
		out.AddChild(v.sideHeader(i, v.g.px(battleLabelW)+v.g.px(battleColGap)+valueW))
		grid := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Spacing(v.g.px(battleColGap), v.g.px(8)),
		)))
		for r, c := range v.sideCells(i, valueW) {
			if c == nil {
				continue
			}
			c.GetWidget().MinWidth = valueW
			grid.AddChild(v.label(v.rowName(r)), c)
		}
		out.AddChild(grid)
	}
	return v.withLegend(out, v.g.px(battleLabelW)+v.g.px(battleColGap)+valueW)
}

// withLegend returns c with the legend of the drawn dice under it, when the
// report has dice, in a column width pixels wide.
func (v *battleView) withLegend(c *widget.Container, width int) *widget.Container {
	hasDice := false
	for _, s := range v.b.Sides {
		hasDice = hasDice || len(s.Dice) > 0 || len(s.Rolls) > 0
	}
	out := v.column(c)
	out.GetWidget().MinWidth = width
	if !hasDice {
		return out
	}
	t := v.g.theme()
	muted := v.g.pal.TextMuted
	dice := v.rules
	crit := dice.CriticalHits
	row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(v.g.px(5)))))
	add := func(w widget.PreferredSizeLocateableWidget) {
		w.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		row.AddChild(w)
	}
	add(kit.SmallText(t, "Dice:", muted))
	if dice.Legend != "" {
		out.AddChild(v.spacer(6), kit.SmallText(t, dice.Legend, muted, widget.TextOpts.MaxWidth(float64(width))))
		return out
	}
	if v.fleet {
		on := dice.FleetSinksOn
		add(v.die(strconv.Itoa(max(on-1, 1)), 0))
		add(kit.SmallText(t, "a miss,", muted))
		add(v.die(strconv.Itoa(on), 1))
		if on < dice.DieSides {
			add(kit.SmallText(t, "or more sinks an enemy fleet", muted))
		} else {
			add(kit.SmallText(t, "sinks an enemy fleet", muted))
		}
	} else {
		add(v.die("2", 0))
		add(kit.SmallText(t, "a miss,", muted))
		add(v.die("4", 1))
		add(kit.SmallText(t, "a hit,", muted))
		add(v.die("6", 2))
		add(kit.SmallText(t, fmt.Sprintf("a critical (%d hits),", crit), muted))
		if dice.Points {
			add(v.die("3→4", 1))
			add(kit.SmallText(t, "raised by Warlord points", muted))
		}
	}
	out.AddChild(v.spacer(6), row)
	return out
}

// label returns a row's name.
func (v *battleView) label(s string) *widget.Text {
	l := kit.SmallText(v.g.theme(), s, v.g.pal.Accent, widget.TextOpts.MaxWidth(v.g.pxf(battleLabelW)))
	l.GetWidget().MinWidth = v.g.px(battleLabelW)
	return l
}

// sideHeader returns side i's heading: the player's colour, the role and
// name, and whether it won, width pixels wide at most.
func (v *battleView) sideHeader(i, width int) *widget.Container {
	h := v.g
	t := h.theme()
	p := h.pal
	s := &v.b.Sides[i]
	status, c := "no winner", color.Color(p.TextMuted)
	switch {
	case v.won(i):
		status, c = "won", p.Success
	case v.won(1 - i):
		status, c = "lost", p.Error
	}
	row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(v.g.px(8)))))
	swatch := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(art.PaletteOf(v.g.host.Prefs().ColourBlind).Color(s.Player), p.Text, v.g.px(1))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(v.g.px(16), v.g.px(16)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Position: widget.RowLayoutPositionCenter})),
	)
	role := strings.ToUpper(roleName(s.Role)[:1]) + roleName(s.Role)[1:]
	name := kit.Text(t, fmt.Sprintf("%s: %s", role, v.playerName(s.Player)), p.Text,
		widget.TextOpts.MaxWidth(float64(max(width-v.g.px(80), v.g.px(100)))))
	name.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	st := kit.SmallText(t, status, c)
	st.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	row.AddChild(swatch, name, st)
	return row
}

// sideCells returns side i's rows (nil where it has nothing to show), the
// values width pixels wide at most.
func (v *battleView) sideCells(i, width int) [numRows]*widget.Container {
	h := v.g
	t := h.theme()
	p := h.pal
	s := &v.b.Sides[i]
	w := float64(width)
	text := func(s string) *widget.Text { return kit.SmallText(t, s, p.Text, widget.TextOpts.MaxWidth(w)) }
	muted := func(s string) *widget.Text { return kit.SmallText(t, s, p.TextMuted, widget.TextOpts.MaxWidth(w)) }
	var rows [numRows]*widget.Container

	// Going in: the armies' units.
	if len(s.Armies) == 0 {
		rows[rowUnits] = v.column(muted("No army: the city fought alone"))
	} else {
		rows[rowUnits] = v.column(text(fmt.Sprintf("%s: %s", v.armiesName(s.Armies), h.model.UnitsText(s.Before))))
	}

	// The city's forces.
	if s.CityLevel > 0 || s.CityUnits.Total() > 0 {
		got := "No units"
		if s.CityUnits.Total() > 0 {
			got = h.model.UnitsText(s.CityUnits)
		}
		def := fmt.Sprintf("Defence %d", s.CityDefence)
		if s.CityLowered > 0 {
			def += fmt.Sprintf(", after the enemy's Siege lowered it by %d", s.CityLowered)
		}
		rows[rowCity] = v.column(text(fmt.Sprintf("%s from the level %d city", got, s.CityLevel)), muted(def))
	}

	// Characters.
	if len(s.Characters) > 0 {
		c := v.column()
		for _, ch := range s.Characters {
			c.AddChild(v.character(ch, len(s.Armies) > 1, w))
		}
		rows[rowChars] = c
	}

	// Dice.
	switch {
	case len(s.Dice) > 0 && v.rules.SideDie:
		rows[rowDice] = v.sideDie(s, width)
	case len(s.Dice) > 0:
		rows[rowDice] = v.diceGroups(s, width)
	case len(s.Rolls) > 0:
		c := v.column()
		dice := make([]widget.PreferredSizeLocateableWidget, len(s.Rolls))
		for k, r := range s.Rolls {
			dice[k] = v.die(strconv.Itoa(r), v.rollHits(r))
		}
		v.addDiceRows(c, dice, width)
		rows[rowDice] = c
	}
	if lines := v.sums[i]; len(lines) > 0 {
		c := v.column()
		for _, l := range lines {
			c.AddChild(text(kit.CapitalFirst(l)))
		}
		rows[rowSums] = c
	}
	if len(s.Rolls) > 0 || s.Hits > 0 {
		rows[rowHits] = v.column(text(fmt.Sprintf("%d on the enemy", s.Hits)))
	}
	if s.Points > 0 || s.PointsSpent > 0 {
		had := strconv.Itoa(int(s.Points))
		if v.rounds > 1 {
			had += " a round"
		}
		rows[rowPoints] = v.column(text(fmt.Sprintf("Had %s, spent %d", had, s.PointsSpent)))
	}

	// Casualties: fallen, healed, lost; a fleet battle sinks fleets.
	lost := s.Losses.Total() + s.CityLosses.Total()
	switch {
	case v.fleet && s.Fallen > 0:
		rows[rowCasualties] = v.column(text(words.Count(int(s.Fallen), "fleet sunk", "fleets sunk")))
	case v.rules.SideDie && lost > 0:
		rows[rowCasualties] = v.column(text(fmt.Sprintf("%d lost", lost)))
	case s.Fallen > 0 || s.Healed > 0:
		rows[rowCasualties] = v.column(text(fmt.Sprintf("%d fell, %d healed, %d lost", s.Fallen, s.Healed, lost)))
	case lost > 0:
		rows[rowCasualties] = v.column(text(fmt.Sprintf("%d lost", lost)))
	default:
		rows[rowCasualties] = v.column(muted("None"))
	}
	if lost > 0 {
		c := v.column()
		if s.Losses.Total() > 0 {
			who := "Armies"
			if len(s.Armies) == 1 {
				who = "Army"
			}
			c.AddChild(text(fmt.Sprintf("%s: %s", who, h.model.UnitsText(s.Losses))))
		}
		if s.CityLosses.Total() > 0 {
			c.AddChild(text(fmt.Sprintf("City: %s of %d", h.model.UnitsText(s.CityLosses), s.CityUnits.Total())))
		}
		rows[rowLost] = c
	}
	if s.Uncroaked.Total() > 0 {
		rows[rowUncroaked] = v.column(text(h.model.UnitsText(s.Uncroaked) + " rose to join it"))
	}
	return rows
}

// armiesName lists armies: "Army 3", "Armies 3, 7", "Fleet 5".
func (v *battleView) armiesName(ids []game.ArmyID) string {
	kind := "Army"
	switch {
	case v.fleet && len(ids) > 1:
		kind = "Fleets"
	case v.fleet:
		kind = "Fleet"
	case len(ids) > 1:
		kind = "Armies"
	}
	nums := make([]string, len(ids))
	for i, id := range ids {
		nums[i] = strconv.FormatUint(uint64(id), 10)
	}
	return kind + " " + strings.Join(nums, ", ")
}

// character returns a character's line: who it is (a Warlord's levels
// before and after), what its effect did or why not, whether it fell; in
// army if the side had several armies.
func (v *battleView) character(c game.CharacterReport, army bool, width float64) *widget.Text {
	p := v.g.pal
	name := c.Name
	if name == "" {
		name = "Character"
	}
	switch {
	case c.Level != c.LevelAfter:
		name += fmt.Sprintf(" level %d → %d", c.Level, c.LevelAfter)
	case c.Level > 0:
		name += fmt.Sprintf(" level %d", c.Level)
	}
	if army {
		name += fmt.Sprintf(" (army %d)", c.Army)
	}
	what := c.Text
	if c.Level > 0 {
		// The Warlord's text starts with its level, said already.
		what = strings.TrimPrefix(what, fmt.Sprintf("level %d: ", c.Level))
	}
	col := color.Color(p.Text)
	switch c.Effect {
	case game.EffectApplied:
		if what == "" {
			what = "acted"
		}
	case game.EffectUnused:
		col = p.TextMuted
		if what == "" {
			what = "unused"
		}
	case game.EffectCancelled:
		col = p.Error
		if what == "" {
			what = "cancelled by the enemy"
		}
	case game.EffectIdle:
		col = p.Error
		if what == "" {
			what = "did nothing: its player is on autopilot"
		}
	default:
		col = p.TextMuted
	}
	line := name
	if what != "" {
		line += ": " + what
	}
	if c.Lost {
		line += "; fell in the battle"
		col = p.Error
	}
	return kit.SmallText(v.g.theme(), line, col, widget.TextOpts.MaxWidth(width))
}

// dieGroup is the dice of one kind of unit rolled in one round.
type dieGroup struct {
	round int32
	unit  game.UnitKind
	city  bool
	dice  []game.DieReport
}

// diceGroups returns side s's dice grouped by the kind of unit that rolled
// them (the city's apart), round by round, width pixels wide.
func (v *battleView) diceGroups(s *game.SideReport, width int) *widget.Container {
	h := v.g
	t := h.theme()
	var groups []dieGroup
	for _, d := range s.Dice {
		k := slices.IndexFunc(groups, func(g dieGroup) bool { return g.round == d.Round && g.unit == d.Unit && g.city == d.City })
		if k < 0 {
			groups = append(groups, dieGroup{round: d.Round, unit: d.Unit, city: d.City})
			k = len(groups) - 1
		}
		groups[k].dice = append(groups[k].dice, d)
	}
	slices.SortStableFunc(groups, func(a, b dieGroup) int { return int(a.round) - int(b.round) })
	out := v.column()
	for _, gr := range groups {
		name := h.unitName(gr.unit)
		if gr.city {
			name += " of the city"
		}
		if v.rounds > 1 {
			name = fmt.Sprintf("Round %d, %s", gr.round, name)
		}
		hits := 0
		dice := make([]widget.PreferredSizeLocateableWidget, len(gr.dice))
		for k, d := range gr.dice {
			hits += int(d.Hits)
			label := strconv.Itoa(int(d.Score))
			if d.Score != d.Roll {
				label = fmt.Sprintf("%d→%d", d.Roll, d.Score)
			}
			dice[k] = v.die(label, d.Hits)
		}
		out.AddChild(kit.SmallText(t, fmt.Sprintf("%s: %s, %s", name, words.Count(len(gr.dice), "die", "dice"), words.Count(hits, "hit", "hits")),
			h.pal.TextMuted, widget.TextOpts.MaxWidth(float64(width))))
		v.addDiceRows(out, dice, width)
	}
	return out
}

// sideDie returns the die side s rolled for all its units (Battle's
// SideDie), drawn, with what it scored: "Rolled 4, raised to 5".
func (v *battleView) sideDie(s *game.SideReport, width int) *widget.Container {
	t := v.g.theme()
	out := v.column()
	for _, d := range s.Dice {
		label := strconv.Itoa(int(d.Score))
		line := fmt.Sprintf("Rolled %d", d.Roll)
		if d.Score != d.Roll {
			label = fmt.Sprintf("%d→%d", d.Roll, d.Score)
			line += fmt.Sprintf(", raised to %d", d.Score)
		}
		hits := int32(0)
		if d.Hits > 0 {
			hits = 1
		}
		row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(v.g.px(8)))))
		die := v.die(label, hits)
		die.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		words := kit.SmallText(t, line, v.g.pal.Text, widget.TextOpts.MaxWidth(float64(max(width-v.g.px(60), v.g.px(60)))))
		words.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		row.AddChild(die, words)
		out.AddChild(row)
	}
	return out
}

// unitName names unit kind k.
func (g *Screen) unitName(k game.UnitKind) string {
	return g.model.Rules().UnitName(k)
}

// rollHits returns what a die of a fleet battle did: 1 if it sank a fleet.
func (v *battleView) rollHits(r int) int32 {
	if r >= v.rules.FleetSinksOn {
		return 1
	}
	return 0
}

// addDiceRows adds dice to c in rows at most width pixels wide.
func (v *battleView) addDiceRows(c *widget.Container, dice []widget.PreferredSizeLocateableWidget, width int) {
	gap := v.g.px(4)
	var row *widget.Container
	used := 0
	for _, d := range dice {
		w, _ := d.PreferredSize()
		if row == nil || used+w > width {
			row = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(gap))))
			c.AddChild(row)
			used = 0
		}
		row.AddChild(d)
		used += w + gap
	}
}

// die returns a drawn die showing label: dark for a miss, green for a hit,
// gold for a critical (more than one hit).
func (v *battleView) die(label string, hits int32) *widget.Container {
	bg, ink := v.dice.miss, v.dice.missInk
	switch {
	case hits > 1:
		bg, ink = v.dice.crit, v.dice.critInk
	case hits == 1:
		bg, ink = v.dice.hit, v.dice.hitInk
	}
	c := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(bg),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(&widget.Insets{Left: v.g.px(5), Right: v.g.px(5), Top: v.g.px(2), Bottom: v.g.px(2)}))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(v.g.px(24), v.g.px(24))),
	)
	t := kit.SmallText(v.g.theme(), dieText(label, hits), ink)
	t.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	c.AddChild(t)
	return c
}

// dieText returns what a die that did hits shows: its label, and a dot
// for each hit ("4●", a critical "6●●"), so that a hit is told from a
// miss by more than its colour (dark green and dark grey look alike to
// protanopes and deuteranopes).
func dieText(label string, hits int32) string {
	return label + strings.Repeat("●", int(max(0, hits)))
}

// column returns a vertical column of ws.
func (v *battleView) column(ws ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(v.g.px(3)))))
	c.AddChild(ws...)
	return c
}

// spacer returns an empty widget height pixels high at 100 %.
func (v *battleView) spacer(height int) *widget.Container {
	return widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(1, v.g.px(height))))
}
