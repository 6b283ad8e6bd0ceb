// Command hipejsonl writes the records of HIPE-OCRepair 2026 JSONL files
// (the competition's format: one JSON object per line with
// document_metadata.document_id, ocr_hypothesis.transcription_unit and
// ground_truth.transcription_unit) as a corpus directory that ocrfix reads:
// OUT/ocr/<id>.txt holds a record's OCR, OUT/gt/<id>.txt its truth, each
// with its line breaks and a final newline.
//
//	go run ./scripts/hipejsonl -lang en -o /tmp/hipe-dev path/to/*_dev_en.jsonl
//
// Records of another language than -lang (document_metadata.language;
// default: all) are left out, and so are records without a truth. The id
// becomes the file's stem with every character but letters, digits, `.`,
// `-` and `_` made `_`; two records of one stem are an error. Bad input is
// an error that names the file and line. OUT must not exist: nothing is
// written unless every input reads. bench/hipe_dev.sh uses it to measure
// ocrfix on the competition's development sets, which the repository does
// not hold (their licences are theirs).
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

type unit struct {
	Text *string `json:"transcription_unit"`
}

type record struct {
	Meta struct {
		ID       string `json:"document_id"`
		Language string `json:"language"`
	} `json:"document_metadata"`
	OCR   *unit `json:"ocr_hypothesis"`
	Truth *unit `json:"ground_truth"`
}

// doc is one record to write.
type doc struct{ stem, ocr, truth string }

func main() {
	out := flag.String("o", "", "output directory (must not exist)")
	lang := flag.String("lang", "", "keep only the records of this language (default: all)")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: hipejsonl [-lang en] -o OUTDIR FILE.jsonl...")
		os.Exit(2)
	}
	if err := run(*out, *lang, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "hipejsonl:", err)
		os.Exit(1)
	}
}

func run(out, lang string, files []string) error {
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("%s exists", out)
	}
	var docs []doc
	seen := map[string]string{}
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			return err
		}
		ds, err := read(r, f, lang)
		r.Close()
		if err != nil {
			return err
		}
		for _, d := range ds {
			if prev, dup := seen[d.stem]; dup {
				return fmt.Errorf("%s: two records of stem %s (the first in %s)", f, d.stem, prev)
			}
			seen[d.stem] = f
		}
		docs = append(docs, ds...)
	}
	if len(docs) == 0 {
		return errors.New("no records to write")
	}
	for _, sub := range []string{"gt", "ocr"} {
		if err := os.MkdirAll(filepath.Join(out, sub), 0o755); err != nil {
			return err
		}
	}
	for _, d := range docs {
		for sub, text := range map[string]string{"gt": d.truth, "ocr": d.ocr} {
			if err := os.WriteFile(filepath.Join(out, sub, d.stem+".txt"), []byte(text+"\n"), 0o644); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(os.Stderr, "hipejsonl: %d records written to %s\n", len(docs), out)
	return nil
}

// read returns the records of one JSONL stream named name, those of
// language lang (all when lang is "") that have a truth.
func read(r io.Reader, name, lang string) ([]doc, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var docs []doc
	for line := 1; sc.Scan(); line++ {
		b := sc.Bytes()
		if strings.TrimSpace(string(b)) == "" {
			continue
		}
		var rec record
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if lang != "" && rec.Meta.Language != lang {
			continue
		}
		if rec.Meta.ID == "" || rec.OCR == nil || rec.OCR.Text == nil {
			return nil, fmt.Errorf("%s:%d: a record without document_metadata.document_id or ocr_hypothesis.transcription_unit", name, line)
		}
		if rec.Truth == nil || rec.Truth.Text == nil {
			continue
		}
		docs = append(docs, doc{stem: stem(rec.Meta.ID), ocr: *rec.OCR.Text, truth: *rec.Truth.Text})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return docs, nil
}

// stem makes a document id a file stem.
func stem(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, id)
}
