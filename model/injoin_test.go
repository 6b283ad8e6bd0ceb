package model

import (
	"slices"
	"testing"

	"ocrfix/candgen"
)

// TestInnerBreaks: a kept token of two pieces joined by a hyphen, the
// first no known word, becomes the known candidate nearest the pieces
// joined, its marks kept; a compound whose first part is a word, a prefix
// that is a word, a piece of one letter, a capital after the hyphen, a
// changed token, a token with no near candidate (a name before a word)
// and a word known as written, hyphen and all (pre-eminent, whose pre is
// no word), stay.
func TestInnerBreaks(t *testing.T) {
	known := func(w string) bool {
		return slices.Contains([]string{"principles", "prince", "to", "morrow", "tomorrow", "co", "coordinated", "england", "lecture", "lecturer", "ported", "supported", "supporters", "and", "errand", "pre-eminent", "preeminent"}, w)
	}
	cand := func(text string, score float64) candgen.Candidate {
		return candgen.Candidate{Text: text, Span: 1, Score: score}
	}
	words := []string{"nrin-ciples.", "to-morrow", "co-ordinated", "x-ray", "Eng-Laad", "Lec-ure,", "nrin-ciples", "zzq-xxv", "snp-ported", "Farrant-and", "pre-eminent"}
	cands := [][]candgen.Candidate{
		{cand("nrin-ciples.", 0), cand("prince.", -1), cand("principles.", -5), cand("principle s.", -6)},
		{cand("to-morrow", 0), cand("tomorrow", -1)},
		{cand("co-ordinated", 0), cand("coordinated", -1)},
		{cand("x-ray", 0)},
		{cand("Eng-Laad", 0), cand("England", -1)},
		{cand("Lec-ure,", 0), cand("Lecturer,", -1), cand("Lecture,", -3)},
		{cand("nrin-ciples", 0), cand("principles", -5)},
		{cand("zzq-xxv", 0), cand("prince", -1)},
		{cand("snp-ported", 0), cand("supported", -2), cand("supporters", -8)},
		{cand("Farrant-and", 0), cand("errand", -3)},
		{cand("pre-eminent", 0), cand("preeminent", -1)},
	}
	out := slices.Clone(words)
	out[6] = "principles" // changed already: left as decided
	innerBreaks(out, words, cands, known)
	want := []string{"principles.", "to-morrow", "co-ordinated", "x-ray", "Eng-Laad", "Lecture,", "principles", "zzq-xxv", "supported", "Farrant-and", "pre-eminent"}
	if !slices.Equal(out, want) {
		t.Errorf("got  %q\nwant %q", out, want)
	}
}
