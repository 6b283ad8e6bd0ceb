package vectors

import (
	"math"
)

// Vectors is a table of unit word vectors. After Train or Load it is
// read-only, and every method is safe for concurrent use; callers must not
// modify Words, Counts or Data.
type Vectors struct {
	Dim    int       // vector size
	Words  []string  // the vocabulary; a word's id is its index (most frequent first after Train)
	Counts []int64   // training counts of Words after Train; nil after Load
	Data   []float32 // len(Words)*Dim: row i is the unit vector of Words[i] (all zeros for a zero vector)

	index map[string]int32
}

// Neighbour is one answer of Nearest.
type Neighbour struct {
	Word string
	Cos  float64
}

func (v *Vectors) buildIndex() {
	v.index = make(map[string]int32, len(v.Words))
	for i, w := range v.Words {
		v.index[w] = int32(i)
	}
}

// Len returns the number of words.
func (v *Vectors) Len() int { return len(v.Words) }

// ID returns the id of word w: its index in Words. It tries w itself, then
// Token(w, false) (w without leading and trailing punctuation), then
// Token(w, true) (also lowercased), so raw OCR tokens such as "House," find
// "house" in lowercased vectors. ok is false when none is known.
func (v *Vectors) ID(w string) (id int32, ok bool) {
	if id, ok := v.index[w]; ok {
		return id, true
	}
	s := Token(w, false)
	if s != w {
		if id, ok := v.index[s]; ok {
			return id, true
		}
	}
	if l := toLower(s); l != s {
		if id, ok := v.index[l]; ok {
			return id, true
		}
	}
	return -1, false
}

// IDs appends to dst the id of each word (-1 for unknown words) and returns
// the extended slice, ready for ContextSimIDs.
func (v *Vectors) IDs(dst []int32, words []string) []int32 {
	for _, w := range words {
		id, _ := v.ID(w)
		dst = append(dst, id)
	}
	return dst
}

// Row returns the unit vector of id, a slice of Data (do not modify it).
// It panics when id is out of range.
func (v *Vectors) Row(id int32) []float32 {
	return v.Data[int(id)*v.Dim : int(id+1)*v.Dim]
}

// Vec returns the unit vector of w (looked up as ID does), a slice of Data
// that must not be modified.
func (v *Vectors) Vec(w string) ([]float32, bool) {
	id, ok := v.ID(w)
	if !ok {
		return nil, false
	}
	return v.Row(id), true
}

// Cos returns the cosine similarity of words a and b; ok is false when
// either is unknown.
func (v *Vectors) Cos(a, b string) (cos float64, ok bool) {
	i, ok1 := v.ID(a)
	j, ok2 := v.ID(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	return v.CosIDs(i, j), true
}

// CosIDs returns the cosine similarity of two ids (0 when either is
// negative).
func (v *Vectors) CosIDs(a, b int32) float64 {
	if a < 0 || b < 0 {
		return 0
	}
	return float64(dot32(v.Row(a), v.Row(b)))
}

// ContextSim returns the cosine of w to the mean of the vectors of the
// known words of context (unknown context words are skipped). It is 0 when
// w is unknown, no context word is known, or the context vectors cancel
// out. Words are looked up as ID does.
func (v *Vectors) ContextSim(w string, context []string) float64 {
	id, ok := v.ID(w)
	if !ok {
		return 0
	}
	var buf [64]int32
	ids := buf[:0]
	if len(context) > len(buf) {
		ids = make([]int32, 0, len(context))
	}
	return v.ContextSimIDs(id, v.IDs(ids, context))
}

// stackDim is the largest Dim for which ContextSimIDs sums the context in a
// stack buffer; larger vectors use a slower pairwise formula. Both are
// allocation-free.
const stackDim = 1024

// ContextSimIDs is ContextSim over ids: the cosine of the vector of id to
// the mean of the vectors of ctx, where negative ids (unknown words) are
// skipped. It is 0 when id is negative or no context vector is known. It
// does not allocate.
func (v *Vectors) ContextSimIDs(id int32, ctx []int32) float64 {
	if id < 0 {
		return 0
	}
	w := v.Row(id)
	switch {
	case v.Dim <= 128:
		var buf [128]float32
		return v.contextSimSum(w, ctx, buf[:v.Dim])
	case v.Dim <= stackDim:
		var buf [stackDim]float32
		return v.contextSimSum(w, ctx, buf[:v.Dim])
	}
	return v.contextSimPairwise(w, ctx)
}

// contextSimSum computes ContextSimIDs by summing the context vectors into
// sum (zeros, len Dim).
func (v *Vectors) contextSimSum(w []float32, ctx []int32, sum []float32) float64 {
	n := 0
	for _, c := range ctx {
		if c < 0 {
			continue
		}
		axpy32(sum, 1, v.Row(c))
		n++
	}
	if n == 0 {
		return 0
	}
	var dot, norm float64
	for i, x := range sum {
		dot += float64(x) * float64(w[i])
		norm += float64(x) * float64(x)
	}
	if norm == 0 {
		return 0
	}
	return dot / math.Sqrt(norm)
}

// contextSimPairwise computes the same cosine as ContextSimIDs from dot
// products only: w.s / |s| with |s|^2 = sum over context pairs.
func (v *Vectors) contextSimPairwise(w []float32, ctx []int32) float64 {
	var dot, norm float64
	n := 0
	for i, a := range ctx {
		if a < 0 {
			continue
		}
		n++
		ra := v.Row(a)
		dot += float64(dot32(w, ra))
		norm += float64(dot32(ra, ra))
		for _, b := range ctx[i+1:] {
			if b >= 0 {
				norm += 2 * float64(dot32(ra, v.Row(b)))
			}
		}
	}
	if n == 0 || norm <= 0 {
		return 0
	}
	return dot / math.Sqrt(norm)
}

// Nearest returns the n words most similar to w by cosine, best first
// (ties in id order), without w itself; nil when w is unknown. It scans
// the whole table.
func (v *Vectors) Nearest(w string, n int) []Neighbour {
	id, ok := v.ID(w)
	if !ok || n <= 0 {
		return nil
	}
	q := v.Row(id)
	type cand struct {
		id  int32
		cos float32
	}
	top := make([]cand, 0, n+1)
	for j := range v.Words {
		if int32(j) == id {
			continue
		}
		c := dot32(q, v.Data[j*v.Dim:(j+1)*v.Dim])
		if len(top) == n && c <= top[n-1].cos {
			continue
		}
		// insert keeping top sorted by cos desc (earlier ids first on ties)
		k := len(top)
		top = append(top, cand{})
		for k > 0 && top[k-1].cos < c {
			top[k] = top[k-1]
			k--
		}
		top[k] = cand{int32(j), c}
		if len(top) > n {
			top = top[:n]
		}
	}
	out := make([]Neighbour, len(top))
	for i, c := range top {
		out[i] = Neighbour{v.Words[c.id], float64(c.cos)}
	}
	return out
}
