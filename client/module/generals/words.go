package generals

import (
	"fmt"
	"strings"

	rules "empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// PhaseName names phase p as the phase bar and the top bar do.
func PhaseName(p rules.Phase) string {
	switch p {
	case rules.PhaseOpening:
		return "Opening"
	case rules.PhaseDeclare:
		return "Declare"
	case rules.PhaseDraw:
		return "Draw"
	case rules.PhaseHarvest:
		return "Harvest"
	case rules.PhaseKingdom:
		return "Kingdom"
	case rules.PhaseArmy:
		return "Army"
	case rules.PhaseAttack:
		return "Attack"
	case rules.PhaseResolve:
		return "Resolve"
	case rules.PhaseOver:
		return "Game over"
	}
	return "?"
}

// TurnPhases are the phases of a turn in order, as the phase bar shows
// them: Declare, then the six of the Turn Phase Chart.
var TurnPhases = []rules.Phase{rules.PhaseDeclare, rules.PhaseDraw, rules.PhaseHarvest, rules.PhaseKingdom,
	rules.PhaseArmy, rules.PhaseAttack, rules.PhaseResolve}

// ZoneName names zone z: "Warcamp".
func ZoneName(z rules.Zone) string {
	switch z {
	case rules.ZoneResource:
		return "Resource Area"
	case rules.ZoneKingdom:
		return "Kingdom"
	case rules.ZoneWarcamp:
		return "Warcamp"
	case rules.ZoneBattlefield:
		return "Battlefield"
	case rules.ZoneActs:
		return "Acts of God"
	}
	return "?"
}

// Amounts writes amounts as "2 food, 1 iron", "nothing" for none.
func Amounts(as []cards.Amount) string {
	var parts []string
	for _, a := range as {
		if a.N == 0 {
			continue
		}
		name := string(a.Resource)
		if name == "" {
			name = "any"
		}
		parts = append(parts, fmt.Sprintf("%d %s", a.N, name))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// verb picks the verb's form for seat s: you form for the view's player
// (unless in the third person), else the other.
func (m *Model) verb(s ruleset.Seat, you, other string) string {
	if m.v != nil && s == m.v.Seat && !m.third {
		return you
	}
	return other
}

// subject is seat s and its verb: "You play", "Ann plays".
func (m *Model) subject(s ruleset.Seat, you, other string) string {
	return m.Name(s) + " " + m.verb(s, you, other)
}

// unitName names the card in play ref, as an event of card id tells it
// (the view may no longer hold it).
func (m *Model) unitName(ref rules.Ref, id rules.CardID) string {
	if id != "" {
		return m.CardName(id)
	}
	if c, _, ok := m.Unit(ref); ok {
		return m.CardName(c.Card)
	}
	return fmt.Sprintf("card %d", ref)
}

// cardNames names ids: "Attila the Hun, Horse Archers".
func (m *Model) cardNames(ids []rules.CardID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = m.CardName(id)
	}
	return strings.Join(names, ", ")
}

// Outcome names the document's battle outcome n (1-7) at the Warcamp or
// the Battlefield.
func Outcome(n int, warcamp bool) string {
	at := [...]string{"", "no blocker", "the blocker withdrawn", "a successful attack", "double death", "a counter-attack",
		"the attacker withdrawn", "a double block"}
	if n < 1 || n >= len(at) {
		return fmt.Sprintf("outcome %d", n)
	}
	s := at[n]
	if !warcamp && (n == 1 || n == 2) {
		s += ": on to the Warcamp"
	}
	return s
}

// victories names the kinds of victory of EventWin's Value.
var victories = [...]string{"", "the Warlord Victory", "the Sissy Victory", "the Chancellor Victory", "the Epic Campaigner Victory",
	"with the most Cultural Health at the round limit"}

// EventText tells event e in words, with the cards' names ("" for an
// event the log does not tell).
func (m *Model) EventText(e rules.Event) string {
	switch e.Kind {
	case rules.EventOpening:
		s := fmt.Sprintf("%s %d from the Draw Pile and %d from the Supply Pile", m.subject(e.Seat, "draw", "draws"), e.Count, e.Value)
		if len(e.Cards) > 0 {
			s += ": " + m.cardNames(e.Cards)
		}
		return s + "."
	case rules.EventPlay:
		return m.subject(e.Seat, "take", "takes") + " the turn."
	case rules.EventPass:
		return m.subject(e.Seat, "pass", "passes") + "."
	case rules.EventDraw:
		pile := "the Draw Pile"
		if e.Supply {
			pile = "the Supply Pile"
		}
		if e.Count == 0 {
			return fmt.Sprintf("%s nothing: %s is empty.", m.subject(e.Seat, "draw", "draws"), pile)
		}
		s := fmt.Sprintf("%s %s from %s", m.subject(e.Seat, "draw", "draws"), words.Count(e.Count, "card", "cards"), pile)
		if len(e.Cards) > 0 {
			s += ": " + m.cardNames(e.Cards)
		}
		return s + "."
	case rules.EventPhase:
		if e.Phase == rules.PhaseDeclare {
			return fmt.Sprintf("%s turn.", possessive(m.Name(e.Seat)))
		}
		return ""
	case rules.EventCard:
		if e.Zone == 0 {
			return fmt.Sprintf("%s %s.", m.subject(e.Seat, "play", "plays"), m.CardName(e.Card))
		}
		return fmt.Sprintf("%s %s into the %s.", m.subject(e.Seat, "play", "plays"), m.CardName(e.Card), ZoneName(e.Zone))
	case rules.EventHarvest:
		return fmt.Sprintf("%s %s.", m.subject(e.Seat, "harvest", "harvests"), Amounts(e.Amounts))
	case rules.EventAbility:
		return fmt.Sprintf("%s the ability of %s.", m.subject(e.Seat, "use", "uses"), m.unitName(e.Unit, e.Card))
	case rules.EventMove:
		return fmt.Sprintf("%s %s to the %s.", m.subject(e.Seat, "move", "moves"), m.unitName(e.Unit, e.Card), ZoneName(e.Zone))
	case rules.EventDiscard:
		s := fmt.Sprintf("%s %s", m.subject(e.Seat, "discard", "discards"), words.Count(e.Count, "card", "cards"))
		if len(e.Cards) > 0 {
			s += ": " + m.cardNames(e.Cards)
		}
		return s + "."
	case rules.EventLeave:
		if e.Value == 1 {
			return fmt.Sprintf("%s %s leaves play and the game (ultra rare).", possessive(m.Name(e.Seat)), m.unitName(e.Unit, e.Card))
		}
		return fmt.Sprintf("%s %s leaves play.", possessive(m.Name(e.Seat)), m.unitName(e.Unit, e.Card))
	case rules.EventAttack:
		return fmt.Sprintf("%s %s with %s.", m.subject(e.Seat, "attack", "attacks"), m.objName(e.Other), m.unitName(e.Unit, e.Card))
	case rules.EventBlock:
		where := "Warcamp"
		if e.Value == 1 {
			where = "Battlefield"
		}
		if e.Unit == 0 {
			return fmt.Sprintf("%s no blocker at the %s.", m.subject(e.Other, "present", "presents"), where)
		}
		return fmt.Sprintf("%s with %s at the %s.", m.subject(e.Other, "block", "blocks"), m.unitName(e.Unit, e.Card), where)
	case rules.EventBattle:
		s := fmt.Sprintf("The battle at the %s: %s", ZoneName(e.Zone), Outcome(e.Value, e.Zone != rules.ZoneBattlefield))
		if n := e.Numbers; len(n) == 4 {
			s += fmt.Sprintf(" (attacker %d/%d, blocker %d/%d)", n[0], n[1], n[2], n[3])
		}
		return s + "."
	case rules.EventHealth:
		return fmt.Sprintf("%s Cultural Health %+d: now %d.", possessive(m.Name(e.Seat)), e.Value, e.Count)
	case rules.EventOut:
		if e.Value == 1 {
			return m.subject(e.Seat, "resign", "resigns") + "."
		}
		return m.subject(e.Seat, "are", "is") + " out of the game."
	case rules.EventWin:
		kind := "the game"
		if e.Value > 0 && e.Value < len(victories) {
			kind = victories[e.Value]
		}
		return fmt.Sprintf("%s %s!", m.subject(e.Seat, "win", "wins"), kind)
	case rules.EventRecycle:
		return m.subject(e.Seat, "recycle", "recycles") + " the discard pile."
	case rules.EventLimit:
		return "The round limit is reached: the most Cultural Health wins."
	case rules.EventOwed:
		return fmt.Sprintf("%s %s of the next harvest.", m.subject(e.Seat, "owe", "owes"), Amounts(e.Amounts))
	case rules.EventReturn:
		return fmt.Sprintf("%s %s goes back to the hand.", possessive(m.Name(e.Seat)), m.unitName(e.Unit, e.Card))
	case rules.EventEpic:
		if e.Value == 1 {
			return m.subject(e.Seat, "play", "plays") + " on for second place."
		}
		return m.subject(e.Seat, "stop", "stops") + "."
	case rules.EventTrade:
		if len(e.Amounts) == 2 {
			return fmt.Sprintf("%s %s for %s.", m.subject(e.Seat, "trade", "trades"), Amounts(e.Amounts[:1]), Amounts(e.Amounts[1:]))
		}
		return m.subject(e.Seat, "trade", "trades") + "."
	}
	if e.Text != "" {
		return e.Text
	}
	return ""
}

// objName is seat s as an object: "you", "Ann".
func (m *Model) objName(s ruleset.Seat) string {
	if m.v != nil && s == m.v.Seat && !m.third {
		return "you"
	}
	return m.PlayerName(s)
}

// possessive is name's possessive: "Your", "Ann's".
func possessive(name string) string {
	if name == "You" {
		return "Your"
	}
	return name + "'s"
}

// Situation says what the table waits for and what the player may do now,
// in a sentence or two.
func (m *Model) Situation() string {
	v := m.v
	if v == nil {
		return ""
	}
	me := v.Seat
	switch {
	case v.Phase == rules.PhaseOver:
		if len(v.Winners) == 0 {
			return "The game is over: a draw."
		}
		var names []string
		for _, w := range v.Winners {
			names = append(names, m.Name(w))
		}
		return "The game is over. Won: " + strings.Join(names, ", ") + "."
	case m.Opens():
		return fmt.Sprintf("Your opening hand: %d from the Draw Pile and %d from the Supply Pile. Set it with − and + (← →), then Take %d + %d (Enter).", m.open, OpeningHand-m.open, m.open, OpeningHand-m.open)
	case v.Phase == rules.PhaseOpening:
		return "Every player chooses its opening hand."
	case m.DiscardCount() > 0:
		n := m.DiscardCount()
		return fmt.Sprintf("Discard %s: click them in your hand to tick them (%d ticked), then Discard (Enter).", words.Count(n, "card", "cards"), len(m.ticked))
	case v.Must != nil:
		return fmt.Sprintf("%s must discard %s.", m.Name(v.Must.Seat), words.Count(v.Must.Count, "card", "cards"))
	case m.InTactics():
		return "The battle: play Tactics cards on it (the lit ones), or No more Tactics (N)."
	case v.Epic:
		return "A Chancellor has won. Play on for second place (the Epic Campaigner), or stop?"
	case m.Defends():
		b := v.Battle
		att, _, _ := m.Unit(b.Unit)
		where := "Warcamp"
		if b.AtBattlefield {
			where = "Battlefield"
		}
		return fmt.Sprintf("%s attacks you with %s (%d/%d): choose a blocker of your %s, or No blocker.", m.Name(b.Attacker), m.CardName(att.Card), att.Strength, att.Life, where)
	case v.Battle != nil:
		return fmt.Sprintf("%s %s: %s %s.", m.Name(v.Battle.Attacker), m.verb(v.Battle.Attacker, "attack", "attacks")+" "+m.objName(v.Battle.Defender), m.Name(v.Battle.Defender), m.verb(v.Battle.Defender, "choose a blocker", "chooses a blocker"))
	case v.Active != me || me == 0:
		return fmt.Sprintf("%s turn · %s.", possessive(m.Name(v.Active)), PhaseName(v.Phase))
	}
	if w := m.TargetWanted(); w != "" {
		return fmt.Sprintf("Choose %s as the target: click it. Esc drops the card.", w)
	}
	if m.pick.Zone {
		return "Where does the General go? Warcamp (W) or Battlefield (B)."
	}
	if m.pick.Kind == PickUnit {
		c, _, _ := m.Unit(m.pick.Unit)
		var can []string
		if len(m.Attacks()) > 0 {
			can = append(can, "click an opponent to attack")
		}
		if m.candOf(rules.ActMove, true) != nil || m.candOf(rules.ActMove, false) != nil {
			can = append(can, "move it")
		}
		if len(m.Abilities()) > 0 {
			can = append(can, "use its ability")
		}
		if m.candOf(rules.ActDiscardPlay, false) != nil {
			can = append(can, "discard it")
		}
		return fmt.Sprintf("%s: %s.", m.CardName(c.Card), kitJoin(can))
	}
	switch v.Phase {
	case rules.PhaseDeclare:
		return "Your turn: Play (Y) or Pass (P). Drawing a card also takes the turn."
	case rules.PhaseDraw:
		return "Draw one card: from the Draw Pile (D) or the Supply Pile (S), or Next phase (N)."
	case rules.PhaseHarvest:
		return "Harvest: play Resource Cards (the lit ones), use their abilities, then Next phase (N)."
	case rules.PhaseKingdom:
		return "Kingdom: play Kingdom and Strategy cards from your pool, then Next phase (N)."
	case rules.PhaseArmy:
		return "Army: play Generals, Soldiers and Tactics; click a unit to move it. Then Next phase (N)."
	case rules.PhaseAttack:
		if v.Attacked {
			return "Your attack is done: Next phase (N)."
		}
		return "Attack: click a unit of your Battlefield, then an opponent. Or Next phase (N)."
	case rules.PhaseResolve:
		return "Resolve: End turn (N)."
	}
	return ""
}

// kitJoin joins parts with commas and "or": "a, b or c"; "nothing now"
// for none.
func kitJoin(parts []string) string {
	switch len(parts) {
	case 0:
		return "nothing to do with it now"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// RuleText writes a card's rule in the card language, with the
// collection's plurals: "ability 2 gold: draw 1".
func (m *Model) RuleText(r cards.Rule) string { return r.Format(&m.coll.Lexicon) }

// CardLines are the lines of a card's face, top to bottom: its kind (and
// subtype), its empire, its cost, its Strength and Life, its rules, its
// text. The name and the rarity are drawn apart.
func (m *Model) CardLines(c *cards.Card) (head []string, rulesText []string, flavour string) {
	kind := c.ID.Kind.String()
	if c.Subtype != "" {
		kind += " · " + c.Subtype
	}
	head = append(head, kind)
	if e, ok := m.coll.Empire(c.ID.Empire); ok {
		head = append(head, e.Name)
	}
	if !c.Cost.Free() {
		head = append(head, "Cost: "+costText(m.coll, c.Cost))
	}
	for _, r := range c.Rules {
		rulesText = append(rulesText, m.RuleText(r))
	}
	return head, rulesText, c.Text
}

// costText writes cost c with the collection's plurals: an ability's
// rule formats it the same way.
func costText(coll *cards.Collection, c cards.Cost) string {
	s := cards.Rule{Trigger: cards.OnAbility, Cost: c}.Format(&coll.Lexicon)
	s = strings.TrimPrefix(s, "ability ")
	return strings.TrimSuffix(s, ":")
}

// RarityMark is the rarity's mark in a card's corner: C, U, R, UR.
func RarityMark(r cards.Rarity) string {
	return [...]string{"C", "U", "R", "UR"}[min(int(r), 3)]
}
