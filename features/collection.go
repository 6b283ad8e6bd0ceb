package features

import (
	"math"
	"strings"

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
	local map[string]int // occurrences of each Norm form in this document
	texts map[string]*collText
	size  float32
}

// collText is what a candidate text contributes, whatever its position.
type collText struct {
	norms  []string
	exacts []string
	end    string
}

func newCollFeatures(p *profile.Profile, words []string) *collFeatures {
	cf := &collFeatures{p: p, words: words, norm: make([]string, len(words)), local: make(map[string]int, len(words)/2), texts: map[string]*collText{}}
	for i, w := range words {
		n := profile.Norm(w)
		cf.norm[i] = n
		cf.local[n]++
	}
	cf.size = float32(math.Log10(1+float64(p.Tokens())) / 6)
	return cf
}

func (cf *collFeatures) text(s string) *collText {
	if t, ok := cf.texts[s]; ok {
		return t
	}
	t := &collText{}
	if strings.IndexByte(s, ' ') < 0 {
		t.exacts = []string{s}
	} else {
		t.exacts = strings.Fields(s)
	}
	for _, w := range t.exacts {
		t.norms = append(t.norms, profile.Norm(w))
	}
	if n := len(t.exacts); n > 0 {
		t.end = profile.End(t.exacts[n-1])
	}
	cf.texts[s] = t
	return t
}

// row fills the coll_ columns of candidate c at position i.
func (cf *collFeatures) row(c *candgen.Candidate, i int, row []float32) {
	span := max(c.Span, 1)
	covered := cf.words[i:min(i+span, len(cf.words))]
	t := cf.text(c.Text)
	docs := float64(max(cf.p.Docs(), 1))
	var freq, df, exact float64
	for k, n := range t.norms {
		cnt := cf.p.Word(n)
		self := 0
		if n != "" {
			for j := range covered {
				if cf.norm[i+j] == n {
					self++
				}
			}
		}
		nn := max(int(cnt.N)-self, 0)
		d := int(cnt.DF)
		if self > 0 && cf.local[n] <= self {
			d-- // the document holds the form only in the tokens replaced
		}
		freq += cf.p.LogRel(nn)
		df += float64(max(d, 0)) / docs
		e := cf.p.Exact(t.exacts[k]).N
		selfE := 0
		for _, w := range covered {
			if w == t.exacts[k] {
				selfE++
			}
		}
		exact += cf.p.LogRel(max(int(e)-selfE, 0))
	}
	if nw := float64(len(t.norms)); nw > 0 {
		row[fCollFreq] = float32(freq / nw)
		row[fCollDocs] = float32(df / nw)
		row[fCollExact] = float32(exact / nw)
	}
	ends := cf.p.EndCount(t.end)
	for _, w := range covered {
		if profile.End(w) == t.end {
			ends--
		}
	}
	row[fCollEnd] = float32(cf.p.LogRel(max(ends, 0)))
	if c.Source&candgen.SrcOriginal != 0 {
		row[fOrigCollSize] = cf.size
	}
}
