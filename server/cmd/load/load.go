package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"empires/server/cmd/internal/gameflags"
	"empires/server/internal/fdlimit"
	"empires/shared/bot"
	"empires/shared/conn"

	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// tick is how often the load gathers its measures.
const tick = 250 * time.Millisecond

// maxFailures is how many client failures a Report quotes.
const maxFailures = 5

// Config is what a load does.
type Config struct {
	// Addr is the host:port of a running server; empty starts one, in a
	// child process or, if InProc, in this one.
	Addr   string
	InProc bool
	// ServerPID, with Addr, is the process ID of the server at Addr when
	// it runs on this machine (in another network namespace, say): its
	// CPU time and memory are measured from /proc; 0 measures nothing.
	ServerPID int
	// Pprof, if not empty, is the host:port the load's own server serves
	// its profiles on (net/http/pprof, with the mutex and block profiles
	// on), for go tool pprof; not with Addr.
	Pprof string
	// DataDir, if not empty, is the data directory of the load's own
	// server: it saves every game and turn there (host.Config.DataDir).
	DataDir string
	// Ruleset is the games' ruleset; empty means the default one.
	// Options are the values of its other settings (-option), checked
	// against them.
	Ruleset string
	Options []protocol.Option
	// Games games of Seats clients each, on maps of Width x Height (a
	// ruleset with a map), with a turn timer of Timer seconds (0: none),
	// the AI at Level (one of the ruleset's; empty: its default).
	Games, Seats  int
	Width, Height int
	Timer         int
	Level         string
	// Clients is the kind of client: ClientsAI (the default when empty)
	// plays with the ruleset's AI at Level, ClientsPassive is a light
	// client (bot.Options.NoOrders).
	Clients string
	// Think is how long a client thinks over each turn before it acts
	// (bot.Options.Think): 0 acts at once, so that the games go as fast
	// as the server and the clients allow; a few seconds is a person.
	Think time.Duration
	// Turns is how many turns each client plays before it stops.
	Turns int
	// Rematch makes the clients of a game that is over play a new one,
	// until they have played Turns turns.
	Rematch bool
	// Duration is the longest the load runs.
	Duration time.Duration
	// Seed seeds the first game; game i has Seed+i.
	Seed uint64
	// Every is how often a line of progress is printed.
	Every time.Duration
	// Warmup is how long the load runs before it measures: the delays,
	// the turns and the CPU times of the report count from then on (the
	// clients connect and the games start meanwhile). 0 measures from the
	// start.
	Warmup time.Duration
	// Storm, if not 0, spreads the clients' first connections over that
	// long: each client dials at a time drawn evenly in it (from Seed),
	// a game's creator first, the others once their game is created too.
	// 0 starts every game's creator at once, and its other clients once
	// it is created.
	Storm time.Duration
	// Rulesets are the rulesets of the clients (and of an in-process
	// server); nil means the build's (registry.Default).
	Rulesets *ruleset.Registry
}

// The kinds of clients (Config.Clients).
const (
	// ClientsAI play with the ruleset's AI.
	ClientsAI = "ai"
	// ClientsPassive are light: each turn they submit no orders and say
	// they are ready, with no AI, but keep their view and check every
	// checksum, so that the load measures the server and leaves it the
	// CPU.
	ClientsPassive = "passive"
	// ClientsIdle only connect: each says Hello and holds its connection,
	// pinging, until the load ends, in no game. What the server's memory
	// grows by with them is the connections' own cost.
	ClientsIdle = "idle"
)

// checkRuleset reports, as a usage error, a ruleset reg lacks, seats it
// does not seat, an AI level it lacks ("" is the default ruleset, or
// level), or options it does not take.
func (c Config) checkRuleset(reg *ruleset.Registry) error {
	rs := reg.Default()
	if c.Ruleset != "" {
		var ok bool
		if rs, ok = reg.Get(c.Ruleset); !ok {
			return fmt.Errorf("%w: no ruleset %q: the build has %s", errUsage, c.Ruleset, strings.Join(reg.IDs(), ", "))
		}
	}
	in := rs.Info()
	if c.Level != "" && !slices.Contains(in.Levels, c.Level) {
		return fmt.Errorf("%w: %s has no AI level %q: want %s", errUsage, in.Title, c.Level, strings.Join(in.Levels, ", "))
	}
	if c.Seats < in.MinSeats || c.Seats > in.MaxSeats {
		return fmt.Errorf("%w: %d seats: %s is for %d to %d players", errUsage, c.Seats, in.Title, in.MinSeats, in.MaxSeats)
	}
	var opts gameflags.Options
	for _, op := range c.Options {
		if err := opts.Set(fmt.Sprintf("%s=%d", op.Key, op.Value)); err != nil {
			return fmt.Errorf("%w: -option: %v", errUsage, err)
		}
	}
	if _, err := opts.For(in); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return nil
}

// check reports what is wrong with c.
func (c Config) check() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("%d games: want 1 or more", c.Games)
	case c.Seats < protocol.MinSeats || c.Seats > protocol.MaxSeats:
		return fmt.Errorf("%d seats: want %d to %d", c.Seats, protocol.MinSeats, protocol.MaxSeats)
	case c.Width < protocol.MinMapSide || c.Width > protocol.MaxMapSide ||
		c.Height < protocol.MinMapSide || c.Height > protocol.MaxMapSide:
		return fmt.Errorf("map %dx%d: each side %d to %d", c.Width, c.Height, protocol.MinMapSide, protocol.MaxMapSide)
	case c.Timer != 0 && (c.Timer < protocol.MinTurnSeconds || c.Timer > protocol.MaxTurnSeconds):
		return fmt.Errorf("turn timer %d s: want 0 or %d to %d", c.Timer, protocol.MinTurnSeconds, protocol.MaxTurnSeconds)
	case c.Turns < 1:
		return fmt.Errorf("%d turns: want 1 or more", c.Turns)
	case c.Duration <= 0:
		return fmt.Errorf("duration %v: want more than 0", c.Duration)
	case c.ServerPID != 0 && c.Addr == "":
		return fmt.Errorf("a server process %d without its address: give -addr too", c.ServerPID)
	case c.Think < 0:
		return fmt.Errorf("think %v: want 0 or more", c.Think)
	case c.Every <= 0:
		return fmt.Errorf("progress every %v: want more than 0", c.Every)
	case c.Storm < 0 || c.Storm >= c.Duration:
		return fmt.Errorf("storm %v: want 0 or more, and less than the duration %v", c.Storm, c.Duration)
	case c.Warmup < 0 || c.Warmup >= c.Duration:
		return fmt.Errorf("warm-up %v: want 0 or more, and less than the duration %v", c.Warmup, c.Duration)
	case c.Clients != "" && c.Clients != ClientsAI && c.Clients != ClientsPassive && c.Clients != ClientsIdle:
		return fmt.Errorf("clients %q: want %s, %s or %s", c.Clients, ClientsAI, ClientsPassive, ClientsIdle)
	}
	return nil
}

// clientResult is how one client ended.
type clientResult struct {
	res bot.Result
	err error
	// stopped tells that the client was stopped by the load's end
	// (Duration), which is not a failure.
	stopped bool
	// creator tells that the client created its game; final that it
	// plays no more games.
	creator, final bool
}

// load is one run of Run.
type load struct {
	cfg   Config
	srv   server
	url   string
	held  gauge // clients seated and not yet ended
	games []*collector
	dials dials
	// starts are, by game and seat, when each client first dials after
	// the load's start (Config.Storm); nil dials at once.
	starts [][]time.Duration
	begun  time.Time // when the games began: written before they start
}

// Run starts the server (unless cfg.Addr names one), plays cfg.Games
// games of cfg.Seats clients on it until each client has played cfg.Turns
// turns or cfg.Duration has passed, printing a line of progress to
// progress every cfg.Every, stops the server it started and returns the
// report. It returns an error only if the load could not run; failed
// clients are in the report (Report.Err).
func Run(ctx context.Context, cfg Config, progress io.Writer) (Report, error) {
	if err := cfg.check(); err != nil {
		return Report{}, err
	}
	if cfg.Rulesets == nil {
		reg, err := registry.Default()
		if err != nil {
			return Report{}, fmt.Errorf("rulesets: %w", err)
		}
		cfg.Rulesets = reg
	}
	if cfg.Ruleset == "" {
		cfg.Ruleset = cfg.Rulesets.Default().Info().ID
	}
	if err := cfg.checkRuleset(cfg.Rulesets); err != nil {
		return Report{}, err
	}
	conns := cfg.Games * cfg.Seats // the clients' ends; the server's too in this process
	if cfg.InProc && cfg.Addr == "" {
		conns *= 2
	}
	files, err := fdlimit.Raise()
	if err == nil {
		err = fdlimit.Check(files, conns)
	}
	if err != nil {
		return Report{}, err
	}
	rs, _ := cfg.Rulesets.Get(cfg.Ruleset)
	if in := rs.Info(); !in.HasMap() {
		cfg.Width, cfg.Height = 0, 0
	}
	srv, err := startServer(cfg)
	if err != nil {
		return Report{}, err
	}
	l := &load{cfg: cfg, srv: srv, url: srv.URL(), held: gauge{full: cfg.Games * cfg.Seats},
		starts: stormStarts(cfg.Games, cfg.Seats, cfg.Storm, cfg.Seed)}
	rep := l.run(ctx, progress)
	if err := srv.stop(); err != nil {
		rep.StopErr = err.Error()
	}
	if cfg.DataDir != "" && cfg.Addr == "" {
		if rep.StoreBytes, err = dirSize(cfg.DataDir); err != nil {
			return rep, fmt.Errorf("the data directory: %w", err)
		}
	}
	return rep, nil
}

// stormStarts returns when each client of games games of seats seats
// first dials, drawn evenly over storm from a generator seeded by seed,
// each game's earliest for its first seat (its creator); nil if storm is
// 0.
func stormStarts(games, seats int, storm time.Duration, seed uint64) [][]time.Duration {
	if storm <= 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x5707))
	starts := make([][]time.Duration, games)
	for i := range starts {
		starts[i] = make([]time.Duration, seats)
		for s := range starts[i] {
			starts[i][s] = time.Duration(rng.Int64N(int64(storm)))
		}
		slices.Sort(starts[i])
	}
	return starts
}

// dirSize returns the bytes of the files under dir: the store's database
// and its journal once the server has stopped.
func dirSize(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		n += info.Size()
		return nil
	})
	return n, err
}

// run plays the games and measures them.
func (l *load) run(parent context.Context, progress io.Writer) Report {
	cfg := l.cfg
	rep := Report{Config: cfg, Clients: cfg.Games * cfg.Seats, PeakRunning: -1}
	baseServer, measured := l.srv.usage()
	baseProcess, processOK := processCPU()
	rep.LoadStart = loadAverage()
	hc := &http.Client{Timeout: time.Second}
	healthURL := healthURL(l.url)

	ctx, cancel := context.WithTimeout(parent, cfg.Duration)
	defer cancel()
	results := make(chan clientResult, rep.Clients)
	l.games = make([]*collector, cfg.Games)
	l.begun = time.Now()
	for i := range l.games {
		l.games[i] = newCollector()
		go l.playGame(ctx, i, results)
	}

	start := time.Now()
	ticker := time.NewTicker(tick)
	defer ticker.Stop()
	nextPrint := start.Add(cfg.Every)
	var (
		delays, recent []time.Duration // all delays, and those since the last line of progress
		answered       []time.Duration // from each action to its ActResult
		others         []time.Duration // from each action to the other clients' TurnUpdates
		resolved       []time.Time     // when each turn resolved
		printed        int             // turns resolved at the last line
		lastPrint      = start
		ended          int
		askedAtEnd     bool // the server's health was asked when clients began to end
		done           = ctx.Done()
		peakRSS        int64
		warming        = cfg.Warmup > 0
		measureStart   = start
	)
	gather := func(all bool) {
		for _, c := range l.games {
			d, r, late := c.take(all)
			delays, recent = append(delays, d...), append(recent, d...)
			resolved = append(resolved, r...)
			rep.Late += late
			a, o := c.takeActs(all)
			answered, others = append(answered, a...), append(others, o...)
		}
	}
	askHealth := func() (health, bool) {
		h, err := getHealth(parent, hc, healthURL)
		if err != nil {
			return health{}, false
		}
		rep.PeakRunning = max(rep.PeakRunning, h.Running)
		return h, true
	}
	atEnd := func() {
		if !askedAtEnd {
			askedAtEnd = true
			askHealth()
		}
	}
	for ended < rep.Clients {
		select {
		case r := <-results:
			if r.final {
				atEnd()
				ended++
			}
			rep.add(r)
		case <-done:
			done = nil
			atEnd()
		case now := <-ticker.C:
			gather(false)
			if warming && !now.Before(start.Add(cfg.Warmup)) {
				// The warm-up is over: measure from now on.
				warming = false
				delays, resolved = delays[:0], resolved[:0]
				answered, others = answered[:0], others[:0]
				rep.Late = 0
				measureStart = now
				if u, ok := l.srv.usage(); ok {
					baseServer = u
				}
				if p, ok := processCPU(); ok {
					baseProcess = p
				}
			}
			if u, ok := l.srv.usage(); ok {
				peakRSS = max(peakRSS, u.RSS)
			}
			if now.Before(nextPrint) {
				continue
			}
			nextPrint = nextPrint.Add(cfg.Every)
			line := progressLine{elapsed: now.Sub(start), clients: rep.Clients, failed: rep.Failed,
				turns: len(resolved), rate: float64(len(resolved)-printed) / now.Sub(lastPrint).Seconds(), running: -1}
			line.held, _, _ = l.held.get()
			if h, ok := askHealth(); ok {
				line.running, line.serverConns = h.Running, h.Connections
			}
			s := sortedCopy(recent)
			line.p50, line.p99 = percentile(s, 0.5), percentile(s, 0.99)
			if u, ok := l.srv.usage(); ok {
				line.serverCPU = float64(u.CPU-baseServer.CPU) / float64(now.Sub(measureStart))
				line.rss = u.RSS
			}
			line.print(progress)
			recent, printed, lastPrint = recent[:0], len(resolved), now
		}
	}
	gather(true)
	rep.Elapsed = time.Since(measureStart)
	rep.Warmup = measureStart.Sub(start)
	rep.LoadEnd = loadAverage()
	rep.Hellos = l.dials.report()
	_, peak, allSeated := l.held.get()
	endConns, firstLeft := l.held.end()
	rep.PeakConns, rep.EndConns = peak, endConns
	rep.Turns = len(resolved)
	rep.TurnsPerSecond = float64(rep.Turns) / rep.Elapsed.Seconds()
	allSeated = later(allSeated, measureStart)
	if !allSeated.IsZero() && firstLeft.After(allSeated) {
		n := 0
		for _, at := range resolved {
			if !at.Before(allSeated) && !at.After(firstLeft) {
				n++
			}
		}
		if n > 0 { // a window no turn resolved in says nothing of the rate
			rep.Steady = firstLeft.Sub(allSeated)
			rep.TurnsPerSecond = float64(n) / rep.Steady.Seconds()
		}
	}
	s := sortedCopy(delays)
	rep.Samples = len(s)
	rep.P50, rep.P99 = percentile(s, 0.5), percentile(s, 0.99)
	if len(s) > 0 {
		rep.Max = s[len(s)-1]
	}
	rep.Answer, rep.Seen = summarize(answered), summarize(others)
	if rep.TurnsPlayed > 0 {
		rep.BytesPerTurn = float64(rep.Bytes) / float64(rep.TurnsPlayed)
	}
	if u, ok := l.srv.usage(); ok && measured {
		rep.ServerMeasured = true
		rep.ServerCPU = u.CPU - baseServer.CPU
		rep.ServerRSS, rep.ServerPeakRSS, rep.ServerHWM = u.RSS, max(peakRSS, u.RSS), u.HWM
	}
	if p, ok := processCPU(); ok && processOK {
		rep.ProcessMeasured = true
		rep.ProcessCPU = p - baseProcess
	}
	return rep
}

// idle runs an idle client (ClientsIdle) of game i's seat: it connects
// at its time in a storm, and holds the connection until ctx ends.
func (l *load) idle(ctx context.Context, i, seat int) clientResult {
	if l.starts != nil && !sleep(ctx, time.Until(l.begun.Add(l.starts[i][seat-1]))) {
		return clientResult{err: ctx.Err(), stopped: true, final: true}
	}
	start := time.Now()
	c, err := conn.Dial(ctx, conn.Options{URL: l.url, Name: fmt.Sprintf("Idle %d-%d", i+1, seat), Client: "empires load",
		OnRetry: l.dials.retried})
	if err != nil {
		attempts := 1
		var de *conn.DialError
		if errors.As(err, &de) {
			attempts = de.Attempts
		}
		l.dials.dialed(attempts, time.Since(start), err)
		return clientResult{err: fmt.Errorf("client %d-%d: %w", i+1, seat, err), stopped: ctx.Err() != nil, final: true}
	}
	attempts, took := c.DialAttempts()
	l.dials.dialed(attempts, took, nil)
	l.held.join()
	defer func() {
		c.Close()
		<-c.Done()
		l.held.leave(true)
	}()
	for {
		select {
		case ev, ok := <-c.Events():
			if ok && ev.Status != conn.Closed {
				continue
			}
			err := ev.Err
			if err == nil {
				err = errors.New("the connection closed")
			}
			return clientResult{err: fmt.Errorf("client %d-%d: %w", i+1, seat, err), stopped: ctx.Err() != nil, final: true}
		case <-ctx.Done():
			return clientResult{err: ctx.Err(), stopped: true, final: true}
		}
	}
}

// sleep waits d, or until ctx ends: it reports whether d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// later returns the later of a and b, a if b is zero.
func later(a, b time.Time) time.Time {
	if a.IsZero() || b.After(a) {
		return b
	}
	return a
}

// playGame plays game i: its first client creates it, the others join it
// once it is created. When the game is over, if cfg.Rematch, its clients
// play a new one, until they have played cfg.Turns turns in all. Each
// client's end goes to results, each game's end too.
func (l *load) playGame(ctx context.Context, i int, results chan<- clientResult) {
	cfg := l.cfg
	if cfg.Clients == ClientsIdle {
		var wg sync.WaitGroup
		for seat := 1; seat <= cfg.Seats; seat++ {
			wg.Go(func() { results <- l.idle(ctx, i, seat) })
		}
		wg.Wait()
		return
	}
	turnsLeft := cfg.Turns
	for round := 0; ; round++ {
		if round > 0 {
			l.games[i].newGame()
		}
		rs := l.playRound(ctx, i, round, turnsLeft)
		var last protocol.Turn
		over := true
		for _, r := range rs {
			last = max(last, r.res.Turn)
			over = over && r.err == nil && r.res.Over
		}
		turnsLeft -= int(last)
		again := over && cfg.Rematch && turnsLeft > 0 && ctx.Err() == nil
		for _, r := range rs {
			r.final = !again
			results <- r
		}
		if !again {
			return
		}
	}
}

// playRound plays one game of game i's clients, of at most turns turns,
// and returns how each client ended, the game's creator first.
func (l *load) playRound(ctx context.Context, i, round, turns int) []clientResult {
	cfg := l.cfg
	set := protocol.Settings{
		Name:    fmt.Sprintf("load %d", i+1),
		Ruleset: cfg.Ruleset,
		Options: slices.Clone(cfg.Options),
		Width:   cfg.Width, Height: cfg.Height,
		Seed:        cfg.Seed + uint64(i) + uint64(round*cfg.Games),
		Seats:       cfg.Seats,
		TurnSeconds: cfg.Timer,
	}
	rs := make([]clientResult, cfg.Seats)
	// wait waits until seat's time to dial in a storm (the first round
	// only); it reports false if ctx ended first.
	wait := func(seat int) bool {
		if l.starts == nil || round > 0 {
			return true
		}
		return sleep(ctx, time.Until(l.begun.Add(l.starts[i][seat-1])))
	}
	var wg sync.WaitGroup
	created := make(chan protocol.GameID, 1)
	creatorDone := make(chan struct{})
	wg.Go(func() {
		defer close(creatorDone)
		if !wait(1) {
			rs[0] = clientResult{err: ctx.Err(), stopped: true}
			return
		}
		rs[0] = l.client(ctx, i, 1, turns, bot.Options{Create: &set}, created)
		rs[0].creator = true
	})
	var id protocol.GameID
	select {
	case id = <-created:
	case <-creatorDone:
	case <-ctx.Done():
	}
	for seat := 2; seat <= cfg.Seats; seat++ {
		if id == 0 {
			err := fmt.Errorf("client %d-%d: not started: game %d was not created", i+1, seat, i+1)
			rs[seat-1] = clientResult{err: err, stopped: ctx.Err() != nil}
			continue
		}
		wg.Go(func() {
			if !wait(seat) {
				rs[seat-1] = clientResult{err: ctx.Err(), stopped: true}
				return
			}
			rs[seat-1] = l.client(ctx, i, seat, turns, bot.Options{Join: id}, nil)
		})
	}
	wg.Wait()
	return rs
}

// client runs one client of game i with opts, for at most turns turns,
// sending the game's ID to created (if not nil) once it is seated.
func (l *load) client(ctx context.Context, i, seat, turns int, opts bot.Options, created chan<- protocol.GameID) clientResult {
	col := l.games[i]
	opts.URL, opts.Name = l.url, fmt.Sprintf("Load %d-%d", i+1, seat)
	opts.Rulesets, opts.Level, opts.LastTurn = l.cfg.Rulesets, l.cfg.Level, protocol.Turn(turns)
	opts.NoOrders, opts.Think = l.cfg.Clients == ClientsPassive, l.cfg.Think
	seated := false // set by Joined, on Run's goroutine
	opts.Hooks = bot.Hooks{
		Dialed: l.dials.dialed,
		Retry:  l.dials.retried,
		Joined: func(g protocol.GameID, _ protocol.Seat) {
			seated = true
			l.held.join()
			if created != nil {
				created <- g
			}
		},
		Ready:     col.ready,
		Update:    col.update,
		Acted:     func(seq uint32, at time.Time) { col.acted(seat, seq, at) },
		ActResult: col.actResult,
		Stepped:   func(seq uint32, at time.Time) { col.stepped(seat, seq, at) },
	}
	b, err := bot.New(opts)
	if err != nil {
		return clientResult{err: err}
	}
	res, err := b.Run(ctx)
	if seated {
		// The client plays again if its game is over with turns left
		// (and its fellows did not fail).
		again := err == nil && res.Over && l.cfg.Rematch && turns-int(res.Turn) > 0 && ctx.Err() == nil
		l.held.leave(!again)
	}
	// Whatever went wrong once the load was over (a connection cut while
	// it was being set up, say) is the load's end, not a failure.
	return clientResult{res: res, err: err, stopped: err != nil && ctx.Err() != nil}
}
