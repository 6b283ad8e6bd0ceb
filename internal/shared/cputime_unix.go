//go:build unix

package shared

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user + system) the process has used, so
// benchmarks can report throughput per CPU-second on a shared machine
// (0 where the platform does not tell).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
