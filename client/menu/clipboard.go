package menu

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Clipboard is where Ctrl+C and Ctrl+X in a text field put text and Ctrl+V
// takes it from.
type Clipboard interface {
	ReadText() (string, error)
	WriteText(s string) error
}

// clipboardTimeout is how long a clipboard command may take: the game
// waits for it (a paste is one key press), and a clipboard owner that does
// not answer must not freeze it.
const clipboardTimeout = 2 * time.Second

// SystemClipboard returns the desktop's clipboard. Ebitengine has no
// clipboard, and the cgo-free build cannot call the window system's, so it
// runs the system's clipboard commands: wl-paste and wl-copy on Wayland,
// xclip or xsel on X11, pbpaste and pbcopy on macOS, PowerShell and clip on
// Windows. When none is installed, or one fails, the text stays in a
// clipboard of the game's own: copy and paste still work inside the game.
func SystemClipboard() Clipboard {
	c := &fallbackClipboard{}
	if paste, cp, ok := clipboardCommands(runtime.GOOS, os.Getenv("WAYLAND_DISPLAY") != "", exec.LookPath); ok {
		c.system = &commandClipboard{paste: paste, copy: cp}
	}
	return c
}

// clipboardCommands returns the commands that read and write the clipboard
// on system goos (Wayland's when wayland and its tools are there), the
// first that lookPath finds; ok is false when there are none.
func clipboardCommands(goos string, wayland bool, lookPath func(string) (string, error)) (paste, copy []string, ok bool) {
	type pair struct{ paste, copy []string }
	var pairs []pair
	switch goos {
	case "darwin":
		pairs = []pair{{[]string{"pbpaste"}, []string{"pbcopy"}}}
	case "windows":
		pairs = []pair{{[]string{"powershell.exe", "-NoProfile", "-Command", "Get-Clipboard -Raw"}, []string{"clip.exe"}}}
	default:
		if wayland {
			pairs = append(pairs, pair{[]string{"wl-paste", "--no-newline"}, []string{"wl-copy"}})
		}
		pairs = append(pairs,
			pair{[]string{"xclip", "-out", "-selection", "clipboard"}, []string{"xclip", "-in", "-selection", "clipboard"}},
			pair{[]string{"xsel", "--output", "--clipboard"}, []string{"xsel", "--input", "--clipboard"}},
		)
	}
	for _, p := range pairs {
		if _, err := lookPath(p.paste[0]); err != nil {
			continue
		}
		if _, err := lookPath(p.copy[0]); err != nil {
			continue
		}
		return p.paste, p.copy, true
	}
	return nil, nil, false
}

// commandClipboard reads and writes the clipboard with commands.
type commandClipboard struct {
	paste, copy []string
}

// ReadText runs the paste command and returns what it printed.
func (c *commandClipboard) ReadText() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), clipboardTimeout)
	defer cancel()
	var out, errOut bytes.Buffer
	cmd := exec.CommandContext(ctx, c.paste[0], c.paste[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("read the clipboard with %s: %w %s", c.paste[0], err, strings.TrimSpace(errOut.String()))
	}
	return out.String(), nil
}

// WriteText runs the copy command with s as its input. Its output goes
// nowhere: xclip and xsel stay behind to serve the text to other
// programs, and would hold a pipe open.
func (c *commandClipboard) WriteText(s string) error {
	ctx, cancel := context.WithTimeout(context.Background(), clipboardTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.copy[0], c.copy[1:]...)
	cmd.Stdin = strings.NewReader(s)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("write the clipboard with %s: %w", c.copy[0], err)
	}
	return nil
}

// memoryClipboard is a clipboard of the game's own.
type memoryClipboard struct {
	text string
}

// ReadText returns the text last written.
func (m *memoryClipboard) ReadText() (string, error) { return m.text, nil }

// WriteText keeps s.
func (m *memoryClipboard) WriteText(s string) error { m.text = s; return nil }

// fallbackClipboard is the system clipboard when there is one and it
// works, and a clipboard of the game's own when not. It is used on the
// game's goroutine only.
type fallbackClipboard struct {
	system Clipboard // nil: none
	own    memoryClipboard
}

// ReadText returns the system clipboard's text, or the game's own when the
// system clipboard fails (xclip fails on an empty clipboard, too) or is
// missing.
func (f *fallbackClipboard) ReadText() (string, error) {
	if f.system != nil {
		if s, err := f.system.ReadText(); err == nil {
			return s, nil
		}
	}
	return f.own.ReadText()
}

// WriteText writes s to the game's own clipboard and to the system's, if
// any. It never fails: when the system clipboard does, the game's own has
// the text.
func (f *fallbackClipboard) WriteText(s string) error {
	f.own.text = s
	if f.system != nil {
		_ = f.system.WriteText(s)
	}
	return nil
}
