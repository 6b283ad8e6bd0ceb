package model

import (
	"math"
	"strings"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/profile"
)

// NumKinds sizes the do-no-harm margins: one per kind of change
// (eval.Kind, as eval.ChangeKind classifies a change; the margin of
// eval.KindNone is never used). A kind of change that helps on one
// collection (say punctuation) can hurt on another, so each kind has its
// own margin, learned on collections other than the one the candidates
// came from.
const NumKinds = eval.NumKinds

// kindAt returns the kind of change of candidate c at position i of words.
func kindAt(words []string, i int, c *candgen.Candidate) eval.Kind {
	orig := words[i]
	if c.Span > 1 {
		orig = strings.Join(words[i:min(i+c.Span, len(words))], " ")
	}
	return eval.ChangeKind(orig, c.Text)
}

// decider holds what a decision needs beyond the scores: the margin of
// each kind of change, and the profile of the collection the document
// belongs to (nil: no profile gate).
type decider struct {
	margins *[NumKinds]float64
	prof    *profile.Profile
}

// margin returns the log-odds by which candidate c at position i must
// beat the OCR token: the margin of its kind of change, or +Inf where the
// collection's profile does not support that change (supported).
func (d decider) margin(words []string, i int, c *candgen.Candidate) float64 {
	k := kindAt(words, i, c)
	if d.prof != nil && !supported(d.prof, k, words, i, c) {
		return math.Inf(1)
	}
	return d.margins[k]
}

// supported reports whether the collection's own OCR supports a change of
// kind k at position i to candidate c. The profile counts the document's
// own tokens, so each count is taken without the OCR token replaced:
//
//   - a change of case only, when the collection spells the candidate's
//     way more often than the OCR token's (HILL -> Hill in a collection
//     that writes HILL is not made);
//   - a change of punctuation only, when the candidate's trailing
//     punctuation ends other tokens of the collection too (or it has none);
//   - digits read as letters, when the OCR token's form occurs at most
//     once elsewhere in the collection (a number the collection repeats
//     is a number).
//
// Other kinds are always supported: their evidence is in the features.
func supported(p *profile.Profile, k eval.Kind, words []string, i int, c *candgen.Candidate) bool {
	orig := words[i]
	switch k {
	case eval.KindCase:
		return int(p.Exact(c.Text).N) > int(p.Exact(orig).N)-1
	case eval.KindPunct:
		end := profile.End(c.Text)
		n := p.EndCount(end)
		if profile.End(orig) == end {
			n--
		}
		return end == "" || n >= 1
	case eval.KindDigits:
		return int(p.Word(profile.Norm(orig)).N)-1 <= 1
	}
	return true
}
