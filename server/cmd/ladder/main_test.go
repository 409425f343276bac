package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
)

// TestRunPrintsTable plays a tiny ladder and checks the table: a header,
// one row per pairing, and counts that add up to the games played.
func TestRunPrintsTable(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-games", "2", "-turns", "40", "-size", "24x24"}, &out); err != nil {
		t.Fatal(err)
	}
	levels := []string{"passive", "random", "easy", "normal", "hard"} // erfworld's offered levels
	pairs := pairings(levels)
	if len(pairs) != 10 || pairs[0] != [2]string{"hard", "normal"} || pairs[9] != [2]string{"random", "passive"} {
		t.Fatalf("pairings(%v) = %v: want the 10 pairs, the stronger first", levels, pairs)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+len(pairs) {
		t.Fatalf("have %d lines, want %d:\n%s", len(lines), 1+len(pairs), out.String())
	}
	if f := strings.Fields(lines[0]); strings.Join(f, " ") != "pairing wins A wins B draws games avg turns" {
		t.Errorf("header: have %q", lines[0])
	}
	for i, pr := range pairs {
		f := strings.Fields(lines[i+1])
		if len(f) != 8 || f[0] != pr[0] || f[1] != "vs" || f[2] != pr[1] {
			t.Errorf("row %d: have %q, want %s vs %s and 5 numbers", i+1, lines[i+1], pr[0], pr[1])
			continue
		}
		sum := 0
		for _, s := range f[3:6] {
			n := 0
			for _, c := range s {
				n = n*10 + int(c-'0')
			}
			sum += n
		}
		if f[6] != "2" || sum != 2 {
			t.Errorf("row %d: %q: wins and draws must add up to the 2 games", i+1, lines[i+1])
		}
	}
}

// TestRunEmpire plays a tiny ladder of the empire ruleset: its five
// levels, every pairing, every order checked as the server checks it.
func TestRunEmpire(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-ruleset", "empire", "-games", "2", "-turns", "30", "-size", "24x20"}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+10 || !strings.Contains(lines[1], "hard vs normal") || !strings.Contains(lines[10], "random vs passive") {
		t.Errorf("have the table\n%s\nwant the 10 pairings of passive, random, easy, normal and hard, the stronger first", out.String())
	}
	if err := run([]string{"-ruleset", "empire", "-islands"}, &out); !errors.Is(err, errUsage) {
		t.Errorf("-islands with empire: %v, want a usage error", err)
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-size", "24"}, {"-games", "0"}, {"extra"}, {"-players", "1"},
		{"-pairs", "normal"}, {"-pairs", "normal:expert"}, {"-islands", "-players", "3"}, {"-ruleset", "chess"},
		{"-option", "rounds"}, {"-option", "rounds=3"}, {"-option", "width=30"}, {"-players", "21"}} {
		var out bytes.Buffer
		if err := run(args, &out); !errors.Is(err, errUsage) {
			t.Errorf("run(%q) = %v, want a usage error", args, err)
		}
	}
}

func TestPrintTable(t *testing.T) {
	var out bytes.Buffer
	rows := []row{{a: "normal", b: "easy", winsA: 3, winsB: 1, draws: 1, games: 5, turns: 100}, {a: "random", b: "passive", draws: 2, games: 2}}
	if err := printTable(&out, rows); err != nil {
		t.Fatal(err)
	}
	have := out.String()
	for _, want := range []string{"normal vs easy       3       1      1      5", "25.0", "random vs passive", "-"} {
		if !strings.Contains(have, want) {
			t.Errorf("table lacks %q:\n%s", want, have)
		}
	}
}

// TestRunPairsMirrorIslands plays the old Normal against the new one with
// -pairs, -mirror, -players and -islands and checks the table's one row.
func TestRunPairsMirrorIslands(t *testing.T) {
	var out bytes.Buffer
	args := []string{"-pairs", "normal:normal-v1", "-mirror", "-islands", "-players", "2", "-size", "40x20", "-games", "2", "-turns", "20"}
	if err := run(args, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(strings.TrimSpace(lines[1]), "normal vs normal-v1") {
		t.Fatalf("have:\n%s\nwant a header and the row normal vs normal-v1", out.String())
	}
}

func TestParsePairs(t *testing.T) {
	have, err := parsePairs("normal:Normal-V1, easy:passive", []string{"passive", "easy", "normal", "normal-v1"})
	want := [][2]string{{"normal", "normal-v1"}, {"easy", "passive"}}
	if err != nil || len(have) != 2 || have[0] != want[0] || have[1] != want[1] {
		t.Errorf("parsePairs = %v, %v; want %v", have, err, want)
	}
}

// TestIslandsGame checks the -islands map: every player has its Capital
// and two cities, half the players on each side of the map, and no player
// walks to a Capital on the other side.
func TestIslandsGame(t *testing.T) {
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs := erfworld.NewRules(d)
	for _, players := range []int{2, 4} {
		for seed := uint64(1); seed <= 3; seed++ {
			s, err := islandsGame(rs, seed, 48, 24, players)
			if err != nil {
				t.Fatal(err)
			}
			capitals := map[game.PlayerID]hex.Hex{}
			cities := map[game.PlayerID]int{}
			for _, c := range s.Cities {
				cities[c.Owner]++
				if c.Capital {
					capitals[c.Owner] = c.Hex
				}
			}
			for p := 1; p <= players; p++ {
				id := game.PlayerID(p)
				if cities[id] != 1+d.Start.Cities {
					t.Fatalf("players %d seed %d: %s has %d cities", players, seed, id, cities[id])
				}
				west := capitals[id].Offset().Col < 24
				if west != (p <= players/2) {
					t.Errorf("players %d seed %d: %s's Capital on %s, on the wrong side", players, seed, id, capitals[id])
				}
				land := walkable(rs, s, capitals[id])
				for q, h := range capitals {
					if (h.Offset().Col < 24) != west && land[h] {
						t.Errorf("players %d seed %d: %s walks to %s's Capital across the halves", players, seed, id, q)
					}
				}
			}
		}
	}
}

// walkable returns the hexes an army walks to from h on s's map.
func walkable(rs *erfworld.Rules, s *game.State, h hex.Hex) map[hex.Hex]bool {
	out := map[hex.Hex]bool{h: true}
	for queue := []hex.Hex{h}; len(queue) > 0; queue = queue[1:] {
		for _, n := range queue[0].Neighbors() {
			if t, ok := s.Map.At(n); ok && rs.D.Terrain[t].Army && !out[n] {
				out[n] = true
				queue = append(queue, n)
			}
		}
	}
	return out
}

// TestRunGenerals plays a tiny ladder of generals, a card game played one
// action at a time (the Quick length, a limit of 4 rounds): every pairing
// of its levels, the stronger first, every action checked as the server
// checks it.
func TestRunGenerals(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-ruleset", "generals", "-games", "2", "-turns", "200", "-option", "length=0,rounds=4"}, &out); err != nil {
		t.Fatal(err)
	}
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Get("generals")
	pairs := pairings(rs.Info().Levels)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(pairs) == 0 || len(lines) != 1+len(pairs) {
		t.Fatalf("have the table\n%s\nwant a row for each of the pairings %v", out.String(), pairs)
	}
	for i, pr := range pairs {
		if f := strings.Fields(lines[i+1]); len(f) != 8 || f[0] != pr[0] || f[2] != pr[1] || f[6] != "2" {
			t.Errorf("row %d: have %q, want %s vs %s in 2 games", i+1, lines[i+1], pr[0], pr[1])
		}
	}
	t.Logf("the table:\n%s", out.String())
}
