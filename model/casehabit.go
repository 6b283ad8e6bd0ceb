package model

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/profile"
)

// caseShapes are the letters whose capital is the small letter's shape
// made larger: an engine that misjudges the size of a word's first letter
// writes the capital (`is Very important`, `was Significant in`). Only
// these are looked for: for other letters the two shapes differ and a
// capital in mid-sentence is the print's (profile.SizeOnly, which the
// profile's counts of small words after stops use too).
const caseShapes = profile.SizeOnly

// caseControl are the letters that a case habit is judged against: the
// others of the alphabet but for i, j and l, whose capitals engines confuse
// with other letters (I with l and 1, J with I).
const caseControl = "abdefghkmnpqrty"

// Thresholds of caseHabits. A word shows the habit when the collection
// writes it capitalised in mid-sentence caseWordMin times at least, in
// caseWordShare of all its occurrences at least, caseWordIso of those
// between two lower-case words (not in a heading, nor in a name of
// several words: `Clean Water Act`). A letter of caseShapes has a habit
// when caseHabitMinWords words of English that the training truth writes
// in lower case (caseLowerWord) show it, and their share of such words of
// the letter that the collection writes caseWordMin times stands
// caseStandOut times above the same share over the letters of
// caseControl: a collection whose print capitalises nouns (early modern
// English: `the Song`, `a Silk line`) shows it for every letter alike.
// ads-fall2018's engine writes `Very`, `Vote`, `Since`, `Significant`,
// `Within` wherever the truth has them in lower case (since: 95 of 96 in
// mid-sentence): with the built-in model, v, s, c and w show it for 19,
// 10, 7 and 4 words, the letters of caseControl for 10 in all, and the
// habits found are those of si, va, ve, vi, vo and wi; in its truth c, s
// and w show it for 3, 1 and 1 words (Congressmen, Senators, Ways: names
// of its subject), the control letters for 14, and no habit is found. In
// the repository's rendered collections none is. Fixed priors, as
// variantRatio.
const (
	caseWordMin       = 5
	caseWordShare     = 0.6
	caseWordIso       = 0.3
	caseHabitMinWords = 3
	caseStandOut      = 5
	caseStartMinWords = 2
)

// caseHabits returns the collection's case habits (candgen.Habit with
// Case set), one per start of words that shows it: the letters of
// caseShapes whose capital its OCR writes at the start of words in
// mid-sentence where English writes them in lower case, found in the
// profile's MidTitle counts (see the thresholds), and, for each, the
// first two letters of the words it writes so, where two words at least
// show it (an engine misjudges the size of a letter by the letters beside
// it: ads-fall2018's writes `Since`, `Significant`, `Similar` but `such`,
// `some`, `said`, so the habit of s is one of si).
func (m *Model) caseHabits(prof *profile.Profile) []candgen.Habit {
	if prof == nil || m.Lex == nil {
		return nil
	}
	var by [utf8.RuneSelf]caseEvidence // by first letter
	starts := map[string]*caseEvidence{}
	var order []string
	for w, tc := range prof.MidTitles() {
		r, _ := utf8.DecodeRuneInString(w)
		if r >= utf8.RuneSelf || !caseShowsHabit(prof, w, tc) || !m.caseLowerWord(w) {
			continue
		}
		sh := float64(tc.Mid) / float64(prof.Word(w).N)
		by[r].add(tc.Mid, sh)
		st := caseStart(w)
		e := starts[st]
		if e == nil {
			e = &caseEvidence{}
			starts[st] = e
			order = append(order, st) // MidTitles is sorted: the same order in every run
		}
		e.add(tc.Mid, sh)
	}
	for w, c := range prof.WordForms() {
		if w == "" {
			continue
		}
		if r := w[0]; r < utf8.RuneSelf && by[r].words > 0 || strings.IndexByte(caseControl, r) >= 0 {
			if c.N >= caseWordMin && m.caseLowerWord(w) {
				by[r].known++
			}
		}
	}
	var control caseEvidence
	for _, r := range []byte(caseControl) {
		control.words += by[r].words
		control.known += by[r].known
	}
	floor := float64(control.words) / float64(max(control.known, 1))
	var out []candgen.Habit
	for _, st := range order {
		r := st[0]
		e, l := starts[st], by[r]
		if strings.IndexByte(caseShapes, r) < 0 || l.words < caseHabitMinWords ||
			float64(l.words)/float64(max(l.known, 1)) < caseStandOut*floor || e.words < caseStartMinWords {
			continue
		}
		out = append(out, candgen.Habit{True: rune(r), OCR: strings.ToUpper(st[:1]) + st[1:], Case: true,
			Rate: e.share / float64(e.words), Words: e.words, Tokens: e.tokens})
	}
	return out
}

// caseEvidence sums the words that show a case habit: how many, their
// capitals in mid-sentence (tokens) and their shares of their occurrences
// (share); known counts the words of the letter that could show it.
type caseEvidence struct {
	words, tokens, known int
	share                float64
}

// add counts one word that shows the habit, with mid capitals in
// mid-sentence, share of its occurrences.
func (e *caseEvidence) add(mid uint32, share float64) {
	e.words++
	e.tokens += int(mid)
	e.share += share
}

// caseStart returns the start of the word w by which case habits are
// kept: its first two letters (w itself when shorter).
func caseStart(w string) string {
	_, n := utf8.DecodeRuneInString(w)
	_, k := utf8.DecodeRuneInString(w[n:])
	return w[:n+k]
}

// caseShowsHabit says whether the collection's counts of the word w (tc:
// its capitals in mid-sentence) show a case habit on their own (never
// where the profile dropped the word's own count, a pruned profile).
func caseShowsHabit(prof *profile.Profile, w string, tc profile.TitleCount) bool {
	n := prof.Word(w).N
	return tc.Mid >= caseWordMin && n >= tc.Mid && float64(tc.Mid) >= caseWordShare*float64(n) && float64(tc.Iso) >= caseWordIso*float64(tc.Mid)
}

// caseLowerWord says whether the training truth writes the word w (lower
// case) in lower case: at least 80% of its occurrences where it has
// counted it 10 times or more, else the lexicon lists it in lower case
// and not capitalised (a word list's names are capitalised).
func (m *Model) caseLowerWord(w string) bool {
	if n := m.Lex.CountFold(w); n >= 10 {
		return float64(m.Lex.Count(w)) >= 0.8*float64(n)
	}
	r, size := utf8.DecodeRuneInString(w)
	return m.Lex.Has(w) && !m.Lex.Has(string(unicode.ToUpper(r))+w[size:])
}

// lowerCaseHabits writes in lower case, in out (the decoded output of the
// OCR words words, one string per position), the capitals that the case
// habits of the collection (m.cases, with its profile prof) explain: a
// token in mid-sentence (the token before it ends no sentence), unchanged
// or corrected into one word with its capital kept (sameCapital: `Varlous`
// -> `Various`), whose core is a capitalised word of a habit's start that
// the training truth writes in lower case (`is Very important` -> `is very
// important`, `by Varlous groups` -> `by various groups`; on ads-fall2018
// with the built-in model, the corrected words brought 305 more words
// matched, none broken more). A word that the collection writes capitalised
// in mid-sentence caseWordMin times or more is lowered where its own counts
// show the habit (caseShowsHabit), or, where they show it in part (the
// share of its capitals that stand isolated, caseWordIso, but not the share
// of its occurrences: ads-fall2018 writes `Will` in 549 of 1,313), between
// two lower-case words; a word whose capitals mostly stand in names
// (`Commission` in a collection of reports) keeps them. A rarer word is
// lowered between two lower-case words.
func (m *Model) lowerCaseHabits(out, words []string, prof *profile.Profile) {
	if len(m.cases) == 0 || prof == nil {
		return
	}
	for i := 1; i < len(words); i++ {
		tok := words[i]
		if !profile.MidSentence(words, i) || !sameCapital(out[i], tok) {
			continue
		}
		pre, core, suf := candgen.SplitAffix(out[i])
		r, size := utf8.DecodeRuneInString(core)
		if size == len(core) || !profile.TitleCase(core) {
			continue
		}
		w := string(unicode.ToLower(r)) + core[size:]
		if !m.caseStartHabit(caseStart(w)) || !m.caseLowerWord(w) {
			continue
		}
		tc := prof.MidTitle(w)
		own := tc.Mid >= caseWordMin && prof.Word(w).N >= tc.Mid
		if own && !caseShowsHabit(prof, w, tc) && (float64(tc.Iso) < caseWordIso*float64(tc.Mid) || !lowerBetween(words, i)) ||
			!own && !lowerBetween(words, i) {
			continue
		}
		out[i] = pre + w + suf
	}
}

// sameCapital says whether o, the output at a position, is its OCR token
// tok or one word that a correction of the token's letters made with the
// token's first letter, a capital, kept (`Varlous` -> `Various`): a
// capital the case habit wrote survives the word's correction, and is
// judged as the token's own would be. A split, a merge or a change of the
// capital itself (`Hlth` -> `With`) is left alone.
func sameCapital(o, tok string) bool {
	if o == tok {
		return true
	}
	if o == "" || strings.IndexFunc(o, unicode.IsSpace) >= 0 {
		return false
	}
	_, oc, _ := candgen.SplitAffix(o)
	_, tc, _ := candgen.SplitAffix(tok)
	ro, _ := utf8.DecodeRuneInString(oc)
	rt, _ := utf8.DecodeRuneInString(tc)
	return ro == rt && unicode.IsUpper(ro)
}

// caseStartHabit says whether one of m's case habits is of the start st
// (caseStart of a lower-case word).
func (m *Model) caseStartHabit(st string) bool {
	for _, h := range m.cases {
		if len(h.OCR) == len(st) && strings.EqualFold(h.OCR, st) {
			return true
		}
	}
	return false
}

// lowerBetween says whether the token at i stands between two words of
// lower-case letters with no punctuation in between (the token's own
// trailing mark ends the test: `was Vital.`).
func lowerBetween(words []string, i int) bool {
	if !profile.LowerWord(words[i-1]) {
		return false
	}
	if profile.End(words[i]) != "" {
		return true
	}
	if i+1 >= len(words) {
		return false
	}
	_, core, _ := candgen.SplitAffix(words[i+1])
	return profile.LowerWord(core)
}

// lowerPossessives writes the possessive s of a name in capitals as a
// small s (`EPA'S` -> `EPA's`) where the OCR read it as the capital, whose
// shape differs only in size: in out (the decoded output of the OCR words
// words), an unchanged token whose core is two capitals or more, an
// apostrophe and S, with a token holding a small letter on both sides
// (mixed-case text, where print writes the small s; in a heading set in
// capitals, `THE EPA'S ROLE`, the capital stays). ads-fall2018's OCR
// writes EPA'S 174 times, CMA'S 254, where its truth has EPA's and CMA's.
func lowerPossessives(out, words []string) {
	for i := 1; i+1 < len(words); i++ {
		tok := words[i]
		if out[i] != tok || !hasLower(words[i-1]) || !hasLower(words[i+1]) {
			continue
		}
		pre, core, suf := candgen.SplitAffix(tok)
		if !strings.HasSuffix(core, "S") {
			continue
		}
		name, ok := strings.CutSuffix(core[:len(core)-1], "'")
		if !ok {
			name, ok = strings.CutSuffix(core[:len(core)-1], "’")
		}
		if !ok || utf8.RuneCountInString(name) < 2 || strings.IndexFunc(name, func(r rune) bool { return !unicode.IsUpper(r) }) >= 0 {
			continue
		}
		out[i] = pre + core[:len(core)-1] + "s" + suf
	}
}

// hasLower says whether t holds a lower-case letter.
func hasLower(t string) bool { return strings.IndexFunc(t, unicode.IsLower) >= 0 }
