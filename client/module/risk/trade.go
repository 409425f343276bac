package risk

import (
	"fmt"
	"image"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// tradeMaxOffers is how many offers a player may make in one trading
// step (rule 15).
const tradeMaxOffers = 3

// The windows' size at 100 %: their contents scroll in an area of this
// size, so that a window keeps its size while the player ticks cards
// (the shell sizes a window once, when it opens) and fits a window of
// 1024x768 (Cards.area makes it shorter where the map is lower).
var windowArea = image.Pt(640, 560)

// tradeChoice is what the player is choosing at the trading table: the
// cards ticked to give (in an offer or an acceptance) and the statement.
type tradeChoice struct {
	ticked map[cards.GoodsID]bool
	// byNumber states a number on a card given instead of the total
	// points; number is that number (0: the highest ticked).
	byNumber bool
	number   int
}

// TradeTable is the trading step's window (rules.PhaseTrade): the open
// offers to and from the player with their statements; make an offer
// (tick 3 or more cards of the hand, pick a player, state the total value
// or a card's number: the statement is checked by the server); accept an
// offer to you (choosing the 3 or more cards given back and their
// statement), refuse one, withdraw one's own, leave the table. act sends
// one action (the screen stamps Seq). Empty container for a player not
// at the table.
//
// The cards ticked and the statement make one side of a trade, given in
// an offer ("Offer to Bob") or in the answer to one ("Accept offer 4");
// the statement is checked as the server checks it (cards.Check) while
// the player builds it, and a false one is not sent: the window says
// what is false. The window's contents are built again in place as the
// player ticks.
func (k *Cards) TradeTable(act func(rules.Action)) *widget.Container {
	k.tradeButtons = map[string]*widget.Button{}
	k.tradeBody, k.tradeAct = nil, act
	me := k.me()
	if k.v == nil || k.v.Phase != rules.PhaseTrade || me == nil || !me.Trader {
		return widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout()))
	}
	root := kit.WindowBody(k.theme, k.px(16), k.px(8))
	root.AddChild(k.theme.NewText("Trading table · step 6", k.theme.HeadingFace(), k.theme.Palette().Accent))
	k.tradeBody = cardsColumn(k.px(6))
	area := k.area()
	root.AddChild(kit.NewScrollArea(k.tradeBody, kit.ScrollStyle{WheelPart: 3, Handle: k.px(12), Scale: k.theme.Scale()}, area.Y, area))
	k.fillTrade()
	return root
}

// tradeIDs returns the IDs of the cards ticked to give, in the hand's
// sorted order.
func (k *Cards) tradeIDs() []cards.GoodsID {
	var ids []cards.GoodsID
	for _, c := range sortedGoods(k.v.Hand) {
		if k.trade.ticked[c.ID] {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// tradeNumber returns the number stated on a card: the one chosen, or
// the highest value ticked (1 with none).
func (k *Cards) tradeNumber() int {
	if k.trade.number != 0 {
		return k.trade.number
	}
	n := 1
	for _, c := range k.v.Hand {
		if k.trade.ticked[c.ID] && c.Value > n {
			n = c.Value
		}
	}
	return n
}

// TradePart returns the side of a trade the player builds: the cards
// ticked and the statement, and why the server would refuse it (nil if it
// is true and large enough).
func (k *Cards) TradePart() (cards.Part, error) {
	ids := k.tradeIDs()
	hand := &cards.Hand{Cards: k.v.Hand}
	var given []cards.GoodsCard
	for _, id := range ids {
		c, _ := hand.Card(id)
		given = append(given, c)
	}
	st := cards.Statement{Count: len(ids)}
	if k.trade.byNumber {
		st.Numbers = []int{k.tradeNumber()}
	} else {
		st.PointsStated, st.Points = true, cards.Points(given)
	}
	p := cards.Part{Cards: ids, Statement: st}
	return p, k.cr.Check(hand, p)
}

// tick ticks card id to give, or unticks it.
func (k *Cards) tick(id cards.GoodsID) {
	if k.trade.ticked == nil {
		k.trade.ticked = map[cards.GoodsID]bool{}
	}
	if k.trade.ticked[id] {
		delete(k.trade.ticked, id)
	} else {
		k.trade.ticked[id] = true
	}
	k.trade.number = 0
	k.fillTrade()
}

// tradeSend sends a, once.
func (k *Cards) tradeSend(a rules.Action) {
	if k.tradeAct != nil {
		k.tradeAct(a)
	}
}

// offerLine writes an open offer as the table sees it: "3 cards, worth
// 14 points".
func offerLine(o rules.OfferView) string {
	return statementText(o.Statement)
}

// fillTrade builds the trading window's contents again.
func (k *Cards) fillTrade() {
	body := k.tradeBody
	if body == nil || k.v == nil || k.me() == nil {
		return
	}
	body.RemoveChildren()
	k.tradeButtons = map[string]*widget.Button{}
	v := k.v
	pal := k.theme.Palette()
	w := k.area().X - k.px(48) // the scroll bar beside
	me := k.me()
	gap, line8 := k.px(4), k.px(8)

	k.cardsText(body, "A trade is 3 or more Goods cards for 3 or more. Whoever gives cards states their count and one fact: their total points (Table 1) or the number on a card. A false statement voids the offer. A Disaster counts 0, is traded once, and goes face down before whoever receives it.", false, pal.TextMuted, w)
	var at, left []string
	for i, p := range v.Players {
		seat := ruleset.Seat(i + 1)
		name := k.playerName(seat)
		if seat != v.Seat {
			name = fmt.Sprintf("%s (%s)", p.Name, words.Count(p.Goods, "card", "cards"))
		}
		if p.Trader {
			at = append(at, name)
		} else if p.Alive {
			left = append(left, p.Name)
		}
	}
	line := "At the table: " + strings.Join(at, ", ")
	if len(left) > 0 {
		line += " · not trading: " + strings.Join(left, ", ")
	}
	k.cardsText(body, line, false, pal.Text, w)
	if k.refused != "" {
		k.cardsText(body, "Refused: "+k.refused, false, pal.Error, w)
	}

	part, problem := k.TradePart()

	// The offers to the player.
	var toMe, mine, others []rules.OfferView
	for _, o := range v.Offers {
		switch {
		case o.To == v.Seat:
			toMe = append(toMe, o)
		case o.From == v.Seat:
			mine = append(mine, o)
		default:
			others = append(others, o)
		}
	}
	cardsGap(body, gap)
	k.cardsText(body, "Offers to you", true, pal.Accent, w)
	if len(toMe) == 0 {
		k.cardsText(body, "None yet.", false, pal.TextMuted, w)
	}
	for _, o := range toMe {
		k.cardsText(body, fmt.Sprintf("From %s: %s", k.playerName(o.From), offerLine(o)), false, pal.Text, w)
		accept := k.button(k.tradeButtons, fmt.Sprintf("Accept offer %d", o.ID), problem != nil, func() {
			k.tradeSend(rules.Action{Kind: rules.ActAccept, Offer: o.ID, Part: part})
		})
		refuse := k.button(k.tradeButtons, fmt.Sprintf("Refuse offer %d", o.ID), false, func() {
			k.tradeSend(rules.Action{Kind: rules.ActRefuse, Offer: o.ID})
		})
		give := "giving the cards ticked below"
		if problem == nil {
			give = fmt.Sprintf("giving the %d ticked below (%s)", len(part.Cards), statementText(part.Statement))
		}
		body.AddChild(cardsLine(line8, accept, refuse, k.theme.NewText(give, k.theme.SmallFace(), pal.TextMuted, widget.TextOpts.MaxWidth(float64(w-k.px(260))))))
	}

	// The player's own offers.
	cardsGap(body, gap)
	k.cardsText(body, fmt.Sprintf("Your open offers (%d of the %d a step allows made)", me.Offered, tradeMaxOffers), true, pal.Accent, w)
	if len(mine) == 0 {
		k.cardsText(body, "None open.", false, pal.TextMuted, w)
	}
	hand := &cards.Hand{Cards: v.Hand}
	for _, o := range mine {
		var names []string
		for _, id := range o.Cards {
			if c, ok := hand.Card(id); ok {
				names = append(names, goodsName(c))
			}
		}
		text := k.theme.NewText(fmt.Sprintf("To %s: %s · %s", k.playerName(o.To), strings.Join(names, ", "), offerLine(o)), k.theme.SmallFace(), pal.Text, widget.TextOpts.MaxWidth(float64(w-k.px(140))))
		withdraw := k.button(k.tradeButtons, fmt.Sprintf("Withdraw offer %d", o.ID), false, func() {
			k.tradeSend(rules.Action{Kind: rules.ActRefuse, Offer: o.ID})
		})
		body.AddChild(cardsLine(line8, withdraw, text))
	}
	if len(others) > 0 {
		cardsGap(body, gap)
		k.cardsText(body, "Between the others", true, pal.Accent, w)
		for _, o := range others {
			k.cardsText(body, fmt.Sprintf("%s to %s: %s", k.playerName(o.From), k.playerName(o.To), offerLine(o)), false, pal.TextMuted, w)
		}
	}

	// The side of a trade the player builds.
	cardsGap(body, gap)
	k.cardsText(body, "Your cards to give: tick 3 or more", true, pal.Accent, w)
	k.cardsText(body, fmt.Sprintf("Your hand: %s, worth %d points (%s).", words.Count(len(v.Hand), "card", "cards"), cards.Points(v.Hand), setsLine(sortedGoods(v.Hand))), false, pal.TextMuted, w)
	grid := cardsRow((w+k.px(6))/(k.px(windowCard.X+2*tickMargin+4)), k.px(6))
	for _, c := range sortedGoods(v.Hand) {
		grid.AddChild(k.tickCard(k.tradeButtons, fmt.Sprintf("Give card %d", c.ID), c, k.trade.ticked[c.ID], c.Traded, func() { k.tick(c.ID) }))
	}
	body.AddChild(grid)
	var given []cards.GoodsCard
	for _, id := range part.Cards {
		c, _ := hand.Card(id)
		given = append(given, c)
	}
	k.cardsText(body, fmt.Sprintf("Ticked: %s, worth %d points (%s)", words.Count(len(given), "card", "cards"), cards.Points(given), setsLine(given)), false, pal.Text, w)

	total := k.button(k.tradeButtons, "State the total", false, func() { k.trade.byNumber = false; k.fillTrade() })
	number := k.button(k.tradeButtons, "State a number", false, func() { k.trade.byNumber = true; k.fillTrade() })
	if k.trade.byNumber {
		number.SetImage(k.theme.SelectedButtonImage())
	} else {
		total.SetImage(k.theme.SelectedButtonImage())
	}
	row := cardsLine(line8, total, number)
	if k.trade.byNumber {
		n := k.tradeNumber()
		minus := k.button(k.tradeButtons, "Number −", n <= 1, func() { k.trade.number = max(n-1, 1); k.fillTrade() })
		plus := k.button(k.tradeButtons, "Number +", n >= 9, func() { k.trade.number = min(n+1, 9); k.fillTrade() })
		row.AddChild(minus, k.theme.NewText(fmt.Sprintf(" a %d ", n), k.theme.NormalFace(), pal.Text), plus)
	}
	body.AddChild(row)
	k.cardsText(body, "You state: "+statementText(part.Statement), false, pal.Text, w)
	switch {
	case len(part.Cards) == 0:
		k.cardsText(body, "Tick the cards you give.", false, pal.TextMuted, w)
	case problem != nil:
		k.cardsText(body, "Not yet: "+strings.ReplaceAll(problem.Error(), "\n", "; "), false, pal.Error, w)
	}

	// Whom to offer to, and leaving.
	offers := cardsLine(line8)
	full := me.Offered >= tradeMaxOffers
	for i, p := range v.Players {
		seat := ruleset.Seat(i + 1)
		if seat == v.Seat || !p.Trader {
			continue
		}
		offers.AddChild(k.button(k.tradeButtons, "Offer to "+p.Name, problem != nil || full, func() {
			k.tradeSend(rules.Action{Kind: rules.ActOffer, Seat: seat, Part: part})
		}))
	}
	if len(offers.Children()) == 0 {
		offers.AddChild(k.theme.NewText("No one else is at the table.", k.theme.SmallFace(), pal.TextMuted))
	}
	body.AddChild(offers)
	if full {
		k.cardsText(body, fmt.Sprintf("You have made the %d offers a player may make in a step.", tradeMaxOffers), false, pal.TextMuted, w)
	}
	cardsGap(body, gap)
	body.AddChild(cardsLine(line8, k.button(k.tradeButtons, "Leave the table", false, func() {
		k.tradeSend(rules.Action{Kind: rules.ActDone})
	}), k.theme.NewText("Done trading: your offers, and those to you, are withdrawn.", k.theme.SmallFace(), pal.TextMuted, widget.TextOpts.MaxWidth(float64(w-k.px(160))))))
}
