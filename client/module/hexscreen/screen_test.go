package hexscreen

import (
	"image"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/board"
	"empires/client/kit"
	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
)

// TestMoving checks where the turn animation draws each army: an army waits
// on its first hex until its first step, walks each step in turn, and stays
// where its last step took it.
func TestMoving(t *testing.T) {
	h := func(q, r int) hex.Hex { return hex.Hex{Q: q, R: r} }
	anim := []model.StepFrame{
		{Step: 1, Moves: []model.Move{{Army: 1, From: h(0, 0), To: h(1, 0)}}},
		{Step: 2, Moves: []model.Move{{Army: 1, From: h(1, 0), To: h(2, 0)}, {Army: 2, From: h(5, 5), To: h(5, 4)}}, Battles: []hex.Hex{h(5, 4)}},
	}
	tests := []struct {
		step        int
		t           float64
		want        map[game.ArmyID]board.Pos
		wantBattles []hex.Hex
	}{
		{0, 0.25, map[game.ArmyID]board.Pos{
			1: {From: h(0, 0), To: h(1, 0), T: 0.25},
			2: {From: h(5, 5), To: h(5, 5)}, // waits for its step
		}, nil},
		{1, 0.5, map[game.ArmyID]board.Pos{
			1: {From: h(1, 0), To: h(2, 0), T: 0.5},
			2: {From: h(5, 5), To: h(5, 4), T: 0.5},
		}, []hex.Hex{h(5, 4)}},
		{2, 0, nil, nil}, // over
	}
	for _, tt := range tests {
		g := &Screen{anim: anim, animStep: tt.step, animT: tt.t}
		have, battles := g.moving()
		if !reflect.DeepEqual(have, tt.want) || !reflect.DeepEqual(battles, tt.wantBattles) {
			t.Errorf("step %d at %.2f: %v, %v; want %v, %v", tt.step, tt.t, have, battles, tt.want, tt.wantBattles)
		}
	}
}

// actingGame is a Game whose ruleset has interactive steps: it records
// the choices it was asked to make actions of.
type actingGame struct {
	testGame
	asked []model.Choice
}

func (a *actingGame) Action(_ *model.Model, c model.Choice) ([]byte, error) {
	a.asked = append(a.asked, c)
	return []byte{0x91, 0x01}, nil
}

// TestInteractiveChoice: in a simultaneous step a choice is an order
// drafted for the turn; in an interactive step of a module that makes
// actions it is an action, sent at once through the shell (Host.Act), not
// drafted.
func TestInteractiveChoice(t *testing.T) {
	var acting *actingGame
	g, h, _ := testScreen(t, func(tg testGame) Game { acting = &actingGame{testGame: tg}; return acting })
	var c model.Choice
	for _, a := range g.model.View().Armies {
		if a.Owner != 1 {
			continue
		}
		for _, ch := range g.model.ArmyChoices(a.ID) {
			if ch.Reason == "" && !ch.Current && c.Label == "" {
				c = ch
			}
		}
	}
	if c.Label == "" {
		t.Fatal("no army of the player's with a choice")
	}

	g.SetStep(module.StepInfo{Mode: ruleset.Simultaneous, Turn: 1, Seq: 1, Actors: []ruleset.Seat{1, 2}})
	g.choose(c)
	if len(g.model.Drafts()) != 1 || len(acting.asked) != 0 || len(h.acts) != 0 {
		t.Fatalf("a choice in a simultaneous step: %d drafts, %d actions; want the order drafted", len(g.model.Drafts()), len(h.acts))
	}
	g.model.ClearOrders()

	g.SetStep(module.StepInfo{Mode: ruleset.Interactive, Turn: 1, Seq: 8, Actors: []ruleset.Seat{1}, Phase: "Round 1 · Stance"})
	g.choose(c)
	if len(acting.asked) != 1 || acting.asked[0].Label != c.Label || len(h.acts) != 1 || len(g.model.Drafts()) != 0 {
		t.Errorf("a choice in an interactive step: actions of %v sent %d, %d drafts; want one action of %q sent",
			acting.asked, len(h.acts), len(g.model.Drafts()), c.Label)
	}
	if have, want := g.Top().Turn, "Round 1 · Stance"; have != want {
		t.Errorf("the top bar in a named step says %q, want %q", have, want)
	}
}

// input is what the shell passes the screen for frame f, the pointer on
// the map, the keys the map's and the player free to give orders.
func input(f kit.Frame) module.Input {
	return module.Input{Frame: f, Map: image.Rect(0, 40, 950, 800), Size: image.Pt(1280, 800),
		Pointer: f.Cursor.In(image.Rect(0, 40, 950, 630)), Keys: true, Orders: true,
		Minimap: image.Rect(6, 624, 226, 794), Panel: image.Rect(950, 40, 1280, 800)}
}

// left returns frames of the left button: down at from, held while the
// pointer goes through via, up at the last of them.
func left(from image.Point, via ...image.Point) []kit.Frame {
	b := kit.Buttons(0).With(ebiten.MouseButtonLeft)
	out := []kit.Frame{{Cursor: from, Held: b, Pressed: b}}
	for _, p := range via {
		out = append(out, kit.Frame{Cursor: p, Held: b})
	}
	last := from
	if len(via) > 0 {
		last = via[len(via)-1]
	}
	return append(out, kit.Frame{Cursor: last, Released: b})
}

// play passes frames to g, one a frame.
func play(g *Screen, frames ...kit.Frame) {
	for _, f := range frames {
		g.Update(input(f))
	}
}

// mark returns the probe's mark of the player's thing of kind.
func mark(t *testing.T, g *Screen, kind string) module.Mark {
	t.Helper()
	for _, m := range g.Probe().Mine {
		if m.Kind == kind && m.OnMap {
			return m
		}
	}
	t.Fatalf("no %s of the player's on the map: %+v", kind, g.Probe().Mine)
	return module.Mark{}
}

// TestPointerAndKeys works the map with the input the shell passes down,
// as a player does: a click where the Capital is drawn selects the army
// in it, a second the Capital ("click again for the next thing on the
// hex"), a drag
// pans the map and selects nothing, Escape deselects, the wheel and + zoom,
// the arrows pan, and a right click beside the selected army orders it
// there; none of it while a window is open.
func TestPointerAndKeys(t *testing.T) {
	g, h, _ := testScreen(t, nil)
	play(g, kit.Frame{Cursor: image.Pt(900, 600)}) // the first frame: the map's size
	capital := mark(t, g, "capital")
	at := image.Pt(int(capital.X), int(capital.Y))

	army := mark(t, g, "army")
	play(g, left(at)...)
	if p := g.Probe(); p.Picked["army"] != army.ID || p.Selected != capital.Cell {
		t.Fatalf("a click on the Capital picked %v at %q, want the army %d in it", p.Picked, p.Selected, army.ID)
	}
	play(g, left(at)...)
	if p := g.Probe(); p.Picked["capital"] != capital.ID || p.Selected != capital.Cell {
		t.Fatalf("a second click on the Capital picked %v at %q, want the Capital %d at %s", p.Picked, p.Selected, capital.ID, capital.Cell)
	}
	if h.changed == 0 {
		t.Error("the click did not ask for the side panel again")
	}

	cam := g.Probe().Camera
	play(g, kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyEscape}})
	play(g, left(at.Add(image.Pt(0, 3)), at.Add(image.Pt(20, 3)), at.Add(image.Pt(60, 13)))...)
	p := g.Probe()
	if p.Selected != "" || len(p.Picked) != 0 {
		t.Errorf("after Escape and a drag: %q selected (%v), want nothing", p.Selected, p.Picked)
	}
	if math.Abs(p.Camera[0]-(cam[0]-60/cam[2])) > 1e-6 || math.Abs(p.Camera[1]-(cam[1]-10/cam[2])) > 1e-6 {
		t.Errorf("a drag of (60, 10) moved the camera from %v to %v", cam, p.Camera)
	}

	zoom := p.Camera[2]
	play(g, kit.Frame{Cursor: at, WheelY: 1})
	if have := g.Probe().Camera[2]; have <= zoom {
		t.Errorf("the wheel up zoomed from %v to %v", zoom, have)
	}
	zoom = g.Probe().Camera[2]
	play(g, kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyEqual}})
	if have := g.Probe().Camera[2]; have != zoom*1.25 {
		t.Errorf("+ zoomed from %v to %v", zoom, have)
	}
	x := g.Probe().Camera[0]
	play(g, kit.Frame{Cursor: at, Keys: []ebiten.Key{ebiten.KeyShift, ebiten.KeyArrowLeft}})
	if have := g.Probe().Camera[0]; have >= x {
		t.Errorf("Shift and the left arrow held moved the camera from x %v to %v", x, have)
	}
	play(g, kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyH}})

	// The army in the Capital: selected (Tab), then sent a hex away by a
	// right click.
	army = mark(t, g, "army")
	from := image.Pt(int(army.X), int(army.Y))
	play(g, kit.Frame{Cursor: from, KeysPressed: []ebiten.Key{ebiten.KeyEscape}})
	play(g, kit.Frame{Cursor: from, KeysPressed: []ebiten.Key{ebiten.KeyTab}})
	if have := g.Probe().Picked["army"]; have != army.ID {
		t.Fatalf("Tab picked army %d, want %d", have, army.ID)
	}
	from = image.Pt(int(mark(t, g, "army").X), int(mark(t, g, "army").Y)) // Tab centred it
	to := from.Add(image.Pt(int(board.HexSize*2*g.cam.Zoom), 0))
	right := kit.Buttons(0).With(ebiten.MouseButtonRight)
	play(g, kit.Frame{Cursor: to, Held: right, Pressed: right}, kit.Frame{Cursor: to, Released: right})
	if d := g.Probe().Drafts; len(d) != 1 {
		t.Fatalf("a right click beside the selected army drafted %q, want its move (notices %q)", d, h.notices)
	}

	// A window open: the map takes nothing.
	in := input(kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyBackspace}})
	in.Modal, in.Pointer, in.Keys = true, false, false
	g.Update(in)
	if d := g.Probe().Drafts; len(d) != 1 {
		t.Errorf("Backspace under a window took back the order: drafts %q", d)
	}
	play(g, kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyBackspace}})
	if d := g.Probe().Drafts; len(d) != 0 {
		t.Errorf("Backspace left drafts %q, want the last taken back", d)
	}
}

// A refused path's red tooltip goes with what refused it: Escape
// deselects the army and the refusal with it; a resolved turn plans the
// hovered path again, so a refusal of before (here the army's, which did
// not live through the turn) does not stay on screen.
func TestRefusalTooltipGoes(t *testing.T) {
	g, _, st := testScreen(t, nil)
	play(g, kit.Frame{Cursor: image.Pt(900, 600)}) // the first frame: the map's size
	army := mark(t, g, "army")
	id := game.ArmyID(army.ID)
	// A hex the army may not go to, as the model plans it.
	var refused hex.Hex
	found := false
	for _, h := range st.Map.Rect().All() {
		if _, err := g.model.PlanPath(id, h); err != nil && h.String() != army.Cell {
			refused, found = h, true
			break
		}
	}
	if !found {
		t.Fatal("every hex of the map takes the army: no refusal to show")
	}
	hover := func() {
		t.Helper()
		g.centerOn(refused)
		x, y := g.screenOf(refused)
		play(g, kit.Frame{Cursor: image.Pt(1000, 300)}, kit.Frame{Cursor: image.Pt(int(x), int(y))}) // from the side panel
		if g.previewErr == "" || g.hover.At != refused {
			t.Fatalf("the pointer on %s (hovering %s): no refusal", refused, g.hover.At)
		}
	}
	play(g, kit.Frame{Cursor: image.Pt(900, 600), KeysPressed: []ebiten.Key{ebiten.KeyTab}})
	if g.model.Selection().Army != id {
		t.Fatalf("Tab selected %+v, want army %d", g.model.Selection(), id)
	}
	hover()
	at := g.in.Cursor
	play(g, kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyEscape}})
	if g.previewErr != "" || g.preview != nil {
		t.Errorf("after Escape the refusal %q stays", g.previewErr)
	}

	play(g, kit.Frame{Cursor: at, KeysPressed: []ebiten.Key{ebiten.KeyTab}})
	hover()
	v := g.model.View()
	next := v.Clone()
	next.Turn++
	next.Armies = slices.DeleteFunc(next.Armies, func(a game.ArmyView) bool { return a.ID == id })
	if err := g.Resolved(&hexgame.View{V: next}, nil); err != nil {
		t.Fatal(err)
	}
	if g.previewErr != "" {
		t.Errorf("after the turn, the army gone, the refusal %q stays", g.previewErr)
	}
}
