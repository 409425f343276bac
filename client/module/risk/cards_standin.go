package risk

import (
	"fmt"
	"image"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/menu"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// Cards is a small stand-in of the card half of the screen (the hand,
// the trading table, the purchase window), until the card half lands.
type Cards struct {
	theme *menu.Theme
	v     *rules.View
}

// NewCards returns the card half, drawing with theme.
func NewCards(theme *menu.Theme) *Cards { return &Cards{theme: theme} }

// SetView gives the view the windows and sections are built from.
func (k *Cards) SetView(v *rules.View) { k.v = v }

// Section fills c with the seat's hand.
func (k *Cards) Section(c *widget.Container, width int) {
	if k.v == nil || k.v.Seat == 0 {
		return
	}
	pal := k.theme.Palette()
	var vals []string
	for _, g := range k.v.Hand {
		vals = append(vals, g.String())
	}
	c.AddChild(kit.SmallText(k.theme, fmt.Sprintf("Your Goods cards: %s", joinAnd(vals)), pal.Text, widget.TextOpts.MaxWidth(float64(width))))
}

// TradeTable is the trading step's window.
func (k *Cards) TradeTable(act func(rules.Action)) *widget.Container {
	c := kit.WindowBody(k.theme, 12, 6)
	v := k.v
	if v == nil || v.Seat == 0 {
		return c
	}
	pal := k.theme.Palette()
	c.AddChild(kit.Text(k.theme, "The trading table", pal.Accent))
	hand := &cards.Hand{Cards: v.Hand}
	var ids []cards.GoodsID
	for i, g := range v.Hand {
		if i < 3 {
			ids = append(ids, g.ID)
		}
	}
	st, err := cards.TrueStatement(hand, ids)
	for _, o := range v.Offers {
		if o.To != v.Seat {
			continue
		}
		c.AddChild(kit.SmallText(k.theme, fmt.Sprintf("%s offers you %s", v.Players[o.From-1].Name, o.Statement), pal.Text))
		id := o.ID
		if err == nil {
			c.AddChild(k.theme.NewButton(fmt.Sprintf("Accept offer %d", id), func() {
				act(rules.Action{Kind: rules.ActAccept, Offer: id, Part: cards.Part{Cards: ids, Statement: st}})
			}))
		}
	}
	for i, p := range v.Players {
		s := ruleset.Seat(i + 1)
		if s == v.Seat || !p.Trader || err != nil {
			continue
		}
		c.AddChild(k.theme.NewButton("Offer 3 cards to "+p.Name, func() {
			act(rules.Action{Kind: rules.ActOffer, Seat: s, Part: cards.Part{Cards: ids, Statement: st}})
		}))
	}
	c.AddChild(k.theme.NewButton("Leave the table", func() { act(rules.Action{Kind: rules.ActDone}) }))
	return c
}

// Purchase is step 8's window.
func (k *Cards) Purchase(act func(rules.Action)) *widget.Container {
	c := kit.WindowBody(k.theme, 12, 6)
	c.AddChild(k.theme.NewButton("End purchasing", func() { act(rules.Action{Kind: rules.ActEndPurchase}) }))
	return c
}

// Buttons are the window's and section's buttons by label.
func (k *Cards) Buttons() map[string]image.Rectangle { return nil }
