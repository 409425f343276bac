package hexcursor

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/shared/hex"
)

func TestStep(t *testing.T) {
	key := func(k ebiten.Key) kit.CursorKey {
		for _, c := range kit.CursorKeys {
			if c.Key == k {
				return c
			}
		}
		t.Fatalf("%v is no cursor key", k)
		return kit.CursorKey{}
	}
	from := hex.FromOffset(hex.Offset{Col: 3, Row: 2}) // an even row
	tests := []struct {
		key  ebiten.Key
		want hex.Offset
	}{
		{ebiten.KeyArrowLeft, hex.Offset{Col: 2, Row: 2}},
		{ebiten.KeyArrowRight, hex.Offset{Col: 4, Row: 2}},
		{ebiten.KeyArrowUp, hex.Offset{Col: 3, Row: 1}}, // the column kept, though odd rows lie half a hex right
		{ebiten.KeyArrowDown, hex.Offset{Col: 3, Row: 3}},
		{ebiten.KeyNumpad8, hex.Offset{Col: 3, Row: 1}},
		{ebiten.KeyNumpad7, from.Neighbor(hex.NorthWest).Offset()},
		{ebiten.KeyNumpad9, from.Neighbor(hex.NorthEast).Offset()},
		{ebiten.KeyNumpad1, from.Neighbor(hex.SouthWest).Offset()},
		{ebiten.KeyNumpad3, from.Neighbor(hex.SouthEast).Offset()},
	}
	for _, tt := range tests {
		if have := Step(key(tt.key), from).Offset(); have != tt.want {
			t.Errorf("%v from %v: %v, want %v", tt.key, from.Offset(), have, tt.want)
		}
	}
}
