package deck

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/client/menu"
	"empires/shared/rules/generals/cards"
)

// Sizes of a card of the grid, in pixels: its side, the room between
// cards, the padding inside, and the name's line (drawn by the card's
// button, as its label).
const (
	cardW     = 176
	cardH     = 178
	cardGap   = 8
	cardPad   = 8
	cardNameH = 24
	ruleSize  = 12
	smallSize = 13
)

// kindColor is the band of a card of kind k: units red-brown, the
// Kingdom's cards blue-grey, Tactics purple, resources green, Acts of God
// gold.
func kindColor(k cards.Kind) color.NRGBA {
	switch k {
	case cards.General:
		return color.NRGBA{150, 64, 48, 255}
	case cards.Soldier:
		return color.NRGBA{120, 70, 52, 255}
	case cards.Kingdom:
		return color.NRGBA{64, 94, 138, 255}
	case cards.Strategy:
		return color.NRGBA{70, 110, 120, 255}
	case cards.Tactics:
		return color.NRGBA{108, 72, 134, 255}
	case cards.Resource:
		return color.NRGBA{66, 118, 62, 255}
	case cards.Trader:
		return color.NRGBA{92, 112, 50, 255}
	case cards.ActOfGod:
		return color.NRGBA{150, 120, 40, 255}
	}
	return color.NRGBA{90, 90, 90, 255}
}

// rarityMark is a rarity's mark on a card: none for a common ("it has no
// marking"), U, R, UR.
func rarityMark(r cards.Rarity) string {
	switch r {
	case cards.Uncommon:
		return "U"
	case cards.Rare:
		return "R"
	case cards.UltraRare:
		return "UR"
	}
	return ""
}

// rarityColor is the colour of a rarity's mark.
func rarityColor(r cards.Rarity) color.NRGBA {
	switch r {
	case cards.Uncommon:
		return color.NRGBA{170, 190, 210, 255}
	case cards.Rare:
		return color.NRGBA{236, 172, 76, 255}
	case cards.UltraRare:
		return color.NRGBA{255, 120, 200, 255}
	}
	return color.NRGBA{170, 160, 146, 255}
}

// face is what a card says, as lines to draw: worked out apart from
// drawing, so that a test reads it without a display.
type face struct {
	kind   string // "Soldier · cavalry"
	empire string // "The Huns · EGFETHS4"
	cost   string // "Cost 2 horses", "Free"
	power  string // "3 / 3 · Pull", "" for a card that is no unit
	rules  []string
	mark   string
	copies string // "3 in the deck", "" for none
	why    string // why no copy may be added, "" if one may
}

// faceOf returns what card says, with copies in the deck and why no copy
// may be added.
func faceOf(c *cards.Collection, card *cards.Card, copies int, why string) face {
	f := face{kind: card.ID.Kind.String(), mark: rarityMark(card.Rarity), why: why}
	if card.Subtype != "" {
		f.kind += " · " + card.Subtype
	}
	emp := string(card.ID.Empire)
	if e, ok := c.Empire(card.ID.Empire); ok {
		emp = e.Name
	}
	f.empire = emp + " · " + card.ID.String()
	f.cost = "Free"
	if !card.Cost.Free() {
		f.cost = "Cost " + costWords(&c.Lexicon, card.Cost)
	}
	if card.ID.Kind.Unit() {
		f.power = fmt.Sprintf("Strength %d / Life %d", card.Strength, card.Life)
		if card.Pull {
			f.power += " · Pull"
		}
	}
	for _, r := range card.Rules {
		f.rules = append(f.rules, r.Format(&c.Lexicon))
	}
	if copies > 0 {
		f.copies = fmt.Sprintf("%d in the deck", copies)
	}
	return f
}

// costWords writes cost as the card says it, each resource's plural
// the lexicon's: "3 horses, 2 gold".
func costWords(l *cards.Lexicon, cost cards.Cost) string {
	var parts []string
	for _, a := range cost.Pay {
		name := string(a.Resource)
		if a.N != 1 {
			for _, d := range l.Resources {
				if d.Name == name {
					name = d.Plural
				}
			}
		}
		parts = append(parts, fmt.Sprintf("%d %s", a.N, name))
	}
	if cost.Any > 0 {
		parts = append(parts, fmt.Sprintf("%d any", cost.Any))
	}
	if cost.Discard {
		parts = append(parts, "discard")
	}
	return strings.Join(parts, ", ")
}

// painter draws the cards of a screen at interface size s, in its faces
// (made at that size).
type painter struct {
	p                 menu.Palette
	s                 float64
	small, rule, bold text.Face
}

// px returns n pixels at 100 % in window pixels, rounded.
func (pt *painter) px(n int) int { return int(math.Round(float64(n) * max(pt.s, 1))) }

// paint draws card face f on a new image of a card's size; lit draws the
// border of a card under the pointer.
func (pt *painter) paint(f face, k cards.Kind, lit bool) *ebiten.Image {
	px := pt.px
	w, h := px(cardW), px(cardH)
	tw := float64(px(cardW - 2*cardPad)) // the width of a line of text
	img := ebiten.NewImage(w, h)
	band := kindColor(k)
	bg := color.NRGBA{40, 36, 32, 255}
	if f.copies != "" {
		bg = color.NRGBA{58, 48, 34, 255}
	}
	img.Fill(bg)
	vector.FillRect(img, 0, 0, float32(w), float32(px(cardNameH+2)), band, false)
	border, bw := pt.p.PanelBorder, 1
	switch {
	case lit:
		border, bw = pt.p.Focus, 2
	case f.copies != "":
		border, bw = pt.p.Accent, 2
	}
	b := float32(px(bw))
	vector.StrokeRect(img, b/2, b/2, float32(w)-b, float32(h)-b, b, border, false)
	x := float64(px(cardPad))
	y := float64(px(cardNameH + 5))
	gap := float64(px(2))
	line := func(s string, fc text.Face, c color.Color) {
		kit.DrawText(img, fc, kit.Fit(s, fc, tw), x, y, c)
		y += fc.Metrics().HAscent + fc.Metrics().HDescent + gap
	}
	line(f.kind, pt.small, pt.p.Text)
	line(f.empire, pt.rule, pt.p.TextMuted)
	line(f.cost, pt.rule, pt.p.Text)
	if f.power != "" {
		line(f.power, pt.bold, pt.p.Accent)
	}
	// The rules, as many lines as fit above the foot, the last cut
	// with "...".
	foot := float64(px(cardH - cardPad - 16))
	var rows []string
	for _, r := range f.rules {
		rows = append(rows, kit.Wrap(r, pt.rule, tw)...)
	}
	y += gap
	lh := pt.rule.Metrics().HAscent + pt.rule.Metrics().HDescent + gap
	room := max(int((foot-gap-y)/lh), 0)
	if len(rows) > room && room > 0 {
		rows = append(rows[:room-1], kit.Fit(strings.TrimSpace(rows[room-1])+" ...", pt.rule, tw))
	}
	for _, r := range rows[:min(len(rows), room)] {
		line(r, pt.rule, color.NRGBA{220, 210, 190, 255})
	}
	// The foot: the copies in the deck, or why none may be added; the
	// rarity's mark in the corner.
	switch {
	case f.copies != "":
		kit.DrawText(img, pt.bold, f.copies, x, foot, pt.p.Accent)
	case f.why != "":
		kit.DrawText(img, pt.rule, kit.Fit(f.why, pt.rule, tw-float64(px(28))), x, foot+gap, pt.p.Error)
	}
	if f.mark != "" {
		mw, _ := text.Measure(f.mark, pt.bold, 0)
		kit.DrawText(img, pt.bold, f.mark, float64(w-px(cardPad))-mw, foot, rarityColor(rarityOf(f.mark)))
	}
	return img
}

// rarityOf reads a rarity's mark back.
func rarityOf(mark string) cards.Rarity {
	switch mark {
	case "U":
		return cards.Uncommon
	case "R":
		return cards.Rare
	case "UR":
		return cards.UltraRare
	}
	return cards.Common
}
