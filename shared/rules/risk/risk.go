// Package risk is the ruleset "EMPIRES, the Risk extended scenario" (the
// document): classic Risk played one action at a time, with cities, Goods
// cards traded among the players, Disasters and Empire cards bought for
// advantages. The map is package board's (the classic map file, or a
// generated map), the dice and disasters package battle's, the cards
// package cards' (the data file cards.File).
//
// # The rules of the round engine
//
// The numbered sentences are the rules this package applies, in its own
// words; the tests name them. RULES.md quotes the document itself, sentence
// by sentence, and names the tests of each (here and in the three packages
// below).
//
//  1. Set-up, the classic deal: the territories are shuffled and dealt one
//     at a time in turn from a random first player, one army on each; then
//     the players place their other starting armies one at a time in turn.
//  2. Set-up "by choice": from a random first player each player in turn
//     places one army in an unoccupied territory of its choice, the last
//     player places a second and the order runs back (the snake order)
//     until every territory is occupied; then the starting armies are placed
//     one at a time in turn.
//  3. Classic starting armies: 40 for 2 players, 35 for 3, 30 for 4, 25 for
//     5, 20 for 6; on a map of other than 42 territories, as many times
//     territories/42, and at least one for each territory a player starts on.
//  4. Classic two players: a neutral side is dealt a third of the
//     territories and as many starting armies, which the game spreads; it
//     never attacks, and its territories must be conquered too.
//  5. Step 1: the players play in order of number of cities, the fewest
//     first; tied, the fewest territories first; still tied, a die, the
//     lowest first (tied dice are rolled again).
//  6. Step 2: each player gets its territories/3 armies (at least 3), the
//     bonus of each continent it holds, 1 for each city, 3 for each set of
//     territory cards (4 with Bonus Army I; every set held is turned in),
//     and Bonus Army II's armies.
//  7. Step 3: in round order, each player places its new armies on its
//     territories; armies not placed are lost.
//  8. Step 4: in round order, each player may attack, one roll at a time:
//     it chooses the attacking territory, an adjacent enemy territory and
//     its dice, sees the roll, then attacks again or stops.
//  9. Before the first roll against a territory with a city and armies in a
//     turn, its owner is asked whether to convert the city into 3 armies;
//     a city alone in its territory, or whose armies are all lost while the
//     attack goes on, is converted without asking.
//  10. A territory whose last army falls (and no city stands) is conquered:
//     the attacker moves into it at least as many armies as dice it rolled
//     last, and at most all but one; if the territory held a city this turn,
//     the attacker takes a random Goods card of the defender's.
//  11. A player who loses its last territory is out; the conqueror takes
//     its territory cards, and if it then holds 6 or more, turns in sets at
//     once until it holds 4 or fewer and places their armies before it
//     attacks again.
//  12. After its attacks, a player may make one free move (two with Bonus
//     Move): armies from one of its territories to an adjacent one of its
//     own, leaving at least one.
//  13. A player that conquered a territory in its turn takes a territory
//     card at the end of its step 4.
//  14. Step 5a: in round order, each player may build cities: 3 armies of a
//     territory (2 with Urban Sprawl) become a city; one city a territory,
//     at most 5 a player. Step 5b: then it draws one Goods card from each of
//     as many piles as it has cities.
//  15. Step 6: the players who hold 3 or more Goods cards trade at once: an
//     offer gives 3 or more cards for 3 or more, stated truthfully (the
//     server refuses a lie); the receiver accepts with its own 3 or more
//     stated cards, or refuses; each leaves when done. Each may make at
//     most 3 offers in the step.
//  16. Step 7: in round order, each player resolves the Disasters it
//     received (at most 2, one of each kind), in the order received. It
//     gives the order of its cities for the riots (by default, ID order);
//     when the plague meets continents or territories tied for the most of
//     its armies, it is asked which one the plague strikes (by default, the
//     lowest ID).
//  17. Step 8: in round order, each player may buy Empire cards, then keeps
//     at most 5 Goods cards (by default the 5 worth the most).
//  18. The game ends when one player holds every territory (it wins), or the
//     last King is bought (the highest total value of Empire cards wins;
//     tied, the win is shared), or the last round of the setting "Rounds"
//     ends (scored the same, ties going to the most territories, then
//     shared). A shared win has no single winner.
//  19. Each step of a player's turn draws on its time per turn (the setting
//     "Time per turn"); the defender's question and each set-up placement
//     have the time to answer; the trading step its own time. A player
//     whose time runs out plays the step's default: the first legal place,
//     stop, keep the city, move the least, end the step.
//  20. Goods cards are hidden holdings: no other player, spectator, event
//     or replay sees them (others see how many); the territory cards too.
//     The Empire cards are public.
//  21. Table 4's Nuke (the Queen of Clubs), once a turn in step 4, kills all
//     but one army of another player's territory, anywhere; no one may
//     attack it, place armies there or move armies in until the nuker's
//     next step 4. The Air Drop (the 9 of Clubs), once a turn in step 4,
//     takes 3 armies of one of the player's territories (leaving one) onto
//     another player's territory anywhere; they attack it roll after roll,
//     as many dice as are left (at most 3), without the city question, until
//     they are destroyed or it is conquered, and the survivors occupy it.
//
// # Payloads
//
// Actions are an Action, views a *View, deltas a Delta, events a list of
// Event: msgpack values read only with wire.Unmarshal. Actions name the
// step (Step.Seq) they answer.
package risk

import (
	"fmt"
	"io/fs"
	"math/rand/v2"

	"empires/assets"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ID is the ruleset's id.
const ID = "risk"

// The table's bounds.
const (
	MinSeats = 2
	MaxSeats = 6
)

// The settings' keys.
const (
	KeyMap         = "map"         // 0: the classic map, 1: a generated one
	KeyTerritories = "territories" // a generated map's territories
	KeySetup       = "setup"       // 0: the classic deal, 1: by choice
	KeyRounds      = "rounds"      // the last round, 0: none
	KeyTurn        = "turn"        // time per turn, a choice of TurnTimes
	KeyAnswer      = "answer"      // time to answer, a choice of AnswerTimes
	KeyTrade       = "trade"       // the trading step's time, a choice of TradeTimes
)

// The choices of KeyMap and KeySetup.
const (
	MapClassic   = 0
	MapGenerated = 1
	SetupDeal    = 0
	SetupChoice  = 1
)

// Bounds of the settings.
const (
	MinTerritories = 6
	MaxRounds      = 200
)

// TurnTimes, AnswerTimes and TradeTimes are the choices of the clocks'
// settings, in seconds (0: none of the game's own).
func TurnTimes() []int   { return []int{0, 60, 120, 300, 600} }
func AnswerTimes() []int { return []int{0, 15, 30, 60} }
func TradeTimes() []int  { return []int{0, 60, 120, 300} }

// Rules is the risk ruleset with its data: the classic map and the cards
// file. Use Open or New.
type Rules struct {
	classic *board.Board
	cards   *cards.Rules
	data    []byte
	hash    string
}

// files is the ruleset's data as Data returns it: the two files' bytes.
type files struct {
	Map   []byte
	Cards []byte
}

var _ ruleset.Ruleset = (*Rules)(nil)

// Open returns the ruleset with the classic map (board.ClassicFile) and the
// cards file (cards.File) of fsys: assets.Rules(), or a host's mod
// directory over it.
func Open(fsys fs.FS) (*Rules, error) {
	var f files
	var err error
	if f.Map, err = fs.ReadFile(fsys, board.ClassicFile); err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	if f.Cards, err = fs.ReadFile(fsys, cards.File); err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return parse(f)
}

// New returns the ruleset with its built-in data. It panics if that data is
// broken: a build error every test catches.
func New() *Rules {
	r, err := Open(assets.Rules())
	if err != nil {
		panic(err)
	}
	return r
}

// parse returns the ruleset of the files f.
func parse(f files) (*Rules, error) {
	b, err := board.Parse(board.ClassicFile, f.Map)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	c, err := cards.Parse(cards.File, f.Cards)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	data, err := wire.Marshal(&f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return &Rules{classic: b, cards: c, data: data, hash: ruleset.HashData(data)}, nil
}

// Cards returns the cards rules the ruleset plays with.
func (r *Rules) Cards() *cards.Rules { return r.cards }

// Info implements ruleset.Ruleset.
func (r *Rules) Info() ruleset.Info {
	return ruleset.Info{
		ID:    ID,
		Title: "Empires: the Risk extended scenario",
		Summary: "Classic Risk with cities, Goods cards traded among the players, Disasters and Empire " +
			"cards: each round the players place, attack, build cities, draw and trade Goods, suffer " +
			"Disasters and buy Empire cards. Hold every territory, or the most Empire cards when the " +
			"last King is bought.",
		Board:    "territory",
		MinSeats: MinSeats,
		MaxSeats: MaxSeats,
		Hidden:   true,
		Settings: []ruleset.Setting{
			{Key: KeyMap, Label: "Map", Help: "the classic map or a generated one", Max: 1, Choices: []string{"Classic", "Generated"}},
			{Key: KeyTerritories, Label: "Territories", Help: "of a generated map", Min: MinTerritories, Max: board.MaxTerritories, Default: 42},
			{Key: KeySetup, Label: "Set-up", Help: "territories dealt, or chosen in turn", Max: 1, Choices: []string{"Classic deal", "By choice"}},
			{Key: KeyRounds, Label: "Rounds", Help: "the last round (0: none)", Max: MaxRounds},
			ruleset.TimeSetting(KeyTurn, "Time per turn", "for each step of a player's turn", TurnTimes(), 120),
			ruleset.TimeSetting(KeyAnswer, "Time to answer", "a defender's city question, a set-up army", AnswerTimes(), 30),
			ruleset.TimeSetting(KeyTrade, "Time to trade", "the trading step", TradeTimes(), 300),
		},
		Levels:       ruleset.LevelNames(Levels()...),
		LevelNotes:   ruleset.LevelNotes(Levels(), levelNotes),
		DefaultLevel: string(ruleset.Normal),
		Hash:         r.hash,
	}
}

// Data implements ruleset.Ruleset: the map and cards files.
func (r *Rules) Data() []byte { return r.data }

// WithData implements ruleset.Ruleset.
func (r *Rules) WithData(data []byte) (ruleset.Ruleset, error) {
	var f files
	if err := wire.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s data: %w", ID, err)
	}
	out, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s data: %w", ID, err)
	}
	return out, nil
}

// boardOf returns the board of a game's settings: the classic map, or the
// map generated from seed with territories territories.
func (r *Rules) boardOf(mapKind, territories int, seed uint64) (*board.Board, error) {
	if mapKind == MapClassic {
		return r.classic, nil
	}
	return board.Generate(seed, generated(territories))
}

// generated returns the settings of a generated map of n territories: about
// seven territories a continent and 55 cells a territory, as on the classic
// map's generated twin (board.DefaultSettings).
func generated(n int) board.Settings {
	w := 8
	for w*w*4 < 55*n*9 { // a drawing about 2.4 times as wide as high
		w++
	}
	h := max(8, (55*n+w-1)/w)
	w = max(8, w)
	return board.Settings{Territories: n, Continents: max(1, (n+3)/7), Width: min(w, board.MaxSide), Height: min(h, board.MaxSide)}
}

// New implements ruleset.Ruleset: it sets up a game (rules 1 to 4).
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
	get := func(key string) int {
		st, _ := in.Setting(key)
		return cfg.Options.Get(key, st.Default)
	}
	s := state{
		Format: saveFormat, Hash: r.hash,
		Map: get(KeyMap), Territories: get(KeyTerritories), MapSeed: cfg.Seed,
		Setup: get(KeySetup), Rounds: get(KeyRounds),
		TurnTime: TurnTimes()[get(KeyTurn)], AnswerTime: AnswerTimes()[get(KeyAnswer)], TradeTime: TradeTimes()[get(KeyTrade)],
	}
	b, err := r.boardOf(s.Map, s.Territories, s.MapSeed)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	if s.Map == MapClassic {
		s.Territories = len(b.Territories)
	}
	for i := range cfg.Seats {
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(cfg.Names) && cfg.Names[i] != "" {
			name = cfg.Names[i]
		}
		s.Names = append(s.Names, name)
	}
	g := &game{rules: r, b: b, pcg: rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15), s: s}
	g.rng = rand.New(g.pcg)
	g.setUp()
	return g, nil
}

// Load implements ruleset.Ruleset: the state is checked whole, and a save
// that is damaged, of another format or of other data is refused with why.
func (r *Rules) Load(save []byte) (ruleset.Game, error) {
	g := &game{rules: r, pcg: &rand.PCG{}}
	if err := wire.Unmarshal(save, &g.s); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if g.s.Format != saveFormat {
		return nil, fmt.Errorf("load %s game: save format %q, this build reads %q", ID, clip(g.s.Format), saveFormat)
	}
	if g.s.Hash != r.hash {
		return nil, fmt.Errorf("load %s game: the save is of a game with other rules data", ID)
	}
	if g.s.Map != MapClassic && g.s.Map != MapGenerated || g.s.Map == MapGenerated && (g.s.Territories < MinTerritories || g.s.Territories > board.MaxTerritories) {
		return nil, fmt.Errorf("load %s game: map %d of %d territories", ID, g.s.Map, g.s.Territories)
	}
	b, err := r.boardOf(g.s.Map, g.s.Territories, g.s.MapSeed)
	if err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	g.b = b
	if err := g.s.check(r.cards, b); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if err := g.pcg.UnmarshalBinary(g.s.RNG); err != nil {
		return nil, fmt.Errorf("load %s game: generator: %w", ID, err)
	}
	g.s.RNG = nil
	g.rng = rand.New(g.pcg)
	return g, nil
}

// DecodeView implements ruleset.Ruleset.
func (r *Rules) DecodeView(data []byte) (ruleset.View, error) {
	v := &View{}
	if err := wire.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("%s view: %w", ID, err)
	}
	if err := v.check(); err != nil {
		return nil, fmt.Errorf("%s view: %w", ID, err)
	}
	v.canon()
	return v, nil
}

// Board returns the board of a game of options (a client's drawing, the
// AI): the classic map, or the generated map of the game's seed.
func (r *Rules) Board(mapKind, territories int, seed uint64) (*board.Board, error) {
	return r.boardOf(mapKind, territories, seed)
}

// clip cuts s for quoting untrusted text.
func clip(s string) string {
	if len(s) <= 32 {
		return s
	}
	return s[:32] + "…"
}
