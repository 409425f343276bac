//go:build !unix

package store

import "time"

// threadCPU returns 0: this system's thread CPU clock is not read.
func threadCPU() time.Duration { return 0 }
