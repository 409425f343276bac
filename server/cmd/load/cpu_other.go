//go:build !unix

package main

import "time"

// processCPU returns false: this system's CPU time is not measured.
func processCPU() (time.Duration, bool) { return 0, false }

// loadAverage returns "": this system's load average is not read.
func loadAverage() string { return "" }
