package conn

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// fakeClock records the waits Dial asks for and ends each at once, so
// that the tests of the backoff take no wall-clock time.
type fakeClock struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (f *fakeClock) after(d time.Duration) <-chan time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waits = append(f.waits, d)
	ch := make(chan time.Time, 1)
	ch <- time.Time{}
	return ch
}

func (f *fakeClock) taken() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.waits...)
}

// checkWaits checks that wait i is drawn between half and all of
// RetryMin doubled i times, at most RetryMax.
func checkWaits(t *testing.T, waits []time.Duration, opts Options) {
	t.Helper()
	d := opts.RetryMin
	for i, w := range waits {
		if w < d/2 || w > d {
			t.Errorf("wait %d: %v, want between %v and %v", i+1, w, d/2, d)
		}
		d = min(2*d, opts.RetryMax)
	}
}

// flakyServer refuses its first refusals upgrades with HTTP 503 (as a
// server holding all the connections it takes), leaves the Hello of the
// next silent connections unanswered (as a swamped server), then answers
// Hello with a Welcome. It counts the connections it saw.
func flakyServer(t *testing.T, refusals, silent int) (url string, seen *atomic.Int32) {
	t.Helper()
	seen = new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(seen.Add(1))
		if n <= refusals {
			http.Error(w, "too many connections: try again later", http.StatusServiceUnavailable)
			return
		}
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		_, frame, err := ws.Read(r.Context())
		if err != nil {
			return
		}
		if n <= refusals+silent {
			_, _, _ = ws.Read(r.Context()) // until the client gives up
			return
		}
		env, _ := protocol.Decode(frame, 0)
		welcome, _ := protocol.Marshal(1, env.Seq, &protocol.Welcome{Version: protocol.Version, Limits: protocol.DefaultLimits()})
		_ = ws.Write(r.Context(), websocket.MessageBinary, welcome)
		_, _, _ = ws.Read(r.Context())
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http"), seen
}

// TestDialRetries: a server that refuses for now (503), then lets a Hello
// go unanswered, is tried again after waits that double, with jitter,
// until it welcomes the client.
func TestDialRetries(t *testing.T) {
	url, seen := flakyServer(t, 2, 1)
	clock := &fakeClock{}
	opts := Options{URL: url, Name: "Alice", Seed: 7, HelloTimeout: time.Second, DialAttempts: 20, after: clock.after}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	c, err := Dial(ctx, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer func() {
		c.Close()
		<-c.Done()
	}()
	attempts, took := c.DialAttempts()
	// Two refused, at least one unanswered (a slow machine may miss the
	// Welcome of a later attempt within HelloTimeout too), then welcomed.
	if attempts < 4 || int(seen.Load()) != attempts || took <= 0 {
		t.Errorf("DialAttempts %d in %v, the server saw %d connections; want at least 4, the same as the server saw",
			attempts, took, seen.Load())
	}
	waits := clock.taken()
	if len(waits) != attempts-1 {
		t.Errorf("%d waits for %d attempts, want one between each", len(waits), attempts)
	}
	checkWaits(t, waits, opts.withDefaults())
}

// TestDialGivesUp: a server that cannot be reached is tried DialAttempts
// times, and the error says why the last attempt failed and how many
// were made.
func TestDialGivesUp(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := ln.Addr().String()
	ln.Close()
	clock := &fakeClock{}
	var retries []int
	opts := Options{URL: closedPort, Name: "Alice", Seed: 1, RetryMax: time.Second, after: clock.after,
		OnRetry: func(attempt int, err error, wait time.Duration) {
			retries = append(retries, attempt)
			if err == nil || wait <= 0 {
				t.Errorf("OnRetry after attempt %d: %v, wait %v; want why and a wait", attempt, err, wait)
			}
		}}
	_, err = Dial(context.Background(), opts)
	var de *DialError
	want := fmt.Sprintf("cannot reach the server at ws://%s/ws", closedPort)
	if !errors.As(err, &de) || de.Attempts != DefaultDialAttempts || !strings.Contains(err.Error(), want) ||
		!strings.Contains(err.Error(), fmt.Sprintf("gave up after %d attempts in", DefaultDialAttempts)) {
		t.Fatalf("dial: %v, want a *DialError of %d attempts saying %q", err, DefaultDialAttempts, want)
	}
	// The reason is the network's, in a line a player reads on the Join
	// screen, not the websocket library's steps before it.
	if msg := err.Error(); strings.Contains(msg, "WebSocket dial") || !strings.Contains(msg, "connection refused") {
		t.Errorf("dial: %q, want the network's reason (connection refused) without the library's steps", msg)
	}
	var ue *UnreachableError
	if !errors.As(err, &ue) {
		t.Errorf("dial: %v, want an *UnreachableError within", err)
	}
	waits := clock.taken()
	if len(waits) != DefaultDialAttempts-1 {
		t.Errorf("%d waits, want %d", len(waits), DefaultDialAttempts-1)
	}
	if want := []int{1, 2, 3, 4}; !slices.Equal(retries, want) {
		t.Errorf("OnRetry called after attempts %v, want %v", retries, want)
	}
	checkWaits(t, waits, opts.withDefaults())
	if waits[len(waits)-1] > time.Second {
		t.Errorf("last wait %v, over RetryMax", waits[len(waits)-1])
	}
}

// TestDialNotRetried: refusals that trying again cannot change (an
// address that is no Empires server, another protocol version, a name the
// server refuses) end Dial after its first attempt, with no wait.
func TestDialNotRetried(t *testing.T) {
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	refuse := func(code protocol.ErrorCode, msg string) *httptest.Server {
		return httptest.NewServer(answerHello(&protocol.Error{Code: code, Message: msg}, websocket.StatusPolicyViolation, msg))
	}
	oldVersion := refuse(protocol.BadVersion, "protocol version 1 is not supported")
	defer oldVersion.Close()
	badName := refuse(protocol.Invalid, "name: too long")
	defer badName.Close()
	tests := []struct {
		url, want string
	}{
		{notFound.URL, "refused the connection: 404 Not Found"},
		{oldVersion.URL, "bad version: protocol version 1 is not supported"},
		{badName.URL, "invalid: name: too long"},
	}
	for _, tt := range tests {
		clock := &fakeClock{}
		_, err := Dial(context.Background(), Options{URL: tt.url, Name: "Alice", after: clock.after})
		var de *DialError
		if err == nil || errors.As(err, &de) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Dial(%s): %v, want the first attempt's error saying %q", tt.url, err, tt.want)
		}
		if waits := clock.taken(); len(waits) != 0 {
			t.Errorf("Dial(%s): waited %v, want no second attempt", tt.url, waits)
		}
	}
}

func TestRetryable(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{errors.New("cannot reach the server: connection refused"), true},
		{fmt.Errorf("no Welcome from x: %w", context.DeadlineExceeded), true},
		{&RefusedError{Status: http.StatusServiceUnavailable}, true},
		{&RefusedError{Status: http.StatusTooManyRequests}, true},
		{&RefusedError{Status: http.StatusNotFound}, false},
		{&RefusedError{Status: http.StatusForbidden}, false},
		{fmt.Errorf("refused: %w", &protocol.ProtocolError{Code: protocol.Unavailable}), true},
		{fmt.Errorf("refused: %w", &protocol.ProtocolError{Code: protocol.RateLimited}), true},
		{fmt.Errorf("refused: %w", &protocol.ProtocolError{Code: protocol.BadVersion}), false},
		{fmt.Errorf("refused: %w", &protocol.ProtocolError{Code: protocol.Invalid}), false},
		{&ByeError{Reason: "server busy: no room to read your message now; try again later"}, true},
		{&ByeError{Reason: "seat " + takenOver}, false},
		{&ByeError{Reason: protocol.ReasonHostEnded}, false},
		{&frameError{errors.New("the server sent a text frame")}, false},
	}
	for _, tt := range tests {
		if have := retryable(tt.err); have != tt.want {
			t.Errorf("retryable(%v) = %v, want %v", tt.err, have, tt.want)
		}
	}
}

// TestJittered: the waits are drawn between half and all of the backoff,
// the same from the same seed and spread over the range.
func TestJittered(t *testing.T) {
	const d = time.Second
	a, b := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
	low, high := false, false
	for range 1000 {
		w := jittered(a, d)
		if w < d/2 || w > d {
			t.Fatalf("wait %v, want between %v and %v", w, d/2, d)
		}
		if w2 := jittered(b, d); w2 != w {
			t.Fatalf("the same seed drew %v and %v", w, w2)
		}
		low, high = low || w < 3*d/5, high || w > 9*d/10
	}
	if !low || !high {
		t.Errorf("1000 waits drawn but none below 0.6 s (%v) or none above 0.9 s (%v)", low, high)
	}
}
