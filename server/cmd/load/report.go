package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// Report is what a load measured.
type Report struct {
	Config  Config
	Clients int           // clients started: Games x Seats
	Elapsed time.Duration // from the first client's start (or the warm-up's end) to the last one's end
	// Warmup is how long the load ran before it measured (Config.Warmup,
	// to the tick): the turns, delays and CPU times count from then on.
	Warmup time.Duration

	// PeakConns is the most clients seated at once; EndConns those seated
	// just before the first one left (it finished its turns, saw the game
	// end, failed, or Duration ran out).
	PeakConns, EndConns int
	// PeakRunning is the most games the server said were running (its
	// /healthz, asked with each line of progress and when the first
	// client ended); -1 if it never said.
	PeakRunning int

	// Turns is the number of turns resolved, summed over the games.
	// TurnsPerSecond is their rate while every client was seated: from
	// the moment the last one was seated to the moment the first one left
	// (Steady long), or over Elapsed if they never all were.
	Turns          int
	Steady         time.Duration
	TurnsPerSecond float64

	// P50, P99 and Max are of the delays from a turn's last SetReady (of
	// any client of the game) to each client's TurnUpdate for the turn;
	// Samples counts them. Late counts the TurnUpdates that came before
	// the turn's last SetReady was noted (counted as no delay).
	P50, P99, Max time.Duration
	Samples, Late int
	// Answer is of the delays from each action of an interactive step
	// (Act) to its ActResult, Seen from each action to every other
	// client's TurnUpdate playing it; none in a game of simultaneous
	// steps only.
	Answer, Seen Delays

	// Bytes are the bytes the clients received, TurnsPlayed the turns
	// they played, BytesPerTurn the first over the second. Orders counts
	// the orders they submitted.
	Bytes        int64
	TurnsPlayed  int
	BytesPerTurn float64
	Orders       int
	// Updates counts the TurnUpdates the clients received: every step
	// played (a turn resolved, an action applied) sends one to each
	// client of the game, so Updates over Seats is the steps played.
	Updates int

	// How the clients ended: Finished played their turns or saw the game
	// end, Stopped were stopped by Duration, Failed failed (Failures
	// quotes the first few). Mismatches, Rejections, ServerErrors and
	// Reconnects are summed over the clients (bot.Result).
	Finished, Stopped, Failed                        int
	Failures                                         []string
	Mismatches, Rejections, ServerErrors, Reconnects int
	// ServerErrorQuotes quotes the first few of the server's errors.
	ServerErrorQuotes []string
	GamesOver         int // clients that saw GameOver

	// The server's CPU time during the load and its resident memory at
	// the end, the peak seen during the load and the peak since it
	// started (VmHWM), when it runs in a child process.
	ServerMeasured                      bool
	ServerCPU                           time.Duration
	ServerRSS, ServerPeakRSS, ServerHWM int64
	// ProcessCPU is this process's CPU time during the load: the
	// clients', and the server's too with -inproc.
	ProcessMeasured bool
	ProcessCPU      time.Duration

	// Hellos are how the clients' connections were set up, over the
	// whole load (the warm-up too).
	Hellos Hellos

	// StopErr is how stopping the load's own server failed, if it did.
	StopErr string
	// StoreBytes is the size of the load's own server's data directory
	// (Config.DataDir) once it stopped: every game and step it saved; 0
	// without one.
	StoreBytes int64

	// LoadStart and LoadEnd are the machine's load average (the first
	// three fields of /proc/loadavg) when the load started and ended;
	// empty where unknown. Others' work on the machine shows there.
	LoadStart, LoadEnd string
}

// Hellos are how the clients' connections were set up: every client's
// dial (a client playing another game dials again), its attempts, and the
// time from its first attempt to the server's Welcome.
type Hellos struct {
	// Welcomed dials got their Welcome, Retried of them after more than
	// one attempt; Failed got none (their clients failed: Failures quotes
	// the first few); Attempts counts every attempt.
	Welcomed, Retried, Failed, Attempts int
	Failures                            []string
	// Time is of the time from each welcomed dial's first attempt to its
	// Welcome.
	Time Delays
	// Why counts the attempts that failed and were tried again, by what
	// failed: "no Welcome in time", "refused (HTTP 503)", ...
	Why map[string]int
}

// Delays sums up a set of delays: how many, their median, 99th
// percentile and the longest.
type Delays struct {
	Samples       int
	P50, P99, Max time.Duration
}

// Steps returns the steps the games played, a turn resolved or an action
// applied each: the TurnUpdates the clients received over the seats of a
// game. It counts the whole load, so it is 0 when a warm-up left the
// first seconds out of the other figures.
func (r *Report) Steps() int {
	if r.Warmup > 0 || r.Config.Seats == 0 {
		return 0
	}
	return r.Updates / r.Config.Seats
}

// summarize returns the Delays of ds.
func summarize(ds []time.Duration) Delays {
	s := sortedCopy(ds)
	d := Delays{Samples: len(s), P50: percentile(s, 0.5), P99: percentile(s, 0.99)}
	if len(s) > 0 {
		d.Max = s[len(s)-1]
	}
	return d
}

// String writes d as the report does: "p50 1.2ms  p99 3ms  max 4ms".
func (d Delays) String() string {
	return fmt.Sprintf("p50 %v  p99 %v  max %v", ms(d.P50), ms(d.P99), ms(d.Max))
}

// add counts one client's game, and its end if final.
func (r *Report) add(c clientResult) {
	res := c.res
	r.Bytes += res.Bytes
	r.TurnsPlayed += res.TurnsPlayed
	r.Orders += res.Orders
	r.Updates += res.Updates
	r.Mismatches += res.Mismatches
	r.Rejections += len(res.Rejections)
	r.ServerErrors += len(res.ServerErrors)
	for _, e := range res.ServerErrors {
		if len(r.ServerErrorQuotes) < maxFailures {
			r.ServerErrorQuotes = append(r.ServerErrorQuotes, e)
		}
	}
	r.Reconnects += res.Reconnects
	if c.creator && res.Over {
		r.GamesOver++
	}
	if !c.final {
		return
	}
	switch {
	case c.err == nil:
		r.Finished++
	case c.stopped:
		r.Stopped++
	default:
		r.Failed++
		if len(r.Failures) < maxFailures {
			r.Failures = append(r.Failures, c.err.Error())
		}
	}
}

// Err returns an error if a client failed, a view's checksum mismatched
// or the server did not stop cleanly; nil otherwise.
func (r Report) Err() error {
	var errs []string
	if r.Failed > 0 {
		errs = append(errs, fmt.Sprintf("%d of %d clients failed", r.Failed, r.Clients))
	}
	if r.Mismatches > 0 {
		errs = append(errs, fmt.Sprintf("%d checksum mismatches", r.Mismatches))
	}
	if r.StopErr != "" {
		errs = append(errs, "stop the server: "+r.StopErr)
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New(strings.Join(errs, "; "))
}

// Print writes the report to w.
func (r Report) Print(w io.Writer) {
	c := r.Config
	timer := "no turn timer"
	if c.Timer > 0 {
		timer = fmt.Sprintf("turn timer %d s", c.Timer)
	}
	clients := "AI " + c.Level
	if c.Level == "" {
		clients = "AI default"
	}
	switch c.Clients {
	case ClientsPassive:
		clients = "passive clients (no orders, no AI)"
	case ClientsIdle:
		clients = "idle clients (connected, in no game)"
	}
	if c.Think > 0 {
		clients += fmt.Sprintf(", thinking %v a turn", c.Think)
	}
	ruleset := c.Ruleset
	for _, op := range c.Options {
		ruleset += fmt.Sprintf(" %s=%d", op.Key, op.Value)
	}
	fmt.Fprintf(w, "load: %s, %d games x %d seats on %dx%d, %s, %s, %d turns, at most %v, seed %d\n",
		ruleset, c.Games, c.Seats, c.Width, c.Height, timer, clients, c.Turns, c.Duration, c.Seed)
	if r.Warmup > 0 {
		fmt.Fprintf(w, "  warm-up       %.1f s not measured: the figures below count from then on\n", r.Warmup.Seconds())
	}
	fmt.Fprintf(w, "  connections   %d peak, %d at the end, of %d clients\n", r.PeakConns, r.EndConns, r.Clients)
	storm := "all at once"
	if c.Storm > 0 {
		storm = fmt.Sprintf("spread over %v", c.Storm)
	}
	h := r.Hellos
	fmt.Fprintf(w, "  hellos        %d welcomed (%d after more than one attempt), %d without a Welcome, %d attempts failed; first dials %s\n",
		h.Welcomed, h.Retried, h.Failed, h.Attempts-h.Welcomed, storm)
	fmt.Fprintf(w, "  to Welcome    %s  (from a dial's first attempt)\n", h.Time)
	for _, why := range slices.Sorted(maps.Keys(h.Why)) {
		fmt.Fprintf(w, "    tried again after %d attempts: %s\n", h.Why[why], why)
	}
	for _, f := range h.Failures {
		fmt.Fprintf(w, "    no Welcome: %s\n", f)
	}
	running := "unknown"
	if r.PeakRunning >= 0 {
		running = fmt.Sprint(r.PeakRunning)
	}
	fmt.Fprintf(w, "  games         %s running at the peak (server)\n", running)
	fmt.Fprintf(w, "  turns         %d resolved in %.1f s: %.1f a second (over the %.1f s from the last client seated to the first one done)\n",
		r.Turns, r.Elapsed.Seconds(), r.TurnsPerSecond, r.Steady.Seconds())
	fmt.Fprintf(w, "  delta delay   p50 %v  p99 %v  max %v  (%d TurnUpdates, %d before the last SetReady)\n",
		ms(r.P50), ms(r.P99), ms(r.Max), r.Samples, r.Late)
	if r.Answer.Samples > 0 || r.Seen.Samples > 0 {
		fmt.Fprintf(w, "  action delay  %s  (%d Acts to their ActResult)\n", r.Answer, r.Answer.Samples)
		fmt.Fprintf(w, "  action seen  %s  (%d TurnUpdates of the other players after an Act)\n", r.Seen, r.Seen.Samples)
	}
	fmt.Fprintf(w, "  traffic       %s a client a turn (%s received, %d turns played, %d orders sent)\n",
		byteSize(int64(r.BytesPerTurn)), byteSize(r.Bytes), r.TurnsPlayed, r.Orders)
	fmt.Fprintf(w, "  clients       %d finished, %d stopped by -duration, %d failed; %d games played to the end\n",
		r.Finished, r.Stopped, r.Failed, r.GamesOver)
	fmt.Fprintf(w, "  errors        %d failed, %d checksum mismatches, %d refused orders, %d server errors, %d reconnections\n",
		r.Failed, r.Mismatches, r.Rejections, r.ServerErrors, r.Reconnects)
	for _, f := range r.Failures {
		fmt.Fprintf(w, "    %s\n", f)
	}
	for _, e := range r.ServerErrorQuotes {
		fmt.Fprintf(w, "    server error: %s\n", e)
	}
	if r.ServerMeasured {
		fmt.Fprintf(w, "  server        CPU %.1f s (%.0f%% of a core), RSS %s at the end, peak %s (VmHWM %s)\n",
			r.ServerCPU.Seconds(), 100*r.ServerCPU.Seconds()/r.Elapsed.Seconds(),
			byteSize(r.ServerRSS), byteSize(r.ServerPeakRSS), byteSize(r.ServerHWM))
		if r.Turns > 0 {
			fmt.Fprintf(w, "  server/turn   %.2f ms of CPU a turn resolved (%d clients a game)\n",
				float64(r.ServerCPU.Microseconds())/1000/float64(r.Turns), c.Seats)
		}
		if steps := r.Steps(); steps > 0 && r.Answer.Samples > 0 {
			fmt.Fprintf(w, "  server/step   %.3f ms of CPU a step played (%d steps: TurnUpdates over seats)\n",
				float64(r.ServerCPU.Microseconds())/1000/float64(steps), steps)
		}
	}
	if r.StoreBytes > 0 {
		fmt.Fprintf(w, "  store         %s in the data directory at the end", byteSize(r.StoreBytes))
		if steps := r.Steps(); steps > 0 {
			fmt.Fprintf(w, ": %.0f bytes a step played", float64(r.StoreBytes)/float64(steps))
		}
		fmt.Fprintln(w)
	}
	if r.ProcessMeasured {
		who := "the clients"
		if c.Addr == "" && c.InProc {
			who = "the clients and the server"
		}
		fmt.Fprintf(w, "  load process  CPU %.1f s (%.0f%% of a core): %s\n",
			r.ProcessCPU.Seconds(), 100*r.ProcessCPU.Seconds()/r.Elapsed.Seconds(), who)
	}
	if r.LoadStart != "" || r.LoadEnd != "" {
		fmt.Fprintf(w, "  machine       load average %s at the start, %s at the end\n", r.LoadStart, r.LoadEnd)
	}
	if r.StopErr != "" {
		fmt.Fprintf(w, "  server stop   %s\n", r.StopErr)
	}
}

// progressLine is a line of progress.
type progressLine struct {
	elapsed       time.Duration
	held, clients int
	serverConns   int
	running       int // -1: unknown
	turns         int
	rate          float64 // turns a second since the last line
	p50, p99      time.Duration
	failed        int
	serverCPU     float64 // share of a core since the start; 0: unknown
	rss           int64
}

// print writes the line to w.
func (p progressLine) print(w io.Writer) {
	fmt.Fprintf(w, "%5.0fs  clients %d/%d", p.elapsed.Seconds(), p.held, p.clients)
	if p.running >= 0 {
		fmt.Fprintf(w, " (server: %d conns, %d games running)", p.serverConns, p.running)
	}
	fmt.Fprintf(w, "  turns %d (%.1f/s)  delay p50 %v p99 %v  failed %d", p.turns, p.rate, ms(p.p50), ms(p.p99), p.failed)
	if p.rss > 0 {
		fmt.Fprintf(w, "  server CPU %.0f%% RSS %s", 100*p.serverCPU, byteSize(p.rss))
	}
	fmt.Fprintln(w)
}

// ms rounds d for printing: to 0.1 ms.
func ms(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }

// byteSize formats n bytes: "512 B", "3.4 KiB", "120.5 MiB".
func byteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
