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
		"eng_ctx", "eng_freq", "eng_known", "eng_shape"}
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
