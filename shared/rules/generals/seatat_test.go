package generals

import (
	"bytes"
	"testing"

	"empires/shared/ruleset"
)

// TestDefaultSeatAt: the CHOICE "AI seats bring ready-made decks
// (by seat, one per empire in turn, so the table sees every empire)":
// seat 1 brings DefaultSeat (The Huns'), the next seats the other
// ready-made decks in turn, each legal, and the fifth seat The Huns' again.
func TestDefaultSeatAt(t *testing.T) {
	r := New()
	opts := ruleset.Options{}
	names := r.Collection().ReadyNames()
	if have, want := r.DefaultSeatAt(opts, 1), r.DefaultSeat(opts); !bytes.Equal(have, want) {
		t.Errorf("seat 1 brings\n%s\nwant DefaultSeat's\n%s", have, want)
	}
	seen := map[string]bool{}
	for s := ruleset.Seat(1); int(s) <= len(names); s++ {
		d := r.DefaultSeatAt(opts, s)
		if problems, err := r.CheckSeat(opts, d); err != nil || len(problems) > 0 {
			t.Errorf("seat %d's deck is refused: %v %v", s, err, problems)
		}
		seen[string(d)] = true
	}
	if len(seen) != len(names) {
		t.Errorf("seats 1 to %d bring %d different decks, want the %d ready-made ones", len(names), len(seen), len(names))
	}
	if have, want := r.DefaultSeatAt(opts, ruleset.Seat(len(names)+1)), r.DefaultSeat(opts); !bytes.Equal(have, want) {
		t.Errorf("seat %d does not bring The Huns' deck again", len(names)+1)
	}
}
