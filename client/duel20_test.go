package main

import (
	"fmt"
	"image"
	"math"
	"slices"
	"testing"

	"empires/client/app"
	"empires/client/module"
)

// TestDuelTwentyInTheWindow plays Duel at a table of twenty in the real
// client, as a player sets it up: Play vs AI, Duel, the opponents raised
// with "+" to 19, no clocks of the game's own, Start. At the first offering, at 1024x768 and 1920x1080,
// the table shows the player's hand and each of the 19 opponents' places
// along the top, in seat order, inside the table and apart; the top bar
// names the step. The player lays a card (a click, then Enter): the 20
// cards of the offering are revealed on the table, inside it. The
// screenshots are kept (EMPIRES_SCREENSHOTS) to be looked at: whether
// each opponent's name, points and cards can be read there is for a
// person to judge (see NOTES-duel20.md).
func TestDuelTwentyInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1280, 800)
	d.press("Play vs AI")
	d.press("Duel")
	d.frames(5)
	typeSeed(d, "7")
	for range 19 - 3 { // 3 opponents by default
		d.press("+")
	}
	// No clocks of the game's own, so that nothing plays for the player
	// while the test looks: "None" to answer (its row's first button),
	// and "None" per turn, in the row of "10 min", the only row with it.
	d.press("None")
	none, turn := d.button("None"), d.button("10 min")
	d.click((none.Min.X+none.Max.X)/2, (turn.Min.Y+turn.Max.Y)/2, 1)
	d.frames(2)
	d.press("Start")
	d.wait("a Duel game at a table of 20", func(p *app.Probe) bool {
		return p.Screen == "game" && len(duelMarks(p, "card")) > 0 && len(duelMarks(p, "hand")) == 19
	})
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		p := d.wait("the offering", func(p *app.Probe) bool { return duelMove(p) == "offer" })
		checkTwenty(t, p, size)
		d.frames(2)
		d.screenshot()
		keepShot(d, fmt.Sprintf("duel20-%dx%d-offer", size[0], size[1]))
	}

	// The offering: a click lays the lowest card, Enter lays it; the
	// offering of all twenty is revealed.
	p := d.read()
	laid := lowest(p)
	d.clickMark(laid)
	d.wait("the card laid face down", func(p *app.Probe) bool { return len(p.Drafts) == 1 })
	d.key("Return")
	d.wait("the offering revealed", func(p *app.Probe) bool { return len(duelMarks(p, "offering")) == 20 })
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		p := d.wait("the offering revealed", func(p *app.Probe) bool { return len(duelMarks(p, "offering")) == 20 })
		table := image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3])
		for _, m := range duelMarks(p, "offering") {
			if !image.Pt(int(m.X), int(m.Y)).In(table) || !m.OnMap || m.ID == 1 && m.Name != laid.Name {
				t.Errorf("%v: seat %d's offering, the %s, at (%.0f, %.0f): not on the table %v, or not the %s the player laid", size, m.ID, m.Name, m.X, m.Y, table, laid.Name)
			}
		}
		d.frames(2)
		d.screenshot()
		keepShot(d, fmt.Sprintf("duel20-%dx%d-revealed", size[0], size[1]))
	}
}

// checkTwenty checks the table of twenty the probe p shows at size: the
// player's five cards, and the 19 other players' places along the top, in
// seat order from the left, row by row, inside the table and at least 24
// pixels apart in a row;
// the top bar names the round's offering.
func checkTwenty(t *testing.T, p *app.Probe, size [2]int) {
	t.Helper()
	table := image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3])
	if n := len(duelMarks(p, "card")); n != 5 {
		t.Errorf("%v: %d cards in the player's hand, want 5", size, n)
	}
	hands := duelMarks(p, "hand")
	// In reading order: row by row from the top (a row's places share
	// their centre's height), left to right in a row.
	slices.SortFunc(hands, func(a, b module.Mark) int {
		if math.Abs(a.Y-b.Y) > 4 {
			return int(a.Y - b.Y)
		}
		return int(a.X - b.X)
	})
	for i, h := range hands {
		if h.ID != i+2 || h.Units != 5 || !h.OnMap || !image.Pt(int(h.X), int(h.Y)).In(table) {
			t.Errorf("%v: the %d-th place from the left is %q's (seat %d, %d cards) at (%.0f, %.0f), want seat %d's with 5 cards on the table %v",
				size, i+1, h.Name, h.ID, h.Units, h.X, h.Y, i+2, table)
		}
		if i > 0 && h.Y == hands[i-1].Y && h.X-hands[i-1].X < 24 {
			t.Errorf("%v: seat %d's place at x %.0f, seat %d's at %.0f", size, h.ID, h.X, hands[i-1].ID, hands[i-1].X)
		}
	}
	if p.TurnText == "" {
		t.Errorf("%v: the top bar names no step", size)
	}
	t.Logf("%v: the top bar says %q, %q", size, p.TurnText, p.ReadyTxt)
}
