package conn

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// DefaultPort is the port an Empires server listens on unless told
// otherwise.
const DefaultPort = 7777

// NormalizeURL returns the websocket URL of the server at addr, which may
// be a full URL (ws://host:port/ws) or what a player types: "host:port" or
// "host" (a name, an IPv4 address or an IPv6 one, bracketed or not). It
// fills in the scheme ws://, the port DefaultPort and the path /ws; http://
// and https:// become ws:// and wss://, and a wss:// URL without a port
// keeps the scheme's own (443). It returns an error saying what is wrong
// with an address it cannot use.
func NormalizeURL(addr string) (string, error) {
	s := strings.TrimSpace(addr)
	if s == "" {
		return "", errors.New("no server address: give host or host:port")
	}
	if ip := net.ParseIP(s); ip != nil && strings.Contains(s, ":") {
		s = "[" + s + "]" // a bare IPv6 address
	}
	if !strings.Contains(s, "://") {
		s = "ws://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("server address %q: %w", addr, err)
	}
	switch strings.ToLower(u.Scheme) {
	case "ws", "http":
		u.Scheme = "ws"
	case "wss", "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("server address %q: scheme %q: want ws:// or wss://", addr, u.Scheme)
	}
	if u.User != nil {
		return "", fmt.Errorf("server address %q: a user name or password does not belong in it", addr)
	}
	if u.Hostname() == "" {
		return "", fmt.Errorf("server address %q: no host name", addr)
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("server address %q: port %q: want 1 to 65535", addr, p)
		}
	} else if strings.HasSuffix(u.Host, ":") {
		return "", fmt.Errorf("server address %q: no port after the colon", addr)
	} else if u.Scheme == "ws" {
		u.Host = net.JoinHostPort(u.Hostname(), strconv.Itoa(DefaultPort))
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/ws"
	}
	u.Fragment = ""
	return u.String(), nil
}
