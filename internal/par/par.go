// Package par runs the iterations of a loop on several goroutines: the one
// worker pool of ocrfix. Work is handed out an index at a time, so callers
// that write f(i)'s result into slot i of a slice get results independent
// of scheduling.
package par

import (
	"runtime"
	"sync"
)

// Do calls f(0), ..., f(n-1) on up to workers goroutines (workers <= 0:
// runtime.GOMAXPROCS(0)) and returns when all calls have returned. With
// one worker, or n <= 1, the calls run in order on the calling goroutine.
func Do(n, workers int, f func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	next := make(chan int, n)
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	wg.Wait()
}
