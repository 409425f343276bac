package generals

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

var _ ruleset.View = (*View)(nil)

// View implements ruleset.Game: everything seat p may know. Every player
// sees the table, the discard piles, the sizes of the hands and the
// piles; a hand only its owner (Info.Hidden: the all-seeing spectator
// sees no hand either); no one the order of a pile. A seat not at the
// table gets the spectator's view.
func (g *game) View(p ruleset.Seat, allSeeing bool) ruleset.View {
	if int(p) > g.n() {
		p = 0
	}
	return g.view(p, p == 0 && allSeeing)
}

// view builds seat p's view.
func (g *game) view(p ruleset.Seat, allSeeing bool) *View {
	s := &g.s
	v := &View{
		Seat: p, AllSeeing: allSeeing, Seq: s.Seq, Phase: s.Phase,
		Turn: s.Turn, Round: s.Round, Rounds: s.Settings.Rounds, Active: s.Active,
		Win: s.Win, Lose: s.Lose, Start: s.Start, NoWin: s.NoWin, NoLose: s.NoLose,
		Recycle: s.Settings.Variation == VariationSouthpole,
		Pool:    slices.Clone(s.Pool), Attacked: s.Attacked, Banned: slices.Clone(s.Banned),
		Winners: slices.Clone(s.Winners), Epic: s.Epic,
	}
	if s.Battle != nil {
		b := *s.Battle
		b.Pool = slices.Clone(b.Pool)
		v.Battle = &b
	}
	if len(s.Musts) > 0 {
		m := s.Musts[0]
		v.Must = &m
	}
	auras := g.auras()
	for _, q := range g.seats() {
		pl := g.pl(q)
		pv := PlayerView{
			Seat: q, Name: g.s.Names[q-1], Health: pl.Health, Hand: len(pl.Hand), Draw: len(pl.Draw), Supply: len(pl.Supply),
			Discard: slices.Clone(pl.Discard), HandLimit: g.handLimitIn(auras, q), Generals: g.generalsAllowedIn(auras, q),
			Passed: pl.Passed, Out: pl.Out, Resigned: pl.Resigned, Place: pl.Place, Waiting: pl.Waiting,
			Owed: slices.Clone(pl.Owed),
		}
		for i := range pl.Table {
			c := &pl.Table[i]
			card := g.card(c.Card)
			ip := InPlay{Ref: c.Ref, Card: c.Card, Zone: c.Zone, Used: c.Used, Harvest: harvestOf(card)}
			if card.ID.Kind.Unit() {
				st := g.statusIn(auras, q, c)
				ip.Strength, ip.Life = st.Strength, st.Life
				ip.Pulled = c.Fresh && card.Pull && !st.NoPull
				ip.NoGeneral, ip.CannotAttack, ip.CannotBlock, ip.Unblockable = st.NoGeneral, st.CannotAttack, st.CannotBlock, st.Free
			}
			pv.Table = append(pv.Table, ip)
		}
		v.Players = append(v.Players, pv)
	}
	if p != 0 {
		v.Hand = slices.Clone(g.pl(p).Hand)
	}
	v.canon()
	return v
}

// find returns the card in play ref of v and its owner, or nil.
func (v *View) find(ref Ref) (*InPlay, ruleset.Seat) {
	if ref == 0 {
		return nil, 0
	}
	for i := range v.Players {
		for j := range v.Players[i].Table {
			if v.Players[i].Table[j].Ref == ref {
				return &v.Players[i].Table[j], v.Players[i].Seat
			}
		}
	}
	return nil, 0
}

// player returns seat p's PlayerView (p must be at the table).
func (v *View) player(p ruleset.Seat) *PlayerView { return &v.Players[p-1] }

// canon makes every empty list nil, so that equal views encode alike.
func (v *View) canon() {
	v.Pool = nilIfEmpty(v.Pool)
	v.Banned = nilIfEmpty(v.Banned)
	v.Winners = nilIfEmpty(v.Winners)
	v.Hand = nilIfEmpty(v.Hand)
	v.Players = nilIfEmpty(v.Players)
	if v.Battle != nil {
		v.Battle.Pool = nilIfEmpty(v.Battle.Pool)
	}
	for i := range v.Players {
		p := &v.Players[i]
		p.Discard = nilIfEmpty(p.Discard)
		p.Table = nilIfEmpty(p.Table)
		p.Owed = nilIfEmpty(p.Owed)
		for j := range p.Table {
			p.Table[j].Harvest = nilIfEmpty(p.Table[j].Harvest)
		}
	}
}

// check checks what a view read from outside bytes must hold for the AI,
// the client and Moves to use it safely.
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
	case v.Phase < PhaseOpening || v.Phase > PhaseOver:
		return fmt.Errorf("unknown phase %d", v.Phase)
	case int(v.Active) > n:
		return fmt.Errorf("active seat %d at a table of %d", v.Active, n)
	}
	for i, p := range v.Players {
		if int(p.Seat) != i+1 {
			return fmt.Errorf("player %d has seat %d", i+1, p.Seat)
		}
	}
	if b := v.Battle; b != nil {
		if b.Attacker < 1 || int(b.Attacker) > n || b.Defender < 1 || int(b.Defender) > n || int(b.Tactics) > n {
			return fmt.Errorf("a battle of seats %d and %d at a table of %d", b.Attacker, b.Defender, n)
		}
	}
	if m := v.Must; m != nil && (m.Seat < 1 || int(m.Seat) > n) {
		return fmt.Errorf("a discard asked of seat %d at a table of %d", m.Seat, n)
	}
	for _, w := range v.Winners {
		if w < 1 || int(w) > n {
			return fmt.Errorf("winner seat %d at a table of %d", w, n)
		}
	}
	return nil
}

// Checksum implements ruleset.View: FNV-1a of the encoding.
func (v *View) Checksum() uint64 { return wire.Checksum(v) }

// Encode implements ruleset.View.
func (v *View) Encode() ([]byte, error) { return wire.Marshal(v) }

// Delta is what changed between two views of one seat: the players that
// changed, and the rest of the view when it changed; the checksums of
// both ends, so that Apply refuses a delta for another view and proves it
// reached the right one.
type Delta struct {
	From, To uint64
	// Rest is the next view without its players, nil if only players
	// changed.
	Rest    *View
	Players []PlayerView
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
	for i := range nv.Players {
		a, err := wire.Marshal(&v.Players[i])
		if err != nil {
			return nil, err
		}
		b, err := wire.Marshal(&nv.Players[i])
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(a, b) {
			d.Players = append(d.Players, nv.Players[i])
		}
	}
	rest, old := *nv, *v
	rest.Players, old.Players = nil, nil
	if rest.Checksum() != old.Checksum() {
		d.Rest = &rest
	}
	return wire.Marshal(&d)
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
	nv := *v
	if d.Rest != nil {
		nv = *d.Rest
	}
	nv.Players = slices.Clone(v.Players)
	for _, p := range d.Players {
		if p.Seat < 1 || int(p.Seat) > len(nv.Players) {
			return nil, fmt.Errorf("%s delta: player seat %d at a table of %d", ID, p.Seat, len(nv.Players))
		}
		nv.Players[p.Seat-1] = p
	}
	nv.canon()
	if err := nv.check(); err != nil {
		return nil, fmt.Errorf("%s delta: %w", ID, err)
	}
	if nv.Seat != v.Seat || nv.AllSeeing != v.AllSeeing {
		return nil, fmt.Errorf("%s delta: turns seat %d's view into seat %d's", ID, v.Seat, nv.Seat)
	}
	if got := nv.Checksum(); got != d.To {
		return nil, fmt.Errorf("%s delta: the view reached (checksum %x) is not the one it was made for (%x)", ID, got, d.To)
	}
	return &nv, nil
}
