package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAustenSettingsMatchManifest checks that the regime refactoring keeps
// the embedded corpus's settings: every manifest row is what drawSettings
// gives for its stem under austenRegime.
func TestAustenSettingsMatchManifest(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "data", "corpus", "manifest.tsv"))
	if err != nil {
		t.Skipf("no embedded corpus manifest: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if !slices.Equal(strings.Split(lines[0], "\t"), manifestHeader) {
		t.Fatalf("manifest.tsv:1: header differs from manifestHeader")
	}
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		want := f[5 : 5+len(settingsHeader)]
		got := settingsFields(drawSettings(docRand(1, f[0]), austenRegime))
		if !slices.Equal(got, want) {
			t.Errorf("manifest.tsv:%d: %s: settings %v, manifest %v", i+2, f[0], got, want)
		}
	}
}

// writeBook writes a synthetic book: a title, a contents list, the body
// (paragraphs of 50 words, every tenth one verse with indented lines)
// between START and END, and an advertisement.
func writeBook(t *testing.T, dir, stem string, paras int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("TITLE\n\nCONTENTS\n\n  START\n  END\n\nSTART\n\n")
	for i := range paras {
		if i%10 == 9 {
			for j := range 5 {
				fmt.Fprintf(&b, "    verse %d line %d w w w w w w w\n", i, j)
			}
		} else {
			for j := range 5 {
				fmt.Fprintf(&b, "para%d line%d w w w w w w w w\n", i, j)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("END\n\nBUY OUR OTHER BOOKS\n")
	if err := os.WriteFile(filepath.Join(dir, stem+".txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestChooseCollection(t *testing.T) {
	dir := t.TempDir()
	writeBook(t, dir, "book", 400)
	col := collection{Name: "test", Books: []book{{Stem: "book", From: "START", Until: "END"}}, Regime: austenRegime}
	docs, err := chooseCollection(dir, col, 1, 4, 300, 600)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 4 {
		t.Fatalf("%d documents, want 4", len(docs))
	}
	last := -1
	for _, d := range docs {
		// Paragraph 0 is TITLE, 1 CONTENTS, 2 the list, 3 START.
		if d.First <= last || d.First < 3 || d.Last > 403 {
			t.Errorf("%s: paragraphs %d-%d overlap or leave the body (previous ended at %d)", d.Stem, d.First, d.Last, last)
		}
		last = d.Last
		if d.Stem != fmt.Sprintf("book_p%04d", d.First) {
			t.Errorf("stem %s for first paragraph %d", d.Stem, d.First)
		}
		gt := strings.Fields(string(d.GT()))
		if len(gt) < 300 || len(gt) > 600 || len(gt) != d.Words {
			t.Errorf("%s: %d gt words (Words %d), want 300-600", d.Stem, len(gt), d.Words)
		}
		if r := strings.Fields(string(d.RenderText())); !slices.Equal(r, gt) {
			t.Errorf("%s: the rendered text's words differ from the gt's", d.Stem)
		}
		if strings.Contains(string(d.GT()), "CONTENTS") || strings.Contains(string(d.GT()), "BUY") {
			t.Errorf("%s: holds front or back matter", d.Stem)
		}
	}
	again, err := chooseCollection(dir, col, 1, 4, 300, 600)
	if err != nil {
		t.Fatal(err)
	}
	for i := range docs {
		if again[i].Stem != docs[i].Stem || again[i].Last != docs[i].Last {
			t.Errorf("second choice %s-%d differs from %s-%d", again[i].Stem, again[i].Last, docs[i].Stem, docs[i].Last)
		}
	}
	other, err := chooseCollection(dir, col, 2, 4, 300, 600)
	if err != nil {
		t.Fatal(err)
	}
	if slices.EqualFunc(docs, other, func(a, b *document) bool { return a.Stem == b.Stem }) {
		t.Errorf("seeds 1 and 2 chose the same documents")
	}

	// A book too short for the documents asked for is an error naming it.
	if _, err := chooseCollection(dir, col, 1, 4, 301, 301); err == nil || !strings.Contains(err.Error(), "book") {
		t.Errorf("runs of exactly 301 words (paragraphs have 50 or 55): err %v, want an error naming the book", err)
	}
	col.Books[0].Until = "NO SUCH LINE"
	if _, err := chooseCollection(dir, col, 1, 4, 300, 600); err == nil || !strings.Contains(err.Error(), "NO SUCH LINE") {
		t.Errorf("missing end marker: err %v", err)
	}
}

func TestRenderTextLayout(t *testing.T) {
	d := &document{KeepLayout: true, Lines: []string{
		"    indented verse, first line",
		"      and its second",
		"",
		"a prose paragraph",
		"on two lines",
	}}
	want := "indented verse, first line\n  and its second\n\na prose paragraph on two lines\n\n"
	if got := string(d.RenderText()); got != want {
		t.Errorf("RenderText:\n%q\nwant\n%q", got, want)
	}
	// Without KeepLayout (the Austen corpus) every paragraph is one line.
	d.KeepLayout = false
	want = "indented verse, first line and its second\n\na prose paragraph on two lines\n\n"
	if got := string(d.RenderText()); got != want {
		t.Errorf("RenderText without layout:\n%q\nwant\n%q", got, want)
	}
}

func TestCollectionsDefined(t *testing.T) {
	for _, c := range collections {
		if findCollection(c.Name) == nil || len(c.Books) != 3 || c.Regime.Name != c.Name {
			t.Errorf("collection %s: books %d, regime %q", c.Name, len(c.Books), c.Regime.Name)
		}
		for _, f := range c.Regime.fonts() {
			if f == "" {
				t.Errorf("%s: empty font name", c.Name)
			}
		}
		if slices.Contains(c.Regime.Exposures, 1) {
			t.Errorf("%s: draws exposure +1 (see the collections doc)", c.Name)
		}
	}
	if findCollection("nosuch") != nil {
		t.Error("findCollection(nosuch) found one")
	}
}
