package platformtest_test

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// decks is a tiny ruleset of up to 20 players, each with a deck of their
// own (ruleset.SeatSetup), for the server's tests of seat set-up data: in
// turn, each player adds 1 to 3 to a running total; who brings it to 3 a
// player wins. A deck is a sleeve (a name) and exactly "size" cards, each
// 1 to 3. New keeps the decks in the game, and each seat's view shows its
// own deck only, so a view after a restart tells that the save kept them.
type decks struct{ data []byte }

var (
	_ ruleset.Ruleset   = (*decks)(nil)
	_ ruleset.SeatSetup = (*decks)(nil)
)

// decksID is the decks ruleset's id; keyDeckSize its setting.
const (
	decksID         = "decks"
	keyDeckSize     = "size"
	defaultDeckSize = 4
)

// deck is a seat's set-up data in a game of decks.
type deck struct {
	Sleeve string
	Cards  []int
}

// encodeDeck returns d as set-up data.
func encodeDeck(d deck) []byte {
	b, err := wire.Marshal(d)
	if err != nil {
		panic(err) // a deck always encodes
	}
	return b
}

func newDecks() *decks {
	return &decks{data: []byte("decks: add 1 to 3, each with a deck of your own")}
}

func (d *decks) Info() ruleset.Info {
	return ruleset.Info{ID: decksID, Title: "Decks", Summary: "Add 1 to 3 in turn, each with a deck of your own.",
		Board: "cards", MinSeats: 2, MaxSeats: 20, Hidden: true,
		Settings: []ruleset.Setting{{Key: keyDeckSize, Label: "Deck size", Help: "the cards in each deck",
			Min: 3, Max: 10, Default: defaultDeckSize}},
		Levels: []string{"plain"}, DefaultLevel: "plain", Hash: ruleset.HashData(d.data)}
}

func (d *decks) Data() []byte { return slices.Clone(d.data) }

func (d *decks) WithData(data []byte) (ruleset.Ruleset, error) {
	if len(data) == 0 {
		return nil, errors.New("decks: no data")
	}
	return &decks{data: slices.Clone(data)}, nil
}

// CheckSeat finds every problem of a deck: no sleeve, a size other than
// the game's, each card not from 1 to 3 (Index: its place, from 1).
func (d *decks) CheckSeat(opts ruleset.Options, data []byte) ([]ruleset.Rejection, error) {
	var dk deck
	if err := wire.Unmarshal(data, &dk); err != nil {
		return nil, fmt.Errorf("not a deck: %w", err)
	}
	var out []ruleset.Rejection
	if dk.Sleeve == "" {
		out = append(out, ruleset.Rejection{Reason: "a deck needs a sleeve"})
	}
	if size := opts.Get(keyDeckSize, defaultDeckSize); len(dk.Cards) != size {
		out = append(out, ruleset.Rejection{Reason: fmt.Sprintf("%d cards: a deck holds %d", len(dk.Cards), size)})
	}
	for i, c := range dk.Cards {
		if c < 1 || c > 3 {
			out = append(out, ruleset.Rejection{Index: i + 1, Order: fmt.Sprintf("card %d", c), Reason: "cards are 1 to 3"})
		}
	}
	return out, nil
}

// DefaultSeat is a plain deck of ones.
func (d *decks) DefaultSeat(opts ruleset.Options) []byte {
	return encodeDeck(deck{Sleeve: "plain", Cards: slices.Repeat([]int{1}, opts.Get(keyDeckSize, defaultDeckSize))})
}

func (d *decks) New(cfg ruleset.Config) (ruleset.Game, error) {
	in := d.Info()
	if err := in.CheckOptions(cfg.Options); err != nil {
		return nil, err
	}
	if cfg.Seats < in.MinSeats || cfg.Seats > in.MaxSeats || len(cfg.SeatData) != cfg.Seats {
		return nil, fmt.Errorf("decks: %d seats, %d decks", cfg.Seats, len(cfg.SeatData))
	}
	s := decksState{Seats: cfg.Seats, Names: cfg.Names, Target: 3 * cfg.Seats, Actor: 1, Seq: 1}
	for i, data := range cfg.SeatData {
		if problems, err := d.CheckSeat(cfg.Options, data); err != nil || len(problems) > 0 {
			return nil, fmt.Errorf("decks: seat %d's deck: %v %v", i+1, problems, err)
		}
		s.Decks = append(s.Decks, slices.Clone(data))
	}
	return &decksGame{S: s}, nil
}

func (d *decks) Load(save []byte) (ruleset.Game, error) {
	var s decksState
	if err := wire.Unmarshal(save, &s); err != nil {
		return nil, fmt.Errorf("decks save: %w", err)
	}
	if s.Seats < 2 || s.Seats > 20 || len(s.Decks) != s.Seats || s.Actor < 1 || int(s.Actor) > s.Seats {
		return nil, fmt.Errorf("decks save: %d seats, %d decks, seat %d to act", s.Seats, len(s.Decks), s.Actor)
	}
	return &decksGame{S: s}, nil
}

func (d *decks) DecodeView(data []byte) (ruleset.View, error) {
	v := &decksView{}
	if err := wire.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("decks view: %w", err)
	}
	return v, nil
}

func (d *decks) NewAI(level string, _ uint64) (ruleset.AI, error) {
	if level != "plain" {
		return nil, fmt.Errorf("decks has no AI level %q", level)
	}
	return decksAI{}, nil
}

// decksState is a game of decks.
type decksState struct {
	Seats  int
	Names  []string
	Decks  [][]byte
	Target int
	Total  int
	Actor  ruleset.Seat
	Seq    uint32
	Winner ruleset.Seat
}

type decksGame struct{ S decksState }

func (g *decksGame) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: ruleset.Turn(int(g.S.Seq-1)/g.S.Seats + 1), Seq: g.S.Seq}
	if g.S.Winner == 0 {
		st.Actors, st.Prompt = []ruleset.Seat{g.S.Actor}, "add 1 to 3"
	}
	return st
}

func (g *decksGame) Over() (bool, ruleset.Seat) { return g.S.Winner != 0, g.S.Winner }
func (g *decksGame) Seats() int                 { return g.S.Seats }
func (g *decksGame) Missed(ruleset.Seat) int    { return 0 }
func (g *decksGame) ReplaceAfter() int          { return 0 }

func (g *decksGame) Player(s ruleset.Seat) ruleset.PlayerInfo {
	if s < 1 || int(s) > g.S.Seats {
		return ruleset.PlayerInfo{}
	}
	name := fmt.Sprintf("Player %d", s)
	if int(s) <= len(g.S.Names) {
		name = g.S.Names[s-1]
	}
	return ruleset.PlayerInfo{Name: name, Alive: true}
}

func (g *decksGame) Check(ruleset.Seat, []byte) ([]ruleset.Rejection, error) {
	return nil, errors.New("decks takes actions, not orders")
}

func (g *decksGame) Resolve([]ruleset.Submission) (ruleset.Outcome, error) {
	return nil, errors.New("decks has no simultaneous steps")
}

// Act adds the action, a number from 1 to 3, to the total.
func (g *decksGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	var n int
	if err := wire.Unmarshal(action, &n); err != nil {
		return nil, &ruleset.Rejection{Reason: "an action is a number"}
	}
	if s != g.S.Actor || g.S.Winner != 0 {
		return nil, &ruleset.Rejection{Reason: "not your turn"}
	}
	if n < 1 || n > 3 {
		return nil, &ruleset.Rejection{Order: fmt.Sprintf("add %d", n), Reason: "add 1 to 3"}
	}
	g.S.Total += n
	if g.S.Total >= g.S.Target {
		g.S.Winner = s
	}
	g.S.Actor = g.S.Actor%ruleset.Seat(g.S.Seats) + 1
	g.S.Seq++
	return decksOutcome{fmt.Sprintf("seat %d added %d", s, n)}, nil
}

// View is the table and the seat's own deck, never another's.
func (g *decksGame) View(s ruleset.Seat, _ bool) ruleset.View {
	v := &decksView{Seq: g.S.Seq, You: s, Total: g.S.Total, Actor: g.S.Actor, Winner: g.S.Winner}
	if s >= 1 && int(s) <= len(g.S.Decks) {
		v.Deck = g.S.Decks[s-1]
	}
	return v
}

func (g *decksGame) Save() ([]byte, error) { return wire.Marshal(g.S) }

// decksOutcome is what one action did, public to all.
type decksOutcome []string

func (o decksOutcome) Events(ruleset.Seat, bool) ([]byte, error) { return wire.Marshal([]string(o)) }
func (o decksOutcome) Count() int                                { return len(o) }

// decksView is a seat's view of a game of decks.
type decksView struct {
	Seq    uint32
	You    ruleset.Seat
	Total  int
	Actor  ruleset.Seat
	Winner ruleset.Seat
	Deck   []byte
}

func (v *decksView) Checksum() uint64 {
	b, err := v.Encode()
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

func (v *decksView) Encode() ([]byte, error) { return wire.Marshal(v) }

// Diff is the next view whole: a view of decks is tiny.
func (v *decksView) Diff(next ruleset.View) ([]byte, error) {
	n, ok := next.(*decksView)
	if !ok {
		return nil, fmt.Errorf("diff: a %T is no view of decks", next)
	}
	return n.Encode()
}

func (v *decksView) Apply(delta []byte) (ruleset.View, error) {
	n := &decksView{}
	if err := wire.Unmarshal(delta, n); err != nil {
		return nil, fmt.Errorf("decks delta: %w", err)
	}
	return n, nil
}

// decksAI always adds 1.
type decksAI struct{}

func (decksAI) Act(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) { return wire.Marshal(1) }
