package lobby

// OpenSeats returns the number of seats for people that nobody holds, over
// every game that is not over: what a client browsing the local network
// sees as the room left on the server. Bot seats are not open.
func (l *Lobby) OpenSeats() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, r := range l.games {
		if r.over {
			continue
		}
		for i := range r.humanSeats() {
			if r.seats[i].token == "" {
				n++
			}
		}
	}
	return n
}
