package hexscreen

import (
	"fmt"
	"image"

	"empires/client/kit"
	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Log implements module.Screen: the model's log, a battle linked to its
// report, a place to the map there.
func (g *Screen) Log() []module.LogLine {
	if g.model == nil {
		return nil
	}
	lines := g.model.Log()
	return g.log.Lines(g.model, len(lines), func(i int) module.LogLine {
		l := lines[i]
		out := module.LogLine{Turn: protocol.Turn(l.Turn), Text: l.Text}
		switch {
		case l.Battle != nil:
			out.Link = kit.LogLink(linkBattle, i)
		case l.HasHex:
			out.Link = kit.LogLink(linkHex, i)
		}
		return out
	})
}

// The kinds of the log's links (kit.LogLink).
const linkBattle, linkHex = "battle", "hex"

// Link implements module.Screen: a battle opens its report, a place
// centres the map on it.
func (g *Screen) Link(id string) {
	lines := g.model.Log()
	kind, i, ok := kit.ParseLogLink(id, linkBattle, linkHex)
	if !ok || i >= len(lines) {
		return
	}
	switch kind {
	case linkBattle:
		if lines[i].Battle != nil {
			g.centerOn(lines[i].Battle.Hex)
			g.showBattle(lines[i])
		}
	case linkHex:
		if lines[i].HasHex {
			g.centerOn(lines[i].Hex)
		}
	}
}

// Watch implements module.Replayer: the log speaks of every player by
// name, the eyes' too ("Anna's army 7"), since the watcher is not that
// player; clicks only select, and the side panel says how a replay is
// watched.
func (g *Screen) Watch() {
	g.watching = true
	if g.model != nil {
		g.model.SetThirdPerson(true)
	}
}

// Rewind implements module.Replayer: a view model of the first view with
// the turns applied one by one, as they were shown, without their
// animation; the camera stays where it is.
func (g *Screen) Rewind(first ruleset.View, turns []module.Resolution) error {
	fv, err := hexView(first)
	if err != nil {
		return err
	}
	m := model.New(g.mod.Rules())
	m.SetThirdPerson(g.watching)
	if err := m.SetFullView(fv); err != nil {
		return err
	}
	for k, t := range turns {
		v, err := hexView(t.View)
		if err != nil {
			return fmt.Errorf("turn %d: %w", k+1, err)
		}
		var events []game.Event
		if len(t.Events) > 0 {
			if events, err = hexgame.DecodeEvents(t.Events, g.mod.Rules()); err != nil {
				return fmt.Errorf("turn %d: %w", k+1, err)
			}
		}
		m.ApplyUpdate(events, v)
	}
	if g.model == nil {
		if err := g.SetView(first); err != nil {
			return err
		}
	}
	g.model = m
	if err := g.board.SetView(m.View()); err != nil {
		return err
	}
	g.anim, g.preview, g.reachView = nil, nil, nil
	return nil
}

// Probe implements module.Screen: the camera (its zoom the player's, at
// 100 %; a hex's width on screen in window pixels), the hovered and the
// selected hex, the orders, the player's cities, armies and structures,
// and the others' structures.
func (g *Screen) Probe() module.Probe {
	var p module.Probe
	if g.model == nil {
		return p
	}
	v := g.model.View()
	mr := g.in.Map
	p.Camera = [3]float64{g.cam.X, g.cam.Y, g.cam.Zoom} // the player's zoom, at 100 %
	p.World[0], p.World[1] = g.board.WorldSize()
	x0, _ := g.screenOf(hex.Hex{})
	x1, _ := g.screenOf(hex.Hex{}.Neighbor(hex.East))
	p.CellSize = x1 - x0 // a hex's width: from one to its east neighbour
	if g.hover.On {
		p.Hover = g.hover.At.String()
	}
	sel := g.model.Selection()
	if sel.Active {
		p.Selected = sel.Hex.String()
	}
	p.Animating = g.animating()
	if g.cursor.Shown {
		p.MapCursor = g.cursor.At.String()
	}
	if pb, ok := g.focused(); ok {
		p.PanelFocus = pb.label
	}
	for _, d := range g.model.Drafts() {
		p.Drafts = append(p.Drafts, d.Label)
	}
	if g.preview != nil && g.hover.On && !g.animating() {
		_, days := g.mod.(Calendar)
		p.Preview, _ = previewLines(g.preview, days)
	}
	mark := func(kind string, id int, h hex.Hex) module.Mark {
		x, y := g.screenOf(h)
		return module.Mark{Kind: kind, ID: id, Cell: h.String(), X: x, Y: y, OnMap: image.Pt(int(x), int(y)).In(mr)}
	}
	pick := func(kind string, id int) {
		if p.Picked == nil {
			p.Picked = map[string]int{}
		}
		p.Picked[kind] = id
	}
	for _, c := range v.Cities {
		kind := "city"
		if c.Capital {
			kind = "capital"
		}
		if c.Owner == v.You && !c.Remembered {
			p.Mine = append(p.Mine, mark(kind, int(c.ID), c.Hex))
		}
		if c.ID == sel.City && sel.City != 0 {
			pick(kind, int(c.ID))
		}
	}
	for _, ar := range v.Armies {
		if ar.Owner == v.You && !ar.Remembered {
			m := mark("army", int(ar.ID), ar.Hex)
			m.Carried, m.Units = ar.Carrier != 0, ar.Units.Total()
			p.Mine = append(p.Mine, m)
		}
	}
	if sel.Army != 0 {
		pick("army", int(sel.Army))
	}
	for _, st := range v.Structures {
		m := mark(g.model.Rules().StructureName(st.Kind), int(st.ID), st.Hex)
		if st.Owner == v.You && v.You != 0 {
			p.Mine = append(p.Mine, m)
		} else {
			p.Others = append(p.Others, m)
		}
	}
	return p
}

// screenOf returns where the centre of hex h is drawn, in window pixels.
func (g *Screen) screenOf(h hex.Hex) (float64, float64) {
	wx, wy := g.board.HexCenter(h)
	sx, sy := g.onScreen().ToScreen(wx, wy)
	r := g.in.Map
	return sx + float64(r.Min.X), sy + float64(r.Min.Y)
}

// ReplayEvents tells the events of a step of a game on the hex engine to
// a replay's eyes (module.Teller, for the modules of such games): from
// above, every event of the step, every player's own too (an income, a
// build, a move blocked); through a player's eyes, what the player saw,
// as the server told it (hexgame.Outcome.Events).
func ReplayEvents(out ruleset.Outcome, s ruleset.Seat, allSeeing bool) ([]byte, error) {
	ho, ok := out.(*hexgame.Outcome)
	if !ok || ho.Ev == nil {
		return nil, fmt.Errorf("a %T is not the outcome of a turn on hexes", out)
	}
	if s == 0 && allSeeing {
		return ho.All()
	}
	return ho.Events(s, allSeeing)
}
