package model

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
)

func TestDashPieces(t *testing.T) {
	for _, c := range []struct {
		tok  string
		want []string
	}{
		{"titne.—Adjourned.", []string{"titne.—", "Adjourned."}},
		{"was--bul", []string{"was--", "bul"}},
		{"(one—two–three)", []string{"(one—", "two–", "three)"}},
		{`lertes.-"Olh!`, []string{`lertes.-"`, "Olh!"}},
		{"well-known", nil}, // a compound's hyphen
		{"well-known.—The", []string{"well-known.—", "The"}},
		{"—Mr.", nil},        // a dash before the word
		{"over.—", nil},      // ... and after it
		{"1805.—The", nil},   // a figure before the dash
		{"co.ast;zuar", nil}, // no dash
		{"it,-and", []string{"it,-", "and"}},
		{"Neweastle•on•Tyne.", []string{"Neweastle•", "on•", "Tyne."}}, // bullets
		{"•They", nil},
		{"", nil},
	} {
		if got := dashPieces(c.tok, nil); !slices.Equal(got, c.want) {
			t.Errorf("dashPieces(%q) = %q, want %q", c.tok, got, c.want)
		}
	}
	// a lone hyphen or slash is cut where hyphen says so, and is told
	// which mark it is
	var marks []string
	hyphen := func(a, mark, b string) bool { marks = append(marks, a+mark+b); return b != "known" }
	for _, c := range []struct {
		tok  string
		want []string
	}{
		{"cost/beneflt,", []string{"cost/", "beneflt,"}},
		{"(Goulburn-streot", []string{"(Goulburn-", "streot"}},
		{"well-known", nil},
		{"and/or/else", []string{"and/", "or/", "else"}},
		{"1/2", nil},                  // figures
		{"a//b", nil},                 // two slashes: no lone mark
		{"wage/-x", nil},              // a slash and a hyphen
		{"www.example.com/path", nil}, // a path: a stop before the slash's word
		{"path/example.com", nil},     // ... or after it
		{"JOBS/IMPORTS/EXPDRTS", []string{"JOBS/", "IMPORTS/", "EXPDRTS"}},
	} {
		if got := dashPieces(c.tok, hyphen); !slices.Equal(got, c.want) {
			t.Errorf("dashPieces(%q, hyphen) = %q, want %q", c.tok, got, c.want)
		}
	}
	if want := []string{"cost/beneflt", "Goulburn-streot", "well-known", "and/or", "or/else", "JOBS/IMPORTS", "IMPORTS/EXPDRTS"}; !slices.Equal(marks, want) {
		t.Errorf("hyphen asked of %q, want %q", marks, want)
	}
}

func TestCutDashes(t *testing.T) {
	tx := mustText(t, "In two inonths.--The end\nwas--bul here\n")
	cut, counts := cutDashes(tx, nil)
	if !slices.Equal(counts, []int{1, 1, 2, 1, 2, 1}) {
		t.Fatalf("counts %v", counts)
	}
	var got []string
	for _, k := range cut.Tokens {
		if string(tx.Source[k.Start:k.End]) != k.Text {
			t.Errorf("piece %q at %d..%d reads %q", k.Text, k.Start, k.End, tx.Source[k.Start:k.End])
		}
		got = append(got, k.Text)
	}
	if want := []string{"In", "two", "inonths.--", "The", "end", "was--", "bul", "here"}; !slices.Equal(got, want) {
		t.Errorf("pieces %q, want %q", got, want)
	}
	if cut.Tokens[5].Line != 2 {
		t.Errorf("was-- on line %d", cut.Tokens[5].Line)
	}
	plain := mustText(t, "no dash here\n")
	if x, counts := cutDashes(plain, nil); x != plain || counts != nil {
		t.Errorf("cutDashes of a text without one: %v %v", x, counts)
	}
}

// dashCorrection is a correction of cut as Correct makes one: each piece
// has the candidates given (the piece as read first), scored in order.
func dashCorrection(out []string, cands [][]string) *Correction {
	c := &Correction{Out: out}
	for _, cs := range cands {
		var xs []candgen.Candidate
		var sc []float64
		for k, s := range cs {
			x := candgen.Candidate{Text: s, Span: 1}
			if k == 0 {
				x.Source = candgen.SrcOriginal
			}
			xs = append(xs, x)
			sc = append(sc, float64(len(cs)-2*k))
		}
		c.Cands, c.Scores = append(c.Cands, xs), append(c.Scores, sc)
	}
	return c
}

func TestJoinDashes(t *testing.T) {
	tx := mustText(t, "I titne.—Adjourned. then\n")
	cut, counts := cutDashes(tx, nil)
	cands := [][]string{{"I"}, {"titne.—", "time.—", "title.—"}, {"Adjourned.", "adjourned."}, {"then", "than"}}
	c := joinDashes(dashCorrection([]string{"I", "time.—", "Adjourned.", "then"}, cands), tx, cut, counts)
	if want := []string{"I", "time.—Adjourned.", "then"}; !slices.Equal(c.Out, want) || c.Changed != 1 {
		t.Errorf("joined %q (%d changed), want %q", c.Out, c.Changed, want)
	}
	// the candidates: the pieces' combinations, best first, the token
	// as read marked
	var texts []string
	for _, x := range c.Cands[1] {
		texts = append(texts, x.Text)
	}
	if want := []string{"titne.—Adjourned.", "titne.—adjourned.", "time.—Adjourned.", "time.—adjourned.", "title.—Adjourned.", "title.—adjourned."}; !slices.Equal(texts, want) {
		t.Errorf("candidates %q, want %q", texts, want)
	}
	for k, x := range c.Cands[1] {
		if orig := x.Source&candgen.SrcOriginal != 0; orig != (x.Text == "titne.—Adjourned.") {
			t.Errorf("candidate %q marked as read: %v", x.Text, orig)
		}
		if k > 0 && c.Scores[1][k] > c.Scores[1][k-1] {
			t.Errorf("candidates not best first: %v", c.Scores[1])
		}
	}
	if len(c.Cands) != 3 || len(c.Scores) != 3 || !slices.Equal(c.Cands[2], dashCorrection(nil, cands).Cands[3]) {
		t.Errorf("the other tokens' candidates: %v", c.Cands)
	}
	// a merge that takes in a piece is undone
	c = joinDashes(dashCorrection([]string{"I", "titne.—", "Adjourned.then", ""}, cands), tx, cut, counts)
	if want := []string{"I", "titne.—Adjourned.", "then"}; !slices.Equal(c.Out, want) || c.Changed != 0 {
		t.Errorf("after a merge %q (%d changed), want %q", c.Out, c.Changed, want)
	}
	// ... and one of tokens not cut stays
	tx = mustText(t, "I titne.—Adjourned. th en\n")
	cut, counts = cutDashes(tx, nil)
	cands = append(cands, []string{"en"})
	c = joinDashes(dashCorrection([]string{"I", "time.—", "Adjourned.", "then", ""}, cands), tx, cut, counts)
	if want := []string{"I", "time.—Adjourned.", "then", ""}; !slices.Equal(c.Out, want) || c.Changed != 3 {
		t.Errorf("with a merge after %q (%d changed), want %q", c.Out, c.Changed, want)
	}
	if got := strings.Join(c.Out, " "); got != "I time.—Adjourned. then " {
		t.Errorf("text %q", got)
	}
	// a piece whose candidates span the next token too (a word broken at
	// a line end) is combined as decided
	tx = mustText(t, "I titne.—Adjourn-\ned. then\n")
	cut, counts = cutDashes(tx, nil)
	d := dashCorrection([]string{"I", "time.—", "Adjourn-", "ed.", "then"}, [][]string{{"I"}, {"titne.—", "time.—"}, {}, {"ed."}, {"then"}})
	d.Cands[2], d.Scores[2] = []candgen.Candidate{{Text: "Adjourn- ed.", Span: 2, Source: candgen.SrcOriginal}}, []float64{0}
	c = joinDashes(d, tx, cut, counts)
	if len(c.Cands[1]) != 2 || c.Cands[1][0].Text != "titne.—Adjourn-" || c.Cands[1][1].Text != "time.—Adjourn-" || c.Out[1] != "time.—Adjourn-" {
		t.Errorf("with a piece broken at a line end: %q, candidates %v", c.Out, c.Cands[1])
	}
}

func mustText(t *testing.T, src string) *data.Text {
	t.Helper()
	tx, err := data.ReadText("p.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

// FuzzDashPieces: the pieces of any token put back together are the token,
// each holds a letter, and a piece is never cut again.
func FuzzDashPieces(f *testing.F) {
	for _, s := range []string{"titne.—Adjourned.", "was--bul", "(one—two–three)", `lertes.-"Olh!`, "well-known", "a.-b,-c", "—", "x—"} {
		f.Add(s)
	}
	for _, s := range []string{"cost/beneflt,", "a/b/c", "www.example.com/path", "well-known/x"} {
		f.Add(s)
	}
	// with a compound function that cuts every lone mark it is asked
	// about, and one that cuts none
	yes := func(a, mark, b string) bool {
		if a == "" || b == "" || mark != "-" && mark != "/" {
			panic("asked of " + a + mark + b)
		}
		return true
	}
	f.Fuzz(func(t *testing.T, tok string) {
		for _, compound := range []func(a, mark, b string) bool{nil, yes} {
			ps := dashPieces(tok, compound)
			if ps == nil {
				continue
			}
			if len(ps) < 2 || strings.Join(ps, "") != tok {
				t.Fatalf("dashPieces(%q) = %q", tok, ps)
			}
			// (a piece is not cut again at a dash; a lone slash that a stop
			// beside its word kept whole may stand alone in a piece)
			for _, p := range ps {
				if !strings.ContainsFunc(p, unicode.IsLetter) || dashPieces(p, nil) != nil {
					t.Fatalf("dashPieces(%q): piece %q", tok, p)
				}
			}
		}
	})
}

// compoundPieces cuts a hyphen or a slash between a known word, or a name,
// and a misread one, at the mark the collection's engine reads no letter
// as.
func TestCompoundPieces(t *testing.T) {
	lex := candgen.NewLexicon()
	for _, w := range strings.Fields("cost benefit street his her the of and under clothes underclothes") {
		lex.Add(w, 5)
	}
	pairs := []candgen.TrainPair{{GT: strings.Fields("the cost of the street"), OCR: strings.Fields("the cost of the street")}}
	conf := candgen.LearnConfusion(pairs, candgen.ConfusionOptions{})
	m := &Model{Lex: lex, Conf: conf}
	for k := int(eval.NumKinds); k < NumKinds; k++ {
		m.Margins[k] = math.Inf(1) // a model for unseen collections
	}
	m.gens = newGenPool(conf, lex, candgen.Options{}, false)
	for _, c := range []struct {
		a, mark, b string
		want       bool
	}{
		{"cost", "/", "beneflt", true},       // a known word and a misread one
		{"cost", "-", "beneflt", true},       // at a hyphen too
		{"Goulburn", "-", "streot", true},    // a name beside a misread word
		{"streot", "/", "Goulburn", true},    // ... either side
		{"his", "/", "her", false},           // two words
		{"Goulburn", "-", "street", false},   // a name beside a word: a compound
		{"Goulburn", "-", "Streot", false},   // two capitalised words
		{"GOULBURN", "-", "streot", false},   // capitals: no name's shape
		{"Goulburn", "-", "xqzvvk", false},   // a name beside a word near none
		{"Goulburn", "-", "Tasmania", false}, // two names
		{"uuder", "-", "clothes", false},     // one word misread (underclothes), decided whole
		{"cost", "/", "be", false},           // too short
		{"beneflt", "/", "beneflt", false},   // a reduplication
	} {
		if got := m.compoundPieces(c.a, c.mark, c.b); got != c.want {
			t.Errorf("compoundPieces(%q, %q, %q) = %v, want %v", c.a, c.mark, c.b, got, c.want)
		}
	}
	// an engine that reads letters as hyphens: no cut at a hyphen, a
	// slash still cut; and the other way round
	m.habits = []candgen.Habit{{True: 'e', OCR: "-"}}
	if m.compoundPieces("cost", "-", "beneflt") || !m.compoundPieces("cost", "/", "beneflt") {
		t.Error("a habit of letters read as hyphens")
	}
	m.habits = []candgen.Habit{{True: 'l', OCR: "/"}}
	if !m.compoundPieces("cost", "-", "beneflt") || m.compoundPieces("cost", "/", "beneflt") {
		t.Error("a habit of letters read as slashes")
	}
	// a model trained with labels never cuts
	m.habits = nil
	m.Margins[NumKinds-1] = 0
	if m.compoundPieces("cost", "/", "beneflt") {
		t.Error("a model for labelled collections cuts")
	}
}
