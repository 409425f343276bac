package app

import (
	"testing"

	"empires/shared/protocol"
)

// TestTableFull checks when a scripted host stops waiting for players.
func TestTableFull(t *testing.T) {
	tests := []struct {
		have []protocol.SeatInfo
		want bool
	}{
		{nil, false},
		{[]protocol.SeatInfo{{Human: true}, {Bot: true}}, true},
		{[]protocol.SeatInfo{{Human: true}, {}, {Bot: true}}, false},
	}
	for _, tt := range tests {
		if got := tableFull(&protocol.Lobby{Seats: tt.have}); got != tt.want {
			t.Errorf("tableFull(%+v) = %v, want %v", tt.have, got, tt.want)
		}
	}
}
