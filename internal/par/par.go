// Package par runs the iterations of a loop on several goroutines: the one
// worker pool of ocrfix. Work is handed out an index at a time, so callers
// that write f(i)'s result into slot i of a slice get results independent
// of scheduling.
package par

import (
	"runtime"
	"sync"
)

// poolSize returns how many goroutines a loop of n iterations runs on
// given workers (workers <= 0: runtime.GOMAXPROCS(0)): no more than n.
func poolSize(n, workers int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return min(workers, n)
}

// Do calls f(0), ..., f(n-1) on up to workers goroutines (workers <= 0:
// runtime.GOMAXPROCS(0)) and returns when all calls have returned. With
// one worker, or n <= 1, the calls run in order on the calling goroutine.
func Do(n, workers int, f func(i int)) {
	workers = poolSize(n, workers)
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

// Ordered calls work(0), ..., work(n-1) on up to workers goroutines
// (workers <= 0: runtime.GOMAXPROCS(0)) and deliver(i, r) with each result
// r of work(i) on the calling goroutine, in the order of i, as soon as
// work(i) and every delivery before it are done. The results held, those
// being worked out and those done but not yet delivered, weigh at most
// budget together (weight(i) each), and count at most maxHeld: work(i)
// starts only when its weight fits beside theirs, or when nothing is held
// (one result may weigh more than budget alone). So a slow item does not
// leave the other workers idle while lighter ones after it fit, and the
// results held stay bounded whatever n is (Ordered itself keeps a flag and
// a slot per item). weight is called twice per item, from two goroutines,
// and must give the same value each time. The first error deliver returns
// stops the work: no item starts after it, the calls under way finish,
// and Ordered returns that error. With one worker the calls run in order,
// each result delivered before the next work starts.
func Ordered[R any](n, workers, budget, maxHeld int, weight func(i int) int, work func(i int) R, deliver func(i int, r R) error) error {
	workers = poolSize(n, workers)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			if err := deliver(i, work(i)); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		mu      sync.Mutex
		changed = sync.NewCond(&mu)
		held    int // the weight of the items started and not delivered
		count   int // ... and how many they are
		stop    bool
		done    = make([]bool, n)
		results = make([]R, n)
	)
	jobs := make(chan int)
	go func() { // hands out the items in order, as the budget allows
		defer close(jobs)
		for i := 0; i < n; i++ {
			w := weight(i)
			mu.Lock()
			for !stop && count > 0 && (held+w > budget || count >= maxHeld) {
				changed.Wait()
			}
			if stop {
				mu.Unlock()
				return
			}
			held += w
			count++
			mu.Unlock()
			jobs <- i
		}
	}()
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				mu.Lock()
				stopped := stop
				mu.Unlock()
				if stopped {
					continue // handed out before the error: not worked
				}
				r := work(i)
				mu.Lock()
				results[i], done[i] = r, true
				changed.Broadcast()
				mu.Unlock()
			}
		}()
	}
	var err error
	for i := 0; i < n && err == nil; i++ {
		mu.Lock()
		for !done[i] {
			changed.Wait()
		}
		r := results[i]
		var zero R
		results[i] = zero // let the result go once delivered
		mu.Unlock()
		err = deliver(i, r)
		mu.Lock()
		held -= weight(i)
		count--
		stop = err != nil
		changed.Broadcast()
		mu.Unlock()
	}
	for range jobs { // the items handed out after the error: not worked
	}
	wg.Wait()
	return err
}
