package align

import (
	"fmt"
	"math/rand"
	"testing"
)

// runsOf turns an alignment of a and b into runs of equal symbols.
func runsOf(a, b []int32, pairs []Pair) []Run {
	var out []Run
	for _, p := range pairs {
		if n := len(out); n > 0 && out[n-1].A+out[n-1].Len == p.A && out[n-1].B+out[n-1].Len == p.B {
			out[n-1].Len++
			continue
		}
		out = append(out, Run{A: p.A, B: p.B, Len: 1})
	}
	return out
}

func TestAnchoredLevenshtein(t *testing.T) {
	defer func(v int) { splitMin = v }(splitMin)
	rng := rand.New(rand.NewSource(3))
	exact := 0
	iters := 1500
	if testing.Short() {
		iters = 300
	}
	for it := 0; it < iters; it++ {
		sigma := 1 + rng.Intn(8)
		var a, b []int32
		switch it % 3 {
		case 0:
			a, b = randSeq(rng, rng.Intn(60), sigma), randSeq(rng, rng.Intn(60), sigma)
		case 1:
			a = randSeq(rng, rng.Intn(500), sigma+30)
			b = mutate(rng, a, sigma+30, rng.Float64()*0.3)
		default:
			a = randSeq(rng, rng.Intn(300), sigma)
			b = mutate(rng, a, sigma, rng.Float64()*0.5)
		}
		var anchors []Run
		switch rng.Intn(3) {
		case 0:
			anchors = runsOf(a, b, Align(a, b))
		case 1: // a random subset of the alignment
			for _, an := range runsOf(a, b, Align(a, b)) {
				if rng.Intn(2) == 0 {
					anchors = append(anchors, an)
				}
			}
		}
		want := dpLev(a, b)
		wantIndel := len(a) + len(b) - 2*dpLCS(a, b)
		w, k := 1+rng.Intn(20), 1+rng.Intn(8)
		bound := -1
		if rng.Intn(2) == 0 {
			bound = want + rng.Intn(3)
		}
		splitMin = 1 << 30
		if rng.Intn(2) == 0 {
			splitMin = 1 // cut in two halves
		}
		lb, ok, _ := corridorBound(a, b, anchors, w, k, bound, 1)
		if lb > want || (ok && lb != want) {
			t.Fatalf("it %d: corridorBound(w=%d, k=%d) = %d (exact %v), distance %d\na=%v\nb=%v\nanchors=%v", it, w, k, lb, ok, want, a, b, anchors)
		}
		if ok {
			exact++
		}
		if bound >= 0 {
			bound += wantIndel - want
		}
		lb, ok, _ = corridorBound(a, b, anchors, w, k, bound, 2)
		if lb > wantIndel || (ok && lb != wantIndel) {
			t.Fatalf("it %d: indel corridorBound(w=%d, k=%d) = %d (exact %v), distance %d", it, w, k, lb, ok, wantIndel)
		}
		if got := AnchoredLevenshtein(a, b, anchors, -1, k); got != want {
			t.Fatalf("AnchoredLevenshtein = %d, want %d", got, want)
		}
		if got := AnchoredLevenshtein(a, b, anchors, want+rng.Intn(4), k); got != want {
			t.Fatalf("AnchoredLevenshtein(ub) = %d, want %d", got, want)
		}
		if got := bandLevenshtein(a, b, -1); got != want {
			t.Fatalf("bandLevenshtein = %d, want %d", got, want)
		}
		if got := bandLevenshtein(a, b, want+rng.Intn(4)); got != want {
			t.Fatalf("bandLevenshtein(ub) = %d, want %d", got, want)
		}
	}
	t.Logf("certified %d of %d", exact, iters)
}

// TestAnchoredLevenshteinLong checks text-like pairs against the banded
// algorithm, and that the corridor certificate (not the fallback) settles
// them.
func TestAnchoredLevenshteinLong(t *testing.T) {
	for _, n := range []int{3000, 20000} {
		a, b := benchPair(n)
		runs := runsOf(a, b, Align(a, b))
		want := bandLevenshtein(a, b, -1)
		if got := AnchoredLevenshtein(a, b, runs, -1, 2); got != want {
			t.Fatalf("n=%d: AnchoredLevenshtein = %d, want %d", n, got, want)
		}
		for _, split := range []int{1 << 30, 1000} {
			old := splitMin
			splitMin = split
			d, ok := anchoredDistance(a, b, runs, want+10, 2, 1)
			splitMin = old
			if !ok || d != want {
				t.Errorf("n=%d split %d: corridor certificate = %d, %v; want %d, true", n, split, d, ok, want)
			}
		}
	}
}

func BenchmarkAnchoredLevenshtein(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		x, y := benchPair(n)
		runs := runsOf(x, y, Align(x, y))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				AnchoredLevenshtein(x, y, runs, -1, 2)
			}
		})
	}
}
