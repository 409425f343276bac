package hexscreen

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/art"
	"empires/client/board"
	"empires/client/kit"
	"empires/client/model"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
	"empires/shared/words"
)

// startAnimation starts showing the resolved turn's movement, step by
// step.
func (g *Screen) startAnimation() {
	g.anim, g.animStep, g.animT = nil, 0, 0
	if prefs.StepSeconds(g.host.Prefs().AnimSpeed) == 0 {
		return
	}
	g.anim = g.model.Animation()
}

// animating reports whether the turn's animation is running.
func (g *Screen) animating() bool { return g.animStep < len(g.anim) }

// Animating implements module.Replayer.
func (g *Screen) Animating() bool { return g.animating() }

// stepAnimation advances the animation by a frame; Space skips it.
func (g *Screen) stepAnimation() {
	if !g.animating() {
		return
	}
	if g.in.Down(ebiten.KeySpace) {
		g.animStep = len(g.anim)
		g.spaceSkip = g.in.Hit(ebiten.KeySpace) // the press skips, it does not also act
		return
	}
	g.animT += 1 / 60.0 / prefs.StepSeconds(g.host.Prefs().AnimSpeed)
	for g.animT >= 1 && g.animating() {
		g.animT--
		g.animStep++
	}
}

// moving returns where the animated armies are drawn this frame, and the
// battles of the step: an army that moves during the turn waits on its
// first hex until its first step, walks each of its steps in turn, and
// stays where its last step took it.
func (g *Screen) moving() (map[game.ArmyID]board.Pos, []hex.Hex) {
	if !g.animating() {
		return nil, nil
	}
	at := make(map[game.ArmyID]hex.Hex)
	for i := len(g.anim) - 1; i >= 0; i-- {
		for _, m := range g.anim[i].Moves {
			at[m.Army] = m.From // the earliest From wins
		}
	}
	for i := 0; i < g.animStep; i++ {
		for _, m := range g.anim[i].Moves {
			at[m.Army] = m.To
		}
	}
	out := make(map[game.ArmyID]board.Pos, len(at))
	for a, h := range at {
		out[a] = board.Pos{From: h, To: h}
	}
	for _, m := range g.anim[g.animStep].Moves {
		out[m.Army] = board.Pos{From: m.From, To: m.To, T: min(g.animT, 1)}
	}
	return out, g.anim[g.animStep].Battles
}

// overlay collects what the map shows over the terrain this frame.
func (g *Screen) overlay() *board.Overlay {
	// The keys moved last: the resting pointer's hex is not the one played.
	o := &board.Overlay{Hover: g.hover.At, HasHover: g.hover.On && !g.keyLast, Grid: g.host.Prefs().Grid}
	sel := g.model.Selection()
	if sel.Active {
		o.Selected, o.HasSelected = sel.Hex, true
		if a := g.ownArmy(sel.Army); a != nil {
			o.Selected = a.Hex // where the army stands now
		}
	}
	if a := g.ownArmy(sel.Army); a != nil && !g.animating() {
		if g.reachArmy != a.ID || g.reachView != g.model.View() || g.reachOf != g.model.Changes() {
			g.reach, g.reachArmy, g.reachView, g.reachOf = g.model.Reach(a.ID), a.ID, g.model.View(), g.model.Changes()
		}
		o.Reach = g.reach
		if p := g.preview; p != nil {
			o.Path = p.Path
			o.PathOK = p.Reachable
			o.PathGuessed = p.Guessed
			if p.Cut() {
				o.Path, o.PathOK = p.Sent, true // the order goes this far
				o.PathGuessed = p.Guessed[:min(len(p.Guessed), len(p.Sent))]
			}
		}
	}
	if !g.animating() {
		v := g.model.View()
		for _, d := range g.model.Drafts() {
			if len(d.Order.Path) == 0 {
				continue
			}
			for _, a := range v.Armies {
				if a.ID == d.Order.Army {
					o.Orders = append(o.Orders, board.Arrow{From: a.Hex, Path: d.Order.Path, Guessed: d.Guessed})
				}
			}
		}
	}
	if m := g.marked; m != nil && !g.in.Modal {
		o.Marked, o.HasMarked = m.at, true
	}
	o.Moving, o.Battles = g.moving()
	return o
}

// Draw implements module.Screen: the board, with the overlays.
func (g *Screen) Draw(dst *ebiten.Image) {
	if g.model == nil {
		return
	}
	g.board.SetPalette(art.PaletteOf(g.host.Prefs().ColourBlind)) // Settings may change it in the game
	g.board.SetScale(g.scale())                                   // and the interface size
	g.board.Draw(dst, g.onScreen(), g.overlay())
	if g.cursor.Shown && !g.in.Modal {
		g.drawCursor(dst)
	}
}

// drawCursor rings the keyboard's cursor hex: a thick ring in the
// theme's focus colour on a dark edge with a white thread through it,
// inside the hex, unlike the selected hex's thin yellow outline and the
// hovered hex's white, on any terrain.
func (g *Screen) drawCursor(dst *ebiten.Image) {
	wx, wy := g.board.HexCenter(g.cursor.At)
	cam := g.onScreen()
	sx, sy := cam.ToScreen(wx, wy)
	o := dst.Bounds().Min
	cx, cy := float32(sx)+float32(o.X), float32(sy)+float32(o.Y)
	r := float32(board.HexSize * cam.Zoom)
	s := float32(g.scale())
	var path vector.Path
	for i := range 6 {
		a := math.Pi/6 + float64(i)*math.Pi/3 // pointy-top: corners at 30°, 90°, ...
		x, y := cx+r*0.92*float32(math.Cos(a)), cy+r*0.92*float32(math.Sin(a))
		if i == 0 {
			path.MoveTo(x, y)
		} else {
			path.LineTo(x, y)
		}
	}
	path.Close()
	w := max(2*s, r/9)
	dark := &vector.StrokeOptions{Width: w + 3*s, LineJoin: vector.LineJoinRound}
	ring := &vector.StrokeOptions{Width: w, LineJoin: vector.LineJoinRound}
	thread := &vector.StrokeOptions{Width: s, LineJoin: vector.LineJoinRound}
	vector.StrokePath(dst, &path, dark, &vector.DrawPathOptions{AntiAlias: true, ColorScale: scaleOf(color.RGBA{20, 16, 12, 230})})
	vector.StrokePath(dst, &path, ring, &vector.DrawPathOptions{AntiAlias: true, ColorScale: scaleOf(g.pal.Focus)})
	vector.StrokePath(dst, &path, thread, &vector.DrawPathOptions{AntiAlias: true, ColorScale: scaleOf(color.White)})
}

// scaleOf is the colour scale that paints white in c.
func scaleOf(c color.Color) ebiten.ColorScale {
	var cs ebiten.ColorScale
	cs.ScaleWithColor(c)
	return cs
}

// previewPoint is where the path's tooltip is drawn from: the pointer,
// or the cursor's hex when the path is planned to the cursor.
func (g *Screen) previewPoint() (float64, float64) {
	if to, ok := g.target(); ok && g.cursor.Shown && to == g.cursor.At && (g.keyLast || !g.hover.On) {
		x, y := g.screenOf(to)
		return x + g.pxf(10), y
	}
	return float64(g.in.Cursor.X), float64(g.in.Cursor.Y)
}

// DrawOver implements module.Screen: the minimap, the tooltip, the
// planned path's cost, the animation's banner. The shell draws nothing of
// it while a window is open: it would cover the window's contents.
func (g *Screen) DrawOver(screen *ebiten.Image) {
	if g.model == nil {
		return
	}
	t := g.theme()
	px := g.pxf
	r := g.in.Minimap
	e := g.px(2) // the minimap's dark edge
	vector.FillRect(screen, float32(r.Min.X-e), float32(r.Min.Y-e), float32(r.Dx()+2*e), float32(r.Dy()+2*e), color.RGBA{20, 18, 16, 240}, false)
	g.board.SetScale(t.Scale())
	g.board.DrawMinimap(screen, r, g.cam)
	if pb, ok := g.focused(); ok {
		kit.DrawFocusRing(screen, t, pb.b.GetWidget().Rect, g.in.Panel)
	}

	mx, my := g.in.Cursor.X, g.in.Cursor.Y
	mr := g.in.Map
	win := screen.Bounds()
	bg, fg := color.RGBA{30, 26, 22, 235}, color.RGBA{235, 228, 210, 255}
	bad := color.RGBA{255, 150, 130, 255}
	tip, onTip := g.tipAt()
	onTip = onTip && !g.focus.On() // the keyboard's focus in the panel: its hint line speaks, not the resting pointer
	below := float64(my) + px(18)  // the top of the hex's own tooltip: under the pointer and the path's
	switch {
	case onTip && tip.why != "":
		c := color.Color(fg)
		if tip.bad {
			c = bad
		}
		kit.DrawBoxScaled(screen, t.Scale(), t.SmallFace(), []string{tip.label, tip.why}, float64(mx)-px(12), float64(my)+px(14), win, bg, c)
	case g.preview != nil && !g.animating():
		_, days := g.mod.(Calendar)
		lines, refused := previewLines(g.preview, days)
		c := color.Color(color.RGBA{250, 240, 200, 255})
		if refused || (!g.preview.Reachable && !g.preview.Cut()) {
			c = bad
		}
		x, y := g.previewPoint()
		box := kit.DrawBoxScaled(screen, t.Scale(), t.SmallFace(), lines, x+px(18), y-px(44), mr, bg, c)
		below = max(below, float64(box.Max.Y)+px(4))
	case g.previewErr != "" && !g.animating():
		x, y := g.previewPoint()
		box := kit.DrawBoxScaled(screen, t.Scale(), t.SmallFace(), []string{g.previewErr}, x+px(18), y-px(30), mr, bg, bad)
		below = max(below, float64(box.Max.Y)+px(4))
	}
	// The hex's own tooltip (terrain, owner, armies), after a moment: a
	// path's box leaves it in sight.
	if !(onTip && tip.why != "") && g.hover.Rested() && !g.drag.On && !g.keyLast {
		kit.DrawBoxScaled(screen, t.Scale(), t.SmallFace(), g.model.Describe(g.hover.At), float64(mx)+px(18), below, mr, bg, fg)
	}
	if g.animating() {
		msg := fmt.Sprintf("%s: movement step %d of %d (Space skips)", g.TurnName(protocol.Turn(g.model.View().Turn-1)), g.animStep+1, len(g.anim))
		kit.DrawBoxScaled(screen, t.Scale(), t.NormalFace(), []string{msg}, float64(mr.Min.X+mr.Dx()/2)-px(160), float64(mr.Min.Y)+px(10), mr, color.RGBA{30, 26, 22, 220}, color.RGBA{250, 220, 140, 255})
	}
}

// previewLines are the tooltip's lines on plan p, the selected army's path
// to the hex under the pointer: its length and cost, how far the order
// goes this turn ("today" with days, for a ruleset whose turns are days),
// and what a right click does; refused reports a move the server would
// refuse, which a right click does not order.
func previewLines(p *model.Plan, days bool) (lines []string, refused bool) {
	now, next := "this turn", "next turn"
	if days {
		now, next = "today", "tomorrow"
	}
	lines = []string{fmt.Sprintf("%s, %s", words.Count(p.Steps, "step", "steps"), words.Count(p.Cost, "move point", "move points"))}
	if p.Estimate {
		lines = []string{fmt.Sprintf("%s, about %s", words.Count(p.Steps, "step", "steps"), words.Count(p.Cost, "move point", "move points")),
			"A guess through unexplored hexes: it stops where it finds it cannot go on"}
	}
	switch {
	case p.Refused != "":
		return append(lines, "Refused: "+p.Refused, "this move cannot be ordered"), true
	case p.Cut():
		lines = append(lines, fmt.Sprintf("Moves %d of %d hexes %s (%s): order the rest %s",
			len(p.Sent), p.Steps, now, words.Count(p.Points, "move point", "move points"), next))
	case !p.Reachable:
		lines = append(lines, fmt.Sprintf("Beyond %s's %s: it goes as far as it can", now, words.Count(p.Points, "move point", "move points")))
	}
	if p.Attack {
		return append(lines, "right-click or drag to attack"), false
	}
	return append(lines, "right-click or drag to order"), false
}
