package lobby

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"empires/server/wsconn"
	"empires/shared/protocol"
)

// TestHelloWhileLobbyBusy: Hellos are welcomed while the lobby's lock is
// held (as while a game starts or is saved): a storm of connections is
// answered without waiting for the games' work. The clients join the
// lobby once the lock is free.
func TestHelloWhileLobbyBusy(t *testing.T) {
	l := newLobby(t, Options{})
	const clients = 50
	conns := make([]*wsconn.Conn, clients)
	var handled sync.WaitGroup
	l.mu.Lock()
	locked := true
	defer func() {
		if locked {
			l.mu.Unlock()
		}
	}()
	for i := range conns {
		conns[i] = wsconn.NewDetached(connOptions(l))
		frame, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: fmt.Sprintf("Storm %d", i+1)})
		if err != nil {
			t.Fatal(err)
		}
		handled.Go(func() { conns[i].HandleFrame(frame) })
	}
	// waitLimit only keeps a broken build from hanging: with the lock on
	// the way to the Welcome, no Welcome comes while the test holds it.
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	for i, c := range conns {
		o, ok := c.Next(ctx)
		if !ok {
			t.Fatalf("client %d: no Welcome while the lobby's lock is held", i+1)
		}
		if o.Msg.MessageType() != protocol.TypeWelcome || o.Reply != 1 {
			t.Fatalf("client %d: the answer to its Hello is a %s replying to %d, want a Welcome replying to 1",
				i+1, o.Msg.MessageType(), o.Reply)
		}
	}
	l.mu.Unlock()
	locked = false
	handled.Wait()
	if st := l.Stats(); st.Clients != clients {
		t.Errorf("%d clients in the lobby once its lock was free, want %d", st.Clients, clients)
	}
	for _, c := range conns {
		c.End()
	}
}

// TestHelloAfterClose: a lobby that is closed refuses a Hello as
// unavailable (the server is shutting down), without its lock.
func TestHelloAfterClose(t *testing.T) {
	l := newLobby(t, Options{})
	l.Close()
	c := wsconn.NewDetached(connOptions(l))
	frame, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Late"})
	if err != nil {
		t.Fatal(err)
	}
	c.HandleFrame(frame)
	out := c.Pending()
	if len(out) != 1 {
		t.Fatalf("a Hello to a closed lobby answered %d messages, want an Error", len(out))
	}
	e, ok := out[0].Msg.(*protocol.Error)
	if !ok || e.Code != protocol.Unavailable {
		t.Errorf("a Hello to a closed lobby answered %+v, want Error Unavailable", out[0].Msg)
	}
	c.End()
}
