package hexscreen

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/board"
	"empires/client/kit"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
	"empires/shared/words"
)

// stepSeconds is how long the animation of one movement step lasts, by the
// AnimSpeed preference; 0 turns the animation off.
func stepSeconds(speed string) float64 {
	switch speed {
	case prefs.AnimOff:
		return 0
	case prefs.AnimSlow:
		return 0.7
	case prefs.AnimFast:
		return 0.18
	}
	return 0.35
}

// startAnimation starts showing the resolved turn's movement, step by
// step.
func (g *Screen) startAnimation() {
	g.anim, g.animStep, g.animT = nil, 0, 0
	if stepSeconds(g.host.Prefs().AnimSpeed) == 0 {
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
		return
	}
	g.animT += 1 / 60.0 / stepSeconds(g.host.Prefs().AnimSpeed)
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
	o := &board.Overlay{Hover: g.hover, HasHover: g.hasHover, Grid: g.host.Prefs().Grid}
	sel := g.model.Selection()
	if sel.Active {
		o.Selected, o.HasSelected = sel.Hex, true
		if a := g.ownArmy(sel.Army); a != nil {
			o.Selected = a.Hex // where the army stands now
		}
	}
	if a := g.ownArmy(sel.Army); a != nil && !g.animating() {
		if g.reachArmy != a.ID || g.reachView != g.model.View() {
			g.reach, g.reachArmy, g.reachView = g.model.Reach(a.ID), a.ID, g.model.View()
		}
		o.Reach = g.reach
		if g.preview != nil {
			o.Path = g.preview.Path
			o.PathOK = g.preview.Reachable
			o.PathGuessed = g.preview.Guessed
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
	g.board.Draw(dst, g.cam, g.overlay())
}

// DrawOver implements module.Screen: the minimap, the tooltip, the
// planned path's cost, the animation's banner. The shell draws nothing of
// it while a window is open: it would cover the window's contents.
func (g *Screen) DrawOver(screen *ebiten.Image) {
	if g.model == nil {
		return
	}
	t := g.theme
	r := g.in.Minimap
	vector.FillRect(screen, float32(r.Min.X-2), float32(r.Min.Y-2), float32(r.Dx()+4), float32(r.Dy()+4), color.RGBA{20, 18, 16, 240}, false)
	g.board.DrawMinimap(screen, r, g.cam)

	mx, my := g.in.Cursor.X, g.in.Cursor.Y
	mr := g.in.Map
	win := screen.Bounds()
	bg, fg := color.RGBA{30, 26, 22, 235}, color.RGBA{235, 228, 210, 255}
	bad := color.RGBA{255, 150, 130, 255}
	tip, onTip := g.tipAt()
	switch {
	case onTip && tip.why != "":
		c := color.Color(fg)
		if tip.bad {
			c = bad
		}
		kit.DrawBox(screen, t.SmallFace(), []string{tip.label, tip.why}, float64(mx)-12, float64(my)+14, win, bg, c)
	case g.preview != nil && g.hasHover && !g.animating():
		p := g.preview
		c := color.RGBA{250, 240, 200, 255}
		lines := []string{words.Plural(p.Steps, "step") + ", " + words.Plural(p.Cost, "move point")}
		if p.Estimate {
			lines = []string{words.Plural(p.Steps, "step") + ", about " + words.Plural(p.Cost, "move point"),
				"A guess through unexplored hexes: it stops where it finds it cannot go on"}
		}
		if !p.Reachable {
			c = color.RGBA{255, 150, 130, 255}
			lines = append(lines, fmt.Sprintf("Beyond this turn's %s: it goes as far as it can", words.Plural(p.Points, "move point")))
		}
		order := "right-click or drag to order"
		if p.Attack {
			order = "right-click or drag to attack"
		}
		kit.DrawBox(screen, t.SmallFace(), append(lines, order), float64(mx)+18, float64(my)-44, mr, bg, c)
	case g.previewErr != "" && g.hasHover && !g.animating():
		kit.DrawBox(screen, t.SmallFace(), []string{g.previewErr}, float64(mx)+18, float64(my)-30, mr, bg, bad)
	case g.hasHover && g.frame-g.hoverSince > tooltipDelay && !g.drag.On:
		kit.DrawBox(screen, t.SmallFace(), g.model.Describe(g.hover), float64(mx)+18, float64(my)+18, mr, bg, fg)
	}
	if g.animating() {
		msg := fmt.Sprintf("%s: movement step %d of %d (Space skips)", g.TurnName(protocol.Turn(g.model.View().Turn-1)), g.animStep+1, len(g.anim))
		kit.DrawBox(screen, t.NormalFace(), []string{msg}, float64(mr.Min.X+mr.Dx()/2-160), float64(mr.Min.Y+10), mr, color.RGBA{30, 26, 22, 220}, color.RGBA{250, 220, 140, 255})
	}
}
