package model

import (
	"strings"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/profile"
)

// innerBreaks changes each kept token whose word is two pieces joined by a
// hyphen inside its line, the first no word the lexicon knows in any case
// (`nrin-ciples`, `propor-tiouably`, `hav-ing`, `snp-ported`: a word
// broken at a line end in text whose lines were joined with the printer's
// hyphens kept; ads-fall2018's `negotla-ors`, `Agreem-nt.`, `structu-es.`:
// a letter read as a hyphen), into the known word of one piece among its
// candidates nearest the pieces joined (principles), the likeliest by the
// candidates' own score where several are as near. A compound keeps its
// hyphen: its first part is a word (`to-morrow`, `well-known`), and so is
// a prefix (`co-ordinated`), or the lexicon or English knows it as written,
// hyphen and all (`pre-eminent`: the built-in model made 3 of 41,827 words
// of clean Gutenberg pages preeminent and preeminence, bench/clean_text.sh,
// and changed nothing else on the eight sets of the harness without it);
// and so does a token with no known candidate
// within an edit or two of its pieces joined (a name before a word:
// `Farrant-and`). known reports a word of the lexicon in any case (a Norm
// form). With the built-in model, against without, on the eight sets of
// the harness: ICDAR 2017 (HIPE-OCRepair 2026 JSONL, no line breaks)
// 17,097 -> 17,102 words matched, cMER 29.9% -> 30.4% lower
// (`propor-tiouably` -> proportionably, `misln-formtd` -> misinformed;
// `imposs-sibility` -> impossibility, its truth's `imposssibility` as far
// as before); ads-fall2018 252,685 -> 252,700, cMER 4.260% -> 4.259%
// (one of its 17 changes wrong where the OCR was wrong too: `Hazar-us` ->
// lazarus); no word broken; the other six sets the same bytes. Asking of
// the second piece too that it be no word in small letters made 5 fewer
// right changes and the wrong one.
func innerBreaks(out, words []string, cands [][]candgen.Candidate, known func(string) bool) {
	for i, w := range words {
		if i >= len(cands) || out[i] != w {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		a, b, ok := strings.Cut(core, "-")
		if !ok || !letters(a) || !profile.LowerWord(b) || utf8.RuneCountInString(a) < 2 || utf8.RuneCountInString(b) < 2 || known(profile.Norm(a)) {
			continue
		}
		if n := profile.Norm(core); known(n) || inEnglish(n) {
			continue // a word as written, hyphen and all (pre-eminent)
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
