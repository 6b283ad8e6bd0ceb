package profile

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func docs() [][]string {
	return [][]string{
		strings.Fields("The hee returne , to the Towne; the 18 day."),
		strings.Fields("hee said: The towne is faire; returne Very well"),
		strings.Fields("tbe cat"),
	}
}

func TestCounts(t *testing.T) {
	p := Of(docs(), Options{})
	if p.Docs() != 3 || p.Tokens() != 21 {
		t.Fatalf("docs %d tokens %d", p.Docs(), p.Tokens())
	}
	if c := p.Word("the"); c.N != 4 || c.DF != 2 {
		t.Errorf("the: %+v, want 4 in 2 documents", c)
	}
	if c := p.Word("towne"); c.N != 2 || c.DF != 2 {
		t.Errorf("towne: %+v", c)
	}
	if c := p.Exact("Towne;"); c.N != 1 || c.DF != 1 {
		t.Errorf("Towne;: %+v", c)
	}
	if c := p.Word(","); c.N != 0 {
		t.Errorf("punctuation only has no word form: %+v", c)
	}
	if n := p.EndCount(";"); n != 2 {
		t.Errorf("; ends %d tokens, want 2", n)
	}
	if n := p.EndCount(","); n != 1 {
		t.Errorf(", ends %d tokens, want 1 (the lone comma)", n)
	}
	if n := p.EndCount(""); n != 16 {
		t.Errorf("%d tokens end with a letter or digit, want 16", n)
	}
}

// A capitalised word after a token that ends no sentence is counted in
// mid-sentence, and as isolated between two lower-case words; at a
// sentence start, in a run of capitals, or as a mixed-case word it is not.
func TestMidTitle(t *testing.T) {
	p := Of([][]string{
		strings.Fields("It is Very important and Very, very good. Very well: Very"),
		strings.Fields("the Clean Water Act was Signed into law by the Senate. Then the McKay said"),
		strings.Fields("“Since” he was here Since then the Oﬃce said"),
	}, Options{})
	cases := map[string]TitleCount{
		"very":  {2, 1}, // `is Very important`; `and Very,` has a comma; `well: Very` starts a clause
		"clean": {1, 0}, "water": {1, 0}, "act": {1, 0}, "signed": {1, 1},
		"senate": {1, 0}, "then": {}, "mckay": {}, // McKay: not one capital and small letters
		"since": {1, 1}, "it": {}, // the first token starts a text
		"office": {1, 1}, // a ligature counted as its letters, as Add counts the word
	}
	for w, want := range cases {
		if got := p.MidTitle(w); got != want {
			t.Errorf("MidTitle(%q) = %+v, want %+v", w, got, want)
		}
	}
	q := Of(nil, Options{})
	q.Merge(p)
	q.Merge(p)
	if got := q.MidTitle("very"); got != (TitleCount{4, 2}) {
		t.Errorf("merged twice: %+v", got)
	}
	var n int
	for range q.MidTitles() {
		n++
	}
	if n != 8 {
		t.Errorf("MidTitles lists %d words, want 8", n)
	}
	// past the cap the capitals are pruned like the other forms
	r := New(Options{MaxForms: 2})
	for i := range 10 {
		r.Add(strings.Fields(fmt.Sprintf("a Word%c here", 'a'+i)))
	}
	var m int
	for range r.MidTitles() {
		m++
	}
	if m > 4 {
		t.Errorf("%d capitalised words kept past a cap of 2", m)
	}
}

// Pairs are successive word forms of one document, punctuation alone
// skipped, never across documents.
func TestPairs(t *testing.T) {
	p := Of(docs(), Options{})
	for _, c := range []struct {
		a, b string
		n    int
	}{
		{"the", "hee", 1}, {"returne", "to", 1}, {"the", "towne", 2}, {"towne", "the", 1},
		{"returne", "tbe", 0}, {"day", "hee", 0}, {"tbe", "cat", 1}, {"hee", "the", 0},
	} {
		if got := p.Pair(c.a, c.b); got != c.n {
			t.Errorf("Pair(%q, %q) = %d, want %d", c.a, c.b, got, c.n)
		}
	}
	if p.Pairs() != 16 {
		t.Errorf("%d distinct pairs, want 16", p.Pairs())
	}
	if PairKey("ab", "c") == PairKey("a", "bc") {
		t.Error("the key does not separate the two forms")
	}
}

func TestEndAndNorm(t *testing.T) {
	for _, c := range []struct{ in, end, norm string }{
		{"word", "", "word"}, {"word.", ".", "word"}, {"(Word),", "),", "word"}, {"...", "...", ""},
		{"£1", "", "1"}, {"HILL", "", "hill"}, {"Émile!", "!", "émile"}, {"", "", ""},
	} {
		if got := End(c.in); got != c.end {
			t.Errorf("End(%q) = %q, want %q", c.in, got, c.end)
		}
		if got := Norm(c.in); got != c.norm {
			t.Errorf("Norm(%q) = %q, want %q", c.in, got, c.norm)
		}
	}
}

func bytesOf(t *testing.T, p *Profile) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Built in pieces and merged in any order, a profile has the same bytes
// as one built in one pass.
func TestMergeIsASum(t *testing.T) {
	d := docs()
	whole := bytesOf(t, Of(d, Options{}))
	a, b := Of(d[:1], Options{}), Of(d[1:], Options{})
	b.Merge(a)
	if !bytes.Equal(bytesOf(t, b), whole) {
		t.Error("merge of pieces differs from one pass")
	}
	c := Of(d[2:], Options{})
	c.Merge(Of(d[:2], Options{}))
	if !bytes.Equal(bytesOf(t, c), whole) {
		t.Error("merge order changes the profile")
	}
}

func TestRoundTrip(t *testing.T) {
	p := Of(docs(), Options{})
	src := bytesOf(t, p)
	q, err := Read(bytes.NewReader(src), "p.prof")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytesOf(t, q), src) {
		t.Error("read and written again, the bytes differ")
	}
	if q.Word("the") != p.Word("the") || q.EndCount(";") != 2 {
		t.Error("counts lost in the round trip")
	}
}

func TestBadFiles(t *testing.T) {
	src := bytesOf(t, Of(docs(), Options{}))
	cases := map[string][]byte{
		"empty":     nil,
		"magic":     []byte("not a profile at all"),
		"truncated": src[:len(src)/2],
		"cut short": src[:3], // within the magic
		"flipped":   append(append([]byte(nil), src[:40]...), append([]byte{src[40] ^ 0x20}, src[41:]...)...),
	}
	v1 := append([]byte(nil), src...)
	v1[len(Magic)] = 1
	cases["version"] = v1
	for name, b := range cases {
		_, err := Read(bytes.NewReader(b), "x.prof")
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), "x.prof") {
			t.Errorf("%s: error does not name the file: %v", name, err)
		}
		if want := map[string]string{"empty": "empty file", "cut short": "truncated", "magic": "not an ocrfix profile"}[name]; want != "" && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want it to say %q", name, err, want)
		}
		if name == "version" && !strings.Contains(err.Error(), fmt.Sprintf("version 1, this ocrfix reads version %d", Version)) {
			t.Errorf("version: %v", err)
		}
	}
}

// Past its cap a profile keeps the most frequent forms and says how
// frequent a dropped one was at most.
func TestPrune(t *testing.T) {
	p := New(Options{MaxForms: 10})
	var doc []string
	for i := 0; i < 30; i++ {
		for k := 0; k <= i%5; k++ {
			doc = append(doc, fmt.Sprintf("w%02d", i))
		}
	}
	doc = append(doc, "common", "common", "common", "common", "common", "common")
	p.Add(doc)
	words, exact := p.Forms()
	if words > 20 || exact > 20 {
		t.Fatalf("kept %d/%d forms, cap 10 (20 before pruning)", words, exact)
	}
	if p.Word("common").N != 6 {
		t.Error("the most frequent form was dropped")
	}
	if p.Pruned() == 0 || p.Pruned() > 5 {
		t.Errorf("pruned bound %d", p.Pruned())
	}
	if p.Pairs() > 20 || p.PrunedPairs() == 0 || p.Pair("common", "common") != 5 {
		t.Errorf("pairs: kept %d, pruned bound %d, common-common %d", p.Pairs(), p.PrunedPairs(), p.Pair("common", "common"))
	}
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	Of(docs(), Options{}).Write(&b)
	f.Add(b.Bytes())
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Read(bytes.NewReader(src), "f")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := p.Write(&out); err != nil {
			t.Fatal(err)
		}
	})
}

// TestPairTable checks that Pair, which reads a frozen table, sees the
// counts of documents added after a look-up.
func TestPairTable(t *testing.T) {
	p := New(Options{})
	p.Add([]string{"the", "cat", "sat"})
	if got := p.Pair("the", "cat"); got != 1 {
		t.Errorf("Pair(the, cat) = %d, want 1", got)
	}
	p.Add([]string{"The", "cat."})
	if got := p.Pair("the", "cat"); got != 2 {
		t.Errorf("after Add: Pair(the, cat) = %d, want 2", got)
	}
	q := New(Options{})
	q.Add([]string{"the", "cat"})
	p.Merge(q)
	if got := p.Pair("the", "cat"); got != 3 {
		t.Errorf("after Merge: Pair(the, cat) = %d, want 3", got)
	}
	if got := p.Pair("cat", "the"); got != 0 {
		t.Errorf("Pair(cat, the) = %d, want 0", got)
	}
}

func TestTitleCaseLowerWord(t *testing.T) {
	for _, c := range []struct {
		w            string
		title, lower bool
	}{
		{"Slade", true, false}, {"A", true, false}, {"SLADE", false, false}, {"McKay", false, false},
		{"Slade's", false, false}, {"slade", false, true}, {"", false, false}, {"Émile", true, false},
		{"été", false, true}, {"a1", false, false}, {"\xff", false, false},
	} {
		if got := TitleCase(c.w); got != c.title {
			t.Errorf("TitleCase(%q) = %v, want %v", c.w, got, c.title)
		}
		if got := LowerWord(c.w); got != c.lower {
			t.Errorf("LowerWord(%q) = %v, want %v", c.w, got, c.lower)
		}
	}
}

// SmallStarts counts the lower-case words after a word's full stop and
// after its comma, and of them those of a letter whose capital is the
// small one enlarged.
func TestSmallStarts(t *testing.T) {
	p := Of([][]string{strings.Fields("said her. and then he, so she. The end, and x. on 1. so (a), or ... and")}, Options{})
	want := SmallStarts{AfterStop: 2, AfterStopSize: 1, AfterComma: 2, AfterCommaSize: 1}
	if got := p.SmallStarts(); got != want {
		t.Errorf("SmallStarts = %+v, want %+v", got, want)
	}
	q, err := Read(bytes.NewReader(bytesOf(t, p)), "p.prof")
	if err != nil {
		t.Fatal(err)
	}
	if q.SmallStarts() != want {
		t.Errorf("read back: %+v", q.SmallStarts())
	}
	p.Merge(q)
	if got := p.SmallStarts(); got.AfterStop != 4 || got.AfterCommaSize != 2 {
		t.Errorf("merged: %+v", got)
	}
}
