package menu

import (
	"bytes"
	"fmt"
	goimage "image"
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Palette holds the colours of the client's look: warm dark greys, light
// warm text and an amber accent.
type Palette struct {
	Background        color.NRGBA // behind everything
	Panel             color.NRGBA // panels and dialogs
	PanelBorder       color.NRGBA
	Field             color.NRGBA // text inputs, lists, the chat
	FieldBorder       color.NRGBA
	Button            color.NRGBA
	ButtonHover       color.NRGBA // a button under the mouse: a lighter fill
	ButtonHoverBorder color.NRGBA
	ButtonPressed     color.NRGBA
	ButtonBorder      color.NRGBA
	Accent            color.NRGBA // titles, the selected choice's border
	Focus             color.NRGBA // the ring around the widget that has the keyboard's focus
	Primary           color.NRGBA // the main button of a screen
	PrimaryHover      color.NRGBA
	Selected          color.NRGBA // the selected choice, the selected list row
	Text              color.NRGBA
	TextMuted         color.NRGBA // hints, secondary information
	TextDisabled      color.NRGBA
	Error             color.NRGBA
	Success           color.NRGBA
}

// DefaultPalette returns the client's colours.
func DefaultPalette() Palette {
	return Palette{
		Background:        color.NRGBA{22, 20, 18, 255},
		Panel:             color.NRGBA{36, 33, 30, 255},
		PanelBorder:       color.NRGBA{70, 62, 52, 255},
		Field:             color.NRGBA{25, 23, 21, 255},
		FieldBorder:       color.NRGBA{88, 78, 65, 255},
		Button:            color.NRGBA{58, 52, 45, 255},
		ButtonHover:       color.NRGBA{92, 82, 69, 255},
		ButtonHoverBorder: color.NRGBA{128, 115, 96, 255},
		ButtonPressed:     color.NRGBA{44, 40, 35, 255},
		ButtonBorder:      color.NRGBA{98, 87, 72, 255},
		Accent:            color.NRGBA{236, 172, 76, 255},
		Focus:             color.NRGBA{150, 205, 255, 255},
		Primary:           color.NRGBA{128, 82, 24, 255}, // Text on it: 5.6:1 (TestThemeContrast)
		PrimaryHover:      color.NRGBA{142, 92, 30, 255}, // 4.7:1
		Selected:          color.NRGBA{100, 70, 32, 255},
		Text:              color.NRGBA{240, 234, 222, 255},
		TextMuted:         color.NRGBA{170, 160, 146, 255},
		TextDisabled:      color.NRGBA{112, 105, 96, 255},
		Error:             color.NRGBA{242, 112, 92, 255},
		Success:           color.NRGBA{138, 206, 124, 255},
	}
}

// Sizes of the faces, in pixels.
const (
	titleSize   = 64
	headingSize = 28
	normalSize  = 19
	smallSize   = 16
	monoSize    = 16
)

// Spacing of the layouts, in pixels.
const (
	panelPadding  = 28 // inside a panel
	screenPadding = 16 // round a screen's panel
	rowSpacing    = 12 // between the rows of a form
	gap           = 8  // between the widgets of a row
	radius        = 6  // of the corners of buttons and fields
	focusGap      = 2  // between a focused widget and its ring
	focusWidth    = 3  // of the focus ring's light band
)

// Theme is the client's look: the palette, the faces, the images of panels,
// buttons and fields, and an ebitenui theme made of them. The menu screens
// use it, and so does the game screen's HUD, so that both look alike. A
// Theme is built once and then only read.
type Theme struct {
	palette Palette
	scale   float64 // the interface size: 2 draws everything twice as large (Px)

	title, heading, normal, bold, small, mono text.Face

	panel, field, fieldDisabled *image.NineSlice
	focusRing                   *image.NineSlice
	button, primary, selected   *widget.ButtonImage
	buttonText                  *widget.ButtonTextColor
	scroll                      *widget.ScrollContainerImage
	slider                      *widget.SliderParams

	ui *widget.Theme

	// clipboard is the clipboard of the text inputs' Ctrl+C, Ctrl+X and
	// Ctrl+V.
	clipboard Clipboard
}

// NewTheme builds the theme at interface size 100 % (NewThemeAt(1)).
func NewTheme() (*Theme, error) { return NewThemeAt(1) }

// NewThemeAt builds the theme of an interface drawn scale times as large
// as at 100 % (1.5 for 150 %), in the window's own pixels: its faces are
// made at that size, so that text is drawn sharp rather than scaled as a
// picture. It loads the Go fonts and draws the images, and needs no
// display (images are created, not read back). scale below 1 is taken as
// 1.
func NewThemeAt(scale float64) (*Theme, error) {
	t := &Theme{palette: DefaultPalette(), scale: max(scale, 1), clipboard: SystemClipboard()}
	var err error
	if t.title, err = goFace(gobold.TTF, t.Pxf(titleSize)); err != nil {
		return nil, fmt.Errorf("load the bold Go font: %w", err)
	}
	if t.heading, err = goFace(gobold.TTF, t.Pxf(headingSize)); err != nil {
		return nil, fmt.Errorf("load the bold Go font: %w", err)
	}
	if t.bold, err = goFace(gobold.TTF, t.Pxf(normalSize)); err != nil {
		return nil, fmt.Errorf("load the bold Go font: %w", err)
	}
	if t.normal, err = goFace(goregular.TTF, t.Pxf(normalSize)); err != nil {
		return nil, fmt.Errorf("load the regular Go font: %w", err)
	}
	if t.small, err = goFace(goregular.TTF, t.Pxf(smallSize)); err != nil {
		return nil, fmt.Errorf("load the regular Go font: %w", err)
	}
	if t.mono, err = goFace(gomono.TTF, t.Pxf(monoSize)); err != nil {
		return nil, fmt.Errorf("load the Go mono font: %w", err)
	}

	p := t.palette
	t.panel = t.rect(p.Panel, p.PanelBorder, 10, 1)
	t.field = t.rect(p.Field, p.FieldBorder, radius, 1)
	t.fieldDisabled = t.rect(p.Panel, p.PanelBorder, radius, 1)
	disabled := t.rect(p.Panel, p.PanelBorder, radius, 1)
	// Hover is a lighter fill and the border unchanged: the keyboard's
	// focus is a ring around the button (see NewFocusRing), so the two do
	// not look alike. (ebitenui draws a focused button with its Hover image
	// too: a focused button is lighter and ringed.)
	t.button = &widget.ButtonImage{
		Idle:         t.rect(p.Button, p.ButtonBorder, radius, 1),
		Hover:        t.rect(p.ButtonHover, p.ButtonHoverBorder, radius, 1),
		Pressed:      t.rect(p.ButtonPressed, p.ButtonBorder, radius, 1),
		PressedHover: t.rect(p.ButtonPressed, p.ButtonHoverBorder, radius, 1),
		Disabled:     disabled,
	}
	t.primary = &widget.ButtonImage{
		Idle:         t.rect(p.Primary, p.Accent, radius, 1),
		Hover:        t.rect(p.PrimaryHover, p.Accent, radius, 1),
		Pressed:      t.rect(p.Selected, p.Accent, radius, 1),
		PressedHover: t.rect(p.Selected, p.Accent, radius, 1),
		Disabled:     disabled,
	}
	t.focusRing = focusRingImage(p, t.Px(radius+focusGap+focusOutline), t.Px(focusOutline), t.Px(focusWidth))
	t.selected = &widget.ButtonImage{
		Idle:         t.rect(p.Selected, p.Accent, radius, 2),
		Hover:        t.rect(p.Selected, p.Accent, radius, 2),
		Pressed:      t.rect(p.Selected, p.Accent, radius, 2),
		PressedHover: t.rect(p.Selected, p.Accent, radius, 2),
		Disabled:     t.rect(p.Panel, p.Selected, radius, 2),
	}
	t.buttonText = &widget.ButtonTextColor{Idle: p.Text, Hover: p.Text, Pressed: p.Text, Disabled: p.TextDisabled}
	t.scroll = &widget.ScrollContainerImage{Idle: t.field, Disabled: t.fieldDisabled, Mask: t.field}
	fixed, minHandle := 0, t.Px(24)
	t.slider = &widget.SliderParams{
		TrackImage: &widget.SliderTrackImage{
			Idle:  t.rect(p.Field, p.Field, 4, 1),
			Hover: t.rect(p.Field, p.Field, 4, 1),
		},
		HandleImage: &widget.ButtonImage{
			Idle:    t.rect(p.Button, p.ButtonBorder, 4, 1),
			Hover:   t.rect(p.ButtonHover, p.Accent, 4, 1),
			Pressed: t.rect(p.ButtonHover, p.Accent, 4, 1),
		},
		FixedHandleSize: &fixed,
		MinHandleSize:   &minHandle,
		TrackPadding:    widget.NewInsetsSimple(t.Px(2)),
	}
	t.ui = t.widgetTheme()
	return t, nil
}

// goFace returns a face of the TrueType font ttf at size pixels.
func goFace(ttf []byte, size float64) (text.Face, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
	if err != nil {
		return nil, err
	}
	return &text.GoTextFace{Source: src, Size: size}, nil
}

// Scale is the interface size the theme is built for: 1 at 100 %, 2 at
// 200 %. Everything the client draws is in the window's pixels; a size
// given for 100 % is multiplied by it (Px, Pxf).
func (t *Theme) Scale() float64 { return t.scale }

// Px returns n pixels at 100 % in the window's pixels at the theme's
// scale, rounded; a positive n is at least 1.
func (t *Theme) Px(n int) int {
	v := int(math.Round(float64(n) * t.scale))
	if n > 0 {
		return max(v, 1)
	}
	return v
}

// Pxf returns v pixels at 100 % in the window's pixels at the theme's
// scale.
func (t *Theme) Pxf(v float64) float64 { return v * t.scale }

// UI returns the ebitenui theme: set it as the UI's PrimaryTheme so that
// widgets made without explicit images and faces match the menus.
func (t *Theme) UI() *widget.Theme { return t.ui }

// Palette returns the theme's colours.
func (t *Theme) Palette() Palette { return t.palette }

// TitleFace returns the face of the game's title (bold, large).
func (t *Theme) TitleFace() text.Face { return t.title }

// HeadingFace returns the face of screen and panel headings (bold).
func (t *Theme) HeadingFace() text.Face { return t.heading }

// NormalFace returns the face of buttons, labels and inputs.
func (t *Theme) NormalFace() text.Face { return t.normal }

// SmallFace returns the face of hints, tables and the chat.
func (t *Theme) SmallFace() text.Face { return t.small }

// MonoFace returns a fixed-width face, for text laid out in columns.
func (t *Theme) MonoFace() text.Face { return t.mono }

// PanelImage returns the background of a panel: rounded, bordered.
func (t *Theme) PanelImage() *image.NineSlice { return t.panel }

// FieldImage returns the background of a text field or a list.
func (t *Theme) FieldImage() *image.NineSlice { return t.field }

// ButtonImage returns the images of an ordinary button (a new copy).
func (t *Theme) ButtonImage() *widget.ButtonImage { c := *t.button; return &c }

// PrimaryButtonImage returns the images of a screen's main button, in the
// accent colour (a new copy).
func (t *Theme) PrimaryButtonImage() *widget.ButtonImage { c := *t.primary; return &c }

// SelectedButtonImage returns the images of a selected choice (a new copy).
func (t *Theme) SelectedButtonImage() *widget.ButtonImage { c := *t.selected; return &c }

// ButtonTextColor returns the text colours of buttons (a new copy).
func (t *Theme) ButtonTextColor() *widget.ButtonTextColor { c := *t.buttonText; return &c }

// buttonPadding is the space around a button's label.
func (t *Theme) buttonPadding() *widget.Insets {
	return &widget.Insets{Left: t.Px(18), Right: t.Px(18), Top: t.Px(8), Bottom: t.Px(8)}
}

// inputPadding is the space around a text input's text.
func (t *Theme) inputPadding() *widget.Insets {
	return &widget.Insets{Left: t.Px(10), Right: t.Px(10), Top: t.Px(8), Bottom: t.Px(8)}
}

// listRowPadding is the space around the text of a row of a list of
// games or servers.
func (t *Theme) listRowPadding() *widget.Insets {
	return &widget.Insets{Left: t.Px(8), Right: t.Px(8), Top: t.Px(6), Bottom: t.Px(6)}
}

// minSize is a button's least size, w by h pixels at 100 %.
func (t *Theme) minSize(w, h int) widget.ButtonOpt {
	return widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(t.Px(w), t.Px(h)))
}

// NewButton returns a button labelled label that calls onClick (if not
// nil) when clicked.
func (t *Theme) NewButton(label string, onClick func(), opts ...widget.ButtonOpt) *widget.Button {
	return t.newButton(t.ButtonImage(), label, onClick, opts...)
}

// NewPrimaryButton returns a button in the accent colour, for the main
// action of a screen.
func (t *Theme) NewPrimaryButton(label string, onClick func(), opts ...widget.ButtonOpt) *widget.Button {
	return t.newButton(t.PrimaryButtonImage(), label, onClick, opts...)
}

func (t *Theme) newButton(img *widget.ButtonImage, label string, onClick func(), opts ...widget.ButtonOpt) *widget.Button {
	all := []widget.ButtonOpt{
		widget.ButtonOpts.Image(img),
		widget.ButtonOpts.Text(label, &t.normal, t.ButtonTextColor()),
		widget.ButtonOpts.TextPadding(t.buttonPadding()),
	}
	if onClick != nil {
		all = append(all, widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }))
	}
	return widget.NewButton(append(all, opts...)...)
}

// NewText returns a line of text (or several, split at "\n").
func (t *Theme) NewText(s string, face text.Face, c color.Color, opts ...widget.TextOpt) *widget.Text {
	f := face
	all := []widget.TextOpt{
		widget.TextOpts.Text(s, &f, c),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
	}
	return widget.NewText(append(all, opts...)...)
}

// NewInput returns a single-line text input at least width pixels wide
// (in the window's pixels: t.Px(300) for 300 at 100 %).
// Ctrl+A selects all its text, Ctrl+C copies the selection to the
// clipboard, Ctrl+X cuts it, Ctrl+V pastes (Cmd on macOS), and typing over a
// selection replaces it (see inputEditor).
func (t *Theme) NewInput(width int, opts ...widget.TextInputOpt) *widget.TextInput {
	return t.newInput(width, false, opts...).in
}

// NewSecretInput returns a text input for a password: it shows stars, and
// its text is never copied to the clipboard.
func (t *Theme) NewSecretInput(width int, opts ...widget.TextInputOpt) *widget.TextInput {
	return t.newInput(width, true, append([]widget.TextInputOpt{widget.TextInputOpts.Secure(true)}, opts...)...).in
}

// newInput returns the editor of a new text input.
func (t *Theme) newInput(width int, secret bool, opts ...widget.TextInputOpt) *inputEditor {
	ed := &inputEditor{clip: t.clipboard, secret: secret}
	all := []widget.TextInputOpt{
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(width, 0),
			widget.WidgetOpts.OnUpdate(func(widget.HasWidget) { ed.update() })),
		widget.TextInputOpts.Image(&widget.TextInputImage{
			Idle:      t.field,
			Disabled:  t.fieldDisabled,
			Highlight: image.NewNineSliceColor(color.NRGBA{t.palette.Accent.R, t.palette.Accent.G, t.palette.Accent.B, 90}),
		}),
		widget.TextInputOpts.Face(&t.normal),
		widget.TextInputOpts.Color(&widget.TextInputColor{
			Idle:          t.palette.Text,
			Disabled:      t.palette.TextDisabled,
			Caret:         t.palette.Accent,
			DisabledCaret: t.palette.TextDisabled,
		}),
		widget.TextInputOpts.Padding(t.inputPadding()),
		widget.TextInputOpts.CaretWidth(t.Px(2)), // ebitenui's 2 pixels, at the theme's scale
	}
	ed.in = widget.NewTextInput(append(all, opts...)...)
	return ed
}

// NewPanel returns a container with the panel background and the given
// layout (a vertical row layout with the panel's padding if nil, at the
// theme's scale).
func (t *Theme) NewPanel(layout widget.Layouter, opts ...widget.ContainerOpt) *widget.Container {
	if layout == nil {
		layout = widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(t.Px(panelPadding))),
			widget.RowLayoutOpts.Spacing(t.Px(rowSpacing)),
		)
	}
	all := []widget.ContainerOpt{
		widget.ContainerOpts.BackgroundImage(t.panel),
		widget.ContainerOpts.Layout(layout),
	}
	return widget.NewContainer(append(all, opts...)...)
}

// widgetTheme returns the ebitenui theme made of t's faces and images.
func (t *Theme) widgetTheme() *widget.Theme {
	p := t.palette
	label := &widget.LabelParams{Face: &t.normal, Color: &widget.LabelColor{Idle: p.Text, Disabled: p.TextDisabled}}
	entryColor := &widget.ListEntryColor{
		Unselected:                 p.Text,
		Selected:                   p.Text,
		DisabledUnselected:         p.TextDisabled,
		DisabledSelected:           p.TextDisabled,
		SelectingBackground:        p.ButtonHover,
		SelectedBackground:         p.Selected,
		FocusedBackground:          p.ButtonHover,
		SelectingFocusedBackground: p.ButtonHover,
		SelectedFocusedBackground:  p.Selected,
		DisabledSelectedBackground: p.Panel,
	}
	start, center := widget.TextPositionStart, widget.TextPositionCenter
	spacing, falseValue, comboHeight, handle, caret, sliderMin := t.Px(4), false, t.Px(240), t.Px(12), t.Px(2), t.Px(16)
	list := &widget.ListParams{
		EntryFace:                   &t.normal,
		EntryColor:                  entryColor,
		EntryTextPadding:            &widget.Insets{Left: t.Px(10), Right: t.Px(10), Top: t.Px(5), Bottom: t.Px(5)},
		EntryTextHorizontalPosition: &start,
		EntryTextVerticalPosition:   &center,
		ControlWidgetSpacing:        &spacing,
		ScrollContainerImage:        t.scroll,
		ScrollContainerPadding:      widget.NewInsetsSimple(t.Px(4)),
		Slider:                      t.slider,
	}
	button := &widget.ButtonParams{
		Image:        t.ButtonImage(),
		TextColor:    t.ButtonTextColor(),
		TextFace:     &t.normal,
		TextPadding:  t.buttonPadding(),
		TextPosition: &widget.TextPositioning{HTextPosition: center, VTextPosition: center},
	}
	return &widget.Theme{
		DefaultFace:      &t.normal,
		DefaultTextColor: p.Text,
		ButtonTheme:      button,
		PanelTheme:       &widget.PanelParams{BackgroundImage: t.panel},
		LabelTheme:       label,
		// Links (the game log's battles and places) in a pale amber: the
		// library's default blue does not read on the dark panels, and
		// this version of it takes a text's link colour from the theme
		// only.
		TextTheme: &widget.TextParams{Face: &t.normal, Color: p.Text,
			LinkColor: &widget.TextLinkColor{Idle: color.NRGBA{240, 214, 160, 255}, Hover: p.Accent}},
		CheckboxTheme: &widget.CheckboxParams{
			Label: label,
			Image: &widget.CheckboxImage{
				Unchecked:         t.rect(p.Field, p.FieldBorder, 4, 1),
				UncheckedHovered:  t.rect(p.Field, p.Accent, 4, 1),
				UncheckedDisabled: t.rect(p.Panel, p.PanelBorder, 4, 1),
				Checked:           t.rect(p.Accent, p.Accent, 4, 1),
				CheckedHovered:    t.rect(p.PrimaryHover, p.Accent, 4, 1),
				CheckedDisabled:   t.rect(p.TextDisabled, p.PanelBorder, 4, 1),
				Greyed:            t.rect(p.Selected, p.Accent, 4, 1),
				GreyedHovered:     t.rect(p.Selected, p.Accent, 4, 1),
				GreyedDisabled:    t.rect(p.Panel, p.PanelBorder, 4, 1),
			},
		},
		ProgressBarTheme: &widget.ProgressBarParams{
			TrackImage: &widget.ProgressBarImage{Idle: t.field, Hover: t.field, Disabled: t.fieldDisabled},
			FillImage: &widget.ProgressBarImage{
				Idle:     t.rect(p.Primary, p.Accent, 4, 1),
				Hover:    t.rect(p.Primary, p.Accent, 4, 1),
				Disabled: t.rect(p.Button, p.ButtonBorder, 4, 1),
			},
			TrackPadding: widget.NewInsetsSimple(t.Px(2)),
		},
		SliderTheme: &widget.SliderParams{
			TrackImage:      t.slider.TrackImage,
			HandleImage:     t.slider.HandleImage,
			TrackPadding:    widget.NewInsetsSimple(t.Px(2)),
			FixedHandleSize: &handle,
			// ebitenui's own least handle, 16 pixels, at the theme's
			// scale: a slider's thickness.
			MinHandleSize: &sliderMin,
			PageSizeFunc:  func() int { return 1 },
		},
		TabbookTheme: &widget.TabBookParams{
			TabButton: &widget.ButtonParams{
				Image:       t.ButtonImage(),
				TextColor:   t.ButtonTextColor(),
				TextFace:    &t.normal,
				TextPadding: t.buttonPadding(),
			},
			TabSpacing: &spacing,
		},
		TabTheme: &widget.TabParams{BackgroundImage: t.panel},
		TextInputTheme: &widget.TextInputParams{
			Image:      &widget.TextInputImage{Idle: t.field, Disabled: t.fieldDisabled},
			Color:      &widget.TextInputColor{Idle: p.Text, Disabled: p.TextDisabled, Caret: p.Accent, DisabledCaret: p.TextDisabled},
			Face:       &t.normal,
			Padding:    t.inputPadding(),
			CaretWidth: &caret,
		},
		TextAreaTheme: &widget.TextAreaParams{
			Face:                   &t.small,
			ForegroundColor:        p.Text,
			TextPadding:            &widget.Insets{Left: t.Px(4), Right: t.Px(4)},
			ControlWidgetSpacing:   &spacing,
			StripBBCode:            &falseValue,
			ScrollContainerImage:   t.scroll,
			ScrollContainerPadding: widget.NewInsetsSimple(t.Px(6)),
			Slider:                 t.slider,
		},
		ListTheme: list,
		ListComboButtonTheme: &widget.ListComboButtonParams{
			List:               list,
			Button:             button,
			DisableDefaultKeys: &falseValue,
			MaxContentHeight:   &comboHeight,
		},
	}
}

// rect is roundedRect at the theme's scale: corners of radius r and a
// border bw wide, both given at 100 %.
func (t *Theme) rect(fill, border color.NRGBA, r, bw int) *image.NineSlice {
	return roundedRect(fill, border, t.Px(r), t.Px(bw))
}

// roundedRect returns a nine-slice image that draws a rectangle of colour
// fill with corners rounded to radius r and a border of width bw in colour
// border, antialiased.
func roundedRect(fill, border color.NRGBA, r, bw int) *image.NineSlice {
	r = max(r, bw, 1)
	size := 2*r + 1
	img := goimage.NewNRGBA(goimage.Rect(0, 0, size, size))
	const ss = 4 // samples per pixel side
	for y := range size {
		for x := range size {
			var outer, inner int
			for sy := range ss {
				for sx := range ss {
					px := float64(x) + (float64(sx)+0.5)/ss
					py := float64(y) + (float64(sy)+0.5)/ss
					if inRoundedRect(px, py, 0, float64(size), float64(r)) {
						outer++
						if inRoundedRect(px, py, float64(bw), float64(size-bw), float64(r-bw)) {
							inner++
						}
					}
				}
			}
			img.SetNRGBA(x, y, mix(border, fill, outer, inner, ss*ss))
		}
	}
	return image.NewNineSlice(ebiten.NewImageFromImage(img), [3]int{r, 1, r}, [3]int{r, 1, r})
}

// inRoundedRect reports whether (x, y) is inside the square from lo to hi
// (on both axes) with corners rounded to radius r.
func inRoundedRect(x, y, lo, hi, r float64) bool {
	if x < lo || x >= hi || y < lo || y >= hi {
		return false
	}
	cx := min(max(x, lo+r), hi-r)
	cy := min(max(y, lo+r), hi-r)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}

// mix returns the colour of a pixel of which outer of n samples are inside
// the shape, inner of them inside the border: border over the ring, fill
// inside, transparent outside.
func mix(border, fill color.NRGBA, outer, inner, n int) color.NRGBA {
	ring := outer - inner
	// Alpha-weighted sums, so that a translucent colour mixes right.
	wb := ring * int(border.A)
	wf := inner * int(fill.A)
	w := wb + wf
	if w == 0 {
		return color.NRGBA{}
	}
	ch := func(b, f uint8) uint8 { return uint8((wb*int(b) + wf*int(f) + w/2) / w) }
	return color.NRGBA{ch(border.R, fill.R), ch(border.G, fill.G), ch(border.B, fill.B), uint8((w + n/2) / n)}
}
