package align

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestAlignReadings(t *testing.T) {
	if r := AlignReadings([]string{"a"}, nil); r != nil || r.Len() != 0 {
		t.Errorf("no other readings: %v, Len %d; want nil, 0", r, r.Len())
	}
	primary := []string{"the", "xqzzv", "sat", "on", "tbe", "mat"}
	r := AlignReadings(primary, [][]string{
		{"the", "cat", "sat", "on", "the", "mat"},
		{"tho", "cat", "sat", "onthe", "mat"},
	})
	if r.Len() != 2 || r.N != len(primary) {
		t.Fatalf("Len %d, N %d; want 2, %d", r.Len(), r.N, len(primary))
	}
	type step struct{ a0, a1, b0, b1 int } // a match is {-1, A, B, 0}
	want := [][]step{
		{{-1, 0, 0, 0}, {1, 2, 1, 2}, {-1, 2, 2, 0}, {-1, 3, 3, 0}, {4, 5, 4, 5}, {-1, 5, 5, 0}},
		{{0, 2, 0, 2}, {-1, 2, 2, 0}, {3, 5, 3, 4}, {-1, 5, 4, 0}},
	}
	for k := range r.Len() {
		var got []step
		r.Walk(k, func(a0, a1, b0, b1 int) {
			got = append(got, step{a0, a1, b0, b1})
		}, func(p Pair) {
			got = append(got, step{-1, p.A, p.B, 0})
		})
		if !slices.Equal(got, want[k]) {
			t.Errorf("reading %d: walk %v, want %v", k, got, want[k])
		}
	}
}

// TestAlignReadingsVocab checks that the readings aligned with one
// vocabulary give the pairs each reading gets with a vocabulary of its own:
// the alignment depends only on which words are equal, not on their ids.
func TestAlignReadingsVocab(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	words := func(n, sigma int) []string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprint("w", rng.IntN(sigma))
		}
		return ws
	}
	for trial := 0; trial < 200; trial++ {
		sigma := 2 + rng.IntN(40)
		primary := words(rng.IntN(300), sigma)
		alts := make([][]string, 1+rng.IntN(3))
		for k := range alts {
			alts[k] = words(rng.IntN(300), sigma+rng.IntN(20))
		}
		r := AlignReadings(primary, alts)
		for k, alt := range alts {
			v := NewVocab()
			want := Align(v.IDs(primary), v.IDs(alt))
			if !slices.Equal(r.Pairs[k], want) {
				t.Fatalf("trial %d, reading %d: the shared vocabulary changes the alignment", trial, k)
			}
		}
	}
}
