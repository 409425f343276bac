package module

// LogCache holds a screen's log as Screen.Log gives it, made again only
// when the log changed: the shell asks for it every frame. Key is what
// says which log it is and how far it went (the model it is of, the first
// line of a log told again, a count of the changes): the lines are made
// again when the key or the number of lines differ from the last call's.
type LogCache[K comparable] struct {
	key   K
	lines []LogLine
	made  bool
}

// Lines returns the n lines of the log of key: those made last when key
// and n are those of the last call, else line(i) for each i, kept for the
// next.
func (c *LogCache[K]) Lines(key K, n int, line func(i int) LogLine) []LogLine {
	if c.made && c.key == key && len(c.lines) == n {
		return c.lines
	}
	out := make([]LogLine, n)
	for i := range out {
		out[i] = line(i)
	}
	c.key, c.lines, c.made = key, out, true
	return out
}
