package hexgame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// The compact wire form of a step's events (docs/protocol.md, section
// 10.8): the msgpack array [Version, Turn, Dict, Strings, Body]. Body is a
// byte string of the events one after the other, each a few unsigned
// LEB128 varints ("uvarint") and zigzag varints ("varint") as
// encoding/binary writes them, with no count: the events end where Body
// ends. An event says only what differs from the event before it or from
// the zero value, an army's path goes on from where its last event left
// it, a step to a neighbouring hex is its direction, a battle's dice are
// packed in bits (events_dice.go), the battle words a ruleset writes from
// the report are left out (events_battle.go), and every other text is a
// template with its numbers taken out: one of the build's templates
// (templates.go, named by Dict, their hash) or one of Strings. Decoding
// gives back exactly the events encoded (an empty list inside a battle
// report comes back nil).
//
// CHOICE: texts as templates, from a dictionary both sides hold or sent
// once a payload, rather than structured events whose words the client
// writes: the rulesets keep writing their own words (a mod's too, which
// the dictionary may miss: its templates then travel in Strings), every
// text comes back as it was, and the numbers in texts, which differ from
// event to event, cost a varint each. A payload names the dictionary it
// uses by its hash, so that a build with another dictionary refuses it
// instead of misreading it. The battle reports are the exception: their
// structure already says everything their words say, so a ruleset may
// write the words from it on both sides (BattleWriter).

// eventsWireVersion is the version of the compact form, element 0 of the
// payload.
const eventsWireVersion = 2

// eventsWire is the payload's msgpack array.
type eventsWire struct {
	Version uint8
	// Turn is the turn of the first event (0 if none): an event of
	// another turn says its own.
	Turn game.Turn
	// Dict is the hash of the build's templates (templatesHash) if the
	// payload uses them, else 0.
	Dict uint32
	// Strings are the texts' templates and literals, in the order of
	// their first use.
	Strings []string
	Body    []byte
}

// The flags that start an event, after which its fields come in the order
// of the bits. The common ones of a move come first, so that a move's
// flags take one byte.
const (
	evPlayer  = 1 << iota // Player differs from the last event's: uvarint
	evArmy                // Army is not 0: varint, from the last Army written
	evHasHex              // HasHex
	evFromLow             // from*: how From is written (two bits)
	evFromHigh
	evToLow // to*: how To is written (two bits)
	evToHigh
	evKind   // Kind differs from the last event's: uvarint
	evStep   // Step differs from the last event's: varint
	evCity   // City is not 0: uvarint
	evAmount // Amount is not 0: varint
	evText   // Text is not "": a text
	evBattle // Battle is not nil: a battle report
	evTurn   // Turn differs from the payload's: varint
	evAll    = 1<<iota - 1
)

// How an event's From is written (its flags' bits evFromLow and
// evFromHigh).
const (
	fromZero = 0          // (0,0): nothing
	fromHex  = evFromLow  // varint Q, varint R
	fromLast = evFromHigh // the To of the last event of the same Army: nothing
	fromMask = evFromLow | evFromHigh
)

// How an event's To is written (its flags' bits evToLow and evToHigh).
const (
	toZero = 0        // (0,0): nothing
	toFrom = evToLow  // To is From: nothing
	toDir  = evToHigh // To is From's neighbour: uvarint direction
	toHex  = evToLow | evToHigh
)

// The kinds of a text's reference (text), the reference's remainder
// modulo 3 after the 1 of the empty text.
const (
	refDict     = 0 // a template of the build's dictionary (templateAt)
	refTemplate = 1 // a template of Strings
	refLiteral  = 2 // a text of Strings, whole
)

// HashTemplates returns the hash that names a dictionary of templates
// (ruleset.HashTemplates).
func HashTemplates(templates []string) uint32 { return ruleset.HashTemplates(templates) }

// Templates returns the build's dictionary of templates, in order: the
// dictionary the events' Dict names, which the server sends its clients
// (protocol.RulesData) so that they need not have it built in.
func Templates() []string {
	out := make([]string, numTemplates)
	for i := range out {
		out[i] = templateAt(i)
	}
	return out
}

// TemplatesHash returns the hash of Templates (HashTemplates).
func TemplatesHash() uint32 { return templatesHash }

// textMarker stands in a template for a number taken out of the text.
const textMarker = 0

// maxTextDigits is the most digits of a number a template takes out (so
// that it fits a uint64).
const maxTextDigits = 18

// EncodeEvents returns events in the compact wire form; DecodeEvents reads
// them. When rules is a BattleWriter, the battle reports' words it writes
// the same are left out; rules may be nil.
func EncodeEvents(events []game.Event, rules game.Ruleset) ([]byte, error) {
	w := eventWriter{index: map[string]int{}, at: map[game.ArmyID]hex.Hex{}, words: battleWriter(rules)}
	p := eventsWire{Version: eventsWireVersion}
	if len(events) > 0 {
		p.Turn = events[0].Turn
	}
	var last game.Event
	for i := range events {
		w.event(&events[i], &last, p.Turn)
		last = events[i]
	}
	p.Strings, p.Body = w.strings, w.buf
	if w.dict {
		p.Dict = templatesHash
	}
	if p.Strings == nil {
		p.Strings = []string{}
	}
	if p.Body == nil {
		p.Body = []byte{}
	}
	data, err := wire.Marshal(&p)
	if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	return data, nil
}

// eventWriter writes the body and gathers the strings of a payload.
type eventWriter struct {
	buf     []byte
	strings []string
	index   map[string]int // strings' indexes
	dict    bool           // a text uses the dictionary
	army    game.ArmyID    // the last Army written
	// at is the To of each army's last event.
	at map[game.ArmyID]hex.Hex
	// words writes the battle reports' words, nil if nothing does.
	words BattleWriter
}

func (w *eventWriter) uint(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }
func (w *eventWriter) int(v int64)   { w.buf = binary.AppendVarint(w.buf, v) }

func (w *eventWriter) hex(h hex.Hex) {
	w.int(int64(h.Q))
	w.int(int64(h.R))
}

// str returns the index of s in the strings, adding it if new.
func (w *eventWriter) str(s string) uint64 {
	i, ok := w.index[s]
	if !ok {
		i = len(w.strings)
		w.index[s] = i
		w.strings = append(w.strings, s)
	}
	return uint64(i)
}

// text writes s as a reference: uvarint 0 for "", else 1+3i+k for entry i
// of the kind k of reference, and after a template its numbers
// (uvarints). A text holding the marker byte is a literal, kept whole.
func (w *eventWriter) text(s string) {
	switch {
	case s == "":
		w.uint(0)
	case strings.IndexByte(s, textMarker) >= 0:
		w.uint(1 + 3*w.str(s) + refLiteral)
	default:
		tmpl, nums := template(s)
		if i, ok := templateIndex(tmpl); ok {
			w.dict = true
			w.uint(1 + 3*uint64(i) + refDict)
		} else {
			w.uint(1 + 3*w.str(tmpl) + refTemplate)
		}
		for _, n := range nums {
			w.uint(n)
		}
	}
}

// Template returns the template of text s as the compact form of events
// sends it: s with each number in it (a run of digits without a leading
// zero, or "0" alone, of at most 18 digits) replaced by a 0 byte. It
// returns false for "" and for a text holding a 0 byte, which travels
// whole.
func Template(s string) (string, bool) {
	if s == "" || strings.IndexByte(s, textMarker) >= 0 {
		return "", false
	}
	t, _ := template(s)
	return t, true
}

// template returns s with each number in it (a run of digits without a
// leading zero, "0" alone, of at most maxTextDigits) replaced by the
// marker, and those numbers in order. s holds no marker.
func template(s string) (string, []uint64) {
	var b strings.Builder
	var nums []uint64
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			b.WriteByte(s[i])
			i++
			continue
		}
		if run := s[i:j]; len(run) <= maxTextDigits && (run[0] != '0' || len(run) == 1) {
			n, _ := strconv.ParseUint(run, 10, 64) // at most 18 digits: no error
			nums = append(nums, n)
			b.WriteByte(textMarker)
		} else {
			b.WriteString(run)
		}
		i = j
	}
	return b.String(), nums
}

// event writes e; last is the event before it (the zero event for the
// first), turn the payload's.
func (w *eventWriter) event(e, last *game.Event, turn game.Turn) {
	var f uint64
	if e.Player != last.Player {
		f |= evPlayer
	}
	if e.Army != 0 {
		f |= evArmy
	}
	if e.HasHex {
		f |= evHasHex
	}
	at, ok := w.at[e.Army]
	switch {
	case e.From == (hex.Hex{}):
	case e.Army != 0 && ok && at == e.From:
		f |= fromLast
	default:
		f |= fromHex
	}
	dir, adjacent := hex.DirectionTo(e.From, e.To)
	switch {
	case e.To == (hex.Hex{}):
	case e.To == e.From:
		f |= toFrom
	case adjacent:
		f |= toDir
	default:
		f |= toHex
	}
	if e.Kind != last.Kind {
		f |= evKind
	}
	if e.Step != last.Step {
		f |= evStep
	}
	if e.City != 0 {
		f |= evCity
	}
	if e.Amount != 0 {
		f |= evAmount
	}
	if e.Text != "" {
		f |= evText
	}
	if e.Battle != nil {
		f |= evBattle
	}
	if e.Turn != turn {
		f |= evTurn
	}
	w.uint(f)
	if f&evPlayer != 0 {
		w.uint(uint64(e.Player))
	}
	if f&evArmy != 0 {
		w.int(int64(e.Army) - int64(w.army))
		w.army = e.Army
	}
	if f&fromMask == fromHex {
		w.hex(e.From)
	}
	switch f & toHex {
	case toDir:
		w.uint(uint64(dir))
	case toHex:
		w.hex(e.To)
	}
	if f&evKind != 0 {
		w.uint(uint64(e.Kind))
	}
	if f&evStep != 0 {
		w.int(int64(e.Step))
	}
	if f&evCity != 0 {
		w.uint(uint64(e.City))
	}
	if f&evAmount != 0 {
		w.int(e.Amount)
	}
	if f&evText != 0 {
		w.text(e.Text)
	}
	if f&evBattle != 0 {
		w.battle(e.Battle, e)
	}
	if f&evTurn != 0 {
		w.int(int64(e.Turn))
	}
	if e.Army != 0 {
		w.at[e.Army] = e.To
	}
}

// ErrOldEvents is what DecodeEvents returns, wrapped, for events in
// another form than this build's: the list of events of protocol version 4
// and before, or a later version of the compact form.
var ErrOldEvents = errors.New("events not in this build's form")

// DecodeEvents reads events EncodeEvents wrote, with the hostile-input
// rules. The battle reports' words that EncodeEvents left out are written
// by rules, the same ruleset's (a BattleWriter); with rules nil, or not a
// BattleWriter, they stay "". Events in another form are refused with an
// error that wraps ErrOldEvents.
func DecodeEvents(data []byte, rules game.Ruleset) ([]game.Event, error) {
	if err := checkEventsForm(data); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	var p eventsWire
	if err := wire.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	if p.Dict != 0 && p.Dict != templatesHash {
		return nil, fmt.Errorf("events: %w: their texts use the templates of hash %#08x, this build has %#08x (a build of another protocol version?)",
			ErrOldEvents, p.Dict, uint32(templatesHash))
	}
	r := eventReader{buf: p.Body, strings: p.Strings, dict: p.Dict != 0, at: map[game.ArmyID]hex.Hex{}, words: battleWriter(rules)}
	var out []game.Event
	var last game.Event
	for len(r.buf) > 0 && r.err == nil {
		e := r.event(&last, p.Turn)
		if r.err != nil {
			return nil, fmt.Errorf("events: event %d: %w", len(out), wire.Malformed(r.err))
		}
		out = append(out, e)
		last = e
	}
	return out, nil
}

// checkEventsForm refuses data that is not a payload of this version of
// the compact form, before its shape is checked, with the form it is in.
func checkEventsForm(data []byte) error {
	dec := msgpack.NewDecoder(bytes.NewReader(data))
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return nil // not an array: the shape check says what it is
	}
	if n == 0 {
		return fmt.Errorf("%w: an empty list, the form of protocol version 4 and before; this build reads the compact form %d", ErrOldEvents, eventsWireVersion)
	}
	c, err := dec.PeekCode()
	if err != nil {
		return nil
	}
	if wire.IsArray(c) {
		return fmt.Errorf("%w: a list of events, the form of protocol version 4 and before; this build reads the compact form %d", ErrOldEvents, eventsWireVersion)
	}
	v, err := wire.ReadUint(dec)
	if err != nil {
		return nil
	}
	if v != eventsWireVersion {
		return fmt.Errorf("%w: compact form %d, this build reads %d", ErrOldEvents, v, eventsWireVersion)
	}
	return nil
}

// eventReader reads a body; it keeps the first error, after which every
// read gives zero.
type eventReader struct {
	buf     []byte
	strings []string
	dict    bool // the payload uses the build's templates
	army    game.ArmyID
	at      map[game.ArmyID]hex.Hex // as eventWriter's
	words   BattleWriter            // as eventWriter's
	err     error
}

func (r *eventReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.buf = nil
}

// uint reads a uvarint of at most max.
func (r *eventReader) uint(max uint64, what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.buf)
	switch {
	case n == 0:
		r.fail(fmt.Errorf("%s: truncated", what))
		return 0
	case n < 0:
		r.fail(fmt.Errorf("%s: the varint overflows 64 bits", what))
		return 0
	}
	r.buf = r.buf[n:]
	if v > max {
		r.fail(fmt.Errorf("%s: %d is more than %d", what, v, max))
		return 0
	}
	return v
}

// int reads a varint between min and max.
func (r *eventReader) int(min, max int64, what string) int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.buf)
	switch {
	case n == 0:
		r.fail(fmt.Errorf("%s: truncated", what))
		return 0
	case n < 0:
		r.fail(fmt.Errorf("%s: the varint overflows 64 bits", what))
		return 0
	}
	r.buf = r.buf[n:]
	if v < min || v > max {
		r.fail(fmt.Errorf("%s: %d is out of %d..%d", what, v, min, max))
		return 0
	}
	return v
}

func (r *eventReader) int32(what string) int32 {
	return int32(r.int(math.MinInt32, math.MaxInt32, what))
}

// diff32 reads a varint that, added to base, gives an int32.
func (r *eventReader) diff32(base int32, what string) int32 {
	d := r.int(math.MinInt64, math.MaxInt64, what)
	v := int64(base) + d // base is an int32: |d| <= 2^32 keeps it exact below
	if d < -(1<<32) || d > 1<<32 || v < math.MinInt32 || v > math.MaxInt32 {
		r.fail(fmt.Errorf("%s: %d from %d is out of range (%d to %d)", what, d, base, math.MinInt32, math.MaxInt32))
		return 0
	}
	return int32(v)
}

func (r *eventReader) hex(what string) hex.Hex {
	q := r.int32(what + " q")
	return hex.Hex{Q: int(q), R: int(r.int32(what + " r"))}
}

// count reads a list's length: each element takes at least a byte.
func (r *eventReader) count(what string) int {
	n := r.uint(math.MaxUint64, what+" count")
	if n > uint64(len(r.buf)) {
		r.fail(fmt.Errorf("%s count: %d elements, %d bytes left", what, n, len(r.buf)))
		return 0
	}
	return int(n)
}

// text reads a text eventWriter.text wrote.
func (r *eventReader) text(what string) string {
	ref := r.uint(math.MaxUint32, what)
	if ref == 0 || r.err != nil {
		return ""
	}
	i, kind := (ref-1)/3, (ref-1)%3
	var s string
	switch {
	case kind == refDict && r.dict && i < numTemplates:
		s = templateAt(int(i))
	case kind == refDict:
		r.fail(fmt.Errorf("%s: template %d of a dictionary of %d, which the payload does not name", what, i, numTemplates))
		return ""
	case i >= uint64(len(r.strings)):
		r.fail(fmt.Errorf("%s: string %d of %d", what, i, len(r.strings)))
		return ""
	default:
		s = r.strings[i]
	}
	if kind == refLiteral {
		return s
	}
	var b strings.Builder
	for k := 0; k < len(s); k++ {
		if s[k] != textMarker {
			b.WriteByte(s[k])
			continue
		}
		b.WriteString(strconv.FormatUint(r.uint(math.MaxUint64, what+" number"), 10))
		if r.err != nil {
			return ""
		}
	}
	return b.String()
}

// event reads an event; last is the event before it, turn the payload's.
func (r *eventReader) event(last *game.Event, turn game.Turn) game.Event {
	f := r.uint(evAll, "flags")
	e := game.Event{Turn: turn, Player: last.Player, Kind: last.Kind, Step: last.Step, HasHex: f&evHasHex != 0}
	if f&evPlayer != 0 {
		e.Player = game.PlayerID(r.uint(math.MaxUint8, "player"))
	}
	if f&evArmy != 0 {
		a := int64(r.army) + r.int(-math.MaxUint32, math.MaxUint32, "army")
		if a < 0 || a > math.MaxUint32 {
			r.fail(fmt.Errorf("army: %d is out of range (0 to %d)", a, uint32(math.MaxUint32)))
		}
		e.Army = game.ArmyID(a)
		r.army = e.Army
	}
	switch f & fromMask {
	case fromHex:
		e.From = r.hex("from")
	case fromLast:
		at, ok := r.at[e.Army]
		if !ok || e.Army == 0 {
			r.fail(fmt.Errorf("from: %s has no event before", e.Army))
		}
		e.From = at
	case fromMask:
		r.fail(errors.New("from: unknown form 3"))
	}
	switch f & toHex {
	case toFrom:
		e.To = e.From
	case toDir:
		e.To = e.From.Neighbor(hex.Direction(r.uint(hex.NumDirections-1, "direction")))
	case toHex:
		e.To = r.hex("to")
	}
	if f&evKind != 0 {
		e.Kind = game.EventKind(r.uint(math.MaxUint8, "kind"))
	}
	if f&evStep != 0 {
		e.Step = int(r.int(math.MinInt, math.MaxInt, "step"))
	}
	if f&evCity != 0 {
		e.City = game.CityID(r.uint(math.MaxUint32, "city"))
	}
	if f&evAmount != 0 {
		e.Amount = r.int(math.MinInt64, math.MaxInt64, "amount")
	}
	if f&evText != 0 {
		e.Text = r.text("text")
	}
	if f&evBattle != 0 {
		e.Battle = r.battle(&e)
	}
	if f&evTurn != 0 {
		e.Turn = game.Turn(r.int32("turn"))
	}
	if e.Army != 0 {
		r.at[e.Army] = e.To
	}
	return e
}
