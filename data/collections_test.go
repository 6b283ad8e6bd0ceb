package data_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/eval"
)

// The benchmark collections of data/collections are made by
// scripts/gencorpus -collection NAME, and data/habits/long-s-early by
// scripts/gencorpus -collection early -long-s, data/habits/hyphen-periodicals
// by scripts/gencorpus -collection periodicals -hyphenate; all are read from the
// repository (they are not embedded). This test checks that each one
// loads, is whole, and that its README states what eval computes.

// benchCollections are the collections (directories under data/), with
// the raw recall range their rendering regime was calibrated for (the long
// s costs early some ten points).
// Its documents hold 1500-3000 words of their book, more gt tokens where
// words are broken at line ends (broken: the two pieces are two tokens).
var benchCollections = []struct {
	name   string
	lo, hi float64
	broken bool
}{
	{"collections/early", 0.80, 0.92, false},
	{"collections/periodicals", 0.70, 0.88, false},
	{"collections/science-law", 0.90, 0.99, false},
	{"habits/long-s-early", 0.65, 0.85, false},
	{"habits/hyphen-periodicals", 0.70, 0.88, true},
}

func TestCollections(t *testing.T) {
	for _, bc := range benchCollections {
		t.Run(bc.name, func(t *testing.T) {
			dir := filepath.FromSlash(bc.name)
			if _, err := os.Stat(filepath.Join(dir, "gt")); err != nil {
				t.Skipf("collection %s absent (%v): generate it with scripts/gencorpus (see its README)", bc.name, err)
			}
			c, warn, err := data.LoadDir(dir, data.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(warn) > 0 {
				t.Errorf("warnings: %v", warn)
			}
			readme := filepath.Join(dir, "README.md")
			fig := figures(t, readme, "documents", "gt_words", "matched", "raw_recall_micro", "raw_recall_macro")
			num := func(key string) int {
				n, err := strconv.Atoi(fig[key])
				if err != nil {
					t.Fatalf("%s: %s: %v", readme, key, err)
				}
				return n
			}
			if n := num("documents"); len(c.Docs) != n || n < 20 {
				t.Errorf("%d documents, README says %d (want about 24)", len(c.Docs), n)
			}
			if len(c.Engines) != 0 {
				t.Errorf("engines %v, want none (the collections have one reading)", c.Engines)
			}
			books := map[string]int{}
			for _, d := range c.Docs {
				hi := 3000
				if bc.broken {
					hi += hi / 10
				}
				if n := len(d.GT.Tokens); n < 1500 || n > hi {
					t.Errorf("%s: %d gt words, want 1500-%d", d.Stem, n, hi)
				}
				book, _, _ := strings.Cut(d.Stem, "_p")
				books[book]++
				if _, err := os.Stat(filepath.Join(dir, "tsv", d.Stem+".tsv.gz")); err != nil {
					t.Errorf("%s: %v", d.Stem, err)
				}
			}
			if len(books) != 3 {
				t.Errorf("documents from %d books, want 3: %v", len(books), books)
			}
			s, warn := eval.EvaluateCorpus(c, eval.Options{})
			if len(warn) > 0 {
				t.Errorf("eval warnings: %v", warn)
			}
			if s.GTWords != num("gt_words") || s.Matched != num("matched") {
				t.Errorf("eval: gt_words %d matched %d; README: %s %s", s.GTWords, s.Matched, fig["gt_words"], fig["matched"])
			}
			if got := fmt.Sprintf("%.4f", s.Recall); got != fig["raw_recall_micro"] {
				t.Errorf("eval: raw recall %s, README raw_recall_micro %s", got, fig["raw_recall_micro"])
			}
			if got := fmt.Sprintf("%.4f", s.MacroRecall); got != fig["raw_recall_macro"] {
				t.Errorf("eval: macro raw recall %s, README raw_recall_macro %s", got, fig["raw_recall_macro"])
			}
			if s.Recall < bc.lo || s.Recall > bc.hi {
				t.Errorf("raw recall %.4f outside the regime's range %.2f-%.2f", s.Recall, bc.lo, bc.hi)
			}
		})
	}
}

// variantOf loads data/collections/name and data/habits/variant, a
// collection made from the same documents, and checks they have as many;
// it skips when either is absent.
func variantOf(t *testing.T, name, variant string) (a, b *data.Corpus) {
	t.Helper()
	dirs := []string{filepath.Join("collections", name), filepath.Join("habits", variant)}
	cs := make([]*data.Corpus, 2)
	for k, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "gt")); err != nil {
			t.Skipf("collection %s absent (%v)", dir, err)
		}
		c, _, err := data.LoadDir(dir, data.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cs[k] = c
	}
	if len(cs[0].Docs) != len(cs[1].Docs) {
		t.Fatalf("%s: %d documents, %s has %d", variant, len(cs[1].Docs), name, len(cs[0].Docs))
	}
	return cs[0], cs[1]
}

// TestLongSEarly: data/habits/long-s-early is early with the long s on its
// page images: the same documents with the same truth, and OCR that reads
// the long s (as f mostly) where early's reads s.
func TestLongSEarly(t *testing.T) {
	a, b := variantOf(t, "early", "long-s-early")
	fs, es := 0, 0
	for i, d := range b.Docs {
		e := a.Docs[i]
		if d.Stem != e.Stem || string(d.GT.Source) != string(e.GT.Source) {
			t.Errorf("%s: not early's document %s with its truth", d.Stem, e.Stem)
		}
		fs += strings.Count(string(d.OCR.Source), "f") - strings.Count(string(e.OCR.Source), "f")
		es += strings.Count(string(e.OCR.Source), "s") - strings.Count(string(d.OCR.Source), "s")
	}
	// most s inside a word became the long s, and Tesseract read it as f
	if es < 5000 || fs < es/2 {
		t.Errorf("the long-s OCR has %d fewer s and %d more f than early's", es, fs)
	}
}

// TestHyphenPeriodicals: data/habits/hyphen-periodicals is periodicals set
// in narrow lines: the same documents, whose truth rejoined at its broken
// words is periodicals' truth, with a word broken at the end of one line
// in ten or more, and OCR that keeps most of those line-end hyphens.
func TestHyphenPeriodicals(t *testing.T) {
	a, b := variantOf(t, "periodicals", "hyphen-periodicals")
	lines, broken, ocrBroken := 0, 0, 0
	for i, d := range b.Docs {
		e := a.Docs[i]
		gt := string(d.GT.Source)
		lines += strings.Count(gt, "\n")
		broken += strings.Count(gt, "-\n")
		ocrBroken += strings.Count(string(d.OCR.Source), "-\n")
		// rejoin the words broken at their letters (a compound broken at its own
		// hyphen keeps it): periodicals' words
		var words []string
		toks := d.GT.Tokens
		want := e.GT.Words()
		for k := 0; k < len(toks); k++ {
			w := toks[k].Text
			if strings.HasSuffix(w, "-") && k+1 < len(toks) && toks[k+1].Line > toks[k].Line && len(words) < len(want) && want[len(words)] != w {
				if j := w[:len(w)-1] + toks[k+1].Text; want[len(words)] == j {
					w, k = j, k+1
				} else if j := w + toks[k+1].Text; want[len(words)] == j {
					w, k = j, k+1
				}
			}
			words = append(words, w)
		}
		if d.Stem != e.Stem || strings.Join(words, " ") != strings.Join(want, " ") {
			t.Errorf("%s: not periodicals' document %s with its truth", d.Stem, e.Stem)
		}
	}
	if broken*10 < lines || ocrBroken*2 < broken {
		t.Errorf("%d of %d truth lines end in a broken word, %d of the OCR's lines end in a hyphen", broken, lines, ocrBroken)
	}
}
