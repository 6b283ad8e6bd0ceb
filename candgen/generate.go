package candgen

import (
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"ocrfix/align"
)

// Source flags of a candidate: where it came from (several may be set).
const (
	SrcOriginal uint8 = 1 << iota // the OCR token itself
	SrcLexicon                    // a lexicon word near the token's core
	SrcEngine                     // another OCR reading put it at this position
	SrcSplit                      // the token split into two or more words
	SrcMerge                      // this token merged with the next one(s)
	SrcCase                       // a case pattern other than the OCR token's
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

// Options controls a Generator. The zero value means the defaults.
type Options struct {
	// MaxEdits caps the edit bound on skeletons, 1 + len/4 runes (default 3).
	MaxEdits int
	// IndexDeletes is how many deletions the index stores per skeleton
	// prefix (default 2); IndexPrefix the prefix length indexed (default 9).
	IndexDeletes, IndexPrefix int
	// K is the hard cap of candidates per position (default 25).
	K int
	// Mass is the cumulative posterior mass at which the list is cut
	// (default 0.9999); MinKeep candidates are kept regardless (default 8).
	Mass    float64
	MinKeep int
	// Verify is how many lexicon words near a core are scored with the
	// confusion model (default 40).
	Verify int
	// PriorWeight weighs the prior against the channel (default 1).
	PriorWeight float64
	// MaxMerge is the most OCR tokens a merge joins (default 3; 1 turns
	// merges off). NoSplit turns splits off.
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
		o.K = 25
	}
	if o.Mass <= 0 || o.Mass > 1 {
		o.Mass = 0.9999
	}
	if o.MinKeep <= 0 {
		o.MinKeep = 8
	}
	if o.Verify <= 0 {
		o.Verify = 40
	}
	if o.PriorWeight <= 0 {
		o.PriorWeight = 1
	}
	if o.MaxMerge <= 0 {
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
	conf  *Confusion
	lex   *Lexicon
	opt   Options
	sk    *skeleton
	ix    *delIndex
	logN  float64 // log(total + smoothing)
	cache map[string][]Candidate

	mark  []uint32
	gen   uint32
	seen  map[uint64]struct{}
	row   []int
	qbuf  []rune
	docLx map[string]int // per-document known words (fold -> count)
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
	g := &Generator{conf: conf, lex: lex, opt: opt, cache: map[string][]Candidate{}, seen: map[uint64]struct{}{}}
	g.sk = learnSkeleton(conf)
	g.ix = buildIndex(lex, g.sk, opt.IndexDeletes, opt.IndexPrefix)
	g.mark = make([]uint32, len(g.ix.skels))
	g.logN = math.Log(float64(lex.total) + 0.5*float64(len(lex.foldWords)) + 1)
	return g
}

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
	fid, ok := g.lex.fold[lower(core)]
	if !ok {
		if n := g.docLx[lower(core)]; n > 0 {
			return p + math.Log(float64(n)*0.5) - g.logN
		}
		return p + math.Log(priorOOV) - g.logN
	}
	fc := float64(g.lex.foldCounts[fid])
	p += math.Log(fc+priorBeta) - g.logN
	// case share
	forms := g.lex.forms[fid]
	fcount := 0.1
	if id, ok := g.lex.ids[core]; ok {
		fcount += float64(g.lex.counts[id])
	} else {
		fcount = 0.02
	}
	p += math.Log(fcount / (fc + 0.1*float64(len(forms)+1)))
	return p
}

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
	if bound < 0 {
		bound = 1 + len(q)/4
		if bound > g.opt.MaxEdits {
			bound = g.opt.MaxEdits
		}
		if len(q) <= 2 {
			bound = 1
		}
	}
	g.gen++
	if g.gen == 0 {
		clear(g.mark)
		g.gen = 1
	}
	type hit struct {
		fid  int32
		dist int
		cnt  int
	}
	var hits []hit
	g.ix.lookup(q, bound, g.mark, g.gen, g.seen, func(id uint32) {
		d := boundedLev(q, g.ix.skels[id], bound, g.row)
		if d > bound {
			return
		}
		for _, fid := range g.ix.words[id] {
			hits = append(hits, hit{fid, d, g.lex.foldCounts[fid]})
		}
	})
	sort.Slice(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		// a skeleton edit costs about as much as a 20-fold frequency
		sa := float64(a.dist)*3 - math.Log(float64(a.cnt)+priorBeta)
		sb := float64(b.dist)*3 - math.Log(float64(b.cnt)+priorBeta)
		if sa != sb {
			return sa < sb
		}
		return g.lex.foldWords[a.fid] < g.lex.foldWords[b.fid]
	})
	if len(hits) > max {
		hits = hits[:max]
	}
	out := make([]int32, len(hits))
	for i, h := range hits {
		out[i] = h.fid
	}
	return out
}

// caseForms returns the case forms to try for a lower-case lexicon word
// given the OCR core's case pattern.
func (g *Generator) caseForms(fid int32, ocrPat uint8) []string {
	w := g.lex.foldWords[fid]
	var out []string
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
	for _, p := range g.conf.caseVar[ocrPat] {
		if p != caseMixed && p != caseNone {
			add(applyCase(w, p))
		}
	}
	// the word's own frequent forms (proper nouns, acronyms)
	forms := g.lex.forms[fid]
	fc := g.lex.foldCounts[fid]
	for _, id := range forms {
		if len(forms) == 1 || g.lex.counts[id]*5 >= fc {
			add(g.lex.words[id])
		}
	}
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

// tokenCands returns the scored candidates of one OCR token (span 1),
// unpruned but sorted; cached per distinct token.
func (g *Generator) tokenCands(tok string) []Candidate {
	if c, ok := g.cache[tok]; ok {
		return c
	}
	saved := g.docLx
	g.docLx = nil // the cache must not depend on the document
	defer func() { g.docLx = saved }()
	set := candSet{}
	set.add(tok, SrcOriginal, 0)
	pre, core, suf := SplitAffix(tok)
	pres := affixVariants(pre, g.conf.preVar)
	sufs := affixVariants(suf, g.conf.sufVar)
	for _, t := range g.conf.tokMem[tok] {
		set.add(t, SrcLexicon, g.conf.toks[opKey{t, tok}])
	}
	if core == "" {
		// punctuation only: the learned readings of the whole token
		for _, p := range pres {
			if p != tok {
				set.add(p, SrcPunct, 0)
			}
		}
	} else {
		pat := casePattern(core)
		for _, fid := range g.near(core, g.opt.Verify, -1) {
			for _, f := range g.caseForms(fid, pat) {
				src := SrcLexicon
				if casePattern(f) != pat {
					src |= SrcCase
				}
				for _, p := range pres {
					for _, s := range sufs {
						sp := src
						if p != pre || s != suf {
							sp |= SrcPunct
						}
						set.add(p+f+s, sp, 0)
					}
				}
			}
		}
		// the core itself with other punctuation
		for _, p := range pres {
			for _, s := range sufs {
				if p != pre || s != suf {
					set.add(p+core+s, SrcPunct, 0)
				}
			}
		}
		if !g.opt.NoSplit {
			g.splits(pre, core, suf, &set)
		}
	}
	out := g.score(tok, set, 1)
	if len(out) > 2*g.opt.K {
		out = out[:2*g.opt.K]
	}
	if len(g.cache) > 1<<18 {
		clear(g.cache)
	}
	g.cache[tok] = out
	return out
}

// splits adds the splits of core into two lexicon words (each within a
// small edit bound) and into three exact lexicon words.
func (g *Generator) splits(pre, core, suf string, set *candSet) {
	rs := []rune(core)
	if len(rs) < 3 {
		return
	}
	pat := casePattern(core)
	best := func(part string) []string {
		_, pc, _ := SplitAffix(part)
		if pc == "" {
			return nil
		}
		b := 0
		if utf8.RuneCountInString(pc) >= 5 {
			b = 1
		}
		fids := g.near(pc, 2, b)
		var out []string
		for _, fid := range fids {
			w := g.lex.foldWords[fid]
			out = append(out, part[:strings.Index(part, pc)]+matchCase(w, pc)+part[strings.Index(part, pc)+len(pc):])
		}
		return out
	}
	_ = pat
	for k := 1; k < len(rs); k++ {
		left, right := string(rs[:k]), string(rs[k:])
		ls := best(left)
		if len(ls) == 0 {
			continue
		}
		rsx := best(right)
		if len(rsx) == 0 {
			continue
		}
		for _, l := range ls {
			for _, r := range rsx {
				set.add(pre+l+" "+r+suf, SrcSplit, 0)
			}
		}
	}
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

func sortCands(c []Candidate) {
	sort.Slice(c, func(i, j int) bool {
		if c[i].Score != c[j].Score {
			return c[i].Score > c[j].Score
		}
		if c[i].Span != c[j].Span {
			return c[i].Span < c[j].Span
		}
		return c[i].Text < c[j].Text
	})
}

// Generate returns the candidates of every position of an OCR token list:
// out[i] holds the candidates starting at token i, best first, the OCR
// token itself (Span 1, SrcOriginal) always among them. alts are the other
// OCR readings of the same document (token lists); their words at the
// aligned positions become candidates too. The result is deterministic.
func (g *Generator) Generate(ocr []string, alts [][]string) [][]Candidate {
	g.docLexicon(ocr)
	defer func() { g.docLx = nil }()
	out := make([][]Candidate, len(ocr))
	extra := make([]candSet, len(ocr))
	for i := range ocr {
		// merges with the next token(s)
		for span := 2; span <= g.opt.MaxMerge && i+span <= len(ocr); span++ {
			g.merges(ocr[i:i+span], &extra[i])
		}
	}
	g.engines(ocr, alts, extra)
	for i, tok := range ocr {
		base := g.tokenCands(tok)
		var list []Candidate
		if len(g.docLx) > 0 || len(extra[i].list) > 0 {
			list = make([]Candidate, len(base), len(base)+len(extra[i].list))
			copy(list, base)
			if len(g.docLx) > 0 {
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
				e.LogConf = g.conf.LogProb(ot, e.Text)
				e.LogPrior = g.textPrior(e.Text)
				e.Score = e.LogConf + g.opt.PriorWeight*e.LogPrior
				list = append(list, e)
			}
			sortCands(list)
		} else {
			list = append([]Candidate(nil), base...)
		}
		out[i] = g.prune(list, tok)
	}
	return out
}

// prune keeps the best candidates until their posterior mass reaches
// Options.Mass (at least MinKeep, at most K), always keeping the original
// and engine candidates, and fills Edits.
func (g *Generator) prune(list []Candidate, tok string) []Candidate {
	if len(list) == 0 {
		return list
	}
	top := list[0].Score
	total := 0.0
	for _, c := range list {
		total += math.Exp(c.Score - top)
	}
	var kept []Candidate
	mass := 0.0
	hasOrig := false
	for _, c := range list {
		must := c.Source&SrcOriginal != 0 && c.Span == 1 && c.Text == tok
		if len(kept) >= g.opt.K && !must {
			continue
		}
		if mass >= g.opt.Mass*total && len(kept) >= g.opt.MinKeep && !must && c.Source&SrcEngine == 0 {
			continue
		}
		mass += math.Exp(c.Score - top)
		if must {
			hasOrig = true
		}
		kept = append(kept, c)
	}
	if !hasOrig {
		kept = append(kept, Candidate{Text: tok, Span: 1, Source: SrcOriginal})
	}
	for i := range kept {
		kept[i].Edits = align.Levenshtein(strings.Join(strings.Fields(kept[i].Text), " "), tok)
	}
	return kept
}

// merges adds candidates for the tokens toks joined into one word.
func (g *Generator) merges(toks []string, set *candSet) {
	span := len(toks)
	first := toks[0]
	pre, _, _ := SplitAffix(first)
	_, _, suf := SplitAffix(toks[span-1])
	joined := strings.Join(toks, "")
	_, core, _ := SplitAffix(joined)
	if core == "" {
		return
	}
	hy := false
	if strings.HasSuffix(first, "-") || strings.HasSuffix(first, "¬") || strings.HasSuffix(first, "\u00ad") {
		hy = true
	}
	cores := []string{core}
	if hy && span == 2 {
		fp, fc, _ := SplitAffix(first)
		_ = fp
		_, sc, _ := SplitAffix(toks[1])
		cores = append(cores, fc+sc)
	}
	pat := casePattern(toks[0])
	for ci, c := range cores {
		for _, fid := range g.near(c, 3, -1) {
			w := g.lex.foldWords[fid]
			src := SrcMerge
			if ci == 1 {
				src |= SrcHyphen
			}
			f := applyCase(w, pat)
			if pat == caseMixed || pat == caseNone {
				f = w
			}
			set.list = append(set.list, Candidate{Text: pre + f + suf, Span: span, Source: src})
		}
	}
}

// engines aligns each other reading to the primary and adds its words at
// the aligned positions.
func (g *Generator) engines(ocr []string, alts [][]string, extra []candSet) {
	if len(alts) == 0 {
		return
	}
	v := align.NewVocab()
	a := v.IDs(ocr)
	for _, alt := range alts {
		b := v.IDs(alt)
		pairs := align.Align(a, b)
		ai, bi := 0, 0
		gap := func(ae, be int) {
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
		for _, p := range pairs {
			gap(p.A, p.B)
			extra[p.A].add(alt[p.B], SrcEngine, 0)
			ai, bi = p.A+1, p.B+1
		}
		gap(len(ocr), len(alt))
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
