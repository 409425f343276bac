package battle

import (
	"math/rand/v2"
	"slices"
	"testing"

	"empires/shared/rules/risk/board"
)

// TestDisasterProperties resolves every disaster on random holdings of the
// classic board with random bonuses and Kings, and checks what holds for
// all of them: "a player will always retain one army" in every territory
// struck; a strike's Lost is what its holding lost, a city counting as 3
// ("a city always counts as the equivalent of 3 armies"), and never more
// than its die says; a territory not struck is unchanged; quakes and
// floods check exactly the marked territories held; the plague checks at
// most 5 territories of one continent, each adjacent to the one before;
// a riot checks every city once and costs a Goods card per city struck.
func TestDisasterProperties(t *testing.T) {
	b := classic(t)
	rng := rand.New(rand.NewPCG(5, 6))
	dice := Dice{rand.New(rand.NewPCG(7, 8))}
	for game := range 2000 {
		h := Holdings{}
		for _, tt := range b.Territories {
			if rng.IntN(3) > 0 {
				h[tt.ID] = Holding{Armies: rng.IntN(9), City: rng.IntN(4) == 0}
			}
		}
		bon := Bonuses{
			StormShelter: rng.IntN(2) == 0, QuakeShelter: rng.IntN(2) == 0,
			MedicineI: rng.IntN(2) == 0, MedicineII: rng.IntN(2) == 0, RiotGear: rng.IntN(2) == 0,
		}
		king := rng.IntN(2) == 0
		var reps []Report
		for _, f := range []func() (Report, error){
			func() (Report, error) { return ResolveQuakes(b, h, bon, king, dice) },
			func() (Report, error) { return ResolveFloods(b, h, bon, king, dice) },
			func() (Report, error) { return ResolvePlague(b, h, bon, king, dice, PlagueChoices{}) },
			func() (Report, error) { return ResolveRiots(b, h, bon, nil, dice) },
		} {
			rep, err := f()
			if err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
			reps = append(reps, rep)
		}
		for _, rep := range reps {
			struck := 0
			for i, s := range rep.Strikes {
				if s.Before != h[s.Territory] {
					t.Fatalf("game %d, %v: %+v does not start from the holding %+v", game, rep.Disaster, s, h[s.Territory])
				}
				if s.Before.Value() < 1 || s.After.Value() < 1 || s.Lost != s.Before.Value()-s.After.Value() {
					t.Fatalf("game %d, %v: strike %+v", game, rep.Disaster, s)
				}
				if !s.Struck && s.After != s.Before {
					t.Fatalf("game %d, %v: a territory not struck changed: %+v", game, rep.Disaster, s)
				}
				if s.Struck {
					struck++
				}
				switch rep.Disaster {
				case Quakes, Floods, Plague:
					if s.Struck && s.Lost > max(0, s.Die+s.DieMod) {
						t.Fatalf("game %d, %v: lost more than the die: %+v", game, rep.Disaster, s)
					}
				case Riots:
					if s.Struck && (s.After.City || s.After.Armies != s.Before.Armies+1) {
						t.Fatalf("game %d: a riot left %+v", game, s)
					}
				}
				if rep.Disaster == Plague {
					if b.Territory(s.Territory).Continent != rep.Continent {
						t.Fatalf("game %d: the plague of continent %d struck %+v", game, rep.Continent, s)
					}
					if i > 0 && !b.Linked(rep.Strikes[i-1].Territory, s.Territory) {
						t.Fatalf("game %d: the plague jumped from %d to %d", game, rep.Strikes[i-1].Territory, s.Territory)
					}
				}
			}
			var want []board.TerritoryID
			for _, tt := range b.Territories {
				v := h[tt.ID]
				switch {
				case rep.Disaster == Quakes && tt.Quake && v.Value() > 0,
					rep.Disaster == Floods && tt.Flood && v.Value() > 0,
					rep.Disaster == Riots && v.City:
					want = append(want, tt.ID)
				}
			}
			var have []board.TerritoryID
			for _, s := range rep.Strikes {
				have = append(have, s.Territory)
			}
			switch rep.Disaster {
			case Plague:
				slices.Sort(have)
				if len(have) > PlagueTerritories || len(slices.Compact(have)) != len(rep.Strikes) {
					t.Fatalf("game %d: the plague checked %v", game, have)
				}
			default:
				if !slices.Equal(have, want) {
					t.Fatalf("game %d, %v: checked %v, want %v", game, rep.Disaster, have, want)
				}
			}
			if rep.Disaster == Riots && rep.GoodsLost != struck {
				t.Fatalf("game %d: %d cities rioted, %d Goods cards lost", game, struck, rep.GoodsLost)
			}
		}
	}
}
