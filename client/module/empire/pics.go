package empire

import (
	"image"
	"image/draw"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/shared/rules/empire/dat"
)

// listPicPx is the size of a unit's picture in the panel's and the
// windows' lists at 100 %: a size sprites are painted at, about a line
// high.
const listPicPx = 22

// picKey names a picture of the lists: its unit's icon and its size in
// pixels (listPicPx at the interface size).
type picKey struct {
	icon art.Icon
	size int
}

// unitImage returns the picture of kind k for the lists at the interface
// size now, on its plate with a dark edge, made the first time it is
// asked for.
func (s *Screen) unitImage(k dat.Kind) *ebiten.Image {
	icon := art.IconNone
	if int(k) < len(s.m.d.Units) {
		icon, _ = art.IconOf(s.m.d.Units[k].Icon)
	}
	t := s.host.Theme()
	key := picKey{icon, t.Px(listPicPx)}
	if img, ok := s.pics[key]; ok {
		return img
	}
	if s.pics == nil {
		s.pics = map[picKey]*ebiten.Image{}
	}
	img := ebiten.NewImageFromImage(unitPicture(icon, key.size, t.Px(1)))
	s.pics[key] = img
	return img
}

// unitPicture paints the picture of icon size pixels large on the plate
// the map draws it on, with a dark edge edge pixels wide around.
func unitPicture(icon art.Icon, size, edge int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, size+2*edge, size+2*edge))
	draw.Draw(out, out.Rect, image.NewUniform(art.OutlineColor), image.Point{}, draw.Src)
	draw.Draw(out, out.Rect.Inset(edge), image.NewUniform(art.PlateColor), image.Point{}, draw.Src)
	sp := art.PaintSprite(art.SpriteUnit, uint8(icon), size)
	draw.Draw(out, out.Rect.Inset(edge), sp, image.Pt(art.SpritePad, art.SpritePad), draw.Over)
	return out
}

// withPic returns a row of kind k's picture and w beside it, w stretched
// to the rest of the row's width.
func (s *Screen) withPic(k dat.Kind, w widget.PreferredSizeLocateableWidget) *widget.Container {
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Stretch([]bool{false, true}, nil),
			widget.GridLayoutOpts.Spacing(s.host.Theme().Px(picGap), 0))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
	pic := widget.NewGraphic(widget.GraphicOpts.Image(s.unitImage(k)), widget.GraphicOpts.WidgetOpts(
		widget.WidgetOpts.LayoutData(widget.GridLayoutData{VerticalPosition: widget.GridLayoutPositionCenter})))
	row.AddChild(pic, w)
	return row
}

// picGap is the room between a list's picture and its line, in pixels at
// 100 %.
const picGap = 6

// picRoom is the width a picture takes beside a line: its plate and the
// row's spacing, in pixels at 100 %.
const picRoom = listPicPx + 2 + picGap
