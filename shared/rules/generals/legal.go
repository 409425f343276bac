package generals

import (
	"fmt"
	"slices"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// This file holds the legality of actions, written once over what a View
// holds: the engine's Act asks Why of the acting seat's view, and Moves
// lists what Why allows, so that the AI and the client offer exactly what
// the engine accepts.

// maxChoices bounds the actions Moves lists for one card or one discard:
// the combinations of its targets or of the hand's places beyond it are
// left out (Why still accepts them).
const maxChoices = 24

// Actors returns the seats that act now in v, in seat order: the players
// who have still to answer a concurrent step (the opening, the Epic
// Campaigner's question), the player a card asks to discard, the
// defender choosing a blocker, the player whose turn it is to play
// Tactics on a battle, else the player whose turn it is; none once the
// game is over.
func Actors(v *View) []ruleset.Seat {
	switch {
	case v.Phase == PhaseOver:
		return nil
	case v.Phase == PhaseOpening || v.Epic:
		var out []ruleset.Seat
		for _, p := range v.Players {
			if p.Waiting {
				out = append(out, p.Seat)
			}
		}
		return out
	case v.Must != nil:
		return []ruleset.Seat{v.Must.Seat}
	case v.Battle != nil && v.Battle.Blocker == 0:
		return []ruleset.Seat{v.Battle.Defender}
	case v.Battle != nil:
		return []ruleset.Seat{v.Battle.Tactics}
	case v.Active != 0:
		return []ruleset.Seat{v.Active}
	}
	return nil
}

// live reports whether player p of a view still plays.
func live(p *PlayerView) bool { return !p.Out && p.Place == 0 }

// generalsIn counts the Generals of a table.
func (r *Rules) generalsIn(table []InPlay) int {
	n := 0
	for _, c := range table {
		if card, ok := r.byID[c.Card]; ok && card.ID.Kind == cards.General {
			n++
		}
	}
	return n
}

// poolFor returns the pool seat p spends from in v: the defender's in a
// battle, else the turn's.
func poolFor(v *View, p ruleset.Seat) []cards.Amount {
	if v.Battle != nil && v.Battle.Defender == p && v.Battle.Blocker != 0 {
		return v.Battle.Pool
	}
	return v.Pool
}

// choice is one choice a rule asks of whoever plays or uses its card: an
// opponent (Units zero) or one unit of a selection.
type choice struct {
	seat  bool
	units cards.Units
}

// choicesOf returns the choices of rules, in the order of their actions.
func choicesOf(rules []cards.Rule) []choice {
	var out []choice
	for _, rule := range rules {
		for _, a := range rule.Actions {
			switch {
			case a.Players == cards.Opponent && playerVerb(a.Verb):
				out = append(out, choice{seat: true})
			case a.Units.One && a.Units.Which == cards.Selected && unitVerb(a.Verb):
				out = append(out, choice{units: a.Units})
			}
		}
	}
	return out
}

// playerVerb reports whether verb v takes a PLAYERS phrase.
func playerVerb(v cards.Verb) bool {
	switch v {
	case cards.Lose, cards.Draw, cards.DiscardHand, cards.Health, cards.HandSize:
		return true
	}
	return false
}

// unitVerb reports whether verb v takes a UNITS phrase.
func unitVerb(v cards.Verb) bool { return v >= cards.Strength && v <= cards.Return }

// playRules returns the "play:" rules of card.
func playRules(card *cards.Card) []cards.Rule {
	var out []cards.Rule
	for _, rule := range card.Rules {
		if rule.Trigger == cards.OnPlay {
			out = append(out, rule)
		}
	}
	return out
}

// matching returns the units in play of v a selection u of a rule of
// owner's takes in, in Ref order.
func (r *Rules) matching(v *View, owner ruleset.Seat, u cards.Units) []Ref {
	var out []Ref
	for _, p := range v.Players {
		for _, c := range p.Table {
			if card, ok := r.byID[c.Card]; ok && matches(card, owner, u, p.Seat) {
				out = append(out, c.Ref)
			}
		}
	}
	slices.Sort(out)
	return out
}

// candidates returns the answers choice c of a rule of owner's may take
// in v; a choice without candidates takes the zero Target.
func (r *Rules) candidates(v *View, owner ruleset.Seat, c choice) []Target {
	var out []Target
	if c.seat {
		for i := range v.Players {
			if p := &v.Players[i]; p.Seat != owner && live(p) {
				out = append(out, Target{Seat: p.Seat})
			}
		}
	} else {
		for _, ref := range r.matching(v, owner, c.units) {
			out = append(out, Target{Unit: ref})
		}
	}
	if len(out) == 0 {
		return []Target{{}}
	}
	return out
}

// whyTargets returns why targets do not answer choices of a rule of
// owner's in v, "" when they do.
func (r *Rules) whyTargets(v *View, owner ruleset.Seat, choices []choice, targets []Target) string {
	if len(targets) != len(choices) {
		return fmt.Sprintf("the card asks %s, and the action answers %d", words.Plural(len(choices), "choice"), len(targets))
	}
	for i, c := range choices {
		if !slices.Contains(r.candidates(v, owner, c), targets[i]) {
			if c.seat {
				return fmt.Sprintf("choice %d is an opponent still playing, not seat %d", i+1, targets[i].Seat)
			}
			return fmt.Sprintf("choice %d is %s, and card %d is none", i+1, c.units, targets[i].Unit)
		}
	}
	return ""
}

// targetSets returns the answers to choices in v, every combination, at
// most maxChoices of them.
func (r *Rules) targetSets(v *View, owner ruleset.Seat, choices []choice) [][]Target {
	sets := [][]Target{nil}
	for _, c := range choices {
		var next [][]Target
		for _, set := range sets {
			for _, t := range r.candidates(v, owner, c) {
				if len(next) < maxChoices {
					next = append(next, append(slices.Clone(set), t))
				}
			}
		}
		sets = next
	}
	return sets
}

// name names card id for a player.
func (r *Rules) name(id CardID) string {
	if c, ok := r.byID[id]; ok {
		return fmt.Sprintf("%s (%s)", c.Name, id)
	}
	return string(id)
}

// waiting says, for a seat that may not act now, who the game waits for.
func waiting(v *View) string {
	switch {
	case v.Phase == PhaseOver:
		return "the game is over"
	case v.Phase == PhaseOpening:
		return "the other players choose their opening cards"
	case v.Epic:
		return "the players left choose whether to play on"
	case v.Must != nil:
		return fmt.Sprintf("seat %d must discard", v.Must.Seat)
	case v.Battle != nil && v.Battle.Blocker == 0:
		return fmt.Sprintf("seat %d chooses a blocker", v.Battle.Defender)
	case v.Battle != nil:
		return fmt.Sprintf("seat %d may play Tactics on the battle", v.Battle.Tactics)
	}
	return fmt.Sprintf("it is seat %d's turn", v.Active)
}

// phaseOf is the phase in which a card of kind k is played or its
// ability used.
func phaseOf(k cards.Kind) Phase {
	switch k {
	case cards.Resource, cards.Trader, cards.ActOfGod:
		return PhaseHarvest
	case cards.Kingdom, cards.Strategy:
		return PhaseKingdom
	}
	return PhaseArmy
}

// Why returns why seat v.Seat may not take action a now, in words a player
// understands, or "" when it may. It reads only v (and the collection), so
// the client can say why a card cannot be played; the engine's Act asks
// it of the acting seat's own view. It does not check a.Seq (the game
// does: Step.Late).
func (r *Rules) Why(v *View, a Action) string {
	p := v.Seat
	if p == 0 || int(p) > len(v.Players) {
		return "a spectator takes no action"
	}
	if !slices.Contains(Actors(v), p) {
		return waiting(v)
	}
	me := v.player(p)
	if a.Kind == ActResign {
		if !live(me) {
			return "you no longer play"
		}
		return ""
	}
	switch {
	case v.Phase == PhaseOpening:
		if a.Kind != ActOpening {
			return "choose how many of your 7 opening cards come from the Draw Pile"
		}
		if a.Count < 0 || a.Count > OpeningCards {
			return fmt.Sprintf("%d cards of %d from the Draw Pile", a.Count, OpeningCards)
		}
		return ""
	case v.Epic:
		if a.Kind != ActContinue && a.Kind != ActStop {
			return "choose whether to play on for second place"
		}
		return ""
	case v.Must != nil:
		if a.Kind != ActDiscard {
			return fmt.Sprintf("discard %d cards of your hand first", v.Must.Count)
		}
		return whyDiscard(v, a.Cards, min(v.Must.Count, len(v.Hand)))
	case v.Battle != nil && v.Battle.Blocker == 0:
		if a.Kind != ActBlock {
			return "you are attacked: choose a blocker, or none"
		}
		return r.whyBlock(v, a.Unit)
	case v.Battle != nil:
		switch a.Kind {
		case ActNext:
			return ""
		case ActCard:
			return r.whyCard(v, a)
		}
		return "play Tactics cards on the battle, or go on"
	}
	switch a.Kind {
	case ActPlay:
		if v.Phase != PhaseDeclare {
			return "you have declared your turn already"
		}
		return ""
	case ActPass:
		switch {
		case v.Phase != PhaseDeclare:
			return "you have begun your turn: you cannot pass now"
		case me.Passed:
			return "you passed your last turn: a player may not pass twice in a row"
		}
		return ""
	case ActDraw:
		if v.Phase != PhaseDeclare && v.Phase != PhaseDraw {
			return "the Draw Phase is over"
		}
		if me.Draw == 0 && me.Supply == 0 && len(me.Discard) > 0 && v.Recycle {
			return "" // Southpole: the discard pile is recycled
		}
		if a.Supply && me.Supply == 0 || !a.Supply && me.Draw == 0 {
			return "that pile is empty"
		}
		return ""
	case ActNext:
		if v.Phase == PhaseResolve && len(v.Hand) > me.HandLimit {
			return fmt.Sprintf("discard down to %d cards first", me.HandLimit)
		}
		if v.Phase == PhaseDeclare {
			return "declare your turn first: play or pass"
		}
		return ""
	case ActCard:
		return r.whyCard(v, a)
	case ActAbility:
		return r.whyAbility(v, a)
	case ActMove:
		return r.whyMove(v, a)
	case ActDiscardPlay:
		return r.whyDiscardPlay(v, a)
	case ActAttack:
		return r.whyAttack(v, a)
	case ActDiscard:
		if v.Phase != PhaseResolve {
			return "you discard from your hand in the Resolve Phase"
		}
		over := len(v.Hand) - me.HandLimit
		if over <= 0 {
			return fmt.Sprintf("your hand holds %d cards, within its limit of %d", len(v.Hand), me.HandLimit)
		}
		return whyDiscard(v, a.Cards, over)
	}
	return fmt.Sprintf("no action of kind %d now", a.Kind)
}

// whyDiscard checks a discard of k cards of the hand at places at.
func whyDiscard(v *View, at []int, k int) string {
	if len(at) != k {
		return fmt.Sprintf("discard %d cards, not %d", k, len(at))
	}
	for i, x := range at {
		if x < 0 || x >= len(v.Hand) {
			return fmt.Sprintf("your hand has no card at place %d", x)
		}
		if slices.Contains(at[:i], x) {
			return fmt.Sprintf("the card at place %d twice", x)
		}
	}
	return ""
}

// whyCard checks playing a card of the hand.
func (r *Rules) whyCard(v *View, a Action) string {
	p := v.Seat
	me := v.player(p)
	if a.Hand < 0 || a.Hand >= len(v.Hand) || v.Hand[a.Hand] != a.Card {
		return fmt.Sprintf("your hand holds no %s at place %d", a.Card, a.Hand)
	}
	card, ok := r.byID[a.Card]
	if !ok {
		return fmt.Sprintf("there is no card %s", a.Card)
	}
	kind := card.ID.Kind
	if slices.Contains(v.Banned, a.Card) {
		return fmt.Sprintf("%s is ultra rare and came into play once: no one may play it again", r.name(a.Card))
	}
	switch {
	case v.Battle != nil && kind != cards.Tactics:
		return "only Tactics cards are played on a battle"
	case v.Battle == nil && phaseOf(kind) != v.Phase:
		return fmt.Sprintf("a %s is played in the %s Phase", kind, phaseName(phaseOf(kind)))
	case v.Battle == nil && ofBattle(card):
		return fmt.Sprintf("%s acts on a battle's attacker or blocker: it is played once a blocker is presented", r.name(a.Card))
	}
	if !CanPay(poolFor(v, p), card.Cost) {
		return fmt.Sprintf("%s costs %s: your pool cannot pay it", r.name(a.Card), card.Cost.Format(&r.coll.Lexicon))
	}
	if a.Battlefield {
		switch {
		case kind != cards.General:
			return "only a General is played into the Battlefield (Soldiers suffer Pull)"
		case card.Pull:
			return fmt.Sprintf("%s suffers Pull: it comes into the Warcamp", r.name(a.Card))
		case !r.coll.Battlefield(card):
			return fmt.Sprintf("a %s may not go into the Battlefield", card.Subtype)
		}
	}
	if kind == cards.General && r.generalsIn(me.Table) >= me.Generals {
		return fmt.Sprintf("you may have %s in play: discard one first", words.Plural(me.Generals, "General"))
	}
	return r.whyTargets(v, p, choicesOf(playRules(card)), a.Targets)
}

// ofBattle reports whether card's rules act on a battle's units
// ("attacker", "blocker"): a Tactics card played on a battle only.
func ofBattle(card *cards.Card) bool {
	for _, rule := range card.Rules {
		for _, a := range rule.Actions {
			if unitVerb(a.Verb) && (a.Units.Which == cards.Attacker || a.Units.Which == cards.Blocker) {
				return true
			}
		}
	}
	return false
}

// phaseName names a phase for a player.
func phaseName(ph Phase) string {
	return [...]string{"", "Opening", "Declare", "Draw", "Harvest", "Kingdom", "Army", "Attack", "Resolve", "Over"}[min(ph, PhaseOver)]
}

// mine returns v's seat's card in play ref, or nil.
func mine(v *View, ref Ref) *InPlay {
	c, owner := v.find(ref)
	if owner != v.Seat {
		return nil
	}
	return c
}

// mineKnown returns v's seat's card in play ref and its card of the
// collection, or nil when there is none (a view from outside bytes may
// name a card the collection lacks).
func (r *Rules) mineKnown(v *View, ref Ref) (*InPlay, *cards.Card) {
	c := mine(v, ref)
	if c == nil {
		return nil, nil
	}
	card, ok := r.byID[c.Card]
	if !ok {
		return nil, nil
	}
	return c, card
}

// whyAbility checks using an ability of a card in play.
func (r *Rules) whyAbility(v *View, a Action) string {
	c, card := r.mineKnown(v, a.Unit)
	if c == nil {
		return fmt.Sprintf("you have no card %d in play", a.Unit)
	}
	if a.Rule < 0 || a.Rule >= len(card.Rules) || card.Rules[a.Rule].Trigger != cards.OnAbility {
		return fmt.Sprintf("%s has no ability %d", r.name(c.Card), a.Rule)
	}
	rule := card.Rules[a.Rule]
	switch {
	case phaseOf(card.ID.Kind) != v.Phase || card.ID.Kind == cards.ActOfGod:
		return fmt.Sprintf("the abilities of a %s are used in the %s Phase", card.ID.Kind, phaseName(phaseOf(card.ID.Kind)))
	case c.Used:
		return fmt.Sprintf("%s's ability was used this turn", r.name(c.Card))
	case c.Pulled:
		return fmt.Sprintf("%s came into play this turn: Pull", r.name(c.Card))
	case !CanPay(v.Pool, rule.Cost):
		return fmt.Sprintf("the ability costs %s: your pool cannot pay it", rule.Cost.Format(&r.coll.Lexicon))
	}
	for _, act := range rule.Actions {
		if act.Verb != cards.Trade {
			continue
		}
		give := cards.Cost{Any: act.N}
		if act.Resource != "" {
			give = cards.Cost{Pay: []cards.Amount{{N: act.N, Resource: act.Resource}}}
		}
		if !CanPay(r.pay(v.Pool, rule.Cost), give) {
			return fmt.Sprintf("the trade gives %s: your pool does not hold it", give.Format(&r.coll.Lexicon))
		}
	}
	return r.whyTargets(v, v.Seat, choicesOf([]cards.Rule{rule}), a.Targets)
}

// hasGeneral reports whether table holds a General.
func (r *Rules) hasGeneral(table []InPlay) bool { return r.generalsIn(table) > 0 }

// whyMove checks moving a unit between the Warcamp and the Battlefield.
func (r *Rules) whyMove(v *View, a Action) string {
	if v.Phase != PhaseArmy {
		return "units move in the Army Phase"
	}
	c, card := r.mineKnown(v, a.Unit)
	if c == nil || (c.Zone != ZoneWarcamp && c.Zone != ZoneBattlefield) {
		return fmt.Sprintf("you have no unit %d", a.Unit)
	}
	switch {
	case c.Pulled:
		return fmt.Sprintf("%s came into play this turn: Pull", r.name(c.Card))
	case a.Battlefield && c.Zone == ZoneBattlefield, !a.Battlefield && c.Zone == ZoneWarcamp:
		return "the unit is there already"
	case a.Battlefield && !r.coll.Battlefield(card):
		return fmt.Sprintf("a %s may not move into the Battlefield", card.Subtype)
	case a.Battlefield && !c.NoGeneral && !r.hasGeneral(v.player(v.Seat).Table):
		return "you must have a General in play to place a unit in the Battlefield"
	}
	return ""
}

// whyDiscardPlay checks discarding a card from play.
func (r *Rules) whyDiscardPlay(v *View, a Action) string {
	c, card := r.mineKnown(v, a.Unit)
	if c == nil {
		return fmt.Sprintf("you have no card %d in play", a.Unit)
	}
	kind := card.ID.Kind
	switch {
	case v.Phase == PhaseKingdom && (kind == cards.Kingdom || kind == cards.Strategy):
		return ""
	case v.Phase == PhaseArmy && kind.Unit():
		return ""
	}
	return "Kingdom and Strategy cards are discarded in the Kingdom Phase, units in the Army Phase"
}

// whyAttack checks an attack.
func (r *Rules) whyAttack(v *View, a Action) string {
	if v.Phase != PhaseAttack {
		return "attacks are made in the Attack Phase"
	}
	if v.Attacked {
		return "you may attack with only one unit per turn"
	}
	c := mine(v, a.Unit)
	switch {
	case c == nil || c.Zone != ZoneBattlefield:
		return fmt.Sprintf("you have no unit %d in the Battlefield", a.Unit)
	case c.Pulled:
		return fmt.Sprintf("%s came into play this turn: Pull", r.name(c.Card))
	case c.CannotAttack:
		return fmt.Sprintf("%s cannot attack", r.name(c.Card))
	case !c.NoGeneral && !r.hasGeneral(v.player(v.Seat).Table):
		return "you must have a General in play to attack"
	case a.Seat == v.Seat || a.Seat < 1 || int(a.Seat) > len(v.Players) || !live(v.player(a.Seat)):
		return fmt.Sprintf("seat %d is no opponent still playing", a.Seat)
	}
	return ""
}

// whyBlock checks the defender's blocker (0: none).
func (r *Rules) whyBlock(v *View, unit Ref) string {
	if unit == 0 {
		return ""
	}
	b := v.Battle
	zone := ZoneWarcamp
	if b.AtBattlefield {
		zone = ZoneBattlefield
	}
	c := mine(v, unit)
	att, _ := v.find(b.Unit)
	switch {
	case c == nil || c.Zone != zone:
		return fmt.Sprintf("you have no unit %d in your %s", unit, zoneName(zone))
	case c.CannotBlock:
		return fmt.Sprintf("%s cannot block", r.name(c.Card))
	case att != nil && att.Unblockable:
		return "the attacker is unblockable"
	}
	return ""
}

// zoneName names a zone for a player.
func zoneName(z Zone) string {
	return [...]string{"", "Resource Area", "Kingdom", "Warcamp", "Battlefield", "Acts of God"}[min(z, ZoneActs)]
}

// Moves returns every action seat v.Seat may take now, each stamped with
// v.Seq: one for each legal choice of targets (at most maxChoices a card
// or a discard), resigning last. Every one of them Why allows.
func (r *Rules) Moves(v *View) []Action {
	p := v.Seat
	if p == 0 || int(p) > len(v.Players) || !slices.Contains(Actors(v), p) {
		return nil
	}
	me := v.player(p)
	var out []Action
	add := func(a Action) {
		a.Seq = v.Seq
		if r.Why(v, a) == "" {
			out = append(out, a)
		}
	}
	cardsOf := func() {
		for i, id := range v.Hand {
			card, ok := r.byID[id]
			if !ok {
				continue
			}
			for _, ts := range r.targetSets(v, p, choicesOf(playRules(card))) {
				add(Action{Kind: ActCard, Hand: i, Card: id, Targets: ts})
				if card.ID.Kind == cards.General {
					add(Action{Kind: ActCard, Hand: i, Card: id, Targets: ts, Battlefield: true})
				}
			}
		}
	}
	switch {
	case v.Phase == PhaseOpening:
		for k := range OpeningCards + 1 {
			add(Action{Kind: ActOpening, Count: k})
		}
	case v.Epic:
		add(Action{Kind: ActContinue})
		add(Action{Kind: ActStop})
	case v.Must != nil:
		k := min(v.Must.Count, len(v.Hand))
		if k == 0 { // the hand emptied since the card asked
			add(Action{Kind: ActDiscard})
		}
		for _, at := range discards(len(v.Hand), k) {
			add(Action{Kind: ActDiscard, Cards: at})
		}
	case v.Battle != nil && v.Battle.Blocker == 0:
		add(Action{Kind: ActBlock})
		for _, c := range me.Table {
			add(Action{Kind: ActBlock, Unit: c.Ref})
		}
	case v.Battle != nil:
		cardsOf()
		add(Action{Kind: ActNext})
	default:
		add(Action{Kind: ActPlay})
		add(Action{Kind: ActPass})
		add(Action{Kind: ActDraw})
		add(Action{Kind: ActDraw, Supply: true})
		cardsOf()
		for _, c := range me.Table {
			card, ok := r.byID[c.Card]
			if !ok {
				continue
			}
			for i, rule := range card.Rules {
				if rule.Trigger != cards.OnAbility {
					continue
				}
				for _, ts := range r.targetSets(v, p, choicesOf([]cards.Rule{rule})) {
					add(Action{Kind: ActAbility, Unit: c.Ref, Rule: i, Targets: ts})
				}
			}
			add(Action{Kind: ActMove, Unit: c.Ref, Battlefield: true})
			add(Action{Kind: ActMove, Unit: c.Ref})
			add(Action{Kind: ActDiscardPlay, Unit: c.Ref})
			for _, q := range v.Players {
				add(Action{Kind: ActAttack, Unit: c.Ref, Seat: q.Seat})
			}
		}
		if v.Phase == PhaseResolve {
			for _, at := range discards(len(v.Hand), len(v.Hand)-me.HandLimit) {
				add(Action{Kind: ActDiscard, Cards: at})
			}
		}
		add(Action{Kind: ActNext})
	}
	add(Action{Kind: ActResign})
	return out
}

// discards returns ways to discard k of n hand places: the last k first
// (the default), then others in order, at most maxChoices.
func discards(n, k int) [][]int {
	if k <= 0 || k > n {
		return nil
	}
	last := make([]int, k)
	for i := range last {
		last[i] = n - k + i
	}
	out := [][]int{last}
	comb := make([]int, k)
	for i := range comb {
		comb[i] = i
	}
	for len(out) < maxChoices {
		if !slices.Equal(comb, last) {
			out = append(out, slices.Clone(comb))
		}
		i := k - 1
		for i >= 0 && comb[i] == n-k+i {
			i--
		}
		if i < 0 {
			break
		}
		comb[i]++
		for j := i + 1; j < k; j++ {
			comb[j] = comb[j-1] + 1
		}
	}
	return out
}
