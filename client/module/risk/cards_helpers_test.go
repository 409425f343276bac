package risk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	rules "empires/shared/rules/risk"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// cardsGame is a game of the real engine that a test plays.
type cardsGame struct {
	t testing.TB
	g ruleset.Game
}

// loadCardsGame returns the game saved in testdata/name: a position the
// normal AI reached from a seed, kept as a save so that the AI's changes
// do not move it.
func loadCardsGame(t testing.TB, name string) *cardsGame {
	t.Helper()
	save, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	rs := rules.New()
	g, err := rs.Load(save)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &cardsGame{t: t, g: g}
}

// view returns seat s's view (0: a spectator's).
func (cg *cardsGame) view(s ruleset.Seat) *rules.View {
	return cg.g.View(s, false).(*rules.View)
}

// act plays seat s's action a, stamped with the step, as the server
// would: the rejection, if the game refuses it.
func (cg *cardsGame) act(s ruleset.Seat, a rules.Action) error {
	a.Seq = cg.g.Step().Seq
	b, err := wire.Marshal(&a)
	if err != nil {
		return err
	}
	_, err = cg.g.Act(s, b)
	return err
}

// atTable reports whether seat 1 is at a trading table with another.
func atTable(v *rules.View, st ruleset.Step) bool {
	if v.Phase != rules.PhaseTrade || !v.Players[0].Trader {
		return false
	}
	for _, p := range v.Players[1:] {
		if p.Trader {
			return true
		}
	}
	return false
}

// newTestCards returns a Cards with the client's theme.
func newTestCards(t testing.TB) *Cards {
	t.Helper()
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	return NewCards(th)
}

// rejection returns the reason of a rejection, or err's text.
func rejection(err error) string {
	var rej *ruleset.Rejection
	if errors.As(err, &rej) {
		return rej.Reason
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// click presses the button labelled label of k's windows and section, as
// the UI does on a click; it fails the test if there is none or it is
// disabled.
func click(t *testing.T, k *Cards, label string) {
	t.Helper()
	for _, m := range []map[string]*widget.Button{k.sectionButtons, k.tradeButtons, k.buyButtons} {
		if b, ok := m[label]; ok {
			if b.GetWidget().Disabled {
				t.Fatalf("the button %q is greyed", label)
			}
			b.Click()
			event.ExecuteDeferred()
			return
		}
	}
	t.Fatalf("no button %q among %v", label, buttonLabels(k))
}

// buttonLabels lists the labels of k's buttons.
func buttonLabels(k *Cards) string {
	var out []string
	for l := range k.Buttons() {
		out = append(out, l)
	}
	return strings.Join(out, ", ")
}

// texts returns every text and button label under w, in order.
func texts(w widget.HasWidget) []string {
	var out []string
	switch x := w.(type) {
	case *widget.Text:
		out = append(out, x.Label)
	case *widget.Button:
		if x.Text() != nil {
			out = append(out, x.Text().Label)
		}
	case widget.Containerer:
		for _, ch := range x.Children() {
			out = append(out, texts(ch)...)
		}
	}
	return out
}

// joined returns the texts under w as one string, a line each.
func joined(w *widget.Container) string {
	if w == nil {
		return "(no window)"
	}
	return strings.Join(texts(w), "\n")
}

// describe names a view's state for a failure.
func describe(v *rules.View) string {
	return fmt.Sprintf("round %d, %s, seat %d, hand %v", v.Round, v.Phase, v.Seat, v.Hand)
}

// itoaID writes a card's or an offer's number.
func itoaID[T ~int | ~uint8](id T) string { return strconv.Itoa(int(id)) }
