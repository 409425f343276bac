package protocol

import (
	"errors"
	"fmt"
)

// ErrorCode says what kind of failure an Error reports, so a client can act
// on it without parsing the text. Codes only grow at the end.
type ErrorCode uint8

// The error codes.
const (
	// BadVersion: the client speaks another protocol version; the message
	// names the versions the server speaks. The server closes the
	// connection after it.
	BadVersion ErrorCode = iota + 1
	// Malformed: the frame or its body is not valid msgpack of the shape
	// its type requires.
	Malformed
	// UnknownType: a message type this build does not know, or one that
	// only the other side sends.
	UnknownType
	// WrongGame: the message concerns a game the client is not in.
	WrongGame
	// NotAllowed: the message is not allowed now or to this client (Hello
	// not first, orders before the game starts, a start from someone who
	// did not create the game, ...).
	NotAllowed
	// BadPassword: the game's password was missing or wrong.
	BadPassword
	// GameFull: no free seat (or the asked seat is taken), or spectators
	// are not allowed.
	GameFull
	// NoSuchGame: no game of that ID.
	NoSuchGame
	// RateLimited: the client sent messages faster than the limits allow.
	RateLimited
	// TooLarge: the frame is larger than the limit, or a list in it longer.
	TooLarge
	// Internal: the server failed; not the client's fault.
	Internal
	// Invalid: a well-formed message whose content is out of range (a name
	// too long, settings the server refuses).
	Invalid
	// BadToken: the seat token does not belong to a seat of that game.
	BadToken
	// WrongTurn: orders for a turn other than the one being played.
	WrongTurn
	// Unavailable: the server cannot take this now (shutting down, too many
	// games or connections); try again later.
	Unavailable
)

var errorCodeNames = [...]string{
	BadVersion:  "bad version",
	Malformed:   "malformed",
	UnknownType: "unknown type",
	WrongGame:   "wrong game",
	NotAllowed:  "not allowed",
	BadPassword: "bad password",
	GameFull:    "game full",
	NoSuchGame:  "no such game",
	RateLimited: "rate limited",
	TooLarge:    "too large",
	Internal:    "internal",
	Invalid:     "invalid",
	BadToken:    "bad token",
	WrongTurn:   "wrong turn",
	Unavailable: "unavailable",
}

// String returns the code's name, e.g. "bad version".
func (c ErrorCode) String() string {
	if int(c) < len(errorCodeNames) && errorCodeNames[c] != "" {
		return errorCodeNames[c]
	}
	return fmt.Sprintf("error code %d", c)
}

// ProtocolError is a failure to report to the peer: the codec returns one
// for every frame it refuses, Limits.Check and Settings.Validate for content
// they refuse, CheckVersion for a version mismatch. ErrorMessage turns it into
// the Error message to send.
type ProtocolError struct {
	Code    ErrorCode
	Message string
}

func (e *ProtocolError) Error() string { return e.Code.String() + ": " + e.Message }

// Errorf returns a *ProtocolError with code and a formatted message.
func Errorf(code ErrorCode, format string, args ...any) *ProtocolError {
	return &ProtocolError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorMessage returns the Error message reporting err: the code and message
// of a *ProtocolError in err's chain, or Internal with a generic message for
// any other error (whose text may hold server details the client has no
// business seeing: log it instead).
func ErrorMessage(err error) *Error {
	var pe *ProtocolError
	if errors.As(err, &pe) {
		return &Error{Code: pe.Code, Message: pe.Message}
	}
	return &Error{Code: Internal, Message: "internal server error"}
}

// Err returns the message as a *ProtocolError, for a client to return.
func (m *Error) Err() error { return &ProtocolError{Code: m.Code, Message: m.Message} }
