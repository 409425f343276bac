// Package duel is Duel, a short card game of hidden hands for 2 to 20
// players: the platform's smallest ruleset, played on a table of cards
// rather than a map, with simultaneous and interactive steps. Its data
// file, the deck file (File, assets/rules/duel.txt), says the suits, the
// ranks, the hand size and what a player's deck holds; a host's mod may
// change it.
//
// # The rules of Duel
//
// The numbered sentences are the rules; the tests name them.
//
//  1. Each player plays with a deck of its own (rule 12), shuffled with
//     the game's seed, and is dealt a hand of 5 cards (the deck file's
//     hand size) from it, which only that player sees.
//  2. A round begins with the offering: every player holding cards lays
//     one face down at the same time; they are revealed together and
//     discarded.
//  3. The highest offering scores 1 point; players who tie for it each
//     score 1.
//  4. A player who lays nothing offers its lowest card.
//  5. Then each player in round order (round r starts with seat r, counting
//     around the table, then goes up the seats) may attack another player
//     who holds cards with a card from its hand, or pass. A player who
//     holds no cards, or sees no one to attack, has no turn.
//  6. The defender answers at once: it blocks with a higher card of the
//     attack card's suit, scores 1 point, and both cards are discarded.
//  7. Or it takes the hit: the attack card is discarded, the attacker
//     scores 2 points and rolls a die; on a 5 or a 6 the defender loses a
//     card drawn at random from its hand, shown to all and discarded.
//  8. Every later round begins with each player, in round order, drawing
//     up to 5 cards (the hand size) from its own deck while it lasts.
//  9. A player who holds no cards when its own deck is empty is out.
//  10. The game ends after the last round, or as soon as at most one
//     player is left. The last player left wins; otherwise the most points
//     win, then the most cards in hand; still tied, the game is drawn.
//  11. A player has 30 seconds (the setting "Time to answer") to lay its
//     card in the offering or to answer an attack, and 2 minutes ("Time
//     per turn") for its attack turn, which the defender's answer does not
//     spend; "None" sets no clock of the game's own. A player whose time
//     runs out lays its lowest card (rule 4), passes (rule 5) or takes the
//     hit (rule 7).
//  12. Each player brings its deck to the table before the game: 20 cards
//     (the deck file's deck size) of the deck file's suits and ranks, at
//     most 2 copies of a card (the deck file's copies). A player who
//     brings none plays the balanced deck (Deck.Balanced). No one sees the
//     cards of another player's deck, nor the order of its own: the table
//     sees how many cards each deck has left.
//
// The defender is asked to answer even when it holds no card that could
// block, so that being asked tells the attacker nothing of its hand.
//
// # Decks
//
// A player's deck is the seat's set-up data (ruleset.SeatSetup), sent in
// the lobby before the game and kept in the game's save. It is text, one
// card a line, the rank then the suit as the deck file names it, "of"
// between them if you like and in any case; '#' starts a comment, and
// blank lines are skipped. A card twice is two lines:
//
//	# Ann's deck: swords to attack, cups to block
//	10 swords
//	10 swords
//	9 of swords
//	7 Cups
//	...
//
// CheckSeat lists every problem of a deck with its line: a line that is no
// card, a suit or a rank the deck file lacks, a card beyond its copies, and
// a deck of the wrong size. DefaultSeat is the balanced deck, what bots
// and a player who sends none bring: for the built-in deck file, 1 3 5 7 9
// of cups and of swords, 2 4 6 8 10 of coins and of clubs.
//
// # Payloads
//
// Orders are an Offer, actions an Action, views a *View, deltas a Delta,
// events a list of Event: msgpack values read only with wire.Unmarshal.
// Orders and actions name the step (Step.Seq) they answer; one for another
// step is refused.
package duel

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"

	"empires/assets"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ID is the ruleset's id.
const ID = "duel"

// File is the name of the data file, the deck file, among the rules files
// (assets/rules, or a host's mod directory).
const File = "duel.txt"

// The table's bounds.
const (
	MinSeats = 2
	MaxSeats = 20
)

// KeyRounds is the setting of the number of rounds, 1 to MaxRounds.
const (
	KeyRounds = "rounds"
	MaxRounds = 20
)

// The settings of the steps' clocks (rule 11), each a choice among times
// in seconds (0: none of Duel's own; the host's turn timer, if any,
// applies); an option's value is the index of its choice. KeyAnswer is the
// limit of a quick step, one card to lay in the offering or an attack to
// answer: one of AnswerTimes, DefaultAnswer unless chosen. KeyTurn is the
// budget of a player's attack turn, which a defender's answer does not
// spend: one of TurnTimes, DefaultTurn unless chosen.
const (
	KeyAnswer     = "answer"
	DefaultAnswer = 30
	KeyTurn       = "turn"
	DefaultTurn   = 120
)

// AnswerTimes returns the choices of the setting KeyAnswer, in seconds.
func AnswerTimes() []int { return []int{0, 15, 30, 60, 120} }

// TurnTimes returns the choices of the setting KeyTurn, in seconds.
func TurnTimes() []int { return []int{0, 60, 120, 300, 600} }

// The AI levels, weakest first, by name (Info.Levels, NewAI): the
// platform's ruleset.Random and ruleset.Normal.
const (
	LevelRandom = string(ruleset.Random)
	LevelNormal = string(ruleset.Normal)
)

// Rules is the Duel ruleset with one deck file. Use New, Open or WithData.
type Rules struct {
	deck Deck
	data []byte
	hash string
}

var _ ruleset.Ruleset = (*Rules)(nil)

// Open returns Duel with the deck file File of fsys: assets.Rules(), or a
// host's mod directory over it (rules.OpenSource). A broken file is
// refused with its line and column.
func Open(fsys fs.FS) (*Rules, error) {
	data, err := fs.ReadFile(fsys, File)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return r, nil
}

// New returns Duel with its built-in deck (assets/rules/duel.txt). It
// panics if that file is broken: a build error every test catches.
func New() *Rules {
	r, err := Open(assets.Rules())
	if err != nil {
		panic(err)
	}
	return r
}

// parse returns Duel with the deck file data.
func parse(data []byte) (*Rules, error) {
	d, err := ParseDeck(File, data)
	if err != nil {
		return nil, err
	}
	data = append([]byte(nil), data...)
	return &Rules{deck: d, data: data, hash: ruleset.HashData(data)}, nil
}

// Deck returns the deck file the rules play with.
func (r *Rules) Deck() Deck { return r.deck }

// Info implements ruleset.Ruleset.
func (r *Rules) Info() ruleset.Info {
	return ruleset.Info{
		ID:    ID,
		Title: "Duel",
		Summary: "A short card game of hidden hands for 2 to 20 players, each with a deck of its own: " +
			"each round everyone lays a card face down, then in turn each may attack another player, " +
			"who blocks with a higher card of the suit or takes the hit. Most points after the last " +
			"round wins.",
		Board:    "cards",
		MinSeats: MinSeats,
		MaxSeats: MaxSeats,
		Hidden:   true,
		Settings: []ruleset.Setting{{
			Key: KeyRounds, Label: "Rounds", Help: "How many rounds the game lasts.",
			Min: 1, Max: MaxRounds, Default: 6,
		},
			ruleset.TimeSetting(KeyAnswer, "Time to answer", "to lay a card or answer an attack", AnswerTimes(), DefaultAnswer),
			ruleset.TimeSetting(KeyTurn, "Time per turn", "for a player's attack turn", TurnTimes(), DefaultTurn),
		},
		Levels:       []string{LevelRandom, LevelNormal},
		LevelNotes:   ruleset.LevelNotes([]ruleset.Level{ruleset.Random, ruleset.Normal}, nil),
		DefaultLevel: LevelNormal,
		Hash:         r.hash,
	}
}

// Data implements ruleset.Ruleset: the deck file.
func (r *Rules) Data() []byte { return r.data }

// WithData implements ruleset.Ruleset: Duel with another deck file.
func (r *Rules) WithData(data []byte) (ruleset.Ruleset, error) {
	r, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s data: %w", ID, err)
	}
	return r, nil
}

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
	decks, err := r.playerDecks(cfg)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	rounds, _ := in.Setting(KeyRounds)
	g := &game{
		deck: r.deck,
		hash: r.hash,
		rng:  rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15),
	}
	n := cfg.Seats
	s := &g.s
	s.Format = saveFormat
	s.Hash = r.hash
	s.Rounds = cfg.Options.Get(KeyRounds, rounds.Default)
	answer, _ := in.Setting(KeyAnswer)
	turn, _ := in.Setting(KeyTurn)
	s.Answer = AnswerTimes()[cfg.Options.Get(KeyAnswer, answer.Default)]
	s.TurnTime = TurnTimes()[cfg.Options.Get(KeyTurn, turn.Default)]
	s.Round = 1
	s.Phase = PhaseOffer
	for i := range n {
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(cfg.Names) && cfg.Names[i] != "" {
			name = cfg.Names[i]
		}
		s.Names = append(s.Names, name)
	}
	s.Hands = make([][]Card, n)
	s.Points = make([]int, n)
	s.Missed = make([]int, n)
	// Rule 1: each seat's own deck shuffled, in seat order, the next draw
	// last; a hand each.
	s.Brought = decks
	shuffle := rand.New(g.rng)
	for _, d := range decks {
		pile := slices.Clone(d)
		shuffle.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
		s.Decks = append(s.Decks, pile)
	}
	for _, p := range g.order() {
		g.draw(p, r.deck.Hand)
	}
	return g, nil
}

// Load implements ruleset.Ruleset.
func (r *Rules) Load(save []byte) (ruleset.Game, error) {
	g := &game{deck: r.deck, hash: r.hash, rng: &rand.PCG{}}
	if err := wire.Unmarshal(save, &g.s); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if err := g.s.check(r.deck, r.hash); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if err := g.rng.UnmarshalBinary(g.s.RNG); err != nil {
		return nil, fmt.Errorf("load %s game: generator: %w", ID, err)
	}
	g.s.RNG = nil
	return g, nil
}

// DecodeView implements ruleset.Ruleset.
func (r *Rules) DecodeView(data []byte) (ruleset.View, error) {
	v := &View{}
	if err := wire.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("%s view: %w", ID, err)
	}
	v.canon()
	if err := v.check(); err != nil {
		return nil, fmt.Errorf("%s view: %w", ID, err)
	}
	return v, nil
}

// NewAI implements ruleset.Ruleset.
func (r *Rules) NewAI(level string, seed uint64) (ruleset.AI, error) {
	if level != LevelRandom && level != LevelNormal {
		return nil, fmt.Errorf("%s has no AI level %q (want %s or %s)", ID, clip(level), LevelRandom, LevelNormal)
	}
	return &ai{deck: r.deck, level: level, rng: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}, nil
}
