package model

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/features"
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

// EachFeature calls fn with each non-zero feature value of the lattice as
// a row of the Feature relation of document doc, in position, candidate
// and feature order, stopping at fn's first error. A value is written as
// the float32 it was computed as (0.1, not 0.10000000149011612).
func (l *Lattice) EachFeature(doc string, fn func(data.FeatureRow) error) error {
	for p := range l.Words {
		for k := range l.Cands[p] {
			row := l.Feat.Row(int(l.Feat.First[p]) + k)
			for f, v := range row {
				if v == 0 {
					continue
				}
				if err := fn(data.FeatureRow{DocID: doc, WordID: p, CandID: k, FName: features.Names[f], FVal: short32(v)}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// EachDocCand calls fn with the ranker's probability of each candidate of
// the lattice (to 6 significant digits) as a row of the DocCand relation
// of document doc, stopping at fn's first error.
func (l *Lattice) EachDocCand(doc string, fn func(data.DocCandRow) error) error {
	for p := range l.Words {
		for k := range l.Cands[p] {
			z := l.Scores[int(l.Feat.First[p])+k]
			if err := fn(data.DocCandRow{DocID: doc, WordID: p, CandID: k, Value: round6(1 / (1 + math.Exp(-z)))}); err != nil {
				return err
			}
		}
	}
	return nil
}

// short32 returns the float64 of v's shortest decimal form as a float32.
func short32(v float32) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
	return f
}

// round6 returns x rounded to 6 significant digits.
func round6(x float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return f
}
