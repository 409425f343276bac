package battle

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"empires/shared/rules/empire/dat"
)

// randomSide returns a side of 1 to 8 random default units with IDs from
// first, random hp (sometimes 0), levels and battles, and random flags.
func randomSide(d *dat.Data, rng *rand.Rand, first UnitID) Side {
	n := 1 + rng.IntN(8)
	s := Side{Player: uint8(first / 100), CanFlee: rng.IntN(2) == 0, Garrison: rng.IntN(4) == 0}
	for i := range n {
		k := dat.Kind(rng.IntN(numDefaultUnits))
		s.Fighters = append(s.Fighters, Fighter{
			ID:      first + UnitID(i),
			Kind:    k,
			HP:      rng.IntN(d.Unit(k).HP + 1),
			Level:   rng.IntN(4),
			Battles: rng.IntN(7),
		})
	}
	return s
}

// cloneSide returns a deep copy of s.
func cloneSide(s Side) Side {
	s.Fighters = slices.Clone(s.Fighters)
	return s
}

// TestFightProperties fights random battles with a seeded generator: no hp
// goes below 0, the dead are gone, every hp lost is a hit's damage, the
// battle ends within battle.rounds with an outcome its sides agree with,
// the start holds the sides as they came, the sides given are not changed, and the same seed gives the same
// report. Every outcome comes up.
func TestFightProperties(t *testing.T) {
	var outcomes [Stalemate + 1]int
	for seed := uint64(1); seed <= 2000; seed++ {
		g := docGame()
		gen := rand.New(rand.NewPCG(seed, 0))
		g.MaxRounds = 1 + gen.IntN(40)
		g.FleeBelow = 10 + gen.IntN(80)
		d := testData(g)
		att, def := randomSide(d, gen, 100), randomSide(d, gen, 200)
		att.Garrison = false // only an army attacks
		attIn, defIn := cloneSide(att), cloneSide(def)

		rep := Fight(d, att, def, rand.New(rand.NewPCG(seed, 1)))
		again := Fight(d, cloneSide(attIn), cloneSide(defIn), rand.New(rand.NewPCG(seed, 1)))
		if !reflect.DeepEqual(rep, again) {
			t.Fatalf("seed %d: the same seed gives two reports:\n%+v\n%+v", seed, rep, again)
		}
		if !reflect.DeepEqual(att, attIn) || !reflect.DeepEqual(def, defIn) {
			t.Fatalf("seed %d: Fight changed its sides", seed)
		}
		checkReport(t, d, seed, [2]Side{attIn, defIn}, rep)
		outcomes[rep.Outcome]++
	}
	for o := AttackerWiped; o <= Stalemate; o++ {
		if outcomes[o] == 0 {
			t.Errorf("outcome %d never came up: %v", o, outcomes)
		}
	}
	t.Logf("outcomes: %v", outcomes)
}

func checkReport(t *testing.T, d *dat.Data, seed uint64, in [2]Side, rep Report) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d: "+format+"\nreport %+v", append([]any{seed}, append(args, rep)...)...)
	}
	if rep.Outcome < AttackerWiped || rep.Outcome > Stalemate {
		fail("outcome %d", rep.Outcome)
	}
	if len(rep.Rounds) > d.Game.MaxRounds {
		fail("%d rounds, more than %d", len(rep.Rounds), d.Game.MaxRounds)
	}
	// The start: every fighter that took part (more than 0 hp), as it
	// came, in its side's order.
	for s := range in {
		var want []Fighter
		for _, f := range in[s].Fighters {
			if f.HP > 0 {
				want = append(want, f)
			}
		}
		if !slices.Equal(rep.Start[s], want) {
			fail("side %d: start %+v, want %+v", s, rep.Start[s], want)
		}
	}
	// hp: start, lost by hits, left.
	hp := map[UnitID]int{}
	side := map[UnitID]int{}
	for s := range in {
		for _, f := range in[s].Fighters {
			if f.HP > 0 {
				hp[f.ID] = f.HP
				side[f.ID] = s
			}
		}
	}
	var start [2]int
	for id, h := range hp {
		start[side[id]] += h
	}
	if start != rep.StartHP {
		fail("start hp %v, want %v", rep.StartHP, start)
	}
	dead := map[UnitID]bool{}
	for ri, r := range rep.Rounds {
		for _, p := range r.Phases {
			for _, h := range p.Hits {
				if dead[h.From] || dead[h.To] {
					fail("round %d: hit %+v by or on a unit eliminated before", ri+1, h)
				}
				if side[h.From] != int(h.Side) || side[h.To] != 1-int(h.Side) {
					fail("round %d: hit %+v between the wrong sides", ri+1, h)
				}
				if (h.Roll > h.Defence) != (h.Damage > 0) || h.Damage < 0 || h.Damage > 2 {
					fail("round %d: hit %+v", ri+1, h)
				}
				hp[h.To] -= h.Damage
				if hp[h.To] < 0 {
					fail("round %d: unit %d below 0 hp", ri+1, h.To)
				}
			}
			for _, id := range p.Killed {
				if hp[id] != 0 {
					fail("round %d: unit %d killed with %d hp", ri+1, id, hp[id])
				}
				dead[id] = true
			}
			for id, h := range hp {
				if h == 0 && !dead[id] {
					fail("round %d: unit %d at 0 hp not eliminated after the phase", ri+1, id)
				}
			}
		}
		var sum [2]int
		for id, h := range hp {
			sum[side[id]] += h
		}
		if sum != r.HP {
			fail("round %d: hp %v, want %v", ri+1, r.HP, sum)
		}
		if r.Fled[0] && r.Fled[1] {
			fail("round %d: both sides fled", ri+1)
		}
		for s, fled := range r.Fled {
			if fled && (in[s].Garrison || !in[s].CanFlee || ri != len(rep.Rounds)-1) {
				fail("round %d: side %d fled", ri+1, s)
			}
		}
	}
	// The survivors: alive, with the hp the hits left them, one more
	// battle if any unit attacked.
	fought := len(hits(rep)) > 0
	for s := range rep.Sides {
		var want []UnitID
		for _, f := range in[s].Fighters {
			if f.HP > 0 && !dead[f.ID] {
				want = append(want, f.ID)
			}
		}
		if have := ids(rep.Sides[s].Fighters); !slices.Equal(have, want) {
			fail("side %d: survivors %v, want %v", s, have, want)
		}
		for i, f := range rep.Sides[s].Fighters {
			if f.HP <= 0 || f.HP != hp[f.ID] || f.HP > d.Unit(f.Kind).HP {
				fail("survivor %+v, want %d hp", f, hp[f.ID])
			}
			var old Fighter
			for _, x := range in[s].Fighters {
				if x.ID == f.ID {
					old = x
				}
			}
			wantBattles := old.Battles
			if fought {
				wantBattles++
			}
			if f.Battles != wantBattles || f.Level < old.Level || f.Level > 3 {
				fail("survivor %d of side %d: %+v from %+v", i, s, f, old)
			}
		}
	}
	last := Round{}
	if len(rep.Rounds) > 0 {
		last = rep.Rounds[len(rep.Rounds)-1]
	}
	n0, n1 := len(rep.Sides[0].Fighters), len(rep.Sides[1].Fighters)
	ok := false
	switch rep.Outcome {
	case AttackerWiped:
		ok = n0 == 0
	case AttackerFled:
		ok = last.Fled[0] && n0 > 0 && n1 > 0
	case DefenderFled:
		ok = last.Fled[1] && n0 > 0 && n1 > 0
	case DefenderWiped:
		ok = n0 > 0 && n1 == 0
	case Stalemate:
		ok = n0 > 0 && n1 > 0 && last.Fled == [2]bool{}
	}
	if !ok {
		fail("outcome %d with %d and %d survivors", rep.Outcome, n0, n1)
	}
}

// TestBombardProperties bombards random armies: every bomber with more
// than 0 hp attacks once while there is a target, no hp goes below 0, the
// dead are gone, and the same seed gives the same hits.
func TestBombardProperties(t *testing.T) {
	d := testData(docGame())
	for seed := uint64(1); seed <= 2000; seed++ {
		gen := rand.New(rand.NewPCG(seed, 0))
		army, target := randomSide(d, gen, 100).Fighters, randomSide(d, gen, 200).Fighters
		in := slices.Clone(target)
		hs, after := Bombard(d, army, target, rand.New(rand.NewPCG(seed, 1)))
		hs2, after2 := Bombard(d, army, slices.Clone(in), rand.New(rand.NewPCG(seed, 1)))
		if !reflect.DeepEqual(hs, hs2) || !reflect.DeepEqual(after, after2) {
			t.Fatalf("seed %d: the same seed gives two bombardments", seed)
		}
		if !slices.Equal(target, in) {
			t.Fatalf("seed %d: Bombard changed its target", seed)
		}
		hp := map[UnitID]int{}
		alive := 0
		for _, f := range in {
			if f.HP > 0 {
				hp[f.ID] = f.HP
				alive++
			}
		}
		bombers := 0
		for _, f := range army {
			if f.HP > 0 && d.Unit(f.Kind).Attacks&dat.Bombing != 0 {
				bombers++
			}
		}
		killed := 0
		for _, h := range hs {
			if hp[h.To] <= 0 {
				t.Fatalf("seed %d: hit %+v on a dead or unknown unit", seed, h)
			}
			hp[h.To] -= h.Damage
			if hp[h.To] < 0 {
				t.Fatalf("seed %d: unit %d below 0 hp", seed, h.To)
			}
			if hp[h.To] == 0 {
				killed++
			}
		}
		if len(hs) != bombers && killed != alive {
			t.Fatalf("seed %d: %d hits of %d bombers, %d of %d killed", seed, len(hs), bombers, killed, alive)
		}
		if len(after) != alive-killed {
			t.Fatalf("seed %d: %d survivors, want %d", seed, len(after), alive-killed)
		}
		for _, f := range after {
			if f.HP <= 0 || f.HP != hp[f.ID] {
				t.Fatalf("seed %d: survivor %+v, want %d hp", seed, f, hp[f.ID])
			}
		}
	}
}
