package menu

import (
	"reflect"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// inputEditor gives a text input of ebitenui v0.7 what it lacks: Ctrl+A,
// Ctrl+C, Ctrl+X and Ctrl+V (Cmd on macOS), and a right result when
// something typed, Backspace or Delete replaces a selection. The widget
// keeps its caret and selection private and cuts the selection by bytes
// where they count runes, and from the first place the selected text
// occurs rather than where it is selected: "Zoë" selected whole and
// deleted leaves a broken byte. inputEditor reads the two positions by
// reflection (TestInputEditorFields fails if a new ebitenui renames them)
// and sets the text, the caret and a whole selection through the widget's
// methods.
type inputEditor struct {
	in     *widget.TextInput
	clip   Clipboard
	secret bool // a password: never copied
	// last is the state at the end of the last update, to tell what the
	// widget did to a selection since.
	last    editState
	hasLast bool
}

// shortcutKeys are the keys that, with Ctrl (or Cmd), edit a text field.
var shortcutKeys = [...]struct {
	key ebiten.Key
	k   editKey
}{{ebiten.KeyA, editSelectAll}, {ebiten.KeyC, editCopy}, {ebiten.KeyX, editCut}, {ebiten.KeyV, editPaste}}

// update runs after the widget's own handling of the keys in each of its
// updates, while it has the focus.
func (ed *inputEditor) update() {
	if !ed.in.IsFocused() || ed.in.GetWidget().Disabled {
		ed.hasLast = false
		return
	}
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	if ed.hasLast && !ctrl {
		ed.repair(ebiten.AppendInputChars(nil),
			inpututil.IsKeyJustPressed(ebiten.KeyBackspace) || inpututil.IsKeyJustPressed(ebiten.KeyDelete))
	}
	if ctrl {
		for _, s := range shortcutKeys {
			if inpututil.IsKeyJustPressed(s.key) {
				ed.apply(s.k)
			}
		}
	}
	ed.last, ed.hasLast = ed.state(), true
}

// apply applies the shortcut k to the widget.
func (ed *inputEditor) apply(k editKey) {
	e := ed.state()
	from, _ := e.selection()
	changed, err := e.edit(k, ed.clip, ed.secret)
	if err != nil {
		return // nothing to paste; the field stays as it was
	}
	if changed {
		ed.setText(e, from)
		return
	}
	if k == editSelectAll {
		ed.in.SelectAll()
	}
}

// repair puts right what the widget did to last frame's selection when
// chars were typed over it or it was deleted (deleted set): the selection
// replaced by chars.
func (ed *inputEditor) repair(chars []rune, deleted bool) {
	lo, hi := ed.last.selection()
	if lo == hi || (len(chars) == 0 && !deleted) {
		return
	}
	want := ed.last
	want.replaceSelection(string(chars))
	if have := ed.state(); have.String() == want.String() && have.caret == want.caret {
		return
	}
	ed.setText(want, lo)
}

// setText shows e's text with e's caret, as far as the widget's validation
// allows: while it refuses the text, the runes inserted from rune from to
// the caret are dropped from the end, so a paste too long for the field is
// cut to fit; when none is left to drop, the field shows what the widget
// kept.
func (ed *inputEditor) setText(e editState, from int) {
	for {
		ed.in.SetText(e.String())
		if ed.in.GetText() == e.String() {
			break
		}
		if e.caret <= from || e.caret == 0 {
			return
		}
		e.text = append(e.text[:e.caret-1:e.caret-1], e.text[e.caret:]...)
		e.caret--
	}
	ed.in.CursorMoveStart()
	for range e.caret {
		ed.in.CursorMoveRight()
	}
}

// state returns the widget's text, caret and selection.
func (ed *inputEditor) state() editState {
	e := newEditState(ed.in.GetText())
	v := reflect.ValueOf(ed.in).Elem()
	if f := v.FieldByName("cursorPosition"); f.IsValid() && f.CanInt() {
		e.caret = int(f.Int())
	}
	if f := v.FieldByName("dragStartIndex"); f.IsValid() && f.CanInt() {
		e.anchor = int(f.Int())
	}
	e.clamp()
	return e
}
