package host

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"empires/shared/bot"
	"empires/shared/conn"
	"empires/shared/protocol"
)

// TestHelloStormWhileGamesRun: a storm of connections that arrives while
// games are played (their bots answer at once, so turns resolve as fast
// as the server goes) is answered in full: every client gets its Welcome
// on its first attempt, none is refused or left waiting.
func TestHelloStormWhileGamesRun(t *testing.T) {
	cfg := testConfig(t)
	cfg.ConnsPerAddr, cfg.GamesPerAddr = 0, 0 // every client is on loopback
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Error(err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()

	// Four games of two bots, played until the storm is over.
	play, stopPlay := context.WithCancel(ctx)
	var games sync.WaitGroup
	turns := make(chan protocol.Turn, 64)
	for i := range 4 {
		set := protocol.Settings{Width: 16, Height: 16, Seed: uint64(i + 1), Seats: 2}
		games.Go(func() {
			created := make(chan protocol.GameID, 1)
			host, err := bot.New(bot.Options{URL: r.URL(), Name: fmt.Sprintf("Host %d", i+1), Level: "easy", Create: &set,
				Hooks: bot.Hooks{Joined: func(g protocol.GameID, _ protocol.Seat) { created <- g },
					Update: func(tn protocol.Turn, _ time.Time) {
						select {
						case turns <- tn:
						default:
						}
					}}})
			if err != nil {
				t.Error(err)
				return
			}
			var wg sync.WaitGroup
			wg.Go(func() { _, _ = host.Run(play) })
			select {
			case id := <-created:
				guest, err := bot.New(bot.Options{URL: r.URL(), Name: fmt.Sprintf("Guest %d", i+1), Level: "easy", Join: id})
				if err != nil {
					t.Error(err)
				} else {
					_, _ = guest.Run(play)
				}
			case <-play.Done():
			}
			wg.Wait()
		})
	}
	// The storm begins once the games resolve turns.
	select {
	case <-turns:
	case <-ctx.Done():
		t.Fatal("no turn resolved")
	}

	const storm = 200
	conns := make([]*conn.Conn, storm)
	errs := make([]error, storm)
	var dials sync.WaitGroup
	for i := range conns {
		dials.Go(func() {
			conns[i], errs[i] = conn.Dial(ctx, conn.Options{URL: r.URL(), Name: fmt.Sprintf("Storm %d", i+1), DialAttempts: 1})
		})
	}
	dials.Wait()
	stopPlay()
	games.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("client %d of the storm: %v", i+1, err)
			continue
		}
		if w := conns[i].Welcome(); w == nil || w.Version != protocol.Version {
			t.Errorf("client %d of the storm: Welcome %+v", i+1, w)
		}
		conns[i].Close()
		<-conns[i].Done()
	}
}
