package generals

import (
	"slices"
	"testing"

	"empires/shared/rules/generals/cards"
)

// Cards of the collection the battle tests use, by their numbers.
const (
	chieftain   CardID = "EGFETHG4" // General 3/4
	chariot     CardID = "EGFEEYS2" // Soldier 4/3
	hastati     CardID = "EGFERMS2" // Soldier 2/3
	medjay      CardID = "EGFEEYS1" // Soldier 2/2
	legionary   CardID = "EGFERMS1" // Soldier 3/3
	halberdiers CardID = "EGFEHCS2" // Soldier 2/4
	retreat     CardID = "EGFETHT1" // Tactics "withdraw blocker", 2 horses
	sandstorm   CardID = "EGFEEYT3" // Tactics "withdraw attacker", 1 water
	deepWell    CardID = "EGFENTR2" // Specialty Resource "harvest: gain 1 water"
	levy        CardID = "EGFEHCS7" // Soldier 1/2, "always: no-general this"
	testudo     CardID = "EGFERMS5" // Soldier 2/6, "always: cannot-attack this"
	wall        CardID = "EGFERMS7" // Soldier fortress 0/8, "block: strength +3 this"
	liaoning    CardID = "EGFEHCR1" // "harvest: gain 1 stone", "ability discard: gain 3 stone"
	attila      CardID = "EGFETHG1" // ultra rare General
	augustus    CardID = "EGFERMG1" // ultra rare General, "always: generals +1"
	bleda       CardID = "EGFETHG2" // General, "play: draw 1"
	platoon     CardID = "EGFETHS4" // Soldier cavalry 3/3, 2 horses
	plague      CardID = "EGFENTA1" // Act of God "play: life -1 all soldiers"
	divide      CardID = "EGFERMP1" // Strategy "play: discard 1 opponent", 2 gold
	pax         CardID = "EGFERMP2" // Strategy "always: hand +1", 2 food
	merchant    CardID = "EGFENTM1" // Trader "ability: trade 2 any for 1 gold"
	terror      CardID = "EGFETHP2" // Strategy "play: discard 1 each opponent", 2 horses
	arrowStorm  CardID = "EGFETHT2" // Tactics "play: life -1 one enemy soldier", 1 wood
	senate      CardID = "EGFERMK3" // Kingdom "ability 5 gold: health +1"
	wheat       CardID = "EGFENTR3" // "harvest: gain 1 food"
	horseFair   CardID = "EGFENTR7" // "harvest: gain 1 horse"
	roads       CardID = "EGFERMK1" // Kingdom "always: no-pull your infantry"
	caesar      CardID = "EGFERMG2" // General 6/6 "play: draw 1", "always: strength +1 your infantry"
	uldin       CardID = "EGFETHG3" // General 4/5 "attack: strength +2 this"
	lassoRiders CardID = "EGXETHS6" // Soldier "ability 1 horse: cannot-block one enemy soldier"
)

// battle sets up seat 1's attack on seat 2: attacker att in seat 1's
// Battlefield with a General in its Warcamp, blocker blk of seat 2 in
// zone, seat 1 in its Attack Phase. It returns the table and both refs.
func battle(t *testing.T, att, blk CardID, zone Zone) (*table, Ref, Ref) {
	g := newTable(t, 2, nil)
	g.put(1, chieftain, ZoneWarcamp)
	a := g.put(1, att, ZoneBattlefield)
	b := g.put(2, blk, zone)
	g.to(PhaseAttack)
	return g, a, b
}

// TestOutcomes: the document's fourteen outcomes, seven at each place, with
// the Health they move and the units they leave.
func TestOutcomes(t *testing.T) {
	t.Logf("rule 12: %s", rule[12])
	for _, tt := range []struct {
		name     string
		zone     Zone
		att, blk CardID
		tactics  CardID // played by the attacker (withdraw blocker) or the defender (withdraw attacker)
		block    bool   // the defender presents the blocker
		want     []int  // the outcomes in order (at the Battlefield 1 and 2 go on to the Warcamp)
		health   [2]int
		attLeft  bool
		blkLeft  bool
	}{
		{"Warcamp 1) No Blocker Presented: Lose One Cultural Health (-1 CH)", ZoneWarcamp, chariot, hastati, "", false, []int{1, 1}, [2]int{1, -1}, true, true},
		{"Warcamp 2) Defender Withdrawal, Removal, Dodge, etc: -1 CH", ZoneWarcamp, chariot, hastati, retreat, true, []int{1, 2}, [2]int{1, -1}, true, true},
		{"Warcamp 3) Successful Attack: Discard Defender. -1 CH", ZoneWarcamp, chariot, hastati, "", true, []int{1, 3}, [2]int{1, -1}, true, false},
		{"Warcamp 4) Double Death: No Cultural Health Lost.", ZoneWarcamp, chariot, chariot, "", true, []int{1, 4}, [2]int{0, 0}, false, false},
		{"Warcamp 5) Counter Attack: Discard Attacker, No Cultural Health Lost.", ZoneWarcamp, medjay, legionary, "", true, []int{1, 5}, [2]int{0, 0}, false, true},
		{"Warcamp 6) Attacker Withdrawal: No Cultural Health Lost.", ZoneWarcamp, chariot, hastati, sandstorm, true, []int{1, 6}, [2]int{0, 0}, true, true},
		{"Warcamp 7) Double Block: No Cultural Health Lost.", ZoneWarcamp, legionary, halberdiers, "", true, []int{1, 7}, [2]int{0, 0}, true, true},
		{"Battlefield 1) No Blocker Presented - Redirect to Warcamp", ZoneBattlefield, chariot, hastati, "", false, []int{1, 1}, [2]int{1, -1}, true, true},
		{"Battlefield 2) Defender Withdrawal, Removal, Dodge, etc - Redirect to Warcamp", ZoneBattlefield, chariot, hastati, retreat, true, []int{2, 1}, [2]int{1, -1}, true, true},
		{"Battlefield 3) Successful Attack - Discard Defender.", ZoneBattlefield, chariot, hastati, "", true, []int{3}, [2]int{0, 0}, true, false},
		{"Battlefield 4) Double Death - Discard Attacker and Defender.", ZoneBattlefield, chariot, chariot, "", true, []int{4}, [2]int{0, 0}, false, false},
		{"Battlefield 5) Counter Attack - Discard Attacker.", ZoneBattlefield, medjay, legionary, "", true, []int{5}, [2]int{0, 0}, false, true},
		{"Battlefield 6) Attacker Withdrawal - Defender is taken away from the attack.", ZoneBattlefield, chariot, hastati, sandstorm, true, []int{6}, [2]int{0, 0}, true, true},
		{"Battlefield 7) Double Block - Both units remain in battlefield.", ZoneBattlefield, legionary, halberdiers, "", true, []int{7}, [2]int{0, 0}, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, a, b := battle(t, tt.att, tt.blk, tt.zone)
			if tt.zone == ZoneWarcamp {
				// Something to answer with at the Battlefield, so that the
				// defender is asked there first.
				g.put(2, hastati, ZoneBattlefield)
			}
			var evs []Event
			evs = append(evs, g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})...)
			if tt.zone == ZoneWarcamp {
				evs = append(evs, g.act(2, Action{Kind: ActBlock})...)
			}
			if !tt.block {
				evs = append(evs, g.act(2, Action{Kind: ActBlock})...)
			} else {
				evs = append(evs, g.act(2, Action{Kind: ActBlock, Unit: b})...)
				switch tt.tactics {
				case retreat:
					g.s.Pool = pool(t, "2 horses")
					g.give(1, retreat)
					evs = append(evs, g.act(1, Action{Kind: ActCard, Hand: 0, Card: retreat})...)
				case sandstorm:
					g.put(2, deepWell, ZoneResource)
					g.s.Battle.Pool = pool(t, "1 water")
					g.give(2, sandstorm)
					evs = append(evs, g.act(1, Action{Kind: ActNext})...)
					evs = append(evs, g.act(2, Action{Kind: ActCard, Hand: 0, Card: sandstorm})...)
				default:
					evs = append(evs, g.act(1, Action{Kind: ActNext})...)
					evs = append(evs, g.act(2, Action{Kind: ActNext})...)
				}
				if g.s.Battle != nil && g.s.Battle.Blocker == 0 { // redirected: no blocker at the Warcamp
					evs = append(evs, g.act(2, Action{Kind: ActBlock})...)
				}
			}
			var have []int
			for _, e := range evs {
				if e.Kind == EventBattle {
					have = append(have, e.Value)
				}
			}
			if !slices.Equal(have, tt.want) {
				t.Errorf("outcomes %v, want %v (events %v)", have, tt.want, kinds(evs))
			}
			if h := [2]int{g.pl(1).Health, g.pl(2).Health}; h != tt.health {
				t.Errorf("Health %v, want %v", h, tt.health)
			}
			if g.inPlay(a) != tt.attLeft || g.inPlay(b) != tt.blkLeft {
				t.Errorf("attacker in play %t, blocker %t; want %t, %t", g.inPlay(a), g.inPlay(b), tt.attLeft, tt.blkLeft)
			}
			if g.s.Battle != nil || g.s.Phase != PhaseAttack {
				t.Errorf("after the battle: battle %+v, phase %s", g.s.Battle, phaseName(g.s.Phase))
			}
			if tt.attLeft && g.unit(a).Zone != ZoneBattlefield {
				t.Errorf("the attacker is in the %s: it falls back to its spot in the Battlefield", zoneName(g.unit(a).Zone))
			}
		})
	}
}

// TestNumbers: "If each card is a 5/6 then neither card wins." "If the
// attacker has a 7/8 Chariot and the defender has a 5/6 Lancer: The Lancer
// does not kill the Chariot (5 vs 8) and the Chariot kills the Lancer (7
// vs 6)." "In the case of a tie, the Defender always wins."
func TestNumbers(t *testing.T) {
	t.Logf("rule 12: %s", rule[12])
	for _, tt := range []struct {
		name       string
		att, blk   [2]int
		want       int
		attL, blkL bool
	}{
		{"5/6 against 5/6: neither wins", [2]int{5, 6}, [2]int{5, 6}, OutcomeDoubleBlock, true, true},
		{"a 7/8 Chariot against a 5/6 Lancer", [2]int{7, 8}, [2]int{5, 6}, OutcomeSuccess, true, false},
		{"a tie: Strength 6 against Life 6 does not kill", [2]int{6, 3}, [2]int{1, 6}, OutcomeDoubleBlock, true, true},
		{"a tie to the defender: 3 against 3 kills neither", [2]int{3, 3}, [2]int{3, 3}, OutcomeDoubleBlock, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, a, b := battle(t, legionary, legionary, ZoneBattlefield)
			set := func(ref Ref, sl [2]int) {
				g.s.Mods = append(g.s.Mods, mod{Ref: ref, Verb: cards.Strength, N: sl[0] - 3}, mod{Ref: ref, Verb: cards.Life, N: sl[1] - 3})
			}
			g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
			set(a, tt.att)
			set(b, tt.blk)
			g.act(2, Action{Kind: ActBlock, Unit: b})
			g.act(1, Action{Kind: ActNext})
			evs := g.act(2, Action{Kind: ActNext})
			e := findEvent(evs, EventBattle)
			if e.Value != tt.want || !slices.Equal(e.Numbers, []int{tt.att[0], tt.att[1], tt.blk[0], tt.blk[1]}) {
				t.Errorf("outcome %d with numbers %v, want %d with %v %v", e.Value, e.Numbers, tt.want, tt.att, tt.blk)
			}
			if g.inPlay(a) != tt.attL || g.inPlay(b) != tt.blkL {
				t.Errorf("attacker in play %t, blocker %t; want %t, %t", g.inPlay(a), g.inPlay(b), tt.attL, tt.blkL)
			}
		})
	}
}

// TestBlocking: the defender answers at its Battlefield first, may let the
// attack through to its Warcamp, may not block with a unit that cannot
// block or of another place, and is not asked where it has no unit that
// may block.
func TestBlocking(t *testing.T) {
	t.Logf("rule 10: %s", rule[10])
	g, a, _ := battle(t, chariot, hastati, ZoneWarcamp)
	field := g.put(2, halberdiers, ZoneBattlefield)
	camp := g.put(2, legionary, ZoneWarcamp)
	g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	if !g.s.Battle.AtBattlefield {
		t.Fatal("the defender is not asked at its Battlefield first")
	}
	g.refuse(2, Action{Kind: ActBlock, Unit: camp}, "you have no unit")
	g.refuse(1, Action{Kind: ActNext}, "chooses a blocker")
	g.act(2, Action{Kind: ActBlock})
	if g.s.Battle == nil || g.s.Battle.AtBattlefield {
		t.Fatal("no blocker at the Battlefield does not take the attack to the Warcamp")
	}
	g.refuse(2, Action{Kind: ActBlock, Unit: field}, "you have no unit")
	g.s.Mods = append(g.s.Mods, mod{Ref: camp, Verb: cards.CannotBlock})
	g.refuse(2, Action{Kind: ActBlock, Unit: camp}, "cannot block")

	// No unit that may block at the Battlefield: the attack goes straight
	// to the Warcamp; none there either: outcome 1.
	g2, a2, _ := battle(t, chariot, testudo, ZoneWarcamp)
	evs := g2.act(1, Action{Kind: ActAttack, Unit: a2, Seat: 2})
	if g2.s.Battle == nil || g2.s.Battle.AtBattlefield {
		t.Fatalf("with no unit in its Battlefield the defender is asked there (events %v)", kinds(evs))
	}
	g3, a3, _ := battle(t, chariot, testudo, ZoneBattlefield)
	g3.s.Mods = append(g3.s.Mods, mod{Ref: a3, Verb: cards.Unblockable})
	evs = g3.act(1, Action{Kind: ActAttack, Unit: a3, Seat: 2})
	if g3.s.Battle != nil || g3.pl(2).Health != -1 {
		t.Errorf("an unblockable attacker is blocked: battle %+v, Health %d (events %v)", g3.s.Battle, g3.pl(2).Health, kinds(evs))
	}
}

// TestOneAttack: "You may attack with only one unit per turn"; a unit
// needs a General in play to enter the Battlefield and to attack, unless
// no-general; a fortress never enters it; units move only in the Army
// Phase; a unit that cannot attack does not; the attacked is an opponent
// still playing.
func TestOneAttack(t *testing.T) {
	t.Logf("rule 10: %s", rule[10])
	g, a, _ := battle(t, legionary, halberdiers, ZoneBattlefield)
	second := g.put(1, hastati, ZoneBattlefield)
	g.refuse(1, Action{Kind: ActAttack, Unit: a, Seat: 1}, "no opponent")
	g.refuse(1, Action{Kind: ActMove, Unit: second}, "units move in the Army Phase")
	g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	g.act(2, Action{Kind: ActBlock})
	g.refuse(1, Action{Kind: ActAttack, Unit: second, Seat: 2}, "only one unit per turn")

	h := newTable(t, 2, nil)
	u := h.put(1, legionary, ZoneWarcamp)
	l := h.put(1, levy, ZoneWarcamp)
	ta := h.put(1, testudo, ZoneBattlefield)
	h.to(PhaseArmy)
	h.refuse(1, Action{Kind: ActMove, Unit: u, Battlefield: true}, "General in play")
	fort := h.put(1, wall, ZoneWarcamp)
	h.put(1, chieftain, ZoneWarcamp)
	h.refuse(1, Action{Kind: ActMove, Unit: fort, Battlefield: true}, "a fortress may not move into the Battlefield")
	h.act(1, Action{Kind: ActDiscardPlay, Unit: h.pl(1).Table[len(h.pl(1).Table)-1].Ref})
	h.act(1, Action{Kind: ActMove, Unit: l, Battlefield: true})
	h.act(1, Action{Kind: ActNext})
	h.refuse(1, Action{Kind: ActAttack, Unit: ta, Seat: 2}, "cannot attack")
	h.act(1, Action{Kind: ActAttack, Unit: l, Seat: 2})
}
