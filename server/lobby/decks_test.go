package lobby

import (
	"errors"
	"fmt"
	"slices"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// decks is tally with seat set-up data (ruleset.SeatSetup), for the
// lobby's tests: each player brings a deck, a sleeve (a name) and
// exactly "size" cards (a setting), each a number from 1 to 3. New keeps
// the decks in the game, and each seat's view shows its own deck only.
type decks struct {
	tally
}

var (
	_ ruleset.Ruleset   = (*decks)(nil)
	_ ruleset.SeatSetup = (*decks)(nil)
)

// deck is the set-up data of a game of decks.
type deck struct {
	Sleeve string
	Cards  []int
}

// Setting keys and bounds of decks.
const (
	keyDeckSize     = "size"
	defaultDeckSize = 5
)

// newDecks returns the decks ruleset.
func newDecks() *decks { return &decks{tally{data: []byte("decks: tally with a deck of your own")}} }

// encodeDeck returns d as set-up data.
func encodeDeck(d deck) []byte {
	b, err := wire.Marshal(d)
	if err != nil {
		panic(err) // a deck always encodes
	}
	return b
}

func (d *decks) Info() ruleset.Info {
	in := d.tally.Info()
	in.ID, in.Title, in.Summary = "decks", "Decks", "Tally, each player with a deck of their own."
	in.Hidden = true
	in.Settings = append(in.Settings, ruleset.Setting{Key: keyDeckSize, Label: "Deck size",
		Help: "the cards in each deck", Min: 3, Max: 10, Default: defaultDeckSize})
	return in
}

func (d *decks) WithData(data []byte) (ruleset.Ruleset, error) {
	if len(data) == 0 {
		return nil, errors.New("decks: no data")
	}
	return &decks{tally{data: slices.Clone(data)}}, nil
}

// New starts a tally game that keeps every seat's deck, each checked.
func (d *decks) New(cfg ruleset.Config) (ruleset.Game, error) {
	in := d.Info()
	if err := in.CheckOptions(cfg.Options); err != nil {
		return nil, err
	}
	if cfg.Seats < in.MinSeats || cfg.Seats > in.MaxSeats {
		return nil, fmt.Errorf("decks: %d seats", cfg.Seats)
	}
	if len(cfg.SeatData) != cfg.Seats {
		return nil, fmt.Errorf("decks: %d decks for %d seats", len(cfg.SeatData), cfg.Seats)
	}
	for i, data := range cfg.SeatData {
		if problems, err := d.CheckSeat(cfg.Options, data); err != nil || len(problems) > 0 {
			return nil, fmt.Errorf("decks: seat %d's deck: %v %v", i+1, problems, err)
		}
	}
	s := tallyState{Seats: cfg.Seats, Names: cfg.Names, Target: cfg.Options.Get("target", 10), Actor: 1, Seq: 1}
	for _, data := range cfg.SeatData {
		s.Decks = append(s.Decks, slices.Clone(data))
	}
	return &tallyGame{S: s}, nil
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
	size := opts.Get(keyDeckSize, defaultDeckSize)
	return encodeDeck(deck{Sleeve: "plain", Cards: slices.Repeat([]int{1}, size)})
}
