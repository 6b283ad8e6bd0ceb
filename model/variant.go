package model

import (
	"slices"
	"strings"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/profile"
)

// Thresholds of collectionVariants, fixed priors. A name the collection
// writes capitalised in mid-sentence variantMinMid times or more, and so
// in at least half its occurrences, is one of its names (a common word is
// written small there); a form of the same length seen once, a letter
// from it (two for forms of variantLongRunes letters or more), is that
// name misread. Measured with the built-in model on Trove (HIPE-OCRepair
// 2026 development data, text files through their path only), words
// matched / broken against without the rule: 2 gave 8,488 / 52 -> 8,501 /
// 54, 3 8,496 / 53, 5 8,494 / 53. Forms of other lengths took truncated
// headings for names in ads-fall2018 (`Democra` -> Democrat, `Counse` ->
// Counsel, where its truth keeps the OCR's cut) and broke 8 words more
// there; a distance of two letters for forms of five, `Lyall` -> Hall.
const (
	variantMinMid    = 2
	variantLongRunes = 6
)

// collectionVariants changes, in out (the decoded output of words, with
// their candidates cands), a capitalised token of four letters or more
// that no word list holds and English never wrote into the candidate
// (same marks around it, capitalised) that is one of the collection's
// names (see variantMinMid) English knows, of the token's length and a
// letter or two from it, the one the collection writes capitalised most
// often: where the decisions kept the token and the collection writes it
// once, or where, among names (inNames), they made it a capitalised word
// the collection never writes capitalised in mid-sentence (madeNonName;
// not a merge's word).
// This is TICCL's idea, a rare variant of a frequent form is its
// misreading, for the one kind of word the ranker keeps on purpose: a
// capitalised word no list holds is a name to it, and the collection's
// other names say which. A list of soldiers in Trove writes `Toseph`,
// `Oeorge`, `Ccorge`, `Genrgp`, `Riehird` beside the Joseph, George and
// Richard it writes right a dozen times (Trove dev: 14 such fixed, 3
// names broken, `Rowett` -> Robert, `Marr` -> Mary, `Gorham` -> Graham;
// ICDAR 2017 records +1 word; embedded +5 / +1 broken with the held-out
// model; early, periodicals, science-law, BL unchanged; ads-fall2018 -1
// / +3), and `Frnest` three times, which the decisions made Finest where
// Ernest is a candidate (the second case: Trove +3 words, cMER 23.5% ->
// 23.7% lower; ads-fall2018 -1, `Asian` -> Allan; the rest unchanged). A
// word ending in a hyphen (broken at the line end) is left alone, and so
// is a kept token the collection writes twice or more, but for the name a
// letter from it that its own document writes more often and the
// collection variantNameRatio times as often (docVariant: `Tiiney` ->
// Tilney, `Elinot` -> Elinor; with the held-out models, embedded +9 words,
// early +4, the embedded corpus as Tesseract's Latin model read it +9,
// periodicals and science-law unchanged, ads-fall2018 -5 where its truth
// keeps the engine's `Panal`, `Suparfund`). Searching the
// collection's names directly, not among the candidates, broke words on
// six sets of the eight and more than it fixed on ads-fall2018 (18 words
// fewer matched, 21 more broken) and Trove (`Helton` -> Weston, `Pardey`
// -> Harvey: a name seen once is as often a name the collection has once
// as a misreading).
func collectionVariants(out, words []string, cands [][]candgen.Candidate, prof *profile.Profile, lex *candgen.Lexicon) {
	if prof == nil {
		return
	}
	var docNames []titleForm
	for i, w := range words[:min(len(words), len(cands))] {
		po, core, so := candgen.SplitAffix(w)
		stem, end := nameEnding(core)
		name, ending := core, "" // a possessive's name (`Tiiney's`)
		if stem != "" && end != "s" {
			name, ending = stem, end
		}
		runes := utf8.RuneCountInString(name)
		if runes < 4 || !profile.TitleCase(name) || strings.Contains(so, "-") || lex != nil && lex.HasFold(core) {
			continue
		}
		n := profile.Norm(core)
		if inEnglishModel(n) || out[i] != w && (startsMerge(out, words, i) || !madeNonName(out[i], words, i, prof)) {
			continue
		}
		if out[i] == w && elsewhere(prof, n) > 0 {
			if docNames == nil {
				docNames = titleForms(words)
			}
			// a possessive's or plural's name English knows is a name
			// (`Derham's` beside Durham)
			need, y := int(prof.Word(n).N), ""
			if nn := profile.Norm(name); ending == "" || !inEnglishModel(nn) {
				y = docVariant(name, nn, need, docNames, prof)
			}
			if y == "" && end == "s" && !inEnglishModel(profile.Norm(stem)) {
				name, ending = stem, end // a plural (`Tiineys`)
				y = docVariant(name, profile.Norm(name), need, docNames, prof)
			}
			if y != "" {
				out[i] = po + y + ending + so
			}
			continue
		}
		if ending != "" {
			continue
		}
		maxEd := 1
		if runes >= variantLongRunes {
			maxEd = 2
		}
		best, bn := "", 0
		for _, c := range cands[i] {
			pc, cc, sc := candgen.SplitAffix(c.Text)
			if c.Span > 1 || pc != po || sc != so || cc == core || !profile.TitleCase(cc) || utf8.RuneCountInString(cc) != runes {
				continue
			}
			cn := profile.Norm(cc)
			k := nameCount(prof, n, cn)
			if k < variantMinMid || k <= bn || align.Levenshtein(n, cn) > maxEd || !inEnglishModel(cn) {
				continue
			}
			best, bn = c.Text, k
		}
		if best != "" {
			out[i] = best
		}
	}
}

// nameEnding splits a capitalised core into a name of four letters or
// more and the ending of its possessive or plural (`'s`, `’s`, `s`), or
// returns "" where it has none.
func nameEnding(core string) (stem, ending string) {
	for _, e := range []string{"'s", "’s", "s"} {
		if st, ok := strings.CutSuffix(core, e); ok && utf8.RuneCountInString(st) >= 4 && profile.TitleCase(st) {
			return st, e
		}
	}
	return "", ""
}

// nameCount returns how often the collection of profile p writes the
// Norm form yn capitalised in mid-sentence, where it does so in half its
// places or more (one of the collection's names) and yn is no plural of n,
// the Norm form of the token it may be read for; 0 otherwise.
func nameCount(p *profile.Profile, n, yn string) int {
	k := int(p.MidTitle(yn).Mid)
	if 2*k < int(p.Word(yn).N) || pluralOf(n, yn) {
		return 0
	}
	return k
}

// madeNonName reports whether the decisions made token i of words the
// word o (out[i]), where it stands among names (inNames), a capitalised
// word that the collection of profile p never writes capitalised in
// mid-sentence: no name of the collection's, and a common word has no
// place in a list of names.
func madeNonName(o string, words []string, i int, p *profile.Profile) bool {
	_, oc, _ := candgen.SplitAffix(o)
	return profile.TitleCase(oc) && !strings.ContainsRune(o, ' ') && p.MidTitle(profile.Norm(oc)).Mid == 0 && inNames(words, i)
}

// variantNameRatio: a capitalised form the collection writes more than
// once, that no list holds and English never wrote, is read as one of the
// collection's names a letter from it that the same document writes more
// often, where the collection writes that name capitalised in
// mid-sentence this many times as often as the form (docVariant). A fixed
// prior: at 10, as variantRatio asks of forms that look English, the
// Latin reading's `Tiiney` (14 times beside Tilney's 90) stayed.
const variantNameRatio = 5

// titleForm is a capitalised core of a document's words and how many of
// them it is.
type titleForm struct {
	core string
	n    int
}

// titleForms returns the distinct capitalised cores of four letters or
// more of words, sorted, with their counts.
func titleForms(words []string) []titleForm {
	var cores []string
	for _, w := range words {
		if _, core, _ := candgen.SplitAffix(w); utf8.RuneCountInString(core) >= 4 && profile.TitleCase(core) {
			cores = append(cores, core)
		}
	}
	slices.Sort(cores)
	var forms []titleForm
	for _, c := range cores {
		if k := len(forms) - 1; k >= 0 && forms[k].core == c {
			forms[k].n++
		} else {
			forms = append(forms, titleForm{c, 1})
		}
	}
	return forms
}

// docVariant returns the name that core, a capitalised form the
// collection of profile p writes more than once (n its Norm form), misreads,
// or "": one of the document's capitalised forms (forms, titleForms) of
// core's length and a letter from it that the document writes more often
// than core, and the collection capitalised in mid-sentence
// variantNameRatio times as often as count (how often it writes the
// token: the name itself, or its plural or possessive, `Tiineys`) or
// more, and in half its places; the one the collection writes so most
// often. The recurring
// misreading of a name beside the name written right (`Tiiney` 14 times,
// Tilney 90 in the embedded corpus as Tesseract's Latin model read it):
// the collection writing the form more than once is no evidence that it
// is a name of its own where the same document writes the name a letter
// from it more often. Two names of one collection a letter apart stand in
// different documents (Austen's Norland and Morland), or the rarer in its
// own document as often as the other (the common law's Lewin, three times,
// and Lewis, twice, though the 45 Gutenberg books write Lewis often).
//
// collectionVariants asks it of a possessive's name and, where the whole
// form has none, of a plural's (nameEnding: `Tiiney's`, `Tiineys`,
// `Middietons`), where English does not know the name (a name it knows is
// one: Gilbert White's `Derham's Physico-Theology` beside his Durham).
// Held-out models, against names alone: embedded +1 word, ads-fall2018 +2
// (`Iepartment's` -> Department's), the other three the same, none broken;
// the Latin reading +7; the 45 Gutenberg books the same bytes.
func docVariant(core, n string, count int, forms []titleForm, p *profile.Profile) string {
	runes := utf8.RuneCountInString(core)
	need := max(variantMinMid, variantNameRatio*count)
	own := 0
	if k, ok := slices.BinarySearchFunc(forms, core, func(f titleForm, c string) int { return strings.Compare(f.core, c) }); ok {
		own = forms[k].n
	}
	best, bn := "", 0
	for _, f := range forms {
		y := f.core
		if y == core || f.n <= own || utf8.RuneCountInString(y) != runes {
			continue
		}
		yn := profile.Norm(y)
		k := nameCount(p, n, yn)
		if k < need || k <= bn || align.Levenshtein(n, yn) != 1 {
			continue
		}
		best, bn = y, k
	}
	return best
}
