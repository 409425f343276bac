package generals

import (
	"slices"
	"testing"

	"empires/shared/wire"
)

// testEmpire is an empire file a mod adds to the collection, with cards
// of the vocabulary's words no built-in card uses.
const testEmpire = `[empire]
code = "ZZ"
name = "The Testers"
style = "Cards for the engine's tests."

[[card]]
id = "EGFEZZK1"
name = "Scriptorium"
rarity = "common"
rules = ["resolve: draw 1"]
text = "Every evening, one more page."

[[card]]
id = "EGFEZZS1"
name = "Ghost Riders"
rarity = "common"
subtype = "cavalry"
strength = 2
life = 2
rules = ["always: unblockable this"]
text = "Nobody has ever stopped them, or seen them."

[[card]]
id = "EGFEZZG1"
name = "Weary Marshal"
rarity = "common"
strength = 3
life = 3
pull = true
text = "He marched all night; he will fight tomorrow."
`

// withTestEmpire returns the ruleset with testEmpire added to its
// collection (a mod's file, through WithData).
func withTestEmpire(t *testing.T) *Rules {
	t.Helper()
	var files []dataFile
	if err := wire.Unmarshal(New().Data(), &files); err != nil {
		t.Fatal(err)
	}
	files = append(files, dataFile{Name: "generals/empires/zz.toml", Data: []byte(testEmpire)})
	data, _ := wire.Marshal(files)
	rs, err := New().WithData(data)
	if err != nil {
		t.Fatal(err)
	}
	return rs.(*Rules)
}

// TestTriggers: the triggers no other test plays: "resolve:" in the owner's
// Resolve Phase, "block:" when presented to block, "kill:" and "dies:"
// after a battle; the verbs "unblockable" and "return"; a General whose
// card says it suffers Pull.
func TestTriggers(t *testing.T) {
	t.Logf("rule 14: %s", rule[14])
	mod := withTestEmpire(t)
	g := newTableOf(t, mod, 2, nil)
	g.put(1, "EGFEZZK1", ZoneKingdom)
	g.to(PhaseResolve)
	if len(g.pl(1).Hand) != 1 {
		t.Errorf("Scriptorium (resolve: draw 1): hand %d, want 1", len(g.pl(1).Hand))
	}

	// A General whose card says pull = true suffers Pull (rule 9).
	g.to(PhaseResolve)
	g.act(1, Action{Kind: ActNext})
	g.act(2, Action{Kind: ActPass})
	g.give(1, "EGFEZZG1")
	g.to(PhaseArmy)
	at := len(g.pl(1).Hand) - 1
	g.refuse(1, Action{Kind: ActCard, Hand: at, Card: "EGFEZZG1", Battlefield: true}, "suffers Pull")
	g.act(1, Action{Kind: ActCard, Hand: at, Card: "EGFEZZG1"})
	if u := g.pl(1).Table[len(g.pl(1).Table)-1]; !g.unit(u.Ref).Pulled {
		t.Error("the Weary Marshal (pull = true) does not suffer Pull")
	}

	// unblockable: no blocker at either place, -1 Health.
	u := newTableOf(t, mod, 2, nil)
	u.put(1, chieftain, ZoneWarcamp)
	ghost := u.put(1, "EGFEZZS1", ZoneBattlefield)
	u.put(2, legionary, ZoneBattlefield)
	u.put(2, legionary, ZoneWarcamp)
	u.to(PhaseAttack)
	evs := u.act(1, Action{Kind: ActAttack, Unit: ghost, Seat: 2})
	if u.s.Battle != nil || u.pl(2).Health != -1 || !u.unit(ghost).Unblockable {
		t.Errorf("an unblockable attacker: battle %+v, Health %d, events %v", u.s.Battle, u.pl(2).Health, kinds(evs))
	}

	// kill and dies: Attila (kill: draw 1) kills the Chariot Runners (dies:
	// draw 1); the Frontier Wall (block: strength +3 this) kills a 2/2.
	k, a, b := battle(t, attila, "EGFEEYS8", ZoneBattlefield)
	k.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	k.act(2, Action{Kind: ActBlock, Unit: b})
	k.act(1, Action{Kind: ActNext})
	k.act(2, Action{Kind: ActNext})
	if len(k.pl(1).Hand) != 1 || len(k.pl(2).Hand) != 1 || k.inPlay(b) {
		t.Errorf("Attila kills the Chariot Runners: hands %d and %d, want a card each", len(k.pl(1).Hand), len(k.pl(2).Hand))
	}
	w, a2, b2 := battle(t, medjay, wall, ZoneBattlefield)
	w.act(1, Action{Kind: ActAttack, Unit: a2, Seat: 2})
	w.act(2, Action{Kind: ActBlock, Unit: b2})
	if w.unit(b2).Strength != 3 {
		t.Errorf("the Frontier Wall blocking: Strength %d, want 3", w.unit(b2).Strength)
	}
	w.act(1, Action{Kind: ActNext})
	evs = w.act(2, Action{Kind: ActNext})
	if e := findEvent(evs, EventBattle); e.Value != OutcomeCounterAttack || w.inPlay(a2) {
		t.Errorf("a 2/2 against the Frontier Wall: outcome %d", e.Value)
	}

	// return: Letters of Amarna sends an enemy soldier back to its hand.
	r := newTable(t, 2, nil)
	enemy := r.put(2, legionary, ZoneWarcamp)
	r.give(1, "EGFEEYP3")
	r.to(PhaseKingdom)
	r.s.Pool = pool(t, "3 gold")
	r.refuse(1, Action{Kind: ActCard, Hand: 0, Card: "EGFEEYP3"}, "the card asks 1 choice,")
	r.refuse(1, Action{Kind: ActCard, Hand: 0, Card: "EGFEEYP3", Targets: []Target{{Unit: 99}}}, "choice 1 is one enemy soldier")
	r.act(1, Action{Kind: ActCard, Hand: 0, Card: "EGFEEYP3", Targets: []Target{{Unit: enemy}}})
	if r.inPlay(enemy) || !slices.Contains(r.pl(2).Hand, legionary) {
		t.Errorf("Letters of Amarna: the Legionary in play %t, seat 2's hand %v", r.inPlay(enemy), r.pl(2).Hand)
	}
}
