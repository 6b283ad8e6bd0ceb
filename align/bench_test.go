package align

import (
	"fmt"
	"math/rand"
	"testing"
)

// benchPair returns a text-like pair of n words: Zipf-distributed ids, the
// second with about 10% of its words substituted, deleted or inserted.
func benchPair(n int) ([]int32, []int32) {
	rng := rand.New(rand.NewSource(int64(n)))
	z := rand.NewZipf(rng, 1.1, 2, 50000)
	a := make([]int32, n)
	for i := range a {
		a[i] = int32(z.Uint64())
	}
	return a, mutate(rng, a, 60000, 0.1)
}

func BenchmarkLCSLength(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		x, y := benchPair(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				LCSLength(x, y)
			}
		})
	}
}

func BenchmarkAlign(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		x, y := benchPair(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Align(x, y)
			}
		})
	}
}

func BenchmarkWordLevenshtein(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		x, y := benchPair(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				WordLevenshtein(x, y)
			}
		})
	}
}

func BenchmarkLevenshtein(b *testing.B) {
	for b.Loop() {
		Levenshtein("recognition", "rccognitiou")
	}
}
