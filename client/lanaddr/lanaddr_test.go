package lanaddr

import (
	"net"
	"net/netip"
	"slices"
	"strings"
	"testing"
)

func addrs(s ...string) []netip.Addr {
	var out []netip.Addr
	for _, a := range s {
		out = append(out, netip.MustParseAddr(a))
	}
	return out
}

func TestOrder(t *testing.T) {
	tests := []struct {
		name   string
		ifaces []Interface
		want   []string
	}{
		{"nothing", nil, nil},
		{"loopback only", []Interface{{Name: "lo", Up: true, Loop: true, Addrs: addrs("127.0.0.1", "::1")}}, nil},
		{"one LAN address", []Interface{
			{Name: "lo", Up: true, Loop: true, Addrs: addrs("127.0.0.1")},
			{Name: "eth0", Up: true, Addrs: addrs("192.168.1.20", "fe80::1", "2001:db8::5")},
		}, []string{"192.168.1.20:7777"}},
		{"down and link-local left out", []Interface{
			{Name: "eth0", Up: false, Addrs: addrs("192.168.1.20")},
			{Name: "wlan0", Up: true, Addrs: addrs("169.254.3.4", "10.0.0.7")},
		}, []string{"10.0.0.7:7777"}},
		{"private first, virtual last", []Interface{
			{Name: "docker0", Up: true, Addrs: addrs("172.17.0.1")},
			{Name: "eth1", Up: true, Addrs: addrs("203.0.113.9")},
			{Name: "wlan0", Up: true, Addrs: addrs("192.168.1.20")},
			{Name: "eth0", Up: true, Addrs: addrs("10.0.0.7")},
		}, []string{"10.0.0.7:7777", "192.168.1.20:7777", "203.0.113.9:7777", "172.17.0.1:7777"}},
		{"an address on two interfaces once", []Interface{
			{Name: "br-1", Up: true, Addrs: addrs("10.0.0.7")},
			{Name: "eth0", Up: true, Addrs: addrs("10.0.0.7")},
		}, []string{"10.0.0.7:7777"}},
		{"IPv4 in IPv6 form", []Interface{{Name: "eth0", Up: true, Addrs: addrs("::ffff:192.168.1.20")}}, []string{"192.168.1.20:7777"}},
	}
	for _, tt := range tests {
		if have := Order(tt.ifaces, 7777); !slices.Equal(have, tt.want) {
			t.Errorf("%s: Order = %q, want %q", tt.name, have, tt.want)
		}
	}
}

func TestJoinAddrs(t *testing.T) {
	tests := []struct {
		listen net.Addr
		want   []string // nil: this machine's addresses (checked below)
	}{
		{&net.TCPAddr{IP: net.ParseIP("192.168.1.20"), Port: 7000}, []string{"192.168.1.20:7000"}},
		{&net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 7000}, []string{"127.0.0.1:7000"}},
		{textAddr("10.1.2.3:80"), []string{"10.1.2.3:80"}},
	}
	for _, tt := range tests {
		have, err := JoinAddrs(tt.listen)
		if err != nil || !slices.Equal(have, tt.want) && !(len(have) == 0 && len(tt.want) == 0) {
			t.Errorf("JoinAddrs(%v) = %q, %v; want %q", tt.listen, have, err, tt.want)
		}
	}

	// Every address: this machine's, each with the port, never loopback.
	for _, listen := range []net.Addr{&net.TCPAddr{Port: 7777}, &net.TCPAddr{IP: net.IPv4zero, Port: 7777}} {
		have, err := JoinAddrs(listen)
		if err != nil {
			t.Fatalf("JoinAddrs(%v): %v", listen, err)
		}
		ifaces, _ := Interfaces()
		if want := Order(ifaces, 7777); !slices.Equal(have, want) {
			t.Errorf("JoinAddrs(%v) = %q, want this machine's %q", listen, have, want)
		}
		for _, a := range have {
			if !strings.HasSuffix(a, ":7777") || strings.HasPrefix(a, "127.") {
				t.Errorf("JoinAddrs(%v) gives %q", listen, a)
			}
		}
	}
	for _, bad := range []net.Addr{nil, textAddr("somewhere")} {
		if _, err := JoinAddrs(bad); err == nil {
			t.Errorf("JoinAddrs(%v) gave no error", bad)
		}
	}
}

// TestIsLoopback checks which addresses only this machine reaches.
func TestIsLoopback(t *testing.T) {
	tests := []struct {
		have string
		want bool
	}{
		{"127.0.0.1:7777", true},
		{"[::1]:7777", true},
		{"192.168.1.20:7777", false},
		{"not an address", false},
	}
	for _, tt := range tests {
		if got := IsLoopback(tt.have); got != tt.want {
			t.Errorf("IsLoopback(%q) = %v, want %v", tt.have, got, tt.want)
		}
	}
}

// textAddr is a net.Addr that is only its text.
type textAddr string

func (a textAddr) Network() string { return "tcp" }
func (a textAddr) String() string  { return string(a) }
