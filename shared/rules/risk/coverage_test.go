package risk

import (
	"testing"

	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// TestGamesReachEveryStep plays small games with the random and normal AIs
// and checks that they pass through every step of the round (rules 5 to
// 18): a game whose AIs never trade, buy or suffer a Disaster would test
// none of it.
func TestGamesReachEveryStep(t *testing.T) {
	seen := map[Phase]int{}
	events := map[EventKind]int{}
	rs := New()
	for seed := uint64(1); seed <= 6; seed++ {
		level := "random"
		if seed%2 == 0 {
			level = "normal"
		}
		cfg := config(seed, 3, 8, 8, int(seed%2))
		gg, err := rs.New(cfg)
		must(t, err)
		g := gg.(*game)
		ais := map[ruleset.Seat]ruleset.AI{}
		for s := 1; s <= 3; s++ {
			a, err := rs.NewAI(level, seed*10+uint64(s))
			must(t, err)
			ais[ruleset.Seat(s)] = a
		}
		for steps := 0; steps < 5000; steps++ {
			st := g.Step()
			if len(st.Actors) == 0 {
				break
			}
			seen[g.s.Phase]++
			s := st.Actors[int(st.Seq)%len(st.Actors)]
			b, err := ais[s].Act(g.View(s, false), st, s)
			must(t, err)
			out, err := g.Act(s, b)
			must(t, err)
			for _, e := range out.(*outcome).events {
				events[e.pub.Kind]++
			}
		}
		if over, _ := g.Over(); !over {
			t.Errorf("seed %d: the game did not end", seed)
		}
	}
	t.Logf("phases %v", seen)
	t.Logf("events %v", events)
	for p := PhaseClaim; p < PhaseOver; p++ {
		// a tie for the plague and an elimination forcing trades are rare:
		// TestPlagueQuestion and TestEliminationTrade play them
		if seen[p] == 0 && p != PhasePlague && p != PhaseReinforce {
			t.Errorf("no game reached the step %s", p)
		}
	}
	for _, k := range []EventKind{EventRoll, EventConquer, EventBuild, EventDraw, EventOffer, EventTrade, EventDisaster, EventBuy, EventCard, EventConvert, EventEnd} {
		if events[k] == 0 {
			t.Errorf("no event of kind %d", k)
		}
	}
}

// TestAIsPlayTable4 gives seat 1 the Nuke and the Air Drop at the
// start and plays games with the random and normal AIs: every action they
// choose is accepted, and both cards are played (rule 21).
func TestAIsPlayTable4(t *testing.T) {
	t.Logf("rule %s", rule[21])
	rs := New()
	events := map[EventKind]int{}
	for seed := uint64(1); seed <= 4; seed++ {
		g := newGame(t, config(seed, 3, 10, 5, SetupDeal))
		give(t, g, 1, cards.Nuke)
		give(t, g, 1, cards.AirDrop)
		ais := map[ruleset.Seat]ruleset.AI{}
		for s := 1; s <= 3; s++ {
			level := "random"
			if (int(seed)+s)%2 == 0 {
				level = "normal"
			}
			a, err := rs.NewAI(level, seed*10+uint64(s))
			must(t, err)
			ais[ruleset.Seat(s)] = a
		}
		for steps := 0; steps < 5000; steps++ {
			st := g.Step()
			if len(st.Actors) == 0 {
				break
			}
			s := st.Actors[int(st.Seq)%len(st.Actors)]
			b, err := ais[s].Act(g.View(s, false), st, s)
			must(t, err)
			out, err := g.Act(s, b)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, st.Seq, err)
			}
			for _, e := range out.(*outcome).events {
				events[e.pub.Kind]++
			}
		}
	}
	if events[EventNuke] == 0 || events[EventAirDrop] == 0 {
		t.Errorf("nukes %d, air drops %d: want both played", events[EventNuke], events[EventAirDrop])
	}
}
