package protocol_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
)

// riskSection returns section 15 of docs/protocol.md, the risk ruleset's
// payloads.
func riskSection(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i := strings.Index(doc, "\n## 15. The risk ruleset's payloads")
	if i < 0 {
		t.Fatal("docs/protocol.md has no section 15 on the risk ruleset")
	}
	doc = doc[i+1:]
	if j := strings.Index(doc, "\n## "); j >= 0 {
		doc = doc[:j]
	}
	return doc
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
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
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

// TestDocRiskKinds checks that section 15 gives every phase, action kind
// and event kind of the risk ruleset, as its code declares them, a table
// row with its number ("| 4 | `ActAttack` |").
func TestDocRiskKinds(t *testing.T) {
	doc := riskSection(t)
	for _, c := range []struct{ file, typ string }{
		{"../rules/risk/state.go", "Phase"},
		{"../rules/risk/act.go", "ActionKind"},
		{"../rules/risk/event.go", "EventKind"},
	} {
		for _, k := range iotaConsts(t, c.file, c.typ) {
			re := regexp.MustCompile(`(?m)^\| *` + fmt.Sprint(k.value) + ` *\| *` + "`" + k.name + "`" + ` *\|`)
			if !re.MatchString(doc) {
				t.Errorf("section 15 has no table row | %d | `%s` |", k.value, k.name)
			}
		}
	}
	// The constants are the ones the package exports, with those values.
	for _, k := range []struct {
		have, want int
		name       string
	}{
		{int(risk.PhaseOver), 14, "PhaseOver"}, {int(risk.ActChoose), 22, "ActChoose"}, {int(risk.EventPlagueAsk), 30, "EventPlagueAsk"},
	} {
		if k.have != k.want {
			t.Errorf("%s is %d, the source read says %d", k.name, k.have, k.want)
		}
	}
}

// TestDocRiskFields checks that section 15 gives every struct of the risk
// ruleset's payloads with all its fields, in wire order, each of the type
// the code encodes: a table after a line "**`Name`**:", or a list
// "`Name`: `[Field type, ...]`".
func TestDocRiskFields(t *testing.T) {
	doc := riskSection(t)
	for _, typ := range []reflect.Type{
		reflect.TypeFor[risk.View](), reflect.TypeFor[risk.PlayerView](), reflect.TypeFor[risk.OfferView](),
		reflect.TypeFor[risk.Delta](), reflect.TypeFor[risk.Action](), reflect.TypeFor[risk.Event](),
		reflect.TypeFor[risk.TerritoryView](), reflect.TypeFor[risk.TerritoryChange](), reflect.TypeFor[risk.Nuke](),
		reflect.TypeFor[cards.GoodsCard](), reflect.TypeFor[cards.EmpireCard](), reflect.TypeFor[cards.TerritoryCard](),
		reflect.TypeFor[cards.Statement](), reflect.TypeFor[cards.Part](), reflect.TypeFor[cards.Purchase](),
	} {
		t.Run(typ.Name(), func(t *testing.T) {
			fields := docFields(doc, typ.Name())
			if fields == nil {
				t.Fatalf("section 15 describes no %s (a table after **`%s`**:, or `%s`: `[...]`)", typ.Name(), typ.Name(), typ.Name())
			}
			if len(fields) != typ.NumField() {
				t.Errorf("section 15 gives %s %d fields, the code %d", typ.Name(), len(fields), typ.NumField())
			}
			for i := range min(len(fields), typ.NumField()) {
				sf := typ.Field(i)
				if fields[i][0] != sf.Name {
					t.Errorf("%s field %d is %s in section 15, %s in the code", typ.Name(), i, fields[i][0], sf.Name)
					continue
				}
				if want := docType(sf.Type); fields[i][1] != want {
					t.Errorf("%s.%s is of type %q in section 15, the code encodes %q", typ.Name(), sf.Name, fields[i][1], want)
				}
			}
		})
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
	case reflect.Int:
		return "int"
	}
	return ty.Kind().String()
}

// TestDocRiskRefusals checks that the refusals section 15 quotes are the
// ruleset's words: the scene's game refuses actions against the rules, and
// the document quotes each reason (or the whole error) as it is.
func TestDocRiskRefusals(t *testing.T) {
	doc := strings.Join(strings.Fields(riskSection(t)), " ")
	sc := newRiskScene(t)
	if len(sc.refused) < 8 {
		t.Fatalf("the scene tried %d refused actions, want 8 or more", len(sc.refused))
	}
	for _, r := range sc.refused {
		if !strings.Contains(doc, `"`+r.Reason+`"`) && !strings.Contains(doc, `"`+r.Error()+`"`) {
			t.Errorf("section 15 does not quote the refusal %q", r.Error())
		}
	}
}
