package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	in := `{"document_metadata": {"document_id": "a/1", "language": "en"}, "ocr_hypothesis": {"transcription_unit": "tbe re-\nsolved"}, "ground_truth": {"transcription_unit": "the re¬\nsolved"}}

{"document_metadata": {"document_id": "b", "language": "fr"}, "ocr_hypothesis": {"transcription_unit": "le"}, "ground_truth": {"transcription_unit": "la"}}
{"document_metadata": {"document_id": "c", "language": "en"}, "ocr_hypothesis": {"transcription_unit": "no truth"}}
`
	docs, err := read(strings.NewReader(in), "x.jsonl", "en")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 || docs[0] != (doc{"a_1", "tbe re-\nsolved", "the re¬\nsolved"}) {
		t.Errorf("docs %q", docs)
	}
	if docs, _ := read(strings.NewReader(in), "x.jsonl", ""); len(docs) != 2 {
		t.Errorf("all languages: %d records, want 2", len(docs))
	}
	for _, c := range []struct{ in, want string }{
		{"{\"document_metadata\": {\"document_id\": \"a\"}, \"ocr_hypothesis\": {\"transcription_unit\": \"x\"}}\n{bad", "x.jsonl:2:"},
		{`{"document_metadata": {"document_id": ""}, "ocr_hypothesis": {"transcription_unit": "x"}}`, "x.jsonl:1: a record without"},
		{`{"document_metadata": {"document_id": "a"}}`, "x.jsonl:1: a record without"},
	} {
		if _, err := read(strings.NewReader(c.in), "x.jsonl", ""); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "d.jsonl")
	rec := `{"document_metadata": {"document_id": "p1"}, "ocr_hypothesis": {"transcription_unit": "tbe"}, "ground_truth": {"transcription_unit": "the"}}` + "\n"
	os.WriteFile(f, []byte(rec+rec), 0o644)
	if err := run(filepath.Join(dir, "out"), "", []string{f}); err == nil || !strings.Contains(err.Error(), "two records of stem p1") {
		t.Errorf("duplicate ids: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("output written after an error")
	}
	os.WriteFile(f, []byte(rec), 0o644)
	if err := run(filepath.Join(dir, "out"), "", []string{f}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out", "ocr", "p1.txt")); string(b) != "tbe\n" {
		t.Errorf("ocr %q", b)
	}
	if err := run(filepath.Join(dir, "out"), "", []string{f}); err == nil {
		t.Error("an existing output directory was written over")
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`{"document_metadata": {"document_id": "a", "language": "en"}, "ocr_hypothesis": {"transcription_unit": "x"}, "ground_truth": {"transcription_unit": "y"}}`)
	f.Add("{")
	f.Fuzz(func(t *testing.T, s string) {
		docs, err := read(strings.NewReader(s), "f.jsonl", "")
		if err == nil {
			for _, d := range docs {
				if d.stem == "" || strings.ContainsAny(d.stem, "/\\ ") {
					t.Errorf("stem %q", d.stem)
				}
			}
		}
	})
}
