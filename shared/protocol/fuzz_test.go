package protocol_test

import (
	"errors"
	"reflect"
	"runtime"
	"testing"

	"empires/shared/protocol"
	"empires/shared/wire/wiretest"
)

// FuzzDecode feeds Decode and DecodeBody arbitrary frames, seeded with a
// frame of every message type (payloads cut to a few bytes: the decoder
// only walks them, and a seed of kilobytes makes the fuzzer spend its
// time shrinking what it finds) and with the refused frames of
// TestDecodeErrors (numbers out of their fields' ranges among them).
// Whatever the input: no panic (nor a recovered one, code Internal), no
// allocation much larger than the input, and either a *ProtocolError or a
// message that encodes again and decodes to itself, holding every number
// of the frame unchanged (none was cut to fit its field).
func FuzzDecode(f *testing.F) {
	for i, m := range samples(f) {
		tiny := protocol.Payload{0x92, 0x01, 0xa1, 'x'}
		switch m := m.(type) {
		case *protocol.FullView:
			m.View = tiny
		case *protocol.TurnUpdate:
			m.Delta, m.Events = tiny, tiny
		case *protocol.SubmitOrders:
			m.Orders = tiny
		case *protocol.RulesData:
			m.Data = m.Data[:min(len(m.Data), 64)]
		case *protocol.Welcome:
			for j := range m.Rulesets {
				m.Rulesets[j].LevelNotes = m.Rulesets[j].LevelNotes[:min(len(m.Rulesets[j].LevelNotes), 1)]
			}
		}
		frame, err := protocol.Marshal(uint32(i+1), uint32(i), m)
		if err != nil {
			f.Fatal(err)
		}
		if len(frame) > 1<<10 {
			f.Fatalf("a seed %s of %d bytes", m.MessageType(), len(frame))
		}
		f.Add(frame)
	}
	for _, c := range decodeErrorCases(f) {
		if len(c.have) <= 1<<10 {
			f.Add(c.have)
		}
	}
	max := protocol.DefaultLimits().MaxServerMessage
	f.Fuzz(func(t *testing.T, data []byte) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		env, err := protocol.Decode(data, max)
		var m protocol.Message
		if err == nil {
			m, err = protocol.DecodeBody(env)
		}
		runtime.ReadMemStats(&ms)
		// Measured: messages take at most about 24 bytes of memory per
		// byte of input (see TestHostileAllocation); payloads are
		// copied whole, the ruleset decodes them later.
		if alloc := ms.TotalAlloc - before; alloc > uint64(64*len(data)+64<<10) {
			t.Fatalf("decoding %d bytes allocated %d", len(data), alloc)
		}
		if err != nil {
			var pe *protocol.ProtocolError
			if !errors.As(err, &pe) || pe.Code == protocol.Internal {
				t.Fatalf("decode: %v", err)
			}
			return
		}
		// The server never sends a password back; the decoder does not
		// care.
		switch m := m.(type) {
		case *protocol.Lobby:
			m.Settings.Password = ""
		case *protocol.Joined:
			m.Settings.Password = ""
		}
		frame, err := protocol.Encode(env.Type, env.Seq, env.Reply, m)
		if err != nil {
			t.Fatalf("a decoded %s does not encode: %v", env.Type, err)
		}
		// Hello and Error skip fields a later version adds, numbers and
		// all; every other message is read whole.
		if env.Type != protocol.TypeHello && env.Type != protocol.TypeError {
			if err := wiretest.IntegersKept(data, frame); err != nil {
				t.Fatalf("%s: %v", env.Type, err)
			}
		}
		env2, err := protocol.Decode(frame, 0)
		if err != nil {
			t.Fatalf("decode the re-encoded %s: %v", env.Type, err)
		}
		m2, err := protocol.DecodeBody(env2)
		if err != nil {
			t.Fatalf("decode the re-encoded %s: %v", env.Type, err)
		}
		if env2.Type != env.Type || env2.Seq != env.Seq || env2.Reply != env.Reply || !reflect.DeepEqual(m, m2) {
			t.Fatalf("the re-encoded %s decodes differently:\nhave %+v\ngot  %+v", env.Type, m, m2)
		}
	})
}
