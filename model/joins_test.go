package model

import (
	"cmp"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/profile"
)

// spacingModel is a model with what the habits of spacing need: a lexicon
// and the training collections' counts.
func spacingModel() *Model {
	lex := candgen.NewLexicon()
	for _, w := range []string{"the", "of", "and", "to", "with", "that", "which", "from", "house", "pious"} {
		lex.Add(w, 5)
	}
	conf := candgen.LearnConfusion([]candgen.TrainPair{{GT: []string{"the", "house"}, OCR: []string{"tbe", "house"}}}, candgen.ConfusionOptions{})
	return &Model{Conf: conf, Lex: lex, Stats: TrainStats{Spacing: []SpacingCounts{
		{Collection: "a", Glued: 1, Apart: 1000, Broken: [2]int{1, 1}, Whole: 1000},
		{Collection: "b", Glued: 0, Apart: 1000, Broken: [2]int{0, 0}, Whole: 1000},
	}}}
}

// spacingDocs returns n pages of the same text, where one page in every
// each runs `of the` together and breaks `with` (wit h) and `which`
// (whic h) apart.
func spacingDocs(n, each int) [][]string {
	var docs [][]string
	for i := range n {
		text := "the house of the man with the dog , which was of the town and that was from the house of the king"
		if i%each == 0 {
			text = strings.NewReplacer("of the man", "ofthe man", "with", "wit h", "which", "whic h").Replace(text)
		}
		docs = append(docs, strings.Fields(text))
	}
	return docs
}

func TestSpacingHabits(t *testing.T) {
	m := spacingModel()
	p := profile.Of(spacingDocs(40, 4), profile.Options{})
	hs := m.Habits(p)
	var joins, short bool
	for _, h := range hs {
		switch {
		case h.Joins:
			joins = true
			if h.Tokens != 10 || h.Words != 1 || !(h.Rate > 2*h.Expected) {
				t.Errorf("words run together: %v", h)
			}
		case h.Breaks && h.Short:
			short = true
			if h.Tokens != 20 || h.Words != 2 {
				t.Errorf("words broken apart: %v", h)
			}
		case h.Breaks:
			t.Errorf("a break into long pieces found: %v", h)
		}
		if !strings.Contains(h.String(), "words") {
			t.Errorf("habit described as %q", h.String())
		}
	}
	if !joins || !short {
		t.Fatalf("habits %v: joins %v, short breaks %v", hs, joins, short)
	}
	if r := breakRates(hs); !(r[0] > 0) || r[1] != 0 {
		t.Errorf("break rates %v", r)
	}
	// the adapted model keeps them for its decisions, the confusion
	// unchanged
	a := m.Adapted(hs)
	if !runsTogether(a.habits) || a.Conf != m.Conf {
		t.Error("the adapted model lost the habit or changed its confusion")
	}
	// a clean collection, a page alone, a model without the training
	// counts: no habit
	for name, c := range map[string]struct {
		m *Model
		p *profile.Profile
	}{
		"clean":     {m, profile.Of(spacingDocs(40, 1000), profile.Options{})},
		"one page":  {m, profile.Of(spacingDocs(1, 1), profile.Options{})},
		"old model": {&Model{Lex: m.Lex}, p},
	} {
		if hs := c.m.Habits(c.p); len(hs) != 0 {
			t.Errorf("%s: habits %v", name, hs)
		}
	}
	// a collection that runs words together no more than one of the
	// training collections did
	m2 := spacingModel()
	m2.Stats.Spacing = append(m2.Stats.Spacing, SpacingCounts{Collection: "c", Glued: 100, Apart: 1000})
	if _, ok := m2.joinHabit(p, rankedForms(p)); ok {
		t.Error("a habit found at a training collection's rate")
	}
}

func TestGluedWords(t *testing.T) {
	words := []string{"the", "piousand", "good", "man", "of", "Clawson", "said"}
	p := profile.Of([][]string{words}, profile.Options{})
	for _, c := range []struct {
		tok, cand string
		want      bool
	}{
		{"piousand", "pious and", true},
		{"piousand,", "pious and,", true},
		{"Clawson", "Claws on", false},     // capitalised: a name
		{"theBoys", "the Boys", true},      // a capital inside marks the lost space
		{"whichMr.", "which Mr.", true},    // ... marks aside
		{"thatIwere", "that I were", true}, // ... the pronoun
		{"theBOYS", "the BOYS", false},     // not a capitalised word
		{"McDonald", "Mc Donald", false},   // a name's capital inside
		{"piousand", "pious sand", false},  // not the words run together
		{"piousand", "pious and a", false}, // not the words run together
		{"zqxjand", "zqxj and", false},     // no pair English writes
	} {
		if got := gluedWords(p, c.tok, c.cand); got != c.want {
			t.Errorf("gluedWords(%q, %q) = %v", c.tok, c.cand, got)
		}
	}
	// recurring, it is the collection's own word
	rec := profile.Of([][]string{words, words, words}, profile.Options{})
	if gluedWords(rec, "piousand", "pious and") {
		t.Error("a form the collection repeats split")
	}
	// the split is supported with the habit, not without
	c := candgen.Candidate{Text: "pious and", Span: 1}
	if supported(p, nil, nil, asTrained, eval.KindSplit, words, 1, &c) {
		t.Error("split supported without the habit")
	}
	if !supported(p, nil, []candgen.Habit{{True: ' ', Joins: true}}, asTrained, eval.KindSplit, words, 1, &c) {
		t.Error("split not supported with the habit")
	}
}

func TestMergeBroken(t *testing.T) {
	docs := spacingDocs(40, 4)
	p := profile.Of(docs, profile.Options{})
	for _, c := range []struct {
		in, want string
		rates    [2]float64
	}{
		{"he went wit h the dog", "he went with _ the dog", [2]float64{0.01, 0}},
		{"he went wit h the dog", "he went wit h the dog", [2]float64{0, 0.01}}, // no habit of one-letter pieces
		{"he went wit h the dog", "he went wit h the dog", [2]float64{}},
		{"there is a way to do it", "there is a way to do it", [2]float64{0.05, 0.05}}, // English writes a way
		{"they came tak es it", "they came takes _ it", [2]float64{0.01, 0.01}},
		{"the du Pont house", "the du Pont house", [2]float64{0.05, 0.05}},              // a capital inside
		{"it is 7 7 now", "it is 7 7 now", [2]float64{0.05, 0.05}},                      // digits
		{"he went (wit h) the dog", "he went (with) _ the dog", [2]float64{0.01, 0.01}}, // the marks around kept
		{"went wit, h", "went wit, h", [2]float64{0.01, 0.01}},                          // a mark between
		// English saw blemishes twice: long enough, and blem is no word
		{"simple baby blem ishes sold", "simple baby blemishes _ sold", [2]float64{0.01, 0.01}},
		{"employees and stock holders of", "employees and stock holders of", [2]float64{0.01, 0.01}}, // seen once, of two words
		{"the ab it was", "the ab it was", [2]float64{0.01, 0.01}},                                   // abut: seen once, short
	} {
		words := strings.Fields(c.in)
		out := append([]string(nil), words...)
		mergeBroken(out, words, p, c.rates)
		for i := range out {
			if out[i] == "" {
				out[i] = "_"
			}
		}
		if got := strings.Join(out, " "); got != c.want {
			t.Errorf("%q at %v: %q, want %q", c.in, c.rates, got, c.want)
		}
	}
	// pieces the collection writes again (its engine breaks the word the
	// same way) that English never saw are charged their spelling: apart
	// they are two unknown words, far less likely spelt so than the word
	// they make (pieceSpelling)
	recur := profile.Of(append(spacingDocs(40, 4), strings.Fields("the Con noisseurs met and the con noisseurs of art"),
		strings.Fields("a great expen diture and no expen diture was")), profile.Options{})
	for in, want := range map[string]string{
		"the public expen diture of the": "the public expenditure _ of the",
		"the con noisseurs of art":       "the connoisseurs _ of art",
	} {
		words := strings.Fields(in)
		out := append([]string(nil), words...)
		mergeBroken(out, words, recur, [2]float64{0.01, 0.01})
		for i := range out {
			if out[i] == "" {
				out[i] = "_"
			}
		}
		if got := strings.Join(out, " "); got != want {
			t.Errorf("%q with its pieces recurring: %q, want %q", in, got, want)
		}
	}
	// a piece the collection writes on its own all through is its own
	// misreading: for th stays where th is frequent
	var many [][]string
	for range 50 {
		many = append(many, strings.Fields("th and th of th"))
	}
	words := strings.Fields("went for th the house")
	out := append([]string(nil), words...)
	mergeBroken(out, words, profile.Of(append(many, words), profile.Options{}), [2]float64{0.01, 0.01})
	if out[1] != "for" || out[2] != "th" {
		t.Errorf("for th merged where th is frequent: %q", out)
	}
	out = append([]string(nil), words...)
	mergeBroken(out, words, profile.Of([][]string{words}, profile.Options{}), [2]float64{0.01, 0.01})
	if out[1] != "forth" || out[2] != "" {
		t.Errorf("for th not merged where th is rare: %q", out)
	}
}

func TestMergeThree(t *testing.T) {
	p := profile.Of(spacingDocs(40, 4), profile.Options{})
	const rate = 2.5e-5 // the built-in model's training rate of one-letter breaks
	for _, c := range []struct {
		in, out, want string // out: the decisions before ("" as in)
		rate          float64
	}{
		{"there was no evening p ost al delivery and", "", "there was no evening postal _ _ delivery and", rate},
		{"there was no evening p ost al delivery and", "there was no evening post _ all delivery and", "there was no evening postal _ _ delivery and", rate},
		{"had been done by Great Brit a in for the", "", "had been done by Great Britain _ _ for the", rate},
		{"the crop now being g A thered. Cotton", "", "the crop now being gathered. _ _ Cotton", rate},
		{"the crop now being g A thered. Cotton", "", "the crop now being g A thered. Cotton", 0},                                                            // no rate: no training counts
		{"the crop now being g, A thered. Cotton", "", "the crop now being g, A thered. Cotton", rate},                                                       // a mark between
		{"the crop now being gA the red. Cotton", "", "the crop now being gA the red. Cotton", rate},                                                         // no one-letter piece
		{"the crop now being g a Thered. Cotton", "", "the crop now being g a Thered. Cotton", rate},                                                         // a capital inside, not a one-letter piece
		{"and it is a n d so on", "", "and it is a n d so on", rate},                                                                                         // English writes a n, n d, d so...
		{"there was no evening p ost al delivery and", "there was no evening p ost alldelivery _ and", "there was no evening p ost alldelivery _ and", rate}, // a decision reaching past the three
	} {
		words := strings.Fields(c.in)
		out := append([]string(nil), words...)
		if c.out != "" {
			out = strings.Fields(c.out)
			for i, o := range out {
				if o == "_" {
					out[i] = ""
				}
			}
		}
		mergeThree(out, words, p, c.rate, nil)
		if got := showMerged(out); got != c.want {
			t.Errorf("%q at %v: %q, want %q", c.in, c.rate, got, c.want)
		}
	}
	// no position of a word broken at a line end: `the-` / `red.`, joined
	// at its first position (thered.) with the piece at the second, which
	// splitBreaks writes back from the first position's decision
	words := strings.Fields("the crop now being g A thered. red. Cotton")
	out := append([]string(nil), words...)
	if mergeThree(out, words, p, rate, []int{6}); showMerged(out) != strings.Join(words, " ") {
		t.Errorf("merged a word broken at a line end: %q", showMerged(out))
	}
}

func TestAbsorbFragments(t *testing.T) {
	for _, c := range []struct{ words, out, want string }{
		{"the s upervision of", "the s supervision of", "the supervision _ of"},
		{"went fro m it", "went from m it", "went from _ it"},
		{"and therefo re, we", "and therefore re, we", "and therefore, _ we"},
		{"went fro m it", "went from me it", "went from me it"},           // the piece changed too
		{"a tbe m it", "a the m it", "a the m it"},                        // the pieces do not make the word
		{"went fro m it", "went fro m it", "went fro m it"},               // nothing changed
		{"the s upervision", "the S supervision", "the S supervision"},    // the piece changed
		{"on A fternoon, we", "on A afternoon, we", "on Afternoon, _ we"}, // the kept piece's capital
		{"on a Fternoon, we", "on a Afternoon, we", "on a Afternoon, we"}, // a capital inside: no word
	} {
		words, out := strings.Fields(c.words), strings.Fields(c.out)
		absorbFragments(out, words)
		if got := showMerged(out); got != c.want {
			t.Errorf("%q -> %q: %q, want %q", c.words, c.out, got, c.want)
		}
	}
}

func TestBrokenPieces(t *testing.T) {
	for _, c := range []struct{ words, out, want string }{
		{"no postal deliv ery, and", "no postal deliv very, and", "no postal delivery, _ and"},
		{"the M e mber. for", "the M e number. for", "the Member. _ _ for"},
		{"a serm , ms in", "a seem , is in", "a seem , is in"},            // a mark at the joint
		{"said hy men", "said by men", "said by men"},                     // men is a word of its own
		{"the deliv ery", "the deliv ery", "the deliv ery"},               // nothing changed
		{"went tbe way", "went the way", "went the way"},                  // no word of the pieces
		{"the deliv ery of", "the deliv very of", "the delivery _ of"},    // the piece before
		{"(deliv ery) and", "(deliv very) and", "(delivery) _ and"},       // the marks at the ends kept
		{"the deliv. ery of", "the deliv. very of", "the deliv. very of"}, // a stop inside
	} {
		words, out := strings.Fields(c.words), strings.Fields(c.out)
		brokenPieces(out, words, nil)
		if got := showMerged(out); got != c.want {
			t.Errorf("%q -> %q: %q, want %q", c.words, c.out, got, c.want)
		}
	}
}

// showMerged joins the decisions out with spaces, a position a merge
// emptied written _.
func showMerged(out []string) string {
	shown := make([]string, len(out))
	for i, o := range out {
		shown[i] = cmp.Or(o, "_")
	}
	return strings.Join(shown, " ")
}

// TestBrokenPiecesLineBreak: no run holds a piece of a word broken at a
// line end, which Collect writes back from its first position (the
// lattice's words join it there: some-/thi -> somethi, thi).
func TestBrokenPiecesLineBreak(t *testing.T) {
	words := strings.Fields("the somethi thi ng here")
	out := strings.Fields("the somethi thi no here")
	brokenPieces(out, words, []int{1})
	if got := showMerged(out); got != "the somethi thi no here" {
		t.Errorf("got %q", got)
	}
}

// TestLongFormsLeftOut: a form longer than any word (a page read without
// spaces) is no frequent word to look for breaks in, which would take
// time growing with the square of its length.
func TestLongFormsLeftOut(t *testing.T) {
	long := strings.Repeat("abcdefghij", 30) // 300 letters
	word := strings.Repeat("ab", maxWordRunes/2)
	p := profile.Of([][]string{{long, long, word, "the", "the"}}, profile.Options{})
	for _, f := range rankedForms(p) {
		if f.w == long {
			t.Errorf("rankedForms ranks a form of %d letters", len(long))
		}
	}
	found := false
	for _, f := range rankedForms(p) {
		found = found || f.w == word
	}
	if !found {
		t.Errorf("rankedForms left out a form of %d letters, maxWordRunes", len(word))
	}
}
