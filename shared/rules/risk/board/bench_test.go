package board

import (
	"io/fs"
	"testing"

	"empires/assets"
)

func BenchmarkParseClassic(b *testing.B) {
	data, err := fs.ReadFile(assets.Rules(), ClassicFile)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Parse(ClassicFile, data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Generate(1, DefaultSettings()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateLargest(b *testing.B) {
	s := Settings{Territories: MaxTerritories, Continents: 12, Width: MaxSide, Height: MaxSide}
	for b.Loop() {
		if _, err := Generate(1, s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDistancesClassic(b *testing.B) {
	c := classic(b)
	for b.Loop() {
		c.Distances(1)
	}
}
