package lda

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Model is a trained topic model: the vocabulary, the topic-word counts
// averaged over the post-burn-in Gibbs sweeps, and the smoothed topic-word
// probabilities phi derived from them. A Model is read-only after Train or
// Read and safe for concurrent use.
type Model struct {
	opt     Options
	vocab   []string
	ids     map[string]int32
	sums    []int64   // [V*K] topic-word counts summed over samples, word-major
	samples int64     // number of sweeps summed into sums
	phi     []float64 // [V*K] p(w|k), word-major
	unk     []float64 // [K] p(w|k) of a word outside the vocabulary
	rowSum  []float64 // [V] sum_k phi_kw
}

func newModel(opt Options, vocab []string) *Model {
	m := &Model{opt: opt, vocab: vocab, ids: make(map[string]int32, len(vocab))}
	for i, w := range vocab {
		m.ids[w] = int32(i)
	}
	return m
}

// setCounts installs the summed counts and derives phi:
// phi_kw = (sums_wk/S + beta) / (sum_w sums_wk/S + V*beta), the smoothed
// mean of the sampled topic-word counts; a word outside the vocabulary
// gets beta / (n_k + V*beta).
func (m *Model) setCounts(sums []int64, samples int64) {
	K, V := m.opt.K, len(m.vocab)
	m.sums, m.samples = sums, samples
	S := float64(samples)
	nk := make([]float64, K)
	for w := 0; w < V; w++ {
		for k := 0; k < K; k++ {
			nk[k] += float64(sums[w*K+k])
		}
	}
	beta := m.opt.Beta
	vbeta := float64(V) * beta
	m.unk = make([]float64, K)
	den := make([]float64, K)
	for k := range nk {
		den[k] = 1 / (nk[k]/S + vbeta)
		m.unk[k] = beta * den[k]
	}
	m.phi = make([]float64, V*K)
	m.rowSum = make([]float64, V)
	for i, n := range sums {
		m.phi[i] = (float64(n)/S + beta) * den[i%K]
		m.rowSum[i/K] += m.phi[i]
	}
}

// Options returns the options the model was trained with (defaults
// filled in).
func (m *Model) Options() Options { return m.opt }

// K returns the number of topics.
func (m *Model) K() int { return m.opt.K }

// Vocab returns the vocabulary, by word id (a copy).
func (m *Model) Vocab() []string { return append([]string(nil), m.vocab...) }

// Normalize maps a raw token to its vocabulary form ("" when the model's
// options drop it); see Options.Normalize.
func (m *Model) Normalize(w string) string { return m.opt.Normalize(w) }

// WordID returns the id of raw token w after normalisation, and whether
// it is in the vocabulary.
func (m *Model) WordID(w string) (int32, bool) {
	n := m.opt.Normalize(w)
	if n == "" {
		return -1, false
	}
	id, ok := m.ids[n]
	if !ok {
		return -1, false
	}
	return id, true
}

// Phi returns p(word id | topic k); an id outside the vocabulary gets the
// smoothed unknown-word value.
func (m *Model) Phi(k int, id int32) float64 {
	if id < 0 || int(id) >= len(m.vocab) {
		return m.unk[k]
	}
	return m.phi[int(id)*m.opt.K+k]
}

// LogProb returns log p(w | d) = log sum_k theta_k phi_kw for the raw
// token w in a document whose topic mix is theta (from Infer). The word is
// normalised as in training. A word outside the vocabulary (unknown, too
// rare, a stop word, a number, punctuation) gets the value an unseen word
// type has under the model's smoothing, log sum_k theta_k beta/(n_k+V*beta):
// finite, and lower than that of any vocabulary word of a topic with
// weight. theta must have K entries.
func (m *Model) LogProb(w string, theta []float64) float64 {
	id, _ := m.WordID(w)
	return m.LogProbID(id, theta)
}

// LogProbID is LogProb for a word id from WordID; a negative id means a
// word outside the vocabulary.
func (m *Model) LogProbID(id int32, theta []float64) float64 {
	K := m.opt.K
	var row []float64
	if id < 0 || int(id) >= len(m.vocab) {
		row = m.unk
	} else {
		row = m.phi[int(id)*K : int(id)*K+K]
	}
	s := 0.0
	for k, t := range theta[:K] {
		s += t * row[k]
	}
	return math.Log(s)
}

// ids maps raw tokens to vocabulary ids, dropping the others.
func (m *Model) encodeDoc(doc []string) []int32 {
	out := make([]int32, 0, len(doc))
	for _, w := range doc {
		if id, ok := m.WordID(w); ok {
			out = append(out, id)
		}
	}
	return out
}

// Infer returns theta, the topic mix of an unseen document, by Gibbs
// sampling its topic assignments with phi held fixed (fold-in): iters
// sweeps (0 means 50), the first half discarded, theta_k = (n_dk + alpha) /
// (n + K*alpha) averaged over the rest. Words outside the vocabulary are
// ignored; a document without any known word gets the uniform mix. rng nil
// means a fixed seed.
func (m *Model) Infer(doc []string, iters int, rng *rand.Rand) []float64 {
	return m.InferIDs(m.encodeDoc(doc), iters, rng)
}

// InferIDs is Infer for a document already mapped to word ids (ids
// outside the vocabulary are ignored).
func (m *Model) InferIDs(ids []int32, iters int, rng *rand.Rand) []float64 {
	K := m.opt.K
	theta := make([]float64, K)
	known := ids[:0:0]
	for _, id := range ids {
		if id >= 0 && int(id) < len(m.vocab) {
			known = append(known, id)
		}
	}
	if len(known) == 0 {
		for k := range theta {
			theta[k] = 1 / float64(K)
		}
		return theta
	}
	if iters <= 0 {
		iters = 50
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 2))
	}
	g := &splitMix{rng.Uint64()}
	f := newFoldIn(m, len(known))
	// Sequential initialisation: each token from its conditional given the
	// tokens before it.
	for i, w := range known {
		f.z[i] = f.add(f.draw(g, w))
	}
	burn := iters / 2
	for it := 0; it < iters; it++ {
		for i, w := range known {
			f.remove(f.z[i])
			f.z[i] = f.add(f.draw(g, w))
		}
		if it >= burn {
			for k, n := range f.nd {
				theta[k] += float64(n)
			}
		}
	}
	S := float64(iters - burn)
	alpha := m.opt.Alpha
	den := 1 / (S * (float64(len(known)) + float64(K)*alpha))
	for k := range theta {
		theta[k] = (theta[k] + S*alpha) * den
	}
	return theta
}

// foldIn is the state of fold-in sampling for one document. A topic is
// drawn with weight (n_dk + alpha) phi_kw, split into the document part
// n_dk phi_kw, summed over the topics the document uses (kept in a list),
// and the prior part alpha phi_kw, whose total alpha sum_k phi_kw is
// precomputed per word; so a draw costs the number of topics in use
// rather than K.
type foldIn struct {
	m   *Model
	z   []int32
	nd  []int32
	nz  []int32 // topics with nd > 0
	pos []int32 // position of each topic in nz
	cum []float64
}

func newFoldIn(m *Model, n int) *foldIn {
	K := m.opt.K
	return &foldIn{m: m, z: make([]int32, n), nd: make([]int32, K),
		nz: make([]int32, 0, K), pos: make([]int32, K), cum: make([]float64, K)}
}

func (f *foldIn) add(k int32) int32 {
	if f.nd[k] == 0 {
		f.pos[k] = int32(len(f.nz))
		f.nz = append(f.nz, k)
	}
	f.nd[k]++
	return k
}

func (f *foldIn) remove(k int32) {
	f.nd[k]--
	if f.nd[k] == 0 {
		last := f.nz[len(f.nz)-1]
		f.nz[f.pos[k]] = last
		f.pos[last] = f.pos[k]
		f.nz = f.nz[:len(f.nz)-1]
	}
}

func (f *foldIn) draw(g *splitMix, w int32) int32 {
	K := f.m.opt.K
	row := f.m.phi[int(w)*K : int(w)*K+K]
	sum := 0.0
	for j, k := range f.nz {
		sum += float64(f.nd[k]) * row[k]
		f.cum[j] = sum
	}
	prior := f.m.opt.Alpha * f.m.rowSum[w]
	u := unit(g) * (sum + prior)
	if u < sum {
		j := 0
		for j < len(f.nz)-1 && f.cum[j] <= u {
			j++
		}
		return f.nz[j]
	}
	u = (u - sum) / f.m.opt.Alpha
	for k := 0; k < K-1; k++ {
		u -= row[k]
		if u < 0 {
			return int32(k)
		}
	}
	return int32(K - 1)
}

// Perplexity returns the held-out perplexity of docs by document
// completion, and the number of tokens it was measured on: each document's
// vocabulary tokens (after normalisation, unknown words dropped) are split
// by position, the even positions (0, 2, ...) fold in theta with Infer
// (iters sweeps), and the odd positions are scored,
// perplexity = exp(-sum log p(w|theta) / n). With no token to score it
// returns NaN and 0.
func (m *Model) Perplexity(docs [][]string, iters int, rng *rand.Rand) (float64, int) {
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 2))
	}
	var ll float64
	n := 0
	var even, odd []int32
	for _, d := range docs {
		ids := m.encodeDoc(d)
		even, odd = even[:0], odd[:0]
		for i, id := range ids {
			if i%2 == 0 {
				even = append(even, id)
			} else {
				odd = append(odd, id)
			}
		}
		if len(odd) == 0 {
			continue
		}
		theta := m.InferIDs(even, iters, rng)
		for _, id := range odd {
			ll += m.LogProbID(id, theta)
		}
		n += len(odd)
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return math.Exp(-ll / float64(n)), n
}

// TopWords returns the n most probable words of topic k, most probable
// first (ties by word id, i.e. by training frequency). It returns nil for
// a k out of range.
func (m *Model) TopWords(k, n int) []string {
	K := m.opt.K
	if k < 0 || k >= K || n <= 0 {
		return nil
	}
	idx := make([]int32, len(m.vocab))
	for i := range idx {
		idx[i] = int32(i)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return m.phi[int(idx[a])*K+k] > m.phi[int(idx[b])*K+k]
	})
	if n > len(idx) {
		n = len(idx)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = m.vocab[idx[i]]
	}
	return out
}
