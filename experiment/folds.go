package experiment

import (
	"math/rand/v2"
	"sort"

	"ocrfix/data"
)

// foldStream is the PCG stream of the fold shuffle (the bytes of "fold"):
// with the seed it fixes every split of every study.
const foldStream = 0x666f6c64

// Folds splits the indices 0..n-1 into k folds for cross-validation over
// whole documents: a shuffle by a PCG generator (math/rand/v2) of the seed
// and the fold stream, then k contiguous pieces of the shuffled order whose
// sizes differ by at most one (the first n%k folds are one longer). Each
// fold is sorted increasingly. k is clamped to [1, n]; n <= 0 gives nil.
// Every study of this package splits its documents with Folds, so the same
// documents, k and seed give the same folds everywhere.
func Folds(n, k int, seed uint64) [][]int {
	return split(n, k, rand.New(rand.NewPCG(seed, foldStream)))
}

// split is Folds with the shuffle's generator given; a nil rng keeps the
// natural order.
func split(n, k int, rng *rand.Rand) [][]int {
	if n <= 0 {
		return nil
	}
	k = min(max(k, 1), n)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	if rng != nil {
		rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	}
	folds := make([][]int, k)
	size, extra := n/k, n%k
	at := 0
	for f := range folds {
		m := size
		if f < extra {
			m++
		}
		folds[f] = perm[at : at+m : at+m]
		sort.Ints(folds[f])
		at += m
	}
	return folds
}

// Complement returns the indices 0..n-1 that are not in fold, in
// increasing order: the training documents of a fold. Indices out of
// range in fold are ignored; n <= 0 gives nil.
func Complement(n int, fold []int) []int {
	if n <= 0 {
		return nil
	}
	in := make([]bool, n)
	for _, i := range fold {
		if i >= 0 && i < n {
			in[i] = true
		}
	}
	out := make([]int, 0, max(n-len(fold), 0))
	for i, ok := range in {
		if !ok {
			out = append(out, i)
		}
	}
	return out
}

// Labelled returns the documents of c with both ground truth and OCR, in
// corpus order: the documents every study splits into folds.
func Labelled(c *data.Corpus) []*data.Doc {
	var docs []*data.Doc
	for _, d := range c.Docs {
		if d.GT != nil && d.OCR != nil {
			docs = append(docs, d)
		}
	}
	return docs
}

// pick returns docs[i] for each i in idx.
func pick(docs []*data.Doc, idx []int) []*data.Doc {
	out := make([]*data.Doc, len(idx))
	for j, i := range idx {
		out[j] = docs[i]
	}
	return out
}
