package model

import (
	"cmp"
	"slices"

	"ocrfix/candgen"
)

// Scored is one candidate of an OCR position with the ranker's log-odds.
type Scored struct {
	Text  string
	Span  int // OCR tokens it replaces (1, or 2+ for a merge)
	Score float64
}

// Ranked returns the candidates of position i, best first (ties in
// generation order), at most n of them (all when n <= 0), and always the
// OCR token's own candidate, appended when it ranks below the first n, so
// the margin of a change over the OCR token can be read off.
func (c *Correction) Ranked(i, n int) []Scored {
	cs, sc := c.Cands[i], c.Scores[i]
	idx := make([]int, len(cs))
	for j := range idx {
		idx[j] = j
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(sc[b], sc[a]) })
	orig := -1
	for j, x := range cs {
		if x.Span <= 1 && x.Source&candgen.SrcOriginal != 0 {
			orig = j
			break
		}
	}
	if n <= 0 || n > len(idx) {
		n = len(idx)
	}
	out := make([]Scored, 0, n+1)
	seenOrig := false
	for _, j := range idx[:n] {
		out = append(out, Scored{Text: cs[j].Text, Span: max(cs[j].Span, 1), Score: sc[j]})
		seenOrig = seenOrig || j == orig
	}
	if orig >= 0 && !seenOrig {
		out = append(out, Scored{Text: cs[orig].Text, Span: max(cs[orig].Span, 1), Score: sc[orig]})
	}
	return out
}

// RankedChanges returns Ranked(i, n) for every position i whose text
// changed (Out[i] differs from words[i], the OCR tokens corrected).
func (c *Correction) RankedChanges(words []string, n int) map[int][]Scored {
	m := make(map[int][]Scored)
	for i, o := range c.Out {
		if o != words[i] {
			m[i] = c.Ranked(i, n)
		}
	}
	return m
}

// OutputWords turns Correction.Out into the corrected word sequence:
// merged-away positions dropped, split candidates cut into their words.
func OutputWords(out []string) []string { return outputWords(out) }
