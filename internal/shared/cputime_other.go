//go:build !unix

package shared

import "time"

// CPUTime is unknown on this platform: 0.
func CPUTime() time.Duration { return 0 }
