package features

import (
	"math"

	"ocrfix/candgen"
	"ocrfix/profile"
)

// collFeatures computes the coll_ columns of one document against its
// collection's profile. The profile counts the document's own tokens, so
// each candidate is measured without the OCR tokens it would replace
// (leave-one-out): an OCR error seen once in the collection then counts 0,
// and a form the collection repeats elsewhere keeps its evidence.
type collFeatures struct {
	p     *profile.Profile
	words []string
	norm  []string       // profile.Norm of each OCR token
	ends  []string       // profile.End of each OCR token
	local map[string]int // occurrences of each Norm form in this document
	// localAt is, for each position, local of its Norm form
	localAt []int32
	// prevW and nextW are, for each position, the nearest position before
	// and after it whose Norm form is not empty (-1: none): the
	// neighbours the profile's pairs were counted with.
	prevW, nextW []int32
	// logDen is log(1 + the profile's count of each position's Norm
	// form): the denominator of a pair with it as the neighbour.
	logDen []float64
	size   float32
	docs   float64 // the profile's documents (at least 1)
	// logRel caches p.LogRel(n) of the small counts n (valid where
	// logRelOK is set).
	logRel   [256]float64
	logRelOK [256]bool
	// forms remembers p.Word of the forms seen at position formsAt (the
	// candidates of a position are often variants of one form)
	forms   []formCount
	formsAt int
	// ctx remembers the coll_ctx values of the texts seen at position
	// ctxAt (a position's candidates are often variants of a few forms)
	ctx   []ctxValue
	ctxAt int
	// memo holds the profile counts of one-word candidate texts, by
	// their facts' sequence number (staticInfo.seq)
	memo *collMemo
}

// collMemo remembers, for one document, the profile counts of the
// one-word texts seen (an entry is valid when its stamp is gen).
type collMemo struct {
	stamp []uint32
	val   []collCounts
	gen   uint32
}

// collCounts are the profile's counts of a one-word text: its Norm form,
// its exact spelling, its trailing punctuation.
type collCounts struct {
	word  profile.Count
	exact uint32
	ends  int32
}

// maxMemo bounds the texts a collMemo covers (texts numbered beyond it
// are looked up every time).
const maxMemo = 1 << 20

// collMemo returns a memo for a new document covering the texts numbered
// below n (put it back in res.collMemos when done).
func (res *Resources) collMemo(n int) *collMemo {
	n = min(n, maxMemo)
	cm, _ := res.collMemos.Get().(*collMemo)
	if cm == nil {
		cm = &collMemo{}
	}
	if len(cm.stamp) < n {
		cm.stamp = append(cm.stamp, make([]uint32, n-len(cm.stamp))...)
		cm.val = append(cm.val, make([]collCounts, n-len(cm.val))...)
	}
	cm.gen++
	if cm.gen == 0 {
		clear(cm.stamp)
		cm.gen = 1
	}
	return cm
}

// counts returns the profile counts of ti, a one-word text.
func (cf *collFeatures) counts(ti *staticInfo) collCounts {
	m := cf.memo
	if m != nil && ti.seq >= 0 && int(ti.seq) < len(m.stamp) {
		if m.stamp[ti.seq] == m.gen {
			return m.val[ti.seq]
		}
		c := cf.newCounts(ti)
		m.stamp[ti.seq], m.val[ti.seq] = m.gen, c
		return c
	}
	return cf.newCounts(ti)
}

func (cf *collFeatures) newCounts(ti *staticInfo) collCounts {
	return collCounts{cf.p.Word(ti.collNorms[0]), cf.p.Exact(ti.collExacts[0]).N, int32(cf.p.EndCount(ti.collEnd))}
}

// logHalfPlusSmall holds log(n + 0.5) of the small counts n.
var logHalfPlusSmall = func() (t [64]float64) {
	for n := range t {
		t[n] = math.Log(float64(n) + 0.5)
	}
	return t
}()

// logHalfPlus returns math.Log(float64(n) + 0.5) for a count n >= 0 (most
// word pairs are counted 0 times).
func logHalfPlus(n int) float64 {
	if n < len(logHalfPlusSmall) {
		return logHalfPlusSmall[n]
	}
	return math.Log(float64(n) + 0.5)
}

// ctxValue is a remembered coll_ctx value: that of a text ending its
// span at end whose first and last Norm forms are first and last.
type ctxValue struct {
	end         int
	first, last string
	v           float64
}

// formCount is the profile's count of a Norm form.
type formCount struct {
	form string
	cnt  profile.Count
}

// word returns cf.p.Word(n) for a form at position i.
func (cf *collFeatures) word(i int, n string) profile.Count {
	if cf.formsAt != i {
		cf.forms, cf.formsAt = cf.forms[:0], i
	}
	for _, f := range cf.forms {
		if f.form == n {
			return f.cnt
		}
	}
	c := cf.p.Word(n)
	cf.forms = append(cf.forms, formCount{n, c})
	return c
}

func newCollFeatures(p *profile.Profile, words []string, memo *collMemo) *collFeatures {
	cf := &collFeatures{p: p, words: words, formsAt: -1, ctxAt: -1, memo: memo, norm: make([]string, len(words)), ends: make([]string, len(words)), local: make(map[string]int, len(words)/2)}
	cf.prevW, cf.nextW, cf.logDen = make([]int32, len(words)), make([]int32, len(words)), make([]float64, len(words))
	last := int32(-1)
	for i, w := range words {
		n := profile.Norm(w)
		cf.norm[i] = n
		cf.ends[i] = profile.End(w)
		cf.local[n]++
		cf.prevW[i] = last
		if n != "" {
			last = int32(i)
			cf.logDen[i] = math.Log1p(float64(p.Word(n).N))
		}
	}
	cf.localAt = make([]int32, len(words))
	for i, n := range cf.norm {
		cf.localAt[i] = int32(cf.local[n])
	}
	last = -1
	for i := len(words) - 1; i >= 0; i-- {
		cf.nextW[i] = last
		if cf.norm[i] != "" {
			last = int32(i)
		}
	}
	cf.size = float32(math.Log10(1+float64(p.Tokens())) / 6)
	cf.docs = float64(max(p.Docs(), 1))
	return cf
}

// logRelOf returns cf.p.LogRel(n), remembered for small n.
func (cf *collFeatures) logRelOf(n int) float64 {
	if n >= len(cf.logRel) {
		return cf.p.LogRel(n)
	}
	if !cf.logRelOK[n] {
		cf.logRel[n], cf.logRelOK[n] = cf.p.LogRel(n), true
	}
	return cf.logRel[n]
}

// row fills the five columns coll_freq, coll_docs, coll_exact, coll_end
// and orig_coll_size (out[0] .. out[4]) of candidate c at position i,
// whose text's facts are ti.
func (cf *collFeatures) row(c *candgen.Candidate, i int, ti *staticInfo, out []float32) {
	span := max(c.Span, 1)
	end := min(i+span, len(cf.words))
	covered := cf.words[i:end]
	docs := cf.docs
	var freq, df, exact float64
	var one collCounts // the counts of a one-word text
	if len(ti.collNorms) == 1 {
		one = cf.counts(ti)
	}
	for k, n := range ti.collNorms {
		var cnt profile.Count
		if len(ti.collNorms) == 1 {
			cnt = one.word
		} else {
			cnt = cf.word(i, n)
		}
		self, at := 0, -1 // at: a position among them holding n
		if n != "" {
			for k, m := range cf.norm[i:end] {
				if m == n {
					self++
					at = i + k
				}
			}
		}
		nn := max(int(cnt.N)-self, 0)
		d := int(cnt.DF)
		if self > 0 && int(cf.localAt[at]) <= self {
			d-- // the document holds the form only in the tokens replaced
		}
		freq += cf.logRelOf(nn)
		df += float64(max(d, 0)) / docs
		w := ti.collExacts[k]
		e := one.exact
		if len(ti.collNorms) != 1 {
			e = cf.p.Exact(w).N
		}
		selfE := 0
		for _, x := range covered {
			if x == w {
				selfE++
			}
		}
		exact += cf.logRelOf(max(int(e)-selfE, 0))
	}
	if nw := float64(len(ti.collNorms)); nw > 0 {
		out[0] = float32(freq / nw)
		out[1] = float32(df / nw)
		out[2] = float32(exact / nw)
	}
	ends := int(one.ends)
	if len(ti.collNorms) != 1 {
		ends = cf.p.EndCount(ti.collEnd)
	}
	for _, e := range cf.ends[i:end] {
		if e == ti.collEnd {
			ends--
		}
	}
	out[3] = float32(cf.logRelOf(max(ends, 0)))
	if c.Source&candgen.SrcOriginal != 0 {
		out[4] = cf.size
	}
}

// context returns coll_ctx of a text whose Norm forms are norms, put in
// place of the OCR tokens i..end-1: the mean over its two neighbours (the
// nearest OCR words before and after, as the profile's pairs were
// counted) of log((pairs + 0.5) / (1 + the neighbour's count)), the
// smoothed share of the neighbour's occurrences that the collection
// follows (or precedes) with this text's first (last) word. Each count is
// taken without this position's own OCR pair. A text without a word
// counts no pairs; a position without neighbours gives 0.
func (cf *collFeatures) context(i, end int, norms []string) float64 {
	first, last := "", ""
	for _, n := range norms {
		if n != "" {
			if first == "" {
				first = n
			}
			last = n
		}
	}
	if cf.ctxAt != i {
		cf.ctx, cf.ctxAt = cf.ctx[:0], i
	}
	for _, c := range cf.ctx {
		if c.end == end && c.first == first && c.last == last {
			return c.v
		}
	}
	v := cf.pairsContext(i, end, first, last)
	cf.ctx = append(cf.ctx, ctxValue{end, first, last, v})
	return v
}

// pairsContext is context for a text whose first and last non-empty Norm
// forms are first and last ("" for none).
func (cf *collFeatures) pairsContext(i, end int, first, last string) float64 {
	ocrFirst, ocrLast := "", ""
	for k := i; k < end; k++ {
		if n := cf.norm[k]; n != "" {
			if ocrFirst == "" {
				ocrFirst = n
			}
			ocrLast = n
		}
	}
	var sum float64
	sides := 0
	if l := cf.prevW[i]; l >= 0 {
		n := 0
		if first != "" {
			n = cf.p.Pair(cf.norm[l], first)
			if first == ocrFirst {
				n--
			}
		}
		sum += logHalfPlus(max(n, 0)) - cf.logDen[l]
		sides++
	}
	if r := cf.nextW[end-1]; r >= 0 {
		n := 0
		if last != "" {
			n = cf.p.Pair(last, cf.norm[r])
			if last == ocrLast {
				n--
			}
		}
		sum += logHalfPlus(max(n, 0)) - cf.logDen[r]
		sides++
	}
	if sides == 0 {
		return 0
	}
	return sum / float64(sides)
}
