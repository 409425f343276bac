package app

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/shared/game"
)

// TestLogWraps: a log line longer than the log is wrapped, never cut at
// its right edge ("army 7:", "Bot 3's" were), at 1920x1080, then at
// 1024x768 when the window is made smaller, and at 1920x1080 again: every
// line the log shows fits in the text area as laid out, and the line is
// whole, in more pieces when the window is narrower.
func TestLogWraps(t *testing.T) {
	long := "upgraded city 8 to level 2 for 4 Schmuckers, and then formed 5 Infantry, 2 Cavalry and 1 Flyer in the " +
		"Capital at (12,9), garrison army 7: the treasury holds 3 Schmuckers, and Bot 3's army 12 was seen near the river"
	a, g := testGame(t, []game.Event{{Turn: 1, Kind: game.EventBuild, Player: 1, Text: long}})
	face := a.theme.SmallFace()
	pieces := map[int]int{}
	for _, size := range [][2]int{{1920, 1080}, {1024, 768}, {1920, 1080}} {
		w, h := size[0], size[1]
		name := fmt.Sprintf("%dx%d", w, h)
		var img *image.RGBA
		var shown []string
		var room float64
		onFrame(t, func() {
			img = renderApp(a, w, h, 3, nil)
			p := a.probe()
			shown = p.LogText
			// The text area's inner width: its padding (8 each side) and
			// its scroll bar (at least 24) taken off.
			room = float64(p.LogRect[2]-p.LogRect[0]) - 16 - 24
		})
		saveShot(t, img, "logwrap-"+name+".png")
		var got []string
		for i, l := range shown {
			if i > 0 && strings.HasPrefix(l, "    ") != (len(got) > 0) {
				t.Errorf("%s: line %d %q: want the first piece indented by 2, the others by 4", name, i, l)
			}
			if width, _ := text.Measure(l, face, 0); width > room {
				t.Errorf("%s: %q is %.0f px wide, the log has %.0f", name, l, width, room)
			}
			if strings.HasPrefix(l, "  ") {
				got = append(got, strings.TrimSpace(l))
			}
		}
		if have, want := strings.Join(got, " "), "You "+long; have != want {
			t.Errorf("%s: the log shows %q, want %q", name, have, want)
		}
		pieces[w] = len(got)
		if g.hud.logLen != 1 {
			t.Errorf("%s: %d log lines, want 1", name, g.hud.logLen)
		}
	}
	if pieces[1024] <= pieces[1920] || pieces[1920] < 2 {
		t.Errorf("the line in %d pieces at 1024 px, %d at 1920 px: want more when narrower, and at least 2", pieces[1024], pieces[1920])
	}
}
