package features

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"ocrfix/align"
	"ocrfix/candgen"
	englishlm "ocrfix/lm/english"
	"ocrfix/profile"
)

// TestColumnsInOrder checks that the registry gives the columns the models
// were trained with, in their order (a change needs retrained models).
func TestColumnsInOrder(t *testing.T) {
	want := []string{"conf_logp", "is_original", "in_lexicon", "uni_logp", "lm_left", "lm_right", "lm_inner",
		"topic_logp", "topic_known", "vec_sim", "vec_known", "edits", "len_diff", "merge", "split",
		"from_engine", "engine_agree", "case_change", "punct_change", "orig_oov",
		"orig_rule_len", "orig_rule_punct", "orig_rule_inner", "orig_rule_rep", "orig_rule_upper",
		"orig_rule_cv", "orig_rule_runs", "orig_rule_case", "orig_conf", "orig_conf_rank", "has_conf",
		"cand_prior", "cand_rank", "score_gap", "orig_gap", "n_cands",
		"coll_freq", "coll_docs", "coll_exact", "coll_end", "orig_coll_size", "coll_ctx",
		"eng_ctx", "eng_freq", "eng_known", "eng_shape", "eng_gap", "eng_shape_gap", "orig_num_spike"}
	if strings.Join(Names, ",") != strings.Join(want, ",") || NumFeatures != len(want) {
		t.Errorf("columns\n%v\nwant\n%v", Names, want)
	}
	seen := map[string]bool{}
	for _, n := range Names {
		if seen[n] {
			t.Errorf("column %q registered twice", n)
		}
		seen[n] = true
	}
	if len(ruleNames()) != len(candgen.RuleNames) {
		t.Errorf("%d rule columns, %d rules", len(ruleNames()), len(candgen.RuleNames))
	}
}

// colOf returns the column of feature name (-1 when there is none).
func colOf(name string) int { return slices.Index(Names, name) }

// Columns the tests look at.
var (
	fConfLogP     = colOf("conf_logp")
	fIsOriginal   = colOf("is_original")
	fInLexicon    = colOf("in_lexicon")
	fLMRight      = colOf("lm_right")
	fEdits        = colOf("edits")
	fLenDiff      = colOf("len_diff")
	fMerge        = colOf("merge")
	fSplit        = colOf("split")
	fFromEngine   = colOf("from_engine")
	fEngineAgree  = colOf("engine_agree")
	fCaseChange   = colOf("case_change")
	fPunctChange  = colOf("punct_change")
	fOrigOOV      = colOf("orig_oov")
	fOrigConf     = colOf("orig_conf")
	fOrigConfRank = colOf("orig_conf_rank")
	fHasConf      = colOf("has_conf")
)

// TestComputeDocumented checks that features compute what their one-line
// docs say on a small hand-made document.
func TestComputeDocumented(t *testing.T) {
	lm := NewLM()
	lm.Add([]string{"the", "cat", "sat", "on", "the", "mat"})
	lex := candgen.NewLexicon()
	lex.AddText([]string{"the", "cat", "sat", "on", "the", "mat"})
	res := &Resources{LM: lm, Lex: lex}
	words := []string{"tbe", "cat", "s", "at"}
	doc := &Doc{
		Words:    words,
		Conf:     []float32{40, 90, 30, 20},
		Line:     []int{1, 1, 1, 1},
		Readings: align.AlignReadings(words, [][]string{{"the", "cat", "s", "at"}}),
		Cands: [][]candgen.Candidate{
			{{Text: "tbe", Span: 1, Source: candgen.SrcOriginal}, {Text: "the", Span: 1, Source: candgen.SrcLexicon | candgen.SrcEngine, Edits: 1, LogConf: -2}},
			{{Text: "cat", Span: 1, Source: candgen.SrcOriginal}, {Text: "Cat.", Span: 1, Edits: 2}},
			{{Text: "s", Span: 1, Source: candgen.SrcOriginal}, {Text: "sat", Span: 2, Source: candgen.SrcMerge, Edits: 1}},
			{{Text: "at", Span: 1, Source: candgen.SrcOriginal}, {Text: "a t", Span: 1, Source: candgen.SrcSplit, Edits: 1}},
		},
	}
	m := Compute(res, doc, Options{}, rand.New(rand.NewPCG(1, 1)))
	if m.Rows() != 8 {
		t.Fatalf("%d rows, want 8", m.Rows())
	}
	get := func(pos, k, col int) float32 { return m.Row(int(m.First[pos]) + k)[col] }
	checks := []struct {
		pos, k, col int
		want        float32
	}{
		{0, 0, fIsOriginal, 1}, {0, 1, fIsOriginal, 0},
		{0, 0, fInLexicon, 0}, {0, 1, fInLexicon, 1},
		{0, 0, fOrigOOV, 1}, {0, 1, fOrigOOV, 0},
		{0, 1, fConfLogP, -2}, {0, 1, fEdits, 1},
		{0, 1, fFromEngine, 1}, {0, 1, fEngineAgree, 1}, {0, 0, fEngineAgree, 0},
		{1, 1, fCaseChange, 1}, {1, 1, fPunctChange, 1}, {1, 1, fLenDiff, 1},
		{2, 1, fMerge, 1}, {3, 1, fSplit, 1},
		{0, 0, fOrigConf, 0.4}, {0, 1, fOrigConf, 0}, {0, 0, fHasConf, 1},
		{1, 0, fOrigConfRank, 1}, {3, 0, fOrigConfRank, 0},
	}
	for _, c := range checks {
		if got := get(c.pos, c.k, c.col); math.Abs(float64(got-c.want)) > 1e-6 {
			t.Errorf("position %d candidate %d %s = %v, want %v", c.pos, c.k, Names[c.col], got, c.want)
		}
	}
	// the language model prefers "the" before "cat"
	if get(0, 1, fLMRight) <= get(0, 0, fLMRight) {
		t.Errorf("lm_right: the=%v, tbe=%v; want the > tbe", get(0, 1, fLMRight), get(0, 0, fLMRight))
	}
	// without confidences the confidence columns are 0
	m2 := Compute(res, doc, Options{NoConfidence: true}, rand.New(rand.NewPCG(1, 1)))
	if m2.Row(0)[fOrigConf] != 0 || m2.Row(0)[fHasConf] != 0 {
		t.Error("NoConfidence left confidence columns set")
	}
}

func TestLMRoundTrip(t *testing.T) {
	lm := NewLM()
	lm.Add([]string{"A", "b,", "c", "a", "b"})
	if lm.ID("a") < 0 || lm.ID("b") < 0 {
		t.Fatal("normalised words missing")
	}
	var buf bytes.Buffer
	if _, err := lm.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	lm2, err := ReadLM(&buf, "lm.tsv")
	if err != nil {
		t.Fatal(err)
	}
	a, b := lm.ID("a"), lm.ID("b")
	a2, b2 := lm2.ID("a"), lm2.ID("b")
	if lm.LogNext(a, b) != lm2.LogNext(a2, b2) || lm.LogPrev(a, b) != lm2.LogPrev(a2, b2) || lm.LogUni(a) != lm2.LogUni(a2) {
		t.Error("probabilities differ after the round trip")
	}
	// P(b|a) is higher than P(c|a): "a b" was seen twice
	if lm.LogNext(a, b) <= lm.LogNext(a, lm.ID("c")) {
		t.Error("bigram counts not used")
	}
}

// TestCollContext: coll_ctx prefers the candidate the collection writes
// between the same neighbours, and does not count the position's own OCR
// pair as evidence for the OCR token.
func TestCollContext(t *testing.T) {
	words := []string{"I", "said", "1", "am", "here"}
	prof := profile.Of([][]string{
		words,
		{"and", "I", "am", "here", "I", "am"},
		{"page", "1", "of", "2"},
	}, profile.Options{})
	doc := &Doc{
		Words: words,
		Cands: [][]candgen.Candidate{
			{{Text: "I", Span: 1, Source: candgen.SrcOriginal}},
			{{Text: "said", Span: 1, Source: candgen.SrcOriginal}},
			{{Text: "1", Span: 1, Source: candgen.SrcOriginal}, {Text: "I", Span: 1, Edits: 1}, {Text: "—", Span: 1, Edits: 1}},
			{{Text: "am", Span: 1, Source: candgen.SrcOriginal}},
			{{Text: "here", Span: 1, Source: candgen.SrcOriginal}},
		},
		Profile: prof,
	}
	m := Compute(&Resources{LM: NewLM(), Lex: candgen.NewLexicon()}, doc, Options{}, rand.New(rand.NewPCG(1, 1)))
	fCtx := colOf("coll_ctx")
	get := func(pos, k int) float64 { return float64(m.Row(int(m.First[pos]) + k)[fCtx]) }
	// "1" between "said" and "am": its own pairs (said 1, 1 am) are this
	// position's, so 0 each; "I": (said I) 0, (I am) 2.
	den := func(n int) float64 { return math.Log1p(float64(n)) }
	wantOrig := (math.Log(0.5) - den(1) + math.Log(0.5) - den(3)) / 2
	wantI := (math.Log(0.5) - den(1) + math.Log(2.5) - den(3)) / 2
	if d := math.Abs(get(2, 0) - wantOrig); d > 1e-5 {
		t.Errorf("coll_ctx of the OCR token 1 = %v, want %v", get(2, 0), wantOrig)
	}
	if d := math.Abs(get(2, 1) - wantI); d > 1e-5 {
		t.Errorf("coll_ctx of I = %v, want %v", get(2, 1), wantI)
	}
	if get(2, 2) != get(2, 0) {
		t.Errorf("a text without a word counts no pairs: %v, want %v", get(2, 2), get(2, 0))
	}
	// the first word has one neighbour: the pair (I said), its own, is 0.
	if want := math.Log(0.5) - den(1); math.Abs(get(0, 0)-want) > 1e-5 {
		t.Errorf("coll_ctx at the start = %v, want %v", get(0, 0), want)
	}
}

// TestSharedListsSameRows checks that positions sharing a candidate list
// (as candgen hands out the list of a token that needs nothing else) get
// the rows they get holding copies of their own, bit for bit, and that a
// shared list with a merge is not copied (its features depend on the
// tokens after it).
func TestSharedListsSameRows(t *testing.T) {
	words := []string{"tbe", "cat", "sat", "on", "tbe", "mat", "tbe", "cat", "on"}
	truth := []string{"the", "cat", "sat", "on", "the", "mat", "the", "cat", "on"}
	lm := NewLM()
	lm.Add(truth)
	lex := candgen.NewLexicon()
	lex.AddText(truth)
	eng, shape, err := englishlm.Model()
	if err != nil {
		t.Fatal(err)
	}
	tbe := []candgen.Candidate{
		{Text: "tbe", Span: 1, Source: candgen.SrcOriginal, LogConf: -0.5, LogPrior: -9, Score: -9.5},
		{Text: "the", Span: 1, Source: candgen.SrcLexicon, Edits: 1, LogConf: -2, LogPrior: -3, Score: -5},
		{Text: "The", Span: 1, Source: candgen.SrcLexicon | candgen.SrcCase, Edits: 2, LogConf: -4, LogPrior: -5, Score: -9},
		{Text: "t be", Span: 1, Source: candgen.SrcSplit, Edits: 1, LogConf: -6, LogPrior: -8, Score: -14},
		{Text: "tbe,", Span: 1, Source: candgen.SrcPunct, Edits: 1, LogConf: -7, LogPrior: -10, Score: -17},
	}
	cat := []candgen.Candidate{
		{Text: "cat", Span: 1, Source: candgen.SrcOriginal, Score: -4},
		{Text: "cot", Span: 1, Source: candgen.SrcLexicon, Edits: 1, LogConf: -3, Score: -8},
		{Text: "catsat", Span: 2, Source: candgen.SrcMerge, Edits: 1, LogConf: -5, Score: -12},
	}
	shared := make([][]candgen.Candidate, len(words))
	own := make([][]candgen.Candidate, len(words))
	for i, w := range words {
		switch w {
		case "tbe":
			shared[i] = tbe
		case "cat":
			shared[i] = cat
		default:
			shared[i] = []candgen.Candidate{{Text: w, Span: 1, Source: candgen.SrcOriginal}}
		}
		own[i] = slices.Clone(shared[i])
	}
	prof := profile.Of([][]string{words, {"the", "cat", "tbe", "mat"}}, profile.Options{})
	conf := []float32{40, 90, 30, 20, 50, 60, 10, 90, 80}
	line := []int{1, 1, 1, 1, 2, 2, 2, 3, 3}
	alt := []string{"the", "cat", "sat", "on", "tbe", "mat", "the", "cat", "on"}
	compute := func(cands [][]candgen.Candidate) *Matrix {
		res := &Resources{LM: lm, Lex: lex, Eng: eng, Shape: shape}
		doc := &Doc{Words: words, Conf: conf, Line: line, Readings: align.AlignReadings(words, [][]string{alt}), Cands: cands, Profile: prof}
		return Compute(res, doc, Options{}, rand.New(rand.NewPCG(1, 1)))
	}
	a, b := compute(shared), compute(own)
	if !slices.Equal(a.First, b.First) || len(a.Vals) != len(b.Vals) {
		t.Fatalf("row layout differs: %v, %v", a.First, b.First)
	}
	for r := range a.Rows() {
		for k, v := range a.Row(r) {
			if w := b.Row(r)[k]; math.Float32bits(v) != math.Float32bits(w) {
				t.Errorf("row %d %s: %v with a shared list, %v with its own", r, Names[k], v, w)
			}
		}
	}
	// the two "tbe" positions after the first differ in their context
	// columns, so the test would see a copied one
	r0, r4 := a.Row(int(a.First[0])+1), a.Row(int(a.First[4])+1)
	if r0[colOf("eng_ctx")] == r4[colOf("eng_ctx")] && r0[fOrigConf] == r4[fOrigConf] {
		t.Error("the positions of tbe do not differ in their per-position columns")
	}
}

// TestEngGap checks eng_gap: 0 for the OCR token, and for a candidate its
// eng_ctx less the OCR token's, less the difference of their unigram log
// P under the English model, so that `of` fits `out or the house` better
// than the OCR's `or` by its context and not by being commoner.
func TestEngGap(t *testing.T) {
	eng, shape, err := englishlm.Model()
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"he", "went", "out", "or", "the", "house"}
	cands := make([][]candgen.Candidate, len(words))
	for i, w := range words {
		cands[i] = []candgen.Candidate{{Text: w, Span: 1, Source: candgen.SrcOriginal}}
	}
	cands[3] = append(cands[3], candgen.Candidate{Text: "of", Span: 1, Source: candgen.SrcLexicon, Edits: 1})
	lex := candgen.NewLexicon()
	lex.AddText(words)
	res := &Resources{LM: NewLM(), Lex: lex, Eng: eng, Shape: shape}
	m := Compute(res, &Doc{Words: words, Cands: cands}, Options{}, rand.New(rand.NewPCG(1, 1)))
	orig, of := m.Row(int(m.First[3])), m.Row(int(m.First[3])+1)
	ctx, gap := colOf("eng_ctx"), colOf("eng_gap")
	if orig[gap] != 0 {
		t.Errorf("eng_gap of the OCR token = %v, want 0", orig[gap])
	}
	uni := func(w string) float64 { return float64(eng.LogProb(-1, -1, eng.ID(w))) }
	want := float64(of[ctx]-orig[ctx]) - (uni("of") - uni("or"))
	if math.Abs(float64(of[gap])-want) > 1e-4 {
		t.Errorf("eng_gap of `of` = %v, want eng_ctx %v - %v less unigram %v - %v = %v", of[gap], of[ctx], orig[ctx], uni("of"), uni("or"), want)
	}
	if of[gap] <= 0 {
		t.Errorf("eng_gap of `of` in `went out or the house` = %v, want > 0", of[gap])
	}
	// eng_shape_gap: the candidate's eng_shape less the OCR token's
	shp, sgap := colOf("eng_shape"), colOf("eng_shape_gap")
	if orig[sgap] != 0 {
		t.Errorf("eng_shape_gap of the OCR token = %v, want 0", orig[sgap])
	}
	if want := of[shp] - orig[shp]; math.Abs(float64(of[sgap]-want)) > 1e-6 {
		t.Errorf("eng_shape_gap of `of` = %v, want %v - %v = %v", of[sgap], of[shp], orig[shp], want)
	}
}

// TestEngShapeGap checks that a candidate looks more English than the
// garbled token it replaces by eng_shape_gap, and a garbled candidate of a
// word less.
func TestEngShapeGap(t *testing.T) {
	eng, shape, err := englishlm.Model()
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"the", "charactenstic", "of", "the", "house"}
	cands := make([][]candgen.Candidate, len(words))
	for i, w := range words {
		cands[i] = []candgen.Candidate{{Text: w, Span: 1, Source: candgen.SrcOriginal}}
	}
	cands[1] = append(cands[1], candgen.Candidate{Text: "characteristic", Span: 1, Source: candgen.SrcLexicon, Edits: 2})
	cands[4] = append(cands[4], candgen.Candidate{Text: "hquse", Span: 1, Source: candgen.SrcLexicon, Edits: 1})
	res := &Resources{LM: NewLM(), Lex: candgen.NewLexicon(), Eng: eng, Shape: shape}
	m := Compute(res, &Doc{Words: words, Cands: cands}, Options{}, rand.New(rand.NewPCG(1, 1)))
	sgap := colOf("eng_shape_gap")
	if v := m.Row(int(m.First[1]) + 1)[sgap]; v <= 0 {
		t.Errorf("eng_shape_gap of characteristic for charactenstic = %v, want > 0", v)
	}
	if v := m.Row(int(m.First[4]) + 1)[sgap]; v >= 0 {
		t.Errorf("eng_shape_gap of hquse for house = %v, want < 0", v)
	}
}

// orig_num_spike marks, on the OCR token's own row, a number its
// collection writes far more often than the numbers beside it.
func TestOrigNumSpike(t *testing.T) {
	words := []string{"this", "15", "true,", "page", "14", "15."}
	var many []string
	for range 12 {
		many = append(many, "it", "15")
	}
	prof := profile.Of([][]string{words, many, {"16"}}, profile.Options{})
	cands := make([][]candgen.Candidate, len(words))
	for i, w := range words {
		cands[i] = []candgen.Candidate{{Text: w, Span: 1, Source: candgen.SrcOriginal}}
	}
	cands[1] = append(cands[1], candgen.Candidate{Text: "is", Span: 1, Edits: 2})
	cands[0] = append(cands[0], candgen.Candidate{Text: "15", Span: 1, Edits: 4})
	m := Compute(&Resources{LM: NewLM(), Lex: candgen.NewLexicon()}, &Doc{Words: words, Cands: cands, Profile: prof}, Options{}, rand.New(rand.NewPCG(1, 1)))
	f := colOf("orig_num_spike")
	for _, c := range []struct {
		pos, k int
		want   float32
	}{
		{1, 0, 1}, // 15, written 13 times in two documents, 14 and 16 once each
		{1, 1, 0}, // not on a candidate's row
		{5, 0, 1}, // 15. is the same number
		{4, 0, 0}, // 14 is not
		{0, 0, 0},
		{0, 1, 0}, // a candidate 15 is not the OCR token
	} {
		if v := m.Row(int(m.First[c.pos]) + c.k)[f]; v != c.want {
			t.Errorf("orig_num_spike of %q (candidate %d) = %v, want %v", words[c.pos], c.k, v, c.want)
		}
	}
	doc := &Doc{Words: words, Cands: cands}
	m = Compute(&Resources{LM: NewLM(), Lex: candgen.NewLexicon()}, doc, Options{}, rand.New(rand.NewPCG(1, 1)))
	if v := m.Row(int(m.First[1]))[f]; v != 0 {
		t.Errorf("orig_num_spike without a profile = %v, want 0", v)
	}
}
