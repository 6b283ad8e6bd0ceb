package model

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/data"
)

// Words joined by a dash. Nineteenth-century print runs a sentence into the
// next with a dash and no space (`months.—The`, `Adjourned.—On`,
// `was--but`), and an engine reads such a run as one token; the candidates
// of a token are those of its core as a whole, so the words in it were
// never corrected (`inonths.--The` stayed, months being a letter from its
// first word). Correct cuts such a token into its words, each keeping the
// dash and the marks before it (`inonths.--`, `The`), corrects them as
// tokens of their own, and writes the token back whole from its corrected
// pieces (`months.--The`).

// dashPieces returns the pieces Correct cuts the OCR token tok into, nil
// when it cuts none: at each run of marks inside its core
// (candgen.SplitAffix) that holds a dash (an em or en dash, two hyphens, or
// a hyphen beside a stop or comma: `.-`, `,-`) or a bullet, which an engine
// reads for a hyphen or a space between words (`Neweastle•on•Tyne.`,
// `hostilities•had`), and stands between two letters, each piece ending
// with the run that follows it. A hyphen alone joins a compound
// (`well-known`) or a word broken at a line end, and stays.
func dashPieces(tok string) []string {
	if !strings.ContainsAny(tok, "-\u2013\u2014\u2022") {
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
		if unicode.IsLetter(before) && unicode.IsLetter(after) && dashRun(core[i:j]) {
			cuts = append(cuts, j)
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

// dashRun reports whether the run of marks run joins two words with a dash
// or a bullet (see dashPieces).
func dashRun(run string) bool {
	if strings.ContainsAny(run, "\u2013\u2014\u2022") || strings.Contains(run, "--") {
		return true
	}
	return strings.Contains(run, "-") && strings.ContainsAny(run, ".,;:!?")
}

// cutDashes returns ocr with each token that dashPieces cuts replaced by
// its pieces (on the token's line, at their own offsets, with its
// confidence), and the number of pieces of each token of ocr (1 where it
// is not cut); nil counts where no token is cut.
func cutDashes(ocr *data.Text) (*data.Text, []int) {
	var counts []int
	var toks []data.Token
	for i, t := range ocr.Tokens {
		ps := dashPieces(t.Text)
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
	r := &Correction{Out: make([]string, len(counts)), Cands: make([][]candgen.Candidate, len(counts)), Scores: make([][]float64, len(counts))}
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
