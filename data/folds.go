package data

import (
	"math/rand/v2"
	"sort"
)

// Folds splits the indices 0..n-1 into k folds for cross-validation over
// whole documents: a shuffle by rng (math/rand/v2), then k contiguous
// pieces of the shuffled order whose sizes differ by at most one (the
// first n%k folds are one longer). Each fold is sorted increasingly. k is
// clamped to [1, n]; n <= 0 gives nil. A nil rng keeps the natural order
// (no shuffle). The same n, k and rng state give the same folds.
func Folds(n, k int, rng *rand.Rand) [][]int {
	if n <= 0 {
		return nil
	}
	k = min(max(k, 1), n)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	if rng != nil {
		rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	}
	folds := make([][]int, k)
	size, extra := n/k, n%k
	at := 0
	for f := range folds {
		m := size
		if f < extra {
			m++
		}
		folds[f] = perm[at : at+m : at+m]
		sort.Ints(folds[f])
		at += m
	}
	return folds
}

// Complement returns the indices 0..n-1 that are not in fold, in
// increasing order: the training documents of a fold. Indices out of
// range in fold are ignored; n <= 0 gives nil.
func Complement(n int, fold []int) []int {
	if n <= 0 {
		return nil
	}
	in := make([]bool, n)
	for _, i := range fold {
		if i >= 0 && i < n {
			in[i] = true
		}
	}
	out := make([]int, 0, max(n-len(fold), 0))
	for i, ok := range in {
		if !ok {
			out = append(out, i)
		}
	}
	return out
}
