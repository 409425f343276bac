package protocol

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"log/slog"

	"empires/shared/ruleset"
)

// GameID identifies a game on a server, for as long as the server keeps it
// (across restarts too). 0 is no game.
type GameID uint32

// String returns "game N".
func (g GameID) String() string { return fmt.Sprintf("game %d", g) }

// Seat is a place at a game's table: the player of that number
// (ruleset.Seat), or Spectator.
type Seat uint8

// Spectator is the seat of those who watch a game. In JoinGame, Seat 0
// means any free seat instead (Spectate asks to watch).
const Spectator Seat = 0

// SeatOf returns the protocol's seat of ruleset seat p.
func SeatOf(p ruleset.Seat) Seat { return Seat(p) }

// Player returns the ruleset's seat, 0 for a spectator.
func (s Seat) Player() ruleset.Seat { return ruleset.Seat(s) }

// String returns "seat N" or "spectator".
func (s Seat) String() string {
	if s == Spectator {
		return "spectator"
	}
	return fmt.Sprintf("seat %d", s)
}

// SeatToken is the secret that lets a player take their seat back after a
// dropped connection or a client restart: 32 lowercase hex digits (128
// random bits). The server hands it out in Joined and the client keeps it;
// it must never be logged or shown to anyone else (LogValue redacts it).
type SeatToken string

// TokenLen is the length of a SeatToken.
const TokenLen = 32

// NewToken returns a new random seat token from crypto/rand.
func NewToken() SeatToken {
	var b [TokenLen / 2]byte
	_, _ = rand.Read(b[:]) // never fails: crypto/rand crashes the program instead
	return SeatToken(hex.EncodeToString(b[:]))
}

// Valid reports whether t has the form of a token: TokenLen lowercase hex
// digits.
func (t SeatToken) Valid() bool {
	if len(t) != TokenLen {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Equal reports whether t and u are the same token, in time that does not
// depend on where they differ. An empty token equals no token.
func (t SeatToken) Equal(u SeatToken) bool {
	return t != "" && subtle.ConstantTimeCompare([]byte(t), []byte(u)) == 1
}

// LogValue implements slog.LogValuer: a token logs as "…" and its last four
// digits, enough to tell tokens apart, too few to use one.
func (t SeatToken) LogValue() slog.Value {
	if len(t) < 8 {
		return slog.StringValue("…")
	}
	return slog.StringValue("…" + string(t[len(t)-4:]))
}
