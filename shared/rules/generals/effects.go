package generals

import (
	"slices"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// status is a unit's numbers and words now, every effect counted.
type status struct {
	Strength, Life                                     int
	NoPull, NoGeneral, CannotAttack, CannotBlock, Free bool // Free: unblockable
}

// apply adds one effect to st.
func (st *status) apply(v cards.Verb, n int) {
	switch v {
	case cards.Strength:
		st.Strength += n
	case cards.Life:
		st.Life += n
	case cards.NoPull:
		st.NoPull = true
	case cards.NoGeneral:
		st.NoGeneral = true
	case cards.CannotAttack:
		st.CannotAttack = true
	case cards.CannotBlock:
		st.CannotBlock = true
	case cards.Unblockable:
		st.Free = true
	}
}

// lasting reports whether verb v is an effect on units that lasts (while
// its card is in play, or to the end of the turn), rather than a deed.
func lasting(v cards.Verb) bool {
	switch v {
	case cards.Strength, cards.Life, cards.NoPull, cards.NoGeneral, cards.CannotAttack, cards.CannotBlock, cards.Unblockable:
		return true
	}
	return false
}

// selects reports whether units u of a rule of card src (owned by
// srcOwner) take in unit c of owner.
func (g *game) selects(srcOwner ruleset.Seat, src Ref, u cards.Units, owner ruleset.Seat, c *inPlay) bool {
	switch u.Which {
	case cards.This:
		return c.Ref == src
	case cards.Attacker:
		return g.s.Battle != nil && g.s.Battle.Unit == c.Ref
	case cards.Blocker:
		return g.s.Battle != nil && g.s.Battle.Blocker == c.Ref
	}
	return matches(g.card(c.Card), srcOwner, u, owner)
}

// matches reports whether a selection u of a rule of srcOwner's takes in
// card, a card of owner's in play: a unit of the owner, kind and
// subtype u says.
func matches(card *cards.Card, srcOwner ruleset.Seat, u cards.Units, owner ruleset.Seat) bool {
	if !card.ID.Kind.Unit() {
		return false
	}
	switch {
	case u.Owner == cards.Yours && owner != srcOwner,
		u.Owner == cards.Enemy && owner == srcOwner,
		u.Kind != cards.NoKind && card.ID.Kind != u.Kind,
		u.Subtype != "" && card.Subtype != u.Subtype:
		return false
	}
	return true
}

// aura is one action of an "always:" rule of a card in play: it acts
// for as long as its card is in play.
type aura struct {
	owner ruleset.Seat
	src   Ref
	a     cards.Action
}

// auras gathers the actions of the "always:" rules of every card in play,
// once for all the units and players they may act on.
func (g *game) auras() []aura {
	var out []aura
	for i := range g.s.Players {
		q := ruleset.Seat(i + 1)
		for _, x := range g.s.Players[i].Table {
			for _, rule := range g.card(x.Card).Rules {
				if rule.Trigger != cards.Always {
					continue
				}
				for _, a := range rule.Actions {
					out = append(out, aura{owner: q, src: x.Ref, a: a})
				}
			}
		}
	}
	return out
}

// status returns unit c of owner's status: its card's numbers, the
// "always:" rules of every card in play, and the effects until the end
// of the turn.
func (g *game) status(owner ruleset.Seat, c *inPlay) status { return g.statusIn(g.auras(), owner, c) }

// statusIn is status with the auras gathered.
func (g *game) statusIn(auras []aura, owner ruleset.Seat, c *inPlay) status {
	card := g.card(c.Card)
	st := status{Strength: card.Strength, Life: card.Life}
	for _, x := range auras {
		if lasting(x.a.Verb) && g.selects(x.owner, x.src, x.a.Units, owner, c) {
			st.apply(x.a.Verb, x.a.N)
		}
	}
	for _, m := range g.s.Mods {
		if m.Ref == c.Ref {
			st.apply(m.Verb, m.N)
		}
	}
	return st
}

// covers reports whether players words ps of a rule of owner's take in
// seat q ("opponent" in an "always:" rule counts as each opponent).
func covers(ps cards.Players, owner, q ruleset.Seat) bool {
	switch ps {
	case cards.You:
		return q == owner
	case cards.Opponent, cards.EachOpponent:
		return q != owner
	}
	return true
}

// alwaysSum sums the numbers of verb v of the auras that take in seat p
// (a "generals" only its owner).
func alwaysSum(auras []aura, v cards.Verb, p ruleset.Seat) int {
	n := 0
	for _, x := range auras {
		if x.a.Verb == v && (v == cards.Generals && x.owner == p || v != cards.Generals && covers(x.a.Players, x.owner, p)) {
			n += x.a.N
		}
	}
	return n
}

// handLimit is the hand seat p keeps at its Resolve Phase: seven, and
// what cards change ("unless stated otherwise"), never below 0.
func (g *game) handLimit(p ruleset.Seat) int { return g.handLimitIn(g.auras(), p) }

// handLimitIn is handLimit with the auras gathered.
func (g *game) handLimitIn(auras []aura, p ruleset.Seat) int {
	return max(0, HandLimit+g.pl(p).HandMod+alwaysSum(auras, cards.HandSize, p))
}

// generalsAllowedIn is how many Generals seat p may have in play, the
// auras gathered: "one General in play at one time unless otherwise
// stated".
func (g *game) generalsAllowedIn(auras []aura, p ruleset.Seat) int {
	return 1 + g.pl(p).GeneralsMod + alwaysSum(auras, cards.Generals, p)
}

// harvestOf returns what card gains in a Harvest Phase: the gains of its
// "harvest:" rules.
func harvestOf(card *cards.Card) []cards.Amount {
	var out []cards.Amount
	for _, rule := range card.Rules {
		if rule.Trigger != cards.OnHarvest {
			continue
		}
		for _, a := range rule.Actions {
			if a.Verb == cards.Gain {
				out = append(out, cards.Amount{N: a.N, Resource: a.Resource})
			}
		}
	}
	return out
}

// deed is one rule being done: its owner, its card in play (0 for none),
// the card's id, and the answers to its choices (or auto: the engine
// chooses, for rules that fire by themselves).
type deed struct {
	owner   ruleset.Seat
	src     Ref
	card    CardID
	targets []Target
	auto    bool
}

// next returns the deed's next answer.
func (d *deed) next() Target {
	if len(d.targets) == 0 {
		return Target{}
	}
	t := d.targets[0]
	d.targets = d.targets[1:]
	return t
}

// run does rule for d, action by action, stopping if the battle it acts
// on ends.
func (g *game) run(out *outcome, d *deed, rule cards.Rule) {
	for _, a := range rule.Actions {
		g.do(out, d, a)
		if g.s.Phase == PhaseOver {
			return
		}
	}
}

// playersOf returns the players action a of d acts on.
func (g *game) playersOf(d *deed, a cards.Action) []ruleset.Seat {
	switch a.Players {
	case cards.You:
		return []ruleset.Seat{d.owner}
	case cards.Opponent:
		var q ruleset.Seat
		if d.auto {
			q = g.autoOpponent(d.owner)
		} else {
			q = d.next().Seat
		}
		if q == 0 || q == d.owner || int(q) > g.n() || !g.live(q) {
			return nil
		}
		return []ruleset.Seat{q}
	case cards.EachOpponent:
		return g.opponents(d.owner)
	}
	return g.from(d.owner)
}

// autoOpponent is the opponent a rule that fires by itself acts on: the
// battle's other player, or the live opponent with the most Health (the
// lowest seat on a tie).
func (g *game) autoOpponent(owner ruleset.Seat) ruleset.Seat {
	if b := g.s.Battle; b != nil {
		switch owner {
		case b.Attacker:
			return b.Defender
		case b.Defender:
			return b.Attacker
		}
	}
	var best ruleset.Seat
	for _, q := range g.liveSeats() {
		if q != owner && (best == 0 || g.pl(q).Health > g.pl(best).Health) {
			best = q
		}
	}
	return best
}

// unitsOf returns the units action a of d acts on, by ref.
func (g *game) unitsOf(d *deed, a cards.Action) []Ref {
	u := a.Units
	switch u.Which {
	case cards.This:
		if c, _ := g.find(d.src); c != nil {
			return []Ref{d.src}
		}
		return nil
	case cards.Attacker:
		if g.s.Battle != nil {
			return []Ref{g.s.Battle.Unit}
		}
		return nil
	case cards.Blocker:
		if g.s.Battle != nil && g.s.Battle.Blocker != 0 {
			return []Ref{g.s.Battle.Blocker}
		}
		return nil
	}
	v := g.view(0, true)
	all := g.r.matching(v, d.owner, u)
	if !u.One {
		return all
	}
	if d.auto {
		if len(all) == 0 {
			return nil
		}
		return []Ref{strongest(v, all)}
	}
	t := d.next()
	if slices.Contains(all, t.Unit) {
		return []Ref{t.Unit}
	}
	return nil
}

// strongest returns the unit of refs with the highest Strength in v, the
// lowest Ref on a tie: whom a rule that fires by itself chooses.
func strongest(v *View, refs []Ref) Ref {
	best, bestS := Ref(0), 0
	for _, ref := range refs {
		c, _ := v.find(ref)
		if best == 0 || c.Strength > bestS || c.Strength == bestS && ref < best {
			best, bestS = ref, c.Strength
		}
	}
	return best
}

// do does one action of d.
func (g *game) do(out *outcome, d *deed, a cards.Action) {
	switch a.Verb {
	case cards.Gain:
		g.gain(d.owner, cards.Amount{N: a.N, Resource: a.Resource})
	case cards.Lose:
		for _, q := range g.playersOf(d, a) {
			g.lose(out, q, cards.Amount{N: a.N, Resource: a.Resource})
		}
	case cards.Trade:
		give := cards.Cost{Any: a.N}
		if a.Resource != "" {
			give = cards.Cost{Pay: []cards.Amount{{N: a.N, Resource: a.Resource}}}
		}
		pool := g.poolOf(d.owner)
		if pool == nil || !CanPay(*pool, give) {
			return
		}
		before := *pool
		*pool = g.r.addAmount(g.r.pay(*pool, give), cards.Amount{N: a.M, Resource: a.For})
		out.add(Event{Kind: EventTrade, Seat: d.owner, Amounts: []cards.Amount{{N: total(before) - total(*pool) + a.M, Resource: a.Resource}, {N: a.M, Resource: a.For}}})
	case cards.Draw:
		for _, q := range g.playersOf(d, a) {
			g.draw(out, q, a.N, a.Supply)
		}
	case cards.DiscardHand:
		for _, q := range g.playersOf(d, a) {
			if h := g.pl(q).Hand; len(h) <= a.N {
				g.discardHand(out, q, len(h), nil)
			} else {
				g.s.Musts = append(g.s.Musts, Must{Seat: q, Count: a.N})
			}
		}
	case cards.Health:
		for _, q := range g.playersOf(d, a) {
			g.health(out, q, a.N)
		}
	case cards.HandSize:
		for _, q := range g.playersOf(d, a) {
			g.pl(q).HandMod += a.N
		}
	case cards.Generals:
		g.pl(d.owner).GeneralsMod += a.N
	case cards.Destroy:
		for _, ref := range g.unitsOf(d, a) {
			g.leave(out, ref, false)
		}
	case cards.Withdraw:
		for _, ref := range g.unitsOf(d, a) {
			g.withdraw(out, ref)
		}
	case cards.Return:
		for _, ref := range g.unitsOf(d, a) {
			g.leave(out, ref, true)
		}
	default: // the effects on units, until the end of the turn
		for _, ref := range g.unitsOf(d, a) {
			g.s.Mods = append(g.s.Mods, mod{Ref: ref, Verb: a.Verb, N: a.N})
		}
	}
}

// poolOf returns the pool seat p spends from now: the active player's
// in its turn, the defender's in a battle; nil when it has none.
func (g *game) poolOf(p ruleset.Seat) *[]cards.Amount {
	switch {
	case p == g.s.Active && g.s.Phase >= PhaseDraw && g.s.Phase <= PhaseResolve:
		return &g.s.Pool
	case g.s.Battle != nil && p == g.s.Battle.Defender && g.s.Battle.Blocker != 0:
		return &g.s.Battle.Pool
	}
	return nil
}

// gain adds a to seat p's pool; a player with no pool now gains nothing.
func (g *game) gain(p ruleset.Seat, a cards.Amount) {
	if pool := g.poolOf(p); pool != nil {
		*pool = g.r.addAmount(*pool, a)
	}
}

// lose takes a from seat p's pool, or, when it has none now, from its
// next harvest (Owed).
func (g *game) lose(out *outcome, p ruleset.Seat, a cards.Amount) {
	if pool := g.poolOf(p); pool != nil {
		*pool = g.r.addAmount(*pool, cards.Amount{N: -a.N, Resource: a.Resource})
		return
	}
	pl := g.pl(p)
	pl.Owed = g.r.addAmount(pl.Owed, a)
	out.add(Event{Kind: EventOwed, Seat: p, Amounts: []cards.Amount{a}})
}

// health changes seat p's Cultural Health by n.
func (g *game) health(out *outcome, p ruleset.Seat, n int) {
	if !g.live(p) || n == 0 {
		return
	}
	pl := g.pl(p)
	pl.Health += n
	out.add(Event{Kind: EventHealth, Seat: p, Value: n, Count: pl.Health})
}

// draw draws k cards for seat p from its Draw Pile, or its Supply Pile
// if supply: fewer when the pile runs short; in Southpole a player whose
// piles are both empty recycles its discard pile first.
func (g *game) draw(out *outcome, p ruleset.Seat, k int, supply bool) {
	pl := g.pl(p)
	var got []CardID
	for range k {
		if len(pl.Draw) == 0 && len(pl.Supply) == 0 && g.s.Settings.Variation == VariationSouthpole && len(pl.Discard) > 0 {
			g.recycle(out, p)
		}
		pile := &pl.Draw
		if supply {
			pile = &pl.Supply
		}
		if len(*pile) == 0 {
			break
		}
		c := (*pile)[len(*pile)-1]
		*pile = nilIfEmpty((*pile)[:len(*pile)-1])
		pl.Hand = append(pl.Hand, c)
		got = append(got, c)
	}
	out.addPrivate(Event{Kind: EventDraw, Seat: p, Count: len(got), Supply: supply}, got)
}

// recycle splits seat p's discard pile back into its two piles by kind
// and shuffles them (Southpole).
func (g *game) recycle(out *outcome, p ruleset.Seat) {
	pl := g.pl(p)
	for _, c := range pl.Discard {
		if g.card(c).ID.Kind.Playing() {
			pl.Draw = append(pl.Draw, c)
		} else {
			pl.Supply = append(pl.Supply, c)
		}
	}
	pl.Discard = nil
	g.shuffle(pl.Draw)
	g.shuffle(pl.Supply)
	out.add(Event{Kind: EventRecycle, Seat: p, Count: len(pl.Draw), Value: len(pl.Supply)})
}

// shuffle shuffles a pile with the game's generator.
func (g *game) shuffle(pile []CardID) {
	g.rand().Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
}

// discardHand discards k cards of seat p's hand: the places at (each
// once, valid), or the last k when at is nil.
func (g *game) discardHand(out *outcome, p ruleset.Seat, k int, at []int) {
	pl := g.pl(p)
	if at == nil {
		for i := len(pl.Hand) - k; i < len(pl.Hand); i++ {
			at = append(at, i)
		}
	}
	var gone []CardID
	var keep []CardID
	for i, c := range pl.Hand {
		if slices.Contains(at, i) {
			gone = append(gone, c)
		} else {
			keep = append(keep, c)
		}
	}
	pl.Hand = nilIfEmpty(keep)
	pl.Discard = append(pl.Discard, gone...)
	if len(gone) > 0 {
		out.add(Event{Kind: EventDiscard, Seat: p, Count: len(gone), Cards: gone})
	}
}

// leave takes the card in play ref out of play: to its owner's discard
// pile, or to its hand if toHand; an ultra rare card leaves the game. A
// unit of the battle that leaves ends it (a Removal: outcome 2 or 6).
func (g *game) leave(out *outcome, ref Ref, toHand bool) {
	c, owner := g.find(ref)
	if c == nil {
		return
	}
	pl := g.pl(owner)
	i := slices.IndexFunc(pl.Table, func(x inPlay) bool { return x.Ref == ref })
	id := c.Card
	pl.Table = nilIfEmpty(removeAt(pl.Table, i))
	g.s.Mods = slices.DeleteFunc(g.s.Mods, func(m mod) bool { return m.Ref == ref })
	switch {
	case g.card(id).Rarity == cards.UltraRare:
		pl.Gone = append(pl.Gone, id)
		out.add(Event{Kind: EventLeave, Seat: owner, Unit: ref, Card: id, Value: 1})
	case toHand:
		pl.Hand = append(pl.Hand, id)
		out.add(Event{Kind: EventReturn, Seat: owner, Unit: ref, Card: id})
	default:
		pl.Discard = append(pl.Discard, id)
		out.add(Event{Kind: EventLeave, Seat: owner, Unit: ref, Card: id})
	}
	if b := g.s.Battle; b != nil && (b.Unit == ref || b.Blocker == ref) {
		g.withdrawn(out, ref == b.Unit)
	}
}

// withdraw takes unit ref away from the attack, if it fights in it.
func (g *game) withdraw(out *outcome, ref Ref) {
	if b := g.s.Battle; b != nil && (b.Unit == ref || b.Blocker == ref) {
		g.withdrawn(out, ref == b.Unit)
	}
}

// bury takes every unit whose Life an effect brought to 0 out of play.
func (g *game) bury(out *outcome) {
	for {
		var dead Ref
		auras := g.auras()
		for i := range g.s.Players {
			for j := range g.s.Players[i].Table {
				c := &g.s.Players[i].Table[j]
				if g.card(c.Card).ID.Kind.Unit() && g.statusIn(auras, ruleset.Seat(i+1), c).Life <= 0 {
					dead = c.Ref
				}
			}
		}
		if dead == 0 {
			return
		}
		g.leave(out, dead, false)
	}
}

// comeIntoPlay puts card id of seat p into zone and returns its ref; an
// ultra rare card is banned from then on.
func (g *game) comeIntoPlay(p ruleset.Seat, id CardID, zone Zone) Ref {
	g.s.NextRef++
	ref := g.s.NextRef
	pl := g.pl(p)
	pl.Table = append(pl.Table, inPlay{Ref: ref, Card: id, Zone: zone, Fresh: true})
	if g.card(id).Rarity == cards.UltraRare && !slices.Contains(g.s.Banned, id) {
		g.s.Banned = append(g.s.Banned, id)
		slices.Sort(g.s.Banned)
	}
	return ref
}

// fire does the rules of trigger t of the card in play ref by themselves.
func (g *game) fire(out *outcome, ref Ref, t cards.Trigger) {
	c, owner := g.find(ref)
	if c == nil {
		return
	}
	id := c.Card
	for _, rule := range g.card(id).Rules {
		if rule.Trigger == t {
			g.run(out, &deed{owner: owner, src: ref, card: id, auto: true}, rule)
		}
	}
}
