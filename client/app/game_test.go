package app

import (
	"testing"

	"empires/client/module/empire"
	"empires/shared/conn"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// A game of a ruleset whose module has a screen of its own (empire) opens
// on that screen, framed by the shell: the top bar says the turn, the
// side panel and the orders are the module's, and the shell sends the
// module's orders for the turn.
func TestEmpireScreenOpens(t *testing.T) {
	a, _, _ := testApp(t)
	rs, ok := a.opts.Rulesets.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	g, err := rs.New(ruleset.Config{Seed: 3, Seats: 2, Names: []string{"Ann", "Bob"}, Options: ruleset.Options{ruleset.KeyWidth: 20, ruleset.KeyHeight: 16}})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1, false)
	data, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	a.play = conn.NewGame(rs)
	a.handleFullView(&protocol.FullView{View: data, Checksum: v.Checksum()})
	ms := a.game
	if _, ok := ms.scr.(*empire.Screen); !ok {
		t.Fatalf("the game screen shows a %T, want empire's", ms.scr)
	}
	if a.screen != screenGame {
		t.Fatal("the game screen is not shown")
	}
	ms.resize(1280, 800)
	ms.hud.update()
	if have, want := ms.hud.turn.Label, "Turn 1"; have != want {
		t.Errorf("the top bar says %q, want %q", have, want)
	}
	if have := len(ms.hud.side.Children()); have == 0 {
		t.Error("the side panel is empty")
	}
	if have := ms.readyText(); have != "waiting for you" {
		t.Errorf("who is ready: %q", have)
	}
	sub := ms.submission()
	if sub == nil || sub.Turn != 1 {
		t.Fatalf("the submission %+v, want one for turn 1", sub)
	}
	if os, err := rules.DecodeOrders(sub.Orders); err != nil || len(os) != 0 {
		t.Errorf("the orders sent: %v %v, want none drafted", os, err)
	}
	if p := a.probe(); p.Screen != "game" || p.Turn != 1 || len(p.Mine) == 0 {
		t.Errorf("the probe: screen %q, turn %d, %d things of the player's", p.Screen, p.Turn, len(p.Mine))
	}
}
