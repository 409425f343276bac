package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestConfigFromEnv(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want string // in the error; "" for none
		ok   func(config) bool
	}{
		{"env only", map[string]string{"EMPIRES_ADDR": "127.0.0.1:9000", "EMPIRES_MAX_GAMES": "7", "EMPIRES_DATA": "d",
			"EMPIRES_ADMIN_TOKEN": "tok", "EMPIRES_LOG_FORMAT": "json"}, nil, "", func(c config) bool {
			return c.addr == "127.0.0.1:9000" && c.host.MaxGames == 7 && c.host.DataDir == "d" &&
				c.host.AdminToken == "tok" && c.logFormat == "json" && c.host.MaxConns == 1000
		}},
		{"flag over env", map[string]string{"EMPIRES_MAX_GAMES": "7", "EMPIRES_NAME": "from env", "EMPIRES_RATE": "abc"},
			[]string{"-max-games", "3", "-rate", "5"}, "", func(c config) bool {
				return c.host.MaxGames == 3 && c.host.Name == "from env" && c.host.Limits.MessagesPerSecond == 5
			}},
		{"empty variable ignored", map[string]string{"EMPIRES_ADDR": "", "EMPIRES_MAX_GAMES": ""}, nil, "", func(c config) bool {
			return c.addr == ":7777" && c.host.MaxGames == 4000
		}},
		{"other variables ignored", map[string]string{"MAX_GAMES": "abc", "EMPIRES_PORT": "1"}, nil, "", func(c config) bool {
			return c.host.MaxGames == 4000
		}},
		{"true or false", map[string]string{"EMPIRES_LAN_ADVERTISE": "true"}, nil, "", func(c config) bool { return c.host.Advertise }},
		{"not true or false", map[string]string{"EMPIRES_LAN_ADVERTISE": "maybe"}, nil, "EMPIRES_LAN_ADVERTISE=maybe: want true or false", nil},
		{"bad number", map[string]string{"EMPIRES_MAX_GAMES": "abc"}, nil, "EMPIRES_MAX_GAMES=abc: not a number", nil},
		{"number out of range", map[string]string{"EMPIRES_BURST": "99999999999999999999"}, nil,
			"EMPIRES_BURST=99999999999999999999: out of range", nil},
		{"refused number", map[string]string{"EMPIRES_MAX_GAMES": "0"}, nil, "EMPIRES_MAX_GAMES=0: must be at least 1", nil},
		{"refused word", map[string]string{"EMPIRES_LOG_LEVEL": "loud"}, nil, "EMPIRES_LOG_LEVEL=loud: want debug, info, warn or error", nil},
		{"abandoned games", map[string]string{"EMPIRES_ABANDON_AFTER": "30m", "EMPIRES_GAMES_PER_CONN": "3",
			"EMPIRES_GAMES_PER_ADDR": "0", "EMPIRES_AI_PACE": "2s"}, nil, "", func(c config) bool {
			return c.host.AbandonAfter == 30*time.Minute && c.host.GamesPerConn == 3 && c.host.GamesPerAddr == 0 &&
				c.host.AIPace == 2*time.Second
		}},
		{"bad duration", map[string]string{"EMPIRES_ABANDON_AFTER": "tomorrow"}, nil,
			"EMPIRES_ABANDON_AFTER=tomorrow: not a duration such as 30s or 2m", nil},
		{"refused duration", map[string]string{"EMPIRES_AI_PACE": "0s"}, nil, "EMPIRES_AI_PACE=0s: must be 1ms to 1h", nil},
		{"trusted proxies", map[string]string{"EMPIRES_TRUSTED_PROXY": "127.0.0.1"}, nil, "", func(c config) bool {
			return fmt.Sprint(c.host.TrustedProxies) == "[127.0.0.1/32]"
		}},
		{"refused trusted proxy", map[string]string{"EMPIRES_TRUSTED_PROXY": "127.0.0.1,,::1"}, nil,
			`EMPIRES_TRUSTED_PROXY=127.0.0.1,,::1: entry 2 "": empty`, nil},
		{"refused flag", map[string]string{"EMPIRES_MAX_GAMES": "0"}, []string{"-max-games", "-1"}, "-max-games -1: must be at least 1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			cfg, err := parseConfig(tt.args, lookup, io.Discard)
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("have error %v, want one with %q", err, tt.want)
				}
				return
			}
			if err != nil || !tt.ok(cfg) {
				t.Fatalf("have %+v, %v", cfg, err)
			}
		})
	}
}

func TestEnvName(t *testing.T) {
	for flag, want := range map[string]string{"addr": "EMPIRES_ADDR", "max-games": "EMPIRES_MAX_GAMES", "admin-token": "EMPIRES_ADMIN_TOKEN"} {
		if have := envName(flag); have != want {
			t.Errorf("envName(%q) = %q, want %q", flag, have, want)
		}
	}
}

func TestHelpNamesVariables(t *testing.T) {
	var out strings.Builder
	if code := realMain([]string{"-h"}, &out, &out); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	for _, want := range []string{"EMPIRES_ADDR", "EMPIRES_MAX_GAMES", "EMPIRES_ADMIN_TOKEN", "EMPIRES_DATA",
		"A flag on the command line wins", "-admin-token", "/metrics", "/admin", "/admin/games/ID/end",
		"EMPIRES_ABANDON_AFTER", "-abandon-after", "-games-per-conn", "-games-per-addr", "-ai-pace"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the help does not say %q", want)
		}
	}
}

func TestVersionHasNoVariable(t *testing.T) {
	asked := readVariables(t)
	if slices.Contains(asked, "EMPIRES_VERSION") {
		t.Errorf("the server reads EMPIRES_VERSION; -version must be given on the command line")
	}
	var out strings.Builder
	if code := realMain([]string{"-h"}, &out, &out); code != 0 || strings.Contains(out.String(), "EMPIRES_VERSION") {
		t.Errorf("-h: exit %d; the help names EMPIRES_VERSION: %v", code, strings.Contains(out.String(), "EMPIRES_VERSION"))
	}
}

// readVariables returns the environment variables the server reads, in
// the order it asks for them.
func readVariables(t *testing.T) []string {
	t.Helper()
	var asked []string
	lookup := func(name string) (string, bool) {
		asked = append(asked, name)
		return "", false
	}
	if _, err := parseConfig(nil, lookup, io.Discard); err != nil {
		t.Fatalf("no flags, no variables: %v", err)
	}
	if len(asked) == 0 {
		t.Fatal("the server read no environment variable")
	}
	return asked
}

// exampleEnv is the example environment file of the systemd unit.
const exampleEnv = "../packaging/systemd/server.env.example"

// TestExampleEnvListsEveryVariable checks that the example environment
// file names each variable the server reads, once, and no other, and that
// every value it shows is one the server takes.
func TestExampleEnvListsEveryVariable(t *testing.T) {
	data, err := os.ReadFile(exampleEnv)
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^#?(EMPIRES_[A-Z_]+)=(.*)$`)
	var have []string
	values := make(map[string]string)
	for _, l := range strings.Split(string(data), "\n") {
		if m := line.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			have = append(have, m[1])
			values[m[1]] = m[2]
		}
	}
	want := readVariables(t)
	slices.Sort(have)
	slices.Sort(want)
	if !slices.Equal(have, want) {
		t.Errorf("%s names %v\nthe server reads %v", exampleEnv, have, want)
	}
	lookup := func(name string) (string, bool) { v, ok := values[name]; return v, ok }
	if _, err := parseConfig(nil, lookup, io.Discard); err != nil {
		t.Errorf("the example's values, all set: %v", err)
	}
}
