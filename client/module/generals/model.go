package generals

import (
	"fmt"
	"slices"
	"time"

	"empires/client/kit"
	"empires/client/module"
	rules "empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// Legal is what the engine says of a view's moves: the table lights the
// playable cards and says why one is not, and never judges legality
// itself.
type Legal struct {
	// Moves returns every action the view's seat may take now, stamped
	// with the view's Seq (nil: none).
	Moves func(v *rules.View) []rules.Action
	// Why returns why action a may not be taken now, in a player's words,
	// "" when it may.
	Why func(v *rules.View, a rules.Action) string
}

// PickKind is what the player has picked on the table.
type PickKind uint8

// The picks.
const (
	PickNone PickKind = iota
	PickCard          // a card of the hand, to play
	PickUnit          // a card of the player's in play, to move, attack with, use or discard
)

// Pick is the player's choice in progress: a card of the hand or in play,
// the actions it may still lead to (Cands, from the engine's moves) and
// the targets chosen so far. An action is sent once one candidate alone
// is left with every target chosen.
type Pick struct {
	Kind    PickKind
	Hand    int       // PickCard: the place in the hand
	Unit    rules.Ref // PickUnit
	Cands   []rules.Action
	Targets []rules.Target
	// Zone reports that the player is asked where the General goes
	// (Warcamp or Battlefield).
	Zone bool
	// Rule is the ability chosen (PickUnit, -1 for none yet).
	Rule int
}

// Line is a line of the log: a turn and what happened.
type Line struct {
	Turn int
	Text string
}

// Result is what an input did: the action to send (nil for none), a
// notice for the player ("" for none), and whether the side panel must be
// built again.
type Result struct {
	Action *rules.Action
	Notice string
	Panel  bool
}

// Model is the card table without its drawing: the view, the engine's
// moves for it, the player's pick, the opening split, the cards ticked to
// discard and the log. It is tested without a display.
type Model struct {
	coll  *cards.Collection
	legal Legal
	v     *rules.View
	moves []rules.Action
	step  module.StepInfo
	names []string

	pick Pick
	// open is the opening split: how many of the 7 come from the Draw
	// Pile.
	open int
	// ticked are the hand's places ticked to discard.
	ticked []int
	// resign reports that Resign was pressed once: the next press
	// confirms.
	resign bool
	// pending is the action sent and not yet answered; actErr the last
	// refusal.
	pending *rules.Action
	actErr  string

	log        []Line
	logChanges int
	// battle is the last battle's outcome, in words, shown until the turn
	// ends ("" for none).
	battle string
	third  bool
	// version counts the changes the table shows.
	version int
}

// OpeningHand is the number of cards of the opening hand ("Each player
// draws seven cards").
const OpeningHand = 7

// NewModel returns the table of a game of collection coll, whose moves
// legal says.
func NewModel(coll *cards.Collection, legal Legal) *Model {
	return &Model{coll: coll, legal: legal, open: 4, pick: Pick{Rule: -1}}
}

// View returns the view shown (nil before the first).
func (m *Model) View() *rules.View { return m.v }

// SetNames sets the players' names, seat s at s-1 (the shell's lobby
// names); a seat without one is "Player N".
func (m *Model) SetNames(names []string) { m.names = slices.Clone(names); m.version++ }

// SetThirdPerson makes the table speak of the view's player by name (a
// replay).
func (m *Model) SetThirdPerson(on bool) { m.third = on; m.version++ }

// SetView shows view v: the moves are asked again, and a pick that no
// longer leads anywhere is dropped.
func (m *Model) SetView(v *rules.View) {
	m.v = v
	m.moves = nil
	if m.legal.Moves != nil && v != nil {
		m.moves = m.legal.Moves(v)
	}
	if m.pending != nil && m.pending.Seq != v.Seq {
		m.pending = nil
	}
	m.ticked = slices.DeleteFunc(m.ticked, func(i int) bool { return i >= len(v.Hand) })
	if !m.ticking() {
		m.ticked = nil
	}
	m.repick()
	if v.Phase != rules.PhaseOpening {
		m.open = min(m.open, OpeningHand)
	}
	m.version++
}

// repick keeps the pick only while its candidates are still among the
// moves.
func (m *Model) repick() {
	p := m.pick
	if p.Kind == PickNone {
		return
	}
	var still []rules.Action
	for _, c := range p.Cands {
		c.Seq = m.v.Seq
		if slices.ContainsFunc(m.moves, func(a rules.Action) bool { return sameAction(a, c) }) {
			still = append(still, c)
		}
	}
	if len(still) == 0 {
		m.pick = Pick{Rule: -1}
		return
	}
	m.pick.Cands = still
}

// sameAction reports whether a and b are one action (Seq aside).
func sameAction(a, b rules.Action) bool {
	return a.Kind == b.Kind && a.Count == b.Count && a.Supply == b.Supply && a.Hand == b.Hand && a.Card == b.Card &&
		a.Battlefield == b.Battlefield && a.Unit == b.Unit && a.Rule == b.Rule && a.Seat == b.Seat &&
		slices.Equal(a.Targets, b.Targets) && slices.Equal(a.Cards, b.Cards)
}

// SetStep keeps the step the server announced (its deadline).
func (m *Model) SetStep(st module.StepInfo) { m.step = st; m.version++ }

// Deadline returns the step's deadline, and false for none.
func (m *Model) Deadline() (time.Time, bool) { return m.step.Deadline, !m.step.Deadline.IsZero() }

// Sent records action a as sent.
func (m *Model) Sent(a rules.Action) {
	m.pending = &a
	m.actErr = ""
	m.pick = Pick{Rule: -1}
	m.resign = false
	if a.Kind == rules.ActDiscard {
		m.ticked = nil
	}
	m.version++
}

// ActResult takes the server's answer to the action sent for step seq.
func (m *Model) ActResult(seq uint32, err string) {
	if m.pending != nil && m.pending.Seq == seq {
		m.pending = nil
	}
	m.actErr = err
	m.version++
}

// Card returns the card of id, nil if the collection has none.
func (m *Model) Card(id rules.CardID) *cards.Card {
	cid, err := cards.ParseID(string(id))
	if err != nil {
		return nil
	}
	c, _ := m.coll.Card(cid)
	return c
}

// CardName names the card of id ("Attila the Hun"); its id if unknown.
func (m *Model) CardName(id rules.CardID) string {
	if c := m.Card(id); c != nil {
		return c.Name
	}
	return string(id)
}

// Kind returns the kind of the card of id.
func (m *Model) Kind(id rules.CardID) cards.Kind {
	if c := m.Card(id); c != nil {
		return c.ID.Kind
	}
	return cards.NoKind
}

// Name names the player of seat s: "You" for the view's own (unless
// speaking in the third person), else its name.
func (m *Model) Name(s ruleset.Seat) string {
	if m.v != nil && s == m.v.Seat && !m.third {
		return "You"
	}
	return m.PlayerName(s)
}

// PlayerName is the name of seat s, never "You": the view's, else the
// one SetNames gave, else "Player N".
func (m *Model) PlayerName(s ruleset.Seat) string {
	if p := m.Player(s); p != nil && p.Name != "" {
		return p.Name
	}
	if i := int(s) - 1; i >= 0 && i < len(m.names) && m.names[i] != "" {
		return m.names[i]
	}
	return fmt.Sprintf("Player %d", s)
}

// Me returns the view's own player, nil for a spectator.
func (m *Model) Me() *rules.PlayerView { return m.Player(m.v.Seat) }

// Player returns the player of seat s, nil if none.
func (m *Model) Player(s ruleset.Seat) *rules.PlayerView {
	if m.v == nil || s < 1 || int(s) > len(m.v.Players) {
		return nil
	}
	return &m.v.Players[s-1]
}

// Unit returns the card in play ref and its owner's seat, false if none.
func (m *Model) Unit(ref rules.Ref) (rules.InPlay, ruleset.Seat, bool) {
	if m.v == nil || ref == 0 {
		return rules.InPlay{}, 0, false
	}
	for _, p := range m.v.Players {
		for _, c := range p.Table {
			if c.Ref == ref {
				return c, p.Seat, true
			}
		}
	}
	return rules.InPlay{}, 0, false
}

// Moves returns the engine's moves for the view.
func (m *Model) Moves() []rules.Action { return m.moves }

// Pick returns the player's pick.
func (m *Model) Pick() Pick { return m.pick }

// has reports whether some move satisfies f.
func (m *Model) has(f func(a rules.Action) bool) bool { return slices.ContainsFunc(m.moves, f) }

// movesOf returns the moves that satisfy f.
func (m *Model) movesOf(f func(a rules.Action) bool) []rules.Action {
	var out []rules.Action
	for _, a := range m.moves {
		if f(a) {
			out = append(out, a)
		}
	}
	return out
}

// why says why action a may not be taken now.
func (m *Model) why(a rules.Action) string {
	if m.legal.Why == nil {
		return "not now"
	}
	a.Seq = m.v.Seq
	if w := m.legal.Why(m.v, a); w != "" {
		return w
	}
	return "not now"
}

// Playable reports whether the card at hand place i may be played now.
func (m *Model) Playable(i int) bool {
	return m.has(func(a rules.Action) bool { return a.Kind == rules.ActCard && a.Hand == i })
}

// WhyNot says why the card at hand place i may not be played now, ""
// when it may.
func (m *Model) WhyNot(i int) string {
	if m.v == nil || i < 0 || i >= len(m.v.Hand) || m.Playable(i) {
		return ""
	}
	return m.why(rules.Action{Kind: rules.ActCard, Hand: i, Card: m.v.Hand[i]})
}

// Usable reports whether the card in play ref has a move now (a move, an
// attack, an ability, a discard, a block).
func (m *Model) Usable(ref rules.Ref) bool {
	return m.has(func(a rules.Action) bool { return a.Unit == ref && a.Kind != rules.ActBlock })
}

// ticking reports whether the hand's cards are ticked to discard now:
// the player must discard (View.Must) or is over the hand limit in the
// Resolve Phase.
func (m *Model) ticking() bool { return m.DiscardCount() > 0 }

// DiscardCount is how many cards the player must discard now, 0 for none.
func (m *Model) DiscardCount() int {
	v := m.v
	if v == nil || v.Seat == 0 {
		return 0
	}
	if v.Must != nil && v.Must.Seat == v.Seat {
		return min(v.Must.Count, len(v.Hand))
	}
	if v.Phase == rules.PhaseResolve && v.Active == v.Seat && v.Must == nil {
		if me := m.Me(); me != nil && len(v.Hand) > me.HandLimit {
			return len(v.Hand) - me.HandLimit
		}
	}
	return 0
}

// Ticked returns the hand's places ticked to discard, in order.
func (m *Model) Ticked() []int { return m.ticked }

// IsTicked reports whether hand place i is ticked.
func (m *Model) IsTicked(i int) bool { return slices.Contains(m.ticked, i) }

// Opening returns the opening split chosen: cards from the Draw Pile.
func (m *Model) Opening() int { return m.open }

// Opens reports whether the player splits its opening now.
func (m *Model) Opens() bool {
	return m.v != nil && m.v.Phase == rules.PhaseOpening && m.has(func(a rules.Action) bool { return a.Kind == rules.ActOpening })
}

// SetOpening sets the opening split to n (clamped to 0-7).
func (m *Model) SetOpening(n int) { m.open = max(0, min(n, OpeningHand)); m.version++ }

// Confirm sends the opening split, or the cards ticked to discard.
func (m *Model) Confirm() Result {
	switch {
	case m.Opens():
		return m.send(rules.Action{Kind: rules.ActOpening, Count: m.open})
	case m.ticking():
		return m.Discard()
	}
	return Result{}
}

// Discard sends the cards ticked, if they are as many as asked.
func (m *Model) Discard() Result {
	n := m.DiscardCount()
	if n == 0 {
		return Result{}
	}
	if len(m.ticked) != n {
		return Result{Notice: fmt.Sprintf("Tick %d of your cards to discard (%d ticked).", n, len(m.ticked))}
	}
	cs := slices.Clone(m.ticked)
	slices.Sort(cs)
	return m.send(rules.Action{Kind: rules.ActDiscard, Cards: cs})
}

// send returns the result that sends a, stamped with the view's step,
// or says why it may not be sent.
func (m *Model) send(a rules.Action) Result {
	a.Seq = m.v.Seq
	if m.pending != nil {
		return Result{Notice: "Wait: your last move has not been answered yet."}
	}
	if m.legal.Why != nil {
		if w := m.legal.Why(m.v, a); w != "" {
			return Result{Notice: kit.CapitalFirst(w) + "."}
		}
	}
	return Result{Action: &a, Panel: true}
}

// Button is one of the table's buttons, as the moves offer it.
type Button uint8

// The buttons.
const (
	BtnNone     Button = iota
	BtnPlay            // take the turn (Declare)
	BtnPass            // pass the turn (Declare)
	BtnDraw            // draw from the Draw Pile (Draw)
	BtnSupply          // draw from the Supply Pile (Draw)
	BtnNext            // next phase
	BtnEnd             // end the turn (Resolve)
	BtnResign          // resign (asks to confirm)
	BtnConfirm         // really resign
	BtnKeep            // do not resign
	BtnMinus           // one card fewer from the Draw Pile (opening)
	BtnPlus            // one more
	BtnOpen            // send the opening split
	BtnDiscard         // discard the cards ticked
	BtnWarcamp         // the General to the Warcamp / move the unit there
	BtnField           // to the Battlefield
	BtnDrop            // discard the picked card from play
	BtnCancel          // drop the pick
	BtnContinue        // play on after a Chancellor Victory
	BtnStop            // stop
	lastButton  = BtnStop
)

var buttonNames = [...]string{"", "Play", "Pass", "Draw", "Draw supply", "Next phase", "End turn", "Resign",
	"Yes, resign", "Keep playing", "−", "+", "Take these", "Discard", "To the Warcamp", "To the Battlefield",
	"Discard from play", "Cancel", "Play on", "Stop"}

// String is the button's label.
func (b Button) String() string {
	if b > lastButton {
		return "?"
	}
	return buttonNames[b]
}

// Key is the key of button b, as its hint and the help write it ("" for
// none).
func (b Button) Key() string {
	switch b {
	case BtnPlay:
		return "Y"
	case BtnPass:
		return "P"
	case BtnDraw:
		return "D"
	case BtnSupply:
		return "S"
	case BtnNext, BtnEnd:
		return "N"
	case BtnMinus:
		return "←"
	case BtnPlus:
		return "→"
	case BtnOpen, BtnDiscard:
		return "Enter"
	case BtnWarcamp:
		return "W"
	case BtnField:
		return "B"
	case BtnCancel, BtnKeep:
		return "Esc"
	}
	return ""
}

// buttonAction is the action of a button that sends one by itself, and
// false for the others.
func (m *Model) buttonAction(b Button) (rules.Action, bool) {
	switch b {
	case BtnPlay:
		return rules.Action{Kind: rules.ActPlay}, true
	case BtnPass:
		return rules.Action{Kind: rules.ActPass}, true
	case BtnDraw:
		return rules.Action{Kind: rules.ActDraw}, true
	case BtnSupply:
		return rules.Action{Kind: rules.ActDraw, Supply: true}, true
	case BtnNext, BtnEnd:
		return rules.Action{Kind: rules.ActNext}, true
	case BtnConfirm:
		return rules.Action{Kind: rules.ActResign}, true
	case BtnContinue:
		return rules.Action{Kind: rules.ActContinue}, true
	case BtnStop:
		return rules.Action{Kind: rules.ActStop}, true
	case BtnOpen:
		return rules.Action{Kind: rules.ActOpening, Count: m.open}, true
	}
	return rules.Action{}, false
}

// Buttons returns the buttons the table shows now, in order: the phase
// bar's, then the pick's. A button shown may be disabled (Enabled).
func (m *Model) Buttons() []Button {
	v := m.v
	if v == nil || v.Seat == 0 {
		return nil
	}
	if v.Epic && m.has(func(a rules.Action) bool { return a.Kind == rules.ActContinue }) {
		return []Button{BtnContinue, BtnStop}
	}
	if v.Phase == rules.PhaseOver {
		return nil
	}
	me := m.Me()
	var bs []Button
	switch {
	case m.InTactics():
		bs = append(bs, BtnNext)
	case m.Opens():
		bs = append(bs, BtnMinus, BtnPlus, BtnOpen)
	case m.ticking():
		bs = append(bs, BtnDiscard)
	case v.Active == v.Seat && v.Battle == nil:
		switch v.Phase {
		case rules.PhaseDeclare:
			bs = append(bs, BtnPlay, BtnPass, BtnDraw, BtnSupply)
		case rules.PhaseDraw:
			bs = append(bs, BtnDraw, BtnSupply, BtnNext)
		case rules.PhaseResolve:
			bs = append(bs, BtnEnd)
		default:
			bs = append(bs, BtnNext)
		}
	}
	if p := m.pick; p.Kind != PickNone {
		if p.Zone {
			bs = append(bs, BtnWarcamp, BtnField)
		} else if p.Kind == PickUnit && len(p.Targets) == 0 {
			if m.candOf(rules.ActMove, false) != nil {
				bs = append(bs, BtnWarcamp)
			}
			if m.candOf(rules.ActMove, true) != nil {
				bs = append(bs, BtnField)
			}
			if m.candOf(rules.ActDiscardPlay, false) != nil {
				bs = append(bs, BtnDrop)
			}
		}
		bs = append(bs, BtnCancel)
	}
	if me != nil && !me.Out {
		if m.resign {
			bs = append(bs, BtnConfirm, BtnKeep)
		} else {
			bs = append(bs, BtnResign)
		}
	}
	return bs
}

// candOf returns the pick's candidate of kind k (with Battlefield bf for
// a move), nil if none.
func (m *Model) candOf(k rules.ActionKind, bf bool) *rules.Action {
	for i, a := range m.pick.Cands {
		if a.Kind == k && (k != rules.ActMove || a.Battlefield == bf) {
			return &m.pick.Cands[i]
		}
	}
	return nil
}

// Enabled reports whether button b does something now, and if not why.
func (m *Model) Enabled(b Button) (bool, string) {
	if m.pending != nil && b != BtnMinus && b != BtnPlus && b != BtnCancel && b != BtnKeep && b != BtnResign {
		return false, "your last move has not been answered yet"
	}
	switch b {
	case BtnMinus:
		return m.open > 0, "no fewer than none"
	case BtnPlus:
		return m.open < OpeningHand, fmt.Sprintf("no more than %d", OpeningHand)
	case BtnDiscard:
		n := m.DiscardCount()
		return len(m.ticked) == n, fmt.Sprintf("tick %d of your cards (%d ticked)", n, len(m.ticked))
	case BtnResign, BtnKeep, BtnCancel:
		return true, ""
	case BtnWarcamp, BtnField, BtnDrop:
		return true, ""
	}
	a, ok := m.buttonAction(b)
	if !ok {
		return false, ""
	}
	if m.has(func(c rules.Action) bool {
		return c.Kind == a.Kind && c.Supply == a.Supply && (a.Kind != rules.ActOpening || c.Count == a.Count)
	}) {
		return true, ""
	}
	if a.Kind == rules.ActOpening && m.Opens() {
		return true, "" // the engine may list one split only; it checks the count
	}
	return false, m.why(a)
}

// Press does what button b does.
func (m *Model) Press(b Button) Result {
	if ok, why := m.Enabled(b); !ok {
		return Result{Notice: kit.CapitalFirst(why) + "."}
	}
	m.version++
	switch b {
	case BtnMinus:
		m.SetOpening(m.open - 1)
		return Result{}
	case BtnPlus:
		m.SetOpening(m.open + 1)
		return Result{}
	case BtnDiscard:
		return m.Discard()
	case BtnResign:
		m.resign = true
		return Result{Notice: "Resign? Press Yes, resign to leave the game, or Keep playing.", Panel: true}
	case BtnKeep:
		m.resign = false
		return Result{Panel: true}
	case BtnCancel:
		m.Deselect()
		return Result{Panel: true}
	case BtnWarcamp, BtnField:
		return m.chooseZone(b == BtnField)
	case BtnDrop:
		if a := m.candOf(rules.ActDiscardPlay, false); a != nil {
			return m.send(*a)
		}
		return Result{}
	}
	a, _ := m.buttonAction(b)
	return m.send(a)
}

// Deselect drops the pick and the resign question.
func (m *Model) Deselect() {
	m.pick = Pick{Rule: -1}
	m.resign = false
	m.version++
}

// chooseZone answers where the General picked goes, or moves the unit
// picked.
func (m *Model) chooseZone(bf bool) Result {
	p := &m.pick
	switch {
	case p.Kind == PickCard:
		var keep []rules.Action
		for _, a := range p.Cands {
			if a.Battlefield == bf {
				keep = append(keep, a)
			}
		}
		if len(keep) == 0 {
			return Result{Notice: "It may not go there now."}
		}
		p.Cands, p.Zone = keep, false
		return m.advance()
	case p.Kind == PickUnit:
		if a := m.candOf(rules.ActMove, bf); a != nil {
			return m.send(*a)
		}
	}
	return Result{Notice: "It may not go there now."}
}

// ClickHand does what a click on the card at hand place i does: tick it
// to discard, or pick it to play (a General asks where it goes, a card
// with targets asks for them), or say why it may not be played.
func (m *Model) ClickHand(i int) Result {
	v := m.v
	if v == nil || v.Seat == 0 || i < 0 || i >= len(v.Hand) {
		return Result{}
	}
	m.version++
	if m.ticking() {
		if j := slices.Index(m.ticked, i); j >= 0 {
			m.ticked = slices.Delete(m.ticked, j, j+1)
		} else if len(m.ticked) < m.DiscardCount() {
			m.ticked = append(m.ticked, i)
		} else {
			return Result{Notice: fmt.Sprintf("You discard %d: untick one first.", m.DiscardCount())}
		}
		return Result{Panel: true}
	}
	if m.pick.Kind == PickCard && m.pick.Hand == i {
		m.Deselect()
		return Result{Panel: true}
	}
	cands := m.movesOf(func(a rules.Action) bool { return a.Kind == rules.ActCard && a.Hand == i })
	if len(cands) == 0 {
		return Result{Notice: fmt.Sprintf("%s: %s.", m.CardName(v.Hand[i]), m.WhyNot(i))}
	}
	m.pick = Pick{Kind: PickCard, Hand: i, Cands: cands, Rule: -1}
	wc := slices.ContainsFunc(cands, func(a rules.Action) bool { return !a.Battlefield })
	bf := slices.ContainsFunc(cands, func(a rules.Action) bool { return a.Battlefield })
	if m.Kind(v.Hand[i]) == cards.General && wc && bf {
		m.pick.Zone = true
		return Result{Notice: "Where does the General go? Click Warcamp or Battlefield (W or B).", Panel: true}
	}
	return m.advance()
}

// ClickUnit does what a click on the card in play ref does: a target of
// the pick, a blocker, or the pick of one of the player's own cards (to
// move, attack with, use or discard).
func (m *Model) ClickUnit(ref rules.Ref) Result {
	v := m.v
	if v == nil || v.Seat == 0 {
		return Result{}
	}
	m.version++
	if m.wantsTarget() {
		return m.target(rules.Target{Unit: ref})
	}
	if v.Battle != nil && v.Battle.Defender == v.Seat {
		return m.Block(ref)
	}
	_, owner, ok := m.Unit(ref)
	if !ok || owner != v.Seat {
		if m.pick.Kind != PickNone {
			return Result{Notice: "That card is no target of this one."}
		}
		return Result{}
	}
	if m.pick.Kind == PickUnit && m.pick.Unit == ref {
		m.Deselect()
		return Result{Panel: true}
	}
	cands := m.movesOf(func(a rules.Action) bool { return a.Unit == ref && a.Kind != rules.ActBlock })
	if len(cands) == 0 {
		c, _, _ := m.Unit(ref)
		return Result{Notice: fmt.Sprintf("%s: %s.", m.CardName(c.Card), m.why(rules.Action{Kind: rules.ActMove, Unit: ref, Battlefield: c.Zone != rules.ZoneBattlefield}))}
	}
	m.pick = Pick{Kind: PickUnit, Unit: ref, Cands: cands, Rule: -1}
	return Result{Panel: true}
}

// ClickPlayer does what a click on player s's place does: a target of the
// pick, or the player the picked unit attacks.
func (m *Model) ClickPlayer(s ruleset.Seat) Result {
	if m.v == nil || m.pick.Kind == PickNone {
		return Result{}
	}
	m.version++
	if m.wantsTarget() {
		return m.target(rules.Target{Seat: s})
	}
	if m.pick.Kind == PickUnit {
		for _, a := range m.pick.Cands {
			if a.Kind == rules.ActAttack && a.Seat == s {
				return m.send(a)
			}
		}
		return Result{Notice: fmt.Sprintf("Not an attack on %s: %s.", m.PlayerName(s), m.why(rules.Action{Kind: rules.ActAttack, Unit: m.pick.Unit, Seat: s}))}
	}
	return Result{}
}

// Attacks returns the seats the picked unit may attack.
func (m *Model) Attacks() []ruleset.Seat {
	var out []ruleset.Seat
	if m.pick.Kind != PickUnit {
		return nil
	}
	for _, a := range m.pick.Cands {
		if a.Kind == rules.ActAttack && !slices.Contains(out, a.Seat) {
			out = append(out, a.Seat)
		}
	}
	return out
}

// Abilities returns the rules' indexes of the picked card's abilities it
// may use now.
func (m *Model) Abilities() []int {
	var out []int
	if m.pick.Kind != PickUnit || m.pick.Rule >= 0 {
		return nil
	}
	for _, a := range m.pick.Cands {
		if a.Kind == rules.ActAbility && !slices.Contains(out, a.Rule) {
			out = append(out, a.Rule)
		}
	}
	return out
}

// UseAbility chooses the ability rule of the picked card: sent at once,
// or its targets asked.
func (m *Model) UseAbility(rule int) Result {
	if m.pick.Kind != PickUnit {
		return Result{}
	}
	var keep []rules.Action
	for _, a := range m.pick.Cands {
		if a.Kind == rules.ActAbility && a.Rule == rule {
			keep = append(keep, a)
		}
	}
	if len(keep) == 0 {
		return Result{Notice: "That ability may not be used now."}
	}
	m.pick.Cands, m.pick.Rule = keep, rule
	m.version++
	return m.advance()
}

// wantsTarget reports whether the pick waits for a target: a card to play
// or an ability chosen whose candidates have targets left to choose.
func (m *Model) wantsTarget() bool {
	p := m.pick
	if p.Zone || p.Kind == PickNone || p.Kind == PickUnit && p.Rule < 0 {
		return false
	}
	return slices.ContainsFunc(p.Cands, func(a rules.Action) bool { return len(a.Targets) > len(p.Targets) })
}

// TargetWanted says what the pick waits for: "" for nothing, else "a
// player" or "a card in play" or both.
func (m *Model) TargetWanted() string {
	if !m.wantsTarget() {
		return ""
	}
	k := len(m.pick.Targets)
	player, unit := false, false
	for _, a := range m.pick.Cands {
		if len(a.Targets) > k {
			if a.Targets[k].Unit != 0 {
				unit = true
			} else {
				player = true
			}
		}
	}
	switch {
	case player && unit:
		return "a player or a card in play"
	case player:
		return "a player"
	}
	return "a card in play"
}

// Targetable reports whether t may be chosen as the pick's next target.
func (m *Model) Targetable(t rules.Target) bool {
	if !m.wantsTarget() {
		return false
	}
	k := len(m.pick.Targets)
	return slices.ContainsFunc(m.pick.Cands, func(a rules.Action) bool { return len(a.Targets) > k && matches(a.Targets[k], t) })
}

// TargetUnits returns the cards in play of seat s that may be chosen as
// the pick's next target, in Ref order.
func (m *Model) TargetUnits(s ruleset.Seat) []rules.Ref {
	var out []rules.Ref
	if !m.wantsTarget() {
		return nil
	}
	k := len(m.pick.Targets)
	for _, a := range m.pick.Cands {
		if len(a.Targets) <= k || a.Targets[k].Unit == 0 {
			continue
		}
		ref := a.Targets[k].Unit
		if _, owner, ok := m.Unit(ref); ok && owner == s && !slices.Contains(out, ref) {
			out = append(out, ref)
		}
	}
	slices.Sort(out)
	return out
}

// matches reports whether the click t chooses target want: a card in play
// by its Ref, a player by its seat.
func matches(want, t rules.Target) bool {
	if t.Unit != 0 {
		return want.Unit == t.Unit
	}
	return want.Unit == 0 && want.Seat == t.Seat
}

// target takes t as the pick's next target.
func (m *Model) target(t rules.Target) Result {
	k := len(m.pick.Targets)
	var keep []rules.Action
	var chosen rules.Target
	for _, a := range m.pick.Cands {
		if len(a.Targets) > k && matches(a.Targets[k], t) {
			keep = append(keep, a)
			chosen = a.Targets[k]
		}
	}
	if len(keep) == 0 {
		return Result{Notice: fmt.Sprintf("Not a target of this card: choose %s.", m.TargetWanted())}
	}
	m.pick.Cands = keep
	m.pick.Targets = append(m.pick.Targets, chosen)
	return m.advance()
}

// advance sends the pick's action once one candidate alone is left with
// every target chosen, else says what the pick waits for.
func (m *Model) advance() Result {
	p := m.pick
	var done []rules.Action
	for _, a := range p.Cands {
		if len(a.Targets) == len(p.Targets) {
			done = append(done, a)
		}
	}
	if len(done) > 0 && !m.wantsTarget() {
		return m.send(done[0])
	}
	if w := m.TargetWanted(); w != "" {
		return Result{Notice: fmt.Sprintf("Choose %s as the target (click it).", w), Panel: true}
	}
	return Result{Panel: true}
}

// Blockers returns the units the defender may block with now (its own
// Battlefield or Warcamp, as the battle is), in the engine's order.
func (m *Model) Blockers() []rules.Ref {
	var out []rules.Ref
	for _, a := range m.moves {
		if a.Kind == rules.ActBlock && a.Unit != 0 && !slices.Contains(out, a.Unit) {
			out = append(out, a.Unit)
		}
	}
	return out
}

// StepWord says in a word what the table asks of the player now:
// "opening", "defend", "discard", "tactics", "epic", "turn" (a phase of
// its own turn), or "wait" (another's move, or the game over).
func (m *Model) StepWord() string {
	v := m.v
	switch {
	case v == nil || len(m.moves) == 0:
		return "wait"
	case m.Opens():
		return "opening"
	case m.Defends():
		return "defend"
	case m.DiscardCount() > 0:
		return "discard"
	case m.InTactics():
		return "tactics"
	case v.Epic:
		return "epic"
	case v.Active == v.Seat:
		return "turn"
	}
	return "wait"
}

// InTactics reports whether the player may play Tactics cards on the
// battle now (a blocker is presented: the attacker, then the defender).
func (m *Model) InTactics() bool {
	v := m.v
	return v != nil && v.Battle != nil && v.Battle.Blocker != 0 && v.Battle.Tactics == v.Seat && v.Seat != 0
}

// Defends reports whether the player must answer an attack now.
func (m *Model) Defends() bool {
	v := m.v
	return v != nil && v.Battle != nil && v.Battle.Defender == v.Seat && v.Seat != 0 &&
		m.has(func(a rules.Action) bool { return a.Kind == rules.ActBlock })
}

// Block answers the attack with the unit ref (0: no blocker).
func (m *Model) Block(ref rules.Ref) Result {
	for _, a := range m.moves {
		if a.Kind == rules.ActBlock && a.Unit == ref {
			return m.send(a)
		}
	}
	if c, _, ok := m.Unit(ref); ok {
		return Result{Notice: fmt.Sprintf("%s may not block: %s.", m.CardName(c.Card), m.why(rules.Action{Kind: rules.ActBlock, Unit: ref}))}
	}
	return Result{Notice: "No block now."}
}

// Forecast is a blocker's predicted battle: whether it kills the attacker
// and the attacker kills it, and the Cultural Health the defender loses.
type Forecast struct {
	Blocker rules.Ref
	Kills   bool // the counter-attack: the blocker's Strength > the attacker's Life
	Dies    bool // the attacker's Strength > the blocker's Life
	Health  int
	// Through reports that no blocker at the Battlefield lets the attack
	// on to the Warcamp.
	Through bool
}

// Words says the forecast as a line of the defender's box: "kills the
// attacker", "dies, −1 Health".
func (f Forecast) Words() string {
	var s string
	switch {
	case f.Through:
		return "the attack goes on to your Warcamp"
	case f.Blocker == 0:
		s = "no battle"
	case f.Kills && f.Dies:
		s = "both die"
	case f.Kills:
		s = "kills the attacker"
	case f.Dies:
		s = "dies"
	default:
		s = "neither dies"
	}
	if f.Health > 0 {
		s += fmt.Sprintf(", you lose %d Health", f.Health)
	} else {
		s += ", no Health lost"
	}
	return s
}

// Predict forecasts the battle of the attack in progress if blocker ref
// blocks (0: no blocker), by the document's outcomes, ties to the
// defender: "Attacker kills Defender" when its Strength is greater than
// the Defender's Life, the counter-attack likewise; at the Warcamp "No
// Blocker Presented" and "Successful Attack" cost 1 Cultural Health; at
// the Battlefield none ("Redirect to Warcamp"). A card's rule that acts
// at the block or the attack may change it: the forecast is the numbers
// in play now.
func (m *Model) Predict(ref rules.Ref) Forecast {
	b := m.v.Battle
	f := Forecast{Blocker: ref}
	if b == nil {
		return f
	}
	if ref == 0 {
		if b.AtBattlefield {
			f.Through = true
		} else {
			f.Health = 1
		}
		return f
	}
	att, _, _ := m.Unit(b.Unit)
	blk, _, _ := m.Unit(ref)
	f.Dies = att.Strength > blk.Life
	f.Kills = blk.Strength > att.Life
	if !b.AtBattlefield && f.Dies && !f.Kills {
		f.Health = 1
	}
	return f
}

// Resigning reports whether Resign waits for its confirmation.
func (m *Model) Resigning() bool { return m.resign }

// Pending returns the action sent and not yet answered, nil if none.
func (m *Model) Pending() *rules.Action { return m.pending }

// ActErr is the server's refusal of the last action, "" if none.
func (m *Model) ActErr() string { return m.actErr }

// battleShort is a battle's outcome in a few words, for the table's
// banner: "At the Warcamp: a counter-attack, 3/2 against 3/3".
func battleShort(e rules.Event) string {
	s := fmt.Sprintf("At the %s: %s", ZoneName(e.Zone), Outcome(e.Value, e.Zone != rules.ZoneBattlefield))
	if n := e.Numbers; len(n) == 4 {
		s += fmt.Sprintf(", %d/%d against %d/%d", n[0], n[1], n[2], n[3])
	}
	return s
}

// Battle returns the last battle's outcome in words, "" for none.
func (m *Model) Battle() string { return m.battle }

// Log returns the log, oldest first.
func (m *Model) Log() []Line { return m.log }

// LogChanges counts the log's changes.
func (m *Model) LogChanges() int { return m.logChanges }

// Version counts the changes the table shows.
func (m *Model) Version() int { return m.version }

// Resolved shows view v after events evs: the log tells them, each under
// the turn it happened in (a turn begins with its Declare event).
func (m *Model) Resolved(v *rules.View, evs []rules.Event) {
	turn := 0
	switch {
	case m.v != nil:
		turn = m.v.Turn
	case v != nil:
		turn = v.Turn
	}
	for _, e := range evs {
		if e.Kind == rules.EventBattle {
			m.battle = battleShort(e)
		}
		if e.Kind == rules.EventPhase && e.Phase == rules.PhaseDeclare {
			m.battle = ""
			if e.Value > 0 {
				turn = e.Value
			}
		}
		if t := m.EventText(e); t != "" {
			m.log = append(m.log, Line{Turn: turn, Text: t})
			m.logChanges++
		}
	}
	if v != nil {
		m.SetView(v)
	}
}

// Rewind shows the last of views at once (first's when there are none),
// with the log of them all.
func (m *Model) Rewind(first *rules.View, views []*rules.View, events [][]rules.Event) {
	m.log = nil
	m.logChanges++
	m.v = first
	m.SetView(first)
	for i, v := range views {
		m.Resolved(v, events[i])
	}
}
