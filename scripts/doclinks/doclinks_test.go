package doclinks

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// link matches an inline Markdown link or image, [text](target), and
// captures its target up to a space (a title) or the closing parenthesis.
var link = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// TestRelativeLinksResolve checks every relative link of README.md and
// docs/*.md: its file exists, and its #anchor is a heading of that file.
func TestRelativeLinksResolve(t *testing.T) {
	root := moduleRoot(t)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := append([]string{filepath.Join(root, "README.md")}, docs...)
	if len(files) < 8 {
		t.Fatalf("found only %d documents under %s: want the README and docs/", len(files), root)
	}
	checked := 0
	for _, f := range files {
		for _, l := range links(t, f) {
			rel, _ := filepath.Rel(root, f)
			if err := resolve(f, l); err != "" {
				t.Errorf("%s: link %q: %s", rel, l, err)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("checked %d links in all: the link pattern finds too few", checked)
	}
}

// TestResolve checks resolve on links that do and do not resolve.
func TestResolve(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "a.md")
	must(t, os.WriteFile(doc, []byte("# Title\n\n## The server's flags: `-addr`\n\n```\n# not a heading\n```\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "b.png"), nil, 0o644))
	for _, tc := range []struct {
		have string
		ok   bool
	}{
		{"a.md", true},
		{"b.png", true},
		{"a.md#title", true},
		{"#the-servers-flags--addr", true},
		{"a.md#not-a-heading", false},
		{"missing.md", false},
		{"a.md#nowhere", false},
		{"https://example.org/x", true},
		{"mailto:x@example.org", true},
	} {
		err := resolve(doc, tc.have)
		if got := err == ""; got != tc.ok {
			t.Errorf("resolve(%q) = %q, want ok %v", tc.have, err, tc.ok)
		}
	}
}

// links returns the link targets of the Markdown file f, outside code
// blocks and code spans.
func links(t *testing.T, f string) []string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range link.FindAllStringSubmatch(withoutCodeSpans(line), -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// resolve says why the link target of the document doc does not resolve,
// or "" when it does. Links with a scheme (http:, mailto:) are not checked.
func resolve(doc, target string) string {
	if strings.Contains(target, ":") {
		return ""
	}
	file, anchor, _ := strings.Cut(target, "#")
	path := doc
	if file != "" {
		path = filepath.Join(filepath.Dir(doc), filepath.FromSlash(file))
	}
	info, err := os.Stat(path)
	if err != nil {
		return "no such file"
	}
	if anchor == "" || info.IsDir() || !strings.HasSuffix(path, ".md") {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if !anchors(string(b))[anchor] {
		return "no heading #" + anchor + " in " + filepath.Base(path)
	}
	return ""
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// text: lower case, spaces as hyphens, punctuation other than hyphens and
// underscores dropped, a repeated one suffixed -1, -2...
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// withoutCodeSpans blanks the `code spans` of a line, where brackets are
// not links.
func withoutCodeSpans(line string) string {
	parts := strings.Split(line, "`")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = ""
	}
	return strings.Join(parts, "`")
}

// moduleRoot returns the directory of the module's go.mod, above the
// test's working directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
