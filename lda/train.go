package lda

import (
	"errors"
	"math/rand/v2"
	"sort"
	"sync"
)

// corpus is a set of documents as word ids in one flat slice.
type corpus struct {
	tokens []int32 // word id of each token, documents one after another
	start  []int32 // document d is tokens[start[d]:start[d+1]]
}

func (c *corpus) docs() int { return len(c.start) - 1 }

// buildVocab counts the normalised words of docs and keeps those seen at
// least opt.MinCount times, ordered by decreasing count, then by bytes.
func buildVocab(docs [][]string, opt Options) []string {
	counts := map[string]int{}
	for _, d := range docs {
		for _, w := range d {
			if n := opt.Normalize(w); n != "" {
				counts[n]++
			}
		}
	}
	vocab := make([]string, 0, len(counts))
	for w, n := range counts {
		if n >= opt.MinCount {
			vocab = append(vocab, w)
		}
	}
	sort.Slice(vocab, func(i, j int) bool {
		ci, cj := counts[vocab[i]], counts[vocab[j]]
		if ci != cj {
			return ci > cj
		}
		return vocab[i] < vocab[j]
	})
	return vocab
}

// encode maps docs to word ids through ids, dropping unknown words.
func encode(docs [][]string, opt Options, ids map[string]int32) *corpus {
	c := &corpus{start: make([]int32, 1, len(docs)+1)}
	for _, d := range docs {
		for _, w := range d {
			if n := opt.Normalize(w); n != "" {
				if id, ok := ids[n]; ok {
					c.tokens = append(c.tokens, id)
				}
			}
		}
		c.start = append(c.start, int32(len(c.tokens)))
	}
	return c
}

// maxTokens bounds the corpus so that token positions fit in int32.
const maxTokens = 1<<31 - 1

// Train fits a K-topic LDA model to docs (each a list of raw tokens, e.g.
// the whitespace words of a ground-truth file) by collapsed Gibbs sampling,
// and returns it. All randomness comes from rng (nil means a fixed seed);
// the same docs, options and rng state always give the same model.
func Train(docs [][]string, opt Options, rng *rand.Rand) (*Model, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 2))
	}
	vocab := buildVocab(docs, opt)
	if len(vocab) == 0 {
		return nil, errors.New("lda: no word of the training documents is in the vocabulary (all dropped by the normalisation, stop words or MinCount)")
	}
	m := newModel(opt, vocab)
	c := encode(docs, opt, m.ids)
	if len(c.tokens) > maxTokens {
		return nil, errors.New("lda: training corpus too large (more than 2^31 tokens)")
	}
	s := newSampler(c, opt, len(vocab), rng)
	sums := make([]int64, len(vocab)*opt.K)
	for it := 0; it < opt.Iters; it++ {
		s.sweep()
		if it >= opt.BurnIn {
			for i, n := range s.nwk {
				sums[i] += int64(n)
			}
		}
	}
	m.setCounts(sums, int64(opt.Iters-opt.BurnIn))
	return m, nil
}

// sampler holds the state of collapsed Gibbs sampling: the topic of every
// token and the count tables, all flat int32.
type sampler struct {
	c     *corpus
	K, V  int
	alpha float64
	beta  float64
	z     []int32 // topic of each token
	ndk   []int32 // [D*K] tokens of document d in topic k
	nwk   []int32 // [V*K] tokens of word w in topic k (word-major)
	nk    []int32 // [K] tokens in topic k
	parts []*part
}

// part is one fixed range of documents with its own generator and, when
// there are several parts, its own copy of the shared counts.
type part struct {
	d0, d1 int
	rng    *splitMix
	nwk    []int32
	nk     []int32
	p      []float64 // scratch: cumulative topic weights
	inv    []float64 // 1/(nk+V*beta)
	shared bool      // nwk and nk are the sampler's own (one part)

	// sparse sampler state (sparse.go)
	wnz  []uint16  // [V*K] non-zero topics of each word
	wlen []uint16  // [V] their number
	c    []float64 // [K] (n_dk+alpha)/(n_k+V beta) for the current document
	dnz  []int32   // non-zero topics of the current document
	dpos []int32   // position of each topic in dnz
}

func newSampler(c *corpus, opt Options, V int, rng *rand.Rand) *sampler {
	K := opt.K
	s := &sampler{c: c, K: K, V: V, alpha: opt.Alpha, beta: opt.Beta,
		z:   make([]int32, len(c.tokens)),
		ndk: make([]int32, c.docs()*K),
		nwk: make([]int32, V*K),
		nk:  make([]int32, K),
	}
	// Random initial topics.
	init := &splitMix{rng.Uint64()}
	for d := 0; d < c.docs(); d++ {
		for i := c.start[d]; i < c.start[d+1]; i++ {
			k := int32(uniform(init, K))
			w := c.tokens[i]
			s.z[i] = k
			s.ndk[d*K+int(k)]++
			s.nwk[int(w)*K+int(k)]++
			s.nk[k]++
		}
	}
	// Fixed contiguous partitions of about equal token counts.
	P := opt.Partitions
	D := c.docs()
	d0 := 0
	for p := 0; p < P; p++ {
		d1 := d0
		target := int64(len(c.tokens)) * int64(p+1) / int64(P)
		for d1 < D && int64(c.start[d1+1]) <= target {
			d1++
		}
		if p == P-1 {
			d1 = D
		}
		pt := &part{d0: d0, d1: d1, rng: &splitMix{rng.Uint64()},
			p: make([]float64, K), inv: make([]float64, K)}
		if P > 1 {
			pt.nwk = make([]int32, V*K)
			pt.nk = make([]int32, K)
		} else {
			pt.nwk, pt.nk = s.nwk, s.nk
			pt.shared = true
		}
		s.parts = append(s.parts, pt)
		d0 = d1
	}
	return s
}

// splitMix is the SplitMix64 generator (Steele, Lea and Flood 2014):
// one add and two multiplies per number, no 128-bit arithmetic, which
// makes it cheaper than PCG in the sampler's inner loop. Every instance is
// seeded from the caller's *rand.Rand.
type splitMix struct{ s uint64 }

// Uint64 returns the next number.
func (g *splitMix) Uint64() uint64 {
	g.s += 0x9e3779b97f4a7c15
	z := g.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// uniform returns a uniform integer in [0, n) (n small) from g.
func uniform(g *splitMix, n int) int {
	return int((g.Uint64() >> 32) * uint64(n) >> 32)
}

// unit returns a uniform float64 in [0, 1) from g.
func unit(g *splitMix) float64 {
	return float64(g.Uint64()>>11) * (1.0 / (1 << 53))
}

// sweep resamples the topic of every token once.
func (s *sampler) sweep() {
	if len(s.parts) == 1 {
		s.sweepOne(s.parts[0])
		return
	}
	var wg sync.WaitGroup
	for _, pt := range s.parts {
		copy(pt.nwk, s.nwk)
		copy(pt.nk, s.nk)
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sweepOne(pt)
		}()
	}
	wg.Wait()
	// Merge: global += sum over parts of (local - global). Exact (each
	// token belongs to one part), and independent of the order the parts
	// finished in.
	for _, pt := range s.parts {
		pt.delta(s.nwk, pt.nwk)
		pt.delta(s.nk, pt.nk)
	}
	for _, pt := range s.parts {
		add(s.nwk, pt.nwk)
		add(s.nk, pt.nk)
	}
}

// delta turns local into local - global.
func (pt *part) delta(global, local []int32) {
	local = local[:len(global)]
	for i, g := range global {
		local[i] -= g
	}
}

// add adds d to global.
func add(global, d []int32) {
	d = d[:len(global)]
	for i, x := range d {
		global[i] += x
	}
}

// useSparse selects the sparse sampler (sparse.go) over the plain one.
var useSparse = true

func (s *sampler) sweepOne(pt *part) {
	if useSparse {
		s.sweepPartSparse(pt)
	} else {
		s.sweepPart(pt)
	}
}

// sweepPart resamples the tokens of one part's documents against the part's
// counts.
func (s *sampler) sweepPart(pt *part) {
	K := s.K
	alpha, beta := s.alpha, s.beta
	vbeta := float64(s.V) * beta
	nwk, nk, p, inv := pt.nwk, pt.nk, pt.p, pt.inv
	for k := 0; k < K; k++ {
		inv[k] = 1 / (float64(nk[k]) + vbeta)
	}
	tokens, z := s.c.tokens, s.z
	for d := pt.d0; d < pt.d1; d++ {
		nd := s.ndk[d*K : d*K+K]
		for i := s.c.start[d]; i < s.c.start[d+1]; i++ {
			w := int(tokens[i])
			k := z[i]
			row := nwk[w*K : w*K+K]
			nd[k]--
			row[k]--
			nk[k]--
			inv[k] = 1 / (float64(nk[k]) + vbeta)
			sum := 0.0
			for j := range p {
				sum += (float64(nd[j]) + alpha) * (float64(row[j]) + beta) * inv[j]
				p[j] = sum
			}
			u := unit(pt.rng) * sum
			k = 0
			for int(k) < K-1 && p[k] <= u {
				k++
			}
			nd[k]++
			row[k]++
			nk[k]++
			inv[k] = 1 / (float64(nk[k]) + vbeta)
			z[i] = k
		}
	}
}
