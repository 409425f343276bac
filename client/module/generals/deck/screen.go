package deck

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// Options are what a deck builder's page is given.
type Options struct {
	Theme      *menu.Theme
	Collection *cards.Collection
	// Store is where the decks are saved; its Dir "" saves none (Save,
	// Save as and Delete are disabled).
	Store Store
	// Game, if not nil, is the game the deck is for (a lobby's): its type
	// and variation are fixed. Nil lets the player choose them on the
	// page.
	Game *Game
	// Check, if not nil, says the deck's problems as the server does (the
	// ruleset's CheckSeat); nil checks with the collection.
	Check Checker
	// Use, if not nil, is "Use this deck": it takes the deck's encoding.
	Use func(data []byte)
	// Back leaves the page.
	Back func()
	// Start, if not nil, is the deck the page opens with; else the empty
	// deck.
	Start *cards.Deck
}

// Sizes of the page, in pixels at 100 % (the theme's Px makes them window
// pixels).
const (
	pagePad      = 14
	panelW       = 340
	pagerH       = 40
	problemLines = 7   // the lines of problems listed (twice as many on a tall window); one more counts the rest
	tipWidth     = 300 // a card's tooltip
)

// Screen is the deck builder's page: the filters as buttons (empire,
// type, rarity) and a name field above a grid of readable cards (a left
// click adds a copy, a right click takes one out), pages of the grid;
// beside it the deck: its name, its counts by pile and by kind against
// the balanced deck, its cards with − and +, every problem for the game,
// Save, Save as, Load, Delete, Clear and Use this deck. Load shows the
// saved decks and the ready-made ones in the grid's place.
type Screen struct {
	o  Options
	t  *menu.Theme
	b  *Builder
	pt painter

	games []cards.GameChoice
	game  int // the game type chosen on the page (Options.Game nil)
	sizes []Variation
	size  int

	root    *widget.Container
	main    *widget.Container // the grid or the library
	filterB map[string]*widget.Button
	search  *widget.TextInput

	grid       *widget.Container
	pageText   *widget.Text
	prevB      *widget.Button
	nextB      *widget.Button
	page       int
	cols, rows int
	// hint is the grid's hint beside the pager, as much of it as fits
	// ("" for none: hintFor).
	hint    string
	tiles   []tile
	library bool // Load shows the library in the grid's place

	nameIn   *widget.TextInput
	counts   *widget.Text
	kinds    []*widget.Text
	list     *widget.Container
	listArea *widget.Container // the list's scroll area, its height the window's
	listH    int
	problems *widget.Container
	status   *widget.Text
	saveB    *widget.Button
	saveAsB  *widget.Button
	deleteB  *widget.Button
	clearB   *widget.Button
	useB     *widget.Button

	// current is the saved deck loaded or last saved, "" for none;
	// fileProblems the problems of its file's lines, when it is broken.
	current      string
	fileProblems []ruleset.Rejection
	armed        string // the deck Delete was pressed once for
}

// tile is a card of the grid: its button and the card.
type tile struct {
	card *cards.Card
	b    *widget.Button
	imgs [2]*ebiten.Image // idle, lit
}

// NewScreen returns the deck builder's page.
func NewScreen(o Options) (*Screen, error) {
	if o.Theme == nil || o.Collection == nil {
		return nil, fmt.Errorf("a deck builder needs a theme and a collection")
	}
	fs, err := kit.NewFaces()
	if err != nil {
		return nil, err
	}
	s := &Screen{o: o, t: o.Theme, cols: 4, rows: 2, filterB: map[string]*widget.Button{}, hint: gridHints[0]}
	th := o.Theme
	s.pt = painter{p: th.Palette(), s: th.Scale(),
		small: fs.Face(th.Pxf(smallSize), false), rule: fs.Face(th.Pxf(ruleSize), false), bold: fs.Face(th.Pxf(smallSize), true)}
	s.games, s.sizes = GameChoices(o.Collection), Variations()[:3]
	s.b = NewBuilder(o.Collection, cards.OpenGame(), cards.Standard)
	s.applyGame()
	if o.Start != nil {
		s.b.Set(*o.Start)
	}
	s.build()
	s.refresh()
	return s, nil
}

// Container returns the page's root.
func (s *Screen) Container() *widget.Container { return s.root }

// Builder returns the page's model.
func (s *Screen) Builder() *Builder { return s.b }

// applyGame makes the builder check for the game of the options or the
// one chosen on the page.
func (s *Screen) applyGame() {
	switch {
	case s.o.Game != nil && s.o.Check != nil:
		s.b.SetChecker(s.o.Game.Type, s.o.Check)
	case s.o.Game != nil:
		s.b.SetGame(s.o.Game.Type, s.o.Game.Limits)
	default:
		s.b.SetGame(s.games[s.game].Type, s.sizes[s.size].Limits)
	}
}

// gameWords says the game the deck is checked for.
func (s *Screen) gameWords() string {
	if s.o.Game != nil {
		return s.o.Game.Words
	}
	w := s.games[s.game].Name
	if s.size > 0 {
		w += " · " + s.sizes[s.size].Name
	}
	return w
}

// px returns n pixels at 100 % in window pixels at the theme's size.
func (s *Screen) px(n int) int { return s.t.Px(n) }

// insets returns insets of h pixels left and right and v top and bottom
// at 100 %, in window pixels at theme t's size.
func insets(t *menu.Theme, h, v int) *widget.Insets {
	return &widget.Insets{Left: t.Px(h), Right: t.Px(h), Top: t.Px(v), Bottom: t.Px(v)}
}

// smallButton returns a button of the small face.
func (s *Screen) smallButton(label string, f func()) *widget.Button {
	small := s.t.SmallFace()
	return s.t.NewButton(label, f, widget.ButtonOpts.Text(label, &small, s.t.ButtonTextColor()),
		widget.ButtonOpts.TextPadding(insets(s.t, 9, 4)))
}

// row returns a horizontal row of ws, gap window pixels apart.
func row(gap int, ws ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionHorizontal), widget.RowLayoutOpts.Spacing(gap))))
	for _, w := range ws {
		w.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		c.AddChild(w)
	}
	return c
}

// column returns a vertical row of ws, each stretched across, gap window
// pixels apart.
func column(gap int, ws ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(gap))))
	for _, w := range ws {
		w.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
		c.AddChild(w)
	}
	return c
}

// build makes the page's widgets.
func (s *Screen) build() {
	t, p := s.t, s.t.Palette()
	small := t.SmallFace()
	s.root = widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(p.Background)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false, true}),
			widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(s.px(pagePad))),
			widget.GridLayoutOpts.Spacing(0, s.px(8)),
		)),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.OnUpdate(func(widget.HasWidget) { s.fit() })),
	)

	// The head: the title, the game, Back.
	title := t.NewText("Decks · Empires and Generals", t.HeadingFace(), p.Accent)
	head := []widget.PreferredSizeLocateableWidget{title}
	if s.o.Game == nil {
		head = append(head, s.cycle("Game", func() string { return s.games[s.game].Name }, func() {
			s.game = (s.game + 1) % len(s.games)
		}), s.cycle("Decks", func() string { return s.sizes[s.size].Name }, func() {
			s.size = (s.size + 1) % len(s.sizes)
		}))
	} else {
		head = append(head, t.NewText("For this game: "+s.o.Game.Words, small, p.Text))
	}
	back := s.smallButton("Back", s.o.Back)
	back.GetWidget().Disabled = s.o.Back == nil
	head = append(head, back)
	s.root.AddChild(row(s.px(16), head...))

	// The filters.
	empires := []widget.PreferredSizeLocateableWidget{t.NewText("Empire", small, p.TextMuted)}
	empires = append(empires, s.filterButton("All empires", func(f *Filter) { f.Empire = "" }))
	for _, e := range s.o.Collection.Empires {
		code := e.Code
		empires = append(empires, s.filterButton(shortEmpire(e.Name), func(f *Filter) { f.Empire = code }))
	}
	rarities := []widget.PreferredSizeLocateableWidget{t.NewText("Rarity", small, p.TextMuted), s.filterButton("All rarities", func(f *Filter) { f.ByRarity = false })}
	for r := cards.Common; r <= cards.UltraRare; r++ {
		rarities = append(rarities, s.filterButton(capital(r.String()), func(f *Filter) { f.Rarity, f.ByRarity = r, true }))
	}
	kinds := []widget.PreferredSizeLocateableWidget{t.NewText("Type", small, p.TextMuted), s.filterButton("All types", func(f *Filter) { f.Kind = cards.NoKind })}
	for _, k := range cards.Kinds() {
		kinds = append(kinds, s.filterButton(kindShort(k), func(f *Filter) { f.Kind = k }))
	}
	s.search = t.NewInput(s.px(232), // its placeholder whole
		widget.TextInputOpts.Face(&small),
		widget.TextInputOpts.Placeholder("a name or a word of the rules"),
		widget.TextInputOpts.Padding(insets(t, 8, 5)),
		widget.TextInputOpts.ChangedHandler(func(a *widget.TextInputChangedEventArgs) {
			f := s.b.Filter()
			f.Text = a.InputText
			s.b.SetFilter(f)
			s.page = 0
			s.refresh()
		}))
	rarities = append(rarities, t.NewText("  Find", small, p.TextMuted), s.search)
	s.root.AddChild(column(s.px(6), row(s.px(5), empires...), row(s.px(5), kinds...), row(s.px(5), rarities...)))

	// The body: the grid (or the library) and the deck.
	body := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
		widget.GridLayoutOpts.Spacing(s.px(pagePad), 0),
	)))
	s.main = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(s.px(8)))))
	s.prevB = s.smallButton("‹ Previous", func() { s.page--; s.refresh() })
	s.nextB = s.smallButton("Next ›", func() { s.page++; s.refresh() })
	s.pageText = t.NewText(" ", small, p.TextMuted)
	body.AddChild(s.main, s.deckPanel())
	s.root.AddChild(body)
}

// cycle returns a button "what: value" that calls next and shows the new
// value, the deck checked again.
func (s *Screen) cycle(what string, value func() string, next func()) *widget.Button {
	var b *widget.Button
	b = s.smallButton(what+": "+value(), func() {
		next()
		b.Text().Label = what + ": " + value()
		s.applyGame()
		s.refresh()
	})
	return b
}

// filterButton returns a filter's button: set changes the filter.
func (s *Screen) filterButton(label string, set func(*Filter)) *widget.Button {
	b := s.smallButton(label, func() {
		f := s.b.Filter()
		set(&f)
		s.b.SetFilter(f)
		s.page, s.library = 0, false
		s.refresh()
	})
	s.filterB[label] = b
	return b
}

// deckPanel builds the deck's side of the page.
func (s *Screen) deckPanel() *widget.Container {
	t, p := s.t, s.t.Palette()
	small := t.SmallFace()
	inner := s.px(panelW - 2*pagePad) // the width of the panel's texts
	s.nameIn = t.NewInput(s.px(panelW-110), widget.TextInputOpts.Face(&small),
		widget.TextInputOpts.Placeholder("the deck's name"),
		widget.TextInputOpts.Padding(insets(t, 8, 5)),
		widget.TextInputOpts.Validation(func(n string) (bool, *string) { return len([]rune(n)) <= MaxNameRunes, nil }))
	s.counts = t.NewText(" ", small, p.Text, widget.TextOpts.MaxWidth(float64(inner)))
	kinds := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(3), widget.GridLayoutOpts.Spacing(s.px(10), s.px(2)))))
	s.kinds = nil
	for range cards.Kinds() {
		k := t.NewText(" ", small, p.TextMuted)
		s.kinds = append(s.kinds, k)
		kinds.AddChild(k)
	}
	s.list = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(s.px(2)),
		widget.RowLayoutOpts.Padding(insets(t, 4, 4)))))
	listArea := kit.NewScrollArea(s.list, kit.ScrollStyle{WheelPart: 3, Handle: s.px(14), Scale: s.t.Scale(), Data: s.list}, s.px(200), image.Pt(inner, s.px(100)))
	s.listArea = listArea
	s.problems = column(s.px(2))
	s.status = t.NewText(" ", small, p.TextMuted, widget.TextOpts.MaxWidth(float64(inner)))

	s.saveB = s.smallButton("Save", s.save)
	s.saveAsB = s.smallButton("Save as", s.saveAs)
	loadB := s.smallButton("Load", func() { s.library = !s.library; s.armed = ""; s.refresh() })
	s.deleteB = s.smallButton("Delete", s.deleteCurrent)
	s.clearB = s.smallButton("Clear", func() { s.b.Clear(); s.say("The deck is empty.", false); s.refresh() })
	s.useB = t.NewPrimaryButton("Use this deck", s.use, widget.ButtonOpts.Text("Use this deck", &small, t.ButtonTextColor()),
		widget.ButtonOpts.TextPadding(insets(t, 14, 5)))
	parts := []widget.PreferredSizeLocateableWidget{
		row(s.px(6), t.NewText("Name", small, p.TextMuted), s.nameIn),
		s.counts, kinds, listArea, s.problems,
		row(s.px(5), s.saveB, s.saveAsB, loadB, s.deleteB, s.clearB),
	}
	if s.o.Use != nil {
		parts = append(parts, s.useB)
	}
	parts = append(parts, s.status)
	panel := t.NewPanel(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(s.px(pagePad))),
		widget.RowLayoutOpts.Spacing(s.px(8)),
	), widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(s.px(panelW), 0)))
	for _, w := range parts {
		if w != listArea { // the list keeps its greatest height
			w.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
		}
		panel.AddChild(w)
	}
	return panel
}

// fit works out how many cards the grid shows from the page's size, and
// lays the grid out again when that changes.
func (s *Screen) fit() {
	r := s.root.GetWidget().Rect
	top := s.main.GetWidget().Rect.Min.Y
	if r.Empty() || top <= r.Min.Y {
		return
	}
	// The deck's list takes what the window's height leaves: 140 pixels
	// at 768, at most 320 (at 100 %).
	if h := min(max(r.Dy()-s.px(628), s.px(100)), s.px(320)); h != s.listH {
		s.listH = h
		s.listArea.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true, MaxHeight: h}
		s.root.RequestRelayout()
	}
	px := s.px
	cols := max((r.Dx()-3*px(pagePad)-px(panelW)+px(cardGap))/(px(cardW)+px(cardGap)), 1)
	rows := max((r.Max.Y-px(pagePad)-top-px(pagerH)+px(cardGap))/(px(cardH)+px(cardGap)), 1)
	hint := s.hintFor(s.main.GetWidget().Rect.Dx())
	if cols != s.cols || rows != s.rows || hint != s.hint {
		first := s.page * s.cols * s.rows
		s.cols, s.rows, s.hint = cols, rows, hint
		s.page = first / (cols * rows)
		s.refresh()
	}
}

// gridHints are the grid's hints beside the pager, the longest first.
var gridHints = []string{"Click: one more · right-click: one less", "Right-click: one less"}

// hintFor returns the longest of gridHints that fits beside the pager in
// the grid's width w, "" if none does.
func (s *Screen) hintFor(w int) string {
	small := s.t.SmallFace()
	measure := func(label string) int { m, _ := text.Measure(label, small, 0); return int(math.Ceil(m)) }
	// The pager: its two buttons (their padding) and its words, 10 pixels
	// apart; the longest words a page may say.
	pager := measure(s.prevB.Text().Label) + measure(s.nextB.Text().Label) + 4*s.px(9) +
		measure("Page 99 of 99 · 999 cards") + 3*s.px(10)
	for _, h := range gridHints {
		if pager+measure(h) <= w {
			return h
		}
	}
	return ""
}

// refresh shows the model: the filters, the grid or the library, the
// deck's side.
func (s *Screen) refresh() {
	f := s.b.Filter()
	sel := map[string]bool{"All empires": f.Empire == "", "All types": f.Kind == cards.NoKind, "All rarities": !f.ByRarity}
	for _, e := range s.o.Collection.Empires {
		sel[shortEmpire(e.Name)] = f.Empire == e.Code
	}
	for _, k := range cards.Kinds() {
		sel[kindShort(k)] = f.Kind == k
	}
	for r := cards.Common; r <= cards.UltraRare; r++ {
		sel[capital(r.String())] = f.ByRarity && f.Rarity == r
	}
	for label, b := range s.filterB {
		if sel[label] {
			b.SetImage(s.t.SelectedButtonImage())
		} else {
			b.SetImage(s.t.ButtonImage())
		}
	}
	s.main.RemoveChildren()
	if s.library {
		s.main.AddChild(s.libraryView())
	} else {
		s.layoutGrid()
		pager := []widget.PreferredSizeLocateableWidget{s.prevB, s.pageText, s.nextB}
		if s.hint != "" {
			pager = append(pager, s.t.NewText(s.hint, s.t.SmallFace(), s.t.Palette().TextMuted))
		}
		s.main.AddChild(s.grid, row(s.px(10), pager...))
	}
	s.refreshDeck()
}

// layoutGrid fills the grid with the cards of the page.
func (s *Screen) layoutGrid() {
	shown := s.b.Shown()
	per := s.cols * s.rows
	pages := max((len(shown)+per-1)/per, 1)
	s.page = min(max(s.page, 0), pages-1)
	for _, tl := range s.tiles {
		for _, img := range tl.imgs {
			img.Deallocate()
		}
	}
	s.tiles = nil
	s.grid = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(s.cols), widget.GridLayoutOpts.Spacing(s.px(cardGap), s.px(cardGap)))))
	for _, card := range shown[s.page*per : min((s.page+1)*per, len(shown))] {
		s.tiles = append(s.tiles, s.newTile(card))
		s.grid.AddChild(s.tiles[len(s.tiles)-1].b)
	}
	if len(shown) == 0 {
		s.grid.AddChild(s.t.NewText("No card is of that empire, type, rarity and name.", s.t.SmallFace(), s.t.Palette().TextMuted))
	}
	s.pageText.Label = fmt.Sprintf("Page %d of %d · %s", s.page+1, pages, plural(len(shown), "card"))
	s.prevB.GetWidget().Disabled = s.page == 0
	s.nextB.GetWidget().Disabled = s.page >= pages-1
}

// newTile returns the grid's card of card: its button, labelled with the
// card's name, on the card's picture.
func (s *Screen) newTile(card *cards.Card) tile {
	tl := tile{card: card}
	s.paintTile(&tl)
	bold := s.pt.bold
	name := kit.Fit(card.Name, bold, float64(s.px(cardW-2*cardPad)))
	id := card.ID
	tl.b = widget.NewButton(
		widget.ButtonOpts.Image(s.tileImage(tl)),
		widget.ButtonOpts.Text(name, &bold, &widget.ButtonTextColor{Idle: s.t.Palette().Text, Disabled: s.t.Palette().Text}),
		widget.ButtonOpts.TextPosition(widget.TextPositionStart, widget.TextPositionStart),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: s.px(cardPad), Top: s.px(5)}),
		widget.ButtonOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(s.px(cardW), s.px(cardH)),
			widget.WidgetOpts.MouseButtonReleasedHandler(func(a *widget.WidgetMouseButtonReleasedEventArgs) {
				if a.Button == ebiten.MouseButtonRight && a.Inside {
					s.change(id, -1)
				}
			}),
		),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { s.change(id, +1) }),
	)
	s.addTip(tl.b, s.cardText(card))
	return tl
}

// paintTile draws tl's card as the deck holds it.
func (s *Screen) paintTile(tl *tile) {
	for _, img := range tl.imgs {
		if img != nil {
			img.Deallocate()
		}
	}
	f := faceOf(s.o.Collection, tl.card, s.b.Copies(tl.card.ID), s.b.WhyNot(tl.card.ID))
	tl.imgs = [2]*ebiten.Image{s.pt.paint(f, tl.card.ID.Kind, false), s.pt.paint(f, tl.card.ID.Kind, true)}
}

// tileImage returns the button images of tl.
func (s *Screen) tileImage(tl tile) *widget.ButtonImage {
	idle, lit := eimage.NewFixedNineSlice(tl.imgs[0]), eimage.NewFixedNineSlice(tl.imgs[1])
	return &widget.ButtonImage{Idle: idle, Hover: lit, Pressed: lit, PressedHover: lit, Disabled: idle}
}

// cardText is card whole, as its tooltip says it: what the grid's picture
// cuts short, and its words for the player.
func (s *Screen) cardText(card *cards.Card) string {
	f := faceOf(s.o.Collection, card, 0, "")
	lines := []string{fmt.Sprintf("%s · %s · %s", card.Name, f.kind, card.Rarity), f.empire, f.cost}
	if f.power != "" {
		lines = append(lines, f.power)
	}
	lines = append(lines, f.rules...)
	if card.Text != "" {
		lines = append(lines, "“"+card.Text+"”")
	}
	return strings.Join(lines, "\n")
}

// addTip gives b a tooltip of text, shown beside the pointer once it
// rests on b.
func (s *Screen) addTip(b *widget.Button, text string) {
	t := s.t
	box := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(t.PanelImage()),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Padding(insets(t, 8, 6)))),
	)
	box.AddChild(t.NewText(text, t.SmallFace(), t.Palette().Text, widget.TextOpts.MaxWidth(float64(s.px(tipWidth)))))
	tip := widget.NewToolTip(
		widget.ToolTipOpts.Content(box),
		widget.ToolTipOpts.Position(widget.TOOLTIP_POS_CURSOR_STICKY),
		widget.ToolTipOpts.ContentOriginHorizontal(widget.TOOLTIP_ANCHOR_START),
		widget.ToolTipOpts.Offset(image.Point{X: s.px(14), Y: s.px(18)}),
	)
	b.GetWidget().ToolTips = append(b.GetWidget().ToolTips, tip)
}

// change adds (d > 0) or takes out a copy of id, and says why not.
func (s *Screen) change(id cards.ID, d int) {
	card, _ := s.o.Collection.Card(id)
	name := id.String()
	if card != nil {
		name = card.Name
	}
	if d > 0 {
		if why := s.b.Add(id); why != "" {
			s.say(fmt.Sprintf("%s: %s.", name, why), true)
		} else {
			s.say(fmt.Sprintf("Added %s: %d in the deck.", name, s.b.Copies(id)), false)
		}
	} else if s.b.Remove(id) {
		s.say(fmt.Sprintf("Took out %s: %d in the deck.", name, s.b.Copies(id)), false)
	}
	for i := range s.tiles {
		s.paintTile(&s.tiles[i])
		s.tiles[i].b.SetImage(s.tileImage(s.tiles[i]))
	}
	s.refreshDeck()
}

// say shows msg on the status line, in the error's colour if bad.
func (s *Screen) say(msg string, bad bool) {
	s.status.Label = msg
	if bad {
		s.status.SetColor(s.t.Palette().Error)
	} else {
		s.status.SetColor(s.t.Palette().Success)
	}
}

// Problems returns what the page lists as the deck's problems: the
// broken file's, then the game's.
func (s *Screen) Problems() []ruleset.Rejection {
	return append(append([]ruleset.Rejection(nil), s.fileProblems...), s.b.Problems()...)
}

// refreshDeck shows the deck's side.
func (s *Screen) refreshDeck() {
	t, p := s.t, s.t.Palette()
	small := t.SmallFace()
	n := s.b.Counts()
	lim := s.limits()
	s.counts.Label = fmt.Sprintf("Playing Cards %d · Resource Cards %d", n.Playing, n.Supply)
	if least := sizeWords(lim); least != "" {
		s.counts.Label += " (" + least + ")"
	}
	s.counts.SetColor(p.Text)
	if n.Playing < lim.MinPlaying || n.Supply < lim.MinSupply || n.Playing+n.Supply < lim.MinTotal {
		s.counts.SetColor(p.Error)
	}
	for i, k := range cards.Kinds() {
		s.kinds[i].Label = fmt.Sprintf("%s %d/%d", kindShort(k), n.ByKind[k], Balanced(k))
		if n.ByKind[k] == Balanced(k) {
			s.kinds[i].SetColor(p.Success)
		} else {
			s.kinds[i].SetColor(p.TextMuted)
		}
	}
	s.list.RemoveChildren()
	lines := s.b.Lines()
	if len(lines) == 0 {
		s.list.AddChild(t.NewText("No card yet: click the cards to add them.", small, p.TextMuted))
	}
	for _, l := range lines {
		id := l.ID
		name := id.String()
		if l.Card != nil {
			name = l.Card.Name
		}
		w := s.px(panelW - 2*pagePad - 120)
		label := t.NewText(kit.Fit(name, small, float64(w)), small, p.Text)
		label.GetWidget().MinWidth = w
		minus := s.smallButton("−", func() { s.change(id, -1) })
		plus := s.smallButton("+", func() { s.change(id, +1) })
		plus.GetWidget().Disabled = s.b.WhyNot(id) != ""
		s.list.AddChild(row(s.px(4), label, t.NewText(fmt.Sprintf("%2d", l.Copies), small, p.Accent), minus, plus))
	}
	s.problems.RemoveChildren()
	problems := s.Problems()
	width := float64(s.px(panelW - 2*pagePad))
	head := fmt.Sprintf("%s for %s:", capital(plural(len(problems), "problem")), s.gameWords())
	if len(problems) == 0 {
		s.problems.AddChild(t.NewText("No problems: a legal deck for "+s.gameWords()+".", small, p.Success, widget.TextOpts.MaxWidth(width)))
	} else {
		s.problems.AddChild(t.NewText(head, small, p.Error, widget.TextOpts.MaxWidth(width)))
	}
	// As many problems as their lines allow (more on a tall window), then
	// one line that counts the rest.
	room := problemLines - len(kit.Wrap(head, small, width))
	if r := s.root.GetWidget().Rect; r.Dy() >= s.px(900) {
		room += problemLines
	}
	for i, r := range problems {
		n := len(kit.Wrap(capital(r.Reason), small, width))
		if room -= n; room < 0 && i > 0 {
			s.problems.AddChild(t.NewText(fmt.Sprintf("and %s", plural(len(problems)-i, "more problem")), small, p.Error))
			break
		}
		s.problems.AddChild(t.NewText(capital(r.Reason), small, p.Error, widget.TextOpts.MaxWidth(width)))
	}
	store := s.o.Store.Dir != ""
	s.saveB.GetWidget().Disabled = !store || s.current != "" && len(s.fileProblems) > 0
	s.saveAsB.GetWidget().Disabled = !store
	s.deleteB.GetWidget().Disabled = !store || s.current == ""
	s.clearB.GetWidget().Disabled = len(lines) == 0
	s.useB.GetWidget().Disabled = len(problems) > 0
}

// sizeWords says deck sizes lim: "at least 25 + 10".
func sizeWords(lim cards.Limits) string {
	switch {
	case lim.MinTotal > 0:
		return fmt.Sprintf("at least %d in all", lim.MinTotal)
	case lim.MinSupply > 0:
		return fmt.Sprintf("at least %d + %d", lim.MinPlaying, lim.MinSupply)
	case lim.MinPlaying > 0:
		return fmt.Sprintf("at least %d Playing", lim.MinPlaying)
	}
	return ""
}

// limits are the deck sizes the deck is checked against.
func (s *Screen) limits() cards.Limits {
	if s.o.Game != nil {
		return s.o.Game.Limits
	}
	return s.sizes[s.size].Limits
}

// deckName returns the name field's text, trimmed.
func (s *Screen) deckName() string { return strings.TrimSpace(s.nameIn.GetText()) }

// save saves the deck under the name it was loaded or saved as, or, for a
// new deck, under the name field's (Save as).
func (s *Screen) save() {
	if s.current == "" || s.deckName() != s.current {
		s.saveAs()
		return
	}
	if len(s.fileProblems) > 0 {
		s.say("That file has lines that are no cards: Save as another name, and it stays as it is.", true)
		return
	}
	if err := s.o.Store.Save(s.current, s.b.Deck(), true); err != nil {
		s.say(capital(err.Error())+".", true)
		return
	}
	s.say("Saved "+s.current+".", false)
	s.refreshDeck()
}

// saveAs saves the deck under the name field's name, never over another
// deck.
func (s *Screen) saveAs() {
	name := s.deckName()
	if err := s.o.Store.Save(name, s.b.Deck(), false); err != nil {
		s.say(capital(err.Error())+".", true)
		if name == "" {
			s.say("A deck needs a name: type it in the Name field, then Save.", true)
			s.nameIn.Focus(true)
		}
		return
	}
	s.current, s.fileProblems, s.armed = name, nil, ""
	s.say("Saved as "+name+".", false)
	s.refresh()
}

// deleteCurrent deletes the deck loaded, once asked twice.
func (s *Screen) deleteCurrent() {
	if s.current == "" {
		return
	}
	if s.armed != s.current {
		s.armed = s.current
		s.say("Delete "+s.current+" for good? Press Delete again.", true)
		return
	}
	if err := s.o.Store.Delete(s.current); err != nil {
		s.say(capital(err.Error())+".", true)
		return
	}
	s.say("Deleted "+s.current+"; the cards stay here until you leave.", false)
	s.current, s.fileProblems, s.armed = "", nil, ""
	s.refresh()
}

// use brings the deck to the game.
func (s *Screen) use() {
	if len(s.Problems()) > 0 || s.o.Use == nil {
		return
	}
	s.o.Use(s.b.Deck().Encode())
	if s.o.Back != nil {
		s.o.Back()
	}
}

// load puts a saved deck in the editor: its lines that are cards, and the
// problems of those that are not.
func (s *Screen) load(sv Saved) {
	if sv.Err != nil {
		s.say(fmt.Sprintf("%s cannot be loaded: %v. The file stays as it is.", sv.Name, sv.Err), true)
		return
	}
	s.b.Set(sv.Deck)
	s.current, s.fileProblems, s.armed, s.library = sv.Name, nil, "", false
	for _, r := range sv.Problems {
		r.Reason = fmt.Sprintf("line %d of the file: %s", r.Index, r.Reason)
		s.fileProblems = append(s.fileProblems, r)
	}
	s.nameIn.SetText(sv.Name)
	if len(sv.Problems) > 0 {
		s.say(fmt.Sprintf("Loaded %s, but for %s of its file.", sv.Name, plural(len(sv.Problems), "line")), true)
	} else {
		s.say("Loaded "+sv.Name+".", false)
	}
	s.refresh()
}

// loadReady puts a ready-made deck (or the empty deck, name "") in the
// editor, as a new deck.
func (s *Screen) loadReady(name string) {
	s.b.Clear()
	if d, ok := s.o.Collection.Ready(name); ok {
		s.b.Set(d)
	}
	s.current, s.fileProblems, s.armed, s.library = "", nil, "", false
	s.nameIn.SetText("")
	if name == "" {
		s.say("A new, empty deck.", false)
	} else {
		s.say("Loaded "+ReadyLabel(name)+": Save as to keep your changes.", false)
	}
	s.refresh()
}

// libraryView lists the saved decks, the ready-made ones and the empty
// deck, each with Load (and Delete for a saved one).
func (s *Screen) libraryView() *widget.Container {
	t, p := s.t, s.t.Palette()
	small := t.SmallFace()
	c := column(s.px(6), t.NewText("Load a deck", t.NormalFace(), p.Accent))
	saved, err := s.o.Store.List()
	switch {
	case s.o.Store.Dir == "":
		c.AddChild(t.NewText("Decks are not saved on this machine.", small, p.TextMuted))
	case err != nil:
		c.AddChild(t.NewText(capital(err.Error())+".", small, p.Error))
	case len(saved) == 0:
		c.AddChild(t.NewText("No saved deck yet: build one, name it, and Save as.", small, p.TextMuted))
	}
	for _, sv := range saved {
		name := t.NewText(kit.Fit(sv.Name, small, float64(s.px(220))), small, p.Text)
		name.GetWidget().MinWidth = s.px(220)
		loadB := s.smallButton("Load", func() { s.load(sv) })
		loadB.GetWidget().Disabled = sv.Err != nil
		info := ""
		switch {
		case sv.Err != nil:
			info = "broken: " + sv.Err.Error()
		case len(sv.Problems) > 0:
			info = fmt.Sprintf("broken: %s; line %d: %s", plural(len(sv.Problems), "line is no card", "lines are no cards"), sv.Problems[0].Index, sv.Problems[0].Reason)
		default:
			pl, su := sv.Deck.Count()
			info = fmt.Sprintf("%d Playing + %d Resource Cards", pl, su)
		}
		col := p.TextMuted
		if sv.Broken() {
			col = p.Error
		}
		c.AddChild(row(s.px(8), name, loadB, t.NewText(kit.Fit(info, small, float64(s.px(520))), small, col)))
	}
	c.AddChild(t.NewText("Ready-made decks", t.NormalFace(), p.Accent))
	for _, n := range append(s.o.Collection.ReadyNames(), "") {
		label := ReadyLabel(n)
		if n == "" {
			label = "An empty deck"
		}
		text := t.NewText(label, small, p.Text)
		text.GetWidget().MinWidth = s.px(220)
		c.AddChild(row(s.px(8), text, s.smallButton("Load", func() { s.loadReady(n) })))
	}
	c.AddChild(row(s.px(8), s.smallButton("Back to the cards", func() { s.library = false; s.refresh() })))
	return c
}

// Sent reports whether data is the deck's encoding.
func (s *Screen) Sent(data []byte) bool { return bytes.Equal(data, s.b.Deck().Encode()) }

// shortEmpire shortens an empire's name for its filter's button: "The
// Huns" is "Huns", "All Empires" (the shared cards) "Shared".
func shortEmpire(name string) string {
	if strings.EqualFold(name, "All Empires") {
		return "Shared"
	}
	return strings.TrimPrefix(name, "The ")
}

// kindShort is a kind's short name in the counts.
func kindShort(k cards.Kind) string {
	switch k {
	case cards.Resource:
		return "Resource"
	case cards.Trader:
		return "Trader"
	}
	return k.String()
}

// capital returns s with its first letter a capital.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// plural says n things: "1 card", "3 cards"; the plural given when it is
// not one's with an s.
func plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return fmt.Sprintf("%d %s", n, many[0])
	}
	return fmt.Sprintf("%d %ss", n, one)
}
