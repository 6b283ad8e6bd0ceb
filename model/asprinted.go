package model

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"ocrfix/candgen"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// Print that is right as it stands. The rendered collections the ranker
// learned on say little of some things print writes on purpose, and a
// page alone gives no evidence of its own; clean pages corrected one at a
// time showed them changed (asPrinted: supported does not support such a
// change, nor does channelChoice choose it).
//
// Accents. An English engine seldom writes a diacritic the print does
// not have: the embedded corpus's OCR (Tesseract's eng model; its truth
// has none) holds 7 accented tokens in 160,000 words, garbles of short
// words (`és`, `hés`, `thoughé`); where the print has them, in names and
// words from French (`Léon`, `Soulé`: periodicals' truth has 59 such
// words), the OCR mostly keeps them or reads another accent (`Pére` for
// Père). The ranker, whose training truth has almost no accents, took an
// accented word it did not know for a misreading of the plain one:
// `façade` -> facade, `Madame de Staël` -> Stael, `coup d'état` ->
// d'etat, `crème de la crème` -> crime. So a change that takes an
// accented letter away (accentsLost) is not made unless it makes one of
// English's common words (accentCommonCount occurrences in the English
// model's text or more: `thoughé` -> though), the garble of a short word
// (accentDropped). With the held-out models and the built-in one, the
// repository's collections the same words but ads-fall2018's
// `Républlcans`, made Républicans, no longer Republicans.
//
// Elisions. Dialect in 19th-century fiction drops letters and marks them
// with an apostrophe (`waitin'`, `kep'`, `an'`); the ranker spelt them
// back (`waiting'`, `kept'`; elisionUndone). The collections: the same
// bytes.

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

// asPrinted reports whether the change of token orig into cand would undo
// what print writes on purpose, which supported does not support and
// channelChoice does not choose: an accent (accentDropped) or the letters
// an elision leaves out (elisionUndone).
func asPrinted(orig, cand string) bool {
	return accentDropped(orig, cand) || elisionUndone(orig, cand)
}

// elidedMaxRunes is the longest elided word of another ending than -in
// that elisionUndone keeps (a fixed prior).
const elidedMaxRunes = 3

// elisionUndone reports whether cand spells back the letters that the
// apostrophe at the end of token orig's letters elides: its core is
// orig's core with letters added at the end (`waitin'` -> waiting' or
// waiting, `kep'` -> kept', `an'` -> and), a word in small letters or
// with a capital first that ends in -in (the g dropped) or has
// elidedMaxRunes letters at most (`tho'`, `jes'`, `o'`). Dialect in
// 19th-century fiction writes so on purpose (`I don't know nothin' 'bout
// dat`); a longer word before an apostrophe is as often a quotation's
// end (‘the worl’ in print with single quotes, its d lost). The letters
// of a contraction after its apostrophe (`don’` -> don't: the t lost) and
// a word in capitals, where an apostrophe is a letter misread
// (`EXECUTIV'`), are no elision undone.
func elisionUndone(orig, cand string) bool {
	_, oc, os := candgen.SplitAffix(orig)
	r, _ := utf8.DecodeRuneInString(os)
	if !apostrophe(r) || !profile.LowerWord(oc) && !profile.TitleCase(oc) ||
		!strings.HasSuffix(oc, "in") && utf8.RuneCountInString(oc) > elidedMaxRunes {
		return false
	}
	_, cc, _ := candgen.SplitAffix(cand)
	rest, ok := strings.CutPrefix(strings.ToLower(cc), strings.ToLower(oc))
	next, _ := utf8.DecodeRuneInString(rest)
	return ok && unicode.IsLetter(next)
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

// dialogueMinQuotes and dialogueQuoteRatio: a document quotes with double
// marks (dialogueQuotes) where at least dialogueMinQuotes of its tokens
// open a quotation with one, and dialogueQuoteRatio times as many as open
// one with a single mark before a capital. Fixed priors.
const (
	dialogueMinQuotes  = 4
	dialogueQuoteRatio = 3
)

// dialogueQuotes reports whether the tokens words of a document open
// their quotations with double marks (“ or ") rather than single ones (‘
// or ' before a capital; a mark before a small letter is as often an
// elision, `'em`, `'bout`): in such a text an apostrophe after a word is
// no closing quotation mark but the mark of letters left out (elidedEnd).
func dialogueQuotes(words []string) bool {
	double, single := 0, 0
	for _, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		next, _ := utf8.DecodeRuneInString(w[n:])
		switch {
		case (r == '“' || r == '"') && unicode.IsLetter(next):
			double++
		case (r == '‘' || r == '\'') && unicode.IsUpper(next):
			single++
		}
	}
	return double >= dialogueMinQuotes && double >= dialogueQuoteRatio*single
}

// elidedEnd reports whether cand spells out letters that the token orig
// leaves out: orig is a word of small letters and nothing else but the
// apostrophe (' or ’) after it, and cand's letters are orig's with letters
// added (`aroun'` -> around', `understan'` -> understand', `befo'` ->
// before). In a text that quotes with double marks (dialogueQuotes) the
// apostrophe marks the letters a speaker's word leaves out, and the word
// is as the author spelt it. Where single marks quote, the apostrophe may
// close a quotation after a word whose last letter the engine lost (‘the
// worl’), and the letters may be spelt out. A change of letters (`han'` ->
// has', `tho'` -> the') or a misread letter put right (`draftln'` ->
// drafting') is none: the other tests decide it. The 45 Gutenberg books
// read as one collection had 18 words of Twain's dialect spelt out so.
func elidedEnd(orig, cand string) bool {
	pre, core, suf := candgen.SplitAffix(orig)
	if pre != "" || core == "" || (suf != "'" && suf != "’") || !profile.LowerWord(core) {
		return false
	}
	_, cc, _ := candgen.SplitAffix(cand)
	return len(cc) > len(core) && subsequence(core, strings.ToLower(cc))
}

// subsequence reports whether the letters of a appear in b in order.
func subsequence(a, b string) bool {
	for _, r := range a {
		i := strings.IndexRune(b, r)
		if i < 0 {
			return false
		}
		b = b[i+utf8.RuneLen(r):]
	}
	return true
}
