package model

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/data"
)

// Text in another language. A collection of a digital library holds
// documents of other languages than its own (a French paragraph quoted in
// an English newspaper, a Latin dedication, a German review), and a model
// knows the language of its training truth only: it makes their words
// into its own (`parlaient` -> parliament, `parti le` -> particle, `un`
// -> in, all in one French sentence the built-in model was given). Correct
// leaves such a text as read (Correction.OtherLanguage).
//
// A text is of another language when its letters' words are more often
// the function words of another language than the most frequent words of
// the model's training truth (its bigram model's ownTopWords), and at
// least otherLanguageMin of them: function words make a quarter to a half
// of the running text of any European language, and a text has those of
// its own language whatever its subject, however noisy its OCR. The other
// languages' function words are those of otherFunctionWords less the
// model's own ownCommonWords most frequent words (English's `a`, `in`,
// `do` are also the function words of others). Checked on the OCR of
// every collection here with the built-in model: none of the 362 English
// documents (ads-fall2018, the rendered collections, the embedded corpus)
// and records (the HIPE-OCRepair sets), nor of the 45 books of
// ../shared/texts/gutenberg whole, is of another language; of the books'
// 58,779 paragraphs of five words or more, 469 are, nearly all French and
// Latin quotations, the rest a few words of dialect (`Lee, den. Lee,
// dere.`); a paragraph each of French, German, Dutch, Spanish, Italian and
// Latin is.

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

// wordClass is what languageWords maps a word to.
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

// OtherLanguage reports whether t is a text of another language than the
// model's training truth (see above), which Correct leaves as read.
func (m *Model) OtherLanguage(t *data.Text) bool {
	words := m.languageWords()
	if words == nil {
		return false
	}
	own, other := 0, 0
	var buf [4 * functionWordRunes]byte
	count := func(w []byte) {
		switch words[string(w)] { // no allocation: a map look-up of a converted slice
		case ownWord:
			own++
		case otherWord:
			other++
		}
	}
	for _, tok := range t.Tokens {
		// each run of letters of the token, lower-cased, as a word
		w, n := buf[:0], 0
		for _, r := range tok.Text {
			if !unicode.IsLetter(r) {
				if n > 0 && n <= functionWordRunes {
					count(w)
				}
				w, n = buf[:0], 0
				continue
			}
			n++
			if n <= functionWordRunes {
				w = utf8.AppendRune(w, unicode.ToLower(r))
			}
		}
		if n > 0 && n <= functionWordRunes {
			count(w)
		}
	}
	return other >= otherLanguageMin && other > own
}
