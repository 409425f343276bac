package kit

import (
	"strconv"
	"strings"
)

// LogLink returns the link of line i of a screen's log to a thing of
// kind ("battle", "cell"): "battle12", which the shell hands back to the
// screen when the line is clicked (module.LogLine.Link).
func LogLink(kind string, i int) string { return kind + strconv.Itoa(i) }

// ParseLogLink reads a link LogLink wrote with one of kinds: its kind and
// the line's index. It reports false for any other text (another kind, no
// index, a negative or malformed one); whether the index is a line of the
// log is for the screen to check.
func ParseLogLink(id string, kinds ...string) (kind string, i int, ok bool) {
	for _, k := range kinds {
		rest, found := strings.CutPrefix(id, k)
		if !found || rest == "" || rest[0] < '0' || rest[0] > '9' {
			continue
		}
		n, err := strconv.Atoi(rest)
		if err != nil {
			continue
		}
		return k, n, true
	}
	return "", 0, false
}
