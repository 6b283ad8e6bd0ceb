package data

import (
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadTextBOM(t *testing.T) {
	for _, tc := range []struct {
		src   string
		words []string
		start int
	}{
		{"\uFEFF", nil, 0},
		{"\uFEFF a", []string{"a"}, 4},
		{"\uFEFFab c", []string{"ab", "c"}, 3},
		{"a\uFEFF", []string{"a\uFEFF"}, 0}, // only a leading BOM is one
		{"", nil, 0},
	} {
		txt, err := ReadText("x.txt", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := txt.Words(); !reflect.DeepEqual(got, tc.words) {
			t.Errorf("%q: words %q, want %q", tc.src, got, tc.words)
		}
		if string(txt.Source) != tc.src {
			t.Errorf("%q: Source changed", tc.src)
		}
		if len(txt.Tokens) > 0 {
			tok := txt.Tokens[0]
			if tok.Start != tc.start || tc.src[tok.Start:tok.End] != tok.Text {
				t.Errorf("%q: first token %+v", tc.src, tok)
			}
		}
	}
}

func TestReadTextErrors(t *testing.T) {
	for _, tc := range []struct{ path, src, want string }{
		{"d/a.txt", "ok\n\nbad\xc3(", "d/a.txt:3: invalid UTF-8 (byte 0xc3 at offset 7)"},
		{"d/a.txt", "\x89PNG\r\n\x1a\n\x00\x00", "d/a.txt:3: binary file"},
		{"d/a.pdf", "x", `d/a.pdf: unknown file extension ".pdf"`},
		{"d/README", "x", "d/README: no file extension"},
	} {
		_, err := ReadText(tc.path, []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadText(%q, %q) error %v, want %q", tc.path, tc.src, err, tc.want)
		}
	}
	// A structured format with no reader registered is a clear error.
	saved := formatReaders[FormatALTO]
	delete(formatReaders, FormatALTO)
	defer func() {
		if saved != nil {
			formatReaders[FormatALTO] = saved
		}
	}()
	if _, err := ReadText("p.xml", []byte("<alto/>")); err == nil || !strings.Contains(err.Error(), "p.xml: no reader for the alto format") {
		t.Errorf("no reader: %v", err)
	}
	// The content checks come before the reader.
	if _, err := ReadText("p.xml", []byte("\xff")); err == nil || !strings.Contains(err.Error(), "p.xml:1: invalid UTF-8") {
		t.Errorf("xml invalid UTF-8: %v", err)
	}
}

// TestReadLimited: input beyond the limit (an endless stream such as
// /dev/zero) is an error naming it, read no further than the limit.
func TestReadLimited(t *testing.T) {
	endless := io.MultiReader(strings.NewReader("abc"), zeros{})
	if _, err := readLimited(endless, "stdin", 1000); err == nil || !strings.Contains(err.Error(), "stdin: larger than 1000 bytes") {
		t.Errorf("endless input: error %v", err)
	}
	src, err := readLimited(strings.NewReader("abc"), "a.txt", 3)
	if err != nil || string(src) != "abc" {
		t.Errorf("input at the limit: %q, %v", src, err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "none.txt")); err == nil {
		t.Error("missing file: no error")
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestSniffFormat(t *testing.T) {
	for _, c := range []struct {
		src  string
		want Format
	}{
		{tesseractTSVHeader + "\n5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t90\tword\n", FormatTSV},
		{bom + tesseractTSVHeader + "\r\n", FormatTSV},
		{"<?xml version=\"1.0\"?>\n<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v3#\">", FormatALTO},
		{"<!DOCTYPE html>\n<html><body><span class='ocrx_word'>a</span>", FormatHOCR},
		{"  <div class=\"ocr_page\">", FormatHOCR},
		{"<b>not</b> a format we know", FormatText},
		{"level\tpage_num but not the header", FormatText},
		{"plain words about <alto> and <html>", FormatText},
		{"", FormatText},
	} {
		if got := SniffFormat([]byte(c.src)); got != c.want {
			t.Errorf("SniffFormat(%.40q) = %s, want %s", c.src, got, c.want)
		}
	}
	for s, want := range map[string]Format{"txt": FormatText, "TSV": FormatTSV, "hocr": FormatHOCR, "Alto": FormatALTO, "xml": FormatALTO} {
		if got, err := ParseFormat(s); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %s, %v", s, got, err)
		}
	}
	if _, err := ParseFormat("pdf"); err == nil {
		t.Error("ParseFormat(pdf): no error")
	}
}
