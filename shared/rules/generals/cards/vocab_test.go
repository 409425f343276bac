package cards

import (
	"reflect"
	"strings"
	"testing"
)

// testLexicon is a lexicon of two resources and two subtypes.
func testLexicon() *Lexicon {
	return &Lexicon{
		Resources: []ResourceDef{{Name: "stone", Plural: "stone"}, {Name: "horse", Plural: "horses"}},
		Subtypes:  []SubtypeDef{{Name: "cavalry", Battlefield: true}, {Name: "fortress"}},
	}
}

// TestParseCost checks every word of a cost: "N RESOURCE", "N any",
// "discard", "free".
func TestParseCost(t *testing.T) {
	l := testLexicon()
	tests := []struct {
		have string
		want Cost
	}{
		{"", Cost{}},
		{"free", Cost{}},
		{"2 stone", Cost{Pay: []Amount{{2, "stone"}}}},
		{"1 horse", Cost{Pay: []Amount{{1, "horse"}}}},
		{"3 horses, 1 stone", Cost{Pay: []Amount{{3, "horse"}, {1, "stone"}}}},
		{"3 any", Cost{Any: 3}},
		{"discard", Cost{Discard: true}},
		{"1 stone, 2 any, discard", Cost{Pay: []Amount{{1, "stone"}}, Any: 2, Discard: true}},
	}
	for _, tt := range tests {
		have, err := ParseCost(l, tt.have)
		if err != nil {
			t.Errorf("ParseCost(%q): %v", tt.have, err)
			continue
		}
		if !reflect.DeepEqual(have, tt.want) {
			t.Errorf("ParseCost(%q) = %+v, want %+v", tt.have, have, tt.want)
		}
		back, err := ParseCost(l, have.String())
		if err != nil || !reflect.DeepEqual(back, have) {
			t.Errorf("ParseCost(%q) = %+v, %v: String does not read back", have.String(), back, err)
		}
	}
	if c := (Cost{Pay: []Amount{{3, "horse"}}, Any: 1}); c.Total() != 4 || c.Free() {
		t.Errorf("%v: total %d, free %v; want 4, false", c, c.Total(), c.Free())
	}
}

// TestParseCostRefused checks that a malformed cost names what is wrong.
func TestParseCostRefused(t *testing.T) {
	l := testLexicon()
	tests := []struct {
		have string
		want string
	}{
		{"2 gems", `there is no resource "gems"`},
		{"stone", `is not "2 stone"`},
		{"0 stone", "not a number from 1 to 99"},
		{"100 stone", "not a number from 1 to 99"},
		{"-1 stone", "not a number from 1 to 99"},
		{"+1 stone", "not a number from 1 to 99"},
		{"2 stone, 1 stone", "stone twice"},
		{"1 horse, 2 horses", "horse twice"},
		{"1 any, 2 any", `"any" twice`},
		{"discard, discard", "discard twice"},
		{"2 stone,", `"" is not`},
		{"two stone", "not a number"},
		{strings.Repeat("1 stone", 40), "bytes: at most"},
	}
	for _, tt := range tests {
		_, err := ParseCost(l, tt.have)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseCost(%q) = %v, want an error with %q", tt.have, err, tt.want)
		}
	}
}

// TestParseRule checks every trigger, verb, players and units phrase of
// the vocabulary, and that a rule's String reads back as the same rule.
func TestParseRule(t *testing.T) {
	l := testLexicon()
	act := func(a Action) []Action { return []Action{a} }
	unit := func(v Verb, n int, u Units) []Action { return act(Action{Verb: v, N: n, Units: u}) }
	tests := []struct {
		have string
		want Rule
	}{
		// triggers
		{"play: draw 1", Rule{Trigger: OnPlay, Actions: act(Action{Verb: Draw, N: 1})}},
		{"always: generals +1", Rule{Trigger: Always, Actions: act(Action{Verb: Generals, N: 1})}},
		{"harvest: gain 1 stone", Rule{Trigger: OnHarvest, Actions: act(Action{Verb: Gain, N: 1, Resource: "stone"})}},
		{"ability: trade 2 any for 1 horse", Rule{Trigger: OnAbility, Actions: act(Action{Verb: Trade, N: 2, M: 1, For: "horse"})}},
		{"ability discard: gain 3 stone", Rule{Trigger: OnAbility, Cost: Cost{Discard: true}, Actions: act(Action{Verb: Gain, N: 3, Resource: "stone"})}},
		{"ability 2 horses, discard: health +1", Rule{Trigger: OnAbility, Cost: Cost{Pay: []Amount{{2, "horse"}}, Discard: true}, Actions: act(Action{Verb: Health, N: 1})}},
		{"attack: strength +2 this", Rule{Trigger: OnAttack, Actions: unit(Strength, 2, Units{Which: This})}},
		{"block: life +1 this", Rule{Trigger: OnBlock, Actions: unit(Life, 1, Units{Which: This})}},
		{"kill: gain 1 horse", Rule{Trigger: OnKill, Actions: act(Action{Verb: Gain, N: 1, Resource: "horse"})}},
		{"dies: draw 1 supply", Rule{Trigger: OnDeath, Actions: act(Action{Verb: Draw, N: 1, Supply: true})}},
		{"resolve: hand +2", Rule{Trigger: OnResolve, Actions: act(Action{Verb: HandSize, N: 2})}},
		// player verbs and players
		{"play: lose 2 stone each player", Rule{Trigger: OnPlay, Actions: act(Action{Verb: Lose, N: 2, Resource: "stone", Players: EachPlayer})}},
		{"play: lose 1 horse", Rule{Trigger: OnPlay, Actions: act(Action{Verb: Lose, N: 1, Resource: "horse"})}},
		{"play: draw 2 opponent", Rule{Trigger: OnPlay, Actions: act(Action{Verb: Draw, N: 2, Players: Opponent})}},
		{"play: draw 1 you", Rule{Trigger: OnPlay, Actions: act(Action{Verb: Draw, N: 1})}},
		{"play: discard 1 each opponent", Rule{Trigger: OnPlay, Actions: act(Action{Verb: DiscardHand, N: 1, Players: EachOpponent})}},
		{"play: health -1 opponent", Rule{Trigger: OnPlay, Actions: act(Action{Verb: Health, N: -1, Players: Opponent})}},
		{"always: hand -1 each opponent", Rule{Trigger: Always, Actions: act(Action{Verb: HandSize, N: -1, Players: EachOpponent})}},
		{"ability: trade 3 stone for 2 horses", Rule{Trigger: OnAbility, Actions: act(Action{Verb: Trade, N: 3, Resource: "stone", M: 2, For: "horse"})}},
		// unit verbs and units
		{"always: strength +1 your cavalry", Rule{Trigger: Always, Actions: unit(Strength, 1, Units{Owner: Yours, Subtype: "cavalry"})}},
		{"play: life -1 all soldiers", Rule{Trigger: OnPlay, Actions: unit(Life, -1, Units{Owner: AnyOwner, Kind: Soldier})}},
		{"always: life +1 your generals", Rule{Trigger: Always, Actions: unit(Life, 1, Units{Owner: Yours, Kind: General})}},
		{"play: strength -2 attacker", Rule{Trigger: OnPlay, Actions: unit(Strength, -2, Units{Which: Attacker})}},
		{"play: life +2 blocker", Rule{Trigger: OnPlay, Actions: unit(Life, 2, Units{Which: Blocker})}},
		{"always: no-pull your units", Rule{Trigger: Always, Actions: unit(NoPull, 0, Units{Owner: Yours})}},
		{"always: no-general this", Rule{Trigger: Always, Actions: unit(NoGeneral, 0, Units{Which: This})}},
		{"ability 1 horse: cannot-attack one enemy unit", Rule{Trigger: OnAbility, Cost: Cost{Pay: []Amount{{1, "horse"}}}, Actions: unit(CannotAttack, 0, Units{One: true, Owner: Enemy})}},
		{"attack: cannot-block enemy cavalry", Rule{Trigger: OnAttack, Actions: unit(CannotBlock, 0, Units{Owner: Enemy, Subtype: "cavalry"})}},
		{"attack: unblockable this", Rule{Trigger: OnAttack, Actions: unit(Unblockable, 0, Units{Which: This})}},
		{"play: destroy one enemy fortress", Rule{Trigger: OnPlay, Actions: unit(Destroy, 0, Units{One: true, Owner: Enemy, Subtype: "fortress"})}},
		{"play: withdraw attacker", Rule{Trigger: OnPlay, Actions: unit(Withdraw, 0, Units{Which: Attacker})}},
		{"play: return one enemy general", Rule{Trigger: OnPlay, Actions: unit(Return, 0, Units{One: true, Owner: Enemy, Kind: General})}},
		{"play: destroy one all soldier", Rule{Trigger: OnPlay, Actions: unit(Destroy, 0, Units{One: true, Owner: AnyOwner, Kind: Soldier})}},
		// several actions, spacing
		{"play:draw 2 ;  discard 1", Rule{Trigger: OnPlay, Actions: []Action{{Verb: Draw, N: 2}, {Verb: DiscardHand, N: 1}}}},
	}
	for _, tt := range tests {
		have, err := ParseRule(l, tt.have)
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tt.have, err)
			continue
		}
		if !reflect.DeepEqual(have, tt.want) {
			t.Errorf("ParseRule(%q) = %+v, want %+v", tt.have, have, tt.want)
		}
		for _, lex := range []*Lexicon{nil, l} {
			s := have.Format(lex)
			back, err := ParseRule(l, s)
			if err != nil || !reflect.DeepEqual(back, have) {
				t.Errorf("ParseRule(%q) = %+v, %v: Format does not read back %q", s, back, err, tt.have)
			}
		}
	}
	// Every verb and trigger is in the table above.
	verbs, triggers := map[Verb]bool{}, map[Trigger]bool{}
	for _, tt := range tests {
		triggers[tt.want.Trigger] = true
		for _, a := range tt.want.Actions {
			verbs[a.Verb] = true
		}
	}
	for v := Verb(1); v <= lastVerb; v++ {
		if !verbs[v] {
			t.Errorf("verb %q is not tested", v)
		}
	}
	for tr := Trigger(1); tr <= lastTrigger; tr++ {
		if !triggers[tr] {
			t.Errorf("trigger %q is not tested", tr)
		}
	}
}

// TestParseRuleRefused checks that each malformed rule is refused with
// the word that is wrong.
func TestParseRuleRefused(t *testing.T) {
	l := testLexicon()
	tests := []struct {
		have string
		want string
	}{
		{"draw 1", `want "TRIGGER: ACTION"`},
		{"onplay: draw 1", `"onplay" is no trigger`},
		{"play 2 stone: draw 1", `only "ability" takes a cost`},
		{"ability 2 gems: draw 1", `there is no resource "gems"`},
		{"play:", "an empty action"},
		{"play: draw 1;", "an empty action"},
		{"play: fly 1", `"fly" is no verb`},
		{"play: gain 1", `"gain" wants "gain N RESOURCE"`},
		{"play: gain 0 stone", "not a number from 1 to 99"},
		{"play: gain 1 gems", `there is no resource "gems"`},
		{"play: gain 1 stone opponent", "the action is over"},
		{"play: lose 1 stone everyone", `is no players`},
		{"play: lose 1 stone each", `is no players`},
		{"play: draw", `"draw" wants "draw N [PLAYERS]"`},
		{"play: draw two", "not a number"},
		{"play: draw 1 supply supply", "is no players"},
		{"play: discard 1 opponent this", "the action is over"},
		{"play: health 1", "not a change like +1 or -2"},
		{"play: health +0", "not a change like +1 or -2"},
		{"play: health +100", "not a change like +1 or -2"},
		{"play: health", `"health" wants "health +N|-N"`},
		{"play: hand x", "not a change"},
		{"always: generals -1", `"generals" only adds Generals`},
		{"always: generals +1 opponent", "the action is over"},
		{"ability: trade 2 stone", `"trade" wants`},
		{"ability: trade 2 stone to 1 horse", `wants "for", not "to"`},
		{"ability: trade 2 stone for 1 stone", "a trade of stone for stone"},
		{"ability: trade 2 stone for 1 any", `there is no resource "any"`},
		{"play: strength +1", `"strength" wants "strength +N|-N UNITS"`},
		{"play: strength 1 this", "not a change"},
		{"play: life +1 them", `is no units`},
		{"play: life +1 your", `is no units`},
		{"play: life +1 their soldiers", `"their" is no owner`},
		{"play: life +1 your dragons", `"dragons" is no units`},
		{"play: life +1 your soldier", `want "soldiers", or "one your soldier"`},
		{"play: destroy one enemy soldiers", `one is "soldier"`},
		{"play: destroy one enemy generals", `one is "general"`},
		{"play: withdraw", `"withdraw" wants "withdraw UNITS"`},
		{"play: withdraw this now", "the action is over"},
		{"play: draw 1; draw 1; draw 1; draw 1; draw 1; draw 1; draw 1", "7 actions, at most 6"},
		{"play: " + strings.Repeat("draw 1; ", 30), "bytes: at most"},
	}
	for _, tt := range tests {
		_, err := ParseRule(l, tt.have)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseRule(%q) = %v, want an error with %q", tt.have, err, tt.want)
		}
	}
}
