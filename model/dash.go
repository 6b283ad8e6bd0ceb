package model

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/profile"
)

// Words joined by a dash. Nineteenth-century print runs a sentence into the
// next with a dash and no space (`months.—The`, `Adjourned.—On`,
// `was--but`), and an engine reads such a run as one token; the candidates
// of a token are those of its core as a whole, so the words in it were
// never corrected (`inonths.--The` stayed, months being a letter from its
// first word). Correct cuts such a token into its words, each keeping the
// dash and the marks before it (`inonths.--`, `The`), corrects them as
// tokens of their own, and writes the token back whole from its corrected
// pieces (`months.--The`). A model for unseen collections so cuts a
// compound whose words are misread, at its hyphen or slash
// (compoundPieces: `famity-mending`, `cost/beneflt`).

// dashPieces returns the pieces Correct cuts the OCR token tok into, nil
// when it cuts none: at each run of marks inside its core
// (candgen.SplitAffix) that holds a dash (an em or en dash, two hyphens, or
// a hyphen beside a stop or comma: `.-`, `,-`) or a bullet, which an engine
// reads for a hyphen or a space between words (`Neweastle•on•Tyne.`,
// `hostilities•had`), and stands between two letters, each piece ending
// with the run that follows it. A hyphen alone joins a compound
// (`well-known`) or a word broken at a line end, and a slash alone two
// words (`his/her`), and stays, but where compound (nil: never) says that
// the runs of letters on either side of it, a and b, are the misread words
// of a compound joined by that mark (Model.compoundPieces:
// `uuder-clothes`, `lialf-prieo`, `cost/beneflt`). A slash is asked about
// only between words, runs of letters that a stop does not touch (lone:
// not `www.example.com/path`).
func dashPieces(tok string, compound func(a, mark, b string) bool) []string {
	if !strings.ContainsAny(tok, "-/\u2013\u2014\u2022") {
		return nil // most tokens: no dash to cut at, nothing to split
	}
	pre, core, suf := candgen.SplitAffix(tok)
	var cuts []int // byte offsets in core where a piece after the first starts
	for i := 0; i < len(core); {
		r, n := utf8.DecodeRuneInString(core[i:])
		if !unicode.IsPunct(r) {
			i += n
			continue
		}
		j := i
		for j < len(core) {
			q, m := utf8.DecodeRuneInString(core[j:])
			if !unicode.IsPunct(q) {
				break
			}
			j += m
		}
		before, _ := utf8.DecodeLastRuneInString(core[:i])
		after, _ := utf8.DecodeRuneInString(core[j:])
		if unicode.IsLetter(before) && unicode.IsLetter(after) {
			if dashRun(core[i:j]) {
				cuts = append(cuts, j)
			} else if compound != nil {
				a, b := lettersBefore(core[:i]), lettersAfter(core[j:])
				if lone(core[i:j], core[:i-len(a)], core[j+len(b):]) && compound(a, core[i:j], b) {
					cuts = append(cuts, j)
				}
			}
		}
		i = j
	}
	if len(cuts) == 0 {
		return nil
	}
	out := make([]string, 0, len(cuts)+1)
	from := 0
	for _, c := range cuts {
		out = append(out, core[from:c])
		from = c
	}
	out = append(out, core[from:])
	out[0] = pre + out[0]
	out[len(out)-1] += suf
	return out
}

// lone reports whether the run of marks between two runs of letters is a
// hyphen or a slash alone that dashPieces asks its compound function
// about, left and right being the text before and after those runs of
// letters: a slash only where no stop touches them (a path or an address,
// `example.com/path`, is no compound).
func lone(run, left, right string) bool {
	switch run {
	case "-":
		return true
	case "/":
		return !strings.HasSuffix(left, ".") && !strings.HasPrefix(right, ".")
	}
	return false
}

// dashRun reports whether the run of marks run joins two words with a dash
// or a bullet (see dashPieces).
func dashRun(run string) bool {
	if strings.ContainsAny(run, "\u2013\u2014\u2022") || strings.Contains(run, "--") {
		return true
	}
	return strings.Contains(run, "-") && strings.ContainsAny(run, ".,;:!?")
}

// cutDashes returns ocr with each token that dashPieces (with compound) cuts replaced by
// its pieces (on the token's line, at their own offsets, with its
// confidence), and the number of pieces of each token of ocr (1 where it
// is not cut); nil counts where no token is cut.
func cutDashes(ocr *data.Text, compound func(a, mark, b string) bool) (*data.Text, []int) {
	var counts []int
	var toks []data.Token
	for i, t := range ocr.Tokens {
		ps := dashPieces(t.Text, compound)
		if ps == nil {
			if counts != nil {
				counts[i] = 1
				toks = append(toks, t)
			}
			continue
		}
		if counts == nil {
			counts = make([]int, len(ocr.Tokens))
			for k := range i {
				counts[k] = 1
			}
			toks = append(make([]data.Token, 0, len(ocr.Tokens)+len(ps)), ocr.Tokens[:i]...)
		}
		counts[i] = len(ps)
		at := t.Start
		for _, p := range ps {
			toks = append(toks, data.Token{Text: p, Line: t.Line, Start: at, End: at + len(p), Conf: t.Conf})
			at += len(p)
		}
	}
	if counts == nil {
		return ocr, nil
	}
	x := *ocr
	x.Tokens = toks
	return &x, counts
}

// dashCands is how many of each piece's best candidates the candidates of
// a token cut at dashes combine (at most dashMaxCands of them).
const (
	dashCands    = 3
	dashMaxCands = 27
)

// joinDashes returns the correction of ocr from c, the correction of cut
// (cutDashes of ocr, whose tokens counts says how many pieces each token of
// ocr became): each token's pieces written back into one, and, as its
// candidates, the combinations of its pieces' best dashCands candidates,
// scored by the sum of their scores. A merge that took in a piece (the
// decisions join a piece to the token beside it) is undone: the tokens it
// covered keep their text.
func joinDashes(c *Correction, ocr, cut *data.Text, counts []int) *Correction {
	out := slices.Clone(c.Out)
	owner := make([]int, len(out)) // the token of ocr each piece is of
	for i, j := 0, 0; i < len(counts); i++ {
		for range counts[i] {
			owner[j] = i
			j++
		}
	}
	for s := 0; s < len(out); {
		e := s + 1
		for e < len(out) && out[e] == "" && cut.Tokens[e].Text != "" {
			e++
		}
		if e > s+1 && slices.ContainsFunc(owner[s:e], func(i int) bool { return counts[i] > 1 }) {
			for p := s; p < e; p++ {
				out[p] = cut.Tokens[p].Text
			}
		}
		s = e
	}
	r := &Correction{Out: make([]string, len(counts)), Cands: make([][]candgen.Candidate, len(counts)), Scores: make([][]float64, len(counts)), Noise: c.Noise}
	for i, j := 0, 0; i < len(counts); i++ {
		n := counts[i]
		if n == 1 {
			r.Out[i], r.Cands[i], r.Scores[i] = out[j], c.Cands[j], c.Scores[j]
		} else {
			r.Out[i] = strings.Join(out[j:j+n], "")
			r.Cands[i], r.Scores[i] = dashCombos(c, j, n)
		}
		if r.Out[i] != ocr.Tokens[i].Text {
			r.Changed++
		}
		j += n
	}
	return r
}

// dashCombos returns the candidates of a token cut into the n pieces at
// positions j.. of c (see joinDashes) and their scores, best first, the
// token as read among them.
func dashCombos(c *Correction, j, n int) ([]candgen.Candidate, []float64) {
	type combo struct {
		cand  candgen.Candidate
		score float64
		orig  bool // every piece as read
	}
	combos := []combo{{candgen.Candidate{Span: 1}, 0, true}}
	for p := j; p < j+n; p++ {
		idx := make([]int, 0, len(c.Cands[p]))
		for k, x := range c.Cands[p] {
			if x.Span <= 1 && !strings.ContainsFunc(x.Text, unicode.IsSpace) {
				idx = append(idx, k)
			}
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(c.Scores[p][b], c.Scores[p][a]) })
		isOrig := func(k int) bool { return c.Cands[p][k].Source&candgen.SrcOriginal != 0 }
		if o := slices.IndexFunc(idx, isOrig); o >= dashCands {
			idx[dashCands-1] = idx[o] // the piece as read always
		}
		idx = idx[:min(len(idx), dashCands)]
		if len(idx) == 0 {
			// no candidate of one word (a piece decided with the next
			// line's first token, its candidates spanning both): the
			// piece as decided
			for k := range combos {
				combos[k].cand.Text += c.Out[p]
			}
			continue
		}
		next := make([]combo, 0, len(combos)*len(idx))
		for _, cb := range combos {
			for _, k := range idx {
				x := c.Cands[p][k]
				next = append(next, combo{candgen.Candidate{
					Text: cb.cand.Text + x.Text, Span: 1, Source: cb.cand.Source | x.Source&^candgen.SrcOriginal,
					Edits: cb.cand.Edits + x.Edits, LogConf: cb.cand.LogConf + x.LogConf,
					LogPrior: cb.cand.LogPrior + x.LogPrior, Memory: min(cb.cand.Memory, x.Memory),
					Score: cb.cand.Score + x.Score,
				}, cb.score + c.Scores[p][k], cb.orig && isOrig(k)})
			}
		}
		slices.SortStableFunc(next, func(a, b combo) int { return cmp.Compare(b.score, a.score) })
		if len(next) > dashMaxCands {
			if o := slices.IndexFunc(next, func(cb combo) bool { return cb.orig }); o >= dashMaxCands {
				next[dashMaxCands-1] = next[o]
			}
			next = next[:dashMaxCands]
		}
		combos = next
	}
	cands := make([]candgen.Candidate, len(combos))
	scores := make([]float64, len(combos))
	for k, cb := range combos {
		cands[k], scores[k] = cb.cand, cb.score
		if cb.orig {
			cands[k].Source |= candgen.SrcOriginal
		}
	}
	return cands, scores
}

// lettersBefore returns the run of letters s ends with.
func lettersBefore(s string) string {
	i := len(s)
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsLetter(r) {
			break
		}
		i -= n
	}
	return s[i:]
}

// lettersAfter returns the run of letters s starts with.
func lettersAfter(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if i < 0 {
		return s
	}
	return s[:i]
}

// compoundMinRunes is the fewest letters compoundPieces asks of each word
// of a compound.
const compoundMinRunes = 3

// compoundPieces reports whether a model for unseen collections cuts a
// token at the hyphen or slash (mark) between the runs of letters a and b
// (dashPieces), to correct them as the two words of a compound
// (`uuder-clothes` -> under-clothes, `lialf-prieo` -> half-price,
// `Choroh-ward` -> Church-ward, `cost/beneflt` -> cost/benefit): each has
// compoundMinRunes letters or more, the lexicon does not know both (a
// compound of words stays whole), and a and b joined are no word the
// lexicon knows nor one skeleton edit from one (a word broken at a line
// end whose lines were joined with the hyphen kept, `nrin-ciples`,
// `snp-ported`, is decided whole: innerBreaks), and each is a word the
// lexicon knows or one skeleton edit from one
// (candgen.Generator.NearWord), the two not the same (a reduplication:
// `frou-frou`); or, with the tests before it passed, one is a word of
// small letters the lexicon does not know but one skeleton edit from one
// and the other a capitalised word (profile.TitleCase: a capital, then
// small letters) that is not, a name the lexicon need not know
// (`Goulburn-streot`, `Aldersgate-strect`: each piece is then decided as
// any token, the name by the rules that keep names). Nor at a mark (mark
// is "-" or "/") that the collection's engine reads letters as (a habit
// markHabits found: ads-fall2018's hyphens, `Envlr-mental`,
// `regulat-ry`), which inside a word is a letter. With the held-out models of bench
// -transfer, against without (words matched, the same broken): embedded
// 151,259 -> 151,266 (`haif-ashamed`, `dinnet-tume.`), early 50,648 ->
// 50,658 (`Wolmer-torest`, `huuse-martin,`), periodicals 43,005 -> 43,017
// (`famity-mending,`, `property-nghts`), science-law +1; with the
// built-in model, ads-fall2018 the same bytes (27 fewer words matched
// without the habit test, 50 fewer with neither piece test), and on the
// HIPE-OCRepair development sets ICDAR 2017 17,110 -> 17,114 words, cMER
// 30.8% -> 31.1% lower (`muoh-lqjured`, `newly-erccted`), Trove 27.0% ->
// 27.1%, BL the same. The slash and the name beside a misread word,
// against without them, with the built-in model:
// ads-fall2018 253,228 -> 253,328 words matched, 1,391 -> 1,395 broken
// (`rlsk/beneflt`, `leglslatlon/regulatlon`; its engine reads letters as
// hyphens, not as slashes); ICDAR 2017
// development cMER 32.3% -> 32.4% lower (`Sackville-etreet`), its test
// chunks 16,944 -> 16,943 words, 74 -> 75 broken (`Krak-saan` -> Krak-satin,
// `Monkwear-moutli` -> Monkwear-mouth), its training records 24.6% the same
// (`Aldersgate-strect`), Trove's training records 23.91% -> 23.95%
// (`Goulburn-streot`, `Parranvitta-itreet`); the held-out models' four
// collections, BL and Trove's development set the same bytes.
func (m *Model) compoundPieces(a, mark, b string) bool {
	if !m.forUnseen() || m.gens == nil || utf8.RuneCountInString(a) < compoundMinRunes || utf8.RuneCountInString(b) < compoundMinRunes ||
		slices.ContainsFunc(m.habits, func(h candgen.Habit) bool { return h.OCR == mark }) {
		return false
	}
	na, nb := profile.Norm(a), profile.Norm(b)
	ka, kb := m.knownWord(na), m.knownWord(nb)
	if ka && kb || na == nb || m.knownWord(na+nb) {
		return false
	}
	g := m.gens.get()
	defer m.gens.put(g)
	nearA, nearB := ka || g.NearWord(a), kb || g.NearWord(b)
	if !nearA && !nearB || g.NearWord(a+b) {
		return false
	}
	// misread reports whether a word (w, known: k, near a known word:
	// near) is one of small letters the lexicon lacks, one skeleton edit
	// from a word: the misread word a name may stand beside
	misread := func(k, near bool, w string) bool { return !k && near && profile.LowerWord(w) }
	return (nearA || profile.TitleCase(a) && misread(kb, nearB, b)) &&
		(nearB || profile.TitleCase(b) && misread(ka, nearA, a))
}
