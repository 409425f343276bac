package cards

import (
	"testing"

	"empires/assets"
)

// BenchmarkLoad measures loading the whole built-in collection.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(assets.Rules(), Dir); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckDeck measures decoding and checking a ready-made deck.
func BenchmarkCheckDeck(b *testing.B) {
	c := collection(b)
	d, _ := c.Ready("huns")
	data := d.Encode()
	for b.Loop() {
		if _, rs, err := c.CheckDeck(OpenGame(), Standard, data); err != nil || len(rs) > 0 {
			b.Fatal(rs, err)
		}
	}
}
