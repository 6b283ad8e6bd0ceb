package lm

import (
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestIndexesAgreeWithSearch checks that the hash indexes of a model and
// of a shape model find what a binary search of the sorted lists finds,
// hits and misses alike, on a model whose contexts have long lists, and
// that State and Next give LogProb's values.
func TestIndexesAgreeWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var sb strings.Builder
	for i := 0; i < 30000; i++ {
		// a skewed vocabulary of 300 words: long follower lists for the
		// common ones
		w := int(300 * rng.Float64() * rng.Float64())
		sb.WriteString(strings.Repeat(string(rune('a'+w%26)), 1+w/26))
		if i%13 == 12 {
			sb.WriteString("\n\n")
		} else {
			sb.WriteByte(' ')
		}
	}
	m, err := Build([]io.Reader{strings.NewReader(sb.String())}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	long := 0
	for g := 0; g+1 < len(m.biStart); g++ {
		if m.biStart[g+1]-m.biStart[g] > 4 {
			long++
		}
		for w := int32(-1); w <= int32(m.V)+1; w++ {
			want := -1
			for j := m.biStart[g]; j < m.biStart[g+1]; j++ {
				if m.bi[j].w == w {
					want = int(j)
				}
			}
			if got := m.findBigram(uint32(g), w); got != want {
				t.Fatalf("bigram (%d, %d): index %d, search %d", g, w, got, want)
			}
		}
	}
	if m.Trigrams() == 0 {
		t.Fatal("no trigrams: the test does not reach them")
	}
	if long == 0 {
		t.Fatal("no context with a long list: the test does not reach the hash")
	}
	long = 0
	for j := 0; j < m.Bigrams(); j++ {
		if m.bi[j+1].tri-m.bi[j].tri > 4 {
			long++
		}
		for w := int32(-1); w <= int32(m.V)+1; w++ {
			want := -1
			for k := m.bi[j].tri; k < m.bi[j+1].tri; k++ {
				if m.tri[k].w == w {
					want = int(k)
				}
			}
			if got := m.findTrigram(uint32(j), w); got != want {
				t.Fatalf("trigram (%d, %d): index %d, search %d", j, w, got, want)
			}
		}
	}
	if long == 0 {
		t.Fatal("no bigram context with a long list: the test does not reach the trigram hash")
	}
	// Next, step by step, gives LogProb's values bit for bit, whatever the
	// ids (unknown, paragraph start, out of range)
	for trial := 0; trial < 20000; trial++ {
		pick := func() int32 {
			switch rng.IntN(12) {
			case 0:
				return -1
			case 1:
				return int32(m.V) // BOS
			case 2:
				return int32(m.V) + 1
			case 3:
				return -2
			}
			return int32(float64(m.V) * rng.Float64() * rng.Float64())
		}
		c2, c1 := pick(), pick()
		st := m.Start(c2, c1)
		for k := 0; k < 4; k++ {
			w := pick()
			want := m.LogProb(c2, c1, w)
			if got := m.Next(&st, w); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("Next after %d %d of %d = %v, LogProb %v", c2, c1, w, got, want)
			}
			c2, c1 = c1, w
		}
	}
	s, err := BuildShape(m, ShapeOptions{MinCount: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tab := range []struct {
		keys []uint64
		vals []int16
		ix   *keyIndex
	}{{s.ngram, s.ngramP, &s.ngramIx}, {s.ctx, s.ctxBow, &s.ctxIx}} {
		for i, k := range tab.keys {
			for _, q := range []uint64{k, k + 1, k - 1, k ^ 1<<59} {
				j := findKey(tab.keys, q)
				got, ok := tab.ix.get(q)
				if ok != (j >= 0) || ok && got != tab.vals[j] {
					t.Fatalf("shape key %d (%d of %d): index %d %v, search %d", q, i, len(tab.keys), got, ok, j)
				}
			}
		}
	}
}

// findKey returns the position of k in the sorted keys, or -1.
func findKey(keys []uint64, k uint64) int {
	if i, ok := slices.BinarySearch(keys, k); ok {
		return i
	}
	return -1
}
