//go:build unix

package fdlimit

import (
	"fmt"
	"syscall"
)

// Raise sets the process's soft limit of open files to its hard limit and
// returns the limit now in force (0 where unknown).
func Raise() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("read the limit of open files: %w", err)
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			return uint64(lim.Cur), fmt.Errorf("raise the limit of open files from %d to %d: %w", lim.Cur, lim.Max, err)
		}
		lim = raised
	}
	return uint64(lim.Cur), nil
}
