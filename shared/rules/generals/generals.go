package generals

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"testing/fstest"

	"empires/assets"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ID is the ruleset's id.
const ID = "generals"

// The table's bounds: "Anywhere from 2-20 Players can play".
const (
	MinSeats = 2
	MaxSeats = 20
)

// The settings' keys.
const (
	KeyType      = "type"      // the game type: Open, an edition, an era, a house rule
	KeyLength    = "length"    // Quick, Normal, Epic
	KeyVariation = "variation" // None, Blitzkrieg, Southpole, Slaughterhouse, Architect
	KeyEpic      = "epic"      // the Epic Campaigner continuation: Off, On
	KeyRounds    = "rounds"    // the round limit
	KeyAnswer    = "answer"    // the clock of an answer out of turn
	KeyTurn      = "turn"      // the clock of a whole turn
)

// The game lengths (setting KeyLength): the Cultural Health that wins.
const (
	LengthQuick = iota
	LengthNormal
	LengthEpic
)

// Lengths returns the points of the game lengths, by their setting's
// index: "Quick: Achieve Three points", "Normal: ... Five points", "Epic:
// ... Eight points".
func Lengths() []int { return []int{3, 5, 8} }

// The game variations (setting KeyVariation).
const (
	VariationNone = iota
	VariationBlitzkrieg
	VariationSouthpole
	VariationSlaughterhouse
	VariationArchitect
)

// The points of the variations that set their own: "3 Point Quick Game",
// "50 point game".
const (
	BlitzkriegPoints = 3
	SouthpolePoints  = 50
)

// The round limit's bounds (setting KeyRounds). The limit cannot be
// turned off: players who only pass and skip would never end the game.
const (
	MaxRounds     = 200
	DefaultRounds = 40
)

// The clocks' settings, as Duel's: KeyAnswer the limit of an answer out
// of turn (a blocker, a discard a card asks), one of AnswerTimes;
// KeyTurn the budget of a player's whole turn, one of TurnTimes.
const (
	DefaultAnswer = 30
	DefaultTurn   = 180
)

// AnswerTimes returns the choices of the setting KeyAnswer, in seconds.
func AnswerTimes() []int { return []int{0, 15, 30, 60, 120} }

// TurnTimes returns the choices of the setting KeyTurn, in seconds.
func TurnTimes() []int { return []int{0, 60, 120, 180, 300, 600} }

// The hand and the opening: "Draw seven cards", "Discard hand to down to
// seven cards unless stated otherwise".
const (
	OpeningCards = 7
	HandLimit    = 7
)

// Levels returns the AI's levels, weakest first:
//   - passive: the rules' default answer at every step: it passes or
//     plays on, draws nothing, plays nothing, presents no blocker.
//   - random: a random action among Moves.
//   - easy: plays what it can afford in each phase (its Resource Cards
//     first, then the cheapest cards), sends every unit it may to the
//     Battlefield, attacks with its strongest Battlefield unit the
//     weakest-looking opponent (the least Health), blocks with the first
//     unit that survives the attacker, else lets the attack through to
//     a Warcamp unit that survives, else blocks with the first unit.
//   - normal: plays from the visible table and its own hand
//     (ai_normal.go): spends the pool on the set of cards and abilities
//     of most worth it pays (a knapsack, Resource Cards first, keeping
//     what the later phases need; a resource's discard or a Trader's
//     trades when they buy more), keeps a General in play, sends its
//     units to the Battlefield but a guard that survives the likely
//     attackers, uses a unit's ability that lasts the turn when it makes
//     the turn's attack gain more, attacks where the defender's best
//     answer among the fourteen outcomes still leaves it a gain (a point
//     of Health, a valuable kill; its Tactics in hand counted), blocks
//     with the answer of most worth (a kill that survives, then a
//     survivor, then a cheap blocker at the Battlefield rather than a
//     point, or through to a Warcamp that answers better), plays Tactics
//     on a battle that turn its outcome, and discards what it can use
//     latest.
func Levels() []ruleset.Level {
	return []ruleset.Level{ruleset.Passive, ruleset.Random, ruleset.Easy, ruleset.Normal}
}

// card returns the collection's card of id, nil when it has none.
func (r *Rules) card(id CardID) *cards.Card { return r.byID[id] }

// Rules is the generals ruleset with one card collection. Use New, Open
// or WithData.
type Rules struct {
	coll   *cards.Collection
	byID   map[CardID]*cards.Card
	data   []byte
	hash   string
	types  []cards.GameChoice // the game types, in the order of the setting's choices
	levels []ruleset.Level
}

var _ ruleset.Ruleset = (*Rules)(nil)

// dataFile is one file of the collection in Data's bundle.
type dataFile struct {
	Name string
	Data []byte
}

// The bundle's bounds.
const (
	maxDataFiles = 200
	maxDataBytes = 4 << 20
)

// Open returns the ruleset with the card collection under cards.Dir of
// fsys: assets.Rules(), or a host's mod directory over it. A broken
// collection is refused with every problem.
func Open(fsys fs.FS) (*Rules, error) {
	var files []dataFile
	err := fs.WalkDir(fsys, cards.Dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !(strings.HasSuffix(name, ".toml") || strings.HasSuffix(name, ".deck")) {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		files = append(files, dataFile{Name: name, Data: data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r, err := parse(files)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return r, nil
}

// New returns the ruleset with its built-in collection. It panics if the
// collection is broken: a build error every test catches.
func New() *Rules {
	r, err := Open(assets.Rules())
	if err != nil {
		panic(err)
	}
	return r
}

// parse loads the collection of files.
func parse(files []dataFile) (*Rules, error) {
	slices.SortFunc(files, func(a, b dataFile) int { return strings.Compare(a.Name, b.Name) })
	if len(files) > maxDataFiles {
		return nil, fmt.Errorf("%d files in the collection: at most %d", len(files), maxDataFiles)
	}
	mfs := fstest.MapFS{}
	total := 0
	for _, f := range files {
		total += len(f.Data)
		clean := path.Clean(f.Name)
		if clean != f.Name || !strings.HasPrefix(f.Name, cards.Dir+"/") || mfs[f.Name] != nil {
			return nil, fmt.Errorf("the collection's file %q: want a path under %s/, once", clip(f.Name), cards.Dir)
		}
		mfs[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	if total > maxDataBytes {
		return nil, fmt.Errorf("a collection of %d bytes: at most %d", total, maxDataBytes)
	}
	coll, err := cards.Load(mfs, cards.Dir)
	if err != nil {
		return nil, err
	}
	data, err := wire.Marshal(files)
	if err != nil {
		return nil, err
	}
	r := &Rules{coll: coll, byID: map[CardID]*cards.Card{}, data: data, hash: ruleset.HashData(data), levels: Levels()}
	for _, id := range coll.IDs() {
		c, _ := coll.Card(id)
		r.byID[CardID(id.String())] = c
	}
	r.types = coll.GameChoices()
	return r, nil
}

// Collection returns the card collection the rules play with.
func (r *Rules) Collection() *cards.Collection { return r.coll }

// Card returns the card of id, and false when the collection has none.
func (r *Rules) Card(id CardID) (*cards.Card, bool) {
	c, ok := r.byID[id]
	return c, ok
}

// Info implements ruleset.Ruleset.
func (r *Rules) Info() ruleset.Info {
	var types []string
	for _, t := range r.types {
		types = append(types, t.Name)
	}
	return ruleset.Info{
		ID:    ID,
		Title: "Empires and Generals",
		Summary: "A card game of history's empires for 2 to 20 players, each with decks of its own: " +
			"harvest resources, build a kingdom, raise Generals and Soldiers and attack the other " +
			"players' Cultural Health. Gain it to win, or be the last one standing.",
		Board:    "cards",
		MinSeats: MinSeats,
		MaxSeats: MaxSeats,
		Hidden:   true,
		Settings: []ruleset.Setting{
			{Key: KeyType, Label: "Game type", Help: "Which cards are legal.", Max: len(types) - 1, Choices: types},
			{Key: KeyLength, Label: "Length", Help: "The Cultural Health that wins (Normal: the tournament's).",
				Max: 2, Default: LengthNormal, Choices: []string{"Quick (3)", "Normal (5)", "Epic (8)"}},
			{Key: KeyVariation, Label: "Variation", Help: "A variation of the game.",
				Max: 4, Choices: []string{"None", "Blitzkrieg", "Southpole", "Slaughterhouse", "Architect"}},
			{Key: KeyEpic, Label: "Epic Campaigner", Help: "Play on for second place after a Chancellor Victory.",
				Max: 1, Choices: []string{"Off", "On"}},
			{Key: KeyRounds, Label: "Rounds", Help: "The round limit: then the most Health wins.",
				Min: 1, Max: MaxRounds, Default: DefaultRounds},
			ruleset.TimeSetting(KeyAnswer, "Time to answer", "to block or discard out of turn", AnswerTimes(), DefaultAnswer),
			ruleset.TimeSetting(KeyTurn, "Time per turn", "for a player's whole turn", TurnTimes(), DefaultTurn),
		},
		Levels:       ruleset.LevelNames(r.levels...),
		LevelNotes:   ruleset.LevelNotes(r.levels, levelNotes),
		DefaultLevel: string(ruleset.Normal),
		Hash:         r.hash,
	}
}

// Data implements ruleset.Ruleset: the collection's files, bundled.
func (r *Rules) Data() []byte { return r.data }

// WithData implements ruleset.Ruleset: the ruleset with another
// collection, a bundle Data wrote.
func (r *Rules) WithData(data []byte) (ruleset.Ruleset, error) {
	var files []dataFile
	if err := wire.Unmarshal(data, &files); err != nil {
		return nil, fmt.Errorf("%s data: %w", ID, err)
	}
	out, err := parse(files)
	if err != nil {
		return nil, fmt.Errorf("%s data: %w", ID, err)
	}
	return out, nil
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
	l, err := ruleset.ParseLevel(level, r.levels)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return &ai{rules: r, level: l, rng: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}, nil
}

// settings are a game's settings, read from its options.
type settings struct {
	Type      int
	Length    int
	Variation int
	Epic      bool
	Rounds    int
	Answer    int // seconds
	TurnTime  int // seconds
}

// settingsOf reads opts, each missing one at its default.
func (r *Rules) settingsOf(opts ruleset.Options) settings {
	in := r.Info()
	get := func(key string) int {
		s, _ := in.Setting(key)
		v := opts.Get(key, s.Default)
		return min(max(v, s.Min), s.Max)
	}
	return settings{
		Type: get(KeyType), Length: get(KeyLength), Variation: get(KeyVariation), Epic: get(KeyEpic) == 1,
		Rounds: get(KeyRounds), Answer: AnswerTimes()[get(KeyAnswer)], TurnTime: TurnTimes()[get(KeyTurn)],
	}
}

// win returns the Cultural Health that wins a game of st: the length's
// points, or the variation's own.
func (st settings) win() int {
	switch st.Variation {
	case VariationBlitzkrieg:
		return BlitzkriegPoints
	case VariationSouthpole:
		return SouthpolePoints
	}
	return Lengths()[st.Length]
}

// limits are the deck sizes of a game of st.
func (st settings) limits() cards.Limits {
	switch st.Variation {
	case VariationBlitzkrieg:
		return cards.Blitzkrieg
	case VariationSouthpole:
		return cards.Southpole
	}
	return cards.Standard
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) <= 32 {
		return s
	}
	return strings.ToValidUTF8(s[:32], "") + "..."
}
