package app

import (
	"fmt"
	"image"
	"testing"
)

// TestGameSettingsFit: the Settings window over a game, with its Player
// colours row (Standard or Colour-blind), fits the window at 1024x768
// and 1920x1080: the choice and Save are on the screen.
func TestGameSettingsFit(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		w, h := size[0], size[1]
		name := fmt.Sprintf("%dx%d", w, h)
		a, g := testGame(t, nil)
		var img *image.RGBA
		onFrame(t, func() { img = renderApp(a, w, h, 3, g.hud.showSettings) })
		saveShot(t, img, "settings-in-game-"+name+".png")
		if g.hud.windowBox == nil {
			t.Fatalf("%s: no Settings window", name)
		}
		screen := image.Rect(0, 0, w, h)
		for _, label := range []string{"Colour-blind", "Save"} {
			b := findButton(g.hud.windowBox, label)
			if b == nil {
				t.Fatalf("%s: the Settings window has no %q", name, label)
			}
			if r := b.GetWidget().Rect; r.Empty() || !r.In(screen) {
				t.Errorf("%s: %q at %v, out of the window %v", name, label, r, screen)
			}
		}
	}
}
