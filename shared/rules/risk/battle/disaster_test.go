package battle

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/risk/board"
)

// TestPlagueExample is the document's example of a plague, step by step:
// "He has 16 armies in Europe and 16 in Australia. He chooses Australia as
// being affected. In Australia, he has 8 armies in Indonesia, 4 in New
// Guinea, 2 in Western Australia and 2 in Eastern Australia."
func TestPlagueExample(t *testing.T) {
	b := classic(t)
	h := holdings(t, b, map[string]int{
		"Iceland": 6, "Great Britain": 5, "Southern Europe": 5,
		"Indonesia": 8, "New Guinea": 4, "Western Australia": 2, "Eastern Australia": 2,
	})
	var continentsTied []board.ContinentID
	var territoriesTied [][]board.TerritoryID
	choose := PlagueChoices{
		Continent: func(tied []board.ContinentID) board.ContinentID {
			continentsTied = tied
			return continent(t, b, "Australia") // "He chooses Australia"
		},
		Territory: func(tied []board.TerritoryID) board.TerritoryID {
			territoriesTied = append(territoriesTied, tied)
			return id(t, b, "Eastern Australia") // "He then chooses Eastern Australia"
		},
	}
	// The red and the white die of each territory, as the example rolls
	// them.
	dice := scripted(t, 4, 2, 6, 5, 3, 3, 4, 1)
	rep, err := ResolvePlague(b, h, Bonuses{}, false, dice, choose)
	if err != nil {
		t.Fatal(err)
	}
	dice.done()
	if want := []board.ContinentID{continent(t, b, "Europe"), continent(t, b, "Australia")}; !slices.Equal(continentsTied, want) {
		t.Errorf("the continents tied: have %v, want Europe and Australia %v", continentsTied, want)
	}
	wantTied := [][]board.TerritoryID{{id(t, b, "Western Australia"), id(t, b, "Eastern Australia")}}
	if !reflect.DeepEqual(territoriesTied, wantTied) {
		t.Errorf("the territories tied: have %v, want %v (after New Guinea, the two Australias)", territoriesTied, wantTied)
	}
	if rep.Continent != continent(t, b, "Australia") {
		t.Errorf("the plague struck continent %d, want Australia", rep.Continent)
	}
	steps := []struct {
		say       string
		territory string
		red, need int
		struck    bool
		white     int
		lost      int
		after     int
	}{
		{"The plague starts in Indonesia. He rolls a red 4 and a white 2, and loses 2 armies.",
			"Indonesia", 4, 5, true, 2, 2, 6},
		{"The plague then moves to New Guinea (next highest number of armies). Here he rolls a red 6 and a white 5, and loses nothing.",
			"New Guinea", 6, 4, false, 5, 0, 4},
		{"He then chooses Eastern Australia ... Here he rolls a red 3 and a white 3, but only loses 1 army.",
			"Eastern Australia", 3, 3, true, 3, 1, 1},
		{"Western Australia is the last territory affected. Here he rolls a red 4 and a white 1, and loses nothing.",
			"Western Australia", 4, 2, false, 1, 0, 2},
	}
	if len(rep.Strikes) != len(steps) {
		t.Fatalf("the plague checked %d territories, want %d: %+v", len(rep.Strikes), len(steps), rep.Strikes)
	}
	for i, st := range steps {
		s := rep.Strikes[i]
		want := Strike{
			Territory: id(t, b, st.territory),
			Check:     st.red, Need: st.need, Struck: st.struck,
			Die: st.white, Lost: st.lost,
			Before: h[id(t, b, st.territory)], After: Holding{Armies: st.after},
		}
		if s != want {
			t.Errorf("%q: have %+v, want %+v", st.say, s, want)
		}
	}
	if have := rep.Lost(); have != 3 {
		t.Errorf("the plague cost %d armies, want 3", have)
	}
	after := rep.Apply(h)
	if after[id(t, b, "Indonesia")].Armies != 6 || after[id(t, b, "Iceland")].Armies != 6 || h[id(t, b, "Indonesia")].Armies != 8 {
		t.Errorf("Apply: have %v from %v", after, h)
	}
}

// strikeRow is a Strike as a test table writes it.
type strikeRow struct {
	territory         string
	check, mod, need  int
	struck            bool
	die, dieMod, lost int
	before, after     Holding
}

func (r strikeRow) strike(t testing.TB, b *board.Board) Strike {
	return Strike{
		Territory: id(t, b, r.territory),
		Check:     r.check, CheckMod: r.mod, Need: r.need, Struck: r.struck,
		Die: r.die, DieMod: r.dieMod, Lost: r.lost,
		Before: r.before, After: r.after,
	}
}

func checkStrikes(t *testing.T, name string, b *board.Board, have []Strike, want []strikeRow) {
	t.Helper()
	var w []Strike
	for _, r := range want {
		w = append(w, r.strike(t, b))
	}
	if !reflect.DeepEqual(have, w) {
		t.Errorf("%s:\nhave %+v\nwant %+v", name, have, w)
	}
}

// hold is a holding of n armies; holdCity one of n armies and a city.
func hold(n int) Holding     { return Holding{Armies: n} }
func holdCity(n int) Holding { return Holding{Armies: n, City: true} }

// TestPlague: the plague's rules beyond the example; each case names the
// rule it checks.
func TestPlague(t *testing.T) {
	b := classic(t)
	line := lineBoard(t, 7)
	tests := []struct {
		rule   string
		b      *board.Board
		armies map[string]int
		cities []string
		bon    Bonuses
		king   bool
		dice   []int
		want   []strikeRow
	}{
		{rule: "the continent with the most number of his armies; the territory in that continent with the most",
			armies: map[string]int{"Indonesia": 9, "India": 4, "Siam": 4, "China": 4},
			dice:   []int{1, 1, 1, 1, 1, 1},
			want: []strikeRow{
				// Asia has 12; India, Siam and China tie: the lowest ID (India) by default.
				{territory: "India", check: 1, need: 5, struck: true, die: 1, lost: 1, before: hold(4), after: hold(3)},
				{territory: "Siam", check: 1, need: 4, struck: true, die: 1, lost: 1, before: hold(4), after: hold(3)},
				{territory: "China", check: 1, need: 3, struck: true, die: 1, lost: 1, before: hold(4), after: hold(3)},
			}},
		{rule: "a city counts as the equivalent of 3 armies when the player counts his armies",
			armies: map[string]int{"Indonesia": 4, "New Guinea": 2},
			cities: []string{"New Guinea"},
			dice:   []int{6, 6, 6, 6},
			want: []strikeRow{
				{territory: "New Guinea", check: 6, need: 5, die: 6, before: holdCity(2), after: holdCity(2)},
				{territory: "Indonesia", check: 6, need: 4, die: 6, before: hold(4), after: hold(4)},
			}},
		{rule: "CHOICE: the plague stays in its continent (Siam, across the sea from Indonesia, is spared)",
			armies: map[string]int{"Indonesia": 9, "Siam": 8},
			dice:   []int{1, 3},
			want: []strikeRow{
				{territory: "Indonesia", check: 1, need: 5, struck: true, die: 3, lost: 3, before: hold(9), after: hold(6)},
			}},
		{rule: "Note that adjacent territories include those linked by lines across seas",
			armies: map[string]int{"Indonesia": 9, "Western Australia": 3, "Eastern Australia": 5},
			dice:   []int{6, 1, 6, 1, 6, 1},
			want: []strikeRow{
				{territory: "Indonesia", check: 6, need: 5, die: 1, before: hold(9), after: hold(9)},
				{territory: "Western Australia", check: 6, need: 4, die: 1, before: hold(3), after: hold(3)},
				{territory: "Eastern Australia", check: 6, need: 3, die: 1, before: hold(5), after: hold(5)},
			}},
		{rule: "CHOICE: the next territory is adjacent to the last checked (Eastern Australia is not adjacent to Indonesia)",
			armies: map[string]int{"Indonesia": 9, "Eastern Australia": 5},
			dice:   []int{6, 1},
			want: []strikeRow{
				{territory: "Indonesia", check: 6, need: 5, die: 1, before: hold(9), after: hold(9)},
			}},
		{rule: "a territory with the most armies is checked next, whether or not the one before was struck",
			armies: map[string]int{"Indonesia": 9, "New Guinea": 2, "Western Australia": 5, "Eastern Australia": 7},
			dice:   []int{6, 1, 1, 4, 1, 4, 1, 4},
			want: []strikeRow{
				{territory: "Indonesia", check: 6, need: 5, die: 1, before: hold(9), after: hold(9)},
				{territory: "Western Australia", check: 1, need: 4, struck: true, die: 4, lost: 4, before: hold(5), after: hold(1)},
				{territory: "Eastern Australia", check: 1, need: 3, struck: true, die: 4, lost: 4, before: hold(7), after: hold(3)},
				{territory: "New Guinea", check: 1, need: 2, struck: true, die: 4, lost: 1, before: hold(2), after: hold(1)},
			}},
		{rule: "has checked 5 territories (in each case lowering the number to be rolled by 1)",
			b:      line,
			armies: map[string]int{"L1": 9, "L2": 8, "L3": 7, "L4": 6, "L5": 5, "L6": 4, "L7": 3},
			dice:   []int{2, 1, 2, 1, 2, 1, 2, 1, 1, 1},
			want: []strikeRow{
				{territory: "L1", check: 2, need: 5, struck: true, die: 1, lost: 1, before: hold(9), after: hold(8)},
				{territory: "L2", check: 2, need: 4, struck: true, die: 1, lost: 1, before: hold(8), after: hold(7)},
				{territory: "L3", check: 2, need: 3, struck: true, die: 1, lost: 1, before: hold(7), after: hold(6)},
				{territory: "L4", check: 2, need: 2, struck: true, die: 1, lost: 1, before: hold(6), after: hold(5)},
				{territory: "L5", check: 1, need: 1, struck: true, die: 1, lost: 1, before: hold(5), after: hold(4)},
			}},
		{rule: "a player may always retain one army in each territory affected",
			armies: map[string]int{"Indonesia": 3},
			dice:   []int{1, 6},
			want: []strikeRow{
				{territory: "Indonesia", check: 1, need: 5, struck: true, die: 6, lost: 2, before: hold(3), after: hold(1)},
			}},
		{rule: "Medicine II: Add one to the die roll when determining if a territory is affected by a Plague",
			armies: map[string]int{"Indonesia": 9, "New Guinea": 4},
			bon:    Bonuses{MedicineII: true},
			dice:   []int{5, 3, 3, 3},
			want: []strikeRow{
				{territory: "Indonesia", check: 5, mod: 1, need: 5, die: 3, before: hold(9), after: hold(9)},
				{territory: "New Guinea", check: 3, mod: 1, need: 4, struck: true, die: 3, lost: 3, before: hold(4), after: hold(1)},
			}},
		{rule: "Medicine I: Subtract one from the die roll when determining the number of armies lost",
			armies: map[string]int{"Indonesia": 9},
			bon:    Bonuses{MedicineI: true},
			dice:   []int{1, 3},
			want: []strikeRow{
				{territory: "Indonesia", check: 1, need: 5, struck: true, die: 3, dieMod: -1, lost: 2, before: hold(9), after: hold(7)},
			}},
		{rule: "Medicine I on a white 1 costs nothing",
			armies: map[string]int{"Indonesia": 9},
			bon:    Bonuses{MedicineI: true},
			dice:   []int{1, 1},
			want: []strikeRow{
				{territory: "Indonesia", check: 1, need: 5, struck: true, die: 1, dieMod: -1, before: hold(9), after: hold(9)},
			}},
		{rule: "King card adds +1 to any die roll to determine the number of armies lost (not a roll to see if Plague occurs)",
			armies: map[string]int{"Indonesia": 9},
			king:   true,
			dice:   []int{5, 3},
			want: []strikeRow{
				{territory: "Indonesia", check: 5, need: 5, struck: true, die: 3, dieMod: 1, lost: 4, before: hold(9), after: hold(5)},
			}},
		{rule: "King and Medicine I together",
			armies: map[string]int{"Indonesia": 9},
			king:   true, bon: Bonuses{MedicineI: true, MedicineII: true},
			dice: []int{4, 3},
			want: []strikeRow{
				{territory: "Indonesia", check: 4, mod: 1, need: 5, struck: true, die: 3, lost: 3, before: hold(9), after: hold(6)},
			}},
		{rule: "CHOICE: a loss in a territory with a city is paid with its armies first, then the city converted into 3 armies",
			armies: map[string]int{"Indonesia": 2, "New Guinea": 1, "Western Australia": 0},
			cities: []string{"Indonesia", "New Guinea", "Western Australia"},
			dice:   []int{1, 2, 1, 6, 1, 2},
			want: []strikeRow{
				{territory: "Indonesia", check: 1, need: 5, struck: true, die: 2, lost: 2, before: holdCity(2), after: holdCity(0)},
				{territory: "New Guinea", check: 1, need: 4, struck: true, die: 6, lost: 3, before: holdCity(1), after: hold(1)},
				{territory: "Western Australia", check: 1, need: 3, struck: true, die: 2, lost: 2, before: holdCity(0), after: hold(1)},
			}},
		{rule: "a player with no armies suffers nothing",
			armies: map[string]int{"Indonesia": 0},
		},
	}
	for _, tt := range tests {
		bb := tt.b
		if bb == nil {
			bb = b
		}
		dice := scripted(t, tt.dice...)
		rep, err := ResolvePlague(bb, holdings(t, bb, tt.armies, tt.cities...), tt.bon, tt.king, dice, PlagueChoices{})
		if err != nil {
			t.Errorf("%s: %v", tt.rule, err)
			continue
		}
		dice.done()
		if rep.Disaster != Plague || rep.King != tt.king {
			t.Errorf("%s: the report is of %v, King %v", tt.rule, rep.Disaster, rep.King)
		}
		checkStrikes(t, tt.rule, bb, rep.Strikes, tt.want)
	}
}

// lineBoard is a continent of n territories L1 to Ln in a line.
func lineBoard(t testing.TB, n int) *board.Board {
	var places []place
	var links [][2]string
	for i := 1; i <= n; i++ {
		places = append(places, place{name: "L" + string(rune('0'+i)), continent: "Line"})
		if i > 1 {
			links = append(links, [2]string{places[i-2].name, places[i-1].name})
		}
	}
	return newBoard(t, "line", places, links)
}

// TestPlagueChoices: "he can choose which one is affected": the choice is
// asked only of places tied for the most, and a choice that is not one of
// them is refused.
func TestPlagueChoices(t *testing.T) {
	b := classic(t)
	h := holdings(t, b, map[string]int{"Indonesia": 5, "Siam": 5})
	asked := 0
	_, err := ResolvePlague(b, h, Bonuses{}, false, scripted(t, 6, 6, 6, 6), PlagueChoices{
		Continent: func(tied []board.ContinentID) board.ContinentID {
			asked++
			return continent(t, b, "Europe")
		},
	})
	if err == nil || !strings.Contains(err.Error(), "not one of") {
		t.Errorf("a continent not tied: have error %v", err)
	}
	if asked != 1 {
		t.Errorf("asked %d times", asked)
	}
	_, err = ResolvePlague(b, holdings(t, b, map[string]int{"Indonesia": 5, "New Guinea": 5}), Bonuses{}, false, scripted(t, 6, 6, 6, 6),
		PlagueChoices{
			Continent: func([]board.ContinentID) board.ContinentID {
				t.Error("asked to choose a continent where none is tied")
				return 0
			},
			Territory: func([]board.TerritoryID) board.TerritoryID { return id(t, b, "Siam") },
		})
	if err == nil || !strings.Contains(err.Error(), "not one of") {
		t.Errorf("a territory not tied: have error %v", err)
	}
}

// TestNaturalDisasters: 'Quakes and Floods, "a die for each territory in
// which can be so affected (Table 3), and in which he has armies"; each
// case names the rule it checks.
func TestNaturalDisasters(t *testing.T) {
	b := classic(t)
	tests := []struct {
		rule     string
		disaster Disaster
		armies   map[string]int
		cities   []string
		bon      Bonuses
		king     bool
		dice     []int
		want     []strikeRow
	}{
		{rule: "'Quakes strike the marked territories where he has armies, in ID order; the die is the armies lost",
			disaster: Quakes,
			armies:   map[string]int{"North Africa": 5, "Southern Europe": 9, "Iceland": 7, "Kamchatka": 0, "Western Australia": 3, "Egypt": 8},
			dice:     []int{4, 2, 1},
			want: []strikeRow{
				{territory: "Southern Europe", struck: true, die: 4, lost: 4, before: hold(9), after: hold(5)},
				{territory: "Western Australia", struck: true, die: 2, lost: 2, before: hold(3), after: hold(1)},
				{territory: "North Africa", struck: true, die: 1, lost: 1, before: hold(5), after: hold(4)},
			}},
		{rule: "Floods strike the territories marked for Floods",
			disaster: Floods,
			armies:   map[string]int{"North Africa": 5, "Iceland": 7, "Siam": 2, "East Africa": 4},
			dice:     []int{3, 5, 6},
			want: []strikeRow{
				{territory: "Iceland", struck: true, die: 3, lost: 3, before: hold(7), after: hold(4)},
				{territory: "Siam", struck: true, die: 5, lost: 1, before: hold(2), after: hold(1)},
				{territory: "East Africa", struck: true, die: 6, lost: 3, before: hold(4), after: hold(1)},
			}},
		{rule: "Regardless of the die roll, a player will always retain one army",
			disaster: Floods,
			armies:   map[string]int{"Iceland": 1},
			dice:     []int{6},
			want: []strikeRow{
				{territory: "Iceland", struck: true, die: 6, before: hold(1), after: hold(1)},
			}},
		{rule: "add one to the die roll if the King card has been played",
			disaster: Quakes, king: true,
			armies: map[string]int{"Southern Europe": 9},
			dice:   []int{6},
			want: []strikeRow{
				{territory: "Southern Europe", struck: true, die: 6, dieMod: 1, lost: 7, before: hold(9), after: hold(2)},
			}},
		{rule: "'Quake Shelter: Subtract one from the die roll when determining the number of armies lost through 'Quakes",
			disaster: Quakes, bon: Bonuses{QuakeShelter: true, StormShelter: true},
			armies: map[string]int{"Southern Europe": 9, "North Africa": 3},
			dice:   []int{4, 1},
			want: []strikeRow{
				{territory: "Southern Europe", struck: true, die: 4, dieMod: -1, lost: 3, before: hold(9), after: hold(6)},
				{territory: "North Africa", struck: true, die: 1, dieMod: -1, before: hold(3), after: hold(3)},
			}},
		{rule: "the Storm Shelter does not shelter from 'Quakes",
			disaster: Quakes, bon: Bonuses{StormShelter: true},
			armies: map[string]int{"Southern Europe": 9},
			dice:   []int{4},
			want: []strikeRow{
				{territory: "Southern Europe", struck: true, die: 4, lost: 4, before: hold(9), after: hold(5)},
			}},
		{rule: "Storm Shelter: Subtract one from the die roll when determining the number of armies lost through Floods; with the King they cancel",
			disaster: Floods, king: true, bon: Bonuses{StormShelter: true},
			armies: map[string]int{"Iceland": 9},
			dice:   []int{4},
			want: []strikeRow{
				{territory: "Iceland", struck: true, die: 4, lost: 4, before: hold(9), after: hold(5)},
			}},
		{rule: "CHOICE: a city counts as 3 armies: the armies pay first, then the city converted into 3 armies; a lone city is struck",
			disaster: Floods,
			armies:   map[string]int{"Iceland": 4, "Siam": 2, "Indonesia": 0, "East Africa": 1},
			cities:   []string{"Iceland", "Siam", "Indonesia", "East Africa"},
			dice:     []int{3, 4, 1, 6},
			want: []strikeRow{
				{territory: "Iceland", struck: true, die: 3, lost: 3, before: holdCity(4), after: holdCity(1)},
				{territory: "Siam", struck: true, die: 4, lost: 4, before: holdCity(2), after: hold(1)},
				{territory: "Indonesia", struck: true, die: 1, lost: 1, before: holdCity(0), after: hold(2)},
				{territory: "East Africa", struck: true, die: 6, lost: 3, before: holdCity(1), after: hold(1)},
			}},
		{rule: "a loss equal to the armies leaves the city standing alone",
			disaster: Floods,
			armies:   map[string]int{"Iceland": 2},
			cities:   []string{"Iceland"},
			dice:     []int{2},
			want: []strikeRow{
				{territory: "Iceland", struck: true, die: 2, lost: 2, before: holdCity(2), after: holdCity(0)},
			}},
	}
	for _, tt := range tests {
		resolve := ResolveQuakes
		if tt.disaster == Floods {
			resolve = ResolveFloods
		}
		dice := scripted(t, tt.dice...)
		rep, err := resolve(b, holdings(t, b, tt.armies, tt.cities...), tt.bon, tt.king, dice)
		if err != nil {
			t.Errorf("%s: %v", tt.rule, err)
			continue
		}
		dice.done()
		if rep.Disaster != tt.disaster || rep.King != tt.king || rep.Continent != 0 || rep.GoodsLost != 0 {
			t.Errorf("%s: report %v King %v continent %d goods %d", tt.rule, rep.Disaster, rep.King, rep.Continent, rep.GoodsLost)
		}
		checkStrikes(t, tt.rule, b, rep.Strikes, tt.want)
	}
}

// TestRiots: "If there are 5 Cities, the chance of the first city being
// affected are 5 in 6 ... the second city ... 4 in 6, and so on"; each
// case names the rule it checks.
func TestRiots(t *testing.T) {
	b := classic(t)
	five := map[string]int{"Iceland": 2, "Siam": 0, "Indonesia": 4, "Egypt": 1, "China": 3, "India": 7}
	fiveCities := []string{"Iceland", "Siam", "Indonesia", "Egypt", "China"}
	tests := []struct {
		rule   string
		armies map[string]int
		cities []string
		order  []string
		bon    Bonuses
		dice   []int
		want   []strikeRow
		goods  int
	}{
		{rule: "the player specifies the order; with 5 cities the first riots on 5 or less, the second on 4 or less, and so on",
			armies: five, cities: fiveCities,
			order: []string{"Indonesia", "Iceland", "China", "Siam", "Egypt"},
			dice:  []int{5, 5, 3, 2, 1},
			want: []strikeRow{
				{territory: "Indonesia", check: 5, need: 5, struck: true, lost: 2, before: holdCity(4), after: hold(5)},
				{territory: "Iceland", check: 5, need: 4, before: holdCity(2), after: holdCity(2)},
				{territory: "China", check: 3, need: 3, struck: true, lost: 2, before: holdCity(3), after: hold(4)},
				{territory: "Siam", check: 2, need: 2, struck: true, lost: 2, before: holdCity(0), after: hold(1)},
				{territory: "Egypt", check: 1, need: 1, struck: true, lost: 2, before: holdCity(1), after: hold(2)},
			},
			goods: 4},
		{rule: "If there are 4 Cities, the chance of the first city being affected are 4 in 6; no order given: in ID order",
			armies: map[string]int{"Iceland": 2, "Siam": 0, "Indonesia": 4, "Egypt": 1},
			cities: []string{"Iceland", "Siam", "Indonesia", "Egypt"},
			dice:   []int{5, 3, 3, 2},
			want: []strikeRow{
				{territory: "Iceland", check: 5, need: 4, before: holdCity(2), after: holdCity(2)},
				{territory: "Siam", check: 3, need: 3, struck: true, lost: 2, before: holdCity(0), after: hold(1)},
				{territory: "Indonesia", check: 3, need: 2, before: holdCity(4), after: holdCity(4)},
				{territory: "Egypt", check: 2, need: 1, before: holdCity(1), after: holdCity(1)},
			},
			goods: 1},
		{rule: "Riot Gear: Add one to the die roll when determining if a city is affected (CHOICE: a riot less likely)",
			armies: map[string]int{"Iceland": 2, "Siam": 0},
			cities: []string{"Iceland", "Siam"},
			bon:    Bonuses{RiotGear: true},
			dice:   []int{2, 1},
			want: []strikeRow{
				{territory: "Iceland", check: 2, mod: 1, need: 2, before: holdCity(2), after: holdCity(2)},
				{territory: "Siam", check: 1, mod: 1, need: 1, before: holdCity(0), after: holdCity(0)},
			}},
		{rule: "Riot Gear: a 1 still riots where 2 or less riots",
			armies: map[string]int{"Iceland": 2, "Siam": 0},
			cities: []string{"Iceland", "Siam"},
			bon:    Bonuses{RiotGear: true},
			dice:   []int{1, 6},
			want: []strikeRow{
				{territory: "Iceland", check: 1, mod: 1, need: 2, struck: true, lost: 2, before: holdCity(2), after: hold(3)},
				{territory: "Siam", check: 6, mod: 1, need: 1, before: holdCity(0), after: holdCity(0)},
			},
			goods: 1},
		{rule: "a player with no cities has no riot",
			armies: map[string]int{"Iceland": 2},
		},
	}
	for _, tt := range tests {
		var order []board.TerritoryID
		for _, name := range tt.order {
			order = append(order, id(t, b, name))
		}
		dice := scripted(t, tt.dice...)
		rep, err := ResolveRiots(b, holdings(t, b, tt.armies, tt.cities...), tt.bon, order, dice)
		if err != nil {
			t.Errorf("%s: %v", tt.rule, err)
			continue
		}
		dice.done()
		if rep.Disaster != Riots || rep.GoodsLost != tt.goods {
			t.Errorf("%s: report of %v, %d Goods cards lost, want %d", tt.rule, rep.Disaster, rep.GoodsLost, tt.goods)
		}
		checkStrikes(t, tt.rule, b, rep.Strikes, tt.want)
	}
}

// TestDisastersRefuse: holdings that cannot be and riot orders that are
// not the player's cities each once get an error that names the problem,
// and no die is rolled.
func TestDisastersRefuse(t *testing.T) {
	b := classic(t)
	good := holdings(t, b, map[string]int{"Iceland": 2, "Siam": 1}, "Iceland", "Siam")
	tests := []struct {
		name  string
		h     Holdings
		order []board.TerritoryID
		want  string
	}{
		{name: "a territory not on the board", h: Holdings{99: {Armies: 1}}, want: "territory 99"},
		{name: "fewer than no armies", h: Holdings{id(t, b, "Iceland"): {Armies: -2}}, want: "-2 armies in Iceland"},
		{name: "a riot order naming a territory without a city", h: good,
			order: []board.TerritoryID{id(t, b, "Iceland"), id(t, b, "Egypt")}, want: "Egypt, where the player has no city"},
		{name: "a riot order naming a city twice", h: good,
			order: []board.TerritoryID{id(t, b, "Iceland"), id(t, b, "Iceland")}, want: "Iceland twice"},
		{name: "a riot order leaving a city out", h: good,
			order: []board.TerritoryID{id(t, b, "Siam")}, want: "1 of the player's 2 cities"},
		{name: "a riot order naming a territory not on the board", h: good,
			order: []board.TerritoryID{id(t, b, "Siam"), 77}, want: "territory 77"},
	}
	for _, tt := range tests {
		var errs []error
		_, err := ResolveRiots(b, tt.h, Bonuses{}, tt.order, scripted(t))
		errs = append(errs, err)
		if tt.order == nil {
			for _, f := range []func(*board.Board, Holdings, Bonuses, bool, Roller) (Report, error){ResolveQuakes, ResolveFloods} {
				_, err := f(b, tt.h, Bonuses{}, false, scripted(t))
				errs = append(errs, err)
			}
			_, err := ResolvePlague(b, tt.h, Bonuses{}, false, scripted(t), PlagueChoices{})
			errs = append(errs, err)
		}
		for _, err := range errs {
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: have error %v, want one saying %q", tt.name, err, tt.want)
			}
		}
	}
}

// TestDisasterNames: the disasters are named as the document names them.
func TestDisasterNames(t *testing.T) {
	for d, want := range map[Disaster]string{Quakes: "'Quakes", Floods: "Floods", Plague: "Plague", Riots: "Riots", 9: "Disaster(9)"} {
		if have := d.String(); have != want {
			t.Errorf("%d: have %q, want %q", d, have, want)
		}
	}
}
