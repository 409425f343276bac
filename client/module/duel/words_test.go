package duel

import (
	"strings"
	"testing"

	rules "empires/shared/rules/duel"
)

// wordsModel returns the table of Ann (seat 1) playing Bob and Cid, six
// rounds, with the built-in deck (cups, coins, swords, clubs).
func wordsModel(third bool) *Model {
	m := NewModel(rules.New().Deck())
	m.SetView(&rules.View{Seat: 1, Table: rules.Table{Round: 2, Rounds: 6, Phase: rules.PhaseAttack, Attacker: 1},
		Players: []rules.PlayerView{{Name: "Ann", Cards: 5, Alive: true}, {Name: "Bob", Cards: 5, Alive: true}, {Name: "Cid", Cards: 5, Alive: true}}})
	m.SetThirdPerson(third)
	return m
}

func card(suit, rank uint8) []rules.Card { return []rules.Card{{Suit: suit, Rank: rank}} }

// The log tells every event in words, to the player as "you".
func TestTell(t *testing.T) {
	tests := []struct {
		name  string
		third bool
		have  []rules.Event
		want  []string
	}{
		{"rule 2 and 3: the offering revealed, who scored", false, []rules.Event{
			{Kind: rules.EventReveal, Seat: 1, Cards: card(0, 7)},
			{Kind: rules.EventReveal, Seat: 2, Cards: card(1, 9)},
			{Kind: rules.EventReveal, Seat: 3, Cards: card(3, 2)},
			{Kind: rules.EventScore, Seat: 2, Value: 1},
		}, []string{
			"The offering is revealed: you: 7 of cups, Bob: 9 of coins, Cid: 2 of clubs",
			"Bob's offering is the highest: Bob scores 1 point",
		}},
		{"rule 3: a tie", false, []rules.Event{
			{Kind: rules.EventReveal, Seat: 1, Cards: card(0, 9)},
			{Kind: rules.EventReveal, Seat: 2, Cards: card(1, 9)},
			{Kind: rules.EventScore, Seat: 1, Value: 1},
			{Kind: rules.EventScore, Seat: 2, Value: 1},
		}, []string{
			"The offering is revealed: you: 9 of cups, Bob: 9 of coins",
			"You and Bob tie for the highest offering: 1 point each",
		}},
		{"rule 4: the autopilot", false, []rules.Event{{Kind: rules.EventAutopilot, Seat: 1}},
			[]string{"You laid nothing: your lowest card is laid for you"}},
		{"rule 5 and 6: an attack blocked", false, []rules.Event{
			{Kind: rules.EventAttack, Seat: 2, Other: 1, Cards: card(2, 4)},
		}, []string{"Bob attacks you with the 4 of swords"}},
		{"rule 6: a block and its point", false, []rules.Event{
			{Kind: rules.EventBlock, Seat: 1, Other: 2, Cards: card(2, 8)},
			{Kind: rules.EventScore, Seat: 1, Value: 1},
		}, []string{"You block Bob's attack with the 8 of swords and score 1 point"}},
		{"rule 7: a hit, a roll that takes a card", false, []rules.Event{
			{Kind: rules.EventHit, Seat: 2, Other: 1},
			{Kind: rules.EventScore, Seat: 1, Value: 2},
			{Kind: rules.EventRoll, Seat: 1, Value: 6},
			{Kind: rules.EventLose, Seat: 2, Cards: card(1, 3)},
		}, []string{
			"Bob takes the hit: you score 2 points",
			"You roll a 6: Bob loses the 3 of coins, drawn at random",
		}},
		{"rule 7: a roll that takes nothing", false, []rules.Event{
			{Kind: rules.EventHit, Seat: 1, Other: 3},
			{Kind: rules.EventScore, Seat: 3, Value: 2},
			{Kind: rules.EventRoll, Seat: 3, Value: 2},
		}, []string{
			"You take the hit: Cid scores 2 points",
			"Cid rolls a 2: no card is lost (a 5 or a 6 takes one)",
		}},
		{"rule 5: a pass", false, []rules.Event{{Kind: rules.EventPass, Seat: 3}}, []string{"Cid passes"}},
		{"rule 8: a new round, the cards drawn", false, []rules.Event{
			{Kind: rules.EventRound, Value: 3},
			{Kind: rules.EventDraw, Seat: 1, Value: 2, Cards: []rules.Card{{Suit: 0, Rank: 3}, {Suit: 2, Rank: 9}}},
			{Kind: rules.EventDraw, Seat: 2, Value: 1},
		}, []string{
			"Round 3 of 6 begins: everyone draws up to 5 cards from their own deck while it lasts",
			"You draw 2 cards: the 3 of cups and the 9 of swords",
			"Bob draws 1 card",
		}},
		{"rule 9 and 10: out, and the end", false, []rules.Event{
			{Kind: rules.EventOut, Seat: 2},
			{Kind: rules.EventEnd, Seat: 1},
		}, []string{
			"Bob is out: no cards in hand and Bob's deck is empty",
			"The game is over: you win",
		}},
		{"rule 10: a draw", false, []rules.Event{{Kind: rules.EventEnd}}, []string{"The game is over: a draw"}},
		{"a replay speaks of every player by name", true, []rules.Event{
			{Kind: rules.EventAttack, Seat: 2, Other: 1, Cards: card(2, 4)},
			{Kind: rules.EventHit, Seat: 1, Other: 2},
			{Kind: rules.EventScore, Seat: 2, Value: 2},
		}, []string{
			"Bob attacks Ann with the 4 of swords",
			"Ann takes the hit: Bob scores 2 points",
		}},
	}
	for _, tc := range tests {
		m := wordsModel(tc.third)
		var have []string
		for _, l := range m.Tell(tc.have) {
			have = append(have, l.Text)
		}
		if strings.Join(have, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\nhave %q\nwant %q", tc.name, have, tc.want)
		}
	}
}

// Resolved keeps the log with each line's round: the lines after a new
// round's event are of that round.
func TestLogRounds(t *testing.T) {
	m := wordsModel(false)
	v := *m.View()
	v.Table.Round = 3
	m.Resolved(&v, []rules.Event{
		{Kind: rules.EventPass, Seat: 3},
		{Kind: rules.EventRound, Value: 3},
	})
	var have []int
	for _, l := range m.Log() {
		have = append(have, l.Round)
	}
	if len(have) != 2 || have[0] != 2 || have[1] != 3 {
		t.Errorf("the log's rounds are %v, want [2 3]", have)
	}
	if len(m.Recent()) != 2 {
		t.Errorf("recent %q, want the two lines", m.Recent())
	}
}

// The top bar names the round and who acts, in the player's words; the
// log's headings name rounds.
func TestTop(t *testing.T) {
	tg := newTestGame(t, 1, 6, "Ann", "Bob")
	if have, want := tg.s.Top().Turn, "Round 1 of 6 · Offering"; have != want {
		t.Errorf("the offering: %q, want %q", have, want)
	}
	tg.offer()
	top := tg.s.Top()
	if have, want := top.Turn, "Round 1 of 6 · You attack"; have != want {
		t.Errorf("Ann's attack: %q, want %q", have, want)
	}
	if !strings.HasPrefix(top.Money, "You: ") {
		t.Errorf("the top bar's points: %q", top.Money)
	}
	tg.play(1, rules.Action{Kind: rules.ActPass})
	if have, want := tg.s.Top().Turn, "Round 1 of 6 · Bob attacks"; have != want {
		t.Errorf("Bob's attack: %q, want %q", have, want)
	}
	if have, want := tg.s.TurnName(3), "Round 3"; have != want {
		t.Errorf("TurnName(3) = %q, want %q", have, want)
	}
}

// The screen keeps the log's lines while the log does not change (the
// shell asks for them every frame), and makes them again when it does.
func TestLogKept(t *testing.T) {
	tg := newTestGame(t, 1, 6, "Ann", "Bob")
	tg.offer()
	first := tg.s.Log()
	if again := tg.s.Log(); len(again) == 0 || &again[0] != &first[0] {
		t.Error("the log's lines were made again though the log did not change")
	}
	tg.play(1, rules.Action{Kind: rules.ActPass})
	if after := tg.s.Log(); len(after) <= len(first) || after[len(after)-1].Text != "You pass" && !strings.HasPrefix(after[len(first)].Text, "You pass") {
		t.Errorf("after a pass the log is %q", after)
	}
}
