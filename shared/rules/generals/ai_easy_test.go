package generals

import (
	"slices"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// TestPay checks what the AI counts a cost to leave of a pool: "You may
// spend the common 11 points or selected points that are equal or less
// than 8 Stone and 3 Water" (named resources from their own, "any" from
// the most plentiful).
func TestPay(t *testing.T) {
	pool := []cards.Amount{{N: 8, Resource: "stone"}, {N: 3, Resource: "water"}}
	for _, tt := range []struct {
		name string
		cost cards.Cost
		keep cards.ResourceName
		want []cards.Amount // nil: not paid
	}{
		{"free", cards.Cost{}, "", pool},
		{"2 water", cards.Cost{Pay: []cards.Amount{{N: 2, Resource: "water"}}}, "", []cards.Amount{{N: 8, Resource: "stone"}, {N: 1, Resource: "water"}}},
		{"4 water: too much", cards.Cost{Pay: []cards.Amount{{N: 4, Resource: "water"}}}, "", nil},
		{"1 gold: none", cards.Cost{Pay: []cards.Amount{{N: 1, Resource: "gold"}}}, "", nil},
		{"6 any: the most plentiful first", cards.Cost{Any: 6}, "", []cards.Amount{{N: 2, Resource: "stone"}, {N: 3, Resource: "water"}}},
		{"11 any: the common 11 points", cards.Cost{Any: 11}, "", []cards.Amount{{N: 0, Resource: "stone"}, {N: 0, Resource: "water"}}},
		{"12 any: one too many", cards.Cost{Any: 12}, "", nil},
		{"3 water, 8 any", cards.Cost{Pay: []cards.Amount{{N: 3, Resource: "water"}}, Any: 8}, "", []cards.Amount{{N: 0, Resource: "stone"}, {N: 0, Resource: "water"}}},
		{"a discard costs no resource", cards.Cost{Discard: true}, "", pool},
		{"a trade for stone gives water first", cards.Cost{Any: 2}, "stone", []cards.Amount{{N: 8, Resource: "stone"}, {N: 1, Resource: "water"}}},
		{"a trade for stone gives stone when the water runs out", cards.Cost{Any: 5}, "stone", []cards.Amount{{N: 6, Resource: "stone"}, {N: 0, Resource: "water"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			have, ok := Pay(pool, tt.cost, tt.keep)
			if ok != (tt.want != nil) {
				t.Fatalf("paid %v, want %v", ok, tt.want != nil)
			}
			if ok && !slices.Equal(have, tt.want) {
				t.Errorf("have %v, want %v", have, tt.want)
			}
			if !slices.Equal(pool, []cards.Amount{{N: 8, Resource: "stone"}, {N: 3, Resource: "water"}}) {
				t.Errorf("the pool changed: %v", pool)
			}
		})
	}
}

// TestClash checks the AI's reading of a battle of two units: "If each
// card is a 5/6 then neither card wins. A strength of 5 cannot beat a life
// of 6." "If the attacker has a 7/8 Chariot and the defender has a 5/6
// Lancer: The Lancer does not kill the Chariot (5 vs 8) and the Chariot
// kills the Lancer (7 vs 6)." "In the case of a tie, the Defender always
// wins."
func TestClash(t *testing.T) {
	for _, tt := range []struct {
		name                   string
		attacker, blocker      fighter
		wantAttacker, wantKill bool
	}{
		{"5/6 against 5/6: neither wins", fighter{5, 6}, fighter{5, 6}, false, false},
		{"the 7/8 Chariot kills the 5/6 Lancer", fighter{7, 8}, fighter{5, 6}, true, false},
		{"a tie: the defender wins", fighter{6, 3}, fighter{3, 6}, false, false},
		{"both die", fighter{4, 2}, fighter{3, 3}, true, true},
		{"the counter-attack", fighter{2, 2}, fighter{3, 5}, false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, b := clash(tt.attacker, tt.blocker)
			if a != tt.wantAttacker || b != tt.wantKill {
				t.Errorf("have attacker kills %v, blocker kills %v; want %v, %v", a, b, tt.wantAttacker, tt.wantKill)
			}
		})
	}
}

// TestBattleBonus checks that a unit's own "attack:" and "block:" rules
// count in its battle ("attack: strength +2 this"), and no other rule.
func TestBattleBonus(t *testing.T) {
	lex := &cards.Lexicon{Resources: []cards.ResourceDef{{Name: "gold", Plural: "gold"}}}
	rule := func(s string) cards.Rule {
		r, err := cards.ParseRule(lex, s)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	c := &cards.Card{Rules: []cards.Rule{
		rule("attack: strength +2 this"),
		rule("block: strength +3 this; life +1 this"),
		rule("always: strength +1 your generals"),
		rule("ability 1 gold: strength +1 this"),
	}}
	for _, tt := range []struct {
		trigger           cards.Trigger
		wantStr, wantLife int
	}{
		{cards.OnAttack, 2, 0},
		{cards.OnBlock, 3, 1},
	} {
		s, l := battleBonus(c, tt.trigger)
		if s != tt.wantStr || l != tt.wantLife {
			t.Errorf("%s: have %+d/%+d, want %+d/%+d", tt.trigger, s, l, tt.wantStr, tt.wantLife)
		}
	}
}

// aiGame plays a Quick game ("Achieve Three points", and opts) of two AI
// levels, a
// at seat 1 on odd seeds and at seat 2 on even ones, each seat with the
// ready-made deck the seed gives it (the pairs of empires in turn), and
// returns whether a won, whether b won (neither: a draw at the round
// limit) and the rounds played. Each AI is given its seat's view and the
// step, as the server gives them (TestAIActsOnTheViewAlone checks that
// the view is all it reads); every action it returns must pass the
// game's checks.
func aiGame(t testing.TB, seed uint64, a, b string, opts ruleset.Options) (aWon, bWon bool, rounds int) {
	t.Helper()
	r := New()
	names := r.Collection().ReadyNames()
	decks := make([][]byte, 2)
	for i := range decks {
		d, _ := r.Collection().Ready(names[(int(seed)+i*(1+int(seed/4)))%len(names)])
		decks[i] = d.Encode()
	}
	o := ruleset.Options{KeyLength: LengthQuick}
	for k, v := range opts {
		o[k] = v
	}
	g, err := r.New(ruleset.Config{Seed: seed, Seats: 2, Options: o, SeatData: decks})
	if err != nil {
		t.Fatal(err)
	}
	sa, sb := ruleset.Seat(1), ruleset.Seat(2)
	if seed%2 == 0 {
		sa, sb = 2, 1
	}
	ais := map[ruleset.Seat]ruleset.AI{}
	if ais[sa], err = r.NewAI(a, seed); err != nil {
		t.Fatal(err)
	}
	if ais[sb], err = r.NewAI(b, seed+100); err != nil {
		t.Fatal(err)
	}
	for range 20000 {
		st := g.Step()
		if over, _ := g.Over(); over || len(st.Actors) == 0 {
			break
		}
		s, act, err := ruleset.FirstAIAction(g, st, 0, func(s ruleset.Seat) ([]byte, error) {
			return ais[s].Act(g.View(s, false), st, s)
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if _, err := g.Act(s, act); err != nil {
			t.Fatalf("seed %d: the game refused seat %d's action: %v", seed, s, err)
		}
	}
	over, winner := g.Over()
	if !over {
		t.Fatalf("seed %d: the game did not end", seed)
	}
	v := g.View(0, true).(*View)
	return winner == sa, winner == sb, v.Round
}

// ladder plays games seeds 1 to n of a against b (aiGame with opts) and
// returns a's wins, b's wins and the average rounds.
func ladder(t *testing.T, n int, a, b string, opts ruleset.Options) (winsA, winsB int, rounds float64) {
	t.Helper()
	total := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		aw, bw, r := aiGame(t, seed, a, b, opts)
		switch {
		case aw:
			winsA++
		case bw:
			winsB++
		}
		total += r
	}
	return winsA, winsB, float64(total) / float64(n)
}

// TestEasyBeatsRandom plays 10 Quick games of the easy level against the
// random one (aiGame) and checks that easy wins most (it wins all 10
// here).
func TestEasyBeatsRandom(t *testing.T) {
	a, b, rounds := ladder(t, 10, "easy", "random", nil)
	t.Logf("easy won %d of 10 against random (random %d), %.1f rounds on average", a, b, rounds)
	if a <= 7 {
		t.Errorf("easy won %d of 10 games against random, want more than 7", a)
	}
}

// TestRandomBeatsPassive plays 40 Quick games of the random level against
// the passive one (aiGame) with a round limit of 20, and checks that
// random wins more: passive never attacks nor plays a card, so it never
// wins, while random now and then leads at the round limit ("the most
// Health wins, ties drawn"): 5 of 40 here, the others drawn.
func TestRandomBeatsPassive(t *testing.T) {
	a, b, rounds := ladder(t, 40, "random", "passive", ruleset.Options{KeyRounds: 20})
	t.Logf("random won %d of 40 against passive (passive %d), %.1f rounds on average", a, b, rounds)
	if a <= b || b > 0 {
		t.Errorf("random won %d of 40 games against passive, passive %d: want random more, passive none", a, b)
	}
}

// TestHelps checks which Tactics cards the easy level plays on a battle
// for its side: "play: strength +2 attacker" for the attacker, "play:
// withdraw attacker" and "play: life +2 blocker" for the defender, none
// that names no unit of the battle.
func TestHelps(t *testing.T) {
	coll := testCollection(t)
	for _, tt := range []struct {
		id                 CardID
		attacker, defender bool
	}{
		{"EGFERMT3", true, false},  // Flanking March: strength +2 attacker
		{"EGFERMT2", false, true},  // Pilum Volley: strength -1 attacker
		{"EGFERMT1", false, true},  // Shield Wall: life +2 blocker
		{"EGFEEYT3", false, true},  // Sandstorm: withdraw attacker
		{"EGFETHT1", true, false},  // Feigned Retreat: withdraw blocker
		{"EGFETHT3", false, false}, // Charge of the Horde: strength +2 one your cavalry
	} {
		c := cardOf(coll, tt.id)
		if have := helps(c, cards.Attacker); have != tt.attacker {
			t.Errorf("%s (%s) helps the attacker: have %v, want %v", c.Name, c.Rules[0], have, tt.attacker)
		}
		if have := helps(c, cards.Blocker); have != tt.defender {
			t.Errorf("%s (%s) helps the defender: have %v, want %v", c.Name, c.Rules[0], have, tt.defender)
		}
	}
}
