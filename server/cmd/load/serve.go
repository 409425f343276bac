package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"empires/server/host"
	"empires/server/internal/fdlimit"
	"empires/server/lobby"
	"empires/shared/registry"
)

// serveFlag, as the first argument, makes the command run only a server
// (serveMain): the load's child process.
const serveFlag = "-serve"

// childStartTimeout bounds how long the child server takes to say where it
// listens; childStopTimeout how long it takes to stop once told.
const (
	childStartTimeout = 30 * time.Second
	childStopTimeout  = 40 * time.Second
)

// serverConfig returns the configuration of the load's own server: room
// for games games and conns connections on top of the defaults, and a
// quarter more connections for the attempts a storm leaves behind (a
// client that gave up waiting for its Welcome tries again while the server
// still holds its first connection, until it reads the close).
func serverConfig(games, conns int) host.Config {
	cfg := host.DefaultConfig()
	cfg.MaxGames = max(lobby.DefaultMaxGames, games)
	cfg.MaxConns = max(cfg.MaxConns, conns+conns/4+16)
	cfg.GamesPerAddr, cfg.ConnsPerAddr = 0, 0 // every client is on loopback
	cfg.ReadBuffersPerAddr = 0                // and every message comes from there
	return cfg
}

// serveMain runs a server on a free loopback port, prints its websocket
// URL on a line of stdout, and stops it cleanly when stdin ends. It
// returns the exit code.
func serveMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("load "+serveFlag, flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 0, "games to make room for")
	conns := fs.Int("conns", 0, "connections to make room for")
	pprofAddr := fs.String("pprof", "", "host:port to serve net/http/pprof on; empty: none")
	data := fs.String("data", "", "the server's data directory; empty: none")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *pprofAddr != "" {
		stop, err := servePprof(*pprofAddr)
		if err != nil {
			fmt.Fprintln(stderr, "load server:", err)
			return 1
		}
		defer stop()
	}
	reg, err := registry.Default()
	if err != nil {
		fmt.Fprintln(stderr, "load server:", err)
		return 1
	}
	sc := serverConfig(*games, *conns)
	sc.Rulesets, sc.Builtin, sc.DataDir = reg, reg, *data
	files, err := fdlimit.Raise()
	if err == nil {
		err = fdlimit.Check(files, sc.MaxConns)
	}
	if err != nil {
		fmt.Fprintln(stderr, "load server:", err)
		return 1
	}
	r, err := host.Start(sc, "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(stderr, "load server:", err)
		return 1
	}
	fmt.Fprintln(stdout, r.URL())
	_, _ = io.Copy(io.Discard, stdin)
	if err := r.Stop(); err != nil {
		fmt.Fprintln(stderr, "load server: stop:", err)
		return 1
	}
	return 0
}

// server is the server under load.
type server interface {
	// URL is its websocket URL.
	URL() string
	// usage returns its CPU time and memory now; ok is false when they
	// cannot be measured apart from the clients'.
	usage() (u serverUsage, ok bool)
	// stop stops it if the load started it.
	stop() error
}

// serverUsage is a server process's use of the machine.
type serverUsage struct {
	// CPU is the CPU time used so far, user and system.
	CPU time.Duration
	// RSS is the resident memory now, HWM its peak so far, in bytes.
	RSS, HWM int64
}

// startServer returns the server cfg asks for: the one at cfg.Addr, or a
// new one, in a child process or in this one.
func startServer(cfg Config) (server, error) {
	conns := cfg.Games * cfg.Seats
	switch {
	case cfg.Addr != "" && cfg.ServerPID > 0:
		return watched{url: "ws://" + cfg.Addr + "/ws", pid: cfg.ServerPID}, nil
	case cfg.Addr != "":
		return remote("ws://" + cfg.Addr + "/ws"), nil
	case cfg.InProc:
		sc := serverConfig(cfg.Games, conns)
		sc.Rulesets, sc.Builtin, sc.DataDir = cfg.Rulesets, cfg.Rulesets, cfg.DataDir
		var stopPprof func()
		if cfg.Pprof != "" {
			var err error
			if stopPprof, err = servePprof(cfg.Pprof); err != nil {
				return nil, err
			}
		}
		r, err := host.Start(sc, "127.0.0.1:0")
		if err != nil {
			if stopPprof != nil {
				stopPprof()
			}
			return nil, fmt.Errorf("start the server: %w", err)
		}
		return inProc{r: r, stopPprof: stopPprof}, nil
	}
	return startChild(cfg.Games, conns, cfg.Pprof, cfg.DataDir)
}

// remote is a server the load did not start.
type remote string

func (r remote) URL() string              { return string(r) }
func (remote) usage() (serverUsage, bool) { return serverUsage{}, false }
func (remote) stop() error                { return nil }
func (r inProc) URL() string              { return r.r.URL() }
func (inProc) usage() (serverUsage, bool) { return serverUsage{}, false }
func (r inProc) stop() error {
	if r.stopPprof != nil {
		defer r.stopPprof()
	}
	return r.r.Stop()
}
func (c *child) URL() string                { return c.url }
func (c *child) usage() (serverUsage, bool) { return procUsage(c.cmd.Process.Pid) }

// watched is a server the load did not start, running on this machine as
// process pid: its CPU and memory are measured from /proc.
type watched struct {
	url string
	pid int
}

func (w watched) URL() string                { return w.url }
func (w watched) usage() (serverUsage, bool) { return procUsage(w.pid) }
func (watched) stop() error                  { return nil }

// inProc is a server running in this process.
type inProc struct {
	r         *host.Running
	stopPprof func() // nil without Config.Pprof
}

// child is a server running in a child process (serveMain).
type child struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	url    string
	exited chan error // receives Wait's result
}

// startChild runs this program with serveFlag and waits for the URL it
// prints.
func startChild(games, conns int, pprofAddr, dataDir string) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("the server's program: %w", err)
	}
	cmd := exec.Command(exe, serveFlag, "-games", strconv.Itoa(games), "-conns", strconv.Itoa(conns), "-pprof", pprofAddr, "-data", dataDir)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("server stdin: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("server stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the server: %w", err)
	}
	c := &child{cmd: cmd, stdin: stdin, exited: make(chan error, 1)}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- strings.TrimSpace(s)
		_, _ = io.Copy(io.Discard, stdout)
		c.exited <- cmd.Wait()
	}()
	select {
	case c.url = <-line:
	case <-time.After(childStartTimeout):
	}
	if !strings.HasPrefix(c.url, "ws://") {
		_ = c.stop()
		return nil, fmt.Errorf("start the server: it printed %q, not its URL", c.url)
	}
	return c, nil
}

// stop ends the child's input, which stops it, and waits for it to exit,
// killing it if it takes too long.
func (c *child) stop() error {
	_ = c.stdin.Close()
	select {
	case err := <-c.exited:
		if err != nil {
			return fmt.Errorf("the server: %w", err)
		}
		return nil
	case <-time.After(childStopTimeout):
		_ = c.cmd.Process.Kill()
		<-c.exited
		return errors.New("the server did not stop in time: killed")
	}
}

// clockTicks is the unit of the CPU times of /proc/PID/stat (USER_HZ,
// 100 on Linux).
const clockTicks = 100

// procUsage reads process pid's CPU time and memory from /proc (Linux);
// ok is false where it cannot.
func procUsage(pid int) (serverUsage, bool) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return serverUsage{}, false
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return serverUsage{}, false
	}
	var u serverUsage
	var ok bool
	if u.CPU, ok = parseStatCPU(string(stat)); !ok {
		return serverUsage{}, false
	}
	u.RSS, u.HWM = statusKiB(string(status), "VmRSS:")*1024, statusKiB(string(status), "VmHWM:")*1024
	return u, true
}

// parseStatCPU returns utime+stime of a /proc/PID/stat line.
func parseStatCPU(stat string) (time.Duration, bool) {
	// The command name, in parentheses, may hold spaces: count the
	// fields after its closing one, from field 3 (state) on.
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(stat[i+1:])
	const utime, stime = 14 - 3, 15 - 3
	if len(f) <= stime {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[utime], 10, 64)
	s, err2 := strconv.ParseInt(f[stime], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+s) * time.Second / clockTicks, true
}

// statusKiB returns the value in kB of /proc/PID/status's line key, 0 if
// missing.
func statusKiB(status, key string) int64 {
	for line := range strings.SplitSeq(status, "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// health is what the server's /healthz answers (the fields the load
// reads).
type health struct {
	Running     int `json:"running"`
	Connections int `json:"connections"`
}

// healthURL returns the /healthz URL of the server of websocket URL ws.
func healthURL(ws string) string {
	u := strings.TrimSuffix(ws, "/ws")
	if rest, ok := strings.CutPrefix(u, "wss://"); ok {
		return "https://" + rest + "/healthz"
	}
	return "http://" + strings.TrimPrefix(u, "ws://") + "/healthz"
}

// getHealth asks the server at url (healthURL) for its counts.
func getHealth(ctx context.Context, client *http.Client, url string) (health, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return health{}, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return health{}, fmt.Errorf("health check: %w", err)
	}
	defer resp.Body.Close()
	var h health
	if err := json.NewDecoder(resp.Body).Decode(&h); err != nil {
		return health{}, fmt.Errorf("health check: %w", err)
	}
	return h, nil
}
