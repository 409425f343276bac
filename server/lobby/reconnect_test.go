package lobby

import (
	"path/filepath"
	"slices"
	"testing"

	"empires/server/store"
	"empires/shared/protocol"
)

// TestSubmittedKeptOverReconnect: the orders a seat submitted for the step
// being played and its readiness stay with the seat when its connection
// drops (docs/protocol.md, section 5.4): the player who comes back with
// its token finds itself ready in the TurnClock, and the step plays the
// list it submitted before it dropped; the server never sends the list
// back.
func TestSubmittedKeptOverReconnect(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: small()})
	tok := find[*protocol.Joined](t, bob.do(&protocol.JoinGame{Game: 1})).Token
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](bob)
	await[*protocol.FullView](ann)

	// Bob submits his list (empty: no orders is a submission too), says
	// he is ready, and drops.
	bob.send(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
	if r := awaitAside[*protocol.OrdersResult](bob); r.Turn != 1 || r.Errors != nil {
		t.Fatalf("Bob's orders: %+v", r)
	}
	bob.send(&protocol.SetReady{Ready: true, Seq: 1})
	clk := await[*protocol.TurnClock](bob)
	for !slices.Contains(clk.Ready, 2) {
		clk = await[*protocol.TurnClock](bob)
	}
	bob.c.End()

	back := hello(t, l, "Bob")
	back.send(&protocol.JoinGame{Game: 1, Token: tok})
	await[*protocol.FullView](back)
	if clk = await[*protocol.TurnClock](back); clk.Turn != 1 || !slices.Contains(clk.Ready, 2) {
		t.Fatalf("back in the game: clock %+v, want turn 1 with seat 2 ready", clk)
	}
	ann.send(&protocol.SetReady{Ready: true, Seq: 1}) // everyone ready: the turn resolves
	await[*protocol.TurnUpdate](back)
	if clk = await[*protocol.TurnClock](back); clk.Turn != 2 {
		t.Fatalf("after the turn: clock %+v", clk)
	}
	// erfworld counts a player's turns in a row without orders in its
	// Stock[2] (section 11.1): Bob's list counted, so he missed none.
	back.send(&protocol.RequestView{})
	next := viewOf(t, await[*protocol.FullView](back))
	if missed := next.Players[1].Stock[2]; missed != 0 {
		t.Errorf("Bob missed %d turns: the list he submitted before he dropped was not played", missed)
	}
	// Ann, who submitted nothing, missed the turn: the count tells.
	ann.send(&protocol.RequestView{})
	if v := viewOf(t, await[*protocol.FullView](ann)); v.Turn != 2 || v.Players[0].Stock[2] != 1 {
		t.Errorf("Ann, who submitted nothing, missed %d turns on turn %d, want 1 on turn 2", v.Players[0].Stock[2], v.Turn)
	}
}

// TestSubmittedLostOnRestart: a server that restarts resumes a game at
// the start of the step being played (docs/protocol.md, section 5.4): the
// orders submitted for it and the readiness are gone, and a player who
// does not submit again is played on autopilot and misses the turn.
func TestSubmittedLostOnRestart(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	first := newLobby(t, Options{Store: st})
	ann := hello(t, first, "Ann")
	bob := hello(t, first, "Bob")
	annTok := find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: small()})).Token
	bobTok := find[*protocol.Joined](t, bob.do(&protocol.JoinGame{Game: 1})).Token
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](bob)
	bob.send(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
	if r := awaitAside[*protocol.OrdersResult](bob); r.Turn != 1 || r.Errors != nil {
		t.Fatalf("Bob's orders: %+v", r)
	}
	bob.send(&protocol.SetReady{Ready: true, Seq: 1})
	clk := await[*protocol.TurnClock](bob)
	for !slices.Contains(clk.Ready, 2) {
		clk = await[*protocol.TurnClock](bob)
	}
	first.Close()

	second := newLobby(t, Options{Store: st})
	if n, err := second.Restore(nil); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want game 1 resumed", n, err)
	}
	ann, bob = hello(t, second, "Ann"), hello(t, second, "Bob")
	ann.send(&protocol.JoinGame{Game: 1, Token: annTok})
	bob.send(&protocol.JoinGame{Game: 1, Token: bobTok})
	await[*protocol.FullView](bob)
	if clk = await[*protocol.TurnClock](bob); clk.Turn != 1 || len(clk.Ready) != 0 {
		t.Fatalf("after the restart: clock %+v, want turn 1 with nobody ready", clk)
	}
	ann.send(&protocol.SetReady{Ready: true, Seq: 1})
	bob.send(&protocol.SetReady{Ready: true, Seq: 1}) // ready again, but no list submitted again
	await[*protocol.TurnUpdate](bob)
	bob.send(&protocol.RequestView{})
	if v := viewOf(t, await[*protocol.FullView](bob)); v.Turn != 2 || v.Players[1].Stock[2] != 1 {
		t.Errorf("Bob missed %d turns on turn %d, want 1 on turn 2: his list of before the restart is gone", v.Players[1].Stock[2], v.Turn)
	}
}
