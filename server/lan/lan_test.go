package lan

import (
	"context"
	"fmt"
	"net/netip"
	"os"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/miekg/dns"

	"empires/internal/skip"
	"empires/shared/protocol"
)

// browseTime is how long each browse of the tests waits for answers:
// ample on one host or a veth link, where answers take well under a
// millisecond, but a loaded machine may answer later. So a test that
// expects a server browses again until it is found (browseUntil), up to
// waitLimit, which only keeps a broken test from hanging; one browse
// finding nothing is enough to say a server is not there.
const (
	browseTime = 400 * time.Millisecond
	waitLimit  = time.Minute
)

// browseUntil calls browse until ok holds for the servers it found, and
// returns them; it fails the test, saying what was wanted, after
// waitLimit.
func browseUntil(t *testing.T, what string, browse func() []Server, ok func([]Server) bool) []Server {
	t.Helper()
	var found []Server
	for end := time.Now().Add(waitLimit); time.Now().Before(end); {
		if found = browse(); ok(found) {
			return found
		}
	}
	t.Fatalf("browsing for %v: %s not found; last found %+v", waitLimit, what, found)
	return nil
}

func TestTXT(t *testing.T) {
	long := string(make([]byte, 300))
	tests := []struct {
		name string
		have Info
		want Info
	}{
		{
			name: "all fields",
			have: Info{Name: "Ann's server", Port: 7777, Path: "/ws", Version: 2, Rulesets: []string{"erfworld", "classic"}, Stats: Stats{Games: 3, OpenSeats: 5}},
			want: Info{Name: "Ann's server", Port: 7777, Path: "/ws", Version: 2, Rulesets: []string{"erfworld", "classic"}, Stats: Stats{Games: 3, OpenSeats: 5}},
		},
		{
			name: "empty",
			have: Info{Port: 1},
			want: Info{Port: 1, Path: DefaultPath},
		},
		{
			name: "name cut to a TXT string",
			have: Info{Name: long, Port: 2, Path: "/ws"},
			want: Info{Name: long[:maxTXTString-len("name=")], Port: 2, Path: "/ws"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			txt := tt.have.txt()
			for _, s := range txt {
				if len(s) > maxTXTString {
					t.Errorf("TXT string of %d bytes, want at most %d", len(s), maxTXTString)
				}
			}
			if have := parseTXT(txt, tt.have.Port); !reflect.DeepEqual(have, tt.want) {
				t.Errorf("parseTXT(txt()):\nhave %+v\nwant %+v", have, tt.want)
			}
		})
	}
}

func TestParseTXTOtherVersions(t *testing.T) {
	have := parseTXT([]string{"name=x", "games=-3", "open=many", "map=big", "path=ws", "version=3"}, 9)
	want := Info{Name: "x", Port: 9, Path: DefaultPath, Version: 3}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("parseTXT:\nhave %+v\nwant %+v", have, want)
	}
}

func TestLabel(t *testing.T) {
	tests := []struct{ have, want string }{
		{"Ann's game", "Ann-s-game"},
		{"  ...  ", ""},
		{"ünïcode name.", "n-code-nam"},
		{"abcdefghijklmnopqrstuvwxyz", "abcdefghij"},
		{"abcdefghi.xyz", "abcdefghi"},
	}
	for _, tt := range tests {
		if have := label(tt.have, 10); have != tt.want {
			t.Errorf("label(%q, 10) = %q, want %q", tt.have, have, tt.want)
		}
	}
}

func TestParseAnswer(t *testing.T) {
	z := &zone{cfg: Config{Name: "Bea", Port: 7000, Path: "/ws", Version: 2, Rulesets: []string{"erfworld"},
		Stats: func() Stats { return Stats{Games: 1, OpenSeats: 2} }}, instance: "Bea-7000", host: "h.local."}
	z.ips = localIPs()
	q := dns.Question{Name: serviceName, Qtype: dns.TypePTR, Qclass: dns.ClassINET}
	resp := &dns.Msg{MsgHdr: dns.MsgHdr{Response: true}, Answer: z.Records(q)}
	pkt, err := resp.Pack()
	if err != nil {
		t.Fatal(err)
	}
	from := netip.MustParseAddr("192.168.1.20")
	have := parseAnswer(pkt, from, time.Millisecond)
	want := []Server{{Info: Info{Name: "Bea", Port: 7000, Path: "/ws", Version: 2, Rulesets: []string{"erfworld"}, Stats: Stats{Games: 1, OpenSeats: 2}},
		Addr: "192.168.1.20:7000", URL: "ws://192.168.1.20:7000/ws", Ping: time.Millisecond}}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("parseAnswer:\nhave %+v\nwant %+v", have, want)
	}

	// A query, an answer for another service and garbage describe nothing.
	query := new(dns.Msg)
	query.SetQuestion(serviceName, dns.TypePTR)
	other := &dns.Msg{MsgHdr: dns.MsgHdr{Response: true}, Answer: []dns.RR{&dns.PTR{
		Hdr: dns.RR_Header{Name: "_http._tcp.local.", Rrtype: dns.TypePTR, Class: dns.ClassINET}, Ptr: "web._http._tcp.local."}}}
	for name, m := range map[string]*dns.Msg{"query": query, "other service": other} {
		pkt, err := m.Pack()
		if err != nil {
			t.Fatal(err)
		}
		if s := parseAnswer(pkt, from, 0); len(s) != 0 {
			t.Errorf("%s: parseAnswer = %+v, want none", name, s)
		}
	}
	if s := parseAnswer([]byte("not dns"), from, 0); len(s) != 0 {
		t.Errorf("garbage: parseAnswer = %+v, want none", s)
	}

	z.closed.Store(true)
	if rrs := z.Records(q); len(rrs) != 0 {
		t.Errorf("a closed zone answers %v, want nothing", rrs)
	}
}

func TestAdvertiseBadPort(t *testing.T) {
	for _, port := range []int{0, -1, 70000} {
		if a, err := Advertise(Config{Name: "x", Port: port}); err == nil {
			a.Close()
			t.Errorf("Advertise with port %d: no error", port)
		}
	}
}

// needMulticast skips the test on a host with no interface that sends
// multicast: nothing could be found there.
func needMulticast(t *testing.T) {
	t.Helper()
	if len(multicastInterfaces()) == 0 {
		skip.Now(t, skip.Environment, "no network interface sends multicast")
	}
}

// find returns the servers of servers named name.
func find(servers []Server, name string) []Server {
	var out []Server
	for _, s := range servers {
		if s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// TestAdvertiseBrowse advertises a server and browses for it on this host:
// the query goes out of the host's interfaces and comes back to the
// advertiser by multicast loopback. Other servers may answer too (the
// network is shared), so the test looks for its own by name.
func TestAdvertiseBrowse(t *testing.T) {
	needMulticast(t)
	name := fmt.Sprintf("test server %d-%d", os.Getpid(), time.Now().UnixNano())
	var stats atomic.Value
	stats.Store(Stats{Games: 2, OpenSeats: 3})
	a, err := Advertise(Config{Name: name, Port: 7999, Rulesets: []string{"erfworld", "classic"},
		Stats: func() Stats { return stats.Load().(Stats) }})
	if err != nil {
		t.Fatalf("Advertise: %v", err)
	}
	defer a.Close()

	browse := func() []Server {
		t.Helper()
		servers, err := Browse(context.Background(), browseTime)
		if err != nil {
			t.Fatalf("Browse: %v", err)
		}
		return find(servers, name)
	}
	found := browseUntil(t, name, browse, func(f []Server) bool { return len(f) > 0 })
	s := found[0]
	want := Info{Name: name, Port: 7999, Path: "/ws", Version: protocol.Version, Rulesets: []string{"erfworld", "classic"}, Stats: Stats{Games: 2, OpenSeats: 3}}
	if !reflect.DeepEqual(s.Info, want) {
		t.Errorf("found %+v\nwant %+v", s.Info, want)
	}
	ap, err := netip.ParseAddrPort(s.Addr)
	if err != nil || ap.Port() != 7999 || s.URL != "ws://"+s.Addr+"/ws" {
		t.Errorf("found at %q (%v), URL %q: want an address with port 7999 and its ws:// URL", s.Addr, err, s.URL)
	}
	if s.Ping <= 0 {
		t.Errorf("ping %v, want the time the answer took", s.Ping)
	}

	// The answers carry the counts of the moment.
	stats.Store(Stats{Games: 4, OpenSeats: 0})
	browseUntil(t, "4 games, 0 open seats", browse, func(f []Server) bool { return len(f) > 0 && f[0].Stats == (Stats{Games: 4}) })

	if err := a.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if found := browse(); len(found) != 0 {
		t.Errorf("after Close, found %+v; want nothing", found)
	}
	if err := a.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestBrowseWaits checks that a browse waits for its timeout, or until its
// context ends, and that nobody answers for a server that does not exist.
func TestBrowseWaits(t *testing.T) {
	needMulticast(t)
	start := time.Now()
	servers, err := Browse(context.Background(), 200*time.Millisecond)
	if err != nil {
		t.Fatalf("Browse: %v", err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("Browse with a timeout of 200ms returned after %v", d)
	}
	for _, s := range servers {
		if s.Port == 0 || s.Addr == "" {
			t.Errorf("found a server with no address: %+v", s)
		}
	}

	// A browse that would wait an hour returns when its context ends.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := Browse(ctx, time.Hour)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Browse cancelled: %v", err)
		}
	case <-time.After(waitLimit):
		t.Fatalf("Browse did not return in %v after its context ended", waitLimit)
	}
}
