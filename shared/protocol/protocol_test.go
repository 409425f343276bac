package protocol_test

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/mapgen"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// TestRoundTrip encodes a message of every type, decodes the frame and
// compares.
func TestRoundTrip(t *testing.T) {
	seen := map[protocol.Type]bool{}
	for i, have := range samples(t) {
		typ := have.MessageType()
		seen[typ] = true
		t.Run(typ.String(), func(t *testing.T) {
			frame, err := protocol.Encode(typ, uint32(i+1), 7, have)
			if err != nil {
				t.Fatal(err)
			}
			env, err := protocol.Decode(frame, protocol.DefaultLimits().MaxServerMessage)
			if err != nil {
				t.Fatal(err)
			}
			if env.Type != typ || env.Seq != uint32(i+1) || env.Reply != 7 {
				t.Errorf("envelope: have type %s seq %d reply %d, want %s %d 7", env.Type, env.Seq, env.Reply, typ, i+1)
			}
			got, err := protocol.DecodeBody(env)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, have) {
				t.Errorf("round trip changed the message:\nhave %+v\ngot  %+v", have, got)
			}
			// The value form encodes the same, and Marshal too.
			byValue, err := protocol.Encode(typ, uint32(i+1), 7, reflect.ValueOf(have).Elem().Interface())
			if err != nil || !bytes.Equal(byValue, frame) {
				t.Errorf("encoding the value: %v, same bytes %v", err, bytes.Equal(byValue, frame))
			}
			if m, err := protocol.Marshal(uint32(i+1), 7, have); err != nil || !bytes.Equal(m, frame) {
				t.Errorf("Marshal: %v, same bytes %v", err, bytes.Equal(m, frame))
			}
		})
	}
	for _, typ := range protocol.Types() {
		if !seen[typ] {
			t.Errorf("no sample of %s", typ)
		}
	}
}

// TestTypes checks the type table: names, directions, New.
func TestTypes(t *testing.T) {
	client := map[protocol.Type]bool{
		protocol.TypeHello: true, protocol.TypeListGames: true, protocol.TypeCreateGame: true,
		protocol.TypeJoinGame: true, protocol.TypeLeaveGame: true, protocol.TypeChat: true,
		protocol.TypeSetReady: true, protocol.TypeStartGame: true, protocol.TypeSubmitOrders: true,
		protocol.TypeRequestView: true, protocol.TypePing: true, protocol.TypeAct: true, protocol.TypeGetRules: true,
		protocol.TypeSetSeatData: true,
	}
	for _, typ := range protocol.Types() {
		m := protocol.New(typ)
		if m == nil || m.MessageType() != typ {
			t.Errorf("New(%s) = %T", typ, m)
			continue
		}
		if name := reflect.TypeOf(m).Elem().Name(); typ.String() != name {
			t.Errorf("type %d is named %q, its message %s", typ, typ.String(), name)
		}
		if typ.FromClient() != client[typ] || typ.FromServer() == client[typ] {
			t.Errorf("%s: FromClient %v, FromServer %v", typ, typ.FromClient(), typ.FromServer())
		}
	}
	// The frozen numbers.
	if protocol.TypeHello != 1 || protocol.TypeError != 3 {
		t.Errorf("Hello is %d and Error %d: they must stay 1 and 3", protocol.TypeHello, protocol.TypeError)
	}
	for _, typ := range []protocol.Type{0, 200} {
		if typ.Known() || typ.FromClient() || typ.FromServer() || protocol.New(typ) != nil {
			t.Errorf("type %d is known", typ)
		}
		if want := "type " + strings.TrimPrefix(typ.String(), "type "); typ.String() != want {
			t.Errorf("String of type %d = %q", typ, typ.String())
		}
	}
	if got := protocol.ErrorCode(0).String(); got != "error code 0" {
		t.Errorf("ErrorCode(0) = %q", got)
	}
	if got := protocol.Unavailable.String(); got != "unavailable" {
		t.Errorf("Unavailable = %q", got)
	}
}

// TestPayloadWireForm checks that a message carries its ruleset payload
// inline, byte for byte as the ruleset wrote it (not wrapped as a binary
// blob): the payload's field of the body is exactly the payload.
func TestPayloadWireForm(t *testing.T) {
	fv, tu, so := small.fullView(t, 1), small.turnUpdate(t, 1), small.submitOrders(t, 1)
	act := &protocol.Act{Seq: 3, Action: protocol.Payload{0x92, 0x01, 0xa1, 'x'}}
	tests := []struct {
		name    string
		msg     protocol.Message
		payload map[int]protocol.Payload // by field index
	}{
		{"FullView", fv, map[int]protocol.Payload{0: fv.View}},
		{"TurnUpdate", tu, map[int]protocol.Payload{0: tu.Delta, 2: tu.Events}},
		{"SubmitOrders", so, map[int]protocol.Payload{1: so.Orders}},
		{"Act", act, map[int]protocol.Payload{1: act.Action}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frame, err := protocol.Marshal(1, 0, tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			env, err := protocol.Decode(frame, 0)
			if err != nil {
				t.Fatal(err)
			}
			dec := msgpack.NewDecoder(bytes.NewReader(env.Body))
			n, err := dec.DecodeArrayLen()
			if err != nil {
				t.Fatal(err)
			}
			extra := len(frame)
			for i := range n {
				raw, err := dec.DecodeRaw()
				if err != nil {
					t.Fatal(err)
				}
				if want, ok := tt.payload[i]; ok {
					if !bytes.Equal(raw, want) {
						t.Errorf("field %d is not the payload's bytes: % x...", i, raw[:min(len(raw), 8)])
					}
					extra -= len(want)
				}
			}
			if extra > 20 {
				t.Errorf("the frame is %d bytes longer than its payloads", extra)
			}
		})
	}
}

// TestPayloadOpaque: a payload is any one msgpack value, carried byte for
// byte; the protocol does not judge it, the ruleset does. Orders that the
// protocol carries unchanged are refused by the hex ruleset's decoder.
func TestPayloadOpaque(t *testing.T) {
	values := []struct {
		name    string
		payload protocol.Payload
	}{
		{"a string", mp("not orders")},
		{"a map", mp(map[string]any{"Turn": 4, "Kind": 1})},
		{"nested lists", mp([]any{[]any{[]any{1}}, nil})},
		{"nil orders", mp([]any{nil, nil})},
		{"an extension", protocol.Payload{0xd4, 0x05, 0x01}},
	}
	for _, v := range values {
		t.Run(v.name, func(t *testing.T) {
			frame, err := protocol.Marshal(1, 0, &protocol.SubmitOrders{Turn: 4, Orders: v.payload})
			if err != nil {
				t.Fatal(err)
			}
			_, m, err := protocol.DefaultLimits().ReadClient(frame)
			if err != nil {
				t.Fatalf("the protocol refuses a payload of one value: %v", err)
			}
			got := m.(*protocol.SubmitOrders)
			if !bytes.Equal(got.Orders, v.payload) {
				t.Errorf("payload % x, want % x", got.Orders, v.payload)
			}
			if orders, err := hexgame.DecodeOrders(got.Orders, game.Turn(got.Turn)); err == nil {
				t.Errorf("the hex ruleset reads %+v as orders", orders)
			}
		})
	}
}

// TestGolden pins the wire form of a few messages, payloads among them
// (the hex ruleset's orders and events): if it fails, a message changed
// shape. Then bump protocol.Version, add a Change to History and the
// package doc, and update the bytes here.
func TestGolden(t *testing.T) {
	orders, err := hexgame.EncodeOrders([]game.Order{
		{Turn: 4, Kind: game.OrderMove, Army: 300, Path: []hex.Hex{{Q: 1, R: -1}, {Q: 2, R: -1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	delta, err := game.EncodeDelta(&game.Delta{From: 1, Turn: 2, You: 1})
	if err != nil {
		t.Fatal(err)
	}
	events, err := hexgame.EncodeEvents([]game.Event{
		{Turn: 2, Step: 1, Kind: game.EventMove, Player: 1, Army: 9, From: hex.Hex{Q: 1}, To: hex.Hex{Q: 2}, HasHex: true},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		msg  protocol.Message
		want string
	}{
		{"hello", &protocol.Hello{Version: 1, Name: "Ann", Client: "c", Build: "v1"}, "94010100" + "9401a3416e6ea163a27631"},
		{"hello without a build", &protocol.Hello{Version: 1, Name: "Ann", Client: "c"}, "94010100" + "9401a3416e6ea163a0"},
		{"error", &protocol.Error{Code: protocol.BadVersion, Message: "v"}, "94030100" + "9201a176"},
		{"orders", &protocol.SubmitOrders{Turn: 4, Orders: orders, Seq: 4},
			"94130100" + "9304" + "91" + "9e" + "0401cd012c0000" + "92" + "9201ff" + "9202ff" + "0000000000" + "920000" + "00c0" + "04"},
		{"ready", &protocol.SetReady{Ready: true, Seq: 9}, "94100100" + "92" + "c3" + "09"},
		{"events", &protocol.TurnUpdate{Delta: delta, Events: events}, "94170100" + "93" + "9f010102010000c09090c40090c400909090" + "00" +
			"95" + "02" + "02" + "00" + "90" + "c409" + "cf03" + "01" + "12" + "0200" + "00" + "01" + "02",
		},
		{"act", &protocol.Act{Seq: 300, Action: protocol.Payload{0x91, 0x07}}, "94190100" + "92" + "cd012c" + "9107"},
		{"clock", &protocol.TurnClock{Turn: 2, Deadline: 0, Ready: []protocol.Seat{1}, Mode: 2, Seq: 9, Actors: []protocol.Seat{2}, Prompt: "block?"},
			"94120100" + "99" + "02" + "00" + "c40101" + "02" + "09" + "c40102" + "a6626c6f636b3f" + "00" + "a0"}, // lists of seats are bytes
		{"concurrent clock", &protocol.TurnClock{Turn: 3, Deadline: 0, Mode: 3, Seq: 14, Actors: []protocol.Seat{2, 3}, Since: 12, Phase: "Trade"},
			"94120100" + "99" + "03" + "00" + "c0" + "03" + "0e" + "c4020203" + "a0" + "0c" + "a55472616465"},
		{"seat data", &protocol.SetSeatData{Data: []byte{0x92, 0x01, 0x02}}, "941d0100" + "91" + "c403920102"},
		{"seat data result", &protocol.SeatDataResult{Errors: []protocol.Rejection{{Index: 3, Order: "x", Reason: "y"}}},
			"941e0100" + "92" + "c2" + "91" + "93" + "03" + "a178" + "a179"},
		{"welcome", &protocol.Welcome{Version: 6, Server: "s", Build: "v1", Rulesets: []protocol.RulesetInfo{{
			ID: "x", Title: "X", Board: "hex", MinSeats: 2, MaxSeats: 4,
			Settings: []protocol.SettingInfo{{Key: "w", Min: 16, Max: 512, Default: 48, Choices: []string{}}},
			Levels:   []string{"easy"}, Default: "easy", Hash: "ab", Modded: true, SeatSetup: false, Hidden: true,
		}}},
			"94020100" + "95" + "06" + "a173" +
				"91" + "9f" + "a178" + "a158" + "a0" + "a3686578" + "02" + "04" +
				"91" + "97" + "a177" + "a0" + "a0" + "10" + "cd0200" + "30" + "90" +
				"91a465617379" + "a465617379" + "a26162" + "c3" + "c2" + "c3" + "00" + "c0" +
				"97" + "00000000" + "00" + "0000" + "a27631"}, // Limits: 7 fields, all 0
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frame, err := protocol.Marshal(1, 0, tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%x", frame); got != tt.want {
				t.Errorf("wire form changed (bump Version, see the comment):\nhave %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestVersion checks the history and the mismatch message.
func TestVersion(t *testing.T) {
	h := protocol.History()
	if len(h) == 0 || h[len(h)-1].Version != protocol.Version {
		t.Fatalf("the history does not end with version %d: %+v", protocol.Version, h)
	}
	date := regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	for i, c := range h {
		if c.Version != i+1 || !date.MatchString(c.Date) || c.What == "" || i > 0 && c.Date < h[i-1].Date {
			t.Errorf("history entry %d: %+v", i, c)
		}
	}
	tests := []struct {
		have int
		want bool
	}{{protocol.Version, true}, {protocol.MinVersion, true}, {0, false}, {-1, false}, {protocol.Version + 1, false}}
	for _, tt := range tests {
		if got := protocol.Compatible(tt.have); got != tt.want {
			t.Errorf("Compatible(%d) = %v, want %v", tt.have, got, tt.want)
		}
		err := protocol.CheckVersion(tt.have, "server")
		if (err == nil) != tt.want {
			t.Errorf("CheckVersion(%d) = %v", tt.have, err)
		}
	}
	msgs := []struct {
		have int
		side string
		want string
	}{
		{12, "server", "bad version: protocol version 12 is not supported: this server speaks version 11 (protocol of 2026-11-29); the client is newer: update the server or use a matching client"},
		{10, "server", "bad version: protocol version 10 is not supported: this server speaks version 11 (protocol of 2026-11-29); the client is older: update the client"},
		{12, "client", "bad version: protocol version 12 is not supported: this client speaks version 11 (protocol of 2026-11-29); the server is newer: update the client or use a matching server"},
	}
	for _, tt := range msgs {
		err := protocol.CheckVersion(tt.have, tt.side)
		var pe *protocol.ProtocolError
		if !errors.As(err, &pe) || pe.Code != protocol.BadVersion || err.Error() != tt.want {
			t.Errorf("CheckVersion(%d, %s):\nhave %v\nwant %s", tt.have, tt.side, err, tt.want)
		}
	}
}

// TestHandshakeAcrossVersions plays a client of a later version, whose
// Hello has grown a field, against this server: the Hello still decodes,
// and the Error the server sends back names the versions it speaks.
func TestHandshakeAcrossVersions(t *testing.T) {
	body, err := msgpack.Marshal([]any{12, "Ann", "empires/12.0", "v12.0.0", "a field of version 12"})
	if err != nil {
		t.Fatal(err)
	}
	frame := append([]byte{0x94, byte(protocol.TypeHello), 1, 0}, body...)
	env, err := protocol.Decode(frame, protocol.DefaultLimits().MaxClientMessage)
	if err != nil {
		t.Fatal(err)
	}
	m, err := protocol.DecodeBody(env)
	if err != nil {
		t.Fatal(err)
	}
	hello := m.(*protocol.Hello)
	if *hello != (protocol.Hello{Version: 12, Name: "Ann", Client: "empires/12.0", Build: "v12.0.0"}) {
		t.Fatalf("Hello = %+v", hello)
	}
	verr := protocol.CheckVersion(hello.Version, "server")
	reply, err := protocol.Marshal(1, env.Seq, protocol.ErrorMessage(verr))
	if err != nil {
		t.Fatal(err)
	}
	// The client reads the Error (as would one of any version).
	env, err = protocol.Decode(reply, 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err = protocol.DecodeBody(env)
	if err != nil {
		t.Fatal(err)
	}
	e := m.(*protocol.Error)
	if e.Code != protocol.BadVersion || env.Reply != 1 || !strings.Contains(e.Message, fmt.Sprintf("speaks version %d", protocol.Version)) {
		t.Errorf("reply %+v to seq %d", e, env.Reply)
	}
	if e.Err().Error() != "bad version: "+e.Message {
		t.Errorf("Err() = %v", e.Err())
	}
	// An Error of a later version, with a field more, reads too.
	body, _ = msgpack.Marshal([]any{int(protocol.NoSuchGame), "gone", []int{1, 2}})
	env = protocol.Envelope{Type: protocol.TypeError, Body: body}
	if m, err = protocol.DecodeBody(env); err != nil || *m.(*protocol.Error) != (protocol.Error{Code: protocol.NoSuchGame, Message: "gone"}) {
		t.Errorf("later Error: %+v, %v", m, err)
	}
}

// TestSettingsValidate checks every bound of Settings.
func TestSettingsValidate(t *testing.T) {
	ok := protocol.Settings{Ruleset: "erfworld", Width: 64, Height: 64, Seats: 4, Bots: 3}
	with := func(f func(*protocol.Settings)) protocol.Settings { s := ok; f(&s); return s }
	tests := []struct {
		name     string
		have     protocol.Settings
		rulesets []string
		want     string // "" for valid, else a part of the message
	}{
		{"valid", ok, nil, ""},
		{"valid, known ruleset", ok, []string{"risk", "erfworld"}, ""},
		{"smallest", with(func(s *protocol.Settings) { s.Width, s.Height, s.Seats, s.Bots = 16, 16, 2, 0 }), nil, ""},
		{"largest", with(func(s *protocol.Settings) {
			s.Width, s.Height, s.Seats, s.Bots, s.TurnSeconds = 512, 512, 20, 19, 86400
			s.Name, s.Password = strings.Repeat("é", 40), strings.Repeat("p", 64)
		}), nil, ""},
		{"timer", with(func(s *protocol.Settings) { s.TurnSeconds = 10 }), nil, ""},
		{"easy AI", with(func(s *protocol.Settings) { s.AILevel = "easy" }), nil, ""},
		// Whether the ruleset has such a level is CheckFor's business.
		{"any AI level", with(func(s *protocol.Settings) { s.AILevel = "genius" }), nil, ""},
		{"long AI level", with(func(s *protocol.Settings) { s.AILevel = strings.Repeat("g", 33) }), nil, "AI level of 33 bytes: at most 32"},
		{"no map", with(func(s *protocol.Settings) { s.Width, s.Height = 0, 0 }), nil, ""},
		{"empty option key", with(func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: ""}} }), nil, "option key of 0 bytes: want 1 to 32"},
		{"most options", with(func(s *protocol.Settings) {
			s.Options = make([]protocol.Option, protocol.MaxOptions)
			for i := range s.Options {
				s.Options[i] = protocol.Option{Key: fmt.Sprintf("k%d", i), Value: -i}
			}
		}), nil, ""},
		{"too many options", with(func(s *protocol.Settings) { s.Options = make([]protocol.Option, 33) }), nil, "33 options: at most 32"},
		{"long option key", with(func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: strings.Repeat("k", 33)}} }), nil, "option key of 33 bytes: want 1 to 32"},
		{"no ruleset", with(func(s *protocol.Settings) { s.Ruleset = "" }), nil, "no ruleset"},
		{"unknown ruleset", ok, []string{"risk", "empire"}, `unknown ruleset "erfworld": this server has risk, empire`},
		{"long ruleset", with(func(s *protocol.Settings) { s.Ruleset = strings.Repeat("x", 33) }), nil, "ruleset ID of 33 bytes"},
		{"narrow", with(func(s *protocol.Settings) { s.Width = 15 }), nil, "map width 15: must be 16 to 512"},
		{"wide", with(func(s *protocol.Settings) { s.Width = 513 }), nil, "map width 513"},
		{"short", with(func(s *protocol.Settings) { s.Height = 0 }), nil, "map height 0"},
		{"height only", with(func(s *protocol.Settings) { s.Width = 0 }), nil, "map width 0"},
		{"tall", with(func(s *protocol.Settings) { s.Height = 1 << 20 }), nil, "map height 1048576"},
		{"one seat", with(func(s *protocol.Settings) { s.Seats, s.Bots = 1, 0 }), nil, "1 seats: must be 2 to 20"},
		{"21 seats", with(func(s *protocol.Settings) { s.Seats = 21 }), nil, "21 seats"},
		{"all bots", with(func(s *protocol.Settings) { s.Bots = 4 }), nil, "4 bots for 4 seats: must be 0 to 3"},
		{"negative bots", with(func(s *protocol.Settings) { s.Bots = -1 }), nil, "-1 bots"},
		{"fast timer", with(func(s *protocol.Settings) { s.TurnSeconds = 9 }), nil, "turn timer of 9 seconds: must be 0 (wait for everyone) or 10 seconds to 24 hours"},
		{"slow timer", with(func(s *protocol.Settings) { s.TurnSeconds = 86401 }), nil, "turn timer of 86401"},
		{"negative timer", with(func(s *protocol.Settings) { s.TurnSeconds = -5 }), nil, "turn timer of -5"},
		{"long password", with(func(s *protocol.Settings) { s.Password = strings.Repeat("p", 65) }), nil, "password of 65 bytes"},
		{"control in password", with(func(s *protocol.Settings) { s.Password = "a\x00b" }), nil, "password holds characters"},
		{"long name", with(func(s *protocol.Settings) { s.Name = strings.Repeat("n", 41) }), nil, "game name of 41 characters: at most 40"},
		{"bad UTF-8 name", with(func(s *protocol.Settings) { s.Name = "\xff" }), nil, "game name is not valid UTF-8"},
		{"newline in name", with(func(s *protocol.Settings) { s.Name = "a\nb" }), nil, "not printable (U+000A)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.have.Validate(tt.rulesets...)
			if tt.want == "" {
				if err != nil {
					t.Errorf("have %v, want valid", err)
				}
				return
			}
			var pe *protocol.ProtocolError
			if !errors.As(err, &pe) || pe.Code != protocol.Invalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have %v, want an Invalid error with %q", err, tt.want)
			}
		})
	}
	if s := with(func(s *protocol.Settings) { s.Password = "sesame" }); s.Public().Password != "" || strings.Contains(s.String(), "sesame") {
		t.Errorf("the password shows: %+v, %s", s.Public(), s)
	}
	if got := with(func(s *protocol.Settings) { s.TurnSeconds = 90 }).TurnTimer().String(); got != "1m30s" {
		t.Errorf("TurnTimer = %s", got)
	}
}

// checker is a ruleset.ConfigChecker that refuses games of more than max
// seats.
type checker struct{ max int }

func (c checker) CheckConfig(cfg ruleset.Config) error {
	if cfg.Seats > c.max {
		return fmt.Errorf("at most %d players here", c.max)
	}
	return nil
}

// TestSettingsCheckFor checks settings against the ruleset they name: the
// map size, seats, AI level and options of its info, then its own checks.
func TestSettingsCheckFor(t *testing.T) {
	hexes := erfworld(t).Info()
	cards := cardsInfo()
	board := protocol.Settings{Ruleset: "erfworld", Width: 64, Height: 48, Seats: 4}
	table := protocol.Settings{Ruleset: "cards", Seats: 2}
	with := func(s protocol.Settings, f func(*protocol.Settings)) protocol.Settings { f(&s); return s }
	tests := []struct {
		name string
		have protocol.Settings
		in   ruleset.Info
		chk  ruleset.ConfigChecker
		want string // "" for valid, else the whole message
	}{
		{"board", board, hexes, nil, ""},
		{"board, checked", board, hexes, checker{4}, ""},
		{"its AI level", with(board, func(s *protocol.Settings) { s.AILevel = "passive" }), hexes, nil, ""},
		{"table", table, cards, nil, ""},
		{"table, an option", with(table, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "deck", Value: 1}} }), cards, nil, ""},

		{"board without a map", with(board, func(s *protocol.Settings) { s.Width, s.Height = 0, 0 }), hexes, nil, "Erfworld Empires needs a map size"},
		{"board without a height", with(board, func(s *protocol.Settings) { s.Height = 0 }), hexes, nil, "Erfworld Empires needs a map size"},
		{"table with a map", with(table, func(s *protocol.Settings) { s.Width, s.Height = 32, 32 }), cards, nil, "Cards has no map: leave its size 0"},
		{"too few seats", with(table, func(s *protocol.Settings) { s.Seats = 1 }), cards, nil, "1 seats: Cards is for 2 to 4 players"},
		{"too many seats", with(table, func(s *protocol.Settings) { s.Seats = 5 }), cards, nil, "5 seats: Cards is for 2 to 4 players"},
		{"another ruleset's AI level", with(table, func(s *protocol.Settings) { s.AILevel = "normal" }), cards, nil, `AI level "normal": want easy`},
		{"size in the options", with(board, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "width", Value: 64}} }), hexes, nil,
			"the map size goes in Width and Height, not in the options"},
		{"an option twice", with(table, func(s *protocol.Settings) {
			s.Options = []protocol.Option{{Key: "deck", Value: 1}, {Key: "deck", Value: 0}}
		}), cards, nil, `option "deck" given twice`},
		{"an unknown option", with(table, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "jokers", Value: 1}} }), cards, nil,
			`Cards has no setting "jokers"`},
		{"an option out of bounds", with(table, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "deck", Value: 2}} }), cards, nil,
			"deck: choice 2 of 2"},
		{"a map size out of the ruleset's bounds", with(board, func(s *protocol.Settings) { s.Width = 600 }), hexes, nil, "map width 600: must be 16 to 512"},
		{"refused by the ruleset", board, hexes, checker{3}, "at most 3 players here"},
		{"too crowded a map", with(board, func(s *protocol.Settings) { s.Width, s.Height, s.Seats = 16, 16, 16 }), hexes, erfworld(t).(ruleset.ConfigChecker),
			fmt.Sprintf("a 16x16 map holds at most %d players: make it larger or seat fewer", mapgen.MaxPlayersFor(16, 16))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.have.CheckFor(tt.in, tt.chk)
			if tt.want == "" {
				if err != nil {
					t.Errorf("have %v, want valid", err)
				}
				return
			}
			var pe *protocol.ProtocolError
			if !errors.As(err, &pe) || pe.Code != protocol.Invalid || pe.Message != tt.want {
				t.Errorf("have %v, want an Invalid error %q", err, tt.want)
			}
		})
	}
}

// TestSettingsConfig: a game's config holds the seed, seats, names, the
// options and the map size as the ruleset's width and height settings;
// the AI level defaults to the ruleset's.
func TestSettingsConfig(t *testing.T) {
	s := protocol.Settings{Ruleset: "erfworld", Width: 64, Height: 48, Seed: 9, Seats: 2, Options: []protocol.Option{{Key: "fog", Value: 1}}}
	want := ruleset.Config{Seed: 9, Seats: 2, Names: []string{"Ann", "Bob"},
		Options: ruleset.Options{"fog": 1, ruleset.KeyWidth: 64, ruleset.KeyHeight: 48}}
	if have := s.Config([]string{"Ann", "Bob"}); !reflect.DeepEqual(have, want) {
		t.Errorf("have %+v, want %+v", have, want)
	}
	s.Width, s.Height, s.Options = 0, 0, nil
	if have := s.Config(nil); len(have.Options) != 0 {
		t.Errorf("a game without a map or options has options %v", have.Options)
	}
	in := cardsInfo()
	if s.Level(in) != "easy" {
		t.Errorf("no AI level: %q, want the ruleset's default", s.Level(in))
	}
	s.AILevel = "hard"
	if s.Level(in) != "hard" {
		t.Errorf("AI level hard: %q", s.Level(in))
	}
	if str := s.String(); !strings.Contains(str, "AI hard") {
		t.Errorf("String %q", str)
	}
}

// TestInfoOf: a ruleset's info goes into Welcome and comes back whole.
func TestInfoOf(t *testing.T) {
	for _, in := range []ruleset.Info{erfworld(t).Info(), cardsInfo()} {
		ri := protocol.InfoOf(in, true)
		if !ri.Modded || ri.ID != in.ID || ri.Default != in.DefaultLevel || len(ri.Settings) != len(in.Settings) {
			t.Errorf("InfoOf(%s) = %+v", in.ID, ri)
		}
		if back := ri.Info(); !reflect.DeepEqual(back, in) {
			t.Errorf("%s: the info read back differs:\nhave %+v\nwant %+v", in.ID, back, in)
		}
	}
	if protocol.InfoOf(cardsInfo(), false).Modded {
		t.Error("a ruleset not modded is marked modded")
	}
}

// TestLimitsCheck checks the content checks of client messages.
func TestLimitsCheck(t *testing.T) {
	l := protocol.DefaultLimits()
	tests := []struct {
		name string
		have protocol.Message
		code protocol.ErrorCode // 0: accepted
		want string
	}{
		{"hello", &protocol.Hello{Version: protocol.Version, Name: "Ansom", Client: "empires/0.1"}, 0, ""},
		{"hello by value", protocol.Hello{Version: protocol.Version, Name: "Stanley the Tool"}, 0, ""},
		{"no name", &protocol.Hello{Version: protocol.Version, Name: "  "}, protocol.Invalid, "no name"},
		{"spaced name", &protocol.Hello{Version: protocol.Version, Name: " Ann"}, protocol.Invalid, "starts or ends with a space"},
		{"long name", &protocol.Hello{Version: protocol.Version, Name: strings.Repeat("a", 25)}, protocol.Invalid, "name of 25 characters: must be 1 to 24"},
		{"tab in name", &protocol.Hello{Version: protocol.Version, Name: "a\tb"}, protocol.Invalid, "not printable"},
		{"long client", &protocol.Hello{Version: protocol.Version, Name: "a", Client: strings.Repeat("c", 101)}, protocol.Invalid, "client name of 101"},
		{"long build", &protocol.Hello{Version: protocol.Version, Name: "a", Build: strings.Repeat("b", 65)}, protocol.Invalid, "client build of 65"},
		{"build with a newline", &protocol.Hello{Version: protocol.Version, Name: "a", Build: "v1\n"}, protocol.Invalid, "client build holds a character that is not printable"},
		{"create", &protocol.CreateGame{Settings: protocol.Settings{Ruleset: "risk", Width: 32, Height: 32, Seats: 2}}, 0, ""},
		{"create invalid", &protocol.CreateGame{}, protocol.Invalid, "no ruleset"},
		{"join", &protocol.JoinGame{Game: 1, Token: protocol.NewToken()}, 0, ""},
		{"join bad token", &protocol.JoinGame{Game: 1, Token: "0123"}, protocol.BadToken, "malformed seat token"},
		{"join seat 20", &protocol.JoinGame{Game: 1, Seat: 20}, 0, ""},
		{"join seat 21", &protocol.JoinGame{Game: 1, Seat: 21}, protocol.Invalid, "seat 21"},
		{"join long password", &protocol.JoinGame{Game: 1, Password: strings.Repeat("p", 65)}, protocol.Invalid, "password of 65"},
		{"chat", &protocol.Chat{Text: "gg 👍"}, 0, ""},
		{"empty chat", &protocol.Chat{Text: " "}, protocol.Invalid, "empty chat line"},
		{"long chat", &protocol.Chat{Text: strings.Repeat("x", 501)}, protocol.Invalid, "chat line of 501 characters"},
		// Orders and actions are the ruleset's to check (see
		// hexgame.DecodeOrders): the protocol passes them on.
		{"orders", small.submitOrders(t, 1), 0, ""},
		{"act", &protocol.Act{Seq: 1, Action: protocol.Payload{0xc3}}, 0, ""},
		{"rules", &protocol.GetRules{Ruleset: "erfworld"}, 0, ""},
		{"rules of a long id", &protocol.GetRules{Ruleset: strings.Repeat("r", 33)}, protocol.Invalid, "ruleset ID of 33 bytes: at most 32"},
		{"ping", &protocol.Ping{}, 0, ""},
		{"server message", &protocol.FullView{}, protocol.UnknownType, "FullView is a server message"},
		{"server reply", &protocol.ActResult{}, protocol.UnknownType, "ActResult is a server message"},
		{"nil", (*protocol.Chat)(nil), protocol.UnknownType, "no message"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := l.Check(tt.have)
			if tt.code == 0 {
				if err != nil {
					t.Errorf("have %v, want nil", err)
				}
				return
			}
			var pe *protocol.ProtocolError
			if !errors.As(err, &pe) || pe.Code != tt.code || !strings.Contains(pe.Message, tt.want) {
				t.Errorf("have %v, want %s with %q", err, tt.code, tt.want)
			}
			if pe != nil && goWords.MatchString(pe.Message) {
				t.Errorf("%q speaks Go (%q), not the protocol's words", pe.Message, goWords.FindString(pe.Message))
			}
		})
	}
}

// envelope builds a frame by hand: the envelope header and body bytes.
func envelope(typ protocol.Type, body ...byte) []byte {
	return append(append([]byte{0x94}, mp(typ)...), append([]byte{0x01, 0x00}, body...)...)
}

// mp returns the msgpack encoding of v, with structs as arrays.
func mp(v any) []byte {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseArrayEncodedStructs(true)
	enc.UseCompactInts(true)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// decodeErrorCases are frames Decode or DecodeBody must refuse (also the
// fuzzer's seeds).
func decodeErrorCases(t testing.TB) []struct {
	name string
	have []byte
	max  int
	code protocol.ErrorCode
	want string
} {
	valid, err := protocol.Marshal(1, 0, small.fullView(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	chat, err := protocol.Marshal(1, 0, &protocol.Chat{Text: "hi"})
	if err != nil {
		t.Fatal(err)
	}
	// Bytes that claim 2^32-1 elements, and a value nested 40 deep.
	bomb := []byte{0xdd, 0xff, 0xff, 0xff, 0xff}
	deep := append(bytes.Repeat([]byte{0x91}, 40), 0x00)
	return []struct {
		name string
		have []byte
		max  int
		code protocol.ErrorCode
		want string
	}{
		{"oversized", chat, len(chat) - 1, protocol.TooLarge, "frame of 8 bytes: at most 7"},
		{"empty", nil, 0, protocol.Malformed, "empty frame"},
		{"garbage", []byte("GET / HTTP/1.1\r\n"), 0, protocol.Malformed, "extra bytes after the value"},
		{"never-used code", []byte{0xc1}, 0, protocol.Malformed, "invalid msgpack code 0xc1"},
		{"not an envelope", []byte{0x05}, 0, protocol.Malformed, "not an envelope"},
		{"envelope of 3", []byte{0x93, 0x01, 0x01, 0x00}, 0, protocol.Malformed, "not an envelope"},
		{"envelope of 5", append(envelope(protocol.TypePing, 0x90), 0x90), 0, protocol.Malformed, "extra bytes"},
		{"map envelope", mp(map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}), 0, protocol.Malformed, "not an envelope"},
		{"negative type", []byte{0x94, 0xff, 0x01, 0x00, 0x90}, 0, protocol.Malformed, "envelope type"},
		{"type 256", []byte{0x94, 0xcd, 0x01, 0x00, 0x01, 0x00, 0x90}, 0, protocol.Malformed, "envelope type"},
		{"string seq", []byte{0x94, 0x05, 0xa1, 'x', 0x00, 0x90}, 0, protocol.Malformed, "envelope seq"},
		{"huge reply", []byte{0x94, 0x05, 0x01, 0xcf, 1, 0, 0, 0, 0, 0, 0, 0, 0x90}, 0, protocol.Malformed, "envelope reply"},
		{"truncated", valid[:len(valid)-1], 0, protocol.Malformed, "truncated"},
		{"truncated header", valid[:3], 0, protocol.Malformed, "4 elements claimed, 2 bytes left"},
		{"padded", append(bytes.Clone(chat), 0x00), 0, protocol.Malformed, "1 extra bytes"},
		{"allocation bomb at the top", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x01}, 0, protocol.Malformed, "elements claimed"},
		{"string bomb", envelope(protocol.TypeChat, 0x91, 0xdb, 0xff, 0xff, 0xff, 0xff), 0, protocol.Malformed, "4294967295 bytes claimed"},
		{"deep nesting", envelope(protocol.TypeChat, deep...), 0, protocol.Malformed, "nested more than"},
		{"unknown type", envelope(200, 0x90), 0, protocol.UnknownType, "unknown message type 200"},
		{"type 0", envelope(0, 0x90), 0, protocol.UnknownType, "unknown message type 0"},
		{"orders as chat", envelope(protocol.TypeChat, mp([]any{4, []any{}})...), 0, protocol.Malformed, "Chat: Chat is not an array of its 1 field"},
		{"string as orders", envelope(protocol.TypeSubmitOrders, mp("hi")...), 0, protocol.Malformed, "SubmitOrders: the body is not an array"},
		{"map body", envelope(protocol.TypeChat, mp(map[string]any{"Text": "hi"})...), 0, protocol.Malformed, "Chat: the body is not an array"},
		{"map settings", envelope(protocol.TypeCreateGame, mp([]any{map[string]any{"Ruleset": "risk"}})...), 0, protocol.Malformed, "CreateGame: Settings: Settings is not an array of its 13 fields"},
		{"map option", envelope(protocol.TypeCreateGame, mp([]any{[]any{"", "erfworld", 0, 0, 0, 2, 0, 0, "", false, false, "",
			[]any{map[string]any{"Key": "deck", "Value": 1}}}})...), 0, protocol.Malformed, "CreateGame: Settings.Options[0]: Option is not an array of its 2 fields"},
		{"nil ruleset info", envelope(protocol.TypeWelcome, mp([]any{6, "s", []any{nil}, []any{0, 0, 0, 0, 0}, ""})...), 0, protocol.Malformed,
			"Welcome: Rulesets[0]: RulesetInfo is not an array of its 15 fields"},
		{"short hello", envelope(protocol.TypeHello, mp([]any{1})...), 0, protocol.Malformed, "Hello is an array of 1, not of 3 or more"},
		{"nil hello", envelope(protocol.TypeHello, 0xc0), 0, protocol.Malformed, "Hello: the body is not an array"},
		{"nil ping", envelope(protocol.TypePing, 0xc0), 0, protocol.Malformed, "Ping: the body is not an array"},
		{"number as chat", envelope(protocol.TypeChat, 0x01), 0, protocol.Malformed, "Chat: the body is not an array"},
		{"bool as int", envelope(protocol.TypeGameOver, mp([]any{true, 1})...), 0, protocol.Malformed, "GameOver"},

		// Integers that do not fit their field are refused, not cut to
		// its bits (seat 258 would join seat 2, turn 2^32+4 play turn 4).
		{"seat 258", envelope(protocol.TypeJoinGame, mp([]any{1, 258, "", false, ""})...), 0, protocol.Malformed,
			"JoinGame: Seat: 258 is out of range (0 to 255)"},
		{"seat -1", envelope(protocol.TypeJoinGame, mp([]any{1, -1, "", false, ""})...), 0, protocol.Malformed,
			"JoinGame: Seat: -1 is out of range (0 to 255)"},
		{"game 2^32+1", envelope(protocol.TypeJoinGame, mp([]any{uint64(1<<32 + 1), 0, "", false, ""})...), 0, protocol.Malformed,
			"JoinGame: Game: 4294967297 is out of range (0 to 4294967295)"},
		{"turn 2^32+4", envelope(protocol.TypeSubmitOrders, mp([]any{uint64(1<<32 + 4), []any{}, 1})...), 0, protocol.Malformed,
			"SubmitOrders: Turn: 4294967300 is out of range (-2147483648 to 2147483647)"},
		{"act seq 2^32", envelope(protocol.TypeAct, mp([]any{uint64(1 << 32), []any{}})...), 0, protocol.Malformed,
			"Act: Seq: 4294967296 is out of range (0 to 4294967295)"},
		{"mode 260", envelope(protocol.TypeTurnClock, mp([]any{1, 0, nil, 260, 1, nil, "", 0, ""})...), 0, protocol.Malformed,
			"TurnClock: Mode: 260 is out of range (0 to 255)"},
		{"option 2^63", envelope(protocol.TypeCreateGame, 0x91, 0x9d, 0xa0, 0xa8, 'e', 'r', 'f', 'w', 'o', 'r', 'l', 'd',
			0x10, 0x10, 0x00, 0x02, 0x00, 0x00, 0xa0, 0xc2, 0xc2, 0xa0, 0x91, 0x92, 0xa1, 'k', 0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0), 0,
			protocol.Malformed, "CreateGame: Settings.Options[0].Value: 9223372036854775808 is out of range"},
		{"deadline 2^63", envelope(protocol.TypeTurnClock, 0x99, 0x01, 0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0, 0xc0, 0x01, 0x01, 0xc0, 0xa0, 0x00, 0xa0), 0,
			protocol.Malformed, "TurnClock: Deadline: 9223372036854775808 is out of range"},
		{"winner 258", envelope(protocol.TypeGameOver, mp([]any{258, 1})...), 0, protocol.Malformed,
			"GameOver: Winner: 258 is out of range (0 to 255)"},
		{"error code 260", envelope(protocol.TypeError, mp([]any{260, "no"})...), 0, protocol.Malformed,
			"Error: Code: error code 260 is out of range (0 to 255)"},
		{"hello name as number", envelope(protocol.TypeHello, mp([]any{7, 5, ""})...), 0, protocol.Malformed, "Hello: Name: a string was expected"},
		{"hello version as string", envelope(protocol.TypeHello, mp([]any{"7", "Ann", ""})...), 0, protocol.Malformed,
			"Hello: Version: an integer was expected, not a string"},
		{"chat as number", envelope(protocol.TypeChat, mp([]any{5})...), 0, protocol.Malformed, "Chat: Text: a string was expected, not an integer"},
		{"spectate as number", envelope(protocol.TypeJoinGame, mp([]any{1, 0, "", 1, ""})...), 0, protocol.Malformed,
			"JoinGame: Spectate: true or false was expected, not an integer"},
		{"seat data as array", envelope(protocol.TypeSetSeatData, mp([]any{[]any{1}})...), 0, protocol.Malformed,
			"SetSeatData: Data: a byte string (bin) was expected, not an array"},
		{"float seat", envelope(protocol.TypeJoinGame, mp([]any{1, 2.0, "", false, ""})...), 0, protocol.Malformed,
			"JoinGame: Seat: an integer was expected, not a float"},

		// Payloads: one whole msgpack value each, within the limits of
		// any frame (wire.CheckMsgpack), and there.
		// 13 bytes that would ask msgpack for 2^32-1 orders (59 GB of them).
		{"orders bomb", envelope(protocol.TypeSubmitOrders, append([]byte{0x93, 0x01}, bomb...)...), 0, protocol.Malformed, "4294967295 elements claimed"},
		{"orders nested too deep", envelope(protocol.TypeSubmitOrders, append([]byte{0x93, 0x01}, deep...)...), 0, protocol.Malformed, "nested more than 32 deep"},
		{"orders cut short", envelope(protocol.TypeSubmitOrders, 0x93, 0x01, 0x92, 0x01), 0, protocol.Malformed, "2 elements claimed, 1 bytes left"},
		{"orders of a bad code", envelope(protocol.TypeSubmitOrders, 0x93, 0x01, 0xc1, 0x01), 0, protocol.Malformed, "invalid msgpack code 0xc1"},
		{"orders of two values", envelope(protocol.TypeSubmitOrders, 0x92, 0x01, 0x90, 0x90), 0, protocol.Malformed, "1 extra bytes after the value"},
		{"no orders field", envelope(protocol.TypeSubmitOrders, mp([]any{4})...), 0, protocol.Malformed, "SubmitOrders: SubmitOrders is not an array of its 3 fields"},
		{"no seq field", envelope(protocol.TypeSetReady, mp([]any{true})...), 0, protocol.Malformed, "SetReady: SetReady is not an array of its 2 fields"},
		{"action bomb", envelope(protocol.TypeAct, append([]byte{0x92, 0x01}, bomb...)...), 0, protocol.Malformed, "4294967295 elements claimed"},
		{"string bomb action", envelope(protocol.TypeAct, 0x92, 0x01, 0xdb, 0xff, 0xff, 0xff, 0xff), 0, protocol.Malformed, "4294967295 bytes claimed"},
		{"nil action", envelope(protocol.TypeAct, mp([]any{1, nil})...), 0, protocol.Malformed, "Act: no action"},
		{"no view", envelope(protocol.TypeFullView, mp([]any{nil, 0})...), 0, protocol.Malformed, "FullView: no view"},
		{"view bomb", envelope(protocol.TypeFullView, append(append([]byte{0x92}, bomb...), 0x00)...), 0, protocol.Malformed, "4294967295 elements claimed"},
		{"view nested too deep", envelope(protocol.TypeFullView, append(append([]byte{0x92}, deep...), 0x00)...), 0, protocol.Malformed, "nested more than 32 deep"},
		{"no delta", envelope(protocol.TypeTurnUpdate, mp([]any{nil, 0, nil})...), 0, protocol.Malformed, "TurnUpdate: no delta"},
		{"events bomb", envelope(protocol.TypeTurnUpdate, append([]byte{0x93, 0x90, 0x00}, bomb...)...), 0, protocol.Malformed, "4294967295 elements claimed"},
		{"rules data bomb", envelope(protocol.TypeRulesData, 0x93, 0xa1, 'x', 0xa0, 0xc6, 0xff, 0xff, 0xff, 0xff), 0, protocol.Malformed, "4294967295 bytes claimed"},
	}
}

// goWords matches what a client must never read in an error: Go's names
// of types ("*protocol.Hello", "[]game.Order", "uint8") and the msgpack
// library's own messages.
var goWords = regexp.MustCompile(`\b(protocol|game|ruleset|wire|hexgame)\.[A-Z]|\*[a-z]+\.|\[\][a-z*]|\b(u?int(8|16|32|64)?|float(32|64))\b|msgpack:`)

// TestDecodeErrors feeds Decode and DecodeBody what they must refuse, and
// checks that each refusal speaks in the protocol's words.
func TestDecodeErrors(t *testing.T) {
	for _, tt := range decodeErrorCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			env, err := protocol.Decode(tt.have, tt.max)
			if err == nil {
				_, err = protocol.DecodeBody(env)
			}
			var pe *protocol.ProtocolError
			if !errors.As(err, &pe) || pe.Code != tt.code || !strings.Contains(pe.Message, tt.want) {
				t.Errorf("have %v, want %s with %q", err, tt.code, tt.want)
			}
		})
	}
	// Unmarshal on an envelope built by hand checks the body too.
	env := protocol.Envelope{Type: protocol.TypeChat, Body: append(mp([]any{"hi"}), 0x01)}
	if err := env.Unmarshal(new(protocol.Chat)); err == nil || !strings.Contains(err.Error(), "extra bytes") {
		t.Errorf("padded body: %v", err)
	}
	env = protocol.Envelope{Type: protocol.TypeChat}
	if err := env.Unmarshal(new(protocol.Chat)); err == nil || !strings.Contains(err.Error(), "no body") {
		t.Errorf("no body: %v", err)
	}
	env = protocol.Envelope{Type: protocol.TypeChat, Body: mp([]any{"hi"})}
	if err := env.Unmarshal(new(protocol.Hello)); err == nil || !strings.Contains(err.Error(), "cannot unmarshal Chat into *protocol.Hello") {
		t.Errorf("wrong target: %v", err)
	}
	var chat protocol.Chat
	if err := env.Unmarshal(&chat); err != nil || chat.Text != "hi" {
		t.Errorf("Unmarshal: %+v, %v", chat, err)
	}
}

// TestEncodeErrors checks what Encode refuses to send.
func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name string
		typ  protocol.Type
		msg  any
		want string
	}{
		{"unknown type", 99, &protocol.Ping{}, "unknown message type 99"},
		{"wrong type", protocol.TypePong, &protocol.Ping{}, "encode Pong: the message is a Ping"},
		{"not a message", protocol.TypePing, 42, "int is not a message"},
		{"nil", protocol.TypePing, nil, "<nil> is not a message"},
		{"nil pointer", protocol.TypePing, (*protocol.Ping)(nil), "*protocol.Ping is not a message"},
		{"password in lobby", protocol.TypeLobby, &protocol.Lobby{Settings: protocol.Settings{Password: "x"}}, "settings hold the password"},
		{"password in joined", protocol.TypeJoined, protocol.Joined{Settings: protocol.Settings{Password: "x"}}, "settings hold the password"},
		{"no view", protocol.TypeFullView, &protocol.FullView{}, "no view"},
		{"no delta", protocol.TypeTurnUpdate, &protocol.TurnUpdate{}, "no delta"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := protocol.Encode(tt.typ, 1, 0, tt.msg); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have %v, want an error with %q", err, tt.want)
			}
		})
	}
	if _, err := protocol.Marshal(1, 0, nil); err == nil {
		t.Error("Marshal(nil) works")
	}
}

// TestErrorMessage checks the conversion of errors to Error messages.
func TestErrorMessage(t *testing.T) {
	pe := protocol.Errorf(protocol.GameFull, "no seat in %s", protocol.GameID(3))
	if got := protocol.ErrorMessage(fmtWrap(pe)); *got != (protocol.Error{Code: protocol.GameFull, Message: "no seat in game 3"}) {
		t.Errorf("wrapped ProtocolError: %+v", got)
	}
	if got := protocol.ErrorMessage(errors.New("open /var/lib/empires/db: disk full")); *got != (protocol.Error{Code: protocol.Internal, Message: "internal server error"}) {
		t.Errorf("other error: %+v", got)
	}
}

func fmtWrap(err error) error { return fmt.Errorf("join: %w", err) }

// TestIDs checks tokens and seats.
func TestIDs(t *testing.T) {
	a, b := protocol.NewToken(), protocol.NewToken()
	if !a.Valid() || !b.Valid() || a == b || len(a) != protocol.TokenLen {
		t.Errorf("tokens %q and %q", a, b)
	}
	if !a.Equal(a) || a.Equal(b) || protocol.SeatToken("").Equal("") {
		t.Error("Equal is wrong")
	}
	for _, bad := range []protocol.SeatToken{"", "0123", protocol.SeatToken(strings.ToUpper(string(a))), a + "0", "0123456789abcdef0123456789abcdeg"} {
		if bad.Valid() {
			t.Errorf("%q is valid", bad)
		}
	}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("join", "token", a)
	if strings.Contains(buf.String(), string(a[:8])) || !strings.Contains(buf.String(), string(a[len(a)-4:])) {
		t.Errorf("the log shows the token: %s", buf.String())
	}
	if protocol.Seat(0).String() != "spectator" || protocol.SeatOf(3).String() != "seat 3" || protocol.Seat(3).Player() != 3 {
		t.Error("seat names")
	}
	clock := protocol.TurnClock{Deadline: 1795000000123}
	if d, ok := clock.DeadlineTime(); !ok || protocol.DeadlineOf(d) != clock.Deadline {
		t.Errorf("deadline %v", d)
	}
	if _, ok := (&protocol.TurnClock{}).DeadlineTime(); ok || protocol.DeadlineOf(time0) != 0 {
		t.Error("no deadline")
	}
}

var time0 time.Time

// TestNilOrdersAreNone: a SubmitOrders whose list is nil is read, with no
// orders (the lobby then submits "no orders"), not refused.
func TestNilOrdersAreNone(t *testing.T) {
	env, err := protocol.Decode(envelope(protocol.TypeSubmitOrders, mp([]any{4, nil, 4})...), 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := protocol.DecodeBody(env)
	if err != nil {
		t.Fatalf("a SubmitOrders of nil orders: %v, want it read", err)
	}
	if so := m.(*protocol.SubmitOrders); so.Turn != 4 || len(so.Orders) != 0 {
		t.Errorf("have %+v, want turn 4 and no orders", so)
	}
}
