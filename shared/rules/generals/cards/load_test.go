package cards

import (
	"testing"

	"empires/assets"
)

// collection loads the built-in collection, failing the test if it is
// refused.
func collection(t testing.TB) *Collection {
	t.Helper()
	c, err := Load(assets.Rules(), Dir)
	if err != nil {
		t.Fatalf("the built-in collection: %v", err)
	}
	return c
}

func TestDefaultCollection(t *testing.T) {
	c := collection(t)
	t.Logf("%d cards", len(c.IDs()))
}
