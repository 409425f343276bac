package erfworld

import (
	"fmt"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// scripted gives simple orders for player p. An aggressive player forms
// Infantry in every city as far as its income pays their upkeep, upgrades
// cities with its savings, keeps one Warlord, hands the Capital's garrison
// beyond a small guard to the Warlord's army, and marches it on the nearest
// enemy Capital from turn 200 on once it has 15 units (going on while it
// has 8), sending it home to gather otherwise. A passive
// player forms one Infantry in its Capital every tenth turn and defends.
func scripted(s *game.State, r *Rules, p game.PlayerID, aggressive bool) []game.Order {
	var orders []game.Order
	pl := s.Player(p)
	infantry, _ := r.D.UnitKind("infantry")
	income, units, warlords := 0, 0, 0
	for _, c := range s.Cities {
		if c.Owner == p {
			income += r.D.Income(int(c.Level))
		}
	}
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == p {
			units += a.Units.Total()
			if warlord(a) >= 0 {
				warlords++
			}
		}
	}
	// Keep the upkeep of units and Warlords within the income, with one
	// Schmucker to spare, and spend savings beyond the next upkeep on
	// upgrades.
	room := (income-1-warlords*r.D.Warlord.Upkeep)*r.D.Upkeep.UnitsPerSchmucker - units
	spare := pl.Treasury - int64(r.D.UnitUpkeep(units)+warlords*r.D.Warlord.Upkeep) - 2
	var capital *game.City
	for i := range s.Cities {
		c := &s.Cities[i]
		if c.Owner != p {
			continue
		}
		if c.Capital && capital == nil {
			capital = c
		}
		if !aggressive {
			continue
		}
		if n := min(r.D.UnitsFormable(int(c.Level)), room); n > 0 {
			room -= n
			orders = append(orders, game.Order{Turn: s.Turn, Kind: OrderForm, City: c.ID, Unit: game.UnitKind(infantry), Count: int32(n)})
		}
		if next := int(c.Level) + 1; next <= r.D.City.MaxUpgradeLevel && int64(r.D.UpgradeCost(next)) <= spare {
			spare -= int64(r.D.UpgradeCost(next))
			orders = append(orders, game.Order{Turn: s.Turn, Kind: OrderUpgrade, City: c.ID})
		}
	}
	if capital == nil {
		return orders
	}
	if !aggressive {
		if s.Turn%10 == 0 {
			orders = append(orders, game.Order{Turn: s.Turn, Kind: OrderForm, City: capital.ID, Unit: game.UnitKind(infantry), Count: 1})
		}
		return orders
	}
	var lead, garrison *game.Army
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p || a.Naval || a.Hex != capital.Hex {
			continue
		}
		if warlord(a) < 0 {
			garrison = a
		} else if lead == nil {
			lead = a
		}
	}
	if warlords == 0 {
		orders = append(orders, game.Order{Turn: s.Turn, Kind: OrderWarlord, City: capital.ID, Level: 1})
	}
	if lead != nil && garrison != nil && garrison.Units.Total() > 4 {
		move := garrison.Units.Sub(game.Units{4})
		orders = append(orders, game.Order{Turn: s.Turn, Kind: OrderTransfer, Army: garrison.ID, Target: lead.ID, Units: move})
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p || warlord(a) < 0 || a.Carrier != 0 || a.Naval {
			continue
		}
		goal, best := capital.Hex, -1
		ready := s.Turn >= 200 // a long peace first: hundreds of turns of economy
		if ready && (a.Units.Total() >= 15 || (a.Hex != capital.Hex && a.Units.Total() >= 8)) {
			for _, c := range s.Cities {
				if c.Owner != p && c.Capital {
					if d := hex.Distance(a.Hex, c.Hex); best < 0 || d < best {
						goal, best = c.Hex, d
					}
				}
			}
		}
		if goal == a.Hex {
			continue
		}
		path, _, ok := hex.Path(a.Hex, goal, func(from, to hex.Hex) (int, bool) { return r.StepCost(s, a, from, to) }, 0)
		if !ok || len(path) < 2 {
			continue
		}
		kind := game.OrderAttack
		if best < 0 {
			kind = game.OrderMove
		}
		orders = append(orders, game.Order{Turn: s.Turn, Kind: kind, Army: a.ID, Path: path[1:min(len(path), 4)]})
	}
	return orders
}

// TestScriptedGameToVictory plays a seeded four-player game between
// scripted players, one aggressive and three passive, for up to 600 turns,
// checking the state's invariants after every turn, and expects it to end
// with a winner holding three Capitals: "A Player is deemed to be the
// Winner of the Game if, at the beginning of their Turn, they control THREE
// Capitals."
func TestScriptedGameToVictory(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules(d)
	s, sums := playScripted(t, r, 11)
	_, again := playScripted(t, r, 11)
	if len(sums) < 200 {
		t.Fatalf("the game lasted %d turns, want hundreds", len(sums))
	}
	if fmt.Sprint(sums) != fmt.Sprint(again) {
		t.Fatal("the same seeded game played twice gave different states")
	}
	if !s.Over || s.Winner == 0 {
		t.Fatalf("no winner after %d turns", s.Turn-1)
	}
	capitals := 0
	for _, c := range s.Cities {
		if c.Capital && c.Owner == s.Winner {
			capitals++
		}
	}
	if capitals < d.Win.Capitals {
		t.Fatalf("player %d won holding %d Capitals, want %d", s.Winner, capitals, d.Win.Capitals)
	}
	t.Logf("player %d won on turn %d with %d Capitals", s.Winner, s.Turn-1, capitals)
}

// playScripted plays the scripted game of seed to its end (at most 600
// turns), checking the invariants after every turn, and returns the final
// state and every turn's checksum.
func playScripted(t *testing.T, r *Rules, seed uint64) (*game.State, []uint64) {
	t.Helper()
	d := r.D
	s, err := r.NewGame(seed, 40, 32, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sums []uint64
	book := &game.OrderBook{}
	for turn := 1; turn <= 600 && !s.Over; turn++ {
		book.Clear()
		for _, pl := range s.Players {
			if !pl.Alive {
				continue
			}
			orders := scripted(s, r, pl.ID, pl.ID == 1)
			var valid []game.Order
			for i := range orders {
				if game.ValidateOrder(s, r, pl.ID, &orders[i]) == nil {
					valid = append(valid, orders[i])
				}
			}
			if errs := book.Submit(s, r, pl.ID, valid); errs != nil {
				t.Fatalf("turn %d: player %d's orders refused: %v", turn, pl.ID, errs[0])
			}
		}
		game.Resolve(s, r, book.All())
		if err := s.Validate(len(d.Terrain)); err != nil {
			t.Fatalf("turn %d: broken state: %v", turn, err)
		}
		checkInvariants(t, s, r, turn)
		sums = append(sums, s.Checksum())
	}
	return s, sums
}

// checkInvariants checks what every erfworld state must satisfy.
func checkInvariants(t *testing.T, s *game.State, r *Rules, turn int) {
	t.Helper()
	for _, pl := range s.Players {
		if pl.Treasury < 0 {
			t.Fatalf("turn %d: player %d owes %d Schmuckers", turn, pl.ID, -pl.Treasury)
		}
		if !pl.Alive {
			for _, c := range s.Cities {
				if c.Owner == pl.ID {
					t.Fatalf("turn %d: eliminated player %d still owns %s", turn, pl.ID, c.ID)
				}
			}
			for _, a := range s.Armies {
				if a.Owner == pl.ID {
					t.Fatalf("turn %d: eliminated player %d still has %s", turn, pl.ID, a.ID)
				}
			}
		}
	}
	for i, c := range s.Cities {
		if t2, _ := s.Map.At(c.Hex); t2 != r.D.CityTerrain {
			t.Fatalf("turn %d: %s stands on %s", turn, c.ID, r.D.Terrain[t2].Name)
		}
		for _, o := range s.Cities[i+1:] {
			if hex.Distance(c.Hex, o.Hex) < r.D.City.MinDistance {
				t.Fatalf("turn %d: %s and %s are adjacent", turn, c.ID, o.ID)
			}
		}
	}
	for _, a := range s.Armies {
		if a.Carrier != 0 {
			continue
		}
		tr, _ := s.Map.At(a.Hex)
		if a.Naval != r.D.Terrain[tr].Naval || (!a.Naval && !r.D.Terrain[tr].Army) {
			t.Fatalf("turn %d: %s (naval %v) stands on %s", turn, a.ID, a.Naval, r.D.Terrain[tr].Name)
		}
	}
}
