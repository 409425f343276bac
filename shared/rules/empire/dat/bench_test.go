package dat_test

import (
	"testing"

	"empires/shared/rules/empire/dat"
)

// BenchmarkParseBundle parses the built-in bundle.
func BenchmarkParseBundle(b *testing.B) {
	bundle := dat.Bundle(defaultFiles(b))
	b.SetBytes(int64(len(bundle)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dat.ParseBundle(bundle); err != nil {
			b.Fatal(err)
		}
	}
}
