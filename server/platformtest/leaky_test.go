package platformtest_test

import (
	"testing"

	"empires/shared/registry"
	"empires/shared/rules/risk"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// leakPlant is a leak leakyRules plants.
type leakPlant int

const (
	// leakEvents: every event list names the acting seat's Goods cards
	// to everyone, as an event of drawing them.
	leakEvents leakPlant = iota
	// leakViews: every view, a spectator's too, shows the cards of every
	// open offer, not only its own seat's; a player's shows its
	// neighbour's hand among its Disasters.
	leakViews
)

func (p leakPlant) String() string {
	if p == leakViews {
		return "views"
	}
	return "events"
}

// leakyRules is risk with a leak planted, for TestRiskLeakCheckFinds: the
// same ruleset (its id, data and hash), whose games tell what they may
// not.
type leakyRules struct {
	*risk.Rules
	plant leakPlant
}

// leakyRegistry returns the build's rulesets with risk replaced by one
// with plant.
func leakyRegistry(t *testing.T, plant leakPlant) *ruleset.Registry {
	t.Helper()
	base, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	var all []ruleset.Ruleset
	for _, rs := range base.All() {
		if r, ok := rs.(*risk.Rules); ok {
			rs = leakyRules{Rules: r, plant: plant}
		}
		all = append(all, rs)
	}
	reg, err := ruleset.NewRegistry(all...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// plainRisk returns the risk rules rs is or wraps.
func plainRisk(t *testing.T, rs ruleset.Ruleset) *risk.Rules {
	t.Helper()
	switch r := rs.(type) {
	case *risk.Rules:
		return r
	case leakyRules:
		return r.Rules
	}
	t.Fatalf("%T is no risk ruleset", rs)
	return nil
}

func (r leakyRules) New(cfg ruleset.Config) (ruleset.Game, error) {
	g, err := r.Rules.New(cfg)
	if err != nil {
		return nil, err
	}
	return leakyGame{Game: g, plant: r.plant}, nil
}

func (r leakyRules) Load(save []byte) (ruleset.Game, error) {
	g, err := r.Rules.Load(save)
	if err != nil {
		return nil, err
	}
	return leakyGame{Game: g, plant: r.plant}, nil
}

// leakyGame is a risk game that leaks as its plant says.
type leakyGame struct {
	ruleset.Game
	plant leakPlant
}

// Default passes on risk's defaults (ruleset.Defaulter).
func (g leakyGame) Default(s ruleset.Seat) ([]byte, bool) {
	return g.Game.(ruleset.Defaulter).Default(s)
}

func (g leakyGame) View(s ruleset.Seat, allSeeing bool) ruleset.View {
	v := g.Game.View(s, allSeeing).(*risk.View)
	if g.plant != leakViews {
		return v
	}
	if s != 0 {
		next := s%ruleset.Seat(g.Seats()) + 1
		v.Disasters = append(v.Disasters, g.Game.View(next, false).(*risk.View).Hand...)
	}
	for i, o := range v.Offers {
		for _, mine := range g.Game.View(o.From, false).(*risk.View).Offers {
			if mine.ID == o.ID {
				v.Offers[i].Cards = mine.Cards
			}
		}
	}
	return v
}

func (g leakyGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	out, err := g.Game.Act(s, action)
	if err != nil || g.plant != leakEvents {
		return out, err
	}
	return leakyOutcome{Outcome: out, seat: s, hand: g.Game.View(s, false).(*risk.View)}, nil
}

// leakyOutcome is an outcome whose event lists end with an event of seat's
// drawing the cards in its hand, told to everyone.
type leakyOutcome struct {
	ruleset.Outcome
	seat ruleset.Seat
	hand *risk.View
}

func (o leakyOutcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	data, err := o.Outcome.Events(s, allSeeing)
	if err != nil || len(o.hand.Hand) == 0 {
		return data, err
	}
	events, err := risk.DecodeEvents(data)
	if err != nil {
		return nil, err
	}
	events = append(events, risk.Event{Kind: risk.EventDraw, Seat: o.seat, Value: len(o.hand.Hand), Goods: o.hand.Hand})
	return wire.Marshal(events)
}
