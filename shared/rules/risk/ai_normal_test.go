package risk

import (
	"slices"
	"testing"

	"empires/shared/rules/risk/battle"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// TestNormalBeatsEasy plays 20 two-player games of the normal AI against
// the easy one on a generated map of 12 territories for 8 rounds, each
// side on either seat, and checks that normal wins most (it wins 16 here).
// The ladder (docs/AI.md) measures the same over hundreds of games.
func TestNormalBeatsEasy(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 20; seed++ {
		if duel(t, seed, "normal", "easy") {
			wins++
		}
	}
	t.Logf("normal won %d of 20 against easy", wins)
	if wins <= 12 {
		t.Errorf("normal won %d of 20 games against easy, want more than 12", wins)
	}
}

// normalAct returns the normal AI's action for seat s in g, decoded.
func normalAct(t *testing.T, g *game, s ruleset.Seat, v *View) Action {
	t.Helper()
	ai, err := New().NewAI("normal", 1)
	must(t, err)
	b, err := ai.Act(v, g.Step(), s)
	must(t, err)
	a, err := decodeAction(b)
	must(t, err)
	return a
}

// TestNormalCityQuestion checks the normal AI's answer to the city
// question (rule 9) against the exact odds (battle.AttackOdds) of the
// attacker pressing on with its armies and Attack bonuses: keeping the
// city defends with its +1 and then its 3 armies, converting with the 3
// armies at once beside those there; it converts only when that lowers
// the attacker's chance by more than 0.02.
func TestNormalCityQuestion(t *testing.T) {
	t.Logf("rule %s", rule[9])
	for _, tt := range []struct {
		name               string
		attackers, defends int
		bonus              cards.Bonus
		want               ActionKind
	}{
		{"10 on 1: keep 0.924, convert 0.930", 10, 1, cards.NoBonus, ActKeep},
		{"10 on 4: keep 0.593, convert 0.726", 10, 4, cards.NoBonus, ActKeep},
		{"4 on 1, Attack bonus III: keep 0.754, convert 0.724", 4, 1, cards.AttackIII, ActConvert},
		{"10 on 1, Attack bonus II: keep 0.990, convert 0.989", 10, 1, cards.AttackII, ActKeep},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, a, d := position(t, PhaseAttack)
			g.s.Armies[a-1], g.s.Armies[d-1], g.s.City[d-1] = tt.attackers, tt.defends, true
			if tt.bonus != cards.NoBonus {
				give(t, g, 1, tt.bonus)
			}
			must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
			if g.s.Phase != PhaseDefend {
				t.Fatalf("phase %s, want the city question", g.s.Phase)
			}
			keep, _ := battle.AttackOdds(battle.Attack{Attackers: tt.attackers, Defenders: tt.defends, City: true, CityArmies: cityArmies, Bonuses: g.bonuses(1)})
			convert, _ := battle.AttackOdds(battle.Attack{Attackers: tt.attackers, Defenders: tt.defends + cityArmies, Bonuses: g.bonuses(1)})
			t.Logf("the attacker takes it: %.3f if kept, %.3f if converted", keep.Win, convert.Win)
			have := normalAct(t, g, 2, g.View(2, false).(*View))
			if have.Kind != tt.want {
				t.Errorf("have %d, want %d", have.Kind, tt.want)
			}
			b, _ := wire.Marshal(&have)
			if _, err := g.Act(2, b); err != nil {
				t.Errorf("the game refused the answer: %v", err)
			}
		})
	}
}

// TestOfferGain checks what the normal AI counts an offer worth (rule 15,
// Table 1): the numbers stated join its sets, the points stated beyond
// them count as they are, cards it is told nothing of count nothing.
func TestOfferGain(t *testing.T) {
	hand := &cards.Hand{Cards: []cards.GoodsCard{{ID: 1, Value: 2}, {ID: 2, Value: 2}, {ID: 3, Value: 5}, {ID: 4, Value: 7}, {ID: 5, Value: 1}}}
	give := []cards.GoodsID{3, 4, 5} // the two 2s are left: 4 points
	for _, tt := range []struct {
		name string
		st   cards.Statement
		want int
	}{
		{"a 2 makes three 2s: 8", cards.Statement{Count: 3, Numbers: []int{2}}, 4},
		{"12 points, nothing named", cards.Statement{Count: 3, PointsStated: true, Points: 12}, 12},
		{"a 2 and 10 points in all", cards.Statement{Count: 3, PointsStated: true, Points: 10, Numbers: []int{2}}, 12},
		{"a 9 and a 9: 18 beside the 2s", cards.Statement{Count: 3, Numbers: []int{9, 9}}, 18},
		{"only the count: nothing", cards.Statement{Count: 3}, 0},
	} {
		if have := offerGain(hand, give, tt.st); have != tt.want {
			t.Errorf("%s: have %d, want %d", tt.name, have, tt.want)
		}
	}
}

// TestNormalAcceptsAFairOffer checks that the normal AI accepts an offer
// worth to it what it gives (a fair deal, as a person may offer it) and
// refuses one worth less (rule 15).
func TestNormalAcceptsAFairOffer(t *testing.T) {
	t.Logf("rule %s", rule[15])
	for _, tt := range []struct {
		name  string
		extra int // points the offer states beyond what the AI gives up
		want  ActionKind
	}{
		{"worth as much", 0, ActAccept},
		{"worth more", 5, ActAccept},
		{"worth less", -1, ActRefuse},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := trading(t)
			hand := &cards.Hand{Cards: slices.Clone(g.p(2).Hand.Cards)}
			r := mind{ai: &ai{rules: g.rules}, s: 2}
			_, loss := r.leastMissed(hand)
			v := g.View(2, false).(*View)
			v.Offers = []OfferView{{ID: 7, From: 1, To: 2, Count: 3, Statement: cards.Statement{Count: 3, PointsStated: true, Points: loss + tt.extra}}}
			have := normalAct(t, g, 2, v)
			if have.Kind != tt.want || have.Offer != 7 {
				t.Fatalf("have %+v, want kind %d on offer 7 (it gives up %d points)", have, tt.want, loss)
			}
			if have.Kind != ActAccept {
				return
			}
			if err := g.rules.cards.Check(&g.p(2).Hand, have.Part); err != nil {
				t.Errorf("the AI's part is not true, the game would refuse it: %v", err)
			}
		})
	}
}

// TestNormalKeepsTheGameAlive checks that the normal AI never buys the
// last King when that would end the game (rule 18) with another player's
// Empire score as high as its own, and buys it when it then wins alone.
func TestNormalKeepsTheGameAlive(t *testing.T) {
	t.Logf("rule %s", rule[18])
	for _, tt := range []struct {
		name  string
		rival int // the rival's Empire score
		want  ActionKind
	}{
		{"the King would leave it behind", 20, ActEndPurchase},
		{"the King would tie it", 13, ActEndPurchase},
		{"the King wins", 12, ActBuy},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, _, _ := position(t, PhasePurchase)
			v := g.View(1, false).(*View)
			v.Empires = [4][]cards.EmpireCard{{{Suit: cards.Clubs, Rank: cards.King}}}
			v.Hand = []cards.GoodsCard{{ID: 1, Value: 9}, {ID: 2, Value: 9}, {ID: 3, Value: 9}, {ID: 4, Value: 9}, {ID: 5, Value: 9}}
			v.Players[1].Empire = []cards.EmpireCard{{Suit: cards.Hearts, Rank: tt.rival}}
			have := normalAct(t, g, 1, v)
			if have.Kind != tt.want {
				t.Errorf("have %+v, want kind %d", have, tt.want)
			}
		})
	}
}
