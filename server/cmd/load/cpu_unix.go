//go:build unix

package main

import (
	"os"
	"strings"
	"syscall"
	"time"
)

// processCPU returns this process's CPU time so far, user and system.
func processCPU() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}

// loadAverage returns the machine's load average over 1, 5 and 15
// minutes as /proc/loadavg says it ("2.07 0.95 0.61"), "" where there is
// none.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}
