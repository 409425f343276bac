package app

import (
	"strings"
	"testing"

	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
)

// erfpiresOnServer starts a server on loopback and a game of erfpires
// on it, the player against the AI, and returns the client on turn 1
// with the player's first army and a hex four steps from it, the first
// known.
func erfpiresOnServer(t *testing.T) (*App, *gameScreen, game.ArmyID, hex.Hex) {
	t.Helper()
	a, _, _ := testApp(t)
	t.Cleanup(a.shutdown)
	srv := startHost(t, a.opts.Rulesets, a.opts.Rulesets)
	a.showJoin()
	a.Connect(srv.Addr().String())
	settle(t, a, "connect", func() bool { return a.conn != nil })
	a.createHere(protocol.Settings{Ruleset: "erfpires", Width: 24, Height: 24, Seed: 7, Seats: 2, Bots: 1})
	settle(t, a, "create", func() bool { return a.screen == screenLobby })
	a.send(&protocol.SetReady{Ready: true})
	settle(t, a, "start", func() bool { return a.game != nil && a.game.clock.Seq > 0 }) // the step's clock
	m := hexOf(a.game).Model()
	for _, ar := range m.View().Armies {
		if ar.Owner != m.You() {
			continue
		}
		for _, h := range hex.Ring(ar.Hex, 4) {
			// Its first hex known: the army surely walks it.
			if p, err := m.PlanPath(ar.ID, h); err == nil && p.Steps == 4 && !p.Attack && (p.Guessed == nil || !p.Guessed[0]) {
				return a, a.game, ar.ID, h
			}
		}
	}
	t.Fatal("no army of the player's with a hex 4 steps away, the first known")
	return nil, nil, 0, hex.Hex{}
}

// TestErfpiresLongMoveOnTheServer: the player orders an army to a hex 4
// hexes away ("Choose one Army to move two hexes") and ends the day: the
// server takes the order, and the army stands 2 hexes along the path the
// next day, as the preview said.
func TestErfpiresLongMoveOnTheServer(t *testing.T) {
	a, g, army, goal := erfpiresOnServer(t)
	m := hexOf(g).Model()
	from := m.State().Army(army).Hex
	m.SelectArmy(army)
	p, err := m.MoveTo(army, goal, false) // what a right click on goal does
	if err != nil {
		t.Fatal(err)
	}
	if !p.Cut() || len(p.Sent) != 2 {
		t.Fatalf("the plan to %s: sends %v of %v, want its first 2 hexes", goal, p.Sent, p.Path)
	}
	g.endTurnClicked()
	if g.hud.window != nil {
		t.Fatal("End turn asks a question of a move the server takes")
	}
	await(t, a, "day 1 resolved", func(ev conn.Event) bool { _, ok := ev.Msg.(*protocol.TurnUpdate); return ok })
	if r := g.rejected; len(r) > 0 {
		t.Fatalf("the server refused %+v", r)
	}
	// The second hex was not seen when the move was planned: if it turns
	// out impassable the army stops before it (and says so).
	s := m.State()
	want := p.Sent[1]
	if _, ok := m.Rules().StepCost(s, s.Army(army), p.Sent[0], p.Sent[1]); !ok {
		want = p.Sent[0]
	}
	if at := s.Army(army); at == nil || at.Hex != want {
		t.Errorf("on day 2 the army stands on %v, want it on %s, 2 hexes on from %s toward %s", at, want, from, goal)
	}
}

// TestRefusedOrderStopsEndTurn: an order the server refuses is shown
// before the turn ends. End turn asks, naming it, when the client's own
// check refuses it; and when the server refuses a list End turn sent, the
// turn is taken back and the question asked, the player not ready and the
// day not over. End turn anyway drops the refused order and ends the day.
func TestRefusedOrderStopsEndTurn(t *testing.T) {
	a, g, army, goal := erfpiresOnServer(t)
	m := hexOf(g).Model()
	p, err := m.PlanPath(army, goal)
	if err != nil {
		t.Fatal(err)
	}
	m.SetMove(army, p.Path, false) // the whole 4 hexes: refused
	g.endTurnClicked()
	if g.hud.window == nil || g.ready {
		t.Fatalf("End turn with a refused order: window %v, ready %v; want the question, not ready", g.hud.window != nil, g.ready)
	}
	if texts := strings.Join(windowLabels(g.hud), "\n"); !strings.Contains(texts, "an army moves 2 hexes a day: the path has 4") {
		t.Errorf("the question does not name the refusal:\n%s", texts)
	}
	g.hud.closeWindow() // Cancel

	// As if the client had not seen it: the list goes, End turn waits for
	// the server's answer, which refuses it.
	g.setReady(true)
	await(t, a, "the server's answer", func(ev conn.Event) bool { _, ok := ev.Msg.(*protocol.OrdersResult); return ok })
	if g.ready || g.hud.window == nil || len(g.rejected) != 1 {
		t.Fatalf("after the refusal: ready %v, window %v, refused %+v; want the question, not ready", g.ready, g.hud.window != nil, g.rejected)
	}
	if !strings.Contains(strings.Join(windowLabels(g.hud), "\n"), "refused: an army moves 2 hexes a day") &&
		!strings.Contains(strings.Join(windowLabels(g.hud), "\n"), "an army moves 2 hexes a day: the path has 4") {
		t.Errorf("the question after the refusal:\n%s", strings.Join(windowLabels(g.hud), "\n"))
	}
	if g.turn() != 1 {
		t.Fatalf("the day ended on a refused order: turn %d", g.turn())
	}
	if !press(g.hud.windowBox, "End turn anyway") {
		t.Fatalf("no End turn anyway: %q", windowLabels(g.hud))
	}
	await(t, a, "day 1 resolved", func(ev conn.Event) bool { _, ok := ev.Msg.(*protocol.TurnUpdate); return ok })
	if len(m.Drafts()) != 0 || g.turn() != 2 {
		t.Errorf("after End turn anyway: turn %d, drafts %+v", g.turn(), m.Drafts())
	}
}

// windowLabels returns the texts of the window open over the game.
func windowLabels(h *hud) []string {
	var out []string
	for label := range windowTexts(h) {
		out = append(out, label)
	}
	return out
}
