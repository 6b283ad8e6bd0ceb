package model

import (
	"math"
	"slices"
	"testing"

	"ocrfix/features"
)

// TestScoreCachesChangeNothing checks that the caches and recycled storage
// of the scoring path only change speed: a document's features, scores and
// output are bit-identical whether computed with cold caches, with warm
// ones after other documents, or in storage a released matrix left behind,
// and the scores are exactly LogReg.Logit of each row.
func TestScoreCachesChangeNothing(t *testing.T) {
	docs := synthCorpus(10, 3)
	train, test := docs[:6], docs[6:]
	m, err := Train(train, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		vals   []float32
		first  []int32
		scores []float64
		out    []string
	}
	run := func(cold bool) []result {
		if cold {
			m.resources = m.newResources()
		}
		var rs []result
		for _, d := range test {
			l := m.Score(d.OCR, nil, nil)
			for r := range l.Feat.Rows() {
				if z := m.Ranker.Logit(l.Feat.Row(r)); math.Float64bits(z) != math.Float64bits(l.Scores[r]) {
					t.Fatalf("%s row %d: score %v, Logit %v", d.Stem, r, l.Scores[r], z)
				}
			}
			rs = append(rs, result{slices.Clone(l.Feat.Vals), slices.Clone(l.Feat.First), l.Scores, m.Collect(l)})
			l.Feat.Release()
		}
		return rs
	}
	cold := run(true)
	for pass, warm := range [][]result{run(false), run(true)} {
		for i, r := range warm {
			c := cold[i]
			if !slices.Equal(r.first, c.first) || !slices.Equal(r.out, c.out) {
				t.Fatalf("pass %d, %s: rows or output differ", pass, test[i].Stem)
			}
			for k := range r.vals {
				if math.Float32bits(r.vals[k]) != math.Float32bits(c.vals[k]) {
					t.Fatalf("pass %d, %s: cell %d (%s) %v, cold %v", pass, test[i].Stem, k, features.Names[k%features.NumFeatures], r.vals[k], c.vals[k])
				}
			}
			for k := range r.scores {
				if math.Float64bits(r.scores[k]) != math.Float64bits(c.scores[k]) {
					t.Fatalf("pass %d, %s: score %d differs", pass, test[i].Stem, k)
				}
			}
		}
	}
}
