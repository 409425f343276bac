package duel

import (
	"fmt"
	"strings"

	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// dieLoses is the least roll of the attacker's die that takes a card
// from the defender (rule 7).
const dieLoses = 5

// isYou reports whether seat s is the player the words speak to.
func (m *Model) isYou(s ruleset.Seat) bool {
	return !m.third && m.v != nil && s != 0 && s == m.v.Seat
}

// name names seat s inside a sentence: "you", or the player's name.
func (m *Model) name(s ruleset.Seat) string {
	if m.isYou(s) {
		return "you"
	}
	if m.v != nil && s >= 1 && int(s) <= len(m.v.Players) {
		return m.v.Players[s-1].Name
	}
	return fmt.Sprintf("player %d", s)
}

// Name names seat s at the start of a sentence: "You", or the name.
func (m *Model) Name(s ruleset.Seat) string { return upper(m.name(s)) }

// whose is seat s's possessive: "your", "Bob's".
func (m *Model) whose(s ruleset.Seat) string {
	if m.isYou(s) {
		return "your"
	}
	return m.name(s) + "'s"
}

// verb returns the verb's form for seat s: you for the player, other for
// the others ("attack", "attacks").
func (m *Model) verb(s ruleset.Seat, you, other string) string {
	if m.isYou(s) {
		return you
	}
	return other
}

// suit names card c's suit: "cups".
func (m *Model) suit(c rules.Card) string {
	if int(c.Suit) < len(m.deck.Suits) {
		return m.deck.Suits[c.Suit]
	}
	return fmt.Sprintf("suit %d", c.Suit)
}

// card names card c with its article: "the 7 of cups".
func (m *Model) card(c rules.Card) string { return "the " + m.deck.Name(c) }

// Tell returns events evs in words, a line for each thing that happened:
// a block with the point it scored, a hit with its points, the die and
// the card it cost, the offering revealed with who scored. A line's Round
// is set from the event that begins a round on; 0 before it (the round
// the events began in).
func (m *Model) Tell(evs []rules.Event) []LogLine {
	var out []LogLine
	round := 0
	add := func(format string, args ...any) {
		out = append(out, LogLine{Round: round, Text: upper(fmt.Sprintf(format, args...))})
	}
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		switch e.Kind {
		case rules.EventRound:
			round = e.Value
			rounds := 0
			if m.v != nil {
				rounds = m.v.Table.Rounds
			}
			add("round %d of %d begins: everyone draws up to %s from their own deck while it lasts", e.Value, rounds, words.Count(m.deck.Hand, "card", "cards"))
		case rules.EventDraw:
			if len(e.Cards) > 0 {
				add("%s %s %s: %s", m.name(e.Seat), m.verb(e.Seat, "draw", "draws"), words.Count(e.Value, "card", "cards"), m.cardList(e.Cards))
			} else {
				add("%s %s %s", m.name(e.Seat), m.verb(e.Seat, "draw", "draws"), words.Count(e.Value, "card", "cards"))
			}
		case rules.EventAutopilot:
			add("%s laid nothing: %s lowest card is laid for %s", m.name(e.Seat), m.whose(e.Seat), m.object(e.Seat))
		case rules.EventReveal:
			j := i
			var parts []string
			for ; j < len(evs) && evs[j].Kind == rules.EventReveal; j++ {
				if len(evs[j].Cards) > 0 {
					parts = append(parts, fmt.Sprintf("%s: %s", m.name(evs[j].Seat), m.deck.Name(evs[j].Cards[0])))
				}
			}
			add("the offering is revealed: %s", strings.Join(parts, ", "))
			var top []ruleset.Seat
			k := j
			for ; k < len(evs) && evs[k].Kind == rules.EventScore; k++ {
				top = append(top, evs[k].Seat)
			}
			switch {
			case len(top) == 1:
				add("%s offering is the highest: %s %s 1 point", m.whose(top[0]), m.name(top[0]), m.verb(top[0], "score", "scores"))
			case len(top) > 1:
				names := make([]string, len(top))
				for n, s := range top {
					names[n] = m.name(s)
				}
				add("%s tie for the highest offering: 1 point each", joinAnd(names))
			}
			i = k - 1
		case rules.EventScore:
			add("%s %s %s", m.name(e.Seat), m.verb(e.Seat, "score", "scores"), words.Count(e.Value, "point", "points"))
		case rules.EventAttack:
			if len(e.Cards) > 0 {
				add("%s %s %s with %s", m.name(e.Seat), m.verb(e.Seat, "attack", "attacks"), m.object(e.Other), m.card(e.Cards[0]))
			} else {
				add("%s %s %s", m.name(e.Seat), m.verb(e.Seat, "attack", "attacks"), m.object(e.Other))
			}
		case rules.EventPass:
			add("%s %s", m.name(e.Seat), m.verb(e.Seat, "pass", "passes"))
		case rules.EventBlock:
			s := fmt.Sprintf("%s %s %s attack", m.name(e.Seat), m.verb(e.Seat, "block", "blocks"), m.whose(e.Other))
			if len(e.Cards) > 0 {
				s += " with " + m.card(e.Cards[0])
			}
			if i+1 < len(evs) && evs[i+1].Kind == rules.EventScore && evs[i+1].Seat == e.Seat {
				s += fmt.Sprintf(" and %s %s", m.verb(e.Seat, "score", "scores"), words.Count(evs[i+1].Value, "point", "points"))
				i++
			}
			add("%s", s)
		case rules.EventHit:
			s := fmt.Sprintf("%s %s the hit", m.name(e.Seat), m.verb(e.Seat, "take", "takes"))
			if i+1 < len(evs) && evs[i+1].Kind == rules.EventScore && evs[i+1].Seat == e.Other {
				s += fmt.Sprintf(": %s %s %s", m.name(e.Other), m.verb(e.Other, "score", "scores"), words.Count(evs[i+1].Value, "point", "points"))
				i++
			}
			add("%s", s)
		case rules.EventRoll:
			lost := i+1 < len(evs) && evs[i+1].Kind == rules.EventLose
			switch {
			case lost:
				l := evs[i+1]
				s := fmt.Sprintf("%s %s a %d: %s %s", m.name(e.Seat), m.verb(e.Seat, "roll", "rolls"), e.Value, m.name(l.Seat), m.verb(l.Seat, "lose", "loses"))
				if len(l.Cards) > 0 {
					s += " " + m.card(l.Cards[0]) + ", drawn at random"
				} else {
					s += " a card drawn at random"
				}
				add("%s", s)
				i++
			case e.Value >= dieLoses:
				add("%s %s a %d, but there is no card left to take", m.name(e.Seat), m.verb(e.Seat, "roll", "rolls"), e.Value)
			default:
				add("%s %s a %d: no card is lost (a %d or a 6 takes one)", m.name(e.Seat), m.verb(e.Seat, "roll", "rolls"), e.Value, dieLoses)
			}
		case rules.EventLose:
			if len(e.Cards) > 0 {
				add("%s %s %s, drawn at random", m.name(e.Seat), m.verb(e.Seat, "lose", "loses"), m.card(e.Cards[0]))
			} else {
				add("%s %s a card drawn at random", m.name(e.Seat), m.verb(e.Seat, "lose", "loses"))
			}
		case rules.EventOut:
			add("%s %s out: no cards in hand and %s deck is empty", m.name(e.Seat), m.verb(e.Seat, "are", "is"), m.whose(e.Seat))
		case rules.EventEnd:
			if e.Seat == 0 {
				add("the game is over: a draw")
			} else {
				add("the game is over: %s %s", m.name(e.Seat), m.verb(e.Seat, "win", "wins"))
			}
		default:
			add("something happened that this client cannot tell (event %d)", e.Kind)
		}
	}
	return out
}

// object names seat s as the object of a sentence: "you", "Bob".
func (m *Model) object(s ruleset.Seat) string { return m.name(s) }

// cardList names cards: "the 3 of cups and the 9 of swords".
func (m *Model) cardList(cs []rules.Card) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = m.card(c)
	}
	return joinAnd(names)
}

// joinAnd writes "a", "a and b", "a, b and c".
func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// upper returns s with its first letter in upper case.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ActionText describes action a for the player: "attack Bob with the 7
// of cups".
func (m *Model) ActionText(a rules.Action) string {
	switch a.Kind {
	case rules.ActAttack:
		return fmt.Sprintf("attack %s with %s", m.name(a.Target), m.card(a.Card))
	case rules.ActPass:
		return "pass"
	case rules.ActBlock:
		return "block with " + m.card(a.Card)
	case rules.ActTake:
		return "take the hit"
	}
	return fmt.Sprintf("action %d", a.Kind)
}

// Situation says in a line what the table waits for, for the side panel
// and the table's banner: "Your turn: attack or pass", "Bob attacks you
// with the 7 of cups".
func (m *Model) Situation() string {
	v := m.v
	if v == nil {
		return ""
	}
	t := v.Table
	switch t.Phase {
	case rules.PhaseOver:
		if t.Winner == 0 {
			return "The game is over: a draw"
		}
		return fmt.Sprintf("The game is over: %s %s", m.name(t.Winner), m.verb(t.Winner, "win", "wins"))
	case rules.PhaseOffer:
		switch {
		case m.Move() == MoveOffer && m.offer.Rank != 0:
			return fmt.Sprintf("You lay %s face down: End turn (Enter) when you are done", m.card(m.offer))
		case m.Move() == MoveOffer:
			return "The offering: choose a card to lay face down; the highest scores 1 point"
		}
		return "The offering: everyone lays a card face down"
	case rules.PhaseAttack:
		if m.Move() == MoveAttack {
			return "Your turn: attack a player with a card, or pass"
		}
		return fmt.Sprintf("%s turn to attack", upper(m.whose(t.Attacker)))
	case rules.PhaseDefend:
		if m.Move() == MoveDefend {
			return fmt.Sprintf("%s attacks you with %s: block with a higher %s card, or take the hit",
				m.Name(t.Attacker), m.card(t.Attack), m.suit(t.Attack))
		}
		return fmt.Sprintf("%s %s %s with %s", m.Name(t.Attacker), m.verb(t.Attacker, "attack", "attacks"), m.name(t.Defender), m.card(t.Attack))
	}
	return ""
}
