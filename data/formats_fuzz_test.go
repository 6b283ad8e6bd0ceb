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
// from 1 in steps of 0 or 1, spans inside the source in order, blocks
// ascending and paragraphs covering the tokens in order; Rewrite
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
		if tok.Start < prevStart || tok.End < tok.Start || tok.End > len(tx.Source) {
			t.Fatalf("token %d span [%d,%d) after %d in %d bytes", i, tok.Start, tok.End, prevStart, len(tx.Source))
		}
		prevLine, prevStart = tok.Line, tok.Start
	}
	// blocks ascending inside the tokens; paragraphs cover every token
	for i, b := range tx.Blocks {
		if b < 0 || b >= len(tx.Tokens) || i > 0 && b <= tx.Blocks[i-1] {
			t.Fatalf("blocks %v of %d tokens", tx.Blocks, len(tx.Tokens))
		}
	}
	next := 0
	for _, p := range tx.Paragraphs() {
		if p[0] != next || p[1] <= p[0] {
			t.Fatalf("paragraphs %v of %d tokens (blocks %v)", tx.Paragraphs(), len(tx.Tokens), tx.Blocks)
		}
		next = p[1]
	}
	if next != len(tx.Tokens) {
		t.Fatalf("paragraphs %v of %d tokens", tx.Paragraphs(), len(tx.Tokens))
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
	f.Add([]byte("<?xml version='1.0' encoding='ISO-8859-1'?><alto><TextLine><String CONTENT=\"caf\xe9\"/></TextLine></alto>"))
	f.Add([]byte("\xff\xfe<\x00a\x00l\x00t\x00o\x00>\x00<\x00S\x00t\x00r\x00i\x00n\x00g\x00 \x00C\x00O\x00N\x00T\x00E\x00N\x00T\x00=\x00'\x00x\x00'\x00/\x00>\x00<\x00/\x00a\x00l\x00t\x00o\x00>\x00"))
	f.Fuzz(func(t *testing.T, src []byte) { checkFormat(t, "f.xml", src) })
}

// FuzzRewriteText rewrites plain text with words kept, removed, changed
// and split as ops says, and checks the result reads back as exactly the
// expected words with every line break kept.
func FuzzRewriteText(f *testing.F) {
	for _, p := range formatFiles(f, ".txt") {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, []byte{0, 1, 2, 3, 1, 1, 0})
	}
	f.Add([]byte("a b\tc\n  d\u00a0e\r\nf"), []byte{1, 0, 1, 3})
	f.Add([]byte("\xfe\xff\x00a\x00 \x00b\x00\n\x00c"), []byte{0, 2, 3})
	f.Add([]byte("\xff\xfe\x00\x30\xff\xfe"), []byte{0}) // a byte order mark inside the text
	f.Fuzz(func(t *testing.T, src, ops []byte) {
		tx, err := ReadText("f.txt", src)
		if err != nil || len(ops) == 0 {
			return
		}
		words := tx.Words()
		var want []string
		for i := range words {
			switch ops[i%len(ops)] % 4 {
			case 0:
				want = append(want, words[i])
			case 1:
				words[i] = ""
			case 2:
				words[i] = "x"
				want = append(want, "x")
			case 3:
				words[i] = "p\tq\n"
				want = append(want, "p", "q")
			}
		}
		var b bytes.Buffer
		if err := tx.Rewrite(&b, words); err != nil {
			t.Fatal(err)
		}
		out := b.Bytes()
		if tx.Encoding != "" {
			// read back as UTF-8 (UTF-16 by its byte order mark)
			dec, enc, err := decodeSource("f.txt", FormatText, out)
			if err != nil || enc != tx.Encoding {
				t.Fatalf("rewritten %s text does not decode (%q): %v", tx.Encoding, enc, err)
			}
			out = dec
		}
		toks := Tokenize(out)
		got := Words(toks)
		if len(got) > 0 && toks[0].Start == 0 && strings.HasPrefix(got[0], bom) {
			// a byte order mark at the start of the text, as ReadText
			// takes it (one later is a character of a word)
			got[0] = strings.TrimPrefix(got[0], bom)
			if got[0] == "" {
				got = got[1:]
			}
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("rewritten text reads as %q, want %q\n%q", got, want, b.Bytes())
		}
		if bytes.Count(out, []byte{'\n'}) != bytes.Count(tx.Source, []byte{'\n'}) {
			t.Fatalf("line breaks changed: %q -> %q", tx.Source, out)
		}
	})
}
