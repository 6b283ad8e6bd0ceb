package lm

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// Options control Build. The zero value is the default.
type Options struct {
	// MinCount2 keeps the bigrams seen at least this often (default 1:
	// all). A bigram that starts a kept trigram is always kept.
	MinCount2 int
	// MinCount3 keeps the trigrams seen at least this often (default 2; 1
	// keeps all). It is raised to MinCount2 when lower.
	MinCount3 int
}

func (o Options) norm() Options {
	o.MinCount2 = max(cmp.Or(o.MinCount2, 1), 1)
	o.MinCount3 = max(cmp.Or(o.MinCount3, 2), o.MinCount2)
	return o
}

// maxVocab bounds the vocabulary: trigram keys pack three ids in 21 bits.
const maxVocab = 1<<21 - 2

// counter collects the token stream of Build.
type counter struct {
	ids   map[string]int32
	words []string
	count []uint64
	seq   []int32 // word ids, -1 before each paragraph
}

func (c *counter) add(w string, first bool) {
	if first {
		c.seq = append(c.seq, -1)
	}
	id, ok := c.ids[w]
	if !ok {
		id = int32(len(c.words))
		c.ids[w] = id
		c.words = append(c.words, w)
		c.count = append(c.count, 0)
	}
	c.count[id]++
	c.seq = append(c.seq, id)
}

// Build counts the words of texts (see Tokens: paragraphs are contexts of
// their own) and returns the interpolated modified Kneser-Ney trigram model
// of them, pruned by opt. The same texts give the same model, byte for byte
// once written. An error names the text by its index.
func Build(texts []io.Reader, opt Options) (*Model, error) {
	c := &counter{ids: map[string]int32{}}
	for i, r := range texts {
		if err := Tokens(r, c.add); err != nil {
			return nil, fmt.Errorf("lm: text %d: %w", i, err)
		}
	}
	if len(c.words) == 0 {
		return nil, errors.New("lm: no words in the texts")
	}
	if len(c.words) > maxVocab {
		return nil, fmt.Errorf("lm: %d distinct words, more than %d", len(c.words), maxVocab)
	}
	return c.build(opt.norm()), nil
}

// ngram is a distinct n-gram of the counts (words packed in key) with its
// count.
type ngram struct {
	key uint64
	n   uint64
}

// runs sorts keys and returns the distinct ones with their multiplicity.
func runs(keys []uint64) []ngram {
	slices.Sort(keys)
	var out []ngram
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j] == keys[i] {
			j++
		}
		out = append(out, ngram{keys[i], uint64(j - i)})
		i = j
	}
	return out
}

// discounts returns the modified Kneser-Ney discounts D1, D2, D3+ of
// counts whose count-of-counts are n[1..4] (Chen and Goodman 1998), or
// fallbacks when the counts are too few to estimate them.
func discounts(n [5]float64) [4]float64 {
	fb := [4]float64{0, 0.5, 1, 1.5}
	if n[1] == 0 || n[2] == 0 || n[3] == 0 || n[4] == 0 {
		return fb
	}
	y := n[1] / (n[1] + 2*n[2])
	d := [4]float64{0, 1 - 2*y*n[2]/n[1], 2 - 3*y*n[3]/n[2], 3 - 4*y*n[4]/n[3]}
	for k := 1; k <= 3; k++ {
		if !(d[k] > 0 && d[k] <= float64(k)) {
			return fb
		}
	}
	return d
}

func countOfCounts(ns []uint64) [5]float64 {
	var cc [5]float64
	for _, n := range ns {
		if n >= 1 && n <= 4 {
			cc[n]++
		}
	}
	return cc
}

// disc returns the discount of count n.
func disc(d [4]float64, n uint64) float64 { return d[min(n, 3)] }

// build estimates the interpolated Kneser-Ney model of the counted stream
// and prunes it by opt into a Model.
func (c *counter) build(opt Options) *Model {
	order, remap := c.finalIDs()
	V := len(c.words)
	bos := uint64(V)
	bi, tri := c.ngramRuns(remap, bos)
	k := &knEstimate{V: V, bi: bi, tri: tri}
	bcc, ucc := k.continuationCounts(bos)

	d1 := discounts(countOfCounts(ucc))
	d2 := discounts(countOfCounts(bcc))
	tn := make([]uint64, len(tri))
	for i, t := range tri {
		tn[i] = t.n
	}
	d3 := discounts(countOfCounts(tn))

	k.unigrams(d1, ucc)
	k.bigrams(d2, bcc)
	k.trigrams(d3)
	keepBi, keepTri := k.prune(opt)

	m := &Model{V: V, total: 0}
	m.unk = quant(math.Log(k.unk))
	c.fillVocab(m, order)
	m.uniP = make([]int16, V)
	for w := range k.uni {
		m.uniP[w] = quant(math.Log(k.uni[w]))
	}
	newBi := k.fillBigrams(m, keepBi)
	k.fillTrigrams(m, newBi, keepTri)
	m.index()
	return m
}

// finalIDs orders the counted words by descending count, then by word:
// order[newID] is the counter's id of a final id, remap its inverse.
func (c *counter) finalIDs() (order, remap []int32) {
	V := len(c.words)
	order = make([]int32, V)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c.count[a] != c.count[b] {
			return cmp.Compare(c.count[b], c.count[a])
		}
		return cmp.Compare(c.words[a], c.words[b])
	})
	remap = make([]int32, V)
	for newID, old := range order {
		remap[old] = int32(newID)
	}
	return order, remap
}

// ngramRuns counts the bigrams and trigrams of the stream in final ids,
// with bos as the context of a paragraph start, and drops the stream.
// Both are sorted by key: (v, w) for bigrams, (u, v, w) for trigrams.
func (c *counter) ngramRuns(remap []int32, bos uint64) (bi, tri []ngram) {
	var bk, tk []uint64
	p2, p1 := int64(-1), int64(-1) // -1: none
	for _, t := range c.seq {
		if t < 0 {
			p2, p1 = -1, int64(bos)
			continue
		}
		w := uint64(remap[t])
		bk = append(bk, uint64(p1)<<32|w)
		if p2 >= 0 {
			tk = append(tk, uint64(p2)<<42|uint64(p1)<<21|w)
		}
		p2, p1 = p1, int64(w)
	}
	c.seq = nil
	return runs(bk), runs(tk)
}

// knEstimate holds the n-grams of a build and the interpolated
// Kneser-Ney probabilities estimated from them, before pruning.
type knEstimate struct {
	V       int
	bi      []ngram   // (v, w) -> c(vw), sorted by v then w
	tri     []ngram   // (u, v, w) -> c(uvw), sorted
	biStart []uint32  // bi[biStart[v]:biStart[v+1]] are the bigrams of context v
	uni     []float64 // interpolated P(w)
	unk     float64   // P of an unknown word
	p2v     []float64 // interpolated P(w | v) of each bigram
	p3v     []float64 // interpolated P(w | u v) of each trigram
	triCtx  []int     // index in bi of each trigram's context bigram
}

// continuationCounts returns the KN count of each bigram (distinct u
// before (v, w); the raw count after the paragraph start bos) and of each
// unigram (distinct v before w).
func (k *knEstimate) continuationCounts(bos uint64) (bcc, ucc []uint64) {
	bi, tri := k.bi, k.tri
	ck := make([]uint64, len(tri))
	for i, t := range tri {
		ck[i] = (t.key>>21&(1<<21-1))<<32 | t.key&(1<<21-1)
	}
	cont := runs(ck)
	bcc = make([]uint64, len(bi)) // KN count of each bigram
	for i, j := 0, 0; i < len(bi); i++ {
		for j < len(cont) && cont[j].key < bi[i].key {
			j++
		}
		if bi[i].key>>32 == bos {
			bcc[i] = bi[i].n
		} else if j < len(cont) && cont[j].key == bi[i].key {
			bcc[i] = cont[j].n
		}
	}
	ucc = make([]uint64, k.V)
	for _, b := range bi {
		ucc[b.key&(1<<32-1)]++
	}
	return bcc, ucc
}

// unigrams sets the interpolated unigram probabilities and that of an
// unknown word from the continuation counts ucc and discounts d1.
func (k *knEstimate) unigrams(d1 [4]float64, ucc []uint64) {
	V := k.V
	var t1, g1 float64
	for _, n := range ucc {
		t1 += float64(n)
		g1 += disc(d1, n)
	}
	g1 /= t1
	k.uni = make([]float64, V)
	for w, n := range ucc {
		k.uni[w] = math.Max(float64(n)-disc(d1, n), 0)/t1 + g1/float64(V+1)
	}
	k.unk = g1 / float64(V+1)
}

// bigrams indexes the bigrams by context (contexts 0..V, V = bos) and sets
// their interpolated probabilities from the KN counts bcc and discounts d2.
func (k *knEstimate) bigrams(d2 [4]float64, bcc []uint64) {
	V, bi := k.V, k.bi
	biStart := make([]uint32, V+2)
	for _, b := range bi {
		biStart[b.key>>32+1]++
	}
	for i := 1; i < len(biStart); i++ {
		biStart[i] += biStart[i-1]
	}
	k.biStart = biStart
	k.p2v = make([]float64, len(bi))
	for v := 0; v <= V; v++ {
		lo, hi := biStart[v], biStart[v+1]
		var tot, g float64
		for i := lo; i < hi; i++ {
			tot += float64(bcc[i])
			g += disc(d2, bcc[i])
		}
		for i := lo; i < hi; i++ {
			w := bi[i].key & (1<<32 - 1)
			k.p2v[i] = (math.Max(float64(bcc[i])-disc(d2, bcc[i]), 0) + g*k.uni[w]) / tot
		}
	}
}

// bigramIndex returns the index in k.bi of the bigram (v, w), which must
// exist.
func (k *knEstimate) bigramIndex(v, w uint64) int {
	lo, hi := int(k.biStart[v]), int(k.biStart[v+1])
	i, ok := slices.BinarySearchFunc(k.bi[lo:hi], v<<32|w, func(g ngram, key uint64) int { return cmp.Compare(g.key, key) })
	if !ok {
		panic("lm: internal error: missing bigram")
	}
	return lo + i
}

// trigramEnd returns the end of the run of trigrams from i that share
// tri[i]'s context.
func (k *knEstimate) trigramEnd(i int) int {
	tri := k.tri
	j := i
	for j < len(tri) && tri[j].key>>21 == tri[i].key>>21 {
		j++
	}
	return j
}

// trigrams sets the interpolated probability and the context bigram of
// each trigram, with discounts d3.
func (k *knEstimate) trigrams(d3 [4]float64) {
	tri := k.tri
	k.p3v = make([]float64, len(tri))
	k.triCtx = make([]int, len(tri))
	for i := 0; i < len(tri); {
		u, v := tri[i].key>>42, tri[i].key>>21&(1<<21-1)
		ctx := k.bigramIndex(u, v)
		j := i
		var tot, g float64
		for ; j < len(tri) && tri[j].key>>21 == tri[i].key>>21; j++ {
			tot += float64(tri[j].n)
			g += disc(d3, tri[j].n)
		}
		for x := i; x < j; x++ {
			w := tri[x].key & (1<<21 - 1)
			lower := k.p2v[k.bigramIndex(v, w)]
			k.p3v[x] = (math.Max(float64(tri[x].n)-disc(d3, tri[x].n), 0) + g*lower) / tot
			k.triCtx[x] = ctx
		}
		i = j
	}
}

// prune decides which n-grams to keep: trigrams by count; bigrams by count
// or as the context of a kept trigram.
func (k *knEstimate) prune(opt Options) (keepBi, keepTri []bool) {
	keepBi = make([]bool, len(k.bi))
	keepTri = make([]bool, len(k.tri))
	for i, b := range k.bi {
		keepBi[i] = b.n >= uint64(opt.MinCount2)
	}
	for x, t := range k.tri {
		if t.n >= uint64(opt.MinCount3) {
			keepTri[x] = true
			keepBi[k.triCtx[x]] = true
		}
	}
	return keepBi, keepTri
}

// fillVocab sets m's words, their counts and the total count in the final
// order.
func (c *counter) fillVocab(m *Model, order []int32) {
	V := len(order)
	m.count = make([]uint32, V)
	m.offs = make([]uint32, V+1)
	for newID, old := range order {
		m.count[newID] = uint32(min(c.count[old], math.MaxUint32))
		m.total += c.count[old]
		m.text = append(m.text, c.words[old]...)
		m.offs[newID+1] = uint32(len(m.text))
	}
}

// fillBigrams sets m's kept bigrams and the backoff weights of the unigram
// contexts, and returns the index in m of each bigram of k (-1: pruned).
func (k *knEstimate) fillBigrams(m *Model, keepBi []bool) []int32 {
	V, bi := k.V, k.bi
	m.uniBow = make([]int16, V+1)
	m.biStart = make([]uint32, V+2)
	newBi := make([]int32, len(bi)) // kept index or -1
	for v := 0; v <= V; v++ {
		lo, hi := k.biStart[v], k.biStart[v+1]
		num, den := 1.0, 1.0
		for i := lo; i < hi; i++ {
			newBi[i] = -1
			if !keepBi[i] {
				continue
			}
			w := bi[i].key & (1<<32 - 1)
			newBi[i] = int32(len(m.bi))
			m.bi = append(m.bi, bigram{w: int32(w), p: quant(math.Log(k.p2v[i]))})
			num -= k.p2v[i]
			den -= k.uni[w]
		}
		m.uniBow[v] = quant(bow(num, den))
		m.biStart[v+1] = uint32(len(m.bi))
	}
	m.bi = append(m.bi, bigram{}) // the sentinel
	return newBi
}

// fillTrigrams sets m's kept trigrams and the backoff weights of the bigram
// contexts; newBi maps k's bigrams to m's.
func (k *knEstimate) fillTrigrams(m *Model, newBi []int32, keepTri []bool) {
	tri := k.tri
	for i := 0; i < len(tri); {
		j := k.trigramEnd(i)
		ctx := newBi[k.triCtx[i]]
		num, den := 1.0, 1.0
		n := 0
		for x := i; x < j; x++ {
			if !keepTri[x] {
				continue
			}
			v, w := tri[x].key>>21&(1<<21-1), tri[x].key&(1<<21-1)
			m.tri = append(m.tri, trigram{w: int32(w), p: quant(math.Log(k.p3v[x]))})
			num -= k.p3v[x]
			den -= k.p2v[k.bigramIndex(v, w)]
			n++
		}
		if n > 0 {
			m.bi[ctx].bow = quant(bow(num, den))
			m.bi[ctx+1].tri = uint32(n) // a count for now
		}
		i = j
	}
	for i := 1; i < len(m.bi); i++ {
		m.bi[i].tri += m.bi[i-1].tri
	}
}

// bow returns the log backoff weight num/den of a context: the probability
// left by its kept n-grams over the lower-order probability of the words
// they do not cover.
func bow(num, den float64) float64 {
	if num <= 0 || den <= 0 {
		return math.Log(1e-9)
	}
	return math.Log(num / den)
}
