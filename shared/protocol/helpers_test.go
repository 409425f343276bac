package protocol_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// played is a game some turns in, with what the server sends each player
// about its last turn: hex views, deltas and events in the hex rulesets'
// wire forms (package hexgame).
type played struct {
	s      *game.State
	orders []game.PlayerOrders // the orders of the last turn
	prev   []*hexgame.View     // each player's view before the last turn
	views  []*hexgame.View     // and after
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
		g.prev = append(g.prev, &hexgame.View{V: game.NewView(s, game.PlayerID(p+1))})
	}
	ev := game.Resolve(s, rs, g.orders)
	for p := range s.Players {
		g.views = append(g.views, &hexgame.View{V: game.NewView(s, game.PlayerID(p+1))})
		g.events = append(g.events, ev.For(s, game.PlayerID(p+1)))
	}
	return g
}

// fullView and turnUpdate return what the server sends player p, built
// as the server builds them (ruleset.View's Encode and Diff,
// ruleset.Outcome's Events).
func (g *played) fullView(tb testing.TB, p int) *protocol.FullView {
	tb.Helper()
	return fullViewOf(tb, g.views[p-1])
}

func fullViewOf(tb testing.TB, v ruleset.View) *protocol.FullView {
	tb.Helper()
	data, err := v.Encode()
	if err != nil {
		tb.Fatal(err)
	}
	return &protocol.FullView{View: data, Checksum: v.Checksum()}
}

func (g *played) turnUpdate(tb testing.TB, p int) *protocol.TurnUpdate {
	tb.Helper()
	delta, err := g.prev[p-1].Diff(g.views[p-1])
	if err != nil {
		tb.Fatal(err)
	}
	events, err := hexgame.EncodeEvents(g.events[p-1], nil)
	if err != nil {
		tb.Fatal(err)
	}
	return &protocol.TurnUpdate{Delta: delta, Checksum: g.views[p-1].Checksum(), Events: events}
}

// submitOrders returns player p's orders of the last turn as the client
// sends them.
func (g *played) submitOrders(tb testing.TB, p int) *protocol.SubmitOrders {
	tb.Helper()
	orders := g.orders[p-1].Orders
	data, err := hexgame.EncodeOrders(orders)
	if err != nil {
		tb.Fatal(err)
	}
	return &protocol.SubmitOrders{Turn: protocol.Turn(orders[0].Turn), Orders: data, Seq: uint32(orders[0].Turn)} // a hex game's step is its turn
}

// small is a small game whose last turn had battles, for the samples.
var small = playGame(3, 20, 16, 3, 60, 3, 90)

var defaultRegistry = sync.OnceValues(registry.Default)

// erfworld returns the built-in erfworld ruleset.
func erfworld(tb testing.TB) ruleset.Ruleset {
	tb.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		tb.Fatal(err)
	}
	return reg.Default()
}

// cardsInfo describes a ruleset without a map, of one choice setting, with
// hidden hands.
func cardsInfo() ruleset.Info {
	return ruleset.Info{ID: "cards", Title: "Cards", Summary: "a card game", Board: "cards", MinSeats: 2, MaxSeats: 4, Hidden: true,
		Settings: []ruleset.Setting{{Key: "deck", Label: "Deck", Help: "how many cards", Choices: []string{"short", "long"}, Max: 1, Default: 0}},
		Levels:   []string{"easy"}, DefaultLevel: "easy", Hash: ruleset.HashData([]byte("cards"))}
}

// samples returns one message of every type, filled as a real session
// would fill it.
func samples(tb testing.TB) []protocol.Message {
	tb.Helper()
	settings := protocol.Settings{
		Name: "Friday night", Ruleset: "erfworld", Width: 64, Height: 48, Seed: 12345,
		Seats: 4, Bots: 2, TurnSeconds: 120, Spectators: true, AllSeeing: true, AILevel: "easy",
		Options: []protocol.Option{{Key: "deck", Value: 1}},
	}
	var battle bool
	for _, e := range small.events[0] {
		battle = battle || e.Battle != nil
	}
	if !battle {
		tb.Fatal("the sample game has no battle in player 1's events")
	}
	if len(small.orders[0].Orders) == 0 {
		tb.Fatal("the sample game has no orders for player 1")
	}
	ew := erfworld(tb)
	cards := protocol.InfoOf(cardsInfo(), true)
	cards.SeatSetup = true // its players bring their decks
	token := protocol.SeatToken("0123456789abcdef0123456789abcdef")
	return []protocol.Message{
		&protocol.Hello{Version: protocol.Version, Name: "Ansom", Client: "empires/0.1.0 linux/amd64"},
		&protocol.Welcome{Version: protocol.Version, Server: "empires-server/0.1.0 (LAN)", Limits: protocol.DefaultLimits(),
			Rulesets: []protocol.RulesetInfo{protocol.InfoOf(ew.Info(), false), cards}},
		&protocol.Error{Code: protocol.GameFull, Message: "game 3 has no free seat"},
		&protocol.Bye{Reason: "the server is shutting down"},
		&protocol.Ping{},
		&protocol.Pong{},
		&protocol.ListGames{},
		&protocol.GameList{Games: []protocol.GameInfo{
			{Game: 3, Name: "Friday night", Ruleset: "erfworld", Width: 64, Height: 48, Seats: 4, Humans: 1, Bots: 2, HasPassword: true, Spectators: true},
			{Game: 7, Name: "Risky", Ruleset: "risk", Width: 128, Height: 128, Seats: 16, Humans: 12, Bots: 4, Started: true, Turn: 31, Modded: true},
		}},
		&protocol.CreateGame{Settings: func() protocol.Settings { s := settings; s.Password = "sesame"; return s }()},
		&protocol.JoinGame{Game: 3, Seat: 2, Password: "sesame"},
		&protocol.Joined{Game: 3, Seat: 2, Token: token, Settings: settings},
		&protocol.LeaveGame{},
		&protocol.Lobby{Game: 3, Settings: settings, HasPassword: true, Host: 1, Seats: []protocol.SeatInfo{
			{Seat: 1, Name: "Ansom", Human: true, Connected: true, Ready: true, HasData: true},
			{Seat: 2, Name: "Parson", Human: true},
			{Seat: 3, Name: "Bot Jillian", Bot: true, Ready: true},
			{Seat: 4},
		}},
		&protocol.Chat{Text: "ready when you are"},
		&protocol.ChatMessage{From: 1, Name: "Ansom", Text: "ready when you are"},
		&protocol.SetReady{Ready: true, Seq: 4},
		&protocol.StartGame{},
		&protocol.TurnClock{Turn: 4, Deadline: 1795000000123, Ready: []protocol.Seat{1, 3},
			Mode: uint8(ruleset.Simultaneous), Seq: 4, Actors: []protocol.Seat{1, 2, 3}},
		// A trading table of some territory game: seats 2 and 3 may still
		// offer, accept or pass, naming any step from 12 on.
		&protocol.TurnClock{Turn: 3, Deadline: 1795000300000, Mode: uint8(ruleset.Concurrent), Seq: 14,
			Actors: []protocol.Seat{2, 3}, Prompt: "offer, accept or pass", Since: 12, Phase: "Round 3 · Trade"},
		small.submitOrders(tb, 1),
		&protocol.OrdersResult{Turn: 4, Errors: protocol.Rejections([]ruleset.Rejection{
			{Index: 2, Order: "move army 12", Reason: "army 12 does not exist"},
		})},
		&protocol.RequestView{},
		small.fullView(tb, 1),
		small.turnUpdate(tb, 1),
		&protocol.GameOver{Winner: 2, Turn: 40},
		// An action of some card game: play card 17 on the Battlefield.
		&protocol.Act{Seq: 12, Action: protocol.Payload{0x93, 0x03, 0xa4, 'p', 'l', 'a', 'y', 0x11}},
		&protocol.ActResult{Seq: 12, Error: "you may not play a card now: it is the defender's answer"},
		&protocol.GetRules{Ruleset: "erfworld"},
		&protocol.RulesData{Ruleset: "erfworld", Hash: ew.Info().Hash, Data: ew.Data()},
		// A deck of some card game: two copies of card 17, one of card 4.
		&protocol.SetSeatData{Data: []byte("7 cups\n")},
		&protocol.SeatDataResult{Errors: []protocol.Rejection{
			{Index: 1, Order: "2 × Lancer", Reason: "a deck holds at most 1 of each Lancer"},
			{Index: 0, Reason: "a deck holds 40 cards, this one 3"},
		}},
		&protocol.SeatDataResult{Accepted: true},
		&protocol.Missed{Steps: []protocol.MissedStep{{Turn: 1, Events: small.turnUpdate(tb, 1).Events}, {Turn: 2}}},
	}
}
