package model

import (
	"strings"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/profile"
)

// capitalIWords are the words by whose case in mid-sentence lowerCapitalI
// judges a text's engine: English writes them in small letters there
// (a capital is a sentence's start, or a line's in verse), and a text
// writes them often.
var capitalIWords = map[string]bool{"is": true, "in": true, "it": true, "if": true}

// Thresholds of lowerCapitalI: the fewest capitalIWords a text must write
// in mid-sentence with the capital I, and with the small i, and the
// smallest share of the capitals among them. Fixed priors. A text whose
// engine loses the dot of a word's first i writes such capitals in 15% to
// 56% of those words (seven chapters of the embedded corpus, two letters
// of an 18th-century farmer, a page of The Common Law, a page of The
// Girl's Own Paper; the held-out models); a text whose OCR lost the stops
// of some sentences (`the surrounding surface In this condition`, pages of
// Mark Twain's sketches) in 8% at most; ads-fall2018's OCR writes them
// with the capital only (its engine reads the small i as 1), which its
// truth keeps in part.
const (
	capitalIMin   = 5
	capitalIShare = 0.15
)

// lowerCapitalI writes in lower case, in out (the corrected words of the
// OCR tokens toks, one entry per token), the words a text's engine read
// with a capital I for their small i (`it Is not`, `hesitation In
// approving`): an engine that loses the dot of a word's first i takes it
// for the capital, in some texts (a font) and not others. The candidates
// are the tokens in mid-sentence: unchanged, with no mark before them and
// no hyphen after them (`In-` broken at a line end is a piece of a
// word), I and small letters only, on the same line as the word before
// them, which is small letters with no mark after it (no sentence or
// clause ends there), the word after them starting with small letters (on
// the next line too: prose wraps anywhere; asking the same line lost
// science-law's 23 words and 4 of the embedded corpus's); English writes
// no capital
// there but where a stop was lost (`surface In this`) or a line of verse
// starts. The text (a window of correctWindow tokens at most, as
// correctAll is given it) shows the habit where capitalIMin of its
// capitalIWords
// so placed have the capital, capitalIMin have the small i and the
// capitals are capitalIShare of them at least; then every such token of
// those words, or of a word the model's lexicon writes in lower case
// (caseLowerWord: into, its, include; not Indian) and English writes
// (inEnglish), is lowered. With the held-out models of bench -transfer
// (correction only, words matched / broken): embedded 151,253 / 42 ->
// 151,373 / 42, early 50,679 / 167 -> 50,705 / 168 (`con resided In
// order`: considered. In), periodicals 43,051 -> 43,058 / 54, science-law
// 51,926 -> 51,949 / 36; ads-fall2018 (built-in model) and the 45
// Gutenberg books read as clean text the same bytes. Without the test on
// the text, every such token lowered: embedded 151,406, but periodicals
// 15 more broken (lost stops) and ads-fall2018 353 (its truth's
// capitals). The tokens' lines are the source's (the OCR's lines in
// hOCR, ALTO, PAGE and Tesseract's TSV).
func (m *Model) lowerCapitalI(out []string, toks []data.Token) {
	var at []int
	capital, small := 0, 0
	for i := 1; i+1 < len(toks); i++ {
		w := toks[i].Text
		if w == "" || out[i] != w || w[0] != 'I' && w[0] != 'i' || toks[i].Line != toks[i-1].Line {
			continue
		}
		po, co, so := candgen.SplitAffix(w)
		if po != "" || strings.HasSuffix(so, "-") || !profile.LowerWord(co[1:]) || !midSentence(out[i-1], out[i+1]) {
			continue
		}
		low := "i" + co[1:]
		switch {
		case w[0] == 'i':
			if capitalIWords[co] {
				small++
			}
		case capitalIWords[low]:
			capital++
			at = append(at, i)
		case m.caseLowerWord(low) && inEnglish(low):
			at = append(at, i)
		}
	}
	if capital < capitalIMin || small < capitalIMin || float64(capital) < capitalIShare*float64(capital+small) {
		return
	}
	for _, i := range at {
		out[i] = "i" + toks[i].Text[1:]
	}
}

// midSentence reports whether a word between the words prev and next
// stands in mid-sentence: prev is small letters with no mark after it,
// next starts with small letters (its marks aside).
func midSentence(prev, next string) bool {
	_, pc, ps := candgen.SplitAffix(prev)
	_, nc, _ := candgen.SplitAffix(next)
	return ps == "" && profile.LowerWord(pc) && profile.LowerWord(nc)
}
