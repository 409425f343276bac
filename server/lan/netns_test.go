package lan

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/shared/protocol"
)

// helperEnv names the environment variable that makes TestHelperProcess
// act: "advertise" or "browse".
const helperEnv = "EMPIRES_LAN_HELPER"

// TestHelperProcess is not a test: TestAcrossNamespaces runs the test
// binary in a network namespace with helperEnv set, to advertise or browse
// from there.
//
// To advertise, it prints "ready" once advertising, reads "GAMES OPEN"
// lines from stdin as the new counts, and closes the advertiser at the end
// of stdin, printing "closed". To browse, it prints the servers found as
// JSON.
func TestHelperProcess(t *testing.T) {
	switch os.Getenv(helperEnv) {
	case "advertise":
		stats := make(chan Stats, 1)
		stats <- Stats{Games: 1, OpenSeats: 2}
		current := func() Stats { s := <-stats; stats <- s; return s }
		a, err := Advertise(Config{Name: "Across", Port: 7777, Rulesets: []string{"erfworld"}, Stats: current})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("ready")
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			var s Stats
			if _, err := fmt.Sscan(sc.Text(), &s.Games, &s.OpenSeats); err == nil {
				<-stats
				stats <- s
				fmt.Println("set")
			}
		}
		a.Close()
		fmt.Println("closed")
		os.Exit(0)
	case "browse":
		servers, err := Browse(context.Background(), browseTime)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		if err := json.NewEncoder(os.Stdout).Encode(servers); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
}

// netns sets up two network namespaces joined by a veth pair, 10.77.0.1
// in the first and 10.77.0.2 in the second, and returns their names. It
// skips the test unless it runs as root with iproute2.
func netns(t *testing.T) (a, b string) {
	t.Helper()
	if os.Geteuid() != 0 {
		skip.Now(t, skip.Root, "making network namespaces needs root")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		skip.Now(t, skip.Tool, "making network namespaces needs iproute2 (ip): scripts/deps.sh test installs it")
	}
	id := os.Getpid() % 100000
	a, b = fmt.Sprintf("empires-lan-a%d", id), fmt.Sprintf("empires-lan-b%d", id)
	va, vb := fmt.Sprintf("ela%d", id), fmt.Sprintf("elb%d", id)
	ip := func(args ...string) error {
		out, err := exec.Command("ip", args...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	for _, ns := range []string{a, b} {
		if err := ip("netns", "add", ns); err != nil {
			skip.Now(t, skip.Environment, "cannot make network namespaces here: %v", err)
		}
		t.Cleanup(func() { _ = ip("netns", "del", ns) })
	}
	steps := [][]string{
		{"link", "add", va, "netns", a, "type", "veth", "peer", "name", vb, "netns", b},
		{"-n", a, "addr", "add", "10.77.0.1/24", "dev", va},
		{"-n", b, "addr", "add", "10.77.0.2/24", "dev", vb},
		{"-n", a, "link", "set", va, "up"},
		{"-n", b, "link", "set", vb, "up"},
		// Multicast groups are joined on the interface the route says.
		{"-n", a, "route", "add", "224.0.0.0/4", "dev", va},
		{"-n", b, "route", "add", "224.0.0.0/4", "dev", vb},
	}
	for _, s := range steps {
		if err := ip(s...); err != nil {
			// The machine lets us make namespaces but not link them (no
			// veth, say): an environment without the means, not a bug.
			skip.Now(t, skip.Environment, "cannot link the network namespaces here: %v", err)
		}
	}
	return a, b
}

// inNetns returns the command running this test binary's
// TestHelperProcess in the network namespace ns, as what.
func inNetns(ns, what string) *exec.Cmd {
	cmd := exec.Command("ip", "netns", "exec", ns, os.Args[0], "-test.run=^TestHelperProcess$")
	// A binary built with -race waits a second at exit unless told not to.
	cmd.Env = append(os.Environ(), helperEnv+"="+what, "GORACE=atexit_sleep_ms=0")
	return cmd
}

// TestAcrossNamespaces advertises a server in one network namespace and
// browses from another, as two machines on a network: each has only its
// end of a veth link, and no other server is there.
func TestAcrossNamespaces(t *testing.T) {
	nsA, nsB := netns(t)
	browse := func() []Server {
		t.Helper()
		out, err := inNetns(nsB, "browse").Output()
		if err != nil {
			t.Fatalf("browse in %s: %v: %s", nsB, err, out)
		}
		var servers []Server
		if err := json.Unmarshal(out, &servers); err != nil {
			t.Fatalf("browse in %s: %v: %s", nsB, err, out)
		}
		return servers
	}

	// Nothing there yet.
	start := time.Now()
	if s := browse(); len(s) != 0 {
		t.Errorf("with no server, found %+v", s)
	}
	if d := time.Since(start); d < browseTime {
		t.Errorf("an empty browse returned after %v, before its timeout of %v", d, browseTime)
	}

	adv := inNetns(nsA, "advertise")
	stdin, err := adv.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := adv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	adv.Stderr = os.Stderr
	if err := adv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = adv.Process.Kill(); _ = adv.Wait() }()
	lines := bufio.NewScanner(stdout)
	expect := func(want string) {
		t.Helper()
		if !lines.Scan() || lines.Text() != want {
			t.Fatalf("advertiser said %q (%v), want %q", lines.Text(), lines.Err(), want)
		}
	}
	expect("ready")

	found := browseUntil(t, "the advertiser", browse, func(f []Server) bool { return len(f) > 0 })
	want := Info{Name: "Across", Port: 7777, Path: "/ws", Version: protocol.Version, Rulesets: []string{"erfworld"}, Stats: Stats{Games: 1, OpenSeats: 2}}
	if len(found) != 1 || !reflect.DeepEqual(found[0].Info, want) {
		t.Fatalf("found %+v\nwant one server: %+v", found, want)
	}
	if s := found[0]; s.Addr != "10.77.0.1:7777" || s.URL != "ws://10.77.0.1:7777/ws" || s.Ping <= 0 {
		t.Errorf("found at %s (%s), ping %v; want 10.77.0.1:7777 and the time the answer took", s.Addr, s.URL, s.Ping)
	}

	if _, err := io.WriteString(stdin, "3 0\n"); err != nil {
		t.Fatal(err)
	}
	expect("set")
	browseUntil(t, "3 games and no open seat", browse, func(f []Server) bool {
		return len(f) == 1 && f[0].Stats == (Stats{Games: 3, OpenSeats: 0})
	})

	stdin.Close()
	expect("closed")
	if err := adv.Wait(); err != nil {
		t.Errorf("advertiser: %v", err)
	}
	if found := browse(); len(found) != 0 {
		t.Errorf("after the advertiser closed, found %+v", found)
	}
}
