package art

import "testing"

func TestSpriteSizeAtMost(t *testing.T) {
	for _, tc := range []struct {
		have float64
		want int
	}{
		{1, 8}, {8, 8}, {10.9, 8}, {11, 11}, {21.5, 16}, {22, 22}, {300, 256},
	} {
		if got := SpriteSizeAtMost(tc.have); got != tc.want {
			t.Errorf("SpriteSizeAtMost(%v) = %d, want %d", tc.have, got, tc.want)
		}
		// Drawn at that size, the sprite is painted at that size.
		if got := spriteSize(float64(SpriteSizeAtMost(tc.have))); got != SpriteSizeAtMost(tc.have) {
			t.Errorf("a sprite %d wide is painted at %d", SpriteSizeAtMost(tc.have), got)
		}
	}
}
