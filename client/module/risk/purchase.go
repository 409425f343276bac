package risk

import (
	"fmt"
	"image"
	"math/bits"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/words"
)

// buyChoice is what the player is choosing in step 8: how many cards to
// buy from each Empire pile, the Goods cards to pay with, and the Goods
// cards to keep at the end of the step.
type buyChoice struct {
	count [4]int
	// pay, once paySet, are the cards the player ticked to pay with;
	// until then the window pays with the cheapest cards that cover the
	// price.
	pay    map[cards.GoodsID]bool
	paySet bool
	// keep, once keepSet, are the cards the player ticked to keep; until
	// then the default: the 5 worth the most.
	keep    map[cards.GoodsID]bool
	keepSet bool
	// piles are the Empire piles' sizes the choice was made with: a
	// purchase made drops the choice of what to buy.
	piles [4]int
}

// purchaseMostOfPile is the most cards of one pile the window buys at
// once.
const purchaseMostOfPile = 3

// empireCard is the size of the Empire cards in the purchase window at
// 100 %.
var empireCard = image.Pt(48, 68)

// Purchase is step 8's window (rules.PhasePurchase, the player acting):
// the Empire piles, what each card costs (10 x face value; Goods points
// or same-suit credits, cards held before the turn counting double) and
// whether the player can pay; buy (ActBuy with the Purchase), then end
// the step keeping at most 5 Goods cards (ActEndPurchase, Keep chosen or
// the default). act as above. Empty container when step 8 is not the
// player's.
//
// The player picks the cards to buy with each pile's − and +; the window
// pays with the Goods cards worth the least that cover the price, and
// ticking cards ("Pay with card 12") pays with those instead. The price
// and the payment are checked as the server checks them (cards.Rules'
// Price) and Buy is greyed with the reason while they fail.
func (k *Cards) Purchase(act func(rules.Action)) *widget.Container {
	k.buyButtons = map[string]*widget.Button{}
	k.buyBody, k.buyAct = nil, act
	v := k.v
	if v == nil || v.Phase != rules.PhasePurchase || v.Seat == 0 || v.Actor != v.Seat || k.me() == nil {
		return widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout()))
	}
	root := kit.WindowBody(k.theme, k.px(16), k.px(8))
	root.AddChild(k.theme.NewText("Purchase Empire cards · step 8", k.theme.HeadingFace(), k.theme.Palette().Accent))
	k.buyBody = cardsColumn(k.px(6))
	area := k.area()
	root.AddChild(kit.NewScrollArea(k.buyBody, kit.ScrollStyle{WheelPart: 3, Handle: k.px(12), Scale: k.theme.Scale()}, area.Y, area))
	k.fillPurchase()
	return root
}

// empireOf returns the seat's Empire cards: held before the turn and
// bought in it.
func (k *Cards) empireOf() *cards.Empire {
	me := k.me()
	return &cards.Empire{Held: me.Empire, New: me.NewEmpire}
}

// supply returns the Empire piles of the view.
func (k *Cards) supply() *cards.EmpireSupply {
	s := &cards.EmpireSupply{}
	for i := range s.Piles {
		s.Piles[i] = k.v.Empires[i]
	}
	return s
}

// checkPiles drops the choice of what to buy and how to pay when the
// piles changed since it was made (a purchase went through).
func (k *Cards) checkPiles() {
	var now [4]int
	for i := range now {
		now[i] = len(k.v.Empires[i])
	}
	if now != k.buy.piles {
		k.buy.piles = now
		k.buy.count = [4]int{}
		k.buy.pay, k.buy.paySet = nil, false
	}
}

// buySuits returns the suits of the cards chosen to buy, in suit order.
func (k *Cards) buySuits() []cards.Suit {
	var out []cards.Suit
	for i, s := range cards.Suits() {
		for range k.buy.count[i] {
			out = append(out, s)
		}
	}
	return out
}

// cheapestPay returns the cards of hand worth the least points together
// that are worth price or more (the fewest cards among those), in the
// hand's order; all of them if none are worth enough. A hand of more than
// 16 cards is paid with all its cards of a value, highest first, until
// the price is met. A price of 0 is paid with no card.
func cheapestPay(hand []cards.GoodsCard, price int) []cards.GoodsID {
	if price <= 0 {
		return nil
	}
	var goods []cards.GoodsCard
	for _, c := range hand {
		if c.Value != 0 {
			goods = append(goods, c)
		}
	}
	if len(goods) > 16 {
		sorted := slices.Clone(goods)
		slices.SortFunc(sorted, func(a, b cards.GoodsCard) int { return b.Value - a.Value })
		var ids []cards.GoodsID
		var took []cards.GoodsCard
		for _, c := range sorted {
			if cards.Points(took) >= price {
				break
			}
			took = append(took, c)
			ids = append(ids, c.ID)
		}
		return ids
	}
	best, bestPts, bestN := uint32(0), -1, 0
	for m := uint32(1); m < 1<<len(goods); m++ {
		var cs []cards.GoodsCard
		for i, c := range goods {
			if m&(1<<i) != 0 {
				cs = append(cs, c)
			}
		}
		p, n := cards.Points(cs), bits.OnesCount32(m)
		if p >= price && (bestPts < 0 || p < bestPts || p == bestPts && n < bestN) {
			best, bestPts, bestN = m, p, n
		}
	}
	var ids []cards.GoodsID
	for i, c := range goods {
		if best&(1<<i) != 0 || bestPts < 0 {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// PurchaseChoice returns the purchase the player builds and what the
// server would say of it: its price after credits and the cards bought,
// or why it is refused.
func (k *Cards) PurchaseChoice() (cards.Purchase, int, []cards.EmpireCard, error) {
	k.checkPiles()
	suits := k.buySuits()
	hand := &cards.Hand{Cards: k.v.Hand}
	p := cards.Purchase{Suits: suits}
	if len(suits) == 0 {
		return p, 0, nil, fmt.Errorf("choose the cards to buy with the piles' +")
	}
	// The price first, paying with every card, to find what to pay.
	all := make([]cards.GoodsID, 0, len(k.v.Hand))
	for _, c := range k.v.Hand {
		all = append(all, c.ID)
	}
	price, _, err := k.cr.Price(k.supply(), k.empireOf(), hand, cards.Purchase{Suits: suits, Goods: all})
	if err != nil && !k.buy.paySet {
		return p, 0, nil, err
	}
	if k.buy.paySet {
		for _, c := range sortedGoods(k.v.Hand) {
			if k.buy.pay[c.ID] {
				p.Goods = append(p.Goods, c.ID)
			}
		}
	} else {
		p.Goods = cheapestPay(k.v.Hand, price)
	}
	price, buy, err := k.cr.Price(k.supply(), k.empireOf(), hand, p)
	return p, price, buy, err
}

// pileLine says what the next card of pile i costs the player, with its
// credit, and whether the player may buy it and pay for it.
func (k *Cards) pileLine(i int) string {
	v := k.v
	suit := cards.Suits()[i]
	pile := v.Empires[i]
	if len(pile) == 0 {
		return fmt.Sprintf("%s: the pile is empty.", suit)
	}
	next := pile[0]
	var rest []string
	for _, c := range pile {
		rest = append(rest, cardRankShort(c.Rank))
	}
	cost, credit := k.cr.Cost(next), k.cr.Credit(k.empireOf(), suit)
	line := fmt.Sprintf("%s: the %s next, %d left (%s). Costs %d", suit, empireShort(next), len(pile), strings.Join(rest, " "), cost)
	if credit > 0 {
		line += fmt.Sprintf(", less your credit of %d: %d points", credit, max(0, cost-credit))
	} else {
		line += " points"
	}
	if bs := k.cr.Bonuses([]cards.EmpireCard{next}); len(bs) > 0 {
		line += fmt.Sprintf(". Gives %s (Table 4)", bs[0])
	}
	all := make([]cards.GoodsID, 0, len(v.Hand))
	for _, c := range v.Hand {
		all = append(all, c.ID)
	}
	_, _, err := k.cr.Price(k.supply(), k.empireOf(), &cards.Hand{Cards: v.Hand}, cards.Purchase{Suits: []cards.Suit{suit}, Goods: all})
	switch have := cards.Points(v.Hand); {
	case err == nil:
	case have < max(0, cost-credit):
		return line + fmt.Sprintf(". Your Goods cards are worth %d: not enough.", have)
	default:
		return line + ". You cannot buy it: " + strings.ReplaceAll(err.Error(), "\n", "; ")
	}
	return line + ". You can pay for it."
}

// defaultKeep returns the cards kept by default at the end of step 8.
func (k *Cards) defaultKeep() map[cards.GoodsID]bool {
	out := map[cards.GoodsID]bool{}
	for _, id := range k.cr.DefaultKeep(&cards.Hand{Cards: k.v.Hand}) {
		out[id] = true
	}
	return out
}

// KeepChoice returns the Goods cards the player keeps at the end of the
// step, in the hand's order: those ticked, or the default.
func (k *Cards) KeepChoice() []cards.GoodsID {
	keep := k.buy.keep
	if !k.buy.keepSet {
		keep = k.defaultKeep()
	}
	var ids []cards.GoodsID
	for _, c := range k.v.Hand {
		if keep[c.ID] {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// toggle ticks or unticks id in *m, starting from from when *set is
// false.
func toggle(m *map[cards.GoodsID]bool, set *bool, from map[cards.GoodsID]bool, id cards.GoodsID) {
	if !*set {
		*m, *set = from, true
	}
	if *m == nil {
		*m = map[cards.GoodsID]bool{}
	}
	if (*m)[id] {
		delete(*m, id)
	} else {
		(*m)[id] = true
	}
}

// buySend sends a.
func (k *Cards) buySend(a rules.Action) {
	if k.buyAct != nil {
		k.buyAct(a)
	}
}

// fillPurchase builds the purchase window's contents again.
func (k *Cards) fillPurchase() {
	body := k.buyBody
	if body == nil || k.v == nil || k.me() == nil {
		return
	}
	body.RemoveChildren()
	k.buyButtons = map[string]*widget.Button{}
	v := k.v
	pal := k.theme.Palette()
	w := k.area().X - k.px(48) // the scroll bar beside
	me := k.me()
	hand := sortedGoods(v.Hand)
	gap, line8, ec := k.px(4), k.px(8), k.pt(empireCard)
	perRow := (w + k.px(6)) / k.px(windowCard.X+2*tickMargin+4)

	k.cardsText(body, fmt.Sprintf("An Empire card costs %d times its face value (Jack %d, Queen %d, King %d). Pay with Goods cards, worth their points together (Table 1: a set counts as one), and with credits: each Empire card you held before this turn counts %d times its face value off every card of its suit you buy. You may hold one card of each face value. No change is given: points left over are lost with the cards.",
		k.cr.Empire.Cost, k.cr.FaceValue(cards.Jack), k.cr.FaceValue(cards.Queen), k.cr.FaceValue(cards.King), k.cr.Empire.Credit), false, pal.TextMuted, w)
	if k.refused != "" {
		k.cardsText(body, "Refused: "+k.refused, false, pal.Error, w)
	}
	k.cardsText(body, fmt.Sprintf("Your Goods cards are worth %d points (%s).", cards.Points(hand), setsLine(hand)), false, pal.Text, w)
	var credits []string
	for _, s := range cards.Suits() {
		if c := k.cr.Credit(k.empireOf(), s); c > 0 {
			credits = append(credits, fmt.Sprintf("%s %d", s, c))
		}
	}
	if len(credits) > 0 {
		k.cardsText(body, "Your credits, off each card of the suit: "+strings.Join(credits, " · "), false, pal.Text, w)
	}
	if len(me.Empire)+len(me.NewEmpire) > 0 {
		k.cardsText(body, "Your Empire cards: "+k.empireList(me.Empire, me.NewEmpire), false, pal.Text, w)
	}

	// The piles.
	k.checkPiles()
	for i, suit := range cards.Suits() {
		pile := v.Empires[i]
		var pic widget.PreferredSizeLocateableWidget
		if len(pile) > 0 {
			pic = widget.NewGraphic(widget.GraphicOpts.Image(k.empireImage(pile[0], k.cr.Cost(pile[0]), ec)))
		} else {
			pic = widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(ec.X, ec.Y)))
		}
		n := k.buy.count[i]
		most := min(len(pile), purchaseMostOfPile)
		minus := k.buttonAs(k.buyButtons, "Buy "+suit.String()+" −", "−", n <= 0, func() { k.buy.count[i] = max(n-1, 0); k.buy.pay, k.buy.paySet = nil, false; k.fillPurchase() })
		plus := k.buttonAs(k.buyButtons, "Buy "+suit.String()+" +", "+", n >= most, func() { k.buy.count[i] = min(n+1, most); k.buy.pay, k.buy.paySet = nil, false; k.fillPurchase() })
		count := k.theme.NewText(fmt.Sprintf(" %d ", n), k.theme.NormalFace(), pal.Text)
		text := k.theme.NewText(k.pileLine(i), k.theme.SmallFace(), pal.Text, widget.TextOpts.MaxWidth(float64(w-ec.X-k.px(110))))
		body.AddChild(cardsLine(line8, pic, minus, count, plus, text))
	}

	// The purchase.
	p, price, buy, err := k.PurchaseChoice()
	cardsGap(body, gap)
	k.cardsText(body, "Your purchase", true, pal.Accent, w)
	if len(buy) > 0 || len(p.Suits) > 0 {
		var names []string
		for _, c := range buy {
			names = append(names, empireShort(c))
		}
		if len(names) > 0 {
			k.cardsText(body, fmt.Sprintf("Buying %s for %d points after credits.", strings.Join(names, ", "), price), false, pal.Text, w)
		}
	}
	k.cardsText(body, "Pay with (ticked; the cheapest that pay until you tick):", false, pal.TextMuted, w)
	grid := cardsRow(perRow, k.px(6))
	paying := map[cards.GoodsID]bool{}
	for _, id := range p.Goods {
		paying[id] = true
	}
	for _, c := range hand {
		grid.AddChild(k.tickCard(k.buyButtons, fmt.Sprintf("Pay with card %d", c.ID), c, paying[c.ID], false, func() {
			toggle(&k.buy.pay, &k.buy.paySet, paying, c.ID)
			k.fillPurchase()
		}))
	}
	body.AddChild(grid)
	var paid []cards.GoodsCard
	for _, c := range hand {
		if paying[c.ID] {
			paid = append(paid, c)
		}
	}
	if len(p.Suits) > 0 {
		line := fmt.Sprintf("Paying with %s worth %d points", words.Count(len(paid), "card", "cards"), cards.Points(paid))
		if lost := cards.Points(paid) - price; err == nil && lost > 0 {
			line += fmt.Sprintf(" (%d lost: no change is given)", lost)
		}
		k.cardsText(body, line+".", false, pal.Text, w)
	}
	if err != nil {
		k.cardsText(body, "Not yet: "+strings.ReplaceAll(err.Error(), "\n", "; "), false, pal.Error, w)
	}
	body.AddChild(cardsLine(line8, k.button(k.buyButtons, "Buy", err != nil, func() {
		k.buySend(rules.Action{Kind: rules.ActBuy, Purchase: p})
	})))

	// The end of the step.
	cardsGap(body, gap)
	keepN := k.cr.Goods.Keep
	k.cardsText(body, fmt.Sprintf("End of the step: you keep at most %d Goods cards", keepN), true, pal.Accent, w)
	keepIDs := k.KeepChoice()
	keeping := map[cards.GoodsID]bool{}
	for _, id := range keepIDs {
		keeping[id] = true
	}
	if len(hand) > 0 {
		kgrid := cardsRow(perRow, k.px(6))
		for _, c := range hand {
			kgrid.AddChild(k.tickCard(k.buyButtons, fmt.Sprintf("Keep card %d", c.ID), c, keeping[c.ID], false, func() {
				toggle(&k.buy.keep, &k.buy.keepSet, keeping, c.ID)
				k.fillPurchase()
			}))
		}
		body.AddChild(kgrid)
	}
	var kept, dropped []cards.GoodsCard
	for _, c := range hand {
		if keeping[c.ID] {
			kept = append(kept, c)
		} else {
			dropped = append(dropped, c)
		}
	}
	how := "the cards worth the most"
	if k.buy.keepSet {
		how = "your choice"
	}
	line := fmt.Sprintf("Keeping %s worth %d points (%s)", words.Count(len(kept), "card", "cards"), cards.Points(kept), how)
	if len(dropped) > 0 {
		var names []string
		for _, c := range dropped {
			names = append(names, goodsName(c))
		}
		line += "; discarding " + strings.Join(names, ", ") + ": back to the bottom of their piles"
	}
	k.cardsText(body, line+".", false, pal.Text, w)
	var keep []cards.GoodsID
	endOff := false
	switch {
	case len(kept) > keepN:
		k.cardsText(body, fmt.Sprintf("Not yet: tick %d cards or fewer to keep.", keepN), false, pal.Error, w)
		endOff = true
	case len(hand) > 0 && len(kept) == 0:
		// An empty choice reads as no choice, the default (ActEndPurchase).
		k.cardsText(body, "Keep one card at least: an empty choice keeps the default.", false, pal.Error, w)
		endOff = true
	case len(hand) > 0:
		keep = keepIDs
	}
	body.AddChild(cardsLine(line8, k.button(k.buyButtons, "End purchasing", endOff, func() {
		k.buySend(rules.Action{Kind: rules.ActEndPurchase, Keep: keep})
	}), k.theme.NewText("Ends your turn.", k.theme.SmallFace(), pal.TextMuted)))
}
