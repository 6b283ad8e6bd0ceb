package model

import (
	"strings"
	"unicode"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/profile"
)

// innerBreaks changes each kept token whose word is two pieces joined by a
// hyphen inside its line, neither piece a word the lexicon knows
// (`nrin-ciples`, `propor-tiouably`: a word broken at a line end in text
// whose lines were joined with the printer's hyphens kept), into the
// known word of one piece among its candidates nearest the pieces joined
// (principles), the likeliest by the candidates' own score where several
// are as near. A compound keeps its hyphen: its parts are words
// (`to-morrow`, `well-known`), and so is a prefix (`co-ordinated`).
// known reports a word of the lexicon in any case (a Norm form), and
// knownSmall one it writes in small letters: the second piece is one of
// those (`hav-ing`, whose `ing` the lexicon holds only as the capitals of
// an abbreviation, is having). The same token where
// an engine read a letter as a hyphen (ads-fall2018's `negotla-ors`,
// `assessm-nts`) is changed alike. With the built-in model, against
// without: ICDAR 2017 (HIPE-OCRepair 2026 JSONL, no line breaks) 17,097
// -> 17,101 words matched, cMER 29.9% -> 30.3% lower (`propor-tiouably`
// -> proportionably, `misln-formtd` -> misinformed, `hav-ing` -> having;
// `imposs-sibility` -> impossibility, its truth's `imposssibility` as far
// as before); ads-fall2018 252,685 -> 252,695 (`Agreem-nt.`,
// `comple-lon.`), cMER 4.260% -> 4.259%; no word broken; the other six
// sets of the harness the same bytes.
func innerBreaks(out, words []string, cands [][]candgen.Candidate, known, knownSmall func(string) bool) {
	for i, w := range words {
		if i >= len(cands) || out[i] != w {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		a, b, ok := strings.Cut(core, "-")
		if !ok || !innerPiece(a, false) || !innerPiece(b, true) || known(profile.Norm(a)) || knownSmall(b) {
			continue
		}
		joined := strings.ToLower(a + b)
		best, bestD, bestS := "", 3, 0.0
		for _, c := range cands[i] {
			_, cc, _ := candgen.SplitAffix(c.Text)
			if c.Span != 1 || cc == "" || strings.ContainsAny(cc, "- ") || !known(profile.Norm(cc)) {
				continue
			}
			d := align.Levenshtein(strings.ToLower(cc), joined)
			if d > 1+len(joined)/8 {
				continue
			}
			if best == "" || d < bestD || d == bestD && c.Score > bestS {
				best, bestD, bestS = cc, d, c.Score
			}
		}
		if best != "" {
			out[i] = pre + best + suf
		}
	}
}

// innerPiece reports whether s is a piece of a word broken inside its
// line: two letters or more, the second piece's all small.
func innerPiece(s string, second bool) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsLetter(r) || second && !unicode.IsLower(r) {
			return false
		}
		n++
	}
	return n >= 2
}
