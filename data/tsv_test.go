package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

var tsvSeeds = []string{"", "plain", `say "hi"`, "tab\there", "new\nline", `back\slash`, "cr\rlf\r\n",
	"\xff\xfe", "a\xc3", "é\u00a0ü", `\x41`, `\\t`, "'single'", ",comma,", "\x00nul", "\uFFFD"}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a\tb":     `a\tb`,
		"a\nb":     `a\nb`,
		"a\rb":     `a\rb`,
		`a\b`:      `a\\b`,
		"a\xffb":   `a\xffb`,
		`"q"`:      `"q"`,
		"é":        "é",
		"\xe2\x82": `\xe2\x82`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
		if back, err := Unescape(want); err != nil || back != in {
			t.Errorf("Unescape(%q) = %q, %v", want, back, err)
		}
	}
	for _, bad := range []string{`\`, `a\q`, `\x4`, `\xzz`, `\u0041`, `\"`} {
		if _, err := Unescape(bad); err == nil {
			t.Errorf("Unescape(%q): no error", bad)
		}
	}
}

func roundTrip(t *testing.T, rows [][]string) {
	t.Helper()
	var buf bytes.Buffer
	w := NewTSVWriter(&buf, "x", "y")
	for _, r := range rows {
		if err := w.Write(r...); err != nil {
			t.Fatal(err)
		}
	}
	out := buf.Bytes()
	if !bytes.HasSuffix(out, []byte("\n")) || bytes.Count(out, []byte("\n")) != len(rows)+1 {
		t.Fatalf("%d rows written as %q", len(rows), out)
	}
	if !isValidUTF8(out) {
		t.Fatalf("output is not UTF-8: %q", out)
	}
	r := NewTSVReader(&buf, "mem", "x", "y")
	for i, want := range rows {
		got, err := r.Next()
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("row %d = %q, want %q", i, got, want)
		}
		if r.Line() != i+2 {
			t.Fatalf("Line() = %d, want %d", r.Line(), i+2)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the rows: %v, want io.EOF", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("second EOF: %v", err)
	}
}

func isValidUTF8(b []byte) bool { return strings.ToValidUTF8(string(b), "?") == string(b) }

func TestTSVRoundTrip(t *testing.T) {
	var rows [][]string
	for _, a := range tsvSeeds {
		for _, b := range tsvSeeds {
			rows = append(rows, []string{a, b})
		}
	}
	roundTrip(t, rows)
	roundTrip(t, nil)
}

func TestTSVOneColumnEmptyRows(t *testing.T) {
	var buf bytes.Buffer
	w := NewTSVWriter(&buf, "w")
	for _, s := range []string{"", "a", ""} {
		w.Write(s)
	}
	r := NewTSVReader(&buf, "mem")
	var got []string
	for {
		f, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, f[0])
	}
	if !reflect.DeepEqual(got, []string{"", "a", ""}) {
		t.Fatalf("%q", got)
	}
}

func TestTSVReaderErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "f.tsv: empty file"},
		{"a\tc\n", `f.tsv:1: header is "a\tc", want "a\tb"`},
		{"a\tb\nx\ty\nonly\n", "f.tsv:3: 1 fields, want 2"},
		{"a\tb\nx\ty\tz\n", "f.tsv:2: 3 fields, want 2"},
		{"a\tb\nx\\q\ty\n", `f.tsv:2: column a: bad escape "\\q"`},
		{"a\tb\nx\ty\\\n", `f.tsv:2: column b: bad escape`},
		{"a\tb\n1\t2\nx\xff\ty\n", "f.tsv:3: invalid UTF-8"},
	}
	for _, tc := range tests {
		r := NewTSVReader(strings.NewReader(tc.in), "f.tsv", "a", "b")
		var err error
		for err == nil {
			_, err = r.Next()
		}
		if err == io.EOF || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("input %q: error %v, want %q", tc.in, err, tc.want)
		}
	}
	// CRLF line ends and a last line without newline are accepted.
	r := NewTSVReader(strings.NewReader("a\tb\r\n1\t2\r\n3\t4"), "f.tsv", "a", "b")
	var got [][]string
	for {
		f, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, f)
	}
	if !reflect.DeepEqual(got, [][]string{{"1", "2"}, {"3", "4"}}) {
		t.Errorf("CRLF: %q", got)
	}
	// A line longer than the reader's buffer.
	long := strings.Repeat("é\t\\", 100000)
	var buf bytes.Buffer
	w := NewTSVWriter(&buf, "a", "b")
	w.Write(long, "x")
	f, err := NewTSVReader(&buf, "big", "a", "b").Next()
	if err != nil || f[0] != long || f[1] != "x" {
		t.Errorf("long line: %v", err)
	}
}

func TestTSVWriterErrors(t *testing.T) {
	w := NewTSVWriter(io.Discard, "a", "b")
	if err := w.Write("1"); err == nil || !strings.Contains(err.Error(), "1 fields for 2 columns") {
		t.Errorf("wrong field count: %v", err)
	}
	if err := NewTSVWriter(io.Discard).Write(); err == nil {
		t.Error("empty header accepted")
	}
	fail := errors.New("disk full")
	w = NewTSVWriter(failWriter{fail}, "a")
	if err := w.Write("x"); !errors.Is(err, fail) || !errors.Is(w.Err(), fail) {
		t.Errorf("write error not returned: %v", err)
	}
}

type failWriter struct{ err error }

func (f failWriter) Write([]byte) (int, error) { return 0, f.err }

func TestRelationsRoundTrip(t *testing.T) {
	words := tsvSeeds
	var ocr []OCRRow
	var lab []LabeledDocRow
	var cand []CandidateRow
	var feat []FeatureRow
	var dc []DocCandRow
	var doc []DocRow
	floats := []float64{0, -0.0, 1, -1.5, 1e-300, math.MaxFloat64, 0.1, 1.0 / 3, math.Inf(1), math.Inf(-1), 5e-324}
	for i, w := range words {
		ocr = append(ocr, OCRRow{"ocr.latin", w, i, w})
		lab = append(lab, LabeledDocRow{w, i, w})
		cand = append(cand, CandidateRow{w, i, -i, w, i + 1})
		feat = append(feat, FeatureRow{w, i, i * 7, w, floats[i%len(floats)]})
		dc = append(dc, DocCandRow{w, i, i + 1, floats[(i+3)%len(floats)]})
		doc = append(doc, DocRow{w, i, w})
	}
	check := func(name string, write func(io.Writer) error, read func(io.Reader) (any, error), want any) {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatal(name, err)
		}
		got, err := read(&buf)
		if err != nil {
			t.Fatal(name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: round trip differs:\n%v\n%v", name, got, want)
		}
	}
	check("OCR", func(w io.Writer) error { return WriteOCR(w, ocr) },
		func(r io.Reader) (any, error) { return ReadOCR(r, "ocr.tsv") }, ocr)
	check("LabeledDoc", func(w io.Writer) error { return WriteLabeledDoc(w, lab) },
		func(r io.Reader) (any, error) { return ReadLabeledDoc(r, "l.tsv") }, lab)
	check("Candidate", func(w io.Writer) error { return WriteCandidate(w, cand) },
		func(r io.Reader) (any, error) { return ReadCandidate(r, "c.tsv") }, cand)
	check("Feature", func(w io.Writer) error { return WriteFeature(w, feat) },
		func(r io.Reader) (any, error) { return ReadFeature(r, "f.tsv") }, feat)
	check("DocCand", func(w io.Writer) error { return WriteDocCand(w, dc) },
		func(r io.Reader) (any, error) { return ReadDocCand(r, "d.tsv") }, dc)
	check("Doc", func(w io.Writer) error { return WriteDoc(w, doc) },
		func(r io.Reader) (any, error) { return ReadDoc(r, "doc.tsv") }, doc)

	// NaN does not compare equal; check it separately.
	var buf bytes.Buffer
	WriteDocCand(&buf, []DocCandRow{{"d", 0, 0, math.NaN()}})
	if rows, err := ReadDocCand(&buf, "nan"); err != nil || !math.IsNaN(rows[0].Value) {
		t.Errorf("NaN: %v %v", rows, err)
	}
	// Empty relations: header only, read back as no rows.
	buf.Reset()
	WriteDoc(&buf, nil)
	if buf.String() != "docid\twordid\tword\n" {
		t.Errorf("empty Doc relation = %q", buf.String())
	}
	if rows, err := ReadDoc(&buf, "e"); err != nil || len(rows) != 0 {
		t.Errorf("empty read: %v %v", rows, err)
	}
}

func TestRelationsBadNumbers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		read func(io.Reader, string) error
		want string
	}{
		{"docid\twordid\tword\nd\tx1\tw\n", func(r io.Reader, n string) error { _, err := ReadDoc(r, n); return err },
			`r.tsv:2: column wordid: bad integer "x1"`},
		{"docid\twordid\tcandid\tfname\tfval\nd\t1\t2\tf\t1,5\n", func(r io.Reader, n string) error { _, err := ReadFeature(r, n); return err },
			`r.tsv:2: column fval: bad number "1,5"`},
		{"docid\twordid\tcandid\tvalue\nd\t1\t\t1\n", func(r io.Reader, n string) error { _, err := ReadDocCand(r, n); return err },
			`r.tsv:2: column candid: bad integer ""`},
		{"docid\twordid\tword\n", func(r io.Reader, n string) error { _, err := ReadOCR(r, n); return err },
			`r.tsv:1: header is`},
	} {
		err := tc.read(strings.NewReader(tc.in), "r.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	stop := errors.New("stop")
	n := 0
	err := EachDoc(strings.NewReader("docid\twordid\tword\na\t0\tx\na\t1\ty\n"), "e", func(DocRow) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("EachDoc did not stop: %v %d", err, n)
	}
}

func TestCorpusRelations(t *testing.T) {
	c := &Corpus{Engines: []string{"latin"}, Docs: []*Doc{
		{Stem: "a", GT: &Text{Tokens: Tokenize([]byte("x y"))}, OCR: &Text{Tokens: Tokenize([]byte("x"))},
			Alt: []*Text{{Tokens: Tokenize([]byte("z"))}}},
		{Stem: "b", GT: &Text{Tokens: Tokenize([]byte("q"))}, OCR: &Text{}, Alt: []*Text{nil}},
	}}
	if got, want := OCRRows(c), []OCRRow{{"ocr", "a", 0, "x"}, {"ocr.latin", "a", 0, "z"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("OCRRows = %v", got)
	}
	if got, want := LabeledDocRows(c), []LabeledDocRow{{"a", 0, "x"}, {"a", 1, "y"}, {"b", 0, "q"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("LabeledDocRows = %v", got)
	}
}

func ExampleWriteDoc() {
	rows := []DocRow{{"letter1", 0, `"Dear`}, {"letter1", 1, "Sir,\tand"}, {"letter1", 2, `C:\`}}
	WriteDoc(os.Stdout, rows)
	// Output:
	// docid	wordid	word
	// letter1	0	"Dear
	// letter1	1	Sir,\tand
	// letter1	2	C:\\
}

func FuzzTSVRoundTrip(f *testing.F) {
	for i, a := range tsvSeeds {
		f.Add(a, tsvSeeds[(i+1)%len(tsvSeeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		roundTrip(t, [][]string{{a, b}, {b, a}, {"", a}})
		if u, err := Unescape(Escape(a)); err != nil || u != a {
			t.Fatalf("Unescape(Escape(%q)) = %q, %v", a, u, err)
		}
	})
}

func FuzzTSVReader(f *testing.F) {
	f.Add([]byte("a\tb\n1\t2\n"))
	f.Add([]byte("a\tb\r\nx\\ty\t\\xff\n"))
	f.Add([]byte("a\n\n\\\n"))
	f.Add([]byte("docid\twordid\tword\nd\t1\t\"w\"\n"))
	f.Add([]byte("a\tb\n\xff\t\\q\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewTSVReader(bytes.NewReader(in), "fuzz")
		var rows [][]string
		var err error
		for {
			var row []string
			if row, err = r.Next(); err != nil {
				break
			}
			rows = append(rows, row)
		}
		ReadDoc(bytes.NewReader(in), "fuzz")
		ReadFeature(bytes.NewReader(in), "fuzz")
		if err != io.EOF {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error does not name the input: %v", err)
			}
			return
		}
		// What reads cleanly writes back and reads the same.
		h, _ := r.Header()
		var buf bytes.Buffer
		w := NewTSVWriter(&buf, h...)
		for _, row := range rows {
			if err := w.Write(row...); err != nil {
				t.Fatal(err)
			}
		}
		r2 := NewTSVReader(&buf, "again", h...)
		for i := range rows {
			row, err := r2.Next()
			if err != nil || !reflect.DeepEqual(row, rows[i]) {
				t.Fatalf("row %d: %q %v, want %q", i, row, err, rows[i])
			}
		}
		if _, err := r2.Next(); err != io.EOF {
			t.Fatal(fmt.Sprint("extra rows: ", err))
		}
	})
}
