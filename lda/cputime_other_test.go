//go:build !unix

package lda

import "time"

// cpuTime is not measured on this system: the benchmarks' CPU metrics
// read 0 (or +Inf for rates).
func cpuTime() time.Duration { return 0 }
