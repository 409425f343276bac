package app

import (
	"slices"
	"strings"
	"testing"

	"empires/client/internal/savedgame"
	"empires/client/menu"
	"empires/server/store"
	"empires/shared/conn"
	"empires/shared/protocol"
	duelrules "empires/shared/rules/duel"
	empirerules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// savedSet is a game saved for the Replays screen's tests.
type savedSet struct {
	id    protocol.GameID
	set   protocol.Settings
	names []string
	steps int
}

// saveGames plays and saves games in a's data directory, a new one.
func saveGames(t *testing.T, a *App, games []savedSet) {
	t.Helper()
	a.opts.DataDir = t.TempDir()
	for _, g := range games {
		rs, ok := a.opts.Rulesets.Get(g.set.Ruleset)
		if !ok {
			t.Fatalf("no ruleset %s", g.set.Ruleset)
		}
		if err := savedgame.Play(a.opts.DataDir, g.id, rs, g.set, g.names, g.steps, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// openingCamera returns the camera the game screen of seat s opens with
// on saved game g's start: where a player of that seat first looks.
func openingCamera(t *testing.T, a *App, g savedSet, s ruleset.Seat) [3]float64 {
	t.Helper()
	rs, _ := a.opts.Rulesets.Get(g.set.Ruleset)
	start, err := rs.New(g.set.Config(g.names))
	if err != nil {
		t.Fatal(err)
	}
	v := start.View(s, false)
	data, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	gs, err := newGameScreen(a, conn.NewGame(rs), &protocol.FullView{View: data, Checksum: v.Checksum()})
	if err != nil {
		t.Fatal(err)
	}
	return gs.scr.Probe().Camera
}

// savedGameOf returns saved game id as the Replays screen lists it.
func savedGameOf(t *testing.T, a *App, id protocol.GameID) menu.SavedGame {
	t.Helper()
	games, err := a.savedGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.ID == id {
			return a.savedGame(&g)
		}
	}
	t.Fatalf("no saved game %d", id)
	return menu.SavedGame{}
}

// TestReplaysList: each row of the Replays screen names the game's rules
// by their title, the player's opponents (every player of a game the
// player held no seat in), the map (none for Duel, a card game: never
// "0x0") and who won ("you" for the player).
func TestReplaysList(t *testing.T) {
	a, _, _ := testApp(t)
	saveGames(t, a, []savedSet{
		{1, protocol.Settings{Name: "Ann's game", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 5, Seats: 3, Bots: 2}, []string{"Ann", "Bot 2", "Bot 3"}, 2},
		{2, protocol.Settings{Name: "Ann's game", Ruleset: duelrules.ID, Seed: 4, Seats: 2, Bots: 1}, []string{"Ann", "Bob"}, 400},
		{3, protocol.Settings{Name: "Cid vs Dan", Ruleset: empirerules.ID, Width: 16, Height: 16, Seed: 1, Seats: 2, Bots: 2}, []string{"Cid", "Dan"}, 2},
	})
	games, err := a.savedGames()
	if err != nil || len(games) != 3 {
		t.Fatalf("saved games: %d, %v", len(games), err)
	}
	type row struct {
		ruleset string
		mine    bool
		players []string
		width   int
	}
	want := map[protocol.GameID]row{
		1: {"Erfworld Empires", true, []string{"Bot 2", "Bot 3"}, 24},
		2: {"Duel", true, []string{"Bob"}, 0},
		3: {"Empire", false, []string{"Cid", "Dan"}, 16},
	}
	for _, g := range games {
		have, w := a.savedGame(&g), want[g.ID]
		if have.Ruleset != w.ruleset || have.Mine != w.mine || !slices.Equal(have.Players, w.players) || have.Width != w.width {
			t.Errorf("game %d listed as %+v, want %+v", g.ID, have, w)
		}
		if have.Started.IsZero() {
			t.Errorf("game %d: no date", g.ID)
		}
		switch {
		case !g.Over && have.Winner != "":
			t.Errorf("game %d not over, won by %q", g.ID, have.Winner)
		case g.Over && g.Winner == 1 && have.Mine && have.Winner != "you":
			t.Errorf("game %d won by the player: the row says %q", g.ID, have.Winner)
		}
	}
	// Each game counts its steps in its own word: Duel's are moves.
	for id, word := range map[int64]string{1: "", 2: "move", 3: ""} {
		g := games[slices.IndexFunc(games, func(g store.Game) bool { return int64(g.ID) == id })]
		if have := a.savedGame(&g).TurnWord; have != word {
			t.Errorf("game %d: its steps are called %q, want %q", id, have, word)
		}
	}
	duel := games[slices.IndexFunc(games, func(g store.Game) bool { return g.ID == 2 })]
	if !duel.Over {
		t.Fatal("the Duel of 400 steps is not over: its result is not tested")
	}
	if have := a.savedGame(&duel).Winner; duel.Winner == 1 && have != "you" || duel.Winner == 2 && have != "Bob" {
		t.Errorf("Duel won by seat %d: the row says %q", duel.Winner, have)
	}
}

// TestReplayOpensOnTheFirstPlayer: a replay, watched from above, opens
// where the first player's game opened, on its Capital (its first city
// in empire), not at the map's top-left corner; its top bar names it by
// its rules and date when its name is the default one ("Ann's game");
// its menu says "Back to the replay", and leaving it goes back to the
// Replays screen with the game picked again.
func TestReplayOpensOnTheFirstPlayer(t *testing.T) {
	a, _, _ := testApp(t)
	games := []savedSet{
		{1, protocol.Settings{Name: "Ann's game", Ruleset: "erfworld", Width: 32, Height: 24, Seed: 5, Seats: 3, Bots: 2}, []string{"Ann", "Bot 2", "Bot 3"}, 2},
		{2, protocol.Settings{Name: "Ann's game", Ruleset: "erfpires", Width: 32, Height: 24, Seed: 3, Seats: 2, Bots: 1}, []string{"Ann", "Bot 2"}, 2},
		{3, protocol.Settings{Name: "Cid vs Dan", Ruleset: empirerules.ID, Width: 40, Height: 30, Seed: 1, Seats: 2, Bots: 2}, []string{"Cid", "Dan"}, 2},
	}
	saveGames(t, a, games)
	for _, g := range games {
		want := openingCamera(t, a, g, 1)
		if want[0] == 0 && want[1] == 0 {
			t.Fatalf("%s: the first player's game opens at the top-left corner: the test shows nothing", g.set.Ruleset)
		}
		if err := a.watchReplay(g.id); err != nil {
			t.Fatalf("%s: Watch: %v", g.set.Ruleset, err)
		}
		rg := a.game
		if rg == nil || rg.replay == nil || !rg.replay.eyes.AllSeeing {
			t.Fatalf("%s: no replay from above", g.set.Ruleset)
		}
		rg.hud.update()
		if have := rg.hud.money.Label; g.set.Name == "Ann's game" && !strings.HasPrefix(have, savedGameOf(t, a, g.id).Ruleset+" · ") {
			t.Errorf("%s: the replay of a game of the default name is titled %q, want its rules and date", g.set.Ruleset, have)
		} else if g.set.Name != "Ann's game" && have != g.set.Name {
			t.Errorf("%s: the replay is titled %q, want the game's name %q", g.set.Ruleset, have, g.set.Name)
		}
		if have := rg.scr.Probe().Camera; have != want {
			t.Errorf("%s: the replay opens with the camera at %v, want the first player's %v", g.set.Ruleset, have, want)
		}
		rg.hud.showMenu()
		if findButton(rg.hud.windowBox, "Back to the replay") == nil || findButton(rg.hud.windowBox, "Back to the game") != nil {
			t.Errorf("%s: the replay's menu does not say Back to the replay", g.set.Ruleset)
		}
		if !press(rg.hud.windowBox, "Leave the replay") {
			t.Fatalf("%s: no Leave the replay", g.set.Ruleset)
		}
		if a.game != nil || a.replays == nil || a.ui.Container != a.replays.Container() {
			t.Fatalf("%s: leaving the replay did not go back to the Replays screen", g.set.Ruleset)
		}
		if have := a.replays.Selected(); have != int64(g.id) {
			t.Errorf("%s: back on the Replays screen, game %d is picked, want %d", g.set.Ruleset, have, g.id)
		}
	}
}
