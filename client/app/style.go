package app

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/client/menu"
)

// Heights of the game screen's bars, in pixels.
const (
	topBarHeight = 40
	sideWidth    = 330
	logHeight    = 170
	minimapW     = 220
	minimapH     = 170
)

// drawBanner draws msg in a bar across the screen, top pixels from its
// top: the connection's state, over everything.
func drawBanner(screen *ebiten.Image, t *menu.Theme, msg string, top int) {
	w := float32(screen.Bounds().Dx())
	vector.FillRect(screen, 0, float32(top), w, 30, color.RGBA{150, 40, 30, 230}, false)
	kit.DrawText(screen, t.NormalFace(), msg, 12, float64(top+6), color.White)
}
