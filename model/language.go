package model

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/data"
)

// Text in another language. A collection of a digital library holds
// documents of other languages than its own (a German review, a Latin
// dedication, a French paragraph quoted in an English newspaper), and a
// model knows the language of its training truth only: it makes their
// words into its own (`parlaient` -> parliament, `parti le` -> particle,
// `un` -> in, all in one French sentence the built-in model was given).
// Correct leaves such a text as read, and such a paragraph (a plain
// text's lines between blank lines, a block of a structured format's
// layout: otherLanguagePassages, Correction.OtherLanguage).
//
// A text is of another language when its letters' words are more often
// the function words of another language than the most frequent words of
// the model's training truth (its bigram model's ownTopWords), and at
// least otherLanguageMin of them: function words make a quarter to a half
// of the running text of any European language, and a text has those of
// its own language whatever its subject. The other languages' function
// words are those of otherFunctionWords less the model's own
// ownCommonWords most frequent words (English's `a`, `in`, `do` are also
// the function words of others); some of them are not counted where
// they are something else (countLanguage): a piece of a word broken apart
// (`cam e`, `fath er`), the particles of a name (`Madame de la Tour`).
// Checked on the OCR of every collection here with the built-in model:
// none of the 362 English documents (ads-fall2018, the rendered
// collections, the embedded corpus) and records (the HIPE-OCRepair sets),
// nor of the 45 books of ../shared/texts/gutenberg whole, nor any of their
// paragraphs (the eight-set harness gives the same bytes), is of another
// language; of the books' 58,779 paragraphs of five words or more, 390
// are, French, Latin and German quotations, some with a line of English
// about them; a paragraph each of French, German, Dutch, Spanish, Italian
// and Latin is.

const (
	// ownTopWords is how many of the model's most frequent training words
	// count as its language's (the function words of English are its 50
	// most frequent).
	ownTopWords = 50
	// ownCommonWords is how many of them are left out of the other
	// languages' function words.
	ownCommonWords = 200
	// otherLanguageMin is the fewest function words of another language a
	// text of another language has: a heading (`Le Figaro`) or a name (`De
	// la Rue`) is no text of another language.
	otherLanguageMin = 3
	// functionWordRunes is the longest function word of the lists: longer
	// words are not looked up.
	functionWordRunes = 6
)

// otherFunctionWords are the commonest function words (articles,
// pronouns, prepositions, conjunctions, auxiliaries) of the languages of
// Europe's digital libraries, English among them for a model trained on
// another language, from their grammars.
var otherFunctionWords = map[string]string{
	"en": "the of and to a in that it is was for with as his he be by on not this but at from which have or are had they you her she",
	"fr": "le la les des du et est une que qui dans pour pas sur au aux avec ce cette il elle sont nous vous ont à été être mais ou où leur sa ses son",
	"de": "der die das und ist nicht ein eine zu den dem des mit sich auf für von sie es auch wird werden wurde bei nach aus ich er wir ihr dass daß",
	"nl": "de het een van en niet zijn op te met voor wordt werd hij zij ik wij dat naar bij",
	"es": "el los las y del que en por con una para es se su al lo como más pero sus",
	"it": "il di che e la per non una del della sono con gli le nel alla è ma anche",
	"la": "et est ad non cum qui quae quod sed ut ex de per sunt esse enim atque ab",
	"pt": "os um uma não do da dos das em que com para se mais",
}

// The classes languageWords maps a word to.
const (
	ownWord   = 1 // one of the model's ownTopWords
	otherWord = 2 // a function word of another language
)

// languageWords returns the classes of the words OtherLanguage counts,
// made from the model's bigram model once (nil without one).
func (m *Model) languageWords() map[string]uint8 {
	m.langOnce.Do(func() {
		if m.LM == nil || m.LM.Len() == 0 {
			return
		}
		top := m.LM.Top(ownCommonWords)
		words := map[string]uint8{}
		for _, list := range otherFunctionWords {
			for _, w := range strings.Fields(list) {
				words[w] = otherWord
			}
		}
		for i, w := range top {
			if i < ownTopWords {
				words[w] = ownWord
			} else if words[w] == otherWord {
				delete(words, w)
			}
		}
		m.langWords = words
	})
	return m.langWords
}

// langCount is the evidence of a passage's language: how many of its
// words are of the model's ownTopWords, how many function words of
// another language.
type langCount struct{ own, other int }

// foreign reports whether the counts say another language: otherLanguageMin
// of its function words at least, and more of them than the model's own.
func (c langCount) foreign() bool { return c.other >= otherLanguageMin && c.other > c.own }

// decisive reports whether the counts say anything of a passage on their
// own: otherLanguageMin of the words counted, of either kind.
func (c langCount) decisive() bool { return c.own+c.other >= otherLanguageMin }

// nameParticles are the function words that stand before a name (`de la
// Tour`, `von der Heide`, `van Dyck`, `da Vinci`, `dos Santos`).
var nameParticles = map[string]bool{"de": true, "la": true, "le": true, "du": true, "des": true, "von": true, "van": true,
	"der": true, "den": true, "di": true, "da": true, "del": true, "della": true, "dos": true, "das": true, "ter": true, "ten": true}

// langWord is a run of letters of a passage, as countLanguage reads it.
type langWord struct {
	run   string // as read
	low   string // lower-cased; "" past functionWordRunes runes
	runes int
	upper bool // it starts with a capital
	stop  bool // a full stop follows it in its token
}

// countLanguage returns the langCount of tokens (their runs of letters,
// lower-cased, as words), known telling the words of the model's language
// (nil: none). Not counted as another language's:
//   - a word of one letter without a diacritic (`e`, `y`, `o`: pieces of
//     English words broken apart in noisy OCR, `cam e hom e`; French `à`
//     counts);
//   - one of two letters that makes a known word with the word before or
//     after it (`fath er`, `da y`, `tak en`);
//   - the particles of a name, one or two before a capitalised word
//     (`Madame de la Tour`, `Baron von der Heide` in a list of arrivals),
//     unless most of the passage is in capitals (a heading in capitals,
//     whose words are all capitalised);
//   - a capitalised one before a full stop: an abbreviation (`Ex.`,
//     `Met.` in the citations of law reports).
func countLanguage(words map[string]uint8, tokens []data.Token, known func(string) bool) langCount {
	ws := make([]langWord, 0, len(tokens)) // mostly one run a token
	caps := 0
	for _, tok := range tokens {
		for start, end := range letterRuns(tok.Text) {
			run := tok.Text[start:end]
			first, _ := utf8.DecodeRuneInString(run)
			lw := langWord{run: run, runes: utf8.RuneCountInString(run), upper: unicode.IsUpper(first)}
			lw.stop = end < len(tok.Text) && tok.Text[end] == '.'
			if lw.runes > 1 && upperAsIs(run) {
				caps++ // two letters or more, all capitals
			}
			if lw.runes <= functionWordRunes {
				lw.low = strings.ToLower(run)
			}
			ws = append(ws, lw)
		}
	}
	capitals := 2*caps > len(ws)
	var c langCount
	for i, w := range ws {
		switch words[w.low] {
		case ownWord:
			c.own++
		case otherWord:
			if w.runes == 1 && w.low[0] < utf8.RuneSelf {
				continue
			}
			if w.runes == 2 && known != nil && (i > 0 && known(strings.ToLower(ws[i-1].run)+w.low) || i+1 < len(ws) && known(w.low+strings.ToLower(ws[i+1].run))) {
				continue
			}
			if !capitals && nameParticles[w.low] && beforeName(ws, i) || w.upper && w.stop {
				continue // a name's particles; an abbreviation (`Ex.`, `Met.`)
			}
			c.other++
		}
	}
	return c
}

// upperAsIs reports whether strings.ToUpper leaves the run of letters
// run as it is (every rune its own upper case), without making the
// upper-case copy.
func upperAsIs(run string) bool {
	for _, r := range run {
		if unicode.ToUpper(r) != r {
			return false
		}
	}
	return true
}

// beforeName reports whether the word ws[i], a name particle, stands
// before a name: the next word is capitalised, or it is a particle too
// and the one after it is (`de la Tour`).
func beforeName(ws []langWord, i int) bool {
	for k := i + 1; k < len(ws) && k <= i+2; k++ {
		if ws[k].upper {
			return true
		}
		if !nameParticles[ws[k].low] {
			return false
		}
	}
	return false
}

// letterRuns yields the byte offsets [start, end) of the runs of letters
// of s.
func letterRuns(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		start := -1
		for i, r := range s {
			if unicode.IsLetter(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				if !yield(start, i) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(start, len(s))
		}
	}
}

// OtherLanguage reports whether t is a text of another language than the
// model's training truth (see above), which Correct leaves as read.
func (m *Model) OtherLanguage(t *data.Text) bool {
	words := m.languageWords()
	return words != nil && countLanguage(words, t.Tokens, m.knownWord).foreign()
}

// otherLanguagePassages returns the passages of t of another language, as
// token ranges [lo, hi) in order: one over every token where the whole
// text is, else one per paragraph. Each paragraph (data.Text.Paragraphs:
// in plain text lines between blank lines, in ALTO a TextBlock, in PAGE a
// TextRegion, in hOCR an ocr_par, in Tesseract TSV a paragraph) is judged
// by its own words where they say enough (decisive: a French quotation in
// an English article, an English paragraph beside a longer French one),
// else as the whole text is.
func (m *Model) otherLanguagePassages(t *data.Text) [][2]int {
	words := m.languageWords()
	if words == nil || len(t.Tokens) == 0 {
		return nil
	}
	whole := countLanguage(words, t.Tokens, m.knownWord).foreign()
	var out [][2]int
	for _, p := range t.Paragraphs() {
		foreign := whole
		if c := countLanguage(words, t.Tokens[p[0]:p[1]], m.knownWord); c.decisive() {
			foreign = c.foreign()
		}
		if foreign {
			out = append(out, p)
		}
	}
	if covered := 0; len(out) > 1 {
		for _, r := range out {
			covered += r[1] - r[0]
		}
		if covered == len(t.Tokens) {
			return [][2]int{{0, len(t.Tokens)}} // every paragraph: the whole text
		}
	}
	return out
}
