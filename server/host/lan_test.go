package host

import (
	"context"
	"fmt"
	"net"
	"os"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/internal/skip"
	"empires/server/lan"
	"empires/shared/protocol"
)

// TestAdvertise serves with Config.Advertise set and browses the local
// network: the server is found at an address a client connects to, with
// its current counts, and no longer once stopped. A server on loopback is
// not advertised.
func TestAdvertise(t *testing.T) {
	if !multicastUp() {
		skip.Now(t, skip.Environment, "no network interface sends multicast")
	}
	stamp := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano()%1e6)
	cfg := testConfig(t)
	cfg.Advertise = true
	cfg.Name = "lan " + stamp
	r, err := Start(cfg, ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Stop()
	local := testConfig(t)
	local.Advertise = true
	local.Name = "loopback " + stamp
	rl, err := Start(local, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer rl.Stop()

	browse := func(name string) []lan.Server {
		t.Helper()
		servers, err := lan.Browse(context.Background(), 400*time.Millisecond)
		if err != nil {
			t.Fatalf("Browse: %v", err)
		}
		var out []lan.Server
		for _, s := range servers {
			switch s.Name {
			case name:
				out = append(out, s)
			case local.Name:
				t.Errorf("the server on loopback is advertised: %+v", s)
			}
		}
		return out
	}
	// browseUntil browses again until ok holds for what is found: Start
	// returns before Serve advertises, and a loaded machine may answer
	// after a Browse's 400 ms. One Browse finding nothing is enough to
	// say the server is not there.
	browseUntil := func(what string, ok func([]lan.Server) bool) []lan.Server {
		t.Helper()
		var found []lan.Server
		for end := time.Now().Add(waitLimit); time.Now().Before(end); {
			if found = browse(cfg.Name); ok(found) {
				return found
			}
		}
		t.Fatalf("browsing for %v: %s not found; last found %+v", waitLimit, what, found)
		return nil
	}
	s := browseUntil(cfg.Name, func(f []lan.Server) bool { return len(f) > 0 })[0]
	if port := r.Addr().(*net.TCPAddr).Port; s.Port != port || s.Version != protocol.Version || len(s.Rulesets) == 0 ||
		s.Rulesets[0] != "erfworld" || s.Stats != (lan.Stats{}) {
		t.Errorf("found %+v; want port %d, version %d, erfworld, no games", s, port, protocol.Version)
	}

	// A client connects where the server was found and hosts a game with
	// two open seats.
	ws, msg := hello(t, s.URL)
	if w, ok := msg.(*protocol.Welcome); !ok || w.Server != cfg.Name {
		t.Fatalf("Hello at %s answered %#v, want a Welcome from %q", s.URL, msg, cfg.Name)
	}
	set := protocol.Settings{Ruleset: "erfworld", Width: 32, Height: 24, Seats: 4, Bots: 1}
	frame, err := protocol.Marshal(2, 0, &protocol.CreateGame{Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		t.Fatal(err)
	}
	if msg := read(t, ws); msg.MessageType() != protocol.TypeJoined {
		t.Fatalf("CreateGame answered %#v, want Joined", msg)
	}
	// With a game of 4 seats, 1 bot and 1 player:
	browseUntil("1 game, 2 open seats", func(f []lan.Server) bool {
		return len(f) > 0 && f[0].Stats == (lan.Stats{Games: 1, OpenSeats: 2})
	})

	_ = ws.CloseNow() // so that Stop need not wait for its close handshake
	if err := r.Stop(); err != nil {
		t.Fatal(err)
	}
	if found := browse(cfg.Name); len(found) != 0 {
		t.Errorf("after Stop, found %+v", found)
	}
}

// multicastUp reports whether an interface that is up sends multicast.
func multicastUp() bool {
	ifaces, _ := net.Interfaces()
	for _, ifi := range ifaces {
		if ifi.Flags&net.FlagUp != 0 && ifi.Flags&net.FlagMulticast != 0 {
			return true
		}
	}
	return false
}
