package risk

import (
	"testing"

	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// wordsModel returns a model of the classic board seen by seat 1 of
// Ann, Bob and Cy, with Cy's third-person words if third.
func wordsModel(t *testing.T, third bool) *Model {
	t.Helper()
	r := rules.New()
	b, err := r.Board(rules.MapClassic, 42, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel(r, b)
	v := &rules.View{Seat: 1, Board: make([]rules.TerritoryView, len(b.Territories)),
		Players: []rules.PlayerView{{Name: "Ann", Alive: true}, {Name: "Bob", Alive: true}, {Name: "Cy", Alive: true}}}
	m.SetView(v)
	m.SetThirdPerson(third)
	return m
}

// TestTell checks the log's words for each kind of event: the player is
// "you", the others by name, the neutral side by its name; Goods cards
// are named only when the event carries them (rule 20: the view's own).
func TestTell(t *testing.T) {
	m := wordsModel(t, false)
	id := func(name string) board.TerritoryID {
		for _, tt := range m.b.Territories {
			if tt.Name == name {
				return tt.ID
			}
		}
		t.Fatalf("no %s", name)
		return 0
	}
	alaska, kamchatka := id("Alaska"), id("Kamchatka")
	type ev = rules.Event
	tests := []struct {
		name string
		have ev
		want string
	}{
		{"claim", ev{Kind: rules.EventClaim, Seat: 1, Territory: alaska}, "You claim Alaska."},
		{"place one", ev{Kind: rules.EventPlace, Seat: 2, Territory: alaska, Count: 1}, "Bob places 1 army on Alaska."},
		{"round", ev{Kind: rules.EventRound, Value: 3, Seats: []ruleset.Seat{2, 1, 3}}, "Round 3 begins: the order is Bob, you and Cy."},
		{"new armies", ev{Kind: rules.EventArmies, Seat: 1, Value: 7}, "You get 7 new armies."},
		{"lost", ev{Kind: rules.EventLost, Seat: 1, Count: 2}, "You end placing: 2 armies not placed are lost."},
		{"lost none", ev{Kind: rules.EventLost, Seat: 3}, "Cy ends placing."},
		{"ask", ev{Kind: rules.EventAsk, Seat: 1, Other: 2, Territory: alaska},
			"Bob attacks your city on Alaska: you are asked whether to turn it into 3 armies."},
		{"convert forced", ev{Kind: rules.EventConvert, Seat: 2, Territory: alaska, Count: 3, Value: 1},
			"Bob's city on Alaska becomes 3 armies (no armies stood there: it must)."},
		{"roll", ev{Kind: rules.EventRoll, Seat: 1, Other: 2, From: alaska, To: kamchatka, Attack: []int{6, 4, 1}, Defend: []int{5, 4}, Value: 1, Count: 1},
			"You attack Bob's Kamchatka from Alaska: 6 4 1 against 5 4; you lose 1, Bob loses 1."},
		{"roll on the neutral", ev{Kind: rules.EventRoll, Seat: 2, Other: 0, From: alaska, To: kamchatka, Attack: []int{3}, Defend: []int{5}, Value: 1},
			"Bob attacks the neutral side's Kamchatka from Alaska: 3 against 5; Bob loses 1, the neutral side loses nothing."},
		{"conquer", ev{Kind: rules.EventConquer, Seat: 1, Other: 3, Territory: kamchatka}, "You conquer Kamchatka from Cy."},
		{"draw seen", ev{Kind: rules.EventDraw, Seat: 1, Value: 2, Goods: []cards.GoodsCard{{Value: 3}, {Value: 8}}},
			"You draw 2 Goods cards: a 3 and an 8."},
		{"draw unseen", ev{Kind: rules.EventDraw, Seat: 2, Value: 2}, "Bob draws 2 Goods cards."},
		{"trade seen", ev{Kind: rules.EventTrade, Seat: 2, Other: 1, Value: 4, Count: 3,
			Goods: []cards.GoodsCard{{Value: 1}, {Value: 2}, {Value: 2}, {Value: 5}, {Value: 5}, {Value: 5}}},
			"Bob and you trade (offer 4): Bob gives a 1, a 2 and a 2, you give a 5, a 5 and a 5."},
		{"trade unseen", ev{Kind: rules.EventTrade, Seat: 2, Other: 3, Value: 4, Count: 3}, "Bob and Cy trade (offer 4)."},
		{"offer", ev{Kind: rules.EventOffer, Seat: 2, Other: 1, Value: 5, Statement: cards.Statement{Count: 3, PointsStated: true, Points: 9}},
			"Bob offers you 3 cards, worth 9 points (offer 5)."},
		{"disaster", ev{Kind: rules.EventDisaster, Seat: 2, Value: int(cards.Floods), Count: 3, Text: "Alaska lost 2; Kamchatka lost 1"},
			"Floods strike Bob: Alaska lost 2; Kamchatka lost 1 (3 armies lost)."},
		{"plague", ev{Kind: rules.EventDisaster, Seat: 1, Value: int(cards.Plague), Count: 0},
			"Plague strikes you (0 armies lost)."},
		{"end", ev{Kind: rules.EventEnd, Seats: []ruleset.Seat{1}}, "The game ends: you win."},
		{"shared end", ev{Kind: rules.EventEnd, Seats: []ruleset.Seat{2, 3}}, "The game ends: Bob and Cy share the win."},
		{"nuke", ev{Kind: rules.EventNuke, Seat: 1, Other: 2, Territory: kamchatka, Count: 4}, "You nuke Bob's Kamchatka: 4 armies killed."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := m.Tell([]rules.Event{tc.have})
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("have %+v\n got %q\nwant %q", tc.have, got, tc.want)
			}
		})
	}
}

// TestTellThirdPerson checks that a replay's words name the view's player.
func TestTellThirdPerson(t *testing.T) {
	m := wordsModel(t, true)
	have := rules.Event{Kind: rules.EventArmies, Seat: 1, Value: 1}
	if got, want := m.Tell([]rules.Event{have}), "Ann gets 1 new army."; len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestHitBy checks that a Disaster's report gives the territories it
// names, in its order, for the marks on the map.
func TestHitBy(t *testing.T) {
	m := wordsModel(t, false)
	tests := []struct {
		have string
		want []string
	}{
		{"", nil},
		{"Alaska lost 2", []string{"Alaska"}},
		{"Siam lost 1; Alaska lost 0", []string{"Siam", "Alaska"}},
		{"Atlantis lost 3", nil},
	}
	for _, tc := range tests {
		var got []string
		for _, t := range m.hitBy(tc.have) {
			got = append(got, m.tname(t))
		}
		if len(got) != len(tc.want) {
			t.Errorf("hitBy(%q) = %q, want %q", tc.have, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("hitBy(%q) = %q, want %q", tc.have, got, tc.want)
			}
		}
	}
}
