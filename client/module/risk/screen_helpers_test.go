package risk

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/module"
	"empires/client/prefs"
	rules "empires/shared/rules/risk"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// fakeHost is a Host that keeps what the screen asks of it.
type fakeHost struct {
	theme   *menu.Theme
	notices []string
	changed int
	acts    [][]byte
	windows int // windows opened
	open    bool
	// colourBlind is the Settings choice of the colour-blind palette.
	colourBlind bool
	// window is the window opened last.
	window *widget.Container
	// mapR, sight and panel, if set, are the map's part of the window,
	// the part in sight and the panel's width (else those of a window of
	// 1024x768 at 100 %).
	mapR, sight image.Rectangle
	panel       int
}

func (h *fakeHost) Theme() *menu.Theme { return h.theme }
func (h *fakeHost) Notify(msg string)  { h.notices = append(h.notices, msg) }
func (h *fakeHost) OpenWindow(c *widget.Container) {
	h.windows++
	h.open, h.window = true, c
}
func (h *fakeHost) CloseWindow() { h.open = false }
func (h *fakeHost) PanelWidth() int {
	if h.panel != 0 {
		return h.panel
	}
	return 290
}
func (h *fakeHost) Prefs() prefs.Prefs {
	p := prefs.Default()
	p.ColourBlind = h.colourBlind
	return p
}
func (h *fakeHost) MapRect() image.Rectangle {
	if !h.mapR.Empty() {
		return h.mapR
	}
	return image.Rect(0, 40, 694, 768)
}
func (h *fakeHost) MapInSight() image.Rectangle {
	if !h.sight.Empty() {
		return h.sight
	}
	return image.Rect(0, 40, 694, 598)
}
func (h *fakeHost) Changed(bool) { h.changed++ }
func (h *fakeHost) Act(action []byte) bool {
	h.acts = append(h.acts, action)
	return true
}

// testGame is a game of risk, one seat's screen of it, and the AI playing
// the other seats, as the server would.
type testGame struct {
	t    testing.TB
	r    *rules.Rules
	g    ruleset.Game
	seat ruleset.Seat
	host *fakeHost
	s    *Screen
	ai   ruleset.AI
	// attacker, if set, may play another seat's action instead of the AI
	// (from that seat's view v): a test's own move.
	attacker func(v *rules.View, p ruleset.Seat) (rules.Action, bool)
}

// newTestGame sets up a game of seats players with options (seed seed)
// and shows seat 1's view on a screen.
func newTestGame(t testing.TB, seed uint64, seats int, opts ruleset.Options) *testGame {
	t.Helper()
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	return newTestGameOn(t, seed, seats, opts, &fakeHost{theme: th})
}

// newTestGameOn is newTestGame on host h.
func newTestGameOn(t testing.TB, seed uint64, seats int, opts ruleset.Options, h *fakeHost) *testGame {
	t.Helper()
	r := rules.New()
	g, err := r.New(ruleset.Config{Seed: seed, Seats: seats, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewScreen(r, h)
	if err != nil {
		t.Fatal(err)
	}
	ai, err := r.NewAI(string(ruleset.Normal), seed)
	if err != nil {
		t.Fatal(err)
	}
	tg := &testGame{t: t, r: r, g: g, seat: 1, host: h, s: s, ai: ai}
	if err := s.SetView(tg.view()); err != nil {
		t.Fatal(err)
	}
	tg.step()
	return tg
}

// view is the seat's view of the game now.
func (tg *testGame) view() *rules.View { return tg.g.View(tg.seat, false).(*rules.View) }

// m is the screen's model.
func (tg *testGame) m() *Model { return tg.s.m }

// step tells the screen the game's step, as the shell does.
func (tg *testGame) step() {
	st := tg.g.Step()
	tg.s.SetStep(module.StepInfo{Mode: st.Mode, Turn: int(st.Turn), Seq: st.Seq, Since: st.Since, Actors: st.Actors, Prompt: st.Prompt, Phase: st.Phase})
}

// play applies seat p's action data to the game and shows the seat the
// outcome, as the server and the shell do; it fails the test on a
// refusal.
func (tg *testGame) play(p ruleset.Seat, data []byte) {
	tg.t.Helper()
	out, err := tg.g.Act(p, data)
	if err != nil {
		var a rules.Action
		_ = wire.Unmarshal(data, &a)
		tg.t.Fatalf("seat %d's action %+v refused: %v", p, a, err)
	}
	b, err := out.Events(tg.seat, false)
	if err != nil {
		tg.t.Fatal(err)
	}
	if err := tg.s.Resolved(tg.view(), b); err != nil {
		tg.t.Fatal(err)
	}
	tg.step()
}

// do carries out result r as the screen does (Screen.apply) and plays
// the action it sends; it reports whether one was sent.
func (tg *testGame) do(r Result) bool {
	tg.t.Helper()
	n := len(tg.host.acts)
	tg.s.apply(r)
	if len(tg.host.acts) == n {
		return false
	}
	tg.play(tg.seat, tg.host.acts[len(tg.host.acts)-1])
	return true
}

// others lets the AI act for every other seat the step waits for, until
// the step is the seat's or the game is over; at most limit actions.
func (tg *testGame) others(limit int) {
	tg.t.Helper()
	for range limit {
		if over, _ := tg.g.Over(); over {
			return
		}
		st := tg.g.Step()
		var p ruleset.Seat
		for _, a := range st.Actors {
			if a != tg.seat {
				p = a
				break
			}
		}
		if p == 0 || st.Acts(tg.seat) && st.Mode != ruleset.Concurrent {
			return
		}
		if st.Mode == ruleset.Concurrent && st.Acts(tg.seat) {
			return
		}
		data, err := tg.ai.Act(tg.g.View(p, false), st, p)
		if err != nil {
			tg.t.Fatal(err)
		}
		if tg.attacker != nil {
			if a, ok := tg.attacker(tg.g.View(p, false).(*rules.View), p); ok {
				if data, err = wire.Marshal(&a); err != nil {
					tg.t.Fatal(err)
				}
			}
		}
		tg.play(p, data)
	}
	tg.t.Fatalf("the AI took %d actions without giving the seat its step", limit)
}
