package duel

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/module"
	"empires/client/prefs"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// fakeHost is a Host that keeps what the screen asks of it, and sends
// the actions to a game as the server would.
type fakeHost struct {
	theme   *menu.Theme
	notices []string
	changed int
	orders  int
	acts    [][]byte
	// refuse makes Act report false, as the shell does when it cannot
	// send.
	refuse bool
	// colourBlind is its Prefs' choice of the colour-blind palette.
	colourBlind bool
	mapR        image.Rectangle
}

func (h *fakeHost) Theme() *menu.Theme             { return h.theme }
func (h *fakeHost) Notify(msg string)              { h.notices = append(h.notices, msg) }
func (h *fakeHost) OpenWindow(c *widget.Container) {}
func (h *fakeHost) CloseWindow()                   {}
func (h *fakeHost) PanelWidth() int                { return h.theme.Px(290) }
func (h *fakeHost) Prefs() prefs.Prefs {
	p := prefs.Default()
	p.ColourBlind = h.colourBlind
	return p
}

// MapInSight is the map above the log, as the shell's: the log 170
// pixels high at 100 %.
func (h *fakeHost) MapInSight() image.Rectangle {
	r := h.MapRect()
	r.Max.Y -= h.theme.Px(170)
	return r
}

func (h *fakeHost) MapRect() image.Rectangle {
	if h.mapR.Empty() {
		return image.Rect(0, 40, 694, 768)
	}
	return h.mapR
}
func (h *fakeHost) Changed(orders bool) {
	h.changed++
	if orders {
		h.orders++
	}
}
func (h *fakeHost) Act(action []byte) bool {
	if h.refuse {
		return false
	}
	h.acts = append(h.acts, action)
	return true
}

// testGame is a game of Duel and one seat's table of it.
type testGame struct {
	t    testing.TB
	r    *rules.Rules
	g    ruleset.Game
	seat ruleset.Seat
	host *fakeHost
	s    *Screen
}

// newTestGame deals a game of names' players (seed 3, rounds rounds) and
// shows seat p's view on a screen.
func newTestGame(t testing.TB, p ruleset.Seat, rounds int, names ...string) *testGame {
	t.Helper()
	r := rules.New()
	g, err := r.New(ruleset.Config{Seed: 3, Seats: len(names), Names: names, Options: ruleset.Options{rules.KeyRounds: rounds}})
	if err != nil {
		t.Fatal(err)
	}
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{theme: th}
	s, err := NewScreen(r, h)
	if err != nil {
		t.Fatal(err)
	}
	tg := &testGame{t: t, r: r, g: g, seat: p, host: h, s: s}
	if err := s.SetView(tg.view()); err != nil {
		t.Fatal(err)
	}
	tg.step()
	return tg
}

// view is the seat's view of the game now.
func (tg *testGame) view() *rules.View { return tg.g.View(tg.seat, false).(*rules.View) }

// m is the table's model.
func (tg *testGame) m() *Model { return tg.s.m }

// step tells the screen the game's step, as the shell does.
func (tg *testGame) step() {
	st := tg.g.Step()
	tg.s.SetStep(module.StepInfo{Mode: st.Mode, Turn: int(st.Turn), Seq: st.Seq, Actors: st.Actors, Prompt: st.Prompt})
}

// events shows the seat the outcome of a step, as the shell does with
// the server's update.
func (tg *testGame) events(out ruleset.Outcome) {
	tg.t.Helper()
	b, err := out.Events(tg.seat, false)
	if err != nil {
		tg.t.Fatal(err)
	}
	if err := tg.s.Resolved(tg.view(), b); err != nil {
		tg.t.Fatal(err)
	}
	tg.step()
}

// offer plays the offering: the screen's submission for the seat (if it
// drafted one), and the lowest card for every other player.
func (tg *testGame) offer() {
	tg.t.Helper()
	st := tg.g.Step()
	var subs []ruleset.Submission
	for _, p := range st.Actors {
		if p == tg.seat {
			if data, ok := tg.s.Submission(); ok {
				if rej, err := tg.g.Check(p, data); err != nil || rej != nil {
					tg.t.Fatalf("the rules refuse the screen's offer: %v %v", err, rej)
				}
				subs = append(subs, ruleset.Submission{Seat: p, Orders: data})
			}
			continue
		}
		v := tg.g.View(p, false).(*rules.View)
		data, _ := wire.Marshal(&rules.Offer{Seq: st.Seq, Card: v.Hand[0]})
		subs = append(subs, ruleset.Submission{Seat: p, Orders: data})
	}
	out, err := tg.g.Resolve(subs)
	if err != nil {
		tg.t.Fatal(err)
	}
	tg.events(out)
}

// play plays action a of seat p (its Seq set to the step's).
func (tg *testGame) play(p ruleset.Seat, a rules.Action) {
	tg.t.Helper()
	a.Seq = tg.g.Step().Seq
	data, _ := wire.Marshal(&a)
	out, err := tg.g.Act(p, data)
	if err != nil {
		tg.t.Fatalf("seat %d: %v", p, err)
	}
	tg.events(out)
}

// sent plays the last action the screen sent, as the server does, and
// returns it.
func (tg *testGame) sent() rules.Action {
	tg.t.Helper()
	if len(tg.host.acts) == 0 {
		tg.t.Fatal("the screen sent no action")
	}
	data := tg.host.acts[len(tg.host.acts)-1]
	var a rules.Action
	if err := wire.Unmarshal(data, &a); err != nil {
		tg.t.Fatal(err)
	}
	out, err := tg.g.Act(tg.seat, data)
	if err != nil {
		tg.t.Fatalf("the rules refuse the screen's action %+v: %v", a, err)
	}
	tg.s.ActResult(a.Seq, "")
	tg.events(out)
	return a
}

// phase is the game's phase as the seat sees it.
func (tg *testGame) phase() rules.Phase { return tg.view().Table.Phase }
