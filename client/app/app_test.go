package app

import (
	"reflect"
	"testing"

	"empires/client/board"
	"empires/client/model"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
)

// TestMoving checks where the turn animation draws each army: an army waits
// on its first hex until its first step, walks each step in turn, and stays
// where its last step took it.
func TestMoving(t *testing.T) {
	h := func(q, r int) hex.Hex { return hex.Hex{Q: q, R: r} }
	anim := []model.StepFrame{
		{Step: 1, Moves: []model.Move{{Army: 1, From: h(0, 0), To: h(1, 0)}}},
		{Step: 2, Moves: []model.Move{{Army: 1, From: h(1, 0), To: h(2, 0)}, {Army: 2, From: h(5, 5), To: h(5, 4)}}, Battles: []hex.Hex{h(5, 4)}},
	}
	tests := []struct {
		step        int
		t           float64
		want        map[game.ArmyID]board.Pos
		wantBattles []hex.Hex
	}{
		{0, 0.25, map[game.ArmyID]board.Pos{
			1: {From: h(0, 0), To: h(1, 0), T: 0.25},
			2: {From: h(5, 5), To: h(5, 5)}, // waits for its step
		}, nil},
		{1, 0.5, map[game.ArmyID]board.Pos{
			1: {From: h(1, 0), To: h(2, 0), T: 0.5},
			2: {From: h(5, 5), To: h(5, 4), T: 0.5},
		}, []hex.Hex{h(5, 4)}},
		{2, 0, nil, nil}, // over
	}
	for _, tt := range tests {
		g := &gameScreen{anim: anim, animStep: tt.step, animT: tt.t}
		have, battles := g.moving()
		if !reflect.DeepEqual(have, tt.want) || !reflect.DeepEqual(battles, tt.wantBattles) {
			t.Errorf("step %d at %.2f: %v, %v; want %v, %v", tt.step, tt.t, have, battles, tt.want, tt.wantBattles)
		}
	}
}

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

// TestStepSeconds checks the animation speeds of the Settings screen.
func TestStepSeconds(t *testing.T) {
	tests := []struct {
		have string
		want float64
	}{
		{prefs.AnimOff, 0}, {prefs.AnimSlow, 0.7}, {prefs.AnimNormal, 0.35}, {prefs.AnimFast, 0.18}, {"", 0.35},
	}
	for _, tt := range tests {
		if got := stepSeconds(tt.have); got != tt.want {
			t.Errorf("stepSeconds(%q) = %v, want %v", tt.have, got, tt.want)
		}
	}
}
