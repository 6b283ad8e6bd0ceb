package candgen

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAdapted(t *testing.T) {
	c := LearnConfusion(tinyPairs(), ConfusionOptions{})
	if c.Adapted(nil) != c {
		t.Error("no habits: Adapted made a copy")
	}
	if c.Adapted([]Habit{{True: 'e', OCR: "e", Rate: 0.5}, {True: 's', OCR: "f", Rate: 0}}) != c {
		t.Error("habits that change nothing: Adapted made a copy")
	}
	before := c.LogProb("fome", "some")
	copies := c.Count("s", "s")
	a := c.Adapted([]Habit{{True: 's', OCR: "f", Rate: 0.3}})
	if c.LogProb("fome", "some") != before || c.Count("s", "f") != 0 {
		t.Error("Adapted changed the receiver")
	}
	if r := a.SubRate("s", "f"); r < 0.25 || r > 0.35 {
		t.Errorf("adapted share of s read as f = %.3f, want 0.3", r)
	}
	if a.Count("s", "s")+a.Count("s", "f") != copies {
		t.Errorf("the copies of s did not give up the share: %d + %d != %d", a.Count("s", "s"), a.Count("s", "f"), copies)
	}
	after := a.LogProb("fome", "some")
	if !(after > before+3) {
		t.Errorf("LogProb(fome|some) %.2f adapted, %.2f trained: the habit is not expected", after, before)
	}
	if x, y := a.LogProb("the", "the"), c.LogProb("the", "the"); x != y {
		t.Errorf("a word without s changed: %v != %v", x, y)
	}
	// a lower rate than the model's own is no habit to adapt to
	if a.Adapted([]Habit{{True: 's', OCR: "f", Rate: 0.1}}) != a {
		t.Error("a habit the model already expects made a copy")
	}
}

// TestAdaptedGenerator: a generator over an adapted confusion finds the
// words a habit hides, even several edits away (the two runes share a
// skeleton class), but keeps the look-alikes of the trained model: an
// unknown word is not rewritten on the habit's odds.
func TestAdaptedGenerator(t *testing.T) {
	pairs := tinyPairs()
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := tinyLexicon(pairs, "possession necessary such some first himself", 5)
	plain := NewGenerator(conf, lex, Options{})
	g := NewGenerator(conf.Adapted([]Habit{{True: 's', OCR: "f", Rate: 0.6}}), lex, Options{})
	ocr := strings.Fields("poffeffion neceffary fuch firft himfelf Fiffel")
	out := g.Generate(ocr, nil)
	for i, want := range []string{"possession", "necessary", "such", "first", "himself"} {
		if !hasCand(out[i], want, 1) {
			t.Errorf("%s: %s not among %v", ocr[i], want, texts(out[i]))
		}
		if top := out[i][0].Text; top != want {
			t.Errorf("%s: best candidate %s, want %s", ocr[i], top, want)
		}
	}
	if hasCand(out[5], "Fissel", 1) || hasCand(out[5], "Sissel", 1) {
		t.Errorf("an unknown word got look-alikes from the habit: %v", texts(out[5]))
	}
	// four substitutions are past the trained model's edit bound
	if base := plain.Generate(ocr, nil); hasCand(base[0], "possession", 1) {
		t.Errorf("the trained model alone proposes possession for poffeffion: %v", texts(base[0]))
	}
}

func TestAdaptedLeavesConventionsOut(t *testing.T) {
	c := LearnConfusion(tinyPairs(), ConfusionOptions{})
	if c.Adapted([]Habit{{True: 'v', OCR: "u", Rate: 0.4, Convention: true}}) != c {
		t.Error("a convention changed the confusion model")
	}
	h := Habit{True: 'v', OCR: "u", Rate: 0.4, Words: 30, Tokens: 90, Convention: true}
	if s := h.String(); s != "u written for v, a spelling convention (40.0% of v; 30 words, 90 tokens)" {
		t.Errorf("String() = %q", s)
	}
}

// TestAdaptedTwoLetters: a habit of one letter read as two (h as li) puts
// the words it hides among the candidates, beyond the skeleton search.
func TestAdaptedTwoLetters(t *testing.T) {
	pairs := tinyPairs()
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := tinyLexicon(pairs, "that have which tile time he lie", 5)
	a := conf.Adapted([]Habit{{True: 'h', OCR: "li", Rate: 0.3}})
	if got := a.habitVariants("wliicli"); !slices.Equal(got, []string{"which", "whicli", "wliich"}) {
		t.Errorf("habitVariants(wliicli) = %q", got)
	}
	if got := a.habitVariants("plain"); len(got) != 0 {
		t.Errorf("habitVariants(plain) = %q", got)
	}
	if !(a.LogProb("tliat", "that") > conf.LogProb("tliat", "that")+5) {
		t.Errorf("LogProb(tliat|that) %.2f adapted, %.2f trained", a.LogProb("tliat", "that"), conf.LogProb("tliat", "that"))
	}
	// a word the lexicon knows is one the habit may have made of another
	// (lie for he)
	out := NewGenerator(a, lex, Options{}).Generate(strings.Fields("tliat liave wliicli lie"), nil)
	for i, want := range []string{"that", "have", "which", "he"} {
		if !hasCand(out[i], want, 1) {
			t.Errorf("%s not among %v", want, texts(out[i]))
		}
	}
}

func TestHabitUndo(t *testing.T) {
	for _, c := range []struct {
		h    Habit
		w    string
		want []string
	}{
		{Habit{True: 's', OCR: "f"}, "poffeffion", []string{"possession", "posfeffion", "pofseffion", "poffesfion", "poffefsion"}},
		{Habit{True: 's', OCR: "f"}, "fuch", []string{"such"}},
		{Habit{True: 'h', OCR: "li"}, "tliat", []string{"that"}},
		{Habit{True: 's', OCR: "f"}, "such", nil},
		{Habit{True: 's', OCR: ""}, "such", nil},
	} {
		if got := c.h.Undo(c.w); !slices.Equal(got, c.want) {
			t.Errorf("%v.Undo(%q) = %q, want %q", c.h, c.w, got, c.want)
		}
	}
}

// TestHabitUndoes: a word with the habit undone at any of its places,
// nothing else changed.
func TestHabitUndoes(t *testing.T) {
	s, l, h := Habit{True: 's', OCR: "f"}, Habit{True: 'i', OCR: "l"}, Habit{True: 'h', OCR: "li"}
	for _, c := range []struct {
		h    Habit
		w, c string
		want bool
	}{
		{s, "fucceffful", "successful", true}, // three places of four
		{s, "poffeffion", "possession", true}, // all
		{s, "fuch", "such", true},
		{l, "guldellnes", "guidelines", true},
		{l, "televlslon", "television", true},
		{h, "wliicli", "which", true},
		{h, "wliicli", "whicli", true},
		{s, "such", "such", false},              // nothing undone
		{s, "fuch", "much", false},              // another letter
		{s, "fucceffful", "successfull", false}, // a letter added
		{l, "guldellnes", "guidelines.", false},
		{l, "all", "ail", true},
		{l, "all", "al", false},
		{Habit{True: 's'}, "such", "such", false},
		{s, strings.Repeat("f", maxUndoes+1), strings.Repeat("s", maxUndoes+1), false},
	} {
		if got := c.h.Undoes(c.w, c.c); got != c.want {
			t.Errorf("%v.Undoes(%q, %q) = %v, want %v", c.h, c.w, c.c, got, c.want)
		}
	}
}

// TestGlyphPriors: the reverse of a two-for-one reading learned often
// enough (li read as h) becomes a prior habit at share times its rate,
// one seen too seldom (cl read as d, once) does not, and a confusion
// adapted to the priors proposes the words the reverse hides (tlie ->
// the) at far better odds than the trained one, and keeps the trained
// confusion for a model file.
func TestGlyphPriors(t *testing.T) {
	// h read right often enough that a share of its readings (the prior
	// times its count) is a multi-rune confusion the model keeps (MinMulti)
	pairs := readings("like little live slight the clear will", "hke httle hve sght the dear will", 6,
		strings.Repeat("the hills which had the line ", 10))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	learned := conf.SubRate("li", "h")
	if learned < glyphMinRate || conf.Count("li", "h") < glyphMinCount {
		t.Fatalf("li read as h learned %d times at %.3f: the test needs more", conf.Count("li", "h"), learned)
	}
	if conf.Count("cl", "d") == 0 || conf.Count("cl", "d") >= glyphMinCount {
		t.Fatalf("cl read as d learned %d times, want 1 to %d", conf.Count("cl", "d"), glyphMinCount-1)
	}
	priors := conf.GlyphPriors(0.1)
	if len(priors) != 1 || priors[0].True != 'h' || priors[0].OCR != "li" || math.Abs(priors[0].Rate-0.1*learned) > 1e-12 {
		t.Fatalf("GlyphPriors(0.1) = %v, want h read as li at %.4f only", priors, 0.1*learned)
	}
	if got := conf.GlyphPriors(0); len(got) != 0 {
		t.Errorf("GlyphPriors(0) = %v, want none (no rate above the model's own)", got)
	}
	a := conf.Adapted(priors)
	if a.Trained() != conf || conf.Trained() != conf {
		t.Error("Trained does not return the confusion learned in training")
	}
	if x, y := a.LogProb("tlie", "the"), conf.LogProb("tlie", "the"); !(x > y+3) {
		t.Errorf("LogProb(tlie|the) %.2f adapted, %.2f trained: the prior is not expected", x, y)
	}
	lex := tinyLexicon(pairs, "that which who", 5)
	words := strings.Fields("tlie wliich")
	out := NewGenerator(a, lex, Options{}).Generate(words, nil)
	for i, want := range []string{"the", "which"} {
		if !hasCand(out[i], want, 1) {
			t.Errorf("%s: %s not among %v", words[i], want, texts(out[i]))
		}
	}
}

// TestJoins: a reading of two letters as one that the model learned too
// seldom for a skeleton rewrite (rn read as m, 12 times in 132) still
// finds the word it hides where the skeleton search does not reach it:
// concerning for `conceming`, two skeleton edits away, whose search stops
// at conceding, one edit away.
func TestJoins(t *testing.T) {
	// n and m read right often enough that n read as m (the alignment's
	// other account of the same readings) joins no skeleton class
	pairs := readings("born turn horn corner", "bom tum hom comer", 3,
		strings.Repeat("the modern tern many men name nine mine ", 200))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	if n := conf.Count("rn", "m"); n < glyphMinCount || n >= skelRuleCount {
		t.Fatalf("rn read as m learned %d times, want %d to %d", n, glyphMinCount, skelRuleCount-1)
	}
	if got, want := learnJoins(conf, glyphMinRate), []join{{"m", "rn"}}; !slices.Equal(got, want) {
		t.Fatalf("learnJoins = %v, want %v", got, want)
	}
	// a reading too rare for GlyphPriors (ri read as n, 10 times in
	// 3,000) is still looked up
	rare := LearnConfusion(readings("ripe", "npe", 10, strings.Repeat("ripe rise ride ", 1000)), ConfusionOptions{})
	r := rare.SubRate("ri", "n")
	if r < joinMinRate || r >= glyphMinRate {
		t.Fatalf("ri read as n at %.4f, want %.4f to %.4f", r, joinMinRate, glyphMinRate)
	}
	if !slices.Contains(learnJoins(rare, joinMinRate), join{"n", "ri"}) || slices.Contains(learnJoins(rare, glyphMinRate), join{"n", "ri"}) {
		t.Errorf("ri read as n at %.4f: joins %v at joinMinRate, %v at glyphMinRate", r, learnJoins(rare, joinMinRate), learnJoins(rare, glyphMinRate))
	}
	lex := tinyLexicon(pairs, "concerning conceding from frown torn tom", 5)
	for _, joins := range []bool{true, false} {
		g := NewGenerator(conf, lex, Options{Joins: joins})
		if k := g.sk.key(nil, "conceming"); string(k) != "conceming" {
			t.Fatalf("skeleton of conceming %q: the test needs no skeleton class nor rewrite", string(k))
		}
		out := g.Generate([]string{"conceming", "frorn", "tom", "frotn"}, nil)
		if hasCand(out[0], "concerning", 1) != joins || !hasCand(out[0], "conceding", 1) {
			t.Errorf("Joins %v: conceming's candidates %v", joins, texts(out[0]))
		}
		// the reverse, one letter read as two (m as rn: `frorn`): from is
		// two skeleton edits away, frown one
		if hasCand(out[1], "from", 1) != joins || !hasCand(out[1], "frown", 1) {
			t.Errorf("Joins %v: frorn's candidates %v", joins, texts(out[1]))
		}
		// a word the lexicon knows is looked up too (tom for torn: two
		// skeleton edits, beyond a three-letter word's bound)
		if hasCand(out[2], "torn", 1) != joins {
			t.Errorf("Joins %v: tom's candidates %v", joins, texts(out[2]))
		}
		// a pair alike in print that the model never learned (m read as
		// tn, shapeJoins) is looked up as well
		if hasCand(out[3], "from", 1) != joins {
			t.Errorf("Joins %v: frotn's candidates %v", joins, texts(out[3]))
		}
	}
}

// TestJoinEdits: where a learned reading of two letters as one meets
// another misread letter (`tumish` for furnish: rn read as m, f as t),
// three skeleton edits from the word, beyond a six-letter core's bound of
// two, a generator with Joins searches the core with the reading undone
// (`turnish`) one edit deep, and a core of nine letters or more two edits
// deep; not for a capitalised core (a name), nor for one of which it
// found a likely misreading already.
func TestJoinEdits(t *testing.T) {
	pairs := readings("born turn horn corner", "bom tum hom comer", 3,
		strings.Repeat("the modern tern many men name nine mine ", 200))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := tinyLexicon(pairs, "furnish furnishings", 5)
	for _, joins := range []bool{true, false} {
		g := NewGenerator(conf, lex, Options{Joins: joins})
		if b := g.bound(len(g.sk.key(nil, "tumish"))); b != 2 {
			t.Fatalf("tumish's skeleton bound %d, want 2", b)
		}
		out := g.Generate([]string{"tumish", "Tumish", "tumishimgs"}, nil)
		if hasCand(out[0], "furnish", 1) != joins {
			t.Errorf("Joins %v: tumish's candidates %v", joins, texts(out[0]))
		}
		if hasCand(out[1], "Furnish", 1) || hasCand(out[1], "furnish", 1) {
			t.Errorf("Joins %v: Tumish's candidates %v", joins, texts(out[1]))
		}
		// a core of joinEditWideRunes letters or more, two edits from
		// the word with the reading undone (turnishimgs: f as t, n as m)
		if hasCand(out[2], "furnishings", 1) != joins {
			t.Errorf("Joins %v: tumishimgs's candidates %v", joins, texts(out[2]))
		}
	}
	// tunish, n read as m (likelier than e^joinEditConf), is found first:
	// no search beyond it
	if c := conf.LogProb("tumish", "tunish"); c < joinEditConf {
		t.Fatalf("tunish read as tumish at %.1f, want %v or more", c, joinEditConf)
	}
	out := NewGenerator(conf, tinyLexicon(pairs, "furnish tunish", 5), Options{Joins: true}).Generate([]string{"tumish"}, nil)
	if !hasCand(out[0], "tunish", 1) || hasCand(out[0], "furnish", 1) {
		t.Errorf("beside tunish: tumish's candidates %v", texts(out[0]))
	}
}

// TestShapePriors: a letter read as two alike in print that the
// training never showed (m read as tn, W as IV) is a prior habit at the
// rate asked, one the model expects more often is not, and a generator
// with Joins over a confusion adapted to the priors finds the word it
// hides (`frotn` -> from, `ivaiting` -> waiting).
func TestShapePriors(t *testing.T) {
	// m, w, h read right often enough that a thousandth of their count
	// is a multi-rune confusion the model keeps (MinMulti)
	pairs := readings("from the morning", "from the morning", 1,
		strings.Repeat("the modern man waited while women went home from town WHEN WE WENT HOME ", 3000))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	priors := conf.ShapePriors(0.001)
	find := func(hs []Habit, tr rune, ocr string) (Habit, bool) {
		i := slices.IndexFunc(hs, func(h Habit) bool { return h.True == tr && h.OCR == ocr })
		if i < 0 {
			return Habit{}, false
		}
		return hs[i], true
	}
	for _, p := range []struct {
		tr  rune
		ocr string
	}{{'m', "tn"}, {'w', "iv"}, {'W', "IV"}, {'H', "II"}, {'h', "ii"}} {
		if h, ok := find(priors, p.tr, p.ocr); !ok || h.Rate != 0.001 || h.Expected >= 0.001 {
			t.Errorf("ShapePriors(0.001): %c read as %s %v (found %v), want at 0.001", p.tr, p.ocr, h, ok)
		}
	}
	if !slices.IsSortedFunc(priors, func(a, b Habit) int { return cmp.Or(cmp.Compare(a.True, b.True), strings.Compare(a.OCR, b.OCR)) }) {
		t.Errorf("ShapePriors not sorted: %v", priors)
	}
	// a pair the model expects more often than the rate is no prior
	often := LearnConfusion(readings("from time", "frotn titne", 20, strings.Repeat("from time ", 50)), ConfusionOptions{})
	if r := often.SubRate("m", "tn"); r < 0.01 {
		t.Fatalf("m read as tn learned at %.4f: the test needs more", r)
	}
	if h, ok := find(often.ShapePriors(0.001), 'm', "tn"); ok {
		t.Errorf("ShapePriors(0.001) of a model that reads m as tn at %.3f: %v", often.SubRate("m", "tn"), h)
	}
	a := conf.Adapted(priors)
	for _, c := range [][2]string{{"frotn", "from"}, {"IVaiting", "Waiting"}, {"TIIE", "THE"}} {
		if x, y := a.LogProb(c[0], c[1]), conf.LogProb(c[0], c[1]); !(x > y+2) {
			t.Errorf("LogProb(%s|%s) %.2f adapted, %.2f trained: the prior is not expected", c[0], c[1], x, y)
		}
	}
	lex := tinyLexicon(pairs, "frown waiting baiting", 5)
	words := []string{"frotn", "ivaiting"}
	out := NewGenerator(a, lex, Options{Joins: true}).Generate(words, nil)
	for i, want := range []string{"from", "waiting"} {
		if !hasCand(out[i], want, 1) {
			t.Errorf("%s: %s not among %v", words[i], want, texts(out[i]))
		}
	}
}

// readings returns training pairs: the truth gt read as ocr, times times,
// then the text right read right.
func readings(gt, ocr string, times int, right string) []TrainPair {
	var pairs []TrainPair
	for range times {
		pairs = append(pairs, TrainPair{GT: strings.Fields(gt), OCR: strings.Fields(ocr)})
	}
	r := strings.Fields(right)
	return append(pairs, TrainPair{GT: r, OCR: r})
}

// TestAdaptedMarks: habits of letters read as a mark (ads-fall2018's
// `betwe-n`, `s-atlstlcal` where it also reads i as l) put the words they
// hide among the candidates, the mark's place being beyond the skeleton
// search, and are described as one habit of the mark.
func TestAdaptedMarks(t *testing.T) {
	pairs := tinyPairs()
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := tinyLexicon(pairs, "between statistical should having environmental criticized well known", 5)
	hs := []Habit{{True: 'i', OCR: "l", Rate: 0.5, Words: 100, Tokens: 900}, {True: 'e', OCR: "-", Rate: 0.05, Words: 30, Tokens: 40},
		{True: 't', OCR: "-", Rate: 0.02, Words: 3, Tokens: 4}, {True: 'o', OCR: "-", Rate: 0.03, Words: 20, Tokens: 25}, {True: 'a', OCR: "-", Rate: 0.01}}
	a := conf.Adapted(hs)
	if got := a.markVariants("betwe-n"); !slices.Contains(got, "between") || slices.Contains(got, "betwe-n") {
		t.Errorf("markVariants(betwe-n) = %q", got)
	}
	if got := a.markVariants("s-atlstlcal"); !slices.Equal(got, []string{"seatlstlcal", "statlstlcal", "soatlstlcal"}) {
		t.Errorf("markVariants(s-atlstlcal) = %q", got)
	}
	if got := a.habitVariants("betwe-n"); len(got) != 0 {
		t.Errorf("habitVariants(betwe-n) = %q (the marks are markVariants's)", got)
	}
	if got := a.markVariants("between"); len(got) != 0 {
		t.Errorf("markVariants(between) = %q", got)
	}
	out := NewGenerator(a, lex, Options{}).Generate(strings.Fields("betwe-n s-atlstlcal sh-uld h-vlng envlr-nmental crltlclz-d well-known"), nil)
	for i, want := range []string{"between", "statistical", "should", "having", "environmental", "criticized"} {
		if !hasCand(out[i], want, 1) {
			t.Errorf("%s not among %v", want, texts(out[i]))
		}
	}
	if base := NewGenerator(conf, lex, Options{}).Generate(strings.Fields("s-atlstlcal"), nil); hasCand(base[0], "statistical", 1) {
		t.Errorf("the trained model alone proposes statistical: %v", texts(base[0]))
	}
	want := []string{"i read as l (50.0% of i; 0 in training; 100 words, 900 tokens)",
		"letters read as - (e 5%, t 2%, o 3%, a 1% of each; 53 readings of words, 69 tokens)"}
	if got := Describe(hs); !slices.Equal(got, want) {
		t.Errorf("Describe = %q, want %q", got, want)
	}
}

// TestAdaptedSkeleton: a pair of letters read for each other in 1% of
// their occurrences joins no skeleton class (skelMinRate) until the
// confusion is adapted to a habit found in a collection's profile
// (skelAdaptedRate); the glyph priors alone, habits without evidence,
// leave the skeleton as trained, and so do Weak habits alone.
func TestAdaptedSkeleton(t *testing.T) {
	right := strings.Repeat("the cat came near the ocean to eat rice ", 300)
	conf := LearnConfusion(readings("ocean", "oeean", 12, right), ConfusionOptions{})
	if r := conf.SubRate("c", "e"); r < skelAdaptedRate || r >= skelMinRate {
		t.Fatalf("c read as e at %.4f, want %.3f to %.3f", r, skelAdaptedRate, skelMinRate)
	}
	same := func(c *Confusion) bool {
		sk := learnSkeleton(c)
		return string(sk.key(nil, "oeean")) == string(sk.key(nil, "ocean"))
	}
	if same(conf) {
		t.Errorf("trained confusion: c and e share a skeleton class at %.4f", conf.SubRate("c", "e"))
	}
	habit := Habit{True: 'r', OCR: "i", Rate: 0.05}
	if c := conf.Adapted([]Habit{habit}); c == conf || same(c) {
		t.Errorf("adapted to a glyph prior (no evidence): c and e share a class, or nothing adapted")
	}
	habit.Words, habit.Tokens = 30, 40
	if c := conf.Adapted([]Habit{habit}); !same(c) {
		t.Errorf("adapted to a found habit: c and e in different classes")
	}
	weak := habit
	weak.Weak = true
	if c := conf.Adapted([]Habit{weak}); c == conf || same(c) {
		t.Errorf("adapted to a weak habit alone: c and e share a class, or nothing adapted")
	}
	if c := conf.Adapted([]Habit{weak, {True: 'a', OCR: "o", Rate: 0.05, Words: 30, Tokens: 40}}); !same(c) {
		t.Errorf("adapted to a weak habit and another: c and e in different classes")
	}
	if s := weak.String(); s != "r read as i (5.0% of r; 0 in training; 30 words, 40 tokens; weak evidence: not above the collection's other misreadings)" {
		t.Errorf("a weak habit's String() = %q", s)
	}
}

// TestCommonShort: with Joins, a short unknown token of small letters has
// the commonest short words among its candidates, however far; one with a
// capital, or one the lexicon knows, does not.
func TestCommonShort(t *testing.T) {
	pairs := readings("of", "ot", 20, strings.Repeat("the men of the time see it ", 300))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := tinyLexicon(pairs, "xz", 0)
	if got := commonShort(lex, 3); len(got) != 3 || lex.folds[got[0]].word != "the" {
		t.Fatalf("commonShort = %v", got)
	}
	for _, joins := range []bool{true, false} {
		g := NewGenerator(conf, lex, Options{Joins: joins})
		out := g.Generate([]string{"the", "xq", "Xq", "xz", "men"}, nil)
		if hasCand(out[1], "of", 1) != joins {
			t.Errorf("Joins %v: xq's candidates %v", joins, texts(out[1]))
		}
		if hasCand(out[2], "Of", 1) || hasCand(out[2], "of", 1) {
			t.Errorf("Joins %v: Xq's candidates %v", joins, texts(out[2]))
		}
		if hasCand(out[3], "of", 1) {
			t.Errorf("Joins %v: xz (a known word)'s candidates %v", joins, texts(out[3]))
		}
	}
}

// WithSubstitutionFloor prices a letter read as another letter the
// training never showed at the floor (a non-ASCII one too), leaves a
// letter read as a digit, the learned readings cheaper than the floor,
// deletions and the counts as they were, and the floor survives Adapted.
func TestWithSubstitutionFloor(t *testing.T) {
	// a read as o now and then; e never substituted, and read right
	// thousands of times, so its unseen substitutions cost far above 12
	pairs := readings("the man", "the mon", 5, strings.Repeat("the man ran there ", 3000))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	f := conf.WithSubstitutionFloor(12)
	unseen := func(c *Confusion) float64 { return -(c.LogProb("tho", "the") - c.LogProb("the", "the")) }
	if u := unseen(conf); u <= 14 {
		t.Fatalf("e read as o costs %.2f nats in training: the test needs more", u)
	}
	if u := unseen(f); math.Abs(u-12) > 0.01 {
		t.Errorf("e read as o costs %.2f nats under a floor of 12, want 12", u)
	}
	if x, y := f.LogProb("mon", "man"), conf.LogProb("mon", "man"); math.Abs(x-y) > 1e-9 {
		t.Errorf("a read as o, learned: %.4f floored, %.4f trained", x, y)
	}
	if u := conf.LogProb("the", "the") - conf.LogProb("th3", "the"); u <= 14 {
		t.Fatalf("e read as 3 costs %.2f nats in training: the test needs more", u)
	}
	if x, y := f.LogProb("th3", "the"), conf.LogProb("th3", "the"); math.Abs(x-y) > 1e-9 {
		t.Errorf("e read as 3: %.4f floored, %.4f trained", x, y)
	}
	if x, y := f.LogProb("thé", "the"), f.LogProb("the", "the"); math.Abs(x-y+12) > 0.01 {
		t.Errorf("e read as é costs %.2f nats under a floor of 12, want 12", y-x)
	}
	if x, y := f.LogProb("th", "the"), conf.LogProb("th", "the"); math.Abs(x-y) > 1e-9 {
		t.Errorf("a deletion: %.4f floored, %.4f trained", x, y)
	}
	for _, bad := range []float64{0, -1, math.NaN()} {
		if conf.WithSubstitutionFloor(bad) != conf {
			t.Errorf("WithSubstitutionFloor(%v) made a new confusion", bad)
		}
	}
	// a reading seen once of a letter read right thousands of times costs
	// more than the floor: floored too
	once := LearnConfusion(readings("the man", "the mon", 1, strings.Repeat("a banana salad ", 40000)), ConfusionOptions{})
	if u := -(once.LogProb("mon", "man") - once.LogProb("man", "man")); u <= 12 {
		t.Fatalf("a read as o, seen once, costs %.2f nats: the test needs more", u)
	}
	if u := -(once.WithSubstitutionFloor(12).LogProb("mon", "man") - once.LogProb("man", "man")); math.Abs(u-12) > 0.01 {
		t.Errorf("a read as o, seen once, costs %.2f nats under a floor of 12, want 12", u)
	}
	a := f.Adapted([]Habit{{True: 'n', OCR: "u", Rate: 0.1}})
	if a == f {
		t.Fatal("Adapted kept the confusion: the test needs a habit it takes")
	}
	if u := unseen(a); math.Abs(u-12) > 0.01 {
		t.Errorf("e read as o costs %.2f nats once Adapted, want the floor's 12", u)
	}
	var w1, w2 strings.Builder
	if _, err := conf.WriteTo(&w1); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteTo(&w2); err != nil {
		t.Fatal(err)
	}
	if w1.String() != w2.String() || f.Trained() != conf {
		t.Error("the floored confusion does not save the trained counts")
	}
}

// A rare habit's share is written with its significant digits, not 0.0%.
func TestHabitStringSmallRate(t *testing.T) {
	h := Habit{True: 'E', OCR: "C", Rate: 0.00043, Words: 3, Tokens: 13}
	if s := h.String(); s != "E read as C (0.043% of E; 0 in training; 3 words, 13 tokens)" {
		t.Errorf("got %q", s)
	}
}

// A very rare habit's share is written without an exponent.
func TestHabitStringTinyRate(t *testing.T) {
	h := Habit{True: 'E', OCR: "C", Rate: 5.2e-7, Words: 3, Tokens: 13}
	if s := h.String(); s != "E read as C (0.000052% of E; 0 in training; 3 words, 13 tokens)" {
		t.Errorf("got %q", s)
	}
}

// TestCapitalVariants: a word in capitals is looked up with one or two of
// its capitals read as others alike in print put back, and with its
// figures put back to letters all at once; a word with small letters or
// marks, or too short, or mostly figures, has no such forms.
func TestCapitalVariants(t *testing.T) {
	for _, c := range []struct {
		core string
		want []string // among the variants
		not  []string // not among them
	}{
		{"CREOSOTKD", []string{"creosoted"}, []string{"creosotkd"}},
		{"MORTOAOES", []string{"mortgages", "mortgaoes"}, nil},
		{"QUBKNSTOWN", []string{"queenstown"}, nil},
		{"BMTWKKN", nil, []string{"between"}}, // three capitals misread, and M for E is no look-alike
		{"G00D8", []string{"goods", "goodb"}, nil},
		{"STEAMKR8", []string{"steamers"}, nil},
		{"8TORRY", []string{"storry"}, nil},
		{"4TH8", []string{"4ths"}, nil}, // a figure with no letter alike stays
	} {
		got := capitalVariants(c.core)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("capitalVariants(%s) lacks %s: %v", c.core, w, got)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("capitalVariants(%s) holds %s", c.core, w)
			}
		}
		seen := map[string]bool{}
		for _, v := range got {
			if seen[v] {
				t.Errorf("capitalVariants(%s): %s twice", c.core, v)
			}
			seen[v] = true
		}
	}
	for _, core := range []string{"Creosotkd", "CREO-SOTKD", "TKE", "1858", "18S8", "B8", "G000", "", strings.Repeat("BRB", 9)} {
		if got := capitalVariants(core); got != nil {
			t.Errorf("capitalVariants(%q) = %v, want none", core, got)
		}
	}
}

// TestCapitalPriors: a capital read as another alike in print that the
// training never showed (E as K, G as O, S as 8) is a prior habit at the
// rate asked; adapted to the priors, a confusion prices the word in
// capitals it hides as a rare reading, and a generator with Joins finds
// it beyond the skeleton search, stopped by a word one skeleton edit away
// (`MORTOAOES` -> MORTGAGES, not only MORTOAES), one without Joins does
// not; a small letter keeps its price.
func TestCapitalPriors(t *testing.T) {
	pairs := readings("THE GOODS", "THE GOODS", 1,
		strings.Repeat("THE STEAMERS CREOSOTED MORTGAGES GOODS AND BRICKS the steamers creosoted mortgages goods ", 1000))
	conf := LearnConfusion(pairs, ConfusionOptions{})
	priors := conf.CapitalPriors(0.0003)
	for _, p := range [][2]string{{"E", "K"}, {"G", "O"}, {"S", "8"}, {"O", "0"}, {"B", "E"}, {"E", "B"}} {
		i := slices.IndexFunc(priors, func(h Habit) bool { return string(h.True) == p[0] && h.OCR == p[1] })
		if i < 0 || priors[i].Rate != 0.0003 {
			t.Errorf("CapitalPriors(0.0003): %s read as %s missing: %v", p[0], p[1], priors)
		}
	}
	if !slices.IsSortedFunc(priors, compareHabits) {
		t.Errorf("CapitalPriors not sorted: %v", priors)
	}
	if !slices.ContainsFunc(priors, func(h Habit) bool { return h.True == 'S' && h.OCR == "5" }) {
		t.Errorf("CapitalPriors(0.0003) lacks S read as 5: %v", priors)
	}
	a := conf.Adapted(priors)
	for _, c := range [][2]string{{"CREOSOTKD", "CREOSOTED"}, {"MORTOAOES", "MORTGAGES"}, {"STEAMER8", "STEAMERS"}} {
		if x, y := a.LogProb(c[0], c[1]), conf.LogProb(c[0], c[1]); !(x > y+2) {
			t.Errorf("LogProb(%s|%s) %.2f adapted, %.2f trained: the prior is not expected", c[0], c[1], x, y)
		}
	}
	if x, y := a.LogProb("creosotkd", "creosoted"), conf.LogProb("creosotkd", "creosoted"); math.Abs(x-y) > 0.01 {
		t.Errorf("LogProb(creosotkd|creosoted) %.2f adapted, %.2f trained: a small letter's price changed", x, y)
	}
	lex := tinyLexicon(pairs, "mortoaes", 5)
	for _, joins := range []bool{true, false} {
		out := NewGenerator(a, lex, Options{Joins: joins}).Generate([]string{"CREOSOTKD", "MORTOAOES"}, nil)
		if !hasCand(out[0], "CREOSOTED", 1) || hasCand(out[1], "MORTGAGES", 1) != joins {
			t.Errorf("Joins %v: candidates %v, %v", joins, texts(out[0]), texts(out[1]))
		}
	}
}

// FuzzCapitalVariants: any core gives variants of its own length in
// runes, in small letters and figures, without repeats, and never panics.
func FuzzCapitalVariants(f *testing.F) {
	for _, s := range []string{"G00D8", "4TH8", "CREOSOTKD", "Ab", "", "ÉCOLE", "8888"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, core string) {
		n := utf8.RuneCountInString(core)
		seen := map[string]bool{}
		for _, v := range capitalVariants(core) {
			if utf8.RuneCountInString(v) != n || v != strings.ToLower(v) || seen[v] || v == strings.ToLower(core) {
				t.Fatalf("capitalVariants(%q): %q", core, v)
			}
			seen[v] = true
		}
	})
}
