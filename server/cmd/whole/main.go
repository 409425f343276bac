// Command whole plays one whole game of AI players of any ruleset of the
// registry, in-process and without a network, the way the server drives a
// game, and reports the CPU time each part of a turn takes.
//
//	go run ./server/cmd/whole -ruleset erfworld -players 16 -size 128x128 -turns 100
//	go run ./server/cmd/whole -ruleset empire -players 8 -size 128x128 -csv turns.csv
//	go run ./server/cmd/whole -turns 30 -cpuprofile cpu.out && go tool pprof cpu.out
//
// Each step is played as the server plays it: every actor's AI gives its
// orders from its seat's view (ruleset.AI.Act on the view made after the
// last step, which the AI does not change, as the server gives a watched
// seat's AI the view it keeps for the seat), Game.Check
// checks them, Game.Resolve plays them all (an interactive or concurrent step: the first
// actor's action and Game.Act); then the step is saved as the server saves
// it (-save store, the default: into the server's store, server/store, in
// a new SQLite database under -store-dir, removed at the end: the step's
// orders every step, the game encoded with Game.Save and saved whole where
// store.SnapshotDue says, SaveTurn returning once the step is committed
// and synced); then, for every seat, its new view (and its checksum), the
// delta from its previous view and the outcome's events. -save encode
// instead encodes the game with Game.Save after every step and writes
// nothing, as the server did before it kept snapshots.
//
// The game runs on one goroutine locked to its OS thread, whose CPU time
// (CLOCK_THREAD_CPUTIME_ID) is read around each of those four phases; the
// whole process's CPU time (RUSAGE_SELF, the garbage collector's threads
// too) is read around each step. Wall time is not measured: on a loaded
// machine it says little. The report gives the mean CPU time per turn, a
// table by ten-turn window with each phase's share of the thread's time,
// the mean bytes per turn of the views (encoded whole, outside the timed
// phases: what a seat that joins is sent), the deltas and the events, and
// what the game holds at the end (ruleset.Counter). It also gives the
// frames a seat receives: the protocol frame of its TurnUpdate (delta,
// checksum and events, encoded as the server sends it) against the frame
// of its FullView, with the ratio's median and 90th percentile over the
// turns. With -save store it gives the store's CPU time a turn: the game
// thread's over the save phase plus the store's committer's
// (store.Store.CommitCPU: SQLite, the writes, the sync of its log), its
// mean over all turns, over the turns that saved a snapshot and over the
// others (and their 99th percentile), the process's CPU time over the
// save phase beside it, and the bytes the database grew by a turn. -csv
// writes one row per turn; -cpuprofile a CPU profile of the whole run.
//
// -ruleset names the ruleset (erfworld by default), -players the seats
// (16 by default, each an AI of -level, the ruleset's default level by
// default), -size the map (for rulesets with one), -option the ruleset's
// other settings (key=value, repeated or separated by commas, checked
// against the ruleset's settings), -turns the most turns played, -seed
// the game's seed (seat s's AI is seeded with seed+s). A ruleset whose
// players bring set-up data (a deck) gets its default for every seat.
package main

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"empires/server/cmd/internal/gameflags"
	"empires/shared/buildinfo"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "whole:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks errors in the command line.
var errUsage = errors.New("usage")

// config is the game the command plays.
type config struct {
	players       int
	width, height int // 0 for a ruleset without a map
	turns         int
	level         string
	seed          uint64
	options       ruleset.Options // -option: the ruleset's other settings
	save          saveMode
	storeDir      string // -save store: where the database is made ("": the system's temporary directory)
}

// saveMode is how a step is saved (-save).
type saveMode int

// The ways of saving a step.
const (
	// saveEncode: Game.Save after every step, nothing written.
	saveEncode saveMode = iota
	// saveStore: the server's store, as the server saves a step.
	saveStore
)

// saveModes name the modes for -save.
var saveModes = map[string]saveMode{"encode": saveEncode, "store": saveStore}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("whole", flag.ContinueOnError)
	fs.SetOutput(stdout)
	rulesetID := fs.String("ruleset", "", "the ruleset's id (default: the default ruleset)")
	players := fs.Int("players", 16, "seats, each played by an AI")
	size := fs.String("size", "128x128", "map size as WIDTHxHEIGHT (rulesets with a map)")
	turns := fs.Int("turns", 100, "most turns played")
	level := fs.String("level", "", "the AI level (default: the ruleset's default level)")
	seed := fs.Uint64("seed", 1, "the game's seed; seat s's AI has seed+s")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the game to this file")
	csvFile := fs.String("csv", "", "write one row per turn to this CSV file")
	saveFlag := fs.String("save", "store", "how a step is saved: store (the server's store, a new SQLite database) or encode (Game.Save only)")
	storeDir := fs.String("store-dir", "", "with -save store, the directory the database is made in (default: the system's temporary directory)")
	var options gameflags.Options
	fs.Var(&options, "option", gameflags.Usage)
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Version())
		return nil
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if *turns < 1 {
		return fmt.Errorf("%w: -turns must be at least 1", errUsage)
	}
	save, ok := saveModes[*saveFlag]
	if !ok {
		return fmt.Errorf("%w: -save %q: want store or encode", errUsage, *saveFlag)
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return fmt.Errorf("%w: -size: %v", errUsage, err)
	}
	reg, err := registry.Default()
	if err != nil {
		return fmt.Errorf("load rulesets: %w", err)
	}
	rs := reg.Default()
	if *rulesetID != "" {
		var ok bool
		if rs, ok = reg.Get(*rulesetID); !ok {
			return fmt.Errorf("%w: -ruleset %q: this build plays %s", errUsage, *rulesetID, strings.Join(reg.IDs(), ", "))
		}
	}
	in := rs.Info()
	if *players < in.MinSeats || *players > in.MaxSeats {
		return fmt.Errorf("%w: -players %d: %s is for %d to %d", errUsage, *players, in.Title, in.MinSeats, in.MaxSeats)
	}
	opts, err := options.For(in)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	cfg := config{players: *players, width: w, height: h, turns: *turns, level: in.DefaultLevel, seed: *seed, options: opts,
		save: save, storeDir: *storeDir}
	if !in.HasMap() {
		cfg.width, cfg.height = 0, 0
	}
	if *level != "" {
		i := slices.IndexFunc(in.Levels, func(l string) bool { return strings.EqualFold(l, *level) })
		if i < 0 {
			return fmt.Errorf("%w: -level %q: %s has %s", errUsage, *level, in.Title, strings.Join(in.Levels, ", "))
		}
		cfg.level = in.Levels[i]
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
	}
	rep, err := play(rs, cfg)
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return err
	}
	if *csvFile != "" {
		if err := writeCSVFile(*csvFile, rep); err != nil {
			return err
		}
	}
	return rep.print(stdout)
}

// phase is a part of a step whose CPU time the command measures.
type phase int

// The phases of a step, in the order they are played.
const (
	// phaseOrders: every actor's AI gives its orders from its view (made
	// in the last step's phaseViews), and every AI that is a
	// ruleset.Listener hears its seat's events of the step (encoded in
	// phaseViews, as the server does for its subscribers).
	phaseOrders phase = iota
	// phaseResolve: Check of every actor's orders, then Resolve (or an
	// interactive step's Act).
	phaseResolve
	// phaseSave: the step saved (-save store: the game encoded when a
	// snapshot is due and the store's SaveTurn; -save encode: Game.Save).
	phaseSave
	// phaseViews: every seat's new view and its checksum, the delta from
	// its previous one, the outcome's events for it.
	phaseViews
	numPhases
)

// phaseNames name the phases in the report.
var phaseNames = [numPhases]string{"AI orders", "check+resolve", "save", "views+deltas+events"}

// turnStats is what one turn cost and sent.
type turnStats struct {
	Turn    ruleset.Turn
	Steps   int // steps played in the turn: 1 for a simultaneous game
	Actors  int // actors summed over the turn's steps
	Process time.Duration
	Phase   [numPhases]time.Duration
	// Store is the CPU time of saving the turn: the game thread's over
	// the save phase (the encoding, the handing over) and, with -save
	// store, the store's committer's (store.Store.CommitCPU: SQLite, the
	// writes and the sync of its log). StoreProcess is the process's CPU
	// time over the save phase, every thread's: the garbage collector's
	// too, whose idle workers take the cores the game leaves free while
	// it waits for the sync.
	Store, StoreProcess time.Duration
	// Snapshots is the steps of the turn after which the store saved the
	// game whole (-save store).
	Snapshots int
	// The bytes of every seat's views (encoded whole at the turn's end),
	// deltas and events, the game's saves (-save store: the snapshots
	// only), and the number of events.
	ViewBytes, DeltaBytes, EventBytes, SaveBytes int
	Events                                       int
	// FrameBytes is the bytes of the TurnUpdate frames sent to the seats
	// (Frames of them), ViewFrameBytes those of the FullView frames of
	// the views at the turn's end (ViewFrames of them).
	FrameBytes, Frames, ViewFrameBytes, ViewFrames int
}

// FrameRatio is the turn's TurnUpdate frames against its FullView frames,
// both summed over the seats, in percent (0 without views).
func (t *turnStats) FrameRatio() float64 {
	if t.ViewFrameBytes == 0 {
		return 0
	}
	return 100 * float64(t.FrameBytes) / float64(t.ViewFrameBytes)
}

// Thread is the turn's CPU time on the game's thread: its phases'.
func (t *turnStats) Thread() time.Duration {
	var sum time.Duration
	for _, d := range t.Phase {
		sum += d
	}
	return sum
}

// report is a whole game's measurements.
type report struct {
	Ruleset, Level string
	Config         config
	Turns          []turnStats
	Over           bool
	Winner         ruleset.Seat
	// Counts is what the game holds at the end (nil: the game is no
	// ruleset.Counter).
	Counts map[string]int
	// StoreBytes is what the store's database grew by over the game
	// (-save store): its file once closed, less a new store's.
	StoreBytes int64
}

// meter reads the thread's CPU time and adds what passed since the last
// read to a phase; it keeps the first error.
type meter struct {
	last time.Duration
	err  error
}

// start reads the clock without counting.
func (m *meter) start() {
	t, err := threadCPU()
	if err != nil && m.err == nil {
		m.err = err
	}
	m.last = t
}

// lap adds the time since the last read to *d.
func (m *meter) lap(d *time.Duration) {
	t, err := threadCPU()
	if err != nil && m.err == nil {
		m.err = err
	}
	*d += t - m.last
	m.last = t
}

// play plays the game of cfg and measures it.
func play(rs ruleset.Ruleset, cfg config) (*report, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	in := rs.Info()
	o := maps.Clone(cfg.options)
	if o == nil {
		o = ruleset.Options{}
	}
	if cfg.width > 0 {
		o[ruleset.KeyWidth], o[ruleset.KeyHeight] = cfg.width, cfg.height
	}
	gc := ruleset.Config{Seed: cfg.seed, Seats: cfg.players, Options: o,
		SeatData: gameflags.SeatData(rs, o, cfg.players)}
	if cc, ok := rs.(ruleset.ConfigChecker); ok {
		if err := cc.CheckConfig(gc); err != nil {
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
	}
	g, err := rs.New(gc)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", in.ID, err)
	}
	ais := make([]ruleset.AI, cfg.players+1)
	views := make([]ruleset.View, cfg.players+1)
	for s := 1; s <= cfg.players; s++ {
		if ais[s], err = rs.NewAI(cfg.level, cfg.seed+uint64(s)); err != nil {
			return nil, fmt.Errorf("AI of seat %d: %w", s, err)
		}
		views[s] = g.View(ruleset.Seat(s), false)
	}
	sv, err := newSaver(rs, cfg, g)
	if err != nil {
		return nil, err
	}
	defer sv.remove()
	rep := &report{Ruleset: in.ID, Level: cfg.level, Config: cfg}
	const maxSteps = 1 << 20 // a bound for interactive games whose AI never ends a turn
	for range maxSteps {
		st := g.Step()
		if over, _ := g.Over(); over || int(st.Turn) > cfg.turns {
			break
		}
		if len(rep.Turns) == 0 || rep.Turns[len(rep.Turns)-1].Turn != st.Turn {
			rep.Turns = append(rep.Turns, turnStats{Turn: st.Turn})
		}
		ts := &rep.Turns[len(rep.Turns)-1]
		if err := playStep(g, st, ais, views, sv, ts); err != nil {
			return nil, fmt.Errorf("turn %d: %w", st.Turn, err)
		}
	}
	if rep.StoreBytes, err = sv.close(); err != nil {
		return nil, err
	}
	rep.Over, rep.Winner = g.Over()
	if c, ok := g.(ruleset.Counter); ok {
		rep.Counts = c.Counts()
	}
	return rep, nil
}

// playStep plays step st as the server does, saves it with sv, and adds
// what it cost to ts.
func playStep(g ruleset.Game, st ruleset.Step, ais []ruleset.AI, views []ruleset.View, sv *saver, ts *turnStats) error {
	if len(st.Actors) == 0 {
		return errors.New("the game waits for nobody")
	}
	ts.Steps++
	ts.Actors += len(st.Actors)
	p0, err := processCPU()
	if err != nil {
		return err
	}
	var m meter
	m.start()
	var out ruleset.Outcome
	var subs []ruleset.Submission // what the step is played with, as the store saves it
	if st.Acting() {              // interactive or concurrent: the first actor that does not wait acts
		seat, action, err := ruleset.FirstAIAction(g, st, 0, func(s ruleset.Seat) ([]byte, error) {
			a, err := ais[s].Act(views[s], st, s)
			if err != nil {
				return nil, fmt.Errorf("AI of seat %d: %w", s, err)
			}
			return a, nil
		})
		m.lap(&ts.Phase[phaseOrders])
		if err != nil {
			return err
		}
		out, err = g.Act(seat, action)
		m.lap(&ts.Phase[phaseResolve])
		if err != nil {
			return fmt.Errorf("AI of seat %d made an action the server would refuse: %w", seat, err)
		}
		subs = []ruleset.Submission{{Seat: seat, Orders: action}}
	} else {
		subs = make([]ruleset.Submission, 0, len(st.Actors))
		for _, seat := range st.Actors {
			orders, err := ais[seat].Act(views[seat], st, seat)
			m.lap(&ts.Phase[phaseOrders])
			if err != nil {
				return fmt.Errorf("AI of seat %d: %w", seat, err)
			}
			refused, err := g.Check(seat, orders)
			m.lap(&ts.Phase[phaseResolve])
			if err == nil && len(refused) > 0 {
				err = &refused[0]
			}
			if err != nil {
				return fmt.Errorf("AI of seat %d gave an order the server would refuse: %w", seat, err)
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
		}
		out, err = g.Resolve(subs)
		m.lap(&ts.Phase[phaseResolve])
		if err != nil {
			return fmt.Errorf("resolve: %w", err)
		}
	}
	s0, err := processCPU()
	if err != nil {
		return err
	}
	thread0, commit0 := ts.Phase[phaseSave], sv.commitCPU()
	saved, err := sv.save(g, st, subs, out)
	m.lap(&ts.Phase[phaseSave])
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	s1, err := processCPU()
	if err != nil {
		return err
	}
	ts.Store += ts.Phase[phaseSave] - thread0 + sv.commitCPU() - commit0
	ts.StoreProcess += s1 - s0
	ts.SaveBytes += saved
	if saved > 0 && sv.st != nil {
		ts.Snapshots++
	}
	ts.Events += out.Count()
	heard := make([][]byte, len(views))
	updates := make([]protocol.TurnUpdate, len(views))
	for s := 1; s < len(views); s++ {
		seat := ruleset.Seat(s)
		next := g.View(seat, false)
		delta, err := views[s].Diff(next)
		if err != nil {
			return fmt.Errorf("delta of seat %d: %w", s, err)
		}
		events, err := out.Events(seat, false)
		if err != nil {
			return fmt.Errorf("events of seat %d: %w", s, err)
		}
		sum := next.Checksum()
		views[s] = next
		ts.DeltaBytes += len(delta)
		ts.EventBytes += len(events)
		updates[s] = protocol.TurnUpdate{Delta: delta, Checksum: sum, Events: events}
		heard[s] = events
	}
	m.lap(&ts.Phase[phaseViews])
	for s := 1; s < len(ais); s++ {
		if l, ok := ais[s].(ruleset.Listener); ok {
			if err := l.Hear(ruleset.Seat(s), heard[s]); err != nil {
				return fmt.Errorf("the AI of seat %d hears its events: %w", s, err)
			}
		}
	}
	m.lap(&ts.Phase[phaseOrders])
	p1, err := processCPU()
	if err != nil {
		return err
	}
	ts.Process += p1 - p0
	if m.err != nil {
		return m.err
	}
	// The views' bytes, outside the measured time: the server encodes a
	// whole view only for a seat that joins. The frames too: encoding one
	// wraps bytes already made.
	for s := 1; s < len(views); s++ {
		data, err := views[s].Encode()
		if err != nil {
			return fmt.Errorf("view of seat %d: %w", s, err)
		}
		ts.ViewBytes += len(data)
		n, err := frameLen(&protocol.FullView{View: data, Checksum: views[s].Checksum()})
		if err != nil {
			return fmt.Errorf("view of seat %d: %w", s, err)
		}
		ts.ViewFrameBytes += n
		ts.ViewFrames++
		if n, err = frameLen(&updates[s]); err != nil {
			return fmt.Errorf("update of seat %d: %w", s, err)
		}
		ts.FrameBytes += n
		ts.Frames++
	}
	return nil
}

// frameSeq is the sequence number the frames are measured with: a
// connection some way into a game, whose numbers take three bytes.
const frameSeq = 1000

// frameLen returns the length of msg's frame as the server sends it
// (protocol.Marshal).
func frameLen(msg protocol.Message) (int, error) {
	frame, err := protocol.Marshal(frameSeq, 0, msg)
	return len(frame), err
}

// window is the mean cost of a turn over turns First..Last.
type window struct {
	First, Last ruleset.Turn
	Process     time.Duration
	Thread      time.Duration
	Phase       [numPhases]time.Duration
	// Share is each phase's share of Thread, in percent.
	Share [numPhases]float64
}

// mean returns the mean turn of ts as a window.
func mean(ts []turnStats) window {
	if len(ts) == 0 {
		return window{}
	}
	w := window{First: ts[0].Turn, Last: ts[len(ts)-1].Turn}
	n := time.Duration(len(ts))
	for i := range ts {
		w.Process += ts[i].Process
		w.Thread += ts[i].Thread()
		for p := range numPhases {
			w.Phase[p] += ts[i].Phase[p]
		}
	}
	if w.Thread > 0 {
		for p := range numPhases {
			w.Share[p] = 100 * float64(w.Phase[p]) / float64(w.Thread)
		}
	}
	w.Process /= n
	w.Thread /= n
	for p := range numPhases {
		w.Phase[p] /= n
	}
	return w
}

// windows returns the mean turn of each ten-turn window of the game:
// turns 1-10, 11-20 and so on (the last perhaps shorter).
func (r *report) windows() []window {
	var out []window
	for start := 0; start < len(r.Turns); {
		tens := (r.Turns[start].Turn - 1) / 10
		end := start
		for end < len(r.Turns) && (r.Turns[end].Turn-1)/10 == tens {
			end++
		}
		out = append(out, mean(r.Turns[start:end]))
		start = end
	}
	return out
}

// bytesMean is the mean bytes per turn of views, deltas, events and saves.
func (r *report) bytesMean() (views, deltas, events, saves int) {
	if len(r.Turns) == 0 {
		return 0, 0, 0, 0
	}
	for _, t := range r.Turns {
		views += t.ViewBytes
		deltas += t.DeltaBytes
		events += t.EventBytes
		saves += t.SaveBytes
	}
	n := len(r.Turns)
	return views / n, deltas / n, events / n, saves / n
}

// frames is what the seats received per turn: the mean bytes of one
// seat's TurnUpdate frame and of its FullView frame, and the turns' ratios
// of the one to the other (turnStats.FrameRatio): their mean (the ratio of
// the means), median and 90th percentile.
type frames struct {
	Update, View    int
	Ratio, P50, P90 float64
}

// frames returns the frames' sizes over the game.
func (r *report) frames() frames {
	var f frames
	var updates, views, nu, nv int
	ratios := make([]float64, 0, len(r.Turns))
	for _, t := range r.Turns {
		updates += t.FrameBytes
		views += t.ViewFrameBytes
		nu += t.Frames
		nv += t.ViewFrames
		ratios = append(ratios, t.FrameRatio())
	}
	if nu == 0 || nv == 0 || views == 0 {
		return f
	}
	f.Update, f.View = updates/nu, views/nv
	f.Ratio = 100 * float64(updates) / float64(nu) / (float64(views) / float64(nv))
	slices.Sort(ratios)
	f.P50, f.P90 = percentile(ratios, 50), percentile(ratios, 90)
	return f
}

// percentile returns the p-th percentile of sorted, by the nearest rank.
func percentile(sorted []float64, p int) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := (p*len(sorted) + 99) / 100 // the nearest rank, from 1
	return sorted[max(i, 1)-1]
}

// ms formats d in milliseconds.
func ms(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 1, 64) }

// ms3 formats d in milliseconds, to the microsecond.
func ms3(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 3, 64) }

// print writes the report for people.
func (r *report) print(out io.Writer) error {
	c := r.Config
	size := ""
	if c.width > 0 {
		size = fmt.Sprintf(", %dx%d", c.width, c.height)
	}
	end := fmt.Sprintf("not over after turn %d", c.turns)
	if r.Over {
		end = fmt.Sprintf("over, won by seat %d", r.Winner)
		if r.Winner == 0 {
			end = "over, won by nobody"
		}
	}
	fmt.Fprintf(out, "%s: %d players (%s AI)%s, seed %d: %d turns played, %s\n",
		r.Ruleset, c.players, r.Level, size, c.seed, len(r.Turns), end)
	all := mean(r.Turns)
	fmt.Fprintf(out, "CPU per turn (mean): process %s ms, game thread %s ms\n\n", ms(all.Process), ms(all.Thread))

	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "turns\tprocess ms\tthread ms\t")
	for _, n := range phaseNames {
		fmt.Fprintf(tw, "%s ms\t%%\t", n)
	}
	fmt.Fprintln(tw)
	rows := append(r.windows(), all)
	for i, w := range rows {
		label := fmt.Sprintf("%d-%d", w.First, w.Last)
		if i == len(rows)-1 {
			label = "all"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t", label, ms(w.Process), ms(w.Thread))
		for p := range numPhases {
			fmt.Fprintf(tw, "%s\t%.1f\t", ms(w.Phase[p]), w.Share[p])
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	views, deltas, events, saves := r.bytesMean()
	fmt.Fprintf(out, "\nbytes per turn (mean, all seats): views %d, deltas %d, events %d; save %d\n", views, deltas, events, saves)
	sc := r.storeCost()
	if c.save == saveStore {
		perTurn := int64(0)
		if len(r.Turns) > 0 {
			perTurn = r.StoreBytes / int64(len(r.Turns))
		}
		fmt.Fprintf(out, "store (the server's, SQLite), CPU per turn (game thread + committer): mean %s ms; %d turns with a snapshot: mean %s ms; %d without: mean %s ms, p99 %s ms; most %s ms; process CPU over the save phase: mean %s ms; the database grew %d bytes a turn\n",
			ms3(sc.Mean), sc.SnapshotTurns, ms3(sc.SnapshotMean), sc.OtherTurns, ms3(sc.OtherMean), ms3(sc.OtherP99), ms3(sc.Max), ms3(sc.Process), perTurn)
	} else {
		fmt.Fprintf(out, "save (Game.Save every step, nothing written), CPU per turn (game thread): mean %s ms; most %s ms; process CPU over the save phase: mean %s ms\n",
			ms3(sc.Mean), ms3(sc.Max), ms3(sc.Process))
	}
	f := r.frames()
	fmt.Fprintf(out, "frames per seat (mean bytes): TurnUpdate %d, FullView %d; TurnUpdate/FullView %.1f %% (per turn: p50 %.1f %%, p90 %.1f %%)\n",
		f.Update, f.View, f.Ratio, f.P50, f.P90)
	if r.Counts == nil {
		_, err := fmt.Fprintln(out, "at the end: the game reports no counts")
		return err
	}
	keys := make([]string, 0, len(r.Counts))
	for k := range r.Counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, r.Counts[k])
	}
	_, err := fmt.Fprintf(out, "at the end: %s\n", strings.Join(parts, ", "))
	return err
}

// writeCSVFile writes one row per turn of r to the file name.
func writeCSVFile(name string, r *report) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	if err := writeCSV(f, r); err != nil {
		f.Close()
		return fmt.Errorf("csv %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return nil
}

// csvHeader names the columns of writeCSV's rows; times are in
// nanoseconds, sizes in bytes.
var csvHeader = []string{"turn", "steps", "actors", "process_ns", "thread_ns",
	"orders_ns", "resolve_ns", "save_ns", "views_ns",
	"view_bytes", "delta_bytes", "event_bytes", "save_bytes", "events",
	"frame_bytes", "frames", "view_frame_bytes", "view_frames", "store_ns", "store_process_ns", "snapshots"}

// writeCSV writes a header and one row per turn of r.
func writeCSV(out io.Writer, r *report) error {
	cw := csv.NewWriter(out)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, t := range r.Turns {
		row := []int64{int64(t.Turn), int64(t.Steps), int64(t.Actors), int64(t.Process), int64(t.Thread())}
		for p := range numPhases {
			row = append(row, int64(t.Phase[p]))
		}
		row = append(row, int64(t.ViewBytes), int64(t.DeltaBytes), int64(t.EventBytes), int64(t.SaveBytes), int64(t.Events),
			int64(t.FrameBytes), int64(t.Frames), int64(t.ViewFrameBytes), int64(t.ViewFrames), int64(t.Store), int64(t.StoreProcess), int64(t.Snapshots))
		rec := make([]string, len(row))
		for i, v := range row {
			rec[i] = strconv.FormatInt(v, 10)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// parseSize reads "WIDTHxHEIGHT".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, fmt.Errorf("size %q is not WIDTHxHEIGHT", s)
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil || w < 1 || h < 1 {
		return 0, 0, fmt.Errorf("size %q is not WIDTHxHEIGHT with positive sides", s)
	}
	return w, h, nil
}
