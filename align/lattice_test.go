package align

import (
	"math/rand"
	"testing"
)

func TestMaxMerge(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for it := 0; it < 2000; it++ {
		m := 1 + rng.Intn(1200)
		w := (m + 63) / 64
		mk := func() ([]uint64, []int) {
			row := make([]uint64, w)
			vals := make([]int, m+1)
			for c := 0; c < m; c++ {
				inc := 0
				if rng.Intn(3) == 0 {
					inc = 1
				}
				if it%2 == 0 && c > m/2 {
					inc = 1 - inc // diverge strongly
				}
				if inc == 0 {
					row[c>>6] |= 1 << uint(c&63)
				}
				vals[c+1] = vals[c] + inc
			}
			return row, vals
		}
		a, va := mk()
		b, vb := mk()
		maxMerge(a, b, m)
		for c := 0; c <= m; c++ {
			if got, want := zerosBefore(a, c), max(va[c], vb[c]); got != want {
				t.Fatalf("m=%d col %d: %d want %d", m, c, got, want)
			}
		}
	}
}

func TestLatticeFuzzy(t *testing.T) {
	// ids 0..3; eq makes 1 match 0 (a near miss), nothing else
	eq := func(w, t int32) bool { return w == t || w == 1 && t == 0 }
	lat := Lattice{{{Words: []int32{1}, Span: 1}}, {{Words: []int32{2, 3}, Span: 1}}}
	if got := LatticeLCS(lat, []int32{0, 3}, nil); got != 1 {
		t.Errorf("exact: %d, want 1", got)
	}
	got, choice := LatticePath(lat, []int32{0, 3}, eq)
	if got != 2 || choice[0] != 0 || choice[1] != 0 {
		t.Errorf("with eq: %d %v, want 2 [0 0]", got, choice)
	}
}
