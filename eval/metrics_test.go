package eval

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

func TestEvaluateDocBasic(t *testing.T) {
	gt := strings.Fields("the quick brown fox jumps over the lazy dog")
	pred := strings.Fields("tne quick brown fox jumps ovcr the lazy dog .")
	r := EvaluateDoc("d", gt, pred, Options{})
	if r.GTWords != 9 || r.PredWords != 10 || r.Matched != 7 {
		t.Fatalf("counts %d %d %d", r.GTWords, r.PredWords, r.Matched)
	}
	if r.WordEdits != 3 {
		t.Errorf("word edits %d, want 3", r.WordEdits)
	}
	// "the ... dog" vs "tne ... dog .": 2 substitutions + " ." = 4 char edits.
	if r.CharEdits != 4 {
		t.Errorf("char edits %d, want 4", r.CharEdits)
	}
	if r.GTChars != len(strings.Join(gt, " ")) {
		t.Errorf("gt chars %d", r.GTChars)
	}
	// bag: the x2 vs the x1, over, tne, ovcr, "." -> 1+1+1+1+1 = 5
	if r.BagDiff != 5 {
		t.Errorf("bag diff %d, want 5", r.BagDiff)
	}
	if math.Abs(r.Recall-7.0/9) > 1e-12 || math.Abs(r.Precision-0.7) > 1e-12 || math.Abs(r.F1-14.0/19) > 1e-12 {
		t.Errorf("ratios %v %v %v", r.Recall, r.Precision, r.F1)
	}
}

func TestEvaluateDocEmpty(t *testing.T) {
	r := EvaluateDoc("e", nil, []string{"x"}, Options{})
	if !math.IsNaN(r.Recall) || !math.IsNaN(r.WER) || !math.IsNaN(r.CER) || r.Precision != 0 || r.F1 != 0 {
		t.Errorf("empty gt: %+v", r)
	}
	r = EvaluateDoc("e", []string{"x"}, nil, Options{})
	if r.Recall != 0 || !math.IsNaN(r.Precision) || r.F1 != 0 || r.WER != 1 || r.CER != 1 {
		t.Errorf("empty pred: %+v", r)
	}
	r = EvaluateDoc("e", nil, nil, Options{})
	if !math.IsNaN(r.F1) {
		t.Errorf("both empty: F1 %v", r.F1)
	}
	s := Summarize([]DocResult{EvaluateDoc("a", nil, []string{"x"}, Options{}), EvaluateDoc("b", []string{"x", "y"}, []string{"x"}, Options{})}, Options{})
	if s.MacroDocs != 1 || s.MacroRecall != 0.5 || s.Recall != 0.5 || s.Precision != 0.5 {
		t.Errorf("summary %+v", s)
	}
}

func TestNormalize(t *testing.T) {
	o := Options{Lower: true, StripPunct: true, NFKC: true}
	for in, want := range map[string]string{
		"\"Hello,": "hello", "ﬁsh.": "fish", "...": "", "—": "", "U.S.": "u.s", "£5": "£5", "co-op": "co-op",
	} {
		if got := o.Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	r := EvaluateDoc("d", []string{"Hello", ",", "World."}, []string{"hello", "world"}, o)
	if r.GTWords != 2 || r.Matched != 2 {
		t.Errorf("normalised: %+v", r)
	}
	if r.GT[1] != "World." {
		t.Errorf("GT keeps the surface form: %q", r.GT)
	}
	if !strings.Contains(o.String(), "lowercased") || !strings.Contains(Options{}.String(), "exact match") {
		t.Errorf("String: %q / %q", o.String(), Options{}.String())
	}
}

func TestFuzzy(t *testing.T) {
	gt := strings.Fields("government report committee")
	pred := strings.Fields("govermnent rep0rt cornmittee")
	if r := EvaluateDoc("d", gt, pred, Options{}); r.Matched != 0 {
		t.Fatalf("exact matched %d", r.Matched)
	}
	if r := EvaluateDoc("d", gt, pred, Options{Fuzzy: 0.75}); r.Matched != 3 {
		t.Fatalf("fuzzy 0.75 matched %d", r.Matched)
	}
	if r := EvaluateDoc("d", gt, pred, Options{Fuzzy: 0.9}); r.Matched != 0 {
		t.Fatalf("fuzzy 0.9 matched %d", r.Matched)
	}
	if (Options{Fuzzy: 1.5}).Validate() == nil || (Options{Fuzzy: 0.5}).Validate() != nil {
		t.Error("Validate")
	}
}

// lcsNaive is the textbook LCS length.
func lcsNaive(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func randWords(rng *rand.Rand, n, sigma int) []string {
	w := make([]string, n)
	for i := range w {
		w[i] = string(rune('a' + rng.Intn(sigma)))
	}
	return w
}

func TestEvaluateDocRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for it := 0; it < 500; it++ {
		a, b := randWords(rng, rng.Intn(60), 1+rng.Intn(5)), randWords(rng, rng.Intn(60), 1+rng.Intn(5))
		r := EvaluateDoc("r", a, b, Options{})
		if want := lcsNaive(a, b); r.Matched != want {
			t.Fatalf("matched %d want %d", r.Matched, want)
		}
		for _, p := range r.Pairs {
			if a[p.A] != b[p.B] {
				t.Fatalf("bad pair %v", p)
			}
		}
		if r.WordEdits != naiveLev(ids(a), ids(b)) {
			t.Fatalf("word edits")
		}
		// multi-character words, fuzzy and exact: CER against the plain DP
		a2, b2 := make([]string, len(a)), make([]string, len(b))
		for i := range a {
			a2[i] = strings.Repeat(a[i], 1+i%3)
		}
		for i := range b {
			b2[i] = strings.Repeat(b[i], 1+i%4)
		}
		for _, o := range []Options{{}, {Fuzzy: 0.5}} {
			r := EvaluateDoc("r", a2, b2, o)
			if want := naiveLev([]rune(strings.Join(a2, " ")), []rune(strings.Join(b2, " "))); r.CharEdits != want {
				t.Fatalf("char edits %d, want %d", r.CharEdits, want)
			}
		}
	}
}

func ids(ws []string) []int32 {
	out := make([]int32, len(ws))
	for i, w := range ws {
		out[i] = int32(w[0])
	}
	return out
}

func TestBrokenAndErrorReduction(t *testing.T) {
	gt := strings.Fields("a b c d e")
	raw := strings.Fields("a x c d y")
	corr := strings.Fields("a b c q e")
	mr, mc, br := Broken(gt, raw, corr, Options{})
	if mr != 3 || mc != 4 || br != 1 {
		t.Errorf("Broken = %d %d %d, want 3 4 1", mr, mc, br)
	}
	if er := ErrorReduction(5, mr, mc); math.Abs(er-0.5) > 1e-12 {
		t.Errorf("ErrorReduction = %v", er)
	}
	if !math.IsNaN(ErrorReduction(5, 5, 5)) {
		t.Error("ErrorReduction with no raw errors should be NaN")
	}
}
