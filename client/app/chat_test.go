package app

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// TestChatPlaceholderFits: the empty chat field under the log says what it
// is for in full at every window size (the playtest saw it cut to "(E" at
// 1024x768), with the field's padding on both sides.
func TestChatPlaceholderFits(t *testing.T) {
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		face := a.theme.NormalFace()
		need, _ := text.Measure(chatPlaceholder, face, 0)
		for _, size := range [][2]int{{minScreenW, minScreenH}, {1024, 768}, {1920, 1080}} {
			renderApp(a, size[0], size[1], 2, nil)
			img := renderApp(a, size[0], size[1], 1, func() { a.redraw = true })
			saveShot(t, img, fmt.Sprintf("chat-%dx%d.png", size[0], size[1]))
			field := g.hud.chat.GetWidget().Rect
			if room := field.Dx() - 2*10; float64(room) < need {
				t.Errorf("%dx%d: the chat field leaves %d pixels for its text, %q needs %.0f", size[0], size[1], room, chatPlaceholder, need)
			}
		}
	})
}
