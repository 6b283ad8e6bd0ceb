package features

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"ocrfix/data"
	"ocrfix/internal/frozen"
	"ocrfix/lm"
)

// LM is a word bigram language model over normalised words (lower case,
// leading and trailing punctuation stripped), learned from training ground
// truth. It gives interpolated Witten-Bell probabilities in both directions:
// P(w | previous word) and P(w | next word), so a candidate can be scored
// against its left and its right neighbour.
type LM struct {
	ids    map[string]int32
	words  []string
	uni    []uint32          // count of each word
	total  uint64            // number of tokens
	bi     map[uint64]uint32 // count of (a, b) as a<<32 | b
	follow []uint32          // distinct words seen after each word
	before []uint32          // distinct words seen before each word
	left   []uint32          // count of each word as the left part of a bigram
	right  []uint32          // count of each word as the right part of a bigram

	// table is bi frozen for look-ups (made on first use; nil again when
	// a count changes)
	table atomic.Pointer[frozen.Counts]
}

// bigram returns the count of bigram key k (a<<32 | b).
func (lm *LM) bigram(k uint64) uint32 {
	t := lm.table.Load()
	if t == nil {
		t = frozen.New(lm.bi)
		lm.table.Store(t)
	}
	return t.Get(k)
}

// NewLM returns an empty model.
func NewLM() *LM {
	return &LM{ids: map[string]int32{}, bi: map[uint64]uint32{}}
}

// Norm returns the form under which LM counts a token: lm.Norm (lower
// case, leading and trailing punctuation and symbols removed; may be "").
func Norm(w string) string { return lm.Norm(w) }

func (lm *LM) intern(w string) int32 {
	if id, ok := lm.ids[w]; ok {
		return id
	}
	id := int32(len(lm.words))
	lm.ids[w] = id
	lm.words = append(lm.words, w)
	lm.uni = append(lm.uni, 0)
	lm.follow = append(lm.follow, 0)
	lm.before = append(lm.before, 0)
	lm.left = append(lm.left, 0)
	lm.right = append(lm.right, 0)
	return id
}

// Add counts the words of one document. Tokens that normalise to "" are
// skipped and do not break the bigram chain.
func (lm *LM) Add(doc []string) {
	prev := int32(-1)
	for _, t := range doc {
		w := Norm(t)
		if w == "" {
			continue
		}
		id := lm.intern(w)
		lm.uni[id]++
		lm.total++
		if prev >= 0 {
			lm.addBigram(prev, id, 1)
		}
		prev = id
	}
}

func (lm *LM) addBigram(a, b int32, n uint32) {
	k := uint64(a)<<32 | uint64(uint32(b))
	c := lm.bi[k]
	if c == 0 {
		lm.follow[a]++
		lm.before[b]++
	}
	lm.bi[k] = c + n
	lm.table.Store(nil)
	lm.left[a] += n
	lm.right[b] += n
}

// ID returns the id of a normalised word, or -1 when the model has not seen
// it.
func (lm *LM) ID(norm string) int32 {
	if id, ok := lm.ids[norm]; ok {
		return id
	}
	return -1
}

// Len returns the vocabulary size.
func (lm *LM) Len() int { return len(lm.words) }

// Top returns the n most frequent words of the model (fewer when it knows
// fewer), most frequent first, words of one count in byte order.
func (lm *LM) Top(n int) []string {
	ids := make([]int32, len(lm.words))
	for i := range ids {
		ids[i] = int32(i)
	}
	slices.SortFunc(ids, func(a, b int32) int {
		if c := cmp.Compare(lm.uni[b], lm.uni[a]); c != 0 {
			return c
		}
		return strings.Compare(lm.words[a], lm.words[b])
	})
	out := make([]string, 0, min(n, len(ids)))
	for _, id := range ids[:min(n, len(ids))] {
		out = append(out, lm.words[id])
	}
	return out
}

// LogUni returns the smoothed log unigram probability of word id (-1 for
// an unknown word): log((c + 0.5) / (N + 0.5 (V+1))).
func (lm *LM) LogUni(id int32) float64 { return math.Log(lm.uniProb(id)) }

// uniProb is the smoothed unigram probability behind LogUni.
func (lm *LM) uniProb(id int32) float64 {
	c := 0.0
	if id >= 0 {
		c = float64(lm.uni[id])
	}
	return (c + 0.5) / (float64(lm.total) + 0.5*float64(len(lm.words)+1))
}

// LogNext returns log P(w | prev), Witten-Bell interpolated with the
// unigram; either id may be -1 (unknown), which backs off to the unigram.
func (lm *LM) LogNext(prev, w int32) float64 {
	pu := lm.uniProb(w)
	if prev < 0 || lm.left[prev] == 0 {
		return math.Log(pu)
	}
	var c float64
	if w >= 0 {
		c = float64(lm.bigram(uint64(prev)<<32 | uint64(uint32(w))))
	}
	n, t := float64(lm.left[prev]), float64(lm.follow[prev])
	return math.Log((c + t*pu) / (n + t))
}

// LogPrev returns log P(w | next): the probability of w standing right
// before next, Witten-Bell interpolated with the unigram.
func (lm *LM) LogPrev(w, next int32) float64 {
	pu := lm.uniProb(w)
	if next < 0 || lm.right[next] == 0 {
		return math.Log(pu)
	}
	var c float64
	if w >= 0 {
		c = float64(lm.bigram(uint64(uint32(w))<<32 | uint64(uint32(next))))
	}
	n, t := float64(lm.right[next]), float64(lm.before[next])
	return math.Log((c + t*pu) / (n + t))
}

// lmHeader is the first line of the TSV form of an LM.
var lmHeader = []string{"kind", "a", "b", "count"}

// WriteTo writes the model as relation TSV: rows "u word - count" for
// unigrams and "b word1 word2 count" for bigrams, in id order.
func (lm *LM) WriteTo(w io.Writer) (int64, error) {
	cw := &data.CountingWriter{W: w}
	tw := data.NewTSVWriter(cw, lmHeader...)
	for id, word := range lm.words {
		if err := tw.Write("u", word, "", strconv.FormatUint(uint64(lm.uni[id]), 10)); err != nil {
			return cw.N, err
		}
	}
	keys := make([]uint64, 0, len(lm.bi))
	for k := range lm.bi {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		a, b := int32(k>>32), int32(uint32(k))
		if err := tw.Write("b", lm.words[a], lm.words[b], strconv.FormatUint(uint64(lm.bi[k]), 10)); err != nil {
			return cw.N, err
		}
	}
	return cw.N, tw.Err()
}

// ReadLM reads a model written by WriteTo; name is used in error messages.
func ReadLM(r io.Reader, name string) (*LM, error) {
	tr := data.NewTSVReader(r, name, lmHeader...)
	lm := NewLM()
	for {
		f, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		n, err := strconv.ParseUint(f[3], 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: count %q: not a count", name, tr.Line(), f[3])
		}
		switch f[0] {
		case "u":
			id := lm.intern(f[1])
			lm.uni[id] += uint32(n)
			lm.total += n
		case "b":
			a, ok1 := lm.ids[f[1]]
			b, ok2 := lm.ids[f[2]]
			if !ok1 || !ok2 {
				return nil, fmt.Errorf("%s:%d: bigram of words with no unigram row", name, tr.Line())
			}
			lm.addBigram(a, b, uint32(n))
		default:
			return nil, fmt.Errorf("%s:%d: kind %q: want u or b", name, tr.Line(), f[0])
		}
	}
	if lm.total == 0 {
		return nil, errors.New(name + ": empty language model")
	}
	return lm, nil
}
