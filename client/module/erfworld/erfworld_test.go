package erfworld

import (
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	erf "empires/shared/rules/erfworld"
)

// TestChoiceGroup checks which choices share a row of small buttons.
func TestChoiceGroup(t *testing.T) {
	tests := []struct {
		have      game.Order
		key, want string
	}{
		{game.Order{Kind: game.OrderStance, Stance: game.Withdraw, Dir: 1}, "Withdraw to", hex.Direction(1).String()},
		{game.Order{Kind: game.OrderStance, Stance: game.Intercept}, "", ""},
		{game.Order{Kind: game.OrderExplore, Dir: 3}, "Explore", hex.Direction(3).String()},
		{game.Order{Kind: erf.OrderScout, Dir: 0}, "Scout", hex.Direction(0).String()},
		{game.Order{Kind: erf.OrderWarlord, Level: 4}, "Warlord level", "4"},
		{game.Order{Kind: erf.OrderUpgrade}, "", ""},
	}
	for _, tt := range tests {
		key, short := Game{}.Group(model.Choice{Order: tt.have})
		if key != tt.key || short != tt.want {
			t.Errorf("Group(%+v) = %q, %q; want %q, %q", tt.have, key, short, tt.key, tt.want)
		}
	}
}
