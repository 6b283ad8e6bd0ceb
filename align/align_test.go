package align

import (
	"fmt"
	"math/rand"
	"testing"
)

// dpLCS is the textbook O(n*m) LCS table.
func dpLCS(a, b []int32) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				t[i][j] = t[i-1][j-1] + 1
			} else {
				t[i][j] = max(t[i-1][j], t[i][j-1])
			}
		}
	}
	return t[len(a)][len(b)]
}

// dpLev is the textbook O(n*m) Levenshtein table over any comparable slice.
func dpLev[T comparable](a, b []T) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
		t[i][0] = i
	}
	for j := range t[0] {
		t[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			t[i][j] = min(t[i-1][j-1]+c, t[i-1][j]+1, t[i][j-1]+1)
		}
	}
	return t[len(a)][len(b)]
}

func randSeq(rng *rand.Rand, n, sigma int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(rng.Intn(sigma))
	}
	return s
}

// mutate copies s with about rate of its words changed, deleted or inserted.
func mutate(rng *rand.Rand, s []int32, sigma int, rate float64) []int32 {
	out := make([]int32, 0, len(s)+8)
	for _, x := range s {
		if rng.Float64() >= rate {
			out = append(out, x)
			continue
		}
		switch rng.Intn(3) {
		case 0:
			out = append(out, int32(rng.Intn(sigma)))
		case 1:
		case 2:
			out = append(out, x, int32(rng.Intn(sigma)))
		}
	}
	return out
}

func checkPairs(t *testing.T, a, b []int32, ps []Pair) {
	t.Helper()
	for k, p := range ps {
		if p.A < 0 || p.A >= len(a) || p.B < 0 || p.B >= len(b) {
			t.Fatalf("pair %d %v out of range (%d, %d)", k, p, len(a), len(b))
		}
		if a[p.A] != b[p.B] {
			t.Fatalf("pair %d %v joins unequal words %d, %d", k, p, a[p.A], b[p.B])
		}
		if k > 0 && (p.A <= ps[k-1].A || p.B <= ps[k-1].B) {
			t.Fatalf("pairs %d, %d not strictly increasing: %v %v", k-1, k, ps[k-1], p)
		}
	}
}

func TestAlignRandom(t *testing.T) {
	for _, st := range []int{1 << 16, 4, 300} {
		t.Run(fmt.Sprint("smallTable=", st), func(t *testing.T) {
			defer func(old int) { smallTable = old }(smallTable)
			smallTable = st
			testAlignRandom(t)
		})
	}
}

func testAlignRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for it := 0; it < 3000; it++ {
		sigma := 1 + rng.Intn(8)
		if it%4 == 3 { // large alphabets: unique-word anchors
			sigma = 50 + rng.Intn(400)
		}
		a := randSeq(rng, rng.Intn(201), sigma)
		var b []int32
		if rng.Intn(2) == 0 {
			b = randSeq(rng, rng.Intn(201), sigma)
		} else {
			b = mutate(rng, a, sigma, rng.Float64()*0.5)
		}
		want := dpLCS(a, b)
		if got := LCSLength(a, b); got != want {
			t.Fatalf("LCSLength(%v, %v) = %d, want %d", a, b, got, want)
		}
		ps := Align(a, b)
		checkPairs(t, a, b, ps)
		if len(ps) != want {
			t.Fatalf("Align(%v, %v) has %d pairs, want %d", a, b, len(ps), want)
		}
		if got, want := WordLevenshtein(a, b), dpLev(a, b); got != want {
			t.Fatalf("WordLevenshtein(%v, %v) = %d, want %d", a, b, got, want)
		}
	}
}

func TestAlignEmpty(t *testing.T) {
	for _, c := range [][2][]int32{{nil, nil}, {nil, {1}}, {{1, 2}, nil}, {{}, {}}} {
		if n := LCSLength(c[0], c[1]); n != 0 {
			t.Errorf("LCSLength(%v, %v) = %d", c[0], c[1], n)
		}
		if ps := Align(c[0], c[1]); len(ps) != 0 {
			t.Errorf("Align(%v, %v) = %v", c[0], c[1], ps)
		}
		if d := WordLevenshtein(c[0], c[1]); d != len(c[0])+len(c[1]) {
			t.Errorf("WordLevenshtein(%v, %v) = %d", c[0], c[1], d)
		}
	}
}

func TestAlignFuncFuzzy(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	defer func(old int) { smallTable = old }(smallTable)
	for it := 0; it < 1000; it++ {
		smallTable = []int{4, 1 << 16}[it%2]
		a := randSeq(rng, rng.Intn(120), 10)
		b := randSeq(rng, rng.Intn(120), 10)
		// a non-transitive relation: ids within 1 of each other
		eq := func(i, j int) bool { d := a[i] - b[j]; return d >= -1 && d <= 1 }
		ps := AlignFunc(len(a), len(b), eq)
		for k, p := range ps {
			if !eq(p.A, p.B) || (k > 0 && (p.A <= ps[k-1].A || p.B <= ps[k-1].B)) {
				t.Fatalf("bad pair %d %v", k, p)
			}
		}
		// reference DP
		tb := make([][]int, len(a)+1)
		for i := range tb {
			tb[i] = make([]int, len(b)+1)
		}
		for i := 1; i <= len(a); i++ {
			for j := 1; j <= len(b); j++ {
				tb[i][j] = max(tb[i-1][j], tb[i][j-1])
				if eq(i-1, j-1) {
					tb[i][j] = max(tb[i][j], tb[i-1][j-1]+1)
				}
			}
		}
		if want := tb[len(a)][len(b)]; len(ps) != want {
			t.Fatalf("AlignFunc: %d pairs, want %d", len(ps), want)
		}
	}
}

func TestAlignLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long inputs")
	}
	rng := rand.New(rand.NewSource(3))
	for _, c := range []struct {
		n, sigma int
		rate     float64
	}{{5000, 2000, 0.1}, {2000, 4, 1}, {2000, 50, 0.3}} {
		a := randSeq(rng, c.n, c.sigma)
		b := mutate(rng, a, c.sigma, c.rate)
		if c.rate == 1 {
			b = randSeq(rng, c.n, c.sigma)
		}
		want := dpLCS(a, b)
		if got := LCSLength(a, b); got != want {
			t.Fatalf("n=%d: LCSLength = %d, want %d", c.n, got, want)
		}
		ps := Align(a, b)
		checkPairs(t, a, b, ps)
		if len(ps) != want {
			t.Fatalf("n=%d: Align has %d pairs, want %d", c.n, len(ps), want)
		}
		if c.n > 2000 {
			continue
		}
		if got, want := WordLevenshtein(a, b), dpLev(a, b); got != want {
			t.Fatalf("n=%d: WordLevenshtein = %d, want %d", c.n, got, want)
		}
	}
}

func TestLevenshtein(t *testing.T) {
	cases := []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"flaw", "lawn", 2}, {"día", "dia", 1}, {"日本語", "日本", 1}, {"rn", "m", 2},
	}
	for _, c := range cases {
		if d := Levenshtein(c.a, c.b); d != c.d {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
		if d := Levenshtein(c.b, c.a); d != c.d {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.b, c.a, d, c.d)
		}
	}
	rng := rand.New(rand.NewSource(4))
	alpha := []rune("abcé日 ")
	for it := 0; it < 3000; it++ {
		a := make([]rune, rng.Intn(40))
		b := make([]rune, rng.Intn(40))
		for i := range a {
			a[i] = alpha[rng.Intn(len(alpha))]
		}
		for i := range b {
			b[i] = alpha[rng.Intn(len(alpha))]
		}
		want := dpLev(a, b)
		if d := Levenshtein(string(a), string(b)); d != want {
			t.Fatalf("Levenshtein(%q, %q) = %d, want %d", string(a), string(b), d, want)
		}
		cost, ops := EditOps(a, b, nil)
		if int(cost) != want {
			t.Fatalf("EditOps(%q, %q) cost %v, want %d", string(a), string(b), cost, want)
		}
		checkOps(t, a, b, cost, ops, nil)
	}
	if r := Ratio("", ""); r != 1 {
		t.Errorf("Ratio empty = %v", r)
	}
	if r := Ratio("abcd", "abce"); r != 0.75 {
		t.Errorf("Ratio = %v, want 0.75", r)
	}
}

// checkOps replays ops: they must turn a into b and cost what EditOps said.
func checkOps(t *testing.T, a, b []rune, cost float64, ops []Op, c Costs) {
	t.Helper()
	if c == nil {
		c = unitCosts{}
	}
	i, j := 0, 0
	total := 0.0
	for _, op := range ops {
		switch op.Kind {
		case Match:
			if a[i] != op.A || b[j] != op.B || op.A != op.B {
				t.Fatalf("bad match %v at %d,%d", op, i, j)
			}
			i, j = i+1, j+1
		case Sub:
			if a[i] != op.A || b[j] != op.B || op.A == op.B {
				t.Fatalf("bad sub %v at %d,%d", op, i, j)
			}
			total += c.Sub(op.A, op.B)
			i, j = i+1, j+1
		case Del:
			if a[i] != op.A || op.B != 0 {
				t.Fatalf("bad del %v at %d", op, i)
			}
			total += c.Del(op.A)
			i++
		case Ins:
			if b[j] != op.B || op.A != 0 {
				t.Fatalf("bad ins %v at %d", op, j)
			}
			total += c.Ins(op.B)
			j++
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("ops consume %d,%d of %d,%d", i, j, len(a), len(b))
	}
	if total != cost {
		t.Fatalf("ops cost %v, EditOps said %v", total, cost)
	}
}

func TestVocab(t *testing.T) {
	v := NewVocab()
	ids := v.IDs([]string{"a", "b", "a", ""})
	if ids[0] != 0 || ids[1] != 1 || ids[2] != 0 || ids[3] != 2 || v.Len() != 3 {
		t.Fatalf("IDs = %v, Len %d", ids, v.Len())
	}
	if id, ok := v.Lookup("b"); !ok || id != 1 {
		t.Errorf("Lookup(b) = %d, %v", id, ok)
	}
	if _, ok := v.Lookup("zz"); ok || v.Len() != 3 {
		t.Errorf("Lookup added a word")
	}
	if v.Word(1) != "b" || v.Word(-1) != "" || v.Word(99) != "" {
		t.Errorf("Word wrong")
	}
}

// TestAnchorsFallback builds inputs where unique-word anchors mislead: the
// anchor split is not maximal and Align must notice and fall back.
func TestAnchorsFallback(t *testing.T) {
	defer func(old int) { smallTable = old }(smallTable)
	smallTable = 4
	// U and V are unique in both sides and agree with a neighbour, but the
	// best alignment takes the long run of x instead.
	const U, V, x = 100, 101, 7
	a := []int32{U, V, x, x, x, x, x, x, 1}
	b := []int32{2, x, x, x, x, x, x, U, V}
	ps := Align(a, b)
	checkPairs(t, a, b, ps)
	if want := dpLCS(a, b); len(ps) != want || want != 6 {
		t.Fatalf("Align = %v (%d pairs), want %d", ps, len(ps), want)
	}
}

// TestRunBand checks the two facts Align's certificate rests on: the banded
// value never exceeds the LCS, and it equals the LCS whenever it reaches
// min(n,m)-w.
func TestRunBand(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	certified := 0
	for it := 0; it < 3000; it++ {
		sigma := 1 + rng.Intn(8)
		if it%2 == 1 {
			sigma = 20 + rng.Intn(200)
		}
		a := randSeq(rng, rng.Intn(300), sigma)
		b := mutate(rng, a, sigma, rng.Float64()*0.4)
		if rng.Intn(4) == 0 {
			b = randSeq(rng, rng.Intn(300), sigma)
		}
		n, m := len(a), len(b)
		want := dpLCS(a, b)
		w := rng.Intn(min(n, m)/2 + 2)
		e := newLCSEngine(sigmaOf(a, b))
		got := e.runBand(a, b, min(0, m-n)-w, max(0, m-n)+w)
		if got > want {
			t.Fatalf("runBand(w=%d) = %d > LCS %d\na=%v\nb=%v", w, got, want, a, b)
		}
		if got >= min(n, m)-w {
			certified++
			if got != want {
				t.Fatalf("runBand(w=%d) = %d certified but LCS is %d\na=%v\nb=%v", w, got, want, a, b)
			}
		}
	}
	if certified < 300 {
		t.Fatalf("only %d of 3000 band runs certified: test too weak", certified)
	}
}
