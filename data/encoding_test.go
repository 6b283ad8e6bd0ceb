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
	if x, err := ReadText("a.xml", []byte(ascii)); err != nil || x.Encoding != "" || len(x.Tokens) != 4 {
		t.Errorf("US-ASCII: %v", err)
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
	// a declaration of UTF-16 over bytes without its mark says so
	if _, err := ReadText("v.xml", []byte(`<?xml version="1.0" encoding="UTF-16"?><alto/>`)); err == nil || !strings.Contains(err.Error(), "no UTF-16 byte order mark") {
		t.Errorf("UTF-16 declared, no mark: %v", err)
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
