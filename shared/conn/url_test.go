package conn

import (
	"strings"
	"testing"
)

func TestNormalizeURL(t *testing.T) {
	tests := []struct {
		have string
		want string // the URL, or the error's text if wantErr
		err  bool
	}{
		{"localhost", "ws://localhost:7777/ws", false},
		{"  localhost  ", "ws://localhost:7777/ws", false},
		{"localhost:8000", "ws://localhost:8000/ws", false},
		{"192.168.1.5", "ws://192.168.1.5:7777/ws", false},
		{"192.168.1.5:9", "ws://192.168.1.5:9/ws", false},
		{"::1", "ws://[::1]:7777/ws", false},
		{"[::1]", "ws://[::1]:7777/ws", false},
		{"[::1]:8000", "ws://[::1]:8000/ws", false},
		{"game.example.org", "ws://game.example.org:7777/ws", false},
		{"ws://host", "ws://host:7777/ws", false},
		{"ws://host/", "ws://host:7777/ws", false},
		{"ws://host:1234", "ws://host:1234/ws", false},
		{"ws://host:1234/ws", "ws://host:1234/ws", false},
		{"WS://host:1234/ws", "ws://host:1234/ws", false},
		{"ws://host:1234/empires/ws?x=1", "ws://host:1234/empires/ws?x=1", false},
		{"host:1234/ws", "ws://host:1234/ws", false},
		{"http://host:1234", "ws://host:1234/ws", false},
		{"wss://game.example.org", "wss://game.example.org/ws", false},
		{"https://game.example.org:8443/ws", "wss://game.example.org:8443/ws", false},
		{"", "no server address", true},
		{"   ", "no server address", true},
		{"ftp://host", `scheme "ftp": want ws:// or wss://`, true},
		{"ws://", "no host name", true},
		{":7777", "no host name", true},
		{"host:0", `port "0": want 1 to 65535`, true},
		{"host:70000", `port "70000": want 1 to 65535`, true},
		{"host:", "no port after the colon", true},
		{"host:port", "invalid port", true},
		{"ws://bob:secret@host", "a user name or password", true},
	}
	for _, tt := range tests {
		have, err := NormalizeURL(tt.have)
		switch {
		case tt.err && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("NormalizeURL(%q): have %q, %v; want an error with %q", tt.have, have, err, tt.want)
		case !tt.err && (err != nil || have != tt.want):
			t.Errorf("NormalizeURL(%q): have %q, %v; want %q", tt.have, have, err, tt.want)
		}
	}
}
