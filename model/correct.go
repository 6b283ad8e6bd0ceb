package model

// The correction path: from an OCR text to its candidates, features,
// scores and decisions (Correct = Score, then Collect).

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/features"
	"ocrfix/lm"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// Correction is the corrected reading of one document.
type Correction struct {
	// Out has one entry per OCR token: the token's new text (the token
	// itself when unchanged, words joined by a space for a split, "" for a
	// token merged into the previous one).
	Out     []string
	Changed int // tokens whose text changed
	// OtherLanguage lists the passages of the text in another language
	// than the model's training truth (see Model.OtherLanguage), as token
	// ranges [lo, hi), left as read: one over every token when the whole
	// text is (WhollyOtherLanguage; Cands and Scores then hold no
	// candidates).
	OtherLanguage [][2]int
	// Cands and Scores expose the lattice for inspection: the candidates
	// of each position and each candidate's log-odds. The candidates of a
	// word broken at a line end (see Lattice) are at its first position,
	// each as the two pieces it would write over both (Span 2: ques- tion).
	Cands  [][]candgen.Candidate
	Scores [][]float64
	// Noise is how noisy the collection the text was corrected against
	// reads beside the model's training OCR, with the log-odds its margins
	// were raised by (Model.NoiseShift; zero where none were).
	Noise Noise
}

// Undo writes the OCR tokens of ocr (the text c corrects) back over the
// changes of c for which undo returns true, and returns how many changes
// it undid; c.Changed then counts the tokens still changed. The changes
// are those of eval.Changes from ocr's tokens to c.Out, each of one kind
// (eval.ChangeKind): a merge, a split and a deletion are one change each,
// and a change of a word's letters that also changes its marks or case
// is of kind word. cmd/ocrfix's correct -changes undoes the kinds a user
// does not want made.
func (c *Correction) Undo(ocr *data.Text, undo func(eval.Change) bool) int {
	raw := ocr.Words()
	n := 0
	for _, ch := range eval.Changes(raw, c.Out) {
		if undo(ch) {
			copy(c.Out[ch.Pos:ch.Pos+ch.Span], raw[ch.Pos:ch.Pos+ch.Span])
			n++
		}
	}
	if n > 0 {
		c.recount(ocr)
	}
	return n
}

// recount sets c.Changed to the number of the tokens of ocr (the text c
// corrects) whose text c.Out changes.
func (c *Correction) recount(ocr *data.Text) {
	c.Changed = 0
	for i, tok := range ocr.Tokens {
		if c.Out[i] != tok.Text {
			c.Changed++
		}
	}
}

// WhollyOtherLanguage reports whether the whole text c corrects is of
// another language than the model's training truth (OtherLanguage: one
// passage over every token), and so left as read.
func (c *Correction) WhollyOtherLanguage() bool {
	p := c.OtherLanguage
	return len(p) == 1 && p[0] == [2]int{0, len(c.Out)}
}

// Lattice is the scored candidate lattice of one OCR text: the candidates
// of each position, their features (rows in position order) and the
// ranker's log-odds of each row. Score makes it and Collect decides on it.
// It is not an input of the lattice matcher (align.Lattice, or eval.Lattice
// with words as text): experiment.Lattice turns its Cands into one.
//
// A word broken across two lines by a hyphen (con- at a line end,
// sideration starting the next) is decided as the whole word: Words holds
// it joined at its first position (consideration), whose candidates are
// those of the whole word, and the OCR piece at its second, whose only
// candidate is itself; Collect writes the decision back into the two
// pieces (see lineBreaks).
type Lattice struct {
	Words  []string
	Cands  [][]candgen.Candidate
	Feat   *features.Matrix
	Scores []float64
	// Profile is the collection profile the features were computed
	// with; decisions are checked against it.
	Profile *profile.Profile
	// Noise is how noisy that collection reads beside the model's
	// training OCR, and the log-odds decisions add to the margins for it
	// (Model.NoiseShift).
	Noise Noise

	breaks []int    // the first positions of words broken at a line end
	tokens []string // the OCR words, when breaks is not empty
}

// Score generates the candidates of one OCR text (with the other readings
// of the same document, may be empty), computes their features against
// the profile of the collection the text belongs to (nil: the text alone
// is its collection) and scores them. It is deterministic for the model's
// seed and the text's stem.
func (m *Model) Score(ocr *data.Text, alts []*data.Text, prof *profile.Profile) *Lattice {
	m.prepare()
	fd := featureDoc(ocr, alts, prof)
	var tokens []string
	joined, breaks := m.joinLineBreaks(ocr, fd.Words)
	if len(breaks) > 0 {
		tokens, fd.Words = fd.Words, joined
	}
	if fd.Profile == nil {
		fd.Profile = profile.Of([][]string{fd.Words}, profile.Options{})
	}
	mat := lattice(m.gens, m.resources, fd, m.FeatOpt, docRand(m.Seed, data.Stem(ocr.Path)), func(cands [][]candgen.Candidate) {
		keepBreaks(cands, tokens, breaks)
	})
	return &Lattice{Words: fd.Words, Cands: fd.Cands, Feat: mat, Scores: scoreRows(m.Ranker, mat), Profile: fd.Profile, Noise: m.NoiseShift(fd.Profile),
		breaks: breaks, tokens: tokens}
}

// joinLineBreaks returns words, the words of ocr as the model reads them
// (ReadWords), with each word broken at a line end joined (joinBreaks: the
// text Score scores), and the positions of the breaks; words itself when
// there is none.
func (m *Model) joinLineBreaks(ocr *data.Text, words []string) ([]string, []int) {
	breaks := m.lineBreaks(ocr.Tokens)
	if len(breaks) == 0 {
		return words, nil
	}
	return joinBreaks(words, breaks), breaks
}

// Collect returns the corrected text of a scored lattice, one string per
// OCR token: the best candidate when it beats the OCR token by more than
// the margin of its kind of change, the token itself otherwise ("" where
// an earlier merge consumed the position). A word broken at a line end is
// written back in its two pieces (ques- tlon -> ques- tion). The capitals
// that an Adapted model's case habits explain are written in lower case
// (lowerCaseHabits), a model for collections it has not seen takes, for a
// word it changes, the other candidate the noisy channel in context finds
// channelRatio times as likely, for a word English knows that it keeps,
// one keptRatio times as likely that the collection writes as often, and
// for a token English never wrote that it keeps, a word nonwordRatio times
// as likely (channelChoice), reads the mark a kept token opens with as the
// pronoun I glued to the word (markI: `[have` -> `I have`; and a mark or
// a dash's 1 beside a word before a word that follows I: `"| wonder`,
// `that] should`, `Fairfax.--1 shall`), writes it for a lone small i or k
// where English in context writes it far likelier (loneIt), makes a
// capitalised form seen once that it kept the name of the collection's a
// letter from it, or a recurring one the name its document writes a letter
// from it (collectionVariants: `Toseph` -> Joseph), and changes a
// word kept that English, in its place, writes far less likely than a
// candidate one letter from it, a number in running text that misreads a
// word, and a mark that misreads the pronoun I (contextFixes), and writes
// a comma for a full stop before a lower-case word where the collection's
// engine reads commas as stops (commaStops; these six passes not under
// FeatOpt.NoEnglish: a model trained with the collection's labels has
// learned its real-word misreadings and its punctuation, and may decide
// in context), and the possessive S of a name in capitals is written s in
// mixed-case text (lowerPossessives: `the EPA'S staff`). Such a model also
// lets a word it changes absorb a kept piece of it beside it
// (absorbFragments: `s upervision` -> `supervision`), writes the sums of
// money whose figures were read as letters (figureFixes: `Is 6d`) and
// keeps those of a text that writes sums from being made words
// (moneyKept: `2s` stays, not as), keeps the collection's own short
// forms with their stops from being made words (abbreviationsKept: a law
// book's `Plac.`, `cf.`, not Place., of.), writes the s read as a guillemet
// glued to a word (guillemetS: `building«`, `miner»`), writes a day's
// ordinal read with I for its 1 in a date with the figure (ordinalFixes:
// `the Ist of July`), writes the short form of a military rank for a
// token one misreading from it before a name in a list of soldiers
// (rankFixes: `Pie. W Cooper` -> Pte.) and the initial H read as II
// between a title or an initial and a name (initialH), writes the letter
// a guillemet glued to a small word's start stands for (guillemetLetters:
// `»as` -> was), writes the ampersand of et cetera back where the
// engine read it as A (etceteraFixes: `Ac.` -> `&c.`), puts letters
// back for the figures of like shape a kept word was read with
// (figureWords: `8HIPPING` -> SHIPPING) and, in capitals, for the capitals
// the collection's engine reads as others and a small letter
// (capitalWords: `81STBRS` -> SISTERS where it reads E as B, `COUNTnY`),
// gives a word kept that no list knows its look-alike
// glyphs back where that makes it far more English (nameLookAlikes:
// `Plttman` -> Pittman), makes a kept token
// of two pieces joined by a hyphen inside its line, the first no word,
// the known word nearest them among its candidates (innerBreaks:
// `nrin-ciples` -> principles) and, in a collection
// whose engine breaks words apart, joins two tokens that English reads as
// one word broken (mergeBroken: `wit h` -> `with`), and in any collection
// three tokens, one a single letter, that English reads as one word
// broken twice (mergeThree: `Brit a in` -> Britain), and the pieces of a
// word broken apart that the decisions took for words (brokenPieces:
// `deliv ery` -> `delivery`, not `deliv very`), and writes back a number
// the decisions made a word where English in context does not find the
// word far likelier (numbersKept: `September 15 in`, `Page 17`; these four
// not under FeatOpt.NoEnglish), and gives a title read without its full stop the
// stop the text writes it with (titleStops: `Mr Knightley`).
func (m *Model) Collect(l *Lattice) []string {
	eng, _, _ := english.Model() // loaded by Read or Train
	margins := &m.Margins
	if s := l.Noise.Shift; s > 0 {
		shifted := m.Margins
		for k := range shifted {
			shifted[k] += s
		}
		margins = &shifted
	}
	d := decider{margins: margins, prof: l.Profile, lex: m.Lex, conv: m.conventions, habits: m.habits}
	modern := false
	var periodToks []periodCounts // the tokens' period counts of a modern document
	if m.forUnseen() {
		modern, periodToks = modernSpelling(l.Profile, l.Words)
		d.spell = spellingPeriod
		if modern {
			d.spell = spellingModern
		}
		d.dialogue = dialogueQuotes(l.Words)
	}
	var out []string
	if m.Context > 0 {
		out = decodeContextIDs(l.Words, l.Feat, l.Cands, l.Feat.First, l.Scores, d, eng, m.Context, m.ContextBand)
	} else {
		out = decode(l.Words, l.Cands, l.Feat.First, l.Scores, d)
	}
	if m.forUnseen() {
		if !m.FeatOpt.NoEnglish {
			channelChoice(out, l.Words, l.Cands, l.Profile, func(w string) bool { return conventional(m.conventions, m.Lex, w) }, m.Lex, modern, d.dialogue)
			markI(out, l.Words, l.Profile)
			loneIt(out, l.Words)
			collectionVariants(out, l.Words, l.Cands, l.Profile, m.Lex)
		}
		keepAffixes(out, l.Words)
		recaseNoisy(out, l.Words)
		absorbFragments(out, l.Words)
		sums := moneyDoc(l.Words)
		figureFixes(out, l.Words, sums)
		etceteraFixes(out, l.Words)
		figureWords(out, l.Words)
		capitalWords(out, l.Words, capitalMisreadings(m.habits), l.Profile)
		ordinalFixes(out, l.Words)
		rankFixes(out, l.Words, l.Profile)
		if !m.FeatOpt.NoEnglish {
			nameLookAlikes(out, l.Words, l.Profile, m.habits, m.knownWord)
			guillemetS(out, l.Words)
			guillemetLetters(out, l.Words)
		}
		weightFixes(out, l.Words)
		innerBreaks(out, l.Words, l.Cands, m.knownWord)
		if !m.FeatOpt.NoEnglish {
			mergeBroken(out, l.Words, l.Profile, breakRates(m.habits))
			mergeThree(out, l.Words, l.Profile, m.shortBreakRate(), l.breaks)
			contextFixes(out, l.Words, l.Cands, l.Profile, modern)
			cipherFixes(out, l.Words, l.Profile, modern, func(w string) bool { return conventional(m.conventions, m.Lex, w) })
			commaStops(out, l.Words, l.Profile)
			brokenPieces(out, l.Words, l.breaks)
			numbersKept(out, l.Words)
		}
		moneyKept(out, l.Words, sums)
		abbreviationsKept(out, l.Words, l.Profile, m.habits)
		// after the collection's short forms are kept: II. between a
		// title and a name is an initial, however often it recurs
		initialH(out, l.Words)
		titleStops(out, l.Words)
		if modern {
			periodPassages(out, l.Words, periodToks)
		}
	}
	m.lowerCaseHabits(out, l.Words, l.Profile)
	lowerPossessives(out, l.Words)
	if len(l.breaks) > 0 {
		splitBreaks(out, l.tokens, l.breaks)
	}
	return out
}

// recaseNoisy writes each word changed from a token with case noise
// (candgen.CaseNoise: `CommlttEE`, `BaltlmorE`) in the regular case shape
// that changes the case of the fewest of the token's letters
// (candgen.Recase: `Committee`, `Baltimore`): the ranker chooses the word,
// but it learned case from print whose engine kept it, and here the
// token's letters are the only evidence of the print's case. A split and
// a merge stay as chosen.
func recaseNoisy(out, words []string) {
	for i, o := range out {
		if !oneWordChange(out, words, i) {
			continue
		}
		_, cw, _ := candgen.SplitAffix(words[i])
		if !candgen.CaseNoise(cw) {
			continue
		}
		po, co, so := candgen.SplitAffix(o)
		out[i] = po + candgen.Recase(cw, co) + so
	}
}

// keepAffixes gives each changed word of out (one word for one token, or
// the words of a split at its ends; not a merge) the leading and trailing
// punctuation of its OCR
// token in words (candgen.SplitAffix) wherever the new word has a mark
// there, a model that never changes punctuation alone (one that has not
// seen the collection: see supported) not changing it inside a word's
// change either (actlons: -> actions:, not actions;; tbe -> the, not
// the,). Where the OCR token has a mark and the new word none, the mark
// was a misread letter (abou! -> about, @qual -> equal) and the new word
// stays. Measured on ads-fall2018 with the built-in model: 337 more words
// matched (cMER, which ignores punctuation, the same). On the rendered
// collections it costs what their truth writes differently from their
// print: straight quotes where the page and Tesseract have curly ones
// (“Thal -> "That is now “That). The pronoun a change makes is the
// capital I (pronounCapital).
func keepAffixes(out, words []string) {
	for i, o := range out {
		w := words[i]
		if o == w || o == "" || startsMerge(out, words, i) {
			continue
		}
		po, co, so := candgen.SplitAffix(w)
		pn, cn, sn := candgen.SplitAffix(o)
		if co == "" || cn == "" {
			continue
		}
		if strings.IndexFunc(o, unicode.IsSpace) >= 0 {
			// a split: the mark at its end as read
			if sn != "" || so == "" {
				out[i] = o[:len(o)-len(sn)] + so
			}
			continue
		}
		if pn != "" || po == "" {
			pn = po
		}
		if sn != "" || so == "" {
			sn = so
		}
		if c, ok := markForLetter(po, co, cn); ok {
			pn, cn = "", c
		}
		if hyphenForLetter(so, co, cn) {
			sn = ""
		}
		out[i] = pn + pronounCapital(keepCapital(co, cn)) + sn
	}
}

// oneWordChange reports whether the decisions out changed the OCR token
// words[i] into one word of its own: not kept, emptied, split nor the
// word of a merge (startsMerge).
func oneWordChange(out, words []string, i int) bool {
	return out[i] != words[i] && singleWord(out, words, i)
}

// singleWord reports whether the decisions out left position i of words
// one word of its own, kept or changed: not emptied, split nor the word
// of a merge (startsMerge).
func singleWord(out, words []string, i int) bool {
	o := out[i]
	return o != "" && strings.IndexFunc(o, unicode.IsSpace) < 0 && !startsMerge(out, words, i)
}

// startsMerge reports whether out[i] is a merge's word: the decisions
// emptied the position after it, where the OCR had a token.
func startsMerge(out, words []string, i int) bool {
	return i+1 < len(out) && out[i+1] == "" && words[i+1] != ""
}

// pronounCapital returns the word cn that a correction made, the pronoun
// I a capital: English writes no word i (`t` -> `I`, `f` -> `I`, not `i`;
// the ranker weighs the forms of word lists, which hold the letter).
func pronounCapital(cn string) string {
	if cn == "i" {
		return "I"
	}
	return cn
}

// absorbFragments merges into a changed word of out (one word for one
// token) the OCR token beside it that the decisions kept where the two
// tokens run together are the new word (its core, the marks around it as
// the tokens have them): the engine broke the word apart, and the change
// of one piece into the whole word left the other standing (`s
// upervision` -> `s supervision`, `fro m` -> `from m`, `therefo re,` ->
// `therefore re,`). The word is written at the first of the two positions
// and the second left empty, as a merge is.
func absorbFragments(out, words []string) {
	same := func(join, o string) bool {
		_, jc, _ := candgen.SplitAffix(join)
		_, oc, _ := candgen.SplitAffix(o)
		if jc == "" || len(jc) != len(oc) {
			return false
		}
		// the same word, or the word with the kept piece's capital (`A
		// fternoon` -> `A afternoon`: the change wrote the small letter of
		// the piece it changed)
		j, n := utf8.DecodeRuneInString(jc)
		c, _ := utf8.DecodeRuneInString(oc)
		return jc[n:] == oc[n:] && (j == c || unicode.IsUpper(j) && unicode.ToLower(j) == c)
	}
	for i, o := range out {
		if !oneWordChange(out, words, i) {
			continue
		}
		w := words[i]
		switch {
		case i+1 < len(out) && out[i+1] == words[i+1] && same(w+words[i+1], o):
			out[i], out[i+1] = w+words[i+1], ""
		case i > 0 && out[i-1] == words[i-1] && same(words[i-1]+w, o):
			out[i-1], out[i] = words[i-1]+w, ""
		}
	}
}

// quoteMarks are the marks that open or close a quotation, which stand
// before a word in print far more often than an engine makes one of a
// letter.
const quoteMarks = "\"'“”‘’«»„‚‹›"

// elisionQuotes are the marks markReadAsLetter takes for an elision's
// apostrophe or a quote rather than a letter misread: quoteMarks' quotes
// without the guillemets (`«s` is is, as guillemetLetters reads a
// guillemet glued to a word) and with the backtick and the reversed and
// double high-reversed quotes.
const elisionQuotes = "'\"`‘’‛“”„‟"

// markForLetter reports whether the correction of the OCR token po+co
// into the word cn put a letter before co where the token has the one
// mark po (not a quotation mark): the mark was that letter misread (`(o`
// -> to, `-nd` -> and, `#t` -> it), and the word goes without it. It
// returns cn, its small i made the capital after a mark an engine reads
// the capital I as (iLookAlikes: `[f` -> If). With the held-out models of
// bench -transfer, such a mark kept before the letter (`(to`) was against
// the truth 58 times and right once (`(aul` -> `(Paul`); in 18 more the
// truth had neither (`[if` for If, which this makes right).
func markForLetter(po, co, cn string) (string, bool) {
	m, size := utf8.DecodeRuneInString(po)
	if size == 0 || size != len(po) || strings.ContainsRune(quoteMarks, m) {
		return cn, false
	}
	l, ok := letterBefore(cn, co)
	if !ok {
		return cn, false
	}
	if l == 'i' && strings.ContainsRune(iLookAlikes, m) {
		return "I" + co, true
	}
	return cn, true
}

// letterBefore reports whether the word cn is one letter followed by co,
// and returns that letter: a mark before co read for it (markForLetter,
// markReadAsLetter).
func letterBefore(cn, co string) (rune, bool) {
	l, size := utf8.DecodeRuneInString(cn)
	return l, unicode.IsLetter(l) && cn[size:] == co
}

// hyphenForLetter reports whether the correction of the OCR token's word
// co, followed by the one mark so, into the word cn put a letter after
// co where so is a hyphen: the hyphen was that letter misread (`th-` ->
// the, `t-` -> to, `n-` -> no), not one that joins the word to the next
// (which the token, a word of its own, does not). Held-out models of
// bench -transfer: such a hyphen kept after the letter was against the
// truth 23 times and never right; other marks at a word's end (a comma,
// a stop) mostly stand where the print has them.
func hyphenForLetter(so, co, cn string) bool {
	if so != "-" || !strings.HasPrefix(cn, co) {
		return false
	}
	l, size := utf8.DecodeRuneInString(cn[len(co):])
	return unicode.IsLetter(l) && size == len(cn)-len(co)
}

// keepCapital returns the word cn, which a correction made of the OCR
// token's word co, with co's capitals where cn is written in small letters
// from the same first letter: in a word in capitals, all of them
// (`PRLNCLPLES` -> `PRINCIPLES`), in a capitalised one, the first
// (`Prlnclples` -> `Principles`, `Chlld` -> `Child`). The ranker, weighing
// the candidates' forms as word lists write them, often prefers the small
// letters, where the token's capital is the print's: on ads-fall2018 with
// the built-in model, 55 such words were lowered against the truth and 1
// rightly, besides those its case habits lower in mid-sentence
// (lowerCaseHabits, which runs after and still does). A changed first
// letter (`Jost` -> `lost`, `Ihe` -> `the`) is a misread capital, and
// stays small, and a change of case alone is left as decided.
func keepCapital(co, cn string) string {
	r, _ := utf8.DecodeRuneInString(co)
	n, nsize := utf8.DecodeRuneInString(cn)
	if !unicode.IsUpper(r) || unicode.ToLower(r) != n || !profile.LowerWord(cn) || strings.EqualFold(co, cn) {
		return cn // a change of case alone is the decision's own (supported)
	}
	switch caseShape(co) {
	case 2:
		return string(r) + cn[nsize:]
	case 3:
		return strings.ToUpper(cn)
	}
	return cn
}

// correctWindow is the most tokens Correct scores at once: a longer text
// without other readings (a whole book in one file) is corrected in
// windows of at most this many tokens, cut at line starts, so that its
// lattice (some 3 kB per token, measured: its candidates, their 49
// features and scores) stays near 150 MB however long the text.
const correctWindow = 50_000

// Correct corrects one OCR text, with the other readings of the same
// document (may be empty), against the profile of the collection it
// belongs to (nil: the text alone): Score, then Collect. A text of more
// than correctWindow tokens without other readings is corrected window by
// window (see windows), against the one profile: of its collection, or of
// the whole text when prof is nil. A token of words joined by a dash
// (`inonths.--The`) is corrected word by word and written back whole
// (see dashPieces; the other readings are cut the same way); its
// candidates are the combinations of its words' (joinDashes). A text of
// another language than the model's training truth (OtherLanguage), or a
// paragraph of one (data.Text.Paragraphs), is left as read
// (Correction.OtherLanguage).
func (m *Model) Correct(ocr *data.Text, alts []*data.Text, prof *profile.Profile) *Correction {
	foreign := m.otherLanguagePassages(ocr)
	if n := len(ocr.Tokens); len(foreign) == 1 && foreign[0] == [2]int{0, n} {
		// the whole text (WhollyOtherLanguage): nothing to score
		return &Correction{Out: ocr.Words(), Cands: make([][]candgen.Candidate, n), Scores: make([][]float64, n), OtherLanguage: foreign}
	}
	c := m.correctLanguage(ocr, alts, prof)
	if len(foreign) > 0 {
		c.Undo(ocr, func(ch eval.Change) bool { return overlaps(foreign, ch.Pos, ch.Pos+ch.Span) })
		c.OtherLanguage = foreign
	}
	return c
}

// overlaps reports whether [lo, hi) overlaps one of ranges.
func overlaps(ranges [][2]int, lo, hi int) bool {
	for _, r := range ranges {
		if lo < r[1] && r[0] < hi {
			return true
		}
	}
	return false
}

// correctLanguage is Correct of a text of the model's language.
func (m *Model) correctLanguage(ocr *data.Text, alts []*data.Text, prof *profile.Profile) *Correction {
	m.prepare()
	cut, counts := cutDashes(ocr, m.compoundPieces)
	if len(alts) > 0 {
		if counts == nil {
			return m.correctAll(ocr, alts, prof)
		}
		// the other readings cut the same way, so that their words align
		// with the pieces
		calts := make([]*data.Text, len(alts))
		for k, a := range alts {
			if a != nil {
				calts[k], _ = cutDashes(a, m.compoundPieces)
			}
		}
		return joinDashes(m.correctAll(cut, calts, prof), ocr, cut, counts)
	}
	if counts != nil {
		return joinDashes(m.correctText(cut, prof), ocr, cut, counts)
	}
	return m.correctText(ocr, prof)
}

// correctText is Correct without other readings, on a text no token of
// which dashPieces cuts.
func (m *Model) correctText(ocr *data.Text, prof *profile.Profile) *Correction {
	if len(ocr.Tokens) > correctWindow {
		return m.correctWindows(ocr, prof, correctWindow)
	}
	return m.correctAll(ocr, nil, prof)
}

// correctWindows corrects ocr in the windows of at most size tokens that
// windows cuts, each as a text of its own against prof (the whole text's
// profile when nil), and joins the corrections.
func (m *Model) correctWindows(ocr *data.Text, prof *profile.Profile, size int) *Correction {
	m.prepare()
	if prof == nil {
		words, _ := m.joinLineBreaks(ocr, ReadWords(ocr))
		prof = profile.Of([][]string{words}, profile.Options{})
	}
	c := &Correction{}
	cuts := windows(ocr.Tokens, size)
	for k := 0; k+1 < len(cuts); k++ {
		part := *ocr
		part.Tokens = ocr.Tokens[cuts[k]:cuts[k+1]]
		w := m.correctAll(&part, nil, prof)
		c.Out = append(c.Out, w.Out...)
		c.Cands = append(c.Cands, w.Cands...)
		c.Scores = append(c.Scores, w.Scores...)
		c.Changed += w.Changed
		c.Noise = w.Noise // the same profile for every window
	}
	return c
}

// windows returns the token positions that cut toks into windows of at
// most size tokens (0 first, len(toks) last): each cut as late as it can
// be at the start of a line whose first token does not start with a
// lower-case letter (a line that goes on with the word or sentence before
// it, con- sideration, is not cut from it), else at the start of any line,
// within the second half of the window; else at size tokens.
func windows(toks []data.Token, size int) []int {
	cuts := []int{0}
	for s := 0; len(toks)-s > size; {
		e := s + size
		best := -1
		for j := e; j > s+size/2; j-- {
			if toks[j].Line == toks[j-1].Line {
				continue
			}
			if best < 0 {
				best = j
			}
			if r, _ := utf8.DecodeRuneInString(toks[j].Text); !unicode.IsLower(r) {
				best = j
				break
			}
		}
		if best > 0 {
			e = best
		}
		cuts = append(cuts, e)
		s = e
	}
	return append(cuts, len(toks))
}

// correctAll is Correct on the whole text at once; for unseen
// collections it lowers, after Collect, the capital I a text's engine
// reads for the small one (lowerCapitalI, which asks the tokens' lines).
func (m *Model) correctAll(ocr *data.Text, alts []*data.Text, prof *profile.Profile) *Correction {
	l := m.Score(ocr, alts, prof)
	out := m.Collect(l)
	if m.KeepsLongS() {
		keepLongS(out, ocr.Tokens)
	}
	if m.forUnseen() && !m.FeatOpt.NoEnglish {
		m.lowerCapitalI(out, ocr.Tokens)
	}
	c := &Correction{Out: out, Cands: l.Cands, Scores: make([][]float64, len(l.Words)), Noise: l.Noise}
	words := l.Words
	if l.tokens != nil {
		words = l.tokens
	}
	for i := range l.Words {
		c.Scores[i] = l.Scores[l.Feat.First[i]:l.Feat.First[i+1]]
		if out[i] != ocr.Tokens[i].Text {
			c.Changed++
		}
	}
	if len(l.breaks) > 0 {
		c.Cands = slices.Clone(c.Cands)
		for _, i := range l.breaks {
			c.Cands[i] = brokenCands(c.Cands[i], words[i], words[i+1])
		}
	}
	l.Feat.Release()
	return c
}

// LongSCounts is how often the long s stands in the OCR and in the truth
// of a model's training documents.
type LongSCounts struct {
	OCR   int `json:"ocr"`
	Truth int `json:"truth"`
}

// countLongS returns the LongSCounts of docs (their OCR and, where they
// have one, their truth).
func countLongS(docs []*data.Doc) LongSCounts {
	var c LongSCounts
	for _, d := range docs {
		for _, t := range d.OCR.Tokens {
			c.OCR += strings.Count(t.Text, lm.LongS)
		}
		if d.GT != nil {
			for _, t := range d.GT.Tokens {
				c.Truth += strings.Count(t.Text, lm.LongS)
			}
		}
	}
	return c
}

// KeepsLongS reports whether correction writes the long s back where the
// OCR read it (keepLongS): unless the training OCR read it and its truth
// wrote it less than half as often (a truth that modernises, which the
// model then follows, writing s), a convention no profile tells (a model
// trained on neither, as the built-in one, keeps what the OCR read).
func (m *Model) KeepsLongS() bool {
	c := m.Stats.LongS
	return c.OCR == 0 || 2*c.Truth >= c.OCR
}

// keepLongS writes the long s back into out (the corrected words, one per
// token of toks) where the OCR read it: the model reads ſ as s
// (lm.ExpandLigatures: English knows moſt as most), but an engine that
// writes ſ read the print's long s, not a misreading of anything, and
// whether a truth keeps it (as OCR-D's and other diplomatic transcriptions
// do) or modernises it is the collection's convention, which no profile
// tells: kept, the text is as right as its OCR was under either (the
// HIPE-OCRepair scorer maps no ſ to s). A word the model kept is written
// as read; a word it changed gets its ſ back where the change left the s
// in place, in the part of the word before the change or after it
// (withLongS: moſl -> moſt).
func keepLongS(out []string, toks []data.Token) {
	for i, t := range toks {
		if out[i] != "" && strings.Contains(t.Text, lm.LongS) {
			out[i] = withLongS(t.Text, out[i])
		}
	}
}

// withLongS returns w, the word the model made of the OCR token orig,
// with the long s of orig restored: orig read as the model reads it
// (lm.ExpandLigatures) and w share a prefix and a suffix, and each s that
// stands for an ſ of orig inside one of them is written ſ again.
func withLongS(orig, w string) string {
	var read strings.Builder
	var at []int // the offsets in read of the s that stand for ſ
	for _, r := range orig {
		s := lm.ExpandLigatures(string(r))
		if string(r) == lm.LongS {
			at = append(at, read.Len())
		}
		read.WriteString(s)
	}
	rd := read.String()
	p := 0
	for p < len(rd) && p < len(w) && rd[p] == w[p] {
		p++
	}
	q := 0
	for q < len(rd)-p && q < len(w)-p && rd[len(rd)-1-q] == w[len(w)-1-q] {
		q++
	}
	keep := make([]bool, len(w)) // the offsets in w to write ſ at
	found := false
	for _, k := range at {
		switch {
		case k < p:
			keep[k], found = true, true
		case k >= len(rd)-q:
			keep[k-len(rd)+len(w)], found = true, true
		}
	}
	if !found {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if keep[i] && w[i] == 's' {
			b.WriteString(lm.LongS)
			continue
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// featureDoc returns the document features compute for one OCR text,
// built once from it: its words, their confidences and lines, the
// alignment of the other readings of the same document with its words
// (nil entries skipped; aligned once here, shared by candidate generation
// and features) and the profile of its collection (may be nil). Its Cands
// are lattice's to fill.
func featureDoc(ocr *data.Text, alts []*data.Text, prof *profile.Profile) *features.Doc {
	fd := &features.Doc{Words: ReadWords(ocr), Profile: prof}
	fd.Conf = make([]float32, len(ocr.Tokens))
	fd.Line = make([]int, len(ocr.Tokens))
	for i, t := range ocr.Tokens {
		fd.Conf[i] = t.Conf
		fd.Line[i] = t.Line
	}
	var other [][]string
	for _, a := range alts {
		if a != nil {
			other = append(other, ReadWords(a))
		}
	}
	fd.Readings = align.AlignReadings(fd.Words, other)
	return fd
}

// ReadWords returns the words of an OCR text (or of a truth, in
// training) as the model reads them: ligature glyphs and the long s
// written as their letters (lm.ExpandLigatures), so the corrected text
// has the letters wherever the OCR had a ligature (and the long s where
// KeepsLongS writes it back).
func ReadWords(t *data.Text) []string {
	w := t.Words()
	for i, s := range w {
		w[i] = lm.ExpandLigatures(s)
	}
	return w
}

// lattice generates the candidates of fd's words (with a generator of
// gens), sets fd.Cands to them (narrowed by restrict when it is not nil)
// and returns their features: the common part of correction (Score) and
// training (prepareDocs).
func lattice(gens *genPool, res *features.Resources, fd *features.Doc, opt features.Options, rng *rand.Rand, restrict func([][]candgen.Candidate)) *features.Matrix {
	g := gens.get()
	fd.Cands = g.Generate(fd.Words, fd.Readings)
	gens.put(g)
	if restrict != nil {
		restrict(fd.Cands)
	}
	return features.Compute(res, fd, opt, rng)
}

// docRand returns the random stream of one document.
func docRand(seed uint64, stem string) *rand.Rand {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(stem); i++ {
		h ^= uint64(stem[i])
		h *= 1099511628211
	}
	return rand.New(rand.NewPCG(seed, h))
}

// scoreRows returns r.Logit of every row of m. Most cells are 0 or 1, so
// the terms of those two values are computed once per column (the same
// expression, so the same bits) instead of once per cell, for the shared
// weights and, when r has own weights, for the OCR token's own rows.
func scoreRows(r *LogReg, m *features.Matrix) []float64 {
	s := make([]float64, m.Rows())
	d := len(r.W)
	if d != features.NumFeatures {
		for i := range s {
			s[i] = r.Logit(m.Row(i))
		}
		return s
	}
	shared := newColTerms(r, r.W)
	var own *colTerms
	if r.Own != nil {
		w := make([]float64, d)
		for j := range w {
			w[j] = r.W[j] + r.Own[j]
		}
		own = newColTerms(r, w)
	}
	mean, scale := r.Mean[:d], r.Scale[:d]
	for i := range s {
		row := m.Vals[i*d : (i+1)*d]
		t := shared
		if own != nil && row[r.OwnCol] != 0 {
			t = own
		}
		z := r.B
		for j, v := range row {
			switch v {
			case 0:
				z += t.t0[j]
			case 1:
				z += t.t1[j]
			default:
				z += t.w[j] * (float64(v) - mean[j]) / scale[j]
			}
		}
		s[i] = z
	}
	return s
}

// colTerms holds the weights of one kind of row and each column's term
// for a cell of 0 (t0) and of 1 (t1), as LogReg.Logit computes them.
type colTerms struct{ w, t0, t1 []float64 }

func newColTerms(r *LogReg, w []float64) *colTerms {
	t := &colTerms{w: w, t0: make([]float64, len(w)), t1: make([]float64, len(w))}
	for j := range w {
		t.t0[j] = w[j] * (float64(float32(0)) - r.Mean[j]) / r.Scale[j]
		t.t1[j] = w[j] * (float64(float32(1)) - r.Mean[j]) / r.Scale[j]
	}
	return t
}

// decode collects the output of one document: at each position not
// consumed by an earlier merge, the best-scoring candidate replaces the OCR
// token when its log-odds beat the original's by more than the margin of
// its kind of change (+Inf where the collection's profile does not support
// the change). It returns one output string per position ("" for
// positions merged into an earlier one; a split candidate's words are
// joined by a space).
func decode(words []string, cands [][]candgen.Candidate, first []int32, scores []float64, d decider) []string {
	out := make([]string, len(words))
	for i := 0; i < len(words); i++ {
		out[i] = words[i]
		lo, hi := int(first[i]), int(first[i+1])
		if lo == hi {
			continue
		}
		orig, best := bestAndOrig(cands[i], scores[lo:hi])
		c := &cands[i][best]
		if orig >= 0 && (best == orig || scores[lo+best]-scores[lo+orig] <= d.margin(words, i, c)) {
			continue
		}
		out[i] = c.Text
		for k := 1; k < c.Span && i+k < len(words); k++ {
			out[i+k] = ""
		}
		if c.Span > 1 {
			i += c.Span - 1
		}
	}
	return out
}

// bestAndOrig returns the index of the OCR token's own candidate (-1 when
// none) and of the best-scoring candidate of one position.
func bestAndOrig(cands []candgen.Candidate, scores []float64) (orig, best int) {
	orig = -1
	for r := range scores {
		if orig < 0 && cands[r].Source&candgen.SrcOriginal != 0 {
			orig = r
		}
		if scores[r] > scores[best] {
			best = r
		}
	}
	return orig, best
}

// outputWords splits decoded position strings into whitespace words.
func outputWords(out []string) []string {
	ws := make([]string, 0, len(out))
	for _, s := range out {
		if s == "" {
			continue
		}
		if strings.IndexFunc(s, unicode.IsSpace) < 0 {
			ws = append(ws, s)
			continue
		}
		ws = append(ws, strings.Fields(s)...)
	}
	return ws
}

// prepare makes the generator pool and feature resources of a model read
// from a file; it is safe to call from several goroutines.
func (m *Model) prepare() {
	m.once.Do(func() {
		if m.gens == nil {
			m.gens = m.genPool(m.Conf)
		}
		if m.resources == nil {
			m.resources = m.newResources()
		}
	})
}

// forUnseen says whether m was trained for collections other than its
// training ones (Options.Unseen), which its margins say: it never makes
// any change that the collection's profile does not support (every
// margin from eval.NumKinds on is +Inf). A model trained with labels
// tunes those margins where its training shows such changes safe; one
// whose margins for them all stayed +Inf makes the same decisions as an
// Unseen model, and is corrected as one. (Deciding by the margin of
// punctuation alone, as before, took a model trained on 30 documents of
// ads-fall2018, whose margins allow unsupported word changes, for an
// Unseen one.)
func (m *Model) forUnseen() bool {
	for k := int(eval.NumKinds); k < NumKinds; k++ {
		if !math.IsInf(m.Margins[k], 1) {
			return false
		}
	}
	return true
}

// newResources returns fresh feature resources over the model's
// components (empty caches).
func (m *Model) newResources() *features.Resources {
	// The English models are compiled in and checked by their own tests;
	// Read has loaded them already, so no error can remain here.
	eng, shape, _ := english.Model()
	return &features.Resources{LM: m.LM, Lex: m.Lex, LDA: m.LDA, Vec: m.Vec, LDAIters: m.LDAIters, Eng: eng, Shape: shape}
}

// Warm builds what correction needs before its first document: the
// generator pool with its deletion index and the feature resources, so a
// timing of Correct leaves them out. Correct calls it as needed; it is
// safe to call from several goroutines.
func (m *Model) Warm() {
	m.prepare()
	m.gens.put(m.gens.get())
}

// Shed replaces the model's generator pool and feature resources (and its
// WithoutConfidence variant's) by fresh ones, made again on first use: the
// deletion index and the caches of candidates and text facts become
// garbage. A cross-validation sheds each fold's model once its documents
// are corrected. It must not run while the model corrects.
func (m *Model) Shed() {
	m.prepare()
	m.gens = m.genPool(m.Conf)
	m.resources = m.newResources()
	if v := m.WithoutConfidence; v != nil {
		v.prepare()
		v.gens = m.gens
		v.resources = v.newResources()
	}
}

// genPool hands out candidate generators, one per goroutine at a time (a
// Generator keeps scratch space and a per-token cache and is not safe for
// concurrent use). A prototype is built once with its deletion index; the
// generators handed out are clones sharing that index. Generators are
// reused, caches and all.
type genPool struct {
	mu    sync.Mutex
	conf  *candgen.Confusion
	lex   *candgen.Lexicon
	opt   candgen.Options
	proto *candgen.Generator
	free  []*candgen.Generator
	// narrow is what the generators handed out change of the options
	// (candgen.Generator.CloneNarrowed): correctNarrowing in the pools
	// that correct, nothing in those of training.
	narrow candgen.Narrowing
	// english reports a word of English running text (englishWord); nil
	// when the model leaves the English model out (newGenPool)
	english func(fold string) bool
}

// genPool returns an empty pool of generators over conf and the model's
// lexicon and options, the English model's words searched deeper unless
// the model leaves the English model out (see newGenPool), and, for a
// model for unseen collections, the words its learned readings of two
// letters as one hide looked up, and the commonest short words offered to
// a short unknown token (candgen.Options.Joins: `conceming` ->
// concerning, `et` -> of, `tumished` -> furnished; a model trained with
// labels from the collection it corrects does without: on ads-fall2018,
// ocrfix bench matched 157 words fewer with them and broke 104 more), and the candidates of a token with case noise
// priced case-blind as well (candgen.Options.CaseBlind: `CommlttEE` ->
// Committee; the same bench matched 41 words fewer with it). Training
// leaves both out, so the built-in model is the same. Its generators are
// for correcting (correctNarrowing).
func (m *Model) genPool(conf *candgen.Confusion) *genPool {
	opt := m.GenOpt
	opt.Joins = m.forUnseen()
	opt.CaseBlind = opt.Joins
	p := newGenPool(conf, m.Lex, opt, !m.FeatOpt.NoEnglish)
	p.narrow = correctNarrowing(p.english)
	return p
}

// correctNarrowing returns what the generators that correct change of
// the options of training (candgen.Narrowing): their lists keep at most
// correctMinKeep candidates below the posterior mass, and a core that is
// a word of English running text (inEnglish, the pool's englishWord; nil
// without the English model) is not split (candgen.Options.Whole). OCR
// seldom makes such a word of two run together, and the splits of it the
// candidates held were nearly never chosen: with the built-in and
// held-out models the eight sets of correctMinKeep's figures changed by 2
// words matched or broken at most (embedded 151,188 -> 151,189,
// periodicals 42,928 / 91 -> 42,930 / 90, ICDAR 17,081 / 49 -> 17,080 /
// 50), for some 8% of BenchmarkCorrectADS's time (three alternating
// pairs of runs). Training keeps the splits: with them left out of its
// lists too, the retrained built-in model matched 18 words fewer on
// ads-fall2018 and broke 4 more.
func correctNarrowing(inEnglish func(fold string) bool) candgen.Narrowing {
	return candgen.Narrowing{MinKeep: correctMinKeep, Whole: inEnglish}
}

// correctMinKeep is the most candidates correction keeps of a position
// when the channel's posterior (candgen's Score) puts the mass of
// candgen.Options.Mass on fewer: 6, where training keeps the candgen
// default, 12 (the ranker learns from more wrong candidates). The
// candidates the cut drops are the ones past the sixth with less than
// 1/10,000 of the posterior together, and the ranker's choice of one of
// them is more often wrong than right. Measured with the held-out models
// of bench -transfer and the built-in model (words matched / broken):
// ads-fall2018 252,499 / 1,384 -> 252,498 / 1,352, early 50,550 / 244 ->
// 50,553 / 239, science-law 51,906 / 57 -> 51,909 / 54, BL snippets
// 4,323 / 7 -> 4,324 / 6, ICDAR 2017 17,079 / 52 -> 17,081 / 49; Trove
// 8,515 / 57 -> 8,514 / 54; embedded 151,190 / 76 -> 151,188 / 75,
// periodicals 42,933 / 92 -> 42,928 / 91. Keeping 4 broke
// fewer still but matched fewer on Trove and the periodicals; training
// with 6 matched fewer everywhere (ads-fall2018 252,463).
const correctMinKeep = 6

// newGenPool returns an empty pool of generators over conf and lex. With
// eng (the model uses the English model: not features.Options.NoEnglish),
// and unless opt says otherwise, the words of English running text
// (englishWord: the ones the lexicon takes from the English model) are
// searched deeper than a word list's other words (candgen.Options.Deep):
// on collections a model never saw, the words they miss are more often
// common English no training collection wrote than the rare ones of a
// word list.
func newGenPool(conf *candgen.Confusion, lex *candgen.Lexicon, opt candgen.Options, eng bool) *genPool {
	p := &genPool{conf: conf, lex: lex}
	if eng {
		if m, _, err := english.Model(); err == nil {
			p.english = func(w string) bool { return englishWord(m, w) }
		}
	}
	if opt.Deep == nil {
		opt.Deep = p.english
	}
	p.opt = opt
	return p
}

// get returns a free generator, cloning the prototype when none is free.
func (p *genPool) get() *candgen.Generator {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		g := p.free[n-1]
		p.free = p.free[:n-1]
		return g
	}
	if p.proto == nil {
		// The prototype is never handed out, so cloning it never races
		// with a generator at work.
		p.proto = candgen.NewGenerator(p.conf, p.lex, p.opt)
	}
	return p.proto.CloneNarrowed(p.narrow)
}

// correcting returns an empty pool over p's prototype (the deletion index
// shared) whose generators are for correcting (correctNarrowing).
func (p *genPool) correcting() *genPool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return &genPool{conf: p.conf, lex: p.lex, opt: p.opt, proto: p.proto, narrow: correctNarrowing(p.english), english: p.english}
}

// put hands g back for reuse.
func (p *genPool) put(g *candgen.Generator) {
	p.mu.Lock()
	p.free = append(p.free, g)
	p.mu.Unlock()
}
