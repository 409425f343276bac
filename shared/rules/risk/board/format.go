package board

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Format writes b as a map file that Parse reads back as the same board:
// a modder may generate a map, save it and redraw it by hand. Each
// territory is drawn with its Key; b must be a valid board whose keys are
// distinct letters or digits (Parse's and Generate's boards are), and no
// row of whose drawing spells "end", the line that ends it.
func Format(b *Board) ([]byte, error) {
	var keys [256]bool
	for _, t := range b.Territories {
		if !isKey(t.Key) || keys[t.Key] {
			return nil, fmt.Errorf("risk map %q: territory %q: key %q is not a letter or digit of its own", b.Name, t.Name, t.Key)
		}
		keys[t.Key] = true
		if b.Continent(t.Continent) == nil {
			return nil, fmt.Errorf("risk map %q: territory %q is in no continent", b.Name, t.Name)
		}
	}
	land := landLinks(b)
	var w bytes.Buffer
	fmt.Fprintf(&w, "# Risk map %q: %d territories in %d continents.\n", b.Name, len(b.Territories), len(b.Continents))
	fmt.Fprintf(&w, "name = %s\n\n# continent = name | bonus\n", b.Name)
	for _, c := range b.Continents {
		fmt.Fprintf(&w, "continent = %s | %d\n", c.Name, c.Bonus)
	}
	w.WriteString("\n# territory = key | name | continent | marks | sea links\n")
	for _, t := range b.Territories {
		var marks []string
		if t.Quake {
			marks = append(marks, "quake")
		}
		if t.Flood {
			marks = append(marks, "flood")
		}
		var sea []string
		for _, o := range t.Links {
			if !slices.Contains(land[t.ID-1], o) {
				sea = append(sea, b.Territories[o-1].Name)
			}
		}
		fmt.Fprintf(&w, "territory = %c | %s | %s | %s | %s\n", t.Key, t.Name, b.Continents[t.Continent-1].Name, orDash(marks, " "), orDash(sea, ", "))
	}
	w.WriteString("\n" + mapStart + "\n")
	for y := 0; y < b.Height; y++ {
		row := make([]byte, b.Width)
		for x := range row {
			row[x] = seaCell
			if c := b.Cell(x, y); c != 0 {
				row[x] = b.Territories[c-1].Key
			}
		}
		if string(row) == mapEnd {
			return nil, fmt.Errorf("risk map %q: row %d of the drawing would read as the line %q that ends it", b.Name, y+1, mapEnd)
		}
		w.Write(row)
		w.WriteByte('\n')
	}
	w.WriteString(mapEnd + "\n")
	return w.Bytes(), nil
}

// orDash joins s with sep, or returns "-" for none.
func orDash(s []string, sep string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, sep)
}
