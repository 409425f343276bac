package wsconn

import "time"

// bucket is a token bucket: it holds at most burst tokens and gains rate
// tokens a second; each message takes one. A zero rate means no limit.
// It is not safe for concurrent use: only the connection's reader uses it.
type bucket struct {
	rate, burst float64
	tokens      float64
	last        time.Time
}

func newBucket(rate, burst int) bucket {
	if burst < 1 {
		burst = max(1, rate)
	}
	return bucket{rate: float64(rate), burst: float64(burst), tokens: float64(burst)}
}

// take takes a token at time now and reports whether there was one.
func (b *bucket) take(now time.Time) bool {
	if b.rate <= 0 {
		return true
	}
	if !b.last.IsZero() {
		if dt := now.Sub(b.last).Seconds(); dt > 0 {
			b.tokens = min(b.burst, b.tokens+dt*b.rate)
		}
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
