//go:build unix

package store

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU returns the CPU time, user and system, the calling OS thread
// has used; 0 if the system does not say. The caller keeps its goroutine
// on its thread (runtime.LockOSThread) between two readings.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
