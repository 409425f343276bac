package menu

import (
	"strings"
	"unicode"
)

// editState is a line of text being edited: its runes, the caret and the
// other end of the selection, as rune indices; anchor is -1 when nothing is
// selected. The selection runs between anchor and caret, whichever is
// first.
type editState struct {
	text   []rune
	caret  int
	anchor int
}

// newEditState returns s with the caret at its end and nothing selected.
func newEditState(s string) editState {
	r := []rune(s)
	return editState{text: r, caret: len(r), anchor: -1}
}

// String returns the text.
func (e editState) String() string { return string(e.text) }

// clamp keeps the caret and the anchor within the text.
func (e *editState) clamp() {
	e.caret = min(max(e.caret, 0), len(e.text))
	if e.anchor >= 0 {
		e.anchor = min(e.anchor, len(e.text))
	}
}

// selection returns the selected runes' range, lo == hi when none.
func (e editState) selection() (lo, hi int) {
	if e.anchor < 0 {
		return e.caret, e.caret
	}
	return min(e.anchor, e.caret), max(e.anchor, e.caret)
}

// selected returns the selected text, "" when none.
func (e editState) selected() string {
	lo, hi := e.selection()
	return string(e.text[lo:hi])
}

// selectAll selects the whole text, the caret at its end.
func (e *editState) selectAll() {
	e.anchor, e.caret = 0, len(e.text)
}

// replaceSelection puts s in place of the selection (at the caret, when
// nothing is selected); the caret follows s and nothing is selected.
func (e *editState) replaceSelection(s string) {
	lo, hi := e.selection()
	r := []rune(s)
	text := make([]rune, 0, len(e.text)-(hi-lo)+len(r))
	text = append(append(append(text, e.text[:lo]...), r...), e.text[hi:]...)
	e.text, e.caret, e.anchor = text, lo+len(r), -1
}

// editKey is an editing shortcut of a text field.
type editKey int

const (
	editSelectAll editKey = iota // Ctrl+A
	editCopy                     // Ctrl+C
	editCut                      // Ctrl+X
	editPaste                    // Ctrl+V
)

// maxPaste is the most runes a paste takes: no field holds more.
const maxPaste = 1024

// edit applies k to e, with clip as the clipboard. In a secret field (a
// password) copy and cut do nothing: a secret never goes to the clipboard.
// It reports whether the text changed; a clipboard that fails leaves e as
// it was and returns the error.
func (e *editState) edit(k editKey, clip Clipboard, secret bool) (changed bool, err error) {
	e.clamp()
	switch k {
	case editSelectAll:
		e.selectAll()
	case editCopy, editCut:
		s := e.selected()
		if s == "" || secret {
			return false, nil
		}
		if err := clip.WriteText(s); err != nil {
			return false, err
		}
		if k == editCut {
			e.replaceSelection("")
			return true, nil
		}
	case editPaste:
		s, err := clip.ReadText()
		if err != nil {
			return false, err
		}
		s = pastable(s)
		if s == "" {
			return false, nil
		}
		e.replaceSelection(s)
		return true, nil
	}
	return false, nil
}

// pastable returns s as a single-line field takes it: line breaks and tabs
// between words become spaces, those at the ends go, other control
// characters are dropped, and at most maxPaste runes are kept.
func pastable(s string) string {
	s = strings.Trim(strings.ReplaceAll(s, "\r\n", "\n"), "\r\n\t")
	var b strings.Builder
	n := 0
	for _, r := range s {
		switch {
		case r == '\r' || r == '\n' || r == '\t':
			r = ' '
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			continue
		}
		if n == maxPaste {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
