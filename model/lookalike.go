package model

import (
	"strings"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// Names and rare words misread by a look-alike glyph. A name or a term no
// list holds gets no candidate but itself (candidates are known words), so
// a misread one stays as read: Trove's soldiers' lists write `Plttman`,
// `Calrney`, `Thlrza`, `Connollj`, `Rcdshaw`, `Dolahentv`; ads-fall2018's
// reports `photolytlc`, `epoxldes`, `hydrogeologlcal`. Most such
// misreadings are one glyph for a look-alike, and the English shape model
// (character n-grams of period English, lm.Shape) finds the word with the
// glyph put back far more like English than the form read: `ltt`, `lrn`,
// `llj`, `cdsh`, `ytlc` are rare in any English spelling, `itt`, `irn`,
// `lly`, `edsh`, `ytic` common.

// lookAlikeReadings are the look-alike glyphs nameLookAlikes puts back, as
// (read, true): i read as l, e as c, y as j, h as li or ii, m as rn, w as
// vv (at commit 934cfe8 Trove's cMER 29.2% -> 29.4% lower, `Rdvvard`,
// the other seven sets the same bytes). A
// fixed prior of glyph shapes, not the confusion model's rates: that
// model learned on Tesseract's readings of clean renders, where a true l
// is read as i more often than the other way round, and taking its
// misreadings of one small letter for another at a rate of 0.2% or more
// instead (some forty) broke more names than it mended (Trove's cMER
// reduction 27.1% -> 25.8%, ads-fall2018 42 more words broken). The
// habits of the collection's own OCR (Model.Habits: Trove's y read as v)
// are put back too.
var lookAlikeReadings = [][2]string{{"l", "i"}, {"c", "e"}, {"j", "y"}, {"li", "h"}, {"ii", "h"}, {"rn", "m"}, {"vv", "w"}}

// lookAlikeGain is how much better, in mean log probability per character
// under the English shape model (shapeScore), the form with a look-alike
// put back must look than the form read for nameLookAlikes to write it: a
// fixed prior, like misreadGap. With the built-in model (words matched /
// broken by a greedy alignment, against without the pass), for names
// alone (capitalised forms): 1.5 gave Trove (HIPE-OCRepair 2026
// development set, path only) 8,763 / 23 -> 8,787 / 23, cMER 27.1% ->
// 28.7% lower, ICDAR 2017 17,116 / 48 -> 17,119 / 48 (31.1% -> 31.3%),
// ads-fall2018 252,700 / 1,368 -> 252,736 / 1,374 (five of the six its
// truth's own misreadings, Blsphenol and Lautenbcrg), BL and the rendered
// collections (held-out models) the same words; 1.25 Trove 28.9% and 25
// broken, ads-fall2018 1,381 broken; 1 Trove 29.1% and 27 broken,
// ads-fall2018 1,387; 2 Trove 28.1%, ads-fall2018 1,373. Words in small
// letters as well, at 1.5: Trove 28.9%, ICDAR 17,121 (31.5%),
// ads-fall2018 252,782 / 1,385 (the 11 more broken its truth's own
// misreadings, `envlronaantal`, `dlffarancaa`, but `lppm`), embedded
// 151,266 -> 151,268, periodicals +1, early and science-law the same
// words, none broken more.
const lookAlikeGain = 1.5

// lookAlikeMinRunes is the fewest letters of a name nameLookAlikes reads
// again: shorter forms have too few n-grams for the shape to tell.
const lookAlikeMinRunes = 4

// lookAlikeSteps is how many look-alikes nameLookAlikes puts back in one
// word, one after the other, each lookAlikeGain better than the form
// before it (`Hlggcrson` -> Higgcrson -> Higgerson). Two against one
// (at commit 5163d35, the built-in model): Trove cMER 28.9% -> 29.2%
// lower (+3 words), ads-fall2018 +7 words, early +1, none broken more, the
// rest the same.
const lookAlikeSteps = 2

// nameLookAlikes writes, in out (the decoded output of words, one entry
// per token), for each token kept as read that is a word of
// lookAlikeMinRunes letters or more, in small letters or capitalised (a
// capital, then small letters), that neither the lexicon (known) nor
// English knows and that the collection (p) writes once, the form with
// a look-alike glyph put back (lookAlikeReadings, and the misreadings
// of habits) that looks most like English, where it looks lookAlikeGain
// better per character than the form read, and so again up to
// lookAlikeSteps glyphs: `Plttman` -> Pittman,
// `Calrney` -> Cairney, `Rcdshaw` -> Redshaw, `Connollj` -> Connolly,
// `photolytlc` -> photolytic. A form the collection repeats is its own;
// one in capitals is an acronym as often as a name, and is left alone.
func nameLookAlikes(out, words []string, p *profile.Profile, habits []candgen.Habit, known func(string) bool) {
	if p == nil {
		return
	}
	readings := lookAlikeReadings
	for _, h := range habits {
		if !h.Convention && !h.Case && letters(h.OCR) {
			readings = append(readings[:len(readings):len(readings)], [2]string{h.OCR, string(h.True)})
		}
	}
	for i, w := range words {
		if out[i] != w {
			continue
		}
		pre, core, suf := candgen.SplitAffix(w)
		if n := utf8.RuneCountInString(core); !profile.TitleCase(core) && !profile.LowerWord(core) || n < lookAlikeMinRunes || n > maxWordRunes {
			continue
		}
		n := profile.Norm(core)
		if n != strings.ToLower(core) || known(n) || inEnglish(n) || p.Word(n).N > 1 || strings.IndexFunc(core, accented) >= 0 {
			continue // an accent is the print's (accentDropped): a foreign name (`Liége`), not a garble
		}
		v := n
		for range lookAlikeSteps {
			next, ok := lookAlikeOf(v, readings)
			if !ok {
				break
			}
			v = next
		}
		if v != n {
			out[i] = pre + candgen.Recase(core, v) + suf
		}
	}
}

// lookAlikeOf returns the form of the lower-case word n with one of
// readings (read, true) put back that the English shape model finds most
// like English, if it is lookAlikeGain better per character than n.
func lookAlikeOf(n string, readings [][2]string) (string, bool) {
	_, shape, err := english.Model()
	if err != nil {
		return "", false
	}
	// the variants are scored afresh, not remembered as shapeScore's
	// answers are: each is tried once
	base := shape.LogProb(n)
	best, bestGain := "", float32(lookAlikeGain)
	for _, r := range readings {
		for k := 0; k+len(r[0]) <= len(n); k++ {
			if n[k:k+len(r[0])] != r[0] {
				continue
			}
			v := n[:k] + r[1] + n[k+len(r[0]):]
			if g := shape.LogProb(v) - base; g >= bestGain && (best == "" || g > bestGain) {
				best, bestGain = v, g
			}
		}
	}
	return best, best != ""
}
