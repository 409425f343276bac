package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"empires/client/app"
	"empires/client/internal/savedgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	rules "empires/shared/rules/empire"
)

// savedBattle is a battle of a saved game: the turn it was fought in,
// its square, and the army that stood there after it.
type savedBattle struct {
	turn  int
	cell  string
	after int // the turn shown after it
	army  int
}

// saveEmpireGame saves a game of empire between two AIs, Ann and Bob, on a
// 16x16 map in the client's data directory dir, as the client's server
// would; it returns its first battle after which an army stood on the
// battle's square.
func saveEmpireGame(t *testing.T, dir string) savedBattle {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	set := protocol.Settings{Name: "Ann vs Bob", Ruleset: rules.ID, Width: 16, Height: 16, Seed: 1, Seats: 2, Bots: 2}
	var found savedBattle
	err = savedgame.Play(dir, 1, rs, set, []string{"Ann", "Bob"}, 12, func(s savedgame.Step) error {
		if found.turn != 0 {
			return nil
		}
		data, err := s.Outcome.Events(0, true)
		if err != nil {
			return err
		}
		evs, err := rules.DecodeEvents(data)
		if err != nil {
			return err
		}
		v := s.Game.View(0, true).(*rules.View)
		for _, e := range evs {
			if e.Kind != rules.EvBattle {
				continue
			}
			for _, f := range v.Forces {
				if f.Pos == e.Pos && !f.Garrison {
					found = savedBattle{turn: v.Turn - 1, cell: e.Pos.String(), after: v.Turn, army: int(f.ID)}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found.turn == 0 {
		t.Fatal("the saved game has no battle after which an army stood on its square")
	}
	return found
}

// TestEmpireReplayInTheWindow watches a saved game of empire again in the
// real client, as a player does: Replays on the main menu lists it (it is
// not refused for not being played on hexes), a click picks it and Watch
// opens it on the empire screen at its first turn, from above. Turn >
// and Enter step it on, with the turn's moves; < Turn steps back;
// Watching goes through Ann's eyes (only her forces are hers to show),
// Bob's, and back to the whole map. At the turn after a battle, Tab
// selects the army on the battle's square and the side panel's button
// opens the battle's report. Play steps on by itself and Pause stops it.
// It saves the screens at 1024x768 and 1920x1080 (EMPIRES_SCREENSHOTS
// keeps them).
func TestEmpireReplayInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	// The client's data directory, beside its screenshots: the game is
	// saved there before the Replays screen reads it.
	battle := saveEmpireGame(t, filepath.Join(filepath.Dir(d.shots), "games"))
	d.resize(1280, 800)

	d.press("Replays")
	p := d.wait("the list of saved games", func(p *app.Probe) bool { return p.List[2] > p.List[0] })
	d.click(p.List[0]+60, p.List[1]+14, 1) // its first game
	d.wait("Watch enabled", func(p *app.Probe) bool { b, ok := p.Buttons["Watch"]; return ok && !b.Disabled })
	d.press("Watch")
	p = d.wait("the replay at its start", func(p *app.Probe) bool { return p.Screen == "game" && p.Turn == 1 })
	for _, b := range []string{"Watching: everything", "< Turn", "Turn >", "Play"} {
		if _, ok := p.Buttons[b]; !ok {
			t.Errorf("no %q button on the replay's top bar", b)
		}
	}
	if _, ok := p.Buttons["End turn"]; ok {
		t.Error("the replay shows End turn")
	}
	if p.Money != "Ann vs Bob" {
		t.Errorf("the top bar names the game %q, want %q", p.Money, "Ann vs Bob")
	}
	settled := func(turn int) *app.Probe {
		return d.wait(fmt.Sprintf("turn %d shown, its moves over", turn), func(p *app.Probe) bool { return p.Turn == turn && !p.Animating })
	}

	// Forward, by the button and by Enter; back.
	d.press("Turn >")
	settled(2)
	d.key("Return")
	settled(3)
	d.press("< Turn")
	p = settled(2)
	if p.Log == 0 {
		t.Error("the log tells nothing of turn 1")
	}

	// Through Ann's eyes, Bob's, and the whole map again.
	seats := func(p *app.Probe) []int {
		var out []int
		for _, m := range p.Mine {
			if s := int(rules.IDSeat(uint32(m.ID))); m.Kind == "army" || m.Kind == "garrison" {
				if !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
		slices.Sort(out)
		return out
	}
	if have := seats(p); !slices.Contains(have, 1) || !slices.Contains(have, 2) {
		t.Errorf("from above the map shows the forces of seats %v, want both players' (and the neutral garrisons')", have)
	}
	d.press("Watching: everything")
	p = d.wait("Ann's eyes", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: Ann"]; return ok })
	if have := seats(p); !slices.Equal(have, []int{1}) {
		t.Errorf("through Ann's eyes the map shows as hers the forces of seats %v", have)
	}
	d.press("Watching: Ann")
	p = d.wait("Bob's eyes", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: Bob"]; return ok })
	if have := seats(p); !slices.Equal(have, []int{2}) {
		t.Errorf("through Bob's eyes the map shows as his the forces of seats %v", have)
	}
	d.press("Watching: Bob")
	d.wait("the whole map", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: everything"]; return ok })

	// The battle's report, from the army on its square.
	for d.read().Turn < battle.after {
		d.press("Turn >")
		settled(d.read().Turn)
	}
	p = settled(battle.after)
	report := fmt.Sprintf("Battle of turn %d: report", battle.turn)
	d.move(p.Map[0]+10, p.Map[1]+10) // the keys go to the window under the pointer
	for range 40 {
		d.key("Tab")
		if p = d.read(); p.Picked["army"] == battle.army {
			break
		}
	}
	if p.Picked["army"] != battle.army || p.Selected != battle.cell {
		t.Fatalf("Tab did not come to army %d on %s: %v on %s selected", battle.army, battle.cell, p.Picked, p.Selected)
	}
	d.press(report)
	d.wait("the battle's report", func(p *app.Probe) bool { return p.WindowOpen })
	d.key("Escape")
	d.wait("the report closed", func(p *app.Probe) bool { return !p.WindowOpen })

	// Play steps on by itself; Pause stops it.
	at := d.read().Turn
	d.press("Play")
	d.wait("the replay playing", func(p *app.Probe) bool { return p.Turn > at })
	d.press("Pause")
	d.wait("the replay paused", func(p *app.Probe) bool { _, ok := p.Buttons["Play"]; return ok })

	// The screens at two sizes: from above with the army selected, its
	// battle's report, through Ann's eyes.
	for d.read().Turn > battle.after {
		d.press("< Turn")
		settled(d.read().Turn)
	}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.keep(fmt.Sprintf("empire-replay-%dx%d", size[0], size[1]))
		d.press(report)
		d.wait("the battle's report", func(p *app.Probe) bool { return p.WindowOpen })
		d.keep(fmt.Sprintf("empire-replay-%dx%d-battle", size[0], size[1]))
		d.key("Escape")
		d.wait("the report closed", func(p *app.Probe) bool { return !p.WindowOpen })
		d.press("Watching: everything")
		d.wait("Ann's eyes", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: Ann"]; return ok })
		d.keep(fmt.Sprintf("empire-replay-%dx%d-ann", size[0], size[1]))
		d.press("Watching: Ann")
		d.press("Watching: Bob")
		d.wait("the whole map", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: everything"]; return ok })
		d.move(p.Map[0]+10, p.Map[1]+10)
		for range 40 {
			if d.read().Picked["army"] == battle.army {
				break
			}
			d.key("Tab")
		}
	}

	// Leave the replay from the game's menu: back to the list of saved
	// games, which takes the clicks again (no window of the replay is
	// left over it).
	d.press("Menu")
	d.press("Leave the replay")
	d.wait("the list of saved games", func(p *app.Probe) bool { return p.Screen == "menu" && p.List[2] > p.List[0] })
	d.press("Back")
	d.wait("the main menu", func(p *app.Probe) bool { _, ok := p.Buttons["Replays"]; return ok })
}
