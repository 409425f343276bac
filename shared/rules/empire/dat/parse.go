package dat

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The names of the three data files, as Parse, Load and bundles know them.
const (
	UnitsFile   = "units.dat"
	TerrainFile = "terrain.dat"
	GameFile    = "game.dat"
)

// MaxUnits is the most units units.dat may define.
const MaxUnits = 64

// maxFields is the most fields a line may have: a unit's line with all
// its attributes has fewer than 40.
const maxFields = 64

// maxErrors is the most problems Parse reports; a file broken on every line
// is not worth a thousand messages.
const maxErrors = 20

// FileNames returns the three data files' names in the fixed order of a
// bundle: units.dat, terrain.dat, game.dat.
func FileNames() []string { return []string{UnitsFile, TerrainFile, GameFile} }

// Error is one problem in a data file. Line and Col are 1-based (Col counts
// bytes); both are 0 for a problem of the whole file (a missing line or key,
// no unit a town can build). Every error Parse, ParseBundle and Load report
// about a file's content is an *Error, or several joined with errors.Join.
type Error struct {
	File      string
	Line, Col int
	// Problem says what is wrong, naming the column or key and quoting the
	// value: `hp "x": want a whole number 1 to 99`.
	Problem string
}

// Error formats the problem as "file:line:col: problem", or "file: problem"
// for a problem of the whole file.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Problem
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Problem)
}

// Parse reads the three data files, keyed by name (UnitsFile, TerrainFile,
// GameFile), and returns their data, checked within each file and across
// them: a town can build at least one unit that moves on land, and every
// unit game.dat names exists (the names are kept as units.dat spells them;
// game.dat may write them in any case). A missing or unknown file name is
// an error.
// Problems are reported as *Error values (up to 20 of them, joined), in the
// order of the files and their lines; after the 20th Parse stops.
func Parse(files map[string][]byte) (*Data, error) {
	var errs errList
	names := FileNames()
	for _, name := range sortedKeys(files) {
		if !contains(names, name) {
			errs.add(&Error{File: name, Problem: fmt.Sprintf("unknown data file: want %s", strings.Join(names, ", "))})
		}
	}
	for _, name := range names {
		if _, ok := files[name]; !ok {
			errs.add(&Error{File: name, Problem: "missing"})
		}
	}
	if errs.err() != nil {
		return nil, errs.err()
	}
	d := &Data{}
	parseUnits(files[UnitsFile], d, &errs)
	parseTerrain(files[TerrainFile], d, &errs)
	refs := parseGame(files[GameFile], d, &errs)
	if errs.err() != nil {
		return nil, errs.err()
	}
	crossCheck(d, refs, &errs)
	if err := errs.err(); err != nil {
		return nil, err
	}
	return d, nil
}

// Load reads the three data files from fsys (what rules.OpenSource returns:
// the built-in files, each perhaps replaced by a mod's), parses them with
// Parse and returns the data and the bundle of the files' bytes (Bundle), the
// bytes a server sends its clients and hashes.
func Load(fsys fs.FS) (*Data, []byte, error) {
	files := make(map[string][]byte, 3)
	for _, name := range FileNames() {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, nil, fmt.Errorf("empire data: %w", err)
		}
		files[name] = b
	}
	d, err := Parse(files)
	if err != nil {
		return nil, nil, err
	}
	return d, Bundle(files), nil
}

// crossCheck checks the rules between the files: refs are the unit names
// game.dat uses, with their places.
func crossCheck(d *Data, refs []unitRef, errs *errList) {
	town := false
	for i := range d.Units {
		if u := &d.Units[i]; !u.CityOnly && u.Land() {
			town = true
			break
		}
	}
	if !town {
		// "towns: ... all units without "*" (no sea units, if not adjacent
		// to a sea square)": an inland town needs a unit without "*" that
		// moves on land.
		errs.add(&Error{File: UnitsFile, Problem: `no unit a town can build: want at least one unit without "*" that moves on land (an inland town builds no sea units)`})
	}
	for _, r := range refs {
		list := d.Game.StartUnits
		if r.key == "neutral.garrison" {
			list = d.Game.NeutralGarrison
		}
		k, ok := d.Kind(list[r.index])
		if !ok {
			errs.add(&Error{File: GameFile, Line: r.line, Col: r.col,
				Problem: fmt.Sprintf("%s %q: no such unit in %s", r.key, list[r.index], UnitsFile)})
			continue
		}
		list[r.index] = d.Units[k].Name // as units.dat spells it
	}
}

// unitRef is a unit name game.dat uses, checked against units.dat: the
// index-th name of the list under key, at line:col.
type unitRef struct {
	key       string
	index     int
	line, col int
}

// errList collects up to maxErrors problems; the parsers stop at that.
type errList struct {
	errs []error
}

func (l *errList) add(e *Error) {
	if len(l.errs) < maxErrors {
		l.errs = append(l.errs, e)
	}
}

// full reports whether no more problems are kept; parsers stop then.
func (l *errList) full() bool { return len(l.errs) >= maxErrors }

func (l *errList) err() error {
	switch {
	case len(l.errs) == 0:
		return nil
	case len(l.errs) == 1:
		return l.errs[0]
	case l.full():
		return errors.Join(append(l.errs[:len(l.errs):len(l.errs)], fmt.Errorf("stopped after %d problems", maxErrors))...)
	}
	return errors.Join(l.errs...)
}

// field is one whitespace-separated word of a line and its 1-based byte
// column.
type field struct {
	text string
	col  int
}

// end returns the column just after f.
func (f field) end() int { return f.col + len(f.text) }

// scanner walks a file's lines, skipping blank lines and comments (lines
// whose first character that is not a space is "#"), and splits each line
// into fields separated by spaces and tabs. A trailing carriage return is
// dropped, so files saved with CRLF line ends read the same.
type scanner struct {
	file string
	src  string
	pos  int
	// n is the current line's number, text its text and fields its
	// fields (the slice is reused from line to line).
	n      int
	text   string
	fields []field
	// bad is set when the current line holds a byte no field may hold
	// (invalid UTF-8, a control character); its fields are then empty.
	bad *Error
}

func newScanner(file string, src []byte) *scanner {
	return &scanner{file: file, src: string(src)}
}

// next moves to the next line that is neither blank nor a comment and
// reports whether there is one.
func (s *scanner) next() bool {
	for s.pos < len(s.src) {
		end := strings.IndexByte(s.src[s.pos:], '\n')
		if end < 0 {
			end = len(s.src)
		} else {
			end += s.pos
		}
		text := s.src[s.pos:end]
		s.pos = end + 1
		s.n++
		text = strings.TrimSuffix(text, "\r")
		s.text, s.fields, s.bad = text, s.fields[:0], nil
		trimmed := strings.TrimLeft(text, " \t")
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		if col := badByte(text); col > 0 {
			r, _ := utf8.DecodeRuneInString(text[col-1:])
			what := fmt.Sprintf("a control character %q", r)
			if r == utf8.RuneError {
				what = "a byte that is not UTF-8 text"
			}
			s.bad = s.errAt(col, "%s", what)
			return true
		}
		s.split(text)
		return true
	}
	return false
}

// badByte returns the 1-based column of the first byte in text that is not
// UTF-8 text or is a control character other than a tab, or 0.
func badByte(text string) int {
	for i, r := range text {
		if r == utf8.RuneError || (r < 0x20 && r != '\t') || r == 0x7f || (r >= 0x80 && unicode.IsControl(r)) {
			if r == utf8.RuneError {
				if _, size := utf8.DecodeRuneInString(text[i:]); size != 1 {
					continue // a real U+FFFD, written as such
				}
			}
			return i + 1
		}
	}
	return 0
}

func (s *scanner) split(text string) {
	i := 0
	for i < len(text) {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		start := i
		for i < len(text) && text[i] != ' ' && text[i] != '\t' {
			i++
		}
		if i == start {
			break
		}
		if len(s.fields) == maxFields {
			s.bad = s.errAt(start+1, "too many words on one line: at most %d", maxFields)
			s.fields = s.fields[:0]
			return
		}
		s.fields = append(s.fields, field{text: text[start:i], col: start + 1})
	}
}

// errAt returns a problem at column col of the current line.
func (s *scanner) errAt(col int, format string, args ...any) *Error {
	return &Error{File: s.file, Line: s.n, Col: col, Problem: fmt.Sprintf(format, args...)}
}

// errField returns a problem with field f of the current line, named what:
// `what "text": problem`.
func (s *scanner) errField(f field, what, format string, args ...any) *Error {
	return s.errAt(f.col, "%s %q: %s", what, clipText(f.text), fmt.Sprintf(format, args...))
}

// clipText returns s, or its first 40 bytes or so and "..." when it is
// longer, cut between two characters.
func clipText(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	n := max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// lineEnd returns the column where a field missing at the end of the
// current line would start: one space after its last field.
func (s *scanner) lineEnd() int {
	if len(s.fields) == 0 {
		return 1
	}
	return s.fields[len(s.fields)-1].end() + 1
}

// number parses text as a whole number from lo to hi. It accepts decimal
// digits only (no sign), so it never overflows.
func number(text string, lo, hi int) (int, bool) {
	if text == "" || len(text) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, lo <= n && n <= hi
}

// wantNumber is the problem of a number out of lo..hi.
func wantNumber(lo, hi int) string {
	return "want a whole number " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
}

// maxNameLen is the longest name, in bytes, of a unit or a terrain.
const maxNameLen = 32

// validName reports whether s is a name of a unit or a terrain: a letter,
// then letters, digits, "-", "_" or "'", at most maxNameLen bytes.
func validName(s string) bool {
	if s == "" || len(s) > maxNameLen {
		return false
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r):
		case i > 0 && (unicode.IsDigit(r) || r == '-' || r == '_' || r == '\''):
		default:
			return false
		}
	}
	return true
}

const wantName = "want a letter, then letters, digits, \"-\", \"_\" or \"'\", at most 32 bytes"

// maxIconLen is the longest icon name.
const maxIconLen = 32

// validIcon reports whether s is an icon name: a lower-case ASCII letter,
// then lower-case letters, digits, "-" or "_", at most maxIconLen bytes.
func validIcon(s string) bool {
	if s == "" || len(s) > maxIconLen || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

const wantIcon = "want a lower-case name: a-z, then a-z, 0-9, \"-\" or \"_\", at most 32 bytes"

// sortedKeys returns m's keys in order.
func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
