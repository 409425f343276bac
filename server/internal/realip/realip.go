// Package realip finds the address of the client that made an HTTP
// request when the server stands behind reverse proxies it trusts (Caddy,
// nginx, a load balancer): the peer of such a request is the proxy, and
// the client's address is in the header the proxy writes, Forwarded
// (RFC 7239) or X-Forwarded-For.
//
// Each proxy on the way appends the address it got the request from to
// the right of those headers, so only their right end is known to be
// true: anything further left may have been written by the client. The
// client's address is found by walking the list from the right, skipping
// the proxies the host trusts, and taking the first address that is not
// one of them. Headers of a request whose peer is not a trusted proxy are
// ignored: anybody can send them.
package realip

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the addresses of the reverse proxies whose forwarding
// headers a server believes. The zero value trusts nobody.
type Proxies []netip.Prefix

// ParseProxies reads a comma-separated list of IP addresses and CIDR
// prefixes ("127.0.0.1, ::1, 10.0.0.0/8"); spaces around an entry are
// ignored, and a list of nothing but spaces is no proxy. An entry that is
// no address or prefix (a host name, a zone, an empty entry between
// commas) is an error naming it, and so is a prefix of length 0, which
// would let anybody choose the address they are counted at.
func ParseProxies(list string) (Proxies, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var ps Proxies
	for i, entry := range strings.Split(list, ",") {
		entry = strings.TrimSpace(entry)
		p, err := parseProxy(entry)
		if err != nil {
			return nil, fmt.Errorf("entry %d %q: %w", i+1, entry, err)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// parseProxy reads one entry of ParseProxies's list.
func parseProxy(entry string) (netip.Prefix, error) {
	if entry == "" {
		return netip.Prefix{}, errors.New("empty: give an IP address or a CIDR prefix between the commas")
	}
	if strings.Contains(entry, "/") {
		p, err := netip.ParsePrefix(entry)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("not a CIDR prefix such as 10.0.0.0/8 or fd00::/8")
		}
		if p.Bits() == 0 {
			return netip.Prefix{}, errors.New("trusts every address: anybody could then say which address they come from")
		}
		if p.Addr().Is4In6() {
			return netip.Prefix{}, errors.New("an IPv4-mapped IPv6 prefix: write the IPv4 prefix")
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(entry)
	if err != nil {
		return netip.Prefix{}, errors.New("not an IP address or CIDR prefix (such as 127.0.0.1, ::1 or 10.0.0.0/8; host names are not looked up)")
	}
	if a.Zone() != "" {
		return netip.Prefix{}, errors.New("an IPv6 zone is not allowed: give the address without %zone")
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// Trusts reports whether a is the address of one of the proxies.
func (ps Proxies) Trusts(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// String returns the list as ParseProxies reads it.
func (ps Proxies) String() string {
	s := make([]string, len(ps))
	for i, p := range ps {
		if p.IsSingleIP() {
			s[i] = p.Addr().String()
		} else {
			s[i] = p.String()
		}
	}
	return strings.Join(s, ",")
}

// Client returns the address of the client of a request that came from
// peer (the connection's remote address, "host:port") with header h.
//
// When peer is not one of the proxies, or h has neither Forwarded nor
// X-Forwarded-For, it is peer. Otherwise it is the rightmost address of
// the header that is not one of the proxies (the leftmost if all are),
// as "host:port" when the header gives a port and as the bare IP address
// when not; what lies left of it is never read. When both headers are
// there they must name the same client: a proxy writes one of them and
// passes the other on as the client sent it. An entry Client must read
// and cannot (not an address, an element without for=, a client the proxy
// calls "unknown" or hides under an obfuscated name, a quote not closed),
// or two headers that disagree, give peer and an error saying what was
// wrong: the request is counted at its proxy's address.
func (ps Proxies) Client(peer string, h http.Header) (string, error) {
	if len(ps) == 0 {
		return peer, nil
	}
	from, err := netip.ParseAddrPort(peer)
	if err != nil || !ps.Trusts(from.Addr()) {
		return peer, nil
	}
	fwd, xff := h.Values("Forwarded"), h.Values("X-Forwarded-For")
	var byFwd, byXFF string
	if len(fwd) > 0 {
		elems, err := forwardedElements(fwd)
		if err == nil {
			byFwd, err = ps.pick(elems, forwardedFor)
		}
		if err != nil {
			return peer, fmt.Errorf("header Forwarded %q: %w", clip(strings.Join(fwd, ", ")), err)
		}
	}
	if len(xff) > 0 {
		var entries []string
		for _, l := range xff {
			entries = append(entries, strings.Split(l, ",")...)
		}
		var err error
		if byXFF, err = ps.pick(entries, xffEntry); err != nil {
			return peer, fmt.Errorf("header X-Forwarded-For %q: %w", clip(strings.Join(xff, ", ")), err)
		}
	}
	switch {
	case byFwd != "" && byXFF != "" && !sameHost(byFwd, byXFF):
		return peer, fmt.Errorf("header Forwarded names client %s and X-Forwarded-For %s", byFwd, byXFF)
	case byFwd != "":
		return byFwd, nil
	case byXFF != "":
		return byXFF, nil
	}
	return peer, nil
}

// node is one address of a forwarding header.
type node struct {
	addr netip.Addr // invalid for "unknown" and obfuscated names
	text string     // how Client gives it: "ip:port", "ip", or the name
}

// pick walks the entries of a header from the right past the trusted
// proxies and returns the first other address, or the leftmost if all are
// proxies. It reads only the entries it walks: those left of the client's
// address are the client's to write, and may be anything.
func (ps Proxies) pick(entries []string, parse func(string) (node, error)) (string, error) {
	for i := len(entries) - 1; i >= 0; i-- {
		n, err := parse(entries[i])
		switch {
		case err != nil:
			return "", err
		case !n.addr.IsValid():
			return "", fmt.Errorf("the client is %q, not an address", clip(n.text))
		case ps.Trusts(n.addr) && i > 0:
			continue
		}
		return n.text, nil
	}
	return "", errors.New("no address")
}

// sameHost reports whether two addresses Client gives have the same IP
// address, whatever their ports.
func sameHost(a, b string) bool {
	return hostOf(a) == hostOf(b)
}

// hostOf returns the IP address of "ip" or "ip:port".
func hostOf(s string) netip.Addr {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr()
	}
	a, _ := netip.ParseAddr(s)
	return a
}

// parseNode reads an address of a forwarding header: "192.0.2.1",
// "192.0.2.1:4711", "[2001:db8::1]", "[2001:db8::1]:4711" or a bare
// IPv6 address; with unknownOK also RFC 7239's "unknown" and obfuscated
// names ("_hidden", "_abc:_port").
func parseNode(s string, unknownOK bool) (node, error) {
	if unknownOK && (s == "unknown" || strings.HasPrefix(s, "_")) {
		return node{text: s}, nil
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		ap = netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
		return node{addr: ap.Addr(), text: ap.String()}, nil
	}
	if b, ok := strings.CutPrefix(s, "["); ok {
		if inner, ok := strings.CutSuffix(b, "]"); ok {
			s = inner
		}
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return node{}, fmt.Errorf("%q is not an IP address", clip(s))
	}
	a = a.Unmap()
	return node{addr: a, text: a.String()}, nil
}

// xffEntry reads an entry of X-Forwarded-For: an address.
func xffEntry(e string) (node, error) {
	e = strings.TrimSpace(e)
	if e == "" {
		return node{}, errors.New("an empty entry")
	}
	return parseNode(e, false)
}

// forwardedElements splits Forwarded header lines into their elements
// (RFC 7239 section 4), in order, at the commas outside quoted strings.
func forwardedElements(lines []string) ([]string, error) {
	var elems []string
	for _, l := range lines {
		es, err := splitQuoted(l, ',')
		if err != nil {
			return nil, err
		}
		elems = append(elems, es...)
	}
	return elems, nil
}

// forwardedFor returns the for= node of one element of Forwarded: pairs
// token=value separated by ";", a value a token or a quoted string. An
// element must have exactly one for= parameter; the others (by, proto,
// host) are skipped.
func forwardedFor(e string) (node, error) {
	pairs, err := splitQuoted(e, ';')
	if err != nil {
		return node{}, err
	}
	var found *node
	for _, p := range pairs {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		key, value, ok := strings.Cut(p, "=")
		if !ok || key == "" || strings.ContainsAny(key, " \t\"") {
			return node{}, fmt.Errorf("%q is not a name=value pair", clip(p))
		}
		if !strings.EqualFold(key, "for") {
			continue
		}
		if found != nil {
			return node{}, fmt.Errorf("element %q has two for= parameters", clip(strings.TrimSpace(e)))
		}
		v, err := unquote(value)
		if err != nil {
			return node{}, err
		}
		n, err := parseNode(v, true)
		if err != nil {
			return node{}, err
		}
		found = &n
	}
	if found == nil {
		return node{}, fmt.Errorf("element %q has no for= parameter", clip(strings.TrimSpace(e)))
	}
	return *found, nil
}

// splitQuoted splits s at each sep outside a quoted string ("..." with
// backslash escapes); an unterminated quoted string is an error.
func splitQuoted(s string, sep byte) ([]string, error) {
	var parts []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == sep:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	if quoted {
		return nil, errors.New("a quoted string without its closing quote")
	}
	return append(parts, s[start:]), nil
}

// unquote returns a parameter's value: a token as it is, a quoted string
// without its quotes and escapes.
func unquote(v string) (string, error) {
	if !strings.HasPrefix(v, `"`) {
		if v == "" || strings.ContainsAny(v, " \t\"\\") {
			return "", fmt.Errorf("value %q is neither a token nor a quoted string", clip(v))
		}
		return v, nil
	}
	if len(v) < 2 || !strings.HasSuffix(v, `"`) {
		return "", fmt.Errorf("value %q: a quoted string must end with its quote", clip(v))
	}
	var b strings.Builder
	for i := 1; i < len(v)-1; i++ {
		if v[i] == '\\' {
			i++
			if i == len(v)-1 {
				return "", fmt.Errorf("value %q ends with a lone backslash", clip(v))
			}
		}
		b.WriteByte(v[i])
	}
	return b.String(), nil
}

// maxQuote is the most bytes of a header an error quotes: a client may
// send kilobytes of it.
const maxQuote = 100

// clip returns s, or its first maxQuote bytes and "..." if longer.
func clip(s string) string {
	if len(s) <= maxQuote {
		return s
	}
	return s[:maxQuote] + "..."
}
