package erfpires

import (
	"regexp"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	ep "empires/shared/rules/erfpires"
)

// plainMap is Plains all over, for the days the log test plays.
//
//	col:  0 1 2 3 4 5 6 7 8 9 10 11
const plainMap = `
. . . . . . . . . . . .
 . . . . . . . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .`

// orders are a day's orders by player.
type orders map[game.PlayerID][]game.Order

// playDay resolves a day of s with os, each list checked as the server
// checks it first, and returns what each player's log says of it: the
// log of a model that held the player's view before the day and took the
// day's events the player may know and its view after.
func playDay(t *testing.T, r *ep.Rules, s *game.State, os orders) (map[game.PlayerID][]string, []game.Event) {
	t.Helper()
	models := map[game.PlayerID]*model.Model{}
	var all []game.PlayerOrders
	for p := game.PlayerID(1); int(p) <= len(s.Players); p++ {
		if s.Player(p).Alive {
			models[p] = modelOf(t, r, s, p)
		}
		if list, ok := os[p]; ok {
			for i := range list {
				list[i].Turn = s.Turn
			}
			if errs := game.ValidateOrders(s, r, p, list); errs != nil {
				t.Fatalf("day %d, %s: orders refused: %v", s.Turn, p, errs[0])
			}
			all = append(all, game.PlayerOrders{Player: p, Orders: list})
		}
	}
	ev := game.Resolve(s, r, all)
	out := map[game.PlayerID][]string{}
	for p, m := range models {
		m.ApplyUpdate(ev.For(s, p), game.NewView(s, p))
		for _, l := range m.Log() {
			out[p] = append(out[p], l.Text)
		}
	}
	return out, ev.List
}

// TestEventWords plays days that make every event of erfpires and each
// of the engine's it words its own way, and checks the words of each
// player's log: recruits, taxes, trades (both sides, and one-sided),
// tributes given and received, builds, structures razed and taken,
// battles with each side's die, Combat and Defence and who retreats, a
// truce meeting, a city taken, builds that clash, the end of a player and
// of the game. No line names a player by number.
func TestEventWords(t *testing.T) {
	tests := []struct {
		name string
		day  func(t *testing.T, r *ep.Rules, s *game.State) orders
		want map[game.PlayerID][]string // parts of lines of each player's log
	}{
		{name: "recruit", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			c := addCity(r, s, 1, 1, 1)
			addCity(r, s, 2, 9, 1)
			addCity(r, s, 3, 9, 5)
			return orders{1: {{Kind: ep.OrderRecruit, City: c, Units: units(t, r, "1 infantry, 1 flyer")}}}
		}, want: map[game.PlayerID][]string{1: {"You recruited 1 Infantry, 1 Flyer in the city at (1,1)"}}},
		{name: "tax", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			addStructure(t, r, s, 1, "farm", 2, 1)
			addArmy(t, r, s, 1, 1, 1, "2 infantry")
			addCity(r, s, 2, 9, 1)
			addCity(r, s, 3, 9, 5)
			return orders{1: {{Kind: ep.OrderTax}}}
		}, want: map[game.PlayerID][]string{1: {"You taxed your Erfpire: revenue 4, maintenance 1: +3 Smuckers"}}},
		{name: "trade, both sides", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			addCity(r, s, 2, 9, 1)
			addCity(r, s, 3, 9, 5)
			return orders{1: {{Kind: ep.OrderTrade, Player: 2}}, 2: {{Kind: ep.OrderTrade, Player: 1}}}
		}, want: map[game.PlayerID][]string{1: {"You traded with Blue: +1 Smucker"}, 2: {"You traded with Red: +1 Smucker"}}},
		{name: "trade, one side", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			addCity(r, s, 2, 9, 1)
			addCity(r, s, 3, 9, 5)
			return orders{1: {{Kind: ep.OrderTrade, Player: 2}}, 2: {{Kind: ep.OrderTax}}}
		}, want: map[game.PlayerID][]string{
			1: {"No trade: Blue did not trade with you today"},
			2: {"Red offered to trade with you today, and you did not trade with them"},
		}},
		{name: "tribute", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			addCity(r, s, 1, 5, 1)
			addCity(r, s, 2, 9, 4)
			addCity(r, s, 3, 9, 0)
			return orders{1: {{Kind: ep.OrderTribute, Player: 2}}}
		}, want: map[game.PlayerID][]string{
			1: {"You gave 3 Smuckers in tribute to Blue: Blue may not attack you until day 7"},
			2: {"Red gave you 3 Smuckers in tribute: you may not attack Red until day 7"},
		}},
		{name: "builds", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			a := addArmy(t, r, s, 1, 6, 3, "2 infantry")
			addCity(r, s, 2, 9, 1)
			addCity(r, s, 3, 10, 5)
			return orders{
				1: {{Kind: ep.OrderBuildCity, Hex: at(6, 3), Army: a}},
				2: {{Kind: ep.OrderBuild, Unit: 2, Hex: at(8, 1)}},
			}
		}, want: map[game.PlayerID][]string{1: {"You built a city at (6,3)"}, 2: {"You built a Dinglehoober at (8,1)"}}},
		{name: "a farm razed, a fort taken", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			addCity(r, s, 2, 10, 4)
			addStructure(t, r, s, 1, "farm", 2, 1)
			addStructure(t, r, s, 1, "fort", 1, 3)
			addCity(r, s, 3, 10, 0)
			a := addArmy(t, r, s, 2, 4, 1, "1 infantry")
			b := addArmy(t, r, s, 3, 3, 3, "1 infantry")
			return orders{
				2: {{Kind: game.OrderMove, Army: a, Path: []hex.Hex{at(3, 1), at(2, 1)}}},
				3: {{Kind: game.OrderMove, Army: b, Path: []hex.Hex{at(2, 3), at(1, 3)}}},
			}
		}, want: map[game.PlayerID][]string{
			1: {"Blue's army razed your Farm at (2,1)", "Green's army captured your Fort at (1,3)"},
			2: {"Your army razed Red's Farm at (2,1)"},
			3: {"Your army captured Red's Fort at (1,3)"},
		}},
		{name: "a move", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			a := addArmy(t, r, s, 1, 1, 1, "2 infantry")
			addCity(r, s, 2, 10, 1)
			addCity(r, s, 3, 10, 5)
			return orders{1: {{Kind: game.OrderMove, Army: a, Path: []hex.Hex{at(2, 1), at(3, 1)}}}}
		}, want: map[game.PlayerID][]string{1: {"moved to (3,1)"}}},
		{name: "an explore", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			a := addArmy(t, r, s, 1, 1, 1, "2 infantry")
			addCity(r, s, 2, 10, 1)
			addCity(r, s, 3, 10, 5)
			return orders{1: {{Kind: game.OrderExplore, Army: a, Dir: hex.East}}}
		}, want: map[game.PlayerID][]string{1: {"explored to (3,1)"}}},
		{name: "an attack that found nobody", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 1, 1)
			a := addArmy(t, r, s, 1, 1, 1, "2 infantry")
			addCity(r, s, 2, 10, 1)
			addCity(r, s, 3, 10, 5)
			return orders{1: {{Kind: game.OrderAttack, Army: a, Path: []hex.Hex{at(2, 1), at(3, 1)}}}}
		}, want: map[game.PlayerID][]string{1: {"'s attack found nobody at (3,1)"}}},
		{name: "battle", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 0, 0)
			addCity(r, s, 2, 11, 5)
			addCity(r, s, 3, 11, 0)
			a := addArmy(t, r, s, 1, 4, 2, "4 heavy")
			addArmy(t, r, s, 2, 5, 2, "4 heavy")
			return orders{1: {{Kind: game.OrderAttack, Army: a, Path: []hex.Hex{at(5, 2)}}}}
		}, want: map[game.PlayerID][]string{
			1: {"Your army ", "(Heavy 4)", " Blue's army ", " at (5,2)", "Red rolled ", ": Combat 4 + die ", " − Defence 4 = ", "Blue rolled "},
			2: {"Your army ", " Red's army ", "Red rolled ", "Blue rolled "},
		}},
		{name: "truce meeting", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 11, 0)
			addCity(r, s, 2, 0, 5)
			addCity(r, s, 3, 11, 5)
			rcv := addArmy(t, r, s, 2, 2, 2, "4 infantry")
			giv := addArmy(t, r, s, 1, 6, 2, "4 infantry")
			s.Player(2).Stock[ep.StockTruce+0] = 7
			s.Player(1).Stock[ep.StockProtected+1] = 7
			return orders{
				2: {{Kind: game.OrderAttack, Army: rcv, Path: []hex.Hex{at(3, 2), at(4, 2)}}},
				1: {{Kind: game.OrderMove, Army: giv, Path: []hex.Hex{at(5, 2), at(4, 2)}}},
			}
		}, want: map[game.PlayerID][]string{
			1: {"Your army ", " met Blue's army "},
			2: {"Your army ", " met Red's army ", " at (4,2): Blue took the tribute of Red and may not attack them before day 8: no blow is struck, Blue falls back"},
		}},
		{name: "a city taken", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 0, 0)
			addCity(r, s, 2, 5, 2)
			addCity(r, s, 2, 9, 5)
			addCity(r, s, 3, 11, 0)
			a := addArmy(t, r, s, 1, 4, 2, "1 infantry")
			return orders{1: {{Kind: game.OrderAttack, Army: a, Path: []hex.Hex{at(5, 2)}}}}
		}, want: map[game.PlayerID][]string{
			1: {"You captured Blue's city at (5,2)", "Blue had no army: Red holds the hex"},
			2: {"Red captured your city at (5,2)"},
		}},
		{name: "builds that clash", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			addCity(r, s, 1, 0, 0)
			addCity(r, s, 2, 11, 5)
			addCity(r, s, 3, 11, 0)
			a := addArmy(t, r, s, 1, 5, 2, "1 infantry")
			b := addArmy(t, r, s, 2, 6, 2, "1 infantry")
			return orders{
				1: {{Kind: ep.OrderBuildCity, Hex: at(5, 2), Army: a}},
				2: {{Kind: ep.OrderBuildCity, Hex: at(6, 2), Army: b}},
			}
		}, want: map[game.PlayerID][]string{0: {" the same day, and the lot fell to them"}}},
		{name: "the last Erfpire standing", day: func(t *testing.T, r *ep.Rules, s *game.State) orders {
			s.Player(3).Alive = false
			addCity(r, s, 1, 0, 0)
			a := addArmy(t, r, s, 1, 4, 2, "8 infantry")
			addArmy(t, r, s, 2, 5, 2, "1 infantry")
			return orders{1: {{Kind: game.OrderAttack, Army: a, Path: []hex.Hex{at(5, 2)}}}}
		}, want: map[game.PlayerID][]string{
			1: {"You won the game: Red is the last Erfpire standing"},
			2: {"You are out of the game"},
		}},
	}
	kinds := map[game.EventKind]bool{}
	number := regexp.MustCompile(`player \d|city \d|structure \d|Event of kind`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, plainMap)
			logs, events := playDay(t, r, s, tt.day(t, r, s))
			for _, e := range events {
				kinds[e.Kind] = true
			}
			for p, parts := range tt.want {
				lines := logs[p]
				if p == 0 { // either player's
					lines = append(logs[1], logs[2]...)
				}
				text := strings.Join(lines, "\n")
				for _, part := range parts {
					if !strings.Contains(text, part) {
						t.Errorf("%s's log does not say %q:\n%s", p, part, text)
					}
				}
			}
			for p, lines := range logs {
				seen := map[string]bool{}
				for _, l := range lines {
					if number.MatchString(l) {
						t.Errorf("%s's log names a thing by its number: %q", p, l)
					}
					if seen[l] {
						t.Errorf("%s's log says twice %q", p, l)
					}
					seen[l] = true
				}
			}
		})
	}
	for _, k := range []game.EventKind{ep.EventRecruit, ep.EventTax, ep.EventTrade, ep.EventTribute, ep.EventStructureTaken,
		ep.EventStructureLost, game.EventBuild, game.EventBattle, game.EventRetreat, game.EventCapture,
		game.EventOrderSkipped, game.EventEliminated, game.EventVictory} {
		if !kinds[k] {
			t.Errorf("no day made an event of kind %d", k)
		}
	}
}

// TestDayWords: a game of days says "day" where the others say "turn":
// the model's name of a turn, and the tooltip of what was last seen.
func TestDayWords(t *testing.T) {
	r, s := scenario(t, plainMap)
	addCity(r, s, 1, 1, 1)
	addCity(r, s, 2, 10, 1)
	addCity(r, s, 3, 10, 5)
	mem := &s.Memory[0]
	mem.Known.Set(s.Map.Rect().Index(at(7, 4)))
	mem.Cities = append(mem.Cities, game.CitySighting{City: 78, Owner: 2, Hex: at(7, 4), Level: 1, Turn: 2})
	mem.Armies = append(mem.Armies, game.Sighting{Army: 77, Owner: 2, Hex: at(7, 4), Units: game.Units{2}, Turn: 2})
	s.Turn = 5
	m := modelOf(t, r, s, 1)
	if have, want := m.TurnName(9), "Day 9"; have != want {
		t.Errorf("turn 9 is %q, want %q", have, want)
	}
	lines := strings.Join(m.Describe(at(7, 4)), "\n")
	for _, want := range []string{"as last seen on day 2", "last seen on day 2"} {
		if !strings.Contains(lines, want) {
			t.Errorf("the tooltip does not say %q:\n%s", want, lines)
		}
	}
	if strings.Contains(lines, "turn") {
		t.Errorf("the tooltip says turn:\n%s", lines)
	}
}
