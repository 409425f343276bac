package risk

import (
	"fmt"
	"image"

	"empires/client/module"
	"empires/shared/rules/risk/board"
)

// Probe implements module.Screen: where things are drawn, for tests that
// drive the real window:
//   - Mine and Others: the player's territories and the others' (Kind
//     "territory", or "city" for one with a city; ID the territory's;
//     Units its armies; Cell its name; Name its owner's name, "" for no
//     one's; X and Y the centre of its badge);
//   - Mine: the buttons drawn over the map (Kind "button", Name the
//     label: "Turn into 3 armies", "Keep the city") and the card
//     windows' (Kind "button", Name "cards/" and the label);
//   - Others: the dice of the last roll (Kind "die", ID its place from
//     1, Units its value, Name "attacker" or "defender"), the defender's
//     question (Kind "question", Name the time left), and the targets, the
//     territories a click acts on now (Kind "target", ID the territory's),
//     the player's move now (Kind "move", Name the Move's, "" for none;
//     Units the armies left to place), and the card windows the step
//     opened by itself so far (Kind "opened", Name "trade" or "purchase",
//     Units how many times), and the keys' focus (Kind "focus", ID the
//     territory's; none without one).
//
// Selected is the territory to attack or move from, Hover the territory
// under the pointer (their names), Picked the target ("target": its ID)
// and the dice chosen ("dice"), Drafts the action sent and not answered.
func (s *Screen) Probe() module.Probe {
	var p module.Probe
	if s.m == nil || s.m.v == nil {
		return p
	}
	m, v := s.m, s.m.v
	cam := s.mp.Camera()
	p.Camera = [3]float64{cam.X, cam.Y, cam.Zoom}
	w, h := s.lay.WorldSize()
	p.World = [2]float64{w, h}
	p.CellSize = s.lay.CellW * cam.Zoom * s.mp.InterfaceScale() // window pixels
	mapR := s.host.MapRect()
	if m.sel != 0 {
		p.Selected = m.tname(m.sel)
	}
	if t, ok := s.mp.Hovered(); ok {
		p.Hover = m.tname(t)
	}
	if m.target != 0 || m.Move() == MoveAttack {
		p.Picked = map[string]int{}
		if m.target != 0 {
			p.Picked["target"] = int(m.target)
		}
		if m.sel != 0 {
			p.Picked["dice"] = m.Dice()
		}
	}
	if a := m.pending; a != nil {
		p.Drafts = append(p.Drafts, fmt.Sprintf("action %d sent", a.Kind))
	}
	for i, tv := range v.Board {
		t := board.TerritoryID(i + 1)
		x, y, _ := s.mp.ScreenOf(t)
		kind := "territory"
		if tv.City {
			kind = "city"
		}
		mk := module.Mark{Kind: kind, ID: int(t), Units: tv.Armies, Cell: m.tname(t), X: x, Y: y,
			OnMap: image.Pt(int(x), int(y)).In(mapR)}
		if tv.Owner != 0 && int(tv.Owner) <= len(v.Players) {
			mk.Name = v.Players[tv.Owner-1].Name
		}
		if m.mine(t) {
			p.Mine = append(p.Mine, mk)
		} else {
			p.Others = append(p.Others, mk)
		}
	}
	mark := func(kind string, id, units int, name string, r image.Rectangle) module.Mark {
		c := r.Min.Add(r.Max).Div(2)
		return module.Mark{Kind: kind, ID: id, Units: units, Name: name, X: float64(c.X), Y: float64(c.Y), OnMap: c.In(mapR)}
	}
	box, buttons := s.question()
	for i, b := range buttons {
		p.Mine = append(p.Mine, mark("button", i+1, 0, b.Label, b.Rect))
	}
	if len(buttons) > 0 {
		left := ""
		if d, ok := s.timeLeft(); ok {
			left = countdown(d)
		}
		p.Others = append(p.Others, mark("question", int(v.To), 0, left, box))
	}
	for label, r := range s.cards.Buttons() {
		p.Mine = append(p.Mine, mark("button", 0, 0, "cards/"+label, r))
	}
	if r := s.rollShown(); r != nil {
		att, def := s.dieRects(s.diceBox(), r)
		for i, rc := range att {
			p.Others = append(p.Others, mark("die", i+1, r.Attack[i], "attacker", rc))
		}
		for i, rc := range def {
			p.Others = append(p.Others, mark("die", i+1, r.Defend[i], "defender", rc))
		}
	}
	p.Others = append(p.Others, module.Mark{Kind: "move", Name: m.Move().String(), Units: m.Reserve()},
		module.Mark{Kind: "opened", Name: "trade", Units: s.autoOpened[winTrade]},
		module.Mark{Kind: "opened", Name: "purchase", Units: s.autoOpened[winPurchase]})
	if f := m.focus; f != 0 {
		x, y, _ := s.mp.ScreenOf(f)
		p.Others = append(p.Others, module.Mark{Kind: "focus", ID: int(f), Cell: m.tname(f), X: x, Y: y,
			OnMap: image.Pt(int(x), int(y)).In(mapR)})
	}
	for _, t := range m.Targets() {
		x, y, _ := s.mp.ScreenOf(t)
		p.Others = append(p.Others, module.Mark{Kind: "target", ID: int(t), Cell: m.tname(t), X: x, Y: y,
			OnMap: image.Pt(int(x), int(y)).In(mapR)})
	}
	return p
}
