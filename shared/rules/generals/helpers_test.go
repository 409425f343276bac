package generals

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// rule holds the package doc's rules by number, for the tests to log the
// one they check.
var rule = map[int]string{
	1:  "Each player brings its decks (seat set-up data), checked for the game type and the variation's deck sizes",
	2:  "The opening: every player at once chooses how many of its 7 opening cards come from the Draw Pile",
	3:  "Cultural Health starts at 0 and the game's length sets the Health that wins and the one that puts a player out",
	4:  "A turn begins with the declaration: Play, or Pass, which ends the turn at once and may not be done twice in a row; drawing a card declares Play.",
	5:  "The phases follow in order, each ended by going on, never back",
	6:  "Draw: one card from either pile, or none. An empty pile draws nothing; in Southpole a player whose two piles are empty recycles its discard pile",
	7:  "Harvest: the turn's pool is the harvest of the Resource Area and of the Kingdom cards in play",
	8:  "Kingdom: Kingdom and Strategy cards are played, paid from the pool",
	9:  "Army: Soldiers come into the Warcamp and suffer Pull; Generals ... one in play unless a card allows more",
	10: "Attack: at most one attack a turn, by a unit of the Battlefield, against one opponent still playing",
	11: "Once a blocker is presented, the attacker, then the defender, may play Tactics cards on the battle",
	12: "The attacker kills when its Strength is greater than the blocker's Life ... a tie is the defender's",
	13: "Resolve: resolve rules act, the effects until the end of the turn end, the Acts of God are discarded, and the player discards down to its hand limit",
	14: "A card's rules act as package cards says",
	15: "Once an ultra rare card comes into play no one may play it again; when it leaves play it leaves the game.",
	16: "A player at the losing Health is out and its cards leave play.",
	17: "A player may resign at any step it acts in.",
	18: "After the round limit's last round the most Health wins; a tie is drawn.",
	19: "A player has 30 seconds (the setting \"Time to answer\") for an answer out of its turn",
}

// table is a game set up for a rule's test.
type table struct {
	*game
	t *testing.T
}

// newTable returns a game of seats players past the opening, seat 1's
// turn at its Declare step, every hand empty (the opening cards
// discarded), with opts.
func newTable(t *testing.T, seats int, opts ruleset.Options) *table {
	t.Helper()
	return newTableOf(t, New(), seats, opts)
}

// newTableOf is newTable with the ruleset rs.
func newTableOf(t *testing.T, rs *Rules, seats int, opts ruleset.Options) *table {
	t.Helper()
	cfg := config(1, seats, 40)
	for k, v := range opts {
		cfg.Options[k] = v
	}
	gg, err := rs.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := &table{game: gg.(*game), t: t}
	for p := 1; p <= seats; p++ {
		g.act(ruleset.Seat(p), Action{Kind: ActOpening, Count: 7})
	}
	g.s.First, g.s.Active, g.s.Phase = 1, 1, PhaseDeclare
	for i := range g.s.Players {
		pl := &g.s.Players[i]
		pl.Discard = append(pl.Discard, pl.Hand...)
		pl.Hand = nil
	}
	return g
}

// give puts cards into seat p's hand (and into the decks it brought).
func (g *table) give(p ruleset.Seat, ids ...CardID) {
	pl := g.pl(p)
	pl.Hand = append(pl.Hand, ids...)
	pl.Brought = append(pl.Brought, ids...)
	slices.Sort(pl.Brought)
}

// put puts card id of seat p into play in zone, as if it came an earlier
// turn, and returns its ref.
func (g *table) put(p ruleset.Seat, id CardID, zone Zone) Ref {
	pl := g.pl(p)
	pl.Brought = append(pl.Brought, id)
	slices.Sort(pl.Brought)
	ref := g.comeIntoPlay(p, id, zone)
	c, _ := g.find(ref)
	c.Fresh = false
	return ref
}

// act plays seat p's action (stamped with the step), which must be
// accepted, checks that the game saves and loads back, and returns the
// events p hears.
func (g *table) act(p ruleset.Seat, a Action) []Event {
	g.t.Helper()
	a.Seq = g.s.Seq
	b, _ := wire.Marshal(&a)
	out, err := g.Act(p, b)
	if err != nil {
		g.t.Fatalf("seat %d: %s: %v", p, describe(a), err)
	}
	save, err := g.Save()
	if err != nil {
		g.t.Fatal(err)
	}
	if _, err := g.r.Load(save); err != nil {
		g.t.Fatalf("after %s: %v", describe(a), err)
	}
	data, err := out.Events(p, false)
	if err != nil {
		g.t.Fatal(err)
	}
	evs, err := DecodeEvents(data)
	if err != nil {
		g.t.Fatal(err)
	}
	return evs
}

// refuse checks that seat p's action is refused with a reason holding
// want, and that the game did not change.
func (g *table) refuse(p ruleset.Seat, a Action, want string) {
	g.t.Helper()
	a.Seq = g.s.Seq
	before, _ := g.Save()
	b, _ := wire.Marshal(&a)
	_, err := g.Act(p, b)
	if err == nil {
		g.t.Fatalf("seat %d: %s accepted, want refused: %s", p, describe(a), want)
	}
	if !strings.Contains(err.Error(), want) {
		g.t.Errorf("seat %d: %s refused with %q, want %q", p, describe(a), err, want)
	}
	if after, _ := g.Save(); string(after) != string(before) {
		g.t.Errorf("the refused %s changed the game", describe(a))
	}
}

// to takes the active player from its Declare step (or any phase) on to
// phase ph.
func (g *table) to(ph Phase) {
	g.t.Helper()
	for g.s.Phase != ph {
		switch g.s.Phase {
		case PhaseDeclare:
			g.act(g.s.Active, Action{Kind: ActPlay})
		case PhaseOver:
			g.t.Fatalf("the game is over before the %s Phase", phaseName(ph))
		default:
			g.act(g.s.Active, Action{Kind: ActNext})
		}
	}
}

// unit returns the unit ref as p sees it now.
func (g *table) unit(ref Ref) InPlay {
	c, _ := g.view(0, true).find(ref)
	if c == nil {
		return InPlay{}
	}
	return *c
}

// inPlay reports whether ref is in play.
func (g *table) inPlay(ref Ref) bool {
	c, _ := g.find(ref)
	return c != nil
}

// kinds returns the kinds of events, in order.
func kinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// find returns the first event of kind k, or the zero Event.
func findEvent(evs []Event, k EventKind) Event {
	for _, e := range evs {
		if e.Kind == k {
			return e
		}
	}
	return Event{}
}

// pool makes a pool of amounts written "2 horse, 1 water".
func pool(t *testing.T, s string) []cards.Amount {
	t.Helper()
	rs := New()
	c, err := cards.ParseCost(&rs.coll.Lexicon, s)
	if err != nil {
		t.Fatal(err)
	}
	var out []cards.Amount
	for _, a := range c.Pay {
		out = rs.addAmount(out, a)
	}
	return out
}
