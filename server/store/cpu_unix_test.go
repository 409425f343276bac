//go:build unix

package store

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far, user and
// system, every goroutine's (the store's committer and SQLite's work
// included).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
