package risk

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"maps"
	"slices"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/kit"
	"empires/client/menu"
	"empires/shared/game"
	rules "empires/shared/rules/risk"
	rboard "empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// Cards is the card half of the risk screen: it draws a seat's cards from
// its view and builds the windows of the trading and purchase steps. It
// keeps what the player is choosing (cards ticked for an offer, a
// statement, the Empire cards picked) between rebuilds of the same step.
//
// It never shows a card the view does not hold: the others' hands, and
// everything hidden from a spectator, are counts. Cards belongs to the
// screen's UI goroutine.
type Cards struct {
	theme *menu.Theme
	rules *rules.Rules
	cr    *cards.Rules
	faces *kit.Faces
	v     *rules.View

	// board is the view's board (for the territory cards' names), made
	// once for boardKey.
	board    *rboard.Board
	boardKey [3]uint64

	// step says which step the choices below were made in: they are
	// dropped when it changes.
	step  cardsStep
	trade tradeChoice
	buy   buyChoice
	// refused is the server's last refusal of an action sent from a
	// window, shown in it until the next view.
	refused string

	// tradeBody and buyBody are the windows' contents, built again in
	// place when the player ticks a card or picks a choice.
	tradeBody, buyBody *widget.Container
	tradeAct, buyAct   func(rules.Action)

	// The buttons by label, of the section and of each window.
	sectionButtons, tradeButtons, buyButtons map[string]*widget.Button

	images map[cardImageKey]*ebiten.Image
	// palette gives the players' colours (SetPalette).
	palette art.Palette
	// room is the most a window may take of the map, in window pixels
	// (SetRoom); zero for no limit.
	room image.Point
}

// cardsStep names a step of a game: choices belong to one.
type cardsStep struct {
	round int
	phase rules.Phase
	actor ruleset.Seat
}

// NewCards returns the card half, drawing with theme, for the built-in
// rules (UseRules gives it a mod's).
func NewCards(theme *menu.Theme) *Cards {
	k := &Cards{theme: theme, images: map[cardImageKey]*ebiten.Image{}}
	k.UseRules(rules.New())
	if f, err := kit.NewFaces(); err == nil {
		k.faces = f
	}
	return k
}

// SetTheme draws and lays out with theme t from the next Section or
// window on: the host's theme as it is now, whose interface size may
// change in the middle of a game (Settings, a resize). Every size of the
// card half is given for 100 % and multiplied by t's scale.
func (k *Cards) SetTheme(t *menu.Theme) {
	if t != nil {
		k.theme = t
	}
}

// SetRoom bounds the windows to r, the map's part of the window (the
// shell centres a window on it): their scrolling area is made shorter
// where the window would not fit. A zero r sets no bound.
func (k *Cards) SetRoom(r image.Point) { k.room = r }

// px returns n pixels of 100 % in window pixels at the theme's size.
func (k *Cards) px(n int) int { return k.theme.Px(n) }

// pt returns size p of 100 % in window pixels at the theme's size.
func (k *Cards) pt(p image.Point) image.Point { return image.Pt(k.px(p.X), k.px(p.Y)) }

// windowRoom is what a window takes besides its scrolling area, in
// pixels of 100 %: across, its padding and the margins beside it; down,
// its heading, its padding and spacing, the shell's Close button under
// it and the margins round it.
var windowRoom = image.Pt(48, 150)

// area returns the size of the windows' scrolling area: windowArea at
// the theme's size, no larger than the room leaves (SetRoom), so that a
// window fits the map.
func (k *Cards) area() image.Point {
	a := k.pt(windowArea)
	if k.room.X > 0 {
		a.X = max(min(a.X, k.room.X-k.px(windowRoom.X)), k.px(320))
	}
	if k.room.Y > 0 {
		a.Y = max(min(a.Y, k.room.Y-k.px(windowRoom.Y)), k.px(120))
	}
	return a
}

// SetPalette writes the players in the colours of pl (the player's
// choice in Settings, art.PaletteOf) from the next Section on.
func (k *Cards) SetPalette(pl art.Palette) { k.palette = pl }

// UseRules gives the card half the game's rules (the card rules' numbers
// of a mod, the board of its map); NewCards starts with the built-in ones.
func (k *Cards) UseRules(r *rules.Rules) {
	if r == nil {
		return
	}
	k.rules, k.cr, k.board = r, r.Cards(), nil
}

// SetView gives the view the windows and sections are built from (call it
// on every view the screen gets, before the builders below). The choices
// of a step are kept while the step lasts, less the cards that left the
// hand; a new step starts them afresh.
func (k *Cards) SetView(v *rules.View) {
	k.v = v
	k.refused = ""
	if v == nil {
		return
	}
	st := cardsStep{round: v.Round, phase: v.Phase, actor: v.Actor}
	if st != k.step {
		k.step = st
		k.trade = tradeChoice{}
		k.buy = buyChoice{}
	}
	held := map[cards.GoodsID]bool{}
	for _, c := range v.Hand {
		held[c.ID] = true
	}
	for _, m := range []map[cards.GoodsID]bool{k.trade.ticked, k.buy.pay, k.buy.keep} {
		maps.DeleteFunc(m, func(id cards.GoodsID, _ bool) bool { return !held[id] })
	}
}

// Refused shows the server's refusal of the last action a window sent
// (reason, as the rejection says it) in that window, until the next view.
func (k *Cards) Refused(reason string) {
	k.refused = reason
	if k.tradeBody != nil && k.v != nil && k.v.Phase == rules.PhaseTrade {
		k.fillTrade()
	}
	if k.buyBody != nil && k.v != nil && k.v.Phase == rules.PhasePurchase {
		k.fillPurchase()
	}
}

// Buttons are the window's and section's buttons by label with where they
// were last laid out (window pixels), for the screen's Probe (window tests
// click them). A card is a button named for what ticking it does and the
// card's number in the game: "Give card 12", "Pay with card 12", "Keep
// card 12".
func (k *Cards) Buttons() map[string]image.Rectangle {
	out := map[string]image.Rectangle{}
	for _, m := range []map[string]*widget.Button{k.sectionButtons, k.tradeButtons, k.buyButtons} {
		for label, b := range m {
			out[label] = b.GetWidget().Rect
		}
	}
	return out
}

// me returns the seat's public state, or nil for a spectator.
func (k *Cards) me() *rules.PlayerView {
	v := k.v
	if v == nil || v.Seat < 1 || int(v.Seat) > len(v.Players) {
		return nil
	}
	return &v.Players[v.Seat-1]
}

// playerName returns seat p's name, "you" for the seat itself.
func (k *Cards) playerName(p ruleset.Seat) string {
	if k.v != nil && p == k.v.Seat && p != 0 {
		return "you"
	}
	if k.v == nil || p < 1 || int(p) > len(k.v.Players) {
		return fmt.Sprintf("seat %d", p)
	}
	return k.v.Players[p-1].Name
}

// sortedGoods returns cs sorted as a hand is held: by value, lowest
// first, so that a set's cards lie together, the Disasters last.
func sortedGoods(cs []cards.GoodsCard) []cards.GoodsCard {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b cards.GoodsCard) int {
		av, bv := a.Value, b.Value
		if av == 0 {
			av = 100 + int(a.Suit)*20 + a.Rank
		}
		if bv == 0 {
			bv = 100 + int(b.Suit)*20 + b.Rank
		}
		return cmp.Or(cmp.Compare(av, bv), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// setsLine writes the sets of cs with their points (Table 1): "7 7 = 14 ·
// 4 = 4", and the Disasters' nothing.
func setsLine(cs []cards.GoodsCard) string {
	var n [10]int
	disasters := 0
	for _, c := range cs {
		if c.Value >= 1 && c.Value <= 9 {
			n[c.Value]++
		} else {
			disasters++
		}
	}
	var parts []string
	for v := 9; v >= 1; v-- {
		if n[v] == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s = %d", strings.TrimSpace(strings.Repeat(fmt.Sprintf("%d ", v), n[v])), cards.SetValue(v, n[v])))
	}
	if disasters > 0 {
		parts = append(parts, words.Count(disasters, "Disaster", "Disasters")+" = 0")
	}
	if len(parts) == 0 {
		return "no cards"
	}
	return strings.Join(parts, " · ")
}

// goodsName names a Goods card for its holder: "7 (pile 4)", "Queen of
// Hearts, Disaster: Floods (pile 1)".
func goodsName(c cards.GoodsCard) string {
	if c.Value != 0 {
		return fmt.Sprintf("%d (pile %d)", c.Value, c.Pile)
	}
	return fmt.Sprintf("%s, Disaster: %s (pile %d)", cardRoyalName(c.Suit, c.Rank), disasterWord(c.Disaster()), c.Pile)
}

// disasterWord names a Disaster as the players say it: "Quakes".
func disasterWord(d cards.Disaster) string { return strings.TrimPrefix(d.String(), "'") }

// cardRoyalName names a royalty card: "Queen of Hearts".
func cardRoyalName(s cards.Suit, rank int) string {
	return fmt.Sprintf("%s of %s", cardRankWord(rank), s)
}

// cardRankWord names a rank: "Ace", "7", "Queen".
func cardRankWord(rank int) string {
	switch rank {
	case 1:
		return "Ace"
	case cards.Jack:
		return "Jack"
	case cards.Queen:
		return "Queen"
	case cards.King:
		return "King"
	}
	return fmt.Sprint(rank)
}

// cardRankShort is a rank on a card's face: "A", "7", "Q".
func cardRankShort(rank int) string {
	switch rank {
	case 1:
		return "A"
	case cards.Jack:
		return "J"
	case cards.Queen:
		return "Q"
	case cards.King:
		return "K"
	}
	return fmt.Sprint(rank)
}

// suitSymbol is a suit's symbol: "♣".
func suitSymbol(s cards.Suit) string {
	switch s {
	case cards.Clubs:
		return "♣"
	case cards.Diamonds:
		return "♦"
	case cards.Hearts:
		return "♥"
	case cards.Spades:
		return "♠"
	}
	return ""
}

// empireShort names an Empire card shortly: "6♣".
func empireShort(c cards.EmpireCard) string { return cardRankShort(c.Rank) + suitSymbol(c.Suit) }

// empireWithBonus names an Empire card with its bonus of Table 4, if any:
// "6♣ Bonus Army II".
func (k *Cards) empireWithBonus(c cards.EmpireCard) string {
	s := empireShort(c)
	if bs := k.cr.Bonuses([]cards.EmpireCard{c}); len(bs) > 0 {
		s += " " + bs[0].String()
	}
	return s
}

// boardOf returns the view's board, nil if the rules cannot make it.
func (k *Cards) boardOf() *rboard.Board {
	v := k.v
	key := [3]uint64{uint64(v.Map), uint64(v.Size), v.MapSeed}
	if k.board == nil || key != k.boardKey {
		b, err := k.rules.Board(v.Map, v.Size, v.MapSeed)
		if err != nil {
			return nil
		}
		k.board, k.boardKey = b, key
	}
	return k.board
}

// territoryCardName names a territory card: "Alaska · infantry", "wild".
func (k *Cards) territoryCardName(c cards.TerritoryCard) string {
	if c.Symbol == cards.Wild {
		return "wild card (any symbol)"
	}
	name := fmt.Sprintf("territory %d", c.Territory)
	if b := k.boardOf(); b != nil {
		if t := b.Territory(c.Territory); t != nil {
			name = t.Name
		}
	}
	return name + " · " + c.Symbol.String()
}

// cardsText adds a line of text in the small face (the normal one for a
// title) and colour col to c, wrapped at width.
func (k *Cards) cardsText(c *widget.Container, line string, title bool, col color.Color, width int) *widget.Text {
	face := k.theme.SmallFace()
	if title {
		face = k.theme.NormalFace()
	}
	t := k.theme.NewText(line, face, col, widget.TextOpts.MaxWidth(float64(width)))
	c.AddChild(t)
	return t
}

// cardsGap adds h pixels of space to c.
func cardsGap(c *widget.Container, h int) {
	c.AddChild(widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, h))))
}

// cardsColumn returns a column of widgets spacing pixels apart.
func cardsColumn(spacing int) *widget.Container {
	return widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(spacing))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
}

// cardsRow returns a row of widgets spacing pixels apart, wrapping into a
// grid of perRow a line.
func cardsRow(perRow, spacing int) *widget.Container {
	return widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(max(perRow, 1)),
		widget.GridLayoutOpts.Spacing(spacing, spacing))))
}

// cardsLine returns a row of widgets left to right, spacing apart,
// centred vertically.
func cardsLine(spacing int, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionHorizontal),
		widget.RowLayoutOpts.Spacing(spacing))))
	for _, ch := range children {
		ch.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		c.AddChild(ch)
	}
	return c
}

// button returns a button of the side panel's look labelled label, that
// calls onClick, registered in reg under label; disabled if off.
func (k *Cards) button(reg map[string]*widget.Button, label string, off bool, onClick func()) *widget.Button {
	return k.buttonAs(reg, label, label, off, onClick)
}

// buttonAs is button registered under key, which names it more fully
// than its short label ("Buy Clubs +" for "+").
func (k *Cards) buttonAs(reg map[string]*widget.Button, key, label string, off bool, onClick func()) *widget.Button {
	b := kit.PanelButton(k.theme, label, k.theme.Px(10), false, onClick)
	b.GetWidget().Disabled = off
	reg[key] = b
	return b
}

// The sizes of the cards drawn at 100 %: in the side panel and in the
// windows.
var (
	panelCard  = image.Pt(42, 60)
	windowCard = image.Pt(48, 68)
)

// cardGraphic returns a picture of Goods card c (face down if down) of
// size sz (window pixels), as a widget.
func (k *Cards) cardGraphic(c cards.GoodsCard, down bool, sz image.Point) *widget.Graphic {
	img := k.goodsImage(c, down, sz)
	return widget.NewGraphic(widget.GraphicOpts.Image(img), widget.GraphicOpts.WidgetOpts(
		widget.WidgetOpts.ToolTip(k.tip(goodsName(c)))))
}

// tip returns a tooltip of one line of small text.
func (k *Cards) tip(s string) *widget.ToolTip {
	box := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(k.theme.PanelImage()),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Padding(&widget.Insets{Left: k.px(8), Right: k.px(8), Top: k.px(5), Bottom: k.px(5)}))),
	)
	box.AddChild(k.theme.NewText(s, k.theme.SmallFace(), k.theme.Palette().Text))
	return widget.NewToolTip(widget.ToolTipOpts.Content(box), widget.ToolTipOpts.Position(widget.TOOLTIP_POS_CURSOR_STICKY),
		widget.ToolTipOpts.Offset(k.pt(image.Point{X: 12, Y: 16})))
}

// tickCard returns card c as a button that ticks it: framed in the accent
// colour and marked with a tick while ticked, greyed and unclickable if
// off. It is registered in reg under label.
func (k *Cards) tickCard(reg map[string]*widget.Button, label string, c cards.GoodsCard, ticked, off bool, onClick func()) *widget.Button {
	pal := k.theme.Palette()
	clear := eimage.NewNineSliceColor(color.Transparent)
	img := &widget.ButtonImage{Idle: clear, Hover: eimage.NewNineSliceColor(color.RGBA{255, 255, 255, 40}),
		Pressed: eimage.NewNineSliceColor(color.RGBA{255, 255, 255, 70}), Disabled: clear}
	face := k.tickImage(c, ticked, k.pt(windowCard), pal.Accent)
	b := widget.NewButton(
		widget.ButtonOpts.Image(img),
		widget.ButtonOpts.Graphic(&widget.GraphicImage{Idle: face, Disabled: face}),
		widget.ButtonOpts.GraphicPadding(widget.Insets{}),
		widget.ButtonOpts.TextPadding(&widget.Insets{}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.ToolTip(k.tip(label+": "+goodsName(c)))),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	)
	b.GetWidget().Disabled = off
	reg[label] = b
	return b
}

// Section fills c (a column of the side panel, width pixels wide) with the
// seat's hand: Goods cards face up and readable (value, suit, pile,
// a royalty marked as the Disaster it is), the Disasters held face down,
// the territory cards (and whether a set is ready), each other player's
// counts (Goods, Disasters, territory cards, cities) and everyone's Empire
// cards (held and bought this turn). A spectator sees counts only.
func (k *Cards) Section(c *widget.Container, width int) {
	k.sectionButtons = map[string]*widget.Button{}
	v := k.v
	if v == nil {
		return
	}
	pal := k.theme.Palette()
	if me := k.me(); me != nil {
		k.ownCards(c, width)
	}
	cardsGap(c, k.px(6))
	k.cardsText(c, "Cards of the players", true, pal.Accent, width)
	panelBg := color.RGBA{pal.Panel.R, pal.Panel.G, pal.Panel.B, 255}
	for i, p := range v.Players {
		seat := ruleset.Seat(i + 1)
		name := p.Name
		if seat == v.Seat {
			name += " (you)"
		}
		line := fmt.Sprintf("%d · %s: %s, %s face down, %s, %s", seat, name,
			words.Count(p.Goods, "Goods card", "Goods cards"), words.Count(p.Disasters, "Disaster", "Disasters"),
			words.Count(p.Cards, "territory card", "territory cards"), words.Count(p.Cities, "city", "cities"))
		if !p.Alive {
			line += ", out"
		}
		k.cardsText(c, line, false, k.palette.TextColor(game.PlayerID(seat), panelBg), width)
		if len(p.Empire) > 0 || len(p.NewEmpire) > 0 {
			k.cardsText(c, "    Empire: "+k.empireList(p.Empire, p.NewEmpire), false, pal.Text, width)
		}
	}
	k.cardsText(c, "Goods piles: "+pileSizes(v.Piles), false, pal.TextMuted, width)
}

// pileSizes writes the Goods piles' sizes: "1: 9 · 2: 15 · ...".
func pileSizes(ps []int) string {
	var parts []string
	for i, n := range ps {
		parts = append(parts, fmt.Sprintf("%d: %d", i+1, n))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " · ")
}

// empireList writes a player's Empire cards, those bought this turn
// marked new: "3♣ Bonus Army I, 4♥; new this turn: 5♥".
func (k *Cards) empireList(held, bought []cards.EmpireCard) string {
	name := func(cs []cards.EmpireCard) string {
		var parts []string
		for _, c := range cs {
			parts = append(parts, k.empireWithBonus(c))
		}
		return strings.Join(parts, ", ")
	}
	var out []string
	if len(held) > 0 {
		out = append(out, name(held))
	}
	if len(bought) > 0 {
		out = append(out, "new this turn: "+name(bought))
	}
	score := 0
	for _, c := range append(slices.Clone(held), bought...) {
		score += k.cr.FaceValue(c.Rank)
	}
	return strings.Join(out, "; ") + fmt.Sprintf(" (worth %d)", score)
}

// ownCards fills c with the seat's own cards: its Goods hand face up,
// its sets and their points, its Disasters face down, its territory cards.
func (k *Cards) ownCards(c *widget.Container, width int) {
	v := k.v
	pal := k.theme.Palette()
	hand := sortedGoods(v.Hand)
	k.cardsText(c, fmt.Sprintf("Your Goods cards: %d, worth %d points", len(hand), cards.Points(hand)), true, pal.Accent, width)
	sz, gap := k.pt(panelCard), k.px(4)
	if len(hand) > 0 {
		per := max((width+gap)/(sz.X+gap), 1)
		grid := cardsRow(per, gap)
		for _, g := range hand {
			grid.AddChild(k.cardGraphic(g, false, sz))
		}
		c.AddChild(grid)
		k.cardsText(c, "Sets (Table 1): "+setsLine(hand), false, pal.Text, width)
		var disasters []string
		for _, card := range hand {
			if card.Value == 0 {
				disasters = append(disasters, fmt.Sprintf("%s (%s)", cardRoyalName(card.Suit, card.Rank), disasterWord(card.Disaster())))
			}
		}
		if len(disasters) > 0 {
			k.cardsText(c, "Disasters in your hand, worth 0: "+strings.Join(disasters, ", ")+". Trade them away, or discard them at the end of step 8.", false, pal.Error, width)
		}
	} else {
		k.cardsText(c, "No Goods cards: you draw one from each of as many piles as you have cities.", false, pal.TextMuted, width)
	}
	if len(v.Disasters) > 0 {
		cardsGap(c, gap)
		k.cardsText(c, fmt.Sprintf("Face down before you: %s, resolved in step 7", words.Count(len(v.Disasters), "Disaster", "Disasters")), false, pal.Error, width)
		per := max((width+gap)/(sz.X+gap), 1)
		grid := cardsRow(per, gap)
		for _, d := range v.Disasters {
			grid.AddChild(k.cardGraphic(d, true, sz))
		}
		c.AddChild(grid)
	}
	cardsGap(c, gap)
	if len(v.Cards) == 0 {
		k.cardsText(c, "Territory cards: none (a turn with a conquest earns one)", false, pal.TextMuted, width)
		return
	}
	line := fmt.Sprintf("Territory cards: %d", len(v.Cards))
	if _, ok := cards.FindSet(v.Cards); ok {
		line += fmt.Sprintf(" · a set is ready (%s)", words.Count(k.cr.SetArmies(k.me().Empire), "army", "armies"))
	} else {
		line += " · no set yet"
	}
	k.cardsText(c, line, false, pal.Text, width)
	for _, tc := range v.Cards {
		k.cardsText(c, "    "+k.territoryCardName(tc), false, pal.TextMuted, width)
	}
}

// statementText writes a statement as a player says it: "3 cards, worth
// 1 point, with a 7".
func statementText(s cards.Statement) string {
	out := words.Count(s.Count, "card", "cards")
	if s.PointsStated {
		out += ", worth " + words.Count(s.Points, "point", "points")
	}
	for i, n := range s.Numbers {
		if i == 0 {
			out += fmt.Sprintf(", with a %d", n)
		} else {
			out += fmt.Sprintf(" and a %d", n)
		}
	}
	return out
}
