package candgen

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ocrfix/align"
)

func TestGarbageRules(t *testing.T) {
	cases := []struct {
		tok  string
		rule int
		want bool
	}{
		{"abcdefghijklmnopqrstu", RuleLong, true}, // 21 runes
		{"abcdefghijklmnopqrst", RuleLong, false}, // 20
		{"a.,;", RulePunct, true},                 // 3 punctuation > 1 letter
		{"ab.,", RulePunct, false},                // 2 = 2
		{"a.b,c", RuleInnerPunct, true},           // '.' and ',' inside
		{".ab,", RuleInnerPunct, false},           // first and last ignored
		{"a..b", RuleInnerPunct, false},           // one distinct mark
		{"aaab", RuleRepeat, true},
		{"aab", RuleRepeat, false},
		{"ABc", RuleUpper, true},
		{"ABC", RuleUpper, false}, // all upper
		{"Abc", RuleUpper, false},
		{"bcdfghjkl", RuleVowels, true}, // 9 consonants > 8 x 0 vowels
		{"the", RuleVowels, false},
		{"ab1", RuleVowels, false}, // not all letters
		{"queue", RuleRuns, true},  // ueue: 4 vowels
		{"strengths", RuleRuns, true},
		{"string", RuleRuns, false},
		{"aBc", RuleInnerCase, true},
		{"aBC", RuleInnerCase, false}, // last is upper
		{"Abc", RuleInnerCase, false},
	}
	for _, c := range cases {
		got := Garbage(c.tok)&(1<<c.rule) != 0
		if got != c.want {
			t.Errorf("Garbage(%q) rule %s = %v, want %v", c.tok, RuleNames[c.rule], got, c.want)
		}
	}
	if Garbage("") != 0 {
		t.Error("empty token fires")
	}
	if Garbage("the") != 0 || Garbage("Committee") != 0 {
		t.Error("plain words fire")
	}
}

// tinyPairs is a training set where OCR reads m as rn, i as l, and e as c.
func tinyPairs() []TrainPair {
	gt := strings.Fields("the modern mill made me come in time to see the main committee meet in the summer of the same year")
	var ocr []string
	for i, w := range gt {
		switch {
		case i%2 == 0:
			ocr = append(ocr, strings.ReplaceAll(w, "m", "rn"))
		case i%3 == 0:
			ocr = append(ocr, strings.ReplaceAll(w, "i", "l"))
		default:
			ocr = append(ocr, w)
		}
	}
	var pairs []TrainPair
	for k := 0; k < 5; k++ {
		pairs = append(pairs, TrainPair{GT: gt, OCR: ocr})
	}
	// a split and a merge
	pairs = append(pairs, TrainPair{GT: strings.Fields("in the market of the town"), OCR: strings.Fields("in thc mar ket ofthe town")})
	return pairs
}

func TestLearnConfusion(t *testing.T) {
	c := LearnConfusion(tinyPairs(), ConfusionOptions{})
	if c.Count("m", "rn") == 0 {
		t.Fatalf("m -> rn not learned; top: %v", c.Top(10))
	}
	// reading rn for m must be far likelier than an unrelated edit
	if a, b := c.LogProb("rnodern", "modern"), c.LogProb("xodern", "modern"); !(a > b) {
		t.Errorf("LogProb(rnodern|modern) = %v, not above LogProb(xodern|modern) = %v", a, b)
	}
	if a, b := c.LogProb("the", "the"), c.LogProb("tbe", "the"); !(a > b) {
		t.Errorf("a copy %v is not likelier than an edit %v", a, b)
	}
	if v := c.LogProb("", ""); v != 0 {
		t.Errorf("LogProb of empty strings = %v", v)
	}
	if v := c.LogProb("ﬁ«»", "“x”"); math.IsInf(v, 0) || math.IsNaN(v) {
		t.Errorf("unseen runes give %v", v)
	}
	if c.Count(" ", "") == 0 && c.Count("", " ") == 0 {
		t.Error("no space insertion or deletion learned from the split and merge")
	}
}

func TestConfusionRoundTrip(t *testing.T) {
	c := LearnConfusion(tinyPairs(), ConfusionOptions{})
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	d, err := ReadConfusion(bytes.NewReader(buf.Bytes()), "conf.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]string{{"rnodern", "modern"}, {"tbe", "the"}, {"the", "the"}, {"mar ket", "market"}} {
		if a, b := c.LogProb(p[0], p[1]), d.LogProb(p[0], p[1]); a != b {
			t.Errorf("LogProb(%q|%q): %v before saving, %v after", p[0], p[1], a, b)
		}
	}
	var buf2 bytes.Buffer
	d.WriteTo(&buf2)
	if !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
		t.Error("write, read, write is not byte-identical")
	}
}

func TestReadConfusionErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "empty"},
		{"a\tb\n", "header"},
		{"kind\ttruth\tocr\tcount\nop\ta\tb\tx\n", "x.tsv:2"},
		{"kind\ttruth\tocr\tcount\nzz\ta\tb\t1\n", "unknown kind"},
		{"kind\ttruth\tocr\tcount\nop\tabc\tb\t1\n", "0-2 runes"},
		{"kind\ttruth\tocr\tcount\nop\ta\tb\n", "x.tsv:2"},
	} {
		_, err := ReadConfusion(strings.NewReader(c.in), "x.tsv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadConfusion(%q) error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

func FuzzReadConfusion(f *testing.F) {
	var buf bytes.Buffer
	LearnConfusion(tinyPairs(), ConfusionOptions{}).WriteTo(&buf)
	f.Add(buf.String())
	f.Add("kind\ttruth\tocr\tcount\nop\ta\tb\t3\n")
	f.Add("kind\ttruth\tocr\tcount\nmeta\tsmooth\t\t0\n")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ReadConfusion(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		if v := c.LogProb("abc", "abd"); math.IsNaN(v) {
			t.Fatal("NaN")
		}
	})
}

func tinyGenerator(t testing.TB) *Generator {
	pairs := tinyPairs()
	conf := LearnConfusion(pairs, ConfusionOptions{})
	return NewGenerator(conf, tinyLexicon(pairs, "the of and to in market town word list modern summer cat sat on mat", 3), Options{})
}

// tinyLexicon returns the lexicon of the truth of pairs and of the words
// of extra, each added n times.
func tinyLexicon(pairs []TrainPair, extra string, n int) *Lexicon {
	lex := NewLexicon()
	for _, p := range pairs {
		lex.AddText(p.GT)
	}
	for _, w := range strings.Fields(extra) {
		lex.Add(w, n)
	}
	return lex
}

func hasCand(cs []Candidate, text string, span int) bool {
	for _, c := range cs {
		if c.Text == text && c.Span == span {
			return true
		}
	}
	return false
}

func TestGenerate(t *testing.T) {
	g := tinyGenerator(t)
	ocr := strings.Fields("tbe rnodern Market, thecat sat on tbe mar ket town.")
	out := g.Generate(ocr, nil)
	if len(out) != len(ocr) {
		t.Fatalf("%d positions, want %d", len(out), len(ocr))
	}
	for i, cs := range out {
		if !hasCand(cs, ocr[i], 1) {
			t.Errorf("position %d: the original %q is missing", i, ocr[i])
		}
		for j := 1; j < len(cs); j++ {
			if cs[j].Score > cs[j-1].Score && cs[j].Source&SrcOriginal == 0 {
				t.Errorf("position %d not sorted by score", i)
			}
		}
	}
	want := []struct {
		pos  int
		text string
		span int
		src  uint8
	}{
		{0, "the", 1, SrcLexicon},
		{1, "modern", 1, SrcLexicon},
		{2, "market,", 1, SrcLexicon},
		{3, "the cat", 1, SrcSplit},
		{7, "market", 2, SrcMerge},
	}
	for _, w := range want {
		found := false
		for _, c := range out[w.pos] {
			if c.Text == w.text && c.Span == w.span {
				found = true
				if c.Source&w.src == 0 {
					t.Errorf("%q at %d: source %b lacks %b", w.text, w.pos, c.Source, w.src)
				}
				if c.LogConf > 0 || math.IsNaN(c.LogConf) {
					t.Errorf("%q: LogConf %v", w.text, c.LogConf)
				}
			}
		}
		if !found {
			var got []string
			for _, c := range out[w.pos] {
				got = append(got, c.Text)
			}
			t.Errorf("position %d (%q): %q span %d not among %q", w.pos, ocr[w.pos], w.text, w.span, got)
		}
	}
	// determinism: a fresh generator gives the same result
	again := tinyGenerator(t).Generate(ocr, nil)
	if !reflect.DeepEqual(out, again) {
		t.Error("Generate is not deterministic")
	}
	// and a warm cache gives the same result
	if !reflect.DeepEqual(out, g.Generate(ocr, nil)) {
		t.Error("cached results differ")
	}
}

// TestGenerateDeep: a word known only from a word list is found from a
// misreading inside its indexed prefix only when Options.Deep names it
// (one deletion deep), as a word of the training truth always is; one
// misread beyond the prefix is found either way.
func TestGenerateDeep(t *testing.T) {
	pairs := tinyPairs()
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := tinyLexicon(pairs, "", 0)
	if err := lex.ReadWordList(strings.NewReader("wonderful\nneatly\nparticularly\n"), "w"); err != nil {
		t.Fatal(err)
	}
	deep := func(w string) bool { return w == "wonderful" || w == "neatly" }
	ocr := strings.Fields("wondertul neatty particularlv")
	for _, tc := range []struct {
		deep func(string) bool
		want []bool // wonderful, neatly, particularly
	}{
		{nil, []bool{false, false, true}},
		{deep, []bool{true, true, true}},
	} {
		out := NewGenerator(conf, lex, Options{Deep: tc.deep}).Generate(ocr, nil)
		for i, w := range []string{"wonderful", "neatly", "particularly"} {
			if got := hasCand(out[i], w, 1); got != tc.want[i] {
				t.Errorf("deep %v: %q proposed for %q: %v, want %v", tc.deep != nil, w, ocr[i], got, tc.want[i])
			}
		}
	}
}

func TestGenerateEngines(t *testing.T) {
	g := tinyGenerator(t)
	ocr := strings.Fields("the xqzzv sat on the mat")
	alt := strings.Fields("the cat sat on the mat")
	out := g.Generate(ocr, align.AlignReadings(ocr, [][]string{alt}))
	if !hasCand(out[1], "cat", 1) {
		t.Errorf("the other engine's word is missing: %v", out[1])
	}
	for _, c := range out[1] {
		if c.Text == "cat" && c.Source&SrcEngine == 0 {
			t.Error("engine flag missing")
		}
	}
}

func TestSplitAffix(t *testing.T) {
	for _, c := range [][4]string{
		{"(word),", "(", "word", "),"},
		{"word", "", "word", ""},
		{"...", "...", "", ""},
		{"“Don't”", "“", "Don't", "”"},
		{"mark\u00ad", "", "mark", "\u00ad"},
	} {
		p, core, s := SplitAffix(c[0])
		if p != c[1] || core != c[2] || s != c[3] {
			t.Errorf("SplitAffix(%q) = %q %q %q", c[0], p, core, s)
		}
	}
}

func TestLexicon(t *testing.T) {
	l := NewLexicon()
	l.AddText(strings.Fields("The cat, the (cat) THE"))
	if l.Count("cat") != 2 || l.CountFold("the") != 3 || l.Total() != 5 {
		t.Errorf("counts: cat %d the %d total %d", l.Count("cat"), l.CountFold("the"), l.Total())
	}
	if err := l.ReadWordList(strings.NewReader("dog\n\n  emu \n"), "w"); err != nil {
		t.Fatal(err)
	}
	if !l.Has("emu") || l.Count("emu") != 0 {
		t.Error("word list entry missing")
	}
	if err := l.ReadWordList(strings.NewReader("ok\nbad word\n"), "w.txt"); err == nil || !strings.Contains(err.Error(), "w.txt:2") {
		t.Errorf("error %v", err)
	}
	var buf bytes.Buffer
	l.WriteTo(&buf)
	m, err := ReadLexicon(&buf, "lex")
	if err != nil || m.CountFold("the") != 3 || !m.Has("emu") {
		t.Errorf("round trip: %v", err)
	}
	if err == nil && (!m.HasListedAs("emu") || !m.HasListedAs("dog") || m.HasListedAs("the")) {
		t.Errorf("round trip lost which forms are listed")
	}
	for _, bad := range []string{"word\tcount\tlisted\nemu\t0\t0\n", "word\tcount\tlisted\nemu\t1\tyes\n", "word\tcount\nemu\t1\n"} {
		if _, err := ReadLexicon(strings.NewReader(bad), "lex.tsv"); err == nil || !strings.Contains(err.Error(), "lex.tsv") {
			t.Errorf("ReadLexicon(%q): error %v, want one naming the file", bad, err)
		}
	}
}

// HasListedAs knows only the forms a word list (or the English model)
// gave, in a case the token can stand for; HasAs knows the counted ones
// too.
func TestLexiconListed(t *testing.T) {
	l := NewLexicon()
	l.AddText([]string{"tha", "Gut", "fo", "the"})
	if err := l.ReadWordList(strings.NewReader("gut\nthe\nParis\n"), "w"); err != nil {
		t.Fatal(err)
	}
	l.Add("the", 2)
	for w, want := range map[string][2]bool{ // HasAs, HasListedAs
		"tha": {true, false}, "fo": {true, false},
		"gut": {true, true}, "Gut": {true, true}, "the": {true, true}, "THE": {true, true},
		"Paris": {true, true}, "paris": {false, false}, "dog": {false, false},
	} {
		if got := [2]bool{l.HasAs(w), l.HasListedAs(w)}; got != want {
			t.Errorf("%q: HasAs, HasListedAs = %v, want %v", w, got, want)
		}
	}
	if l.Count("the") != 3 {
		t.Errorf("Count(the) = %d, want 3", l.Count("the"))
	}
}

// HasAs knows a word only in a case the token can stand for.
func TestLexiconHasAs(t *testing.T) {
	l := NewLexicon()
	for _, w := range []string{"AMD", "Paris", "cat", "NASA", "nasa", "iPod"} {
		l.Add(w, 1)
	}
	for w, want := range map[string]bool{
		"amd": false, "Amd": false, "AMD": true, // an acronym is not a lower-case word
		"paris": false, "Paris": true, "PARIS": true, // a name is not a lower-case word
		"cat": true, "Cat": true, "CAT": true, "cAt": true,
		"nasa": true, "ipod": false, "IPod": true, "dog": false,
	} {
		if got := l.HasAs(w); got != want {
			t.Errorf("HasAs(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestLookAlikesAndCompounds(t *testing.T) {
	// OCR reads i as l everywhere and - as i
	gt := strings.Fields("this is a list of airborne items in time with wide air-borne fine skills")
	var pairs []TrainPair
	for k := 0; k < 30; k++ {
		var ocr []string
		for _, w := range gt {
			w = strings.ReplaceAll(w, "i", "l")
			ocr = append(ocr, strings.ReplaceAll(w, "-", "i"))
		}
		pairs = append(pairs, TrainPair{GT: gt, OCR: ocr})
	}
	conf := LearnConfusion(pairs, ConfusionOptions{})
	lex := NewLexicon()
	for _, w := range strings.Fields("air borne out of date wrap up well known") {
		lex.Add(w, 5)
	}
	g := NewGenerator(conf, lex, Options{})
	out := g.Generate(strings.Fields("Wlnson alriborne"), nil)
	if !hasCand(out[0], "Winson", 1) {
		t.Errorf("look-alike variant Winson missing: %v", texts(out[0]))
	}
	if !hasCand(out[1], "air-borne", 1) {
		t.Errorf("compound air-borne missing: %v", texts(out[1]))
	}
	// the pieces of a compound that the lexicon knows keep their letters:
	// well-known has no look-alike weil-known, but Wlnson-out still
	// becomes Winson-out
	out = g.Generate(strings.Fields("well-known Wlnson-out"), nil)
	for _, c := range out[0] {
		if c.Source&SrcCase != 0 && strings.Contains(c.Text, "-") {
			t.Errorf("look-alike %q of a compound of known words", c.Text)
		}
	}
	if !hasCand(out[1], "Winson-out", 1) {
		t.Errorf("look-alike Winson-out missing: %v", texts(out[1]))
	}
}

// A look-alike that reads a mark as a letter beside a known piece must
// not glue the two into an unknown run (understand--certainly was made
// understand-ecertainly), but may make a known word of them (the1r).
func TestLookAlikesKeepKnownPieces(t *testing.T) {
	// OCR reads i as 1
	gt := strings.Fields("this is in wide time with his fine skills")
	var pairs []TrainPair
	for k := 0; k < 30; k++ {
		var ocr []string
		for _, w := range gt {
			ocr = append(ocr, strings.ReplaceAll(w, "i", "1"))
		}
		pairs = append(pairs, TrainPair{GT: gt, OCR: ocr})
	}
	lex := NewLexicon()
	for _, w := range strings.Fields("well known the their") {
		lex.Add(w, 5)
	}
	g := NewGenerator(LearnConfusion(pairs, ConfusionOptions{}), lex, Options{})
	if got := g.lookAlikes("well1known"); len(got) > 0 {
		t.Errorf("look-alikes of well1known: %q, want none", got)
	}
	// nor read a mark as a letter of no word beside one (life.--Well ->
	// life.-eWell)
	if got := g.lookAlikes("known;1"); slices.Contains(got, "known;i") {
		t.Errorf("look-alikes of known;1: %q, want no known;i", got)
	}
	if v := g.lookAlikes("the1r"); !slices.Contains(v, "their") {
		t.Errorf("look-alikes of the1r: %q, want their", v)
	}
}

// TestInnerVariants: a dash inside a token gets its variants (a dash read
// as two hyphens, as one), a hyphen alone only between two words.
func TestInnerVariants(t *testing.T) {
	g := tinyGenerator(t)
	if got := g.innerVariants("time--the"); !slices.Contains(got, "time—the") {
		t.Errorf("innerVariants(time--the) = %q", got)
	}
	if got := g.innerVariants("time-the"); !slices.Contains(got, "time--the") {
		t.Errorf("innerVariants(time-the) = %q", got)
	}
	for _, w := range []string{"ti-me", "labora-ory", "time-", "-the"} {
		if got := g.innerVariants(w); len(got) != 0 {
			t.Errorf("innerVariants(%s) = %q, want none", w, got)
		}
	}
}

func TestPruneKeepsMergesAndMemory(t *testing.T) {
	g := tinyGenerator(t)
	g.opt.K, g.opt.MinKeep = 2, 1
	out := g.Generate(strings.Fields("the mar ket"), nil)
	if !hasCand(out[1], "market", 2) {
		t.Errorf("merge pruned away: %v", texts(out[1]))
	}
	for i, cs := range out {
		if len(cs) > 2+2+2+1 {
			t.Errorf("position %d keeps %d candidates with K 2", i, len(cs))
		}
		for _, c := range cs {
			want := align.Levenshtein(c.Text, strings.Join(strings.Fields(strings.Join(
				strings.Fields(strings.Join([]string{"the", "mar", "ket"}[i:i+c.Span], " ")), " ")), " "))
			if c.Edits != want {
				t.Errorf("%q span %d: Edits %d, want %d", c.Text, c.Span, c.Edits, want)
			}
		}
	}
}

func texts(cs []Candidate) []string {
	var s []string
	for _, c := range cs {
		s = append(s, c.Text)
	}
	return s
}

func FuzzReadLexicon(f *testing.F) {
	f.Add("word\tcount\tlisted\nthe\t3\t0\n")
	f.Add("word\tcount\tlisted\nemu\t0\t1\nthe\t3\t1\n")
	f.Add("word\tcount\tlisted\n\t1\t0\n")
	f.Add("word\tcount\tlisted\nx\t-1\t0\n")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ReadLexicon(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if _, err := l.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		first := buf.String()
		m, err := ReadLexicon(&buf, "again")
		if err != nil || m.Total() != l.Total() || m.Len() != l.Len() {
			t.Fatalf("round trip: %v", err)
		}
		var again bytes.Buffer
		if _, err := m.WriteTo(&again); err != nil || again.String() != first {
			t.Fatalf("round trip changed the lexicon (%v):\n%s\nthen\n%s", err, first, again.String())
		}
	})
}

func FuzzGenerate(f *testing.F) {
	f.Add("tbe rnodern mar- ket", "the modern market")
	f.Add("", "x")
	f.Add("\u00ad ﬁ «» 1: —", "")
	g := tinyGenerator(f)
	f.Fuzz(func(t *testing.T, a, b string) {
		ocr, alt := strings.Fields(a), strings.Fields(b)
		out := g.Generate(ocr, align.AlignReadings(ocr, [][]string{alt}))
		if len(out) != len(ocr) {
			t.Fatalf("%d positions for %d tokens", len(out), len(ocr))
		}
		for i, cs := range out {
			if !hasCand(cs, ocr[i], 1) {
				t.Fatalf("original %q missing", ocr[i])
			}
			for _, c := range cs {
				if c.Span < 1 || i+c.Span > len(ocr) || math.IsNaN(c.Score) {
					t.Fatalf("bad candidate %+v at %d", c, i)
				}
			}
		}
	})
}

func TestClone(t *testing.T) {
	g := tinyGenerator(t)
	ocr := strings.Fields("tbe rnodern mar ket thecat")
	want := g.Generate(ocr, nil)
	done := make(chan [][]Candidate, 4)
	for k := 0; k < 4; k++ {
		c := g.Clone()
		go func() { done <- c.Generate(ocr, nil) }()
	}
	for k := 0; k < 4; k++ {
		if got := <-done; !reflect.DeepEqual(got, want) {
			t.Error("a clone generates differently")
		}
	}
}

// TestLevQuery checks the bit-parallel distance against the plain DP.
func TestLevQuery(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alpha := []rune("abcdé€x")
	word := func(n int) []rune {
		w := make([]rune, n)
		for i := range w {
			w[i] = alpha[rng.IntN(len(alpha))]
		}
		return w
	}
	var lq levQuery
	for it := 0; it < 20000; it++ {
		a, b := word(rng.IntN(12)), word(rng.IntN(12))
		if it%500 == 0 {
			a = word(64 + rng.IntN(4))
		}
		bound := rng.IntN(5)
		lq.reset(a)
		got := lq.dist(b, bound, nil)
		want := boundedLev(a, b, bound, nil)
		if want > bound {
			want = bound + 1
		}
		if got != want {
			t.Fatalf("dist(%q, %q, %d) = %d, want %d", string(a), string(b), bound, got, want)
		}
	}
}

// TestLongWords: skeletons longer than an index entry can record (63
// runes) are still found by a search for a longer query (their length is
// capped in the entry, not compared exactly).
func TestLongWords(t *testing.T) {
	long := strings.Repeat("abcdefghij", 7) // 70 runes
	lex := NewLexicon()
	lex.Add(long, 5)
	lex.Add("other", 5)
	g := NewGenerator(nil, lex, Options{})
	found := false
	for _, fid := range g.near(long[:40]+"x"+long[41:], 5, -1) {
		if lex.folds[fid].word == long {
			found = true
		}
	}
	if !found {
		t.Errorf("the 70-rune word one substitution away was not found")
	}
}

// TestHugeToken: a token far longer than any word (a run of rules, OCR
// garbage without spaces) is kept as its own only candidate, in linear
// time: 200,000 runes would take minutes and gigabytes in the quadratic
// confusion DP.
func TestHugeToken(t *testing.T) {
	lex := NewLexicon()
	lex.Add("abab", 5)
	g := NewGenerator(nil, lex, Options{})
	huge := strings.Repeat("ab", 100000)
	ocr := []string{"abab", huge, "x"}
	out := g.Generate(ocr, align.AlignReadings(ocr, [][]string{{"abab", huge + "y", "x"}}))
	if len(out[1]) != 1 || out[1][0].Text != huge || out[1][0].Source&SrcOriginal == 0 {
		t.Errorf("huge token: %d candidates, want only itself", len(out[1]))
	}
}

// TestCopyPathBound checks that the cost of a string against itself
// bounded by its path of copies is the unbounded cost, bit for bit.
func TestCopyPathBound(t *testing.T) {
	c := LearnConfusion(tinyPairs(), ConfusionOptions{})
	for _, s := range []string{"a", "the", "Administration", "rn", "cl0se", "tbe", "ﬁne", "über", "m-m", "1l1l1l"} {
		b := c.copyPath(s)
		got, want := c.Cost(s, s, float64(b)), c.Cost(s, s, math.MaxFloat32)
		if math.Float64bits(got) != math.Float64bits(want) || got > float64(b) {
			t.Errorf("%q: bounded %v, unbounded %v (copy path %v)", s, got, want, b)
		}
	}
}

// TestCloneNarrowed: a clone keeping fewer candidates makes the lists of
// the generator it was cloned from cut shorter (its first candidates the
// same), never longer, and leaves the generator's own lists alone; one
// taking words for whole splits none of them.
func TestCloneNarrowed(t *testing.T) {
	g := tinyGenerator(t)
	ocr := strings.Fields("tbe rnodern mar ket thecat sat on tbe rnat")
	want := g.Generate(ocr, nil)
	c := g.CloneNarrowed(Narrowing{MinKeep: 2})
	got := c.Generate(ocr, nil)
	shorter := false
	for i := range want {
		if len(got[i]) > len(want[i]) {
			t.Errorf("position %d: %d candidates, more than the %d of the generator", i, len(got[i]), len(want[i]))
			continue
		}
		shorter = shorter || len(got[i]) < len(want[i])
		if len(got[i]) > 0 && got[i][0].Text != want[i][0].Text {
			t.Errorf("position %d: best %q, want %q", i, got[i][0].Text, want[i][0].Text)
		}
	}
	if !shorter {
		t.Error("no list cut shorter")
	}
	if again := g.CloneNarrowed(Narrowing{}).Generate(ocr, nil); !reflect.DeepEqual(again, want) {
		t.Error("a clone narrowing nothing generates differently from the generator")
	}
	if again := g.Generate(ocr, nil); !reflect.DeepEqual(again, want) {
		t.Error("the generator's own lists changed")
	}
}

// TestWhole: a word the lexicon holds without a count is split into two
// words it knows, unless Options.Whole takes it for whole.
func TestWhole(t *testing.T) {
	pairs := tinyPairs()
	lex := tinyLexicon(pairs, "the of and to in at one market town", 3)
	lex.Add("atone", 0)
	g := NewGenerator(LearnConfusion(pairs, ConfusionOptions{}), lex, Options{})
	ocr := []string{"atone"}
	if !hasCand(g.Generate(ocr, nil)[0], "at one", 1) {
		t.Fatal("atone is not split into at one")
	}
	c := g.CloneNarrowed(Narrowing{Whole: func(w string) bool { return w == "atone" }})
	if cs := c.Generate(ocr, nil)[0]; hasCand(cs, "at one", 1) || !hasCand(cs, "atone", 1) {
		t.Errorf("atone taken for whole: candidates %v", cs)
	}
	if !hasCand(g.Generate(ocr, nil)[0], "at one", 1) {
		t.Error("the generator cloned no longer splits atone")
	}
}

// TestCasePatternASCII: casePattern's byte-by-byte path for ASCII agrees
// with the rune-by-rune classification on every shape.
func TestCasePatternASCII(t *testing.T) {
	words := []string{"", "-", "12", "the", "The", "THE", "tHe", "ThE", "McKay", "A", "a", "A.", "'Tis", "x-Ray", "U.S.A.", "iPhone", "É", "Éte", "ÉTÉ", "éTé", "Straße", "ſo", "the–"}
	for _, w := range words {
		if got, want := casePattern(w), casePatternRunes(w); got != want {
			t.Errorf("casePattern(%q) = %d, want %d", w, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	alpha := []byte("aAzZmM-.'0 éÉ")
	for range 2000 {
		b := make([]byte, 0, 8)
		for range r.IntN(8) {
			b = append(b, alpha[r.IntN(len(alpha))])
		}
		w := string(b)
		if got, want := casePattern(w), casePatternRunes(w); got != want {
			t.Errorf("casePattern(%q) = %d, want %d", w, got, want)
		}
	}
}

// TestSkeletonStarts: the skeleton of a word is the same whether key
// skips the positions no rule starts at or tries every rule there.
func TestSkeletonStarts(t *testing.T) {
	sk := &skeleton{class: map[rune]rune{}}
	sk.setASCII()
	sk.rules = []skelRule{{[]rune("rn"), []rune("m")}, {[]rune("cl"), []rune("d")}, {[]rune("éi"), []rune("e")}}
	sk.setStarts()
	all := *sk
	all.starts = [2]uint64{^uint64(0), ^uint64(0)}
	for _, w := range []string{"", "modern", "clearly", "barn", "cléirn", "RNA", "word"} {
		if got, want := string(sk.key(nil, w)), string(all.key(nil, w)); got != want {
			t.Errorf("key(%q) = %q, want %q", w, got, want)
		}
	}
}
