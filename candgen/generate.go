package candgen

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/data"
)

// Source flags of a candidate: where it came from (several may be set).
const (
	SrcOriginal uint8 = 1 << iota // the OCR token itself
	SrcLexicon                    // a lexicon word near the token's core
	SrcEngine                     // another OCR reading put it at this position
	SrcSplit                      // the token split into two or more words
	SrcMerge                      // this token merged with the next one(s)
	SrcCase                       // a case pattern, or look-alike runes (l for i, 0 for O), other than the OCR token's
	SrcPunct                      // leading/trailing punctuation other than the OCR token's
	SrcHyphen                     // a line-end hyphenation joined (mar- ket -> market)
)

// Candidate is one proposed reading of the OCR token(s) at a position.
type Candidate struct {
	Text     string  // the proposed text; a space separates the words of a split
	Span     int     // OCR tokens it replaces from this position (1, or 2+ for a merge)
	Source   uint8   // Src* flags
	Edits    int     // rune edit distance from the OCR text it replaces (tokens joined by a space)
	LogConf  float64 // log P(ocr | Text) under the confusion model
	LogPrior float64 // smoothed log prior of Text (lexicon frequency, case, punctuation)
	Memory   int     // times training saw exactly this OCR token read for Text
	Score    float64 // LogConf + PriorWeight*LogPrior: the ranking score
}

// Options controls a Generator. The zero value means the defaults, chosen
// by the oracle study (ocrfix candgen -oracle) on held-out folds; the
// README (Development: tuning notes) says how. Verify, MaxEdits and the
// index depth trade speed for oracle recall.
type Options struct {
	// MaxEdits caps the edit bound on skeletons, 1 + len/4 runes (default 3).
	MaxEdits int
	// IndexDeletes is how many deletions the index stores per skeleton
	// prefix (default 2; none for words known only from word lists, one
	// for those Deep names); IndexPrefix the prefix length indexed
	// (default 9).
	IndexDeletes, IndexPrefix int
	// Deep reports whether a lexicon fold (a lower-case word) known only
	// from word lists is nonetheless searched for a misreading inside its
	// indexed prefix (one deletion deep, where other list words are found
	// only from a prefix read right): package model passes the words of
	// English running text (its English model's), so that a common word
	// no training collection wrote is found from a misreading of its first
	// letters (wondertul -> wonderful, neatty -> neatly). nil: none. It is
	// not saved with a model (the caller sets it each time it makes a
	// generator).
	Deep func(fold string) bool `json:"-"`
	// Whole reports whether a lexicon fold the training truth never wrote
	// (a word of the lexicon without a count) is a word of running text
	// that OCR rarely makes of two words run together: a core with such
	// a fold is not split (a counted word never is). Package model sets
	// it, to the words of its English model, for correcting only
	// (CloneNarrowed). nil: every core the lexicon does not count is
	// tried. Not saved with a model.
	Whole func(fold string) bool `json:"-"`
	// Joins looks up, for every token, the words that the readings of
	// two letters as one that the confusion model learned hide (see the
	// package documentation: `conceming` -> concerning), offers a
	// short unknown token of small letters the commonest short words of
	// the lexicon (`et` -> of; shortWords), and looks up, for an unknown
	// word in capitals, the words that capitals alike in print hide
	// (`CREOSOTKD` -> CREOSOTED; capitalVariants). Not saved with a model:
	// package model sets it for a model trained for collections it has
	// not seen, when it corrects.
	Joins bool `json:"-"`
	// CaseBlind also prices the candidates of a core with case noise
	// case-blind (CaseNoise, caseBlindCost: `CommlttEE` -> Committee,
	// `returnB` -> returns), each at the likelier of its two prices. Not
	// saved with a model: package model sets it, as Joins, for a model
	// trained for collections it has not seen, when it corrects (a model
	// trained with labels from the collection has learned its engine's
	// capitals: on ads-fall2018, ocrfix bench matched 41 words fewer with
	// it).
	CaseBlind bool `json:"-"`
	// K is the hard cap of candidates per position (default 30).
	K int
	// Mass is the cumulative posterior mass at which the list is cut
	// (default 0.9999); MinKeep candidates are kept regardless (default 12).
	Mass    float64
	MinKeep int
	// Verify is how many lexicon words near a core are scored with the
	// confusion model (default 15).
	Verify int
	// PriorWeight weighs the prior against the channel (default 1).
	PriorWeight float64
	// MaxMerge is the most OCR tokens a merge joins (default and most 3;
	// 1 turns merges off). NoSplit turns splits off.
	MaxMerge int
	NoSplit  bool
	// DocMinCount: a word recurring this often in a document's OCR, with
	// no cheap lexicon neighbour, counts as known for that document
	// (default 3; negative turns it off).
	DocMinCount int
}

func (o Options) withDefaults() Options {
	if o.MaxEdits <= 0 {
		o.MaxEdits = 3
	}
	if o.IndexDeletes <= 0 {
		o.IndexDeletes = 2
	}
	if o.IndexPrefix <= 0 {
		o.IndexPrefix = 9
	}
	if o.K <= 0 {
		o.K = 30
	}
	if o.Mass <= 0 || o.Mass > 1 {
		o.Mass = 0.9999
	}
	if o.MinKeep <= 0 {
		o.MinKeep = 12
	}
	if o.Verify <= 0 {
		o.Verify = 15
	}
	if o.PriorWeight <= 0 {
		o.PriorWeight = 1
	}
	if o.MaxMerge <= 0 || o.MaxMerge > 3 {
		o.MaxMerge = 3
	}
	if o.DocMinCount == 0 {
		o.DocMinCount = 3
	}
	return o
}

// Generator proposes candidates. It is not safe for concurrent use (it
// keeps scratch space and a cache of the candidates of each distinct token);
// use one per goroutine.
type Generator struct {
	conf   *Confusion
	lex    *Lexicon
	opt    Options
	sk     *skeleton
	ix     *delIndex
	logN   float64 // log(total + smoothing)
	cache  map[string]*tokEntry
	ccache map[string][]coreCand // coreCands by core (punctuation variants of a core share it)
	// fcache holds foldForms by fold id and OCR case pattern (the id
	// shifted left by 8, or the pattern): the same words are near many
	// cores
	fcache map[uint64][]caseForm

	mark       []uint32
	gen        uint32
	hs         []uint64
	row        []int
	hits       []hit
	hyphenLike map[rune]bool           // '-' and the runes OCR read for it 20 times or more
	inverse    map[rune][]invAlt       // OCR rune -> true runes it often stands for
	joins      []join                  // the two-for-one readings learned (rn read as m) and shapeJoins
	short      []int32                 // the commonest short words (commonShort), with Options.Joins
	casePrior  [len(caseNames)]float64 // share of each case pattern in the lexicon
	caseVar    [len(caseNames)][]uint8 // the confusion model's caseVar, by OCR case pattern
	qbuf       []rune
	topBuf     []float64
	docLx      map[string]int // per-document known words (fold -> count)
	infoBuf    []tokInfo
	formBuf    []string
	lq         levQuery // the query of near, prepared for bit-parallel distance
	elq        levQuery // the token of prune, prepared for the candidates' Edits
	eq, et     []rune   // the runes of elq's query and of a candidate
	bestBuf    []int32
	cq         ocrSide // the core of coreCands, prepared for the confusion DP
	cqf        ocrSide // its lower-case form, for a core with case noise (CaseNoise)
	cqw        ocrSide // that form with the capitals of its noise read as a candidate's (wildForm)
	csBuf      []coreCand
	expBuf     []float64
}

// NewGenerator builds the deletion index over lex (which must not change
// afterwards) and returns a generator. conf may be nil (an untrained model:
// unit-like costs).
func NewGenerator(conf *Confusion, lex *Lexicon, opt Options) *Generator {
	if conf == nil {
		conf = LearnConfusion(nil, ConfusionOptions{})
	}
	if lex == nil {
		lex = NewLexicon()
	}
	opt = opt.withDefaults()
	g := &Generator{conf: conf, lex: lex, opt: opt, cache: map[string]*tokEntry{},
		ccache: map[string][]coreCand{}, fcache: map[uint64][]caseForm{}}
	g.cq = newScratchSide()
	g.cqf = newScratchSide()
	g.cqw = newScratchSide()
	g.sk = learnSkeleton(conf)
	g.ix = buildIndex(lex, g.sk, opt.IndexDeletes, opt.IndexPrefix, opt.Deep)
	g.mark = make([]uint32, g.ix.nskel())
	g.hyphenLike = map[rune]bool{'-': true}
	for k, n := range conf.ops {
		if k.T == "-" && n >= 20 {
			if r := []rune(k.O); len(r) == 1 {
				g.hyphenLike[r[0]] = true
			}
		}
	}
	g.inverse = learnInverse(cmp.Or(conf.trained, conf))
	if opt.Joins {
		g.joins = learnJoins(cmp.Or(conf.trained, conf), joinMinRate)
		for _, j := range shapeJoins {
			if !slices.Contains(g.joins, j) {
				g.joins = append(g.joins, j)
			}
		}
		slices.SortFunc(g.joins, compareJoins)
		g.short = commonShort(lex, shortWords)
	}
	for p := range g.caseVar {
		g.caseVar[p] = conf.caseVar[uint8(p)]
	}
	// case pattern shares over the counted forms (add-one smoothed)
	var pc [len(caseNames)]float64
	tot := 0.0
	for id := range lex.exact {
		pc[casePattern(lex.exact[id].word)] += float64(lex.exact[id].count)
		tot += float64(lex.exact[id].count)
	}
	for i := range pc {
		g.casePrior[i] = (pc[i] + 1) / (tot + float64(len(pc)))
	}
	g.logN = math.Log(float64(lex.total) + 0.5*float64(len(lex.folds)) + 1)
	return g
}

// Clone returns a generator sharing g's model, lexicon and deletion index
// (read-only, so the index is built once) with its own scratch space and
// caches: one clone per goroutine generates concurrently.
func (g *Generator) Clone() *Generator {
	c := *g
	c.cache = map[string]*tokEntry{}
	c.ccache = map[string][]coreCand{}
	c.fcache = map[uint64][]caseForm{}
	c.mark = make([]uint32, len(g.mark))
	c.gen = 0
	c.hs, c.row, c.qbuf, c.hits, c.docLx, c.topBuf, c.infoBuf, c.formBuf = nil, nil, nil, nil, nil, nil, nil, nil
	c.lq, c.elq = levQuery{}, levQuery{}
	c.eq, c.et = nil, nil
	c.bestBuf = nil
	c.cq = newScratchSide()
	c.cqf = newScratchSide()
	c.cqw = newScratchSide()
	c.csBuf = nil
	c.expBuf = nil
	return &c
}

// Narrowing is what a clone may change of the options it was cloned with
// (CloneNarrowed): settings read while generating, never by the index,
// that only make fewer candidates. The zero Narrowing changes nothing.
type Narrowing struct {
	// MinKeep, when above 0 and below Options.MinKeep, replaces it: the
	// lists keep at most that many candidates below the posterior mass
	// of Options.Mass (those Options.Mass leaves out are the least
	// likely).
	MinKeep int
	// Whole, when not nil, replaces Options.Whole.
	Whole func(fold string) bool
}

// CloneNarrowed returns a Clone generating with the options n narrows,
// over the same index.
func (g *Generator) CloneNarrowed(n Narrowing) *Generator {
	c := g.Clone()
	if n.MinKeep > 0 && n.MinKeep < c.opt.MinKeep {
		c.opt.MinKeep = n.MinKeep
	}
	if n.Whole != nil {
		c.opt.Whole = n.Whole
	}
	return c
}

// NearWord reports whether the lexicon holds a word whose skeleton is
// within one edit of the skeleton of core (look-alikes free): the word an
// OCR string is likely a misreading of, found by the search Generate
// makes, without scoring it.
func (g *Generator) NearWord(core string) bool { return len(g.near(core, 1, 1)) > 0 }

// IndexBytes returns the memory of the deletion index's flat arrays.
func (g *Generator) IndexBytes() int { return g.ix.Bytes() }

// Lexicon returns the generator's lexicon.
func (g *Generator) Lexicon() *Lexicon { return g.lex }

// Confusion returns the generator's confusion model.
func (g *Generator) Confusion() *Confusion { return g.conf }

// Prior smoothing: a counted word gets count+priorBeta, a word known only
// from a word list priorBeta, an unknown word priorOOV.
const (
	priorBeta = 0.5
	priorOOV  = 0.02
)

// wordPrior returns the smoothed log prior of one word (with punctuation):
// its fold's frequency, the share of its case form, and its affixes.
func (g *Generator) wordPrior(w string) float64 {
	pre, core, suf := SplitAffix(w)
	p := g.conf.affixPrior(pre, suf)
	if core == "" {
		return p + math.Log(priorBeta) - g.logN
	}
	return p + g.corePrior(core)
}

// corePrior is the log prior of a word core (no punctuation).
func (g *Generator) corePrior(core string) float64 {
	lc := lower(core)
	fid, ok := g.lex.fold[lc]
	return g.corePriorFold(core, lc, fid, ok)
}

// corePriorFold is corePrior(core) given its fold lc and the fold's id
// (known: the lexicon has it).
func (g *Generator) corePriorFold(core, lc string, fid int32, known bool) float64 {
	p := 0.0
	if !known {
		if n := g.docLx[lc]; n > 0 {
			return p + math.Log(float64(n)*0.5) - g.logN
		}
		return p + math.Log(priorOOV) - g.logN
	}
	fc := float64(g.lex.folds[fid].count)
	p += math.Log(fc+priorBeta) - g.logN
	// the share of this case form among the word's, smoothed toward the
	// share of its case pattern over the whole lexicon (a sentence may
	// start with any word)
	fcount := 0.0
	if id, ok := g.lex.ids[core]; ok {
		fcount = float64(g.lex.exact[id].count)
	}
	p += math.Log((fcount + caseAlpha*g.casePrior[casePattern(core)]) / (fc + caseAlpha))
	return p
}

// foldBase is the part of foldPrior that the forms of fold fid share: the
// log prior of the fold.
func (g *Generator) foldBase(fid int32) float64 {
	return math.Log(float64(g.lex.folds[fid].count)+priorBeta) - g.logN
}

// foldPrior is corePrior(core) for a core whose fold is fid and whose
// casePattern is pat, given foldBase(fid).
func (g *Generator) foldPrior(fid int32, core string, pat uint8, base float64) float64 {
	fc := float64(g.lex.folds[fid].count)
	fcount := 0.0
	for _, id := range g.lex.folds[fid].forms {
		if g.lex.exact[id].word == core {
			fcount = float64(g.lex.exact[id].count)
			break
		}
	}
	return base + math.Log((fcount+caseAlpha*g.casePrior[pat])/(fc+caseAlpha))
}

// caseAlpha weighs the lexicon-wide case pattern shares against a word's
// own forms.
const caseAlpha = 2

// textPrior is the prior of a candidate text (the sum over its words).
func (g *Generator) textPrior(t string) float64 {
	if strings.IndexByte(t, ' ') < 0 {
		return g.wordPrior(t)
	}
	p := 0.0
	for _, w := range strings.Fields(t) {
		p += g.wordPrior(w)
	}
	return p
}

// near returns the lexicon folds whose skeleton is within the edit bound
// of core's, best first (skeleton distance, then frequency), at most max.
func (g *Generator) near(core string, max int, bound int) []int32 {
	g.qbuf = g.sk.key(g.qbuf[:0], core)
	q := g.qbuf
	if len(q) == 0 {
		return nil
	}
	deep := bound
	if bound == -2 { // merges: one skeleton edit
		bound = 1
		deep = bound
	} else if bound < 0 {
		bound = g.bound(len(q))
		deep = bound
		// a token that is a lexicon word up to look-alikes is rarely more
		// than one edit from its truth: probe one deletion deep only
		if _, ok := g.ix.exact(q); ok && deep > 1 {
			deep = 1
		}
	}
	if bound <= 1 && !g.ix.mayBeNear1(q) {
		return nil // no skeleton within one edit
	}
	g.gen++
	if g.gen == 0 {
		clear(g.mark)
		g.gen = 1
	}
	if cap(g.row) < 64 {
		g.row = make([]int, 64)
	}
	g.lq.reset(q)
	hits := g.hits[:0]
	close := false // a hit within one edit
	qm := runeMask(q)
	ix := g.ix
	visit := func(id uint32) {
		r, r1 := ix.rec[id], ix.rec[id+1]
		if n := int(r1.off - r.off); n-len(q) > bound || len(q)-n > bound ||
			bits.OnesCount64(qm&^r.mask) > bound || bits.OnesCount64(r.mask&^qm) > bound {
			return
		}
		d := g.lq.dist(ix.runes[r.off:r1.off], bound, g.row)
		if d > bound {
			return
		}
		if d <= 1 {
			close = true
		}
		for _, w := range ix.wref[r.woff:r1.woff] {
			// a skeleton edit costs about as much as a 20-fold frequency
			hits = append(hits, hit{w.fid, float32(d)*3 + w.neg})
		}
	}
	// progressive: one deletion deep first; deeper only when nothing
	// within one edit turned up (the mark array skips ids seen already)
	lv := uint32(3)
	if bound <= 1 {
		lv = 1
	}
	lo, hi := len(q)-bound, len(q)+bound
	g.hs = g.ix.lookup(q, min(deep, 1), lv, lo, hi, g.mark, g.gen, g.hs, visit)
	if deep > 1 && !close {
		g.hs = g.ix.lookup(q, deep, lv, lo, hi, g.mark, g.gen, g.hs, visit)
	}
	g.hits = hits
	return g.best(hits, max)
}

type hit struct {
	fid int32
	key float32
}

// best returns the fold ids of the max best hits (lowest key, then id), in
// a buffer reused by the next call of best (so by near and exact): callers
// consume it before looking up again.
func (g *Generator) best(hits []hit, max int) []int32 {
	byKey := func(a, b hit) int {
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		return cmp.Compare(a.fid, b.fid)
	}
	if len(hits) > max && max > 0 {
		// the best max, kept sorted in hits[:max] while the rest stream
		// by (fold ids are distinct, so the order is total)
		top := hits[:max]
		slices.SortFunc(top, byKey)
		for _, h := range hits[max:] {
			if byKey(h, top[max-1]) >= 0 {
				continue
			}
			k := max - 1
			for k > 0 && byKey(h, top[k-1]) < 0 {
				top[k] = top[k-1]
				k--
			}
			top[k] = h
		}
		hits = top
	} else {
		slices.SortFunc(hits, byKey)
		if len(hits) > max {
			hits = hits[:max]
		}
	}
	out := g.bestBuf[:0]
	for _, h := range hits {
		out = append(out, h.fid)
	}
	g.bestBuf = out
	return out
}

// exact returns the folds whose skeleton equals core's, most frequent
// first, at most max.
func (g *Generator) exact(core string, max int) []int32 {
	g.qbuf = g.sk.key(g.qbuf[:0], core)
	id, ok := g.ix.exact(g.qbuf)
	if !ok {
		return nil
	}
	hits := g.hits[:0]
	for _, w := range g.ix.words(id) {
		hits = append(hits, hit{w.fid, w.neg})
	}
	g.hits = hits
	return g.best(hits, max)
}

// invAlt is a true rune an OCR rune often stands for: ratio is how often
// OCR read t as this rune over how often it read the rune itself right.
type invAlt struct {
	t     rune
	ratio float64
}

// Thresholds of the look-alike variants: a true rune enters when OCR made
// this rune of it at least minInverse times as often as it copied the rune
// (and 10 times); the "most likely" variant applies those at or above 1.
const (
	minInverse  = 0.2
	maxInverseV = 4
)

func learnInverse(c *Confusion) map[rune][]invAlt {
	inv := map[rune][]invAlt{}
	for k, n := range c.ops {
		t, o := []rune(k.T), []rune(k.O)
		if len(t) != 1 || len(o) != 1 || t[0] == o[0] || n < 10 {
			continue
		}
		r := float64(n) / (float64(c.ops[opKey{k.O, k.O}]) + 1)
		if r >= minInverse {
			inv[o[0]] = append(inv[o[0]], invAlt{t[0], r})
		}
	}
	for o, l := range inv {
		slices.SortFunc(l, func(a, b invAlt) int {
			if a.ratio != b.ratio {
				return cmp.Compare(b.ratio, a.ratio)
			}
			return cmp.Compare(a.t, b.t)
		})
		inv[o] = l
	}
	return inv
}

// wordsAround reports whether the runs of letters and figures before
// offset i and after offset j of core are lexicon words.
func (g *Generator) wordsAround(core string, i, j int) bool {
	a := i
	for a > 0 {
		r, n := utf8.DecodeLastRuneInString(core[:a])
		if !isAlnum(r) {
			break
		}
		a -= n
	}
	b := j
	for b < len(core) {
		r, n := utf8.DecodeRuneInString(core[b:])
		if !isAlnum(r) {
			break
		}
		b += n
	}
	return a < i && j < b && g.lex.HasFold(lower(core[a:i])) && g.lex.HasFold(lower(core[j:b]))
}

// innerVariants returns core with the dash inside a run of internal
// punctuation replaced by a variant training learned for it as trailing
// punctuation (`—` read for `--`) or a typographic equivalent, at most
// four. A hyphen alone between letters is a dash misread only between two
// words the lexicon knows (`bottie-the`): inside a word (`labora-ory`,
// ads-fall2018's o read as a hyphen) its variants, which no unseen
// collection's profile supports, took the best score from the word
// (`labora--ory` above laboratory) and the token stayed.
func (g *Generator) innerVariants(core string) []string {
	var out []string
	i := 0
	for i < len(core) {
		r, n := utf8.DecodeRuneInString(core[i:])
		if isAlnum(r) {
			i += n
			continue
		}
		j := i
		for j < len(core) {
			r, n := utf8.DecodeRuneInString(core[j:])
			if isAlnum(r) {
				break
			}
			j += n
		}
		// the dash sequence inside the run
		a := strings.IndexAny(core[i:j], dashes)
		if a >= 0 {
			a += i
			b := a
			for b < j {
				r, n := utf8.DecodeRuneInString(core[b:])
				if !strings.ContainsRune(dashes, r) {
					break
				}
				b += n
			}
			d := core[a:b]
			if d == "-" && j-i == 1 && !g.wordsAround(core, i, j) {
				i = j
				continue // a hyphen within a word (`labora-ory`), not a dash between two
			}
			vs := affixVariants(d, g.conf.sufVar)
			vs = append(vs, dashForms...) // the typographic equivalents
			for _, v := range vs {
				if v != d && len(out) < 4 && !slices.Contains(out, core[:a]+v+core[b:]) {
					out = append(out, core[:a]+v+core[b:])
				}
			}
		}
		i = j
	}
	return out
}

// lookAlikes returns variants of an unknown core with the runes OCR most
// often makes of others put back, without the lexicon (names, numbers):
// the variant with every rune more likely another than itself replaced,
// and the variants replacing one rune by its likeliest truth. The letters
// of a word the lexicon knows inside the core (the pieces of a compound,
// pepper-and-salt-colored) stay: they made pepper-and-sait-colored and
// progenitors,--especiaily, which the ranker, knowing neither compound,
// preferred to the truth itself (a model that had not seen periodicals,
// correcting its truth as if it were OCR); nor is a variant kept that
// leaves fewer known pieces than the core has, or that reads a mark as a
// letter of no known word, in a core with a known piece (a mark read as
// a letter glued to a known piece: understand--certainly as
// understand-ecertainly, life.--Well as life.-eWell), while the1r may
// still become their.
func (g *Generator) lookAlikes(core string) []string {
	rs := []rune(core)
	var known []bool
	nKnown := 0
	if strings.IndexFunc(core, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		// a core of letters alone is one piece, which the caller found
		// unknown
		known, nKnown = g.knownPieces(rs)
	}
	all := append([]rune(nil), rs...)
	changed := false
	var out []string
	for k, r := range rs {
		if known != nil && known[k] {
			continue
		}
		alts := g.inverse[r]
		if len(alts) == 0 {
			continue
		}
		if alts[0].ratio >= 1 {
			all[k] = alts[0].t
			changed = true
		}
		if len(out) < maxInverseV {
			v := append([]rune(nil), rs...)
			v[k] = alts[0].t
			out = append(out, string(v))
		}
	}
	if changed {
		out = append([]string{string(all)}, out...)
	}
	if nKnown > 0 {
		// a mark read for a letter beside a known piece glues it to the
		// piece (understand--certainly -> understand-ecertainly): a
		// variant that leaves fewer known pieces, or whose letter put for
		// a mark is in no known word, is no reading of it
		out = slices.DeleteFunc(out, func(v string) bool {
			vs := []rune(v)
			_, n := g.knownPieces(vs)
			return n < nKnown || g.unknownForMark(rs, vs)
		})
	}
	return out
}

// unknownForMark reports whether vs (rs with some runes replaced) puts a
// letter where rs has a rune that is no letter, in a run of letters of vs
// that is a single letter or a word the lexicon does not know
// (life.--Well -> life.-eWell).
func (g *Generator) unknownForMark(rs, vs []rune) bool {
	for k, r := range rs {
		if unicode.IsLetter(r) || !unicode.IsLetter(vs[k]) {
			continue
		}
		i, j := k, k+1
		for i > 0 && unicode.IsLetter(vs[i-1]) {
			i--
		}
		for j < len(vs) && unicode.IsLetter(vs[j]) {
			j++
		}
		if j-i < 2 || !g.lex.HasFold(string(vs[i:j])) {
			return true
		}
	}
	return false
}

// knownPieces reports, for each rune of rs, whether it is a letter of a
// run of two letters or more, between runes that are not letters, that
// the lexicon knows (in any case), nil when no run is known; and how many
// such runs there are.
func (g *Generator) knownPieces(rs []rune) (known []bool, runs int) {
	for i := 0; i < len(rs); {
		if !unicode.IsLetter(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		if j-i >= 2 && g.lex.HasFold(string(rs[i:j])) {
			if known == nil {
				known = make([]bool, len(rs))
			}
			for k := i; k < j; k++ {
				known[k] = true
			}
			runs++
		}
		i = j
	}
	return known, runs
}

// bound is the skeleton edit bound of a query of n runes: 1 + n/4, at most
// MaxEdits, and 1 up to two runes.
func (g *Generator) bound(n int) int {
	b := 1 + n/4
	if b > g.opt.MaxEdits {
		b = g.opt.MaxEdits
	}
	if n <= 2 {
		b = 1
	}
	return b
}

// caseForm is a case form of a lexicon fold to try for a core (caseForms),
// with its case pattern and its prior (foldPrior).
type caseForm struct {
	text  string
	pat   uint8
	prior float64
}

// foldForms returns the case forms of fold fid to try for a core of case
// pattern ocrPat (caseForms), with their patterns and priors, worked out
// once per generator (up to maxCached of them).
func (g *Generator) foldForms(fid int32, ocrPat uint8) []caseForm {
	key := uint64(uint32(fid))<<8 | uint64(ocrPat)
	if fs, ok := g.fcache[key]; ok {
		return fs
	}
	forms := g.caseForms(fid, ocrPat)
	base := g.foldBase(fid)
	fs := make([]caseForm, len(forms))
	for i, f := range forms {
		pat := casePattern(f)
		fs[i] = caseForm{f, pat, g.foldPrior(fid, f, pat, base)}
	}
	if len(g.fcache) > maxCached {
		clear(g.fcache)
	}
	g.fcache[key] = fs
	return fs
}

// caseForms returns the case forms to try for a lower-case lexicon word
// given the OCR core's case pattern.
func (g *Generator) caseForms(fid int32, ocrPat uint8) []string {
	w := g.lex.folds[fid].word
	out := g.formBuf[:0] // reused: the caller consumes the forms at once
	add := func(s string) {
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	if ocrPat == caseMixed || ocrPat == caseNone {
		add(w)
		add(applyCase(w, caseTitle))
	} else {
		add(applyCase(w, ocrPat))
	}
	var vars []uint8 // conf.caseVar[ocrPat]
	if int(ocrPat) < len(g.caseVar) {
		vars = g.caseVar[ocrPat]
	}
	for _, p := range vars {
		if p != caseMixed && p != caseNone {
			add(applyCase(w, p))
		}
	}
	// the word's own frequent forms (proper nouns, acronyms)
	forms := g.lex.folds[fid].forms
	fc := g.lex.folds[fid].count
	for _, id := range forms {
		if len(forms) == 1 || g.lex.exact[id].count*5 >= fc {
			add(g.lex.exact[id].word)
		}
	}
	g.formBuf = out
	return out
}

// affixVariants returns the prefixes (or suffixes) to try for an OCR one.
func affixVariants(ocr string, vars map[string][]string) []string {
	out := []string{ocr}
	for _, v := range vars[ocr] {
		if v != ocr {
			out = append(out, v)
		}
	}
	if len(out) > 3 {
		out = out[:3]
	}
	return out
}

// dashes are the runes that join words as hyphens or dashes.
const dashes = "-‐‑‒–—―~¬\u00ad"

// dashForms are the ways a dash between words is typed.
var dashForms = []string{"--", "—", "-", "–"}

// maxPunctCores is how many of the best core candidates also take the
// punctuation variants (all take the OCR token's own punctuation).
const maxPunctCores = 6

// coreCand is a candidate for the core of a token, before punctuation.
type coreCand struct {
	text        string
	src         uint8
	conf, prior float64
	// oov is the fold of the text's core when that is one word not in
	// the lexicon ("" otherwise): the words a document's own lexicon can
	// change the prior of
	oov string
}

// tokenCands returns the scored candidates of one OCR token (span 1),
// sorted, at most 2K; cached per distinct token. The channel score of a
// candidate is decomposed at the punctuation boundary: log P(ocr core |
// cand core) + log P(ocr prefix | cand prefix) + log P(ocr suffix | cand
// suffix), so the core candidates and the punctuation variants are scored
// apart and combined.
func (g *Generator) tokenCands(tok string) []Candidate { return g.entry(tok).cands }

// maxCached is how many distinct tokens (and cores) a generator's
// caches hold before they are emptied: a token's entry holds up to 2K
// candidates (some 6 KB), so this bounds a generator's caches to a few
// hundred MB on corpora of millions of words, while one document (or a
// fold of a benchmark corpus) fits whole.
const maxCached = 1 << 15

// maxTokenRunes is the longest token (in runes) that gets candidates
// beyond itself, and the longest text a merge or another reading may
// propose.
const maxTokenRunes = 64

// tokEntry is the cached work on one distinct token.
type tokEntry struct {
	cands  []Candidate // scored, sorted, at most 2K
	pruned []Candidate // cands pruned, Edits filled (made on first use)
	oov    []string    // folds of candidate cores not in the lexicon
}

// entry returns the cache entry of tok, making it on first use.
func (g *Generator) entry(tok string) *tokEntry {
	if e, ok := g.cache[tok]; ok {
		return e
	}
	saved := g.docLx
	g.docLx = nil // the cache must not depend on the document
	e := g.newEntry(tok)
	g.docLx = saved
	if len(g.cache) > maxCached {
		clear(g.cache)
	}
	g.cache[tok] = e
	return e
}

// newEntry does the work on a token that entry caches.
func (g *Generator) newEntry(tok string) *tokEntry {
	if utf8.RuneCountInString(tok) > maxTokenRunes {
		// no word is this long: a run of rules or garbage, kept as it is
		// (the confusion DP is quadratic in the length)
		x := Candidate{Text: tok, Span: 1, Source: SrcOriginal, LogPrior: g.textPrior(tok)}
		x.Score = g.opt.PriorWeight * x.LogPrior
		return &tokEntry{cands: []Candidate{x}}
	}
	var out []Candidate
	var cores []coreCand
	mem := g.conf.tokMem[tok] // learned whole-token readings
	pre, core, suf := SplitAffix(tok)
	if core == "" {
		set := candSet{}
		set.add(tok, SrcOriginal, 0)
		for _, p := range affixVariants(pre, g.conf.preVar) {
			set.add(p, SrcPunct, 0)
		}
		for _, t := range mem {
			set.add(t, SrcLexicon, g.conf.toks[opKey{t, tok}])
		}
		out = g.score(tok, set, 1)
	} else {
		var ok bool
		cores, ok = g.ccache[core]
		if !ok {
			cores = g.coreCands(core)
			if len(g.ccache) > maxCached {
				clear(g.ccache)
			}
			g.ccache[core] = cores
		}
		pres := affixVariants(pre, g.conf.preVar)
		sufs := affixVariants(suf, g.conf.sufVar)
		type aff struct {
			p, s        string
			conf, prior float64
		}
		// the channel score of each prefix and suffix variant, once
		var sufConf [3]float64
		for k, s := range sufs {
			sufConf[k] = g.conf.LogProb(suf, s)
		}
		affs := make([]aff, 0, len(pres)*len(sufs))
		for _, p := range pres {
			pc := g.conf.LogProb(pre, p)
			for k, s := range sufs {
				affs = append(affs, aff{p, s, pc + sufConf[k], g.conf.affixPrior(p, s)})
			}
		}
		out = make([]Candidate, 0, len(cores)+min(len(cores), maxPunctCores)*(len(affs)-1)+len(mem))
		for ci, c := range cores {
			for ai, a := range affs {
				if ai > 0 && ci >= maxPunctCores {
					break // other punctuation only on the likeliest cores
				}
				src := c.src
				if a.p != pre || a.s != suf {
					src |= SrcPunct
					if src&SrcOriginal != 0 {
						src = src&^SrcOriginal | SrcPunct
					}
				}
				x := Candidate{Text: a.p + c.text + a.s, Span: 1, Source: src,
					LogConf: c.conf + a.conf, LogPrior: c.prior + a.prior}
				x.Score = x.LogConf + g.opt.PriorWeight*x.LogPrior
				out = append(out, x)
			}
		}
		// learned whole-token readings
		for _, t := range mem {
			found := false
			for k := range out {
				if out[k].Text == t {
					out[k].Memory = g.conf.toks[opKey{t, tok}]
					found = true
				}
			}
			if !found {
				x := Candidate{Text: t, Span: 1, Source: SrcLexicon, Memory: g.conf.toks[opKey{t, tok}],
					LogConf: g.conf.LogProb(tok, t), LogPrior: g.textPrior(t)}
				x.Score = x.LogConf + g.opt.PriorWeight*x.LogPrior
				out = append(out, x)
			}
		}
		sortCands(out)
	}
	if len(out) > 2*g.opt.K {
		out = out[:2*g.opt.K]
	}
	e := &tokEntry{cands: out}
	// the unknown words among the candidates: those of every core
	// candidate (a superset of the kept ones: a document's lexicon then
	// only sends the token down the slower exact path) and of the
	// learned whole-token readings
	for _, c := range cores {
		if c.oov != "" && !slices.Contains(e.oov, c.oov) {
			e.oov = append(e.oov, c.oov)
		}
	}
	for _, t := range mem {
		if f := g.oovFold(t); f != "" && !slices.Contains(e.oov, f) {
			e.oov = append(e.oov, f)
		}
	}
	if core == "" {
		for _, c := range out {
			if f := g.oovFold(c.Text); f != "" && !slices.Contains(e.oov, f) {
				e.oov = append(e.oov, f)
			}
		}
	}
	return e
}

// oovFold returns the fold of the core of t when that core is one word not
// in the lexicon, "" otherwise.
func (g *Generator) oovFold(t string) string {
	_, core, _ := SplitAffix(t)
	if core == "" || strings.IndexByte(core, ' ') >= 0 {
		return ""
	}
	if f := lower(core); !g.lex.HasFold(f) {
		return f
	}
	return ""
}

// scoreSlack: a core candidate scoring this many nats below the OCR core
// itself (channel and prior) is dropped unscored.
const scoreSlack = 40

// keepSlack: a core candidate scoring this many nats below the best one,
// and below the MinKeep+2 best, is dropped (the mass pruning would cut it).
const keepSlack = 14

// maxSplits is how many splits of a core (the likeliest by prior) are
// scored.
const maxSplits = 6

// keepBound holds the best scores of a core's candidates so far, to bound
// the confusion DP of the next one: a candidate scoring below both the n-th
// best and the best less keepSlack cannot survive the pruning, nor one
// scoring scoreSlack below the core itself (self).
type keepBound struct {
	top  []float64 // the n best scores, best first
	n    int
	self float64
}

// floor is the score a candidate must beat to be kept.
func (b *keepBound) floor() float64 {
	t := b.top[0] - keepSlack
	if len(b.top) >= b.n && b.top[b.n-1] < t {
		t = b.top[b.n-1]
	}
	if len(b.top) < b.n {
		t = math.Inf(-1)
	}
	return max(t, b.self-scoreSlack)
}

// push records the score s of a kept candidate.
func (b *keepBound) push(s float64) {
	k, _ := slices.BinarySearchFunc(b.top, s, func(a, b float64) int { return cmp.Compare(b, a) })
	if k >= b.n {
		return
	}
	if len(b.top) < b.n {
		b.top = append(b.top, 0)
	}
	copy(b.top[k+1:], b.top[k:])
	b.top[k] = s
}

// coreCands returns the scored candidates for a token core: the core
// itself, lexicon words near it in its case forms, and its splits; the best
// K by score.
func (g *Generator) coreCands(core string) []coreCand {
	cs := g.csBuf[:0]
	defer func() { g.csBuf = cs[:0] }()
	has := func(t string) bool {
		for _, c := range cs {
			if c.text == t {
				return true
			}
		}
		return false
	}
	g.cq.reset(g.conf, core)
	// the core's fold, looked up once (a core has no punctuation at
	// either end, so it is its own oovFold core)
	lc := lower(core)
	noisy := g.opt.CaseBlind && CaseNoise(core)
	if noisy {
		g.cqf.reset(g.conf, lc)
	}
	cfid, known := g.lex.fold[lc]
	coreOOV := ""
	if !known && strings.IndexByte(core, ' ') < 0 {
		coreOOV = lc
	}
	counted := known && g.lex.folds[cfid].count > 0
	// (the core's own cost: bounded by the path of copies, which
	// changes nothing but the cells the DP relaxes)
	self := g.cq.costOf(g.conf, core, float64(g.conf.copyPath(core)))
	orig := coreCand{core, SrcOriginal, -self, g.corePriorFold(core, lc, cfid, known), coreOOV}
	cs = append(cs, orig)
	w := g.opt.PriorWeight
	// the scores kept so far, to bound the DP of the next candidate: one
	// that scores below both the keepN-th best and the best less
	// keepSlack cannot survive the pruning
	kb := keepBound{top: append(g.topBuf[:0], orig.conf+w*orig.prior), n: g.opt.MinKeep + 2, self: orig.conf + w*orig.prior}
	defer func() { g.topBuf = kb.top }()
	// score returns log P(core | t), or false when t cannot score above
	// the floor (the DP stops early then); loose keeps the old bound,
	// scoreSlack nats below the core itself (splits, kept by kind)
	score0 := func(t string, prior float64, loose bool) (float64, bool) {
		var bound float64
		if loose {
			bound = -orig.conf + scoreSlack + w*(prior-orig.prior)
		} else {
			bound = w*prior - kb.floor()
		}
		if bound < 0 {
			return 0, false
		}
		c := g.cq.costOf(g.conf, t, bound)
		if noisy {
			c = min(c, g.caseBlindCost(core, t, bound))
		}
		if c > bound {
			return 0, false
		}
		if !loose {
			kb.push(w*prior - c)
		}
		return -c, true
	}
	score := func(t string, prior float64) (float64, bool) { return score0(t, prior, false) }
	pat := casePattern(core)
	nv := g.opt.Verify
	if counted && Garbage(core) == 0 {
		// a clean counted word: its truth is mostly itself or a close
		// neighbour, so fewer neighbours are verified
		nv = (nv + 2) / 3
	}
	addFold := func(fid int32) {
		for _, cf := range g.foldForms(fid, pat) {
			f := cf.text
			if has(f) {
				continue
			}
			src := SrcLexicon
			if cf.pat != pat {
				src |= SrcCase
			}
			p := cf.prior
			if lp, ok := score(f, p); ok {
				oov := ""
				if _, fc, _ := SplitAffix(f); fc != f {
					oov = g.oovFold(f) // a lexicon word with affix punctuation
				}
				cs = append(cs, coreCand{f, src, lp, p, oov})
			}
		}
	}
	for _, fid := range g.near(core, nv, -1) {
		addFold(fid)
	}
	// the words a habit of the collection's OCR hides (Adapted),
	// however far the skeleton search is from them (tliat -> that; a
	// known word too, which the habit may have made of another: lie ->
	// he, and whose search goes one skeleton edit deep only)
	for _, v := range g.conf.habitVariants(lc) {
		if fid, ok := g.lex.fold[v]; ok {
			addFold(fid)
		}
	}
	if !known {
		// and the words a habit of reading a letter as a mark hides
		// (`betwe-n`), which the skeleton search keeps as they are: each
		// form with a letter put back, and with the other habits undone
		// too (`h-vlng` -> `havlng` -> having, where i is read as l)
		for _, v := range g.conf.markVariants(lc) {
			if fid, ok := g.lex.fold[v]; ok {
				addFold(fid)
			}
			for _, u := range g.conf.habitVariants(v) {
				if fid, ok := g.lex.fold[u]; ok {
					addFold(fid)
				}
			}
		}
	}
	// a short token of small letters the lexicon lacks may be any of the
	// commonest short words, however many of its letters were misread
	// (`et` for of: two edits, beyond a two-letter token's bound); the
	// confusion prices each, and the ones it finds too unlikely are not
	// kept
	if len(g.short) > 0 && !known && core == lc && utf8.RuneCountInString(lc) <= shortLen && strings.IndexFunc(lc, unicode.IsLetter) >= 0 {
		for _, fid := range g.short {
			addFold(fid)
		}
	}
	// the words a reading of two letters as one that the model learned
	// hides where the skeleton holds no rewrite for it (too seldom for
	// one: `bom` for born is two skeleton edits, beyond a three-letter
	// word's bound, and `conceming` one edit from conceding, which stops
	// the search before two), for a word the lexicon knows too (`arid`
	// for and, n read as ri; `rams` for rains), and those the reverse
	// hides, one letter read as two (`Froin` for From, m read as in: two
	// skeleton edits, a search stopped by frown, one edit away, never
	// reaches it): a look-up only adds a candidate, which the confusion
	// prices and the ranker weighs
	g.joinForms(lc, func(v string) {
		if fid, ok := g.lex.fold[v]; ok {
			addFold(fid)
		}
	})
	// a garble where such a reading and another misread letter meet
	// (`tumished` for furnished: rn read as m, f as t), which neither the
	// skeleton search nor the look-ups above reach: in a word of small
	// letters alone that the lexicon lacks, where nothing found so far
	// is a likely misreading of it (joinEditConf), each form with a
	// reading undone is searched one skeleton edit deep, two for a long
	// word (joinEditWideRunes: `charactensac`)
	if len(g.joins) > 0 && !known && core == lc && joinEditable(lc) && bestConf(cs[1:]) < joinEditConf {
		bound := 1
		if utf8.RuneCountInString(lc) >= joinEditWideRunes {
			bound = 2
		}
		g.joinForms(lc, func(v string) {
			for _, fid := range g.near(v, nv, bound) {
				addFold(fid)
			}
		})
	}
	// a word in capitals the lexicon lacks: the words that capitals
	// alike in print hide (`CREOSOTKD`: E read as K; `MORTOAOES`: G read
	// as O twice), beyond the skeleton search's classes; the confusion
	// prices each
	if g.opt.Joins && !known {
		for _, v := range capitalVariants(core) {
			if fid, ok := g.lex.fold[v]; ok {
				addFold(fid)
			}
		}
	}
	// internal punctuation between words (persuadable.—Harriet): the
	// learned variants of each run (— for --)
	for _, v := range g.innerVariants(core) {
		if !has(v) {
			p := g.textPrior(v)
			if lp, ok := score(v, p); ok {
				cs = append(cs, coreCand{v, SrcPunct, lp, p, g.oovFold(v)})
			}
		}
	}
	if !known {
		for _, v := range g.lookAlikes(core) {
			if !has(v) {
				p := g.corePrior(v)
				if lp, ok := score(v, p); ok {
					cs = append(cs, coreCand{v, SrcCase, lp, p, g.oovFold(v)})
				}
			}
		}
	}
	if !g.opt.NoSplit && !counted && !(known && g.opt.Whole != nil && g.opt.Whole(lc)) {
		cs = g.splitCands(cs, core, score0)
	}
	cs = pruneCore(cs, w, g.opt.K)
	return slices.Clone(cs)
}

// caseFlipCost is the channel cost, in nats, of each letter whose case a
// candidate changes in a core with case noise (CaseNoise): once a token
// shows that the engine lost the case of its letters (`CommlttEE`,
// `courSE`, `communiCated`), the case of each letter is a coin toss, log 2.
// A fixed prior, not learned: the renders a model learns from hardly ever
// show such a token, so their confusion prices the capital E read for e
// as a rare substitution.
const caseFlipCost = math.Ln2

// CaseNoise reports whether the word core has a capital letter right after
// two small ones (`CommlttEE`, `courSE`, `monthB`, `voTED`), which no
// spelling of running text has: an engine's misreading of case, or of a
// letter as a capital. A name joined to its particle stays a name
// (nameParticles: `MacLennan`, `duPont`), and one small letter among
// capitals is more often the misread letter of an acronym (`EpA`, `ElA`,
// `AIChE`) or a name's (`McKellar`) than a capital misread. For such a
// core a generator with Options.CaseBlind prices each candidate both by
// the confusion model and case-blind (caseBlindCost), and takes the
// likelier.
func CaseNoise(core string) bool {
	small, start := 0, 0
	for i, r := range core {
		switch {
		case unicode.IsLower(r):
			if small == 0 {
				start = i
			}
			small++
		case unicode.IsUpper(r) && small >= 2:
			return !nameParticle(core[:i], start)
		default:
			small = 0
		}
	}
	return false
}

// nameParticles are the particles that begin names and are written joined
// to the capitalised name (MacLennan, FitzGerald, duPont, VanBuren), in
// lower case.
var nameParticles = []string{"mac", "mc", "fitz", "de", "di", "da", "du", "la", "le", "van", "von", "st"}

// nameParticle reports whether head, the letters of a core before a
// capital that follows the run of small letters starting at byte start,
// is one of nameParticles, its first letter in either case.
func nameParticle(head string, start int) bool {
	if r, _ := utf8.DecodeRuneInString(head); start > 1 || start == 1 && !unicode.IsUpper(r) {
		return false
	}
	return slices.Contains(nameParticles, strings.ToLower(head))
}

// caseWildCost is the channel cost, in nats, of a capital of case noise
// (one right after a small letter, or after such a capital: the B of
// `returnB`, the A of `reAresent`) read for another letter than its own:
// an engine that lost the case of a letter has often lost the letter too
// (s read as B in `monthB`, `MessrB`, `RobinBon`), and the capital then
// says nothing of which letter it was, one of 52 small and capital
// letters. A fixed prior, as caseFlipCost.
var caseWildCost = math.Log(52)

// caseBlindCost is the cost of candidate t for a core with case noise
// read case-blind: the confusion model's cost of the lower-case t against
// the lower-case core (g.cqf, prepared), plus caseFlipCost for each letter
// whose case t changes (caseFlips); or, where t has as many runes as core
// and other letters than its capitals of case noise (wildForm), those
// capitals at caseWildCost each and the rest so priced; above bound when
// it cannot be within it.
func (g *Generator) caseBlindCost(core, t string, bound float64) float64 {
	c, lt := math.Inf(1), lower(t)
	if k := caseFlipCost * float64(caseFlips(core, t)); k <= bound {
		c = k + g.cqf.costOf(g.conf, lt, bound-k)
	}
	if v, n := wildForm(core, t); n > 0 {
		if k := caseWildCost*float64(n) + caseFlipCost*float64(caseFlips(v, t)); k <= min(bound, c) {
			g.cqw.reset(g.conf, lower(v))
			c = min(c, k+g.cqw.costOf(g.conf, lt, min(bound, c)-k))
		}
	}
	return c
}

// wildMinRunes is the shortest core whose capitals of case noise wildForm
// reads as other letters: in a shorter one the capital is as often a word
// glued to an initial (early's `ofS Paul`, of S. Paul) as a misread letter.
const wildMinRunes = 5

// wildForm returns core with each of its capitals of case noise (a capital
// right after a small letter or after such a capital) that t, of as many
// runes, has another letter for (in either case) replaced by t's rune, and
// how many it replaced (0, and core, when t is of another length, core
// shorter than wildMinRunes, or t keeps those letters).
func wildForm(core, t string) (string, int) {
	if n := utf8.RuneCountInString(core); n < wildMinRunes || n != utf8.RuneCountInString(t) {
		return core, 0
	}
	var b []rune
	n, j, noisy := 0, 0, false
	prevLower := false
	for i, r := range core {
		q, w := utf8.DecodeRuneInString(t[j:])
		j += w
		up := unicode.IsUpper(r)
		noisy = up && (prevLower || noisy)
		prevLower = unicode.IsLower(r)
		if noisy && unicode.IsLetter(q) && unicode.ToLower(q) != unicode.ToLower(r) {
			if b == nil {
				b = []rune(core[:i])
			}
			b = append(b, q)
			n++
			continue
		}
		if b != nil {
			b = append(b, r)
		}
	}
	if n == 0 {
		return core, 0
	}
	return string(b), n
}

// caseFlips counts the letters whose case t changes in core: place by
// place when the two have as many runes, otherwise the letters of core
// whose case differs from t's case pattern (all small, a capital then
// small letters, all capitals; for t of mixed case, the difference in the
// number of capitals).
func caseFlips(core, t string) int {
	n := 0
	if utf8.RuneCountInString(core) == utf8.RuneCountInString(t) {
		j := 0
		for _, r := range core {
			q, w := utf8.DecodeRuneInString(t[j:])
			j += w
			if unicode.IsLetter(r) && unicode.IsLetter(q) && unicode.IsUpper(r) != unicode.IsUpper(q) {
				n++
			}
		}
		return n
	}
	switch p := casePattern(t); p {
	case caseLower, caseTitle, caseUpper:
		first := true
		for _, r := range core {
			if !unicode.IsLetter(r) {
				continue
			}
			up := p == caseUpper || p == caseTitle && first
			if unicode.IsUpper(r) != up {
				n++
			}
			first = false
		}
		return n
	}
	up := func(s string) int {
		c := 0
		for _, r := range s {
			if unicode.IsUpper(r) {
				c++
			}
		}
		return c
	}
	n = up(core) - up(t)
	if n < 0 {
		n = -n
	}
	return n
}

// Recase returns the word w (a lexicon word chosen for an OCR core with
// case noise, CaseNoise) in the regular case shape, all small letters, a
// capital then small letters or all capitals, that changes the case of
// the fewest of core's letters (`Committee` for `CommlttEE`, `Baltimore`
// for `BaltlmorE`); w's own shape among equals, and w itself when it has
// none of the three (`McKellar`).
func Recase(core, w string) string {
	p := casePattern(w)
	if p != caseLower && p != caseTitle && p != caseUpper {
		return w
	}
	lc := lower(w)
	best, flips := w, caseFlips(core, w)
	for _, q := range [...]uint8{caseLower, caseTitle, caseUpper} {
		if f := applyCase(lc, q); f != best {
			if n := caseFlips(core, f); n < flips {
				best, flips = f, n
			}
		}
	}
	return best
}

// splitCands appends to cs the likeliest splits of core, by prior only,
// that the channel scores within reach (score with loose set) and cs does
// not hold yet.
func (g *Generator) splitCands(cs []coreCand, core string, score func(t string, prior float64, loose bool) (float64, bool)) []coreCand {
	has := func(t string) bool {
		for _, c := range cs {
			if c.text == t {
				return true
			}
		}
		return false
	}
	// the likeliest splits by prior only are scored by the channel
	sp, pri := g.splits(core)
	idx := make([]int, len(sp))
	for k := range sp {
		idx[k] = k
	}
	slices.SortFunc(idx, func(a, b int) int {
		if pri[a] != pri[b] {
			return cmp.Compare(pri[b], pri[a])
		}
		return cmp.Compare(sp[a], sp[b])
	})
	if len(idx) > maxSplits {
		idx = idx[:maxSplits]
	}
	for _, k := range idx {
		if t := sp[k]; !has(t) {
			if lp, ok := score(t, pri[k], true); ok {
				cs = append(cs, coreCand{t, SrcSplit, lp, pri[k], ""})
			}
		}
	}
	return cs
}

// pruneCore sorts the candidates of a core by score (conf + w*prior, then
// text) and keeps the best k, the core itself among them.
func pruneCore(cs []coreCand, w float64, k int) []coreCand {
	slices.SortFunc(cs, func(x, y coreCand) int {
		a, b := x.conf+w*x.prior, y.conf+w*y.prior
		if a != b {
			if a > b {
				return -1
			}
			return 1
		}
		return strings.Compare(x.text, y.text)
	})
	if len(cs) > k {
		// keep the core itself even when cut
		orig := -1
		for i, c := range cs {
			if c.src&SrcOriginal != 0 {
				orig = i
			}
		}
		if orig >= k {
			cs[k-1] = cs[orig]
		}
		cs = cs[:k]
	}
	return cs
}

// splits returns the splits of core into two words, and the compounds of
// two words joined by a hyphen where OCR read the hyphen as another rune
// (`alriborne` -> `air-borne`; tried when core is
// not a counted lexicon word): both parts lexicon
// words up to look-alikes (same skeleton), or one such and the other,
// of four runes or more, within one edit of a lexicon word; best two per
// side. It also returns the prior of each (textPrior), working out the
// prior of each part once.
func (g *Generator) splits(core string) ([]string, []float64) {
	rs := []rune(core)
	if len(rs) < 3 {
		return nil, nil
	}
	form := func(part string, fids []int32) []string {
		pp, pc, ps := SplitAffix(part)
		var out []string
		for _, fid := range fids {
			out = append(out, pp+matchCase(g.lex.folds[fid].word, pc)+ps)
		}
		return out
	}
	// look returns the fold ids of a part's lexicon forms (see form):
	// exact (up to look-alikes) when it is a counted word or four runes
	// long (so the word list's short oddities, co and com, do not split
	// every token), and counted reports a counted exact word.
	look := func(part string, fids []int32) ([]int32, bool) {
		_, pc, _ := SplitAffix(part)
		counted := false
		if pc == "" {
			return fids, false
		}
		for _, fid := range g.exact(pc, 2) {
			if g.lex.folds[fid].count > 0 {
				counted = true
			}
			if g.lex.folds[fid].count > 0 || utf8.RuneCountInString(pc) >= 4 {
				fids = append(fids, fid)
			}
		}
		return fids, counted
	}
	// fuzzyCore returns a part's core and whether fuzzy looks at the
	// part: a core of five runes or more
	fuzzyCore := func(part string) (string, bool) {
		_, pc, _ := SplitAffix(part)
		return pc, utf8.RuneCountInString(pc) >= 5
	}
	// fuzzy returns the forms of the lexicon words one edit from a part of
	// five runes or more
	fuzzy := func(part string) []string {
		pc, ok := fuzzyCore(part)
		if !ok {
			return nil
		}
		return form(part, g.near(pc, 2, 1))
	}
	// pair returns the forms of the two parts, none when either side has
	// none (the caller uses neither then): the exact forms of each, or
	// for a side without any, its fuzzy forms when the other side is a
	// counted word. The forms are only made when both sides have some,
	// and the right part is not looked up when the left has no exact form
	// and is too short for fuzzy.
	var lf, rf []int32 // the fold ids of pair's parts (reused)
	pair := func(l, r string) (ls, rsx []string) {
		var lc, rc bool
		lf, lc = look(l, lf[:0])
		if len(lf) == 0 {
			if _, ok := fuzzyCore(l); !ok {
				return nil, nil
			}
		}
		rf, rc = look(r, rf[:0])
		switch {
		case len(lf) == 0 && len(rf) == 0:
			return nil, nil
		case len(lf) == 0 && rc:
			if ls = fuzzy(l); len(ls) == 0 {
				return nil, nil
			}
			return ls, form(r, rf)
		case len(rf) == 0 && lc:
			if rsx = fuzzy(r); len(rsx) == 0 {
				return nil, nil
			}
			return form(l, lf), rsx
		case len(lf) == 0 || len(rf) == 0:
			return nil, nil
		}
		return form(l, lf), form(r, rf)
	}
	// off[k] is the byte offset of rune k (parts are substrings of core)
	off := make([]int, 0, len(rs)+1)
	for b := range core {
		off = append(off, b)
	}
	off = append(off, len(core))
	var out []string
	var pri []float64
	// compounds: a hyphen, or a rune OCR makes of one, between two words
	for k := 1; k+1 < len(rs); k++ {
		if !g.hyphenLike[rs[k]] {
			continue
		}
		ls, rsx := pair(core[:off[k]], core[off[k+1]:])
		for _, a := range ls {
			for _, b := range rsx {
				t := a + "-" + b
				out = append(out, t)
				pri = append(pri, g.textPrior(t))
			}
		}
	}
	var pl, pr []float64 // the priors of the parts of a split
	for k := 1; k < len(rs); k++ {
		ls, rsx := pair(core[:off[k]], core[off[k]:])
		if len(ls) == 0 || len(rsx) == 0 {
			continue
		}
		// the prior of a part that is one field (as strings.Fields
		// sees it), NaN for another
		prior := func(dst []float64, parts []string) []float64 {
			for _, x := range parts {
				v := math.NaN()
				if x != "" && strings.IndexFunc(x, unicode.IsSpace) < 0 {
					v = g.wordPrior(x)
				}
				dst = append(dst, v)
			}
			return dst
		}
		pl, pr = prior(pl[:0], ls), prior(pr[:0], rsx)
		for i, a := range ls {
			for j, b := range rsx {
				t := a + " " + b
				out = append(out, t)
				if math.IsNaN(pl[i]) || math.IsNaN(pr[j]) {
					pri = append(pri, g.textPrior(t))
					continue
				}
				// textPrior of the two fields, summed in its order
				p := 0.0
				p += pl[i]
				p += pr[j]
				pri = append(pri, p)
			}
		}
	}
	return out, pri
}

// matchCase gives lexicon word w the case pattern of the OCR text o.
func matchCase(w, o string) string {
	p := casePattern(o)
	if p == caseMixed || p == caseNone {
		return w
	}
	return applyCase(w, p)
}

// candSet collects distinct candidate texts with their flags.
type candSet struct {
	idx  map[string]int
	list []Candidate
}

func (s *candSet) add(text string, src uint8, mem int) {
	if text == "" {
		return
	}
	if s.idx == nil {
		s.idx = map[string]int{}
	}
	if i, ok := s.idx[text]; ok {
		s.list[i].Source |= src
		if mem > s.list[i].Memory {
			s.list[i].Memory = mem
		}
		return
	}
	s.idx[text] = len(s.list)
	s.list = append(s.list, Candidate{Text: text, Span: 1, Source: src, Memory: mem})
}

// score fills LogConf, LogPrior and Score of every candidate of set for the
// OCR text ocr (span tokens joined by spaces) and returns them sorted.
func (g *Generator) score(ocr string, set candSet, span int) []Candidate {
	out := set.list
	for i := range out {
		c := &out[i]
		c.Span = span
		c.LogConf = g.conf.LogProb(ocr, c.Text)
		c.LogPrior = g.textPrior(c.Text)
		c.Score = c.LogConf + g.opt.PriorWeight*c.LogPrior
	}
	sortCands(out)
	return out
}

// sortCands sorts candidates best first: by score, then the shorter span,
// then the text.
func sortCands(c []Candidate) {
	slices.SortFunc(c, func(a, b Candidate) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		if a.Span != b.Span {
			return cmp.Compare(a.Span, b.Span)
		}
		return strings.Compare(a.Text, b.Text)
	})
}

// Generate returns the candidates of every position of an OCR token list:
// out[i] holds the candidates starting at token i, best first, the OCR
// token itself (Span 1, SrcOriginal) always among them. other is the
// alignment of the other OCR readings of the same document with ocr
// (align.AlignReadings(ocr, ...), made once per document; nil: none);
// their words at the aligned positions become candidates too. The result
// is deterministic.
// The lists of positions that need nothing beyond the token's own
// candidates are shared with the generator's cache (and between positions
// holding the same token): read them, never modify their elements.
func (g *Generator) Generate(ocr []string, other *align.Readings) [][]Candidate {
	if other != nil && other.N != len(ocr) {
		panic("candgen: Generate: the readings are aligned with a text of another length")
	}
	g.docLexicon(ocr)
	defer func() { g.docLx = nil }()
	out := make([][]Candidate, len(ocr))
	extra := make([]candSet, len(ocr))
	info := g.tokInfos(ocr)
	for i := range ocr {
		// merges with the next token(s)
		for span := 2; span <= g.opt.MaxMerge && i+span <= len(ocr); span++ {
			g.merges(ocr[i:i+span], info[i:i+span], &extra[i])
		}
	}
	g.engines(other, extra)
	for i, tok := range ocr {
		e := g.entry(tok)
		touched := false
		for _, f := range e.oov {
			if g.docLx[f] > 0 {
				touched = true
				break
			}
		}
		if len(extra[i].list) == 0 && !touched {
			// the common case: the token's own pruned list, made once
			if e.pruned == nil {
				e.pruned = g.prune(e.cands, ocr[i:i+1], 0)
			}
			out[i] = e.pruned[:len(e.pruned):len(e.pruned)]
			continue
		}
		base := e.cands
		var list []Candidate
		{
			list = make([]Candidate, len(base), len(base)+len(extra[i].list))
			copy(list, base)
			if touched {
				for k := range list {
					list[k].LogPrior = g.textPrior(list[k].Text)
					list[k].Score = list[k].LogConf + g.opt.PriorWeight*list[k].LogPrior
				}
			}
			for _, e := range extra[i].list {
				found := false
				for k := range list {
					if list[k].Text == e.Text && list[k].Span == e.Span {
						list[k].Source |= e.Source
						found = true
						break
					}
				}
				if found {
					continue
				}
				ot := strings.Join(ocr[i:i+e.Span], " ")
				if utf8.RuneCountInString(ot) > maxTokenRunes || utf8.RuneCountInString(e.Text) > maxTokenRunes {
					continue // too long to score (see maxTokenRunes)
				}
				e.LogConf = g.conf.LogProb(ot, e.Text)
				e.LogPrior = g.textPrior(e.Text)
				e.Score = e.LogConf + g.opt.PriorWeight*e.LogPrior
				list = append(list, e)
			}
			sortCands(list)
		}
		out[i] = g.prune(list, ocr, i)
	}
	return out
}

// prune keeps the best candidates of position i until their posterior
// mass reaches Options.Mass (at least MinKeep, at most K). It always keeps
// the original token, the other engines' readings, learned whole-token
// readings (Memory), and the best two merges and two splits, which
// otherwise lose to the many one-token readings. It fills Edits.
func (g *Generator) prune(list []Candidate, ocr []string, i int) []Candidate {
	tok := ocr[i]
	if len(list) == 0 {
		return []Candidate{{Text: tok, Span: 1, Source: SrcOriginal}}
	}
	keep := make([]bool, len(list))
	n := 0
	merges, splits := 0, 0
	hasOrig := false
	for k, c := range list {
		switch {
		case c.Source&SrcOriginal != 0 && c.Span == 1 && c.Text == tok:
			hasOrig = true
		case c.Source&SrcEngine != 0 || c.Memory > 0:
		case c.Span > 1 && merges < 2:
			merges++
		case c.Span == 1 && c.Source&SrcSplit != 0 && splits < 2:
			splits++
		default:
			continue
		}
		keep[k] = true
		n++
	}
	top := list[0].Score
	total := 0.0
	ex := g.expBuf[:0]
	for _, c := range list {
		e := math.Exp(c.Score - top)
		ex = append(ex, e)
		total += e
	}
	g.expBuf = ex
	mass := 0.0
	for k := range list {
		if n >= g.opt.K || mass >= g.opt.Mass*total && n >= g.opt.MinKeep {
			break
		}
		mass += ex[k]
		if !keep[k] {
			keep[k] = true
			n++
		}
	}
	kept := make([]Candidate, 0, n+1)
	for k, c := range list {
		if keep[k] {
			kept = append(kept, c)
		}
	}
	if !hasOrig {
		kept = append(kept, Candidate{Text: tok, Span: 1, Source: SrcOriginal})
	}
	prepared := false // g.elq holds tok
	for k := range kept {
		c := &kept[k]
		src := tok
		if c.Span > 1 && i+c.Span <= len(ocr) {
			src = strings.Join(ocr[i:i+c.Span], " ")
		}
		t := c.Text
		if strings.IndexByte(t, ' ') >= 0 {
			t = strings.Join(strings.Fields(t), " ")
		}
		c.Edits = 0
		switch {
		case t == src:
		case c.Span > 1:
			c.Edits = align.Levenshtein(t, src)
		default:
			// the token's own candidates: one query prepared for
			// the bit-parallel distance
			if !prepared {
				g.eq = appendRunes(g.eq[:0], tok)
				g.elq.reset(g.eq)
				prepared = true
			}
			g.et = appendRunes(g.et[:0], t)
			c.Edits = g.elq.dist(g.et, math.MaxInt32, g.row)
		}
	}
	return kept
}

// tokInfo is what merges needs to know of one OCR token.
type tokInfo struct {
	hy      bool // ends in a hyphen-like rune
	oov     bool // its core is empty or not a counted lexicon word
	short   bool // its core has at most five runes
	dashSuf bool // a non-empty core with a dash in its trailing punctuation
}

// tokInfos fills the tokInfo of every token (in a reused buffer).
func (g *Generator) tokInfos(ocr []string) []tokInfo {
	if cap(g.infoBuf) < len(ocr) {
		g.infoBuf = make([]tokInfo, len(ocr))
	}
	info := g.infoBuf[:len(ocr)]
	for i, t := range ocr {
		_, c, fs := SplitAffix(t)
		fid, ok := g.lex.fold[lower(c)]
		info[i] = tokInfo{
			hy: strings.HasSuffix(t, "-") || strings.HasSuffix(t, "¬") || strings.HasSuffix(t, "\u00ad") ||
				strings.HasSuffix(t, "—") || strings.HasSuffix(t, "–"),
			oov:     c == "" || !ok || g.lex.folds[fid].count == 0,
			short:   utf8.RuneCountInString(c) <= 5,
			dashSuf: c != "" && strings.ContainsAny(fs, dashes),
		}
	}
	return info
}

// merges adds candidates for the tokens toks joined into one word. Merges
// are tried when a token's core is not a known word or the first ends in
// a hyphen. (Not cached: nine in ten runs of tokens tried are new ones,
// in one document as in a collection of a hundred.)
func (g *Generator) merges(toks []string, info []tokInfo, set *candSet) {
	span := len(toks)
	first := toks[0]
	hy := info[0].hy
	// a word broken apart leaves a fragment that is not a word, and a
	// short one
	oov, short := false, false
	for _, x := range info {
		oov = oov || x.oov
		short = short || x.short
	}
	try := hy || oov && short
	if !try && !(span == 2 && info[0].dashSuf) {
		return // nothing to propose
	}
	if try {
		pre, _, _ := SplitAffix(first)
		_, _, suf := SplitAffix(toks[span-1])
		_, core, _ := SplitAffix(strings.Join(toks, ""))
		cores := []string{core}
		if hy && span == 2 {
			_, fc, _ := SplitAffix(first)
			_, sc, _ := SplitAffix(toks[1])
			cores = append(cores, fc+sc)
		}
		for ci, c := range cores {
			if c == "" {
				continue
			}
			for _, fid := range g.near(c, 3, -2) {
				src := SrcMerge
				if ci == 1 {
					src |= SrcHyphen
				}
				f := matchCase(g.lex.folds[fid].word, c)
				set.list = append(set.list, Candidate{Text: pre + f + suf, Span: span, Source: src})
			}
		}
	}
	// a dash at the end of the first token that the truth keeps, joining
	// the words (temper-- certainly -> temper--certainly): the literal
	// join, with the dash as OCR read it and as training says it was
	if span == 2 {
		fp, fc, fs := SplitAffix(first)
		if fc != "" && strings.ContainsAny(fs, dashes) {
			for _, v := range affixVariants(fs, g.conf.sufVar) {
				if strings.ContainsAny(v, dashes) {
					set.list = append(set.list, Candidate{Text: fp + fc + v + toks[1], Span: 2, Source: SrcMerge | SrcHyphen})
				}
			}
		}
	}
}

// engines adds the words of the other readings at the positions where
// their alignment with the primary (r) puts them: a matched word at its
// position; in a gap, words at the same offset when both sides have the
// same length, the whole other stretch joined by spaces when one primary
// token was read as several, the single other word as a merge (Span the
// primary stretch) when several tokens, at most MaxMerge, were read as one,
// and otherwise the words at the same offset as far as both sides go.
func (g *Generator) engines(r *align.Readings, extra []candSet) {
	for e := range r.Len() {
		alt := r.Words[e]
		gap := func(ai, ae, bi, be int) {
			na, nb := ae-ai, be-bi
			switch {
			case na == 0 || nb == 0:
			case na == nb:
				for k := 0; k < na; k++ {
					extra[ai+k].add(alt[bi+k], SrcEngine, 0)
				}
			case na == 1:
				extra[ai].add(strings.Join(alt[bi:be], " "), SrcEngine, 0)
			case nb == 1 && na <= g.opt.MaxMerge:
				extra[ai].add(alt[bi], SrcEngine, 0)
				extra[ai].list[extra[ai].idx[alt[bi]]].Span = na
			default:
				for k := 0; k < min(na, nb); k++ {
					extra[ai+k].add(alt[bi+k], SrcEngine, 0)
				}
			}
		}
		r.Walk(e, gap, func(p align.Pair) {
			extra[p.A].add(alt[p.B], SrcEngine, 0)
		})
	}
}

// docLexicon finds the words that recur in the document's OCR, are not in
// the lexicon, and have no cheap lexicon neighbour: likely names or rare
// words, known for this document.
func (g *Generator) docLexicon(ocr []string) {
	g.docLx = nil
	if g.opt.DocMinCount < 0 {
		return
	}
	cnt := map[string]int{}
	for _, t := range ocr {
		_, core, _ := SplitAffix(t)
		if utf8.RuneCountInString(core) >= 3 && !g.lex.HasFold(core) {
			cnt[lower(core)]++
		}
	}
	for w, n := range cnt {
		if n < g.opt.DocMinCount {
			continue
		}
		if len(g.near(w, 1, 1)) > 0 {
			continue // one skeleton edit from a known word: likely an error
		}
		if g.docLx == nil {
			g.docLx = map[string]int{}
		}
		g.docLx[w] = n
	}
}

// Rows returns the Candidate relation of one document (docid stem): a row
// per candidate of each position, in generation order, Span at least 1.
func Rows(stem string, cands [][]Candidate) []data.CandidateRow {
	var rows []data.CandidateRow
	for i, cs := range cands {
		for j, x := range cs {
			rows = append(rows, data.CandidateRow{DocID: stem, WordID: i, CandID: j, Word: x.Text, Span: max(x.Span, 1)})
		}
	}
	return rows
}

// joinEditMinRunes and joinEditConf: a generator with Options.Joins
// searches the forms of a core with a two-for-one reading undone one
// skeleton edit deep (Generator.coreCands: `tumished` -> furnished, where
// rn was read as m and f as t; `shghtty` -> slightly) for a core of small
// letters, of joinEditMinRunes or more, that the lexicon lacks and of
// which no candidate found otherwise is a likelier misreading than
// e^joinEditConf (a log probability). Fixed priors. The held-out models of
// bench -transfer and the built-in model (correction only, words matched
// / broken, against without): periodicals 43,155 / 59 -> 43,220 / 58
// (cMER 22.5% -> 23.7% lower), embedded 151,468 / 43 -> 151,512 / 43
// (28.9% -> 29.4%), early 50,732 / 157 -> 50,767 / 159 (15.3% -> 16.0%),
// science-law 51,963 / 40 -> 51,970 / 40 (18.2% -> 18.6%), ads-fall2018
// 256,496 / 1,417 -> 256,530 / 1,423 (60.1% either way); at -6 and -11
// within 5 words of that, and without the condition on what was found 11
// more on periodicals and 2 to 8 fewer or more elsewhere, for correction
// 10-18% slower on ads-fall2018 (at -9 the same instructions, under
// callgrind, within the garbage collector's noise). Capitalised tokens
// searched too (names: `Cardiss` -> Caribs, `Plorio` -> Priories), without
// that condition: from 9 words fewer (ads-fall2018) to 9 more
// (periodicals), and up to 5 more broken. Cores with a mark inside
// (`half-pace`, `interi-`) are left to the rules of dashes and
// apostrophes: science-law's drill manual had made `half-pace` half-price.
//
// A core of joinEditWideRunes or more is searched two skeleton edits deep
// around each form: against one, periodicals 43,220 / 58 -> 43,232 / 58
// (cMER 23.7% -> 24.0% lower), early 50,767 -> 50,774 (16.0% -> 16.2%),
// embedded 151,512 -> 151,519 (29.4% -> 29.5%), science-law and
// ads-fall2018 the same, none broken more (the search at both depths
// costs 1.1% more instructions than none under callgrind on 12
// ads-fall2018 pages); from 8 letters, 12 to 24 words more on the
// rendered collections and one more broken on three of them,
// ads-fall2018 10 fewer and 9 more broken; from 7, 41 more on periodicals
// (cMER 24.6%), ads-fall2018 20 fewer and 16 more broken (its truth's
// misreadings made words).
const (
	joinEditMinRunes  = 5
	joinEditConf      = -9
	joinEditWideRunes = 9
)

// joinForms calls f with each form of the lower-case word lc that has
// one of the generator's learned readings of two letters as one undone
// (m put back as rn), then with each that has one of them done (rn
// written m: the reverse reading, one letter read as two).
func (g *Generator) joinForms(lc string, f func(v string)) {
	for _, j := range g.joins {
		for _, v := range putBack(lc, j.ocr, j.truth) {
			f(v)
		}
	}
	for _, j := range g.joins {
		for _, v := range putBack(lc, j.truth, j.ocr) {
			f(v)
		}
	}
}

// joinEditable reports whether the join-and-edit search may take the
// lower-case core lc: joinEditMinRunes letters or more, and nothing but
// letters.
func joinEditable(lc string) bool {
	return utf8.RuneCountInString(lc) >= joinEditMinRunes && !strings.ContainsFunc(lc, func(r rune) bool { return !unicode.IsLetter(r) })
}

// bestConf returns the highest conf of cs (-Inf for none).
func bestConf(cs []coreCand) float64 {
	b := math.Inf(-1)
	for _, c := range cs {
		b = max(b, c.conf)
	}
	return b
}

// shortWords and shortLen: a generator with Options.Joins looks up, for a
// token of small letters the lexicon lacks and of at most shortLen
// letters, the shortWords words of at most shortLen letters its lexicon
// counts most often (commonShort). With the held-out models of bench
// -transfer and the built-in model (words matched / broken, against
// without): embedded +11 / 0, early +7 / -14, periodicals +11 / -2,
// science-law +1 / 0, ads-fall2018 -13 / +8, and the HIPE-OCRepair sets
// in JSONL: ICDAR 2017 +6 / 0 (cMER reduction 28.2% -> 28.8%), BL +1 / 0
// (18.4% -> 18.9%), Trove the same words (25.3% -> 25.2%). The 40
// commonest gave within 3 words of that on each but BL's (`wka` made was,
// not who), 160 the same but for 4 words. Looked up for title-case tokens
// too, Trove broke 16 words more (its soldiers' ranks, `Pte`, `Gnr`, made
// the) and ads-fall2018 matched 11 fewer.
const (
	shortWords = 80
	shortLen   = 3
)

// commonShort returns the fold ids of the n words of at most shortLen
// letters that lex counts most often (ties by id).
func commonShort(lex *Lexicon, n int) []int32 {
	var ids []int32
	for fid := range lex.folds {
		if f := lex.folds[fid].word; utf8.RuneCountInString(f) <= shortLen && lex.folds[fid].count > 0 {
			ids = append(ids, int32(fid))
		}
	}
	slices.SortFunc(ids, func(a, b int32) int {
		return cmp.Or(cmp.Compare(lex.folds[b].count, lex.folds[a].count), cmp.Compare(a, b))
	})
	if len(ids) > n {
		ids = ids[:n]
	}
	return ids
}
