package align

import (
	"fmt"
	"math/rand"
	"testing"
)

// repeat returns s repeated k times.
func repeat(s []int32, k int) []int32 {
	out := make([]int32, 0, len(s)*k)
	for range k {
		out = append(out, s...)
	}
	return out
}

// withSmall runs f with the divide and conquer forced on small inputs (tiny
// tables, every piece split at its own anchors), then with the defaults.
func withSmall(t *testing.T, f func(t *testing.T)) {
	for _, c := range []struct{ table, piece int }{{1 << 16, 1 << 22}, {4, 64}, {300, 2000}} {
		t.Run(fmt.Sprintf("smallTable=%d,bigPiece=%d", c.table, c.piece), func(t *testing.T) {
			defer func(st, bp int) { smallTable, bigPiece = st, bp }(smallTable, bigPiece)
			smallTable, bigPiece = c.table, c.piece
			f(t)
		})
	}
}

// checkBoth checks Align and LCSLength of a and b against want (the LCS).
func checkBoth(t *testing.T, a, b []int32, want int) {
	t.Helper()
	defer func() {
		if n := splitFallbacks.Load(); n != 0 {
			t.Fatalf("%d banded splits found no column reaching the LCS", n)
		}
	}()
	if got := LCSLength(a, b); got != want {
		t.Fatalf("LCSLength = %d, want %d (n=%d, m=%d)", got, want, len(a), len(b))
	}
	ps := Align(a, b)
	checkPairs(t, a, b, ps)
	if len(ps) != want {
		t.Fatalf("Align has %d pairs, want %d (n=%d, m=%d)", len(ps), want, len(a), len(b))
	}
}

// TestAlignRepeatedIssue14 is the input of issue #14: no word occurs once
// on either side ("yes no " against "yes mo ", 1,100 times), which sent the
// anchor split into endless recursion.
func TestAlignRepeatedIssue14(t *testing.T) {
	withSmall(t, func(t *testing.T) {
		const yes, no, mo = 0, 1, 2
		a := repeat([]int32{yes, no}, 1100)
		b := repeat([]int32{yes, mo}, 1100)
		checkBoth(t, a, b, 1100)
		// the same with a shifted phase and a word of difference
		b2 := append([]int32{no}, repeat([]int32{yes, no}, 1100)...)
		b2[700] = mo
		checkBoth(t, a, b2, dpLCS(a, b2))
	})
}

// TestAlignPeriodic compares Align and LCSLength with the textbook table
// on periodic sequences of every small period pair, with and without
// mutations.
func TestAlignPeriodic(t *testing.T) {
	withSmall(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(14))
		for it := 0; it < 300; it++ {
			sigma := 1 + rng.Intn(6)
			pa := randSeq(rng, 1+rng.Intn(7), sigma)
			pb := randSeq(rng, 1+rng.Intn(7), sigma)
			a := repeat(pa, 1+rng.Intn(300/len(pa)))
			b := repeat(pb, 1+rng.Intn(300/len(pb)))
			if it%3 == 1 {
				b = mutate(rng, a, sigma, rng.Float64()*0.2)
			}
			if it%3 == 2 {
				b = repeat(mutate(rng, pa, sigma+1, 0.3), len(a)/max(len(pa), 1))
			}
			checkBoth(t, a, b, dpLCS(a, b))
		}
	})
}

// TestAlignRepeatedChapter repeats a chapter of 1,461 words three times on
// both sides, one side corrupted the same way in each copy (the second case
// of the issue): the alignment must match at least copy i to copy i.
func TestAlignRepeatedChapter(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	ch := randSeq(rng, 1461, 600)
	oc := mutate(rng, ch, 700, 0.1)
	one := dpLCS(ch, oc)
	a, b := repeat(ch, 3), repeat(oc, 3)
	l := LCSLength(a, b)
	if l < 3*one {
		t.Fatalf("LCSLength = %d < 3 * %d (one copy)", l, one)
	}
	ps := Align(a, b)
	checkPairs(t, a, b, ps)
	if len(ps) != l {
		t.Fatalf("Align has %d pairs, LCSLength %d", len(ps), l)
	}
}

// TestAlignPeriodicLarge: 50,000 words a side of a short period, a few
// words changed; it must simply finish (no timing assertion) and agree with
// LCSLength, which is checked against the count of changed positions.
func TestAlignPeriodicLarge(t *testing.T) {
	const n = 50000
	a := repeat([]int32{0, 1, 2, 3, 4}, n/5)
	b := append([]int32(nil), a...)
	rng := rand.New(rand.NewSource(7))
	for k := 0; k < 500; k++ {
		b[rng.Intn(n)] = 5 // a word a does not have
	}
	changed := 0
	for i := range b {
		if b[i] != a[i] {
			changed++
		}
	}
	l := LCSLength(a, b)
	if l != n-changed {
		// a word of b not in a cannot match, so LCS <= n-changed, and
		// the identity pairs reach it
		t.Fatalf("LCSLength = %d, want %d", l, n-changed)
	}
	ps := Align(a, b)
	checkPairs(t, a, b, ps)
	if len(ps) != l {
		t.Fatalf("Align has %d pairs, want %d", len(ps), l)
	}
}

// FuzzAlign compares LCSLength and the size of Align with the textbook DP
// on small inputs; the bytes are read as word ids over a small alphabet,
// so periodic and repetitive sequences are common. The divide and conquer
// is forced on small sizes.
func FuzzAlign(f *testing.F) {
	f.Add([]byte("abababababababab"), []byte("babababababababa"), uint8(2))
	f.Add([]byte("yes no yes no yes no yes no yes no "), []byte("yes mo yes mo yes mo yes mo yes mo "), uint8(0))
	f.Add([]byte("the cat the cat the cat sat"), []byte("the cat sat the cat the cat"), uint8(5))
	f.Add([]byte{}, []byte("x"), uint8(1))
	f.Fuzz(func(t *testing.T, x, y []byte, mod uint8) {
		if len(x) > 400 || len(y) > 400 {
			return
		}
		sigma := int32(mod%16) + 2
		ids := func(s []byte) []int32 {
			out := make([]int32, len(s))
			for i, c := range s {
				out[i] = int32(c) % sigma
			}
			return out
		}
		a, b := ids(x), ids(y)
		defer func(st, bp int) { smallTable, bigPiece = st, bp }(smallTable, bigPiece)
		smallTable, bigPiece = 4+int(mod)%64, 64+int(mod)*16
		checkBoth(t, a, b, dpLCS(a, b))
	})
}

// BenchmarkAlignRepeated aligns a 20,000-word text repeated five times
// with a 5%-corrupted copy repeated five times (no unique word anchors).
func BenchmarkAlignRepeated(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	ch := randSeq(rng, 20000, 5000)
	x, y := repeat(ch, 5), repeat(mutate(rng, ch, 5000, 0.05), 5)
	b.ResetTimer()
	for range b.N {
		Align(x, y)
	}
}
