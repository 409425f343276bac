package lan

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/miekg/dns"
	"golang.org/x/net/ipv4"
)

// Server is an Empires server found on the local network.
type Server struct {
	Info
	// Addr is host:port of its websocket endpoint, host being the address
	// its answer came from; URL is ws://Addr/ws.
	Addr string
	URL  string
	// Ping is how long its answer took to come, from when the query was
	// sent.
	Ping time.Duration
}

// mdnsGroup is where multicast DNS queries go.
var mdnsGroup = &net.UDPAddr{IP: net.IPv4(224, 0, 0, 251), Port: 5353}

// Browse asks the local network for Empires servers and returns those that
// answered within timeout, or before ctx ended: none is not an error. A
// server seen on several interfaces is listed once for each address;
// servers are sorted by name then address. Browse fails only if the query
// cannot be sent.
func Browse(ctx context.Context, timeout time.Duration) ([]Server, error) {
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4zero})
	if err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	defer c.Close()
	q := new(dns.Msg)
	q.SetQuestion(serviceName, dns.TypePTR)
	q.RecursionDesired = false
	q.Question[0].Qclass |= 1 << 15 // a unicast answer is wanted (RFC 6762 5.4)
	msg, err := q.Pack()
	if err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	start := time.Now()
	if err := sendQuery(c, msg); err != nil {
		return nil, fmt.Errorf("browse: send the query: %w", err)
	}
	deadline := start.Add(timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if err := c.SetReadDeadline(deadline); err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	defer context.AfterFunc(ctx, func() { _ = c.SetReadDeadline(time.Now()) })()

	found := make(map[string]Server)
	buf := make([]byte, 65536)
	for {
		n, from, err := c.ReadFromUDPAddrPort(buf)
		if err != nil {
			if !errors.Is(err, os.ErrDeadlineExceeded) {
				return nil, fmt.Errorf("browse: %w", err)
			}
			break
		}
		ping := time.Since(start)
		for _, s := range parseAnswer(buf[:n], from.Addr(), ping) {
			if _, ok := found[s.Addr]; !ok {
				found[s.Addr] = s
			}
		}
	}
	servers := make([]Server, 0, len(found))
	for _, s := range found {
		servers = append(servers, s)
	}
	slices.SortFunc(servers, func(a, b Server) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Addr, b.Addr))
	})
	return servers, nil
}

// sendQuery sends msg to the multicast DNS group out of every interface
// that sends multicast, or where the routing table says if none does.
func sendQuery(c *net.UDPConn, msg []byte) error {
	p := ipv4.NewPacketConn(c)
	// Answers are sent back to this port, but a responder may check the
	// TTL of what it hears (RFC 6762 11).
	_ = p.SetMulticastTTL(255)
	_ = p.SetMulticastLoopback(true) // servers on this host answer too
	var errs []error
	sent := false
	for _, ifi := range multicastInterfaces() {
		if err := p.SetMulticastInterface(&ifi); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", ifi.Name, err))
			continue
		}
		if _, err := c.WriteToUDP(msg, mdnsGroup); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", ifi.Name, err))
			continue
		}
		sent = true
	}
	if sent {
		return nil
	}
	if _, err := c.WriteToUDP(msg, mdnsGroup); err != nil {
		return errors.Join(append(errs, err)...)
	}
	return nil
}

// multicastInterfaces returns the interfaces that are up, send multicast
// and have an IPv4 address.
func multicastInterfaces() []net.Interface {
	ifaces, _ := net.Interfaces() // none on error
	var out []net.Interface
	for _, ifi := range ifaces {
		if ifi.Flags&net.FlagUp == 0 || ifi.Flags&net.FlagMulticast == 0 {
			continue
		}
		addrs, err := ifi.Addrs()
		if err != nil {
			continue
		}
		if slices.ContainsFunc(addrs, func(a net.Addr) bool {
			n, ok := a.(*net.IPNet)
			return ok && n.IP.To4() != nil
		}) {
			out = append(out, ifi)
		}
	}
	return out
}

// parseAnswer returns the Empires servers a multicast DNS answer from the
// address from describes: the instances of the service with both their
// SRV and TXT records, reached at from.
func parseAnswer(pkt []byte, from netip.Addr, ping time.Duration) []Server {
	var m dns.Msg
	if err := m.Unpack(pkt); err != nil || !m.Response {
		return nil
	}
	var instances []string
	srv := make(map[string]*dns.SRV)
	txt := make(map[string][]string)
	for _, rr := range append(m.Answer, m.Extra...) {
		name := strings.ToLower(rr.Header().Name)
		switch r := rr.(type) {
		case *dns.PTR:
			if name == serviceName {
				instances = append(instances, strings.ToLower(r.Ptr))
			}
		case *dns.SRV:
			srv[name] = r
		case *dns.TXT:
			txt[name] = r.Txt
		}
	}
	var out []Server
	for _, inst := range instances {
		s, t := srv[inst], txt[inst]
		if s == nil || t == nil || s.Port == 0 {
			continue
		}
		info := parseTXT(t, int(s.Port))
		addr := netip.AddrPortFrom(from.Unmap(), s.Port).String()
		out = append(out, Server{Info: info, Addr: addr, URL: "ws://" + addr + info.Path, Ping: ping})
	}
	return out
}
