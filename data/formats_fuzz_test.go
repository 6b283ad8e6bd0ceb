package data

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode"
)

// addSeeds adds the test files with the given extensions to f's corpus.
func addSeeds(f *testing.F, exts ...string) {
	for _, p := range formatFiles(f, exts...) {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
}

// checkFormat is the property every reader must have: no panic; on
// success, tokens that are non-empty words without white space, lines
// from 1 in steps of 0 or 1, spans inside the source in order; Rewrite
// with the original words gives the source back; Rewrite with changed
// words gives a file that reads back with those words.
func checkFormat(t *testing.T, name string, src []byte) {
	tx, err := ReadText(name, src)
	if err != nil {
		if !strings.HasPrefix(err.Error(), name+":") {
			t.Fatalf("error does not name the file: %v", err)
		}
		return
	}
	prevLine, prevStart := 0, 0
	for i, tok := range tx.Tokens {
		if tok.Text == "" || strings.IndexFunc(tok.Text, unicode.IsSpace) >= 0 {
			t.Fatalf("token %d %q is not a word", i, tok.Text)
		}
		if tok.Line < 1 || tok.Line < prevLine || tok.Line > prevLine+1 {
			t.Fatalf("token %d line %d after %d", i, tok.Line, prevLine)
		}
		if tok.Start < prevStart || tok.End < tok.Start || tok.End > len(src) {
			t.Fatalf("token %d span [%d,%d) after %d in %d bytes", i, tok.Start, tok.End, prevStart, len(src))
		}
		prevLine, prevStart = tok.Line, tok.Start
	}
	var b bytes.Buffer
	if err := tx.Rewrite(&b, tx.Words()); err != nil {
		t.Fatalf("identity rewrite: %v", err)
	}
	if !bytes.Equal(b.Bytes(), src) {
		t.Fatalf("identity rewrite changed the file:\n%q\n%q", src, b.Bytes())
	}
	words := tx.Words()
	for i := range words {
		if i%2 == 0 {
			words[i] = "é&<'\"" + words[i]
		}
	}
	// Characters XML forbids become U+FFFD in rewritten words (and in
	// their elements' other words): compare cleaned.
	want := make([]string, len(words))
	for i, w := range words {
		want[i] = cleanWord(w)
	}
	b.Reset()
	if err := tx.Rewrite(&b, words); err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	out, err := ReadText(name, b.Bytes())
	if err != nil {
		t.Fatalf("rewritten file does not read: %v\n%s", err, b.Bytes())
	}
	got := out.Words()
	for i := range got {
		got[i] = cleanWord(got[i])
	}
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Fatalf("rewritten file reads as\n%q\nwant\n%q", got, want)
	}
}

func FuzzTesseractTSV(f *testing.F) {
	addSeeds(f, ".tsv")
	f.Add([]byte(tesseractTSVHeader + "\n5\t1\t1\t1\t1\t1\t1\t2\t3\t4\t50\ta b\n"))
	f.Fuzz(func(t *testing.T, src []byte) { checkFormat(t, "f.tsv", src) })
}

func FuzzHOCR(f *testing.F) {
	addSeeds(f, ".hocr", ".html")
	f.Add([]byte(`<p class='ocr_line'><span class='ocrx_word' title='bbox 1 2 3 4; x_wconf 5'>a<b>c</b> d&amp;</span></p>`))
	f.Fuzz(func(t *testing.T, src []byte) { checkFormat(t, "f.hocr", src) })
}

func FuzzALTO(f *testing.F) {
	addSeeds(f, ".xml")
	f.Add([]byte(`<alto><TextLine><String CONTENT="a&amp;b c" WC="0.5"/><HYP CONTENT="-"/></TextLine></alto>`))
	f.Fuzz(func(t *testing.T, src []byte) { checkFormat(t, "f.xml", src) })
}
