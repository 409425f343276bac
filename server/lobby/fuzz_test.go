package lobby

import (
	"testing"

	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
)

// FuzzHandleFrame feeds arbitrary frames to a connection's frame handler
// (wsconn's HandleFrame with the lobby as its session, no network): a new
// client says Hello, then sends two frames, then drops. The lobby holds a
// started game and an open one, so frames can reach every handler. Nothing
// may panic (a recovered panic closes the connection with
// ReasonInternal: the fuzzer fails on it too) and every frame is answered
// or handled. A third game, of the tally ruleset (interactive steps, no
// map), takes actions.
func FuzzHandleFrame(f *testing.F) {
	l := newLobby(f, Options{Rulesets: withTally(f)})
	ann := hello(f, l, "Ann")
	bob := hello(f, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: small()})
	tok := find[*protocol.Joined](f, bob.do(&protocol.JoinGame{Game: 1})).Token
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](bob)
	open := small()
	open.Spectators = true
	open.Password = "pw"
	cid := hello(f, l, "Cid")
	cid.do(&protocol.CreateGame{Settings: open})
	dan := hello(f, l, "Dan")
	eve := hello(f, l, "Eve")
	dan.do(&protocol.CreateGame{Settings: protocol.Settings{Ruleset: "tally", Seats: 2, Seed: 5}})
	danTok := find[*protocol.Joined](f, eve.do(&protocol.JoinGame{Game: 3})).Token
	dan.send(&protocol.SetReady{Ready: true})
	eve.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](eve)

	frame := func(msg protocol.Message) []byte {
		b, err := protocol.Marshal(2, 0, msg)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	form := game.Order{Turn: 1, Kind: erfworld.OrderForm, City: 1, Count: 1}
	move := game.Order{Turn: 1, Kind: game.OrderMove, Army: 3}
	view, err := game.EncodeView(&game.View{})
	if err != nil {
		f.Fatal(err)
	}
	seeds := [][2][]byte{
		{frame(&protocol.ListGames{}), frame(&protocol.Ping{})},
		{frame(&protocol.JoinGame{Game: 1, Token: tok}), frame(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: encodeOrders(f, form, move)})},
		{frame(&protocol.JoinGame{Game: 1, Token: tok}), frame(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: protocol.Payload{0xa1, 'x'}})},
		{frame(&protocol.JoinGame{Game: 1, Token: tok}), frame(&protocol.Act{Seq: 1, Action: protocol.Payload{0x01}})},
		{frame(&protocol.GetRules{Ruleset: "erfworld"}), frame(&protocol.GetRules{Ruleset: "risk"})},
		{frame(&protocol.JoinGame{Game: 3, Token: danTok}), frame(&protocol.Act{Seq: 1, Action: protocol.Payload{0x02}})},
		{frame(&protocol.JoinGame{Game: 3, Token: danTok}), frame(&protocol.Act{Seq: 1, Action: protocol.Payload{0xc0}})},
		{frame(&protocol.JoinGame{Game: 3, Token: danTok}), frame(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: protocol.Payload{0x90}})},
		{frame(&protocol.JoinGame{Game: 1, Token: tok}), frame(&protocol.RequestView{})},
		{frame(&protocol.JoinGame{Game: 1, Token: tok}), frame(&protocol.SetReady{Ready: true, Seq: 1})},
		{frame(&protocol.JoinGame{Game: 2, Password: "pw"}), frame(&protocol.SetReady{Ready: true})},
		{frame(&protocol.JoinGame{Game: 2, Spectate: true, Password: "pw"}), frame(&protocol.Chat{Text: "hi"})},
		{frame(&protocol.CreateGame{Settings: small()}), frame(&protocol.StartGame{})},
		{frame(&protocol.CreateGame{Settings: small()}), frame(&protocol.LeaveGame{})},
		{frame(&protocol.Chat{Text: "hello lobby"}), frame(&protocol.Hello{Version: 2, Name: "x"})},
		{[]byte{0x94, 99, 1, 0, 0x90}, []byte{0xc1}},
		{[]byte{0x94, byte(protocol.TypeSubmitOrders), 1, 0, 0x92, 1, 0xdd, 0xff, 0xff, 0xff, 0xff}, nil},
		{frame(&protocol.Welcome{}), frame(&protocol.FullView{View: view})},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		c := wsconn.NewDetached(connOptions(l))
		hi, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Fuzz"})
		if err != nil {
			t.Fatal(err)
		}
		c.HandleFrame(hi)
		c.HandleFrame(a)
		c.HandleFrame(b)
		if c.Reason() == wsconn.ReasonInternal {
			t.Fatal("the handler panicked (see the log)")
		}
		for _, o := range c.Pending() {
			if e, ok := o.Msg.(*protocol.Error); ok && e.Code == protocol.Internal {
				t.Fatalf("internal error: %s", e.Message)
			}
		}
		c.End()
	})
}
