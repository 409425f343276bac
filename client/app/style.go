package app

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/client/menu"
)

// Sizes of the game screen's frame at an interface size of 100 %, in
// pixels: the theme's Px gives each at the size applied (gameScreen.px).
const (
	topBarHeight = 40
	sideWidth    = 330
	logHeight    = 170
	minimapW     = 220
	minimapH     = 170
)

// bannerHeight is the height of the connection's banner at 100 %.
const bannerHeight = 30

// drawBanner draws msg in a bar across the screen, top pixels from its
// top: the connection's state, over everything.
func drawBanner(screen *ebiten.Image, t *menu.Theme, msg string, top int) {
	w := float32(screen.Bounds().Dx())
	vector.FillRect(screen, 0, float32(top), w, float32(t.Px(bannerHeight)), color.RGBA{150, 40, 30, 230}, false)
	kit.DrawText(screen, t.NormalFace(), msg, t.Pxf(12), float64(top)+t.Pxf(6), color.White)
}
