package menu

import (
	"errors"
	goimage "image"
	"strconv"

	"github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/shared/protocol"
)

// newScreen returns the root container of a screen: the background colour
// over the whole window, content centred in it, and footer (if not nil) at
// the bottom centre. The container carries the theme, so widgets that rely
// on it find it whatever the UI's PrimaryTheme. A FocusRing over it all
// rings the focused widget.
func newScreen(t *Theme, content, footer widget.PreferredSizeLocateableWidget) *widget.Container {
	root := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(image.NewNineSliceColor(t.palette.Background)),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(t.Px(screenPadding))))),
	)
	root.GetWidget().SetTheme(t.ui)
	content.GetWidget().LayoutData = widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionCenter,
		VerticalPosition:   widget.AnchorLayoutPositionCenter,
	}
	root.AddChild(content)
	if footer != nil {
		footer.GetWidget().LayoutData = widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionCenter,
			VerticalPosition:   widget.AnchorLayoutPositionEnd,
		}
		root.AddChild(footer)
	}
	root.AddChild(NewFocusRing(t, root))
	return root
}

// addOver adds child to root, a screen from newScreen, over what it holds
// and under its focus ring.
func addOver(root *widget.Container, child widget.PreferredSizeLocateableWidget) {
	ch := root.Children()
	if n := len(ch); n > 0 {
		if ring, ok := ch[n-1].(*FocusRing); ok {
			root.RemoveChild(ring)
			root.AddChild(child, ring)
			return
		}
	}
	root.AddChild(child)
}

// row returns a container laying children out left to right, centred
// vertically, gap pixels (at 100 %, at t's scale) apart.
func row(t *Theme, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionHorizontal),
		widget.RowLayoutOpts.Spacing(t.Px(gap)),
	)))
	for _, ch := range children {
		ch.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		c.AddChild(ch)
	}
	return c
}

// column returns a container laying children out top to bottom, spacing
// pixels (at 100 %, at t's scale) apart, each as wide as the column when
// stretch is set.
func column(t *Theme, spacing int, stretch bool, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(t.Px(spacing)),
	)))
	for _, ch := range children {
		if _, ok := ch.GetWidget().LayoutData.(widget.RowLayoutData); !ok {
			ch.GetWidget().LayoutData = widget.RowLayoutData{Stretch: stretch}
		}
		c.AddChild(ch)
	}
	return c
}

// form returns a two-column grid: a label on the left, its controls on the
// right, one row each.
func form(t *Theme, rows ...formRow) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Spacing(t.Px(24), t.Px(rowSpacing)),
		widget.GridLayoutOpts.Stretch([]bool{false, true}, nil),
	)))
	for _, r := range rows {
		c.AddChild(t.NewText(r.label, t.normal, t.palette.TextMuted), r.controls)
	}
	return c
}

// formRow is a row of a form.
type formRow struct {
	label    string
	controls widget.PreferredSizeLocateableWidget
}

// heading returns a screen heading.
func heading(t *Theme, s string) *widget.Text {
	return t.NewText(s, t.heading, t.palette.Accent)
}

// hint returns a line of muted small text.
func hint(t *Theme, s string) *widget.Text {
	return t.NewText(s, t.small, t.palette.TextMuted)
}

// statusLine is a line of text that reports what happens: information in
// the muted colour, errors in the error colour. It keeps its height when
// empty, so the layout does not jump.
type statusLine struct {
	text  *widget.Text
	t     *Theme
	isErr bool // the line shows an error
}

// newStatusLine returns a status line width pixels wide at 100 % (at t's
// scale).
func newStatusLine(t *Theme, width int) *statusLine {
	s := &statusLine{t: t, text: t.NewText(" ", t.normal, t.palette.TextMuted, widget.TextOpts.MaxWidth(t.Pxf(float64(width))))}
	s.text.GetWidget().MinWidth = t.Px(width)
	return s
}

// set shows msg, as an error if isErr.
func (s *statusLine) set(msg string, isErr bool) {
	if msg == "" {
		msg = " "
	}
	s.text.Label = msg
	s.isErr = isErr
	c := s.t.palette.TextMuted
	if isErr {
		c = s.t.palette.Error
	}
	s.text.SetColor(c)
}

// keep shows what from shows, as an error if from does: a screen
// built again keeps its line.
func (s *statusLine) keep(from *statusLine) { s.set(from.label(), from.isErr) }

// label returns the text shown ("" for none).
func (s *statusLine) label() string {
	if s.text.Label == " " {
		return ""
	}
	return s.text.Label
}

// choicesPerRow is the most buttons a choice puts on a line.
const choicesPerRow = 6

// choice is a row of buttons of which exactly one is selected, like radio
// buttons: the selected one has the accent look.
type choice struct {
	t        *Theme
	row      *widget.Container
	buttons  []*widget.Button
	selected int
	onChange func(i int) // called when the player picks another
}

// newChoice returns a choice among labels with selected selected.
func newChoice(t *Theme, labels []string, selected int, onChange func(int)) *choice {
	return newChoiceRows(t, labels, selected, perRow(labels), onChange)
}

// choiceLine is about how many characters of labels a choice puts on a
// line: the widest form of a 1024x768 window at the largest text holds it.
const choiceLine = 60

// perRow returns how many buttons of labels go on a line: choicesPerRow,
// fewer when the longest label would push a line past choiceLine
// characters (the game types of a card game, "One empire's cards: The
// Huns", two a line).
func perRow(labels []string) int {
	longest := 1
	for _, l := range labels {
		longest = max(longest, len([]rune(l)))
	}
	return max(1, min(choicesPerRow, choiceLine/longest))
}

// newChoiceRows is newChoice with at most perRow buttons on a line.
func newChoiceRows(t *Theme, labels []string, selected, perRow int, onChange func(int)) *choice {
	c := &choice{t: t, onChange: onChange, selected: -1}
	c.row = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(max(min(len(labels), perRow), 1)),
		widget.GridLayoutOpts.Spacing(t.Px(gap), t.Px(gap)),
	)))
	for i, l := range labels {
		b := t.NewButton(l, func() { c.pick(i) })
		c.buttons = append(c.buttons, b)
		c.row.AddChild(b)
	}
	c.set(selected)
	return c
}

// pick is a click on button i.
func (c *choice) pick(i int) {
	if i == c.selected {
		return
	}
	c.set(i)
	if c.onChange != nil {
		c.onChange(i)
	}
}

// set selects button i without calling onChange.
func (c *choice) set(i int) {
	if i < 0 || i >= len(c.buttons) {
		return
	}
	c.selected = i
	for j, b := range c.buttons {
		if j == i {
			b.SetImage(c.t.SelectedButtonImage())
		} else {
			b.SetImage(c.t.ButtonImage())
		}
	}
}

// stepper picks a whole number from min to max with − and + buttons; a
// stepper of labels (newLabelStepper) picks one of them, by index.
type stepper struct {
	row         *widget.Container
	minus, plus *widget.Button
	value       *widget.Text
	n, min, max int
	labels      []string    // shown for n, if not nil
	onChange    func(n int) // called when the player changes the number
	// tip, if not nil, is the tooltip of the button that steps by d
	// (−1 or +1) from n: where it goes, or why it is greyed at an end
	// (see explain); minusTip and plusTip show it.
	tip               func(n, d int) string
	minusTip, plusTip *widget.Text
}

// newLabelStepper returns a stepper through labels showing labels[i]: a
// choice that takes little room.
func newLabelStepper(t *Theme, labels []string, i int, onChange func(int)) *stepper {
	s := newStepper(t, i, 0, max(len(labels)-1, 0), onChange)
	s.labels = labels
	width := t.Px(36)
	for _, l := range labels {
		if w, _ := text.Measure(l, t.normal, 0); int(w)+t.Px(12) > width {
			width = int(w) + t.Px(12)
		}
	}
	s.value.GetWidget().MinWidth = width
	s.set(i)
	return s
}

// newStepper returns a stepper from lo to hi showing n.
func newStepper(t *Theme, n, lo, hi int, onChange func(int)) *stepper {
	s := &stepper{min: lo, max: hi, onChange: onChange}
	square := t.minSize(40, 0)
	s.minus = t.NewButton("−", func() { s.step(-1) }, square)
	s.plus = t.NewButton("+", func() { s.step(+1) }, square)
	s.value = t.NewText("", t.normal, t.palette.Text, widget.TextOpts.Position(widget.TextPositionCenter, widget.TextPositionCenter))
	s.value.GetWidget().MinWidth = t.Px(36)
	s.row = row(t, s.minus, s.value, s.plus)
	s.set(n)
	return s
}

func (s *stepper) step(d int) {
	old := s.n
	s.set(s.n + d)
	if s.n != old && s.onChange != nil {
		s.onChange(s.n)
	}
}

// set shows n, clamped to the range, without calling onChange.
func (s *stepper) set(n int) {
	s.n = min(max(n, s.min), s.max)
	s.value.Label = strconv.Itoa(s.n)
	if s.n < len(s.labels) {
		s.value.Label = s.labels[s.n]
	}
	s.minus.GetWidget().Disabled = s.n <= s.min
	s.plus.GetWidget().Disabled = s.n >= s.max
	if s.tip != nil {
		s.minusTip.Label = s.tip(s.n, -1)
		s.plusTip.Label = s.tip(s.n, +1)
	}
}

// explain gives the − and + buttons tooltips: tip(n, d) says what the
// button stepping by d from n does, or, at an end, why it is greyed. A
// greyed button says why when the pointer rests on it: ebitenui shows a
// disabled widget's tooltip as any other's.
func (s *stepper) explain(t *Theme, tip func(n, d int) string) {
	s.tip = tip
	s.minusTip = addTooltip(t, s.minus)
	s.plusTip = addTooltip(t, s.plus)
	s.set(s.n)
}

// addTooltip gives b a tooltip of one line of small text, shown at once
// under the pointer, and returns the text to fill.
func addTooltip(t *Theme, b *widget.Button) *widget.Text {
	label := t.NewText(" ", t.small, t.palette.Text)
	box := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(t.panel),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Padding(&widget.Insets{Left: t.Px(8), Right: t.Px(8), Top: t.Px(5), Bottom: t.Px(5)}))),
	)
	box.AddChild(label)
	tip := widget.NewToolTip(
		widget.ToolTipOpts.Content(box),
		widget.ToolTipOpts.Position(widget.TOOLTIP_POS_CURSOR_STICKY),
		widget.ToolTipOpts.ContentOriginHorizontal(widget.TOOLTIP_ANCHOR_START), // right of the pointer
		widget.ToolTipOpts.Offset(goimage.Point{X: t.Px(12), Y: t.Px(16)}),
	)
	b.GetWidget().ToolTips = append(b.GetWidget().ToolTips, tip)
	return label
}

// setRange changes the range and clamps the number into it, without calling
// onChange.
func (s *stepper) setRange(lo, hi int) {
	s.min, s.max = lo, hi
	s.set(s.n)
}

// playerMessage returns err as a sentence for the player: the message of a
// *protocol.ProtocolError without its code, or the error's text.
func playerMessage(err error) string {
	var pe *protocol.ProtocolError
	if errors.As(err, &pe) {
		return pe.Message
	}
	return err.Error()
}

// visible shows or hides w; a hidden widget takes no room.
func visible(w widget.HasWidget, show bool) {
	v := widget.Visibility_Hide
	if show {
		v = widget.Visibility_Show
	}
	w.GetWidget().SetVisibility(v)
}
