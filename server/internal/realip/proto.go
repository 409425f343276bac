package realip

import (
	"net/http"
	"net/netip"
	"strings"
)

// HTTPS reports whether the client of a request that came from peer with
// header h spoke HTTPS to the proxy in front: peer is one of the proxies
// and the last proxy's word for it says so (the proto= of the last
// Forwarded element, else the last X-Forwarded-Proto value, "https" or
// "wss"). A request from anyone else, or without such a header, did not
// come over TLS as far as the proxies tell: what its own connection says
// (http.Request.TLS) is the caller's to add.
func (ps Proxies) HTTPS(peer string, h http.Header) bool {
	if len(ps) == 0 {
		return false
	}
	from, err := netip.ParseAddrPort(peer)
	if err != nil || !ps.Trusts(from.Addr()) {
		return false
	}
	secure := func(v string) bool {
		v = strings.ToLower(strings.Trim(strings.TrimSpace(v), `"`))
		return v == "https" || v == "wss"
	}
	if fwd := h.Values("Forwarded"); len(fwd) > 0 {
		elems, err := forwardedElements(fwd)
		if err != nil || len(elems) == 0 {
			return false
		}
		pairs, err := splitQuoted(elems[len(elems)-1], ';')
		if err != nil {
			return false
		}
		for _, p := range pairs {
			if key, value, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(key, "proto") {
				return secure(value)
			}
		}
	}
	if xfp := h.Values("X-Forwarded-Proto"); len(xfp) > 0 {
		last := xfp[len(xfp)-1]
		if i := strings.LastIndexByte(last, ','); i >= 0 {
			last = last[i+1:]
		}
		return secure(last)
	}
	return false
}
