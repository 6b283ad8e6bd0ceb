package lm

import (
	"math"
)

// qstep is the resolution of the stored log values: a log-probability or
// log backoff weight x is kept as the int16 round(x * qscale), so values
// in [-32, 32) are kept to within 1/4096 (a relative error of 0.024% in
// the probability).
const (
	qscale = 1024
	qstep  = 1.0 / qscale
)

func quant(x float64) int16 {
	q := math.Round(x * qscale)
	return int16(max(min(q, math.MaxInt16), math.MinInt16))
}

// Model is a word trigram language model: interpolated modified
// Kneser-Ney probabilities in backoff form, pruned and quantised, held in
// flat sorted arrays. Word ids run from 0 to Words()-1 by descending count.
// A Model is read-only and safe for concurrent use.
type Model struct {
	V     int
	total uint64
	text  []byte   // the words, concatenated in id order
	offs  []uint32 // word id's bytes are text[offs[id]:offs[id+1]]
	count []uint32 // raw count of each word
	table []int32  // open-addressing hash table of word ids, -1 empty
	mask  uint64

	unk    int16   // log P(unknown word) at the unigram level
	uniP   []int16 // log P1(w)
	uniBow []int16 // log backoff weight of each word as a context, BOS last

	// The bigrams of context v (BOS included) are bi[biStart[v]:biStart[v+1]],
	// ascending by word; the trigrams of context bigram j are
	// tri[bi[j].tri:bi[j+1].tri], ascending by word (bi ends with a
	// sentinel holding only tri). A bigram's word, probability, backoff
	// weight and trigrams' start share one record (and a trigram's word
	// and probability), so a look-up reads one place of these large
	// arrays, not one per field.
	biStart []uint32
	bi      []bigram
	tri     []trigram

	biIx, triIx pairIndex // where a bigram, a trigram is in bi, tri
}

// bigram is one kept bigram (v, w) of a context v.
type bigram struct {
	w   int32  // the word
	p   int16  // log P(w | v)
	bow int16  // log backoff weight of the bigram as a trigram context
	tri uint32 // where its trigrams start in tri
}

// trigram is one kept trigram (u, v, w) of a context bigram (u, v).
type trigram struct {
	w int32 // the word
	p int16 // log P(w | u v)
}

// fnv is the FNV-1a hash of s.
func fnv(s []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range s {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

func fnvString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// index builds the word hash table and the indexes of the bigrams and
// trigrams.
func (m *Model) index() {
	size := 1
	for size < 2*m.V+2 {
		size *= 2
	}
	m.table = make([]int32, size)
	for i := range m.table {
		m.table[i] = -1
	}
	m.mask = uint64(size - 1)
	for id := 0; id < m.V; id++ {
		h := fnv(m.text[m.offs[id]:m.offs[id+1]]) & m.mask
		for m.table[h] >= 0 {
			h = (h + 1) & m.mask
		}
		m.table[h] = int32(id)
	}
	m.biIx = newPairIndex(len(m.biStart)-1, func(g int) (uint32, uint32) { return m.biStart[g], m.biStart[g+1] },
		func(j uint32) int32 { return m.bi[j].w })
	m.triIx = newPairIndex(len(m.bi)-1, func(g int) (uint32, uint32) { return m.bi[g].tri, m.bi[g+1].tri },
		func(j uint32) int32 { return m.tri[j].w })
}

// Words returns the size of the vocabulary.
func (m *Model) Words() int { return m.V }

// Tokens returns the number of words the model was built from.
func (m *Model) Tokens() uint64 { return m.total }

// BOS returns the id of the start of a paragraph, usable as a context (the
// first context of a paragraph's first word, the second of its second) but
// never as a word.
func (m *Model) BOS() int32 { return int32(m.V) }

// ID returns the id of a normalised word (see Norm), or -1 when the model
// does not know it.
func (m *Model) ID(norm string) int32 {
	h := fnvString(norm) & m.mask
	for {
		id := m.table[h]
		if id < 0 {
			return -1
		}
		if string(m.text[m.offs[id]:m.offs[id+1]]) == norm {
			return id
		}
		h = (h + 1) & m.mask
	}
}

// Word returns the word of id, or "" when id is not a word id.
func (m *Model) Word(id int32) string {
	if id < 0 || int(id) >= m.V {
		return ""
	}
	return string(m.text[m.offs[id]:m.offs[id+1]])
}

// Count returns how often word id occurred in the training texts (0 for
// an id that is not a word's).
func (m *Model) Count(id int32) uint64 {
	if id < 0 || int(id) >= m.V {
		return 0
	}
	return uint64(m.count[id])
}

// LogFreq returns the natural log of the relative frequency of word id in
// the training texts, count / tokens: the prior of a candidate. An unknown
// word (id -1, or not a word id) gets half a count: log(0.5 / tokens).
func (m *Model) LogFreq(id int32) float32 {
	c := 0.5
	if id >= 0 && int(id) < m.V {
		c = float64(m.count[id])
	}
	return float32(math.Log(c / float64(m.total)))
}

// HasBigram reports whether the model keeps the bigram v w (word ids as
// ID gives them): the training texts wrote w after v, often enough to
// survive pruning (Options.MinCount2).
func (m *Model) HasBigram(v, w int32) bool {
	if v < 0 || w < 0 || int(v) >= m.V || int(w) >= m.V {
		return false
	}
	return m.findBigram(uint32(v), w) >= 0
}

// findBigram returns the index in m.bi of the bigram (v, w), or -1.
func (m *Model) findBigram(v uint32, w int32) int {
	lo, hi := m.biStart[v], m.biStart[v+1]
	if len(m.biIx.slot) == 0 || hi-lo <= 4 {
		for j := lo; j < hi && m.bi[j].w <= w; j++ {
			if m.bi[j].w == w {
				return int(j)
			}
		}
		return -1
	}
	ix := &m.biIx
	mask := uint64(len(ix.slot) - 1)
	for h := ix.hash(v, w); ; h = (h + 1) & mask {
		s := ix.slot[h]
		if s == 0 {
			return -1
		}
		// the context's range first: a slot of another context's bigram
		// is passed over without reading the bigram
		if j := uint32(s - 1); lo <= j && j < hi && m.bi[j].w == w {
			return int(j)
		}
	}
}

// findTrigram returns the index in m.tri of word w among the trigrams of
// context bigram j, or -1.
func (m *Model) findTrigram(j uint32, w int32) int {
	lo, hi := m.bi[j].tri, m.bi[j+1].tri
	if len(m.triIx.slot) == 0 || hi-lo <= 4 {
		for k := lo; k < hi && m.tri[k].w <= w; k++ {
			if m.tri[k].w == w {
				return int(k)
			}
		}
		return -1
	}
	ix := &m.triIx
	mask := uint64(len(ix.slot) - 1)
	for h := ix.hash(j, w); ; h = (h + 1) & mask {
		s := ix.slot[h]
		if s == 0 {
			return -1
		}
		if k := uint32(s - 1); lo <= k && k < hi && m.tri[k].w == w { // (as findBigram)
			return int(k)
		}
	}
}

// LogProb returns the natural log of P(w | ctx2 ctx1), the probability of
// word w after the words ctx2 ctx1. w = -1 (or any id that is not a
// word's) asks for the probability of an unknown word, which the model
// gives as a single class. A context id of -1 means no usable context (an
// unknown word, or nothing before): ctx1 = -1 gives the unigram
// probability, ctx2 = -1 the bigram P(w | ctx1). BOS() as ctx1 (ctx2 -1)
// is the start of a paragraph, as ctx2 the word after it. It does not
// allocate.
func (m *Model) LogProb(ctx2, ctx1, w int32) float32 {
	s := State{ctx2: ctx2, ctx1: ctx1, bi: -2} // the bigram ctx2 ctx1 not looked up yet
	return m.Next(&s, w)
}

// State is a position in a text for scoring its next words one by one
// (Next): the two words before it, and what the model has looked up about
// them. The zero State is not usable; Start makes one.
type State struct {
	ctx2, ctx1 int32
	bi         int32 // index of the bigram ctx2 ctx1: -1 none, -2 not looked up
}

// Start returns the State after the words ctx2 ctx1 (ids as LogProb takes
// them).
func (m *Model) Start(ctx2, ctx1 int32) State {
	s := State{ctx2: ctx2, ctx1: ctx1, bi: -2}
	V := int32(m.V)
	if ctx1 >= 0 && ctx1 < V && ctx2 >= 0 && ctx2 <= V {
		s.bi = int32(m.findBigram(uint32(ctx2), ctx1))
	}
	return s
}

// Next returns LogProb(ctx2, ctx1, w) for the two words ctx2 ctx1 of s and
// moves s past w: a sequence of Next calls gives the LogProb of each word
// given the two before it, bit for bit, with fewer look-ups (the bigram of
// each word and the one before is found once, as the backed-off bigram of
// one step and the trigram context of the next).
func (m *Model) Next(s *State, w int32) float32 {
	tail := int32(NoTail)
	return m.NextTail(s, w, &tail)
}

// NoTail is the value of a tail (NextTail) not looked up yet.
const NoTail = -3

// NextTail is Next, where *tail remembers the look-up of the bigram of
// s's last word and w that Next makes when the model has no trigram of
// the three: NoTail before it is made, its result after (so one tail
// serves for scoring the same word after the same word behind any
// other). The value is Next's, bit for bit.
func (m *Model) NextTail(s *State, w int32, tail *int32) float32 {
	ctx2, ctx1, bi := s.ctx2, s.ctx1, s.bi
	s.ctx2, s.ctx1, s.bi = ctx1, w, -2
	V := int32(m.V)
	if w < 0 || w >= V {
		w = -1
	}
	if ctx1 < 0 || ctx1 > V {
		return m.lowest(w)
	}
	if ctx1 == V || ctx2 < 0 || ctx2 > V {
		ctx2 = -1
	}
	acc := int32(0)
	if ctx2 >= 0 {
		j := int(bi)
		if bi == -2 {
			j = m.findBigram(uint32(ctx2), ctx1)
		}
		if j >= 0 {
			if w >= 0 {
				if k := m.findTrigram(uint32(j), w); k >= 0 {
					return float32(m.tri[k].p) * qstep
				}
			}
			acc += int32(m.bi[j].bow)
		}
	}
	if w >= 0 {
		j := int(*tail)
		if j == NoTail {
			j = m.findBigram(uint32(ctx1), w)
			*tail = int32(j)
		}
		s.bi = int32(j) // the bigram ctx1 w: the next step's ctx2 ctx1
		if j >= 0 {
			return float32(acc+int32(m.bi[j].p)) * qstep
		}
	}
	acc += int32(m.uniBow[ctx1])
	return float32(acc)*qstep + m.lowest(w)
}

func (m *Model) lowest(w int32) float32 {
	if w < 0 {
		return float32(m.unk) * qstep
	}
	return float32(m.uniP[w]) * qstep
}

// Bigrams returns the number of bigrams the model keeps (paragraph starts
// included).
func (m *Model) Bigrams() int { return max(len(m.bi)-1, 0) }

// Trigrams returns the number of trigrams the model keeps.
func (m *Model) Trigrams() int { return len(m.tri) }
