package model

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/lm"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// A collection's cipher: the common English words its engine never
// writes right, and the forms it writes for them, learned from the
// collection's profile alone.
//
// Some engines read a word the same wrong way wherever it stands: the
// OCR of ads-fall2018 writes `mm` for with 1,051 times and with never,
// `1:` for it and `Th1:` for This. The confusion model, letter by
// letter, finds no reading of with in mm, and a collection of the
// engine's habits (Habits, NoiseShift) none either; but the collection
// tells it twice over. English writes with once in 140 words, and this
// collection of 300,000 words writes it 9 times: with is missing. And
// mm, which English seldom writes, stands 1,489 times in the places where
// English would write with (`comply mm the`, `mm respect to`): its
// neighbours' pointwise mutual information with with is higher than with
// any other of English's commonest words.
//
// learnCipher finds such pairs. A form t of the collection is read as
// the word w where:
//   - the collection writes t cipherMinCount times or more, in
//     cipherMinDocs documents or more;
//   - t holds a letter or a digit, is no number of three digits or more,
//     is not written capitalised in mid-sentence in half its places (a
//     name, `Inc.`), and holds a digit or does not look like an English
//     word (the shape model); where English writes t too, the collection
//     writes it cipherOverRatio times as often as English's rate predicts,
//     and t's neighbours fit t itself badly (cipherOwnGap);
//   - of English's cipherWords commonest words, w fits t's neighbours
//     best (the mean pointwise mutual information, under the English
//     model, of w with each of t's neighbours among English's
//     cipherContexts commonest words, both sides), and w is one of the
//     functionWords;
//   - w is missing: English's rate predicts cipherMinExpected occurrences
//     of it or more, and the collection writes it cipherMissing times less
//     often; or, for a form of no digit, w lacks cipherMinCount
//     occurrences or more of English's due (ads-fall2018's `m` for to:
//     1,411 forms, and to 989 times fewer than English's rate predicts);
//   - t's occurrences are cipherShare or more of what w lacks, and w still
//     lacks half of them (cipherCapacity) after the forms that fit their
//     words better took theirs;
//   - t is at most one character longer than w.
//
// cipherFixes reads t as w where English in context prefers w, and only in
// texts of modern spelling (a period's ye and thou are its words). A form
// has one reading: the words that fit its places nearly as well (this and
// which for `Th1:`, it for `1:`) were chosen in 39 places of ads-fall2018
// and wrong in all.
//
// A collection that writes its common words at English's rates (every
// clean one) has no cipher: a word the collection lacks is the evidence,
// and a page alone has too few words to lack one. Of the collections
// measured, ads-fall2018 alone has one; the four rendered collections'
// few forms (`ts` for is) change a word or two, and the 45 Gutenberg books
// as one collection have none.

// cipherWords is how many of English's commonest words (by the English
// model's counts) a cipher may read a form as: the words an engine's
// systematic misreading can leave missing from a collection whatever its
// subject.
const cipherWords = 100

// cipherContexts is how many of English's commonest words are counted as
// a form's neighbours (the profile's pairs of the form with each).
const cipherContexts = 1000

// cipherMinCount and cipherMinDocs: a form is read by the cipher where
// the collection writes it this many times, in this many documents.
const (
	cipherMinCount = 20
	cipherMinDocs  = 3
)

// cipherMinExpected is how many times English's rate of a word must
// predict it in the collection before its absence is evidence.
const cipherMinExpected = 50

// cipherMissing: a word is missing from a collection that writes it this
// many times less often than English's rate of it predicts.
const cipherMissing = 4

// cipherOverRatio: a form English writes is read by the cipher only where
// the collection writes it this many times as often as English's rate
// predicts.
const cipherOverRatio = 10

// cipherOwnGap: a form English writes is read as a word only where its
// neighbours fit that word at least this much better (mean pointwise
// mutual information, natural log) than the form itself, and fit the
// form no better than English's average place (a mean of 0 or less):
// English says the form does not belong in its places. `m` (English's
// initial) fits its places in ads-fall2018 at -0.20 and to at 1.05; a
// dialect's ye or a period's thou, which English writes in such places,
// would fit them well.
const cipherOwnGap = 1

// cipherShare: a form is read as a missing word only where the
// collection writes it at least this share of the times the word is
// missing (a misreading in every place of a word leaves it missing; a
// word of the collection's own that fits the places of one is no such
// share of it: `tort` as this, 66 times where this lacks 1,725).
const cipherShare = 0.1

// functionWords are the words of English's closed classes among its
// cipherWords commonest (articles and determiners, pronouns,
// prepositions, conjunctions, auxiliary verbs, not and a few adverbs of
// place and time): the words every subject writes at about English's
// rate, so that their absence says more of the engine than of the
// subject. The commonest nouns, adjectives and verbs (man, time, great,
// little, said) a collection of law or of chemistry may well lack.
var functionWords = func() map[string]bool {
	s := map[string]bool{}
	for _, w := range strings.Fields(`the a an this these those that which what some any every no
		its his her their my your our i he she it we they you him them me us who
		of in to with for by on at from into upon about before over after under
		and or but as if than when where so is was be been are were have has had
		will would may can could must should shall do did not there then here`) {
		s[w] = true
	}
	return s
}()

// cipherMinContexts is how many of a form's neighbours must be among
// English's cipherContexts commonest words for its fit to be measured.
const cipherMinContexts = 10

// cipher maps a form (a Norm form of the collection) to the word it
// stands for (a Norm form).
type cipher map[string]string

// cipherSeen remembers each profile's cipher.
var cipherSeen profileMemo[cipher]

// collectionCipher returns the cipher of the collection of profile p (nil
// for a nil profile or without the English model).
func collectionCipher(p *profile.Profile) cipher {
	if p == nil {
		return nil
	}
	return cipherSeen.get(p, func() cipher { return learnCipher(p) })
}

// learnCipher works out the cipher of the collection of profile p.
func learnCipher(p *profile.Profile) cipher {
	m, _, err := english.Model()
	if err != nil || m.Tokens() == 0 || m.Words() < cipherContexts {
		return nil
	}
	rate := float64(p.Tokens()) / float64(m.Tokens())
	missing := make([]bool, cipherWords)
	lack := make([]float64, cipherWords) // how many occurrences of English's due a word lacks (0: none it may read)
	var deficit float64                  // the most any word lacks
	for id := range int32(cipherWords) {
		e := rate * float64(m.Count(id))
		o := float64(p.Word(m.Word(id)).N)
		if e >= cipherMinExpected && e-o >= cipherMinCount && functionWords[m.Word(id)] {
			missing[id] = o*cipherMissing <= e
			lack[id] = e - o
			deficit = max(deficit, e-o)
		}
	}
	if deficit == 0 {
		return nil
	}
	unigram := make([]float64, cipherContexts)
	for id := range int32(cipherContexts) {
		unigram[id] = float64(m.LogProb(-1, -1, id))
	}
	var forms []cipherFit
	var nb neighbours
	for t, c := range p.WordForms() {
		if c.N < cipherMinCount || c.DF < cipherMinDocs || float64(c.N) > 2*deficit || !cipherForm(p, t, float64(c.N)) {
			continue
		}
		if nb.of(m, p, t); nb.n < cipherMinContexts {
			continue
		}
		f := cipherFit{form: t, n: float64(c.N), fit: make([]float64, cipherWords), own: math.Inf(-1)}
		for w := range int32(cipherWords) {
			if f.fit[w] = nb.fit(m, w, unigram); f.fit[w] > f.fit[f.best] {
				f.best = w
			}
		}
		if id := m.ID(t); id >= 0 {
			f.own = nb.fit(m, id, unigram)
		}
		if (missing[f.best] || lack[f.best] > 0 && !hasDigit(t)) && f.fit[f.best] >= f.own+cipherOwnGap && f.own <= 0 && m.Word(f.best) != t && f.n >= cipherShare*lack[f.best] && cipherLength(t, m.Word(f.best)) {
			forms = append(forms, f)
		}
	}
	// the best fits first take the missing words: a word that one form
	// accounts for (1n for in) is no reading of another that fits it less
	// well (mm, for with)
	slices.SortFunc(forms, func(a, b cipherFit) int {
		return cmp.Or(cmp.Compare(b.fit[b.best], a.fit[a.best]), strings.Compare(a.form, b.form))
	})
	out := cipher{}
	for _, f := range forms {
		if lack[f.best]*cipherCapacity >= f.n {
			out[f.form] = m.Word(f.best)
			lack[f.best] -= f.n
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// neighbours are the words next to a form among English's
// cipherContexts commonest: how often each stands before it (left) and
// after it (right) in the collection, n in all.
type neighbours struct {
	left, right []idCount
	n           int
}

// of sets nb to the neighbours of the Norm form t in the collection of
// profile p (its pairs), English's words being m's.
func (nb *neighbours) of(m *lm.Model, p *profile.Profile, t string) {
	nb.left, nb.right, nb.n = nb.left[:0], nb.right[:0], 0
	for id := range int32(cipherContexts) {
		w := m.Word(id)
		if k := p.Pair(w, t); k > 0 {
			nb.left = append(nb.left, idCount{id, k})
			nb.n += k
		}
		if k := p.Pair(t, w); k > 0 {
			nb.right = append(nb.right, idCount{id, k})
			nb.n += k
		}
	}
}

// fit returns how well the English word w (an id of m) fits the places of
// the neighbours: the mean, over them, of the pointwise mutual
// information of w and the neighbour (log P(w | left) - log P(w), log
// P(right | w) - log P(right)). unigram holds log P of English's
// cipherContexts commonest words.
func (nb *neighbours) fit(m *lm.Model, w int32, unigram []float64) float64 {
	uw := float64(m.LogProb(-1, -1, w))
	s := 0.0
	for _, x := range nb.left {
		s += float64(x.n) * (float64(m.LogProb(-1, x.id, w)) - uw)
	}
	for _, x := range nb.right {
		s += float64(x.n) * (float64(m.LogProb(-1, w, x.id)) - unigram[x.id])
	}
	return s / float64(nb.n)
}

// cipherFit is a form the cipher may read: how often the collection
// writes it, its fit to each of English's cipherWords commonest words,
// and the word it fits best.
type cipherFit struct {
	form string
	n    float64
	fit  []float64
	best int32
	own  float64 // its fit to itself, -Inf where English does not write it
}

// cipherCapacity: a missing word is a reading of a form only where it
// still lacks 1/cipherCapacity of the form's occurrences, after the forms
// that fit their words better took theirs.
const cipherCapacity = 2

// cipherLength reports whether the form t is at most one character longer
// than the word w.
func cipherLength(t, w string) bool {
	return utf8.RuneCountInString(t) <= utf8.RuneCountInString(w)+1
}

// idCount is an English word id and a count.
type idCount struct {
	id int32
	n  int
}

// cipherForm reports whether the cipher may read the Norm form t, which
// the collection of p writes n times: a form with a letter or a digit,
// no number of three digits or more, no name (capitalised in mid-sentence
// in half its places: `Inc.`), that holds a digit or does not look like
// an English word (the shape model: a word of the collection's subject
// does), and that English does not write, or that the collection writes
// cipherOverRatio times as often as English's rate of it predicts.
func cipherForm(p *profile.Profile, t string, n float64) bool {
	if !strings.ContainsFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return false
	}
	if digits(t) && utf8.RuneCountInString(t) > 2 {
		return false // a number
	}
	if float64(p.MidTitle(t).Mid)*2 >= n {
		return false // a name, or the short form of one (`Inc.`)
	}
	if !hasDigit(t) && looksEnglish(t) {
		return false
	}
	return !inEnglish(t) || n >= cipherOverRatio*expectedIn(p, t)
}

// cipherFixes changes, in out (the decoded output of words), the tokens
// whose Norm form the collection's cipher reads (collectionCipher), in a
// collection and a document of modern spelling (modern), into its reading
// where English, the decided words on both sides given, finds it likelier
// than the token (as an English word, or an unknown one): `comply mm the`
// -> with. Left alone: a token the decisions changed, unless into a word
// another form of the cipher reads (mm made in, which `1n` stands for)
// and less likely than the reading; a capital letter alone (an initial, a
// numeral) and a letter with a full stop (`p. m.`); a token own reports
// as the collection's own spelling (a convention of its print: `haue` for
// have; nil: none); a token whose marks cipherAffixes refuses. The word
// takes the token's capital (`Th1:` -> This) or one at a sentence's start,
// and the token's marks, but for the colons the collection writes after
// the form in cipherColonShare of its places or more (`1:` for it: the
// colon is the engine's t).
func cipherFixes(out, words []string, p *profile.Profile, modern bool, own func(string) bool) {
	if !modern {
		return
	}
	c := collectionCipher(p)
	if len(c) == 0 {
		return
	}
	probes := decidedProbes{out: out, words: words}
	for i, w := range words {
		po, co, so := candgen.SplitAffix(w)
		n := profile.Norm(co)
		read := c[n]
		if read == "" || out[i] != w && !c.readsOther(profile.Norm(out[i]), n) || capitalLetter(co) || initial(w) || own != nil && own(w) {
			continue
		}
		col := cipherColons(p, co)
		if !cipherAffixes(po, co, so, col) {
			continue
		}
		pr := probes.at(i)
		if !pr.ok {
			continue
		}
		keep := pr.at(pr.m.ID(n))
		if out[i] != w {
			keep = max(keep, pr.at(pr.m.ID(profile.Norm(out[i]))))
		}
		if pr.at(pr.m.ID(read)) <= keep {
			continue
		}
		if col {
			so = strings.TrimLeft(so, ":")
		}
		if r, _ := utf8.DecodeRuneInString(co); unicode.IsUpper(r) || sentenceStartAt(probes.ctx, i) {
			read = titled(read)
		}
		out[i] = po + read + so
	}
}

// readsOther reports whether the word w (a Norm form) is the reading of
// a form of the cipher other than form: a word the decisions made of a
// form (mm -> in) is kept where it is the form's own reading, or no
// reading at all (the ranker's did for `dld`), and is read again where
// another form accounts for its absence (`1n` for in).
func (c cipher) readsOther(w, form string) bool {
	for f, r := range c {
		if f != form && r == w {
			return true
		}
	}
	return false
}

// cipherAffixes reports whether a token of core co, leading marks po
// and trailing marks so, may be read by the cipher: a word's marks (a
// quote or a bracket before it; after it, the marks that end a word), and
// for a core of digits none but the colons the collection writes after
// it as part of the form (col: the colon is part of `1:`, and a bare 1 is
// a number) or none at all where they are not (`15` for is, but not
// `15.`, `$15` or `15%`).
func cipherAffixes(po, co, so string, col bool) bool {
	if strings.ContainsAny(po+so, "$£%&#/+=") || strings.ContainsFunc(po+so, unicode.IsDigit) {
		return false
	}
	if !digits(co) {
		return true
	}
	if po != "" {
		return false
	}
	if col {
		return strings.HasPrefix(so, ":") && strings.Trim(so, ":.,;") == ""
	}
	return so == ""
}

// cipherColonShare: the colons after a form the cipher reads belong to
// the form where the collection writes them after it in this share of its
// occurrences or more.
const cipherColonShare = 0.25

// cipherColons reports whether the collection of p writes a colon after
// the word core (a token's core, candgen.SplitAffix) in cipherColonShare
// of its occurrences or more.
func cipherColons(p *profile.Profile, core string) bool {
	all := p.Word(profile.Norm(core)).N
	if all == 0 {
		return false
	}
	k := 0
	for _, s := range []string{":", "::", ":,", ":.", ":;", "::,", "::."} {
		k += int(p.Exact(core + s).N)
	}
	return float64(k) >= cipherColonShare*float64(all)
}

// sentenceStartAt reports whether position i of words starts a sentence:
// the first word, or one after a word ending in a full stop, a question
// or an exclamation mark (quotes and brackets after it aside). Not
// profile.MidSentence's test, which takes a colon for an end a capital
// may follow: ads-fall2018's `respects: 1: would` had become It, 20
// words fewer matched.
func sentenceStartAt(words []string, i int) bool {
	if i == 0 {
		return true
	}
	prev := strings.TrimRight(words[i-1], "\"'”’)]")
	return strings.HasSuffix(prev, ".") || strings.HasSuffix(prev, "?") || strings.HasSuffix(prev, "!")
}

// capitalLetter reports whether core is one capital letter (an initial,
// a numeral: `M` is no misreading of to where `m` is).
func capitalLetter(core string) bool {
	r, size := utf8.DecodeRuneInString(core)
	return size == len(core) && unicode.IsUpper(r)
}

// titled returns w with its first letter upper-case.
func titled(w string) string {
	r, size := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[size:]
}
