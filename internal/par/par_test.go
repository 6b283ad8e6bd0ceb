package par

import (
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

func TestDo(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		for _, n := range []int{0, 1, 7, 1000} {
			hits := make([]int32, n)
			var calls atomic.Int32
			Do(n, workers, func(i int) {
				atomic.AddInt32(&hits[i], 1)
				calls.Add(1)
			})
			if int(calls.Load()) != n {
				t.Errorf("workers %d, n %d: %d calls", workers, n, calls.Load())
			}
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("workers %d, n %d: f(%d) called %d times", workers, n, i, h)
				}
			}
		}
	}
}

func TestDoOneWorkerInOrder(t *testing.T) {
	var order []int
	Do(5, 1, func(i int) { order = append(order, i) })
	for i, v := range order {
		if v != i {
			t.Fatalf("order %v, want 0..4", order)
		}
	}
}

// TestOrdered: every item is worked once and delivered in order, whatever
// the workers; the weight of the items held (started, not delivered)
// never passes the budget but where one item alone weighs more, nor their
// count maxHeld.
func TestOrdered(t *testing.T) {
	weights := []int{5, 1, 1, 30, 2, 2, 2, 9, 1, 1, 1, 1, 12, 3}
	for _, workers := range []int{0, 1, 2, 4, 100} {
		for _, budget := range []int{1, 10, 20, 1000} {
			var mu sync.Mutex
			held, count, maxCount := 0, 0, 0
			worked := make([]int32, len(weights))
			var delivered []int
			err := Ordered(len(weights), workers, budget, 3, func(i int) int { return weights[i] },
				func(i int) int {
					mu.Lock()
					held += weights[i]
					count++
					maxCount = max(maxCount, count)
					if held > budget && count > 1 {
						t.Errorf("workers %d, budget %d: %d held working %d", workers, budget, held, i)
					}
					mu.Unlock()
					atomic.AddInt32(&worked[i], 1)
					return i * i
				},
				func(i, r int) error {
					if r != i*i {
						t.Errorf("deliver(%d, %d)", i, r)
					}
					mu.Lock()
					held -= weights[i]
					count--
					mu.Unlock()
					delivered = append(delivered, i)
					return nil
				})
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range worked {
				if w != 1 {
					t.Errorf("workers %d, budget %d: item %d worked %d times", workers, budget, i, w)
				}
			}
			if !slices.Equal(delivered, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}) {
				t.Errorf("workers %d, budget %d: delivered %v", workers, budget, delivered)
			}
			if maxCount > 3 {
				t.Errorf("workers %d, budget %d: %d items held at once, want 3 at most", workers, budget, maxCount)
			}
		}
	}
	if err := Ordered(0, 2, 10, 3, func(int) int { return 1 }, func(int) int { return 0 }, func(int, int) error { return errors.New("no") }); err != nil {
		t.Errorf("no items: %v", err)
	}
}

// TestOrderedError: the first error a delivery returns is Ordered's, no
// delivery follows it, and the items not yet started are not worked.
func TestOrderedError(t *testing.T) {
	for _, workers := range []int{1, 2, 8} {
		var started atomic.Int32
		var delivered []int
		stop := errors.New("stop")
		err := Ordered(1000, workers, 4, 4, func(int) int { return 1 },
			func(i int) int { started.Add(1); return i },
			func(i, _ int) error {
				delivered = append(delivered, i)
				if i == 5 {
					return stop
				}
				return nil
			})
		if err != stop {
			t.Errorf("workers %d: error %v, want %v", workers, err, stop)
		}
		if !slices.Equal(delivered, []int{0, 1, 2, 3, 4, 5}) {
			t.Errorf("workers %d: delivered %v", workers, delivered)
		}
		if n := started.Load(); n > 6+4 {
			t.Errorf("workers %d: %d items worked after an error at the sixth", workers, n)
		}
	}
}
