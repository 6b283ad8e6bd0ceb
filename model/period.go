package model

import (
	"strings"
	"unicode/utf8"

	"ocrfix/profile"
)

// Whether a collection is printed in the spelling of its period. The rules
// that keep a spelling of 17th- and 18th-century print (periodForms:
// oldSpelling and periodModern in supported, periodVariant in contextFixes
// and channelChoice) keep, in a collection of modern spelling, the OCR's
// misreadings that happen to look like one: `whie` (why, ie for y), `rane`
// (ran, a final e), `heert` (ee for ea), `stil`, `al`, `wite`, which the
// ranker would make while, raise, heart, still, all, wife. Such forms are
// 2.7% to 3.6% of the unknown words of the OCR of the embedded corpus,
// periodicals, science-law and hyphen-periodicals, 0.1% of ads-fall2018's;
// in the Compleat Angler's OCR (1653) they are 2.2% of all its words.
//
// periodPrint says whether the collection of a profile is printed so:
// where the tokens of its words of three small letters or more (smallWord)
// that are such spellings (oldSpelling), or that read as English with an f
// read as a long s (longSForm: `fuch`, `himfelf`: the long s was printed
// until about 1800, and a collection whose engine reads it as f shows its
// period so), number at least periodNoise times its other unknown words
// (the engine's misreadings, as many of which look like a period spelling
// by chance) and periodShare of its words besides. A collection of fewer
// than periodMinWords such words is taken for one of period print (its
// spellings kept: the safe side, as before this test). Measured (the share
// of words above the misreadings' due, O + L - 0.06 N over W): early 0.41%
// (the Angler's pages 1.8%, Selborne's and the American farmer's, whose
// print spells as today, -0.32% and -0.08%), long-s-early 9.7%, the
// Angler's Gutenberg text 1.9%; periodicals -0.19%, hyphen-periodicals
// -0.26%, science-law -0.03%, the embedded corpus -0.07%, ads-fall2018
// -1.9%, the 45 Gutenberg books as one collection 0.012%.
//
// With the held-out models of bench -transfer (correction only), against
// the period forms kept everywhere: embedded 29 more words matched (one
// more broken), periodicals 32 (12 more broken, 10 of them in a quotation
// of 1561 in a page of 1864, `whiche`, `Lorde`, `poore`), science-law 6 (3
// more: the law's `promisee`, `pledgee`), early the same (period print);
// ads-fall2018 (built-in model) 5 more and 10 more broken, most of them
// misreadings its truth keeps (`nee`, `BETWEEEN`). The 45 Gutenberg books
// read as one collection, with periodForms's final l (commit 0161c97):
// 51 more words changed of 5.5 million (the Atlantic's quotation, Latin in
// Selborne and the common law, `nomina`, `natura`, which the l had made
// period forms of nominal and natural), the Angler's period spellings kept
// by its own words (periodDoc; by the collection's test alone, 140 had
// been changed).
const (
	periodNoise    = 0.06
	periodShare    = 0.001
	periodMinWords = 200
)

// modernSpelling reports whether the document words, of the collection
// whose profile is p, spell as today: neither the collection (periodPrint)
// nor the document itself (periodDoc) is printed in its period's spelling.
// A collection may gather books of several centuries (the 45 Gutenberg
// books read as one, among them the Compleat Angler, whose 140 period
// spellings the collection's test alone had let the ranker modernise).
// For a modern document it returns its tokens' counts too (periodTokens),
// which periodPassages reads again; nil otherwise.
func modernSpelling(p *profile.Profile, words []string) (bool, []periodCounts) {
	if periodPrint(p) {
		return false, nil
	}
	toks := periodTokens(words)
	if periodDoc(toks) {
		return false, nil
	}
	return true, toks
}

// Thresholds of periodDoc: the fewest period spellings (or long s read as
// f) a document needs to show period print by its own words, and how many
// times what periodPrint asks of a collection. One page's misreadings
// vary more than a collection's: of the 60 pages of the embedded corpus
// and the 72 of periodicals, science-law and early outside the Angler's,
// those with 5 such forms or more held up to 2.3 times what a collection
// is asked (a noisy chapter of Emma, 10 forms), early's pages of Selborne
// and the American farmer 0.9 at most; the Angler's Gutenberg text holds
// 9.9 times as many (538), its rendered pages in early 5.4 to 14 times
// but two very noisy ones (1.1 and 2.9), those of long-s-early 1.2 to 53
// times (each of those collections passing periodPrint as a whole).
const (
	periodMinForms = 10
	periodDocLead  = 3
)

// periodDoc reports whether a document whose tokens' counts are toks
// (periodTokens) shows period print by its own words (see
// periodMinForms).
func periodDoc(toks []periodCounts) bool {
	var c periodCounts
	for _, t := range toks {
		c.merge(t)
	}
	return c.period >= periodMinForms && float64(c.period) >= periodDocLead*c.due()
}

// periodTokens returns the counts of each token of words alone.
func periodTokens(words []string) []periodCounts {
	toks := make([]periodCounts, len(words))
	for i, w := range words {
		toks[i].add(w, 1)
	}
	return toks
}

// periodCounts counts the words of three small letters or more of a text
// (smallWord), those English does not know, those of them that are period
// spellings or a long s read as f, and those of passageLongRunes letters
// or more (periodPassages).
type periodCounts struct{ words, unknown, period, long int }

// add counts the token tok, seen n times.
func (c *periodCounts) add(tok string, n int) {
	core, ok := smallWord(tok)
	if !ok {
		return
	}
	c.words += n
	nn := profile.Norm(core)
	if inEnglishModel(nn) {
		return
	}
	c.unknown += n
	if oldSpelling(nn) || longSForm(nn) {
		c.period += n
		if utf8.RuneCountInString(core) >= passageLongRunes {
			c.long += n
		}
	}
}

// merge adds the counts o to c.
func (c *periodCounts) merge(o periodCounts) {
	c.words += o.words
	c.unknown += o.unknown
	c.period += o.period
	c.long += o.long
}

// periodic reports whether the counts show period print: period spellings
// at least periodNoise times the other unknown words and periodShare of the
// words besides.
func (c periodCounts) periodic() bool {
	return float64(c.period) >= c.due()
}

// due returns how many period spellings the counts need to show period
// print: periodNoise times the other unknown words, which misreadings
// explain, and periodShare of the words.
func (c periodCounts) due() float64 {
	return periodNoise*float64(c.unknown-c.period) + periodShare*float64(c.words)
}

// periodPrint reports whether the collection of profile p is printed in
// the spelling of its period (see above); true for a nil profile. The
// answer is remembered by profile (weakly) until its token count changes.
func periodPrint(p *profile.Profile) bool {
	if p == nil {
		return true
	}
	return periodSeen.get(p, func() bool {
		var c periodCounts
		for tok, k := range p.ExactForms() {
			c.add(tok, int(k.N))
		}
		return c.words < periodMinWords || c.periodic()
	})
}

// periodSeen remembers periodPrint's answers by profile.
var periodSeen profileMemo[bool]

// longSForm reports whether the Norm form n, of four letters or more, is
// no word English writes but becomes one with an f read as s, at one place
// or at all (`fuch`, `himfelf`, `fome`): a long s read as f.
func longSForm(n string) bool {
	if len(n) < 4 || !strings.Contains(n, "f") || inEnglish(n) {
		return false
	}
	if inEnglish(strings.ReplaceAll(n, "f", "s")) {
		return true
	}
	for i := 0; i < len(n); i++ {
		if n[i] == 'f' && inEnglish(n[:i]+"s"+n[i+1:]) {
			return true
		}
	}
	return false
}

// Passages of period print inside a modern document: a history quoting a
// will of 1561 (`whiche departed owt of this Worlde`), a law book quoting
// a year book, and the law's own words that look like period spellings
// (`promisee`, `devisee`: promise with a final e). modernSpelling, asked of
// the whole document, finds it modern, and the ranker modernises the
// quotation (the Atlantic's page of 1864 lost 10 words so).
//
// periodPassages reads a document in windows of passageWords tokens (a
// quarter of one apart): a window whose period spellings (as periodPrint
// counts them) number periodDocLead times their due, passageMinLong of
// them of passageLongRunes letters or more (a misreading makes few long
// ones: the short `wil`, `smal`, `lite` of noisy modern pages), is a
// passage of period print. In the four rendered collections only the
// Atlantic's quotation passes (two windows); in the 45 Gutenberg books,
// the Atlantic's quotations of 1561 and of Puritan diaries, and the
// common law's year books and `promisee`, 13 windows outside the Compleat
// Angler (a document of period print by its own words).
const (
	passageWords     = 100
	passageMinLong   = 3
	passageLongRunes = 5
)

// periodPassages puts back, in out (the decoded output of words, a
// document of modern spelling whose tokens' counts are toks:
// periodTokens), the period spellings (periodVariant) that the decisions
// changed into another word inside passages of period print (see above):
// what the rules of period print would have kept.
func periodPassages(out, words []string, toks []periodCounts) {
	var in []bool // positions inside a passage
	for s := 0; s < len(words); s += passageWords / 4 {
		var c periodCounts
		e := min(len(words), s+passageWords)
		for _, t := range toks[s:e] {
			c.merge(t)
		}
		if c.long < passageMinLong || float64(c.period) < periodDocLead*c.due() {
			continue
		}
		if in == nil {
			in = make([]bool, len(words))
		}
		for j := s; j < e; j++ {
			in[j] = true
		}
	}
	for i, w := range words {
		if in == nil || !in[i] || out[i] == w || strings.Contains(out[i], " ") {
			continue
		}
		if n := profile.Norm(w); n != profile.Norm(out[i]) && periodVariant(n) {
			out[i] = w // the word put back (a change of its marks alone stays)
		}
	}
}

// syncope reports whether the Norm form cn is n, of four letters or more
// and a vowel, with one e put back between two consonants: the e of an
// unstressed syllable that 17th- and 18th-century print left out
// (`themselvs`, `darkning`, `wholsome`, `watry`, `colourd`, `fastned`,
// `wandring`). In a text of period print (supported with spellingPeriod,
// channelChoice where the document does not spell as today) such a
// change is not made. Held-out models, against without: early 50,791 ->
// 50,794 words matched, 159 -> 155 broken (`placd` for placed no longer
// put right); the Gutenberg Angler corrected alone, 164 -> 154 tokens
// changed, the 45 books 1,487 -> 1,475; the other five harness sets the
// same bytes. A final e (`judg`, `plac`) is left out: an engine drops it
// as often as the print (with it, and forms of three letters, early
// matched 50,793 words: `judg` and `lodg` kept, but its engine's `som`,
// `com`, `plac`, `trac` for some, come, place, trace left as read), and so
// is a form without a vowel (`tll`). A text that spells as today keeps the change (ads-fall2018's
// engine drops e's: `requestd`).
func syncope(n, cn string) bool {
	if len(cn) != len(n)+1 || len(n) < 4 || !strings.ContainsAny(n, "aeiouy") {
		return false
	}
	for k := 1; k+1 < len(cn); k++ {
		if cn[k] == 'e' && consonant(cn[k-1]) && consonant(cn[k+1]) && cn[:k]+cn[k+1:] == n {
			return true
		}
	}
	return false
}

// consonant reports whether the byte c is an ASCII small consonant (y
// counted as a vowel).
func consonant(c byte) bool {
	return 'a' <= c && c <= 'z' && !strings.ContainsRune("aeiouy", rune(c))
}
