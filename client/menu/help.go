package menu

import (
	"image"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// HelpContent is the text of the help panel, as data: a ruleset writes its
// own (see ErfworldHelp), and GameHelp adds what every game shares.
type HelpContent struct {
	Title    string
	Sections []HelpSection
}

// HelpSection is a part of the help: a title, paragraphs, then rows of a
// term and what it means (a key and what it does, a marker of the map and
// what it tells). Either may be empty.
type HelpSection struct {
	Title      string
	Paragraphs []string
	Rows       []HelpRow
}

// HelpRow is a term and its explanation.
type HelpRow struct {
	Term, Text string
}

// Sizes of the help panel, in pixels at 100 %.
const (
	helpMaxWidth = 980 // lines longer than that tire the eye
	helpMargin   = 24  // between the panel and the window's edges
	helpTermMin  = 150 // the column of terms, at the least
	helpTermMax  = 250 // and at the most
	helpSlider   = 14  // the scroll bar's width
)

// HelpRect returns where the help panel goes in a window of width by
// height pixels at 100 %: centred, at most helpMaxWidth wide, the whole
// height less a margin. The panel scrolls what does not fit.
func HelpRect(width, height int) image.Rectangle {
	w := min(helpMaxWidth, width-2*helpMargin)
	h := height - 2*helpMargin
	x, y := (width-w)/2, helpMargin
	return image.Rect(x, y, x+w, y+h)
}

// HelpRectAt is HelpRect at t's scale, in a window of width by height
// window pixels: the width at most and the margin are t's.
func HelpRectAt(t *Theme, width, height int) image.Rectangle {
	margin := t.Px(helpMargin)
	w := min(t.Px(helpMaxWidth), width-2*margin)
	h := height - 2*margin
	x, y := (width-w)/2, margin
	return image.Rect(x, y, x+w, y+h)
}

// Help is the help panel: a title, a Close button, and the sections in a
// scrolling area with a scroll bar. The mouse wheel, the scroll bar, Page
// Up, Page Down, the up and down arrows, Home and End scroll it.
type Help struct {
	root    *widget.Container
	scroll  *widget.ScrollContainer
	slider  *widget.Slider
	content *widget.Container
	width   int        // the width of the text, in pixels
	page    func() int // the height of the scrolling area, in per-mille of the text's
	onClose func()
}

// NewHelp returns the help panel showing c, laid out for a panel width
// window pixels wide (HelpRectAt's width) and as high as it is placed. Close calls
// onClose; with onClose nil there is no Close button. The panel carries the
// theme and has no screen background: it is the contents of a window.
func NewHelp(t *Theme, c HelpContent, width int, onClose func()) *widget.Container {
	return newHelp(t, c, width, onClose).root
}

func newHelp(t *Theme, c HelpContent, width int, onClose func()) *Help {
	h := &Help{onClose: onClose}
	p := t.palette
	pad, scrollPad, sliderMin := t.Px(20), t.Px(14), t.Px(helpSlider)
	h.page = func() int {
		ch := h.content.GetWidget().Rect.Dy()
		if ch <= 0 {
			return 1000
		}
		return min(int(math.Round(float64(h.scroll.ViewRect().Dy())/float64(ch)*1000)), 1000)
	}
	h.slider = widget.NewSlider(
		widget.SliderOpts.Orientation(widget.DirectionVertical),
		widget.SliderOpts.MinMax(0, 1000),
		widget.SliderOpts.Images(t.slider.TrackImage, t.slider.HandleImage),
		widget.SliderOpts.FixedHandleSize(0),
		widget.SliderOpts.MinHandleSize(*t.slider.MinHandleSize),
		widget.SliderOpts.TrackPadding(t.slider.TrackPadding),
		widget.SliderOpts.PageSizeFunc(h.page),
		widget.SliderOpts.ChangedHandler(func(args *widget.SliderChangedEventArgs) {
			h.scroll.ScrollTop = float64(args.Slider.Current) / 1000
		}),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(sliderMin, 0)),
	)
	// The text's width: the panel less its padding, the scroll bar and its
	// spacing, and the scrolling area's padding.
	h.slider.Validate()
	sliderWidth, _ := h.slider.PreferredSize()
	h.width = max(width-2*pad-max(sliderWidth, sliderMin)-t.Px(gap)-2*scrollPad, t.Px(200))
	termWidth := min(max(h.width/4, t.Px(helpTermMin)), t.Px(helpTermMax))
	textWidth := h.width - termWidth - 2*t.Px(gap)

	h.content = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(t.Px(6)),
	)))
	for i, s := range c.Sections {
		if i > 0 {
			h.content.AddChild(spacer(t, 0, 10))
		}
		h.content.AddChild(t.NewText(s.Title, t.heading, p.Accent))
		for _, para := range s.Paragraphs {
			h.content.AddChild(t.NewText(para, t.normal, p.Text, widget.TextOpts.MaxWidth(float64(h.width))))
		}
		if len(s.Rows) == 0 {
			continue
		}
		rows := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Spacing(2*t.Px(gap), t.Px(7)),
		)))
		for _, r := range s.Rows {
			term := t.NewText(r.Term, t.bold, p.Text, widget.TextOpts.MaxWidth(float64(termWidth)),
				widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionStart))
			term.GetWidget().MinWidth = termWidth
			text := t.NewText(r.Text, t.normal, p.TextMuted, widget.TextOpts.MaxWidth(float64(textWidth)),
				widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionStart))
			rows.AddChild(term, text)
		}
		h.content.AddChild(rows)
	}

	h.scroll = widget.NewScrollContainer(
		widget.ScrollContainerOpts.Content(h.content),
		widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(t.scroll),
		widget.ScrollContainerOpts.Padding(widget.NewInsetsSimple(scrollPad)),
		// It names its content, as NewScroll's do (ScrollStyle.Data).
		widget.ScrollContainerOpts.WidgetOpts(widget.WidgetOpts.CustomData(h.content)),
	)
	h.scroll.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		if a, ok := args.(*widget.WidgetScrolledEventArgs); ok {
			h.scrollBy(-a.Y / 4)
		}
	})
	area := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Spacing(t.Px(gap), 0),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
	)))
	area.AddChild(h.scroll, h.slider)

	title := t.NewText(c.Title, t.heading, p.Accent)
	header := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, nil),
	)))
	header.AddChild(title)
	if onClose != nil {
		header.AddChild(t.NewButton("Close", onClose, t.minSize(110, 0)))
	} else {
		header.AddChild(spacer(t, 0, 0))
	}
	footer := hint(t, "The mouse wheel, Page Up, Page Down and the bar at the right scroll; Escape closes.")
	if onClose == nil {
		footer = hint(t, "The mouse wheel, Page Up, Page Down and the bar at the right scroll.")
	}

	panel := t.NewPanel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(pad)),
		widget.GridLayoutOpts.Spacing(0, t.Px(rowSpacing)),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, true, false}),
	), widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.OnUpdate(func(w widget.HasWidget) {
		if w.GetWidget().IsVisible() {
			h.keys()
		}
	})))
	panel.AddChild(header, area, footer)
	h.root = withFocusRing(t, panel)
	return h
}

// scrollBy scrolls by pages (a page is the height of the scrolling area;
// positive is down).
func (h *Help) scrollBy(pages float64) {
	step := float64(h.page()) * pages
	if step > 0 {
		step = math.Max(step, 1)
	} else {
		step = math.Min(step, -1)
	}
	h.scrollTo(h.slider.Current + int(math.Round(step)))
}

// scrollTo scrolls to the position at per-mille pos of the text (0 the
// top, 1000 the bottom).
func (h *Help) scrollTo(pos int) {
	h.slider.Current = min(max(pos, h.slider.Min), h.slider.Max)
	h.scroll.ScrollTop = float64(h.slider.Current) / 1000
}

// keys scrolls with the keyboard, and closes on Escape.
func (h *Help) keys() {
	if h.onClose != nil && inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		h.onClose()
		return
	}
	pressed := func(k ebiten.Key) bool {
		d := inpututil.KeyPressDuration(k)
		return d == 1 || d > 20 && d%3 == 0 // once, then repeating
	}
	switch {
	case pressed(ebiten.KeyPageDown):
		h.scrollBy(0.9)
	case pressed(ebiten.KeyPageUp):
		h.scrollBy(-0.9)
	case pressed(ebiten.KeyArrowDown):
		h.scrollBy(0.1)
	case pressed(ebiten.KeyArrowUp):
		h.scrollBy(-0.1)
	case inpututil.IsKeyJustPressed(ebiten.KeyHome):
		h.scrollTo(0)
	case inpututil.IsKeyJustPressed(ebiten.KeyEnd):
		h.scrollTo(1000)
	}
}
