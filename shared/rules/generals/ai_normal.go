package generals

import (
	"slices"

	"empires/shared/rules/generals/cards"
)

// This file is the normal AI level (see Levels): it reads the visible
// table and its own hand, and weighs what it does in one measure, the
// worth of a unit (its Strength and Life), in which a point of Cultural
// Health is worth healthWorth.

// The normal level's measures.
const (
	// healthWorth is a point of Cultural Health: "the object ... is to
	// become the greatest empire" by Health, so a point outweighs any
	// unit of the starter collection (the largest is a 7/7).
	healthWorth = 15.0
	// gameWorth is the game itself: a point that wins it or puts a
	// player out.
	gameWorth = 1000.0
	// openingSupply is how many of the 7 opening cards the normal level
	// takes from the Supply Pile: resources come into play for free and
	// pay for everything after.
	openingSupply = 3
	// maxPlan is the most cards and abilities the spending plan weighs
	// together (2^maxPlan sets at most).
	maxPlan = 12
)

// normal is the normal level's action: see Levels.
func (m *mind) normal() Action {
	if a, ok := m.common(); ok {
		return a
	}
	v := m.v
	switch {
	case m.may(ActOpening):
		return m.opening()
	case v.Must != nil && v.Must.Seat == v.Seat:
		return m.discardWorst(v.Must.Count)
	case m.may(ActBlock):
		return m.normalBlock()
	case v.Battle != nil:
		return m.battleTactics()
	}
	switch v.Phase {
	case PhaseDeclare:
		if a, ok := m.draw(m.drawSupply()); ok {
			return a
		}
		if m.may(ActPlay) {
			return Action{Kind: ActPlay}
		}
	case PhaseDraw:
		if a, ok := m.draw(m.drawSupply()); ok {
			return a
		}
	case PhaseHarvest:
		if a, ok := m.harvest(); ok {
			return a
		}
	case PhaseKingdom:
		if a, ok := m.spend(); ok {
			return a
		}
	case PhaseArmy:
		if a, ok := m.spend(); ok {
			return a
		}
		if a, ok := m.deploy(); ok {
			return a
		}
		if a, ok := m.boost(); ok {
			return a
		}
	case PhaseAttack:
		if a, ok := m.normalAttack(); ok {
			return a
		}
	case PhaseResolve:
		if over := len(v.Hand) - m.me.HandLimit; over > 0 {
			return m.discardWorst(over)
		}
	}
	return m.next()
}

// opening splits the opening hand: openingSupply from the Supply Pile,
// the rest from the Draw Pile, as far as the piles hold them.
func (m *mind) opening() Action {
	supply := min(openingSupply, m.me.Supply)
	return Action{Kind: ActOpening, Count: min(OpeningCards-supply, m.me.Draw)}
}

// income is what the seat's cards in play gain in a Harvest Phase.
func (m *mind) income() int {
	n := 0
	for _, u := range m.me.Table {
		for _, a := range u.Harvest {
			n += a.N
		}
	}
	return n
}

// drawSupply chooses the pile of the turn's card: the Supply Pile while
// the harvest of the cards in play and the Resource Cards in hand come to
// less than 4, or to less than half what the Playing Cards in hand cost
// (with none in hand, to less than 2); the Draw Pile otherwise; the other
// pile when one is empty.
func (m *mind) drawSupply() bool {
	switch {
	case m.me.Supply == 0:
		return false
	case m.me.Draw == 0:
		return true
	}
	pay := m.income() + m.resourcesInHand()
	need, playing := 0, 0
	for _, id := range m.v.Hand {
		if kindOf(id).Playing() {
			need += m.cost(id).Total()
			playing++
		}
	}
	if playing == 0 {
		return pay < 2
	}
	return pay < 4 || need > 2*pay
}

// worth is what unit u of player p is worth: its Strength and Life, a
// point for each rule, and a General's place when it is p's only one
// (without it p's units may not enter the Battlefield).
func (m *mind) worth(p *PlayerView, u *InPlay) float64 {
	w := float64(max(u.Strength, 0) + max(u.Life, 0))
	c := m.card(u.Card)
	if c != nil {
		w += float64(len(c.Rules))
	}
	if kindOf(u.Card) == cards.General && generalsInPlay(p) == 1 {
		w += 5
	}
	return w
}

// generalsInPlay counts p's Generals in play.
func generalsInPlay(p *PlayerView) int {
	n := 0
	for _, u := range p.Table {
		if kindOf(u.Card) == cards.General && (u.Zone == ZoneWarcamp || u.Zone == ZoneBattlefield) {
			n++
		}
	}
	return n
}

// healthLoss is what losing a point of Health is worth to player p: the
// point, the point another gains ("All transferred points are
// transferred"), or the game when p is then out.
func (m *mind) healthLoss(p *PlayerView) float64 {
	if !m.v.NoLose && p.Health-1 <= m.v.Lose {
		return gameWorth
	}
	return 2 * healthWorth
}

// healthGain is what gaining a point is worth to the attacker a: the
// game when it reaches the Chancellor Victory.
func (m *mind) healthGain(a *PlayerView) float64 {
	if a != nil && !m.v.NoWin && a.Health+1 >= m.v.Win {
		return gameWorth
	}
	return 0
}

// strike is an attack as the normal level weighs it: the attacking
// unit's numbers and worth, its owner, the defender, and the units that
// may not block it.
type strike struct {
	att      fighter
	attWorth float64
	attacker *PlayerView
	defender *PlayerView
	// blocks reports whether unit u of the defender may block; nil: the
	// attacker is unblockable.
	blocks func(u *InPlay) bool
}

// answer returns the defender's best answer to b at its Battlefield (bf)
// or at its Warcamp: the blocker (0: none), whether it blocks at the
// Battlefield, and the answer's worth to the defender. For each blocker
// it weighs the exact outcome of the fourteen (clash): a kill of the
// attacker for the defender, a blocker's death and a lost point of
// Health against it. At the Battlefield, no blocker sends the attack on
// to the Warcamp ("Redirect to Warcamp"); at the Warcamp it loses a point
// (outcome 1), as a blocker killed without killing does (outcome 3).
func (m *mind) answer(b strike, bf bool) (Ref, bool, float64) {
	var best Ref
	at := bf
	var bestW float64
	if bf {
		best, at, bestW = m.answer(b, false)
	} else {
		bestW = -m.healthLoss(b.defender) - m.healthGain(b.attacker)
	}
	if b.blocks == nil {
		return best, at, bestW
	}
	z := ZoneWarcamp
	if bf {
		z = ZoneBattlefield
	}
	for _, u := range zone(b.defender, z) {
		if !b.blocks(u) {
			continue
		}
		if w := m.blockWorth(b, u, bf); w > bestW {
			best, at, bestW = u.Ref, bf, w
		}
	}
	return best, at, bestW
}

// blockWorth is the worth to the defender of blocking b with u at its
// Battlefield (bf) or Warcamp.
func (m *mind) blockWorth(b strike, u *InPlay, bf bool) float64 {
	attKills, blkKills := clash(b.att, m.fighter(u, false))
	w := 0.0
	if blkKills {
		w += b.attWorth
	}
	if attKills {
		w -= m.worth(b.defender, u)
		if !blkKills && !bf {
			w -= m.healthLoss(b.defender) + m.healthGain(b.attacker)
		}
	}
	return w
}

// mayBlock is the default of strike.blocks: the defender's unit may
// block unless a word forbids it.
func mayBlock(u *InPlay) bool { return !u.CannotBlock }

// normalBlock chooses the blocker among those the moves offer by the
// worth of each answer (defendWorth, its own Tactics cards counted): a
// block that kills and survives, then one that survives, then a cheap
// one at the Battlefield rather than a point of Health, and no blocker
// at the Battlefield when the Warcamp answers better.
func (m *mind) normalBlock() Action {
	vb := m.v.Battle
	none := Action{Kind: ActBlock}
	if vb == nil {
		return none
	}
	att, attacker := m.unit(vb.Unit)
	if att == nil {
		return none
	}
	b := strike{att: m.fighter(att, true), attWorth: m.worth(attacker, att), attacker: attacker, defender: m.me, blocks: mayBlock}
	pool := m.harvestPool()
	bestW := -m.healthLoss(m.me) - m.healthGain(attacker)
	if vb.AtBattlefield && !att.Unblockable {
		for _, u := range zone(m.me, ZoneWarcamp) {
			if mayBlock(u) {
				bestW = max(bestW, m.defendWorth(b, u, false, pool))
			}
		}
	}
	choice := none
	for _, a := range m.of(ActBlock) {
		u, _ := m.unit(a.Unit)
		if a.Unit == 0 || u == nil {
			continue
		}
		if w := m.defendWorth(b, u, vb.AtBattlefield, pool); w > bestW {
			choice, bestW = a, w
		}
	}
	return choice
}

// defendWorth is the worth to the seat of blocking b with its unit u at
// its Battlefield (bf) or Warcamp: the block's own (blockWorth), or
// better with the Tactics card of its hand the pool pays that does most
// for the block (a card spent counted 0.5).
func (m *mind) defendWorth(b strike, u *InPlay, bf bool, pool []cards.Amount) float64 {
	w := m.blockWorth(b, u, bf)
	att, _ := m.unit(m.v.Battle.Unit)
	if att == nil {
		return w
	}
	f := fightAt{att: att, blk: u, attacker: b.attacker, defender: m.me, bf: bf}
	for _, id := range m.v.Hand {
		c := m.card(id)
		if c == nil || c.ID.Kind != cards.Tactics || slices.Contains(m.v.Banned, id) {
			continue
		}
		if _, ok := Pay(pool, c.Cost, ""); ok {
			w = max(w, -m.fightWorth(f, m.tacticsChange(c, nil, true, f))-0.5)
		}
	}
	return w
}

// harvestPool is what the seat may spend on Tactics when it defends: its
// harvest (the defender's pool, counted when it presents a blocker), less
// what it owes.
func (m *mind) harvestPool() []cards.Amount {
	var pool []cards.Amount
	for _, u := range m.me.Table {
		pool = addPool(pool, u.Harvest...)
	}
	for _, o := range m.me.Owed {
		if i := slices.IndexFunc(pool, func(a cards.Amount) bool { return a.Resource == o.Resource }); i >= 0 {
			pool[i].N = max(pool[i].N-o.N, 0)
		}
	}
	return pool
}

// attackWith returns the strike of unit u of the seat attacking p, the
// attack rules of u counted: "cannot-block" of p's units, "unblockable
// this", "destroy one enemy ..." (the unit p would miss most).
func (m *mind) attackWith(u *InPlay, p *PlayerView) strike {
	b := strike{att: m.fighter(u, true), attWorth: m.worth(m.me, u), attacker: m.me, defender: p}
	var barred []Ref
	c := m.card(u.Card)
	unblockable := u.Unblockable
	if c != nil {
		for _, r := range c.Rules {
			if r.Trigger != cards.OnAttack {
				continue
			}
			for _, x := range r.Actions {
				switch x.Verb {
				case cards.Unblockable:
					unblockable = unblockable || x.Units.Which == cards.This
				case cards.CannotBlock, cards.Destroy, cards.Withdraw, cards.Return:
					barred = append(barred, m.selected(x.Units, p)...)
				}
			}
		}
	}
	if unblockable {
		return b
	}
	b.blocks = func(x *InPlay) bool { return !x.CannotBlock && !slices.Contains(barred, x.Ref) }
	return b
}

// selected returns the units of p that sel (seen from the seat's side)
// names: every one it matches, or for "one ..." the one p would miss
// most.
func (m *mind) selected(sel cards.Units, p *PlayerView) []Ref {
	if sel.Which != cards.Selected {
		return nil
	}
	if mine := p.Seat == m.v.Seat; (sel.Owner == cards.Yours && !mine) || (sel.Owner == cards.Enemy && mine) {
		return nil
	}
	var out []Ref
	var best *InPlay
	for i := range p.Table {
		u := &p.Table[i]
		if !m.matches(sel, u) {
			continue
		}
		if !sel.One {
			out = append(out, u.Ref)
		} else if best == nil || m.worth(p, u) > m.worth(p, best) {
			best = u
		}
	}
	if best != nil {
		out = append(out, best.Ref)
	}
	return out
}

// matches reports whether unit u is of the kind and subtype sel selects.
func (m *mind) matches(sel cards.Units, u *InPlay) bool {
	if u.Zone != ZoneWarcamp && u.Zone != ZoneBattlefield {
		return false
	}
	k := kindOf(u.Card)
	if !k.Unit() || (sel.Kind != cards.NoKind && sel.Kind != k) {
		return false
	}
	if sel.Subtype != "" {
		c := m.card(u.Card)
		return c != nil && c.Subtype == sel.Subtype
	}
	return true
}

// attackGain is what the seat gains by attacking p with u, p answering
// as best it may, and the seat then playing the best of its Tactics
// cards on the battle (handTactics).
func (m *mind) attackGain(u *InPlay, p *PlayerView) float64 {
	ref, bf, w := m.answer(m.attackWith(u, p), true)
	blk, _ := m.unit(ref)
	if blk == nil {
		return -w
	}
	return m.handTactics(fightAt{att: u, blk: blk, attacker: m.me, defender: p, bf: bf})
}

// normalAttack chooses the attack of the best gain (attackGain): an
// unblockable or unstoppable attack on the Warcamp takes a point, a kill
// of a valuable unit, never one that loses more than it takes. On a tie,
// the opponent of most Health, then the first offered.
func (m *mind) normalAttack() (Action, bool) {
	var best Action
	bestG := 0.0
	var bestP *PlayerView
	for _, a := range m.of(ActAttack) {
		u, _ := m.unit(a.Unit)
		p := m.player(a.Seat)
		if u == nil || p == nil {
			continue
		}
		g := m.attackGain(u, p)
		if g > bestG || (g == bestG && g > 0 && p.Health > bestP.Health) {
			best, bestG, bestP = a, g, p
		}
	}
	return best, bestG > 0
}

// boost uses an Army Phase ability of one of the seat's units whose
// change lasts the turn ("ability 1 wood: strength +1 this",
// "cannot-block one enemy soldier", "no-pull one your cavalry") when it
// makes the turn's best attack (bestAttackGain) gain more, paid from what
// the plan of the turn left in the pool.
func (m *mind) boost() (Action, bool) {
	if m.v.Attacked {
		return Action{}, false
	}
	now := m.bestAttackGain()
	var best Action
	bestG := 0.5
	for _, a := range m.of(ActAbility) {
		u, _ := m.unit(a.Unit)
		if u == nil {
			continue
		}
		c := m.card(u.Card)
		if c == nil || !c.ID.Kind.Unit() || a.Rule < 0 || a.Rule >= len(c.Rules) || c.Rules[a.Rule].Cost.Discard {
			continue
		}
		r := c.Rules[a.Rule]
		pool, ok := Pay(m.v.Pool, cards.Cost{Pay: r.Cost.Pay, Any: r.Cost.Any}, "")
		if !ok {
			continue
		}
		if g := m.after(u.Ref, r, a.Targets, pool).bestAttackGain() - now; g > bestG {
			best, bestG = a, g
		}
	}
	return best, best.Kind != 0
}

// bestAttackGain is the gain of the seat's best attack this turn
// (attackGain): of each unit that may attack this turn (in the
// Battlefield or moving there, free of Pull, with a General in play or
// no-general) on each live opponent; 0 when none gains.
func (m *mind) bestAttackGain() float64 {
	best := 0.0
	general := generalsInPlay(m.me) > 0
	for i := range m.me.Table {
		u := &m.me.Table[i]
		if !m.matches(cards.Units{}, u) || u.Pulled || u.CannotAttack || !m.battlefield(u) || !(general || u.NoGeneral) {
			continue
		}
		for _, p := range m.opponents() {
			best = max(best, m.attackGain(u, p))
		}
	}
	return best
}

// after returns the mind of the view as it would be once ability r of the
// seat's unit src is used with targets, the pool left as pool: its
// changes of Strength and Life, its no-pull, cannot-block, cannot-attack
// and unblockable, on the units it names. The view is copied, not
// changed.
func (m *mind) after(src Ref, r cards.Rule, targets []Target, pool []cards.Amount) *mind {
	v := *m.v
	v.Pool = pool
	v.Players = slices.Clone(m.v.Players)
	for i := range v.Players {
		v.Players[i].Table = slices.Clone(v.Players[i].Table)
	}
	n := newMind(&v, m.moves, m.lex, m.byID)
	for _, x := range r.Actions {
		var target *Target
		if x.Players == cards.Opponent || (x.Units.Which == cards.Selected && x.Units.One) {
			if len(targets) > 0 {
				target, targets = &targets[0], targets[1:]
			}
		}
		var hit []Ref
		switch {
		case x.Units.Which == cards.This:
			hit = []Ref{src}
		case x.Units.Which == cards.Selected && x.Units.One:
			if target != nil {
				hit = []Ref{target.Unit}
			}
		case x.Units.Which == cards.Selected:
			for i := range v.Players {
				hit = append(hit, n.selected(x.Units, &v.Players[i])...)
			}
		}
		for _, ref := range hit {
			u, _ := n.unit(ref)
			if u == nil {
				continue
			}
			switch x.Verb {
			case cards.Strength:
				u.Strength += x.N
			case cards.Life:
				u.Life += x.N
			case cards.NoPull:
				u.Pulled = false
			case cards.CannotBlock:
				u.CannotBlock = true
			case cards.CannotAttack:
				u.CannotAttack = true
			case cards.Unblockable:
				u.Unblockable = true
			}
		}
	}
	return n
}

// threat is the greatest Strength an opponent's unit may attack the seat
// with, its attack rules counted: what a guard at home must survive.
func (m *mind) threat() int {
	t := 0
	for _, p := range m.opponents() {
		for i := range p.Table {
			u := &p.Table[i]
			if !m.matches(cards.Units{}, u) || u.CannotAttack || !m.battlefield(u) {
				continue
			}
			t = max(t, m.fighter(u, true).Strength)
		}
	}
	return t
}

// battlefield reports whether unit u may ever stand in the Battlefield
// (a subtype with battlefield = false never goes).
func (m *mind) battlefield(u *InPlay) bool {
	c := m.card(u.Card)
	if c == nil || c.Subtype == "" {
		return true
	}
	for _, s := range m.lex.Subtypes {
		if s.Name == c.Subtype {
			return s.Battlefield
		}
	}
	return true
}

// guard is the unit the seat keeps at home: of its units that survive
// the likely attackers (threat) at the Warcamp, the one least useful in
// attack; nil when none survives or the seat has no other unit to
// attack with.
func (m *mind) guard() *InPlay {
	t := m.threat()
	var units []*InPlay
	for i := range m.me.Table {
		u := &m.me.Table[i]
		if m.matches(cards.Units{}, u) && m.battlefield(u) {
			units = append(units, u)
		}
	}
	if len(units) < 2 {
		return nil
	}
	var g *InPlay
	for _, u := range units {
		if u.CannotBlock || m.fighter(u, false).Life < t {
			continue
		}
		if g == nil || u.Strength < g.Strength || (u.Strength == g.Strength && u.Life > g.Life) {
			g = u
		}
	}
	return g
}

// deploy is the normal level's move of a unit in the Army Phase: every
// unit to the Battlefield, where it threatens and blocks before the
// Warcamp, but the guard (a unit that survives the likely attackers)
// stays home or comes back.
func (m *mind) deploy() (Action, bool) {
	g := m.guard()
	for _, a := range m.of(ActMove) {
		isGuard := g != nil && a.Unit == g.Ref
		if a.Battlefield != isGuard {
			return a, true
		}
	}
	return Action{}, false
}

// battleTactics plays a Tactics card on the battle when it turns the
// outcome the seat's way (a withdrawal, a change of Strength or Life of
// the attacker or the blocker), else ends its turn at the battle.
func (m *mind) battleTactics() Action {
	vb := m.v.Battle
	att, attacker := m.unit(vb.Unit)
	blk, defender := m.unit(vb.Blocker)
	if att == nil || blk == nil {
		return m.next()
	}
	f := fightAt{att: att, blk: blk, attacker: attacker, defender: defender, bf: vb.AtBattlefield}
	now := m.fightWorth(f, change{})
	var best Action
	bestG := 0.5 // a card spent for less is wasted
	for _, a := range m.of(ActCard) {
		c := m.card(a.Card)
		if c == nil || kindOf(a.Card) != cards.Tactics {
			continue
		}
		g := m.fightWorth(f, m.tacticsChange(c, a.Targets, false, f)) - now
		if vb.Attacker != m.v.Seat {
			g = -g
		}
		if g > bestG {
			best, bestG = a, g
		}
	}
	if best.Kind != 0 {
		return best
	}
	return m.next()
}

// fightAt is a battle once the defender has presented a blocker: the two
// units, their owners, and whether at the defender's Battlefield.
type fightAt struct {
	att, blk           *InPlay
	attacker, defender *PlayerView
	bf                 bool
}

// change is what Tactics cards do to a fight: Strength and Life added to
// the attacker and the blocker, and either taken away from the attack
// (withdrawn, destroyed or returned to the hand: gone, which loses the
// unit itself too).
type change struct {
	attStrength, attLife, blkStrength, blkLife int
	attOut, blkOut                             bool
	attGone, blkGone                           bool
}

// fightWorth is the worth to the attacker of fight f after change d: the
// outcome of the fourteen it comes to.
func (m *mind) fightWorth(f fightAt, d change) float64 {
	b := strike{att: m.fighter(f.att, true), attWorth: m.worth(f.attacker, f.att), attacker: f.attacker, defender: f.defender, blocks: mayBlock}
	w := 0.0
	if d.blkGone {
		w += m.worth(f.defender, f.blk)
	}
	if d.attGone {
		w -= b.attWorth
	}
	switch {
	case d.attOut: // outcome 6: "Attacker Withdrawal, Removal, Dodge"
		return w
	case d.blkOut: // outcome 2: "Defender Withdrawal, Removal, Dodge"
		if f.bf {
			_, _, aw := m.answer(b, false) // "Redirect to Warcamp"
			return w - aw
		}
		return w + m.healthLoss(f.defender) + m.healthGain(f.attacker)
	}
	b.att.Strength += d.attStrength
	b.att.Life += d.attLife
	bf := m.fighter(f.blk, false)
	bf.Strength += d.blkStrength
	bf.Life += d.blkLife
	attKills, blkKills := clash(b.att, bf)
	if attKills {
		w += m.worth(f.defender, f.blk)
		if !blkKills && !f.bf {
			w += m.healthLoss(f.defender) + m.healthGain(f.attacker)
		}
	}
	if blkKills {
		w -= b.attWorth
	}
	return w
}

// tacticsChange is what the Tactics card c played with targets does to
// fight f: its changes to the battle's two units (named as attacker or
// blocker, chosen as a target, or selected as all of a kind), its
// withdrawals, destructions and returns of them. With guess, a card of
// the hand not yet played, each "one ..." choice takes the battle's unit
// it may name, the seat's own for a gain, the other's for a loss.
func (m *mind) tacticsChange(c *cards.Card, targets []Target, guess bool, f fightAt) change {
	var d change
	for _, r := range c.Rules {
		if r.Trigger != cards.OnPlay {
			continue
		}
		for _, x := range r.Actions {
			var target *Target
			if x.Players == cards.Opponent || (x.Units.Which == cards.Selected && x.Units.One) {
				if len(targets) > 0 {
					target, targets = &targets[0], targets[1:]
				}
			}
			var hit []Ref // the units x acts on
			switch {
			case x.Units.Which == cards.Attacker:
				hit = []Ref{f.att.Ref}
			case x.Units.Which == cards.Blocker:
				hit = []Ref{f.blk.Ref}
			case x.Units.Which == cards.Selected && x.Units.One && guess:
				hit = m.guessTarget(x, f)
			case x.Units.Which == cards.Selected && x.Units.One:
				if target != nil {
					hit = []Ref{target.Unit}
				}
			case x.Units.Which == cards.Selected:
				for _, p := range []*PlayerView{f.attacker, f.defender} {
					hit = append(hit, m.selected(x.Units, p)...)
				}
			}
			for _, ref := range hit {
				if ref != f.att.Ref && ref != f.blk.Ref {
					continue
				}
				isAtt := ref == f.att.Ref
				s, l, out, gone := &d.blkStrength, &d.blkLife, &d.blkOut, &d.blkGone
				if isAtt {
					s, l, out, gone = &d.attStrength, &d.attLife, &d.attOut, &d.attGone
				}
				switch x.Verb {
				case cards.Strength:
					*s += x.N
				case cards.Life:
					*l += x.N
				case cards.Withdraw:
					*out = true
				case cards.Destroy, cards.Return:
					*out, *gone = true, true
				}
			}
		}
	}
	return d
}

// guessTarget is the battle unit of fight f that the seat would choose
// for action x of one of its Tactics cards: its own for a gain of
// Strength or Life, the other's for a loss or a removal; none when that
// unit is not of the kind x selects.
func (m *mind) guessTarget(x cards.Action, f fightAt) []Ref {
	own := (x.Verb == cards.Strength || x.Verb == cards.Life) && x.N > 0
	u, p := f.blk, f.defender
	if (f.defender.Seat == m.v.Seat) != own {
		u, p = f.att, f.attacker
	}
	if !m.matches(x.Units, u) || !ownerFits(x.Units.Owner, p.Seat == m.v.Seat) {
		return nil
	}
	return []Ref{u.Ref}
}

// ownerFits reports whether a selection of owner o takes in a unit of the
// seat's (mine) or of an opponent's.
func ownerFits(o cards.Owner, mine bool) bool {
	switch o {
	case cards.Yours:
		return mine
	case cards.Enemy:
		return !mine
	}
	return true
}

// handTactics is the best the seat's Tactics cards in hand that the pool
// pays may make of fight f, its attack: the worth to it of the fight
// after the best of them, or the fight's own worth.
func (m *mind) handTactics(f fightAt) float64 {
	best := m.fightWorth(f, change{})
	for _, id := range m.v.Hand {
		c := m.card(id)
		if c == nil || c.ID.Kind != cards.Tactics || slices.Contains(m.v.Banned, id) {
			continue
		}
		if _, ok := Pay(m.v.Pool, c.Cost, ""); !ok {
			continue
		}
		best = max(best, m.fightWorth(f, m.tacticsChange(c, nil, true, f)))
	}
	return best
}

// item is a card of the hand or an ability of a card in play that the
// spending plan weighs: its cost, its worth, and the action that plays it
// now (Kind 0 for a card of a later phase, kept for).
type item struct {
	cost  cards.Cost
	worth float64
	act   Action
}

// bestPlan returns the set of items (a knapsack over the pool) of most
// worth that the pool pays together, and that worth: a search of the
// sets, the first maxPlan items only, that leaves a branch once all it
// could still add would not beat the best set found.
func bestPlan(pool []cards.Amount, items []item) ([]int, float64) {
	if len(items) > maxPlan {
		items = items[:maxPlan]
	}
	rest := make([]float64, len(items)+1) // rest[i]: the worth of items i and after
	for i := len(items) - 1; i >= 0; i-- {
		rest[i] = rest[i+1] + max(items[i].worth, 0)
	}
	var best []int
	bestW := 0.0
	var set []int
	var walk func(i int, left []cards.Amount, w float64)
	walk = func(i int, left []cards.Amount, w float64) {
		if w > bestW {
			best, bestW = slices.Clone(set), w
		}
		for j := i; j < len(items); j++ {
			if w+rest[j] <= bestW {
				return
			}
			paid, ok := Pay(left, items[j].cost, "")
			if !ok {
				continue
			}
			set = append(set, j)
			walk(j+1, paid, w+items[j].worth)
			set = set[:len(set)-1]
		}
	}
	walk(0, pool, 0)
	return best, bestW
}

// items lists what the seat may spend its pool on this turn, the
// worthiest first: the cards and abilities the moves allow now (the best
// choice of targets of each), and, kept for, the cards of the hand and
// the abilities of its cards in play for the phases still to come
// (Kingdom and Army cards in the Harvest Phase, Army cards in the Kingdom
// Phase; a Tactics card for the battle).
func (m *mind) items() []item {
	var out []item
	best := map[int]int{} // hand place -> index in out
	for _, a := range m.moves {
		if a.Kind != ActCard && a.Kind != ActAbility {
			continue
		}
		it, ok := m.itemOf(a)
		if !ok || it.worth <= 0 {
			continue
		}
		if a.Kind == ActCard {
			if j, seen := best[a.Hand]; seen {
				if it.worth > out[j].worth {
					out[j] = it
				}
				continue
			}
			best[a.Hand] = len(out)
		}
		out = append(out, it)
	}
	for i, id := range m.v.Hand {
		c := m.card(id)
		if _, seen := best[i]; seen || c == nil || phaseOf(c.ID.Kind) <= m.v.Phase || slices.Contains(m.v.Banned, id) {
			continue
		}
		w := m.handWorth(c)
		if c.ID.Kind == cards.Tactics {
			w = m.reserveWorth(c)
		}
		if w > 0 {
			out = append(out, item{cost: c.Cost, worth: w})
		}
	}
	for i := range m.me.Table {
		u := &m.me.Table[i]
		c := m.card(u.Card)
		if c == nil || u.Used || phaseOf(c.ID.Kind) <= m.v.Phase || c.ID.Kind == cards.ActOfGod {
			continue
		}
		for _, r := range c.Rules {
			if r.Trigger != cards.OnAbility {
				continue
			}
			if w := m.abilityWorth(c, r, nil); w > 0 {
				out = append(out, item{cost: cards.Cost{Pay: r.Cost.Pay, Any: r.Cost.Any}, worth: w})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b item) int {
		switch {
		case a.worth > b.worth:
			return -1
		case a.worth < b.worth:
			return 1
		}
		return 0
	})
	return out
}

// reserveWorth is what the seat keeps its pool for a Tactics card of its
// hand for: a card that acts on a battle's attacker or blocker is worth a
// little, kept for the battle of this turn; any other what it brings
// played now.
func (m *mind) reserveWorth(c *cards.Card) float64 {
	for _, r := range c.Rules {
		for _, x := range r.Actions {
			if x.Units.Which == cards.Attacker || x.Units.Which == cards.Blocker {
				return 1.5
			}
		}
	}
	return m.playWorth(c, nil)
}

// abilityWorth is what using ability r of card c (in play) brings now,
// with targets: what its actions bring, less the card when the ability
// discards it.
func (m *mind) abilityWorth(c *cards.Card, r cards.Rule, targets []Target) float64 {
	w := 0.0
	for _, x := range r.Actions {
		w += m.effectWorth(x, false, &targets)
	}
	if r.Cost.Discard {
		w -= m.handWorth(c)
	}
	return w
}

// itemOf is the item of a card or ability action: its cost and worth.
func (m *mind) itemOf(a Action) (item, bool) {
	switch a.Kind {
	case ActCard:
		c := m.card(a.Card)
		if c == nil {
			return item{}, false
		}
		w := m.handWorth(c)
		if kindOf(a.Card) == cards.Tactics || kindOf(a.Card) == cards.ActOfGod {
			w = m.playWorth(c, a.Targets)
		}
		return item{cost: c.Cost, worth: w, act: a}, true
	case ActAbility:
		u, _ := m.unit(a.Unit)
		if u == nil {
			return item{}, false
		}
		c := m.card(u.Card)
		if c == nil || a.Rule < 0 || a.Rule >= len(c.Rules) {
			return item{}, false
		}
		r := c.Rules[a.Rule]
		return item{cost: cards.Cost{Pay: r.Cost.Pay, Any: r.Cost.Any}, worth: m.abilityWorth(c, r, a.Targets), act: a}, true
	}
	return item{}, false
}

// spend plays the next card or ability of the best plan (bestPlan over
// items) that is to be played now, the worthiest first.
func (m *mind) spend() (Action, bool) {
	items := m.items()
	plan, _ := bestPlan(m.v.Pool, items)
	for _, i := range plan {
		if items[i].act.Kind != 0 {
			return items[i].act, true
		}
	}
	return Action{}, false
}

// harvest plays the Harvest Phase: every Resource Card and Trader of the
// hand into the Resource Area, an Act of God worth playing, then a
// resource's or a Trader's ability when what it changes in the pool lets
// the plan of the turn (bestPlan) buy more than the ability costs.
func (m *mind) harvest() (Action, bool) {
	for _, a := range m.of(ActCard) {
		if k := kindOf(a.Card); k == cards.Resource || k == cards.Trader {
			return a, true
		}
	}
	var best Action
	bestG := 0.5
	for _, a := range m.of(ActCard) {
		if c := m.card(a.Card); c != nil && kindOf(a.Card) == cards.ActOfGod {
			if g := m.playWorth(c, a.Targets); g > bestG {
				best, bestG = a, g
			}
		}
	}
	if best.Kind != 0 {
		return best, true
	}
	return m.harvestAbility()
}

// maxHarvestAbilities is the most abilities of the Resource Area whose
// sets harvestAbility weighs (2^maxHarvestAbilities sets at most).
const maxHarvestAbilities = 8

// harvestAbility chooses among the abilities of the Resource Area (a
// resource's discard, a Trader's trade) the set that lets the plan of
// the turn (bestPlan) buy most over what the set costs, two trades
// together where one alone buys nothing, and uses the first of it.
func (m *mind) harvestAbility() (Action, bool) {
	type use struct {
		act  Action
		u    *InPlay
		c    *cards.Card
		rule cards.Rule
	}
	var uses []use
	for _, a := range m.of(ActAbility) {
		u, _ := m.unit(a.Unit)
		if u == nil {
			continue
		}
		c := m.card(u.Card)
		if c == nil || a.Rule < 0 || a.Rule >= len(c.Rules) || len(uses) == maxHarvestAbilities {
			continue
		}
		uses = append(uses, use{act: a, u: u, c: c, rule: c.Rules[a.Rule]})
	}
	if len(uses) == 0 {
		return Action{}, false
	}
	items := m.items()
	_, base := bestPlan(m.v.Pool, items)
	first, bestG := -1, 0.5
	var walk func(i, head int, pool []cards.Amount, loss float64)
	walk = func(i, head int, pool []cards.Amount, loss float64) {
		if head >= 0 {
			if _, w := bestPlan(pool, items); w-base-loss > bestG {
				first, bestG = head, w-base-loss
			}
		}
		for j := i; j < len(uses); j++ {
			next, l, ok := m.afterAbility(pool, uses[j].u, uses[j].rule)
			if !ok {
				continue
			}
			h := head
			if h < 0 {
				h = j
			}
			walk(j+1, h, next, loss+l)
		}
	}
	walk(0, -1, m.v.Pool, 0)
	if first < 0 {
		return Action{}, false
	}
	return uses[first].act, true
}

// afterAbility returns pool after the Harvest Phase ability r of the
// card u in play, and what else it costs: a resource's discard gives its
// gain instead of its harvest and loses the card's harvests to come; a
// trade gives and gets.
func (m *mind) afterAbility(pool []cards.Amount, u *InPlay, r cards.Rule) ([]cards.Amount, float64, bool) {
	pool, ok := Pay(pool, cards.Cost{Pay: r.Cost.Pay, Any: r.Cost.Any}, "")
	if !ok {
		return nil, 0, false
	}
	loss := 0.0
	if r.Cost.Discard {
		loss = 4 * float64(len(u.Harvest))
		for _, h := range u.Harvest {
			i := slices.IndexFunc(pool, func(b cards.Amount) bool { return b.Resource == h.Resource })
			if i >= 0 {
				pool[i].N = max(pool[i].N-h.N, 0)
			}
		}
	}
	for _, x := range r.Actions {
		switch x.Verb {
		case cards.Gain:
			pool = addPool(pool, cards.Amount{N: x.N, Resource: x.Resource})
		case cards.Trade:
			give := cards.Cost{Any: x.N}
			if x.Resource != "" {
				give = cards.Cost{Pay: []cards.Amount{{N: x.N, Resource: x.Resource}}}
			}
			if pool, ok = Pay(pool, give, x.For); !ok {
				return nil, 0, false
			}
			pool = addPool(pool, cards.Amount{N: x.M, Resource: x.For})
		case cards.Draw:
			loss -= 1.5 * float64(x.N)
		}
	}
	return pool, loss, true
}

// handWorth is what a card of the hand is worth played: a unit its
// Strength and Life (a General more when the seat has none in play,
// nothing when it may have no more), and every card what its rules
// bring (ruleWorth).
func (m *mind) handWorth(c *cards.Card) float64 {
	w := 0.5
	switch c.ID.Kind {
	case cards.General:
		if generalsInPlay(m.me) >= max(m.me.Generals, 1) {
			return 0
		}
		w += float64(c.Strength + c.Life)
		if generalsInPlay(m.me) == 0 {
			w += 8
		}
	case cards.Soldier:
		w += float64(c.Strength + c.Life)
	case cards.Resource, cards.Trader:
		return 6
	}
	for _, r := range c.Rules {
		w += m.ruleWorth(r)
	}
	return w
}

// playWorth is what playing a Tactics card or an Act of God is worth now,
// outside a battle: what its actions bring, their choices answered by
// targets.
func (m *mind) playWorth(c *cards.Card, targets []Target) float64 {
	w := 0.0
	for _, r := range c.Rules {
		if r.Trigger != cards.OnPlay {
			continue
		}
		for _, x := range r.Actions {
			w += m.effectWorth(x, false, &targets)
		}
	}
	return w
}

// ruleWorth is what a rule of a card in play brings over the game, as the
// normal level guesses it: an "always:" rule its lasting effect, a
// harvest every turn, an ability some of its effect, a battle rule some
// of its change to the fight.
func (m *mind) ruleWorth(r cards.Rule) float64 {
	w := 0.0
	for _, x := range r.Actions {
		var none []Target
		switch r.Trigger {
		case cards.OnPlay:
			w += m.effectWorth(x, false, &none)
		case cards.Always:
			w += m.effectWorth(x, true, &none)
		case cards.OnHarvest, cards.OnResolve:
			w += 2 * m.effectWorth(x, false, &none)
		case cards.OnAbility:
			f := 0.4
			if r.Cost.Discard {
				f = 0.6
			}
			w += f * m.effectWorth(x, false, &none)
		case cards.OnAttack, cards.OnBlock:
			if x.Units.Which == cards.This && (x.Verb == cards.Strength || x.Verb == cards.Life) {
				w += 0.8 * float64(x.N)
			} else {
				w += 0.3 * m.effectWorth(x, false, &none)
			}
		case cards.OnKill, cards.OnDeath:
			w += 0.3 * m.effectWorth(x, false, &none)
		}
	}
	return w
}

// effectWorth is what action x brings the seat, lasting (an "always:"
// rule) or once; a choice it makes takes the next of *targets.
func (m *mind) effectWorth(x cards.Action, lasting bool, targets *[]Target) float64 {
	opps := float64(len(m.opponents()))
	var target *Target
	if x.Players == cards.Opponent || (x.Units.Which == cards.Selected && x.Units.One) {
		if len(*targets) > 0 {
			target, *targets = &(*targets)[0], (*targets)[1:]
		}
	}
	players := func() float64 { // the number of players x acts on, against the seat
		switch x.Players {
		case cards.Opponent:
			return 1
		case cards.EachOpponent:
			return opps
		case cards.EachPlayer:
			return opps - 1
		}
		return -1
	}
	n := float64(x.N)
	switch x.Verb {
	case cards.Gain:
		return 0.6 * n
	case cards.Lose:
		return 0.2 * n * players()
	case cards.Draw:
		return 1.5 * n * -players()
	case cards.DiscardHand:
		return 1.2 * n * players()
	case cards.Health:
		return -healthWorth * n * players()
	case cards.HandSize:
		return -0.5 * n * players()
	case cards.Generals:
		w := 1.0
		for _, id := range m.v.Hand {
			if kindOf(id) == cards.General {
				w += 4
				break
			}
		}
		return w
	case cards.Strength, cards.Life, cards.NoPull, cards.NoGeneral, cards.CannotAttack, cards.Unblockable:
		if !lasting {
			return 0 // a change until the end of the turn counts in a battle only
		}
		return m.unitsWorth(x)
	case cards.Destroy, cards.Return:
		f := 1.0
		if x.Verb == cards.Return {
			f = 0.6
		}
		return f * m.lossWorth(x.Units, target)
	}
	return 0
}

// unitsWorth is what a lasting change to units brings: for each unit of
// the seat it names in play or in hand its worth, for each of an
// opponent's the opposite.
func (m *mind) unitsWorth(x cards.Action) float64 {
	per := 0.0
	switch x.Verb {
	case cards.Strength, cards.Life:
		per = float64(x.N)
	case cards.NoPull, cards.NoGeneral:
		per = 0.5
	case cards.Unblockable:
		per = 4
	case cards.CannotAttack:
		per = -3
	}
	if x.Units.Which == cards.This {
		return per
	}
	w := 0.0
	for i := range m.v.Players {
		p := &m.v.Players[i]
		n := float64(len(m.selected(cards.Units{Owner: x.Units.Owner, Kind: x.Units.Kind, Subtype: x.Units.Subtype}, p)))
		switch {
		case p.Seat == m.v.Seat:
			w += per * n
		case !p.Out:
			w -= per * n
		}
	}
	if x.Units.Owner != cards.Enemy {
		for _, id := range m.v.Hand {
			c := m.card(id)
			if c != nil && c.ID.Kind.Unit() && (x.Units.Kind == cards.NoKind || x.Units.Kind == c.ID.Kind) && (x.Units.Subtype == "" || x.Units.Subtype == c.Subtype) {
				w += per / 2
			}
		}
	}
	return w
}

// lossWorth is what destroying the units sel names brings the seat: the
// worth of the target chosen (or of every unit named), an opponent's for
// the seat, its own against it.
func (m *mind) lossWorth(sel cards.Units, target *Target) float64 {
	w := 0.0
	for i := range m.v.Players {
		p := &m.v.Players[i]
		if p.Out {
			continue
		}
		sign := -1.0
		if p.Seat != m.v.Seat {
			sign = 1
		}
		for j := range p.Table {
			u := &p.Table[j]
			switch {
			case sel.One && target != nil && target.Unit == u.Ref:
				return sign * m.worth(p, u)
			case !sel.One && slices.Contains(m.selected(sel, p), u.Ref):
				w += sign * m.worth(p, u)
			}
		}
	}
	return w
}

// keepWorth is how much the seat wants to keep the hand card id: a
// Resource Card it plays for free, any other its worth, less when the
// seat's harvest pays for it only in turns to come.
func (m *mind) keepWorth(id CardID) float64 {
	c := m.card(id)
	if c == nil {
		return 0
	}
	switch c.ID.Kind {
	case cards.Resource, cards.Trader:
		return 6
	case cards.ActOfGod, cards.Tactics:
		return 2
	}
	w := m.handWorth(c)
	for short := c.Cost.Total() - m.income(); short > 0; short-- {
		w /= 2
	}
	return w
}

// discardWorst discards the n cards of the hand the seat wants least
// (keepWorth), keeping those it can use soonest.
func (m *mind) discardWorst(n int) Action {
	places := make([]int, len(m.v.Hand))
	worth := make([]float64, len(m.v.Hand))
	for i, id := range m.v.Hand {
		places[i], worth[i] = i, m.keepWorth(id)
	}
	slices.SortStableFunc(places, func(a, b int) int {
		switch {
		case worth[a] < worth[b]:
			return -1
		case worth[a] > worth[b]:
			return 1
		}
		return 0
	})
	out := slices.Clone(places[:min(n, len(places))])
	slices.Sort(out)
	return Action{Kind: ActDiscard, Cards: out}
}
