// Package prefs keeps the player's preferences: a small TOML file, prefs.toml,
// in the client's configuration directory (Dir). Load reads it, Save writes it
// atomically; both take the directory, so tests use a temporary one.
package prefs

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"empires/shared/protocol"
)

// FileName is the name of the preferences file in its directory.
const FileName = "prefs.toml"

// DefaultAddress is the server address of a fresh install: a server on this
// machine at the dedicated server's default port.
const DefaultAddress = "localhost:7777"

// DefaultName is the player's name when the user's login name is not a valid
// player name.
const DefaultName = "Player"

// The animation speeds of the resolved turn, for Prefs.AnimSpeed.
const (
	AnimSlow   = "slow"
	AnimNormal = "normal"
	AnimFast   = "fast"
	AnimOff    = "off" // no animation: the new turn shows at once
)

// AnimSpeeds returns the animation speeds, slowest first, AnimOff last.
func AnimSpeeds() []string { return []string{AnimSlow, AnimNormal, AnimFast, AnimOff} }

// StepSeconds is how long a resolved turn's animation shows one movement
// step at animation speed speed (one of AnimSpeeds; the normal speed for
// any other); 0 for AnimOff: no animation.
func StepSeconds(speed string) float64 {
	switch speed {
	case AnimOff:
		return 0
	case AnimSlow:
		return 0.7
	case AnimFast:
		return 0.18
	}
	return 0.35
}

// DefaultUIScale is the scale of the interface of a fresh install, in per
// cent: one pixel of the layout is one pixel of the screen.
const DefaultUIScale = 100

// UIScales returns the scales the interface may be drawn at, in per cent,
// smallest first, for Prefs.UIScale.
func UIScales() []int { return []int{100, 125, 150, 200} }

// Prefs are the player's preferences.
type Prefs struct {
	// Name is the player's name, shown to the others (protocol.ValidName).
	Name string `toml:"name"`
	// Address is the server to join, as host:port or a ws:// or wss://
	// URL (CheckAddress).
	Address string `toml:"address"`
	// Grid shows the outline of every hex on the map.
	Grid bool `toml:"grid"`
	// AnimSpeed is how fast a resolved turn is animated: one of AnimSpeeds.
	AnimSpeed string `toml:"anim_speed"`
	// EdgePan scrolls the map when the mouse touches the window's edge.
	EdgePan bool `toml:"edge_pan"`
	// Fullscreen shows the game on the whole screen instead of a window.
	Fullscreen bool `toml:"fullscreen"`
	// UIScale is how large the interface is drawn, in per cent: one of
	// UIScales (200 draws every widget twice as large).
	UIScale int `toml:"ui_scale"`
	// MapWidth and MapHeight are the map size of the last game the player
	// set up, which the next set-up offers first; 0 and 0 for none yet
	// (a Medium map).
	MapWidth  int `toml:"map_width"`
	MapHeight int `toml:"map_height"`
	// Hints shows, on a game's first turn, what to do first.
	Hints bool `toml:"hints"`
	// ColourBlind draws the players in colours chosen to stay apart under
	// protanopia, deuteranopia and tritanopia (art.PaletteColourBlind)
	// instead of the standard ones.
	ColourBlind bool `toml:"colour_blind"`
}

// Default returns the preferences of a fresh install. The name is the
// user's login name ($USER) if it is a valid player name, else DefaultName.
func Default() Prefs { return defaultFor(os.Getenv("USER")) }

// defaultFor returns the default preferences for the login name user.
func defaultFor(user string) Prefs {
	name := DefaultName
	if protocol.ValidName(user) == nil {
		name = user
	}
	return Prefs{Name: name, Address: DefaultAddress, Grid: true, AnimSpeed: AnimNormal, EdgePan: false,
		Fullscreen: false, UIScale: DefaultUIScale, Hints: true}
}

// Validate checks p: a valid player name, a host:port address, a known
// animation speed, a known interface scale and a map size the protocol
// takes (or none). The error is a sentence for the player.
func (p Prefs) Validate() error {
	if err := protocol.ValidName(p.Name); err != nil {
		var pe *protocol.ProtocolError
		if errors.As(err, &pe) {
			return errors.New(pe.Message)
		}
		return err
	}
	if err := CheckAddress(p.Address); err != nil {
		return err
	}
	if !slices.Contains(AnimSpeeds(), p.AnimSpeed) {
		return fmt.Errorf("animation speed %q: want one of %s", p.AnimSpeed, strings.Join(AnimSpeeds(), ", "))
	}
	if p.MapWidth != 0 || p.MapHeight != 0 {
		side := func(n int) bool { return n >= protocol.MinMapSide && n <= protocol.MaxMapSide }
		if !side(p.MapWidth) || !side(p.MapHeight) {
			return fmt.Errorf("last map size %dx%d: want each side from %d to %d, or both 0",
				p.MapWidth, p.MapHeight, protocol.MinMapSide, protocol.MaxMapSide)
		}
	}
	if !slices.Contains(UIScales(), p.UIScale) {
		scales := make([]string, len(UIScales()))
		for i, s := range UIScales() {
			scales[i] = strconv.Itoa(s)
		}
		return fmt.Errorf("interface scale %d%%: want one of %s (per cent)", p.UIScale, strings.Join(scales, ", "))
	}
	return nil
}

// CheckAddress checks that addr is a server address the client can dial:
// host:port with a host and a port from 1 to 65535 (played over plain
// ws://), or a URL ws://host:port[/path] or wss://host[:port][/path] (a
// wss:// URL without a port has 443). The error is a sentence for the
// player.
func CheckAddress(addr string) error {
	if scheme, _, ok := strings.Cut(addr, "://"); ok {
		return checkURL(addr, strings.ToLower(scheme))
	}
	host, port, err := net.SplitHostPort(addr)
	if err == nil && host == "" {
		err = errors.New("no host")
	}
	if err == nil {
		err = checkPort(port)
	}
	if err != nil {
		return fmt.Errorf("server address %q: want host:port or wss://host, e.g. %s", addr, DefaultAddress)
	}
	return nil
}

// checkURL checks a server address given as a URL of scheme (in lower
// case).
func checkURL(addr, scheme string) error {
	bad := func(why string) error {
		return fmt.Errorf("server address %q: %s; want ws://host:port or wss://host[:port], e.g. wss://empires.example.org", addr, why)
	}
	if scheme != "ws" && scheme != "wss" {
		return bad(fmt.Sprintf("%s:// is not a websocket scheme", scheme))
	}
	u, err := url.Parse(addr)
	switch {
	case err != nil:
		return bad("not a URL")
	case u.Hostname() == "":
		return bad("no host")
	case u.User != nil:
		return bad("a user name or password does not belong in it")
	case u.RawQuery != "" || u.Fragment != "":
		return bad("no ?query or #fragment")
	case u.Port() != "" || strings.HasSuffix(u.Host, ":"):
		if checkPort(u.Port()) != nil {
			return bad("the port must be 1 to 65535")
		}
	case scheme == "ws":
		return bad("a ws:// address needs its port")
	}
	return nil
}

// checkPort checks a port number: 1 to 65535.
func checkPort(port string) error {
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return errors.New("bad port")
	}
	return nil
}

// Dir returns the directory of the preferences file: empires in the user's
// configuration directory (os.UserConfigDir).
func Dir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the preferences directory: %w", err)
	}
	return filepath.Join(dir, "empires"), nil
}

// Load reads the preferences from FileName in dir. A missing file gives
// Default() and no error; keys missing from the file keep their default
// values, and keys it does not know are ignored. A file that cannot be read
// or parsed, or holds invalid preferences, gives Default() and an error that
// names the file (and the line, for a syntax error), so the caller may report
// it and go on with the defaults.
func Load(dir string) (Prefs, error) {
	path := filepath.Join(dir, FileName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Default(), fmt.Errorf("read preferences: %w", err)
	}
	p := Default()
	if _, err := toml.Decode(string(data), &p); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Default(), fmt.Errorf("preferences %s line %d: %s", path, pe.Position.Line, pe.Message)
		}
		// A value of the wrong type: the message names the line and key.
		return Default(), fmt.Errorf("preferences %s: %s", path, strings.TrimPrefix(err.Error(), "toml: "))
	}
	if err := p.Validate(); err != nil {
		return Default(), fmt.Errorf("preferences %s: %w", path, err)
	}
	return p, nil
}

// Save validates p and writes it to FileName in dir, creating dir if need
// be. It writes a temporary file in dir and renames it over the old one, so
// the file is always whole: the old preferences or the new.
func Save(dir string, p Prefs) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("save preferences: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save preferences: %w", err)
	}
	f, err := os.CreateTemp(dir, FileName+".*.tmp")
	if err != nil {
		return fmt.Errorf("save preferences: %w", err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("save preferences to %s: %w", dir, err)
	}
	if _, err := f.WriteString("# Empires preferences, written by the game.\n"); err != nil {
		return fail(err)
	}
	if err := toml.NewEncoder(f).Encode(p); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save preferences to %s: %w", dir, err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, FileName)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save preferences to %s: %w", dir, err)
	}
	return nil
}
