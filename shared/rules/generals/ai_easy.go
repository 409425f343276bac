package generals

import (
	"slices"

	"empires/shared/rules/generals/cards"
)

// This file is what the easy and the normal AI levels read of a view (a
// card's data, a unit's numbers in a battle, what the pool pays), and the
// easy level itself.

// pay returns pool less cost and whether pool covers it: each amount of
// cost.Pay from its own resource, then cost.Any from what is left, the
// most plentiful resource first (the first of pool's order on a tie). A
// cost's discard is not a resource: pay ignores it. pool is not changed.
func pay(pool []cards.Amount, cost cards.Cost) ([]cards.Amount, bool) {
	left := slices.Clone(pool)
	for _, a := range cost.Pay {
		i := slices.IndexFunc(left, func(b cards.Amount) bool { return b.Resource == a.Resource })
		if i < 0 || left[i].N < a.N {
			return pool, false
		}
		left[i].N -= a.N
	}
	for range cost.Any {
		most := -1
		for i, b := range left {
			if b.N > 0 && (most < 0 || b.N > left[most].N) {
				most = i
			}
		}
		if most < 0 {
			return pool, false
		}
		left[most].N--
	}
	return left, true
}

// poolTotal is the number of resources in pool.
func poolTotal(pool []cards.Amount) int {
	n := 0
	for _, a := range pool {
		n += a.N
	}
	return n
}

// addPool returns pool with gains added, a resource pool lacks appended.
func addPool(pool []cards.Amount, gains ...cards.Amount) []cards.Amount {
	out := slices.Clone(pool)
	for _, g := range gains {
		if i := slices.IndexFunc(out, func(b cards.Amount) bool { return b.Resource == g.Resource }); i >= 0 {
			out[i].N += g.N
		} else {
			out = append(out, g)
		}
	}
	return out
}

// battleBonus returns the Strength and Life a unit's own rules of trigger
// t (cards.OnAttack, cards.OnBlock) give it when it fights: "attack:
// strength +2 this", "block: life +2 this".
func battleBonus(c *cards.Card, t cards.Trigger) (strength, life int) {
	if c == nil {
		return 0, 0
	}
	for _, r := range c.Rules {
		if r.Trigger != t {
			continue
		}
		for _, a := range r.Actions {
			if a.Units.Which != cards.This {
				continue
			}
			switch a.Verb {
			case cards.Strength:
				strength += a.N
			case cards.Life:
				life += a.N
			}
		}
	}
	return strength, life
}

// fighter is a unit's numbers in a battle, its own attack or block rules
// counted.
type fighter struct {
	Strength, Life int
}

// clash is what a battle of attacker and blocker comes to, as the
// document reads it: "the attacker kills when its Strength > the
// blocker's Life, the blocker kills (the counter-attack) when its Strength
// > the attacker's Life"; "In the case of a tie, the Defender always
// wins".
func clash(attacker, blocker fighter) (attackerKills, blockerKills bool) {
	return attacker.Strength > blocker.Life, blocker.Strength > attacker.Life
}

// cardOf returns the collection's card of id, or nil when id is no card
// of it.
func cardOf(coll *cards.Collection, id CardID) *cards.Card {
	cid, err := cards.ParseID(string(id))
	if err != nil {
		return nil
	}
	c, ok := coll.Card(cid)
	if !ok {
		return nil
	}
	return c
}

// kindOf returns the kind of the card of id (cards.NoKind when id is no
// identification number).
func kindOf(id CardID) cards.Kind {
	cid, err := cards.ParseID(string(id))
	if err != nil {
		return cards.NoKind
	}
	return cid.Kind
}
