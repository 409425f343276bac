//go:build !unix

package main

import (
	"errors"
	"time"
)

// errNoCPUClock says this system has no per-thread CPU clock the command
// reads.
var errNoCPUClock = errors.New("CPU times are read on unix systems only")

func threadCPU() (time.Duration, error)  { return 0, errNoCPUClock }
func processCPU() (time.Duration, error) { return 0, errNoCPUClock }
