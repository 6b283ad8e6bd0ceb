package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/data"
)

func TestLineBreaks(t *testing.T) {
	known := func(w string) bool {
		return slices.Contains([]string{"consideration", "known", "well", "railway", "rail", "way", "current", "rent", "salem", "railways", "into", "in", "to", "colored", "cleaned", "said", "and", "shoulders", "a", "part", "apart", "agreements", "committee", "self", "chad"}, w)
	}
	src := "its con-\nsideration of ques-\ntlon and well-\nknown and rail-\nway and cur.\nrent and in,\nto and said,\nand pepper-and-salt-\ncolored and haif-\ncleaned and gov- emment and com- mittee and self- known and cur. rent and x-\n1887 and ing-\nThe shoul\nders and a\npart and in\ntbe end and agree*\nments. FOR SALE.\nm to RAIL-\nways and carriers, &c.\nhad been\n"
	tx, err := data.ReadText("p.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, i := range lineBreaks(tx.Tokens, known, nil) {
		got = append(got, tx.Tokens[i].Text+" "+tx.Tokens[i+1].Text)
	}
	want := []string{
		"con- sideration", // the word is known
		"ques- tlon",      // neither piece nor the word known: a garbled word
		"rail- way",       // a known word
		"cur. rent",       // a misread hyphen, where the word is known
		"in, to",          // ... however common the pieces (the word is decided whole, and kept)
		"com- mittee",     // a hyphen within a line (lines joined, hyphens kept): the word known
		"shoul ders",      // no mark: the word is known, a piece is not
		"agree* ments.",   // a mark the engine made of the hyphen: the word is known
	}
	// not: well- known and haif- cleaned (compounds: the second piece is a
	// word), said, and (a comma, the word unknown), pepper-and-salt- colored
	// (a compound), gov- emment (within a line, the word not known), self-
	// known (within a line, a compound), cur. rent
	// within a line (only a hyphen itself there), x- 1887 (a digit), ing- The
	// (a capital), a part (no mark, both pieces words), in tbe (no mark, the
	// word unknown), SALE. m (a word in capitals: a heading's, whose stop
	// is no hyphen), RAIL- ways (the same), &c. had (no piece of a word,
	// though chad is one).
	if !slices.Equal(got, want) {
		t.Errorf("lineBreaks = %q, want %q", got, want)
	}
}

// TestLineBreaksNear: where the engine lost the hyphen of a word broken
// at a line end and misread a piece (Prof cedure), the joined pieces are
// no known word but near one; taken for a broken word then, unless the
// second piece is itself near a word (a dlscusslon: a misread word after
// another; Commlti tee), and never where the words joined are shorter
// than six letters (in tho, into).
func TestLineBreaksNear(t *testing.T) {
	known := func(w string) bool { return slices.Contains([]string{"a", "in"}, w) }
	near := func(w string) bool {
		return slices.Contains([]string{"profcedure", "conisequently", "adlscusslon", "dlscusslon", "commltitee", "tee", "intho", "lindsav", "sav"}, w)
	}
	src := "the Prof\ncedure of a\ndlscusslon and Coni\nsequently. commlti\ntee in\ntho end Lind\nsav and\n"
	tx, err := data.ReadText("p.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		near func(string) bool
		want []string
	}{
		{near, []string{"Prof cedure", "Coni sequently.", "Lind sav"}},
		{nil, nil},
	} {
		var got []string
		for _, i := range lineBreaks(tx.Tokens, known, c.near) {
			got = append(got, tx.Tokens[i].Text+" "+tx.Tokens[i+1].Text)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("lineBreaks (near %v) = %q, want %q", c.near != nil, got, c.want)
		}
	}
}

func TestJoinSplitBreaks(t *testing.T) {
	orig := strings.Fields("“ques- tlon, of govern- ment and con- sideration ab- c shoul dors")
	at := []int{0, 3, 6, 8, 10}
	joined := joinBreaks(orig, at)
	if want := strings.Fields("“questlon, tlon, of government ment and consideration sideration abc c shouldors dors"); !slices.Equal(joined, want) {
		t.Fatalf("joinBreaks = %q, want %q", joined, want)
	}
	out := slices.Clone(joined)
	out[0] = "“question," // corrected
	out[3] = "moment"     // changed: cut where the pieces meet in the alignment
	out[8] = "a"          // nothing left for the second piece: not made
	out[10] = "shoulders" // no mark to keep
	splitBreaks(out, orig, at)
	want := strings.Fields("“ques- tion, of mo- ment and con- sideration ab- c shoul ders")
	if !slices.Equal(out, want) {
		t.Errorf("splitBreaks = %q, want %q", out, want)
	}
}

func TestKeepBreaks(t *testing.T) {
	c := func(text string, span int) candgen.Candidate { return candgen.Candidate{Text: text, Span: span} }
	cands := [][]candgen.Candidate{
		{c("of", 1), c("ofcon", 2)}, // a merge into the broken word
		{c("consideration", 1), c("con sideration", 1), c("considerations", 2)},
		{c("sideration", 1), c("side ration", 1)},
		{c("the", 1)},
	}
	keepBreaks(cands, []string{"of", "con-", "sideration", "the"}, []int{1})
	got := [][]string{}
	for _, cs := range cands {
		var ts []string
		for _, x := range cs {
			ts = append(ts, x.Text)
		}
		got = append(got, ts)
	}
	want := [][]string{{"of"}, {"consideration"}, {"sideration"}, {"the"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("keepBreaks = %q, want %q", got, want)
	}
}

// FuzzPieces: any pieces and any decision give, without a panic, either
// the OCR's own pieces or the decision cut in two, the first keeping the
// OCR's mark.
func FuzzPieces(f *testing.F) {
	f.Add("ques-", "tlon", "question")
	f.Add("gov-", "emment.", "government.")
	f.Add("a\xff-", "b\xfe", "ab\xffc")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		p, q := pieces(a, b, c)
		if p == a && q == b {
			return
		}
		_, mark := cutMark(a)
		head, ok := strings.CutSuffix(p, mark)
		if !ok || head+q != c || !hasLetter(head) || !hasLetter(q) {
			t.Errorf("pieces(%q, %q, %q) = %q, %q", a, b, c, p, q)
		}
	})
}

func TestMarkLineBreaks(t *testing.T) {
	m := &Model{Lex: candgen.NewLexicon()}
	for _, w := range strings.Fields("resolved consideration known well road holloway cash books the of was it") {
		m.Lex.Add(w, 1)
	}
	src := "it was re-\nsolved the con-\nsideration of\nwell-\nknown Holloway-\nroad the cash-\nbooks of com- sideration the CON-\nSUMPTIVES observations:-\nthe x-\n1887\n"
	tx, err := data.ReadText("t.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := tx.Words()
	if n := m.MarkLineBreaks(tx, out); n != 6 {
		t.Errorf("%d marks, want 6", n)
	}
	// every hyphen that ends a line after a letter, compounds' too; not
	// one within a line, after a mark or before a digit
	want := "it was re¬ solved the con¬ sideration of well¬ known Holloway¬ road the cash¬ books of com- sideration the CON¬ SUMPTIVES observations:- the x- 1887"
	if got := strings.Join(out, " "); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A merge Collect made of the last token of a line and the first of the
// next is written back in its two pieces with the mark, as the OCR's
// layout has them; a merge within a line, of three tokens, or whose word
// keeps neither piece stays.
func TestMarkLineBreaksMerged(t *testing.T) {
	m := &Model{Lex: candgen.NewLexicon()}
	src := "the morn\ning came; to\nday and to day; a b\nc d; tbe\nrn x\n"
	tx, err := data.ReadText("t.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := tx.Words()
	// morning (merged over a line), today (within a line), abc (three
	// tokens), them (neither piece kept): "tbe" + "rn" -> "them".
	set := func(i int, w string, span int) {
		out[i] = w
		for k := 1; k < span; k++ {
			out[i+k] = ""
		}
	}
	set(1, "morning", 2)
	set(7, "today", 2)
	set(9, "abc", 3)
	set(13, "them", 2)
	n := m.MarkLineBreaks(tx, out)
	want := []string{"the", "morn¬", "ing", "came;", "to", "day", "and", "today", "", "abc", "", "", "d;", "them", "", "x"}
	if strings.Join(out, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", out, want)
	}
	if n != -1 {
		t.Errorf("returned %d, want -1 (ing is the OCR's again)", n)
	}
}

// The convention of a training truth for words broken at a line end is
// counted from its lines, and a model follows the one most of its broken
// words are written in.
func TestCountLineBreaks(t *testing.T) {
	doc := func(src string) *data.Doc {
		tx, err := data.ReadText("gt.txt", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return &data.Doc{GT: tx}
	}
	marked := doc("its re¬\nsolved and ques¬\ntion and well-\nknown and Holloway-\nRoad and 1887-\n1888 and --\nthen ¬\nx a¬ b\n")
	hyphen := doc("its re-\nsolved and gov-\nernment end\n")
	got := countLineBreaks([]*data.Doc{marked, hyphen, {}})
	// marked: re¬, ques¬; hyphen: well- (a compound counts), re-, gov-;
	// not Holloway- (a capital follows), 1887- (a digit ends the piece),
	// -- and ¬ alone (no letter before the mark), a¬ (not at a line end)
	if want := (LineBreakCounts{Marked: 2, Hyphen: 3}); got != want {
		t.Fatalf("countLineBreaks = %+v, want %+v", got, want)
	}
	m := &Model{Stats: TrainStats{LineBreaks: got}}
	if m.MarksLineBreaks() {
		t.Error("a truth that hyphens most broken words is followed as marking them")
	}
	m.Stats.LineBreaks = countLineBreaks([]*data.Doc{marked})
	if !m.MarksLineBreaks() {
		t.Error("a truth that marks its broken words is not followed")
	}
	if (&Model{}).MarksLineBreaks() {
		t.Error("a model without counts (a book's truth, an older file) marks")
	}
}

// The long s the OCR read is written back: in a word the model kept, and
// in the parts of a word it changed that the change left in place.
func TestWithLongS(t *testing.T) {
	for _, c := range []struct{ orig, w, want string }{
		{"moſt", "most", "moſt"},                       // kept
		{"moſl", "most", "moſt"},                       // changed after the ſ
		{"thernſelves,", "themselves,", "themſelves,"}, // changed before it
		{"ſo", "to", "to"},                             // the ſ itself changed
		{"uſeful", "useful", "uſeful"},
		{"paſſe,", "passed,", "paſſed,"},
		{"ﬁrſt", "first", "firſt"}, // the ligature written as letters, as ever
		{"Moſes", "Moses Jones", "Moſes Jones"},
	} {
		if got := withLongS(c.orig, c.w); got != c.want {
			t.Errorf("withLongS(%q, %q) = %q, want %q", c.orig, c.w, got, c.want)
		}
	}
}
