package platformtest_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"empires/shared/registry"
	"empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// generalsRules returns the build's generals ruleset.
func generalsRules(t *testing.T) *generals.Rules {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(generals.ID)
	if !ok {
		t.Fatal("the build has no generals")
	}
	return rs.(*generals.Rules)
}

// readyDeck returns the ready-made deck name of the built-in collection
// as a player sends it (its deck text).
func readyDeck(t *testing.T, name string) []byte {
	t.Helper()
	d, ok := generalsRules(t).Collection().Ready(name)
	if !ok {
		t.Fatalf("the collection has no ready-made deck %q", name)
	}
	return d.Encode()
}

// ownDeck is generals as one player's client holds it: the same rules
// (the same id, data and hash), whose DefaultSeat is that player's own
// deck, so that a headless bot brings it to the table as its seat set-up
// data; with fight, the bot plays it with the fighter, whatever its level.
type ownDeck struct {
	*generals.Rules
	deck  []byte
	fight bool
}

// DefaultSeat returns the player's deck.
func (o ownDeck) DefaultSeat(ruleset.Options) []byte { return o.deck }

// NewAI returns the fighter if the player fights, else generals' AI.
func (o ownDeck) NewAI(level string, seed uint64) (ruleset.AI, error) {
	if o.fight {
		return &fighter{rules: o.Rules, seed: seed}, nil
	}
	return o.Rules.NewAI(level, seed)
}

// ownDeckRegistry returns the build's rulesets with generals bringing deck.
func ownDeckRegistry(t *testing.T, deck []byte) *ruleset.Registry {
	t.Helper()
	return replaceGenerals(t, func(r *generals.Rules) ruleset.Ruleset { return ownDeck{Rules: r, deck: deck} })
}

// fighterRegistry returns the build's rulesets with generals bringing
// deck, played by the fighter.
func fighterRegistry(t *testing.T, deck []byte) *ruleset.Registry {
	t.Helper()
	return replaceGenerals(t, func(r *generals.Rules) ruleset.Ruleset { return ownDeck{Rules: r, deck: deck, fight: true} })
}

// fighter is an AI of the tests that fights, from its seat's view alone:
// among generals' Moves it takes one of the kind it prefers most, chosen
// by a generator seeded with its seed, the step and the seat: an opening of 4 cards from the Draw Pile, a
// blocker (else no blocker), an attack, a unit into the Battlefield, a
// General, another card, a draw, taking the turn, the discard down to the
// limit, going on; never an ability (a Trader's trade spends the pool a
// General needs), a pass, a card discarded from play, a unit back to the
// Warcamp or a resignation while it has another choice. Games of
// the random level see no battle (it seldom brings a unit into the
// Battlefield); the fighter's see battles, Tactics cards played from the
// hand in them, Health won and lost, and a winner.
type fighter struct {
	rules *generals.Rules
	seed  uint64
}

// prefer returns how much the fighter wants a (the most wanted highest).
func (f *fighter) prefer(a generals.Action) int {
	switch a.Kind {
	case generals.ActOpening:
		if a.Count == 4 {
			return 100
		}
	case generals.ActBlock:
		if a.Unit != 0 {
			return 90
		}
		return 80
	case generals.ActAttack:
		return 85
	case generals.ActMove:
		if a.Battlefield {
			return 70
		}
	case generals.ActCard:
		if c, ok := f.rules.Card(a.Card); ok && c.ID.Kind == cards.General {
			return 65
		}
		return 60
	case generals.ActDraw:
		return 50
	case generals.ActPlay:
		return 40
	case generals.ActDiscard:
		return 30
	case generals.ActNext:
		return 10
	}
	return 0
}

// Act implements ruleset.AI.
func (f *fighter) Act(v ruleset.View, _ ruleset.Step, _ ruleset.Seat) ([]byte, error) {
	gv, ok := v.(*generals.View)
	if !ok {
		return nil, fmt.Errorf("the fighter plays generals, not a %T", v)
	}
	var best []generals.Action
	for _, a := range f.rules.Moves(gv) {
		switch {
		case len(best) == 0 || f.prefer(a) > f.prefer(best[0]):
			best = []generals.Action{a}
		case f.prefer(a) == f.prefer(best[0]):
			best = append(best, a)
		}
	}
	if len(best) == 0 {
		return nil, fmt.Errorf("seat %d has no move at step %d", gv.Seat, gv.Seq)
	}
	// The choice is a function of the seed, the step and the seat: a bot
	// asked twice in a step (a concurrent one) chooses alike, and the
	// game goes as it would have.
	rng := rand.New(rand.NewPCG(f.seed, uint64(gv.Seq)<<8|uint64(gv.Seat)))
	a := best[rng.IntN(len(best))]
	return wire.Marshal(&a)
}

// replaceGenerals returns the build's rulesets with generals replaced by
// what with makes of it.
func replaceGenerals(t *testing.T, with func(*generals.Rules) ruleset.Ruleset) *ruleset.Registry {
	t.Helper()
	base, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	var all []ruleset.Ruleset
	for _, rs := range base.All() {
		if r, ok := rs.(*generals.Rules); ok {
			rs = with(r)
		}
		all = append(all, rs)
	}
	reg, err := ruleset.NewRegistry(all...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// leakyGenerals is generals with a leak planted, for
// TestGeneralsLeakCheckFinds: the same ruleset (its id, data and hash),
// whose games tell what they may not.
type leakyGenerals struct {
	*generals.Rules
	plant leakPlant
}

// leakyGeneralsRegistry returns the build's rulesets with generals
// replaced by one with plant.
func leakyGeneralsRegistry(t *testing.T, plant leakPlant) *ruleset.Registry {
	t.Helper()
	return replaceGenerals(t, func(r *generals.Rules) ruleset.Ruleset { return leakyGenerals{Rules: r, plant: plant} })
}

// plainGenerals returns the generals rules rs is or wraps.
func plainGenerals(t *testing.T, rs ruleset.Ruleset) *generals.Rules {
	t.Helper()
	switch r := rs.(type) {
	case *generals.Rules:
		return r
	case leakyGenerals:
		return r.Rules
	case ownDeck:
		return r.Rules
	}
	t.Fatalf("%T is no generals ruleset", rs)
	return nil
}

func (r leakyGenerals) New(cfg ruleset.Config) (ruleset.Game, error) {
	g, err := r.Rules.New(cfg)
	if err != nil {
		return nil, err
	}
	return leakyGeneralsGame{Game: g, plant: r.plant}, nil
}

func (r leakyGenerals) Load(save []byte) (ruleset.Game, error) {
	g, err := r.Rules.Load(save)
	if err != nil {
		return nil, err
	}
	return leakyGeneralsGame{Game: g, plant: r.plant}, nil
}

// leakyGeneralsGame is a generals game that leaks as its plant says.
type leakyGeneralsGame struct {
	ruleset.Game
	plant leakPlant
}

// Default passes on generals' defaults (ruleset.Defaulter).
func (g leakyGeneralsGame) Default(s ruleset.Seat) ([]byte, bool) {
	return g.Game.(ruleset.Defaulter).Default(s)
}

// hand returns seat s's hand.
func (g leakyGeneralsGame) hand(s ruleset.Seat) []generals.CardID {
	return g.Game.View(s, false).(*generals.View).Hand
}

// View plants the leak of leakViews: a player's view shows its
// neighbour's hand on the player's own discard pile (where its AI does
// not look for cards to play); a spectator's shows seat 1's hand on seat
// 1's discard pile.
func (g leakyGeneralsGame) View(s ruleset.Seat, allSeeing bool) ruleset.View {
	v := g.Game.View(s, allSeeing).(*generals.View)
	if g.plant != leakViews || len(v.Players) < g.Seats() {
		return v
	}
	mine, whose := ruleset.Seat(1), ruleset.Seat(1)
	if s != 0 {
		mine, whose = s, s%ruleset.Seat(g.Seats())+1
	}
	p := &v.Players[mine-1]
	p.Discard = append(p.Discard, g.hand(whose)...)
	// A view the game made keeps its checksum and is never changed after
	// (generals.View.Checksum): the changed view is given as a new one,
	// decoded from its bytes, whose checksum is its own.
	data, err := wire.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("encode the leaky view: %v", err))
	}
	var leaky generals.View
	if err := wire.Unmarshal(data, &leaky); err != nil {
		panic(fmt.Sprintf("decode the leaky view: %v", err))
	}
	return &leaky
}

func (g leakyGeneralsGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	out, err := g.Game.Act(s, action)
	if err != nil || g.plant != leakEvents {
		return out, err
	}
	return leakyGeneralsOutcome{Outcome: out, seat: s, hand: g.hand(s)}, nil
}

// leakyGeneralsOutcome is an outcome whose event lists end with an event
// of seat's drawing the cards in its hand, told to everyone.
type leakyGeneralsOutcome struct {
	ruleset.Outcome
	seat ruleset.Seat
	hand []generals.CardID
}

func (o leakyGeneralsOutcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	data, err := o.Outcome.Events(s, allSeeing)
	if err != nil || len(o.hand) == 0 {
		return data, err
	}
	var events []generals.Event
	if len(data) > 0 {
		if err := wire.Unmarshal(data, &events); err != nil {
			return nil, err
		}
	}
	events = append(events, generals.Event{Kind: generals.EventDraw, Seat: o.seat, Count: len(o.hand), Cards: o.hand})
	return wire.Marshal(events)
}
