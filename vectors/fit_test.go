package vectors

import (
	"math/rand/v2"
	"testing"
)

// contextFitAUC trains on all documents but every tenth and, on those
// held out, returns how often the true word at a position fits its
// context (ContextSim over 5 words each side) better than the word of a
// random other held-out position (ties count half): 0.5 is no signal.
func contextFitAUC(tb testing.TB, docs [][]string, opt Options) float64 {
	var train, test [][]string
	for i, d := range docs {
		if i%10 == 9 {
			test = append(test, d)
		} else {
			train = append(train, d)
		}
	}
	v, err := Train(train, opt, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 2))
	var flat []int32
	var ids [][]int32
	for _, d := range test {
		x := v.IDs(nil, d)
		ids = append(ids, x)
		flat = append(flat, x...)
	}
	var wins, n float64
	for _, x := range ids {
		for i, id := range x {
			other := flat[r.IntN(len(flat))]
			if id < 0 || other < 0 || other == id {
				continue
			}
			ctx := x[max(0, i-5):min(len(x), i+6)]
			// the word itself is in ctx; ContextSimIDs would count it, so
			// mask it with a copy
			var buf [11]int32
			c := append(buf[:0], ctx...)
			c[i-max(0, i-5)] = -1
			a, b := v.ContextSimIDs(id, c), v.ContextSimIDs(other, c)
			switch {
			case a > b:
				wins++
			case a == b:
				wins += 0.5
			}
			n++
		}
	}
	return wins / n
}

// BenchmarkContextFitADS reports, as "auc", how well ContextSim tells the
// true word from a random one on held-out ads-fall2018 gt documents.
func BenchmarkContextFitADS(b *testing.B) {
	docs := gtDocs(b, "ads-fall2018")
	var auc float64
	for i := 0; i < b.N; i++ {
		auc = contextFitAUC(b, docs, DefaultOptions())
	}
	b.ReportMetric(auc, "auc")
}
