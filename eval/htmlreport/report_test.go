package htmlreport

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ocrfix/eval"
)

// TestDeterministic writes the same bench report twice: the same bytes.
func TestDeterministic(t *testing.T) {
	var pages [2][]byte
	for i := range pages {
		dir := t.TempDir()
		if err := WriteBench(dir, &Header{Title: "t"}, testBenchDocs(), eval.Options{}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := os.ReadFile(filepath.Join(dir, "docs", "doc1.html"))
		pages[i] = append(b, d...)
	}
	if !bytes.Equal(pages[0], pages[1]) {
		t.Error("two runs wrote different pages")
	}
	for _, bad := range []string{"http://", "https://", "<link", "@import", " src="} {
		if bytes.Contains(bytes.ReplaceAll(pages[0], []byte("http://www.w3.org/"), nil), []byte(bad)) {
			t.Errorf("page refers to something outside it: %q", bad)
		}
	}
}

func TestSideBySideRows(t *testing.T) {
	d := testBenchDocs()[0]
	corr := outputWords(d.Out)
	eff := eval.ChangeEffects(d.GT, d.Raw, d.Out, eval.Options{})
	path := filepath.Join(t.TempDir(), "p.html")
	r := eval.EvaluateDoc("", d.GT, d.Raw, eval.Options{})
	k := eval.EvaluateDoc("", d.GT, corr, eval.Options{})
	if _, err := benchDocPage(path, "", "", &d, eff, corr, eval.Options{}, r, k); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	s := string(b)
	// tbe -> the fixed; house -> houses broken; "to day" -> "today" a merge.
	for _, want := range []string{
		`<span class="fix">the</span>`, // the truth's "the" is fixed
		`<span class="brk">house</span>`,
		`<span class="brk chg" tabindex="0" title="OCR: house (word)`,
		`<span class="err chg">tbe</span>`,
		`title="OCR: to day (merge)`,
		"fixed 5</span> <span class=\"brk\">broken 1",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("document page lacks %s", want)
		}
	}
}

func TestWriteChanges(t *testing.T) {
	docs := []ChangeDoc{{Name: "a.txt", Words: strings.Fields("Tbe man said <b> l0ve"), Out: []string{"The", "man", "said", "<b>", "love"},
		Cands: map[int][]Cand{0: {{"The", 1, 2.5}, {"Tbe", 1, 0.5}}, 4: {{"love", 1, 0.25}, {"l0ve", 1, 0}}}}}
	dir := t.TempDir()
	if err := WriteChanges(dir, &Header{Title: "c"}, docs); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	s := string(b)
	for _, want := range []string{`"Tbe","The","word","2.50","2.00"`, `"l0ve","love","digits","0.25","0.25"`, `\u0026lt;b\u0026gt;`} {
		if !strings.Contains(s, want) {
			t.Errorf("changes page lacks %s", want)
		}
	}
	if strings.Contains(s, "<b> l0ve") {
		t.Error("OCR text not escaped")
	}
	// the same tables for a spreadsheet, which the page points to
	if !strings.Contains(s, `<a href="changes.csv">`) {
		t.Error("the page does not point to changes.csv")
	}
	rows, err := csv.NewReader(bytes.NewReader(readAll(t, filepath.Join(dir, "changes.csv")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"document", "position", "context", "OCR", "correction", "kind", "score", "margin over OCR"},
		{"a.txt", "1", "[Tbe -> The] man said <b> l0ve", "Tbe", "The", "word", "2.50", "2.00"},
		{"a.txt", "5", "Tbe man said <b> [l0ve -> love]", "l0ve", "love", "digits", "0.25", "0.25"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("changes.csv:\n got %q\nwant %q", rows, want)
	}
	docRows, err := csv.NewReader(bytes.NewReader(readAll(t, filepath.Join(dir, "documents.csv")))).ReadAll()
	if err != nil || len(docRows) != 2 || docRows[1][0] != "a.txt" || docRows[1][2] != "2" {
		t.Errorf("documents.csv: %q, %v", docRows, err)
	}
}

// readAll returns the bytes of the file at path, failing the test when it
// cannot be read.
func readAll(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEvalPagesUnique: two documents whose names give the same file name
// (a tree's `a/p1` beside a flat `a_p1`) get a page each, and the table
// links each row to its own.
func TestEvalPagesUnique(t *testing.T) {
	var s eval.Summary
	for _, d := range []struct{ name, gt, pred string }{{"a/p1", "the cat sat", "tbe cat sat"}, {"a_p1", "a dog ran", "a dog ran"}} {
		s.PerDoc = append(s.PerDoc, eval.EvaluateDoc(d.name, strings.Fields(d.gt), strings.Fields(d.pred), eval.Options{}))
	}
	dir := t.TempDir()
	if err := WriteEval(dir, &Header{Title: "t"}, s); err != nil {
		t.Fatal(err)
	}
	for page, want := range map[string]string{"a_p1.html": "cat", "a_p1~2.html": "dog"} {
		b, err := os.ReadFile(filepath.Join(dir, "docs", page))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("docs/%s does not hold its document's words (%q)", page, want)
		}
	}
	idx, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"docs/a_p1.html", "docs/a_p1~2.html"} {
		if !strings.Contains(string(idx), link) {
			t.Errorf("index.html does not link %s", link)
		}
	}
}
