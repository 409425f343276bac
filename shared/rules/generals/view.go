package generals

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"empires/shared/rules/generals/cards"
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
	seats := g.seats()
	// The players' tables share one array, each capped at its own end.
	n := 0
	for _, q := range seats {
		n += len(g.pl(q).Table)
	}
	tables := make([]InPlay, 0, n)
	v.Players = make([]PlayerView, 0, len(seats))
	for _, q := range seats {
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
			tables = append(tables, ip)
		}
		if k := len(pl.Table); k > 0 {
			pv.Table = tables[len(tables)-k : len(tables) : len(tables)]
		}
		v.Players = append(v.Players, pv)
	}
	if p != 0 {
		v.Hand = slices.Clone(g.pl(p).Hand)
	}
	v.canon()
	v.sum = v.checksum()
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

// Checksum implements ruleset.View: FNV-1a 64 of the encoding
// (wire.Checksum). A view the game made keeps it from when it was made
// (a server asks for it again and again): such a view is not changed
// after (whoever wants another view copies it and changes the copy, whose
// Checksum is then wrong: checksum). Another view (decoded, applied,
// made by hand) is hashed on each call.
func (v *View) Checksum() uint64 {
	if v.sum != 0 {
		return v.sum
	}
	return v.checksum()
}

// checksum hashes v as it is written, with no copy of the bytes.
func (v *View) checksum() uint64 {
	h := wire.NewHasher()
	v.write(h)
	return h.Sum64()
}

// Encode implements ruleset.View: the view in the wire form
// (wire.Marshal's bytes).
func (v *View) Encode() ([]byte, error) {
	var w wire.Writer
	v.write(&w)
	return w.Bytes(), nil
}

// write writes v with w, byte for byte as wire.Marshal encodes it (a
// test holds the two together), without Marshal's reflection over every
// field.
func (v *View) write(w *wire.Writer) {
	w.Array(23)
	w.Uint(uint64(v.Seat))
	w.Bool(v.AllSeeing)
	w.Uint(uint64(v.Seq))
	w.Uint(uint64(v.Phase))
	w.Int(int64(v.Turn))
	w.Int(int64(v.Round))
	w.Int(int64(v.Rounds))
	w.Uint(uint64(v.Active))
	w.Int(int64(v.Win))
	w.Int(int64(v.Lose))
	w.Int(int64(v.Start))
	w.Bool(v.NoWin)
	w.Bool(v.NoLose)
	w.Bool(v.Recycle)
	if wire.List(w, v.Players) {
		for i := range v.Players {
			writePlayer(w, &v.Players[i])
		}
	}
	writeAmounts(w, v.Pool)
	if b := v.Battle; b == nil {
		w.Nil()
	} else {
		w.Array(7)
		w.Uint(uint64(b.Attacker))
		w.Uint(uint64(b.Unit))
		w.Uint(uint64(b.Defender))
		w.Bool(b.AtBattlefield)
		w.Uint(uint64(b.Blocker))
		w.Uint(uint64(b.Tactics))
		writeAmounts(w, b.Pool)
	}
	w.Bool(v.Attacked)
	if m := v.Must; m == nil {
		w.Nil()
	} else {
		w.Array(2)
		w.Uint(uint64(m.Seat))
		w.Int(int64(m.Count))
	}
	writeCards(w, v.Banned)
	w.Bool(v.Epic)
	// Seats are bytes: Marshal writes a list of them as a bin.
	if v.Winners == nil {
		w.Nil()
	} else {
		w.BinHeader(len(v.Winners))
		for _, s := range v.Winners {
			w.Raw([]byte{byte(s)})
		}
	}
	writeCards(w, v.Hand)
}

func writePlayer(w *wire.Writer, p *PlayerView) {
	w.Array(16)
	w.Uint(uint64(p.Seat))
	w.String(p.Name)
	w.Int(int64(p.Health))
	w.Int(int64(p.Hand))
	w.Int(int64(p.Draw))
	w.Int(int64(p.Supply))
	writeCards(w, p.Discard)
	if wire.List(w, p.Table) {
		for i := range p.Table {
			c := &p.Table[i]
			w.Array(12)
			w.Uint(uint64(c.Ref))
			w.String(string(c.Card))
			w.Uint(uint64(c.Zone))
			w.Int(int64(c.Strength))
			w.Int(int64(c.Life))
			w.Bool(c.Pulled)
			w.Bool(c.Used)
			w.Bool(c.NoGeneral)
			w.Bool(c.CannotAttack)
			w.Bool(c.CannotBlock)
			w.Bool(c.Unblockable)
			writeAmounts(w, c.Harvest)
		}
	}
	w.Int(int64(p.HandLimit))
	w.Int(int64(p.Generals))
	w.Bool(p.Passed)
	w.Bool(p.Out)
	w.Bool(p.Resigned)
	w.Int(int64(p.Place))
	w.Bool(p.Waiting)
	writeAmounts(w, p.Owed)
}

func writeAmounts(w *wire.Writer, l []cards.Amount) {
	if wire.List(w, l) {
		for _, a := range l {
			w.Array(2)
			w.Int(int64(a.N))
			w.String(string(a.Resource))
		}
	}
}

func writeCards(w *wire.Writer, l []CardID) {
	if wire.List(w, l) {
		for _, c := range l {
			w.String(string(c))
		}
	}
}

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
	// The parts are compared by their bytes, written into two buffers
	// used again and again.
	var a, b wire.Writer
	for i := range nv.Players {
		a.Reset()
		b.Reset()
		writePlayer(&a, &v.Players[i])
		writePlayer(&b, &nv.Players[i])
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			d.Players = append(d.Players, nv.Players[i])
		}
	}
	rest, old := *nv, *v
	rest.Players, old.Players = nil, nil
	rest.sum, old.sum = 0, 0
	a.Reset()
	b.Reset()
	old.write(&a)
	rest.write(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		d.Rest = &rest
	}
	a.Reset()
	d.write(&a)
	return a.Bytes(), nil
}

// write writes d with w, byte for byte as wire.Marshal encodes it.
func (d *Delta) write(w *wire.Writer) {
	w.Array(4)
	w.Uint(d.From)
	w.Uint(d.To)
	if d.Rest == nil {
		w.Nil()
	} else {
		d.Rest.write(w)
	}
	if wire.List(w, d.Players) {
		for i := range d.Players {
			writePlayer(w, &d.Players[i])
		}
	}
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
	nv.sum = 0
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
	if got := nv.checksum(); got != d.To {
		return nil, fmt.Errorf("%s delta: the view reached (checksum %x) is not the one it was made for (%x)", ID, got, d.To)
	}
	return &nv, nil
}
