package app

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"empires/server/host"
	"empires/server/store"
	"empires/shared/conn"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// serverEnv, set to "DIR ADDR", makes the test binary run a server saving
// its games in DIR and listening on ADDR instead of the tests (TestMain),
// for a test to kill.
const serverEnv = "EMPIRES_APP_TEST_SERVER"

// serveChild runs the server serverEnv's value v describes, prints its URL
// and serves until the process is killed, or stops cleanly on SIGTERM.
func serveChild(v string) int {
	dir, addr, _ := strings.Cut(v, " ")
	reg, err := registry.Default()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cfg := host.DefaultConfig()
	cfg.DataDir = dir
	cfg.Rulesets, cfg.Builtin = reg, reg
	cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	r, err := host.Start(cfg, addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	fmt.Println(r.URL())
	select {
	case <-ctx.Done():
		if err := r.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	case <-r.Done():
		return 1
	}
}

// childServer is a server in a child process (serveChild).
type childServer struct {
	cmd *exec.Cmd
}

// startChildServer runs a server on data directory dir at addr in a child
// process, and waits until it serves. The test ends it if it has not.
func startChildServer(t *testing.T, dir, addr string) *childServer {
	t.Helper()
	logs, err := os.Create(filepath.Join(t.TempDir(), "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serverEnv+"="+dir+" "+addr)
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			data, _ := os.ReadFile(logs.Name())
			t.Logf("the server's logs:\n%s", data)
		}
		logs.Close()
	})
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- strings.TrimSpace(l)
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case url := <-line:
		if !strings.HasPrefix(url, "ws://") {
			t.Fatalf("the server printed %q, want its URL", url)
		}
	case <-time.After(waitLimit):
		t.Fatal("the server did not start in time")
	}
	return &childServer{cmd: cmd}
}

// kill kills the server (SIGKILL: nothing is saved on the way out) and
// waits for it to end.
func (s *childServer) kill(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = s.cmd.Wait()
}

// stop stops the server cleanly (SIGTERM: it says goodbye to its clients
// and saves its games) and waits for it to end.
func (s *childServer) stop(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Wait(); err != nil {
		t.Fatalf("the server stopped with %v", err)
	}
}

// freeAddr returns a loopback address nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

// await hands a what its connection delivers until want holds for an
// event (handled first).
func await(t *testing.T, a *App, what string, want func(conn.Event) bool) {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		if a.conn == nil {
			t.Fatalf("%s: disconnected", what)
		}
		select {
		case ev, ok := <-a.conn.Events():
			if !ok {
				t.Fatalf("%s: the connection closed", what)
			}
			a.handle(ev)
			if want(ev) {
				return
			}
		case <-deadline:
			t.Fatalf("%s: not in %v", what, waitLimit)
		}
	}
}

// awaitMsg reads c's events until a message of type M, and returns it.
func awaitMsg[M protocol.Message](t *testing.T, c *conn.Conn, who string) M {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		select {
		case ev, ok := <-c.Events():
			if !ok {
				t.Fatalf("%s: the connection closed", who)
			}
			if m, ok := ev.Msg.(M); ok {
				return m
			}
		case <-deadline:
			var m M
			t.Fatalf("%s: no %T in %v", who, m, waitLimit)
		}
	}
}

// readyClock reports whether ev is a TurnClock of turn that says seat is
// ready.
func readyClock(ev conn.Event, turn protocol.Turn, seat protocol.Seat) bool {
	c, ok := ev.Msg.(*protocol.TurnClock)
	return ok && c.Turn == turn && slices.Contains(c.Ready, seat)
}

// accepted reports whether ev is the server's acceptance of orders for
// turn.
func accepted(ev conn.Event, turn protocol.Turn) bool {
	r, ok := ev.Msg.(*protocol.OrdersResult)
	return ok && r.Turn == turn && len(r.Errors) == 0
}

// draftOrder drafts the order of the first choice a city of the player's
// offers, pressed on the side panel, and returns the order list encoded
// as the server keeps it.
func draftOrder(t *testing.T, g *gameScreen) []byte {
	t.Helper()
	m := hexOf(g).Model()
	for _, city := range m.View().Cities {
		if city.Owner != m.You() {
			continue
		}
		for range 3 { // a click on the city's hex: its army first, then the city
			if m.Selection().City != city.ID {
				m.Click(city.Hex)
			}
		}
		g.hud.dirtySide = true
		g.hud.update()
		g.root.Validate() // the buttons make their labels
		for _, c := range m.CityChoices(city.ID) {
			if c.Reason != "" {
				continue
			}
			if !press(g.hud.side, c.Label) {
				t.Fatalf("no %q on the side panel: %q", c.Label, sideTexts(g.hud))
			}
			if len(m.Drafts()) != 1 {
				t.Fatalf("choosing %q drafted %d orders, want 1", c.Label, len(m.Drafts()))
			}
			data, err := hexgame.EncodeOrders(m.Orders())
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
	}
	t.Fatal("no city of the player's offers a choice")
	return nil
}

// TestResumeAfterRestart: the server of a game without a turn timer is
// killed in the middle of turn 1 (or stopped cleanly, saying goodbye) and
// another starts from its saved game, which plays turn 1 afresh (no
// orders, nobody ready). The desktop client
// takes its seat back by itself, shows turn 1 again with the orders it
// drafted, sends them again, and says it is ready again if the player had
// ended the turn; else the player ends it now. When the other player ends
// the turn too, it resolves with the player's orders.
func TestResumeAfterRestart(t *testing.T) {
	for _, tt := range []struct {
		name   string
		ended  bool // the player ended the turn before the server went
		killed bool // SIGKILL, else SIGTERM
	}{{"killed, turn ended", true, true}, {"killed, orders drafted", false, true}, {"stopped, turn ended", true, false}} {
		t.Run(tt.name, func(t *testing.T) {
			dir, addr := t.TempDir(), freeAddr(t)
			first := startChildServer(t, dir, addr)
			a, _, _ := testApp(t)
			t.Cleanup(a.shutdown)
			a.showJoin()
			a.Connect(addr)
			settle(t, a, "connect", func() bool { return a.conn != nil })
			a.createHere(protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 2})
			settle(t, a, "create", func() bool { return a.screen == screenLobby && a.joined != nil })

			ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
			defer cancel()
			bob, err := conn.Dial(ctx, conn.Options{URL: addr, Name: "Bob"})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(bob.Close)
			if _, err := bob.Send(&protocol.JoinGame{Game: a.joined.Game}); err != nil {
				t.Fatal(err)
			}
			j := awaitMsg[*protocol.Joined](t, bob, "Bob")
			bob.SetSeat(j.Game, j.Token)
			a.send(&protocol.SetReady{Ready: true})
			if _, err := bob.Send(&protocol.SetReady{Ready: true}); err != nil {
				t.Fatal(err)
			}
			await(t, a, "turn 1", func(ev conn.Event) bool { _, ok := ev.Msg.(*protocol.TurnClock); return ok && a.game != nil })
			g := a.game
			step := g.clock.Seq
			orders := draftOrder(t, g)
			if tt.ended {
				g.setReady(true) // End turn
				await(t, a, "turn 1 ended on the server", func(ev conn.Event) bool { return readyClock(ev, 1, 1) })
			} else {
				g.submit(true) // as the game screen sends changed orders
				await(t, a, "the orders accepted", func(ev conn.Event) bool { return accepted(ev, 1) })
			}

			if tt.killed {
				first.kill(t)
			} else {
				first.stop(t)
			}
			second := startChildServer(t, dir, addr)
			await(t, a, "the seat taken back", func(ev conn.Event) bool { _, ok := ev.Msg.(*protocol.Joined); return ok })
			sent, ready := false, false
			await(t, a, "the orders sent again", func(ev conn.Event) bool {
				sent = sent || accepted(ev, 1)
				ready = ready || readyClock(ev, 1, 1)
				return sent && (ready || !tt.ended)
			})
			if m := hexOf(g).Model(); a.game != g || m.Turn() != 1 || g.clock.Turn != 1 || len(m.Drafts()) != 1 {
				t.Fatalf("after the restart: the game screen shows turn %d (clock %d) with %d drafts; want turn 1 again with the move drafted",
					m.Turn(), g.clock.Turn, len(m.Drafts()))
			}
			if !tt.ended {
				if g.ready || ready {
					t.Fatal("after the restart, the player is ready without ending the turn")
				}
				g.endTurnClicked()
				await(t, a, "turn 1 ended on the new server", func(ev conn.Event) bool { return readyClock(ev, 1, 1) })
			}
			if !g.ready {
				t.Error("the game screen does not show the turn ended")
			}

			awaitMsg[*protocol.Joined](t, bob, "Bob, after the restart")
			if _, err := bob.Send(&protocol.SetReady{Ready: true, Seq: 1}); err != nil {
				t.Fatal(err)
			}
			await(t, a, "turn 1 resolved", func(ev conn.Event) bool { _, ok := ev.Msg.(*protocol.TurnUpdate); return ok })
			if have := hexOf(g).Model().Turn(); have != 2 {
				t.Fatalf("after turn 1 resolved the view is of turn %d, want 2", have)
			}

			// The new server played turn 1 with the orders sent again.
			second.kill(t)
			st, err := store.OpenDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			played, err := st.Orders(a.joined.Game, step)
			if err != nil {
				t.Fatal(err)
			}
			if len(played) != 1 || played[0].Seat != 1 || !bytes.Equal(played[0].Orders, orders) {
				t.Errorf("turn 1 was played with %+v, want seat 1's orders %x", played, orders)
			}
		})
	}
}

// TestResume: what the game screen sends on the server's first clock after
// it took the seat back, by what the server says and what the player did.
func TestResume(t *testing.T) {
	simultaneous := func(turn protocol.Turn, ready ...protocol.Seat) *protocol.TurnClock {
		return &protocol.TurnClock{Turn: turn, Mode: uint8(ruleset.Simultaneous), Seq: uint32(turn), Actors: []protocol.Seat{1, 2}, Ready: ready}
	}
	tests := []struct {
		name      string
		rejoined  bool
		readyFor  protocol.Turn // the turn the player ended, 0 if none
		clock     *protocol.TurnClock
		wantSent  bool // the orders sent again
		wantReady bool
	}{
		{"turn ended, the server lost it", true, 1, simultaneous(1), true, true},
		{"orders drafted, the server lost them", true, 0, simultaneous(1), true, false},
		{"turn ended, the server kept it", true, 1, simultaneous(1, 1), false, true},
		{"a later turn ended, the server restarted before it", true, 2, simultaneous(1), true, false},
		{"no reconnection", false, 1, simultaneous(1), false, false},
		{"an interactive step", true, 1, &protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Interactive), Seq: 3, Actors: []protocol.Seat{1}}, false, false},
		{"out of the step", true, 1, &protocol.TurnClock{Turn: 1, Mode: uint8(ruleset.Simultaneous), Seq: 1, Actors: []protocol.Seat{2}}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, s := testApp(t)
			g := showGame(t, a, s, 1)
			draftOrder(t, g)
			g.readyFor = tt.readyFor
			if tt.rejoined {
				g.rejoin()
			}
			g.setClock(tt.clock)
			if sent := g.sent != nil && g.sentTurn == 1; sent != tt.wantSent || g.ready != tt.wantReady {
				t.Errorf("orders sent again %v, ready %v; want %v, %v", sent, g.ready, tt.wantSent, tt.wantReady)
			}
			if g.rejoined {
				t.Error("the clock after the reconnection did not end it")
			}
		})
	}
}
