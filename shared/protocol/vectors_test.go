package protocol_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/internal/skip"
	"empires/shared/game"
	hexgrid "empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/hexmap"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/rules/empire"
	erfpiresrules "empires/shared/rules/erfpires"
	erfworldrules "empires/shared/rules/erfworld"
	"empires/shared/rules/generals"
	"empires/shared/rules/risk"
	"empires/shared/ruleset"
)

// The golden test vectors of docs/protocol.md: frames as the Go codec
// writes them, each with its meaning, in testdata/vectors (one JSON file a
// frame; the format is described in the doc). TestVectors checks the
// codec against every file: encoding the vector's message gives the
// file's bytes, decoding the file's bytes gives the file's meaning, and a
// view's checksum is the file's. Run
//
//	go test ./shared/protocol -run TestVectors -update
//
// to rewrite the files after a change of the wire form, and review the
// diff: a changed vector is a changed protocol (bump protocol.Version, add
// to its History and to docs/protocol.md). One vector follows the rules
// data as well: the battle of erfworldBattle is the erfworld ruleset's own,
// so a change of erfworld's combat numbers changes it too.
var update = flag.Bool("update", false, "rewrite testdata/vectors from the Go values")

const vectorDir = "testdata/vectors"

// vector is one golden frame: a message as one side sends it.
type vector struct {
	name       string // the file's name without ".json"
	about      string
	from       string // "client" or "server"
	seq, reply uint32
	msg        protocol.Message
	// appliesTo names, for a TurnUpdate, the vector whose view its delta
	// applies to.
	appliesTo string
	// base is, for a TurnUpdate of the risk or Duel scenes, the view its
	// delta applies to, as the scene made it: used when the vector named
	// by appliesTo did not run (-run chose part of TestVectors).
	base any
	// ruleset is the ruleset whose payloads the frame carries: "" for the
	// hex rulesets (or none), empire.ID, risk.ID, duel.ID or generals.ID
	// for theirs.
	ruleset string
}

// vectorFile is a vector as its file holds it (see docs/protocol.md, "Test
// vectors").
type vectorFile struct {
	Name     string `json:"name"`
	About    string `json:"about"`
	From     string `json:"from"`
	Frame    string `json:"frame"`
	Type     int    `json:"type"`
	TypeName string `json:"type_name"`
	Seq      uint32 `json:"seq"`
	Reply    uint32 `json:"reply"`
	// Message is the decoded body, payloads decoded too.
	Message json.RawMessage `json:"message"`
	// Payloads are the payload fields' bytes, by field name.
	Payloads map[string]string `json:"payloads,omitempty"`
	// AppliesTo, View and the checksums are set for the frames that carry
	// a hex view or delta: the view the client holds after the frame, its
	// checksum, and the bytes the checksum hashes.
	AppliesTo     string          `json:"applies_to,omitempty"`
	View          json.RawMessage `json:"view,omitempty"`
	Checksum      string          `json:"checksum,omitempty"`
	ChecksumHex   string          `json:"checksum_hex,omitempty"`
	ChecksumInput string          `json:"checksum_input,omitempty"`
}

// TestVectors checks the codec against every golden vector (see update).
func TestVectors(t *testing.T) {
	vs := vectors(t)
	if *update {
		if err := os.MkdirAll(vectorDir, 0o755); err != nil {
			t.Fatal(err)
		}
		old, _ := filepath.Glob(filepath.Join(vectorDir, "*.json"))
		for _, f := range old {
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			if !slices.ContainsFunc(vs, func(v vector) bool { return v.name == name }) {
				if err := os.Remove(f); err != nil { // a vector no longer made
					t.Fatal(err)
				}
			}
		}
	}
	views := map[string]any{} // a *game.View or an *empire.View, by vector
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			frame, err := protocol.Marshal(v.seq, v.reply, v.msg)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(vectorDir, v.name+".json")
			if *update {
				have, view := describe(t, v, frame, views)
				views[v.name] = view
				data, err := json.Marshal(have)
				if err == nil {
					data, err = prettyJSON(data)
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write the vectors)", err)
			}
			var want vectorFile
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			// Encoding the message gives the file's bytes.
			if have := hex.EncodeToString(frame); have != want.Frame {
				t.Errorf("the codec encodes %s otherwise than the vector says: the wire form changed "+
					"(see the comment of update)\nhave %s\nwant %s", v.name, have, want.Frame)
			}
			// Decoding the file's bytes gives the file's meaning.
			bin, err := hex.DecodeString(want.Frame)
			if err != nil {
				t.Fatalf("%s: frame: %v", path, err)
			}
			have, view := describe(t, v, bin, views)
			views[v.name] = view
			compareFiles(t, have, &want)
		})
	}
	if !*update {
		files, _ := filepath.Glob(filepath.Join(vectorDir, "*.json"))
		if len(files) != len(vs) {
			t.Errorf("%s holds %d files, the test knows %d vectors (run -update)", vectorDir, len(files), len(vs))
		}
	}
}

// compareFiles reports every field of have that differs from want.
func compareFiles(t *testing.T, have, want *vectorFile) {
	t.Helper()
	same := func(a, b json.RawMessage) bool {
		var x, y bytes.Buffer
		if len(a) == 0 || len(b) == 0 {
			return len(a) == len(b)
		}
		if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
			return false
		}
		return bytes.Equal(x.Bytes(), y.Bytes())
	}
	for _, f := range []struct {
		name       string
		have, want any
		ok         bool
	}{
		{"name", have.Name, want.Name, have.Name == want.Name},
		{"about", have.About, want.About, have.About == want.About},
		{"from", have.From, want.From, have.From == want.From},
		{"type", have.Type, want.Type, have.Type == want.Type},
		{"type_name", have.TypeName, want.TypeName, have.TypeName == want.TypeName},
		{"seq", have.Seq, want.Seq, have.Seq == want.Seq},
		{"reply", have.Reply, want.Reply, have.Reply == want.Reply},
		{"message", string(have.Message), string(want.Message), same(have.Message, want.Message)},
		{"payloads", have.Payloads, want.Payloads, reflect.DeepEqual(have.Payloads, want.Payloads)},
		{"applies_to", have.AppliesTo, want.AppliesTo, have.AppliesTo == want.AppliesTo},
		{"view", string(have.View), string(want.View), same(have.View, want.View)},
		{"checksum", have.Checksum, want.Checksum, have.Checksum == want.Checksum},
		{"checksum_hex", have.ChecksumHex, want.ChecksumHex, have.ChecksumHex == want.ChecksumHex},
		{"checksum_input", have.ChecksumInput, want.ChecksumInput, have.ChecksumInput == want.ChecksumInput},
	} {
		if !f.ok {
			t.Errorf("decoding the vector's frame gives another %s:\nhave %v\nwant %v", f.name, f.have, f.want)
		}
	}
}

// describe decodes frame, a frame of vector v, as the receiving side must
// (protocol's Limits.ReadClient or ReadServer, then the hex ruleset's
// payload decoders) and returns what its file says of it, and the view the
// client holds after it (nil for a frame without a view). views holds the
// views of the vectors before.
func describe(t *testing.T, v vector, frame []byte, views map[string]any) (*vectorFile, any) {
	t.Helper()
	read := protocol.DefaultLimits().ReadServer
	if v.from == "client" {
		read = protocol.DefaultLimits().ReadClient
	}
	env, msg, err := read(frame)
	if err != nil {
		t.Fatalf("the %s's side refuses the frame: %v", map[string]string{"client": "server", "server": "client"}[v.from], err)
	}
	// The frame decodes to the message it was made of: re-encoded, it
	// gives the same bytes.
	again, err := protocol.Marshal(env.Seq, env.Reply, msg)
	if err != nil || !bytes.Equal(again, frame) {
		t.Errorf("the decoded message encodes otherwise (%v):\nhave %x\nwant %x", err, again, frame)
	}
	f := &vectorFile{Name: v.name, About: v.about, From: v.from, Frame: hex.EncodeToString(frame),
		Type: int(env.Type), TypeName: env.Type.String(), Seq: env.Seq, Reply: env.Reply}

	payloads := map[string]any{} // the decoded payloads, by field
	var view any
	switch v.ruleset {
	case empire.ID:
		view = describeEmpire(t, v, msg, views, payloads, f)
	case risk.ID:
		view = describeRisk(t, v, msg, views, payloads, f)
	case duel.ID:
		view = describeDuel(t, v, msg, views, payloads, f)
	case generals.ID:
		view = describeGenerals(t, v, msg, views, payloads, f)
	default:
		view = describeHex(t, v, msg, views, payloads, f)
	}
	obj := object{}
	rv := reflect.ValueOf(msg).Elem()
	for i := range rv.NumField() {
		sf := rv.Type().Field(i)
		if !sf.IsExported() {
			continue
		}
		fv := rv.Field(i)
		if sf.Type == reflect.TypeFor[protocol.Payload]() {
			p, ok := payloads[sf.Name]
			if !ok {
				t.Fatalf("no decoder for the payload %s.%s", rv.Type().Name(), sf.Name)
			}
			if f.Payloads == nil {
				f.Payloads = map[string]string{}
			}
			f.Payloads[sf.Name] = hex.EncodeToString(fv.Bytes())
			obj = append(obj, member{sf.Name, meaning(reflect.ValueOf(p))})
			continue
		}
		obj = append(obj, member{sf.Name, meaning(fv)})
	}
	f.Message = mustJSON(t, obj)
	if view != nil {
		f.View = mustJSON(t, meaning(reflect.ValueOf(view)))
	}
	return f, view
}

// describeHex decodes the payloads of msg, a message of a hex ruleset's
// game (or of none), into payloads and f, and returns the view the client
// holds after it, nil for a message without a view.
func describeHex(t *testing.T, v vector, msg protocol.Message, views map[string]any, payloads map[string]any, f *vectorFile) any {
	t.Helper()
	var view *game.View
	switch m := msg.(type) {
	case *protocol.FullView:
		gv, err := game.DecodeView(m.View)
		if err != nil {
			t.Fatal(err)
		}
		payloads["View"], view = gv, gv
		checkSum(t, gv, m.Checksum, f)
	case *protocol.TurnUpdate:
		d, err := game.DecodeDelta(m.Delta)
		if err != nil {
			t.Fatal(err)
		}
		// The hex scenes' battle words are erfworld's (erfpires writes
		// none from its reports).
		ev, err := hexgame.DecodeEvents(m.Events, hexRules(t, "erfworld"))
		if err != nil {
			t.Fatal(err)
		}
		payloads["Delta"], payloads["Events"] = d, ev
		prev, ok := views[v.appliesTo].(*game.View)
		if !ok {
			skip.Now(t, skip.Partial, "the delta applies to the view of vector %s, which did not run: run the whole TestVectors", v.appliesTo)
		}
		if view, err = game.Apply(prev, d); err != nil {
			t.Fatal(err)
		}
		f.AppliesTo = v.appliesTo
		checkSum(t, view, m.Checksum, f)
	case *protocol.SubmitOrders:
		orders, err := hexgame.DecodeOrders(m.Orders, game.Turn(m.Turn))
		if err != nil {
			t.Fatal(err)
		}
		payloads["Orders"] = orders
	case *protocol.Act:
		payloads["Action"] = plainValue(t, m.Action)
	case *protocol.RulesData:
		// The dictionary's hash, computed as docs/protocol.md says
		// ("Event templates"): FNV-1a 32 over the templates, each
		// followed by a 0xff byte.
		h := uint32(0x811c9dc5)
		for _, tmpl := range m.Templates {
			for _, c := range append([]byte(tmpl), 0xff) {
				h = (h ^ uint32(c)) * 0x01000193
			}
		}
		if len(m.Templates) > 0 && h != m.Dict || m.CheckTemplates() != nil {
			t.Errorf("the templates hash to %08x as documented (%v), the message names %08x", h, m.CheckTemplates(), m.Dict)
		}
	}
	if view == nil {
		return nil
	}
	return view
}

// checkSum checks that v's checksum is sum (the message's), that the
// documented algorithm (checksumInput, fnv1a64With32) gives it too, and
// records it in f.
func checkSum(t *testing.T, v *game.View, sum uint64, f *vectorFile) {
	t.Helper()
	if have := v.Checksum(); have != sum {
		t.Errorf("the view's checksum is %016x, the message says %016x", have, sum)
	}
	in := checksumInput(v)
	if have := fnv1a64With32(in); have != sum {
		t.Errorf("the documented checksum algorithm gives %016x, the message says %016x", have, sum)
	}
	f.Checksum = strconv.FormatUint(sum, 10)
	f.ChecksumHex = fmt.Sprintf("%016x", sum)
	f.ChecksumInput = hex.EncodeToString(in)
}

// viewSum checks that the checksum of v, a ruleset's view, is sum (the
// message's), computed as docs/protocol.md says too (64-bit FNV-1a of the
// view's encoding, with 32-bit halves), and records it in f.
func viewSum(t *testing.T, v ruleset.View, sum uint64, f *vectorFile) {
	t.Helper()
	in, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if have := v.Checksum(); have != sum {
		t.Errorf("the view's checksum is %016x, the message says %016x", have, sum)
	}
	if have := fnv1a64With32(in); have != sum {
		t.Errorf("the documented checksum algorithm gives %016x, the message says %016x", have, sum)
	}
	f.Checksum = strconv.FormatUint(sum, 10)
	f.ChecksumHex = fmt.Sprintf("%016x", sum)
	f.ChecksumInput = hex.EncodeToString(in)
}

func mustJSON(t *testing.T, x any) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// member and object make a JSON object whose keys keep their order (Go's
// field order).
type member struct {
	key string
	val any
}

type object []member

// MarshalJSON implements json.Marshaler.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// meaning returns v as the vectors' JSON shows it: a struct as an object
// of its exported fields in order, a nil slice or pointer as null, every
// list (of bytes too) as an array, a uint64 as a decimal string (exact in
// every JSON reader), other numbers as numbers.
func meaning(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return meaning(v.Elem())
	case reflect.Struct:
		obj := object{}
		for i := range v.NumField() {
			if sf := v.Type().Field(i); sf.IsExported() {
				obj = append(obj, member{sf.Name, meaning(v.Field(i))})
			}
		}
		return obj
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = meaning(v.Index(i))
		}
		return out
	case reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return v.Uint()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Bool:
		return v.Bool()
	case reflect.String:
		return v.String()
	}
	panic(fmt.Sprintf("meaning: a %s", v.Type()))
}

// jsonNode is a parsed JSON value that keeps its objects' key order: a
// scalar (raw, its JSON text), an array (elems) or an object (keys and
// elems).
type jsonNode struct {
	raw    string
	keys   []string
	elems  []*jsonNode
	object bool
}

// parseJSON reads one JSON value from dec.
func parseJSON(dec *json.Decoder) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		raw, err := json.Marshal(tok)
		return &jsonNode{raw: string(raw)}, err
	}
	n := &jsonNode{object: d == '{'}
	for dec.More() {
		if n.object {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, k.(string))
		}
		e, err := parseJSON(dec)
		if err != nil {
			return nil, err
		}
		n.elems = append(n.elems, e)
	}
	_, err = dec.Token() // the closing delimiter
	return n, err
}

// compact returns n on one line.
func (n *jsonNode) compact() string {
	if n.raw != "" {
		return n.raw
	}
	var b strings.Builder
	open, end := "[", "]"
	if n.object {
		open, end = "{", "}"
	}
	b.WriteString(open)
	for i, e := range n.elems {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.object {
			k, _ := json.Marshal(n.keys[i])
			b.Write(k)
			b.WriteString(": ")
		}
		b.WriteString(e.compact())
	}
	b.WriteString(end)
	return b.String()
}

// write writes n indented by indent spaces, a container on one line when
// it fits in the width, a long list of scalars filling lines.
func (n *jsonNode) write(b *strings.Builder, indent int) {
	const width = 100
	if c := n.compact(); n.raw != "" || indent+len(c) <= width {
		b.WriteString(c)
		return
	}
	pad := strings.Repeat(" ", indent+2)
	scalars := !n.object
	for _, e := range n.elems {
		scalars = scalars && e.raw != ""
	}
	if scalars {
		b.WriteString("[\n" + pad)
		col := len(pad)
		for i, e := range n.elems {
			if i > 0 {
				if col+len(e.raw)+2 > width {
					b.WriteString(",\n" + pad)
					col = len(pad)
				} else {
					b.WriteString(", ")
					col += 2
				}
			}
			b.WriteString(e.raw)
			col += len(e.raw)
		}
		b.WriteString("\n" + pad[:indent] + "]")
		return
	}
	open, end := "[", "]"
	if n.object {
		open, end = "{", "}"
	}
	b.WriteString(open + "\n")
	for i, e := range n.elems {
		b.WriteString(pad)
		if n.object {
			k, _ := json.Marshal(n.keys[i])
			b.Write(k)
			b.WriteString(": ")
		}
		e.write(b, indent+2)
		if i < len(n.elems)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(pad[:indent] + end)
}

// prettyJSON returns the JSON value data indented for people.
func prettyJSON(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseJSON(dec)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	n.write(&b, 0)
	return []byte(b.String()), nil
}

// checksumInput returns the bytes game.View.Checksum hashes, written from
// docs/protocol.md ("The view checksum") alone.
func checksumInput(v *game.View) []byte {
	var b []byte
	uv := func(x uint64) { b = binary.AppendUvarint(b, x) }
	sv := func(x int64) { b = binary.AppendVarint(b, x) }
	flag := func(x bool) {
		if x {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	str := func(s string) { uv(uint64(len(s))); b = append(b, s...) }
	uv(1) // the wire version
	sv(int64(v.Turn))
	uv(uint64(v.You))
	str(v.Ruleset)
	sv(int64(v.Width))
	sv(int64(v.Height))
	flag(v.Over)
	uv(uint64(v.Winner))
	uv(uint64(len(v.Players)))
	for _, p := range v.Players {
		uv(uint64(p.ID))
		str(p.Name)
		flag(p.Alive)
		sv(int64(p.EliminatedTurn))
		sv(p.Treasury)
		uv(uint64(len(p.Stock)))
		for _, x := range p.Stock {
			sv(int64(x))
		}
	}
	uv(uint64(len(v.Terrain)))
	for _, x := range v.Terrain {
		b = append(b, byte(x))
	}
	uv(uint64(len(v.Visible)))
	for _, w := range v.Visible {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	uv(uint64(len(v.Armies)))
	for _, a := range v.Armies {
		uv(uint64(a.ID))
		uv(uint64(a.Owner))
		sv(int64(a.Hex.Q))
		sv(int64(a.Hex.R))
		flag(a.Naval)
		uv(uint64(len(a.Units)))
		for _, x := range a.Units {
			sv(int64(x))
		}
		sv(int64(a.NumCharacters))
		uv(uint64(len(a.Characters)))
		for _, c := range a.Characters {
			uv(uint64(c.ID))
			uv(uint64(c.Kind))
			sv(int64(c.Level))
		}
		uv(uint64(a.Carrier))
		uv(uint64(a.Stance.Kind))
		sv(int64(a.Stance.Dir))
		sv(int64(a.Seen))
		flag(a.Remembered)
	}
	uv(uint64(len(v.Cities)))
	for _, c := range v.Cities {
		uv(uint64(c.ID))
		uv(uint64(c.Owner))
		sv(int64(c.Hex.Q))
		sv(int64(c.Hex.R))
		sv(int64(c.Level))
		flag(c.Capital)
		sv(int64(c.Seen))
		flag(c.Remembered)
	}
	if len(v.Structures) > 0 {
		uv(uint64(len(v.Structures)))
		for _, st := range v.Structures {
			uv(uint64(st.ID))
			uv(uint64(st.Kind))
			uv(uint64(st.Owner))
			sv(int64(st.Hex.Q))
			sv(int64(st.Hex.R))
			sv(int64(st.Seen))
			flag(st.Remembered)
		}
	}
	return b
}

// fnv1a64With32 is 64-bit FNV-1a computed with 32-bit halves only, as
// docs/protocol.md tells a client without 64-bit integers to compute it.
func fnv1a64With32(data []byte) uint64 {
	hi, lo := uint32(0xcbf29ce4), uint32(0x84222325) // the offset basis
	for _, c := range data {
		lo ^= uint32(c)
		// h * 0x100000001b3 = h * 0x1b3 + (h << 40), modulo 2^64.
		p := uint64(lo) * 0x1b3 // below 2^41: exact in a float64 too
		hi = hi*0x1b3 + uint32(p>>32) + lo<<8
		lo = uint32(p)
	}
	return uint64(hi)<<32 | uint64(lo)
}

// TestViewChecksumAlgorithm checks the documented checksum algorithm
// (checksumInput, fnv1a64With32) against game.View.Checksum on the views
// of played games: every player's, a spectator's, the all-seeing one, and
// views with structures.
func TestViewChecksumAlgorithm(t *testing.T) {
	var views []*game.View
	for _, v := range small.views {
		views = append(views, v.V)
	}
	views = append(views, game.NewView(small.s, 0), game.AllSeeingView(small.s))
	ep := erfpiresScene(t)
	views = append(views, ep.before, ep.after, game.AllSeeingView(ep.s))
	ew := erfworldScene(t)
	views = append(views, ew.before, ew.after)
	for i, v := range views {
		in := checksumInput(v)
		h := fnv.New64a()
		h.Write(in)
		if have, want := h.Sum64(), v.Checksum(); have != want {
			t.Errorf("view %d: the documented input hashes to %016x, Checksum is %016x", i, have, want)
		}
		if have, want := fnv1a64With32(in), v.Checksum(); have != want {
			t.Errorf("view %d: FNV-1a with 32-bit halves gives %016x, Checksum is %016x", i, have, want)
		}
	}
}

// TestDocNamesEveryNumber checks that docs/protocol.md lists every message
// type, error code, protocol version and hex order and event kind with its
// number, as rows of its tables ("| 1 | `Hello` |").
func TestDocNamesEveryNumber(t *testing.T) {
	data, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	row := func(n any, name string) {
		t.Helper()
		re := regexp.MustCompile(`(?m)^\| *` + regexp.QuoteMeta(fmt.Sprint(n)) + ` *\| *` + regexp.QuoteMeta(name) + ` *\|`)
		if !re.MatchString(doc) {
			t.Errorf("docs/protocol.md has no table row | %v | %s |", n, name)
		}
	}
	for _, ty := range protocol.Types() {
		row(int(ty), "`"+ty.String()+"`")
	}
	for c := protocol.BadVersion; c <= protocol.Unavailable; c++ {
		row(int(c), c.String())
	}
	for _, c := range protocol.History() {
		row(c.Version, c.Date)
	}
	kinds := []struct {
		n    any
		name string
	}{
		{game.OrderMove, "OrderMove"}, {game.OrderAttack, "OrderAttack"}, {game.OrderFollow, "OrderFollow"},
		{game.OrderExplore, "OrderExplore"}, {game.OrderStance, "OrderStance"},
		{erfworldrules.OrderBuildCity, "OrderBuildCity"}, {erfworldrules.OrderUpgrade, "OrderUpgrade"},
		{erfworldrules.OrderForm, "OrderForm"}, {erfworldrules.OrderWarlord, "OrderWarlord"},
		{erfworldrules.OrderCaster, "OrderCaster"}, {erfworldrules.OrderFleet, "OrderFleet"},
		{erfworldrules.OrderTradeGood, "OrderTradeGood"}, {erfworldrules.OrderCash, "OrderCash"},
		{erfworldrules.OrderTransfer, "OrderTransfer"}, {erfworldrules.OrderScout, "OrderScout"},
		{erfworldrules.OrderLook, "OrderLook"}, {erfworldrules.OrderCasualties, "OrderCasualties"},
		{erfworldrules.OrderLoad, "OrderLoad"}, {erfworldrules.OrderUnload, "OrderUnload"},
		{erfpiresrules.OrderBuildCity, "OrderBuildCity"}, {erfpiresrules.OrderBuild, "OrderBuild"},
		{erfpiresrules.OrderRecruit, "OrderRecruit"}, {erfpiresrules.OrderTax, "OrderTax"},
		{erfpiresrules.OrderTrade, "OrderTrade"}, {erfpiresrules.OrderTribute, "OrderTribute"},
		{game.EventMove, "EventMove"}, {game.EventBlocked, "EventBlocked"}, {game.EventBattle, "EventBattle"},
		{game.EventRetreat, "EventRetreat"}, {game.EventDestroyed, "EventDestroyed"},
		{game.EventCapture, "EventCapture"}, {game.EventOrderSkipped, "EventOrderSkipped"},
		{game.EventIncome, "EventIncome"}, {game.EventBuild, "EventBuild"},
		{game.EventEliminated, "EventEliminated"}, {game.EventVictory, "EventVictory"},
		{game.EventIntercept, "EventIntercept"}, {game.EventWithdraw, "EventWithdraw"},
		{game.EventReportShared, "EventReportShared"},
		{erfworldrules.EventLook, "EventLook"}, {erfworldrules.EventUpkeep, "EventUpkeep"},
		{erfworldrules.EventLevel, "EventLevel"}, {erfworldrules.EventFishing, "EventFishing"},
		{erfpiresrules.EventRecruit, "EventRecruit"}, {erfpiresrules.EventTax, "EventTax"},
		{erfpiresrules.EventTrade, "EventTrade"}, {erfpiresrules.EventTribute, "EventTribute"},
		{erfpiresrules.EventStructureTaken, "EventStructureTaken"}, {erfpiresrules.EventStructureLost, "EventStructureLost"},
	}
	for _, k := range kinds {
		row(k.n, "`"+k.name+"`")
	}
	// The empire ruleset's order and event kinds (section 14).
	for k := empire.Move; k <= empire.Peace; k++ {
		row(int(k), "`"+upperFirst(k.String())+"`")
	}
	for k := empire.EvMoved; k <= empire.EvGameOver; k++ {
		row(int(k), "`Ev"+strings.ReplaceAll(upperFirst(k.String()), " o", "O")+"`")
	}
}

// upperFirst returns s with its first letter in upper case.
func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// scene is a small hand-made game of a hex ruleset, on turn 2 with a turn
// to play: its state after the turn, the player 1's views before and
// after, the orders of the turn and the events player 1 gets of it.
type scene struct {
	s             *game.State
	before, after *game.View
	orders        []game.Order
	events        []game.Event
	// rules are the ruleset's, which write its battle words (the server
	// encodes the events with them).
	rules hexgame.Rules
}

// hexRules returns the engine's rules of the built-in hex ruleset id.
func hexRules(t *testing.T, id string) hexgame.Rules {
	t.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(id)
	if !ok {
		t.Fatalf("no ruleset %s", id)
	}
	return rs.(*hexgame.Ruleset).Rules()
}

// at returns the hex of column col, row row.
func at(col, row int) hexgrid.Hex { return hexgrid.FromOffset(hexgrid.Offset{Col: col, Row: row}) }

// newScene returns a state of ruleset rs on turn 1 with the map drawn in
// art and two players, Ansom (1) and Jillian (2).
func newScene(t *testing.T, rs hexgame.Rules, art string, stock int) *game.State {
	t.Helper()
	m, err := hexmap.Parse(art, rs.Terrain())
	if err != nil {
		t.Fatal(err)
	}
	n := m.Rect().Len()
	s := &game.State{Format: game.FormatVersion, Ruleset: rs.ID(), Seed: 7, Turn: 1, Map: m, RNG: game.NewRNG(7)}
	for i, name := range []string{"Ansom", "Jillian"} {
		s.Players = append(s.Players, game.Player{ID: game.PlayerID(i + 1), Name: name, Alive: true,
			Stock: make([]int32, stock)})
		s.Memory = append(s.Memory, game.Memory{Known: game.NewBitset(n), Seen: game.NewBitset(n), Visible: game.NewBitset(n)})
	}
	return s
}

// validOrders fails t unless player p may give orders on s.
func validOrders(t *testing.T, s *game.State, rs game.Ruleset, p game.PlayerID, orders []game.Order) {
	t.Helper()
	if errs := game.ValidateOrders(s, rs, p, orders); len(errs) > 0 {
		t.Fatalf("the scene's orders of %s are refused: %v", p, errs[0])
	}
}

// erfworldScene is a small erfworld game on a 10x7 map. On turn 1 Ansom's
// Warlord stood next to an army of Jillian's, then both went away: on turn
// 2 Ansom has his Capital with a garrison, the Warlord's army (standing
// Intercept) two hexes west, a fleet carrying an army, another army of
// Jillian's in sight and the one of turn 1 remembered. Ansom's orders for
// turn 2 march the Warlord two hexes east and sail the fleet one hex west:
// the delta moves them, drops the remembered army (its hex is in sight
// again and empty), shows a neutral city and new terrain, turns the army in
// sight into a remembered one, and adds the turn's income. The movement is
// the engine's (game.Move); the income is scripted, not the ruleset's, so
// that the vectors do not change with the rules data.
func erfworldScene(t *testing.T) *scene {
	t.Helper()
	rs := hexRules(t, "erfworld")
	s := newScene(t, rs, `
~ ~ . . " f . . . .
 ~ ~ . . . f f . ^ .
~ . . " . . . . ^ .
 ~ . . . . f . . . .
. . ^ . . . " . . .
 . . ^ ^ . . . f . .
. . . . . . . . . .
`, erfworldrules.NumStock)
	s.Players[0].Treasury, s.Players[1].Treasury = 24, 31
	s.Players[0].Stock[erfworldrules.StockTradeGoods] = 1
	capital := s.AddCity(game.City{Owner: 1, Hex: at(3, 1), Level: 5, Capital: true})
	_ = s.AddCity(game.City{Owner: 0, Hex: at(5, 2), Level: 2})
	_ = s.AddCity(game.City{Owner: 2, Hex: at(9, 6), Level: 5, Capital: true})
	_ = s.AddArmy(game.Army{Owner: 1, Hex: s.City(capital).Hex, Units: game.Units{4}})
	warlord := game.Character{ID: game.CharacterID(s.NewID()), Kind: erfworldrules.CharWarlord, Level: 2}
	march := s.AddArmy(game.Army{Owner: 1, Hex: at(4, 4), Units: game.Units{6, 2, 0, 1},
		Characters: []game.Character{warlord}, Stance: game.Stance{Kind: game.Intercept}})
	fleet := s.AddArmy(game.Army{Owner: 1, Hex: at(1, 1), Naval: true})
	carried := game.Character{ID: game.CharacterID(s.NewID()), Kind: erfworldrules.CharWarlord, Level: 1}
	_ = s.AddArmy(game.Army{Owner: 1, Hex: at(1, 1), Units: game.Units{2}, Characters: []game.Character{carried},
		Carrier: fleet})
	gone := s.AddArmy(game.Army{Owner: 2, Hex: at(5, 4), Units: game.Units{3, 0, 1}})
	jw := game.Character{ID: game.CharacterID(s.NewID()), Kind: erfworldrules.CharWarlord, Level: 3}
	_ = s.AddArmy(game.Army{Owner: 2, Hex: at(3, 4), Units: game.Units{5, 1}, Characters: []game.Character{jw}})
	game.RecordVision(s, rs) // turn 1: the Warlord sees Jillian's armies
	// Turn 1 is played: the Warlord falls back, one of Jillian's armies
	// goes east, unseen.
	s.Army(march).Hex = at(2, 3)
	s.Army(gone).Hex = at(7, 5)
	s.Turn = 2
	game.BeginTurnVision(s)
	game.RecordVision(s, rs)
	before := game.NewView(s, 1)

	orders := []game.Order{
		{Turn: 2, Kind: game.OrderMove, Army: march, Path: []hexgrid.Hex{at(3, 3), at(4, 3)}},
		{Turn: 2, Kind: game.OrderMove, Army: fleet, Path: []hexgrid.Hex{at(0, 1)}},
	}
	validOrders(t, s, rs, 1, orders)
	ev := &game.Events{}
	game.BeginTurnVision(s)
	s.Players[0].Treasury += 5
	ev.Add(game.Event{Turn: 2, Kind: game.EventIncome, Player: 1, Amount: 5, Text: "5 from cities"})
	game.Move(s, rs, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2}}, ev)
	game.RecordVision(s, rs)
	s.Turn = 3
	return &scene{s: s, before: before, after: game.NewView(s, 1), orders: orders, events: ev.For(s, 1), rules: rs}
}

// erfworldBattle plays turn 3 of the erfworld scene sc: Ansom's Warlord
// attacks the army of Jillian's he remembers, led by a Warlord too. The
// battle is the erfworld ruleset's own (its dice, Warlord points and
// report), so this scene, unlike the others, follows the ruleset's combat
// data.
func erfworldBattle(t *testing.T, sc *scene) *scene {
	t.Helper()
	rs := hexRules(t, "erfworld")
	s := sc.s.Clone()
	var warlord, target game.ArmyID
	for _, a := range s.Armies {
		switch {
		case a.Owner == 1 && len(a.Characters) > 0 && a.Carrier == 0:
			warlord = a.ID
		case a.Owner == 2 && len(a.Characters) > 0:
			target = a.ID
		}
	}
	orders := []game.Order{{Turn: 3, Kind: game.OrderAttack, Army: warlord, Target: target}}
	validOrders(t, s, rs, 1, orders)
	ev := &game.Events{}
	game.BeginTurnVision(s)
	game.Move(s, rs, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2}}, ev)
	game.RecordVision(s, rs)
	s.Turn = 4
	return &scene{s: s, before: sc.after, after: game.NewView(s, 1), orders: orders, events: ev.For(s, 1), rules: rs}
}

// erfpiresScene is a small erfpires game with structures, on a 10x7 map.
// On turn 2 Ansom has a city with an army and a Farm beside it, an army on
// his Fort, and a builder army; he sees Jillian's Dinglehoober and an army
// of hers, and remembers a Farm of hers that his builder saw on turn 1.
// Ansom's one order of the day builds a Fort where the builder stands;
// Jillian's army marches onto Ansom's Farm and burns it at dusk. The
// delta adds the Fort, moves Jillian's army and removes the Farm. The
// movement is the engine's; the build and the burning are scripted as the
// ruleset does them (with the events it writes), so that the vectors do not
// change with the rules data.
func erfpiresScene(t *testing.T) *scene {
	t.Helper()
	rs := hexRules(t, "erfpires")
	d := rs.(*erfpiresrules.Rules).D
	kind := func(id string) game.StructureKind {
		k, ok := d.StructureKind(id)
		if !ok {
			t.Fatalf("erfpires has no structure %q", id)
		}
		return k
	}
	s := newScene(t, rs, `
. . f f . . n . . .
 . . . f . . n . . .
. . . . . . . . ~ ~
 . n . . . . . ~ ~ ~
. n . . f . . . ~ ~
 . . . . f . . . . ~
. . . . . . . . . .
`, erfpiresrules.NumStock)
	s.Players[0].Treasury, s.Players[1].Treasury = 12, 9
	s.Players[0].Stock[erfpiresrules.StockLastTax] = 1
	city := s.AddCity(game.City{Owner: 1, Hex: at(2, 2), Level: 1})
	_ = s.AddCity(game.City{Owner: 2, Hex: at(7, 5), Level: 1})
	farm := s.AddStructure(game.Structure{Kind: kind("farm"), Owner: 1, Hex: at(3, 2)})
	_ = s.AddArmy(game.Army{Owner: 1, Hex: s.City(city).Hex, Units: game.Units{2}})
	fort := s.AddStructure(game.Structure{Kind: kind("fort"), Owner: 1, Hex: at(4, 4)})
	_ = s.AddArmy(game.Army{Owner: 1, Hex: s.Structure(fort).Hex, Units: game.Units{3, 1}})
	_ = s.AddStructure(game.Structure{Kind: kind("dinglehoober"), Owner: 2, Hex: at(4, 5)})
	_ = s.AddStructure(game.Structure{Kind: kind("farm"), Owner: 2, Hex: at(7, 1)})
	builder := s.AddArmy(game.Army{Owner: 1, Hex: at(6, 1), Units: game.Units{1, 0, 1}})
	raider := s.AddArmy(game.Army{Owner: 2, Hex: at(4, 3), Units: game.Units{2, 1}})
	game.RecordVision(s, rs) // turn 1: the builder sees Jillian's Farm
	s.Army(builder).Hex = at(5, 1)
	s.Turn = 2
	game.BeginTurnVision(s)
	game.RecordVision(s, rs)
	before := game.NewView(s, 1)

	site := s.Army(builder).Hex
	orders := []game.Order{{Turn: 2, Kind: erfpiresrules.OrderBuild, Unit: game.UnitKind(kind("fort")), Hex: site}}
	validOrders(t, s, rs, 1, orders)
	raid := []game.Order{{Turn: 2, Kind: game.OrderMove, Army: raider, Path: []hexgrid.Hex{at(4, 2), at(3, 2)}}}
	validOrders(t, s, rs, 2, raid)
	ev := &game.Events{}
	game.BeginTurnVision(s)
	built := s.AddStructure(game.Structure{Kind: kind("fort"), Owner: 1, Hex: site})
	s.Players[0].Treasury -= 2
	ev.Add(game.Event{Turn: 2, Kind: game.EventBuild, Player: 1, From: site, To: site, HasHex: true, Amount: 2,
		Text: fmt.Sprintf("built a Fort (%s) on hex %s", built, site)})
	game.Move(s, rs, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2, Orders: raid}}, ev)
	if h := s.Army(raider).Hex; h != s.Structure(farm).Hex {
		t.Fatalf("Jillian's army stopped on hex %s, not on Ansom's Farm", h)
	}
	burnt := s.Structure(farm).Hex
	s.RemoveStructures(func(st *game.Structure) bool { return st.ID == farm })
	ev.Add(game.Event{Turn: 2, Kind: erfpiresrules.EventStructureTaken, Player: 2, From: burnt, To: burnt, HasHex: true, Amount: 1,
		Text: fmt.Sprintf("your army razed the Farm of player 1 on hex %s", burnt)})
	ev.Add(game.Event{Turn: 2, Kind: erfpiresrules.EventStructureLost, Player: 1, From: burnt, To: burnt, HasHex: true, Amount: 2,
		Text: fmt.Sprintf("an army of player 2 razed your Farm on hex %s", burnt)})
	game.RecordVision(s, rs)
	s.Turn = 3
	return &scene{s: s, before: before, after: game.NewView(s, 1), orders: orders, events: ev.For(s, 1), rules: rs}
}

// vectors returns the golden vectors, in the order of a session.
func vectors(t *testing.T) []vector {
	t.Helper()
	ew, ep := erfworldScene(t), erfpiresScene(t)
	battle := erfworldBattle(t, ew)
	fullView := func(v *game.View) *protocol.FullView {
		data, err := game.EncodeView(v)
		if err != nil {
			t.Fatal(err)
		}
		return &protocol.FullView{View: data, Checksum: v.Checksum()}
	}
	turnUpdate := func(sc *scene) *protocol.TurnUpdate {
		delta, err := game.EncodeDelta(game.Diff(sc.before, sc.after))
		if err != nil {
			t.Fatal(err)
		}
		events, err := hexgame.EncodeEvents(sc.events, sc.rules)
		if err != nil {
			t.Fatal(err)
		}
		return &protocol.TurnUpdate{Delta: delta, Checksum: sc.after.Checksum(), Events: events}
	}
	submit := func(sc *scene) *protocol.SubmitOrders {
		data, err := hexgame.EncodeOrders(sc.orders)
		if err != nil {
			t.Fatal(err)
		}
		turn := sc.orders[0].Turn
		return &protocol.SubmitOrders{Turn: protocol.Turn(turn), Orders: data, Seq: uint32(turn)} // a hex game's step is its turn
	}
	erfworldInfo := protocol.RulesetInfo{
		ID: "erfworld", Title: "Erfworld Empires", Summary: "Rival overlords build cities and march stacks across a hex world.",
		Board: "hex", MinSeats: 2, MaxSeats: 16,
		Settings: []protocol.SettingInfo{
			{Key: ruleset.KeyWidth, Label: "Map width", Help: "hexes across", Min: 16, Max: 512, Default: 48},
			{Key: ruleset.KeyHeight, Label: "Map height", Help: "hexes down", Min: 16, Max: 512, Default: 32},
		},
		Levels: []string{"passive", "random", "easy", "normal"}, Default: "normal",
		Hash: ruleset.HashData([]byte("an example of rules data")), Dict: hexgame.TemplatesHash(),
	}
	rulesData := []byte("id = \"erfworld\"\n")
	settings := protocol.Settings{Name: "Friday night", Ruleset: "erfworld", Width: 32, Height: 24, Seed: 12345678901234567890,
		Seats: 3, Bots: 1, TurnSeconds: 120, Password: "sesame", Spectators: true, AILevel: "easy",
		Options: []protocol.Option{}}
	token := protocol.SeatToken("0f1e2d3c4b5a69788796a5b4c3d2e1f0")
	badHello := protocol.CheckVersion(99, "server")
	all := []vector{
		{name: "01-hello", from: "client", seq: 1, msg: &protocol.Hello{Version: protocol.Version, Name: "Ansom", Client: "empires-js/0.1", Build: "v0.1.0"},
			about: "The client's first frame on a new connection: its protocol version, its player's name, its program and its build."},
		{name: "02-welcome", from: "server", seq: 1, reply: 1, msg: &protocol.Welcome{Version: protocol.Version, Server: "empires-server (LAN)",
			Rulesets: []protocol.RulesetInfo{erfworldInfo},
			Limits:   protocol.Limits{MaxClientMessage: 1 << 20, MaxServerMessage: 8 << 20, MaxOrders: 4096, MessagesPerSecond: 20, Burst: 60}.WithWork(),
			Build:    "v0.1.0"},
			about: "The server accepts the Hello (reply 1): its version, name, one ruleset (an example: a server lists each of its own; " +
				"Hash names its data, Dict its dictionary of event templates), the limits it enforces and its build."},
		{name: "03-error-bad-version", from: "server", seq: 1, reply: 1, msg: protocol.ErrorMessage(badHello),
			about: "What a client of protocol version 99 gets for its Hello (seq 1); the server closes the connection after it."},
		{name: "04-get-rules", from: "client", seq: 2, msg: &protocol.GetRules{Ruleset: "erfworld"},
			about: "The client holds other rules data than Welcome's hash says, and asks for the server's."},
		{name: "05-rules-data", from: "server", seq: 2, reply: 2, msg: &protocol.RulesData{Ruleset: "erfworld",
			Hash: ruleset.HashData(rulesData), Data: rulesData, Dict: hexgame.TemplatesHash(), Templates: hexgame.Templates()},
			about: "The answer to GetRules: the data (a binary blob, here a made-up one-line file) and its content hash, the hex SHA-256 of the data; " +
				"then the dictionary of event templates the hex rulesets' events name by number (this build's, whole) and its hash, the Dict of the ruleset's RulesetInfo."},
		{name: "06-list-games", from: "client", seq: 3, msg: &protocol.ListGames{},
			about: "A message without fields is an empty array."},
		{name: "07-game-list", from: "server", seq: 3, reply: 3, msg: &protocol.GameList{Games: []protocol.GameInfo{
			{Game: 3, Name: "Friday night", Ruleset: "erfworld", Width: 32, Height: 24, Seats: 3, Humans: 1, Bots: 1, HasPassword: true, Spectators: true},
		}}, about: "The answer to ListGames: one game waiting for players."},
		{name: "08-create-game", from: "client", seq: 4, msg: &protocol.CreateGame{Settings: settings},
			about: "A game of erfworld on a 32x24 map for three (one a bot at AI level \"easy\"), a two-minute turn timer, a password, spectators allowed; a 64-bit seed above 2^63."},
		{name: "09-joined", from: "server", seq: 4, reply: 4, msg: &protocol.Joined{Game: 3, Seat: 1, Token: token, Settings: settings.Public()},
			about: "The answer to CreateGame: the game's ID, the creator's seat (1: the host) and its seat token; the settings come back without the password."},
		{name: "10-lobby", from: "server", seq: 5, msg: &protocol.Lobby{Game: 3, Settings: settings.Public(), HasPassword: true, Host: 1,
			Seats: []protocol.SeatInfo{
				{Seat: 1, Name: "Ansom", Human: true, Connected: true},
				{Seat: 2},
				{Seat: 3, Name: "Bot 3", Bot: true, Ready: true},
			}},
			about: "The table, sent (reply 0) after Joined and on every change: seat 2 is open, seat 3 is the bot's."},
		{name: "11-chat", from: "client", seq: 5, msg: &protocol.Chat{Text: "ready when you are ✓"},
			about: "A chat line to the others in the client's game (UTF-8)."},
		{name: "12-chat-message", from: "server", seq: 6, reply: 5, msg: &protocol.ChatMessage{From: 1, Name: "Ansom", Text: "ready when you are ✓"},
			about: "The line as everyone in the game gets it; the sender's own copy replies to its Chat (seq 5), the others' have reply 0."},
		{name: "13-set-ready", from: "client", seq: 6, msg: &protocol.SetReady{Ready: true},
			about: "Ready in the lobby, to start (Seq 0: no step yet). No reply: a Lobby shows it."},
		{name: "14-full-view-erfworld", from: "server", seq: 9, msg: fullView(ew.before),
			about: "Ansom's whole view of a small erfworld game (10x7 hexes) on turn 2: his Capital and its garrison, a Warlord's army standing Intercept, a fleet carrying an army; Jillian's army in sight and another remembered from turn 1."},
		{name: "15-turn-clock", from: "server", seq: 11, msg: &protocol.TurnClock{Turn: 2, Deadline: 1795000000123,
			Ready: []protocol.Seat{2}, Mode: uint8(ruleset.Simultaneous), Seq: 2, Actors: []protocol.Seat{1, 2}},
			about: "Turn 2 of a simultaneous game, resolving at Unix time 1795000000.123 s or when both are ready; seat 2 is. Ready and Actors are lists of seats: msgpack bin, one byte a seat."},
		{name: "16-submit-orders", from: "client", seq: 7, msg: submit(ew),
			about: "Ansom's orders for turn 2, step 2 (TurnClock's Seq: a hex game's step is its turn): the Warlord's army marches two hexes east, the fleet sails one hex."},
		{name: "17-orders-result", from: "server", seq: 12, reply: 7, msg: &protocol.OrdersResult{Turn: 2, Accepted: 2},
			about: "Both orders accepted."},
		{name: "18-orders-result-refused", from: "server", seq: 13, reply: 8, msg: &protocol.OrdersResult{Turn: 2,
			Errors: []protocol.Rejection{{Index: 1, Order: "move army 9", Reason: "army 9 does not exist"}}},
			about: "A list with a bad second order (index 1): the whole list is refused, Accepted is 0."},
		{name: "19-turn-update-erfworld", from: "server", seq: 14, msg: turnUpdate(ew), appliesTo: "14-full-view-erfworld",
			about: "The resolved turn 2 for Ansom: the delta from his turn-2 view (vector 14) to his turn-3 view, and his events."},
		{name: "20-submit-orders-attack", from: "client", seq: 9, msg: submit(battle),
			about: "Ansom's order for turn 3: his Warlord's army attacks the army of Jillian's he remembers (Target)."},
		{name: "21-turn-update-battle", from: "server", seq: 17, msg: turnUpdate(battle), appliesTo: "19-turn-update-erfworld",
			about: "Turn 3: the battle, with the erfworld ruleset's whole report (every die, Warlord points, characters), and Jillian's retreat; the delta from the view of vector 19."},
		{name: "22-request-view", from: "client", seq: 10, msg: &protocol.RequestView{},
			about: "The client's view has another checksum than the server's: it asks for the whole view (answered by a FullView with reply 0)."},
		{name: "23-join-game", from: "client", seq: 2, msg: &protocol.JoinGame{Game: 3, Token: token},
			about: "On a new connection after a dropped one, after its Hello: take seat 1 of game 3 back with its token."},
		{name: "24-full-view-erfpires", from: "server", seq: 9, msg: fullView(ep.before),
			about: "Ansom's view of a small erfpires game on turn 2, with structures: his Farm and Fort, Jillian's Dinglehoober in sight and her Farm remembered from turn 1."},
		{name: "25-turn-update-erfpires", from: "server", seq: 14, msg: turnUpdate(ep), appliesTo: "24-full-view-erfpires",
			about: "Turn 2 of the erfpires game: a Fort built, an army moved, Jillian's remembered Farm found gone."},
		{name: "26-game-over", from: "server", seq: 21, msg: &protocol.GameOver{Winner: 2, Turn: 40},
			about: "The game ended on turn 40, won by seat 2 (after the last TurnUpdate)."},
		{name: "27-ping", from: "client", seq: 11, msg: &protocol.Ping{}, about: "Are you there?"},
		{name: "28-pong", from: "server", seq: 22, reply: 11, msg: &protocol.Pong{}, about: "The answer to Ping."},
		{name: "29-bye", from: "server", seq: 23, msg: &protocol.Bye{Reason: "server shutting down"},
			about: "The server's last frame before it closes the websocket."},
		{name: "30-set-ready-step", from: "client", seq: 8, msg: &protocol.SetReady{Ready: true, Seq: 2},
			about: "Done with the orders of step 2 (TurnClock's Seq). Sent late, once step 2 is past, it would be refused (WrongTurn), never taken for the next step. No reply: a TurnClock shows it."},
		{name: "31-turn-clock-concurrent", from: "server", seq: 31, msg: &protocol.TurnClock{Turn: 3, Deadline: 1795000300000,
			Mode: uint8(ruleset.Concurrent), Seq: 14, Actors: []protocol.Seat{2, 3}, Prompt: "offer, accept or pass",
			Since: 12, Phase: "Round 3 · Trade"},
			about: "A concurrent step of some territory game, a trading table named \"Round 3 · Trade\" for the top bar: it started at step 12 (Since), two actions were applied since (Seq 14), seats 2 and 3 may still act, until Unix time 1795000300 s (the step's own limit, or the host's timer)."},
		{name: "32-act-concurrent", from: "client", seq: 12, msg: &protocol.Act{Seq: 13, Action: protocol.Payload{0x92, 0xa6, 'a', 'c', 'c', 'e', 'p', 't', 0x07}},
			about: "Seat 3 accepts offer 7 (an action of that game's), naming step 13, the one it saw: another seat's action since made the step 14, but any Seq from Since (12) on is taken."},
		{name: "33-act-result", from: "server", seq: 32, reply: 12, msg: &protocol.ActResult{Seq: 13},
			about: "The action applied (no Error); every member then gets its TurnUpdate and the TurnClock of step 15."},
		{name: "34-set-seat-data", from: "client", seq: 3, msg: &protocol.SetSeatData{Data: []byte("7 cups\n9 swords\n")},
			about: "At the table of a game whose ruleset has SeatSetup, the player's deck: the ruleset's bytes as a msgpack bin (here Duel's text, one card a line; a real deck has 20 lines)."},
		{name: "35-seat-data-result", from: "server", seq: 7, reply: 3, msg: &protocol.SeatDataResult{Errors: []protocol.Rejection{
			{Index: 1, Order: "2 × Lancer", Reason: "a deck holds at most 1 Lancer"},
			{Index: 3, Order: "40 × Farmer", Reason: "a deck holds at most 4 of each common card"},
		}},
			about: "The deck refused, with every problem found: the card of line 1 and the card of line 3 (Index); nothing is kept."},
		{name: "36-seat-data-accepted", from: "server", seq: 9, reply: 5, msg: &protocol.SeatDataResult{Accepted: true},
			about: "A later deck accepted: it is now the seat's, and the table's Lobby shows HasData for the seat (never the deck)."},
		{name: "37-bye-host-ended", from: "server", seq: 24, msg: &protocol.Bye{Reason: protocol.ReasonHostEnded},
			about: "The last frame of a server a player's client ran for a LAN game, which that player, its host, left: the close frame (1001) follows with the same reason, and the client does not reconnect."},
		{name: "38-missed", from: "server", seq: 15, msg: &protocol.Missed{Steps: []protocol.MissedStep{
			{Turn: 2, Events: turnUpdate(ew).Events}}},
			about: "Ansom comes back after turn 2 was played without him: after his FullView, the events of the turn he missed, as vector 19's TurnUpdate carried them."},
	}
	all = append(all, empireVectors(t)...)
	all = append(all, riskVectors(t)...)
	all = append(all, duelVectors(t)...)
	return append(all, generalsVectors(t)...)
}

// plainValue decodes the payload of a game this package knows no decoder
// of (a made-up card game's action or deck) as a plain msgpack value.
func plainValue(t *testing.T, p protocol.Payload) any {
	t.Helper()
	var v any
	if err := msgpack.Unmarshal(p, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestScenes checks that the vectors' hand-made games show what their
// descriptions say, so a rewrite of the vectors keeps their point.
func TestScenes(t *testing.T) {
	ew := erfworldScene(t)
	d := game.Diff(ew.before, ew.after)
	hasDir, hasVector := false, false
	for _, mv := range d.Moved {
		_, ok := hexgrid.DirectionTo(hexgrid.Hex{}, mv.By)
		hasDir, hasVector = hasDir || ok, hasVector || !ok
	}
	remembered := slices.ContainsFunc(ew.before.Armies, func(a game.ArmyView) bool { return a.Remembered })
	inSight := slices.ContainsFunc(ew.before.Armies, func(a game.ArmyView) bool { return a.Owner == 2 && !a.Remembered })
	carried := slices.ContainsFunc(ew.before.Armies, func(a game.ArmyView) bool { return a.Carrier != 0 })
	unknown := slices.Contains(ew.before.Terrain, 255)
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"erfworld: a move by one direction in the delta", hasDir},
		{"erfworld: a move by another vector in the delta", hasVector},
		{"erfworld: a remembered enemy army in the view", remembered},
		{"erfworld: an enemy army in sight in the view", inSight},
		{"erfworld: a carried army in the view", carried},
		{"erfworld: unknown terrain in the view", unknown},
		{"erfworld: terrain changes in the delta", len(d.Terrain) > 0},
		{"erfworld: visible changes in the delta", len(d.Visible) > 0},
		{"erfworld: a city in the delta", len(d.Cities) > 0},
		{"erfworld: a player in the delta", len(d.Players) > 0},
		{"erfworld: two visible words", len(ew.before.Visible) == 2},
		{"erfworld: move events", slices.ContainsFunc(ew.events, func(e game.Event) bool { return e.Kind == game.EventMove })},
	} {
		if !c.ok {
			t.Errorf("the scene lacks %s", c.what)
		}
	}
	var report *game.BattleReport
	for _, e := range erfworldBattle(t, ew).events {
		if e.Battle != nil {
			report = e.Battle
		}
	}
	switch {
	case report == nil:
		t.Error("the battle scene has no battle")
	case len(report.Sides[0].Dice) == 0 || len(report.Sides[1].Characters) == 0 || report.Reason == "":
		t.Errorf("the battle's report lacks dice, characters or a reason: %+v", report)
	}
	ep := erfpiresScene(t)
	d = game.Diff(ep.before, ep.after)
	rememberedSt := slices.ContainsFunc(ep.before.Structures, func(st game.StructureView) bool { return st.Remembered })
	enemySt := slices.ContainsFunc(ep.before.Structures, func(st game.StructureView) bool { return st.Owner == 2 && !st.Remembered })
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"erfpires: a remembered structure in the view", rememberedSt},
		{"erfpires: an enemy structure in sight in the view", enemySt},
		{"erfpires: a structure added in the delta", len(d.Structures) > 0},
		{"erfpires: a structure removed in the delta", len(d.StructuresGone) > 0},
		{"erfpires: an army moved in the delta", len(d.Moved) > 0},
	} {
		if !c.ok {
			t.Errorf("the scene lacks %s", c.what)
		}
	}
	if ew.before.Ruleset != "erfworld" || ep.before.Ruleset != "erfpires" {
		t.Errorf("the scenes are of rulesets %q and %q", ew.before.Ruleset, ep.before.Ruleset)
	}
}
