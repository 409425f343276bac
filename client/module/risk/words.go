package risk

import (
	"fmt"
	"strings"

	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// isYou reports whether seat s is the player the words speak to.
func (m *Model) isYou(s ruleset.Seat) bool {
	return !m.third && m.v != nil && s != 0 && s == m.v.Seat
}

// name names seat s inside a sentence: "you", the player's name, or
// "the neutral side" for seat 0.
func (m *Model) name(s ruleset.Seat) string {
	switch {
	case m.isYou(s):
		return "you"
	case s == 0:
		return "the neutral side"
	case m.v != nil && int(s) <= len(m.v.Players):
		return m.v.Players[s-1].Name
	}
	return fmt.Sprintf("player %d", s)
}

// Name names seat s at the start of a sentence: "You", or the name.
func (m *Model) Name(s ruleset.Seat) string { return upper(m.name(s)) }

// whose is seat s's possessive: "your", "Bob's", "the neutral side's".
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

// tname names territory t.
func (m *Model) tname(t board.TerritoryID) string {
	if tt := m.b.Territory(t); tt != nil {
		return tt.Name
	}
	return fmt.Sprintf("territory %d", t)
}

// upper makes s's first letter a capital.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// joinAnd joins parts as a list in words: "a", "a and b", "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// armies counts armies in words: "1 army", "3 armies".
func armies(n int) string { return words.Count(n, "army", "armies") }

// dice writes dice values: "6 5 3".
func dice(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, " ")
}

// goods names Goods cards for their holder: "a 3, a 7 and the Queen of
// Hearts (Floods)".
func goods(cs []cards.GoodsCard) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		if c.Value != 0 {
			parts[i] = "a " + c.String()
			if c.Value == 8 {
				parts[i] = "an 8"
			}
			continue
		}
		parts[i] = "the " + c.String()
	}
	return joinAnd(parts)
}

// bonusOf names the Table 4 bonus Empire card c gives, "" for none.
func (m *Model) bonusOf(c cards.EmpireCard) string {
	for b := cards.StormShelter; b <= cards.AttackIII; b++ {
		if bc, ok := m.rules.Cards().BonusCard(b); ok && bc == c {
			return b.String()
		}
	}
	return ""
}

// line is an event in words and the territory it links to.
type line struct {
	text string
	t    board.TerritoryID
}

// Tell returns the events evs in words, as the log tells them.
func (m *Model) Tell(evs []rules.Event) []string {
	var out []string
	for _, e := range evs {
		for _, l := range m.tell(e) {
			out = append(out, l.text)
		}
	}
	return out
}

// tell returns event e in words: none, one line, or more. Goods and
// territory cards are named only when the event carries them, that is
// when the player may know them (rule 20).
func (m *Model) tell(e rules.Event) []line {
	who, t := m.Name(e.Seat), e.Territory
	one := func(t board.TerritoryID, format string, args ...any) []line {
		return []line{{text: fmt.Sprintf(format, args...), t: t}}
	}
	switch e.Kind {
	case rules.EventClaim:
		return one(t, "%s %s %s.", who, m.verb(e.Seat, "claim", "claims"), m.tname(t))
	case rules.EventPlace:
		return one(t, "%s %s %s on %s.", who, m.verb(e.Seat, "place", "places"), armies(e.Count), m.tname(t))
	case rules.EventRound:
		var order []string
		for _, s := range e.Seats {
			order = append(order, m.name(s))
		}
		return one(0, "Round %d begins: the order is %s.", e.Value, joinAnd(order))
	case rules.EventArmies:
		return one(0, "%s %s %d new %s.", who, m.verb(e.Seat, "get", "gets"), e.Value, map[bool]string{true: "army", false: "armies"}[e.Value == 1])
	case rules.EventSet:
		s := fmt.Sprintf("%s %s in a set of territory cards for %s", who, m.verb(e.Seat, "turn", "turns"), armies(e.Value))
		if e.Count > 0 && t != 0 {
			s += fmt.Sprintf(", and %s on %s, shown on a card", armies(e.Count), m.tname(t))
		}
		return one(t, "%s.", s)
	case rules.EventLost:
		if e.Count == 0 {
			return one(0, "%s %s placing.", who, m.verb(e.Seat, "end", "ends"))
		}
		return one(0, "%s %s placing: %s not placed %s lost.", who, m.verb(e.Seat, "end", "ends"), armies(e.Count),
			map[bool]string{true: "is", false: "are"}[e.Count == 1])
	case rules.EventAsk:
		return one(t, "%s %s %s city on %s: %s %s asked whether to turn it into 3 armies.", m.Name(e.Other),
			m.verb(e.Other, "attack", "attacks"), m.whose(e.Seat), m.tname(t), m.name(e.Seat), m.verb(e.Seat, "are", "is"))
	case rules.EventConvert:
		forced := ""
		if e.Value == 1 {
			forced = " (no armies stood there: it must)"
		}
		return one(t, "%s city on %s becomes %s%s.", upper(m.whose(e.Seat)), m.tname(t), armies(e.Count), forced)
	case rules.EventKeep:
		return one(t, "%s %s %s city on %s.", who, m.verb(e.Seat, "keep", "keeps"), m.whose(e.Seat), m.tname(t))
	case rules.EventRoll:
		return one(e.To, "%s %s %s %s from %s: %s against %s; %s %s, %s %s.", who, m.verb(e.Seat, "attack", "attacks"),
			m.whose(e.Other), m.tname(e.To), m.tname(e.From), dice(e.Attack), dice(e.Defend),
			m.name(e.Seat), m.lose(e.Seat, e.Value), m.name(e.Other), m.lose(e.Other, e.Count))
	case rules.EventConquer:
		return one(t, "%s %s %s from %s.", who, m.verb(e.Seat, "conquer", "conquers"), m.tname(t), m.name(e.Other))
	case rules.EventOccupy:
		return one(e.To, "%s %s %s into %s.", who, m.verb(e.Seat, "move", "moves"), armies(e.Count), m.tname(e.To))
	case rules.EventTake:
		s := fmt.Sprintf("%s %s a Goods card from %s with the city", who, m.verb(e.Seat, "take", "takes"), m.name(e.Other))
		if len(e.Goods) > 0 {
			s += ": " + goods(e.Goods)
		}
		return one(0, "%s.", s)
	case rules.EventOut:
		return one(0, "%s %s out, conquered by %s, who %s %s.", who, m.verb(e.Seat, "are", "is"), m.name(e.Other),
			m.verb(e.Other, "take", "takes"), words.Count(e.Count, "territory card", "territory cards"))
	case rules.EventMove:
		return one(e.To, "%s %s %s from %s to %s.", who, m.verb(e.Seat, "move", "moves"), armies(e.Count), m.tname(e.From), m.tname(e.To))
	case rules.EventCard:
		s := fmt.Sprintf("%s %s a territory card", who, m.verb(e.Seat, "take", "takes"))
		if len(e.Cards) > 0 {
			c := e.Cards[0]
			if c.Symbol == cards.Wild {
				s += ": a wild card"
			} else {
				s += fmt.Sprintf(": %s, %s", m.tname(c.Territory), c.Symbol)
			}
		}
		return one(0, "%s.", s)
	case rules.EventBuild:
		return one(t, "%s %s a city on %s with %s.", who, m.verb(e.Seat, "build", "builds"), m.tname(t), armies(e.Count))
	case rules.EventDraw:
		s := fmt.Sprintf("%s %s %s", who, m.verb(e.Seat, "draw", "draws"), words.Count(e.Value, "Goods card", "Goods cards"))
		if len(e.Goods) > 0 {
			s += ": " + goods(e.Goods)
		}
		return one(0, "%s.", s)
	case rules.EventOffer:
		return one(0, "%s %s %s %s (offer %d).", who, m.verb(e.Seat, "offer", "offers"), m.name(e.Other), e.Statement, e.Value)
	case rules.EventRefuse:
		return one(0, "%s %s offer %d.", who, m.verb(e.Seat, "refuse or withdraw", "refuses or withdraws"), e.Value)
	case rules.EventTrade:
		s := fmt.Sprintf("%s and %s trade (offer %d)", who, m.name(e.Other), e.Value)
		if len(e.Goods) >= e.Count && e.Count > 0 {
			s += fmt.Sprintf(": %s %s %s, %s %s", m.name(e.Seat), m.verb(e.Seat, "give", "gives"), goods(e.Goods[:e.Count]),
				m.name(e.Other), m.verb(e.Other, "give", "gives")+" "+goods(e.Goods[e.Count:]))
		}
		return one(0, "%s.", s)
	case rules.EventDone:
		return one(0, "%s %s the trading table.", who, m.verb(e.Seat, "leave", "leaves"))
	case rules.EventDisaster:
		d := cards.Disaster(e.Value)
		s := fmt.Sprintf("%s %s %s", d, map[bool]string{true: "strikes", false: "strike"}[d == cards.Plague], m.name(e.Seat))
		if e.Text != "" {
			s += ": " + e.Text
		}
		s += fmt.Sprintf(" (%s lost)", armies(e.Count))
		var first board.TerritoryID
		if hit := m.hitBy(e.Text); len(hit) > 0 {
			first = hit[0]
		}
		return one(first, "%s.", s)
	case rules.EventRiotLoss:
		s := fmt.Sprintf("The riots cost %s a Goods card", m.name(e.Seat))
		if len(e.Goods) > 0 {
			s += ": " + goods(e.Goods)
		}
		return one(0, "%s.", s)
	case rules.EventBuy:
		var names []string
		for _, c := range e.Empire {
			n := "the " + c.String()
			if b := m.bonusOf(c); b != "" {
				n += " (" + b + ")"
			}
			names = append(names, n)
		}
		return one(0, "%s %s %s.", who, m.verb(e.Seat, "buy", "buys"), joinAnd(names))
	case rules.EventDiscard:
		return one(0, "%s %s %s.", who, m.verb(e.Seat, "discard", "discards"), words.Count(e.Count, "Goods card", "Goods cards"))
	case rules.EventEnd:
		var names []string
		for _, s := range e.Seats {
			names = append(names, m.name(s))
		}
		switch len(names) {
		case 0:
			return one(0, "The game ends.")
		case 1:
			return one(0, "The game ends: %s %s.", names[0], m.verb(e.Seats[0], "win", "wins"))
		}
		return one(0, "The game ends: %s share the win.", joinAnd(names))
	case rules.EventNuke:
		return one(t, "%s %s %s %s: %s killed.", who, m.verb(e.Seat, "nuke", "nukes"), m.whose(e.Other), m.tname(t), armies(e.Count))
	case rules.EventAirDrop:
		return one(e.To, "%s %s %s from %s onto %s %s.", who, m.verb(e.Seat, "drop", "drops"), armies(e.Count), m.tname(e.From), m.whose(e.Other), m.tname(e.To))
	case rules.EventPlagueAsk:
		return one(0, "The plague striking %s meets %s tied: %s %s which it strikes.", m.name(e.Seat),
			words.Count(e.Value, "place", "places"), m.name(e.Seat), m.verb(e.Seat, "choose", "chooses"))
	}
	return nil
}

// lose says what seat s lost in a roll: "loses 2", "lose nothing".
func (m *Model) lose(s ruleset.Seat, n int) string {
	v := m.verb(s, "lose", "loses")
	if n == 0 {
		return v + " nothing"
	}
	return fmt.Sprintf("%s %d", v, n)
}

// strike reads a Disaster event: its kind, whom, the territories hit.
func (m *Model) strike(e rules.Event) Strike {
	return Strike{Disaster: cards.Disaster(e.Value), Seat: e.Seat, Hit: m.hitBy(e.Text), Lost: e.Count}
}

// hitBy returns the territories a Disaster's report names ("Alaska lost
// 2; Siam lost 0"), in its order.
func (m *Model) hitBy(report string) []board.TerritoryID {
	var out []board.TerritoryID
	for _, part := range strings.Split(report, "; ") {
		i := strings.LastIndex(part, " lost ")
		if i < 0 {
			continue
		}
		name := part[:i]
		for _, tt := range m.b.Territories {
			if tt.Name == name {
				out = append(out, tt.ID)
				break
			}
		}
	}
	return out
}
