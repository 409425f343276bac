package erfpiresai

import (
	"fmt"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
	"empires/shared/rules/erfpires"
	"empires/shared/ruleset"
)

// islandsGame starts a game of seed for players (an even number) on a map
// of w x h made of two generated maps side by side, as the ladder's
// -islands makes them for erfworld: the western half's, of seed, for the
// first half of the players, and the eastern half's, of another seed, for
// the others. The generator rings each map with Ocean, which no army may
// enter ("Armies may not enter Mountain or Ocean hexes"), and erfpires has
// no ships: the halves never meet.
func islandsGame(t testing.TB, rs *erfpires.Rules, seed uint64, w, h, players int) *game.State {
	t.Helper()
	westW, half := w/2, players/2
	gen := func(seed uint64, w int) ([]mapgen.Start, *hexmap.Map) {
		res, err := mapgen.Generate(rs.D.MapConfig(seed, w, h, max(half, 2)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		return res.Starts[:half], res.Map
	}
	westStarts, westMap := gen(seed, westW)
	eastStarts, eastMap := gen(seed^0x9e3779b97f4a7c15, w-westW)
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
	place := func(starts []mapgen.Start, first, cols int) {
		for i, st := range starts {
			o := st.Capital.Offset()
			o.Col += cols
			at := hex.FromOffset(o)
			owner := game.PlayerID(first + i)
			s.AddCity(game.City{Owner: owner, Hex: at, Level: 1})
			s.AddArmy(game.Army{Owner: owner, Hex: at, Units: game.Units(nil).Add(rs.D.StartArmy)})
		}
	}
	place(westStarts, 1, 0)
	place(eastStarts, 1+half, westW)
	game.RecordVision(s, rs)
	return s
}

// TestIslands: four players on two islands, Hard and Normal in turn (two
// of each, one of each an island): "The Game will be won by the Erfpire
// that is first to control 5 cities", and each island has room for them,
// so every game ends with a winner long before the ladder's 300 days,
// though nobody crosses the water.
func TestIslands(t *testing.T) {
	rs := newRules(t)
	levels := []ruleset.Level{ruleset.Hard, ruleset.Normal, ruleset.Hard, ruleset.Normal}
	won := map[ruleset.Level]int{}
	for seed := uint64(1); seed <= islandGames; seed++ {
		s := islandsGame(t, rs, seed, islandW, islandH, len(levels))
		players := make([]*Player, len(levels))
		for i, l := range levels {
			players[i] = New(rs, l, seed)
		}
		for !s.Over && s.Turn <= 300 {
			var all []game.PlayerOrders
			for i, pl := range players {
				id := game.PlayerID(i + 1)
				if !s.Player(id).Alive {
					continue
				}
				orders := pl.Orders(game.NewView(s, id))
				if errs := game.ValidateOrders(s, rs, id, orders); len(errs) > 0 {
					t.Fatalf("seed %d day %d: %s player %d: refused %v", seed, s.Turn, pl.Level(), id, errs)
				}
				all = append(all, game.PlayerOrders{Player: id, Orders: orders})
			}
			game.Resolve(s, rs, all)
		}
		if !s.Over || s.Winner == 0 {
			t.Errorf("seed %d: no winner after %d days", seed, s.Turn-1)
			continue
		}
		won[levels[s.Winner-1]]++
	}
	t.Logf("islands, %dx%d, 4 players, %d games: won %s", islandW, islandH, islandGames, fmt.Sprint(won))
}

// The islands games of TestIslands: how many, and the map's size (the
// ladder's 24x24 makes halves narrower than the generator's 16).
const (
	islandGames      = 10
	islandW, islandH = 48, 32
)
