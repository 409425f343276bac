package protocol

import (
	"fmt"
	"reflect"
)

// Type says which message an envelope carries. Types only grow at the end:
// a number, once given, never changes meaning. Hello (1) and Error (3) are
// frozen forever, so peers of every version can greet and refuse each other.
type Type uint8

// The message types. The comment of each says who sends it: C for the
// client, S for the server.
const (
	TypeHello          Type = iota + 1 // C: first message of a connection
	TypeWelcome                        // S: reply to Hello
	TypeError                          // S: a request failed, or the frame was refused
	TypeBye                            // S: the server is about to close the connection
	TypePing                           // C: are you there? (answered with Pong)
	TypePong                           // S: reply to Ping
	TypeListGames                      // C: which games are there?
	TypeGameList                       // S: reply to ListGames
	TypeCreateGame                     // C: create a game (and join it)
	TypeJoinGame                       // C: join, spectate or rejoin a game
	TypeJoined                         // S: reply to CreateGame and JoinGame
	TypeLeaveGame                      // C: leave the game
	TypeLobby                          // S: the game's seats and settings, on every change
	TypeChat                           // C: say something
	TypeChatMessage                    // S: someone said something
	TypeSetReady                       // C: ready (in the lobby: to start; in a turn: done with orders)
	TypeStartGame                      // C: start the game now
	TypeTurnClock                      // S: the turn being played, its deadline, who is ready
	TypeSubmitOrders                   // C: the player's whole list of orders for a turn
	TypeOrdersResult                   // S: reply to SubmitOrders
	TypeRequestView                    // C: send me a full view (after a checksum mismatch)
	TypeFullView                       // S: the player's whole view
	TypeTurnUpdate                     // S: a resolved turn: delta and events
	TypeGameOver                       // S: the game ended
	TypeAct                            // C: an action in an interactive step
	TypeActResult                      // S: reply to Act
	TypeGetRules                       // C: send me a ruleset's data
	TypeRulesData                      // S: reply to GetRules
	TypeSetSeatData                    // C: the seat's set-up data (a deck)
	TypeSeatDataResult                 // S: reply to SetSeatData
	TypeMissed                         // S: the events of the steps played while the player was away
	// Add new types here, at the end only.
	typeEnd
)

// Message is implemented by every message type, by value and by pointer.
type Message interface {
	// MessageType returns the message's Type.
	MessageType() Type
}

type typeInfo struct {
	name   string
	client bool // sent by the client (else by the server)
	typ    reflect.Type
}

var types [typeEnd]typeInfo

func register[M Message](client bool) {
	var m M
	t := m.MessageType()
	rt := reflect.TypeFor[M]()
	types[t] = typeInfo{name: rt.Name(), client: client, typ: rt}
}

func init() {
	register[Hello](true)
	register[Welcome](false)
	register[Error](false)
	register[Bye](false)
	register[Ping](true)
	register[Pong](false)
	register[ListGames](true)
	register[GameList](false)
	register[CreateGame](true)
	register[JoinGame](true)
	register[Joined](false)
	register[LeaveGame](true)
	register[Lobby](false)
	register[Chat](true)
	register[ChatMessage](false)
	register[SetReady](true)
	register[StartGame](true)
	register[TurnClock](false)
	register[SubmitOrders](true)
	register[OrdersResult](false)
	register[RequestView](true)
	register[FullView](false)
	register[TurnUpdate](false)
	register[GameOver](false)
	register[Act](true)
	register[ActResult](false)
	register[GetRules](true)
	register[RulesData](false)
	register[SetSeatData](true)
	register[SeatDataResult](false)
	register[Missed](false)
	for t := TypeHello; t < typeEnd; t++ {
		if types[t].typ == nil {
			panic(fmt.Sprintf("protocol: message type %d has no message", t))
		}
	}
}

// Known reports whether t is a message type of this build.
func (t Type) Known() bool { return t > 0 && t < typeEnd }

// FromClient reports whether t is a message the client sends.
func (t Type) FromClient() bool { return t.Known() && types[t].client }

// FromServer reports whether t is a message the server sends.
func (t Type) FromServer() bool { return t.Known() && !types[t].client }

// String returns the message's name, e.g. "SubmitOrders", or "type N" for
// an unknown type.
func (t Type) String() string {
	if t.Known() {
		return types[t].name
	}
	return fmt.Sprintf("type %d", t)
}

// Types returns every message type of this build, in order.
func Types() []Type {
	out := make([]Type, 0, typeEnd-1)
	for t := TypeHello; t < typeEnd; t++ {
		out = append(out, t)
	}
	return out
}

// New returns a new zero message of type t, as a pointer (*Hello for
// TypeHello), or nil for an unknown type.
func New(t Type) Message {
	if !t.Known() {
		return nil
	}
	return reflect.New(types[t].typ).Interface().(Message)
}

// The MessageType methods.

func (Hello) MessageType() Type          { return TypeHello }
func (Welcome) MessageType() Type        { return TypeWelcome }
func (Error) MessageType() Type          { return TypeError }
func (Bye) MessageType() Type            { return TypeBye }
func (Ping) MessageType() Type           { return TypePing }
func (Pong) MessageType() Type           { return TypePong }
func (ListGames) MessageType() Type      { return TypeListGames }
func (GameList) MessageType() Type       { return TypeGameList }
func (CreateGame) MessageType() Type     { return TypeCreateGame }
func (JoinGame) MessageType() Type       { return TypeJoinGame }
func (Joined) MessageType() Type         { return TypeJoined }
func (LeaveGame) MessageType() Type      { return TypeLeaveGame }
func (Lobby) MessageType() Type          { return TypeLobby }
func (Chat) MessageType() Type           { return TypeChat }
func (ChatMessage) MessageType() Type    { return TypeChatMessage }
func (SetReady) MessageType() Type       { return TypeSetReady }
func (StartGame) MessageType() Type      { return TypeStartGame }
func (TurnClock) MessageType() Type      { return TypeTurnClock }
func (SubmitOrders) MessageType() Type   { return TypeSubmitOrders }
func (OrdersResult) MessageType() Type   { return TypeOrdersResult }
func (RequestView) MessageType() Type    { return TypeRequestView }
func (FullView) MessageType() Type       { return TypeFullView }
func (TurnUpdate) MessageType() Type     { return TypeTurnUpdate }
func (GameOver) MessageType() Type       { return TypeGameOver }
func (Act) MessageType() Type            { return TypeAct }
func (ActResult) MessageType() Type      { return TypeActResult }
func (GetRules) MessageType() Type       { return TypeGetRules }
func (RulesData) MessageType() Type      { return TypeRulesData }
func (SetSeatData) MessageType() Type    { return TypeSetSeatData }
func (SeatDataResult) MessageType() Type { return TypeSeatDataResult }
func (Missed) MessageType() Type         { return TypeMissed }
