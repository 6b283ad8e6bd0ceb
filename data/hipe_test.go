package data

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hipeSample is a file in the competition's layout: a record with the
// output placeholder, one without the member, one in French.
const hipeSample = `{"document_metadata": {"document_id": "a1", "language": "en", "date": "1895"}, "ground_truth": {"transcription_unit": "The govern¬\nment met.", "num_tokens": 4}, "ocr_hypothesis": {"transcription_unit": "Tbe govern-\nment met.", "num_tokens": 4}, "ocr_postcorrection_output": {"transcription_unit": "None", "ocr_postcorrection_system": "None", "num_tokens": -1}}
{"document_metadata": {"document_id": 17, "language": "en"}, "ocr_hypothesis": {"transcription_unit": "<a> & \"b\""}, "ground_truth": {"transcription_unit": "<a> & \"b\""}}

{"document_metadata": {"document_id": "f1", "language": "fr"}, "ocr_hypothesis": {"transcription_unit": "Le cbat"}, "ground_truth": null}
`

func TestReadHIPE(t *testing.T) {
	recs, err := ReadHIPE("dev.jsonl", []byte(hipeSample))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records, want 3", len(recs))
	}
	a, b, f := recs[0], recs[1], recs[2]
	if a.ID != "a1" || a.Language != "en" || a.OCR != "Tbe govern-\nment met." || !a.HasTruth || a.Truth != "The govern¬\nment met." || a.HasOutput || a.Line != 1 {
		t.Errorf("first record: %+v", a)
	}
	if b.ID != "17" || b.OCR != `<a> & "b"` || b.Line != 2 {
		t.Errorf("a number for an id, markup in the text: %+v", b)
	}
	if f.Line != 4 || f.HasTruth || f.Language != "fr" {
		t.Errorf("the record after a blank line, with a null truth: %+v", f)
	}

	// Written back untouched, the file is the same (blank lines aside).
	var buf bytes.Buffer
	if err := WriteHIPE(&buf, recs); err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(hipeSample, "\n\n", "\n", 1); buf.String() != want {
		t.Errorf("round trip:\n%s\nwant\n%s", buf.String(), want)
	}

	// SetOutput fills the placeholder in place and adds the member where
	// there is none; nothing else changes.
	a.SetOutput("The govern¬\nment met.", "ocrfix test")
	b.SetOutput(`<a> & "b"`, "ocrfix test")
	buf.Reset()
	if err := WriteHIPE(&buf, recs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if want := `"ocr_postcorrection_output": {"transcription_unit": "The govern¬\nment met.", "ocr_postcorrection_system": "ocrfix test", "num_tokens": -1}}`; !strings.HasSuffix(lines[0], want) {
		t.Errorf("filled placeholder:\n%s\nwant it to end with\n%s", lines[0], want)
	}
	if want := `"ground_truth": {"transcription_unit": "<a> & \"b\""}, "ocr_postcorrection_output": {"transcription_unit": "<a> & \"b\"", "ocr_postcorrection_system": "ocrfix test"}}`; !strings.HasSuffix(lines[1], want) {
		t.Errorf("added output:\n%s\nwant it to end with\n%s", lines[1], want)
	}
	again, err := ReadHIPE("out.jsonl", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !again[0].HasOutput || again[0].Output != a.Output || again[1].Output != `<a> & "b"` || again[2].HasOutput {
		t.Errorf("outputs read back: %+v %+v %+v", again[0], again[1], again[2])
	}
}

func TestReadHIPEErrors(t *testing.T) {
	ok := `{"document_metadata": {"document_id": "x"}, "ocr_hypothesis": {"transcription_unit": "a"}}`
	for _, c := range []struct{ src, want string }{
		{"[1, 2]", "f.jsonl:1: not a JSON object"},
		{ok + "\n{\"document_metadata\": ", "the JSON object ends too early"},
		{ok + " {}", "f.jsonl:1: something after the JSON object"},
		{`{"document_metadata": {"document_id": "x"}, "document_metadata": {}}`, `f.jsonl:1: member "document_metadata" named twice`},
		{`{"ocr_hypothesis": {"transcription_unit": "a"}}`, "f.jsonl:1: no document_metadata"},
		{`{"document_metadata": {"language": "en"}, "ocr_hypothesis": {"transcription_unit": "a"}}`, "f.jsonl:1: document_metadata has no document_id"},
		{`{"document_metadata": {"document_id": [1]}, "ocr_hypothesis": {"transcription_unit": "a"}}`, "not a string or a number"},
		{`{"document_metadata": {"document_id": "x"}}`, "f.jsonl:1: no ocr_hypothesis.transcription_unit"},
		{`{"document_metadata": {"document_id": "x"}, "ocr_hypothesis": {"transcription_unit": 3}}`, "ocr_hypothesis.transcription_unit is 3, not a string"},
		{`{"document_metadata": {"document_id": "x"}, "ocr_hypothesis": "a"}`, "f.jsonl:1: ocr_hypothesis: invalid JSON"},
		{ok + "\n\n" + ok, `f.jsonl:3: document_id "x" is also the document_id of line 1`},
		{ok + "\n\xff", "f.jsonl:2: invalid UTF-8"},
		{"{\"a\": \"\x00\"}", "f.jsonl:1: binary file"},
	} {
		_, err := ReadHIPE("f.jsonl", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one with %q", c.src, err, c.want)
		}
	}
}

func TestSniffHIPE(t *testing.T) {
	for src, want := range map[string]bool{
		hipeSample:                     true,
		"\n  " + hipeSample:            true,
		"{not json}\n":                 false,
		`{"text": "a page in braces"}`: false,
		"The page.\n":                  false,
		"":                             false,
	} {
		if got := SniffHIPE([]byte(src)); got != want {
			t.Errorf("SniffHIPE(%.30q) = %v, want %v", src, got, want)
		}
	}
}

func TestIsHIPEFile(t *testing.T) {
	if !IsHIPEFile("dir/dev_en.jsonl") || !IsHIPEFile("A.JSONL") || IsHIPEFile("a.json") || IsHIPEFile("a.txt") {
		t.Error("IsHIPEFile goes by the .jsonl extension")
	}
}

// FuzzReadHIPE: any input reads or fails with an error naming the file;
// what reads writes back to records that read the same.
func FuzzReadHIPE(f *testing.F) {
	f.Add([]byte(hipeSample))
	f.Add([]byte(`{"document_metadata": {"document_id": 1e3}, "ocr_hypothesis": {"transcription_unit": ""}}`))
	f.Add([]byte("{\"a\":1}\n[]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		recs, err := ReadHIPE("f.jsonl", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.jsonl:") {
				t.Fatalf("error without the file and line: %v", err)
			}
			return
		}
		for _, r := range recs {
			r.SetOutput(r.OCR, "x")
		}
		var buf bytes.Buffer
		if err := WriteHIPE(&buf, recs); err != nil {
			t.Fatal(err)
		}
		again, err := ReadHIPE("g.jsonl", buf.Bytes())
		if err != nil {
			t.Fatalf("written records do not read: %v\n%s", err, buf.Bytes())
		}
		if len(again) != len(recs) {
			t.Fatalf("%d records read back, want %d", len(again), len(recs))
		}
		for i, r := range again {
			o := recs[i]
			if r.ID != o.ID || r.OCR != o.OCR || r.Truth != o.Truth || r.HasTruth != o.HasTruth || r.Language != o.Language || !r.HasOutput && o.OCR != hipeNone || r.HasOutput && r.Output != o.OCR {
				t.Fatalf("record %d read back as %+v, want %+v", i, r, o)
			}
		}
	})
}

func TestHIPEInLanguage(t *testing.T) {
	en, none := &HIPERecord{Language: "en"}, &HIPERecord{}
	if !en.InLanguage("EN") || en.InLanguage("fr") || !en.InLanguage("all") || !none.InLanguage("fr") {
		t.Error("InLanguage: a record is of its language (any case), of all, and one naming none of any")
	}
}

// TestLoadHIPE: the records of one language with a truth are a corpus,
// sorted by document_id, one collection named by the file; a record
// without a truth is an error naming its line, or left out with
// AllowUnpaired; a file with nothing to load is an error.
func TestLoadHIPE(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := write("dev.jsonl", hipeSample)
	c, warns, err := LoadHIPE(p, "en", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Docs) != 2 || c.Docs[0].Stem != "17" || c.Docs[1].Stem != "a1" {
		t.Fatalf("documents %v, want 17 and a1 in that order", c.Docs)
	}
	a := c.Docs[1]
	if a.Collection != p || c.Name != p || !a.MarksLineBreaks || strings.Join(a.GT.Words(), " ") != "The govern¬ ment met." || strings.Join(a.OCR.Words(), " ") != "Tbe govern- ment met." {
		t.Errorf("first record: collection %q, gt %q, ocr %q", a.Collection, a.GT.Words(), a.OCR.Words())
	}
	if want := p + ":1 (document a1)"; a.OCR.Path != want || a.GT.Path != want+" ground_truth" {
		t.Errorf("text names %q and %q, want %q", a.OCR.Path, a.GT.Path, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], `1 record(s) not in language "en" left out`) {
		t.Errorf("warnings %q, want one for the French record", warns)
	}
	if c, _, err := LoadHIPE(p, "all", LoadOptions{}); err == nil {
		t.Errorf("all languages, the French record without a truth: no error (%d documents)", len(c.Docs))
	} else if !strings.Contains(err.Error(), p+":4 (document f1): no ground_truth") {
		t.Errorf("error %v does not name the record without a truth", err)
	}
	if c, warns, err := LoadHIPE(p, "all", LoadOptions{AllowUnpaired: true}); err != nil || len(c.Docs) != 2 || len(warns) != 1 || !strings.Contains(warns[0], ":4 (document f1): no ground_truth (left out)") {
		t.Errorf("AllowUnpaired: %v, warnings %q", err, warns)
	}
	if _, _, err := LoadHIPE(p, "de", LoadOptions{}); err == nil || !strings.Contains(err.Error(), `no record in language "de" with a ground_truth`) {
		t.Errorf("no record to load: %v", err)
	}
	bad := write("bad.jsonl", hipeSample+"{\"document_metadata\": 1}\n")
	if _, _, err := LoadHIPE(bad, "en", LoadOptions{}); err == nil || !strings.Contains(err.Error(), "bad.jsonl:5") {
		t.Errorf("a bad line: %v, want an error naming bad.jsonl:5", err)
	}
}

// A byte order mark before the first record, as some editors save a file,
// is read past (the first record is still line 1) and not written back.
func TestReadHIPEByteOrderMark(t *testing.T) {
	recs, err := ReadHIPE("bom.jsonl", []byte(bom+hipeSample))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].ID != "a1" || recs[0].Line != 1 {
		t.Fatalf("%d records, the first %+v", len(recs), recs[0])
	}
	var buf bytes.Buffer
	if err := WriteHIPE(&buf, recs); err != nil {
		t.Fatal(err)
	}
	if bytes.HasPrefix(buf.Bytes(), []byte(bom)) {
		t.Error("written back with the byte order mark")
	}
}

// Records read from CR LF lines are written back with CR LF (each line as
// it ended), as a text file keeps its line ends.
func TestWriteHIPEKeepsCRLF(t *testing.T) {
	src := strings.ReplaceAll(hipeSample, "\n", "\r\n")
	recs, err := ReadHIPE("crlf.jsonl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteHIPE(&buf, recs); err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(src, "\r\n\r\n", "\r\n") // blank lines aside
	if buf.String() != want {
		t.Errorf("written back:\n%q\nwant\n%q", buf.String(), want)
	}
}
