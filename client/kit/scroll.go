package kit

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
)

// ScrollStyle is how a scroll panel (NewScroll) looks and scrolls: the
// menus' (menu.ScrollStyle), which the game screens share.
type ScrollStyle = menu.ScrollStyle

// NewScroll returns a panel in which content scrolls, with the wheel or
// with the slider beside it, as menu.NewScroll does.
func NewScroll(content *widget.Container, st ScrollStyle) (*widget.ScrollContainer, *widget.Slider) {
	return menu.NewScroll(content, st)
}

// NewScrollArea returns content in a scroll panel with its slider beside
// it, at most maxH pixels high, as menu.NewScrollArea does.
func NewScrollArea(content *widget.Container, st ScrollStyle, maxH int, least image.Point) *widget.Container {
	return menu.NewScrollArea(content, st, maxH, least)
}
