package model

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/profile"
)

// Thresholds of commaStops. An engine that reads commas as full stops
// leaves its stops followed by words of lower-case initial (`her. and`),
// which English print hardly ever writes: 0.5% of the full stops after a
// word in the embedded corpus's truth, against 13% to 37% in the OCR of the
// four rendered collections, where the truth had a comma after 81% to 89%
// of them and a full stop after 6% to 14% (abbreviations among them). Such
// a stop is written as a comma when the collection's profile shows enough
// of them (commaMinStops) and no more words of profile.SizeOnly initial
// after its stops than after its commas: at most smallCapitalsZ standard
// errors more (ads-fall2018's engine also reads the capital starting a
// sentence as the small letter, `year. on the` where the print has On: 43%
// of its small words after stops against 25% after commas, 21 standard
// errors; the rendered collections and the habit collections lie within
// 1.4). A page's few stops do not tell an engine's habits: with each page
// of ads-fall2018 corrected alone, at 30 stops at least the pages that
// passed the test had 14 words more matched and 58 more broken; at 100, no
// page of the five collections has enough (the rendered collections' pages
// corrected alone give up the 698 more words matched, and 6 more broken,
// that their comma fixes brought). smallCapitalsZ is a fixed prior, a test
// of the collection's own text; commaMinStops went from 30 to 100 by the
// measurement above. A colon before a lower-case word is left alone:
// Tesseract reads semicolons as colons too, but early's truth writes 180
// colons so for its 87 semicolons read as colons (a semicolon for each,
// tried: early 77 words matched fewer, 156 broken more).
const (
	commaMinStops  = 100
	smallCapitalsZ = 2
)

// smallCapitals reports whether the collection whose profile is p may write
// a sentence's capital as the small letter, or shows too few small words
// after its full stops to tell (see commaMinStops): the share of
// profile.SizeOnly initials among its small words after full stops is more
// than smallCapitalsZ standard errors above their share after commas.
func smallCapitals(p *profile.Profile) bool {
	s := p.SmallStarts()
	if s.AfterStop < commaMinStops || s.AfterComma < commaMinStops {
		return true
	}
	ps := float64(s.AfterStopSize) / float64(s.AfterStop)
	pc := float64(s.AfterCommaSize) / float64(s.AfterComma)
	se := math.Sqrt(max(pc*(1-pc), 1e-4) / float64(s.AfterStop))
	return (ps-pc)/se > smallCapitalsZ
}

// commaStops writes, in out (the decoded output of the OCR words words),
// a comma for the full stop that ends a word followed by an unchanged
// word of lower-case letters that English writes (words[i+1]: `said her.
// and then` -> `said her, and then`), in a collection whose profile p
// shows an engine that reads commas as stops and not capitals as small
// letters (smallCapitals). The word is two letters or more, lower case or
// capitalised, and no abbreviation the collection writes with its stop
// (more than once, and more often than without: `viz.`, `etc.`). A word
// after it that starts with i stays: an engine may read the capital I as
// the small i (`it. in` where the print has In), which smallCapitals does
// not test; in the four rendered collections those words would have
// brought 98 more words matched and 36 more broken. With the held-out
// models of bench -transfer (words matched / broken, against none):
// embedded +440 / +9, early +240 / +6, periodicals +402 / +6, science-law
// +154 / +2; with the built-in model long-s-early +225 / +5,
// hyphen-periodicals +432 / +16; ads-fall2018 (smallCapitals) unchanged,
// where it would have brought 16 more words matched and 283 more broken.
// cMER, which ignores punctuation, does not change.
func commaStops(out, words []string, p *profile.Profile) {
	if p == nil || smallCapitals(p) {
		return
	}
	for i := 0; i+1 < len(out); i++ {
		o, next := out[i], words[i+1]
		if o == "" || out[i+1] != next || strings.IndexFunc(o, unicode.IsSpace) >= 0 {
			continue
		}
		pre, core, suf := candgen.SplitAffix(o)
		if suf != "." || utf8.RuneCountInString(core) < 2 {
			continue
		}
		if s := caseShape(core); s != 1 && s != 2 {
			continue // not lower case nor capitalised letters
		}
		npre, ncore, _ := candgen.SplitAffix(next)
		if npre != "" || !profile.LowerWord(ncore) || strings.HasPrefix(ncore, "i") || !inEnglish(profile.Norm(ncore)) {
			continue
		}
		if abbreviation(p, core) {
			continue
		}
		out[i] = pre + core + ","
	}
}

// abbreviation reports whether the collection whose profile is p writes
// the token core with a full stop after it more than once, and more often
// than without the stop or with a comma: a short form of its own (`viz.`,
// `etc.`, a law report's `Plac.`, `cf.`, `id.`), not a word a sentence
// ends with.
func abbreviation(p *profile.Profile, core string) bool {
	d := p.Exact(core + ".").N
	return d > 1 && d > p.Exact(core).N+p.Exact(core+",").N
}

// sentenceGoesOn reports whether the token after words[i] goes on the
// sentence that a full stop at the end of words[i] would have ended (the
// converse question of profile.MidSentence, asked of the word after): it
// starts with a figure or a small letter, or is itself a short form with
// its stop, an initial or a word of at most abbreviationMaxRunes letters
// (`Plac. 8 Joh.`, `cf. the`, `Ang. Sax.`, `Bing. N. C.`). A word misread
// at a sentence's end (`saw hirn. We`) is followed by a capitalised word.
func sentenceGoesOn(words []string, i int) bool {
	if i+1 >= len(words) {
		return false
	}
	pre, core, suf := candgen.SplitAffix(words[i+1])
	r, _ := utf8.DecodeRuneInString(core)
	switch {
	case pre != "" || core == "":
		return false
	case unicode.IsDigit(r) || unicode.IsLower(r):
		return true
	}
	return strings.HasPrefix(suf, ".") && letters(core) && utf8.RuneCountInString(core) <= abbreviationMaxRunes
}

// abbreviationSure is how often the collection must write a short form
// with its stop for abbreviationsKept to keep it before a capitalised
// word too (`cf. Woodlife's Case`, 22 times in The Common Law): a word an
// engine misreads is as often at a sentence's end as the word is, which
// for most words is seldom, so that its stops outnumber its other
// occurrences only while they are few (`saw hirn. We saw hirn.`).
const abbreviationSure = 5

// abbreviationMaxRunes is the longest core abbreviationsKept takes for
// an abbreviation: a word an engine misreads at a sentence's end recurs
// with its full stop too (ads-fall2018's `dlstrlcts.`, `Carollna.`), and
// a collection's short forms are short (`Plac.`, `Ang.`, `cf.`, `Ry.`).
const abbreviationMaxRunes = 4

// printShortForms are short forms that English print writes with a full
// stop and never as words (references, citations and registers: `op.
// cit.`, `loc. cit.`, `cf.`, `ibid.`, `viz.`, `vol.`, `pp.`, `ed.`, a
// manuscript's `MS.`, a daughter's `dau.`, `inst.` and `ult.` for this
// month and the last; a ship's log's `Lat. obs.` and `dist.`, a market
// report's weights and measures, `cwt.`, `doz.`, `qrs.`; `sp. gr.`),
// which a page alone, too small for the collection's evidence
// (abbreviation), does not show: the built-in model made a
// footnote's `cit.` at., `loc.` loe., `cf.` of., `ed.` led., `dau.` day.
// Short forms that are also words or a word's common misreading (`id.`
// for it., `ib.` and `Ib.` for lb. after a number, `ms.` for us., `fig.`,
// `art.`, `cap.`, `no.`) are left to the collection's evidence.
var printShortForms = map[string]bool{
	"cf": true, "cit": true, "loc": true, "ibid": true, "viz": true, "sc": true,
	"vid": true, "seq": true, "sqq": true, "ult": true, "inst": true, "prox": true, "op": true,
	"fol": true, "ff": true, "pp": true, "vol": true, "vols": true, "chap": true, "sect": true,
	"ed": true, "eds": true, "esp": true, "dau": true, "MS": true, "MSS": true,
	// a log's, an account's and a market report's: `Lat. obs.`, `dist. 4
	// leagues`, `2 cwt.`, `3 doz.`, `40 yds.`
	"obs": true, "dist": true, "lat": true, "cwt": true, "doz": true, "yds": true, "lbs": true, "oz": true,
	"qrs": true, "hhd": true, "hhds": true, "pt": true, "qt": true, "sq": true, "yr": true, "yrs": true,
	"recd": true, "acct": true, "amt": true, "approx": true, "bros": true, "mdse": true,
	"regt": true, "supt": true, "sergt": true, "govt": true, "dept": true,
	// a chemist's `sp. gr.` (specific gravity), a druggist's grains
	"sp": true, "gr": true,
}

// romanNumerals are the small roman numerals 1 to 39, by value less one.
var romanNumerals = func() []string {
	tens := []string{"", "x", "xx", "xxx"}
	ones := []string{"", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"}
	var out []string
	for v := 1; v < 40; v++ {
		out = append(out, tens[v/10]+ones[v%10])
	}
	return out
}()

// romanInList reports whether core (with a full stop after it in the
// text) is a small roman numeral that numbers a list: the collection of
// profile p writes the numeral before or after it with its stop too (`i.
// the want of food; ii. the want of shelter; iii.`, which had become in.
// and in.).
func romanInList(p *profile.Profile, core string) bool {
	v := slices.Index(romanNumerals, core)
	if v < 0 {
		return false
	}
	return v > 0 && p.Exact(romanNumerals[v-1]+".").N > 0 || v+1 < len(romanNumerals) && p.Exact(romanNumerals[v+1]+".").N > 0
}

// printShortForm reports whether core (with a full stop after it in the
// text) is one of printShortForms as written there, or with a capital
// (`Cf.`, `Ibid.`).
func printShortForm(core string) bool {
	if printShortForms[core] {
		return true
	}
	r, size := utf8.DecodeRuneInString(core)
	return unicode.IsUpper(r) && profile.LowerWord(core[size:]) && printShortForms[string(unicode.ToLower(r))+core[size:]]
}

// abbreviationsKept puts back, in out (the decoded output of words), the
// OCR token where a pass or the ranker made another word of one of the
// collection's short forms with its full stop (abbreviation, of
// abbreviationMaxRunes letters at most) that the sentence goes on after
// (sentenceGoesOn) or that the collection writes abbreviationSure times (a
// word misread twice at a sentence's end, `hirn.`, is no short form; a
// review found that): a law book's citations had
// `Plac.` made Place., `Ang.` And., `Ry.` by., `cf.` of., `id.` it. A
// change stays that undoes a habit of the collection's engine (habits:
// ads-fall2018's `Llst.` -> List., i read as l), that makes a number of
// the letters (`Is.` -> 1s., shillings) or `&c.` (`Ac.`, ICDAR 2017's
// reading of it), that makes another of the collection's short forms
// (`Hr.` -> Mr.), and a merge or a split. With the built-in model (with
// pronounI's channel test, which came with it), against without:
// ads-fall2018 253,331 -> 253,340 words matched, 1,392 -> 1,384 broken
// (`Hr.` kept, its truth's reading of His.); Trove's training records
// 17,606 / 67 -> 17,607 / 66 (`grs.` kept, `acie.` not made acid.); the
// held-out models and the six other HIPE sets the same words. Two law
// books of the Gutenberg texts read as OCR (The Common Law, The English
// Constitution): 359 -> 301 words changed, every one of the 58 a word or
// figure of the truth. Without sentenceGoesOn and abbreviationSure it kept
// Trove's `nil.` too, and lost `Dey.` -> Day. and every misreading a
// small collection repeats at sentence ends (`hirn.`, `tbem.`).
func abbreviationsKept(out, words []string, p *profile.Profile, habits []candgen.Habit) {
	if p == nil {
		return
	}
	for i, w := range words {
		o := out[i]
		if o == w || o == "" || strings.IndexFunc(o, unicode.IsSpace) >= 0 || i+1 < len(out) && out[i+1] == "" && words[i+1] != "" {
			continue
		}
		_, core, suf := candgen.SplitAffix(w)
		if !strings.HasPrefix(suf, ".") || !letters(core) {
			continue
		}
		if !printShortForm(core) && !romanInList(p, core) && (utf8.RuneCountInString(core) > abbreviationMaxRunes ||
			!abbreviation(p, core) || !sentenceGoesOn(words, i) && p.Exact(core+".").N < abbreviationSure) {
			continue
		}
		po, oc, _ := candgen.SplitAffix(o)
		if strings.HasPrefix(po, "&") || hasDigit(oc) || profile.Norm(oc) == profile.Norm(core) ||
			abbreviation(p, oc) || undoesHabit(habits, core, oc) {
			continue
		}
		out[i] = w
	}
}
