package logbuf

import (
	"strings"
	"sync"
	"testing"
)

// TestConcurrentWrites: writers on several goroutines and a reader lose
// nothing (run with -race).
func TestConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				b.Write([]byte("x"))
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	if have := b.String(); have != strings.Repeat("x", 800) {
		t.Errorf("%d bytes written, want 800", len(have))
	}
}
