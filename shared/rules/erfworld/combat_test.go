package erfworld

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
)

// Helpers of the combat tests are prefixed cb.

// cbRules returns the default rules, with edit applied to a copy of the
// data if not nil.
func cbRules(t *testing.T, edit func(d *Ruleset)) *Rules {
	t.Helper()
	d := *load(t)
	if edit != nil {
		edit(&d)
	}
	return NewRules(&d)
}

// cbUnits returns infantry, cavalry, flyers and siege counts as game.Units.
func cbUnits(t *testing.T, r *Rules, inf, cav, fly, sie int32) game.Units {
	t.Helper()
	u := make(game.Units, len(r.D.Units))
	for i, id := range []string{"infantry", "cavalry", "flyers", "siege"} {
		u[kind(t, r.D, id)] += []int32{inf, cav, fly, sie}[i]
	}
	return u
}

func cbEqualUnits(a, b game.Units) bool {
	for k := range max(len(a), len(b)) {
		if a.Get(game.UnitKind(k)) != b.Get(game.UnitKind(k)) {
			return false
		}
	}
	return true
}

// cbState returns a two-player game on a small Open map.
func cbState(t *testing.T, r *Rules, text string) *game.State {
	t.Helper()
	m, err := hexmap.Parse(text, r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	return r.NewGameOn(m, 1, 2, nil)
}

const cbOpen = `
. . . . .
 . . . . .
. . . . .
`

// cbDice returns a generator whose first rolls of a d6 are rolls, found by
// trying seeds in order (fine for up to about eight dice).
func cbDice(t *testing.T, rolls ...int) *game.RNG {
	t.Helper()
	for seed := range uint64(50_000_000) {
		g := game.NewRNG(seed)
		ok := true
		for _, want := range rolls {
			if g.Roll(6) != want {
				ok = false
				break
			}
		}
		if ok {
			g = game.NewRNG(seed)
			return &g
		}
	}
	t.Fatalf("no seed rolls %v", rolls)
	return nil
}

// cbChars makes characters from specs: "W3" is a level-3 Warlord, any
// other spec a caster kind id ("heal", "croak", "cancel", ...).
func cbChars(t *testing.T, s *game.State, specs []string) []game.Character {
	t.Helper()
	var out []game.Character
	for _, sp := range specs {
		c := game.Character{ID: game.CharacterID(s.NewID())}
		if lv, ok := strings.CutPrefix(sp, "W"); ok {
			n, err := strconv.Atoi(lv)
			if err != nil {
				t.Fatalf("character %q", sp)
			}
			c.Kind, c.Level = CharWarlord, int32(n)
		} else {
			k, ok := ParseCasterKind(sp)
			if !ok {
				t.Fatalf("character %q", sp)
			}
			c.Kind = CharCaster + uint8(k)
		}
		out = append(out, c)
	}
	return out
}

// cbArmy is an army of a battle table: units and characters.
type cbArmy struct {
	units game.Units
	chars []string
}

// cbBattle builds a battle on hex 1,1 between player 1 (defender, side 0)
// and player 2 (attacker, side 1) with the given armies, a city of player
// 1 of level cityLevel there if not 0, and dice that roll rolls.
func cbBattle(t *testing.T, r *Rules, s *game.State, def, att []cbArmy, cityLevel int, rolls []int) *game.Battle {
	t.Helper()
	h := hex.FromOffset(hex.Offset{Col: 1, Row: 1})
	b := &game.Battle{Hex: h, Winner: -2, Dice: cbDice(t, rolls...)}
	if cityLevel > 0 {
		b.City = s.AddCity(game.City{Owner: 1, Hex: h, Level: int32(cityLevel)})
	}
	for i, armies := range [2][]cbArmy{def, att} {
		b.Sides[i] = game.Side{Player: game.PlayerID(i + 1), Role: [2]game.Role{game.Defender, game.Attacker}[i]}
		for _, a := range armies {
			id := s.AddArmy(game.Army{Owner: game.PlayerID(i + 1), Hex: h, Units: a.units, Characters: cbChars(t, s, a.chars)})
			b.Sides[i].Armies = append(b.Sides[i].Armies, id)
		}
	}
	return b
}

// cbWarlordLevel returns the level of the first Warlord of army id, 0 if
// none.
func cbWarlordLevel(s *game.State, id game.ArmyID) int32 {
	a := s.Army(id)
	if a == nil {
		return 0
	}
	for _, c := range a.Characters {
		if c.Kind == CharWarlord {
			return c.Level
		}
	}
	return 0
}

// "Each roll of 4+ is a hit on the enemy. Each roll of 6 is a critical hit,
// and counts as two hits. For each failed hit, the Warlord may contribute a
// point towards making it a hit": score with fixed rolls and points.
func TestScore(t *testing.T) {
	r := cbRules(t, nil)
	noCrit := cbRules(t, func(d *Ruleset) { d.Combat.WarlordCanMakeCritical = false })
	tests := []struct {
		rule   string
		r      *Rules
		rolls  []int
		points int
		want   int
	}{
		{"Each roll of 4+ is a hit", r, []int{4, 5, 3}, 0, 2},
		{"rolls below 4 miss", r, []int{1, 2, 3}, 0, 0},
		{"Each roll of 6 is a critical hit, and counts as two hits", r, []int{6}, 0, 2},
		{"6, 6, 4, 1: five hits", r, []int{6, 6, 4, 1}, 0, 5},
		{"no dice, no hits", r, nil, 3, 0},
		{"A Warlord can turn a 5 into a 6, creating a critical hit", r, []int{5}, 1, 2},
		{"a level 3 Warlord could change a roll of 1 into a 4", r, []int{1}, 3, 1},
		{"OR three rolls of 3 into three rolls of 4", r, []int{3, 3, 3}, 3, 3},
		{"two points: two 3s into 4s beat one 4 into a 6", r, []int{3, 3, 4}, 2, 3},
		{"one point: a 5 into a 6 or a 3 into a 4, one hit more", r, []int{5, 3}, 1, 2},
		{"five points make a 1 a critical", r, []int{1}, 5, 2},
		{"three points: a 3 into a 6 or a 3 into a 4 and a 4 into a 6", r, []int{3, 4}, 3, 3},
		{"points beyond need are wasted", r, []int{1, 2}, 100, 4},
		{"a 6 cannot be raised further", r, []int{6}, 4, 2},
		{"three points, a 1 and a 5: the 5 into a 6", r, []int{1, 5}, 3, 2},
		{"warlord_can_make_critical = false: a 5 stays one hit", noCrit, []int{5}, 1, 1},
		{"warlord_can_make_critical = false: a 3 raised to 6 is one hit", noCrit, []int{3}, 3, 1},
		{"warlord_can_make_critical = false: natural 6s still count two", noCrit, []int{6, 3}, 1, 3},
	}
	for _, tt := range tests {
		if have := tt.r.score(tt.rolls, tt.points); have != tt.want {
			t.Errorf("%s: score(%v, %d) = %d, want %d", tt.rule, tt.rolls, tt.points, have, tt.want)
		}
	}
}

// The Warlord's points reach the most hits possible: score equals a brute
// force over every way of spreading the points over the dice.
func TestScoreIsBest(t *testing.T) {
	for _, canCrit := range []bool{true, false} {
		r := cbRules(t, func(d *Ruleset) { d.Combat.WarlordCanMakeCritical = canCrit })
		cb := r.D.Combat
		value := func(v int, raised bool) int {
			switch {
			case v >= cb.CriticalOn && (!raised || cb.WarlordCanMakeCritical):
				return cb.CriticalHits
			case v >= cb.HitOn:
				return 1
			}
			return 0
		}
		var brute func(rolls []int, points int) int
		brute = func(rolls []int, points int) int {
			if len(rolls) == 0 {
				return 0
			}
			best := 0
			for p := 0; p <= points; p++ {
				best = max(best, value(rolls[0]+p, p > 0)+brute(rolls[1:], points-p))
			}
			return best
		}
		rng := rand.New(rand.NewPCG(7, 7))
		for range 3000 {
			rolls := make([]int, rng.IntN(6))
			for i := range rolls {
				rolls[i] = 1 + rng.IntN(6)
			}
			points := rng.IntN(12)
			if have, want := r.score(rolls, points), brute(rolls, points); have != want {
				t.Fatalf("can make critical %v: score(%v, %d) = %d, brute force %d", canCrit, rolls, points, have, want)
			}
		}
	}
}

// "Each Infantry unit in Combat can take 2 hits before being destroyed" and
// "Unless stated by the player, casualties are taken in the following order:
// Infantry, then Cavalry, then Flyers, then Siege": hits applied in order.
func TestTakeHits(t *testing.T) {
	r := cbRules(t, nil)
	inf, cav := kind(t, r.D, "infantry"), kind(t, r.D, "cavalry")
	fly, sie := kind(t, r.D, "flyers"), kind(t, r.D, "siege")
	u := func(i, c, f, s int) []int {
		out := make([]int, len(r.D.Units))
		out[inf], out[cav], out[fly], out[sie] = i, c, f, s
		return out
	}
	city := func(k UnitKind) casualty { return casualty{army: -1, kind: k} }
	of := func(a int, k UnitKind) casualty { return casualty{army: a, kind: k} }
	tests := []struct {
		rule     string
		garrison int
		armies   [][]int
		order    []UnitKind
		hits     []int // one take per round
		want     []casualty
	}{
		{"Infantry can take 2 hits: one hit destroys nothing", 0, [][]int{u(1, 0, 0, 0)}, nil, []int{1}, nil},
		{"Infantry can take 2 hits: two destroy it", 0, [][]int{u(1, 0, 0, 0)}, nil, []int{2}, []casualty{of(0, inf)}},
		{"3 hits on 2 Infantry: one destroyed, the other survives", 0, [][]int{u(2, 0, 0, 0)}, nil, []int{3}, []casualty{of(0, inf)}},
		{"other units take 1 hit", 0, [][]int{u(0, 2, 0, 0)}, nil, []int{2}, []casualty{of(0, cav), of(0, cav)}},
		{"Infantry, then Cavalry", 0, [][]int{u(1, 1, 1, 1)}, nil, []int{3}, []casualty{of(0, inf), of(0, cav)}},
		{"Infantry, then Cavalry, then Flyers, then Siege", 0, [][]int{u(1, 1, 1, 1)}, nil, []int{5},
			[]casualty{of(0, inf), of(0, cav), of(0, fly), of(0, sie)}},
		{"hits beyond the last unit are lost", 0, [][]int{u(1, 0, 0, 1)}, nil, []int{100}, []casualty{of(0, inf), of(0, sie)}},
		{"Unless stated by the player: siege first", 0, [][]int{u(1, 1, 1, 1)}, []UnitKind{sie, fly, cav, inf}, []int{2},
			[]casualty{of(0, sie), of(0, fly)}},
		{"within a kind, armies in ID order", 0, [][]int{u(1, 0, 0, 0), u(1, 1, 0, 0)}, nil, []int{5},
			[]casualty{of(0, inf), of(1, inf), of(1, cav)}},
		{"the city's infantry fall first", 2, [][]int{u(0, 1, 0, 0)}, nil, []int{4}, []casualty{city(inf), city(inf)}},
		{"the city's infantry first, whatever the player's order", 1, [][]int{u(0, 0, 0, 1)}, []UnitKind{sie, fly, cav, inf}, []int{3},
			[]casualty{city(inf), of(0, sie)}},
		{"damage carries over between rounds of one battle", 0, [][]int{u(1, 0, 0, 0)}, nil, []int{1, 1}, []casualty{of(0, inf)}},
	}
	for _, tt := range tests {
		order := tt.order
		if order == nil {
			order = r.D.CasualtyOrder
		}
		pl := r.newPool(tt.garrison, tt.armies, order)
		total := pl.alive()
		for _, h := range tt.hits {
			pl.take(h, r.D.Units)
		}
		if !slices.Equal(pl.fallen, tt.want) {
			t.Errorf("%s: fallen %v, want %v", tt.rule, pl.fallen, tt.want)
		}
		if pl.alive() != total-len(tt.want) {
			t.Errorf("%s: %d alive of %d after %d fell", tt.rule, pl.alive(), total, len(tt.want))
		}
	}
}

// Land battles with known dice (the defender's rolls first, then the
// attacker's), each quoting its rule.
func TestLandBattle(t *testing.T) {
	base := cbRules(t, nil)
	sie, inf := kind(t, base.D, "siege"), kind(t, base.D, "infantry")
	cav, fly := kind(t, base.D, "cavalry"), kind(t, base.D, "flyers")
	U := func(i, c, f, s int32) game.Units { return cbUnits(t, base, i, c, f, s) }
	none := game.Units(nil)
	tests := []struct {
		rule     string
		edit     func(d *Ruleset)
		city     int        // level of the defender's city on the hex; 0: none
		defOrder []UnitKind // the defender's casualty order; nil: default
		def, att []cbArmy   // side 0 (player 1, defender), side 1 (attacker)
		rolls    []int      // defender's dice, then attacker's
		defRolls int        // how many of rolls are the defender's
		winner   int        // b.Winner
		losses   [2][]game.Units
		lost     [2]int     // characters lost per side
		gone     [2][]int   // indexes of armies destroyed per side
		gains    game.Units // units gained by the winner's army gainer
		gainer   int        // index of that army in the winner's side
		levels   [2][]int32 // Warlord level of each army afterwards (nil: unchecked)
	}{
		{rule: "Each roll of 4+ is a hit: a 4 destroys a siege unit",
			def: []cbArmy{{units: U(1, 0, 0, 0)}}, att: []cbArmy{{units: U(0, 0, 0, 1)}},
			rolls: []int{4, 3}, defRolls: 1, winner: 0,
			losses: [2][]game.Units{{none}, {U(0, 0, 0, 1)}}, gone: [2][]int{nil, {0}}},
		{rule: "Each roll of 6 counts as two hits: it destroys an Infantry",
			def: []cbArmy{{units: U(0, 0, 0, 1)}}, att: []cbArmy{{units: U(1, 0, 0, 0)}},
			rolls: []int{6, 1}, defRolls: 1, winner: 0,
			losses: [2][]game.Units{{none}, {U(1, 0, 0, 0)}}, gone: [2][]int{nil, {0}}},
		{rule: "Infantry can take 2 hits: one hit destroys none; equal losses, the attacker retreats",
			def: []cbArmy{{units: U(0, 0, 0, 1)}}, att: []cbArmy{{units: U(1, 0, 0, 0)}},
			rolls: []int{4, 1}, defRolls: 1, winner: 0,
			losses: [2][]game.Units{{none}, {none}}},
		{rule: "2d6 for each Cavalry unit",
			def: []cbArmy{{units: U(0, 0, 0, 3)}}, att: []cbArmy{{units: U(0, 1, 0, 0)}},
			rolls: []int{1, 1, 1, 4, 5}, defRolls: 3, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 2)}, {none}}},
		{rule: "The Side which loses the most units must retreat",
			def: []cbArmy{{units: U(0, 0, 0, 3)}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{4, 1, 1, 4, 4, 1}, defRolls: 3, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 2)}, {U(0, 0, 0, 1)}}},
		{rule: "tie_retreats = none: equal losses, nobody retreats", edit: func(d *Ruleset) { d.Combat.TieRetreats = "none" },
			def: []cbArmy{{units: U(0, 0, 0, 2)}}, att: []cbArmy{{units: U(0, 0, 0, 2)}},
			rolls: []int{4, 1, 5, 1}, defRolls: 2, winner: -1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {U(0, 0, 0, 1)}}},
		{rule: "tie_retreats = defender: equal losses, the defender retreats", edit: func(d *Ruleset) { d.Combat.TieRetreats = "defender" },
			def: []cbArmy{{units: U(0, 0, 0, 2)}}, att: []cbArmy{{units: U(0, 0, 0, 2)}},
			rolls: []int{4, 1, 5, 1}, defRolls: 2, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {U(0, 0, 0, 1)}}},
		{rule: "a side left with no units cannot win, though it lost fewer",
			def: []cbArmy{{units: U(0, 0, 0, 1)}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{6, 4, 1, 1}, defRolls: 1, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {U(0, 0, 0, 2)}}, gone: [2][]int{{0}, nil}},
		{rule: "A Warlord can turn a 5 into a 6, creating a critical hit; it gains a level for the victory",
			def: []cbArmy{{units: U(1, 0, 0, 0)}}, att: []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"W1"}}},
			rolls: []int{1, 5}, defRolls: 1, winner: 1,
			losses: [2][]game.Units{{U(1, 0, 0, 0)}, {none}}, gone: [2][]int{{0}, nil},
			levels: [2][]int32{nil, {2}}},
		{rule: "Warlords' points add up: a level 1 and a level 2 turn three 3s into 4s",
			def: []cbArmy{{units: U(0, 0, 0, 3)}}, att: []cbArmy{{units: U(0, 0, 0, 3), chars: []string{"W1"}}, {chars: []string{"W2"}}},
			rolls: []int{1, 1, 1, 3, 3, 3}, defRolls: 3, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 3)}, {none, none}}, gone: [2][]int{{0}, nil},
			levels: [2][]int32{nil, {2, 3}}},
		{rule: "Warlords gain 1 level per victory up to level 9; the loser's gain none",
			def:   []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"W9"}}, {units: U(0, 0, 0, 1), chars: []string{"W3"}}},
			att:   []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"W1"}}},
			rolls: []int{4, 1, 1, 1}, defRolls: 3, winner: 0,
			losses: [2][]game.Units{{none, none}, {U(0, 0, 0, 1)}}, lost: [2]int{0, 1}, gone: [2][]int{nil, {0}},
			levels: [2][]int32{{9, 4}, {1}}},
		{rule: "Unless stated by the player: the defender's own order loses Siege before Infantry",
			defOrder: []UnitKind{sie, fly, cav, inf},
			def:      []cbArmy{{units: U(1, 0, 0, 1)}}, att: []cbArmy{{units: U(0, 0, 0, 2)}},
			rolls: []int{1, 1, 4, 1}, defRolls: 2, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {none}}},
		{rule: "Cities ... provide Infantry Units equal to twice its level; each Siege unit lowers the defence by 1: level 2 - 1 siege = 2 Infantry, which fall first",
			city: 2,
			def:  []cbArmy{{units: U(1, 0, 0, 0)}}, att: []cbArmy{{units: U(2, 0, 0, 1)}},
			rolls: []int{1, 1, 1, 6, 6, 4}, defRolls: 3, winner: 1,
			losses: [2][]game.Units{{none}, {none}}},
		{rule: "siege lowers City defence to a minimum of 0: no Infantry from a level 1 city against 3 siege",
			city: 1,
			def:  []cbArmy{{units: U(1, 0, 0, 0)}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{4, 4, 1, 1}, defRolls: 1, winner: 0,
			losses: [2][]game.Units{{none}, {U(0, 0, 0, 1)}}},
		{rule: "the city's Infantry keep a lone Warlord alive in its city and win",
			city: 1,
			def:  []cbArmy{{chars: []string{"W1"}}}, att: []cbArmy{{units: U(0, 0, 1, 0)}},
			rolls: []int{4, 1, 1}, defRolls: 2, winner: 0,
			losses: [2][]game.Units{{none}, {U(0, 0, 1, 0)}}, gone: [2][]int{nil, {0}}, levels: [2][]int32{{2}, nil}},
		{rule: "A Warlord is destroyed if all the friendly units in the same hex are destroyed; so is a Caster",
			def: []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"W1", "croak"}}}, att: []cbArmy{{units: U(2, 0, 0, 0)}},
			rolls: []int{1, 4, 1}, defRolls: 1, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {none}}, lost: [2]int{2, 0}, gone: [2][]int{{0}, nil}},
		{rule: "a Warlord lives while friendly units in the hex live, even in another army",
			def: []cbArmy{{units: U(1, 0, 0, 0), chars: []string{"W1"}}, {units: U(0, 0, 0, 1)}}, att: []cbArmy{{units: U(0, 0, 0, 2)}},
			rolls: []int{1, 1, 6, 1}, defRolls: 2, winner: 1,
			losses: [2][]game.Units{{U(1, 0, 0, 0), none}, {none}}, levels: [2][]int32{{1}, nil}},
		{rule: "a Warlord alone is destroyed when attacked",
			def: []cbArmy{{chars: []string{"W5"}}}, att: []cbArmy{{units: U(1, 0, 0, 0)}},
			rolls: nil, defRolls: 0, winner: 1,
			losses: [2][]game.Units{{none}, {none}}, lost: [2]int{1, 0}, gone: [2][]int{{0}, nil}},
		{rule: "Croak-A-Mancer: one half (round down) of the opposing casualties are uncroaked and become part of your faction",
			def: []cbArmy{{units: U(0, 0, 1, 2)}}, att: []cbArmy{{units: U(0, 0, 0, 1)}, {units: U(2, 0, 0, 0), chars: []string{"W1", "croak"}}},
			rolls: []int{1, 1, 1, 1, 4, 6}, defRolls: 3, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 1, 2)}, {none, none}}, gone: [2][]int{{0}, nil},
			gains: U(0, 0, 1, 0), gainer: 0, levels: [2][]int32{nil, {0, 2}}},
		{rule: "Croak-A-Mancer: only in a victorious Combat",
			def: []cbArmy{{units: U(0, 0, 0, 3)}}, att: []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"croak"}}},
			rolls: []int{4, 1, 1, 4}, defRolls: 3, winner: 0,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {U(0, 0, 0, 1)}}, lost: [2]int{0, 1}, gone: [2][]int{nil, {0}}},
		{rule: "Heal-A-Mancer: casualties are reduced by half (rounded down)",
			def: []cbArmy{{units: U(0, 0, 0, 3), chars: []string{"heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{1, 1, 1, 4, 4, 4}, defRolls: 3, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {none}}},
		{rule: "Only one Heal-A-Mancer per combat: two do not quarter the casualties",
			def: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"heal", "heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 2)}},
			rolls: []int{1, 1, 4, 4}, defRolls: 2, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 1)}, {none}}},
		{rule: "Heal-A-Mancer: the casualties that fell last are the ones healed",
			def: []cbArmy{{units: U(1, 0, 0, 1), chars: []string{"heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{1, 1, 4, 4, 4}, defRolls: 2, winner: 1,
			losses: [2][]game.Units{{U(1, 0, 0, 0)}, {none}}},
		{rule: "Cancel-A-Mancer: the effects of all enemy A-Mancers are ignored",
			def: []cbArmy{{units: U(0, 0, 0, 4), chars: []string{"heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"cancel"}}},
			rolls: []int{1, 1, 1, 1, 6, 6}, defRolls: 4, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 4)}, {none}}, lost: [2]int{1, 0}, gone: [2][]int{{0}, nil}},
		{rule: "A Cancel-A-Mancer cannot cancel a Cancel-A-Mancer: each side's cancels the other's A-Mancers",
			def: []cbArmy{{units: U(0, 0, 0, 4), chars: []string{"heal", "cancel"}}}, att: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"croak", "cancel"}}},
			rolls: []int{1, 1, 1, 1, 6, 6}, defRolls: 4, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 4)}, {none}}, lost: [2]int{2, 0}, gone: [2][]int{{0}, nil}},
		{rule: "cancels_cancel = true: the Cancel-A-Mancers cancel each other and the others work",
			edit: func(d *Ruleset) { d.Caster.Cancel.CancelsCancel = true },
			def:  []cbArmy{{units: U(0, 0, 0, 4), chars: []string{"heal", "cancel"}}}, att: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"croak", "cancel"}}},
			rolls: []int{1, 1, 1, 1, 6, 6}, defRolls: 4, winner: 1,
			losses: [2][]game.Units{{U(0, 0, 0, 2)}, {none}}, gains: U(0, 0, 0, 1)},
		{rule: "Warlords are not A-Mancers: a Cancel-A-Mancer leaves their points",
			def: []cbArmy{{units: U(1, 0, 0, 0), chars: []string{"cancel"}}}, att: []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"W1"}}},
			rolls: []int{1, 5}, defRolls: 1, winner: 1,
			losses: [2][]game.Units{{U(1, 0, 0, 0)}, {none}}, lost: [2]int{1, 0}, gone: [2][]int{{0}, nil}},
		{rule: "combat.rounds = 2: a wounded Infantry falls in the second round", edit: func(d *Ruleset) { d.Combat.Rounds = 2 },
			def: []cbArmy{{units: U(1, 0, 0, 0)}}, att: []cbArmy{{units: U(0, 0, 0, 1)}},
			rolls: []int{1, 4, 1, 4}, defRolls: 2, winner: 1,
			losses: [2][]game.Units{{U(1, 0, 0, 0)}, {none}}, gone: [2][]int{{0}, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r := cbRules(t, tt.edit)
			s := cbState(t, r, cbOpen)
			if tt.defOrder != nil {
				setStock(s.Player(1), StockCasualties, packOrder(tt.defOrder))
			}
			b := cbBattle(t, r, s, tt.def, tt.att, tt.city, tt.rolls)
			r.Battle(s, b)
			got := append(slices.Clone(b.Sides[0].Rolls), b.Sides[1].Rolls...)
			if len(got) != len(tt.rolls) || len(b.Sides[0].Rolls) != tt.defRolls || (r.D.Combat.Rounds == 1 && !slices.Equal(got, tt.rolls)) {
				t.Fatalf("rolls: defender %v, attacker %v; want %v with %d for the defender", b.Sides[0].Rolls, b.Sides[1].Rolls, tt.rolls, tt.defRolls)
			}
			if b.Winner != tt.winner {
				t.Errorf("winner: have %d, want %d", b.Winner, tt.winner)
			}
			for i := range b.Sides {
				sd := &b.Sides[i]
				if len(sd.Losses) != len(sd.Armies) {
					t.Fatalf("side %d: %d losses for %d armies", i, len(sd.Losses), len(sd.Armies))
				}
				for n := range sd.Armies {
					if !cbEqualUnits(sd.Losses[n], tt.losses[i][n]) {
						t.Errorf("side %d army %d: losses %v, want %v", i, n, sd.Losses[n], tt.losses[i][n])
					}
				}
				if len(sd.LostCharacters) != tt.lost[i] {
					t.Errorf("side %d: lost characters %v, want %d", i, sd.LostCharacters, tt.lost[i])
				}
				var gone []game.ArmyID
				for _, n := range tt.gone[i] {
					gone = append(gone, sd.Armies[n])
				}
				if !slices.Equal(sd.Destroyed, gone) {
					t.Errorf("side %d: destroyed %v, want %v", i, sd.Destroyed, gone)
				}
				var gains game.Units
				for n, g := range sd.Gains {
					if g.Total() > 0 && (i != tt.winner || n != tt.gainer) {
						t.Errorf("side %d army %d gains %v", i, n, g)
					}
					gains = gains.Add(g)
				}
				want := game.Units(nil)
				if i == tt.winner {
					want = tt.gains
				}
				if !cbEqualUnits(gains, want) {
					t.Errorf("side %d: gains %v, want %v", i, gains, want)
				}
				for n, lv := range tt.levels[i] {
					if have := cbWarlordLevel(s, sd.Armies[n]); have != lv {
						t.Errorf("side %d army %d: Warlord level %d, want %d", i, n, have, lv)
					}
				}
			}
		})
	}
}

// "If opposing fleets meet, they do battle. On a d6 roll of 6, the opposing
// fleet is destroyed."
func TestFleetBattle(t *testing.T) {
	const sea = `
~ ~ ~ ~ ~
 ~ ~ ~ ~ ~
~ ~ ~ ~ ~
`
	tests := []struct {
		rule   string
		rolls  []int // the defender's fleet's die, then the attacker's
		winner int
		gone   [2]bool
	}{
		{"a 6 destroys the opposing fleet", []int{6, 5}, 0, [2]bool{false, true}},
		{"the attacker's 6 destroys the defender", []int{1, 6}, 1, [2]bool{true, false}},
		{"both roll 6: both fleets go down", []int{6, 6}, 0, [2]bool{true, true}},
		{"no 6: nothing happens; equal losses, the attacker falls back", []int{5, 4}, 0, [2]bool{false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r := cbRules(t, nil)
			s := cbState(t, r, sea)
			h := hex.FromOffset(hex.Offset{Col: 2, Row: 1})
			b := &game.Battle{Hex: h, Winner: -2, Dice: cbDice(t, tt.rolls...)}
			for i := range b.Sides {
				id := s.AddArmy(game.Army{Owner: game.PlayerID(i + 1), Hex: h, Naval: true})
				b.Sides[i] = game.Side{Player: game.PlayerID(i + 1), Role: [2]game.Role{game.Defender, game.Attacker}[i], Armies: []game.ArmyID{id}}
			}
			r.Battle(s, b)
			if got := append(slices.Clone(b.Sides[0].Rolls), b.Sides[1].Rolls...); !slices.Equal(got, tt.rolls) {
				t.Fatalf("rolls %v, want %v", got, tt.rolls)
			}
			if b.Winner != tt.winner {
				t.Errorf("winner %d, want %d", b.Winner, tt.winner)
			}
			for i := range b.Sides {
				if gone := slices.Contains(b.Sides[i].Destroyed, b.Sides[i].Armies[0]); gone != tt.gone[i] {
					t.Errorf("side %d fleet destroyed: %v, want %v", i, gone, tt.gone[i])
				}
			}
		})
	}
}

// CHOICE: a land army and an enemy fleet do not fight.
func TestLandArmyMeetsFleet(t *testing.T) {
	r := cbRules(t, nil)
	s := cbState(t, r, cbOpen)
	h := hex.FromOffset(hex.Offset{Col: 1, Row: 1})
	land := s.AddArmy(game.Army{Owner: 1, Hex: h, Units: cbUnits(t, r, 3, 0, 0, 0)})
	fleet := s.AddArmy(game.Army{Owner: 2, Hex: h, Naval: true})
	b := &game.Battle{Hex: h, Winner: 0, Dice: &s.RNG}
	b.Sides[0] = game.Side{Player: 1, Role: game.Defender, Armies: []game.ArmyID{land}}
	b.Sides[1] = game.Side{Player: 2, Role: game.Attacker, Armies: []game.ArmyID{fleet}}
	rng := s.RNG
	r.Battle(s, b)
	if b.Winner != -1 || len(b.Sides[0].Rolls)+len(b.Sides[1].Rolls) != 0 || len(b.Sides[1].Destroyed) != 0 || s.RNG != rng {
		t.Errorf("winner %d, rolls %v %v, destroyed %v: want no fight", b.Winner, b.Sides[0].Rolls, b.Sides[1].Rolls, b.Sides[1].Destroyed)
	}
}

// "Unless stated by the player, casualties are taken in the following
// order": OrderCasualties must list every unit kind once.
func TestValidateCasualties(t *testing.T) {
	r := cbRules(t, nil)
	s := cbState(t, r, cbOpen)
	tests := []struct {
		rule  string
		units game.Units
		want  string // "" valid, else a fragment of the reason
	}{
		{"the default order", game.Units{0, 1, 2, 3}, ""},
		{"siege first", game.Units{3, 2, 1, 0}, ""},
		{"too short", game.Units{0, 1, 2}, "must list each of the 4 unit kinds once"},
		{"too long", game.Units{0, 1, 2, 3, 0}, "must list each of the 4 unit kinds once"},
		{"nothing", nil, "got 0"},
		{"repeated", game.Units{0, 1, 1, 3}, "entry 3: Cavalry is listed twice"},
		{"no such kind", game.Units{0, 1, 2, 4}, "entry 4: 4 is not a unit kind (0 = Infantry, 1 = Cavalry, 2 = Flyers, 3 = Siege)"},
		{"negative", game.Units{-1, 1, 2, 3}, "entry 1: -1 is not a unit kind"},
	}
	for _, tt := range tests {
		o := game.Order{Turn: s.Turn, Kind: OrderCasualties, Units: tt.units}
		err := game.ValidateOrder(s, r, 1, &o)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.rule, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one containing %q", tt.rule, err, tt.want)
		}
	}
}

// The casualty order is packed into StockCasualties, 4 bits a kind, first
// lost in the lowest bits, 0 meaning the default order.
func TestCasualtyOrderStock(t *testing.T) {
	r := cbRules(t, nil)
	s := cbState(t, r, cbOpen)
	if got := r.casualtyOrder(s, 1); !slices.Equal(got, r.D.CasualtyOrder) {
		t.Errorf("default order %v, want %v", got, r.D.CasualtyOrder)
	}
	order := []UnitKind{3, 0, 2, 1}
	if v := packOrder(order); v != 0x1203 {
		t.Errorf("packOrder(%v) = %#x, want 0x1203", order, v)
	}
	for _, v := range []int32{0, 0x1233, 0x4210, 0x13210, -1} {
		if got, ok := unpackOrder(v, 4); ok {
			t.Errorf("unpackOrder(%#x) = %v, want the default", v, got)
		}
	}
	r.setCasualties(s, []game.PlayerOrders{
		{Player: 1, Orders: []game.Order{
			{Kind: OrderCasualties, Units: game.Units{0, 1, 2, 3}},
			{Kind: OrderCasualties, Units: game.Units{3, 0, 2, 1}}, // the last counts
		}},
		{Player: 2, Orders: []game.Order{{Kind: OrderCasualties, Units: game.Units{3, 3, 3, 3}}}}, // invalid: ignored
	})
	if got := r.casualtyOrder(s, 1); !slices.Equal(got, order) {
		t.Errorf("player 1's order %v, want %v", got, order)
	}
	if got := stock(s.Player(2), StockCasualties); got != 0 {
		t.Errorf("player 2's stored order %#x, want 0", got)
	}
}

// cbTurnState is a 12x6 Open map with a Capital for each player far apart
// and a treasury to pay any upkeep, for whole turns.
func cbTurnState(t *testing.T, r *Rules) *game.State {
	t.Helper()
	row := strings.Repeat(". ", 12)
	var text strings.Builder
	for y := range 6 {
		if y%2 == 1 {
			text.WriteString(" ")
		}
		text.WriteString(row + "\n")
	}
	s := cbState(t, r, text.String())
	for p, col := range []int{0, 11} {
		s.AddCity(game.City{Owner: game.PlayerID(p + 1), Hex: hex.FromOffset(hex.Offset{Col: col, Row: 5}),
			Level: int32(r.D.City.CapitalLevel), Capital: true})
		s.Players[p].Treasury = 100
	}
	return s
}

// A whole turn: an army with a Warlord attacks a level 1 city held by a
// garrison of one Infantry; "the City provides a number of Infantry Units
// equal to twice its level", so the defender rolls 3 dice. The attacker
// wins, takes the city and its Warlord gains a level.
func TestTurnAttackCity(t *testing.T) {
	r := cbRules(t, nil)
	s := cbTurnState(t, r)
	cityHex := hex.FromOffset(hex.Offset{Col: 5, Row: 2})
	city := s.AddCity(game.City{Owner: 1, Hex: cityHex, Level: 1})
	garrison := s.AddArmy(game.Army{Owner: 1, Hex: cityHex, Units: cbUnits(t, r, 1, 0, 0, 0)})
	attacker := s.AddArmy(game.Army{Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 6, Row: 2}),
		Units: cbUnits(t, r, 0, 20, 0, 0), Characters: cbChars(t, s, []string{"W1"})})
	game.RecordVision(s, r)
	ev := game.Resolve(s, r, []game.PlayerOrders{
		{Player: 1},
		{Player: 2, Orders: []game.Order{{Turn: s.Turn, Kind: game.OrderAttack, Army: attacker, Path: []hex.Hex{cityHex}}}},
	})
	var rep *game.BattleReport
	for _, e := range ev.List {
		if e.Kind == game.EventBattle {
			rep = e.Battle
		}
	}
	if rep == nil {
		t.Fatalf("no battle; events %+v", ev.List)
	}
	if rep.Hex != cityHex || rep.Sides[0].Player != 1 || len(rep.Sides[0].Rolls) != 3 || len(rep.Sides[1].Rolls) != 40 {
		t.Errorf("battle at %v, defender %v rolled %d dice (want 3: 1 Infantry + 2 from the city), attacker %d (want 40: 2d6 per Cavalry)",
			rep.Hex, rep.Sides[0].Player, len(rep.Sides[0].Rolls), len(rep.Sides[1].Rolls))
	}
	if rep.Winner != 2 {
		t.Errorf("winner %v, want player 2", rep.Winner)
	}
	if s.Army(garrison) != nil {
		t.Errorf("the garrison survived")
	}
	if c := s.City(city); c == nil || c.Owner != 2 {
		t.Errorf("the city was not taken: %+v", c)
	}
	if a := s.Army(attacker); a == nil || a.Hex != cityHex || cbWarlordLevel(s, attacker) != 2 {
		t.Errorf("attacker %+v: want it on the city with a level 2 Warlord", a)
	}
}

// A whole turn: a casualty order given with the turn's orders is stored
// and applies to the battles of the same turn.
func TestTurnCasualtyOrder(t *testing.T) {
	r := cbRules(t, nil)
	s := cbTurnState(t, r)
	order := game.Units{3, 2, 1, 0}
	o := game.Order{Turn: s.Turn, Kind: OrderCasualties, Units: order}
	if err := game.ValidateOrder(s, r, 1, &o); err != nil {
		t.Fatal(err)
	}
	game.RecordVision(s, r)
	game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: []game.Order{o}}, {Player: 2}})
	want := []UnitKind{3, 2, 1, 0}
	if got := r.casualtyOrder(s, 1); !slices.Equal(got, want) {
		t.Errorf("player 1's casualty order %v, want %v", got, want)
	}
	if got := r.casualtyOrder(s, 2); !slices.Equal(got, r.D.CasualtyOrder) {
		t.Errorf("player 2's casualty order %v, want the default", got)
	}
}

// Battle is deterministic: the same state and dice give the same result.
func TestBattleDeterministic(t *testing.T) {
	r := cbRules(t, nil)
	run := func() string {
		s := cbState(t, r, cbOpen)
		s.RNG = game.NewRNG(42)
		h := hex.FromOffset(hex.Offset{Col: 1, Row: 1})
		b := &game.Battle{Hex: h, Dice: &s.RNG}
		b.City = s.AddCity(game.City{Owner: 1, Hex: h, Level: 3})
		d := s.AddArmy(game.Army{Owner: 1, Hex: h, Units: cbUnits(t, r, 4, 2, 1, 1), Characters: cbChars(t, s, []string{"W3", "heal"})})
		a := s.AddArmy(game.Army{Owner: 2, Hex: h, Units: cbUnits(t, r, 6, 3, 2, 2), Characters: cbChars(t, s, []string{"W4", "croak"})})
		b.Sides[0] = game.Side{Player: 1, Role: game.Defender, Armies: []game.ArmyID{d}}
		b.Sides[1] = game.Side{Player: 2, Role: game.Attacker, Armies: []game.ArmyID{a}}
		r.Battle(s, b)
		b.Dice = nil
		return fmt.Sprintf("%+v %+v", *b, s.Armies)
	}
	if x, y := run(), run(); x != y {
		t.Errorf("two runs differ:\n%s\n%s", x, y)
	}
}

// A whole turn: a fleet attacks another. "On a d6 roll of 6, the opposing
// fleet is destroyed": over several seeds each fleet goes down exactly when
// the other rolled a 6, and fleets that were not sunk sail on (a fleet has
// no units, yet is not destroyed for that).
func TestTurnFleetBattle(t *testing.T) {
	r := cbRules(t, nil)
	survivedBoth := false
	for seed := range uint64(30) {
		m, err := hexmap.Parse(`
~ ~ ~ ~ ~ ~
 ~ ~ ~ ~ ~ ~
. . . . . .
 . . . . . .
`, r.D.Terrain)
		if err != nil {
			t.Fatal(err)
		}
		s := r.NewGameOn(m, seed, 2, nil)
		for p, col := range []int{0, 5} {
			s.AddCity(game.City{Owner: game.PlayerID(p + 1), Hex: hex.FromOffset(hex.Offset{Col: col, Row: 3}),
				Level: int32(r.D.City.CapitalLevel), Capital: true})
			s.Players[p].Treasury = 100
		}
		def := s.AddArmy(game.Army{Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 1, Row: 0}), Naval: true})
		att := s.AddArmy(game.Army{Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 3, Row: 0}), Naval: true})
		game.RecordVision(s, r)
		ev := game.Resolve(s, r, []game.PlayerOrders{
			{Player: 1},
			{Player: 2, Orders: []game.Order{{Turn: s.Turn, Kind: game.OrderAttack, Army: att,
				Path: []hex.Hex{hex.FromOffset(hex.Offset{Col: 2, Row: 0}), hex.FromOffset(hex.Offset{Col: 1, Row: 0})}}}},
		})
		var rep *game.BattleReport
		for _, e := range ev.List {
			if e.Kind == game.EventBattle {
				rep = e.Battle
			}
		}
		if rep == nil {
			t.Fatalf("seed %d: no battle", seed)
		}
		if len(rep.Sides[0].Rolls) != 1 || len(rep.Sides[1].Rolls) != 1 {
			t.Fatalf("seed %d: rolls %v and %v, want one die a fleet", seed, rep.Sides[0].Rolls, rep.Sides[1].Rolls)
		}
		sunk := [2]bool{rep.Sides[1].Rolls[0] >= r.D.Fleet.DestroyOn, rep.Sides[0].Rolls[0] >= r.D.Fleet.DestroyOn}
		for i, id := range []game.ArmyID{def, att} {
			if gone := s.Army(id) == nil; gone != sunk[i] {
				t.Errorf("seed %d: side %d's fleet gone %v, want %v (rolls %v, %v)", seed, i, gone, sunk[i], rep.Sides[0].Rolls, rep.Sides[1].Rolls)
			}
		}
		survivedBoth = survivedBoth || (!sunk[0] && !sunk[1])
	}
	if !survivedBoth {
		t.Errorf("no seed left both fleets afloat")
	}
}
