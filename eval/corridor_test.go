package eval

import (
	"math/rand"
	"testing"

	"ocrfix/align"
)

// runsOf turns an alignment of a and b into runs of equal symbols.
func runsOf(a, b []int32, pairs []align.Pair) []anchor {
	return pairsToAnchors(a, b, pairs, nil, nil)
}

func TestCorridorBoundsBracketDistance(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	exact := 0
	for it := 0; it < 3000; it++ {
		sigma := 1 + rng.Intn(8)
		var a, b []int32
		switch it % 3 {
		case 0:
			a, b = randSeq(rng, rng.Intn(60), sigma), randSeq(rng, rng.Intn(60), sigma)
		case 1:
			a = randSeq(rng, rng.Intn(500), sigma+30)
			b = mutate(rng, a, rng.Float64()*0.3, sigma+30)
		default:
			a = randSeq(rng, rng.Intn(300), sigma)
			b = mutate(rng, a, rng.Float64()*0.5, sigma)
		}
		var anchors []anchor
		switch rng.Intn(3) {
		case 0:
			anchors = runsOf(a, b, align.Align(a, b))
		case 1: // a random subset of the alignment
			for _, an := range runsOf(a, b, align.Align(a, b)) {
				if rng.Intn(2) == 0 {
					anchors = append(anchors, an)
				}
			}
		}
		want := naiveLev(a, b)
		w, k := 1+rng.Intn(20), 1+rng.Intn(8)
		bound := -1
		if rng.Intn(2) == 0 {
			bound = want + rng.Intn(3)
		}
		lb, ok, _ := corridorBound(a, b, anchors, w, k, bound)
		if lb > want || (ok && lb != want) {
			t.Fatalf("it %d: corridorBound(w=%d, k=%d) = %d (exact %v), distance %d\na=%v\nb=%v\nanchors=%v", it, w, k, lb, ok, want, a, b, anchors)
		}
		if ok {
			exact++
		}
		if got := corridorLev(a, b, anchors, 1+rng.Intn(8), k, -1); got != want {
			t.Fatalf("corridorLev = %d, want %d", got, want)
		}
		if got := corridorLev(a, b, anchors, 1+rng.Intn(8), k, want+rng.Intn(4)); got != want {
			t.Fatalf("corridorLev(ub) = %d, want %d", got, want)
		}
	}
	t.Logf("certified %d of 3000", exact)
}
