package model

import (
	"strings"
	"unicode"

	"ocrfix/candgen"
	"ocrfix/lm"
	"ocrfix/lm/english"
)

// figureLetters are the letters an engine reads as figures of like shape
// inside words (`8HIPPING`, `CHRISTMA8`, `c0mmittee`): 0 for o, 1 for l
// and i, 5 for s, 6 for b and g, 8 for s and b.
var figureLetters = map[rune]string{'0': "o", '1': "li", '5': "s", '6': "bg", '8': "sb"}

// figureMaxFigures is the most figures figureWords puts letters back for
// in one token, figureMinLetters the fewest letters it asks of it, and
// figureMinRunes the fewest letters and figures.
const (
	figureMaxFigures = 2
	figureMinLetters = 3
	figureMinRunes   = 4
)

// figureWords writes, in out (the decoded output of words, one entry per
// token), the word each kept token stands for whose letters an engine
// read as figures of like shape (figureLetters): a core of
// figureMinLetters letters or more with one or two such figures among
// them, no two side by side (`12th`, `4to` and `1857.-Sir` are numbers
// and their units), that becomes one word English writes (englishWord)
// with letters put back for its figures, and one only, written in the
// regular case nearest the token (candgen.Recase): `8HIPPING` ->
// SHIPPING, `CHRISTMA8` -> CHRISTMAS. The confusion model, learned on
// Tesseract's readings of clean renders, prices a letter read as a figure
// dearly, as it must for a number (`fined 5s` is not `fined is`), so that
// the candidates hold other words (`WHIPPING`) or none. With the built-in
// model and the held-out ones, against without: the ICDAR 2017 test
// chunks of HIPE-OCRepair (path only) 16,925 -> 16,932 words matched,
// cMER 15.9% -> 16.2% lower (`N0TICE8.`, `W0RK8.`, `8TAR`), ads-fall2018
// 253,229 -> 253,242 (`1n5urance`, `Not1CE,`), none broken; the other
// nine sets of the harness the same bytes.
func figureWords(out, words []string) {
	eng, _, err := english.Model()
	if err != nil {
		return
	}
	for i, w := range words {
		if out[i] != w {
			continue
		}
		po, co, so := candgen.SplitAffix(w)
		if !lookAlikeFigures(co) {
			continue
		}
		if found, ok := oneEnglish(eng, figureReadings(strings.ToLower(co))); ok {
			out[i] = po + candgen.Recase(co, found) + so
		}
	}
}

// oneEnglish returns the one form of forms whose small letters make a
// word English writes (englishWord), and false where none or several do.
func oneEnglish(eng *lm.Model, forms []string) (string, bool) {
	found, n := "", 0
	for _, f := range forms {
		if englishWord(eng, strings.ToLower(f)) {
			found, n = f, n+1
		}
	}
	return found, n == 1
}

// lookAlikeFigures reports whether s is figureMinLetters letters or more
// with one to figureMaxFigures figures of figureLetters among them, no
// two side by side, figureMinRunes runes or more, and nothing else.
func lookAlikeFigures(s string) bool {
	nl, nf, prev := 0, 0, false
	for _, r := range s {
		_, fig := figureLetters[r]
		switch {
		case unicode.IsLetter(r):
			nl, prev = nl+1, false
		case fig && !prev:
			nf, prev = nf+1, true
		default:
			return false
		}
	}
	return nf > 0 && nf <= figureMaxFigures && nl >= figureMinLetters && nl+nf >= figureMinRunes
}

// figureReadings returns s with each of its figures read as each of the
// letters figureLetters gives it, every combination.
func figureReadings(s string) []string {
	out := []string{""}
	for _, r := range s {
		ls, ok := figureLetters[r]
		if !ok {
			for k := range out {
				out[k] += string(r)
			}
			continue
		}
		var next []string
		for _, o := range out {
			for _, l := range ls {
				next = append(next, o+string(l))
			}
		}
		out = next
	}
	return out
}
