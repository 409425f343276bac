package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"empires/assets"
	"empires/shared/buildinfo"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the error; "" for none
		ok   func(config) bool
	}{
		{nil, "", func(c config) bool {
			return c.addr == ":7777" && c.host.Limits.MaxClientMessage == 1<<20 && c.host.Limits.MessagesPerSecond == 20 &&
				c.host.MaxGames == 4000 && c.host.MaxConns == 1000 && c.host.Name == "empires" &&
				c.logLevel == slog.LevelInfo && c.logFormat == "text" && c.host.DataDir == ""
		}},
		{[]string{"-addr", "127.0.0.1:9000", "-max-games", "3", "-max-message", "65536", "-rate", "5", "-burst", "9",
			"-log-level", "debug", "-log-format", "json", "-data", "d", "-rules", "m"}, "", func(c config) bool {
			return c.addr == "127.0.0.1:9000" && c.host.MaxGames == 3 && c.host.Limits.MaxClientMessage == 65536 &&
				c.host.Limits.MessagesPerSecond == 5 && c.host.Limits.Burst == 9 && c.logLevel == slog.LevelDebug &&
				c.logFormat == "json" && c.host.DataDir == "d" && c.rulesDir == "m"
		}},
		{[]string{"-log-level", "WARN"}, "", func(c config) bool { return c.logLevel == slog.LevelWarn }},
		{nil, "", func(c config) bool { // the defaults of the limits on abandoned games
			return c.host.AbandonAfter == 10*time.Minute && c.host.GamesPerConn == 1 && c.host.GamesPerAddr == 4 &&
				c.host.AIPace == time.Second
		}},
		{[]string{"-abandon-after", "1h", "-games-per-conn", "2", "-games-per-addr", "0", "-ai-pace", "250ms"}, "", func(c config) bool {
			return c.host.AbandonAfter == time.Hour && c.host.GamesPerConn == 2 && c.host.GamesPerAddr == 0 &&
				c.host.AIPace == 250*time.Millisecond
		}},
		{[]string{"-abandon-after", "0"}, "", func(c config) bool { return c.host.AbandonAfter == 0 }},
		{nil, "", func(c config) bool { // the read buffers' defaults; the work budget from the message limits
			return c.host.ReadBuffers == 64<<20 && c.host.ReadBuffersPerAddr == 8<<20 && c.host.Limits == protocol.DefaultLimits()
		}},
		{[]string{"-read-buffers", "0", "-read-buffers-per-addr", "2097152", "-rate", "2", "-burst", "3", "-max-message", "65536"}, "", func(c config) bool {
			work := 128 + 1<<20 // a view of the largest map: more than a message of 64 KiB
			return c.host.ReadBuffers == 0 && c.host.ReadBuffersPerAddr == 2<<20 &&
				c.host.Limits.WorkBurst == 3*work && c.host.Limits.WorkPerSecond == 2*work
		}},
		{[]string{"-read-buffers", "1000"}, "-read-buffers 1000: must be 0 (no limit) or at least -max-message (1048576 bytes)", nil},
		{[]string{"-max-message", "65536", "-read-buffers-per-addr", "65535"}, "-read-buffers-per-addr 65535: must be 0 (no limit) or at least -max-message (65536 bytes)", nil},
		{nil, "", func(c config) bool { // the defaults of the limits on the games in memory
			return c.host.IdleAfter == 30*time.Minute && c.host.OpenFor == 5*time.Minute && c.host.GameMemory == 1<<30
		}},
		{[]string{"-idle-after", "2h", "-open-for", "90s", "-game-memory", "256"}, "", func(c config) bool {
			return c.host.IdleAfter == 2*time.Hour && c.host.OpenFor == 90*time.Second && c.host.GameMemory == 256<<20
		}},
		{[]string{"-idle-after", "0", "-open-for", "0"}, "", func(c config) bool { return c.host.IdleAfter == 0 && c.host.OpenFor == 0 }},
		{nil, "", func(c config) bool { return c.host.ConnsPerAddr == 64 }},
		{[]string{"-conns-per-addr", "0"}, "", func(c config) bool { return c.host.ConnsPerAddr == 0 }},
		{[]string{"-conns-per-addr", "-1"}, "-conns-per-addr -1: must be 0 (no limit) or more", nil},
		{nil, "", func(c config) bool { return len(c.host.TrustedProxies) == 0 }}, // no proxy trusted
		{[]string{"-trusted-proxy", "127.0.0.1, ::1,10.0.0.0/8"}, "", func(c config) bool {
			return fmt.Sprint(c.host.TrustedProxies) == "[127.0.0.1/32 ::1/128 10.0.0.0/8]"
		}},
		{[]string{"-trusted-proxy", "proxy.example.org"}, `-trusted-proxy "proxy.example.org": entry 1 "proxy.example.org": not an IP address or CIDR prefix`, nil},
		{[]string{"-trusted-proxy", "0.0.0.0/0"}, `-trusted-proxy "0.0.0.0/0": entry 1 "0.0.0.0/0": trusts every address`, nil},
		{[]string{"-idle-after", "30s"}, "-idle-after 30s: must be 0 (never) or 1m to 720h", nil},
		{[]string{"-open-for", "25h"}, "-open-for 25h0m0s: must be 0 (never) or 10s to 24h", nil},
		{[]string{"-game-memory", "0"}, "-game-memory 0: must be 1 to 1048576 MiB", nil},
		{[]string{"-game-memory", "lots"}, `invalid value "lots" for flag -game-memory`, nil},
		{[]string{"-abandon-after", "5s"}, "-abandon-after 5s: must be 0 (never) or 10s to 720h", nil},
		{[]string{"-abandon-after", "-1m"}, "-abandon-after -1m0s: must be 0 (never) or 10s to 720h", nil},
		{[]string{"-games-per-conn", "-1"}, "-games-per-conn -1: must be 0 (no limit) or more", nil},
		{[]string{"-games-per-addr", "-2"}, "-games-per-addr -2: must be 0 (no limit) or more", nil},
		{[]string{"-ai-pace", "0"}, "-ai-pace 0s: must be 1ms to 1h", nil},
		{[]string{"-ai-pace", "2h"}, "-ai-pace 2h0m0s: must be 1ms to 1h", nil},
		{[]string{"-ai-pace", "soon"}, `invalid value "soon" for flag -ai-pace`, nil},
		{[]string{"-rate", "0"}, "-rate 0: must be 1 to 10000", nil},
		{[]string{"-max-message", "100"}, "-max-message 100: must be 4096 to", nil},
		{[]string{"-max-games", "0"}, "-max-games 0: must be at least 1", nil},
		{[]string{"-log-level", "loud"}, `-log-level "loud": want debug, info, warn or error`, nil},
		{[]string{"-log-format", "xml"}, `-log-format "xml": want text or json`, nil},
		{[]string{"-addr", ""}, "-addr is empty", nil},
		{[]string{"serve"}, `unexpected argument "serve"`, nil},
		{[]string{"-port", "1"}, "flag provided but not defined: -port", nil},
		{[]string{"-rate", "many"}, `invalid value "many" for flag -rate`, nil},
		{nil, "", func(c config) bool { return c.host.MetricsAllow == nil }}, // /metrics open to everyone, as before
		{[]string{"-metrics-allow", "127.0.0.1, 10.0.0.0/8,::1"}, "", func(c config) bool {
			return len(c.host.MetricsAllow) == 3 && c.host.MetricsAllow[0].String() == "127.0.0.1/32" &&
				c.host.MetricsAllow[1].String() == "10.0.0.0/8" && c.host.MetricsAllow[2].String() == "::1/128"
		}},
		{[]string{"-metrics-allow", "10.0.0.0/8,prometheus"}, `-metrics-allow "10.0.0.0/8,prometheus": "prometheus" is not an address or a CIDR prefix`, nil},
		{[]string{"-metrics-allow", "10.0.0.0/33"}, `"10.0.0.0/33" is not an address or a CIDR prefix`, nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			cfg, err := parseFlags(tt.args, io.Discard)
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("error %v, want one with %q", err, tt.want)
				}
				return
			}
			if err != nil || !tt.ok(cfg) {
				t.Fatalf("have %+v, %v", cfg, err)
			}
		})
	}
	if _, err := parseFlags([]string{"-h"}, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
}

func TestExitCodes(t *testing.T) {
	var out strings.Builder
	if code := realMain([]string{"-h"}, &out, &out); code != 0 || !strings.Contains(out.String(), "games are saved in DIR/empires.db") {
		t.Errorf("-h: exit %d, help %q", code, out.String())
	}
	out.Reset()
	if code := realMain([]string{"-rate", "-1"}, &out, &out); code != 2 || !strings.Contains(out.String(), "-rate -1") {
		t.Errorf("bad flag: exit %d, %q", code, out.String())
	}
	out.Reset()
	missing := filepath.Join(t.TempDir(), "nope")
	if code := realMain([]string{"-rules", missing}, &out, &out); code != 2 || !strings.Contains(out.String(), "does not exist") {
		t.Errorf("missing mod: exit %d, %q", code, out.String())
	}
	out.Reset()
	file := filepath.Join(t.TempDir(), "mod")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := realMain([]string{"-rules", file}, &out, &out); code != 2 || !strings.Contains(out.String(), "is not a directory") {
		t.Errorf("a mod that is a file: exit %d, %q", code, out.String())
	}
	out.Reset()
	broken, line := brokenMod(t)
	want := fmt.Sprintf("-rules: erfworld: %s:%d: TOML syntax error", erfworld.File, line)
	if code := realMain([]string{"-rules", broken}, &out, &out); code != 2 || !strings.Contains(out.String(), want) {
		t.Errorf("a broken mod: exit %d, %q; want 2 and %q", code, out.String(), want)
	}
	out.Reset()
	if code := realMain([]string{"-addr", "127.0.0.1:-1"}, &out, &out); code != 1 || !strings.Contains(out.String(), "server failed") {
		t.Errorf("bad address: exit %d, %q", code, out.String())
	}
	out.Reset()
	empty := t.TempDir() // a mod of no file plays the built-in data: the server gets as far as listening
	if code := realMain([]string{"-rules", empty, "-addr", "127.0.0.1:-1"}, &out, &out); code != 1 || !strings.Contains(out.String(), "server failed") {
		t.Errorf("an empty mod and a bad address: exit %d, %q; want the mod taken and the address refused", code, out.String())
	}
}

// brokenMod writes a mod directory whose erfworld file has a syntax error,
// and returns it and the error's line.
func brokenMod(t *testing.T) (string, int) {
	t.Helper()
	data, err := fs.ReadFile(assets.Rules(), erfworld.File)
	if err != nil {
		t.Fatal(err)
	}
	const old, broken = "\nschmuckers = 0\n", "\nschmuckers = = 0\n"
	i := bytes.Index(data, []byte(old))
	if i < 0 || bytes.Count(data, []byte(old)) != 1 {
		t.Fatalf("%q does not occur once in %s", old, erfworld.File)
	}
	line := bytes.Count(data[:i+1], []byte("\n")) + 1
	data = bytes.Replace(data, []byte(old), []byte(broken), 1)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, line
}

func TestDataDirIsCreated(t *testing.T) {
	cfg := testConfig()
	var err error
	if cfg.host.Rulesets, err = registry.Default(); err != nil {
		t.Fatal(err)
	}
	cfg.host.DataDir = filepath.Join(t.TempDir(), "a", "b")
	startServer(t, &cfg, nil)
	if info, err := os.Stat(cfg.host.DataDir); err != nil || !info.IsDir() {
		t.Fatalf("data directory: %v", err)
	}
}

func TestVersionFlag(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := realMain([]string{"-version"}, &stdout, &stderr); code != 0 {
		t.Fatalf("-version: exit %d, %q", code, stderr.String())
	}
	if have, want := stdout.String(), buildinfo.Version()+"\n"; have != want {
		t.Errorf("-version printed %q, want %q", have, want)
	}
	if stderr.Len() != 0 {
		t.Errorf("-version wrote to stderr: %q", stderr.String())
	}
}
