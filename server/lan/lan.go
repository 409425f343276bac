// Package lan finds Empires servers on the local network. A server
// advertises itself with Advertise; a client lists the servers that answer
// with Browse.
//
// It speaks multicast DNS service discovery (RFC 6762 and 6763): the
// service is _empires._tcp.local., each server one instance of it. Its SRV
// record gives the websocket port and its TXT record the rest (see Info),
// read afresh for each query, so the counts of games and open seats are
// current. Browse sends one query to 224.0.0.251:5353 out of every
// multicast interface from a port of its own and takes the answers sent
// back to that port (RFC 6762 section 6.7): a server's address is where its
// answer came from, and its ping the time the answer took.
//
//	adv, err := lan.Advertise(lan.Config{Name: "Ann's server", Port: 7777,
//		Rulesets: []string{"erfworld"}, Stats: func() lan.Stats { ... }})
//	...
//	defer adv.Close()
//
//	servers, err := lan.Browse(ctx, time.Second)
//	for _, s := range servers {
//		fmt.Println(s.Name, s.Addr, s.OpenSeats, s.Ping)
//	}
package lan

import (
	"strconv"
	"strings"
)

// Service is the DNS-SD service type Empires servers advertise.
const Service = "_empires._tcp"

// domain is the multicast DNS domain.
const domain = "local."

// serviceName is the fully qualified name a browse asks for.
const serviceName = Service + "." + domain

// DefaultPath is the websocket endpoint of an Empires server.
const DefaultPath = "/ws"

// Stats are the counts of an advertised server that change while it runs.
type Stats struct {
	Games     int // games open or running
	OpenSeats int // seats for people that nobody holds, over all games
}

// Info is what a server advertises about itself.
type Info struct {
	Name     string   // the server's name, as Welcome gives it
	Port     int      // the port of its websocket endpoint
	Path     string   // the websocket endpoint's path: DefaultPath
	Version  int      // the protocol version it speaks
	Rulesets []string // the rulesets its games may play, the default first
	Stats
}

// TXT record keys.
const (
	keyName     = "name"
	keyPath     = "path"
	keyVersion  = "version"
	keyRulesets = "rulesets"
	keyGames    = "games"
	keyOpen     = "open"
)

// maxTXTString is the longest string of a TXT record, in bytes.
const maxTXTString = 255

// txt returns info's TXT record strings (the port goes in the SRV record).
func (info Info) txt() []string {
	kv := func(k, v string) string {
		s := k + "=" + v
		if len(s) > maxTXTString {
			s = cutBytes(s, maxTXTString)
		}
		return s
	}
	return []string{
		kv(keyName, info.Name),
		kv(keyPath, info.Path),
		kv(keyVersion, strconv.Itoa(info.Version)),
		kv(keyRulesets, strings.Join(info.Rulesets, ",")),
		kv(keyGames, strconv.Itoa(info.Games)),
		kv(keyOpen, strconv.Itoa(info.OpenSeats)),
	}
}

// parseTXT reads what txt wrote into info, keeping the port. Unknown keys
// are skipped and bad numbers read as 0, so that servers of other versions
// still show.
func parseTXT(txt []string, port int) Info {
	info := Info{Port: port, Path: DefaultPath}
	for _, s := range txt {
		k, v, _ := strings.Cut(s, "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case keyName:
			info.Name = v
		case keyPath:
			if strings.HasPrefix(v, "/") {
				info.Path = v
			}
		case keyVersion:
			info.Version = n
		case keyRulesets:
			if v != "" {
				info.Rulesets = strings.Split(v, ",")
			}
		case keyGames:
			info.Games = max(n, 0)
		case keyOpen:
			info.OpenSeats = max(n, 0)
		}
	}
	return info
}

// cutBytes cuts s to at most n bytes without splitting a UTF-8 character.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// label returns s as a DNS label of at most n bytes that needs no
// escaping: ASCII letters and digits, other runs of characters as one "-".
func label(s string, n int) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		ok := r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= n {
			break
		}
	}
	return strings.Trim(cutBytes(b.String(), n), "-")
}
