package main

import (
	"errors"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the error; "" for none
		ok   func(config) bool
	}{
		{nil, "", func(c config) bool {
			return c.addr == ":7777" && c.host.Limits.MaxClientMessage == 1<<20 && c.host.Limits.MessagesPerSecond == 20 &&
				c.host.MaxGames == 100 && c.host.MaxConns == 1000 && c.host.Name == "empires" &&
				c.logLevel == slog.LevelInfo && c.logFormat == "text" && c.host.DataDir == ""
		}},
		{[]string{"-addr", "127.0.0.1:9000", "-max-games", "3", "-max-message", "65536", "-rate", "5", "-burst", "9",
			"-log-level", "debug", "-log-format", "json", "-data", "d", "-rules", "m"}, "", func(c config) bool {
			return c.addr == "127.0.0.1:9000" && c.host.MaxGames == 3 && c.host.Limits.MaxClientMessage == 65536 &&
				c.host.Limits.MessagesPerSecond == 5 && c.host.Limits.Burst == 9 && c.logLevel == slog.LevelDebug &&
				c.logFormat == "json" && c.host.DataDir == "d" && c.rulesDir == "m"
		}},
		{[]string{"-log-level", "WARN"}, "", func(c config) bool { return c.logLevel == slog.LevelWarn }},
		{[]string{"-rate", "0"}, "-rate 0: must be 1 to 10000", nil},
		{[]string{"-max-message", "100"}, "-max-message 100: must be 4096 to", nil},
		{[]string{"-max-games", "0"}, "-max-games 0: must be at least 1", nil},
		{[]string{"-log-level", "loud"}, `-log-level "loud": want debug, info, warn or error`, nil},
		{[]string{"-log-format", "xml"}, `-log-format "xml": want text or json`, nil},
		{[]string{"-addr", ""}, "-addr is empty", nil},
		{[]string{"serve"}, `unexpected argument "serve"`, nil},
		{[]string{"-port", "1"}, "flag provided but not defined: -port", nil},
		{[]string{"-rate", "many"}, `invalid value "many" for flag -rate`, nil},
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
	if code := realMain([]string{"-h"}, &out); code != 0 || !strings.Contains(out.String(), "games are saved in DIR/empires.db") {
		t.Errorf("-h: exit %d, help %q", code, out.String())
	}
	out.Reset()
	if code := realMain([]string{"-rate", "-1"}, &out); code != 2 || !strings.Contains(out.String(), "-rate -1") {
		t.Errorf("bad flag: exit %d, %q", code, out.String())
	}
	out.Reset()
	missing := filepath.Join(t.TempDir(), "nope")
	if code := realMain([]string{"-rules", missing}, &out); code != 2 || !strings.Contains(out.String(), "does not exist") {
		t.Errorf("missing mod: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := realMain([]string{"-addr", "127.0.0.1:-1"}, &out); code != 1 || !strings.Contains(out.String(), "server failed") {
		t.Errorf("bad address: exit %d, %q", code, out.String())
	}
}

func TestDataDirIsCreated(t *testing.T) {
	cfg := testConfig()
	cfg.host.DataDir = filepath.Join(t.TempDir(), "a", "b")
	startServer(t, &cfg, nil)
	if info, err := os.Stat(cfg.host.DataDir); err != nil || !info.IsDir() {
		t.Fatalf("data directory: %v", err)
	}
}
