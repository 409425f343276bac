package platformtest_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/host"
	"empires/server/lan"
	"empires/shared/bot"
	"empires/shared/protocol"
	"empires/shared/rules/risk"
)

// TestRiskOnLAN plays risk the way a LAN game is played (playOnLAN): two
// people and a seat of the server's AI on a generated map of 9
// territories for 4 rounds.
func TestRiskOnLAN(t *testing.T) {
	playOnLAN(t, protocol.Settings{Name: "risk on the LAN", Ruleset: risk.ID, Seats: 3, Bots: 1, AILevel: "easy", Seed: 21,
		Options: []protocol.Option{{Key: risk.KeyMap, Value: risk.MapGenerated}, {Key: risk.KeyTerritories, Value: 9},
			{Key: risk.KeyRounds, Value: 4}}})
}

// TestGeneralsOnLAN plays generals the way a LAN game is played
// (playOnLAN): two people with the default deck and a seat of the
// server's AI, the Quick length with a limit of 4 rounds.
func TestGeneralsOnLAN(t *testing.T) {
	set := generalsSettings(21, 3, 1, 4, "random")
	set.Name = "generals on the LAN"
	playOnLAN(t, set)
}

// playOnLAN plays a game of set the way a LAN game is played: the host's
// server runs as the desktop client runs it when a player hosts a LAN
// game (client/app: every address, advertised on the local network, games
// saved for replays and not resumed, never idle nor closed), the host's
// player connects to it on loopback and creates the game, with a seat for
// the server's AI; the guest finds the server by browsing the local
// network (lan.Browse, as the client's Join list does), connects to the
// address it was found at, and joins the first open game. Both are
// headless bots; the game is played to its end, the AI seat filled by the
// server.
func playOnLAN(t *testing.T, set protocol.Settings) {
	t.Helper()
	if testing.Short() {
		skip.Now(t, skip.Short, "starts a server")
	}
	if !multicastUp() {
		skip.Now(t, skip.Environment, "no network interface sends multicast: no LAN to browse")
	}
	reg, err := rulesets()
	if err != nil {
		t.Fatal(err)
	}
	cfg := host.DefaultConfig()
	cfg.Rulesets, cfg.Builtin = reg, reg
	cfg.DataDir = t.TempDir()
	cfg.NoResume = true
	cfg.IdleAfter, cfg.OpenFor = 0, 0
	cfg.Advertise = true
	cfg.Name = fmt.Sprintf("Anna's LAN %d-%d", os.Getpid(), time.Now().UnixNano()%1e6)
	cfg.ActionPace = time.Millisecond
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := host.Start(cfg, ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := srv.Stop(); err != nil {
			t.Error(err)
		}
	}()

	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	guestURL := ""
	for guestURL == "" && ctx.Err() == nil {
		found, err := lan.Browse(ctx, 400*time.Millisecond)
		if err != nil {
			t.Fatalf("browse: %v", err)
		}
		for _, s := range found {
			if s.Name == cfg.Name {
				guestURL = s.URL
			}
		}
	}
	if guestURL == "" {
		t.Fatalf("the host's server was not found on the local network")
	}
	t.Logf("the guest found the host's server at %s", guestURL)

	players := []bot.Options{
		{URL: srv.URL(), Name: "Anna", Create: &set},
		{URL: guestURL, Name: "Bert"},
	}
	races := make([]raced, len(players))
	for i := range players {
		players[i].Rulesets, players[i].RulesCache = reg, filepath.Join(t.TempDir(), players[i].Name)
		races[i].hook(&players[i].Hooks)
	}
	results, errs, err := bot.RunAll(ctx, players)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		name := players[i].Name
		switch {
		case errs[i] != nil:
			t.Fatalf("%s: %v", name, errs[i])
		case !r.Over:
			t.Errorf("%s: the game is not over (turn %d)", name, r.Turn)
		case races[i].refused(r) != nil:
			t.Errorf("%s: the server refused %v", name, r.Rejections)
		case r.Mismatches > 0:
			t.Errorf("%s: %d views out of step with the server's", name, r.Mismatches)
		case r.Game != results[0].Game || r.Winner != results[0].Winner:
			t.Errorf("%s: game %d won by %d; Anna saw game %d won by %d", name, r.Game, r.Winner, results[0].Game, results[0].Winner)
		case r.TurnsPlayed == 0:
			t.Errorf("%s never acted", name)
		}
	}
	if a, b := results[0].Seat, results[1].Seat; a == b || a == 0 || b == 0 {
		t.Errorf("Anna at seat %d, Bert at seat %d: want two seats, the third the AI's", a, b)
	}
}

// multicastUp reports whether a network interface that is up sends
// multicast: what browsing the local network needs.
func multicastUp() bool {
	ifaces, _ := net.Interfaces()
	for _, ifi := range ifaces {
		if ifi.Flags&net.FlagUp != 0 && ifi.Flags&net.FlagMulticast != 0 && ifi.Flags&net.FlagLoopback == 0 {
			return true
		}
	}
	return false
}
