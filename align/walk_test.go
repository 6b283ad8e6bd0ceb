package align

import (
	"slices"
	"testing"
)

func TestWalk(t *testing.T) {
	type step struct{ a0, a1, b0, b1 int } // a match is {A, A+1, B, B+1} with a0 < 0 marking it
	cases := []struct {
		pairs []Pair
		n, m  int
		want  []step
	}{
		{nil, 0, 0, nil},
		{nil, 2, 0, []step{{0, 2, 0, 0}}},
		{nil, 0, 3, []step{{0, 0, 0, 3}}},
		{[]Pair{{0, 0}, {1, 1}}, 2, 2, []step{{-1, 0, 0, 0}, {-1, 1, 1, 0}}},
		{[]Pair{{1, 2}}, 3, 3, []step{{0, 1, 0, 2}, {-1, 1, 2, 0}, {2, 3, 3, 3}}},
		{[]Pair{{0, 1}, {2, 2}}, 3, 4, []step{{0, 0, 0, 1}, {-1, 0, 1, 0}, {1, 2, 2, 2}, {-1, 2, 2, 0}, {3, 3, 3, 4}}},
	}
	for _, c := range cases {
		var got []step
		Walk(c.pairs, c.n, c.m, func(a0, a1, b0, b1 int) {
			got = append(got, step{a0, a1, b0, b1})
		}, func(p Pair) {
			got = append(got, step{-1, p.A, p.B, 0})
		})
		if !slices.Equal(got, c.want) {
			t.Errorf("Walk(%v, %d, %d) = %v, want %v", c.pairs, c.n, c.m, got, c.want)
		}
	}
	Walk([]Pair{{0, 0}}, 2, 2, nil, nil) // nil functions are allowed
}

func TestWalkAllocs(t *testing.T) {
	pairs := []Pair{{0, 1}, {2, 2}, {4, 5}}
	gaps, matches := 0, 0
	if n := testing.AllocsPerRun(100, func() {
		Walk(pairs, 6, 7, func(a0, a1, b0, b1 int) { gaps += a1 - a0 + b1 - b0 }, func(p Pair) { matches++ })
	}); n != 0 {
		t.Errorf("Walk allocates %v times per call", n)
	}
}
