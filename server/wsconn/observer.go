package wsconn

// Observer is told what a connection does, for the server's metrics. Its
// methods are called from the connection's goroutines, so they must be
// safe for concurrent use, and quick: they must not block.
type Observer interface {
	// Sent is called for each message written to the client, with the
	// size of its frame in bytes.
	Sent(bytes int)
	// RateLimited is called for each message refused for the rate.
	RateLimited()
}

// observeSent tells the observer, if any, of a frame of n bytes written.
func (c *Conn) observeSent(n int) {
	if c.opts.Observer != nil {
		c.opts.Observer.Sent(n)
	}
}

// observeRateLimited tells the observer, if any, of a message refused for
// the rate.
func (c *Conn) observeRateLimited() {
	if c.opts.Observer != nil {
		c.opts.Observer.RateLimited()
	}
}
