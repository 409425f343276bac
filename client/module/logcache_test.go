package module

import (
	"fmt"
	"testing"
)

// TestLogCache: the log's lines are made again when its key or its length
// changed, never when the shell only asks again.
func TestLogCache(t *testing.T) {
	type call struct {
		key, n int
	}
	tests := []struct {
		name      string
		have      []call
		wantMade  int // how many times the lines were made (their first line)
		wantLines int
	}{
		{"the first call", []call{{1, 3}}, 1, 3},
		{"asked again", []call{{1, 3}, {1, 3}, {1, 3}}, 1, 3},
		{"a line more", []call{{1, 3}, {1, 4}}, 2, 4},
		{"another log as long", []call{{1, 3}, {2, 3}}, 2, 3},
		{"an empty log: no line to make", []call{{0, 0}, {0, 0}}, 0, 0},
	}
	for _, tt := range tests {
		var c LogCache[int]
		made := 0
		var lines []LogLine
		for _, k := range tt.have {
			lines = c.Lines(k.key, k.n, func(i int) LogLine {
				if i == 0 {
					made++
				}
				return LogLine{Text: fmt.Sprintf("%d.%d", k.key, i)}
			})
		}
		if tt.wantLines == 0 && lines == nil {
			t.Errorf("%s: an empty log is nil", tt.name)
		}
		if made != tt.wantMade || len(lines) != tt.wantLines {
			t.Errorf("%s: made %d times, %d lines; want %d, %d", tt.name, made, len(lines), tt.wantMade, tt.wantLines)
		}
		last := tt.have[len(tt.have)-1]
		for i, l := range lines {
			if want := fmt.Sprintf("%d.%d", last.key, i); l.Text != want {
				t.Errorf("%s: line %d says %q, want %q", tt.name, i, l.Text, want)
			}
		}
	}
}
