// Package protocol defines every message between an Empires client and
// server: the message types, their encoding, the protocol version and the
// limits both sides enforce.
//
// # The wire
//
// A client opens a websocket to the server and the two exchange binary
// frames, one message a frame. A frame is one msgpack value, the Envelope:
// the array [type, seq, reply, body]. Type says which message body holds;
// seq numbers the sender's messages on the connection (1, 2, 3, ...; each
// side counts its own); reply is the seq of the request a message answers,
// 0 for a message nobody asked for (a turn update, a chat line). The body is
// the message itself, inline: every struct an array of its fields in
// declaration order (no field names), integers in their shortest form. What
// only a ruleset knows, its orders, actions, views, deltas and events, is a
// Payload: one msgpack value in the ruleset's own encoding, inline in the
// message (the hex rulesets' views and deltas are the game package's
// compact wire form, game.EncodeView and game.EncodeDelta); this package
// checks a payload only as a msgpack value, and the ruleset decodes it with
// the rules of package wire. Encode writes a
// frame, Decode reads one and DecodeBody its message; both refuse, with a
// *ProtocolError and never a panic, whatever is not a well-formed frame of
// this version.
//
// A connection starts with the client's Hello. The server answers Welcome
// (its version, name, rulesets with the content hash of their data, and the
// limits it enforces), or Error with code BadVersion, a message naming the
// versions it speaks, and closes the connection. A client whose copy of a
// ruleset's data has another hash, or that holds no dictionary of event
// templates of the hash RulesetInfo.Dict names, asks for the server's with
// GetRules: RulesData carries the data and the dictionary (Templates).
// After Welcome the client lists, creates or joins games; once a game starts
// the server sends a FullView, then a TurnClock each step (its mode, number,
// the seats that must act and a prompt) and a TurnUpdate (a delta and the
// events the player may know of) after each resolution or action. In a
// simultaneous step players send SubmitOrders and SetReady; in an
// interactive one the seats asked send Act. A client whose view's checksum
// disagrees with the server's sends RequestView and gets a FullView back.
//
// docs/protocol.md describes all of it, the payloads of the hex rulesets,
// of empire, risk and Duel too (and what a client checks of payloads it
// does not decode), for
// those who write a client or a server in another language, and
// testdata/vectors holds golden frames with their meaning, which
// TestVectors checks the codec against: keep both in step with the code.
//
// # Versions
//
// Fields travel by position, so any change to a message (a field added,
// removed, retyped or moved, in this package or in a payload of a ruleset:
// for the hex rulesets game.Order, game.Event, game.View, game.Delta) makes a new
// protocol Version, recorded in History. Message types and error codes only
// grow at the end; their numbers never change. The Envelope, Hello and Error
// (and their type numbers 1 and 3) are frozen: every version reads them, and
// their decoders skip fields added at the end by later versions, so peers of
// different versions can always tell each other why they part.
//
// # Limits
//
// A websocket library reads at most 32 KiB per message unless told
// otherwise, which a turn update of a 16-player game already exceeds. Each
// side sets its read limit on purpose: the server reads client frames of at
// most Limits.MaxClientMessage bytes, the client server frames of at most
// Limits.MaxServerMessage (see DefaultLimits for the values and the sizes
// measured). With github.com/coder/websocket that is
// conn.SetReadLimit(int64(limits.MaxClientMessage)) on the server's side of
// a connection and SetReadLimit(int64(limits.MaxServerMessage)) on the
// client's; frames go as websocket.MessageBinary.
//
// Decode checks the size again, then checks every msgpack length header
// against the bytes really present (wire.CheckMsgpack) before the msgpack
// library allocates anything, and DecodeBody refuses any struct not
// encoded as the array of its fields, so a frame decodes to at most about
// 24 times its size in memory. DecodeBody also refuses, as Malformed, any
// integer that does not fit its field (a Seat of 258, a Turn of 2^32+4, a
// negative GameID), where msgpack alone would keep its low bits; the hex
// rulesets' payloads are read with the same rule (package wire).
// Limits.ReadClient and Limits.ReadServer do what each side must do with a
// frame it receives.
//
// # Version history
//
//   - 1 (2026-11-22): the first version: handshake, lobby (list, create,
//     join, spectate, rejoin with a seat token, chat, ready, start), orders,
//     turn clock, full views and deltas with checksums, events, game over.
//   - 2 (2026-11-22): Settings.AILevel, how the AI plays the bot seats.
//   - 3 (2026-11-25): battle reports tell the whole battle (the city's
//     forces, characters, each die, Warlord points, healing, uncroaking,
//     the rule that decided); a battle's defender may be a city alone;
//     game.EventReportShared.
//   - 4 (2026-11-25): rulesets: Welcome's RulesetInfo (title, summary,
//     board, seats, settings, AI levels, content hash, Modded); GetRules and
//     RulesData; GameInfo.Modded; orders, views, deltas and events as the
//     ruleset's payloads; Settings.Options, and no map size for a game
//     without a map; interactive steps (TurnClock.Mode, Seq, Actors,
//     Prompt; Act and ActResult); GameOver.Winner a seat; structures in the
//     hex rulesets' views and deltas.
//   - 5 (2026-11-28): Hello.Build and Welcome.Build, each side's build.
//
// The later versions are in History.
package protocol
