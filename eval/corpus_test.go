package eval

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"ocrfix/data"
	"ocrfix/internal/shared"
)

// TestADSFall2018 checks the figures of ../shared/data/ads-fall2018/README.md,
// computed there by an independent exact LCS.
func TestADSFall2018(t *testing.T) {
	dir := shared.Corpus(t, "ads-fall2018")
	if testing.Short() {
		t.Skip("short mode")
	}
	c, _, err := data.LoadDir(dir, data.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opt             Options
		matched, gt, pr int
		recall, macro   float64
	}{
		{Options{}, 180755, 294841, 298728, 0.6131, 0.6119},
		{Options{Lower: true, StripPunct: true}, 185270, 293397, 298154, 0.6315, 0.6300},
	} {
		s, warn := EvaluateCorpus(c, tc.opt)
		if len(warn) > 0 {
			t.Errorf("warnings: %v", warn)
		}
		if s.Docs != 100 || s.Matched != tc.matched || s.GTWords != tc.gt || s.PredWords != tc.pr {
			t.Errorf("%v: docs %d matched %d gt %d pred %d, want 100 %d %d %d", tc.opt, s.Docs, s.Matched, s.GTWords, s.PredWords, tc.matched, tc.gt, tc.pr)
		}
		if math.Abs(s.Recall-tc.recall) > 5e-5 || math.Abs(s.MacroRecall-tc.macro) > 5e-5 {
			t.Errorf("%v: recall %.4f macro %.4f, want %.4f %.4f", tc.opt, s.Recall, s.MacroRecall, tc.recall, tc.macro)
		}
	}
}

// synthDoc makes a gt of n words from a Zipf-like vocabulary and an OCR-like
// copy with about rate of its words corrupted by one character.
func synthDoc(rng *rand.Rand, n int, rate float64) (gt, ocr []string) {
	z := rand.NewZipf(rng, 1.1, 2, 20000)
	for i := 0; i < n; i++ {
		w := fmt.Sprintf("w%dx", z.Uint64())
		gt = append(gt, w)
		switch r := rng.Float64(); {
		case r < rate/3:
			ocr = append(ocr, w[:len(w)-1]+"c")
		case r < 2*rate/3:
			ocr = append(ocr, w[:1], w[1:])
		case r < rate:
			// dropped
		default:
			ocr = append(ocr, w)
		}
	}
	return gt, ocr
}

func BenchmarkEvaluateDoc(b *testing.B) {
	for _, n := range []int{5000, 100000} {
		b.Run(fmt.Sprintf("words=%d", n), func(b *testing.B) {
			gt, ocr := synthDoc(rand.New(rand.NewSource(1)), n, 0.1)
			b.ReportAllocs()
			for b.Loop() {
				EvaluateDoc("bench", gt, ocr, Options{})
			}
		})
	}
}

// synthLattice makes a lattice over ocr with k alternatives a position:
// the token, the gt word when the position is aligned to one, and
// distractors; every 10th position also has a merge and a split.
func synthLattice(rng *rand.Rand, gt, ocr []string, k int) Lattice {
	lat := make(Lattice, len(ocr))
	for i, w := range ocr {
		lat[i] = append(lat[i], Alt{Words: []string{w}, Span: 1})
		if i < len(gt) && rng.Intn(2) == 0 {
			lat[i] = append(lat[i], Alt{Words: []string{gt[i]}, Span: 1})
		}
		for len(lat[i]) < k {
			lat[i] = append(lat[i], Alt{Words: []string{fmt.Sprintf("d%d", rng.Intn(50000))}, Span: 1})
		}
		if i%10 == 0 && i+1 < len(ocr) {
			lat[i] = append(lat[i], Alt{Words: []string{w + ocr[i+1]}, Span: 2}, Alt{Words: []string{w[:1], w[1:]}, Span: 1})
		}
	}
	return lat
}

func BenchmarkOracle(b *testing.B) {
	rng := rand.New(rand.NewSource(2))
	gt, ocr := synthDoc(rng, 5000, 0.2)
	simple := synthLattice(rng, gt, ocr, 10)
	for i := range simple {
		simple[i] = simple[i][:10]
	}
	general := synthLattice(rng, gt, ocr, 10)
	b.Run("span1-5000x5000x10", func(b *testing.B) {
		for b.Loop() {
			Oracle(simple, gt, Options{})
		}
	})
	b.Run("splits-merges-5000x5000x10", func(b *testing.B) {
		for b.Loop() {
			Oracle(general, gt, Options{})
		}
	})
	b.Run("choice-5000x5000x10", func(b *testing.B) {
		for b.Loop() {
			OracleChoice(general, gt, Options{})
		}
	})
}
