package candgen

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/data"
)

// TrainPair is one training document: its ground-truth words and the words
// of its OCR reading, in order.
type TrainPair struct {
	GT, OCR []string
}

// ConfusionOptions controls LearnConfusion. The zero value means the
// defaults.
type ConfusionOptions struct {
	// Smooth is the weight of the backoff distribution added to the counts
	// of each true character (additive smoothing toward the global error
	// rates); default 1.
	Smooth float64
	// MinMulti is the fewest observations a many-to-one or one-to-many
	// confusion (rn->m) needs to enter the model; default 2.
	MinMulti int
	// MaxGap is the longest joined span (runes) of unequal word counts that
	// is aligned character-wise to learn splits and merges; default 120.
	MaxGap int
	// Passes is the number of alignment passes: the first aligns with unit
	// costs, later passes with the costs learned by the previous one;
	// default 2.
	Passes int
}

func (o ConfusionOptions) withDefaults() ConfusionOptions {
	if o.Smooth <= 0 {
		o.Smooth = 1
	}
	if o.MinMulti <= 0 {
		o.MinMulti = 2
	}
	if o.MaxGap <= 0 {
		o.MaxGap = 120
	}
	if o.Passes <= 0 {
		o.Passes = 2
	}
	return o
}

// opKey names one confusion: the true string T is read as O. Single-rune
// copies (T == O) are counted too.
type opKey struct{ T, O string }

// Confusion is a character-level noisy-channel model P(ocr string | true
// string), learned from aligned training pairs. It holds the raw counts
// (which are what WriteTo saves) and the costs derived from them.
type Confusion struct {
	opt    ConfusionOptions
	ops    map[opKey]int  // confusion counts, copies included
	truthN map[string]int // occurrences of true substrings (1 or 2 runes)
	chars  int            // true characters seen (insertion positions)
	// token-level statistics of word pairs aligned one to one
	pre, suf map[opKey]int // true leading/trailing punctuation -> OCR's
	cases    map[opKey]int // true case pattern -> OCR's (caseNames)
	toks     map[opKey]int // true token -> a different OCR token

	// derived by finish()
	eSub, eDel, eIns float64 // global rates
	alpha            float64 // alphabet size (distinct runes seen)
	copyA            [128]float32
	subA             [128][128]float32
	delA             [128]float32
	insA             [128]float32
	subDefA          [128]float32 // unseen substitution cost by true ASCII rune
	copyM            map[rune]float32
	subM             map[uint64]float32
	subDefM          map[rune]float32
	delM             map[rune]float32
	insM             map[rune]float32
	defCopy          float32 // costs for runes never seen in the truth
	defSub           float32
	defDel           float32
	defIns           float32
	multi            map[rune][]multiOp // many-to-one / one-to-many, by first true rune
	// the same split for the DP: one-rune true sides by rune, two-rune
	// ones by the pair (through a table for ASCII pairs)
	multi1A [128][]multiOp
	multi1M map[rune][]multiOp
	multi2  map[uint64][]multiOp
	// multi2A indexes the lists of multi2 whose two true runes are ASCII
	// (a<<7 | b): 1 + the list's index in multi2L, 0 for none
	multi2A *[128 * 128]uint16
	multi2L [][]multiOp
	nTrue   map[rune]float64 // occurrences of each true rune in aligned material

	preVar, sufVar map[string][]string // OCR affix -> plausible true affixes, likeliest first
	prePrior       map[string]float64  // log P(true leading punctuation)
	sufPrior       map[string]float64  // log P(true trailing punctuation)
	affixFloor     float64             // log prior of an affix never seen true
	caseVar        map[uint8][]uint8   // OCR case pattern -> plausible true patterns
	tokMem         map[string][]string // OCR token -> true tokens seen for it (>= 2 times)

	// trained is the confusion learned in training when this one is
	// Adapted to a collection's habits or floored (WithSubstitutionFloor;
	// nil otherwise): look-alikes come from it (see Adapted); habits are
	// the misreadings it was adapted to.
	trained *Confusion
	habits  []Habit
	// subFloor is the most a substitution of a letter by another letter
	// costs, in nats (WithSubstitutionFloor; 0: no such bound)
	subFloor float32
}

// multiOp is a learned confusion of a true string of 1-2 runes read as an
// OCR string of 1-2 runes with at least one side of length 2.
type multiOp struct {
	t, o []rune
	cost float32
	// o0 is o[0] (0 when o is empty), so relaxMulti tests an op's first
	// OCR rune without reading o
	o0 rune
}

// LearnConfusion learns the confusion model from training pairs. Words are
// aligned with align.Align; between consecutive matched words, spans with
// equal word counts are paired word by word, and spans with unequal counts
// are aligned as joined strings (spaces are characters, so splits and
// merges are learned as space insertions and deletions). Characters are
// aligned with align.EditOps, and adjacent edits are merged into
// many-to-one and one-to-many confusions (rn->m, m->rn).
func LearnConfusion(pairs []TrainPair, opt ConfusionOptions) *Confusion {
	opt = opt.withDefaults()
	var c *Confusion
	for pass := 0; pass < opt.Passes; pass++ {
		next := newConfusion(opt)
		var costs align.Costs
		if c != nil {
			costs = alignCosts{c}
		}
		for _, p := range pairs {
			next.learnPair(p, costs)
		}
		next.finish()
		c = next
	}
	return c
}

func newConfusion(opt ConfusionOptions) *Confusion {
	return &Confusion{opt: opt, ops: make(map[opKey]int), truthN: make(map[string]int),
		pre: map[opKey]int{}, suf: map[opKey]int{}, cases: map[opKey]int{}, toks: map[opKey]int{}}
}

// alignCosts adapts a learned model to align.Costs for later passes.
type alignCosts struct{ c *Confusion }

func (a alignCosts) Sub(x, y rune) float64 {
	if x == y {
		return 0
	}
	return float64(a.c.subCost(x, y))
}
func (a alignCosts) Ins(y rune) float64 { return float64(a.c.insCost(y)) }
func (a alignCosts) Del(x rune) float64 { return float64(a.c.delCost(x)) }

func (c *Confusion) learnPair(p TrainPair, costs align.Costs) {
	v := align.NewVocab()
	g, o := v.IDs(p.GT), v.IDs(p.OCR)
	flush := func(gi, ge, oi, oe int) {
		ng, no := ge-gi, oe-oi
		switch {
		case ng == 0 || no == 0:
			// whole words lost or spurious: not character confusions
		default:
			if ng == no {
				for k := 0; k < ng; k++ {
					c.learnToken(p.GT[gi+k], p.OCR[oi+k])
				}
			}
			gs, os := strings.Join(p.GT[gi:ge], " "), strings.Join(p.OCR[oi:oe], " ")
			switch {
			case ng == 1 && no == 1:
				c.learnStrings(gs, os, costs)
			case utf8.RuneCountInString(gs) <= c.opt.MaxGap && utf8.RuneCountInString(os) <= c.opt.MaxGap:
				// joined, so splits and merges show as space edits
				c.learnStrings(gs, os, costs)
			case ng == no:
				for k := 0; k < ng; k++ {
					c.learnStrings(p.GT[gi+k], p.OCR[oi+k], costs)
				}
			}
		}
	}
	align.Walk(align.Align(g, o), len(p.GT), len(p.OCR), flush, func(pr align.Pair) {
		c.copyString(p.GT[pr.A])
		c.learnToken(p.GT[pr.A], p.OCR[pr.B])
	})
}

// learnToken counts the token-level statistics of a true word and its
// one-to-one OCR reading.
func (c *Confusion) learnToken(gt, ocr string) {
	gp, gc, gs := SplitAffix(gt)
	op, oc, os := SplitAffix(ocr)
	c.pre[opKey{gp, op}]++
	c.suf[opKey{gs, os}]++
	if gc != "" && oc != "" {
		c.cases[opKey{caseNames[casePattern(gc)], caseNames[casePattern(oc)]}]++
	}
	if gt != ocr {
		c.toks[opKey{gt, ocr}]++
	}
}

// countTruth counts the runes and rune bigrams of a true string.
func (c *Confusion) countTruth(t []rune) {
	for i, r := range t {
		c.truthN[string(r)]++
		if i+1 < len(t) {
			c.truthN[string(t[i:i+2])]++
		}
	}
	c.chars += len(t) + 1
}

// copyString counts a true word read correctly.
func (c *Confusion) copyString(w string) {
	t := []rune(w)
	c.countTruth(t)
	for _, r := range t {
		s := string(r)
		c.ops[opKey{s, s}]++
	}
}

// learnStrings aligns a true string with its OCR reading and counts the
// edits. Readings too unlike the truth (more edits than 60% of the longer
// string, garbage) teach nothing and are skipped.
func (c *Confusion) learnStrings(gt, ocr string, costs align.Costs) {
	t, o := []rune(gt), []rune(ocr)
	_, ops := align.EditOps(t, o, nil)
	edits := 0
	for _, op := range ops {
		if op.Kind != align.Match {
			edits++
		}
	}
	if float64(edits) > 0.6*float64(max(len(t), len(o))) {
		return
	}
	if costs != nil {
		_, ops = align.EditOps(t, o, costs)
	}
	c.countTruth(t)
	for i, op := range ops {
		switch op.Kind {
		case align.Match:
			s := string(op.A)
			c.ops[opKey{s, s}]++
			continue
		case align.Sub:
			c.ops[opKey{string(op.A), string(op.B)}]++
		case align.Del:
			c.ops[opKey{string(op.A), ""}]++
		case align.Ins:
			c.ops[opKey{"", string(op.B)}]++
		}
		// merge with the next edit into a 2-rune confusion (rn->m, m->rn, li->h)
		if i+1 < len(ops) && ops[i+1].Kind != align.Match {
			ts, os := opText(op, ops[i+1])
			if ts != "" && utf8.RuneCountInString(ts) <= 2 && utf8.RuneCountInString(os) <= 2 {
				c.ops[opKey{ts, os}]++
			}
		}
		// and with a neighbouring match: "in" read "m" is Sub(i,m)+Del(n);
		// "m" read "rn" may be Match(m)... covered above; an edit beside a
		// match gives e.g. "cl"->"d" as Del(c)+Sub(l,d) (two edits, above).
	}
}

// opText concatenates the true and OCR sides of two operations.
func opText(a, b align.Op) (string, string) {
	var t, o []rune
	for _, op := range []align.Op{a, b} {
		switch op.Kind {
		case align.Match, align.Sub:
			t = append(t, op.A)
			o = append(o, op.B)
		case align.Del:
			t = append(t, op.A)
		case align.Ins:
			o = append(o, op.B)
		}
	}
	return string(t), string(o)
}

func costOf(p float64) float32 {
	if p <= 0 {
		return 50
	}
	if p > 1 {
		p = 1
	}
	return float32(-math.Log(p))
}

// finish derives the costs from the counts.
func (c *Confusion) finish() {
	nSub, nDel, nIns, nChar, nSeen := c.opTotals()
	c.finishTokens()
	if nChar == 0 {
		nChar = 1
	}
	// global rates, floored so the model never forbids an edit
	c.eSub = math.Max(float64(nSub)/float64(nChar), 1e-4)
	c.eDel = math.Max(float64(nDel)/float64(nChar), 1e-4)
	c.eIns = math.Max(float64(nIns)/float64(max(c.chars, 1)), 1e-4)
	c.alpha = math.Max(float64(nSeen), 50)
	if t := c.trained; t != nil {
		// adapted to habits (Adapted): the habit is one rune's, and the
		// smoothing of every other stays the trained model's
		c.eSub, c.eDel, c.eIns, c.alpha = t.eSub, t.eDel, t.eIns, t.alpha
	}
	s := c.opt.Smooth

	c.setDefaultCosts()
	nTrue := c.setTrueRuneCosts(s)
	keys := c.sortedOps()
	c.setOpCosts(keys, nTrue, s)
	c.floorLetterSubs()
	c.indexMulti(keys)
}

// floorLetterSubs prices each substitution of an ASCII letter by another
// at c.subFloor at most (the other letters' in subCost).
func (c *Confusion) floorLetterSubs() {
	if c.subFloor <= 0 {
		return
	}
	for a := range c.subA {
		if !asciiLetter(rune(a)) {
			continue
		}
		for b := range c.subA[a] {
			if b != a && asciiLetter(rune(b)) {
				c.subA[a][b] = min(c.subA[a][b], c.subFloor)
			}
		}
	}
}

// asciiLetter reports whether r is an ASCII letter.
func asciiLetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }

// opTotals returns the counts of single-rune substitutions, deletions and
// insertions among the learned edits, the count of true runes they cover
// (copies, substitutions and deletions), and the number of distinct runes
// on either side of any edit.
func (c *Confusion) opTotals() (nSub, nDel, nIns, nChar, nSeen int) {
	seen := map[rune]bool{}
	for k, n := range c.ops {
		tr, or := []rune(k.T), []rune(k.O)
		for _, r := range tr {
			seen[r] = true
		}
		for _, r := range or {
			seen[r] = true
		}
		switch {
		case len(tr) == 1 && len(or) == 1:
			nChar += n
			if tr[0] != or[0] {
				nSub += n
			}
		case len(tr) == 1 && len(or) == 0:
			nChar += n
			nDel += n
		case len(tr) == 0 && len(or) == 1:
			nIns += n
		}
	}
	return nSub, nDel, nIns, nChar, len(seen)
}

// setDefaultCosts sets the default costs of the single-rune edits from the
// global rates, and every per-rune cost to them.
func (c *Confusion) setDefaultCosts() {
	c.defCopy = costOf(1 - c.eSub - c.eDel)
	c.defSub = costOf(c.eSub / c.alpha)
	c.defDel = costOf(c.eDel)
	c.defIns = costOf(c.eIns / c.alpha)
	c.copyM = map[rune]float32{}
	c.subM = map[uint64]float32{}
	c.subDefM = map[rune]float32{}
	c.delM = map[rune]float32{}
	c.insM = map[rune]float32{}
	for i := range c.copyA {
		c.copyA[i] = c.defCopy
		c.delA[i] = c.defDel
		c.insA[i] = c.defIns
		c.subDefA[i] = c.defSub
		for j := range c.subA[i] {
			c.subA[i][j] = c.defSub
		}
	}
}

// setTrueRuneCosts sets the copy, deletion and default substitution costs
// of each true rune seen, smoothed by s towards the global rates, and
// returns (and keeps in c.nTrue) its total N(a): copies + subs + dels.
func (c *Confusion) setTrueRuneCosts(s float64) map[rune]float64 {
	nTrue := map[rune]float64{}
	c.nTrue = nTrue
	for k, n := range c.ops {
		tr, or := []rune(k.T), []rune(k.O)
		if len(tr) == 1 && len(or) <= 1 {
			nTrue[tr[0]] += float64(n)
		}
	}
	for a, n := range nTrue {
		d := n + s
		def := costOf(s * c.eSub / c.alpha / d)
		cp := costOf((float64(c.ops[opKey{string(a), string(a)}]) + s*(1-c.eSub-c.eDel)) / d)
		del := costOf((float64(c.ops[opKey{string(a), ""}]) + s*c.eDel) / d)
		if a < 128 {
			c.copyA[a], c.delA[a], c.subDefA[a] = cp, del, def
			for j := range c.subA[a] {
				c.subA[a][j] = def
			}
		} else {
			c.copyM[a], c.delM[a], c.subDefM[a] = cp, del, def
		}
	}
	return nTrue
}

// setOpCosts sets, from the learned edits in sorted order keys, the cost
// of each substitution and insertion seen, smoothed by s, and collects in
// c.multi the multi-rune confusions seen at least MinMulti times.
func (c *Confusion) setOpCosts(keys []opKey, nTrue map[rune]float64, s float64) {
	insTotal := float64(max(c.chars, 1)) + s
	c.multi = map[rune][]multiOp{}
	for _, k := range keys {
		n := float64(c.ops[k])
		tr, or := []rune(k.T), []rune(k.O)
		switch {
		case len(tr) == 1 && len(or) == 1 && tr[0] != or[0]:
			a, b := tr[0], or[0]
			cost := costOf((n + s*c.eSub/c.alpha) / (nTrue[a] + s))
			if a < 128 && b < 128 {
				c.subA[a][b] = cost
			} else {
				c.subM[pairKey(a, b)] = cost
			}
		case len(tr) == 0 && len(or) == 1:
			cost := costOf((n + s*c.eIns/c.alpha) / insTotal)
			if or[0] < 128 {
				c.insA[or[0]] = cost
			} else {
				c.insM[or[0]] = cost
			}
		case len(tr) >= 1 && (len(tr) == 2 || len(or) == 2) && int(n) >= c.opt.MinMulti:
			nt := float64(c.truthN[k.T])
			if nt < n {
				nt = n
			}
			op := multiOp{t: tr, o: or, cost: costOf(n / (nt + s))}
			if len(or) > 0 {
				op.o0 = or[0]
			}
			c.multi[tr[0]] = append(c.multi[tr[0]], op)
		}
	}
}

// indexMulti indexes the multi-rune confusions of c.multi for the DP, in
// the sorted order keys: by one true rune (ASCII or not) and by a pair,
// with a mask of the ASCII pairs that have any.
func (c *Confusion) indexMulti(keys []opKey) {
	c.multi1M = map[rune][]multiOp{}
	c.multi2 = map[uint64][]multiOp{}
	c.multi1A = [128][]multiOp{}
	c.multi2A, c.multi2L = new([128 * 128]uint16), nil
	for _, k := range keys { // sorted: deterministic order
		tr := []rune(k.T)
		if len(tr) == 0 {
			continue
		}
		var op *multiOp
		for i := range c.multi[tr[0]] {
			if x := &c.multi[tr[0]][i]; string(x.t) == k.T && string(x.o) == k.O {
				op = x
				break
			}
		}
		if op == nil {
			continue
		}
		a := tr[0]
		switch {
		case len(tr) == 1 && a >= 0 && a < 128:
			c.multi1A[a] = append(c.multi1A[a], *op)
		case len(tr) == 1:
			c.multi1M[a] = append(c.multi1M[a], *op)
		default:
			b := tr[1]
			c.multi2[pairKey(a, b)] = append(c.multi2[pairKey(a, b)], *op)
			if a >= 0 && a < 128 && b >= 0 && b < 128 && c.multi2A[a<<7|b] == 0 {
				c.multi2L = append(c.multi2L, nil)
				c.multi2A[a<<7|b] = uint16(len(c.multi2L))
			}
		}
	}
	for k, l := range c.multi2 {
		if a, b := rune(k>>32), rune(uint32(k)); a >= 0 && a < 128 && b >= 0 && b < 128 {
			c.multi2L[c.multi2A[a<<7|b]-1] = l
		}
	}
}

// Token-level variant thresholds: an affix or case pattern becomes a
// variant of an OCR one when it is its truth at least this share of the time.
const (
	minVariantShare = 0.005
	maxVariants     = 4
)

func (c *Confusion) finishTokens() {
	variants := func(m map[opKey]int) map[string][]string {
		byOCR := map[string]int{}
		for k, n := range m {
			byOCR[k.O] += n
		}
		type tv struct {
			t string
			n int
		}
		lists := map[string][]tv{}
		for k, n := range m {
			if k.T == k.O {
				continue
			}
			if float64(n) >= minVariantShare*float64(byOCR[k.O]) && n >= 2 {
				lists[k.O] = append(lists[k.O], tv{k.T, n})
			}
		}
		out := map[string][]string{}
		for o, l := range lists {
			sort.Slice(l, func(i, j int) bool {
				if l[i].n != l[j].n {
					return l[i].n > l[j].n
				}
				return l[i].t < l[j].t
			})
			if len(l) > maxVariants {
				l = l[:maxVariants]
			}
			for _, x := range l {
				out[o] = append(out[o], x.t)
			}
		}
		return out
	}
	c.preVar, c.sufVar = variants(c.pre), variants(c.suf)
	prior := func(m map[opKey]int) map[string]float64 {
		tot := 0
		byT := map[string]int{}
		for k, n := range m {
			byT[k.T] += n
			tot += n
		}
		out := map[string]float64{}
		for t, n := range byT {
			out[t] = math.Log((float64(n) + 0.5) / (float64(tot) + 1))
		}
		return out
	}
	c.prePrior, c.sufPrior = prior(c.pre), prior(c.suf)
	tot := 0
	for _, n := range c.suf {
		tot += n
	}
	c.affixFloor = math.Log(0.5 / (float64(tot) + 1))
	c.caseVar = map[uint8][]uint8{}
	caseID := map[string]uint8{}
	for i, n := range caseNames {
		caseID[n] = uint8(i)
	}
	cv := variants(c.cases)
	for o, ts := range cv {
		for _, t := range ts {
			c.caseVar[caseID[o]] = append(c.caseVar[caseID[o]], caseID[t])
		}
	}
	c.tokMem = map[string][]string{}
	keys := make([]opKey, 0)
	for k, n := range c.toks {
		if n >= 2 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := c.toks[keys[i]], c.toks[keys[j]]
		if a != b {
			return a > b
		}
		return keys[i].T < keys[j].T
	})
	for _, k := range keys {
		if len(c.tokMem[k.O]) < maxVariants {
			c.tokMem[k.O] = append(c.tokMem[k.O], k.T)
		}
	}
}

// affixPrior returns log P(pre) + log P(suf) for true punctuation.
func (c *Confusion) affixPrior(pre, suf string) float64 {
	a, ok := c.prePrior[pre]
	if !ok {
		a = c.affixFloor
	}
	b, ok := c.sufPrior[suf]
	if !ok {
		b = c.affixFloor
	}
	return a + b
}

func pairKey(a, b rune) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

func (c *Confusion) copyCost(a rune) float32 {
	if a >= 0 && a < 128 {
		return c.copyA[a]
	}
	if v, ok := c.copyM[a]; ok {
		return v
	}
	return c.defCopy
}

// copyPath returns the cost of the alignment of s with itself that copies
// every rune, summed in the order costBound sums it along its diagonal:
// no alignment of s with s costs less than the best, so the best is at
// most this, and as costBound's bound it prunes only cells no path to the
// best passes through (every cost is >= 0): Cost(s, s, copyPath(s)) is
// Cost(s, s, +Inf), bit for bit, with fewer cells relaxed.
func (c *Confusion) copyPath(s string) float32 {
	var sum float32
	for _, r := range s {
		sum += c.copyCost(r)
	}
	return sum
}

func (c *Confusion) subCost(a, b rune) float32 {
	if a >= 0 && a < 128 && b >= 0 && b < 128 {
		return c.subA[a][b]
	}
	v, ok := c.subM[pairKey(a, b)]
	if !ok {
		v = runeCost(a, &c.subDefA, c.subDefM, c.defSub)
	}
	if c.subFloor > 0 && v > c.subFloor && a != b && unicode.IsLetter(a) && unicode.IsLetter(b) {
		return c.subFloor
	}
	return v
}

func (c *Confusion) delCost(a rune) float32 { return runeCost(a, &c.delA, c.delM, c.defDel) }

func (c *Confusion) insCost(b rune) float32 { return runeCost(b, &c.insA, c.insM, c.defIns) }

// sortedOps returns the keys of the learned edits, by true then OCR
// string (a fixed order, so learning and writing are deterministic).
func (c *Confusion) sortedOps() []opKey {
	keys := make([]opKey, 0, len(c.ops))
	for k := range c.ops {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].T != keys[j].T {
			return keys[i].T < keys[j].T
		}
		return keys[i].O < keys[j].O
	})
	return keys
}

// runeCost is the cost of rune r from a table of ASCII costs, a map of the
// others, and a default for runes in neither.
func runeCost(r rune, ascii *[128]float32, other map[rune]float32, def float32) float32 {
	if r >= 0 && r < 128 {
		return ascii[r]
	}
	if v, ok := other[r]; ok {
		return v
	}
	return def
}

// LogProb returns log P(ocr | truth): the best (Viterbi) alignment of the two
// strings under the model, copies, substitutions, insertions, deletions and
// the learned many-to-one confusions each contributing their log
// probability. It is never -Inf: unseen edits get a smoothed backoff cost.
func (c *Confusion) LogProb(ocr, truth string) float64 {
	return -c.Cost(ocr, truth, math.MaxFloat32)
}

// Cost is -LogProb(ocr, truth) with an early exit: when every alignment
// costs more than bound it returns a value > bound (possibly +Inf) as soon
// as that is certain.
func (c *Confusion) Cost(ocr, truth string, bound float64) float64 {
	var tb, ob [48]rune
	var insB [48]float32
	var nxtB [48]int16
	q := newOCRSide(ob[:], insB[:], nxtB[:])
	q.reset(c, ocr)
	return q.cost(c, appendRunes(tb[:0], truth), bound)
}

func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// ocrSide is the OCR string of the DP prepared once, for scoring many true
// strings against it: its runes, their insertion costs, and where each
// ASCII rune occurs (a linked list: first, then nxt), so a multi-rune
// confusion visits only the columns where its OCR side starts.
type ocrSide struct {
	o     []rune
	ins   []float32
	first [128]int16
	nxt   []int16
	tbuf  []rune
	// dp is the DP table's scratch of a side used for many strings
	// (newScratchSide); nil for a short-lived one, whose DP uses a buffer
	// on the stack
	dp []float32
}

// newScratchSide returns an ocrSide that keeps its DP table between calls.
func newScratchSide() ocrSide { return ocrSide{dp: make([]float32, 0, 1024)} }

// newOCRSide returns an ocrSide whose buffers are the given arrays' (so a
// short-lived one stays on the stack).
func newOCRSide(ob []rune, ins []float32, nxt []int16) ocrSide {
	return ocrSide{o: ob[:0], ins: ins[:0], nxt: nxt[:0]}
}

// reset prepares q for the OCR string ocr. (Its slices are only ever
// resliced or replaced by new ones, never appended to, so an ocrSide over
// stack arrays stays on the stack.)
func (q *ocrSide) reset(c *Confusion, ocr string) {
	m := utf8.RuneCountInString(ocr)
	if cap(q.o) < m {
		q.o = make([]rune, m)
	}
	if cap(q.ins) < m {
		q.ins = make([]float32, m)
	}
	if cap(q.nxt) < m {
		q.nxt = make([]int16, m)
	}
	q.o, q.ins, q.nxt = q.o[:m], q.ins[:m], q.nxt[:m]
	j := 0
	for _, r := range ocr {
		q.o[j] = r
		q.ins[j] = c.insCost(r)
		j++
	}
	for k := range q.first {
		q.first[k] = -1
	}
	for j := m - 1; j >= 0; j-- {
		q.nxt[j] = -1
		if r := q.o[j]; r >= 0 && r < 128 {
			q.nxt[j] = q.first[r]
			q.first[r] = int16(j)
		}
	}
}

// costOf returns the cost of true string t (a string) against the
// prepared OCR side, with costBound's early exit.
func (q *ocrSide) costOf(c *Confusion, t string, bound float64) float64 {
	q.tbuf = appendRunes(q.tbuf[:0], t)
	return q.cost(c, q.tbuf, bound)
}

func (q *ocrSide) cost(c *Confusion, t []rune, bound float64) float64 {
	return float64(c.costBound(t, q, float32(math.Min(bound, math.MaxFloat32))))
}

// infRow is +Inf in every cell: the DP's cells before relaxation, copied.
var infRow = func() (r [1024]float32) {
	for i := range r {
		r[i] = float32(math.Inf(1))
	}
	return r
}()

// costBound runs the forward Viterbi DP of t (true) against the prepared
// OCR side q, giving up (+Inf) once every open path costs more than bound.
func (c *Confusion) costBound(t []rune, q *ocrSide, bound float32) float32 {
	n, m := len(t), len(q.o)
	w := m + 1
	need := (n + 1) * w
	var d []float32
	switch {
	case cap(q.dp) >= need:
		d = q.dp[:need]
	case q.dp != nil:
		q.dp = make([]float32, need, 2*need)
		d = q.dp
	case need <= 1024:
		var buf [1024]float32
		d = buf[:need]
	default:
		d = make([]float32, need)
	}
	inf := float32(math.Inf(1))
	for k := 0; k < len(d); k += len(infRow) {
		copy(d[k:], infRow[:])
	}
	d[0] = 0
	for i := 0; i <= n; i++ {
		row := d[i*w : i*w+w]
		if i == n {
			// last row: insertions only
			for j := 0; j < m; j++ {
				if v := row[j] + q.ins[j]; v < row[j+1] {
					row[j+1] = v
				}
			}
			break
		}
		next := d[(i+1)*w : (i+2)*w]
		if rowMin := c.relaxRow(t[i], q, row, next, bound); rowMin > bound {
			nextMin := inf
			for _, v := range next {
				if v < nextMin {
					nextMin = v
				}
			}
			if nextMin > bound {
				return inf
			}
			continue // every relaxation from this row ends above bound
		}
		c.relaxMulti(t, i, q, d, w, row)
	}
	return d[n*w+m]
}

// relaxRow relaxes, from the cells of row (true rune ti) within bound,
// the single-rune edits: insertions within row, deletions, copies and
// substitutions into next. It returns the least cost in row within bound
// (+Inf if none). A cell above bound is skipped: every cost is >= 0, so
// no path through it ends within bound, and an optimum within bound never
// uses it. The cell of row a step reads (after the insertion into it) and
// the cell of next it relaxes last are carried in registers from step to
// step, not stored and read back.
func (c *Confusion) relaxRow(ti rune, q *ocrSide, row, next []float32, bound float32) float32 {
	o, ins := q.o, q.ins
	m := len(o)
	row, next = row[:m+1], next[:m+1]
	del := c.delCost(ti)
	cp := c.copyCost(ti)
	var subRow *[128]float32
	if ti >= 0 && ti < 128 {
		subRow = &c.subA[ti]
	}
	rowMin := float32(math.Inf(1))
	cur, pend := row[0], next[0] // row[j] (final), next[j] so far
	for j := 0; j < m; j++ {
		r1, n1 := row[j+1], next[j+1]
		if !(cur > bound) {
			if cur < rowMin {
				rowMin = cur
			}
			if v := cur + del; v < pend {
				pend = v
			}
			if v := cur + ins[j]; v < r1 {
				r1 = v
				row[j+1] = v
			}
			oj := o[j]
			var e float32
			switch {
			case ti == oj:
				e = cp
			case subRow != nil && oj >= 0 && oj < 128:
				e = subRow[oj]
			default:
				e = c.subCost(ti, oj)
			}
			if v := cur + e; v < n1 {
				n1 = v
			}
		}
		next[j] = pend
		cur, pend = r1, n1
	}
	if !(cur > bound) {
		if cur < rowMin {
			rowMin = cur
		}
		if v := cur + del; v < pend {
			pend = v
		}
	}
	next[m] = pend
	return rowMin
}

// relaxMulti relaxes from row i of the DP d (rows of w cells) the
// multi-rune confusions whose true side matches t at i, skipping those
// whose OCR side starts with an ASCII rune absent from q.
func (c *Confusion) relaxMulti(t []rune, i int, q *ocrSide, d []float32, w int, row []float32) {
	ti := t[i]
	first := &q.first
	var l1 []multiOp
	if ti >= 0 && ti < 128 {
		l1 = c.multi1A[ti]
	} else if len(c.multi1M) > 0 {
		l1 = c.multi1M[ti]
	}
	for k := range l1 {
		if op := &l1[k]; len(op.o) == 0 || op.o0 >= 128 || op.o0 < 0 || first[op.o0] >= 0 {
			applyMulti(op, q, row, d[(i+len(op.t))*w:])
		}
	}
	if i+1 < len(t) {
		t1 := t[i+1]
		var l2 []multiOp
		if ti >= 0 && ti < 128 && t1 >= 0 && t1 < 128 && c.multi2A != nil {
			if x := c.multi2A[ti<<7|t1]; x != 0 {
				l2 = c.multi2L[x-1]
			}
		} else {
			l2 = c.multi2[pairKey(ti, t1)]
		}
		for k := range l2 {
			if op := &l2[k]; len(op.o) == 0 || op.o0 >= 128 || op.o0 < 0 || first[op.o0] >= 0 {
				applyMulti(op, q, row, d[(i+len(op.t))*w:])
			}
		}
	}
}

// applyMulti relaxes the cells of dst (the DP from the row len(op.t) below
// row) reached by op from row, which is final by then: multi-rune
// confusions consume at least one true rune, so they only reach later rows.
func applyMulti(op *multiOp, q *ocrSide, row, dst []float32) {
	o, first, nxt := q.o, &q.first, q.nxt
	m := len(o)
	lo := len(op.o)
	switch {
	case lo == 0:
		for j := 0; j <= m; j++ {
			if v := row[j] + op.cost; v < dst[j] {
				dst[j] = v
			}
		}
	case op.o[0] >= 0 && op.o[0] < 128:
		for j := int(first[op.o[0]]); j >= 0; j = int(nxt[j]) {
			if j+lo > m || lo == 2 && o[j+1] != op.o[1] {
				continue
			}
			if v := row[j] + op.cost; v < dst[j+lo] {
				dst[j+lo] = v
			}
		}
	default:
		for j := 0; j+lo <= m; j++ {
			if o[j] != op.o[0] || lo == 2 && o[j+1] != op.o[1] {
				continue
			}
			if v := row[j] + op.cost; v < dst[j+lo] {
				dst[j+lo] = v
			}
		}
	}
}

// Confusion counts, for reports.

// ConfusionCount is one learned confusion and how often it was seen.
type ConfusionCount struct {
	Truth, OCR string // the true string and how OCR read it ("" = deleted / inserted)
	Count      int
	Prob       float64 // share of the occurrences of Truth read as OCR (SubRate)
}

// Top returns the n most frequent confusions (copies excluded), most
// frequent first, ties broken by the strings.
func (c *Confusion) Top(n int) []ConfusionCount {
	var out []ConfusionCount
	for k, cnt := range c.ops {
		if k.T == k.O {
			continue
		}
		out = append(out, ConfusionCount{Truth: k.T, OCR: k.O, Count: cnt})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		if out[i].Truth != out[j].Truth {
			return out[i].Truth < out[j].Truth
		}
		return out[i].OCR < out[j].OCR
	})
	if n >= 0 && len(out) > n {
		out = out[:n]
	}
	for i := range out {
		out[i].Prob = c.SubRate(out[i].Truth, out[i].OCR)
	}
	return out
}

// SubRate returns the share of the occurrences of the true string t that
// OCR read as o (counts only, unsmoothed; 0 when t was never seen).
func (c *Confusion) SubRate(t, o string) float64 {
	var n int
	if r := []rune(t); len(r) == 1 {
		n = int(c.nTrue[r[0]])
	} else {
		n = c.truthN[t]
	}
	if n == 0 {
		return 0
	}
	return float64(c.ops[opKey{t, o}]) / float64(n)
}

// Count returns how many times the true string t was read as o in training
// (t == o: copies of a single rune).
func (c *Confusion) Count(t, o string) int { return c.ops[opKey{t, o}] }

// confusionHeader is the header of the confusion TSV.
var confusionHeader = []string{"kind", "truth", "ocr", "count"}

// WriteTo writes the model's counts as a relation TSV (kind, truth, ocr,
// count): kind "op" rows are confusions (copies included), "n" rows the
// occurrences of true substrings, and one "meta" row each for the
// options and the number of true characters. It implements io.WriterTo.
func (c *Confusion) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	tw := data.NewTSVWriter(cw, confusionHeader...)
	rows := [][]string{
		{"meta", "chars", "", strconv.Itoa(c.chars)},
		{"meta", "smooth", "", strconv.FormatFloat(c.opt.Smooth, 'g', -1, 64)},
		{"meta", "minmulti", "", strconv.Itoa(c.opt.MinMulti)},
	}
	keys := c.sortedOps()
	for _, k := range keys {
		rows = append(rows, []string{"op", k.T, k.O, strconv.Itoa(c.ops[k])})
	}
	for _, km := range []struct {
		kind string
		m    map[opKey]int
	}{{"pre", c.pre}, {"suf", c.suf}, {"case", c.cases}, {"tok", c.toks}} {
		ks := make([]opKey, 0, len(km.m))
		for k := range km.m {
			ks = append(ks, k)
		}
		sort.Slice(ks, func(i, j int) bool {
			if ks[i].T != ks[j].T {
				return ks[i].T < ks[j].T
			}
			return ks[i].O < ks[j].O
		})
		for _, k := range ks {
			rows = append(rows, []string{km.kind, k.T, k.O, strconv.Itoa(km.m[k])})
		}
	}
	ns := make([]string, 0, len(c.truthN))
	for k := range c.truthN {
		ns = append(ns, k)
	}
	sort.Strings(ns)
	for _, k := range ns {
		rows = append(rows, []string{"n", k, "", strconv.Itoa(c.truthN[k])})
	}
	for _, r := range rows {
		if err := tw.Write(r...); err != nil {
			return cw.n, err
		}
	}
	if err := tw.Err(); err != nil {
		return cw.n, err
	}
	return cw.n, nil
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadConfusion reads a model written by WriteTo; name is used in errors,
// which give the line and field at fault.
func ReadConfusion(r io.Reader, name string) (*Confusion, error) {
	tr := data.NewTSVReader(r, name, confusionHeader...)
	c := newConfusion(ConfusionOptions{}.withDefaults())
	line := 1
	for {
		f, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		line++
		if len(f) != 4 {
			return nil, fmt.Errorf("%s:%d: want 4 fields, got %d", name, line, len(f))
		}
		switch f[0] {
		case "meta":
			switch f[1] {
			case "chars":
				n, err := strconv.Atoi(f[3])
				if err != nil || n < 0 {
					return nil, fmt.Errorf("%s:%d: field count: bad character count %q", name, line, f[3])
				}
				c.chars = n
			case "smooth":
				v, err := strconv.ParseFloat(f[3], 64)
				if err != nil || !(v > 0) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("%s:%d: field count: bad smoothing %q", name, line, f[3])
				}
				c.opt.Smooth = v
			case "minmulti":
				n, err := strconv.Atoi(f[3])
				if err != nil || n <= 0 {
					return nil, fmt.Errorf("%s:%d: field count: bad minmulti %q", name, line, f[3])
				}
				c.opt.MinMulti = n
			default:
				return nil, fmt.Errorf("%s:%d: field truth: unknown meta %q", name, line, f[1])
			}
		case "op", "n":
			n, err := strconv.Atoi(f[3])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%s:%d: field count: not a count: %q", name, line, f[3])
			}
			if !utf8.ValidString(f[1]) || !utf8.ValidString(f[2]) {
				return nil, fmt.Errorf("%s:%d: invalid UTF-8", name, line)
			}
			lt, lo := utf8.RuneCountInString(f[1]), utf8.RuneCountInString(f[2])
			if f[0] == "n" {
				if lt < 1 || lt > 2 || f[2] != "" {
					return nil, fmt.Errorf("%s:%d: field truth: an n row needs 1-2 runes and an empty ocr", name, line)
				}
				c.truthN[f[1]] += n
				continue
			}
			if lt > 2 || lo > 2 || lt+lo == 0 {
				return nil, fmt.Errorf("%s:%d: field truth: a confusion has 0-2 runes a side, not both empty", name, line)
			}
			c.ops[opKey{f[1], f[2]}] += n
		case "pre", "suf", "case", "tok":
			n, err := strconv.Atoi(f[3])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%s:%d: field count: not a count: %q", name, line, f[3])
			}
			if !utf8.ValidString(f[1]) || !utf8.ValidString(f[2]) {
				return nil, fmt.Errorf("%s:%d: invalid UTF-8", name, line)
			}
			m := map[string]map[opKey]int{"pre": c.pre, "suf": c.suf, "case": c.cases, "tok": c.toks}[f[0]]
			if f[0] == "case" {
				if !validCase(f[1]) || !validCase(f[2]) {
					return nil, fmt.Errorf("%s:%d: field truth: unknown case pattern", name, line)
				}
			}
			m[opKey{f[1], f[2]}] += n
		default:
			return nil, fmt.Errorf("%s:%d: field kind: unknown kind %q", name, line, f[0])
		}
	}
	c.finish()
	return c, nil
}

func validCase(s string) bool {
	for _, n := range caseNames {
		if n == s {
			return true
		}
	}
	return false
}

// isAlnum reports whether r is a letter or digit (the runes of a word's
// core).
func isAlnum(r rune) bool {
	if r < 128 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
