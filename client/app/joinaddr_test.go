package app

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/protocol"
)

// TestServerURL: the Join screen's address field and -autoplay-join take
// host:port (plain ws://), and ws:// and wss:// URLs; anything else gets
// a sentence saying what is wrong.
func TestServerURL(t *testing.T) {
	for _, tt := range []struct {
		have string
		want string // the URL, or a part of the error
	}{
		{"localhost:7777", "ws://localhost:7777/ws"},
		{" 192.168.1.20:7000 ", "ws://192.168.1.20:7000/ws"},
		{"[::1]:7777", "ws://[::1]:7777/ws"},
		{"wss://empires.example.org", "wss://empires.example.org/ws"},
		{"wss://empires.example.org:8443", "wss://empires.example.org:8443/ws"},
		{"wss://empires.example.org/ws", "wss://empires.example.org/ws"},
		{"WSS://empires.example.org/games/ws", "wss://empires.example.org/games/ws"},
		{"ws://203.0.113.5:7777/ws", "ws://203.0.113.5:7777/ws"},
		{"ws://203.0.113.5:7777", "ws://203.0.113.5:7777/ws"},
		{"empires.example.org", `server address "empires.example.org": want host:port or wss://host`},
		{"localhost:0", "want host:port"},
		{"ws://203.0.113.5", "a ws:// address needs its port"},
		{"https://empires.example.org", "https:// is not a websocket scheme"},
		{"wss://empires.example.org:99999", "the port must be 1 to 65535"},
		{"wss://ann:secret@empires.example.org", "a user name or password does not belong in it"},
		{"wss://empires.example.org/ws?token=x", "no ?query or #fragment"},
		{"", "want host:port"},
	} {
		have, err := ServerURL(tt.have)
		if err != nil {
			have = err.Error()
		}
		if !strings.Contains(have, tt.want) || err == nil && have != tt.want {
			t.Errorf("ServerURL(%q) = %q, want %q", tt.have, have, tt.want)
		}
	}
}

// TestPlainRemote: the warning is for plain ws:// to a server that is
// neither on this machine nor on the local network; wss:// never warns.
func TestPlainRemote(t *testing.T) {
	for _, tt := range []struct {
		have string
		want bool
	}{
		{"ws://203.0.113.5:7777/ws", true},
		{"ws://empires.example.org:7777/ws", true},
		{"ws://[2001:db8::5]:7777/ws", true},
		{"wss://empires.example.org/ws", false},
		{"wss://203.0.113.5:7777/ws", false},
		{"ws://127.0.0.1:7777/ws", false},
		{"ws://localhost:7777/ws", false},
		{"ws://[::1]:7777/ws", false},
		{"ws://192.168.1.20:7777/ws", false},
		{"ws://10.0.0.7:7777/ws", false},
		{"ws://172.16.3.4:7777/ws", false},
		{"ws://[fd00::7]:7777/ws", false},
		{"ws://[fe80::1]:7777/ws", false},
		{"ws://gamebox:7777/ws", false},
		{"ws://gamebox.local:7777/ws", false},
		{"ws://gamebox.lan.:7777/ws", false},
		{"ws://box.home.arpa:7777/ws", false},
	} {
		if have := plainRemote(tt.have); have != tt.want {
			t.Errorf("plainRemote(%q) = %v, want %v", tt.have, have, tt.want)
		}
	}
}

// TestPlainWarning: joining a game with a password over plain ws:// to a
// server on the internet shows the warning on the Join screen and sends
// nothing; Join again sends the password and the player is seated. On a
// server of this machine the first Join sends it, with no warning.
func TestPlainWarning(t *testing.T) {
	h, _, _ := testApp(t)
	srv := startHost(t, h.opts.Rulesets, h.opts.Rulesets)
	h.showJoin()
	h.Connect(srv.Addr().String())
	settle(t, h, "the host connects", func() bool { return h.conn != nil })
	h.createHere(protocol.Settings{Name: "locked", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 3, Password: "pw"})
	settle(t, h, "the host's game", func() bool { return h.joined != nil })
	id := h.joined.Game

	local, _, _ := testApp(t)
	local.showJoin()
	local.Connect(srv.Addr().String())
	settle(t, local, "connect", func() bool { return local.conn != nil })
	local.joinGame(id, "pw", false)
	if s := local.join.Status(); strings.Contains(s, "not encrypted") {
		t.Fatalf("joining a server on this machine: the Join screen says %q", s)
	}
	settle(t, local, "join on this machine", func() bool { return local.joined != nil })

	far, _, _ := testApp(t)
	far.showJoin()
	far.Connect(srv.Addr().String())
	settle(t, far, "connect", func() bool { return far.conn != nil })
	// The address typed stands for a server on the internet reached over
	// ws:// (the socket is to the test's own server).
	far.joinURL = "ws://empires.example.org:7777/ws"
	far.joinGame(id, "pw", false)
	if s := far.join.Status(); s != PlainWarning {
		t.Fatalf("joining with a password over plain ws:// to the internet: the Join screen says %q, want %q", s, PlainWarning)
	}
	if !strings.Contains(strings.ToLower(PlainWarning), "this server is not encrypted (ws://): the password travels in clear; ask the host for a wss:// address") {
		t.Fatalf("the warning %q does not say what the player must know", PlainWarning)
	}
	far.joinGame(id, "pw", false) // Join again: the player goes on
	settle(t, far, "join after the warning", func() bool { return far.joined != nil })
}

// TestPlainWarningDrawn draws the Join screen with the warning at 1024x768
// and 1920x1080: the warning is drawn in the error colour, whole (the
// status line wraps it), inside the window.
func TestPlainWarningDrawn(t *testing.T) {
	a, _, _ := testApp(t)
	a.showJoin()
	a.joinURL = "ws://empires.example.org:7777/ws"
	a.joinGame(1, "pw", false)
	for _, size := range []image.Point{{1024, 768}, {1920, 1080}} {
		var img *image.RGBA
		onFrame(t, func() {
			a.Layout(size.X, size.Y)
			dst := ebiten.NewImage(size.X, size.Y)
			defer dst.Deallocate()
			for range 3 {
				_ = a.Update()
				a.redraw, a.uiDirty = true, true
				dst.Clear()
				a.Draw(dst)
			}
			img = image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
			dst.ReadPixels(img.Pix)
		})
		saveShot(t, img, fmt.Sprintf("join-plain-warning-%dx%d.png", size.X, size.Y))
		want := a.theme.Palette().Error
		var box image.Rectangle
		for y := range size.Y {
			for x := range size.X {
				if near(img.At(x, y), want) {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		// Two lines of text at least: the warning does not fit on one line
		// of the status line.
		if box.Dx() < 200 || box.Dy() < 20 || !box.In(image.Rect(0, 0, size.X, size.Y)) {
			t.Errorf("at %v the warning's text covers %v, want two lines or more inside the window", size, box)
		}
	}
}
