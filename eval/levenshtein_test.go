package eval

import (
	"math/rand"
	"strings"
	"testing"

	"ocrfix/align"
)

func naiveLev(a, b []int32) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func randSeq(rng *rand.Rand, n, sigma int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(rng.Intn(sigma))
	}
	return s
}

// mutate copies s with about rate of its symbols edited.
func mutate(rng *rand.Rand, s []int32, rate float64, sigma int) []int32 {
	var out []int32
	for _, c := range s {
		if rng.Float64() >= rate {
			out = append(out, c)
			continue
		}
		switch rng.Intn(3) {
		case 0: // substitute
			out = append(out, int32(rng.Intn(sigma)))
		case 1: // delete
		case 2: // insert
			out = append(out, c, int32(rng.Intn(sigma)))
		}
	}
	return out
}

func TestLevenshteinMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for it := 0; it < 1500; it++ {
		sigma := 1 + rng.Intn(6)
		var a, b []int32
		switch it % 3 {
		case 0:
			a, b = randSeq(rng, rng.Intn(40), sigma), randSeq(rng, rng.Intn(40), sigma)
		case 1:
			a, b = randSeq(rng, rng.Intn(400), sigma), randSeq(rng, rng.Intn(400), sigma)
		default:
			a = randSeq(rng, rng.Intn(600), sigma+20)
			b = mutate(rng, a, rng.Float64()*0.5, sigma+20)
		}
		want := naiveLev(a, b)
		if got := segLev(a, b); got != want {
			t.Fatalf("segLev(%v, %v) = %d, want %d", a, b, got, want)
		}
		if got := smallLev(a, b); got != want {
			t.Fatalf("smallLev(%v, %v) = %d, want %d", a, b, got, want)
		}
	}
}

// TestEditDistancesLong checks WER and CER of document-sized pairs, where
// the certified corridor (not the banded fallback) does the work, against
// the full bit-parallel DP of align.WordLevenshtein.
func TestEditDistancesLong(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, n := range []int{4000, 9000} {
		gt, ocr := synthDoc(rng, n, 0.1)
		r := EvaluateDoc("long", gt, ocr, Options{})
		v := align.NewVocab()
		if want := align.WordLevenshtein(v.IDs(gt), v.IDs(ocr)); r.WordEdits != want {
			t.Errorf("n=%d: word edits %d, want %d", n, r.WordEdits, want)
		}
		gc := []rune(strings.Join(gt, " "))
		pc := []rune(strings.Join(ocr, " "))
		if want := align.WordLevenshtein(gc, pc); r.CharEdits != want {
			t.Errorf("n=%d: char edits %d, want %d", n, r.CharEdits, want)
		}
	}
}
