package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"empires/shared/wire"
)

// Envelope is a frame: the array [Type, Seq, Reply, Body] (see the package
// documentation). Its encoding is frozen.
type Envelope struct {
	Type Type
	// Seq numbers the sender's messages on a connection, from 1.
	Seq uint32
	// Reply is the Seq of the request this message answers, 0 if none.
	Reply uint32
	// Body is the msgpack encoding of the message, as it appears inline
	// in the frame. Decode returns a Body that shares the frame's memory.
	Body msgpack.RawMessage
}

// envelopeLen is the number of fields of an encoded Envelope.
const envelopeLen = 4

// newEncoder returns an encoder writing the wire form to w: structs as
// arrays, integers in their shortest form.
func newEncoder(w *bytes.Buffer) *msgpack.Encoder {
	enc := msgpack.GetEncoder()
	enc.Reset(w)
	enc.UseArrayEncodedStructs(true)
	enc.UseCompactInts(true)
	return enc
}

// Encode returns the frame of message msg, of type t, with sequence number
// seq, answering reply (0 if it answers nothing). msg is a message of type
// t, as a value or a pointer (Hello or *Hello for TypeHello). Settings sent
// by the server must have no password (Settings.Public).
//
// Encode does not check the frame against any limit: a server compares its
// length to its MaxServerMessage, a client to the server's
// MaxClientMessage, before sending.
func Encode(t Type, seq, reply uint32, msg any) ([]byte, error) {
	if err := checkOutgoing(t, msg); err != nil {
		return nil, fmt.Errorf("encode %s: %w", t, err)
	}
	var buf bytes.Buffer
	buf.Grow(sizeHint(msg))
	enc := newEncoder(&buf)
	defer msgpack.PutEncoder(enc)
	err := enc.EncodeArrayLen(envelopeLen)
	if err == nil {
		err = enc.EncodeUint(uint64(t))
	}
	if err == nil {
		err = enc.EncodeUint(uint64(seq))
	}
	if err == nil {
		err = enc.EncodeUint(uint64(reply))
	}
	if err == nil {
		err = enc.Encode(msg)
	}
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", t, err)
	}
	return buf.Bytes(), nil
}

// Marshal is Encode with the type of msg.
func Marshal(seq, reply uint32, msg Message) ([]byte, error) {
	if msg == nil {
		return nil, errors.New("encode: no message")
	}
	return Encode(msg.MessageType(), seq, reply, msg)
}

// checkOutgoing checks that msg is a message of type t fit to send.
func checkOutgoing(t Type, msg any) error {
	if !t.Known() {
		return fmt.Errorf("unknown message type %d", t)
	}
	m, ok := msg.(Message)
	if !ok || isNilPointer(msg) {
		return fmt.Errorf("%T is not a message", msg)
	}
	if m.MessageType() != t {
		return fmt.Errorf("the message is a %s", m.MessageType())
	}
	switch m := deref(m).(type) {
	case Joined:
		return noPassword(m.Settings)
	case Lobby:
		return noPassword(m.Settings)
	case FullView:
		if len(m.View) == 0 {
			return errors.New("no view")
		}
	case TurnUpdate:
		if len(m.Delta) == 0 {
			return errors.New("no delta")
		}
	}
	return nil
}

func noPassword(s Settings) error {
	if s.Password != "" {
		return errors.New("the settings hold the password: send Settings.Public()")
	}
	return nil
}

// SizeHint returns about how many bytes the frame of msg takes: its
// payloads' sizes (a FullView's view, a TurnUpdate's delta and events, a
// RulesData's data, ...) and a few bytes more, or 64 for a message without
// payloads. A server uses it to bound what waits to be sent to a client.
func SizeHint(msg Message) int {
	return sizeHint(msg)
}

// sizeHint guesses a message's encoded size, to allocate once.
func sizeHint(msg any) int {
	switch m := deref(msg).(type) {
	case FullView:
		return 32 + len(m.View)
	case TurnUpdate:
		return 32 + len(m.Delta) + len(m.Events)
	case Missed:
		n := 16
		for _, st := range m.Steps {
			n += 16 + len(st.Events)
		}
		return n
	case SubmitOrders:
		return 16 + len(m.Orders)
	case Act:
		return 16 + len(m.Action)
	case RulesData:
		return 64 + len(m.Data)
	}
	return 64
}

// deref returns the value a message pointer points to (nil for a nil
// pointer), or msg itself if it is not a pointer.
func deref(msg any) any {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Pointer {
		return msg
	}
	if v.IsNil() {
		return nil
	}
	return v.Elem().Interface()
}

func isNilPointer(x any) bool {
	v := reflect.ValueOf(x)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Decode reads a frame of at most max bytes (no limit if max <= 0). It
// checks, in order, the size (code TooLarge), that the frame is one whole
// msgpack value whose length headers claim no more than the bytes present
// (wire.CheckMsgpack), and the envelope's shape (code Malformed). It does
// not look at the body beyond CheckMsgpack: DecodeBody or Unmarshal does.
// Every error is a *ProtocolError; nothing panics.
//
// The Body of the result shares data's memory.
func Decode(data []byte, max int) (env Envelope, err error) {
	if max > 0 && len(data) > max {
		return Envelope{}, Errorf(TooLarge, "frame of %d bytes: at most %d", len(data), max)
	}
	if len(data) == 0 {
		return Envelope{}, Errorf(Malformed, "empty frame")
	}
	if err := wire.CheckMsgpack(data); err != nil {
		return Envelope{}, Errorf(Malformed, "frame: %v", err)
	}
	defer recoverDecode(&err)
	rd := bytes.NewReader(data)
	dec := msgpack.GetDecoder()
	defer msgpack.PutDecoder(dec)
	dec.Reset(rd)
	n, err := dec.DecodeArrayLen()
	if err != nil || n != envelopeLen {
		return Envelope{}, Errorf(Malformed, "frame is not an envelope (an array of %d)", envelopeLen)
	}
	var head [3]uint32
	for i, name := range [...]string{"type", "seq", "reply"} {
		x, err := dec.DecodeInt64()
		if err != nil || x < 0 || x > math.MaxUint32 || i == 0 && x > math.MaxUint8 {
			return Envelope{}, Errorf(Malformed, "envelope %s is not a small unsigned integer", name)
		}
		head[i] = uint32(x)
	}
	// CheckMsgpack made sure the frame is a whole array of 4 values and
	// nothing else, so the body is whatever is left.
	body := data[len(data)-rd.Len():]
	return Envelope{Type: Type(head[0]), Seq: head[1], Reply: head[2], Body: body}, nil
}

// ReadClient reads a frame a client sent, as a server must: Decode with
// l.MaxClientMessage, DecodeBody, then l.Check (which refuses server
// messages, and Hellos of another version with CheckVersion's message). On
// an error the envelope is still returned when the frame had one, so the
// server can answer with ErrorMessage(err) and Reply env.Seq.
func (l Limits) ReadClient(frame []byte) (Envelope, Message, error) {
	env, err := Decode(frame, l.MaxClientMessage)
	if err != nil {
		return Envelope{}, nil, err
	}
	m, err := DecodeBody(env)
	if err == nil {
		err = l.Check(m)
	}
	if err != nil {
		return env, nil, err
	}
	return env, m, nil
}

// ReadServer reads a frame the server sent, as a client must: Decode with
// l.MaxServerMessage (at most MaxFrame), DecodeBody, and a check that the
// message is one servers send.
func (l Limits) ReadServer(frame []byte) (Envelope, Message, error) {
	max := l.MaxServerMessage
	if max <= 0 || max > MaxFrame {
		max = MaxFrame
	}
	env, err := Decode(frame, max)
	if err != nil {
		return Envelope{}, nil, err
	}
	if !env.Type.FromServer() && env.Type.Known() {
		return env, nil, Errorf(UnknownType, "%s is a client message", env.Type)
	}
	m, err := DecodeBody(env)
	if err != nil {
		return env, nil, err
	}
	return env, m, nil
}

// recoverDecode turns a panic of the msgpack library or of a decoder into a
// *ProtocolError with code Internal: a hostile frame must never crash a
// server. FuzzDecode fails on such errors: they are bugs to fix.
func recoverDecode(err *error) {
	if r := recover(); r != nil {
		*err = Errorf(Internal, "decoder panic: %v", r)
	}
}

// DecodeBody returns the message e carries, as a pointer (*Hello for
// TypeHello). See Unmarshal.
func DecodeBody(e Envelope) (Message, error) {
	m := New(e.Type)
	if m == nil {
		return nil, Errorf(UnknownType, "unknown message type %d", e.Type)
	}
	if err := e.Unmarshal(m); err != nil {
		return nil, err
	}
	return m, nil
}

// Unmarshal decodes e's body into v, a pointer to the message type of
// e.Type. The body must be one whole msgpack value (wire.CheckMsgpack) of
// the message's exact shape: an array of its fields, every struct in it an
// array of its fields too (or nil, but not as an element of a list); a
// FullView with a view, a TurnUpdate with a delta and an Act with an
// action (a SubmitOrders without orders submits none). Payloads are checked only as msgpack
// values: the ruleset decodes them. Errors
// are *ProtocolErrors: UnknownType for a type this build does not know,
// Malformed for the rest. Nothing panics.
func (e Envelope) Unmarshal(v any) (err error) {
	if !e.Type.Known() {
		return Errorf(UnknownType, "unknown message type %d", e.Type)
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Type() != types[e.Type].typ {
		return fmt.Errorf("protocol: cannot unmarshal %s into %T", e.Type, v)
	}
	malformed := func(err error) error { return Errorf(Malformed, "%s: %v", e.Type, err) }
	if len(e.Body) == 0 {
		return malformed(errors.New("no body"))
	}
	if err := wire.CheckMsgpack(e.Body); err != nil {
		return malformed(err)
	}
	if !wire.IsArray(e.Body[0]) {
		return malformed(errors.New("the body is not an array of the message's fields"))
	}
	defer recoverDecode(&err)
	// First the shape (see checkShape), then the decoding.
	rd := bytes.NewReader(e.Body)
	dec := msgpack.GetDecoder()
	defer msgpack.PutDecoder(dec)
	dec.Reset(rd)
	if err := wire.CheckShape(dec, types[e.Type].typ, false); err != nil {
		return malformed(err)
	}
	rd.Reset(e.Body)
	dec.Reset(rd)
	dec.DisallowUnknownFields(true) // moot while checkShape refuses maps; kept in case it stops
	if err := dec.Decode(v); err != nil {
		return malformed(wire.DecodeError(err))
	}
	if rd.Len() != 0 {
		return malformed(fmt.Errorf("%d bytes after the message", rd.Len()))
	}
	switch m := v.(type) {
	case *FullView:
		if len(m.View) == 0 {
			return malformed(errors.New("no view"))
		}
	case *TurnUpdate:
		if len(m.Delta) == 0 {
			return malformed(errors.New("no delta"))
		}
	case *Act:
		if len(m.Action) == 0 {
			return malformed(errors.New("no action"))
		}
	}
	return nil
}

// Hello's and Error's encodings are frozen (see the package documentation):
// their decoders read the fields they know and skip any that a later
// version added at the end.

// DecodeMsgpack implements msgpack.CustomDecoder. It reads any integer as
// the version, so that a Hello of any version, however large, gets
// BadVersion (from CheckVersion) rather than Malformed: a version above
// math.MaxInt reads as math.MaxInt. A Hello may end after Client, as
// those of version 4 and older did: Build is then empty.
func (m *Hello) DecodeMsgpack(dec *msgpack.Decoder) error {
	n, err := frozenArray(dec, "Hello", 3)
	if err != nil {
		return err
	}
	*m = Hello{}
	if m.Version, err = readVersion(dec); err != nil {
		return fmt.Errorf("%s: %w", "Version", err)
	}
	if m.Name, err = readString(dec, "Name"); err != nil {
		return err
	}
	if m.Client, err = readString(dec, "Client"); err != nil {
		return err
	}
	if n == 3 {
		return nil // a Hello of version 4 or older, or one without a build
	}
	if m.Build, err = readString(dec, "Build"); err != nil {
		return err
	}
	return skip(dec, n-4)
}

// readVersion reads a Hello's version: any msgpack integer, one above
// math.MaxInt as math.MaxInt.
func readVersion(dec *msgpack.Decoder) (int, error) {
	if c, err := dec.PeekCode(); err == nil && c == msgpcode.Uint64 {
		u, err := dec.DecodeUint64()
		if err != nil {
			return 0, err
		}
		return int(min(u, math.MaxInt)), nil
	}
	v, err := wire.ReadInt(dec)
	if err != nil {
		return 0, err
	}
	return int(max(min(v, math.MaxInt), math.MinInt)), nil
}

// readString reads the string of field, or says in words why it cannot.
func readString(dec *msgpack.Decoder, field string) (string, error) {
	c, err := dec.PeekCode()
	if err != nil {
		return "", err
	}
	if c != msgpcode.Nil && !msgpcode.IsString(c) && !msgpcode.IsBin(c) {
		return "", fmt.Errorf("%s: a string was expected", field)
	}
	return dec.DecodeString()
}

// DecodeMsgpack implements msgpack.CustomDecoder.
func (m *Error) DecodeMsgpack(dec *msgpack.Decoder) error {
	n, err := frozenArray(dec, "Error", 2)
	if err != nil {
		return err
	}
	*m = Error{}
	code, err := wire.ReadUint(dec)
	if err != nil {
		return fmt.Errorf("%s: %w", "Code", err)
	}
	if code > math.MaxUint8 {
		return fmt.Errorf("%s: error code %d is out of range (0 to 255)", "Code", code)
	}
	m.Code = ErrorCode(code)
	if m.Message, err = readString(dec, "Message"); err != nil {
		return err
	}
	return skip(dec, n-2)
}

// frozenArray reads the array header of a frozen message with at least
// fields fields.
func frozenArray(dec *msgpack.Decoder, what string, fields int) (int, error) {
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return 0, fmt.Errorf("%s is not an array of its fields", what)
	}
	if n < fields {
		return 0, fmt.Errorf("%s is an array of %d, not of %d or more", what, n, fields)
	}
	return n, nil
}

func skip(dec *msgpack.Decoder, n int) error {
	for range n {
		if err := dec.Skip(); err != nil {
			return err
		}
	}
	return nil
}
