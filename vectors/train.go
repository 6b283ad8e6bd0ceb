package vectors

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options configures Train. A zero numeric field means its default (see
// DefaultOptions); negative values are errors, except Subsample, where a
// negative value turns subsampling off. Lower cannot default: start from
// DefaultOptions, which sets it, to get lowercased vectors.
type Options struct {
	Dim       int     // vector size (default 100)
	Window    int     // largest distance of a context word (default 5); each position draws a window in 1..Window
	Negative  int     // negative samples per (word, context) pair (default 5)
	MinCount  int     // words seen fewer times are dropped before training (default 2)
	Epochs    int     // passes over the corpus (default 5)
	Alpha     float64 // starting learning rate (default 0.025), decayed linearly to Alpha*1e-4
	Subsample float64 // frequent-word subsampling threshold t (default 1e-3; < 0 turns it off)
	Lower     bool    // lowercase every token (see Token)
	// InputOnly keeps each word's input vector alone, as the word2vec
	// tool does. By default a word's vector is the sum of its input (word)
	// and output (context) vectors, the "w+c" of Levy, Goldberg and Dagan
	// (2015): on held-out ads-fall2018 ground truth, ContextSim told the
	// true word from a random one in 68% of positions with w+c against
	// 59% with the input vectors alone (BenchmarkContextFitADS).
	InputOnly bool
}

// DefaultOptions returns the options Train uses for zero fields, with
// Lower set: on a corpus of a few hundred thousand words, "The" and "the"
// are better learned as one word, and lookups lowercase a raw token anyway.
func DefaultOptions() Options {
	return Options{Dim: 100, Window: 5, Negative: 5, MinCount: 2, Epochs: 5, Alpha: 0.025, Subsample: 1e-3, Lower: true}
}

// withDefaults fills zero fields and rejects impossible values.
func (o Options) withDefaults() (Options, error) {
	d := DefaultOptions()
	switch {
	case o.Dim < 0:
		return o, fmt.Errorf("vectors: Dim %d < 0", o.Dim)
	case o.Dim > maxDim:
		return o, fmt.Errorf("vectors: Dim %d > %d", o.Dim, maxDim)
	case o.Window < 0:
		return o, fmt.Errorf("vectors: Window %d < 0", o.Window)
	case o.Negative < 0:
		return o, fmt.Errorf("vectors: Negative %d < 0", o.Negative)
	case o.MinCount < 0:
		return o, fmt.Errorf("vectors: MinCount %d < 0", o.MinCount)
	case o.Epochs < 0:
		return o, fmt.Errorf("vectors: Epochs %d < 0", o.Epochs)
	case o.Alpha < 0 || math.IsNaN(o.Alpha) || math.IsInf(o.Alpha, 0):
		return o, fmt.Errorf("vectors: Alpha %v is not a positive number", o.Alpha)
	case math.IsNaN(o.Subsample):
		return o, errors.New("vectors: Subsample is NaN")
	}
	o.Dim = cmp.Or(o.Dim, d.Dim)
	o.Window = cmp.Or(o.Window, d.Window)
	o.Negative = cmp.Or(o.Negative, d.Negative)
	o.MinCount = cmp.Or(o.MinCount, d.MinCount)
	o.Epochs = cmp.Or(o.Epochs, d.Epochs)
	o.Alpha = cmp.Or(o.Alpha, d.Alpha)
	o.Subsample = cmp.Or(o.Subsample, d.Subsample)
	return o, nil
}

// maxDim bounds the vector size (of trained and of loaded vectors).
const maxDim = 1 << 14

// Token normalises one whitespace token the way Train does: leading and
// trailing punctuation and symbols (unicode.IsPunct, unicode.IsSymbol) are
// stripped, and the rest is lowercased when lower is set. It returns "" for
// a token with no other character; Train drops those. It allocates only
// when it lowercases a word that has upper-case letters.
func Token(w string, lower bool) string {
	w = strings.TrimFunc(w, isStrip)
	if lower {
		w = toLower(w)
	}
	return w
}

func isStrip(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// toLower is strings.ToLower that returns w itself when it has nothing
// to lower (strings.ToLower also does, but only for ASCII input).
func toLower(w string) string {
	for i := 0; i < len(w); {
		r, n := utf8.DecodeRuneInString(w[i:])
		if unicode.ToLower(r) != r {
			return strings.ToLower(w)
		}
		i += n
	}
	return w
}

// Train learns word vectors from docs (each a list of whitespace tokens,
// e.g. the words of one ground-truth file) by skip-gram with negative
// sampling (Mikolov et al. 2013). Tokens are normalised with Token; the
// context window never crosses a document boundary. Each word's vector is
// the sum of its input and output vectors (only the input vector with
// InputOnly), normalised to unit length. The result is fully
// determined by docs, opt and the state of rng (of which Train draws one
// number); training runs on one goroutine.
//
// Train fails when opt holds an impossible value or no word occurs
// MinCount times.
func Train(docs [][]string, opt Options, rng *rand.Rand) (*Vectors, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, errors.New("vectors: Train needs a *rand.Rand")
	}
	words, counts, corpus, bounds := buildCorpus(docs, opt)
	if len(words) == 0 {
		return nil, fmt.Errorf("vectors: no word occurs %d times or more in %d documents", opt.MinCount, len(docs))
	}
	t := &trainer{
		opt:    opt,
		dim:    opt.Dim,
		vocab:  len(words),
		counts: counts,
		corpus: corpus,
		bounds: bounds,
		rnd:    rng.Uint64(),
	}
	t.init()
	t.train()
	v := &Vectors{Dim: opt.Dim, Words: words, Counts: counts, Data: t.syn0}
	if !opt.InputOnly {
		axpy32(v.Data, 1, t.syn1)
	}
	t.syn0, t.syn1 = nil, nil
	for i := range words {
		normalise(v.Data[i*v.Dim : (i+1)*v.Dim])
	}
	v.buildIndex()
	return v, nil
}

// buildCorpus normalises and counts the tokens, keeps the words seen
// MinCount times or more (sorted by count, most frequent first, ties by
// byte order), and returns the kept tokens as one flat id sequence with
// bounds[i] the start of document i (and a last entry for the end).
func buildCorpus(docs [][]string, opt Options) (words []string, counts []int64, corpus []int32, bounds []int) {
	ids := make(map[string]int32)
	var all []string
	var cnt []int64
	total := 0
	for _, d := range docs {
		total += len(d)
	}
	raw := make([]int32, 0, total)
	rawBounds := make([]int, 0, len(docs)+1)
	for _, d := range docs {
		rawBounds = append(rawBounds, len(raw))
		for _, w := range d {
			w = Token(w, opt.Lower)
			if w == "" {
				continue
			}
			id, ok := ids[w]
			if !ok {
				id = int32(len(all))
				ids[w] = id
				all = append(all, w)
				cnt = append(cnt, 0)
			}
			cnt[id]++
			raw = append(raw, id)
		}
	}
	rawBounds = append(rawBounds, len(raw))

	order := make([]int32, 0, len(all))
	for id, c := range cnt {
		if c >= int64(opt.MinCount) {
			order = append(order, int32(id))
		}
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if cnt[a] != cnt[b] {
			return cnt[a] > cnt[b]
		}
		return all[a] < all[b]
	})
	remap := make([]int32, len(all))
	for i := range remap {
		remap[i] = -1
	}
	words = make([]string, len(order))
	counts = make([]int64, len(order))
	for i, id := range order {
		remap[id] = int32(i)
		words[i] = all[id]
		counts[i] = cnt[id]
	}
	corpus = raw[:0] // reuse: the kept sequence is never longer than raw
	bounds = make([]int, 0, len(rawBounds))
	for d := 0; d+1 < len(rawBounds); d++ {
		bounds = append(bounds, len(corpus))
		for _, id := range raw[rawBounds[d]:rawBounds[d+1]] {
			if n := remap[id]; n >= 0 {
				corpus = append(corpus, n)
			}
		}
	}
	bounds = append(bounds, len(corpus))
	return words, counts, corpus, bounds
}

const (
	expTableSize = 1000
	maxExp       = 6
	negTableSize = 1 << 20
)

// trainer holds the state of one training run.
type trainer struct {
	opt    Options
	dim    int
	vocab  int
	counts []int64
	corpus []int32
	bounds []int

	syn0, syn1 []float32 // input (word) and output (context) vectors, vocab*dim
	neg        []int32   // unigram^0.75 table of negative samples
	keep       []uint32  // subsampling: keep a token when a random 32-bit number < keep[id]
	expTable   [expTableSize + 1]float32
	rnd        uint64 // linear congruential generator state
}

// next advances the generator (a 64-bit LCG; the high bits are used).
func (t *trainer) next() uint64 {
	t.rnd = t.rnd*6364136223846793005 + 1442695040888963407
	return t.rnd >> 32
}

func (t *trainer) init() {
	dim, v := t.dim, t.vocab
	t.syn0 = make([]float32, v*dim)
	t.syn1 = make([]float32, v*dim)
	for i := range t.syn0 {
		// uniform in [-0.5, 0.5) / dim, as in word2vec
		u := float32(t.next()&0xffffff) / (1 << 24)
		t.syn0[i] = (u - 0.5) / float32(dim)
	}
	for i := range t.expTable {
		x := (float64(i)/expTableSize*2 - 1) * maxExp
		e := math.Exp(x)
		t.expTable[i] = float32(e / (e + 1))
	}
	// negative table: word i fills a share of slots proportional to count^0.75
	t.neg = make([]int32, negTableSize)
	var sum float64
	for _, c := range t.counts {
		sum += math.Pow(float64(c), 0.75)
	}
	w := 0
	cum := math.Pow(float64(t.counts[0]), 0.75) / sum
	for i := range t.neg {
		t.neg[i] = int32(w)
		if float64(i+1)/negTableSize > cum && w < v-1 {
			w++
			cum += math.Pow(float64(t.counts[w]), 0.75) / sum
		}
	}
	// subsampling: keep probability (sqrt(c/(t*N)) + 1) * (t*N)/c, as in word2vec
	t.keep = make([]uint32, v)
	var total int64
	for _, c := range t.counts {
		total += c
	}
	for i, c := range t.counts {
		p := 1.0
		if t.opt.Subsample > 0 {
			tn := t.opt.Subsample * float64(total)
			p = (math.Sqrt(float64(c)/tn) + 1) * tn / float64(c)
		}
		if p >= 1 {
			t.keep[i] = math.MaxUint32
		} else {
			t.keep[i] = uint32(p * (1 << 32))
		}
	}
}

func (t *trainer) train() {
	opt := t.opt
	totalWords := float64(int64(opt.Epochs)*int64(len(t.corpus)) + 1)
	minAlpha := opt.Alpha * 1e-4
	// rate is the learning rate after seen tokens (read, kept or not),
	// decaying linearly from Alpha to Alpha*1e-4 over the whole run.
	rate := func(seen float64) float32 {
		return float32(max(opt.Alpha*(1-seen/totalWords), minAlpha))
	}
	neu1e := make([]float32, t.dim)
	var sent []int32
	var seen int64
	for ep := 0; ep < opt.Epochs; ep++ {
		for d := 0; d+1 < len(t.bounds); d++ {
			doc := t.corpus[t.bounds[d]:t.bounds[d+1]]
			sent = sent[:0]
			for _, id := range doc {
				if k := t.keep[id]; k == math.MaxUint32 || uint32(t.next()) < k {
					sent = append(sent, id)
				}
			}
			scale := float64(len(doc)) / float64(max(len(sent), 1))
			alpha := rate(float64(seen))
			for pos, word := range sent {
				if pos&1023 == 0 {
					alpha = rate(float64(seen) + float64(pos)*scale)
				}
				b := int(t.next() % uint64(opt.Window))
				lo, hi := max(pos-opt.Window+b, 0), min(pos+opt.Window-b, len(sent)-1)
				for c := lo; c <= hi; c++ {
					if c != pos {
						t.pair(sent[c], word, alpha, neu1e)
					}
				}
			}
			seen += int64(len(doc))
		}
	}
}

// pair makes one SGD step: the input vector of in learns to predict out
// against Negative samples from the unigram^0.75 table.
func (t *trainer) pair(in, out int32, alpha float32, neu1e []float32) {
	dim := t.dim
	l1 := t.syn0[int(in)*dim : int(in)*dim+dim]
	for i := range neu1e {
		neu1e[i] = 0
	}
	for d := 0; d <= t.opt.Negative; d++ {
		target := out
		var label float32 = 1
		if d > 0 {
			target = t.neg[t.next()&(negTableSize-1)]
			if target == out {
				continue
			}
			label = 0
		}
		l2 := t.syn1[int(target)*dim : int(target)*dim+dim]
		f := dot32(l1, l2)
		var g float32
		switch {
		case f > maxExp:
			g = (label - 1) * alpha
		case f < -maxExp:
			g = label * alpha
		default:
			g = (label - t.expTable[int((f+maxExp)*(expTableSize/maxExp/2))]) * alpha
		}
		update(neu1e, l2, l1, g)
	}
	axpy32(l1, 1, neu1e)
}

// update does e += g*y and then y += g*x in one pass over y (len(x),
// len(y) >= len(e)). The loops are written so the compiler drops the
// bounds checks.
func update(e, y, x []float32, g float32) {
	y = y[:len(e)]
	x = x[:len(e)]
	for len(e) >= 4 && len(y) >= 4 && len(x) >= 4 {
		y0, y1, y2, y3 := y[0], y[1], y[2], y[3]
		e[0] += g * y0
		e[1] += g * y1
		e[2] += g * y2
		e[3] += g * y3
		y[0] = y0 + g*x[0]
		y[1] = y1 + g*x[1]
		y[2] = y2 + g*x[2]
		y[3] = y3 + g*x[3]
		e, y, x = e[4:], y[4:], x[4:]
	}
	y = y[:len(e)]
	x = x[:len(e)]
	for i := range e {
		yi := y[i]
		e[i] += g * yi
		y[i] = yi + g*x[i]
	}
}

// dot32 returns the dot product of a and b (len(b) >= len(a)).
func dot32(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	for len(a) >= 4 && len(b) >= 4 {
		s0 += a[0] * b[0]
		s1 += a[1] * b[1]
		s2 += a[2] * b[2]
		s3 += a[3] * b[3]
		a, b = a[4:], b[4:]
	}
	b = b[:len(a)]
	for i := range a {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpy32 does y += a*x (len(x) >= len(y)).
func axpy32(y []float32, a float32, x []float32) {
	x = x[:len(y)]
	for len(y) >= 4 && len(x) >= 4 {
		y[0] += a * x[0]
		y[1] += a * x[1]
		y[2] += a * x[2]
		y[3] += a * x[3]
		y, x = y[4:], x[4:]
	}
	x = x[:len(y)]
	for i := range y {
		y[i] += a * x[i]
	}
}

// normalise scales v to unit length; a zero vector (or one with a NaN or
// infinite component) becomes all zeros.
func normalise(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		clear(v)
		return
	}
	inv := 1 / math.Sqrt(s)
	for i, x := range v {
		v[i] = float32(float64(x) * inv)
	}
}
