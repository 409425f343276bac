package duel

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Phase is where a round stands.
type Phase uint8

// The phases of a round.
const (
	// PhaseOffer: every player holding cards lays one face down (rule 2).
	PhaseOffer Phase = iota + 1
	// PhaseAttack: the player whose turn it is attacks or passes (rule 5).
	PhaseAttack
	// PhaseDefend: the defender blocks or takes the hit (rules 6, 7).
	PhaseDefend
	// PhaseOver: the game has ended (rule 10).
	PhaseOver
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseOffer:
		return "offer"
	case PhaseAttack:
		return "attack"
	case PhaseDefend:
		return "defend"
	case PhaseOver:
		return "over"
	}
	return fmt.Sprintf("phase %d", p)
}

// Points of the rules.
const (
	pointsOffer = 1 // rule 3
	pointsBlock = 1 // rule 6
	pointsHit   = 2 // rule 7
	dieSides    = 6 // rule 7
	dieLose     = 5 // rule 7: the least roll that takes a card
)

// ReplaceAfter is how many offerings in a row a seat may leave to the
// autopilot before an AI takes it over.
const ReplaceAfter = 3

// saveFormat names the save format; Load refuses any other.
const saveFormat = "duel 1"

// state is the whole game, as saved. Seats are 1..len(Names); the slices
// indexed by seat hold seat s at s-1.
type state struct {
	Format string
	// Hash is the hash of the deck file the game is played with.
	Hash string
	// RNG is the generator's state (math/rand/v2 PCG), filled only in a
	// save: the game holds the live generator.
	RNG    []byte
	Names  []string
	Rounds int
	// Answer and TurnTime are the times the settings KeyAnswer and KeyTurn
	// chose: the seconds of a quick step and of an attack turn (0: none).
	Answer, TurnTime int
	Round            int
	Phase            Phase
	Seq              uint32
	// Turn is how many players of the round order have had their attack
	// turn; the attacker is the round order's Turn-th.
	Turn int
	// Defender and Attack are the attacked player and the attack card, in
	// PhaseDefend.
	Defender ruleset.Seat
	Attack   Card
	// Hands are sorted (compareCards).
	Hands [][]Card
	// Brought are the seats' decks as they brought them, sorted (rule
	// 12); Decks their draw piles, the next card drawn last (rule 1).
	Brought [][]Card
	Decks   [][]Card
	// Discard is the face-up pile, oldest first.
	Discard []Card
	Points  []int
	Missed  []int
	// Winner is the winner once over (0: a draw).
	Winner ruleset.Seat
}

// game is a Duel game in play.
type game struct {
	deck Deck
	hash string
	rng  *rand.PCG
	s    state
}

var _ ruleset.Game = (*game)(nil)

// n is the number of players.
func (g *game) n() int { return len(g.s.Names) }

// hand returns seat p's hand.
func (g *game) hand(p ruleset.Seat) []Card { return g.s.Hands[p-1] }

// name is seat p's name.
func (g *game) name(p ruleset.Seat) string { return g.s.Names[p-1] }

// order returns the seats in the round's order (rule 5): the round's
// first seat, then up the seats, around the table.
func (g *game) order() []ruleset.Seat {
	n := g.n()
	first := (g.s.Round - 1) % n
	out := make([]ruleset.Seat, n)
	for i := range out {
		out[i] = ruleset.Seat((first+i)%n + 1)
	}
	return out
}

// attacker is the player whose attack turn it is.
func (g *game) attacker() ruleset.Seat { return g.order()[g.s.Turn] }

// alive reports whether seat p still plays: it holds cards, or its deck
// has some left (rule 9).
func (g *game) alive(p ruleset.Seat) bool { return len(g.hand(p)) > 0 || len(g.pile(p)) > 0 }

// pile returns seat p's draw pile.
func (g *game) pile(p ruleset.Seat) []Card { return g.s.Decks[p-1] }

// seats returns 1..n.
func (g *game) seats() []ruleset.Seat {
	out := make([]ruleset.Seat, g.n())
	for i := range out {
		out[i] = ruleset.Seat(i + 1)
	}
	return out
}

// holders returns the players holding cards, in seat order.
func (g *game) holders() []ruleset.Seat {
	var out []ruleset.Seat
	for _, p := range g.seats() {
		if len(g.hand(p)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// draw moves up to k cards from p's deck into its hand and returns them.
func (g *game) draw(p ruleset.Seat, k int) []Card {
	pile := g.pile(p)
	k = min(k, len(pile))
	top := len(pile) - k
	got := slices.Clone(pile[top:])
	slices.Reverse(got) // the order drawn
	g.s.Decks[p-1] = nilIfEmpty(pile[:top])
	g.s.Hands[p-1] = sortedHand(append(g.hand(p), got...))
	return got
}

// sortedHand sorts h in place and returns it, nil if empty.
func sortedHand(h []Card) []Card {
	if len(h) == 0 {
		return nil
	}
	slices.SortFunc(h, compareCards)
	return h
}

// take removes c from p's hand; p must hold it.
func (g *game) take(p ruleset.Seat, c Card) {
	h := g.hand(p)
	i := slices.Index(h, c)
	g.s.Hands[p-1] = sortedHand(slices.Delete(slices.Clone(h), i, i+1))
}

// holds reports whether p holds c.
func (g *game) holds(p ruleset.Seat, c Card) bool { return slices.Contains(g.hand(p), c) }

// lowest returns p's lowest card, of the suit first in the deck file on a
// tie (rule 4).
func (g *game) lowest(p ruleset.Seat) Card {
	h := g.hand(p)
	best := h[0]
	for _, c := range h[1:] {
		if c.Rank < best.Rank {
			best = c
		}
	}
	return best
}

// Step implements ruleset.Game. The offering and a defender's answer are
// limited to the time of the setting KeyAnswer each; an attack turn draws
// on a budget of its own, the time of KeyTurn, which the
// defender's answer in between does not spend. Phase names the step for
// the top bar: "Round 3 · Offer", "Round 3 · Ann attacks", "Round 3 · Bob
// defends", "Game over".
func (g *game) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: ruleset.Turn(g.s.Round), Seq: g.s.Seq}
	round := fmt.Sprintf("Round %d · ", g.s.Round)
	answer := time.Duration(g.s.Answer) * time.Second
	switch g.s.Phase {
	case PhaseOffer:
		st.Mode = ruleset.Simultaneous
		st.Actors = g.holders()
		st.Prompt = "Lay one card face down: the highest scores 1 point."
		st.Limit, st.Phase = answer, round+"Offer"
	case PhaseAttack:
		st.Actors = []ruleset.Seat{g.attacker()}
		st.Prompt = "Attack a player who holds cards with a card of yours, or pass."
		st.Limit = time.Duration(g.s.TurnTime) * time.Second
		if st.Limit > 0 {
			st.Budget = fmt.Sprintf("round %d attack %d", g.s.Round, g.s.Turn+1)
		}
		st.Phase = round + g.name(g.attacker()) + " attacks"
	case PhaseDefend:
		st.Actors = []ruleset.Seat{g.s.Defender}
		st.Prompt = fmt.Sprintf("%s attacks %s with the %s: block with a higher %s card, or take the hit.",
			g.name(g.attacker()), g.name(g.s.Defender), g.deck.Name(g.s.Attack), g.deck.Suits[g.s.Attack.Suit])
		st.Limit, st.Phase = answer, round+g.name(g.s.Defender)+" defends"
	case PhaseOver:
		st.Prompt = "The game is over."
		st.Phase = "Game over"
	}
	return st
}

var _ ruleset.Defaulter = (*game)(nil)

// Default implements ruleset.Defaulter: what the rules play for an actor
// whose time ran out. In the offering it lays its lowest card (rule 4, as
// the autopilot does for a seat that sent nothing); in its attack turn it
// passes (rule 5); attacked, it takes the hit (rule 7). A seat that does
// not act now has no default.
func (g *game) Default(p ruleset.Seat) ([]byte, bool) {
	if !g.Step().Acts(p) {
		return nil, false
	}
	var v any
	switch g.s.Phase {
	case PhaseOffer:
		v = &Offer{Seq: g.s.Seq, Card: g.lowest(p)}
	case PhaseAttack:
		v = &Action{Seq: g.s.Seq, Kind: ActPass}
	case PhaseDefend:
		v = &Action{Seq: g.s.Seq, Kind: ActTake}
	default:
		return nil, false
	}
	b, err := wire.Marshal(v)
	if err != nil {
		return nil, false // an Offer or an Action always encodes
	}
	return b, true
}

// Over implements ruleset.Game.
func (g *game) Over() (bool, ruleset.Seat) { return g.s.Phase == PhaseOver, g.s.Winner }

// Seats implements ruleset.Game.
func (g *game) Seats() int { return g.n() }

// Player implements ruleset.Game; a seat not at the table is nobody.
func (g *game) Player(p ruleset.Seat) ruleset.PlayerInfo {
	if p < 1 || int(p) > g.n() {
		return ruleset.PlayerInfo{}
	}
	return ruleset.PlayerInfo{Name: g.name(p), Alive: g.alive(p)}
}

// Missed implements ruleset.Game: offerings in a row left to the autopilot.
func (g *game) Missed(p ruleset.Seat) int {
	if p < 1 || int(p) > g.n() {
		return 0
	}
	return g.s.Missed[p-1]
}

// ReplaceAfter implements ruleset.Game.
func (g *game) ReplaceAfter() int { return ReplaceAfter }

// Offer is a seat's orders for an offering (rule 2): the card it lays
// face down, for the step Seq.
type Offer struct {
	Seq  uint32
	Card Card
}

// ActionKind says what an Action does.
type ActionKind uint8

// The kinds of action.
const (
	// ActAttack: attack Target with Card (rule 5).
	ActAttack ActionKind = iota + 1
	// ActPass: let the attack turn go (rule 5).
	ActPass
	// ActBlock: block the attack with Card (rule 6).
	ActBlock
	// ActTake: take the hit (rule 7).
	ActTake
)

// Action is a seat's action in an interactive step, for the step Seq.
type Action struct {
	Seq    uint32
	Kind   ActionKind
	Target ruleset.Seat
	Card   Card
}

// reject returns the rejection of an order or action described by what.
func reject(what, format string, args ...any) *ruleset.Rejection {
	return &ruleset.Rejection{Order: what, Reason: fmt.Sprintf(format, args...)}
}

// waiting says, for a seat that may not act now, who the game waits for.
func (g *game) waiting() string {
	switch g.s.Phase {
	case PhaseOffer:
		return "every player now lays a card face down"
	case PhaseAttack:
		return fmt.Sprintf("it is %s's turn", g.name(g.attacker()))
	case PhaseDefend:
		return fmt.Sprintf("%s must answer %s's attack", g.name(g.s.Defender), g.name(g.attacker()))
	}
	return "the game is over"
}

// checkSeq refuses input for another step than the current one.
func (g *game) checkSeq(what string, seq uint32) *ruleset.Rejection {
	if seq != g.s.Seq {
		return reject(what, "this answers step %d, and the game is at step %d", seq, g.s.Seq)
	}
	return nil
}

// checkOffer validates seat p's offer for the current step.
func (g *game) checkOffer(p ruleset.Seat, o Offer) *ruleset.Rejection {
	what := "lay the " + g.deck.Name(o.Card)
	if r := g.checkSeq(what, o.Seq); r != nil {
		return r
	}
	switch {
	case p < 1 || int(p) > g.n():
		return reject(what, "seat %d does not play at this table", p)
	case g.s.Phase != PhaseOffer:
		return reject(what, "no card is laid now: %s", g.waiting())
	case len(g.hand(p)) == 0:
		return reject(what, "you hold no cards")
	case !g.holds(p, o.Card):
		return reject(what, "you hold no %s", g.deck.Name(o.Card))
	}
	return nil
}

// Check implements ruleset.Game: orders are one Offer.
func (g *game) Check(p ruleset.Seat, orders []byte) ([]ruleset.Rejection, error) {
	var o Offer
	if err := wire.Unmarshal(orders, &o); err != nil {
		return nil, fmt.Errorf("%s orders: %w", ID, err)
	}
	if r := g.checkOffer(p, o); r != nil {
		return []ruleset.Rejection{*r}, nil
	}
	return nil, nil
}

// Resolve implements ruleset.Game: the offering (rules 2 to 4).
func (g *game) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	if g.s.Phase != PhaseOffer {
		return nil, fmt.Errorf("resolve %s step %d: %s, not an offering", ID, g.s.Seq, g.s.Phase)
	}
	actors := g.holders()
	offers := make(map[ruleset.Seat]Card, len(subs))
	var prev ruleset.Seat
	for _, sub := range subs {
		if sub.Seat <= prev {
			return nil, fmt.Errorf("resolve %s step %d: submissions not in seat order (seat %d after %d)", ID, g.s.Seq, sub.Seat, prev)
		}
		prev = sub.Seat
		var o Offer
		if err := wire.Unmarshal(sub.Orders, &o); err != nil {
			return nil, fmt.Errorf("resolve %s step %d: seat %d's orders: %w", ID, g.s.Seq, sub.Seat, err)
		}
		if r := g.checkOffer(sub.Seat, o); r != nil {
			return nil, fmt.Errorf("resolve %s step %d: seat %d: %w", ID, g.s.Seq, sub.Seat, r)
		}
		offers[sub.Seat] = o.Card
	}
	out := g.newOutcome()
	was := g.living()
	var high uint8
	laid := make([]Card, len(actors))
	for i, p := range actors {
		c, ok := offers[p]
		if ok {
			g.s.Missed[p-1] = 0
		} else {
			c = g.lowest(p) // rule 4
			g.s.Missed[p-1]++
			out.add(Event{Kind: EventAutopilot, Seat: p})
		}
		laid[i] = c
		high = max(high, c.Rank)
	}
	for i, p := range actors { // rule 2: revealed together
		g.take(p, laid[i])
		g.s.Discard = append(g.s.Discard, laid[i])
		out.add(Event{Kind: EventReveal, Seat: p, Cards: []Card{laid[i]}})
	}
	for i, p := range actors { // rule 3
		if laid[i].Rank == high {
			g.s.Points[p-1] += pointsOffer
			out.add(Event{Kind: EventScore, Seat: p, Value: pointsOffer})
		}
	}
	g.s.Phase, g.s.Turn = PhaseAttack, 0
	g.s.Seq++
	g.settle(out, was)
	return out, nil
}

// Act implements ruleset.Game: an attack or a pass, a block or a hit.
func (g *game) Act(p ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	var a Action
	if err := wire.Unmarshal(action, &a); err != nil {
		return nil, fmt.Errorf("%s action: %w", ID, err)
	}
	if r := g.checkAction(p, a); r != nil {
		return nil, r
	}
	out := g.newOutcome()
	was := g.living()
	g.s.Missed[p-1] = 0
	switch a.Kind {
	case ActAttack:
		g.take(p, a.Card)
		g.s.Phase, g.s.Defender, g.s.Attack = PhaseDefend, a.Target, a.Card
		out.add(Event{Kind: EventAttack, Seat: p, Other: a.Target, Cards: []Card{a.Card}})
	case ActPass:
		out.add(Event{Kind: EventPass, Seat: p})
		g.endTurn()
	case ActBlock: // rule 6
		att := g.attacker()
		g.take(p, a.Card)
		g.s.Discard = append(g.s.Discard, g.s.Attack, a.Card)
		g.s.Points[p-1] += pointsBlock
		out.add(Event{Kind: EventBlock, Seat: p, Other: att, Cards: []Card{a.Card}})
		out.add(Event{Kind: EventScore, Seat: p, Value: pointsBlock})
		g.endTurn()
	case ActTake: // rule 7
		att := g.attacker()
		g.s.Discard = append(g.s.Discard, g.s.Attack)
		g.s.Points[att-1] += pointsHit
		out.add(Event{Kind: EventHit, Seat: p, Other: att})
		out.add(Event{Kind: EventScore, Seat: att, Value: pointsHit})
		r := rand.New(g.rng)
		roll := r.IntN(dieSides) + 1
		out.add(Event{Kind: EventRoll, Seat: att, Value: roll})
		if h := g.hand(p); roll >= dieLose && len(h) > 0 {
			c := h[r.IntN(len(h))]
			g.take(p, c)
			g.s.Discard = append(g.s.Discard, c)
			out.add(Event{Kind: EventLose, Seat: p, Cards: []Card{c}})
		}
		g.endTurn()
	}
	g.s.Seq++
	g.settle(out, was)
	return out, nil
}

// checkAction validates seat p's action for the current step.
func (g *game) checkAction(p ruleset.Seat, a Action) *ruleset.Rejection {
	what := g.describe(a)
	if r := g.checkSeq(what, a.Seq); r != nil {
		return r
	}
	if p < 1 || int(p) > g.n() {
		return reject(what, "seat %d does not play at this table", p)
	}
	switch g.s.Phase {
	case PhaseAttack:
		if p != g.attacker() {
			return reject(what, "%s", g.waiting())
		}
		switch a.Kind {
		case ActPass:
			return nil
		case ActAttack:
			switch {
			case a.Target == p:
				return reject(what, "you cannot attack yourself")
			case a.Target < 1 || int(a.Target) > g.n():
				return reject(what, "there is no seat %d at this table", a.Target)
			case len(g.hand(a.Target)) == 0:
				return reject(what, "%s holds no cards", g.name(a.Target))
			case !g.holds(p, a.Card):
				return reject(what, "you hold no %s", g.deck.Name(a.Card))
			}
			return nil
		}
		return reject(what, "it is your turn: attack or pass")
	case PhaseDefend:
		if p != g.s.Defender {
			return reject(what, "%s", g.waiting())
		}
		switch a.Kind {
		case ActTake:
			return nil
		case ActBlock:
			suit := g.deck.Suits[g.s.Attack.Suit]
			switch {
			case !g.holds(p, a.Card):
				return reject(what, "you hold no %s", g.deck.Name(a.Card))
			case a.Card.Suit != g.s.Attack.Suit || a.Card.Rank <= g.s.Attack.Rank:
				return reject(what, "block with a %s card higher than %d", suit, g.s.Attack.Rank)
			}
			return nil
		}
		return reject(what, "you are attacked: block or take the hit")
	}
	return reject(what, "%s", g.waiting())
}

// describe names an action for a rejection.
func (g *game) describe(a Action) string {
	target := fmt.Sprintf("seat %d", a.Target)
	if a.Target >= 1 && int(a.Target) <= g.n() {
		target = g.name(a.Target)
	}
	switch a.Kind {
	case ActAttack:
		return fmt.Sprintf("attack %s with the %s", target, g.deck.Name(a.Card))
	case ActPass:
		return "pass"
	case ActBlock:
		return "block with the " + g.deck.Name(a.Card)
	case ActTake:
		return "take the hit"
	}
	return fmt.Sprintf("action %d", a.Kind)
}

// endTurn ends the current attack turn.
func (g *game) endTurn() {
	g.s.Phase, g.s.Turn, g.s.Defender, g.s.Attack = PhaseAttack, g.s.Turn+1, 0, Card{}
}

// living returns which seats are alive, by seat-1.
func (g *game) living() []bool {
	out := make([]bool, g.n())
	for i := range out {
		out[i] = g.alive(ruleset.Seat(i + 1))
	}
	return out
}

// settle moves the game from where the last input left it to the next
// step someone must act in, or to its end: it skips attack turns no one
// can take, starts the next round, and ends the game (rules 8 to 10).
// was is who was alive before the input, to tell who went out.
func (g *game) settle(out *outcome, was []bool) {
	for g.s.Phase != PhaseOver {
		g.outs(out, was)
		if g.s.Phase == PhaseDefend {
			return // an attack is answered, even by or against a player gone out
		}
		if len(g.livingSeats()) <= 1 {
			g.end(out)
			return
		}
		if g.s.Phase == PhaseOffer {
			return
		}
		if g.s.Turn < g.n() {
			if p := g.attacker(); len(g.hand(p)) > 0 && len(g.targets(p)) > 0 {
				return
			}
			g.s.Turn++
			continue
		}
		if g.s.Round >= g.s.Rounds {
			g.end(out)
			return
		}
		g.s.Round++
		g.s.Phase, g.s.Turn = PhaseOffer, 0
		out.add(Event{Kind: EventRound, Value: g.s.Round})
		for _, p := range g.order() { // rule 8
			if got := g.draw(p, g.deck.Hand-len(g.hand(p))); len(got) > 0 {
				out.addPrivate(Event{Kind: EventDraw, Seat: p, Value: len(got)}, got)
			}
		}
	}
}

// outs reports the players gone out since was (rule 9) and marks them.
func (g *game) outs(out *outcome, was []bool) {
	for i, w := range was {
		if p := ruleset.Seat(i + 1); w && !g.alive(p) {
			out.add(Event{Kind: EventOut, Seat: p})
			was[i] = false
		}
	}
}

// livingSeats returns the seats still alive.
func (g *game) livingSeats() []ruleset.Seat {
	var out []ruleset.Seat
	for _, p := range g.seats() {
		if g.alive(p) {
			out = append(out, p)
		}
	}
	return out
}

// targets returns whom p may attack: the others who hold cards.
func (g *game) targets(p ruleset.Seat) []ruleset.Seat {
	var out []ruleset.Seat
	for _, q := range g.holders() {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

// end ends the game and names the winner (rule 10).
func (g *game) end(out *outcome) {
	g.s.Phase, g.s.Turn = PhaseOver, 0
	g.s.Winner = 0
	if left := g.livingSeats(); len(left) == 1 {
		g.s.Winner = left[0]
	} else {
		best := []ruleset.Seat{}
		for _, p := range g.seats() {
			if len(best) == 0 {
				best = append(best, p)
				continue
			}
			switch c := g.compareStanding(p, best[0]); {
			case c > 0:
				best = []ruleset.Seat{p}
			case c == 0:
				best = append(best, p)
			}
		}
		if len(best) == 1 {
			g.s.Winner = best[0]
		}
	}
	out.add(Event{Kind: EventEnd, Seat: g.s.Winner})
}

// compareStanding compares p's standing with q's: points, then cards in
// hand.
func (g *game) compareStanding(p, q ruleset.Seat) int {
	if d := g.s.Points[p-1] - g.s.Points[q-1]; d != 0 {
		return d
	}
	return len(g.hand(p)) - len(g.hand(q))
}

// Save implements ruleset.Game.
func (g *game) Save() ([]byte, error) {
	s := g.s
	rng, err := g.rng.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save %s game: %w", ID, err)
	}
	s.RNG = rng
	out, err := wire.Marshal(&s)
	if err != nil {
		return nil, fmt.Errorf("save %s game: %w", ID, err)
	}
	return out, nil
}

// check checks a loaded state against the deck file: every seat's deck as
// brought a valid one, every card brought in play once (in a hand, a draw
// pile of its owner, the discard pile or the attack), seats, phase and
// turn consistent with the step the game waits for. What passes cannot
// make the rules panic.
func (s *state) check(d Deck, hash string) error {
	n := len(s.Names)
	switch {
	case s.Format != saveFormat:
		return fmt.Errorf("save format %q, this build reads %q", clip(s.Format), saveFormat)
	case s.Hash != hash:
		return errors.New("the save is of a game with another deck")
	case n < MinSeats || n > MaxSeats:
		return fmt.Errorf("%d players, want %d to %d", n, MinSeats, MaxSeats)
	case len(s.Hands) != n || len(s.Points) != n || len(s.Missed) != n:
		return fmt.Errorf("%d players but %d hands, %d scores, %d missed counts", n, len(s.Hands), len(s.Points), len(s.Missed))
	case len(s.Brought) != n || len(s.Decks) != n:
		return fmt.Errorf("%d players but %d decks brought, %d draw piles", n, len(s.Brought), len(s.Decks))
	case s.Rounds < 1 || s.Rounds > MaxRounds || s.Round < 1 || s.Round > s.Rounds:
		return fmt.Errorf("round %d of %d", s.Round, s.Rounds)
	case !slices.Contains(AnswerTimes(), s.Answer) || !slices.Contains(TurnTimes(), s.TurnTime):
		return fmt.Errorf("time limits of %d seconds to answer and %d a turn", s.Answer, s.TurnTime)
	case s.Phase < PhaseOffer || s.Phase > PhaseOver:
		return fmt.Errorf("unknown phase %d", s.Phase)
	case (s.Phase == PhaseOffer || s.Phase == PhaseOver) && s.Turn != 0,
		s.Turn < 0 || s.Turn >= n:
		return fmt.Errorf("attack turn %d of %d in phase %s", s.Turn, n, s.Phase)
	case s.Winner > ruleset.Seat(n) || s.Winner != 0 && s.Phase != PhaseOver:
		return fmt.Errorf("winner seat %d in phase %s", s.Winner, s.Phase)
	}
	for i := range n {
		switch {
		case s.Names[i] == "":
			return fmt.Errorf("seat %d has no name", i+1)
		case s.Points[i] < 0 || s.Missed[i] < 0:
			return fmt.Errorf("seat %d: %d points, %d missed", i+1, s.Points[i], s.Missed[i])
		case len(s.Hands[i]) > d.Hand:
			return fmt.Errorf("seat %d holds %d cards, more than a hand of %d", i+1, len(s.Hands[i]), d.Hand)
		case !slices.IsSortedFunc(s.Hands[i], compareCards):
			return fmt.Errorf("seat %d's hand is not sorted", i+1)
		}
	}
	var brought, placed []Card
	for i := range n {
		if err := d.checkBrought(s.Brought[i]); err != nil {
			return fmt.Errorf("seat %d's deck: %w", i+1, err)
		}
		own := append(slices.Clone(s.Hands[i]), s.Decks[i]...)
		if c, ok := within(own, s.Brought[i]); !ok {
			return fmt.Errorf("seat %d holds or has to draw the %s, and its deck brought no more of it", i+1, d.Name(c))
		}
		brought = append(brought, s.Brought[i]...)
		placed = append(placed, own...)
	}
	placed = append(placed, s.Discard...)
	if s.Phase == PhaseDefend {
		placed = append(placed, s.Attack)
	} else if s.Attack != (Card{}) || s.Defender != 0 {
		return fmt.Errorf("an attack in phase %s", s.Phase)
	}
	if c, ok := within(placed, brought); !ok {
		return fmt.Errorf("the %s is in play more often than the decks brought hold it", d.Name(c))
	}
	if len(placed) != len(brought) {
		return fmt.Errorf("%d cards in play, and the decks brought hold %d", len(placed), len(brought))
	}
	g := &game{deck: d, s: *s}
	switch s.Phase {
	case PhaseOver:
		return nil
	case PhaseDefend:
		if s.Defender < 1 || int(s.Defender) > n || s.Defender == g.attacker() {
			return fmt.Errorf("seat %d defends against seat %d", s.Defender, g.attacker())
		}
		return nil
	}
	if len(g.livingSeats()) <= 1 {
		return errors.New("the game should have ended: at most one player is left")
	}
	switch s.Phase {
	case PhaseOffer:
		if len(g.holders()) == 0 {
			return errors.New("an offering with no player holding cards")
		}
	case PhaseAttack:
		if p := g.attacker(); len(g.hand(p)) == 0 || len(g.targets(p)) == 0 {
			return fmt.Errorf("seat %d's attack turn, but it cannot attack", p)
		}
	}
	return nil
}
