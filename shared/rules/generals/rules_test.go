package generals

import (
	"slices"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// TestDeclare: "A Player may choose to Pass or Play." "If they Pass, it is
// immediately the next persons turn." "Player may not Pass twice in a
// row." "If player draws a card, it is assumed that they have begun their
// turn and not passed." "You cannot Pass if you draw a card."
func TestDeclare(t *testing.T) {
	t.Logf("rule 4: %s", rule[4])
	g := newTable(t, 3, nil)
	evs := g.act(1, Action{Kind: ActPass})
	if g.s.Active != 2 || g.s.Phase != PhaseDeclare || !slices.Contains(kinds(evs), EventPass) {
		t.Fatalf("after a pass: seat %d in the %s Phase, want seat 2 declaring", g.s.Active, phaseName(g.s.Phase))
	}
	g.act(2, Action{Kind: ActPlay})
	g.refuse(2, Action{Kind: ActPass}, "you have begun your turn")
	g.to(PhaseResolve)
	g.act(2, Action{Kind: ActNext})
	g.act(3, Action{Kind: ActPass})
	g.refuse(1, Action{Kind: ActPass}, "may not pass twice in a row")
	hand := len(g.pl(1).Hand)
	g.act(1, Action{Kind: ActDraw, Supply: true})
	if g.s.Phase != PhaseHarvest || len(g.pl(1).Hand) != hand+1 || g.pl(1).Passed {
		t.Errorf("drawing to declare: phase %s, hand %d (was %d), passed %t; want the Harvest Phase, one card more, a turn taken",
			phaseName(g.s.Phase), len(g.pl(1).Hand), hand, g.pl(1).Passed)
	}
	g.refuse(1, Action{Kind: ActPass}, "you have begun your turn")
	// The pass of last turn is forgotten once the player plays.
	g.to(PhaseResolve)
	g.act(1, Action{Kind: ActNext})
	g.act(2, Action{Kind: ActPass})
	g.act(3, Action{Kind: ActPlay})
	g.to(PhaseResolve)
	g.act(3, Action{Kind: ActNext})
	g.act(1, Action{Kind: ActPass})
}

// TestPhases: "The Phases are: Draw Phase ... Harvest Phase ... Kingdom
// Phase ... Army Phase ... Attack Phase ... Resolve Phase" "You may play
// and only use parts of your phases. You do not have to use all Phases of
// your turn, but you may not go out of order of the Turn Phase Chart."
func TestPhases(t *testing.T) {
	t.Logf("rule 5: %s", rule[5])
	g := newTable(t, 2, nil)
	g.act(1, Action{Kind: ActPlay})
	var have []Phase
	for g.s.Active == 1 {
		have = append(have, g.s.Phase)
		g.act(1, Action{Kind: ActNext})
	}
	want := []Phase{PhaseDraw, PhaseHarvest, PhaseKingdom, PhaseArmy, PhaseAttack, PhaseResolve}
	if !slices.Equal(have, want) {
		t.Errorf("phases %v, want %v", have, want)
	}
	// Nothing of an earlier phase once it is over.
	g.give(2, platoon, wheat, divide)
	g.act(2, Action{Kind: ActPlay})
	g.to(PhaseArmy)
	g.refuse(2, Action{Kind: ActDraw}, "the Draw Phase is over")
	g.refuse(2, Action{Kind: ActCard, Hand: 1, Card: wheat}, "played in the Harvest Phase")
	g.refuse(2, Action{Kind: ActCard, Hand: 2, Card: divide}, "played in the Kingdom Phase")
	g.act(2, Action{Kind: ActNext})
	g.refuse(2, Action{Kind: ActCard, Hand: 0, Card: platoon}, "played in the Army Phase")
}

// TestDraw: "Draw one card, including on your first turn"; an empty pile
// draws nothing; Southpole recycles the discard pile when both piles are
// empty.
func TestDraw(t *testing.T) {
	t.Logf("rule 6: %s", rule[6])
	g := newTable(t, 2, nil)
	g.act(1, Action{Kind: ActPlay})
	top := g.pl(1).Draw[len(g.pl(1).Draw)-1]
	evs := g.act(1, Action{Kind: ActDraw})
	if e := findEvent(evs, EventDraw); e.Count != 1 || !slices.Equal(e.Cards, []CardID{top}) || !slices.Equal(g.pl(1).Hand, []CardID{top}) {
		t.Errorf("the draw: event %+v, hand %v; want the top card %s", e, g.pl(1).Hand, top)
	}
	g.refuse(1, Action{Kind: ActDraw}, "the Draw Phase is over")

	g2 := newTable(t, 2, nil)
	g2.pl(1).Supply = nil
	g2.pl(1).Brought = nil
	for _, list := range [][]CardID{g2.pl(1).Draw, g2.pl(1).Discard} {
		g2.pl(1).Brought = append(g2.pl(1).Brought, list...)
	}
	slices.Sort(g2.pl(1).Brought)
	g2.act(1, Action{Kind: ActPlay})
	g2.refuse(1, Action{Kind: ActDraw, Supply: true}, "that pile is empty")

	sp := newTable(t, 2, ruleset.Options{KeyVariation: VariationSouthpole})
	pl := sp.pl(1)
	pl.Discard = append(pl.Discard, pl.Draw...)
	pl.Discard = append(pl.Discard, pl.Supply...)
	pl.Draw, pl.Supply = nil, nil
	discards := len(pl.Discard)
	sp.act(1, Action{Kind: ActPlay})
	evs = sp.act(1, Action{Kind: ActDraw, Supply: true})
	e := findEvent(evs, EventRecycle)
	if e.Kind == 0 || len(pl.Discard) != 0 || len(pl.Hand) != 1 || len(pl.Draw)+len(pl.Supply) != discards-1 {
		t.Errorf("Southpole: recycle %+v, discard %d, hand %d, piles %d+%d of %d", e, len(pl.Discard), len(pl.Hand), len(pl.Draw), len(pl.Supply), discards)
	}
	for _, id := range pl.Supply {
		if !g.card(id).ID.Kind.Supply() {
			t.Errorf("%s recycled into the Supply Pile", id)
		}
	}
}

// TestOpening: "Draw seven cards from either Draw Pile and Supply Pile
// (You can draw X amount from Draw Pile and Y amount from Supply Pile as
// long as X+Y=7)." Then "Someone must go first. This is randomly
// decided."
func TestOpening(t *testing.T) {
	t.Logf("rule 2: %s", rule[2])
	firsts := map[ruleset.Seat]int{}
	for seed := range uint64(12) {
		gg, err := New().New(config(seed, 3, 40))
		if err != nil {
			t.Fatal(err)
		}
		g := &table{game: gg.(*game), t: t}
		st := g.Step()
		if st.Mode != ruleset.Concurrent || len(st.Actors) != 3 {
			t.Fatalf("the opening: %+v, want a concurrent step of the 3 players", st)
		}
		g.refuse(1, Action{Kind: ActOpening, Count: 8}, "8 cards of 7")
		for p, k := range []int{0, 4, 7} {
			seat := ruleset.Seat(p + 1)
			draw, supply := len(g.pl(seat).Draw), len(g.pl(seat).Supply)
			evs := g.act(seat, Action{Kind: ActOpening, Count: k})
			e := findEvent(evs, EventOpening)
			if e.Count != k || e.Value != 7-k || len(e.Cards) != 7 || len(g.pl(seat).Hand) != 7 ||
				len(g.pl(seat).Draw) != draw-k || len(g.pl(seat).Supply) != supply-(7-k) {
				t.Errorf("seat %d opening with %d: event %+v, hand %d", seat, k, e, len(g.pl(seat).Hand))
			}
		}
		if g.s.Phase != PhaseDeclare || g.s.Active != g.s.First {
			t.Fatalf("after the opening: phase %s, active %d, first %d", phaseName(g.s.Phase), g.s.Active, g.s.First)
		}
		firsts[g.s.First]++
	}
	gg, _ := New().New(config(1, 2, 40))
	hh, _ := New().New(config(2, 2, 40))
	if slices.Equal(gg.(*game).pl(1).Draw, hh.(*game).pl(1).Draw) {
		t.Error("two seeds give one order of the Huns' Draw Pile: the piles are not shuffled")
	}
	if len(firsts) != 3 {
		t.Errorf("first players over 12 games %v: want each seat sometimes", firsts)
	}
}

// TestHarvest: the pool is the harvest of the Resource Area, counted as
// the phase begins and as resources come in; "If you do not "spend" the
// resources this turn they are not carried over, rather, if no new
// resource cards are added you still gain 8 stone and 3 water the next
// turn."; the Liaoning Mine discarded gives 3 stone in all, not 4.
func TestHarvest(t *testing.T) {
	t.Logf("rule 7: %s", rule[7])
	g := newTable(t, 2, nil)
	g.put(1, liaoning, ZoneResource)
	g.put(1, liaoning, ZoneResource)
	g.put(1, deepWell, ZoneResource)
	g.give(1, wheat)
	g.to(PhaseHarvest)
	if !slices.Equal(g.s.Pool, pool(t, "1 water, 2 stone")) {
		t.Errorf("the harvest %v, want 2 stone and 1 water", g.s.Pool)
	}
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: wheat})
	if !slices.Equal(g.s.Pool, pool(t, "1 food, 1 water, 2 stone")) {
		t.Errorf("a resource played: pool %v, want its food too", g.s.Pool)
	}
	mine := g.pl(1).Table[0].Ref
	g.act(1, Action{Kind: ActAbility, Unit: mine, Rule: 1})
	if !slices.Equal(g.s.Pool, pool(t, "1 food, 1 water, 4 stone")) || g.inPlay(mine) {
		t.Errorf("the Liaoning Mine discarded: pool %v, in play %t; want 3 stone for it, 4 in all", g.s.Pool, g.inPlay(mine))
	}
	g.to(PhaseResolve)
	g.act(1, Action{Kind: ActNext})
	if g.s.Pool != nil {
		t.Errorf("the pool %v carried over to seat %d's turn", g.s.Pool, g.s.Active)
	}
	g.act(2, Action{Kind: ActPass})
	g.to(PhaseHarvest)
	if !slices.Equal(g.s.Pool, pool(t, "1 food, 1 water, 1 stone")) {
		t.Errorf("the next turn's harvest %v, want 1 food, 1 water, 1 stone", g.s.Pool)
	}
}

// TestTrade: a Resource Trader trades once a turn what the pool holds.
func TestTrade(t *testing.T) {
	t.Logf("rule 7: %s", rule[7])
	g := newTable(t, 2, nil)
	m := g.put(1, merchant, ZoneResource)
	g.put(1, wheat, ZoneResource)
	g.to(PhaseHarvest)
	g.refuse(1, Action{Kind: ActAbility, Unit: m}, "does not hold")
	g.s.Pool = pool(t, "1 food, 2 stone")
	g.act(1, Action{Kind: ActAbility, Unit: m})
	if !slices.Equal(g.s.Pool, pool(t, "1 gold, 1 stone")) && !slices.Equal(g.s.Pool, pool(t, "1 food, 1 gold")) {
		t.Errorf("2 any for 1 gold: pool %v", g.s.Pool)
	}
	g.refuse(1, Action{Kind: ActAbility, Unit: m}, "used this turn")
}

// TestKingdom: Kingdom and Strategy cards are paid from the pool; one the
// pool cannot pay is refused; they may be discarded from play.
func TestKingdom(t *testing.T) {
	t.Logf("rule 8: %s", rule[8])
	g := newTable(t, 2, nil)
	g.give(1, pax, senate)
	g.to(PhaseKingdom)
	g.refuse(1, Action{Kind: ActCard, Hand: 0, Card: pax}, "your pool cannot pay it")
	g.s.Pool = pool(t, "3 food")
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: pax})
	if !slices.Equal(g.s.Pool, pool(t, "1 food")) || g.handLimit(1) != 8 {
		t.Errorf("Pax Romana played: pool %v, hand limit %d; want 1 food left and a hand of 8", g.s.Pool, g.handLimit(1))
	}
	ref := g.pl(1).Table[0].Ref
	g.act(1, Action{Kind: ActDiscardPlay, Unit: ref})
	if g.inPlay(ref) || g.handLimit(1) != 7 || !slices.Contains(g.pl(1).Discard, pax) {
		t.Errorf("Pax Romana discarded: in play %t, hand limit %d", g.inPlay(ref), g.handLimit(1))
	}
	// "You do not need to wait until the next turn to activate abilities
	// for Kingdom and Strategy Cards."
	g.s.Pool = pool(t, "8 gold")
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: senate})
	s := g.pl(1).Table[0].Ref
	g.act(1, Action{Kind: ActAbility, Unit: s})
	if g.pl(1).Health != 1 || g.s.Pool != nil {
		t.Errorf("The Senate's ability (5 gold: health +1): Health %d, pool %v", g.pl(1).Health, g.s.Pool)
	}
}

// TestPull: "Soldiers cannot be played directly into the Battlefield from
// your hand" ("Pull"); "A newly placed soldier may not use his ability
// until the next turn."; "Generals do not suffer Pull, unless noted."; a
// card's no-pull lifts it.
func TestPull(t *testing.T) {
	t.Logf("rule 9: %s", rule[9])
	g := newTable(t, 2, nil)
	g.give(1, lassoRiders, legionary, chieftain, legionary)
	g.to(PhaseArmy)
	g.s.Pool = pool(t, "5 iron, 5 food, 5 horses")
	g.refuse(1, Action{Kind: ActCard, Hand: 1, Card: legionary, Battlefield: true}, "Soldiers suffer Pull")
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: lassoRiders})
	g.act(1, Action{Kind: ActCard, Hand: 1, Card: chieftain, Battlefield: true})
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: legionary})
	riders := g.pl(1).Table[0].Ref
	chief := g.pl(1).Table[1].Ref
	leg := g.pl(1).Table[2].Ref
	g.refuse(1, Action{Kind: ActMove, Unit: leg, Battlefield: true}, "Pull")
	g.refuse(1, Action{Kind: ActAbility, Unit: riders, Targets: []Target{{}}}, "Pull")
	old := g.put(1, lassoRiders, ZoneWarcamp)
	enemy := g.put(2, legionary, ZoneWarcamp)
	g.act(1, Action{Kind: ActAbility, Unit: old, Targets: []Target{{Unit: enemy}}})
	if !g.unit(enemy).CannotBlock {
		t.Error("Lasso Riders of an earlier turn: the ability did not act")
	}
	g.act(1, Action{Kind: ActMove, Unit: chief})
	g.act(1, Action{Kind: ActMove, Unit: chief, Battlefield: true})
	g.act(1, Action{Kind: ActNext})
	g.act(1, Action{Kind: ActAttack, Unit: chief, Seat: 2})
	// Roman Roads: "always: no-pull your infantry".
	h := newTable(t, 2, nil)
	h.put(1, roads, ZoneKingdom)
	h.put(1, chieftain, ZoneWarcamp)
	h.give(1, legionary)
	h.to(PhaseArmy)
	h.s.Pool = pool(t, "1 iron, 1 food")
	h.act(1, Action{Kind: ActCard, Hand: 0, Card: legionary})
	leg = h.pl(1).Table[2].Ref
	if h.unit(leg).Pulled {
		t.Error("a Legionary under Roman Roads suffers Pull")
	}
	h.act(1, Action{Kind: ActMove, Unit: leg, Battlefield: true})
}

// TestGenerals: "You may only have one General in play at one time unless
// otherwise stated." "If needed, you may discard a General at this time
// to play another General."
func TestGenerals(t *testing.T) {
	t.Logf("rule 9: %s", rule[9])
	g := newTable(t, 2, nil)
	old := g.put(1, chieftain, ZoneWarcamp)
	g.give(1, bleda, augustus, uldin)
	g.to(PhaseArmy)
	g.s.Pool = pool(t, "10 gold, 10 horses, 10 food")
	g.refuse(1, Action{Kind: ActCard, Hand: 0, Card: bleda}, "you may have 1 General in play")
	g.act(1, Action{Kind: ActDiscardPlay, Unit: old})
	g.act(1, Action{Kind: ActCard, Hand: 1, Card: augustus})
	hand := len(g.pl(1).Hand)
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: bleda})
	if n := g.r.generalsIn(g.view(1, false).player(1).Table); n != 2 {
		t.Errorf("Augustus (generals +1) and Bleda: %d Generals in play, want 2", n)
	}
	if len(g.pl(1).Hand) != hand { // Bleda left the hand, "play: draw 1" brought one
		t.Errorf("Bleda's effect: hand %d, want %d", len(g.pl(1).Hand), hand)
	}
	g.refuse(1, Action{Kind: ActCard, Hand: slices.Index(g.pl(1).Hand, uldin), Card: uldin}, "you may have 2 Generals in play")
	// Bleda's ability, "1 gold: life +2 one your unit", the turn it comes.
	b := g.pl(1).Table[len(g.pl(1).Table)-1].Ref
	soldier := g.put(1, legionary, ZoneWarcamp)
	g.act(1, Action{Kind: ActAbility, Unit: b, Rule: 1, Targets: []Target{{Unit: soldier}}})
	if g.unit(soldier).Life != 5 {
		t.Errorf("Bleda's ability on a 3/3: Life %d, want 5", g.unit(soldier).Life)
	}
	g.act(1, Action{Kind: ActDiscardPlay, Unit: soldier})
	if g.inPlay(soldier) {
		t.Error("a Soldier discarded in the Army Phase is still in play")
	}
}

// TestHandLimit: "Discard hand to down to seven cards unless stated
// otherwise." The player chooses which; the turn does not end before.
func TestHandLimit(t *testing.T) {
	t.Logf("rule 13: %s", rule[13])
	g := newTable(t, 2, nil)
	g.give(1, legionary, hastati, medjay, chariot, halberdiers, levy, testudo, wall, platoon)
	g.to(PhaseResolve)
	g.refuse(1, Action{Kind: ActNext}, "discard down to 7 cards first")
	g.refuse(1, Action{Kind: ActDiscard, Cards: []int{0}}, "discard 2 cards, not 1")
	g.refuse(1, Action{Kind: ActDiscard, Cards: []int{0, 0}}, "twice")
	evs := g.act(1, Action{Kind: ActDiscard, Cards: []int{0, 4}})
	if e := findEvent(evs, EventDiscard); !slices.Equal(e.Cards, []CardID{legionary, halberdiers}) || len(g.pl(1).Hand) != 7 {
		t.Errorf("discarded %v, hand %d; want the Legionary and the Halberdiers, 7 left", e.Cards, len(g.pl(1).Hand))
	}
	g.act(1, Action{Kind: ActNext})
	// Pax Romana: "always: hand +1".
	h := newTable(t, 2, nil)
	h.put(1, pax, ZoneKingdom)
	h.give(1, legionary, hastati, medjay, chariot, halberdiers, levy, testudo, wall)
	h.to(PhaseResolve)
	h.act(1, Action{Kind: ActNext})
}

// TestUltraRare: "when an Ultra Rare card comes into play during a game,
// that card may not be played during the remainder of the game by
// anyone"; when it leaves play it leaves the game.
func TestUltraRare(t *testing.T) {
	t.Logf("rule 15: %s", rule[15])
	g := newTable(t, 2, nil)
	g.give(1, attila)
	g.give(2, attila)
	count := func(list []CardID) int {
		n := 0
		for _, id := range list {
			if id == attila {
				n++
			}
		}
		return n
	}
	before := count(g.pl(1).Discard)
	g.to(PhaseArmy)
	g.s.Pool = pool(t, "3 horses, 2 gold")
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: attila})
	if !slices.Equal(g.s.Banned, []CardID{attila}) {
		t.Errorf("banned %v, want Attila", g.s.Banned)
	}
	ref := g.pl(1).Table[0].Ref
	g.act(1, Action{Kind: ActDiscardPlay, Unit: ref})
	if count(g.pl(1).Discard) != before || !slices.Contains(g.pl(1).Gone, attila) {
		t.Errorf("Attila left play to the discard pile %v, not out of the game", g.pl(1).Discard)
	}
	g.to(PhaseResolve)
	g.act(1, Action{Kind: ActNext})
	g.act(2, Action{Kind: ActPlay})
	g.to(PhaseArmy)
	g.s.Pool = pool(t, "3 horses, 2 gold")
	g.refuse(2, Action{Kind: ActCard, Hand: 0, Card: attila}, "no one may play it again")
}

// TestCardRules: rules that act by themselves choose for their owner; a
// "discard N" of each opponent asks each in turn; a loss without a pool
// is owed; a unit whose Life falls to 0 leaves play; effects until the end
// of the turn end.
func TestCardRules(t *testing.T) {
	t.Logf("rule 14: %s", rule[14])
	g := newTable(t, 3, nil)
	g.give(2, legionary, hastati)
	g.give(3, medjay, chariot, halberdiers)
	g.give(1, terror, plague)
	g.to(PhaseHarvest)
	m2 := g.put(2, "EGFERMS3", ZoneWarcamp) // Velites Skirmishers, 2/1
	l2 := g.put(2, legionary, ZoneWarcamp)
	g.act(1, Action{Kind: ActCard, Hand: 1, Card: plague})
	if g.inPlay(m2) || !g.inPlay(l2) || g.unit(l2).Life != 2 {
		t.Errorf("Plague (life -1 all soldiers): a 2/1 in play %t, a 3/3 at Life %d", g.inPlay(m2), g.unit(l2).Life)
	}
	g.to(PhaseKingdom)
	g.s.Pool = pool(t, "2 horses")
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: terror})
	if st := g.Step(); !slices.Equal(st.Actors, []ruleset.Seat{2}) || st.Limit == 0 {
		t.Fatalf("Terror of the Steppe: step %+v, want seat 2 to discard, on the answer clock", st)
	}
	g.refuse(1, Action{Kind: ActNext}, "seat 2 must discard")
	g.act(2, Action{Kind: ActDiscard, Cards: []int{1}})
	g.act(3, Action{Kind: ActDiscard, Cards: []int{0}})
	if len(g.pl(2).Hand) != 1 || len(g.pl(3).Hand) != 2 || g.s.Active != 1 || len(g.s.Musts) != 0 {
		t.Errorf("after the discards: hands %d and %d, active %d", len(g.pl(2).Hand), len(g.pl(3).Hand), g.s.Active)
	}
	g.to(PhaseResolve)
	if g.unit(l2).Life != 3 {
		t.Errorf("Plague's effect lasts past the turn: Life %d", g.unit(l2).Life)
	}
	for _, c := range g.pl(1).Table {
		if c.Zone == ZoneActs {
			t.Errorf("the Act of God %s is still in play in the Resolve Phase", c.Card)
		}
	}
	if !slices.Contains(g.pl(1).Discard, plague) {
		t.Error("the Plague is not on the discard pile")
	}

	// "lose 2 gold opponent" of a player who has no pool: owed.
	h := newTable(t, 2, nil)
	h.lose(h.newOutcome(), 2, cards.Amount{N: 2, Resource: "gold"})
	h.put(2, "EGFENTR6", ZoneResource) // Gold Vein: 1 gold
	h.put(2, wheat, ZoneResource)
	h.act(1, Action{Kind: ActPass})
	h.to(PhaseHarvest)
	if !slices.Equal(h.s.Pool, pool(t, "1 food")) || h.pl(2).Owed != nil {
		t.Errorf("a harvest of 1 gold, 1 food owing 2 gold: pool %v, owed %v", h.s.Pool, h.pl(2).Owed)
	}

	// An attack trigger chooses by itself: the strongest enemy unit.
	a := newTable(t, 2, nil)
	a.put(1, chieftain, ZoneWarcamp)
	eng := a.put(1, "EGXETHS7", ZoneBattlefield) // attack: destroy one enemy fortress
	weak := a.put(2, "EGFETHS5", ZoneWarcamp)    // fortress 0/6
	strong := a.put(2, wall, ZoneWarcamp)        // fortress 0/8
	a.to(PhaseAttack)
	a.act(1, Action{Kind: ActAttack, Unit: eng, Seat: 2})
	if !a.inPlay(strong) || a.inPlay(weak) {
		t.Errorf("destroy one enemy fortress by itself: the 0/8 in play %t, the 0/6 %t; want the 0/6 gone (equal Strength, the lowest Ref)", a.inPlay(strong), a.inPlay(weak))
	}
}

// TestTactics: the attacker, then the defender, may play Tactics on a
// battle once a blocker is presented; the defender pays from its harvest.
func TestTactics(t *testing.T) {
	t.Logf("rule 11: %s", rule[11])
	g, a, b := battle(t, legionary, legionary, ZoneBattlefield)
	g.put(2, deepWell, ZoneResource)
	g.give(1, "EGFERMT3") // Flanking March: strength +2 attacker
	g.give(2, sandstorm, divide)
	g.s.Pool = pool(t, "1 food, 1 horse")
	g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	g.refuse(1, Action{Kind: ActCard, Hand: 0, Card: "EGFERMT3"}, "chooses a blocker")
	g.act(2, Action{Kind: ActBlock, Unit: b})
	if !slices.Equal(g.s.Battle.Pool, pool(t, "1 water")) {
		t.Errorf("the defender's pool %v, want its harvest, 1 water", g.s.Battle.Pool)
	}
	g.act(1, Action{Kind: ActCard, Hand: 0, Card: "EGFERMT3"})
	if g.unit(a).Strength != 5 {
		t.Errorf("Flanking March: the attacker's Strength %d, want 5", g.unit(a).Strength)
	}
	g.act(1, Action{Kind: ActNext})
	g.refuse(2, Action{Kind: ActCard, Hand: 1, Card: divide}, "only Tactics cards")
	evs := g.act(2, Action{Kind: ActNext})
	if e := findEvent(evs, EventBattle); e.Value != OutcomeSuccess {
		t.Errorf("a 5/3 against a 3/3: outcome %d, want 3", e.Value)
	}
}

// TestMustEmptyHand: a discard asked of a player whose hand emptied since
// is answered with no card, and Moves offers it.
func TestMustEmptyHand(t *testing.T) {
	t.Logf("rule 14: %s", rule[14])
	g := newTable(t, 2, nil)
	g.give(2, legionary)
	g.to(PhaseKingdom)
	g.s.Musts = []Must{{Seat: 2, Count: 1}, {Seat: 2, Count: 1}}
	g.act(2, Action{Kind: ActDiscard, Cards: []int{0}})
	moves := g.r.Moves(g.view(2, false))
	if len(moves) == 0 || moves[0].Kind != ActDiscard || moves[0].Cards != nil {
		t.Fatalf("moves %+v, want a discard of no card first", moves)
	}
	g.act(2, Action{Kind: ActDiscard})
	if len(g.s.Musts) != 0 || g.s.Active != 1 {
		t.Errorf("after the discards: %v asked, active %d", g.s.Musts, g.s.Active)
	}
}

// TestBattleTactics: a Tactics card that acts on a battle's attacker or
// blocker is played on a battle only, not in the Army Phase, where it
// would do nothing; one of other words is played in the Army Phase.
func TestBattleTactics(t *testing.T) {
	t.Logf("rule 11: %s", rule[11])
	g := newTable(t, 2, nil)
	g.give(1, sandstorm, arrowStorm)
	enemy := g.put(2, legionary, ZoneWarcamp)
	g.to(PhaseArmy)
	g.s.Pool = pool(t, "1 water, 1 wood")
	g.refuse(1, Action{Kind: ActCard, Hand: 0, Card: sandstorm}, "played once a blocker is presented")
	g.act(1, Action{Kind: ActCard, Hand: 1, Card: arrowStorm, Targets: []Target{{Unit: enemy}}})
	if g.unit(enemy).Life != 2 {
		t.Errorf("Arrow Storm in the Army Phase: the Legionary's Life %d, want 2", g.unit(enemy).Life)
	}
}
