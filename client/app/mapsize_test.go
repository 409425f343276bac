package app

import (
	"testing"

	"empires/client/prefs"
)

// TestMapSizeKept: the player picks a Small map for a game against the
// AI and plays it; the next setup, in this client or the next one started,
// offers Small first (the playtest found every setup back at Medium).
func TestMapSizeKept(t *testing.T) {
	dir := t.TempDir()
	a := newTestApp(t, "Ann", prefs.Default(), dir)
	a.showPlayAI()
	a.setup.Container().Validate()
	if !press(a.setup.Container(), "Small 32×24") || !press(a.setup.Container(), "Start") {
		t.Fatal("no Small map or no Start on the Play vs AI screen")
	}
	settle(t, a, "the game", func() bool { return a.game != nil })
	a.showMainMenu()

	p, err := prefs.Load(dir)
	if err != nil || p.MapWidth != 32 || p.MapHeight != 24 {
		t.Fatalf("the preferences saved: %+v, %v; want the map 32×24", p, err)
	}
	for _, c := range []*App{a, newTestApp(t, "Ann", p, dir)} {
		for _, open := range []func(){c.showPlayAI, c.showHost} {
			open()
			c.setup.Container().Validate()
			if !press(c.setup.Container(), "Start") {
				t.Fatal("no Start")
			}
			if c.settings.Width != 32 || c.settings.Height != 24 {
				t.Errorf("the next setup started a %d×%d map, want the last one's 32×24", c.settings.Width, c.settings.Height)
			}
			settle(t, c, "the game or its lobby", func() bool { return c.game != nil || c.screen == screenLobby })
			c.showMainMenu()
		}
	}
}
