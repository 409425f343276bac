package protocol_test

import (
	"math/rand/v2"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/protocol"
)

// played is a game some turns in, with what the server sends player 1
// about its last turn.
type played struct {
	s      *game.State
	orders []game.PlayerOrders // the orders of the last turn
	prev   []*game.View        // each player's view before the last turn
	views  []*game.View        // and after
	events [][]game.Event      // each player's events of the last turn
}

// playGame builds gametest.RandomGame(seed, w, h, players, armies) and plays turns
// turns of moves of percent % of the armies.
func playGame(seed uint64, w, h, players, armies, turns, percent int) *played {
	s, rs := gametest.RandomGame(seed, w, h, players, armies)
	rs.Move = 3
	rng := rand.New(rand.NewPCG(seed, 2))
	for range turns - 1 {
		game.Resolve(s, rs, gametest.MoveOrders(s, rs, rng, percent))
	}
	g := &played{s: s, orders: gametest.MoveOrders(s, rs, rng, percent)}
	for p := range s.Players {
		g.prev = append(g.prev, game.NewView(s, game.PlayerID(p+1)))
	}
	ev := game.Resolve(s, rs, g.orders)
	for p := range s.Players {
		g.views = append(g.views, game.NewView(s, game.PlayerID(p+1)))
		g.events = append(g.events, ev.For(s, game.PlayerID(p+1)))
	}
	return g
}

// fullView and turnUpdate return what the server sends player p.
func (g *played) fullView(p int) *protocol.FullView {
	return &protocol.FullView{View: g.views[p-1], Checksum: g.views[p-1].Checksum()}
}

func (g *played) turnUpdate(p int) *protocol.TurnUpdate {
	return &protocol.TurnUpdate{
		Delta:    game.Diff(g.prev[p-1], g.views[p-1]),
		Checksum: g.views[p-1].Checksum(),
		Events:   g.events[p-1],
	}
}

// small is a small game whose last turn had battles, for the samples.
var small = playGame(3, 20, 16, 3, 60, 3, 90)

// samples returns one message of every type, filled as a real session
// would fill it.
func samples(tb testing.TB) []protocol.Message {
	tb.Helper()
	settings := protocol.Settings{
		Name: "Friday night", Ruleset: "erfworld", Width: 64, Height: 48, Seed: 12345,
		Seats: 4, Bots: 2, TurnSeconds: 120, Spectators: true, AllSeeing: true,
	}
	var battle bool
	for _, e := range small.events[0] {
		battle = battle || e.Battle != nil
	}
	if !battle {
		tb.Fatal("the sample game has no battle in player 1's events")
	}
	orders := small.orders[0].Orders
	if len(orders) == 0 {
		tb.Fatal("the sample game has no orders for player 1")
	}
	token := protocol.SeatToken("0123456789abcdef0123456789abcdef")
	return []protocol.Message{
		&protocol.Hello{Version: protocol.Version, Name: "Ansom", Client: "empires/0.1.0 linux/amd64"},
		&protocol.Welcome{Version: protocol.Version, Server: "empires-server/0.1.0 (LAN)", Rulesets: []string{"erfworld", "risk"}, Limits: protocol.DefaultLimits()},
		&protocol.Error{Code: protocol.GameFull, Message: "game 3 has no free seat"},
		&protocol.Bye{Reason: "the server is shutting down"},
		&protocol.Ping{},
		&protocol.Pong{},
		&protocol.ListGames{},
		&protocol.GameList{Games: []protocol.GameInfo{
			{Game: 3, Name: "Friday night", Ruleset: "erfworld", Width: 64, Height: 48, Seats: 4, Humans: 1, Bots: 2, HasPassword: true, Spectators: true},
			{Game: 7, Name: "Risky", Ruleset: "risk", Width: 128, Height: 128, Seats: 16, Humans: 12, Bots: 4, Started: true, Turn: 31},
		}},
		&protocol.CreateGame{Settings: func() protocol.Settings { s := settings; s.Password = "sesame"; return s }()},
		&protocol.JoinGame{Game: 3, Seat: 2, Password: "sesame"},
		&protocol.Joined{Game: 3, Seat: 2, Token: token, Settings: settings},
		&protocol.LeaveGame{},
		&protocol.Lobby{Game: 3, Settings: settings, HasPassword: true, Host: 1, Seats: []protocol.SeatInfo{
			{Seat: 1, Name: "Ansom", Human: true, Connected: true, Ready: true},
			{Seat: 2, Name: "Parson", Human: true},
			{Seat: 3, Name: "Bot Jillian", Bot: true, Ready: true},
			{Seat: 4},
		}},
		&protocol.Chat{Text: "ready when you are"},
		&protocol.ChatMessage{From: 1, Name: "Ansom", Text: "ready when you are"},
		&protocol.SetReady{Ready: true},
		&protocol.StartGame{},
		&protocol.TurnClock{Turn: 4, Deadline: 1795000000123, Ready: []protocol.Seat{1, 3}},
		&protocol.SubmitOrders{Turn: orders[0].Turn, Orders: orders},
		&protocol.OrdersResult{Turn: 4, Errors: protocol.Rejections([]*game.OrderError{
			{Index: 2, Order: "move army 12", Reason: "army 12 does not exist"},
		})},
		&protocol.RequestView{},
		small.fullView(1),
		small.turnUpdate(1),
		&protocol.GameOver{Winner: 2, Turn: 40},
	}
}
