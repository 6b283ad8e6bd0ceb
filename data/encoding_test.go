package data

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// rewritten returns t rewritten with words.
func rewritten(t *testing.T, x *Text, words []string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := x.Rewrite(&b, words); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// An ALTO file in the 8-bit encoding its declaration names is read, and
// written back in it: byte for byte where nothing changed, a character
// the encoding lacks as a character reference.
func TestEncodingDeclaredXML(t *testing.T) {
	doc := `<?xml version="1.0" encoding="ISO-8859-1"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v3#"><Layout><Page><PrintSpace><TextBlock><TextLine>
<String CONTENT="Le"/><SP/><String CONTENT="café"/><SP/><String CONTENT="tbe"/><SP/><String CONTENT="naïve"/>
</TextLine></TextBlock></PrintSpace></Page></Layout></alto>
`
	src, err := charmap.ISO8859_1.NewEncoder().Bytes([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte("\u00e9")) || !bytes.Contains(src, []byte{0xe9}) {
		t.Fatal("test file not in Latin-1")
	}
	x, err := ReadText("p.xml", src)
	if err != nil {
		t.Fatal(err)
	}
	if x.Encoding != "ISO-8859-1" || x.Format != FormatALTO {
		t.Errorf("encoding %q, format %q", x.Encoding, x.Format)
	}
	if got, want := strings.Join(x.Words(), " "), "Le café tbe naïve"; got != want {
		t.Errorf("words %q, want %q", got, want)
	}
	if out := rewritten(t, x, x.Words()); !bytes.Equal(out, src) {
		t.Errorf("unchanged rewrite differs:\n%s", out)
	}
	out := rewritten(t, x, []string{"Le", "café", "the—", "naïve"})
	if !bytes.Contains(out, []byte(`CONTENT="the&#8212;"`)) || !bytes.Contains(out, []byte("caf\xe9")) {
		t.Errorf("changed rewrite:\n%q", out)
	}
	back, err := ReadText("q.xml", out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(back.Words(), " "), "Le café the— naïve"; got != want {
		t.Errorf("re-read %q, want %q", got, want)
	}

	// US-ASCII (a subset of UTF-8) needs no decoding; an encoding this
	// build does not know is an error naming the file and the encoding
	ascii := strings.Replace(strings.ReplaceAll(doc, "\u00e9", "e"), "ISO-8859-1", "US-ASCII", 1)
	ascii = strings.ReplaceAll(ascii, "\u00ef", "i")
	ax, err := ReadText("a.xml", []byte(ascii))
	if err != nil || ax.Encoding != "US-ASCII" || len(ax.Tokens) != 4 {
		t.Fatalf("US-ASCII: %v", err)
	}
	if out := rewritten(t, ax, []string{"Le", "café", "the¬", "naive"}); !bytes.Contains(out, []byte(`CONTENT="caf&#233;"`)) || !bytes.Contains(out, []byte(`CONTENT="the&#172;"`)) {
		t.Errorf("US-ASCII rewrite: %q", out)
	}
	if _, err := ReadText("b.xml", []byte(strings.Replace(ascii, "naive", "na\xefve", 1))); err == nil || !strings.Contains(err.Error(), "b.xml:3: a byte that US-ASCII does not define") {
		t.Errorf("US-ASCII with a Latin-1 byte: %v", err)
	}

	// `ascii`, as Python writes it, is US-ASCII (browsers read it as
	// windows-1252)
	if _, err := ReadText("c.xml", []byte(strings.Replace(strings.Replace(ascii, "naive", "na\xefve", 1), "US-ASCII", "ascii", 1))); err == nil || !strings.Contains(err.Error(), "c.xml:3: a byte that ascii does not define") {
		t.Errorf("ascii with a Latin-1 byte: %v", err)
	}

	// ISO-8859-1 holding windows-1252's punctuation (0x92 for ’) is read
	// as windows-1252, as browsers read it, and written back so
	quote := strings.Replace(doc, "naïve", "don\u2019t", 1)
	qsrc, err := charmap.Windows1252.NewEncoder().Bytes([]byte(quote))
	if err != nil {
		t.Fatal(err)
	}
	qx, err := ReadText("q.xml", qsrc)
	if err != nil || qx.Encoding != "windows-1252" || qx.Tokens[3].Text != "don\u2019t" {
		t.Fatalf("ISO-8859-1 with 0x92: %v %+v", err, qx)
	}
	if out := rewritten(t, qx, qx.Words()); !bytes.Equal(out, qsrc) {
		t.Errorf("ISO-8859-1 with 0x92: unchanged rewrite differs")
	}

	// a declaration the file is not in (EBCDIC), and a UTF-8 byte order
	// mark before another encoding's declaration
	for _, c := range []struct{ src, want string }{
		{strings.Replace(ascii, "US-ASCII", "IBM037", 1), `e.xml:1: the XML declaration names the encoding "IBM037", but the file is not in it`},
		{"\ufeff" + doc, `e.xml:1: the file starts with a UTF-8 byte order mark, but its XML declaration names the encoding "ISO-8859-1"`},
	} {
		if _, err := ReadText("e.xml", []byte(c.src)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	if _, err := ReadText("b.xml", []byte(strings.Replace(doc, "ISO-8859-1", "x-no-such", 1))); err == nil ||
		!strings.Contains(err.Error(), `b.xml:1: the XML declaration names the encoding "x-no-such"`) {
		t.Errorf("unknown encoding: %v", err)
	}
}

// Every byte of Windows-1252 survives reading and writing back.
func TestEncodingRoundTrip(t *testing.T) {
	var body []byte
	for c := 0xa0; c < 0x100; c++ {
		body = append(body, byte(c))
	}
	for _, label := range []string{"windows-1252", "ISO-8859-1", "latin1", "ISO-8859-15"} {
		body := body
		if label == "windows-1252" {
			// the bytes of 0x80-0x9f it defines (not 81, 8d, 8f, 90, 9d)
			body = append(slices.Clip(body), "\x80\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8e\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9e\x9f"...)
		}
		src := []byte(`<?xml version='1.0' encoding='` + label + `'?>
<alto><Layout><Page><PrintSpace><TextBlock><TextLine><String CONTENT="x"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>
<!-- `)
		src = append(append(src, body...), " -->\n"...)
		x, err := ReadText("w.xml", src)
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		if out := rewritten(t, x, x.Words()); !bytes.Equal(out, src) {
			t.Errorf("%s: unchanged rewrite differs", label)
		}
		if out := rewritten(t, x, []string{"y"}); !bytes.Contains(out, body) || !bytes.Contains(out, []byte(`CONTENT="y"`)) {
			t.Errorf("%s: rewrite lost the bytes beyond the word:\n%q", label, out)
		}
	}
}

// A byte the declared encoding does not define is an error naming the
// file and line, not a character silently replaced.
func TestEncodingUndefinedByte(t *testing.T) {
	src := "<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<alto><Layout><Page><PrintSpace><TextBlock><TextLine>\n<String CONTENT=\"a\x81b\"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>\n"
	if _, err := ReadText("u.xml", []byte(src)); err == nil || !strings.Contains(err.Error(), "u.xml:3: a byte that windows-1252 does not define") {
		t.Errorf("undefined byte: %v", err)
	}
}

// A file in UTF-16 with a byte order mark is read in any format and
// written back in UTF-16, its mark kept.
func TestEncodingUTF16(t *testing.T) {
	for _, e := range []struct {
		name   string
		endian unicode.Endianness
	}{{"UTF-16LE", unicode.LittleEndian}, {"UTF-16BE", unicode.BigEndian}} {
		enc := unicode.UTF16(e.endian, unicode.UseBOM)
		src, err := enc.NewEncoder().Bytes([]byte("Tbe caf\u00e9\r\nwas open.\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		x, err := ReadText("u.txt", src)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if x.Encoding != e.name || strings.Join(x.Words(), " ") != "Tbe café was open." {
			t.Errorf("%s: encoding %q, words %q", e.name, x.Encoding, x.Words())
		}
		if out := rewritten(t, x, x.Words()); !bytes.Equal(out, src) {
			t.Errorf("%s: unchanged rewrite differs", e.name)
		}
		out := rewritten(t, x, []string{"The", "café", "was", "open."})
		got, err := enc.NewDecoder().Bytes(out)
		if err != nil || string(got) != "The café\r\nwas open.\r\n" {
			t.Errorf("%s: rewrite %q (%v)", e.name, got, err)
		}

		// ALTO in UTF-16, sniffed from standard input
		alto, _ := enc.NewEncoder().Bytes([]byte(`<?xml version="1.0" encoding="UTF-16"?>` + "\n<alto><Layout><Page><PrintSpace><TextBlock><TextLine><String CONTENT=\"\u2014ok\"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>\n"))
		if f := SniffFormat(alto); f != FormatALTO {
			t.Errorf("%s: sniffed %q", e.name, f)
		}
		y, err := ReadTextFormat("stdin", FormatALTO, alto)
		if err != nil || len(y.Tokens) != 1 || y.Tokens[0].Text != "\u2014ok" {
			t.Fatalf("%s: ALTO %v %v", e.name, y, err)
		}
		out = rewritten(t, y, []string{"\u2014ok\u00e9"})
		if dec, err := enc.NewDecoder().Bytes(out); err != nil || !strings.Contains(string(dec), "CONTENT=\"\u2014ok\u00e9\"") {
			t.Errorf("%s: ALTO rewrite %q (%v)", e.name, dec, err)
		}
	}
	// a file of the byte order mark alone is an empty text, written back
	// with its mark
	for _, mark := range []string{"\xff\xfe", "\xfe\xff"} {
		x, err := ReadText("m.txt", []byte(mark))
		if err != nil || len(x.Tokens) != 0 || x.Encoding == "" {
			t.Fatalf("%q: %v %+v", mark, err, x)
		}
		if out := rewritten(t, x, nil); string(out) != mark {
			t.Errorf("%q written back as %q", mark, out)
		}
	}
	// a NUL character in UTF-16 is named as one
	nul, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte("a\nb\x00c\n"))
	if _, err := ReadText("z.txt", nul); err == nil || !strings.Contains(err.Error(), "z.txt:2: a NUL character (U+0000) in UTF-16LE") {
		t.Errorf("UTF-16 with U+0000: %v", err)
	}
	// UTF-16 without its mark is named as such; JSON Lines are UTF-8
	// only, and standard input in UTF-16 is taken for the JSON it holds
	le, _ := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder().Bytes([]byte("Tbe cat sat.\n"))
	if _, err := ReadText("n.txt", le); err == nil || !strings.Contains(err.Error(), "n.txt:1: NUL bytes at every other offset: UTF-16 without a byte order mark") {
		t.Errorf("UTF-16 without a mark: %v", err)
	}
	rec := `{"document_metadata": {"document_id": "a", "language": "en"}, "ocr_hypothesis": {"transcription_unit": "tbe cat"}}` + "\n"
	j16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(rec))
	if !SniffHIPE(j16) {
		t.Error("UTF-16 JSON Lines not sniffed")
	}
	if _, err := ReadHIPE("h.jsonl", j16); err == nil || !strings.Contains(err.Error(), "h.jsonl:1: UTF-16 (by its byte order mark); JSON Lines are UTF-8: convert the file (iconv -f utf-16 -t utf-8)") {
		t.Errorf("UTF-16 JSON Lines: %v", err)
	}

	// a declaration of UTF-16 over bytes without its mark says so,
	// whatever their number
	for _, x := range []string{`<?xml version="1.0" encoding="UTF-16"?><alto/>`, `<?xml version="1.0" encoding="UTF-16"?><alto/>` + "\n", `<?xml version="1.0" encoding="csUTF16"?><alto/>`} {
		if _, err := ReadText("v.xml", []byte(x)); err == nil || !strings.Contains(err.Error(), "but the file is not in it (UTF-16 is read with a byte order mark)") {
			t.Errorf("%q: %v", x, err)
		}
	}
}

// Plain text in an 8-bit encoding has no declaration to tell it by: the
// error says how to convert it.
func TestEncodingPlainText(t *testing.T) {
	_, err := ReadText("l.txt", []byte("caf\xe9\n"))
	if err == nil || !strings.Contains(err.Error(), "l.txt:1: invalid UTF-8 (byte 0xe9 at offset 3)") || !strings.Contains(err.Error(), "iconv") {
		t.Errorf("Latin-1 text: %v", err)
	}
}
