package data

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// ConfidenceDir is the optional corpus directory of word confidences for
// a primary reading kept as plain text: tsv/<stem>.tsv or tsv/<stem>.tsv.gz
// is the Tesseract TSV of the same recognition as ocr/<stem>.txt. When its
// words are the primary reading's words, token for token, their
// confidences are copied onto the primary reading's tokens (Token.Conf);
// otherwise the file is skipped with a warning. This lets a corpus keep
// its OCR as plain text (for people and other tools) and still give the
// corrector Tesseract's confidences.
const ConfidenceDir = "tsv"

// attachConfidences applies ConfidenceDir to the documents of c.
func attachConfidences(fsys fs.FS, c *Corpus, display func(string) string) ([]string, error) {
	ents, err := fs.ReadDir(fsys, ConfidenceDir)
	if err != nil {
		return nil, nil // no confidence directory
	}
	files := map[string]string{}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") {
			continue
		}
		stem := ""
		switch {
		case strings.HasSuffix(n, ".tsv.gz"):
			stem = strings.TrimSuffix(n, ".tsv.gz")
		case strings.HasSuffix(n, ".tsv"):
			stem = strings.TrimSuffix(n, ".tsv")
		default:
			continue
		}
		if prev, dup := files[stem]; dup {
			return nil, fmt.Errorf("%s and %s: two confidence files for one document", display(path.Join(ConfidenceDir, prev)), display(path.Join(ConfidenceDir, n)))
		}
		files[stem] = n
	}
	var warns []string
	for _, d := range c.Docs {
		n, ok := files[d.Stem]
		if !ok || d.OCR == nil || d.OCR.Format != FormatText {
			continue
		}
		p := path.Join(ConfidenceDir, n)
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, pathError(display(p), err)
		}
		if strings.HasSuffix(n, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(src))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", display(p), err)
			}
			if src, err = io.ReadAll(zr); err != nil {
				return nil, fmt.Errorf("%s: %v", display(p), err)
			}
		}
		t, err := ReadText(strings.TrimSuffix(display(p), ".gz"), src)
		if err != nil {
			return nil, err
		}
		if len(t.Tokens) != len(d.OCR.Tokens) {
			warns = append(warns, fmt.Sprintf("%s: %d words, %s has %d: confidences not used", display(p), len(t.Tokens), d.OCR.Path, len(d.OCR.Tokens)))
			continue
		}
		same := true
		for i := range t.Tokens {
			if t.Tokens[i].Text != d.OCR.Tokens[i].Text {
				warns = append(warns, fmt.Sprintf("%s: word %d is %q, %s has %q: confidences not used", display(p), i+1, t.Tokens[i].Text, d.OCR.Path, d.OCR.Tokens[i].Text))
				same = false
				break
			}
		}
		if !same {
			continue
		}
		for i := range t.Tokens {
			d.OCR.Tokens[i].Conf = t.Tokens[i].Conf
		}
	}
	return warns, nil
}
