package duel

import (
	"strings"
	"testing"

	"empires/shared/wire"
)

// TestLoadRefuses breaks one thing at a time in a real save, re-encoded
// well-formed, and checks that Load names what is wrong.
func TestLoadRefuses(t *testing.T) {
	g := newGame(t, config(3, 3, 6))
	good, err := g.Save()
	must(t, err)
	tests := []struct {
		name  string
		spoil func(s *state)
		err   string
	}{
		{"another format", func(s *state) { s.Format = "duel 0" }, `save format "duel 0", this build reads "duel 1"`},
		{"another deck", func(s *state) { s.Hash = "abc" }, "a game with another deck"},
		{"one player", func(s *state) { s.Names = s.Names[:1] }, "1 players, want 2 to 4"},
		{"a hand missing", func(s *state) { s.Hands = s.Hands[:2] }, "3 players but 2 hands"},
		{"round past the last", func(s *state) { s.Round = 7 }, "round 7 of 6"},
		{"too many rounds", func(s *state) { s.Rounds, s.Round = 99, 1 }, "round 1 of 99"},
		{"a negative clock", func(s *state) { s.Answer = -1 }, "time limits of -1 seconds to answer"},
		{"a clock not of the choices", func(s *state) { s.TurnTime = 121 }, "and 121 a turn"},
		{"an unknown phase", func(s *state) { s.Phase = 9 }, "unknown phase 9"},
		{"a turn in an offering", func(s *state) { s.Turn = 1 }, "attack turn 1 of 3 in phase offer"},
		{"a winner in play", func(s *state) { s.Winner = 2 }, "winner seat 2 in phase offer"},
		{"negative points", func(s *state) { s.Points[0] = -1 }, "seat 1: -1 points"},
		{"a big hand", func(s *state) { s.Hands[0] = append(s.Hands[0], s.Decks[0][0]) }, "seat 1 holds 6 cards, more than a hand of 5"},
		{"an unsorted hand", func(s *state) { h := s.Hands[1]; h[0], h[1] = h[1], h[0] }, "seat 2's hand is not sorted"},
		{"a draw pile missing", func(s *state) { s.Decks = s.Decks[:2] }, "3 players but 3 decks brought, 2 draw piles"},
		{"a deck brought short", func(s *state) { s.Brought[1] = s.Brought[1][1:] }, "seat 2's deck: 19 cards, want 20"},
		{"a deck brought unsorted", func(s *state) { b := s.Brought[1]; b[0], b[1] = b[1], b[0] }, "seat 2's deck: not sorted"},
		{"a deck brought with 3 of a card", func(s *state) { b := s.Brought[0]; b[1], b[2] = b[0], b[0] }, "seat 1's deck: more than 2 of the 1 of cups"},
		{"a card its deck did not bring", func(s *state) { s.Hands[0] = []Card{{Suit: 0, Rank: 2}} },
			"seat 1 holds or has to draw the 2 of cups, and its deck brought no more of it"},
		{"a card not of the deck", func(s *state) { s.Decks[0][0] = Card{Suit: 9, Rank: 1} }, "seat 1 holds or has to draw the 1 of suit 9"},
		{"a card twice", func(s *state) { s.Discard = append(s.Discard, s.Decks[0][0]) }, "is in play more often than the decks brought hold it"},
		{"a card lost", func(s *state) { s.Decks[0] = s.Decks[0][1:] }, "59 cards in play, and the decks brought hold 60"},
		{"an attack in an offering", func(s *state) { s.Defender = 2 }, "an attack in phase offer"},
		{"a broken generator", func(s *state) { s.RNG = []byte("pcg:") }, "generator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s state
			must(t, wire.Unmarshal(good, &s))
			tt.spoil(&s)
			_, err := New().Load(marshal(t, &s))
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("have %v, want an error with %q", err, tt.err)
			}
		})
	}
}
