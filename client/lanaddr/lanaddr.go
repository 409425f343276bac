// Package lanaddr tells the host of a LAN game the addresses its friends
// type to join: this machine's IPv4 addresses on the local network, with
// the port its server listens on.
package lanaddr

import (
	"cmp"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"
)

// Interface is a network interface as JoinAddrs sees it.
type Interface struct {
	Name  string
	Up    bool
	Loop  bool         // a loopback interface
	Addrs []netip.Addr // its addresses
}

// JoinAddrs returns the host:port addresses at which other machines reach
// a server listening on listen (a *net.TCPAddr, as a listener's Addr gives
// it): for a server listening on every address, each non-loopback IPv4
// address of the interfaces that are up, best first (see Order); for one
// listening on a single address, that address (a loopback one too: then
// only this machine reaches it, which IsLoopback tells). An error means the
// interfaces could not be listed; no address and no error, that the
// machine has no network the others could use.
func JoinAddrs(listen net.Addr) ([]string, error) {
	ip, port, err := splitAddr(listen)
	if err != nil {
		return nil, err
	}
	if !ip.IsUnspecified() {
		return []string{net.JoinHostPort(ip.String(), strconv.Itoa(port))}, nil
	}
	ifaces, err := Interfaces()
	if err != nil {
		return nil, err
	}
	return Order(ifaces, port), nil
}

// IsLoopback reports whether host:port address a is on a loopback address,
// which only this machine reaches.
func IsLoopback(a string) bool {
	ap, err := netip.ParseAddrPort(a)
	return err == nil && ap.Addr().IsLoopback()
}

// splitAddr returns the IP and port of a listener's address.
func splitAddr(a net.Addr) (netip.Addr, int, error) {
	if t, ok := a.(*net.TCPAddr); ok {
		ip, ok := netip.AddrFromSlice(t.IP)
		if !ok {
			ip = netip.IPv6Unspecified() // a nil IP: every address
		}
		return ip.Unmap(), t.Port, nil
	}
	if a == nil {
		return netip.Addr{}, 0, fmt.Errorf("no listen address")
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}, 0, fmt.Errorf("listen address %q: %w", a.String(), err)
	}
	return ap.Addr().Unmap(), int(ap.Port()), nil
}

// Interfaces lists this machine's network interfaces and their addresses.
func Interfaces() ([]Interface, error) {
	ifis, err := net.Interfaces()
	if err != nil {
		return nil, fmt.Errorf("list the network interfaces: %w", err)
	}
	out := make([]Interface, 0, len(ifis))
	for _, ifi := range ifis {
		i := Interface{Name: ifi.Name, Up: ifi.Flags&net.FlagUp != 0, Loop: ifi.Flags&net.FlagLoopback != 0}
		addrs, err := ifi.Addrs()
		if err != nil {
			continue // an interface that vanished as we listed it
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				if ip, ok := netip.AddrFromSlice(n.IP); ok {
					i.Addrs = append(i.Addrs, ip.Unmap())
				}
			}
		}
		out = append(out, i)
	}
	return out, nil
}

// Order returns the IPv4 addresses of ifaces that other machines could
// reach, as host:port with port, best first: interfaces that are up, not
// loopback; no loopback or link-local (169.254.x.x) address; private
// addresses (192.168.x.x, 10.x.x.x, 172.16-31.x.x) before the others; the
// interfaces of containers and virtual machines (docker, br-, veth,
// virbr, vboxnet, vmnet) last, since a friend on the LAN cannot reach those;
// then in the order of the addresses. Each address appears once.
func Order(ifaces []Interface, port int) []string {
	type cand struct {
		ip      netip.Addr
		virtual bool
	}
	var cands []cand
	for _, i := range ifaces {
		if !i.Up || i.Loop {
			continue
		}
		for _, ip := range i.Addrs {
			ip = ip.Unmap()
			if !ip.Is4() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast() {
				continue
			}
			cands = append(cands, cand{ip, virtualInterface(i.Name)})
		}
	}
	rank := func(c cand) int {
		r := 0
		if c.virtual {
			r += 2
		}
		if !c.ip.IsPrivate() {
			r++
		}
		return r
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), a.ip.Compare(b.ip))
	})
	var out []string
	seen := map[netip.Addr]bool{}
	for _, c := range cands {
		if seen[c.ip] {
			continue
		}
		seen[c.ip] = true
		out = append(out, net.JoinHostPort(c.ip.String(), strconv.Itoa(port)))
	}
	return out
}

// virtualInterface reports whether an interface of that name belongs to
// containers or virtual machines on this machine.
func virtualInterface(name string) bool {
	for _, p := range []string{"docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "podman", "cni", "flannel"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
