package par

import (
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
