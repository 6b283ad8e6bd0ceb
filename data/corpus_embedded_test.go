package data_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/eval"
)

// The embedded corpus is made by scripts/gencorpus; these tests check that
// what was committed is whole and that its README states what eval
// computes.

// readmeFigures parses the "key: value" lines of data/corpus/README.md.
func readmeFigures(t *testing.T) map[string]string {
	t.Helper()
	return figures(t, filepath.Join("corpus", "README.md"),
		"documents", "gt_words", "matched", "raw_recall_micro", "latin_matched", "latin_raw_recall_micro")
}

// figures parses the "key: value" lines of a generated README and fails
// unless every one of keys is there.
func figures(t *testing.T, path string, keys ...string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fig := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ": ")
		if ok && !strings.ContainsAny(k, " `#-") {
			fig[k] = v
		}
	}
	for _, k := range keys {
		if fig[k] == "" {
			t.Fatalf("%s: no %q line", path, k)
		}
	}
	return fig
}

func atoi(t *testing.T, key, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("corpus/README.md: %s: %v", key, err)
	}
	return n
}

func embedded(t *testing.T) *data.Corpus {
	t.Helper()
	c, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEmbeddedCorpusComplete checks that every document has its gt, both
// readings, its Tesseract TSV and a manifest row, and nothing more.
func TestEmbeddedCorpusComplete(t *testing.T) {
	c := embedded(t)
	fig := readmeFigures(t)
	if n := atoi(t, "documents", fig["documents"]); len(c.Docs) != n || n < 50 {
		t.Fatalf("embedded corpus has %d documents, README says %s (want about 60)", len(c.Docs), fig["documents"])
	}
	if !slices.Equal(c.Engines, []string{"latin"}) {
		t.Errorf("engines %v, want [latin]", c.Engines)
	}
	novels := map[string]int{}
	for _, d := range c.Docs {
		if d.GT == nil || d.OCR == nil || len(d.Alt) != 1 || d.Alt[0] == nil {
			t.Errorf("%s: missing gt, ocr or ocr.latin", d.Stem)
			continue
		}
		if len(d.GT.Tokens) < 1500 || len(d.GT.Tokens) > 4000 {
			t.Errorf("%s: %d gt words, want 1500-4000", d.Stem, len(d.GT.Tokens))
		}
		novel, _, _ := strings.Cut(d.Stem, "_ch")
		novels[novel]++
	}
	if len(novels) != 6 {
		t.Errorf("documents from %d novels, want 6: %v", len(novels), novels)
	}

	// The manifest has one row per document, in stem order, with the
	// header's number of fields.
	b, err := os.ReadFile(filepath.Join("corpus", "manifest.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	header := strings.Split(lines[0], "\t")
	if header[0] != "stem" {
		t.Fatalf("manifest.tsv:1: header starts with %q, want stem", header[0])
	}
	var stems []string
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != len(header) {
			t.Errorf("manifest.tsv:%d: %d fields, want %d", i+2, len(f), len(header))
			continue
		}
		stems = append(stems, f[0])
	}
	var docStems []string
	for _, d := range c.Docs {
		docStems = append(docStems, d.Stem)
	}
	if !slices.Equal(stems, docStems) {
		t.Errorf("manifest stems %v\ndiffer from the corpus stems %v", stems, docStems)
	}

	// tsv/<stem>.tsv.gz is Tesseract's TSV of the same recognition as
	// ocr/<stem>.txt: the same words.
	for _, d := range c.Docs {
		p := filepath.Join("corpus", "tsv", d.Stem+".tsv.gz")
		src, err := gunzip(p)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		tx, err := data.ReadText(strings.TrimSuffix(p, ".gz"), src)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if got, want := data.Words(tx.Tokens), data.Words(d.OCR.Tokens); !slices.Equal(got, want) {
			t.Errorf("%s: %d words differ from ocr/%s.txt's %d", p, len(got), d.Stem, len(want))
		}
	}
	ents, err := os.ReadDir(filepath.Join("corpus", "tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(c.Docs) {
		t.Errorf("corpus/tsv holds %d files, want %d", len(ents), len(c.Docs))
	}
}

func gunzip(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// TestEmbeddedCorpusRecall checks that the raw recall eval computes on the
// embedded corpus, for both readings, is the README's figure.
func TestEmbeddedCorpusRecall(t *testing.T) {
	c := embedded(t)
	fig := readmeFigures(t)
	s, warn := eval.EvaluateCorpus(c, eval.Options{})
	if len(warn) > 0 {
		t.Errorf("warnings: %v", warn)
	}
	if s.GTWords != atoi(t, "gt_words", fig["gt_words"]) || s.Matched != atoi(t, "matched", fig["matched"]) {
		t.Errorf("eval: gt_words %d matched %d; README: %s %s", s.GTWords, s.Matched, fig["gt_words"], fig["matched"])
	}
	if got := fmt.Sprintf("%.4f", s.Recall); got != fig["raw_recall_micro"] {
		t.Errorf("eval: raw recall %s, README raw_recall_micro %s", got, fig["raw_recall_micro"])
	}
	if s.Recall < 0.8 || s.Recall > 0.95 {
		t.Errorf("raw recall %.4f, want near 0.88", s.Recall)
	}

	// The second reading, as the primary one of a copy.
	alt := &data.Corpus{Name: c.Name}
	for _, d := range c.Docs {
		alt.Docs = append(alt.Docs, &data.Doc{Stem: d.Stem, GT: d.GT, OCR: d.Alt[0]})
	}
	s, _ = eval.EvaluateCorpus(alt, eval.Options{})
	if s.Matched != atoi(t, "latin_matched", fig["latin_matched"]) {
		t.Errorf("eval: latin matched %d; README %s", s.Matched, fig["latin_matched"])
	}
	if got := fmt.Sprintf("%.4f", s.Recall); got != fig["latin_raw_recall_micro"] {
		t.Errorf("eval: latin raw recall %s, README %s", got, fig["latin_raw_recall_micro"])
	}
}

// TestTesseractSamples checks the format samples of data/testdata/tesseract
// (one Tesseract run written as txt, tsv, hOCR and ALTO): they load as a
// corpus whose four readings hold the same words.
func TestTesseractSamples(t *testing.T) {
	c, warn, err := data.LoadDir(filepath.Join("testdata", "tesseract"), data.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warn) > 0 {
		t.Errorf("warnings: %v", warn)
	}
	if !slices.Equal(c.Engines, []string{"alto", "hocr", "tsv"}) {
		t.Fatalf("engines %v, want [alto hocr tsv]", c.Engines)
	}
	if len(c.Docs) == 0 {
		t.Fatal("no documents")
	}
	for _, d := range c.Docs {
		want := data.Words(d.OCR.Tokens)
		if len(want) < 100 {
			t.Errorf("%s: %d words in ocr/", d.Stem, len(want))
		}
		for i, a := range d.Alt {
			if a == nil {
				t.Errorf("%s: no %s reading", d.Stem, c.Engines[i])
				continue
			}
			if got := data.Words(a.Tokens); !slices.Equal(got, want) {
				t.Errorf("%s: %s has %d words, differing from the txt's %d", d.Stem, a.Path, len(got), len(want))
			}
			for _, tok := range a.Tokens {
				if tok.Conf < 0 || tok.Conf > 100 {
					t.Errorf("%s: %s: word %q conf %v, want 0-100", d.Stem, a.Path, tok.Text, tok.Conf)
					break
				}
			}
		}
	}
}
