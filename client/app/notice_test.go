package app

import (
	"fmt"
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
)

// TestNoticeClearsHintAndWindow: a notice ("the army cannot enter 46,5
// (Sea)") is drawn below the first turn's hint and below an open window,
// whose title it covered at 1024x768; where a tall window leaves no room
// under it, at the map's bottom.
func TestNoticeClearsHintAndWindow(t *testing.T) {
	a, _, _ := testApp(t)
	g := openGame(t, a, hintGames[0].id, hintGames[0].set, []string{"Ann", "Bob"})
	g.notify("the army cannot enter 46,5 (Sea)")
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		for _, tall := range []int{0, 200, 700} {
			name := fmt.Sprintf("%dx%d, window %d px", size[0], size[1], tall)
			onFrame(t, func() {
				g.hud.closeWindow()
				if tall > 0 {
					c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout()),
						widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(300, tall)))
					g.hud.openBare(c)
				}
				renderDrawn(a, size[0], size[1])
			})
			top := g.noticeTop()
			box := image.Rect(20, top, 300, top+30) // the notice's top left part
			if g.hint == nil {
				t.Fatal("the first turn's hint is gone")
			}
			if hr := g.firstHintRect(); box.Overlaps(hr) {
				t.Errorf("%s: the notice at y %d covers the hint %v", name, top, hr)
			}
			switch {
			case g.hud.window == nil:
			case g.hud.windowRect.Max.Y+40 <= size[1] && top < g.hud.windowRect.Max.Y:
				t.Errorf("%s: the notice at y %d is over the window %v", name, top, g.hud.windowRect)
			case g.hud.windowRect.Max.Y+40 > size[1] && top != size[1]:
				t.Errorf("%s: no room under the window %v: the notice at y %d, want the map's bottom %d", name, g.hud.windowRect, top, size[1])
			}
		}
	}
}
