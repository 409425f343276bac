package protocol_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/duel"
	"empires/shared/rules/generals"
	gcards "empires/shared/rules/generals/cards"
	"empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// docSection returns the section of docs/protocol.md whose heading starts
// with heading ("## 15."), up to the next section.
func docSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i := strings.Index(doc, "\n"+heading)
	if i < 0 {
		t.Fatalf("docs/protocol.md has no section %q", heading)
	}
	doc = doc[i+1:]
	if j := strings.Index(doc, "\n## "); j >= 0 {
		doc = doc[:j]
	}
	return doc
}

// payloadDocs are the sections of docs/protocol.md on the payloads of the
// rulesets played one action at a time: the section's heading, the Go
// files declaring the ruleset's kinds (each a file and the kind's type),
// and the structs of its payloads.
var payloadDocs = []struct {
	heading string
	kinds   [][2]string
	structs []reflect.Type
}{
	{"## 15. The risk ruleset's payloads",
		[][2]string{{"../rules/risk/state.go", "Phase"}, {"../rules/risk/act.go", "ActionKind"}, {"../rules/risk/event.go", "EventKind"}},
		[]reflect.Type{
			reflect.TypeFor[risk.View](), reflect.TypeFor[risk.PlayerView](), reflect.TypeFor[risk.OfferView](),
			reflect.TypeFor[risk.Delta](), reflect.TypeFor[risk.Action](), reflect.TypeFor[risk.Event](),
			reflect.TypeFor[risk.TerritoryView](), reflect.TypeFor[risk.TerritoryChange](), reflect.TypeFor[risk.Nuke](),
			reflect.TypeFor[cards.GoodsCard](), reflect.TypeFor[cards.EmpireCard](), reflect.TypeFor[cards.TerritoryCard](),
			reflect.TypeFor[cards.Statement](), reflect.TypeFor[cards.Part](), reflect.TypeFor[cards.Purchase](),
		}},
	{"## 16. The Duel ruleset's payloads",
		[][2]string{{"../rules/duel/game.go", "Phase"}, {"../rules/duel/game.go", "ActionKind"}, {"../rules/duel/event.go", "EventKind"}},
		[]reflect.Type{
			reflect.TypeFor[duel.View](), reflect.TypeFor[duel.Table](), reflect.TypeFor[duel.PlayerView](),
			reflect.TypeFor[duel.Delta](), reflect.TypeFor[duel.PlayerChange](), reflect.TypeFor[duel.Offer](),
			reflect.TypeFor[duel.Action](), reflect.TypeFor[duel.Event](), reflect.TypeFor[duel.Card](),
		}},
	{"## 17. The generals ruleset's payloads",
		[][2]string{{"../rules/generals/types.go", "Phase"}, {"../rules/generals/types.go", "ActionKind"}, {"../rules/generals/types.go", "EventKind"}},
		[]reflect.Type{
			reflect.TypeFor[generals.View](), reflect.TypeFor[generals.PlayerView](), reflect.TypeFor[generals.InPlay](),
			reflect.TypeFor[generals.Battle](), reflect.TypeFor[generals.Must](), reflect.TypeFor[generals.Delta](),
			reflect.TypeFor[generals.Action](), reflect.TypeFor[generals.Target](), reflect.TypeFor[generals.Event](),
			reflect.TypeFor[gcards.Amount](),
		}},
}

// constant is a named constant of a Go source file and its value.
type constant struct {
	name  string
	value int
}

// iotaConsts returns the constants of type typ that file declares in a
// block counting from "iota + 1", in order: the kinds of a payload, so that
// a kind added to the code is a kind the document must name.
func iotaConsts(t *testing.T, file, typ string) []constant {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []constant
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		counting := false
		for i, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == typ {
				bin, ok := vs.Values[0].(*ast.BinaryExpr)
				counting = ok && bin.Op == token.ADD && fmt.Sprint(bin.X) == "iota" && fmt.Sprint(bin.Y.(*ast.BasicLit).Value) == "1"
			} else if vs.Type != nil || vs.Values != nil {
				counting = false
			}
			if counting {
				for _, n := range vs.Names {
					out = append(out, constant{n.Name, i + 1})
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s declares no constants of type %s counting from iota + 1", file, typ)
	}
	return out
}

// TestDocKinds checks that sections 15, 16 and 17 give every phase, action
// kind and event kind of the risk, Duel and generals rulesets, as their code declares
// them, a table row with its number ("| 4 | `ActAttack` |").
func TestDocKinds(t *testing.T) {
	for _, pd := range payloadDocs {
		doc := docSection(t, pd.heading)
		for _, c := range pd.kinds {
			for _, k := range iotaConsts(t, c[0], c[1]) {
				re := regexp.MustCompile(`(?m)^\| *` + fmt.Sprint(k.value) + ` *\| *` + "`" + k.name + "`" + ` *\|`)
				if !re.MatchString(doc) {
					t.Errorf("%s: no table row | %d | `%s` |", pd.heading, k.value, k.name)
				}
			}
		}
	}
	// The source read gives the values the packages compile to.
	for _, k := range []struct {
		have, want int
		name       string
	}{
		{int(risk.PhaseOver), 14, "risk.PhaseOver"}, {int(risk.ActChoose), 22, "risk.ActChoose"},
		{int(risk.EventPlagueAsk), 30, "risk.EventPlagueAsk"}, {int(duel.EventEnd), 13, "duel.EventEnd"},
		{int(generals.PhaseOver), 9, "generals.PhaseOver"}, {int(generals.ActStop), 15, "generals.ActStop"},
		{int(generals.EventTrade), 23, "generals.EventTrade"},
	} {
		if k.have != k.want {
			t.Errorf("%s is %d, the source read says %d", k.name, k.have, k.want)
		}
	}
}

// TestDocFields checks that sections 15, 16 and 17 give every struct of
// the risk, Duel and generals payloads with all its fields, in wire order, each of the
// type the code encodes: a table after a line "**`Name`**:", or a list
// "`Name`: `[Field type, ...]`".
func TestDocFields(t *testing.T) {
	for _, pd := range payloadDocs {
		doc := docSection(t, pd.heading)
		for _, typ := range pd.structs {
			t.Run(typ.String(), func(t *testing.T) {
				fields := docFields(doc, typ.Name())
				if fields == nil {
					t.Fatalf("%s describes no %s (a table after **`%s`**:, or `%s`: `[...]`)", pd.heading, typ.Name(), typ.Name(), typ.Name())
				}
				// The fields on the wire: the exported ones (a view keeps
				// its checksum in an unexported one).
				var wired []reflect.StructField
				for i := range typ.NumField() {
					if sf := typ.Field(i); sf.IsExported() && sf.Tag.Get("msgpack") != "-" {
						wired = append(wired, sf)
					}
				}
				if len(fields) != len(wired) {
					t.Errorf("%s gives %s %d fields, the code %d", pd.heading, typ.Name(), len(fields), len(wired))
				}
				for i := range min(len(fields), len(wired)) {
					sf := wired[i]
					if fields[i][0] != sf.Name {
						t.Errorf("%s field %d is %s in the document, %s in the code", typ, i, fields[i][0], sf.Name)
						continue
					}
					if want := docType(sf.Type); fields[i][1] != want {
						t.Errorf("%s.%s is of type %q in the document, the code encodes %q", typ, sf.Name, fields[i][1], want)
					}
				}
			})
		}
	}
}

// docFields returns the fields section doc gives struct name, each its
// name and type, in order; nil if it describes none.
func docFields(doc, name string) [][2]string {
	list := regexp.MustCompile("`" + name + "`" + `(?:\*\*|\))?: ` + "`" + `\[([^\]]*)\]` + "`")
	if m := list.FindStringSubmatch(doc); m != nil {
		var out [][2]string
		for _, f := range strings.Split(strings.Join(strings.Fields(m[1]), " "), ", ") {
			n, ty, _ := strings.Cut(f, " ")
			out = append(out, [2]string{n, ty})
		}
		return out
	}
	i := strings.Index(doc, "**`"+name+"`**:\n")
	if i < 0 {
		return nil
	}
	row := regexp.MustCompile("^\\| (\\d+) \\| `(\\w+)` \\| ([^|]*) \\|")
	var out [][2]string
	lines := strings.Split(doc[i:], "\n")[1:]
	for _, l := range lines {
		if l == "" && out == nil || strings.HasPrefix(l, "| #") || strings.HasPrefix(l, "|---") {
			continue
		}
		m := row.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(len(out)) {
			break
		}
		out = append(out, [2]string{m[2], strings.ReplaceAll(strings.TrimSpace(m[3]), "`", "")})
	}
	return out
}

// docType returns how section 15 names the wire type of a field of Go
// type ty.
func docType(ty reflect.Type) string {
	switch ty.Kind() {
	case reflect.Slice:
		if ty.Elem().Kind() == reflect.Uint8 {
			return "bin"
		}
		return "list of " + docType(ty.Elem())
	case reflect.Array:
		return fmt.Sprintf("array of %d %s", ty.Len(), strings.Replace(docType(ty.Elem()), "list", "lists", 1))
	case reflect.Struct:
		return ty.Name()
	case reflect.Pointer:
		return docType(ty.Elem()) + " or nil"
	case reflect.Int:
		return "int"
	}
	return ty.Kind().String()
}

// TestDocRefusals checks that the refusals sections 15, 16 and 17 quote
// are the rulesets' words: the vectors' risk, Duel and generals games refuse actions
// against the rules, and the document quotes each reason (or the whole
// error) as it is.
func TestDocRefusals(t *testing.T) {
	for _, c := range []struct {
		heading string
		refused []ruleset.Rejection
	}{
		{payloadDocs[0].heading, newRiskScene(t).refused},
		{payloadDocs[1].heading, newDuelScene(t).refused},
		{payloadDocs[2].heading, newGeneralsScene(t).refused},
	} {
		doc := strings.Join(strings.Fields(docSection(t, c.heading)), " ")
		if len(c.refused) < 5 {
			t.Fatalf("%s: the scene tried %d refused actions, want 5 or more", c.heading, len(c.refused))
		}
		for _, r := range c.refused {
			if !strings.Contains(doc, `"`+r.Reason+`"`) && !strings.Contains(doc, `"`+r.Error()+`"`) {
				t.Errorf("%s does not quote the refusal %q", c.heading, r.Error())
			}
		}
	}
}

// TestDocSettings checks that sections 15, 16 and 17 give every setting
// of the risk, Duel and generals rulesets (RulesetInfo.Settings), in order, as a row "|
// `key` | Label | values | default |": a setting of choices with each
// choice after its index ("`1` 1 min") and the default's index; another
// with "Min to Max" and its default.
func TestDocSettings(t *testing.T) {
	row := regexp.MustCompile("(?m)^\\| `(\\w+)` \\| ([^|]+) \\| ([^|]+) \\| ([^|]+) \\|$")
	for _, c := range []struct {
		heading string
		info    ruleset.Info
	}{
		{payloadDocs[0].heading, riskRules(t).Info()},
		{payloadDocs[1].heading, duelRules(t).Info()},
		{payloadDocs[2].heading, generalsRules(t).Info()},
	} {
		rows := row.FindAllStringSubmatch(docSection(t, c.heading), -1)
		if len(rows) != len(c.info.Settings) {
			t.Errorf("%s: %d rows of settings, the ruleset has %d", c.heading, len(rows), len(c.info.Settings))
		}
		for i, st := range c.info.Settings {
			if i >= len(rows) {
				break
			}
			r := rows[i]
			if r[1] != st.Key || strings.TrimSpace(r[2]) != st.Label {
				t.Errorf("%s: setting %d is %s (%s) in the document, %s (%s) in the ruleset", c.heading, i, r[1], strings.TrimSpace(r[2]), st.Key, st.Label)
				continue
			}
			values, def := r[3], strings.TrimSpace(r[4])
			if st.Choices != nil {
				for j, ch := range st.Choices {
					if !strings.Contains(values, fmt.Sprintf("`%d` %s", j, ch)) {
						t.Errorf("%s: setting %s does not give choice `%d` %s", c.heading, st.Key, j, ch)
					}
				}
				if strings.Contains(values, fmt.Sprintf("`%d` ", len(st.Choices))) {
					t.Errorf("%s: setting %s gives a choice `%d`, the ruleset's last is `%d`", c.heading, st.Key, len(st.Choices), len(st.Choices)-1)
				}
				if want := fmt.Sprintf("`%d`", st.Default); def != want {
					t.Errorf("%s: setting %s's default is %s in the document, %s in the ruleset", c.heading, st.Key, def, want)
				}
				continue
			}
			if !strings.Contains(values, fmt.Sprintf("%d to %d", st.Min, st.Max)) || def != fmt.Sprint(st.Default) {
				t.Errorf("%s: setting %s is %q, default %s in the document; the ruleset's is %d to %d, default %d",
					c.heading, st.Key, values, def, st.Min, st.Max, st.Default)
			}
		}
	}
}

// TestDocExcerpts checks the annotated bytes of sections 15, 16 and 17
// against the vectors they quote: in each code block after a paragraph
// naming vectors ("[Vector 45](...)", "Vector 47's events"), every line
// that starts with bytes ("93 01 0a c2    Alaska: ...") must quote bytes of
// one of those vectors' frames, so that a vector rewritten after a change
// of the rules cannot leave the document showing old bytes.
func TestDocExcerpts(t *testing.T) {
	named := regexp.MustCompile(`(?i)vector\s+(\d+)`)
	pair := regexp.MustCompile(`^[0-9a-f]{2}$`)
	for _, pd := range payloadDocs {
		parts := strings.Split(docSection(t, pd.heading), "```")
		checked := 0
		for i := 1; i < len(parts); i += 2 {
			before := parts[i-1]
			if j := strings.LastIndex(strings.TrimRight(before, "\n"), "\n\n"); j >= 0 {
				before = before[j:] // the paragraph before the block
			}
			var frames []string
			for _, m := range named.FindAllStringSubmatch(before, -1) {
				frames = append(frames, vectorFrame(t, m[1]))
			}
			if frames == nil {
				t.Errorf("%s: a block of bytes after a paragraph naming no vector:\n%s", pd.heading, before)
				continue
			}
			for _, line := range strings.Split(parts[i], "\n") {
				if strings.HasPrefix(line, strings.Repeat(" ", 20)) {
					continue // an annotation going on
				}
				bytes, _, _ := strings.Cut(strings.TrimSpace(line), "  ")
				var hexs []string
				for _, tok := range strings.Fields(bytes) {
					if tok == "..." {
						break
					}
					if !pair.MatchString(tok) {
						hexs = nil
						break
					}
					hexs = append(hexs, tok)
				}
				if hexs == nil {
					continue
				}
				quoted := strings.Join(hexs, "")
				if !slices.ContainsFunc(frames, func(f string) bool { return strings.Contains(f, quoted) }) {
					t.Errorf("%s: the bytes %q are in none of the vectors the block quotes", pd.heading, line)
				}
				checked++
			}
		}
		if checked < 20 {
			t.Errorf("%s: %d lines of bytes checked, want 20 or more", pd.heading, checked)
		}
	}
}

// vectorFrame returns the frame, in hex, of the vector numbered n.
func vectorFrame(t *testing.T, n string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(vectorDir, fmt.Sprintf("%02s-*.json", n)))
	if err != nil || len(files) != 1 {
		t.Fatalf("vector %s: %d files (%v)", n, len(files), err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Frame
}
