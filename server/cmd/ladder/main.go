// Command ladder measures the strength of a ruleset's AI levels: it plays
// seeded games between each pair of levels in-process, through the same
// ruleset interface the server uses (every order checked as the server
// checks it), sides swapped every other game, and prints a table of wins,
// draws and game lengths.
//
//	go run ./server/cmd/ladder -games 10 -size 24x24 -turns 300
//	go run ./server/cmd/ladder -ruleset erfpires -games 20
//	go run ./server/cmd/ladder -ruleset empire -size 40x30 -games 20
//	go run ./server/cmd/ladder -pairs normal:normal-v1,normal-v1:easy -players 4
//
// -ruleset names the ruleset (erfworld by default); -size applies to those
// with a map (empire's own default map is 40x30). -option sets the
// ruleset's other settings as key=value (repeated, or separated by
// commas), checked against its settings; a ruleset whose players bring
// set-up data (a deck) gets its default for every seat. -pairs lists the pairings as A:B level names; by default
// every pair of the ruleset's levels, the stronger first. Erfworld also
// has normal-v1, the Normal level before it ferried armies and used the
// Look-, Fool-, Dirt- and Cancel-A-Mancers, kept for this comparison. -players seats that many
// players, A and B in turn (A first in even games, B in odd ones); a game
// is won by the level of its winner. With -mirror each seed is played
// twice, sides swapped, so that two equal levels win equally often. A game
// not over after -turns turns is a draw. The command fails if an AI gives
// an order the server would refuse.
//
// -islands (erfworld only) plays on two generated maps side by side with
// half the players on each: no player reaches the other half on foot.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"empires/server/cmd/internal/gameflags"
	"empires/shared/buildinfo"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ladder:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks errors in the command line.
var errUsage = errors.New("usage")

// config is what the command line sets.
type config struct {
	games, turns  int
	width, height int
	players       int
	seed          uint64
	mirror        bool
	islands       bool
	options       ruleset.Options // -option: the ruleset's other settings
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("ladder", flag.ContinueOnError)
	fs.SetOutput(stdout)
	games := fs.Int("games", 10, "games per pairing")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	size := fs.String("size", "24x24", "map size as WIDTHxHEIGHT")
	turns := fs.Int("turns", 300, "most turns a game lasts; a game not over by then is a draw")
	players := fs.Int("players", 2, "players a game, levels A and B in turn")
	mirror := fs.Bool("mirror", false, "play each seed twice, sides swapped: game i uses seed seed+i/2")
	islands := fs.Bool("islands", false, "play on two maps side by side, half the players on each, the water between them")
	pairList := fs.String("pairs", "", "pairings to play as A:B level names, comma-separated (default: every pair of the ruleset's levels)")
	rulesetID := fs.String("ruleset", "", "the ruleset's id (default: the default ruleset)")
	var options gameflags.Options
	fs.Var(&options, "option", gameflags.Usage)
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Version())
		return nil
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return fmt.Errorf("%w: -size: %v", errUsage, err)
	}
	if *games < 1 || *turns < 1 {
		return fmt.Errorf("%w: -games and -turns must be at least 1", errUsage)
	}
	if *players < 2 || *players > protocol.MaxSeats {
		return fmt.Errorf("%w: -players must be 2 to %d, got %d", errUsage, protocol.MaxSeats, *players)
	}
	if *islands && *players%2 != 0 {
		return fmt.Errorf("%w: -islands needs an even number of players, got %d", errUsage, *players)
	}
	reg, err := registry.Default()
	if err != nil {
		return fmt.Errorf("load rulesets: %w", err)
	}
	rs := reg.Default()
	if *rulesetID != "" {
		var ok bool
		if rs, ok = reg.Get(*rulesetID); !ok {
			return fmt.Errorf("%w: -ruleset %q: this build plays %s", errUsage, *rulesetID, strings.Join(reg.IDs(), ", "))
		}
	}
	in := rs.Info()
	if *players < in.MinSeats || *players > in.MaxSeats {
		return fmt.Errorf("%w: -players %d: %s is for %d to %d", errUsage, *players, in.Title, in.MinSeats, in.MaxSeats)
	}
	if *islands && in.ID != "erfworld" {
		return fmt.Errorf("%w: -islands is for erfworld only", errUsage)
	}
	pairs := pairings(in.Levels)
	if *pairList != "" {
		if pairs, err = parsePairs(*pairList, ladderLevels(rs)); err != nil {
			return fmt.Errorf("%w: -pairs: %v", errUsage, err)
		}
	}
	opts, err := options.For(in)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	cfg := config{games: *games, turns: *turns, width: w, height: h, players: *players, seed: *seed, mirror: *mirror, islands: *islands,
		options: opts}
	if !in.HasMap() {
		cfg.width, cfg.height = 0, 0
	}
	var rows []row
	for _, pr := range pairs {
		r, err := playPairing(rs, cfg, pr[0], pr[1])
		if err != nil {
			return err
		}
		rows = append(rows, r)
	}
	return printTable(stdout, rows)
}

// pairings lists every pair of levels (weakest first), the stronger
// first.
func pairings(levels []string) [][2]string {
	var out [][2]string
	for i := len(levels) - 1; i >= 0; i-- {
		for j := i - 1; j >= 0; j-- {
			out = append(out, [2]string{levels[i], levels[j]})
		}
	}
	return out
}

// ladderLevels are the levels the ladder may play: the ruleset's, and
// those it keeps for comparison only (hexgame's hidden levels).
func ladderLevels(rs ruleset.Ruleset) []string {
	levels := rs.Info().Levels
	if h, ok := rs.(interface{ HiddenLevels() []string }); ok {
		levels = append(levels, h.HiddenLevels()...)
	}
	return levels
}

// parsePairs reads "A:B,C:D" of level names among levels.
func parsePairs(s string, levels []string) ([][2]string, error) {
	var out [][2]string
	for _, pair := range strings.Split(s, ",") {
		as, bs, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if !ok {
			return nil, fmt.Errorf("pairing %q is not A:B", pair)
		}
		a, err := parseLevel(as, levels)
		if err != nil {
			return nil, err
		}
		b, err := parseLevel(bs, levels)
		if err != nil {
			return nil, err
		}
		out = append(out, [2]string{a, b})
	}
	return out, nil
}

// parseLevel returns the level of levels named s.
func parseLevel(s string, levels []string) (string, error) {
	for _, l := range levels {
		if strings.EqualFold(s, l) {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown level %q: want one of %s", s, strings.Join(levels, ", "))
}

// row is one pairing's results.
type row struct {
	a, b         string
	winsA, winsB int
	draws, games int
	turns        int // summed over decided games
}

// playPairing plays cfg.games games of a against b, a as player 1 in even
// games and as player 2 in odd ones (and so on round the table).
func playPairing(rs ruleset.Ruleset, cfg config, a, b string) (row, error) {
	r := row{a: a, b: b}
	for g := range cfg.games {
		seed := cfg.seed + uint64(g)
		if cfg.mirror {
			seed = cfg.seed + uint64(g/2)
		}
		levels := make([]string, cfg.players)
		for i := range levels {
			levels[i] = a
			if (i+g)%2 == 1 {
				levels[i] = b
			}
		}
		winner, turns, err := playGame(rs, cfg, seed, levels)
		if err != nil {
			return r, fmt.Errorf("%s vs %s, game %d (seed %d): %w", a, b, g+1, seed, err)
		}
		r.games++
		switch {
		case winner == 0:
			r.draws++
			continue
		case (int(winner)-1+g)%2 == 0:
			r.winsA++
		default:
			r.winsB++
		}
		r.turns += turns
	}
	return r, nil
}

// newGame starts the game of seed for the ladder.
func newGame(rs ruleset.Ruleset, cfg config, seed uint64) (ruleset.Game, error) {
	if cfg.islands {
		hr, ok := rs.(*hexgame.Ruleset)
		if !ok {
			return nil, errors.New("-islands needs a hex ruleset")
		}
		er, ok := hr.Rules().(*erfworld.Rules)
		if !ok {
			return nil, errors.New("-islands is for erfworld only")
		}
		s, err := islandsGame(er, seed, cfg.width, cfg.height, cfg.players)
		if err != nil {
			return nil, err
		}
		return hr.Game(s), nil
	}
	o := maps.Clone(cfg.options)
	if o == nil {
		o = ruleset.Options{}
	}
	if cfg.width > 0 {
		o[ruleset.KeyWidth], o[ruleset.KeyHeight] = cfg.width, cfg.height
	}
	return rs.New(ruleset.Config{Seed: seed, Seats: cfg.players, Options: o,
		SeatData: gameflags.SeatData(rs, o, cfg.players)})
}

// playGame plays one game of seed between levels (player 1's first) and
// returns the winner (0 for a draw) and the turns played. Every step is
// played as the server plays it: the AI acts from its seat's view, its
// orders or actions must pass the game's checks, and after each step an
// AI that listens hears its seat's events (ruleset.Listener).
func playGame(rs ruleset.Ruleset, cfg config, seed uint64, levels []string) (ruleset.Seat, int, error) {
	g, err := newGame(rs, cfg, seed)
	if err != nil {
		return 0, 0, err
	}
	players := make([]ruleset.AI, len(levels))
	for i, l := range levels {
		if players[i], err = rs.NewAI(l, seed); err != nil {
			return 0, 0, err
		}
	}
	const maxActions = 1 << 20 // a bound for interactive games whose AI never ends a turn
	for range maxActions {
		st := g.Step()
		if over, _ := g.Over(); over || int(st.Turn) > cfg.turns {
			break
		}
		if err := playStep(g, st, players, levels); err != nil {
			return 0, 0, fmt.Errorf("turn %d: %w", st.Turn, err)
		}
	}
	turns := int(g.Step().Turn) - 1
	over, winner := g.Over()
	if !over {
		return 0, turns, nil
	}
	return winner, turns, nil
}

// playStep plays one step: every actor's orders then the resolution, or
// the first actor's action.
func playStep(g ruleset.Game, st ruleset.Step, players []ruleset.AI, levels []string) error {
	if len(st.Actors) == 0 {
		return errors.New("the game waits for nobody")
	}
	if st.Acting() { // interactive or concurrent: the first actor that does not wait acts
		seat, action, err := ruleset.FirstAIAction(g, st, 0, func(s ruleset.Seat) ([]byte, error) {
			a, err := players[s-1].Act(g.View(s, false), st, s)
			if err != nil {
				return nil, fmt.Errorf("%s AI (player %d): %w", levels[s-1], s, err)
			}
			return a, nil
		})
		if err != nil {
			return err
		}
		out, err := g.Act(seat, action)
		if err != nil {
			return fmt.Errorf("%s AI (player %d) made an action the server would refuse: %w", levels[seat-1], seat, err)
		}
		return tell(players, levels, out)
	}
	var subs []ruleset.Submission
	for _, seat := range st.Actors {
		orders, err := players[seat-1].Act(g.View(seat, false), st, seat)
		if err != nil {
			return fmt.Errorf("%s AI (player %d): %w", levels[seat-1], seat, err)
		}
		refused, err := g.Check(seat, orders)
		if err == nil && len(refused) > 0 {
			err = &refused[0]
		}
		if err != nil {
			return fmt.Errorf("%s AI (player %d) gave an invalid order: %w", levels[seat-1], seat, err)
		}
		subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
	}
	out, err := g.Resolve(subs)
	if err != nil {
		return err
	}
	return tell(players, levels, out)
}

// tell hands each player that is a ruleset.Listener its seat's events of
// out, as the server does.
func tell(players []ruleset.AI, levels []string, out ruleset.Outcome) error {
	for i, p := range players {
		if err := ruleset.Tell(p, ruleset.Seat(i+1), out); err != nil {
			return fmt.Errorf("%s AI (player %d): %w", levels[i], i+1, err)
		}
	}
	return nil
}

// islandsGame starts a game of seed for players (an even number) on a map
// of w x h made of two generated maps side by side: the western half's, of
// seed, for the first half of the players, and the eastern half's, of
// another seed derived from it, for the others (a half for one player is
// generated for two, and the first start kept). The generator rings each
// map with Water, so the halves are apart and no player reaches the other
// half on foot: with two players each must cross the water to meet the
// other; with more, each half's winner holds two Capitals and must cross
// for the third that wins ("A Player is deemed to be the Winner of the
// Game if, at the beginning of their Turn, they control THREE Capitals").
func islandsGame(rs *erfworld.Rules, seed uint64, w, h, players int) (*game.State, error) {
	westW, half := w/2, players/2
	gen := func(seed uint64, w int) ([]mapgen.Start, *hexmap.Map, error) {
		res, err := mapgen.Generate(rs.D.MapConfig(seed, w, h, max(half, 2)))
		if err != nil {
			return nil, nil, err
		}
		return res.Starts[:half], res.Map, nil
	}
	westStarts, westMap, err := gen(seed, westW)
	if err != nil {
		return nil, fmt.Errorf("western island: %w", err)
	}
	eastStarts, eastMap, err := gen(seed^0x9e3779b97f4a7c15, w-westW)
	if err != nil {
		return nil, fmt.Errorf("eastern island: %w", err)
	}
	m := hexmap.New(w, h, 0)
	for row := range h {
		for col := range w {
			src, c := westMap, col
			if col >= westW {
				src, c = eastMap, col-westW
			}
			m.Terrain[row*w+col] = src.Terrain[row*src.Width+c]
		}
	}
	s := rs.NewGameOn(m, seed, players, nil)
	shift := func(x hex.Hex, cols int) hex.Hex {
		o := x.Offset()
		o.Col += cols
		return hex.FromOffset(o)
	}
	place := func(starts []mapgen.Start, first, cols int) {
		for i, st := range starts {
			owner := game.PlayerID(first + i)
			s.AddCity(game.City{Owner: owner, Hex: shift(st.Capital, cols), Level: int32(rs.D.City.CapitalLevel), Capital: true})
			for _, c := range st.Cities {
				s.AddCity(game.City{Owner: owner, Hex: shift(c, cols), Level: int32(rs.D.Start.CityLevel)})
			}
		}
	}
	place(westStarts, 1, 0)
	place(eastStarts, 1+half, westW)
	game.RecordVision(s, rs)
	return s, nil
}

// printTable writes the rows as an aligned table.
func printTable(out io.Writer, rows []row) error {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "pairing\twins A\twins B\tdraws\tgames\tavg turns\t")
	for _, r := range rows {
		avg := "-"
		if dec := r.winsA + r.winsB; dec > 0 {
			avg = strconv.FormatFloat(float64(r.turns)/float64(dec), 'f', 1, 64)
		}
		fmt.Fprintf(tw, "%s vs %s\t%d\t%d\t%d\t%d\t%s\t\n", r.a, r.b, r.winsA, r.winsB, r.draws, r.games, avg)
	}
	return tw.Flush()
}

// parseSize reads "WIDTHxHEIGHT".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, fmt.Errorf("size %q is not WIDTHxHEIGHT", s)
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil || w < 1 || h < 1 {
		return 0, 0, fmt.Errorf("size %q is not WIDTHxHEIGHT with positive sides", s)
	}
	return w, h, nil
}
