package deck

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// FileExt ends the name of a saved deck's file.
const FileExt = ".deck"

// MaxNameRunes is the longest name of a saved deck.
const MaxNameRunes = 40

// Dir returns the folder of the saved decks of Empires and Generals under
// the client's configuration directory (prefs.Dir): decks/generals.
func Dir(configDir string) string { return filepath.Join(configDir, "decks", "generals") }

// Store is the player's saved decks: a folder (Dir), one NAME.deck file a
// deck, in the deck's own text (cards.Deck.Encode, cards.DecodeDeck), so
// that a player may also write one by hand or share it. Nothing here
// overwrites a file the player did not name: Save refuses a name taken
// unless told to replace it.
type Store struct {
	Dir string
}

// Saved is a saved deck as read: its name, its deck, and the problems of
// its lines (cards.DecodeDeck: a line that is no card). Err is set for a
// file that is no deck at all (unreadable, too large, not a deck's text):
// it is listed, never loaded, never overwritten.
type Saved struct {
	Name     string
	Deck     cards.Deck
	Problems []ruleset.Rejection
	Err      error
}

// Broken reports whether the file has a problem of its own (not of the
// game): a line that is no card, or no deck at all.
func (s Saved) Broken() bool { return s.Err != nil || len(s.Problems) > 0 }

// CheckName returns why name may not name a saved deck, nil if it may:
// 1 to MaxNameRunes letters, digits, spaces and - _ ' ( ) . , that does
// not start with a space or a dot nor end with a space.
func CheckName(name string) error {
	n := utf8.RuneCountInString(name)
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("a deck needs a name")
	case n > MaxNameRunes:
		return fmt.Errorf("a deck's name is at most %d characters, not %d", MaxNameRunes, n)
	case name[0] == ' ' || name[len(name)-1] == ' ':
		return errors.New("a deck's name does not start or end with a space")
	case name[0] == '.':
		return errors.New("a deck's name does not start with a dot")
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -_'().,", r) {
			return fmt.Errorf("%q may not be in a deck's name: use letters, digits, spaces and - _ ' ( ) . ,", r)
		}
	}
	return nil
}

// path returns the file of the deck name.
func (s Store) path(name string) string { return filepath.Join(s.Dir, name+FileExt) }

// List returns every saved deck, by name (case not counted). A folder
// that does not exist holds none. A file that cannot be read is listed
// with its Err.
func (s Store) List() ([]Saved, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list the saved decks: %w", err)
	}
	var out []Saved
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), FileExt)
		if !ok || e.IsDir() || CheckName(name) != nil {
			continue
		}
		out = append(out, s.read(name))
	}
	slices.SortFunc(out, func(a, b Saved) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}

// Load returns the saved deck name; an error when there is none.
func (s Store) Load(name string) (Saved, error) {
	if err := CheckName(name); err != nil {
		return Saved{}, err
	}
	if _, err := os.Stat(s.path(name)); err != nil {
		return Saved{}, fmt.Errorf("load the deck %q: %w", name, err)
	}
	return s.read(name), nil
}

// read reads the deck name's file.
func (s Store) read(name string) Saved {
	sv := Saved{Name: name}
	st, err := os.Stat(s.path(name))
	if err == nil && st.Size() > cards.MaxDeckBytes {
		err = fmt.Errorf("a file of %d bytes: a deck is at most %d", st.Size(), cards.MaxDeckBytes)
	}
	var data []byte
	if err == nil {
		data, err = os.ReadFile(s.path(name))
	}
	if err == nil {
		sv.Deck, sv.Problems, err = cards.DecodeDeck(data)
	}
	sv.Err = err
	return sv
}

// Exists returns the name of the saved deck that name would overwrite,
// its case perhaps otherwise (a folder may not tell "Huns" from "huns"),
// and whether there is one.
func (s Store) Exists(name string) (string, bool) {
	saved, _ := s.List()
	for _, sv := range saved {
		if strings.EqualFold(sv.Name, name) {
			return sv.Name, true
		}
	}
	if _, err := os.Stat(s.path(name)); err == nil {
		return name, true
	}
	return "", false
}

// Save writes d as the saved deck name, creating the folder if need be.
// A name taken (Exists) is refused unless replace. It writes a temporary
// file and renames it over the old one, so the file is always whole.
func (s Store) Save(name string, d cards.Deck, replace bool) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if old, ok := s.Exists(name); ok && !replace {
		return fmt.Errorf("there is a deck named %q already: choose another name", old)
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return fmt.Errorf("save the deck %q: %w", name, err)
	}
	f, err := os.CreateTemp(s.Dir, ".save-*.tmp")
	if err != nil {
		return fmt.Errorf("save the deck %q: %w", name, err)
	}
	tmp := f.Name()
	data := append([]byte("# "+name+": a deck of Empires and Generals\n"), d.Encode()...)
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, s.path(name))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save the deck %q: %w", name, err)
	}
	return nil
}

// Delete removes the saved deck name.
func (s Store) Delete(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if err := os.Remove(s.path(name)); err != nil {
		return fmt.Errorf("delete the deck %q: %w", name, err)
	}
	return nil
}
