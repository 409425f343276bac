package risk

import (
	"errors"
	"fmt"
	"slices"

	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// View is what one seat may know of a game (rule 20): the board (who holds
// each territory, its armies and city), each player's public state (the
// numbers of its Goods cards, Disasters and territory cards, its Empire
// cards), the piles' sizes and the Empire piles, the step's record, the
// open offers' statements, and the seat's own hidden holdings: its Goods
// cards, its Disasters face down, its territory cards, the cards of its
// own offers. A spectator, even an all-seeing one, sees no hidden holding
// (Info.Hidden).
//
// A View is canonical: an empty list is nil, so equal views encode to
// equal bytes.
type View struct {
	Seat      ruleset.Seat
	AllSeeing bool
	// Map, Size and MapSeed say the board: Rules.Board(Map, Size, MapSeed).
	Map, Size int
	MapSeed   uint64
	Round     int
	Rounds    int
	Phase     Phase
	Seq       uint32
	Order     []ruleset.Seat
	// Actor is the player whose turn it is (0 in the trading step and at
	// the end).
	Actor     ruleset.Seat
	Board     []TerritoryView
	Players   []PlayerView
	Piles     []int
	Empires   [4][]cards.EmpireCard
	From, To  board.TerritoryID
	Dice      int
	Moves     int
	Conquered bool
	Asked     []board.TerritoryID
	// Nukes are the territories nuked; NukeUsed and DropUsed whether the
	// acting player used its Nuke and Air Drop this turn (rule 21).
	Nukes    []Nuke
	NukeUsed bool
	DropUsed bool
	// Tied are the places the plague asks the acting player to choose
	// among, continents if TiedContinents (rule 16).
	Tied           []int
	TiedContinents bool
	Offers         []OfferView
	Winners        []ruleset.Seat
	Hand           []cards.GoodsCard
	Disasters      []cards.GoodsCard
	Cards          []cards.TerritoryCard
	DeckLeft       int
	SpentCards     int
}

// TerritoryView is one territory: its owner (0: the neutral side, or no
// one in the set-up by choice when it has no armies), armies and city.
type TerritoryView struct {
	Owner  ruleset.Seat
	Armies int
	City   bool
}

// PlayerView is what everyone may know of a player.
type PlayerView struct {
	Name      string
	Alive     bool
	Reserve   int
	Goods     int
	Disasters int
	Cards     int
	Cities    int
	// Empire are its Empire cards held before this turn, NewEmpire those
	// bought this turn (public: rule 20).
	Empire    []cards.EmpireCard
	NewEmpire []cards.EmpireCard
	Trader    bool
	Offered   int
}

// OfferView is an open offer: who offers whom, and what it states; Cards
// only in the offerer's own view.
type OfferView struct {
	ID        int
	From, To  ruleset.Seat
	Count     int
	Statement cards.Statement
	Cards     []cards.GoodsID
}

var _ ruleset.View = (*View)(nil)

// View implements ruleset.Game.
func (g *game) View(p ruleset.Seat, allSeeing bool) ruleset.View {
	if int(p) > g.n() {
		p = 0
	}
	s := &g.s
	v := &View{
		Seat: p, AllSeeing: p == 0 && allSeeing,
		Map: s.Map, Size: s.Territories, MapSeed: s.MapSeed,
		Round: s.Round, Rounds: s.Rounds, Phase: s.Phase, Seq: s.Seq,
		Order: slices.Clone(s.Order), Piles: s.Goods.Sizes(),
		From: s.From, To: s.To, Dice: s.Dice, Moves: s.Moves, Conquered: s.Conquered,
		Asked: slices.Clone(s.Asked), Winners: slices.Clone(s.Winners),
		Nukes: slices.Clone(s.Nukes), NukeUsed: s.NukeUsed, DropUsed: s.DropUsed,
		Tied: slices.Clone(s.Tied), TiedContinents: s.TiedContinents,
		DeckLeft: len(s.Deck.Draw), SpentCards: len(s.Deck.Spent),
	}
	if s.Phase != PhaseTrade && s.Phase != PhaseOver && s.Phase != PhaseClaim {
		v.Actor = g.actor()
	}
	for i, c := range s.Empires.Piles {
		v.Empires[i] = slices.Clone(c)
	}
	for i := range s.Owner {
		v.Board = append(v.Board, TerritoryView{Owner: s.Owner[i], Armies: s.Armies[i], City: s.City[i]})
	}
	for _, q := range g.seats() {
		ps := g.p(q)
		v.Players = append(v.Players, PlayerView{
			Name: g.name(q), Alive: ps.Alive, Reserve: ps.Reserve,
			Goods: len(ps.Hand.Cards), Disasters: len(g.disasterCards(q)), Cards: len(ps.Cards),
			Cities: g.cities(q), Empire: slices.Clone(ps.Empire.Held), NewEmpire: slices.Clone(ps.Empire.New), Trader: ps.Trader, Offered: ps.Offered,
		})
	}
	for _, o := range s.Offers {
		ov := OfferView{ID: o.ID, From: o.Offer.From, To: o.Offer.To, Count: len(o.Offer.Give.Cards), Statement: o.Offer.Give.Statement}
		if p != 0 && p == o.Offer.From {
			ov.Cards = slices.Clone(o.Offer.Give.Cards)
		}
		v.Offers = append(v.Offers, ov)
	}
	if p != 0 {
		ps := g.p(p)
		v.Hand = slices.Clone(ps.Hand.Cards)
		v.Disasters = g.disasterCards(p)
		v.Cards = slices.Clone(ps.Cards)
	}
	v.canon()
	return v
}

// disasterCards returns the Disasters face down before seat p: its pile,
// and while it resolves them in step 7, those left to resolve and those
// going back unresolved.
func (g *game) disasterCards(p ruleset.Seat) []cards.GoodsCard {
	out := slices.Clone(g.p(p).Disasters.Cards)
	if (g.s.Phase == PhasePlague || g.s.Resolving != nil) && g.actor() == p {
		out = append(append(out, g.s.Resolving...), g.s.Unresolved...)
	}
	return out
}

// canon makes every empty list nil.
func (v *View) canon() {
	v.Order = nilIfEmpty(v.Order)
	v.Board = nilIfEmpty(v.Board)
	v.Players = nilIfEmpty(v.Players)
	v.Piles = nilIfEmpty(v.Piles)
	v.Asked = nilIfEmpty(v.Asked)
	v.Nukes = nilIfEmpty(v.Nukes)
	v.Tied = nilIfEmpty(v.Tied)
	v.Offers = nilIfEmpty(v.Offers)
	v.Winners = nilIfEmpty(v.Winners)
	v.Hand = nilIfEmpty(v.Hand)
	v.Disasters = nilIfEmpty(v.Disasters)
	v.Cards = nilIfEmpty(v.Cards)
	for i := range v.Empires {
		v.Empires[i] = nilIfEmpty(v.Empires[i])
	}
	for i := range v.Players {
		v.Players[i].Empire = nilIfEmpty(v.Players[i].Empire)
		v.Players[i].NewEmpire = nilIfEmpty(v.Players[i].NewEmpire)
	}
	for i := range v.Offers {
		v.Offers[i].Cards = nilIfEmpty(v.Offers[i].Cards)
		v.Offers[i].Statement.Numbers = nilIfEmpty(v.Offers[i].Statement.Numbers)
	}
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
	case int(v.Seat) > n || int(v.Actor) > n:
		return fmt.Errorf("seat %d, actor %d at a table of %d", v.Seat, v.Actor, n)
	case v.Seat != 0 && v.AllSeeing:
		return fmt.Errorf("seat %d sees all", v.Seat)
	case v.Seat == 0 && (v.Hand != nil || v.Disasters != nil || v.Cards != nil):
		return errors.New("a spectator with hidden holdings")
	case len(v.Board) < 1 || len(v.Board) > board.MaxTerritories:
		return fmt.Errorf("a board of %d territories", len(v.Board))
	case v.Phase < PhaseClaim || v.Phase > PhaseOver:
		return fmt.Errorf("unknown phase %d", v.Phase)
	}
	nt := board.TerritoryID(len(v.Board))
	for _, t := range append([]board.TerritoryID{v.From, v.To}, v.Asked...) {
		if t > nt {
			return fmt.Errorf("territory %d of %d", t, nt)
		}
	}
	for _, tv := range v.Board {
		if int(tv.Owner) > n || tv.Armies < 0 {
			return fmt.Errorf("a territory of seat %d with %d armies", tv.Owner, tv.Armies)
		}
	}
	for _, p := range append(slices.Clone(v.Order), v.Winners...) {
		if p < 1 || int(p) > n {
			return fmt.Errorf("seat %d at a table of %d", p, n)
		}
	}
	return nil
}

// Checksum implements ruleset.View: FNV-1a of the encoding.
func (v *View) Checksum() uint64 { return wire.Checksum(v) }

// Encode implements ruleset.View.
func (v *View) Encode() ([]byte, error) { return wire.Marshal(v) }

// Delta takes one view of a seat to the next: the territories that
// changed, the small rest of the view (Head) when it changed, and each
// larger part that changed (Parts says which), with the checksums of both
// ends, so Apply refuses a delta made for another view and proves it
// reached the right one.
type Delta struct {
	From, To uint64
	// Changed are the territories that changed (ID, new state).
	Changed []TerritoryChange
	// Head is the next view without its board and larger parts, nil if
	// unchanged.
	Head []byte
	// Parts says which of the parts below are sent (partPlayers, ...).
	Parts     uint8
	Players   []PlayerView
	Empires   [4][]cards.EmpireCard
	Offers    []OfferView
	Hand      []cards.GoodsCard
	Disasters []cards.GoodsCard
	Cards     []cards.TerritoryCard
}

// The parts of a Delta.
const (
	partPlayers uint8 = 1 << iota
	partEmpires
	partOffers
	partHand
	partDisasters
	partCards
)

// TerritoryChange is one territory's new state.
type TerritoryChange struct {
	Territory board.TerritoryID
	State     TerritoryView
}

// head returns v without its board and larger parts, encoded.
func (v *View) head() ([]byte, error) {
	h := *v
	h.Board, h.Players, h.Empires, h.Offers, h.Hand, h.Disasters, h.Cards = nil, nil, [4][]cards.EmpireCard{}, nil, nil, nil, nil
	return h.Encode()
}

// same reports whether a and b encode alike.
func same(a, b any) bool {
	x, err1 := wire.Marshal(a)
	y, err2 := wire.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// Diff implements ruleset.View.
func (v *View) Diff(next ruleset.View) ([]byte, error) {
	nv, ok := next.(*View)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s diff: the next view is a %T", ID, next)
	case nv.Seat != v.Seat || nv.AllSeeing != v.AllSeeing || len(nv.Board) != len(v.Board):
		return nil, fmt.Errorf("%s diff: a view of seat %d to one of seat %d, or of another board", ID, v.Seat, nv.Seat)
	}
	d := Delta{From: v.Checksum(), To: nv.Checksum()}
	for i := range nv.Board {
		if nv.Board[i] != v.Board[i] {
			d.Changed = append(d.Changed, TerritoryChange{Territory: board.TerritoryID(i + 1), State: nv.Board[i]})
		}
	}
	ah, err := v.head()
	if err != nil {
		return nil, err
	}
	bh, err := nv.head()
	if err != nil {
		return nil, err
	}
	if string(ah) != string(bh) {
		d.Head = bh
	}
	if !same(v.Players, nv.Players) {
		d.Parts |= partPlayers
		d.Players = nv.Players
	}
	if !same(v.Empires, nv.Empires) {
		d.Parts |= partEmpires
		d.Empires = nv.Empires
	}
	if !same(v.Offers, nv.Offers) {
		d.Parts |= partOffers
		d.Offers = nv.Offers
	}
	if !same(v.Hand, nv.Hand) {
		d.Parts |= partHand
		d.Hand = nv.Hand
	}
	if !same(v.Disasters, nv.Disasters) {
		d.Parts |= partDisasters
		d.Disasters = nv.Disasters
	}
	if !same(v.Cards, nv.Cards) {
		d.Parts |= partCards
		d.Cards = nv.Cards
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
	if d.Head != nil {
		var head View
		if err := wire.Unmarshal(d.Head, &head); err != nil {
			return nil, fmt.Errorf("%s delta: %w", ID, err)
		}
		nv = head
		nv.Players, nv.Empires, nv.Offers, nv.Hand, nv.Disasters, nv.Cards = slices.Clone(v.Players), v.Empires, slices.Clone(v.Offers), v.Hand, v.Disasters, v.Cards
	}
	if d.Parts&partPlayers != 0 {
		nv.Players = d.Players
	}
	if d.Parts&partEmpires != 0 {
		nv.Empires = d.Empires
	}
	if d.Parts&partOffers != 0 {
		nv.Offers = d.Offers
	}
	if d.Parts&partHand != 0 {
		nv.Hand = d.Hand
	}
	if d.Parts&partDisasters != 0 {
		nv.Disasters = d.Disasters
	}
	if d.Parts&partCards != 0 {
		nv.Cards = d.Cards
	}
	nv.Board = slices.Clone(v.Board)
	for _, c := range d.Changed {
		if c.Territory < 1 || int(c.Territory) > len(nv.Board) {
			return nil, fmt.Errorf("%s delta: territory %d of %d", ID, c.Territory, len(nv.Board))
		}
		nv.Board[c.Territory-1] = c.State
	}
	nv.canon()
	if err := nv.check(); err != nil {
		return nil, fmt.Errorf("%s delta: %w", ID, err)
	}
	if got := nv.Checksum(); got != d.To {
		return nil, fmt.Errorf("%s delta: the view reached (checksum %x) is not the one it was made for (%x)", ID, got, d.To)
	}
	return &nv, nil
}
