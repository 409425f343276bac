package risk

import (
	"errors"
	"fmt"
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

// cardsGame is a game of the real engine whose seats the AI plays until
// a test takes over.
type cardsGame struct {
	t   testing.TB
	g   ruleset.Game
	ais map[ruleset.Seat]ruleset.AI
}

// newCardsGame starts a game of seats players on a generated map of 12
// territories, seed seed, the normal AI ready on every seat.
func newCardsGame(t testing.TB, seed uint64, seats int) *cardsGame {
	t.Helper()
	rs := rules.New()
	names := []string{"Anna", "Bert", "Cleo", "Dmitri"}[:seats]
	g, err := rs.New(ruleset.Config{Seed: seed, Seats: seats, Names: names, Options: ruleset.Options{
		rules.KeyMap: rules.MapGenerated, rules.KeyTerritories: 12, rules.KeySetup: rules.SetupDeal}})
	if err != nil {
		t.Fatal(err)
	}
	cg := &cardsGame{t: t, g: g, ais: map[ruleset.Seat]ruleset.AI{}}
	for s := range seats {
		ai, err := rs.NewAI("normal", seed*10+uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		cg.ais[ruleset.Seat(s+1)] = ai
	}
	return cg
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

// aiStep lets the AI of one of the step's actors other than skip act; it
// returns false if no such actor is asked.
func (cg *cardsGame) aiStep(skip ruleset.Seat) bool {
	cg.t.Helper()
	st := cg.g.Step()
	var actors []ruleset.Seat
	for _, s := range st.Actors {
		if s != skip {
			actors = append(actors, s)
		}
	}
	if len(actors) == 0 {
		return false
	}
	s := actors[int(st.Seq)%len(actors)]
	b, err := cg.ais[s].Act(cg.g.View(s, false), st, s)
	if err != nil {
		cg.t.Fatal(err)
	}
	if _, err := cg.g.Act(s, b); err != nil {
		cg.t.Fatalf("seat %d's AI: %v", s, err)
	}
	return true
}

// playUntil lets the AIs play every seat until stop holds of seat 1's
// view and the step, at most 3000 actions; false if it never does.
func (cg *cardsGame) playUntil(stop func(v *rules.View, st ruleset.Step) bool) bool {
	cg.t.Helper()
	for range 3000 {
		if stop(cg.view(1), cg.g.Step()) {
			return true
		}
		if !cg.aiStep(0) {
			return false
		}
	}
	return false
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
