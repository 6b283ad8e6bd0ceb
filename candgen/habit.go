package candgen

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Habit is a systematic misreading of one rune as another by the OCR of
// one collection, found in its own text rather than in training (the long
// s of 17th- and 18th-century print read as f: `fuch`, `himfelf`,
// `poffeffion`), or, marked Convention, a spelling of its print that
// looks like one (u for v in `haue`).
type Habit struct {
	True rune
	OCR  string // one letter, or two (h read as li)
	// Rate is the share of the true rune's occurrences read as OCR.
	Rate float64
	// Words and Tokens are the evidence: the distinct OCR words (and their
	// occurrences) that become known words with the rune put back.
	Words, Tokens int
	// Expected is the Rate the confusion model had for the misreading.
	Expected float64
	// Convention says the collection writes the letter so on purpose (a
	// spelling convention of its print or transcription: u for v in
	// `haue`), not by misreading it: Adapted leaves it out.
	Convention bool
	// Case says the OCR writes the capital of True at the start of words
	// in mid-sentence, where the print has the small letter: an engine that
	// takes the small c, s, v or w for the capital, whose shape differs
	// only in size (`is Very important`). OCR is then the start of the
	// words it does so in, capitalised (the first two letters: `Si` for
	// since and significant, where such and said keep their s); Words and
	// Tokens are the words that show it and their capitalised occurrences,
	// Rate their share of those words' occurrences. The confusion does not
	// model it (Adapted leaves it out); package model lowers such capitals.
	Case bool
	// Joins says the OCR runs words together (`ofthe`, `piousand`) more
	// often than the model's training collections did: True is a space,
	// OCR empty, Rate the share of the collection's frequent pairs of
	// words written run together, Expected the highest such share among
	// the training collections, Words the distinct pairs and Tokens their
	// occurrences. The
	// confusion does not model it (Adapted leaves it out); package model
	// splits such words.
	Joins bool
	// Breaks says the OCR breaks words in two (`wit h`, `tak es`) more
	// often than the model's training collections did: True is a space,
	// OCR empty, Rate the share of the collection's frequent words written
	// in two pieces, Expected the highest such share among the training
	// collections, Words the distinct words and Tokens the broken
	// occurrences. The confusion does
	// not model it; package model joins such pieces.
	Breaks bool
	// Short says, of a habit of words broken apart, that one of the two
	// pieces is a single letter (`wit h`); such breaks and those into
	// longer pieces (`develop ment`) are two habits.
	Short bool
	// Weak says the misreading was found on weaker evidence: it stands
	// out of the model's expectation but not out of the collection's other
	// misreadings (package model's noisyHabit, for OCR as noisy as a
	// newspaper's). Adapted expects it as any other, but a confusion
	// adapted to weak habits alone keeps the trained skeleton of its
	// deletion index (learnSkeleton): OCR noisy at random shows such
	// habits, and the wider classes cost words there.
	Weak bool
}

// String describes the habit for a log: `s read as f (31.0% of s; 1.2e-05
// in training; 412 words, 3518 tokens)`, or `u written for v, a spelling
// convention (...)`; a Weak habit says so at the end (`...; weak evidence:
// not above the collection's other misreadings)`).
func (h Habit) String() string {
	s := fmt.Sprintf("%c read as %s (%s%% of %c; %.2g in training; %d words, %d tokens)",
		h.True, h.OCR, percent(h.Rate), h.True, h.Expected, h.Words, h.Tokens)
	if h.Breaks {
		kind := "into pieces of two letters or more"
		if h.Short {
			kind = "a letter from the rest"
		}
		return fmt.Sprintf("words broken apart, %s (%.2f%% of the frequent words; %.2g in training; %d words, %d tokens)",
			kind, 100*h.Rate, h.Expected, h.Words, h.Tokens)
	}
	if h.Joins {
		return fmt.Sprintf("words run together (%.2f%% of the frequent pairs of words; %.2g in training; %d pairs, %d tokens)",
			100*h.Rate, h.Expected, h.Words, h.Tokens)
	}
	if h.Case {
		return fmt.Sprintf("%s written %s in mid-sentence (%s%% of %d words showing it, %d tokens)",
			strings.ToLower(h.OCR), h.OCR, percent(h.Rate), h.Words, h.Tokens)
	}
	if h.Convention {
		s = fmt.Sprintf("%s written for %c, a spelling convention (%s%% of %c; %d words, %d tokens)",
			h.OCR, h.True, percent(h.Rate), h.True, h.Words, h.Tokens)
	}
	if h.Weak {
		s = strings.TrimSuffix(s, ")") + "; weak evidence: not above the collection's other misreadings)"
	}
	return s
}

// percent writes the share r as a percentage to one decimal, or to two
// significant digits below 0.1% (a rare capital's habit: 0.043%, not 0.0%).
func percent(r float64) string {
	if p := 100 * r; p < 0.1 {
		v, _ := strconv.ParseFloat(fmt.Sprintf("%.2g", p), 64) // two significant digits
		return strconv.FormatFloat(v, 'f', -1, 64)             // never 5e-05
	}
	return fmt.Sprintf("%.1f", 100*r)
}

// Describe returns the descriptions of habits (Habit.String), the letters
// read as one mark (a hyphen, a stop: `betwe-n`, `th.t`) in one, in the
// order of its first: an engine that writes a mark for letters it cannot
// read writes it for a dozen letters, some seldom.
func Describe(habits []Habit) []string {
	var out []string
	for i, h := range habits {
		if !h.mark() || h.Case || h.Convention {
			out = append(out, h.String())
			continue
		}
		sameMark := func(g Habit) bool { return g.mark() && !g.Case && !g.Convention && g.OCR == h.OCR }
		if slices.ContainsFunc(habits[:i], sameMark) {
			continue
		}
		var b strings.Builder
		words, tokens := 0, 0
		for _, g := range habits[i:] {
			if sameMark(g) {
				if b.Len() > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%c %.2g%%", g.True, 100*g.Rate)
				words += g.Words
				tokens += g.Tokens
			}
		}
		out = append(out, fmt.Sprintf("letters read as %s (%s of each; %d readings of words, %d tokens)", h.OCR, b.String(), words, tokens))
	}
	return out
}

// Adapted returns a copy of the confusion model that expects the habits
// (conventions and case habits left out): the share of each true rune's aligned
// occurrences read as the OCR rune
// becomes at least the habit's Rate, the copies of the true rune giving up
// the difference (so the rune's other confusions keep their counts). The
// receiver is unchanged; with no habit that raises a share it is returned
// itself. A generator made from the copy (NewGenerator) learns its
// skeleton from it, so a frequent habit also puts the two runes in one
// skeleton class, but not its look-alikes (the variants of an unknown
// word made without the lexicon), which stay those of the trained model:
// a habit is learned from words that become known ones and says nothing
// about names and terms no lexicon holds, and under a habit as strong as
// ads-fall2018's (three i in four read as l) every l of a chemical name
// would be a coin toss (`glycol` -> `giycol`).
func (c *Confusion) Adapted(habits []Habit) *Confusion {
	var d *Confusion
	for _, h := range habits {
		t, o := string(h.True), h.OCR
		if h.Convention || h.Case || h.Joins || h.Breaks || t == o || o == "" || !(h.Rate > 0) {
			continue
		}
		src := c
		if d != nil {
			src = d
		}
		n := src.nTrue[h.True]
		copies := src.ops[opKey{t, t}]
		add := int(math.Round(math.Min(h.Rate, 1)*n)) - src.ops[opKey{t, o}]
		add = min(add, copies)
		if add <= 0 {
			continue
		}
		if d == nil {
			d = c.clone()
		}
		d.ops[opKey{t, o}] += add
		d.ops[opKey{t, t}] -= add
		d.habits = append(d.habits, h)
	}
	if d == nil {
		return c
	}
	d.finish()
	return d
}

// WithSubstitutionFloor returns c with every reading of a letter as
// another letter, learned or not, priced at cost nats at most: a model
// learned from a few hundred thousand words of one engine's reading
// charges a frequent letter's unseen substitution some 20 nats (a chance
// of two in a billion, the smoothing's) and one seen once some 12 to 14,
// while an engine it never saw misreads letters in ways the training one
// never did (`steitionary`, `utmoq`). A letter read as a digit or a mark,
// or a digit as a letter, keeps its cost: a number is no misread word
// (`fined 5s` is not `fined is`), and the look-alikes an engine does read
// so (l and 1, O and 0) are learned. Deletions and insertions keep theirs
// too; the floor is kept when the result is Adapted. The counts, and so
// what WriteTo saves and Trained returns, are c's. A cost that is not
// positive (or NaN) sets no floor: c itself.
func (c *Confusion) WithSubstitutionFloor(cost float64) *Confusion {
	if !(cost > 0) {
		return c
	}
	d := c.clone()
	d.subFloor = float32(cost)
	d.finish()
	return d
}

// Undo returns the forms of the lower-case word w with the habit undone:
// its OCR letters put back to the true letter at all places, then at each
// place alone (`wliicli` -> `which`, `whicli`, `wliich`), without
// repeats; none when w holds no OCR letters of the habit.
func (h Habit) Undo(w string) []string {
	if h.OCR == "" {
		return nil
	}
	return putBack(w, h.OCR, string(h.True))
}

// putBack returns the forms of w with the OCR letters ocr put back to the
// true letters t at all places, then at each place alone, without
// repeats; none when w does not hold ocr (not empty).
func putBack(w, ocr, t string) []string {
	if !strings.Contains(w, ocr) {
		return nil
	}
	out := []string{strings.ReplaceAll(w, ocr, t)}
	for i := 0; i < len(w); i++ {
		j := strings.Index(w[i:], ocr)
		if j < 0 {
			break
		}
		i += j
		if v := w[:i] + t + w[i+len(ocr):]; !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// maxUndoes bounds the length in bytes of the words Undoes compares.
const maxUndoes = 64

// Undoes reports whether the word c is the word w with the habit undone at
// one or more of the places w holds the habit's OCR letters, the rest of
// the two alike (`guldellnes` -> `guidelines` for i read as l: two of its
// three l put back; `fucceffful` -> `successful` for the long s read as f,
// which Undo's forms, one place or all, do not reach). Case is compared as
// given; words longer than maxUndoes bytes are not compared.
func (h Habit) Undoes(w, c string) bool {
	if h.OCR == "" || len(w) > maxUndoes || len(c) > maxUndoes {
		return false
	}
	return undoesFrom(w, c, h.OCR, string(h.True), false)
}

// undoesFrom is Habit.Undoes of the rests w and c, undone saying whether a
// place was put back before them.
func undoesFrom(w, c, ocr, t string, undone bool) bool {
	if w == "" {
		return c == "" && undone
	}
	if strings.HasPrefix(w, ocr) && strings.HasPrefix(c, t) && undoesFrom(w[len(ocr):], c[len(t):], ocr, t, true) {
		return true
	}
	r, n := utf8.DecodeRuneInString(w)
	q, m := utf8.DecodeRuneInString(c)
	return c != "" && r == q && undoesFrom(w[n:], c[m:], ocr, t, undone)
}

// habitVariants returns the forms of the lower-case core w with a habit
// the confusion was Adapted to undone (Habit.Undo: `tliat` -> `that`), at
// most maxHabitVariants: the candidates a generator looks up in the
// lexicon beside those its skeleton search finds, which a habit of one
// letter read as two can put out of its reach.
func (c *Confusion) habitVariants(w string) []string {
	var out []string
	for _, h := range c.habits {
		if h.mark() {
			continue // markVariants's
		}
		for _, v := range h.Undo(w) {
			if len(out) == maxHabitVariants {
				return out
			}
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// mark reports whether h is a letter read as a mark (a hyphen, a stop:
// `betwe-n`, `th.t`).
func (h Habit) mark() bool {
	r, n := utf8.DecodeRuneInString(h.OCR)
	return n > 0 && n == len(h.OCR) && !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// markVariants returns the forms of the lower-case core w with a letter
// put back for one of its marks that a habit the confusion was Adapted to
// reads the letter as (`betwe-n` -> `between`, `betwoen`, ...), the
// habits' in their order, at most maxMarkVariants: the forms a generator
// looks for in the lexicon, which the skeleton search, keeping marks as
// they are, does not reach from the OCR form.
func (c *Confusion) markVariants(w string) []string {
	var out []string
	for _, h := range c.habits {
		if !h.mark() {
			continue
		}
		for i := strings.Index(w, h.OCR); i >= 0; {
			if len(out) == maxMarkVariants {
				return out
			}
			out = append(out, w[:i]+string(h.True)+w[i+len(h.OCR):])
			j := strings.Index(w[i+len(h.OCR):], h.OCR)
			if j < 0 {
				break
			}
			i += len(h.OCR) + j
		}
	}
	return out
}

// maxMarkVariants bounds the variants markVariants returns.
const maxMarkVariants = 64

// maxHabitVariants bounds the variants habitVariants returns.
const maxHabitVariants = 8

// join is a reading of two true letters as one that a model learned (rn
// read as m): the OCR letter and the true letters.
type join struct{ ocr, truth string }

// learnJoins returns the two-for-one readings of lower-case letters that
// c learned at least glyphMinCount times at a rate of at least minRate
// (glyphMinRate: the pairs whose reverse GlyphPriors expects; joinMinRate:
// those a generator looks up), sorted.
func learnJoins(c *Confusion, minRate float64) []join {
	var out []join
	for k, n := range c.ops {
		if len(k.T) == 2 && len(k.O) == 1 && n >= glyphMinCount && lowerASCII(k.T) && lowerASCII(k.O) && c.SubRate(k.T, k.O) >= minRate {
			out = append(out, join{k.O, k.T})
		}
	}
	slices.SortFunc(out, compareJoins)
	return out
}

// compareJoins orders joins by OCR letter, then true letters.
func compareJoins(a, b join) int {
	return cmp.Or(strings.Compare(a.ocr, b.ocr), strings.Compare(a.truth, b.truth))
}

// compareHabits orders habits by true letter, then OCR letters (the order
// of GlyphPriors and ShapePriors).
func compareHabits(a, b Habit) int {
	return cmp.Or(cmp.Compare(a.True, b.True), strings.Compare(a.OCR, b.OCR))
}

// clone returns a copy of c whose counts can change without touching c;
// the derived tables are c's until finish makes new ones.
func (c *Confusion) clone() *Confusion {
	d := *c
	d.ops = maps.Clone(c.ops)
	d.habits = slices.Clone(c.habits)
	if d.trained == nil {
		d.trained = c
	}
	return &d
}

// Thresholds of GlyphPriors: the learned two-for-one readings it reverses
// are those seen at least glyphMinCount times and at a rate of at least
// glyphMinRate (fixed priors: of the built-in model's 368 two-for-one
// readings of lower-case letters they keep 25, `li` read as h at 1.5%
// and `rn` as m at 19% among them, and drop the alignment noise of pairs
// seen a few times).
const (
	glyphMinRate  = 0.005
	glyphMinCount = 10
)

// joinMinRate is glyphMinRate for the two-for-one readings a generator
// with Options.Joins looks up: a look-up only adds a candidate, which the
// confusion model prices, so rarer readings serve (ri read as m, ti as
// u, in as m: 65 readings in the built-in model against 25).
// With the held-out models of bench -transfer (words matched / broken,
// against glyphMinRate): embedded +5 / 0, early +2 / 0 (`mpe` -> ripe),
// periodicals +7 / 0 (`ume` -> time, `mth` -> with), science-law +1 / 0,
// ads-fall2018 with the built-in model +29 / +1; at 0.001 (60 readings)
// +7, +6, +12, +1 and +26 matched for 3 more broken on ads-fall2018; two
// letters read as two (im as un: ads-fall2018's `unpact`) at 0.002, +3 /
// +1, 0 / +3, +11 / 0, +1 / 0, +30 / +4. Since the look-ups are made for
// words the lexicon knows too, 0.0005 (65 readings; lower rates add none,
// glyphMinCount deciding), against 0.002: embedded -1 / 0, early +2 / 0,
// periodicals +12 / -6 (`imo` -> into, `mamel` -> mantel, `glimed` ->
// glinted), science-law the same, ads-fall2018 -2 / -1, and the
// HIPE-OCRepair sets in JSONL: BL +1 (cMER reduction 18.9% -> 19.3%),
// Trove the same words (25.2% -> 25.3%), ICDAR 2017 +1 (28.8%, 42 of
// its 50 records' cMER lowered against 41); 0.001 gave within 3 words of
// that on each, ICDAR 2 words fewer and 1 more broken.
const joinMinRate = 0.0005

// GlyphPriors returns the misreadings of one letter as two that are the
// reverse of the two-for-one readings the model learned: where it learned
// that `li` is read as h (`h` for `li`, 1.5% of li in Tesseract's renders)
// the shapes are alike, and an engine or a print that splits the h reads
// h as li (`tlie`, `wliich`, as old OCR of worn type does), which the
// renders the model learned from hardly ever show. Each is a Habit (no
// Words nor Tokens of evidence) whose Rate is share times the learned
// rate of the reverse, for the pairs of lower-case ASCII letters learned
// at least glyphMinCount times at a rate of at least glyphMinRate, where
// the model's own rate of the misreading is lower; sorted by true letter
// and OCR letters. Adapted to them, the confusion generates `the` for
// `tlie` whatever the collection's size: a habit found in a collection's
// profile (package model) needs dozens of its words, a single page has a
// handful.
func (c *Confusion) GlyphPriors(share float64) []Habit {
	var out []Habit
	for _, j := range learnJoins(c, glyphMinRate) {
		if r, exp := share*c.SubRate(j.truth, j.ocr), c.SubRate(j.ocr, j.truth); r > exp {
			out = append(out, Habit{True: rune(j.ocr[0]), OCR: j.truth, Rate: r, Expected: exp})
		}
	}
	slices.SortFunc(out, compareHabits)
	return out
}

// shapeJoins are the pairs of one letter and two that are alike in print
// whatever the engine or the collection, as join values (the one letter
// as ocr, the two as truth): m and rn, in, ni, tn, ru; w and vv, iv, vi;
// h and li, il, ii; d and cl; n and ri, ii; u and ii, ti; k and lc. A fixed
// list, not learned: a model learns only the ones its training engine
// makes (Tesseract on the renders reads rn as m, hardly ever m as tn), and
// another engine on worn type makes the others (`frotn` for from, `titne`
// for time, `ivaiting` for waiting in the British Library's newspapers,
// and `tile` for the there, in Trove's and in the ICDAR 2017 periodical:
// h read as il, with the held-out models and the built-in one BL 23.5% ->
// 23.9% cMER lower, Trove and ICDAR 2017 a word more each, periodicals and
// science-law one change more that neither helped nor hurt, the rest the
// same words).
// A generator with Options.Joins looks them up both ways beside the
// learned ones; ShapePriors prices the one letter read as the two.
var shapeJoins = []join{{"d", "cl"}, {"h", "ii"}, {"h", "il"}, {"h", "li"}, {"k", "lc"}, {"m", "in"}, {"m", "ni"}, {"m", "rn"}, {"m", "ru"}, {"m", "tn"},
	{"n", "ii"}, {"n", "ri"}, {"u", "ii"}, {"u", "ti"}, {"w", "iv"}, {"w", "vi"}, {"w", "vv"}}

// shapeCaps are the pairs of a capital and two capitals alike in print
// (W and IV, VV; H and II: `TIIE` for THE in a heading), which
// ShapePriors prices beside shapeJoins; a generator looks words up in
// lower case, so shapeJoins finds them.
var shapeCaps = []join{{"H", "II"}, {"W", "IV"}, {"W", "VV"}}

// shapeCapitals are the pairs of capitals alike in print, each read for
// the other in worn or bold type: the letters of a stem with bowls or arms
// (B, E, F, K, P, R) and the round ones (C, D, G, O, Q), as join values
// both ways round (`CREOSOTKD` for CREOSOTED, `MORTOAOES` for MORTGAGES,
// `QUBKNSTOWN` for QUEENSTOWN in a newspaper's headings), and the digits
// that a capital is read as (S as 8 or 5, B as 8, O as 0, G as 6, I as 1:
// `8TEAMERS`, `C0NTENTS`). A fixed list, not learned: the renders a model
// learns from set few words in capitals, and an engine reads a heading's
// type as it reads no running text. A generator with Options.Joins looks
// up, for a word in capitals the lexicon lacks, the words they hide
// (capitalVariants); CapitalPriors prices them.
var shapeCapitals = func() []join {
	var out []join
	for _, p := range []string{"BE", "BR", "EF", "EK", "FP", "KR", "PR", "CG", "CO", "DO", "GO", "OQ"} {
		out = append(out, join{p[:1], p[1:]}, join{p[1:], p[:1]})
	}
	for _, p := range []string{"0O", "1I", "5S", "6G", "8S", "8B"} {
		out = append(out, join{p[:1], p[1:]})
	}
	return out // in this order: a digit's first letter is its likelier
}()

// capitalMinRunes is the fewest runes of a word in capitals whose
// look-alike capitals are put back (capitalVariants), two of them letters
// at least: shorter ones are mostly abbreviations, initials and figures,
// as upperMinRunes in package model.
const capitalMinRunes = 4

// capitalMaxRunes is the longest word in capitals capitalVariants reads:
// its variants grow with the square of the length, and a longer run of
// capitals is a garbled line, not a word.
const capitalMaxRunes = 24

// capitalVariants returns the lower-case forms of the word in capitals
// core (capitals and digits, capitalMinRunes to capitalMaxRunes runes, two
// of them letters at least) with one capital or digit, then two, read as another
// alike in print put back (shapeCapitals), and the same again from the
// form with every digit put back to its likelier letter (`G00D8` ->
// GOODS: a figure inside a word in capitals is a misread letter, however
// many there are); without repeats; none for any other core.
func capitalVariants(core string) []string {
	rs := []rune(core)
	if len(rs) < capitalMinRunes || len(rs) > capitalMaxRunes {
		return nil
	}
	letters := 0
	for _, r := range rs {
		switch {
		case r >= 'A' && r <= 'Z':
			letters++
		case r < '0' || r > '9':
			return nil
		}
	}
	if letters < 2 {
		return nil
	}
	alts := make([][]rune, len(rs))
	for i, r := range rs {
		for _, j := range shapeCapitals {
			if rune(j.ocr[0]) == r {
				alts[i] = append(alts[i], rune(j.truth[0]))
			}
		}
	}
	var out []string
	seen := map[string]bool{lower(core): true}
	emit := func(rs []rune) {
		if v := strings.ToLower(string(rs)); !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	// one or two put back, from rs
	edits := func(rs []rune) {
		for i := range rs {
			o := rs[i]
			for _, a := range alts[i] {
				rs[i] = a
				emit(rs)
				for k := i + 1; k < len(rs); k++ {
					p := rs[k]
					for _, b := range alts[k] {
						rs[k] = b
						emit(rs)
					}
					rs[k] = p
				}
			}
			rs[i] = o
		}
	}
	edits(rs)
	if letters < len(rs) {
		for i, r := range rs {
			if r <= '9' && len(alts[i]) > 0 {
				rs[i] = alts[i][0]
			}
		}
		emit(rs)
		edits(rs)
	}
	return out
}

// ShapePriors returns, as GlyphPriors does for the readings the model
// learned, the misreadings of one letter as two alike in print
// (shapeJoins, shapeCaps) that the model expects at a rate below rate:
// Habits (no Words nor Tokens of evidence) at rate, sorted by true letter
// and OCR letters. Adapted to them, a confusion prices `from` for `frotn`
// as a rare but possible reading, not as three unrelated edits.
func (c *Confusion) ShapePriors(rate float64) []Habit {
	// a join's ocr is the one letter, its truth the two it is read as
	return c.priors(slices.Concat(shapeJoins, shapeCaps), rate, func(j join) (string, string) { return j.ocr, j.truth })
}

// CapitalPriors returns, as ShapePriors does for a letter read as two, the
// misreadings of a capital as another alike in print (shapeCapitals) that
// the model expects at a rate below rate: Habits at rate, sorted by true
// letter and OCR letter. Adapted to them, a confusion prices CREOSOTED
// for `CREOSOTKD` as a rare reading, not as an unseen one.
func (c *Confusion) CapitalPriors(rate float64) []Habit {
	return c.priors(shapeCapitals, rate, func(j join) (string, string) { return j.truth, j.ocr })
}

// priors returns the Habits at rate of the misreadings of joins whose
// true letter and OCR letters pair gives (the true one a single rune)
// that c expects at a rate below rate, sorted by true letter and OCR
// letters: ShapePriors's and CapitalPriors's.
func (c *Confusion) priors(joins []join, rate float64, pair func(join) (truth, ocr string)) []Habit {
	var out []Habit
	for _, j := range joins {
		t, o := pair(j)
		if exp := c.SubRate(t, o); rate > exp {
			out = append(out, Habit{True: rune(t[0]), OCR: o, Rate: rate, Expected: exp})
		}
	}
	slices.SortFunc(out, compareHabits)
	return out
}

// lowerASCII says whether s is lower-case ASCII letters only (and not
// empty).
func lowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return s != ""
}

// Trained returns the confusion learned in training that c was Adapted or
// floored (WithSubstitutionFloor) from, or c itself when it was neither:
// what a model file keeps.
func (c *Confusion) Trained() *Confusion {
	if c.trained != nil {
		return c.trained
	}
	return c
}
