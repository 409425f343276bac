package duel

import (
	"fmt"
	"math/rand/v2"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ai plays Duel from a seat's view, and brings the balanced deck to the
// table like any bot (Rules.DefaultSeat).
//
// The random level picks uniformly among its legal choices. The normal
// level lays its highest card in the offering but the one that attacks
// best; attacks with the card fewest unseen cards could block (a higher
// card of its suit that the others' decks may hold and that is not on the
// discard pile), the player holding the fewest cards (then the one with
// most points), passing only when it has no card to spare; blocks with its
// lowest card that can, else takes the hit.
type ai struct {
	deck  Deck
	level string
	rng   *rand.Rand
}

var _ ruleset.AI = (*ai)(nil)

// Act implements ruleset.AI.
func (a *ai) Act(rv ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	v, ok := rv.(*View)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s AI: a view of type %T", ID, rv)
	case s == 0 || v.Seat != s:
		return nil, fmt.Errorf("%s AI: seat %d's view for seat %d", ID, v.Seat, s)
	case !step.Acts(s):
		return nil, fmt.Errorf("%s AI: seat %d does not act in step %d", ID, s, step.Seq)
	case v.Table.Seq != step.Seq:
		return nil, fmt.Errorf("%s AI: a view of step %d for step %d", ID, v.Table.Seq, step.Seq)
	}
	switch v.Table.Phase {
	case PhaseOffer:
		if len(v.Hand) == 0 {
			return nil, fmt.Errorf("%s AI: seat %d holds no card to lay", ID, s)
		}
		return wire.Marshal(&Offer{Seq: step.Seq, Card: a.offer(v)})
	case PhaseAttack:
		act := a.attack(v)
		act.Seq = step.Seq
		return wire.Marshal(&act)
	case PhaseDefend:
		act := a.defend(v)
		act.Seq = step.Seq
		return wire.Marshal(&act)
	}
	return nil, fmt.Errorf("%s AI: nothing to do in phase %s", ID, v.Table.Phase)
}

// offer chooses the card to lay.
func (a *ai) offer(v *View) Card {
	if a.level == LevelRandom {
		return v.Hand[a.rng.IntN(len(v.Hand))]
	}
	if len(v.Hand) == 1 {
		return v.Hand[0]
	}
	keep := a.bestAttack(v)
	var best Card
	for _, c := range v.Hand {
		if c != keep && c.Rank > best.Rank {
			best = c
		}
	}
	return best
}

// bestAttack returns the card of v's hand fewest unseen cards could block,
// the lowest on a tie.
func (a *ai) bestAttack(v *View) Card {
	card, risk := v.Hand[0], a.blockers(v, v.Hand[0])
	for _, c := range v.Hand[1:] {
		if r := a.blockers(v, c); r < risk || r == risk && c.Rank < card.Rank {
			card, risk = c, r
		}
	}
	return card
}

// spare reports whether v's seat may spend a card: its deck is not empty,
// or it keeps one for each offering left and more than anyone else holds
// (rules 9, 10: with its deck empty, a player who spends its last card is
// out).
func spare(v *View) bool {
	if v.Players[v.Seat-1].Deck > 0 {
		return true
	}
	most := 0
	for i, p := range v.Players {
		if ruleset.Seat(i+1) != v.Seat {
			most = max(most, p.Cards)
		}
	}
	return len(v.Hand) > v.Table.Rounds-v.Table.Round && len(v.Hand) > most
}

// attack chooses an attack, or a pass.
func (a *ai) attack(v *View) Action {
	var targets []ruleset.Seat
	for i, p := range v.Players {
		if q := ruleset.Seat(i + 1); q != v.Seat && p.Cards > 0 {
			targets = append(targets, q)
		}
	}
	if len(targets) == 0 || len(v.Hand) == 0 {
		return Action{Kind: ActPass}
	}
	if a.level == LevelRandom {
		k := a.rng.IntN(1 + len(targets)*len(v.Hand))
		if k == 0 {
			return Action{Kind: ActPass}
		}
		k--
		return Action{Kind: ActAttack, Target: targets[k/len(v.Hand)], Card: v.Hand[k%len(v.Hand)]}
	}
	if !spare(v) {
		return Action{Kind: ActPass}
	}
	card := a.bestAttack(v)
	target := targets[0]
	for _, q := range targets[1:] {
		p, t := v.Players[q-1], v.Players[target-1]
		if p.Cards < t.Cards || p.Cards == t.Cards && p.Points > t.Points {
			target = q
		}
	}
	return Action{Kind: ActAttack, Target: target, Card: card}
}

// blockers counts the cards that could block c and that seat v.Seat has
// not seen: the higher cards of c's suit the other players' decks may
// hold (each as many as a deck may, rule 12), less those discarded.
func (a *ai) blockers(v *View, c Card) int {
	others := 0
	for i, p := range v.Players {
		if ruleset.Seat(i+1) != v.Seat && p.Alive {
			others++
		}
	}
	n := 0
	for r := int(c.Rank) + 1; r <= a.deck.High; r++ {
		x := Card{Suit: c.Suit, Rank: uint8(r)}
		seen := 0
		for _, y := range v.Discard {
			if y == x {
				seen++
			}
		}
		n += max(0, a.deck.Copies*others-seen)
	}
	return n
}

// defend chooses a blocker, or to take the hit.
func (a *ai) defend(v *View) Action {
	var can []Card
	for _, c := range v.Hand {
		if c.Suit == v.Table.Attack.Suit && c.Rank > v.Table.Attack.Rank {
			can = append(can, c)
		}
	}
	if a.level == LevelRandom {
		k := a.rng.IntN(1 + len(can))
		if k == 0 {
			return Action{Kind: ActTake}
		}
		return Action{Kind: ActBlock, Card: can[k-1]}
	}
	if len(can) == 0 || !spare(v) {
		return Action{Kind: ActTake}
	}
	return Action{Kind: ActBlock, Card: can[0]} // the hand is sorted: the lowest
}
