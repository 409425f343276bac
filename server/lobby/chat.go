package lobby

import (
	"empires/server/throttle"
	"empires/shared/protocol"
)

// chatOverhead is what a ChatMessage takes on the wire beyond its name
// and text, about: the envelope, the seat, the flags.
const chatOverhead = 16

// chatRoom is the chat accounts of one game, or of the server's lobby:
// the lines its members send (Quotas.RoomLines) and the bytes it sends
// out (Quotas.RoomFanout). Guarded by Lobby.mu.
type chatRoom struct {
	lines, fanout throttle.Budget
}

func newChatRoom(q Quotas) chatRoom {
	return chatRoom{lines: throttle.NewBudget(q.RoomLines), fanout: throttle.NewBudget(q.RoomFanout)}
}

// chatRoom returns the chat accounts of game id, made if need be; the
// accounts of games gone are dropped then. l.mu held.
func (l *Lobby) chatRoom(id protocol.GameID) *chatRoom {
	if cr := l.q.rooms[id]; cr != nil {
		return cr
	}
	for g := range l.q.rooms {
		if l.games[g] == nil {
			delete(l.q.rooms, g)
		}
	}
	cr := newChatRoom(l.q.limits)
	l.q.rooms[id] = &cr
	return &cr
}

// chat handles Chat: to everyone in cl's game, or to every client in no
// game, within the sender's and the room's limits (Quotas).
func (cl *client) chat(env protocol.Envelope, m *protocol.Chat) error {
	l := cl.l
	l.mu.Lock()
	defer l.mu.Unlock()
	var msg *protocol.ChatMessage
	var to []*client
	var cr *chatRoom
	var where string
	if cl.room == nil {
		msg = &protocol.ChatMessage{From: protocol.Spectator, Name: cl.name, Text: m.Text, Lobby: true}
		for c := range l.clients {
			if c.room == nil {
				to = append(to, c)
			}
		}
		cr, where = &l.q.lobbyChat, "the lobby"
	} else {
		msg = &protocol.ChatMessage{From: cl.seat, Name: cl.name, Text: m.Text}
		cl.room.members(func(c *client, _ protocol.Seat) { to = append(to, c) })
		cr, where = l.chatRoom(cl.room.id), cl.room.id.String()
	}
	if err := cl.admitLine(cr, where, msg, len(to)); err != nil {
		return err
	}
	for _, c := range to {
		reply := uint32(0)
		if c == cl {
			reply = env.Seq
		}
		c.c.Send(msg, reply)
	}
	return nil
}

// admitLine charges a chat line of cl's, to go to n clients, to cl's and
// the room's budgets, or says how long to wait; l.mu held.
func (cl *client) admitLine(cr *chatRoom, where string, msg *protocol.ChatMessage, n int) error {
	q := cl.l.q
	now := q.now()
	fan := int64(n) * int64(len(msg.Name)+len(msg.Text)+chatOverhead)
	if r := cr.fanout.Rate(); r.Limited() {
		fan = min(fan, r.Burst) // a line to a crowd costs at most the whole budget
	}
	if w := cl.chatLines.Wait(now, 1); w > 0 {
		return protocol.Errorf(protocol.RateLimited, "you chat too fast (%s): try again in %s",
			describeRate(cl.chatLines.Rate(), "lines"), waitText(w))
	}
	if w := max(cr.lines.Wait(now, 1), cr.fanout.Wait(now, fan)); w > 0 {
		cl.l.log.Debug("chat refused: the room is busy", "where", where, "conn", cl.c.ID(), "name", cl.name, "wait", w)
		return protocol.Errorf(protocol.RateLimited, "the chat of %s is too busy (%s, from everyone): try again in %s",
			where, describeRate(cr.lines.Rate(), "lines"), waitText(w))
	}
	cl.chatLines.Charge(now, 1)
	cr.lines.Charge(now, 1)
	cr.fanout.Charge(now, fan)
	return nil
}
