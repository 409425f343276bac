// Package empire is the empire ruleset: the PBEM "Empire" game (seed
// document 004), on its own rectangle map of squares (hexes as an
// option). Towns and cities produce units one at a time and may forward
// them to an army far away; armies of any mix of units move square by
// square, all at once; battles are fought in rounds of special, distance
// and melee phases with an escape and an evaluation phase; the objective
// is to conquer the world. Its units, terrains and numbers are the data
// files units.dat, terrain.dat and game.dat (package dat); RULES.md maps
// every rule sentence of the document to its test.
package empire

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
	"empires/shared/rules/empire/world"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ID is the ruleset's id.
const ID = "empire"

// Seats and map bounds.
const (
	MinSeats = 2
	MaxSeats = 8
	MinSide  = 16
	MaxSide  = 256
)

// KeyBoard is the setting of the cells' shape: squares (the document's)
// or hexes.
const KeyBoard = "board"

// KeyIslands is the setting of the land: one landmass (0, the default,
// world.Generate) or an island for each player (1, world.GenerateIslands).
const KeyIslands = "islands"

// Rules is the empire ruleset with its data.
type Rules struct {
	d    *dat.Data
	data []byte
	hash string
	// newAI makes the ruleset's AI players (package empireai sets it
	// through WithAI, which imports this package).
	newAI  func(d *dat.Data, level ruleset.Level, seed uint64) (ruleset.AI, error)
	levels []ruleset.Level
	notes  map[ruleset.Level]string
}

// Load returns the ruleset with the data files read from fsys (the
// built-in assets, perhaps overlaid by a mod directory).
func Load(fsys fs.FS) (*Rules, error) {
	d, bundle, err := dat.Load(fsys)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return &Rules{d: d, data: bundle, hash: ruleset.HashData(bundle)}, nil
}

// Dat returns the ruleset's parsed data.
func (r *Rules) Dat() *dat.Data { return r.d }

// WithAI returns the ruleset whose AI players newAI makes, at levels
// (weakest first; the default is ruleset.Normal if levels hold it, else
// the last), with notes on how they play (ruleset.LevelNotes).
func (r *Rules) WithAI(levels []ruleset.Level, notes map[ruleset.Level]string, newAI func(d *dat.Data, level ruleset.Level, seed uint64) (ruleset.AI, error)) *Rules {
	c := *r
	c.levels, c.notes, c.newAI = slices.Clone(levels), notes, newAI
	return &c
}

// defaultLevel is the level of levels a seat is played at unless the
// host chooses: Normal, the opponent offered to people, if levels hold
// it, else the last.
func defaultLevel(levels []ruleset.Level) ruleset.Level {
	if slices.Contains(levels, ruleset.Normal) {
		return ruleset.Normal
	}
	return levels[len(levels)-1]
}

// Info implements ruleset.Ruleset.
func (r *Rules) Info() ruleset.Info {
	levels := r.levels
	if len(levels) == 0 {
		levels = []ruleset.Level{ruleset.Passive}
	}
	return ruleset.Info{
		ID:    ID,
		Title: "Empire",
		Summary: "Conquer the world, square by square. Towns and cities produce Infantry, Cavalry, Archers, " +
			"Galleons, Mages, Golems and Angels, one at a time, and forward them to armies far away. Every " +
			"army moves at once; where they meet, battles are fought in rounds of magic, arrows and melee " +
			"until one side is wiped out or flees.",
		Board:    "square",
		MinSeats: MinSeats,
		MaxSeats: MaxSeats,
		Settings: []ruleset.Setting{
			{Key: ruleset.KeyWidth, Label: "Map width", Help: "squares across", Min: MinSide, Max: MaxSide, Default: 40},
			{Key: ruleset.KeyHeight, Label: "Map height", Help: "squares down", Min: MinSide, Max: MaxSide, Default: 30},
			{Key: KeyBoard, Label: "Board", Help: "the map's cells: the document's squares, or hexes", Max: 1, Choices: []string{"Squares", "Hexes"}},
			{Key: KeyIslands, Label: "Land", Help: "one landmass for all, or an island for each player: the sea crossed by ship, balloon or wing", Max: 1, Choices: []string{"One landmass", "Islands"}},
		},
		Levels:       ruleset.LevelNames(levels...),
		DefaultLevel: defaultLevel(levels).String(),
		LevelNotes:   ruleset.LevelNotes(levels, r.notes),
		Hash:         r.hash,
	}
}

// Data implements ruleset.Ruleset: the bundle of the three data files.
func (r *Rules) Data() []byte { return r.data }

// WithData implements ruleset.Ruleset.
func (r *Rules) WithData(data []byte) (ruleset.Ruleset, error) {
	d, err := dat.ParseBundle(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	c := *r
	c.d, c.data, c.hash = d, slices.Clone(data), ruleset.HashData(data)
	return &c, nil
}

// CheckConfig implements ruleset.ConfigChecker: the map must hold the
// players.
func (r *Rules) CheckConfig(cfg ruleset.Config) error {
	in := r.Info()
	if err := in.CheckOptions(cfg.Options); err != nil {
		return err
	}
	w, h := cfg.Options.Get(ruleset.KeyWidth, 40), cfg.Options.Get(ruleset.KeyHeight, 30)
	if n := world.MaxPlayers(w, h); cfg.Seats > n {
		return fmt.Errorf("a %dx%d map holds at most %d players", w, h, n)
	}
	return nil
}

// Game is one game of empire.
type Game struct {
	d    *dat.Data
	hash string
	s    *State
	pcg  *rand.PCG
	rnd  *rand.Rand
	// vis is each player's squares seen at the last observation, by grid
	// index (not saved: observe makes it again).
	vis [][]bool
}

// New implements ruleset.Ruleset: a new map, each player a city with its
// first garrison, neutral towns and cities.
func (r *Rules) New(cfg ruleset.Config) (ruleset.Game, error) {
	if cfg.Seats < MinSeats || cfg.Seats > MaxSeats {
		return nil, fmt.Errorf("new %s game: %d seats, want %d to %d", ID, cfg.Seats, MinSeats, MaxSeats)
	}
	if len(cfg.Names) > cfg.Seats {
		return nil, fmt.Errorf("new %s game: %d names for %d seats", ID, len(cfg.Names), cfg.Seats)
	}
	if err := r.CheckConfig(cfg); err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	shape := grid.Square
	if cfg.Options.Get(KeyBoard, 0) == 1 {
		shape = grid.Hex
	}
	gr := grid.New(shape, cfg.Options.Get(ruleset.KeyWidth, 40), cfg.Options.Get(ruleset.KeyHeight, 30))
	generate := world.Generate
	if cfg.Options.Get(KeyIslands, 0) == 1 {
		generate = world.GenerateIslands
	}
	m, err := generate(gr, &r.d.Game, cfg.Seats, cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	g, err := r.NewOnMap(m, cfg.Seats, cfg.Names, cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", ID, err)
	}
	return g, nil
}

// NewOnMap starts a game of seats players on map m (its start cities
// owned by seats 1..seats): each start city gets the first garrison
// (game.dat start.units) and produces the first unit it can, each
// neutral settlement its neutral garrison.
func (r *Rules) NewOnMap(m *world.Map, seats int, names []string, seed uint64) (*Game, error) {
	gr := m.Grid
	shape := gr.Shape
	s := &State{Format: saveFormat, Hash: r.hash, Shape: shape, Width: gr.Width, Height: gr.Height,
		Terrain: slices.Clone(m.Terrain), Turn: 1, NextID: make([]uint32, seats+1)}
	for i := range seats {
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(names) && names[i] != "" {
			name = names[i]
		}
		s.Players = append(s.Players, Player{Name: name, Alive: true})
		s.Memory = append(s.Memory, Memory{Seen: make([]int32, gr.Len())})
	}
	g := r.newGame(s, rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	for i, ws := range m.Settlements {
		if int(ws.Owner) > seats {
			return nil, fmt.Errorf("the map has a start for seat %d of %d", ws.Owner, seats)
		}
		st := Settlement{ID: SettlementID(i + 1), Pos: ws.Pos, City: ws.City, Owner: Seat(ws.Owner)}
		s.Settlements = append(s.Settlements, st)
	}
	for i := range s.Settlements {
		st := &s.Settlements[i]
		units := r.d.Game.NeutralGarrison
		if st.Owner != 0 {
			units = r.d.Game.StartUnits
			st.Produce = g.firstProducible(st)
		}
		for _, name := range units {
			k, ok := r.d.Kind(name)
			if !ok {
				return nil, fmt.Errorf("no unit %q", name)
			}
			g.garrison(st, Unit{ID: UnitID(s.newID(st.Owner)), Kind: k, HP: r.d.Unit(k).HP})
		}
	}
	g.observe()
	return g, nil
}

func (r *Rules) newGame(s *State, pcg *rand.PCG) *Game {
	return &Game{d: r.d, hash: r.hash, s: s, pcg: pcg, rnd: rand.New(pcg)}
}

// Load implements ruleset.Ruleset.
func (r *Rules) Load(save []byte) (ruleset.Game, error) {
	s := &State{}
	if err := wire.Unmarshal(save, s); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if s.Hash != r.hash {
		return nil, fmt.Errorf("load %s game: it was played with other data (hash %.12s, these rules %.12s)", ID, s.Hash, r.hash)
	}
	if err := s.check(r.d); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(s.RNG); err != nil {
		return nil, fmt.Errorf("load %s game: generator: %w", ID, err)
	}
	s.RNG = nil
	g := r.newGame(s, pcg)
	g.observeOnly()
	return g, nil
}

// observeOnly remakes what each player sees now, without changing its
// memory (after a load).
func (g *Game) observeOnly() {
	saved := make([]Memory, len(g.s.Memory))
	for i, m := range g.s.Memory {
		saved[i] = Memory{Seen: slices.Clone(m.Seen), Settlements: slices.Clone(m.Settlements), Sightings: slices.Clone(m.Sightings)}
	}
	g.observe()
	g.s.Memory = saved
}

// Save implements ruleset.Game.
func (g *Game) Save() ([]byte, error) {
	rng, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save %s game: %w", ID, err)
	}
	s := *g.s
	s.RNG = rng
	out, err := wire.Marshal(&s)
	if err != nil {
		return nil, fmt.Errorf("save %s game: %w", ID, err)
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
	if r.newAI == nil {
		if ruleset.Level(level) == ruleset.Passive {
			return passive{}, nil
		}
		return nil, fmt.Errorf("%s has no AI level %q", ID, level)
	}
	return r.newAI(r.d, ruleset.Level(level), seed)
}

// passive gives no orders.
type passive struct{}

func (passive) Act(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) {
	return EncodeOrders(nil)
}

// Counts implements ruleset.Counter: "armies" (the forces that move),
// "garrisons", "settlements" (towns and cities, neutral ones too) and
// "units" (in armies and garrisons, not those in transit to a force).
func (g *Game) Counts() map[string]int {
	c := map[string]int{"armies": 0, "garrisons": 0, "settlements": len(g.s.Settlements), "units": 0}
	for i := range g.s.Forces {
		f := &g.s.Forces[i]
		if f.Garrison {
			c["garrisons"]++
		} else {
			c["armies"]++
		}
		c["units"] += len(f.Units)
	}
	return c
}

// Over implements ruleset.Game.
func (g *Game) Over() (bool, Seat) { return g.s.Over, g.s.Winner }

// Seats implements ruleset.Game.
func (g *Game) Seats() int { return len(g.s.Players) }

// Player implements ruleset.Game.
func (g *Game) Player(p Seat) ruleset.PlayerInfo {
	if p < 1 || int(p) > len(g.s.Players) {
		return ruleset.PlayerInfo{}
	}
	pl := g.s.Players[p-1]
	return ruleset.PlayerInfo{Name: pl.Name, Alive: pl.Alive}
}

// Missed implements ruleset.Game.
func (g *Game) Missed(p Seat) int {
	if p < 1 || int(p) > len(g.s.Players) {
		return 0
	}
	return g.s.Players[p-1].Missed
}

// ReplaceAfter implements ruleset.Game.
func (g *Game) ReplaceAfter() int { return g.d.Game.ReplaceAfter }

// Act implements ruleset.Game: empire has no interactive steps.
func (g *Game) Act(ruleset.Seat, []byte) (ruleset.Outcome, error) {
	return nil, &ruleset.Rejection{Reason: "empire is played in simultaneous turns: give orders"}
}
