package model

import (
	"math"
	"slices"
	"strings"

	"ocrfix/candgen"
	"ocrfix/features"
	"ocrfix/lm"
)

// Decisions in context. decode chooses each position alone; decodeContext
// chooses the best path through the lattice, so that neighbouring
// corrections agree with each other ("or tbe" -> "of the"): the path that
// maximises the sum of each chosen candidate's evidence (its log-odds over
// the OCR token's, less the margin of its kind of change; 0 for the OCR
// token) plus weight times the English trigram model's log-probability of
// the path's words. Splits and merges are scored as the words they make.
// The weight is learned with the margins on out-of-fold scores; 0 turns
// the context off (decode).

// contextWidth bounds the candidates a position brings to the path search:
// the OCR token and at most contextWidth others whose evidence is at least
// -band (Model.ContextBand).
const contextWidth = 3

// contextBand is the wider ContextBand a model trained with labels from
// the collections it corrects may take (tuneContext chooses it or 0): the
// language model may make a change the ranker scores up to 4 log-odds
// below its margin (further ones could only win through an implausibly
// strong language-model preference). A model trained Unseen decides each
// position alone. With a band of 4, the real OCR of ads-fall2018,
// corrected by a model of four rendered collections, showed why: the
// changes made below their margin helped 3,402 words and broke 614, where
// those above it broke one word in 27 that they fixed. With a band of 0
// (the language model choosing among the changes the ranker would make)
// the weights learned on the training collections did not carry over
// either: on the leave-one-collection-out splits, deciding alone with the
// same models broke 100 fewer words on ads-fall2018 and 12 fewer on
// periodicals, and had the lower cMER on three of the four collections
// where a weight had been chosen (see the README).
const contextBand = 4.0

// ctxNode is one candidate of a position in the path search.
type ctxNode struct {
	cand  int     // index into the position's candidates; -1: the OCR token, which has none
	span  int     // OCR tokens covered
	local float64 // evidence: log-odds over the OCR token's, less the kind's margin
	ids   []int32 // English ids of its words (noWord entries skipped)
	score float64 // best path score ending with this node
	back  int32   // the node before it on that path (-1: the start)
	p2    int32   // the English ids of the path's last two words
	p1    int32
}

// decodeContext returns the best path through the lattice (see above) in
// the form of decode. eng is the English model; weight the language
// model's weight; band the most a candidate's evidence may fall below 0
// for it to be on a path (Model.ContextBand).
func decodeContext(words []string, cands [][]candgen.Candidate, first []int32, scores []float64, d decider, eng *lm.Model, weight, band float64) []string {
	return decodeContextIDs(words, nil, cands, first, scores, d, eng, weight, band)
}

// decodeContextIDs is decodeContext given the candidates' features (nil:
// none) as features.Compute made them: the English id of each OCR token's
// Norm form (Matrix.Eng; nil: look them up), which stand for the token's
// ids where the token is one field, the English ids of the candidates'
// words (Matrix.RowEngIDs), and the positions sharing a candidate list
// (Matrix.Same; nil: none), whose candidates' margins are worked out once.
func decodeContextIDs(words []string, feat *features.Matrix, cands [][]candgen.Candidate, first []int32, scores []float64, d decider, eng *lm.Model, weight, band float64) []string {
	n := len(words)
	var tokIDs, same []int32
	if feat != nil {
		tokIDs, same = feat.Eng, feat.Same
	}
	if len(tokIDs) != n {
		tokIDs = nil
	}
	start := make([]int32, n+1) // nodes of position i: nodes[start[i]:start[i+1]]
	// The smallest margin of any kind: a candidate whose evidence less it
	// is below -band is out of the band whatever its kind, so its kind
	// (the costly part of its margin) is not worked out.
	minMargin := math.Inf(1)
	for _, mk := range d.margins {
		minMargin = min(minMargin, mk)
	}
	b := ctxBuilder{
		words:  words,
		tokIDs: tokIDs,
		eng:    eng,
		feat:   feat,
		nodes:  make([]ctxNode, 0, 2*n),
		idBuf:  make([]int32, 0, n+n/2),
	}
	if same != nil {
		b.same, b.first = same, first
		b.marg = make([]float64, first[n])
		b.known = make([]bool, first[n])
	}
	for i := 0; i < n; i++ {
		start[i] = int32(len(b.nodes))
		b.addPosition(i, cands[i], scores, int(first[i]), int(first[i+1]), d, minMargin, band)
	}
	start[n] = int32(len(b.nodes))
	nodes := b.nodes
	ends := scoreContextPaths(nodes, start, eng, weight)
	best := int32(-1)
	for _, k := range ends[n] {
		if best < 0 || nodes[k].score > nodes[best].score {
			best = k
		}
	}
	return contextPathWords(words, cands, nodes, start, best)
}

// ctxBuilder gathers the nodes of decodeContextIDs's path search, one
// position after the other.
type ctxBuilder struct {
	words  []string
	tokIDs []int32 // English ids of the OCR tokens' Norm forms (nil: look them up)
	eng    *lm.Model
	feat   *features.Matrix // the candidates' features (nil: none)
	nodes  []ctxNode
	// idBuf backs the nodes' ids (a slice of it stays valid when it grows)
	idBuf []int32
	opts  []ctxOpt // scratch of addPosition
	// same is Matrix.Same (nil: no list is shared) and first the rows'
	// offsets; marg holds the margin of each row's candidate where known
	// is set, kept at the rows of the first position holding the list
	same, first []int32
	marg        []float64
	known       []bool
	// nbAt is 1 + the position whose byNeighbours nb holds (0: none):
	// it is the token's, asked of each of its candidates
	nbAt int
	nb   bool
}

// margin returns d's margin of candidate k (c) of position i, whose rows
// start at lo: worked out once for all the positions sharing the list,
// except for a token or a change whose margin depends on its neighbours
// (byNeighbours, splitByNeighbours).
func (b *ctxBuilder) margin(d decider, i, lo, k int, c *candgen.Candidate) float64 {
	if b.marg == nil {
		return d.margin(b.words, i, c)
	}
	if b.nbAt != i+1 {
		b.nbAt, b.nb = i+1, byNeighbours(b.words[i])
	}
	if b.nb || splitByNeighbours(b.words[i], c.Text) {
		return d.margin(b.words, i, c)
	}
	row := lo + k
	if i < len(b.same) && b.same[i] >= 0 {
		row = int(b.first[b.same[i]]) + k
	}
	if b.known[row] {
		return b.marg[row]
	}
	v := d.margin(b.words, i, c)
	b.marg[row], b.known[row] = v, true
	return v
}

// ctxOpt is a candidate of a position within the band: its index among
// the position's candidates and its evidence.
type ctxOpt struct {
	r int
	e float64
}

// idsOf appends the English ids of text's words (their Norm forms; empty
// ones skipped) to idBuf and returns them, nil when there are none.
func (b *ctxBuilder) idsOf(text string) []int32 {
	from := len(b.idBuf)
	if oneField(text) {
		if nw := features.Norm(text); nw != "" {
			b.idBuf = append(b.idBuf, b.eng.ID(nw))
		}
	} else {
		for _, w := range strings.Fields(text) {
			if nw := features.Norm(w); nw != "" {
				b.idBuf = append(b.idBuf, b.eng.ID(nw))
			}
		}
	}
	if len(b.idBuf) == from {
		return nil
	}
	return b.idBuf[from:len(b.idBuf):len(b.idBuf)]
}

// rowIDsOf returns idsOf(text) for row r of the features, whose
// candidate's text is text: as the features found them when they can say.
func (b *ctxBuilder) rowIDsOf(r int, text string) []int32 {
	if b.feat == nil {
		return b.idsOf(text)
	}
	from := len(b.idBuf)
	ids, ok := b.feat.RowEngIDs(r, b.eng, b.idBuf)
	if !ok {
		return b.idsOf(text)
	}
	b.idBuf = ids
	if len(b.idBuf) == from {
		return nil
	}
	return b.idBuf[from:len(b.idBuf):len(b.idBuf)]
}

// tokIDsOf returns the ids of OCR token i (idsOf of the token)
func (b *ctxBuilder) tokIDsOf(i int) []int32 {
	if b.tokIDs == nil || !oneField(b.words[i]) {
		return b.idsOf(b.words[i])
	}
	// one field: idsOf would give the id of its Norm form, none when
	// that is empty (features.Compute's -2)
	if b.tokIDs[i] < -1 {
		return nil
	}
	b.idBuf = append(b.idBuf, b.tokIDs[i])
	return b.idBuf[len(b.idBuf)-1 : len(b.idBuf) : len(b.idBuf)]
}

// addPosition appends the nodes of position i: the OCR token and its best
// (at most contextWidth) other candidates within the band. cands are the
// position's candidates, scored by scores[lo:hi]; minMargin is the
// smallest of d's margins.
func (b *ctxBuilder) addPosition(i int, cands []candgen.Candidate, scores []float64, lo, hi int, d decider, minMargin, band float64) {
	if lo == hi {
		b.nodes = append(b.nodes, ctxNode{cand: -1, span: 1, ids: b.tokIDsOf(i)})
		return
	}
	orig, _ := bestAndOrig(cands, scores[lo:hi])
	base := 0.0
	if orig >= 0 {
		base = scores[lo+orig]
		b.nodes = append(b.nodes, ctxNode{cand: orig, span: 1, ids: b.tokIDsOf(i)})
	} else {
		// No OCR candidate (cannot happen with candgen, which always
		// keeps the token): the best candidate stands in for it.
		_, best := bestAndOrig(cands, scores[lo:hi])
		base = scores[lo+best]
	}
	n := len(b.words)
	opts := b.opts[:0]
	for r := lo; r < hi; r++ {
		if r-lo == orig {
			continue
		}
		c := &cands[r-lo]
		e := scores[r] - base
		if orig >= 0 {
			if e-minMargin < -band {
				// e - margin <= e - minMargin: out of the band
				continue
			}
			e -= b.margin(d, i, lo, r-lo, c)
		}
		if e >= -band && !math.IsInf(e, -1) && i+max(c.Span, 1) <= n {
			opts = append(opts, ctxOpt{r - lo, e})
		}
	}
	b.opts = opts
	slices.SortStableFunc(opts, func(x, y ctxOpt) int {
		switch {
		case x.e > y.e:
			return -1
		case x.e < y.e:
			return 1
		}
		return x.r - y.r
	})
	if orig < 0 && len(opts) == 0 {
		b.nodes = append(b.nodes, ctxNode{cand: -1, span: 1, ids: b.tokIDsOf(i)})
		return
	}
	for _, o := range opts[:min(len(opts), contextWidth)] {
		c := &cands[o.r]
		b.nodes = append(b.nodes, ctxNode{cand: o.r, span: max(c.Span, 1), local: o.e, ids: b.rowIDsOf(lo+o.r, c.Text)})
	}
}

// scoreContextPaths sets each node's best path score, the node before it
// on that path and the path's last two English ids, position after
// position (nodes of position i: nodes[start[i]:start[i+1]]). It returns
// ends: ends[i] lists the nodes whose span ends just before position i.
func scoreContextPaths(nodes []ctxNode, start []int32, eng *lm.Model, weight float64) [][]int32 {
	n := len(start) - 1
	ends := make([][]int32, n+1)
	ends[0] = []int32{-1}
	for i := 0; i < n; i++ {
		for k := start[i]; k < start[i+1]; k++ {
			nd := &nodes[k]
			nd.score = math.Inf(-1)
			for _, pk := range ends[i] {
				s, p2, p1 := 0.0, int32(-1), int32(-1)
				if pk >= 0 {
					pn := &nodes[pk]
					s, p2, p1 = pn.score, pn.p2, pn.p1
				}
				if math.IsInf(s, -1) {
					continue
				}
				var l float64
				for _, w := range nd.ids {
					l += float64(eng.LogProb(p2, p1, w))
					p2, p1 = p1, w
				}
				if t := s + nd.local + weight*l; t > nd.score {
					nd.score, nd.back, nd.p2, nd.p1 = t, pk, p2, p1
				}
			}
			ends[i+nd.span] = append(ends[i+nd.span], k)
		}
	}
	return ends
}

// contextPathWords returns words with the path ending at node best
// written in: each node's candidate text at its position, "" at the
// further positions a merge covers.
func contextPathWords(words []string, cands [][]candgen.Candidate, nodes []ctxNode, start []int32, best int32) []string {
	n := len(words)
	out := make([]string, n)
	for i := range out {
		out[i] = words[i]
	}
	// Walk the best path back, writing each node's text at its position.
	pos := make([]int, len(nodes))
	for i := 0; i < n; i++ {
		for k := start[i]; k < start[i+1]; k++ {
			pos[k] = i
		}
	}
	for k := best; k >= 0; k = nodes[k].back {
		nd := &nodes[k]
		i := pos[k]
		if nd.cand < 0 {
			continue
		}
		c := &cands[i][nd.cand]
		if c.Source&candgen.SrcOriginal != 0 && c.Span <= 1 {
			continue
		}
		out[i] = c.Text
		for j := 1; j < nd.span; j++ {
			out[i+j] = ""
		}
	}
	return out
}

// oneField reports whether strings.Fields(s) is s itself: s is not empty,
// all ASCII, and holds no white space.
func oneField(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80, c == ' ', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		}
	}
	return true
}
