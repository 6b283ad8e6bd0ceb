package model

import (
	"cmp"
	"slices"
	"unicode"

	"ocrfix/candgen"
	"ocrfix/features"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// Thresholds of Habits. A collection's OCR always has some evidence for
// every misreading (names, words the lexicons lack, other errors), and a
// real habit leaks a little into its neighbours (`fuch` is also `much`),
// so a habit is judged against the collection's own noise floor: the
// median rate of its habitFloorPairs best-supported misreadings. On the
// collections of the repository without a habit the best stands 2-8 times
// above that floor; long s read as f (simulated) and ads-fall2018's i read
// as l stand 45-150 times above it.
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
// The rate is an underestimate (a misreading that makes another known word
// leaves no evidence), which errs on the side of leaving text alone. A
// habit of a pair of conventionPairs, or of two letters found standing in
// for each other both ways, is marked a Convention: the collection's
// spelling, which Adapted protects instead of expecting. Most collections
// have none; a small profile (one page) has too little evidence for any.
// The result is the same for the same profile and model.
func (m *Model) Habits(prof *profile.Profile) []candgen.Habit {
	if prof == nil || m.Conf == nil {
		return nil
	}
	stats, runes := m.habitEvidence(prof)
	list := make([]*habitStat, 0, len(stats))
	for _, s := range stats {
		list = append(list, s)
	}
	slices.SortFunc(list, func(a, b *habitStat) int {
		return cmp.Or(cmp.Compare(b.tokens, a.tokens), cmp.Compare(a.t, b.t), cmp.Compare(a.o, b.o))
	})
	rate := func(s *habitStat) float64 { return s.tokens / (runes[s.t] + s.tokens) }
	top := list[:min(len(list), habitFloorPairs)]
	if len(top) == 0 {
		return nil
	}
	rates := make([]float64, len(top))
	for i, s := range top {
		rates[i] = rate(s)
	}
	slices.Sort(rates)
	floor := rates[len(rates)/2]
	var out []candgen.Habit
	for _, s := range list {
		r := rate(s)
		exp := m.Conf.SubRate(string(s.t), string(s.o))
		if s.words < habitMinWords || r < habitStandOut*floor || r < habitStandOut*exp {
			continue
		}
		conv := false
		for _, p := range conventionPairs {
			conv = conv || p == [2]rune{s.t, s.o} || p == [2]rune{s.o, s.t}
		}
		out = append(out, candgen.Habit{True: s.t, OCR: s.o, Rate: r, Words: s.words, Tokens: int(s.tokens + 0.5), Expected: exp, Convention: conv})
	}
	for i, h := range out {
		for _, g := range out {
			if g.True == h.OCR && g.OCR == h.True {
				out[i].Convention = true // a swap
			}
		}
	}
	return out
}

// Adapted returns the model adapted to the habits for correcting the
// collection that shows them: the same ranker, margins and resources,
// with its confusion expecting the misreadings (candgen.Confusion.Adapted;
// generators of its own, a deletion index over the adapted skeleton built
// on first use), and the conventions protected: a change of a word the
// collection spells by a convention (conventional: `haue`, `vnto`) into
// another word is one the collection's profile does not support (see
// supported), which a model that has never seen the collection does not
// make. Without habits it returns m.
func (m *Model) Adapted(habits []candgen.Habit) *Model {
	if len(habits) == 0 || m.Conf == nil {
		return m
	}
	var conv []candgen.Habit
	for _, h := range habits {
		if h.Convention {
			conv = append(conv, h)
		}
	}
	conf := m.Conf.Adapted(habits)
	if conf == m.Conf && len(conv) == 0 {
		return m
	}
	m.prepare()
	a := m.withConfusion(conf, m.resources, conv)
	if v := m.WithoutConfidence; v != nil {
		v.prepare()
		a.WithoutConfidence = v.withConfusion(conf, v.resources, conv)
		a.WithoutConfidence.gens = a.gens
	}
	return a
}

// withConfusion returns a copy of m with the confusion conf, a fresh
// generator pool over it (m's own when conf is m's), the feature
// resources res and the conventions conv.
func (m *Model) withConfusion(conf *candgen.Confusion, res *features.Resources, conv []candgen.Habit) *Model {
	gens := m.gens
	if conf != m.Conf {
		gens = newGenPool(conf, m.Lex, m.GenOpt)
	}
	return &Model{
		Conf: conf, Lex: m.Lex, GenOpt: m.GenOpt, LM: m.LM, LDA: m.LDA, Vec: m.Vec,
		Ranker: m.Ranker, Margin: m.Margin, Margins: m.Margins,
		Context: m.Context, ContextBand: m.ContextBand, FeatOpt: m.FeatOpt,
		Stats: m.Stats, Seed: m.Seed, LDAIters: m.LDAIters, Lexicons: m.Lexicons,
		gens: gens, resources: res, conventions: conv,
	}
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
	known := func(rs []rune) bool {
		v := string(rs)
		return lex != nil && lex.HasFold(v) || eng != nil && eng.ID(v) >= 0
	}
	rs := []rune(profile.Norm(w))
	v := make([]rune, len(rs))
	try := func(from, to rune) bool {
		copy(v, rs)
		found := false
		for k, r := range rs {
			if r == from {
				found = true
				v[k] = to
			}
		}
		if !found {
			return false
		}
		if known(v) {
			return true
		}
		for k, r := range rs {
			if r == from {
				copy(v, rs)
				v[k] = to
				if known(v) {
					return true
				}
			}
		}
		return false
	}
	for _, h := range conv {
		if try(h.OCR, h.True) || try(h.True, h.OCR) {
			return true
		}
	}
	return false
}

// habitStat is the evidence for one misreading (true rune t read as o) in
// a collection's profile.
type habitStat struct {
	t, o   rune
	words  int     // distinct OCR words that are known with t put back for o
	tokens float64 // their occurrences, each shared among its readings
}

// habitEvidence collects, from the word forms of a profile, the evidence
// of every single-rune misreading: a word form that recurs (seen at least
// twice), has only letters, and is known neither to the model's lexicon
// nor to the English model, counts for (t, o) when putting t back for one
// o of it, or for all of its o, makes a known word (`fuch` -> `such`,
// `poffeffion` -> `possession`). A form with several such readings shares
// its occurrences among them. It also returns each rune's occurrences in
// all the profile's word forms.
func (m *Model) habitEvidence(prof *profile.Profile) (map[[2]rune]*habitStat, map[rune]float64) {
	eng, _, _ := english.Model() // loaded by Read or Train
	known := func(w string) bool {
		if m.Lex != nil && m.Lex.HasFold(w) {
			return true
		}
		return eng != nil && eng.ID(w) >= 0
	}
	stats := map[[2]rune]*habitStat{}
	runes := map[rune]float64{}
	var rs, v []rune
	type hit struct {
		t, o rune
		n    int // the runes put back
	}
	var hits []hit
	for w, c := range prof.WordForms() {
		rs = append(rs[:0], []rune(w)...)
		letters := true
		for _, r := range rs {
			runes[r] += float64(c.N)
			letters = letters && unicode.IsLetter(r)
		}
		if c.N < 2 || !letters || len(rs) < 2 || len(rs) > 24 || known(w) {
			continue
		}
		hits = hits[:0]
		add := func(t, o rune, n int) {
			for _, h := range hits {
				if h.t == t && h.o == o {
					return
				}
			}
			hits = append(hits, hit{t, o, n})
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
				if many && known(string(v)) {
					add(t, o, runeCount(rs, o))
				}
				for j := k; j < len(rs); j++ {
					if rs[j] != o {
						continue
					}
					v = append(v[:0], rs...)
					v[j] = t
					if known(string(v)) {
						add(t, o, 1)
					}
				}
			}
		}
		for _, h := range hits {
			s := stats[[2]rune{h.t, h.o}]
			if s == nil {
				s = &habitStat{t: h.t, o: h.o}
				stats[[2]rune{h.t, h.o}] = s
			}
			s.words++
			s.tokens += float64(c.N) * float64(h.n) / float64(len(hits))
		}
	}
	return stats, runes
}

// isHabitRune reports whether r is a rune a habit may read a letter as: a
// lower-case ASCII letter.
func isHabitRune(r rune) bool { return 'a' <= r && r <= 'z' }

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
