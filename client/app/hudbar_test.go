package app

import (
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"

	"empires/shared/game"
)

// TestEndTurnAsksWhenUpkeepCuts checks that End turn asks first when the
// next turn's upkeep would remove units ("if you can't afford upkeep,
// remove units until you can"), that the top bar warns of it, and that
// the turn ends only on "End turn anyway".
func TestEndTurnAsksWhenUpkeepCuts(t *testing.T) {
	onFrame(t, func() {
		a, rs, s := testApp(t)
		var capital *game.City
		for i := range s.Cities {
			if c := &s.Cities[i]; c.Owner == 1 && c.Capital {
				capital = c
			}
		}
		// 200 units cost 40 a turn: far more than the cities bring in.
		big := make(game.Units, len(rs.D.Units))
		big[0] = 200
		s.AddArmy(game.Army{Owner: 1, Hex: capital.Hex, Units: big})
		g := showGame(t, a, s, 1)
		g.hud.update()
		if money := g.hud.money.Label; !strings.Contains(money, "units lost") {
			t.Errorf("top bar money %q: want a warning", money)
		}
		g.endTurnClicked()
		if g.ready || g.hud.window == nil {
			t.Fatalf("End turn with units to lose: ready %v, window %v; want a question first", g.ready, g.hud.window != nil)
		}
		if texts := windowTexts(g.hud); texts["Units will be lost"].w == nil {
			t.Errorf("the question is not the hex screen's: %v", texts)
		}
		if b := findButton(g.hud.windowBox, "End turn anyway"); b == nil {
			t.Fatal("the question has no End turn anyway")
		} else {
			b.Click()
			event.ExecuteDeferred() // as ebitenui's Update does
		}
		if !g.ready || g.hud.window != nil {
			t.Errorf("after End turn anyway: ready %v, window open %v", g.ready, g.hud.window != nil)
		}
	})
}

// TestUIScale checks the interface size: as asked, but never leaving less
// than the smallest screen the client lays out, and never below 100%.
func TestUIScale(t *testing.T) {
	tests := []struct {
		percent, w, h int
		want          float64
	}{
		{100, 1920, 1080, 1},
		{150, 1920, 1080, 1.5},
		{200, 1920, 1080, 1080.0 / minScreenH},
		{200, 3840, 2160, 2},
		{125, 1024, 768, 1024.0 / minScreenW},
		{150, 800, 600, 1},
		{0, 1280, 800, 1},
	}
	for _, tt := range tests {
		if have := uiScale(tt.percent, tt.w, tt.h); have != tt.want {
			t.Errorf("uiScale(%d, %d, %d) = %v, want %v", tt.percent, tt.w, tt.h, have, tt.want)
		}
	}
}
