package menu

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
)

// failingClipboard is a clipboard that cannot be read or written.
type failingClipboard struct{}

func (failingClipboard) ReadText() (string, error) { return "", errors.New("no clipboard") }
func (failingClipboard) WriteText(string) error    { return errors.New("no clipboard") }

func TestEditState(t *testing.T) {
	tests := []struct {
		name          string
		text          string
		caret, anchor int
		key           editKey
		secret        bool
		clip          string // the clipboard before
		want          string
		wantCaret     int
		wantAnchor    int
		wantClip      string // the clipboard after
		wantChanged   bool
	}{
		{"select all", "Zoë", 1, -1, editSelectAll, false, "", "Zoë", 3, 0, "", false},
		{"select all of nothing", "", 0, -1, editSelectAll, false, "", "", 0, 0, "", false},
		{"copy a selection", "Zoë", 3, 2, editCopy, false, "old", "Zoë", 3, 2, "ë", false},
		{"copy a selection made leftwards", "Zoë Ann", 0, 3, editCopy, false, "", "Zoë Ann", 0, 3, "Zoë", false},
		{"copy nothing selected", "Zoë", 1, -1, editCopy, false, "old", "Zoë", 1, -1, "old", false},
		{"cut where the text first occurs later", "aXa", 3, 2, editCut, false, "", "aX", 2, -1, "a", true},
		{"cut all", "Zoë", 3, 0, editCut, false, "", "", 0, -1, "Zoë", true},
		{"paste over a selection", "aXa", 0, 1, editPaste, false, "bb", "bbXa", 2, -1, "bb", true},
		{"paste at the caret", "Zoë", 2, -1, editPaste, false, "ë", "Zoëë", 3, -1, "ë", true},
		{"paste lines", "", 0, -1, editPaste, false, "10.0.0.2:7777\r\n", "10.0.0.2:7777", 13, -1, "10.0.0.2:7777\r\n", true},
		{"paste empty", "ab", 1, -1, editPaste, false, "", "ab", 1, -1, "", false},
		{"no copy from a secret", "hunter2", 7, 0, editCopy, true, "old", "hunter2", 7, 0, "old", false},
		{"no cut from a secret", "hunter2", 7, 0, editCut, true, "old", "hunter2", 7, 0, "old", false},
		{"paste into a secret", "", 0, -1, editPaste, true, "hunter2", "hunter2", 7, -1, "hunter2", true},
		{"caret past the end", "ab", 9, -1, editPaste, false, "c", "abc", 3, -1, "c", true},
	}
	for _, tt := range tests {
		clip := &memoryClipboard{text: tt.clip}
		e := editState{text: []rune(tt.text), caret: tt.caret, anchor: tt.anchor}
		changed, err := e.edit(tt.key, clip, tt.secret)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if e.String() != tt.want || e.caret != tt.wantCaret || e.anchor != tt.wantAnchor || clip.text != tt.wantClip || changed != tt.wantChanged {
			t.Errorf("%s:\nhave %q caret %d anchor %d clipboard %q changed %v\nwant %q caret %d anchor %d clipboard %q changed %v",
				tt.name, e.String(), e.caret, e.anchor, clip.text, changed, tt.want, tt.wantCaret, tt.wantAnchor, tt.wantClip, tt.wantChanged)
		}
	}

	// A clipboard that fails changes nothing and says so.
	for _, k := range []editKey{editCopy, editCut, editPaste} {
		e := editState{text: []rune("Zoë"), caret: 3, anchor: 0}
		if changed, err := e.edit(k, failingClipboard{}, false); changed || err == nil || e.String() != "Zoë" {
			t.Errorf("key %d with a failing clipboard: %q, changed %v, error %v", k, e.String(), changed, err)
		}
	}
}

func TestPastable(t *testing.T) {
	tests := []struct{ have, want string }{
		{"plain", "plain"},
		{"line\n", "line"},
		{"\r\nline\r\n\r\n", "line"},
		{"two\nlines", "two lines"},
		{"two\r\nlines", "two lines"},
		{"tab\there", "tab here"},
		{"bell\aand nul\x00", "belland nul"},
		{"Zoë ✓", "Zoë ✓"},
		{strings.Repeat("x", 2*maxPaste), strings.Repeat("x", maxPaste)},
	}
	for _, tt := range tests {
		if have := pastable(tt.have); have != tt.want {
			t.Errorf("pastable(%q) = %q, want %q", tt.have, have, tt.want)
		}
	}
}

func TestClipboardCommands(t *testing.T) {
	has := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			if slices.Contains(names, n) {
				return "/usr/bin/" + n, nil
			}
			return "", errors.New("not found")
		}
	}
	tests := []struct {
		name      string
		goos      string
		wayland   bool
		lookPath  func(string) (string, error)
		wantPaste string // "" for none
	}{
		{"Wayland", "linux", true, has("wl-paste", "wl-copy", "xclip"), "wl-paste"},
		{"Wayland without its tools", "linux", true, has("xclip"), "xclip"},
		{"X11 with both", "linux", false, has("wl-paste", "wl-copy", "xclip", "xsel"), "xclip"},
		{"X11 with xsel", "freebsd", false, has("xsel"), "xsel"},
		{"half a pair", "linux", true, has("wl-paste"), ""},
		{"nothing", "linux", false, has(), ""},
		{"macOS", "darwin", false, has("pbpaste", "pbcopy"), "pbpaste"},
		{"Windows", "windows", false, has("powershell.exe", "clip.exe"), "powershell.exe"},
	}
	for _, tt := range tests {
		paste, cp, ok := clipboardCommands(tt.goos, tt.wayland, tt.lookPath)
		switch {
		case tt.wantPaste == "" && ok:
			t.Errorf("%s: commands %q and %q, want none", tt.name, paste, cp)
		case tt.wantPaste != "" && (!ok || paste[0] != tt.wantPaste || len(cp) == 0):
			t.Errorf("%s: commands %q and %q (ok %v), want %s", tt.name, paste, cp, ok, tt.wantPaste)
		}
	}
}

func TestFallbackClipboard(t *testing.T) {
	none := &fallbackClipboard{}
	if err := none.WriteText("a"); err != nil {
		t.Fatal(err)
	}
	if s, err := none.ReadText(); s != "a" || err != nil {
		t.Errorf("without a system clipboard: read %q, %v; want the game's own \"a\"", s, err)
	}
	broken := &fallbackClipboard{system: failingClipboard{}}
	if err := broken.WriteText("b"); err != nil {
		t.Errorf("a failing system clipboard: write gave %v, want the game's own to take it", err)
	}
	if s, _ := broken.ReadText(); s != "b" {
		t.Errorf("a failing system clipboard: read %q, want \"b\"", s)
	}
	sys := &memoryClipboard{}
	working := &fallbackClipboard{system: sys}
	_ = working.WriteText("c")
	sys.text = "from another program"
	if s, _ := working.ReadText(); s != "from another program" || working.own.text != "c" {
		t.Errorf("a working system clipboard: read %q, own %q", s, working.own.text)
	}
}

// newTestInput returns a text input of th with a clipboard of its own,
// focused, and its editor.
func newTestInput(t *testing.T, secret bool, opts ...widget.TextInputOpt) (*inputEditor, *memoryClipboard) {
	t.Helper()
	th := newTestTheme(t)
	clip := &memoryClipboard{}
	th.clipboard = clip
	ed := th.newInput(200, secret, opts...)
	ed.in.Validate()
	ed.in.Focus(true)
	return ed, clip
}

// TestInputEditorFields: the editor reads the widget's caret and selection;
// a version of ebitenui that renamed its fields would fail here.
func TestInputEditorFields(t *testing.T) {
	ed, _ := newTestInput(t, false)
	ed.in.SetText("Zoë Ann")
	ed.in.CursorMoveStart()
	ed.in.CursorMoveRight()
	if e := ed.state(); e.caret != 1 || e.anchor != -1 {
		t.Errorf("caret one right of the start, nothing selected: read caret %d, anchor %d", e.caret, e.anchor)
	}
	ed.in.SelectAll()
	if e := ed.state(); e.caret != 7 || e.anchor != 0 {
		t.Errorf("all selected: read caret %d, anchor %d; want 7 and 0", e.caret, e.anchor)
	}
}

// TestInputEditor: the shortcuts on a real text input, with a clipboard of
// the test's own.
func TestInputEditor(t *testing.T) {
	ed, clip := newTestInput(t, false)
	in := ed.in
	in.SetText("Zoë Ann")
	ed.apply(editSelectAll)
	ed.apply(editCopy)
	if clip.text != "Zoë Ann" {
		t.Errorf("Ctrl+A, Ctrl+C: clipboard %q", clip.text)
	}
	ed.apply(editCut)
	if in.GetText() != "" || clip.text != "Zoë Ann" {
		t.Errorf("Ctrl+X: field %q, clipboard %q", in.GetText(), clip.text)
	}
	ed.apply(editPaste)
	ed.apply(editPaste)
	if e := ed.state(); in.GetText() != "Zoë AnnZoë Ann" || e.caret != 14 || e.anchor != -1 {
		t.Errorf("Ctrl+V twice: field %q, caret %d, anchor %d", in.GetText(), e.caret, e.anchor)
	}
	// Paste in the middle.
	in.SetText("ab")
	in.CursorMoveStart()
	in.CursorMoveRight()
	clip.text = "ë"
	ed.apply(editPaste)
	if e := ed.state(); in.GetText() != "aëb" || e.caret != 2 {
		t.Errorf("paste between a and b: field %q, caret %d", in.GetText(), e.caret)
	}

	// A paste too long for the field is cut to fit.
	short, clip2 := newTestInput(t, false, widget.TextInputOpts.Validation(maxRunes(5)))
	short.in.SetText("ab")
	short.in.CursorMoveStart()
	clip2.text = "12345678"
	short.apply(editPaste)
	if e := short.state(); short.in.GetText() != "123ab" || e.caret != 3 {
		t.Errorf("pasting 8 runes into a field of 5 holding 2: %q, caret %d; want \"123ab\" and 3", short.in.GetText(), e.caret)
	}

	// A secret is never copied.
	pw, clip3 := newTestInput(t, true)
	pw.in.SetText("hunter2")
	clip3.text = "old"
	pw.apply(editSelectAll)
	pw.apply(editCopy)
	pw.apply(editCut)
	if clip3.text != "old" || pw.in.GetText() != "hunter2" {
		t.Errorf("copy and cut of a password: clipboard %q, field %q", clip3.text, pw.in.GetText())
	}
}

// TestInputEditorRepair: typing over a selection, or deleting it, gives the
// text with the selection replaced, where the widget alone cuts it by bytes.
func TestInputEditorRepair(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		do      func(in *widget.TextInput)
		chars   string
		deleted bool
		want    string
	}{
		{"type over all", "Zoë", func(in *widget.TextInput) { in.Insert("x") }, "x", false, "x"},
		{"backspace over all", "Zoë", func(in *widget.TextInput) { in.Backspace() }, "", true, ""},
		{"delete over all", "Ærøskøbing", func(in *widget.TextInput) { in.Delete() }, "", true, ""},
		{"type over all, ASCII", "Ann", func(in *widget.TextInput) { in.Insert("B") }, "B", false, "B"},
	}
	for _, tt := range tests {
		ed, _ := newTestInput(t, false)
		ed.in.SetText(tt.text)
		ed.apply(editSelectAll)
		ed.last, ed.hasLast = ed.state(), true
		tt.do(ed.in) // what the widget does with the key
		ed.repair([]rune(tt.chars), tt.deleted)
		if e := ed.state(); ed.in.GetText() != tt.want || e.caret != len([]rune(tt.want)) || e.anchor != -1 {
			t.Errorf("%s: field %q, caret %d, anchor %d; want %q, the caret at its end", tt.name, ed.in.GetText(), e.caret, e.anchor, tt.want)
		}
	}
}
