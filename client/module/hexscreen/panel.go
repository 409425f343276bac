package hexscreen

import (
	"fmt"
	"image/color"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
	"empires/shared/words"
)

// The side panel (the selection, its choices, the turn's orders) and the
// top bar's words of the hex screen.

// Side implements module.Screen: the selected army or city with the
// module's lines on it and its choices, a hex's description, or with
// nothing selected the realm's orders (Realm) or how to play.
func (g *Screen) Side(c *widget.Container, in module.Input) {
	t := g.theme()
	c.RemoveChildren()
	g.tips = g.tips[:0]
	width := float64(g.host.PanelWidth())
	add := func(s string, col color.Color) {
		c.AddChild(kit.SmallText(t, s, col, widget.TextOpts.MaxWidth(width)))
	}
	title := func(s string) { c.AddChild(kit.Text(t, s, g.pal.Accent)) }
	sel := g.model.Selection()
	v := g.model.View()
	switch {
	case sel.Army != 0:
		a := g.ownArmy(sel.Army)
		if a == nil {
			g.model.Deselect()
			g.Side(c, in)
			return
		}
		kind := "Army"
		if a.Naval {
			kind = "Fleet"
		}
		title(fmt.Sprintf("%s %d at %s", kind, a.ID, a.Hex))
		g.panel(c, sel)
		if !g.watching && !g.out() {
			g.choices(c, g.model.ArmyChoices(a.ID))
		}
	case sel.City != 0:
		for _, city := range v.Cities {
			if city.ID != sel.City {
				continue
			}
			name := "City"
			if city.Capital {
				name = "Capital"
			}
			if g.mod.Style().NoCityLevels {
				title(fmt.Sprintf("City %d at %s", city.ID, city.Hex))
			} else {
				title(fmt.Sprintf("%s %d, level %d, at %s", name, city.ID, city.Level, city.Hex))
			}
			g.panel(c, sel)
			if !g.watching && !g.out() {
				g.choices(c, g.model.CityChoices(city.ID))
			}
		}
	case sel.Active:
		for _, line := range g.model.Describe(sel.Hex) {
			add(line, g.pal.Text)
		}
	case g.watching:
		title("Replay")
		add("Turn > (or Enter) shows the next turn with its moves; < Turn the one before; Play steps on by itself.", g.pal.Text)
		add("Watching switches between the whole map and each player's own view, fog and all.", g.pal.TextMuted)
		add("Click a hex to see what is on it; the log tells each turn.", g.pal.TextMuted)
	case g.out():
		title("Out of the game")
		add("Your empire fell: you watch the game to its end with what you still see.", g.pal.Text)
		add("Click a hex to see what is on it; Leave goes back to the menu.", g.pal.TextMuted)
	case v.You == 0:
		title("Watching")
		add("You are watching this game: click a hex to see what is on it.", g.pal.Text)
		add("Drag the map or use the arrow keys to look around; the wheel zooms.", g.pal.TextMuted)
	default:
		if realm, ok := g.mod.(Realm); ok {
			name, _ := realm.RealmTitle(g.model)
			title(name)
			for _, line := range realm.RealmPanel(g.model) {
				add(line, g.pal.Text)
			}
			g.choices(c, realm.RealmChoices(g.model))
			add("Click one of your armies or cities to give it orders, or Tab to it. H: home. Enter: end turn. F1: help.", g.pal.TextMuted)
			add("] and [: the buttons here; Space presses one.", g.pal.TextMuted)
			return
		}
		title("Your orders")
		add("Click one of your armies or cities to give it orders.", g.pal.Text)
		add("Right-click or drag from a selected army to move it; onto an enemy to attack.", g.pal.TextMuted)
		add("Drag the map or use the arrow keys to look around; the wheel zooms.", g.pal.TextMuted)
		add("Keys: Tab, Shift+Tab: what takes orders. Arrows (keypad 7 9 4 6 1 3): the cursor; Space: as a click there; M: as a right click. "+
			"] and [: the side panel's buttons, Space presses one. Shift+arrows, W A S D: pan. H: home. Enter: end turn. Esc: deselect. F1: help.", g.pal.TextMuted)
	}
}

// panel adds the module's lines on the selection (an army's units and
// characters, a city's armies) under its title. While the selection stays
// the same the lines never take less height than they took before (the
// orders chosen may shorten them): the choices under them stay where the
// pointer is.
func (g *Screen) panel(c *widget.Container, sel model.Selection) {
	minH := 0
	s := g.scale()
	if g.linesBox != nil && g.linesSel == sel && g.linesScale == s { // at another size the height was of another size
		minH = max(g.linesMin, g.linesBox.GetWidget().Rect.Dy())
	}
	box := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(g.px(3)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, minH)),
	)
	for _, line := range g.mod.Panel(g.model, sel) {
		box.AddChild(kit.SmallText(g.theme(), line, g.pal.Text, widget.TextOpts.MaxWidth(float64(g.host.PanelWidth()))))
	}
	c.AddChild(box)
	g.linesBox, g.linesSel, g.linesMin, g.linesScale = box, sel, minH, s
}

// choices adds a button per choice; a choice that is not allowed is
// disabled and says why when the pointer is on it. Runs of choices the
// module groups (those that differ only in a direction or a level) share
// one row of small buttons; the module's note on a kind of choice (what it
// costs every turn) goes once above the first of them.
func (g *Screen) choices(c *widget.Container, cs []model.Choice) {
	t := g.theme()
	face := t.SmallFace()
	mod := g.mod
	said := map[string]bool{}
	for i := 0; i < len(cs); {
		if heading, _ := mod.Note(cs[i]); heading != "" && !said[heading] {
			c.AddChild(kit.SmallText(t, heading, g.pal.TextMuted, widget.TextOpts.MaxWidth(float64(g.host.PanelWidth()))))
			said[heading] = true
		}
		key, _ := mod.Group(cs[i])
		j := i + 1
		for key != "" && j < len(cs) {
			if k, _ := mod.Group(cs[j]); k != key {
				break
			}
			j++
		}
		if key == "" || j-i < 3 {
			for _, ch := range cs[i:j] {
				c.AddChild(g.choiceButton(ch, ch.Label, &face, true))
			}
			i = j
			continue
		}
		row := widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(g.px(2)))),
		)
		label := kit.SmallText(t, key, g.pal.Text)
		label.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		label.GetWidget().MinWidth = g.px(84)
		row.AddChild(label)
		for _, ch := range cs[i:j] {
			_, short := mod.Group(ch)
			row.AddChild(g.choiceButton(ch, short, &face, false))
		}
		c.AddChild(row)
		i = j
	}
}

// choiceTip is what the panel says of a choice button under the pointer:
// why it is disabled, or what it warns of.
type choiceTip struct {
	b     *widget.Button
	press func() // what a click does
	label string
	why   string // the reason it is disabled, or its warning
	bad   bool   // disabled
	at    hex.Hex
	hasAt bool // the choice acts on hex at, which the map marks
}

// choiceButton returns the button of choice c, labelled label (with its
// cost when long). A disabled choice says why when the pointer is on it,
// in the hint line and in a tooltip (tipAt): ebitenui's buttons send no
// hover events while disabled.
func (g *Screen) choiceButton(c model.Choice, label string, face *text.Face, long bool) *widget.Button {
	full := c.Label
	if c.Cost > 0 {
		full += " (" + words.Of(int(c.Cost), g.model.Rules().Currency()) + ")"
		if long {
			label += fmt.Sprintf("  (%d)", c.Cost)
		}
	}
	_, upkeep := g.mod.Note(c)
	if upkeep != "" {
		full += ", " + upkeep // the panel says it above the choices (choices)
	}
	if c.Current {
		label = "● " + label
	}
	if long {
		label = kit.Fit(label, *face, float64(g.host.PanelWidth()-g.px(30)))
	}
	pad := 8
	if !long {
		pad = 4
	}
	press := func() { g.choose(c) }
	b := kit.PanelButton(g.theme(), label, g.theme().Px(pad), long, press)
	b.GetWidget().Disabled = c.Reason != ""
	tip := choiceTip{b: b, press: press, label: full, at: c.At, hasAt: c.HasAt}
	switch {
	case c.Reason != "":
		tip.why, tip.bad = c.Reason, true
	case c.Warn != "":
		tip.why = c.Warn
	case c.Replaces != "":
		tip.why = "Replaces your order: " + c.Replaces
	case upkeep != "":
		tip.why = kit.CapitalFirst(upkeep)
	}
	g.tips = append(g.tips, tip)
	return b
}

// tipAt returns the tip of the choice button under the pointer, if any is
// in sight in the side panel.
func (g *Screen) tipAt() (choiceTip, bool) {
	p := g.in.Cursor
	if g.in.Modal || !p.In(g.in.Panel) {
		return choiceTip{}, false
	}
	for _, t := range g.tips {
		if p.In(t.b.GetWidget().Rect) {
			return t, true
		}
	}
	return choiceTip{}, false
}

// Hint implements module.Hinter: why the choice the keyboard's focus is
// on, else the one under the pointer, is disabled, or what it warns of;
// nothing for a choice that is fine under the pointer, and the focused
// button's label under the keyboard's focus (in words, wherever the panel
// is scrolled). The map marks the hex that choice acts on.
func (g *Screen) Hint() (string, color.Color, bool) {
	label, c := "", color.Color(g.pal.TextMuted)
	t, ok := g.tipAt()
	pb, focused := g.focused()
	if focused && pb.tip >= 0 {
		t, ok = g.tips[pb.tip], true // the keyboard's focus first: the keys moved last
	}
	if focused {
		label, c = "Space presses: "+pb.label, g.pal.Accent
	}
	if ok && t.why != "" {
		label = t.label + ": " + t.why
		if t.bad {
			c = g.pal.Error
		} else {
			c = g.pal.Accent
		}
	}
	var marked *choiceTip
	if ok && t.hasAt {
		marked = &t
	}
	moved := (marked == nil) != (g.marked == nil) || marked != nil && marked.at != g.marked.at
	g.marked = marked
	return label, c, moved
}

// choose gives the orders of a choice the player clicked; in an
// interactive step of a ruleset that has them (Actor), the choice is an
// action, sent at once.
func (g *Screen) choose(c model.Choice) {
	if actor, ok := g.mod.(Actor); ok && g.interactive() {
		data, err := actor.Action(g.model, c)
		if err != nil {
			g.host.Notify(err.Error())
			return
		}
		g.host.Act(data)
		return
	}
	o := c.Order
	switch o.Kind {
	case game.OrderStance:
		g.model.SetStance(o.Army, o.Stance, o.Dir)
	case game.OrderExplore:
		g.model.SetExplore(o.Army, o.Dir)
	default:
		g.model.Choose(c)
	}
	g.ordersChanged()
}

// Orders implements module.Screen: the turn's orders, each with its
// refusal and a way to take it back; none in a replay.
func (g *Screen) Orders(c *widget.Container) {
	t := g.theme()
	c.RemoveChildren()
	if g.watching {
		return
	}
	width := float64(g.host.PanelWidth())
	drafts := g.model.Drafts()
	g.removes = g.removes[:0]
	one := g.model.OrderLimit() == 1
	heading, none := fmt.Sprintf("Orders for %s (%d)", kit.LowerFirst(g.TurnName(protocol.Turn(g.model.View().Turn))), len(drafts)), "No orders yet."
	if cal, ok := g.mod.(Calendar); ok {
		heading, none = cal.OrdersText(g.model)
	}
	c.AddChild(kit.Text(t, heading, g.pal.Accent))
	if len(drafts) == 0 {
		c.AddChild(kit.SmallText(t, none, g.pal.TextMuted, widget.TextOpts.MaxWidth(width)))
		if one {
			choose := "Choose one: select a city or an army."
			if realm, ok := g.mod.(Realm); ok {
				_, button := realm.RealmTitle(g.model)
				choose = fmt.Sprintf("Choose one: select a city or an army, or press %s for the realm's orders.", button)
			}
			c.AddChild(kit.SmallText(t, choose, g.pal.TextMuted, widget.TextOpts.MaxWidth(width)))
		}
	}
	for i, d := range drafts {
		label := d.Label
		if d.Cost > 0 {
			label += fmt.Sprintf("  (%d)", d.Cost)
		}
		col := color.Color(g.pal.Text)
		switch {
		case d.Rejected != "":
			label += "\n  refused: " + d.Rejected
			col = g.pal.Error
		case d.Err != "":
			label += "\n  " + d.Err
			col = g.pal.Error
		}
		remove := "x"
		if one {
			remove = "Clear"
		}
		take := func() {
			g.model.RemoveOrder(i)
			g.ordersChanged()
		}
		row := kit.OrderRow(t, kit.SmallText(t, label, col, widget.TextOpts.MaxWidth(width-float64(kit.RemoveRoomScaled(t.Scale())))), remove, take)
		c.AddChild(row)
		if b, ok := row.Children()[len(row.Children())-1].(*widget.Button); ok {
			g.removes = append(g.removes, panelButton{b: b, press: take, tip: -1, label: remove + " " + d.Label})
		}
	}
	if one && len(drafts) > 0 {
		c.AddChild(kit.SmallText(t, "Choosing another order replaces it.", g.pal.TextMuted, widget.TextOpts.MaxWidth(width)))
	}
}

// slotWidth is the widest the top bar's order slot is written, in pixels
// at 100 %.
const slotWidth = 280

// slotText returns the top bar's words on the turn's one order, when the
// ruleset allows one a turn and the player may give orders: the order
// drafted ("Order: Recruit 2 Infantry…"), or that there is none; ""
// otherwise. Its colour is muted for none, the error's for an order the
// server would refuse.
func (g *Screen) slotText() (string, color.Color) {
	if g.watching || !g.in.Orders || g.model.OrderLimit() != 1 {
		return "", nil
	}
	none := "No order yet"
	if cal, ok := g.mod.(Calendar); ok {
		_, none = cal.OrdersText(g.model)
	}
	drafts := g.model.Drafts()
	if len(drafts) == 0 {
		return none, g.pal.TextMuted
	}
	s := kit.Fit("Order: "+drafts[0].Label, g.theme().SmallFace(), g.pxf(slotWidth))
	if drafts[0].Err != "" || drafts[0].Rejected != "" {
		return s, g.pal.Error
	}
	return s, g.pal.Accent
}

// moneyText returns the top bar's money and its colour: the ruleset's
// forecast of the treasury now and after the next turn (red when it warns
// of a loss: upkeep will remove units).
func (g *Screen) moneyText() (string, color.Color) {
	f := g.model.Forecast()
	if g.model.You() == 0 || g.out() || f.Money == "" {
		return "", nil
	}
	if f.Warning != "" {
		return f.Money + " (units lost!)", g.pal.Error
	}
	return f.Money, nil
}

// Top implements module.Bar: the step's name where the server gives one,
// else the turn (or the module's calendar); the order slot; the money's
// forecast and its breakdown.
func (g *Screen) Top() module.Top {
	t := module.Top{Turn: fmt.Sprintf("Turn %d", g.model.View().Turn)}
	if cal, ok := g.mod.(Calendar); ok {
		t.Turn, t.Short = cal.TurnText(g.model)
	}
	if g.step.Phase != "" && !g.watching {
		t.Turn, t.Short = g.step.Phase, ""
	}
	t.Slot, t.SlotColor = g.slotText()
	t.Money, t.MoneyColor = g.moneyText()
	if !g.watching && g.model.You() != 0 {
		t.MoneyLines = g.model.Forecast().Lines
	}
	return t
}

// TurnName implements module.Bar: "Turn 9", or as the module's calendar
// says ("Day 9").
func (g *Screen) TurnName(t protocol.Turn) string {
	if cal, ok := g.mod.(Calendar); ok {
		return cal.TurnName(game.Turn(t))
	}
	return fmt.Sprintf("Turn %d", t)
}

// Buttons implements module.Bar: the realm's button, when the module has
// a realm (Realm).
func (g *Screen) Buttons() []module.BarButton {
	realm, ok := g.mod.(Realm)
	if !ok {
		return nil
	}
	_, label := realm.RealmTitle(g.model)
	return []module.BarButton{{Label: label, Click: g.showRealm}}
}

// showRealm shows the realm's panel (Realm): the selection ends.
func (g *Screen) showRealm() {
	g.model.Deselect()
	g.preview = nil
	g.host.Changed(false)
}
