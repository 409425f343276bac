package duel

import (
	"fmt"
	"slices"
	"time"

	"empires/client/module"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// Move is what the player may do in the step being played.
type Move uint8

// The moves.
const (
	// MoveNone: nothing now (another player's move, the game over, a
	// spectator, a replay).
	MoveNone Move = iota
	// MoveOffer: lay a card face down (rule 2).
	MoveOffer
	// MoveAttack: attack a player who holds cards with a card, or pass
	// (rule 5).
	MoveAttack
	// MoveDefend: block with a higher card of the attack card's suit, or
	// take the hit (rules 6, 7).
	MoveDefend
)

// Laid is a card of an offering, as revealed.
type Laid struct {
	Seat ruleset.Seat
	Card rules.Card
	// Top marks the highest offering, which scored (rule 3); Auto a card
	// the autopilot laid for a player who laid nothing (rule 4).
	Top, Auto bool
}

// LogLine is a line of the log: an event in words, in the round it
// happened.
type LogLine struct {
	Round int
	Text  string
}

// Result is what an input did: an action to send at once (Host.Act), a
// change of the turn's orders (the offering), or a notice saying why
// nothing happened.
type Result struct {
	Action *rules.Action
	Orders bool
	Notice string
}

// Model is the card table without its drawing: the view, the step being
// played, the card chosen, the target, the offering drafted, the action
// sent and not yet answered, the last offering revealed and the log. It
// turns the player's clicks and keys into actions and orders.
type Model struct {
	deck rules.Deck
	v    *rules.View
	step module.StepInfo
	// third makes the words speak of the view's player by name (a replay).
	third bool

	sel    rules.Card   // the card chosen (raised), zero for none
	target ruleset.Seat // the player chosen to attack, 0 for none
	// offer is the card laid face down in the offering of step offerSeq;
	// offerErr the server's refusal of it.
	offer    rules.Card
	offerSeq uint32
	offerErr string
	// pending is the action sent for step sentSeq, not yet answered;
	// actErr the server's refusal of the last one.
	pending *rules.Action
	sentSeq uint32
	actErr  string

	offering      []Laid // the last offering revealed, in round offeringRound
	offeringRound int
	recent        []string  // the last update's events in words
	log           []LogLine // every event in words, oldest first
	// logs counts the changes of the log: a screen keeps its lines until
	// it grows.
	logs    int
	version int // grows with every change the table shows
}

// NewModel returns the table of a game played with deck d; SetView shows
// its first view.
func NewModel(d rules.Deck) *Model { return &Model{deck: d} }

// Deck returns the deck the game is played with.
func (m *Model) Deck() rules.Deck { return m.deck }

// View returns the view shown, nil before the first.
func (m *Model) View() *rules.View { return m.v }

// You returns the player's seat, 0 for a spectator.
func (m *Model) You() ruleset.Seat {
	if m.v == nil {
		return 0
	}
	return m.v.Seat
}

// Version grows with every change of what the table shows.
func (m *Model) Version() int { return m.version }

// SetThirdPerson makes the words speak of the view's player by name, as
// of the others: a replay is watched by someone who is not that player.
func (m *Model) SetThirdPerson(on bool) { m.third = on; m.version++ }

// SetView shows view v: the first, or the whole view again after a
// reconnection. What was chosen stays where it still makes sense.
func (m *Model) SetView(v *rules.View) {
	m.v = v
	m.settle()
	m.version++
}

// Resolved shows view v after a step and tells its events: the log gets
// them in words, the table the offering revealed.
func (m *Model) Resolved(v *rules.View, evs []rules.Event) {
	round := v.Table.Round
	if m.v != nil {
		round = m.v.Table.Round // the events happened in the round shown before
	}
	m.v = v
	if reveal := revealed(evs); reveal != nil {
		m.offering, m.offeringRound = reveal, round
	}
	lines := m.Tell(evs)
	if len(lines) > 0 {
		m.recent = nil
	}
	for _, l := range lines {
		m.recent = append(m.recent, l.Text)
		r := round
		if l.Round > 0 {
			r = l.Round
		}
		m.log = append(m.log, LogLine{Round: r, Text: l.Text})
		m.logs++
	}
	m.settle()
	m.version++
}

// Rewind shows view first and then, one after the other, each of views
// with its events, as Resolved shows them: the log is theirs alone, the
// table the last view's.
func (m *Model) Rewind(first *rules.View, views []*rules.View, events [][]rules.Event) {
	m.v, m.log, m.recent, m.offering, m.offeringRound = first, nil, nil, nil, 0
	m.logs++
	m.pending, m.actErr = nil, ""
	for i, v := range views {
		m.Resolved(v, events[i])
	}
	m.settle()
	m.version++
}

// settle drops what the view makes stale: a pending action once the game
// moved on, a chosen card no longer in the hand, the offering drafted
// when the step is another, the chosen target when it is no target.
func (m *Model) settle() {
	v := m.v
	seq := v.Table.Seq
	if m.pending != nil && m.sentSeq != seq {
		m.pending = nil
	}
	if v.Table.Phase != rules.PhaseOffer || m.offerSeq != seq || !slices.Contains(v.Hand, m.offer) {
		m.offer, m.offerErr = rules.Card{}, ""
	}
	if v.Table.Phase == rules.PhaseOffer {
		m.sel = m.offer
	}
	if !m.Selectable(m.sel) {
		m.sel = rules.Card{}
	}
	if !slices.Contains(m.Targets(), m.target) {
		m.target = 0
	}
	if v.Table.Phase == rules.PhaseOffer {
		m.target = 0
	}
}

// SetStep takes the step the server announces: its prompt and its
// deadline.
func (m *Model) SetStep(st module.StepInfo) {
	m.step = st
	m.version++
}

// Step returns the step the server announced last.
func (m *Model) Step() module.StepInfo { return m.step }

// Deadline returns when the step shown runs out of time, and false when
// it has no deadline (or the server's clock is of another step).
func (m *Model) Deadline() (time.Time, bool) {
	if m.v == nil || m.step.Deadline.IsZero() || m.step.Seq != m.v.Table.Seq {
		return time.Time{}, false
	}
	return m.step.Deadline, true
}

// Move returns what the player may do now.
func (m *Model) Move() Move {
	v := m.v
	if v == nil || v.Seat == 0 || m.third {
		return MoveNone
	}
	switch v.Table.Phase {
	case rules.PhaseOffer:
		if len(v.Hand) > 0 {
			return MoveOffer
		}
	case rules.PhaseAttack:
		if v.Table.Attacker == v.Seat {
			return MoveAttack
		}
	case rules.PhaseDefend:
		if v.Table.Defender == v.Seat {
			return MoveDefend
		}
	}
	return MoveNone
}

// Pending returns the action sent and not yet answered, nil for none.
func (m *Model) Pending() *rules.Action { return m.pending }

// Hand returns the player's hand, in its order on the table.
func (m *Model) Hand() []rules.Card {
	if m.v == nil {
		return nil
	}
	return m.v.Hand
}

// ChosenIndex returns the place in the hand of the card chosen (the first
// of its copies: a hand may hold two of a card), -1 for none; in the
// offering, of none (the card laid has OfferIndex).
func (m *Model) ChosenIndex() int {
	if m.v == nil || m.v.Table.Phase == rules.PhaseOffer {
		return -1
	}
	return index(m.Hand(), m.sel)
}

// OfferIndex returns the place in the hand of the card laid face down in
// the offering (the first of its copies), -1 for none.
func (m *Model) OfferIndex() int {
	if m.v == nil || m.v.Table.Phase != rules.PhaseOffer {
		return -1
	}
	return index(m.Hand(), m.offer)
}

// index returns the place of card c in hand h, -1 if c is none or not
// there.
func index(h []rules.Card, c rules.Card) int {
	if c.Rank == 0 {
		return -1
	}
	return slices.Index(h, c)
}

// Chosen returns the card chosen, zero for none.
func (m *Model) Chosen() rules.Card { return m.sel }

// Target returns the player chosen to attack, 0 for none.
func (m *Model) Target() ruleset.Seat { return m.target }

// Offer returns the card laid face down in the offering, zero for none.
func (m *Model) Offer() rules.Card { return m.offer }

// Offering returns the last offering revealed and its round.
func (m *Model) Offering() ([]Laid, int) { return m.offering, m.offeringRound }

// Recent returns the last update's events in words.
func (m *Model) Recent() []string { return m.recent }

// Log returns the log, oldest first.
func (m *Model) Log() []LogLine { return m.log }

// LogChanges counts the changes of the log so far.
func (m *Model) LogChanges() int { return m.logs }

// Blocks reports whether c blocks the attack in progress: a higher card
// of the attack card's suit (rule 6).
func (m *Model) Blocks(c rules.Card) bool {
	if m.v == nil || m.v.Table.Phase != rules.PhaseDefend {
		return false
	}
	a := m.v.Table.Attack
	return c.Rank != 0 && c.Suit == a.Suit && c.Rank > a.Rank
}

// Blockers returns the player's cards that block the attack, lowest
// first.
func (m *Model) Blockers() []rules.Card {
	var out []rules.Card
	for _, c := range m.Hand() {
		if m.Blocks(c) {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b rules.Card) int { return int(a.Rank) - int(b.Rank) })
	return out
}

// Selectable reports whether the player may choose card c now: any card
// of the hand to offer or to attack with, a card that blocks to block.
func (m *Model) Selectable(c rules.Card) bool {
	if c.Rank == 0 || !slices.Contains(m.Hand(), c) {
		return false
	}
	switch m.Move() {
	case MoveOffer, MoveAttack:
		return true
	case MoveDefend:
		return m.Blocks(c)
	}
	return false
}

// Targets returns whom the player may attack now: the others who hold
// cards, in seat order (rule 5); none outside the player's attack turn.
func (m *Model) Targets() []ruleset.Seat {
	if m.Move() != MoveAttack {
		return nil
	}
	var out []ruleset.Seat
	for i, p := range m.v.Players {
		if s := ruleset.Seat(i + 1); s != m.v.Seat && p.Cards > 0 {
			out = append(out, s)
		}
	}
	return out
}

// busy returns why the player cannot act now, "" if it can.
func (m *Model) busy() string {
	switch {
	case m.v == nil:
		return "The table is not dealt yet"
	case m.pending != nil:
		return "Your move is on its way to the server"
	case m.Move() == MoveNone:
		return m.waitingText()
	}
	return ""
}

// waitingText says whom the table waits for, for a player who may not act.
func (m *Model) waitingText() string {
	t := m.v.Table
	switch {
	case m.third || m.v.Seat == 0:
		return "You are watching this game"
	case t.Phase == rules.PhaseOver:
		return "The game is over"
	case !m.v.Players[m.v.Seat-1].Alive:
		return "You are out of the game"
	case t.Phase == rules.PhaseOffer:
		return "You hold no cards to lay: the others lay theirs"
	case t.Phase == rules.PhaseAttack:
		return fmt.Sprintf("It is %s's turn to attack", m.name(t.Attacker))
	case t.Phase == rules.PhaseDefend:
		return fmt.Sprintf("%s must answer %s's attack", m.name(t.Defender), m.name(t.Attacker))
	}
	return "It is not your move"
}

// ClickCard is a click on card c of the hand (or its key): in the
// offering it is laid face down (the turn's orders change); in the
// player's attack turn it is chosen, or unchosen, to attack with; when the
// player is attacked, a card that blocks is chosen, or unchosen, to block
// with.
func (m *Model) ClickCard(c rules.Card) Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if !slices.Contains(m.Hand(), c) {
		return Result{}
	}
	m.version++
	switch m.Move() {
	case MoveOffer:
		if m.offer == c {
			return Result{}
		}
		m.offer, m.offerSeq, m.offerErr, m.sel = c, m.v.Table.Seq, "", c
		return Result{Orders: true}
	case MoveAttack:
		m.toggle(c)
	case MoveDefend:
		if !m.Blocks(c) {
			a := m.v.Table.Attack
			return Result{Notice: fmt.Sprintf("The %s does not block: only a %s card higher than %d does",
				m.deck.Name(c), m.suit(a), a.Rank)}
		}
		m.toggle(c)
	}
	return Result{}
}

// toggle chooses c, or unchooses it if it was chosen.
func (m *Model) toggle(c rules.Card) {
	if m.sel == c {
		m.sel = rules.Card{}
		return
	}
	m.sel = c
}

// ClickCardAt is the key of the i-th card of the hand (from 0).
func (m *Model) ClickCardAt(i int) Result {
	h := m.Hand()
	if i < 0 || i >= len(h) {
		return Result{Notice: fmt.Sprintf("You hold %s", words.Count(len(h), "card", "cards"))}
	}
	return m.ClickCard(h[i])
}

// ClickPlayer is a click on player s's hand: in the player's attack turn
// it attacks s with the card chosen, or, with none chosen yet, makes s the
// target.
func (m *Model) ClickPlayer(s ruleset.Seat) Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveAttack {
		return Result{}
	}
	switch {
	case m.isYou(s):
		return Result{Notice: "You cannot attack yourself: click another player's hand"}
	case !slices.Contains(m.Targets(), s):
		return Result{Notice: fmt.Sprintf("%s holds no cards: there is nothing to attack", m.Name(s))}
	}
	m.version++
	m.target = s
	if m.sel.Rank == 0 {
		return Result{Notice: fmt.Sprintf("Now choose the card to attack %s with", m.name(s))}
	}
	return m.act(rules.Action{Kind: rules.ActAttack, Target: s, Card: m.sel})
}

// NextTarget chooses the next player to attack, around the table (Tab).
func (m *Model) NextTarget() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	ts := m.Targets()
	if len(ts) == 0 {
		return Result{}
	}
	m.version++
	i := slices.Index(ts, m.target)
	m.target = ts[(i+1)%len(ts)]
	return Result{}
}

// AttackTarget returns whom the Attack button attacks: the target
// chosen, or the only player there is to attack; 0 when the player must
// still choose.
func (m *Model) AttackTarget() ruleset.Seat {
	if m.target != 0 {
		return m.target
	}
	if ts := m.Targets(); len(ts) == 1 {
		return ts[0]
	}
	return 0
}

// Attack is the Attack button (Enter, A): the chosen card against the
// chosen player.
func (m *Model) Attack() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveAttack {
		return Result{Notice: "It is not your turn to attack"}
	}
	target := m.AttackTarget()
	switch {
	case m.sel.Rank == 0 && target == 0:
		return Result{Notice: "Choose a card (click it, or 1 to 9), then the player to attack (click their hand, or Tab)"}
	case m.sel.Rank == 0:
		return Result{Notice: fmt.Sprintf("Choose the card to attack %s with: click it, or 1 to 9", m.name(target))}
	case target == 0:
		return Result{Notice: "Choose whom to attack: click their hand, or Tab"}
	}
	return m.act(rules.Action{Kind: rules.ActAttack, Target: target, Card: m.sel})
}

// Pass is the Pass button (P): the attack turn goes by.
func (m *Model) Pass() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveAttack {
		return Result{Notice: "Only the attacker passes, in its turn"}
	}
	return m.act(rules.Action{Kind: rules.ActPass})
}

// BlockCard returns the card the Block button blocks with: the card
// chosen, or the lowest that blocks; zero when none does.
func (m *Model) BlockCard() rules.Card {
	if m.Blocks(m.sel) {
		return m.sel
	}
	if bs := m.Blockers(); len(bs) > 0 {
		return bs[0]
	}
	return rules.Card{}
}

// Block is the Block button (B): the attack blocked with BlockCard.
func (m *Model) Block() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveDefend {
		return Result{Notice: "Only the defender blocks, when attacked"}
	}
	c := m.BlockCard()
	if c.Rank == 0 {
		a := m.v.Table.Attack
		return Result{Notice: fmt.Sprintf("You hold no %s card higher than %d: take the hit (T)", m.suit(a), a.Rank)}
	}
	return m.act(rules.Action{Kind: rules.ActBlock, Card: c})
}

// Take is the Take the hit button (T).
func (m *Model) Take() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveDefend {
		return Result{Notice: "Only the defender takes a hit, when attacked"}
	}
	return m.act(rules.Action{Kind: rules.ActTake})
}

// Confirm is Enter in the player's attack turn or defence: Attack, or
// Block with the card chosen.
func (m *Model) Confirm() Result {
	switch m.Move() {
	case MoveAttack:
		return m.Attack()
	case MoveDefend:
		if m.sel.Rank == 0 {
			return Result{Notice: "Choose a card that blocks, or press B to block with your lowest, T to take the hit"}
		}
		return m.Block()
	}
	return Result{}
}

// Deselect drops the card and the target chosen (Esc); the offering
// drafted stays.
func (m *Model) Deselect() {
	if m.v != nil && m.v.Table.Phase == rules.PhaseOffer {
		return
	}
	m.sel, m.target = rules.Card{}, 0
	m.version++
}

// act returns a of the step shown as the result to send.
func (m *Model) act(a rules.Action) Result {
	a.Seq = m.v.Table.Seq
	return Result{Action: &a}
}

// Sent notes that action a went to the server: no other is sent until
// it is answered or the game moves on.
func (m *Model) Sent(a rules.Action) {
	m.pending, m.sentSeq, m.actErr = &a, a.Seq, ""
	m.version++
}

// ActResult takes the server's answer to the action sent for step seq:
// err "" when it was applied.
func (m *Model) ActResult(seq uint32, err string) {
	if m.pending == nil || m.sentSeq != seq {
		return
	}
	if err != "" {
		m.pending, m.actErr = nil, err
		m.version++
	}
}

// ActError returns the server's refusal of the last action, "" for none.
func (m *Model) ActError() string { return m.actErr }

// Submission returns the turn's orders: the offer drafted, in the
// ruleset's encoding; false when none is (the autopilot then lays the
// lowest card, rule 4).
func (m *Model) Submission() (rules.Offer, bool) {
	if m.v == nil || m.offer.Rank == 0 || m.v.Table.Phase != rules.PhaseOffer {
		return rules.Offer{}, false
	}
	return rules.Offer{Seq: m.offerSeq, Card: m.offer}, true
}

// Rejected takes the server's refusal of the offer, "" for none.
func (m *Model) Rejected(why string) {
	m.offerErr = why
	m.version++
}

// OfferError returns the server's refusal of the offer, "" for none.
func (m *Model) OfferError() string { return m.offerErr }

// revealed returns the offering that events evs reveal (rules 2 to 4),
// nil if they reveal none.
func revealed(evs []rules.Event) []Laid {
	var out []Laid
	auto := map[ruleset.Seat]bool{}
	for _, e := range evs {
		switch e.Kind {
		case rules.EventAutopilot:
			auto[e.Seat] = true
		case rules.EventReveal:
			if len(e.Cards) > 0 {
				out = append(out, Laid{Seat: e.Seat, Card: e.Cards[0], Auto: auto[e.Seat]})
			}
		}
	}
	if out == nil {
		return nil
	}
	var high uint8
	for _, l := range out {
		high = max(high, l.Card.Rank)
	}
	for i := range out {
		out[i].Top = out[i].Card.Rank == high
	}
	return out
}
