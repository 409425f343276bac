package generals

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// The kinds of victory, Event.Value of EventWin.
const (
	WinWarlord    = 1 // every opponent out by Health
	WinSissy      = 2 // every opponent resigned
	WinChancellor = 3 // the Cultural Health that wins
	WinEpic       = 4 // the Epic Campaigner: the last one standing after a Chancellor Victory
	WinLimit      = 5 // the most Health at the round limit
)

// The battle's outcomes, Event.Value of EventBattle, as the document
// numbers them at each place.
const (
	OutcomeNoBlocker       = 1
	OutcomeDefenderGone    = 2
	OutcomeSuccess         = 3
	OutcomeDoubleDeath     = 4
	OutcomeCounterAttack   = 5
	OutcomeAttackerGone    = 6
	OutcomeDoubleBlock     = 7
	defaultOpeningFromDraw = 5 // the opening split of a seat whose time ran out
)

// New implements ruleset.Ruleset: it deals a game. Names may be fewer
// than the seats: the others are named "Player N".
func (r *Rules) New(cfg ruleset.Config) (ruleset.Game, error) {
	in := r.Info()
	if cfg.Seats < MinSeats || cfg.Seats > MaxSeats {
		return nil, fmt.Errorf("new %s game: %d seats, want %d to %d", ID, cfg.Seats, MinSeats, MaxSeats)
	}
	if len(cfg.Names) > cfg.Seats {
		return nil, fmt.Errorf("new %s game: %d names for %d seats", ID, len(cfg.Names), cfg.Seats)
	}
	if err := in.CheckOptions(cfg.Options); err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	decks, err := r.seatDecks(cfg)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	st := r.settingsOf(cfg.Options)
	g := &game{r: r, rng: rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)}
	s := &g.s
	s.Format, s.Hash, s.Settings = saveFormat, r.hash, st
	s.Win = st.win()
	s.Lose = -s.Win
	switch st.Variation {
	case VariationSlaughterhouse:
		s.Start, s.NoWin = s.Win, true
	case VariationArchitect:
		s.Start, s.NoLose = s.Lose, true
	}
	s.Phase, s.Round = PhaseOpening, 1
	for i := range cfg.Seats {
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(cfg.Names) && cfg.Names[i] != "" {
			name = cfg.Names[i]
		}
		s.Names = append(s.Names, name)
		draw, supply := decks[i].Piles()
		pl := player{Health: s.Start, Waiting: true}
		for _, id := range draw {
			pl.Draw = append(pl.Draw, CardID(id.String()))
		}
		for _, id := range supply {
			pl.Supply = append(pl.Supply, CardID(id.String()))
		}
		pl.Brought = append(slices.Clone(pl.Draw), pl.Supply...)
		slices.Sort(pl.Brought)
		g.shuffle(pl.Draw)
		g.shuffle(pl.Supply)
		s.Players = append(s.Players, pl)
	}
	return g, nil
}

// Step implements ruleset.Game. The opening and the Epic Campaigner's
// question are concurrent steps of the players who have still to answer;
// every other step is interactive. A player's turn draws on one budget,
// the time of KeyTurn, which answers out of turn do not spend; each
// answer out of turn (a blocker, the defender's Tactics, a discard a card
// asks, the opening) has the time of KeyAnswer.
func (g *game) Step() ruleset.Step {
	s := &g.s
	v := g.view(0, true)
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: ruleset.Turn(max(s.Turn, 1)), Seq: s.Seq, Actors: Actors(v)}
	answer := time.Duration(s.Settings.Answer) * time.Second
	name := func(p ruleset.Seat) string { return s.Names[p-1] }
	switch {
	case s.Phase == PhaseOver:
		st.Prompt, st.Phase = "The game is over.", "Game over"
	case s.Phase == PhaseOpening:
		st.Mode, st.Since, st.Limit = ruleset.Concurrent, s.Since, answer
		st.Prompt, st.Phase = "Choose how many of your 7 opening cards come from the Draw Pile; the rest come from the Supply Pile.", "Opening"
	case s.Epic:
		st.Mode, st.Since, st.Limit = ruleset.Concurrent, s.Since, answer
		st.Prompt, st.Phase = "A Chancellor Victory is won: play on for second place, or stop?", "Epic Campaigner"
	case len(s.Musts) > 0:
		m := s.Musts[0]
		st.Limit = answer
		st.Prompt = fmt.Sprintf("%s discards %d cards of the hand.", name(m.Seat), m.Count)
		st.Phase = fmt.Sprintf("Round %d · %s discards", s.Round, name(m.Seat))
	case s.Battle != nil && s.Battle.Blocker == 0:
		b := s.Battle
		st.Limit = answer
		st.Prompt = fmt.Sprintf("%s attacks %s at the %s: choose a blocker, or none.", name(b.Attacker), name(b.Defender), zoneName(battleZone(b)))
		st.Phase = fmt.Sprintf("Round %d · %s blocks", s.Round, name(b.Defender))
	case s.Battle != nil:
		st.Prompt = fmt.Sprintf("%s may play Tactics cards on the battle, then go on.", name(s.Battle.Tactics))
		st.Phase = fmt.Sprintf("Round %d · %s's Tactics", s.Round, name(s.Battle.Tactics))
		if s.Battle.Tactics == s.Battle.Defender {
			st.Limit = answer
		} else {
			g.turnClock(&st)
		}
	default:
		g.turnClock(&st)
		st.Prompt = fmt.Sprintf("%s's %s Phase.", name(s.Active), phaseName(s.Phase))
		st.Phase = fmt.Sprintf("Round %d · %s · %s", s.Round, name(s.Active), phaseName(s.Phase))
	}
	return st
}

// turnClock gives st the active player's turn budget.
func (g *game) turnClock(st *ruleset.Step) {
	if g.s.Settings.TurnTime > 0 {
		st.Limit = time.Duration(g.s.Settings.TurnTime) * time.Second
		st.Budget = fmt.Sprintf("turn %d", g.s.Turn)
	}
}

// battleZone is where battle b is answered.
func battleZone(b *Battle) Zone {
	if b.AtBattlefield {
		return ZoneBattlefield
	}
	return ZoneWarcamp
}

// Over implements ruleset.Game: the winner is the first of Winners (0 for
// a draw).
func (g *game) Over() (bool, ruleset.Seat) {
	if g.s.Phase != PhaseOver {
		return false, 0
	}
	if len(g.s.Winners) == 0 {
		return true, 0
	}
	return true, g.s.Winners[0]
}

// Seats implements ruleset.Game.
func (g *game) Seats() int { return g.n() }

// Player implements ruleset.Game; a seat not at the table is nobody.
func (g *game) Player(p ruleset.Seat) ruleset.PlayerInfo {
	if p < 1 || int(p) > g.n() {
		return ruleset.PlayerInfo{}
	}
	return ruleset.PlayerInfo{Name: g.s.Names[p-1], Alive: g.live(p)}
}

// Missed implements ruleset.Game: the steps in a row seat p left to the
// autopilot of a simultaneous step; the game has none (the server counts
// the interactive steps whose time ran out), so it is always 0.
func (g *game) Missed(ruleset.Seat) int { return 0 }

// ReplaceAfter implements ruleset.Game.
func (g *game) ReplaceAfter() int { return ReplaceAfter }

// Check implements ruleset.Game: the game has no simultaneous step.
func (g *game) Check(p ruleset.Seat, orders []byte) ([]ruleset.Rejection, error) {
	return []ruleset.Rejection{{Reason: "the game takes actions, one at a time, not orders"}}, nil
}

// Resolve implements ruleset.Game: the game has no simultaneous step.
func (g *game) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	return nil, fmt.Errorf("resolve %s step %d: the game has no simultaneous step", ID, g.s.Seq)
}

// reject returns the rejection of action a.
func (g *game) reject(a Action, format string, args ...any) *ruleset.Rejection {
	return &ruleset.Rejection{Order: describe(a), Reason: fmt.Sprintf(format, args...)}
}

// describe names an action for a rejection.
func describe(a Action) string {
	switch a.Kind {
	case ActOpening:
		return fmt.Sprintf("open with %d cards of the Draw Pile", a.Count)
	case ActPlay:
		return "play"
	case ActPass:
		return "pass"
	case ActDraw:
		if a.Supply {
			return "draw from the Supply Pile"
		}
		return "draw from the Draw Pile"
	case ActNext:
		return "go on"
	case ActCard:
		return fmt.Sprintf("play %s", a.Card)
	case ActAbility:
		return fmt.Sprintf("use ability %d of card %d", a.Rule, a.Unit)
	case ActMove:
		return fmt.Sprintf("move card %d", a.Unit)
	case ActDiscardPlay:
		return fmt.Sprintf("discard card %d from play", a.Unit)
	case ActAttack:
		return fmt.Sprintf("attack seat %d with card %d", a.Seat, a.Unit)
	case ActBlock:
		if a.Unit == 0 {
			return "present no blocker"
		}
		return fmt.Sprintf("block with card %d", a.Unit)
	case ActDiscard:
		return fmt.Sprintf("discard %d cards", len(a.Cards))
	case ActResign:
		return "resign"
	case ActContinue:
		return "play on"
	case ActStop:
		return "stop"
	}
	return fmt.Sprintf("action %d", a.Kind)
}

// Act implements ruleset.Game: seat p's action, checked by Why on p's own
// view, then applied.
func (g *game) Act(p ruleset.Seat, data []byte) (ruleset.Outcome, error) {
	var a Action
	if err := wire.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("%s action: %w", ID, err)
	}
	if p < 1 || int(p) > g.n() {
		return nil, g.reject(a, "seat %d does not play at this table", p)
	}
	st := g.Step()
	if st.Late(a.Seq) {
		return nil, g.reject(a, "this answers step %d, and the game is at step %d", a.Seq, g.s.Seq)
	}
	if why := g.r.Why(g.view(p, false), a); why != "" {
		return nil, g.reject(a, "%s", why)
	}
	out := g.newOutcome()
	g.apply(out, p, a)
	g.s.Seq++
	g.settle(out)
	return out, nil
}

// apply does seat p's action a, which Why allowed.
func (g *game) apply(out *outcome, p ruleset.Seat, a Action) {
	s := &g.s
	pl := g.pl(p)
	switch a.Kind {
	case ActResign:
		g.resign(out, p)
	case ActOpening:
		g.opening(out, p, a.Count)
	case ActPlay:
		pl.Passed = false
		s.Phase = PhaseDraw
		out.add(Event{Kind: EventPlay, Seat: p})
	case ActPass:
		pl.Passed = true
		out.add(Event{Kind: EventPass, Seat: p})
		g.endTurn(out)
	case ActDraw:
		if s.Phase == PhaseDeclare {
			pl.Passed = false
			out.add(Event{Kind: EventPlay, Seat: p})
		}
		g.draw(out, p, 1, a.Supply)
		g.startHarvest(out)
	case ActNext:
		g.next(out)
	case ActCard:
		g.playCard(out, p, a)
	case ActAbility:
		g.useAbility(out, p, a)
	case ActMove:
		c, _ := g.find(a.Unit)
		c.Zone = ZoneWarcamp
		if a.Battlefield {
			c.Zone = ZoneBattlefield
		}
		out.add(Event{Kind: EventMove, Seat: p, Unit: a.Unit, Card: c.Card, Zone: c.Zone})
	case ActDiscardPlay:
		g.leave(out, a.Unit, false)
	case ActAttack:
		g.attack(out, a.Unit, a.Seat)
	case ActBlock:
		g.block(out, a.Unit)
	case ActDiscard:
		g.discardHand(out, p, len(a.Cards), a.Cards)
		if len(s.Musts) > 0 {
			s.Musts = s.Musts[1:]
		}
	case ActContinue, ActStop:
		pl.Waiting = false
		pl.Stop = a.Kind == ActStop
		out.add(Event{Kind: EventEpic, Seat: p, Value: flag(a.Kind == ActContinue)})
	}
}

// opening draws seat p's 7 opening cards: k from the Draw Pile, the rest
// from the Supply Pile, the other pile making up for one that runs short.
func (g *game) opening(out *outcome, p ruleset.Seat, k int) {
	pl := g.pl(p)
	k = min(k, len(pl.Draw))
	k = max(k, OpeningCards-len(pl.Supply))
	k = min(k, len(pl.Draw))
	rest := min(OpeningCards-k, len(pl.Supply))
	before := len(pl.Hand)
	take := func(pile *[]CardID, n int) {
		for range n {
			pl.Hand = append(pl.Hand, (*pile)[len(*pile)-1])
			*pile = nilIfEmpty((*pile)[:len(*pile)-1])
		}
	}
	take(&pl.Draw, k)
	take(&pl.Supply, rest)
	pl.Waiting = false
	out.addPrivate(Event{Kind: EventOpening, Seat: p, Count: k, Value: rest}, slices.Clone(pl.Hand[before:]))
}

// beginTurn gives the turn to seat p, at its Declare step.
func (g *game) beginTurn(out *outcome, p ruleset.Seat) {
	s := &g.s
	s.Active, s.Phase = p, PhaseDeclare
	s.Turn++
	out.add(Event{Kind: EventPhase, Seat: p, Phase: PhaseDeclare, Value: s.Turn})
}

// next ends the current phase (or the battle's Tactics of one side).
func (g *game) next(out *outcome) {
	s := &g.s
	if b := s.Battle; b != nil {
		if b.Tactics == b.Attacker {
			b.Tactics = b.Defender
			return
		}
		g.fight(out)
		return
	}
	switch s.Phase {
	case PhaseDraw:
		g.startHarvest(out)
	case PhaseHarvest, PhaseKingdom, PhaseArmy:
		s.Phase++
		out.add(Event{Kind: EventPhase, Seat: s.Active, Phase: s.Phase})
	case PhaseAttack:
		g.startResolve(out)
	case PhaseResolve:
		g.endTurn(out)
	}
}

// harvestPool returns seat p's harvest: every "harvest:" gain of its
// Resource Area and of its Kingdom cards in play.
func (g *game) harvestPool(p ruleset.Seat) []cards.Amount {
	var pool []cards.Amount
	for _, c := range g.pl(p).Table {
		if c.Zone == ZoneResource || c.Zone == ZoneKingdom {
			for _, a := range harvestOf(g.card(c.Card)) {
				pool = g.r.addAmount(pool, a)
			}
		}
	}
	return pool
}

// startHarvest begins the active player's Harvest Phase: its harvest
// rules gain the turn's pool, less what it owes.
func (g *game) startHarvest(out *outcome) {
	s := &g.s
	p := s.Active
	s.Phase = PhaseHarvest
	out.add(Event{Kind: EventPhase, Seat: p, Phase: PhaseHarvest})
	pl := g.pl(p)
	for i := range pl.Table {
		c := &pl.Table[i]
		if c.Zone == ZoneResource || c.Zone == ZoneKingdom {
			c.Harvested = true
			g.fire(out, c.Ref, cards.OnHarvest)
		}
	}
	for _, a := range pl.Owed {
		s.Pool = g.r.addAmount(s.Pool, cards.Amount{N: -a.N, Resource: a.Resource})
	}
	pl.Owed = nil
	out.add(Event{Kind: EventHarvest, Seat: p, Amounts: slices.Clone(s.Pool)})
}

// startResolve begins the Resolve Phase: "resolve:" rules, then the
// effects until the end of the turn end and the Acts of God leave.
func (g *game) startResolve(out *outcome) {
	s := &g.s
	s.Phase = PhaseResolve
	out.add(Event{Kind: EventPhase, Seat: s.Active, Phase: PhaseResolve})
	for _, c := range slices.Clone(g.pl(s.Active).Table) {
		g.fire(out, c.Ref, cards.OnResolve)
	}
	s.Mods = nil
	for _, c := range slices.Clone(g.pl(s.Active).Table) {
		if c.Zone == ZoneActs {
			g.leave(out, c.Ref, false)
		}
	}
}

// endTurn ends the active player's turn and gives the next live player
// its turn, counting the rounds; at the round limit the game ends.
func (g *game) endTurn(out *outcome) {
	s := &g.s
	for i := range s.Players {
		for j := range s.Players[i].Table {
			c := &s.Players[i].Table[j]
			c.Fresh, c.Used, c.Harvested = false, false, false
		}
	}
	s.Pool, s.Mods, s.Battle, s.Attacked = nil, nil, nil, false
	if s.Phase == PhaseOver {
		return
	}
	n := g.n()
	pos := func(q ruleset.Seat) int { return (int(q) - int(s.First) + n) % n }
	left := g.from(s.Active)
	if g.live(s.Active) {
		left = g.opponents(s.Active)
	}
	if len(left) == 0 {
		return // settle ends the game
	}
	next := left[0]
	if pos(next) <= pos(s.Active) {
		if s.Round >= s.Settings.Rounds {
			out.add(Event{Kind: EventLimit, Value: s.Settings.Rounds})
			g.limit(out)
			return
		}
		s.Round++
	}
	g.beginTurn(out, next)
}

// playCard plays the card at a.Hand.
func (g *game) playCard(out *outcome, p ruleset.Seat, a Action) {
	pl := g.pl(p)
	card := g.card(a.Card)
	pl.Hand = nilIfEmpty(removeAt(pl.Hand, a.Hand))
	if pool := g.poolOf(p); pool != nil {
		*pool = g.r.pay(*pool, card.Cost)
	}
	kind := card.ID.Kind
	var zone Zone
	switch kind {
	case cards.Resource, cards.Trader:
		zone = ZoneResource
	case cards.ActOfGod:
		zone = ZoneActs
	case cards.Kingdom, cards.Strategy:
		zone = ZoneKingdom
	case cards.General, cards.Soldier:
		zone = ZoneWarcamp
		if a.Battlefield {
			zone = ZoneBattlefield
		}
	}
	d := &deed{owner: p, card: a.Card, targets: slices.Clone(a.Targets)}
	if zone == 0 { // Tactics: its effect, then discarded
		out.add(Event{Kind: EventCard, Seat: p, Card: a.Card})
		if card.Rarity == cards.UltraRare && !slices.Contains(g.s.Banned, a.Card) {
			g.s.Banned = append(g.s.Banned, a.Card)
			slices.Sort(g.s.Banned)
		}
		for _, rule := range playRules(card) {
			g.run(out, d, rule)
		}
		if card.Rarity == cards.UltraRare {
			pl.Gone = append(pl.Gone, a.Card)
		} else {
			pl.Discard = append(pl.Discard, a.Card)
		}
		return
	}
	d.src = g.comeIntoPlay(p, a.Card, zone)
	out.add(Event{Kind: EventCard, Seat: p, Card: a.Card, Unit: d.src, Zone: zone})
	for _, rule := range playRules(card) {
		g.run(out, d, rule)
	}
	if zone == ZoneResource && g.s.Phase == PhaseHarvest {
		if c, _ := g.find(d.src); c != nil {
			c.Harvested = true
			g.fire(out, d.src, cards.OnHarvest)
		}
	}
}

// useAbility uses ability a.Rule of the card in play a.Unit: its cost
// paid (a discard cost takes the card out of play, and a resource
// discarded so gives its ability's gain instead of its harvest), then its
// actions.
func (g *game) useAbility(out *outcome, p ruleset.Seat, a Action) {
	c, _ := g.find(a.Unit)
	card := g.card(c.Card)
	rule := card.Rules[a.Rule]
	c.Used = true
	g.s.Pool = g.r.pay(g.s.Pool, rule.Cost)
	out.add(Event{Kind: EventAbility, Seat: p, Unit: a.Unit, Card: c.Card, Value: a.Rule})
	if rule.Cost.Discard {
		if c.Harvested && c.Zone == ZoneResource {
			for _, h := range harvestOf(card) {
				g.s.Pool = g.r.addAmount(g.s.Pool, cards.Amount{N: -h.N, Resource: h.Resource})
			}
		}
		g.leave(out, a.Unit, false)
	}
	g.run(out, &deed{owner: p, src: a.Unit, card: c.Card, targets: slices.Clone(a.Targets)}, rule)
}

// resign takes seat p out of the game: its cards leave play, and what it
// was asked is no longer asked.
func (g *game) resign(out *outcome, p ruleset.Seat) {
	pl := g.pl(p)
	pl.Resigned = true
	g.goOut(out, p, 1)
}

// goOut takes seat p out of play (Value 1: resigned): its cards leave
// play, its discards and answers are no longer asked.
func (g *game) goOut(out *outcome, p ruleset.Seat, resigned int) {
	s := &g.s
	pl := g.pl(p)
	pl.Out, pl.Waiting = true, false
	out.add(Event{Kind: EventOut, Seat: p, Value: resigned})
	s.Musts = slices.DeleteFunc(s.Musts, func(m Must) bool { return m.Seat == p })
	if b := s.Battle; b != nil && (b.Attacker == p || b.Defender == p) {
		s.Battle = nil
	}
	for _, c := range slices.Clone(pl.Table) {
		g.leave(out, c.Ref, false)
	}
}

// attack begins the battle of unit against seat def.
func (g *game) attack(out *outcome, unit Ref, def ruleset.Seat) {
	s := &g.s
	s.Attacked = true
	s.Battle = &Battle{Attacker: s.Active, Unit: unit, Defender: def, AtBattlefield: true}
	c, _ := g.find(unit)
	out.add(Event{Kind: EventAttack, Seat: s.Active, Other: def, Unit: unit, Card: c.Card})
	g.fire(out, unit, cards.OnAttack)
	g.askBlock(out)
}

// askBlock moves the battle on to where the defender has a unit that may
// block: at the Battlefield, then at the Warcamp, where no blocker is
// outcome 1.
func (g *game) askBlock(out *outcome) {
	for {
		b := g.s.Battle
		if b == nil || b.Blocker != 0 {
			return
		}
		v := g.view(b.Defender, false)
		for _, c := range v.player(b.Defender).Table {
			if g.r.whyBlock(v, c.Ref) == "" {
				return // the defender chooses
			}
		}
		g.noBlocker(out)
	}
}

// noBlocker is the defender's answer without a blocker: at the
// Battlefield the attack goes on to the Warcamp (outcome 1 there), at the
// Warcamp it is outcome 1.
func (g *game) noBlocker(out *outcome) {
	b := g.s.Battle
	if b.AtBattlefield {
		out.add(Event{Kind: EventBattle, Seat: b.Attacker, Other: b.Defender, Unit: b.Unit, Value: OutcomeNoBlocker, Zone: ZoneBattlefield})
		b.AtBattlefield = false
		return
	}
	out.add(Event{Kind: EventBattle, Seat: b.Attacker, Other: b.Defender, Unit: b.Unit, Value: OutcomeNoBlocker, Zone: ZoneWarcamp})
	g.s.Battle = nil
	g.transfer(out, b)
}

// transfer moves one Cultural Health from the defender to the attacker:
// "All transferred points are transferred".
func (g *game) transfer(out *outcome, b *Battle) {
	g.health(out, b.Defender, -1)
	g.health(out, b.Attacker, 1)
}

// block is the defender's answer: a blocker, or none (0).
func (g *game) block(out *outcome, unit Ref) {
	b := g.s.Battle
	out.add(Event{Kind: EventBlock, Seat: b.Attacker, Other: b.Defender, Unit: unit, Value: flag(b.AtBattlefield)})
	if unit == 0 {
		g.noBlocker(out)
		g.askBlock(out)
		return
	}
	b.Blocker = unit
	b.Pool = g.harvestPool(b.Defender)
	b.Tactics = b.Attacker
	g.fire(out, unit, cards.OnBlock)
}

// withdrawn ends the battle whose attacker (or blocker) was taken away:
// outcome 6, or outcome 2 (at the Battlefield the attack goes on to the
// Warcamp).
func (g *game) withdrawn(out *outcome, attacker bool) {
	b := g.s.Battle
	if b == nil || g.fighting {
		return
	}
	zone := battleZone(b)
	if attacker {
		out.add(Event{Kind: EventBattle, Seat: b.Attacker, Other: b.Defender, Unit: b.Unit, Value: OutcomeAttackerGone, Zone: zone})
		g.s.Battle = nil
		return
	}
	out.add(Event{Kind: EventBattle, Seat: b.Attacker, Other: b.Defender, Unit: b.Unit, Value: OutcomeDefenderGone, Zone: zone})
	if zone == ZoneWarcamp {
		g.s.Battle = nil
		g.transfer(out, b)
		return
	}
	b.AtBattlefield, b.Blocker, b.Tactics, b.Pool = false, 0, 0, nil
	g.askBlock(out)
}

// fight decides the battle with a blocker by the numbers: the attacker
// kills when its Strength is greater than the blocker's Life, the
// blocker when its Strength is greater than the attacker's Life (ties to
// the defender).
func (g *game) fight(out *outcome) {
	b := *g.s.Battle
	ac, ao := g.find(b.Unit)
	bc, bo := g.find(b.Blocker)
	as, bs := g.status(ao, ac), g.status(bo, bc)
	aKills, bKills := as.Strength > bs.Life, bs.Strength > as.Life
	outcome := OutcomeDoubleBlock
	switch {
	case aKills && bKills:
		outcome = OutcomeDoubleDeath
	case aKills:
		outcome = OutcomeSuccess
	case bKills:
		outcome = OutcomeCounterAttack
	}
	zone := battleZone(&b)
	out.add(Event{Kind: EventBattle, Seat: b.Attacker, Other: b.Defender, Unit: b.Unit, Value: outcome, Zone: zone,
		Numbers: []int{as.Strength, as.Life, bs.Strength, bs.Life}})
	g.fighting = true
	if aKills {
		g.fire(out, b.Unit, cards.OnKill)
		g.fire(out, b.Blocker, cards.OnDeath)
	}
	if bKills {
		g.fire(out, b.Blocker, cards.OnKill)
		g.fire(out, b.Unit, cards.OnDeath)
	}
	g.s.Battle = nil
	g.fighting = false
	if aKills {
		g.leave(out, b.Blocker, false)
	}
	if bKills {
		g.leave(out, b.Unit, false)
	}
	if outcome == OutcomeSuccess && zone == ZoneWarcamp {
		g.transfer(out, &b)
	}
}

// settle takes the game from where an action left it to the next step
// someone must act in, or to its end: units at no Life leave play,
// players at the losing Health go out, victories are declared, and the
// turn passes on from a player no longer playing.
func (g *game) settle(out *outcome) {
	s := &g.s
	for s.Phase != PhaseOver {
		g.bury(out)
		for _, p := range g.liveSeats() {
			if !s.NoLose && g.pl(p).Health <= s.Lose {
				g.goOut(out, p, 0)
			}
		}
		if s.Phase == PhaseOpening {
			left := g.liveSeats()
			switch {
			case len(left) <= 1:
				g.lastStanding(out, left)
				return
			case g.waitingAny():
				return
			}
			// "Someone must go first. This is randomly decided."
			s.First = left[g.rand().IntN(len(left))]
			g.beginTurn(out, s.First)
			continue
		}
		if s.Epic {
			if g.waitingAny() {
				return
			}
			g.settleEpic(out)
			continue
		}
		if len(s.Winners) == 0 && !s.NoWin {
			for _, p := range g.from(max(s.Active, 1)) {
				if g.pl(p).Health >= s.Win {
					g.chancellor(out, p)
					break
				}
			}
			if s.Phase == PhaseOver || s.Epic {
				continue
			}
		}
		left := g.liveSeats()
		if len(left) <= 1 {
			g.lastStanding(out, left)
			return
		}
		if !g.live(s.Active) {
			g.endTurn(out)
			continue
		}
		return
	}
}

// waitingAny reports whether a player has still to answer.
func (g *game) waitingAny() bool {
	return slices.ContainsFunc(g.s.Players, func(p player) bool { return p.Waiting })
}

// chancellor declares seat p's Chancellor Victory; with the Epic
// Campaigner setting on and two players left, they are asked whether to
// play on.
func (g *game) chancellor(out *outcome, p ruleset.Seat) {
	s := &g.s
	s.Winners = append(s.Winners, p)
	g.pl(p).Place = 1
	out.add(Event{Kind: EventWin, Seat: p, Value: WinChancellor})
	for _, c := range slices.Clone(g.pl(p).Table) {
		g.leave(out, c.Ref, false)
	}
	s.Musts = slices.DeleteFunc(s.Musts, func(m Must) bool { return m.Seat == p })
	if b := s.Battle; b != nil && (b.Attacker == p || b.Defender == p) {
		s.Battle = nil
	}
	left := g.liveSeats()
	if !s.Settings.Epic || len(left) < 2 {
		g.over()
		return
	}
	s.Epic, s.Since = true, s.Seq
	for _, q := range left {
		g.pl(q).Waiting = true
	}
}

// settleEpic ends the Epic Campaigner's question: everyone played on, or
// someone stopped and the game ends.
func (g *game) settleEpic(out *outcome) {
	s := &g.s
	s.Epic = false
	stop := false
	for _, p := range g.seats() {
		stop = stop || g.pl(p).Stop
		g.pl(p).Stop = false
	}
	if stop {
		g.over()
		return
	}
	if !g.live(s.Active) {
		g.endTurn(out)
	}
}

// lastStanding ends the game when at most one player is left: the
// Warlord (or, after a Chancellor, the Epic Campaigner), or the Sissy
// Victory when every other player resigned.
func (g *game) lastStanding(out *outcome, left []ruleset.Seat) {
	s := &g.s
	if len(left) == 1 {
		p := left[0]
		kind := WinWarlord
		switch {
		case len(s.Winners) > 0:
			kind = WinEpic
		case g.allResigned(p):
			kind = WinSissy
		}
		s.Winners = append(s.Winners, p)
		g.pl(p).Place = len(s.Winners)
		out.add(Event{Kind: EventWin, Seat: p, Value: kind})
	}
	g.over()
}

// allResigned reports whether every player but p resigned.
func (g *game) allResigned(p ruleset.Seat) bool {
	for _, q := range g.seats() {
		if q != p && !g.pl(q).Resigned {
			return false
		}
	}
	return true
}

// limit ends the game at the round limit: the most Health among the
// players left wins (the next place after a Chancellor); a tie is drawn.
func (g *game) limit(out *outcome) {
	s := &g.s
	var best []ruleset.Seat
	for _, p := range g.liveSeats() {
		switch {
		case len(best) == 0 || g.pl(p).Health > g.pl(best[0]).Health:
			best = []ruleset.Seat{p}
		case g.pl(p).Health == g.pl(best[0]).Health:
			best = append(best, p)
		}
	}
	if len(best) == 1 {
		s.Winners = append(s.Winners, best[0])
		g.pl(best[0]).Place = len(s.Winners)
		out.add(Event{Kind: EventWin, Seat: best[0], Value: WinLimit})
	}
	g.over()
}

// over ends the game.
func (g *game) over() {
	s := &g.s
	s.Phase, s.Active, s.Battle, s.Musts, s.Epic = PhaseOver, 0, nil, nil, false
	s.Pool, s.Mods, s.Attacked = nil, nil, false
	for i := range s.Players {
		s.Players[i].Waiting = false
	}
}

var _ ruleset.Defaulter = (*game)(nil)

// Default implements ruleset.Defaulter: what the rules play for an actor
// whose time ran out: 5 opening cards from the Draw Pile and 2 from the
// Supply Pile; a pass (a play when it passed last turn); no blocker; no
// more Tactics; the last cards of the hand when it must discard; stop
// after a Chancellor Victory; else the end of the phase.
func (g *game) Default(p ruleset.Seat) ([]byte, bool) {
	if p < 1 || int(p) > g.n() || !g.Step().Acts(p) {
		return nil, false
	}
	a := g.r.defaultAction(g.view(p, false))
	b, err := wire.Marshal(&a)
	if err != nil {
		return nil, false
	}
	return b, true
}

// defaultAction is the rules' answer for v's seat (see Default).
func (r *Rules) defaultAction(v *View) Action {
	a := Action{Seq: v.Seq, Kind: ActNext}
	if v.Seat < 1 || int(v.Seat) > len(v.Players) {
		return a // a spectator acts in no step
	}
	me := v.player(v.Seat)
	switch {
	case v.Phase == PhaseOpening:
		a.Kind, a.Count = ActOpening, defaultOpeningFromDraw
	case v.Epic:
		a.Kind = ActStop
	case v.Must != nil:
		a.Kind, a.Cards = ActDiscard, lastPlaces(len(v.Hand), min(v.Must.Count, len(v.Hand)))
	case v.Battle != nil && v.Battle.Blocker == 0:
		a.Kind = ActBlock
	case v.Battle != nil:
	case v.Phase == PhaseDeclare && me.Passed:
		a.Kind = ActPlay
	case v.Phase == PhaseDeclare:
		a.Kind = ActPass
	case v.Phase == PhaseResolve && len(v.Hand) > me.HandLimit:
		a.Kind, a.Cards = ActDiscard, lastPlaces(len(v.Hand), len(v.Hand)-me.HandLimit)
	}
	return a
}

// lastPlaces returns the last k places of a hand of n.
func lastPlaces(n, k int) []int {
	var out []int
	for i := n - k; i < n; i++ {
		out = append(out, i)
	}
	return out
}

// flag is 1 for true, 0 for false: an event's Value.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
