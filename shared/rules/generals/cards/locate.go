package cards

import (
	"fmt"
	"strings"
)

// locator finds the line of a key of a TOML card file, so that a problem
// found after decoding names its line: the toml package keeps its keys'
// positions to itself. It reads the file's layout as the collection's
// files write it (a table header or a key at a line's start, the values of
// a long array one a line); a key it cannot find takes its table's line.
type locator map[string]int

// locate indexes data's table headers, keys and array elements by their
// dotted keys as rulesfile writes them: "card[3].rules[1]".
func locate(data []byte) locator {
	lines := locator{}
	counts := map[string]int{}
	prefix := ""
	array, elem := "", 0 // the open multi-line array and its next element
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		t := strings.TrimSpace(line)
		if array != "" {
			if strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "'") {
				lines.note(fmt.Sprintf("%s[%d]", array, elem), n)
				elem++
			}
			if strings.HasPrefix(t, "]") || strings.HasSuffix(t, "]") {
				array = "" // closed on its own line or after the last value
			}
			continue
		}
		switch {
		case t == "" || t[0] == '#':
		case strings.HasPrefix(t, "[["):
			name := strings.TrimSpace(strings.Trim(t, "[] "))
			prefix = fmt.Sprintf("%s[%d]", name, counts[name])
			counts[name]++
			lines.note(prefix, n)
		case t[0] == '[':
			prefix = strings.TrimSpace(strings.Trim(t, "[] "))
			lines.note(prefix, n)
		default:
			key, value, ok := strings.Cut(t, "=")
			if !ok {
				continue
			}
			full := strings.TrimSpace(key)
			if prefix != "" {
				full = prefix + "." + full
			}
			lines.note(full, n)
			value = strings.TrimSpace(value)
			if strings.HasPrefix(value, "[") && !strings.HasSuffix(value, "]") {
				array, elem = full, 0
			}
		}
	}
	return lines
}

// note keeps the first line of a key.
func (l locator) note(key string, line int) {
	if _, ok := l[key]; !ok {
		l[key] = line
	}
}

// line returns the line of key, else of the nearest key or table that
// holds it, else 0.
func (l locator) line(key string) int {
	for key != "" {
		if n, ok := l[key]; ok {
			return n
		}
		if strings.HasSuffix(key, "]") {
			key = key[:strings.LastIndexByte(key, '[')]
		} else if i := strings.LastIndexByte(key, '.'); i >= 0 {
			key = key[:i]
		} else {
			key = ""
		}
	}
	return 0
}
