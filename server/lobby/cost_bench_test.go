package lobby

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/match/matchtest"
	"empires/shared/protocol"
)

// turnTimes is an Observer that passes on how long each step took the
// match to play.
type turnTimes chan time.Duration

func (turnTimes) OrdersChecked(int, int) {}
func (turnTimes) ActChecked(bool)        {}
func (turnTimes) AITookOver()            {}
func (t turnTimes) TurnResolved(d time.Duration) {
	select {
	case t <- d:
	default:
	}
}
func (t turnTimes) ActionPlayed(d time.Duration) { t.TurnResolved(d) }

// BenchmarkIdleGame measures what a started game nobody plays costs the
// server, for each ruleset at a small, a common and the largest size an
// attacker may ask for: the time to create and start it (ns/op: the map
// generated, the match made), the heap it holds once started and left
// (heap-B/game: what the lobby's game limits are sized from), and the time
// a turn of the AI and the autopilot takes (turn-ns), which a game with
// the shortest turn timer (protocol.MinTurnSeconds) spends every that many
// seconds while nobody plays it.
//
//	go test ./server/lobby -run '^$' -bench IdleGame -benchtime 20x
func BenchmarkIdleGame(b *testing.B) {
	sizes := []struct {
		ruleset     string
		side, seats int
	}{
		{"duel", 0, 2},
		{"duel", 0, protocol.MaxSeats},
		{"erfworld", 32, 2},
		{"erfworld", 128, 16},
		{"erfworld", protocol.MaxMapSide, 16},
		{"erfpires", 32, 2},
		{"erfpires", 128, 16},
		{"empire", 32, 2},
		{"empire", 128, 8},
		{"risk", 0, 2}, // the classic map of 42 territories
		{"risk", 0, 6},
	}
	for _, sz := range sizes {
		b.Run(fmt.Sprintf("%s/%dx%d/seats=%d", sz.ruleset, sz.side, sz.side, sz.seats), func(b *testing.B) {
			if sz.side == protocol.MaxMapSide && b.N > 4 {
				skip.Now(b, skip.Input, "the largest map: run with -benchtime 4x or less")
			}
			clock := matchtest.NewClock()
			turns := make(turnTimes, b.N)
			l := newLobby(b, Options{Clock: clock, MaxGames: b.N + 1, Observer: turns})
			tc := hello(b, l, "Ann")
			set := protocol.Settings{Ruleset: sz.ruleset, Width: sz.side, Height: sz.side, Seed: 7, Seats: sz.seats, Bots: sz.seats - 1,
				TurnSeconds: protocol.MinTurnSeconds}
			var before runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			b.ResetTimer()
			for range b.N {
				find[*protocol.Joined](b, tc.do(&protocol.CreateGame{Settings: set}))
				if ss := l.seatSetup(set.Ruleset); ss != nil { // a deck first
					find[*protocol.SeatDataResult](b, tc.do(&protocol.SetSeatData{Data: ss.DefaultSeat(set.Config(nil).Options)}))
				}
				tc.send(&protocol.SetReady{Ready: true})
				await[*protocol.FullView](tc)
				tc.do(&protocol.LeaveGame{})
				tc.got, tc.held = nil, nil // the test's copies of what it was sent
			}
			b.StopTimer()
			var after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(b.N), "heap-B/game")
			// One turn of every game, its player away: the timer runs out
			// and the autopilot and the AI play it.
			for len(turns) > 0 { // none, unless a first turn was played at the start
				<-turns
			}
			clock.Advance(time.Duration(protocol.MinTurnSeconds) * time.Second)
			var total time.Duration
			for range b.N {
				select {
				case d := <-turns:
					total += d
				case <-time.After(10 * waitLimit): // a turn of the largest maps takes seconds
					b.Fatal("no turn played after the timer ran out")
				}
			}
			b.ReportMetric(float64(total)/float64(b.N), "turn-ns")
		})
	}
}
