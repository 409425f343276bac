package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"empires/server/match"
	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldtest"
	"empires/shared/ruleset"
)

// benchWarmup is how many turns BenchmarkServerTurn plays before it
// measures.
const benchWarmup = 2

// benchState is the game BenchmarkServerTurn starts from (as the match
// package's BenchmarkTurnFanout): 16 players on a 128x128 map with a
// garrison of 20 Infantry in every city, 1,600 armies in all, the others
// of five Infantry spread over the land, and rich treasuries.
func benchState(rs *erfworld.Rules) (*game.State, error) {
	return erfworldtest.Crowded(rs, 1600)
}

// BenchmarkServerTurn plays a 16-player game on a 128x128 map on the real
// server over real websockets on loopback, every player a client that
// keeps its view by deltas (each checksum checked). The game starts from
// benchState (a lobby's NewMatch hook resumes it: a fresh game has no
// armies yet). Each turn every player forms an Infantry in each of its
// cities and sends every army outside its cities exploring in a random
// direction (garrisons stay: they need a Warlord to leave), then says it
// is ready. After benchWarmup turns it measures, per turn:
//
//   - ms/turn: from the last SetReady sent to the last client having read
//     its TurnUpdate (resolution, 16 views and deltas, encoding, the
//     network, decoding and applying on the clients; they all share the
//     machine's cores);
//   - update-B/player: the bytes of a TurnUpdate frame, per player;
//   - full-B/player: the bytes of a FullView frame at the end (what a
//     player reconnecting then receives), per player;
//   - B/player/turn: every byte a player received in a turn (the
//     TurnUpdate, the TurnClocks as the others got ready, OrdersResult);
//   - armies: the armies of all players at the end.
//
// Use -benchtime Nx for N measured turns (the game goes on turn after
// turn, so the figures depend on N: docs/PERFORMANCE.md quotes 20x).
func BenchmarkServerTurn(b *testing.B) {
	cfg := testConfig()
	cfg.host.Limits = protocol.DefaultLimits()
	cfg.host.Conn = wsconn.Options{}
	cfg.host.NewMatch = func(id uint32, rs ruleset.Ruleset, set match.Settings, clock match.Clock) (*match.Match, error) {
		s, err := benchState(rs.(*hexgame.Ruleset).Rules().(*erfworld.Rules))
		if err != nil {
			return nil, err
		}
		save, err := game.Encode(s)
		if err != nil {
			return nil, err
		}
		return match.Resume(id, rs, set, save, clock)
	}
	srv := startServer(b, &cfg, io.Discard)
	const players = 16
	clients := make([]*tclient, players)
	for i := range clients {
		clients[i] = connect(b, srv.url(), fmt.Sprintf("Player %d", i+1))
	}
	clients[0].send(&protocol.CreateGame{Settings: protocol.Settings{Name: "bench", Ruleset: "erfworld",
		Width: 128, Height: 128, Seed: 7, Seats: players}})
	j, _ := expect[*protocol.Joined](clients[0])
	for _, c := range clients[1:] {
		c.send(&protocol.JoinGame{Game: j.Game})
		expect[*protocol.Joined](c)
	}
	for _, c := range clients {
		c.send(&protocol.SetReady{Ready: true})
	}
	for _, c := range clients {
		c.waitView()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range benchWarmup {
		benchTurn(b, clients, rng)
	}
	for _, c := range clients {
		c.updateBytes, c.updateFrames, c.allBytes = 0, 0, 0
	}
	var total time.Duration
	turns := 0
	for b.Loop() {
		total += benchTurn(b, clients, rng)
		turns++
	}
	b.StopTimer()
	all := 0
	for _, c := range clients {
		all += c.allBytes
	}
	fullBefore, armies := 0, 0
	for _, c := range clients {
		fullBefore += c.fullBytes
		armies += len(c.ownArmies())
		c.send(&protocol.RequestView{})
	}
	fulls := 0
	for _, c := range clients {
		expect[*protocol.FullView](c)
		fulls += c.fullBytes
	}
	updates, frames := 0, 0
	for _, c := range clients {
		updates += c.updateBytes
		frames += c.updateFrames
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(turns), "ms/turn")
	b.ReportMetric(float64(updates)/float64(frames), "update-B/player")
	b.ReportMetric(float64(fulls-fullBefore)/players, "full-B/player")
	b.ReportMetric(float64(all)/players/float64(turns), "B/player/turn")
	b.ReportMetric(float64(armies), "armies")
}

// benchTurn plays one turn of BenchmarkServerTurn and returns the time from
// the last SetReady to the last TurnUpdate read.
func benchTurn(b *testing.B, clients []*tclient, rng *rand.Rand) time.Duration {
	b.Helper()
	b.StopTimer()
	turn := clients[0].view.Turn
	for _, c := range clients {
		orders := c.formOrders()
		cities := make(map[hex.Hex]bool)
		for _, city := range c.view.Cities {
			cities[city.Hex] = true
		}
		for _, a := range c.view.Armies {
			if a.Owner == c.view.You && !cities[a.Hex] {
				orders = append(orders, game.Order{Turn: turn, Kind: game.OrderExplore, Army: a.ID, Dir: hex.Direction(rng.IntN(6))})
			}
		}
		for {
			seq := c.send(&protocol.SubmitOrders{Turn: protocol.Turn(turn), Seq: uint32(turn), Orders: encodeOrders(b, orders)})
			res, env := expect[*protocol.OrdersResult](c)
			if env.Reply != seq {
				b.Fatalf("orders result replying to %d, want %d", env.Reply, seq)
			}
			if len(res.Errors) == 0 {
				break
			}
			// Drop the refused orders and send the rest again.
			for _, e := range slices.Backward(res.Errors) {
				orders = slices.Delete(orders, e.Index, e.Index+1)
			}
		}
	}
	last := clients[len(clients)-1]
	for _, c := range clients[:len(clients)-1] {
		c.send(&protocol.SetReady{Ready: true, Seq: uint32(turn)})
	}
	read := make(chan error, len(clients))
	for _, c := range clients {
		go func() { read <- c.readTurn(turn + 1) }()
	}
	b.StartTimer()
	begin := time.Now()
	last.send(&protocol.SetReady{Ready: true, Seq: uint32(turn)})
	for range clients {
		if err := <-read; err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var end time.Time
	for _, c := range clients {
		if c.lastUpdate.After(end) {
			end = c.lastUpdate
		}
	}
	b.StartTimer()
	return end.Sub(begin)
}
