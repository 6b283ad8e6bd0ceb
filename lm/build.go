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

func (c *counter) build(opt Options) *Model {
	// final ids: by descending count, then by word
	V := len(c.words)
	order := make([]int32, V)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c.count[a] != c.count[b] {
			return cmp.Compare(c.count[b], c.count[a])
		}
		return cmp.Compare(c.words[a], c.words[b])
	})
	remap := make([]int32, V)
	for newID, old := range order {
		remap[old] = int32(newID)
	}
	bos := uint64(V)

	// bigram and trigram keys of the stream
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
	bi := runs(bk)  // (v, w) -> c(vw), sorted by v then w
	tri := runs(tk) // (u, v, w) -> c(uvw), sorted
	bk, tk = nil, nil

	// continuation counts of bigrams: distinct u before (v, w); raw counts
	// after the paragraph start
	ck := make([]uint64, len(tri))
	for i, t := range tri {
		ck[i] = (t.key>>21&(1<<21-1))<<32 | t.key&(1<<21-1)
	}
	cont := runs(ck)
	bcc := make([]uint64, len(bi)) // KN count of each bigram
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
	// continuation counts of unigrams: distinct v before w
	ucc := make([]uint64, V)
	for _, b := range bi {
		ucc[b.key&(1<<32-1)]++
	}

	d1 := discounts(countOfCounts(ucc))
	d2 := discounts(countOfCounts(bcc))
	tn := make([]uint64, len(tri))
	for i, t := range tri {
		tn[i] = t.n
	}
	d3 := discounts(countOfCounts(tn))

	// unigrams
	var t1, g1 float64
	for _, n := range ucc {
		t1 += float64(n)
		g1 += disc(d1, n)
	}
	g1 /= t1
	uni := make([]float64, V)
	for w, n := range ucc {
		uni[w] = math.Max(float64(n)-disc(d1, n), 0)/t1 + g1/float64(V+1)
	}
	unk := g1 / float64(V+1)

	// bigrams: totals and gammas per context (contexts 0..V, V = bos)
	biStart := make([]uint32, V+2)
	for _, b := range bi {
		biStart[b.key>>32+1]++
	}
	for i := 1; i < len(biStart); i++ {
		biStart[i] += biStart[i-1]
	}
	p2v := make([]float64, len(bi)) // interpolated P(w | v)
	for v := 0; v <= V; v++ {
		lo, hi := biStart[v], biStart[v+1]
		var tot, g float64
		for i := lo; i < hi; i++ {
			tot += float64(bcc[i])
			g += disc(d2, bcc[i])
		}
		for i := lo; i < hi; i++ {
			w := bi[i].key & (1<<32 - 1)
			p2v[i] = (math.Max(float64(bcc[i])-disc(d2, bcc[i]), 0) + g*uni[w]) / tot
		}
	}
	// trigrams: index of each trigram's context bigram
	p3v := make([]float64, len(tri))
	triCtx := make([]int, len(tri))
	bigramIndex := func(v, w uint64) int {
		lo, hi := int(biStart[v]), int(biStart[v+1])
		i, ok := slices.BinarySearchFunc(bi[lo:hi], v<<32|w, func(g ngram, k uint64) int { return cmp.Compare(g.key, k) })
		if !ok {
			panic("lm: internal error: missing bigram")
		}
		return lo + i
	}
	for i := 0; i < len(tri); {
		u, v := tri[i].key>>42, tri[i].key>>21&(1<<21-1)
		ctx := bigramIndex(u, v)
		j := i
		var tot, g float64
		for ; j < len(tri) && tri[j].key>>21 == tri[i].key>>21; j++ {
			tot += float64(tri[j].n)
			g += disc(d3, tri[j].n)
		}
		for k := i; k < j; k++ {
			w := tri[k].key & (1<<21 - 1)
			lower := p2v[bigramIndex(v, w)]
			p3v[k] = (math.Max(float64(tri[k].n)-disc(d3, tri[k].n), 0) + g*lower) / tot
			triCtx[k] = ctx
		}
		i = j
	}

	// pruning: trigrams by count; bigrams by count or as the context of a
	// kept trigram
	keepBi := make([]bool, len(bi))
	keepTri := make([]bool, len(tri))
	for i, b := range bi {
		keepBi[i] = b.n >= uint64(opt.MinCount2)
	}
	for k, t := range tri {
		if t.n >= uint64(opt.MinCount3) {
			keepTri[k] = true
			keepBi[triCtx[k]] = true
		}
	}

	m := &Model{V: V, total: 0}
	m.unk = quant(math.Log(unk))
	m.count = make([]uint32, V)
	m.offs = make([]uint32, V+1)
	for newID, old := range order {
		m.count[newID] = uint32(min(c.count[old], math.MaxUint32))
		m.total += c.count[old]
		m.text = append(m.text, c.words[old]...)
		m.offs[newID+1] = uint32(len(m.text))
	}
	m.uniP = make([]int16, V)
	for w := range uni {
		m.uniP[w] = quant(math.Log(uni[w]))
	}
	// bigram arrays and backoff weights of the unigram contexts
	m.uniBow = make([]int16, V+1)
	m.biStart = make([]uint32, V+2)
	newBi := make([]int32, len(bi)) // kept index or -1
	for v := 0; v <= V; v++ {
		lo, hi := biStart[v], biStart[v+1]
		num, den := 1.0, 1.0
		for i := lo; i < hi; i++ {
			newBi[i] = -1
			if !keepBi[i] {
				continue
			}
			w := bi[i].key & (1<<32 - 1)
			newBi[i] = int32(len(m.biWord))
			m.biWord = append(m.biWord, int32(w))
			m.biP = append(m.biP, quant(math.Log(p2v[i])))
			num -= p2v[i]
			den -= uni[w]
		}
		m.uniBow[v] = quant(bow(num, den))
		m.biStart[v+1] = uint32(len(m.biWord))
	}
	// trigram arrays and backoff weights of the bigram contexts
	m.biBow = make([]int16, len(m.biWord))
	m.triStart = make([]uint32, len(m.biWord)+1)
	for i := 0; i < len(tri); {
		j := i
		for j < len(tri) && tri[j].key>>21 == tri[i].key>>21 {
			j++
		}
		ctx := newBi[triCtx[i]]
		num, den := 1.0, 1.0
		n := 0
		for k := i; k < j; k++ {
			if !keepTri[k] {
				continue
			}
			v, w := tri[k].key>>21&(1<<21-1), tri[k].key&(1<<21-1)
			m.triWord = append(m.triWord, int32(w))
			m.triP = append(m.triP, quant(math.Log(p3v[k])))
			num -= p3v[k]
			den -= p2v[bigramIndex(v, w)]
			n++
		}
		if n > 0 {
			m.biBow[ctx] = quant(bow(num, den))
			m.triStart[ctx+1] = uint32(n) // a count for now
		}
		i = j
	}
	for i := 1; i < len(m.triStart); i++ {
		m.triStart[i] += m.triStart[i-1]
	}
	m.index()
	return m
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
