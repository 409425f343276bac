package duel

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// card reads a card written as in the tests: "7cups".
func card(t *testing.T, s string) Card {
	t.Helper()
	i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	rank, err := strconv.Atoi(s[:max(i, 0)])
	suit := slices.Index(New().Deck().Suits, s[max(i, 0):])
	if i <= 0 || err != nil || suit < 0 {
		t.Fatalf("bad card %q in a test", s)
	}
	return Card{Suit: uint8(suit), Rank: uint8(rank)}
}

// cards reads space-separated cards.
func cards(t *testing.T, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		out = append(out, card(t, f))
	}
	return out
}

// table is a game position for a rule test, on the built-in deck file,
// with players Anna, Bert, Cleo and Dmitri, one for each hand. Each
// player's deck as brought holds its hand, its draw pile, the attack card
// if it is the attacker's, and as many more cards as make a deck
// (Deck.PlayerDeck), which lie on the discard pile.
type table struct {
	hands []string
	// decks are the seats' draw piles, each the next card drawn first; a
	// seat beyond them has an empty one. nil gives every seat "10cups".
	decks         []string
	points        []int
	phase         Phase // PhaseAttack unless set
	round, rounds int   // 1 of 6 unless set
	turn          int
	defender      ruleset.Seat
	attack        string
	winner        ruleset.Seat
}

// fill reports whether a deck holding own may take one more c, holding at
// most copies of a card.
func fill(own []Card, c Card, copies int) bool {
	n := 0
	for _, x := range own {
		if x == c {
			n++
		}
	}
	return n < copies
}

// tableSeq is the step every table is at.
const tableSeq = 5

// build makes the game t describes.
func (tb table) build(t *testing.T) *game {
	t.Helper()
	rs := New()
	d := rs.Deck()
	n := len(tb.hands)
	g := &game{deck: d, hash: rs.hash, rng: rand.NewPCG(1, 2)}
	s := &g.s
	*s = state{
		Format: saveFormat, Hash: rs.hash, Names: []string{"Anna", "Bert", "Cleo", "Dmitri"}[:n],
		Rounds: 6, Answer: DefaultAnswer, TurnTime: DefaultTurn, Round: 1, Phase: PhaseAttack, Seq: tableSeq, Turn: tb.turn,
		Defender: tb.defender, Points: make([]int, n), Missed: make([]int, n), Winner: tb.winner,
	}
	if tb.rounds > 0 {
		s.Rounds = tb.rounds
	}
	if tb.round > 0 {
		s.Round = tb.round
	}
	if tb.phase != 0 {
		s.Phase = tb.phase
	}
	if tb.points != nil {
		s.Points = slices.Clone(tb.points)
	}
	decks := tb.decks
	if decks == nil {
		decks = slices.Repeat([]string{"10cups"}, n)
	}
	for i, h := range tb.hands {
		s.Hands = append(s.Hands, sortedHand(cards(t, h)))
		var pile []Card
		if i < len(decks) {
			pile = cards(t, decks[i])
			slices.Reverse(pile)
		}
		s.Decks = append(s.Decks, nilIfEmpty(pile))
	}
	if tb.attack != "" {
		s.Attack = card(t, tb.attack)
	}
	for i := range n {
		own := append(slices.Clone(s.Hands[i]), s.Decks[i]...)
		if tb.attack != "" && ruleset.Seat(i+1) == g.attacker() {
			own = append(own, s.Attack)
		}
		for _, c := range slices.Repeat(d.Cards(), d.Copies) {
			if len(own) == d.PlayerDeck {
				break
			}
			if fill(own, c, d.Copies) {
				own = append(own, c)
				s.Discard = append(s.Discard, c)
			}
		}
		s.Brought = append(s.Brought, sortedHand(own))
	}
	if err := s.check(d, rs.hash); err != nil {
		t.Fatalf("the test's table: %v", err)
	}
	return g
}

// play is what a rule test plays: an offering (a card by seat, "" for a
// seat that lays nothing) or seat's action.
type play struct {
	offers []string
	seat   ruleset.Seat
	kind   ActionKind
	target ruleset.Seat
	card   string
	// stale sends the input for the step before.
	stale bool
}

// The plays of the rule tests.
func attack(by, target ruleset.Seat, c string) play {
	return play{seat: by, kind: ActAttack, target: target, card: c}
}
func pass(by ruleset.Seat) play            { return play{seat: by, kind: ActPass} }
func block(by ruleset.Seat, c string) play { return play{seat: by, kind: ActBlock, card: c} }
func take(by ruleset.Seat) play            { return play{seat: by, kind: ActTake} }
func offer(cards ...string) play           { return play{offers: cards} }
func staleOf(p play) play                  { p.stale = true; return p }

// marshal encodes v for the wire.
func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := wire.Marshal(v)
	must(t, err)
	return b
}

// must stops the test on an error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// run plays p on g as the server would: each offer through Check, then
// Resolve; an action through Act.
func (p play) run(t *testing.T, g *game) (*outcome, error) {
	t.Helper()
	seq := g.s.Seq
	if p.stale {
		seq--
	}
	if p.offers != nil {
		var subs []ruleset.Submission
		for i, c := range p.offers {
			if c == "" {
				continue
			}
			s := ruleset.Seat(i + 1)
			orders := marshal(t, &Offer{Seq: seq, Card: card(t, c)})
			rej, err := g.Check(s, orders)
			if err != nil {
				return nil, err
			}
			if len(rej) > 0 {
				return nil, &rej[0]
			}
			subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			return nil, err
		}
		return out.(*outcome), nil
	}
	a := Action{Seq: seq, Kind: p.kind, Target: p.target}
	if p.card != "" {
		a.Card = card(t, p.card)
	}
	out, err := g.Act(p.seat, marshal(t, &a))
	if err != nil {
		return nil, err
	}
	return out.(*outcome), nil
}

// want is what a rule test expects; zero fields are not checked.
type want struct {
	// err is in the rejection's words; the game must not change.
	err    string
	points []int
	hands  []string
	// decks are the numbers of cards left in the seats' decks (nil: not
	// checked).
	decks  []int
	phase  Phase
	round  int
	actors []ruleset.Seat
	// events are the kinds of the events, in order.
	events []EventKind
	// over and winner: the game has ended, won by winner (0: a draw).
	over   bool
	winner ruleset.Seat
}

// The rule sentences of the package doc, by number.
var rule = map[int]string{
	1:  "1. each player plays with a deck of its own, shuffled with the game's seed, and is dealt a hand of 5 cards from it, which only that player sees",
	2:  "2. every player holding cards lays one face down at the same time; they are revealed together and discarded",
	3:  "3. the highest offering scores 1 point; players who tie for it each score 1",
	4:  "4. a player who lays nothing offers its lowest card",
	5:  "5. each player in round order may attack another player who holds cards with a card from its hand, or pass",
	6:  "6. the defender blocks with a higher card of the attack card's suit, scores 1 point, and both cards are discarded",
	7:  "7. or it takes the hit: the attacker scores 2 points and rolls a die; on a 5 or a 6 the defender loses a card drawn at random",
	8:  "8. every later round begins with each player, in round order, drawing up to 5 cards from its own deck while it lasts",
	9:  "9. a player who holds no cards when its own deck is empty is out",
	10: "10. the game ends after the last round, or as soon as at most one player is left; the last player left wins; otherwise the most points win, then the most cards in hand; still tied, the game is drawn",
	11: "11. a player has 30 seconds to lay its card or to answer an attack, and 2 minutes for its attack turn, which the defender's answer does not spend; a player whose time runs out lays its lowest card, passes or takes the hit",
	12: "12. each player brings its deck: 20 cards of the deck file's suits and ranks, at most 2 copies of a card; one who brings none plays the balanced deck; no one sees another's deck, nor the order of its own, only how many cards each has left",
}

func TestRules(t *testing.T) {
	offering := table{phase: PhaseOffer, hands: []string{"7cups 2coins", "3swords 9clubs 1cups", "4clubs 5clubs"}}
	attacking := table{hands: []string{"7cups 2coins", "9cups 3swords", "4clubs"}}
	defending := table{phase: PhaseDefend, defender: 2, attack: "7cups", hands: []string{"2coins", "9cups 5cups 9coins", "4clubs"}}
	tests := []struct {
		rule int
		name string
		have table
		play play
		want want
	}{
		{2, "the offerings are revealed and discarded", offering, offer("7cups", "3swords", "5clubs"), want{
			hands: []string{"2coins", "1cups 9clubs", "4clubs"}, phase: PhaseAttack, actors: []ruleset.Seat{1},
			events: []EventKind{EventReveal, EventReveal, EventReveal, EventScore}}},
		{3, "the highest offering scores", offering, offer("2coins", "9clubs", "5clubs"), want{points: []int{0, 1, 0}}},
		{3, "a tie for the highest scores each", table{phase: PhaseOffer, hands: []string{"9cups 1cups", "9coins", "4clubs"}},
			offer("9cups", "9coins", "4clubs"), want{points: []int{1, 1, 0}}},
		{4, "a seat laying nothing offers its lowest card", offering, offer("7cups", "", "5clubs"), want{
			points: []int{1, 0, 0}, hands: []string{"2coins", "3swords 9clubs", "4clubs"},
			events: []EventKind{EventAutopilot, EventReveal, EventReveal, EventReveal, EventScore}}},
		{2, "a card not held", offering, offer("8cups"), want{err: "lay the 8 of cups: you hold no 8 of cups"}},
		{2, "no offering in an attack turn", attacking, offer("7cups"), want{err: "no card is laid now: it is Anna's turn"}},
		{2, "orders for the step before", offering, staleOf(offer("7cups")), want{err: "this answers step 4, and the game is at step 5"}},

		{5, "an attack asks the defender", attacking, attack(1, 2, "7cups"), want{
			phase: PhaseDefend, actors: []ruleset.Seat{2}, hands: []string{"2coins", "3swords 9cups", "4clubs"},
			events: []EventKind{EventAttack}}},
		{5, "a defender with no card to block is asked too", attacking, attack(1, 3, "7cups"), want{
			phase: PhaseDefend, actors: []ruleset.Seat{3}}},
		{5, "a pass gives the turn to the next in round order", attacking, pass(1), want{
			phase: PhaseAttack, actors: []ruleset.Seat{2}, events: []EventKind{EventPass}}},
		{5, "round 2 of 3 players goes Bert, Cleo, Anna", table{round: 2, turn: 1, hands: attacking.hands},
			pass(3), want{actors: []ruleset.Seat{1}}},
		{5, "a player holding no cards has no turn", table{hands: []string{"7cups", "", "4clubs"}},
			pass(1), want{actors: []ruleset.Seat{3}}},
		{5, "a player who sees no one to attack has no turn; one holding no cards draws from its deck",
			table{phase: PhaseDefend, defender: 2, attack: "7cups", hands: []string{"", "9cups", "2coins"}, decks: []string{"1cups", "10cups"}},
			block(2, "9cups"), want{
				round: 2, phase: PhaseOffer, actors: []ruleset.Seat{1, 2, 3}, hands: []string{"1cups", "10cups", "2coins"}, decks: []int{0, 0, 0},
				events: []EventKind{EventBlock, EventScore, EventRound, EventDraw, EventDraw}}},
		{5, "not the attacker's turn", attacking, attack(2, 1, "9cups"), want{err: "attack Anna with the 9 of cups: it is Anna's turn"}},
		{5, "an attack with a card not held", attacking, attack(1, 2, "8cups"), want{err: "you hold no 8 of cups"}},
		{5, "an attack on oneself", attacking, attack(1, 1, "7cups"), want{err: "you cannot attack yourself"}},
		{5, "an attack on a player holding no cards", table{hands: []string{"7cups", "9cups", ""}},
			attack(1, 3, "7cups"), want{err: "Cleo holds no cards"}},
		{5, "an attack on no seat", attacking, attack(1, 7, "7cups"), want{err: "there is no seat 7 at this table"}},
		{5, "a block in an attack turn", attacking, block(1, "7cups"), want{err: "it is your turn: attack or pass"}},
		{5, "an action for the step before", attacking, staleOf(pass(1)), want{err: "this answers step 4"}},

		{6, "a block scores and discards both cards", defending, block(2, "9cups"), want{
			points: []int{0, 1, 0}, hands: []string{"2coins", "5cups 9coins", "4clubs"}, phase: PhaseAttack, actors: []ruleset.Seat{2},
			events: []EventKind{EventBlock, EventScore}}},
		{6, "a lower card of the suit does not block", defending, block(2, "5cups"), want{err: "block with a cups card higher than 7"}},
		{6, "a higher card of another suit does not block", defending, block(2, "9coins"), want{err: "block with a cups card higher than 7"}},
		{6, "only the defender answers", defending, take(1), want{err: "Bert must answer Anna's attack"}},
		{6, "the defender neither blocks nor takes", defending, pass(2), want{err: "you are attacked: block or take the hit"}},
		{7, "taking the hit scores 2 for the attacker", defending, take(2), want{
			points: []int{2, 0, 0}, phase: PhaseAttack, actors: []ruleset.Seat{2}}},

		{8, "a new round: draws in round order, each from its own deck while it lasts",
			table{turn: 1, hands: []string{"2cups", "3coins 4coins"}, decks: []string{"8cups 9cups", "5cups 6cups 7cups 1clubs"}},
			pass(2), want{
				round: 2, phase: PhaseOffer, actors: []ruleset.Seat{1, 2}, decks: []int{0, 1},
				hands:  []string{"2cups 8cups 9cups", "5cups 6cups 7cups 3coins 4coins"},
				events: []EventKind{EventPass, EventRound, EventDraw, EventDraw}}},
		{8, "a player's hand is not filled from another's deck", table{turn: 1, hands: []string{"2cups", "3coins 4coins"}, decks: []string{"", "5cups 6cups 7cups 1clubs"}},
			pass(2), want{round: 2, hands: []string{"2cups", "5cups 6cups 7cups 3coins 4coins"}, decks: []int{0, 1}}},
		{9, "a player who attacks with its last card, its deck empty, is out; the attack is still answered",
			table{hands: []string{"7cups", "9cups 3coins"}, decks: []string{""}}, attack(1, 2, "7cups"), want{
				phase: PhaseDefend, actors: []ruleset.Seat{2}, events: []EventKind{EventAttack, EventOut}}},
		{9, "a player holding no cards, its own deck not empty, plays on", table{hands: []string{"7cups", "9cups 3coins"}, decks: []string{"1cups"}},
			attack(1, 2, "7cups"), want{phase: PhaseDefend, events: []EventKind{EventAttack}}},
		{9, "another's deck does not keep a player in", table{hands: []string{"7cups", "9cups 3coins"}, decks: []string{"", "1cups"}},
			attack(1, 2, "7cups"), want{phase: PhaseDefend, events: []EventKind{EventAttack, EventOut}}},
		{9, "a player whose deck is empty, holding cards, plays on", table{hands: []string{"7cups 8cups", "9cups 3coins"}, decks: []string{""}},
			attack(1, 2, "7cups"), want{phase: PhaseDefend, events: []EventKind{EventAttack}}},
		{10, "the last player left wins, whatever the points", table{phase: PhaseDefend, defender: 2, attack: "7cups", points: []int{5, 0}, hands: []string{"", "9cups 3coins"}, decks: []string{""}},
			block(2, "9cups"), want{over: true, winner: 2, events: []EventKind{EventBlock, EventScore, EventEnd}}},
		{10, "after the last round the most points win", table{round: 2, rounds: 2, turn: 1, points: []int{3, 2}, hands: []string{"1cups", "2cups 3cups"}},
			pass(1), want{over: true, winner: 1, events: []EventKind{EventPass, EventEnd}}},
		{10, "tied on points, the most cards win", table{round: 2, rounds: 2, turn: 1, points: []int{2, 2}, hands: []string{"1cups 4cups", "2cups"}},
			pass(1), want{over: true, winner: 1}},
		{10, "tied on points and cards, a draw", table{round: 2, rounds: 2, turn: 1, points: []int{2, 2}, hands: []string{"1cups", "2cups"}},
			pass(1), want{over: true, winner: 0}},
		{10, "a game over takes no action", table{phase: PhaseOver, winner: 1, hands: []string{"1cups", "2cups"}},
			pass(1), want{err: "the game is over"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Logf("rule %s", rule[tt.rule])
			g := tt.have.build(t)
			before, err := g.Save()
			must(t, err)
			out, err := tt.play.run(t, g)
			if tt.want.err != "" {
				var rej *ruleset.Rejection
				if err == nil || !errors.As(err, &rej) || !strings.Contains(err.Error(), tt.want.err) {
					t.Fatalf("have error %v, want a rejection with %q", err, tt.want.err)
				}
				if after, _ := g.Save(); !bytes.Equal(after, before) {
					t.Errorf("the refused input changed the game")
				}
				return
			}
			if err != nil {
				t.Fatalf("have error %v, want none", err)
			}
			checkWant(t, g, out, tt.want)
		})
	}
}

// checkWant checks g and out against w.
func checkWant(t *testing.T, g *game, out *outcome, w want) {
	t.Helper()
	if w.points != nil && !slices.Equal(g.s.Points, w.points) {
		t.Errorf("points: have %v, want %v", g.s.Points, w.points)
	}
	for i, h := range w.hands {
		if have, want := g.s.Hands[i], sortedHand(cards(t, h)); !slices.Equal(have, want) {
			t.Errorf("%s's hand: have %v, want %v", g.s.Names[i], have, want)
		}
	}
	for i, n := range w.decks {
		if have := len(g.s.Decks[i]); have != n {
			t.Errorf("%s's deck: have %d cards, want %d", g.s.Names[i], have, n)
		}
	}
	st := g.Step()
	if w.phase != 0 && g.s.Phase != w.phase {
		t.Errorf("phase: have %s, want %s", g.s.Phase, w.phase)
	}
	if w.round != 0 && g.s.Round != w.round {
		t.Errorf("round: have %d, want %d", g.s.Round, w.round)
	}
	if w.actors != nil && !slices.Equal(st.Actors, w.actors) {
		t.Errorf("actors: have %v, want %v", st.Actors, w.actors)
	}
	if st.Seq != tableSeq+1 {
		t.Errorf("seq: have %d, want %d", st.Seq, tableSeq+1)
	}
	if w.events != nil {
		var have []EventKind
		for _, e := range out.events {
			have = append(have, e.pub.Kind)
		}
		if !slices.Equal(have, w.events) {
			t.Errorf("events: have %v, want %v", have, w.events)
		}
	}
	if over, winner := g.Over(); over != w.over || over && winner != w.winner {
		t.Errorf("over: have %t won by %d, want %t won by %d", over, winner, w.over, w.winner)
	}
}

// TestDeal checks rule 1: each player's own deck shuffled with the
// game's seed, a hand of five cards from it; the same deal for the same
// seed, another for another.
func TestDeal(t *testing.T) {
	t.Logf("rule %s", rule[1])
	rs := New()
	one := func(suit string) []byte {
		var b strings.Builder
		for range 2 {
			for r := 1; r <= 10; r++ {
				fmt.Fprintf(&b, "%d %s\n", r, suit)
			}
		}
		return []byte(b.String())
	}
	deal := func(seed uint64) *game {
		cfg := config(seed, 4, 6)
		cfg.SeatData = [][]byte{one("cups"), one("coins"), one("swords"), nil}
		return newGame(t, cfg)
	}
	g := deal(1)
	for i, h := range g.s.Hands {
		if len(h) != 5 {
			t.Errorf("seat %d holds %d cards, want 5", i+1, len(h))
		}
		own := append(slices.Clone(h), g.s.Decks[i]...)
		if _, ok := within(own, g.s.Brought[i]); !ok || len(own) != 20 {
			t.Errorf("seat %d's hand %v and deck %v are not its deck's 20 cards", i+1, h, g.s.Decks[i])
		}
		for _, c := range h {
			if i < 3 && int(c.Suit) != i {
				t.Errorf("seat %d, who brought %s only, holds the %s", i+1, rs.deck.Suits[i], rs.deck.Name(c))
			}
		}
	}
	if !slices.Equal(g.s.Brought[3], rs.deck.Balanced()) {
		t.Errorf("seat 4 brought no deck and plays %v, want the balanced deck", g.s.Brought[3])
	}
	if !slices.Equal(deal(1).s.Decks[0], g.s.Decks[0]) || !slices.Equal(deal(1).s.Hands[2], g.s.Hands[2]) {
		t.Errorf("seed 1 dealt twice gives two deals")
	}
	if slices.Equal(deal(2).s.Decks[0], g.s.Decks[0]) {
		t.Errorf("seeds 1 and 2 shuffle seat 1's deck alike")
	}
}

// TestHit checks rule 7 over many seeds: the roll is sent to all, and the
// defender loses a random card, shown to all, exactly on a 5 or a 6.
func TestHit(t *testing.T) {
	t.Logf("rule %s", rule[7])
	seen := map[bool]int{}
	for seed := range uint64(60) {
		g := table{phase: PhaseDefend, defender: 2, attack: "7cups", hands: []string{"2coins", "9cups 5cups 9coins", "4clubs"}}.build(t)
		g.rng = rand.NewPCG(seed, 1)
		out, err := take(2).run(t, g)
		must(t, err)
		b, err := out.Events(3, false) // a bystander's events
		must(t, err)
		events, err := DecodeEvents(b)
		must(t, err)
		var roll int
		var lost []Card
		for _, e := range events {
			switch e.Kind {
			case EventRoll:
				if e.Seat != 1 {
					t.Errorf("seed %d: the roll is seat %d's, want the attacker's", seed, e.Seat)
				}
				roll = e.Value
			case EventLose:
				lost = append(lost, e.Cards...)
			}
		}
		if roll < 1 || roll > 6 {
			t.Fatalf("seed %d: roll %d", seed, roll)
		}
		wantLoss := roll >= 5
		seen[wantLoss]++
		if have := len(lost) == 1; have != wantLoss {
			t.Errorf("seed %d: roll %d, a card lost: have %t, want %t", seed, roll, have, wantLoss)
		}
		if have, want := len(g.hand(2)), 3-len(lost); have != want {
			t.Errorf("seed %d: the defender holds %d cards, want %d", seed, have, want)
		}
		for _, c := range lost {
			if !slices.Contains(cards(t, "9cups 5cups 9coins"), c) || g.s.Discard[len(g.s.Discard)-1] != c {
				t.Errorf("seed %d: lost the %s, not from the defender's hand onto the discard pile", seed, g.deck.Name(c))
			}
		}
		if g.s.Points[0] != 2 {
			t.Errorf("seed %d: the attacker has %d points, want 2", seed, g.s.Points[0])
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("60 seeds never gave both outcomes: %v", seen)
	}
}

// TestRejectionWords checks that refusals name players and cards as
// players say them.
func TestRejectionWords(t *testing.T) {
	g := table{hands: []string{"7cups", "9cups"}}.build(t)
	_, err := g.Act(2, marshal(t, &Action{Seq: tableSeq, Kind: ActPass}))
	if have, want := fmt.Sprint(err), "pass: it is Anna's turn"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
	rej, err := g.Check(1, marshal(t, &Offer{Seq: tableSeq, Card: card(t, "7cups")}))
	must(t, err)
	if len(rej) != 1 || rej[0].Error() != "lay the 7 of cups: no card is laid now: it is Anna's turn" {
		t.Errorf("have %v", rej)
	}
}
