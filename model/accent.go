package model

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"ocrfix/lm/english"
	"ocrfix/profile"
)

// Accented letters. An English engine seldom writes a diacritic the print
// does not have: the embedded corpus's OCR (Tesseract's eng model; its
// truth has none) holds 7 accented tokens in 160,000 words, garbles of
// short words (`és`, `hés`, `thoughé`); where the print has them, in
// names and words from French (`Léon`, `Soulé`, periodicals' truth has 59
// such words), the OCR mostly keeps them or reads another accent (`Pére`
// for Père). The ranker learned on that print, whose truth has almost no
// accents, takes an accented word it does not know for a misreading of
// the plain one: `façade` -> facade, `Madame de Staël` -> Stael, `coup
// d'état` -> d'etat, `crème de la crème` -> crime, each a word broken
// (the repository's collections made no change that takes an accent
// away: no figure there moves). So a change that takes an accented letter
// away (accentsLost) is not supported unless it makes one of English's
// common words (accentCommonCount occurrences in the English model's
// text or more: `thoughé` -> though), the garble of a short word.

// accentCommonCount is how often the English model's text must write a
// word for a change taking an accent away to make it (a fixed prior:
// about the 700 commonest words; crime, 337 times, is not one).
const accentCommonCount = 1000

// accented reports whether r is a letter that Unicode writes as a base
// letter and combining marks (é, ç, ë; not ß, æ, ø, which are letters of
// their own).
func accented(r rune) bool {
	if r < utf8.RuneSelf || !unicode.IsLetter(r) {
		return false
	}
	d := norm.NFD.String(string(r))
	_, size := utf8.DecodeRuneInString(d)
	return size < len(d)
}

// accentsLost reports whether cand holds fewer accented letters than tok.
func accentsLost(tok, cand string) bool {
	count := func(s string) int {
		n := 0
		for _, r := range s {
			if accented(r) {
				n++
			}
		}
		return n
	}
	return count(cand) < count(tok)
}

// accentDropped reports whether the change of token orig into cand takes
// an accented letter away without making a common English word (see
// above): a change supported does not.
func accentDropped(orig, cand string) bool {
	if !accentsLost(orig, cand) {
		return false
	}
	m, _, err := english.Model()
	return err != nil || m.Count(m.ID(profile.Norm(cand))) < accentCommonCount
}
