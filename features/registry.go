package features

import (
	"math"
	"strings"

	"ocrfix/candgen"
)

// feature is one entry of the registry: a function that fills the columns
// named by names (out[k] is column names[k]; out starts zero) for the
// candidate x stands at, and whether the values depend on the position.
type feature struct {
	names []string
	fill  func(x *rowCtx, out []float32)
	scope scope
}

// scope says what a feature's values depend on.
type scope uint8

const (
	// perToken: the candidate, the facts of its text and of the OCR token
	// it replaces, the position's candidate list and the document (its
	// topic mix, profile, other tokens' counts) alone. Compute copies
	// these columns from an earlier position holding the same token and
	// candidate list.
	perToken scope = iota
	// perPosition: also the position's neighbours, confidence or other
	// readings. Compute fills these columns at every position.
	perPosition
)

// registry lists the features in column order: Names, the columns of a
// Matrix and the model file all follow it. A function that fills several
// columns does so because they share one computation; its scope is that
// of the column that depends on the most. Appending a feature
// (or inserting one) changes the columns, and model.Read then refuses
// models trained with the old ones.
var registry = []feature{
	{[]string{"conf_logp"}, confLogP, perToken},
	{[]string{"is_original"}, isOriginal, perToken},
	{[]string{"in_lexicon"}, inLexicon, perToken},
	{[]string{"uni_logp", "lm_left", "lm_right", "lm_inner"}, lmFeatures, perPosition},
	{[]string{"topic_logp", "topic_known"}, topicFeatures, perToken},
	{[]string{"vec_sim", "vec_known"}, vecFeatures, perPosition},
	{[]string{"edits"}, edits, perToken},
	{[]string{"len_diff"}, lenDiff, perToken},
	{[]string{"merge"}, merge, perToken},
	{[]string{"split"}, split, perToken},
	{[]string{"from_engine"}, fromEngine, perToken},
	{[]string{"engine_agree"}, engineAgree, perPosition},
	{[]string{"case_change"}, caseChange, perToken},
	{[]string{"punct_change"}, punctChange, perToken},
	{[]string{"orig_oov"}, origOOV, perToken},
	{ruleNames(), origRules, perToken},
	{ConfidenceFeatures, confidence, perPosition},
	{[]string{"cand_prior"}, candPrior, perToken},
	{[]string{"cand_rank"}, candRank, perToken},
	{[]string{"score_gap"}, scoreGap, perToken},
	{[]string{"orig_gap"}, origGap, perToken},
	{[]string{"n_cands"}, nCands, perToken},
	{[]string{"coll_freq", "coll_docs", "coll_exact", "coll_end", "orig_coll_size"}, collection, perToken},
	{[]string{"coll_ctx"}, collContext, perPosition},
	{[]string{"eng_ctx", "eng_freq", "eng_known", "eng_shape", "eng_gap", "eng_shape_gap"}, english, perPosition},
	{[]string{"orig_num_spike"}, origNumSpike, perToken},
}

// Names are the features, one column each, in the order of the registry;
// each is documented on the function that computes it. "orig_" features
// are non-zero only on the candidate that is the OCR token itself, so that
// facts about the OCR token (which do not vary among the candidates of a
// position) can still move the choice between keeping it and replacing it.
var Names = registryNames()

// NumFeatures is the number of columns.
var NumFeatures = len(Names)

// ConfidenceFeatures are the columns that depend on OCR word confidences
// (filled by confidence); Options.NoConfidence zeroes them.
var ConfidenceFeatures = []string{"orig_conf", "orig_conf_rank", "has_conf"}

// placed is a feature of the registry with its columns: col to col+k-1.
type placed struct {
	fill   func(x *rowCtx, out []float32)
	col, k int
}

// allPlaced and perPositionPlaced are the registry's features, and those
// of scope perPosition, with their columns.
var allPlaced, perPositionPlaced = placeRegistry()

// placeRegistry returns the features of the registry with their columns,
// all and those of scope perPosition.
func placeRegistry() (all, perPos []placed) {
	col := 0
	for _, f := range registry {
		p := placed{f.fill, col, len(f.names)}
		all = append(all, p)
		if f.scope != perToken {
			perPos = append(perPos, p)
		}
		col += p.k
	}
	return all, perPos
}

// registryNames returns the names of the registry's columns in order.
func registryNames() []string {
	var names []string
	for _, f := range registry {
		names = append(names, f.names...)
	}
	return names
}

// ruleNames returns orig_rule_<name> for the eight garbage rules of
// candgen.Garbage, in bit order: len, punct, inner, rep, upper, cv, runs,
// case.
func ruleNames() []string {
	return []string{"orig_rule_len", "orig_rule_punct", "orig_rule_inner", "orig_rule_rep",
		"orig_rule_upper", "orig_rule_cv", "orig_rule_runs", "orig_rule_case"}
}

// confLogP (conf_logp): log P(ocr text | candidate) under the learned
// confusion model.
func confLogP(x *rowCtx, out []float32) { out[0] = float32(x.c.LogConf) }

// isOriginal (is_original): 1 when the candidate is the OCR token itself.
func isOriginal(x *rowCtx, out []float32) { out[0] = flag(x.orig) }

// inLexicon (in_lexicon): 1 when every word of the candidate is in the
// training lexicon.
func inLexicon(x *rowCtx, out []float32) { out[0] = flag(x.ti.inLex) }

// lmFeatures, under the word bigram model LM (Witten-Bell, from the
// training truth):
//   - uni_logp: smoothed log unigram probability of the candidate's words
//     (mean);
//   - lm_left: log P(first word | previous OCR word);
//   - lm_right: log P(next OCR word | last word), as P(last | next) read
//     backwards;
//   - lm_inner: log P(w2 | w1) inside a split candidate; 0 for one-word
//     candidates.
func lmFeatures(x *rowCtx, out []float32) {
	ids := x.ti.lmIDs
	nw := len(ids)
	if nw == 0 || x.res.LM == nil {
		return
	}
	p := &x.pos
	out[0] = x.ti.uni
	v, ok := p.left.get(ids[0], 0)
	if !ok {
		v = float32(x.res.LM.LogNext(p.prev, ids[0]))
		p.left = append(p.left, idMemo{ids[0], 0, v})
	}
	out[1] = v
	nx := p.next
	if x.c.Span > 1 {
		nx = -1
		if j := x.i + x.c.Span; j < x.n {
			nx = x.lmID[j]
		}
	}
	v, ok = p.right.get(ids[nw-1], nx)
	if !ok {
		v = float32(x.res.LM.LogPrev(ids[nw-1], nx))
		p.right = append(p.right, idMemo{ids[nw-1], nx, v})
	}
	out[2] = v
	out[3] = x.ti.inner
}

// topicFeatures, under the topic model (0 without one):
//   - topic_logp: log p(candidate | document) = log sum_k theta_dk phi_kw
//     (LDA, theta folded in on the OCR), mean over the words;
//   - topic_known: 1 when the LDA vocabulary knows the candidate.
func topicFeatures(x *rowCtx, out []float32) {
	if x.topics == nil || len(x.ti.lmIDs) == 0 {
		return
	}
	var topic float64
	known := true
	for _, id := range x.ti.ldaIDs {
		topic += x.topics.logProb(x.res.LDA, id, x.theta)
		known = known && id >= 0
	}
	out[0] = float32(topic / float64(len(x.ti.ldaIDs)))
	out[1] = flag(known)
}

// vecFeatures, under the word vectors (0 without them):
//   - vec_sim: cosine of the candidate's word vector to the mean vector of
//     the OCR context (+-5 words);
//   - vec_known: 1 when the candidate has a word vector (and the context
//     one).
func vecFeatures(x *rowCtx, out []float32) {
	ti, p := x.ti, &x.pos
	if !ti.hasVec {
		return
	}
	if !p.ctxDone {
		p.ctxOK, p.ctxDone = contextVector(x.posVec, x.i, x.ctxVec), true
	}
	if !p.ctxOK {
		return
	}
	v, ok := p.cosines.get(ti.vecID, 0)
	if !ok {
		v = float32(ti.cos(x.res.Vec.Row(ti.vecID), x.ctxVec))
		p.cosines = append(p.cosines, idMemo{ti.vecID, 0, v})
	}
	out[0], out[1] = v, 1
}

// edits (edits): edit distance from the OCR text to the candidate.
func edits(x *rowCtx, out []float32) { out[0] = float32(x.c.Edits) }

// lenDiff (len_diff): |runes(candidate) - runes(OCR text)|.
func lenDiff(x *rowCtx, out []float32) { out[0] = float32(absInt(int(x.ti.runes) - int(x.ocr.runes))) }

// merge (merge): 1 when the candidate merges this token with the next
// one(s).
func merge(x *rowCtx, out []float32) { out[0] = flag(x.c.Span > 1) }

// split (split): 1 when the candidate splits the token into several words.
func split(x *rowCtx, out []float32) { out[0] = flag(len(x.ti.lmIDs) > 1) }

// fromEngine (from_engine): 1 when another OCR reading proposed the
// candidate.
func fromEngine(x *rowCtx, out []float32) { out[0] = flag(x.c.Source&candgen.SrcEngine != 0) }

// engineAgree (engine_agree): share of the other OCR readings that have the
// candidate at the aligned position.
func engineAgree(x *rowCtx, out []float32) {
	if x.doc.Readings.Len() == 0 || x.c.Span != 1 {
		return
	}
	a := 0
	for _, w := range x.pos.agreeAt {
		if w == x.c.Text {
			a++
		}
	}
	out[0] = float32(a) / float32(x.doc.Readings.Len())
}

// caseChange (case_change): 1 when the candidate's case pattern differs
// from the OCR token's.
func caseChange(x *rowCtx, out []float32) { out[0] = flag(x.ti.casePat != x.ocr.casePat) }

// punctChange (punct_change): 1 when the candidate's leading/trailing
// punctuation differs from the OCR token's.
func punctChange(x *rowCtx, out []float32) { out[0] = flag(x.ti.punct != x.ocr.punct) }

// origOOV (orig_oov), original only: the OCR token's core is not in the
// lexicon.
func origOOV(x *rowCtx, out []float32) { out[0] = flag(x.orig && x.pos.origOOV) }

// origRules (orig_rule_*), original only: the eight garbage rules of
// candgen.Garbage, one column each: 1 length > 20; 2 more punctuation than
// alphanumerics; 3 two or more kinds of inner punctuation; 4 three
// identical characters in a row; 5 more upper than lower case, not all
// upper; 6 consonant/vowel ratio beyond 8; 7 four or more vowels or five or
// more consonants in a row; 8 lower first and last, upper inside.
func origRules(x *rowCtx, out []float32) {
	if !x.orig {
		return
	}
	for k := range out {
		out[k] = flag(x.pos.origRules&(1<<k) != 0)
	}
}

// confidence fills ConfidenceFeatures (all 0 under Options.NoConfidence):
//   - orig_conf, original only: the OCR word confidence / 100 (0 when the
//     input has none);
//   - orig_conf_rank, original only: rank of the token's confidence within
//     its line, 0 (lowest) to 1;
//   - has_conf: 1 when the input carries word confidences.
func confidence(x *rowCtx, out []float32) {
	if x.orig && x.pos.hasOrigConf {
		out[0], out[1] = x.pos.origConf, x.pos.origConfRank
	}
	out[2] = flag(x.hasConf)
}

// candPrior (cand_prior): log prior of the candidate used by candidate
// generation (lexicon frequency).
func candPrior(x *rowCtx, out []float32) { out[0] = float32(x.c.LogPrior) }

// candRank (cand_rank): log(1 + rank) of the candidate in candidate
// generation's order (0 = first).
func candRank(x *rowCtx, out []float32) { out[0] = logRank(x.ci) }

// scoreGap (score_gap): candidate generation's score minus the best score
// at the position (<= 0).
func scoreGap(x *rowCtx, out []float32) { out[0] = float32(x.c.Score - x.pos.bestScore) }

// origGap (orig_gap): candidate generation's score minus the OCR token's
// score.
func origGap(x *rowCtx, out []float32) { out[0] = float32(x.c.Score - x.pos.origScore) }

// nCands (n_cands): log of the number of candidates at the position.
func nCands(x *rowCtx, out []float32) { out[0] = x.pos.nCands }

// collection fills the features of the target collection's profile
// (Doc.Profile; 0 without one), each without the tokens the candidate
// replaces:
//   - coll_freq: log relative frequency of the candidate's words in the
//     collection's OCR (mean);
//   - coll_docs: share of the collection's documents holding the
//     candidate's words (mean);
//   - coll_exact: log relative frequency of the candidate's exact spelling
//     (case, punctuation);
//   - coll_end: log relative frequency of tokens ending with the
//     candidate's trailing punctuation;
//   - orig_coll_size, original only: log10(1 + tokens in the profile) / 6,
//     how much the coll_ features can be trusted.
func collection(x *rowCtx, out []float32) {
	if x.coll != nil {
		x.coll.row(x.c, x.i, x.ti, out)
	}
}

// origNumSpike (orig_num_spike), original only: 1 when the OCR token is a
// number that its collection writes far more often than the numbers beside
// it (profile.Profile.NumberSpike; 0 without a profile): a word the
// collection's OCR misreads as that number all through (is as 15, I as 1),
// which the ranker may then replace as it would a misread word.
func origNumSpike(x *rowCtx, out []float32) {
	if x.orig && x.coll != nil && x.coll.p.NumberSpike(x.c.Text) {
		out[0] = 1
	}
}

// collContext (coll_ctx) fills the candidate's fit to the collection's own
// word pairs (Doc.Profile; 0 without one): how often the collection
// writes its first word after the OCR word before it, and its last word
// before the OCR word after it, each as a smoothed log share of that
// neighbour's occurrences (mean of the two sides), without this
// position's own OCR pairs.
func collContext(x *rowCtx, out []float32) {
	if x.coll != nil {
		end := min(x.i+max(x.c.Span, 1), x.n)
		out[0] = float32(x.coll.context(x.i, end, x.ti.collNorms))
	}
}

// english fills the features of the English models (lm/english; 0 without
// them or under Options.NoEnglish):
//   - eng_ctx: trigram log P of the candidate's words and of the next two
//     OCR words, given the two OCR words before;
//   - eng_freq: log relative frequency of the candidate's words in the
//     English texts (mean; unknown: half a count);
//   - eng_known: 1 when the English model knows every word of the
//     candidate;
//   - eng_shape: mean log probability per character of the candidate's
//     words under the English word-shape model;
//   - eng_gap: how much better the candidate's words fit their context
//     than the OCR tokens they replace, beyond how much commoner they are:
//     eng_ctx less the same log P with those OCR tokens in their place,
//     less the difference of their unigram log P (0 for the OCR token
//     itself). eng_ctx alone mostly says how predictable the position's
//     context is, the same for every candidate there, and a log P ratio
//     without the unigram term mostly repeats eng_freq: its context fit
//     alone is what the ranker lacked (`of` for `or` before `the`).
//     Measured with bench -transfer (held-out models, error reduction /
//     broken / cMER reduction, without and with it): embedded 20.7% / 13
//     / 20.7% and 21.9% / 14 / 21.7%, early 16.2% / 111 / 9.6% and 16.7%
//     / 136 / 10.0%, periodicals 17.6% / 26 / 13.3% and 18.7% / 26 /
//     14.3%, science-law 20.3% / 24 / 13.8% and 21.3% / 26 / 14.4%,
//     ads-fall2018 55.3% / 1,179 / 45.1% and 55.4% / 1,210 / 45.4%. Tried
//     before the profile gate kept period spellings (oldSpelling,
//     periodModern in package model), it broke too many of early's
//     (knowne -> known) to be kept;
//   - eng_shape_gap: eng_shape less that of the OCR text the candidate
//     replaces (0 for the OCR token itself): how much more English the
//     candidate looks than the token (charactenstic -> characteristic),
//     which eng_shape, the candidate's alone, cannot say. Measured as
//     eng_gap was, without and with it: embedded 21.9% / 14 / 21.7% and
//     21.9% / 12 / 21.8%, early 16.7% / 136 / 10.0% and 16.9% / 120 /
//     10.2%, periodicals 18.7% / 26 / 14.3% and 18.7% / 24 / 14.3%,
//     science-law 21.3% / 26 / 14.4% and 21.3% / 21 / 14.6%, ads-fall2018
//     55.4% / 1,210 / 45.4% and 55.5% / 1,211 / 45.5%.
func english(x *rowCtx, out []float32) {
	ti := x.ti
	if x.eng == nil || ti.engIDs == nil {
		return
	}
	span := max(x.c.Span, 1)
	out[0] = x.eng.logProb(x.i, span, ti.engIDs)
	if !x.orig {
		out[4] = out[0] - x.eng.origLogProb(x.i, span) - (x.eng.logFreqs(ti.engIDs) - x.eng.logFreqs(x.eng.origIDs(x.i, span)))
		out[5] = ti.engShp - x.ocr.engShp
	}
	out[1] = ti.engFreq
	out[2] = flag(ti.engAll)
	out[3] = ti.engShp
}

// flag returns 1 for true, 0 for false.
func flag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// rowCtx is what a feature function reads: the facts of the document
// (worked out once per Compute), of the position (posCtx, once per
// position) and of the candidate of the row.
type rowCtx struct {
	res     *Resources
	doc     *Doc
	n       int       // the number of OCR tokens
	lmID    []int32   // each token's LM id (-1 unknown)
	theta   []float64 // the document's topic mix; nil without a topic model
	topics  *topicCache
	agree   [][]string  // the other readings' words at each position; nil without
	hasConf bool        // the input carries confidences (and they are wanted)
	rank    []float32   // each token's confidence rank in its line, when hasConf
	ctxVec  []float32   // the context vector of the position, made on first use
	posVec  [][]float32 // each position's word vector (nil when unknown)
	coll    *collFeatures
	eng     *engContext

	i    int // the position
	pos  posCtx
	toks []tokFacts // each position's, where the position's list is its own

	ci   int                // the candidate's index at the position
	c    *candgen.Candidate // the candidate
	ti   *staticInfo        // the facts of its text
	ocr  *staticInfo        // the facts of the OCR text it replaces
	orig bool               // it is the OCR token itself (candgen.SrcOriginal)
}

// tokFacts are the facts of a position that depend on its token and its
// candidate list alone: a position holding an earlier one's list (Matrix.Same)
// takes them from there.
type tokFacts struct {
	single               *staticInfo // the OCR token's facts
	bestScore, origScore float64     // the best and the OCR token's generation score
	nCands               float32
	origRules            uint8 // candgen.Garbage of the token
	origOOV              bool  // its core is not in the lexicon
}

// posCtx holds the facts of one position that its candidates share.
type posCtx struct {
	tokFacts
	prev, next             int32       // the LM ids before and after the token (-1 none)
	merged                 *staticInfo // the OCR text of the last merge seen
	mergedSpan             int         // its span
	hasOrigConf            bool
	origConf, origConfRank float32
	agreeAt                []string
	ctxOK, ctxDone         bool // the context vector exists; it was made
	// left, right and cosines remember values of words seen at the
	// position (case and punctuation variants share a word).
	left, right, cosines posMemo
}

// startPos sets x.pos to the facts of position i, whose rows' texts have
// the facts infos, and which holds the candidate list of position from
// (-1: its own; see Matrix.Same).
func (x *rowCtx) startPos(i int, infos []*staticInfo, from int) {
	doc, p := x.doc, &x.pos
	x.i = i
	p.left, p.right, p.cosines = p.left[:0], p.right[:0], p.cosines[:0]
	p.prev, p.next = -1, -1 // next: the LM id after a one-token candidate
	if i > 0 {
		p.prev = x.lmID[i-1]
	}
	if i+1 < x.n {
		p.next = x.lmID[i+1]
	}
	p.ctxOK, p.ctxDone = false, false
	if from >= 0 {
		p.tokFacts = x.toks[from]
	} else {
		x.setTokFacts(i, infos)
		x.toks[i] = p.tokFacts
	}
	p.merged, p.mergedSpan = p.single, 1
	p.origConf, p.origConfRank = 0, 0
	p.hasOrigConf = x.hasConf && i < len(doc.Conf) && doc.Conf[i] >= 0
	if p.hasOrigConf {
		p.origConf, p.origConfRank = doc.Conf[i]/100, x.rank[i]
	}
	p.agreeAt = nil
	if x.agree != nil {
		p.agreeAt = x.agree[i]
	}
}

// setTokFacts sets x.pos's tokFacts to those of position i, whose rows'
// texts have the facts infos.
func (x *rowCtx) setTokFacts(i int, infos []*staticInfo) {
	res, doc, p := x.res, x.doc, &x.pos
	p.single = nil
	p.bestScore, p.origScore = math.Inf(-1), math.NaN()
	for ci, c := range doc.Cands[i] {
		p.bestScore = math.Max(p.bestScore, c.Score)
		if c.Source&candgen.SrcOriginal != 0 && math.IsNaN(p.origScore) {
			p.origScore = c.Score
		}
		if p.single == nil && c.Text == doc.Words[i] {
			p.single = infos[ci]
		}
	}
	if p.single == nil {
		p.single = res.static(doc.Words[i])
	}
	p.origRules = candgen.Garbage(doc.Words[i])
	if len(p.single.lmIDs) == 1 { // single.inLex says it when the token is one word
		p.origOOV = res.Lex != nil && !p.single.inLex
	} else {
		p.origOOV = res.Lex != nil && !res.Lex.Has(core(doc.Words[i]))
	}
	if math.IsNaN(p.origScore) {
		p.origScore = p.bestScore
	}
	p.nCands = float32(math.Log(float64(len(doc.Cands[i]))))
}

// startRow sets x to candidate ci of the position, whose text has the facts
// ti.
func (x *rowCtx) startRow(ci int, ti *staticInfo) {
	p := &x.pos
	c := &x.doc.Cands[x.i][ci]
	x.ci, x.c, x.ti = ci, c, ti
	x.orig = c.Source&candgen.SrcOriginal != 0
	x.ocr = p.single
	if c.Span > 1 && x.i+c.Span <= x.n {
		if c.Span != p.mergedSpan {
			p.merged, p.mergedSpan = x.res.static(strings.Join(x.doc.Words[x.i:x.i+c.Span], " ")), c.Span
		}
		x.ocr = p.merged
	}
}
