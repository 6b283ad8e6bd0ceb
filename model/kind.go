package model

import (
	"strings"

	"ocrfix/candgen"
	"ocrfix/eval"
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
