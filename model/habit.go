package model

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/features"
	"ocrfix/lm"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// Thresholds of Habits. A collection's OCR always has some evidence for
// every misreading (names, words the lexicons lack, other errors), and a
// real habit leaks a little into its neighbours (`fuch` is also `much`,
// though far less likely: readings share a form by frequency), so a habit
// is judged against the collection's own noise floor: the median rate of
// its habitFloorPairs best-supported misreadings. With the built-in model,
// on the collections of the repository without a habit the best stands at
// most 9 times above that floor; long s read as f, h read as li, u/v
// (simulated) and ads-fall2018's i read as l stand 68-488 times above it.
//
// A spelling convention of the print that a transcription keeps leaves the
// same evidence as a misreading: early modern print wrote u for v inside a
// word and v for u at its start, i for j (`haue`, `vnto`, `iust`), and
// diplomatic transcriptions keep those spellings (EEBO-TCP does, while it
// prints every long s as s). Nothing in the OCR alone tells such a
// convention from an engine that always misreads a letter, so the pairs
// u/v and i/j are taken for conventions, and so is any pair of letters
// that stand in for each other both ways (a swap: an engine's misreading
// goes one way, f for the long s but never s for f).
const (
	habitMinWords   = 20 // distinct recurring OCR words of evidence
	habitStandOut   = 20 // times the noise floor, and times the model's rate
	habitFloorPairs = 20
)

// conventionPairs are the letters early modern print used for each other
// by their place in the word, which diplomatic transcriptions keep.
var conventionPairs = [][2]rune{{'u', 'v'}, {'i', 'j'}}

// Habits returns the systematic misreadings of single letters that the
// OCR of the collection whose profile is prof shows and the model's
// confusion does not expect, found without labels (see habitEvidence):
// long s read as f in 18th-century print, an engine that reads i as l.
// A misreading is a habit when at least habitMinWords distinct recurring
// words support it and its rate (supporting occurrences over those and
// the true letter's occurrences in the profile) stands habitStandOut times
// above both the collection's noise floor and the model's own rate for it.
// A misreading of one letter as another that too few recurring words
// show is a habit when the words of the collection, those seen once too,
// show it (lowRateHabits: an engine that reads one e in forty as o). The
// rate is an underestimate (a misreading that makes another known word
// leaves no evidence), which errs on the side of leaving text alone. The
// Rate returned counts the other habits of the same letter in its
// denominator too, so that the rates of a letter read two ways (i as l
// and as 1) share its readings. A habit of a pair of conventionPairs, or
// of two letters found standing in for each other both ways, is marked a
// Convention: the collection's spelling, which Adapted protects instead
// of expecting. Most collections have none; a small profile (one page)
// has too little evidence for any. The result is the same for the same
// profile and model. The capitals' habits that the small letters' imply
// and the exact spellings show (capitalHabits: H read as II beside h read
// as ii) follow the letters' habits and the habits of letters read as a
// mark (markHabits: ads-fall2018's `betwe-n`, `th.t`), the habits of
// capitals alone follow those (upperHabits: E read as B in a newspaper's
// headings, its small e read right), and the case habits of the
// collection (caseHabits: the small v read as the capital at word
// starts) follow those, and the habits of the spaces between
// words last (spacingHabits: words run together, words broken apart).
func (m *Model) Habits(prof *profile.Profile) []candgen.Habit {
	var letters []candgen.Habit
	if prof != nil && m.Conf != nil {
		ev := m.habitEvidence(prof)
		letters = append(m.letterHabits(ev), m.markHabits(ev)...)
	}
	letters = append(letters, m.capitalHabits(prof, letters)...)
	letters = append(letters, m.upperHabits(prof, letters)...)
	letters = append(letters, m.caseHabits(prof)...)
	return append(letters, m.spacingHabits(prof)...)
}

// capitalHabitMinWords is how many distinct OCR forms must show a habit's
// misreading of the capital letter (capitalHabits), the lower-case habit
// having shown the engine's habit on habitMinWords words: a fixed prior.
const capitalHabitMinWords = 3

// capitalHabits returns the habits of capital letters that the letter
// habits found imply and the collection's exact spellings show: where an
// engine reads h as ii (`tiie`, `wiiich`), it reads H as II in the words
// the habits, learned on case-folded forms, also counted (`TIIE`, `IIe`,
// `CIIAPTER`), and the confusion model, adapted to the small letter only,
// would find no THE for TIIE. For each habit of a small letter read as
// small letters, the capital habit (its letters in capitals) is one when
// capitalHabitMinWords distinct spellings the lexicon does not know (case
// folded) become known words with the capital put back (Habit.Undo), at a
// rate (their tokens against the capital's other occurrences)
// habitStandOut times the model's own. A habit whose capital form is that
// of another letter's (i read as l: I and L) needs the same evidence, which
// a collection without the capital's misreading does not give. The
// capital's habit is Weak where its small letter's is.
func (m *Model) capitalHabits(prof *profile.Profile, habits []candgen.Habit) []candgen.Habit {
	if prof == nil || m.Conf == nil || len(habits) == 0 {
		return nil
	}
	type capital struct {
		h      candgen.Habit
		forms  map[string]bool // the spellings counted (cores, marks aside)
		tokens int
	}
	var caps []*capital
	for _, h := range habits {
		t, o := unicode.ToUpper(h.True), strings.ToUpper(h.OCR)
		if h.Convention || h.Case || t == h.True || o == h.OCR || strings.IndexFunc(h.OCR, unicode.IsLower) < 0 {
			continue
		}
		caps = append(caps, &capital{h: candgen.Habit{True: t, OCR: o, Weak: h.Weak}, forms: map[string]bool{}})
	}
	if len(caps) == 0 {
		return nil
	}
	eng, _, _ := english.Model() // loaded by Read or Train
	known := func(w string) bool { return knownFolded(m.Lex, eng, w) }
	runes := map[rune]int{}
	for tok, c := range prof.ExactForms() {
		_, core, _ := candgen.SplitAffix(tok)
		for _, r := range core {
			if unicode.IsUpper(r) {
				runes[r] += int(c.N)
			}
		}
		for _, cp := range caps {
			if !strings.Contains(core, cp.h.OCR) || known(core) {
				continue
			}
			for _, v := range cp.h.Undo(core) {
				if known(v) {
					cp.forms[core] = true
					cp.tokens += int(c.N)
					break
				}
			}
		}
	}
	var out []candgen.Habit
	for _, cp := range caps {
		h := cp.h
		h.Words, h.Tokens = len(cp.forms), cp.tokens
		h.Rate = float64(cp.tokens) / float64(runes[h.True]+cp.tokens)
		h.Expected = m.Conf.SubRate(string(h.True), h.OCR)
		if h.Words >= capitalHabitMinWords && h.Rate >= habitStandOut*h.Expected {
			out = append(out, h)
		}
	}
	return out
}

// upperHabitMinWords is how many distinct spellings in capitals the
// lexicon does not know must show a misreading of one capital as another
// letter or a digit before upperHabits takes it for a habit (half
// habitMinWords: capitals are far rarer than small letters in running
// text), upperMinRunes the fewest runes of such a spelling (shorter ones
// are mostly abbreviations and initials: `EC`, `TN`), and upperStandOut
// how many times the collection's floor of such spellings (upperHabits) a
// habit's must be: fixed priors.
const (
	upperHabitMinWords = habitMinWords / 2
	upperMinRunes      = 3
	upperStandOut      = 3
)

// upperHabits returns the habits of capital letters that the collection's
// words in capitals show and its small letters do not (the letters'
// habits, capitalHabits, found being left out): an engine that reads the
// small letters well and E in the capitals of headings as B (`THB`,
// `CARPBTS`, `DBMANDS`), or S as 8 (`8HIPPING`). Its evidence is the
// spellings in capitals only (upperMinRunes runes or more, letters and
// digits, a letter among them) that the lexicon does not know and that
// become a known word with the capital put back for one letter or digit;
// its rate, their tokens against the capital's occurrences in such words.
// A misreading is a habit when upperHabitMinWords spellings show it, its
// rate stands habitStandOut times above the model's own rate for it, and
// its spellings upperStandOut times above the collection's floor: the
// median count of spellings of its habitFloorPairs best-supported
// misreadings. A misreading of a letter that a habit found misreads, or
// as a letter a habit reads, is left to it (a habit leaks: `THB` is also
// THO). On the six HIPE-OCRepair sets read (path only) and the
// collections of the repository only the ICDAR 2017 test chunks' E read
// as B (13 spellings) passes; ads-fall2018's acronyms (`SPAC`, `FERC`: N
// read as C, 15 spellings) do not stand out of its floor, which its
// thousands of acronyms raise. There, against without, with the
// built-in model: 16,902 -> 16,914 words matched, cMER 14.1% -> 14.5%
// lower (`THB`, `DBMANDS`, `QIVBN`), the same words broken; the ten other
// sets of the harness the same bytes. The letters' habits (habitEvidence)
// leave the occurrences in capitals out, which are this evidence (on
// pages with a twentieth of the words in capitals and one E in ten of
// those read as B, the small letter's habit was found too):
// ads-fall2018 +4 words, 1 broken more, the others the same figures.
func (m *Model) upperHabits(prof *profile.Profile, found []candgen.Habit) []candgen.Habit {
	if prof == nil || m.Conf == nil {
		return nil
	}
	eng, _, _ := english.Model() // loaded by Read or Train
	stats := map[habitKey]*habitStat{}
	runes := map[rune]float64{}
	var seen []habitKey
	for tok, c := range prof.ExactForms() {
		_, core, _ := candgen.SplitAffix(tok)
		if utf8.RuneCountInString(core) < upperMinRunes || !upperSpelling(core) {
			continue
		}
		for _, r := range core {
			if unicode.IsUpper(r) {
				runes[r] += float64(c.N)
			}
		}
		if knownFolded(m.Lex, eng, core) {
			continue
		}
		seen = seen[:0]
		rs := []rune(core)
		for i, o := range rs {
			for t := 'A'; t <= 'Z'; t++ {
				k := habitKey{t: t, o: string(o)}
				if t == o || slices.Contains(seen, k) {
					continue
				}
				rs[i] = t
				if inEnglish(strings.ToLower(string(rs))) {
					seen = append(seen, k)
					addStat(stats, k, float64(c.N))
				}
				rs[i] = o
			}
		}
	}
	rate := func(s *habitStat) float64 { return s.tokens / (runes[s.t] + s.tokens) }
	list, _ := byEvidence(stats, rate)
	words := make([]int, len(list))
	for i, s := range list {
		words[i] = s.words
	}
	slices.SortFunc(words, func(a, b int) int { return b - a })
	words = words[:min(len(words), habitFloorPairs)]
	var floor int // the median of the most words of evidence of habitFloorPairs misreadings
	if len(words) > 0 {
		floor = words[len(words)/2]
	}
	var out []candgen.Habit
	for _, s := range list {
		r, exp := rate(s), m.Conf.SubRate(string(s.t), s.o)
		if s.words < upperHabitMinWords || s.words < upperStandOut*floor || r < habitStandOut*exp ||
			slices.ContainsFunc(found, sameLetter(s.t, s.o)) || slices.ContainsFunc(out, sameLetter(s.t, s.o)) {
			continue // found, or the leak of a habit found (THB is THE, and THO)
		}
		out = append(out, s.habit(r, exp))
	}
	return out
}

// upperSpelling reports whether s is letters and digits in capitals, a
// letter among them.
func upperSpelling(s string) bool {
	letter := false
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			letter = true
		case !unicode.IsDigit(r):
			return false
		}
	}
	return letter
}

// letterHabits returns the habits of single letters that the evidence of
// a profile's word forms shows (habitEvidence; Habits without the
// capitals', marks', case and spacing habits).
func (m *Model) letterHabits(ev *habitEv) []candgen.Habit {
	stats, all, runes := ev.recurring, ev.all, ev.runes
	rate := func(s *habitStat) float64 { return s.tokens / (runes[s.t] + s.tokens) }
	list, floor := byEvidence(stats, rate)
	var out []candgen.Habit
	misread := map[rune]float64{} // the tokens of the habits found, per true letter
	var tokens []float64          // ... and of each habit
	for _, s := range list {
		r := rate(s)
		exp := m.Conf.SubRate(string(s.t), s.o)
		if s.words < habitMinWords || r < habitStandOut*floor || r < habitStandOut*exp {
			continue
		}
		misread[s.t] += s.tokens
		tokens = append(tokens, s.tokens)
		out = append(out, s.habit(r, exp))
	}
	for i, h := range out {
		// a letter with several habits (ads-fall2018: i read as l and as
		// 1): each rate is its share of all the letter's readings, the
		// others' counted too, so that the adapted confusion keeps the
		// copies of the letter the collection has (rate above counts the
		// letter's copies and the one habit's occurrences only)
		out[i].Rate = tokens[i] / (runes[h.True] + misread[h.True])
	}
	out = append(out, m.lowRateHabits(all, rate, out)...)
	for i, h := range out {
		for _, g := range out {
			if h.OCR == string(g.True) && g.OCR == string(h.True) {
				out[i].Convention = true // a swap
			}
		}
	}
	return out
}

// byEvidence returns the misreadings of stats, the best supported first
// (most tokens of evidence; then by letters), and the collection's noise
// floor: the median rate of the habitFloorPairs best supported.
func byEvidence(stats map[habitKey]*habitStat, rate func(*habitStat) float64) ([]*habitStat, float64) {
	list := make([]*habitStat, 0, len(stats))
	for _, s := range stats {
		list = append(list, s)
	}
	slices.SortFunc(list, func(a, b *habitStat) int {
		return cmp.Or(cmp.Compare(b.tokens, a.tokens), cmp.Compare(a.t, b.t), strings.Compare(a.o, b.o))
	})
	top := list[:min(len(list), habitFloorPairs)]
	if len(top) == 0 {
		return nil, 0
	}
	rates := make([]float64, len(top))
	for i, s := range top {
		rates[i] = rate(s)
	}
	slices.Sort(rates)
	return list, rates[len(rates)/2]
}

// lowRateHabitStandOut is the threshold of lowRateHabits: a misreading of
// one letter as another is a habit when habitMinWords distinct OCR words,
// recurring or seen once, support it, and its rate stands this many times
// above both the noise floor of that evidence and the model's own rate
// for it. A fixed prior: on the collections of the repository, which have
// no such habit, the misreadings that 20 words support and that stand
// twice above the floor stand at most as high as the model's rate (with
// the held-out models of bench -transfer: embedded 0.5 times, early none,
// periodicals 1.0, science-law 0.4; the best above the floor, 11, 1.9, 5.5
// and 8.3 times, are l read as i and as t and f as t, which the model
// expects more often than the collections show), where Trove's e read as
// o stands 20 times above the model's rate and 10 above the floor. A
// misreading below that is a habit too where noisyHabit says so.
const lowRateHabitStandOut = 2

// noisyHabit reports whether a misreading at rate r, where the noise floor
// of the evidence is floor and the model's own rate exp, is a habit of
// the collection's engine though it stands less than twice above the
// floor (lowRateHabitStandOut): its rate reaches the floor, stands
// habitStandOut times above the model's (the margin letterHabits asks of
// a misreading against the model), and the model has seen an engine make
// it at all (exp above 0). In OCR as noisy as Trove's newspapers, many
// misreadings stand at rates the model seldom saw, which raises the floor
// (the median rate of the twenty best supported): their a read as n
// stands 1.5 times above it and 52 times above the model's rate (`Rond`,
// `Lnnd`), s read as b 1.3 and 150 times (`Bent` for Sent). Adapted to
// those, the first 60 of Trove's training records matched 28 more words
// (2 more broken) and their cMER fell 23.0% -> 23.9% below the raw OCR's;
// the collections of the repository find no more habits than before
// (the same bytes), nor do the truth of each and the Gutenberg books read
// as OCR. A misreading the model never saw passes no such test: OCR
// noisy at random shows each at about the floor, and a rate twenty times
// nothing is no evidence. lowRateHabits asks more of a misreading that
// only this test admits (see there) and marks its habit Weak: the model
// expects the misreading, but it does not widen the skeleton of the
// deletion index as other habits do (candgen.Habit.Weak). On OCR noisy
// at random (the embedded corpus's OCR with 3 letters in 100 read as any
// other, habitsim.Random, four seeds; the model that never saw it) this
// test finds 0 to 4 habits (a capital's among them); with the skeleton
// widened they cost 125 to 175 of some 147,700 words matched, kept narrow
// -7 to +1. On Trove's sets and the ICDAR 2017 chunks the habits of
// stronger evidence widen it anyway: the same bytes either way.
func noisyHabit(r, floor, exp float64) bool {
	return exp > 0 && r >= floor && r >= habitStandOut*exp
}

// expectsOther reports whether the model's confusion reads a small letter
// other than t as the OCR letter o at rate or more: the forms with o that
// make words with t put back are then mostly that letter's misreadings (a
// model trained on ads-fall2018's labels reads i as l three times in four,
// and its `lnd`, `wlll` made a read as l stand out in its folds).
func (m *Model) expectsOther(t rune, o string, rate float64) bool {
	for x := 'a'; x <= 'z'; x++ {
		if x != t && string(x) != o && m.Conf.SubRate(string(x), o) >= rate {
			return true
		}
	}
	return false
}

// lowRateHabits returns the habits of one letter read as another that
// the evidence of recurring forms is too thin to show (letterHabits) and
// that of every form shows: an engine that reads one e in forty as o
// (`tho`, `ho`, `wero`, `thoy`) leaves a few recurring forms in a
// newspaper's thousands of words and a hundred seen once. all is the
// evidence of every form (habitEvidence), rate its rate, found the habits
// found already; a misreading of a letter that one of those misreads, or
// as a letter that one of those reads or that the model reads another
// letter as at twice its rate (expectsOther), is left to them
// (ads-fall2018's i read as l leaves many forms that a put back for l
// also makes words of).
// The thresholds are lowRateHabitStandOut's, or noisyHabit's; a
// misreading that only noisyHabit admits is left out where a habit with
// more evidence, found here already, misreads its letter or reads its OCR
// letter (OCR noisy at random otherwise shows several readings of one
// letter), and where it is a pair of conventionPairs (a spelling
// convention, which Adapted protects, needs the stronger evidence). A
// letter read as two is left out (early print's `citie` for city is y
// read as ie, and a convention).
func (m *Model) lowRateHabits(all map[habitKey]*habitStat, rate func(*habitStat) float64, found []candgen.Habit) []candgen.Habit {
	list, floor := byEvidence(all, rate)
	var out []candgen.Habit
	for _, s := range list {
		o, size := utf8.DecodeRuneInString(s.o)
		if size != len(s.o) || o == s.t || s.words < habitMinWords {
			continue
		}
		r, exp := rate(s), m.Conf.SubRate(string(s.t), s.o)
		strong := r >= lowRateHabitStandOut*floor && r >= lowRateHabitStandOut*exp
		if !strong && (!noisyHabit(r, floor, exp) || conventionPair(s.t, o) || slices.ContainsFunc(out, sameLetter(s.t, s.o))) {
			continue
		}
		if slices.ContainsFunc(found, sameLetter(s.t, s.o)) || m.expectsOther(s.t, s.o, lowRateHabitStandOut*r) {
			continue
		}
		h := s.habit(r, exp)
		h.Weak = !strong
		out = append(out, h)
	}
	return out
}

// sameLetter returns whether a habit misreads the letter t or reads
// another letter as o: one that a habit of t read as o would repeat or
// leak from.
func sameLetter(t rune, o string) func(candgen.Habit) bool {
	return func(h candgen.Habit) bool { return h.True == t || h.OCR == o }
}

// conventionPair reports whether t read as o is a pair of
// conventionPairs, either way.
func conventionPair(t, o rune) bool {
	for _, p := range conventionPairs {
		if t == p[0] && o == p[1] || t == p[1] && o == p[0] {
			return true
		}
	}
	return false
}

// Adapted returns the model adapted to the habits for correcting the
// collection that shows them: the same ranker, margins and resources,
// with its confusion expecting the misreadings (candgen.Confusion.Adapted;
// generators of its own, a deletion index over the adapted skeleton built
// on first use) and the change that undoes one supported however often
// its form recurs (undoesHabit), and the conventions protected: a change
// of a word the collection spells by a convention (conventional: `haue`,
// `vnto`) into another word is one the collection's profile does not
// support (see supported), which a model that has never seen the
// collection does not make. Without habits it returns m.
func (m *Model) Adapted(habits []candgen.Habit) *Model {
	if len(habits) == 0 || m.Conf == nil {
		return m
	}
	var conv, mis, cases []candgen.Habit
	for _, h := range habits {
		switch {
		case h.Case:
			cases = append(cases, h)
		case h.Convention:
			conv = append(conv, h)
		default:
			mis = append(mis, h)
		}
	}
	conf := m.Conf.Adapted(habits)
	if conf == m.Conf && len(conv) == 0 && len(cases) == 0 && !slices.ContainsFunc(mis, spacing) {
		return m
	}
	m.prepare()
	a := m.withConfusion(conf, m.resources, conv, mis, cases)
	if v := m.WithoutConfidence; v != nil {
		v.prepare()
		a.WithoutConfidence = v.withConfusion(conf, v.resources, conv, mis, cases)
		a.WithoutConfidence.gens = a.gens
	}
	return a
}

// withConfusion returns a copy of m with the confusion conf, a fresh
// generator pool over it (m's own when conf is m's), the feature
// resources res, the conventions conv, the misreadings mis and the case
// habits cases.
func (m *Model) withConfusion(conf *candgen.Confusion, res *features.Resources, conv, mis, cases []candgen.Habit) *Model {
	gens := m.gens
	if conf != m.Conf {
		gens = m.genPool(conf)
	}
	return &Model{
		Conf: conf, Lex: m.Lex, GenOpt: m.GenOpt, LM: m.LM, LDA: m.LDA, Vec: m.Vec,
		Ranker: m.Ranker, Margin: m.Margin, Margins: m.Margins,
		Context: m.Context, ContextBand: m.ContextBand, FeatOpt: m.FeatOpt,
		Stats: m.Stats, Seed: m.Seed, LDAIters: m.LDAIters, Lexicons: m.Lexicons,
		gens: gens, resources: res, conventions: conv, habits: mis, cases: cases,
	}
}

// undoesHabit reports whether changing the word orig into cand undoes one
// of the misreadings habits: cand is orig with the habit's OCR letters
// put back to its true letter at one or more places (Habit.Undoes; case
// folded: `Tliat` -> `That`, `Guldellnes` -> `Guidelines`). A form the
// collection repeats is not its own spelling when the collection's OCR
// has a habit that explains it, so such a change is supported however
// often the form recurs: the ranker and the margin still decide it.
func undoesHabit(habits []candgen.Habit, orig, cand string) bool {
	if len(habits) == 0 || len(cand) > len(orig)+4 {
		return false
	}
	o, c := strings.ToLower(orig), strings.ToLower(cand)
	if o == c {
		return false
	}
	for _, h := range habits {
		if h.Undoes(o, c) {
			return true
		}
	}
	return false
}

// conventional reports whether the word w is written by one of the
// collection's spelling conventions conv: putting back, for the OCR letter
// of a convention, its true letter (or, the conventions being swaps of
// two letters, the other way round) at one position or at all of them
// makes a word the lexicon lex or the English model knows (`haue` ->
// `have`, `vnto` -> `unto`). Such a word is the collection's own
// spelling, whatever else it resembles (`haue` -> `house`).
func conventional(conv []candgen.Habit, lex *candgen.Lexicon, w string) bool {
	if len(conv) == 0 {
		return false
	}
	eng, _, _ := english.Model()
	n := profile.Norm(w)
	for _, h := range conv {
		if utf8.RuneCountInString(h.OCR) != 1 {
			continue
		}
		swap := candgen.Habit{True: []rune(h.OCR)[0], OCR: string(h.True)}
		for _, v := range append(h.Undo(n), swap.Undo(n)...) {
			if knownWeight(lex, eng, v) > 0 {
				return true
			}
		}
	}
	return false
}

// habitKey names a misreading: the true letter t read as o (one letter or
// two).
type habitKey struct {
	t rune
	o string
}

// habitStat is the evidence for one misreading in a collection's profile.
type habitStat struct {
	habitKey
	words  int     // distinct OCR words that are known with t put back for o
	tokens float64 // their occurrences, each shared among its readings
}

// habitEvidence collects, from the word forms of a profile, the evidence
// of every misreading of one letter as another or as two: a word form
// that has only letters and digits, two letters at least (`1nclud1ng`,
// not `1990`), and is known neither to the model's lexicon nor to the
// English model, counts for (t, o) when putting t back for one o of it,
// or for all of its o (one letter), makes a known word (`fuch` -> `such`,
// `poffeffion` -> `possession`, `tlie` -> `the`). A form with several
// such readings shares its occurrences among them. recurring holds the
// evidence of the forms that recur (seen at least twice); all that of
// every form, a recurring one counting only for the readings whose word
// made the collection also writes (a misreading at a low rate leaves the
// word read right beside it, where the pieces of words broken at line
// ends, `cated` and `sults` in ads-fall2018, recur and make by one letter
// rare words, caked and sulks, that the collection never writes); a form
// seen once says nothing either way and counts for all its readings. One
// pass gathers both, the forms seen once being most of the work, with
// each rune's occurrences in all the profile's word forms and the
// evidence of the marks between letters (addMark, for markHabits).
func (m *Model) habitEvidence(prof *profile.Profile) *habitEv {
	eng, _, _ := english.Model() // loaded by Read or Train
	weight := func(w string) float64 { return knownWeight(m.Lex, eng, w) }
	known := func(w string) bool { return weight(w) > 0 }
	filter := m.knownWords(eng)
	recurring, all := map[habitKey]*habitStat{}, map[habitKey]*habitStat{}
	runes := map[rune]float64{}
	marks := map[rune]*markStat{}
	var rs, v []rune
	type hit struct {
		habitKey
		n      int     // the letters put back
		w      float64 // the weight of the word made
		beside bool    // the form is seen once, or the collection writes the word made
	}
	var hits []hit
	// the occurrences of each form in capitals, which are upperHabits'
	// evidence: an engine may misread a capital it never misreads small
	inCapitals := map[string]uint32{}
	for tok, c := range prof.ExactForms() {
		if _, core, _ := candgen.SplitAffix(tok); caseShape(core) == 3 {
			inCapitals[profile.Norm(core)] += c.N
		}
	}
	for w, c := range prof.WordForms() {
		if k := inCapitals[w]; k > 0 {
			if k >= c.N {
				continue
			}
			c.N -= k
		}
		rs = append(rs[:0], []rune(w)...)
		letters, nl := true, 0
		for _, r := range rs {
			runes[r] += float64(c.N)
			letters = letters && (unicode.IsLetter(r) || isHabitRune(r))
			if unicode.IsLetter(r) {
				nl++
			}
		}
		addMark(marks, w, float64(c.N), known)
		if !letters || nl < 2 || len(rs) < 2 || len(rs) > 24 || known(w) {
			continue
		}
		hits = hits[:0]
		add := func(t rune, o string, n int, made []rune) bool {
			if !filter.mayHave(made) {
				return false
			}
			mw := string(made)
			w := weight(mw)
			if w == 0 {
				return false
			}
			for _, h := range hits {
				if h.t == t && h.o == o {
					return true
				}
			}
			hits = append(hits, hit{habitKey{t, o}, n, w, c.N < 2 || prof.Word(mw).N > 0})
			return true
		}
		for k, o := range rs {
			if !isHabitRune(o) {
				continue
			}
			if slices.Index(rs[:k], o) >= 0 {
				continue // tried at o's first occurrence
			}
			// o occurs again: also try putting t back for all of them
			many := slices.Index(rs[k+1:], o) >= 0
			for t := 'a'; t <= 'z'; t++ {
				if t == o {
					continue
				}
				v = append(v[:0], rs...)
				for j := range v {
					if v[j] == o {
						v[j] = t
					}
				}
				if many {
					add(t, string(o), runeCount(rs, o), v)
				}
				for j := k; j < len(rs); j++ {
					if rs[j] != o {
						continue
					}
					v = append(v[:0], rs...)
					v[j] = t
					add(t, string(o), 1, v)
				}
			}
		}
		// one letter read as two (h as li: `tlie`, `wliich`), which only
		// the recurring forms' evidence weighs (lowRateHabits leaves it out)
		for k := 0; c.N >= 2 && k+1 < len(rs); k++ {
			if !isHabitRune(rs[k]) || !isHabitRune(rs[k+1]) {
				continue
			}
			o := string(rs[k : k+2])
			for t := 'a'; t <= 'z'; t++ {
				v = append(append(append(v[:0], rs[:k]...), t), rs[k+2:]...)
				add(t, o, 1, v)
			}
		}
		total, totalBeside := 0.0, 0.0
		for _, h := range hits {
			total += h.w
			if h.beside {
				totalBeside += h.w
			}
		}
		for _, h := range hits {
			if c.N >= 2 {
				addStat(recurring, h.habitKey, float64(c.N)*float64(h.n)*h.w/total)
			}
			if h.beside {
				addStat(all, h.habitKey, float64(c.N)*float64(h.n)*h.w/totalBeside)
			}
		}
	}
	return &habitEv{recurring, all, runes, marks}
}

// habitEv is the evidence habitEvidence gathers: of the misreadings of
// letters in the recurring forms and in all forms, each rune's
// occurrences, and the marks between letters.
type habitEv struct {
	recurring, all map[habitKey]*habitStat
	runes          map[rune]float64
	marks          map[rune]*markStat
}

// habit returns the misreading s as a Habit at rate r, the model's own
// rate being exp; a misreading of a pair of conventionPairs (either way
// round) is marked a Convention.
func (s *habitStat) habit(r, exp float64) candgen.Habit {
	o, size := utf8.DecodeRuneInString(s.o)
	conv := size == len(s.o) && conventionPair(s.t, o)
	return candgen.Habit{True: s.t, OCR: s.o, Rate: r, Words: s.words, Tokens: int(s.tokens + 0.5), Expected: exp, Convention: conv}
}

// addStat counts one more word, of tokens occurrences, for the misreading
// k in stats.
func addStat(stats map[habitKey]*habitStat, k habitKey, tokens float64) {
	s := stats[k]
	if s == nil {
		s = &habitStat{habitKey: k}
		stats[k] = s
	}
	s.words++
	s.tokens += tokens
}

// knownWeight returns how likely the lower-case word w is as a reading,
// in proportion: its count in the English texts of eng plus one, 1 for a
// word only the lexicon lex knows, 0 for a word neither knows.
func knownWeight(lex *candgen.Lexicon, eng *lm.Model, w string) float64 {
	if eng != nil {
		if id := eng.ID(w); id >= 0 {
			return float64(eng.Count(id)) + 1
		}
	}
	if lex != nil && lex.HasFold(w) {
		return 1
	}
	return 0
}

// knownFolded reports whether w, in small letters, is a word of the
// lexicon or the English model (knownWeight).
func knownFolded(lex *candgen.Lexicon, eng *lm.Model, w string) bool {
	return knownWeight(lex, eng, strings.ToLower(w)) > 0
}

// isHabitRune reports whether r is a rune a habit may read a letter as: a
// lower-case ASCII letter or an ASCII digit (ads-fall2018's engine reads i
// as 1 at the start of a word: `1nclud1ng`, `1ndustry`). The long s (ſ)
// that engines trained on early print write is no misreading: the model
// reads it as s and writes it back (lm.ExpandLigatures, keepLongS).
func isHabitRune(r rune) bool {
	return 'a' <= r && r <= 'z' || '0' <= r && r <= '9'
}

// runeCount returns the occurrences of r in rs.
func runeCount(rs []rune, r rune) int {
	n := 0
	for _, x := range rs {
		if x == r {
			n++
		}
	}
	return n
}

// glyphPriorShare is the share of a learned two-for-one reading's rate
// that a model for unseen collections expects of its reverse
// (candgen.Confusion.GlyphPriors: h read as li where li was read as h): a
// fixed prior. Measured with the held-out models of bench -transfer
// (correction only, words matched / broken, against without): at 0.1,
// embedded 150,294 / 16 (150,292 / 16), early 49,992 / 149 (49,994 / 149),
// periodicals 41,892 / 22 (41,893 / 22), science-law 51,693 / 33 (the
// same), ads-fall2018 with the built-in model 250,541 / 1,441 (250,548 /
// 1,439); periodicals with 30 in 100 of its h read as li (scripts/habitsim
// -kind h-li), each document corrected alone with its own profile, too
// small for the habit to be found: error reduction 23.2% -> 36.7%, cMER
// reduction 18.2% -> 34.4%, 22 -> 23 broken (the whole collection's
// profile finds the habit: 39.3% with or without the priors). At 1: 4-5
// more broken on early, science-law and ads-fall2018 for 37.6% on the
// h-li pages; at 0.03: 36.2%.
const glyphPriorShare = 0.1

// shapePriorRate is the rate at which a model for unseen collections
// expects a letter read as two alike in print that its training engine
// did not show it (candgen.Confusion.ShapePriors: m read as tn, W as IV,
// H as II), a fixed prior, with those pairs looked up by the generator
// (Options.Joins). Measured with the eight sets of bench -transfer's
// held-out models and the built-in model (words matched / broken, against
// neither): embedded +3 / 0, early +2 / +1, periodicals +3 / 0,
// science-law the same, ads-fall2018 -1 / +2; the HIPE-OCRepair development
// sets' cMER reduction BL 22.0% -> 23.0% (`frotn` -> from, `titne` ->
// time, `IVaiting` -> Waiting), Trove 29.4% -> 29.5%, ICDAR 2017 31.7% ->
// 31.8%. The look-ups alone gave BL 22.7%, embedded and ICDAR 2017 nothing;
// at 0.003 the same words within 2 on every set.
const shapePriorRate = 0.001

// capitalPriorRate is the rate at which a model for unseen collections
// expects a capital read as another alike in print or as a figure
// (candgen.Confusion.CapitalPriors): a fixed prior, as shapePriorRate,
// and below a twentieth (habitStandOut) of the rates at which a
// collection's own capitals' habits are found (capitalHabits: the ICDAR
// 2017 test chunks 61-120 read C as O in 1.1% of their C's, a habit lost
// at a prior of 0.001, which also lost ads-fall2018 its O read as D).
// Measured with the built-in model, with the look-up of the words in
// capitals it prices (candgen's capitalVariants), against neither: the
// ICDAR 2017 test chunks 16,963 -> 16,970 words matched, cMER 17.5% ->
// 17.8% lower (`QUBKNSTOWN` -> QUEENSTOWN, `MORTOAOES` -> MORTGAGES,
// `8ir` -> Sir, the same 65 broken), chunks 61-120 17,613 -> 17,616
// (16.0% both), ads-fall2018 the same figures (`BDRRDWING` -> BORROWING),
// the eight other sets of the harness the same bytes; at 0.0001 the same
// words on those four.
const capitalPriorRate = 0.0003

// unseenSubCost is the most, in nats, that a model for unseen collections
// charges a reading of a letter as another letter
// (candgen.Confusion.WithSubstitutionFloor): a chance of one in 160,000
// letters for each such reading, where the smoothing of the built-in
// model's confusion charges some 20 nats (two in a billion) for a
// frequent letter's that its training engine never made. A fixed prior,
// as shapePriorRate: an engine, a typeface or a century the training never
// showed misreads in ways the rendered collections cannot teach. Measured
// with the eight sets of bench -transfer's held-out models and the
// built-in model (words matched / broken by eval, against none): embedded
// 151,235 / 41 -> 151,235 / 42, early 50,673 / 166 -> 50,673 / 167,
// periodicals 43,021 -> 43,027 / 53, science-law 51,926 -> 51,925 / 34,
// ads-fall2018 252,785 / 1,356 -> 253,211 / 1,371 (63.1% -> 63.5% fewer
// word errors); the HIPE-OCRepair development sets' cMER reduction BL
// 23.0% -> 23.5% (4,406 -> 4,408 words, 6 broken), Trove 29.5% -> 30.3%
// (8,793 -> 8,805, 24 broken), ICDAR 2017 31.8% -> 32.2% (17,125 ->
// 17,130, 44 -> 45 broken). At 10 nats: periodicals 11 more broken,
// ads-fall2018 35 more, Trove 30.7%; at 11, 2 to 5 more broken on each;
// at 13, Trove 30.0%, the rest within 2 words. Floored for every
// substitution, digits and marks too, it made shillings words (`fined 5s`
// -> fined is) and broke 17 more words of ads-fall2018 for as many fixed.
const unseenSubCost = 12

// withGlyphPriors returns conf adapted to the reverse of its learned
// two-for-one readings (candgen.Confusion.GlyphPriors, glyphPriorShare)
// and to the misreadings of a letter as two alike in print
// (candgen.Confusion.ShapePriors, shapePriorRate) and of a capital as
// another alike in print (candgen.Confusion.CapitalPriors,
// capitalPriorRate), each pair at the highest of the rates:
// the confusion of a model for unseen collections, whose engines and
// prints misread in ways the training renders show only one way round.
// A letter read as another letter is priced at unseenSubCost at most.
// The model file keeps the trained confusion (Confusion.Trained).
func withGlyphPriors(conf *candgen.Confusion) *candgen.Confusion {
	conf = conf.WithSubstitutionFloor(unseenSubCost)
	priors := conf.GlyphPriors(glyphPriorShare)
	for _, h := range slices.Concat(conf.ShapePriors(shapePriorRate), conf.CapitalPriors(capitalPriorRate)) {
		i := slices.IndexFunc(priors, func(p candgen.Habit) bool { return p.True == h.True && p.OCR == h.OCR })
		switch {
		case i < 0:
			priors = append(priors, h)
		case priors[i].Rate < h.Rate:
			priors[i] = h
		}
	}
	return conf.Adapted(priors)
}
