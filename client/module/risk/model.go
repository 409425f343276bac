package risk

import (
	"fmt"
	"slices"
	"time"

	"empires/client/module"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/battle"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// Move is what the player may do in the step being played.
type Move uint8

// The moves, one for each phase the player may act in.
const (
	// MoveNone: nothing now (another player's step, the game over, a
	// spectator, a replay).
	MoveNone Move = iota
	MoveClaim
	MoveDeploy
	MovePlace
	MoveAttack
	MoveDefend
	MoveOccupy
	MoveReinforce
	MoveFree
	MoveBuild
	MoveTrade
	MoveDisaster
	MovePlague
	MovePurchase
)

// String names the move for the probe: "place", "attack", "" for none.
func (mv Move) String() string {
	if int(mv) < len(moveNames) {
		return moveNames[mv]
	}
	return fmt.Sprintf("move %d", mv)
}

var moveNames = []string{"", "claim", "deploy", "place", "attack", "defend", "occupy", "reinforce", "free move",
	"build", "trade", "disasters", "plague", "purchase"}

// Mode is what a click on the map does in the attacks, besides attacking.
type Mode uint8

// The modes of the attacks.
const (
	ModeAttack  Mode = iota // a click chooses where to attack from and what
	ModeNuke                // a click nukes the territory (the Queen of Clubs)
	ModeAirDrop             // clicks choose where to drop from and onto (the 9 of Clubs)
)

// Roll is one roll of an attack as the player saw it: who attacked what
// from where, the dice of each side highest first (with the bonuses in
// their values), what each side lost, and the modifiers in play.
type Roll struct {
	Attacker, Defender ruleset.Seat
	From, To           board.TerritoryID
	Attack, Defend     []int
	AttackerLoss       int
	DefenderLoss       int
	// City is set when a city stood on To at the roll: the defender's +1
	// on its highest die. Bonuses name the attacker's Attack bonuses.
	City    bool
	Bonuses []string
}

// Strike is a Disaster as it struck: its kind, whom, and the territories
// hit with what each lost.
type Strike struct {
	Disaster cards.Disaster
	Seat     ruleset.Seat
	Hit      []board.TerritoryID
	Lost     int
}

// LogLine is a line of the log: an event in words, the round it happened
// in, and the territory it links to (0 for none).
type LogLine struct {
	Round     int
	Text      string
	Territory board.TerritoryID
}

// Result is what an input did: an action to send at once (Host.Act), a
// notice saying why nothing happened, and whether the panel changes.
type Result struct {
	Action *rules.Action
	Notice string
}

// Model is the risk game without its drawing: the view, the step being
// played, the territories chosen, the dice and counts chosen, the attack
// pressed roll after roll, the action sent and not yet answered, the last
// roll, the Disasters as they strike and the log. It turns the player's
// clicks and keys into actions.
type Model struct {
	rules *rules.Rules
	b     *board.Board
	v     *rules.View
	step  module.StepInfo
	// third makes the words speak of the view's player by name (a replay).
	third bool

	// sel is the territory chosen (to attack or move from), target the
	// territory to attack or move to; 0 for none.
	sel, target board.TerritoryID
	mode        Mode
	// dice are the dice chosen (0: the most the armies allow); count the
	// armies a click places (0: one); move the armies moved in or moved
	// (0: the most); until the armies an attack pressed on stops at.
	dice, count, move int
	until             int
	// auto is set while an attack is pressed roll after roll.
	auto bool
	// riots is the order chosen of the player's cities for the riots.
	riots []board.TerritoryID
	// focus is the territory the keys point at (0: none); order the
	// territories in the order Tab visits them (tabOrder).
	focus board.TerritoryID
	order []board.TerritoryID

	pending *rules.Action
	sentSeq uint32
	actErr  string

	roll    *Roll
	strikes []Strike // struck since the screen took them
	log     []LogLine
	logs    int
	version int
}

// NewModel returns the model of a game on board b played by r.
func NewModel(r *rules.Rules, b *board.Board) *Model {
	return &Model{rules: r, b: b, until: 1, order: tabOrder(b)}
}

// Board returns the game's board.
func (m *Model) Board() *board.Board { return m.b }

// View returns the view shown, nil before the first.
func (m *Model) View() *rules.View { return m.v }

// You returns the player's seat, 0 for a spectator.
func (m *Model) You() ruleset.Seat {
	if m.v == nil || m.third {
		return 0
	}
	return m.v.Seat
}

// Version grows with every change of what the screen shows.
func (m *Model) Version() int { return m.version }

// SetThirdPerson makes the words speak of the view's player by name.
func (m *Model) SetThirdPerson(on bool) { m.third = on; m.version++ }

// SetView shows view v: the first, or the whole view again.
func (m *Model) SetView(v *rules.View) {
	m.v = v
	m.settle()
	m.version++
}

// Resolved shows view v after an action and tells its events: the log
// gets them in words, the dice of the last roll are kept, the Disasters
// that struck are kept for the screen to mark.
func (m *Model) Resolved(v *rules.View, evs []rules.Event) {
	before := m.v
	if before == nil {
		before = v
	}
	round := max(before.Round, 1)
	cities := map[board.TerritoryID]bool{}
	for i, t := range before.Board {
		if t.City {
			cities[board.TerritoryID(i+1)] = true
		}
	}
	for _, e := range evs {
		switch e.Kind {
		case rules.EventRound:
			round = e.Value
		case rules.EventConvert:
			delete(cities, e.Territory)
		case rules.EventBuild:
			cities[e.Territory] = true
		case rules.EventRoll:
			m.roll = &Roll{Attacker: e.Seat, Defender: e.Other, From: e.From, To: e.To,
				Attack: slices.Clone(e.Attack), Defend: slices.Clone(e.Defend),
				AttackerLoss: e.Value, DefenderLoss: e.Count, City: cities[e.To], Bonuses: m.attackBonuses(e.Seat)}
		case rules.EventDisaster:
			m.strikes = append(m.strikes, m.strike(e))
		}
		for _, l := range m.tell(e) {
			m.log = append(m.log, LogLine{Round: round, Text: l.text, Territory: l.t})
			m.logs++
		}
	}
	m.v = v
	m.settle()
	m.version++
}

// Rewind shows view first and then each of views with its events, as
// Resolved shows them: the log is theirs alone.
func (m *Model) Rewind(first *rules.View, views []*rules.View, events [][]rules.Event) {
	m.v, m.log, m.roll, m.strikes = first, nil, nil, nil
	m.logs++
	m.pending, m.actErr = nil, ""
	for i, v := range views {
		m.Resolved(v, events[i])
	}
	m.strikes = nil
	m.settle()
	m.version++
}

// settle drops what the view makes stale: a pending action once the game
// moved on, the choices of another step, an attack pressed on that can go
// no further.
func (m *Model) settle() {
	v := m.v
	if m.pending != nil && m.sentSeq != v.Seq {
		m.pending = nil
	}
	mv := m.Move()
	switch mv {
	case MoveAttack:
		if !m.mine(m.sel) || m.at(m.sel).Armies < 2 && m.mode != ModeAirDrop {
			m.sel, m.target = 0, 0
		}
		if m.target != 0 && (m.mine(m.target) || !m.b.Linked(m.sel, m.target)) {
			m.target = 0
		}
		if m.sel == 0 || m.target == 0 {
			m.auto = false
		}
		if m.mode == ModeNuke && (!m.Holds(cards.Nuke) || v.NukeUsed) || m.mode == ModeAirDrop && (!m.Holds(cards.AirDrop) || v.DropUsed) {
			m.mode = ModeAttack
		}
	case MoveOccupy:
		m.auto, m.mode = false, ModeAttack
		m.sel, m.target = v.From, v.To
	case MoveFree:
		m.auto, m.mode = false, ModeAttack
		if !m.mine(m.sel) || m.at(m.sel).Armies < 2 {
			m.sel, m.target = 0, 0
		}
		if m.target != 0 && (!m.mine(m.target) || !m.b.Linked(m.sel, m.target)) {
			m.target = 0
		}
	default:
		m.auto, m.mode = false, ModeAttack
		if mv != MoveDefend {
			m.sel, m.target = 0, 0
		}
	}
	if mv != MoveOccupy && mv != MoveFree {
		m.move = 0
	}
	if mv != MovePlace && mv != MoveReinforce {
		m.count = 0
	}
	if mv != MoveDisaster {
		m.riots = nil
	}
	m.dice = min(m.dice, battle.AttackDice(m.at(m.sel).Armies))
}

// SetStep takes the step the server announces: its prompt and deadline.
func (m *Model) SetStep(st module.StepInfo) {
	m.step = st
	if m.v != nil {
		m.settle()
	}
	m.version++
}

// Step returns the step the server announced last.
func (m *Model) Step() module.StepInfo { return m.step }

// Deadline returns when the step shown runs out of time, false when it
// has none (or the server's clock is of another step).
func (m *Model) Deadline() (time.Time, bool) {
	if m.v == nil || m.step.Deadline.IsZero() || m.step.Seq != m.v.Seq && m.step.Mode != ruleset.Concurrent {
		return time.Time{}, false
	}
	return m.step.Deadline, true
}

// Move returns what the player may do now.
func (m *Model) Move() Move {
	v := m.v
	if v == nil || v.Seat == 0 || m.third || int(v.Seat) > len(v.Players) || !v.Players[v.Seat-1].Alive {
		return MoveNone
	}
	switch v.Phase {
	case rules.PhaseClaim:
		if m.step.Seq == v.Seq && m.step.Acts(v.Seat) {
			return MoveClaim
		}
		return MoveNone
	case rules.PhaseTrade:
		if v.Players[v.Seat-1].Trader {
			return MoveTrade
		}
		return MoveNone
	case rules.PhaseDefend:
		if v.To != 0 && m.at(v.To).Owner == v.Seat {
			return MoveDefend
		}
		return MoveNone
	}
	if v.Actor != v.Seat {
		return MoveNone
	}
	return map[rules.Phase]Move{
		rules.PhaseDeploy: MoveDeploy, rules.PhasePlace: MovePlace, rules.PhaseAttack: MoveAttack,
		rules.PhaseOccupy: MoveOccupy, rules.PhaseReinforce: MoveReinforce, rules.PhaseMove: MoveFree,
		rules.PhaseBuild: MoveBuild, rules.PhaseDisaster: MoveDisaster, rules.PhasePlague: MovePlague,
		rules.PhasePurchase: MovePurchase,
	}[v.Phase]
}

// at returns territory t as the view shows it (the zero one for none).
func (m *Model) at(t board.TerritoryID) rules.TerritoryView {
	if m.v == nil || t < 1 || int(t) > len(m.v.Board) {
		return rules.TerritoryView{}
	}
	return m.v.Board[t-1]
}

// mine reports whether the player holds territory t.
func (m *Model) mine(t board.TerritoryID) bool {
	x := m.at(t)
	return t != 0 && m.v != nil && m.v.Seat != 0 && x.Owner == m.v.Seat && (x.Armies > 0 || x.City)
}

// free reports whether territory t is no one's (set-up by choice).
func (m *Model) free(t board.TerritoryID) bool {
	x := m.at(t)
	return m.b.Territory(t) != nil && x.Armies == 0 && !x.City
}

// nuked reports whether territory t is nuked: closed to attacks, placing
// and moves (rule 21).
func (m *Model) nuked(t board.TerritoryID) bool {
	return m.v != nil && slices.ContainsFunc(m.v.Nukes, func(n rules.Nuke) bool { return n.Territory == t })
}

// empire returns seat s's Empire cards, held and bought this turn.
func (m *Model) empire(s ruleset.Seat) []cards.EmpireCard {
	if m.v == nil || s < 1 || int(s) > len(m.v.Players) {
		return nil
	}
	p := m.v.Players[s-1]
	return append(slices.Clone(p.Empire), p.NewEmpire...)
}

// Holds reports whether the player holds the Empire card of bonus b.
func (m *Model) Holds(b cards.Bonus) bool {
	return m.rules.Cards().Has(m.empire(m.You()), b)
}

// bonuses returns seat s's dice bonuses (Table 4).
func (m *Model) bonuses(s ruleset.Seat) battle.Bonuses {
	h := m.empire(s)
	c := m.rules.Cards()
	return battle.Bonuses{AttackI: c.Has(h, cards.AttackI), AttackII: c.Has(h, cards.AttackII), AttackIII: c.Has(h, cards.AttackIII)}
}

// attackBonuses names seat s's Attack bonuses with what each adds.
func (m *Model) attackBonuses(s ruleset.Seat) []string {
	b := m.bonuses(s)
	var out []string
	if b.AttackI {
		out = append(out, "Attack bonus I: +1 to the lowest die")
	}
	if b.AttackII {
		out = append(out, "Attack bonus II: +1 to the highest die")
	}
	if b.AttackIII {
		out = append(out, "Attack bonus III: +2 to the highest die")
	}
	return out
}

// CityCost returns the armies a city takes the player: 3, 2 with Urban
// Sprawl (rule 14).
func (m *Model) CityCost() int {
	if m.Holds(cards.UrbanSprawl) {
		n, _ := m.rules.Cards().Effect(cards.UrbanSprawl)
		return n
	}
	return 3
}

// Reserve returns the armies the player has left to place.
func (m *Model) Reserve() int {
	if s := m.You(); s != 0 {
		return m.v.Players[s-1].Reserve
	}
	return 0
}

// Selected returns the territory chosen to attack or move from, 0 for none.
func (m *Model) Selected() board.TerritoryID { return m.sel }

// Target returns the territory chosen to attack or move to, 0 for none.
func (m *Model) Target() board.TerritoryID { return m.target }

// Mode returns what a click does in the attacks.
func (m *Model) Mode() Mode { return m.mode }

// Pending returns the action sent and not yet answered, nil for none.
func (m *Model) Pending() *rules.Action { return m.pending }

// ActError returns the server's refusal of the last action, "" for none.
func (m *Model) ActError() string { return m.actErr }

// LastRoll returns the last roll seen, nil for none.
func (m *Model) LastRoll() *Roll { return m.roll }

// TakeStrikes returns the Disasters that struck since it was last called.
func (m *Model) TakeStrikes() []Strike {
	out := m.strikes
	m.strikes = nil
	return out
}

// Log returns the log, oldest first.
func (m *Model) Log() []LogLine { return m.log }

// LogChanges counts the changes of the log so far.
func (m *Model) LogChanges() int { return m.logs }

// Auto reports whether an attack is being pressed roll after roll.
func (m *Model) Auto() bool { return m.auto }

// Until returns the armies an attack pressed on stops at.
func (m *Model) Until() int { return m.until }

// Dice returns the dice the next roll throws: those chosen, or the most
// the armies allow.
func (m *Model) Dice() int {
	most := battle.AttackDice(m.at(m.sel).Armies)
	if m.dice > 0 {
		return min(m.dice, most)
	}
	return most
}

// SetDice chooses the dice of the next rolls (1 to 3; 0: the most).
func (m *Model) SetDice(n int) Result {
	most := battle.AttackDice(m.at(m.sel).Armies)
	if m.sel != 0 && n > most {
		return Result{Notice: fmt.Sprintf("With %s on %s you may roll at most %s", words.Count(m.at(m.sel).Armies, "army", "armies"), m.tname(m.sel), words.Count(most, "die", "dice"))}
	}
	m.dice = max(0, min(n, battle.MaxAttackDice))
	m.version++
	return Result{}
}

// Count returns the armies a click places: those chosen, at most the
// reserve, at least one.
func (m *Model) Count() int {
	return max(1, min(max(m.count, 1), m.Reserve()))
}

// SetCount sets the armies a click places.
func (m *Model) SetCount(n int) {
	m.count = max(1, min(n, m.Reserve()))
	m.version++
}

// MoveRange returns the least and the most armies that may move now: into
// a conquered territory (at least the dice rolled, all but one at most),
// or in the free move (1 to all but one).
func (m *Model) MoveRange() (least, most int) {
	switch m.Move() {
	case MoveOccupy:
		return m.v.Dice, m.at(m.v.From).Armies - 1
	case MoveFree:
		if m.sel != 0 {
			return 1, m.at(m.sel).Armies - 1
		}
	}
	return 0, 0
}

// MoveCount returns the armies that move: those chosen, or the most.
func (m *Model) MoveCount() int {
	least, most := m.MoveRange()
	if m.move == 0 {
		return most
	}
	return max(least, min(m.move, most))
}

// SetMoveCount sets the armies that move.
func (m *Model) SetMoveCount(n int) {
	least, most := m.MoveRange()
	m.move = max(least, min(n, most))
	m.version++
}

// SetUntil sets the armies an attack pressed on stops at (1: it goes on
// while it can roll).
func (m *Model) SetUntil(n int) {
	m.until = max(1, min(n, battle.MaxArmies))
	m.version++
}

// Riots returns the order chosen of the player's cities for the riots.
func (m *Model) Riots() []board.TerritoryID { return m.riots }

// Odds returns the exact chances of the attack chosen, pressed until the
// attacker is down to Until armies (battle.AttackOdds), and false when no
// attack is chosen or it is past what the odds count.
func (m *Model) Odds() (battle.Forecast, bool) {
	if m.Move() != MoveAttack || m.sel == 0 || m.target == 0 {
		return battle.Forecast{}, false
	}
	from, to := m.at(m.sel), m.at(m.target)
	a := battle.Attack{Attackers: from.Armies, Defenders: to.Armies, City: to.City, CityArmies: 3,
		StopAt: m.until, Bonuses: m.bonuses(m.You())}
	f, err := battle.AttackOdds(a)
	if err != nil {
		return battle.Forecast{}, false
	}
	return f, true
}

// RollOdds returns the chances of the next roll: the attacker losing 0,
// 1 or 2 armies (the defender the rest of the dice compared).
func (m *Model) RollOdds() (battle.Odds, bool) {
	if m.Move() != MoveAttack || m.sel == 0 || m.target == 0 {
		return battle.Odds{}, false
	}
	to := m.at(m.target)
	dd := battle.DefendDice(to.Armies)
	if dd == 0 {
		dd = battle.DefendDice(3) // a lone city becomes 3 armies before the roll
	}
	o, err := battle.RollOdds(m.Dice(), dd, to.City && to.Armies > 0, m.bonuses(m.You()))
	if err != nil {
		return battle.Odds{}, false
	}
	return o, true
}

// busy returns why the player cannot act now, "" if it can.
func (m *Model) busy() string {
	switch {
	case m.v == nil:
		return "The game has not begun"
	case m.pending != nil:
		return "Your move is on its way to the server"
	case m.Move() == MoveNone:
		return m.Waiting()
	}
	return ""
}

// Waiting says whom the game waits for, for a player who may not act.
func (m *Model) Waiting() string {
	v := m.v
	switch {
	case v == nil:
		return "The game has not begun"
	case m.third || v.Seat == 0:
		return "You are watching this game"
	case v.Phase == rules.PhaseOver:
		return "The game is over"
	case !v.Players[v.Seat-1].Alive:
		return "You are out of the game"
	case v.Phase == rules.PhaseTrade:
		return "The players holding 3 or more Goods cards are trading"
	case v.Phase == rules.PhaseDefend:
		return fmt.Sprintf("%s must answer %s's attack on %s", upper(m.name(m.at(v.To).Owner)), m.name(v.Actor), m.tname(v.To))
	case v.Phase == rules.PhaseClaim:
		return "The others claim their territories"
	}
	return fmt.Sprintf("It is %s's turn", m.name(v.Actor))
}

// act returns a of the step shown as the result to send.
func (m *Model) act(a rules.Action) Result {
	a.Seq = m.v.Seq
	return Result{Action: &a}
}

// Sent notes that action a went to the server: no other is sent until it
// is answered or the game moves on.
func (m *Model) Sent(a rules.Action) {
	m.pending, m.sentSeq, m.actErr = &a, a.Seq, ""
	m.version++
}

// ActResult takes the server's answer to the action sent for step seq.
func (m *Model) ActResult(seq uint32, err string) {
	if m.pending == nil || m.sentSeq != seq {
		return
	}
	if err != "" {
		m.pending, m.actErr, m.auto = nil, err, false
		m.version++
	}
}

// ClickTerritory is a click on territory t (shift: with Shift held): it
// claims, places, chooses where to attack or move from and to, builds or
// answers the plague, as the step asks.
func (m *Model) ClickTerritory(t board.TerritoryID, shift bool) Result {
	if m.b.Territory(t) == nil {
		return Result{}
	}
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	name := m.tname(t)
	x := m.at(t)
	switch m.Move() {
	case MoveClaim:
		if !m.free(t) {
			return Result{Notice: fmt.Sprintf("%s is %s: claim a territory no one holds", name, m.whose(x.Owner))}
		}
		return m.act(rules.Action{Kind: rules.ActClaim, Territory: t})
	case MoveDeploy:
		if !m.mine(t) {
			return Result{Notice: fmt.Sprintf("%s is not yours: place your starting armies on your own territories", name)}
		}
		return m.act(rules.Action{Kind: rules.ActPlace, Territory: t, Count: 1})
	case MovePlace, MoveReinforce:
		switch {
		case !m.mine(t):
			return Result{Notice: fmt.Sprintf("%s is not yours: place armies on your own territories", name)}
		case m.nuked(t):
			return Result{Notice: fmt.Sprintf("%s was nuked: no one may place armies there until its nuker's next turn", name)}
		}
		n := m.Count()
		if shift {
			n = m.Reserve()
		}
		return m.act(rules.Action{Kind: rules.ActPlace, Territory: t, Count: n})
	case MoveAttack:
		return m.clickAttack(t)
	case MoveFree:
		return m.clickFree(t)
	case MoveBuild:
		cost := m.CityCost()
		switch {
		case !m.mine(t):
			return Result{Notice: fmt.Sprintf("%s is not yours: build on your own territories", name)}
		case x.City:
			return Result{Notice: fmt.Sprintf("%s has a city already: one city a territory", name)}
		case x.Armies < cost:
			return Result{Notice: fmt.Sprintf("A city takes %d armies, and %s has %d", cost, name, x.Armies)}
		case m.v.Players[m.v.Seat-1].Cities >= 5:
			return Result{Notice: "You have 5 cities, the most a player may have"}
		}
		return m.act(rules.Action{Kind: rules.ActBuild, Territory: t})
	case MovePlague:
		choice := int(t)
		if m.v.TiedContinents {
			choice = int(m.b.Territory(t).Continent)
		}
		if !slices.Contains(m.v.Tied, choice) {
			return Result{Notice: "The plague strikes one of the places tied, marked on the map: " + m.TiedNames()}
		}
		return m.act(rules.Action{Kind: rules.ActChoose, Choice: choice})
	case MoveDisaster:
		if !m.RiotsAsked() {
			return Result{Notice: "Resolve your Disasters: press Resolve (E)"}
		}
		if !m.mine(t) || !x.City {
			return Result{Notice: fmt.Sprintf("%s has no city of yours: click your cities in the order the riots check them", name)}
		}
		if i := slices.Index(m.riots, t); i >= 0 {
			m.riots = slices.Delete(m.riots, i, i+1)
		} else {
			m.riots = append(m.riots, t)
		}
		m.version++
		return Result{}
	case MoveOccupy:
		return Result{Notice: "Choose how many armies move in, then Move in (Enter)"}
	}
	return Result{}
}

// clickAttack is a click on t in the attacks.
func (m *Model) clickAttack(t board.TerritoryID) Result {
	name, x := m.tname(t), m.at(t)
	m.version++
	switch m.mode {
	case ModeNuke:
		if m.mine(t) {
			return Result{Notice: fmt.Sprintf("%s is yours: nuke another player's territory", name)}
		}
		m.mode = ModeAttack
		return m.act(rules.Action{Kind: rules.ActNuke, Territory: t})
	case ModeAirDrop:
		if m.mine(t) {
			if x.Armies <= 3 {
				return Result{Notice: fmt.Sprintf("An air drop takes 3 armies and leaves one: %s has %d", name, x.Armies)}
			}
			m.sel, m.target = t, 0
			return Result{Notice: "Now click the territory to drop onto"}
		}
		if m.sel == 0 {
			return Result{Notice: "First click your territory to drop from (4 or more armies)"}
		}
		if m.nuked(t) {
			return Result{Notice: fmt.Sprintf("%s was nuked: no one may attack it until its nuker's next turn", name)}
		}
		m.mode = ModeAttack
		return m.act(rules.Action{Kind: rules.ActAirDrop, From: m.sel, To: t})
	}
	if m.mine(t) {
		if t == m.sel {
			m.sel, m.target, m.auto = 0, 0, false
			return Result{}
		}
		if x.Armies < 2 {
			return Result{Notice: fmt.Sprintf("%s has 1 army: an attack takes 2 or more", name)}
		}
		m.sel, m.target, m.auto, m.dice = t, 0, false, 0
		return Result{}
	}
	switch {
	case m.sel == 0:
		return Result{Notice: "First click your territory to attack from (2 or more armies)"}
	case !m.b.Linked(m.sel, t):
		return Result{Notice: fmt.Sprintf("%s is not linked to %s", name, m.tname(m.sel))}
	case m.nuked(t):
		return Result{Notice: fmt.Sprintf("%s was nuked: no one may attack it until its nuker's next turn", name)}
	}
	if m.target != t {
		m.auto = false
	}
	m.target = t
	return Result{}
}

// clickFree is a click on t in the free move.
func (m *Model) clickFree(t board.TerritoryID) Result {
	name, x := m.tname(t), m.at(t)
	m.version++
	if !m.mine(t) {
		return Result{Notice: fmt.Sprintf("%s is not yours: the free move goes between your own territories", name)}
	}
	if m.sel != 0 && t != m.sel && m.b.Linked(m.sel, t) {
		if m.nuked(t) {
			return Result{Notice: fmt.Sprintf("%s was nuked: no armies go there until its nuker's next turn", name)}
		}
		m.target = t
		return Result{}
	}
	if t == m.sel {
		m.sel, m.target = 0, 0
		return Result{}
	}
	if x.Armies < 2 {
		return Result{Notice: fmt.Sprintf("%s has 1 army: it must stay", name)}
	}
	m.sel, m.target, m.move = t, 0, 0
	return Result{}
}

// Roll is the Roll button (Enter, Space): one roll of the attack chosen.
func (m *Model) Roll() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveAttack {
		return Result{}
	}
	switch {
	case m.sel == 0:
		m.auto = false
		return Result{Notice: "Click your territory to attack from, then a linked enemy territory"}
	case m.target == 0:
		m.auto = false
		return Result{Notice: fmt.Sprintf("Click the territory to attack from %s", m.tname(m.sel))}
	case m.at(m.sel).Armies < 2:
		m.auto = false
		return Result{Notice: fmt.Sprintf("%s has 1 army left: it cannot attack", m.tname(m.sel))}
	}
	return m.act(rules.Action{Kind: rules.ActAttack, From: m.sel, To: m.target, Dice: m.Dice()})
}

// AttackUntil is the Attack until button (U): the attack chosen, roll
// after roll, until the territory is conquered or the attacker is down to
// Until armies; the defender's question stops it.
func (m *Model) AttackUntil() Result {
	r := m.Roll()
	if r.Action != nil {
		if m.at(m.sel).Armies <= m.until {
			return Result{Notice: fmt.Sprintf("%s is down to %s already", m.tname(m.sel), words.Count(m.at(m.sel).Armies, "army", "armies"))}
		}
		m.auto = true
		m.version++
	}
	return r
}

// Continue returns the next roll of an attack pressed on, or nothing when
// it ends: the territory conquered, the attacker down to its limit, the
// question asked, or the move not the player's.
func (m *Model) Continue() Result {
	if !m.auto || m.pending != nil {
		return Result{}
	}
	if m.Move() != MoveAttack || m.sel == 0 || m.target == 0 || m.at(m.sel).Armies <= max(m.until, 1) {
		m.auto = false
		m.version++
		return Result{}
	}
	return m.Roll()
}

// StopAuto stops an attack pressed on.
func (m *Model) StopAuto() {
	if m.auto {
		m.auto = false
		m.version++
	}
}

// simple returns the action of kind k when the move is want.
func (m *Model) simple(want Move, k rules.ActionKind, not string) Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != want {
		return Result{Notice: not}
	}
	return m.act(rules.Action{Kind: k})
}

// EndPlacing is the End placing button: the armies not placed are lost.
func (m *Model) EndPlacing() Result {
	return m.simple(MovePlace, rules.ActEndPlace, "You are not placing armies now")
}

// StopAttacking is the Stop attacking button: on to the free move.
func (m *Model) StopAttacking() Result {
	m.auto = false
	return m.simple(MoveAttack, rules.ActStop, "You are not attacking now")
}

// EndTurn is the End turn button of the free move.
func (m *Model) EndTurn() Result {
	return m.simple(MoveFree, rules.ActEndTurn, "You may end the turn after your attacks")
}

// EndBuilding is the End building button: the Goods cards are drawn.
func (m *Model) EndBuilding() Result {
	return m.simple(MoveBuild, rules.ActEndBuild, "You are not building now")
}

// Convert and Keep answer the defender's question.
func (m *Model) Convert() Result {
	return m.simple(MoveDefend, rules.ActConvert, "No city of yours is asked about")
}

// Keep keeps the city attacked.
func (m *Model) Keep() Result {
	return m.simple(MoveDefend, rules.ActKeep, "No city of yours is asked about")
}

// MoveIn is the Move in button of a conquest: MoveCount armies.
func (m *Model) MoveIn() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveOccupy {
		return Result{}
	}
	return m.act(rules.Action{Kind: rules.ActOccupy, Count: m.MoveCount()})
}

// FreeMove is the Move button of the free move.
func (m *Model) FreeMove() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveFree {
		return Result{}
	}
	if m.sel == 0 || m.target == 0 {
		return Result{Notice: "Click your territory to move from, then a linked territory of yours"}
	}
	return m.act(rules.Action{Kind: rules.ActMove, From: m.sel, To: m.target, Count: m.MoveCount()})
}

// RiotsAsked reports whether the riots' order is the player's to give:
// a Riots card among its Disasters and two or more cities.
func (m *Model) RiotsAsked() bool {
	if m.Move() != MoveDisaster {
		return false
	}
	riots := slices.ContainsFunc(m.v.Disasters, func(c cards.GoodsCard) bool { return c.Disaster() == cards.Riots })
	return riots && m.v.Players[m.v.Seat-1].Cities > 1
}

// Resolve is the Resolve button of step 7, with the riots' order chosen.
func (m *Model) Resolve() Result {
	r := m.simple(MoveDisaster, rules.ActResolve, "You have no Disasters to resolve now")
	if r.Action != nil {
		r.Action.Order = slices.Clone(m.riots)
	}
	return r
}

// SetMode arms the Nuke or the Air Drop (or goes back to attacking).
func (m *Model) SetMode(md Mode) Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	if m.Move() != MoveAttack {
		return Result{Notice: "The Nuke and the Air Drop are played in your attacks"}
	}
	switch {
	case md == m.mode:
		md = ModeAttack
	case md == ModeNuke && (!m.Holds(cards.Nuke) || m.v.NukeUsed):
		return Result{Notice: "You hold no Nuke to play this turn (the Queen of Clubs, once a turn)"}
	case md == ModeAirDrop && (!m.Holds(cards.AirDrop) || m.v.DropUsed):
		return Result{Notice: "You hold no Air Drop to play this turn (the 9 of Clubs, once a turn)"}
	}
	m.mode, m.sel, m.target, m.auto = md, 0, 0, false
	m.version++
	switch md {
	case ModeNuke:
		return Result{Notice: "Nuke: click another player's territory"}
	case ModeAirDrop:
		return Result{Notice: "Air Drop: click your territory to drop 3 armies from, then the territory to drop onto"}
	}
	return Result{}
}

// EndStep is the key of the step's end (E): End placing, Stop attacking,
// End turn, End building, Move in, Resolve, leave the trading table, end
// purchasing keeping the 5 Goods cards worth the most, as the step asks.
func (m *Model) EndStep() Result {
	switch m.Move() {
	case MovePlace:
		return m.EndPlacing()
	case MoveAttack:
		return m.StopAttacking()
	case MoveFree:
		return m.EndTurn()
	case MoveBuild:
		return m.EndBuilding()
	case MoveOccupy:
		return m.MoveIn()
	case MoveDisaster:
		return m.Resolve()
	case MovePurchase:
		// Keep nil: the rules' default, the 5 Goods cards worth the most.
		return m.simple(MovePurchase, rules.ActEndPurchase, "")
	case MoveTrade:
		return m.simple(MoveTrade, rules.ActDone, "")
	}
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	return Result{}
}

// Deselect drops the territories chosen and the Nuke or Air Drop armed
// (Esc), and stops an attack pressed on.
func (m *Model) Deselect() {
	if m.Move() != MoveOccupy {
		m.sel, m.target = 0, 0
	}
	m.mode, m.auto, m.riots = ModeAttack, false, nil
	m.version++
}

// TiedNames names the places the plague asks the player to choose among.
func (m *Model) TiedNames() string {
	var names []string
	for _, c := range m.v.Tied {
		if m.v.TiedContinents {
			if cc := m.b.Continent(board.ContinentID(c)); cc != nil {
				names = append(names, cc.Name)
			}
			continue
		}
		names = append(names, m.tname(board.TerritoryID(c)))
	}
	return joinAnd(names)
}

// Targets returns the territories a click acts on now, to mark on the
// map: those to claim or place on, to attack from or to attack, to move
// from or to, to build on, the plague's ties, the cities to order.
func (m *Model) Targets() []board.TerritoryID {
	mv := m.Move()
	if mv == MoveNone || m.pending != nil {
		return nil
	}
	var out []board.TerritoryID
	for i := range m.b.Territories {
		t := board.TerritoryID(i + 1)
		if m.targets(mv, t) {
			out = append(out, t)
		}
	}
	return out
}

// targets reports whether a click on t acts now, in move mv.
func (m *Model) targets(mv Move, t board.TerritoryID) bool {
	x := m.at(t)
	enemy := !m.mine(t) && (x.Armies > 0 || x.City)
	switch mv {
	case MoveClaim:
		return m.free(t)
	case MoveDeploy:
		return m.mine(t)
	case MovePlace, MoveReinforce:
		return m.mine(t) && !m.nuked(t)
	case MoveAttack:
		switch {
		case m.mode == ModeNuke:
			return enemy
		case m.mode == ModeAirDrop && m.sel == 0:
			return m.mine(t) && x.Armies > 3
		case m.mode == ModeAirDrop:
			return enemy && !m.nuked(t)
		case m.sel == 0:
			return m.mine(t) && x.Armies >= 2 && slices.ContainsFunc(m.b.Territory(t).Links, func(o board.TerritoryID) bool {
				return !m.mine(o) && !m.nuked(o)
			})
		}
		return enemy && m.b.Linked(m.sel, t) && !m.nuked(t)
	case MoveFree:
		if m.sel == 0 {
			return m.mine(t) && x.Armies >= 2
		}
		return m.mine(t) && t != m.sel && m.b.Linked(m.sel, t) && !m.nuked(t)
	case MoveBuild:
		return m.mine(t) && !x.City && x.Armies >= m.CityCost()
	case MovePlague:
		c := int(t)
		if m.v.TiedContinents {
			c = int(m.b.Territory(t).Continent)
		}
		return slices.Contains(m.v.Tied, c)
	case MoveDisaster:
		return m.RiotsAsked() && m.mine(t) && x.City
	}
	return false
}
