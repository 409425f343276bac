package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"empires/internal/skip"
)

// systemdDir holds the systemd units of a host's install.
const systemdDir = "../packaging/systemd"

// units are the units a host installs; binDir is where they expect the
// programs.
var units = []string{"empires-server.service", "empires-backup.service", "empires-backup.timer"}

const binDir = "/usr/local/bin/"

// TestSystemdUnitsVerify runs systemd-analyze verify on the units, where
// the tool exists. It checks the programs the units run exist, so the
// test verifies copies that run stand-ins in a temporary directory, the
// only change.
func TestSystemdUnitsVerify(t *testing.T) {
	tool, err := exec.LookPath("systemd-analyze")
	if err != nil {
		skip.Now(t, skip.Tool, "no systemd-analyze here (scripts/deps.sh test installs systemd): the units are not verified")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin") + "/"
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := regexp.MustCompile(`(?m)^ExecStart=` + regexp.QuoteMeta(binDir) + `(\S+)`)
	var paths []string
	for _, u := range units {
		data, err := os.ReadFile(filepath.Join(systemdDir, u))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range exe.FindAllStringSubmatch(string(data), -1) {
			if err := os.WriteFile(filepath.Join(bin, m[1]), []byte("#!/bin/sh\n"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if strings.HasSuffix(u, ".service") && !exe.Match(data) {
			t.Errorf("%s: no ExecStart=%sPROGRAM", u, binDir)
		}
		p := filepath.Join(dir, u)
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(string(data), binDir, bin)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	out, err := exec.Command(tool, append([]string{"verify", "--man=no"}, paths...)...).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// TestServerUnit checks the server unit's settings the install depends
// on: its data directory is its state directory, its own user, restarts,
// the environment file, and the sandbox.
func TestServerUnit(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(systemdDir, "empires-server.service"))
	if err != nil {
		t.Fatal(err)
	}
	unit := string(data)
	for _, want := range []string{
		"ExecStart=" + binDir + "empires-server -data /var/lib/empires\n",
		"StateDirectory=empires\n",
		"DynamicUser=yes\n",
		"Restart=on-failure\n",
		"EnvironmentFile=-/etc/empires/server.env\n",
		"NoNewPrivileges=yes\n",
		"ProtectSystem=strict\n",
		"ProtectHome=yes\n",
		"PrivateTmp=yes\n",
		"PrivateDevices=yes\n",
		"RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX\n",
		"CapabilityBoundingSet=\n",
		"SystemCallFilter=@system-service\n",
	} {
		if !strings.Contains(unit, "\n"+want) {
			t.Errorf("the server unit has no line %q", strings.TrimSpace(want))
		}
	}
}
