package host_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"empires/server/host"
	"empires/server/internal/logbuf"
	"empires/shared/buildinfo"
	"empires/shared/conn"
)

// TestBuildIsTold checks that the server tells its build: in Welcome, in
// /metrics as empires_build_info, and that it logs the build of a client
// that says hello.
func TestBuildIsTold(t *testing.T) {
	logs := &logbuf.Buffer{}
	cfg := host.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	r, base := startOps(t, cfg)

	ctx, cancel := context.WithTimeout(context.Background(), opsWait)
	defer cancel()
	c, err := conn.Dial(ctx, conn.Options{URL: r.URL(), Name: "Ann", Client: "build test"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if have, want := c.Welcome().Build, buildinfo.Version(); have != want {
		t.Errorf("Welcome.Build = %q, want %q", have, want)
	}

	m := scrape(t, base)
	name := fmt.Sprintf("%s{version=%q}", host.MetricBuildInfo, buildinfo.Version())
	if v, ok := m[name]; !ok || v != 1 {
		t.Errorf("%s = %v (present %v), want 1", name, v, ok)
	}

	// The client's Hello carries this build too: the server logs it.
	want := "build=" + buildinfo.Version()
	if !strings.Contains(logs.String(), `client="build test" `+want) {
		t.Errorf("the server's logs do not give the client's %s:\n%s", want, logs.String())
	}
}
