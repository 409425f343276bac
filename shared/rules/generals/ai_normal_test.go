package generals

import (
	"fmt"
	"slices"
	"testing"

	"empires/assets"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Cards of the starter collection the tests put on the table: their
// Strength/Life and the rules that count in a battle.
const (
	hunWarrior     CardID = "EGFETHS1a" // 2/2
	horsemen       CardID = "EGFETHS4"  // 3/3
	mountedArchers CardID = "EGFETHS2"  // 3/2
	wagonLaager    CardID = "EGFETHS5"  // 0/6, block: strength +2 this (a fortress)
	hunCavalry     CardID = "EGFETHS1b" // 2/2, attack: strength +1 this
)

// testCollection loads the starter collection once per test.
func testCollection(t testing.TB) *cards.Collection {
	t.Helper()
	c, err := cards.Load(assets.Rules(), cards.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// unitOf is card id in play as ref in zone z, with its printed numbers.
func unitOf(t testing.TB, coll *cards.Collection, ref Ref, id CardID, z Zone) InPlay {
	t.Helper()
	c := cardOf(coll, id)
	if c == nil {
		t.Fatalf("no card %s", id)
	}
	return InPlay{Ref: ref, Card: id, Zone: z, Strength: c.Strength, Life: c.Life}
}

// testMind is the mind of view v with moves and the cards of coll.
func testMind(v *View, moves []Action, coll *cards.Collection) *mind {
	return newMind(v, moves, &coll.Lexicon, func(id CardID) *cards.Card { return cardOf(coll, id) })
}

// blockMind is seat 2's mind, attacked by seat 1's unit 1 (attacking)
// at its Battlefield (bf) or Warcamp, with its own units, offered a block
// with each unit of the place answered and no blocker.
func blockMind(t *testing.T, coll *cards.Collection, attacking CardID, bf bool, battlefield, warcamp []CardID) *mind {
	t.Helper()
	v := &View{Seat: 2, Phase: PhaseAttack, Active: 1, Win: 3, Lose: -3,
		Players: []PlayerView{
			{Seat: 1, Table: []InPlay{unitOf(t, coll, 1, attacking, ZoneBattlefield)}, Generals: 1},
			{Seat: 2, Generals: 1},
		},
		Battle: &Battle{Attacker: 1, Unit: 1, Defender: 2, AtBattlefield: bf},
	}
	moves := []Action{{Kind: ActBlock}}
	ref := Ref(10)
	for _, z := range []struct {
		zone Zone
		ids  []CardID
	}{{ZoneBattlefield, battlefield}, {ZoneWarcamp, warcamp}} {
		for _, id := range z.ids {
			v.Players[1].Table = append(v.Players[1].Table, unitOf(t, coll, ref, id, z.zone))
			if (z.zone == ZoneBattlefield) == bf {
				moves = append(moves, Action{Kind: ActBlock, Unit: ref})
			}
			ref++
		}
	}
	return testMind(v, moves, coll)
}

// TestNormalBlocks checks the normal level's choice of a blocker against
// the document's fourteen outcomes: a block that kills and survives
// first, then one that survives, then a cheap one at the Battlefield
// rather than a point of Health ("it may be wise to Defend with a weak
// unit. The weak unit will die, but at least he would not have the
// chance to lose a Cultural Health with a defeat in his own Warcamp"),
// and no blocker at the Battlefield when the Warcamp answers better ("the
// Defender may ... let the attack bypass the Battlefield and move on to
// the Warcamp"). Units are numbered from 10 in the order given,
// Battlefield first; 0 is no blocker.
func TestNormalBlocks(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		name                 string
		attacker             CardID
		bf                   bool
		battlefield, warcamp []CardID
		want                 Ref
	}{
		{"kills and survives: Bleda 5/6 against 3/3", horsemen, true, []CardID{hunWarrior, bleda}, nil, 11},
		{"survives: 5/6 against Uldin's 6/5 (a double block)", uldin, true, []CardID{hunWarrior, bleda}, nil, 11},
		{"a cheap chump at the Battlefield rather than a point", uldin, true, []CardID{horsemen, hunWarrior}, nil, 11},
		{"through to the Warcamp's Wagon Laager (2/6 when it blocks) that survives 6", uldin, true, []CardID{horsemen, hunWarrior}, []CardID{wagonLaager}, 0},
		{"through to the Warcamp's Bleda, who kills, rather than a double block", horsemen, true, []CardID{wagonLaager}, []CardID{bleda}, 0},
		{"at the Warcamp, no blocker rather than a dead one and the point (outcome 3)", uldin, false, nil, []CardID{hunWarrior}, 0},
		{"at the Warcamp, a double death rather than the point (outcome 4)", hunCavalry, false, nil, []CardID{mountedArchers}, 10},
		{"at the Warcamp, the counter-attack (outcome 5)", hunCavalry, false, nil, []CardID{hunWarrior, bleda}, 11},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := blockMind(t, coll, tt.attacker, tt.bf, tt.battlefield, tt.warcamp)
			have := m.normal()
			if have.Kind != ActBlock || have.Unit != tt.want {
				t.Errorf("have %+v, want a block with %d", have, tt.want)
			}
			if !slices.ContainsFunc(m.moves, func(a Action) bool { return a.Kind == have.Kind && a.Unit == have.Unit }) {
				t.Errorf("%+v is not among the moves", have)
			}
		})
	}
}

// TestEasyBlocks checks the easy level's blocker: the first unit that
// survives, else through to a Warcamp whose unit survives, else the first
// unit at the Battlefield.
func TestEasyBlocks(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		name                 string
		attacker             CardID
		bf                   bool
		battlefield, warcamp []CardID
		want                 Ref
	}{
		{"the first that survives", horsemen, true, []CardID{hunWarrior, horsemen, bleda}, nil, 11},
		{"through to a Warcamp unit that survives", uldin, true, []CardID{horsemen}, []CardID{wagonLaager}, 0},
		{"the first unit when nothing survives", uldin, true, []CardID{horsemen, hunWarrior}, nil, 10},
		{"no blocker at the Warcamp when nothing survives", uldin, false, nil, []CardID{hunWarrior}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := blockMind(t, coll, tt.attacker, tt.bf, tt.battlefield, tt.warcamp)
			if have := m.easy(); have.Kind != ActBlock || have.Unit != tt.want {
				t.Errorf("have %+v, want a block with %d", have, tt.want)
			}
		})
	}
}

// attackMind is seat 1's mind in its Attack Phase with its Battlefield
// units, against seat 2 (Health health2) and seat 3 (if given), each
// with its Battlefield and Warcamp units; it may attack each opponent
// with each of its units.
func attackMind(t *testing.T, coll *cards.Collection, mine []CardID, health2 int, opp ...[2][]CardID) *mind {
	t.Helper()
	v := &View{Seat: 1, Phase: PhaseAttack, Active: 1, Win: 3, Lose: -3, Players: []PlayerView{{Seat: 1, Generals: 1}}}
	ref := Ref(1)
	for _, id := range mine {
		v.Players[0].Table = append(v.Players[0].Table, unitOf(t, coll, ref, id, ZoneBattlefield))
		ref++
	}
	ref = 10
	var moves []Action
	for i, o := range opp {
		p := PlayerView{Seat: ruleset.Seat(i + 2), Generals: 1}
		if i == 0 {
			p.Health = health2
		}
		for z, ids := range o {
			zone := ZoneBattlefield
			if z == 1 {
				zone = ZoneWarcamp
			}
			for _, id := range ids {
				p.Table = append(p.Table, unitOf(t, coll, ref, id, zone))
				ref++
			}
		}
		v.Players = append(v.Players, p)
		for r := range len(mine) {
			moves = append(moves, Action{Kind: ActAttack, Unit: Ref(r + 1), Seat: p.Seat})
		}
	}
	moves = append(moves, Action{Kind: ActNext})
	return testMind(v, moves, coll)
}

// TestNormalAttacks checks the normal level's attack: the one of best
// gain, its opponent answering as best it may; none that can only lose.
func TestNormalAttacks(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		name string
		mine []CardID
		opp  [][2][]CardID
		want Action
	}{
		{"an empty Warcamp: a point of Health", []CardID{hunWarrior}, [][2][]CardID{{nil, nil}},
			Action{Kind: ActAttack, Unit: 1, Seat: 2}},
		{"Bleda 5/6 waits: nothing beats him", []CardID{horsemen, hunWarrior}, [][2][]CardID{{[]CardID{bleda}, nil}},
			Action{Kind: ActNext}},
		{"Uldin (6 in attack) against a 3/3 that must chump or lose the point", []CardID{hunWarrior, uldin}, [][2][]CardID{{[]CardID{horsemen}, nil}},
			Action{Kind: ActAttack, Unit: 2, Seat: 2}},
		{"the open Warcamp of two opponents", []CardID{horsemen}, [][2][]CardID{{[]CardID{bleda}, nil}, {nil, nil}},
			Action{Kind: ActAttack, Unit: 1, Seat: 3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := attackMind(t, coll, tt.mine, 0, tt.opp...)
			have := m.normal()
			if have.Kind != tt.want.Kind || have.Unit != tt.want.Unit || have.Seat != tt.want.Seat {
				t.Errorf("have %+v, want %+v", have, tt.want)
			}
		})
	}
}

// TestBestPlan checks the spending plan: the set of most worth the pool
// pays together, not the worthiest card first.
func TestBestPlan(t *testing.T) {
	gold := func(n int) cards.Cost { return cards.Cost{Pay: []cards.Amount{{N: n, Resource: "gold"}}} }
	pool := []cards.Amount{{N: 4, Resource: "gold"}, {N: 1, Resource: "food"}}
	items := []item{
		{cost: gold(4), worth: 9},
		{cost: gold(2), worth: 6},
		{cost: cards.Cost{Pay: []cards.Amount{{N: 2, Resource: "gold"}}, Any: 1}, worth: 5},
		{cost: cards.Cost{Pay: []cards.Amount{{N: 2, Resource: "food"}}}, worth: 50},
	}
	have, w := bestPlan(pool, items)
	if want := []int{1, 2}; !slices.Equal(have, want) || w != 11 {
		t.Errorf("have %v worth %v, want %v worth 11", have, w, want)
	}
}

// Tactics cards the tests hold.
const (
	feignedRetreat CardID = "EGFETHT1" // 2 horses: play: withdraw blocker
	shieldWall     CardID = "EGFERMT1" // 1 iron: play: life +2 blocker
	pilumVolley    CardID = "EGFERMT2" // 1 wood: play: strength -1 attacker
)

// TestNormalTactics checks the Tactics cards the normal level plays on a
// battle once the blocker is presented: one that turns the outcome its
// way, none that changes nothing.
func TestNormalTactics(t *testing.T) {
	coll := testCollection(t)
	pool := []cards.Amount{{N: 2, Resource: "horse"}, {N: 1, Resource: "iron"}, {N: 1, Resource: "wood"}}
	for _, tt := range []struct {
		name          string
		seat          ruleset.Seat // the seat that plays Tactics: 1 attacks, 2 defends
		attacker, blk CardID
		bf            bool
		hand          []CardID
		want          ActionKind
		wantHand      int
	}{
		{"the attacker withdraws the Warcamp's blocker: outcome 2, a point", 1, horsemen, bleda, false, []CardID{feignedRetreat}, ActCard, 0},
		{"the defender's Shield Wall (not Pilum Volley) saves a 2/2 from a 4/4, and the point", 2, "EGFEEYS5", hunWarrior, false, []CardID{pilumVolley, shieldWall}, ActCard, 1},
		{"the defender's Pilum Volley: 3/3 against a 2/3 that survives anyway", 2, horsemen, "EGFERMS2", false, []CardID{pilumVolley}, ActNext, 0},
		{"nothing to gain: a double block at the Battlefield stays one", 1, horsemen, horsemen, true, []CardID{shieldWall}, ActNext, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := &View{Seat: tt.seat, Phase: PhaseAttack, Active: 1, Win: 3, Lose: -3, Hand: tt.hand,
				Players: []PlayerView{
					{Seat: 1, Table: []InPlay{unitOf(t, coll, 1, tt.attacker, ZoneBattlefield)}, Generals: 1},
					{Seat: 2, Table: []InPlay{unitOf(t, coll, 2, tt.blk, ZoneWarcamp)}, Generals: 1},
				},
				Battle: &Battle{Attacker: 1, Unit: 1, Defender: 2, AtBattlefield: tt.bf, Blocker: 2, Tactics: tt.seat},
			}
			if tt.bf {
				v.Players[1].Table[0].Zone = ZoneBattlefield
			}
			if tt.seat == 1 {
				v.Pool = pool
			} else {
				v.Battle.Pool = pool
			}
			moves := []Action{{Kind: ActNext}}
			for i, id := range tt.hand {
				moves = append(moves, Action{Kind: ActCard, Hand: i, Card: id})
			}
			have := testMind(v, moves, coll).normal()
			if have.Kind != tt.want || (tt.want == ActCard && have.Hand != tt.wantHand) {
				t.Errorf("have %+v, want kind %d (hand place %d)", have, tt.want, tt.wantHand)
			}
		})
	}
}

// TestNormalAttacksWithTactics checks that the normal level counts the
// Tactics cards of its hand that its pool pays: a 3/3 against a
// Battlefield held by Bleda (5/6, who would kill it) and an empty
// Warcamp attacks only with Feigned Retreat ("withdraw blocker": the
// attack goes on to the Warcamp) in hand and 2 horses to pay it; against
// the Hastati Line (2/3, a double block) only with a card that makes it
// a kill, on its own unit or on the blocker.
func TestNormalAttacksWithTactics(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		name     string
		opponent CardID // seat 2's Battlefield
		hand     []CardID
		pool     []cards.Amount
		want     ActionKind
	}{
		{"no Tactics", bleda, nil, nil, ActNext},
		{"Feigned Retreat, unpaid", bleda, []CardID{feignedRetreat}, []cards.Amount{{N: 1, Resource: "horse"}}, ActNext},
		{"Feigned Retreat, paid", bleda, []CardID{feignedRetreat}, []cards.Amount{{N: 2, Resource: "horse"}}, ActAttack},
		{"a double block of the Hastati Line (2/3) as it stands", "EGFERMS2", nil, nil, ActNext},
		{"Charge of the Horde (strength +2 one your cavalry) kills the Hastati", "EGFERMS2", []CardID{"EGFETHT3"}, []cards.Amount{{N: 1, Resource: "horse"}}, ActAttack},
		{"Arrow Storm (life -1 one enemy soldier) kills the Hastati", "EGFERMS2", []CardID{"EGFETHT2"}, []cards.Amount{{N: 1, Resource: "wood"}}, ActAttack},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := attackMind(t, coll, []CardID{horsemen}, 0, [2][]CardID{{tt.opponent}, nil})
			m.v.Hand, m.v.Pool = tt.hand, tt.pool
			if have := m.normal(); have.Kind != tt.want {
				t.Errorf("have %+v, want kind %d", have, tt.want)
			}
		})
	}
}

// More cards the tests hold.
const (
	steppePastures CardID = "EGFETHR1" // harvest: gain 1 horse; ability discard: gain 3 horses
	danubeFords    CardID = "EGFETHR2" // harvest: gain 1 water; ability discard: gain 2 water; gain 1 food
	pyramid        CardID = "TXFEEYK1" // a Kingdom card, 4 stone, 2 food: play: health +1
)

// spendMind is seat 1's mind in phase ph of its turn against seat 2,
// with hand, pool and its cards in play, offered every card of the hand
// (unless the pool cannot pay it) and the abilities of its Resource Area.
func spendMind(t *testing.T, coll *cards.Collection, ph Phase, hand []CardID, pool []cards.Amount, table []InPlay) *mind {
	t.Helper()
	v := &View{Seat: 1, Phase: ph, Active: 1, Win: 3, Lose: -3, Hand: hand, Pool: pool,
		Players: []PlayerView{{Seat: 1, Table: table, Generals: 1, HandLimit: 7}, {Seat: 2, Generals: 1, HandLimit: 7}}}
	moves := []Action{{Kind: ActNext}}
	for i, id := range hand {
		if _, ok := Pay(pool, cardOf(coll, id).Cost, ""); ok && phaseOf(kindOf(id)) == ph {
			moves = append(moves, Action{Kind: ActCard, Hand: i, Card: id})
		}
	}
	for _, u := range table {
		for i, r := range cardOf(coll, u.Card).Rules {
			if _, ok := Pay(pool, r.Cost, ""); ok && r.Trigger == cards.OnAbility && phaseOf(kindOf(u.Card)) == ph {
				moves = append(moves, Action{Kind: ActAbility, Unit: u.Ref, Rule: i})
			}
		}
	}
	return testMind(v, moves, coll)
}

// TestNormalSpends checks the normal level's use of the pool: Resource
// Cards first, then the plan of most worth the pool pays ("You may spend
// the common 11 points or selected points"), keeping for the next phases
// what they need, and a resource's discard ability only when what it
// adds buys more than its harvests to come ("You must use the 3 stone the
// turn that you discard the resource").
func TestNormalSpends(t *testing.T) {
	coll := testCollection(t)
	horses := func(n int) []cards.Amount { return []cards.Amount{{N: n, Resource: "horse"}} }
	pastures := unitOf(t, coll, 1, steppePastures, ZoneResource)
	pastures.Harvest = horses(1)
	senate := unitOf(t, coll, 4, "EGFERMK3", ZoneKingdom) // ability 5 gold: health +1
	merchant := func(ref Ref) InPlay { return unitOf(t, coll, ref, "EGFENTM1", ZoneResource) }
	for _, tt := range []struct {
		name  string
		phase Phase
		hand  []CardID
		pool  []cards.Amount
		table []InPlay
		want  Action
	}{
		{"a Resource Card before an Act of God", PhaseHarvest, []CardID{plague, danubeFords}, nil, nil,
			Action{Kind: ActCard, Hand: 1, Card: danubeFords}},
		{"no Act of God that only weakens soldiers for a turn", PhaseHarvest, []CardID{plague}, nil, nil,
			Action{Kind: ActNext}},
		{"the Pastures' discard: 3 horses pay the Horseman Platoon", PhaseHarvest, []CardID{horsemen}, horses(1), []InPlay{pastures},
			Action{Kind: ActAbility, Unit: 1}},
		{"two Silk Road Merchants (2 any for 1 gold) pay The Senate's point (5 gold)", PhaseHarvest, nil,
			[]cards.Amount{{N: 8, Resource: "food"}, {N: 3, Resource: "gold"}}, []InPlay{senate, merchant(5), merchant(6)},
			Action{Kind: ActAbility, Unit: 5}},
		{"one Merchant buys nothing", PhaseHarvest, nil,
			[]cards.Amount{{N: 8, Resource: "food"}, {N: 3, Resource: "gold"}}, []InPlay{senate, merchant(5)},
			Action{Kind: ActNext}},
		{"no discard with nothing to buy", PhaseHarvest, []CardID{plague}, horses(1), []InPlay{pastures},
			Action{Kind: ActNext}},
		{"the Kingdom Phase keeps 2 horses for the Army's Horseman Platoon", PhaseKingdom, []CardID{terror, horsemen}, horses(2), nil,
			Action{Kind: ActNext}},
		{"with 4 horses, both", PhaseKingdom, []CardID{terror, horsemen}, horses(4), nil,
			Action{Kind: ActCard, Hand: 0, Card: terror}},
		{"the Great Pyramid's point of Health before anything", PhaseKingdom, []CardID{terror, pyramid},
			[]cards.Amount{{N: 2, Resource: "food"}, {N: 2, Resource: "horse"}, {N: 4, Resource: "stone"}}, nil,
			Action{Kind: ActCard, Hand: 1, Card: pyramid}},
		{"the Army Phase plays the Horseman Platoon", PhaseArmy, []CardID{horsemen}, horses(2), nil,
			Action{Kind: ActCard, Hand: 0, Card: horsemen}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			have := spendMind(t, coll, tt.phase, tt.hand, tt.pool, tt.table).normal()
			if have.Kind != tt.want.Kind || have.Hand != tt.want.Hand || have.Card != tt.want.Card || have.Unit != tt.want.Unit {
				t.Errorf("have %+v, want %+v", have, tt.want)
			}
		})
	}
}

// TestNormalDiscards checks the discard down to the hand's limit
// ("Discard hand to down to seven cards unless stated otherwise"): the
// normal level keeps what it can use soonest, its Resource Cards and what
// its harvest pays, and lets go a second General it may not play and the
// card it cannot pay for turns.
func TestNormalDiscards(t *testing.T) {
	coll := testCollection(t)
	general := unitOf(t, coll, 1, bleda, ZoneWarcamp)
	pastures := unitOf(t, coll, 2, steppePastures, ZoneResource)
	pastures.Harvest = []cards.Amount{{N: 1, Resource: "horse"}}
	hand := []CardID{steppePastures, attila, hunWarrior, horsemen, danubeFords, uldin, terror, mountedArchers, pyramid}
	m := spendMind(t, coll, PhaseResolve, hand, nil, []InPlay{general, pastures})
	have := m.normal()
	if want := []int{1, 5}; have.Kind != ActDiscard || !slices.Equal(have.Cards, want) {
		t.Errorf("have %+v, want the discard of places %v (Attila and Uldin: a General in play already)", have, want)
	}
}

// TestNormalBeatsEasy plays 20 Quick games of the normal level against
// the easy one, each on either seat and with the ready-made decks of
// every pair of empires (aiGame), and checks that normal wins most (it
// wins 18 here). The ladder (cmd/ladder, docs/AI.md) measures the same
// over hundreds of games.
func TestNormalBeatsEasy(t *testing.T) {
	a, b, rounds := ladder(t, 20, "normal", "easy", nil)
	t.Logf("normal won %d of 20 against easy (easy %d), %.1f rounds on average", a, b, rounds)
	if a <= 12 {
		t.Errorf("normal won %d of 20 games against easy, want more than 12", a)
	}
}

// aiTurn is one action an AI was asked for: the step, the seat and its
// view.
type aiTurn struct {
	st ruleset.Step
	s  ruleset.Seat
	v  ruleset.View
}

// aiTurns plays a Normal-length game of four AIs of levels (in turn round
// the table) with the ready-made decks the seats bring in turn, to its
// end, and returns every action they were asked for.
func aiTurns(tb testing.TB, seed uint64, levels ...string) []aiTurn {
	tb.Helper()
	r := New()
	g, err := r.New(ruleset.Config{Seed: seed, Seats: 4})
	if err != nil {
		tb.Fatal(err)
	}
	ais := map[ruleset.Seat]ruleset.AI{}
	for s := ruleset.Seat(1); s <= 4; s++ {
		if ais[s], err = r.NewAI(levels[int(s-1)%len(levels)], uint64(s)); err != nil {
			tb.Fatal(err)
		}
	}
	var out []aiTurn
	for range 50000 {
		st := g.Step()
		if over, _ := g.Over(); over || len(st.Actors) == 0 {
			break
		}
		s := st.Actors[0]
		v := g.View(s, false)
		out = append(out, aiTurn{st: st, s: s, v: v})
		act, err := ais[s].Act(v, st, s)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Act(s, act); err != nil {
			tb.Fatalf("seat %d's %s AI: the game refused its action: %v", s, levels[int(s-1)%len(levels)], err)
		}
	}
	if over, _ := g.Over(); !over {
		tb.Fatal("the game did not end")
	}
	return out
}

// TestAIActsOnTheViewAlone checks that every level needs nothing but a
// seat's view, as a client holds it: at every step of a four-player game,
// an AI given the view encoded and decoded (no memory shared with the
// game) acts exactly as one of the same seed given the game's own view.
func TestAIActsOnTheViewAlone(t *testing.T) {
	r := New()
	for _, level := range Levels() {
		level := string(level)
		turns := aiTurns(t, 3, level, "normal", "easy", level)
		for i, tn := range turns {
			a, _ := r.NewAI(level, 1)
			b, _ := r.NewAI(level, 1)
			data, err := tn.v.Encode()
			if err != nil {
				t.Fatal(err)
			}
			dv, err := r.DecodeView(data)
			if err != nil {
				t.Fatal(err)
			}
			have, err1 := a.Act(dv, tn.st, tn.s)
			want, err2 := b.Act(tn.v, tn.st, tn.s)
			if err1 != nil || err2 != nil || !slices.Equal(have, want) {
				t.Fatalf("%s, action %d of %d (seat %d): from the decoded view %x (%v), from the game's %x (%v)", level, i, len(turns), tn.s, have, err1, want, err2)
			}
		}
		t.Logf("%s: %d actions, each the same from the decoded view", level, len(turns))
	}
}

// BenchmarkAIAction is one action of the normal level in a four-player
// game of normal AIs with the ready-made decks, over every action of the
// whole game in turn (the opening, the phases, blocks, Tactics on
// battles, discards).
func BenchmarkAIAction(b *testing.B) {
	turns := aiTurns(b, 1, "normal")
	ai, err := New().NewAI("normal", 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := turns[i%len(turns)]
		if _, err := ai.Act(t.v, t.st, t.s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(turns)), "actions/game")
}

// TestNormalBoosts checks the Army Phase abilities the normal level uses
// for the turn's attack: Lasso Riders' "ability 1 horse: cannot-block one
// enemy soldier" on the Hun Warrior that would chump its Horseman
// Platoon at the Battlefield, so that the attack reaches an empty
// Warcamp; not when Bleda (5/6) still blocks and kills it.
func TestNormalBoosts(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		name     string
		opponent []CardID // seat 2's Battlefield
		want     ActionKind
	}{
		{"the Hun Warrior barred: a point", []CardID{hunWarrior}, ActAbility},
		{"Bleda (5/6) blocks anyway: nothing gains", []CardID{hunWarrior, bleda}, ActNext},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := &View{Seat: 1, Phase: PhaseArmy, Active: 1, Win: 3, Lose: -3, Pool: []cards.Amount{{N: 1, Resource: "horse"}},
				Players: []PlayerView{
					{Seat: 1, Generals: 1, HandLimit: 7, Table: []InPlay{
						unitOf(t, coll, 1, uldin, ZoneWarcamp),
						unitOf(t, coll, 2, horsemen, ZoneBattlefield),
						unitOf(t, coll, 3, "EGXETHS6", ZoneWarcamp), // Lasso Riders
					}},
					{Seat: 2, Generals: 1, HandLimit: 7},
				}}
			for i, id := range tt.opponent {
				v.Players[1].Table = append(v.Players[1].Table, unitOf(t, coll, Ref(10+i), id, ZoneBattlefield))
			}
			moves := []Action{{Kind: ActNext}, {Kind: ActAbility, Unit: 3, Targets: []Target{{Unit: 10}}}}
			if have := testMind(v, moves, coll).normal(); have.Kind != tt.want {
				t.Errorf("have %+v, want kind %d", have, tt.want)
			}
		})
	}
}

// TestNormalBlocksWithTactics checks that the defender counts the Tactics
// cards of its hand that its harvest pays ("The Defender may choose who
// blocks"; the defender's Tactics pay from its harvest): against Wei Qing
// (6/5, 7 in attack) the Testudo Cohort (2/6) dies and a Hun Warrior is
// the cheaper chump, but with Shield Wall ("life +2 blocker", 1 iron) and
// Iron Hills in its Resource Area the Testudo survives.
func TestNormalBlocksWithTactics(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		name  string
		hand  []CardID
		table []CardID // the Resource Area's
		want  Ref
	}{
		{"no Tactics: the cheap chump", nil, nil, 10},
		{"Shield Wall, no iron: the cheap chump", []CardID{shieldWall}, nil, 10},
		{"Shield Wall and an iron: the Testudo survives", []CardID{shieldWall}, []CardID{"EGFENTR5"}, 11},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := blockMind(t, coll, "EGFEHCG2", true, []CardID{hunWarrior, "EGFERMS5"}, nil)
			m.v.Hand = tt.hand
			for i, id := range tt.table {
				u := unitOf(t, coll, Ref(20+i), id, ZoneResource)
				u.Harvest = []cards.Amount{{N: 1, Resource: "iron"}}
				m.me.Table = append(m.me.Table, u)
			}
			if have := m.normal(); have.Kind != ActBlock || have.Unit != tt.want {
				t.Errorf("have %+v, want a block with %d", have, tt.want)
			}
		})
	}
}

// FuzzAI feeds the easy and normal levels views decoded from any bytes:
// where the view's seat is to act, each level returns an action the rules
// allow (Why), and never fails or panics. The seeds are the views of a
// four-player game of AIs at each kind of step.
func FuzzAI(f *testing.F) {
	seen := map[string]bool{}
	for _, tn := range aiTurns(f, 2, "normal", "easy") {
		v := tn.v.(*View)
		key := fmt.Sprint(v.Phase, v.Battle != nil, v.Must != nil)
		if seen[key] {
			continue
		}
		seen[key] = true
		b, err := v.Encode()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	r := New()
	easy, _ := r.NewAI("easy", 1)
	normal, _ := r.NewAI("normal", 1)
	f.Fuzz(func(t *testing.T, data []byte) {
		rv, err := r.DecodeView(data)
		if err != nil {
			return
		}
		v := rv.(*View)
		actors := Actors(v)
		if v.Seat == 0 || !slices.Contains(actors, v.Seat) {
			return
		}
		st := ruleset.Step{Mode: ruleset.Interactive, Seq: v.Seq, Actors: actors}
		for _, ai := range []ruleset.AI{easy, normal} {
			b, err := ai.Act(v, st, v.Seat)
			if err != nil {
				t.Fatalf("%v", err)
			}
			var a Action
			if err := wire.Unmarshal(b, &a); err != nil {
				t.Fatal(err)
			}
			if why := r.Why(v, a); why != "" && len(r.Moves(v)) > 0 {
				t.Fatalf("the AI's %+v is refused: %s", a, why)
			}
		}
	})
}

// TestNormalAttacksUnblockable checks that an unblockable attack on a
// Warcamp is taken ("an unblockable attacker gets no blocker": outcome 1,
// "No Blocker Presented: Lose One Cultural Health") even where Bleda
// (5/6) would kill the attacker, and not while the attacker may be
// blocked.
func TestNormalAttacksUnblockable(t *testing.T) {
	coll := testCollection(t)
	for _, unblockable := range []bool{false, true} {
		m := attackMind(t, coll, []CardID{hunWarrior}, 0, [2][]CardID{{bleda}, nil})
		m.me.Table[0].Unblockable = unblockable
		want := ActNext
		if unblockable {
			want = ActAttack
		}
		if have := m.normal(); have.Kind != want {
			t.Errorf("unblockable %v: have %+v, want kind %d", unblockable, have, want)
		}
	}
}
