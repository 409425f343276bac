package app

import (
	"net/netip"
	"net/url"
	"strings"

	"empires/client/prefs"
	"empires/shared/conn"
	"empires/shared/protocol"
)

// ServerURL returns the websocket URL of a server address as the player
// types it on the Join screen or gives it to -autoplay-join: "host:port"
// (plain ws://), or a URL ws://host:port[/path] or wss://host[:port][/path]
// (wss:// without a port: 443; without a path: /ws). The error is a
// sentence for the player.
func ServerURL(addr string) (string, error) {
	addr = strings.TrimSpace(addr)
	if err := prefs.CheckAddress(addr); err != nil {
		return "", err
	}
	return conn.NormalizeURL(addr)
}

// PlainWarning is what the Join screen says before it sends a game's
// password to a server that is neither on this machine nor on the local
// network over plain ws:// (plainRemote). Join again sends it.
const PlainWarning = "This server is not encrypted (ws://): the password travels in clear; " +
	"ask the host for a wss:// address. Press Join again to send it anyway."

// plainRemote reports whether the server at the websocket URL u is
// reached unencrypted (ws://) and is neither on this machine nor on the
// local network (localHost).
func plainRemote(u string) bool {
	p, err := url.Parse(u)
	return err == nil && strings.EqualFold(p.Scheme, "ws") && !localHost(p.Hostname())
}

// localHost reports whether host, an address or a name, is on this
// machine or the local network: a loopback, private (RFC 1918, fc00::/7),
// link-local or unspecified address, or a name that is "localhost", has a
// single label (a name of the local network's), or ends in .localhost,
// .local (multicast DNS), .lan, .home.arpa or .internal. Other names are
// taken as the internet's: they are not looked up.
func localHost(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if a, err := netip.ParseAddr(h); err == nil {
		a = a.Unmap()
		return a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsUnspecified()
	}
	if h == "" || !strings.Contains(h, ".") {
		return true
	}
	for _, suffix := range []string{".localhost", ".local", ".lan", ".home.arpa", ".internal"} {
		if strings.HasSuffix(h, suffix) {
			return true
		}
	}
	return false
}

// joinGame is the Join screen's Join and Watch: it sends JoinGame, unless
// it carries a password for a server reached unencrypted over the
// internet (plainRemote) and the player has not yet been warned for this
// game: then it shows PlainWarning and holds the password back; Join again
// sends it.
func (a *App) joinGame(g protocol.GameID, password string, spectate bool) {
	if password != "" && plainRemote(a.joinURL) && a.warned != g {
		a.warned = g
		if a.join != nil {
			a.join.SetError(PlainWarning)
		}
		return
	}
	a.send(&protocol.JoinGame{Game: g, Password: password, Spectate: spectate})
}
