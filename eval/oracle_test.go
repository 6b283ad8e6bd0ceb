package eval

import (
	"math/rand"
	"strings"
	"testing"
)

// paths enumerates every path of lat: the words written and the choices.
func paths(lat Lattice, i int, words []string, choice []int, f func([]string, []int)) {
	if i >= len(lat) {
		f(words, choice)
		return
	}
	if len(lat[i]) == 0 {
		paths(lat, i+1, words, choice, f)
		return
	}
	for k, a := range lat[i] {
		c := append([]int(nil), choice...)
		c[i] = k
		paths(lat, i+max(a.Span, 1), append(append([]string(nil), words...), a.Words...), c, f)
	}
}

func randLattice(rng *rand.Rand, n, sigma int) Lattice {
	lat := make(Lattice, n)
	for i := range lat {
		na := rng.Intn(4) // 0 = no alternatives
		for k := 0; k < na; k++ {
			a := Alt{Span: 1}
			if rng.Intn(4) == 0 {
				a.Span = 1 + rng.Intn(3)
			}
			nw := 1
			if rng.Intn(4) == 0 {
				nw = rng.Intn(3)
			}
			for x := 0; x < nw; x++ {
				a.Words = append(a.Words, string(rune('a'+rng.Intn(sigma))))
			}
			lat[i] = append(lat[i], a)
		}
	}
	return lat
}

func TestOracleBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for it := 0; it < 3000; it++ {
		sigma := 2 + rng.Intn(4)
		lat := randLattice(rng, rng.Intn(8), sigma)
		gt := randWords(rng, rng.Intn(12), sigma)
		if it%5 == 0 { // long gt: several 64-bit blocks
			gt = randWords(rng, 60+rng.Intn(150), sigma)
		}
		best := 0
		init := make([]int, len(lat))
		for i := range init {
			init[i] = -1
		}
		paths(lat, 0, nil, init, func(ws []string, _ []int) { best = max(best, lcsNaive(gt, ws)) })
		if got := Oracle(lat, gt, Options{}); got != best {
			t.Fatalf("Oracle = %d, want %d\nlat %v\ngt %v", got, best, lat, gt)
		}
		got, choice := OracleChoice(lat, gt, Options{})
		if got != best {
			t.Fatalf("OracleChoice = %d, want %d", got, best)
		}
		// the choice is a path that reaches the count
		var ws []string
		for i := 0; i < len(lat); {
			k := choice[i]
			if len(lat[i]) == 0 {
				if k != -1 {
					t.Fatalf("choice %d at an empty position", k)
				}
				i++
				continue
			}
			if k < 0 || k >= len(lat[i]) {
				t.Fatalf("choice %v invalid at %d\nlat %v", choice, i, lat)
			}
			ws = append(ws, lat[i][k].Words...)
			for s := i + 1; s < min(i+max(lat[i][k].Span, 1), len(lat)); s++ {
				if choice[s] != -1 {
					t.Fatalf("choice inside a span at %d: %v", s, choice)
				}
			}
			i += max(lat[i][k].Span, 1)
		}
		if l := lcsNaive(gt, ws); l != best {
			t.Fatalf("chosen path matches %d, want %d\nlat %v\ngt %v\nchoice %v", l, best, lat, gt, choice)
		}
	}
}

func TestOracleNormalised(t *testing.T) {
	lat := Lattice{
		{{Words: []string{"Tbe"}, Span: 1}, {Words: []string{"The"}, Span: 1}},
		{{Words: []string{"qu", "ick"}, Span: 1}}, // no right reading
		{{Words: []string{"br"}, Span: 1}, {Words: []string{"brown,"}, Span: 2}},
		{{Words: []string{"own"}, Span: 1}},
	}
	gt := strings.Fields("the quick brown")
	if got := Oracle(lat, gt, Options{}); got != 0 {
		t.Errorf("exact: %d", got)
	}
	got, choice := OracleChoice(lat, gt, Options{Lower: true, StripPunct: true})
	if got != 2 || choice[0] != 1 || choice[2] != 1 || choice[3] != -1 {
		t.Errorf("normalised: %d %v", got, choice)
	}
}
