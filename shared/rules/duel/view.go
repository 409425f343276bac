package duel

import (
	"errors"
	"fmt"
	"slices"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// View is what one seat may know of a game: its own hand, the public
// table (scores, the sizes of the hands and of the decks, the discard
// pile), never another player's cards nor a deck's cards, its own
// included (rule 12). Duel's hands are hidden holdings
// (ruleset.Info.Hidden): the all-seeing spectator sees what the spectator
// sees, the public table and no hand.
//
// A View is canonical: an empty list is nil, so equal views encode to
// equal bytes.
type View struct {
	// Seat is whose view it is (0: a spectator).
	Seat      ruleset.Seat
	AllSeeing bool
	Table     Table
	// Players are the players by seat (seat s at s-1).
	Players []PlayerView
	// Discard is the face-up pile, oldest first.
	Discard []Card
	// Hand is Seat's hand, sorted (none for a spectator).
	Hand []Card
}

// Table is the public state of the game.
type Table struct {
	Round, Rounds int
	Phase         Phase
	Seq           uint32
	// Attacker is whose attack turn it is, in PhaseAttack and
	// PhaseDefend; Defender and Attack the attacked player and the attack
	// card, in PhaseDefend.
	Attacker ruleset.Seat
	Defender ruleset.Seat
	Attack   Card
	// Winner is the winner once over (0: a draw).
	Winner ruleset.Seat
}

// PlayerView is what everyone may know of a player.
type PlayerView struct {
	Name   string
	Points int
	// Cards is the number of cards in the player's hand, Deck the number
	// left in its deck to draw.
	Cards int
	Deck  int
	Alive bool
}

var _ ruleset.View = (*View)(nil)

// View implements ruleset.Game. allSeeing counts for a spectator only; a
// seat not at the table gets the spectator's view.
func (g *game) View(p ruleset.Seat, allSeeing bool) ruleset.View {
	if int(p) > g.n() {
		p = 0
	}
	v := &View{Seat: p, AllSeeing: p == 0 && allSeeing}
	v.Table = Table{
		Round: g.s.Round, Rounds: g.s.Rounds, Phase: g.s.Phase, Seq: g.s.Seq,
		Defender: g.s.Defender, Attack: g.s.Attack, Winner: g.s.Winner,
	}
	if g.s.Phase == PhaseAttack || g.s.Phase == PhaseDefend {
		v.Table.Attacker = g.attacker()
	}
	for _, q := range g.seats() {
		v.Players = append(v.Players, PlayerView{
			Name: g.name(q), Points: g.s.Points[q-1], Cards: len(g.hand(q)), Deck: len(g.pile(q)), Alive: g.alive(q),
		})
	}
	v.Discard = slices.Clone(g.s.Discard)
	if p != 0 {
		v.Hand = slices.Clone(g.hand(p))
	}
	v.canon()
	return v
}

// canon makes every empty list nil.
func (v *View) canon() {
	v.Players = nilIfEmpty(v.Players)
	v.Discard = nilIfEmpty(v.Discard)
	v.Hand = nilIfEmpty(v.Hand)
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// check checks what a view read from outside bytes must hold for the AI
// and the client to use it safely.
func (v *View) check() error {
	n := len(v.Players)
	switch {
	case n < MinSeats || n > MaxSeats:
		return fmt.Errorf("%d players, want %d to %d", n, MinSeats, MaxSeats)
	case int(v.Seat) > n:
		return fmt.Errorf("seat %d at a table of %d", v.Seat, n)
	case v.Seat != 0 && v.AllSeeing:
		return fmt.Errorf("seat %d sees all", v.Seat)
	case v.Seat == 0 && v.Hand != nil:
		return errors.New("a spectator with a hand")
	case v.Table.Attacker > ruleset.Seat(n) || v.Table.Defender > ruleset.Seat(n) || v.Table.Winner > ruleset.Seat(n):
		return fmt.Errorf("attacker %d, defender %d, winner %d at a table of %d", v.Table.Attacker, v.Table.Defender, v.Table.Winner, n)
	}
	return nil
}

// Checksum implements ruleset.View: FNV-1a of the encoding.
func (v *View) Checksum() uint64 { return wire.Checksum(v) }

// Encode implements ruleset.View.
func (v *View) Encode() ([]byte, error) { return wire.Marshal(v) }

// Delta is what changed between two views of one seat: only the parts
// that changed, and the checksums of both ends, so Apply refuses a delta
// for another view and proves it reached the right one.
type Delta struct {
	From, To uint64
	// Table is the new table, nil if unchanged.
	Table *Table
	// Players are the players that changed.
	Players []PlayerChange
	// Keep is how many cards of the old discard pile stay; Added are put
	// on top of them.
	Keep  int
	Added []Card
	// Out and In are the cards that left and joined the seat's hand,
	// copies counted: one of two 7 of cups played is one 7 of cups Out.
	Out, In []Card
}

// PlayerChange is one player's new public state.
type PlayerChange struct {
	Seat   ruleset.Seat
	Player PlayerView
}

// Diff implements ruleset.View.
func (v *View) Diff(next ruleset.View) ([]byte, error) {
	nv, ok := next.(*View)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s diff: the next view is a %T", ID, next)
	case nv.Seat != v.Seat || nv.AllSeeing != v.AllSeeing || len(nv.Players) != len(v.Players):
		return nil, fmt.Errorf("%s diff: a view of seat %d (all-seeing %t) to one of seat %d (all-seeing %t)", ID, v.Seat, v.AllSeeing, nv.Seat, nv.AllSeeing)
	}
	d := Delta{From: v.Checksum(), To: nv.Checksum()}
	if nv.Table != v.Table {
		t := nv.Table
		d.Table = &t
	}
	for i, p := range nv.Players {
		if p != v.Players[i] {
			d.Players = append(d.Players, PlayerChange{Seat: ruleset.Seat(i + 1), Player: p})
		}
	}
	for d.Keep < min(len(v.Discard), len(nv.Discard)) && v.Discard[d.Keep] == nv.Discard[d.Keep] {
		d.Keep++
	}
	d.Added = slices.Clone(nv.Discard[d.Keep:])
	d.Out = minus(v.Hand, nv.Hand)
	d.In = minus(nv.Hand, v.Hand)
	return wire.Marshal(&d)
}

// minus returns the cards of a not in b, copies counted: a card a holds
// twice and b once is in it once (a hand may hold two of a card).
func minus(a, b []Card) []Card {
	rest := slices.Clone(b)
	var out []Card
	for _, c := range a {
		if i := slices.Index(rest, c); i >= 0 {
			rest = slices.Delete(rest, i, i+1)
			continue
		}
		out = append(out, c)
	}
	return out
}

// Apply implements ruleset.View.
func (v *View) Apply(delta []byte) (ruleset.View, error) {
	var d Delta
	if err := wire.Unmarshal(delta, &d); err != nil {
		return nil, fmt.Errorf("%s delta: %w", ID, err)
	}
	if d.From != v.Checksum() {
		return nil, fmt.Errorf("%s delta: made for another view (checksum %x, this view's %x)", ID, d.From, v.Checksum())
	}
	n := len(v.Players)
	nv := &View{
		Seat: v.Seat, AllSeeing: v.AllSeeing, Table: v.Table,
		Players: slices.Clone(v.Players), Hand: slices.Clone(v.Hand),
	}
	if d.Table != nil {
		nv.Table = *d.Table
	}
	for _, pc := range d.Players {
		if pc.Seat < 1 || int(pc.Seat) > n {
			return nil, fmt.Errorf("%s delta: player seat %d at a table of %d", ID, pc.Seat, n)
		}
		nv.Players[pc.Seat-1] = pc.Player
	}
	if d.Keep < 0 || d.Keep > len(v.Discard) {
		return nil, fmt.Errorf("%s delta: keeps %d of %d discards", ID, d.Keep, len(v.Discard))
	}
	nv.Discard = append(slices.Clone(v.Discard[:d.Keep]), d.Added...)
	for _, c := range d.Out {
		i := slices.Index(nv.Hand, c)
		if i < 0 {
			return nil, fmt.Errorf("%s delta: card %d of suit %d leaves a hand that does not hold it", ID, c.Rank, c.Suit)
		}
		nv.Hand = slices.Delete(nv.Hand, i, i+1)
	}
	nv.Hand = append(nv.Hand, d.In...)
	slices.SortFunc(nv.Hand, compareCards)
	nv.canon()
	if err := nv.check(); err != nil {
		return nil, fmt.Errorf("%s delta: %w", ID, err)
	}
	if got := nv.Checksum(); got != d.To {
		return nil, fmt.Errorf("%s delta: the view reached (checksum %x) is not the one it was made for (%x)", ID, got, d.To)
	}
	return nv, nil
}
