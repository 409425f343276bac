package board

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"empires/shared/rulesfile"
)

// ClassicFile is the classic map's data file in the rules folder
// (assets.Rules(), or a host's mod directory over it).
const ClassicFile = "risk-classic.txt"

// Limits of a map file. A map past them is refused, so that a broken or
// hostile file cannot make the loader build a huge board.
const (
	MaxTerritories = 62  // one key each: a-z, A-Z, 0-9
	MaxContinents  = 62  // at most one a territory
	MaxSide        = 200 // cells, across and down
	MaxBonus       = 20  // armies a turn for one continent
	MaxNameLen     = 40  // bytes of a map's, continent's or territory's name
)

// Keyword lines of a map file.
const (
	mapStart = "map"
	mapEnd   = "end"
	seaCell  = '.'
)

// Classic returns the classic map, read from ClassicFile of fsys.
func Classic(fsys fs.FS) (*Board, error) {
	return Open(fsys, ClassicFile)
}

// Open returns the board of the map file name in fsys: assets.Rules(), or
// a host's mod directory over it. A broken file is refused with every
// problem found, each naming the file and its line (see Parse).
func Open(fsys fs.FS, name string) (*Board, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("risk map: %w", err)
	}
	return Parse(name, data)
}

// Parse returns the board of a map file's data; file names the file in
// errors. The format is described at the top of the classic map's file:
// "name =", "continent =" and "territory =" lines, then the drawing between
// a line "map" and a line "end". A broken file is refused with every
// problem found, each a *rulesfile.FieldError with the file and the line
// (joined with errors.Join when there are several): an unknown keyword, a
// duplicate name or key, a name empty, too long, "-" or holding a comma, a territory in no continent or in an unknown one,
// a continent with no territory, a bonus out of range, a bad character or
// a ragged row in the drawing, a territory with no cell or with cells in
// several pieces, a sea link to an unknown territory, to itself, to a land
// neighbour or listed on one side only, and a territory that cannot be
// reached from the first one.
func Parse(file string, data []byte) (*Board, error) {
	p := parser{file: file}
	p.lines(data)
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	b := p.build()
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return b, nil
}

// continentLine is one "continent =" line of a map file.
type continentLine struct {
	line  int
	name  string
	bonus int
}

// territoryLine is one "territory =" line of a map file.
type territoryLine struct {
	line         int
	key          byte
	name         string
	continent    string
	quake, flood bool
	sea          []string
}

// parser reads one map file. It collects every problem in errs.
type parser struct {
	file        string
	errs        []error
	name        string
	nameLine    int
	continents  []continentLine
	territories []territoryLine
	mapLine     int      // the line "map", 0 if none
	rows        []string // the drawing's rows
	tooHigh     bool     // the drawing has more than MaxSide rows
	// seen counts the continent and territory lines, good or bad.
	seenContinents, seenTerritories int
}

// fail records a problem at line.
func (p *parser) fail(line int, format string, args ...any) {
	p.errs = append(p.errs, &rulesfile.FieldError{File: p.file, Line: line, Problem: fmt.Sprintf(format, args...)})
}

// lines reads the file line by line into p.
func (p *parser) lines(data []byte) {
	inMap, ended := false, false
	for i, raw := range bytes.Split(data, []byte("\n")) {
		n := i + 1
		line := strings.TrimRight(string(raw), " \t\r")
		switch {
		case inMap && strings.TrimSpace(line) == mapEnd:
			inMap, ended = false, true
		case inMap:
			p.row(n, line)
		case strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#"):
		case ended:
			p.fail(n, "text after the map's end line: %q", clip(line))
		case strings.TrimSpace(line) == mapStart:
			if p.seenTerritories == 0 {
				p.fail(n, "the map comes before any territory line")
			}
			p.mapLine, inMap = n, true
		default:
			p.setting(n, line)
		}
	}
	switch {
	case inMap:
		p.fail(p.mapLine, "the map has no %q line after its last row", mapEnd)
	case p.mapLine == 0:
		p.fail(0, "no map: the drawing goes between a line %q and a line %q", mapStart, mapEnd)
	case len(p.rows) == 0:
		p.fail(p.mapLine, "the map has no rows")
	}
	if p.nameLine == 0 {
		p.fail(0, "no %q line: the map needs a name", "name =")
	}
	if p.seenContinents == 0 {
		p.fail(0, "no continent line")
	}
	if p.seenTerritories < 2 {
		p.fail(0, "%d territory lines: a map needs at least 2", p.seenTerritories)
	}
}

// setting reads one "keyword = value" line.
func (p *parser) setting(n int, line string) {
	key, value, ok := strings.Cut(line, "=")
	if !ok {
		p.fail(n, "%q is no setting: want \"keyword = value\"", clip(line))
		return
	}
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	switch key {
	case "name":
		if p.nameLine != 0 {
			p.fail(n, "a second name line (the first is line %d)", p.nameLine)
			return
		}
		if p.checkName(n, "the map's name", value) {
			p.name, p.nameLine = value, n
		}
	case "continent":
		p.seenContinents++
		p.continent(n, value)
	case "territory":
		p.seenTerritories++
		p.territory(n, value)
	default:
		p.fail(n, "unknown keyword %q: want name, continent, territory or map", clip(key))
	}
}

// checkName reports whether s is a good name for what; if not it records
// why at line n.
func (p *parser) checkName(n int, what, s string) bool {
	switch {
	case s == "":
		p.fail(n, "%s is empty", what)
	case len(s) > MaxNameLen:
		p.fail(n, "%s %q is longer than %d bytes", what, clip(s), MaxNameLen)
	case strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f || r == 0xfffd }):
		p.fail(n, "%s %q holds a control or invalid character", what, clip(s))
	default:
		return true
	}
	return false
}

// checkListed is checkName for a continent's or territory's name, which
// other lines name in lists: it may not be "-" (none) nor hold a comma.
func (p *parser) checkListed(n int, what, s string) bool {
	if !p.checkName(n, what, s) {
		return false
	}
	if s == "-" || strings.Contains(s, ",") {
		p.fail(n, "%s %q is \"-\" or holds a comma", what, s)
		return false
	}
	return true
}

// fields splits value at "|" into want trimmed fields, or records why not.
func (p *parser) fields(n int, what, value string, want int) ([]string, bool) {
	f := strings.Split(value, "|")
	if len(f) != want {
		p.fail(n, "a %s line has %d fields separated by |, want %d", what, len(f), want)
		return nil, false
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f, true
}

// continent reads "continent = name | bonus".
func (p *parser) continent(n int, value string) {
	f, ok := p.fields(n, "continent", value, 2)
	if !ok || !p.checkListed(n, "a continent's name", f[0]) {
		return
	}
	if i := slices.IndexFunc(p.continents, func(c continentLine) bool { return c.name == f[0] }); i >= 0 {
		p.fail(n, "a second continent named %q (the first is line %d)", f[0], p.continents[i].line)
		return
	}
	bonus, err := strconv.Atoi(f[1])
	if err != nil {
		p.fail(n, "continent %q: bonus %q is not a whole number", f[0], clip(f[1]))
		return
	}
	if bonus < 0 || bonus > MaxBonus {
		p.fail(n, "continent %q: bonus %d is out of range 0 to %d", f[0], bonus, MaxBonus)
		return
	}
	if len(p.continents) == MaxContinents {
		p.fail(n, "more than %d continents", MaxContinents)
		return
	}
	p.continents = append(p.continents, continentLine{line: n, name: f[0], bonus: bonus})
}

// territory reads "territory = key | name | continent | marks | sea links".
func (p *parser) territory(n int, value string) {
	f, ok := p.fields(n, "territory", value, 5)
	if !ok {
		return
	}
	t := territoryLine{line: n, name: f[1], continent: f[2]}
	if len(f[0]) != 1 || !isKey(f[0][0]) {
		p.fail(n, "key %q is not one letter or digit", clip(f[0]))
		return
	}
	t.key = f[0][0]
	if !p.checkListed(n, "a territory's name", t.name) {
		return
	}
	for _, o := range p.territories {
		if o.key == t.key {
			p.fail(n, "key %q is taken by %q (line %d)", t.key, o.name, o.line)
			return
		}
		if o.name == t.name {
			p.fail(n, "a second territory named %q (the first is line %d)", t.name, o.line)
			return
		}
	}
	if f[3] != "-" {
		for _, m := range strings.Fields(f[3]) {
			switch {
			case m == "quake" && !t.quake:
				t.quake = true
			case m == "flood" && !t.flood:
				t.flood = true
			default:
				p.fail(n, "territory %q: mark %q is not quake or flood, or is given twice", t.name, clip(m))
				return
			}
		}
	}
	if f[4] != "-" && f[4] != "" {
		for _, s := range strings.Split(f[4], ",") {
			t.sea = append(t.sea, strings.TrimSpace(s))
		}
	}
	if len(p.territories) == MaxTerritories {
		p.fail(n, "more than %d territories", MaxTerritories)
		return
	}
	p.territories = append(p.territories, t)
}

// row reads one row of the drawing.
func (p *parser) row(n int, line string) {
	if len(p.rows) == MaxSide {
		if !p.tooHigh {
			p.fail(n, "the map is more than %d rows high", MaxSide)
			p.tooHigh = true
		}
		return
	}
	switch {
	case line == "":
		p.fail(n, "map row %d is empty", len(p.rows)+1)
	case len(line) > MaxSide:
		p.fail(n, "map row %d is %d cells wide, at most %d", len(p.rows)+1, len(line), MaxSide)
	case len(p.rows) > 0 && len(line) != len(p.rows[0]):
		p.fail(n, "map row %d is %d cells wide, the first row %d: rows must be as wide", len(p.rows)+1, len(line), len(p.rows[0]))
	}
	p.rows = append(p.rows, line)
}

// isKey reports whether c may be a territory's key: a letter or a digit.
func isKey(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// build turns the lines read into a board and checks it as a whole.
func (p *parser) build() *Board {
	b := &Board{Name: p.name}
	for i, c := range p.continents {
		b.Continents = append(b.Continents, Continent{ID: ContinentID(i + 1), Name: c.name, Bonus: c.bonus})
	}
	var keys [256]TerritoryID
	for i, t := range p.territories {
		id := TerritoryID(i + 1)
		keys[t.key] = id
		c := slices.IndexFunc(p.continents, func(c continentLine) bool { return c.name == t.continent })
		switch {
		case t.continent == "" || t.continent == "-":
			p.fail(t.line, "territory %q is in no continent", t.name)
		case c < 0:
			p.fail(t.line, "territory %q: unknown continent %q", t.name, clip(t.continent))
		default:
			b.Continents[c].Territories = append(b.Continents[c].Territories, id)
		}
		b.Territories = append(b.Territories, Territory{
			ID: id, Name: t.name, Key: t.key, Continent: ContinentID(c + 1), Quake: t.quake, Flood: t.flood,
		})
	}
	for i, c := range b.Continents {
		if len(c.Territories) == 0 {
			p.fail(p.continents[i].line, "continent %q has no territory", c.Name)
		}
	}
	p.draw(b, keys)
	if len(p.errs) > 0 {
		return nil
	}
	p.seaLinks(b)
	if len(p.errs) > 0 {
		return nil
	}
	p.reach(b)
	return b
}

// draw reads the drawing into b.Cells and the land links, and checks that
// every territory has cells, in one piece.
func (p *parser) draw(b *Board, keys [256]TerritoryID) {
	b.Width, b.Height = len(p.rows[0]), len(p.rows)
	b.Cells = make([]TerritoryID, b.Width*b.Height)
	for y, row := range p.rows {
		for x := 0; x < len(row); x++ {
			c := row[x]
			switch {
			case c == seaCell:
			case keys[c] == 0:
				p.fail(p.mapLine+1+y, "map row %d, column %d: %q is neither the sea %q nor a territory's key", y+1, x+1, c, seaCell)
			default:
				b.Cells[y*b.Width+x] = keys[c]
			}
		}
	}
	if len(p.errs) > 0 {
		return
	}
	links := landLinks(b)
	for i := range b.Territories {
		b.Territories[i].Links = links[i]
	}
	for i, t := range p.territories {
		switch n := pieces(b, TerritoryID(i+1)); n {
		case 0:
			p.fail(t.line, "territory %q (key %q) has no cell in the map", t.name, t.key)
		case 1:
		default:
			p.fail(t.line, "territory %q (key %q) is drawn in %d pieces: its cells must share edges", t.name, t.key, n)
		}
	}
}

// seaLinks adds the sea links to b, checking that each names a known
// territory other than itself, not a land neighbour, listed on both sides.
func (p *parser) seaLinks(b *Board) {
	byName := make(map[string]TerritoryID, len(p.territories))
	for i, t := range p.territories {
		byName[t.name] = TerritoryID(i + 1)
	}
	sea := make([][]TerritoryID, len(p.territories))
	for i, t := range p.territories {
		for _, name := range t.sea {
			o := byName[name]
			switch {
			case o == 0:
				p.fail(t.line, "territory %q: sea link to unknown territory %q", t.name, clip(name))
			case o == TerritoryID(i+1):
				p.fail(t.line, "territory %q: sea link to itself", t.name)
			case slices.Contains(sea[i], o):
				p.fail(t.line, "territory %q: sea link to %q listed twice", t.name, name)
			case b.Linked(TerritoryID(i+1), o):
				p.fail(t.line, "territory %q: %q shares a border with it in the map: list only links across the sea", t.name, name)
			default:
				sea[i] = append(sea[i], o)
			}
		}
	}
	if len(p.errs) > 0 {
		return
	}
	for i, t := range p.territories {
		for _, o := range sea[i] {
			if !slices.Contains(sea[o-1], TerritoryID(i+1)) {
				p.fail(t.line, "one-way link: %q lists %q across the sea, but %q does not list %q", t.name, b.Territories[o-1].Name, b.Territories[o-1].Name, t.name)
			}
		}
	}
	for i := range b.Territories {
		t := &b.Territories[i]
		t.Links = append(t.Links, sea[i]...)
		slices.Sort(t.Links)
	}
}

// reach checks that every territory can be reached from the first.
func (p *parser) reach(b *Board) {
	dist := b.Distances(1)
	for i, d := range dist {
		if d < 0 {
			p.fail(p.territories[i].line, "territory %q cannot be reached from %q: add a sea link", b.Territories[i].Name, b.Territories[0].Name)
		}
	}
}

// landLinks returns, for each territory, the territories whose cells share
// an edge with its cells, sorted.
func landLinks(b *Board) [][]TerritoryID {
	links := make([][]TerritoryID, len(b.Territories))
	add := func(x, y TerritoryID) {
		if x == 0 || y == 0 || x == y || slices.Contains(links[x-1], y) {
			return
		}
		links[x-1] = append(links[x-1], y)
		links[y-1] = append(links[y-1], x)
	}
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
			add(b.Cell(x, y), b.Cell(x+1, y))
			add(b.Cell(x, y), b.Cell(x, y+1))
		}
	}
	for _, l := range links {
		slices.Sort(l)
	}
	return links
}

// pieces returns how many pieces t's cells make: groups of cells joined by
// shared edges.
func pieces(b *Board, t TerritoryID) int {
	seen := make([]bool, len(b.Cells))
	n := 0
	for i, c := range b.Cells {
		if c != t || seen[i] {
			continue
		}
		n++
		stack := []int{i}
		seen[i] = true
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, n := range edges(j%b.Width, j/b.Width) {
				nx, ny := n[0], n[1]
				k := ny*b.Width + nx
				if b.Cell(nx, ny) == t && !seen[k] {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
	}
	return n
}

// edges returns the four cells sharing an edge with cell (x, y): right,
// down, left, up. Some may be off the drawing.
func edges(x, y int) [4][2]int {
	return [4][2]int{{x + 1, y}, {x, y + 1}, {x - 1, y}, {x, y - 1}}
}

// clip shortens s for an error message.
func clip(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	return s[:most] + "..."
}
