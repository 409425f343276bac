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
		{200, 1920, 1080, 2},
		{200, 1280, 800, 1280.0 / minScreenW},
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

// TestScaleNote: the interface size applied is said, with the window and
// the window it needs, only when it is less than asked.
func TestScaleNote(t *testing.T) {
	tests := []struct {
		percent, w, h int
		want          string
	}{
		{100, 1920, 1080, ""},
		{150, 1920, 1080, ""},
		{200, 3840, 2160, ""},
		{200, 1920, 1080, ""},
		{200, 1280, 800, "200 % asked, 133 % applied: the window is 1280x800; 200 % needs 1920x1080 or larger"},
		{200, 1920, 1000, "200 % asked, 185 % applied: the window is 1920x1000; 200 % needs 1920x1080 or larger"},
		{125, 1024, 768, "125 % asked, 107 % applied: the window is 1024x768; 125 % needs 1200x675 or larger"},
		{150, 800, 600, "150 % asked, 100 % applied: the window is 800x600; 150 % needs 1440x810 or larger"},
	}
	for _, tt := range tests {
		if have := scaleNote(tt.percent, tt.w, tt.h); have != tt.want {
			t.Errorf("scaleNote(%d, %d, %d) = %q, want %q", tt.percent, tt.w, tt.h, have, tt.want)
		}
	}
}

// TestScaleTold: a game opened on a window too small for the interface
// size asked says the size applied, once, and no longer once the window
// is large enough; the Settings window over it says it under Interface
// size.
func TestScaleTold(t *testing.T) {
	a, _, s := testApp(t)
	a.opts.Prefs.UIScale = 200
	g := showGame(t, a, s, 1)
	a.Layout(1280, 800)
	want := scaleNote(200, 1280, 800)
	a.tellScale()
	if !strings.Contains(g.notice, want) {
		t.Fatalf("the notice says %q, want it to say %q", g.notice, want)
	}
	g.notice = ""
	a.tellScale()
	if g.notice != "" {
		t.Errorf("told again: %q", g.notice)
	}
	a.Layout(1200, 800) // smaller: less is applied
	a.tellScale()
	if want := scaleNote(200, 1200, 800); !strings.Contains(g.notice, want) {
		t.Errorf("after the window shrank the notice says %q, want %q", g.notice, want)
	}
	a.Layout(1920, 1080) // 200 % applied as asked: the notice goes
	a.tellScale()
	if g.notice != "" {
		t.Errorf("at 1920x1080, where 200 %% is applied, the notice still says %q", g.notice)
	}
	a.Layout(1200, 800)
	a.tellScale()
	onFrame(t, func() { renderApp(a, 1280, 800, 2, g.hud.showSettings) })
	if _, ok := windowTexts(g.hud)[scaleNote(200, 1280, 800)]; !ok {
		t.Error("the Settings window does not say the interface size applied")
	}
}
