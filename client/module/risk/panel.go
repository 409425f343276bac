package risk

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/protocol"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// panel builds the side panel's column.
type panel struct {
	s *Screen
	c *widget.Container
}

// text adds a line of text in the small face (or normal, for a title)
// and colour col.
func (p panel) text(line string, title bool, col color.Color) {
	t := p.s.host.Theme()
	face := t.SmallFace()
	if title {
		face = t.NormalFace()
	}
	p.c.AddChild(t.NewText(line, face, col, widget.TextOpts.MaxWidth(float64(p.s.host.PanelWidth()))))
}

// gap adds a little space.
func (p panel) gap() {
	p.c.AddChild(widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, p.s.px(6)))))
}

// row adds a row headed by heading ("" for none) of buttons side by side,
// labels[i] doing fns[i]; the probe names a headed row's buttons
// "heading/label".
func (p panel) row(heading string, labels []string, fns []func()) {
	t := p.s.host.Theme()
	r := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(t.Px(4)))))
	if heading != "" {
		h := t.NewText(heading, t.SmallFace(), t.Palette().Text)
		h.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		r.AddChild(h)
	}
	for i, l := range labels {
		r.AddChild(kit.PanelButton(t, l, t.Px(7), false, fns[i]))
	}
	p.c.AddChild(r)
}

// button adds one button.
func (p panel) button(label string, fn func()) { p.row("", []string{label}, []func(){fn}) }

// stepper adds a row "heading − n +" whose buttons call set with n-1 and
// n+1.
func (p panel) stepper(heading string, n int, set func(int)) {
	p.row(fmt.Sprintf("%s: %d", heading, n), []string{"−", "+"}, []func(){func() { set(n - 1) }, func() { set(n + 1) }})
}

// phaseWords names the step of phase ph for the panel's title.
func phaseWords(ph rules.Phase) string {
	switch ph {
	case rules.PhaseClaim:
		return "Set-up: claiming"
	case rules.PhaseDeploy:
		return "Set-up: starting armies"
	case rules.PhasePlace:
		return "Step 3: placing armies"
	case rules.PhaseAttack, rules.PhaseDefend, rules.PhaseOccupy, rules.PhaseReinforce:
		return "Step 4: attacks"
	case rules.PhaseMove:
		return "Step 4: the free move"
	case rules.PhaseBuild:
		return "Step 5: cities and Goods"
	case rules.PhaseTrade:
		return "Step 6: trading"
	case rules.PhaseDisaster, rules.PhasePlague:
		return "Step 7: Disasters"
	case rules.PhasePurchase:
		return "Step 8: Empire cards"
	case rules.PhaseOver:
		return "The game is over"
	}
	return ph.String()
}

// Instruction says what the player is asked to do now and how, "" when
// it may do nothing.
func (m *Model) Instruction() string {
	v := m.v
	switch m.Move() {
	case MoveClaim:
		return "Claim a territory: click a free one (ringed)"
	case MoveDeploy:
		return fmt.Sprintf("Place your starting armies one at a time: click your territories (%s left)", armies(m.Reserve()))
	case MovePlace:
		return fmt.Sprintf("Place %s: click your territories (a click places %d, Shift-click all)", armies(m.Reserve()), m.Count())
	case MoveReinforce:
		return fmt.Sprintf("Place the %s of the sets turned in: click your territories", armies(m.Reserve()))
	case MoveAttack:
		switch {
		case m.mode == ModeNuke:
			return "Nuke: click another player's territory (Esc: back to attacking)"
		case m.mode == ModeAirDrop && m.sel == 0:
			return "Air Drop: click your territory to drop 3 armies from (4 or more armies)"
		case m.mode == ModeAirDrop:
			return fmt.Sprintf("Air Drop from %s: click the territory to drop onto", m.tname(m.sel))
		case m.sel == 0:
			return "Attack: click your territory to attack from (2 or more armies), or Stop attacking (E)"
		case m.target == 0:
			return fmt.Sprintf("Attack from %s: click a linked enemy territory (ringed)", m.tname(m.sel))
		}
		return fmt.Sprintf("Attack %s from %s: Roll (Enter) or Attack until (U)", m.tname(m.target), m.tname(m.sel))
	case MoveDefend:
		return fmt.Sprintf("Your city on %s is attacked: turn it into 3 armies (C), or keep it (K)?", m.tname(v.To))
	case MoveOccupy:
		least, most := m.MoveRange()
		return fmt.Sprintf("You conquered %s: move %d to %d armies in, then Move in (Enter)", m.tname(v.To), least, most)
	case MoveFree:
		if m.sel == 0 {
			return fmt.Sprintf("The free move (%s left): click your territory to move from, or End turn (E)", words.Count(v.Moves, "move", "moves"))
		}
		if m.target == 0 {
			return fmt.Sprintf("Move from %s: click a linked territory of yours", m.tname(m.sel))
		}
		return fmt.Sprintf("Move from %s to %s: Move (Enter)", m.tname(m.sel), m.tname(m.target))
	case MoveBuild:
		return fmt.Sprintf("Build cities: click your territory with %d or more armies; then End building (E) to draw your Goods cards", m.CityCost())
	case MoveTrade:
		return "Trade Goods cards at the trading table (T); E leaves it"
	case MoveDisaster:
		if m.RiotsAsked() {
			return "Riots: click your cities in the order they are checked (the rest follow), then Resolve (E)"
		}
		return "Resolve the Disasters you received: Resolve (E)"
	case MovePlague:
		what := "territory"
		if v.TiedContinents {
			what = "continent"
		}
		return fmt.Sprintf("The plague: click the %s it strikes among those tied: %s", what, m.TiedNames())
	case MovePurchase:
		return "Buy Empire cards (P), then end the step (E keeps the 5 Goods cards worth the most)"
	}
	return ""
}

// Side implements module.Screen: the round and its order, the step and
// what it waits for, the step's buttons, the players, the cards, the
// keys.
func (s *Screen) Side(c *widget.Container, in module.Input) {
	if s.m == nil || s.m.v == nil {
		return
	}
	m, v := s.m, s.m.v
	p := panel{s: s, c: c}
	pal := s.host.Theme().Palette()
	panelBg := color.RGBA{pal.Panel.R, pal.Panel.G, pal.Panel.B, 255}
	seatColor := func(q ruleset.Seat) color.Color { return s.palette().TextColor(game.PlayerID(q), panelBg) }
	title := phaseWords(v.Phase) // the set-up's words say it is the set-up
	if v.Round > 0 {
		title = fmt.Sprintf("Round %d", v.Round)
		if v.Rounds > 0 {
			title += fmt.Sprintf(" of %d", v.Rounds)
		}
		title += " · " + phaseWords(v.Phase)
	}
	p.text(title, true, pal.Accent)
	if len(v.Order) > 0 {
		var parts []string
		for i, q := range v.Order {
			n := fmt.Sprintf("%d. %s", i+1, m.Name(q))
			if q == v.Actor {
				n += " (now)"
			}
			parts = append(parts, n)
		}
		p.text("Order: "+strings.Join(parts, ", "), false, pal.Text)
	}
	if in.Orders && !s.watching {
		if ins := m.Instruction(); ins != "" {
			p.text(ins, false, pal.Accent)
		} else {
			p.text(m.Waiting(), false, pal.TextMuted)
		}
	} else if v.Phase != rules.PhaseOver {
		p.text(m.Waiting(), false, pal.TextMuted)
	}
	if in.Orders && !s.watching {
		s.controls(p)
	}
	p.gap()
	p.text("Players", true, pal.Accent)
	for i, pl := range v.Players {
		q := ruleset.Seat(i + 1)
		terr, arms := 0, 0
		for _, t := range v.Board {
			if t.Owner == q && (t.Armies > 0 || t.City) {
				terr++
				arms += t.Armies
			}
		}
		name := pl.Name
		if q == v.Seat && !m.third {
			name += " (you)"
		}
		line := fmt.Sprintf("%s: %s, %s, %s · %d Goods, %d Disasters, %d territory cards", name,
			words.Count(terr, "territory", "territories"), armies(arms), words.Count(pl.Cities, "city", "cities"), pl.Goods, pl.Disasters, pl.Cards)
		if pl.Reserve > 0 {
			line += fmt.Sprintf(" · %d to place", pl.Reserve)
		}
		if !pl.Alive {
			line += " · out"
		}
		p.text(line, false, seatColor(q))
	}
	p.gap()
	s.cards.SetTheme(s.host.Theme())
	s.cards.SetPalette(s.palette())
	s.cards.Section(c, s.host.PanelWidth())
	if s.watching {
		p.gap()
		p.text("A replay: the map as the player whose eyes you watch through saw it, step by step; the log tells each step.", false, pal.TextMuted)
		return
	}
	p.gap()
	p.text("Click a territory, or Tab to it and press Enter, to act on it; Enter or Space rolls, U attacks until, 1-3 the dice, [ ] the count, E ends the step, Esc drops the choice; C or K answers the city question; T the trading table, P the Empire cards. F1: the rules and every key.", false, pal.TextMuted)
}

// controls adds the buttons of the player's step.
func (s *Screen) controls(p panel) {
	m, v := s.m, s.m.v
	pal := s.host.Theme().Palette()
	switch m.Move() {
	case MovePlace:
		p.stepper("Armies a click", m.Count(), m.SetCount)
		p.button("End placing", func() { s.apply(m.EndPlacing()) })
		if n := m.Reserve(); n > 0 {
			p.text(fmt.Sprintf("Ending now loses the %s not placed: they are not held over.", armies(n)), false, pal.TextMuted)
		}
	case MoveReinforce:
		p.stepper("Armies a click", m.Count(), m.SetCount)
	case MoveAttack:
		s.attackControls(p)
	case MoveDefend:
		p.row("", []string{"Turn into 3 armies", "Keep the city"}, []func(){func() { s.apply(m.Convert()) }, func() { s.apply(m.Keep()) }})
	case MoveOccupy:
		p.stepper("Armies moving in", m.MoveCount(), m.SetMoveCount)
		p.button("Move in", func() { s.apply(m.MoveIn()) })
	case MoveFree:
		if m.sel != 0 && m.target != 0 {
			p.stepper("Armies to move", m.MoveCount(), m.SetMoveCount)
			p.button("Move", func() { s.apply(m.FreeMove()) })
		}
		p.button("End turn", func() { s.apply(m.EndTurn()) })
	case MoveBuild:
		p.text(fmt.Sprintf("You have %s of 5; each draws a Goods card a round (one from each of the first piles).", words.Count(v.Players[v.Seat-1].Cities, "city", "cities")), false, pal.TextMuted)
		p.button("End building", func() { s.apply(m.EndBuilding()) })
	case MoveTrade:
		p.button("Trading table", func() { s.openWindow(winTrade) })
	case MoveDisaster:
		var ds []string
		for _, c := range v.Disasters {
			ds = append(ds, c.String())
		}
		p.text("Your Disasters, in the order received: "+strings.Join(ds, ", "), false, pal.Text)
		if m.RiotsAsked() {
			var names []string
			for _, t := range m.riots {
				names = append(names, m.tname(t))
			}
			if len(names) == 0 {
				names = []string{"in the order of the map (none clicked yet)"}
			}
			p.text("The riots' order: "+strings.Join(names, ", "), false, pal.Text)
		}
		p.button("Resolve", func() { s.apply(m.Resolve()) })
	case MovePurchase:
		p.button("Empire cards", func() { s.openWindow(winPurchase) })
	}
	if e := m.ActError(); e != "" {
		p.text("Refused: "+e, false, pal.Error)
	}
}

// attackControls adds the attack's choices: the dice, the odds, Roll,
// Attack until and its limit, Stop attacking, the Nuke and the Air Drop.
func (s *Screen) attackControls(p panel) {
	m, v := s.m, s.m.v
	pal := s.host.Theme().Palette()
	if m.sel != 0 && m.target != 0 {
		from, to := m.at(m.sel), m.at(m.target)
		city := ""
		if to.City {
			city = " and a city (+1 to the defender's highest die)"
		}
		p.text(fmt.Sprintf("%s (%s) attacks %s %s (%s%s)", m.tname(m.sel), armies(from.Armies), m.whose(to.Owner), m.tname(m.target), armies(to.Armies), city), false, pal.Text)
		var labels []string
		var fns []func()
		for n := 1; n <= 3; n++ {
			l := fmt.Sprint(n)
			if n == m.Dice() {
				l = fmt.Sprintf("[%d]", n)
			}
			labels = append(labels, l)
			fns = append(fns, func() { s.apply(m.SetDice(n)) })
		}
		p.row("Dice", labels, fns)
		if o, ok := m.RollOdds(); ok {
			var parts []string
			for k := 0; k <= o.Compared(); k++ {
				parts = append(parts, fmt.Sprintf("you lose %d, they lose %d: %.0f%%", k, o.Compared()-k, 100*o.P(k)))
			}
			p.text("This roll: "+strings.Join(parts, "; "), false, pal.TextMuted)
		}
		if f, ok := m.Odds(); ok {
			p.text(fmt.Sprintf("Odds of conquest, rolling on until down to %s: %.1f%% (you lose %.1f armies on average)", armies(m.until), 100*f.Win, f.AttackerLoss), false, pal.Accent)
		}
		p.row("", []string{"Roll", "Attack until"}, []func(){func() { s.apply(m.Roll()) }, func() { s.apply(m.AttackUntil()) }})
		p.stepper("Until down to", m.until, m.SetUntil)
		if m.auto {
			p.button("Stop rolling", m.StopAuto)
		}
	}
	p.button("Stop attacking", func() { s.apply(m.StopAttacking()) })
	if m.Holds(cards.Nuke) && !v.NukeUsed {
		p.button("Nuke", func() { s.apply(m.SetMode(ModeNuke)) })
	}
	if m.Holds(cards.AirDrop) && !v.DropUsed {
		p.button("Air Drop", func() { s.apply(m.SetMode(ModeAirDrop)) })
	}
}

// Orders implements module.Screen: the action sent and not yet answered.
func (s *Screen) Orders(c *widget.Container) {
	if s.m == nil || s.m.pending == nil || s.watching {
		return
	}
	pal := s.host.Theme().Palette()
	p := panel{s: s, c: c}
	p.text("Your move: sent", false, pal.TextMuted)
}

// Top implements module.Bar: the round and whose step it is, and the
// armies the player has to place.
func (s *Screen) Top() module.Top {
	if s.m == nil || s.m.v == nil {
		return module.Top{}
	}
	m, v := s.m, s.m.v
	if v.Phase == rules.PhaseOver {
		return module.Top{Turn: "Game over"}
	}
	step := phaseWords(v.Phase)
	if v.Round > 0 {
		step = fmt.Sprintf("Round %d · %s", v.Round, step)
	}
	what := step
	if v.Actor != 0 {
		what += " · " + m.Name(v.Actor)
	}
	top := module.Top{Turn: what, Short: step}
	if n := m.Reserve(); n > 0 {
		top.Money = fmt.Sprintf("To place: %d", n)
	}
	return top
}

// TurnName implements module.Bar: a turn of risk is a round.
func (s *Screen) TurnName(t protocol.Turn) string { return fmt.Sprintf("Round %d", t) }

// Buttons implements module.Bar: the step's buttons are on the panel.
func (s *Screen) Buttons() []module.BarButton { return nil }
